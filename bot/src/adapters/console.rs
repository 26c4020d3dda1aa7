//! The terminal front end: a game at one keyboard, every seat typing in turn,
//! or one seat against a random mover.
//!
//! ```text
//! Through chess. White moves first.
//!  8  r  n  b  q  q  b  n  r
//!  ...
//! white> Qd1xd8
//! white plays d1d8
//! ```

use std::io::{self, BufRead, Write};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use seance_engine::{Action, ActionError, AnyGame, Offer, Outcome, Phase, Reason, Seat};
use seance_render::text::{self, Glyphs};

const HELP: &str = "\
Type a move in any usual form: d1d8, d1-d8, Qd8, Qxd8, e7e8=S.
Other commands:
  moves     list the legal moves
  draw      offer a draw; the others answer with accept or decline
  accept    accept the offered draw
  decline   decline it
  resign    give up the game
  log       show the game's record
  position  show the position text
  help      show this text
  quit      leave (the game is not saved yet)";

/// A seat played by the computer, choosing uniformly among the legal moves.
pub struct Opponent {
    seat: Seat,
    rng: StdRng,
}

impl Opponent {
    /// A random mover for `seat`; the same `seed` gives the same moves.
    pub fn random(seat: Seat, seed: u64) -> Opponent {
        Opponent {
            seat,
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

/// A game played at the terminal.
pub struct Console {
    game: Box<dyn AnyGame>,
    opponent: Option<Opponent>,
    glyphs: Glyphs,
}

impl Console {
    /// A console for `game`, with an optional computer `opponent`.
    pub fn new(game: Box<dyn AnyGame>, opponent: Option<Opponent>, glyphs: Glyphs) -> Console {
        Console {
            game,
            opponent,
            glyphs,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// Plays until the game ends, the input ends, or a player types `quit`.
    pub fn run(&mut self, input: impl BufRead, mut out: impl Write) -> io::Result<()> {
        let info = self.game.info();
        writeln!(out, "{}. Type a move, or 'help'.", info.name)?;
        let mut lines = input.lines();
        let mut changed = true;
        loop {
            changed |= self.opponent_moves(&mut out)?;
            if changed {
                let board = text::draw(&self.game.board_view(), self.glyphs);
                write!(out, "\n{board}")?;
            }
            let seat = match self.game.phase() {
                Phase::Over => {
                    let outcome = self.game.outcome().cloned();
                    return match outcome {
                        Some(outcome) => writeln!(out, "{}", self.result(&outcome)),
                        None => Ok(()),
                    };
                }
                phase => phase.seat().unwrap_or(Seat(0)),
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
        let result = match command {
            "resign" => self.game.act(Action::Resign(seat)),
            "draw" => self.game.act(Action::Offer(seat, Offer::Draw)),
            "accept" | "decline" => return self.answer(command == "accept", out),
            typed => self.game.play_input(seat, typed),
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
        let answering: Vec<Seat> = self.seats().filter(|s| !agreed.contains(s)).collect();
        for seat in answering {
            let action = if accept {
                Action::Accept(seat)
            } else {
                Action::Decline(seat)
            };
            match self.game.act(action) {
                Err(ActionError::NoOffer) => break,
                done => writeln!(out, "{}", self.report(seat, done))?,
            }
        }
        Ok(true)
    }

    /// Lets the computer opponent answer offers and move while it is its turn;
    /// says whether it did anything.
    fn opponent_moves(&mut self, out: &mut impl Write) -> io::Result<bool> {
        let Some(opponent) = self.opponent.as_mut() else {
            return Ok(false);
        };
        let mut acted = false;
        let seat = opponent.seat;
        if self
            .game
            .pending_offer()
            .is_some_and(|(_, agreed)| !agreed.contains(&seat))
        {
            let done = self.game.act(Action::Decline(seat));
            writeln!(out, "{}", self.report(seat, done))?;
            acted = true;
        }
        while self.game.phase() == Phase::Move(seat) {
            let moves = self.game.legal_moves();
            let Some(choice) = self
                .opponent
                .as_mut()
                .and_then(|o| moves.choose(&mut o.rng))
            else {
                break;
            };
            let done = self.game.play_input(seat, choice);
            writeln!(out, "{}", self.report(seat, done))?;
            acted = true;
        }
        Ok(acted)
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
        match done.split_whitespace().next() {
            Some("offer") => format!("{who} offers a draw: answer with accept or decline"),
            Some("accept") => format!("{who} accepts the draw"),
            Some("decline") => format!("{who} declines the draw"),
            Some("resign") => format!("{who} resigns"),
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
        if outcome.is_draw() {
            format!("Draw: {why}.")
        } else {
            format!("{} wins: {why}.", winners.join(" and "))
        }
    }

    /// The seats played at this keyboard.
    fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        let computer = self.opponent.as_ref().map(|o| o.seat);
        (0..self.game.info().seats.len() as u8)
            .map(Seat)
            .filter(move |s| Some(*s) != computer)
    }

    fn color(&self, seat: Seat) -> &'static str {
        self.game.info().seats[seat.index()].color.name()
    }
}
