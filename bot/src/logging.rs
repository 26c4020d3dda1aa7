//! The bot's log: `tracing` events on the standard error, as text or as JSON
//! lines, at the level `RUST_LOG` sets (else `[log] level`). Every secret of
//! the configuration (tokens, the webhook secret, the database's password)
//! is written as `***` whatever the level, also in what libraries log.

use std::io::Write;
use std::sync::Arc;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

use crate::config::Config;
use crate::store::redact;

/// Writes each event to the standard error with the secrets blanked.
#[derive(Clone)]
struct Redacting {
    secrets: Arc<Vec<(String, String)>>,
}

/// One event's text, written when it is complete.
struct Event {
    secrets: Arc<Vec<(String, String)>>,
    text: Vec<u8>,
}

impl Write for Event {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.text.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        let text = blanked(&String::from_utf8_lossy(&self.text), &self.secrets);
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }
}

/// `text` with every secret replaced by what is shown instead.
fn blanked(text: &str, secrets: &[(String, String)]) -> String {
    secrets
        .iter()
        .fold(text.to_string(), |text, (secret, shown)| {
            text.replace(secret.as_str(), shown)
        })
}

impl<'a> MakeWriter<'a> for Redacting {
    type Writer = Event;

    fn make_writer(&'a self) -> Event {
        Event {
            secrets: Arc::clone(&self.secrets),
            text: Vec::new(),
        }
    }
}

/// The secrets of `config`, each with what is written instead.
fn secrets(config: &Config) -> Vec<(String, String)> {
    let mut secrets: Vec<(String, String)> = [
        config.telegram.token.expose(),
        config.telegram.webhook_secret.expose(),
        config.discord.token.expose(),
        config.server.secret.expose(),
    ]
    .into_iter()
    .filter(|s| s.len() >= 4)
    .map(|s| (s.to_string(), "***".to_string()))
    .collect();
    if let Ok(url) = config.database_url() {
        let shown = redact(&url);
        if shown != url {
            secrets.push((url, shown));
        }
    }
    secrets
}

/// Starts the log for `config`: `RUST_LOG` if set, else `[log] level`;
/// `[log] format = "json"` for JSON lines. Fails on a level it cannot read.
pub fn init(config: &Config) -> Result<(), String> {
    let filter = match std::env::var("RUST_LOG") {
        Ok(directives) if !directives.trim().is_empty() => EnvFilter::try_new(directives),
        _ => EnvFilter::try_new(&config.log.level),
    }
    .map_err(|e| format!("log level: {e}"))?;
    let writer = Redacting {
        secrets: Arc::new(secrets(config)),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_ansi(false)
        .with_target(false);
    let installed = match config.log.format.as_str() {
        "json" => builder.json().try_init(),
        "text" | "" => builder.try_init(),
        other => return Err(format!("log format '{other}': use text or json")),
    };
    installed.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_blanked_wherever_they_stand() {
        let config = Config::parse(
            "[telegram]\ntoken = \"123:abcdef\"\n[database]\nurl = \"postgres://bot:hush@db/seance\"\n",
            std::iter::empty(),
        )
        .unwrap();
        let secrets = secrets(&config);
        let line =
            "GET https://api.telegram.org/bot123:abcdef/getMe from postgres://bot:hush@db/seance";
        let shown = blanked(line, &secrets);
        assert!(
            !shown.contains("abcdef") && !shown.contains("hush"),
            "{shown}"
        );
        assert!(shown.contains("/bot***/getMe"), "{shown}");
    }
}
