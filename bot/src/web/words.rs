//! What the game's page says, in English and Russian. The service's own
//! messages (whose turn it is, why a move is refused) come from the
//! service; these are only the page's labels.

use serde::Serialize;

use super::who::Refused;
use crate::service::i18n::Locale;

/// The page's labels in one language; the script reads them as JSON.
#[derive(Clone, Copy, Serialize, Debug)]
pub struct Words {
    /// The heading of the move list.
    pub moves: &'static str,
    /// The heading of the replay.
    pub replay: &'static str,
    /// Before the download links.
    pub download: &'static str,
    /// The record's download link.
    pub record: &'static str,
    /// The replay's download link.
    pub gif: &'static str,
    /// The viewer's move: how to make it.
    pub your_move: &'static str,
    /// The viewer sits in the game and waits.
    pub waiting: &'static str,
    /// The viewer looks on.
    pub looking: &'static str,
    /// Offer a draw.
    pub draw: &'static str,
    /// Ask to take back the last move.
    pub takeback: &'static str,
    /// Resign.
    pub resign: &'static str,
    /// Resign, second tap.
    pub resign_sure: &'static str,
    /// Agree to what is asked.
    pub accept: &'static str,
    /// Refuse what is asked.
    pub decline: &'static str,
    /// A promotion or another choice between moves to one square.
    pub choose: &'static str,
    /// The server could not be reached.
    pub offline: &'static str,
    /// Above the viewer's games, in the Mini App opened from the bot's menu.
    pub your_games: &'static str,
    /// The viewer plays no game now.
    pub no_games: &'static str,
}

const ENGLISH: Words = Words {
    moves: "Moves",
    replay: "Replay",
    download: "Download:",
    record: "record",
    gif: "GIF",
    your_move: "Your move: tap a man, then where it goes.",
    waiting: "You play; it is not your turn.",
    looking: "You are looking on. Players open the game from the chat to move.",
    draw: "Offer a draw",
    takeback: "Take back",
    resign: "Resign",
    resign_sure: "Tap again to resign",
    accept: "Accept",
    decline: "Decline",
    choose: "Which move?",
    offline: "The bot cannot be reached; try again.",
    your_games: "Your games",
    no_games: "You play no game now. Start one in a chat with /new.",
};

const RUSSIAN: Words = Words {
    moves: "Ходы",
    replay: "Повтор",
    download: "Скачать:",
    record: "запись",
    gif: "GIF",
    your_move: "Ваш ход: коснитесь фигуры, затем поля, куда она пойдёт.",
    waiting: "Вы играете; сейчас не ваш ход.",
    looking: "Вы смотрите партию. Игроки открывают её из чата, чтобы ходить.",
    draw: "Предложить ничью",
    takeback: "Взять ход назад",
    resign: "Сдаться",
    resign_sure: "Коснитесь ещё раз, чтобы сдаться",
    accept: "Принять",
    decline: "Отклонить",
    choose: "Какой ход?",
    offline: "Бот недоступен; попробуйте ещё раз.",
    your_games: "Ваши партии",
    no_games: "Сейчас вы не играете. Начните партию в чате командой /new.",
};

/// The page's labels in `locale`.
pub fn words(locale: Locale) -> &'static Words {
    match locale {
        Locale::En => &ENGLISH,
        Locale::Ru => &RUSSIAN,
    }
}

/// Why the page will not act for its viewer, in `locale`.
pub fn refused(refused: &Refused, locale: Locale) -> &'static str {
    match (refused, locale) {
        (Refused::Malformed(_), Locale::En) => "The sign-in data is incomplete.",
        (Refused::Malformed(_), Locale::Ru) => "Данные входа неполные.",
        (Refused::Forged, Locale::En) => "The sign-in data is not signed by this bot.",
        (Refused::Forged, Locale::Ru) => "Данные входа подписаны не этим ботом.",
        (Refused::Expired, Locale::En) => {
            "The sign-in data has expired; open the game again from the chat."
        }
        (Refused::Expired, Locale::Ru) => "Данные входа устарели; откройте партию из чата снова.",
        (Refused::OtherGame, Locale::En) => "This link is for another game.",
        (Refused::OtherGame, Locale::Ru) => "Эта ссылка — для другой партии.",
    }
}
