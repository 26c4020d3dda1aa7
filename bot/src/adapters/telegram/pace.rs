//! Telegram lets a bot post about 20 messages a minute in a group. Each chat
//! gets a queue and a budget: a few messages at once, then one every few
//! seconds, so that no minute holds more than Telegram allows (with a margin)
//! and a busy group is answered within seconds rather than after a stall.
//! While the budget is spent, waiting messages merge (texts into one text or
//! into a board's caption; an older board of the same game gives way to the
//! newer one, keeping its words), and boards and turn calls go first, so
//! nothing is dropped and a busy game never falls minutes behind.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use teloxide::types::{ChatId, InlineKeyboardMarkup, MessageId};

/// Telegram's limit on a message's text.
pub const MAX_TEXT: usize = 4096;

/// Telegram's limit on a photo's caption.
pub const MAX_CAPTION: usize = 1024;

/// A message to post.
#[derive(Clone, Debug)]
pub struct Note {
    /// Where.
    pub chat: ChatId,
    /// The text (HTML), or the photo's caption.
    pub text: String,
    /// A board's picture.
    pub photo: Option<Photo>,
    /// The whole game as an animated GIF, posted after the rest.
    pub replay: Option<Vec<u8>>,
    /// Buttons under it.
    pub keyboard: Option<InlineKeyboardMarkup>,
    /// The message it answers.
    pub reply_to: Option<MessageId>,
    /// The outbox messages it carries, to mark delivered once posted.
    pub outbox: Vec<i64>,
    /// The game it is about.
    pub game: Option<i64>,
    /// A board or a turn call: sent before plain texts when the budget is short.
    pub urgent: bool,
}

/// A board's picture.
#[derive(Clone, Debug)]
pub struct Photo {
    /// The game it shows.
    pub game: i64,
    /// The PNG.
    pub png: Vec<u8>,
}

impl Note {
    /// A text message.
    pub fn text(chat: ChatId, text: String) -> Note {
        Note {
            chat,
            text,
            photo: None,
            replay: None,
            keyboard: None,
            reply_to: None,
            outbox: Vec::new(),
            game: None,
            urgent: false,
        }
    }

    /// `self` and the `later` note as one, if they fit in one message.
    fn merged(&self, later: &Note) -> Option<Note> {
        let photo = match (&self.photo, &later.photo) {
            (Some(a), Some(b)) if a.game != b.game => return None,
            (_, Some(b)) => Some(b.clone()),
            (a, None) => a.clone(),
        };
        let keyboard = match (&self.keyboard, &later.keyboard) {
            // Two keyboards: only a newer board's replaces an older one's.
            (Some(_), Some(b)) if self.photo.is_some() && later.photo.is_some() => Some(b.clone()),
            (Some(_), Some(_)) => return None,
            (a, b) => b.clone().or(a.clone()),
        };
        let text = format!("{}\n\n{}", self.text, later.text);
        let limit = if photo.is_some() {
            MAX_CAPTION
        } else {
            MAX_TEXT
        };
        if text.chars().count() > limit {
            return None;
        }
        Some(Note {
            chat: self.chat,
            text,
            photo,
            replay: later.replay.clone().or(self.replay.clone()),
            keyboard,
            reply_to: self.reply_to,
            outbox: [self.outbox.clone(), later.outbox.clone()].concat(),
            game: later.game.or(self.game),
            urgent: self.urgent || later.urgent,
        })
    }
}

/// What a chat's sender does next.
#[derive(Debug)]
pub enum Step {
    /// Post this now.
    Send(Note),
    /// The budget is spent: wait this long.
    Wait(Duration),
    /// Nothing waits; the sender stops.
    Idle,
}

/// The queues and budgets of every chat.
pub struct Pace {
    /// How many messages may go at once after a quiet spell.
    burst: f64,
    /// How long the budget takes to grow by one message.
    refill: Duration,
    lanes: Mutex<HashMap<ChatId, Lane>>,
}

#[derive(Default)]
struct Lane {
    /// Messages the budget allows now, and when it was last counted.
    tokens: f64,
    counted: Option<Instant>,
    queue: VecDeque<Note>,
    /// A sender is at work on this chat.
    busy: bool,
}

impl Pace {
    /// At most `burst` messages at once per chat, and one more every `refill`:
    /// so at most `burst + window / refill` in any `window`.
    pub fn new(burst: u32, refill: Duration) -> Pace {
        Pace {
            burst: f64::from(burst.max(1)),
            refill: refill.max(Duration::from_millis(1)),
            lanes: Mutex::new(HashMap::new()),
        }
    }

    /// Telegram's group limit of 20 a minute, with a margin: 3 at once, then
    /// one every 4 s, at most 18 in any minute.
    pub fn telegram() -> Pace {
        Pace::new(3, Duration::from_secs(4))
    }

    /// The budget: at once, and how long it takes to grow by one message.
    pub fn budget(&self) -> (u32, Duration) {
        (self.burst as u32, self.refill)
    }

    /// Puts back a note [`Pace::next`] gave out but that may not go yet (the
    /// budget shared with other processes is spent): first in its queue, its
    /// message refunded.
    pub fn put_back(&self, note: Note) {
        let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
        let lane = lanes.entry(note.chat).or_default();
        lane.tokens = (lane.tokens + 1.0).min(self.burst);
        lane.queue.push_front(note);
    }

    /// Queues a note; true when no sender works on its chat, so the caller
    /// must start one (which then calls [`Pace::next`] until idle).
    pub fn push(&self, note: Note) -> bool {
        let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
        let lane = lanes.entry(note.chat).or_default();
        lane.queue.push_back(note);
        !std::mem::replace(&mut lane.busy, true)
    }

    /// No chat has a sender at work: everything queued has been posted.
    pub fn idle(&self) -> bool {
        let lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
        lanes.values().all(|lane| !lane.busy)
    }

    /// The sender's next step for `chat`: the waiting notes merged as far as
    /// they go, or how long until the budget allows another.
    pub fn next(&self, chat: ChatId) -> Step {
        self.next_at(chat, Instant::now())
    }

    /// [`Pace::next`] at `now`.
    pub fn next_at(&self, chat: ChatId, now: Instant) -> Step {
        let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
        let lane = lanes.entry(chat).or_default();
        let grown = lane.counted.map_or(self.burst, |then| {
            now.saturating_duration_since(then).as_secs_f64() / self.refill.as_secs_f64()
        });
        lane.tokens = (lane.tokens + grown).min(self.burst);
        lane.counted = Some(now);
        if lane.queue.is_empty() {
            lane.busy = false;
            return Step::Idle;
        }
        if lane.tokens < 1.0 {
            let wait = self.refill.mul_f64(1.0 - lane.tokens);
            return Step::Wait(wait.max(Duration::from_millis(1)));
        }
        // With the last message of the budget, what matters goes first.
        let first = match lane.tokens < 2.0 {
            true => lane.queue.iter().position(|n| n.urgent).unwrap_or(0),
            false => 0,
        };
        let mut note = lane.queue.remove(first).unwrap_or_else(|| unreachable!());
        while let Some(merged) = lane.queue.get(first).and_then(|later| note.merged(later)) {
            note = merged;
            lane.queue.remove(first);
        }
        lane.tokens -= 1.0;
        Step::Send(note)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHAT: ChatId = ChatId(-100);

    fn board(game: i64, text: &str) -> Note {
        Note {
            photo: Some(Photo {
                game,
                png: vec![game as u8],
            }),
            ..Note::text(CHAT, text.to_string())
        }
    }

    fn sent(step: Step) -> Note {
        match step {
            Step::Send(note) => note,
            other => panic!("expected a note, got {other:?}"),
        }
    }

    /// The notes sent at each of `times` (seconds after `start`).
    fn run(pace: &Pace, start: Instant, times: impl IntoIterator<Item = f64>) -> Vec<Step> {
        times
            .into_iter()
            .map(|t| pace.next_at(CHAT, start + Duration::from_secs_f64(t)))
            .collect()
    }

    #[test]
    fn notes_beyond_the_budget_wait_and_merge() {
        let pace = Pace::new(2, Duration::from_secs(4));
        let start = Instant::now();
        assert!(pace.push(Note::text(CHAT, "one".into())));
        assert!(
            !pace.push(Note::text(CHAT, "two".into())),
            "a sender is at work"
        );
        // Queued together, the two go as one.
        assert_eq!(sent(pace.next_at(CHAT, start)).text, "one\n\ntwo");
        pace.push(board(1, "white: e2e4"));
        assert_eq!(sent(pace.next_at(CHAT, start)).photo.unwrap().game, 1);
        // The budget is spent: later turns wait, and merge while they wait.
        pace.push(board(1, "black: e7e5"));
        pace.push(Note::text(CHAT, "Bob offers a draw".into()));
        pace.push(board(1, "white: g1f3"));
        pace.push(board(2, "another game"));
        let Step::Wait(wait) = pace.next_at(CHAT, start) else {
            panic!("the budget is spent")
        };
        assert_eq!(
            wait,
            Duration::from_secs(4),
            "one more in a refill, not a minute"
        );
        let merged = sent(pace.next_at(CHAT, start + wait));
        assert_eq!(
            merged.text,
            "black: e7e5\n\nBob offers a draw\n\nwhite: g1f3"
        );
        assert_eq!(
            merged.photo.unwrap().png,
            [1],
            "the newer board of the game"
        );
        let Step::Wait(_) = pace.next_at(CHAT, start + wait) else {
            panic!("the other game's board waits its turn")
        };
        assert_eq!(
            sent(pace.next_at(CHAT, start + wait * 2)).text,
            "another game"
        );
    }

    #[test]
    fn no_minute_holds_more_than_telegram_allows() {
        let pace = Pace::telegram();
        let start = Instant::now();
        // A message queued every half second for five minutes, each sent as
        // soon as the budget allows (nothing merges: each has a keyboard).
        let mut sent_at = Vec::new();
        for tick in 0..600u32 {
            let t = f64::from(tick) * 0.5;
            let mut note = Note::text(CHAT, format!("turn {tick}"));
            note.keyboard = Some(InlineKeyboardMarkup::default());
            pace.push(note);
            if let [Step::Send(_)] = run(&pace, start, [t]).as_slice() {
                sent_at.push(t);
            }
        }
        for (i, &t) in sent_at.iter().enumerate() {
            let in_minute = sent_at[i..].iter().take_while(|&&u| u < t + 60.0).count();
            assert!(
                in_minute <= 18,
                "{in_minute} messages in the minute from {t} s"
            );
        }
        let gaps = sent_at.windows(2).map(|w| w[1] - w[0]);
        assert!(
            gaps.fold(0.0, f64::max) <= 4.0,
            "never a stall of more than one refill"
        );
        assert!(
            sent_at.len() >= 5 * 15,
            "{} sent in five minutes",
            sent_at.len()
        );
    }

    #[test]
    fn the_board_goes_first_when_the_budget_is_short() {
        let pace = Pace::new(2, Duration::from_secs(4));
        let start = Instant::now();
        let mut asking = Note::text(CHAT, "Usage: /join".into());
        asking.keyboard = Some(InlineKeyboardMarkup::default());
        pace.push(Note::text(CHAT, "first".into()));
        sent(pace.next_at(CHAT, start));
        pace.push(asking);
        let mut turn = board(1, "@bob, your move");
        turn.urgent = true;
        turn.keyboard = Some(InlineKeyboardMarkup::default());
        pace.push(turn);
        assert!(
            sent(pace.next_at(CHAT, start)).urgent,
            "the last of the budget"
        );
        assert_eq!(
            sent(pace.next_at(CHAT, start + Duration::from_secs(4))).text,
            "Usage: /join"
        );
    }

    #[test]
    fn nothing_merges_past_a_limit_or_a_second_keyboard() {
        let long = "x".repeat(MAX_CAPTION);
        assert!(board(1, &long).merged(&board(1, "more")).is_none());
        let mut asking = Note::text(CHAT, "Really resign?".into());
        asking.keyboard = Some(InlineKeyboardMarkup::default());
        let mut other = Note::text(CHAT, "Moves".into());
        other.keyboard = Some(InlineKeyboardMarkup::default());
        assert!(asking.merged(&other).is_none());
        let mut a = Note::text(CHAT, "a".into());
        a.outbox = vec![1];
        let mut b = board(1, "b");
        b.outbox = vec![2];
        assert_eq!(a.merged(&b).unwrap().outbox, [1, 2]);
    }

    #[test]
    fn an_idle_chat_sends_at_once_and_chats_do_not_share_budgets() {
        let pace = Pace::new(1, Duration::from_secs(60));
        pace.push(Note::text(CHAT, "a".into()));
        sent(pace.next(CHAT));
        assert!(matches!(pace.next(CHAT), Step::Idle));
        assert!(pace.push(Note::text(ChatId(5), "b".into())), "a new sender");
        sent(pace.next(ChatId(5)));
    }
}
