//! Playing: moves, resignations, offers and answers, takebacks; and how a
//! change is written and told.

use seance_engine::{Action, Offer, Seat};

use super::command::{Proposal, Target};
use super::dice;
use super::i18n::{self, Locale, Msg, refusal};
use super::reply::{Mention, Reply};
use super::table::{Event, Table};
use super::{Caller, Failure, Outcome, Service};
use crate::store::{NewNotice, Stage};

impl Service {
    /// A player whose time ran out and who speaks in the game takes their
    /// seat back from the spirit standing in.
    pub(super) async fn welcome_back(&self, caller: &Caller, target: Target) -> Outcome {
        if !caller.returning {
            return Ok(Vec::new());
        }
        let Ok(mut table) = self.target(caller, target, false).await else {
            return Ok(Vec::new());
        };
        let back: Vec<u8> = table
            .seats_of(&caller.user)
            .into_iter()
            .filter(|&s| table.seat(s).stand_in)
            .collect();
        if back.is_empty() || table.record.stage != Stage::Playing {
            return Ok(Vec::new());
        }
        let mut replies = Vec::new();
        for &seat in &back {
            let record = &mut table.record.seats[usize::from(seat)];
            record.stand_in = false;
            record.spirit = None;
            let msg = Msg::Returned {
                color: table.color_name(seat, caller.locale),
            };
            replies.push(Reply::public(msg.text(caller.locale)));
        }
        // The player's own clock starts again.
        table.record.announced = None;
        let events = table.settle(self.now());
        replies.extend(self.tell(&table, &events, caller.locale));
        self.save(&mut table, Vec::new()).await?;
        Ok(replies)
    }

    /// The game of a playing command, with the caller's seats in it.
    async fn playing(&self, caller: &Caller, target: Target) -> Result<(Table, Vec<u8>), Failure> {
        let table = self.target(caller, target, false).await?;
        let id = table.record.id.0;
        match table.record.stage {
            Stage::Open => return Err(Msg::NotStarted(id).into()),
            Stage::Over => return Err(Msg::Over(id).into()),
            Stage::Playing => {}
        }
        let seats = table.seats_of(&caller.user);
        if seats.is_empty() {
            return Err(Msg::NotInGame(id).into());
        }
        Ok((table, seats))
    }

    /// The caller's seat the game waits for.
    fn my_turn(&self, table: &Table, seats: &[u8], locale: Locale) -> Result<u8, Failure> {
        match table.acting() {
            Some(seat) if seats.contains(&seat) => Ok(seat),
            Some(seat) => Err(Msg::NotYourTurn {
                waiting: table.color_name(seat, locale),
            }
            .into()),
            None => Err(Msg::Over(table.record.id.0).into()),
        }
    }

    pub(super) async fn play_move(&self, caller: &Caller, target: Target, text: &str) -> Outcome {
        let locale = caller.locale;
        let (mut table, seats) = self.playing(caller, target).await?;
        let seat = self.my_turn(&table, &seats, locale)?;
        let played = table
            .game
            .play_input(Seat(seat), text)
            .map_err(|e| refusal(&e, locale))?;
        table.record.log.push(played.clone());
        table.record.takeback.clear();
        let first = Msg::Played {
            color: table.color_name(seat, locale),
            mv: played,
        };
        Ok(vec![
            self.change(&mut table, first, locale, Some(seat)).await?,
        ])
    }

    pub(super) async fn resign(&self, caller: &Caller, target: Target) -> Outcome {
        let locale = caller.locale;
        let (mut table, seats) = self.playing(caller, target).await?;
        let seat = speaking(&table, &seats);
        table
            .act(Action::Resign(Seat(seat)))
            .map_err(|e| refusal(&e, locale))?;
        let first = Msg::Resigned {
            color: table.color_name(seat, locale),
        };
        Ok(vec![self.change(&mut table, first, locale, None).await?])
    }

    pub(super) async fn offer(
        &self,
        caller: &Caller,
        target: Target,
        proposal: Proposal,
    ) -> Outcome {
        let locale = caller.locale;
        let (mut table, seats) = self.playing(caller, target).await?;
        let seat = speaking(&table, &seats);
        let offer = match &proposal {
            Proposal::Draw => {
                // A draw already offered to this seat is accepted.
                if matches!(table.game.pending_offer(), Some((Offer::Draw, _))) {
                    return self
                        .answer(caller, target.or(Some(table.record.id)), true)
                        .await;
                }
                Offer::Draw
            }
            Proposal::Exchange(color) => {
                let king = table.seat_named(color, locale)?;
                Offer::Exchange(table.color(king))
            }
        };
        table
            .act(Action::Offer(Seat(seat), offer))
            .map_err(|e| refusal(&e, locale))?;
        let what = match (offer, locale) {
            (Offer::Draw, Locale::En) => "a draw".to_string(),
            (Offer::Draw, Locale::Ru) => "ничью".to_string(),
            (Offer::Exchange(color), Locale::En) => {
                format!("to exchange kings, giving back the {color} king")
            }
            (Offer::Exchange(color), Locale::Ru) => {
                format!(
                    "обмен королями, возвращая короля ({})",
                    i18n::color_name(color, locale)
                )
            }
        };
        let first = Msg::Offered {
            color: table.color_name(seat, locale),
            what,
        };
        Ok(vec![self.change(&mut table, first, locale, None).await?])
    }

    pub(super) async fn answer(&self, caller: &Caller, target: Target, yes: bool) -> Outcome {
        let locale = caller.locale;
        let (mut table, seats) = self.playing(caller, target).await?;
        // Answer with the first of the caller's seats the offer asks.
        let mut last_error = None;
        for &seat in &seats {
            let action = if yes {
                Action::Accept(Seat(seat))
            } else {
                Action::Decline(Seat(seat))
            };
            match table.act(action) {
                Ok(_) => {
                    let color = table.color_name(seat, locale);
                    let first = if yes {
                        Msg::Agreed { color }
                    } else {
                        Msg::Declined { color }
                    };
                    return Ok(vec![self.change(&mut table, first, locale, None).await?]);
                }
                Err(error) => last_error = Some(error),
            }
        }
        Err(last_error
            .map_or(Msg::NoMoves, |e| refusal(&e, locale))
            .into())
    }

    pub(super) async fn takeback(&self, caller: &Caller, target: Target) -> Outcome {
        let locale = caller.locale;
        let (mut table, seats) = self.playing(caller, target).await?;
        let Some((index, mover)) = table.last_move()? else {
            return Err(Msg::NothingToTakeBack.into());
        };
        let asked = !table.record.takeback.is_empty();
        if !asked && !seats.contains(&mover) {
            return Err(Msg::NothingToTakeBack.into());
        }
        for &seat in &seats {
            if !table.record.takeback.contains(&seat) {
                table.record.takeback.push(seat);
            }
        }
        // Every other person at the table must agree; spirits always do.
        let waiting: Vec<u8> = (0..table.record.seats.len() as u8)
            .filter(|&s| {
                let record = table.seat(s);
                record.user.is_some()
                    && !record.spirit_plays()
                    && !table.record.takeback.contains(&s)
            })
            .collect();
        if !waiting.is_empty() {
            let names = waiting
                .iter()
                .map(|&s| table.player(s, locale))
                .collect::<Vec<_>>()
                .join(", ");
            let mentions = waiting.iter().filter_map(|&s| table.mention(s)).collect();
            let msg = Msg::TakebackAsked {
                color: table.color_name(mover, locale),
                waiting: names,
            };
            self.save(&mut table, Vec::new()).await?;
            return Ok(vec![Reply {
                mentions,
                ..Reply::public(msg.text(locale))
            }]);
        }
        let taken = table.record.log[index].clone();
        let stored = table.stored_seats;
        let mut record = table.record;
        record.log.truncate(index);
        record.takeback.clear();
        record.announced = None;
        let mut table = Table::new(record)?;
        table.stored_seats = stored;
        let first = Msg::TakenBack(taken);
        Ok(vec![self.change(&mut table, first, locale, None).await?])
    }

    /// After an action: lets the game move on, writes it, and tells the chat
    /// with `first` (the action itself) and the board, drawn for `viewer`.
    async fn change(
        &self,
        table: &mut Table,
        first: Msg,
        locale: Locale,
        viewer: Option<u8>,
    ) -> Result<Reply, Failure> {
        let events = table.settle(self.now());
        let (mut lines, mentions) = self.news(table, &events, locale);
        lines.insert(0, first.text(locale));
        self.save(table, Vec::new()).await?;
        Ok(Reply {
            text: lines.join("\n"),
            board: Some(table.board(viewer.or(table.acting()))),
            mentions,
            private: false,
        })
    }

    /// Writes a game with its plan of jobs and its notices.
    pub(super) async fn save(
        &self,
        table: &mut Table,
        notices: Vec<NewNotice>,
    ) -> Result<(), Failure> {
        let now = self.now();
        table.record.updated_ms = now;
        table.record.position = table.game.position_text();
        let jobs = table.plan(&self.defaults, now);
        let seats_changed = table.record.seats != table.stored_seats;
        table.record.version = self
            .store
            .save_game(&table.record, seats_changed, &jobs, &notices)
            .await?;
        table.stored_seats = table.record.seats.clone();
        self.replays.keep(table);
        Ok(())
    }

    /// A message telling the chat about `events`, with the board, if there is anything to tell.
    pub(super) fn tell(&self, table: &Table, events: &[Event], locale: Locale) -> Option<Reply> {
        let (lines, mentions) = self.news(table, events, locale);
        (!lines.is_empty()).then(|| Reply {
            text: lines.join("\n"),
            board: Some(table.board(table.acting())),
            mentions,
            private: false,
        })
    }

    /// What to tell the chat about `events`, and whom to mention.
    pub(super) fn news(
        &self,
        table: &Table,
        events: &[Event],
        locale: Locale,
    ) -> (Vec<String>, Vec<Mention>) {
        let mut lines = Vec::new();
        let mut mentions = Vec::new();
        for event in events {
            let msg = match event {
                Event::NoMove { seat, dice } => Msg::NoMoveWithDice {
                    color: table.color_name(*seat, locale),
                    dice: dice.clone(),
                },
                Event::Declined { seat } => Msg::Declined {
                    color: table.color_name(*seat, locale),
                },
                Event::Turn { seat } => match table.mention(*seat) {
                    Some(mention) => {
                        let who = format!("@{}", mention.name);
                        mentions.push(mention);
                        Msg::YourTurn {
                            who,
                            color: table.color_name(*seat, locale),
                            dice: table.dice(),
                        }
                    }
                    None => Msg::SpiritThinking {
                        color: table.color_name(*seat, locale),
                    },
                },
                Event::Over => Msg::GameOver {
                    result: self.result(table, locale),
                    seed: dice::hex(&table.record.seed),
                },
            };
            lines.push(msg.text(locale));
        }
        (lines, mentions)
    }

    /// The result of a finished game, in `locale`.
    pub(super) fn result(&self, table: &Table, locale: Locale) -> String {
        let Some(outcome) = table.game.outcome() else {
            return String::new();
        };
        let reason = i18n::reason(outcome.reason, locale);
        if outcome.winners.is_empty() {
            return Msg::Drawn(reason).text(locale);
        }
        let winners = outcome
            .winners
            .iter()
            .map(|s| table.color_name(s.0, locale))
            .collect::<Vec<_>>()
            .join(", ");
        let scores = if outcome.scores.is_empty() {
            String::new()
        } else {
            let listed = outcome
                .scores
                .iter()
                .enumerate()
                .map(|(s, points)| format!("{} {points}", table.color_name(s as u8, locale)))
                .collect::<Vec<_>>()
                .join(", ");
            format!("; {listed}")
        };
        format!("{}{scores}", Msg::Won { winners, reason }.text(locale))
    }
}

/// The seat a player with several seats speaks for: the one to move, else the first.
fn speaking(table: &Table, seats: &[u8]) -> u8 {
    table
        .acting()
        .filter(|s| seats.contains(s))
        .unwrap_or(seats[0])
}
