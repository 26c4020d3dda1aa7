//! A game's web page, as a browser gets it: the board, whose turn it is and
//! the moves, in the browser's language; a new version after each move, so
//! that an open page reloads itself; no page for a game that does not exist.

use std::net::SocketAddr;

use seance_bot::platform::Platform;
use seance_bot::service::{Context, Service};
use seance_bot::store::GameId;
use seance_bot::web::who::{Keys, Ticket, Viewer};
use seance_engine::catalogue::GameType;
use seance_render::Style;
use seance_tests::Scratch;
use seance_tests::http::{self, get, post};
use seance_tests::table::*;

/// A service on a fresh store, and the address of its game pages.
async fn served() -> (Service, SocketAddr) {
    let (service, _) = service(Scratch::Sqlite, quick()).await;
    let keys = seance_bot::web::who::Keys::default();
    let routes = seance_bot::web::routes(service.clone(), Style::default(), keys);
    (service, http::serve(routes).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_shows_the_game_and_follows_its_moves() {
    let (service, address) = served().await;
    let (game, players) = seated(&service, GameType::Through, "club", "time=none").await;
    let path = format!("/game/{}", game.0);

    let page = get(address, &path, &[]).await;
    assert_eq!(page.status, 200);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
    let html = page.text();
    let headline = format!("#{} Through chess: white (p0)", game.0);
    assert!(
        html.contains(&format!(r#"<h1 id="headline">{headline}</h1>"#)),
        "{html}"
    );
    assert!(
        html.contains(&format!(r#"src="{}/board.png"#, game.0)),
        "{html}"
    );

    let picture = get(address, &format!("{path}/board.png"), &[]).await;
    assert_eq!(picture.header("content-type"), Some("image/png"));
    let board = image::load_from_memory(&picture.body).expect("a PNG");
    assert!(board.width() > 100 && board.height() > 100);

    // A move: the version the page polls changes, and the page shows it.
    let before = get(address, &format!("{path}/version"), &[]).await.text();
    ok(&service, &players[0], "e2e4").await;
    let after = get(address, &format!("{path}/version"), &[]).await.text();
    assert_ne!(before, after);
    let html = get(address, &path, &[]).await.text();
    assert!(html.contains("<li>e2e4</li>"), "{html}");
    assert!(html.contains("black (p1)"), "{html}");
    assert!(html.contains(&format!(r#""version":{after}"#)), "{html}");

    // The replay: two positions so far, each a picture; the record and the
    // GIF to download.
    assert!(
        html.contains(r#"id="slider" type="range" min="0" max="1""#),
        "{html}"
    );
    for at in [0, 1] {
        let frame = get(address, &format!("{path}/frame.png?at={at}"), &[]).await;
        assert_eq!(frame.header("content-type"), Some("image/png"), "at {at}");
        image::load_from_memory(&frame.body).expect("a PNG");
    }
    let beyond = get(address, &format!("{path}/frame.png?at=2"), &[]).await;
    assert_eq!(beyond.status, 404);
    let record = get(address, &format!("{path}/record.txt"), &[]).await;
    assert_eq!(record.header("content-disposition"), Some("attachment"));
    assert!(record.text().contains("e2e4"), "{}", record.text());
    let gif = get(address, &format!("{path}/replay.gif"), &[]).await;
    assert_eq!(gif.header("content-type"), Some("image/gif"));
    let frames = gif::DecodeOptions::new()
        .read_info(&gif.body[..])
        .expect("a GIF")
        .into_iter()
        .count();
    assert_eq!(frames, 2, "the start and after e2e4");

    // In Russian for a browser that asks for it first.
    let russian = get(
        address,
        &path,
        &[("Accept-Language", "ru-RU,ru;q=0.9,en;q=0.8")],
    )
    .await;
    let html = russian.text();
    assert!(html.contains(r#"<html lang="ru">"#), "{html}");
    assert!(html.contains("чёрные (p1)"), "{html}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_escapes_names_and_refuses_unknown_games() {
    let (service, address) = served().await;
    let sneaky = player("<script>alert(1)</script>", "club");
    ok(&service, &sneaky, "new through time=none").await;
    let game = newest(&service, "club").await;
    let html = get(address, &format!("/game/{}", game.0), &[]).await.text();
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );

    let missing = get(address, "/game/999", &[]).await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.text(), "There is no game #999.");
    assert_eq!(get(address, "/game/999/board.png", &[]).await.status, 404);
    assert_eq!(get(address, "/game/nine", &[]).await.status, 400);
}

const SECRET: &[u8] = b"a long random text for the tests";

/// A service whose pages take players' links signed with [`SECRET`].
async fn served_signed() -> (Service, SocketAddr) {
    let (service, _) = service(Scratch::Sqlite, quick()).await;
    let keys = Keys {
        secret: String::from_utf8(SECRET.to_vec()).unwrap().into(),
        ..Keys::default()
    };
    let routes = seance_bot::web::routes(service.clone(), Style::default(), keys);
    (service, http::serve(routes).await)
}

/// The `Authorization` header of `who`'s own link to `game`, signed with
/// `secret`, expiring `lasts` seconds from the service's now.
fn link(service: &Service, game: GameId, who: &Context, secret: &[u8], lasts: i64) -> String {
    let ticket = Ticket {
        game,
        viewer: Viewer {
            platform: who.platform,
            user: who.user.clone(),
            name: who.name.clone(),
        },
        expires: service.now() / 1000 + lasts,
    };
    format!("ticket {}", ticket.sign(secret))
}

fn json(answer: &http::Answer) -> serde_json::Value {
    serde_json::from_slice(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.text()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_moves_from_the_page_and_the_chat_is_told() {
    let (service, address) = served_signed().await;
    let (game, players) = seated(&service, GameType::Through, "club", "time=none").await;
    let white = link(&service, game, &players[0], SECRET, 3600);
    let black = link(&service, game, &players[1], SECRET, 3600);
    let you = |path: &'static str, proof: String| async move {
        let path = format!("/game/{}/{path}", game.0);
        json(&get(address, &path, &[("Authorization", &proof)]).await)
    };

    // White's page: the men that move, and where each square is drawn.
    let seen = you("you", white.clone()).await;
    assert_eq!(seen["name"], "p0");
    assert_eq!(seen["seat"], 0);
    // In Through chess nothing blocks: 60 moves, the rooks', queen's and
    // king's last ones taking on the far rank.
    let moves = seen["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 60, "{seen}");
    let tap = |text: &str| {
        moves
            .iter()
            .find(|m| m["text"] == text)
            .expect(text)
            .clone()
    };
    let pawn = tap("e2e4");
    assert_eq!((&pawn["from"], &pawn["to"]), (&"e2".into(), &"e4".into()));
    assert_eq!(
        (tap("e2e4")["take"].clone(), tap("a1a8")["take"].clone()),
        (false.into(), true.into())
    );
    // Drawn for White, e2 is below e4, on the same file.
    let (e2, e4) = (&seen["cells"]["e2"], &seen["cells"]["e4"]);
    assert_eq!(e2[0], e4[0]);
    assert!(e2[1].as_f64().unwrap() > e4[1].as_f64().unwrap(), "{seen}");
    assert!(seen["status"].as_str().unwrap().starts_with("Your move"));

    // The move, as a typed one; the chat hears of it through the outbox.
    let path = format!("/game/{}/act", game.0);
    let answer = post(address, &path, &[("Authorization", &white)], "move e2e4").await;
    assert_eq!(answer.status, 200);
    assert_eq!(json(&answer)["said"], serde_json::json!([]));
    let record = service.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(record.log, ["e2e4"]);
    let told = service.deliveries(Platform::Terminal, 10).await.unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].chat, "club");
    assert!(told[0].reply.text.contains("e2e4"), "{told:?}");
    assert!(told[0].reply.board.is_some());

    // Now Black moves, and White waits.
    assert_eq!(
        you("you", black).await["moves"].as_array().unwrap().len(),
        60
    );
    let seen = you("you", white.clone()).await;
    assert_eq!(seen["moves"], serde_json::json!([]));
    assert_eq!(seen["status"], "You play; it is not your turn.");
    assert_eq!(seen["playing"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_acts_only_for_its_own_players_seats() {
    let (service, address) = served_signed().await;
    let (game, players) = seated(&service, GameType::Through, "club", "time=none").await;
    let (other, _) = seated(&service, GameType::Through, "club", "time=none").await;
    let stranger = player("Eve", "club");
    let path = format!("/game/{}/act", game.0);
    let version = || async {
        let record = service.store().load_game(game).await.unwrap().unwrap();
        record.version
    };
    let before = version().await;
    let refused = [
        (None, "move e2e4", 401),
        (
            Some(link(&service, game, &players[0], b"another secret", 3600)),
            "move e2e4",
            403,
        ),
        (
            Some(link(&service, game, &players[0], SECRET, -1)),
            "move e2e4",
            403,
        ),
        (
            Some(link(&service, other, &players[0], SECRET, 3600)),
            "move e2e4",
            403,
        ),
        (Some("ticket 1.2.3".to_string()), "move e2e4", 403),
        (
            Some(link(&service, game, &players[0], SECRET, 3600)),
            "new through",
            400,
        ),
    ];
    for (proof, command, status) in refused {
        let headers: Vec<(&str, &str)> = proof
            .iter()
            .map(|p| ("Authorization", p.as_str()))
            .collect();
        let answer = post(address, &path, &headers, command).await;
        assert_eq!(
            answer.status,
            status,
            "{proof:?} {command}: {}",
            answer.text()
        );
        assert_eq!(json(&answer)["said"].as_array().map(Vec::len), Some(1));
    }
    // Proved, but not theirs: the service's own refusals.
    let said = |proof: String, command: &'static str| {
        let path = path.clone();
        async move {
            let answer = post(address, &path, &[("Authorization", &proof)], command).await;
            assert_eq!(answer.status, 200);
            json(&answer)["said"][0].as_str().unwrap_or("").to_string()
        }
    };
    let eve = link(&service, game, &stranger, SECRET, 3600);
    assert_eq!(
        said(eve, "move e2e4").await,
        format!("You have no seat in game #{}.", game.0)
    );
    let black = link(&service, game, &players[1], SECRET, 3600);
    assert!(
        said(black, "move e7e5")
            .await
            .starts_with("It is not your turn")
    );
    let white = link(&service, game, &players[0], SECRET, 3600);
    let illegal = said(white, "move e2e5").await;
    assert!(illegal.starts_with("Not a legal move"), "{illegal}");
    assert_eq!(version().await, before, "nothing changed");
    assert!(
        service
            .deliveries(Platform::Terminal, 10)
            .await
            .unwrap()
            .is_empty()
    );
}
