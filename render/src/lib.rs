//! seance-render: draws a [`BoardView`](seance_engine::view::BoardView), the
//! plain data the engine produces, without knowing any rules: as PNG pictures
//! and GIF replays for chats ([`png`], [`gif`]), and as text for terminals
//! ([`text`]).

mod art;
mod board;
mod encode;
mod layout;
mod paint;
mod panel;
mod picture;
mod players;
pub mod text;
mod theme;

#[cfg(test)]
mod tests;

/// Why a GIF replay could not be written.
pub use ::gif::EncodingError as ReplayError;
pub use layout::{Bounds, Layout, pips};
pub use picture::{draw, encode_png, gif, png};
pub use players::{Player, PlayerName};
pub use theme::{Palette, Style, Theme, UnknownName};
