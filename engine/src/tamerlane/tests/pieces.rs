//! The pieces, the pawns and the arrays.

use super::*;

/// Kings out of the way for one-piece positions.
const KINGS: [(&str, &str); 2] = [("h6", "K"), ("f9", "k")];

fn alone(square: &'static str, token: &'static str, options: &[&str]) -> Game<Tamerlane> {
    let mut men = KINGS.to_vec();
    men.push((square, token));
    game(&men, WHITE, options)
}

#[test]
fn single_piece_moves_of_the_rules_reference() {
    assert_eq!(targets(&alone("a1", "C", &[]), "a1"), ["b4", "d2"], "camel");
    assert_eq!(
        targets(&alone("f5", "E", &[]), "f5"),
        ["d3", "d7", "h3", "h7"],
        "elephant"
    );
    assert_eq!(
        targets(&alone("f1", "D", &[]), "f1"),
        ["d1", "f3", "h1"],
        "war engine"
    );
    let giraffe = targets(&alone("a1", "Z", &[]), "a1");
    assert_eq!(
        giraffe,
        [
            "b10", "b5", "b6", "b7", "b8", "b9", "e2", "f2", "g2", "h2", "i2", "j2", "k2"
        ],
        "giraffe"
    );
}

#[test]
fn the_elephant_jumps_over_the_squares_between() {
    let mut men = KINGS.to_vec();
    men.extend([
        ("f5", "E"),
        ("e4", "PD"),
        ("e6", "PN"),
        ("g4", "PR"),
        ("g6", "PC"),
    ]);
    let game = game(&men, WHITE, &[]);
    assert_eq!(targets(&game, "f5"), ["d3", "d7", "h3", "h7"]);
}

#[test]
fn the_picket_goes_two_or_more_squares_diagonally_and_cannot_jump() {
    let picket = targets(&alone("c2", "T", &[]), "c2");
    for near in ["b1", "d1", "b3", "d3"] {
        assert!(!picket.contains(&near.to_string()), "{near}");
    }
    assert!(picket.contains(&"a4".to_string()) && picket.contains(&"e4".to_string()));
    let mut men = KINGS.to_vec();
    men.extend([("c2", "T"), ("d3", "PE")]);
    let blocked = targets(&game(&men, WHITE, &[]), "c2");
    assert!(
        !blocked.contains(&"e4".to_string()),
        "d3 blocks the long diagonal"
    );
    assert!(blocked.contains(&"a4".to_string()));
    let bishop = targets(&alone("c2", "T", &["picket=one-or-more"]), "c2");
    assert!(
        bishop.contains(&"d3".to_string()),
        "Forbes' picket steps one square too"
    );
}

#[test]
fn general_and_vizier_step_as_the_seed_names_them_or_as_part_a_does() {
    assert_eq!(
        targets(&alone("e5", "G", &[]), "e5"),
        ["d5", "e4", "e6", "f5"]
    );
    assert_eq!(
        targets(&alone("e5", "V", &[]), "e5"),
        ["d4", "d6", "f4", "f6"]
    );
    let historical = ["steppers=historical"];
    assert_eq!(
        targets(&alone("e5", "G", &historical), "e5"),
        ["d4", "d6", "f4", "f6"]
    );
    assert_eq!(
        targets(&alone("e5", "V", &historical), "e5"),
        ["d5", "e4", "e6", "f5"]
    );
}

#[test]
fn rook_and_knight_as_in_chess() {
    assert_eq!(targets(&alone("a1", "N", &[]), "a1"), ["b3", "c2"]);
    assert_eq!(targets(&alone("a1", "R", &[]), "a1").len(), 10 + 9);
}

#[test]
fn pawns_step_once_capture_diagonally_and_become_their_own_piece() {
    let mut men = KINGS.to_vec();
    men.extend([
        ("c3", "PC"),
        ("d4", "pd"),
        ("b4", "n"),
        ("k9", "PR"),
        ("e9", "PK"),
    ]);
    let mut game = game(&men, WHITE, &[]);
    assert_eq!(targets(&game, "c3"), ["b4", "c4", "d4"], "no double step");
    assert_eq!(targets(&game, "k9"), ["k10"]);
    play(&mut game, "k9k10");
    assert_eq!(at(&game, "k10"), "R", "the pawn of rooks becomes a rook");
    play(&mut game, "f9g8");
    play(&mut game, "e9e10");
    assert_eq!(at(&game, "e10"), "I", "the pawn of kings becomes a prince");
}

#[test]
fn the_opening_has_twenty_four_moves_and_the_giraffes_none() {
    let game = setup("masculine", &["swap=in-check"]);
    let all = moves(&game);
    assert_eq!(all.len(), 24);
    assert!(targets(&game, "d2").is_empty() && targets(&game, "h2").is_empty());
    for (from, expected) in [
        ("b2", vec!["a4", "c4", "d1"]),
        ("j2", vec!["h1", "i4", "k4"]),
        ("c1", vec!["b4", "d4"]),
        ("i1", vec!["h4", "j4"]),
        ("g2", vec!["f1", "h1"]),
        ("f2", vec!["f1"]),
    ] {
        assert_eq!(targets(&game, from), expected, "{from}");
    }
    // Under the historical names the general (e2) steps diagonally instead.
    let historical = setup("masculine", &["swap=in-check", "steppers=historical"]);
    assert_eq!(targets(&historical, "e2"), ["d1", "f1"]);
    assert!(targets(&historical, "g2").is_empty());
}

#[test]
fn the_three_arrays() {
    let text = |name: &str| setup(name, &[]).position().to_text();
    assert_eq!(
        text("masculine"),
        "e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/\
         PPPDPCPEPGPKPVPZPTPNPR/RNTZGKVZTNR/E1C1D1D1C1E w - - 0,0 m 0 1"
    );
    assert_eq!(
        text("feminine"),
        "e1c1vkg1c1e/rntzdpkdztnr/prpnptpzpv1pgpepcpdpp/11/11/11/11/\
         PPPDPCPEPG1PVPZPTPNPR/RNTZDPKDZTNR/E1C1GKV1C1E w - - 0,0 f 0 1"
    );
    assert_eq!(
        text("arabshah"),
        "e1c1vkg1c1e/rndtzpkztdnr/prpnpdptpz1pepcpvpgpp/11/11/11/11/\
         PPPGPVPCPE1PZPTPDPNPR/RNDTZPKZTDNR/E1C1GKV1C1E w - - 0,0 a 0 1"
    );
    let mirrored = setup("masculine", &["black=mirror"]).position().to_text();
    assert!(
        mirrored.starts_with("e1c1d1d1c1e/rntzgkvztnr/pppdpcpepgpkpvpzptpnpr/"),
        "{mirrored}"
    );
}
