//! `seance`: the Seance bot and its tools. Subcommands: `play` (a game in
//! this terminal), `run` (the bot), `migrate`, `verify` (a game's dice),
//! `render` (draw a position or a replay), `perft` (count moves) and `bench`
//! (the speed of the command path).

use std::fs;
use std::io::{self, BufWriter};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};
use seance_bot::adapters::console::{self, Play};
use seance_bot::adapters::{discord, telegram};
use seance_bot::clock::SystemClock;
use seance_bot::config::Config;
use seance_bot::instance::Instance;
use seance_bot::protocol::Program;
use seance_bot::record::Record;
use seance_bot::service::{Defaults, Service, dice};
use seance_bot::store::{Store, TimeoutPolicy, redact};
use seance_bot::{arena, bench, perft, render, scheduler};
use seance_engine::catalogue::GameType;
use seance_engine::spirit::Level;
use seance_engine::{Options, Start};
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
    /// Play a game in this terminal, saved after every move: run it again to carry on.
    Play {
        /// The game: chaturaji, chaturaji-classic, chaturaji-nodice, enochian, tamerlane or through.
        game: GameType,
        /// A named setup of the game (its first setup by default).
        #[arg(long)]
        setup: Option<String>,
        /// A game option, KEY=VALUE; repeat for several.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Who plays a seat: COLOUR=human, COLOUR=spirit or COLOUR=spirit:LEVEL; repeat
        /// for several. By default you play the first seat and spirits the others.
        #[arg(long = "seat", value_name = "COLOUR=WHO")]
        seats: Vec<String>,
        /// The database (default: a SQLite file in your data directory).
        #[arg(long, value_name = "URL")]
        db: Option<String>,
        /// Start a new game even if one of this game is unfinished.
        #[arg(long)]
        new: bool,
        /// Where to write the picture of each turn (default: board.png in your data directory).
        #[arg(long, value_name = "FILE")]
        picture: Option<PathBuf>,
        /// Draw pieces as letters instead of chess symbols.
        #[arg(long)]
        letters: bool,
    },
    /// Run the bot: the scheduler and every front end the configuration enables.
    Run {
        #[command(flatten)]
        config: ConfigArgs,
        /// Run only the scheduler (spirits, reminders, deadlines), no front end:
        /// a worker beside other bot processes on one PostgreSQL database.
        #[arg(long)]
        worker: bool,
    },
    /// Check the configuration: say what would run, reach the database and
    /// ask each platform whether its token works; exits non-zero, saying
    /// why, when anything is wrong.
    Check {
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Write every chat, person, game (with its log) and rating of the
    /// database as JSON lines, to move them to another store.
    Export {
        #[command(flatten)]
        config: ConfigArgs,
        /// The database (default: the configuration's).
        #[arg(long, value_name = "URL")]
        db: Option<String>,
        /// Where to write (default: the standard output).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Read an export into a database that holds no chat yet.
    Import {
        /// The export file.
        file: PathBuf,
        #[command(flatten)]
        config: ConfigArgs,
        /// The database (default: the configuration's).
        #[arg(long, value_name = "URL")]
        db: Option<String>,
    },
    /// Copy every chat, person, game and rating to another database, which
    /// holds no chat yet: a SQLite deployment to PostgreSQL, games in play
    /// included.
    Copy {
        /// The database to copy from.
        #[arg(long, value_name = "URL")]
        from: String,
        /// The database to copy to.
        #[arg(long, value_name = "URL")]
        to: String,
    },
    /// Apply the database migrations.
    Migrate {
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// The ratings: `rebuild` rates every rated game again, in the order the
    /// games ended, from their records, and says whether the stored ratings
    /// come out the same.
    Ratings {
        /// What to do: rebuild.
        action: RatingsAction,
        #[command(flatten)]
        config: ConfigArgs,
        /// The database (default: the configuration's).
        #[arg(long, value_name = "URL")]
        db: Option<String>,
    },
    /// Check a finished game's dice: its record (as `record` prints it) against its revealed seed.
    Verify {
        /// The record file.
        record: PathBuf,
        /// The seed's hash as the chat showed it when the game was created:
        /// the record's own must match it.
        #[arg(long, value_name = "HASH")]
        commitment: Option<String>,
    },
    /// Draw a position as a PNG picture, or a game's log as a GIF replay.
    Render {
        /// The game: chaturaji, chaturaji-classic, chaturaji-nodice, enochian, tamerlane or through.
        game: GameType,
        #[command(flatten)]
        start: StartArgs,
        /// Play the actions of this file first, one per line (as `record` prints them).
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
        game: GameType,
        /// How many plies deep to count.
        depth: u32,
        #[command(flatten)]
        start: StartArgs,
        /// Print the count under each first move at DEPTH instead (to find
        /// where two move generators disagree).
        #[arg(long)]
        divide: bool,
    },
    /// Play spirit levels or engine programs against each other; last line: a_score=<0..1> games=<N>.
    Arena {
        /// The game: chaturaji, chaturaji-classic, chaturaji-nodice, enochian, tamerlane or through.
        game: GameType,
        /// Player A, whose score is printed: a level (random, greedy, novice,
        /// adept or master) or exe:PATH, a program that speaks the engine protocol.
        #[arg(long)]
        a: arena::Player,
        /// Player B, the same way.
        #[arg(long)]
        b: arena::Player,
        /// How many games.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// The seed of the dice and the spirits' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Milliseconds per move instead of the levels' own budgets.
        #[arg(long, value_name = "MS")]
        movetime: Option<u64>,
        /// Adjudicate a game of two sides once both agree it is decided: each
        /// side's last four moves scored at least CP hundredths of a pawn for
        /// the one and at most -CP for the other.
        #[arg(long, value_name = "CP")]
        resign: Option<i32>,
    },
    /// Answer the engine protocol on standard input and output (docs/engine.md).
    Engine,
    /// Measure the command path (parse, load, check, store) on a database.
    Bench {
        /// The database (default: a fresh SQLite file in the temporary directory).
        #[arg(long, value_name = "URL")]
        db: Option<String>,
        /// How many moves to play.
        #[arg(long, default_value_t = 2000)]
        moves: usize,
        /// How many games to play at once, as in that many chats.
        #[arg(long, default_value_t = 1)]
        lanes: usize,
    },
}

/// What `seance ratings` does.
#[derive(Clone, Copy, clap::ValueEnum)]
enum RatingsAction {
    /// Rate every rated game again from its record.
    Rebuild,
}

/// Where the configuration is.
#[derive(Args)]
struct ConfigArgs {
    /// The configuration file.
    #[arg(long, default_value = "config.toml")]
    config: PathBuf,
}

impl ConfigArgs {
    fn load(&self) -> Result<Config> {
        Ok(Config::load(&self.config, std::env::vars())?)
    }
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
        Ok(code) => code,
        // The reader went away (`seance perft ... | head`): nothing to report.
        Err(error)
            if error
                .downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(error) => {
            // Into `seance run`'s log when it keeps one, else plainly.
            if tracing::dispatcher::has_been_set() {
                tracing::error!("{error:#}");
            } else {
                eprintln!("error: {error:#}");
            }
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
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
        Command::Perft {
            game,
            depth,
            start,
            divide,
        } => {
            let (start, options) = start.resolve()?;
            let out = &mut io::stdout().lock();
            match divide {
                true => perft::divide(game, start, options, depth, out)?,
                false => perft::run(game, start, options, depth, out)?,
            }
        }
        Command::Arena {
            game,
            a,
            b,
            games,
            seed,
            movetime,
            resign,
        } => {
            let plan = arena::Match {
                game,
                a,
                b,
                games,
                seed,
                movetime: movetime.map(std::time::Duration::from_millis),
                resign: resign.map(arena::Resign::at).transpose()?,
            };
            arena::run(&plan, &mut io::stdout().lock())?;
        }
        Command::Engine => {
            seance_bot::protocol::serve(io::stdin().lock(), io::stdout())?;
        }
        Command::Verify { record, commitment } => {
            let text = fs::read_to_string(&record)
                .with_context(|| format!("cannot read {}", record.display()))?;
            let verdict = Record::read(&text)?.verify(commitment.as_deref())?;
            println!("{verdict:?}");
            if !matches!(verdict, dice::Verdict::Fair { .. }) {
                return Ok(ExitCode::FAILURE);
            }
        }
        command => {
            let runtime = runtime()?;
            let code = runtime.block_on(serve(command));
            // A spirit still thinking on a blocking thread does not hold up
            // the exit: its job's lease was given back already.
            runtime.shutdown_timeout(std::time::Duration::from_secs(1));
            return code;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The subcommands that need the database.
async fn serve(command: Command) -> Result<ExitCode> {
    match command {
        Command::Play {
            game,
            setup,
            options,
            seats,
            db,
            new,
            picture,
            letters,
        } => {
            let config = Config::load(&PathBuf::from("config.toml"), std::env::vars())?;
            let url = match db {
                Some(url) => url,
                None => config.database_url()?,
            };
            // At one keyboard spirits answer at once.
            let defaults = Defaults {
                spirit_pause: std::time::Duration::ZERO,
                ..defaults(&config)
            };
            let (service, _instance) =
                start(&config, &url, &format!("play-{game}"), defaults).await?;
            let picture = match picture {
                Some(picture) => picture,
                None => {
                    let dir = dirs::data_dir()
                        .unwrap_or_else(|| PathBuf::from("."))
                        .join("seance");
                    fs::create_dir_all(&dir)
                        .with_context(|| format!("cannot create {}", dir.display()))?;
                    dir.join("board.png")
                }
            };
            let heartbeat = service.clone();
            let lease = config_lease(&config);
            let beating = tokio::spawn(async move {
                scheduler::heartbeat(&heartbeat, lease, std::future::pending()).await;
            });
            let play = Play {
                game,
                setup,
                options,
                seats,
                fresh: new,
                picture: Some(picture),
                letters,
                name: std::env::var("USER")
                    .or_else(|_| std::env::var("USERNAME"))
                    .unwrap_or_else(|_| "player".to_string()),
            };
            let played = console::run(
                &service,
                &play,
                io::stdin().lock(),
                BufWriter::new(io::stdout().lock()),
            )
            .await;
            beating.abort();
            played?;
        }
        Command::Run { config, worker } => {
            let config = config.load()?;
            seance_bot::logging::init(&config).map_err(anyhow::Error::msg)?;
            if !config.server.listen.is_empty() {
                // Counted from the first command on.
                seance_bot::telemetry::recorder();
            }
            let role = if worker { "worker" } else { "run" };
            let (service, _instance) =
                start(&config, &config.database_url()?, role, defaults(&config)).await?;
            let discord = !config.discord.token.is_empty() && !worker;
            let telegram = !config.telegram.token.is_empty() && !worker;
            if !worker && !discord && !telegram {
                tracing::error!(
                    "No front end is configured. Add a token to config.toml:\n  \
                     [discord]\n  token = \"...\"\nor\n  [telegram]\n  token = \"...\"\n\
                     (or set SEANCE_DISCORD_TOKEN or SEANCE_TELEGRAM_TOKEN). \
                     To play in this terminal: seance play through"
                );
                return Ok(ExitCode::from(2));
            }
            tracing::info!("scheduler running on {}", redact(&config.database_url()?));
            let style = config.render.style().map_err(anyhow::Error::msg)?;
            let (stop, stopping) = tokio::sync::watch::channel(false);
            let mut scheduler = {
                let service = service.clone();
                let stopping = stopping.clone();
                tokio::spawn(async move { scheduler::run(&service, stopped(stopping)).await })
            };
            let mut tasks = tokio::task::JoinSet::new();
            {
                let service = service.clone();
                let lease = config_lease(&config);
                tasks.spawn(async move {
                    scheduler::heartbeat(&service, lease, stopped(stopping)).await;
                    Ok(())
                });
            }
            if !config.server.listen.is_empty() {
                let listen = config.server.listen.clone();
                let keys = seance_bot::web::who::Keys {
                    telegram: config.telegram.token.clone(),
                    secret: config.server.secret.clone(),
                };
                let routes = seance_bot::telemetry::routes(service.clone())
                    .merge(seance_bot::web::routes(service.clone(), style, keys));
                tasks.spawn(async move { seance_bot::telemetry::serve(routes, &listen).await });
            }
            // A token the platform refuses is a clear error at the start;
            // after that, a front end that fails starts again by itself and
            // the rest of the process goes on.
            if discord {
                discord::Discord::whoami(&config.discord)
                    .await
                    .context("Discord refused the token")?;
                let pages = (!config.server.web_url.is_empty()).then(|| discord::Pages {
                    web_url: config.server.web_url.clone(),
                    secret: config.server.secret.clone(),
                });
                tasks.spawn(discord::run(
                    service.clone(),
                    config.discord.clone(),
                    style,
                    pages,
                ));
            }
            if telegram {
                if let Some(why) = telegram::Telegram::refused_token(&config.telegram).await {
                    anyhow::bail!("Telegram refused the token: {why}");
                }
                tasks.spawn(telegram::run(
                    service.clone(),
                    config.telegram.clone(),
                    style,
                    config.server.web_url.clone(),
                ));
            }
            // SIGTERM or SIGINT stops the process gracefully; a front end
            // that fails stops it too.
            let failed = tokio::select! {
                Some(ended) = tasks.join_next() => Some(ended),
                () = termination() => None,
                _ = &mut scheduler => None,
            };
            // The scheduler finishes the job in hand, for a while; then
            // every lease this process holds goes back at once, so another
            // process takes its jobs and messages without waiting them out.
            let _ = stop.send(true);
            if tokio::time::timeout(GRACE, &mut scheduler).await.is_err() {
                scheduler.abort();
            }
            tasks.abort_all();
            let released = service.release().await?;
            tracing::info!("stopped; gave back {released} leases");
            if let Some(ended) = failed {
                ended??;
            }
        }
        Command::Check { config } => {
            let config = config.load()?;
            return check(&config).await;
        }
        Command::Export { config, db, out } => {
            let store = opened(&database(config, db)?).await?;
            let rows = match out {
                Some(path) => {
                    let file = fs::File::create(&path)
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    store.export(&mut BufWriter::new(file)).await?
                }
                None => {
                    store
                        .export(&mut BufWriter::new(io::stdout().lock()))
                        .await?
                }
            };
            eprintln!("exported {rows} rows");
        }
        Command::Import { file, config, db } => {
            let store = opened(&database(config, db)?).await?;
            let text =
                fs::File::open(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let rows = store.import(io::BufReader::new(text)).await?;
            println!("imported {rows} rows");
        }
        Command::Copy { from, to } => {
            let (source, target) = (opened(&from).await?, opened(&to).await?);
            let mut export = Vec::new();
            source.export(&mut export).await?;
            let rows = target.import(export.as_slice()).await?;
            println!(
                "copied {rows} rows from {} to {}",
                redact(&from),
                redact(&to)
            );
        }
        Command::Migrate { config } => {
            let config = config.load()?;
            let url = config.database_url()?;
            let store = Store::connect(&url)
                .await
                .with_context(|| format!("cannot open the database {}", redact(&url)))?;
            let applied = store.migrate().await?;
            if applied.is_empty() {
                println!("{} is up to date", redact(&url));
            }
            for name in applied {
                println!("applied {name}");
            }
        }
        Command::Ratings {
            action: RatingsAction::Rebuild,
            config,
            db,
        } => {
            let config = config.load()?;
            let url = match db {
                Some(url) => url,
                None => config.database_url()?,
            };
            let (service, _instance) = start(&config, &url, "ratings", defaults(&config)).await?;
            let rebuilt = service.rebuild_ratings().await?;
            println!("rated {} games again", rebuilt.games);
            if rebuilt.changed == 0 {
                println!("every rating is as stored");
            } else {
                println!(
                    "{} ratings differ from those stored, and were replaced",
                    rebuilt.changed
                );
            }
        }
        Command::Bench { db, moves, lanes } => {
            let url = match db {
                Some(url) => url,
                None => {
                    let file = std::env::temp_dir()
                        .join(format!("seance-bench-{}.sqlite", std::process::id()));
                    format!("sqlite://{}", file.display())
                }
            };
            bench::run(&url, moves, lanes, &mut io::stdout().lock()).await?;
        }
        Command::Render { .. }
        | Command::Perft { .. }
        | Command::Verify { .. }
        | Command::Engine
        | Command::Arena { .. } => {
            unreachable!("handled without the database")
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `seance check`: what would run, and whether the database and the tokens
/// work. Every problem is named; any makes the exit status non-zero.
async fn check(config: &Config) -> Result<ExitCode> {
    let mut problems = Vec::new();
    let url = config.database_url()?;
    let shown = redact(&url);
    println!("database: {shown}");
    match tokio::time::timeout(CONNECT_TIMEOUT, Store::connect(&url)).await {
        Err(_) => problems.push(format!(
            "the database at {shown} did not answer within {}s",
            CONNECT_TIMEOUT.as_secs()
        )),
        Ok(Err(error)) => problems.push(format!("cannot open the database {shown}: {error}")),
        Ok(Ok(store)) => match store.pending_migrations().await {
            Ok(pending) if pending.is_empty() => println!("  answers; its migrations are current"),
            Ok(pending) => println!("  answers; `seance run` will apply: {}", pending.join(", ")),
            Err(error) => problems.push(format!("the database at {shown} fails: {error}")),
        },
    }
    let telegram = &config.telegram;
    if telegram.token.is_empty() {
        println!("telegram: off (no token)");
    } else {
        match telegram.webhook_url.as_str() {
            "" => println!("telegram: long polling {}", telegram.api_url),
            hook => println!(
                "telegram: a webhook at {hook}, listening on {}",
                telegram.listen
            ),
        }
        match telegram::Telegram::whoami(telegram).await {
            Ok(name) => println!("  the token is @{name}'s"),
            Err(error) => problems.push(format!("Telegram refused the token: {error}")),
        }
    }
    let discord = &config.discord;
    if discord.token.is_empty() {
        println!("discord: off (no token)");
    } else {
        match discord.listen.as_str() {
            "" => println!("discord: the gateway"),
            listen => println!("discord: the interactions endpoint on {listen}"),
        }
        match discord::Discord::whoami(discord).await {
            Ok(name) => println!("  the token is {name}'s"),
            Err(error) => problems.push(format!("Discord refused the token: {error}")),
        }
    }
    let server = &config.server;
    match (server.listen.as_str(), server.web_url.as_str()) {
        ("", _) => println!("server: off (no listen address)"),
        (listen, "") => {
            println!("server: health, metrics and game pages on {listen}; the chats offer no page")
        }
        (listen, web) => println!(
            "server: health, metrics and game pages on {listen}; the chats offer them at {web}"
        ),
    }
    // Each program that plays a level's spirits starts and answers.
    let engines = config.spirit_engines()?;
    let mut levels: Vec<_> = engines.iter().collect();
    levels.sort_by_key(|(level, _)| **level as u8);
    for (level, command) in levels {
        println!("spirits: {level} played by {command}");
        let (command, started) = (command.clone(), command.to_string());
        let answered = tokio::task::spawn_blocking(move || {
            Program::start(&command, GameType::Through, &Options::new()).map(drop)
        })
        .await?;
        match answered {
            Ok(()) => println!("  it answers the engine protocol"),
            Err(error) => {
                problems.push(format!("the {level} spirits' program {started}: {error:#}"))
            }
        }
    }
    if problems.is_empty() {
        println!("ready");
        return Ok(ExitCode::SUCCESS);
    }
    for problem in problems {
        eprintln!("seance check: {problem}");
    }
    Ok(ExitCode::FAILURE)
}

/// The database a command names with `--db`, else the configuration's.
fn database(config: ConfigArgs, db: Option<String>) -> Result<String> {
    match db {
        Some(url) => Ok(url),
        None => Ok(config.load()?.database_url()?),
    }
}

/// The store at `url`, its migrations applied.
async fn opened(url: &str) -> Result<Store> {
    Store::open(url)
        .await
        .with_context(|| format!("cannot open the database {}", redact(url)))
}

/// Says `text` in the log where `seance run` keeps one, else on the
/// standard error (the terminal's and the tools' start).
fn notice(text: &str) {
    if tracing::dispatcher::has_been_set() {
        tracing::info!("{text}");
    } else {
        eprintln!("seance: {text}");
    }
}

/// How long a stopping process waits for the job in hand.
const GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Completes when the process is asked to stop: SIGTERM (what systemd and
/// container runtimes send) or SIGINT (Ctrl-C).
async fn termination() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Completes once `stopping` turns true.
async fn stopped(mut stopping: tokio::sync::watch::Receiver<bool>) {
    let _ = stopping.wait_for(|stop| *stop).await;
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

/// How long the database may take to answer at the start before we give up.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);

/// The service on the database at `url`, named for `role` (see
/// [`Config::instance`]), after its start-up: leases of its earlier life
/// freed, games without a plan planned again. Says what it waits for when
/// the database is slow to answer, and gives up clearly.
async fn start(
    config: &Config,
    url: &str,
    role: &str,
    defaults: Defaults,
) -> Result<(Service, Instance)> {
    let shown = redact(url);
    let opening = Store::open(url);
    tokio::pin!(opening);
    let store = tokio::select! {
        opened = &mut opening => opened,
        () = tokio::time::sleep(std::time::Duration::from_secs(1)) => {
            notice(&format!("waiting for the database at {shown} …"));
            match tokio::time::timeout(CONNECT_TIMEOUT, &mut opening).await {
                Ok(opened) => opened,
                Err(_) => anyhow::bail!(
                    "the database at {shown} did not answer within {}s: is it running, and is the address right?",
                    CONNECT_TIMEOUT.as_secs() + 1
                ),
            }
        }
    }
    .with_context(|| format!("cannot open the database {shown}"))?;
    let locks = dirs::data_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("seance")
        .join("instances");
    let instance = Instance::hold(&config.instance(role), &locks)?;
    let service = Service::new(store, Arc::new(SystemClock), defaults).named(instance.name());
    let started = service.start_up().await?;
    if started.freed > 0 || started.replanned > 0 {
        notice(&format!(
            "as {}: freed {} leases of an earlier run, planned {} games again",
            instance.name(),
            started.freed,
            started.replanned
        ));
    }
    Ok((service, instance))
}

/// The configured lease of jobs and messages.
fn config_lease(config: &Config) -> std::time::Duration {
    Config::duration(&config.games.job_lease)
}

/// The service's defaults from `[games]`.
fn defaults(config: &Config) -> Defaults {
    let games = &config.games;
    Defaults {
        time_per_move: seance_bot::duration::parse(&games.time_per_move),
        reminder_before: Config::duration(&games.reminder_before),
        spirit_level: config.spirit_level().unwrap_or(Level::Adept),
        on_timeout: TimeoutPolicy::parse(&games.on_timeout).unwrap_or(TimeoutPolicy::Spirit),
        spirit_pause: Config::duration(&games.spirit_pause),
        spirit_time: Config::duration(&games.spirit_time),
        job_lease: Config::duration(&games.job_lease),
        choice_time: Config::duration(&games.choice_time),
        // Checked with the rest of the configuration when it was read.
        spirit_engines: config.spirit_engines().unwrap_or_default(),
    }
}
