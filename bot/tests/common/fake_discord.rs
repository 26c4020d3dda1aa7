//! A fake Discord REST API on loopback: it records every call the bot
//! makes (texts, pictures, flags, mentions) and answers as Discord would,
//! refusing a wrong token and, when asked, a path with 429.

use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use ed25519_dalek::{Signer, SigningKey};
use seance_bot::adapters::discord::MAX_FILE;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The channel the tests play in.
pub const CHANNEL: &str = "1400000000000000001";
/// The bot's user and application id.
pub const BOT: u64 = 1_000_000_000_000_000_001;
/// The guild of [`CHANNEL`].
pub const GUILD: u64 = 1_300_000_000_000_000_001;
/// The token the fake accepts.
pub const TOKEN: &str = "test-token";

/// A player: a Discord user id and name.
#[derive(Clone, Copy)]
pub struct Player(pub u64, pub &'static str);

pub const ANN: Player = Player(2_000_000_000_000_000_001, "ann");
pub const BOB: Player = Player(2_000_000_000_000_000_002, "bob");
pub const CAT: Player = Player(2_000_000_000_000_000_003, "cat");
pub const DAN: Player = Player(2_000_000_000_000_000_004, "dan");

/// One REST call the fake Discord received.
#[derive(Clone)]
pub struct Call {
    pub method: Method,
    pub path: String,
    /// The JSON payload (from the body, or a multipart body's `payload_json`).
    pub json: Value,
    /// Attached files: name and bytes.
    pub files: Vec<(String, Vec<u8>)>,
}

impl std::fmt::Debug for Call {
    /// The call without its files' bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let files: Vec<(&str, usize)> = self
            .files
            .iter()
            .map(|(n, b)| (n.as_str(), b.len()))
            .collect();
        write!(
            f,
            "{} {} {} files={files:?}",
            self.method, self.path, self.json
        )
    }
}

impl Call {
    /// The message: an interaction response's `data`, or the body itself.
    pub fn payload(&self) -> &Value {
        self.json.get("data").unwrap_or(&self.json)
    }

    pub fn text(&self) -> String {
        self.payload()
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    }

    pub fn flags(&self) -> u64 {
        self.payload()
            .get("flags")
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    pub fn ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    /// The custom ids of the buttons in its first row.
    pub fn first_row(&self) -> Vec<String> {
        let buttons = self.payload().pointer("/components/0/components");
        buttons
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    pub fn allowed_users(&self) -> Vec<String> {
        self.payload()
            .pointer("/allowed_mentions/users")
            .and_then(Value::as_array)
            .map(|users| {
                users
                    .iter()
                    .filter_map(|u| u.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn picture(&self) -> Option<image::DynamicImage> {
        let (_, png) = self.files.iter().find(|(name, _)| name.ends_with(".png"))?;
        Some(image::load_from_memory(png).expect("the attached PNG decodes"))
    }
}

/// Discord, as far as the bot can tell: it records every call and answers as Discord would.
#[derive(Clone, Default)]
pub struct FakeDiscord {
    pub calls: Arc<Mutex<Vec<Call>>>,
    /// Paths to refuse once each with `429 Too Many Requests`.
    pub refuse: Arc<Mutex<Vec<String>>>,
}

pub fn message_json(content: &str) -> Value {
    json!({
        "id": "1700000000000000001", "channel_id": CHANNEL,
        "author": {"id": BOT.to_string(), "username": "Seance", "discriminator": "0", "avatar": null, "bot": true},
        "content": content, "timestamp": "2026-11-30T10:00:00.000000+00:00", "edited_timestamp": null,
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": 0, "flags": 0
    })
}

/// Splits a multipart body into its JSON payload and files.
pub fn multipart(content_type: &str, body: &[u8]) -> (Value, Vec<(String, Vec<u8>)>) {
    let mut json = Value::Null;
    let mut files = Vec::new();
    for part in super::multipart(content_type, body) {
        match part.file_name {
            Some(name) => files.push((name, part.bytes)),
            None if part.name == "payload_json" => {
                json = serde_json::from_slice(&part.bytes).unwrap_or(Value::Null);
            }
            None => {}
        }
    }
    (json, files)
}

async fn record(
    State(fake): State<FakeDiscord>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let answer = |status: StatusCode, json: Value| {
        (
            status,
            [("content-type", "application/json")],
            json.to_string(),
        )
            .into_response()
    };
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let (json, files) = if content_type.starts_with("multipart/") {
        multipart(content_type, &body)
    } else {
        (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        )
    };
    let path = uri.path().to_string();
    // Discord answers a wrong token with 401.
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if token != format!("Bot {TOKEN}") {
        return answer(
            StatusCode::UNAUTHORIZED,
            json!({"message": "401: Unauthorized", "code": 0}),
        );
    }
    let method_is_delete = method == Method::DELETE;
    let content = json
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    fake.calls.lock().unwrap().push(Call {
        method,
        path: path.clone(),
        json,
        files,
    });
    let refused = {
        let mut refuse = fake.refuse.lock().unwrap();
        let at = refuse.iter().position(|p| *p == path);
        at.map(|i| refuse.remove(i)).is_some()
    };
    if refused {
        let body =
            json!({"message": "You are being rate limited.", "retry_after": 0.1, "global": false});
        return answer(StatusCode::TOO_MANY_REQUESTS, body);
    }
    if method_is_delete {
        StatusCode::NO_CONTENT.into_response()
    } else if path.ends_with("/commands") {
        answer(StatusCode::OK, json!([]))
    } else if path.ends_with("/callback") {
        StatusCode::NO_CONTENT.into_response()
    } else if path.ends_with("/users/@me") {
        answer(
            StatusCode::OK,
            json!({"id": BOT.to_string(), "username": "Seance", "discriminator": "0",
                "global_name": null, "avatar": null, "bot": true, "mfa_enabled": false,
                "verified": true, "flags": 0, "public_flags": 0}),
        )
    } else if path.ends_with("/users/@me/channels") {
        answer(
            StatusCode::OK,
            json!({"id": "1800000000000000001", "type": 1, "last_message_id": null,
                "recipients": [{"id": BOB.0.to_string(), "username": "bob",
                    "discriminator": "0", "avatar": null}]}),
        )
    } else {
        answer(StatusCode::OK, message_json(&content))
    }
}

impl FakeDiscord {
    /// Starts the fake on loopback; returns it and its address.
    pub async fn start() -> (FakeDiscord, String) {
        let fake = FakeDiscord::default();
        // Discord takes files of up to 10 MiB: so does the fake, with room for
        // the rest of a multipart message.
        let router = Router::new()
            .fallback(record)
            .layer(DefaultBodyLimit::max(MAX_FILE + 1024 * 1024))
            .with_state(fake.clone());
        let address = super::serve(router).await;
        (fake, address)
    }

    /// The calls received since the last look.
    pub fn take(&self) -> Vec<Call> {
        std::mem::take(&mut *self.calls.lock().unwrap())
    }
}

/// Fills a fixture's blanks.
pub fn fixture(name: &str, blanks: &[(&str, String)]) -> String {
    let path = format!(
        "{}/tests/fixtures/discord/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut text = std::fs::read_to_string(path).unwrap();
    for (blank, value) in blanks {
        text = text.replace(&format!("{{{{{blank}}}}}"), value);
    }
    text
}

/// An interaction as Discord sends it (`kind` 2 a command, 3 a button,
/// 4 autocompletion) by `who` in [`CHANNEL`]; its token is `token-{id}`.
pub fn interaction(
    id: u64,
    kind: u8,
    who: Player,
    command: &str,
    options: &Value,
    locale: &str,
) -> String {
    fixture(
        "interaction.json",
        &[
            ("ID", id.to_string()),
            ("TYPE", kind.to_string()),
            ("COMMAND", command.to_string()),
            ("OPTIONS", options.to_string()),
            ("CHANNEL", CHANNEL.to_string()),
            ("USER", who.0.to_string()),
            ("USERNAME", who.1.to_string()),
            ("TOKEN", format!("token-{id}")),
            ("LOCALE", locale.to_string()),
        ],
    )
}

/// The public key (hex) that checks what `key` signs, as the Developer
/// Portal shows it.
pub fn public_key(key: &SigningKey) -> String {
    key.verifying_key()
        .to_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A signed HTTP request to the endpoint; returns the status and body.
pub async fn post(
    address: &str,
    key: Option<&SigningKey>,
    timestamp: u64,
    body: &[u8],
) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let stamp = timestamp.to_string();
    let signature = key.map(|k| {
        let signed: Vec<u8> = stamp.bytes().chain(body.iter().copied()).collect();
        k.sign(&signed)
            .to_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    });
    let mut request = format!(
        "POST /interactions HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nX-Signature-Timestamp: {stamp}\r\nConnection: close\r\n",
        body.len()
    );
    if let Some(signature) = signature {
        request.push_str(&format!("X-Signature-Ed25519: {signature}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let _ = stream.write_all(body).await;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response).await;
    let response = String::from_utf8_lossy(&response).to_string();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// The wall clock in seconds, as Discord stamps its requests.
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}
