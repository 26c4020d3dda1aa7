//! Spirits played by programs of the engine protocol (`[spirits] engines`):
//! the program's move is played; a program that answers an illegal move, or
//! cannot be started, is passed over and the bot's own spirit plays, so no
//! game waits on it.

use std::collections::HashMap;
use std::path::PathBuf;

use seance_bot::protocol::EngineCommand;
use seance_bot::service::Defaults;
use seance_engine::spirit::Level;
use seance_tests::Scratch;
use seance_tests::table::*;

/// A program of the protocol that answers every `go` with `answer`.
fn scripted_engine(name: &str, answer: &str) -> EngineCommand {
    let path = std::env::temp_dir().join(format!("seance-engine-{name}-{}.sh", std::process::id()));
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    isready) echo readyok ;;\n    \
         go*) echo 'info depth 1 score cp 0 nodes 1 nps 1 time 1 pv {answer}'; echo 'bestmove {answer}' ;;\n    \
         quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    std::process::Command::new("chmod")
        .args(["+x", &path.display().to_string()])
        .status()
        .unwrap();
    EngineCommand {
        path,
        arguments: Vec::new(),
    }
}

/// Ann plays White's e2e4 against a black adept played by `engine`;
/// returns Black's answer as the log holds it.
async fn blacks_answer(chat: &str, engine: EngineCommand) -> String {
    let defaults = Defaults {
        spirit_engines: HashMap::from([(Level::Adept, engine)]),
        ..quick()
    };
    let (service, _) = service(Scratch::Sqlite, defaults).await;
    let ann = player("Ann", chat);
    ok(&service, &ann, "new through time=none").await;
    ok(&service, &ann, "spirit black adept").await;
    ok(&service, &ann, "start").await;
    ok(&service, &ann, "e2e4").await;
    assert!(
        service.run_due_jobs().await.unwrap() > 0,
        "the spirit moved"
    );
    let record = load(&service, newest(&service, chat).await).await;
    assert_eq!(record.log.len(), 2, "{:?}", record.log);
    record.log[1].clone()
}

/// What the bot's own adept answers to e2e4 in Through chess: a queen
/// takes a queen through the board (nothing blocks).
const QUEEN_TAKES: [&str; 2] = ["d8d1", "e8e1"];

#[tokio::test]
async fn a_program_plays_the_spirits_of_its_level() {
    // The bot's own adept takes a queen through the board at once; the
    // program's quiet answer shows who played.
    let answer = blacks_answer("engine-plays", scripted_engine("quiet", "e7e6")).await;
    assert_eq!(answer, "e7e6");
}

#[tokio::test]
async fn a_program_that_fails_is_passed_over() {
    let illegal = blacks_answer("engine-illegal", scripted_engine("illegal", "e2e4")).await;
    assert!(
        QUEEN_TAKES.contains(&illegal.as_str()),
        "the bot's spirit played: {illegal}"
    );
    let missing = EngineCommand {
        path: PathBuf::from("/no/such/engine"),
        arguments: Vec::new(),
    };
    let played = blacks_answer("engine-missing", missing).await;
    assert!(
        QUEEN_TAKES.contains(&played.as_str()),
        "the bot's spirit played: {played}"
    );
}
