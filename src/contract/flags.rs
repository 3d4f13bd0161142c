//! [`Flag`]: what a game takes at `new`, declared as data. The front end that reads a
//! command line (the binary, with clap) makes each one a flag, its range or choices
//! checked there; the game reads the values back ([`FlagValues`]). So each range lives
//! in one place, and the engine builds without any command-line crate.

use std::path::{Path, PathBuf};

use super::Refusal;

/// One flag of a game's `new`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag {
    /// Its long name, without `--`: `rounds` for `--rounds`.
    pub name: &'static str,
    /// What its value is called in help (`K`, `FILE`); unused by a switch.
    pub value: &'static str,
    /// One line (or a few) for `new GAME --help`.
    pub help: &'static str,
    /// What value it takes, and its range, choices or default.
    pub kind: FlagKind,
}

/// What a flag's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlagKind {
    /// A whole number from `min` to `max`; `default` when not given (none: optional).
    Number {
        /// The least value accepted.
        min: i64,
        /// The greatest value accepted.
        max: i64,
        /// The value the game gets when the flag is not given; none leaves it unset.
        default: Option<i64>,
    },
    /// A word list's level (10 common .. 95 obscure, SCOWL's sizes). A word rule: it
    /// decides how words are judged, never a total. The game's options keep its value
    /// under the flag's name spelt with `_` for `-` (`hint-level`: `hint_level`), where
    /// opening a log holds it to the same range (`session/header.rs`).
    Level {
        /// The level the game judges at when the flag is not given.
        default: u8,
    },
    /// One of `choices`, `default` when not given.
    Choice {
        /// The words the flag accepts, in the order help lists them.
        choices: &'static [&'static str],
        /// The choice made when the flag is not given; one of `choices`.
        default: &'static str,
    },
    /// A file's path (the core reads it, bounded, for the game).
    File,
    /// Given or not.
    Switch,
    /// A line of text (a score pad's `--title`), at most `max` characters.
    Text {
        /// The most characters it holds.
        max: usize,
    },
}

impl FlagKind {
    /// The whole numbers a number or a level takes, least and most: what the command
    /// line accepts, and what a log's header is held to.
    pub(crate) fn range(&self) -> Option<(i64, i64)> {
        match *self {
            FlagKind::Number { min, max, .. } => Some((min, max)),
            FlagKind::Level { .. } => Some((
                i64::from(crate::lexicon::MIN_LEVEL),
                i64::from(crate::lexicon::MAX_LEVEL),
            )),
            FlagKind::Choice { .. } | FlagKind::File | FlagKind::Switch | FlagKind::Text { .. } => {
                None
            }
        }
    }
}

/// A text flag's value as typed, or why it is refused: a line of at most `max`
/// characters, none of them hidden (a control or format character).
pub(crate) fn check_text(text: &str, max: usize) -> Result<String, Refusal> {
    let text = text.trim();
    let count = text.chars().count();
    if count == 0 || count > max {
        return Err(Refusal::input(format!(
            "1 to {max} characters, not {count}"
        )));
    }
    if crate::text::printable_text(text) != text {
        return Err(Refusal::input(
            "printable characters only, none hidden (no control or format characters)",
        ));
    }
    Ok(text.to_string())
}

/// A value given for a flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlagValue {
    /// For a number or a level, already held to its range.
    Number(i64),
    /// For a choice: one of its choices.
    Choice(String),
    /// For a file: the path as given, not yet read.
    File(PathBuf),
    /// For a switch: true when it was given.
    Switch(bool),
    /// For a line of text: as given, already held to its length.
    Text(String),
}

/// The values given for a game's flags, defaults filled in, by the flags' names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FlagValues {
    values: Vec<(&'static str, FlagValue)>,
}

impl FlagValues {
    /// The values `flags` take when none is given: each default, switches off.
    pub fn defaults(flags: &[Flag]) -> FlagValues {
        let mut values = FlagValues::default();
        for flag in flags {
            let value = match flag.kind {
                FlagKind::Number { default, .. } => default.map(FlagValue::Number),
                FlagKind::Level { default } => Some(FlagValue::Number(i64::from(default))),
                FlagKind::Choice { default, .. } => Some(FlagValue::Choice(default.to_string())),
                FlagKind::File | FlagKind::Text { .. } => None,
                FlagKind::Switch => Some(FlagValue::Switch(false)),
            };
            if let Some(value) = value {
                values.set(flag.name, value);
            }
        }
        values
    }

    /// Sets `name`'s value.
    pub(crate) fn set(&mut self, name: &'static str, value: FlagValue) {
        match self.values.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => *v = value,
            None => self.values.push((name, value)),
        }
    }

    /// A number flag's value (a level's too), if given or defaulted.
    pub fn number(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            FlagValue::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// A choice flag's value.
    pub fn choice(&self, name: &str) -> Option<&str> {
        match self.get(name)? {
            FlagValue::Choice(c) => Some(c),
            _ => None,
        }
    }

    /// A file flag's path, if given.
    pub fn file(&self, name: &str) -> Option<&Path> {
        match self.get(name)? {
            FlagValue::File(p) => Some(p),
            _ => None,
        }
    }

    /// A text flag's value, if given.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name)? {
            FlagValue::Text(t) => Some(t),
            _ => None,
        }
    }

    /// A switch: given or not.
    pub fn switch(&self, name: &str) -> bool {
        matches!(self.get(name), Some(FlagValue::Switch(true)))
    }

    /// Every file the values name, for the core to read for the game.
    pub(crate) fn files(&self) -> Vec<PathBuf> {
        self.values
            .iter()
            .filter_map(|(_, v)| match v {
                FlagValue::File(p) => Some(p.clone()),
                _ => None,
            })
            .collect()
    }

    fn get(&self, name: &str) -> Option<&FlagValue> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLAGS: &[Flag] = &[
        Flag {
            name: "rounds",
            value: "K",
            help: "",
            kind: FlagKind::Number {
                min: 1,
                max: 9,
                default: None,
            },
        },
        Flag {
            name: "target",
            value: "N",
            help: "",
            kind: FlagKind::Number {
                min: 1,
                max: 9,
                default: Some(5),
            },
        },
        Flag {
            name: "rule",
            value: "R",
            help: "",
            kind: FlagKind::Choice {
                choices: &["a", "b"],
                default: "a",
            },
        },
        Flag {
            name: "file",
            value: "FILE",
            help: "",
            kind: FlagKind::File,
        },
        Flag {
            name: "quiet",
            value: "",
            help: "",
            kind: FlagKind::Switch,
        },
    ];

    #[test]
    fn the_defaults_fill_what_is_not_given_and_a_value_given_replaces_its_default() {
        let mut v = FlagValues::defaults(FLAGS);
        assert_eq!(v.number("rounds"), None, "optional, no default");
        assert_eq!(v.number("target"), Some(5));
        assert_eq!(v.choice("rule"), Some("a"));
        assert_eq!((v.file("file"), v.switch("quiet")), (None, false));
        v.set("target", FlagValue::Number(7));
        v.set("file", FlagValue::File("t.json".into()));
        v.set("quiet", FlagValue::Switch(true));
        assert_eq!(v.number("target"), Some(7));
        assert_eq!(v.files(), vec![PathBuf::from("t.json")]);
        assert!(v.switch("quiet"));
        assert_eq!(v.choice("target"), None, "a number is not a choice");
    }

    #[test]
    fn a_number_and_a_level_say_their_range_and_nothing_else_has_one() {
        assert_eq!(FLAGS[0].kind.range(), Some((1, 9)));
        assert_eq!(FlagKind::Level { default: 50 }.range(), Some((10, 95)));
        assert_eq!(FLAGS[2].kind.range(), None);
        assert_eq!(FLAGS[4].kind.range(), None);
    }
}
