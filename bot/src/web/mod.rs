//! The live board page that players open from a chat: in Telegram as a Mini
//! App, elsewhere in the browser. [`page`] serves a game's page and its
//! pictures to anyone; [`act`] lets a player move and answer on it, once
//! [`who`] has proved who is looking; [`words`] is what the page says.

mod act;
pub mod page;
pub mod who;
mod words;

use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderMap, header};
use seance_render::Style;

use crate::service::Service;
use crate::service::i18n::Locale;
use who::Keys;

/// What every page route works with.
#[derive(Clone)]
struct Served {
    service: Service,
    style: Style,
    keys: Arc<Keys>,
}

/// The page routes over `service`, pictures drawn in `style`, viewers
/// proved with `keys`: see [`page::routes`] and [`act::routes`].
pub fn routes(service: Service, style: Style, keys: Keys) -> Router {
    let served = Served {
        service,
        style,
        keys: Arc::new(keys),
    };
    page::routes().merge(act::routes()).with_state(served)
}

/// The public address of game `id`'s page, the pages being at `web_url`.
pub fn game_url(web_url: &str, id: i64) -> String {
    format!("{}/game/{id}", web_url.trim().trim_end_matches('/'))
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
