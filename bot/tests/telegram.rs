//! The Telegram front end without the network: a fake Bot API server on
//! loopback serves `getMe` and `getUpdates` with scripted updates, teloxide's
//! real dispatcher runs against it, and the tests read the calls it receives:
//! photos that decode, captions and mentions, keyboards and their callbacks,
//! edits in place, the per-group rate limit, and hostile updates that change
//! nothing.

mod common;

use common::fake_telegram::{
    ANN, BOB, BOT, CAT, Call, DAN, EVE, FakeTelegram, GROUP, Member, TOKEN, group_json, user_json,
};

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use seance_bot::adapters::telegram::pace::Pace;
use seance_bot::adapters::telegram::{Pages, Telegram, dispatcher};
use seance_bot::clock::{FakeClock, SystemClock};
use seance_bot::commands::Verb;
use seance_bot::config;
use seance_bot::service::{Defaults, Service};
use seance_bot::store::scratch::{Scratch, tamper};
use seance_bot::store::{GameRecord, Queue, Stage, Store};
use seance_engine::catalogue::GameType;
use serde_json::{Value, json};

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
        Harness::serving(pace, None).await
    }

    /// A harness whose boards carry a button to the game's page.
    async fn serving(pace: Pace, pages: Option<Pages>) -> Harness {
        let (fake, address) = FakeTelegram::start().await;
        let (service, clock) = common::service().await;
        let settings = config::Telegram {
            token: TOKEN.to_string().into(),
            api_url: address,
            ..config::Telegram::default()
        };
        let bot = Telegram::bot(&settings).unwrap();
        let mut telegram =
            Telegram::new(service.clone(), bot, seance_render::Style::default(), pace);
        if let Some(pages) = pages {
            telegram = telegram.with_pages(pages);
        }
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
    async fn update(&mut self, kind: &str, payload: Value) -> Vec<Call> {
        self.push(kind, payload);
        self.quiet().await;
        self.fake.take()
    }

    /// Sends an update without waiting for the answer.
    fn push(&mut self, kind: &str, mut payload: Value) {
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
    }

    /// A member's message in the group, sent without waiting for the answer.
    fn type_in(&mut self, who: Member, text: &str) {
        let message = json!({
            "date": 1_796_068_800, "chat": group_json(), "from": user_json(who.0, who.1, who.2, false),
            "text": text,
        });
        self.push("message", message);
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

/// Sends in any `window` that starts at a send, at most.
fn most_in_a_window(calls: &[Call], window: Duration) -> usize {
    let sent: Vec<Instant> = calls
        .iter()
        .filter(|c| c.method.starts_with("send") && c.refused.is_none())
        .map(|c| c.at)
        .collect();
    (0..sent.len())
        .map(|i| {
            sent[i..]
                .iter()
                .take_while(|t| **t < sent[i] + window)
                .count()
        })
        .max()
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_group_is_answered_within_the_budget_and_nothing_is_lost() {
    // Telegram's budget scaled down: 3 at once, then one every 100 ms.
    let refill = Duration::from_millis(100);
    let mut h = Harness::new(Pace::new(3, refill)).await;
    h.say(ANN, "/new through time=none").await;
    h.say(BOB, "/join").await;
    h.say(ANN, "/start").await;
    // Twenty messages at once: help, a refusal, bad moves, status.
    for i in 0..5 {
        h.type_in(CAT, "/status");
        h.type_in(BOB, "/move e7e5");
        h.type_in(DAN, &format!("/move z{i}"));
        h.type_in(EVE, "/help");
    }
    h.quiet().await;
    let calls = h.fake.take();
    let text: String = calls.iter().map(Call::text).collect::<Vec<_>>().join("\n");
    assert_eq!(
        text.matches("#1 Through chess: white").count(),
        5,
        "every status"
    );
    assert_eq!(
        text.matches("Сейчас не ваш ход").count(),
        5,
        "every refusal"
    );
    assert_eq!(
        text.matches("You have no seat").count(),
        5,
        "every bad move"
    );
    assert_eq!(text.matches("Commands (the game").count(), 5, "every help");
    // Waiting answers merge; no stretch of the budget holds more than it allows.
    let sends = calls
        .iter()
        .filter(|c| c.method.starts_with("send"))
        .count();
    assert!(sends < 20, "{sends} messages for 20 answers");
    assert!(most_in_a_window(&calls, refill * 10) <= 3 + 10 + 1);
    // A refused button press goes to the presser alone.
    let board = boards(&h.say(CAT, "/board").await)[0].clone();
    let calls = h.press(BOB, &board, "p:1").await;
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(calls[0].json["show_alert"], true);
    assert!(calls[0].text().contains("Сейчас не ваш ход"), "{calls:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_delays_the_board_but_never_drops_it() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new through time=none").await;
    h.say(BOB, "/join").await;
    h.say(ANN, "/start").await;
    h.fake.refuse.lock().unwrap().push("sendPhoto");
    let calls = h.say(ANN, "/move e2e4").await;
    let photos: Vec<&Call> = calls.iter().filter(|c| c.method == "sendPhoto").collect();
    assert_eq!(photos.len(), 2, "refused once, then sent: {calls:?}");
    assert!(photos[0].refused == Some(429) && photos[1].refused.is_none());
    assert!(
        photos[1].text().contains("white: e2e4"),
        "{}",
        photos[1].text()
    );
    assert!(
        photos[1]
            .text()
            .contains(&format!("tg://user?id={}", BOB.0))
    );
    assert!(
        photos[1].at - photos[0].at >= Duration::from_secs(1),
        "after retry_after"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_people_leave_the_spirits_finish_unseen() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new chaturaji time=none").await;
    h.say(ANN, "/start").await;
    h.settle().await;
    // Ann leaves the table to the three spirits.
    let calls = h.say(ANN, "/resign").await;
    let text: String = calls.iter().map(Call::text).collect();
    assert!(text.contains("Only spirits are left in play"), "{text}");
    let calls = h.settle().await;
    assert_eq!(h.game(1).await.stage, Stage::Over);
    let photos = boards(&calls);
    assert_eq!(photos.len(), 1, "only the final board: {calls:?}");
    assert!(
        photos[0].text().contains("Game over"),
        "{}",
        photos[0].text()
    );
    let replays: Vec<&Call> = calls
        .iter()
        .filter(|c| c.method == "sendAnimation")
        .collect();
    assert_eq!(replays.len(), 1, "and the game as a GIF");
    assert!(
        replays[0]
            .file
            .as_ref()
            .is_some_and(|f| f.starts_with(b"GIF89a"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_stays_on_the_side_of_the_one_person_playing() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new through time=none as=black").await;
    h.say(ANN, "/start").await;
    h.settle().await;
    let calls = h
        .say(ANN, &format!("/move {}", next_move_of(&h.game(1).await)))
        .await;
    let board = boards(&calls)[0].clone();
    // The spirit moves next, yet the board is drawn for Ann's black army.
    let record = h.game(1).await;
    let view = common::replayed(&record).board_view();
    let players = [
        seance_render::Player {
            spirit: true,
            ..seance_render::Player::default()
        },
        seance_render::Player::named("Ann"),
    ];
    let drawn_for = |seat| {
        let style = seance_render::Style {
            seat: Some(seance_engine::Seat(seat)),
            ..seance_render::Style::default()
        };
        seance_render::png(&view, &players, &style)
    };
    let posted = board.file.clone().expect("the photo");
    assert_eq!(posted, drawn_for(1), "from black's side");
    assert_ne!(posted, drawn_for(0));
}

/// A legal move for the seat to move in a stored game.
fn next_move_of(record: &GameRecord) -> String {
    common::replayed(record).legal_moves()[0].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_speaks_its_language_and_each_player_theirs() {
    let mut h = Harness::quick().await;
    let calls = h.say(BOB, "/new through time=none").await;
    assert!(calls[0].text().starts_with("Партия #1"), "{calls:?}");
    // Ann's Telegram speaks English: public news stays in the chat's Russian,
    // her refusals come in English.
    let calls = h.say(ANN, "/join").await;
    assert!(calls[0].text().contains("играет за чёрные"), "{calls:?}");
    let calls = h.say(ANN, "/move e7e5").await;
    assert!(calls[0].text().contains("has not started yet"), "{calls:?}");
    let calls = h.say(ANN, "/settings chat=en").await;
    assert!(calls[0].text().contains("chat en"), "{calls:?}");
    let calls = h.say(BOB, "/start").await;
    assert!(
        calls[0]
            .text()
            .starts_with("Game #1 (Through chess) begins"),
        "{calls:?}"
    );
    // A Russian chat hears its spirits in Russian too.
    let calls = h.say(DAN, "/new through time=none").await;
    assert!(calls[0].text().starts_with("Game #2"), "{calls:?}");
    h.say(BOB, "/settings chat=ru").await;
    h.say(DAN, "/spirit black master #2").await;
    h.say(DAN, "/start #2").await;
    h.say(DAN, "/move e2e4 #2").await;
    let calls = h.settle().await;
    let spirit = boards(&calls)[0].text();
    assert!(spirit.starts_with("чёрные: "), "{spirit}");
    let calls = h.say(DAN, "/status #2").await;
    assert!(calls[0].text().contains("дух (мастер)"), "{calls:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_is_told_what_happened_and_who_must_answer() {
    let mut h = Harness::quick().await;
    let calls = h.say(ANN, "/new through time=none").await;
    assert!(
        !calls[0].text().contains("seed"),
        "no dice, no seed: {calls:?}"
    );
    h.say(BOB, "/join").await;
    h.say(ANN, "/start").await;
    // A capture is marked.
    let calls = h.say(ANN, "/move Qxd8").await;
    assert!(
        boards(&calls)[0].text().starts_with("white: d1xd8"),
        "{calls:?}"
    );
    // A takeback request calls the one who must agree, with a button.
    let calls = h.say(ANN, "/takeback").await;
    assert!(
        calls[0].text().contains("asks to take back")
            && calls[0].text().contains(&format!("tg://user?id={}", BOB.0)),
        "{calls:?}"
    );
    assert_eq!(calls[0].buttons(), ["x:takeback #1"]);
    // An offer calls the one who must answer, with buttons, and no board.
    let calls = h.say(BOB, "/draw").await;
    assert!(boards(&calls).is_empty(), "{calls:?}");
    let offer = calls[0].clone();
    assert!(
        offer.text().starts_with("Black offers a draw.")
            && offer.text().contains(&format!("tg://user?id={}", ANN.0)),
        "{}",
        offer.text()
    );
    assert_eq!(offer.buttons(), ["x:accept #1", "x:decline #1"]);
    // Answered, the question loses its buttons.
    let calls = h.press(ANN, &offer, "x:decline #1").await;
    assert!(
        calls
            .iter()
            .any(|c| c.text().starts_with("White declines the offer")),
        "{calls:?}"
    );
    let cleared = calls
        .iter()
        .find(|c| c.method == "editMessageReplyMarkup")
        .expect("an edit");
    assert_eq!(cleared.json["message_id"], offer.posted.unwrap());
    assert!(cleared.buttons().is_empty());
    // The end says who won and why, and brings the whole game.
    let calls = h.say(ANN, "/resign").await;
    let end = boards(&calls)[0].text();
    assert!(
        end.contains("White resigns.")
            && end.contains("Game over: black wins (resignation). The whole game: /record."),
        "{end}"
    );
    assert!(
        calls.iter().any(|c| c.method == "sendAnimation"),
        "{calls:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_army_out_of_play_is_announced() {
    // A line of play in which a king is taken while the game goes on.
    let mut rng = StdRng::seed_from_u64(1);
    let mut shadow = seance_engine::catalogue::new_game(
        GameType::ChaturajiNoDice,
        seance_engine::Start::Setup(None),
        seance_engine::Options::new(),
    )
    .unwrap();
    let mut line = Vec::new();
    let out = loop {
        use rand::seq::IndexedRandom;
        let before: Vec<bool> = (0..4)
            .map(|s| shadow.in_play(seance_engine::Seat(s)))
            .collect();
        let mv = shadow
            .legal_moves()
            .choose(&mut rng)
            .cloned()
            .expect("a move");
        shadow.play_text(&mv).unwrap();
        line.push(mv);
        let gone = (0..4).find(|&s| before[s as usize] && !shadow.in_play(seance_engine::Seat(s)));
        if let (Some(seat), None) = (gone, shadow.outcome()) {
            break shadow.info().seats[usize::from(seat)].color;
        }
        assert!(
            shadow.outcome().is_none() && line.len() < 2000,
            "no king taken"
        );
    };
    let mut h = Harness::quick().await;
    let players = [ANN, BOB, CAT, DAN];
    h.say(ANN, "/new chaturaji-nodice time=none").await;
    for &p in &players[1..] {
        h.say(p, "/join").await;
    }
    h.say(ANN, "/start").await;
    let mut last = Vec::new();
    for mv in &line {
        let record = h.game(1).await;
        let seat = common::replayed(&record).phase().seat().unwrap();
        last = h.say(players[seat.index()], &format!("/move {mv}")).await;
    }
    let told = boards(&last)[0].text();
    let name = out.name();
    let expected = format!(
        "{}{} is out of play: its king was taken",
        name[..1].to_uppercase(),
        &name[1..]
    );
    assert!(told.contains(&expected), "{out} should be told out: {told}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_commands_and_errors_speak_telegram() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new through time=3d").await;
    h.say(BOB, "/join").await;
    let calls = h.say(ANN, "/move e2e4").await;
    assert!(
        calls[0].text().contains("start it with /start"),
        "{calls:?}"
    );
    h.say(ANN, "/start").await;
    let calls = h.say(ANN, "/move e2e9").await;
    assert!(
        calls[0].text().contains("there is no square e9"),
        "{calls:?}"
    );
    let calls = h.say(ANN, "/frobnicate@SeanceBot").await;
    assert!(
        calls[0]
            .text()
            .contains("I don't know the command 'frobnicate'"),
        "{calls:?}"
    );
    let calls = h.say(ANN, "/status").await;
    assert!(calls[0].text().contains("3 days left"), "{calls:?}");
    let calls = h.say(ANN, "/help").await;
    assert!(calls[0].text().contains("/join [colour] [#N]"), "{calls:?}");
    // A game's setups and options, with what each changes.
    let calls = h.say(ANN, "/help enochian").await;
    let text = calls[0].text();
    assert!(text.contains("Setups: standard"), "{text}");
    assert!(
        text.contains("concourse=seed|zalewski: a concourse takes all three"),
        "{text}"
    );
    // The moves list, too long for an alert, comes grouped by man; a move
    // in reply to it is played.
    let board = boards(&h.say(ANN, "/board").await)[0].clone();
    let calls = h.press(ANN, &board, "l:1").await;
    let list = calls
        .iter()
        .find(|c| c.method == "sendMessage")
        .expect("the list")
        .clone();
    assert!(list.text().contains("e2: e3 e4"), "{}", list.text());
    h.reply(ANN, &list, "e2-e4").await;
    assert_eq!(h.game(1).await.log, ["e2e4"]);
    let board = boards(&h.say(BOB, "/board").await)[0].clone();
    // The picker shows each man with his piece.
    let calls = h.press(BOB, &board, "p:1").await;
    let men = calls
        .iter()
        .find(|c| c.method == "editMessageReplyMarkup")
        .unwrap();
    let labels = men.json["reply_markup"].to_string();
    assert!(labels.contains("♞g8"), "{labels}");
    // Levels and colours in Russian.
    h.say(BOB, "/settings language=ru").await;
    let calls = h.say(BOB, "/spirit чёрные мастер").await;
    assert!(
        calls[0].text().contains("A spirit (master) plays black"),
        "{calls:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_number_a_command_goes_to_the_game_it_can_only_mean() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new through time=none").await;
    h.say(BOB, "/join").await;
    h.say(ANN, "/start").await;
    h.say(CAT, "/new tamerlane time=none").await;
    // Ann's move goes to the game where she has the turn, Dan's join to the open table.
    h.say(ANN, "/move e2e4").await;
    assert_eq!(h.game(1).await.log, ["e2e4"]);
    let calls = h.say(DAN, "/join").await;
    assert!(calls[0].text().contains("in game #2"), "{calls:?}");
    // Two open tables: the bot asks which, a button a game.
    h.say(EVE, "/new enochian time=none").await;
    let calls = h.say(ANN, "/join").await;
    assert!(calls[0].text().contains("Which game"), "{calls:?}");
    assert_eq!(calls[0].buttons(), ["x:join #2", "x:join #3"]);
    let calls = h.press(ANN, &calls[0], "x:join #3").await;
    assert!(
        calls.iter().any(|c| c.text().contains("in game #3")),
        "{calls:?}"
    );
    assert!(
        h.game(3)
            .await
            .seats
            .iter()
            .any(|s| s.user.as_ref().is_some_and(|u| u.name == "Ann"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn old_boards_lose_their_buttons_and_replies_are_read_when_they_are_moves() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new through time=none").await;
    h.say(BOB, "/join").await;
    let first = boards(&h.say(ANN, "/start").await)[0].clone();
    let calls = h.say(ANN, "/move e2e4").await;
    let second = boards(&calls)[0].clone();
    let cleared = calls
        .iter()
        .find(|c| c.method == "editMessageReplyMarkup")
        .expect("an edit");
    assert_eq!(
        cleared.json["message_id"],
        first.posted.unwrap(),
        "the old board"
    );
    assert!(cleared.buttons().is_empty());
    // A press on the old board, or a stranger's, answers only the presser.
    for (who, board, data) in [(BOB, &first, "p:1"), (EVE, &second, "r:1")] {
        let calls = h.press(who, board, data).await;
        assert_eq!(calls.len(), 1, "{calls:?}");
        assert_eq!(calls[0].method, "answerCallbackQuery");
        assert_eq!(calls[0].json["show_alert"], true);
    }
    // Chatter in reply to a board is left alone; a move in reply is played,
    // also on a board without buttons.
    assert!(h.reply(CAT, &second, "nice move lol").await.is_empty());
    h.reply(BOB, &first, "e7e5").await;
    assert_eq!(h.game(1).await.log, ["e2e4", "e7e5"]);
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

/// A group of four playing fast: a move every tick (a tenth of a second,
/// Telegram's budget scaled by the same tenth), with refusals, status
/// requests and button presses mixed in, for three scaled minutes. Prints
/// how long each move took to reach the group; asserts that every answer
/// arrived, none was lost, and no stretch held more than the budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_at_full_speed_get_every_answer() {
    let tick = Duration::from_millis(100);
    let refill = tick * 4;
    let mut h = Harness::new(Pace::new(3, refill)).await;
    let players = [ANN, CAT, DAN, EVE];
    h.say(ANN, "/new chaturaji-nodice time=none").await;
    for &p in &players[1..] {
        h.say(p, "/join").await;
    }
    h.say(ANN, "/start").await;
    let board = boards(&h.say(ANN, "/board").await)[0].clone();
    let mut rng = StdRng::seed_from_u64(3);
    let mut moves: Vec<(String, Instant)> = Vec::new();
    let (mut refusals, mut statuses) = (0, 0);
    let mut calls = Vec::new();
    let started = Instant::now();
    for step in 0..180 {
        let record = h.game(1).await;
        if record.stage == Stage::Over {
            break;
        }
        let (user, mv) = common::next_move(&record, &mut rng);
        let mover = *players.iter().find(|p| p.0.to_string() == user).unwrap();
        let other = players[(step + 1) % 4];
        match step % 6 {
            1 if other.0 != mover.0 => {
                h.type_in(other, "/move a1a2");
                refusals += 1;
            }
            3 => {
                h.type_in(other, "/status");
                statuses += 1;
            }
            5 => calls.extend(h.press(other, &board, "p:1").await),
            _ => {}
        }
        h.type_in(mover, &format!("/move {mv}"));
        moves.push((mv, Instant::now()));
        // The next move waits for this one to be played, not for its answer.
        let deadline = Instant::now() + Duration::from_secs(60);
        while h.game(1).await.log.len() <= record.log.len() {
            assert!(Instant::now() < deadline, "the move was never played");
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let next = started + tick * (step as u32 + 1);
        tokio::time::sleep(next.saturating_duration_since(Instant::now())).await;
    }
    h.quiet().await;
    calls.extend(h.fake.take());
    let sent: Vec<&Call> = calls
        .iter()
        .filter(|c| c.method.starts_with("send"))
        .collect();
    let mut latencies = Vec::new();
    for (mv, at) in &moves {
        // The move as the group sees it: a capture marked.
        let origin = seance_engine::notation::origin(mv);
        let taking = format!("{origin}x{}", &mv[origin.len()..]);
        let shows = |c: &&&Call| {
            let text = c.text();
            text.contains(&format!(": {mv}\n"))
                || text.contains(&format!(": {taking}\n"))
                || text.ends_with(&format!(": {mv}"))
                || text.ends_with(&format!(": {taking}"))
        };
        let arrived = sent
            .iter()
            .filter(|c| c.at >= *at)
            .find(shows)
            .unwrap_or_else(|| {
                let near: Vec<String> = sent
                    .iter()
                    .map(|c| c.text())
                    .filter(|t| t.contains(origin))
                    .collect();
                panic!("the move {mv} never reached the group: {near:?}")
            });
        latencies.push(arrived.at.saturating_duration_since(*at));
    }
    let text: String = sent.iter().map(|c| c.text()).collect::<Vec<_>>().join("\n");
    assert_eq!(
        text.matches("You have no seat").count() + text.matches("not your turn").count(),
        refusals,
        "every refusal"
    );
    assert_eq!(
        text.matches("#1 Chaturaji without dice:").count(),
        statuses,
        "every status"
    );
    assert!(
        most_in_a_window(&calls, refill * 15) <= 3 + 15 + 1,
        "within the budget"
    );
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    println!(
        "moves={} messages={} p50={:?} p90={:?} max={:?} (one message per {refill:?}, 3 at once)",
        moves.len(),
        sent.len(),
        at(0.5),
        at(0.9),
        at(1.0),
    );
}

/// The texts of the messages that went out (429s, 403s and 502s left out).
fn posted_texts(calls: &[Call]) -> Vec<String> {
    calls
        .iter()
        .filter(|c| c.method.starts_with("send") && c.refused.is_none())
        .map(Call::text)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_that_removed_the_bot_gets_nothing_more() {
    let mut h = Harness::quick().await;
    let other = json!({"id": -100_777, "type": "group", "title": "Other club"});
    for chat in [group_json(), other.clone()] {
        h.say_in(ANN, chat.clone(), "/new through time=none").await;
        h.say_in(ANN, chat.clone(), "/spirit black").await;
        h.say_in(ANN, chat, "/start").await;
    }
    // The group removes the bot; Ann's moves bring a spirit's answer in each group.
    h.fake.kicked.lock().unwrap().push(GROUP);
    h.say(ANN, "/move e2e4").await;
    h.say_in(ANN, other, "/move e2e4").await;
    let calls = h.settle().await;
    let refused: Vec<&Call> = calls.iter().filter(|c| c.refused == Some(403)).collect();
    assert_eq!(refused.len(), 1, "one try at the spirit's board: {calls:?}");
    assert_eq!(refused[0].chat(), GROUP);
    let answered: Vec<&Call> = boards(&calls)
        .into_iter()
        .filter(|c| c.chat() == -100_777 && c.refused.is_none())
        .collect();
    assert_eq!(
        answered.len(),
        1,
        "the other group sees the spirit move: {calls:?}"
    );
    // Set aside with its reason, never tried again.
    let dead = h.service.store().dead(Queue::Outbox).await.unwrap();
    assert_eq!(dead.len(), 1, "{dead:?}");
    assert!(dead[0].1.contains("kicked"), "{dead:?}");
    h.clock.advance(3_600_000);
    assert_eq!(h.telegram.deliver().await.unwrap(), 0);
    assert!(h.settle().await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_api_out_of_reach_at_the_start_is_waited_for() {
    let (fake, address) = FakeTelegram::start().await;
    fake.unreachable.lock().unwrap().extend(["getMe", "getMe"]);
    let (service, _) = common::service().await;
    let settings = config::Telegram {
        token: TOKEN.to_string().into(),
        api_url: address,
        ..config::Telegram::default()
    };
    let running = tokio::spawn(seance_bot::adapters::telegram::run(
        service,
        settings,
        seance_render::Style::default(),
        String::new(),
    ));
    let deadline = Instant::now() + Duration::from_secs(120);
    while *fake.offset.lock().unwrap() < 0 {
        assert!(Instant::now() < deadline, "the bot never polled");
        assert!(
            !running.is_finished(),
            "the front end ended: {:?}",
            running.await
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let calls = fake.take();
    let tried: Vec<Option<u16>> = calls
        .iter()
        .filter(|c| c.method == "getMe")
        .map(|c| c.refused)
        .collect();
    assert_eq!(tried[..2], [Some(502), Some(502)], "{calls:?}");
    assert!(tried[2..].contains(&None), "then it answered: {calls:?}");
    // And the bot answers its group.
    let message = json!({
        "message_id": 1, "date": 1_796_068_800, "chat": group_json(),
        "from": user_json(ANN.0, ANN.1, ANN.2, false), "text": "/help",
    });
    fake.updates
        .lock()
        .unwrap()
        .push_back(json!({"update_id": 1, "message": message}));
    while !fake
        .calls
        .lock()
        .unwrap()
        .iter()
        .any(|c| c.method == "sendMessage")
    {
        assert!(Instant::now() < deadline, "the bot never answered");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    running.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_one_group_without_doubles_or_a_double_budget() {
    // Two bot processes on one PostgreSQL, each with its Telegram sender
    // and its heartbeat; leases shorter than a message waits in the queue.
    let (first, url) = Scratch::Postgres.create().await.unwrap();
    let second = Store::open(&url).await.unwrap();
    let (fake, address) = FakeTelegram::start().await;
    let settings = config::Telegram {
        token: TOKEN.to_string().into(),
        api_url: address,
        ..config::Telegram::default()
    };
    let lease = Duration::from_secs(1);
    let every = Duration::from_millis(1500);
    let defaults = Defaults {
        job_lease: lease,
        ..Defaults::default()
    };
    let mut senders = Vec::new();
    for (store, name) in [(first, "host-a/run"), (second, "host-b/run")] {
        let service = Service::new(store, Arc::new(SystemClock), defaults.clone()).named(name);
        let bot = Telegram::bot(&settings).unwrap();
        let telegram = Telegram::new(
            service.clone(),
            bot,
            seance_render::Style::default(),
            Pace::new(1, every),
        );
        let beating = service.clone();
        tokio::spawn(async move {
            seance_bot::scheduler::heartbeat(&beating, lease, std::future::pending()).await;
        });
        let courier = telegram.clone();
        tokio::spawn(async move {
            loop {
                courier.deliver().await.unwrap();
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        senders.push(telegram);
    }
    // Notices for the group arrive for six seconds, one every 100 ms.
    tamper(
        &url,
        &format!("INSERT INTO chats (platform, external) VALUES ('telegram', '{GROUP}')"),
    )
    .await
    .unwrap();
    let notices = 60;
    for i in 0..notices {
        let body = format!(r#"{{"text":"«n{i}»","mentions":[],"board":false,"direct":false}}"#);
        let sql = format!(
            "INSERT INTO outbox (chat_id, game_id, body, created_ms)
             SELECT id, NULL, '{body}', 0 FROM chats WHERE external = '{GROUP}'"
        );
        tamper(&url, &sql).await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut calls = Vec::new();
    loop {
        calls.extend(fake.take());
        let text = posted_texts(&calls).join("\n");
        if (0..notices).all(|i| text.contains(&format!("«n{i}»"))) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "not everything was posted: {text}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    while !senders.iter().all(Telegram::idle) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    calls.extend(fake.take());
    let text = posted_texts(&calls).join("\n");
    for i in 0..notices {
        assert_eq!(
            text.matches(&format!("«n{i}»")).count(),
            1,
            "«n{i}» in {text}"
        );
    }
    // One budget for the group: at most one at once, then one every 1.5 s,
    // whichever process posts (a second's margin for a loaded machine).
    let most = most_in_a_window(&calls, every * 6);
    assert!(most <= 1 + 6 + 1, "{most} posts in 9 s: {calls:?}");
}

/// Enochian chess seats by a roll: from the highest roller down, each player
/// chooses a colour with the buttons under the bot's question; the bot
/// chooses for one who lets the time pass, and asks the next in the outbox.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enochian_colours_are_chosen_with_buttons_in_the_order_of_the_roll() {
    let mut h = Harness::quick().await;
    // Ann sits at yellow, Cat at blue, Dan at red.
    h.say(ANN, "/new enochian time=none").await;
    h.say(CAT, "/join").await;
    h.say(DAN, "/join").await;
    let calls = h.say(ANN, "/start").await;
    let record = h.game(1).await;
    let order = seance_bot::service::dice::ranking(&record.seed, "seating", &record.entropy, 3);
    let [first, second, third] = [0, 1, 2].map(|i| [ANN, CAT, DAN][order[i]]);
    let link = |m: Member| format!("<a href=\"tg://user?id={}\">{}</a>", m.0, m.1);
    // The order, then the question with a button a colour (one message or two,
    // as the posting queue merges them).
    let all: Vec<String> = calls.iter().map(Call::text).collect();
    let all = all.join("\n\n");
    assert!(
        all.contains(&format!(
            "Seating by a roll: the players choose their colours in this order: 1. {}, 2. {}, 3. {}.\n\n\
             {}, choose your colour: yellow, blue, red, black.",
            first.1,
            second.1,
            third.1,
            link(first)
        )),
        "{calls:?}"
    );
    let prompt = calls.iter().find(|c| !c.buttons().is_empty()).unwrap();
    assert_eq!(
        prompt.buttons(),
        [
            "x:join yellow #1",
            "x:join blue #1",
            "x:join red #1",
            "x:join black #1"
        ]
    );
    // Another player's press is answered with an alert and changes nothing.
    let calls = h.press(second, prompt, "x:join black #1").await;
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert_eq!(calls[0].method, "answerCallbackQuery");
    assert!(
        calls[0].json["text"]
            .as_str()
            .unwrap()
            .contains(&format!("it is {}'s turn to choose", first.1)),
        "{calls:?}"
    );
    assert_eq!(h.game(1).await, record);
    // The chooser's press: his colour, the question's buttons gone, the next asked.
    let calls = h.press(first, prompt, "x:join black #1").await;
    let texts: Vec<String> = calls.iter().map(Call::text).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with(&format!("{} plays black.", first.1))),
        "{texts:?}"
    );
    assert!(
        calls
            .iter()
            .any(|c| c.method == "editMessageReplyMarkup" && c.buttons().is_empty()),
        "{calls:?}"
    );
    let next = calls.iter().find(|c| !c.buttons().is_empty()).unwrap();
    assert!(
        next.text()
            .contains(&format!("{}, choose your colour", link(second))),
        "{next:?}"
    );
    assert_eq!(
        next.buttons(),
        ["x:join yellow #1", "x:join blue #1", "x:join red #1"]
    );
    // The second player lets the hour pass: the bot seats him at the colour
    // he sat at, and asks the third player, buttons and all.
    let own = ["yellow", "blue", "red"][order[1]];
    h.clock.advance(3_600_000);
    let calls = h.settle().await;
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert!(
        calls[0].text().starts_with(&format!(
            "{} did not choose in time: the bot seats them at {own}.\n{}, choose your colour: ",
            second.1,
            link(third)
        )),
        "{calls:?}"
    );
    let left: Vec<String> = calls[0].buttons();
    assert_eq!(left.len(), 2, "{left:?}");
    // The last choice begins the game, with its board; a spirit takes the rest.
    let calls = h.press(third, &calls[0], &left[1]).await;
    assert!(
        calls
            .iter()
            .any(|c| c.text().contains("Game #1 (Enochian chess) begins.")),
        "{calls:?}"
    );
    let record = h.game(1).await;
    assert_eq!(record.stage, Stage::Playing);
    let at = |color: &str| {
        let seat = ["yellow", "blue", "red", "black"]
            .iter()
            .position(|c| *c == color);
        record.seats[seat.unwrap()]
            .user
            .as_ref()
            .map(|u| u.name.clone())
    };
    assert_eq!(at("black").as_deref(), Some(first.1));
    assert_eq!(at(own).as_deref(), Some(second.1));
    let choice = left[1].split(' ').nth(1).unwrap();
    assert_eq!(at(choice).as_deref(), Some(third.1));
}

/// A finished game is rated: `/rating` shows a player's rating with its
/// range, and `/top` the chat's ladder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rating_and_top_show_the_rated_results() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new through time=none").await;
    h.say(CAT, "/join").await;
    h.say(ANN, "/start").await;
    h.say(CAT, "/resign").await;
    let new = seance_bot::ratings::Rating::NEW;
    let after = seance_bot::ratings::rate(&[(vec![new], 1), (vec![new], 2)]);
    let (won, lost) = (after[0][0], after[1][0]);
    let calls = h.say(ANN, "/rating").await;
    let (low, high) = won.range();
    assert_eq!(
        calls[0].text(),
        format!(
            "Ann:\nThrough chess: {} ({low}–{high}), 1 game, best {}, provisional; in this chat {}\n\
             Recent: #1 Through chess, 1st of 2, +{}. (record #N shows a game.)",
            won.shown(),
            won.shown(),
            won.shown(),
            won.shown() - 1500
        )
    );
    let calls = h.say(CAT, "/rating@SeanceBot @Ann through").await;
    assert!(
        calls[0].text().starts_with("Ann:\nThrough chess: "),
        "{calls:?}"
    );
    let calls = h.say(CAT, "/top").await;
    assert_eq!(
        calls[0].text(),
        format!(
            "Through chess, this chat:\n1. Ann {}? (1)\n2. Cat {}? (1)",
            won.shown(),
            lost.shown()
        )
    );
    let calls = h.say(DAN, "/rating").await;
    assert_eq!(calls[0].text(), "Dan has no rated games yet.");
}

/// `seance check` against the fake: the Bot API's answer on the token
/// decides, and a database that is not there is named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_asks_telegram_whether_the_token_works() {
    let (_fake, address) = FakeTelegram::start().await;
    let db = std::env::temp_dir().join(format!(
        "seance-check-telegram-{}.sqlite",
        std::process::id()
    ));
    let db = format!("sqlite://{}", db.display());
    let check = |token: &'static str, db: String| {
        let address = address.clone();
        tokio::task::spawn_blocking(move || {
            std::process::Command::new(env!("CARGO_BIN_EXE_seance"))
                .args(["check", "--config", "no-such-config.toml"])
                .env("SEANCE_TELEGRAM_TOKEN", token)
                .env("SEANCE_TELEGRAM_API_URL", address)
                .env("SEANCE_DATABASE_URL", db)
                .output()
                .expect("the seance binary runs")
        })
    };
    let good = check(TOKEN, db.clone()).await.unwrap();
    let said = String::from_utf8_lossy(&good.stdout);
    assert!(
        good.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&good.stderr)
    );
    assert!(said.contains("  the token is @SeanceBot's"), "{said}");
    assert!(said.contains("server: off (no listen address)"), "{said}");
    assert!(
        said.contains("`seance run` will apply: games,"),
        "a fresh file: {said}"
    );
    let bad = check("123456:wrong", db).await.unwrap();
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success());
    assert!(
        said.contains("seance check: Telegram refused the token"),
        "{said}"
    );
    assert!(!said.contains("wrong"), "the token is never shown: {said}");
    // Nothing listens on port 1.
    let nowhere = "postgres://postgres@127.0.0.1:1/seance".to_string();
    let missing = check(TOKEN, nowhere).await.unwrap();
    let said = String::from_utf8_lossy(&missing.stderr);
    assert!(!missing.status.success());
    assert!(
        said.contains("seance check: ")
            && said.contains("database")
            && said.contains("127.0.0.1:1/seance"),
        "{said}"
    );
}

/// The Bot API down for a while ends nothing: the scheduler goes on (a
/// spirit's move lands, its message waits in the outbox), and once the API
/// is back the bot answers what was sent meanwhile and delivers what waited.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outage_of_the_bot_api_ends_nothing() {
    let mut h = Harness::quick().await;
    h.say(ANN, "/new through time=none").await;
    h.say(ANN, "/start").await;
    h.settle().await;
    let switch = Arc::clone(&h.fake.down);
    let down = move |on: bool| switch.store(on, std::sync::atomic::Ordering::SeqCst);
    down(true);
    // The bot keeps asking for updates and is refused.
    common::until("the bot asks again and is refused", || {
        h.fake.refused("getUpdates", 502) >= 2
    })
    .await;
    h.type_in(ANN, "/move e2e3");
    down(false);
    h.quiet().await;
    let record = h.game(1).await;
    assert_eq!(record.log.first().map(String::as_str), Some("e2e3"));
    // The spirit answers through the outbox while the API is down again.
    down(true);
    assert!(
        h.service.run_due_jobs().await.unwrap() >= 1,
        "the spirit moved"
    );
    assert_eq!(h.game(1).await.log.len(), 2);
    let _ = h.telegram.deliver().await;
    // The post is refused while the API is down, and tried again later.
    h.quiet().await;
    assert!(
        h.fake
            .calls
            .lock()
            .unwrap()
            .iter()
            .any(|c| c.refused == Some(502) && c.text().starts_with("black: ")),
        "the spirit's move was posted while the API was down"
    );
    down(false);
    h.clock.advance(60_000);
    let calls = h.settle().await;
    assert!(
        calls
            .iter()
            .any(|c| c.refused.is_none() && c.text().starts_with("black: ")),
        "the spirit's move is told once the API is back: {calls:?}"
    );
}

/// A token the Bot API refuses stops `seance run` at once, saying so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_is_a_clear_error_at_the_start() {
    let (_fake, address) = FakeTelegram::start().await;
    let db = std::env::temp_dir().join(format!("seance-run-refused-{}.sqlite", std::process::id()));
    let db = format!("sqlite://{}", db.display());
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_seance"))
            .args(["run", "--config", "no-such-config.toml"])
            .env("SEANCE_TELEGRAM_TOKEN", "999:refused")
            .env("SEANCE_TELEGRAM_API_URL", address)
            .env("SEANCE_DATABASE_URL", db)
            .env("SEANCE_DATABASE_INSTANCE", "refused-token")
            .output()
            .expect("the seance binary runs")
    })
    .await
    .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("Telegram refused the token"), "{said}");
    assert!(!said.contains("999:refused"), "{said}");
}

/// A child process, killed when dropped, so a failing test leaves none behind.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl std::ops::Deref for Child {
    type Target = std::process::Child;
    fn deref(&self) -> &std::process::Child {
        &self.0
    }
}

impl std::ops::DerefMut for Child {
    fn deref_mut(&mut self) -> &mut std::process::Child {
        &mut self.0
    }
}

/// SIGTERM while a message waits for a Bot API that is down: `seance run`
/// exits cleanly, the message is not lost, and its lease is given back at
/// once, so another process takes it without waiting the lease out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_gives_back_a_message_the_api_did_not_take() {
    let (fake, address) = FakeTelegram::start().await;
    let (store, url) = Scratch::Sqlite.create().await.unwrap();
    let name = "sigterm-outbox";
    let mut process = Child(
        std::process::Command::new(env!("CARGO_BIN_EXE_seance"))
            .args(["run", "--config", "no-such-config.toml"])
            .env("SEANCE_TELEGRAM_TOKEN", TOKEN)
            .env("SEANCE_TELEGRAM_API_URL", &address)
            .env("SEANCE_DATABASE_URL", &url)
            .env("SEANCE_DATABASE_INSTANCE", name)
            .env("SEANCE_GAMES_JOB_LEASE", "600s")
            .env(
                "XDG_DATA_HOME",
                std::env::temp_dir().join("seance-telegram-tests"),
            )
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the seance binary starts"),
    );
    let bot = &mut process;
    // Once it polls, the API goes down and a message is queued for the group.
    let deadline = Instant::now() + Duration::from_secs(120);
    while *fake.offset.lock().unwrap() < 0 {
        if let Some(status) = bot.try_wait().unwrap() {
            let mut said = String::new();
            std::io::Read::read_to_string(bot.stderr.as_mut().unwrap(), &mut said).unwrap();
            panic!("the bot ended ({status:?}): {said}");
        }
        if Instant::now() > deadline {
            let _ = bot.kill();
            let calls = fake.calls.lock().unwrap();
            let methods: Vec<&str> = calls.iter().map(|c| c.method.as_str()).collect();
            panic!("the bot never polled: {methods:?}");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    fake.down.store(true, std::sync::atomic::Ordering::SeqCst);
    let chat = store
        .chat(seance_bot::platform::Platform::Telegram, &GROUP.to_string())
        .await
        .unwrap();
    let body =
        json!({"text": "a message for the group", "mentions": [], "board": false, "direct": false});
    let sql = format!(
        "INSERT INTO outbox (chat_id, body, created_ms) VALUES ({}, '{body}', 0)",
        chat.0
    );
    assert_eq!(tamper(&url, &sql).await.unwrap(), 1);
    let held = format!("UPDATE outbox SET owner = owner WHERE owner = '{name}'");
    while tamper(&url, &held).await.unwrap() == 0 {
        assert!(Instant::now() < deadline, "the message was never taken");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let status = common::terminate(bot).await;
    assert!(status.success(), "{status:?}");
    assert_eq!(tamper(&url, &held).await.unwrap(), 0, "the lease went back");
    let now = seance_bot::clock::Clock::now_ms(&SystemClock);
    let taken = store
        .claim_outbox(
            seance_bot::platform::Platform::Telegram,
            10,
            now,
            60_000,
            "another",
        )
        .await
        .unwrap();
    assert_eq!(taken.len(), 1, "another process takes it at once");
    assert!(taken[0].body.contains("a message for the group"));
}

/// With the game pages public, a board in play carries a 📲 button to its
/// game's page in the form Telegram allows there: in a group the Mini App's
/// direct link with the game as its start parameter, in a private chat the
/// Mini App itself. A finished game's board has none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_in_play_open_the_game_page_as_telegram_allows() {
    let pages = Pages {
        web_url: "https://seance.example.org/".to_string(),
        mini_app: Some("https://t.me/SeanceBot/board".to_string()),
    };
    let pace = Pace::new(1000, Duration::from_secs(1));
    let mut h = Harness::serving(pace, Some(pages)).await;
    let page_button = |board: &Call| {
        let keys = board.keyboard();
        keys.iter().find(|b| b["text"] == "📲").cloned()
    };
    h.say(ANN, "/new through time=none").await;
    h.say(BOB, "/join").await;
    let board = boards(&h.say(ANN, "/start").await)[0].clone();
    assert_eq!(
        page_button(&board),
        Some(json!({"text": "📲", "url": "https://t.me/SeanceBot/board?startapp=game1"})),
        "{:?}",
        board.keyboard()
    );
    // The other buttons stay as they were.
    assert_eq!(board.buttons().len(), 4);

    let private = json!({"id": ANN.0, "type": "private", "first_name": "Ann"});
    h.say_in(ANN, private.clone(), "/new through time=none")
        .await;
    h.say_in(ANN, private.clone(), "/spirit black").await;
    let calls = h.say_in(ANN, private.clone(), "start").await;
    let board = boards(&calls)[0].clone();
    assert_eq!(board.chat(), ANN.0);
    assert_eq!(
        page_button(&board),
        Some(json!({"text": "📲", "web_app": {"url": "https://seance.example.org/game/2"}}))
    );

    let calls = h.say_in(ANN, private, "/resign").await;
    let last = boards(&calls)[0].clone();
    assert_eq!(page_button(&last), None, "the game is over");
}

/// With the pages public the bot's menu button opens the Mini App, which
/// lists the player's games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_menu_button_opens_the_mini_app() {
    let (fake, address) = FakeTelegram::start().await;
    let (service, _) = common::service().await;
    let settings = config::Telegram {
        token: TOKEN.to_string().into(),
        api_url: address,
        mini_app: "board".to_string(),
        ..config::Telegram::default()
    };
    let running = tokio::spawn(seance_bot::adapters::telegram::run(
        service,
        settings,
        seance_render::Style::default(),
        "https://seance.example.org".to_string(),
    ));
    let calls = Arc::clone(&fake.calls);
    common::until("the menu button is set", move || {
        calls
            .lock()
            .unwrap()
            .iter()
            .any(|c| c.method == "setChatMenuButton")
    })
    .await;
    running.abort();
    let calls = fake.take();
    let menu = calls
        .iter()
        .find(|c| c.method == "setChatMenuButton")
        .unwrap();
    assert_eq!(
        menu.json["menu_button"],
        json!({"type": "web_app", "text": "♟ Seance", "web_app": {"url": "https://seance.example.org/"}})
    );
}
