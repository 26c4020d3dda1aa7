//! Who sits at the board, as the picture names them: names, spirits, clocks.

use std::time::Duration;

/// A player's name as the picture shows it: at most [`PlayerName::MAX`]
/// characters, without control characters or surrounding blanks. The bound
/// keeps a hostile name from costing time or covering the picture.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct PlayerName(String);

impl PlayerName {
    /// The most characters kept; a longer name ends in `…`.
    pub const MAX: usize = 24;

    /// Cleans and bounds `name`.
    pub fn new(name: &str) -> PlayerName {
        let clean: String = name
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let words: Vec<&str> = clean.split_whitespace().collect();
        let clean = words.join(" ");
        if clean.chars().count() <= PlayerName::MAX {
            return PlayerName(clean);
        }
        let mut short: String = clean.chars().take(PlayerName::MAX - 1).collect();
        short.truncate(short.trim_end().len());
        short.push('…');
        PlayerName(short)
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One seat's player.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Player {
    /// The name; the army's colour is shown when it is empty.
    pub name: PlayerName,
    /// Whether the engine plays this seat.
    pub spirit: bool,
    /// The time left to move, for a seat on the clock.
    pub clock: Option<Duration>,
}

impl Player {
    /// A human player called `name`.
    pub fn named(name: &str) -> Player {
        Player {
            name: PlayerName::new(name),
            ..Player::default()
        }
    }
}

/// A time left, short: `2d 05h`, `3h 07m`, `4:09`.
pub(crate) fn clock_text(left: Duration) -> String {
    let seconds = left.as_secs();
    let (days, hours, minutes) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60);
    if days > 0 {
        format!("{days}d {hours:02}h")
    } else if hours > 0 {
        format!("{hours}h {minutes:02}m")
    } else {
        format!("{minutes}:{:02}", seconds % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cleaned_and_bounded() {
        assert_eq!(
            PlayerName::new("  Анна\n Каренина\t").as_str(),
            "Анна Каренина"
        );
        let long = PlayerName::new(&"Ж".repeat(100));
        assert_eq!(long.as_str().chars().count(), PlayerName::MAX);
        assert!(long.as_str().ends_with('…'));
        assert_eq!(PlayerName::new("\u{7}").as_str(), "");
    }

    #[test]
    fn clocks_read_short() {
        assert_eq!(
            clock_text(Duration::from_secs(2 * 86_400 + 5 * 3600 + 59)),
            "2d 05h"
        );
        assert_eq!(clock_text(Duration::from_secs(3 * 3600 + 7 * 60)), "3h 07m");
        assert_eq!(clock_text(Duration::from_secs(249)), "4:09");
        assert_eq!(clock_text(Duration::ZERO), "0:00");
    }
}
