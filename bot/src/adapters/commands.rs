//! The chat commands every platform offers: their names, descriptions and
//! parameters in English and Russian, and how an invocation with named
//! parameters becomes the service's typed command. Each front end registers
//! them in its platform's own way.

use std::collections::HashMap;

/// What a parameter holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Free text.
    Text,
    /// A game number.
    Number,
}

/// A parameter: names and descriptions in both languages, and how its value
/// is written in the typed command.
pub struct Param {
    /// Its name in English.
    pub name: &'static str,
    /// Its name in Russian.
    pub ru_name: &'static str,
    /// What it is, in English.
    pub en: &'static str,
    /// What it is, in Russian.
    pub ru: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// The command needs it.
    pub required: bool,
    /// Suggestions come from the bot as the player types.
    pub autocomplete: bool,
    /// Fixed choices: value, English name, Russian name.
    pub choices: &'static [(&'static str, &'static str, &'static str)],
    /// How it is written in the typed command; `{}` stands for the value.
    pub form: &'static str,
}

/// A command.
pub struct Spec {
    /// Its name, the same in both languages (as the platforms want it).
    pub name: &'static str,
    /// What it does, in English.
    pub en: &'static str,
    /// What it does, in Russian.
    pub ru: &'static str,
    /// Its parameters, the required ones first.
    pub params: &'static [Param],
}

const fn param(
    name: &'static str,
    ru_name: &'static str,
    en: &'static str,
    ru: &'static str,
    form: &'static str,
) -> Param {
    Param {
        name,
        ru_name,
        en,
        ru,
        kind: Kind::Text,
        required: false,
        autocomplete: false,
        choices: &[],
        form,
    }
}

const GAME: Param = Param {
    kind: Kind::Number,
    ..param(
        "game",
        "партия",
        "The game's number, if not the one in play here",
        "Номер партии, если не та, что идёт здесь",
        "#{}",
    )
};

const COLORS: &[(&str, &str, &str)] = &[
    ("white", "white", "белые"),
    ("black", "black", "чёрные"),
    ("red", "red", "красные"),
    ("blue", "blue", "синие"),
    ("yellow", "yellow", "жёлтые"),
    ("green", "green", "зелёные"),
];

const COLOR: Param = Param {
    choices: COLORS,
    ..param("color", "цвет", "The army's colour", "Цвет войска", "{}")
};

const ON_OFF: &[(&str, &str, &str)] = &[("on", "on", "вкл"), ("off", "off", "выкл")];

/// Every command, in the order the platforms list them.
pub const SPECS: &[Spec] = &[
    Spec {
        name: "new",
        en: "Set up a new game in this channel",
        ru: "Начать новую партию в этом канале",
        params: &[
            Param {
                required: true,
                choices: &[
                    ("chaturaji", "Chaturaji", "Чатураджи"),
                    (
                        "chaturaji-classic",
                        "Chaturaji (classical)",
                        "Чатураджи (классическая)",
                    ),
                    (
                        "chaturaji-nodice",
                        "Chaturaji without dice",
                        "Чатураджи без костей",
                    ),
                    ("enochian", "Enochian chess", "Енохианские шахматы"),
                    ("tamerlane", "Tamerlane chess", "Шахматы Тамерлана"),
                    ("through", "Through chess", "Сквозные шахматы"),
                ],
                ..param("game", "игра", "Which game", "Какая игра", "{}")
            },
            Param {
                autocomplete: true,
                ..param(
                    "setup",
                    "расстановка",
                    "A named setup",
                    "Расстановка",
                    "setup={}",
                )
            },
            Param {
                autocomplete: true,
                ..param(
                    "options",
                    "опции",
                    "Game options, KEY=VALUE separated by spaces",
                    "Опции игры, КЛЮЧ=ЗНАЧЕНИЕ через пробел",
                    "{}",
                )
            },
            param(
                "time",
                "время",
                "Time per move: 3d, 12h, or none",
                "Время на ход: 3d, 12h или none",
                "time={}",
            ),
            Param {
                choices: &[
                    ("spirit", "a spirit plays on", "играет дух"),
                    ("forfeit", "the seat loses", "поражение"),
                ],
                ..param(
                    "timeout",
                    "таймаут",
                    "When time runs out",
                    "Когда время истекло",
                    "timeout={}",
                )
            },
            Param {
                choices: COLORS,
                ..param("as", "за", "The colour you play", "Ваш цвет", "as={}")
            },
            Param {
                choices: &[
                    ("fixed", "as players sit", "как сели"),
                    ("roll", "by a roll of the dice", "по броску костей"),
                ],
                ..param(
                    "seating",
                    "рассадка",
                    "How seats are decided",
                    "Как распределяются места",
                    "seating={}",
                )
            },
        ],
    },
    Spec {
        name: "join",
        en: "Take a seat in the game",
        ru: "Занять место в партии",
        params: &[COLOR, GAME],
    },
    Spec {
        name: "spirit",
        en: "Let a spirit play a seat",
        ru: "Посадить духа на место",
        params: &[
            Param {
                required: true,
                ..COLOR
            },
            Param {
                choices: &[
                    ("novice", "novice", "новичок"),
                    ("adept", "adept", "адепт"),
                    ("master", "master", "мастер"),
                ],
                ..param(
                    "level",
                    "уровень",
                    "The spirit's strength",
                    "Сила духа",
                    "{}",
                )
            },
            GAME,
        ],
    },
    Spec {
        name: "start",
        en: "Begin the game",
        ru: "Начать партию",
        params: &[GAME],
    },
    Spec {
        name: "move",
        en: "Play a move",
        ru: "Сделать ход",
        params: &[
            Param {
                required: true,
                autocomplete: true,
                ..param(
                    "move",
                    "ход",
                    "The move, such as e2e4 or Qd8",
                    "Ход, например e2e4 или Qd8",
                    "{}",
                )
            },
            GAME,
        ],
    },
    Spec {
        name: "board",
        en: "Show the board",
        ru: "Показать доску",
        params: &[GAME],
    },
    Spec {
        name: "moves",
        en: "List your legal moves",
        ru: "Ваши возможные ходы",
        params: &[
            param(
                "square",
                "поле",
                "Only the moves from this square",
                "Только ходы с этого поля",
                "{}",
            ),
            GAME,
        ],
    },
    Spec {
        name: "resign",
        en: "Give up the game",
        ru: "Сдаться",
        params: &[GAME],
    },
    Spec {
        name: "draw",
        en: "Offer a draw, or answer the offer",
        ru: "Предложить ничью или ответить на предложение",
        params: &[
            Param {
                choices: &[
                    ("draw", "offer", "предложить"),
                    ("accept", "accept", "принять"),
                    ("decline", "decline", "отклонить"),
                ],
                ..param(
                    "answer",
                    "ответ",
                    "Offer (the default), accept or decline",
                    "Предложить (по умолчанию), принять или отклонить",
                    "",
                )
            },
            GAME,
        ],
    },
    Spec {
        name: "takeback",
        en: "Ask to take back your last move, or agree",
        ru: "Попросить вернуть ход или согласиться",
        params: &[GAME],
    },
    Spec {
        name: "exchange",
        en: "Enochian chess: offer to exchange prisoner kings, or answer",
        ru: "Енохианские шахматы: предложить обмен королями или ответить",
        params: &[
            Param {
                choices: COLORS,
                ..param(
                    "king",
                    "король",
                    "The colour of the king you give back",
                    "Цвет короля, которого вы возвращаете",
                    "{}",
                )
            },
            Param {
                choices: &[
                    ("accept", "accept", "принять"),
                    ("decline", "decline", "отклонить"),
                ],
                ..param(
                    "answer",
                    "ответ",
                    "Answer an offer instead",
                    "Ответить на предложение",
                    "",
                )
            },
            GAME,
        ],
    },
    Spec {
        name: "status",
        en: "Seats, turn and clock of the game",
        ru: "Места, очередь и часы партии",
        params: &[GAME],
    },
    Spec {
        name: "games",
        en: "The games of this channel",
        ru: "Партии этого канала",
        params: &[],
    },
    Spec {
        name: "record",
        en: "The game's record, with the dice",
        ru: "Запись партии с бросками",
        params: &[GAME],
    },
    Spec {
        name: "verify",
        en: "Check a finished game's dice against its seed",
        ru: "Проверить кости оконченной партии",
        params: &[GAME],
    },
    Spec {
        name: "settings",
        en: "Your language, reminders, quiet hours, time zone",
        ru: "Ваш язык, напоминания, тихие часы, часовой пояс",
        params: &[
            Param {
                choices: &[
                    ("en", "English", "английский"),
                    ("ru", "Russian", "русский"),
                ],
                ..param(
                    "language",
                    "язык",
                    "The bot's language for you",
                    "Язык бота для вас",
                    "language {}",
                )
            },
            Param {
                choices: ON_OFF,
                ..param(
                    "reminders",
                    "напоминания",
                    "Reminders before deadlines",
                    "Напоминания о сроках",
                    "reminders {}",
                )
            },
            param(
                "quiet",
                "тишина",
                "Quiet hours, such as 23:00-08:00, or off",
                "Тихие часы, например 23:00-08:00, или off",
                "quiet {}",
            ),
            param(
                "timezone",
                "часовой_пояс",
                "Your time zone, such as +03:00",
                "Ваш часовой пояс, например +03:00",
                "timezone {}",
            ),
            Param {
                choices: ON_OFF,
                ..param(
                    "dm",
                    "лс",
                    "Reminders in direct messages",
                    "Напоминания в личных сообщениях",
                    "dm {}",
                )
            },
        ],
    },
    Spec {
        name: "help",
        en: "How to play with the bot",
        ru: "Как играть с ботом",
        params: &[],
    },
];

/// The typed command an invocation of `name` with `values` stands for, or
/// `None` for an unknown command.
pub fn typed(name: &str, values: &HashMap<&str, String>) -> Option<String> {
    let spec = SPECS.iter().find(|s| s.name == name)?;
    // An answer replaces the command word: `/draw answer:accept` is `accept`.
    let word = values.get("answer").map_or(spec.name, String::as_str);
    let mut words = vec![word.to_string()];
    for param in spec.params {
        let Some(value) = values.get(param.name) else {
            continue;
        };
        if param.form.is_empty() {
            continue;
        }
        // A value is one word, except a list of options; no value may name a game.
        let value = value.replace('#', "");
        let value = if param.name == "options" {
            value
        } else {
            value.split_whitespace().collect::<Vec<_>>().join("")
        };
        if !value.is_empty() {
            words.push(param.form.replace("{}", &value));
        }
    }
    // `/exchange answer:...` needs no king.
    if values.contains_key("answer") && name == "exchange" {
        words.retain(|w| !COLORS.iter().any(|(c, _, _)| c == w));
    }
    Some(words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::command::{Command, ParseError};

    fn typed_of(name: &str, pairs: &[(&'static str, &str)]) -> String {
        let values = pairs.iter().map(|(k, v)| (*k, v.to_string())).collect();
        typed(name, &values).unwrap()
    }

    #[test]
    fn every_invocation_reads_as_a_command() {
        assert_eq!(
            typed_of("move", &[("move", "e2 e4"), ("game", "12")]),
            "move e2e4 #12"
        );
        assert_eq!(typed_of("draw", &[("answer", "accept")]), "accept");
        assert_eq!(typed_of("draw", &[]), "draw");
        assert_eq!(typed_of("exchange", &[("king", "blue")]), "exchange blue");
        assert_eq!(
            typed_of("exchange", &[("king", "blue"), ("answer", "decline")]),
            "decline"
        );
        assert_eq!(
            typed_of(
                "new",
                &[
                    ("game", "enochian"),
                    ("options", "board=fire setting=air"),
                    ("time", "2d"),
                    ("seating", "roll")
                ]
            ),
            "new enochian board=fire setting=air time=2d seating=roll"
        );
        assert_eq!(
            typed_of("settings", &[("language", "ru"), ("dm", "on")]),
            "settings language ru dm on"
        );
        assert_eq!(typed_of("move", &[("move", "#99 e2e4")]), "move 99e2e4");
        assert!(typed("frobnicate", &HashMap::new()).is_none());
        for spec in SPECS {
            let text = typed(spec.name, &HashMap::new()).unwrap();
            // Every command is known; one given nothing reads, or explains
            // its usage (a bare /exchange names no king).
            let parsed = Command::parse(&text);
            assert!(
                parsed.is_ok() || matches!(parsed, Err(ParseError::Usage(_))),
                "/{} reads as '{text}': {parsed:?}",
                spec.name
            );
            assert!(parsed.is_ok() || !spec.params.is_empty(), "/{}", spec.name);
        }
    }
}
