//! Replies: what the service answers, for a front end to send in its own way.

use seance_engine::catalogue::GameType;
use seance_engine::view::BoardView;
use seance_engine::{Color, Seat};
use seance_render::{Player, Style};
use serde::{Deserialize, Serialize};

use crate::commands::Command;
use crate::store::{GameId, Stage};

/// Someone to notify by name: a front end turns it into its platform's mention.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Mention {
    /// The user's id on the platform.
    pub user: String,
    /// The name to show.
    pub name: String,
}

/// A board to show: the engine's view and the seats' players, to draw
/// (as a PNG, or as text in a terminal) as the front end prefers.
#[derive(Clone, PartialEq, Debug)]
pub struct Board {
    /// The game it shows.
    pub game: GameId,
    /// What the picture shows.
    pub view: BoardView,
    /// Each seat's player.
    pub players: Vec<Player>,
    /// The seat to draw it for (its army at the bottom).
    pub seat: Option<Seat>,
    /// The whole game, position by position, when it has ended: for a replay.
    pub frames: Vec<BoardView>,
}

impl Board {
    /// The board's PNG in `style`, turned to the board's own seat.
    pub fn png(&self, style: &Style) -> Vec<u8> {
        let style = Style {
            seat: self.seat,
            ..*style
        };
        let started = std::time::Instant::now();
        let png = seance_render::png(&self.view, &self.players, &style);
        metrics::histogram!("seance_picture_seconds").record(started.elapsed().as_secs_f64());
        png
    }

    /// The game as an animated GIF, one frame a move, from [`Board::frames`],
    /// if it has frames and the GIF fits in `max_bytes` (a platform's file
    /// limit). A replay that cannot be drawn or is too big is logged, tagged
    /// `front`, and left off: the message goes without it.
    pub fn replay(&self, style: &Style, max_bytes: usize, front: &str) -> Option<Vec<u8>> {
        if self.frames.is_empty() {
            return None;
        }
        let style = Style {
            seat: self.seat,
            ..*style
        };
        let delay = std::time::Duration::from_millis(900);
        match seance_render::gif(&self.frames, &self.players, &style, delay) {
            Ok(gif) if gif.len() <= max_bytes => Some(gif),
            Ok(gif) => {
                tracing::warn!(
                    "{front}: the replay of game #{} is {} bytes, over the limit of {max_bytes}; sent without it",
                    self.game.0,
                    gif.len()
                );
                None
            }
            Err(error) => {
                tracing::warn!("{front}: drawing a replay failed: {error}");
                None
            }
        }
    }
}

/// The game a reply is about, as it stands after the reply: a front end (or
/// a test) follows the game by it without looking the game up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct About {
    /// The game's number.
    pub game: GameId,
    /// Which game it is.
    pub variant: GameType,
    /// Joining, playing or over.
    pub stage: Stage,
    /// The seat the game waits for, and its army's colour.
    pub turn: Option<(Seat, Color)>,
}

/// A button under a message: pressing it sends its command, as the presser.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Button {
    /// What it says, in the reader's language.
    pub label: String,
    /// What pressing it asks.
    pub command: Command,
}

/// One message of the bot.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Reply {
    /// The text, already in the reader's language. In it, each mention's
    /// name appears as `@name`.
    pub text: String,
    /// A board to show with it.
    pub board: Option<Board>,
    /// Players to notify.
    pub mentions: Vec<Mention>,
    /// Meant only for the player who asked (an error, a private list).
    pub private: bool,
    /// The game it is about, if it is about one.
    pub about: Option<About>,
    /// Buttons under it.
    pub buttons: Vec<Button>,
}

impl Reply {
    /// The text, `escape`d for the platform, with each `@name` written as
    /// `mention(user id, escaped name)`; and the ids of the users mentioned.
    pub fn mentioning(
        &self,
        escape: impl Fn(&str) -> String,
        mention: impl Fn(u64, &str) -> String,
    ) -> (String, Vec<u64>) {
        let mut text = escape(&self.text);
        let mut users = Vec::new();
        for each in &self.mentions {
            if let Ok(id) = each.user.parse::<u64>() {
                let name = escape(&each.name);
                text = text.replace(&format!("@{name}"), &mention(id, &name));
                users.push(id);
            }
        }
        (text, users)
    }

    /// A text for everyone in the chat.
    pub fn public(text: String) -> Reply {
        Reply {
            text,
            ..Reply::default()
        }
    }

    /// A text for the asking player only.
    pub fn private(text: String) -> Reply {
        Reply {
            text,
            private: true,
            ..Reply::default()
        }
    }
}

/// A message kept in the outbox: text, mentions, and whether to show the
/// game's board with it (drawn when it is sent).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// Players to notify.
    pub mentions: Vec<Mention>,
    /// Show the board.
    pub board: bool,
    /// Send it privately to the mentioned players, who allow direct messages.
    pub direct: bool,
    /// Buttons under it: each one's label and its command as typed.
    #[serde(default)]
    pub buttons: Vec<(String, String)>,
}

impl Notice {
    /// A reply for the whole chat, as the outbox keeps it (its board is
    /// drawn again when it is sent).
    pub fn of(reply: &Reply) -> Notice {
        Notice {
            text: reply.text.clone(),
            mentions: reply.mentions.clone(),
            board: reply.board.is_some(),
            direct: false,
            buttons: Notice::buttons_of(&reply.buttons),
        }
    }

    /// The buttons of a reply, as a notice keeps them.
    pub fn buttons_of(buttons: &[Button]) -> Vec<(String, String)> {
        buttons
            .iter()
            .map(|b| (b.label.clone(), crate::commands::write(&b.command)))
            .collect()
    }

    /// The buttons kept, as a reply has them (one whose command no longer
    /// reads is left out).
    pub fn reply_buttons(&self) -> Vec<Button> {
        self.buttons
            .iter()
            .filter_map(|(label, command)| {
                Some(Button {
                    label: label.clone(),
                    command: crate::commands::parse(command).ok()?,
                })
            })
            .collect()
    }
}
