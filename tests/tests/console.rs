//! The terminal front end, driven by a script as a player would type, on a
//! fresh SQLite store; and the perft command.

use seance_bot::perft;
use seance_engine::catalogue::GameType;
use seance_engine::{Options, Start};
use seance_tests::console_session;

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

#[tokio::test]
async fn the_input_ending_leaves_quietly() {
    let (out, log) = console_session(GameType::Through, &["black=human"], &[]).await;
    assert!(out.contains("white> "), "{out}");
    assert!(log.is_empty());
}

#[test]
fn perft_command_prints_each_depth_then_the_speed() {
    let mut out = Vec::new();
    perft::run(
        GameType::Through,
        Start::Setup(None),
        Options::new(),
        2,
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["depth 1 nodes 60", "depth 2 nodes 3562"]);
    assert!(lines[2].starts_with("nodes=3562 nps="), "{out}");
}
