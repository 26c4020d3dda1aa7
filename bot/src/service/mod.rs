//! The service: the platform-free heart of the bot. It takes a [`Command`]
//! from a chat ([`Context`]: platform, chat, user, language) and answers with
//! [`Reply`]s, keeping every game in the [`Store`]. It owns authorization
//! (only a seat's owner moves for it, only in the game's chat), rolls the
//! dice, plans the scheduler's jobs and runs them.

pub mod dice;
mod guard;
pub mod i18n;
mod info;
mod jobs;
mod lobby;
mod play;
mod ratings;
pub mod reply;
mod table;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use seance_engine::spirit::Level;

use crate::clock::Clock;
use crate::commands::{Command, ParseError, Target};
use crate::platform::Platform;
use crate::protocol::EngineCommand;
use crate::store::{GameId, NewNotice, Stage, Store, StoreError, TimeoutPolicy, User};
use i18n::{Locale, Msg, Reader};
use reply::Reply;
use table::Table;

pub use info::{Page, Standing};
pub use jobs::{Delivery, MOST_TRIES, Refusal, StartUp};
pub use ratings::Rebuilt;
pub use table::engine_options;

/// Who sent a command, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Context {
    /// The platform.
    pub platform: Platform,
    /// The chat's id on the platform.
    pub chat: String,
    /// The user's id on the platform.
    pub user: String,
    /// The user's name to show.
    pub name: String,
    /// The language the platform reports for the user, if any.
    pub locale: Option<Locale>,
    /// The platform's id of the message or interaction that carried the
    /// command, if it has one: the platform assigns it, so the bot's operator
    /// cannot choose it, and the dice mix it in (see [`dice`]).
    pub message: Option<String>,
}

impl Context {
    /// The sender as a reader, before the store is asked about them: in the
    /// language their platform reports.
    pub fn reader(&self) -> Reader {
        Reader {
            locale: self.locale.unwrap_or_default(),
            platform: self.platform,
        }
    }
}

/// What a front end hands the service: a command, or the reason a player's
/// text was none, which the service explains in the player's language.
pub type Input = Result<Command, ParseError>;

/// What the service does unless a game says otherwise.
#[derive(Clone, Debug)]
pub struct Defaults {
    /// Time per move of new games; `None`: no clock.
    pub time_per_move: Option<Duration>,
    /// How long before a deadline to remind the player.
    pub reminder_before: Duration,
    /// The level of spirits that fill empty seats.
    pub spirit_level: Level,
    /// What happens when time runs out.
    pub on_timeout: TimeoutPolicy,
    /// How long a spirit waits before moving.
    pub spirit_pause: Duration,
    /// The longest a spirit thinks about a move (a master's time; the
    /// weaker levels think less).
    pub spirit_time: Duration,
    /// How long a claimed job or message stays with a process that stopped
    /// renewing it before another may take it.
    pub job_lease: Duration,
    /// How long a player has to choose a colour after a seating roll before
    /// the bot chooses for them.
    pub choice_time: Duration,
    /// Programs of the engine protocol that play a level's seats.
    pub spirit_engines: HashMap<Level, EngineCommand>,
}

impl Default for Defaults {
    fn default() -> Defaults {
        Defaults {
            time_per_move: Some(Duration::from_secs(3 * 86_400)),
            reminder_before: Duration::from_secs(12 * 3_600),
            spirit_level: Level::Adept,
            on_timeout: TimeoutPolicy::Spirit,
            spirit_pause: Duration::from_secs(2),
            spirit_time: Duration::from_secs(1),
            job_lease: Duration::from_secs(20),
            choice_time: Duration::from_secs(3_600),
            spirit_engines: HashMap::new(),
        }
    }
}

/// The service.
#[derive(Clone, Debug)]
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    defaults: Defaults,
    replays: Arc<table::Replays>,
    /// The name this process holds leases under (see [`Service::named`]).
    instance: Arc<str>,
}

/// Why a command produced no change: something to tell the player, or a
/// failure of the store.
#[derive(Debug)]
enum Failure {
    /// Tell the player this (privately); nothing changed.
    Say(Box<Msg>),
    /// The command, without `#N`, fits these games: ask which.
    Which(Vec<reply::About>),
    /// The store failed or another write came first.
    Store(StoreError),
}

impl From<StoreError> for Failure {
    fn from(error: StoreError) -> Failure {
        Failure::Store(error)
    }
}

impl From<Msg> for Failure {
    fn from(msg: Msg) -> Failure {
        Failure::Say(Box::new(msg))
    }
}

/// A command's outcome.
type Outcome = Result<Vec<Reply>, Failure>;

/// The player who sent a command, as the store knows them, in the chat.
struct Caller {
    user: User,
    chat: crate::store::ChatId,
    /// The caller as a reader of private messages: in their own language.
    reader: Reader,
    /// The chat as the reader of public messages: in the chat's language
    /// (the caller's, while the chat has none).
    audience: Reader,
    /// The chat's own language, if it has one.
    chat_language: Option<Locale>,
    /// A spirit stands in for this player in a game of the chat.
    returning: bool,
    /// The platform's id of the command's message, if any.
    message: Option<String>,
    /// Where the command came from, and so where its public answers go.
    voice: Voice,
}

/// Where a command came from. A chat's front end sends the service's
/// answers itself; a command from a game's page has no chat message to
/// answer, so what the chat should see goes to the outbox, written with the
/// change it tells of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Voice {
    /// Typed or pressed in the chat.
    Chat,
    /// Tapped on the game's page.
    Page,
}

/// A person acting on a game's page, as the page's proof of who they are
/// names them (see `web::who`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Viewer {
    /// Where the person plays.
    pub platform: Platform,
    /// Their id on that platform, as the store keeps it.
    pub user: String,
    /// The name to show.
    pub name: String,
}

impl Caller {
    /// What the chat must still be sent of `notices`: nothing when the
    /// command came from the chat (its front end sends the replies), all
    /// of them, for the outbox, when it came from the page.
    fn relay(&self, notices: impl IntoIterator<Item = reply::Notice>) -> Vec<NewNotice> {
        match self.voice {
            Voice::Chat => Vec::new(),
            Voice::Page => notices.into_iter().map(|n| jobs::serialize(&n)).collect(),
        }
    }
}

impl Service {
    /// A service over `store`, telling time by `clock`.
    pub fn new(store: Store, clock: Arc<dyn Clock>, defaults: Defaults) -> Service {
        Service {
            store,
            clock,
            defaults,
            replays: Arc::default(),
            instance: format!("process {}", std::process::id()).into(),
        }
    }

    /// The service under the name `instance`, which its leases on jobs and
    /// messages carry. A process that keeps its name across restarts frees
    /// what its earlier life held when it starts ([`Service::start_up`]);
    /// processes sharing a database need names of their own.
    pub fn named(self, instance: &str) -> Service {
        Service {
            instance: instance.into(),
            ..self
        }
    }

    /// The store, for tests that check what was written; front ends go through [`Service::handle`].
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The service's time, in milliseconds since 1970.
    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Answers a command, or explains why a text was none. Errors become
    /// replies, and a refused command changes nothing. A panic while
    /// answering (a bug) ends only this command: the player hears that it
    /// failed, the operator's log says where, and the bot goes on.
    pub async fn handle(&self, context: &Context, input: impl Into<Input>) -> Vec<Reply> {
        self.guarded(context, input.into(), Voice::Chat).await
    }

    /// Answers `command` that `viewer` gave on the page of game `game`, as
    /// if typed in the game's chat: the same checks and the same errors
    /// (the replies meant for the viewer alone come back); what the chat
    /// should see goes to its outbox with the change. Only a person of the
    /// game's own platform may act in it.
    pub async fn handle_from_page(
        &self,
        viewer: &Viewer,
        game: GameId,
        command: Command,
    ) -> Vec<Reply> {
        let reader = Reader {
            locale: Locale::default(),
            platform: viewer.platform,
        };
        let chat = match self.store.game_chat(game).await {
            Ok(Some(chat)) if chat.platform == viewer.platform => chat,
            Ok(_) => return vec![Reply::private(Msg::NoGameNumbered(game.0).text(reader))],
            Err(error) => return vec![self.failure(Failure::Store(error), reader)],
        };
        let context = Context {
            platform: viewer.platform,
            chat: chat.external,
            user: viewer.user.clone(),
            name: viewer.name.clone(),
            locale: None,
            message: None,
        };
        self.guarded(&context, Ok(command), Voice::Page).await
    }

    /// [`Service::handle`] for a command from `voice`.
    async fn guarded(&self, context: &Context, input: Input, voice: Voice) -> Vec<Reply> {
        let (service, asked) = (self.clone(), context.clone());
        let span = tracing::info_span!(
            "command",
            platform = context.platform.name(),
            chat = %context.chat,
            verb = input.as_ref().map_or("none", |c| c.verb().name()),
        );
        let verb = input.as_ref().map_or("none", |c| c.verb().name());
        let labels = [("platform", context.platform.name()), ("verb", verb)];
        metrics::counter!("seance_commands_total", &labels).increment(1);
        let started = std::time::Instant::now();
        let answering = async move { service.respond(&asked, input, voice).await };
        let answered = guard::caught(tracing::Instrument::instrument(answering, span)).await;
        metrics::histogram!("seance_command_seconds", &labels)
            .record(started.elapsed().as_secs_f64());
        match answered {
            Ok(replies) => replies,
            Err(panic) => {
                tracing::warn!(
                    "a command in {} chat {} failed: {panic}",
                    context.platform.name(),
                    context.chat
                );
                vec![Reply::private(Msg::Trouble.text(context.reader()))]
            }
        }
    }

    /// [`Service::handle`]'s work.
    async fn respond(&self, context: &Context, input: Input, voice: Voice) -> Vec<Reply> {
        let caller = match self.caller(context).await {
            Ok(caller) => Caller { voice, ..caller },
            Err(error) => return vec![self.failure(Failure::Store(error), context.reader())],
        };
        let command = match input {
            Ok(command) => command,
            Err(error) => return vec![Reply::private(i18n::misread(&error).text(caller.reader))],
        };
        let mut replies = match command.target() {
            Some(target) => match self.welcome_back(&caller, target).await {
                Ok(replies) => replies,
                Err(failure) => return vec![self.failure(failure, caller.reader)],
            },
            None => Vec::new(),
        };
        let asked = command.clone();
        match self.dispatch(&caller, command).await {
            Ok(more) => replies.extend(more),
            Err(Failure::Which(games)) => replies.push(self.which(asked, &games, caller.reader)),
            Err(failure) => replies.push(self.failure(failure, caller.reader)),
        }
        replies
    }

    /// The question which game a command means, with a button per game.
    fn which(&self, command: Command, games: &[reply::About], reader: Reader) -> Reply {
        let buttons = games
            .iter()
            .map(|about| {
                let mut command = command.clone();
                if let Some(target) = command.target_mut() {
                    *target = Some(about.game);
                }
                reply::Button {
                    label: format!(
                        "#{} {}",
                        about.game.0,
                        i18n::game_name(about.variant, reader.locale)
                    ),
                    command,
                }
            })
            .collect();
        Reply {
            buttons,
            ..Reply::private(Msg::WhichGame.text(reader))
        }
    }

    /// The reply for a failure.
    fn failure(&self, failure: Failure, reader: Reader) -> Reply {
        let msg = match failure {
            Failure::Say(msg) => *msg,
            Failure::Which(_) => Msg::WhichGame,
            Failure::Store(StoreError::Conflict) => Msg::Conflict,
            Failure::Store(error) => {
                tracing::warn!("store error: {error}");
                Msg::Trouble
            }
        };
        Reply::private(msg.text(reader))
    }

    /// Finds (or records) the user and the chat of `context`.
    async fn caller(&self, context: &Context) -> Result<Caller, StoreError> {
        let name: String = context
            .name
            .chars()
            .filter(|c| !c.is_control())
            .take(64)
            .collect();
        let (user, chat, returning) = tokio::join!(
            self.store.user(
                context.platform,
                &context.user,
                name.trim(),
                context.locale.map(Locale::code),
            ),
            self.store
                .chat_and_language(context.platform, &context.chat),
            self.store
                .stands_in(context.platform, &context.user, &context.chat),
        );
        let (user, (chat, chat_language), returning) = (user?, chat?, returning?);
        let locale = user
            .settings
            .locale
            .as_deref()
            .and_then(Locale::parse)
            .or(context.locale)
            .unwrap_or_default();
        let reader = |locale| Reader {
            locale,
            platform: context.platform,
        };
        let chat_locale = chat_language.as_deref().and_then(Locale::parse);
        Ok(Caller {
            user,
            chat,
            reader: reader(locale),
            audience: reader(chat_locale.unwrap_or(locale)),
            chat_language: chat_locale,
            returning,
            message: context.message.clone(),
            voice: Voice::Chat,
        })
    }

    async fn dispatch(&self, caller: &Caller, command: Command) -> Outcome {
        match command {
            Command::New(new) => self.new_game(caller, new).await,
            Command::Join(target, color) => self.join(caller, target, color).await,
            Command::Leave(target) => self.leave(caller, target).await,
            Command::Spirit(target, color, level) => {
                self.spirit(caller, target, color, level).await
            }
            Command::Start(target) => self.start(caller, target).await,
            Command::Move(target, text) => self.play_move(caller, target, &text).await,
            Command::Board(target) => self.board(caller, target).await,
            Command::Moves(target, from) => self.moves(caller, target, from).await,
            Command::Resign(target) => self.resign(caller, target).await,
            Command::Offer(target, proposal) => self.offer(caller, target, proposal).await,
            Command::Accept(target) => self.answer(caller, target, true).await,
            Command::Decline(target) => self.answer(caller, target, false).await,
            Command::Takeback(target) => self.takeback(caller, target).await,
            Command::Status(target) => self.status(caller, target).await,
            Command::Games => self.games(caller).await,
            Command::Record(target) => self.record(caller, target).await,
            Command::Verify(target) => self.verify(caller, target).await,
            Command::Rating(player, game) => self.rating(caller, player, game).await,
            Command::Top(game, overall) => self.top(caller, game, overall).await,
            Command::Link(code) => self.link(caller, code).await,
            Command::Settings(changes) => self.settings(caller, changes).await,
            Command::Help(None) => Ok(vec![Reply::private(Msg::Help.text(caller.reader))]),
            Command::Help(Some(game)) => Ok(vec![Reply::private(
                Msg::GameHelp(game).text(caller.reader),
            )]),
        }
    }

    /// The game a command is about: the one named (`#N`), which must be in
    /// the caller's chat; else the one game of the chat that `fit` can mean
    /// (see [`Fit`]). Several that fit: the caller is asked which; none: the
    /// chat's most relevant game, which then says why the command does not fit.
    async fn target(&self, caller: &Caller, target: Target, fit: Fit) -> Result<Table, Failure> {
        if let Some(id) = target {
            return match self.open(id).await? {
                Some(table) if table.record.chat == caller.chat => Ok(table),
                _ => Err(Msg::NoSuchGame(id.0).into()),
            };
        }
        let finished = i64::from(fit == Fit::Any);
        let ids = self.store.chat_games(caller.chat, finished).await?;
        let mut tables = self.readable(ids).await?;
        if tables.is_empty() {
            return Err(Msg::NoGameHere.into());
        }
        for &fit in fit.choices() {
            let mut fitting: Vec<usize> = (0..tables.len())
                .filter(|&i| fit.fits(&tables[i], &caller.user))
                .collect();
            match fitting.len() {
                0 => continue,
                1 => return Ok(tables.swap_remove(fitting[0])),
                // Looking: the caller's game in play, else their latest.
                _ if fit == Fit::Any => {
                    let playing = fitting
                        .iter()
                        .copied()
                        .find(|&i| tables[i].record.stage != Stage::Over);
                    return Ok(tables.swap_remove(playing.unwrap_or(fitting[0])));
                }
                _ => {
                    fitting.sort_by_key(|&i| tables[i].record.id);
                    let games = fitting.iter().map(|&i| tables[i].about()).collect();
                    return Err(Failure::Which(games));
                }
            }
        }
        // Nothing fits: the caller's own game, else the chat's latest, says why.
        let mine = tables
            .iter()
            .position(|t| !t.seats_of(&caller.user).is_empty())
            .unwrap_or(0);
        Ok(tables.swap_remove(mine))
    }
}

/// What a command needs of its game when no `#N` names one: the game it
/// can only mean.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fit {
    /// A game where the caller has the move (a move, the moves list); else one
    /// where they have a seat.
    Turn,
    /// A game in play where the caller has a seat (resign, offers, takebacks).
    Seated,
    /// A table not yet started (join, leave, start).
    Open,
    /// A table not yet started, or one in play where the caller has a seat
    /// (seating a spirit).
    Lobby,
    /// Any game, the caller's first, finished ones too (looking at it).
    Any,
}

impl Fit {
    /// The tests to try in turn.
    fn choices(self) -> &'static [Fit] {
        match self {
            Fit::Turn => &[Fit::Turn, Fit::Seated],
            Fit::Lobby => &[Fit::Open, Fit::Seated],
            Fit::Any => &[Fit::Any],
            Fit::Seated => &[Fit::Seated],
            Fit::Open => &[Fit::Open],
        }
    }

    /// Whether `table` is one this test finds for `user`.
    fn fits(self, table: &Table, user: &User) -> bool {
        let mine = table.seats_of(user);
        let playing = table.record.stage == Stage::Playing;
        match self {
            Fit::Turn => playing && table.acting().is_some_and(|s| mine.contains(&s)),
            Fit::Seated => playing && !mine.is_empty(),
            Fit::Open | Fit::Lobby => table.record.stage == Stage::Open,
            Fit::Any => !mine.is_empty(),
        }
    }
}
