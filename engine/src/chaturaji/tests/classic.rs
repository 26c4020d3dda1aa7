//! `chaturaji-classic`: al-Biruni's game as the seed summarises it.

use super::*;
use crate::chaturaji::{ChaturajiClassic as Classic, Man, Ruleset};
use crate::game::{ActionError, Offer};
use crate::outcome::{Outcome, Reason};
use crate::seat::Color;

/// The opening with Green to move.
fn green_first(options: &[&str]) -> Game<Classic> {
    let options: Vec<&str> = ["first=green"].iter().chain(options).copied().collect();
    setup::<Classic>(&options)
}

#[test]
fn each_die_value_from_the_opening() {
    // One die's worth each: a double gives two moves of that kind.
    let count = |face: u8| {
        let mut game = green_first(&[]);
        roll(&mut game, &[face, face]);
        if game.phase() == Phase::Move(GREEN) {
            moves(&game)
        } else {
            Vec::new()
        }
    };
    assert_eq!(
        count(1),
        ["a2a3", "b2b3", "c2c3", "d1e1", "d1e2", "d2d3"],
        "king or pawn"
    );
    assert_eq!(count(4), Vec::<String>::new(), "the elephant is shut in");
    assert_eq!(count(3), ["b1a3", "b1c3"], "the horse");
    assert_eq!(count(2), ["a1c3"], "the boat's leap");
}

#[test]
fn each_die_is_one_move_and_the_turn_ends_when_both_are_played() {
    let mut game = green_first(&[]);
    roll(&mut game, &[3, 1]);
    play(&mut game, "b1c3");
    waits(&game, Phase::Move(GREEN));
    // Only the one is left: king or pawn (c2 is now blocked by the horse).
    assert_eq!(moves(&game), ["a2a3", "b2b3", "d1e1", "d1e2", "d2d3"]);
    play(&mut game, "d2d3");
    waits(&game, Phase::Roll(YELLOW));
}

#[test]
fn a_double_moves_twice_and_the_same_piece_may_move_again() {
    let mut game = green_first(&[]);
    roll(&mut game, &[3, 3]);
    play(&mut game, "b1c3");
    waits(&game, Phase::Move(GREEN));
    play(&mut game, "c3e4");
    waits(&game, Phase::Roll(YELLOW));
}

#[test]
fn a_die_that_cannot_be_played_is_lost() {
    let mut game = green_first(&[]);
    roll(&mut game, &[2, 4]);
    play(&mut game, "a1c3");
    // The elephant on c1 is still shut in: the four is lost.
    waits(&game, Phase::Roll(YELLOW));
}

#[test]
fn passing_is_an_option() {
    let mut game = green_first(&["pass=yes"]);
    roll(&mut game, &[3, 1]);
    assert!(moves(&game).contains(&"pass".to_string()));
    play(&mut game, "b1c3");
    play(&mut game, "pass");
    waits(&game, Phase::Roll(YELLOW));
    let mut strict = green_first(&[]);
    roll(&mut strict, &[3, 1]);
    assert!(!moves(&strict).contains(&"pass".to_string()));
}

#[test]
fn a_single_die_is_an_option() {
    let mut game = green_first(&["dice=one"]);
    assert_eq!(
        game.play(Action::Roll(vec![3, 1])),
        Err(ActionError::BadDice)
    );
    roll(&mut game, &[3]);
    play(&mut game, "b1c3");
    waits(&game, Phase::Roll(YELLOW));
}

#[test]
fn the_boat_leaps_exactly_two_squares_diagonally() {
    let men = [
        ("c3", "gB"),
        ("d4", "rP"),
        ("b2", "gP"),
        ("a8", "gK"),
        ("h8", "rK"),
        ("h1", "yK"),
        ("e8", "kK"),
    ];
    let game = position::<Classic>(&text(&men, "g 22 0,0,0,0 - 0 -"), &[]);
    assert_eq!(moves_from(&game, "c3"), ["c3a1", "c3a5", "c3e1", "c3e5"]);
}

/// Green's kingless-pawn promotion positions: pawns on `pawns`, other men `more`.
fn promotion(pawns: &[&'static str], more: &[(&'static str, &'static str)]) -> Game<Classic> {
    let mut men: Vec<(&str, &str)> = vec![("h1", "rK"), ("a5", "yK"), ("h5", "kK")];
    men.extend(pawns.iter().map(|&s| (s, "gP")));
    men.extend(more);
    position::<Classic>(&text(&men, "g 11 0,0,0,0 - 0 -"), &[])
}

#[test]
fn a_pawn_on_the_horse_or_elephant_file_promotes_with_fewer_than_three_pawns() {
    let game = promotion(&["g7", "f7"], &[("d1", "gK")]);
    assert_eq!(moves_from(&game, "g7"), ["g7g8=H"]);
    assert_eq!(moves_from(&game, "f7"), ["f7f8=E"]);
    // With a third pawn both wait on their squares.
    let game = promotion(&["g7", "f7", "a2"], &[("d1", "gK")]);
    assert!(moves_from(&game, "g7").is_empty());
    assert!(moves_from(&game, "f7").is_empty());
}

#[test]
fn a_pawn_on_the_boat_file_promotes_beside_the_king_and_a_lone_boat() {
    let game = promotion(&["a7"], &[("d1", "gK"), ("c1", "gB")]);
    assert_eq!(moves_from(&game, "a7"), ["a7a8=B"]);
    let game = promotion(&["a7"], &[("d1", "gK"), ("c1", "gB"), ("b1", "gH")]);
    assert!(
        moves_from(&game, "a7").is_empty(),
        "a horse too: the pawn waits"
    );
    let game = promotion(&["a7"], &[("c1", "gB")]);
    assert!(
        moves_from(&game, "a7").is_empty(),
        "«кроме короля»: without its king the army may not"
    );
}

#[test]
fn a_pawn_on_the_king_file_promotes_beside_the_king_and_a_lone_boat() {
    let game = promotion(&["d7"], &[("d1", "gK"), ("c1", "gB")]);
    assert_eq!(
        moves_from(&game, "d7"),
        ["d7d8=B", "d7d8=E", "d7d8=H"],
        "the king stands: any piece but a second king"
    );
    let game = promotion(&["d7"], &[("c1", "gB")]);
    assert!(moves_from(&game, "d7").is_empty(), "kingless: it waits");
    let game = promotion(&["d7", "a2"], &[("d1", "gK"), ("c1", "gB")]);
    assert!(
        moves_from(&game, "d7").is_empty(),
        "a second pawn: it waits"
    );
}

#[test]
fn the_triumph_of_boats_takes_the_other_three() {
    let men = [
        ("c3", "gB"),
        ("d4", "rB"),
        ("e4", "yB"),
        ("d5", "kB"),
        ("b1", "gK"),
        ("h4", "rK"),
        ("a5", "yK"),
        ("e8", "kK"),
    ];
    let mut game = position::<Classic>(&text(&men, "g 22 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "c3e5");
    let boats: Vec<(Seat, Man)> = ["d4", "e4", "d5", "e5"]
        .iter()
        .filter_map(|s| {
            game.position()
                .man_at(super::super::BOARD.parse(s).unwrap())
        })
        .collect();
    assert_eq!(boats, [(GREEN, Man::Boat)], "only the green boat is left");
    assert_eq!(
        game.position().scores(),
        [0, 6, 0, 0],
        "three boats at 2 each"
    );
}

#[test]
fn no_triumph_without_four_armies() {
    let men = [
        ("c3", "gB"),
        ("d4", "gB"),
        ("e4", "yB"),
        ("d5", "kB"),
        ("b1", "gK"),
        ("h4", "rK"),
        ("a5", "yK"),
        ("e8", "kK"),
    ];
    let mut game = position::<Classic>(&text(&men, "g 22 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "c3e5");
    assert_eq!(game.position().scores(), [0, 0, 0, 0]);
}

#[test]
fn stakes_king_5_elephant_4_horse_3_boat_2_pawn_1() {
    let values: Vec<i32> = [Man::King, Man::Elephant, Man::Horse, Man::Boat, Man::Pawn]
        .into_iter()
        .map(|m| m.value(Ruleset::Classic))
        .collect();
    assert_eq!(values, [5, 4, 3, 2, 1]);
}

#[test]
fn three_kings_without_ones_own_are_fifteen() {
    // Green has lost its king; its boat takes the last one: 5 a king.
    let men = [
        ("c3", "gB"),
        ("e5", "kK"),
        ("a2", "gP"),
        ("h8", "rP"),
        ("a8", "yP"),
    ];
    let mut game = position::<Classic>(&text(&men, "g 22 0,10,0,0 - 0 rg,yg,gk"), &[]);
    play(&mut game, "c3e5");
    assert_eq!(game.position().scores()[GREEN.index()], 15);
    assert!(
        game.outcome().is_none(),
        "no chaturaji: Green's own king is gone"
    );
}

#[test]
fn chaturaji_scores_fifty_four() {
    // Green holds the red and yellow kings and takes the black one, keeping its own.
    let men = [("d6", "gK"), ("e6", "kK"), ("a2", "gP")];
    let mut game = position::<Classic>(&text(&men, "g 11 0,12,0,0 - 0 rg!,yg"), &[]);
    play(&mut game, "d6e6");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(vec![0, 54, 0, 0], Reason::Chaturaji))
    );
}

#[test]
fn a_chaturaji_ends_the_game_only_when_one_army_is_left() {
    // Green takes the last king while Yellow, kingless, still has a pawn:
    // «the game ends when at most one army has men left».
    let men = [("d6", "gK"), ("e6", "kK"), ("a2", "gP"), ("b7", "yP")];
    let rest = "g 11 0,12,0,0 - 0 rg!,yg";
    let mut game = position::<Classic>(&text(&men, rest), &[]);
    play(&mut game, "d6e6");
    assert_eq!(game.outcome(), None, "Yellow plays on");
    play(&mut game, "a2a3");
    assert_eq!(
        game.phase(),
        Phase::Roll(YELLOW),
        "Green's second die played"
    );
    // The other reading: the chaturaji ends it at once.
    let mut game = position::<Classic>(&text(&men, rest), &["end=chaturaji"]);
    play(&mut game, "d6e6");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(vec![0, 54, 0, 0], Reason::Chaturaji))
    );
}

#[test]
fn fourfold_chaturaji_when_every_king_fell_to_ones_king_on_its_throne() {
    let men = [("d7", "gK"), ("e8", "kK"), ("a2", "gP")];
    let mut game = position::<Classic>(&text(&men, "g 11 0,12,0,0 - 0 rg!,yg!"), &[]);
    play(&mut game, "d7e8");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::by_score(vec![0, 216, 0, 0], Reason::Chaturaji))
    );
}

#[test]
fn a_kingless_player_plays_on_unless_the_option_stops_him() {
    let men = [
        ("e4", "rK"),
        ("d4", "gK"),
        ("a2", "gP"),
        ("a8", "yK"),
        ("h8", "kK"),
    ];
    let mut game = position::<Classic>(&text(&men, "r 11 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "e4d4");
    play(&mut game, "d4d5");
    // Green, kingless, still rolls.
    waits(&game, Phase::Roll(GREEN));
    let mut stopped = position::<Classic>(&text(&men, "r 11 0,0,0,0 - 0 -"), &["kingless=stop"]);
    play(&mut stopped, "e4d4");
    play(&mut stopped, "d4d5");
    waits(&stopped, Phase::Roll(YELLOW));
}

#[test]
fn a_player_exchanges_a_captured_king_for_his_own() {
    // Red holds Green's king; Green holds Yellow's.
    let men = [
        ("e4", "rK"),
        ("a2", "gP"),
        ("b1", "gE"),
        ("h8", "kK"),
        ("a6", "yP"),
    ];
    let rest = "g roll 5,5,0,0 - 0 gr,yg";
    let mut game = position::<Classic>(&text(&men, rest), &[]);
    let before = game.position().to_text();
    assert_eq!(
        game.play(Action::Offer(RED, Offer::Exchange(Color::Green))),
        Err(ActionError::OfferUnavailable),
        "Red's own king is on the board"
    );
    assert_eq!(
        game.play(Action::Offer(GREEN, Offer::Exchange(Color::Black))),
        Err(ActionError::OfferUnavailable),
        "Green does not hold the black king"
    );
    assert_eq!(game.position().to_text(), before);
    play(&mut game, "offer exchange yellow green");
    let after = game.position().to_text();
    // Green's king is back on its throne d1; Red now holds Yellow's king;
    // Green gave up the 5 points of the king it returned.
    assert!(after.contains("/gP7/1gE1gK4 "), "{after}");
    assert!(after.ends_with(" g roll 5,0,0,0 - 0 yr"), "{after}");
}

#[test]
fn when_two_players_hold_each_others_kings_both_come_back() {
    let men = [("d1", "rP"), ("a2", "gP"), ("h8", "kK"), ("a8", "yK")];
    let mut game = position::<Classic>(&text(&men, "g roll 5,5,0,0 - 0 gr,rg"), &[]);
    play(&mut game, "offer exchange red green");
    let after = game.position().to_text();
    // d1 is taken by a red pawn, so Green's king stands on the nearest free
    // square, c1; Red's king returns to h4.
    assert!(after.contains("/7rK/"), "{after}");
    assert!(after.contains("2gKrP4"), "{after}");
    assert!(after.ends_with(" g roll 0,0,0,0 - 0 -"), "{after}");
}
