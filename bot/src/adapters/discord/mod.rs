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

use std::sync::Arc;

use serenity::all::{
    ButtonStyle, CommandInteraction, ComponentInteraction, Context as Gateway, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, EventHandler, GatewayIntents, GuildId, Http,
    HttpBuilder, Interaction, Message, ReactionType, Ready, UserId,
};
use serenity::builder::Builder;

use crate::commands::{self, Command, Kind, Proposal, Value, Verb};
use crate::config;
use crate::platform::Platform;
use crate::service::i18n::{Locale, Msg, Reader};
use crate::service::reply::Reply;
use crate::service::{Context, Service};
use seance_render::Style;

/// The platform.
const PLATFORM: Platform = Platform::Discord;

/// Discord's limit on a message's text.
const MAX_TEXT: usize = 2000;

/// Discord's limit on autocomplete suggestions.
const MAX_CHOICES: usize = 25;

/// The front end: the service, Discord's REST client, and how boards look.
#[derive(Clone)]
pub struct Discord {
    service: Service,
    http: Arc<Http>,
    style: Style,
}

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
    /// Buttons under a board.
    pub buttons: Vec<CreateActionRow>,
}

/// What to answer an interaction with.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Messages, the first one the response.
    Messages(Vec<Outgoing>),
    /// Suggestions for the parameter being typed.
    Choices(Vec<String>),
}

impl Discord {
    /// A front end over `service`, talking to Discord through `http`.
    pub fn new(service: Service, http: Arc<Http>, style: Style) -> Discord {
        Discord {
            service,
            http,
            style,
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

    /// Registers the slash commands: in `guild` only (shown at once, for
    /// development), or everywhere (Discord takes up to an hour to show them).
    pub async fn register(&self, guild: Option<GuildId>) {
        let definitions = slash::definitions();
        let registered = match guild {
            Some(guild) => guild.set_commands(&self.http, definitions).await,
            None => serenity::all::Command::set_global_commands(&self.http, definitions).await,
        };
        match registered {
            Ok(commands) => eprintln!("discord: {} commands registered", commands.len()),
            Err(error) => eprintln!("discord: registering the commands failed: {error}"),
        }
    }

    /// Works out the answer to an interaction, through the service.
    pub async fn answer(&self, interaction: &Interaction) -> Option<Answer> {
        match interaction {
            Interaction::Command(command) => Some(self.command(command).await),
            Interaction::Autocomplete(command) => {
                Some(Answer::Choices(self.complete(command).await))
            }
            Interaction::Component(component) => Some(self.button(component).await),
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
        match answer {
            Answer::Choices(choices) => {
                let response = CreateAutocompleteResponse::new().set_choices(
                    choices
                        .into_iter()
                        .map(|c| serenity::all::AutocompleteChoice::new(c.clone(), c))
                        .collect(),
                );
                CreateInteractionResponse::Autocomplete(response)
                    .execute(&self.http, (id, token))
                    .await
            }
            Answer::Messages(messages) => {
                let mut messages = messages.into_iter();
                if let Some(first) = messages.next() {
                    CreateInteractionResponse::Message(response_message(first))
                        .execute(&self.http, (id, token))
                        .await?;
                }
                self.follow_up(token, messages).await
            }
        }
    }

    /// Sends the rest of an answer as follow-ups.
    async fn follow_up(
        &self,
        token: &str,
        messages: impl Iterator<Item = Outgoing>,
    ) -> serenity::Result<()> {
        for message in messages {
            followup(message).execute(&self.http, (None, token)).await?;
        }
        Ok(())
    }

    /// Finishes a deferred answer (the HTTP endpoint's way): edits the
    /// deferred response into the first message, then follows up.
    pub async fn complete_deferred(&self, token: &str, answer: Answer) -> serenity::Result<()> {
        let Answer::Messages(messages) = answer else {
            return Ok(());
        };
        let mut messages = messages.into_iter();
        if let Some(first) = messages.next() {
            let mut edit = EditInteractionResponse::new()
                .content(first.text)
                .allowed_mentions(mentions(&first.mentions))
                .components(first.buttons);
            for file in first.files {
                edit = edit.new_attachment(file);
            }
            edit.execute(&self.http, token).await?;
        }
        self.follow_up(token, messages).await
    }

    /// The player and channel of an interaction.
    fn context(
        user: &serenity::all::User,
        member_nick: Option<&str>,
        channel: String,
        locale: &str,
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
        }
    }

    fn command_context(command: &CommandInteraction) -> Context {
        let nick = command.member.as_ref().and_then(|m| m.nick.as_deref());
        Discord::context(
            &command.user,
            nick,
            command.channel_id.get().to_string(),
            &command.locale,
        )
    }

    async fn command(&self, command: &CommandInteraction) -> Answer {
        let context = Discord::command_context(command);
        // A command Discord still shows from an older registration gets the help.
        let input = match Verb::named(&command.data.name) {
            Some(verb) => commands::read_named(verb, slash::named(&command.data.options)),
            None => Ok(Command::Help),
        };
        let replies = self.service.handle(&context, input).await;
        Answer::Messages(replies.iter().map(|r| self.outgoing(r)).collect())
    }

    /// Suggestions for the parameter being typed: legal moves, setups, options.
    async fn complete(&self, command: &CommandInteraction) -> Vec<String> {
        let (Some(typing), Some(verb)) =
            (command.data.autocomplete(), Verb::named(&command.data.name))
        else {
            return Vec::new();
        };
        let Some(param) = verb.spec().params.iter().find(|p| p.name == typing.name) else {
            return Vec::new();
        };
        let options = &command.data.options;
        let game = match slash::given(verb, options, Kind::Game) {
            Some(Value::Game(game)) => Some(game),
            _ => None,
        };
        let typed = typing.value.trim().to_lowercase();
        match param.kind {
            Kind::Move => {
                let target = match slash::given(verb, options, Kind::GameNumber) {
                    Some(Value::Number(id)) => Some(id),
                    _ => None,
                };
                let context = Discord::command_context(command);
                let moves = self.service.standing(&context, target).await.moves();
                closest(moves, &typed)
            }
            Kind::Setup => {
                let setups = game
                    .map(|g| g.info().setups.iter().map(|s| s.to_string()).collect())
                    .unwrap_or_default();
                closest(setups, &typed)
            }
            Kind::Options => {
                let Some(game) = game else {
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
                    .map(|p| format!("{before}{p}"))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// A button under a board: legal moves, a draw offer, or resigning (asked twice).
    async fn button(&self, component: &ComponentInteraction) -> Answer {
        let nick = component.member.as_ref().and_then(|m| m.nick.as_deref());
        let context = Discord::context(
            &component.user,
            nick,
            component.channel_id.get().to_string(),
            &component.locale,
        );
        let Some((action, game)) = component.data.custom_id.split_once(':') else {
            return Answer::Messages(Vec::new());
        };
        let Ok(game) = game.parse::<i64>() else {
            return Answer::Messages(Vec::new());
        };
        let target = Some(crate::store::GameId(game));
        let command = match action {
            "moves" => Command::Moves(target, None),
            "draw" => Command::Offer(target, Proposal::Draw),
            "resign-yes" => Command::Resign(target),
            "resign" => {
                let reader = Reader {
                    locale: context.locale.unwrap_or_default(),
                    platform: PLATFORM,
                };
                let confirm = CreateButton::new(format!("resign-yes:{game}"))
                    .label(Msg::ResignButton.text(reader))
                    .style(ButtonStyle::Danger);
                return Answer::Messages(vec![Outgoing {
                    text: Msg::ReallyResign.text(reader),
                    ephemeral: true,
                    buttons: vec![CreateActionRow::Buttons(vec![confirm])],
                    ..Outgoing::default()
                }]);
            }
            _ => return Answer::Messages(Vec::new()),
        };
        let replies = self.service.handle(&context, command).await;
        Answer::Messages(replies.iter().map(|r| self.outgoing(r)).collect())
    }

    /// A reply to one of the bot's boards with a move in it plays the move.
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
        if text.is_empty() || text.len() > 40 {
            return Ok(());
        }
        let nick = message.member.as_ref().and_then(|m| m.nick.as_deref());
        let context = Discord::context(
            &message.author,
            nick,
            message.channel_id.get().to_string(),
            "",
        );
        let input = commands::reply_move(crate::store::GameId(game), text);
        let replies = self.service.handle(&context, input).await;
        for reply in &replies {
            let outgoing = self.outgoing(reply);
            channel_message(outgoing)
                .reference_message(message)
                .execute(&self.http, (message.channel_id, message.guild_id))
                .await?;
        }
        Ok(())
    }

    /// Sends what waits in the outbox; returns how many were sent. A message
    /// Discord refuses for good (a deleted channel) is dropped; one that
    /// failed otherwise stays for the next round.
    pub async fn deliver(&self) -> Result<usize, crate::store::StoreError> {
        let mut sent = 0;
        for delivery in self.service.deliveries(PLATFORM, 20).await? {
            let outgoing = self.outgoing(&delivery.reply);
            let result = match (delivery.direct, outgoing.mentions.first()) {
                (true, Some(&user)) => match user.create_dm_channel(&self.http).await {
                    Ok(channel) => {
                        channel_message(outgoing)
                            .execute(&self.http, (channel.id, None))
                            .await
                    }
                    Err(error) => Err(error),
                },
                _ => match delivery.chat.parse::<u64>() {
                    Ok(channel) => {
                        channel_message(outgoing)
                            .execute(&self.http, (channel.into(), None))
                            .await
                    }
                    Err(_) => Ok(Message::default()),
                },
            };
            match result {
                Ok(_) => sent += 1,
                Err(serenity::Error::Http(error))
                    if error.status_code().is_some_and(|s| s.is_client_error()) =>
                {
                    eprintln!("discord: dropping a message Discord refuses: {error}");
                }
                Err(error) => {
                    eprintln!("discord: delivery failed, will retry: {error}");
                    continue;
                }
            }
            self.service.delivered(delivery.id).await?;
        }
        Ok(sent)
    }

    /// A service reply as a Discord message: mentions, the board's picture,
    /// buttons under a public board, and long texts as a file.
    fn outgoing(&self, reply: &Reply) -> Outgoing {
        let (text, users) = reply.mentioning(str::to_string, |id, _| format!("<@{id}>"));
        let users = users.into_iter().map(UserId::new).collect();
        let (text, file) = fit(text);
        let mut files: Vec<CreateAttachment> = file.into_iter().collect();
        let mut buttons = Vec::new();
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
                buttons.push(CreateActionRow::Buttons(vec![
                    button("moves", "📜", ButtonStyle::Secondary),
                    button("draw", "🤝", ButtonStyle::Secondary),
                    button("resign", "🏳", ButtonStyle::Danger),
                ]));
            }
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

fn response_message(message: Outgoing) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(message.text)
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
        eprintln!("discord: connected as {}", ready.user.name);
        self.discord.register(self.guild).await;
    }

    async fn interaction_create(&self, _: Gateway, interaction: Interaction) {
        if let Err(error) = self.discord.interaction(&interaction).await {
            eprintln!("discord: answering an interaction failed: {error}");
        }
    }

    async fn message(&self, _: Gateway, message: Message) {
        let Some(&bot) = self.bot.get() else {
            return;
        };
        if let Err(error) = self.discord.message(&message, bot).await {
            eprintln!("discord: answering a message failed: {error}");
        }
    }
}

/// Runs the front end until it fails: the gateway client, or the HTTP
/// interactions endpoint when `listen` is set; and the outbox's delivery.
pub async fn run(service: Service, settings: config::Discord, style: Style) -> anyhow::Result<()> {
    let http = Arc::new(Discord::http(&settings));
    let discord = Discord::new(service, http.clone(), style);
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
    let mut client = serenity::Client::builder(settings.token.expose(), intents)
        .event_handler(Events {
            discord,
            guild,
            bot: std::sync::OnceLock::new(),
        })
        .await?;
    client.start().await?;
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
