//! The engine protocol: the spirits behind a line protocol on standard
//! input and output, in the manner of UCI, so that any two builds (or any
//! program that speaks it) can be matched in the arena. [`serve`] answers
//! it (`seance engine`); [`Program`] speaks it to another process. The
//! commands and answers are in `docs/engine.md`.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use seance_engine::catalogue::{self, AnyGame, GameType};
use seance_engine::spirit::search::{WIN, plies_to_end};
use seance_engine::spirit::{Level, Limits, Progress, Spirit};
use seance_engine::{Options, Phase, Start};

/// What `go` without limits is given, and what a search limited only by
/// depth or nodes may take.
const UNTIMED: Duration = Duration::from_secs(24 * 3600);

/// Answers the protocol's commands from `input` on `out` until `quit` or
/// the end of the input (which lets a search in hand finish first).
pub fn serve<W: Write + Send + 'static>(input: impl BufRead, out: W) -> std::io::Result<()> {
    let mut session = Session::new(out);
    for line in input.lines() {
        if !session.command(&line?) {
            return Ok(());
        }
    }
    session.finish(false);
    Ok(())
}

/// The protocol's state between lines.
struct Session<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    /// The game `game` chose, and its options.
    game: Option<(GameType, Options)>,
    /// The position `position` set up.
    position: Option<Box<dyn AnyGame>>,
    /// The spirit level that searches (the master unless `level` says).
    level: Level,
    /// The search in hand, and the flag that stops it.
    search: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
}

impl<W: Write + Send + 'static> Session<W> {
    fn new(out: W) -> Session<W> {
        Session {
            out: Arc::new(Mutex::new(out)),
            game: None,
            position: None,
            level: Level::Master,
            search: None,
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Waits for the search in hand, stopping it first if `stop`.
    fn finish(&mut self, stop: bool) {
        if let Some((thread, flag)) = self.search.take() {
            if stop {
                flag.store(true, Ordering::Relaxed);
            }
            let _ = thread.join();
        }
    }

    /// Handles one line; `false` once the session is over.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        // These are answered while a search runs; the rest wait for it.
        match word {
            "" => return true,
            "isready" => {
                self.say("readyok");
                return true;
            }
            "stop" => {
                self.finish(true);
                return true;
            }
            "quit" => {
                self.finish(true);
                return false;
            }
            _ => self.finish(false),
        }
        let done = match word {
            "game" => self.choose_game(rest),
            "level" => rest
                .parse()
                .map(|level| self.level = level)
                .map_err(|e: seance_engine::spirit::UnknownLevel| e.to_string()),
            "position" => self.set_position(rest),
            "go" => self.go(rest),
            other => Err(format!(
                "unknown command '{other}': use game, level, position, go, isready, stop or quit"
            )),
        };
        if let Err(why) = done {
            self.say(&format!("error {why}"));
        }
        true
    }

    /// `game ID [KEY=VALUE ...]`: the game the next positions belong to.
    fn choose_game(&mut self, rest: &str) -> Result<(), String> {
        let mut words = rest.split_whitespace();
        let id = words.next().ok_or("game needs a game id")?;
        let game: GameType = id.parse().map_err(|e| format!("{e}"))?;
        let options = Options::parse(words).map_err(|e| e.to_string())?;
        // The options are checked by starting a game with them.
        catalogue::new_game(game, Start::Setup(None), options.clone())
            .map_err(|e| e.to_string())?;
        self.game = Some((game, options));
        self.position = None;
        Ok(())
    }

    /// `position startpos|setup NAME|TEXT [moves ...]`.
    fn set_position(&mut self, rest: &str) -> Result<(), String> {
        let (game, options) = self.game.clone().ok_or("no game: send game ID first")?;
        let (start, moves) = match rest.split_once(" moves") {
            Some((start, moves)) => (start.trim(), moves),
            None if rest.starts_with("moves") => ("", &rest["moves".len()..]),
            None => (rest, ""),
        };
        let start = match start {
            "" => return Err("position needs startpos, setup NAME or a position text".into()),
            "startpos" => Start::Setup(None),
            text => match text.strip_prefix("setup ") {
                Some(name) => Start::Setup(Some(name.trim().to_string())),
                None => Start::Position(text.to_string()),
            },
        };
        let mut position = catalogue::new_game(game, start, options).map_err(|e| e.to_string())?;
        for action in actions(moves) {
            position
                .play_text(&action)
                .map_err(|e| format!("illegal move '{action}': {e}"))?;
        }
        self.position = Some(position);
        Ok(())
    }

    /// `go [movetime MS] [nodes N] [depth D]`: searches on its own thread,
    /// telling `info` at each depth and `bestmove` at the end.
    fn go(&mut self, rest: &str) -> Result<(), String> {
        let position = self
            .position
            .as_ref()
            .ok_or("no position: send game and position first")?;
        let (movetime, limits) = go_limits(rest)?;
        match position.phase() {
            Phase::Over => {
                self.say("info string the game is over");
                self.say("bestmove (none)");
                return Ok(());
            }
            Phase::Roll(_) => {
                return Err(
                    "the game waits for a roll of the dice: add it to position's moves as roll N N"
                        .into(),
                );
            }
            Phase::Move(_) => {}
        }
        let bounded = limits.depth.is_some() || limits.nodes.is_some();
        let budget = match movetime {
            Some(time) => time,
            None if bounded => UNTIMED,
            None => self.level.budget(),
        };
        let spirit = Spirit {
            level: self.level,
            budget,
            seed: 1,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(Arc::clone(&stop)),
            ..limits
        };
        let position = position.boxed_clone();
        let out = Arc::clone(&self.out);
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            let mut tell = |progress: &Progress<String>| {
                say(&out, &info_line(progress, started.elapsed()));
            };
            let best = position.think_within(&spirit, &limits, &mut tell);
            say(
                &out,
                &format!(
                    "bestmove {}",
                    best.map_or("(none)".to_string(), |thought| thought.mv)
                ),
            );
        });
        self.search = Some((thread, stop));
        Ok(())
    }
}

/// Writes one line and flushes it, so that the reader sees it at once.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A finished depth as an `info` line.
fn info_line(progress: &Progress<String>, elapsed: Duration) -> String {
    let score = match plies_to_end(progress.score) {
        Some(plies) => format!("mate {plies}"),
        None => format!("cp {}", progress.score),
    };
    let millis = elapsed.as_millis().max(1);
    format!(
        "info depth {} score {score} nodes {} nps {} time {millis} pv {}",
        progress.depth,
        progress.nodes,
        u128::from(progress.nodes) * 1000 / millis,
        progress.pv.join(" ")
    )
}

/// `go`'s limits: its time (if any) and the others.
fn go_limits(rest: &str) -> Result<(Option<Duration>, Limits), String> {
    let mut limits = Limits::default();
    let mut movetime = None;
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        let number = |value: Option<&str>| -> Result<u64, String> {
            value
                .and_then(|v| v.parse().ok())
                .filter(|&n| n > 0)
                .ok_or(format!("go {word} needs a whole number above 0"))
        };
        match word {
            "movetime" => movetime = Some(Duration::from_millis(number(words.next())?)),
            "nodes" => limits.nodes = Some(number(words.next())?),
            "depth" => {
                let depth = number(words.next())?;
                limits.depth = Some(u32::try_from(depth).map_err(|_| "depth is too deep")?);
            }
            other => {
                return Err(format!(
                    "unknown go limit '{other}': use movetime MS, nodes N or depth D"
                ));
            }
        }
    }
    Ok((movetime, limits))
}

/// The log lines a `moves` list holds: each move a word, and a roll of the
/// dice `roll` with its faces (`roll 2 4`), as the game's log writes it.
fn actions(moves: &str) -> Vec<String> {
    let mut actions: Vec<String> = Vec::new();
    for word in moves.split_whitespace() {
        match actions.last_mut() {
            Some(roll) if roll.starts_with("roll") && word.chars().all(|c| c.is_ascii_digit()) => {
                roll.push(' ');
                roll.push_str(word);
            }
            _ => actions.push(word.to_string()),
        }
    }
    actions
}

/// How to start a program that speaks the protocol: `PATH [ARGUMENT ...]`
/// (such as `old/seance engine`), split at spaces.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineCommand {
    /// The program.
    pub path: PathBuf,
    /// Its arguments.
    pub arguments: Vec<String>,
}

impl FromStr for EngineCommand {
    type Err = String;

    fn from_str(text: &str) -> Result<EngineCommand, String> {
        let mut words = text.split_whitespace();
        let path = words
            .next()
            .ok_or("an engine needs the program's path, as PATH [ARGUMENT ...]")?;
        Ok(EngineCommand {
            path: PathBuf::from(path),
            arguments: words.map(str::to_string).collect(),
        })
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        self.arguments.iter().try_for_each(|a| write!(f, " {a}"))
    }
}

/// Another program that speaks the protocol: a player of the arena, or the
/// spirit of a level (`[spirits] engines`).
pub struct Program {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    name: String,
}

/// How long a program may take to start and answer `isready`.
const STARTUP: Duration = Duration::from_secs(30);

/// What a program answered to `go`: its move, and the nodes and score of
/// its last `info` line.
pub struct Answer {
    /// The move, as the program wrote it.
    pub mv: String,
    /// Positions it said it looked at.
    pub nodes: u64,
    /// What it said the position is worth for the side to move, in
    /// hundredths of a pawn (a mate as a spirit's won game, [`WIN`], signed).
    pub score: Option<i32>,
}

impl Program {
    /// Starts the program `command` and sets it to play `game` with `options`.
    pub fn start(command: &EngineCommand, game: GameType, options: &Options) -> Result<Program> {
        let name = command.path.display().to_string();
        let mut child = Command::new(&command.path)
            .args(&command.arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {name}"))?;
        let input = child.stdin.take().context("the program's input")?;
        let output = child.stdout.take().context("the program's output")?;
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut program = Program {
            child,
            input,
            lines,
            name,
        };
        let options: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        program.send(&format!("game {} {}", game.id(), options.join(" ")))?;
        program.send("isready")?;
        program.wait_for("readyok", STARTUP)?;
        Ok(program)
    }

    /// Sends one line. A program that went away is an error of its own,
    /// not a broken pipe of ours (which `seance` takes for a reader of its
    /// output that stopped reading, and ends quietly).
    fn send(&mut self, line: &str) -> Result<()> {
        match writeln!(self.input, "{line}").and_then(|()| self.input.flush()) {
            Ok(()) => Ok(()),
            Err(error) => bail!("{} ended or stopped reading ({error})", self.name),
        }
    }

    /// Reads lines until one starting with `word`; an `error` line or
    /// silence past `limit` is an error.
    fn wait_for(&mut self, word: &str, limit: Duration) -> Result<Vec<String>> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with("error") => bail!("{}: {line}", self.name),
                Ok(line) => {
                    let found = line.split_whitespace().next() == Some(word);
                    seen.push(line);
                    if found {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    bail!("{} did not answer {word} within {limit:?}", self.name)
                }
                Err(RecvTimeoutError::Disconnected) => bail!("{} ended", self.name),
            }
        }
    }

    /// The program's move in `game` (from its start, through its log), in
    /// `movetime`.
    pub fn best_move(&mut self, game: &dyn AnyGame, movetime: Duration) -> Result<Answer> {
        let start = match game.start() {
            Start::Setup(None) => "startpos".to_string(),
            Start::Setup(Some(name)) => format!("setup {name}"),
            Start::Position(text) => text.clone(),
        };
        self.send(&format!("position {start} moves {}", game.log().join(" ")))?;
        self.send(&format!("go movetime {}", movetime.as_millis().max(1)))?;
        // A program may overrun its time a little; ten times is not a little.
        let lines = self.wait_for("bestmove", movetime * 10 + STARTUP)?;
        Answer::read(&self.name, &lines)
    }
}

impl Answer {
    /// The answer in a program's lines up to its `bestmove`.
    fn read(name: &str, lines: &[String]) -> Result<Answer> {
        let last = lines.last().map(String::as_str).unwrap_or("");
        let mv = last
            .split_whitespace()
            .nth(1)
            .filter(|mv| *mv != "(none)")
            .with_context(|| format!("{name} has no move: {last}"))?;
        let nodes = last_field(lines, "nodes")
            .and_then(|words| words.first()?.parse().ok())
            .unwrap_or(0);
        let score = last_field(lines, "score").and_then(|words| match words[..] {
            ["cp", value, ..] => value.parse().ok(),
            ["mate", value, ..] => {
                let plies: i32 = value.parse().ok()?;
                Some(if plies > 0 { WIN } else { -WIN })
            }
            _ => None,
        });
        Ok(Answer {
            mv: mv.to_string(),
            nodes,
            score,
        })
    }
}

/// The words after `key` in the last of `lines` that has it.
fn last_field<'a>(lines: &'a [String], key: &str) -> Option<Vec<&'a str>> {
    lines.iter().rev().find_map(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == key)?;
        Some(words[at + 1..].to_vec())
    })
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seance_engine::Action;

    /// The output of a session, shared with the search's thread.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().write(bytes)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The lines a session answers to `script`.
    fn session(script: &[&str]) -> Vec<String> {
        let out = Shared::default();
        let input = script.join("\n");
        serve(input.as_bytes(), out.clone()).expect("the session runs");
        let text = String::from_utf8(out.0.lock().unwrap().clone()).expect("text");
        text.lines().map(str::to_string).collect()
    }

    /// A game's first `plies` moves, each the first legal move (with the
    /// dice showing their lowest faces where the game rolls), as `position`
    /// takes them; and the game after them.
    fn opening(game: GameType, plies: usize) -> (String, Box<dyn AnyGame>) {
        let mut played = catalogue::new_game(game, Start::Setup(None), Options::new()).unwrap();
        let mut moves = 0;
        while moves < plies {
            match played.phase() {
                Phase::Roll(_) => {
                    let spec = played.dice_spec().unwrap();
                    played
                        .act(Action::Roll(vec![spec.lowest; spec.count]))
                        .unwrap();
                }
                Phase::Move(_) => {
                    let mv = played.legal_moves().remove(0);
                    played.play_text(&mv).unwrap();
                    moves += 1;
                }
                Phase::Over => break,
            }
        }
        // The game waits for a move: roll for it if it must.
        if let Phase::Roll(_) = played.phase() {
            let spec = played.dice_spec().unwrap();
            let faces: Vec<u8> = (0..spec.count as u8).map(|i| spec.lowest + i).collect();
            played.act(Action::Roll(faces)).unwrap();
        }
        (played.log().join(" "), played)
    }

    /// A session of every game: the position after a few moves (and rolls),
    /// a search two plies deep that tells each depth, and a legal best move.
    #[test]
    fn every_game_answers_a_scripted_session() {
        for game in GameType::ALL {
            let (moves, played) = opening(game, 3);
            let position = format!("position startpos moves {moves}");
            let chosen = format!("game {}", game.id());
            let lines = session(&[&chosen, "isready", &position, "go depth 2"]);
            assert_eq!(lines[0], "readyok", "{game:?}: {lines:?}");
            let depths: Vec<&str> = lines[1..lines.len() - 1]
                .iter()
                .map(|l| l.split_whitespace().nth(2).unwrap_or(""))
                .collect();
            assert_eq!(depths, ["1", "2"], "{game:?}: {lines:?}");
            for info in &lines[1..lines.len() - 1] {
                let words: Vec<&str> = info.split_whitespace().collect();
                assert_eq!(words[..2], ["info", "depth"], "{info}");
                assert!(words.contains(&"nodes") && words.contains(&"nps"), "{info}");
                let pv = words.iter().position(|w| *w == "pv").expect("a pv");
                let first = words.get(pv + 1).expect("a move in the pv");
                assert!(played.legal_moves().contains(&first.to_string()), "{info}");
            }
            let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
            assert!(
                played.legal_moves().contains(&best.to_string()),
                "{game:?}: {best} is not legal in {:?}",
                played.legal_moves()
            );
        }
    }

    /// The position text of a game is a start as good as its setup: here
    /// White takes Black's last queen, and the score says the game is won.
    #[test]
    fn a_position_text_starts_where_it_says() {
        let lines = session(&[
            "game through",
            "position 3q4/8/8/8/8/8/8/3QQ3 w 0 1",
            "go depth 1",
        ]);
        assert!(
            lines[0].starts_with("info depth 1 score mate 1 "),
            "{lines:?}"
        );
        assert_eq!(lines.last().unwrap(), "bestmove d1d8", "{lines:?}");
    }

    /// Bad input gets an `error` line and changes nothing.
    #[test]
    fn bad_input_is_an_error_and_changes_nothing() {
        let lines = session(&[
            "go",
            "game nochess",
            "position startpos",
            "game through colour=blue",
            "game through",
            "go depth 1",
            "position startpos moves e2e4 e2e4",
            "position startpos moves e2e4",
            "go sideways 3",
            "go depth 0",
            "position startpos moves e2e4 e7e5 x9",
            "dance",
            "level wizard",
            "go depth 1",
        ]);
        let expected = [
            "error no position: send game and position first",
            "error there is no game 'nochess'",
            "error no game: send game ID first",
            "error unknown option 'colour'",
            "error no position: send game and position first",
            "error illegal move 'e2e4':",
            "error unknown go limit 'sideways': use movetime MS, nodes N or depth D",
            "error go depth needs a whole number above 0",
            "error illegal move 'x9':",
            "error unknown command 'dance'",
            "error unknown spirit level \"wizard\"",
        ];
        for (line, start) in lines.iter().zip(expected) {
            assert!(line.starts_with(start), "{line:?} should start {start:?}");
        }
        // The position after e2e4 stands: Black moves.
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        let mut after =
            catalogue::new_game(GameType::Through, Start::Setup(None), Options::new()).unwrap();
        after.play_text("e2e4").unwrap();
        assert!(after.legal_moves().contains(&best.to_string()), "{lines:?}");
    }

    /// A game that waits for dice cannot be searched until the roll is given.
    #[test]
    fn a_roll_is_part_of_the_position() {
        let lines = session(&[
            "game chaturaji",
            "position startpos",
            "go depth 1",
            "position startpos moves roll 1 1",
            "go depth 1",
        ]);
        assert!(
            lines[0].starts_with("error the game waits for a roll"),
            "{lines:?}"
        );
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    }

    /// `stop` ends a search that would run for a day, with a move.
    #[test]
    fn stop_ends_the_search_with_a_move() {
        let lines = session(&[
            "game tamerlane",
            "position startpos",
            "go movetime 86400000",
            "stop",
            "isready",
        ]);
        let best = lines.iter().position(|l| l.starts_with("bestmove "));
        let ready = lines.iter().position(|l| l == "readyok");
        assert!(best.is_some() && ready > best, "{lines:?}");
        let lines = session(&["game through", "position startpos", "go depth 60", "quit"]);
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    }

    /// A finished game has no move to give.
    #[test]
    fn a_finished_game_has_no_best_move() {
        let lines = session(&["game through", "position 8/8/8/8/8/8/8/3QQ3 b 0 1", "go"]);
        assert_eq!(lines.last().unwrap(), "bestmove (none)", "{lines:?}");
    }

    /// The arena reads a program's move, and the nodes and score of its
    /// last `info` line: hundredths of a pawn, or a mate past any of them.
    #[test]
    fn an_answer_has_the_last_info_lines_nodes_and_score() {
        let lines = |text: &str| -> Vec<String> { text.lines().map(str::to_string).collect() };
        let answer = Answer::read(
            "old",
            &lines(
                "info depth 1 score cp 40 nodes 12 nps 1 time 1 pv e2e4\n\
                 info depth 2 score cp -125 nodes 90 nps 1 time 1 pv e2e4 e7e5\n\
                 bestmove e2e4",
            ),
        )
        .expect("an answer");
        assert_eq!((answer.mv.as_str(), answer.nodes), ("e2e4", 90));
        assert_eq!(answer.score, Some(-125));
        let mated = Answer::read(
            "old",
            &lines("info depth 3 score mate -2 nodes 7 pv a1a2\nbestmove a1a2"),
        )
        .expect("an answer");
        assert_eq!(mated.score, Some(-WIN));
        let silent = Answer::read("old", &lines("bestmove a1a2")).expect("an answer");
        assert_eq!((silent.nodes, silent.score), (0, None));
        let none = Answer::read("old", &lines("bestmove (none)"));
        assert!(none.is_err_and(|e| e.to_string() == "old has no move: bestmove (none)"));
    }
}
