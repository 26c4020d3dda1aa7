//! `seance arena`: games between two spirit levels, to measure them. Sides
//! swap fairly: in two-army and team games A takes each side in turn; in the
//! free-for-all Chaturaji games A holds one seat in turn against three of B.
//! Each game's result is printed, then `a_score=<0..1> games=<N>`.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use seance_engine::catalogue;
use seance_engine::spirit::{Level, Rng, Spirit};
use seance_engine::{Action, AnyGame, Options, Phase, Seat, Start};

/// A game that runs longer than this many actions is scored a draw.
const MAX_ACTIONS: usize = 2000;

/// What to play.
pub struct Match {
    /// The game's id.
    pub game: String,
    /// Level A, whose score is reported.
    pub a: Level,
    /// Level B.
    pub b: Level,
    /// How many games.
    pub games: usize,
    /// The seed of the dice and of the spirits' choices.
    pub seed: u64,
    /// The time per move, if not the levels' own.
    pub movetime: Option<Duration>,
}

/// How one game went for A: 1 a win (or first place), 0.5 a draw, 0 a loss.
struct Played {
    score: f64,
    actions: usize,
    result: String,
}

/// Plays the match, printing as it goes; returns A's score.
pub fn run(plan: &Match, out: &mut impl Write) -> Result<f64> {
    let info = catalogue::games()
        .into_iter()
        .find(|g| g.id == plan.game)
        .with_context(|| format!("unknown game {:?}", plan.game))?;
    if plan.games == 0 {
        bail!("--games must be at least 1");
    }
    let teams: Vec<u8> = {
        let mut teams: Vec<u8> = info.seats.iter().map(|s| s.team.0).collect();
        teams.sort_unstable();
        teams.dedup();
        teams
    };
    let started = Instant::now();
    let (mut total, mut nodes, mut thinking) = (0.0, 0u64, Duration::ZERO);
    for number in 0..plan.games {
        // A plays one team (in a free-for-all each seat is its own team), in turn.
        let team = teams[number % teams.len()];
        let a_seats: Vec<Seat> = (0..info.seats.len() as u8)
            .map(Seat)
            .filter(|s| info.seats[usize::from(s.0)].team.0 == team)
            .collect();
        let played = play(plan, number, &a_seats, &mut nodes, &mut thinking)?;
        total += played.score;
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
    let score = total / plan.games as f64;
    let seconds = thinking.as_secs_f64().max(1e-9);
    writeln!(
        out,
        "time={:.1}s a_nodes={nodes} a_nps={:.0}",
        started.elapsed().as_secs_f64(),
        nodes as f64 / seconds
    )?;
    writeln!(out, "a_score={score:.3} games={}", plan.games)?;
    Ok(score)
}

/// One game, A on `a_seats`.
fn play(
    plan: &Match,
    number: usize,
    a_seats: &[Seat],
    nodes: &mut u64,
    thinking: &mut Duration,
) -> Result<Played> {
    let mut game: Box<dyn AnyGame> =
        catalogue::new_game(&plan.game, Start::Setup(None), Options::new())?;
    let mut rng = Rng::new(plan.seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
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
                return Ok(Played {
                    score,
                    actions,
                    result: format!("{:?}", outcome.reason).to_lowercase(),
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
            Phase::Move(seat) | Phase::Choice(seat) => seat,
        };
        let level = if a_seats.contains(&seat) {
            plan.a
        } else {
            plan.b
        };
        let mut spirit = Spirit::new(level, rng.number());
        if let Some(time) = plan.movetime.filter(|_| level.budget() > Duration::ZERO) {
            spirit.budget = time;
        }
        let start = Instant::now();
        let thought = game
            .think(&spirit)
            .context("the seat to move has no move")?;
        if level == plan.a {
            *thinking += start.elapsed();
            *nodes += thought.nodes;
        }
        game.act(Action::Move(thought.mv))?;
    }
    Ok(Played {
        score: 0.5,
        actions: MAX_ACTIONS,
        result: "unfinished".to_string(),
    })
}
