//! The rules of Tamerlane chess, position by position (see `RULES.md`).

mod pawn_of_pawns;
mod pieces;
mod royals;
mod spirits;

use super::{BOARD, Tamerlane};
use crate::game::{Game, Start};
use crate::options::Options;
use crate::variant::Variant;

/// A game from a position with `men` placed (square name and token, upper
/// case White: `("f2", "K")`, `("a3", "PP")`) and the other seven fields in `rest`.
fn game(men: &[(&str, &str)], rest: &str, options: &[&str]) -> Game<Tamerlane> {
    let placed = crate::testing::board_text(BOARD, men);
    let options = Options::parse(options.iter().copied()).expect("options");
    let text = format!("{placed} {rest}");
    Game::new(Start::Position(text.clone()), options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A game from the named setup.
fn setup(name: &str, options: &[&str]) -> Game<Tamerlane> {
    let options = Options::parse(options.iter().copied()).expect("options");
    Game::new(Start::Setup(Some(name.into())), options).expect("setup")
}

/// White to move, no swaps used, no arrivals, masculine setup.
const WHITE: &str = "w - - 0,0 m 0 1";
/// Black to move.
const BLACK: &str = "b - - 0,0 m 0 1";

use crate::testing::sorted_moves as moves;

/// The legal moves from `from`, sorted, as target squares.
fn targets(game: &Game<Tamerlane>, from: &str) -> Vec<String> {
    let mut all: Vec<String> = moves(game)
        .into_iter()
        .filter_map(|m| m.strip_prefix(from).map(str::to_owned))
        .filter(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
        .map(|rest| rest.split('=').next().unwrap_or_default().to_owned())
        .collect();
    all.sort();
    all
}

/// Plays a move, which must be legal.
fn play(game: &mut Game<Tamerlane>, text: &str) {
    if let Err(error) = game.play_text(text) {
        panic!("{text}: {error}\n{}", game.position().to_text());
    }
}

/// The man on a square, as its token (upper case White), or "" if empty.
fn at(game: &Game<Tamerlane>, square: &str) -> String {
    let square = BOARD.parse(square).expect("square");
    game.position()
        .man_at(square)
        .map(|(side, kind)| match side {
            super::Side::White => kind.token(),
            super::Side::Black => kind.token().to_lowercase(),
        })
        .unwrap_or_default()
}
