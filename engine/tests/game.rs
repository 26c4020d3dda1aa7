//! A game is its action log and its rules for offers: a refused action changes
//! nothing, and a log that cannot be replayed says where. Random playouts of
//! every game are in `playouts.rs`.

use seance_engine::catalogue::{self, GameType};
use seance_engine::{
    Action, ActionError, Color, Offer, Options, Phase, ReplayError, Seat, SetupError, Start,
};

#[test]
fn a_refused_action_leaves_the_game_unchanged() {
    let mut game =
        catalogue::new_game(GameType::Through, Start::Setup(None), Options::new()).unwrap();
    for mv in ["e2e4", "Nc6", "Qd1xd8"] {
        game.play_text(mv).unwrap();
    }
    let before = (
        game.position_text(),
        game.log(),
        game.phase(),
        game.pending_offer(),
    );
    let Phase::Move(seat) = game.phase() else {
        panic!("game over early")
    };
    let other = seance_engine::Seat(1 - seat.0);
    assert!(game.play_input(seat, "a1a1").is_err());
    assert!(game.play_input(seat, "nonsense").is_err());
    assert!(matches!(
        game.play_input(other, "a7a6"),
        Err(ActionError::NotYourTurn { .. })
    ));
    assert_eq!(game.act(Action::Accept(other)), Err(ActionError::NoOffer));
    assert_eq!(
        game.act(Action::Roll(vec![3, 4])),
        Err(ActionError::WrongPhase("a roll of the dice"))
    );
    assert_eq!(
        game.act(Action::Resign(seance_engine::Seat(5))),
        Err(ActionError::NoSuchSeat(5))
    );
    assert!(game.play_text("resign purple").is_err());
    let after = (
        game.position_text(),
        game.log(),
        game.phase(),
        game.pending_offer(),
    );
    assert_eq!(before, after);
}

#[test]
fn offers_need_an_answer_before_another() {
    let mut game =
        catalogue::new_game(GameType::Through, Start::Setup(None), Options::new()).unwrap();
    game.play_text("offer draw white").unwrap();
    assert_eq!(
        game.play_text("offer draw black"),
        Err(ActionError::OfferPending)
    );
    assert_eq!(
        game.play_text("accept white"),
        Err(ActionError::AlreadyAgreed)
    );
    assert_eq!(
        game.play_text("accept black").as_deref(),
        Ok("accept black")
    );
    assert_eq!(game.play_text("e2e4"), Err(ActionError::GameOver));
}

#[test]
fn the_log_reads_its_own_lines_as_actions() {
    let game = catalogue::new_game(GameType::Through, Start::Setup(None), Options::new()).unwrap();
    let read = |text| game.parse_action(text);
    assert_eq!(read("Qd1xd8"), Ok(Action::Move("d1d8".to_string())));
    assert_eq!(read("roll 2 5"), Ok(Action::Roll(vec![2, 5])));
    assert_eq!(
        read("offer draw black"),
        Ok(Action::Offer(Seat(1), Offer::Draw))
    );
    assert_eq!(
        read("offer exchange red white"),
        Ok(Action::Offer(Seat(0), Offer::Exchange(Color::Red)))
    );
    assert_eq!(read("resign white"), Ok(Action::Resign(Seat(0))));
    assert!(read("resign purple").is_err());
    assert!(read("e2e9").is_err());
    assert_eq!(game.log(), Vec::<String>::new(), "reading plays nothing");
}

#[test]
fn the_last_move_is_known_and_taken_back_with_the_rolls_after_it() {
    let mut game =
        catalogue::new_game(GameType::Chaturaji, Start::Setup(None), Options::new()).unwrap();
    assert_eq!(game.last_move(), None);
    // Roll until a seat has a move, then play it; the next seat rolls.
    while !matches!(game.phase(), Phase::Move(_)) {
        game.play_text("roll 1 1").unwrap();
    }
    let before = (game.position_text(), game.log(), game.dice());
    let Phase::Move(mover) = game.phase() else {
        unreachable!()
    };
    let mv = game.legal_moves()[0].clone();
    game.play_text(&mv).unwrap();
    let index = game.log().len() - 1;
    while matches!(game.phase(), Phase::Roll(_)) {
        game.play_text("roll 2 2").unwrap();
        if game.phase().seat() == Some(mover) {
            break;
        }
    }
    let rolls = game.rolls();
    assert_eq!(
        rolls,
        game.log().iter().filter(|l| l.starts_with("roll ")).count()
    );
    let last = game
        .last_move()
        .expect("the move, with only rolls after it");
    assert_eq!(
        (last.index, last.seat, last.text.as_str()),
        (index, mover, mv.as_str())
    );
    assert_eq!(game.take_back(), Some(last));
    assert_eq!((game.position_text(), game.log(), game.dice()), before);
    assert_eq!(
        game.rolls(),
        before.1.len(),
        "every entry before the move was a roll"
    );

    // An offer after a move leaves nothing to take back, and changes nothing.
    let mut game =
        catalogue::new_game(GameType::Through, Start::Setup(None), Options::new()).unwrap();
    game.play_text("e2e4").unwrap();
    game.play_text("offer draw black").unwrap();
    assert_eq!(game.last_move(), None);
    let log = game.log();
    assert_eq!(game.take_back(), None);
    assert_eq!(game.log(), log);
}

#[test]
fn a_corrupt_log_says_which_entry_failed() {
    let log: Vec<String> = ["e2e4", "e7e5", "d1d9"].map(String::from).to_vec();
    let error =
        catalogue::replay(GameType::Through, Start::Setup(None), Options::new(), &log).unwrap_err();
    assert!(
        matches!(error, ReplayError::Action { index: 2, .. }),
        "{error}"
    );
}

#[test]
fn unknown_games_setups_and_options_are_refused_with_the_choices() {
    let refuse = |id: &str, start: Start, options: &[&str]| {
        id.parse::<GameType>()
            .and_then(|game| {
                catalogue::new_game(
                    game,
                    start,
                    Options::parse(options.iter().copied()).unwrap(),
                )
            })
            .unwrap_err()
    };
    let error = refuse("chess", Start::Setup(None), &[]);
    assert!(matches!(error, SetupError::UnknownGame { .. }));
    assert_eq!(
        error.to_string(),
        format!(
            "there is no game 'chess'; the games are: {}",
            catalogue::ids().join(", ")
        )
    );
    assert!(catalogue::ids().contains(&"through"));
    let error = refuse("through", Start::Setup(Some("fischer".into())), &[]);
    assert_eq!(
        error.to_string(),
        "there is no setup 'fischer'; choose one of: standard"
    );
    let error = refuse("through", Start::Setup(None), &["win=never"]);
    assert_eq!(
        error.to_string(),
        "option 'win' cannot be 'never'; choose one of: queens, all-queens"
    );
    let error = refuse("through", Start::Position("8/8 w".into()), &[]);
    assert!(matches!(error, SetupError::Position(_)));
}
