//! What must hold when something goes wrong, run on SQLite and on
//! PostgreSQL: the dice cannot be foreseen or swapped.

use seance_bot::record::Record;
use seance_bot::service::Context;
use seance_bot::service::dice::{self, Verdict};
use seance_bot::store::{GameId, Stage};
use seance_engine::Phase;
use seance_tests::table::*;
use seance_tests::{Scratch, on_both_stores};

/// `who`, sending the platform's message `id`.
fn sending(who: &Context, id: u32) -> Context {
    Context {
        message: Some(id.to_string()),
        ..who.clone()
    }
}

/// The dice the seed gives after `log` in `game`.
async fn next_roll(
    service: &seance_bot::service::Service,
    game: GameId,
    log: &[String],
) -> Vec<u8> {
    let record = load(service, game).await;
    let spec = replayed(&record).dice_spec().expect("a game with dice");
    dice::roll(&record.seed, spec, &dice::key(&record.entropy, log))
}

/// A player sees the next seat's roll, takes the move back, and plays
/// another: the dice are new, as the seed and the new history give them.
async fn a_takeback_does_not_reveal_the_next_roll(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let ann = player("Ann", "takeback");
    ok(
        &service,
        &sending(&ann, 11),
        "new chaturaji time=none first=red",
    )
    .await;
    let game = newest(&service, "takeback").await;
    for color in ["green", "yellow", "black"] {
        ok(&service, &ann, &format!("spirit {color}")).await;
    }
    ok(&service, &sending(&ann, 15), "start").await;
    // Ann plays on until she has two moves that end her turn after which the
    // seed rolls differently for the next seat.
    let red = Some(seance_engine::Seat(0));
    for _ in 0..300 {
        let before = load(&service, game).await;
        assert_ne!(before.stage, Stage::Over, "the game ended first");
        let shadow = replayed(&before);
        if shadow.phase().seat() != red {
            // The dice gave Ann no move: the spirits play round to her.
            assert!(service.run_due_jobs().await.unwrap() > 0, "spirits move");
            continue;
        }
        let mut passing = Vec::new();
        for mv in shadow.legal_moves() {
            let mut trial = shadow.boxed_clone();
            trial.play_text(&mv).unwrap();
            if let Phase::Roll(_) = trial.phase() {
                let dice = next_roll(&service, game, &trial.log()).await;
                passing.push((mv, format!("roll {} {}", dice[0], dice[1])));
            }
        }
        let Some(other) = passing.iter().position(|(_, roll)| *roll != passing[0].1) else {
            let mv = shadow.legal_moves().into_iter().next().expect("a move");
            ok(&service, &ann, &mv).await;
            continue;
        };
        // The first move shows the next seat's roll, as the seed gives it.
        ok(&service, &ann, &passing[0].0).await;
        let seen = &load(&service, game).await.log[before.log.len() + 1];
        assert_eq!(*seen, passing[0].1, "the roll follows the history");
        ok(&service, &ann, "takeback").await;
        assert_eq!(load(&service, game).await.log, before.log, "taken back");
        // Another move: another roll, not the one seen.
        ok(&service, &ann, &passing[other].0).await;
        let rolled = &load(&service, game).await.log[before.log.len() + 1];
        assert_eq!(
            *rolled, passing[other].1,
            "the roll follows the new history"
        );
        assert_ne!(rolled, seen, "the roll seen before the takeback is gone");
        return;
    }
    panic!("Ann never had two moves with different rolls after them");
}

/// The players' message ids are mixed into the dice; the first-player roll
/// is checked with the others; a record is checked against the commitment
/// posted in the chat, so a swapped seed and hash are caught, and a cut
/// record is refused. The database refuses to change the seed, its hash, or
/// the players' part once play begins.
async fn the_commitment_cannot_be_swapped(scratch: Scratch) {
    let (service, _, url) = service_at(scratch, quick()).await;
    let chat = "commitment";
    let players: Vec<Context> = (0..4).map(|i| player(&format!("p{i}"), chat)).collect();
    let created = ok(
        &service,
        &sending(&players[0], 100),
        "new chaturaji time=none",
    )
    .await;
    let game = newest(&service, chat).await;
    let posted = load(&service, game).await.seed_hash;
    assert!(
        created.contains(&posted),
        "the commitment is posted: {created}"
    );
    for (i, p) in players.iter().enumerate().skip(1) {
        ok(&service, &sending(p, 100 + i as u32), "join").await;
    }
    ok(&service, &sending(&players[1], 200), "start").await;
    let record = load(&service, game).await;
    assert_eq!(record.entropy, ["101", "102", "103", "200"]);
    assert!(record.options.iter().any(|o| o == dice::FIRST_BY_ROLL));
    for change in [
        "UPDATE games SET seed_hash = 'aa'",
        "UPDATE games SET seed = seed || seed",
        "UPDATE games SET entropy = ''",
    ] {
        let sql = format!("{change} WHERE id = {}", game.0);
        let refusal = tamper(&url, &sql).await;
        assert!(refusal.is_err(), "the database let '{sql}' through");
    }
    assert_eq!(load(&service, game).await, record, "nothing changed");
    // Play to the end.
    for p in &players {
        ok(&service, p, &format!("#{} resign", game.0)).await;
        if load(&service, game).await.stage == Stage::Over {
            break;
        }
    }
    let text = ok(&service, &players[0], &format!("#{} record", game.0)).await;
    let record = Record::read(&text).unwrap();
    assert!(matches!(record.verify(Some(&posted)), Ok(Verdict::Fair { rolls }) if rolls >= 1));
    // An operator who swapped both seed and hash agrees with himself, not
    // with the chat.
    let seed = b"another seed, chosen afterwards!".to_vec();
    let swapped = Record {
        seed_hash: Some(dice::commitment(&seed)),
        seed: Some(seed),
        ..record.clone()
    };
    assert_eq!(swapped.verify(Some(&posted)), Ok(Verdict::WrongSeed));
    // The first-player roll is checked too.
    let first = record
        .options
        .iter()
        .find(|o| o.starts_with("first="))
        .unwrap();
    let forged = if first == "first=red" {
        "first=green"
    } else {
        "first=red"
    };
    let forged = Record {
        options: record
            .options
            .iter()
            .map(|o| {
                if o == first {
                    forged.to_string()
                } else {
                    o.clone()
                }
            })
            .collect(),
        ..record.clone()
    };
    assert!(matches!(
        forged.verify(Some(&posted)),
        Ok(Verdict::WrongDraw { draw: "first", .. })
    ));
    // A record cut short is refused.
    let cut = Record::read(text.rsplit_once('\n').unwrap().0).unwrap();
    assert!(cut.verify(Some(&posted)).is_err());
}

on_both_stores!(
    a_takeback_does_not_reveal_the_next_roll,
    the_commitment_cannot_be_swapped,
);
