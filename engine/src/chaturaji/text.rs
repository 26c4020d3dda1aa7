//! The position text of the Chaturaji games, seven fields and two more that
//! are written only when one of them is not empty:
//!
//! `yByP2kKkEkHkB/yHyP2kPkPkPkP/yEyP6/yKyP6/6gPgK/... r roll 0,0,0,0 - 0 -`
//!
//! 1. the ranks from 8 down to 1, `/` between them: a digit for empty squares,
//!    else the army's letter (`r` red, `g` green, `y` yellow, `k` black,
//!    `b` blue) and the man's letter (as in notation: `K P H B E`, or
//!    `K P N R B` without dice);
//! 2. the army to act;
//! 3. `roll` when it must roll, the faces still to play (`31`), `-` in a game
//!    without dice, `*` when a dice game is played without them;
//! 4. the scores in seating order, `,` between them;
//! 5. the armies out of play (upper case: resigned), or `-`;
//! 6. the turns since the last capture or pawn move;
//! 7. the captured kings and who holds them, in the order they were taken,
//!    `gr` for "Green's king, held by Red", with `!` when Red's king took it
//!    on its throne and `+` when a king took it elsewhere; `,` between them;
//!    or `-`;
//! 8. the armies commanded by another seat, `yr` for "Yellow, played by
//!    Red", `,` between them, or `-`;
//! 9. the thrones mounted, `rk` for "Red has mounted Black's throne", `,`
//!    between them, or `-`.

use super::men::Man;
use super::position::{BOARD, DiceMode, Hold, Position};
use super::{Config, Ruleset};
use crate::placement;
use crate::seat::{Color, Seat};
use crate::variant::{GameInfo, PositionError};

/// The letter of an army.
fn army_letter(color: Color) -> char {
    match color {
        Color::Black => 'k',
        other => other.name().chars().next().unwrap_or('?'),
    }
}

/// Writes the position text.
pub(super) fn write(position: &Position, info: &GameInfo) -> String {
    let letter = |seat: Seat| army_letter(info.seats[seat.index()].color);
    let board = placement::write(BOARD, |square| {
        let (seat, man) = position.man_at(square)?;
        Some(format!("{}{}", letter(seat), man.letter(position.ruleset)))
    });
    let stage = match position.dice_mode {
        DiceMode::Absent => "-".to_owned(),
        DiceMode::Ignored => "*".to_owned(),
        DiceMode::Rolled if position.awaiting_roll => "roll".to_owned(),
        DiceMode::Rolled => position
            .dice
            .iter()
            .filter(|&&f| f != 0)
            .map(u8::to_string)
            .collect(),
    };
    let scores: Vec<String> = position.scores.iter().map(i32::to_string).collect();
    let out: String = (0..4)
        .map(Seat)
        .filter(|s| position.out[s.index()])
        .map(|s| {
            let l = letter(s);
            if position.resigned[s.index()] {
                l.to_ascii_uppercase()
            } else {
                l
            }
        })
        .collect();
    let mut holds: Vec<(Seat, Hold)> = (0..4)
        .map(Seat)
        .filter_map(|victim| Some((victim, position.held[victim.index()]?)))
        .collect();
    holds.sort_by_key(|(_, hold)| hold.order);
    let held: Vec<String> = holds
        .into_iter()
        .map(|(victim, hold)| {
            let mark = match (hold.on_throne_by_king, hold.by_king) {
                (true, _) => "!",
                (false, true) => "+",
                (false, false) => "",
            };
            format!("{}{}{mark}", letter(victim), letter(hold.by))
        })
        .collect();
    let pairs = |of: &dyn Fn(Seat) -> Vec<Seat>| -> String {
        let pairs: Vec<String> = (0..4)
            .map(Seat)
            .flat_map(|a| of(a).into_iter().map(move |b| (a, b)))
            .map(|(a, b)| format!("{}{}", letter(a), letter(b)))
            .collect();
        or_dash(pairs.join(","))
    };
    let control = pairs(&|army| {
        let by = position.controller[army.index()];
        if by == army { vec![] } else { vec![by] }
    });
    let thrones = pairs(&|seat| {
        (0..4)
            .map(Seat)
            .filter(|t| position.mounted[seat.index()] & 1 << t.0 != 0)
            .collect()
    });
    let mut text = format!(
        "{board} {} {stage} {} {} {} {}",
        letter(position.turn),
        scores.join(","),
        or_dash(out),
        position.quiet,
        or_dash(held.join(",")),
    );
    if control != "-" || thrones != "-" {
        text += &format!(" {control} {thrones}");
    }
    text
}

/// The entries of a list field: `,` between them, `-` for none.
fn list(field: &str) -> impl Iterator<Item = &str> {
    field.split(',').filter(move |_| field != "-")
}

/// A list field's text: `-` for none.
fn or_dash(s: String) -> String {
    if s.is_empty() { "-".to_owned() } else { s }
}

/// Reads a position text.
pub(super) fn parse(
    text: &str,
    ruleset: Ruleset,
    config: Config,
    info: &GameInfo,
) -> Result<Position, PositionError> {
    let bad = |why: String| PositionError(why);
    let seat_of = |c: char| {
        (0..4)
            .map(Seat)
            .find(|s| army_letter(info.seats[s.index()].color) == c.to_ascii_lowercase())
            .ok_or_else(|| bad(format!("'{c}' is not an army of this game")))
    };
    let pair = |entry: &str| -> Result<(Seat, Seat), PositionError> {
        let mut chars = entry.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(a), Some(b), None) => Ok((seat_of(a)?, seat_of(b)?)),
            _ => Err(bad(format!("'{entry}' is not a pair of army letters"))),
        }
    };
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board, turn, stage, scores, out, quiet, held, control, thrones) = match fields[..] {
        [a, b, c, d, e, f, g] => (a, b, c, d, e, f, g, "-", "-"),
        [a, b, c, d, e, f, g, h, i] => (a, b, c, d, e, f, g, h, i),
        _ => {
            return Err(bad(format!(
                "expected 7 or 9 fields, found {}",
                fields.len()
            )));
        }
    };
    let mut turn_chars = turn.chars();
    let (Some(turn), None) = (turn_chars.next(), turn_chars.next()) else {
        return Err(bad(format!("'{turn}' is not an army letter")));
    };
    let mut position = Position::empty(ruleset, config, seat_of(turn)?);
    let men = placement::read(BOARD, board, |c, rest| {
        let seat = seat_of(c)?;
        let letter = rest
            .next()
            .ok_or_else(|| bad(format!("army '{c}' without a man")))?;
        let man = Man::ALL
            .into_iter()
            .find(|m| m.letter(ruleset) == letter)
            .ok_or_else(|| bad(format!("unknown man '{letter}'")))?;
        Ok((seat, man))
    })?;
    for (square, (seat, man)) in men {
        position.toggle(seat, man, square);
    }
    match (stage, ruleset) {
        ("-", Ruleset::NoDice) => {}
        ("*", Ruleset::Modern | Ruleset::Classic) => position.ignore_dice(),
        ("roll", Ruleset::Modern | Ruleset::Classic) => {}
        (faces, Ruleset::Modern | Ruleset::Classic) => {
            let faces: Vec<u8> = faces
                .chars()
                .map(|c| {
                    c.to_digit(10)
                        .map(|d| d as u8)
                        .filter(|d| (1..=4).contains(d))
                })
                .collect::<Option<_>>()
                .filter(|f: &Vec<u8>| (1..=2).contains(&f.len()))
                .ok_or_else(|| bad(format!("'{faces}' are not dice")))?;
            position.awaiting_roll = false;
            position.dice = [faces[0], faces.get(1).copied().unwrap_or(0)];
        }
        (other, _) => return Err(bad(format!("'{other}' is not a stage of this game"))),
    }
    let scores: Vec<i32> = scores
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| bad(format!("'{scores}' are not four scores")))?;
    position.scores = scores
        .try_into()
        .map_err(|_| bad("expected four scores".into()))?;
    if out != "-" {
        for c in out.chars() {
            let seat = seat_of(c)?;
            position.set_out(seat, true);
            position.resigned[seat.index()] = c.is_ascii_uppercase();
        }
    }
    position.quiet = quiet
        .parse()
        .map_err(|_| bad(format!("'{quiet}' is not a number")))?;
    for (order, entry) in list(held).enumerate() {
        let chars: Vec<char> = entry.chars().collect();
        let (victim, by, by_king, on_throne) = match chars[..] {
            [v, b] => (v, b, false, false),
            [v, b, '+'] => (v, b, true, false),
            [v, b, '!'] => (v, b, true, true),
            _ => return Err(bad(format!("'{entry}' is not a held king"))),
        };
        position.held[seat_of(victim)?.index()] = Some(Hold {
            by: seat_of(by)?,
            by_king,
            on_throne_by_king: on_throne,
            order: order as u8,
        });
    }
    for entry in list(control) {
        let (army, by) = pair(entry)?;
        if army == by || !position.allied(army, by) {
            return Err(bad(format!("'{entry}': only a partner commands an army")));
        }
        position.set_controller(army, by);
    }
    for entry in list(thrones) {
        let (seat, throne) = pair(entry)?;
        position.mounted[seat.index()] |= 1 << throne.0;
    }
    Ok(position)
}
