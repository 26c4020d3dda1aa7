//! The one table of commands: for every [`Verb`], what it does and its
//! parameters, with names and descriptions in English and Russian. Text
//! parsing, help, Discord's slash commands and Telegram's menus all read it.

use super::{Kind, Verb};
use crate::service::i18n::Locale;

/// A command's parameter.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// Its name in English: the Discord option and the key in `key=value`.
    pub name: &'static str,
    /// Its name in Russian (Discord shows it; typed text may use it as a key).
    pub ru_name: &'static str,
    /// What it is, in English.
    pub en: &'static str,
    /// What it is, in Russian.
    pub ru: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// The command needs it.
    pub required: bool,
    /// Typed as `name=value` (or `name value`) rather than by position.
    pub keyed: bool,
    /// How help shows its value, in English and Russian; its choices when empty.
    pub hint: (&'static str, &'static str),
}

/// A command: what it does, and its parameters (the required ones first).
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// What it does, in English.
    pub en: &'static str,
    /// What it does, in Russian.
    pub ru: &'static str,
    /// Its parameters.
    pub params: &'static [Param],
}

impl Param {
    /// Its name in `locale`.
    pub fn name_in(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::En => self.name,
            Locale::Ru => self.ru_name,
        }
    }

    /// Its description in `locale`.
    pub fn about(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::En => self.en,
            Locale::Ru => self.ru,
        }
    }

    /// Whether `key` names it, in either language.
    pub fn is_called(&self, key: &str) -> bool {
        key.eq_ignore_ascii_case(self.name) || key.to_lowercase() == self.ru_name
    }
}

impl Spec {
    /// What the command does, in `locale`.
    pub fn about(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::En => self.en,
            Locale::Ru => self.ru,
        }
    }
}

/// A parameter: optional, and typed by position unless [`keyed`].
const fn param(
    kind: Kind,
    name: (&'static str, &'static str),
    about: (&'static str, &'static str),
    hint: (&'static str, &'static str),
) -> Param {
    Param {
        name: name.0,
        ru_name: name.1,
        en: about.0,
        ru: about.1,
        kind,
        required: false,
        keyed: false,
        hint,
    }
}

/// A parameter typed as `name=value`.
const fn keyed(param: Param) -> Param {
    Param {
        keyed: true,
        ..param
    }
}

/// A required parameter.
const fn required(param: Param) -> Param {
    Param {
        required: true,
        ..param
    }
}

/// The game a command is about, when not the one in play in the chat.
const GAME: Param = param(
    Kind::GameNumber,
    ("game", "партия"),
    (
        "The game's number, if not the one in play here",
        "Номер партии, если не та, что идёт здесь",
    ),
    ("#N", "#N"),
);

const COLOR: Param = param(
    Kind::Colour,
    ("color", "цвет"),
    ("The army's colour", "Цвет войска"),
    ("colour", "цвет"),
);

const HELP: Spec = Spec {
    en: "How to play with the bot, or a game's setups and options",
    ru: "Как играть с ботом, или расстановки и опции игры",
    params: &[param(
        Kind::Game,
        ("game", "игра"),
        (
            "A game, to list its setups and options",
            "Игра, чтобы перечислить её расстановки и опции",
        ),
        ("game", "игра"),
    )],
};

const NEW: Spec = Spec {
    en: "Set up a new game in this chat",
    ru: "Начать новую партию в этом чате",
    params: &[
        required(param(
            Kind::Game,
            ("game", "игра"),
            ("Which game", "Какая игра"),
            ("game", "игра"),
        )),
        keyed(param(
            Kind::Setup,
            ("setup", "расстановка"),
            ("A named setup", "Расстановка"),
            ("NAME", "ИМЯ"),
        )),
        param(
            Kind::Options,
            ("options", "опции"),
            (
                "Game options, KEY=VALUE separated by spaces",
                "Опции игры, КЛЮЧ=ЗНАЧЕНИЕ через пробел",
            ),
            ("KEY=VALUE", "КЛЮЧ=ЗНАЧЕНИЕ"),
        ),
        keyed(param(
            Kind::Time,
            ("time", "время"),
            (
                "Time per move: 3d, 12h, or none",
                "Время на ход: 3d, 12h или none",
            ),
            ("3d|none", "3d|none"),
        )),
        keyed(param(
            Kind::Timeout,
            ("timeout", "таймаут"),
            ("When time runs out", "Когда время истекло"),
            ("", ""),
        )),
        keyed(param(
            Kind::Colour,
            ("as", "за"),
            ("The colour you play", "Ваш цвет"),
            ("colour", "цвет"),
        )),
        keyed(param(
            Kind::Seating,
            ("seating", "рассадка"),
            (
                "How seats are decided (Enochian chess: by a roll)",
                "Как распределяются места (в енохианских шахматах — броском)",
            ),
            ("", ""),
        )),
        keyed(param(
            Kind::Switch,
            ("rated", "рейтинговая"),
            (
                "Whether the game counts for the ratings (on by default)",
                "Идёт ли партия в рейтинг (по умолчанию да)",
            ),
            ("", ""),
        )),
    ],
};

/// A game of the catalogue, for commands about a game rather than a table.
const VARIANT: Param = param(
    Kind::Game,
    ("game", "игра"),
    ("Which game", "Какая игра"),
    ("game", "игра"),
);

const RATING: Spec = Spec {
    en: "Ratings, games played and recent rated games: yours or a player's",
    ru: "Рейтинги, число партий и последние партии: ваши или игрока",
    params: &[
        param(
            Kind::Player,
            ("player", "игрок"),
            ("The player, as @name", "Игрок, как @имя"),
            ("@player", "@игрок"),
        ),
        VARIANT,
    ],
};

const TOP: Spec = Spec {
    en: "The best rated players of this chat, or everywhere",
    ru: "Лучшие по рейтингу игроки чата или везде",
    params: &[
        VARIANT,
        param(
            Kind::Ladder,
            ("where", "где"),
            ("This chat or everywhere", "Этот чат или везде"),
            ("", ""),
        ),
    ],
};

const LINK: Spec = Spec {
    en: "Link your accounts of two platforms: get a code, then type it on the other",
    ru: "Связать аккаунты двух платформ: получить код и ввести его на другой",
    params: &[param(
        Kind::Code,
        ("code", "код"),
        ("The code from the other platform", "Код с другой платформы"),
        ("CODE", "КОД"),
    )],
};

const SETTINGS: Spec = Spec {
    en: "Your language (and the chat's), reminders, quiet hours, time zone, ranking",
    ru: "Ваш язык (и язык чата), напоминания, тихие часы, часовой пояс, рейтинг",
    params: &[
        keyed(param(
            Kind::Language,
            ("language", "язык"),
            ("The bot's language for you", "Язык бота для вас"),
            ("", ""),
        )),
        keyed(param(
            Kind::Language,
            ("chat", "чат"),
            (
                "The chat's language, for everyone's messages",
                "Язык чата: для общих сообщений",
            ),
            ("", ""),
        )),
        keyed(param(
            Kind::Switch,
            ("reminders", "напоминания"),
            ("Reminders before deadlines", "Напоминания о сроках"),
            ("", ""),
        )),
        keyed(param(
            Kind::Quiet,
            ("quiet", "тишина"),
            (
                "Quiet hours, such as 23:00-08:00, or off",
                "Тихие часы, например 23:00-08:00, или off",
            ),
            ("23:00-08:00|off", "23:00-08:00|off"),
        )),
        keyed(param(
            Kind::TimeZone,
            ("timezone", "часовой_пояс"),
            (
                "Your time zone, such as +03:00",
                "Ваш часовой пояс, например +03:00",
            ),
            ("+03:00", "+03:00"),
        )),
        keyed(param(
            Kind::Switch,
            ("dm", "лс"),
            (
                "Reminders in direct messages",
                "Напоминания в личных сообщениях",
            ),
            ("", ""),
        )),
        keyed(param(
            Kind::Switch,
            ("ranking", "рейтинг"),
            (
                "Showing on the ladders of every chat",
                "Показываться в общих рейтингах",
            ),
            ("", ""),
        )),
    ],
};

const JOIN: Spec = Spec {
    en: "Take a seat (the first free one without a colour), or choose your colour after the roll",
    ru: "Занять место (первое свободное без цвета) или выбрать цвет после броска",
    params: &[COLOR, GAME],
};

const SPIRIT: Spec = Spec {
    en: "Let a spirit play a seat",
    ru: "Посадить духа на место",
    params: &[
        required(COLOR),
        param(
            Kind::Level,
            ("level", "уровень"),
            ("The spirit's strength", "Сила духа"),
            ("", ""),
        ),
        GAME,
    ],
};

const MOVE: Spec = Spec {
    en: "Play a move (in a chat, a reply to the board will do)",
    ru: "Сделать ход (в чате можно ответить на доску)",
    params: &[
        required(param(
            Kind::Move,
            ("move", "ход"),
            (
                "The move, such as e2e4 or Qd8",
                "Ход, например e2e4 или Qd8",
            ),
            ("e2e4", "e2e4"),
        )),
        GAME,
    ],
};

const MOVES: Spec = Spec {
    en: "List your legal moves",
    ru: "Ваши возможные ходы",
    params: &[
        param(
            Kind::Square,
            ("square", "поле"),
            (
                "Only the moves from this square",
                "Только ходы с этого поля",
            ),
            ("square", "поле"),
        ),
        GAME,
    ],
};

const EXCHANGE: Spec = Spec {
    en: "Enochian chess, classical Chaturaji: exchange prisoner kings",
    ru: "Енохианские шахматы, классическая чатураджи: обмен пленными королями",
    params: &[
        required(param(
            Kind::Colour,
            ("king", "король"),
            (
                "The king you give back (or, in classical Chaturaji, a partner's you take back)",
                "Король, которого вы отдаёте (или, в классической чатураджи, король союзника)",
            ),
            ("colour", "цвет"),
        )),
        GAME,
    ],
};

/// A command about a game and nothing else.
const fn about_a_game(en: &'static str, ru: &'static str) -> Spec {
    Spec {
        en,
        ru,
        params: &[GAME],
    }
}

impl Verb {
    /// The command's entry in the table.
    pub const fn spec(self) -> Spec {
        match self {
            Verb::New => NEW,
            Verb::Join => JOIN,
            Verb::Leave => about_a_game(
                "Give up your seat before the start",
                "Уйти со своего места до начала",
            ),
            Verb::Spirit => SPIRIT,
            Verb::Start => about_a_game(
                "Begin the game (spirits take the empty seats)",
                "Начать партию (на пустые места сядут духи)",
            ),
            Verb::Move => MOVE,
            Verb::Board => about_a_game("Show the board", "Показать доску"),
            Verb::Moves => MOVES,
            Verb::Resign => about_a_game("Give up the game", "Сдаться"),
            Verb::Draw => about_a_game(
                "Offer a draw, or accept the one offered",
                "Предложить ничью или принять предложенную",
            ),
            Verb::Exchange => EXCHANGE,
            Verb::Accept => about_a_game("Accept the offer", "Принять предложение"),
            Verb::Decline => about_a_game("Decline the offer", "Отклонить предложение"),
            Verb::Takeback => about_a_game(
                "Ask to take back your last move, or agree",
                "Попросить вернуть ход или согласиться",
            ),
            Verb::Status => about_a_game(
                "Seats, turn and clock of the game",
                "Места, очередь и часы партии",
            ),
            Verb::Games => Spec {
                en: "The games of this chat",
                ru: "Партии этого чата",
                params: &[],
            },
            Verb::Record => about_a_game(
                "The game's record, with the dice",
                "Запись партии с бросками",
            ),
            Verb::Verify => about_a_game(
                "Check a finished game's dice against its seed",
                "Проверить кости оконченной партии",
            ),
            Verb::Rating => RATING,
            Verb::Top => TOP,
            Verb::Link => LINK,
            Verb::Settings => SETTINGS,
            Verb::Help => HELP,
        }
    }
}
