//! A game's page, to anyone: the board as the chats see it, whose turn it
//! is, the log with a replay, the record and the GIF to download, in the
//! viewer's language. It reloads itself when a move is made, for players and
//! spectators alike. Plain HTML and a script of our own, nothing fetched
//! from elsewhere. The script asks [`super::act`] what its viewer may do.

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use seance_engine::Seat;
use serde::{Deserialize, Serialize};

use super::words::{Words, words};
use super::{Served, locale};
use crate::service::Page;
use crate::service::i18n::Locale;
use crate::service::reply::Board;
use crate::store::GameId;

/// How often an open page asks whether the game has moved on.
const POLL_MS: u32 = 3000;

/// The largest replay the page offers to download.
const MOST_GIF_BYTES: usize = 20 << 20;

/// The page's script: tapping, offers, the replay, the poll.
const SCRIPT: &str = include_str!("page.js");

/// The page's look.
const STYLE: &str = include_str!("page.css");

/// The Mini App's first page's script: on to the game, or the viewer's games.
const START: &str = include_str!("start.js");

/// The read-only routes: `/` (where Telegram opens the Mini App, which
/// goes on to the game it was started for), `/game/N` (the page),
/// `/game/N/board.png`, `/game/N/version` (what the page polls),
/// `/game/N/frame.png` (a position of the replay), `/game/N/record.txt` and
/// `/game/N/replay.gif`.
pub(super) fn routes() -> Router<Served> {
    Router::new()
        .route("/", get(start))
        .route("/game/{id}", get(page))
        .route("/game/{id}/board.png", get(board))
        .route("/game/{id}/version", get(version))
        .route("/game/{id}/frame.png", get(frame))
        .route("/game/{id}/record.txt", get(record))
        .route("/game/{id}/replay.gif", get(replay))
}

/// Which way to turn a picture, and which position of the replay.
#[derive(Deserialize)]
struct Shown {
    /// Draw for this seat (its army at the bottom).
    seat: Option<u8>,
    /// The replay's position, from 0 (the start).
    at: Option<usize>,
}

async fn load(served: &Served, id: i64, locale: Locale) -> Result<Page, Response> {
    served
        .service
        .page(GameId(id), locale, None)
        .await
        .map_err(|why| (StatusCode::NOT_FOUND, why).into_response())
}

async fn page(State(served): State<Served>, Path(id): Path<i64>, headers: HeaderMap) -> Response {
    let locale = locale(&headers);
    let page = match load(&served, id, locale).await {
        Ok(page) => page,
        Err(refused) => return refused,
    };
    // The replay's length: the only thing here that replays the game.
    let replay = served.service.replay(GameId(id), None).await;
    let positions = replay.map_or(1, |board| board.frames.len());
    Html(html(id, &page, positions, locale)).into_response()
}

/// The Mini App's own address. Opened from a game's button, it goes on to
/// the game it was started for (in Telegram's launch data, which only the
/// browser sees); opened from the bot's menu, it lists the viewer's games.
async fn start(headers: HeaderMap) -> Html<String> {
    let locale = locale(&headers);
    let words = in_script(words(locale));
    Html(format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Seance</title>
<style>{STYLE}</style>
</head>
<body>
<h1 id="headline"></h1>
<ul id="games"></ul>
<script type="application/json" id="words">{words}</script>
<script>{START}</script>
</body>
</html>
"#,
        lang = locale.code(),
    ))
}

/// A picture's seat, if it names one of the board's.
fn turned(shown: &Shown, board: &Board) -> Option<Seat> {
    shown
        .seat
        .filter(|&s| usize::from(s) < board.view.panel.seats.len())
        .map(Seat)
}

fn png(bytes: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        bytes,
    )
        .into_response()
}

async fn board(
    State(served): State<Served>,
    Path(id): Path<i64>,
    Query(shown): Query<Shown>,
) -> Response {
    match load(&served, id, Locale::En).await {
        Ok(page) => {
            let board = Board {
                seat: turned(&shown, &page.board).or(page.board.seat),
                ..page.board
            };
            png(board.png(&served.style))
        }
        Err(refused) => refused,
    }
}

async fn version(State(served): State<Served>, Path(id): Path<i64>) -> Response {
    match served.service.store().game_version(GameId(id)).await {
        Ok(Some(version)) => {
            ([(header::CACHE_CONTROL, "no-store")], version.to_string()).into_response()
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(_) => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}

/// The game's board, drawn for the asked seat, with its replay's frames.
async fn replayed(served: &Served, id: i64, shown: &Shown) -> Result<Board, Response> {
    let board = served.service.replay(GameId(id), None).await;
    let board = board.ok_or_else(|| StatusCode::NOT_FOUND.into_response())?;
    Ok(Board {
        seat: turned(shown, &board).or(board.seat),
        ..board
    })
}

async fn frame(
    State(served): State<Served>,
    Path(id): Path<i64>,
    Query(shown): Query<Shown>,
) -> Response {
    let board = match replayed(&served, id, &shown).await {
        Ok(board) => board,
        Err(refused) => return refused,
    };
    let at = shown.at.unwrap_or(0);
    match board.frames.get(at) {
        Some(view) => png(Board {
            view: view.clone(),
            frames: Vec::new(),
            ..board
        }
        .png(&served.style)),
        None => (StatusCode::NOT_FOUND, "no such position").into_response(),
    }
}

/// A file to download.
fn attachment(kind: &'static str, bytes: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_DISPOSITION, "attachment"),
        ],
        bytes,
    )
        .into_response()
}

async fn record(State(served): State<Served>, Path(id): Path<i64>) -> Response {
    match load(&served, id, Locale::En).await {
        Ok(page) => attachment("text/plain; charset=utf-8", page.record.into_bytes()),
        Err(refused) => refused,
    }
}

async fn replay(
    State(served): State<Served>,
    Path(id): Path<i64>,
    Query(shown): Query<Shown>,
) -> Response {
    let board = match replayed(&served, id, &shown).await {
        Ok(board) => board,
        Err(refused) => return refused,
    };
    match board.replay(&served.style, MOST_GIF_BYTES, "page") {
        Some(gif) => attachment("image/gif", gif),
        None => (StatusCode::NOT_FOUND, "no replay").into_response(),
    }
}

/// What the page's script is told: the game, its labels, the poll.
#[derive(Serialize)]
struct Setup<'a> {
    id: i64,
    version: i64,
    poll: u32,
    seat: Option<u8>,
    positions: usize,
    words: &'a Words,
}

/// The page's HTML, its replay `positions` long. Every address in it is
/// relative to the page, so that it works behind a proxy's path too.
fn html(id: i64, page: &Page, positions: usize, locale: Locale) -> String {
    let words = words(locale);
    let lang = locale.code();
    let headline = escape(&page.headline);
    let log: String = page
        .log
        .iter()
        .map(|line| format!("<li>{}</li>", escape(line)))
        .collect();
    let version = page.version;
    let setup = Setup {
        id,
        version,
        poll: POLL_MS,
        seat: page.board.seat.map(|s| s.0),
        positions,
        words,
    };
    let setup = in_script(&setup);
    let last = positions.saturating_sub(1);
    let seat = page
        .board
        .seat
        .map_or(String::new(), |s| format!("&seat={}", s.0));
    format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{headline}</title>
<style>{STYLE}</style>
</head>
<body>
<h1 id="headline">{headline}</h1>
<p id="status"></p>
<div id="board"><img id="picture" src="{id}/board.png?v={version}{seat}" alt="{headline}"><div id="marks"></div></div>
<div id="choices"></div>
<div id="offers" hidden>
<button id="draw">{draw}</button> <button id="takeback">{takeback}</button> <button id="resign">{resign}</button>
<span id="answers" hidden><button id="accept">{accept}</button> <button id="decline">{decline}</button></span>
</div>
<p id="said" role="status"></p>
<h2>{moves}</h2>
<ol id="log">{log}</ol>
<h2>{replay}</h2>
<input id="slider" type="range" min="0" max="{last}" value="{last}" aria-label="{replay}">
<img id="frame" src="{id}/frame.png?at={last}{seat}" alt="{replay}">
<p>{download} <a id="record" href="{id}/record.txt" download="seance-{id}.txt">{record}</a> · <a id="gif" href="{id}/replay.gif" download="seance-{id}.gif">{gif}</a></p>
<script type="application/json" id="setup">{setup}</script>
<script>{SCRIPT}</script>
</body>
</html>
"#,
        draw = words.draw,
        takeback = words.takeback,
        resign = words.resign,
        accept = words.accept,
        decline = words.decline,
        moves = words.moves,
        replay = words.replay,
        download = words.download,
        record = words.record,
        gif = words.gif,
    )
}

/// `value` as JSON to read from a script element: there only `</` could
/// end it early.
fn in_script(value: &impl Serialize) -> String {
    serde_json::to_string(value)
        .unwrap_or_default()
        .replace("</", "<\\/")
}

/// `text` safe inside HTML text and attribute values.
fn escape(text: &str) -> String {
    let mut safe = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => safe.push_str("&amp;"),
            '<' => safe.push_str("&lt;"),
            '>' => safe.push_str("&gt;"),
            '"' => safe.push_str("&quot;"),
            '\'' => safe.push_str("&#39;"),
            c => safe.push(c),
        }
    }
    safe
}
