//! The Telegram front end: commands, replies to the board and the move
//! picker's buttons in group and private chats, each turned into the
//! service's typed command; every reply posted as a message or a board photo
//! through the chat's [`pace`] queue. teloxide's dispatcher delivers the
//! updates, by long polling or by webhook. No game logic lives here.

pub mod keyboard;
pub mod pace;

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use teloxide::dispatching::{Dispatcher, UpdateFilterExt};
use teloxide::dptree;
use teloxide::payloads::{
    AnswerCallbackQuerySetters, EditMessageReplyMarkupSetters, SendDocumentSetters,
    SendMessageSetters, SendPhotoSetters, SetMyCommandsSetters,
};
use teloxide::prelude::Requester;
use teloxide::types::{
    BotCommand, CallbackQuery, ChatId, InlineKeyboardMarkup, InputFile, Me, Message, MessageId,
    ParseMode, ReplyParameters, Update, User,
};
use teloxide::update_listeners::webhooks;
use teloxide::{Bot, RequestError};

use self::keyboard::Press;
use self::pace::{MAX_CAPTION, MAX_TEXT, Note, Pace, Photo, Step};
use crate::commands::{self, Command, ParseError, Proposal, Setting, Verb};
use crate::config;
use crate::platform::Platform;
use crate::service::i18n::Locale;
use crate::service::reply::Reply;
use crate::service::{Context, Input, Service};
use crate::store::GameId;
use seance_render::Style;

/// The platform.
const PLATFORM: Platform = Platform::Telegram;

/// Telegram's limit on the text of a callback's answer.
const MAX_ALERT: usize = 200;

/// The front end: the service, the Bot API client, how boards look, and the chats' queues.
#[derive(Clone)]
pub struct Telegram {
    service: Service,
    bot: Bot,
    style: Style,
    pace: Arc<Pace>,
    /// Outbox messages queued but not yet posted, so that a slow queue does
    /// not take them twice.
    queued: Arc<Mutex<HashSet<i64>>>,
    /// Updates handled since the start.
    handled: Arc<AtomicU64>,
}

impl Telegram {
    /// A front end over `service`, posting through `bot` at `pace`.
    pub fn new(service: Service, bot: Bot, style: Style, pace: Pace) -> Telegram {
        Telegram {
            service,
            bot,
            style,
            pace: Arc::new(pace),
            queued: Arc::new(Mutex::new(HashSet::new())),
            handled: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The Bot API client for `settings`.
    pub fn bot(settings: &config::Telegram) -> anyhow::Result<Bot> {
        let url = settings.api_url.parse()?;
        Ok(Bot::new(settings.token.expose()).set_api_url(url))
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

    /// The player and chat of an update.
    fn context(user: &User, chat: ChatId) -> Context {
        Context {
            platform: PLATFORM,
            chat: chat.0.to_string(),
            user: user.id.0.to_string(),
            name: user.full_name(),
            locale: user.language_code.as_deref().and_then(Locale::parse),
        }
    }

    /// A message in a chat: a command, a move in reply to a board, or (in a
    /// private chat) anything typed.
    pub async fn message(&self, me: &Me, message: &Message) {
        let (Some(user), Some(text)) = (message.from.as_ref(), message.text()) else {
            return;
        };
        if user.is_bot {
            return;
        }
        let board = message
            .reply_to_message()
            .filter(|m| m.from.as_ref().is_some_and(|u| u.id == me.id))
            .and_then(|m| m.reply_markup())
            .and_then(board_game);
        let private = message.chat.is_private();
        let context = Telegram::context(user, message.chat.id);
        for input in read(text, me.username(), private, board) {
            let replies = self.service.handle(&context, input).await;
            for reply in &replies {
                self.post(self.note(message.chat.id, reply, Some(message.id)));
            }
        }
    }

    /// A button pressed under one of the bot's messages.
    pub async fn callback(&self, query: &CallbackQuery) -> Result<(), RequestError> {
        let message = query.message.as_ref().and_then(|m| m.regular_message());
        let (Some(press), Some(message)) = (query.data.as_deref().and_then(Press::read), message)
        else {
            self.bot
                .answer_callback_query(query.id.clone())
                .text("?")
                .await?;
            return Ok(());
        };
        let chat = message.chat.id;
        let context = Telegram::context(&query.from, chat);
        let game = press.game();
        let target = Some(GameId(game));
        let markup = match &press {
            Press::Pick(_) | Press::From(..) => {
                let moves = self.service.legal_moves(&context, target).await;
                if moves.is_empty() {
                    // Not this player's turn, or not their game: the service says which.
                    let replies = self
                        .service
                        .handle(&context, Command::Moves(target, None))
                        .await;
                    return self.alert(query, &replies).await;
                }
                let from = match &press {
                    Press::From(_, from) => Some(from.as_str()),
                    _ => None,
                };
                Some(keyboard::picker(game, &moves, from))
            }
            Press::Close(_) => Some(keyboard::board(game)),
            Press::Resign(_) => Some(keyboard::confirm_resign(game)),
            _ => None,
        };
        if let Some(markup) = markup {
            self.bot.answer_callback_query(query.id.clone()).await?;
            return self.edit(chat, message.id, markup).await;
        }
        let command = match &press {
            Press::Play(_, mv) => Command::Move(target, mv.clone()),
            Press::Moves(_) => Command::Moves(target, None),
            Press::Draw(_) => Command::Offer(target, Proposal::Draw),
            _ => Command::Resign(target),
        };
        let replies = self.service.handle(&context, command).await;
        if replies.iter().all(|r| r.private) && !matches!(press, Press::Moves(_)) {
            return self.alert(query, &replies).await;
        }
        for reply in &replies {
            self.post(self.note(chat, reply, Some(message.id)));
        }
        self.bot.answer_callback_query(query.id.clone()).await?;
        if matches!(press, Press::Play(..) | Press::ResignSure(_)) {
            // The board is history now: a new one follows.
            self.edit(chat, message.id, InlineKeyboardMarkup::default())
                .await?;
        }
        Ok(())
    }

    /// Answers a button with the service's refusal, shown only to the presser.
    async fn alert(&self, query: &CallbackQuery, replies: &[Reply]) -> Result<(), RequestError> {
        let text: String = replies
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
            .chars()
            .take(MAX_ALERT)
            .collect();
        self.bot
            .answer_callback_query(query.id.clone())
            .text(text)
            .show_alert(true)
            .await?;
        Ok(())
    }

    /// Changes the buttons of a message in place.
    async fn edit(
        &self,
        chat: ChatId,
        message: MessageId,
        markup: InlineKeyboardMarkup,
    ) -> Result<(), RequestError> {
        match self
            .bot
            .edit_message_reply_markup(chat, message)
            .reply_markup(markup)
            .await
        {
            // Pressing the same button twice changes nothing, which Telegram calls an error.
            Err(RequestError::Api(teloxide::ApiError::MessageNotModified)) | Ok(_) => Ok(()),
            Err(error) => Err(error),
        }
    }

    /// A service reply as a note for `chat`: mentions as links, the board's
    /// picture with its buttons; a private reply answers the asking message.
    fn note(&self, chat: ChatId, reply: &Reply, asking: Option<MessageId>) -> Note {
        let (text, _) = reply.mentioning(html, |id, name| {
            format!("<a href=\"tg://user?id={id}\">{name}</a>")
        });
        let mut note = Note::text(chat, text);
        if reply.private {
            note.reply_to = asking;
        }
        if let Some(board) = &reply.board {
            note.photo = Some(Photo {
                game: board.game.0,
                png: board.png(&self.style),
            });
            if board.view.panel.outcome.is_none() {
                note.keyboard = Some(keyboard::board(board.game.0));
            }
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
                    let outbox = note.outbox.clone();
                    match self.send(note).await {
                        Ok(()) => {
                            for &id in &outbox {
                                if let Err(error) = self.service.delivered(id).await {
                                    eprintln!("telegram: outbox: {error}");
                                }
                            }
                        }
                        Err(error) => eprintln!("telegram: posting failed: {error}"),
                    }
                    let mut queued = self.queued.lock().unwrap_or_else(|e| e.into_inner());
                    for id in &outbox {
                        queued.remove(id);
                    }
                }
            }
        }
    }

    /// Posts one note: a photo with its caption, or a text; a text too long
    /// for a caption goes before its photo, one too long for a message as a file.
    async fn send(&self, note: Note) -> Result<(), RequestError> {
        let reply = note
            .reply_to
            .map(|id| ReplyParameters::new(id).allow_sending_without_reply());
        let caption_fits = note.text.chars().count() <= MAX_CAPTION;
        if note.photo.is_none() || !caption_fits {
            if note.text.chars().count() > MAX_TEXT {
                let file =
                    InputFile::memory(strip_html(&note.text).into_bytes()).file_name("seance.txt");
                let first = note.text.lines().next().unwrap_or("").to_string();
                let mut request = self.bot.send_document(note.chat, file);
                if first.chars().count() <= MAX_CAPTION {
                    request = request.caption(first).parse_mode(ParseMode::Html);
                }
                if let Some(reply) = reply.clone() {
                    request = request.reply_parameters(reply);
                }
                request.await?;
            } else if !note.text.is_empty() {
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
                request.await?;
            }
        }
        if let Some(photo) = note.photo {
            let file =
                InputFile::memory(photo.png).file_name(format!("seance-game-{}.png", photo.game));
            let mut request = self.bot.send_photo(note.chat, file);
            if caption_fits {
                request = request.caption(note.text).parse_mode(ParseMode::Html);
            }
            if let Some(markup) = note.keyboard {
                request = request.reply_markup(markup);
            }
            request.await?;
        }
        Ok(())
    }

    /// Queues what waits in the outbox: in the game's chat, or privately to
    /// the mentioned player where they asked for that. Returns how many.
    pub async fn deliver(&self) -> Result<usize, crate::store::StoreError> {
        let mut count = 0;
        for delivery in self.service.deliveries(PLATFORM, 20).await? {
            if !self
                .queued
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(delivery.id)
            {
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

/// The game of a board message, read from its buttons.
fn board_game(markup: &InlineKeyboardMarkup) -> Option<i64> {
    markup
        .inline_keyboard
        .iter()
        .flatten()
        .find_map(|button| match &button.kind {
            teloxide::types::InlineKeyboardButtonKind::CallbackData(data) => {
                Press::read(data).map(|p| p.game())
            }
            _ => None,
        })
}

/// The commands a chat message stands for: `/cmd@bot args` when meant for
/// this bot, a move in reply to one of its boards, anything in a private
/// chat. `/start` in a private chat lets the bot write to the player there.
pub fn read(text: &str, bot: &str, private: bool, board: Option<i64>) -> Vec<Input> {
    let text = text.trim();
    if !text.starts_with('/') {
        return match board {
            Some(game) => vec![commands::reply_move(GameId(game), text)],
            None if private => vec![commands::parse(text)],
            None => Vec::new(),
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
            Ok(Command::Help),
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

/// Runs the front end until it fails: the dispatcher (long polling, or the
/// webhook when `webhook_url` is set) and the outbox's delivery.
pub async fn run(service: Service, settings: config::Telegram, style: Style) -> anyhow::Result<()> {
    let bot = Telegram::bot(&settings)?;
    let telegram = Telegram::new(service, bot.clone(), style, Pace::telegram());
    if let Err(error) = telegram.register().await {
        eprintln!("telegram: registering the commands failed: {error}");
    }
    let courier = telegram.clone();
    super::courier(PLATFORM.name(), move || {
        let courier = courier.clone();
        async move { courier.deliver().await }
    });
    let mut dispatcher = dispatcher(telegram);
    if settings.webhook_url.is_empty() {
        dispatcher.dispatch().await;
    } else {
        let mut options =
            webhooks::Options::new(settings.listen.parse()?, settings.webhook_url.parse()?);
        if !settings.webhook_secret.expose().is_empty() {
            options = options.secret_token(settings.webhook_secret.expose().to_string());
        }
        let listener = webhooks::axum(bot, options).await?;
        dispatcher
            .dispatch_with_listener(
                listener,
                teloxide::error_handlers::LoggingErrorHandler::with_custom_text(
                    "telegram: webhook",
                ),
            )
            .await;
    }
    Ok(())
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
        assert!(said("hello all", false, None).is_empty(), "group chatter");
        assert_eq!(said("help", true, None), [Ok(Command::Help)]);
        assert_eq!(
            said("/start", true, None),
            [
                Ok(Command::Settings(vec![Setting::DirectMessages(true)])),
                Ok(Command::Help)
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
