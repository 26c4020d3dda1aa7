//! A game's page, read-only so far: the board as the chats see it, whose
//! turn it is, and the log, in the viewer's language; it reloads itself
//! when a move is made, for players and spectators alike. Plain HTML and a
//! few lines of script, nothing fetched from elsewhere.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use seance_render::Style;

use crate::service::i18n::Locale;
use crate::service::{Page, Service};
use crate::store::GameId;

/// How often an open page asks whether the game has moved on.
const POLL_MS: u32 = 3000;

#[derive(Clone)]
struct Served {
    service: Service,
    style: Style,
}

/// The page routes over `service`, pictures drawn in `style`:
/// `/game/N` (the page), `/game/N/board.png` and `/game/N/version` (what
/// the page polls).
pub fn routes(service: Service, style: Style) -> Router {
    Router::new()
        .route("/game/{id}", get(page))
        .route("/game/{id}/board.png", get(board))
        .route("/game/{id}/version", get(version))
        .with_state(Served { service, style })
}

/// The reader's language from the browser's `Accept-Language`: Russian if
/// it comes first, else English.
fn locale(headers: &HeaderMap) -> Locale {
    let first = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split([',', ';', '-']).next())
        .unwrap_or("");
    Locale::parse(first.trim()).unwrap_or_default()
}

async fn load(served: &Served, id: i64, locale: Locale) -> Result<Page, Response> {
    served
        .service
        .page(GameId(id), locale)
        .await
        .map_err(|why| (StatusCode::NOT_FOUND, why).into_response())
}

async fn page(State(served): State<Served>, Path(id): Path<i64>, headers: HeaderMap) -> Response {
    let locale = locale(&headers);
    match load(&served, id, locale).await {
        Ok(page) => Html(html(id, &page, locale)).into_response(),
        Err(refused) => refused,
    }
}

async fn board(State(served): State<Served>, Path(id): Path<i64>) -> Response {
    match load(&served, id, Locale::En).await {
        Ok(page) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            page.board.png(&served.style),
        )
            .into_response(),
        Err(refused) => refused,
    }
}

async fn version(State(served): State<Served>, Path(id): Path<i64>) -> Response {
    match load(&served, id, Locale::En).await {
        Ok(page) => (
            [(header::CACHE_CONTROL, "no-store")],
            page.version.to_string(),
        )
            .into_response(),
        Err(refused) => refused,
    }
}

/// The page's HTML. The board's picture and the poll are addressed
/// relative to the page, so that it works behind a proxy's path too.
fn html(id: i64, page: &Page, locale: Locale) -> String {
    let (lang, log_title) = match locale {
        Locale::En => ("en", "Moves"),
        Locale::Ru => ("ru", "Ходы"),
    };
    let headline = escape(&page.headline);
    let log: String = page
        .log
        .iter()
        .map(|line| format!("<li>{}</li>", escape(line)))
        .collect();
    let version = page.version;
    format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{headline}</title>
<style>
body {{ font-family: sans-serif; margin: 0 auto; max-width: 40rem; padding: 0.5rem; }}
img {{ width: 100%; height: auto; }}
ol {{ columns: 2; font-family: monospace; }}
</style>
</head>
<body>
<h1>{headline}</h1>
<img src="{id}/board.png?v={version}" alt="{headline}">
<h2>{log_title}</h2>
<ol>{log}</ol>
<script>
setInterval(async () => {{
  try {{
    const answer = await fetch("{id}/version", {{ cache: "no-store" }});
    if (answer.ok && (await answer.text()).trim() !== "{version}") location.reload();
  }} catch (_) {{}}
}}, {POLL_MS});
</script>
</body>
</html>
"#
    )
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
