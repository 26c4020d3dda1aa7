//! Configuration: `config.toml` (every key is documented in
//! `config.example.toml`), each key overridable by an environment variable
//! `SEANCE_<SECTION>_<KEY>`. Tokens are [`Secret`]s: they print as `***`.

use crate::commands::{Kind, Value};
use seance_engine::spirit::Level;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use seance_render::Style;
use serde::Deserialize;
use thiserror::Error;

use crate::duration;
use crate::protocol::EngineCommand;

/// A value that must never be shown: a token or a webhook secret.
#[derive(Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Secret(String);

impl From<String> for Secret {
    fn from(secret: String) -> Secret {
        Secret(secret)
    }
}

impl Secret {
    /// The secret itself, for the one place that needs it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether it was left empty.
    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// Everything the bot reads from its configuration.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Where games are kept.
    pub database: Database,
    /// The Discord front end.
    pub discord: Discord,
    /// The Telegram front end.
    pub telegram: Telegram,
    /// Defaults for new games.
    pub games: Games,
    /// Board pictures.
    pub render: Render,
    /// The log.
    pub log: Log,
    /// Health and metrics.
    pub server: Server,
    /// Programs that play spirits.
    pub spirits: Spirits,
}

/// `[spirits]`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Spirits {
    /// Programs of the engine protocol (`docs/engine.md`) that play the
    /// seats of a level instead of this build's search: a level's name, and
    /// the program's `PATH [ARGUMENT ...]`.
    pub engines: BTreeMap<String, String>,
}

/// `[server]`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Server {
    /// Serve `/healthz`, `/readyz`, `/metrics` and the game pages
    /// (`/game/N`) on this address (such as `127.0.0.1:9100`); empty: not
    /// at all.
    pub listen: String,
    /// The address players reach the game pages at, through the operator's
    /// TLS proxy (such as `https://seance.example.org`); empty: the chats
    /// offer no page.
    pub web_url: String,
    /// Signs each Discord player's own link to a game's page; any long
    /// random text, the same for every process of one bot.
    pub secret: Secret,
}

/// `[log]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Log {
    /// What to log: `info`, `debug`, `warn`, or `tracing` directives such as
    /// `seance_bot=debug,info`; `RUST_LOG` wins when set.
    pub level: String,
    /// `text`, or `json` for one JSON object a line.
    pub format: String,
}

impl Default for Log {
    fn default() -> Log {
        Log {
            level: "info".to_string(),
            format: "text".to_string(),
        }
    }
}

/// `[database]`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Database {
    /// `sqlite://FILE` or `postgres://...`; empty: a SQLite file in the
    /// user's data directory.
    pub url: String,
    /// This process's name among those sharing the database; empty: the
    /// host's name and the command (see [`Config::instance`]).
    pub instance: String,
}

/// `[discord]`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Discord {
    /// The bot token; empty runs without Discord.
    pub token: Secret,
    /// The application's id.
    pub application_id: String,
    /// A guild to register the commands in at once, for development.
    pub development_guild: String,
    /// Send REST calls through this HTTP proxy (a shared rate-limit proxy).
    pub proxy_url: String,
    /// The application's public key (hex), to check interactions received over HTTP.
    pub public_key: String,
    /// Serve Discord's HTTP interactions endpoint on this address (such as
    /// `0.0.0.0:8080`) instead of connecting to the gateway.
    pub listen: String,
    /// Read messages, so that a reply to a board with a move plays it
    /// (needs the privileged message-content intent).
    pub message_content: bool,
    /// The gateway shards this process runs: empty for one, `auto` for
    /// Discord's recommended count, or a range of a total such as `0-3/16`,
    /// so that several processes split a big bot's shards.
    pub shards: String,
}

/// Which gateway shards a process runs (`[discord] shards`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shards {
    /// One shard: a small bot.
    One,
    /// As many as Discord recommends, all in this process.
    Auto,
    /// Shards `first..=last` of `total`.
    Range {
        /// The first shard here.
        first: u32,
        /// The last shard here.
        last: u32,
        /// How many shards the bot has in all.
        total: u32,
    },
}

impl Shards {
    /// Reads `""`, `auto` or `FIRST-LAST/TOTAL`.
    pub fn parse(text: &str) -> Result<Shards, String> {
        let text = text.trim();
        match text {
            "" => return Ok(Shards::One),
            "auto" => return Ok(Shards::Auto),
            _ => {}
        }
        let wrong = || format!("'{text}': write auto, or a range of a total such as 0-3/16");
        let (range, total) = text.split_once('/').ok_or_else(wrong)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| wrong());
        let (first, last, total) = (number(first)?, number(last)?, number(total)?);
        if first > last || last >= total {
            return Err(wrong());
        }
        Ok(Shards::Range { first, last, total })
    }
}

/// `[telegram]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Telegram {
    /// The bot token; empty runs without Telegram.
    pub token: Secret,
    /// The Bot API server.
    pub api_url: String,
    /// Empty: long polling; otherwise the public address for updates.
    pub webhook_url: String,
    /// The secret Telegram sends with each webhook update.
    pub webhook_secret: Secret,
    /// Where to receive webhook updates (`0.0.0.0:8443`), behind the public address.
    pub listen: String,
    /// The short name of the Mini App registered with BotFather (`/newapp`,
    /// its address `[server] web_url`): groups open the game's page through
    /// it. Empty: groups get a plain link to the page.
    pub mini_app: String,
}

impl Default for Telegram {
    fn default() -> Telegram {
        Telegram {
            token: Secret::default(),
            api_url: "https://api.telegram.org".to_string(),
            webhook_url: String::new(),
            webhook_secret: Secret::default(),
            listen: String::new(),
            mini_app: String::new(),
        }
    }
}

/// `[games]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Games {
    /// Time per move of new games, such as `3d`; empty: no clock.
    pub time_per_move: String,
    /// How long before a deadline to remind the player.
    pub reminder_before: String,
    /// The level of spirits that fill empty seats.
    pub spirit_level: String,
    /// When time runs out: `spirit` (a spirit plays on) or `forfeit`.
    pub on_timeout: String,
    /// How long a spirit waits before it moves, so that a chat can follow.
    pub spirit_pause: String,
    /// The longest a spirit thinks about one move.
    pub spirit_time: String,
    /// How long a job or a message stays with a process that stopped
    /// renewing it (a crashed one) before another may take it over.
    pub job_lease: String,
    /// How long a player has to choose a colour after a seating roll.
    pub choice_time: String,
}

impl Default for Games {
    fn default() -> Games {
        Games {
            time_per_move: "3d".to_string(),
            reminder_before: "12h".to_string(),
            spirit_level: "adept".to_string(),
            on_timeout: "spirit".to_string(),
            spirit_pause: "2s".to_string(),
            spirit_time: "1s".to_string(),
            job_lease: "20s".to_string(),
            choice_time: "1h".to_string(),
        }
    }
}

/// `[render]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Render {
    /// Pixels per board cell; 0 picks the size for the board.
    pub cell: u32,
    /// `light` or `dark`.
    pub theme: String,
    /// `standard` or `colorblind`.
    pub palette: String,
}

impl Default for Render {
    fn default() -> Render {
        Render {
            cell: 0,
            theme: "light".to_string(),
            palette: "standard".to_string(),
        }
    }
}

impl Render {
    /// How boards look, or why a setting is wrong.
    pub fn style(&self) -> Result<Style, String> {
        Ok(Style {
            theme: (self.theme.parse()).map_err(|e| format!("render.theme: {e}"))?,
            palette: (self.palette.parse()).map_err(|e| format!("render.palette: {e}"))?,
            seat: None,
            cell: (self.cell > 0).then_some(self.cell),
        })
    }
}

/// Why the configuration could not be read.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {error}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file or an override is not valid.
    #[error("invalid configuration: {0}")]
    Invalid(String),
}

/// The sections of the configuration, as named in environment variables.
const SECTIONS: [&str; 7] = [
    "database", "discord", "telegram", "games", "render", "log", "server",
];

impl Config {
    /// Reads `path` (a missing file means every default) with the overrides
    /// among `environment`'s `SEANCE_*` variables.
    pub fn load(
        path: &Path,
        environment: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Config, ConfigError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(error) => {
                return Err(ConfigError::Read {
                    path: path.to_path_buf(),
                    error,
                });
            }
        };
        Config::parse(&text, environment)
    }

    /// Reads a configuration text with overrides from `environment`.
    pub fn parse(
        text: &str,
        environment: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Config, ConfigError> {
        let mut table: toml::Table =
            toml::from_str(text).map_err(|e| ConfigError::Invalid(e.message().to_string()))?;
        let overrides: BTreeMap<String, String> = environment
            .into_iter()
            .filter_map(|(k, v)| Some((k.strip_prefix("SEANCE_")?.to_lowercase(), v)))
            .collect();
        for (name, value) in overrides {
            let Some((section, key)) = name.split_once('_') else {
                continue;
            };
            if !SECTIONS.contains(&section) {
                continue;
            }
            let value = match (value.parse::<i64>(), value.as_str()) {
                (Ok(n), _) if section == "render" => toml::Value::Integer(n),
                (_, "true" | "false") => toml::Value::Boolean(value == "true"),
                _ => toml::Value::String(value),
            };
            let entry = table
                .entry(section.to_string())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            if let toml::Value::Table(section) = entry {
                section.insert(key.to_string(), value);
            }
        }
        let config: Config = toml::Value::Table(table)
            .try_into()
            .map_err(|e: toml::de::Error| ConfigError::Invalid(e.message().to_string()))?;
        config.check()?;
        Ok(config)
    }

    /// Refuses values that would only fail later.
    fn check(&self) -> Result<(), ConfigError> {
        let durations = [
            ("games.reminder_before", &self.games.reminder_before),
            ("games.spirit_pause", &self.games.spirit_pause),
            ("games.spirit_time", &self.games.spirit_time),
            ("games.job_lease", &self.games.job_lease),
            ("games.choice_time", &self.games.choice_time),
        ];
        for (key, value) in durations {
            if value != "0s" && duration::parse(value).is_none() {
                return Err(ConfigError::Invalid(format!(
                    "{key} = '{value}' is not a duration like 12h, 2s or 500ms"
                )));
            }
        }
        Shards::parse(&self.discord.shards)
            .map_err(|why| ConfigError::Invalid(format!("discord.shards = {why}")))?;
        if !self.games.time_per_move.is_empty()
            && duration::parse(&self.games.time_per_move).is_none()
        {
            return Err(ConfigError::Invalid(format!(
                "games.time_per_move = '{}' is not a duration like 3d",
                self.games.time_per_move
            )));
        }
        let urls = [
            ("telegram.api_url", &self.telegram.api_url),
            ("telegram.webhook_url", &self.telegram.webhook_url),
            ("server.web_url", &self.server.web_url),
        ];
        for (key, value) in urls {
            let http = value.starts_with("http://") || value.starts_with("https://");
            let unset = value.is_empty() && key != "telegram.api_url";
            if !(http || unset) {
                return Err(ConfigError::Invalid(format!(
                    "{key} = '{value}' is not an http:// or https:// address"
                )));
            }
        }
        // Several processes behind one webhook must all know the secret
        // Telegram sends, and every page server the secret that signs the
        // players' links: a random one each would refuse the others'.
        let needs = [
            (
                &self.telegram.webhook_url,
                self.telegram.webhook_secret.is_empty(),
                "telegram.webhook_url needs telegram.webhook_secret, the same for every process",
            ),
            (
                &self.telegram.webhook_url,
                self.telegram.listen.is_empty(),
                "telegram.webhook_url needs telegram.listen, the address to receive updates on",
            ),
            (
                &self.server.web_url,
                self.server.listen.is_empty(),
                "server.web_url needs server.listen, the address the pages are served on",
            ),
            (
                &self.server.web_url,
                self.server.secret.is_empty(),
                "server.web_url needs server.secret, the same for every process",
            ),
        ];
        for (set, missing, why) in needs {
            if !set.is_empty() && missing {
                return Err(ConfigError::Invalid(why.to_string()));
            }
        }
        if let Err(error) = self.render.style() {
            return Err(ConfigError::Invalid(error));
        }
        if !["spirit", "forfeit"].contains(&self.games.on_timeout.as_str()) {
            return Err(ConfigError::Invalid(format!(
                "games.on_timeout = '{}': use spirit or forfeit",
                self.games.on_timeout
            )));
        }
        if self.spirit_level().is_none() {
            return Err(ConfigError::Invalid(format!(
                "games.spirit_level = '{}': use novice, adept or master",
                self.games.spirit_level
            )));
        }
        self.spirit_engines()?;
        Ok(())
    }

    /// The programs `[spirits] engines` names, by the level they play.
    pub fn spirit_engines(&self) -> Result<HashMap<Level, EngineCommand>, ConfigError> {
        self.spirits
            .engines
            .iter()
            .map(|(level, command)| {
                let invalid = |why: String| ConfigError::Invalid(format!("spirits.engines.{why}"));
                let level: Level = level
                    .parse()
                    .map_err(|e| invalid(format!("{level}: {e}")))?;
                let command = command
                    .parse()
                    .map_err(|e| invalid(format!("{level}: {e}")))?;
                Ok((level, command))
            })
            .collect()
    }

    /// The name this process holds its leases under: `[database] instance`,
    /// else the host's name and `role` (`run`, `worker`, `play`), which
    /// stays the same when the process restarts.
    pub fn instance(&self, role: &str) -> String {
        if !self.database.instance.trim().is_empty() {
            return self.database.instance.trim().to_string();
        }
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .or_else(|| std::env::var("COMPUTERNAME").ok())
            .unwrap_or_default();
        let host = host.trim();
        format!(
            "{}/{role}",
            if host.is_empty() { "localhost" } else { host }
        )
    }

    /// The level of spirits that fill empty seats, if `[games] spirit_level` names one.
    pub fn spirit_level(&self) -> Option<Level> {
        match Kind::Level.read(&self.games.spirit_level)? {
            Value::Level(level) => Some(level),
            _ => None,
        }
    }

    /// A duration of `[games]` that [`Config::check`] has accepted; `0s` is zero.
    pub fn duration(value: &str) -> Duration {
        duration::parse(value).unwrap_or(Duration::ZERO)
    }

    /// The database URL: the configured one, or a SQLite file in the user's
    /// data directory (created if needed).
    pub fn database_url(&self) -> Result<String, ConfigError> {
        if !self.database.url.trim().is_empty() {
            return Ok(self.database.url.trim().to_string());
        }
        let directory = dirs::data_dir()
            .unwrap_or_else(|| PathBuf::from("."))
            .join("seance");
        std::fs::create_dir_all(&directory).map_err(|error| ConfigError::Read {
            path: directory.clone(),
            error,
        })?;
        Ok(format!(
            "sqlite://{}",
            directory.join("seance.sqlite").display()
        ))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn shards_are_one_auto_or_a_range_of_a_total() {
        assert_eq!(Shards::parse(""), Ok(Shards::One));
        assert_eq!(Shards::parse("auto"), Ok(Shards::Auto));
        assert_eq!(
            Shards::parse("4-7/16"),
            Ok(Shards::Range {
                first: 4,
                last: 7,
                total: 16
            })
        );
        assert_eq!(
            Shards::parse("3/4"),
            Ok(Shards::Range {
                first: 3,
                last: 3,
                total: 4
            })
        );
        for wrong in ["7-4/16", "0-16/16", "some", "1-2"] {
            assert!(Shards::parse(wrong).is_err(), "{wrong}");
        }
        let error =
            Config::parse("[discord]\nshards = \"0-9/4\"\n", std::iter::empty()).unwrap_err();
        assert!(error.to_string().contains("discord.shards"), "{error}");
    }

    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_example_file_is_valid_and_every_default_holds() {
        let example = include_str!("../../config.example.toml");
        let config = Config::parse(example, env(&[])).unwrap();
        assert_eq!(config.games.time_per_move, "3d");
        assert_eq!(config.telegram.api_url, "https://api.telegram.org");
        assert_eq!(
            Config::parse("", env(&[])).unwrap().render,
            Render::default()
        );
    }

    #[test]
    fn environment_overrides_the_file_and_secrets_stay_hidden() {
        let config = Config::parse(
            "[telegram]\ntoken = \"from-file\"\n",
            env(&[
                ("SEANCE_TELEGRAM_TOKEN", "123:abc"),
                ("SEANCE_TELEGRAM_API_URL", "http://127.0.0.1:8081"),
                ("SEANCE_RENDER_CELL", "64"),
                ("SEANCE_DATABASE_URL", "postgres://x@y/z"),
                ("HOME", "/nowhere"),
            ]),
        )
        .unwrap();
        assert_eq!(config.telegram.token.expose(), "123:abc");
        assert_eq!(config.telegram.api_url, "http://127.0.0.1:8081");
        assert_eq!(config.render.cell, 64);
        assert_eq!(config.database.url, "postgres://x@y/z");
        let shown = format!("{config:?}");
        assert!(!shown.contains("123:abc"), "{shown}");
    }

    #[test]
    fn mistakes_are_named() {
        let error = Config::parse("[games]\nreminder_before = \"soon\"\n", env(&[])).unwrap_err();
        assert!(
            error.to_string().contains("games.reminder_before"),
            "{error}"
        );
        let error = Config::parse("[discrod]\ntoken = \"x\"\n", env(&[])).unwrap_err();
        assert!(error.to_string().contains("discrod"), "{error}");
        let error = Config::parse("[telegram]\napi_url = \"ftp://x\"\n", env(&[])).unwrap_err();
        assert!(error.to_string().contains("telegram.api_url"), "{error}");
        let error = Config::parse(
            "[telegram]\nwebhook_url = \"https://x\"\nwebhook_secret = \"s\"\n",
            env(&[]),
        )
        .unwrap_err();
        assert!(error.to_string().contains("telegram.listen"), "{error}");
        // Without a shared secret, processes behind one webhook would refuse
        // each other's updates.
        let error = Config::parse(
            "[telegram]\nwebhook_url = \"https://x\"\nlisten = \"0.0.0.0:8443\"\n",
            env(&[]),
        )
        .unwrap_err();
        assert!(
            error.to_string().contains("telegram.webhook_secret"),
            "{error}"
        );
        // The game pages need their address served and a shared secret.
        let pages = "[server]\nweb_url = \"https://seance.example.org\"\n";
        let error = Config::parse(pages, env(&[])).unwrap_err();
        assert!(error.to_string().contains("server.listen"), "{error}");
        let listening = format!("{pages}listen = \"127.0.0.1:9100\"\n");
        let error = Config::parse(&listening, env(&[])).unwrap_err();
        assert!(error.to_string().contains("server.secret"), "{error}");
        let config = format!("{listening}secret = \"s3cret\"\n");
        assert!(Config::parse(&config, env(&[])).is_ok());
        let error = Config::parse("[render]\ntheme = \"neon\"\n", env(&[])).unwrap_err();
        assert!(
            error.to_string().contains("render.theme") && error.to_string().contains("dark"),
            "{error}"
        );
        let error = Config::parse("[games]\nspirit_level = \"god\"\n", env(&[])).unwrap_err();
        assert!(error.to_string().contains("games.spirit_level"), "{error}");
        // A program may play a level's spirits; a name that is no level is refused.
        let config = Config::parse(
            "[spirits]\nengines = { master = \"/opt/next/seance engine\" }\n",
            env(&[]),
        )
        .unwrap();
        let engines = config.spirit_engines().unwrap();
        assert_eq!(
            engines[&Level::Master].to_string(),
            "/opt/next/seance engine"
        );
        let error =
            Config::parse("[spirits]\nengines = { wizard = \"x\" }\n", env(&[])).unwrap_err();
        assert!(
            error.to_string().contains("spirits.engines.wizard"),
            "{error}"
        );
        // Fractions of a unit are durations too.
        let config = Config::parse("[games]\nspirit_time = \"0.3s\"\n", env(&[])).unwrap();
        assert_eq!(
            Config::duration(&config.games.spirit_time),
            Duration::from_millis(300)
        );
    }
}
