//! A board as lines of text for a terminal: chess symbols (or letters), rank
//! numbers on the left, file letters below, and marks around highlighted cells:
//! `[ ]` for the last move and `! !` for a royal piece in danger.

use seance_engine::Color;
use seance_engine::view::{BoardView, Figure, Mark, PieceView};

/// How pieces are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Glyphs {
    /// Chess symbols: ♔ ♕ ♖ ♗ ♘ ♙, with Ⓢ for a superqueen.
    Unicode,
    /// Letters, upper case for the first army: K Q R B N P S.
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
    let mut out = String::new();
    for row in (bottom..=top).rev() {
        out.push_str(&format!("{:>2} ", row + 1));
        for column in left..=right {
            let cell = view
                .cells
                .iter()
                .find(|c| c.column == column && c.row == row);
            let symbol = match (cell, view.piece_at(column, row)) {
                (None, _) => ' ',
                (Some(_), Some(piece)) => symbol(piece, glyphs),
                (Some(_), None) => '·',
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
            out.push(symbol);
            out.push(close);
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   ");
    for column in left..=right {
        let file = u8::try_from(column).map_or(' ', |c| char::from(b'a' + c));
        out.push_str(&format!(" {file} "));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// The character for one piece.
fn symbol(piece: &PieceView, glyphs: Glyphs) -> char {
    let light = matches!(piece.color, Color::White | Color::Yellow);
    match glyphs {
        Glyphs::Unicode => {
            let (white, black) = match piece.figure {
                Figure::King => ('♔', '♚'),
                Figure::Queen => ('♕', '♛'),
                Figure::Rook => ('♖', '♜'),
                Figure::Bishop => ('♗', '♝'),
                Figure::Knight => ('♘', '♞'),
                Figure::Pawn => ('♙', '♟'),
                Figure::Superqueen => ('Ⓢ', 'ⓢ'),
            };
            if light { white } else { black }
        }
        Glyphs::Letters => {
            let letter = match piece.figure {
                Figure::King => 'K',
                Figure::Queen => 'Q',
                Figure::Rook => 'R',
                Figure::Bishop => 'B',
                Figure::Knight => 'N',
                Figure::Pawn => 'P',
                Figure::Superqueen => 'S',
            };
            if light {
                letter
            } else {
                letter.to_ascii_lowercase()
            }
        }
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
