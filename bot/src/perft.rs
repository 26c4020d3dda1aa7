//! `seance perft`: counts the leaves of the move tree depth by depth and
//! reports the speed of the deepest count; with `--divide`, the count under
//! each first move instead.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use seance_engine::catalogue::{self, GameType};
use seance_engine::{Options, Start};

/// Prints `depth D nodes N` for each depth up to `depth`, then
/// `nodes=<N> nps=<N>` for the deepest one.
pub fn run(
    game: GameType,
    start: Start,
    options: Options,
    depth: u32,
    out: &mut dyn Write,
) -> Result<()> {
    let mut last = (0, 0.0);
    let mut clock = Instant::now();
    let mut written = Ok(());
    catalogue::perft(game, start, options, depth, &mut |d, nodes| {
        last = (nodes, clock.elapsed().as_secs_f64());
        if written.is_ok() {
            written = writeln!(out, "depth {d} nodes {nodes}");
        }
        clock = Instant::now();
    })?;
    written?;
    let (nodes, seconds) = last;
    speed(out, nodes, seconds)
}

/// Prints `MOVE: N` for each first move (the sequences of length `depth`
/// that begin with it), sorted by move, then `nodes=<N> nps=<N>`.
pub fn divide(
    game: GameType,
    start: Start,
    options: Options,
    depth: u32,
    out: &mut dyn Write,
) -> Result<()> {
    let clock = Instant::now();
    let mut rows = catalogue::divide(game, start, options, depth)?;
    let seconds = clock.elapsed().as_secs_f64();
    rows.sort();
    for (mv, nodes) in &rows {
        writeln!(out, "{mv}: {nodes}")?;
    }
    speed(out, rows.iter().map(|(_, n)| n).sum(), seconds)
}

/// The last line: `nodes=<N> nps=<N>`, the count and its speed.
fn speed(out: &mut dyn Write, nodes: u64, seconds: f64) -> Result<()> {
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    writeln!(out, "nodes={nodes} nps={nps}")?;
    Ok(())
}
