//! The platforms Seance plays on, and how each spells a command: `/join` in
//! a chat, `join` in the terminal.

use crate::commands::Verb;

/// A platform: where a chat lives and how its players type commands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Platform {
    /// Discord: slash commands with named options.
    Discord,
    /// Telegram: `/command words` in messages.
    Telegram,
    /// The terminal front end: bare words at a prompt.
    Terminal,
}

impl Platform {
    /// Every platform.
    pub const ALL: [Platform; 3] = [Platform::Discord, Platform::Telegram, Platform::Terminal];

    /// The platform's name in the store.
    pub const fn name(self) -> &'static str {
        match self {
            Platform::Discord => "discord",
            Platform::Telegram => "telegram",
            Platform::Terminal => "console",
        }
    }

    /// The platform stored under `name`.
    pub fn named(name: &str) -> Option<Platform> {
        Platform::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether its commands begin with `/`.
    pub const fn slashes(self) -> bool {
        !matches!(self, Platform::Terminal)
    }

    /// A command as players of this platform type it: `/join` or `join`.
    pub fn spell(self, verb: Verb) -> String {
        let slash = if self.slashes() { "/" } else { "" };
        format!("{slash}{}", verb.name())
    }
}
