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
