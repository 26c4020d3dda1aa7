//! `chaturaji-nodice`: the online four-player free-for-all.

use super::*;
use crate::chaturaji::ChaturajiNoDice as NoDice;
use crate::outcome::{Outcome, Reason};
use crate::view::PieceState;

/// Seats of the no-dice game: Red, Blue, Yellow, Green.
const R: Seat = Seat(0);
const B: Seat = Seat(1);
const Y: Seat = Seat(2);
const G: Seat = Seat(3);

#[test]
fn red_moves_first_then_blue_yellow_green() {
    let mut game = setup::<NoDice>(&[]);
    for (seat, mv) in [(R, "b1c3"), (B, "a7c6"), (Y, "g8f6"), (G, "h2f3")] {
        waits(&game, Phase::Move(seat));
        play(&mut game, mv);
    }
    waits(&game, Phase::Move(R));
}

#[test]
fn the_boat_moves_like_a_rook_and_the_bishop_slides_or_steps_short() {
    let men = [
        ("d4", "rR"),
        ("d6", "yP"),
        ("f4", "rP"),
        ("c1", "rB"),
        ("d1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
        ("h4", "gK"),
    ];
    let rest = "r - 0,0,0,0 - 0 -";
    let game = position::<NoDice>(&text(&men, rest), &[]);
    assert_eq!(
        moves_from(&game, "d4"),
        [
            "d4a4", "d4b4", "d4c4", "d4d2", "d4d3", "d4d5", "d4d6", "d4e4"
        ]
    );
    assert_eq!(
        moves_from(&game, "c1"),
        ["c1a3", "c1b2", "c1d2", "c1e3"],
        "the long bishop stops before its own pawn on f4"
    );
    let short = position::<NoDice>(&text(&men, rest), &["bishop=short"]);
    assert_eq!(moves_from(&short, "c1"), ["c1a3", "c1b2", "c1d2", "c1e3"]);
    let men = [
        ("c1", "rB"),
        ("d1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
        ("h4", "gK"),
    ];
    let short = position::<NoDice>(&text(&men, rest), &["bishop=short"]);
    assert_eq!(moves_from(&short, "c1"), ["c1a3", "c1b2", "c1d2", "c1e3"]);
    let long = position::<NoDice>(&text(&men, rest), &[]);
    assert_eq!(moves_from(&long, "c1").len(), 7, "a3, b2, and d2 to h6");
}

#[test]
fn pawns_promote_to_a_boat_only() {
    let men = [
        ("b7", "rP"),
        ("d1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
        ("h4", "gK"),
    ];
    let game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    assert_eq!(moves_from(&game, "b7"), ["b7b8=R"]);
}

#[test]
fn a_captured_king_leaves_a_dead_grey_army_worth_nothing_but_its_king() {
    let men = [
        ("d1", "rR"),
        ("d5", "bK"),
        ("c5", "bP"),
        ("h1", "rK"),
        ("e8", "yK"),
        ("h4", "gK"),
        ("c4", "bB"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "d1d5");
    assert_eq!(
        game.position().scores(),
        [3, 0, 0, 0],
        "a live king is worth 3"
    );
    assert!(!game.position().in_play(B));
    let bishop = game.board_view().pieces.into_iter().find(|p| p.cell == 26);
    assert_eq!(bishop.map(|p| p.state), Some(PieceState::Frozen));
    waits(&game, Phase::Move(Y));
    play(&mut game, "e8e7");
    play(&mut game, "h4h3");
    play(&mut game, "d5c5");
    assert_eq!(
        game.position().scores(),
        [3, 0, 0, 0],
        "a dead pawn is worth nothing"
    );
}

#[test]
fn a_resigned_players_king_stays_and_is_worth_three() {
    let men = [
        ("d1", "rR"),
        ("d5", "bK"),
        ("h1", "rK"),
        ("e8", "yK"),
        ("h4", "gK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "b - 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "resign blue");
    waits(&game, Phase::Move(Y));
    play(&mut game, "e8e7");
    play(&mut game, "h4h3");
    play(&mut game, "d1d5");
    assert_eq!(game.position().scores(), [3, 0, 0, 0]);
}

#[test]
fn checking_two_kings_at_once_scores_one() {
    // The red boat goes to d4: the blue king on d6 and the green king on g4
    // are attacked from a square they were not attacked from before.
    let men = [
        ("a4", "rR"),
        ("a1", "rK"),
        ("d6", "bK"),
        ("g4", "gK"),
        ("h8", "yK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "a4d4");
    assert_eq!(game.position().scores(), [1, 0, 0, 0]);
}

#[test]
fn checking_three_kings_at_once_scores_five() {
    let men = [
        ("d3", "rN"),
        ("a1", "rK"),
        ("c6", "bK"),
        ("f7", "yK"),
        ("g4", "gK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "d3e5");
    assert_eq!(game.position().scores(), [5, 0, 0, 0]);
}

#[test]
fn a_line_opened_for_another_player_counts_for_the_mover() {
    // The red knight leaves d4, opening the blue bishop's diagonal onto the
    // green king, and attacks the yellow king itself.
    let men = [
        ("d4", "rN"),
        ("a1", "rK"),
        ("b6", "bB"),
        ("a8", "bK"),
        ("f2", "gK"),
        ("g7", "yK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "d4f5");
    assert_eq!(game.position().scores(), [1, 0, 0, 0]);
}

#[test]
fn no_bonus_for_kings_attacked_as_before() {
    // The green king stays attacked from a4; only the blue king is new.
    let men = [
        ("a4", "rR"),
        ("c2", "rB"),
        ("a1", "rK"),
        ("g4", "gK"),
        ("f5", "bK"),
        ("h8", "yK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "c2d3");
    assert_eq!(game.position().scores(), [0, 0, 0, 0]);
}

#[test]
fn the_last_survivor_collects_three_for_every_standing_king() {
    // Blue and Yellow resigned; their kings still stand.
    let men = [
        ("d1", "rR"),
        ("d5", "gK"),
        ("h1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 4,0,0,1 BY 0 -"), &[]);
    play(&mut game, "d1d5");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(
            vec![4 + 3 + 6, 0, 0, 1],
            Reason::LastArmy
        ))
    );
}

#[test]
fn the_game_ends_when_nobody_can_catch_up() {
    // Red 15, Green 2: Green could still win 3 + 5 of Red's men and 3 for each
    // of the two dead kings (16 in all). Taking the blue king puts Red out of reach.
    let men = [
        ("a4", "rR"),
        ("d1", "rK"),
        ("h4", "gK"),
        ("g3", "gP"),
        ("a5", "bK"),
        ("e8", "yK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 15,0,0,2 by 0 -"), &[]);
    assert!(game.outcome().is_none());
    play(&mut game, "a4a5");
    // Red takes 3 for the king, then 3 for each king left standing.
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(
            vec![18 + 6, 0, 0, 2],
            Reason::Unreachable
        ))
    );
}

#[test]
fn fifty_quiet_rounds_end_the_game_with_two_points_a_survivor() {
    let start = "bRbP2yKyByNyR/bNbP2yPyPyPyP/bBbP6/bKbP6/6gPgK/6gPgB/rPrPrPrP2gPgN/rRrNrBrK2gPgR";
    let mut game = position::<NoDice>(&format!("{start} r - 0,0,0,0 - 199 -"), &[]);
    play(&mut game, "b1c3");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(vec![2, 2, 2, 2], Reason::MoveLimit))
    );
}

#[test]
fn the_dead_kings_can_be_shared_at_the_limit() {
    let men = [
        ("b1", "rN"),
        ("d1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
        ("h4", "gK"),
    ];
    let rest = "r - 0,0,0,0 b 149 -";
    let mut game = position::<NoDice>(&text(&men, rest), &["limit_points=dead-kings"]);
    play(&mut game, "b1c3");
    // One dead king, three survivors: 3 points shared, 1 each, on top of the 2.
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(vec![3, 0, 3, 3], Reason::MoveLimit))
    );
}

#[test]
fn threefold_repetition_ends_the_game_with_two_points_a_survivor() {
    let mut game = setup::<NoDice>(&[]);
    let out = ["b1c3", "a7c6", "g8f6", "h2f3"];
    let back = ["c3b1", "c6a7", "f6g8", "f3h2"];
    for _ in 0..2 {
        for mv in out.iter().chain(&back) {
            assert!(game.outcome().is_none());
            play(&mut game, mv);
        }
    }
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(vec![2, 2, 2, 2], Reason::Repetition))
    );
}

#[test]
fn players_in_play_may_agree_to_stop_and_count() {
    let mut game = setup::<NoDice>(&[]);
    play(&mut game, "offer draw red");
    play(&mut game, "accept blue");
    play(&mut game, "accept yellow");
    assert!(game.outcome().is_none());
    play(&mut game, "accept green");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(vec![2, 2, 2, 2], Reason::Agreement))
    );
}

#[test]
fn the_seeds_reading_taking_every_rivals_king_wins() {
    // Green leads on points, but Red takes the last rival king: by the seed's
    // aim Red wins; by the online game's points Green would.
    let men = [
        ("d1", "rR"),
        ("d5", "gK"),
        ("h1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
        ("h8", "gR"),
    ];
    let rest = "r - 4,0,0,15 BY 0 -";
    let mut points = position::<NoDice>(&text(&men, rest), &[]);
    play(&mut points, "d1d5");
    assert_eq!(points.outcome().unwrap().winners, [Seat(3)]);
    let mut kings = position::<NoDice>(&text(&men, rest), &["win=kings"]);
    play(&mut kings, "d1d5");
    let outcome = kings.outcome().unwrap();
    assert_eq!(outcome.winners, [Seat(0)], "{outcome:?}");
    assert_eq!(outcome.reason, Reason::LastArmy);
    // Nobody can catch up on points, but kings decide: play goes on.
    let men = [
        ("a4", "rR"),
        ("d1", "rK"),
        ("h4", "gK"),
        ("g3", "gP"),
        ("a5", "bK"),
        ("e8", "yK"),
    ];
    let mut kings = position::<NoDice>(&text(&men, "r - 15,0,0,2 by 0 -"), &["win=kings"]);
    play(&mut kings, "a4a5");
    assert!(kings.outcome().is_none());
}

#[test]
fn the_seeds_dead_men_score_nothing_not_even_their_king() {
    // Blue resigned: its king stands, dead. Red takes it.
    let men = [
        ("d1", "rR"),
        ("d5", "bK"),
        ("h1", "rK"),
        ("e8", "yK"),
        ("h4", "gK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 0,0,0,0 B 0 -"), &["dead_men=0"]);
    play(&mut game, "d1d5");
    assert_eq!(game.position().scores(), [0, 0, 0, 0]);
    // The last survivor gets nothing for dead kings still standing.
    let men = [
        ("d1", "rR"),
        ("d5", "gK"),
        ("h1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
    ];
    let mut game = position::<NoDice>(&text(&men, "r - 4,0,0,1 BY 0 -"), &["dead_men=0"]);
    play(&mut game, "d1d5");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(vec![4 + 3, 0, 0, 1], Reason::LastArmy))
    );
}
