//! Discord's HTTP interactions endpoint: Discord posts each interaction to
//! us instead of sending it over the gateway, so several bot processes
//! behind a load balancer can share one database. Every request must carry
//! a valid Ed25519 signature of its timestamp and body by the application's
//! key, recent and never seen before by any process on the database;
//! anything else is refused with 401.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use ed25519_dalek::{Signature, VerifyingKey};
use serenity::all::{
    CreateAutocompleteResponse, CreateInteractionResponse, CreateInteractionResponseMessage,
    Interaction,
};

use super::{Answer, Discord};
use crate::clock::{Clock, SystemClock};
use crate::config;
use crate::service::dice::{from_hex, hex};

/// The largest body read; Discord's interactions are a few kilobytes.
pub const MAX_BODY: usize = 64 * 1024;

/// How far a request's timestamp may be from now, in seconds, before it
/// counts as replayed.
const FRESH: u64 = 300;

/// The endpoint's state: the front end and the key. The signatures seen
/// lately are kept in the database, shared by every process behind the
/// endpoint's address.
#[derive(Clone)]
pub struct Endpoint {
    discord: Discord,
    key: VerifyingKey,
}

/// Why a request is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No valid, fresh, first-seen signature: 401.
    Unauthorized,
    /// Not an interaction: 400.
    Malformed,
    /// The database cannot say whether the request was seen: 503, and
    /// Discord shows the player that the bot did not answer.
    Unavailable,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        match self {
            Refusal::Unauthorized => {
                (StatusCode::UNAUTHORIZED, "invalid request signature").into_response()
            }
            Refusal::Malformed => (StatusCode::BAD_REQUEST, "not an interaction").into_response(),
            Refusal::Unavailable => (
                StatusCode::SERVICE_UNAVAILABLE,
                "the database is not answering",
            )
                .into_response(),
        }
    }
}

impl Endpoint {
    /// The endpoint of `discord`, checking signatures with the hex `public_key`.
    pub fn new(discord: Discord, public_key: &str) -> anyhow::Result<Endpoint> {
        let bytes: [u8; 32] = from_hex(public_key)
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| anyhow::anyhow!("[discord] public_key must be 64 hex digits"))?;
        Ok(Endpoint {
            discord,
            key: VerifyingKey::from_bytes(&bytes)?,
        })
    }

    /// The routes: `POST /interactions` (and `POST /`).
    pub fn router(self) -> Router {
        Router::new()
            .route("/interactions", post(receive))
            .route("/", post(receive))
            .layer(DefaultBodyLimit::max(MAX_BODY))
            .with_state(self)
    }

    /// Checks the signature headers of a request against its body, and
    /// that no process answered it before.
    pub async fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<(), Refusal> {
        let header = |name| headers.get(name).and_then(|v| v.to_str().ok());
        let (Some(signature), Some(timestamp)) = (
            header("x-signature-ed25519"),
            header("x-signature-timestamp"),
        ) else {
            return Err(Refusal::Unauthorized);
        };
        let signature: [u8; 64] = from_hex(signature)
            .and_then(|b| b.try_into().ok())
            .ok_or(Refusal::Unauthorized)?;
        let signed: Vec<u8> = timestamp.bytes().chain(body.iter().copied()).collect();
        self.key
            .verify_strict(&signed, &Signature::from_bytes(&signature))
            .map_err(|_| Refusal::Unauthorized)?;
        // A valid request replayed later, or twice, is refused too.
        let now = SystemClock.now_ms();
        let sent: i64 = timestamp.parse().map_err(|_| Refusal::Unauthorized)?;
        let sent = sent.saturating_mul(1000);
        let window = Duration::from_secs(FRESH);
        if now.abs_diff(sent) > window.as_millis() as u64 {
            return Err(Refusal::Unauthorized);
        }
        let key = hex(&signature);
        match self
            .discord
            .service
            .first_sight(&key, sent, now, window)
            .await
        {
            Ok(true) => Ok(()),
            Ok(false) => Err(Refusal::Unauthorized),
            Err(error) => {
                tracing::warn!("discord: cannot check a request against those seen: {error}");
                Err(Refusal::Unavailable)
            }
        }
    }

    /// Answers a verified interaction: a pong, or suggestions; anything else
    /// is acknowledged at once (a command with an ephemeral "thinking", a
    /// component with a silent update) and worked out afterwards, its
    /// messages sent through the REST API, so that no slow work can break
    /// Discord's three seconds.
    pub async fn answer(&self, body: &[u8]) -> Result<CreateInteractionResponse, Refusal> {
        let interaction: Interaction =
            serde_json::from_slice(body).map_err(|_| Refusal::Malformed)?;
        let (token, channel, component) = match &interaction {
            Interaction::Ping(_) => return Ok(CreateInteractionResponse::Pong),
            Interaction::Autocomplete(_) => {
                let Some(Answer::Choices(choices)) = self.discord.answer(&interaction).await else {
                    return Err(Refusal::Malformed);
                };
                return Ok(CreateInteractionResponse::Autocomplete(
                    CreateAutocompleteResponse::new().set_choices(choices),
                ));
            }
            Interaction::Command(c) => (c.token.clone(), c.channel_id, false),
            Interaction::Component(c) => (c.token.clone(), c.channel_id, true),
            _ => return Err(Refusal::Malformed),
        };
        let discord = self.discord.clone();
        tokio::spawn(async move {
            let Some(answer) = discord.answer(&interaction).await else {
                return;
            };
            if let Err(error) = discord
                .complete_deferred(&token, channel, component, answer)
                .await
            {
                tracing::warn!("discord: completing a response failed: {error}");
            }
        });
        Ok(match component {
            true => CreateInteractionResponse::Acknowledge,
            false => CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(true),
            ),
        })
    }
}

async fn receive(State(endpoint): State<Endpoint>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(refusal) = endpoint.verify(&headers, &body).await {
        return refusal.into_response();
    }
    match endpoint.answer(&body).await {
        Ok(response) => match serde_json::to_vec(&response) {
            Ok(json) => ([("content-type", "application/json")], json).into_response(),
            Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        },
        Err(refusal) => refusal.into_response(),
    }
}

/// Serves the endpoint on `settings.listen` until it fails.
pub async fn serve(discord: Discord, settings: &config::Discord) -> anyhow::Result<()> {
    let endpoint = Endpoint::new(discord, &settings.public_key)?;
    let address: SocketAddr = settings.listen.parse()?;
    let listener = tokio::net::TcpListener::bind(address).await?;
    tracing::info!("discord: interactions endpoint on http://{address}/interactions");
    axum::serve(listener, endpoint.router()).await?;
    Ok(())
}
