//! The rules of Enochian chess, position by position (see `RULES.md`).

mod arrays;
mod kings;
mod pieces;
mod spirits;

use super::army::BOARD;
use super::{Army, Enochian};
use crate::game::{Action, Game, Offer, Start};
use crate::options::Options;
use crate::seat::{Color, Phase, Seat};
use crate::testing::sorted_moves as moves;
use crate::variant::Variant;

const YELLOW: Seat = Seat(0);
const BLUE: Seat = Seat(1);
const RED: Seat = Seat(2);
const BLACK: Seat = Seat(3);

/// A game from a position with `men` placed (square and token, `("a1", "kK+R")`)
/// and the other five fields in `rest`.
fn game(men: &[(&str, &str)], rest: &str, options: &[&str]) -> Game<Enochian> {
    let text = format!("{} {rest}", crate::testing::board_text(BOARD, men));
    let options = Options::parse(options.iter().copied()).expect("options");
    Game::new(Start::Position(text.clone()), options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A game from the setup of `board` and `setting`.
fn setup(board: &str, setting: &str, more: &[&str]) -> Game<Enochian> {
    let board = format!("board={board}");
    let setting = format!("setting={setting}");
    let options: Vec<&str> = [board.as_str(), setting.as_str()]
        .into_iter()
        .chain(more.iter().copied())
        .collect();
    Game::new(
        Start::Setup(None),
        Options::parse(options).expect("options"),
    )
    .expect("setup")
}

/// The legal moves whose text starts with `prefix`.
fn moves_from(game: &Game<Enochian>, prefix: &str) -> Vec<String> {
    moves(game)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

/// Plays a log line, which must be legal.
fn play(game: &mut Game<Enochian>, text: &str) {
    if let Err(error) = game.play_text(text) {
        panic!("{text}: {error}\n{}", game.position().to_text());
    }
}

/// The men on a square as their tokens, `yK+R` style, or "".
fn at(game: &Game<Enochian>, square: &str) -> String {
    let men = game.position().men_at(BOARD.parse(square).expect("square"));
    let tokens: Vec<String> = men.iter().map(|(_, k)| k.token()).collect();
    match men.first() {
        Some((army, _)) => format!("{}{}", army.letter(), tokens.join("+")),
        None => String::new(),
    }
}
