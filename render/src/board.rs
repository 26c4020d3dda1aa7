//! The board: cells, thrones and citadels, coordinates, the last move, royal
//! pieces in danger, and the pieces.

use image::RgbImage;
use seance_engine::view::{BoardView, Mark, PieceState, PieceView, Shade};

use crate::art::{self, Art};
use crate::layout::{Bounds, Layout};
use crate::paint::{self, Text};
use crate::theme::{Colors, Inks, Palette, Style};

/// Draws the board of `view` onto `canvas`.
pub(crate) fn draw(canvas: &mut RgbImage, view: &BoardView, layout: &Layout, style: &Style) {
    let colors = style.theme.colors();
    frame(canvas, view, layout, colors);
    for cell in &view.cells {
        let bounds = layout.cell(cell.column, cell.row);
        square(canvas, bounds, cell.shade, colors, layout.cell);
        for mark in view.marks_at(cell.column, cell.row) {
            let (x, y, side) = (bounds.x, bounds.y, bounds.width);
            match mark {
                Mark::LastFrom | Mark::LastTo => {
                    let (color, alpha) = colors.last_move;
                    paint::tint(canvas, x, y, side, side, color, alpha);
                }
                Mark::Danger => {
                    paint::glow(canvas, (x as f32, y as f32), side as f32, colors.danger)
                }
            }
        }
        let men: Vec<&PieceView> = view.pieces_at(cell.column, cell.row).collect();
        pieces(canvas, &men, bounds, style.palette);
    }
    seams(canvas, view, layout, colors);
    let text = Text {
        font: art::regular(),
        size: layout.label_size(),
        color: colors.faint,
    };
    for ((x, y), label) in layout.labels(view.files, view.ranks) {
        text.centred(canvas, x, y, &label);
    }
}

/// A line around the main board, and around each cell beyond it (the citadels).
fn frame(canvas: &mut RgbImage, view: &BoardView, layout: &Layout, colors: &Colors) {
    let width = (layout.cell / 20).max(1);
    let on_board =
        |c: i8, r: i8| (0..view.files as i8).contains(&c) && (0..view.ranks as i8).contains(&r);
    let corners = [
        layout.cell(0, 0),
        layout.cell(view.files as i8 - 1, view.ranks as i8 - 1),
    ];
    let left = corners.iter().map(|b| b.x).min().unwrap_or(0);
    let top = corners.iter().map(|b| b.y).min().unwrap_or(0);
    let right = corners.iter().map(|b| b.x + b.width).max().unwrap_or(0);
    let bottom = corners.iter().map(|b| b.y + b.height).max().unwrap_or(0);
    let mut boxes = vec![(left, top, right - left, bottom - top)];
    boxes.extend(
        view.cells
            .iter()
            .filter(|c| !on_board(c.column, c.row))
            .map(|c| {
                let b = layout.cell(c.column, c.row);
                (b.x, b.y, b.width, b.height)
            }),
    );
    for (x, y, w, h) in boxes {
        let (x, y) = (x as i32 - width as i32, y as i32 - width as i32);
        let (w, h) = (w + 2 * width, h + 2 * width);
        paint::fill(canvas, x, y, w, width, colors.frame);
        paint::fill(canvas, x, y + (h - width) as i32, w, width, colors.frame);
        paint::fill(canvas, x, y, width, h, colors.frame);
        paint::fill(canvas, x + (w - width) as i32, y, width, h, colors.frame);
    }
}

/// A fine line between neighbouring cells of the same shade, so that a board
/// without checkers (Tamerlane's) still shows its squares.
fn seams(canvas: &mut RgbImage, view: &BoardView, layout: &Layout, colors: &Colors) {
    let line = (layout.cell / 40).max(1);
    for a in &view.cells {
        for (dc, dr) in [(1, 0), (0, 1)] {
            let same = view
                .cells
                .iter()
                .any(|b| b.column == a.column + dc && b.row == a.row + dr && b.shade == a.shade);
            if !same {
                continue;
            }
            let (p, q) = (
                layout.cell(a.column, a.row),
                layout.cell(a.column + dc, a.row + dr),
            );
            let (x, y) = (p.x.max(q.x), p.y.max(q.y));
            let (w, h) = if p.y == q.y {
                (line, p.height)
            } else {
                (p.width, line)
            };
            let (x, y) = if p.y == q.y {
                (x - line / 2, p.y)
            } else {
                (p.x, y - line / 2)
            };
            paint::tint(canvas, x, y, w, h, colors.frame, 90);
        }
    }
}

/// One cell's ground.
fn square(canvas: &mut RgbImage, bounds: Bounds, shade: Shade, colors: &Colors, cell: u32) {
    let Bounds {
        x,
        y,
        width,
        height,
    } = bounds;
    let ground = match shade {
        Shade::Light => colors.light,
        Shade::Dark => colors.dark,
        Shade::Throne => colors.throne,
        Shade::Citadel => colors.citadel,
    };
    paint::fill(canvas, x as i32, y as i32, width, height, ground);
    match shade {
        Shade::Throne => {
            // A gold frame inside the cell, clear of the pieces' halos.
            let inset = (cell / 14).max(1);
            let line = (cell / 28).max(1);
            let (ox, oy) = (x + inset, y + inset);
            let side = width - 2 * inset;
            paint::fill(
                canvas,
                ox as i32,
                oy as i32,
                side,
                side,
                colors.throne_frame,
            );
            paint::fill(
                canvas,
                (ox + line) as i32,
                (oy + line) as i32,
                side - 2 * line,
                side - 2 * line,
                colors.throne,
            );
        }
        Shade::Citadel => {
            let faint = Inks {
                body: mix(ground, colors.frame, 0.22),
                lines: ground,
                halo: ground,
            };
            let tower = art::inked(Art::Citadel, width * 3 / 4, faint);
            let offset = (width / 8) as i32;
            paint::stamp(canvas, &tower, x as i32 + offset, y as i32 + offset);
        }
        Shade::Light | Shade::Dark => {}
    }
}

/// `a` moved towards `b` by `t`.
pub(crate) fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    std::array::from_fn(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8)
}

/// The men of one cell: one fills it; two (on an Enochian throne) share it
/// corner to corner. A pawn's badge, the piece it becomes, sits at its foot.
fn pieces(canvas: &mut RgbImage, men: &[&PieceView], bounds: Bounds, palette: Palette) {
    let cell = bounds.width;
    let (size, spots): (u32, &[(f32, f32)]) = match men.len() {
        0 => return,
        1 => (cell, &[(0.0, 0.0)]),
        _ => (cell * 64 / 100, &[(0.0, 0.0), (0.36, 0.36)]),
    };
    for (man, &(fx, fy)) in men.iter().zip(spots) {
        let x = bounds.x as i32 + (fx * cell as f32) as i32;
        let y = bounds.y as i32 + (fy * cell as f32) as i32;
        let inks = palette.inks(man.color, man.state == PieceState::Frozen);
        let Some(badge) = man.badge else {
            paint::stamp(
                canvas,
                &art::inked(Art::Figure(man.figure), size, inks),
                x,
                y,
            );
            continue;
        };
        // A badged pawn steps up and left to make room for its badge.
        let (pawn, small) = (size * 4 / 5, size * 13 / 25);
        paint::stamp(
            canvas,
            &art::inked(Art::Figure(man.figure), pawn, inks),
            x,
            y,
        );
        let (bx, by) = (x + (size - small) as i32, y + (size - small) as i32);
        paint::stamp(canvas, &art::inked(Art::Figure(badge), small, inks), bx, by);
    }
}
