//! Telegram lets a bot post about 20 messages a minute in a group. Each chat
//! gets a queue: while its budget is spent, waiting messages merge (texts
//! into one text or into a board's caption; an older board of the same game
//! gives way to the newer one, keeping its words), so nothing is dropped and
//! a busy game never falls minutes behind.

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
    /// Buttons under it.
    pub keyboard: Option<InlineKeyboardMarkup>,
    /// The message it answers.
    pub reply_to: Option<MessageId>,
    /// The outbox messages it carries, to mark delivered once posted.
    pub outbox: Vec<i64>,
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
            keyboard: None,
            reply_to: None,
            outbox: Vec::new(),
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
            keyboard,
            reply_to: self.reply_to,
            outbox: [self.outbox.clone(), later.outbox.clone()].concat(),
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
    limit: usize,
    window: Duration,
    lanes: Mutex<HashMap<ChatId, Lane>>,
}

#[derive(Default)]
struct Lane {
    /// When the messages of the current window were posted.
    sent: VecDeque<Instant>,
    queue: VecDeque<Note>,
    /// A sender is at work on this chat.
    busy: bool,
}

impl Pace {
    /// At most `limit` messages per chat in any `window`.
    pub fn new(limit: usize, window: Duration) -> Pace {
        Pace {
            limit: limit.max(1),
            window,
            lanes: Mutex::new(HashMap::new()),
        }
    }

    /// Telegram's group limit: 20 a minute.
    pub fn telegram() -> Pace {
        Pace::new(20, Duration::from_secs(60))
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
        let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
        let lane = lanes.entry(chat).or_default();
        let now = Instant::now();
        while lane
            .sent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= self.window)
        {
            lane.sent.pop_front();
        }
        let Some(mut note) = lane.queue.pop_front() else {
            lane.busy = false;
            return Step::Idle;
        };
        while let Some(merged) = lane.queue.front().and_then(|later| note.merged(later)) {
            note = merged;
            lane.queue.pop_front();
        }
        if lane.sent.len() >= self.limit {
            let wait = self.window - now.duration_since(lane.sent[0]);
            lane.queue.push_front(note);
            return Step::Wait(wait);
        }
        lane.sent.push_back(now);
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

    #[test]
    fn notes_beyond_the_budget_wait_and_merge() {
        let pace = Pace::new(2, Duration::from_secs(60));
        assert!(pace.push(Note::text(CHAT, "one".into())));
        assert!(
            !pace.push(Note::text(CHAT, "two".into())),
            "a sender is at work"
        );
        // Queued together, the two go as one.
        assert_eq!(sent(pace.next(CHAT)).text, "one\n\ntwo");
        pace.push(board(1, "white: e2e4"));
        assert_eq!(sent(pace.next(CHAT)).photo.unwrap().game, 1);
        // The budget is spent: later turns wait, and merge while they wait.
        pace.push(board(1, "black: e7e5"));
        pace.push(Note::text(CHAT, "Bob offers a draw".into()));
        pace.push(board(1, "white: g1f3"));
        pace.push(board(2, "another game"));
        let Step::Wait(wait) = pace.next(CHAT) else {
            panic!("the budget is spent")
        };
        assert!(wait > Duration::from_secs(59));
        let lanes = pace.lanes.lock().unwrap();
        let queue: Vec<&Note> = lanes[&CHAT].queue.iter().collect();
        assert_eq!(queue.len(), 2, "the other game's board stays apart");
        assert_eq!(
            queue[0].text,
            "black: e7e5\n\nBob offers a draw\n\nwhite: g1f3"
        );
        assert_eq!(queue[0].photo.as_ref().unwrap().png, [1]);
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
