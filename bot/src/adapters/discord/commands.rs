//! The chat commands as Discord's slash commands: registered with their
//! English and Russian names, and read back as named values.

use std::collections::HashMap;

use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

use crate::adapters::commands::{Kind, SPECS};

/// The commands to register with Discord.
pub fn definitions() -> Vec<CreateCommand> {
    SPECS
        .iter()
        .map(|spec| {
            let options = spec.params.iter().map(|p| {
                let kind = match p.kind {
                    Kind::Text => CommandOptionType::String,
                    Kind::Number => CommandOptionType::Integer,
                };
                let mut option = CreateCommandOption::new(kind, p.name, p.en)
                    .name_localized("ru", p.ru_name)
                    .description_localized("ru", p.ru)
                    .required(p.required)
                    .set_autocomplete(p.autocomplete);
                for (value, en, ru) in p.choices {
                    option = option.add_string_choice_localized(*en, *value, [("ru", *ru)]);
                }
                option
            });
            CreateCommand::new(spec.name)
                .description(spec.en)
                .description_localized("ru", spec.ru)
                .set_options(options.collect())
        })
        .collect()
}

/// The values an invocation gave, by parameter name, as text.
pub fn values(options: &[CommandDataOption]) -> HashMap<&str, String> {
    options
        .iter()
        .filter_map(|option| {
            let value = match &option.value {
                CommandDataOptionValue::String(text) => text.clone(),
                CommandDataOptionValue::Integer(n) => n.to_string(),
                CommandDataOptionValue::Autocomplete { value, .. } => value.clone(),
                _ => return None,
            };
            Some((option.name.as_str(), value))
        })
        .collect()
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
        for spec in SPECS {
            assert!(valid(spec.name), "{}", spec.name);
            assert!(
                spec.en.len() <= 100 && spec.ru.chars().count() <= 100,
                "{}",
                spec.name
            );
            for p in spec.params {
                assert!(
                    valid(p.name) && valid(p.ru_name),
                    "{} {}",
                    p.name,
                    p.ru_name
                );
                assert!(p.choices.len() <= 25);
                assert!(
                    p.en.len() <= 100 && p.ru.chars().count() <= 100,
                    "{}",
                    p.name
                );
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
                spec.name
            );
        }
        assert_eq!(definitions().len(), SPECS.len());
    }
}
