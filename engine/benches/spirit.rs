//! Search speed of the spirits: a fixed-depth search from a position a few
//! moves into each game (dice rolled from a fixed seed), so the node count is
//! the same on every run and the throughput line gives nodes per second.
//! Run with `cargo bench -p seance-engine --bench spirit`.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use seance_engine::catalogue::{GameType, Visitor};
use seance_engine::spirit::{Limits, Rng, search};
use seance_engine::{Action, Game, Options, Phase, Start, Variant};

/// Plies played (by a seeded random choice) before the searched position.
const OPENING: usize = 12;

/// A position `OPENING` plies into the default setup, with its dice rolled.
fn midgame<V: Variant>() -> V {
    let mut rng = Rng::new(5);
    let mut game = Game::<V>::new(Start::Setup(None), Options::new()).expect("setup");
    let mut plies = 0;
    loop {
        match game.phase() {
            Phase::Roll(_) => {
                let spec = game.position().dice_spec().expect("dice");
                let dice = spec
                    .roll(&mut std::iter::repeat_with(|| rng.number() as u8))
                    .expect("endless bytes");
                game.play(Action::Roll(dice)).expect("a fair roll");
            }
            _ if plies == OPENING => return game.position().clone(),
            _ => {
                let moves = game.position().legal_moves();
                let mv = moves[rng.below(moves.len())];
                game.play(Action::Move(mv)).expect("a legal move");
                plies += 1;
            }
        }
    }
}

/// Benchmarks a search of `depth` plies of game `V`.
struct Bench<'c> {
    criterion: &'c mut Criterion,
    depth: u32,
}

impl Visitor for Bench<'_> {
    type Output = ();

    fn visit<V: Variant>(self) {
        let position = midgame::<V>();
        let think = || {
            let budget = Duration::from_secs(3600);
            let mut rng = Rng::new(1);
            search::best(
                &position,
                self.depth,
                budget,
                0,
                &mut rng,
                &Limits::default(),
                &mut |_| {},
            )
            .expect("a move")
        };
        let nodes = think().nodes;
        let mut group = self
            .criterion
            .benchmark_group(format!("spirit {}", V::info().id));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(5));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("search {} plies", self.depth), |b| b.iter(think));
        group.finish();
    }
}

fn searches(criterion: &mut Criterion) {
    for (game, depth) in [
        (GameType::Through, 4),
        (GameType::Tamerlane, 4),
        (GameType::Enochian, 6),
        (GameType::ChaturajiNoDice, 4),
        (GameType::Chaturaji, 3),
        (GameType::ChaturajiClassic, 2),
    ] {
        game.visit(Bench { criterion, depth });
    }
}

criterion_group!(benches, searches);
criterion_main!(benches);
