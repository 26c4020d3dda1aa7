use std::time::Duration;

use super::*;
use crate::catalogue::{GameType, Visitor};
use crate::game::{Game, Start};
use crate::options::Options;
use crate::seat::Phase;
use crate::through::Through;

fn spirit(level: Level, millis: u64) -> Spirit {
    Spirit {
        budget: Duration::from_millis(millis),
        ..Spirit::new(level, 7)
    }
}

fn through(text: &str) -> Through {
    Through::from_text(text, &Options::new()).expect("valid position")
}

fn text_of(position: &Through, mv: <Through as Variant>::Move) -> String {
    crate::notation::format_move::<Through>(position.geometry(), &position.describe(mv))
}

#[test]
fn levels_read_back_and_strangers_are_named() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert_eq!(" Master ".parse::<Level>(), Ok(Level::Master));
    let error = "grandmaster".parse::<Level>().unwrap_err();
    assert!(error.to_string().contains("novice"), "{error}");
}

#[test]
fn a_hanging_queen_is_taken_in_through_chess() {
    // Black's queen on d5 is attacked by White's on d1 and defended by nothing.
    let position = through("7q/8/8/3q4/8/8/7P/3Q4 w 0 1");
    for level in [Level::Greedy, Level::Novice, Level::Adept, Level::Master] {
        let thought = spirit(level, 200).think(&position).expect("a move");
        assert_eq!(text_of(&position, thought.mv), "d1d5", "{level}");
    }
}

#[test]
fn the_same_seed_repeats_the_same_choice() {
    let position = through("3qq3/pppppppp/8/8/8/8/PPPPPPPP/3QQ3 w 0 1");
    // Levels whose depth ends before their time do: the same seed, the same move.
    for level in [Level::Random, Level::Greedy, Level::Novice] {
        let a = spirit(level, 60_000).think(&position).unwrap().mv;
        let b = spirit(level, 60_000).think(&position).unwrap().mv;
        assert_eq!(a, b, "{level}");
    }
}

/// Every level answers with a legal move from thousands of positions all
/// along random games of every game, dice and all, and stops in time.
struct AlwaysLegal;

impl Visitor for AlwaysLegal {
    type Output = ();

    fn visit<V: Variant>(self) {
        let mut rng = Rng::new(11);
        for game_number in 0..4 {
            let mut game =
                Game::<V>::new(Start::Setup(None), Options::new()).expect("the default setup");
            for ply in 0..400 {
                let position = game.position().clone();
                match game.phase() {
                    Phase::Over => break,
                    Phase::Roll(_) => {
                        let spec = position.dice_spec().expect("dice");
                        let dice = spec
                            .roll(&mut std::iter::repeat_with(|| rng.number() as u8))
                            .expect("endless bytes");
                        game.play(crate::game::Action::Roll(dice)).expect("a roll");
                        continue;
                    }
                    Phase::Move(_) => {}
                }
                let legal = position.legal_moves();
                let level = Level::ALL[(ply + game_number) % Level::ALL.len()];
                let thought = Spirit {
                    budget: Duration::from_millis(3),
                    ..Spirit::new(level, rng.number())
                }
                .think(&position);
                let Some(thought) = thought else {
                    assert!(legal.is_empty(), "{} {level}: no move", V::info().id);
                    break;
                };
                assert!(
                    legal.contains(&thought.mv),
                    "{} {level}: an illegal move in {}",
                    V::info().id,
                    position.to_text()
                );
                // Out of time at once, a master still answers, having run
                // at most a clock interval (and the few nodes that unwind it).
                let hurried = Spirit {
                    budget: Duration::ZERO,
                    ..Spirit::new(Level::Master, rng.number())
                }
                .think(&position)
                .expect("a move");
                assert!(legal.contains(&hurried.mv), "{}", V::info().id);
                assert!(
                    hurried.nodes <= search::CLOCK_EVERY + 64,
                    "{}: {} nodes past the time",
                    V::info().id,
                    hurried.nodes
                );
                // Continue at random, to reach all kinds of positions.
                let mv = legal[rng.below(legal.len())];
                game.play(crate::game::Action::Move(mv))
                    .expect("a legal move");
            }
        }
    }
}

#[test]
fn every_level_plays_legal_moves_in_every_game() {
    for game in GameType::ALL {
        game.visit(AlwaysLegal);
    }
}

#[test]
fn through_chess_minds_exposed_queens_and_runners() {
    let white = |text: &str| value::balance(&through(text), crate::seat::Team(0));
    // Black's rook on c8 attacks White's queen on c1 through everything; on h7
    // it attacks neither queen.
    assert!(white("qqr5/8/8/8/8/8/8/2Q1Q3 w 0 1") < white("qq6/7r/8/8/8/8/8/2Q1Q3 w 0 1"));
    // A pawn one step from its superqueen is worth more than one at home.
    assert!(white("qq6/4P3/8/8/8/8/8/2Q1Q3 w 0 1") > white("qq6/8/8/8/8/8/4P3/2Q1Q3 w 0 1"));
}
