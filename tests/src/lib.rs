//! seance-tests: end-to-end tests across Seance's crates, and the helpers
//! they share. The tests themselves are in `tests/`.

use seance_bot::adapters::console::Console;
use seance_engine::{Options, Seat, Start, catalogue};
use seance_render::text::Glyphs;

/// Plays `script` (one typed line per entry) at a terminal game of `game`,
/// the `random` seats moving at random, dice and moves drawn from `seed`;
/// returns the transcript and the final log.
pub fn console_session(
    game: &str,
    random: &[Seat],
    seed: u64,
    script: &[&str],
) -> (String, Vec<String>) {
    let game = catalogue::new_game(game, Start::Setup(None), Options::new()).expect("game");
    let mut console = Console::new(game, random.to_vec(), seed, Glyphs::Letters);
    let input = script.join("\n");
    let mut output = Vec::new();
    console
        .run(input.as_bytes(), &mut output)
        .expect("in-memory I/O");
    (
        String::from_utf8(output).expect("UTF-8"),
        console.game().log(),
    )
}
