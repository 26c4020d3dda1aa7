//! The Telegram front end: commands, replies to the board and the move
//! picker's buttons in group and private chats, each turned into the
//! service's typed command; every reply posted as a message or a board photo
//! through the chat's [`pace`] queue. teloxide's dispatcher delivers the
//! updates, by long polling or by webhook. No game logic lives here.

pub mod keyboard;
pub mod pace;

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use teloxide::dispatching::{Dispatcher, UpdateFilterExt};
use teloxide::dptree;
use teloxide::payloads::{
    AnswerCallbackQuerySetters, EditMessageReplyMarkupSetters, SendDocumentSetters,
    SendMessageSetters, SendPhotoSetters, SetChatMenuButtonSetters, SetMyCommandsSetters,
};
use teloxide::prelude::Requester;
use teloxide::types::{
    BotCommand, CallbackQuery, ChatId, InlineKeyboardButton, InlineKeyboardMarkup, InputFile, Me,
    MenuButton, Message, MessageId, ParseMode, ReplyParameters, Update, User, WebAppInfo,
};
use teloxide::update_listeners::webhooks;
use teloxide::{ApiError, Bot, RequestError};

use self::keyboard::Press;
use self::pace::{MAX_CAPTION, MAX_TEXT, Note, Pace, Photo, Step};
use crate::clock::{Clock, SystemClock};
use crate::commands::{self, Command, ParseError, Proposal, Setting, Verb};
use crate::config;
use crate::platform::Platform;
use crate::service::i18n::{Locale, Msg};
use crate::service::reply::Reply;
use crate::service::{Context, Input, Refusal, Service, Standing};
use crate::store::GameId;
use seance_engine::notation;
use seance_render::Style;

/// The platform.
const PLATFORM: Platform = Platform::Telegram;

/// Telegram's limit on the text of a callback's answer.
const MAX_ALERT: usize = 200;

/// The largest file the Bot API takes from a bot (50 MB).
pub const MAX_FILE: usize = 50 * 1000 * 1000;

/// How often a request refused with `429 Too Many Requests` is tried in all.
const TRIES: u32 = 5;

/// How many posted messages are remembered for replies to them.
const REMEMBERED: usize = 10_000;

/// The front end: the service, the Bot API client, how boards look, the
/// chats' queues, and what it remembers of the messages it posted.
#[derive(Clone)]
pub struct Telegram {
    service: Service,
    bot: Bot,
    style: Style,
    pace: Arc<Pace>,
    /// Outbox messages queued but not yet posted, so that a slow queue does
    /// not take them twice.
    queued: Arc<Mutex<HashSet<i64>>>,
    /// Each game's newest board with live buttons, per chat.
    boards: Arc<Mutex<HashMap<(ChatId, i64), MessageId>>>,
    /// The game each posted message is about, for replies to it.
    posted: Arc<Mutex<HashMap<(ChatId, MessageId), i64>>>,
    /// Updates handled since the start.
    handled: Arc<AtomicU64>,
    /// Where a board's page button leads, if the bot serves pages.
    pages: Option<Arc<Pages>>,
}

/// Where a board's 📲 button opens the game's page.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pages {
    /// The pages' public address, `[server] web_url`.
    pub web_url: String,
    /// The Mini App's direct link, `https://t.me/BOT/APP`. Telegram opens a
    /// Mini App from a button only in a private chat; in a group the button
    /// is this link, and without it a plain link to the page (read-only in
    /// the browser, which cannot say who the player is).
    pub mini_app: Option<String>,
}

impl Pages {
    /// The page button under game `game`'s board in `chat`.
    fn button(&self, chat: ChatId, game: i64) -> Option<InlineKeyboardButton> {
        let page = crate::web::game_url(&self.web_url, game);
        if chat.is_user() {
            let url = page.parse().ok()?;
            return Some(InlineKeyboardButton::web_app("📲", WebAppInfo { url }));
        }
        let link = match &self.mini_app {
            Some(app) => format!("{app}?startapp=game{game}"),
            None => page,
        };
        Some(InlineKeyboardButton::url("📲", link.parse().ok()?))
    }
}

/// A mutex's contents, even after a panic elsewhere.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Telegram {
    /// A front end over `service`, posting through `bot` at `pace`.
    pub fn new(service: Service, bot: Bot, style: Style, pace: Pace) -> Telegram {
        Telegram {
            service,
            bot,
            style,
            pace: Arc::new(pace),
            queued: Arc::default(),
            boards: Arc::default(),
            posted: Arc::default(),
            handled: Arc::new(AtomicU64::new(0)),
            pages: None,
        }
    }

    /// The front end with a page button under every board in play.
    pub fn with_pages(self, pages: Pages) -> Telegram {
        Telegram {
            pages: Some(Arc::new(pages)),
            ..self
        }
    }

    /// The buttons under game `game`'s board in `chat`.
    fn board_buttons(&self, chat: ChatId, game: i64) -> InlineKeyboardMarkup {
        let page = self.pages.as_ref().and_then(|p| p.button(chat, game));
        keyboard::board(game, page)
    }

    /// The Bot API client for `settings`.
    pub fn bot(settings: &config::Telegram) -> anyhow::Result<Bot> {
        let url = settings.api_url.parse()?;
        Ok(Bot::new(settings.token.expose()).set_api_url(url))
    }

    /// The bot's username, asked of the Bot API with `settings`' token:
    /// whether the token works (`seance check`).
    pub async fn whoami(settings: &config::Telegram) -> anyhow::Result<String> {
        let me = Telegram::bot(settings)?.get_me().await?;
        Ok(me.username().to_string())
    }

    /// Why the Bot API refuses `settings`' token, if it answers and does:
    /// a clear error at the start. An API out of reach is no refusal: the
    /// front end waits for it.
    pub async fn refused_token(settings: &config::Telegram) -> Option<String> {
        let bot = Telegram::bot(settings).ok()?;
        match bot.get_me().await {
            Err(error @ RequestError::Api(_)) => Some(error.to_string()),
            _ => None,
        }
    }

    /// Registers the command menu, in English and in Russian.
    pub async fn register(&self) -> Result<(), RequestError> {
        for (language, locale) in [(None, Locale::En), (Some("ru"), Locale::Ru)] {
            let commands = Verb::ALL
                .into_iter()
                .map(|verb| BotCommand::new(verb.name(), verb.spec().about(locale)));
            let request = self.bot.set_my_commands(commands);
            match language {
                Some(code) => request.language_code(code).await?,
                None => request.await?,
            };
        }
        Ok(())
    }

    /// The player and chat of an update, and the id Telegram gave it.
    fn context(user: &User, chat: ChatId, update: String) -> Context {
        Context {
            platform: PLATFORM,
            chat: chat.0.to_string(),
            user: user.id.0.to_string(),
            name: user.full_name(),
            locale: user.language_code.as_deref().and_then(Locale::parse),
            message: Some(update),
        }
    }

    /// A message in a chat: a command, a move in reply to one of the bot's
    /// messages about a game, or (in a private chat) anything typed.
    pub async fn message(&self, me: &Me, message: &Message) {
        let (Some(user), Some(text)) = (message.from.as_ref(), message.text()) else {
            return;
        };
        if user.is_bot {
            return;
        }
        let chat = message.chat.id;
        let about = message
            .reply_to_message()
            .filter(|m| m.from.as_ref().is_some_and(|u| u.id == me.id))
            .and_then(|m| {
                let posted = lock(&self.posted).get(&(chat, m.id)).copied();
                posted.or_else(|| m.reply_markup().and_then(board_game))
            });
        let private = message.chat.is_private();
        let context = Telegram::context(user, chat, message.id.0.to_string());
        for input in read(text, me.username(), private, about) {
            let replies = self.service.handle(&context, input).await;
            for reply in &replies {
                self.post(self.note(chat, reply, Some(message.id)));
            }
        }
    }

    /// A button pressed under one of the bot's messages.
    pub async fn callback(&self, query: &CallbackQuery) -> Result<(), RequestError> {
        let message = query.message.as_ref().and_then(|m| m.regular_message());
        let (Some(press), Some(message)) = (query.data.as_deref().and_then(Press::read), message)
        else {
            return self.answer(query, "?").await;
        };
        let chat = message.chat.id;
        let context = Telegram::context(&query.from, chat, query.id.to_string());
        let reader = context.reader();
        if let Press::Command(text) = &press {
            return self.command(query, message, commands::parse(text)).await;
        }
        let Some(game) = press.game() else {
            return self.answer(query, "?").await;
        };
        // A board that a newer one replaced keeps no live buttons.
        let newest = lock(&self.boards).get(&(chat, game)).copied();
        if newest.is_some_and(|id| id != message.id) {
            return self.answer(query, &Msg::OldBoard.text(reader)).await;
        }
        let target = Some(GameId(game));
        let markup = match &press {
            Press::Pick(_) | Press::From(..) | Press::Swaps(..) => {
                let moves = match self.service.standing(&context, target).await {
                    Standing::ToMove(moves) => moves,
                    Standing::Waiting(why) | Standing::Refused(why) => {
                        return self.answer(query, &why).await;
                    }
                };
                let (from, swaps) = match &press {
                    Press::From(_, from) => (Some(from.as_str()), false),
                    Press::Swaps(_, from) => (Some(from.as_str()), true),
                    _ => (None, false),
                };
                keyboard::picker(game, &moves, from, swaps)
            }
            Press::Close(_) => self.board_buttons(chat, game),
            Press::Resign(_) => match self.service.standing(&context, target).await {
                Standing::Refused(why) => return self.answer(query, &why).await,
                _ => keyboard::confirm_resign(game, query.from.id),
            },
            Press::ResignSure(_, asker) if *asker != query.from.id => {
                return self.answer(query, &Msg::NotYourQuestion.text(reader)).await;
            }
            _ => {
                let command = match &press {
                    Press::Play(_, mv) => Command::Move(target, mv.clone()),
                    Press::Moves(_) => Command::Moves(target, None),
                    Press::Draw(_) => Command::Offer(target, Proposal::Draw),
                    _ => Command::Resign(target),
                };
                return self.command(query, message, Ok(command)).await;
            }
        };
        self.answer(query, "").await?;
        self.edit(chat, message.id, markup).await
    }

    /// Sends the command of a button press: a refusal, or a list for the
    /// presser, answers only them (as an alert, if it fits); what the chat
    /// should see is posted, and a question answered loses its buttons.
    async fn command(
        &self,
        query: &CallbackQuery,
        message: &Message,
        input: Input,
    ) -> Result<(), RequestError> {
        let chat = message.chat.id;
        let context = Telegram::context(&query.from, chat, query.id.to_string());
        let replies = self.service.handle(&context, input).await;
        let private = replies.iter().all(|r| r.private);
        let alert: String = replies
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        if private && alert.chars().count() <= MAX_ALERT {
            return self.answer(query, &alert).await;
        }
        for reply in &replies {
            self.post(self.note(chat, reply, Some(message.id)));
        }
        self.answer(query, "").await?;
        let question = !lock(&self.boards).values().any(|id| *id == message.id);
        if !private && question {
            self.edit(chat, message.id, InlineKeyboardMarkup::default())
                .await?;
        }
        Ok(())
    }

    /// Answers a button press: with `text` as an alert for the presser alone, or silently.
    async fn answer(&self, query: &CallbackQuery, text: &str) -> Result<(), RequestError> {
        let text: String = text.chars().take(MAX_ALERT).collect();
        let request = self.bot.answer_callback_query(query.id.clone());
        match text.is_empty() {
            true => request.await?,
            false => request.text(text).show_alert(true).await?,
        };
        Ok(())
    }

    /// Changes the buttons of a message in place.
    async fn edit(
        &self,
        chat: ChatId,
        message: MessageId,
        markup: InlineKeyboardMarkup,
    ) -> Result<(), RequestError> {
        let edited = retrying(|| {
            self.bot
                .edit_message_reply_markup(chat, message)
                .reply_markup(markup.clone())
                .into_future()
        })
        .await;
        match edited {
            // Pressing the same button twice changes nothing, which Telegram calls an error.
            Err(RequestError::Api(teloxide::ApiError::MessageNotModified)) | Ok(_) => Ok(()),
            Err(error) => Err(error),
        }
    }

    /// A service reply as a note for `chat`: mentions as links, the board's
    /// picture with its buttons (while the game is on) or the service's
    /// buttons; a private reply answers the asking message.
    fn note(&self, chat: ChatId, reply: &Reply, asking: Option<MessageId>) -> Note {
        let (text, _) = reply.mentioning(html, |id, name| {
            format!("<a href=\"tg://user?id={id}\">{name}</a>")
        });
        let mut note = Note::text(chat, text);
        if reply.private {
            note.reply_to = asking;
        }
        note.game = reply.about.map(|a| a.game.0);
        note.urgent = reply.board.is_some() || !reply.mentions.is_empty();
        note.keyboard = keyboard::commands(&reply.buttons);
        if let Some(board) = &reply.board {
            note.photo = Some(Photo {
                game: board.game.0,
                png: board.png(&self.style),
            });
            if board.view.panel.outcome.is_none() {
                note.keyboard = Some(self.board_buttons(chat, board.game.0));
            }
            note.replay = board.replay(&self.style, MAX_FILE, "telegram");
        }
        note
    }

    /// Everything queued has been posted.
    pub fn idle(&self) -> bool {
        self.pace.idle()
    }

    /// How many updates have been handled since the start, for health checks
    /// (and tests, which wait for their updates with it).
    pub fn handled(&self) -> u64 {
        self.handled.load(Ordering::SeqCst)
    }

    /// Queues a note in its chat; starts the chat's sender if none works.
    pub fn post(&self, note: Note) {
        let chat = note.chat;
        if self.pace.push(note) {
            let telegram = self.clone();
            tokio::spawn(async move { telegram.drain(chat).await });
        }
    }

    /// Posts a chat's queue, waiting when its budget is spent.
    async fn drain(&self, chat: ChatId) {
        loop {
            match self.pace.next(chat) {
                Step::Idle => return,
                Step::Wait(wait) => tokio::time::sleep(wait).await,
                Step::Send(note) => {
                    if let Some(wait) = self.shared_wait(chat).await {
                        self.pace.put_back(note);
                        tokio::time::sleep(wait).await;
                        continue;
                    }
                    let outbox = note.outbox.clone();
                    let (game, board, live) =
                        (note.game, note.photo.is_some(), note.keyboard.is_some());
                    match self.send(note).await {
                        Ok(posted) => {
                            self.remember(chat, game, &posted, board, live).await;
                            for &id in &outbox {
                                if let Err(error) = self.service.delivered(id).await {
                                    tracing::warn!("telegram: outbox: {error}");
                                }
                            }
                        }
                        // Refused for good (the bot left the group), the messages
                        // are set aside; else they come back later.
                        Err(error) => {
                            tracing::warn!("telegram: posting failed: {error}");
                            let refusal = refusal(&error);
                            for &id in &outbox {
                                if let Err(error) =
                                    self.service.undelivered(id, refusal.clone()).await
                                {
                                    tracing::warn!("telegram: outbox: {error}");
                                }
                            }
                        }
                    }
                    let mut queued = lock(&self.queued);
                    for id in &outbox {
                        queued.remove(id);
                    }
                }
            }
        }
    }

    /// How long the chat's budget shared with other processes asks to wait,
    /// if it is spent. A database that fails leaves the local budget alone
    /// in charge.
    async fn shared_wait(&self, chat: ChatId) -> Option<Duration> {
        let (burst, every) = self.pace.budget();
        let now = SystemClock.now_ms();
        let chat = chat.0.to_string();
        match self
            .service
            .spend_post(PLATFORM, &chat, now, every, burst)
            .await
        {
            Ok(wait) => {
                if let Some(wait) = wait {
                    metrics::histogram!("seance_budget_wait_seconds", "platform" => "telegram")
                        .record(wait.as_secs_f64());
                }
                wait
            }
            Err(error) => {
                tracing::warn!("telegram: the shared budget is out of reach: {error}");
                None
            }
        }
    }

    /// Remembers what was posted about `game`; a new board takes the live
    /// buttons from the game's previous one (and a final board from all).
    async fn remember(
        &self,
        chat: ChatId,
        game: Option<i64>,
        posted: &[MessageId],
        board: bool,
        live: bool,
    ) {
        let Some(game) = game else {
            return;
        };
        {
            let mut remembered = lock(&self.posted);
            if remembered.len() >= REMEMBERED {
                remembered.clear();
            }
            for &id in posted {
                remembered.insert((chat, id), game);
            }
        }
        if !board {
            return;
        }
        let newest = posted.last().copied();
        let older = {
            let mut boards = lock(&self.boards);
            match (live, newest) {
                (true, Some(id)) => boards.insert((chat, game), id),
                _ => boards.remove(&(chat, game)),
            }
        };
        if let Some(older) = older.filter(|id| Some(*id) != newest)
            && let Err(error) = self
                .edit(chat, older, InlineKeyboardMarkup::default())
                .await
        {
            tracing::warn!("telegram: clearing an old board's buttons failed: {error}");
        }
    }

    /// Posts one note: a photo with its caption, or a text; a text too long
    /// for a caption goes before its photo, one too long for a message as a
    /// file. Returns the messages posted.
    async fn send(&self, note: Note) -> Result<Vec<MessageId>, RequestError> {
        let reply = note
            .reply_to
            .map(|id| ReplyParameters::new(id).allow_sending_without_reply());
        let caption_fits = note.text.chars().count() <= MAX_CAPTION;
        let mut posted = Vec::new();
        if note.photo.is_none() || !caption_fits {
            if note.text.chars().count() > MAX_TEXT {
                let first = note.text.lines().next().unwrap_or("").to_string();
                let sent = retrying(|| {
                    let file = InputFile::memory(strip_html(&note.text).into_bytes())
                        .file_name("seance.txt");
                    let mut request = self.bot.send_document(note.chat, file);
                    if first.chars().count() <= MAX_CAPTION {
                        request = request.caption(first.clone()).parse_mode(ParseMode::Html);
                    }
                    if let Some(reply) = reply.clone() {
                        request = request.reply_parameters(reply);
                    }
                    request.into_future()
                })
                .await?;
                posted.push(sent.id);
            } else if !note.text.is_empty() {
                let sent = retrying(|| {
                    let mut request = self
                        .bot
                        .send_message(note.chat, note.text.clone())
                        .parse_mode(ParseMode::Html);
                    if let Some(reply) = reply.clone() {
                        request = request.reply_parameters(reply);
                    }
                    if note.photo.is_none()
                        && let Some(markup) = note.keyboard.clone()
                    {
                        request = request.reply_markup(markup);
                    }
                    request.into_future()
                })
                .await?;
                posted.push(sent.id);
            }
        }
        if let Some(photo) = &note.photo {
            let sent = retrying(|| {
                let name = format!("seance-game-{}.png", photo.game);
                let file = InputFile::memory(photo.png.clone()).file_name(name);
                let mut request = self.bot.send_photo(note.chat, file);
                if caption_fits {
                    request = request
                        .caption(note.text.clone())
                        .parse_mode(ParseMode::Html);
                }
                if let Some(markup) = note.keyboard.clone() {
                    request = request.reply_markup(markup);
                }
                request.into_future()
            })
            .await?;
            posted.push(sent.id);
        }
        if let Some(replay) = &note.replay {
            let sent = retrying(|| {
                let file = InputFile::memory(replay.clone()).file_name("seance-replay.gif");
                self.bot.send_animation(note.chat, file).into_future()
            })
            .await?;
            posted.push(sent.id);
        }
        Ok(posted)
    }

    /// Queues what waits in the outbox: in the game's chat, or privately to
    /// the mentioned player where they asked for that. Returns how many.
    pub async fn deliver(&self) -> Result<usize, crate::store::StoreError> {
        let mut count = 0;
        for delivery in self.service.deliveries(PLATFORM, 20).await? {
            if !lock(&self.queued).insert(delivery.id) {
                continue;
            }
            let private = delivery
                .reply
                .mentions
                .first()
                .and_then(|m| m.user.parse::<i64>().ok())
                .filter(|_| delivery.direct);
            let Some(chat) = private.or_else(|| delivery.chat.parse().ok()) else {
                self.service.delivered(delivery.id).await?;
                continue;
            };
            let mut note = self.note(ChatId(chat), &delivery.reply, None);
            note.outbox = vec![delivery.id];
            self.post(note);
            count += 1;
        }
        Ok(count)
    }
}

/// Whether Telegram's refusal of a message is for good: any answer of the
/// API about the message or the chat (the bot was removed, the chat is
/// gone, the text cannot be posted) will be the same next time; the
/// network, a rate limit or a server error will not.
fn refusal(error: &RequestError) -> Refusal {
    let why = error.to_string();
    match error {
        RequestError::Api(ApiError::Unknown(text))
            if text.starts_with("Internal Server Error")
                || text.starts_with("Too Many Requests") =>
        {
            Refusal::Later(why)
        }
        RequestError::Api(_) | RequestError::MigrateToChatId(_) => Refusal::Never(why),
        _ => Refusal::Later(why),
    }
}

/// Runs a request, waiting and trying again as often as Telegram's
/// `retry_after` asks, [`TRIES`] times in all; the last refusal is logged
/// and returned.
async fn retrying<T, F, R>(mut request: F) -> Result<T, RequestError>
where
    F: FnMut() -> R,
    R: Future<Output = Result<T, RequestError>>,
{
    let mut tries = 1;
    loop {
        match request().await {
            Err(RequestError::RetryAfter(wait)) if tries < TRIES => {
                metrics::counter!("seance_rate_limited_total", "platform" => "telegram")
                    .increment(1);
                tries += 1;
                tokio::time::sleep(wait.duration().max(Duration::from_millis(100))).await;
            }
            Err(error @ RequestError::RetryAfter(_)) => {
                tracing::warn!("telegram: giving up after {tries} tries: {error}");
                return Err(error);
            }
            other => return other,
        }
    }
}

/// The game of a board message, read from its buttons.
fn board_game(markup: &InlineKeyboardMarkup) -> Option<i64> {
    markup
        .inline_keyboard
        .iter()
        .flatten()
        .find_map(|button| match &button.kind {
            teloxide::types::InlineKeyboardButtonKind::CallbackData(data) => {
                Press::read(data).and_then(|p| p.game())
            }
            _ => None,
        })
}

/// The commands a chat message stands for: `/cmd@bot args` when meant for
/// this bot, a move in reply to one of its messages about a game (chatter
/// in reply is left alone), anything in a private chat. `/start` in a
/// private chat lets the bot write to the player there.
pub fn read(text: &str, bot: &str, private: bool, board: Option<i64>) -> Vec<Input> {
    let text = text.trim();
    if !text.starts_with('/') {
        return match board {
            // A reply to the bot about a game is a move if it looks like one.
            Some(game) if notation::looks_like_move(text) => {
                vec![commands::reply_move(GameId(game), text)]
            }
            None if private => vec![commands::parse(text)],
            _ => Vec::new(),
        };
    }
    let word = text[1..].split_whitespace().next().unwrap_or("");
    let (name, addressed) = match word.split_once('@') {
        Some((name, to)) if to.eq_ignore_ascii_case(bot) => (name, true),
        Some(_) => return Vec::new(),
        None => (word, private),
    };
    if private && name.eq_ignore_ascii_case(Verb::Start.name()) {
        return vec![
            Ok(Command::Settings(vec![Setting::DirectMessages(true)])),
            Ok(Command::Help(None)),
        ];
    }
    let input = commands::parse(text);
    // Another bot's command in a group, not addressed to us: not ours to answer.
    if !addressed && matches!(input, Err(ParseError::Unknown(_))) {
        return Vec::new();
    }
    vec![input]
}

/// Text made safe for Telegram's HTML.
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// HTML back to plain text, for a file.
fn strip_html(text: &str) -> String {
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    plain
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The page buttons' targets, and the bot's menu button set to open the
/// Mini App (which lists the player's games). A menu that cannot be set is
/// logged: the buttons under the boards work without it.
async fn pages(bot: &Bot, settings: &config::Telegram, web_url: &str) -> Pages {
    let mini_app = match settings.mini_app.trim() {
        "" => None,
        app => match bot.get_me().await {
            Ok(me) => Some(format!("https://t.me/{}/{app}", me.username())),
            Err(error) => {
                tracing::warn!(
                    "telegram: no Mini App link, the bot's name is out of reach: {error}"
                );
                None
            }
        },
    };
    let start = format!("{}/", web_url.trim_end_matches('/'));
    if let Ok(url) = start.parse() {
        let menu = MenuButton::WebApp {
            text: "♟ Seance".to_string(),
            web_app: WebAppInfo { url },
        };
        if let Err(error) = bot.set_chat_menu_button().menu_button(menu).await {
            tracing::warn!("telegram: setting the menu button failed: {error}");
        }
    }
    Pages {
        web_url: web_url.to_string(),
        mini_app,
    }
}

/// Runs the front end until it is stopped: the dispatcher (long polling, or
/// the webhook when `webhook_url` is set) and the outbox's delivery. A Bot
/// API out of reach is waited for, never the end of the process; only
/// settings that cannot work end it.
/// With a `web_url`, the game pages' public address, every board in play
/// gets a page button, and the bot's menu opens the player's games.
pub async fn run(
    service: Service,
    settings: config::Telegram,
    style: Style,
    web_url: String,
) -> anyhow::Result<()> {
    let bot = Telegram::bot(&settings)?;
    let mut telegram = Telegram::new(service, bot.clone(), style, Pace::telegram());
    let webhook = || -> anyhow::Result<webhooks::Options> {
        let options =
            webhooks::Options::new(settings.listen.parse()?, settings.webhook_url.parse()?);
        Ok(options.secret_token(settings.webhook_secret.expose().to_string()))
    };
    // A webhook whose addresses cannot be read fails now, not after a wait.
    if !settings.webhook_url.is_empty() {
        let _checked = webhook()?;
    }
    let mut wait = Backoff::default();
    // The Bot API may be out of reach at the start (or later): wait for it,
    // while the scheduler and the other front ends go on.
    reachable(&bot, &mut wait).await;
    if !web_url.trim().is_empty() {
        telegram = telegram.with_pages(pages(&bot, &settings, web_url.trim()).await);
    }
    if let Err(error) = telegram.register().await {
        tracing::warn!("telegram: registering the commands failed: {error}");
    }
    let courier = telegram.clone();
    super::courier(PLATFORM.name(), move || {
        let courier = courier.clone();
        async move { courier.deliver().await }
    });
    let mut dispatcher = dispatcher(telegram);
    loop {
        let handler = teloxide::error_handlers::LoggingErrorHandler::with_custom_text("telegram");
        let dispatched = match settings.webhook_url.is_empty() {
            true => {
                let listener = teloxide::update_listeners::polling_default(bot.clone()).await;
                dispatcher
                    .try_dispatch_with_listener(listener, handler)
                    .await
            }
            false => match webhooks::axum(bot.clone(), webhook()?).await {
                Ok(listener) => {
                    dispatcher
                        .try_dispatch_with_listener(listener, handler)
                        .await
                }
                Err(error) => Err(error),
            },
        };
        match dispatched {
            // Stopped (Ctrl-C).
            Ok(()) => return Ok(()),
            Err(error) => {
                tracing::warn!("telegram: cannot start receiving updates: {error}");
                tokio::time::sleep(wait.next()).await;
                reachable(&bot, &mut wait).await;
            }
        }
    }
}

/// Waits between tries at reaching the Bot API: 1 s, then twice as long
/// each time, at most a minute.
#[derive(Default)]
struct Backoff(u32);

impl Backoff {
    fn next(&mut self) -> Duration {
        let wait = Duration::from_secs(1 << self.0.min(6)).min(Duration::from_secs(60));
        self.0 += 1;
        wait
    }
}

/// Returns once the Bot API answers, trying again as `wait` says.
async fn reachable(bot: &Bot, wait: &mut Backoff) {
    loop {
        match bot.get_me().await {
            Ok(_) => return,
            Err(error) => {
                let pause = wait.next();
                tracing::warn!(
                    "telegram: the Bot API does not answer ({error}); trying again in {}s",
                    pause.as_secs()
                );
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// teloxide's dispatcher with the front end's two handlers: messages and buttons.
pub fn dispatcher(
    telegram: Telegram,
) -> Dispatcher<Bot, RequestError, teloxide::dispatching::DefaultKey> {
    let handler = dptree::entry()
        .branch(Update::filter_message().endpoint(
            |telegram: Telegram, me: Me, message: Message| async move {
                telegram.message(&me, &message).await;
                telegram.handled.fetch_add(1, Ordering::SeqCst);
                Ok(())
            },
        ))
        .branch(Update::filter_callback_query().endpoint(
            |telegram: Telegram, query: CallbackQuery| async move {
                let answered = telegram.callback(&query).await;
                telegram.handled.fetch_add(1, Ordering::SeqCst);
                answered
            },
        ));
    let handled = telegram.handled.clone();
    Dispatcher::builder(telegram.bot.clone(), handler)
        .dependencies(dptree::deps![telegram])
        .default_handler(move |_| {
            let handled = handled.clone();
            async move {
                handled.fetch_add(1, Ordering::SeqCst);
            }
        })
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_commands() {
        let said = |text, private, board| read(text, "SeanceBot", private, board);
        let mv = |text: &str| Ok(Command::Move(None, text.to_string()));
        assert_eq!(said("/move e2e4", false, None), [mv("e2e4")]);
        assert_eq!(said("/move@seancebot e2e4", false, None), [mv("e2e4")]);
        assert!(said("/move@OtherBot e2e4", false, None).is_empty());
        assert_eq!(
            said("/new@SeanceBot through time=1d", false, None),
            [commands::parse("new through time=1d")]
        );
        assert_eq!(
            said("e2-e4", false, Some(3)),
            [Ok(Command::Move(Some(GameId(3)), "e2-e4".to_string()))]
        );
        assert!(said("nice move lol", false, Some(3)).is_empty(), "chatter");
        assert!(said("hello all", false, None).is_empty(), "group chatter");
        assert_eq!(said("help", true, None), [Ok(Command::Help(None))]);
        assert_eq!(
            said("/start", true, None),
            [
                Ok(Command::Settings(vec![Setting::DirectMessages(true)])),
                Ok(Command::Help(None))
            ]
        );
        assert_eq!(said("/start", false, None), [Ok(Command::Start(None))]);
        assert!(said("/frobnicate", false, None).is_empty(), "another bot's");
        let unknown = || Err(ParseError::Unknown("frobnicate".to_string()));
        assert_eq!(said("/frobnicate@SeanceBot", false, None), [unknown()]);
        assert_eq!(said("/frobnicate", true, None), [unknown()]);
    }

    #[test]
    fn text_is_escaped_for_html_and_back() {
        let text = "exchange <colour> & more";
        assert_eq!(html(text), "exchange &lt;colour&gt; &amp; more");
        assert_eq!(
            strip_html(&format!(
                "<a href=\"tg://user?id=1\">Ann</a>: {}",
                html(text)
            )),
            format!("Ann: {text}")
        );
    }
}
