//! The terminal front end, driven by a script as a player would type.

use seance_bot::perft;
use seance_engine::{Options, Seat, Start};
use seance_tests::console_session;

#[test]
fn two_players_at_one_keyboard_play_agree_a_draw() {
    let (out, log) = console_session(
        "through",
        &[],
        1,
        &["Qxd8", "hello", "e7-e5", "moves", "draw", "accept"],
    );
    assert!(
        out.starts_with("Through chess. Type a move, or 'help'."),
        "{out}"
    );
    assert!(out.contains("white plays d1d8"), "{out}");
    assert!(out.contains("could not read a move in 'hello'"), "{out}");
    assert!(out.contains("black plays e7e5"), "{out}");
    assert!(out.contains("white offers a draw"), "{out}");
    assert!(out.contains("black accepts"), "{out}");
    assert!(out.trim_end().ends_with("Draw: agreement."), "{out}");
    assert_eq!(log, ["d1d8", "e7e5", "offer draw white", "accept black"]);
}

#[test]
fn a_bad_move_is_explained_and_changes_nothing() {
    let (out, log) = console_session("through", &[], 1, &["e5e6", "d1d2", "quit"]);
    assert!(
        out.contains("there is no piece on e5; closest legal moves:"),
        "{out}"
    );
    assert!(out.contains("the queen on d1 cannot go to d2"), "{out}");
    assert!(log.is_empty());
}

#[test]
fn against_a_random_mover_until_resignation() {
    let (out, log) = console_session("through", &[Seat(1)], 42, &["Nc3", "draw", "resign"]);
    assert!(out.contains("white plays b1c3"), "{out}");
    assert!(out.contains("black declines"), "{out}");
    assert!(
        out.trim_end().ends_with("black wins: white resigned."),
        "{out}"
    );
    assert_eq!(log[0], "b1c3");
    assert!(
        out.contains(&format!("black plays {}", log[1])),
        "the random reply is shown"
    );
    assert_eq!(
        log[2..],
        ["offer draw white", "decline black", "resign white"]
    );
}

#[test]
fn the_input_ending_leaves_quietly() {
    let (out, log) = console_session("through", &[], 1, &[]);
    assert!(out.contains("white> "));
    assert!(log.is_empty());
}

#[test]
fn perft_command_prints_each_depth_then_the_speed() {
    let mut out = Vec::new();
    perft::run("through", Start::Setup(None), Options::new(), 2, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["depth 1 nodes 60", "depth 2 nodes 3562"]);
    assert!(lines[2].starts_with("nodes=3562 nps="), "{out}");
    assert!(
        perft::run(
            "chess",
            Start::Setup(None),
            Options::new(),
            1,
            &mut Vec::new()
        )
        .is_err()
    );
}
