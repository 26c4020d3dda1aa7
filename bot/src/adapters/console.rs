//! The terminal front end: a game at one keyboard through the same service
//! and store as the chat bots. Every human seat is played from this
//! keyboard; spirits play the others. The game is saved after every action,
//! so running the same command again resumes it.
//!
//! ```text
//! Game #1: Through chess. You play white. ...
//!  8  ♜ ♞ ♝ ♛ ♛ ♝ ♞ ♜
//!  ...
//! white> Qd1xd8
//! white: d1d8
//! ```

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use seance_render::Style;
use seance_render::text::{self, Glyphs};

use crate::service::command::{Command, NewGame};
use crate::service::i18n::{self, Locale};
use crate::service::reply::Reply;
use crate::service::{Context, Service};
use crate::store::{GameId, Stage};

/// The console's platform name, chat and player.
const PLATFORM: &str = "console";
const CHAT: &str = "terminal";

/// What to play.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game: a catalogue id.
    pub game: String,
    /// A named setup.
    pub setup: Option<String>,
    /// Options, `KEY=VALUE`.
    pub options: Vec<String>,
    /// Who plays which seat: `COLOUR=human`, `COLOUR=spirit` or
    /// `COLOUR=spirit:LEVEL`. Unnamed seats: the first is played at this
    /// keyboard, the others by spirits.
    pub seats: Vec<String>,
    /// Start a new game even if one of this game is unfinished.
    pub fresh: bool,
    /// Where to write the picture of each turn, if anywhere.
    pub picture: Option<PathBuf>,
    /// Draw pieces as letters rather than chess symbols.
    pub letters: bool,
    /// The player's name.
    pub name: String,
}

/// The console's identity towards the service.
fn context(play: &Play) -> Context {
    Context {
        platform: PLATFORM.to_string(),
        chat: CHAT.to_string(),
        user: "local".to_string(),
        name: play.name.clone(),
        locale: std::env::var("LANG")
            .ok()
            .as_deref()
            .and_then(Locale::parse),
    }
}

/// Plays `play` at the terminal until the game ends, the input ends, or the
/// player types `quit`.
pub async fn run(
    service: &Service,
    play: &Play,
    input: impl BufRead,
    mut out: impl Write,
) -> io::Result<()> {
    let context = context(play);
    if let Some(path) = &play.picture {
        writeln!(out, "The picture of each turn: {}", path.display())?;
    }
    let game = match resume(service, play).await? {
        Some(id) => {
            let replies = service.handle(&context, Command::Board(Some(id))).await;
            writeln!(out, "Resuming game #{}.", id.0)?;
            show(&mut out, &replies, play)?;
            id
        }
        None => match begin(service, &context, play, &mut out).await? {
            Some(id) => id,
            None => return Ok(()),
        },
    };
    pump(service, &mut out, play).await?;
    let mut lines = input.lines();
    loop {
        let Some(record) = service
            .store()
            .load_game(game)
            .await
            .map_err(io::Error::other)?
        else {
            return Ok(());
        };
        if record.stage == Stage::Over {
            return Ok(());
        }
        let to_move = record
            .announced
            .as_deref()
            .and_then(|seat| seat.parse::<usize>().ok())
            .and_then(|seat| {
                let info = seance_engine::catalogue::games()
                    .into_iter()
                    .find(|g| g.id == record.variant)?;
                Some(info.seats.get(seat)?.color.name())
            })
            .unwrap_or("");
        write!(out, "{to_move}> ")?;
        out.flush()?;
        let Some(line) = lines.next().transpose()? else {
            return writeln!(out);
        };
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "exit" => {
                writeln!(out, "Saved: run the same command to carry on.")?;
                return Ok(());
            }
            _ => {}
        }
        // The console's game is the one addressed, unless the player names another.
        let text = if line.contains('#') {
            line.to_string()
        } else {
            format!("{line} #{}", game.0)
        };
        let replies = service.handle_text(&context, &text).await;
        show(&mut out, &replies, play)?;
        pump(service, &mut out, play).await?;
    }
}

/// The unfinished game of this kind at the terminal, unless a fresh one is wanted.
async fn resume(service: &Service, play: &Play) -> io::Result<Option<GameId>> {
    if play.fresh {
        return Ok(None);
    }
    let store = service.store();
    let chat = store.chat(PLATFORM, CHAT).await.map_err(io::Error::other)?;
    for id in store.chat_games(chat, 0).await.map_err(io::Error::other)? {
        let record = store.load_game(id).await.map_err(io::Error::other)?;
        if record.is_some_and(|r| r.variant == play.game && r.stage != Stage::Over) {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

/// Sets up and starts a new game; `None` if the service refused it (the reason is shown).
async fn begin(
    service: &Service,
    context: &Context,
    play: &Play,
    out: &mut impl Write,
) -> io::Result<Option<GameId>> {
    let new = NewGame {
        game: play.game.clone(),
        setup: play.setup.clone(),
        options: play.options.clone(),
        // No clock at one keyboard.
        time: Some("none".to_string()),
        ..NewGame::default()
    };
    let replies = service.handle(context, Command::New(new)).await;
    show(out, &replies, play)?;
    let store = service.store();
    let chat = store.chat(PLATFORM, CHAT).await.map_err(io::Error::other)?;
    let newest = store.chat_games(chat, 0).await.map_err(io::Error::other)?;
    let Some(&id) = newest.iter().max() else {
        return Ok(None);
    };
    if replies.iter().any(|r| r.private) {
        return Ok(None);
    }
    let Some(info) = seance_engine::catalogue::games()
        .into_iter()
        .find(|g| g.id == play.game)
    else {
        return Ok(None);
    };
    // The creator holds the first seat; the others follow the choices.
    for (index, seat) in info.seats.iter().enumerate() {
        let color = seat.color.name().to_string();
        let chosen = play.seats.iter().find_map(|choice| {
            let (who, what) = choice.split_once('=')?;
            (i18n::parse_color(who) == Some(seat.color)).then(|| what.to_string())
        });
        let chosen =
            chosen.unwrap_or_else(|| if index == 0 { "human" } else { "spirit" }.to_string());
        let command = match chosen.split_once(':') {
            _ if chosen == "human" && index == 0 => continue,
            _ if chosen == "human" => Command::Join(Some(id), Some(color)),
            Some(("spirit", level)) => Command::Spirit(Some(id), color, Some(level.to_string())),
            _ if chosen == "spirit" => Command::Spirit(Some(id), color, None),
            _ => {
                writeln!(
                    out,
                    "Seat '{chosen}' for {color}: write COLOUR=human, COLOUR=spirit or COLOUR=spirit:LEVEL."
                )?;
                return Ok(None);
            }
        };
        let replies = service.handle(context, command).await;
        show(out, &replies, play)?;
        if replies.iter().any(|r| r.private) {
            return Ok(None);
        }
    }
    show(
        out,
        &service.handle(context, Command::Start(Some(id))).await,
        play,
    )?;
    Ok(Some(id))
}

/// Lets the spirits move and prints what the chat would be told.
async fn pump(service: &Service, out: &mut impl Write, play: &Play) -> io::Result<()> {
    loop {
        service.run_due_jobs().await.map_err(io::Error::other)?;
        let deliveries = service
            .deliveries(PLATFORM, 50)
            .await
            .map_err(io::Error::other)?;
        if deliveries.is_empty() {
            return Ok(());
        }
        for delivery in deliveries {
            show(out, std::slice::from_ref(&delivery.reply), play)?;
            service
                .delivered(delivery.id)
                .await
                .map_err(io::Error::other)?;
        }
    }
}

/// Prints replies: their text, and their board as text (and as a picture,
/// when asked for).
fn show(out: &mut impl Write, replies: &[Reply], play: &Play) -> io::Result<()> {
    for reply in replies {
        if let Some(board) = &reply.board {
            let glyphs = if play.letters {
                Glyphs::Letters
            } else {
                Glyphs::Unicode
            };
            write!(out, "\n{}", text::draw(&board.view, glyphs))?;
            if let Some(path) = &play.picture {
                std::fs::write(path, board.png(&Style::default()))?;
            }
        }
        writeln!(out, "{}", reply.text)?;
    }
    Ok(())
}
