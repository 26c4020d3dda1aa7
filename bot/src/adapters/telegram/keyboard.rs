//! The buttons under a board: what each one's callback data says (within
//! Telegram's 64 bytes), and the keyboards of the move picker, which edits one
//! message from the board's buttons to the men that can move, then to the
//! moves of the chosen man.

use seance_engine::notation;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

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
    /// Resign, confirmed.
    ResignSure(i64),
}

impl Press {
    /// The callback data.
    pub fn data(&self) -> String {
        match self {
            Press::Pick(g) => format!("p:{g}"),
            Press::From(g, from) => format!("f:{g}:{from}"),
            Press::Play(g, mv) => format!("m:{g}:{mv}"),
            Press::Close(g) => format!("c:{g}"),
            Press::Moves(g) => format!("l:{g}"),
            Press::Draw(g) => format!("d:{g}"),
            Press::Resign(g) => format!("r:{g}"),
            Press::ResignSure(g) => format!("R:{g}"),
        }
    }

    /// Reads callback data; anything else (forged, from an older version) is `None`.
    pub fn read(data: &str) -> Option<Press> {
        let mut parts = data.splitn(3, ':');
        let kind = parts.next()?;
        let game: i64 = parts.next()?.parse().ok().filter(|g| *g > 0)?;
        let rest = parts
            .next()
            .filter(|r| !r.is_empty() && r.len() <= MAX_DATA);
        Some(match (kind, rest) {
            ("p", None) => Press::Pick(game),
            ("f", Some(from)) => Press::From(game, from.to_string()),
            ("m", Some(mv)) => Press::Play(game, mv.to_string()),
            ("c", None) => Press::Close(game),
            ("l", None) => Press::Moves(game),
            ("d", None) => Press::Draw(game),
            ("r", None) => Press::Resign(game),
            ("R", None) => Press::ResignSure(game),
            _ => return None,
        })
    }

    /// The game the button belongs to.
    pub fn game(&self) -> i64 {
        match self {
            Press::Pick(g)
            | Press::From(g, _)
            | Press::Play(g, _)
            | Press::Close(g)
            | Press::Moves(g)
            | Press::Draw(g)
            | Press::Resign(g)
            | Press::ResignSure(g) => *g,
        }
    }
}

fn button(label: impl Into<String>, press: &Press) -> Option<InlineKeyboardButton> {
    let data = press.data();
    (data.len() <= MAX_DATA).then(|| InlineKeyboardButton::callback(label, data))
}

/// The buttons under a board still in play: pick a move, list the moves,
/// offer a draw, resign. Pictures, not words, so every reader understands them.
pub fn board(game: i64) -> InlineKeyboardMarkup {
    let row = [
        button("♟", &Press::Pick(game)),
        button("📜", &Press::Moves(game)),
        button("🤝", &Press::Draw(game)),
        button("🏳", &Press::Resign(game)),
    ];
    InlineKeyboardMarkup::new([row.into_iter().flatten()])
}

/// The question before resigning: yes, or back to the board's buttons.
pub fn confirm_resign(game: i64) -> InlineKeyboardMarkup {
    let row = [
        button("🏳 ✔", &Press::ResignSure(game)),
        button("✖", &Press::Close(game)),
    ];
    InlineKeyboardMarkup::new([row.into_iter().flatten()])
}

/// The men that can move (each origin once, in the order of the moves), or,
/// with `from`, the moves of that man; a back button ends both.
pub fn picker(game: i64, moves: &[String], from: Option<&str>) -> InlineKeyboardMarkup {
    let mut buttons: Vec<InlineKeyboardButton> = match from {
        None => {
            let mut origins: Vec<&str> = Vec::new();
            for mv in moves {
                let origin = notation::origin(mv);
                if !origins.contains(&origin) {
                    origins.push(origin);
                }
            }
            origins
                .into_iter()
                .filter_map(|o| button(o, &Press::From(game, o.to_string())))
                .collect()
        }
        Some(from) => moves
            .iter()
            .filter(|mv| notation::origin(mv) == from)
            .filter_map(|mv| button(mv.as_str(), &Press::Play(game, mv.clone())))
            .collect(),
    };
    let back = match from {
        None => Press::Close(game),
        Some(_) => Press::Pick(game),
    };
    buttons.extend(button("◀", &back));
    InlineKeyboardMarkup::new(buttons.chunks(PER_ROW).map(<[_]>::to_vec))
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn callback_data_reads_back_and_forgeries_do_not() {
        let presses = [
            Press::Pick(7),
            Press::From(7, "Nb1".into()),
            Press::Play(7, "a10a11=R".into()),
            Press::Close(7),
            Press::Moves(7),
            Press::Draw(7),
            Press::Resign(7),
            Press::ResignSure(7),
        ];
        for press in presses {
            assert_eq!(Press::read(&press.data()), Some(press.clone()));
            assert!(press.data().len() <= MAX_DATA);
        }
        for forged in [
            "",
            "x:1",
            "p",
            "p:",
            "p:-3",
            "p:0",
            "m:1",
            "m:1:",
            "p:1:extra",
            "q:9:e2",
        ] {
            assert_eq!(Press::read(forged), None, "{forged}");
        }
        let huge = format!("m:{}:e2e4", i64::MAX);
        assert!(huge.len() <= MAX_DATA, "the largest game number fits");
    }

    #[test]
    fn the_picker_goes_from_men_to_their_moves() {
        let moves: Vec<String> = ["e2e3", "e2e4", "Nb1c3", "Nb1a3", "pass"]
            .map(String::from)
            .to_vec();
        let men = data(&picker(3, &moves, None));
        assert_eq!(men, ["f:3:e2", "f:3:Nb1", "f:3:pass", "c:3"]);
        let knight = data(&picker(3, &moves, Some("Nb1")));
        assert_eq!(knight, ["m:3:Nb1c3", "m:3:Nb1a3", "p:3"]);
        assert_eq!(data(&picker(3, &moves, Some("h7"))), ["p:3"]);
    }
}
