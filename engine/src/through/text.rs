//! The position text of Through chess, FEN-like:
//! `rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w 0 1` is the ranks from 8
//! down to 1 (letters `P N B R Q S`, upper case White, digits for empty
//! squares), the side to move (`w` or `b`), the plies since the last capture
//! or pawn move, and the move number. The last two may be left out (0 and 1).

use super::{BOARD, Kind, Rules, Side, Through};
use crate::variant::PositionError;

const LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'S'];

/// Reads a position text.
pub(super) fn parse(text: &str, rules: Rules) -> Result<Through, PositionError> {
    let bad = |why: String| PositionError(why);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (placement, turn, clocks) = match fields.as_slice() {
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
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 8 {
        return Err(bad(format!("expected 8 ranks, found {}", rows.len())));
    }
    for (row, line) in rows.iter().enumerate() {
        let rank = 7 - row as i32;
        let mut file = 0;
        for c in line.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as i32;
                continue;
            }
            let kind = LETTERS
                .iter()
                .position(|l| *l == c.to_ascii_uppercase())
                .map(|i| Kind::ALL[i])
                .ok_or_else(|| bad(format!("unknown piece '{c}'")))?;
            let side = if c.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            let square = BOARD
                .square(file, rank)
                .ok_or_else(|| bad(format!("rank {} is too long", rank + 1)))?;
            if kind == Kind::Pawn && (rank == 0 || rank == 7) {
                return Err(bad(format!("a pawn cannot stand on rank {}", rank + 1)));
            }
            position.toggle(side, kind, square);
            file += 1;
        }
        if file != 8 {
            return Err(bad(format!("rank {} has {file} squares, not 8", rank + 1)));
        }
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
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let square = BOARD.square(file, rank).expect("on the board");
            match position.man_at(square) {
                None => empty += 1,
                Some((side, kind)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let letter = LETTERS[kind.index()];
                    text.push(match side {
                        Side::White => letter,
                        Side::Black => letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let turn = match position.turn {
        Side::White => 'w',
        Side::Black => 'b',
    };
    format!(
        "{text} {turn} {} {}",
        position.halfmoves, position.fullmoves
    )
}
