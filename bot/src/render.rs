//! `seance render`: one position as a PNG picture, or a whole game, read from
//! a log or record file, as an animated GIF replay with one frame per move.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use seance_engine::catalogue::{self, AnyGame, GameType};
use seance_engine::{Action, Options, Start};
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
    let mut game = catalogue::new_game(request.game, request.start, request.options)?;
    let seat_of = |game: &dyn AnyGame, color: &str| {
        game.info()
            .seat_named(color)
            .with_context(|| format!("this game has no seat '{color}'"))
    };
    let mut style = request.style;
    if let Some(color) = &request.seat {
        style.seat = Some(seat_of(game.as_ref(), color)?);
    }
    let mut players = vec![Player::default(); game.info().seats.len()];
    for pair in &request.names {
        let Some((color, name)) = pair.split_once('=') else {
            bail!("expected COLOR=NAME, got '{pair}'");
        };
        players[seat_of(game.as_ref(), color)?.index()] = Player::named(name);
    }
    for color in &request.spirits {
        players[seat_of(game.as_ref(), color)?.index()].spirit = true;
    }
    let mut frames = vec![game.board_view()];
    let log = Record::read(request.log.as_deref().unwrap_or(""))?.log;
    for (number, line) in log.iter().enumerate() {
        let action = game
            .parse_action(line)
            .with_context(|| format!("log action {}: '{line}'", number + 1))?;
        let shows = shows_on_the_board(&action);
        game.act(action)
            .with_context(|| format!("log action {}: '{line}'", number + 1))?;
        if shows {
            frames.push(game.board_view());
        }
    }
    if request.gif {
        let delay = Duration::from_millis(900);
        return Ok(seance_render::gif(&frames, &players, &style, delay)?);
    }
    Ok(seance_render::png(&game.board_view(), &players, &style))
}

/// Whether an action changes what the board shows: moves and endings do;
/// dice rolls, offers and refusals wait for the move they lead to.
fn shows_on_the_board(action: &Action<String>) -> bool {
    !matches!(
        action,
        Action::Roll(_) | Action::Offer(..) | Action::Decline(_)
    )
}
