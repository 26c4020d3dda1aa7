//! Spirits in Tamerlane chess: they find mates.

use super::*;
use crate::seat::Seat;
use crate::spirit::{Level, Spirit};
use std::time::Duration;

/// Lets a master spirit play for whoever is to move, at most `plies` times;
/// returns the winners if the game ended.
fn spirits_play(game: &mut Game<Tamerlane>, plies: usize) -> Option<Vec<Seat>> {
    for ply in 0..plies {
        if let Some(outcome) = game.outcome() {
            return Some(outcome.winners.clone());
        }
        let spirit = Spirit {
            budget: Duration::from_secs(2),
            ..Spirit::new(Level::Master, ply as u64)
        };
        let thought = spirit.think(game.position()).expect("a move");
        game.play(crate::game::Action::Move(thought.mv))
            .expect("a legal move");
    }
    game.outcome().map(|o| o.winners.clone())
}

#[test]
fn a_spirit_mates_in_one() {
    // The rook on a1 already holds the a-file; a rook to the b-file mates.
    let mut game = game(
        &[("a1", "R"), ("b2", "R"), ("f2", "K"), ("a10", "k")],
        WHITE,
        &[],
    );
    assert_eq!(spirits_play(&mut game, 1), Some(vec![Seat(0)]));
}

#[test]
fn a_spirit_mates_in_two() {
    // No check mates at once (the king steps down to rank 9); a rook that
    // first takes rank 9 away mates with the other on rank 10 next.
    let men = [("a1", "R"), ("b2", "R"), ("f2", "K"), ("e10", "k")];
    let mut game = game(&men, WHITE, &[]);
    assert_eq!(spirits_play(&mut game, 3), Some(vec![Seat(0)]));
}

/// White's balance in a position of these men, White to move.
fn balance(men: &[(&str, &str)]) -> i32 {
    crate::spirit::value::balance(game(men, WHITE, &[]).position(), crate::seat::Team(0))
}

#[test]
fn a_spare_royal_counts_more_than_its_worth() {
    // With a prince besides the king, a mate of one royal does not end the game.
    let alone = balance(&[("f2", "K"), ("f10", "k")]);
    let spared = balance(&[("f2", "K"), ("c3", "I"), ("f10", "k")]);
    let prince = crate::spirit::value::worth(crate::view::Figure::Prince);
    assert!(spared - alone > prince, "{spared} - {alone}");
}

#[test]
fn a_king_at_the_enemy_citadel_counts_a_draw_in_reach() {
    // a9 is a gate of Black's citadel; a7 is not.
    let far = balance(&[("a7", "K"), ("f10", "k"), ("k1", "r")]);
    let near = balance(&[("a9", "K"), ("f10", "k"), ("k1", "r")]);
    assert!(near > far, "{near} <= {far}");
}
