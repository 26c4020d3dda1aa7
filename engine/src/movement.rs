//! How pieces move, written as data. A piece is a list of [`Part`]s (leaps,
//! rides, "any square"), and [`Reach`] turns that list into per-square tables
//! once, so a new piece in a new game is a table entry, not new code.

use crate::bits::Bits;
use crate::geometry::{Forward, Geometry, Square};

/// A range bound meaning "as far as the board goes".
pub const UNLIMITED: u8 = u8::MAX;

/// Which reflections of a step a piece may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Symmetry {
    /// Only the step as written (a pawn's forward step).
    Exact,
    /// The step and its left-right mirror (a pawn's two diagonal captures).
    Mirror,
    /// All eight rotations and reflections (a knight's leap, a rook's lines).
    Full,
}

/// Whether men standing between the start and the destination stop a piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Path {
    /// Nothing on the way matters: leapers, and every piece of Through chess.
    Open,
    /// The piece stops at the first occupied square on its line.
    Blocked,
}

/// What a piece may do at the end of a part of its move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Go to an empty square or capture there.
    MoveOrCapture,
    /// Go only to an empty square.
    MoveOnly,
    /// Go there only to capture.
    CaptureOnly,
}

/// A repeated step: `k` times `step` for `k` in `min..=max`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stride {
    /// The unit step, written (right, forward) for an army facing north.
    pub step: (i8, i8),
    /// Which reflections of the step are allowed.
    pub symmetry: Symmetry,
    /// The fewest steps the piece must go.
    pub min: u8,
    /// The most steps it may go ([`UNLIMITED`] for a rider).
    pub max: u8,
    /// Whether men on the way block it.
    pub path: Path,
    /// What it may do on arrival.
    pub mode: Mode,
}

/// One way a piece may move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// Steps along a line, or a single leap.
    Stride(Stride),
    /// Any square of the board but its own (Through chess's superqueen), for this mode.
    Anywhere(Mode),
    /// A bent ride (Tamerlane's giraffe): one step `first` (in all its
    /// reflections) to an empty square, then `min..=max` steps straight on
    /// along either of that step's two axes, outward, blocked by men on the way.
    Bent {
        /// The first step, diagonal: (1, 1) for the giraffe.
        first: (i8, i8),
        /// The fewest straight steps after it.
        min: u8,
        /// The most straight steps ([`UNLIMITED`] to the edge).
        max: u8,
    },
}

impl Part {
    /// A single leap by `(dx, dy)` in all eight directions (the knight is `leaper(1, 2)`).
    pub const fn leaper(dx: i8, dy: i8) -> Part {
        Part::Stride(Stride {
            step: (dx, dy),
            symmetry: Symmetry::Full,
            min: 1,
            max: 1,
            path: Path::Blocked,
            mode: Mode::MoveOrCapture,
        })
    }

    /// A line piece repeating `(dx, dy)` in all eight directions, blocked by men
    /// on the way (the rook is `rider(1, 0)`).
    pub const fn rider(dx: i8, dy: i8) -> Part {
        Part::leaper(dx, dy).range(1, UNLIMITED)
    }

    /// Any square but its own.
    pub const fn anywhere() -> Part {
        Part::Anywhere(Mode::MoveOrCapture)
    }

    /// The same part, with nothing on the way blocking it.
    pub const fn open(mut self) -> Part {
        if let Part::Stride(stride) = &mut self {
            stride.path = Path::Open;
        }
        self
    }

    /// The same part, going `min..=max` steps.
    pub const fn range(mut self, min: u8, max: u8) -> Part {
        if let Part::Stride(stride) = &mut self {
            stride.min = min;
            stride.max = max;
        }
        self
    }

    /// The same part, using only the given reflections of its step.
    pub const fn symmetry(mut self, symmetry: Symmetry) -> Part {
        if let Part::Stride(stride) = &mut self {
            stride.symmetry = symmetry;
        }
        self
    }

    /// The same part, allowed only for `mode` (a bent ride always moves or captures).
    pub const fn mode(self, mode: Mode) -> Part {
        match self {
            Part::Stride(stride) => Part::Stride(Stride { mode, ..stride }),
            Part::Anywhere(_) => Part::Anywhere(mode),
            bent @ Part::Bent { .. } => bent,
        }
    }
}

/// Pieces several games share, by their usual names.
pub mod common {
    use super::{Mode, Part, Symmetry};

    /// One step in any direction.
    pub const KING: &[Part] = &[Part::leaper(1, 0), Part::leaper(1, 1)];
    /// One step orthogonally.
    pub const WAZIR: &[Part] = &[Part::leaper(1, 0)];
    /// One step diagonally.
    pub const FERZ: &[Part] = &[Part::leaper(1, 1)];
    /// The knight's leap.
    pub const KNIGHT: &[Part] = &[Part::leaper(1, 2)];
    /// Slides orthogonally.
    pub const ROOK: &[Part] = &[Part::rider(1, 0)];
    /// Slides diagonally.
    pub const BISHOP: &[Part] = &[Part::rider(1, 1)];
    /// Slides orthogonally and diagonally.
    pub const QUEEN: &[Part] = &[Part::rider(1, 0), Part::rider(1, 1)];
    /// Leaps exactly two squares diagonally.
    pub const ALFIL: &[Part] = &[Part::leaper(2, 2)];
    /// Leaps exactly two squares orthogonally.
    pub const DABBABA: &[Part] = &[Part::leaper(2, 0)];
    /// Leaps exactly two squares in any of the eight directions.
    pub const ALIBABA: &[Part] = &[Part::leaper(2, 0), Part::leaper(2, 2)];
    /// One step forward to an empty square; captures one step diagonally forward.
    pub const PAWN: &[Part] = &[
        Part::leaper(0, 1)
            .symmetry(Symmetry::Exact)
            .mode(Mode::MoveOnly),
        Part::leaper(1, 1)
            .symmetry(Symmetry::Mirror)
            .mode(Mode::CaptureOnly),
    ];
}

/// Where a piece may go from one square, given the board's occupancy.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Targets<B> {
    /// Squares it may go to if they are empty.
    pub quiet: B,
    /// Squares it may go to if an enemy stands there.
    pub capture: B,
}

/// A direction of a blocked ride.
#[derive(Clone, Copy, Debug)]
struct Direction {
    mode: Mode,
    /// Whether square indices grow along the line, so the nearest blocker is the lowest.
    ascending: bool,
}

/// One direction of a blocked ride from one square.
#[derive(Clone, Copy, Debug)]
struct Line<B> {
    /// A square that must be empty for the ride to start at all (a bent
    /// ride's first step); empty for a straight ride.
    gate: B,
    /// The squares the piece may reach on an empty board.
    reach: B,
    /// Every square it passes or reaches (its nearest men block it).
    path: B,
}

/// The tables of one piece for one facing on one board: open targets per
/// square, plus the lines of any blocked rides.
#[derive(Clone, Debug)]
pub struct Reach<B> {
    /// Per square: the targets no man can block.
    open: Vec<Targets<B>>,
    /// The directions of blocked rides.
    directions: Vec<Direction>,
    /// Per square, then per direction: the blocked lines.
    lines: Vec<Line<B>>,
}

impl<B: Bits> Reach<B> {
    /// Builds the tables of `movement` on `geometry` for an army facing `forward`.
    pub fn build(geometry: Geometry, forward: Forward, movement: &[Part]) -> Reach<B> {
        assert!(
            geometry.size() <= B::CAPACITY,
            "board too large for its bit set"
        );
        let size = geometry.size();
        let mut open = vec![Targets::default(); size];
        let add = |open: &mut [Targets<B>], from: Square, set: B, mode: Mode| {
            if mode != Mode::CaptureOnly {
                open[from.index()].quiet |= set;
            }
            if mode != Mode::MoveOnly {
                open[from.index()].capture |= set;
            }
        };
        let mut directions = Vec::new();
        let mut by_direction: Vec<Vec<Line<B>>> = Vec::new();
        for part in movement {
            match *part {
                Part::Anywhere(mode) => {
                    for from in geometry.squares() {
                        let all = geometry
                            .squares()
                            .filter(|&to| to != from)
                            .fold(B::EMPTY, |set, to| set | B::bit(to));
                        add(&mut open, from, all, mode);
                    }
                }
                Part::Bent { first, min, max } => {
                    for (right, ahead) in reflections(first, Symmetry::Full) {
                        let (fx, fy) = forward.turn(right, ahead);
                        for (dx, dy) in [(fx.signum(), 0), (0, fy.signum())] {
                            directions.push(Direction {
                                mode: Mode::MoveOrCapture,
                                ascending: dy > 0 || (dy == 0 && dx > 0),
                            });
                            by_direction.push(
                                geometry
                                    .squares()
                                    .map(|s| match geometry.offset(s, fx, fy) {
                                        None => Line {
                                            gate: B::EMPTY,
                                            reach: B::EMPTY,
                                            path: B::EMPTY,
                                        },
                                        Some(corner) => {
                                            let line = |lo: u8, hi: u8| {
                                                (lo..=hi)
                                                    .map_while(|k| {
                                                        geometry.offset(
                                                            corner,
                                                            dx * i32::from(k),
                                                            dy * i32::from(k),
                                                        )
                                                    })
                                                    .fold(B::EMPTY, |set, to| set | B::bit(to))
                                            };
                                            Line {
                                                gate: B::bit(corner),
                                                reach: line(min, max),
                                                path: line(1, max),
                                            }
                                        }
                                    })
                                    .collect(),
                            );
                        }
                    }
                }
                Part::Stride(Stride {
                    step,
                    symmetry,
                    min,
                    max,
                    path,
                    mode,
                }) => {
                    for (right, ahead) in reflections(step, symmetry) {
                        let (dx, dy) = forward.turn(right, ahead);
                        let line = |from: Square, lo: u8, hi: u8| {
                            (lo..=hi)
                                .map_while(|k| {
                                    geometry.offset(from, dx * i32::from(k), dy * i32::from(k))
                                })
                                .fold(B::EMPTY, |set, to| set | B::bit(to))
                        };
                        // A single-step part has nothing on its way: a leap.
                        if path == Path::Open || max <= 1 {
                            for from in geometry.squares() {
                                add(&mut open, from, line(from, min, max), mode);
                            }
                        } else {
                            directions.push(Direction {
                                mode,
                                ascending: dy > 0 || (dy == 0 && dx > 0),
                            });
                            by_direction.push(
                                geometry
                                    .squares()
                                    .map(|s| Line {
                                        gate: B::EMPTY,
                                        reach: line(s, min, max),
                                        path: line(s, 1, max),
                                    })
                                    .collect(),
                            );
                        }
                    }
                }
            }
        }
        let lines = (0..size)
            .flat_map(|sq| by_direction.iter().map(move |lines| lines[sq]))
            .collect();
        Reach {
            open,
            directions,
            lines,
        }
    }

    /// Where the piece on `from` may go when the squares in `occupied` are taken.
    /// The caller keeps the quiet targets that are empty and the capture targets
    /// that hold enemies.
    #[inline]
    pub fn targets(&self, from: Square, occupied: B) -> Targets<B> {
        let mut targets = self.open[from.index()];
        let n = self.directions.len();
        if n == 0 {
            return targets;
        }
        let here = &self.lines[from.index() * n..][..n];
        for (direction, line) in self.directions.iter().zip(here) {
            if !(line.gate & occupied).is_empty() {
                continue;
            }
            let blockers = line.path & occupied;
            let set = line.reach
                & if direction.ascending {
                    blockers.through_first()
                } else {
                    blockers.through_last()
                };
            if direction.mode != Mode::CaptureOnly {
                targets.quiet |= set;
            }
            if direction.mode != Mode::MoveOnly {
                targets.capture |= set;
            }
        }
        targets
    }
}

/// The distinct reflections of `step` allowed by `symmetry`, as (right, forward).
fn reflections((x, y): (i8, i8), symmetry: Symmetry) -> Vec<(i32, i32)> {
    let (x, y) = (i32::from(x), i32::from(y));
    let all = match symmetry {
        Symmetry::Exact => vec![(x, y)],
        Symmetry::Mirror => vec![(x, y), (-x, y)],
        Symmetry::Full => vec![
            (x, y),
            (-x, y),
            (x, -y),
            (-x, -y),
            (y, x),
            (-y, x),
            (y, -x),
            (-y, -x),
        ],
    };
    let mut distinct = Vec::new();
    for step in all {
        if !distinct.contains(&step) {
            distinct.push(step);
        }
    }
    distinct
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: Geometry = Geometry::CHESSBOARD;

    fn squares(names: &str) -> u64 {
        names
            .split_whitespace()
            .map(|n| u64::bit(BOARD.parse(n).unwrap()))
            .fold(0, |a, b| a | b)
    }

    fn sq(name: &str) -> Square {
        BOARD.parse(name).unwrap()
    }

    #[test]
    fn knight_leaps_from_the_corner_and_the_centre() {
        let knight = Reach::<u64>::build(BOARD, Forward::North, &[Part::leaper(1, 2)]);
        let full = !0;
        assert_eq!(knight.targets(sq("a1"), full).quiet, squares("b3 c2"));
        assert_eq!(knight.targets(sq("d4"), full).capture.count(), 8);
    }

    #[test]
    fn blocked_rook_stops_at_the_first_man_and_may_capture_it() {
        let rook = Reach::<u64>::build(BOARD, Forward::North, &[Part::rider(1, 0)]);
        let occupied = squares("d6 b4 d2 g4");
        let targets = rook.targets(sq("d4"), occupied);
        assert_eq!(targets.quiet, squares("d5 d6 c4 b4 e4 f4 g4 d3 d2"));
        assert_eq!(targets.quiet, targets.capture);
    }

    #[test]
    fn open_rook_passes_through_everything() {
        let rook = Reach::<u64>::build(BOARD, Forward::North, &[Part::rider(1, 0).open()]);
        assert_eq!(rook.targets(sq("a1"), !0).quiet.count(), 14);
    }

    #[test]
    fn minimum_distance_and_blocking_together() {
        // A picket: a bishop that must go at least two squares and cannot jump.
        let picket = Reach::<u64>::build(
            BOARD,
            Forward::North,
            &[Part::rider(1, 1).range(2, UNLIMITED)],
        );
        let targets = picket.targets(sq("c1"), squares("d2 a3"));
        assert_eq!(
            targets.quiet,
            squares("a3"),
            "b2 is too near, d2 blocks, a3 may be taken"
        );
        let targets = picket.targets(sq("c1"), squares("f4"));
        assert_eq!(targets.quiet, squares("e3 f4 a3"));
    }

    #[test]
    fn pawn_steps_turn_with_the_army() {
        let pawn = [Part::leaper(0, 1)
            .symmetry(Symmetry::Exact)
            .range(1, 2)
            .open()
            .mode(Mode::MoveOnly)];
        let white = Reach::<u64>::build(BOARD, Forward::North, &pawn);
        let black = Reach::<u64>::build(BOARD, Forward::South, &pawn);
        assert_eq!(white.targets(sq("e2"), 0).quiet, squares("e3 e4"));
        assert_eq!(white.targets(sq("e2"), 0).capture, 0);
        assert_eq!(black.targets(sq("e7"), 0).quiet, squares("e6 e5"));
        assert_eq!(black.targets(sq("e2"), 0).quiet, squares("e1"));
        let east = Reach::<u64>::build(BOARD, Forward::East, &pawn);
        assert_eq!(east.targets(sq("b5"), 0).quiet, squares("c5 d5"));
    }

    #[test]
    fn the_giraffe_bends_once_and_rides_on_outward() {
        // Tamerlane's giraffe on a1 of the 11x10 board (the rules reference's example).
        let board = Geometry::new(11, 10);
        let giraffe = Reach::<u128>::build(
            board,
            Forward::North,
            &[Part::Bent {
                first: (1, 1),
                min: 3,
                max: UNLIMITED,
            }],
        );
        let a1 = board.parse("a1").unwrap();
        let names = |set: u128| {
            let mut names: Vec<String> = set.squares().map(|s| board.name(s).to_string()).collect();
            names.sort();
            names
        };
        let open = giraffe.targets(a1, 0).quiet;
        assert_eq!(
            names(open),
            [
                "b10", "b5", "b6", "b7", "b8", "b9", "e2", "f2", "g2", "h2", "i2", "j2", "k2"
            ]
        );
        let at = |name: &str| u128::bit(board.parse(name).unwrap());
        assert_eq!(
            giraffe.targets(a1, at("b3")).quiet,
            open & !at("b5") & !at("b6") & !at("b7") & !at("b8") & !at("b9") & !at("b10"),
            "b3 blocks the b-file branch"
        );
        assert_eq!(
            giraffe.targets(a1, at("b2")).quiet,
            0,
            "b2 blocks both branches"
        );
        assert!(
            giraffe.targets(a1, at("b7")).capture & at("b7") != 0,
            "it may capture where it lands"
        );
    }

    #[test]
    fn anywhere_reaches_every_other_square() {
        let anywhere =
            Reach::<u128>::build(Geometry::new(11, 10), Forward::North, &[Part::anywhere()]);
        assert_eq!(anywhere.targets(Square::new(0), 0).quiet.count(), 109);
    }
}
