//! The spirits' search: iterative deepening alpha-beta, scored for the
//! spirit's team. A seat of that team picks the highest score, any other the
//! lowest (with two armies this is plain minimax; with more, and no way to
//! hand the turn over, it is the "paranoid" search, which assumes the
//! rivals join against the spirit). Late quiet moves are searched a ply
//! shallower first where there are no dice.
//! Captures are searched past the horizon; the dice are chance nodes, the
//! average over every roll.
//!
//! In a free-for-all whose game can hand the turn to any seat
//! ([`Variant::turn_to`]) the rivals' turns are searched as the best-reply
//! search does (Schadd and Winands, 2011): from the spirit's move, each
//! rival in turn replies out of its order, the reply worst for the spirit
//! counts and the other rivals pass, and the spirit moves again. It sees
//! twice as many of its own moves as the paranoid search, whose three rivals
//! all move between two of its own, and assumes no coalition against it.
//! Its horizon never falls between the spirit's turn and the reply.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::value::{balance, capture_gain};
use super::{Limits, Progress, Rng, Thought};
use crate::seat::{Phase, Seat, Team};
use crate::variant::Variant;

/// A won game, less the plies it takes to win it: past any material count.
pub const WIN: i32 = 1_000_000;

/// How many captures deep the quiescence search goes.
const QUIESCENCE: u32 = 6;

/// Nodes between two looks at the clock (a power of two): the most a
/// search runs past its time.
pub const CLOCK_EVERY: u64 = 1024;

/// Late move reductions: from this many plies from the horizon, the moves
/// after the first `LATE` that are neither captures nor killers.
const REDUCED_FROM: u32 = 3;
const LATE: usize = 3;

/// The most dice a game throws at once.
const MOST_DICE: usize = 4;

/// Entries of the transposition table (a power of two).
const TABLE: usize = 1 << 16;

/// How the search treats the seats outside the spirit's team.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rivals {
    /// One rival team, or several that the game cannot hand the turn to
    /// out of their order: minimax, all rivals against the spirit.
    One,
    /// Several, and the game can hand the turn to any seat: best replies.
    BestReply,
}

/// How a stored score bounds the true one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

struct Search<'a, V: Variant> {
    team: Team,
    /// The spirit's seat, to which a rival's best reply hands the turn back.
    root: Seat,
    /// How the rivals' turns are searched.
    rivals: Rivals,
    /// Whether late quiet moves are searched shallower first (games
    /// without dice, whose chance nodes make every ply dear already).
    reduce: bool,
    deadline: Instant,
    /// The most nodes the search may visit.
    node_limit: u64,
    /// Raised from outside: stop now.
    stop: Option<&'a AtomicBool>,
    nodes: u64,
    stopped: bool,
    table: Vec<Option<Entry<V::Move>>>,
    /// Move lists, one per ply, kept between nodes so that no node allocates.
    lists: Vec<Vec<V::Move>>,
    /// The distinct positions after a roll, with their weights, one list per
    /// ply, kept likewise.
    rolls: Vec<Vec<(u64, i64, V)>>,
    /// Ordering keys with their moves, one list per ply, kept likewise.
    keys: Vec<Vec<(i32, u32, V::Move)>>,
    /// Per ply, the two quiet moves that last cut the search off there:
    /// likely to cut it off again in the sibling positions.
    killers: Vec<[Option<V::Move>; 2]>,
    /// How deep quiet moves cut the search off, by a hash of the move:
    /// tried earlier the more they did.
    history: Vec<i32>,
}

/// Entries of the history table (a power of two).
const HISTORY: usize = 1 << 12;

/// Ordering keys: the table's hint first, then captures by their victims,
/// then the killers, then quiet moves by their history (below `KILLER`).
const HINTED: i32 = i32::MAX;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;

/// The best move of `position` found within `budget`, `max_depth` plies and
/// `limits`. With `slack`, a move chosen at random among those scoring
/// within `slack` of the best (a weaker player's imprecision). Each finished
/// depth is told to `report`.
pub fn best<V: Variant>(
    position: &V,
    max_depth: u32,
    budget: Duration,
    slack: i32,
    rng: &mut Rng,
    limits: &Limits,
    report: &mut dyn FnMut(&Progress<V::Move>),
) -> Option<Thought<V::Move>> {
    let seat = position.phase().seat()?;
    let max_depth = limits.depth.map_or(max_depth, |d| d.clamp(1, max_depth));
    let mut search = Search::<V> {
        team: position.team(seat),
        root: seat,
        rivals: match (free_for_all(position), position.turn_to(seat)) {
            (true, Some(_)) => Rivals::BestReply,
            _ => Rivals::One,
        },
        reduce: position.dice_spec().is_none(),
        deadline: Instant::now() + budget,
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        stop: limits.stop.as_deref(),
        nodes: 0,
        stopped: false,
        table: vec![None; TABLE],
        lists: Vec::new(),
        rolls: Vec::new(),
        keys: Vec::new(),
        killers: Vec::new(),
        history: vec![0; HISTORY],
    };
    let mut moves = position.legal_moves();
    if moves.is_empty() {
        return None;
    }
    // Equal moves in a random order, so that a spirit's games differ by seed.
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.below(i + 1));
    }
    search.order(position, &mut moves, None, 0);
    let mut chosen = Thought {
        mv: moves[0],
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=max_depth {
        let mut scored = Vec::with_capacity(moves.len());
        let mut alpha = -WIN - 2;
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            // Moves within the slack of the best so far are scored exactly;
            // one that fails below gets a score below the slack's reach.
            let floor = alpha.saturating_sub(slack);
            let mut score = search.value(&child, depth - 1, floor, WIN + 1, 1, None);
            if search.stopped {
                break;
            }
            if !scored.is_empty() && score <= floor {
                score = floor - 1;
            }
            alpha = alpha.max(score);
            scored.push((mv, score));
        }
        if search.stopped && scored.len() < moves.len() {
            // An unfinished depth still counts if its first move (the best
            // so far) was searched and something beat it.
            if let Some(&(mv, score)) = scored.iter().max_by_key(|(_, s)| *s)
                && scored.len() > 1
                && score > scored[0].1
            {
                chosen.mv = mv;
            }
            break;
        }
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        let top = scored[0].1;
        let near: Vec<V::Move> = scored
            .iter()
            .take_while(|(_, s)| *s >= top - slack)
            .map(|(mv, _)| *mv)
            .collect();
        chosen = Thought {
            mv: near[rng.below(near.len())],
            depth,
            nodes: search.nodes,
        };
        report(&Progress {
            depth,
            score: top,
            nodes: search.nodes,
            pv: search.line(position, chosen.mv, depth),
        });
        moves = scored.into_iter().map(|(mv, _)| mv).collect();
        if top.abs() >= WIN - 1000 {
            break;
        }
    }
    chosen.nodes = search.nodes;
    Some(chosen)
}

/// Whether more than two teams play `position`'s game.
fn free_for_all<V: Variant>(position: &V) -> bool {
    let seats = V::info().seats.len() as u8;
    let mut teams: Vec<Team> = (0..seats).map(|s| position.team(Seat(s))).collect();
    teams.sort_unstable_by_key(|t| t.0);
    teams.dedup();
    teams.len() > 2
}

/// A won or lost score as the table keeps it: counted from the node, not
/// the root, so that it holds wherever the position recurs.
fn to_table(score: i32, ply: u32) -> i32 {
    match score {
        s if s > WIN - 1000 => s + ply as i32,
        s if s < -WIN + 1000 => s - ply as i32,
        s => s,
    }
}

/// A table score back as seen from the root, `ply` plies down.
fn from_table(score: i32, ply: u32) -> i32 {
    match score {
        s if s > WIN - 1000 => s - ply as i32,
        s if s < -WIN + 1000 => s + ply as i32,
        s => s,
    }
}

/// Whether a score is a won or lost game: its distance in plies, signed
/// as the score is (`Some(3)`: a win in 3 plies; `Some(-2)`: a loss in 2).
pub fn plies_to_end(score: i32) -> Option<i32> {
    match score {
        s if s > WIN - 1000 => Some(WIN - s),
        s if s < -WIN + 1000 => Some(-(WIN + s)),
        _ => None,
    }
}

impl<V: Variant> Search<'_, V> {
    /// Counts a node; stops the search when the time or the nodes are up,
    /// or when it is told to stop.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        let look = self.nodes & (CLOCK_EVERY - 1) == 0;
        if self.nodes >= self.node_limit
            || (look
                && (Instant::now() >= self.deadline
                    || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The line the search expects after `first`: the table's best moves,
    /// as far as they are stored and legal, at most `depth` plies, up to a
    /// roll of the dice (which no line can foresee).
    fn line(&self, position: &V, first: V::Move, depth: u32) -> Vec<V::Move> {
        let mut line = vec![first];
        let mut at = position.clone();
        at.play_unchecked(first);
        while line.len() < depth as usize && matches!(at.phase(), Phase::Move(_)) {
            let key = at.search_key();
            let slot = (key as usize) & (TABLE - 1);
            let Some(mv) = self.table[slot]
                .filter(|e| e.key == key)
                .and_then(|e| e.best)
            else {
                break;
            };
            if !at.legal_moves().contains(&mv) {
                break;
            }
            line.push(mv);
            at.play_unchecked(mv);
        }
        line
    }

    /// The score of a finished game for the spirit's team, if the
    /// position has a result.
    fn result(&self, position: &V, ply: u32) -> Option<i32> {
        let outcome = position.outcome()?;
        if outcome.winners.is_empty() {
            return Some(0);
        }
        let won = outcome
            .winners
            .iter()
            .any(|&s| position.team(s) == self.team);
        let distance = ply as i32;
        Some(if won { WIN - distance } else { -WIN + distance })
    }

    /// The score of a position that ends the game by itself (not for want
    /// of moves, which the move lists show): a cheap test first.
    fn ended(&self, position: &V, ply: u32) -> Option<i32> {
        if position.ended() {
            self.result(position, ply)
        } else {
            None
        }
    }

    /// The legal moves at `ply`, in that ply's kept list; give it back with
    /// [`Search::give_back`].
    fn moves(&mut self, position: &V, ply: u32) -> Vec<V::Move> {
        let mut moves = kept(&mut self.lists, ply);
        position.for_each_move(|mv| moves.push(mv));
        moves
    }

    fn give_back(&mut self, ply: u32, moves: Vec<V::Move>) {
        self.lists[ply as usize] = moves;
    }

    /// The position's score for the spirit's team, searched `depth` plies;
    /// `replying`, the rival whose best reply is being searched.
    fn value(
        &mut self,
        position: &V,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
        replying: Option<Seat>,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(score) = self.ended(position, ply) {
            return score;
        }
        let (seat, rolls) = match position.phase() {
            Phase::Over => return self.result(position, ply).unwrap_or(0),
            Phase::Roll(seat) => (seat, true),
            Phase::Move(seat) => (seat, false),
        };
        let ours = position.team(seat) == self.team;
        if self.rivals == Rivals::BestReply {
            match replying {
                // The horizon never falls between the spirit's turn and the
                // rivals' reply: a line that ends on the spirit's own turn
                // lets it plan threats that no rival may parry.
                None if !ours => {
                    return self.best_reply(position, depth.max(1), alpha, beta, ply);
                }
                // The reply is made: the spirit moves again.
                Some(rival) if rival != seat => {
                    if let Some(back) = position.turn_to(self.root) {
                        return self.value(&back, depth, alpha, beta, ply, None);
                    }
                }
                _ => {}
            }
        }
        if rolls {
            return self.chance(position, depth, ply, replying);
        }
        if depth == 0 {
            return self.quiesce(position, QUIESCENCE, alpha, beta, ply);
        }
        let key = position.search_key();
        let slot = (key as usize) & (TABLE - 1);
        let mut hint = None;
        if let Some(entry) = self.table[slot].filter(|e| e.key == key) {
            hint = entry.best;
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower => alpha = alpha.max(score),
                    Bound::Upper => beta = beta.min(score),
                }
                if alpha >= beta {
                    return score;
                }
            }
        }
        let mut moves = self.moves(position, ply);
        if moves.is_empty() {
            self.give_back(ply, moves);
            return self
                .result(position, ply)
                .unwrap_or_else(|| balance(position, self.team));
        }
        self.order(position, &mut moves, hint, ply);
        let (start_alpha, start_beta) = (alpha, beta);
        let mut best = if ours { -WIN - 1 } else { WIN + 1 };
        let mut best_move = None;
        for (index, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            // A late quiet move is searched a ply less first, and again in
            // full only if it looks better than what the node has already.
            let late = self.reduce
                && depth >= REDUCED_FROM
                && index >= LATE
                && self.keys[ply as usize][index].0 < KILLER;
            let mut score = if late {
                self.value(&child, depth - 2, alpha, beta, ply + 1, replying)
            } else {
                self.value(&child, depth - 1, alpha, beta, ply + 1, replying)
            };
            if late && !self.stopped && (if ours { score > alpha } else { score < beta }) {
                score = self.value(&child, depth - 1, alpha, beta, ply + 1, replying);
            }
            if self.stopped {
                self.give_back(ply, moves);
                return 0;
            }
            if (ours && score > best) || (!ours && score < best) {
                best = score;
                best_move = Some(mv);
            }
            if ours {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                self.cut_off(position, mv, depth, ply);
                break;
            }
        }
        self.give_back(ply, moves);
        let bound = if best <= start_alpha {
            Bound::Upper
        } else if best >= start_beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Some(Entry {
            key,
            depth,
            score: to_table(best, ply),
            bound,
            best: best_move,
        });
        best
    }

    /// A rival's turn in a best-reply search: each rival replies from here
    /// (in the same ply, one after another), the lowest score counts.
    fn best_reply(&mut self, position: &V, depth: u32, alpha: i32, mut beta: i32, ply: u32) -> i32 {
        let seats = V::info().seats.len() as u8;
        let mut best = None;
        for rival in (0..seats).map(Seat) {
            if position.team(rival) == self.team {
                continue;
            }
            let Some(turned) = position.turn_to(rival) else {
                continue;
            };
            let score = self.value(&turned, depth, alpha, beta, ply, Some(rival));
            if self.stopped {
                return 0;
            }
            best = Some(best.map_or(score, |b: i32| b.min(score)));
            beta = beta.min(score);
            if alpha >= beta {
                break;
            }
        }
        best.unwrap_or_else(|| balance(position, self.team))
    }

    /// Past the horizon, only captures: a side may also stop capturing.
    fn quiesce(
        &mut self,
        position: &V,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(score) = self.ended(position, ply) {
            return score;
        }
        let stand = balance(position, self.team);
        let Phase::Move(seat) = position.phase() else {
            return stand;
        };
        let ours = position.team(seat) == self.team;
        let cut = if ours { stand >= beta } else { stand <= alpha };
        if depth == 0 || cut {
            // The game's own test of an end for want of moves, as cheap as
            // the game can make it.
            return self.result(position, ply).unwrap_or(stand);
        }
        let mut moves = kept(&mut self.lists, ply);
        if !position.for_each_capture(|mv| moves.push(mv)) {
            self.give_back(ply, moves);
            return self.result(position, ply).unwrap_or(stand);
        }
        if ours {
            alpha = alpha.max(stand);
        } else {
            beta = beta.min(stand);
        }
        self.order(position, &mut moves, None, ply);
        let mut best = stand;
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = self.quiesce(&child, depth - 1, alpha, beta, ply + 1);
            if self.stopped {
                self.give_back(ply, moves);
                return 0;
            }
            if ours {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        self.give_back(ply, moves);
        best
    }

    /// A roll to come: the average over every roll of the dice. Rolls that
    /// leave the same position (the same faces in another order, where order
    /// does not matter) are searched once and weighted.
    fn chance(&mut self, position: &V, depth: u32, ply: u32, replying: Option<Seat>) -> i32 {
        let Some(spec) = position.dice_spec() else {
            return balance(position, self.team);
        };
        let faces = u32::from(spec.sides);
        let rolls = faces.pow(spec.count as u32);
        let mut outcomes = kept(&mut self.rolls, ply);
        let mut dice = [0u8; MOST_DICE];
        let dice = &mut dice[..spec.count.min(MOST_DICE)];
        for index in 0..rolls {
            for (d, face) in dice.iter_mut().enumerate() {
                *face = spec.lowest + ((index / faces.pow(d as u32)) % faces) as u8;
            }
            let mut child = position.clone();
            if child.roll(dice).is_err() {
                continue;
            }
            let key = child.search_key();
            match outcomes.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, weight, _)) => *weight += 1,
                None => outcomes.push((key, 1, child)),
            }
        }
        let (mut total, mut count) = (0i64, 0i64);
        for (_, weight, child) in &outcomes {
            // A roll that leaves no move passes the turn on: the pass costs
            // a ply, or a run of passes (and, in a best-reply search, the
            // turn handed back after each) would never reach the horizon.
            let passed = matches!(child.phase(), Phase::Roll(_));
            let score = match (passed, depth) {
                (false, _) => self.value(child, depth, -WIN - 1, WIN + 1, ply, replying),
                (true, 0) => balance(child, self.team),
                (true, _) => self.value(child, depth - 1, -WIN - 1, WIN + 1, ply, replying),
            };
            if self.stopped {
                break;
            }
            total += weight * i64::from(score);
            count += weight;
        }
        self.rolls[ply as usize] = outcomes;
        if self.stopped {
            return 0;
        }
        if count == 0 {
            return balance(position, self.team);
        }
        (total / count) as i32
    }

    /// The hinted move first, then captures, the most valuable victims
    /// first, then this ply's killers, then quiet moves by their history;
    /// the order of equal moves is kept.
    fn order(&mut self, position: &V, moves: &mut [V::Move], hint: Option<V::Move>, ply: u32) {
        let ply = ply as usize;
        if self.keys.len() <= ply {
            self.keys.resize_with(ply + 1, Vec::new);
            self.killers.resize(ply + 1, [None; 2]);
        }
        let killers = self.killers[ply];
        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        keys.extend(moves.iter().enumerate().map(|(i, &mv)| {
            let gain = capture_gain(position, mv);
            let key = if Some(mv) == hint {
                HINTED
            } else if gain > 0 {
                CAPTURE + gain
            } else if Some(mv) == killers[0] {
                KILLER + 1
            } else if Some(mv) == killers[1] {
                KILLER
            } else {
                self.history[history_slot(&mv)]
            };
            (key, i as u32, mv)
        }));
        keys.sort_unstable_by_key(|&(key, i, _)| (std::cmp::Reverse(key), i));
        for (slot, &(_, _, mv)) in moves.iter_mut().zip(&keys) {
            *slot = mv;
        }
        self.keys[ply] = keys;
    }

    /// `mv` cut the search off at `ply`, `depth` plies from the horizon: a
    /// quiet move becomes a killer there and gains history.
    fn cut_off(&mut self, position: &V, mv: V::Move, depth: u32, ply: u32) {
        if capture_gain(position, mv) > 0 {
            return;
        }
        let killers = &mut self.killers[ply as usize];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let slot = history_slot(&mv);
        let bonus = (depth * depth) as i32;
        self.history[slot] = (self.history[slot] + bonus).min(KILLER - 1);
    }
}

/// The buffer kept for `ply` in `buffers`, emptied and taken out; the
/// caller puts it back when done, so that no node allocates.
fn kept<T>(buffers: &mut Vec<Vec<T>>, ply: u32) -> Vec<T> {
    let ply = ply as usize;
    if buffers.len() <= ply {
        buffers.resize_with(ply + 1, Vec::new);
    }
    let mut buffer = std::mem::take(&mut buffers[ply]);
    buffer.clear();
    buffer
}

/// The history table's slot of a move: a quick hash of it.
fn history_slot<M: Hash>(mv: &M) -> usize {
    let mut hasher = Quick(0);
    mv.hash(&mut hasher);
    (hasher.finish() as usize) & (HISTORY - 1)
}

/// A small, quick hasher for moves (a few bytes each).
struct Quick(u64);

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}
