//! Perft benchmarks: move generation speed, the figure behind every search.
//! Run with `cargo bench -p seance-engine`; each benchmark reports its time,
//! and the throughput line gives nodes (leaves) per second.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use seance_engine::perft::perft;
use seance_engine::through::{START, Through};
use seance_engine::{Options, Variant};

fn through(c: &mut Criterion) {
    let position = Through::from_text(START, &Options::new()).expect("start position");
    let mut group = c.benchmark_group("through");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for depth in [4, 5] {
        let nodes = perft(&position, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft {depth} start"), |b| {
            b.iter(|| perft(std::hint::black_box(&position), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, through);
criterion_main!(benches);
