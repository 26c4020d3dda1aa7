//! Runs every perft fixture in `tests/perft/`: one file per game (named by its
//! id), cases separated by `id` lines. Depths whose count exceeds the node
//! limit are skipped so that `cargo test` stays quick; the benchmark and
//! `seance perft` go deeper.

use std::fs;
use std::path::Path;

use seance_engine::catalogue::{GameType, Visitor};
use seance_engine::perft::perft;
use seance_engine::{Game, Options, Start, Variant};

/// The most leaves one fixture line may count in a test run.
const NODE_LIMIT: u64 = 100_000_000;

#[derive(Default, Debug)]
struct Case {
    id: String,
    start: Option<Start>,
    options: Vec<String>,
    counts: Vec<(u32, u64)>,
}

struct Run<'a>(&'a Case);

impl Visitor for Run<'_> {
    type Output = usize;
    fn visit<V: Variant>(self) -> usize {
        let case = self.0;
        let options = Options::parse(case.options.iter().map(String::as_str)).expect("options");
        let start = case.start.clone().unwrap_or(Start::Setup(None));
        let game = Game::<V>::new(start, options).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let mut checked = 0;
        for &(depth, nodes) in &case.counts {
            if nodes > NODE_LIMIT {
                continue;
            }
            assert_eq!(
                perft(game.position(), depth),
                nodes,
                "{} depth {depth}",
                case.id
            );
            checked += 1;
        }
        checked
    }
}

fn cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if word == "id" {
            cases.push(Case {
                id: rest.to_owned(),
                ..Case::default()
            });
            continue;
        }
        let case = cases.last_mut().expect("an id line first");
        match word {
            "position" => case.start = Some(Start::Position(rest.to_owned())),
            "setup" => case.start = Some(Start::Setup(Some(rest.to_owned()))),
            "option" => case.options.push(rest.to_owned()),
            "perft" => {
                let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
                case.counts
                    .push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("unknown fixture line '{other}'"),
        }
    }
    cases
}

#[test]
fn perft_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut checked = 0;
    for entry in fs::read_dir(dir).expect("fixture folder") {
        let path = entry.expect("fixture file").path();
        let game: GameType = path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .parse()
            .expect("a fixture file is named for its game");
        let text = fs::read_to_string(&path).expect("fixture text");
        for case in cases(&text) {
            checked += game.visit(Run(&case));
        }
    }
    assert!(checked > 0, "no perft fixture was checked");
}
