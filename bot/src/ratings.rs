//! Ratings: how strong each person is at each game, from the finishing order
//! of rated games.
//!
//! One method for every game: Weng-Lin (the Bayesian approximation behind
//! OpenSkill, from the `skillratings` crate). It rates any number of teams
//! of any size from their places, ties shared, so two players, two pairs
//! and four players each for himself are one case, and a rating means the
//! same in every game. Glicko-2 would have served the two-player games
//! only, and a second method for the others would have given two scales.
//! Each rating is a skill `mu` and an uncertainty `sigma`; it is shown on a
//! chess-like scale (a newcomer is 1500) with the range it lies in at about
//! 95%.

use seance_engine::catalogue::GameType;
use seance_engine::spirit::Level;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// A skill estimate and how unsure it is.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rating {
    /// The estimated skill.
    pub mu: f64,
    /// Its standard deviation.
    pub sigma: f64,
}

/// Shown points per unit of skill, chosen so that a gap of shown points
/// means about what the same Elo gap means (400 points: about 10 to 1).
const SCALE: f64 = 30.0;

/// The shown rating of a newcomer.
const SHOWN_NEW: f64 = 1500.0;

/// Rated games after which a rating is no longer provisional.
pub const PROVISIONAL_GAMES: i64 = 10;

/// The uncertainty of a spirit's rating: fixed and small, since a spirit
/// plays alike in every game and its rating does not learn.
const SPIRIT_SIGMA: f64 = 1.0;

impl Rating {
    /// A newcomer's rating.
    pub const NEW: Rating = Rating {
        mu: 25.0,
        sigma: 25.0 / 3.0,
    };

    /// The rating with `shown` points and uncertainty `sigma`.
    pub fn from_shown(shown: f64, sigma: f64) -> Rating {
        Rating {
            mu: Rating::NEW.mu + (shown - SHOWN_NEW) / SCALE,
            sigma,
        }
    }

    /// The rating as shown: 1500 for a newcomer.
    pub fn shown(self) -> i64 {
        (SHOWN_NEW + SCALE * (self.mu - Rating::NEW.mu)).round() as i64
    }

    /// The shown range the skill lies in with about 95% certainty.
    pub fn range(self) -> (i64, i64) {
        let centre = SHOWN_NEW + SCALE * (self.mu - Rating::NEW.mu);
        let spread = 2.0 * SCALE * self.sigma;
        (
            (centre - spread).round() as i64,
            (centre + spread).round() as i64,
        )
    }
}

/// The new ratings of every team's members from their ratings now and
/// their places (1 is first; teams with equal places tied).
pub fn rate(teams: &[(Vec<Rating>, usize)]) -> Vec<Vec<Rating>> {
    let teams: Vec<(Vec<WengLinRating>, MultiTeamOutcome)> = teams
        .iter()
        .map(|(members, place)| {
            let members = members
                .iter()
                .map(|r| WengLinRating {
                    rating: r.mu,
                    uncertainty: r.sigma,
                })
                .collect();
            (members, MultiTeamOutcome::new(*place))
        })
        .collect();
    let borrowed: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .map(|(members, place)| (members.as_slice(), *place))
        .collect();
    weng_lin_multi_team(&borrowed, &WengLinConfig::new())
        .into_iter()
        .map(|team| {
            team.into_iter()
                .map(|r| Rating {
                    mu: r.rating,
                    sigma: r.uncertainty,
                })
                .collect()
        })
        .collect()
}

/// Places from each side's standing, best first: equal standings share a
/// place, and the next place counts them (1, 1, 3).
pub fn places<T: PartialOrd>(standings: &[T]) -> Vec<usize> {
    standings
        .iter()
        .map(|mine| 1 + standings.iter().filter(|other| *other > mine).count())
        .collect()
}

/// How many shown points side A stands above side B, from A's `score` over
/// `games` games in which A held one of `sides` sides (the others B's), each
/// of `members` players: the gap that makes the ratings' model expect that
/// score, for players as sure as spirits. A free-for-all's score is A's
/// share of first places. A score of 0 or 1 counts as half a game less.
pub fn gap(score: f64, games: usize, sides: usize, members: usize) -> i64 {
    let half = 0.5 / games.max(1) as f64;
    let score = score.clamp(half, 1.0 - half);
    // First place goes to a side in proportion to e^(skill / c).
    let odds = (sides.max(2) - 1) as f64 * score / (1.0 - score);
    let beta = WengLinConfig::new().beta;
    let members = members.max(1) as f64;
    let c = (2.0 * beta * beta + 2.0 * members * SPIRIT_SIGMA * SPIRIT_SIGMA).sqrt();
    (SCALE * c * odds.ln() / members).round() as i64
}

/// The shown ratings of the spirits, per game: novice, adept, master. The
/// adept is anchored at a newcomer's 1500 (a person is first taken to be as
/// strong as an adept); the others stand the gaps `seance arena` measured
/// from it (docs/spirits.md). `None` would count as the adept's 1500.
#[rustfmt::skip]
const SPIRITS: [(GameType, [Option<f64>; 3]); 6] = [
    (GameType::Through, [Some(834.0), Some(1500.0), Some(1584.0)]),
    (GameType::Tamerlane, [Some(834.0), Some(1500.0), Some(1793.0)]),
    (GameType::Enochian, [Some(1371.0), Some(1500.0), Some(1629.0)]),
    (GameType::Chaturaji, [Some(1454.0), Some(1500.0), Some(1500.0)]),
    (GameType::ChaturajiClassic, [Some(1477.0), Some(1500.0), Some(1448.0)]),
    (GameType::ChaturajiNoDice, [Some(1433.0), Some(1500.0), Some(1384.0)]),
];

/// The fixed rating of spirits of `level` in `game`. The baselines (random,
/// greedy) never sit at a table; they count as novices.
pub fn spirit(game: GameType, level: Level) -> Rating {
    let index = match level {
        Level::Random | Level::Greedy | Level::Novice => 0,
        Level::Adept => 1,
        Level::Master => 2,
    };
    let shown = SPIRITS
        .iter()
        .find(|(g, _)| *g == game)
        .and_then(|(_, levels)| levels[index])
        .unwrap_or(SHOWN_NEW);
    Rating::from_shown(shown, SPIRIT_SIGMA)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser() {
        let after = rate(&[(vec![Rating::NEW], 1), (vec![Rating::NEW], 2)]);
        let (winner, loser) = (after[0][0], after[1][0]);
        assert!(winner.mu > Rating::NEW.mu && loser.mu < Rating::NEW.mu);
        assert!((winner.mu - Rating::NEW.mu + loser.mu - Rating::NEW.mu).abs() < 1e-9);
        assert!(winner.sigma < Rating::NEW.sigma, "one learns from a game");
    }

    #[test]
    fn a_draw_between_equals_moves_no_skill() {
        let after = rate(&[(vec![Rating::NEW], 1), (vec![Rating::NEW], 1)]);
        assert!((after[0][0].mu - Rating::NEW.mu).abs() < 1e-9);
        assert!(after[0][0].sigma < Rating::NEW.sigma);
    }

    #[test]
    fn a_gap_reads_a_score_the_way_the_ratings_would_predict_it() {
        assert_eq!(gap(0.5, 100, 2, 1), 0);
        assert!(gap(0.75, 100, 2, 1) > 0 && gap(0.25, 100, 2, 1) < 0);
        assert_eq!(gap(0.25, 100, 4, 1), 0, "a fair share of four");
        // Predicting back: a spirit that far ahead is expected to score so.
        let strong = Rating::from_shown(1500.0 + gap(0.8, 100, 2, 1) as f64, SPIRIT_SIGMA);
        let weak = Rating::from_shown(1500.0, SPIRIT_SIGMA);
        let c = (2.0 * (25.0f64 / 6.0).powi(2) + 2.0).sqrt();
        let expected = 1.0 / (1.0 + ((weak.mu - strong.mu) / c).exp());
        assert!((expected - 0.8).abs() < 0.01, "{expected}");
    }

    #[test]
    fn places_share_ties() {
        assert_eq!(places(&[10, 30, 10, 5]), [2, 1, 2, 4]);
        assert_eq!(places(&[1, 1]), [1, 1]);
    }

    #[test]
    fn shown_ratings_read_like_chess_ratings() {
        assert_eq!(Rating::NEW.shown(), 1500);
        assert_eq!(Rating::NEW.range(), (1000, 2000));
        let master = spirit(GameType::Through, Level::Master);
        assert_eq!(master.shown(), 1584, "as docs/spirits.md has it");
        assert!(master.range().1 - master.range().0 < 300);
    }
}
