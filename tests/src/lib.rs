//! seance-tests: end-to-end tests across Seance's crates, and the helpers
//! they share. The tests themselves are in `tests/`.

use seance_bot::adapters::console::{Console, Opponent};
use seance_engine::{Options, Seat, Start, catalogue};
use seance_render::text::Glyphs;

/// Plays `script` (one typed line per entry) at a terminal game of `game`,
/// with an optional random mover for `random`, and returns the transcript and
/// the final log.
pub fn console_session(
    game: &str,
    random: Option<(Seat, u64)>,
    script: &[&str],
) -> (String, Vec<String>) {
    let game = catalogue::new_game(game, Start::Setup(None), Options::new()).expect("game");
    let opponent = random.map(|(seat, seed)| Opponent::random(seat, seed));
    let mut console = Console::new(game, opponent, Glyphs::Letters);
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
