//! seance-bot: everything behind the `seance` binary: the platform-free
//! [`service`] over the [`store`], the [`scheduler`] of its jobs, the one
//! table of [`commands`], the front ends in [`adapters`] (terminal, Discord
//! and Telegram), the [`config`], and the tools (`perft`, `render`,
//! `bench`, `arena`, and the game [`record`] that `verify` reads).

pub mod adapters;
pub mod arena;
pub mod bench;
pub mod clock;
pub mod commands;
pub mod config;
pub mod duration;
pub mod instance;
pub mod logging;
pub mod perft;
pub mod platform;
pub mod protocol;
pub mod ratings;
pub mod record;
pub mod render;
pub mod scheduler;
pub mod service;
pub mod store;
pub mod telemetry;
pub mod web;
