//! Acting on a game's page: what the viewer may do (`/game/N/you`: their
//! seats, the legal moves with the squares to tap, the offers that wait for
//! them) and doing it (`/game/N/act`: a command as a player would type it,
//! played through the same service command as in the chat). Both need a
//! proof of who is looking (see [`super::who`]); without one the page is
//! read-only, and with one it acts only for the viewer's own seats, since
//! the service checks every command against the seats its sender holds.

use std::collections::BTreeMap;

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use seance_engine::notation;
use seance_render::{Layout, Style};
use serde::Serialize;

use super::who::{self, Viewer};
use super::words::{refused, words};
use super::{Served, locale};
use crate::commands::{self, Command};
use crate::service::Page;
use crate::service::i18n::Locale;
use crate::store::GameId;

/// `/game/N/you`, `/game/N/act`, and `/games` (the viewer's games in play).
pub(super) fn routes() -> Router<Served> {
    Router::new()
        .route("/game/{id}/you", get(you))
        .route("/game/{id}/act", post(act))
        .route("/games", get(games))
}

/// One of the viewer's games, for the Mini App opened from the bot's menu.
#[derive(Serialize, Debug)]
struct Listed {
    id: i64,
    headline: String,
}

async fn games(State(served): State<Served>, headers: HeaderMap) -> Response {
    let viewer = match viewer(&served, None, &headers) {
        Ok(viewer) => viewer,
        Err((status, why)) => return refusal(status, why),
    };
    let games = served.service.games_of(&viewer, locale(&headers)).await;
    let listed: Vec<Listed> = games
        .into_iter()
        .map(|(id, headline)| Listed { id: id.0, headline })
        .collect();
    Json(listed).into_response()
}

/// A move the viewer can tap: from a square to a square, or (a special
/// move such as `pass`) by its button.
#[derive(Serialize, PartialEq, Debug)]
struct Tap {
    /// The move's canonical text, as a player would type it.
    text: String,
    /// The square of the man that moves.
    from: Option<String>,
    /// The square it goes to.
    to: Option<String>,
    /// It takes a man there.
    take: bool,
}

/// What the viewer may do, for the page's script.
#[derive(Serialize, Debug)]
struct Seen {
    /// The viewer's name.
    name: String,
    /// The seat the board is drawn for.
    seat: Option<u8>,
    /// The legal moves, when the viewer is to move.
    moves: Vec<Tap>,
    /// Where each square of those moves is on the picture: left, top, width
    /// and height, in percent of the picture's size.
    cells: BTreeMap<String, [f32; 4]>,
    /// The viewer sits in the game in play (so the offers apply).
    playing: bool,
    /// An offer or a takeback waits for the viewer's answer.
    asked: bool,
    /// What the viewer can do now, in a line.
    status: String,
}

/// What a command from the page came to: what the service said to the
/// viewer alone (an error, or nothing when the chat was told).
#[derive(Serialize, Debug)]
struct Said {
    said: Vec<String>,
}

/// A refusal as the page shows it.
fn refusal(status: StatusCode, text: &str) -> Response {
    (
        status,
        Json(Said {
            said: vec![text.to_string()],
        }),
    )
        .into_response()
}

/// The viewer a request about game `id` (if about one) proves, or the
/// page's refusal: its status and why.
fn viewer(
    served: &Served,
    id: Option<i64>,
    headers: &HeaderMap,
) -> Result<Viewer, (StatusCode, &'static str)> {
    let locale = locale(headers);
    let authorization = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    let now = served.service.now() / 1000;
    match who::viewer(authorization, id.map(GameId), &served.keys, now) {
        Ok(Some(viewer)) => Ok(viewer),
        Ok(None) => Err((StatusCode::UNAUTHORIZED, words(locale).looking)),
        Err(why) => {
            tracing::info!("a page's viewer refused ({id:?}): {why}");
            Err((StatusCode::FORBIDDEN, refused(&why, locale)))
        }
    }
}

async fn you(State(served): State<Served>, Path(id): Path<i64>, headers: HeaderMap) -> Response {
    let viewer = match viewer(&served, Some(id), &headers) {
        Ok(viewer) => viewer,
        Err((status, why)) => return refusal(status, why),
    };
    let locale = locale(&headers);
    match served.service.page(GameId(id), locale, Some(&viewer)).await {
        Ok(page) => Json(seen(&page, viewer, &served.style, locale)).into_response(),
        Err(why) => refusal(StatusCode::NOT_FOUND, &why),
    }
}

/// The viewer's part in `page`, with the squares to tap where the picture
/// drawn in `style` shows them.
fn seen(page: &Page, viewer: Viewer, style: &Style, locale: Locale) -> Seen {
    let you = page.you.clone().unwrap_or_default();
    let moves: Vec<Tap> = you
        .moves
        .iter()
        .map(|(text, info)| match info.special {
            Some(_) => Tap {
                text: text.clone(),
                from: None,
                to: None,
                take: false,
            },
            None => {
                let origin = notation::origin(text);
                let target = text[origin.len()..].split('=').next().unwrap_or("");
                Tap {
                    text: text.clone(),
                    from: Some(
                        origin
                            .trim_start_matches(|c: char| c.is_ascii_uppercase())
                            .into(),
                    ),
                    to: Some(target.to_string()),
                    take: info.capture,
                }
            }
        })
        .collect();
    let board = &page.board;
    let layout = Layout::new(
        &board.view,
        &Style {
            seat: board.seat,
            ..*style
        },
    );
    let (width, height) = (layout.width as f32, layout.height as f32);
    let tapped: Vec<&String> = moves
        .iter()
        .flat_map(|t| t.from.iter().chain(&t.to))
        .collect();
    let cells = board
        .view
        .cells
        .iter()
        .filter(|cell| tapped.contains(&&cell.name))
        .map(|cell| {
            let at = layout.cell(cell.column, cell.row);
            let percent = |value: u32, of: f32| value as f32 * 100.0 / of;
            (
                cell.name.clone(),
                [
                    percent(at.x, width),
                    percent(at.y, height),
                    percent(at.width, width),
                    percent(at.height, height),
                ],
            )
        })
        .collect();
    let words = words(locale);
    let seated = page.playing && !you.seats.is_empty();
    let status = match (moves.is_empty(), seated) {
        (false, _) => words.your_move,
        (true, true) => words.waiting,
        (true, false) => words.looking,
    };
    Seen {
        name: viewer.name,
        seat: board.seat.map(|s| s.0),
        moves,
        cells,
        playing: seated,
        asked: you.asked,
        status: status.to_string(),
    }
}

/// The commands a page may send: a game's moves, offers and answers.
fn allowed(command: &Command) -> bool {
    matches!(
        command,
        Command::Move(..)
            | Command::Resign(_)
            | Command::Offer(..)
            | Command::Accept(_)
            | Command::Decline(_)
            | Command::Takeback(_)
    )
}

async fn act(
    State(served): State<Served>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    typed: String,
) -> Response {
    let viewer = match viewer(&served, Some(id), &headers) {
        Ok(viewer) => viewer,
        Err((status, why)) => return refusal(status, why),
    };
    let mut command = match commands::parse(&typed) {
        Ok(command) if allowed(&command) => command,
        _ => return refusal(StatusCode::BAD_REQUEST, "not a command of the page"),
    };
    if let Some(target) = command.target_mut() {
        *target = Some(GameId(id));
    }
    let replies = served
        .service
        .handle_from_page(&viewer, GameId(id), command)
        .await;
    let said = replies
        .into_iter()
        .filter(|reply| reply.private)
        .map(|reply| reply.text)
        .collect();
    Json(Said { said }).into_response()
}
