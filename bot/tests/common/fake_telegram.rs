//! A fake Telegram Bot API on loopback: it serves `getMe` and `getUpdates`
//! with scripted updates, records every call the bot makes, and can refuse
//! calls the ways the real one does (429, 403, 502, all down).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, Uri};
use seance_bot::adapters::telegram::MAX_FILE;
use serde_json::{Value, json};

/// The token the fake accepts.
pub const TOKEN: &str = "123456:test-token";
/// The bot's user id.
pub const BOT: i64 = 9_000_001;
/// The group chat the tests play in.
pub const GROUP: i64 = -100_200_300;

/// A member of the group: id, first name, Telegram language.
#[derive(Clone, Copy)]
pub struct Member(pub i64, pub &'static str, pub &'static str);

pub const ANN: Member = Member(501, "Ann", "en");
pub const BOB: Member = Member(502, "Борис", "ru");
pub const CAT: Member = Member(503, "Cat", "en");
pub const DAN: Member = Member(504, "Dan", "en");
pub const EVE: Member = Member(505, "Eve", "en");

/// One Bot API call the fake received.
#[derive(Clone)]
pub struct Call {
    pub method: String,
    pub json: Value,
    /// An uploaded file's bytes (multipart).
    pub file: Option<Vec<u8>>,
    /// The id of the message it posted.
    pub posted: Option<i64>,
    /// Refused: with `429 Too Many Requests`, `403 Forbidden` or `502 Bad Gateway`.
    pub refused: Option<u16>,
    pub at: Instant,
}

impl std::fmt::Debug for Call {
    /// The call without its file's bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = self.file.as_ref().map(Vec::len);
        let refused = self.refused.map(|s| format!(" ({s})")).unwrap_or_default();
        write!(f, "{}{refused} {} file={file:?}", self.method, self.json)
    }
}

impl Call {
    pub fn text(&self) -> String {
        let field = |name: &str| self.json.get(name).and_then(Value::as_str);
        field("text").or(field("caption")).unwrap_or("").to_string()
    }

    pub fn chat(&self) -> i64 {
        match &self.json["chat_id"] {
            Value::Number(n) => n.as_i64().unwrap_or(0),
            Value::String(s) => s.parse().unwrap_or(0),
            _ => 0,
        }
    }

    /// Its keyboard's buttons, row after row.
    pub fn keyboard(&self) -> Vec<Value> {
        let markup = match &self.json["reply_markup"] {
            Value::String(text) => serde_json::from_str(text).unwrap_or(Value::Null),
            other => other.clone(),
        };
        markup["inline_keyboard"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row.as_array().cloned().unwrap_or_default())
            .collect()
    }

    /// The callback data of its keyboard's buttons.
    pub fn buttons(&self) -> Vec<String> {
        self.keyboard()
            .iter()
            .filter_map(|b| b["callback_data"].as_str().map(str::to_string))
            .collect()
    }

    pub fn picture(&self) -> image::DynamicImage {
        let png = self.file.as_ref().expect("a file");
        image::load_from_memory(png).expect("the photo is a PNG that decodes")
    }
}

/// The Bot API as far as the bot can tell.
#[derive(Clone, Default)]
pub struct FakeTelegram {
    pub calls: Arc<Mutex<Vec<Call>>>,
    pub updates: Arc<Mutex<VecDeque<Value>>>,
    /// The offset of the last getUpdates: every update below it was fetched.
    pub offset: Arc<Mutex<i64>>,
    pub next_message: Arc<Mutex<i64>>,
    /// Methods to refuse once each with `429 Too Many Requests`, in order.
    pub refuse: Arc<Mutex<Vec<&'static str>>>,
    /// Methods to fail once each with `502 Bad Gateway` (no JSON), as when
    /// the Bot API is out of reach.
    pub unreachable: Arc<Mutex<Vec<&'static str>>>,
    /// Chats that removed the bot: sending there is `403 Forbidden`.
    pub kicked: Arc<Mutex<Vec<i64>>>,
    /// The whole Bot API is down: every call fails with `502 Bad Gateway`.
    pub down: Arc<std::sync::atomic::AtomicBool>,
}

/// Reads a multipart body's fields into JSON, and its file.
pub fn multipart(content_type: &str, body: &[u8]) -> (Value, Option<Vec<u8>>) {
    let mut fields = serde_json::Map::new();
    let mut file = None;
    for part in super::multipart(content_type, body) {
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

pub fn user_json(id: i64, name: &str, language: &str, bot: bool) -> Value {
    json!({"id": id, "is_bot": bot, "first_name": name, "language_code": language})
}

pub fn group_json() -> Value {
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
    // Telegram answers a wrong token with 401.
    if !uri.path().starts_with(&format!("/bot{TOKEN}/")) {
        let body = json!({"ok": false, "error_code": 401, "description": "Unauthorized"});
        return (
            axum::http::StatusCode::UNAUTHORIZED,
            [("content-type", "application/json")],
            body.to_string(),
        )
            .into_response();
    }
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let (json, file) = if content_type.starts_with("multipart/") {
        multipart(content_type, &body)
    } else {
        (serde_json::from_slice(&body).unwrap_or(Value::Null), None)
    };
    let once = |list: &Mutex<Vec<&'static str>>| {
        let mut list = list.lock().unwrap();
        let at = list.iter().position(|m| *m == method);
        at.map(|i| list.remove(i)).is_some()
    };
    let chat = Call {
        method: method.clone(),
        json: json.clone(),
        file: None,
        posted: None,
        refused: None,
        at: Instant::now(),
    }
    .chat();
    let kicked = method.starts_with("send") && fake.kicked.lock().unwrap().contains(&chat);
    let refusal = if once(&fake.refuse) {
        let body = json!({
            "ok": false, "error_code": 429, "description": "Too Many Requests: retry after 1",
            "parameters": {"retry_after": 1}
        });
        Some((axum::http::StatusCode::TOO_MANY_REQUESTS, body.to_string()))
    } else if once(&fake.unreachable) || fake.down.load(std::sync::atomic::Ordering::SeqCst) {
        Some((
            axum::http::StatusCode::BAD_GATEWAY,
            "<html>502 Bad Gateway</html>".to_string(),
        ))
    } else if kicked {
        let body = json!({
            "ok": false, "error_code": 403,
            "description": "Forbidden: bot was kicked from the group chat"
        });
        Some((axum::http::StatusCode::FORBIDDEN, body.to_string()))
    } else {
        None
    };
    if let Some((status, body)) = refusal {
        fake.calls.lock().unwrap().push(Call {
            method,
            json,
            file,
            posted: None,
            refused: Some(status.as_u16()),
            at: Instant::now(),
        });
        return (status, [("content-type", "application/json")], body).into_response();
    }
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
            refused: None,
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
    pub async fn start() -> (FakeTelegram, String) {
        let fake = FakeTelegram::default();
        *fake.next_message.lock().unwrap() = 1000;
        *fake.offset.lock().unwrap() = -1;
        // The Bot API takes files of up to 50 MB: so does the fake.
        let router = Router::new()
            .fallback(answer)
            .layer(DefaultBodyLimit::max(MAX_FILE + 1024 * 1024))
            .with_state(fake.clone());
        let address = super::serve(router).await;
        let address = format!("{address}/");
        (fake, address)
    }

    /// How many calls of `method` it refused with `status`.
    pub fn refused(&self, method: &str, status: u16) -> usize {
        let calls = self.calls.lock().unwrap();
        calls
            .iter()
            .filter(|c| c.method == method && c.refused == Some(status))
            .count()
    }

    pub fn take(&self) -> Vec<Call> {
        std::mem::take(&mut *self.calls.lock().unwrap())
    }
}
