//! The Discord front end without the network: interactions shaped like
//! Discord's (JSON fixtures in `fixtures/discord/`) go through the adapter
//! into the service, and come out as REST calls to a fake Discord server on
//! loopback, which the tests read: texts, pictures, mentions, ephemeral
//! flags, autocompletion. The HTTP interactions endpoint is tested with
//! signed, badly signed, replayed, oversized and malformed requests.

mod common;

use common::fake_discord::{
    ANN, BOB, BOT, CAT, CHANNEL, Call, DAN, FakeDiscord, GUILD, Player, fixture, interaction, post,
    public_key, unix_now,
};

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::http::Method;
use ed25519_dalek::SigningKey;
use rand::SeedableRng;
use rand::rngs::StdRng;
use seance_bot::adapters::discord::endpoint::{Endpoint, MAX_BODY};
use seance_bot::adapters::discord::{Discord, Pages};
use seance_bot::clock::FakeClock;
use seance_bot::commands::Verb;
use seance_bot::config;
use seance_bot::service::Service;
use seance_bot::store::{GameRecord, Stage};
use seance_bot::web::who::{Keys, Ticket};
use seance_engine::catalogue::{self, GameType};
use seance_engine::{Options, Start};
use serde_json::{Value, json};
use serenity::all::{Interaction, Message, UserId};

/// A service on a scratch SQLite store, its Discord front end, and the fake Discord.
struct Harness {
    service: Service,
    clock: FakeClock,
    discord: Discord,
    fake: FakeDiscord,
    next_id: u64,
}

impl Harness {
    async fn new() -> Harness {
        Harness::serving(None).await
    }

    /// A harness whose boards carry a button to the game's page.
    async fn serving(pages: Option<Pages>) -> Harness {
        let (fake, address) = FakeDiscord::start().await;
        let (service, clock) = common::service().await;
        let settings = config::Discord {
            token: "test-token".to_string().into(),
            application_id: BOT.to_string(),
            proxy_url: address,
            ..config::Discord::default()
        };
        let mut discord = Discord::new(
            service.clone(),
            Arc::new(Discord::http(&settings)),
            seance_render::Style::default(),
        );
        if let Some(pages) = pages {
            discord = discord.with_pages(pages);
        }
        Harness {
            service,
            clock,
            discord,
            fake,
            next_id: 1_100_000_000_000_000_000,
        }
    }

    fn interaction(
        &mut self,
        kind: u8,
        who: Player,
        command: &str,
        options: Value,
        locale: &str,
    ) -> Interaction {
        self.next_id += 1;
        let text = interaction(self.next_id, kind, who, command, &options, locale);
        serde_json::from_str(&text).expect("the fixture is an interaction")
    }

    /// Sends a slash command; returns the REST calls it caused.
    async fn slash(&mut self, who: Player, command: &str, options: &[(&str, Value)]) -> Vec<Call> {
        let options: Vec<Value> = options
            .iter()
            .map(|(name, value)| {
                let kind = if value.is_i64() { 4 } else { 3 };
                json!({"name": name, "type": kind, "value": value})
            })
            .collect();
        let interaction = self.interaction(2, who, command, json!(options), "en-US");
        self.discord
            .interaction(&interaction)
            .await
            .expect("the fake answers");
        self.fake.take()
    }

    /// Types into an autocompleted parameter; returns the suggestions.
    async fn autocomplete(
        &mut self,
        who: Player,
        command: &str,
        typing: (&str, &str),
        others: &[(&str, &str)],
    ) -> Vec<String> {
        let mut options =
            vec![json!({"name": typing.0, "type": 3, "value": typing.1, "focused": true})];
        options.extend(
            others
                .iter()
                .map(|(n, v)| json!({"name": n, "type": 3, "value": v})),
        );
        let interaction = self.interaction(4, who, command, json!(options), "en-US");
        self.discord.interaction(&interaction).await.unwrap();
        let calls = self.fake.take();
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].json["type"], 8, "an autocomplete result");
        calls[0].json["data"]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap().to_string())
            .collect()
    }

    /// Presses a button under a board; returns the REST calls.
    async fn press(&mut self, who: Player, custom_id: &str) -> Vec<Call> {
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.component(who, data).await
    }

    /// Chooses `value` in a select menu; returns the REST calls.
    async fn choose(&mut self, who: Player, custom_id: &str, value: &str) -> Vec<Call> {
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
        self.component(who, data).await
    }

    /// Uses a component (with its `data`) under one of the bot's messages.
    async fn component(&mut self, who: Player, data: Value) -> Vec<Call> {
        self.next_id += 1;
        let text = fixture(
            "component.json",
            &[
                ("ID", self.next_id.to_string()),
                ("DATA", data.to_string()),
                ("CHANNEL", CHANNEL.to_string()),
                ("USER", who.0.to_string()),
                ("USERNAME", who.1.to_string()),
                ("TOKEN", format!("token-{}", self.next_id)),
                ("LOCALE", "en-US".to_string()),
            ],
        );
        let interaction: Interaction = serde_json::from_str(&text).unwrap();
        self.discord.interaction(&interaction).await.unwrap();
        self.fake.take()
    }

    /// Ann (white) and Bob (black) start a game of Through chess with `time` per move.
    async fn through_game(&mut self, time: &str) {
        let game = [("game", json!("through")), ("time", json!(time))];
        self.slash(ANN, "new", &game).await;
        self.slash(BOB, "join", &[]).await;
        self.slash(ANN, "start", &[]).await;
    }

    /// The REST calls up to the first that `last` picks, as the fake gets
    /// them (the endpoint's work goes on after its response).
    async fn calls_until(&self, last: impl Fn(&Call) -> bool) -> Vec<Call> {
        let mut calls = Vec::new();
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while !calls.iter().any(&last) {
            assert!(std::time::Instant::now() < deadline, "only {calls:?}");
            calls.extend(self.fake.take());
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        calls
    }

    /// Lets spirits move and sends the outbox; returns the REST calls.
    async fn settle(&mut self) -> Vec<Call> {
        self.service.run_due_jobs().await.unwrap();
        while self.discord.deliver().await.unwrap() > 0 {
            self.service.run_due_jobs().await.unwrap();
        }
        self.fake.take()
    }

    async fn game(&self, id: i64) -> GameRecord {
        common::load(&self.service, id).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_answer_with_text_pictures_mentions_and_private_errors() {
    let mut h = Harness::new().await;
    let calls = h
        .slash(
            ANN,
            "new",
            &[("game", json!("through")), ("time", json!("none"))],
        )
        .await;
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].method, Method::POST);
    assert!(
        calls[0].path.starts_with("/api/v10/interactions/") && calls[0].path.ends_with("/callback"),
        "{}",
        calls[0].path
    );
    assert_eq!(calls[0].json["type"], 4);
    assert!(
        calls[0]
            .text()
            .starts_with("Game #1: Through chess. You play white."),
        "{}",
        calls[0].text()
    );
    assert!(!calls[0].ephemeral());

    h.slash(BOB, "join", &[]).await;
    let calls = h.slash(ANN, "start", &[]).await;
    // The board, and a call for the first player.
    let board = calls
        .iter()
        .find(|c| c.picture().is_some())
        .expect("a board");
    let picture = board.picture().unwrap();
    assert!(
        (700..=760).contains(&picture.width()),
        "{}x{}",
        picture.width(),
        picture.height()
    );
    assert!(
        board
            .text()
            .contains(&format!("<@{}>, your move (white)", ANN.0)),
        "{}",
        board.text()
    );
    assert_eq!(board.allowed_users(), [ANN.0.to_string()]);
    assert_eq!(
        board.first_row(),
        ["pick:1", "moves:1", "draw:1", "resign:1"]
    );

    // Bob cannot move for White: privately told.
    let calls = h.slash(BOB, "move", &[("move", json!("e7e6"))]).await;
    assert!(
        calls[0].ephemeral() && calls[0].text().contains("not your turn"),
        "{calls:?}"
    );
    // An illegal move: privately, with the closest legal moves.
    let calls = h.slash(ANN, "move", &[("move", json!("e2e5"))]).await;
    assert!(calls[0].ephemeral(), "{calls:?}");
    assert!(
        calls[0].text().contains("Did you mean"),
        "{}",
        calls[0].text()
    );
    // A stranger.
    let calls = h.slash(CAT, "resign", &[]).await;
    assert!(
        calls[0].ephemeral() && calls[0].text().contains("no seat"),
        "{calls:?}"
    );

    // A legal move: public, with the picture, calling Bob.
    let calls = h.slash(ANN, "move", &[("move", json!("e2e3"))]).await;
    assert!(!calls[0].ephemeral());
    assert!(
        calls[0].text().starts_with("white: e2e3"),
        "{}",
        calls[0].text()
    );
    assert!(calls[0].text().contains(&format!("<@{}>", BOB.0)));
    assert!(calls[0].picture().is_some());

    // Settings in Russian, privately; then the help in Russian.
    let calls = h.slash(BOB, "settings", &[("language", json!("ru"))]).await;
    assert!(
        calls[0].ephemeral() && calls[0].text().starts_with("Сохранено"),
        "{}",
        calls[0].text()
    );
    let calls = h.slash(BOB, "help", &[]).await;
    assert!(calls[0].text().contains("Команды"), "{}", calls[0].text());
    // A game's options, privately and in his language.
    let calls = h.slash(BOB, "help", &[("game", json!("through"))]).await;
    assert!(calls[0].ephemeral());
    assert!(
        calls[0]
            .text()
            .contains("superqueen_capture=anywhere|queen-lines|none: где суперферзь"),
        "{}",
        calls[0].text()
    );

    // The record, after a few more moves.
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..3 {
        let (user, mv) = common::next_move(&h.game(1).await, &mut rng);
        let who = if user == ANN.0.to_string() { ANN } else { BOB };
        h.slash(who, "move", &[("move", json!(mv))]).await;
    }
    let calls = h.slash(ANN, "record", &[]).await;
    assert!(
        calls[0].text().starts_with("# game through #1"),
        "{}",
        calls[0].text()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_of_the_help_works_as_a_slash_command() {
    let mut h = Harness::new().await;
    let help = h.slash(ANN, "help", &[]).await[0].text();
    assert!(help.contains("  /spirit color [level] [game] — "), "{help}");
    assert!(help.contains("  /accept [game] — "), "{help}");
    let game = [("game", json!("through")), ("time", json!("none"))];
    h.slash(ANN, "new", &game).await;
    h.slash(BOB, "join", &[]).await;
    let calls = h.slash(BOB, "leave", &[]).await;
    assert!(
        !calls[0].ephemeral() && calls[0].text().contains("bob left the black seat"),
        "{calls:?}"
    );
    h.slash(BOB, "join", &[("color", json!("black"))]).await;
    h.slash(ANN, "start", &[]).await;
    let calls = h.slash(ANN, "draw", &[]).await;
    assert!(
        calls[0]
            .text()
            .ends_with(&format!("<@{}>, answer with /accept or /decline.", BOB.0)),
        "the offer calls the one who must answer: {calls:?}"
    );
    assert_eq!(calls[0].allowed_users(), [BOB.0.to_string()]);
    assert!(calls[0].picture().is_none(), "no board for an offer");
    let calls = h.slash(BOB, "decline", &[]).await;
    assert!(
        calls[0].text().starts_with("Black declines the offer"),
        "{calls:?}"
    );
    h.slash(ANN, "draw", &[("game", json!(1))]).await;
    let calls = h.slash(BOB, "accept", &[("game", json!(1))]).await;
    assert!(calls[0].text().contains("a draw (agreement)"), "{calls:?}");
    assert_eq!(h.game(1).await.stage, Stage::Over);
    // A value Discord's choices would never send is still refused plainly.
    let calls = h.slash(ANN, "new", &[("game", json!("chess"))]).await;
    assert!(
        calls[0].ephemeral() && calls[0].text().contains("There is no game 'chess'"),
        "{calls:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_are_picked_from_menus_and_a_429_is_waited_out() {
    let mut h = Harness::new().await;
    h.through_game("none").await;
    // ♟ opens the menu of the men that can move, for the player to move only.
    let calls = h.press(BOB, "pick:1").await;
    assert!(
        calls[0].ephemeral() && calls[0].text().contains("not your turn"),
        "{calls:?}"
    );
    let calls = h.press(ANN, "pick:1").await;
    assert!(calls[0].ephemeral(), "{calls:?}");
    let menu = &calls[0].payload()["components"][0]["components"][0];
    assert_eq!(menu["custom_id"], "man:1");
    let men: Vec<&str> = menu["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert!(men.contains(&"♞g1"), "{men:?}");
    // Choosing the knight turns the menu into his moves, in place.
    let calls = h.choose(ANN, "man:1", "g1").await;
    assert_eq!(calls[0].json["type"], 7, "{calls:?}");
    let menu = &calls[0].payload()["components"][0]["components"][0];
    assert_eq!(menu["custom_id"], "to:1");
    let values: Vec<&str> = menu["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["g1f3", "g1h3"]);
    // The move is played; the chat's news waits out a 429 and arrives.
    h.fake
        .refuse
        .lock()
        .unwrap()
        .push(format!("/api/v10/webhooks/{BOT}/token-{}", h.next_id + 1));
    let calls = h.choose(ANN, "to:1", "g1f3").await;
    assert_eq!(h.game(1).await.log, ["g1f3"]);
    assert_eq!(calls[0].json["type"], 7, "the menu closes: {calls:?}");
    let news: Vec<&Call> = calls
        .iter()
        .filter(|c| c.path.contains("/webhooks/"))
        .collect();
    assert_eq!(news.len(), 2, "refused once, then sent: {calls:?}");
    assert!(news[1].text().starts_with("white: g1f3"), "{calls:?}");
    assert_eq!(news[1].allowed_users(), [BOB.0.to_string()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn colours_and_games_are_suggested_from_the_chat() {
    let mut h = Harness::new().await;
    let game = [("game", json!("through")), ("time", json!("none"))];
    h.slash(ANN, "new", &game).await;
    // Through chess has two colours, not six.
    let colours = h.autocomplete(BOB, "join", ("color", ""), &[]).await;
    assert_eq!(colours, ["white", "black"]);
    let colours = h
        .autocomplete(BOB, "new", ("as", "bl"), &[("game", "chaturaji")])
        .await;
    assert_eq!(colours, ["black"]);
    h.slash(CAT, "new", &[("game", json!("tamerlane"))]).await;
    let calls = {
        let options = vec![json!({"name": "game", "type": 4, "value": "", "focused": true})];
        let interaction = h.interaction(4, ANN, "board", json!(options), "en-US");
        h.discord.interaction(&interaction).await.unwrap();
        h.fake.take()
    };
    let choices = calls[0].json["data"]["choices"].as_array().unwrap().clone();
    let names: Vec<&str> = choices
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["#1 Through chess", "#2 Tamerlane chess"],
        "Ann's own first"
    );
    assert_eq!(choices[0]["value"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_both_languages() {
    let h = Harness::new().await;
    h.discord.register(Some(GUILD.into())).await;
    let calls = h.fake.take();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].method, Method::PUT);
    assert_eq!(
        calls[0].path,
        format!("/api/v10/applications/{BOT}/guilds/{GUILD}/commands")
    );
    let commands = calls[0].json.as_array().expect("a list of commands");
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    // Every command the help lists, accept, decline and leave among them.
    assert_eq!(names, Verb::ALL.map(Verb::name));
    for wanted in ["accept", "decline", "leave"] {
        assert!(names.contains(&wanted), "{wanted} missing from {names:?}");
    }
    for command in commands {
        assert!(
            command["description_localizations"]["ru"].is_string(),
            "{command}"
        );
    }
    let new = commands.iter().find(|c| c["name"] == "new").unwrap();
    let games = new["options"][0]["choices"].as_array().unwrap();
    assert_eq!(games.len(), catalogue::games().len());
    h.discord.register(None).await;
    let calls = h.fake.take();
    assert_eq!(
        calls[0].path,
        format!("/api/v10/applications/{BOT}/commands")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_suggestions_are_the_legal_moves_of_the_position() {
    let mut h = Harness::new().await;
    h.through_game("none").await;
    let legal = catalogue::new_game(GameType::Through, Start::Setup(None), Options::new())
        .unwrap()
        .legal_moves();
    let all = h.autocomplete(ANN, "move", ("move", ""), &[]).await;
    assert_eq!(
        all,
        legal[..25].to_vec(),
        "the first 25 in the engine's order"
    );
    let e2 = h.autocomplete(ANN, "move", ("move", "e2"), &[]).await;
    let expected: Vec<String> = legal
        .iter()
        .filter(|m| m.starts_with("e2"))
        .cloned()
        .collect();
    assert_eq!(e2, expected);
    assert!(
        h.autocomplete(BOB, "move", ("move", ""), &[])
            .await
            .is_empty(),
        "not Bob's turn"
    );
    // Setups and options of the chosen game.
    let setups = h
        .autocomplete(ANN, "new", ("setup", ""), &[("game", "tamerlane")])
        .await;
    assert_eq!(setups, ["masculine", "feminine", "arabshah"]);
    let options = h
        .autocomplete(
            ANN,
            "new",
            ("options", "board=fire sett"),
            &[("game", "enochian")],
        )
        .await;
    assert!(
        options.contains(&"board=fire setting=water".to_string()),
        "{options:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_and_replies_to_the_board() {
    let mut h = Harness::new().await;
    h.through_game("none").await;
    let calls = h.press(ANN, "moves:1").await;
    assert!(
        calls[0].ephemeral() && calls[0].text().starts_with("Legal moves:"),
        "{calls:?}"
    );
    let calls = h.press(ANN, "resign:1").await;
    assert!(
        calls[0].ephemeral() && calls[0].text().contains("Really resign?"),
        "{calls:?}"
    );
    assert_eq!(
        h.game(1).await.stage,
        Stage::Playing,
        "asking changes nothing"
    );

    // A reply to the board with a move plays it.
    let text = fixture(
        "reply.json",
        &[
            ("ID", "1900000000000000001".to_string()),
            ("CHANNEL", CHANNEL.to_string()),
            ("USER", ANN.0.to_string()),
            ("USERNAME", ANN.1.to_string()),
            ("CONTENT", "e2-e3".to_string()),
            ("PICTURE", "seance-game-1.png".to_string()),
        ],
    );
    let message: Message = serde_json::from_str(&text).unwrap();
    h.discord.message(&message, UserId::new(BOT)).await.unwrap();
    let calls = h.fake.take();
    assert_eq!(
        calls[0].path,
        format!("/api/v10/channels/{CHANNEL}/messages")
    );
    assert!(calls[0].text().starts_with("white: e2e3"), "{calls:?}");
    assert_eq!(h.game(1).await.log, ["e2e3"]);

    // The confirmation is updated in place; the chat is told in a new message.
    let calls = h.press(ANN, "resign-yes:1").await;
    assert_eq!(calls[0].json["type"], 7, "{calls:?}");
    assert!(
        calls[0].payload()["components"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert!(calls[1].path.contains("/webhooks/"), "{calls:?}");
    assert!(calls[1].text().starts_with("White resigns."), "{calls:?}");
    assert_eq!(h.game(1).await.stage, Stage::Over);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_come_as_mentions_or_direct_messages() {
    let mut h = Harness::new().await;
    let calls = h.slash(BOB, "settings", &[("dm", json!("on"))]).await;
    assert!(calls[0].ephemeral(), "{calls:?}");
    h.through_game("1d").await;
    // Ann (white) takes no direct messages: the reminder mentions her in the channel.
    h.clock.advance(12 * 3_600_000);
    let calls = h.settle().await;
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(
        calls[0].path,
        format!("/api/v10/channels/{CHANNEL}/messages")
    );
    assert!(
        calls[0].text().contains(&format!("<@{}>", ANN.0)),
        "{}",
        calls[0].text()
    );
    assert_eq!(calls[0].allowed_users(), [ANN.0.to_string()]);
    // Bob asked for direct messages: his reminder opens a DM channel and goes there.
    h.slash(ANN, "move", &[("move", json!("e2e4"))]).await;
    h.clock.advance(12 * 3_600_000);
    let calls = h.settle().await;
    let paths: Vec<&str> = calls.iter().map(|c| c.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "/api/v10/users/@me/channels",
            "/api/v10/channels/1800000000000000001/messages"
        ]
    );
    assert_eq!(calls[0].json["recipient_id"], BOB.0.to_string());
    assert!(
        calls[1].text().contains("12 hours left"),
        "{}",
        calls[1].text()
    );
}

/// Plays a whole game through slash commands, spirits answering through the outbox.
async fn whole_game(game: GameType, seats: &[Player], spirit: Option<&str>) {
    let mut h = Harness::new().await;
    let options = [("game", json!(game.id())), ("time", json!("none"))];
    h.slash(seats[0], "new", &options).await;
    for &who in &seats[1..] {
        let calls = h.slash(who, "join", &[]).await;
        assert!(!calls[0].ephemeral(), "{calls:?}");
    }
    if let Some(color) = spirit {
        h.slash(seats[0], "spirit", &[("color", json!(color))])
            .await;
    }
    let mut told = h.slash(seats[0], "start", &[]).await;
    told.extend(h.settle().await);
    let users: HashMap<String, Player> = seats.iter().map(|p| (p.0.to_string(), *p)).collect();
    // After a seating roll each player asked presses the first colour offered.
    while h.game(1).await.stage == Stage::Open {
        let question = told
            .iter()
            .rev()
            .find(|c| !buttons(c).is_empty())
            .expect("a question with a button a colour");
        let who = users[&question.allowed_users()[0]];
        let colour = buttons(question)[0].clone();
        told = h.press(who, &colour).await;
        told.extend(h.settle().await);
    }
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..2000 {
        let record = h.game(1).await;
        if record.stage == Stage::Over {
            break;
        }
        let (user, mv) = common::next_move(&record, &mut rng);
        let calls = h.slash(users[&user], "move", &[("move", json!(mv))]).await;
        assert!(!calls[0].ephemeral(), "{mv}: {calls:?}");
        told.extend(calls);
        told.extend(h.settle().await);
    }
    assert_eq!(h.game(1).await.stage, Stage::Over, "{game} ended");
    let last = told
        .iter()
        .rev()
        .find(|c| c.text().contains("Game over"))
        .expect("the result is told");
    assert!(last.picture().is_some(), "with the final board");
    // The record reveals the seed now: in the message, or as a file if long.
    let calls = h.slash(seats[0], "record", &[]).await;
    let text = match calls[0].files.first() {
        Some((_, file)) => String::from_utf8_lossy(file).to_string(),
        None => calls[0].text(),
    };
    assert!(
        text.starts_with(&format!("# game {game} #1")) && text.contains("# seed "),
        "{text}"
    );

    if spirit.is_some() {
        let spirit_moves = told
            .iter()
            .filter(|c| c.path.ends_with("/messages") && c.picture().is_some())
            .count();
        assert!(spirit_moves > 0, "the spirit's moves reach the channel");
    }
}

/// The custom ids of the buttons under a message.
fn buttons(call: &Call) -> Vec<String> {
    call.payload()
        .pointer("/components/0/components")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// Enochian chess seats by a roll: the players choose their colours with
/// buttons, from the highest roller down; a press out of turn is refused
/// privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enochian_colours_are_chosen_with_buttons_in_the_order_of_the_roll() {
    let mut h = Harness::new().await;
    let options = [("game", json!("enochian")), ("time", json!("none"))];
    h.slash(ANN, "new", &options).await;
    h.slash(BOB, "join", &[]).await;
    let calls = h.slash(ANN, "start", &[]).await;
    let record = h.game(1).await;
    let order = seance_bot::service::dice::ranking(&record.seed, "seating", &record.entropy, 2);
    let (first, second) = ([ANN, BOB][order[0]], [ANN, BOB][order[1]]);
    assert_eq!(
        calls[0].text(),
        format!(
            "Seating by a roll: the players choose their colours in this order: 1. {}, 2. {}.",
            first.1, second.1
        )
    );
    let question = calls.iter().find(|c| !buttons(c).is_empty()).unwrap();
    assert!(
        question.text().starts_with(&format!(
            "<@{}>, choose your colour: yellow, blue, red, black.",
            first.0
        )),
        "{question:?}"
    );
    assert_eq!(question.allowed_users(), [first.0.to_string()]);
    assert_eq!(
        buttons(question),
        [
            "cmd:join yellow #1",
            "cmd:join blue #1",
            "cmd:join red #1",
            "cmd:join black #1"
        ]
    );
    let calls = h.press(second, "cmd:join red #1").await;
    assert!(calls[0].ephemeral(), "{calls:?}");
    assert!(
        calls[0]
            .text()
            .contains(&format!("it is {}'s turn to choose", first.1)),
        "{calls:?}"
    );
    assert_eq!(h.game(1).await, record, "nothing changed");
    // The chooser's press: the question loses its buttons, the next is asked.
    let calls = h.press(first, "cmd:join red #1").await;
    assert_eq!(
        calls[0].json["type"], 7,
        "the question is updated: {calls:?}"
    );
    assert!(buttons(&calls[0]).is_empty());
    let texts: Vec<String> = calls.iter().map(Call::text).collect();
    assert!(
        texts.contains(&format!("{} plays red.", first.1)),
        "{texts:?}"
    );
    let question = calls.iter().find(|c| !buttons(c).is_empty()).unwrap();
    assert_eq!(question.allowed_users(), [second.0.to_string()]);
    assert_eq!(
        buttons(question),
        [
            "cmd:join yellow #1",
            "cmd:join blue #1",
            "cmd:join black #1"
        ]
    );
    let calls = h.press(second, "cmd:join black #1").await;
    assert!(
        calls
            .iter()
            .any(|c| c.text().contains("Game #1 (Enochian chess) begins.")),
        "{calls:?}"
    );
    let record = h.game(1).await;
    assert_eq!(record.stage, Stage::Playing);
    let names: Vec<Option<&str>> = record
        .seats
        .iter()
        .map(|s| s.user.as_ref().map(|u| u.name.as_str()))
        .collect();
    assert_eq!(names, [None, None, Some(first.1), Some(second.1)]);
}

/// `seance check` against the fake: Discord's answer on the token decides.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_asks_discord_whether_the_token_works() {
    let (_fake, address) = FakeDiscord::start().await;
    let db = std::env::temp_dir().join(format!(
        "seance-check-discord-{}.sqlite",
        std::process::id()
    ));
    let db = format!("sqlite://{}", db.display());
    let check = |token: &'static str| {
        let (address, db) = (address.clone(), db.clone());
        tokio::task::spawn_blocking(move || {
            std::process::Command::new(env!("CARGO_BIN_EXE_seance"))
                .args(["check", "--config", "no-such-config.toml"])
                .env("SEANCE_DISCORD_TOKEN", token)
                .env("SEANCE_DISCORD_PROXY_URL", address)
                .env("SEANCE_DATABASE_URL", db)
                .output()
                .expect("the seance binary runs")
        })
    };
    let good = check("test-token").await.unwrap();
    let said = String::from_utf8_lossy(&good.stdout);
    assert!(
        good.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&good.stderr)
    );
    assert!(
        said.contains("discord: the gateway\n  the token is Seance's"),
        "{said}"
    );
    assert!(said.contains("telegram: off (no token)"), "{said}");
    let bad = check("stolen").await.unwrap();
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success());
    assert!(
        said.contains("seance check: Discord refused the token"),
        "{said}"
    );
    assert!(!said.contains("stolen"), "the token is never shown: {said}");
}

/// A finished game is rated: `/rating` and `/top` show it, in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rating_and_top_show_the_rated_results() {
    let mut h = Harness::new().await;
    h.through_game("none").await;
    h.slash(BOB, "resign", &[]).await;
    let new = seance_bot::ratings::Rating::NEW;
    let after = seance_bot::ratings::rate(&[(vec![new], 1), (vec![new], 2)]);
    let (won, lost) = (after[0][0], after[1][0]);
    let calls = h
        .slash(ANN, "rating", &[("player", json!(format!("<@{}>", BOB.0)))])
        .await;
    assert!(!calls[0].ephemeral());
    let (low, high) = lost.range();
    assert!(
        calls[0].text().starts_with(&format!(
            "bob:\nThrough chess: {} ({low}–{high}), 1 game, best {}, provisional",
            lost.shown(),
            lost.shown()
        )),
        "{calls:?}"
    );
    let calls = h
        .slash(
            BOB,
            "top",
            &[("game", json!("through")), ("where", json!("global"))],
        )
        .await;
    assert_eq!(
        calls[0].text(),
        format!(
            "Through chess, everywhere:\n1. ann {}? (1)\n2. bob {}? (1)",
            won.shown(),
            lost.shown()
        )
    );
    // Staying off the global ladder hides a player there, not in the chat.
    h.slash(ANN, "settings", &[("ranking", json!("off"))]).await;
    let calls = h.slash(BOB, "top", &[("where", json!("global"))]).await;
    assert!(!calls[0].text().contains("ann"), "{calls:?}");
    let calls = h.slash(BOB, "top", &[]).await;
    assert!(calls[0].text().contains("1. ann "), "{calls:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_chaturaji_with_dice() {
    whole_game(GameType::Chaturaji, &[ANN, BOB, CAT, DAN], None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_enochian_chess_with_a_spirit() {
    whole_game(GameType::Enochian, &[ANN, BOB, CAT], Some("black")).await;
}

/// An interactions endpoint of `discord` checking signatures by `key`, as
/// one bot process serves it; returns its address.
async fn endpoint(discord: &Discord, key: &SigningKey) -> String {
    let endpoint = Endpoint::new(discord.clone(), &public_key(key)).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(async move { axum::serve(listener, endpoint.router()).await });
    address
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_answers_only_signed_fresh_requests() {
    let mut h = Harness::new().await;
    let key = SigningKey::from_bytes(&[7u8; 32]);
    let address = endpoint(&h.discord, &key).await;
    let now = unix_now();
    let ping = fixture("ping.json", &[]);

    let (status, body) = post(&address, Some(&key), now, ping.as_bytes()).await;
    assert_eq!(status, 200);
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["type"],
        1,
        "a pong"
    );
    // The same request again is a replay.
    assert_eq!(
        post(&address, Some(&key), now, ping.as_bytes()).await.0,
        401
    );
    // Signed by another key, unsigned, or stale.
    let other = SigningKey::from_bytes(&[8u8; 32]);
    assert_eq!(
        post(&address, Some(&other), now, ping.as_bytes()).await.0,
        401
    );
    assert_eq!(post(&address, None, now, ping.as_bytes()).await.0, 401);
    assert_eq!(
        post(&address, Some(&key), now - 3600, ping.as_bytes())
            .await
            .0,
        401
    );
    // Oversized, or not an interaction at all.
    let huge = vec![b' '; MAX_BODY + 1];
    assert_eq!(post(&address, Some(&key), now, &huge).await.0, 413);
    assert_eq!(
        post(&address, Some(&key), now, b"{\"type\": \"nonsense\"")
            .await
            .0,
        400
    );

    // A signed move: acknowledged at once, completed through the REST API.
    h.through_game("none").await;
    let interaction = interaction(
        1_100_000_000_000_000_077,
        2,
        ANN,
        "move",
        &json!([{"name": "move", "type": 3, "value": "e2e4"}]),
        "en-US",
    );
    let (status, body) = post(&address, Some(&key), now + 1, interaction.as_bytes()).await;
    assert_eq!(status, 200);
    let response: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(response["type"], 5, "acknowledged at once");
    assert_eq!(response["data"]["flags"], 64, "as an ephemeral thinking");
    let calls = h.calls_until(|c| c.method == Method::DELETE).await;
    assert_eq!(calls.len(), 2, "{calls:?}");
    // The board is a new message in the channel, whose mention of the next
    // player notifies; the acknowledgement, with nothing private to say, is deleted.
    assert_eq!(
        (calls[0].method.clone(), calls[0].path.as_str()),
        (
            Method::POST,
            format!("/api/v10/channels/{CHANNEL}/messages").as_str()
        )
    );
    assert!(calls[0].picture().is_some());
    assert!(
        calls[0]
            .text()
            .contains(&format!("<@{}>, your move", BOB.0)),
        "the next player is called: {calls:?}"
    );
    assert_eq!(calls[0].allowed_users(), [BOB.0.to_string()]);
    assert!(
        calls[1]
            .path
            .ends_with("/token-1100000000000000077/messages/@original"),
        "{}",
        calls[1].path
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_replayed_to_another_process_is_refused_too() {
    let h = Harness::new().await;
    let key = SigningKey::from_bytes(&[7u8; 32]);
    // Two processes behind one address, on one database.
    let first = endpoint(&h.discord, &key).await;
    let second = endpoint(&h.discord, &key).await;
    let now = unix_now();
    let ping = fixture("ping.json", &[]);
    assert_eq!(post(&first, Some(&key), now, ping.as_bytes()).await.0, 200);
    assert_eq!(
        post(&second, Some(&key), now, ping.as_bytes()).await.0,
        401,
        "the second process knows the first one answered it"
    );
    // A new request (a new timestamp, so a new signature) goes anywhere.
    assert_eq!(
        post(&second, Some(&key), now + 1, ping.as_bytes()).await.0,
        200
    );
}

/// With the game pages public, a board in play has a 📲 button. It gives a
/// player a link of their own, shown only to them, that signs them in on the
/// page for a week: a move made there reaches the channel. Anyone without a
/// seat gets the read-only page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_button_gives_each_player_a_link_of_their_own() {
    const SECRET: &str = "a long random text";
    let pages = Pages {
        web_url: "https://seance.example.org".to_string(),
        secret: SECRET.to_string().into(),
    };
    let mut h = Harness::serving(Some(pages)).await;
    h.slash(
        ANN,
        "new",
        &[("game", json!("through")), ("time", json!("none"))],
    )
    .await;
    h.slash(BOB, "join", &[]).await;
    let calls = h.slash(ANN, "start", &[]).await;
    let board = calls
        .iter()
        .find(|c| c.picture().is_some())
        .expect("a board");
    let ids = board.first_row();
    assert_eq!(ids, ["pick:1", "moves:1", "draw:1", "resign:1", "page:1"]);

    let link = |call: &Call| {
        let button = call
            .payload()
            .pointer("/components/0/components/0")
            .cloned();
        let button = button.unwrap_or_else(|| panic!("a link button: {call:?}"));
        assert_eq!(button["style"], 5, "a link");
        button["url"].as_str().unwrap().to_string()
    };
    let calls = h.press(ANN, "page:1").await;
    assert!(calls[0].ephemeral(), "only Ann sees her link");
    assert!(
        calls[0].text().starts_with("Your own link to game #1"),
        "{}",
        calls[0].text()
    );
    let url = link(&calls[0]);
    let token = url
        .strip_prefix("https://seance.example.org/game/1?ticket=")
        .unwrap_or_else(|| panic!("{url}"));
    let now = h.service.now() / 1000;
    let ticket = Ticket::read(token, SECRET.as_bytes(), now).expect("signed with the secret");
    assert_eq!(ticket.game.0, 1);
    assert_eq!(ticket.viewer.user, ANN.0.to_string());
    assert_eq!(ticket.expires, now + 7 * 86_400);

    // The link moves on the bot's page, and the channel sees the move.
    let keys = Keys {
        secret: SECRET.to_string().into(),
        ..Keys::default()
    };
    let routes = seance_bot::web::routes(h.service.clone(), seance_render::Style::default(), keys);
    let base = common::serve(routes).await;
    let act = |command: &'static str| {
        let (base, proof) = (base.clone(), format!("ticket {token}"));
        async move {
            let answer = reqwest::Client::new()
                .post(format!("{base}/game/1/act"))
                .header("Authorization", proof)
                .body(command)
                .send()
                .await
                .unwrap();
            let said: Value = answer.json().await.unwrap();
            said["said"].clone()
        }
    };
    assert_eq!(act("move e2e4").await, json!([]));
    assert_eq!(h.game(1).await.log, ["e2e4"]);
    let calls = h.settle().await;
    let told = calls
        .iter()
        .find(|c| c.text().contains("e2e4"))
        .expect("the move told");
    assert!(!told.ephemeral());
    // Ann's link acts for Ann alone: Black is not hers to move.
    let refused = act("move e7e5").await;
    assert!(
        refused[0]
            .as_str()
            .unwrap()
            .starts_with("It is not your turn"),
        "{refused}"
    );

    let calls = h.press(CAT, "page:1").await;
    assert!(calls[0].ephemeral());
    assert!(calls[0].text().contains("read-only"), "{}", calls[0].text());
    assert_eq!(link(&calls[0]), "https://seance.example.org/game/1");
}
