//! `seance play` as a newcomer runs it from the shell: on a fresh machine
//! with the database somewhere of their choosing, and with a database that
//! does not answer.

use std::io::Write;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A scratch folder of this test's own, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seance-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `seance play ARGS` with its data directory at `data` and `typed` on its
/// standard input.
fn play(args: &[&str], data: &std::path::Path, typed: &str) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_seance"))
        .arg("play")
        .args(args)
        .env("XDG_DATA_HOME", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the seance binary starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(typed.as_bytes()).unwrap();
    child
}

/// What the process printed once it ended; it is killed (and the test
/// fails) if it has not ended within a limit far above what it needs.
fn ended(mut child: Child) -> Output {
    let limit = Duration::from_secs(180);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("seance play did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_fresh_machine_plays_with_the_database_elsewhere() {
    let root = scratch("fresh");
    // The data directory does not exist yet, as on a machine that never ran Seance.
    let data = root.join("data");
    let db = format!("sqlite://{}", root.join("games.sqlite").display());
    let out = ended(play(
        &["through", "--db", &db, "--seat", "black=human", "--letters"],
        &data,
        "Nc3\nquit\n",
    ));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("white: b1c3"), "{stdout}");
    assert!(
        stdout.contains("Saved: run the same command to carry on."),
        "{stdout}"
    );
    let picture = std::fs::read(data.join("seance").join("board.png")).expect("the picture");
    assert!(picture.starts_with(b"\x89PNG"));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_database_that_does_not_answer_is_waited_for_then_given_up_clearly() {
    // A server that takes connections and never says a word.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = silent.local_addr().unwrap();
    std::thread::spawn(move || {
        let held: Vec<_> = silent.incoming().collect();
        drop(held);
    });
    let root = scratch("silent");
    let db = format!("postgres://postgres:hush@{address}/seance");
    let out = ended(play(&["through", "--db", &db], &root, ""));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    let shown = format!("postgres://postgres:***@{address}/seance");
    assert!(
        stderr.contains(&format!("waiting for the database at {shown}")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("the database at {shown} did not answer within")),
        "{stderr}"
    );
    assert!(
        !stderr.contains("hush"),
        "the password stays hidden: {stderr}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_terminal_shows_ratings_after_a_rated_game() {
    let root = scratch("ratings");
    let db = format!("sqlite://{}", root.join("games.sqlite").display());
    let out = ended(play(
        &["through", "--db", &db, "--letters"],
        &root,
        "resign\n",
    ));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("black wins (resignation)"), "{stdout}");
    let out = ended(play(
        &["through", "--db", &db, "--letters", "--new"],
        &root,
        "rating\ntop\nquit\n",
    ));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("Through chess: 1"), "{stdout}");
    assert!(stdout.contains(", 1 game, best "), "{stdout}");
    assert!(
        stdout.contains("Recent: #1 Through chess, 2nd of 2, -"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Through chess, this chat:\n1. "),
        "{stdout}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// `seance copy` moves a database's games to another, and `seance export`
/// of both then says the same.
#[test]
fn copy_moves_the_games_and_export_shows_them_alike() {
    let root = scratch("copy");
    let (from, to) = (root.join("from.sqlite"), root.join("to.sqlite"));
    let (from, to) = (
        format!("sqlite://{}", from.display()),
        format!("sqlite://{}", to.display()),
    );
    ended(play(
        &["through", "--db", &from, "--letters"],
        &root,
        "Nc3\nresign\n",
    ));
    let seance = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_seance"))
            .args(args)
            .env("XDG_DATA_HOME", &root)
            .output()
            .expect("the seance binary runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let copied = seance(&["copy", "--from", &from, "--to", &to]);
    assert!(copied.starts_with("copied "), "{copied}");
    let (a, b) = (
        seance(&["export", "--db", &from]),
        seance(&["export", "--db", &to]),
    );
    assert!(a.contains("\"table\":\"games\""), "{a}");
    assert_eq!(a, b);
    std::fs::remove_dir_all(&root).unwrap();
}
