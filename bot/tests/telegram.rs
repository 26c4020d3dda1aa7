//! The Telegram front end without the network: a fake Bot API server on
//! loopback serves `getMe` and `getUpdates` with scripted updates, teloxide's
//! real dispatcher runs against it, and the tests read the calls it receives:
//! photos that decode, captions and mentions, keyboards and their callbacks,
//! edits in place, the per-group rate limit, and hostile updates that change
//! nothing.

mod common;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use rand::SeedableRng;
use rand::rngs::StdRng;
use seance_bot::adapters::telegram::pace::{Note, Pace};
use seance_bot::adapters::telegram::{Telegram, dispatcher};
use seance_bot::clock::FakeClock;
use seance_bot::commands::Verb;
use seance_bot::config;
use seance_bot::service::Service;
use seance_bot::store::{GameRecord, Stage};
use seance_engine::catalogue::GameType;
use serde_json::{Value, json};
use teloxide::types::ChatId;

const TOKEN: &str = "123456:test-token";
const BOT: i64 = 9_000_001;
const GROUP: i64 = -100_200_300;

/// A member of the group: id, first name, Telegram language.
#[derive(Clone, Copy)]
struct Member(i64, &'static str, &'static str);

const ANN: Member = Member(501, "Ann", "en");
const BOB: Member = Member(502, "Борис", "ru");
const CAT: Member = Member(503, "Cat", "en");
const DAN: Member = Member(504, "Dan", "en");
const EVE: Member = Member(505, "Eve", "en");

/// One Bot API call the fake received.
#[derive(Clone, Debug)]
struct Call {
    method: String,
    json: Value,
    /// An uploaded file's bytes (multipart).
    file: Option<Vec<u8>>,
    /// The id of the message it posted.
    posted: Option<i64>,
    at: Instant,
}

impl Call {
    fn text(&self) -> String {
        let field = |name: &str| self.json.get(name).and_then(Value::as_str);
        field("text").or(field("caption")).unwrap_or("").to_string()
    }

    fn chat(&self) -> i64 {
        match &self.json["chat_id"] {
            Value::Number(n) => n.as_i64().unwrap_or(0),
            Value::String(s) => s.parse().unwrap_or(0),
            _ => 0,
        }
    }

    /// The callback data of its keyboard's buttons.
    fn buttons(&self) -> Vec<String> {
        let markup = match &self.json["reply_markup"] {
            Value::String(text) => serde_json::from_str(text).unwrap_or(Value::Null),
            other => other.clone(),
        };
        markup["inline_keyboard"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row.as_array().cloned().unwrap_or_default())
            .filter_map(|b| b["callback_data"].as_str().map(str::to_string))
            .collect()
    }

    fn picture(&self) -> image::DynamicImage {
        let png = self.file.as_ref().expect("a file");
        image::load_from_memory(png).expect("the photo is a PNG that decodes")
    }
}

/// The Bot API as far as the bot can tell.
#[derive(Clone, Default)]
struct FakeTelegram {
    calls: Arc<Mutex<Vec<Call>>>,
    updates: Arc<Mutex<VecDeque<Value>>>,
    /// The offset of the last getUpdates: every update below it was fetched.
    offset: Arc<Mutex<i64>>,
    next_message: Arc<Mutex<i64>>,
}

/// Reads a multipart body's fields into JSON, and its file.
fn multipart(content_type: &str, body: &[u8]) -> (Value, Option<Vec<u8>>) {
    let mut fields = serde_json::Map::new();
    let mut file = None;
    for part in common::multipart(content_type, body) {
        if part.file_name.is_some() {
            file = Some(part.bytes);
            continue;
        }
        let text = String::from_utf8_lossy(&part.bytes).to_string();
        let value = match serde_json::from_str::<Value>(&text) {
            Ok(Value::Number(n)) => Value::Number(n),
            _ => Value::String(text),
        };
        fields.insert(part.name, value);
    }
    (Value::Object(fields), file)
}

fn user_json(id: i64, name: &str, language: &str, bot: bool) -> Value {
    json!({"id": id, "is_bot": bot, "first_name": name, "language_code": language})
}

fn group_json() -> Value {
    json!({"id": GROUP, "type": "group", "title": "Seance club"})
}

async fn answer(
    State(fake): State<FakeTelegram>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    // Telegram reads method names in any case; teloxide writes them capitalized.
    let method = uri.path().rsplit('/').next().unwrap_or("");
    let mut letters = method.chars();
    let method: String = letters
        .next()
        .map(|c| c.to_ascii_lowercase())
        .into_iter()
        .chain(letters)
        .collect();
    assert!(
        uri.path().starts_with(&format!("/bot{TOKEN}/")),
        "{}",
        uri.path()
    );
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let (json, file) = if content_type.starts_with("multipart/") {
        multipart(content_type, &body)
    } else {
        (serde_json::from_slice(&body).unwrap_or(Value::Null), None)
    };
    let mut posted = None;
    let result = match method.as_str() {
        "getMe" => json!({
            "id": BOT, "is_bot": true, "first_name": "Seance", "username": "SeanceBot",
            "can_join_groups": true, "can_read_all_group_messages": false,
            "supports_inline_queries": false, "has_main_web_app": false
        }),
        "getUpdates" => {
            let offset = json["offset"].as_i64().unwrap_or(0);
            *fake.offset.lock().unwrap() = offset;
            let deadline = Instant::now() + Duration::from_millis(200);
            loop {
                let batch: Vec<Value> = fake.updates.lock().unwrap().drain(..).collect();
                if !batch.is_empty() || Instant::now() > deadline {
                    break Value::Array(batch);
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        "sendMessage"
        | "sendPhoto"
        | "sendDocument"
        | "sendAnimation"
        | "editMessageReplyMarkup" => {
            let id = {
                let mut next = fake.next_message.lock().unwrap();
                *next += 1;
                *next
            };
            if method.starts_with("send") {
                posted = Some(id);
            }
            let mut message = json!({
                "message_id": id, "date": 1_796_068_800, "chat": group_json(),
                "from": user_json(BOT, "Seance", "en", true),
            });
            if method == "sendPhoto" {
                message["photo"] =
                    json!([{"file_id": "f", "file_unique_id": "u", "width": 1, "height": 1}]);
            } else {
                message["text"] = json!("ok");
            }
            message
        }
        _ => json!(true),
    };
    if method != "getUpdates" {
        fake.calls.lock().unwrap().push(Call {
            method,
            json,
            file,
            posted,
            at: Instant::now(),
        });
    }
    (
        [("content-type", "application/json")],
        json!({"ok": true, "result": result}).to_string(),
    )
        .into_response()
}

impl FakeTelegram {
    async fn start() -> (FakeTelegram, String) {
        let fake = FakeTelegram::default();
        *fake.next_message.lock().unwrap() = 1000;
        *fake.offset.lock().unwrap() = -1;
        let address = common::serve(Router::new().fallback(answer).with_state(fake.clone())).await;
        let address = format!("{address}/");
        (fake, address)
    }

    fn take(&self) -> Vec<Call> {
        std::mem::take(&mut *self.calls.lock().unwrap())
    }
}

/// A service on a scratch store, the front end with teloxide's dispatcher
/// running against the fake, and the scripted updates.
struct Harness {
    service: Service,
    clock: FakeClock,
    telegram: Telegram,
    fake: FakeTelegram,
    next_update: i64,
    next_message: i64,
}

impl Harness {
    async fn new(pace: Pace) -> Harness {
        let (fake, address) = FakeTelegram::start().await;
        let (service, clock) = common::service().await;
        let settings = config::Telegram {
            token: TOKEN.to_string().into(),
            api_url: address,
            ..config::Telegram::default()
        };
        let bot = Telegram::bot(&settings).unwrap();
        let telegram = Telegram::new(service.clone(), bot, seance_render::Style::default(), pace);
        let mut running = dispatcher(telegram.clone());
        tokio::spawn(async move { running.dispatch().await });
        // The dispatcher's start (getMe, dropping a webhook) is not a test's business.
        let deadline = Instant::now() + Duration::from_secs(120);
        while *fake.offset.lock().unwrap() < 0 {
            assert!(Instant::now() < deadline, "the dispatcher never polled");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        fake.take();
        Harness {
            service,
            clock,
            telegram,
            fake,
            next_update: 1,
            next_message: 1,
        }
    }

    /// A generous pace, so that whole games do not wait on the rate limit.
    async fn quick() -> Harness {
        Harness::new(Pace::new(1000, Duration::from_secs(1))).await
    }

    /// Sends an update; waits until the bot has fetched and answered it.
    async fn update(&mut self, kind: &str, mut payload: Value) -> Vec<Call> {
        let id = self.next_update;
        self.next_update += 1;
        if kind == "message" {
            payload["message_id"] = json!(self.next_message);
            self.next_message += 1;
        }
        self.fake
            .updates
            .lock()
            .unwrap()
            .push_back(json!({"update_id": id, kind: payload}));
        self.quiet().await;
        self.fake.take()
    }

    /// Waits until the bot has handled every update sent and posted all it queued.
    async fn quiet(&self) {
        let sent = (self.next_update - 1) as u64;
        let deadline = Instant::now() + Duration::from_secs(120);
        while self.telegram.handled() < sent || !self.telegram.idle() {
            assert!(Instant::now() < deadline, "the bot never answered");
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    /// A member writes in the group (or, with `chat` = their id, privately).
    async fn say_in(&mut self, who: Member, chat: Value, text: &str) -> Vec<Call> {
        let message = json!({
            "date": 1_796_068_800, "chat": chat, "from": user_json(who.0, who.1, who.2, false),
            "text": text,
        });
        self.update("message", message).await
    }

    async fn say(&mut self, who: Member, text: &str) -> Vec<Call> {
        self.say_in(who, group_json(), text).await
    }

    /// A member replies to one of the bot's boards.
    async fn reply(&mut self, who: Member, board: &Call, text: &str) -> Vec<Call> {
        let message = json!({
            "date": 1_796_068_800, "chat": group_json(), "from": user_json(who.0, who.1, who.2, false),
            "text": text, "reply_to_message": bot_message(board),
        });
        self.update("message", message).await
    }

    /// A member presses a button under one of the bot's messages.
    async fn press(&mut self, who: Member, board: &Call, data: &str) -> Vec<Call> {
        let query = json!({
            "id": format!("q{}", self.next_update), "from": user_json(who.0, who.1, who.2, false),
            "chat_instance": "1", "data": data, "message": bot_message(board),
        });
        self.update("callback_query", query).await
    }

    /// Lets spirits move and posts the outbox; returns the calls.
    async fn settle(&mut self) -> Vec<Call> {
        loop {
            let moved = self.service.run_due_jobs().await.unwrap();
            let told = self.telegram.deliver().await.unwrap();
            if moved == 0 && told == 0 {
                break;
            }
            self.quiet().await;
        }
        self.quiet().await;
        self.fake.take()
    }

    async fn game(&self, id: i64) -> GameRecord {
        common::load(&self.service, id).await
    }
}

/// One of the bot's messages as Telegram would show it again in an update,
/// with the buttons it was sent with.
fn bot_message(call: &Call) -> Value {
    let mut message = json!({
        "message_id": call.posted.expect("a message the bot posted"), "date": 1_796_068_800, "chat": group_json(),
        "from": user_json(BOT, "Seance", "en", true),
        "photo": [{"file_id": "f", "file_unique_id": "u", "width": 1, "height": 1}],
    });
    let markup = match &call.json["reply_markup"] {
        Value::String(text) => serde_json::from_str(text).unwrap_or(Value::Null),
        other => other.clone(),
    };
    if !markup.is_null() {
        message["reply_markup"] = markup;
    }
    message
}

fn boards(calls: &[Call]) -> Vec<&Call> {
    calls.iter().filter(|c| c.method == "sendPhoto").collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_boards_buttons_and_edits() {
    let mut h = Harness::quick().await;
    let calls = h.say(ANN, "/new@SeanceBot through time=none").await;
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert!(
        calls[0].text().starts_with("Game #1: Through chess"),
        "{calls:?}"
    );
    // The chat speaks its first game's creator's language; Bob's Telegram
    // speaks Russian, and so does the bot when it answers him alone.
    let calls = h.say(BOB, "/join").await;
    assert!(
        calls[0].text().contains("plays black"),
        "{}",
        calls[0].text()
    );
    let calls = h.say(BOB, "/join").await;
    assert!(calls[0].text().contains("занято"), "{}", calls[0].text());
    let calls = h.say(ANN, "/start").await;
    let board = boards(&calls)[0].clone();
    let picture = board.picture();
    assert!(
        (700..=760).contains(&picture.width()),
        "{}",
        picture.width()
    );
    assert_eq!(board.chat(), GROUP);
    assert!(
        board
            .text()
            .contains(&format!("<a href=\"tg://user?id={}\">Ann</a>", ANN.0)),
        "the first player is mentioned: {}",
        board.text()
    );
    assert_eq!(board.json["parse_mode"], "HTML");
    assert_eq!(board.buttons(), ["p:1", "l:1", "d:1", "r:1"]);

    // The picker: the men that can move, then one man's moves, in the same message.
    let calls = h.press(BOB, &board, "p:1").await;
    let alert = calls
        .iter()
        .find(|c| c.method == "answerCallbackQuery")
        .unwrap();
    assert_eq!(alert.json["show_alert"], true, "not Bob's turn: {alert:?}");
    assert!(calls.iter().all(|c| c.method != "editMessageReplyMarkup"));
    let calls = h.press(ANN, &board, "p:1").await;
    let edit = calls
        .iter()
        .find(|c| c.method == "editMessageReplyMarkup")
        .expect("an edit, not a new message");
    assert_eq!(edit.json["message_id"], board.posted.unwrap());
    assert!(calls.iter().all(|c| !c.method.starts_with("send")));
    let men = edit.buttons();
    assert!(
        men.contains(&"f:1:e2".to_string()) && men.last().unwrap() == "c:1",
        "{men:?}"
    );
    let calls = h.press(ANN, &board, "f:1:e2").await;
    let moves = calls
        .iter()
        .find(|c| c.method == "editMessageReplyMarkup")
        .unwrap()
        .buttons();
    assert!(moves.contains(&"m:1:e2e4".to_string()), "{moves:?}");
    assert!(moves.iter().all(|d| d.len() <= 64));
    let calls = h.press(ANN, &board, "m:1:e2e4").await;
    assert_eq!(h.game(1).await.log, ["e2e4"]);
    let cleared = calls
        .iter()
        .find(|c| c.method == "editMessageReplyMarkup")
        .expect("the old board loses its buttons");
    assert!(cleared.buttons().is_empty());
    let board = boards(&calls)[0].clone();
    assert!(board.text().contains("white: e2e4"), "{}", board.text());

    // A reply to the board with a move plays it.
    let calls = h.reply(BOB, &board, "e7-e5").await;
    assert_eq!(h.game(1).await.log, ["e2e4", "e7e5"]);
    assert_eq!(boards(&calls).len(), 1);
    let board = boards(&calls)[0].clone();
    // A typed command with arguments; an illegal move is answered to its sender.
    let calls = h.say(ANN, "/move e4e9").await;
    assert_eq!(calls.len(), 1);
    assert!(calls[0].json.get("reply_parameters").is_some(), "{calls:?}");
    assert_eq!(h.game(1).await.log.len(), 2);

    // Resigning asks first, in place.
    let calls = h.press(ANN, &board, "r:1").await;
    let ask = calls
        .iter()
        .find(|c| c.method == "editMessageReplyMarkup")
        .unwrap();
    let sure = format!("R:1:{}", ANN.0);
    assert_eq!(ask.buttons(), [sure.clone(), "c:1".to_string()]);
    assert_eq!(h.game(1).await.stage, Stage::Playing);
    h.press(ANN, &board, &sure).await;
    assert_eq!(h.game(1).await.stage, Stage::Over);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_both_languages() {
    let h = Harness::quick().await;
    h.telegram.register().await.unwrap();
    let calls = h.fake.take();
    let menus: Vec<&Call> = calls
        .iter()
        .filter(|c| c.method == "setMyCommands")
        .collect();
    assert_eq!(menus.len(), 2);
    assert!(menus[0].json.get("language_code").is_none());
    assert_eq!(menus[1].json["language_code"], "ru");
    let names: Vec<&str> = menus[0].json["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        Verb::ALL.map(Verb::name),
        "every command, in the help's order"
    );
    assert_eq!(
        menus[1].json["commands"][0]["description"],
        Verb::New.spec().ru
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_updates_change_nothing() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new through time=none").await;
    h.say(BOB, "/join").await;
    let board = boards(&h.say(ANN, "/start").await)[0].clone();
    let before = h.game(1).await;

    // Another bot's command is not ours; ours, unknown, is explained.
    assert!(h.say(ANN, "/frobnicate").await.is_empty());
    assert!(h.say(ANN, "/move@OtherBot e2e4").await.is_empty());
    let calls = h.say(ANN, "/frobnicate@SeanceBot").await;
    assert!(
        calls[0].text().to_lowercase().contains("frobnicate"),
        "{calls:?}"
    );
    // A huge text gets a short answer.
    let calls = h.say(ANN, &format!("/move {}", "e2e4 ".repeat(4000))).await;
    assert_eq!(calls.len(), 1);
    assert!(calls[0].text().chars().count() < 300, "{}", calls[0].text());
    // Forged callback data, and a real button pressed by a stranger.
    for forged in [
        "",
        "m:1",
        "zz:1:e2e4",
        "m:-1:e2e4",
        "m:99:e2e4",
        &"m:1:".repeat(30),
    ] {
        let calls = h.press(EVE, &board, forged).await;
        assert!(
            calls.iter().all(|c| !c.method.starts_with("send")),
            "{forged}: {calls:?}"
        );
        assert_eq!(
            calls
                .iter()
                .filter(|c| c.method == "answerCallbackQuery")
                .count(),
            1
        );
    }
    let calls = h.press(EVE, &board, "m:1:e2e4").await;
    let alert = calls
        .iter()
        .find(|c| c.method == "answerCallbackQuery")
        .unwrap();
    assert_eq!(alert.json["show_alert"], true);
    assert!(!alert.text().is_empty());
    h.press(EVE, &board, &format!("R:1:{}", EVE.0)).await;
    // A stranger's reply to the board, and a message with no text at all.
    h.reply(EVE, &board, "e2e4").await;
    let sticker = json!({
        "date": 1_796_068_800, "chat": group_json(), "from": user_json(EVE.0, EVE.1, "en", false),
        "sticker": {"file_id": "s", "file_unique_id": "s", "type": "regular", "width": 1, "height": 1, "is_animated": false, "is_video": false},
    });
    h.update("message", sticker).await;
    let after = h.game(1).await;
    assert_eq!(
        (after.log, after.version, after.stage),
        (before.log, before.version, before.stage)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_group_is_paced_and_nothing_is_dropped() {
    let h = Harness::new(Pace::new(5, Duration::from_secs(1))).await;
    let start = Instant::now();
    for i in 0..12 {
        h.telegram
            .post(Note::text(ChatId(GROUP), format!("turn {i}")));
    }
    h.quiet().await;
    let calls = h.fake.take();
    let sent: Vec<&Call> = calls.iter().filter(|c| c.method == "sendMessage").collect();
    let text: String = sent.iter().map(|c| c.text()).collect::<Vec<_>>().join("\n");
    for i in 0..12 {
        assert!(
            text.contains(&format!("turn {i}")),
            "turn {i} arrived: {text}"
        );
    }
    assert!(sent.len() < 12, "waiting messages merged: {}", sent.len());
    let in_first_window = sent
        .iter()
        .filter(|c| c.at.duration_since(start) < Duration::from_millis(950))
        .count();
    assert!(
        in_first_window <= 5,
        "{in_first_window} in the first second"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_start_lets_reminders_come_privately() {
    let mut h = Harness::quick().await;
    let private = json!({"id": ANN.0, "type": "private", "first_name": "Ann"});
    let calls = h.say_in(ANN, private.clone(), "/start").await;
    assert!(calls.iter().all(|c| c.chat() == ANN.0));
    assert!(
        calls.iter().any(|c| c.text().contains("new &lt;game&gt;")),
        "the help: {calls:?}"
    );
    // In a private chat plain words are commands.
    let calls = h.say_in(ANN, private, "games").await;
    assert_eq!(calls.len(), 1);

    // Ann's reminder comes to her private chat; Bob, who never started the
    // bot privately, is reminded in the group.
    h.say(BOB, "/new through time=1d").await;
    h.say(ANN, "/join").await;
    h.say(BOB, "/start").await;
    h.clock.advance(12 * 3_600_000);
    let calls = h.settle().await;
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(calls[0].chat(), GROUP);
    assert!(calls[0].text().contains(&format!("tg://user?id={}", BOB.0)));
    h.say(BOB, "/move e2e4").await;
    h.clock.advance(12 * 3_600_000);
    let calls = h.settle().await;
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(calls[0].chat(), ANN.0, "privately");
    assert!(calls[0].text().contains("12 hours"), "{}", calls[0].text());
}

/// Plays a whole game through scripted updates: typed moves, moves picked
/// with buttons, replies to the board; spirits answer through the outbox.
async fn whole_game(game: GameType, players: &[Member], new: &str) {
    let mut h = Harness::quick().await;
    h.say(players[0], &format!("/new {game} time=none {new}"))
        .await;
    for &player in &players[1..] {
        h.say(player, "/join").await;
    }
    let mut told = h.say(players[0], "/start").await;
    told.extend(h.settle().await);
    let users: HashMap<String, Member> = players.iter().map(|m| (m.0.to_string(), *m)).collect();
    let mut rng = StdRng::seed_from_u64(7);
    for turn in 0..3000 {
        let record = h.game(1).await;
        if record.stage == Stage::Over {
            break;
        }
        let (user, mv) = common::next_move(&record, &mut rng);
        let who = users[&user];
        let board = boards(&told).last().map(|c| (*c).clone());
        let calls = match (turn % 3, board) {
            (1, Some(board)) if !board.buttons().is_empty() => {
                let origin = seance_engine::notation::origin(&mv).to_string();
                h.press(who, &board, "p:1").await;
                h.press(who, &board, &format!("f:1:{origin}")).await;
                h.press(who, &board, &format!("m:1:{mv}")).await
            }
            (2, Some(board)) if !board.buttons().is_empty() => h.reply(who, &board, &mv).await,
            _ => h.say(who, &format!("/move {mv}")).await,
        };
        assert!(
            calls.iter().all(|c| c.json.get("show_alert").is_none()),
            "{mv}: {calls:?}"
        );
        assert!(
            h.game(1).await.log.len() > record.log.len(),
            "{mv} was played"
        );
        told = calls;
        told.extend(h.settle().await);
        for board in boards(&told) {
            board.picture();
            assert!(board.text().chars().count() <= 1024);
        }
    }
    assert_eq!(h.game(1).await.stage, Stage::Over, "{game} ended");
    // In the language of the player to move last.
    let texts: Vec<String> = told.iter().map(Call::text).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Game over") || t.contains("Партия окончена")),
        "the result is told: {texts:?}"
    );
    let calls = h.say(players[0], "/record").await;
    assert!(
        calls
            .iter()
            .any(|c| c.text().contains(&format!("# game {game} #1")) || c.method == "sendDocument"),
        "{calls:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_tamerlane_against_a_spirit() {
    whole_game(GameType::Tamerlane, &[ANN], "").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_chaturaji_with_four_members() {
    whole_game(GameType::Chaturaji, &[ANN, BOB, CAT, DAN], "").await;
}
