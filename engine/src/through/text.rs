//! The position text of Through chess, FEN-like:
//! `rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w 0 1` is the ranks from 8
//! down to 1 (letters `P N B R Q S`, upper case White, digits for empty
//! squares), the side to move (`w` or `b`), the plies since the last capture
//! or pawn move, and the move number. The last two may be left out (0 and 1).

use super::{BOARD, Kind, Rules, Side, Through};
use crate::placement;
use crate::variant::PositionError;

/// Reads a position text.
pub(super) fn parse(text: &str, rules: Rules) -> Result<Through, PositionError> {
    let bad = |why: String| PositionError(why);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (placement_field, turn, clocks) = match fields.as_slice() {
        [placement, turn, clocks @ ..] if clocks.len() <= 2 => (*placement, *turn, clocks),
        _ => {
            return Err(bad(format!(
                "expected 2 to 4 fields, found {}",
                fields.len()
            )));
        }
    };
    let turn = match turn {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(bad(format!("side to move must be w or b, not '{other}'"))),
    };
    let mut position = Through::empty(turn, rules);
    let men = placement::read(BOARD, placement_field, |c, _| {
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
            .ok_or_else(|| bad(format!("unknown piece '{c}'")))?;
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        Ok((side, kind))
    })?;
    for (square, (side, kind)) in men {
        let rank = BOARD.rank(square);
        if kind == Kind::Pawn && (rank == 0 || rank == 7) {
            return Err(bad(format!("a pawn cannot stand on rank {}", rank + 1)));
        }
        position.toggle(side, kind, square);
    }
    let number = |i: usize, default: u16| {
        clocks.get(i).map_or(Ok(default), |t| {
            t.parse::<u16>()
                .map_err(|_| bad(format!("'{t}' is not a number")))
        })
    };
    position.halfmoves = number(0, 0)?;
    position.fullmoves = number(1, 1)?.max(1);
    if position.has_lost(Side::White) && position.has_lost(Side::Black) {
        return Err(bad("neither side has a queen".into()));
    }
    Ok(position)
}

/// Writes a position text that [`parse`] reads back unchanged.
pub(super) fn write(position: &Through) -> String {
    let text = placement::write(BOARD, |square| {
        let (side, kind) = position.man_at(square)?;
        Some(match side {
            Side::White => kind.letter().to_string(),
            Side::Black => kind.letter().to_ascii_lowercase().to_string(),
        })
    });
    let turn = match position.turn {
        Side::White => 'w',
        Side::Black => 'b',
    };
    format!(
        "{text} {turn} {} {}",
        position.halfmoves, position.fullmoves
    )
}
