//! The Discord front end: slash commands, autocompletion, buttons and replies
//! to the board in a channel, each turned into the service's command; every
//! reply turned into a Discord message with the board's picture attached.
//! The same handler serves the gateway and the HTTP interactions endpoint
//! ([`endpoint`]). No game logic lives here.
//!
//! It uses serenity's models and REST client directly rather than poise: the
//! HTTP endpoint and the tests hand it interactions without a gateway
//! connection, which poise's framework needs for its own dispatch.

pub mod endpoint;
pub mod slash;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    AutocompleteChoice, ButtonStyle, ChannelId, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context as Gateway, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse,
    EventHandler, GatewayIntents, GuildId, Http, HttpBuilder, Interaction, Message, ReactionType,
    Ready, UserId,
};
use serenity::builder::Builder;

use crate::adapters::picker;
use crate::commands::{self, Command, Kind, Proposal, Value, Verb};
use crate::config;
use crate::platform::Platform;
use crate::service::i18n::{self, Locale, Msg};
use crate::service::reply::{Button, Reply};
use crate::service::{Context, Input, Refusal, Service, Standing, Viewer};
use crate::store::GameId;
use crate::web::who::{TICKET_SECONDS, Ticket};
use seance_engine::notation;
use seance_render::Style;

/// The platform.
const PLATFORM: Platform = Platform::Discord;

/// Discord's limit on a message's text.
const MAX_TEXT: usize = 2000;

/// Discord's limit on autocomplete suggestions and on a select menu's options.
const MAX_CHOICES: usize = 25;

/// Discord's limit on a component's custom id.
const MAX_CUSTOM_ID: usize = 100;

/// How often a request refused with `429 Too Many Requests` is tried in all.
const TRIES: u32 = 5;

/// The front end: the service, Discord's REST client, and how boards look.
#[derive(Clone)]
pub struct Discord {
    service: Service,
    http: Arc<Http>,
    style: Style,
    /// The game pages, if the bot serves them publicly.
    pages: Option<Arc<Pages>>,
}

/// The game pages as Discord offers them: a 📲 button under each board in
/// play gives the player who presses it a link of their own, signed with the
/// server's secret and shown only to them.
#[derive(Clone, Debug)]
pub struct Pages {
    /// The pages' public address, `[server] web_url`.
    pub web_url: String,
    /// Signs the players' links, `[server] secret`.
    pub secret: config::Secret,
}

/// The largest file Discord takes from a bot in a server without boosts
/// (10 MiB); a bigger one fails the whole message.
pub const MAX_FILE: usize = 10 * 1024 * 1024;

/// A message to send, whatever the way: a response, a follow-up, a channel message.
#[derive(Clone, Debug, Default)]
pub struct Outgoing {
    /// The text, mentions written as `<@id>`.
    pub text: String,
    /// Only the asking player sees it.
    pub ephemeral: bool,
    /// Files: the board's picture, or a text too long for a message.
    pub files: Vec<CreateAttachment>,
    /// Users the message may notify.
    pub mentions: Vec<UserId>,
    /// Buttons and menus under it.
    pub buttons: Vec<CreateActionRow>,
}

/// What to answer an interaction with.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Messages: the first is the response, the others follow.
    Messages(Vec<Outgoing>),
    /// Change the message whose component was used into the first, then
    /// send the others as new messages.
    Update(Outgoing, Vec<Outgoing>),
    /// Suggestions for the option being typed.
    Choices(Vec<AutocompleteChoice>),
}

/// Runs a request, trying again after a pause when Discord refuses it with
/// `429 Too Many Requests` (serenity's own rate limiter, when on, waits
/// for Discord's `retry_after` before that), [`TRIES`] times in all; the
/// last refusal is logged and returned.
async fn retrying<T, F, R>(mut request: F) -> serenity::Result<T>
where
    F: FnMut() -> R,
    R: Future<Output = serenity::Result<T>>,
{
    let mut tries = 1;
    loop {
        match request().await {
            Err(serenity::Error::Http(error))
                if error.status_code().is_some_and(|s| s.as_u16() == 429) =>
            {
                metrics::counter!("seance_rate_limited_total", "platform" => "discord")
                    .increment(1);
                if tries >= TRIES {
                    tracing::warn!("discord: giving up after {tries} tries: {error}");
                    return Err(serenity::Error::Http(error));
                }
                tokio::time::sleep(Duration::from_millis(250) * 2u32.pow(tries - 1)).await;
                tries += 1;
            }
            other => return other,
        }
    }
}

impl Discord {
    /// A front end over `service`, talking to Discord through `http`.
    pub fn new(service: Service, http: Arc<Http>, style: Style) -> Discord {
        Discord {
            service,
            http,
            style,
            pages: None,
        }
    }

    /// The front end with a page button under every board in play.
    pub fn with_pages(self, pages: Pages) -> Discord {
        Discord {
            pages: Some(Arc::new(pages)),
            ..self
        }
    }

    /// The answer to the page button of game `game`: to a player, a link of
    /// their own that signs them in on the page; to anyone else, the
    /// read-only page.
    async fn page_link(&self, context: &Context, game: i64) -> Outgoing {
        let Some(pages) = &self.pages else {
            return Outgoing::default();
        };
        let reader = context.reader();
        let viewer = Viewer {
            platform: PLATFORM,
            user: context.user.clone(),
            name: context.name.clone(),
        };
        let page = crate::web::game_url(&pages.web_url, game);
        let seated = match self
            .service
            .page(GameId(game), reader.locale, Some(&viewer))
            .await
        {
            Ok(shown) => shown.you.is_some_and(|you| !you.seats.is_empty()),
            Err(why) => {
                return Outgoing {
                    text: why,
                    ephemeral: true,
                    ..Outgoing::default()
                };
            }
        };
        let (text, url) = if seated {
            let ticket = Ticket {
                game: GameId(game),
                viewer,
                expires: self.service.now() / 1000 + TICKET_SECONDS,
            };
            let signed = ticket.sign(pages.secret.expose().as_bytes());
            let days = TICKET_SECONDS / 86_400;
            let text = Msg::PageLink { id: game, days }.text(reader);
            (text, format!("{page}?ticket={signed}"))
        } else {
            (Msg::PageToLook(game).text(reader), page)
        };
        let open = CreateButton::new_link(url).label(Msg::PageButton.text(reader));
        Outgoing {
            text,
            ephemeral: true,
            buttons: vec![CreateActionRow::Buttons(vec![open])],
            ..Outgoing::default()
        }
    }

    /// Discord's REST client for `settings` (through its proxy, if one is set).
    pub fn http(settings: &config::Discord) -> Http {
        let mut builder = HttpBuilder::new(settings.token.expose());
        if let Ok(id) = settings.application_id.parse::<u64>() {
            builder = builder.application_id(id.into());
        }
        if !settings.proxy_url.is_empty() {
            builder = builder
                .proxy(settings.proxy_url.clone())
                .ratelimiter_disabled(true);
        }
        builder.build()
    }

    /// The bot's name, asked of Discord with `settings`' token: whether the
    /// token works (`seance check`).
    pub async fn whoami(settings: &config::Discord) -> anyhow::Result<String> {
        let me = Discord::http(settings).get_current_user().await?;
        Ok(me.name.clone())
    }

    /// Registers the slash commands: in `guild` only (shown at once, for
    /// development), or everywhere (Discord takes up to an hour to show them).
    pub async fn register(&self, guild: Option<GuildId>) {
        let definitions = slash::definitions();
        let registered = match guild {
            Some(guild) => guild.set_commands(&self.http, definitions).await,
            None => serenity::all::Command::set_global_commands(&self.http, definitions).await,
        };
        match registered {
            Ok(commands) => tracing::info!("discord: {} commands registered", commands.len()),
            Err(error) => tracing::warn!("discord: registering the commands failed: {error}"),
        }
    }

    /// Works out the answer to an interaction, through the service.
    pub async fn answer(&self, interaction: &Interaction) -> Option<Answer> {
        match interaction {
            Interaction::Command(command) => Some(self.command(command).await),
            Interaction::Autocomplete(command) => {
                Some(Answer::Choices(self.complete(command).await))
            }
            Interaction::Component(component) => Some(self.component(component).await),
            _ => None,
        }
    }

    /// Handles an interaction from the gateway: answers it through the REST API.
    pub async fn interaction(&self, interaction: &Interaction) -> serenity::Result<()> {
        let (id, token) = match interaction {
            Interaction::Command(c) | Interaction::Autocomplete(c) => (c.id, c.token.as_str()),
            Interaction::Component(c) => (c.id, c.token.as_str()),
            _ => return Ok(()),
        };
        let Some(answer) = self.answer(interaction).await else {
            return Ok(());
        };
        let respond = |response: CreateInteractionResponse| {
            retrying(move || response.clone().execute(&self.http, (id, token)))
        };
        match answer {
            Answer::Choices(choices) => {
                let response = CreateAutocompleteResponse::new().set_choices(choices);
                respond(CreateInteractionResponse::Autocomplete(response)).await
            }
            Answer::Messages(messages) => {
                let mut messages = messages.into_iter();
                if let Some(first) = messages.next() {
                    respond(CreateInteractionResponse::Message(response_message(first))).await?;
                }
                self.follow_up(token, messages).await
            }
            Answer::Update(changed, messages) => {
                respond(CreateInteractionResponse::UpdateMessage(response_message(
                    changed,
                )))
                .await?;
                self.follow_up(token, messages.into_iter()).await
            }
        }
    }

    /// Sends the rest of an answer as follow-ups: new messages, which notify
    /// the players they mention.
    async fn follow_up(
        &self,
        token: &str,
        messages: impl Iterator<Item = Outgoing>,
    ) -> serenity::Result<()> {
        for message in messages {
            retrying(|| followup(message.clone()).execute(&self.http, (None, token))).await?;
        }
        Ok(())
    }

    /// Finishes an interaction the HTTP endpoint acknowledged at once: a
    /// command with an ephemeral "thinking" (private messages go into it and
    /// into ephemeral follow-ups; deleted if there is nothing private to
    /// say), a `component` with a silent update (its message changes only if
    /// the answer updates it; private messages are ephemeral follow-ups).
    /// Public messages go into `channel` as new messages, so that a mention
    /// notifies.
    pub async fn complete_deferred(
        &self,
        token: &str,
        channel: ChannelId,
        component: bool,
        answer: Answer,
    ) -> serenity::Result<()> {
        let (changed, messages) = match answer {
            Answer::Choices(_) => return Ok(()),
            Answer::Update(changed, messages) => (Some(changed), messages),
            Answer::Messages(messages) => (None, messages),
        };
        let mut original = match changed {
            Some(changed) => Some(self.edit_original(token, changed).await?),
            // A component's message is the board or question it sits under.
            None if component => Some(()),
            None => None,
        };
        for message in messages {
            match (message.ephemeral, original.is_some()) {
                (true, false) => original = Some(self.edit_original(token, message).await?),
                (true, true) => {
                    retrying(|| followup(message.clone()).execute(&self.http, (None, token)))
                        .await?;
                }
                (false, _) => {
                    retrying(|| {
                        channel_message(message.clone()).execute(&self.http, (channel, None))
                    })
                    .await?;
                }
            }
        }
        if original.is_none() {
            retrying(|| self.http.delete_original_interaction_response(token)).await?;
        }
        Ok(())
    }

    /// Edits the interaction's acknowledgement (or the message of its component) into `message`.
    async fn edit_original(&self, token: &str, message: Outgoing) -> serenity::Result<()> {
        retrying(|| {
            let mut edit = EditInteractionResponse::new();
            if !message.text.is_empty() {
                edit = edit.content(message.text.clone());
            }
            let mut edit = edit
                .allowed_mentions(mentions(&message.mentions))
                .components(message.buttons.clone());
            for file in message.files.clone() {
                edit = edit.new_attachment(file);
            }
            edit.execute(&self.http, token)
        })
        .await?;
        Ok(())
    }

    /// The player and channel of an interaction or message, and the id
    /// Discord gave it.
    fn context(
        user: &serenity::all::User,
        member_nick: Option<&str>,
        channel: String,
        locale: &str,
        id: u64,
    ) -> Context {
        let name = member_nick
            .map(str::to_string)
            .or_else(|| user.global_name.clone())
            .unwrap_or_else(|| user.name.clone());
        Context {
            platform: PLATFORM,
            chat: channel,
            user: user.id.get().to_string(),
            name,
            locale: Locale::parse(locale),
            message: Some(id.to_string()),
        }
    }

    fn command_context(command: &CommandInteraction) -> Context {
        let nick = command.member.as_ref().and_then(|m| m.nick.as_deref());
        Discord::context(
            &command.user,
            nick,
            command.channel_id.get().to_string(),
            &command.locale,
            command.id.get(),
        )
    }

    fn component_context(component: &ComponentInteraction) -> Context {
        let nick = component.member.as_ref().and_then(|m| m.nick.as_deref());
        Discord::context(
            &component.user,
            nick,
            component.channel_id.get().to_string(),
            &component.locale,
            component.id.get(),
        )
    }

    async fn command(&self, command: &CommandInteraction) -> Answer {
        let context = Discord::command_context(command);
        // A command Discord still shows from an older registration gets the help.
        let input = match Verb::named(&command.data.name) {
            Some(verb) => commands::read_named(verb, slash::named(&command.data.options)),
            None => Ok(Command::Help(None)),
        };
        self.replies(&context, input).await
    }

    /// The service's answer to `input`, as messages.
    async fn replies(&self, context: &Context, input: impl Into<Input>) -> Answer {
        let replies = self.service.handle(context, input).await;
        Answer::Messages(replies.iter().map(|r| self.outgoing(r)).collect())
    }

    /// Suggestions for the option being typed: legal moves, setups, options,
    /// the colours of the game meant, the chat's games.
    async fn complete(&self, command: &CommandInteraction) -> Vec<AutocompleteChoice> {
        let (Some(typing), Some(verb)) =
            (command.data.autocomplete(), Verb::named(&command.data.name))
        else {
            return Vec::new();
        };
        let Some(param) = verb.spec().params.iter().find(|p| p.name == typing.name) else {
            return Vec::new();
        };
        let options = &command.data.options;
        let context = Discord::command_context(command);
        let locale = context.locale.unwrap_or_default();
        let named = match slash::given(verb, options, Kind::Game) {
            Some(Value::Game(game)) => Some(game),
            _ => None,
        };
        let target = match slash::given(verb, options, Kind::GameNumber) {
            Some(Value::Number(id)) => Some(id),
            _ => None,
        };
        let typed = typing.value.trim().to_lowercase();
        let texts = |names: Vec<String>| -> Vec<AutocompleteChoice> {
            closest(names, &typed)
                .into_iter()
                .map(|n| AutocompleteChoice::new(n.clone(), n))
                .collect()
        };
        match param.kind {
            Kind::Move => texts(self.service.standing(&context, target).await.moves()),
            Kind::Setup => texts(
                named
                    .map(|g| g.info().setups.iter().map(|s| s.to_string()).collect())
                    .unwrap_or_default(),
            ),
            Kind::Options => {
                let Some(game) = named else {
                    return Vec::new();
                };
                // Complete the last word; keep those before it.
                let (before, last) = match typing.value.rsplit_once(' ') {
                    Some((before, last)) => (format!("{before} "), last.to_lowercase()),
                    None => (String::new(), typed.clone()),
                };
                let pairs = game
                    .info()
                    .options
                    .iter()
                    .flat_map(|o| o.values.iter().map(move |v| format!("{}={v}", o.key)))
                    .collect();
                closest(pairs, &last)
                    .into_iter()
                    .map(|p| {
                        let whole = format!("{before}{p}");
                        AutocompleteChoice::new(whole.clone(), whole)
                    })
                    .collect()
            }
            Kind::Colour => {
                let tables = self.service.tables(&context).await;
                let game = named.or_else(|| {
                    let meant = tables.iter().find(|t| target.is_none_or(|id| t.game == id));
                    meant.map(|t| t.variant)
                });
                let Some(game) = game else {
                    return Vec::new();
                };
                let seats = game.info().seats;
                let names = seats
                    .iter()
                    .map(|s| i18n::color_name(s.color, locale).to_string())
                    .collect();
                closest(names, &typed)
                    .into_iter()
                    .filter_map(|name| {
                        let seat = seats
                            .iter()
                            .find(|s| i18n::color_name(s.color, locale) == name)?;
                        Some(AutocompleteChoice::new(name, seat.color.name()))
                    })
                    .collect()
            }
            Kind::GameNumber => self
                .service
                .tables(&context)
                .await
                .into_iter()
                .take(MAX_CHOICES)
                .map(|t| {
                    let name = format!("#{} {}", t.game.0, i18n::game_name(t.variant, locale));
                    AutocompleteChoice::new(name, t.game.0)
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A button or menu under one of the bot's messages.
    async fn component(&self, component: &ComponentInteraction) -> Answer {
        let context = Discord::component_context(component);
        let reader = context.reader();
        let id = component.data.custom_id.as_str();
        if let Some(text) = id.strip_prefix("cmd:") {
            // A question's button: once it is answered, the question loses its buttons.
            return match self.replies(&context, commands::parse(text)).await {
                Answer::Messages(messages) if messages.iter().any(|m| !m.ephemeral) => {
                    Answer::Update(Outgoing::default(), messages)
                }
                other => other,
            };
        }
        let mut parts = id.splitn(3, ':');
        let (Some(action), Some(Ok(game))) = (parts.next(), parts.next().map(str::parse::<i64>))
        else {
            return Answer::Messages(Vec::new());
        };
        let rest = parts.next().map(str::to_string);
        let target = Some(GameId(game));
        let chosen = match &component.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
            _ => rest,
        };
        let private = |text: String, buttons| Outgoing {
            text,
            ephemeral: true,
            buttons,
            ..Outgoing::default()
        };
        match (action, chosen) {
            ("page", _) => Answer::Messages(vec![self.page_link(&context, game).await]),
            ("moves", _) => self.replies(&context, Command::Moves(target, None)).await,
            ("draw", _) => {
                let offer = Command::Offer(target, Proposal::Draw);
                self.replies(&context, offer).await
            }
            ("resign", _) => match self.service.standing(&context, target).await {
                Standing::Refused(why) => Answer::Messages(vec![private(why, Vec::new())]),
                _ => {
                    let confirm = CreateButton::new(format!("resign-yes:{game}"))
                        .label(Msg::ResignButton.text(reader))
                        .style(ButtonStyle::Danger);
                    let buttons = vec![CreateActionRow::Buttons(vec![confirm])];
                    Answer::Messages(vec![private(Msg::ReallyResign.text(reader), buttons)])
                }
            },
            // The confirmation becomes the answer, instead of another message.
            ("resign-yes", _) => self.settle(&context, Command::Resign(target)).await,
            ("to", Some(mv)) => self.settle(&context, Command::Move(target, mv)).await,
            (menu @ ("pick" | "man" | "swap"), origin) => {
                let moves = match self.service.standing(&context, target).await {
                    Standing::ToMove(moves) => moves,
                    Standing::Waiting(why) | Standing::Refused(why) => {
                        return Answer::Messages(vec![private(why, Vec::new())]);
                    }
                };
                let rows = match (menu, origin) {
                    ("man", Some(origin)) => {
                        let mut rows = vec![select(
                            &format!("to:{game}"),
                            picker::moves(&moves, &origin, false),
                        )];
                        if picker::has_swaps(&moves, &origin) {
                            let swaps = CreateButton::new(format!("swap:{game}:{origin}"))
                                .label("⇄")
                                .style(ButtonStyle::Secondary);
                            rows.push(CreateActionRow::Buttons(vec![swaps]));
                        }
                        rows
                    }
                    ("swap", Some(origin)) => vec![select(
                        &format!("to:{game}"),
                        picker::moves(&moves, &origin, true),
                    )],
                    _ => vec![select(&format!("man:{game}"), picker::men(&moves))],
                };
                let menu_message = private("♟".to_string(), rows);
                match menu {
                    "pick" => Answer::Messages(vec![menu_message]),
                    _ => Answer::Update(menu_message, Vec::new()),
                }
            }
            _ => Answer::Messages(Vec::new()),
        }
    }

    /// A command from a private question (a confirmation, a menu): if it
    /// lands, the question is closed in place and the chat told; if not, the
    /// refusal replaces it.
    async fn settle(&self, context: &Context, command: Command) -> Answer {
        let replies = self.service.handle(context, command).await;
        let mut messages: Vec<Outgoing> = replies.iter().map(|r| self.outgoing(r)).collect();
        if messages.iter().all(|m| m.ephemeral) && !messages.is_empty() {
            let refusal = messages.remove(0);
            return Answer::Update(refusal, messages);
        }
        let done = Outgoing {
            text: "✔".to_string(),
            ephemeral: true,
            ..Outgoing::default()
        };
        Answer::Update(done, messages)
    }

    /// A reply to one of the bot's boards that looks like a move plays it.
    /// Needs the message-content intent.
    pub async fn message(&self, message: &Message, bot: UserId) -> serenity::Result<()> {
        let Some(board) = message.referenced_message.as_deref() else {
            return Ok(());
        };
        if board.author.id != bot || message.author.bot {
            return Ok(());
        }
        let Some(game) = board
            .attachments
            .iter()
            .find_map(|a| game_of_picture(&a.filename))
        else {
            return Ok(());
        };
        let text = message.content.trim();
        if !notation::looks_like_move(text) {
            return Ok(());
        }
        let nick = message.member.as_ref().and_then(|m| m.nick.as_deref());
        let context = Discord::context(
            &message.author,
            nick,
            message.channel_id.get().to_string(),
            "",
            message.id.get(),
        );
        let input = commands::reply_move(GameId(game), text);
        let replies = self.service.handle(&context, input).await;
        for reply in &replies {
            let outgoing = self.outgoing(reply);
            retrying(|| {
                channel_message(outgoing.clone())
                    .reference_message(message)
                    .execute(&self.http, (message.channel_id, message.guild_id))
            })
            .await?;
        }
        Ok(())
    }

    /// Sends what waits in the outbox; returns how many were sent. A message
    /// Discord refuses for good (a deleted channel, a channel the bot may no
    /// longer post in) is set aside; one that failed otherwise (or was still
    /// refused as too many after its tries) comes back later.
    pub async fn deliver(&self) -> Result<usize, crate::store::StoreError> {
        let mut sent = 0;
        for delivery in self.service.deliveries(PLATFORM, 20).await? {
            let outgoing = self.outgoing(&delivery.reply);
            let channel = match (delivery.direct, outgoing.mentions.first()) {
                (true, Some(&user)) => retrying(|| user.create_dm_channel(&self.http))
                    .await
                    .map(|dm| Some(dm.id)),
                _ => Ok(delivery.chat.parse::<u64>().ok().map(ChannelId::new)),
            };
            let result = match channel {
                Ok(Some(channel)) => retrying(|| {
                    channel_message(outgoing.clone()).execute(&self.http, (channel, None))
                })
                .await
                .map(|_| ()),
                Ok(None) => Ok(()),
                Err(error) => Err(error),
            };
            let refusal = match result {
                Ok(()) => {
                    sent += 1;
                    self.service.delivered(delivery.id).await?;
                    continue;
                }
                Err(serenity::Error::Http(error))
                    if error
                        .status_code()
                        .is_some_and(|s| s.is_client_error() && s.as_u16() != 429) =>
                {
                    Refusal::Never(format!("discord: {error}"))
                }
                Err(error) => Refusal::Later(format!("discord: {error}")),
            };
            tracing::warn!("discord: delivery failed: {refusal:?}");
            self.service.undelivered(delivery.id, refusal).await?;
        }
        Ok(sent)
    }

    /// A service reply as a Discord message: mentions, the board's picture
    /// with its buttons while the game is on (♟ picks a move, 📜 lists them,
    /// 🤝 offers a draw, 🏳 resigns), the service's buttons, and long texts as
    /// a file.
    fn outgoing(&self, reply: &Reply) -> Outgoing {
        let (text, users) = reply.mentioning(str::to_string, |id, _| format!("<@{id}>"));
        let users = users.into_iter().map(UserId::new).collect();
        let (text, file) = fit(text);
        let mut files: Vec<CreateAttachment> = file.into_iter().collect();
        let mut buttons = commands_row(&reply.buttons).into_iter().collect::<Vec<_>>();
        if let Some(board) = &reply.board {
            let png = board.png(&self.style);
            files.push(CreateAttachment::bytes(png, picture_name(board.game.0)));
            if !reply.private && board.view.panel.outcome.is_none() {
                // Pictures, not words, so that every reader of the channel understands them.
                let id = board.game.0;
                let button = |action: &str, emoji: &str, style| {
                    CreateButton::new(format!("{action}:{id}"))
                        .emoji(ReactionType::Unicode(emoji.to_string()))
                        .style(style)
                };
                let mut row = vec![
                    button("pick", "♟", ButtonStyle::Primary),
                    button("moves", "📜", ButtonStyle::Secondary),
                    button("draw", "🤝", ButtonStyle::Secondary),
                    button("resign", "🏳", ButtonStyle::Danger),
                ];
                if self.pages.is_some() {
                    row.push(button("page", "📲", ButtonStyle::Secondary));
                }
                buttons.push(CreateActionRow::Buttons(row));
            }
        }
        if let Some(gif) = reply
            .board
            .as_ref()
            .and_then(|board| board.replay(&self.style, MAX_FILE, "discord"))
        {
            files.push(CreateAttachment::bytes(gif, "seance-replay.gif"));
        }
        Outgoing {
            text,
            ephemeral: reply.private,
            files,
            mentions: users,
            buttons,
        }
    }
}

/// The service's buttons under a message, one row; a command too long for a
/// custom id is left out.
fn commands_row(buttons: &[Button]) -> Option<CreateActionRow> {
    let row: Vec<CreateButton> = buttons
        .iter()
        .map(|b| (b, format!("cmd:{}", commands::write(&b.command))))
        .filter(|(_, id)| id.len() <= MAX_CUSTOM_ID)
        .map(|(b, id)| {
            CreateButton::new(id)
                .label(b.label.clone())
                .style(ButtonStyle::Secondary)
        })
        .collect();
    (!row.is_empty()).then_some(CreateActionRow::Buttons(row))
}

/// A select menu of the picker's choices (at most [`MAX_CHOICES`]).
fn select(id: &str, picks: Vec<picker::Pick>) -> CreateActionRow {
    let options = picks
        .into_iter()
        .take(MAX_CHOICES)
        .map(|p| CreateSelectMenuOption::new(p.label, p.value))
        .collect();
    CreateActionRow::SelectMenu(CreateSelectMenu::new(
        id,
        CreateSelectMenuKind::String { options },
    ))
}

/// A text as a message: as it is if it fits, else its first line, with the
/// whole text as a file.
fn fit(text: String) -> (String, Option<CreateAttachment>) {
    if text.chars().count() <= MAX_TEXT {
        return (text, None);
    }
    let first = text
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(MAX_TEXT)
        .collect();
    (
        first,
        Some(CreateAttachment::bytes(text.into_bytes(), "seance.txt")),
    )
}

/// The file name of a game's picture; the bot reads the game back from it
/// when a player replies to the board.
fn picture_name(game: i64) -> String {
    format!("seance-game-{game}.png")
}

/// The game of a picture's file name.
fn game_of_picture(name: &str) -> Option<i64> {
    name.strip_prefix("seance-game-")?
        .strip_suffix(".png")?
        .parse()
        .ok()
}

/// At most [`MAX_CHOICES`] of `options` that fit what was typed: those
/// starting with it first, then those containing it; the order within each
/// group is kept.
fn closest(options: Vec<String>, typed: &str) -> Vec<String> {
    let squeeze = |s: &str| s.to_lowercase().replace(['-', ' ', 'x', ':'], "");
    let typed = squeeze(typed);
    let (starting, rest): (Vec<String>, Vec<String>) = options
        .into_iter()
        .filter(|o| squeeze(o).contains(&typed))
        .partition(|o| squeeze(o).starts_with(&typed));
    starting.into_iter().chain(rest).take(MAX_CHOICES).collect()
}

fn mentions(users: &[UserId]) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(users.iter().copied())
}

/// An interaction's response; without text, a message it updates keeps its own.
fn response_message(message: Outgoing) -> CreateInteractionResponseMessage {
    let response = CreateInteractionResponseMessage::new();
    let response = match message.text.is_empty() {
        true => response,
        false => response.content(message.text),
    };
    response
        .ephemeral(message.ephemeral)
        .add_files(message.files)
        .allowed_mentions(mentions(&message.mentions))
        .components(message.buttons)
}

fn followup(message: Outgoing) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(message.text)
        .ephemeral(message.ephemeral)
        .add_files(message.files)
        .allowed_mentions(mentions(&message.mentions))
        .components(message.buttons)
}

fn channel_message(message: Outgoing) -> CreateMessage {
    CreateMessage::new()
        .content(message.text)
        .add_files(message.files)
        .allowed_mentions(mentions(&message.mentions))
        .components(message.buttons)
}

/// The gateway's events, handed to the front end.
struct Events {
    discord: Discord,
    guild: Option<GuildId>,
    /// The bot's own user, known once connected.
    bot: std::sync::OnceLock<UserId>,
}

#[serenity::async_trait]
impl EventHandler for Events {
    async fn ready(&self, _: Gateway, ready: Ready) {
        let _ = self.bot.set(ready.user.id);
        tracing::info!("discord: connected as {}", ready.user.name);
        self.discord.register(self.guild).await;
    }

    async fn interaction_create(&self, _: Gateway, interaction: Interaction) {
        if let Err(error) = self.discord.interaction(&interaction).await {
            tracing::warn!("discord: answering an interaction failed: {error}");
        }
    }

    async fn message(&self, _: Gateway, message: Message) {
        let Some(&bot) = self.bot.get() else {
            return;
        };
        if let Err(error) = self.discord.message(&message, bot).await {
            tracing::warn!("discord: answering a message failed: {error}");
        }
    }
}

/// Runs the front end until it fails: the gateway client, or the HTTP
/// interactions endpoint when `listen` is set; and the outbox's delivery.
///
/// With `pages`, each board in play gets a button to the game's page.
pub async fn run(
    service: Service,
    settings: config::Discord,
    style: Style,
    pages: Option<Pages>,
) -> anyhow::Result<()> {
    let http = Arc::new(Discord::http(&settings));
    let mut discord = Discord::new(service, http.clone(), style);
    if let Some(pages) = pages {
        discord = discord.with_pages(pages);
    }
    let courier = discord.clone();
    super::courier(PLATFORM.name(), move || {
        let courier = courier.clone();
        async move { courier.deliver().await }
    });
    let guild = settings
        .development_guild
        .parse::<u64>()
        .ok()
        .map(GuildId::new);
    if !settings.listen.is_empty() {
        discord.register(guild).await;
        return endpoint::serve(discord, &settings).await;
    }
    let mut intents = GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES;
    if settings.message_content {
        intents |= GatewayIntents::MESSAGE_CONTENT;
    }
    let shards = config::Shards::parse(&settings.shards).map_err(anyhow::Error::msg)?;
    // The gateway out of reach, or closed by Discord: connect again, with a
    // growing wait, while the scheduler and the other front end go on.
    super::supervise(PLATFORM.name(), || async {
        let mut client = serenity::Client::builder(settings.token.expose(), intents)
            .event_handler(Events {
                discord: discord.clone(),
                guild,
                bot: std::sync::OnceLock::new(),
            })
            .await?;
        match shards {
            config::Shards::One => client.start().await?,
            config::Shards::Auto => client.start_autosharded().await?,
            config::Shards::Range { first, last, total } => {
                tracing::info!("discord: shards {first} to {last} of {total}");
                client.start_shard_range(first..last + 1, total).await?
            }
        }
        Ok(())
    })
    .await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_put_the_closest_first() {
        let moves = ["b1c3", "e2e3", "e2e4", "e1e2", "d1e2"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            closest(moves.clone(), "e2"),
            ["e2e3", "e2e4", "e1e2", "d1e2"]
        );
        assert_eq!(closest(moves.clone(), "E2-E4"), ["e2e4"]);
        assert_eq!(closest(moves, "").len(), 5);
        let many: Vec<String> = (0..100).map(|i| format!("m{i}")).collect();
        assert_eq!(closest(many, "m").len(), MAX_CHOICES);
        assert_eq!(game_of_picture(&picture_name(12)), Some(12));
        assert_eq!(game_of_picture("cat.png"), None);
    }

    #[test]
    fn long_texts_go_as_files() {
        assert_eq!(fit("short".to_string()).0, "short");
        assert!(fit("short".to_string()).1.is_none());
        let long = format!("# game through #1\n{}", "e2e4\n".repeat(1000));
        let (text, file) = fit(long.clone());
        assert_eq!(text, "# game through #1");
        let file = file.unwrap();
        assert_eq!(
            (file.filename.as_str(), file.data),
            ("seance.txt", long.into_bytes())
        );
    }
}
