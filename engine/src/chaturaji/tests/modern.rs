//! `chaturaji`: the seed article's modern dice rules.

use super::*;
use crate::chaturaji::ChaturajiModern as Modern;
use crate::game::ActionError;
use crate::outcome::{Outcome, Reason};
use crate::view::{Figure, PieceState};

/// Kings out of the way in the four corners' neighbourhood, for positions that
/// test one piece.
const KINGS: [(&str, &str); 4] = [("h1", "rK"), ("a1", "gK"), ("a8", "yK"), ("h8", "kK")];

fn with_kings(men: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    KINGS.iter().chain(men).copied().collect()
}

#[test]
fn a_roll_names_the_kinds_that_may_move_and_one_moves() {
    let mut game = setup::<Modern>(&[]);
    waits(&game, Phase::Roll(RED));
    roll(&mut game, &[2, 4]);
    waits(&game, Phase::Move(RED));
    // The boat jumps over its own pawn on g2; the elephant is shut in.
    assert_eq!(moves(&game), ["h1f3"]);
    play(&mut game, "h1f3");
    waits(&game, Phase::Roll(GREEN));
}

#[test]
fn one_moves_the_king_or_a_pawn_and_three_the_horse() {
    let mut game = setup::<Modern>(&[]);
    roll(&mut game, &[3, 1]);
    assert_eq!(
        moves(&game),
        [
            "g1f1", "g2f2", "g3f3", "g4f4", "h2f1", "h2f3", "h4g5", "h4h5"
        ]
    );
}

#[test]
fn a_roll_without_a_move_skips_the_turn() {
    let mut game = setup::<Modern>(&[]);
    roll(&mut game, &[4, 4]);
    waits(&game, Phase::Roll(GREEN));
    assert_eq!(game.log().collect::<Vec<_>>(), ["roll 4 4"]);
}

#[test]
fn only_two_piece_dice_are_accepted() {
    let mut game = setup::<Modern>(&[]);
    for bad in [vec![1, 5], vec![3], vec![2, 3, 4], vec![6, 2]] {
        assert_eq!(game.play(Action::Roll(bad)), Err(ActionError::BadDice));
    }
    assert_eq!(game.log().count(), 0);
    roll(&mut game, &[3, 1]);
    assert_eq!(
        game.play(Action::Roll(vec![3, 1])),
        Err(ActionError::WrongPhase("a roll of the dice"))
    );
}

#[test]
fn the_first_army_and_the_direction_are_options() {
    let mut game = setup::<Modern>(&["first=black", "direction=widdershins"]);
    waits(&game, Phase::Roll(BLACK));
    roll(&mut game, &[3, 3]);
    assert_eq!(moves(&game), ["g8f6", "g8h6"]);
    play(&mut game, "g8f6");
    waits(&game, Phase::Roll(YELLOW));
}

#[test]
fn the_boat_goes_one_or_two_squares_diagonally_and_jumps() {
    let men = with_kings(&[("d4", "rB"), ("e5", "gP"), ("c3", "kP")]);
    let game = position::<Modern>(&text(&men, "r 22 0,0,0,0 - 0 -"), &[]);
    assert_eq!(
        moves_from(&game, "d4"),
        [
            "d4b2", "d4b6", "d4c3", "d4c5", "d4e3", "d4e5", "d4f2", "d4f6"
        ]
    );
}

#[test]
fn the_elephant_slides_orthogonally_until_blocked() {
    let men = with_kings(&[("d4", "rE"), ("d6", "gP"), ("f4", "rP")]);
    let game = position::<Modern>(&text(&men, "r 44 0,0,0,0 - 0 -"), &[]);
    assert_eq!(
        moves_from(&game, "d4"),
        [
            "d4a4", "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4e4"
        ]
    );
}

#[test]
fn pawns_step_forward_and_capture_diagonally_forward_without_a_double_step() {
    // Red advances west: from d4 to c4, or capturing on c5 (c3 is empty).
    let men = with_kings(&[("d4", "rP"), ("c5", "gP")]);
    let game = position::<Modern>(&text(&men, "r 11 0,0,0,0 - 0 -"), &[]);
    assert_eq!(moves_from(&game, "d4"), ["d4c4", "d4c5"]);
}

#[test]
fn a_pawn_promotes_to_horse_boat_or_elephant_by_choice() {
    let men = with_kings(&[("b6", "rP"), ("a7", "yP")]);
    let mut game = position::<Modern>(&text(&men, "r 11 0,0,0,0 - 0 -"), &[]);
    assert_eq!(
        moves_from(&game, "b6"),
        ["b6a6=B", "b6a6=E", "b6a6=H", "b6a7=B", "b6a7=E", "b6a7=H"]
    );
    play(&mut game, "b6a7=E");
    let elephant = game.board_view().pieces.into_iter().find(|p| p.cell == 48);
    assert_eq!(elephant.map(|p| p.figure), Some(Figure::Elephant));
    assert_eq!(
        game.position().scores()[RED.index()],
        1,
        "a pawn is worth 1"
    );
}

#[test]
fn a_king_may_step_into_attack() {
    // The green elephant on e8 attacks e5; the red king may go there all the same.
    let men = [
        ("e4", "rK"),
        ("e8", "gE"),
        ("a1", "gK"),
        ("a8", "yK"),
        ("h8", "kK"),
    ];
    let game = position::<Modern>(&text(&men, "r 11 0,0,0,0 - 0 -"), &[]);
    assert!(moves_from(&game, "e4").contains(&"e4e5".to_string()));
}

#[test]
fn a_captured_king_stops_its_army_whose_men_stay_and_still_score() {
    let men = [
        ("e4", "rK"),
        ("d4", "gK"),
        ("a2", "gP"),
        ("c3", "yH"),
        ("a8", "yK"),
        ("h8", "kK"),
    ];
    let mut game = position::<Modern>(&text(&men, "r 11 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "e4d4");
    assert_eq!(
        game.position().scores()[RED.index()],
        10,
        "a king is worth 10"
    );
    assert!(!game.position().in_play(GREEN));
    // Green's turn is passed over: Yellow rolls next.
    waits(&game, Phase::Roll(YELLOW));
    let pawn = game.board_view().pieces.into_iter().find(|p| p.cell == 8);
    assert_eq!(
        pawn.map(|p| p.state),
        Some(PieceState::Frozen),
        "the green pawn stays, greyed"
    );
    // Yellow's horse takes the frozen pawn, which still scores.
    roll(&mut game, &[3, 3]);
    play(&mut game, "c3a2");
    assert_eq!(game.position().scores(), [10, 0, 1, 0]);
    waits(&game, Phase::Roll(BLACK));
}

#[test]
fn captures_score_pawn_1_boat_3_horse_3_elephant_5_king_10() {
    use super::super::Man;
    let values: Vec<i32> = [Man::Pawn, Man::Boat, Man::Horse, Man::Elephant, Man::King]
        .into_iter()
        .map(|m| m.value(crate::chaturaji::Ruleset::Modern))
        .collect();
    assert_eq!(values, [1, 3, 3, 5, 10]);
    // And in play: the red elephant takes a green boat.
    let men = with_kings(&[("d4", "rE"), ("d6", "gB")]);
    let mut game = position::<Modern>(&text(&men, "r 44 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "d4d6");
    assert_eq!(game.position().scores(), [3, 0, 0, 0]);
}

#[test]
fn the_game_ends_when_three_kings_are_taken_and_the_scores_decide() {
    // Yellow and Black are out; Red takes the green king but Green has more points.
    let men = [("e4", "rK"), ("d4", "gK"), ("c1", "gE")];
    let mut game = position::<Modern>(&text(&men, "r 11 10,25,0,0 yk 0 yg,kg"), &[]);
    play(&mut game, "e4d4");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(
            vec![20, 25, 0, 0],
            Reason::KingsCaptured
        ))
    );
    assert_eq!(game.outcome().map(|o| o.winners.clone()), Some(vec![GREEN]));
}

#[test]
fn the_boat_and_elephant_swap_is_an_option() {
    let game = setup::<Modern>(&["swap=boat-elephant"]);
    let text = game.position().to_text();
    assert!(
        text.ends_with("gEgHgBgK2rPrE r roll 0,0,0,0 - 0 -"),
        "{text}"
    );
}

#[test]
fn a_resigned_army_stops_and_the_game_goes_on() {
    let mut game = setup::<Modern>(&[]);
    play(&mut game, "resign green");
    assert!(game.outcome().is_none());
    roll(&mut game, &[4, 4]);
    waits(&game, Phase::Roll(YELLOW));
}
