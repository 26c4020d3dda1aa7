//! Playing: moves, resignations, offers and answers, takebacks; and how a
//! change is written and told.

use seance_engine::{Action, ActionError, Offer, Seat};

use super::dice;
use super::i18n::{self, Msg, Reader, refusal};
use super::reply::{Button, Mention, Notice, Reply};
use super::table::{Event, Table};
use super::{Caller, Failure, Fit, Outcome, Service};
use crate::commands::{Command, Proposal, Target};
use crate::store::{NewNotice, Stage};

/// Whether a change shows the board: moves and takebacks do, and the end of
/// a game; offers and answers that leave the position as it was do not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Show {
    Board,
    Words,
}

impl Service {
    /// A player whose time ran out and who speaks in the game takes their
    /// seat back from the spirit standing in.
    pub(super) async fn welcome_back(&self, caller: &Caller, target: Target) -> Outcome {
        if !caller.returning {
            return Ok(Vec::new());
        }
        let Ok(mut table) = self.target(caller, target, Fit::Seated).await else {
            return Ok(Vec::new());
        };
        let back: Vec<Seat> = table
            .seats_of(&caller.user)
            .into_iter()
            .filter(|&s| table.seat(s).stand_in)
            .collect();
        if back.is_empty() || table.record.stage != Stage::Playing {
            return Ok(Vec::new());
        }
        let reader = caller.audience;
        let mut lines = Vec::new();
        for &seat in &back {
            let record = table.seat_mut(seat);
            record.stand_in = false;
            record.spirit = None;
            let msg = Msg::Returned {
                color: table.color_name(seat, reader.locale),
            };
            lines.push(msg.text(reader));
        }
        // The player's own clock starts again.
        table.record.announced = None;
        let events = table.settle(self.now());
        let told = self.tell(&table, &events, reader);
        let replies: Vec<Reply> = lines
            .into_iter()
            .map(|text| table.public(text))
            .chain(told)
            .collect();
        let notices = caller.relay(replies.iter().map(Notice::of));
        self.save(&mut table, notices).await?;
        Ok(replies)
    }

    /// The game of a playing command (one that `fit`s it), with the caller's seats in it.
    async fn playing(
        &self,
        caller: &Caller,
        target: Target,
        fit: Fit,
    ) -> Result<(Table, Vec<Seat>), Failure> {
        let table = self.target(caller, target, fit).await?;
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
    fn my_turn(&self, table: &Table, seats: &[Seat], reader: Reader) -> Result<Seat, Failure> {
        match table.acting() {
            Some(seat) if seats.contains(&seat) => Ok(seat),
            Some(seat) => Err(Msg::NotYourTurn {
                waiting: table.color_name(seat, reader.locale),
            }
            .into()),
            None => Err(Msg::Over(table.record.id.0).into()),
        }
    }

    pub(super) async fn play_move(&self, caller: &Caller, target: Target, text: &str) -> Outcome {
        let (me, reader) = (caller.reader, caller.audience);
        let (mut table, seats) = self.playing(caller, target, Fit::Turn).await?;
        let seat = self.my_turn(&table, &seats, me)?;
        let played = table
            .game
            .play_input(seat, text)
            .map_err(|e| refusal(&e, me.locale))?;
        table.record.takeback.clear();
        let first = Msg::Played {
            color: table.color_name(seat, reader.locale),
            mv: table.game.last_move().map_or(played, |m| m.shown()),
        };
        Ok(vec![
            self.change(&mut table, first, caller, Show::Board, None)
                .await?,
        ])
    }

    pub(super) async fn resign(&self, caller: &Caller, target: Target) -> Outcome {
        let (me, reader) = (caller.reader, caller.audience);
        let (mut table, seats) = self.playing(caller, target, Fit::Seated).await?;
        let seat = speaking(&table, &seats);
        let playing = seats.iter().filter(|&&s| table.game.in_play(s)).count();
        if playing > 1 && !table.game.info().two_colours_may_resign {
            return Err(refusal(&ActionError::TwoColours, me.locale).into());
        }
        table
            .act(Action::Resign(seat))
            .map_err(|e| refusal(&e, me.locale))?;
        table.quitting = Some(seat);
        let first = Msg::Resigned {
            color: table.color_name(seat, reader.locale),
        };
        Ok(vec![
            self.change(&mut table, first, caller, Show::Board, None)
                .await?,
        ])
    }

    pub(super) async fn offer(
        &self,
        caller: &Caller,
        target: Target,
        proposal: Proposal,
    ) -> Outcome {
        let (me, reader) = (caller.reader, caller.audience);
        let (mut table, seats) = self.playing(caller, target, Fit::Seated).await?;
        let seat = speaking(&table, &seats);
        let offer = match proposal {
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
                let king = table.seat_of(color, me.locale)?;
                Offer::Exchange(table.color(king))
            }
        };
        table
            .act(Action::Offer(seat, offer))
            .map_err(|e| refusal(&e, me.locale))?;
        let asked = table.asked();
        let first = Msg::Offered {
            color: table.color_name(seat, reader.locale),
            offer,
            asked: asked
                .iter()
                .map(|m| format!("@{}", m.name))
                .collect::<Vec<_>>()
                .join(", "),
        };
        let target = Some(table.record.id);
        let answers = vec![
            Button {
                label: Msg::AcceptButton.text(reader),
                command: Command::Accept(target),
            },
            Button {
                label: Msg::DeclineButton.text(reader),
                command: Command::Decline(target),
            },
        ];
        let ask = Some((asked, answers));
        Ok(vec![
            self.change(&mut table, first, caller, Show::Words, ask)
                .await?,
        ])
    }

    pub(super) async fn answer(&self, caller: &Caller, target: Target, yes: bool) -> Outcome {
        let (me, reader) = (caller.reader, caller.audience);
        let (mut table, seats) = self.playing(caller, target, Fit::Seated).await?;
        // Answer with the first of the caller's seats the offer asks.
        let mut last_error = None;
        for &seat in &seats {
            let action = if yes {
                Action::Accept(seat)
            } else {
                Action::Decline(seat)
            };
            match table.act(action) {
                Ok(_) => {
                    let color = table.color_name(seat, reader.locale);
                    let first = if yes {
                        Msg::Agreed { color }
                    } else {
                        Msg::Declined { color }
                    };
                    return Ok(vec![
                        self.change(&mut table, first, caller, Show::Words, None)
                            .await?,
                    ]);
                }
                Err(error) => last_error = Some(error),
            }
        }
        Err(last_error
            .map_or(Msg::NoMoves, |e| refusal(&e, me.locale))
            .into())
    }

    pub(super) async fn takeback(&self, caller: &Caller, target: Target) -> Outcome {
        let reader = caller.audience;
        let (mut table, seats) = self.playing(caller, target, Fit::Seated).await?;
        let Some(last) = table.game.last_move() else {
            return Err(Msg::NothingToTakeBack.into());
        };
        let asked = !table.record.takeback.is_empty();
        if !asked && !seats.contains(&last.seat) {
            return Err(Msg::NothingToTakeBack.into());
        }
        for &seat in &seats {
            if !table.record.takeback.contains(&seat) {
                table.record.takeback.push(seat);
            }
        }
        // Every other person at the table must agree; spirits always do.
        let waiting: Vec<Seat> = table
            .seats()
            .filter(|&s| {
                let record = table.seat(s);
                record.user.is_some()
                    && !record.spirit_plays()
                    && !table.record.takeback.contains(&s)
            })
            .collect();
        if !waiting.is_empty() {
            let mentions: Vec<Mention> = waiting.iter().filter_map(|&s| table.mention(s)).collect();
            let names = mentions
                .iter()
                .map(|m| format!("@{}", m.name))
                .collect::<Vec<_>>()
                .join(", ");
            let msg = Msg::TakebackAsked {
                color: table.color_name(last.seat, reader.locale),
                waiting: names,
            };
            let agree = Button {
                label: Msg::AcceptButton.text(reader),
                command: Command::Takeback(Some(table.record.id)),
            };
            let asking = Reply {
                mentions,
                buttons: vec![agree],
                ..table.public(msg.text(reader))
            };
            let notices = caller.relay([Notice::of(&asking)]);
            self.save(&mut table, notices).await?;
            return Ok(vec![asking]);
        }
        let Some(taken) = table.game.take_back() else {
            return Err(Msg::NothingToTakeBack.into());
        };
        table.record.takeback.clear();
        table.record.announced = None;
        let first = Msg::TakenBack(taken.shown());
        Ok(vec![
            self.change(&mut table, first, caller, Show::Board, None)
                .await?,
        ])
    }

    /// After an action: lets the game move on, writes it, and tells the chat
    /// with `first` (the action itself), and the board if `show` asks for it
    /// or the game has ended. `ask`: the players an offer asks and the
    /// buttons that answer it, shown while the offer stands. The chat is
    /// told as the `caller`'s [`Voice`](super::Voice) wants.
    async fn change(
        &self,
        table: &mut Table,
        first: Msg,
        caller: &Caller,
        show: Show,
        ask: Option<(Vec<Mention>, Vec<Button>)>,
    ) -> Result<Reply, Failure> {
        let reader = caller.audience;
        let events = table.settle(self.now());
        let (mut lines, mut mentions) = self.news(table, &events, reader);
        lines.insert(0, first.text(reader));
        let mut buttons = Vec::new();
        if let Some((asked, answers)) = ask
            && table.game.pending_offer().is_some()
        {
            mentions.extend(asked);
            buttons = answers;
        }
        let text = lines.join("\n");
        let board = show == Show::Board || table.record.stage == Stage::Over;
        let notices = caller.relay([Notice {
            text: text.clone(),
            mentions: mentions.clone(),
            board,
            direct: false,
            buttons: Notice::buttons_of(&buttons),
        }]);
        self.save(table, notices).await?;
        let reply = match board {
            true => table.with_board(text, None, self.now()),
            false => table.public(text),
        };
        Ok(Reply {
            mentions,
            buttons,
            ..reply
        })
    }

    /// Writes a game, its log as the engine keeps it, with its plan of jobs
    /// and its notices.
    pub(super) async fn save(
        &self,
        table: &mut Table,
        notices: Vec<NewNotice>,
    ) -> Result<(), Failure> {
        let now = self.now();
        table.record.updated_ms = now;
        table.record.log = table.game.log();
        let jobs = table.plan(&self.defaults, now);
        let seats_changed = table.record.seats != table.stored_seats;
        // A game that ends is rated in the same write (once: see the store).
        let rated = table.rated(now);
        table.record.version = self
            .store
            .save_game(
                &table.record,
                seats_changed,
                &jobs,
                &notices,
                rated.as_ref(),
            )
            .await?;
        table.stored_seats = table.record.seats.clone();
        self.replays.keep(table);
        Ok(())
    }

    pub(super) fn tell(&self, table: &Table, events: &[Event], reader: Reader) -> Option<Reply> {
        let (lines, mentions) = self.news(table, events, reader);
        (!lines.is_empty()).then(|| Reply {
            mentions,
            ..table.with_board(lines.join("\n"), None, self.now())
        })
    }

    /// What to tell the chat about `events`, and whom to mention.
    pub(super) fn news(
        &self,
        table: &Table,
        events: &[Event],
        reader: Reader,
    ) -> (Vec<String>, Vec<Mention>) {
        let locale = reader.locale;
        let mut lines = Vec::new();
        let mut mentions = Vec::new();
        for event in events {
            let msg = match event {
                Event::NoMove { seat, dice } => Msg::NoMoveWithDice {
                    color: table.color_name(*seat, locale),
                    dice: i18n::dice(&*table.game, dice, locale),
                },
                Event::Declined { seat } => Msg::Declined {
                    color: table.color_name(*seat, locale),
                },
                Event::OutOfPlay { seat } => Msg::OutOfPlay {
                    color: table.color_name(*seat, locale),
                },
                Event::OnlySpirits => Msg::OnlySpirits,
                Event::Turn { seat } => match table.mention(*seat) {
                    Some(mention) => {
                        let who = format!("@{}", mention.name);
                        mentions.push(mention);
                        Msg::YourTurn {
                            who,
                            color: table.color_name(*seat, locale),
                            dice: table.dice(locale),
                        }
                    }
                    None => Msg::SpiritThinking {
                        color: table.color_name(*seat, locale),
                    },
                },
                Event::Over => Msg::GameOver {
                    result: self.result(table, reader),
                    seed: table.rolls_dice().then(|| dice::hex(&table.record.seed)),
                },
            };
            lines.push(msg.text(reader));
        }
        (lines, mentions)
    }

    /// The result of a finished game, for `reader`.
    pub(super) fn result(&self, table: &Table, reader: Reader) -> String {
        let locale = reader.locale;
        let Some(outcome) = table.game.outcome() else {
            return String::new();
        };
        let reason = i18n::reason(outcome.reason, locale);
        if outcome.winners.is_empty() {
            return Msg::Drawn(reason).text(reader);
        }
        let winners = outcome
            .winners
            .iter()
            .map(|&s| table.color_name(s, locale))
            .collect();
        let scores = if outcome.scores.is_empty() {
            String::new()
        } else {
            let listed = outcome
                .scores
                .iter()
                .zip(table.seats())
                .map(|(points, s)| format!("{} {points}", table.color_name(s, locale)))
                .collect::<Vec<_>>()
                .join(", ");
            format!("; {listed}")
        };
        format!("{}{scores}", Msg::Won { winners, reason }.text(reader))
    }
}

/// The seat a player with several seats speaks for: the one to move, else the first.
fn speaking(table: &Table, seats: &[Seat]) -> Seat {
    table
        .acting()
        .filter(|s| seats.contains(s))
        .unwrap_or(seats[0])
}
