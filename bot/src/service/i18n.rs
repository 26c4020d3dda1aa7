//! What the bot says, in English and in Russian. Every text a player reads
//! is a [`Msg`]; [`Msg::text`] writes it in a [`Locale`].

use seance_engine::notation::Problem;
use seance_engine::{ActionError, Color, Reason};

/// A language the bot speaks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Locale {
    /// English, the default.
    #[default]
    En,
    /// Russian.
    Ru,
}

impl Locale {
    /// Reads a language code or name: `en`, `en-US`, `ru`, `ru_RU`, `русский`.
    pub fn parse(text: &str) -> Option<Locale> {
        let text = text.trim().to_lowercase();
        let code = text.split(['-', '_']).next().unwrap_or("");
        match code {
            "en" | "english" | "английский" => Some(Locale::En),
            "ru" | "russian" | "русский" | "рус" => Some(Locale::Ru),
            _ => None,
        }
    }

    /// The code stored in settings: `en` or `ru`.
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Ru => "ru",
        }
    }

    /// `en` or `ru` text, whichever this locale reads.
    fn pick(self, en: String, ru: String) -> String {
        match self {
            Locale::En => en,
            Locale::Ru => ru,
        }
    }
}

/// An army's colour in `locale`: `red`, `красные`.
pub fn color_name(color: Color, locale: Locale) -> &'static str {
    match (locale, color) {
        (Locale::En, c) => c.name(),
        (Locale::Ru, Color::White) => "белые",
        (Locale::Ru, Color::Black) => "чёрные",
        (Locale::Ru, Color::Red) => "красные",
        (Locale::Ru, Color::Blue) => "синие",
        (Locale::Ru, Color::Yellow) => "жёлтые",
        (Locale::Ru, Color::Green) => "зелёные",
    }
}

/// Reads a colour in English or Russian (`red`, `Красный`, `чёрные`).
pub fn parse_color(text: &str) -> Option<Color> {
    if let Some(color) = Color::parse(text) {
        return Some(color);
    }
    let text = text.trim().to_lowercase().replace('ё', "е");
    let stems = [
        ("бел", Color::White),
        ("чер", Color::Black),
        ("крас", Color::Red),
        ("син", Color::Blue),
        ("жел", Color::Yellow),
        ("зел", Color::Green),
    ];
    stems
        .into_iter()
        .find(|(stem, _)| text.starts_with(stem))
        .map(|(_, color)| color)
}

/// A game's name in `locale`, from its catalogue id.
pub fn game_name(id: &str, locale: Locale) -> String {
    let (en, ru) = match id {
        "chaturaji" => ("Chaturaji", "Чатураджи"),
        "chaturaji-classic" => ("Chaturaji (classical)", "Чатураджи (классическая)"),
        "chaturaji-nodice" => ("Chaturaji without dice", "Чатураджи без костей"),
        "enochian" => ("Enochian chess", "Енохианские шахматы"),
        "tamerlane" => ("Tamerlane chess", "Шахматы Тамерлана"),
        "through" => ("Through chess", "Сквозные шахматы"),
        other => (other, other),
    };
    locale.pick(en.to_string(), ru.to_string())
}

/// Why a game ended, in `locale`.
pub fn reason(reason: Reason, locale: Locale) -> String {
    let (en, ru) = match reason {
        Reason::QueensCaptured => ("both queens captured", "взяты оба ферзя"),
        Reason::KingsCaptured => ("the kings were captured", "короли взяты"),
        Reason::LastArmy => ("one army is left", "осталось одно войско"),
        Reason::Unreachable => ("nobody can catch up any more", "догнать лидера уже нельзя"),
        Reason::Chaturaji => ("chaturaji", "чатураджи"),
        Reason::Checkmate => ("checkmate", "мат"),
        Reason::Stalemate => ("stalemate", "пат"),
        Reason::Citadel => (
            "a king entered the enemy citadel",
            "король вошёл в цитадель противника",
        ),
        Reason::BareKings => ("bare kings", "голые короли"),
        Reason::NoLegalMove => ("no legal move", "нет ходов"),
        Reason::Repetition => ("threefold repetition", "троекратное повторение"),
        Reason::MoveLimit => (
            "too long without a capture or a pawn move",
            "слишком долго без взятий и ходов пешек",
        ),
        Reason::Agreement => ("agreement", "соглашение"),
        Reason::Resignation(_) => ("resignation", "сдача"),
        Reason::Timeout(_) => ("time ran out", "истекло время"),
    };
    locale.pick(en.to_string(), ru.to_string())
}

/// Something the bot says. The fields are the blanks of the message, named
/// for what fills them.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Msg {
    /// The command word is unknown.
    UnknownCommand(String),
    /// A command was given the wrong arguments; its usage.
    Usage(&'static str),
    /// The input is too long to be a command.
    TooLong(usize),
    /// No game has this catalogue id.
    UnknownGame { given: String, known: String },
    /// A setup or option the game does not have.
    BadSetup(String),
    /// A time that is not a duration.
    BadDuration(String),
    /// No game is being played in this chat.
    NoGameHere,
    /// No game with this number in this chat.
    NoSuchGame(i64),
    /// The player holds no seat in the game.
    NotInGame(i64),
    /// The game has not started.
    NotStarted(i64),
    /// The game has already started.
    AlreadyStarted(i64),
    /// The game is over.
    Over(i64),
    /// Another seat must act.
    NotYourTurn { waiting: String },
    /// The game has no seat of this colour.
    NoSuchColor { given: String, colors: String },
    /// The seat is taken.
    SeatTaken(String),
    /// Every seat is taken.
    NoFreeSeat(i64),
    /// Someone else's seat.
    NotYourSeat(String),
    /// A spirit level that does not exist.
    UnknownLevel(String),
    /// Two commands raced and this one lost.
    Conflict,
    /// The store failed; nothing changed.
    Trouble,
    /// A move that fits no legal move, and the closest ones.
    Illegal { why: String, closest: Vec<String> },
    /// The engine refused an action.
    Refused(String),
    /// A new game was set up.
    Created {
        id: i64,
        game: String,
        seat: String,
        colors: String,
        clock: Option<String>,
        commitment: String,
    },
    /// A player sat down.
    Joined {
        id: i64,
        name: String,
        color: String,
    },
    /// A player left before the start.
    Left {
        id: i64,
        name: String,
        color: String,
    },
    /// A spirit took a seat.
    SpiritSeated { color: String, level: String },
    /// The game began.
    Started { id: i64, game: String },
    /// Who moves first, by a roll.
    FirstByRoll { color: String, rolls: String },
    /// Seats drawn by the roll.
    SeatingByRoll(String),
    /// A move was played.
    Played { color: String, mv: String },
    /// A seat's turn; its dice, if any.
    YourTurn {
        who: String,
        color: String,
        dice: Option<String>,
    },
    /// A spirit will move.
    SpiritThinking { color: String },
    /// A roll had no move: the turn passes.
    NoMoveWithDice { color: String, dice: String },
    /// The game ended.
    GameOver { result: String, seed: String },
    /// A win.
    Won { winners: String, reason: String },
    /// A draw.
    Drawn(String),
    /// An offer was made.
    Offered { color: String, what: String },
    /// An offer was declined.
    Declined { color: String },
    /// An offer was accepted by one party; others must still agree.
    Agreed { color: String },
    /// A seat resigned.
    Resigned { color: String },
    /// A takeback was asked for.
    TakebackAsked { color: String, waiting: String },
    /// The last move was taken back.
    TakenBack(String),
    /// Only one's own last move can be taken back.
    NothingToTakeBack,
    /// A reminder before the deadline.
    Reminder { who: String, id: i64, left: String },
    /// Time ran out; a spirit plays on.
    StandIn { color: String },
    /// Time ran out; the seat loses.
    Forfeit { color: String },
    /// A player is back from a timeout.
    Returned { color: String },
    /// The dice seed of a game still in play.
    SeedSealed { id: i64, commitment: String },
    /// The dice of a finished game check out.
    Fair { id: i64, rolls: usize, seed: String },
    /// The dice of a finished game do not check out.
    Unfair { id: i64, why: String },
    /// Settings were saved.
    SettingsSaved(String),
    /// A settings value was not understood.
    BadSetting(String),
    /// The help text.
    Help,
    /// The games of this chat.
    GameList(Vec<String>),
    /// There are no games in this chat.
    NoGames,
    /// The legal moves.
    Moves(Vec<String>),
    /// No legal moves now.
    NoMoves,
    /// Time left to move.
    Clock { left: String },
    /// One seat in a status list.
    SeatLine { color: String, who: String },
    /// An empty seat.
    Empty,
    /// A spirit, and its level.
    Spirit(String),
}

impl Msg {
    /// The message in `locale`.
    pub fn text(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            Msg::UnknownCommand(word) => l.pick(
                format!("I don't know the command '{word}'. Type help for the list."),
                format!("Не знаю команды «{word}». Список команд: help."),
            ),
            Msg::Usage(usage) => l.pick(format!("Usage: {usage}"), format!("Как писать: {usage}")),
            Msg::TooLong(limit) => l.pick(
                format!("That is too long for a command (at most {limit} characters)."),
                format!("Слишком длинно для команды (не больше {limit} знаков)."),
            ),
            Msg::UnknownGame { given, known } => l.pick(
                format!("There is no game '{given}'. Games: {known}."),
                format!("Игры «{given}» нет. Игры: {known}."),
            ),
            Msg::BadSetup(why) => l.pick(format!("Cannot set up that game: {why}."), format!("Такую партию не начать: {why}.")),
            Msg::BadDuration(text) => l.pick(
                format!("'{text}' is not a time: write it like 3d, 12h or 1d12h."),
                format!("«{text}» — не время: пишите 3d, 12h или 1d12h."),
            ),
            Msg::NoGameHere => l.pick(
                "There is no game in this chat. Start one with: new through".to_string(),
                "В этом чате нет партии. Начните её: new through".to_string(),
            ),
            Msg::NoSuchGame(id) => l.pick(format!("There is no game #{id} in this chat."), format!("В этом чате нет партии #{id}.")),
            Msg::NotInGame(id) => l.pick(format!("You have no seat in game #{id}."), format!("У вас нет места в партии #{id}.")),
            Msg::NotStarted(id) => l.pick(
                format!("Game #{id} has not started yet: start it with: start"),
                format!("Партия #{id} ещё не началась: начните её командой start"),
            ),
            Msg::AlreadyStarted(id) => l.pick(format!("Game #{id} has already started."), format!("Партия #{id} уже началась.")),
            Msg::Over(id) => l.pick(format!("Game #{id} is over."), format!("Партия #{id} окончена.")),
            Msg::NotYourTurn { waiting } => l.pick(
                format!("It is not your turn: the game waits for {waiting}."),
                format!("Сейчас не ваш ход: ходят {waiting}."),
            ),
            Msg::NoSuchColor { given, colors } => l.pick(
                format!("This game has no colour '{given}'. Colours: {colors}."),
                format!("В этой игре нет цвета «{given}». Цвета: {colors}."),
            ),
            Msg::SeatTaken(color) => l.pick(format!("The {color} seat is taken."), format!("Место «{color}» занято.")),
            Msg::NoFreeSeat(id) => l.pick(format!("Every seat of game #{id} is taken."), format!("Все места партии #{id} заняты.")),
            Msg::NotYourSeat(color) => l.pick(format!("The {color} seat is not yours."), format!("Место «{color}» не ваше.")),
            Msg::UnknownLevel(level) => l.pick(
                format!("There is no spirit level '{level}': novice, adept or master."),
                format!("Уровня духа «{level}» нет: novice, adept или master."),
            ),
            Msg::Conflict => l.pick(
                "The position changed while you typed, try again.".to_string(),
                "Пока вы писали, позиция изменилась, попробуйте снова.".to_string(),
            ),
            Msg::Trouble => l.pick(
                "Something went wrong on our side; nothing was changed. Try again in a moment.".to_string(),
                "У нас что-то сломалось; ничего не изменилось. Попробуйте чуть позже.".to_string(),
            ),
            Msg::Illegal { why, closest } => {
                let hint = if closest.is_empty() {
                    String::new()
                } else {
                    l.pick(
                        format!(" Did you mean: {}?", closest.join(", ")),
                        format!(" Может быть: {}?", closest.join(", ")),
                    )
                };
                l.pick(format!("Not a legal move: {why}.{hint}"), format!("Так ходить нельзя: {why}.{hint}"))
            }
            Msg::Refused(why) => l.pick(format!("Not now: {why}."), format!("Сейчас нельзя: {why}.")),
            Msg::Created { id, game, seat, colors, clock, commitment } => {
                let clock_en = clock.as_ref().map(|c| format!(" {c} per move.")).unwrap_or_default();
                let clock_ru = clock.as_ref().map(|c| format!(" {c} на ход.")).unwrap_or_default();
                l.pick(
                    format!(
                        "Game #{id}: {game}. You play {seat}.{clock_en} Others join with: join [colour] ({colors}); \
                         add spirits with: spirit <colour>; then: start. Dice seed hash: {commitment}"
                    ),
                    format!(
                        "Партия #{id}: {game}. Вы играете за {seat}.{clock_ru} Присоединиться: join [цвет] ({colors}); \
                         посадить духа: spirit <цвет>; затем: start. Хеш зерна костей: {commitment}"
                    ),
                )
            }
            Msg::Joined { id, name, color } => l.pick(format!("{name} plays {color} in game #{id}."), format!("{name} играет за {color} в партии #{id}.")),
            Msg::Left { id, name, color } => l.pick(format!("{name} left the {color} seat of game #{id}."), format!("{name} освободил место «{color}» в партии #{id}.")),
            Msg::SpiritSeated { color, level } => l.pick(format!("A spirit ({level}) plays {color}."), format!("За {color} играет дух ({level}).")),
            Msg::Started { id, game } => l.pick(format!("Game #{id} ({game}) begins."), format!("Партия #{id} ({game}) началась.")),
            Msg::FirstByRoll { color, rolls } => l.pick(format!("Rolls for the first move: {rolls}. {color} begin."), format!("Броски за первый ход: {rolls}. Начинают {color}.")),
            Msg::SeatingByRoll(seats) => l.pick(format!("Seats by the roll: {seats}."), format!("Места по броску: {seats}.")),
            Msg::Played { color, mv } => l.pick(format!("{color}: {mv}"), format!("{color}: {mv}")),
            Msg::YourTurn { who, color, dice } => {
                let dice_en = dice.as_ref().map(|d| format!(" Dice: {d}.")).unwrap_or_default();
                let dice_ru = dice.as_ref().map(|d| format!(" Кости: {d}.")).unwrap_or_default();
                l.pick(format!("{who}, your move ({color}).{dice_en}"), format!("{who}, ваш ход ({color}).{dice_ru}"))
            }
            Msg::SpiritThinking { color } => l.pick(format!("The spirit of {color} is thinking…"), format!("Дух ({color}) думает…")),
            Msg::NoMoveWithDice { color, dice } => l.pick(
                format!("{color} rolled {dice}: no move with these dice, the turn passes."),
                format!("У {color} выпало {dice}: ходов нет, ход переходит."),
            ),
            Msg::GameOver { result, seed } => l.pick(
                format!("Game over: {result}. Dice seed: {seed} (check it with: verify)."),
                format!("Партия окончена: {result}. Зерно костей: {seed} (проверка: verify)."),
            ),
            Msg::Won { winners, reason } => l.pick(format!("{winners} win ({reason})"), format!("победа: {winners} ({reason})")),
            Msg::Drawn(reason) => l.pick(format!("a draw ({reason})"), format!("ничья ({reason})")),
            Msg::Offered { color, what } => l.pick(
                format!("{color} offer {what}. Answer with: accept or decline."),
                format!("{color} предлагают {what}. Ответ: accept или decline."),
            ),
            Msg::Declined { color } => l.pick(format!("{color} decline the offer."), format!("{color} отклоняют предложение.")),
            Msg::Agreed { color } => l.pick(format!("{color} agree."), format!("{color} согласны.")),
            Msg::Resigned { color } => l.pick(format!("{color} resign."), format!("{color} сдаются.")),
            Msg::TakebackAsked { color, waiting } => l.pick(
                format!("{color} ask to take back their last move; {waiting} must agree with: takeback"),
                format!("{color} просят вернуть свой последний ход; согласие нужно от: {waiting} (takeback)"),
            ),
            Msg::TakenBack(mv) => l.pick(format!("The move {mv} was taken back."), format!("Ход {mv} взят назад.")),
            Msg::NothingToTakeBack => l.pick(
                "Only your own last move can be taken back, before anyone moves after it.".to_string(),
                "Вернуть можно только свой последний ход, пока после него никто не ходил.".to_string(),
            ),
            Msg::Reminder { who, id, left } => l.pick(
                format!("{who}, {left} left for your move in game #{id}."),
                format!("{who}, на ход в партии #{id} осталось {left}."),
            ),
            Msg::StandIn { color } => l.pick(
                format!("Time ran out for {color}: a spirit plays for them until they come back."),
                format!("У {color} истекло время: за них играет дух, пока игрок не вернётся."),
            ),
            Msg::Forfeit { color } => l.pick(format!("Time ran out for {color}."), format!("У {color} истекло время.")),
            Msg::Returned { color } => l.pick(format!("Welcome back: you play {color} again."), format!("С возвращением: вы снова играете за {color}.")),
            Msg::SeedSealed { id, commitment } => l.pick(
                format!("Game #{id} is still on: its dice seed is revealed at the end. Its hash: {commitment}"),
                format!("Партия #{id} ещё идёт: зерно костей откроется в конце. Его хеш: {commitment}"),
            ),
            Msg::Fair { id, rolls, seed } => l.pick(
                format!("Game #{id}: the seed {seed} matches its published hash, and all {rolls} rolls follow from it."),
                format!("Партия #{id}: зерно {seed} совпадает с опубликованным хешем, и все броски ({rolls}) из него следуют."),
            ),
            Msg::Unfair { id, why } => l.pick(format!("Game #{id}: the dice do NOT check out: {why}"), format!("Партия #{id}: кости НЕ сходятся: {why}")),
            Msg::SettingsSaved(summary) => l.pick(format!("Saved. Your settings: {summary}"), format!("Сохранено. Ваши настройки: {summary}")),
            Msg::BadSetting(what) => l.pick(
                format!("Cannot read '{what}'. Settings: language en|ru, reminders on|off, quiet 23:00-08:00|off, timezone +03:00, dm on|off."),
                format!("Не понял «{what}». Настройки: language en|ru, reminders on|off, quiet 23:00-08:00|off, timezone +03:00, dm on|off."),
            ),
            Msg::Help => l.pick(HELP_EN.to_string(), HELP_RU.to_string()),
            Msg::GameList(lines) => l.pick(format!("Games here:\n{}", lines.join("\n")), format!("Партии в этом чате:\n{}", lines.join("\n"))),
            Msg::NoGames => l.pick("No games in this chat yet.".to_string(), "В этом чате ещё нет партий.".to_string()),
            Msg::Moves(moves) => l.pick(format!("Legal moves: {}", moves.join(" ")), format!("Возможные ходы: {}", moves.join(" "))),
            Msg::NoMoves => l.pick("No moves to make now.".to_string(), "Сейчас ходов нет.".to_string()),
            Msg::Clock { left } => l.pick(format!("time left: {left}"), format!("осталось: {left}")),
            Msg::SeatLine { color, who } => format!("{color}: {who}"),
            Msg::Empty => l.pick("free".to_string(), "свободно".to_string()),
            Msg::Spirit(level) => l.pick(format!("spirit ({level})"), format!("дух ({level})")),
        }
    }
}

/// An engine refusal, in `locale`.
pub fn refusal(error: &ActionError, locale: Locale) -> Msg {
    match error {
        ActionError::Illegal(notation) => Msg::Illegal {
            why: problem(&notation.problem, locale),
            closest: notation.closest.clone(),
        },
        ActionError::NotYourTurn { waiting } => Msg::NotYourTurn {
            waiting: color_name(*waiting, locale).to_string(),
        },
        other => {
            let ru = match other {
                ActionError::GameOver => "партия окончена",
                ActionError::WrongPhase(_) => "игра ждёт другого действия",
                ActionError::NoOffer => "отвечать не на что",
                ActionError::OfferUnavailable => "такое предложение сейчас невозможно",
                ActionError::NotAParty => "предложение обращено не к вам",
                ActionError::OfferPending => "уже ждёт ответа другое предложение",
                ActionError::AlreadyAgreed => "вы уже согласились",
                ActionError::NoDice => "в этой игре нет костей",
                ActionError::OutOfPlay => "вы уже выбыли из этой партии",
                _ => "действие не принято",
            };
            Msg::Refused(locale.pick(other.to_string(), ru.to_string()))
        }
    }
}

/// Why a typed move fits no legal move, in `locale`.
fn problem(problem: &Problem, locale: Locale) -> String {
    let ru = match problem {
        Problem::Unreadable { input } => format!("в «{input}» не прочесть ход, пишите как e2e4"),
        Problem::NoMoves => "ходить нечем".to_string(),
        Problem::Empty { square } => format!("на {square} никого нет"),
        Problem::NotYours { square, .. } => format!("фигура на {square} не ваша"),
        Problem::CannotGo { from, to, .. } => format!("фигура с {from} не может пойти на {to}"),
        Problem::NoneCanGo { to, .. } => format!("ни одна фигура не может пойти на {to}"),
        Problem::Ambiguous { input } => format!("«{input}» подходит к нескольким ходам"),
    };
    locale.pick(problem.to_string(), ru)
}

const HELP_EN: &str = "\
Commands (the game is the one in this chat; add #N for another):
  new <game> [setup=NAME] [KEY=VALUE]... [time=3d|none] [timeout=spirit|forfeit] [as=COLOUR] [seating=roll]
      games: chaturaji, chaturaji-classic, chaturaji-nodice, enochian, tamerlane, through
  join [COLOUR]        take a seat (the first free one if no colour)
  leave                give up your seat before the start
  spirit COLOUR [novice|adept|master]   let a spirit play a seat
  start                begin (empty seats get spirits)
  move e2e4            play a move (or just type it: e2e4, Qd8, е2е4)
  board                show the board
  moves [SQUARE]       list your legal moves (from one square)
  resign               give up
  draw                 offer a draw, or accept the one offered
  exchange COLOUR      offer to exchange prisoner kings (Enochian chess)
  accept / decline     answer an offer
  takeback             ask to take back your last move, or agree to it
  status               the game's seats, turn and clock
  games                the games of this chat
  record               the game's record, with the dice
  verify               check the dice against the revealed seed
  settings [language en|ru] [reminders on|off] [quiet 23:00-08:00|off] [timezone +03:00] [dm on|off]
  help                 this text";

const HELP_RU: &str = "\
Команды (партия — та, что идёт в этом чате; #N — другая):
  new <игра> [setup=ИМЯ] [КЛЮЧ=ЗНАЧЕНИЕ]... [time=3d|none] [timeout=spirit|forfeit] [as=ЦВЕТ] [seating=roll]
      игры: chaturaji, chaturaji-classic, chaturaji-nodice, enochian, tamerlane, through
  join [ЦВЕТ]          занять место (первое свободное, если цвет не указан)
  leave                уйти со своего места до начала
  spirit ЦВЕТ [novice|adept|master]   посадить духа
  start                начать (на пустые места сядут духи)
  move e2e4            сделать ход (или просто напишите его: e2e4, Qd8, е2е4)
  board                показать доску
  moves [ПОЛЕ]         ваши возможные ходы (с одного поля)
  resign               сдаться
  draw                 предложить ничью или принять предложенную
  exchange ЦВЕТ        предложить обмен пленными королями (енохианские шахматы)
  accept / decline     ответить на предложение
  takeback             попросить вернуть свой последний ход или согласиться
  status               места, очередь и часы партии
  games                партии этого чата
  record               запись партии с бросками костей
  verify               проверить кости по открытому зерну
  settings [language en|ru] [reminders on|off] [quiet 23:00-08:00|off] [timezone +03:00] [dm on|off]
  help                 эта справка";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_and_colours_are_read_in_both_tongues() {
        assert_eq!(Locale::parse("ru-RU"), Some(Locale::Ru));
        assert_eq!(Locale::parse("en_GB"), Some(Locale::En));
        assert_eq!(Locale::parse("de"), None);
        assert_eq!(parse_color("Чёрные"), Some(Color::Black));
        assert_eq!(parse_color("красный"), Some(Color::Red));
        assert_eq!(parse_color("GREEN"), Some(Color::Green));
        assert_eq!(parse_color("purple"), None);
        assert_eq!(color_name(Color::Yellow, Locale::Ru), "жёлтые");
    }

    #[test]
    fn every_message_reads_in_both_languages() {
        let samples = [
            Msg::Help,
            Msg::NoGameHere,
            Msg::Conflict,
            Msg::Illegal {
                why: "x".into(),
                closest: vec!["e2e4".into()],
            },
        ];
        for msg in samples {
            let (en, ru) = (msg.text(Locale::En), msg.text(Locale::Ru));
            assert_ne!(en, ru);
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
        }
    }
}
