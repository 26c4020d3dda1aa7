//! Spirits in Chaturaji: captures are points, and they take the biggest.

use std::time::Duration;

use super::*;
use crate::chaturaji::ChaturajiNoDice as NoDice;
use crate::seat::Team;
use crate::spirit::{Level, Spirit, value};

/// The squares a spirit of `level` moves from and to, with 300 ms to think.
fn chosen<V: Variant>(game: &Game<V>, level: Level, seed: u64) -> (String, String) {
    let spirit = Spirit {
        budget: Duration::from_millis(300),
        ..Spirit::new(level, seed)
    };
    let thought = spirit.think(game.position()).expect("a move");
    let info = game.position().describe(thought.mv);
    let name = |s| game.position().geometry().name(s).to_string();
    (name(info.from), name(info.to))
}

/// How a spirit weighs the position for Red.
fn reds_balance<V: Variant>(game: &Game<V>) -> i32 {
    value::balance(game.position(), Team(0))
}

#[test]
fn a_spirit_takes_the_biggest_points() {
    // Red's boat on d4 may take Yellow's pawn on d6 (1 point) or Blue's boat
    // on g4 (5 points); nothing takes back on either square.
    let men = [
        ("d4", "rR"),
        ("d6", "yP"),
        ("g4", "bR"),
        ("d1", "rK"),
        ("a5", "bK"),
        ("e8", "yK"),
        ("h1", "gK"),
    ];
    let game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    // (A novice may settle for the smaller capture: it plays imprecisely.)
    for level in [Level::Greedy, Level::Adept, Level::Master] {
        assert_eq!(chosen(&game, level, 3).1, "g4", "{level}");
    }
}

#[test]
fn a_spirit_takes_from_the_leader() {
    // Red's boat on d4 may take Yellow's pawn on d7 or Blue's on b4, a point
    // each, both six steps from promoting, and nothing takes back. Blue
    // leads with 10 points: only first place wins, so Red takes from Blue.
    // (After either capture the boat needs two moves for the other pawn: a
    // search of two plies, Red's move and a rival's answer, sees only the
    // first capture; a deeper one takes both pawns in either order.)
    let men = [
        ("d4", "rR"),
        ("d7", "yP"),
        ("b4", "bP"),
        ("d1", "rK"),
        ("a8", "bK"),
        ("g8", "yK"),
        ("h1", "gK"),
    ];
    let game = position::<NoDice>(&text(&men, "r - 0,10,0,0 - 0 -"), &[]);
    let limits = crate::spirit::Limits {
        depth: Some(2),
        ..Default::default()
    };
    for seed in 1..=6 {
        let thought =
            Spirit::new(Level::Master, seed).think_within(game.position(), &limits, &mut |_| {});
        let to = game.position().describe(thought.expect("a move").mv).to;
        assert_eq!(
            game.position().geometry().name(to).to_string(),
            "b4",
            "seed {seed}"
        );
    }
}

#[test]
fn the_search_tells_rolls_apart() {
    // The same men with other dice allow other moves, so a search must not
    // file them together; repetition still looks at the men alone.
    let start = setup::<crate::chaturaji::ChaturajiModern>(&[]);
    let rolled = |dice: &[u8]| {
        let mut position = start.position().clone();
        position.roll(dice).expect("a fair roll");
        position
    };
    let (low, high) = (rolled(&[2, 3]), rolled(&[4, 1]));
    assert_eq!(low.hash(), high.hash());
    assert_ne!(low.search_key(), high.search_key());
    assert_ne!(low.search_key(), start.position().search_key());
}

#[test]
fn points_and_staying_in_play_count() {
    let balance = |rest: &str| {
        let men = [("d1", "rK"), ("a5", "bK"), ("e8", "yK"), ("h1", "gK")];
        reds_balance(&position::<NoDice>(&text(&men, rest), &[]))
    };
    // Red's points are Red's goal.
    assert!(balance("r - 5,0,0,0 - 0 -") > balance("r - 0,0,0,0 - 0 -"));
    // Points a rival holds count against Red.
    assert!(balance("r - 0,5,0,0 - 0 -") < balance("r - 0,0,0,0 - 0 -"));
    // Only first place wins: one rival four points behind Red is a closer
    // race than three rivals with the same points between them, further back.
    assert!(balance("r - 6,2,2,2 - 0 -") > balance("r - 6,6,0,0 - 0 -"));
}

#[test]
fn with_dice_a_man_within_a_rivals_reach_counts_less() {
    // Red's elephant on d4, Green's horse on e6 (which attacks d4) or on e7
    // (which does not). Three rivals move before Red again, each with the
    // dice to find: the elephant in reach is likely lost.
    let balance = |horse: &'static str| {
        let men = [
            ("d4", "rE"),
            (horse, "gH"),
            ("a3", "rK"),
            ("h1", "gK"),
            ("e8", "yK"),
            ("a6", "kK"),
        ];
        let game =
            position::<crate::chaturaji::ChaturajiClassic>(&text(&men, "g 22 0,0,0,0 - 0 -"), &[]);
        reds_balance(&game)
    };
    assert!(balance("e6") < balance("e7"));
}

#[test]
fn a_dice_spirit_takes_the_biggest_points_its_roll_allows() {
    // Red rolled 3 and 2: horse or boat. The elephant's capture of Green's
    // elephant (5 points) is not allowed; the boat takes Green's horse on e5
    // (3 points) rather than the horse Yellow's pawn on c2 (1 point).
    let men = [
        ("c3", "rB"),
        ("a1", "rH"),
        ("h4", "rE"),
        ("a3", "rK"),
        ("e5", "gH"),
        ("h7", "gE"),
        ("h1", "gK"),
        ("c2", "yP"),
        ("e8", "yK"),
        ("a6", "kK"),
    ];
    let game =
        position::<crate::chaturaji::ChaturajiModern>(&text(&men, "r 32 0,0,0,0 - 0 -"), &[]);
    for level in [Level::Adept, Level::Master] {
        let squares = chosen(&game, level, 3);
        assert_eq!(squares, ("c3".into(), "e5".into()), "{level}");
    }
}

#[test]
fn the_best_reply_search_hands_the_turn_to_any_seat_in_play() {
    // Red has rolled 3 and 2; the search asks what Black would do now.
    let men = [
        ("c3", "rB"),
        ("a3", "rK"),
        ("h1", "gK"),
        ("e8", "yK"),
        ("a6", "kK"),
        ("b6", "kH"),
    ];
    let game =
        position::<crate::chaturaji::ChaturajiModern>(&text(&men, "r 32 0,0,0,0 - 0 -"), &[]);
    let black = game.position().turn_to(BLACK).expect("Black is in play");
    // Black awaits its own roll; the men are where they were.
    assert_eq!(black.phase(), Phase::Roll(BLACK));
    assert!(black.dice().is_empty());
    assert_eq!(
        black.turn_to(RED).map(|p| p.to_text()),
        Some(text(&men, "r roll 0,0,0,0 - 0 -"))
    );
    // A seat with no men left takes no turn.
    let without_green = men.iter().filter(|(_, m)| !m.starts_with('g'));
    let men: Vec<_> = without_green.copied().collect();
    let game =
        position::<crate::chaturaji::ChaturajiModern>(&text(&men, "r 32 0,0,0,0 - 0 -"), &[]);
    assert!(game.position().turn_to(GREEN).is_none());
    // Without dice the seat handed the turn moves at once.
    let men = [("d1", "rK"), ("a5", "bK"), ("e8", "yK"), ("h1", "gK")];
    let game = position::<NoDice>(&text(&men, "r - 0,0,0,0 - 0 -"), &[]);
    let yellow = game.position().turn_to(YELLOW).expect("Yellow is in play");
    assert_eq!(yellow.phase(), Phase::Move(YELLOW));
    assert_eq!(
        yellow.turn_to(RED).map(|p| p.to_text()),
        Some(text(&men, "r - 0,0,0,0 - 0 -"))
    );
}

/// A roll that leaves a seat no move passes the turn, and the pass costs the
/// search a ply: a depth-limited search of the dice games ends well within a
/// node budget, even where a run of passes and handed-back turns could
/// otherwise go on for ever. (In the modern game, one move a turn, every
/// line ends on the rivals' reply, so its two plies search as deep as
/// al-Biruni's three.)
#[test]
fn a_depth_limited_dice_search_ends() {
    fn finishes<V: Variant>(depth: u32) {
        let mut game = setup::<V>(&[]);
        roll(&mut game, &[1, 1]);
        let limits = crate::spirit::Limits {
            depth: Some(depth),
            nodes: Some(50_000_000),
            stop: None,
        };
        let mut deepest = 0;
        let spirit = Spirit::new(Level::Master, 1);
        let thought = spirit.think_within(game.position(), &limits, &mut |progress| {
            deepest = progress.depth;
        });
        assert!(thought.is_some(), "{}", V::info().id);
        assert_eq!(deepest, depth, "{}", V::info().id);
    }
    finishes::<crate::chaturaji::ChaturajiModern>(2);
    finishes::<crate::chaturaji::ChaturajiClassic>(3);
}

/// A line never ends before every rival has answered the spirit's move: a
/// search one ply deep weighs the moves as the search two plies deep does,
/// in the modern game and without dice (one move a turn, best replies).
#[test]
fn the_rivals_always_reply_before_the_horizon() {
    /// The best score of a master's search one ply deep and two plies deep.
    fn scores<V: Variant>(game: &Game<V>) -> Vec<i32> {
        let limits = crate::spirit::Limits {
            depth: Some(2),
            nodes: Some(50_000_000),
            stop: None,
        };
        let mut scores = Vec::new();
        Spirit::new(Level::Master, 1).think_within(game.position(), &limits, &mut |progress| {
            scores.push(progress.score);
        });
        scores
    }
    let mut modern = setup::<crate::chaturaji::ChaturajiModern>(&[]);
    roll(&mut modern, &[3, 2]);
    let mut searched = vec![scores(&modern)];
    // Without dice, from the positions of a few random openings (where men
    // are in reach, which only a reply may save).
    for seed in 1..4 {
        let mut rng = crate::spirit::Rng::new(seed);
        let mut nodice = setup::<NoDice>(&[]);
        for _ in 0..12 {
            let moves = nodice.position().legal_moves();
            nodice
                .play(Action::Move(moves[rng.below(moves.len())]))
                .unwrap();
        }
        searched.push(scores(&nodice));
    }
    for scores in searched {
        assert_eq!(scores.len(), 2, "both depths finish: {scores:?}");
        assert_eq!(scores[0], scores[1]);
    }
}

/// The shared appraisal (each seat's attacks found once, men counted by
/// kind) is the plain one, square by square and seat by seat, in every
/// position of random games under all three rule sets.
#[test]
fn the_shared_appraisal_is_the_plain_one() {
    fn along<V: Variant>(seed: u64) {
        let mut rng = crate::spirit::Rng::new(seed);
        let mut game = setup::<V>(&[]);
        for _ in 0..120 {
            let position = game.position();
            assert_eq!(position.appraisal(), value::appraisal(position), "{game:?}");
            match game.phase() {
                Phase::Over => return,
                Phase::Roll(_) => {
                    let faces = [1 + rng.below(4) as u8, 1 + rng.below(4) as u8];
                    game.play(Action::Roll(faces.to_vec())).unwrap();
                }
                Phase::Move(_) => {
                    let moves = game.position().legal_moves();
                    let mv = moves[rng.below(moves.len())];
                    game.play(Action::Move(mv)).unwrap();
                }
            }
        }
    }
    for seed in 1..4 {
        along::<crate::chaturaji::ChaturajiModern>(seed);
        along::<crate::chaturaji::ChaturajiClassic>(seed);
        along::<NoDice>(seed);
    }
}
