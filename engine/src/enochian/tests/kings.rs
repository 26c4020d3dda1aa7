//! Thrones, check, freezing, seizing, the exchange, stalemate and the end.

use super::*;
use crate::game::ActionError;
use crate::outcome::{Outcome, Reason};

#[test]
fn a_capture_on_a_shared_throne_takes_both() {
    let men = [
        ("a1", "kK+R"),
        ("a5", "yR"),
        ("h8", "bK"),
        ("h1", "rK"),
        ("c8", "yK"),
    ];
    let mut game = game(&men, "y - - - 0", &[]);
    play(&mut game, "Ra5xa1");
    assert_eq!(at(&game, "a1"), "yR");
    assert!(
        game.position().is_frozen(Army::Black),
        "the captured king freezes his army"
    );
    assert!(game.position().to_text().ends_with(" k - ky 0"));
}

#[test]
fn an_attacked_king_must_move_even_into_a_new_check() {
    let men = [
        ("e4", "kK"),
        ("e8", "yR"),
        ("d8", "yR"),
        ("f8", "rR"),
        ("a1", "kN"),
        ("a8", "yK"),
        ("h8", "bK"),
        ("h1", "rK"),
    ];
    let game = game(&men, "k - - - 0", &[]);
    assert!(
        game.position().in_check(Army::Black),
        "the check is announced"
    );
    let all = moves(&game);
    assert_eq!(all.len(), 8, "every king step, each into check: {all:?}");
    assert!(
        all.iter().all(|m| m.starts_with("Ke4")),
        "the knight may not move"
    );
}

#[test]
fn a_hemmed_in_king_lets_the_others_move() {
    let men = [
        ("a1", "kK"),
        ("a2", "kN"),
        ("b1", "kN"),
        ("b2", "kB"),
        ("c2", "yN"),
        ("a8", "yK"),
        ("h8", "bK"),
        ("h1", "rK"),
    ];
    let game = game(&men, "k - - - 0", &[]);
    assert!(game.position().in_check(Army::Black));
    let all = moves(&game);
    assert!(
        !all.is_empty() && all.iter().all(|m| !m.starts_with('K')),
        "{all:?}"
    );
}

#[test]
fn an_unattacked_king_may_not_step_into_attack() {
    let men = [
        ("e4", "kK"),
        ("d8", "yR"),
        ("a8", "yK"),
        ("h8", "bK"),
        ("h1", "rK"),
    ];
    let game = game(&men, "k - - - 0", &[]);
    assert_eq!(
        moves_from(&game, "Ke4"),
        ["Ke4e3", "Ke4e5", "Ke4f3", "Ke4f4", "Ke4f5"]
    );
}

#[test]
fn frozen_men_cannot_move_nor_be_taken_and_their_turns_pass() {
    let men = [
        ("a8", "yK"),
        ("h8", "bK"),
        ("h1", "rK"),
        ("c3", "kN"),
        ("b1", "yN"),
    ];
    let mut game = game(&men, "r k - kr 0", &[]);
    play(&mut game, "Kh1g1");
    assert_eq!(
        game.phase(),
        Phase::Move(YELLOW),
        "Black's turn is passed over"
    );
    assert!(
        !moves(&game).contains(&"Nb1c3".to_string()),
        "a frozen knight cannot be taken"
    );
}

#[test]
fn seizing_the_allys_throne_commands_and_thaws_its_army() {
    let men = [
        ("b7", "rK"),
        ("c6", "yN"),
        ("h8", "bK"),
        ("g6", "bN"),
        ("a1", "kK"),
    ];
    let mut game = game(&men, "r y - yb 0", &[]);
    play(&mut game, "Kb7a8");
    assert!(
        !game.position().is_frozen(Army::Yellow),
        "the seed thaws the yellow army"
    );
    assert_eq!(game.position().controller(Army::Yellow), Army::Red);
    play(&mut game, "Ka1b1");
    // Yellow's turn, played by Red's seat.
    assert_eq!(game.phase(), Phase::Move(RED));
    assert!(game.play_input(YELLOW, "Nc6d4").is_err());
    game.play_input(RED, "Nc6d4")
        .expect("Red moves the yellow knight");
}

#[test]
fn seizing_under_zalewski_thaws_nothing() {
    let men = [
        ("b7", "rK"),
        ("c6", "yN"),
        ("h8", "bK"),
        ("g6", "bN"),
        ("a1", "kK"),
    ];
    let mut game = game(&men, "r y - yb 0", &["seizing=zalewski"]);
    play(&mut game, "Kb7a8");
    assert!(game.position().is_frozen(Army::Yellow));
}

#[test]
fn when_the_usurper_falls_a_kingless_seized_army_freezes_again() {
    // Red commands the thawed yellow army, whose king Blue holds.
    let men = [
        ("b8", "rK"),
        ("c6", "yN"),
        ("h8", "bK"),
        ("e8", "bR"),
        ("a1", "kK"),
    ];
    let mut game = game(&men, "b - yr yb 0", &[]);
    play(&mut game, "Re8xb8");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(vec![BLUE, BLACK], Reason::KingsCaptured)),
        "both kings of Yellow and Red are gone"
    );
}

#[test]
fn a_seized_army_returns_to_its_own_king_when_the_usurper_falls() {
    let men = [
        ("b8", "rK"),
        ("c6", "yK"),
        ("d5", "yN"),
        ("h8", "bK"),
        ("e8", "bR"),
        ("a1", "kK"),
    ];
    let mut game = game(&men, "b - yr - 0", &[]);
    play(&mut game, "Re8xb8");
    assert_eq!(game.position().controller(Army::Yellow), Army::Yellow);
    assert!(game.outcome().is_none(), "the yellow king still stands");
}

/// Blue took Yellow's king, Red took Black's.
fn prisoners(options: &[&str]) -> Game<Enochian> {
    let men = [("h8", "bK"), ("h1", "rK"), ("c6", "yN"), ("c3", "kN")];
    game(&men, "r yk - ybkr 0", options)
}

#[test]
fn an_exchange_of_prisoners_accepted() {
    let mut game = prisoners(&[]);
    play(&mut game, "offer exchange black red");
    assert_eq!(at(&game, "a1"), "", "Blue has not agreed yet");
    play(&mut game, "accept blue");
    assert_eq!(at(&game, "a1"), "kK");
    assert_eq!(at(&game, "a8"), "yK");
    assert!(!game.position().is_frozen(Army::Yellow) && !game.position().is_frozen(Army::Black));
    assert!(game.position().to_text().ends_with(" r - - - 0"));
}

#[test]
fn an_exchange_of_prisoners_refused_or_impossible() {
    let mut game = prisoners(&[]);
    let before = game.position().to_text();
    play(&mut game, "offer exchange black red");
    play(&mut game, "decline blue");
    assert_eq!(game.position().to_text(), before);
    assert_eq!(
        game.play(Action::Offer(RED, Offer::Exchange(Color::Yellow))),
        Err(ActionError::OfferUnavailable),
        "Red holds no yellow king"
    );
    assert_eq!(
        game.play(Action::Offer(BLUE, Offer::Exchange(Color::Black))),
        Err(ActionError::OfferUnavailable),
        "Blue holds no black king"
    );
}

/// Blue walled in on h8 by its own pawns and Black's men.
const WALLED: [(&str, &str); 5] = [
    ("h8", "bK"),
    ("g8", "bPq"),
    ("g7", "bPr"),
    ("h7", "bPb"),
    ("f7", "kPq"),
];

#[test]
fn a_stalemated_army_is_passed_over() {
    let mut men = WALLED.to_vec();
    men.extend([
        ("f8", "kN"),
        ("a1", "kK"),
        ("a8", "yK"),
        ("c7", "yPq"),
        ("h1", "rK"),
    ]);
    let mut game = game(&men, "y - - - 0", &[]);
    play(&mut game, "Ka8b8");
    assert_eq!(
        game.phase(),
        Phase::Move(RED),
        "Blue cannot move: its turn passes"
    );
}

#[test]
fn a_stalemate_with_the_ally_out_of_play_is_a_draw() {
    let mut men = WALLED.to_vec();
    men.extend([("f8", "kN"), ("a8", "yK"), ("c7", "yPq"), ("h1", "rK")]);
    let mut game = game(&men, "y k - kr 0", &[]);
    play(&mut game, "Ka8b8");
    assert_eq!(game.outcome(), Some(&Outcome::draw(Reason::Stalemate)));
}

#[test]
fn two_bare_allied_kings_draw() {
    let men = [
        ("a8", "yK"),
        ("h1", "rK"),
        ("h8", "bK"),
        ("a1", "kK"),
        ("c3", "kN"),
        ("c8", "yR"),
    ];
    let mut game = game(&men, "y - - - 0", &[]);
    play(&mut game, "Rc8xc3");
    assert_eq!(game.outcome(), Some(&Outcome::draw(Reason::BareKings)));
}

#[test]
fn the_team_that_takes_both_enemy_kings_wins() {
    let men = [("a8", "yK"), ("h1", "rK"), ("h8", "bK"), ("h3", "yR")];
    let mut game = game(&men, "y k - kr 0", &[]);
    play(&mut game, "Rh3xh8");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(vec![YELLOW, RED], Reason::KingsCaptured))
    );
}

#[test]
fn fifty_quiet_rounds_draw_by_the_house_rules() {
    let men = [
        ("a8", "yK"),
        ("b3", "yR"),
        ("h8", "bK"),
        ("g6", "bR"),
        ("h1", "rK"),
        ("a1", "kK"),
    ];
    let mut game = game(&men, "y - - - 199", &[]);
    play(&mut game, "Rb3b4");
    assert_eq!(game.outcome(), Some(&Outcome::draw(Reason::MoveLimit)));
    let mut none = super::game(&men, "y - - - 199", &["draws=none"]);
    play(&mut none, "Rb3b4");
    assert!(none.outcome().is_none());
}

#[test]
fn a_resigning_player_leaves_and_his_team_plays_on() {
    let mut game = setup("earth", "earth", &[]);
    play(&mut game, "resign red");
    assert!(game.outcome().is_none());
    assert!(game.position().is_frozen(Army::Red));
    play(&mut game, "resign yellow");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(
            vec![BLUE, BLACK],
            Reason::Resignation(YELLOW)
        ))
    );
}

#[test]
fn an_army_in_check_without_a_move_is_passed_and_play_goes_on() {
    // Blue is walled in and Yellow's queen leaps onto h8; Black is out.
    let mut men = WALLED.to_vec();
    men.extend([("f8", "kN"), ("h6", "yQ"), ("a8", "yK"), ("h1", "rK")]);
    let mut game = game(&men, "y k - kr 0", &[]);
    play(&mut game, "Ka8b8");
    assert!(game.position().in_check(Army::Blue));
    assert_eq!(
        game.outcome(),
        None,
        "not a stalemate: Blue's king is attacked"
    );
    assert_eq!(game.phase(), Phase::Move(RED), "Blue's turn is passed");
    play(&mut game, "Kh1g1");
    play(&mut game, "Qh6xh8");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(vec![YELLOW, RED], Reason::KingsCaptured))
    );
}

/// Blue's king on h8, unattacked, cannot step, and its bishop is pinned on
/// the h-file by Yellow's rook: every move Blue has leaves its king attacked.
fn pinned(rest: &str) -> Game<Enochian> {
    let mut men = vec![
        ("h8", "bK"),
        ("g8", "bPq"),
        ("g7", "bPr"),
        ("h7", "bB"),
        ("f7", "kPq"),
        ("f8", "kN"),
        ("h3", "yR"),
        ("a8", "yK"),
        ("h1", "rK"),
    ];
    if !rest.contains("kr") {
        men.push(("a1", "kK"));
    }
    game(&men, rest, &[])
}

#[test]
fn every_move_into_check_is_a_stalemate_and_its_turn_passes() {
    let mut game = pinned("y - - - 0");
    assert!(!game.position().in_check(Army::Blue));
    play(&mut game, "Ka8b8");
    assert_eq!(
        game.phase(),
        Phase::Move(RED),
        "the bishop may move only by uncovering the king: Blue is stalemated"
    );
    assert_eq!(game.outcome(), None, "Black is in play");
}

#[test]
fn every_move_into_check_with_the_ally_out_is_a_draw() {
    let mut game = pinned("y k - kr 0");
    play(&mut game, "Ka8b8");
    assert_eq!(game.outcome(), Some(&Outcome::draw(Reason::Stalemate)));
}

#[test]
fn a_player_of_two_colours_cannot_resign() {
    // Yellow's king stands on Red's throne: Yellow's player moves both armies.
    let men = [
        ("h1", "yK"),
        ("c3", "yN"),
        ("e4", "rN"),
        ("a1", "kK"),
        ("h8", "bK"),
        ("a5", "bR"),
    ];
    let mut game = game(&men, "y - ry rb 0", &[]);
    let before = game.position().to_text();
    assert_eq!(
        game.play(Action::Resign(YELLOW)),
        Err(ActionError::TwoColours)
    );
    assert_eq!(game.position().to_text(), before, "nothing changed");
    assert_eq!(game.outcome(), None);
    // Blue, playing one colour, may resign.
    play(&mut game, "resign blue");
    assert!(game.position().is_frozen(Army::Blue));
}
