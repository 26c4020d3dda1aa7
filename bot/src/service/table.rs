//! A game at the table: its stored record and the engine's game replayed
//! from it, with what the service needs to know about seats, turns, dice,
//! the clock and the jobs to plan.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use seance_engine::catalogue::{self, AnyGame};
use seance_engine::view::BoardView;
use seance_engine::{Action, Color, OptionError, Options, Phase, Seat, Start};
use seance_render::{Player, PlayerName};

use super::dice;
use super::i18n::{self, Locale, Msg};
use super::reply::{About, Board, Mention, Reply};
use super::{Defaults, Failure};
use crate::store::{GameId, GameRecord, JobKind, NewJob, SeatRecord, Stage, StoreError, User};

/// The option a seating roll is kept under: the service's own, not the engine's.
pub(super) const SEATING_ROLL: &str = "seating=roll";

/// The key of the option that records the colours chosen after a seating
/// roll, in the roll's order (`seating-choice=blue,red`).
const SEATING_CHOICE: &str = "seating-choice";

/// A stored game and its engine game.
pub(super) struct Table {
    pub record: GameRecord,
    pub game: Box<dyn AnyGame>,
    /// The seats as the store has them, to write them only when they change.
    pub stored_seats: Vec<SeatRecord>,
    /// Which seats took turns when the table was read, to tell who leaves play.
    in_play: Vec<bool>,
    /// Whether a person still played when the table was read.
    people_played: bool,
    /// The seat that resigns or runs out of time now: its leaving is told already.
    pub quitting: Option<Seat>,
}

/// Something that happened while the game moved on by itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Event {
    /// The seat rolled and had no move: its turn passed.
    NoMove { seat: Seat, dice: Vec<u8> },
    /// A spirit declined the pending offer.
    Declined { seat: Seat },
    /// A new turn began for the seat.
    Turn { seat: Seat },
    /// The seat's army left play (its king taken); the game goes on.
    OutOfPlay { seat: Seat },
    /// No person is left in play: the spirits play the rest unseen.
    OnlySpirits,
    /// The game ended.
    Over,
}

/// The engine games of recently used game versions, so that a command
/// replays a game's log only when another process wrote the game last.
#[derive(Default)]
pub(super) struct Replays(Mutex<HashMap<GameId, Known>>);

/// A game's version and its engine game.
type Known = (i64, Box<dyn AnyGame>);

impl std::fmt::Debug for Replays {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Replays")
    }
}

impl Replays {
    /// How many games are kept at most; then the memory starts afresh.
    const MOST: usize = 1024;

    /// The table of `record`, checked, from memory if its version and its
    /// log are known (a version rolled back by hand may hold another log),
    /// else replayed.
    pub fn table(&self, record: GameRecord) -> Result<Table, Failure> {
        let known = self.0.lock().ok().and_then(|games| {
            let (version, game) = games.get(&record.id)?;
            (*version == record.version).then(|| game.boxed_clone())
        });
        match known.filter(|game| game.log() == record.log) {
            Some(game) => Table::checked(record, game),
            None => Table::new(record),
        }
    }

    /// Remembers a table just written.
    pub fn keep(&self, table: &Table) {
        if let Ok(mut games) = self.0.lock() {
            if games.len() >= Replays::MOST {
                games.clear();
            }
            games.insert(
                table.record.id,
                (table.record.version, table.game.boxed_clone()),
            );
        }
    }
}

/// A record's data the store could not make sense of.
fn corrupt(record: &GameRecord, error: impl std::fmt::Display) -> Failure {
    Failure::Store(StoreError::Corrupt(format!(
        "game #{}: {error}",
        record.id.0
    )))
}

impl Table {
    /// Replays a record's log, and checks the record against the game.
    pub fn new(record: GameRecord) -> Result<Table, Failure> {
        let game = catalogue::replay(
            record.variant,
            start(&record),
            options(&record)?,
            &record.log,
        )
        .map_err(|e| corrupt(&record, e))?;
        Table::checked(record, game)
    }

    /// The table of a stored record and its engine game, once the record
    /// passes [`integrity`]: after that, every seat the game names has a row.
    fn checked(record: GameRecord, game: Box<dyn AnyGame>) -> Result<Table, Failure> {
        integrity(&record, &*game).map_err(|why| corrupt(&record, why))?;
        Ok(Table::of(record, game))
    }

    /// The table of a record and its engine game, as the store has it.
    pub fn of(record: GameRecord, game: Box<dyn AnyGame>) -> Table {
        let in_play = (0..record.seats.len() as u8)
            .map(|s| game.in_play(Seat(s)))
            .collect();
        let mut table = Table {
            stored_seats: record.seats.clone(),
            record,
            game,
            in_play,
            people_played: false,
            quitting: None,
        };
        table.people_played = table.people_play();
        table
    }

    /// Whether a person (not a spirit) still plays a seat in play: else the
    /// spirits play the rest without a board a move, and the end is posted.
    pub fn people_play(&self) -> bool {
        self.record.stage != Stage::Playing
            || self
                .seats()
                .any(|s| !self.seat(s).spirit_plays() && self.game.in_play(s))
    }

    /// Mixes the id of the caller's message into the dice, before the first
    /// roll only: the operator committed to the seed before it was sent.
    pub fn contribute(&mut self, caller: &super::Caller) {
        if self.record.stage == Stage::Open
            && let Some(message) = &caller.message
        {
            self.record.entropy.push(message.replace(['\n', '\r'], " "));
        }
    }

    /// Whether the game rolls dice (or rolled for the first player or the
    /// seats): only then do its seed and its verification mean something.
    pub fn rolls_dice(&self) -> bool {
        self.game.info().options.iter().any(|o| o.key == "first")
            || self.game.rolls() > 0
            || self.record.options.iter().any(|o| o == SEATING_ROLL)
    }

    /// The seat a board is drawn for when nobody asks for their own: the
    /// person's seat when one person plays (against spirits), so the board
    /// stays the same way round; else the seat to move.
    pub fn viewpoint(&self) -> Option<Seat> {
        let acting = self.acting();
        let mut people = self.record.seats.iter().filter_map(|s| s.user.as_ref());
        let first = people.next();
        let alone = first.is_some_and(|one| people.all(|other| other.id == one.id));
        match first {
            Some(person) if alone => {
                let mine = self.seats_of(person);
                acting
                    .filter(|s| mine.contains(s))
                    .or(mine.first().copied())
            }
            _ => acting,
        }
    }

    /// Every seat of the game, in seating order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.record.seats.len() as u8).map(Seat)
    }

    /// The colour of a seat.
    pub fn color(&self, seat: Seat) -> Color {
        self.game.info().seats[seat.index()].color
    }

    /// The colour of a seat in `locale`.
    pub fn color_name(&self, seat: Seat, locale: Locale) -> String {
        i18n::color_name(self.color(seat), locale).to_string()
    }

    /// Every colour of the game, in `locale`.
    pub fn colors(&self, locale: Locale) -> String {
        self.seats()
            .map(|s| self.color_name(s, locale))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The seat of the army of `color`, if the game has one.
    pub fn seat_of(&self, color: Color, locale: Locale) -> Result<Seat, Failure> {
        self.game
            .info()
            .seats
            .iter()
            .position(|s| s.color == color)
            .map(|i| Seat(i as u8))
            .ok_or_else(|| {
                Msg::NoSuchColor {
                    given: color,
                    colors: self.colors(locale),
                }
                .into()
            })
    }

    /// The seats a user owns.
    pub fn seats_of(&self, user: &User) -> Vec<Seat> {
        self.record
            .seats
            .iter()
            .filter(|s| s.user.as_ref().is_some_and(|u| u.id == user.id))
            .map(|s| s.seat)
            .collect()
    }

    /// One seat's record.
    pub fn seat(&self, seat: Seat) -> &SeatRecord {
        &self.record.seats[seat.index()]
    }

    /// One seat's record, to change.
    pub fn seat_mut(&mut self, seat: Seat) -> &mut SeatRecord {
        &mut self.record.seats[seat.index()]
    }

    /// The seat the game waits for, if any: while the colours are chosen
    /// after a seating roll, the seat of the player choosing.
    pub fn acting(&self) -> Option<Seat> {
        self.choosing().or_else(|| self.game.phase().seat())
    }

    /// The seats a person sits at, in seating order.
    pub fn people_seats(&self) -> Vec<Seat> {
        self.record
            .seats
            .iter()
            .filter(|s| s.user.is_some())
            .map(|s| s.seat)
            .collect()
    }

    /// The value of the service's option `key` (`key=value`), if recorded.
    fn service_option(&self, key: &str) -> Option<&str> {
        self.record
            .options
            .iter()
            .find_map(|o| o.strip_prefix(key)?.strip_prefix('='))
    }

    /// The players' seats in the order a seating roll lets them choose
    /// their colours: the seats they sat at when it was rolled, where they
    /// stay until everyone has chosen.
    pub fn choosers(&self) -> Vec<Seat> {
        let players = self.people_seats();
        self.service_option("seating-order")
            .into_iter()
            .flat_map(|order| order.split(','))
            .filter_map(|i| players.get(i.parse::<usize>().ok()?).copied())
            .collect()
    }

    /// The colours chosen after the seating roll so far, in its order.
    fn chosen(&self) -> Vec<Color> {
        self.service_option(SEATING_CHOICE)
            .into_iter()
            .flat_map(|chosen| chosen.split(','))
            .filter_map(Color::parse)
            .collect()
    }

    /// The seat of the player who must choose a colour now, while a new
    /// game's colours are chosen after its seating roll.
    pub fn choosing(&self) -> Option<Seat> {
        if self.record.stage != Stage::Open {
            return None;
        }
        self.choosers().get(self.chosen().len()).copied()
    }

    /// The seats whose colour may still be chosen: no spirit sits there and
    /// nobody chose it before.
    pub fn free_to_choose(&self) -> Vec<Seat> {
        let chosen = self.chosen();
        self.seats()
            .filter(|&s| self.seat(s).spirit.is_none() && !chosen.contains(&self.color(s)))
            .collect()
    }

    /// The player choosing now takes the colour of `seat`. Once everyone
    /// has chosen, each player moves to the seat of the colour he chose.
    pub fn choose(&mut self, seat: Seat) {
        let choosers = self.choosers();
        let mut chosen = self.chosen();
        chosen.push(self.color(seat));
        let names: Vec<&str> = chosen.iter().map(|c| c.name()).collect();
        let option = format!("{SEATING_CHOICE}={}", names.join(","));
        self.record
            .options
            .retain(|o| o.split('=').next() != Some(SEATING_CHOICE));
        self.record.options.push(option);
        if chosen.len() < choosers.len() {
            return;
        }
        let users: Vec<Option<User>> = choosers
            .iter()
            .map(|&s| self.seat(s).user.clone())
            .collect();
        for record in &mut self.record.seats {
            record.user = None;
        }
        for (user, color) in users.into_iter().zip(chosen) {
            if let Some(index) = self.seats().position(|s| self.color(s) == color) {
                self.record.seats[index].user = user;
            }
        }
    }

    /// Who plays a seat, in `locale`: a name, a spirit, or free.
    pub fn player(&self, seat: Seat, locale: Locale) -> String {
        let record = self.seat(seat);
        match (&record.user, record.spirit) {
            (Some(user), Some(level)) if record.stand_in => {
                format!("{} → {}", user.name, i18n::spirit_label(level, locale))
            }
            (Some(user), _) => user.name.clone(),
            (None, Some(level)) => i18n::spirit_label(level, locale),
            (None, None) => i18n::free_seat(locale).to_string(),
        }
    }

    /// The mention of a seat's player, if a person plays it.
    pub fn mention(&self, seat: Seat) -> Option<Mention> {
        let record = self.seat(seat);
        if record.spirit_plays() {
            return None;
        }
        record.user.as_ref().map(|u| Mention {
            user: u.external.clone(),
            name: u.name.clone(),
        })
    }

    /// The people the pending offer still waits for, to mention.
    pub fn asked(&self) -> Vec<Mention> {
        self.game
            .offer_waits_for()
            .into_iter()
            .filter_map(|s| self.mention(s))
            .collect()
    }

    /// Where the game stands: for replies about it.
    pub fn about(&self) -> About {
        About {
            game: self.record.id,
            variant: self.record.variant,
            stage: self.record.stage,
            turn: self.acting().map(|s| (s, self.color(s))),
        }
    }

    /// A text for the whole chat about this game.
    pub fn public(&self, text: String) -> Reply {
        Reply {
            about: Some(self.about()),
            ..Reply::public(text)
        }
    }

    /// A text for the asking player about this game.
    pub fn private(&self, text: String) -> Reply {
        Reply {
            about: Some(self.about()),
            ..Reply::private(text)
        }
    }

    /// The text about this game with its [`Table::board`]; a game that has
    /// ended comes with its replay.
    pub fn with_board(&self, text: String, seat: Option<Seat>, now: i64) -> Reply {
        let mut board = self.board(seat, now);
        if self.record.stage == Stage::Over {
            board.frames = self.frames();
        }
        Reply {
            board: Some(board),
            ..self.public(text)
        }
    }

    /// The board drawn for `seat` (its army at the bottom, else the
    /// [`Table::viewpoint`]), the acting seat's clock showing the time left
    /// at `now`; without a replay.
    pub fn board(&self, seat: Option<Seat>, now: i64) -> Board {
        let acting = self.acting();
        let players = self
            .record
            .seats
            .iter()
            .map(|s| Player {
                name: PlayerName::new(s.user.as_ref().map_or("", |u| u.name.as_str())),
                spirit: s.spirit_plays(),
                clock: match self.record.deadline_ms {
                    Some(deadline) if acting == Some(s.seat) => {
                        Some(Duration::from_millis((deadline - now).max(0) as u64))
                    }
                    _ => None,
                },
            })
            .collect();
        Board {
            game: self.record.id,
            view: self.game.board_view(),
            players,
            seat: seat.or(self.viewpoint()),
            frames: Vec::new(),
        }
    }

    /// The game so far, position by position, from the start.
    pub fn frames(&self) -> Vec<BoardView> {
        catalogue::replay_views(
            self.record.variant,
            start(&self.record),
            self.game.options().clone(),
            &self.game.log(),
        )
        .unwrap_or_default()
    }

    /// The dice on the table, as text for `locale` (`2 (boat), 4 (elephant)`), if any.
    pub fn dice(&self, locale: Locale) -> Option<String> {
        let dice = self.game.dice();
        (!dice.is_empty()).then(|| i18n::dice(&*self.game, &dice, locale))
    }

    /// Plays an action; any takeback asked for lapses.
    pub fn act(&mut self, action: Action<String>) -> Result<String, seance_engine::ActionError> {
        let text = self.game.act(action)?;
        self.record.takeback.clear();
        Ok(text)
    }

    /// Lets the game move on by itself after a change: rolls the dice the
    /// game asks for, has spirits decline offers, ends the game, and starts
    /// the next turn (its deadline included). Returns what to tell.
    pub fn settle(&mut self, now: i64) -> Vec<Event> {
        let mut events = Vec::new();
        if self.record.stage != Stage::Playing {
            return events;
        }
        // Spirits decline what is offered to them.
        if self.game.pending_offer().is_some() {
            for seat in self.seats() {
                if self.seat(seat).spirit_plays() && self.act(Action::Decline(seat)).is_ok() {
                    events.push(Event::Declined { seat });
                }
            }
        }
        while let (Phase::Roll(seat), Some(spec)) = (self.game.phase(), self.game.dice_spec()) {
            let key = dice::key(&self.record.entropy, &self.game.log());
            let faces = dice::roll(&self.record.seed, spec, &key);
            if self.act(Action::Roll(faces.clone())).is_err() {
                break;
            }
            if self.game.phase().seat() != Some(seat) {
                events.push(Event::NoMove { seat, dice: faces });
            }
        }
        for seat in self.seats() {
            let playing = self.game.in_play(seat);
            let left = self.in_play[seat.index()] && !playing;
            if left && self.quitting != Some(seat) && self.game.outcome().is_none() {
                events.push(Event::OutOfPlay { seat });
            }
            self.in_play[seat.index()] = playing;
        }
        if self.game.outcome().is_some() {
            self.record.stage = Stage::Over;
            self.record.deadline_ms = None;
            self.record.announced = None;
            events.push(Event::Over);
            return events;
        }
        if self.people_played && !self.people_play() {
            events.push(Event::OnlySpirits);
        }
        self.people_played = self.people_play();
        let acting = self.acting();
        if acting != self.record.announced {
            self.record.announced = acting;
            if let Some(seat) = acting {
                let human = !self.seat(seat).spirit_plays();
                self.record.deadline_ms = match (human, self.record.move_seconds) {
                    (true, Some(seconds)) => Some(now + seconds * 1000),
                    _ => None,
                };
                events.push(Event::Turn { seat });
            }
        }
        events
    }

    /// The jobs the game needs now: the spirit's move, or the player's
    /// reminder and deadline.
    pub fn plan(&self, defaults: &Defaults, now: i64) -> Vec<NewJob> {
        let choosing = self.choosing();
        let Some(seat) = choosing.or_else(|| {
            self.acting()
                .filter(|_| self.record.stage == Stage::Playing)
        }) else {
            return Vec::new();
        };
        let record = self.seat(seat);
        if choosing.is_none() && record.spirit_plays() {
            // Nobody watches the spirits alone: no pause for the chat to follow.
            let pause = match self.people_play() {
                true => defaults.spirit_pause.as_millis() as i64,
                false => 0,
            };
            return vec![NewJob {
                kind: JobKind::Spirit,
                seat,
                due_ms: now + pause,
            }];
        }
        let Some(deadline) = self.record.deadline_ms else {
            return Vec::new();
        };
        let mut jobs = vec![NewJob {
            kind: JobKind::Deadline,
            seat,
            due_ms: deadline,
        }];
        // A reminder is about a move: the choice of a colour has none.
        let wants_reminder =
            choosing.is_none() && record.user.as_ref().is_some_and(|u| u.settings.reminders);
        let before = defaults.reminder_before.as_millis() as i64;
        if let (true, Some(user)) = (wants_reminder, &record.user)
            && let Some(at) = reminder_time(deadline - before, now, deadline, &user.settings)
        {
            jobs.push(NewJob {
                kind: JobKind::Reminder,
                seat,
                due_ms: at,
            });
        }
        jobs
    }
}

/// Why a stored record does not fit its game, if it does not: a seat row
/// missing, doubled or out of place, a takeback or announced seat the game
/// lacks, a seed that is not the committed one, or a roll of the log that
/// the seed does not give (a history rewritten by hand).
fn integrity(record: &GameRecord, game: &dyn AnyGame) -> Result<(), String> {
    let seats = game.info().seats.len();
    if record.seats.len() != seats {
        return Err(format!(
            "{} seat rows for {seats} seats",
            record.seats.len()
        ));
    }
    if let Some((i, row)) = record
        .seats
        .iter()
        .enumerate()
        .find(|(i, row)| row.seat.index() != *i)
    {
        return Err(format!("seat row {} where seat {i} belongs", row.seat.0));
    }
    let named = record.takeback.iter().chain(&record.announced);
    if let Some(seat) = named.into_iter().find(|s| s.index() >= seats) {
        return Err(format!("seat {} named, of {seats}", seat.0));
    }
    if dice::commitment(&record.seed) != record.seed_hash {
        return Err("the dice seed is not the one committed to".to_string());
    }
    if let Some(spec) = game.dice_spec()
        && let Some((line, _)) =
            dice::first_wrong_roll(&record.seed, spec, &record.entropy, &record.log)
    {
        return Err(format!(
            "action {} is a roll the seed does not give",
            line + 1
        ));
    }
    Ok(())
}

/// Where a game starts.
pub(super) fn start(record: &GameRecord) -> Start {
    match &record.start_position {
        Some(text) => Start::Position(text.clone()),
        None => Start::Setup(record.setup.clone()),
    }
}

/// A game's options for the engine.
pub(super) fn options(record: &GameRecord) -> Result<Options, Failure> {
    engine_options(&record.options).map_err(|e| corrupt(record, e))
}

/// Stored options as the engine takes them: without the service's own ([`dice::SERVICE_OPTIONS`]).
pub fn engine_options(options: &[String]) -> Result<Options, OptionError> {
    let service = |o: &&String| {
        let key = o.split_once('=').map_or(o.as_str(), |(key, _)| key);
        dice::SERVICE_OPTIONS.contains(&key)
    };
    let engine = options.iter().filter(|o| !service(o));
    Options::parse(engine.map(String::as_str))
}

/// When to remind a player whose deadline is `deadline`: at `wanted`, unless
/// that falls in their quiet hours; then just before those begin, or else
/// when they end if that is still before the deadline. `None` when no such
/// time is left.
pub(super) fn reminder_time(
    wanted: i64,
    now: i64,
    deadline: i64,
    settings: &crate::store::Settings,
) -> Option<i64> {
    const MINUTE: i64 = 60_000;
    const DAY: i64 = 1440;
    let Some((start, end)) = settings.quiet else {
        return (wanted > now).then_some(wanted);
    };
    let (start, end) = (i64::from(start), i64::from(end));
    let offset = i64::from(settings.utc_offset_minutes);
    let local = |t: i64| (t.div_euclid(MINUTE) + offset).rem_euclid(DAY);
    let quiet = |m: i64| {
        if start <= end {
            (start..end).contains(&m)
        } else {
            m >= start || m < end
        }
    };
    if !quiet(local(wanted)) {
        return (wanted > now).then_some(wanted);
    }
    // Minutes since the quiet hours began, and until they end.
    let since = (local(wanted) - start).rem_euclid(DAY);
    let until = (end - local(wanted)).rem_euclid(DAY);
    let before = wanted - (since + 1) * MINUTE;
    let after = wanted + until * MINUTE;
    if before > now {
        Some(before)
    } else if after < deadline && after > now {
        Some(after)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Settings;

    const HOUR: i64 = 3_600_000;

    #[test]
    fn reminders_keep_out_of_quiet_hours() {
        // Quiet from 23:00 to 08:00 in UTC+3.
        let settings = Settings {
            quiet: Some((23 * 60, 8 * 60)),
            utc_offset_minutes: 180,
            ..Settings::default()
        };
        let day = 20_000 * 24 * HOUR; // a midnight, UTC
        // Wanted at 12:00 local (09:00 UTC): fine.
        assert_eq!(
            reminder_time(day + 9 * HOUR, day, day + 30 * HOUR, &settings),
            Some(day + 9 * HOUR)
        );
        // Wanted at 02:00 local (23:00 UTC the day before): moved to 22:59 local.
        let wanted = day + 23 * HOUR;
        let got = reminder_time(wanted, day, day + 40 * HOUR, &settings).unwrap();
        assert_eq!(got, wanted - 3 * HOUR - 60_000);
        // If 22:59 has passed already, at 08:00 local instead, if before the deadline.
        let now = wanted - HOUR;
        assert_eq!(
            reminder_time(wanted, now, wanted + 10 * HOUR, &settings),
            Some(wanted + 6 * HOUR)
        );
        assert_eq!(
            reminder_time(wanted, now, wanted + 5 * HOUR, &settings),
            None
        );
        // No quiet hours: any future time.
        assert_eq!(reminder_time(5, 0, 10, &Settings::default()), Some(5));
        assert_eq!(reminder_time(5, 6, 10, &Settings::default()), None);
    }
}
