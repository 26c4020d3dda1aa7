//! Game options written `KEY=VALUE`, the same on the command line and in chat.

use std::collections::BTreeMap;
use std::fmt;

use thiserror::Error;

/// An option a game accepts: its key, its allowed values (the first is the
/// default) and a line of help.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OptionSpec {
    /// The key, in `snake_case`.
    pub key: &'static str,
    /// The allowed values, in `kebab-case`; the first is the default.
    pub values: &'static [&'static str],
    /// What the option changes, in English and in Russian.
    pub help: (&'static str, &'static str),
}

/// Options as a player gave them, keys and values normalized to lower case.
#[derive(Clone, Default, PartialEq, Eq, Hash, Debug)]
pub struct Options(BTreeMap<String, String>);

/// Why options were refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum OptionError {
    /// The text is not `KEY=VALUE`.
    #[error("'{0}' is not an option: write KEY=VALUE")]
    Malformed(String),
    /// The game has no such option.
    #[error("unknown option '{key}'; this game knows: {}", known.join(", "))]
    UnknownKey {
        /// The key given.
        key: String,
        /// The keys the game knows.
        known: Vec<&'static str>,
    },
    /// The value is not one of the allowed ones.
    #[error("option '{key}' cannot be '{value}'; choose one of: {}", allowed.join(", "))]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The allowed values.
        allowed: Vec<&'static str>,
    },
}

impl Options {
    /// No options: every default.
    pub fn new() -> Options {
        Options::default()
    }

    /// Reads options from `KEY=VALUE` texts.
    pub fn parse<'a>(pairs: impl IntoIterator<Item = &'a str>) -> Result<Options, OptionError> {
        let mut options = Options::new();
        for pair in pairs {
            let (key, value) = pair
                .split_once('=')
                .filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty())
                .ok_or_else(|| OptionError::Malformed(pair.to_owned()))?;
            options.set(key, value);
        }
        Ok(options)
    }

    /// Sets `key` to `value`, normalizing both (`Queen_Lines` and `queen-lines` are one value).
    pub fn set(&mut self, key: &str, value: &str) {
        let key = key.trim().to_lowercase().replace('-', "_");
        let value = value.trim().to_lowercase().replace('_', "-");
        self.0.insert(key, value);
    }

    /// Checks every option against the game's `specs`.
    pub fn check(&self, specs: &[OptionSpec]) -> Result<(), OptionError> {
        for (key, value) in &self.0 {
            let spec =
                specs
                    .iter()
                    .find(|s| s.key == key)
                    .ok_or_else(|| OptionError::UnknownKey {
                        key: key.clone(),
                        known: specs.iter().map(|s| s.key).collect(),
                    })?;
            if !spec.values.contains(&value.as_str()) {
                return Err(OptionError::BadValue {
                    key: key.clone(),
                    value: value.clone(),
                    allowed: spec.values.to_vec(),
                });
            }
        }
        Ok(())
    }

    /// The index in `spec.values` of the chosen value, 0 (the default) when the
    /// option is not set or not valid. Call [`Options::check`] first to report bad values.
    pub fn choice(&self, spec: &OptionSpec) -> usize {
        self.0
            .get(spec.key)
            .and_then(|v| spec.values.iter().position(|allowed| allowed == v))
            .unwrap_or(0)
    }

    /// The options as `(key, value)` pairs, sorted by key.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (key, value)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{key}={value}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: OptionSpec = OptionSpec {
        key: "superqueen_capture",
        values: &["anywhere", "queen-lines", "none"],
        help: ("", ""),
    };

    #[test]
    fn normalizes_keys_and_values() {
        let options = Options::parse(["Superqueen-Capture=Queen_Lines"]).unwrap();
        assert_eq!(options.check(&[SPEC]), Ok(()));
        assert_eq!(options.choice(&SPEC), 1);
        assert_eq!(options.to_string(), "superqueen_capture=queen-lines");
        assert_eq!(Options::new().choice(&SPEC), 0);
    }

    #[test]
    fn refuses_malformed_unknown_and_bad_values() {
        assert_eq!(
            Options::parse(["speed"]),
            Err(OptionError::Malformed("speed".into()))
        );
        let unknown = Options::parse(["speed=fast"]).unwrap().check(&[SPEC]);
        assert!(matches!(unknown, Err(OptionError::UnknownKey { .. })));
        let bad = Options::parse(["superqueen_capture=sometimes"])
            .unwrap()
            .check(&[SPEC]);
        assert_eq!(
            bad.unwrap_err().to_string(),
            "option 'superqueen_capture' cannot be 'sometimes'; choose one of: anywhere, queen-lines, none"
        );
    }
}
