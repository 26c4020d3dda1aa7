//! Thousands of seeded random games of every game: none panics, every one
//! ends, a refused action changes nothing, and each replays exactly from its
//! log. The options vary with the seed, so every rule set is covered.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use seance_engine::catalogue::{GameType, Visitor};
use seance_engine::{
    Action, ActionError, Color, Game, Offer, Options, Phase, Seat, Start, Variant,
};

/// Games per game id.
const GAMES: u64 = 1000;
/// Actions after which a game that has not ended fails the test.
const MAX_ACTIONS: usize = 100_000;

/// Options picked at random among each of the game's option values, but
/// never Tamerlane's `draws = none`, without which a random game may never end.
fn options<V: Variant>(rng: &mut StdRng) -> Options {
    let mut options = Options::new();
    for spec in V::info().options.iter().filter(|s| s.key != "draws") {
        let value = spec.values.choose(rng).expect("an option has values");
        options.set(spec.key, value);
    }
    options
}

/// Plays `action` if legal; a refused action must leave the game as it was.
fn try_play<V: Variant>(game: &mut Game<V>, action: Action<V::Move>) -> bool {
    let before = (game.position().to_text(), game.log().count(), game.phase());
    match game.play(action) {
        Ok(_) => true,
        Err(_) => {
            let after = (game.position().to_text(), game.log().count(), game.phase());
            assert_eq!(before, after, "a refused action changed the game");
            false
        }
    }
}

/// A game from the default setup with options picked by `seed`, and the
/// generator that goes on choosing for it.
fn fresh<V: Variant>(seed: u64) -> (Game<V>, StdRng) {
    let mut rng = StdRng::seed_from_u64(seed);
    let options = options::<V>(&mut rng);
    let game = Game::<V>::new(Start::Setup(None), options).expect("setup");
    (game, rng)
}

/// A fair roll of the dice the game asks for.
fn throw<V: Variant>(game: &Game<V>, rng: &mut StdRng) -> Vec<u8> {
    let spec = game
        .position()
        .dice_spec()
        .expect("a dice game says its dice");
    spec.roll(&mut std::iter::repeat_with(|| rng.random::<u8>()))
        .expect("endless bytes")
}

/// One random game to its end.
fn playout<V: Variant>(seed: u64) -> Game<V> {
    let (mut game, mut rng) = fresh::<V>(seed);
    let seats = V::info().seats.len() as u8;
    for _ in 0..MAX_ACTIONS {
        let seat = match game.phase() {
            Phase::Over => return game,
            Phase::Roll(_) => {
                let dice = throw(&game, &mut rng);
                assert!(
                    try_play(&mut game, Action::Roll(dice)),
                    "a fair roll was refused"
                );
                continue;
            }
            Phase::Move(seat) => seat,
        };
        let anyone = Seat(rng.random_range(0..seats));
        if rng.random_ratio(1, 100) {
            let color = *Color::ALL.choose(&mut rng).expect("colours");
            if try_play(&mut game, Action::Offer(anyone, Offer::Exchange(color))) {
                continue;
            }
        }
        if rng.random_ratio(1, 200) && try_play(&mut game, Action::Offer(anyone, Offer::Draw)) {
            let declined = (0..seats).any(|s| try_play(&mut game, Action::Decline(Seat(s))));
            assert!(declined, "somebody may decline an offer");
        }
        if rng.random_ratio(1, 2000) {
            try_play(&mut game, Action::Resign(anyone));
            continue;
        }
        let moves = game.position().legal_moves();
        let Some(&mv) = moves.choose(&mut rng) else {
            panic!(
                "{} seed {seed}: {seat:?} must move but has no move",
                V::info().id
            );
        };
        assert!(
            try_play(&mut game, Action::Move(mv)),
            "a legal move was refused"
        );
    }
    panic!(
        "{} seed {seed}: no end after {MAX_ACTIONS} actions",
        V::info().id
    )
}

struct Playouts;

impl Visitor for Playouts {
    type Output = ();
    fn visit<V: Variant>(self) {
        for seed in 0..GAMES {
            let game = playout::<V>(seed);
            let log: Vec<&str> = game.log().collect();
            let again = Game::<V>::replay(game.start().clone(), game.options().clone(), &log)
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", V::info().id));
            assert_eq!(again.position().to_text(), game.position().to_text());
            assert_eq!(again.outcome(), game.outcome());
            assert_eq!(again.log().collect::<Vec<_>>(), log);
        }
    }
}

#[test]
fn random_games_end_and_replay_exactly() {
    for game in GameType::ALL {
        game.visit(Playouts);
    }
}

#[test]
fn position_texts_and_hashes_survive_every_ply() {
    struct Texts;
    impl Visitor for Texts {
        type Output = ();
        fn visit<V: Variant>(self) {
            for seed in 0..20 {
                let (mut game, mut rng) = fresh::<V>(seed);
                let options = game.options().clone();
                while game.phase() != Phase::Over {
                    if let Phase::Roll(_) = game.phase() {
                        let dice = throw(&game, &mut rng);
                        game.play(Action::Roll(dice)).expect("roll");
                    } else {
                        let moves = game.position().legal_moves();
                        let &mv = moves.choose(&mut rng).expect("a move");
                        game.play(Action::Move(mv)).expect("legal");
                    }
                    let text = game.position().to_text();
                    let fresh = V::from_text(&text, &options).expect("own text");
                    assert_eq!(fresh.to_text(), text, "{}", V::info().id);
                    assert_eq!(
                        fresh.hash(),
                        game.position().hash(),
                        "{}: {text}",
                        V::info().id
                    );
                }
            }
        }
    }
    for game in GameType::ALL {
        game.visit(Texts);
    }
}

/// Whoever is to act resigns, one after another, from points along random
/// games: each resignation takes that seat out of the game for good (it never
/// acts again, and cannot resign twice), so the game ends after at most one
/// resignation per seat.
#[test]
fn resignations_take_the_seat_out_and_end_the_game() {
    struct Resignations;
    impl Visitor for Resignations {
        type Output = ();
        fn visit<V: Variant>(self) {
            let id = V::info().id;
            let seats = V::info().seats.len();
            for seed in 0..300 {
                let (mut game, mut rng) = fresh::<V>(seed);
                let plies = rng.random_range(0..400);
                let mut resigned: Vec<Seat> = Vec::new();
                while game.phase() != Phase::Over {
                    let seat = match game.phase() {
                        Phase::Move(seat) => seat,
                        _ => {
                            let dice = throw(&game, &mut rng);
                            game.play(Action::Roll(dice)).expect("roll");
                            continue;
                        }
                    };
                    assert!(
                        !resigned.contains(&seat),
                        "{id} seed {seed}: {seat:?} acts after resigning in {}",
                        game.position().to_text()
                    );
                    if game.log().count() < plies {
                        let moves = game.position().legal_moves();
                        let &mv = moves.choose(&mut rng).expect("a move");
                        game.play(Action::Move(mv)).expect("legal");
                    } else {
                        match game.play(Action::Resign(seat)) {
                            // A player of two colours may not resign
                            // (Enochian); his time can still run out.
                            Err(ActionError::TwoColours) => game
                                .play(Action::Timeout(seat))
                                .expect("the seat's time may run out"),
                            other => other.expect("the seat to act may resign"),
                        };
                        resigned.push(seat);
                        if game.phase() != Phase::Over {
                            assert!(!try_play(&mut game, Action::Resign(seat)), "{id}: twice");
                        }
                        assert!(
                            resigned.len() < seats,
                            "{id} seed {seed}: all resigned, no end"
                        );
                    }
                }
            }
        }
    }
    for game in GameType::ALL {
        game.visit(Resignations);
    }
}
