//! Ratings, on SQLite and on PostgreSQL: a rating per person and game from
//! each rated game's result (wins, draws, shared places, pairs, spirits),
//! rated once, shown by `rating` and `top`, and computed again by a rebuild.

use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use seance_bot::ratings::{self, Rating};
use seance_bot::service::{Context, Service};
use seance_bot::store::{GameId, GameRecord, Stage, Standing, Store, UserId};
use seance_engine::catalogue::GameType;
use seance_engine::spirit::Level;
use seance_tests::table::*;
use seance_tests::{Scratch, on_both_stores};

/// The account of seat `seat`'s player.
fn user(record: &GameRecord, seat: usize) -> UserId {
    record.seats[seat].user.as_ref().expect("a person").id
}

/// A person's overall rating in `game` (a newcomer's if none).
async fn rating(service: &Service, user: UserId, game: GameType) -> Standing {
    let person = service.store().person(user).await.unwrap();
    service
        .store()
        .standings_of(person, None)
        .await
        .unwrap()
        .into_iter()
        .find(|s| s.variant == game)
        .unwrap_or_else(|| panic!("no {game} rating"))
}

/// The ratings of two newcomers after a game between them, placed so.
fn newcomers(first: usize, second: usize) -> (Rating, Rating) {
    let after = ratings::rate(&[(vec![Rating::NEW], first), (vec![Rating::NEW], second)]);
    (after[0][0], after[1][0])
}

/// Plays random legal moves until the pairs' points differ; returns the pair ahead.
async fn play_until_a_pair_leads(service: &Service, game: GameId, players: &[Context]) -> usize {
    let mut rng = StdRng::seed_from_u64(17);
    for _ in 0..2000 {
        let record = load(service, game).await;
        let shadow = replayed(&record);
        let scores = shadow.board_view().panel.scores;
        let pair = |p: usize| scores[p] + scores[p + 2];
        if pair(0) != pair(1) {
            return if pair(0) > pair(1) { 0 } else { 1 };
        }
        assert!(shadow.outcome().is_none(), "no points before the end");
        let seat = shadow.phase().seat().expect("a seat to move");
        let mv = shadow.legal_moves().choose(&mut rng).cloned().unwrap();
        ok(service, &players[seat.index()], &mv).await;
    }
    panic!("nobody scored in 2000 moves");
}

async fn results_move_ratings(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    let through = GameType::Through;
    // A two-player win: Black resigns.
    let (game, players) = seated(&service, through, "rated", "time=none").await;
    ok(&service, &players[1], "resign").await;
    let record = load(&service, game).await;
    let (white, black) = (user(&record, 0), user(&record, 1));
    let (won, lost) = newcomers(1, 2);
    assert_eq!(rating(&service, white, through).await.rating, won);
    assert_eq!(rating(&service, black, through).await.rating, lost);
    assert!(won.mu > Rating::NEW.mu && lost.mu < Rating::NEW.mu);
    assert_eq!(rating(&service, white, through).await.games, 1);

    // A draw between them: the stronger loses a little, the weaker gains.
    ok(&service, &players[0], "new through time=none").await;
    ok(&service, &players[1], "join").await;
    ok(&service, &players[0], "start").await;
    ok(&service, &players[0], "draw").await;
    ok(&service, &players[1], "accept").await;
    let drawn = ratings::rate(&[(vec![won], 1), (vec![lost], 1)]);
    assert_eq!(rating(&service, white, through).await.rating, drawn[0][0]);
    assert_eq!(rating(&service, black, through).await.rating, drawn[1][0]);
    assert!(drawn[0][0].mu < won.mu && drawn[1][0].mu > lost.mu);

    // A game the table set as unrated changes nothing.
    ok(&service, &players[0], "new through time=none rated=off").await;
    ok(&service, &players[1], "join").await;
    ok(&service, &players[0], "start").await;
    ok(&service, &players[1], "resign").await;
    assert_eq!(rating(&service, white, through).await.games, 2);

    // The ladder and a player's ratings, in the chat's words.
    let top = ok(&service, &players[0], "top through").await;
    assert!(
        top.starts_with(&format!(
            "Through chess, this chat:\n1. p0 {}? (2)\n2. p1 {}? (2)",
            drawn[0][0].shown(),
            drawn[1][0].shown()
        )),
        "{top}"
    );
    let text = ok(&service, &players[0], "rating @p1").await;
    let (low, high) = drawn[1][0].range();
    assert!(
        text.contains(&format!(
            "Through chess: {} ({low}–{high}), 2 games, best {}, provisional; in this chat {}",
            drawn[1][0].shown(),
            drawn[1][0].shown(),
            drawn[1][0].shown()
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "Recent: #{} Through chess, 1st of 2, ",
            game.0 + 1
        )),
        "{text}"
    );
    let nobody = say(&service, &players[0], "rating @nobody").await;
    assert!(nobody[0].private && nobody[0].text.contains("Nobody called @nobody"));

    // Against a spirit: the person's rating moves against the spirit's
    // fixed one, which is the same the next time.
    let solo = player("solo", "rated");
    let spirit = ratings::spirit(through, Level::Adept);
    let mut expected = Rating::NEW;
    for _ in 0..2 {
        ok(&service, &solo, "new through time=none").await;
        ok(&service, &solo, "start").await;
        ok(&service, &solo, "resign").await;
        let record = load(&service, newest(&service, "rated").await).await;
        expected = ratings::rate(&[(vec![expected], 2), (vec![spirit], 1)])[0][0];
        assert_eq!(
            rating(&service, user(&record, 0), through).await.rating,
            expected
        );
    }

    // Every rating comes out of the records again as stored.
    let rebuilt = service.rebuild_ratings().await.unwrap();
    assert_eq!((rebuilt.games, rebuilt.changed), (4, 0));
}

async fn free_for_all_places_and_pairs(scratch: Scratch) {
    let (service, _) = service(scratch, quick()).await;
    // Four for themselves: one resigns, the three others stop and count,
    // sharing first place (2 points each for the survivors).
    let nodice = GameType::ChaturajiNoDice;
    let (game, players) = seated(&service, nodice, "ffa", "").await;
    ok(&service, &players[3], "resign").await;
    ok(&service, &players[0], "draw").await;
    ok(&service, &players[1], "accept").await;
    ok(&service, &players[2], "accept").await;
    let record = load(&service, game).await;
    assert_eq!(record.stage, Stage::Over);
    let new = || vec![Rating::NEW];
    let expected = ratings::rate(&[(new(), 1), (new(), 1), (new(), 1), (new(), 4)]);
    for (seat, side) in expected.iter().enumerate() {
        let standing = rating(&service, user(&record, seat), nodice).await;
        assert_eq!(standing.rating, side[0], "seat {seat}");
    }
    assert!(expected[0][0].mu > Rating::NEW.mu && expected[3][0].mu < Rating::NEW.mu);

    // Partners: the pair with more points wins together.
    let classic = GameType::ChaturajiClassic;
    let (game, players) = seated(&service, classic, "pairs", "time=none alliance=partners").await;
    let ahead = play_until_a_pair_leads(&service, game, &players).await;
    let record = load(&service, game).await;
    let shadow = replayed(&record);
    let offerer = shadow.phase().seat().unwrap().index();
    ok(&service, &players[offerer], "draw").await;
    for (seat, p) in players.iter().enumerate() {
        if seat != offerer {
            say(&service, p, "accept").await;
        }
    }
    let record = load(&service, game).await;
    assert_eq!(record.stage, Stage::Over, "the points were counted");
    let team = || vec![Rating::NEW, Rating::NEW];
    let (first, second) = if ahead == 0 { (1, 2) } else { (2, 1) };
    let expected = ratings::rate(&[(team(), first), (team(), second)]);
    for seat in 0..4 {
        let standing = rating(&service, user(&record, seat), classic).await;
        assert_eq!(standing.rating, expected[seat % 2][seat / 2], "seat {seat}");
    }
    let rebuilt = service.rebuild_ratings().await.unwrap();
    assert_eq!((rebuilt.games, rebuilt.changed), (2, 0));
}

on_both_stores!(
    results_move_ratings,
    free_for_all_places_and_pairs,
    linked_accounts_share_one_rating,
);

/// Two bot processes on one PostgreSQL database end the same game at the
/// same moment: one lands, and the game is rated once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_two_workers_end_at_once_is_rated_once() {
    let (one, _, url) = service_at(Scratch::Postgres, quick()).await;
    let store = Store::open(&url).await.unwrap();
    let other = Service::new(
        store,
        Arc::new(seance_bot::clock::FakeClock::at(EPOCH)),
        quick(),
    );
    let (game, players) = seated(&one, GameType::Through, "twice", "time=none").await;
    let (white, black) = (&players[0], &players[1]);
    let (a, b) = tokio::join!(say(&one, black, "resign"), say(&other, white, "resign"));
    let landed = [&a, &b]
        .iter()
        .filter(|r| r.iter().all(|r| !r.private))
        .count();
    assert_eq!(landed, 1, "{a:?} / {b:?}");
    let rated = one.store().rated_games().await.unwrap();
    assert_eq!(rated.len(), 1);
    let record = load(&one, game).await;
    for seat in 0..2 {
        assert_eq!(
            rating(&one, user(&record, seat), GameType::Through)
                .await
                .games,
            1
        );
    }
}

/// The first run of digits in `text`: the code a `link` reply gives.
fn first_number(text: &str) -> String {
    text.chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect()
}

/// `link`: a code made on one platform, typed on another, makes the two
/// accounts one person, who then has one rating.
async fn linked_accounts_share_one_rating(scratch: Scratch) {
    let (service, clock) = service(scratch, quick()).await;
    let on = |platform, chat: &str, user: &str, name: &str| Context {
        platform,
        chat: chat.to_string(),
        user: user.to_string(),
        name: name.to_string(),
        locale: None,
        message: None,
    };
    use seance_bot::platform::Platform::{Discord, Telegram};
    let (ann, bob) = (
        on(Telegram, "tg", "1", "Ann"),
        on(Telegram, "tg", "2", "Bob"),
    );
    ok(&service, &ann, "new through time=none").await;
    ok(&service, &bob, "join").await;
    ok(&service, &ann, "start").await;
    ok(&service, &bob, "resign").await;
    let on_discord = on(Discord, "dc", "9", "ann");
    let text = ok(&service, &on_discord, "rating").await;
    assert_eq!(text, "ann has no rated games yet.");
    // The code comes privately; it works once, on another platform only.
    let replies = say(&service, &ann, "link").await;
    assert!(replies[0].private, "{replies:?}");
    let code = first_number(&replies[0].text);
    assert_eq!(code.len(), 6, "{}", replies[0].text);
    let refused = |replies: Vec<seance_bot::service::reply::Reply>| {
        replies[0].private && replies[0].text.contains("That code is unknown")
    };
    assert!(
        refused(say(&service, &bob, &format!("link {code}")).await),
        "same platform"
    );
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert!(refused(
        say(&service, &on_discord, &format!("link {wrong}")).await
    ));
    let replies = say(&service, &on_discord, &format!("link {code}")).await;
    assert!(replies[0].text.starts_with("Linked"), "{replies:?}");
    assert!(
        refused(say(&service, &on_discord, &format!("link {code}")).await),
        "used up"
    );
    let text = ok(&service, &on_discord, "rating").await;
    let (won, _) = newcomers(1, 2);
    assert!(
        text.starts_with(&format!("Ann:\nThrough chess: {} (", won.shown())),
        "{text}"
    );
    // A code lives ten minutes.
    let replies = say(&service, &bob, "link").await;
    let code = first_number(&replies[0].text);
    clock.advance(10 * 60 * 1000 + 1);
    let late = on(Discord, "dc", "8", "bob");
    assert!(
        refused(say(&service, &late, &format!("link {code}")).await),
        "expired"
    );
}
