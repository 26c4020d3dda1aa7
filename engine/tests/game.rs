//! A game is its action log and its rules for offers: a refused action changes
//! nothing, and a log that cannot be replayed says where. Random playouts of
//! every game are in `playouts.rs`.

use seance_engine::catalogue;
use seance_engine::{Action, ActionError, Options, Phase, ReplayError, SetupError, Start};

#[test]
fn a_refused_action_leaves_the_game_unchanged() {
    let mut game = catalogue::new_game("through", Start::Setup(None), Options::new()).unwrap();
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
    let mut game = catalogue::new_game("through", Start::Setup(None), Options::new()).unwrap();
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
fn a_corrupt_log_says_which_entry_failed() {
    let log: Vec<String> = ["e2e4", "e7e5", "d1d9"].map(String::from).to_vec();
    let error = catalogue::replay("through", Start::Setup(None), Options::new(), &log).unwrap_err();
    assert!(
        matches!(error, ReplayError::Action { index: 2, .. }),
        "{error}"
    );
}

#[test]
fn unknown_games_setups_and_options_are_refused_with_the_choices() {
    let refuse = |id: &str, start: Start, options: &[&str]| {
        catalogue::new_game(id, start, Options::parse(options.iter().copied()).unwrap())
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
