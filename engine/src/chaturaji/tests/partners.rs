//! `chaturaji-classic` with `alliance = partners`: Red with Yellow, Green
//! with Black, after Raghunandana's rules (reference B.6) and the seed's
//! «взятие «союзного» короля и контроль над его армией».

use super::*;
use crate::chaturaji::ChaturajiClassic as Classic;
use crate::game::{ActionError, Offer};
use crate::outcome::{Outcome, Reason};
use crate::seat::{Color, Team};

const PARTNERS: &[&str] = &["alliance=partners"];

#[test]
fn partners_sit_opposite_and_win_together() {
    let game = setup::<Classic>(PARTNERS);
    let team = |seat| game.position().team(seat);
    assert_eq!(team(RED), team(YELLOW));
    assert_eq!(team(GREEN), team(BLACK));
    assert_ne!(team(RED), team(GREEN));
    assert_eq!(setup::<Classic>(&[]).position().team(YELLOW), Team(2));
    // Black has resigned; Red takes Green's last man. With partners only
    // Red's pair is left, and both partners win.
    let men = [("e4", "rK"), ("d4", "gK"), ("b7", "yP"), ("h7", "kP")];
    let rest = "r 1 0,0,0,0 K 0 -";
    let mut game = position::<Classic>(&text(&men, rest), PARTNERS);
    play(&mut game, "e4d4");
    assert_eq!(
        game.outcome(),
        Some(&Outcome {
            winners: vec![RED, YELLOW],
            reason: Reason::KingsCaptured,
            scores: vec![5, 0, 0, 0],
        })
    );
    // Every player for himself, Yellow still plays against Red.
    let mut game = position::<Classic>(&text(&men, rest), &[]);
    play(&mut game, "e4d4");
    assert_eq!(game.outcome(), None);
}

/// Red's king beside Yellow's, Green and Black far off; one die a turn.
fn red_beside_yellow(options: &[&str]) -> Game<Classic> {
    let men = [
        ("e5", "rK"),
        ("d5", "yK"),
        ("b7", "yP"),
        ("d1", "gK"),
        ("a2", "gP"),
        ("h8", "kK"),
        ("h7", "kP"),
    ];
    let options: Vec<&str> = ["dice=one"].iter().chain(options).copied().collect();
    position::<Classic>(&text(&men, "r 1 0,0,0,0 - 0 -"), &options)
}

#[test]
fn taking_the_partners_king_scores_nothing_and_commands_its_army() {
    let mut game = red_beside_yellow(PARTNERS);
    play(&mut game, "e5d5");
    assert_eq!(game.position().scores(), [0, 0, 0, 0]);
    assert_eq!(game.position().controller(YELLOW), RED);
    assert!(
        !game.position().in_play(YELLOW),
        "Yellow has no army to play"
    );
    roll(&mut game, &[1]);
    play(&mut game, "a2a3");
    // Yellow's turn, played by Red.
    waits(&game, Phase::Roll(RED));
    roll(&mut game, &[1]);
    assert_eq!(moves(&game), ["b7c7"], "the yellow pawn, not the red king");
    play(&mut game, "b7c7");
    waits(&game, Phase::Roll(BLACK));
    // Without partners the king is worth 5 and Yellow plays on, kingless.
    let mut game = red_beside_yellow(&[]);
    play(&mut game, "e5d5");
    assert_eq!(game.position().scores(), [5, 0, 0, 0]);
    roll(&mut game, &[1]);
    play(&mut game, "a2a3");
    waits(&game, Phase::Roll(YELLOW));
}

#[test]
fn a_kingless_partner_plays_on_under_its_commander_even_when_kingless_players_stop() {
    let mut game = red_beside_yellow(&["alliance=partners", "kingless=stop"]);
    play(&mut game, "e5d5");
    roll(&mut game, &[1]);
    play(&mut game, "a2a3");
    waits(&game, Phase::Roll(RED));
}

#[test]
fn a_player_never_takes_men_he_moves_himself() {
    // Red commands Yellow: the yellow pawn on d6 cannot take the red horse
    // on e7, nor the red king the yellow pawn.
    let men = [
        ("d5", "rK"),
        ("d6", "yP"),
        ("e7", "rH"),
        ("d1", "gK"),
        ("h8", "kK"),
    ];
    let rest = "y 1 0,0,0,0 - 0 yr yr -";
    let game = position::<Classic>(&text(&men, rest), PARTNERS);
    waits(&game, Phase::Move(RED));
    assert_eq!(moves(&game), ["d6e6"]);
}

#[test]
fn mounting_the_partners_throne_is_a_sinhasana_and_gives_its_army() {
    // Yellow's throne is a5; its king stands on b8.
    let men = [
        ("b5", "rK"),
        ("b8", "yK"),
        ("d1", "gK"),
        ("h8", "kK"),
        ("h7", "kP"),
    ];
    let mut game = position::<Classic>(
        &text(&men, "r 1 0,0,0,0 - 0 -"),
        &["alliance=partners", "dice=one"],
    );
    play(&mut game, "b5a5");
    assert_eq!(game.position().scores(), [5, 0, 0, 0]);
    assert_eq!(game.position().controller(YELLOW), RED);
    assert!(
        game.position().to_text().ends_with(" - 1 - yr ry"),
        "{}",
        game.position().to_text()
    );
    roll(&mut game, &[1]);
    play(&mut game, "d1d2");
    // Yellow's king, standing, now moves for Red.
    waits(&game, Phase::Roll(RED));
    roll(&mut game, &[1]);
    assert!(moves(&game).iter().all(|m| m.starts_with("b8")));
}

#[test]
fn a_sinhasana_on_a_rivals_throne_scores_once_and_twice_over_by_taking_its_king() {
    // Every player for himself: Black's throne is e8.
    let men = [
        ("d7", "gK"),
        ("h5", "kK"),
        ("h7", "kP"),
        ("h1", "rK"),
        ("a8", "yK"),
    ];
    let mut game = position::<Classic>(&text(&men, "g 1 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "d7e8");
    assert_eq!(game.position().scores(), [0, 5, 0, 0], "a single stake");
    let again = position::<Classic>(&text(&men, "g 1 0,0,0,0 - 0 - - gk"), &[]);
    let mut again = again;
    play(&mut again, "d7e8");
    assert_eq!(
        again.position().scores(),
        [0, 0, 0, 0],
        "only once a throne"
    );
    // Taking Black's king on its throne: the king's 5 and a double stake.
    let men = [
        ("d7", "gK"),
        ("e8", "kK"),
        ("h7", "kP"),
        ("h1", "rK"),
        ("a8", "yK"),
    ];
    let mut game = position::<Classic>(&text(&men, "g 1 0,0,0,0 - 0 -"), &[]);
    play(&mut game, "d7e8");
    assert_eq!(game.position().scores(), [0, 15, 0, 0]);
}

/// Green commands Black and holds Red's king; Yellow's king is its last man.
fn green_takes_the_last_enemy_king(men: &[(&str, &str)], stage: &str, commands: bool) -> Outcome {
    let mut all = vec![("c2", "gP"), ("f7", "kP")];
    all.extend_from_slice(men);
    let control = if commands { "kg" } else { "-" };
    let rest = format!("g {stage} 0,0,0,0 - 0 rg {control} -");
    let mut game = position::<Classic>(&text(&all, &rest), PARTNERS);
    let mv = moves(&game)
        .into_iter()
        .find(|m| m.ends_with("a4") || m.ends_with("a5"))
        .expect("a capture of the yellow king");
    play(&mut game, &mv);
    game.outcome().cloned().expect("only Green's pair is left")
}

#[test]
fn the_partners_chaturaji_and_its_multiples() {
    let green_pair = |score: i32| Outcome {
        winners: vec![GREEN, BLACK],
        reason: Reason::Chaturaji,
        scores: vec![0, score, 0, 0],
    };
    // Taken by a horse: the single stake, the worth of two armies.
    let horse = [("b2", "gK"), ("c5", "gH"), ("a4", "yK")];
    assert_eq!(
        green_takes_the_last_enemy_king(&horse, "3", true),
        green_pair(36)
    );
    // By Green's king: double.
    let king = [("b5", "gK"), ("a4", "yK")];
    assert_eq!(
        green_takes_the_last_enemy_king(&king, "1", true),
        green_pair(72)
    );
    // By Green's king on Yellow's own throne: fourfold.
    let throne = [("b6", "gK"), ("a5", "yK")];
    assert_eq!(
        green_takes_the_last_enemy_king(&throne, "1", true),
        green_pair(144)
    );
    // Without the command of Black's army there is no chaturaji: the king's
    // 5 and the double Sinhasana.
    let outcome = green_takes_the_last_enemy_king(&throne, "1", false);
    assert_eq!(outcome.winners, [GREEN, BLACK]);
    assert_eq!(outcome.scores, [0, 15, 0, 0]);
    assert_eq!(outcome.reason, Reason::KingsCaptured);
}

#[test]
fn a_partners_king_is_exchanged_for_an_enemy_king() {
    // Red holds Green's king; Black holds Yellow's.
    let men = [("e4", "rK"), ("b7", "yP"), ("a2", "gP"), ("h8", "kK")];
    let rest = "r roll 5,0,0,5 - 0 yk,gr";
    let mut game = position::<Classic>(&text(&men, rest), PARTNERS);
    assert_eq!(
        game.play(Action::Offer(RED, Offer::Exchange(Color::Black))),
        Err(ActionError::OfferUnavailable),
        "Red does not hold the black king"
    );
    play(&mut game, "offer exchange green red");
    let after = game.position().to_text();
    // Both kings go home (a5 and d1), and both takers give up their 5 points.
    assert!(after.contains("/yK7/"), "{after}");
    assert!(after.contains("/3gK4 "), "{after}");
    assert!(after.ends_with(" r roll 0,0,0,0 - 0 -"), "{after}");
}

#[test]
fn holding_both_enemy_kings_a_player_takes_his_partners_back_for_nothing() {
    let men = [("e4", "rK"), ("b7", "yP"), ("a2", "gP"), ("h7", "kP")];
    let one_enemy = "r roll 10,0,0,5 - 0 yk,gr";
    let mut game = position::<Classic>(&text(&men, one_enemy), PARTNERS);
    let before = game.position().to_text();
    assert_eq!(
        game.play(Action::Offer(RED, Offer::Exchange(Color::Yellow))),
        Err(ActionError::OfferUnavailable),
        "Red holds only one enemy king"
    );
    assert_eq!(game.position().to_text(), before);
    let both = "r roll 10,0,0,5 - 0 yk,gr,kr";
    let mut game = position::<Classic>(&text(&men, both), PARTNERS);
    play(&mut game, "offer exchange yellow red");
    let after = game.position().to_text();
    assert!(after.contains("/yK7/"), "{after}");
    assert!(after.ends_with(" r roll 10,0,0,0 - 0 gr,kr"), "{after}");
}

#[test]
fn a_commander_resigns_both_armies_and_the_partner_alone_cannot() {
    let men = [("d5", "rK"), ("d6", "yP"), ("d1", "gK"), ("h8", "kK")];
    let rest = "r roll 0,3,0,0 - 0 yr yr -";
    let mut game = position::<Classic>(&text(&men, rest), PARTNERS);
    assert_eq!(
        game.play(Action::Resign(YELLOW)),
        Err(ActionError::OutOfPlay),
        "Red plays Yellow's army"
    );
    game.play(Action::Resign(RED)).expect("Red resigns");
    // Only Green's pair is left; the scores decide, as always in this game.
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, [GREEN, BLACK]);
    assert_eq!(outcome.reason, Reason::LastArmy);
}

#[test]
fn a_spirit_weighs_its_partners_men_as_its_own() {
    // Red has only its king; Yellow beside it is strong, Green stronger than
    // Red alone but not than the pair.
    let men = [
        ("h4", "rK"),
        ("a5", "yK"),
        ("a6", "yE"),
        ("a7", "yH"),
        ("b7", "yP"),
        ("d1", "gK"),
        ("c1", "gE"),
        ("b1", "gH"),
        ("e8", "kK"),
    ];
    let reds = |options: &[&str]| {
        let game = position::<Classic>(&text(&men, "r roll 0,0,0,0 - 0 -"), options);
        crate::spirit::value::balance(game.position(), Team(0))
    };
    assert!(reds(&[]) < 0, "alone, Red is behind Green");
    assert!(reds(PARTNERS) > 0, "with Yellow, Red's pair is ahead");
}
