//! Royals, check, the citadels, the swap, mate and stalemate.

use super::*;
use crate::outcome::{Outcome, Reason};
use crate::seat::{Phase, Seat};
use crate::view::Shade;

#[test]
fn with_two_royals_a_king_may_step_into_attack_and_be_taken() {
    let men = [("e2", "K"), ("h2", "I"), ("f9", "k"), ("d8", "r")];
    let two = game(&men, WHITE, &[]);
    assert!(targets(&two, "e2").contains(&"d2".to_string()));
    let one = game(&[("e2", "K"), ("f9", "k"), ("d8", "r")], WHITE, &[]);
    assert!(!targets(&one, "e2").contains(&"d2".to_string()));
    // Black takes the king; the prince, now alone, is subject to check.
    let mut game = game(
        &[("d2", "K"), ("h2", "I"), ("f9", "k"), ("d8", "r")],
        BLACK,
        &[],
    );
    play(&mut game, "d8d2");
    assert!(game.outcome().is_none());
    assert!(
        !targets(&game, "h2").contains(&"g2".to_string()),
        "g2 is on the rook's rank"
    );
}

#[test]
fn the_king_in_the_enemy_citadel_draws() {
    let mut game = game(&[("a9", "K"), ("f2", "k")], WHITE, &[]);
    assert!(targets(&game, "a9").contains(&"z9".to_string()));
    play(&mut game, "a9z9");
    assert_eq!(game.outcome(), Some(&Outcome::draw(Reason::Citadel)));
}

#[test]
fn only_the_king_enters_the_enemy_citadel_and_only_the_adventitious_king_its_own() {
    let prince = game(&[("a9", "I"), ("f6", "K"), ("f2", "k")], WHITE, &[]);
    assert!(!targets(&prince, "a9").contains(&"z9".to_string()));
    let own_king = game(&[("k2", "K"), ("f9", "k")], WHITE, &[]);
    assert!(!targets(&own_king, "k2").contains(&"l2".to_string()));
    let adventitious = game(&[("k2", "A"), ("f9", "k")], WHITE, &[]);
    assert!(targets(&adventitious, "k2").contains(&"l2".to_string()));
    let rook = game(&[("k2", "R"), ("f6", "K"), ("f9", "k")], WHITE, &[]);
    assert!(!targets(&rook, "k2").contains(&"l2".to_string()));
}

#[test]
fn an_adventitious_king_left_alone_in_its_citadel_must_come_out() {
    let men = [("a3", "PP"), ("f9", "k"), ("e10", "r")];
    let game = game(&men, "w l2A - 0,0 m 0 1", &[]);
    let all = moves(&game);
    assert!(
        all.iter().all(|m| m.starts_with("l2")),
        "only the king moves"
    );
    assert!(all.contains(&"l2a1".to_string()), "to any empty square");
    assert!(!all.contains(&"l2e1".to_string()), "but not into check");
}

#[test]
fn the_citadel_word_is_read_when_one_citadel_is_in_play() {
    let mut game = game(&[("a9", "K"), ("f2", "k")], WHITE, &[]);
    play(&mut game, "Ka9-citadel");
    assert_eq!(game.log().collect::<Vec<_>>(), ["a9z9"]);
    let mut russian = super::game(&[("a9", "K"), ("f2", "k")], WHITE, &[]);
    play(&mut russian, "a9 цитадель");
    assert_eq!(russian.log().collect::<Vec<_>>(), ["a9z9"]);
}

#[test]
fn the_king_swaps_once_and_by_the_seed_not_in_check() {
    let mut game = setup("masculine", &[]);
    assert_eq!(
        moves(&game).len(),
        24 + 27,
        "every other man may change places with the king"
    );
    play(&mut game, "f2e2");
    assert_eq!(at(&game, "e2"), "K");
    assert_eq!(at(&game, "f2"), "G");
    play(&mut game, "a8a7");
    let own = |square: &String| {
        !at(&game, square).is_empty() && at(&game, square) == at(&game, square).to_uppercase()
    };
    assert!(
        !targets(&game, "e2").iter().any(own),
        "the swap is used: the king no longer moves onto his own men"
    );
    // In check the seed forbids it.
    let checked = super::game(
        &[("f2", "K"), ("a2", "R"), ("f9", "r"), ("e9", "k")],
        WHITE,
        &[],
    );
    assert!(!targets(&checked, "f2").contains(&"a2".to_string()));
}

#[test]
fn under_the_option_the_swap_is_only_a_way_out_of_check() {
    let men = [("f2", "K"), ("a2", "R"), ("f9", "r"), ("e9", "k")];
    let checked = game(&men, WHITE, &["swap=in-check"]);
    assert!(targets(&checked, "f2").contains(&"a2".to_string()));
    let quiet = game(
        &[("f2", "K"), ("a2", "R"), ("e9", "k")],
        WHITE,
        &["swap=in-check"],
    );
    assert!(!targets(&quiet, "f2").contains(&"a2".to_string()));
}

#[test]
fn no_swap_with_the_waiting_pawn_of_pawns_nor_a_pawn_onto_its_last_rank() {
    let men = [("f2", "K"), ("a10", "PP"), ("e9", "k")];
    let game_ = game(&men, "w - - 1,0 m 0 1", &[]);
    assert!(!targets(&game_, "f2").contains(&"a10".to_string()));
    let top = game(&[("f10", "K"), ("b5", "PR"), ("e2", "k")], WHITE, &[]);
    assert!(!targets(&top, "f10").contains(&"b5".to_string()));
}

#[test]
fn checkmate_loses() {
    // The black king on a10: the rook on a1 checks, the rook on b1 holds the b-file.
    let mut game = game(
        &[("a1", "R"), ("b2", "R"), ("f2", "K"), ("a10", "k")],
        WHITE,
        &[],
    );
    play(&mut game, "b2b1");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(vec![Seat(0)], Reason::Checkmate))
    );
}

#[test]
fn stalemate_loses_too() {
    let mut game = game(
        &[("b1", "R"), ("h8", "R"), ("f2", "K"), ("a10", "k")],
        WHITE,
        &[],
    );
    play(&mut game, "h8h9");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(vec![Seat(0)], Reason::Stalemate))
    );
}

#[test]
fn the_arabshah_array_has_no_citadels_unless_the_option_keeps_them() {
    // «никак не обозначены цитадели»: no refuge, no citadel draw.
    let arabshah = "w - - 0,0 a 0 1";
    let game = super::game(&[("a9", "K"), ("f2", "k")], arabshah, &[]);
    assert!(!targets(&game, "a9").contains(&"z9".to_string()));
    let view = game.board_view();
    assert!(
        view.cells.iter().all(|c| c.shade != Shade::Citadel),
        "none is drawn"
    );
    let kept = super::game(&[("a9", "K"), ("f2", "k")], arabshah, &["citadels=always"]);
    assert!(targets(&kept, "a9").contains(&"z9".to_string()));
    // The other arrays keep theirs.
    let masculine = super::game(&[("a9", "K"), ("f2", "k")], WHITE, &[]);
    assert!(
        masculine
            .board_view()
            .cells
            .iter()
            .any(|c| c.shade == Shade::Citadel)
    );
    // From the start, by the setup's name.
    assert!(
        setup("arabshah", &[])
            .board_view()
            .cells
            .iter()
            .all(|c| c.shade != Shade::Citadel)
    );
}

#[test]
fn the_adventitious_king_is_placed_outside_at_once_and_its_side_still_moves() {
    // «немедленно помещён на любое незанятое поле»: the placing is not the move.
    let men = [("a3", "PP"), ("f9", "k"), ("e10", "r")];
    let mut game = game(&men, "w l2A - 0,0 m 0 1", &[]);
    play(&mut game, "l2a1");
    assert_eq!(game.phase(), Phase::Move(Seat(0)), "White moves on");
    assert_eq!(at(&game, "a1"), "A");
    play(&mut game, "a3a4");
    assert_eq!(game.phase(), Phase::Move(Seat(1)));
    // The other reading: coming out is White's move.
    let mut game = super::game(&men, "w l2A - 0,0 m 0 1", &["citadel_exit=as-a-move"]);
    play(&mut game, "l2a1");
    assert_eq!(game.phase(), Phase::Move(Seat(1)));
}
