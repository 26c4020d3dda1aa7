//! Who is looking at a game's page. Telegram signs the Mini App's launch
//! data (`initData`) with the bot's token; on Discord each player gets a
//! link of their own (a [`Ticket`]), signed with the server's secret and
//! expiring. Anyone without either proof sees the game read-only.

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

use crate::config::Secret;
use crate::platform::Platform;
pub use crate::service::Viewer;
use crate::store::GameId;

type HmacSha256 = Hmac<Sha256>;

/// Why a proof of who is looking was refused. The page then shows the game
/// read-only and says why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Refused {
    /// Something the proof needs is missing or unreadable.
    #[error("the sign-in data is incomplete ({0})")]
    Malformed(&'static str),
    /// The signature does not match: forged or altered.
    #[error("the sign-in data is not signed by this bot")]
    Forged,
    /// Signed, but too old (or from the future).
    #[error("the sign-in data has expired; open the game again from the chat")]
    Expired,
    /// A player's link to another game.
    #[error("this link is for another game")]
    OtherGame,
}

/// How long Telegram's signed launch data signs a player in: a day, so a
/// Mini App left open on the phone still moves the next evening.
pub const TELEGRAM_DATA_SECONDS: i64 = 86_400;

/// How long a player's own link signs them in: a week, a few moves of a
/// correspondence game.
pub const TICKET_SECONDS: i64 = 7 * 86_400;

/// What the pages check proofs with: the Telegram bot's token (Telegram
/// signs the Mini App's data with it) and the server's secret (which signs
/// the players' own links). A proof whose key is left empty is refused.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    /// The Telegram bot's token.
    pub telegram: Secret,
    /// The secret that signs players' links.
    pub secret: Secret,
}

/// Who a page's request is from, by its `Authorization` header:
/// `tma INITDATA` (Telegram's Mini App data) or `ticket TOKEN` (a player's
/// own link to `game`, so none where no game is asked about); `None`
/// without one, a read-only viewer.
pub fn viewer(
    authorization: Option<&str>,
    game: Option<GameId>,
    keys: &Keys,
    now: i64,
) -> Result<Option<Viewer>, Refused> {
    let Some(header) = authorization else {
        return Ok(None);
    };
    let key = |key: &Secret| match key.is_empty() {
        true => Err(Refused::Forged),
        false => Ok(key.expose().to_string()),
    };
    match header.trim().split_once(' ') {
        Some(("tma", data)) => {
            telegram_viewer(data, &key(&keys.telegram)?, now, TELEGRAM_DATA_SECONDS).map(Some)
        }
        Some(("ticket", token)) => {
            let ticket = Ticket::read(token, key(&keys.secret)?.as_bytes(), now)?;
            if Some(ticket.game) != game {
                return Err(Refused::OtherGame);
            }
            Ok(Some(ticket.viewer))
        }
        _ => Err(Refused::Malformed("authorization")),
    }
}

/// The Telegram user in `initData`: only what the page needs.
#[derive(Deserialize)]
struct TelegramUser {
    id: i64,
    first_name: String,
    #[serde(default)]
    last_name: Option<String>,
}

/// The Telegram user a Mini App was opened by, after checking its `initData`
/// as Telegram specifies: every field but `hash`, sorted by name and joined
/// as `name=value` lines, signed with HMAC-SHA256 under the key
/// HMAC-SHA256("WebAppData", bot token); and `auth_date` (Unix seconds) at
/// most `most_age` seconds before `now`.
pub fn telegram_viewer(
    init_data: &str,
    token: &str,
    now: i64,
    most_age: i64,
) -> Result<Viewer, Refused> {
    let mut fields: Vec<(String, String)> = form_urlencoded::parse(init_data.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect();
    let at = fields
        .iter()
        .position(|(name, _)| name == "hash")
        .ok_or(Refused::Malformed("hash"))?;
    let hash = hex::decode(fields.remove(at).1).map_err(|_| Refused::Forged)?;
    fields.sort();
    let checked = fields
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join("\n");
    let key = keyed(b"WebAppData", token).finalize().into_bytes();
    keyed(&key, &checked)
        .verify_slice(&hash)
        .map_err(|_| Refused::Forged)?;
    let field = |name: &'static str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .ok_or(Refused::Malformed(name))
    };
    let signed: i64 = field("auth_date")?
        .parse()
        .map_err(|_| Refused::Malformed("auth_date"))?;
    if !(0..=most_age).contains(&(now - signed)) {
        return Err(Refused::Expired);
    }
    let user: TelegramUser =
        serde_json::from_str(field("user")?).map_err(|_| Refused::Malformed("user"))?;
    let name = match user.last_name {
        Some(last) if !last.is_empty() => format!("{} {last}", user.first_name),
        _ => user.first_name,
    };
    Ok(Viewer {
        platform: Platform::Telegram,
        user: user.id.to_string(),
        name,
    })
}

/// A player's own link to a game's page: who they are, until when, signed
/// with the server's secret. Shown only to them (an ephemeral Discord reply).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ticket {
    /// The game the link opens.
    pub game: GameId,
    /// The player, as the store knows them.
    pub viewer: Viewer,
    /// Unix seconds after which the link no longer signs anyone in.
    pub expires: i64,
}

impl Ticket {
    /// The ticket as a URL-safe token: its fields, then their signature.
    pub fn sign(&self, secret: &[u8]) -> String {
        let body = format!(
            "{}.{}.{}.{}.{}",
            self.game.0,
            self.viewer.platform.name(),
            hex::encode(&self.viewer.user),
            hex::encode(&self.viewer.name),
            self.expires
        );
        let signature = keyed(secret, &body).finalize().into_bytes();
        format!("{body}.{}", hex::encode(signature))
    }

    /// The ticket in `token`, if `secret` signed it and it has not expired
    /// at `now`.
    pub fn read(token: &str, secret: &[u8], now: i64) -> Result<Ticket, Refused> {
        let (body, signed) = token
            .rsplit_once('.')
            .ok_or(Refused::Malformed("signature"))?;
        let signed = hex::decode(signed).map_err(|_| Refused::Forged)?;
        keyed(secret, body)
            .verify_slice(&signed)
            .map_err(|_| Refused::Forged)?;
        // Signed by us: what follows was written by `sign`.
        let parts: Vec<&str> = body.split('.').collect();
        let [game, platform, user, name, expires] = parts[..] else {
            return Err(Refused::Malformed("fields"));
        };
        let text = |hexed: &str| {
            hex::decode(hexed)
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .ok_or(Refused::Malformed("viewer"))
        };
        let ticket = Ticket {
            game: GameId(game.parse().map_err(|_| Refused::Malformed("game"))?),
            viewer: Viewer {
                platform: Platform::named(platform).ok_or(Refused::Malformed("platform"))?,
                user: text(user)?,
                name: text(name)?,
            },
            expires: expires.parse().map_err(|_| Refused::Malformed("expiry"))?,
        };
        if now > ticket.expires {
            return Err(Refused::Expired);
        }
        Ok(ticket)
    }
}

/// HMAC-SHA256 under `key` over `body`, to finish or to check (in
/// constant time).
fn keyed(key: &[u8], body: &str) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(body.as_bytes());
    mac
}

#[cfg(test)]
mod tests;
