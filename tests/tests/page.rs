//! A game's web page, as a browser gets it: the board, whose turn it is and
//! the moves, in the browser's language; a new version after each move, so
//! that an open page reloads itself; no page for a game that does not exist.

use std::net::SocketAddr;

use seance_bot::service::Service;
use seance_engine::catalogue::GameType;
use seance_render::Style;
use seance_tests::Scratch;
use seance_tests::http::{self, get};
use seance_tests::table::*;

/// A service on a fresh store, and the address of its game pages.
async fn served() -> (Service, SocketAddr) {
    let (service, _) = service(Scratch::Sqlite, quick()).await;
    let routes = seance_bot::web::page::routes(service.clone(), Style::default());
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
    assert!(html.contains(&format!("<h1>{headline}</h1>")), "{html}");
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
    assert!(html.contains(&format!(r#"!== "{after}""#)), "{html}");

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
