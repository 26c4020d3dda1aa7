//! What the bot says, in English and in Russian. Every text a player reads
//! is a [`Msg`]; [`Msg::text`] writes it for a [`Reader`]: in their
//! language, naming commands as their platform spells them.

use std::time::Duration;

use seance_engine::catalogue::{AnyGame, GameType};
use seance_engine::notation::Problem;
use seance_engine::spirit::Level;
use seance_engine::{ActionError, Color, Figure, Offer, Reason};

use crate::commands::{self, Kind, ParseError, Verb};
use crate::platform::Platform;
use crate::store::{Settings, Stage};

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
    fn pick<T>(self, en: T, ru: T) -> T {
        match self {
            Locale::En => en,
            Locale::Ru => ru,
        }
    }
}

/// Who reads a message: their language, and the platform whose spelling of
/// commands the message's hints use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reader {
    /// The reader's language.
    pub locale: Locale,
    /// Where they read it.
    pub platform: Platform,
}

impl Reader {
    /// A command as this reader types it: `/join` or `join`.
    pub fn command(self, verb: Verb) -> String {
        self.platform.spell(verb)
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

/// A game's name in `locale`: the one place games are named for people.
pub fn game_name(game: GameType, locale: Locale) -> String {
    let (en, ru) = match game {
        GameType::Chaturaji => ("Chaturaji", "Чатураджи"),
        GameType::ChaturajiClassic => ("Chaturaji (classical)", "Чатураджи (классическая)"),
        GameType::ChaturajiNoDice => ("Chaturaji without dice", "Чатураджи без костей"),
        GameType::Enochian => ("Enochian chess", "Енохианские шахматы"),
        GameType::Tamerlane => ("Tamerlane chess", "Шахматы Тамерлана"),
        GameType::Through => ("Through chess", "Сквозные шахматы"),
    };
    locale.pick(en, ru).to_string()
}

/// A spirit level's name in `locale`.
pub fn level_name(level: Level, locale: Locale) -> &'static str {
    match (locale, level) {
        (Locale::En, level) => level.name(),
        (Locale::Ru, Level::Random) => "случайный",
        (Locale::Ru, Level::Greedy) => "жадный",
        (Locale::Ru, Level::Novice) => "новичок",
        (Locale::Ru, Level::Adept) => "адепт",
        (Locale::Ru, Level::Master) => "мастер",
    }
}

/// A seat a spirit plays, in `locale`: `spirit (adept)`.
pub fn spirit_label(level: Level, locale: Locale) -> String {
    let level = level_name(level, locale);
    locale.pick(format!("spirit ({level})"), format!("дух ({level})"))
}

/// A seat nobody holds, in `locale`.
pub fn free_seat(locale: Locale) -> &'static str {
    locale.pick("free", "свободно")
}

/// A game's stage in `locale`.
pub fn stage_name(stage: Stage, locale: Locale) -> &'static str {
    match stage {
        Stage::Open => locale.pick("waiting for players", "ждёт игроков"),
        Stage::Playing => locale.pick("in play", "идёт"),
        Stage::Over => locale.pick("over", "окончена"),
    }
}

/// What an offer proposes, in `locale`.
fn offer_text(offer: Offer, locale: Locale) -> String {
    match offer {
        Offer::Draw => locale.pick("a draw", "ничью").to_string(),
        Offer::Exchange(color) => locale.pick(
            format!("to exchange kings: the {color} king changes hands"),
            format!(
                "обмен королями: король ({}) меняет хозяина",
                color_name(color, locale)
            ),
        ),
    }
}

/// A player's settings (and the chat's language) in one line, written as the
/// settings command takes them.
pub fn describe_settings(settings: &Settings, chat: Option<Locale>, locale: Locale) -> String {
    let hm = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
    let on = |yes: bool| if yes { "on" } else { "off" };
    let offset = settings.utc_offset_minutes;
    let sign = if offset < 0 { '-' } else { '+' };
    format!(
        "language {}, chat {}, reminders {}, quiet {}, timezone UTC{sign}{:02}:{:02}, dm {}, ranking {}",
        settings.locale.as_deref().unwrap_or(locale.code()),
        chat.unwrap_or(locale).code(),
        on(settings.reminders),
        settings
            .quiet
            .map_or("off".to_string(), |(s, e)| format!("{}-{}", hm(s), hm(e))),
        offset.abs() / 60,
        offset.abs() % 60,
        on(settings.direct_messages),
        on(settings.ranked),
    )
}

/// A place among `of`, in `locale`: `1st of 4`, `2-е из 4`.
pub fn place(place: i64, of: i64, locale: Locale) -> String {
    match locale {
        Locale::En => {
            let suffix = match (place % 10, place % 100) {
                (1, n) if n != 11 => "st",
                (2, n) if n != 12 => "nd",
                (3, n) if n != 13 => "rd",
                _ => "th",
            };
            format!("{place}{suffix} of {of}")
        }
        Locale::Ru => format!("{place}-е из {of}"),
    }
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
    locale.pick(en, ru).to_string()
}

/// Something the bot says. The fields are the blanks of the message, named
/// for what fills them.
#[allow(missing_docs)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Msg {
    /// The command word is unknown.
    UnknownCommand(String),
    /// A command was given the wrong words; its usage.
    Usage(Verb),
    /// The input is too long to be a command.
    TooLong(usize),
    /// No game has this catalogue id.
    UnknownGame { given: String },
    /// Not a colour of any game.
    UnknownColour(String),
    /// A setup or option the game does not have.
    BadSetup(String),
    /// A time that is not a duration.
    BadDuration(String),
    /// No game is being played in this chat.
    NoGameHere,
    /// No game with this number in this chat.
    NoSuchGame(i64),
    /// No game has that number at all (a game page's address).
    NoGameNumbered(i64),
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
    NoSuchColor { given: Color, colors: String },
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
    /// The game cannot be read any more and was set aside.
    SetAside(i64),
    /// A move that fits no legal move, and the closest ones.
    Illegal { why: String, closest: Vec<String> },
    /// The engine refused an action.
    Refused(String),
    /// A new game was set up; the hash of its dice seed if it rolls dice.
    Created {
        id: i64,
        game: GameType,
        seat: String,
        colors: String,
        clock: Option<Duration>,
        commitment: Option<String>,
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
    SpiritSeated { color: String, level: Level },
    /// The game began.
    Started { id: i64, game: GameType },
    /// Who moves first, by a roll.
    FirstByRoll { color: String, rolls: String },
    /// The order in which the seating roll lets the players choose colours.
    ChoosingOrder(String),
    /// A player must choose a colour among these, within this time.
    ChooseColour {
        who: String,
        colors: String,
        left: Duration,
    },
    /// A player chose a colour.
    Chose { name: String, color: String },
    /// The bot chose for a player whose time to choose ran out.
    ChoseFor { name: String, color: String },
    /// Colours are being chosen: only this player may choose now.
    Choosing { id: i64, name: String },
    /// The terminal's prompt while a colour is chosen.
    ColourPrompt,
    /// A person's rating in one game: shown, its 95% range, games, best,
    /// provisional or not, and the rating in this chat if any.
    RatingOf {
        game: GameType,
        shown: i64,
        low: i64,
        high: i64,
        games: i64,
        best: i64,
        provisional: bool,
        here: Option<i64>,
    },
    /// A person without rated games.
    NoRating(String),
    /// A person's recent rated games, listed.
    RecentRated(String),
    /// A game's ladder: its rows, in this chat or overall.
    Ladder {
        game: GameType,
        overall: bool,
        rows: String,
    },
    /// Nothing rated to list.
    NoLadder,
    /// Nobody of that name has played in the chat.
    NoSuchPlayer(String),
    /// A code to link accounts, valid this many minutes.
    LinkCode { code: String, minutes: i64 },
    /// Accounts linked.
    Linked,
    /// A link code that does not work.
    BadLinkCode,
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
    /// The game ended; its dice seed if it rolled dice.
    GameOver {
        result: String,
        seed: Option<String>,
    },
    /// A win, by one seat or several.
    Won {
        winners: Vec<String>,
        reason: String,
    },
    /// An army is out of play: its king was taken.
    OutOfPlay { color: String },
    /// No person is left to move: the spirits play the rest unseen.
    OnlySpirits,
    /// A draw.
    Drawn(String),
    /// An offer was made; those asked to answer, as mentions.
    Offered {
        color: String,
        offer: Offer,
        asked: String,
    },
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
    Reminder {
        who: String,
        id: i64,
        left: Duration,
    },
    /// Time ran out; a spirit plays on.
    StandIn { color: String },
    /// Time ran out; the seat loses.
    Forfeit { color: String },
    /// A player is back from a timeout.
    Returned { color: String },
    /// The dice seed of a game still in play.
    SeedSealed { id: i64, commitment: String },
    /// The published hash of a game's dice seed.
    SeedHash(String),
    /// The dice of a finished game check out.
    Fair {
        id: i64,
        rolls: usize,
        seed: String,
        commitment: String,
    },
    /// The dice of a finished game do not check out.
    Unfair { id: i64, why: String },
    /// A game without dice has none to check.
    NoDiceToCheck(i64),
    /// Settings were saved.
    SettingsSaved(String),
    /// A settings value was not understood.
    BadSetting(String),
    /// The help text.
    Help,
    /// A game's setups and options.
    GameHelp(GameType),
    /// The games of this chat.
    GameList(Vec<String>),
    /// There are no games in this chat.
    NoGames,
    /// The legal moves, grouped by the man that makes them.
    Moves(Vec<String>),
    /// No legal moves now.
    NoMoves,
    /// Time left to move.
    Clock { left: Duration },
    /// A command without `#N` fits several games: which one?
    WhichGame,
    /// A button that answers the game's question with yes.
    AcceptButton,
    /// A button that answers with no.
    DeclineButton,
    /// One seat in a status list.
    SeatLine { color: String, who: String },
    /// The terminal takes up a saved game.
    Resuming(i64),
    /// The terminal's game is saved for later.
    Saved,
    /// Where the terminal writes each turn's picture.
    PictureAt(String),
    /// The picture could not be written (the terminal goes on without it).
    PictureFailed { path: String, why: String },
    /// A line typed at the terminal that is not text (not UTF-8).
    NotText,
    /// A `--seat` choice the terminal cannot read.
    BadSeatChoice(String),
    /// A button pressed on a board that a newer one has replaced.
    OldBoard,
    /// A button of a question asked of someone else.
    NotYourQuestion,
    /// The question before resigning by a button.
    ReallyResign,
    /// The button that confirms it.
    ResignButton,
    /// A player's own link to game `id`'s page, for `days`: not to share.
    PageLink { id: i64, days: i64 },
    /// The page of game `id`, read-only for one who has no seat in it.
    PageToLook(i64),
    /// The button that opens a game's page.
    PageButton,
}

impl Msg {
    /// The message for `reader`.
    pub fn text(&self, reader: Reader) -> String {
        let l = reader.locale;
        let cmd = |verb| reader.command(verb);
        match self {
            Msg::UnknownCommand(word) => l.pick(
                format!("I don't know the command '{word}'. Type {} for the list.", cmd(Verb::Help)),
                format!("Не знаю команды «{word}». Список команд: {}.", cmd(Verb::Help)),
            ),
            Msg::Usage(verb) => {
                let usage = commands::help::usage(*verb, reader.platform, l);
                l.pick(format!("Usage: {usage}"), format!("Как писать: {usage}"))
            }
            Msg::TooLong(limit) => l.pick(
                format!("That is too long for a command (at most {limit} characters)."),
                format!("Слишком длинно для команды (не больше {limit} знаков)."),
            ),
            Msg::UnknownGame { given } => {
                let known = GameType::ALL.map(GameType::id).join(", ");
                l.pick(
                    format!("There is no game '{given}'. Games: {known}."),
                    format!("Игры «{given}» нет. Игры: {known}."),
                )
            }
            Msg::UnknownColour(given) => {
                let colors = Color::ALL.map(|c| color_name(c, l)).join(", ");
                l.pick(
                    format!("There is no colour '{given}': {colors}."),
                    format!("Цвета «{given}» нет: {colors}."),
                )
            }
            Msg::BadSetup(why) => l.pick(format!("Cannot set up that game: {why}."), format!("Такую партию не начать: {why}.")),
            Msg::BadDuration(text) => l.pick(
                format!("'{text}' is not a time: write it like 3d, 12h or 1d12h."),
                format!("«{text}» — не время: пишите 3d, 12h или 1d12h."),
            ),
            Msg::NoGameHere => l.pick(
                format!("There is no game in this chat. Start one with: {} through", cmd(Verb::New)),
                format!("В этом чате нет партии. Начните её: {} through", cmd(Verb::New)),
            ),
            Msg::SetAside(id) => l.pick(
                format!("Game #{id} cannot be read any more, so it has been set aside; the bot's operator has been told. Your other games go on."),
                format!("Партию #{id} больше не удаётся прочитать, поэтому она отложена; оператор бота уведомлён. Остальные ваши партии продолжаются."),
            ),
            Msg::NoSuchGame(id) => l.pick(format!("There is no game #{id} in this chat."), format!("В этом чате нет партии #{id}.")),
            Msg::NoGameNumbered(id) => l.pick(format!("There is no game #{id}."), format!("Партии #{id} нет.")),
            Msg::NotInGame(id) => l.pick(format!("You have no seat in game #{id}."), format!("У вас нет места в партии #{id}.")),
            Msg::NotStarted(id) => l.pick(
                format!("Game #{id} has not started yet: start it with {}", cmd(Verb::Start)),
                format!("Партия #{id} ещё не началась: начните её командой {}", cmd(Verb::Start)),
            ),
            Msg::AlreadyStarted(id) => l.pick(format!("Game #{id} has already started."), format!("Партия #{id} уже началась.")),
            Msg::Over(id) => l.pick(format!("Game #{id} is over."), format!("Партия #{id} окончена.")),
            Msg::NotYourTurn { waiting } => l.pick(
                format!("It is not your turn: the game waits for {waiting}."),
                format!("Сейчас не ваш ход: ходят {waiting}."),
            ),
            Msg::NoSuchColor { given, colors } => {
                let given = color_name(*given, l);
                l.pick(
                    format!("This game has no colour '{given}'. Colours: {colors}."),
                    format!("В этой игре нет цвета «{given}». Цвета: {colors}."),
                )
            }
            Msg::SeatTaken(color) => l.pick(format!("The {color} seat is taken."), format!("Место «{color}» занято.")),
            Msg::NoFreeSeat(id) => l.pick(format!("Every seat of game #{id} is taken."), format!("Все места партии #{id} заняты.")),
            Msg::NotYourSeat(color) => l.pick(format!("The {color} seat is not yours."), format!("Место «{color}» не ваше.")),
            Msg::UnknownLevel(level) => {
                let levels = commands::values::LEVELS.map(|v| level_name(v, l)).join(", ");
                l.pick(
                    format!("There is no spirit level '{level}': {levels}."),
                    format!("Уровня духа «{level}» нет: {levels}."),
                )
            }
            Msg::Conflict => l.pick(
                "The position changed while you typed, try again.",
                "Пока вы писали, позиция изменилась, попробуйте снова.",
            ).to_string(),
            Msg::Trouble => l.pick(
                "Something went wrong on our side; nothing was changed. Try again in a moment.",
                "У нас что-то сломалось; ничего не изменилось. Попробуйте чуть позже.",
            ).to_string(),
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
                let game = game_name(*game, l);
                let (join, spirit, start) = (cmd(Verb::Join), cmd(Verb::Spirit), cmd(Verb::Start));
                let clock = clock
                    .map(|c| {
                        let c = span(c, l);
                        l.pick(format!(" {c} per move."), format!(" {c} на ход."))
                    })
                    .unwrap_or_default();
                let commitment = commitment
                    .as_ref()
                    .map(|hash| l.pick(format!(" Dice seed hash: {hash}"), format!(" Хеш зерна костей: {hash}")))
                    .unwrap_or_default();
                l.pick(
                    format!(
                        "Game #{id}: {game}. You play {seat}.{clock} Others join with: {join} \
                         ({colors}); spirits are seated with: {spirit}; then: {start}.{commitment}"
                    ),
                    format!(
                        "Партия #{id}: {game}. Вы играете за {seat}.{clock} Присоединиться: {join} \
                         ({colors}); посадить духа: {spirit}; затем: {start}.{commitment}"
                    ),
                )
            }
            Msg::Joined { id, name, color } => l.pick(format!("{name} plays {color} in game #{id}."), format!("{name} играет за {color} в партии #{id}.")),
            Msg::Left { id, name, color } => l.pick(format!("{name} left the {color} seat of game #{id}."), format!("{name} освободил место «{color}» в партии #{id}.")),
            Msg::SpiritSeated { color, level } => {
                let level = level_name(*level, l);
                l.pick(format!("A spirit ({level}) plays {color}."), format!("За {color} играет дух ({level})."))
            }
            Msg::Started { id, game } => {
                let game = game_name(*game, l);
                l.pick(format!("Game #{id} ({game}) begins."), format!("Партия #{id} ({game}) началась."))
            }
            Msg::FirstByRoll { color, rolls } => l.pick(format!("Rolls for the first move: {rolls}. {} begins.", upper_first(color)), format!("Броски за первый ход: {rolls}. Начинают {color}.")),
            Msg::ChoosingOrder(order) => l.pick(
                format!("Seating by a roll: the players choose their colours in this order: {order}."),
                format!("Рассадка по броску: игроки выбирают цвета в таком порядке: {order}."),
            ),
            Msg::ChooseColour { who, colors, left } => {
                let left = span(*left, l);
                l.pick(
                    format!("{who}, choose your colour: {colors}. In {left} the bot chooses for you."),
                    format!("{who}, выберите цвет: {colors}. Через {left} бот выберет за вас."),
                )
            }
            Msg::Chose { name, color } => l.pick(format!("{name} plays {color}."), format!("{name} играет за {color}.")),
            Msg::ChoseFor { name, color } => l.pick(
                format!("{name} did not choose in time: the bot seats them at {color}."),
                format!("{name} не успел(а) выбрать: бот выбрал {color}."),
            ),
            Msg::ColourPrompt => l.pick("colour", "цвет").to_string(),
            Msg::RatingOf { game, shown, low, high, games, best, provisional, here } => {
                let game = game_name(*game, l);
                let mark = if *provisional { l.pick(", provisional", ", предварительный") } else { "" };
                let here = here
                    .map(|h| l.pick(format!("; in this chat {h}"), format!("; в этом чате {h}")))
                    .unwrap_or_default();
                let played = if *games == 1 { "1 game".to_string() } else { format!("{games} games") };
                l.pick(
                    format!("{game}: {shown} ({low}–{high}), {played}, best {best}{mark}{here}"),
                    format!("{game}: {shown} ({low}–{high}), партий: {games}, лучший {best}{mark}{here}"),
                )
            }
            Msg::NoRating(name) => l.pick(format!("{name} has no rated games yet."), format!("У {name} ещё нет партий в рейтинге.")),
            Msg::RecentRated(games) => l.pick(format!("Recent: {games}. (record #N shows a game.)"), format!("Последние: {games}. (record #N покажет партию.)")),
            Msg::Ladder { game, overall, rows } => {
                let game = game_name(*game, l);
                let scope = if *overall { l.pick("everywhere", "везде") } else { l.pick("this chat", "этот чат") };
                format!("{game}, {scope}:\n{rows}")
            }
            Msg::NoLadder => l.pick("No rated games yet.", "Партий в рейтинге ещё нет.").to_string(),
            Msg::NoSuchPlayer(name) => l.pick(format!("Nobody called {name} has played here."), format!("Игрок {name} здесь не играл.")),
            Msg::LinkCode { code, minutes } => l.pick(
                format!("Your code: {code}. Within {minutes} minutes, send `link {code}` to the bot on your other platform: the two accounts will then share one rating."),
                format!("Ваш код: {code}. В течение {minutes} минут отправьте `link {code}` боту на другой платформе: тогда у двух аккаунтов будет один рейтинг."),
            ),
            Msg::Linked => l.pick("Linked: your accounts share one rating now.", "Готово: у ваших аккаунтов теперь один рейтинг.").to_string(),
            Msg::BadLinkCode => l.pick(
                "That code is unknown, used, expired, or made on this same platform.",
                "Этот код неизвестен, использован, устарел или получен на этой же платформе.",
            ).to_string(),
            Msg::Choosing { id, name } => l.pick(
                format!("The colours of game #{id} are being chosen: it is {name}'s turn to choose."),
                format!("В партии #{id} выбирают цвета: сейчас выбирает {name}."),
            ),
            Msg::Played { color, mv } => format!("{color}: {mv}"),
            Msg::YourTurn { who, color, dice } => {
                let dice = dice
                    .as_ref()
                    .map(|d| l.pick(format!(" Dice: {d}."), format!(" Кости: {d}.")))
                    .unwrap_or_default();
                l.pick(format!("{who}, your move ({color}).{dice}"), format!("{who}, ваш ход ({color}).{dice}"))
            }
            Msg::SpiritThinking { color } => l.pick(format!("The spirit of {color} is thinking…"), format!("Дух ({color}) думает…")),
            Msg::NoMoveWithDice { color, dice } => l.pick(
                format!("{} rolled {dice}: no move with these dice, the turn passes.", upper_first(color)),
                format!("У {color} выпало {dice}: ходов нет, ход переходит."),
            ),
            Msg::GameOver { result, seed } => {
                let record = cmd(Verb::Record);
                let seed = seed
                    .as_ref()
                    .map(|seed| {
                        let verify = cmd(Verb::Verify);
                        l.pick(
                            format!(" Dice seed: {seed} (check it with {verify})."),
                            format!(" Зерно костей: {seed} (проверка: {verify})."),
                        )
                    })
                    .unwrap_or_default();
                l.pick(
                    format!("Game over: {result}. The whole game: {record}.{seed}"),
                    format!("Партия окончена: {result}. Вся партия: {record}.{seed}"),
                )
            }
            Msg::Won { winners, reason } => {
                let (names, one) = (listed(winners, l), winners.len() == 1);
                l.pick(
                    format!("{names} {} ({reason})", if one { "wins" } else { "win" }),
                    format!("победа: {names} ({reason})"),
                )
            }
            Msg::OnlySpirits => l.pick(
                "Only spirits are left in play: they play the rest, and the end will be posted here.",
                "В игре остались только духи: они доиграют, а конец партии появится здесь.",
            )
            .to_string(),
            Msg::OutOfPlay { color } => l.pick(
                format!("{} is out of play: its king was taken.", upper_first(color)),
                format!("{} выбывают: их король взят.", upper_first(color)),
            ),
            Msg::Drawn(reason) => l.pick(format!("a draw ({reason})"), format!("ничья ({reason})")),
            Msg::Offered { color, offer, asked } => {
                let what = offer_text(*offer, l);
                let (accept, decline) = (cmd(Verb::Accept), cmd(Verb::Decline));
                let color = upper_first(color);
                let answer = match (asked.is_empty(), l) {
                    (true, Locale::En) => "Answer".to_string(),
                    (true, Locale::Ru) => "Ответ".to_string(),
                    (false, Locale::En) => format!("{asked}, answer"),
                    (false, Locale::Ru) => format!("{asked}, ответ"),
                };
                l.pick(
                    format!("{color} offers {what}. {answer} with {accept} or {decline}."),
                    format!("{color} предлагают {what}. {answer}: {accept} или {decline}."),
                )
            }
            Msg::Declined { color } => {
                let color = upper_first(color);
                l.pick(format!("{color} declines the offer."), format!("{color} отклоняют предложение."))
            }
            Msg::Agreed { color } => {
                let color = upper_first(color);
                l.pick(format!("{color} agrees."), format!("{color} согласны."))
            }
            Msg::Resigned { color } => {
                let color = upper_first(color);
                l.pick(format!("{color} resigns."), format!("{color} сдаются."))
            }
            Msg::TakebackAsked { color, waiting } => {
                let color = upper_first(color);
                l.pick(
                    format!("{color} asks to take back their last move; {waiting} must agree with {}", cmd(Verb::Takeback)),
                    format!("{color} просят вернуть свой последний ход; согласие нужно от: {waiting} ({})", cmd(Verb::Takeback)),
                )
            }
            Msg::TakenBack(mv) => l.pick(format!("The move {mv} was taken back."), format!("Ход {mv} взят назад.")),
            Msg::NothingToTakeBack => l.pick(
                "Only your own last move can be taken back, before anyone moves after it.",
                "Вернуть можно только свой последний ход, пока после него никто не ходил.",
            ).to_string(),
            Msg::Reminder { who, id, left } => {
                let left = span(*left, l);
                l.pick(
                format!("{who}, {left} left for your move in game #{id}."),
                format!("{who}, на ход в партии #{id} осталось {left}."),
                )
            }
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
            Msg::SeedHash(hash) => l.pick(format!("dice seed hash: {hash}"), format!("хеш зерна костей: {hash}")),
            Msg::Fair { id, rolls, seed, commitment } => l.pick(
                format!("Game #{id}: the seed {seed} matches its published hash, and all {rolls} rolls follow from it. The hash is {commitment}: compare it with the one posted when the game was created."),
                format!("Партия #{id}: зерно {seed} совпадает с опубликованным хешем, и все броски ({rolls}) из него следуют. Хеш: {commitment} — сравните его с тем, что был опубликован при создании партии."),
            ),
            Msg::Unfair { id, why } => l.pick(format!("Game #{id}: the dice do NOT check out: {why}"), format!("Партия #{id}: кости НЕ сходятся: {why}")),
            Msg::NoDiceToCheck(id) => l.pick(format!("Game #{id} rolls no dice: there is nothing to check."), format!("В партии #{id} кости не бросают: проверять нечего.")),
            Msg::SettingsSaved(summary) => l.pick(format!("Saved. Your settings: {summary}"), format!("Сохранено. Ваши настройки: {summary}")),
            Msg::BadSetting(what) => {
                let usage = commands::help::usage(Verb::Settings, reader.platform, l);
                l.pick(format!("Cannot read '{what}'. Usage: {usage}"), format!("Не понял «{what}». Как писать: {usage}"))
            }
            Msg::Help => help(reader),
            Msg::GameHelp(game) => game_help(*game, reader),
            Msg::GameList(lines) => l.pick(format!("Games here:\n{}", lines.join("\n")), format!("Партии в этом чате:\n{}", lines.join("\n"))),
            Msg::NoGames => l.pick("No games in this chat yet.", "В этом чате ещё нет партий.").to_string(),
            Msg::Moves(moves) => {
                let grouped = grouped(moves);
                l.pick(format!("Legal moves: {grouped}"), format!("Возможные ходы: {grouped}"))
            }
            Msg::NoMoves => l.pick("No moves to make now.", "Сейчас ходов нет.").to_string(),
            Msg::Clock { left } => {
                let left = span(*left, l);
                l.pick(format!("{left} left"), format!("осталось {left}"))
            }
            Msg::WhichGame => l.pick("Which game do you mean?", "О какой партии речь?").to_string(),
            Msg::AcceptButton => l.pick("✔ Accept", "✔ Принять").to_string(),
            Msg::DeclineButton => l.pick("✖ Decline", "✖ Отклонить").to_string(),
            Msg::SeatLine { color, who } => format!("{color}: {who}"),
            Msg::Resuming(id) => l.pick(format!("Resuming game #{id}."), format!("Продолжаем партию #{id}.")),
            Msg::Saved => l.pick(
                "Saved: run the same command to carry on.",
                "Сохранено: запустите ту же команду, чтобы продолжить.",
            ).to_string(),
            Msg::PictureAt(path) => l.pick(format!("The picture of each turn: {path}"), format!("Картинка каждого хода: {path}")),
            Msg::PictureFailed { path, why } => l.pick(
                format!("Cannot write the picture {path} ({why}); going on without it."),
                format!("Не удаётся записать картинку {path} ({why}); продолжаем без неё."),
            ),
            Msg::NotText => l.pick(
                "That line is not text (UTF-8); type it again.",
                "Эта строка — не текст (UTF-8); наберите её заново.",
            ).to_string(),
            Msg::BadSeatChoice(choice) => l.pick(
                format!("Cannot read the seat '{choice}': write COLOUR=human, COLOUR=spirit or COLOUR=spirit:LEVEL."),
                format!("Не понял место «{choice}»: пишите ЦВЕТ=human, ЦВЕТ=spirit или ЦВЕТ=spirit:УРОВЕНЬ."),
            ),
            Msg::OldBoard => l.pick(
                "This board is old: play on the newest one.",
                "Эта доска устарела: играйте на последней.",
            )
            .to_string(),
            Msg::NotYourQuestion => l.pick(
                "This question is for another player.",
                "Этот вопрос задан другому игроку.",
            )
            .to_string(),
            Msg::ReallyResign => l.pick("Really resign?", "Точно сдаться?").to_string(),
            Msg::ResignButton => l.pick("Resign", "Сдаюсь").to_string(),
            Msg::PageLink { id, days } => l.pick(
                format!("Your own link to game #{id}: on its page you move by tapping. It signs you in for {days} days; do not share it."),
                format!("Ваша личная ссылка на партию #{id}: на её странице ходят касанием. Она действует {days} дн.; не делитесь ею."),
            ),
            Msg::PageToLook(id) => l.pick(
                format!("The page of game #{id}; you have no seat in it, so it is read-only."),
                format!("Страница партии #{id}; у вас нет места в ней, поэтому только просмотр."),
            ),
            Msg::PageButton => l.pick("Open the board", "Открыть доску").to_string(),
        }
    }
}

/// `text` with its first letter in upper case: a colour that begins a sentence.
fn upper_first(text: &str) -> String {
    let mut letters = text.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// Names as a list: `white`, `red and green`, `red, green and blue`.
fn listed(names: &[String], locale: Locale) -> String {
    let and = locale.pick(" and ", " и ");
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{and}{last}", rest.join(", ")),
    }
}

/// Moves grouped by the man that makes them: `e2: e3 e4 · Nb1: a3 c3`.
fn grouped(moves: &[String]) -> String {
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for mv in moves {
        let origin = seance_engine::notation::origin(mv);
        let rest = mv[origin.len()..].trim_start_matches(['x', '-']);
        let rest = if rest.is_empty() { mv.as_str() } else { rest };
        match groups.iter_mut().find(|(o, _)| *o == origin) {
            Some((_, targets)) => targets.push(rest),
            None => groups.push((origin, vec![rest])),
        }
    }
    groups
        .iter()
        .map(|(origin, targets)| match targets.as_slice() {
            [only] if *only == *origin => origin.to_string(),
            _ => format!("{origin}: {}", targets.join(" ")),
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A time span rounded to its largest unit, as people say it: `3 days`,
/// `12 hours`, `5 minutes`; in Russian with the noun's right form.
pub fn span(span: Duration, locale: Locale) -> String {
    let seconds = span.as_secs_f64();
    let (count, unit) = if seconds >= 1.5 * 86_400.0 {
        (seconds / 86_400.0, 0)
    } else if seconds >= 1.5 * 3_600.0 {
        (seconds / 3_600.0, 1)
    } else if seconds >= 90.0 {
        (seconds / 60.0, 2)
    } else {
        (seconds, 3)
    };
    let count = count.round() as u64;
    let (en, ru): (&[&str; 2], &[&str; 3]) = match unit {
        0 => (&["day", "days"], &["день", "дня", "дней"]),
        1 => (&["hour", "hours"], &["час", "часа", "часов"]),
        2 => (&["minute", "minutes"], &["минута", "минуты", "минут"]),
        _ => (&["second", "seconds"], &["секунда", "секунды", "секунд"]),
    };
    let word = match locale {
        Locale::En => en[usize::from(count != 1)],
        Locale::Ru => ru[russian_form(count)],
    };
    format!("{count} {word}")
}

/// Which of a Russian noun's three forms follows `count`: 1 день, 2 дня, 5 дней.
fn russian_form(count: u64) -> usize {
    match (count % 10, count % 100) {
        (_, 11..=14) => 2,
        (1, _) => 0,
        (2..=4, _) => 1,
        _ => 2,
    }
}

/// What to tell a player whose input could not be read as a command.
pub fn misread(error: &ParseError) -> Msg {
    match error {
        ParseError::TooLong => Msg::TooLong(commands::MAX_INPUT),
        ParseError::Unknown(word) => Msg::UnknownCommand(word.clone()),
        ParseError::Usage(verb) => Msg::Usage(*verb),
        ParseError::BadValue { verb, kind, given } => match kind {
            Kind::Game => Msg::UnknownGame {
                given: given.clone(),
            },
            Kind::Colour => Msg::UnknownColour(given.clone()),
            Kind::Level => Msg::UnknownLevel(given.clone()),
            Kind::Time => Msg::BadDuration(given.clone()),
            Kind::Language | Kind::Quiet | Kind::TimeZone => Msg::BadSetting(given.clone()),
            _ => Msg::Usage(*verb),
        },
    }
}

/// A game's setups and options, each option with its values (the default
/// first) and what it changes.
fn game_help(game: GameType, reader: Reader) -> String {
    let l = reader.locale;
    let info = game.info();
    let setups = info.setups.join(", ");
    let new = reader.command(Verb::New);
    let mut lines = vec![l.pick(
        format!(
            "{} ({}). Setups: {setups} (the first is the default).",
            game_name(game, l),
            game.id()
        ),
        format!(
            "{} ({}). Расстановки: {setups} (первая — по умолчанию).",
            game_name(game, l),
            game.id()
        ),
    )];
    if info.options.is_empty() {
        lines.push(l.pick("No options.", "Опций нет.").to_string());
    } else {
        lines.push(l.pick(
            format!(
                "Options, KEY=VALUE after {new} {}, the first value the default:",
                game.id()
            ),
            format!(
                "Опции, КЛЮЧ=ЗНАЧЕНИЕ после {new} {}, первое значение — по умолчанию:",
                game.id()
            ),
        ));
        for option in info.options {
            let (en, ru) = option.help;
            lines.push(format!(
                "  {}={}: {}",
                option.key,
                option.values.join("|"),
                l.pick(en, ru)
            ));
        }
    }
    lines.join("\n")
}

/// The help: every command as the reader's platform spells it, and the games.
fn help(reader: Reader) -> String {
    let l = reader.locale;
    let header = match (reader.platform, l) {
        (Platform::Discord, Locale::En) => {
            "Commands (the game is the one in play in this channel; the game option names another):"
        }
        (Platform::Discord, Locale::Ru) => {
            "Команды (партия — та, что идёт в этом канале; другую выбирает опция «партия»):"
        }
        (_, Locale::En) => {
            "Commands (the game is the one in play in this chat; add #N for another):"
        }
        (_, Locale::Ru) => "Команды (партия — та, что идёт в этом чате; #N — другая):",
    };
    let games = GameType::ALL
        .map(|g| format!("{} ({})", g.id(), game_name(g, l)))
        .join(", ");
    let mut lines = vec![header.to_string()];
    lines.extend(
        commands::help::lines(reader.platform, l)
            .into_iter()
            .map(|line| format!("  {line}")),
    );
    lines.push(l.pick(format!("Games: {games}."), format!("Игры: {games}.")));
    if reader.platform != Platform::Discord {
        lines.push(
            l.pick(
                "A move may be typed on its own: e2e4, Qd8, е2е4.",
                "Ход можно написать и без команды: e2e4, Qd8, е2е4.",
            )
            .to_string(),
        );
    }
    lines.join("\n")
}

/// The name of a figure in `locale`, in lower case.
pub fn figure_name(figure: Figure, locale: Locale) -> &'static str {
    let ru = match figure {
        Figure::King => "король",
        Figure::Queen => "ферзь",
        Figure::Rook => "ладья",
        Figure::Bishop => "слон",
        Figure::Knight => "конь",
        Figure::Pawn => "пешка",
        Figure::Superqueen => "суперферзь",
        Figure::Boat => "ладья",
        Figure::Horse => "конь",
        Figure::Elephant => "слон",
        Figure::General => "генерал",
        Figure::Vizier => "визирь",
        Figure::Picket => "дозорный",
        Figure::Giraffe => "жираф",
        Figure::Camel => "верблюд",
        Figure::WarEngine => "боевая машина",
        Figure::Prince => "принц",
        Figure::AdventitiousKing => "самозваный король",
    };
    locale.pick(figure.name(), ru)
}

/// Rolled faces as the seed numbers them, each with the men it lets move:
/// `1 (king or pawn), 3 (horse)`.
pub fn dice(game: &dyn AnyGame, faces: &[u8], locale: Locale) -> String {
    let or = locale.pick(" or ", " или ");
    faces
        .iter()
        .map(|&face| {
            let men: Vec<&str> = game
                .face_figures(face)
                .into_iter()
                .map(|f| figure_name(f, locale))
                .collect();
            match men.is_empty() {
                true => face.to_string(),
                false => format!("{face} ({})", men.join(or)),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
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
                ActionError::TwoColours => "играющий двумя цветами не может выйти из игры",
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
        Problem::NoSuchSquare { square } => format!("поля {square} на этой доске нет"),
        Problem::NoMoves => "ходить нечем".to_string(),
        Problem::Empty { square } => format!("на {square} никого нет"),
        Problem::NotYours { square, .. } => format!("фигура на {square} не ваша"),
        Problem::CannotGo { from, to, .. } => format!("фигура с {from} не может пойти на {to}"),
        Problem::NoneCanGo { to, .. } => format!("ни одна фигура не может пойти на {to}"),
        Problem::Ambiguous { input } => format!("«{input}» подходит к нескольким ходам"),
    };
    locale.pick(problem.to_string(), ru)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_show_the_seeds_numbers_and_what_each_face_moves() {
        use seance_engine::{Options, Start};
        let game = seance_engine::catalogue::new_game(
            GameType::Chaturaji,
            Start::Setup(None),
            Options::new(),
        )
        .unwrap();
        assert_eq!(
            dice(&*game, &[1, 3], Locale::En),
            "1 (king or pawn), 3 (horse)"
        );
        assert_eq!(dice(&*game, &[2, 4], Locale::Ru), "2 (ладья), 4 (слон)");
        assert_eq!(dice(&*game, &[1], Locale::Ru), "1 (король или пешка)");
    }

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
            Msg::Usage(Verb::Spirit),
            Msg::Illegal {
                why: "x".into(),
                closest: vec!["e2e4".into()],
            },
        ];
        for msg in samples {
            for platform in Platform::ALL {
                let read = |locale| msg.text(Reader { locale, platform });
                let (en, ru) = (read(Locale::En), read(Locale::Ru));
                assert_ne!(en, ru);
                assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            }
        }
    }

    #[test]
    fn spans_are_rounded_as_people_say_them() {
        let hours = |h: f64| Duration::from_secs_f64(h * 3600.0);
        assert_eq!(span(hours(71.99), Locale::En), "3 days");
        assert_eq!(span(hours(12.0), Locale::En), "12 hours");
        assert_eq!(span(hours(1.0), Locale::En), "60 minutes");
        assert_eq!(span(hours(24.0), Locale::En), "24 hours");
        assert_eq!(span(Duration::from_secs(1), Locale::En), "1 second");
        assert_eq!(span(hours(48.0), Locale::Ru), "2 дня");
        assert_eq!(span(hours(21.0), Locale::Ru), "21 час");
        assert_eq!(span(hours(11.0), Locale::Ru), "11 часов");
        assert_eq!(span(Duration::from_secs(5 * 60), Locale::Ru), "5 минут");
    }

    #[test]
    fn moves_are_listed_by_the_man_that_makes_them() {
        let moves = ["e2e3", "e2e4", "Nb1c3", "Nb1a3", "pass"].map(String::from);
        assert_eq!(grouped(&moves), "e2: e3 e4 · Nb1: c3 a3 · pass");
        assert_eq!(
            listed(&["red".into(), "green".into(), "blue".into()], Locale::En),
            "red, green and blue"
        );
    }

    #[test]
    fn hints_name_commands_as_the_platform_spells_them() {
        let hint = Msg::Offered {
            color: "white".into(),
            offer: Offer::Draw,
            asked: "@Bob".into(),
        };
        let read = |platform| {
            hint.text(Reader {
                locale: Locale::En,
                platform,
            })
        };
        assert!(read(Platform::Telegram).starts_with("White offers a draw."));
        assert!(read(Platform::Telegram).ends_with("@Bob, answer with /accept or /decline."));
        assert!(read(Platform::Discord).ends_with("@Bob, answer with /accept or /decline."));
        assert!(read(Platform::Terminal).ends_with("@Bob, answer with accept or decline."));
        let usage = Msg::Usage(Verb::Join).text(Reader {
            locale: Locale::En,
            platform: Platform::Terminal,
        });
        assert_eq!(usage, "Usage: join [colour] [#N]");
    }
}
