//! Before the first move: setting up a game, taking and leaving seats,
//! seating spirits, and starting (with the rolls for the first player or
//! for the seats).

use std::time::Duration;

use seance_engine::catalogue;
use seance_engine::spirit::Level;
use seance_engine::{Color, Options, Seat, Start};

use super::dice;
use super::i18n::{self, Locale, Msg, Reader};
use super::reply::{Button, Reply};
use super::table::{Event, SEATING_ROLL, Table};
use super::{Caller, Failure, Fit, Outcome, Service};
use crate::commands::{Command, MoveTime, NewGame, Target};
use crate::store::{GameId, GameRecord, SeatRecord, Stage};

impl Service {
    pub(super) async fn new_game(&self, caller: &Caller, new: NewGame) -> Outcome {
        let reader = caller.reader;
        let locale = reader.locale;
        // The setup and options must make a game.
        let options = Options::parse(new.options.iter().map(String::as_str))
            .map_err(|e| Msg::BadSetup(e.to_string()))?;
        let game = catalogue::new_game(new.game, Start::Setup(new.setup.clone()), options)
            .map_err(|e| Msg::BadSetup(e.to_string()))?;
        let move_seconds = match new.time {
            Some(MoveTime::Unlimited) => None,
            Some(MoveTime::Limit(time)) => Some(time.as_secs() as i64),
            None => self.defaults.time_per_move.map(|d| d.as_secs() as i64),
        };
        let seed = dice::new_seed().map_err(|_| Msg::Trouble)?;
        let now = self.now();
        let mut options = new.options.clone();
        if new.rated == Some(false) {
            options.push(super::ratings::UNRATED.to_string());
        }
        // Enochian chess seats by a roll unless the table says otherwise.
        if new.seating_roll.unwrap_or(game.info().seats_by_roll) {
            options.push(SEATING_ROLL.to_string());
        }
        let record = GameRecord {
            id: GameId(0),
            chat: caller.chat,
            platform: reader.platform,
            chat_language: Some(caller.audience.locale.code().to_string()),
            variant: new.game,
            setup: new.setup.clone(),
            options,
            start_position: None,
            stage: Stage::Open,
            log: Vec::new(),
            version: 1,
            seed_hash: dice::commitment(&seed),
            seed,
            move_seconds,
            deadline_ms: None,
            on_timeout: new.timeout.unwrap_or(self.defaults.on_timeout),
            takeback: Vec::new(),
            entropy: Vec::new(),
            broken: None,
            announced: None,
            created_by: caller.user.id,
            created_ms: now,
            updated_ms: now,
            seats: (0..game.info().seats.len() as u8)
                .map(|seat| SeatRecord {
                    seat: Seat(seat),
                    user: None,
                    spirit: None,
                    stand_in: false,
                })
                .collect(),
        };
        let mut table = Table::of(record, game);
        // The creator sits down at once.
        let seat = match new.color {
            Some(color) => table.seat_of(color, locale)?,
            None => Seat(0),
        };
        table.seat_mut(seat).user = Some(caller.user.clone());
        table.record.id = self.store.create_game(&table.record).await?;
        // The chat's first game gives the chat its creator's language.
        if caller.chat_language.is_none() {
            self.store
                .set_chat_language(caller.chat, locale.code())
                .await?;
        }
        let created = Msg::Created {
            id: table.record.id.0,
            game: new.game,
            seat: table.color_name(seat, locale),
            colors: table.colors(locale),
            clock: move_seconds.map(|s| std::time::Duration::from_secs(s as u64)),
            commitment: table.rolls_dice().then(|| table.record.seed_hash.clone()),
        };
        Ok(vec![table.public(created.text(reader))])
    }

    /// The game of a lobby command: it must not have started.
    async fn lobby(&self, caller: &Caller, target: Target) -> Result<Table, Failure> {
        let table = self.target(caller, target, Fit::Open).await?;
        match table.record.stage {
            Stage::Open => Ok(table),
            Stage::Playing => Err(Msg::AlreadyStarted(table.record.id.0).into()),
            Stage::Over => Err(Msg::Over(table.record.id.0).into()),
        }
    }

    pub(super) async fn join(
        &self,
        caller: &Caller,
        target: Target,
        color: Option<Color>,
    ) -> Outcome {
        let locale = caller.reader.locale;
        let all = caller.audience;
        let mut table = self.lobby(caller, target).await?;
        if let Some(chooser) = table.choosing() {
            return self.choose(caller, table, chooser, color).await;
        }
        let id = table.record.id.0;
        let seat = match color {
            Some(color) => {
                let seat = table.seat_of(color, locale)?;
                if !table.seat(seat).is_empty() {
                    return Err(Msg::SeatTaken(table.color_name(seat, locale)).into());
                }
                seat
            }
            None => {
                // Without a colour, one seat per player.
                if let Some(&seat) = table.seats_of(&caller.user).first() {
                    return Err(Msg::SeatTaken(table.color_name(seat, locale)).into());
                }
                table
                    .record
                    .seats
                    .iter()
                    .find(|s| s.is_empty())
                    .map(|s| s.seat)
                    .ok_or(Msg::NoFreeSeat(id))?
            }
        };
        table.seat_mut(seat).user = Some(caller.user.clone());
        table.contribute(caller);
        self.save(&mut table, Vec::new()).await?;
        let joined = Msg::Joined {
            id,
            name: caller.user.name.clone(),
            color: table.color_name(seat, all.locale),
        };
        Ok(vec![table.public(joined.text(all))])
    }

    pub(super) async fn leave(&self, caller: &Caller, target: Target) -> Outcome {
        let all = caller.audience;
        let mut table = self.lobby(caller, target).await?;
        refuse_while_choosing(&table, all.locale)?;
        let id = table.record.id.0;
        let seats = table.seats_of(&caller.user);
        if seats.is_empty() {
            return Err(Msg::NotInGame(id).into());
        }
        for &seat in &seats {
            table.seat_mut(seat).user = None;
        }
        self.save(&mut table, Vec::new()).await?;
        Ok(seats
            .into_iter()
            .map(|seat| {
                let left = Msg::Left {
                    id,
                    name: caller.user.name.clone(),
                    color: table.color_name(seat, all.locale),
                };
                table.public(left.text(all))
            })
            .collect())
    }

    pub(super) async fn spirit(
        &self,
        caller: &Caller,
        target: Target,
        color: Color,
        level: Option<Level>,
    ) -> Outcome {
        let reader = caller.reader;
        let locale = reader.locale;
        let mut table = self.target(caller, target, Fit::Lobby).await?;
        refuse_while_choosing(&table, locale)?;
        let id = table.record.id.0;
        let seat = table.seat_of(color, locale)?;
        let level = level.unwrap_or(self.defaults.spirit_level);
        let mine = table
            .seat(seat)
            .user
            .as_ref()
            .is_some_and(|u| u.id == caller.user.id);
        match table.record.stage {
            // Before the start, any free seat (or one's own) may get a spirit.
            Stage::Open if mine || table.seat(seat).is_empty() => {}
            Stage::Open => return Err(Msg::SeatTaken(table.color_name(seat, locale)).into()),
            // Later, only one's own seat: the spirit plays it for good.
            Stage::Playing if mine => {}
            Stage::Playing => return Err(Msg::NotYourSeat(table.color_name(seat, locale)).into()),
            Stage::Over => return Err(Msg::Over(id).into()),
        }
        let record = table.seat_mut(seat);
        record.user = None;
        record.spirit = Some(level);
        record.stand_in = false;
        let all = caller.audience;
        let seated = Msg::SpiritSeated {
            color: table.color_name(seat, all.locale),
            level,
        }
        .text(all);
        let mut told = None;
        if table.record.stage == Stage::Playing {
            // The spirit may have to move now.
            table.record.announced = None;
            let events = table.settle(self.now());
            told = self.tell(&table, &events, all);
        }
        self.save(&mut table, Vec::new()).await?;
        Ok(std::iter::once(table.public(seated)).chain(told).collect())
    }

    pub(super) async fn start(&self, caller: &Caller, target: Target) -> Outcome {
        let reader = caller.audience;
        let mut table = self.lobby(caller, target).await?;
        let id = table.record.id.0;
        // Its creator or a seated player may start it.
        if table.seats_of(&caller.user).is_empty() && table.record.created_by != caller.user.id {
            return Err(Msg::NotInGame(id).into());
        }
        refuse_while_choosing(&table, reader.locale)?;
        table.contribute(caller);
        let mut told = Vec::new();
        // The option stays: the roll is part of the game's record.
        if table.record.options.iter().any(|o| o == SEATING_ROLL) {
            told.push(self.seating_roll(&mut table, reader.locale).text(reader));
        }
        let seated = self.seat_on(&mut table, &mut told, reader)?;
        self.said(table, told, seated, reader).await
    }

    /// A player's choice of colour after the seating roll: `join COLOUR`
    /// (or its button) by the player whose turn it is to choose.
    async fn choose(
        &self,
        caller: &Caller,
        mut table: Table,
        chooser: Seat,
        color: Option<Color>,
    ) -> Outcome {
        let (locale, reader) = (caller.reader.locale, caller.audience);
        let theirs = table.seat(chooser).user.as_ref();
        if theirs.is_none_or(|user| user.id != caller.user.id) {
            let (id, name) = (table.record.id.0, table.player(chooser, locale));
            return Err(Msg::Choosing { id, name }.into());
        }
        let free = table.free_to_choose();
        let seat = match color {
            Some(color) => table.seat_of(color, locale)?,
            None => {
                let left = table.record.deadline_ms.unwrap_or(0) - self.now();
                let left = Duration::from_millis(left.max(0) as u64);
                return Err(choice_prompt(&table, chooser, &free, left, locale).into());
            }
        };
        if !free.contains(&seat) {
            return Err(Msg::SeatTaken(table.color_name(seat, locale)).into());
        }
        let mut told = vec![take(&mut table, chooser, seat, reader, chose)];
        let seated = self.seat_on(&mut table, &mut told, reader)?;
        self.said(table, told, seated, reader).await
    }

    /// The bot's choice for a player whose time to choose ran out: the
    /// colour he sat at if it is still free, else the first free one.
    pub(super) fn choose_for(&self, table: &mut Table, chooser: Seat, reader: Reader) -> String {
        let free = table.free_to_choose();
        let seat = if free.contains(&chooser) {
            chooser
        } else {
            free.first().copied().unwrap_or(chooser)
        };
        take(table, chooser, seat, reader, |name, color| Msg::ChoseFor {
            name,
            color,
        })
    }

    /// Saves a lobby's change and says what it led to: the texts in
    /// `told`, then the question to the next player to choose, or the
    /// first turn of the game.
    async fn said(
        &self,
        mut table: Table,
        told: Vec<String>,
        seated: Seated,
        reader: Reader,
    ) -> Outcome {
        let last = match seated {
            Seated::Asked(prompt) => Some(*prompt),
            Seated::Began(events) => self.tell(&table, &events, reader),
        };
        self.save(&mut table, Vec::new()).await?;
        Ok(told
            .into_iter()
            .map(|text| table.public(text))
            .chain(last)
            .collect())
    }

    /// Moves the seating on: a player with one colour left to choose takes
    /// it; the next player to choose is asked (with a button a colour and a
    /// deadline); once everyone has chosen, or without a seating roll, the
    /// game begins. What is chosen is added to `told`.
    pub(super) fn seat_on(
        &self,
        table: &mut Table,
        told: &mut Vec<String>,
        reader: Reader,
    ) -> Result<Seated, Failure> {
        let locale = reader.locale;
        while let Some(chooser) = table.choosing() {
            let free = table.free_to_choose();
            if let [only] = free[..] {
                told.push(take(table, chooser, only, reader, chose));
                continue;
            }
            let time = self.defaults.choice_time;
            table.record.deadline_ms = Some(self.now() + time.as_millis() as i64);
            let id = Some(table.record.id);
            let prompt = Reply {
                mentions: table.mention(chooser).into_iter().collect(),
                buttons: free
                    .iter()
                    .map(|&seat| Button {
                        label: table.color_name(seat, locale),
                        command: Command::Join(id, Some(table.color(seat))),
                    })
                    .collect(),
                ..table.public(choice_prompt(table, chooser, &free, time, locale).text(reader))
            };
            return Ok(Seated::Asked(Box::new(prompt)));
        }
        self.begin(table, told, reader)?;
        Ok(Seated::Began(table.settle(self.now())))
    }

    /// Starts play: spirits take the empty seats, the first player is
    /// rolled for where the game leaves it to a roll, and the game is
    /// replayed with its options as they now stand.
    fn begin(
        &self,
        table: &mut Table,
        told: &mut Vec<String>,
        reader: Reader,
    ) -> Result<(), Failure> {
        let locale = reader.locale;
        let level = self.defaults.spirit_level;
        for seat in &mut table.record.seats {
            if seat.is_empty() {
                seat.spirit = Some(level);
            }
        }
        told.push(
            Msg::Started {
                id: table.record.id.0,
                game: table.record.variant,
            }
            .text(reader),
        );
        // Who moves first, where the game leaves it to a roll.
        let first_by_roll = table.game.info().options.iter().any(|o| o.key == "first")
            && !table.record.options.iter().any(|o| o.starts_with("first="));
        if first_by_roll {
            let (seat, rolls) = first_player(table, locale);
            let color = table.color(seat);
            table.record.options.push(dice::FIRST_BY_ROLL.to_string());
            table.record.options.push(format!("first={}", color.name()));
            told.push(
                Msg::FirstByRoll {
                    color: i18n::color_name(color, locale).to_string(),
                    rolls,
                }
                .text(reader),
            );
        }
        table.record.stage = Stage::Playing;
        table.record.deadline_ms = None;
        // The options may have changed: replay, keeping what the store holds.
        let stored = std::mem::take(&mut table.stored_seats);
        let mut replayed = Table::new(table.record.clone())?;
        replayed.stored_seats = stored;
        *table = replayed;
        Ok(())
    }

    /// The seating roll: each player rolls a die (ties roll again), and
    /// from the highest to the lowest they will choose their colours.
    fn seating_roll(&self, table: &mut Table, locale: Locale) -> Msg {
        let order = dice::ranking(
            &table.record.seed,
            "seating",
            &table.record.entropy,
            table.people_seats().len(),
        );
        table.record.options.push(dice::seating_order(&order));
        let listed: Vec<String> = table
            .choosers()
            .into_iter()
            .enumerate()
            .map(|(place, seat)| format!("{}. {}", place + 1, table.player(seat, locale)))
            .collect();
        Msg::ChoosingOrder(listed.join(", "))
    }
}

/// The player at `chooser` takes the colour of `seat`; returns what to
/// tell, as `say` words it from the player's name and the colour.
fn take(
    table: &mut Table,
    chooser: Seat,
    seat: Seat,
    reader: Reader,
    say: fn(String, String) -> Msg,
) -> String {
    let name = table.player(chooser, reader.locale);
    table.choose(seat);
    say(name, table.color_name(seat, reader.locale)).text(reader)
}

/// How a player's own choice is told.
fn chose(name: String, color: String) -> Msg {
    Msg::Chose { name, color }
}

/// Refuses to change the seats while the players choose their colours.
fn refuse_while_choosing(table: &Table, locale: Locale) -> Result<(), Failure> {
    match table.choosing() {
        Some(chooser) => Err(Msg::Choosing {
            id: table.record.id.0,
            name: table.player(chooser, locale),
        }
        .into()),
        None => Ok(()),
    }
}

/// What the seating led to.
pub(super) enum Seated {
    /// The next player is asked to choose a colour.
    Asked(Box<Reply>),
    /// Play began, with these events.
    Began(Vec<Event>),
}

/// The question to `chooser` of the colours `free`, with `left` to answer.
fn choice_prompt(
    table: &Table,
    chooser: Seat,
    free: &[Seat],
    left: Duration,
    locale: Locale,
) -> Msg {
    let who = table
        .mention(chooser)
        .map_or_else(|| table.player(chooser, locale), |m| format!("@{}", m.name));
    let colors: Vec<String> = free.iter().map(|&s| table.color_name(s, locale)).collect();
    Msg::ChooseColour {
        who,
        colors: colors.join(", "),
        left,
    }
}

/// The seat that moves first by a roll of one die per seat, and the rolls as text.
fn first_player(table: &Table, locale: Locale) -> (Seat, String) {
    let seats = table.record.seats.len();
    let order = dice::ranking(&table.record.seed, "first", &table.record.entropy, seats);
    let first = Seat(order.first().copied().unwrap_or(0) as u8);
    let listed = order
        .iter()
        .enumerate()
        .map(|(place, &seat)| {
            format!(
                "{}. {}",
                place + 1,
                table.color_name(Seat(seat as u8), locale)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    (first, listed)
}
