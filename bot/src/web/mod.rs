//! The live board page that players open from a chat: in Telegram as a Mini
//! App, elsewhere in the browser. [`who`] proves who is looking, so that the
//! page acts only for the seats its viewer holds.

pub mod who;
