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

/// Random games from every setup, with the rule options that change moves.
fn random_positions() -> Vec<Tamerlane> {
    let tables: [&[&str]; 4] = [
        &[],
        &["steppers=historical", "picket=one-or-more"],
        &[
            "swap=in-check-or-stuck",
            "pop_square=any",
            "third_arrival=and-prince",
        ],
        &["citadels=always", "citadel_exit=as-a-move", "black=mirror"],
    ];
    let mut rng = crate::spirit::Rng::new(7);
    let mut positions = Vec::new();
    for name in super::super::Setup::NAMES {
        for options in tables {
            for _ in 0..3 {
                let mut game = setup(name, options);
                for _ in 0..400 {
                    if game.outcome().is_some() {
                        break;
                    }
                    positions.push(game.position().clone());
                    let moves = game.position().legal_moves();
                    let mv = moves[rng.below(moves.len())];
                    game.play(crate::game::Action::Move(mv))
                        .expect("a legal move");
                }
                positions.push(game.position().clone());
            }
        }
    }
    positions
}

/// Each seat's appraisal counted square by square, the citadels too.
fn counted(position: &Tamerlane) -> [i32; crate::variant::MOST_SEATS] {
    let mut totals = [0; crate::variant::MOST_SEATS];
    for square in (0..112).map(crate::geometry::Square::new) {
        if let Some((side, kind)) = position.man_at(square) {
            totals[side.index()] += crate::spirit::value::worth(kind.figure());
        }
    }
    for seat in [Seat(0), Seat(1)] {
        totals[seat.index()] += position.appraise(seat);
    }
    totals
}

#[test]
fn the_searchs_short_cuts_agree_with_the_whole_move_list() {
    // The quiescence search lists only captures and asks whether any move is
    // left; the evaluation reads material kept as men come and go. Each must
    // say what the full list of moves and a count of the squares say.
    let mut checks = 0;
    for position in random_positions() {
        let all = position.legal_moves();
        let mut captures = Vec::new();
        let any = position.for_each_capture(|mv| captures.push(mv));
        let expected: Vec<_> = all
            .iter()
            .copied()
            .filter(|&mv| position.describe(mv).capture)
            .collect();
        assert_eq!(captures, expected, "{}", position.to_text());
        assert_eq!(any, !all.is_empty(), "{}", position.to_text());
        assert_eq!(
            position.appraisal(),
            counted(&position),
            "{}",
            position.to_text()
        );
        checks += usize::from(position.in_check());
    }
    assert!(checks > 100, "the random games gave only {checks} checks");
}

#[test]
fn a_royal_in_a_citadel_keeps_its_worth() {
    // White's adventitious king in its own citadel, l2, beside its king: it
    // counts as it would one step outside, at k2.
    let men = [("f2", "K"), ("f10", "k")];
    let at_home = game(&men, "w l2A - 0,0 m 0 1", &[]);
    let at_home = crate::spirit::value::balance(at_home.position(), crate::seat::Team(0));
    let outside = balance(&[("f2", "K"), ("k2", "A"), ("f10", "k")]);
    assert_eq!(at_home, outside);
}
