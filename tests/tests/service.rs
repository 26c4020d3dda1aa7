//! The service's suite, run the same on SQLite and on PostgreSQL: whole
//! games of every game through commands, refusals that change nothing,
//! hostile input, racing moves, verifiable dice, and the clock's reminders
//! and deadlines on a fake clock.

use std::sync::Arc;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use seance_bot::clock::Clock;
use seance_bot::platform::Platform;
use seance_bot::service::dice::{self, Verdict};
use seance_bot::service::{Context, Defaults, Service};
use seance_bot::store::{JobKind, Stage, Store, StoreError};
use seance_engine::catalogue::GameType;
use seance_engine::{Color, Seat, Start};
use seance_tests::table::*;
use seance_tests::{Scratch, on_both_stores};

async fn whole_games_of_every_game(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let mut rng = StdRng::seed_from_u64(11);
    for id in GameType::ALL {
        let chat = format!("whole-{id}");
        let (game, players) = seated(&service, id, &chat, "time=none").await;
        let mut moves = 0;
        for step in 0.. {
            // 300 moves, then at most one resignation a seat.
            assert!(
                step <= 300 + players.len(),
                "{id}: no end after {step} actions"
            );
            let record = load(&service, game).await;
            if record.stage == Stage::Over {
                break;
            }
            let shadow = replayed(&record);
            let seat = shadow.phase().seat().expect("a seat to act").0;
            let who = &players[usize::from(seat)];
            if moves < 300 {
                let mv = shadow
                    .legal_moves()
                    .choose(&mut rng)
                    .cloned()
                    .expect("a legal move");
                let text = ok(&service, who, &mv).await;
                let played = replayed(&load(&service, game).await).last_move();
                let shown = played.map(|m| m.shown()).unwrap_or(mv.clone());
                assert!(
                    text.contains(&shown),
                    "{id}: the reply names the move: {text}"
                );
                moves += 1;
            } else {
                resign_someone(&service, who, &players).await;
            }
        }
        let record = load(&service, game).await;
        let finished = replayed(&record);
        assert!(finished.outcome().is_some(), "{id} ended");
        if matches!(id, GameType::Chaturaji | GameType::ChaturajiClassic) {
            assert!(finished.rolls() > 0, "{id}: the bot rolled");
        }
        assert!(
            service.store().game_jobs(game).await.unwrap().is_empty(),
            "{id}: no jobs after the end"
        );
    }
}

/// Ends a seat's part: the acting player resigns, or, where a player of two
/// colours may not leave (Enochian chess), the first player who may; if
/// nobody may, everyone agrees a draw.
async fn resign_someone(service: &Service, who: &Context, players: &[Context]) {
    for p in std::iter::once(who).chain(players) {
        if say(service, p, "resign").await.iter().all(|r| !r.private) {
            return;
        }
    }
    ok(service, who, "draw").await;
    for p in players.iter().filter(|p| p.user != who.user) {
        say(service, p, "accept").await;
    }
}

async fn refusals_change_nothing(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let (game, players) = seated(&service, GameType::Through, "refusals", "time=none").await;
    let (white, black) = (&players[0], &players[1]);
    let outsider = player("stranger", "refusals");
    let elsewhere = player("p0", "another-chat");
    assert!(
        refused(&service, &outsider, "e2e3", game)
            .await
            .contains("no seat")
    );
    assert!(
        refused(&service, black, "e7e6", game)
            .await
            .contains("not your turn")
    );
    let text = refused(&service, &elsewhere, &format!("#{} e2e3", game.0), game).await;
    assert!(text.contains(&format!("no game #{}", game.0)), "{text}");
    assert!(
        refused(&service, &outsider, "join", game)
            .await
            .contains("already started")
    );
    assert!(
        refused(&service, white, "leave", game)
            .await
            .contains("already started")
    );
    assert!(
        refused(&service, white, "spirit black", game)
            .await
            .contains("not yours")
    );
    assert!(
        refused(&service, white, "accept", game)
            .await
            .contains("no offer")
    );
    // A game not yet started.
    ok(&service, &player("q0", "lobby"), "new through").await;
    let open = newest(&service, "lobby").await;
    assert!(
        refused(&service, &player("q0", "lobby"), "e2e3", open)
            .await
            .contains("not started")
    );
    assert!(
        refused(&service, &player("q1", "lobby"), "start", open)
            .await
            .contains("no seat")
    );
    ok(&service, &player("q1", "lobby"), "join black").await;
    assert!(
        refused(&service, &player("q2", "lobby"), "join black", open)
            .await
            .contains("taken")
    );
    assert!(
        refused(&service, &player("q2", "lobby"), "join", open)
            .await
            .contains("taken")
    );
}

async fn hostile_input_is_answered_and_harmless(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let bobby = player("Robert'); DROP TABLE games; --", "hostile");
    ok(&service, &bobby, "new through").await;
    let game = newest(&service, "hostile").await;
    ok(&service, &player("x", "hostile"), "join").await;
    ok(&service, &bobby, "start").await;
    let huge = "e2e4".repeat(2_500);
    let cases = [
        (huge.as_str(), "too long"),
        ("new chess", "no game 'chess'"),
        ("new through time=forever", "not a time"),
        ("new enochian board=lava", "Cannot set up"),
        ("e9e10", "Not a legal move"),
        ("Qxz9", "Not a legal move"),
        ("' OR 1=1 --", "don't know"),
        ("1=1", "Not a legal move"),
        ("🙂", "Not a legal move"),
        ("\u{0}\u{7}", "Not a legal move"),
        ("spirit purple", "no colour 'purple'"),
        ("#999999 board", "no game #999999"),
        ("#-1 board", "no game #-1"),
        ("#abc board", "Usage"),
        ("settings timezone moscow", "Cannot read"),
        ("settings dm perhaps", "Usage"),
        ("/definitely-not-a-command", "don't know"),
        ("robert'); drop table users; --", "don't know"),
    ];
    for (input, expected) in cases {
        let text = refused(&service, &bobby, input, game).await;
        assert!(text.contains(expected), "{input:?}: {text}");
    }
    // Still one game here, still playable, and the name came through intact.
    let chat = service
        .store()
        .chat(Platform::Terminal, "hostile")
        .await
        .unwrap();
    assert_eq!(service.store().chat_games(chat, 10).await.unwrap().len(), 1);
    ok(&service, &bobby, "e2e3").await;
    let record = load(&service, game).await;
    assert_eq!(
        record.seats[0].user.as_ref().unwrap().name,
        "Robert'); DROP TABLE games; --"
    );
}

async fn racing_moves_land_once(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let (game, players) = seated(&service, GameType::Through, "race", "time=none").await;
    let mut rng = StdRng::seed_from_u64(3);
    for round in 0..8 {
        let record = load(&service, game).await;
        let shadow = replayed(&record);
        if shadow.outcome().is_some() {
            break;
        }
        let seat = usize::from(shadow.phase().seat().unwrap().0);
        let legal = shadow.legal_moves();
        let (a, b) = (legal[0].clone(), legal[legal.len() - 1].clone());
        let who = &players[seat];
        let (first, second) = tokio::join!(say(&service, who, &a), say(&service, who, &b));
        let landed = [&first, &second]
            .iter()
            .filter(|r| r.iter().all(|r| !r.private))
            .count();
        assert_eq!(landed, 1, "round {round}: {first:?} / {second:?}");
        let after = load(&service, game).await;
        assert_eq!(after.log.len(), record.log.len() + 1, "round {round}");
        assert_eq!(after.version, record.version + 1, "round {round}");
        // The other side replies.
        let shadow = replayed(&after);
        if let Some(next) = shadow.phase().seat() {
            let mv = shadow.legal_moves().choose(&mut rng).cloned().unwrap();
            ok(&service, &players[usize::from(next.0)], &mv).await;
        }
    }
    // Two writers of one version: the second is refused and writes nothing.
    let record = load(&service, game).await;
    let mut changed = record.clone();
    changed.takeback = vec![Seat(0)];
    service
        .store()
        .save_game(&changed, false, &[], &[], None)
        .await
        .unwrap();
    let lost = service
        .store()
        .save_game(&record, false, &[], &[], None)
        .await;
    assert!(matches!(lost, Err(StoreError::Conflict)), "{lost:?}");
    assert_eq!(load(&service, game).await.takeback, vec![Seat(0)]);
}

async fn dice_are_verifiable(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let host = player("host", "dice");
    ok(&service, &host, "new chaturaji time=none").await;
    let game = newest(&service, "dice").await;
    for color in ["red", "green", "yellow", "black"] {
        ok(&service, &host, &format!("spirit {color}")).await;
    }
    let hash = load(&service, game).await.seed_hash;
    ok(&service, &host, "start").await;
    while load(&service, game).await.stage != Stage::Over {
        assert!(
            service.run_due_jobs().await.unwrap() > 0,
            "spirits keep moving"
        );
    }
    let record = load(&service, game).await;
    assert_eq!(record.seed_hash, hash, "the published hash never changes");
    let text = ok(&service, &host, &format!("#{} verify", game.0)).await;
    assert!(text.contains("follow from it"), "{text}");
    // The record alone is enough to check the dice, and a forged roll is caught.
    let start = Start::Setup(None);
    let dealt = dice::Dealt {
        game: record.variant,
        start: &start,
        options: &record.options,
        entropy: &record.entropy,
        log: &record.log,
    };
    let check = |log: &[String]| dice::verify(dice::Dealt { log, ..dealt }, &record.seed, &[&hash]);
    // Every roll of the log is checked (how many there are depends on the
    // spirits' play, which depends on the clock).
    let verdict = check(&record.log);
    let rolled = record.log.iter().filter(|l| l.starts_with("roll ")).count();
    assert!(
        matches!(verdict, Verdict::Fair { rolls } if rolls == rolled && rolls > 0),
        "{verdict:?} after {} actions",
        record.log.len()
    );
    let mut forged = record.log.clone();
    let first = forged.iter().position(|l| l.starts_with("roll ")).unwrap();
    forged[first] = if forged[first] == "roll 1 1" {
        "roll 2 2"
    } else {
        "roll 1 1"
    }
    .to_string();
    assert!(matches!(
        check(&forged),
        Verdict::WrongRoll { number: 1, .. }
    ));
    // Spirits alone play unseen: the end is told once, with the final board
    // and the replay, a frame for the start and one for every move.
    let spirit_moves = record.log.iter().filter(|l| !l.contains(' ')).count();
    let told = service
        .deliveries(Platform::Terminal, 10_000)
        .await
        .unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].reply.text.contains("Game over"),
        "{:?}",
        told[0].reply.text
    );
    let board = told[0].reply.board.as_ref().expect("the final board");
    assert_eq!(board.frames.len(), spirit_moves + 1);
}

async fn reminders_and_deadlines_follow_the_clock(scratch: Scratch) {
    let defaults = Defaults {
        reminder_before: Duration::from_secs(12 * 3600),
        spirit_pause: Duration::from_secs(2),
        ..Defaults::default()
    };
    let (service, clock) = service(scratch, defaults).await;
    let (game, players) = seated(&service, GameType::Through, "clock", "time=1d").await;
    let (white, black) = (&players[0], &players[1]);
    let plan = |jobs: Vec<(JobKind, Seat, i64)>| {
        jobs.into_iter()
            .map(|(k, s, due)| (k, s.0, due - EPOCH))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        plan(service.store().game_jobs(game).await.unwrap()),
        [
            (JobKind::Reminder, 0, 12 * HOUR),
            (JobKind::Deadline, 0, 24 * HOUR)
        ]
    );
    clock.advance(11 * HOUR);
    // The board shows the clock of the seat to move, and the reply says whose turn it is.
    let shown = say(&service, black, "board").await;
    let board = shown[0].board.as_ref().expect("a board");
    let clocks: Vec<_> = board.players.iter().map(|p| p.clock).collect();
    assert_eq!(clocks, [Some(Duration::from_secs(13 * 3600)), None]);
    let about = shown[0].about.expect("about the game");
    assert_eq!(
        (about.game, about.stage, about.turn),
        (game, Stage::Playing, Some((Seat(0), Color::White)))
    );
    assert_eq!(service.run_due_jobs().await.unwrap(), 0);
    clock.advance(HOUR);
    assert_eq!(service.run_due_jobs().await.unwrap(), 1);
    let told = service.deliveries(Platform::Terminal, 10).await.unwrap();
    assert_eq!(told.len(), 1);
    assert!(
        told[0].reply.text.contains("@p0, 12 hours left"),
        "{:?}",
        told[0].reply.text
    );
    assert!(!told[0].direct, "p0 takes no direct messages");
    assert_eq!(told[0].reply.mentions[0].user, "id-p0");
    service.delivered(told[0].id).await.unwrap();
    // The deadline passes: a spirit stands in for White and moves.
    clock.advance(12 * HOUR);
    assert_eq!(service.run_due_jobs().await.unwrap(), 1);
    assert!(load(&service, game).await.seats[0].stand_in);
    clock.advance(2_000);
    assert_eq!(service.run_due_jobs().await.unwrap(), 1);
    let record = load(&service, game).await;
    assert_eq!(record.log.len(), 1, "the spirit moved once");
    let told: Vec<String> = service
        .deliveries(Platform::Terminal, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|d| d.reply.text)
        .collect();
    assert!(told[0].contains("Time ran out for white"), "{told:?}");
    assert!(told[1].contains("@p1, your move (black)"), "{told:?}");
    // Black's own clock runs from now; White comes back by speaking.
    let record = load(&service, game).await;
    assert_eq!(record.deadline_ms, Some(clock.now_ms() + 24 * HOUR));
    let mv = replayed(&record).legal_moves()[0].clone();
    ok(&service, black, &mv).await;
    let text = ok(&service, white, "board").await;
    assert!(text.contains("Welcome back"), "{text}");
    assert!(!load(&service, game).await.seats[0].stand_in);
    assert_eq!(
        plan(service.store().game_jobs(game).await.unwrap())[1].0,
        JobKind::Deadline,
        "White is on the clock again"
    );

    // Forfeit: time runs out and the game is lost.
    let (lost, _) = seated(
        &service,
        GameType::Through,
        "forfeit",
        "time=1h timeout=forfeit",
    )
    .await;
    clock.advance(HOUR);
    service.run_due_jobs().await.unwrap();
    let record = load(&service, lost).await;
    assert_eq!(record.stage, Stage::Over);
    assert_eq!(record.log, ["timeout white"]);

    // Quiet hours move the reminder before them.
    let sleeper = player("p0", "quiet");
    let saved = say(
        &service,
        &sleeper,
        "settings quiet 06:00-10:00 timezone +00:00",
    )
    .await;
    assert!(saved[0].text.contains("quiet 06:00-10:00"), "{saved:?}");
    let now = clock.now_ms();
    let (quiet, _) = seated(&service, GameType::Through, "quiet", "time=1d").await;
    let jobs = service.store().game_jobs(quiet).await.unwrap();
    let reminder = jobs.iter().find(|j| j.0 == JobKind::Reminder).map(|j| j.2);
    let wanted = now + 12 * HOUR;
    let minute_of_day = |t: i64| (t / 60_000).rem_euclid(1440);
    if (360..600).contains(&minute_of_day(wanted)) {
        let reminder = reminder.expect("a reminder");
        assert_eq!(minute_of_day(reminder), 359, "just before six");
    } else {
        assert_eq!(reminder, Some(wanted));
    }
}

/// Two processes emptying one outbox: a message is leased to one of them,
/// and comes back to the other only if it is not sent before the lease ends.
async fn the_outbox_is_shared(scratch: Scratch) {
    let (first, clock) = service(scratch, Defaults::default()).await;
    let second = Service::new(
        first.store().clone(),
        Arc::new(clock.clone()),
        Defaults::default(),
    );
    seated(&first, GameType::Through, "outbox-1", "time=1d").await;
    seated(&first, GameType::Through, "outbox-2", "time=1d").await;
    clock.advance(12 * HOUR);
    assert_eq!(first.run_due_jobs().await.unwrap(), 2, "two reminders");
    let mine = first.deliveries(Platform::Terminal, 1).await.unwrap();
    let theirs = second.deliveries(Platform::Terminal, 10).await.unwrap();
    assert_eq!((mine.len(), theirs.len()), (1, 1));
    assert!(mine[0].id < theirs[0].id, "oldest first");
    assert!(
        second
            .deliveries(Platform::Terminal, 10)
            .await
            .unwrap()
            .is_empty()
    );
    first.delivered(mine[0].id).await.unwrap();
    // The second process dies before sending; after the lease the first sends it.
    clock.advance(Defaults::default().job_lease.as_millis() as i64);
    let again = first.deliveries(Platform::Terminal, 10).await.unwrap();
    assert_eq!(
        again.iter().map(|d| d.id).collect::<Vec<_>>(),
        [theirs[0].id]
    );
    first.delivered(again[0].id).await.unwrap();
    clock.advance(HOUR);
    assert!(
        first
            .deliveries(Platform::Terminal, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

async fn a_two_move_turn_is_announced_once(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let (game, players) = seated(
        &service,
        GameType::ChaturajiClassic,
        "turns",
        "time=none first=red",
    )
    .await;
    let record = load(&service, game).await;
    let shadow = replayed(&record);
    let seat = usize::from(shadow.phase().seat().unwrap().0);
    let mv = shadow.legal_moves()[0].clone();
    let replies = say(&service, &players[seat], &mv).await;
    let record = load(&service, game).await;
    let again = replayed(&record).phase().seat().map(|s| usize::from(s.0));
    if again == Some(seat) {
        assert!(
            replies.iter().all(|r| r.mentions.is_empty()),
            "no second call mid-turn: {replies:?}"
        );
    } else {
        assert!(
            replies.iter().any(|r| !r.mentions.is_empty()),
            "the next player is called"
        );
    }
}

async fn chats_and_languages(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let anna = Context {
        locale: Some(seance_bot::service::i18n::Locale::Ru),
        ..player("Анна", "ru-chat")
    };
    let text = ok(&service, &anna, "new enochian seating=roll").await;
    assert!(text.contains("Енохианские шахматы"), "{text}");
    for name in ["b", "c", "d"] {
        ok(&service, &player(name, "ru-chat"), "join").await;
    }
    let text = ok(&service, &anna, "start").await;
    assert!(
        text.contains("Рассадка по броску: игроки выбирают цвета в таком порядке: 1. "),
        "{text}"
    );
    assert!(
        text.contains(", выберите цвет: жёлтые, синие, красные, чёрные. Через 60 минут"),
        "{text}"
    );
    let settings = say(&service, &player("b", "ru-chat"), "settings language ru").await;
    assert!(
        settings[0].text.starts_with("Сохранено") && settings[0].text.contains("language ru"),
        "{settings:?}"
    );
    let help = say(&service, &player("b", "ru-chat"), "help").await;
    assert!(help[0].text.contains("Команды"), "{}", help[0].text);
    let games = ok(&service, &anna, "games").await;
    assert!(games.contains("Партии"), "{games}");
    let record = ok(&service, &anna, "record").await;
    assert!(record.starts_with("# game enochian #"), "{record}");
    assert!(
        !record.contains("# seed "),
        "the seed stays secret until the end"
    );
}

/// Enochian chess seats by a roll (the rules reference's reading of the
/// seed): from the highest roller down, each player chooses a free colour;
/// one who does not choose in time gets one from the bot.
async fn colours_are_chosen_in_the_order_of_the_roll(scratch: Scratch) {
    let (service, clock) = service(scratch, quick()).await;
    let chat = "choosing";
    let players: Vec<Context> = ["ann", "bob", "cat"]
        .iter()
        .map(|name| player(name, chat))
        .collect();
    // Ann sits at yellow, Bob at blue, Cat at red: the seats as they joined.
    ok(&service, &players[0], "new enochian time=none").await;
    for p in &players[1..] {
        ok(&service, p, "join").await;
    }
    let started = say(&service, &players[0], "start").await;
    let game = newest(&service, chat).await;
    let record = load(&service, game).await;
    assert_eq!(record.stage, Stage::Open, "nobody has chosen yet");
    // The order is the seed's ranking of the three players, which anyone
    // can check once the seed is out.
    let order = dice::ranking(&record.seed, "seating", &record.entropy, 3);
    assert!(record.options.contains(&dice::seating_order(&order)));
    let [first, second, third] = [0, 1, 2].map(|i| &players[order[i]]);
    let text: Vec<&str> = started.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(
        text[0],
        format!(
            "Seating by a roll: the players choose their colours in this order: 1. {}, 2. {}, 3. {}.",
            first.name, second.name, third.name
        )
    );
    let prompt = started.last().unwrap();
    assert!(
        prompt.text.starts_with(&format!(
            "@{}, choose your colour: yellow, blue, red, black. In 60 minutes",
            first.name
        )),
        "{}",
        prompt.text
    );
    assert_eq!(prompt.mentions[0].name, first.name);
    let buttons: Vec<String> = prompt
        .buttons
        .iter()
        .map(|b| seance_bot::commands::write(&b.command))
        .collect();
    assert_eq!(
        buttons,
        ["yellow", "blue", "red", "black"].map(|c| format!("join {c} #{}", game.0))
    );
    // Only the chooser chooses, only a free colour; the seats wait meanwhile.
    let turn = format!("it is {}'s turn to choose", first.name);
    assert!(
        refused(&service, second, "join red", game)
            .await
            .contains(&turn)
    );
    assert!(
        refused(&service, second, "leave", game)
            .await
            .contains(&turn)
    );
    assert!(
        refused(&service, first, "spirit red", game)
            .await
            .contains(&turn)
    );
    assert!(
        refused(&service, first, "start", game)
            .await
            .contains(&turn)
    );
    assert!(
        refused(&service, first, "join green", game)
            .await
            .contains("no colour 'green'")
    );
    let text = ok(&service, first, "join black").await;
    assert!(
        text.contains(&format!("{} plays black.", first.name)),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "@{}, choose your colour: yellow, blue, red.",
            second.name
        )),
        "{text}"
    );
    assert!(
        refused(&service, second, "join black", game)
            .await
            .contains("The black seat is taken")
    );
    // The second player lets his hour pass: he gets the colour he sat at.
    let own = ["yellow", "blue", "red"][order[1]];
    clock.advance(HOUR - 1);
    assert_eq!(service.run_due_jobs().await.unwrap(), 0, "not yet");
    clock.advance(1);
    assert_eq!(service.run_due_jobs().await.unwrap(), 1);
    let told = service.deliveries(Platform::Terminal, 10).await.unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    let notice = &told[0].reply;
    assert!(
        notice.text.starts_with(&format!(
            "{} did not choose in time: the bot seats them at {own}.\n@{}, choose your colour: ",
            second.name, third.name
        )),
        "{}",
        notice.text
    );
    assert_eq!(notice.buttons.len(), 2, "the two colours left: {notice:?}");
    // The last choice starts the game; a spirit takes the colour left over.
    let left = seance_bot::commands::write(&notice.buttons[0].command);
    let choice = left.split(' ').nth(1).unwrap().to_string();
    let text = ok(&service, third, &format!("join {choice}")).await;
    assert!(
        text.contains(&format!("Game #{} (Enochian chess) begins.", game.0)),
        "{text}"
    );
    let record = load(&service, game).await;
    assert_eq!(record.stage, Stage::Playing);
    let sitter = |color: &str| {
        let seat = ["yellow", "blue", "red", "black"]
            .iter()
            .position(|c| *c == color)
            .unwrap();
        let seat = &record.seats[seat];
        seat.user
            .as_ref()
            .map_or("spirit".to_string(), |u| u.name.clone())
    };
    assert_eq!(sitter("black"), first.name);
    assert_eq!(sitter(own), second.name);
    assert_eq!(sitter(&choice), third.name);
    assert_eq!(
        record.seats.iter().filter(|s| s.spirit.is_some()).count(),
        1
    );
    // Nothing of the choosing is left to run.
    assert_eq!(service.run_due_jobs().await.unwrap(), 0);
}

/// `seating=fixed`: the players keep the seats they took.
async fn fixed_seating_keeps_the_seats_taken(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let chat = "fixed";
    let (ann, bob) = (player("ann", chat), player("bob", chat));
    ok(&service, &ann, "new enochian seating=fixed time=none").await;
    ok(&service, &bob, "join black").await;
    let text = ok(&service, &ann, "start").await;
    assert!(text.contains("begins"), "{text}");
    assert!(!text.contains("Seating by a roll"), "{text}");
    let record = load(&service, newest(&service, chat).await).await;
    let names: Vec<Option<&str>> = record
        .seats
        .iter()
        .map(|s| s.user.as_ref().map(|u| u.name.as_str()))
        .collect();
    assert_eq!(names, [Some("ann"), None, None, Some("bob")]);
}

async fn stores_conform(scratch: Scratch) {
    let (store, _) = scratch.create().await.unwrap();
    let again: &Store = &store;
    assert!(
        again.migrate().await.unwrap().is_empty(),
        "migrations apply once"
    );
    let chat = store.chat(Platform::Discord, "c").await.unwrap();
    assert_eq!(store.chat(Platform::Discord, "c").await.unwrap(), chat);
    let user = store
        .user(Platform::Discord, "u", "Ann", Some("ru"))
        .await
        .unwrap();
    let renamed = store
        .user(Platform::Discord, "u", "Анна", None)
        .await
        .unwrap();
    assert_eq!(renamed.reported_locale.as_deref(), Some("ru"), "kept");
    assert_eq!((renamed.id, renamed.name.as_str()), (user.id, "Анна"));
    assert_eq!(store.claim_job(EPOCH, 1000, "test").await.unwrap(), None);
    assert_eq!(store.next_due().await.unwrap(), None);
}

on_both_stores!(
    whole_games_of_every_game,
    refusals_change_nothing,
    hostile_input_is_answered_and_harmless,
    racing_moves_land_once,
    dice_are_verifiable,
    reminders_and_deadlines_follow_the_clock,
    the_outbox_is_shared,
    a_two_move_turn_is_announced_once,
    chats_and_languages,
    colours_are_chosen_in_the_order_of_the_roll,
    fixed_seating_keeps_the_seats_taken,
    stores_conform,
);

/// Enochian chess: «Играющий двумя цветами не может выйти из игры». A
/// person who holds two colours is refused; one who holds one resigns.
#[tokio::test]
async fn a_player_of_two_colours_cannot_resign() {
    let (service, _) = service(Scratch::Sqlite, quick()).await;
    let chat = "two-colours";
    let ann = player("ann", chat);
    let mut bob = player("bob", chat);
    bob.locale = Some(seance_bot::service::i18n::Locale::Ru);
    ok(&service, &ann, "new enochian time=none seating=fixed").await;
    ok(&service, &ann, "join red").await;
    ok(&service, &bob, "join blue").await;
    ok(&service, &bob, "join black").await;
    ok(&service, &ann, "start").await;
    let game = newest(&service, chat).await;
    let text = refused(&service, &ann, "resign", game).await;
    assert!(
        text.contains("a player of two colours cannot leave the game"),
        "{text}"
    );
    let text = refused(&service, &bob, "resign", game).await;
    assert!(text.contains("играющий двумя цветами"), "{text}");
}

/// `help GAME`: the game's setups and every option with its values (the
/// default first) and what it changes, in the reader's language.
#[tokio::test]
async fn help_lists_a_games_setups_and_options() {
    let (service, _) = service(Scratch::Sqlite, quick()).await;
    let ann = player("ann", "help");
    let replies = say(&service, &ann, "help tamerlane").await;
    assert!(replies[0].private, "{replies:?}");
    let text = &replies[0].text;
    assert!(
        text.contains("Setups: masculine, feminine, arabshah"),
        "{text}"
    );
    assert!(text.contains("citadel_exit=at-once|as-a-move: "), "{text}");
    assert!(text.contains("pop_targets=men|pieces: "), "{text}");
    let mut russian = player("boris", "help");
    russian.locale = Some(seance_bot::service::i18n::Locale::Ru);
    let text = &say(&service, &russian, "help chaturaji-nodice").await[0].text;
    assert!(text.contains("Расстановки: "), "{text}");
    assert!(
        text.contains("win=points|kings: побеждает больше всех набравший очков"),
        "{text}"
    );
    let text = &say(&service, &ann, "help chaturaji-classic").await[0].text;
    assert!(text.contains("alliance=none|partners: "), "{text}");
    // The commands' help names the new parameter.
    let text = &say(&service, &ann, "help").await[0].text;
    assert!(text.contains("help [game]"), "{text}");
}
