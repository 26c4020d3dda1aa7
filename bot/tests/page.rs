//! The game page in a real browser (headless Chromium), as players open it
//! from Telegram: Telegram's signed launch data in the address, a man
//! tapped, its targets marked, a target tapped; the move in the store and
//! in the group's next board. A spectator's page follows the game by
//! itself, and a page opened with forged or expired data cannot move.

mod common;

use std::time::Duration;

use common::browser::Browser;
use common::fake_telegram::{ANN, BOB, CAT, DAN, FakeTelegram, GROUP, Member, TOKEN};
use hmac::{Hmac, Mac};
use seance_bot::adapters::telegram::Telegram;
use seance_bot::adapters::telegram::pace::Pace;
use seance_bot::commands;
use seance_bot::config;
use seance_bot::platform::Platform;
use seance_bot::service::Viewer;
use seance_bot::service::{Context, Service};
use seance_bot::store::GameId;
use seance_bot::store::{GameRecord, Stage};
use seance_bot::web::who::{Keys, Ticket};
use seance_engine::catalogue::GameType;
use serde_json::json;
use sha2::Sha256;

/// The secret that signs players' own links.
const SECRET: &str = "a long random text";

/// One browser at a time: each is a whole Chromium, and CI has two cores.
static ONE_BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The bot's pages beside a fake Telegram group.
struct Site {
    service: Service,
    telegram: Telegram,
    fake: FakeTelegram,
    /// The pages' address, `http://127.0.0.1:PORT`.
    base: String,
}

impl Site {
    async fn new() -> Site {
        let (fake, api_url) = FakeTelegram::start().await;
        let (service, _) = common::service().await;
        let settings = config::Telegram {
            token: TOKEN.to_string().into(),
            api_url,
            ..config::Telegram::default()
        };
        let bot = Telegram::bot(&settings).unwrap();
        let style = seance_render::Style::default();
        let pace = Pace::new(1000, Duration::from_secs(1));
        let telegram = Telegram::new(service.clone(), bot, style, pace);
        let keys = Keys {
            telegram: TOKEN.to_string().into(),
            secret: SECRET.to_string().into(),
        };
        let base = common::serve(seance_bot::web::routes(service.clone(), style, keys)).await;
        Site {
            service,
            telegram,
            fake,
            base,
        }
    }

    /// `who` says `text` in the group.
    async fn say(&self, who: Member, text: &str) {
        let context = Context {
            platform: Platform::Telegram,
            chat: GROUP.to_string(),
            user: who.0.to_string(),
            name: who.1.to_string(),
            locale: None,
            message: None,
        };
        let replies = self.service.handle(&context, commands::parse(text)).await;
        assert!(replies.iter().all(|r| !r.private), "{text}: {replies:?}");
    }

    /// A game of `game` for `players`, in their seats, started.
    async fn game(&self, game: GameType, players: &[Member]) -> i64 {
        let fixed = if game.info().seats_by_roll {
            "seating=fixed"
        } else {
            ""
        };
        self.say(players[0], &format!("new {game} {fixed} time=none"))
            .await;
        for &player in &players[1..] {
            self.say(player, "join").await;
        }
        self.say(players[0], "start").await;
        self.service.run_due_jobs().await.unwrap();
        let ids = self.service.store().chat_games(self.chat().await, 0).await;
        ids.unwrap()[0].0
    }

    async fn chat(&self) -> seance_bot::store::ChatId {
        let store = self.service.store();
        store
            .chat(Platform::Telegram, &GROUP.to_string())
            .await
            .unwrap()
    }

    async fn record(&self, id: i64) -> GameRecord {
        common::load(&self.service, id).await
    }

    /// The page of game `id` as Telegram opens the Mini App for `who`, its
    /// launch data signed with `token` at `age` seconds before now.
    fn opened_by(&self, id: i64, who: Member, token: &str, age: i64) -> String {
        let signed = self.service.now() / 1000 - age;
        let data = init_data(token, who, signed);
        let fragment = form_urlencoded::Serializer::new(String::new())
            .append_pair("tgWebAppData", &data)
            .append_pair("tgWebAppVersion", "8.0")
            .finish();
        format!("{}/game/{id}#{fragment}", self.base)
    }

    /// Delivers what waits in the outbox; the calls the group got.
    async fn delivered(&self) -> Vec<common::fake_telegram::Call> {
        self.telegram.deliver().await.unwrap();
        let fake = self.fake.clone();
        common::until("the board reaches the group", move || {
            let calls = fake.calls.lock().unwrap();
            calls.iter().any(|c| c.method == "sendPhoto")
        })
        .await;
        self.fake.take()
    }
}

/// Telegram's `initData` for `who`, signed as Telegram signs it (written out
/// here from Telegram's description, apart from the bot's own check).
fn init_data(token: &str, who: Member, auth_date: i64) -> String {
    let hmac = |key: &[u8], message: &[u8]| {
        let mut mac = Hmac::<Sha256>::new_from_slice(key).unwrap();
        mac.update(message);
        mac.finalize().into_bytes().to_vec()
    };
    let user = json!({"id": who.0, "first_name": who.1, "language_code": who.2}).to_string();
    let auth_date = auth_date.to_string();
    let mut fields = vec![
        ("auth_date", auth_date.as_str()),
        ("query_id", "AAHdF6IQAAAAAN0XohDhrOrc"),
        ("user", user.as_str()),
    ];
    fields.sort();
    let checked: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let key = hmac(b"WebAppData", token.as_bytes());
    let hash = hex::encode(hmac(&key, checked.join("\n").as_bytes()));
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (k, v) in &fields {
        query.append_pair(k, v);
    }
    query.append_pair("hash", &hash).finish()
}

/// The squares of the page's buttons of `class` over the board.
const SQUARES: &str = "return [...document.querySelectorAll('#marks button.' + arguments[0])].map(b => b.dataset.square);";

async fn squares(browser: &Browser, class: &str) -> Vec<String> {
    let found = browser.run_with(SQUARES, json!([class])).await;
    serde_json::from_value(found).unwrap_or_default()
}

/// Waits until the page, which reloads itself after acting, shows at least
/// `entries` lines of the log: a test that navigates away before that could
/// see the reload land after its own navigation.
async fn reloaded(browser: &Browser, entries: usize) {
    let script = format!("return document.querySelectorAll('#log li').length >= {entries};");
    browser.until("the page reloaded", &script).await;
}

/// The text of the element `id`.
async fn text_of(browser: &Browser, id: &str) -> String {
    let script = format!("return document.getElementById('{id}').textContent;");
    browser
        .run(&script)
        .await
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_taps_a_move_and_the_group_sees_it() {
    let _one = ONE_BROWSER.lock().await;
    let site = Site::new().await;
    let id = site.game(GameType::Through, &[ANN, BOB]).await;
    let browser = Browser::start().await;
    browser.open(&site.opened_by(id, ANN, TOKEN, 60)).await;

    // Ann's men that can move are marked; tapping the e2 pawn marks its targets.
    browser
        .until(
            "Ann's men",
            "return document.querySelector('#marks button.man');",
        )
        .await;
    assert!(
        text_of(&browser, "status")
            .await
            .starts_with("Ann: Your move")
    );
    let men = squares(&browser, "man").await;
    assert_eq!(
        men.len(),
        16,
        "every white man moves in Through chess: {men:?}"
    );
    browser.tap("#marks button.man[data-square='e2']").await;
    let mut targets = squares(&browser, "target").await;
    targets.sort();
    assert_eq!(targets, ["e3", "e4"]);
    assert_eq!(squares(&browser, "chosen").await, ["e2"]);
    // What a phone shows now; the README's picture is this one, written
    // where SEANCE_PAGE_SCREENSHOT says.
    let shot = image::load_from_memory(&browser.screenshot().await).expect("a PNG");
    assert!(shot.width() < shot.height(), "a phone-shaped window");
    if let Ok(path) = std::env::var("SEANCE_PAGE_SCREENSHOT") {
        shot.save(path).expect("the screenshot is written");
    }

    // Tapping e4 plays e2e4: in the store, on the page, and in the group.
    browser.tap("#marks button.target[data-square='e4']").await;
    browser
        .until(
            "the move in the list",
            "return document.getElementById('log').textContent.includes('e2e4');",
        )
        .await;
    assert_eq!(site.record(id).await.log, ["e2e4"]);
    browser
        .until(
            "Ann waiting",
            "return document.getElementById('status').textContent.includes('not your turn');",
        )
        .await;
    assert!(squares(&browser, "man").await.is_empty());
    let calls = site.delivered().await;
    let board = calls.iter().find(|c| c.method == "sendPhoto").unwrap();
    assert_eq!(board.chat(), GROUP);
    assert!(board.text().contains("e2e4"), "{}", board.text());
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectators_page_follows_the_game_by_itself() {
    let _one = ONE_BROWSER.lock().await;
    let site = Site::new().await;
    let id = site.game(GameType::Through, &[ANN, BOB]).await;
    let browser = Browser::start().await;
    browser.open(&format!("{}/game/{id}", site.base)).await;
    browser
        .until(
            "the looking-on line",
            "return document.getElementById('status').textContent;",
        )
        .await;
    assert!(
        text_of(&browser, "status")
            .await
            .starts_with("You are looking on")
    );
    assert!(squares(&browser, "man").await.is_empty());
    assert!(!text_of(&browser, "log").await.contains("d2d4"));

    site.say(ANN, "d2d4").await;
    browser
        .until(
            "Ann's move, without a reload by hand",
            "return document.getElementById('log').textContent.includes('d2d4');",
        )
        .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_or_expired_launch_data_cannot_move() {
    let _one = ONE_BROWSER.lock().await;
    let site = Site::new().await;
    let id = site.game(GameType::Through, &[ANN, BOB]).await;
    let browser = Browser::start().await;
    let ticket = |secret: &str, lasts: i64| {
        let ticket = Ticket {
            game: GameId(id),
            viewer: Viewer {
                platform: Platform::Telegram,
                user: ANN.0.to_string(),
                name: ANN.1.to_string(),
            },
            expires: site.service.now() / 1000 + lasts,
        };
        let signed = ticket.sign(secret.as_bytes());
        format!("{}/game/{id}?ticket={signed}", site.base)
    };
    let opened = [
        (
            site.opened_by(id, ANN, "654321:another-bot", 60),
            "not signed by this bot",
        ),
        (site.opened_by(id, ANN, TOKEN, 2 * 86_400), "expired"),
        (ticket("another secret", 3600), "not signed by this bot"),
        (ticket(SECRET, -60), "expired"),
    ];
    for (url, why) in opened {
        // Only the fragment differs: a page in between makes each a new load.
        browser.open("about:blank").await;
        browser.open(&url).await;
        let said = browser
            .until(
                "the refusal",
                "return document.getElementById('status').textContent;",
            )
            .await;
        assert!(said.as_str().unwrap().contains(why), "{url}: {said}");
        assert!(squares(&browser, "man").await.is_empty());
        // Nor can the page's own script move with that proof.
        let status = browser
            .run_async(
                "const [done] = arguments; \
                 ask('act', {method: 'POST', body: 'move e2e4'}).then(r => done(r.status));",
            )
            .await;
        assert_eq!(status, 403, "{url}");
    }
    assert!(site.record(id).await.log.is_empty());
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tapped_move_plays_in_every_game() {
    let _one = ONE_BROWSER.lock().await;
    let site = Site::new().await;
    let browser = Browser::start().await;
    let members = [ANN, BOB, CAT, DAN];
    for game in GameType::ALL {
        browser.open("about:blank").await;
        let seats = game.info().seats.len();
        let id = site.game(game, &members[..seats]).await;
        let before = site.record(id).await.log.len();
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(1);
        let (user, _) = common::next_move(&site.record(id).await, &mut rng);
        let mover = *members.iter().find(|m| m.0.to_string() == user).unwrap();
        browser.open(&site.opened_by(id, mover, TOKEN, 60)).await;
        let man = browser
            .until(
                &format!("a man to tap in {game}"),
                "const man = document.querySelector('#marks button.man'); return man && man.dataset.square;",
            )
            .await;
        browser
            .tap(&format!(
                "#marks button.man[data-square='{}']",
                man.as_str().unwrap()
            ))
            .await;
        // The marks lie on the picture, however the board is turned.
        let inside = browser
            .run(
                "const p = document.getElementById('picture').getBoundingClientRect(); \
                 return [...document.querySelectorAll('#marks button')].every(b => { \
                 const r = b.getBoundingClientRect(); \
                 return r.width > 0 && r.left >= p.left - 1 && r.right <= p.right + 1 \
                 && r.top >= p.top - 1 && r.bottom <= p.bottom + 1; });",
            )
            .await;
        assert_eq!(inside, true, "{game}");
        if let Ok(folder) = std::env::var("SEANCE_PAGE_SHOTS") {
            let shot = browser.screenshot().await;
            std::fs::write(format!("{folder}/{game}.png"), shot).expect("a screenshot written");
        }
        browser.tap("#marks button.target").await;
        // A promotion or another choice between moves to one square asks.
        let choices = browser
            .run("return document.querySelectorAll('#choices button').length;")
            .await;
        if choices != json!(0) {
            browser.tap("#choices button").await;
        }
        let service = site.service.clone();
        common::until_async(&format!("the tapped move played in {game}"), || async {
            common::load(&service, id).await.log.len() > before
        })
        .await;
        reloaded(&browser, before + 1).await;
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mini_app_opens_its_game_or_lists_the_players_games() {
    let _one = ONE_BROWSER.lock().await;
    let site = Site::new().await;
    let id = site.game(GameType::Through, &[ANN, BOB]).await;
    let browser = Browser::start().await;
    let launched = |start: &str| {
        let data = init_data(TOKEN, BOB, site.service.now() / 1000 - 60);
        let mut fragment = form_urlencoded::Serializer::new(String::new());
        fragment.append_pair("tgWebAppData", &data);
        if !start.is_empty() {
            fragment.append_pair("tgWebAppStartParam", start);
        }
        format!("{}/#{}", site.base, fragment.finish())
    };
    // Started from a group's button: on to the game, Bob signed in.
    browser.open(&launched(&format!("game{id}"))).await;
    browser
        .until("Bob's page", "const s = document.getElementById('status'); return s && s.textContent.startsWith('Борис:');")
        .await;
    let path = browser.run("return location.pathname;").await;
    assert_eq!(path, format!("/game/{id}"));

    // Opened from the bot's menu: Bob's games, each a link to its page.
    browser.open("about:blank").await;
    browser.open(&launched("")).await;
    let listed = browser
        .until("Bob's games", "const a = document.querySelector('#games a'); return a && [a.textContent, a.getAttribute('href')];")
        .await;
    assert!(
        listed[0].as_str().unwrap().starts_with(&format!("#{id} ")),
        "{listed}"
    );
    let href = listed[1].as_str().unwrap();
    assert!(
        href.starts_with(&format!("game/{id}#tgWebAppData=")),
        "{listed}"
    );
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_answers_and_resigning_from_the_page() {
    let _one = ONE_BROWSER.lock().await;
    let site = Site::new().await;
    let id = site.game(GameType::Through, &[ANN, BOB]).await;
    let browser = Browser::start().await;
    let offers = "const o = document.getElementById('offers'); return o && !o.hidden;";

    // Ann offers a draw; Bob's page asks him, and he accepts.
    browser.open(&site.opened_by(id, ANN, TOKEN, 60)).await;
    browser.until("Ann's offers", offers).await;
    assert_eq!(
        browser
            .run("return document.getElementById('answers').hidden;")
            .await,
        true
    );
    browser.tap("#draw").await;
    let service = site.service.clone();
    common::until_async("the offer in the log", || async {
        let log = common::load(&service, id).await.log;
        log.len() == 1 && log[0].contains("draw")
    })
    .await;
    reloaded(&browser, 1).await;
    browser.open("about:blank").await;
    browser.open(&site.opened_by(id, BOB, TOKEN, 60)).await;
    browser
        .until(
            "Bob asked",
            "const a = document.getElementById('answers'); return a && !a.hidden;",
        )
        .await;
    browser.tap("#accept").await;
    common::until_async("the draw agreed", || async {
        common::load(&service, id).await.stage == Stage::Over
    })
    .await;

    // Resigning asks again first.
    let id = site.game(GameType::Through, &[ANN, BOB]).await;
    browser.open("about:blank").await;
    browser.open(&site.opened_by(id, ANN, TOKEN, 60)).await;
    browser.until("Ann's offers", offers).await;
    browser.tap("#resign").await;
    let label = text_of(&browser, "resign").await;
    assert_eq!(label, "Tap again to resign");
    assert_eq!(site.record(id).await.stage, Stage::Playing);
    browser.tap("#resign").await;
    common::until_async("Ann resigned", || async {
        common::load(&service, id).await.stage == Stage::Over
    })
    .await;
    browser.close().await;
}
