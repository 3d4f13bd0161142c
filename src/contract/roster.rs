//! The players at the table, in seat order, and what a player's name may be.

use super::{Kind, Refusal};

/// The players in seat order. Games keep per-player data by seat; events name players,
/// so a log reads well and survives a rename.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roster {
    names: Vec<String>,
}

/// Longest player name, in characters: enough for a nickname, short enough for a score
/// table.
pub const MAX_NAME: usize = 24;

impl Roster {
    pub fn new(names: Vec<String>) -> Roster {
        Roster { names }
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn name(&self, i: usize) -> &str {
        self.names.get(i).map_or("?", String::as_str)
    }

    /// Finds a player by name, ignoring case; a near miss is suggested.
    pub fn find(&self, name: &str) -> Result<usize, Refusal> {
        if let Some(i) = self.names.iter().position(|n| same_name(n, name)) {
            return Ok(i);
        }
        let near = crate::text::did_you_mean(name, self.names.iter().map(String::as_str))
            .map(|n| format!(" (did you mean {n}?)"))
            .unwrap_or_default();
        Err(Refusal::of(
            Kind::UnknownPlayer,
            format!(
                "unknown player {}{near}: the players are {}",
                crate::text::printable(name),
                self.names.join(", ")
            ),
        ))
    }

    /// A verb's arguments with the words at positions `at` (player names) spelt as the
    /// roster spells them, so a game's parser meets one spelling; an unknown name is
    /// refused here, with the roster's suggestion. Words are rejoined with single spaces
    /// (every game's parser splits on whitespace).
    pub fn spell(&self, args: &str, at: &[usize]) -> Result<String, Refusal> {
        let mut words: Vec<&str> = args.split_whitespace().collect();
        for &i in at {
            if let Some(w) = words.get_mut(i) {
                *w = self.name(self.find(w)?);
            }
        }
        Ok(words.join(" "))
    }

    /// Checks a new name: see [`check_name`]; and not taken, ignoring case.
    pub fn check_new(&self, name: &str) -> Result<(), Refusal> {
        check_name(name)?;
        if self.names.iter().any(|n| same_name(n, name)) {
            return Err(Refusal::of(
                Kind::BadName,
                format!("there is already a player called {name}"),
            ));
        }
        Ok(())
    }

    pub fn push(&mut self, name: String) {
        self.names.push(name);
    }

    pub fn rename(&mut self, i: usize, to: String) {
        if let Some(n) = self.names.get_mut(i) {
            *n = to;
        }
    }
}

/// Two names are one player when they differ only in case (Zoë and ZOË).
pub fn same_name(a: &str, b: &str) -> bool {
    a == b || a.to_lowercase() == b.to_lowercase()
}

/// A plain name: 1 to `max` ASCII letters, digits, `-` or `_`, whose first character
/// passes `first`. Session names are of this kind: they are file names.
pub fn is_plain_name(name: &str, max: usize, first: fn(char) -> bool) -> bool {
    !name.is_empty()
        && name.len() <= max
        && name.starts_with(first)
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A player name: 1 to 24 letters (any alphabet: Zoë, José), digits, `-` or `_`,
/// starting with a letter. Nothing that could upset a terminal or a table.
pub fn check_name(name: &str) -> Result<(), Refusal> {
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_NAME
        && name.starts_with(char::is_alphabetic)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(Refusal::of(
            Kind::BadName,
            format!(
                "{} is not a player name: use 1 to {MAX_NAME} letters, digits, - or _, starting with a letter",
                crate::text::printable(name)
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_any_alphabet_are_players_and_match_ignoring_case() {
        let mut r = Roster::default();
        for n in ["zoë", "José", "bob"] {
            r.check_new(n).expect("a name");
            r.push(n.into());
        }
        assert_eq!(r.find("ZOË"), Ok(0));
        assert_eq!(r.find("josé"), Ok(1));
        assert_eq!(r.check_new("BOB").map_err(|e| e.kind), Err(Kind::BadName));
    }

    #[test]
    fn control_characters_and_punctuation_are_not_names() {
        for bad in [
            "",
            "a b",
            "a\u{1b}[2J",
            "1abc",
            "-x",
            "x.y",
            &"a".repeat(25),
        ] {
            assert_eq!(
                check_name(bad).map_err(|e| e.kind),
                Err(Kind::BadName),
                "{bad:?}"
            );
        }
        assert!(
            check_name(&"é".repeat(24)).is_ok(),
            "24 characters, 48 bytes"
        );
    }

    #[test]
    fn a_mistyped_player_gets_a_suggestion() {
        let r = Roster::new(vec!["alice".into(), "catherine".into()]);
        let e = r.find("catherin").expect_err("unknown");
        assert_eq!(e.kind, Kind::UnknownPlayer);
        assert!(
            e.message.contains("did you mean catherine?"),
            "{}",
            e.message
        );
        let e = r.find("zed").expect_err("unknown");
        assert!(!e.message.contains("did you mean"), "{}", e.message);
    }
}
