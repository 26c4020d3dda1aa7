//! Perft benchmarks: move generation speed, the figure behind every search.
//! Run with `cargo bench -p seance-engine`; each benchmark reports its time,
//! and the throughput line gives nodes (leaves) per second.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use seance_engine::chaturaji::ChaturajiNoDice;
use seance_engine::enochian::Enochian;
use seance_engine::perft::perft;
use seance_engine::tamerlane::Tamerlane;
use seance_engine::through::Through;
use seance_engine::{Game, Options, Start, Variant};

/// Benchmarks perft of variant `V` from its default setup with `options` at
/// each of `depths`.
fn bench<V: Variant>(c: &mut Criterion, options: &[&str], depths: &[u32]) {
    let options = Options::parse(options.iter().copied()).expect("options");
    let game = Game::<V>::new(Start::Setup(None), options).expect("setup");
    let position = game.position();
    let mut group = c.benchmark_group(V::info().id);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for &depth in depths {
        let nodes = perft(position, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft {depth} start"), |b| {
            b.iter(|| perft(std::hint::black_box(position), depth))
        });
    }
    group.finish();
}

fn through(c: &mut Criterion) {
    bench::<Through>(c, &[], &[4, 5]);
}

fn chaturaji_nodice(c: &mut Criterion) {
    bench::<ChaturajiNoDice>(c, &[], &[6, 7]);
}

fn tamerlane(c: &mut Criterion) {
    bench::<Tamerlane>(c, &[], &[3, 4]);
}

fn enochian(c: &mut Criterion) {
    bench::<Enochian>(c, &["board=earth", "setting=fire"], &[5, 6]);
}

criterion_group!(benches, through, chaturaji_nodice, tamerlane, enochian);
criterion_main!(benches);
