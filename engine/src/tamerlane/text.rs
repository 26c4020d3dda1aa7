//! The position text of Tamerlane chess, eight fields:
//!
//! `e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/PPPDPCPEPGPKPVPZPTPNPR/RNTZGKVZTNR/E1C1D1D1C1E w - - 0,0 m 0 1`
//!
//! 1. the ranks from 10 down to 1, as in FEN: a number for empty squares, a
//!    letter for a piece (`K` king, `I` prince, `A` adventitious king,
//!    `G` general, `V` vizier, `R` rook, `N` knight, `T` picket, `Z` giraffe,
//!    `E` elephant, `C` camel, `D` war engine) and `P` with the letter of its
//!    piece for a pawn (`PK` the pawn of kings, `PP` the pawn of pawns); upper
//!    case White, lower case Black;
//! 2. the side to move, `w` or `b`;
//! 3. the men in the citadels, as `l2A` or `z9K` with `,` between, or `-`;
//! 4. the sides that have used their king swap: `w`, `b`, `wb` or `-`;
//! 5. how often each side's pawn of pawns has reached the last rank, `0,0`;
//! 6. the setup, for the pawn of pawns' second arrival: `m`asculine,
//!    `f`eminine or `a`rabshah;
//! 7. the plies since the last capture or pawn move; 8. the move number.

use super::men::Kind;
use super::position::Position;
use super::setup::Setup;
use super::{BLACK_CITADEL, BOARD, Rules, Side, WHITE_CITADEL};
use crate::options::Options;
use crate::placement;
use crate::variant::PositionError;

/// The token of a man, upper case for White.
fn token(side: Side, kind: Kind) -> String {
    match side {
        Side::White => kind.token(),
        Side::Black => kind.token().to_lowercase(),
    }
}

/// Writes the position text.
pub(super) fn write(position: &Position) -> String {
    let board = placement::write(BOARD, |square| {
        position
            .man_at(square)
            .map(|(side, kind)| token(side, kind))
    });
    let citadels: Vec<String> = [WHITE_CITADEL, BLACK_CITADEL]
        .into_iter()
        .filter_map(|c| {
            let (side, kind) = position.man_at(c)?;
            Some(format!("{}{}", BOARD.name(c), token(side, kind)))
        })
        .collect();
    let swaps: String = [(Side::White, 'w'), (Side::Black, 'b')]
        .into_iter()
        .filter(|(side, _)| position.swap_used[side.index()])
        .map(|(_, c)| c)
        .collect();
    let or_dash = |s: String| if s.is_empty() { "-".to_owned() } else { s };
    format!(
        "{board} {} {} {} {},{} {} {} {}",
        if position.turn == Side::White {
            'w'
        } else {
            'b'
        },
        or_dash(citadels.join(",")),
        or_dash(swaps),
        position.pop_arrivals[0],
        position.pop_arrivals[1],
        position.rules.setup.letter(),
        position.halfmoves,
        position.fullmoves,
    )
}

/// Reads one man's token from its first character and the rest of the text.
fn read_man(first: char, rest: &mut std::str::Chars) -> Result<(Side, Kind), PositionError> {
    let side = if first.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    let mut token = first.to_ascii_uppercase().to_string();
    if token == "P" {
        let second = rest
            .next()
            .ok_or_else(|| PositionError("a pawn without its kind".into()))?;
        token.push(second.to_ascii_uppercase());
    }
    Kind::from_token(&token)
        .map(|kind| (side, kind))
        .ok_or_else(|| PositionError(format!("unknown man '{token}'")))
}

/// Reads a position text.
pub(super) fn parse(text: &str, options: &Options) -> Result<Position, PositionError> {
    let bad = |why: String| PositionError(why);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [
        board,
        turn,
        citadels,
        swaps,
        arrivals,
        setup,
        halfmoves,
        fullmoves,
    ] = fields[..]
    else {
        return Err(bad(format!("expected 8 fields, found {}", fields.len())));
    };
    let turn = match turn {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(bad(format!("side to move must be w or b, not '{other}'"))),
    };
    let setup = setup
        .chars()
        .next()
        .and_then(Setup::from_letter)
        .filter(|_| setup.len() == 1)
        .ok_or_else(|| bad(format!("'{setup}' is not a setup letter (m, f, a)")))?;
    let mut position = Position::empty(turn, Rules::new(setup, options));
    for (square, (side, kind)) in placement::read(BOARD, board, read_man)? {
        position.put(side, kind, square);
    }
    if citadels != "-" {
        for entry in citadels.split(',') {
            let at = |name| entry.strip_prefix(name);
            let (square, rest) = match (at("l2"), at("z9")) {
                (Some(rest), _) => (WHITE_CITADEL, rest),
                (_, Some(rest)) => (BLACK_CITADEL, rest),
                _ => return Err(bad(format!("'{entry}' is not a citadel and a man"))),
            };
            let mut chars = rest.chars();
            let first = chars
                .next()
                .ok_or_else(|| bad(format!("'{entry}' has no man")))?;
            let (side, kind) = read_man(first, &mut chars)?;
            if !kind.is_royal() || chars.next().is_some() {
                return Err(bad(format!(
                    "only a royal may stand in a citadel: '{entry}'"
                )));
            }
            position.put(side, kind, square);
        }
    }
    for c in swaps.chars().filter(|_| swaps != "-") {
        match c {
            'w' => position.use_swap(Side::White),
            'b' => position.use_swap(Side::Black),
            other => return Err(bad(format!("'{other}' is not a side"))),
        }
    }
    let arrivals: Vec<u8> = arrivals
        .split(',')
        .map(|a| a.parse().ok().filter(|&n: &u8| n <= 3))
        .collect::<Option<_>>()
        .ok_or_else(|| bad(format!("'{arrivals}' are not two arrival counts")))?;
    let [white, black] = arrivals[..] else {
        return Err(bad(format!(
            "expected two arrival counts, found {}",
            arrivals.len()
        )));
    };
    position.set_arrivals(Side::White, white);
    position.set_arrivals(Side::Black, black);
    position.halfmoves = halfmoves
        .parse()
        .map_err(|_| bad(format!("'{halfmoves}' is not a number")))?;
    position.fullmoves = fullmoves
        .parse::<u16>()
        .map_err(|_| bad(format!("'{fullmoves}' is not a number")))?
        .max(1);
    Ok(position)
}
