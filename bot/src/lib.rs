//! seance-bot: everything behind the `seance` binary. For now the terminal
//! front end ([`adapters::console`]) and the `perft` tool; the chat service,
//! storage and the Discord and Telegram adapters come next.

pub mod adapters;
pub mod perft;
pub mod render;
