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

use seance_engine::catalogue::GameType;
use seance_engine::spirit::Level;
use seance_render::Style;
use seance_render::text::{self, Glyphs};

use crate::commands::{self, Command, Kind, MoveTime, NewGame, Value};
use crate::platform::Platform;
use crate::service::i18n::{self, Locale, Msg, Reader};
use crate::service::reply::{About, Reply};
use crate::service::{Context, Service};
use crate::store::Stage;

/// What to play.
#[derive(Clone, Debug)]
pub struct Play {
    /// Which game.
    pub game: GameType,
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

/// Who plays a seat, as `--seat COLOUR=WHO` chose.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sitter {
    /// Played at this keyboard.
    Human,
    /// Played by a spirit, of this level or the bot's default.
    Spirit(Option<Level>),
}

/// Reads `COLOUR=human`, `COLOUR=spirit` or `COLOUR=spirit:LEVEL`.
fn sitter(choice: &str) -> Option<(seance_engine::Color, Sitter)> {
    let (color, who) = choice.split_once('=')?;
    let color = i18n::parse_color(color)?;
    let sitter = match who.split_once(':') {
        None if who == "human" => Sitter::Human,
        None if who == "spirit" => Sitter::Spirit(None),
        Some(("spirit", level)) => match Kind::Level.read(level)? {
            Value::Level(level) => Sitter::Spirit(Some(level)),
            _ => return None,
        },
        _ => return None,
    };
    Some((color, sitter))
}

/// The console's identity towards the service: each game at its own table,
/// so that running `seance play <game>` again finds that game's unfinished one.
fn context(play: &Play) -> Context {
    Context {
        platform: Platform::Terminal,
        chat: format!("terminal/{}", play.game),
        user: "local".to_string(),
        name: play.name.clone(),
        locale: std::env::var("LANG")
            .ok()
            .as_deref()
            .and_then(Locale::parse),
        // The terminal's player runs the bot too: nothing to mix in.
        message: None,
    }
}

/// One run of the terminal: the service, who plays, and where the output goes.
struct Session<'a, W: Write> {
    service: &'a Service,
    play: &'a Play,
    context: Context,
    reader: Reader,
    out: W,
    /// Where the picture goes, until writing it fails.
    picture: Option<std::path::PathBuf>,
}

/// Plays `play` at the terminal until the game ends, the input ends, or the
/// player types `quit`.
pub async fn run(
    service: &Service,
    play: &Play,
    input: impl BufRead,
    out: impl Write,
) -> io::Result<()> {
    let context = context(play);
    let reader = Reader {
        locale: context.locale.unwrap_or_default(),
        platform: Platform::Terminal,
    };
    let mut session = Session {
        service,
        play,
        context,
        reader,
        out,
        picture: play.picture.clone(),
    };
    if let Some(path) = &play.picture {
        session.say(Msg::PictureAt(path.display().to_string()))?;
    }
    let resumed = match play.fresh {
        true => None,
        false => session.resume().await?,
    };
    let started = match resumed {
        Some(about) => Some(about),
        None => session.begin().await?,
    };
    let Some(mut state) = started else {
        return Ok(());
    };
    let game = state.game;
    session.pump(&mut state).await?;
    let mut lines = input.split(b'\n');
    while state.stage != Stage::Over {
        // Before the start the only question is the colour to choose.
        let choosing = state.stage == Stage::Open;
        let to_move = match state.turn {
            Some(_) if choosing => Msg::ColourPrompt.text(session.reader),
            Some((_, color)) => color.name().to_string(),
            None => String::new(),
        };
        write!(session.out, "{to_move}> ")?;
        session.out.flush()?;
        let Some(line) = lines.next().transpose()? else {
            return writeln!(session.out);
        };
        let Ok(line) = String::from_utf8(line) else {
            session.say(Msg::NotText)?;
            continue;
        };
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "exit" => return session.say(Msg::Saved),
            _ => {}
        }
        // The console's game is the one addressed, unless the player names
        // another; a colour alone, while colours are chosen, is the choice.
        let mut input = match i18n::parse_color(line) {
            Some(color) if choosing => Ok(Command::Join(None, Some(color))),
            _ => commands::parse(line),
        };
        if let Ok(command) = &mut input
            && let Some(target @ None) = command.target_mut()
        {
            *target = Some(game);
        }
        let replies = service.handle(&session.context, input).await;
        // The player's own move shows at once, before the spirits answer.
        session.show(&replies)?;
        session.out.flush()?;
        follow(&mut state, &replies);
        session.pump(&mut state).await?;
    }
    Ok(())
}

impl<W: Write> Session<'_, W> {
    /// Prints a message of the terminal's own.
    fn say(&mut self, msg: Msg) -> io::Result<()> {
        writeln!(self.out, "{}", msg.text(self.reader))
    }

    /// The unfinished game at this game's table, shown; `None` if there is none.
    async fn resume(&mut self) -> io::Result<Option<About>> {
        let replies = self
            .service
            .handle(&self.context, Command::Board(None))
            .await;
        let Some(about) = replies
            .iter()
            .find_map(|r| r.about)
            .filter(|a| a.stage != Stage::Over)
        else {
            return Ok(None);
        };
        self.say(Msg::Resuming(about.game.0))?;
        self.show(&replies)?;
        Ok(Some(about))
    }

    /// Sets up and starts a new game; `None` if the service refused it (the reason is shown).
    async fn begin(&mut self) -> io::Result<Option<About>> {
        let play = self.play;
        let mut chosen = Vec::new();
        for choice in &play.seats {
            match sitter(choice) {
                Some(seat) => chosen.push(seat),
                None => {
                    self.say(Msg::BadSeatChoice(choice.clone()))?;
                    return Ok(None);
                }
            }
        }
        // `seating=roll|fixed` is the table's choice, not the game's option;
        // seats named with `--seat` are chosen already.
        let (seating, options): (Vec<&String>, Vec<&String>) =
            play.options.iter().partition(|o| o.starts_with("seating="));
        let seating_roll = seating
            .last()
            .map(|o| o.as_str() == "seating=roll")
            .unwrap_or(chosen.is_empty() && play.game.info().seats_by_roll);
        let new = NewGame {
            setup: play.setup.clone(),
            options: options.into_iter().cloned().collect(),
            // No clock at one keyboard.
            time: Some(MoveTime::Unlimited),
            seating_roll: Some(seating_roll),
            ..NewGame::of(play.game)
        };
        let replies = self.service.handle(&self.context, Command::New(new)).await;
        self.show(&replies)?;
        let Some(mut state) = replies.iter().find_map(|r| r.about) else {
            return Ok(None);
        };
        let game = Some(state.game);
        // The creator holds the first seat; the others follow the choices.
        // With a seating roll the player chooses his colour after the start,
        // and spirits take the seats nobody named.
        let mut commands = Vec::new();
        for (index, seat) in play.game.info().seats.iter().enumerate() {
            let named = chosen.iter().find(|(color, _)| *color == seat.color);
            let sitter = match named {
                Some((_, sitter)) => *sitter,
                None if index == 0 => Sitter::Human,
                None if seating_roll => continue,
                None => Sitter::Spirit(None),
            };
            match sitter {
                Sitter::Human if index == 0 => {}
                Sitter::Human => commands.push(Command::Join(game, Some(seat.color))),
                Sitter::Spirit(level) => commands.push(Command::Spirit(game, seat.color, level)),
            }
        }
        commands.push(Command::Start(game));
        for command in commands {
            let replies = self.service.handle(&self.context, command).await;
            self.show(&replies)?;
            if replies.iter().any(|r| r.private) {
                return Ok(None);
            }
            follow(&mut state, &replies);
        }
        Ok(Some(state))
    }

    /// Lets the spirits move, one job at a time, and prints what the chat
    /// would be told as it happens. A failing database is reported and the
    /// session goes on: the moves wait in the database.
    async fn pump(&mut self, state: &mut About) -> io::Result<()> {
        loop {
            let ran = match self.service.run_job().await {
                Ok(ran) => ran,
                Err(error) => return self.trouble(&error),
            };
            let deliveries = match self.service.deliveries(Platform::Terminal, 50).await {
                Ok(deliveries) => deliveries,
                Err(error) => return self.trouble(&error),
            };
            if !ran && deliveries.is_empty() {
                return Ok(());
            }
            for delivery in deliveries {
                let replies = std::slice::from_ref(&delivery.reply);
                self.show(replies)?;
                follow(state, replies);
                if let Err(error) = self.service.delivered(delivery.id).await {
                    return self.trouble(&error);
                }
            }
            self.out.flush()?;
        }
    }

    /// Says that the database failed; the session goes on.
    fn trouble(&mut self, error: &impl std::fmt::Display) -> io::Result<()> {
        writeln!(self.out, "{} ({error})", Msg::Trouble.text(self.reader))
    }

    /// Prints replies: their text, and their board as text (and as a picture,
    /// when asked for).
    fn show(&mut self, replies: &[Reply]) -> io::Result<()> {
        for reply in replies {
            if let Some(board) = &reply.board {
                let glyphs = if self.play.letters {
                    Glyphs::Letters
                } else {
                    Glyphs::Unicode
                };
                write!(self.out, "\n{}", text::draw(&board.view, glyphs))?;
                if let Some(path) = self.picture.clone() {
                    let written = match path.parent() {
                        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir),
                        _ => Ok(()),
                    }
                    .and_then(|()| std::fs::write(&path, board.png(&Style::default())));
                    if let Err(error) = written {
                        self.picture = None;
                        self.say(Msg::PictureFailed {
                            path: path.display().to_string(),
                            why: error.to_string(),
                        })?;
                    }
                }
            }
            writeln!(self.out, "{}", reply.text)?;
        }
        Ok(())
    }
}

/// Follows what replies say about the console's game.
fn follow(state: &mut About, replies: &[Reply]) {
    for about in replies.iter().filter_map(|r| r.about) {
        if about.game == state.game {
            *state = about;
        }
    }
}
