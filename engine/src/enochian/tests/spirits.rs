//! Spirits in Enochian chess: they save an attacked king.

use std::time::Duration;

use super::*;
use crate::spirit::{Level, Spirit};

#[test]
fn a_spirit_rescues_its_attacked_king() {
    // Yellow's king on e4 is attacked down the e-file; ranks 3 and 5 are
    // covered by Blue's and Black's rooks, so only d4 and f4 are safe.
    let men = [
        ("e4", "yK"),
        ("e8", "bR"),
        ("a3", "bR"),
        ("h5", "kR"),
        ("a8", "bK"),
        ("h1", "rK"),
        ("h8", "kK"),
        ("c1", "yB"),
        ("g1", "rB"),
    ];
    let game = game(&men, "y - - - 0", &[]);
    for level in [Level::Novice, Level::Adept, Level::Master] {
        let spirit = Spirit {
            budget: Duration::from_millis(300),
            ..Spirit::new(level, 5)
        };
        let thought = spirit.think(game.position()).expect("a move");
        let mut after = game.clone();
        after
            .play(crate::game::Action::Move(thought.mv))
            .expect("a legal move");
        let king = ["d4", "f4"].into_iter().find(|s| at(&after, s) == "yK");
        assert!(
            king.is_some(),
            "{level} left the king in danger: {}",
            after.position().to_text()
        );
    }
}

/// Yellow's team's balance in a position of these men, Yellow to move.
fn balance(men: &[(&str, &str)], rest: &str) -> i32 {
    let game = game(men, rest, &[]);
    crate::spirit::value::balance(game.position(), crate::seat::Team(0))
}

#[test]
fn the_partners_king_is_guarded_as_ones_own() {
    // Red is Yellow's partner. The same men, Blue's rook on a8 or a7: on
    // a8 it attacks Red's king on h8, and Yellow's spirit minds it.
    let men = |rook| {
        [
            ("e1", "yK"),
            ("h8", "rK"),
            ("a1", "bK"),
            ("h1", "kK"),
            (rook, "bR"),
        ]
    };
    let safe = balance(&men("a7"), "y - - - 0");
    let attacked = balance(&men("a8"), "y - - - 0");
    assert!(attacked < safe, "{attacked} >= {safe}");
}

#[test]
fn a_frozen_army_counts_for_less() {
    // Red's king is gone (taken by Blue): its rook cannot move until an
    // exchange, so it counts for less than a free rook of Yellow's.
    let men = [("e1", "yK"), ("a1", "bK"), ("h1", "kK"), ("d4", "rR")];
    let frozen = balance(&men, "y r - rb 0");
    let free = balance(
        &[("e1", "yK"), ("a1", "bK"), ("h1", "kK"), ("d4", "yR")],
        "y - - - 0",
    );
    assert!(frozen < free, "{frozen} >= {free}");
}
