//! Picture benchmarks: drawing a board and encoding it as PNG, as the bot does
//! after every turn. Run with `cargo bench -p seance-render`. Targets: an 8x8
//! board at about 720 px in at most 5 ms, the Tamerlane board in at most
//! 10 ms, on one core. Each benchmark first prints the picture's size in
//! pixels and bytes (target: at most 80 KB for an 8x8 board).

use criterion::{Criterion, criterion_group, criterion_main};
use seance_engine::catalogue::{self, AnyGame, GameType};
use seance_engine::{Action, Options, Phase, Start};
use seance_render::{Player, Style, png};

/// The game `id` a few moves in, with dice on the table where it has dice.
fn midgame(id: GameType) -> Box<dyn AnyGame> {
    let mut game = catalogue::new_game(id, Start::Setup(None), Options::new()).expect("setup");
    for ply in 0..12 {
        if let (Phase::Roll(_), Some(spec)) = (game.phase(), game.dice_spec()) {
            let faces = vec![spec.lowest + ply % spec.sides; spec.count];
            game.act(Action::Roll(faces)).expect("roll");
        }
        let moves = game.legal_moves();
        let Some(mv) = moves.get(ply as usize * 7 % moves.len().max(1)) else {
            break;
        };
        game.play_text(mv).expect("legal move");
    }
    game
}

fn bench(c: &mut Criterion) {
    let players: Vec<Player> = ["Анна Каренина", "Bob", "Jürgen", "Мария"]
        .iter()
        .map(|name| Player::named(name))
        .collect();
    let mut group = c.benchmark_group("png");
    for id in [
        GameType::Through,
        GameType::Chaturaji,
        GameType::Enochian,
        GameType::Tamerlane,
    ] {
        let view = midgame(id).board_view();
        let style = Style::default();
        let picture = seance_render::draw(&view, &players, &style);
        let bytes = png(&view, &players, &style);
        println!(
            "{id}: {}x{} px, {} bytes",
            picture.width(),
            picture.height(),
            bytes.len()
        );
        group.bench_function(id.id(), |b| {
            b.iter(|| png(std::hint::black_box(&view), &players, &style))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
