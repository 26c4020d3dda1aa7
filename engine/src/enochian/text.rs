//! The position text of Enochian chess, six fields:
//!
//! `yK+RyByQyN2bPrbK+R/... k - - - 0`
//!
//! 1. the ranks from 8 down to 1, as in FEN: a number for empty squares, else
//!    the army's letter (`y` yellow, `b` blue, `r` red, `k` black) and the
//!    man (`K Q R B N`, or `P` and the lower-case letter of its piece: `Pq`);
//!    a throne still shared is `yK+R`;
//! 2. the army to move;
//! 3. the frozen armies, or `-`;
//! 4. armies commanded by another seat: the army's letter, then the letter of
//!    the army whose seat commands it (`ry`: Yellow's player moves Red), or `-`;
//! 5. captured kings and the army that took them (`kr`: Black's king, taken
//!    by Red), or `-`;
//! 6. the plies since the last capture or pawn move.

use super::army::{Army, BOARD};
use super::position::Position;
use super::{Kind, Rules};
use crate::placement;
use crate::variant::PositionError;

/// Writes the position text.
pub(super) fn write(position: &Position) -> String {
    let board = placement::write(BOARD, |square| {
        let men: Vec<(Army, Kind)> = position.men_at(square).collect();
        let (army, _) = *men.first()?;
        let tokens: Vec<String> = men.iter().map(|(_, k)| k.token()).collect();
        Some(format!("{}{}", army.letter(), tokens.join("+")))
    });
    let list = |items: Vec<String>| {
        if items.is_empty() {
            "-".to_owned()
        } else {
            items.concat()
        }
    };
    let frozen = Army::ALL
        .into_iter()
        .filter(|a| position.frozen[a.index()])
        .map(|a| a.letter().to_string())
        .collect();
    let control = Army::ALL
        .into_iter()
        .filter(|a| position.controller[a.index()] != *a)
        .map(|a| format!("{}{}", a.letter(), position.controller[a.index()].letter()))
        .collect();
    let held = Army::ALL
        .into_iter()
        .filter_map(|a| {
            Some(format!(
                "{}{}",
                a.letter(),
                position.held[a.index()]?.letter()
            ))
        })
        .collect();
    format!(
        "{board} {} {} {} {} {}",
        position.turn.letter(),
        list(frozen),
        list(control),
        list(held),
        position.quiet
    )
}

/// Reads one kind from its first letter and, for a pawn, the next.
fn read_kind(first: char, rest: &mut std::str::Chars) -> Result<Kind, PositionError> {
    let mut token = first.to_string();
    if first == 'P' {
        token.push(rest.next().unwrap_or(' '));
    }
    Kind::ALL
        .into_iter()
        .find(|k| k.token() == token)
        .ok_or_else(|| PositionError(format!("unknown man '{token}'")))
}

/// Reads the letters of armies, pairwise or one by one, from a field.
fn armies(field: &str) -> Result<Vec<Army>, PositionError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    field
        .chars()
        .map(|c| Army::from_letter(c).ok_or_else(|| PositionError(format!("'{c}' is not an army"))))
        .collect()
}

/// Reads a position text.
pub(super) fn parse(text: &str, rules: Rules) -> Result<Position, PositionError> {
    let bad = |why: String| PositionError(why);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, turn, frozen, control, held, quiet] = fields[..] else {
        return Err(bad(format!("expected 6 fields, found {}", fields.len())));
    };
    let turn = armies(turn)?;
    let [turn] = turn[..] else {
        return Err(bad("the army to move is one letter".into()));
    };
    let mut position = Position::empty(turn, rules);
    let men = placement::read(BOARD, board, |first, rest| {
        let army =
            Army::from_letter(first).ok_or_else(|| bad(format!("'{first}' is not an army")))?;
        let mut kinds = vec![read_kind(rest.next().unwrap_or(' '), rest)?];
        while rest.clone().next() == Some('+') {
            rest.next();
            kinds.push(read_kind(rest.next().unwrap_or(' '), rest)?);
        }
        Ok((army, kinds))
    })?;
    for (square, (army, kinds)) in men {
        let on_throne = Army::ALL.into_iter().any(|a| a.throne() == square);
        if kinds.len() > 1 && (kinds.len() > 2 || !on_throne || kinds[0] != Kind::King) {
            return Err(bad(
                "only a throne holds two men: the king and one piece".into()
            ));
        }
        for kind in kinds {
            position.toggle(army, kind, square);
        }
    }
    for army in armies(frozen)? {
        position.set_frozen(army, true);
    }
    for pair in armies(control)?.chunks(2) {
        let [army, by] = pair else {
            return Err(bad("control comes in pairs of army letters".into()));
        };
        position.set_controller(*army, *by);
    }
    for pair in armies(held)?.chunks(2) {
        let [king, by] = pair else {
            return Err(bad("captured kings come in pairs of army letters".into()));
        };
        position.held[king.index()] = Some(*by);
    }
    position.quiet = quiet
        .parse()
        .map_err(|_| bad(format!("'{quiet}' is not a number")))?;
    Ok(position)
}
