//! The terminal front end, driven by a script as a player would type, on a
//! fresh SQLite store; and the perft command.

use seance_bot::perft;
use seance_engine::catalogue::GameType;
use seance_engine::{Options, Start};
use seance_tests::{console_session, console_typed};

#[tokio::test]
async fn two_players_at_one_keyboard_agree_a_draw() {
    let (out, log) = console_session(
        GameType::Through,
        &["black=human"],
        &["Qxd8", "hello", "e7-e5", "moves", "draw", "accept"],
    )
    .await;
    assert!(
        out.contains("Game #1: Through chess. You play white."),
        "{out}"
    );
    assert!(out.contains("white: d1xd8"), "the capture is marked: {out}");
    assert!(out.contains("could not read a move in 'hello'"), "{out}");
    assert!(out.contains("black: e7e5"), "{out}");
    assert!(out.contains("Legal moves: "), "{out}");
    assert!(out.contains("White offers a draw"), "{out}");
    assert!(out.contains("a draw (agreement)"), "{out}");
    assert_eq!(log, ["d1d8", "e7e5", "offer draw white", "accept black"]);
}

#[tokio::test]
async fn a_bad_move_is_explained_and_changes_nothing() {
    let (out, log) = console_session(
        GameType::Through,
        &["black=human"],
        &["e5e6", "d1d2", "quit"],
    )
    .await;
    assert!(out.contains("there is no piece on e5"), "{out}");
    assert!(out.contains("Did you mean"), "{out}");
    assert!(out.contains("the queen on d1 cannot go to d2"), "{out}");
    assert!(
        out.contains("Saved: run the same command to carry on."),
        "{out}"
    );
    assert!(log.is_empty());
}

#[tokio::test]
async fn against_a_spirit_until_resignation() {
    let (out, log) = console_session(GameType::Through, &[], &["Nc3", "draw", "resign"]).await;
    assert!(out.contains("white: b1c3"), "{out}");
    let reply = seance_engine::notation::origin(&log[1]);
    assert!(
        out.contains(&format!("black: {reply}")),
        "the spirit's reply is shown: {out}"
    );
    assert!(out.contains("Black declines the offer"), "{out}");
    assert!(out.contains("black wins (resignation)"), "{out}");
    assert_eq!(
        log[2..],
        ["offer draw white", "decline black", "resign white"]
    );
}

#[tokio::test]
async fn four_spirits_play_a_dice_game_to_the_end() {
    let seats = [
        "red=spirit",
        "green=spirit:master",
        "yellow=spirit",
        "black=spirit:novice",
    ];
    let (out, log) = console_session(GameType::Chaturaji, &seats, &[]).await;
    assert!(out.contains("Game over:"), "{out}");
    assert!(log.iter().any(|l| l.starts_with("roll ")));
}

/// Enochian chess seats by a roll; at one keyboard the player is asked for
/// a colour, types one, and spirits take the others.
#[tokio::test]
async fn the_terminal_asks_for_a_colour_after_the_seating_roll() {
    let (out, log) = console_session(GameType::Enochian, &[], &["green", "blue", "quit"]).await;
    assert!(
        out.contains("@ann, choose your colour: yellow, blue, red, black."),
        "{out}"
    );
    assert!(
        out.contains("colour> "),
        "the prompt asks for a colour: {out}"
    );
    assert!(out.contains("This game has no colour 'green'"), "{out}");
    assert!(out.contains("ann plays blue."), "{out}");
    assert!(out.contains("Game #1 (Enochian chess) begins."), "{out}");
    // The spirits before blue move; then the game waits for blue.
    assert!(!log.is_empty(), "{out}");
    assert!(out.contains("\nblue> "), "{out}");
}

#[tokio::test]
async fn the_input_ending_leaves_quietly() {
    let (out, log) = console_session(GameType::Through, &["black=human"], &[]).await;
    assert!(out.contains("white> "), "{out}");
    assert!(log.is_empty());
}

/// A terminal's output that remembers how much had been written at each
/// flush: what a player watching the terminal had seen by then.
#[derive(Default)]
struct Screen {
    text: Vec<u8>,
    flushed: Vec<usize>,
}

impl std::io::Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.text.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.flushed.push(self.text.len());
        Ok(())
    }
}

/// A scratch path of this test run's own, not yet made.
fn scratch_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("seance-console-{}-{name}", std::process::id()))
}

#[tokio::test]
async fn the_players_own_move_shows_before_the_spirit_answers() {
    let mut screen = Screen::default();
    let log = console_typed(GameType::Through, &[], b"Nc3\nquit", None, &mut screen).await;
    assert_eq!(log.len(), 2, "the spirit answered: {log:?}");
    let text = String::from_utf8(screen.text).unwrap();
    let mine = text.find("white: b1c3").expect("the move is shown");
    let reply = mine + text[mine..].find("\nblack: ").expect("the reply is shown");
    assert!(
        screen.flushed.iter().any(|&at| mine < at && at <= reply),
        "the player's move reached the terminal before the spirit's reply: {text}"
    );
}

#[tokio::test]
async fn a_line_that_is_not_text_is_refused_and_the_session_goes_on() {
    let mut out = Vec::new();
    let log = console_typed(
        GameType::Through,
        &["black=human"],
        b"\xff\xfe e2e4\nNc3\nquit",
        None,
        &mut out,
    )
    .await;
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("That line is not text (UTF-8)"), "{out}");
    assert!(out.contains("white: b1c3"), "{out}");
    assert_eq!(log, ["b1c3"]);
}

#[tokio::test]
async fn the_picture_goes_into_a_folder_that_does_not_exist_yet() {
    let root = scratch_path("picture");
    let picture = root.join("deep").join("board.png");
    let mut out = Vec::new();
    let log = console_typed(
        GameType::Through,
        &["black=human"],
        b"Nc3\nquit",
        Some(picture.clone()),
        &mut out,
    )
    .await;
    let written = std::fs::read(&picture).expect("the picture is written");
    std::fs::remove_dir_all(&root).unwrap();
    assert!(written.starts_with(b"\x89PNG"), "a PNG");
    assert_eq!(log, ["b1c3"]);
    let out = String::from_utf8(out).unwrap();
    assert!(!out.contains("Cannot write the picture"), "{out}");
}

#[tokio::test]
async fn a_picture_that_cannot_be_written_is_said_once_and_the_game_goes_on() {
    // The picture's folder would have to be where a file already is.
    let file = scratch_path("not-a-folder");
    std::fs::write(&file, b"").unwrap();
    let mut out = Vec::new();
    let log = console_typed(
        GameType::Through,
        &["black=human"],
        b"Nc3\ne7e5\nquit",
        Some(file.join("board.png")),
        &mut out,
    )
    .await;
    std::fs::remove_file(&file).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.matches("Cannot write the picture").count(), 1, "{out}");
    assert_eq!(log, ["b1c3", "e7e5"]);
}

/// What `seance perft through 2` prints, `--divide` or not.
fn perft_through_2(divide: bool) -> String {
    let command = if divide { perft::divide } else { perft::run };
    let mut out = Vec::new();
    command(
        GameType::Through,
        Start::Setup(None),
        Options::new(),
        2,
        &mut out,
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn perft_command_prints_each_depth_then_the_speed() {
    let out = perft_through_2(false);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["depth 1 nodes 60", "depth 2 nodes 3562"]);
    assert!(lines[2].starts_with("nodes=3562 nps="), "{out}");
}

#[test]
fn perft_divide_gives_each_first_moves_count_and_their_sum() {
    let out = perft_through_2(true);
    let lines: Vec<&str> = out.lines().collect();
    // Depth 1 has 60 moves, depth 2 3562 leaves: one line per first move.
    assert_eq!(lines.len(), 61, "{out}");
    let counts: Vec<u64> = lines[..60]
        .iter()
        .map(|l| l.rsplit_once(": ").unwrap().1.parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 3562);
    assert!(lines[60].starts_with("nodes=3562 nps="), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("d1d8: ")), "{out}");
}
