//! The rules of the three Chaturaji games, position by position (see `RULES.md`).

mod classic;
mod modern;
mod nodice;
mod partners;
mod spirits;

use crate::game::{Action, Game, Start};
use crate::options::Options;
use crate::seat::{Phase, Seat};
use crate::variant::Variant;

/// Seats of the dice games: Red, Green, Yellow, Black.
const RED: Seat = Seat(0);
const GREEN: Seat = Seat(1);
const YELLOW: Seat = Seat(2);
const BLACK: Seat = Seat(3);

/// A game of `V` from its setup with `options`.
fn setup<V: Variant>(options: &[&str]) -> Game<V> {
    let options = Options::parse(options.iter().copied()).expect("options");
    Game::new(Start::Setup(None), options).expect("setup")
}

/// A game of `V` from a position text with `options`.
fn position<V: Variant>(text: &str, options: &[&str]) -> Game<V> {
    let options = Options::parse(options.iter().copied()).expect("options");
    Game::new(Start::Position(text.into()), options).expect("position")
}

use crate::testing::sorted_moves as moves;

/// The legal moves of the man on `from`, sorted.
fn moves_from<V: Variant>(game: &Game<V>, from: &str) -> Vec<String> {
    moves(game)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// Plays a log line, which must be legal.
fn play<V: Variant>(game: &mut Game<V>, text: &str) {
    if let Err(error) = game.play_text(text) {
        panic!("{text}: {error}");
    }
}

/// Rolls `dice`, which must be a legal roll now.
fn roll<V: Variant>(game: &mut Game<V>, dice: &[u8]) {
    game.play(Action::Roll(dice.to_vec()))
        .unwrap_or_else(|e| panic!("roll {dice:?}: {e}"));
}

/// Asserts that the game waits for `phase`.
fn waits<V: Variant>(game: &Game<V>, phase: Phase) {
    assert_eq!(game.phase(), phase, "{}", game.position().to_text());
}

/// A position text with `men` placed (square name, army letter and man
/// letter, as `("d4", "rB")`) and the other six fields in `rest`.
fn text(men: &[(&str, &str)], rest: &str) -> String {
    format!("{} {rest}", crate::testing::board_text(super::BOARD, men))
}
