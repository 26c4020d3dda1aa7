//! `seance render`: one position as a PNG picture, or a whole game, read from
//! a log or record file, as an animated GIF replay with one frame per move.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use seance_engine::catalogue::{self, GameType};
use seance_engine::{Options, ReplayError, Start};
use seance_render::{Player, Style};

use crate::record::Record;

/// What to draw.
pub struct Request {
    /// Which game.
    pub game: GameType,
    /// Where it starts.
    pub start: Start,
    /// Its options.
    pub options: Options,
    /// The text of a log file: one action per line, or a game's record as
    /// `record` prints it (its header lines are skipped).
    pub log: Option<String>,
    /// The colour of the seat to draw the board for.
    pub seat: Option<String>,
    /// `COLOR=NAME` pairs naming the players.
    pub names: Vec<String>,
    /// Colours of the seats the engine plays.
    pub spirits: Vec<String>,
    /// Theme, palette and size; the seat is filled in from `seat`.
    pub style: Style,
    /// A GIF replay instead of a PNG of the last position.
    pub gif: bool,
}

/// The bytes of the picture or replay.
pub fn run(request: Request) -> Result<Vec<u8>> {
    let info = request.game.info();
    let seat_of = |color: &str| {
        info.seat_named(color)
            .with_context(|| format!("this game has no seat '{color}'"))
    };
    let mut style = request.style;
    if let Some(color) = &request.seat {
        style.seat = Some(seat_of(color)?);
    }
    let mut players = vec![Player::default(); info.seats.len()];
    for pair in &request.names {
        let Some((color, name)) = pair.split_once('=') else {
            bail!("expected COLOR=NAME, got '{pair}'");
        };
        players[seat_of(color)?.index()] = Player::named(name);
    }
    for color in &request.spirits {
        players[seat_of(color)?.index()].spirit = true;
    }
    let log = Record::read(request.log.as_deref().unwrap_or(""))?.log;
    let frames = catalogue::replay_views(request.game, request.start, request.options, &log)
        .map_err(|error| match error {
            ReplayError::Action { index, text, error } => {
                anyhow::anyhow!("log action {}: '{text}': {error}", index + 1)
            }
            other => other.into(),
        })?;
    if request.gif {
        let delay = Duration::from_millis(900);
        return Ok(seance_render::gif(&frames, &players, &style, delay)?);
    }
    let last = frames.last().context("a replay starts with the start")?;
    Ok(seance_render::png(last, &players, &style))
}
