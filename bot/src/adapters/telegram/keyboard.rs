//! The buttons under the bot's messages: what each one's callback data says
//! (within Telegram's 64 bytes), and the keyboards of the move picker, which
//! edits one message from the board's buttons to the men that can move
//! (each shown with its piece: `♞g1`), then to the moves of the chosen man
//! (Tamerlane's king swaps apart, behind a ⇄ of their own).

use seance_engine::MoveInfo;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, UserId};

use crate::adapters::picker;
use crate::commands;
use crate::service::reply::Button;

/// Telegram's limit on a button's callback data.
pub const MAX_DATA: usize = 64;

/// Buttons in a row of the move picker.
const PER_ROW: usize = 4;

/// What a button asks for, and in which game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Press {
    /// Show the men that can move.
    Pick(i64),
    /// Show the moves starting with this origin (`e2`, `Nb1`, or a special move's word).
    From(i64, String),
    /// Show the swaps of the king on this origin.
    Swaps(i64, String),
    /// Play this move.
    Play(i64, String),
    /// Back to the board's own buttons.
    Close(i64),
    /// List the legal moves as text.
    Moves(i64),
    /// Offer a draw.
    Draw(i64),
    /// Resign: asks first.
    Resign(i64),
    /// Resign, confirmed by the player who asked.
    ResignSure(i64, UserId),
    /// Send a command the service put under one of its messages.
    Command(String),
}

impl Press {
    /// The callback data.
    pub fn data(&self) -> String {
        match self {
            Press::Pick(g) => format!("p:{g}"),
            Press::From(g, from) => format!("f:{g}:{from}"),
            Press::Swaps(g, from) => format!("s:{g}:{from}"),
            Press::Play(g, mv) => format!("m:{g}:{mv}"),
            Press::Close(g) => format!("c:{g}"),
            Press::Moves(g) => format!("l:{g}"),
            Press::Draw(g) => format!("d:{g}"),
            Press::Resign(g) => format!("r:{g}"),
            Press::ResignSure(g, user) => format!("R:{g}:{}", user.0),
            Press::Command(text) => format!("x:{text}"),
        }
    }

    /// Reads callback data; anything else (forged, from an older version) is `None`.
    pub fn read(data: &str) -> Option<Press> {
        if data.len() > MAX_DATA {
            return None;
        }
        if let Some(text) = data.strip_prefix("x:") {
            return Some(Press::Command(text.to_string()));
        }
        let mut parts = data.splitn(3, ':');
        let kind = parts.next()?;
        let game: i64 = parts.next()?.parse().ok().filter(|g| *g > 0)?;
        let rest = parts.next().filter(|r| !r.is_empty());
        Some(match (kind, rest) {
            ("p", None) => Press::Pick(game),
            ("f", Some(from)) => Press::From(game, from.to_string()),
            ("s", Some(from)) => Press::Swaps(game, from.to_string()),
            ("m", Some(mv)) => Press::Play(game, mv.to_string()),
            ("c", None) => Press::Close(game),
            ("l", None) => Press::Moves(game),
            ("d", None) => Press::Draw(game),
            ("r", None) => Press::Resign(game),
            ("R", Some(user)) => Press::ResignSure(game, UserId(user.parse().ok()?)),
            _ => return None,
        })
    }

    /// The game the button belongs to, for the buttons of a board.
    pub fn game(&self) -> Option<i64> {
        match self {
            Press::Pick(g)
            | Press::From(g, _)
            | Press::Swaps(g, _)
            | Press::Play(g, _)
            | Press::Close(g)
            | Press::Moves(g)
            | Press::Draw(g)
            | Press::Resign(g)
            | Press::ResignSure(g, _) => Some(*g),
            Press::Command(_) => None,
        }
    }
}

fn button(label: impl Into<String>, press: &Press) -> Option<InlineKeyboardButton> {
    let data = press.data();
    (data.len() <= MAX_DATA).then(|| InlineKeyboardButton::callback(label, data))
}

/// The buttons under a board still in play: pick a move, list the moves,
/// offer a draw, resign, and the game's page where the bot has one.
/// Pictures, not words, so every reader understands them.
pub fn board(game: i64, page: Option<InlineKeyboardButton>) -> InlineKeyboardMarkup {
    let row = [
        button("♟", &Press::Pick(game)),
        button("📜", &Press::Moves(game)),
        button("🤝", &Press::Draw(game)),
        button("🏳", &Press::Resign(game)),
        page,
    ];
    InlineKeyboardMarkup::new([row.into_iter().flatten()])
}

/// The question before resigning, for `user` only: yes, or back to the board's buttons.
pub fn confirm_resign(game: i64, user: UserId) -> InlineKeyboardMarkup {
    let row = [
        button("🏳 ✔", &Press::ResignSure(game, user)),
        button("✖", &Press::Close(game)),
    ];
    InlineKeyboardMarkup::new([row.into_iter().flatten()])
}

/// The service's buttons under one of its messages, one row; a command too
/// long for Telegram's callback data is left out.
pub fn commands(buttons: &[Button]) -> Option<InlineKeyboardMarkup> {
    let row: Vec<InlineKeyboardButton> = buttons
        .iter()
        .filter_map(|b| {
            button(
                b.label.clone(),
                &Press::Command(commands::write(&b.command)),
            )
        })
        .collect();
    (!row.is_empty()).then(|| InlineKeyboardMarkup::new([row]))
}

/// The men that can move (each origin once, in the order of the moves); with
/// `from`, that man's moves other than swaps, and a ⇄ button to his swaps if
/// he has any; with `swaps`, only those. A back button ends each.
pub fn picker(
    game: i64,
    moves: &[(String, MoveInfo)],
    from: Option<&str>,
    swaps: bool,
) -> InlineKeyboardMarkup {
    let mut buttons: Vec<InlineKeyboardButton> = match from {
        None => picker::men(moves)
            .into_iter()
            .filter_map(|m| button(m.label, &Press::From(game, m.value)))
            .collect(),
        Some(from) => {
            let mut shown: Vec<InlineKeyboardButton> = picker::moves(moves, from, swaps)
                .into_iter()
                .filter_map(|m| button(m.label, &Press::Play(game, m.value)))
                .collect();
            if !swaps && picker::has_swaps(moves, from) {
                shown.extend(button("⇄ …", &Press::Swaps(game, from.to_string())));
            }
            shown
        }
    };
    let back = match (from, swaps) {
        (None, _) => Press::Close(game),
        (Some(from), true) => Press::From(game, from.to_string()),
        (Some(_), false) => Press::Pick(game),
    };
    buttons.extend(button("◀", &back));
    InlineKeyboardMarkup::new(buttons.chunks(PER_ROW).map(<[_]>::to_vec))
}

#[cfg(test)]
mod tests {
    use super::*;
    use seance_engine::catalogue::{self, GameType};
    use seance_engine::{Options, Start};
    use teloxide::types::InlineKeyboardButtonKind;

    fn data(markup: &InlineKeyboardMarkup) -> Vec<String> {
        markup
            .inline_keyboard
            .iter()
            .flatten()
            .filter_map(|b| match &b.kind {
                InlineKeyboardButtonKind::CallbackData(d) => Some(d.clone()),
                _ => None,
            })
            .collect()
    }

    fn labels(markup: &InlineKeyboardMarkup) -> Vec<String> {
        markup
            .inline_keyboard
            .iter()
            .flatten()
            .map(|b| b.text.clone())
            .collect()
    }

    #[test]
    fn callback_data_reads_back_and_forgeries_do_not() {
        let presses = [
            Press::Pick(7),
            Press::From(7, "Nb1".into()),
            Press::Swaps(7, "f2".into()),
            Press::Play(7, "a10a11=R".into()),
            Press::Close(7),
            Press::Moves(7),
            Press::Draw(7),
            Press::Resign(7),
            Press::ResignSure(7, UserId(501)),
            Press::Command("accept #7".into()),
        ];
        for press in presses {
            assert_eq!(Press::read(&press.data()), Some(press.clone()));
            assert!(press.data().len() <= MAX_DATA);
        }
        for forged in [
            "",
            "x1",
            "p",
            "p:",
            "p:-3",
            "p:0",
            "m:1",
            "m:1:",
            "p:1:extra",
            "q:9:e2",
            "R:1",
            "R:1:bob",
        ] {
            assert_eq!(Press::read(forged), None, "{forged}");
        }
        assert_eq!(Press::read(&format!("x:{}", "a".repeat(70))), None);
        let huge = format!("m:{}:e2e4", i64::MAX);
        assert!(huge.len() <= MAX_DATA, "the largest game number fits");
    }

    #[test]
    fn the_picker_goes_from_men_to_moves_and_back() {
        let game = catalogue::new_game(GameType::Through, Start::Setup(None), Options::new())
            .expect("a game");
        let moves = game.legal_moves_described();
        let men = picker(3, &moves, None, false);
        assert!(
            labels(&men).contains(&"♞g1".to_string()),
            "{:?}",
            labels(&men)
        );
        assert!(data(&men).contains(&"f:3:g1".to_string()));
        assert_eq!(data(&men).last().map(String::as_str), Some("c:3"));
        let knight = picker(3, &moves, Some("g1"), false);
        assert_eq!(data(&knight), ["m:3:g1f3", "m:3:g1h3", "p:3"]);
        assert_eq!(labels(&knight), ["f3", "h3", "◀"]);
        let tamerlane =
            catalogue::new_game(GameType::Tamerlane, Start::Setup(None), Options::new())
                .expect("a game")
                .legal_moves_described();
        let (king, _) = tamerlane.iter().find(|(_, i)| i.swap).expect("a swap");
        let origin = seance_engine::notation::origin(king).to_string();
        let own = data(&picker(1, &tamerlane, Some(&origin), false));
        assert!(own.contains(&format!("s:1:{origin}")), "{own:?}");
        let swaps = data(&picker(1, &tamerlane, Some(&origin), true));
        assert_eq!(swaps.last(), Some(&format!("f:1:{origin}")));
    }
}
