//! Helpers the unit tests of several games share.

use crate::game::Game;
use crate::geometry::Geometry;
use crate::placement;
use crate::variant::Variant;

/// The canonical texts of the legal moves of `game`, sorted.
pub fn sorted_moves<V: Variant>(game: &Game<V>) -> Vec<String> {
    let mut all: Vec<String> = game
        .position()
        .legal_moves()
        .into_iter()
        .map(|mv| game.move_text(mv))
        .collect();
    all.sort();
    all
}

/// The board field of a position text with `men` placed, each a square name
/// and the man's token: `("d4", "rB")`.
pub fn board_text(geometry: Geometry, men: &[(&str, &str)]) -> String {
    placement::write(geometry, |square| {
        let name = geometry.name(square).to_string();
        men.iter()
            .find(|(at, _)| *at == name)
            .map(|(_, token)| token.to_string())
    })
}
