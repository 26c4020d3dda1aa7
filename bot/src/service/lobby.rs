//! Before the first move: setting up a game, taking and leaving seats,
//! seating spirits, and starting (with the rolls for the first player or
//! for the seats).

use seance_engine::catalogue;
use seance_engine::spirit::Level;
use seance_engine::{Color, Options, Seat, Start};

use super::dice;
use super::i18n::{self, Locale, Msg};
use super::table::{SEATING_ROLL, Table};
use super::{Caller, Failure, Fit, Outcome, Service};
use crate::commands::{MoveTime, NewGame, Target};
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
        if new.seating_roll {
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
        let locale = reader.locale;
        let mut table = self.lobby(caller, target).await?;
        let id = table.record.id.0;
        // Its creator or a seated player may start it.
        if table.seats_of(&caller.user).is_empty() && table.record.created_by != caller.user.id {
            return Err(Msg::NotInGame(id).into());
        }
        table.contribute(caller);
        let mut told = Vec::new();
        // The option stays: the roll is part of the game's record.
        if table.record.options.iter().any(|o| o == SEATING_ROLL) {
            told.push(self.seat_by_roll(&mut table, locale).text(reader));
        }
        let level = self.defaults.spirit_level;
        for seat in &mut table.record.seats {
            if seat.is_empty() {
                seat.spirit = Some(level);
            }
        }
        // Who moves first, where the game leaves it to a roll.
        let first_by_roll = table.game.info().options.iter().any(|o| o.key == "first")
            && !table.record.options.iter().any(|o| o.starts_with("first="));
        if first_by_roll {
            let (seat, rolls) = first_player(&table, locale);
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
        // The options may have changed: replay, keeping what the store holds.
        let stored = table.stored_seats;
        let mut table = Table::new(table.record)?;
        table.stored_seats = stored;
        let started = Msg::Started {
            id,
            game: table.record.variant,
        };
        told.insert(0, started.text(reader));
        let events = table.settle(self.now());
        let turn = self.tell(&table, &events, reader);
        self.save(&mut table, Vec::new()).await?;
        Ok(told
            .into_iter()
            .map(|text| table.public(text))
            .chain(turn)
            .collect())
    }

    /// Seats the players by a roll: each rolls a die (ties roll again); from
    /// the highest to the lowest, each takes the colour they sat at if it is
    /// still free, else the first free one.
    fn seat_by_roll(&self, table: &mut Table, locale: Locale) -> Msg {
        let mut players: Vec<(Seat, crate::store::User)> = table
            .record
            .seats
            .iter()
            .filter_map(|s| Some((s.seat, s.user.clone()?)))
            .collect();
        let order = dice::ranking(
            &table.record.seed,
            "seating",
            &table.record.entropy,
            players.len(),
        );
        table.record.options.push(dice::seating_order(&order));
        players = order
            .into_iter()
            .filter_map(|i| players.get(i).cloned())
            .collect();
        for seat in &mut table.record.seats {
            seat.user = None;
        }
        let mut lines = Vec::new();
        for (wanted, user) in players {
            let seat = if table.seat(wanted).is_empty() {
                wanted
            } else {
                match table.record.seats.iter().find(|s| s.is_empty()) {
                    Some(free) => free.seat,
                    None => break,
                }
            };
            lines.push(format!(
                "{} — {}",
                user.name,
                table.color_name(seat, locale)
            ));
            table.seat_mut(seat).user = Some(user);
        }
        Msg::SeatingByRoll(lines.join(", "))
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
