//! Spirits in Chaturaji: captures are points, and they take the biggest.

use std::time::Duration;

use super::*;
use crate::chaturaji::ChaturajiNoDice as NoDice;
use crate::spirit::{Level, Spirit};

#[test]
fn a_spirit_takes_the_biggest_points() {
    // Red's boat on d4 may take Yellow's pawn on d6 (1 point) or Blue's boat
    // on g4 (5 points); nothing takes back on either square.
    let men = [
        ("d4", "rR"),
        ("d6", "yP"),
        ("g4", "bR"),
        ("d1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
        ("h1", "gK"),
    ];
    let game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    // (A novice may settle for the smaller capture: it plays imprecisely.)
    for level in [Level::Greedy, Level::Adept, Level::Master] {
        let spirit = Spirit {
            budget: Duration::from_millis(300),
            ..Spirit::new(level, 3)
        };
        let thought = spirit.think(game.position()).expect("a move");
        let info = game.position().describe(thought.mv);
        let to = game.position().geometry().name(info.to).to_string();
        assert_eq!(to, "g4", "{level}");
    }
}
