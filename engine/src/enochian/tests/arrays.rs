//! The eight arrays square by square, and who moves first.

use super::*;

/// The rules reference's diagrams (§1.3), rank 8 first, `.` for empty.
const ARRAYS: [(&str, &str, [&str; 8]); 8] = [
    (
        "earth",
        "earth",
        [
            "yK+R yB yQ yN . . bPr bK+R",
            "yPr yPb yPq yPn . . bPb bB",
            ". . . . . . bPq bQ",
            ". . . . . . bPn bN",
            "kN kPn . . . . . .",
            "kQ kPq . . . . . .",
            "kB kPb . . rPn rPq rPb rPr",
            "kK+R kPr . . rN rQ rB rK+R",
        ],
    ),
    (
        "earth",
        "air",
        [
            "yK+B yR yN yQ . . bPb bK+B",
            "yPb yPr yPn yPq . . bPr bR",
            ". . . . . . bPn bN",
            ". . . . . . bPq bQ",
            "kQ kPq . . . . . .",
            "kN kPn . . . . . .",
            "kR kPr . . rPq rPn rPr rPb",
            "kK+B kPb . . rQ rN rR rK+B",
        ],
    ),
    (
        "fire",
        "water",
        [
            "yK+Q yN yR yB . . bPq bK+Q",
            "yPq yPn yPr yPb . . bPn bN",
            ". . . . . . bPr bR",
            ". . . . . . bPb bB",
            "kB kPb . . . . . .",
            "kR kPr . . . . . .",
            "kN kPn . . rPb rPr rPn rPq",
            "kK+Q kPq . . rB rR rN rK+Q",
        ],
    ),
    (
        "fire",
        "fire",
        [
            "yK+N yQ yB yR . . bPn bK+N",
            "yPn yPq yPb yPr . . bPq bQ",
            ". . . . . . bPb bB",
            ". . . . . . bPr bR",
            "kR kPr . . . . . .",
            "kB kPb . . . . . .",
            "kQ kPq . . rPr rPb rPq rPn",
            "kK+N kPn . . rR rB rQ rK+N",
        ],
    ),
    (
        "air",
        "earth",
        [
            "yK+R yN yQ yB . . bPr bK+R",
            "yPr yPn yPq yPb . . bPn bN",
            ". . . . . . bPq bQ",
            ". . . . . . bPb bB",
            "kB kPb . . . . . .",
            "kQ kPq . . . . . .",
            "kN kPn . . rPb rPq rPn rPr",
            "kK+R kPr . . rB rQ rN rK+R",
        ],
    ),
    (
        "water",
        "air",
        [
            "yK+B yQ yN yR . . bPb bK+B",
            "yPb yPq yPn yPr . . bPq bQ",
            ". . . . . . bPn bN",
            ". . . . . . bPr bR",
            "kR kPr . . . . . .",
            "kN kPn . . . . . .",
            "kQ kPq . . rPr rPn rPq rPb",
            "kK+B kPb . . rR rN rQ rK+B",
        ],
    ),
    (
        "air",
        "water",
        [
            "yK+Q yB yR yN . . bPq bK+Q",
            "yPq yPb yPr yPn . . bPb bB",
            ". . . . . . bPr bR",
            ". . . . . . bPn bN",
            "kN kPn . . . . . .",
            "kR kPr . . . . . .",
            "kB kPb . . rPn rPr rPb rPq",
            "kK+Q kPq . . rN rR rB rK+Q",
        ],
    ),
    (
        "water",
        "fire",
        [
            "yK+N yR yB yQ . . bPn bK+N",
            "yPn yPr yPb yPq . . bPr bR",
            ". . . . . . bPb bB",
            ". . . . . . bPq bQ",
            "kQ kPq . . . . . .",
            "kB kPb . . . . . .",
            "kR kPr . . rPq rPb rPr rPn",
            "kK+N kPn . . rQ rB rR rK+N",
        ],
    ),
];

#[test]
fn all_eight_arrays_square_by_square() {
    for (board, setting, diagram) in ARRAYS {
        let game = setup(board, setting, &[]);
        for (row, line) in diagram.iter().enumerate() {
            for (file, token) in line.split_whitespace().enumerate() {
                let square = format!("{}{}", char::from(b'a' + file as u8), 8 - row);
                let expected = if token == "." { "" } else { token };
                assert_eq!(
                    at(&game, &square),
                    expected,
                    "{setting} of {board}: {square}"
                );
            }
        }
    }
}

#[test]
fn boards_of_one_pair_share_their_arrays() {
    for setting in ["earth", "air", "water", "fire"] {
        let text = |board| setup(board, setting, &[]).position().to_text();
        let placement = |t: String| t.split(' ').next().unwrap_or_default().to_owned();
        assert_eq!(
            placement(text("fire")),
            placement(text("earth")),
            "{setting}"
        );
        assert_eq!(
            placement(text("air")),
            placement(text("water")),
            "{setting}"
        );
    }
}

#[test]
fn the_boards_army_moves_first_and_turns_go_clockwise() {
    for (board, first) in [
        ("air", YELLOW),
        ("water", BLUE),
        ("fire", RED),
        ("earth", BLACK),
    ] {
        let game = setup(board, "earth", &[]);
        assert_eq!(game.phase(), Phase::Move(first), "{board}");
    }
    let mut game = setup("earth", "earth", &[]);
    play(&mut game, "b1c1");
    assert_eq!(game.phase(), Phase::Move(YELLOW), "Black, then Yellow");
    let mut widdershins = setup("earth", "earth", &["direction=widdershins"]);
    play(&mut widdershins, "b1c1");
    assert_eq!(widdershins.phase(), Phase::Move(RED));
}
