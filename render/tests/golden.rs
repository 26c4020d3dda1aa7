//! Golden images: one position of every game, drawn in both themes from every
//! seat's side, compared with the pictures in `tests/golden/` within a small
//! tolerance. After a deliberate change of the drawing, regenerate them with
//!
//! ```text
//! SEANCE_BLESS=1 cargo test -p seance-render --test golden
//! ```
//!
//! and look at the new files before committing them.

use std::path::PathBuf;

use image::RgbImage;
use seance_engine::catalogue::{self, AnyGame, GameType};
use seance_engine::{Options, Phase, Seat, Start};
use seance_render::{Player, Style, Theme};

/// Small pictures keep the goldens small; every part of the drawing still shows.
const CELL: u32 = 24;

/// A game a few plies in: a last move to highlight, and dice on the table in
/// the dice games (each die showing its third face: Chaturaji's horse).
fn position(id: GameType) -> Box<dyn AnyGame> {
    let mut game = catalogue::new_game(id, Start::Setup(None), Options::new()).unwrap();
    let roll = |game: &mut Box<dyn AnyGame>| {
        if let (Phase::Roll(_), Some(spec)) = (game.phase(), game.dice_spec()) {
            let faces = vec![(spec.lowest + 2).to_string(); spec.count];
            game.play_text(&format!("roll {}", faces.join(" ")))
                .unwrap();
        }
    };
    for _ in 0..3 {
        roll(&mut game);
        let first = game.legal_moves().into_iter().next().unwrap();
        game.play_text(&first).unwrap();
    }
    roll(&mut game);
    game
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"))
}

/// The share of pixels that differ by more than a little in some channel,
/// and the mean difference over all channels.
fn difference(a: &RgbImage, b: &RgbImage) -> (f64, f64) {
    let mut differing = 0usize;
    let mut total = 0u64;
    for (p, q) in a.pixels().zip(b.pixels()) {
        let d =
            p.0.iter()
                .zip(q.0)
                .map(|(x, y)| x.abs_diff(y))
                .max()
                .unwrap_or(0);
        total +=
            p.0.iter()
                .zip(q.0)
                .map(|(x, y)| u64::from(x.abs_diff(y)))
                .sum::<u64>();
        if d > 24 {
            differing += 1;
        }
    }
    let pixels = a.pixels().len() as f64;
    (differing as f64 / pixels, total as f64 / (pixels * 3.0))
}

#[test]
fn every_game_theme_and_side_matches_its_golden_image() {
    let bless = std::env::var_os("SEANCE_BLESS").is_some();
    let mut failures = Vec::new();
    for id in GameType::ALL {
        let game = position(id);
        let view = game.board_view();
        let players: Vec<Player> = (0..view.panel.seats.len())
            .map(|i| Player::named(["Анна", "Bob", "Jürgen", "Мария"][i % 4]))
            .collect();
        for theme in Theme::ALL {
            for seat in 0..view.panel.seats.len() {
                let style = Style {
                    theme,
                    seat: Some(Seat(seat as u8)),
                    cell: Some(CELL),
                    ..Style::default()
                };
                let color = view.panel.seats[seat].color;
                let name = format!("{id}-{}-{color}", theme.name());
                let path = golden_path(&name);
                let picture = seance_render::draw(&view, &players, &style);
                if bless {
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(&path, seance_render::encode_png(&picture)).unwrap();
                    continue;
                }
                let Ok(golden) = image::open(&path) else {
                    failures.push(format!("{name}: no golden image (bless to create it)"));
                    continue;
                };
                let golden = golden.into_rgb8();
                if golden.dimensions() != picture.dimensions() {
                    failures.push(format!(
                        "{name}: size {:?}, golden {:?}",
                        picture.dimensions(),
                        golden.dimensions()
                    ));
                    continue;
                }
                let (share, mean) = difference(&picture, &golden);
                if share > 0.002 || mean > 1.0 {
                    let actual =
                        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.png"));
                    picture.save(&actual).unwrap();
                    failures.push(format!(
                        "{name}: {:.2}% of pixels differ, mean {mean:.2}; drawn: {}",
                        share * 100.0,
                        actual.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
