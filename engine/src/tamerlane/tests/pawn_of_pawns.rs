//! The pawn of pawns: its first arrival, its relocation, its second and third arrivals.

use super::*;

#[test]
fn at_its_first_arrival_it_waits_immune() {
    let men = [("a9", "PP"), ("f2", "K"), ("f9", "k"), ("e10", "r")];
    let mut game = game(&men, WHITE, &[]);
    play(&mut game, "a9a10");
    assert_eq!(at(&game, "a10"), "PP", "it does not promote");
    assert!(game.position().to_text().contains(" 1,0 "), "one arrival");
    assert!(
        !targets(&game, "e10").contains(&"a10".to_string()),
        "the rook cannot take it"
    );
}

/// White's pawn of pawns waits on a10; a black knight on d6 and rook on f6.
fn waiting(extra: &[(&'static str, &'static str)], options: &[&str]) -> Game<Tamerlane> {
    let mut men = vec![
        ("a10", "PP"),
        ("h1", "K"),
        ("f9", "k"),
        ("d6", "n"),
        ("f6", "r"),
    ];
    men.extend(extra);
    game(&men, "w - - 1,0 m 0 1", options)
}

#[test]
fn it_is_lifted_to_a_square_where_it_attacks_two_men() {
    let game = waiting(&[], &[]);
    assert_eq!(
        targets(&game, "a10"),
        ["e5"],
        "from e5 it attacks d6 and f6"
    );
}

#[test]
fn its_own_man_on_that_square_is_removed() {
    let mut game = waiting(&[("e5", "N")], &[]);
    assert_eq!(targets(&game, "a10"), ["e5"]);
    play(&mut game, "a10e5");
    assert_eq!(at(&game, "e5"), "PP");
    assert_eq!(at(&game, "a10"), "");
    let empty_only = waiting(&[("e5", "N")], &["pop_square=empty"]);
    assert!(targets(&empty_only, "a10").is_empty());
}

#[test]
fn or_where_it_attacks_one_man_that_cannot_move() {
    // The black general on k5 is walled in by its own pawns.
    let men = [
        ("a10", "PP"),
        ("f2", "K"),
        ("f9", "k"),
        ("k5", "g"),
        ("k4", "pn"),
        ("k6", "pn"),
        ("j5", "pn"),
    ];
    let game = game(&men, "w - - 1,0 m 0 1", &[]);
    assert!(targets(&game, "a10").contains(&"j4".to_string()));
    let fork_only = super::game(&men, "w - - 1,0 m 0 1", &["pop_relocation=fork"]);
    assert!(!targets(&fork_only, "a10").contains(&"j4".to_string()));
}

#[test]
fn at_its_second_arrival_it_goes_to_the_pawn_of_kings_square() {
    let men = [("c9", "PP"), ("f2", "K"), ("f9", "k"), ("f3", "n")];
    let mut game = game(&men, "w - - 1,0 m 0 1", &[]);
    play(&mut game, "c9c10");
    assert_eq!(at(&game, "c10"), "");
    assert_eq!(at(&game, "f3"), "PP", "the black knight there is removed");
    assert!(game.position().to_text().contains(" 2,0 "));
}

#[test]
fn at_its_third_arrival_it_becomes_an_adventitious_king() {
    let men = [("c9", "PP"), ("f2", "K"), ("f9", "k"), ("h5", "PK")];
    let mut game = super::game(&men, "w - - 2,0 m 0 1", &[]);
    play(&mut game, "c9c10");
    assert_eq!(at(&game, "c10"), "A");
    assert_eq!(at(&game, "h5"), "PK");
    let mut murray = super::game(&men, "w - - 2,0 m 0 1", &["third_arrival=and-prince"]);
    play(&mut murray, "c9c10");
    assert_eq!(
        at(&murray, "h5"),
        "I",
        "Murray: the pawn of kings becomes a prince too"
    );
}

#[test]
fn pawns_count_among_the_men_it_must_attack() {
    // The seed's 28 «фигур» include the pawns: two black pawns make a fork.
    let men = [
        ("a10", "PP"),
        ("h1", "K"),
        ("f9", "k"),
        ("d6", "pn"),
        ("f6", "pr"),
    ];
    let game = game(&men, "w - - 1,0 m 0 1", &[]);
    assert_eq!(targets(&game, "a10"), ["e5"]);
    let pieces = super::game(&men, "w - - 1,0 m 0 1", &["pop_targets=pieces"]);
    assert!(targets(&pieces, "a10").is_empty(), "pieces only: no fork");
}

#[test]
fn a_man_pinned_to_its_last_royal_cannot_move() {
    // Black's knight on f7 stands between its king on f9 and White's rook
    // on f2: it has moves by the rules of movement, but none is legal.
    let men = [
        ("a10", "PP"),
        ("h1", "K"),
        ("f9", "k"),
        ("f7", "n"),
        ("f2", "R"),
    ];
    let game = game(&men, "w - - 1,0 m 0 1", &[]);
    let lifts = targets(&game, "a10");
    assert!(
        lifts.contains(&"e6".to_string()) && lifts.contains(&"g6".to_string()),
        "{lifts:?}"
    );
    // Unpinned, the knight can move: attacking it alone is not enough.
    let free: Vec<_> = men.iter().copied().filter(|m| m.0 != "f2").collect();
    let game = super::game(&free, "w - - 1,0 m 0 1", &[]);
    assert!(!targets(&game, "a10").contains(&"e6".to_string()));
}
