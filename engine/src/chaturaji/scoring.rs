//! Points and the end of the game: what a capture scores, the no-dice game's
//! check bonus, the classical chaturaji and exchange of kings (also between
//! partners), when a game is over and the final scores.

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

/// The partners' chaturaji (both enemy kings taken, the ally's army commanded,
/// one's own king alive): the worth of the two enemy armies, as the seed's 54
/// is the worth of three.
const PARTNERS_CHATURAJI: i32 = 36;

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

/// The seat that has made chaturaji, with what it scores: its own king on
/// the board and every other king captured and held by it (54, fourfold when
/// each fell to its king on its own throne); with partners, both enemy kings
/// held by it and its ally's army under its command (36, double when its
/// king took the last of them, fourfold when on that king's throne).
fn chaturaji(position: &Position) -> Option<(Seat, i32)> {
    (0..4).map(Seat).find_map(|seat| {
        let partner = Seat((seat.0 + 2) % 4);
        let partners = position.config.partners;
        if !position.has_king(seat) || partners && position.controller(partner) != seat {
            return None;
        }
        let holds: Vec<Hold> = (0..4)
            .map(Seat)
            .filter(|&other| !position.allied(other, seat))
            .map(|other| {
                position.held[other.index()]
                    .filter(|hold| hold.by == seat && !position.has_king(other))
            })
            .collect::<Option<_>>()?;
        if !partners {
            let fourfold = holds.iter().all(|hold| hold.on_throne_by_king);
            return Some((seat, if fourfold { 4 * CHATURAJI } else { CHATURAJI }));
        }
        let last = holds.iter().max_by_key(|hold| hold.order)?;
        let fold = match (last.on_throne_by_king, last.by_king) {
            (true, _) => 4,
            (false, true) => 2,
            (false, false) => 1,
        };
        Some((seat, fold * PARTNERS_CHATURAJI))
    })
}

/// How many sides still have an army in play: teams with partners, else seats.
fn sides_in_play(position: &Position) -> u16 {
    let modulus = if position.config.partners { 2 } else { 4 };
    let sides = position
        .seats_in_play()
        .fold(0u8, |set, seat| set | 1 << (seat.0 % modulus));
    sides.count_ones() as u16
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
    if sides_in_play(position) <= 1 {
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
            // The chaturaji replaces the player's other points (Forbes: where
            // a Sinhasana and a chaturaji coincide, only the chaturaji counts).
            if let Some((winner, stake)) = chaturaji(position) {
                scores[winner.index()] = stake;
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
/// repetition): by the final scores; with partners by the sum of each pair's
/// scores (equal sums draw); with `win = kings` (no dice) the seats still in
/// play win, sharing it when several are, and the scores only show.
pub(super) fn stopped(position: &Position, reason: Reason) -> Outcome {
    let scores = final_scores(position, reason);
    if position.config.partners {
        let team = |t: usize| scores[t] + scores[t + 2];
        let winners = match team(0).cmp(&team(1)) {
            std::cmp::Ordering::Greater => vec![Seat(0), Seat(2)],
            std::cmp::Ordering::Less => vec![Seat(1), Seat(3)],
            std::cmp::Ordering::Equal => Vec::new(),
        };
        return Outcome {
            winners,
            reason,
            scores,
        };
    }
    if position.ruleset == Ruleset::NoDice && position.config.win_by_kings {
        return Outcome {
            winners: position.seats_in_play().collect(),
            reason,
            scores,
        };
    }
    Outcome::by_score(scores, reason)
}

/// What an exchange of kings offered by `offerer`, naming the king of
/// `king`, does: the king he gives back, if any, and the king that returns.
struct Terms {
    given: Option<Seat>,
    returned: Seat,
}

/// The terms on which `offerer` may name the captured king of `king`, or
/// why he may not. He gives back an enemy king he holds for his own, which
/// somebody holds (the seed: «может выменять его на любого короля, которого
/// он уже забрал сам»), or, with partners, for his ally's, which an enemy
/// holds; and holding both enemy kings beside his own he takes his ally's
/// back for nothing (Nripakrishta, reference B.6).
fn terms(position: &Position, offerer: Seat, king: Seat) -> Result<Terms, ActionError> {
    let unavailable = Err(ActionError::OfferUnavailable);
    if position.ruleset != Ruleset::Classic
        || king == offerer
        || position.has_king(king)
        || position.resigned[offerer.index()]
    {
        return unavailable;
    }
    let held_by = |s: Seat| {
        position.held[s.index()]
            .filter(|_| !position.has_king(s))
            .map(|hold| hold.by)
    };
    let partner = Seat((offerer.0 + 2) % 4);
    let enemy_holds = |s: Seat| held_by(s).is_some_and(|by| !position.allied(by, offerer));
    if !position.allied(king, offerer) {
        if held_by(king) != Some(offerer) {
            return unavailable;
        }
        let returned = if held_by(offerer).is_some() {
            offerer
        } else if position.config.partners && enemy_holds(partner) {
            partner
        } else {
            return unavailable;
        };
        return Ok(Terms {
            given: Some(king),
            returned,
        });
    }
    let holds_both = (0..4)
        .map(Seat)
        .filter(|&s| !position.allied(s, offerer))
        .all(|s| held_by(s) == Some(offerer));
    if position.has_king(offerer) && holds_both && enemy_holds(king) {
        Ok(Terms {
            given: None,
            returned: king,
        })
    } else {
        unavailable
    }
}

/// Checks that `offerer` may make the exchange naming `king` (see [`terms`]).
/// Only the offerer decides.
pub(super) fn exchange_parties(
    position: &Position,
    offerer: Seat,
    king: Seat,
) -> Result<Vec<Seat>, ActionError> {
    terms(position, offerer, king).map(|_| vec![offerer])
}

/// Carries out the exchange checked by [`exchange_parties`]. The king that
/// returns goes back to its army. In the free-for-all the king given goes
/// to whoever held the returning one (and returns too if that was its own
/// army); between partners it goes back to its army. Whoever loses a king
/// without getting one in its place gives up the points it scored.
pub(super) fn exchange(position: &mut Position, offerer: Seat, king: Seat) {
    let Ok(Terms { given, returned }) = terms(position, offerer, king) else {
        return;
    };
    let Some(Hold { by: holder, .. }) = position.held[returned.index()].take() else {
        return;
    };
    let value = Man::King.value(position.ruleset);
    return_king(position, returned);
    let kept = !position.config.partners && given.is_some_and(|g| g != holder);
    if !kept && !position.allied(holder, returned) {
        position.scores[holder.index()] -= value;
    }
    if let Some(given) = given {
        position.scores[offerer.index()] -= value;
        if kept {
            if let Some(hold) = position.held[given.index()].as_mut() {
                *hold = Hold {
                    by: holder,
                    by_king: false,
                    on_throne_by_king: false,
                    order: hold.order,
                };
            }
        } else {
            position.held[given.index()] = None;
            return_king(position, given);
        }
    }
}

/// Puts `seat`'s king back on its throne, or on the nearest empty square to
/// it (by king steps, then the lowest square), and brings the army back into
/// play under its own player.
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
    position.set_controller(seat, seat);
    if !position.resigned[seat.index()] {
        position.set_out(seat, false);
    }
}
