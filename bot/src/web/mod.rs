//! The live board page that players open from a chat: in Telegram as a Mini
//! App, elsewhere in the browser. [`page`] serves a game's page, read-only
//! so far; [`who`] proves who is looking, so that the page will act only
//! for the seats its viewer holds.

pub mod page;
pub mod who;
