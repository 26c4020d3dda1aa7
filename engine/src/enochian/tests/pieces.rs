//! Pieces, pawns, promotion, the privileged pawn and the concourse.

use super::*;

/// Four kings out of the way, with `men` added.
fn with_kings(men: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut all = vec![("a8", "yK"), ("h8", "bK"), ("h1", "rK"), ("a1", "kK")];
    all.extend(men);
    all
}

#[test]
fn the_queen_leaps_exactly_two_squares() {
    let men = with_kings(&[("d4", "yQ"), ("d5", "bPq"), ("e5", "rN")]);
    let game = game(&men, "y - - - 0", &[]);
    assert_eq!(
        moves_from(&game, "Qd4"),
        [
            "Qd4b2", "Qd4b4", "Qd4b6", "Qd4d2", "Qd4d6", "Qd4f2", "Qd4f4", "Qd4f6"
        ]
    );
}

#[test]
fn nothing_takes_an_ally_and_a_bishop_never_a_bishop() {
    let men = with_kings(&[("c1", "yB"), ("e3", "bB"), ("b2", "rN")]);
    let game = game(&men, "y - - - 0", &[]);
    let bishop = moves_from(&game, "Bc1");
    assert!(
        !bishop.contains(&"Bc1e3".to_string()),
        "no bishop takes a bishop"
    );
    assert!(
        !bishop.contains(&"Bc1b2".to_string()),
        "nor an allied knight"
    );
    assert_eq!(bishop, ["Bc1d2"]);
}

#[test]
fn allied_pawns_meeting_head_on_block_each_other() {
    let men = with_kings(&[("d5", "yPq"), ("d4", "rPq"), ("c3", "bN")]);
    let game = game(&men, "r - - - 0", &[]);
    assert!(
        moves_from(&game, "d4").is_empty(),
        "blocked by the yellow pawn; c5 and e5 are empty"
    );
}

#[test]
fn promotion_waits_while_four_pawns_stand_then_converts() {
    let men = with_kings(&[
        ("e7", "rPn"),
        ("b2", "rPq"),
        ("c2", "rPr"),
        ("d2", "rPb"),
        ("c3", "yN"),
        ("g6", "bN"),
    ]);
    let mut game = game(&men, "r - - - 0", &[]);
    play(&mut game, "e7e8");
    assert_eq!(at(&game, "e8"), "rPn", "four red pawns stand: it waits");
    // Black's king takes a red pawn: three are left, and the waiting one converts.
    play(&mut game, "Ka1xb2");
    assert_eq!(at(&game, "e8"), "rN");
}

#[test]
fn the_privileged_pawn_chooses_and_the_seed_demotes_a_duplicate() {
    let men = [
        ("a8", "yK"),
        ("h8", "bK"),
        ("g6", "bN"),
        ("h1", "rK"),
        ("a1", "kK"),
        ("e7", "rPn"),
        ("c4", "rB"),
    ];
    let mut game = game(&men, "r - - - 0", &[]);
    assert_eq!(
        moves_from(&game, "e7"),
        ["e7e8=B", "e7e8=N", "e7e8=Q", "e7e8=R"]
    );
    play(&mut game, "e7e8=B");
    assert_eq!(at(&game, "e8"), "rB");
    assert_eq!(
        at(&game, "c4"),
        "rPb",
        "the old bishop is a bishop's pawn again"
    );
    let mut zalewski = super::game(&men, "r - - - 0", &["privileged=zalewski"]);
    play(&mut zalewski, "e7e8=B");
    assert_eq!(at(&zalewski, "c4"), "rB", "Zalewski: nothing is demoted");
}

/// Yellow, Blue and Red bishops around d4-e5; Black's bishop on g3 completes it.
fn concourse(kind: char, options: &[&str]) -> Game<Enochian> {
    let tokens: Vec<String> = ["y", "b", "r", "k"]
        .iter()
        .map(|a| format!("{a}{kind}"))
        .collect();
    let men: Vec<(&str, &str)> = [("a8", "yK"), ("h8", "bK"), ("h1", "rK"), ("c1", "kK")]
        .into_iter()
        .chain([
            ("d4", tokens[0].as_str()),
            ("e4", tokens[1].as_str()),
            ("d5", tokens[2].as_str()),
            (if kind == 'B' { "g3" } else { "e3" }, tokens[3].as_str()),
        ])
        .collect();
    game(&men, "k - - - 0", options)
}

#[test]
fn the_concourse_of_bishops_takes_all_three() {
    let mut game = concourse('B', &[]);
    play(&mut game, "Bg3e5");
    assert_eq!(
        ["d4", "e4", "d5", "e5"].map(|s| at(&game, s)),
        ["", "", "", "kB"]
    );
}

#[test]
fn the_concourse_of_queens_and_zalewskis_reading() {
    let mut game = concourse('Q', &[]);
    play(&mut game, "Qe3e5");
    assert_eq!(
        ["d4", "e4", "d5", "e5"].map(|s| at(&game, s)),
        ["", "", "", "kQ"]
    );
    let mut zalewski = concourse('Q', &["concourse=zalewski"]);
    play(&mut zalewski, "Qe3e5");
    assert_eq!(
        ["d4", "e4", "d5", "e5"].map(|s| at(&zalewski, s)),
        ["", "kQ", "", "kQ"],
        "the enemies are taken, Blue's queen joins Black"
    );
}

#[test]
fn no_concourse_away_from_the_five_places() {
    let men = [
        ("a8", "yK"),
        ("h8", "bK"),
        ("h1", "rK"),
        ("a1", "kK"),
        ("c4", "yB"),
        ("c5", "bB"),
        ("d5", "rB"),
        ("f2", "kB"),
    ];
    let mut game = game(&men, "k - - - 0", &[]);
    play(&mut game, "Bf2d4");
    assert_eq!(
        at(&game, "c4"),
        "yB",
        "the block c4-d5 is not a concourse place"
    );
}

#[test]
fn a_bishop_does_not_attack_a_throne_holding_a_bishop() {
    // Yellow's bishop on c3 looks down the long diagonal at Blue's throne.
    let men = [
        ("h8", "bK+B"),
        ("c3", "yB"),
        ("a8", "yK"),
        ("h1", "rK"),
        ("a1", "kK"),
        ("e1", "bN"),
    ];
    let game = game(&men, "b - - - 0", &[]);
    assert!(
        !game.position().in_check(Army::Blue),
        "a bishop never takes a bishop"
    );
    assert!(
        moves(&game).iter().any(|m| m.starts_with('N')),
        "not in check, Blue's other men may move"
    );
    // The same for a queen sharing the throne and an enemy queen's leap.
    let men = [
        ("h8", "bK+Q"),
        ("f6", "yQ"),
        ("a8", "yK"),
        ("h1", "rK"),
        ("a1", "kK"),
    ];
    let game = super::game(&men, "b - - - 0", &[]);
    assert!(!game.position().in_check(Army::Blue));
    // Once the bishop has left the throne, the king alone is attacked.
    let men = [
        ("h8", "bK"),
        ("c3", "yB"),
        ("a8", "yK"),
        ("h1", "rK"),
        ("a1", "kK"),
    ];
    let game = super::game(&men, "b - - - 0", &[]);
    assert!(game.position().in_check(Army::Blue));
}

#[test]
fn a_demoted_piece_stays_a_pawn_on_the_far_edge() {
    // Red (king, queen, one pawn) promotes its privileged pawn to a queen:
    // the queen on b8, on Red's far edge, becomes a queen's pawn and stays one.
    let men = [
        ("a8", "yK"),
        ("h8", "bK"),
        ("g6", "bN"),
        ("h1", "rK"),
        ("a1", "kK"),
        ("e7", "rPn"),
        ("b8", "rQ"),
    ];
    let mut game = game(&men, "r - - - 0", &[]);
    play(&mut game, "e7e8=Q");
    assert_eq!(at(&game, "e8"), "rQ");
    assert_eq!(at(&game, "b8"), "rPq", "demoted where it stands");
    play(&mut game, "Ka1b1");
    play(&mut game, "Ka8a7");
    play(&mut game, "Ng6e5");
    assert_eq!(at(&game, "b8"), "rPq", "still a pawn rounds later");
}

#[test]
fn the_privileged_pawn_needs_a_king_and_counts_the_throne() {
    // King with a rook still on the throne, and a pawn: not "king and pawn".
    let men = [
        ("a8", "yK"),
        ("h8", "bK"),
        ("h1", "rK+R"),
        ("a1", "kK"),
        ("e7", "rPn"),
    ];
    let game = game(&men, "r - - - 0", &[]);
    assert_eq!(moves_from(&game, "e7"), ["e7e8"]);
    // Red thawed by Yellow's seizing its throne has no king of its own.
    let men = [("h1", "yK"), ("h8", "bK"), ("a1", "kK"), ("e7", "rPn")];
    let game = super::game(&men, "r - ry rb 0", &[]);
    assert_eq!(moves_from(&game, "e7"), ["e7e8"]);
}
