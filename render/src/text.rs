//! A board as lines of text for a terminal: rank numbers on the left, file
//! letters below, and marks around highlighted cells: `[ ]` for the last move
//! and `! !` for a royal piece in danger. Two-army games use chess symbols
//! (or letters, upper case for White); games of more armies write each piece
//! as its army's initial and its letter (`gK`, the green king).

use seance_engine::Color;
use seance_engine::view::{BoardView, Figure, Mark, PieceView};

/// How pieces are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Glyphs {
    /// Chess symbols where they exist: ♔ ♕ ♖ ♗ ♘ ♙, with Ⓢ for a superqueen.
    Unicode,
    /// Letters only.
    Letters,
}

/// Draws `view` as text, one line per row, top row first.
pub fn draw(view: &BoardView, glyphs: Glyphs) -> String {
    let columns = view.cells.iter().map(|c| c.column);
    let (left, right) = (
        columns.clone().min().unwrap_or(0),
        columns.max().unwrap_or(0),
    );
    let rows = view.cells.iter().map(|c| c.row);
    let (bottom, top) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
    let two_armies = view
        .pieces
        .iter()
        .all(|p| matches!(p.color, Color::White | Color::Black));
    // Chess symbols only when every piece has one, else letters throughout.
    let glyphs = match glyphs {
        Glyphs::Unicode
            if two_armies
                && view
                    .pieces
                    .iter()
                    .all(|p| p.badge.is_none() && symbols(p.figure).is_some()) =>
        {
            Glyphs::Unicode
        }
        _ => Glyphs::Letters,
    };
    let width = view
        .cells
        .iter()
        .map(|c| {
            men(view, c.column, c.row, glyphs, two_armies)
                .chars()
                .count()
        })
        .max()
        .unwrap_or(1)
        .max(1);
    let mut out = String::new();
    for row in (bottom..=top).rev() {
        out.push_str(&format!("{:>2} ", row + 1));
        for column in left..=right {
            let cell = view
                .cells
                .iter()
                .find(|c| c.column == column && c.row == row);
            let here = men(view, column, row, glyphs, two_armies);
            let token = match (cell, here.is_empty()) {
                (None, _) => " ".repeat(width),
                (Some(_), false) => format!("{here:>width$}"),
                (Some(_), true) => format!("{:>width$}", '·'),
            };
            let marks: Vec<Mark> = view.marks_at(column, row).collect();
            let (open, close) = if marks.contains(&Mark::Danger) {
                ('!', '!')
            } else if marks.contains(&Mark::LastTo) || marks.contains(&Mark::LastFrom) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            out.push(open);
            out.push_str(&token);
            out.push(close);
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   ");
    for column in left..=right {
        let file = match u8::try_from(column) {
            Ok(c) => char::from(b'a' + c),
            Err(_) => 'z',
        };
        out.push_str(&format!(" {file:>width$} "));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// A figure as one glyph for a label (a button, a list): the dark chess
/// symbol where there is one, else a picture of the piece's namesake.
pub fn emblem(figure: Figure) -> &'static str {
    match figure {
        Figure::King => "♚",
        Figure::Queen => "♛",
        Figure::Rook => "♜",
        Figure::Bishop => "♝",
        Figure::Knight => "♞",
        Figure::Pawn => "♟",
        Figure::Superqueen => "ⓢ",
        Figure::Boat => "⛵",
        Figure::Horse => "🐴",
        Figure::Elephant => "🐘",
        Figure::General => "🛡",
        Figure::Vizier => "⚖",
        Figure::Picket => "🏹",
        Figure::Giraffe => "🦒",
        Figure::Camel => "🐫",
        Figure::WarEngine => "🏰",
        Figure::Prince => "🤴",
        Figure::AdventitiousKing => "👑",
    }
}

/// The chess symbols of a figure, light and dark, if it has them.
fn symbols(figure: Figure) -> Option<(char, char)> {
    match figure {
        Figure::King => Some(('♔', '♚')),
        Figure::Queen => Some(('♕', '♛')),
        Figure::Rook => Some(('♖', '♜')),
        Figure::Bishop => Some(('♗', '♝')),
        Figure::Knight => Some(('♘', '♞')),
        Figure::Pawn => Some(('♙', '♟')),
        Figure::Superqueen => Some(('Ⓢ', 'ⓢ')),
        _ => None,
    }
}

/// The text of the men on one cell (two on a shared throne: `yK+R`).
fn men(view: &BoardView, column: i8, row: i8, glyphs: Glyphs, two_armies: bool) -> String {
    let tokens: Vec<String> = view
        .pieces_at(column, row)
        .enumerate()
        .map(|(i, piece)| {
            let text = token(piece, glyphs, two_armies);
            // Men sharing a cell share an army: name it once.
            if i > 0 && !two_armies {
                text.chars().skip(1).collect()
            } else {
                text
            }
        })
        .collect();
    tokens.join("+")
}

/// The text of one piece.
fn token(piece: &PieceView, glyphs: Glyphs, two_armies: bool) -> String {
    if !two_armies {
        let army = match piece.color {
            Color::Black => 'k',
            other => other.name().chars().next().unwrap_or('?'),
        };
        return format!("{army}{}", piece.label);
    }
    let white = piece.color == Color::White;
    match (glyphs, symbols(piece.figure)) {
        (Glyphs::Unicode, Some((light, dark))) => (if white { light } else { dark }).to_string(),
        _ if white => piece.label.clone(),
        _ => piece.label.to_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seance_engine::{Game, Options, Seat, Start, through::Through};

    #[test]
    fn draws_the_start_and_marks_the_last_move() {
        let mut game = Game::<Through>::new(Start::Setup(None), Options::new()).unwrap();
        let start = draw(&game.board_view(), Glyphs::Letters);
        let lines: Vec<&str> = start.lines().collect();
        // Only the side to move is warned about its attacked queens.
        assert_eq!(lines[0], " 8  r  n  b  q  q  b  n  r");
        assert_eq!(lines[1], " 7  p  p  p  p  p  p  p  p");
        assert_eq!(lines[4], " 4  ·  ·  ·  ·  ·  ·  ·  ·");
        assert_eq!(lines[7], " 1  R  N  B !Q!!Q! B  N  R");
        assert_eq!(lines[8], "    a  b  c  d  e  f  g  h");
        game.play_input(Seat(0), "d1d8").unwrap();
        let after = draw(&game.board_view(), Glyphs::Unicode);
        let lines: Vec<&str> = after.lines().collect();
        assert!(lines[0].contains("[♕]!♛!"), "{after}");
        assert!(lines[7].contains("[·]"), "{after}");
    }
}
