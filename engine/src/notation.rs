//! Moves as text. Every move prints one way (long algebraic: `d1d8`,
//! `e7e8=S`); input is forgiving (`d1-d8`, `D1 D8`, `Qd8`, `е2е4` typed with
//! Cyrillic letters), and input that fits no legal move gets an error saying why,
//! with the closest legal moves.

use std::fmt;

use crate::geometry::{Geometry, Square};
use crate::variant::{MoveInfo, Variant};
use crate::view::Figure;

/// How many of the closest legal moves an error lists.
const CLOSEST: usize = 5;

/// Why a typed move fits no legal move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Problem {
    /// No square could be read in the input.
    Unreadable {
        /// What was typed.
        input: String,
    },
    /// A square named in the input is not on this board (`e9` on an 8x8 board).
    NoSuchSquare {
        /// The square as typed.
        square: String,
    },
    /// The seat to move has no legal move at all.
    NoMoves,
    /// The named square is empty.
    Empty {
        /// The square.
        square: String,
    },
    /// The piece there belongs to another seat.
    NotYours {
        /// The square.
        square: String,
        /// The piece on it.
        figure: Figure,
    },
    /// The piece there cannot reach the target.
    CannotGo {
        /// The moving piece.
        figure: Figure,
        /// Where it stands.
        from: String,
        /// Where it was sent.
        to: String,
    },
    /// No piece (of the named kind) can reach the target.
    NoneCanGo {
        /// The kind asked for, if the input named one.
        figure: Option<Figure>,
        /// The target square.
        to: String,
    },
    /// Several legal moves fit; they are listed in `closest`.
    Ambiguous {
        /// What was typed.
        input: String,
    },
}

/// A typed move that fits no single legal move: why, and what was probably meant.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotationError {
    /// What is wrong.
    pub problem: Problem,
    /// The legal moves closest to the input (for an ambiguous input, those that fit).
    pub closest: Vec<String>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Unreadable { input } => {
                write!(f, "could not read a move in '{input}': write it like e2e4")
            }
            Problem::NoSuchSquare { square } => {
                write!(f, "there is no square {square} on this board")
            }
            Problem::NoMoves => f.write_str("there is no legal move"),
            Problem::Empty { square } => write!(f, "there is no piece on {square}"),
            Problem::NotYours { square, figure } => {
                write!(f, "the {} on {square} is not yours", figure.name())
            }
            Problem::CannotGo { figure, from, to } => {
                write!(f, "the {} on {from} cannot go to {to}", figure.name())
            }
            Problem::NoneCanGo {
                figure: Some(figure),
                to,
            } => write!(f, "no {} of yours can go to {to}", figure.name()),
            Problem::NoneCanGo { figure: None, to } => {
                write!(f, "none of your pieces can go to {to}")
            }
            Problem::Ambiguous { input } => write!(f, "'{input}' fits several moves"),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.problem)?;
        match (&self.problem, self.closest.is_empty()) {
            (_, true) => Ok(()),
            (Problem::Ambiguous { .. }, false) => {
                write!(f, ": {}", self.closest.join(", "))
            }
            (_, false) => write!(f, "; closest legal moves: {}", self.closest.join(", ")),
        }
    }
}

impl std::error::Error for NotationError {}

/// The canonical text of a move: from, to and `=` with the promotion letter
/// (or the special move's word); in games that ask for it, the piece's letter first.
pub fn format_move<V: Variant>(geometry: Geometry, info: &MoveInfo) -> String {
    if let Some(word) = info.special {
        return word.to_owned();
    }
    let letter = V::info()
        .letters_in_moves
        .then(|| V::info().letter(info.figure))
        .flatten()
        .filter(|_| info.figure != Figure::Pawn);
    let mut text = letter.map(String::from).unwrap_or_default();
    text.push_str(&format!(
        "{}{}",
        geometry.name(info.from),
        geometry.name(info.to)
    ));
    if let Some(letter) = info.promotion.and_then(|f| V::info().letter(f)) {
        text.push('=');
        text.push(letter);
    }
    text
}

/// The part of a move's canonical text that names the man and the square it
/// leaves: `e2` of `e2e4`, `Nb1` of `Nb1c3`, `a10` of `a10a11=R`. A special
/// move's word is its own origin.
pub fn origin(text: &str) -> &str {
    let letters = |from: usize, test: fn(&u8) -> bool| {
        from + text.as_bytes()[from..]
            .iter()
            .take_while(|b| test(b))
            .count()
    };
    let man = letters(0, u8::is_ascii_uppercase);
    let file = letters(man, u8::is_ascii_lowercase);
    let rank = letters(file, u8::is_ascii_digit);
    if file == man || rank == file {
        return text;
    }
    &text[..rank]
}

/// Finds the legal move of `position` that `input` means.
pub fn parse_move<V: Variant>(position: &V, input: &str) -> Result<V::Move, NotationError> {
    let rewritten = position.rewrite_input(input);
    let input = rewritten.as_str();
    let geometry = position.geometry();
    let moves: Vec<(V::Move, MoveInfo)> = position
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, position.describe(mv)))
        .collect();
    let canonical = |info: &MoveInfo| format_move::<V>(geometry, info);
    // The canonical text (what logs hold) is read without trying every spelling.
    let exact = moves
        .iter()
        .position(|(_, info)| canonical(info) == input.trim());
    if let Some(i) = exact {
        return Ok(moves[i].0);
    }
    let typed = normalize(input);
    let fits = |forms: fn(&Spellings) -> Vec<String>| -> Vec<usize> {
        moves
            .iter()
            .enumerate()
            .filter(|(_, (_, info))| forms(&Spellings::of::<V>(geometry, info)).contains(&typed))
            .map(|(i, _)| i)
            .collect()
    };
    let mut found = fits(Spellings::long);
    if found.is_empty() {
        found = fits(Spellings::short);
    }
    match found.as_slice() {
        [one] => Ok(moves[*one].0),
        [] => Err(explain(position, &typed, input, &moves, canonical)),
        many => Err(NotationError {
            problem: Problem::Ambiguous {
                input: input.trim().to_owned(),
            },
            closest: many.iter().map(|&i| canonical(&moves[i].1)).collect(),
        }),
    }
}

/// Says why `typed` (normalized) fits no legal move, and what comes closest.
fn explain<V: Variant, M>(
    position: &V,
    typed: &str,
    input: &str,
    moves: &[(M, MoveInfo)],
    canonical: impl Fn(&MoveInfo) -> String,
) -> NotationError {
    let geometry = position.geometry();
    let squares = squares_in(geometry, typed);
    let mover = position.phase().seat();
    let named = typed
        .chars()
        .next()
        .filter(char::is_ascii_alphabetic)
        .filter(|_| squares.first().is_none_or(|(at, _)| *at > 0))
        .and_then(|c| V::info().figure(c));
    let name = |square: Square| geometry.name(square).to_string();
    let problem = if moves.is_empty() {
        Problem::NoMoves
    } else if let Some(square) = off_board(geometry, typed) {
        Problem::NoSuchSquare { square }
    } else {
        match squares.as_slice() {
            [] => Problem::Unreadable {
                input: input.trim().to_owned(),
            },
            [(_, to)] => Problem::NoneCanGo {
                figure: named,
                to: name(*to),
            },
            [(_, from), .., (_, to)] => match position.occupant(*from) {
                None => Problem::Empty {
                    square: name(*from),
                },
                Some((owner, figure)) if Some(owner) != mover => Problem::NotYours {
                    square: name(*from),
                    figure,
                },
                Some((_, figure)) => Problem::CannotGo {
                    figure,
                    from: name(*from),
                    to: name(*to),
                },
            },
        }
    };
    let from = squares.first().filter(|_| squares.len() > 1).map(|s| s.1);
    let to = squares.last().map(|s| s.1);
    let mut ranked: Vec<(i32, usize, String)> = moves
        .iter()
        .map(|(_, info)| {
            let text = canonical(info);
            let score = 3 * i32::from(Some(info.from) == from)
                + 2 * i32::from(Some(info.to) == to)
                + i32::from(Some(info.figure) == named);
            (-score, distance(&text, typed), text)
        })
        .collect();
    ranked.sort();
    NotationError {
        problem,
        closest: ranked.into_iter().take(CLOSEST).map(|r| r.2).collect(),
    }
}

/// The ways a player may write one move, normalized like [`normalize`].
struct Spellings {
    letter: char,
    pawn: bool,
    from: String,
    to: String,
    promotion: Option<char>,
    special: Option<String>,
}

impl Spellings {
    fn of<V: Variant>(geometry: Geometry, info: &MoveInfo) -> Spellings {
        let letter = |f: Figure| V::info().letter(f).unwrap_or('?').to_ascii_lowercase();
        Spellings {
            letter: letter(info.figure),
            pawn: info.figure == Figure::Pawn,
            from: geometry.name(info.from).to_string(),
            to: geometry.name(info.to).to_string(),
            promotion: info.promotion.map(letter),
            special: info.special.map(normalize),
        }
    }

    /// Each stem with and without its promotion letter.
    fn finish(&self, stems: Vec<String>) -> Vec<String> {
        let mut all = stems.clone();
        if let Some(p) = self.promotion {
            all.extend(stems.into_iter().map(|s| format!("{s}{p}")));
        }
        all
    }

    /// From and to, with or without the piece letter: `d1d8`, `qd1d8`; or
    /// the word of a special move.
    fn long(&self) -> Vec<String> {
        if let Some(word) = &self.special {
            return vec![word.clone()];
        }
        let stem = format!("{}{}", self.from, self.to);
        self.finish(vec![format!("{}{stem}", self.letter), stem])
    }

    /// The target with the piece letter and maybe the start's file or rank
    /// (`qd8`, `qdd8`, `q1d8`); a pawn's target alone (`e4`).
    fn short(&self) -> Vec<String> {
        if self.special.is_some() {
            return Vec::new();
        }
        let (file, rank) = self.from.split_at(1);
        let l = self.letter;
        let to = &self.to;
        let mut stems = vec![
            format!("{l}{to}"),
            format!("{l}{file}{to}"),
            format!("{l}{rank}{to}"),
        ];
        if self.pawn {
            stems.push(to.clone());
            stems.push(format!("{file}{to}"));
        }
        self.finish(stems)
    }
}

/// Lower case, Cyrillic look-alikes turned Latin, separators and marks dropped:
/// `Е2-е4`, `e2 e4` and `e2xe4+` all become `e2e4`.
pub fn normalize(input: &str) -> String {
    input
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'а' => 'a',
            'в' => 'b',
            'с' => 'c',
            'е' | 'ё' => 'e',
            'н' => 'h',
            'к' => 'k',
            'м' => 'm',
            'о' => 'o',
            'р' => 'p',
            'т' => 't',
            'у' => 'y',
            'х' => 'x',
            other => other,
        })
        .filter(|c| c.is_ascii_alphanumeric() && *c != 'x')
        .collect()
}

/// The squares named in normalized text, with the byte offset where each starts.
fn squares_in(geometry: Geometry, text: &str) -> Vec<(usize, Square)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let digits = bytes[i + 1..]
            .iter()
            .take(2)
            .take_while(|b| b.is_ascii_digit())
            .count();
        let square = (1..=digits)
            .rev()
            .find_map(|n| geometry.parse(&text[i..=i + n]).map(|s| (n, s)));
        match square {
            Some((n, square)) if bytes[i].is_ascii_lowercase() => {
                found.push((i, square));
                i += n + 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// The first square-shaped word of normalized text (a letter, then one or
/// two digits) that names no square of `geometry`.
fn off_board(geometry: Geometry, text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    (0..bytes.len()).find_map(|i| {
        if !bytes[i].is_ascii_lowercase() {
            return None;
        }
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let word = &text[i..=i + digits];
        let on_board = (1..=digits).any(|n| geometry.parse(&text[i..=i + n]).is_some());
        (!on_board).then(|| word.to_owned())
    })
}

/// Whether a text looks like a move someone typed (`e2e4`, `Nf3`, `е2-е4`,
/// `e7e8=S`, `Qxd8`): a few short words with a square-shaped part, as
/// opposed to chatter. A reply to a board is read as a move only if it does.
pub fn looks_like_move(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() || words.len() > 2 || text.chars().count() > 16 {
        return false;
    }
    let typed = normalize(text);
    let marks = |c: char| c.is_alphanumeric() || "-=:+#!?xXхХ".contains(c);
    let squareish = typed
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_digit());
    squareish && text.chars().filter(|c| !c.is_whitespace()).all(marks)
}

/// The edit distance between two short texts.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_starts_from_its_origin() {
        assert_eq!(origin("e2e4"), "e2");
        assert_eq!(origin("Nb1c3"), "Nb1");
        assert_eq!(origin("a10a11=R"), "a10");
        assert_eq!(origin("pass"), "pass");
        assert_eq!(origin(""), "");
        assert_eq!(origin("Кe2"), "Кe2");
    }

    #[test]
    fn normalizes_separators_case_and_cyrillic() {
        for typed in [
            "e2e4", "e2-e4", "e2 e4", "E2E4", "е2е4", "Е2-Е4", "e2xe4+", " e2:e4 ",
        ] {
            assert_eq!(normalize(typed), "e2e4", "{typed}");
        }
        assert_eq!(normalize("Qxd8"), "qd8");
        assert_eq!(normalize("e7e8=S"), "e7e8s");
    }

    #[test]
    fn finds_squares_in_text() {
        let board = Geometry::new(11, 10);
        let found: Vec<String> = squares_in(board, "qk10a1")
            .into_iter()
            .map(|(_, s)| board.name(s).to_string())
            .collect();
        assert_eq!(found, ["k10", "a1"]);
    }

    #[test]
    fn moves_are_told_from_chatter() {
        for typed in [
            "e2e4", "Nf3", "е2-е4", "e7e8=S", "Qxd8", "e2 e4", "k10k9", "e2e9",
        ] {
            assert!(looks_like_move(typed), "{typed}");
        }
        for said in [
            "nice move lol",
            "gg",
            "well played!",
            "ok",
            "",
            "what about e4 then",
        ] {
            assert!(!looks_like_move(said), "{said}");
        }
    }

    #[test]
    fn a_square_off_the_board_is_named() {
        let board = Geometry::new(8, 8);
        assert_eq!(off_board(board, "e2e9"), Some("e9".to_owned()));
        assert_eq!(off_board(board, "qd1d8"), None);
        assert_eq!(off_board(board, "e2e4"), None);
        assert_eq!(off_board(Geometry::new(11, 10), "k10k9"), None);
    }

    #[test]
    fn edit_distance() {
        assert_eq!(distance("d1d8", "d1d8"), 0);
        assert_eq!(distance("d1d8", "d1d7"), 1);
        assert_eq!(distance("", "abc"), 3);
    }
}
