//! `seance engine` as another program sees it: a session over its standard
//! input and output, and the arena matching it, as a program, against a
//! spirit of this build.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const SEANCE: &str = env!("CARGO_BIN_EXE_seance");

/// Runs `seance` with `args`, `input` on its standard input.
fn seance(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(SEANCE)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the seance binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().expect("it ends")
}

#[test]
fn the_engine_answers_on_its_standard_output() {
    let out = seance(
        &["engine"],
        "isready\ngame through\nposition startpos moves e2e4\ngo depth 2\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "readyok", "{text}");
    assert!(lines[1].starts_with("info depth 1 score "), "{text}");
    assert!(lines[2].starts_with("info depth 2 score "), "{text}");
    assert!(lines[3].starts_with("bestmove "), "{text}");
    assert_eq!(lines.len(), 4, "{text}");
}

#[test]
fn the_arena_plays_a_program_that_speaks_the_protocol() {
    let program = format!("exe:{SEANCE} engine");
    let args = [
        "arena",
        "through",
        "--a",
        &program,
        "--b",
        "random",
        "--games",
        "2",
        "--movetime",
        "20",
    ];
    let out = seance(&args, "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines[0].starts_with("game 1 a=white ") && lines[1].starts_with("game 2 a=black "));
    // The program's moves and nodes are counted from its answers.
    let field = |name: &str| -> u64 {
        lines[2]
            .split_whitespace()
            .find_map(|f| f.strip_prefix(name))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    assert!(field("a_moves=") > 0 && field("a_nodes=") > 0, "{text}");
    assert!(
        lines[4].starts_with("score=") && lines[4].contains(" elo="),
        "{text}"
    );
    assert!(lines[5].starts_with("a_score=") && lines[5].ends_with(" games=2"));
}

#[test]
fn a_program_that_does_not_answer_is_a_clear_error() {
    let out = seance(
        &["arena", "through", "--a", "exe:/bin/false", "--b", "random"],
        "",
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(said.contains("error: /bin/false ended"), "{said}");
    let out = seance(
        &[
            "arena",
            "through",
            "--a",
            "exe:/no/such/engine",
            "--b",
            "random",
        ],
        "",
    );
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("cannot start /no/such/engine"), "{said}");
}

/// `seance check` starts each program `[spirits] engines` names: one that
/// answers passes, one that cannot start is a named problem.
#[test]
fn check_tries_the_spirits_programs() {
    let dir = std::env::temp_dir().join(format!("seance-check-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("config.toml");
    let write = |engines: &str| {
        let db = dir.join("check.sqlite");
        let text = format!(
            "[database]\nurl = \"sqlite://{}\"\n[spirits]\nengines = {{ {engines} }}\n",
            db.display()
        );
        std::fs::write(&config, text).unwrap();
    };
    let path = config.display().to_string();
    write(&format!("master = \"{SEANCE} engine\""));
    let good = seance(&["check", "--config", &path], "");
    let said = String::from_utf8_lossy(&good.stdout);
    assert!(good.status.success(), "{said}");
    assert!(
        said.contains(&format!(
            "spirits: master played by {SEANCE} engine\n  it answers the engine protocol"
        )),
        "{said}"
    );
    write("adept = \"/no/such/engine\"");
    let bad = seance(&["check", "--config", &path], "");
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success());
    assert!(
        said.contains("seance check: the adept spirits' program /no/such/engine: cannot start"),
        "{said}"
    );
}
