//! Where everything goes: the cells of the board turned to the viewer's seat,
//! the coordinates on the edges, and the rows of the panel below the board.

use seance_engine::Forward;
use seance_engine::view::BoardView;

use crate::theme::Style;

/// A rectangle of the picture, in pixels.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bounds {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl Bounds {
    /// The centre, in pixels.
    pub fn centre(self) -> (f32, f32) {
        (
            self.x as f32 + self.width as f32 / 2.0,
            self.y as f32 + self.height as f32 / 2.0,
        )
    }
}

/// The measures of one picture of one view.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Pixels per cell.
    pub cell: u32,
    /// The picture's width.
    pub width: u32,
    /// The picture's height.
    pub height: u32,
    /// Quarter turns clockwise that bring the viewer's army to the bottom.
    turns: u8,
    /// The lowest and highest drawing columns of any cell.
    columns: (i8, i8),
    /// The lowest and highest drawing rows of any cell.
    rows: (i8, i8),
    /// The top-left corner of the grid.
    origin: (u32, u32),
    /// The space around everything.
    pad: u32,
    /// The band of the coordinates.
    margin: u32,
    /// Text size in the panel.
    pub font: f32,
    /// The top of the panel.
    panel_top: u32,
    /// The height of a seat's row.
    row_height: u32,
}

/// How many quarter turns clockwise bring an army advancing `facing` to the bottom.
const fn quarter_turns(facing: Forward) -> u8 {
    match facing {
        Forward::North => 0,
        Forward::West => 1,
        Forward::South => 2,
        Forward::East => 3,
    }
}

impl Layout {
    /// Measures the picture of `view` in `style`.
    pub fn new(view: &BoardView, style: &Style) -> Layout {
        let span = |values: &mut dyn Iterator<Item = i8>| {
            let values: Vec<i8> = values.collect();
            let low = values.iter().copied().min().unwrap_or(0);
            (low, values.iter().copied().max().unwrap_or(low))
        };
        let columns = span(&mut view.cells.iter().map(|c| c.column));
        let rows = span(&mut view.cells.iter().map(|c| c.row));
        let seat = style.seat.map_or(0, |s| s.index());
        let turns = view
            .panel
            .seats
            .get(seat)
            .map_or(0, |s| quarter_turns(s.facing));
        let (across, down) = (
            (columns.1 - columns.0 + 1) as u32,
            (rows.1 - rows.0 + 1) as u32,
        );
        let (across, down) = if turns.is_multiple_of(2) {
            (across, down)
        } else {
            (down, across)
        };
        let cell = style
            .cell
            .unwrap_or(if across.max(down) <= 8 { 80 } else { 64 })
            .clamp(12, 256);
        let pad = (cell / 4).max(4);
        let margin = (cell * 9 / 25).max(8);
        let width = 2 * (pad + margin) + across * cell;
        let font = (width as f32 / 34.0).max(7.0);
        let row_height = (font * 1.9).round() as u32;
        let panel_top = pad + down * cell + margin + pad / 2;
        let seats = view.panel.seats.len() as u32;
        Layout {
            cell,
            width,
            height: panel_top + seats * row_height + pad,
            turns,
            columns,
            rows,
            origin: (pad + margin, pad),
            pad,
            margin,
            font,
            panel_top,
            row_height,
        }
    }

    /// The cell at (`column`, `row`) of the drawing grid, where the picture shows it.
    pub fn cell(&self, column: i8, row: i8) -> Bounds {
        let (c, r) = ((column - self.columns.0) as u32, (row - self.rows.0) as u32);
        let (c_max, r_max) = (
            (self.columns.1 - self.columns.0) as u32,
            (self.rows.1 - self.rows.0) as u32,
        );
        let (x, y) = match self.turns {
            0 => (c, r_max - r),
            1 => (r, c),
            2 => (c_max - c, r),
            _ => (r_max - r, c_max - c),
        };
        Bounds {
            x: self.origin.0 + x * self.cell,
            y: self.origin.1 + y * self.cell,
            width: self.cell,
            height: self.cell,
        }
    }

    /// The coordinates around the board: the centre of each label and what it
    /// says, file letters and rank numbers wherever the turn has put them.
    pub fn labels(&self, files: u8, ranks: u8) -> Vec<((f32, f32), String)> {
        let (across, down) = self.grid();
        let half = self.cell as f32 / 2.0;
        let band = self.margin as f32 / 2.0;
        let file = |c: i32| {
            (0..files as i32)
                .contains(&c)
                .then(|| char::from(b'a' + c as u8).to_string())
        };
        let rank = |r: i32| (0..ranks as i32).contains(&r).then(|| (r + 1).to_string());
        let (c0, c1) = (self.columns.0 as i32, self.columns.1 as i32);
        let (r0, r1) = (self.rows.0 as i32, self.rows.1 as i32);
        let mut labels = Vec::new();
        // Along the bottom edge.
        let below = (self.origin.1 + down * self.cell) as f32 + band;
        for x in 0..across as i32 {
            let text = match self.turns {
                0 => file(c0 + x),
                1 => rank(r0 + x),
                2 => file(c1 - x),
                _ => rank(r1 - x),
            };
            let centre = (
                self.origin.0 as f32 + x as f32 * self.cell as f32 + half,
                below,
            );
            labels.extend(text.map(|t| (centre, t)));
        }
        // Along the left edge.
        let left = self.origin.0 as f32 - band;
        for y in 0..down as i32 {
            let text = match self.turns {
                0 => rank(r1 - y),
                1 => file(c0 + y),
                2 => rank(r0 + y),
                _ => file(c1 - y),
            };
            let centre = (
                left,
                self.origin.1 as f32 + y as f32 * self.cell as f32 + half,
            );
            labels.extend(text.map(|t| (centre, t)));
        }
        labels
    }

    /// Columns and rows of the grid as the picture shows them.
    fn grid(&self) -> (u32, u32) {
        let (across, down) = (
            (self.columns.1 - self.columns.0 + 1) as u32,
            (self.rows.1 - self.rows.0 + 1) as u32,
        );
        if self.turns.is_multiple_of(2) {
            (across, down)
        } else {
            (down, across)
        }
    }

    /// The size of the coordinate labels.
    pub(crate) fn label_size(&self) -> f32 {
        (self.cell as f32 * 0.24).max(7.0)
    }

    /// The row of the `index`-th seat in the panel.
    pub fn seat_row(&self, index: usize) -> Bounds {
        Bounds {
            x: self.pad,
            y: self.panel_top + index as u32 * self.row_height,
            width: self.width - 2 * self.pad,
            height: self.row_height,
        }
    }

    /// The `index`-th of `count` dice, at the right end of the seat row `row`.
    pub fn die(&self, row: usize, index: usize, count: usize) -> Bounds {
        let bounds = self.seat_row(row);
        let side = self.row_height * 3 / 4;
        let gap = side / 4;
        let right = bounds.x + bounds.width - gap;
        Bounds {
            x: right - (count - index) as u32 * (side + gap) + gap,
            y: bounds.y + (self.row_height - side) / 2,
            width: side,
            height: side,
        }
    }

    /// The left edge of the dice of a row of `count` dice: text ends before it.
    pub(crate) fn dice_left(&self, row: usize, count: usize) -> u32 {
        if count == 0 {
            let bounds = self.seat_row(row);
            bounds.x + bounds.width
        } else {
            self.die(row, 0, count).x
        }
    }
}

/// The pips of a die showing `value` (1 to 6), as fractions of its side.
pub fn pips(value: u8) -> &'static [(f32, f32)] {
    const L: f32 = 0.27;
    const M: f32 = 0.5;
    const H: f32 = 0.73;
    match value {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        6 => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seance_engine::{Game, Options, Seat, Start, through::Through};

    #[test]
    fn an_8x8_board_is_a_chat_sized_picture() {
        let view = Game::<Through>::new(Start::Setup(None), Options::new())
            .unwrap()
            .board_view();
        let layout = Layout::new(&view, &Style::default());
        assert!((700..=760).contains(&layout.width), "{}", layout.width);
        // a1 is at the bottom left for White, at the top right for Black.
        let a1 = layout.cell(0, 0);
        let h8 = layout.cell(7, 7);
        assert!(a1.x < h8.x && a1.y > h8.y);
        let black = Layout::new(
            &view,
            &Style {
                seat: Some(Seat(1)),
                ..Style::default()
            },
        );
        assert_eq!(black.cell(0, 0), h8);
        let labels = black.labels(8, 8);
        let bottom_left = labels
            .iter()
            .filter(|(_, t)| t == "h" || t == "8")
            .map(|(c, _)| *c)
            .collect::<Vec<_>>();
        assert_eq!(bottom_left.len(), 2, "{labels:?}");
    }
}
