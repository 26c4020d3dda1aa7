//! The terminal front end: a game at one keyboard, every seat typing in turn,
//! with any seats left to a random mover. The console rolls the dice.
//!
//! ```text
//! Through chess. Type a move, or 'help'.
//!  8  r  n  b  q  q  b  n  r
//!  ...
//! white> Qd1xd8
//! white plays d1d8
//! ```

use std::io::{self, BufRead, Write};

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use seance_engine::{Action, ActionError, AnyGame, Color, Offer, Outcome, Phase, Reason, Seat};
use seance_render::text::{self, Glyphs};

const HELP: &str = "\
Type a move in any usual form: d1d8, d1-d8, Qd8, Qxd8, e7e8=S.
Other commands:
  moves           list the legal moves
  draw            offer a draw (in games of points: to stop and count)
  accept          accept the offer
  decline         decline it
  exchange COLOR  give back that army's captured king for your own (classical Chaturaji)
  resign          give up the game
  log             show the game's record
  position        show the position text
  help            show this text
  quit            leave (the game is not saved yet)";

/// A game played at the terminal.
pub struct Console {
    game: Box<dyn AnyGame>,
    /// Seats played by the random mover.
    computer: Vec<Seat>,
    /// Rolls the dice and makes the random mover's choices.
    rng: StdRng,
    glyphs: Glyphs,
}

impl Console {
    /// A console for `game`, the `computer` seats moving at random; the same
    /// `seed` gives the same dice and the same random moves.
    pub fn new(game: Box<dyn AnyGame>, computer: Vec<Seat>, seed: u64, glyphs: Glyphs) -> Console {
        Console {
            game,
            computer,
            rng: StdRng::seed_from_u64(seed),
            glyphs,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// Plays until the game ends, the input ends, or a player types `quit`.
    pub fn run(&mut self, input: impl BufRead, mut out: impl Write) -> io::Result<()> {
        writeln!(out, "{}. Type a move, or 'help'.", self.game.info().name)?;
        let mut lines = input.lines();
        let mut changed = true;
        loop {
            changed |= self.automatic(&mut out)?;
            if changed {
                let board = text::draw(&self.game.board_view(), self.glyphs);
                write!(out, "\n{board}")?;
                if let Some(status) = self.status() {
                    writeln!(out, "{status}")?;
                }
            }
            let Some(seat) = self.game.phase().seat() else {
                let outcome = self.game.outcome().cloned();
                return match outcome {
                    Some(outcome) => writeln!(out, "{}", self.result(&outcome)),
                    None => Ok(()),
                };
            };
            write!(out, "{}> ", self.color(seat))?;
            out.flush()?;
            let Some(line) = lines.next().transpose()? else {
                return writeln!(out);
            };
            changed = match line.trim() {
                "quit" | "exit" => return Ok(()),
                command => self.handle(seat, command, &mut out)?,
            };
        }
    }

    /// Carries out one typed line for `seat`, reporting what happened; says
    /// whether the game changed.
    fn handle(&mut self, seat: Seat, command: &str, out: &mut impl Write) -> io::Result<bool> {
        let info = match command {
            "" => String::new(),
            "help" | "?" => HELP.to_owned(),
            "moves" => self.game.legal_moves().join(" "),
            "log" => self.game.log().join("\n"),
            "position" => self.game.position_text(),
            _ => return self.change(seat, command, out),
        };
        if !info.is_empty() {
            writeln!(out, "{info}")?;
        }
        Ok(false)
    }

    /// Plays a move or another action typed by `seat`; says whether it was accepted.
    fn change(&mut self, seat: Seat, command: &str, out: &mut impl Write) -> io::Result<bool> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let result = match words.as_slice() {
            ["resign"] => self.game.act(Action::Resign(seat)),
            ["draw"] => self.game.act(Action::Offer(seat, Offer::Draw)),
            ["accept" | "decline"] => return self.answer(command == "accept", out),
            ["exchange", color] => match Color::parse(color) {
                Some(color) => self.game.act(Action::Offer(seat, Offer::Exchange(color))),
                None => Err(ActionError::Unreadable(command.to_owned())),
            },
            _ => self.game.play_input(seat, command),
        };
        let accepted = result.is_ok();
        writeln!(out, "{}", self.report(seat, result))?;
        Ok(accepted)
    }

    /// Everyone at this keyboard who has not yet agreed answers the pending offer.
    fn answer(&mut self, accept: bool, out: &mut impl Write) -> io::Result<bool> {
        let Some((_, agreed)) = self.game.pending_offer() else {
            writeln!(out, "{}", ActionError::NoOffer)?;
            return Ok(false);
        };
        let answering: Vec<Seat> = self.humans().filter(|s| !agreed.contains(s)).collect();
        for seat in answering {
            let action = if accept {
                Action::Accept(seat)
            } else {
                Action::Decline(seat)
            };
            match self.game.act(action) {
                Err(ActionError::NoOffer | ActionError::NotAParty) => {}
                done => writeln!(out, "{}", self.report(seat, done))?,
            }
        }
        Ok(true)
    }

    /// Rolls the dice when a roll is due, and lets the random mover decline
    /// offers and move, until a human must act; says whether anything happened.
    fn automatic(&mut self, out: &mut impl Write) -> io::Result<bool> {
        let mut acted = false;
        if self.game.pending_offer().is_some() {
            for seat in self.computer.clone() {
                match self.game.act(Action::Decline(seat)) {
                    Err(ActionError::NoOffer | ActionError::NotAParty) => {}
                    done => {
                        writeln!(out, "{}", self.report(seat, done))?;
                        acted = true;
                    }
                }
            }
        }
        loop {
            let done = match self.game.phase() {
                Phase::Roll(seat) => {
                    let rng = &mut self.rng;
                    let dice = self
                        .game
                        .dice_spec()
                        .and_then(|spec| {
                            spec.roll(&mut std::iter::repeat_with(|| rng.random::<u8>()))
                        })
                        .unwrap_or_default();
                    let done = self.game.act(Action::Roll(dice));
                    let report = self.report(seat, done);
                    if self.game.phase() != Phase::Move(seat) && self.game.outcome().is_none() {
                        format!("{report}: no move with these dice, the turn passes")
                    } else {
                        report
                    }
                }
                Phase::Move(seat) if self.computer.contains(&seat) => {
                    let moves = self.game.legal_moves();
                    let Some(choice) = moves.choose(&mut self.rng) else {
                        return Ok(acted);
                    };
                    let done = self.game.play_input(seat, choice);
                    self.report(seat, done)
                }
                _ => return Ok(acted),
            };
            writeln!(out, "{done}")?;
            acted = true;
        }
    }

    /// A line about the dice and the scores, for games that have them.
    fn status(&self) -> Option<String> {
        let view = self.game.board_view();
        let mut parts = Vec::new();
        if !view.panel.scores.is_empty() {
            let scores: Vec<String> = view
                .panel
                .seats
                .iter()
                .zip(&view.panel.scores)
                .map(|(seat, score)| format!("{} {score}", seat.color))
                .collect();
            parts.push(format!("scores: {}", scores.join(", ")));
        }
        if !view.panel.dice.is_empty() {
            let dice: Vec<String> = view.panel.dice.iter().map(u8::to_string).collect();
            parts.push(format!("dice: {}", dice.join(" ")));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    fn report(&self, seat: Seat, done: Result<String, ActionError>) -> String {
        match done {
            Ok(text) => self.describe(seat, &text),
            Err(error) => error.to_string(),
        }
    }

    /// A sentence for an action `seat` has just done, given its log text.
    fn describe(&self, seat: Seat, done: &str) -> String {
        let who = self.color(seat);
        let words: Vec<&str> = done.split_whitespace().collect();
        match words.as_slice() {
            ["offer", "draw", ..] => format!("{who} offers a draw: answer with accept or decline"),
            ["offer", "exchange", king, ..] => {
                format!("{who} gives back the {king} king and takes back his own")
            }
            ["accept", ..] => format!("{who} accepts"),
            ["decline", ..] => format!("{who} declines"),
            ["resign", ..] => format!("{who} resigns"),
            ["roll", dice @ ..] => format!("{who} rolls {}", dice.join(" ")),
            _ => format!("{who} plays {done}"),
        }
    }

    /// A sentence for the result.
    fn result(&self, outcome: &Outcome) -> String {
        let winners: Vec<&str> = outcome.winners.iter().map(|&s| self.color(s)).collect();
        let why = match outcome.reason {
            Reason::Resignation(seat) => format!("{} resigned", self.color(seat)),
            Reason::Timeout(seat) => format!("{} ran out of time", self.color(seat)),
            reason => reason.to_string(),
        };
        let scores = if outcome.scores.is_empty() {
            String::new()
        } else {
            let each: Vec<String> = outcome
                .scores
                .iter()
                .enumerate()
                .map(|(i, score)| format!("{} {score}", self.color(Seat(i as u8))))
                .collect();
            format!(" Scores: {}.", each.join(", "))
        };
        match winners.as_slice() {
            [] => format!("Draw: {why}.{scores}"),
            [one] => format!("{one} wins: {why}.{scores}"),
            many => format!("{} win: {why}.{scores}", many.join(" and ")),
        }
    }

    /// The seats played at this keyboard.
    fn humans(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.game.info().seats.len() as u8)
            .map(Seat)
            .filter(|s| !self.computer.contains(s))
    }

    fn color(&self, seat: Seat) -> &'static str {
        self.game.info().seats[seat.index()].color.name()
    }
}
