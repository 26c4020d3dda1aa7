//! The rules of Through chess, position by position (see `RULES.md`).

use super::*;
use crate::game::{Action, Game, Offer, Start};

fn position(text: &str) -> Through {
    Through::from_text(text, &Options::new()).expect("valid position")
}

fn with(text: &str, option: &str) -> Through {
    Through::from_text(text, &Options::parse([option]).unwrap()).expect("valid position")
}

fn sq(name: &str) -> Square {
    BOARD.parse(name).expect("square name")
}

/// The canonical texts of the legal moves, sorted.
fn moves(position: &Through) -> Vec<String> {
    let mut all: Vec<String> = position
        .legal_moves()
        .into_iter()
        .map(|mv| crate::notation::format_move::<Through>(BOARD, &position.describe(mv)))
        .collect();
    all.sort();
    all
}

/// The legal moves of the man on `from`.
fn moves_from(position: &Through, from: &str) -> Vec<String> {
    moves(position)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn play(position: &mut Through, from: &str, to: &str) {
    let mv = Move {
        from: sq(from),
        to: sq(to),
    };
    assert!(
        position.legal_moves().contains(&mv),
        "{from}{to} is not legal"
    );
    position.play_unchecked(mv);
}

#[test]
fn white_opens_with_sixty_moves_four_of_them_captures() {
    let start = position(START);
    assert_eq!(start.turn(), Side::White);
    assert_eq!(start.count_moves(), 60);
    let captures: Vec<String> = start
        .legal_moves()
        .into_iter()
        .filter(|&mv| start.describe(mv).capture)
        .map(|mv| crate::notation::format_move::<Through>(BOARD, &start.describe(mv)))
        .collect();
    assert_eq!(captures.len(), 4);
    for capture in ["a1a8", "d1d8", "e1e8", "h1h8"] {
        assert!(captures.contains(&capture.to_string()), "{capture}");
    }
}

#[test]
fn sliders_pass_through_every_man_but_land_only_on_empty_squares_or_enemies() {
    // The bishop on c1 passes its own pawn on d2; the rook on a1 passes a2 and a7.
    let start = position(START);
    // b2 and d2 hold pawns, which no man may land on.
    assert_eq!(
        moves_from(&start, "c1"),
        ["c1a3", "c1e3", "c1f4", "c1g5", "c1h6"]
    );
    assert_eq!(
        moves_from(&start, "a1"),
        ["a1a3", "a1a4", "a1a5", "a1a6", "a1a8"]
    );
}

#[test]
fn knights_leap_as_usual() {
    let start = position(START);
    assert_eq!(moves_from(&start, "b1"), ["b1a3", "b1c3"]);
}

#[test]
fn pawns_step_one_or_two_from_any_rank_through_anything() {
    // White pawn e4 may hop over the black pawn on e5 to e6; the d-pawn is
    // stopped only where it would land on a man.
    let p = position("3qq3/8/8/3pp3/3PP3/3p4/8/3QQ3 w 0 1");
    assert_eq!(moves_from(&p, "e4"), ["e4e6"]);
    assert_eq!(moves_from(&p, "d4"), ["d4d6"]);
    // Pawns never capture: the d4 pawn has no diagonal move onto e5.
    assert!(!moves(&p).contains(&"d4e5".to_string()));
}

#[test]
fn pawns_are_never_captured() {
    // The white queen on d1 sees the black pawns on d5 and d3 but may not take them.
    let p = position("3qq3/8/8/3p4/8/3p4/8/3QQ3 w 0 1");
    let queen = moves_from(&p, "d1");
    assert!(!queen.contains(&"d1d5".to_string()));
    assert!(!queen.contains(&"d1d3".to_string()));
    assert!(
        queen.contains(&"d1d8".to_string()),
        "the queen behind them is fair game"
    );
}

#[test]
fn a_pawn_reaching_the_last_rank_becomes_a_superqueen() {
    let mut p = position("3qq3/1P6/8/6P1/8/8/8/3QQ3 w 0 1");
    assert_eq!(moves_from(&p, "b7"), ["b7b8=S"]);
    assert_eq!(moves_from(&p, "g5"), ["g5g6", "g5g7"]);
    play(&mut p, "b7", "b8");
    assert_eq!(p.man_at(sq("b8")), Some((Side::White, Kind::Superqueen)));
    assert_eq!(p.to_text(), "1S1qq3/8/8/6P1/8/8/8/3QQ3 b 0 1");
    // A two-step from the sixth rank promotes too, over whatever stands on the seventh.
    let mut p = position("3qq3/6p1/6P1/8/8/8/8/3QQ3 w 0 1");
    play(&mut p, "g6", "g8");
    assert_eq!(p.man_at(sq("g8")), Some((Side::White, Kind::Superqueen)));
}

#[test]
fn an_occupied_promotion_square_stops_the_pawn() {
    // b8 holds a black knight: the pawn on b7 cannot move, and the pawn on b6
    // neither, as both b7 and b8 are taken.
    let p = position("1n1qq3/1P6/1P6/8/8/8/8/3QQ3 w 0 1");
    assert!(moves_from(&p, "b7").is_empty());
    assert!(moves_from(&p, "b6").is_empty());
}

#[test]
fn a_superqueen_goes_anywhere_and_captures_anywhere_by_default() {
    let p = position("3qq3/8/8/8/8/8/8/S2QQ3 w 0 1");
    let sq_moves = moves_from(&p, "a1");
    // 64 squares, minus its own, minus the two white queens: the black queens are captures.
    assert_eq!(sq_moves.len(), 61);
    assert!(
        sq_moves.contains(&"a1e8".to_string()),
        "e8 is not on a1's lines"
    );
}

#[test]
fn superqueen_capture_options() {
    let text = "3qq3/8/8/8/8/8/8/S2QQ3 w 0 1";
    let lines = with(text, "superqueen_capture=queen-lines");
    let sq_moves = moves_from(&lines, "a1");
    assert_eq!(
        sq_moves.len(),
        59,
        "every empty square; no queen on its lines"
    );
    assert!(
        sq_moves.contains(&"a1c5".to_string()),
        "still moves anywhere"
    );
    assert!(
        !sq_moves.contains(&"a1e8".to_string()),
        "e8 is off its lines"
    );
    let aligned = with(
        "q6q/8/8/8/8/8/8/S2QQ3 w 0 1",
        "superqueen_capture=queen-lines",
    );
    let sq_moves = moves_from(&aligned, "a1");
    assert!(
        sq_moves.contains(&"a1a8".to_string()),
        "captures along its file"
    );
    assert!(
        sq_moves.contains(&"a1h8".to_string()),
        "captures along its diagonal"
    );
    let none = with(text, "superqueen_capture=none");
    assert_eq!(
        moves_from(&none, "a1").len(),
        59,
        "every empty square, no capture"
    );
}

#[test]
fn taking_both_queens_wins_and_a_superqueen_does_not_save_a_side() {
    let mut p = position("3q4/8/8/8/8/8/8/1s1QQ3 w 0 1");
    assert_eq!(p.outcome(), None);
    play(&mut p, "d1", "d8");
    assert!(p.ended());
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(vec![Seat(0)], Reason::QueensCaptured))
    );
    // Under win=all-queens, Black's superqueen keeps it in the game.
    let mut p = with("3q4/8/8/8/8/8/8/1s1QQ3 w 0 1", "win=all-queens");
    play(&mut p, "d1", "d8");
    assert_eq!(p.outcome(), None);
    play(&mut p, "b1", "d1");
    play(&mut p, "e1", "d1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(vec![Seat(0)], Reason::QueensCaptured))
    );
}

#[test]
fn a_hundred_quiet_plies_draw() {
    let mut p = position("r2qq2r/8/8/8/8/8/8/R2QQ2R w 99 80");
    assert_eq!(p.outcome(), None);
    play(&mut p, "a1", "a2");
    assert_eq!(p.outcome(), Some(Outcome::draw(Reason::MoveLimit)));
    // A capture resets the count instead.
    let mut p = position("r2qq2r/8/8/8/8/8/8/R2QQ2R w 99 80");
    play(&mut p, "a1", "a8");
    assert_eq!(p.outcome(), None);
    assert!(p.to_text().ends_with(" b 0 80"));
}

#[test]
fn no_legal_move_is_a_draw() {
    let walled = "N6N/p1p2pp1/pp3pp1/p3p3/p2p3q/pppppppp/pppppppp/QNNNNNNN w 0 1";
    let p = position(walled);
    assert_eq!(p.count_moves(), 0);
    assert_eq!(p.outcome(), Some(Outcome::draw(Reason::NoLegalMove)));
}

#[test]
fn threefold_repetition_draws() {
    let mut game = Game::<Through>::new(Start::Setup(None), Options::new()).unwrap();
    let shuffle = ["b1c3", "b8c6", "c3b1", "c6b8"];
    for text in shuffle.iter().chain(&shuffle) {
        assert!(game.outcome().is_none());
        game.play_text(text).unwrap();
    }
    assert_eq!(game.outcome(), Some(&Outcome::draw(Reason::Repetition)));
}

#[test]
fn draw_by_agreement_resignation_and_timeout() {
    let new = || Game::<Through>::new(Start::Setup(None), Options::new()).unwrap();
    let mut game = new();
    game.play(Action::Offer(Seat(0), Offer::Draw)).unwrap();
    game.play(Action::Accept(Seat(1))).unwrap();
    assert_eq!(game.outcome(), Some(&Outcome::draw(Reason::Agreement)));

    let mut game = new();
    game.play(Action::Resign(Seat(0))).unwrap();
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(vec![Seat(1)], Reason::Resignation(Seat(0))))
    );

    let mut game = new();
    game.play(Action::Timeout(Seat(1))).unwrap();
    assert_eq!(
        game.outcome(),
        Some(&Outcome::win(vec![Seat(0)], Reason::Timeout(Seat(1))))
    );
}

#[test]
fn a_declined_or_ignored_offer_lapses() {
    let mut game = Game::<Through>::new(Start::Setup(None), Options::new()).unwrap();
    game.play_text("offer draw white").unwrap();
    game.play_text("b1c3").unwrap();
    assert!(
        game.pending_offer().is_some(),
        "the offer stands through the offerer's own move"
    );
    game.play_text("b8c6").unwrap();
    assert!(
        game.pending_offer().is_none(),
        "Black moved instead of answering"
    );
    assert!(game.play_text("accept black").is_err());
    game.play_text("offer draw white").unwrap();
    game.play_text("decline black").unwrap();
    assert!(game.pending_offer().is_none());
    assert!(game.outcome().is_none());
}

#[test]
fn danger_marks_the_movers_attacked_queens() {
    let start = position(START);
    let view = start.board_view(None);
    let danger: Vec<&str> = view
        .highlights
        .iter()
        .filter(|h| h.mark == Mark::Danger)
        .map(|h| view.cells[h.cell].name.as_str())
        .collect();
    assert_eq!(danger, ["d1", "e1"]);
}

#[test]
fn position_text_round_trips_and_bad_texts_are_refused() {
    for text in [
        START,
        "1S1qq3/8/8/6P1/8/8/8/3QQ3 b 7 31",
        "N6N/p1p2pp1/pp3pp1/p3p3/p2p3q/pppppppp/pppppppp/QNNNNNNN w 0 1",
    ] {
        assert_eq!(position(text).to_text(), text);
    }
    assert_eq!(
        position("3qq3/8/8/8/8/8/8/3QQ3 b").to_text(),
        "3qq3/8/8/8/8/8/8/3QQ3 b 0 1"
    );
    for bad in [
        "",
        "3qq3/8/8/8/8/8/8/3QQ3",
        "3qq3/8/8/8/8/8/3QQ3 w",
        "3qq3/8/8/8/8/8/8/3QQ4 w",
        "3qq3/8/8/8/8/8/8/3QQ2 w",
        "3qq3/8/8/8/8/8/8/3QK3 w",
        "3qq3/8/8/8/8/8/8/3QQ3 x",
        "3qq3/8/8/8/8/8/8/3QQ3 w -1 1",
        "3qqP2/8/8/8/8/8/8/3QQ3 w",
        "8/8/8/8/8/8/8/8 w",
    ] {
        assert!(
            Through::from_text(bad, &Options::new()).is_err(),
            "'{bad}' was accepted"
        );
    }
}
