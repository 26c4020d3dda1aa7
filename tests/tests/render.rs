//! `seance render` end to end: a game's log in, a picture or a replay out.

use seance_bot::render::{Request, run};
use seance_engine::{GameType, Options, Start};
use seance_render::Style;

/// A Chaturaji opening: three turns, and Black's dice on the table.
const LOG: &str = "roll 2 4\nh1f3\n# a comment\n\nroll 4 1\nd1e2\nroll 1 2\nb7c7\nroll 4 2\n";

fn request(log: &str, gif: bool) -> Request {
    Request {
        game: GameType::Chaturaji,
        start: Start::Setup(None),
        options: Options::new(),
        log: Some(log.to_string()),
        seat: Some("black".to_string()),
        names: vec!["red=Пётр".to_string()],
        spirits: vec!["green".to_string()],
        style: Style::default(),
        gif,
    }
}

#[test]
fn a_log_becomes_a_picture_of_its_last_position() {
    let bytes = run(request(LOG, false)).unwrap();
    let picture = image::load_from_memory(&bytes).unwrap();
    // An 8x8 board at chat size, four seats in the panel.
    assert!(
        (700..=760).contains(&picture.width()),
        "{}",
        picture.width()
    );
    assert!(picture.height() > picture.width());
}

#[test]
fn a_log_becomes_a_replay_with_a_frame_per_move() {
    let bytes = run(request(LOG, true)).unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes.as_slice()).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    // The start and three moves; rolls, comments and blank lines add none.
    assert_eq!(frames, 4);
}

#[test]
fn bad_requests_say_what_is_wrong() {
    let error = run(request("roll 2 4\nh1h8\n", false)).unwrap_err();
    assert!(
        format!("{error:#}").contains("log action 2: 'h1h8'"),
        "{error:#}"
    );
    let mut wrong_seat = request(LOG, false);
    wrong_seat.seat = Some("purple".to_string());
    let error = run(wrong_seat).unwrap_err();
    assert_eq!(error.to_string(), "this game has no seat 'purple'");
    let mut unnamed = request(LOG, false);
    unnamed.names = vec!["Пётр".to_string()];
    assert!(run(unnamed).unwrap_err().to_string().contains("COLOR=NAME"));
}
