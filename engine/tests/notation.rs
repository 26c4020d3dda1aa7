//! Typing moves: every accepted form, and what an input that fits no legal
//! move is told. Positions are Through chess.

use seance_engine::notation::parse_move;
use seance_engine::through::{START, Through};
use seance_engine::{
    ActionError, Color, Figure, Game, NotationError, Options, Problem, Seat, Start, Variant,
};

fn position(text: &str) -> Through {
    Through::from_text(text, &Options::new()).unwrap()
}

/// The canonical text of the move `input` means in `text`.
fn read(text: &str, input: &str) -> Result<String, NotationError> {
    let game = Game::<Through>::new(Start::Position(text.into()), Options::new()).unwrap();
    let mv = parse_move(game.position(), input)?;
    Ok(game.move_text(mv))
}

#[test]
fn long_algebraic_in_every_spelling() {
    for input in [
        "d1d8", "d1-d8", "d1 d8", "D1D8", "d1xd8", "Qd1d8", "Qd1xd8", "qd1-d8", " d1:d8 ",
    ] {
        assert_eq!(read(START, input).as_deref(), Ok("d1d8"), "{input}");
    }
}

#[test]
fn cyrillic_look_alikes_typed_on_a_russian_keyboard() {
    assert_eq!(read(START, "е2е4").as_deref(), Ok("e2e4"));
    assert_eq!(read(START, "Е2-Е4").as_deref(), Ok("e2e4"));
    assert_eq!(read(START, "с2с4").as_deref(), Ok("c2c4"));
    assert_eq!(read(START, "а2а3").as_deref(), Ok("a2a3"));
}

#[test]
fn short_algebraic_when_unambiguous() {
    assert_eq!(read(START, "Qxd8").as_deref(), Ok("d1d8"));
    assert_eq!(read(START, "Qe8").as_deref(), Ok("e1e8"));
    assert_eq!(read(START, "Nc3").as_deref(), Ok("b1c3"));
    assert_eq!(read(START, "Nbc3").as_deref(), Ok("b1c3"));
    assert_eq!(read(START, "N1c3").as_deref(), Ok("b1c3"));
    assert_eq!(read(START, "e4").as_deref(), Ok("e2e4"));
    assert_eq!(read(START, "Rxa8").as_deref(), Ok("a1a8"));
}

#[test]
fn promotion_with_or_without_the_letter() {
    let text = "3qq3/1P6/8/8/8/8/8/3QQ3 w 0 1";
    for input in ["b7b8=S", "b7b8", "b7-b8=s", "b7b8S", "b8", "b8=S", "b8S"] {
        assert_eq!(read(text, input).as_deref(), Ok("b7b8=S"), "{input}");
    }
}

#[test]
fn ambiguous_input_lists_the_moves_it_fits() {
    let rooks = "3qq3/8/8/8/8/8/8/R2QQ2R w 0 1";
    let error = read(rooks, "Rb1").unwrap_err();
    assert_eq!(
        error.problem,
        Problem::Ambiguous {
            input: "Rb1".into()
        }
    );
    assert_eq!(error.closest, ["a1b1", "h1b1"]);
    assert_eq!(error.to_string(), "'Rb1' fits several moves: a1b1, h1b1");
    assert_eq!(read(rooks, "Rab1").as_deref(), Ok("a1b1"));
    assert_eq!(read(rooks, "Rhb1").as_deref(), Ok("h1b1"));

    let pawns = "3qq3/8/8/8/8/4P3/4P3/3QQ3 w 0 1";
    assert_eq!(read(pawns, "e4").unwrap_err().closest, ["e2e4", "e3e4"]);
    assert_eq!(read(pawns, "e2e4").as_deref(), Ok("e2e4"));
}

#[test]
fn says_why_a_move_does_not_fit() {
    let problem = |input: &str| read(START, input).unwrap_err().problem;
    assert_eq!(
        problem("hello"),
        Problem::Unreadable {
            input: "hello".into()
        }
    );
    assert_eq!(
        problem("z9"),
        Problem::NoSuchSquare {
            square: "z9".into()
        }
    );
    assert_eq!(
        problem("e2e9"),
        Problem::NoSuchSquare {
            square: "e9".into()
        },
        "not 'nothing can go to e2'"
    );
    assert_eq!(
        problem("e5e6"),
        Problem::Empty {
            square: "e5".into()
        }
    );
    assert_eq!(
        problem("e7e5"),
        Problem::NotYours {
            square: "e7".into(),
            figure: Figure::Pawn
        }
    );
    assert_eq!(
        problem("d1d2"),
        Problem::CannotGo {
            figure: Figure::Queen,
            from: "d1".into(),
            to: "d2".into()
        }
    );
    assert_eq!(
        problem("Qh3"),
        Problem::NoneCanGo {
            figure: Some(Figure::Queen),
            to: "h3".into()
        }
    );
    assert_eq!(
        problem("h5"),
        Problem::NoneCanGo {
            figure: None,
            to: "h5".into()
        }
    );
}

#[test]
fn errors_show_the_closest_legal_moves() {
    let error = read(START, "d1d2").unwrap_err();
    assert_eq!(error.closest.len(), 5);
    assert!(
        error.closest.iter().all(|m| m.starts_with("d1")),
        "{:?}",
        error.closest
    );
    assert!(
        error
            .to_string()
            .starts_with("the queen on d1 cannot go to d2; closest legal moves: d1"),
        "{error}"
    );
    let error = read(START, "e5e6").unwrap_err();
    assert_eq!(error.closest.len(), 5);
    assert!(
        error
            .to_string()
            .starts_with("there is no piece on e5; closest legal moves: ")
    );
    // Moves to the named square come first.
    let error = read(START, "Qh3").unwrap_err();
    assert_eq!(error.closest[..2], ["f1h3", "g1h3"]);
}

#[test]
fn no_legal_move_at_all() {
    let walled = "N6N/p1p2pp1/pp3pp1/p3p3/p2p3q/pppppppp/pppppppp/QNNNNNNN w 0 1";
    let error = parse_move(&position(walled), "a1b1").unwrap_err();
    assert_eq!(error.problem, Problem::NoMoves);
    assert!(error.closest.is_empty());
}

#[test]
fn turn_and_game_over_come_before_notation() {
    let mut game = Game::<Through>::new(Start::Setup(None), Options::new()).unwrap();
    assert_eq!(
        game.play_input(Seat(1), "e7e5"),
        Err(ActionError::NotYourTurn {
            waiting: Color::White
        })
    );
    let mut over = Game::<Through>::new(
        Start::Position("3q4/8/8/8/8/8/8/3QQ3 w 0 1".into()),
        Options::new(),
    )
    .unwrap();
    over.play_input(Seat(0), "Qxd8").unwrap();
    assert_eq!(over.play_input(Seat(1), "d8d7"), Err(ActionError::GameOver));
    game.play_input(Seat(0), "e4").unwrap();
    assert_eq!(game.log().collect::<Vec<_>>(), ["e2e4"]);
}
