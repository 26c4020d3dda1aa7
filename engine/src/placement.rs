//! The board field of position texts, as in FEN: the ranks from the top down
//! with `/` between them, a number for a run of empty squares, and a token for
//! each man (its form is the game's own).

use std::str::Chars;

use crate::geometry::{Geometry, Square};
use crate::variant::PositionError;

/// Writes the board field, `token` giving each occupied square's token.
pub fn write(geometry: Geometry, mut token: impl FnMut(Square) -> Option<String>) -> String {
    let mut text = String::new();
    for rank in (0..i32::from(geometry.ranks())).rev() {
        let mut empty = 0;
        for file in 0..i32::from(geometry.files()) {
            let square = geometry.square(file, rank).expect("on the board");
            match token(square) {
                None => empty += 1,
                Some(token) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(&token);
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// Reads a board field. `man` reads one man from the first character of its
/// token and may take the token's other characters from the iterator.
pub fn read<T>(
    geometry: Geometry,
    text: &str,
    mut man: impl FnMut(char, &mut Chars) -> Result<T, PositionError>,
) -> Result<Vec<(Square, T)>, PositionError> {
    let bad = |why: String| PositionError(why);
    let rows: Vec<&str> = text.split('/').collect();
    let ranks = usize::from(geometry.ranks());
    if rows.len() != ranks {
        return Err(bad(format!("expected {ranks} ranks, found {}", rows.len())));
    }
    let mut men = Vec::new();
    for (row, line) in rows.iter().enumerate() {
        let rank = (ranks - 1 - row) as i32;
        let mut file = 0;
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if let Some(digit) = c.to_digit(10) {
                let mut run = digit;
                while let Some(next) = chars.clone().next().and_then(|c| c.to_digit(10)) {
                    run = run * 10 + next;
                    chars.next();
                }
                if run == 0 {
                    return Err(bad(format!("an empty run of 0 on rank {}", rank + 1)));
                }
                file += run as i32;
                continue;
            }
            let token = man(c, &mut chars)?;
            let square = geometry
                .square(file, rank)
                .ok_or_else(|| bad(format!("rank {} is too long", rank + 1)))?;
            men.push((square, token));
            file += 1;
        }
        if file != i32::from(geometry.files()) {
            return Err(bad(format!(
                "rank {} has {file} squares, not {}",
                rank + 1,
                geometry.files()
            )));
        }
    }
    Ok(men)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_runs_of_any_length() {
        let board = Geometry::new(11, 2);
        let text = write(board, |s| {
            (s.index() == 0 || s.index() == 21).then(|| "x".to_owned())
        });
        assert_eq!(text, "10x/x10");
        let men = read(board, &text, |c, _| Ok(c)).unwrap();
        assert_eq!(men, [(Square::new(21), 'x'), (Square::new(0), 'x')]);
        assert!(read(board, "11/x11", |c, _| Ok(c)).is_err(), "too long");
        assert!(read(board, "11", |c, _| Ok(c)).is_err(), "one rank missing");
        assert!(read(board, "11/0x10", |c, _| Ok(c)).is_err());
    }
}
