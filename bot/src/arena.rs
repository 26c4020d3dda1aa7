//! `seance arena`: games between two players, spirit levels or programs
//! that speak the engine protocol, to measure them. Sides swap fairly: in
//! two-army and team games A takes each side in turn; in the free-for-all
//! Chaturaji games A holds one seat in turn against three of B. Each game's
//! result is printed (with every seat's final points where the game scores
//! them), then A's score with its margin and the Elo difference it means,
//! then `a_score=<0..1> games=<N>`.

use std::fmt;
use std::io::Write;
use std::str::FromStr;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use seance_engine::catalogue::{self, GameType};
use seance_engine::spirit::{Level, Limits, Rng, Spirit};
use seance_engine::{Action, AnyGame, Options, Phase, Seat, Start};

use crate::protocol::{EngineCommand, Program};

/// A player of the arena: a spirit level of this build, or another program
/// that speaks the engine protocol (`exe:PATH [ARGUMENT ...]`, such as
/// `exe:old/seance engine`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Player {
    /// A spirit of this build.
    Spirit(Level),
    /// A program.
    Program(EngineCommand),
}

impl FromStr for Player {
    type Err = String;

    fn from_str(text: &str) -> Result<Player, String> {
        match text.strip_prefix("exe:") {
            Some(command) => command.parse().map(Player::Program),
            None => text.parse().map(Player::Spirit).map_err(
                |e: seance_engine::spirit::UnknownLevel| format!("{e}, or exe:PATH for a program"),
            ),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Spirit(level) => write!(f, "{level}"),
            Player::Program(command) => write!(f, "exe:{command}"),
        }
    }
}

/// A player ready to move: a spirit level, or a running program.
enum Seated {
    Spirit(Level),
    Program(Box<Program>),
}

impl Seated {
    fn start(player: &Player, game: GameType) -> Result<Seated> {
        Ok(match player {
            Player::Spirit(level) => Seated::Spirit(*level),
            Player::Program(command) => {
                Seated::Program(Box::new(Program::start(command, game, &Options::new())?))
            }
        })
    }

    /// Its move in `game`, the positions it looked at and what it said the
    /// position is worth for the side to move.
    fn choose(
        &mut self,
        game: &dyn AnyGame,
        movetime: Option<Duration>,
        rng: &mut Rng,
    ) -> Result<Choice> {
        match self {
            Seated::Spirit(level) => {
                let mut spirit = Spirit::new(*level, rng.number());
                if let Some(time) = movetime.filter(|_| level.budget() > Duration::ZERO) {
                    spirit.budget = time;
                }
                let mut score = None;
                let thought = game
                    .think_within(&spirit, &Limits::default(), &mut |progress| {
                        score = Some(progress.score)
                    })
                    .context("the seat to move has no move")?;
                Ok(Choice {
                    mv: thought.mv,
                    nodes: thought.nodes,
                    score,
                })
            }
            Seated::Program(program) => {
                let time = movetime.unwrap_or(Level::Master.budget());
                let answer = program.best_move(game, time)?;
                Ok(Choice {
                    mv: answer.mv,
                    nodes: answer.nodes,
                    score: answer.score,
                })
            }
        }
    }
}

/// A player's move, its nodes, and its score for the side to move (none
/// from a player that does not search).
struct Choice {
    mv: String,
    nodes: u64,
    score: Option<i32>,
}

/// Adjudication of a game between two sides: it ends as soon as both agree
/// it is decided, each side's last [`Resign::MOVES`] moves scored `score`
/// or more for the one and `-score` or less for the other. It spares the
/// long endings of won games (engine matches commonly adjudicate this way).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Resign {
    /// The score, in hundredths of a pawn.
    pub score: i32,
}

impl Resign {
    /// How many moves in a row each side must have scored it.
    pub const MOVES: usize = 4;

    /// A resignation at `score` hundredths of a pawn.
    pub fn at(score: i32) -> Result<Resign> {
        if score <= 0 {
            bail!("--resign must be a score above 0 (hundredths of a pawn), not {score}");
        }
        Ok(Resign { score })
    }
}

/// The runs of scores of a game's two sides (A's side first) that decide it
/// under a [`Resign`]: moves in a row scored winning, and losing.
#[derive(Default)]
struct Verdict {
    winning: [usize; 2],
    losing: [usize; 2],
}

impl Verdict {
    /// Counts a move of `side` that scored `score` for it; returns the side
    /// that lost, once both sides agree.
    fn count(&mut self, rule: Resign, side: usize, score: Option<i32>) -> Option<usize> {
        let (won, lost) = match score {
            Some(score) => (score >= rule.score, score <= -rule.score),
            None => (false, false),
        };
        self.winning[side] = if won { self.winning[side] + 1 } else { 0 };
        self.losing[side] = if lost { self.losing[side] + 1 } else { 0 };
        (0..2).find(|&loser| {
            self.losing[loser] >= Resign::MOVES && self.winning[1 - loser] >= Resign::MOVES
        })
    }
}

/// A game that runs longer than this many actions is scored a draw.
const MAX_ACTIONS: usize = 2000;

/// What to play.
pub struct Match {
    /// Which game.
    pub game: GameType,
    /// Player A, whose score is reported.
    pub a: Player,
    /// Player B.
    pub b: Player,
    /// How many games.
    pub games: usize,
    /// The seed of the dice and of the spirits' choices.
    pub seed: u64,
    /// The time per move, if not the levels' own (a program's is a
    /// master's unless given).
    pub movetime: Option<Duration>,
    /// Whether and when a game of two sides is adjudicated.
    pub resign: Option<Resign>,
}

/// How one game went for A: 1 a win (or first place), 0.5 a draw, 0 a loss.
struct Played {
    score: f64,
    actions: usize,
    result: String,
}

/// Plays the match, printing as it goes; returns A's score.
pub fn run(plan: &Match, out: &mut impl Write) -> Result<f64> {
    let info = plan.game.info();
    if plan.games == 0 {
        bail!("--games must be at least 1");
    }
    let teams: Vec<u8> = {
        let mut teams: Vec<u8> = info.seats.iter().map(|s| s.team.0).collect();
        teams.sort_unstable();
        teams.dedup();
        teams
    };
    if plan.resign.is_some() && teams.len() != 2 {
        bail!(
            "--resign needs a game of two sides; {} has {}",
            plan.game.id(),
            teams.len()
        );
    }
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut players = [
        Seated::start(&plan.a, plan.game)?,
        Seated::start(&plan.b, plan.game)?,
    ];
    let mut scores = Vec::with_capacity(plan.games);
    for number in 0..plan.games {
        // A plays one team (in a free-for-all each seat is its own team), in turn.
        let team = teams[number % teams.len()];
        let a_seats: Vec<Seat> = (0..info.seats.len() as u8)
            .map(Seat)
            .filter(|s| info.seats[usize::from(s.0)].team.0 == team)
            .collect();
        let played = play(plan, number, &a_seats, &mut players, &mut tally)?;
        scores.push(played.score);
        let colors: Vec<String> = a_seats
            .iter()
            .map(|s| info.seats[usize::from(s.0)].color.to_string())
            .collect();
        writeln!(
            out,
            "game {} a={} {} actions={} a_points={}",
            number + 1,
            colors.join("+"),
            played.result,
            played.actions,
            played.score
        )?;
    }
    let score = scores.iter().sum::<f64>() / plan.games as f64;
    let seconds = tally.thinking.as_secs_f64().max(1e-9);
    writeln!(
        out,
        "time={:.1}s a_moves={} a_nodes={} a_nps={:.0} a_longest={}ms",
        started.elapsed().as_secs_f64(),
        tally.moves,
        tally.nodes,
        tally.nodes as f64 / seconds,
        tally.longest.as_millis()
    )?;
    // The rating gap this score means, before the last line, which stays the score.
    let members = info.seats.iter().filter(|s| s.team.0 == teams[0]).count();
    writeln!(
        out,
        "rating_gap={:+} (A over B in shown rating points)",
        crate::ratings::gap(score, plan.games, teams.len(), members)
    )?;
    writeln!(out, "{}", Measure::of(&scores, teams.len()))?;
    writeln!(out, "a_score={score:.3} games={}", plan.games)?;
    Ok(score)
}

/// A's score with its 95% margin, and the Elo difference it means with its
/// interval. Against `sides − 1` equal rivals a player of `d` Elo more
/// finishes first with the share `q / (q + sides − 1)`, `q = 10^(d/400)`
/// (with two sides, Elo's own expectation), so `d = 400·log10((sides −
/// 1)·s / (1 − s))`.
struct Measure {
    score: f64,
    margin: f64,
    sides: usize,
}

impl Measure {
    /// The measure of a match's per-game scores between `sides` sides.
    fn of(scores: &[f64], sides: usize) -> Measure {
        let n = scores.len() as f64;
        let score = scores.iter().sum::<f64>() / n;
        let spread = scores.iter().map(|s| (s - score).powi(2)).sum::<f64>() / n;
        Measure {
            score,
            margin: 1.96 * (spread / n).sqrt(),
            sides,
        }
    }

    /// The Elo difference a score means; endless at 0 and 1.
    fn elo(&self, score: f64) -> f64 {
        let rivals = (self.sides.max(2) - 1) as f64;
        400.0 * (rivals * score / (1.0 - score)).log10()
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let elo = |score: f64| match self.elo(score.clamp(0.0, 1.0)) {
            e if e.is_finite() => format!("{e:+.0}"),
            e if e > 0.0 => "+inf".to_string(),
            _ => "-inf".to_string(),
        };
        write!(
            f,
            "score={:.3}±{:.3} elo={} [{}, {}] (95%)",
            self.score,
            self.margin,
            elo(self.score),
            elo(self.score - self.margin),
            elo(self.score + self.margin)
        )
    }
}

/// What A's thinking cost over the match.
#[derive(Default)]
struct Tally {
    moves: u64,
    nodes: u64,
    thinking: Duration,
    /// The longest A took for one move (its budget should bound it).
    longest: Duration,
}

/// One game, A on `a_seats`.
fn play(
    plan: &Match,
    number: usize,
    a_seats: &[Seat],
    players: &mut [Seated; 2],
    tally: &mut Tally,
) -> Result<Played> {
    let mut game: Box<dyn AnyGame> =
        catalogue::new_game(plan.game, Start::Setup(None), Options::new())?;
    let mut rng = Rng::new(plan.seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut verdict = Verdict::default();
    for actions in 0..MAX_ACTIONS {
        let seat = match game.phase() {
            Phase::Over => {
                let outcome = game.outcome().context("a finished game has a result")?;
                // A share of first place counts its share; a draw counts half.
                let ours = outcome
                    .winners
                    .iter()
                    .filter(|s| a_seats.contains(s))
                    .count();
                let score = match outcome.winners.len() {
                    0 => 0.5,
                    all => ours as f64 / all as f64,
                };
                let mut result = format!("{:?}", outcome.reason).to_lowercase();
                if !outcome.scores.is_empty() {
                    let scores: Vec<String> = outcome.scores.iter().map(i32::to_string).collect();
                    result.push_str(&format!(" scores={}", scores.join(",")));
                }
                return Ok(Played {
                    score,
                    actions,
                    result,
                });
            }
            Phase::Roll(_) => {
                let spec = game.dice_spec().context("a roll needs dice")?;
                let dice = spec
                    .roll(&mut std::iter::repeat_with(|| rng.number() as u8))
                    .context("endless bytes")?;
                game.act(Action::Roll(dice))?;
                continue;
            }
            Phase::Move(seat) => seat,
        };
        let ours = a_seats.contains(&seat);
        let player = &mut players[usize::from(!ours)];
        let start = Instant::now();
        let choice = player.choose(game.as_ref(), plan.movetime, &mut rng)?;
        if ours {
            let took = start.elapsed();
            tally.moves += 1;
            tally.nodes += choice.nodes;
            tally.thinking += took;
            tally.longest = tally.longest.max(took);
        }
        game.act(Action::Move(choice.mv))?;
        let side = usize::from(!ours);
        if let Some(loser) = plan
            .resign
            .and_then(|rule| verdict.count(rule, side, choice.score))
        {
            return Ok(Played {
                score: if loser == 0 { 0.0 } else { 1.0 },
                actions: actions + 1,
                result: "adjudicated".to_string(),
            });
        }
    }
    Ok(Played {
        score: 0.5,
        actions: MAX_ACTIONS,
        result: "unfinished".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena(game: GameType, a: Level, b: Level, games: usize) -> (Vec<String>, f64) {
        let plan = Match {
            game,
            a: Player::Spirit(a),
            b: Player::Spirit(b),
            games,
            seed: 3,
            movetime: Some(Duration::from_millis(5)),
            resign: None,
        };
        let mut out = Vec::new();
        let score = run(&plan, &mut out).expect("a match");
        let text = String::from_utf8(out).expect("text");
        (text.lines().map(str::to_string).collect(), score)
    }

    /// The `a=` field (A's colours) of the first `games` lines.
    fn a_fields(lines: &[String], games: usize) -> Vec<&str> {
        lines[..games]
            .iter()
            .map(|l| l.split_whitespace().nth(2).expect("a= field"))
            .collect()
    }

    #[test]
    fn a_match_swaps_seats_and_ends_with_the_score() {
        let (lines, score) = arena(GameType::Chaturaji, Level::Greedy, Level::Random, 8);
        assert_eq!(lines.len(), 12, "{lines:?}");
        // A holds each of the four seats in turn, twice.
        let seats = a_fields(&lines, 8);
        assert_eq!(seats[..4], ["a=red", "a=green", "a=yellow", "a=black"]);
        assert_eq!(seats[..4], seats[4..]);
        // Chaturaji scores points: every seat's final points are shown.
        for line in &lines[..8] {
            let scores = line
                .split_whitespace()
                .find_map(|f| f.strip_prefix("scores="))
                .expect("a scores= field");
            assert_eq!(scores.split(',').count(), 4, "{line}");
        }
        assert!(lines[8].starts_with("time=") && lines[8].contains("a_longest="));
        let gap = crate::ratings::gap(score, 8, 4, 1);
        assert_eq!(
            lines[9],
            format!("rating_gap={gap:+} (A over B in shown rating points)")
        );
        assert!(
            lines[10].starts_with(&format!("score={score:.3}±")),
            "{lines:?}"
        );
        assert_eq!(lines[11], format!("a_score={score:.3} games=8"));
        assert!((0.0..=1.0).contains(&score));
    }

    #[test]
    fn two_sides_alternate_and_the_stronger_level_wins() {
        let (lines, score) = arena(GameType::Through, Level::Greedy, Level::Random, 4);
        let sides = a_fields(&lines, 4);
        assert_eq!(sides, ["a=white", "a=black", "a=white", "a=black"]);
        // Taking whatever is offered beats moving at random in Through chess.
        assert!(score >= 0.75, "{lines:?}");
    }

    /// The margin and the Elo figures, checked by hand: 3 wins and 1 loss
    /// is 0.75 ± 1.96·√(0.1875/4) = ±0.424; 0.75 of two sides is +191 Elo,
    /// 0.326 is 400·log10(0.326/0.674) = −126, and 1.174 is past every Elo.
    /// A first place of four in 0.25 of the games is a fair share: +0.
    #[test]
    fn the_score_has_its_margin_and_elo() {
        let two = Measure::of(&[1.0, 1.0, 1.0, 0.0], 2);
        assert_eq!(
            two.to_string(),
            "score=0.750±0.424 elo=+191 [-126, +inf] (95%)"
        );
        let four = Measure::of(&[1.0, 0.0, 0.0, 0.0], 4);
        assert_eq!(four.elo(0.25).round(), 0.0);
        assert_eq!(four.elo(0.35).round(), 83.0);
        let even = Measure::of(&[0.5, 0.5], 2);
        assert_eq!(even.to_string(), "score=0.500±0.000 elo=+0 [+0, +0] (95%)");
    }

    #[test]
    fn empty_matches_are_refused() {
        let plan = Match {
            game: GameType::Through,
            a: Player::Spirit(Level::Random),
            b: Player::Spirit(Level::Random),
            games: 0,
            seed: 1,
            movetime: None,
            resign: None,
        };
        let mut out = Vec::new();
        assert!(run(&plan, &mut out).is_err());
        assert!(out.is_empty());
    }

    /// Both sides must agree, move after move: A scoring +300 or more for
    /// four moves and B −300 or less for four ends the game as B's loss;
    /// one move out of line, or one without a score, counts again from 0.
    #[test]
    fn a_game_is_adjudicated_when_both_sides_agree() {
        let rule = Resign::at(300).expect("a score above 0");
        let said = |verdict: &mut Verdict, moves: &[(usize, Option<i32>)]| -> Vec<Option<usize>> {
            moves
                .iter()
                .map(|&(side, score)| verdict.count(rule, side, score))
                .collect()
        };
        // A and B in turn, agreeing that B is lost.
        let agreeing = |moves: usize| -> Vec<(usize, Option<i32>)> {
            (0..moves)
                .map(|i| [(0, Some(350)), (1, Some(-300))][i % 2])
                .collect()
        };
        let mut verdict = Verdict::default();
        assert_eq!(said(&mut verdict, &agreeing(7)), vec![None; 7]);
        assert_eq!(said(&mut verdict, &[(1, Some(-900))]), [Some(1)]);
        // A's doubt (a move scored below 300) restarts A's count.
        let mut verdict = Verdict::default();
        said(&mut verdict, &agreeing(6));
        assert_eq!(
            said(&mut verdict, &[(0, Some(299)), (1, Some(-400))]),
            [None, None]
        );
        assert_eq!(said(&mut verdict, &agreeing(6)), vec![None; 6]);
        assert_eq!(said(&mut verdict, &[(0, Some(350))]), [Some(1)]);
        // A side that does not search never agrees: B never resigns.
        let mut verdict = Verdict::default();
        let silent: Vec<_> = (0..20)
            .map(|i| (i % 2, (i % 2 == 0).then_some(500)))
            .collect();
        assert_eq!(said(&mut verdict, &silent), vec![None; 20]);
        assert!(Resign::at(0).is_err() && Resign::at(-5).is_err());
    }

    /// A master against a novice that both score, with a resignation at any
    /// lead: games end as adjudicated, each a win or a loss for A.
    #[test]
    fn a_match_can_adjudicate_its_games() {
        let plan = Match {
            game: GameType::Through,
            a: Player::Spirit(Level::Master),
            b: Player::Spirit(Level::Novice),
            games: 4,
            seed: 3,
            movetime: Some(Duration::from_millis(5)),
            resign: Some(Resign::at(1).expect("a score above 0")),
        };
        let mut out = Vec::new();
        run(&plan, &mut out).expect("a match");
        let text = String::from_utf8(out).expect("text");
        let adjudicated: Vec<&str> = text
            .lines()
            .filter(|l| l.contains(" adjudicated "))
            .collect();
        assert!(!adjudicated.is_empty(), "{text}");
        for line in adjudicated {
            assert!(
                line.ends_with(" a_points=1") || line.ends_with(" a_points=0"),
                "{line}"
            );
        }
    }

    /// In a free-for-all there is no one rival to agree with: refused.
    #[test]
    fn a_free_for_all_is_not_adjudicated() {
        let plan = Match {
            game: GameType::Chaturaji,
            a: Player::Spirit(Level::Random),
            b: Player::Spirit(Level::Random),
            games: 1,
            seed: 1,
            movetime: None,
            resign: Some(Resign::at(500).expect("a score above 0")),
        };
        let mut out = Vec::new();
        let error = run(&plan, &mut out).expect_err("refused");
        assert_eq!(
            error.to_string(),
            "--resign needs a game of two sides; chaturaji has 4"
        );
        assert!(out.is_empty());
    }
}
