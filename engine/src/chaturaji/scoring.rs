//! Points and the end of the game: what a capture scores, the no-dice game's
//! check bonus, the classical chaturaji and exchange of kings, when a game is
//! over and the final scores.

use super::Ruleset;
use super::men::Man;
use super::position::{BOARD, Hold, Position, QUIET_ROUNDS};
use crate::bits::Bits;
use crate::game::ActionError;
use crate::geometry::Square;
use crate::outcome::{Outcome, Reason};
use crate::seat::Seat;

/// The no-dice game's points for each seat in play when the game ends
/// without a last survivor (move limit, repetition, agreement).
const SURVIVOR_BONUS: i32 = 2;

/// The classical stake for all three enemy kings taken with one's own king alive.
const CHATURAJI: i32 = 54;

/// What capturing `prey` of `victim` scores. In the no-dice game the men of an
/// army out of play are worth nothing, but its king still 3 (nothing at all
/// with `dead_men = 0`).
pub(super) fn capture_value(position: &Position, victim: Seat, prey: Man) -> i32 {
    let dead = position.ruleset == Ruleset::NoDice && position.out[victim.index()];
    if dead && (prey != Man::King || position.config.dead_worthless) {
        0
    } else {
        prey.value(position.ruleset)
    }
}

/// Whether the standing king of `seat` is worth points at the end in the
/// no-dice game: always, but a dead army's with `dead_men = 0`.
fn king_counts(position: &Position, seat: Seat) -> bool {
    !(position.config.dead_worthless && position.out[seat.index()])
}

/// The no-dice game's bonus for a move by `mover` from `from` to `to` that
/// newly threatens two (+1) or three (+5) kings of seats in play: a king
/// counts when some other seat now attacks it from a square it did not attack
/// it from before. Only two things can make such an attack: the man that moved,
/// from its new square, and a line opened through the square it left.
pub(super) fn check_bonus(
    after: &Position,
    mover: Seat,
    from: Square,
    to: Square,
    captured: bool,
) -> i32 {
    let moved = after.attacks_from(to);
    let in_line_with_from = |king: Square| {
        let dx = i32::from(BOARD.file(king)) - i32::from(BOARD.file(from));
        let dy = i32::from(BOARD.rank(king)) - i32::from(BOARD.rank(from));
        dx == 0 || dy == 0 || dx.abs() == dy.abs()
    };
    let occupied = after.occupied();
    let mut before = occupied | u64::bit(from);
    if !captured {
        before &= !u64::bit(to);
    }
    let newly = (0..4)
        .map(Seat)
        .filter(|&seat| seat != mover && after.in_play(seat))
        .filter(|&seat| {
            let Some(king) = after.men(seat, Man::King).first() else {
                return false;
            };
            moved.has(king)
                || in_line_with_from(king)
                    && !(after.riders_seeing(king, occupied, seat)
                        & !after.riders_seeing(king, before, seat))
                    .is_empty()
        })
        .count();
    match newly {
        2 => 1,
        3 => 5,
        _ => 0,
    }
}

/// The seat that has made chaturaji: its own king on the board and every
/// other king captured and held by it.
fn chaturaji(position: &Position) -> Option<Seat> {
    (0..4).map(Seat).find(|&seat| {
        position.has_king(seat)
            && (0..4)
                .map(Seat)
                .filter(|&other| other != seat)
                .all(|other| {
                    !position.has_king(other)
                        && position.held[other.index()].is_some_and(|hold| hold.by == seat)
                })
    })
}

/// In the no-dice game with two seats left: the leader, if the other cannot
/// reach his score even by taking everything the leader has (pawns counted as
/// the boats they may become) and every standing king.
fn unreachable_leader(position: &Position) -> Option<Seat> {
    let seats: Vec<Seat> = position.seats_in_play().collect();
    let [a, b] = seats[..] else { return None };
    let score = |seat: Seat| position.scores[seat.index()];
    let (leader, other) = if score(a) > score(b) { (a, b) } else { (b, a) };
    let ruleset = position.ruleset;
    let leader_men: i32 = Man::ALL
        .into_iter()
        .map(|man| {
            let worth = if man == Man::Pawn { Man::Boat } else { man };
            position.men(leader, man).count() as i32 * worth.value(ruleset)
        })
        .sum();
    let dead_kings = standing_kings(position, |s| {
        position.out[s.index()] && king_counts(position, s)
    });
    let reachable = score(other) + leader_men + 3 * dead_kings;
    (score(leader) > reachable).then_some(leader)
}

/// The kings on the board of the seats `which` picks.
fn standing_kings(position: &Position, which: impl Fn(Seat) -> bool) -> i32 {
    (0..4)
        .map(Seat)
        .filter(|&s| which(s) && position.has_king(s))
        .count() as i32
}

/// Why the game is over, if it is.
pub(super) fn end_reason(position: &Position) -> Option<Reason> {
    let made = position.ruleset == Ruleset::Classic && chaturaji(position).is_some();
    if made && position.config.chaturaji_ends {
        return Some(Reason::Chaturaji);
    }
    let in_play = position.seats_in_play().count() as u16;
    if in_play <= 1 {
        let kings = standing_kings(position, |_| true);
        return Some(if made {
            Reason::Chaturaji
        } else if kings <= 1 {
            Reason::KingsCaptured
        } else {
            Reason::LastArmy
        });
    }
    if position.stuck {
        return Some(Reason::NoLegalMove);
    }
    if position.quiet >= QUIET_ROUNDS * in_play {
        return Some(Reason::MoveLimit);
    }
    if position.ruleset == Ruleset::NoDice
        && !position.config.win_by_kings
        && in_play == 2
        && unreachable_leader(position).is_some()
    {
        return Some(Reason::Unreachable);
    }
    None
}

/// The scores at the end of the game for `reason`.
pub(super) fn final_scores(position: &Position, reason: Reason) -> Vec<i32> {
    let mut scores = position.scores;
    match position.ruleset {
        Ruleset::Modern => {}
        Ruleset::Classic => {
            if let Some(winner) = chaturaji(position) {
                let fourfold = (0..4)
                    .filter(|&s| s != winner.index())
                    .all(|s| position.held[s].is_some_and(|hold| hold.on_throne_by_king));
                scores[winner.index()] = if fourfold { 4 * CHATURAJI } else { CHATURAJI };
            }
        }
        Ruleset::NoDice => {
            let in_play: Vec<Seat> = position.seats_in_play().collect();
            match (reason, in_play.as_slice()) {
                (Reason::KingsCaptured | Reason::LastArmy, [survivor]) => {
                    scores[survivor.index()] += 3 * standing_kings(position, |s| {
                        s != *survivor && king_counts(position, s)
                    });
                }
                (Reason::Unreachable, _) => {
                    if let Some(leader) = unreachable_leader(position) {
                        scores[leader.index()] += 3 * standing_kings(position, |s| {
                            s != leader && king_counts(position, s)
                        });
                    }
                }
                (_, survivors) => {
                    let dead_kings = standing_kings(position, |s| {
                        position.out[s.index()] && king_counts(position, s)
                    });
                    let share = if position.config.dead_king_share && !survivors.is_empty() {
                        (3 * dead_kings + survivors.len() as i32 - 1) / survivors.len() as i32
                    } else {
                        0
                    };
                    for seat in survivors {
                        scores[seat.index()] += SURVIVOR_BONUS + share;
                    }
                }
            }
        }
    }
    scores.to_vec()
}

/// The result, if the game is over.
pub(super) fn outcome(position: &Position) -> Option<Outcome> {
    let reason = end_reason(position)?;
    Some(stopped(position, reason))
}

/// The result when the game ends for `reason` (also agreement or
/// repetition): by the final scores; with `win = kings` (no dice) the seats
/// still in play win, sharing it when several are, and the scores only show.
pub(super) fn stopped(position: &Position, reason: Reason) -> Outcome {
    let scores = final_scores(position, reason);
    if position.ruleset == Ruleset::NoDice && position.config.win_by_kings {
        return Outcome {
            winners: position.seats_in_play().collect(),
            reason,
            scores,
        };
    }
    Outcome::by_score(scores, reason)
}

/// Checks that `offerer` may give back the captured king of `king` (which he
/// holds) for his own (which somebody holds). Only the offerer decides.
pub(super) fn exchange_parties(
    position: &Position,
    offerer: Seat,
    king: Seat,
) -> Result<Vec<Seat>, ActionError> {
    let holds_theirs = position.held[king.index()].is_some_and(|h| h.by == offerer);
    let lost_own = position.held[offerer.index()].is_some() && !position.has_king(offerer);
    if position.ruleset != Ruleset::Classic
        || king == offerer
        || !holds_theirs
        || !lost_own
        || position.has_king(king)
        || position.resigned[offerer.index()]
    {
        return Err(ActionError::OfferUnavailable);
    }
    Ok(vec![offerer])
}

/// Carries out the exchange checked by [`exchange_parties`]: the offerer's
/// king comes back and the king he gave goes to whoever held his; if that was
/// its own army, both kings come back.
pub(super) fn exchange(position: &mut Position, offerer: Seat, king: Seat) {
    let Some(Hold { by: holder, .. }) = position.held[offerer.index()] else {
        return;
    };
    let value = Man::King.value(position.ruleset);
    position.held[offerer.index()] = None;
    position.scores[offerer.index()] -= value;
    return_king(position, offerer);
    if holder == king {
        position.held[king.index()] = None;
        position.scores[king.index()] -= value;
        return_king(position, king);
    } else {
        position.held[king.index()] = Some(Hold {
            by: holder,
            on_throne_by_king: false,
        });
    }
}

/// Puts `seat`'s king back on its throne, or on the nearest empty square to
/// it (by king steps, then the lowest square), and brings the army back into play.
fn return_king(position: &mut Position, seat: Seat) {
    let throne = position.side(seat).throne();
    let occupied = position.occupied();
    let distance = |s: Square| {
        let dx = i32::from(BOARD.file(s)) - i32::from(BOARD.file(throne));
        let dy = i32::from(BOARD.rank(s)) - i32::from(BOARD.rank(throne));
        dx.abs().max(dy.abs())
    };
    let Some(square) = BOARD
        .squares()
        .filter(|&s| !occupied.has(s))
        .min_by_key(|&s| (distance(s), s))
    else {
        return;
    };
    position.toggle(seat, Man::King, square);
    if !position.resigned[seat.index()] {
        position.set_out(seat, false);
    }
}
