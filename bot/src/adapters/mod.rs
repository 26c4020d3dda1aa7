//! Front ends: each turns its platform's input into game actions and the
//! results into its platform's output, with no game logic of its own.

pub mod commands;
pub mod console;
pub mod discord;
pub mod telegram;
