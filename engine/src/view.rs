//! [`BoardView`]: everything a picture of the game shows, as plain data. The
//! renderer draws it without knowing any rules.

use crate::geometry::{Forward, Geometry};
use crate::outcome::Outcome;
use crate::seat::{Color, Phase, Seat, SeatInfo, Team};

/// The picture a piece is drawn with; its name in English.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Figure {
    /// A king.
    King,
    /// A queen.
    Queen,
    /// A rook.
    Rook,
    /// A bishop.
    Bishop,
    /// A knight.
    Knight,
    /// A pawn.
    Pawn,
    /// Through chess's superqueen, which goes to any square.
    Superqueen,
    /// Chaturaji's boat (and the sailboat of the no-dice game).
    Boat,
    /// Chaturaji's horse.
    Horse,
    /// Chaturaji's elephant, and Tamerlane's (which leaps two squares diagonally).
    Elephant,
    /// Tamerlane's general.
    General,
    /// Tamerlane's vizier.
    Vizier,
    /// Tamerlane's picket.
    Picket,
    /// Tamerlane's giraffe.
    Giraffe,
    /// Tamerlane's camel.
    Camel,
    /// Tamerlane's war engine.
    WarEngine,
    /// Tamerlane's prince, promoted from the pawn of kings.
    Prince,
    /// Tamerlane's adventitious king, from the pawn of pawns.
    AdventitiousKing,
}

impl Figure {
    /// The English name in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Figure::King => "king",
            Figure::Queen => "queen",
            Figure::Rook => "rook",
            Figure::Bishop => "bishop",
            Figure::Knight => "knight",
            Figure::Pawn => "pawn",
            Figure::Superqueen => "superqueen",
            Figure::Boat => "boat",
            Figure::Horse => "horse",
            Figure::Elephant => "elephant",
            Figure::General => "general",
            Figure::Vizier => "vizier",
            Figure::Picket => "picket",
            Figure::Giraffe => "giraffe",
            Figure::Camel => "camel",
            Figure::WarEngine => "war engine",
            Figure::Prince => "prince",
            Figure::AdventitiousKing => "adventitious king",
        }
    }
}

/// The colour of a board cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shade {
    /// A light square.
    Light,
    /// A dark square.
    Dark,
    /// A citadel, Tamerlane's refuge outside the board.
    Citadel,
    /// An Enochian throne, a corner that may hold two pieces.
    Throne,
}

/// One cell of the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellView {
    /// Column on the drawing grid, 0 at the left edge of the main board.
    pub column: i8,
    /// Row on the drawing grid, 0 at the bottom (rank 1).
    pub row: i8,
    /// How the cell is coloured.
    pub shade: Shade,
    /// The square's name, such as `e4`.
    pub name: String,
}

impl CellView {
    /// The cells of a plain rectangular board in square order, a1 dark.
    pub fn grid(geometry: Geometry) -> Vec<CellView> {
        geometry
            .squares()
            .map(|square| {
                let (file, rank) = (geometry.file(square), geometry.rank(square));
                CellView {
                    column: file as i8,
                    row: rank as i8,
                    shade: if (file + rank) % 2 == 0 {
                        Shade::Dark
                    } else {
                        Shade::Light
                    },
                    name: geometry.name(square).to_string(),
                }
            })
            .collect()
    }
}

/// Anything about a piece besides its kind and owner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PieceState {
    /// An ordinary piece.
    Normal,
    /// A piece of a frozen or dead army, drawn greyed.
    Frozen,
}

/// A piece on a cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PieceView {
    /// Index into [`BoardView::cells`].
    pub cell: usize,
    /// The picture to draw.
    pub figure: Figure,
    /// Its short name in the game's position texts, upper case: `K`, or `PK`
    /// for Tamerlane's pawn of kings.
    pub label: String,
    /// A mark drawn on the piece: for a Tamerlane pawn, the piece it becomes.
    pub badge: Option<Figure>,
    /// The seat that owns it.
    pub owner: Seat,
    /// The owner's army colour.
    pub color: Color,
    /// Frozen, or normal.
    pub state: PieceState,
}

/// Why a cell is highlighted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mark {
    /// The last move started here.
    LastFrom,
    /// The last move ended here.
    LastTo,
    /// A royal piece stands attacked here (a king in check, a Through chess queen en prise).
    Danger,
}

/// A highlighted cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Highlight {
    /// Index into [`BoardView::cells`].
    pub cell: usize,
    /// Why it is highlighted.
    pub mark: Mark,
}

impl Highlight {
    /// The marks of the last move, given as its (from, to) cells.
    pub fn last_move(cells: Option<(usize, usize)>) -> Vec<Highlight> {
        cells
            .into_iter()
            .flat_map(|(from, to)| {
                [
                    Highlight {
                        cell: from,
                        mark: Mark::LastFrom,
                    },
                    Highlight {
                        cell: to,
                        mark: Mark::LastTo,
                    },
                ]
            })
            .collect()
    }
}

/// One seat in the side panel.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Its army colour.
    pub color: Color,
    /// Its team.
    pub team: Team,
    /// The way its army advances: a picture drawn for this seat turns the
    /// board so that this points up.
    pub facing: Forward,
}

/// The side panel: seats, whose turn, dice and result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Panel {
    /// Every seat, in seating order.
    pub seats: Vec<SeatView>,
    /// What the game waits for.
    pub phase: Phase,
    /// The army whose turn it is (the seat acting may command it without
    /// owning it, as in Enochian chess after a throne is seized).
    pub army: Option<Color>,
    /// The dice of the current turn (empty in games without dice).
    pub dice: Vec<u8>,
    /// Every seat's score, in seating order, in games of points (else empty).
    pub scores: Vec<i32>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl Panel {
    /// A panel listing `seats`, waiting for `phase`, with no dice, scores or result yet.
    pub fn new(seats: &[SeatInfo], phase: Phase) -> Panel {
        Panel {
            seats: seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatView {
                    seat: Seat(i as u8),
                    color: s.color,
                    team: s.team,
                    facing: s.facing,
                })
                .collect(),
            phase,
            army: phase.seat().map(|s| seats[s.index()].color),
            dice: Vec::new(),
            scores: Vec::new(),
            outcome: None,
        }
    }
}

/// Everything a picture of the game shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardView {
    /// The game's id, such as `through`.
    pub game: &'static str,
    /// Columns of the main board, for the coordinate labels.
    pub files: u8,
    /// Rows of the main board, for the coordinate labels.
    pub ranks: u8,
    /// Every cell to draw.
    pub cells: Vec<CellView>,
    /// Every piece on the board.
    pub pieces: Vec<PieceView>,
    /// Highlighted cells.
    pub highlights: Vec<Highlight>,
    /// The side panel.
    pub panel: Panel,
}

impl BoardView {
    /// The pieces on the cell at (`column`, `row`): none, one, or two on an
    /// Enochian throne.
    pub fn pieces_at(&self, column: i8, row: i8) -> impl Iterator<Item = &PieceView> {
        self.pieces.iter().filter(move |p| {
            let cell = &self.cells[p.cell];
            cell.column == column && cell.row == row
        })
    }

    /// The marks on the cell at (`column`, `row`).
    pub fn marks_at(&self, column: i8, row: i8) -> impl Iterator<Item = Mark> + '_ {
        self.highlights.iter().filter_map(move |h| {
            let cell = &self.cells[h.cell];
            (cell.column == column && cell.row == row).then_some(h.mark)
        })
    }
}
