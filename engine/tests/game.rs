//! A game is its action log: replaying the log reproduces the position, and a
//! refused action changes nothing. Checked with seeded random playouts.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use seance_engine::catalogue::{self, AnyGame};
use seance_engine::through::Through;
use seance_engine::{
    Action, ActionError, Offer, Options, Phase, ReplayError, SetupError, Start, Variant,
};

/// Options that vary with the seed, so playouts cover every rule set.
fn options(seed: u64) -> Options {
    let capture = ["anywhere", "queen-lines", "none"][seed as usize % 3];
    let win = ["queens", "all-queens"][seed as usize / 3 % 2];
    Options::parse([
        format!("superqueen_capture={capture}").as_str(),
        &format!("win={win}"),
    ])
    .unwrap()
}

/// Plays random legal moves (and now and then an offer and its refusal) until
/// the game ends or `plies` moves were made.
fn random_game(seed: u64, plies: usize) -> Box<dyn AnyGame> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = catalogue::new_game("through", Start::Setup(None), options(seed)).unwrap();
    for _ in 0..plies {
        let Phase::Move(seat) = game.phase() else {
            break;
        };
        if rng.random_ratio(1, 20) {
            game.act(Action::Offer(seat, Offer::Draw)).unwrap();
            let other = seance_engine::Seat(1 - seat.0);
            game.act(Action::Decline(other)).unwrap();
        }
        let moves = game.legal_moves();
        let choice = moves
            .choose(&mut rng)
            .expect("a move while the game goes on");
        assert_eq!(&game.play_input(seat, choice).unwrap(), choice);
        // The incremental hash equals the hash of the position read afresh.
        let fresh = Through::from_text(&game.position_text(), &options(seed)).unwrap();
        assert_eq!(fresh.hash(), game.position_hash(), "seed {seed}");
        assert_eq!(fresh.to_text(), game.position_text());
    }
    game
}

#[test]
fn replaying_the_log_reproduces_the_game() {
    let mut finished = 0;
    for seed in 0..40 {
        let game = random_game(seed, 400);
        finished += usize::from(game.outcome().is_some());
        let log = game.log();
        let again = catalogue::replay("through", Start::Setup(None), options(seed), &log).unwrap();
        assert_eq!(again.position_text(), game.position_text(), "seed {seed}");
        assert_eq!(again.position_hash(), game.position_hash());
        assert_eq!(again.outcome(), game.outcome());
        assert_eq!(again.phase(), game.phase());
        assert_eq!(again.log(), log);
        assert_eq!(again.legal_moves(), game.legal_moves());
    }
    assert!(
        finished > 20,
        "random games should mostly end: {finished} of 40 did"
    );
}

#[test]
fn a_refused_action_leaves_the_game_unchanged() {
    let mut game = random_game(7, 6);
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
        "there is no game 'chess'; the games are: through"
    );
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
