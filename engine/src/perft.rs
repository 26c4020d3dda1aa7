//! Perft: the number of leaves of the tree of legal moves, the standard check
//! of a move generator. One ply is one move; a position that ends the game has
//! no children; the last ply is counted without playing it (bulk counting).

use crate::variant::Variant;

/// The number of move sequences of length `depth` from `position`, ignoring
/// the dice in games that have them.
pub fn perft<V: Variant>(position: &V, depth: u32) -> u64 {
    let mut root = position.clone();
    root.ignore_dice();
    count(&root, depth)
}

/// Perft split by the first move: each legal move of `position` with the
/// number of sequences of length `depth` that begin with it (at least 1).
/// How one finds where two move generators disagree.
pub fn divide<V: Variant>(position: &V, depth: u32) -> Vec<(V::Move, u64)> {
    let mut root = position.clone();
    root.ignore_dice();
    let mut rows = Vec::new();
    if root.ended() {
        return rows;
    }
    root.for_each_move(|mv| {
        let mut child = root.clone();
        child.play_unchecked(mv);
        rows.push((mv, count(&child, depth.max(1) - 1)));
    });
    rows
}

fn count<V: Variant>(position: &V, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.ended() {
        return 0;
    }
    if depth == 1 {
        return position.count_moves();
    }
    let mut nodes = 0;
    position.for_each_move(|mv| {
        let mut child = position.clone();
        child.play_unchecked(mv);
        nodes += count(&child, depth - 1);
    });
    nodes
}
