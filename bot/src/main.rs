//! `seance`: the Seance bot and its tools. Subcommands:
//! `play` (a game in this terminal), `render` (draw a position or a replay)
//! and `perft` (count moves).

use std::fs;
use std::io::{self, BufWriter};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};
use seance_bot::adapters::console::Console;
use seance_bot::{perft, render};
use seance_engine::{Options, Start, catalogue};
use seance_render::text::Glyphs;
use seance_render::{Palette, Style, Theme};

/// Historical and fairy chess variants, in chat and in the terminal.
#[derive(Parser)]
#[command(name = "seance", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in this terminal: every seat at one keyboard, or some left to a random mover.
    Play {
        /// The game: chaturaji, chaturaji-classic, chaturaji-nodice, enochian, tamerlane or through.
        game: String,
        #[command(flatten)]
        start: StartArgs,
        /// Let a random mover play this colour (for example `black`); repeat for several.
        #[arg(long, value_name = "COLOR")]
        random: Vec<String>,
        /// Seed of the dice and of the random mover, so a game can be repeated.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Draw pieces as letters instead of chess symbols.
        #[arg(long)]
        letters: bool,
    },
    /// Draw a position as a PNG picture, or a game's log as a GIF replay.
    Render {
        /// The game: chaturaji, chaturaji-classic, chaturaji-nodice, enochian, tamerlane or through.
        game: String,
        #[command(flatten)]
        start: StartArgs,
        /// Play the actions of this file first, one per line (as `log` prints them in `play`).
        #[arg(long, value_name = "FILE")]
        log: Option<PathBuf>,
        /// Draw the board from this colour's side.
        #[arg(long, value_name = "COLOR")]
        seat: Option<String>,
        /// `light` or `dark`.
        #[arg(long, default_value = "light")]
        theme: Theme,
        /// `standard`, or `colorblind` for army colours that stay apart for colour-blind eyes.
        #[arg(long, default_value = "standard")]
        palette: Palette,
        /// Pixels per board cell (80 on an 8x8 board by default).
        #[arg(long)]
        cell: Option<u32>,
        /// Name a player, COLOR=NAME; repeat for several.
        #[arg(long = "name", value_name = "COLOR=NAME")]
        names: Vec<String>,
        /// Mark this colour's seat as played by a spirit; repeat for several.
        #[arg(long = "spirit", value_name = "COLOR")]
        spirits: Vec<String>,
        /// Write an animated GIF of the whole log instead of a PNG of its end.
        #[arg(long)]
        gif: bool,
        /// The file to write.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Count the leaves of the tree of legal moves, depth by depth.
    Perft {
        /// The game: chaturaji, chaturaji-classic, chaturaji-nodice, enochian, tamerlane or through.
        game: String,
        /// How many plies deep to count.
        depth: u32,
        #[command(flatten)]
        start: StartArgs,
    },
}

/// Where a game starts and with which options, the same for every subcommand.
#[derive(Args)]
struct StartArgs {
    /// A named setup of the game (its first setup by default).
    #[arg(long)]
    setup: Option<String>,
    /// A game option, KEY=VALUE; repeat for several.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Start from this position text instead of a setup.
    #[arg(long, conflicts_with = "setup")]
    position: Option<String>,
}

impl StartArgs {
    fn resolve(self) -> Result<(Start, Options)> {
        let options = Options::parse(self.options.iter().map(String::as_str))?;
        let start = match self.position {
            Some(text) => Start::Position(text),
            None => Start::Setup(self.setup),
        };
        Ok((start, options))
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`seance perft ... | head`): nothing to report.
        Err(error)
            if error
                .downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Play {
            game,
            start,
            random,
            seed,
            letters,
        } => {
            let (start, options) = start.resolve()?;
            let game = catalogue::new_game(&game, start, options)?;
            let mut computer = Vec::new();
            for color in random {
                match game.info().seat_named(&color) {
                    Some(seat) => computer.push(seat),
                    None => bail!("this game has no seat '{color}'"),
                }
            }
            let glyphs = if letters {
                Glyphs::Letters
            } else {
                Glyphs::Unicode
            };
            let mut console = Console::new(game, computer, seed, glyphs);
            console.run(io::stdin().lock(), BufWriter::new(io::stdout().lock()))?;
        }
        Command::Render {
            game,
            start,
            log,
            seat,
            theme,
            palette,
            cell,
            names,
            spirits,
            gif,
            out,
        } => {
            let (start, options) = start.resolve()?;
            let log = match log {
                Some(path) => Some(
                    fs::read_to_string(&path)
                        .with_context(|| format!("cannot read {}", path.display()))?,
                ),
                None => None,
            };
            let request = render::Request {
                game,
                start,
                options,
                log,
                seat,
                names,
                spirits,
                style: Style {
                    theme,
                    palette,
                    seat: None,
                    cell,
                },
                gif,
            };
            let bytes = render::run(request)?;
            fs::write(&out, bytes).with_context(|| format!("cannot write {}", out.display()))?;
        }
        Command::Perft { game, depth, start } => {
            let (start, options) = start.resolve()?;
            perft::run(&game, start, options, depth, &mut io::stdout().lock())?;
        }
    }
    Ok(())
}
