//! Help, generated from the table: each command's usage as its platform
//! spells it (`/spirit <colour> [novice|adept|master] [#N]` in a chat,
//! `spirit ...` in the terminal, `/spirit color [level] [game]` on Discord,
//! whose options have names), and what it does.

use super::{Kind, Param, Verb};
use crate::platform::Platform;
use crate::service::i18n::Locale;

/// How `param` is written in a usage line of `platform`.
fn written(param: &Param, platform: Platform, locale: Locale) -> String {
    if platform == Platform::Discord {
        let name = param.name_in(locale);
        return if param.required {
            name.to_string()
        } else {
            format!("[{name}]")
        };
    }
    let hint = match locale {
        Locale::En => param.hint.0,
        Locale::Ru => param.hint.1,
    };
    let hint = if hint.is_empty() {
        let choices: Vec<&str> = param.kind.choices().iter().map(|c| c.value).collect();
        choices.join("|")
    } else {
        hint.to_string()
    };
    match param.kind {
        Kind::GameNumber => format!("[{hint}]"),
        Kind::Options => format!("[{hint}]..."),
        _ if param.keyed => format!("[{}={hint}]", param.name),
        _ if param.required => format!("<{hint}>"),
        _ => format!("[{hint}]"),
    }
}

/// The usage of `verb` as players of `platform` type it, in `locale`.
pub fn usage(verb: Verb, platform: Platform, locale: Locale) -> String {
    let mut words = vec![platform.spell(verb)];
    words.extend(
        verb.spec()
            .params
            .iter()
            .map(|p| written(p, platform, locale)),
    );
    words.join(" ")
}

/// One line per command: its usage on `platform`, and what it does in `locale`.
pub fn lines(platform: Platform, locale: Locale) -> Vec<String> {
    Verb::ALL
        .into_iter()
        .map(|verb| {
            format!(
                "{} — {}",
                usage(verb, platform, locale),
                verb.spec().about(locale)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_is_spelled_as_each_platform_types() {
        assert_eq!(
            usage(Verb::Spirit, Platform::Telegram, Locale::En),
            "/spirit <colour> [novice|adept|master] [#N]"
        );
        assert_eq!(
            usage(Verb::Spirit, Platform::Terminal, Locale::Ru),
            "spirit <цвет> [novice|adept|master] [#N]"
        );
        assert_eq!(
            usage(Verb::Spirit, Platform::Discord, Locale::En),
            "/spirit color [level] [game]"
        );
        assert_eq!(
            usage(Verb::New, Platform::Terminal, Locale::En),
            "new <game> [setup=NAME] [KEY=VALUE]... [time=3d|none] [timeout=spirit|forfeit] \
             [as=colour] [seating=fixed|roll] [rated=on|off]"
        );
        assert_eq!(usage(Verb::Games, Platform::Discord, Locale::Ru), "/games");
    }
}
