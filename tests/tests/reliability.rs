//! What must hold when something goes wrong, run on SQLite and on
//! PostgreSQL: a bad row or a failing job stops only its own game, the
//! outbox goes on past what cannot be sent, leases are freed and kept, and
//! the dice cannot be foreseen or swapped.

use std::time::Duration;

use seance_bot::clock::Clock;
use seance_bot::platform::Platform;
use seance_bot::record::Record;
use seance_bot::scheduler;
use seance_bot::service::dice::{self, Verdict};
use seance_bot::service::{Context, Defaults, MOST_TRIES, Refusal, Service};
use seance_bot::store::{GameId, JobKind, Queue, Stage};
use seance_engine::Phase;
use seance_engine::catalogue::GameType;
use seance_tests::table::*;
use seance_tests::{Scratch, on_both_stores};

/// A game of Through chess between two spirits in `chat`, started: its
/// first spirit move is due.
async fn spirits_only(service: &Service, chat: &str) -> GameId {
    let host = player("host", chat);
    ok(service, &host, "new through time=none").await;
    ok(service, &host, "spirit white").await;
    ok(service, &host, "spirit black").await;
    ok(service, &host, "start").await;
    newest(service, chat).await
}

/// Runs `sql` on the store at `url`, which must take it.
async fn change(url: &str, sql: &str) {
    if let Err(error) = tamper(url, sql).await {
        panic!("'{sql}': {error}");
    }
}

/// A game whose stored rows were broken behind the bot's back is set aside
/// the first time it is read: the command gets a clear answer, the chat is
/// told once, its jobs go, and the chat's other game and other chats' games
/// go on, by command and by job.
async fn a_broken_game_is_set_aside_and_the_rest_go_on(scratch: Scratch) {
    let (service, _, url) = service_at(scratch, quick()).await;
    let (broken, players) = seated(&service, GameType::Through, "club", "time=none").await;
    ok(&service, &players[0], "new through time=none").await;
    let fine = newest(&service, "club").await;
    ok(&service, &players[1], &format!("#{} join", fine.0)).await;
    ok(&service, &players[0], &format!("#{} start", fine.0)).await;
    change(
        &url,
        &format!(
            "DELETE FROM seats WHERE game_id = {} AND seat = 1",
            broken.0
        ),
    )
    .await;
    for _ in 0..2 {
        let replies = say(&service, &players[0], &format!("#{} board", broken.0)).await;
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert!(replies[0].private, "{replies:?}");
        assert!(replies[0].text.contains("set aside"), "{}", replies[0].text);
    }
    let record = load(&service, broken).await;
    assert!(
        record
            .broken
            .as_deref()
            .is_some_and(|why| why.contains("seat")),
        "{record:?}"
    );
    // The chat is told once, however often the game is asked for.
    let told = service.deliveries(Platform::Terminal, 100).await.unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].chat, "club");
    assert!(
        told[0].reply.text.contains(&format!("#{}", broken.0)),
        "{told:?}"
    );
    // The chat's other game answers, with or without its number.
    let listed = ok(&service, &players[0], "games").await;
    assert!(listed.contains(&format!("#{}", fine.0)), "{listed}");
    assert!(!listed.contains(&format!("#{}", broken.0)), "{listed}");
    ok(&service, &players[0], "board").await;
    let mv = replayed(&load(&service, fine).await).legal_moves()[0].clone();
    ok(&service, &players[0], &mv).await;
    // A job of a game whose seat was renumbered 7 sets that game aside, and
    // the scheduler goes on to another game's spirits.
    let renumbered = spirits_only(&service, "ghosts").await;
    let other = spirits_only(&service, "others").await;
    change(
        &url,
        &format!(
            "UPDATE seats SET seat = 7 WHERE game_id = {} AND seat = 0",
            renumbered.0
        ),
    )
    .await;
    assert!(service.run_due_jobs().await.unwrap() > 0);
    assert!(load(&service, renumbered).await.broken.is_some());
    assert!(
        service
            .store()
            .game_jobs(renumbered)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        load(&service, other).await.stage,
        Stage::Over,
        "the other game played on"
    );
}

/// A job whose game cannot be written is tried again later and later, the
/// other games' jobs run meanwhile, and after the last try it is set aside.
async fn a_failing_job_backs_off_and_stops(scratch: Scratch) {
    let defaults = Defaults {
        job_lease: Duration::from_secs(1),
        ..quick()
    };
    let (service, clock, url) = service_at(scratch, defaults).await;
    let stuck = spirits_only(&service, "stuck").await;
    let refuse = match scratch {
        Scratch::Sqlite => format!(
            "CREATE TRIGGER refuse BEFORE UPDATE ON games WHEN OLD.id = {}
             BEGIN SELECT RAISE(ABORT, 'disk full'); END;",
            stuck.0
        ),
        Scratch::Postgres => format!(
            "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN
                IF OLD.id = {} THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW;
             END $$ LANGUAGE plpgsql;
             CREATE TRIGGER refuse BEFORE UPDATE ON games FOR EACH ROW EXECUTE FUNCTION refuse();",
            stuck.0
        ),
    };
    change(&url, &refuse).await;
    let other = spirits_only(&service, "flowing").await;
    // The first try fails; the other game plays to its end meanwhile.
    assert!(service.run_due_jobs().await.unwrap() > 1);
    assert_eq!(load(&service, other).await.stage, Stage::Over);
    let jobs = service.store().game_jobs(stuck).await.unwrap();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    assert_eq!(jobs[0].0, JobKind::Spirit);
    // It is not tried again at once, but after a while, then later still.
    assert_eq!(service.run_due_jobs().await.unwrap(), 0, "it waits");
    let mut tries = 1;
    let mut waited = Vec::new();
    while service.store().dead(Queue::Jobs).await.unwrap().is_empty() {
        assert!(tries <= MOST_TRIES, "still tried after {tries} tries");
        let before = clock.now_ms();
        while service.run_due_jobs().await.unwrap() == 0 {
            clock.advance(1_000);
        }
        waited.push((clock.now_ms() - before) / 1000);
        tries += 1;
    }
    assert_eq!(tries, MOST_TRIES, "tried {MOST_TRIES} times: {waited:?}");
    assert!(waited.windows(2).all(|w| w[0] <= w[1]), "{waited:?}");
    assert!(waited.last() > waited.first(), "{waited:?}");
    let dead = service.store().dead(Queue::Jobs).await.unwrap();
    assert!(dead[0].1.contains("disk full"), "{dead:?}");
    // Set aside, it is never claimed again.
    clock.advance(86_400_000);
    assert_eq!(service.run_due_jobs().await.unwrap(), 0);
}

/// Queues a raw outbox message for the chat of `game`.
async fn queue_raw(url: &str, game: GameId, body: &str) {
    change(
        url,
        &format!(
            "INSERT INTO outbox (chat_id, game_id, body, created_ms)
             SELECT chat_id, NULL, '{body}', 0 FROM games WHERE id = {}",
            game.0
        ),
    )
    .await;
}

/// A notice as the outbox keeps it.
fn notice(text: &str) -> String {
    format!(r#"{{"text":"{text}","mentions":[],"board":false,"direct":false}}"#)
}

/// An outbox row that cannot be read is set aside and the good ones go out;
/// a chat that refuses for good (the bot was removed) gets nothing more;
/// a message refused for now comes back later, then later still, and is
/// set aside after its last try.
async fn the_outbox_goes_on_past_what_cannot_be_sent(scratch: Scratch) {
    let (service, clock, url) = service_at(scratch, quick()).await;
    let kicked = spirits_only(&service, "kicked").await;
    let healthy = spirits_only(&service, "healthy").await;
    queue_raw(&url, kicked, "not a notice").await;
    for i in 0..30 {
        queue_raw(&url, kicked, &notice(&format!("dead {i}"))).await;
    }
    queue_raw(&url, healthy, &notice("hello")).await;
    let mut delivered = Vec::new();
    // A round of 20 at a time, as the front ends take them.
    loop {
        let round = service.deliveries(Platform::Terminal, 20).await.unwrap();
        if round.is_empty() {
            break;
        }
        for delivery in round {
            if delivery.chat == "kicked" {
                let refusal =
                    Refusal::Never("Forbidden: bot was kicked from the group chat".into());
                service.undelivered(delivery.id, refusal).await.unwrap();
            } else {
                delivered.push(delivery.reply.text.clone());
                service.delivered(delivery.id).await.unwrap();
            }
        }
    }
    assert_eq!(delivered, ["hello"]);
    let dead = service.store().dead(Queue::Outbox).await.unwrap();
    assert_eq!(dead.len(), 31, "{dead:?}");
    assert!(dead[0].1.contains("unreadable"), "{dead:?}");
    assert!(dead[1].1.contains("kicked"), "{dead:?}");
    // Refused for now: back after a while, each time later, then set aside.
    queue_raw(&url, healthy, &notice("flaky")).await;
    let mut tries = 0;
    let mut waits = Vec::new();
    loop {
        let before = clock.now_ms();
        let round = loop {
            let round = service.deliveries(Platform::Terminal, 20).await.unwrap();
            if !round.is_empty() || tries == MOST_TRIES {
                break round;
            }
            clock.advance(1_000);
        };
        let Some(delivery) = round.first() else {
            break;
        };
        waits.push((clock.now_ms() - before) / 1000);
        tries += 1;
        let refusal = Refusal::Later("502 Bad Gateway".into());
        service.undelivered(delivery.id, refusal).await.unwrap();
    }
    assert_eq!(tries, MOST_TRIES, "{waits:?}");
    assert!(waits.windows(2).all(|w| w[0] <= w[1]), "{waits:?}");
    let dead = service.store().dead(Queue::Outbox).await.unwrap();
    assert!(dead.last().unwrap().1.contains("502"), "{dead:?}");
}

/// Leases name their process: one that starts again frees what its earlier
/// life held at once, while its heartbeat keeps what it holds alive.
async fn leases_are_freed_at_start_and_kept_by_the_heartbeat(scratch: Scratch) {
    let defaults = Defaults {
        job_lease: Duration::from_secs(60),
        ..quick()
    };
    let (service, clock, _) = service_at(scratch, defaults).await;
    let game = spirits_only(&service, "leases").await;
    let store = service.store().clone();
    let now = clock.now_ms();
    let held = store.claim_job(now, 60_000, "host/worker").await.unwrap();
    assert!(held.is_some_and(|job| job.game == game));
    assert_eq!(
        store.claim_job(now, 60_000, "other").await.unwrap(),
        None,
        "leased"
    );
    // The heartbeat keeps it past its first lease.
    let worker = service.clone().named("host/worker");
    clock.advance(50_000);
    worker.heartbeat().await.unwrap();
    clock.advance(50_000);
    assert_eq!(
        store
            .claim_job(clock.now_ms(), 60_000, "other")
            .await
            .unwrap(),
        None,
        "kept"
    );
    // The worker dies and starts again under its name: the job is free at once.
    let started = worker.start_up().await.unwrap();
    assert_eq!(started.freed, 1);
    assert!(worker.run_job().await.unwrap(), "the spirit moves at once");
    assert!(!load(&service, game).await.log.is_empty());
}

/// A game in play with no job (a move appended by hand, a job lost) is
/// planned again when the bot starts, rolling the dice it waits for; a
/// rolled-back version with another history is not taken from memory.
async fn games_without_jobs_are_planned_again_at_start(scratch: Scratch) {
    let (service, _, url) = service_at(scratch, quick()).await;
    let game = spirits_only(&service, "replan").await;
    change(
        &url,
        &format!("DELETE FROM jobs WHERE game_id = {}", game.0),
    )
    .await;
    assert_eq!(service.run_due_jobs().await.unwrap(), 0, "stuck");
    let started = service.start_up().await.unwrap();
    assert_eq!(started.replanned, 1);
    assert!(
        service.run_due_jobs().await.unwrap() > 0,
        "the spirits play on"
    );
    assert_eq!(load(&service, game).await.stage, Stage::Over);
    // A history rewritten under the same version is read afresh, and checked.
    let (other, players) = seated(&service, GameType::Chaturaji, "rewrite", "time=none").await;
    let record = load(&service, other).await;
    let first_roll = record
        .log
        .iter()
        .position(|l| l.starts_with("roll "))
        .unwrap();
    let forged = if record.log[first_roll] == "roll 1 1" {
        "roll 2 2"
    } else {
        "roll 1 1"
    };
    let mut log = record.log.clone();
    log[first_roll] = forged.to_string();
    change(
        &url,
        &format!(
            "UPDATE games SET log = '{}' WHERE id = {}",
            log.join("\n"),
            other.0
        ),
    )
    .await;
    let replies = say(&service, &players[0], &format!("#{} board", other.0)).await;
    assert!(replies[0].text.contains("set aside"), "{replies:?}");
    assert!(load(&service, other).await.broken.unwrap().contains("roll"));
}

/// The store speaks TLS to PostgreSQL when asked (`sslmode=require`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_over_tls() {
    let (store, url) = Scratch::Postgres.create().await.unwrap();
    store.close().await;
    let secure = format!("{url}?sslmode=require");
    let store = seance_bot::store::Store::open(&secure)
        .await
        .expect("a TLS connection");
    let service = Service::new(
        store,
        std::sync::Arc::new(seance_bot::clock::SystemClock),
        quick(),
    );
    ok(&service, &player("Ann", "tls"), "new through").await;
    let used = tamper(
        &secure,
        "DO $$ BEGIN IF NOT (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid())
            THEN RAISE EXCEPTION 'not encrypted'; END IF; END $$",
    )
    .await;
    assert_eq!(used, Ok(0), "the connection is encrypted");
}

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
/// The seed is secret, so a game may leave Ann nothing to choose between
/// (one legal move a turn) until her army falls; then she starts another.
async fn a_takeback_does_not_reveal_the_next_roll(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    for table in 0..20 {
        if takeback_changes_the_roll(&service, &format!("takeback{table}")).await {
            return;
        }
    }
    panic!("in twenty games Ann never had two moves with different rolls after them");
}

/// One game of [`a_takeback_does_not_reveal_the_next_roll`] in `chat`:
/// `false` if it ended (or ran 300 plies) before Ann had two moves with
/// different rolls.
async fn takeback_changes_the_roll(service: &seance_bot::service::Service, chat: &str) -> bool {
    let ann = player("Ann", chat);
    ok(
        service,
        &sending(&ann, 11),
        "new chaturaji time=none first=red",
    )
    .await;
    let game = newest(service, chat).await;
    for color in ["green", "yellow", "black"] {
        ok(service, &ann, &format!("spirit {color}")).await;
    }
    ok(service, &sending(&ann, 15), "start").await;
    // Ann plays on until she has two moves that end her turn after which the
    // seed rolls differently for the next seat.
    let red = Some(seance_engine::Seat(0));
    for _ in 0..300 {
        let before = load(service, game).await;
        if before.stage == Stage::Over {
            return false;
        }
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
                let dice = next_roll(service, game, &trial.log()).await;
                passing.push((mv, format!("roll {} {}", dice[0], dice[1])));
            }
        }
        let Some(other) = passing.iter().position(|(_, roll)| *roll != passing[0].1) else {
            let mv = shadow.legal_moves().into_iter().next().expect("a move");
            ok(service, &ann, &mv).await;
            continue;
        };
        // The first move shows the next seat's roll, as the seed gives it.
        ok(service, &ann, &passing[0].0).await;
        let seen = &load(service, game).await.log[before.log.len() + 1];
        assert_eq!(*seen, passing[0].1, "the roll follows the history");
        ok(service, &ann, "takeback").await;
        assert_eq!(load(service, game).await.log, before.log, "taken back");
        // Another move: another roll, not the one seen.
        ok(service, &ann, &passing[other].0).await;
        let rolled = &load(service, game).await.log[before.log.len() + 1];
        assert_eq!(
            *rolled, passing[other].1,
            "the roll follows the new history"
        );
        assert_ne!(rolled, seen, "the roll seen before the takeback is gone");
        return true;
    }
    false
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

/// A signed request is answered once by all the processes on a database;
/// records older than the freshness window are forgotten.
async fn a_request_is_seen_once_by_every_process(scratch: Scratch) {
    let (store, _) = scratch.create().await.unwrap();
    assert!(store.first_sight("abc", 1_000, 0).await.unwrap());
    assert!(!store.first_sight("abc", 2_000, 0).await.unwrap(), "seen");
    assert!(store.first_sight("abd", 2_000, 0).await.unwrap());
    // Past the window, the record goes (the request is stale by its time).
    assert!(store.first_sight("abc", 9_000, 5_000).await.unwrap());
}

/// A scheduler asked to stop finishes the job in hand and starts no other,
/// though spirits alone play on without a pause: a stopping process does
/// not play out their game on its way out.
async fn a_stopping_scheduler_starts_no_new_job(scratch: Scratch) {
    let (service, _, _) = service_at(scratch, quick()).await;
    let game = spirits_only(&service, "ghosts").await;
    let before = load(&service, game).await.log.len();
    scheduler::run(&service, std::future::ready(())).await;
    let record = load(&service, game).await;
    assert_eq!(
        record.log.len(),
        before + 1,
        "one spirit move, then it stops"
    );
    assert_eq!(record.stage, Stage::Playing);
    assert!(!service.store().game_jobs(game).await.unwrap().is_empty());
}

on_both_stores!(
    a_stopping_scheduler_starts_no_new_job,
    a_broken_game_is_set_aside_and_the_rest_go_on,
    a_failing_job_backs_off_and_stops,
    the_outbox_goes_on_past_what_cannot_be_sent,
    leases_are_freed_at_start_and_kept_by_the_heartbeat,
    games_without_jobs_are_planned_again_at_start,
    a_takeback_does_not_reveal_the_next_roll,
    the_commitment_cannot_be_swapped,
    a_request_is_seen_once_by_every_process,
);
