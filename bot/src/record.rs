//! A game's record as text, written by the `record` command and read by
//! `seance verify` and `seance render --log`: header lines, then the action
//! log, one action per line.
//!
//! ```text
//! # game chaturaji #12
//! # setup default
//! # option first=red
//! # seat red Ann
//! # seed-hash 5f1c…
//! # seed 0a3b…            (once the game is over)
//! # entropy 4021          (the players' part of the dice)
//! # actions 2             (so that a cut record is refused)
//! roll 2 1
//! b2b3
//! ```

use seance_engine::Start;
use seance_engine::catalogue::GameType;
use thiserror::Error;

use crate::service::dice::{self, Dealt, Verdict};

/// A game's record.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    /// Which game, and its number in the store.
    pub game: Option<(GameType, i64)>,
    /// The named setup, if not the default.
    pub setup: Option<String>,
    /// The options, `KEY=VALUE`.
    pub options: Vec<String>,
    /// Each seat's colour and player.
    pub seats: Vec<(String, String)>,
    /// The published hash of the dice seed.
    pub seed_hash: Option<String>,
    /// The seed, once revealed.
    pub seed: Option<Vec<u8>>,
    /// What the players contributed to the dice.
    pub entropy: Vec<String>,
    /// How many actions the log holds, as written.
    pub actions: Option<usize>,
    /// The action log, oldest first.
    pub log: Vec<String>,
}

/// Why a text is not a record that can be checked.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum RecordError {
    /// A header line that cannot be read.
    #[error("cannot read the line '{0}'")]
    BadHeader(String),
    /// A header that checking needs is missing.
    #[error("not a Seance record that can be checked: it has no '# {0}' line")]
    Missing(&'static str),
    /// The log is not as long as the record said when it was written.
    #[error("the record is cut: it says {said} actions but holds {found}")]
    Truncated {
        /// The `# actions` count.
        said: usize,
        /// The actions it holds.
        found: usize,
    },
}

impl Record {
    /// The record as text.
    pub fn write(&self) -> String {
        let mut lines = Vec::new();
        if let Some((game, id)) = self.game {
            lines.push(format!("# game {game} #{id}"));
        }
        lines.push(format!(
            "# setup {}",
            self.setup.as_deref().unwrap_or("default")
        ));
        lines.extend(self.options.iter().map(|o| format!("# option {o}")));
        lines.extend(
            self.seats
                .iter()
                .map(|(color, who)| format!("# seat {color} {who}")),
        );
        if let Some(hash) = &self.seed_hash {
            lines.push(format!("# seed-hash {hash}"));
        }
        if let Some(seed) = &self.seed {
            lines.push(format!("# seed {}", dice::hex(seed)));
        }
        lines.extend(self.entropy.iter().map(|e| format!("# entropy {e}")));
        if let Some(actions) = self.actions {
            lines.push(format!("# actions {actions}"));
        }
        lines.extend(self.log.iter().cloned());
        lines.join("\n")
    }

    /// Reads a record; a bare log (no headers, as for `seance render`) is one too.
    pub fn read(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let Some(header) = line.strip_prefix('#') else {
                record.log.push(line.to_string());
                continue;
            };
            let bad = || RecordError::BadHeader(line.chars().take(80).collect());
            let (key, value) = header.trim().split_once(' ').unwrap_or((header.trim(), ""));
            let value = value.trim();
            match key {
                "game" => {
                    let (game, id) = value.split_once(" #").unwrap_or((value, "0"));
                    let game = game.parse().map_err(|_| bad())?;
                    record.game = Some((game, id.parse().map_err(|_| bad())?));
                }
                "setup" if value != "default" => record.setup = Some(value.to_string()),
                "option" => record.options.push(value.to_string()),
                "seat" => {
                    let (color, who) = value.split_once(' ').unwrap_or((value, ""));
                    record.seats.push((color.to_string(), who.to_string()));
                }
                "seed-hash" => record.seed_hash = Some(value.to_string()),
                "seed" => record.seed = Some(dice::from_hex(value).ok_or_else(bad)?),
                "entropy" => record.entropy.push(value.to_string()),
                "actions" => record.actions = Some(value.parse().map_err(|_| bad())?),
                // Comments of other kinds are skipped.
                _ => {}
            }
        }
        Ok(record)
    }

    /// Checks the dice of a finished game's record against its revealed
    /// seed, and against the commitment `posted` in the chat when the game
    /// was created, if the checker copied it: a record whose seed and hash
    /// were both swapped agrees with itself but not with the chat.
    pub fn verify(&self, posted: Option<&str>) -> Result<Verdict, RecordError> {
        let (game, _) = self.game.ok_or(RecordError::Missing("game"))?;
        let hash = self
            .seed_hash
            .as_deref()
            .ok_or(RecordError::Missing("seed-hash"))?;
        let seed = self.seed.as_deref().ok_or(RecordError::Missing("seed"))?;
        let said = self.actions.ok_or(RecordError::Missing("actions"))?;
        if said != self.log.len() {
            return Err(RecordError::Truncated {
                said,
                found: self.log.len(),
            });
        }
        let start = Start::Setup(self.setup.clone());
        let dealt = Dealt {
            game,
            start: &start,
            options: &self.options,
            entropy: &self.entropy,
            log: &self.log,
        };
        let commitments: Vec<&str> = std::iter::once(hash).chain(posted).collect();
        Ok(dice::verify(dealt, seed, &commitments))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let record = Record {
            game: Some((GameType::Chaturaji, 12)),
            setup: None,
            options: vec!["first=red".into()],
            seats: vec![
                ("red".into(), "Ann Lee".into()),
                ("green".into(), "spirit (adept)".into()),
            ],
            seed_hash: Some("ab12".into()),
            seed: Some(vec![1, 2, 255]),
            entropy: vec!["4021".into(), "4025".into()],
            actions: Some(2),
            log: vec!["roll 2 1".into(), "b2b3".into()],
        };
        assert_eq!(Record::read(&record.write()), Ok(record.clone()));
        let bare = Record::read("e2e4\n\n# a comment\ne7e5\n").unwrap();
        assert_eq!(bare.log, ["e2e4", "e7e5"]);
        assert_eq!(bare.verify(None), Err(RecordError::Missing("game")));
        // A record cut short, or without its count, is refused.
        let text = record.write();
        let cut = text.rsplit_once('\n').unwrap().0;
        assert_eq!(
            Record::read(cut).unwrap().verify(None),
            Err(RecordError::Truncated { said: 2, found: 1 })
        );
        let uncounted = text.replace("# actions 2\n", "");
        assert_eq!(
            Record::read(&uncounted).unwrap().verify(None),
            Err(RecordError::Missing("actions"))
        );
        assert!(Record::read("# game chess #1").is_err());
        assert!(Record::read("# seed xyz").is_err());
    }
}
