//! The table of commands as Discord's slash commands: registered with their
//! English and Russian names, descriptions and choices; an invocation's
//! options read back as named values.

use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

use crate::commands::{Kind, Named, Param, Value, Verb};
use crate::service::i18n::Locale;

/// Whether Discord asks the bot for suggestions as the player types: legal
/// moves, setups and options, and the colours and numbers of the chat's
/// games (which differ from game to game, so no fixed list serves).
fn suggested(kind: Kind) -> bool {
    kind.suggested() || matches!(kind, Kind::Colour | Kind::GameNumber)
}

/// Discord's option for `param`.
fn option(param: &Param) -> CreateCommandOption {
    let kind = match param.kind {
        Kind::GameNumber => CommandOptionType::Integer,
        _ => CommandOptionType::String,
    };
    let mut option = CreateCommandOption::new(kind, param.name, param.about(Locale::En))
        .name_localized("ru", param.ru_name)
        .description_localized("ru", param.about(Locale::Ru))
        .required(param.required)
        .set_autocomplete(suggested(param.kind));
    if param.kind == Kind::GameNumber {
        option = option.min_int_value(1);
    }
    let choices = match suggested(param.kind) {
        true => Vec::new(),
        false => param.kind.choices(),
    };
    for choice in choices {
        option = option.add_string_choice_localized(
            choice.name(Locale::En),
            choice.value,
            [("ru", choice.name(Locale::Ru))],
        );
    }
    option
}

/// The commands to register with Discord: every verb of the table.
pub fn definitions() -> Vec<CreateCommand> {
    Verb::ALL
        .into_iter()
        .map(|verb| {
            let spec = verb.spec();
            CreateCommand::new(verb.name())
                .description(spec.about(Locale::En))
                .description_localized("ru", spec.about(Locale::Ru))
                .set_options(spec.params.iter().map(option).collect())
        })
        .collect()
}

/// The values an invocation gave, by option name.
pub fn named(options: &[CommandDataOption]) -> Vec<(&str, Named<'_>)> {
    options
        .iter()
        .filter_map(|option| {
            let value = match &option.value {
                CommandDataOptionValue::String(text) => Named::Text(text),
                CommandDataOptionValue::Integer(n) => Named::Number(*n),
                CommandDataOptionValue::Autocomplete { value, .. } => Named::Text(value),
                _ => return None,
            };
            Some((option.name.as_str(), value))
        })
        .collect()
}

/// The value of the first option of `verb` that holds a `kind`, if one was given and reads.
pub fn given(verb: Verb, options: &[CommandDataOption], kind: Kind) -> Option<Value> {
    named(options).into_iter().find_map(|(name, value)| {
        let param = verb.spec().params.iter().find(|p| p.name == name)?;
        match value {
            _ if param.kind != kind => None,
            Named::Number(n) => kind.read(&n.to_string()),
            Named::Text(text) => kind.read(text),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_discord_rules() {
        let valid = |name: &str| {
            (1..=32).contains(&name.chars().count())
                && name
                    .chars()
                    .all(|c| c.is_lowercase() || c.is_numeric() || c == '_' || c == '-')
        };
        let fits = |text: &str| (1..=100).contains(&text.chars().count());
        for verb in Verb::ALL {
            let spec = verb.spec();
            assert!(valid(verb.name()), "{}", verb.name());
            assert!(fits(spec.en) && fits(spec.ru), "{}", verb.name());
            let mut names = Vec::new();
            for p in spec.params {
                assert!(
                    valid(p.name) && valid(p.ru_name),
                    "{} {}",
                    p.name,
                    p.ru_name
                );
                assert!(fits(p.en) && fits(p.ru), "{}", p.name);
                let choices = p.kind.choices();
                assert!(choices.len() <= 25);
                assert!(choices.iter().all(|c| fits(&c.en) && fits(&c.ru)));
                assert!(
                    !names.contains(&p.name),
                    "{} twice in {}",
                    p.name,
                    verb.name()
                );
                names.push(p.name);
            }
            // Required parameters come first.
            let first_optional = spec
                .params
                .iter()
                .position(|p| !p.required)
                .unwrap_or(spec.params.len());
            assert!(
                spec.params[first_optional..].iter().all(|p| !p.required),
                "{}",
                verb.name()
            );
        }
        assert_eq!(definitions().len(), Verb::ALL.len());
    }
}
