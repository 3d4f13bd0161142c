//! The players at the table, in seat order, and what a player's name may be.

use std::collections::HashMap;

use super::{Kind, Refusal};

/// The players in seat order. Games keep per-player data by seat; events name players,
/// so a log reads well and survives a rename.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roster {
    names: Vec<String>,
    /// Every name's keys ([`Key`]) with its seat: a name is found, and a new one
    /// checked against every player, by a look-up each, so a log of many joins folds
    /// in time linear in its players (it took quadratic time when each join compared
    /// the name with every player before it).
    keys: HashMap<Key, usize>,
}

/// What makes two names one player's: the same letters ignoring case, or the same
/// look.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    /// The name in lowercase: Zoë and ZOË are one player.
    Folded(String),
    /// The name's confusable skeleton (Unicode's UTS #39), as written and in
    /// lowercase: bob and bоb (a Cyrillic о), or Al and AI (a capital i), look the
    /// same on a score table, so they cannot be two players.
    Looks(String),
}

/// Longest player name, in characters: enough for a nickname, short enough for a score
/// table.
pub(crate) const MAX_NAME: usize = 24;

/// The most players a table seats. No game seats anything near it (Board Chips deals
/// 7 of its 101 tiles to each of at most 14, TAKE rummy 7 cards of 54 to each of at
/// most 7, and the table games' scoreboards are read across a room), so it is a round
/// number far above a real table rather than any one game's limit: typing, `new`, a
/// log's header and its `player-joined` entries are all held to it, so no log can make
/// a roster (and the folds, tables and pages drawn from it) thousands of players long.
pub const MAX_PLAYERS: usize = 100;

impl Roster {
    pub(crate) fn new(names: Vec<String>) -> Roster {
        let mut roster = Roster {
            names: Vec::with_capacity(names.len()),
            keys: HashMap::new(),
        };
        for name in names {
            roster.push(name);
        }
        roster
    }

    /// Every player's name in seat order, as spelt now (after any rename).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// How many players have a seat, late joiners included.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for a roster of nobody (a log's header can name no player).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of the player in seat `i` (from 0); "?" for a seat nobody has.
    pub fn name(&self, i: usize) -> &str {
        self.names.get(i).map_or("?", String::as_str)
    }

    /// Finds a player by name, ignoring case; a near miss is suggested.
    pub fn find(&self, name: &str) -> Result<usize, Refusal> {
        if let Some(&i) = self.keys.get(&Key::Folded(name.to_lowercase())) {
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
    pub(crate) fn spell(&self, args: &str, at: &[usize]) -> Result<String, Refusal> {
        let mut words: Vec<&str> = args.split_whitespace().collect();
        for &i in at {
            if let Some(w) = words.get_mut(i) {
                *w = self.name(self.find(w)?);
            }
        }
        Ok(words.join(" "))
    }

    /// Checks a new name: see [`check_name`]; and neither taken, ignoring case, nor
    /// looking the same as a player's (letters of another script that look like
    /// theirs: `bоb` with a Cyrillic `о` beside `bob`).
    pub(crate) fn check_new(&self, name: &str) -> Result<(), Refusal> {
        check_name(name)?;
        if self.keys.contains_key(&Key::Folded(name.to_lowercase())) {
            return Err(Refusal::of(
                Kind::BadName,
                format!("there is already a player called {name}"),
            ));
        }
        let like = looks(name)
            .into_iter()
            .find_map(|k| self.keys.get(&k).copied());
        if let Some(i) = like {
            let other = self.name(i);
            let unlike: Vec<String> = name
                .chars()
                .filter(|c| !other.contains(*c))
                .map(|c| format!("{c} U+{:04X}", u32::from(c)))
                .collect();
            return Err(Refusal::of(
                Kind::BadName,
                format!(
                    "{} looks the same as {other}, who is already a player (it differs only in characters that look alike: {}); choose a name the table can tell apart",
                    crate::text::printable(name),
                    unlike.join(", ")
                ),
            ));
        }
        Ok(())
    }

    /// Checks that one more player may join: the table has a seat left
    /// ([`MAX_PLAYERS`]), and `name` may be theirs ([`Roster::check_new`]).
    pub(crate) fn check_join(&self, name: &str) -> Result<(), Refusal> {
        if self.names.len() >= MAX_PLAYERS {
            return Err(Refusal::of(
                Kind::Rule,
                format!(
                    "{} cannot join: a table seats at most {MAX_PLAYERS} players",
                    crate::text::printable(name)
                ),
            ));
        }
        self.check_new(name)
    }

    pub(crate) fn push(&mut self, name: String) {
        let seat = self.names.len();
        for key in keys(&name) {
            self.keys.entry(key).or_insert(seat);
        }
        self.names.push(name);
    }

    pub(crate) fn rename(&mut self, i: usize, to: String) {
        let Some(n) = self.names.get_mut(i) else {
            return;
        };
        for key in keys(n) {
            if self.keys.get(&key) == Some(&i) {
                self.keys.remove(&key);
            }
        }
        for key in keys(&to) {
            self.keys.entry(key).or_insert(i);
        }
        *n = to;
    }
}

/// A name's keys: as folded, and as it looks.
fn keys(name: &str) -> Vec<Key> {
    let mut keys = looks(name);
    keys.push(Key::Folded(name.to_lowercase()));
    keys
}

/// How a name looks, as written and in lowercase (UTS #39's skeleton maps each
/// character to the one it is mistaken for: Cyrillic о to o, a capital I to l, 0 to O).
fn looks(name: &str) -> Vec<Key> {
    let written: String = unicode_security::skeleton(name).collect();
    let lower: String = unicode_security::skeleton(&name.to_lowercase()).collect();
    if written == lower {
        vec![Key::Looks(written)]
    } else {
        vec![Key::Looks(written), Key::Looks(lower)]
    }
}

/// Two names are one player when they differ only in case (Zoë and ZOË).
pub fn same_name(a: &str, b: &str) -> bool {
    a == b || a.to_lowercase() == b.to_lowercase()
}

/// A plain name: 1 to `max` ASCII letters, digits, `-` or `_`, whose first character
/// passes `first`. Session names are of this kind: they are file names.
pub(crate) fn is_plain_name(name: &str, max: usize, first: fn(char) -> bool) -> bool {
    !name.is_empty()
        && name.len() <= max
        && name.starts_with(first)
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A player name: 1 to 24 letters (any alphabet: Zoë, José), digits, `-` or `_`,
/// starting with a letter. Nothing that could upset a terminal or a table, and nothing
/// invisible: the Hangul fillers (U+3164, U+115F, U+FFA0) count as letters but show
/// as nothing, so a name made of them is blank, and one with them inside looks like
/// the name without them.
pub(crate) fn check_name(name: &str) -> Result<(), Refusal> {
    if let Some(c) = name.chars().find(|c| crate::text::is_hidden(*c)) {
        return Err(Refusal::of(
            Kind::BadName,
            format!(
                "{} is not a player name: it holds an invisible character (U+{:04X}), so it would not look like what it is",
                crate::text::printable(name),
                u32::from(c)
            ),
        ));
    }
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
    fn a_name_holding_an_invisible_character_is_refused_with_the_reason() {
        for bad in [
            "\u{3164}",
            "\u{115f}",
            "\u{ffa0}",
            "\u{3164}\u{3164}",
            "bob\u{3164}",
            "b\u{115f}ob",
        ] {
            let e = check_name(bad).expect_err(bad);
            assert_eq!(e.kind, Kind::BadName);
            assert!(
                e.message.contains("invisible character (U+"),
                "{}",
                e.message
            );
        }
    }

    #[test]
    fn a_name_that_looks_like_a_player_s_is_refused_but_a_different_one_is_not() {
        let r = Roster::new(vec!["bob".into(), "Al".into(), "zoë".into()]);
        for (like, of, letters) in [
            ("b\u{43e}b", "bob", "\u{43e} U+043E"),
            ("B\u{41e}B", "bob", "U+041E"),
            ("AI", "Al", "I U+0049"),
            ("a1", "Al", "1 U+0031"),
            ("\u{1d41b}ob", "bob", "U+1D41B"),
        ] {
            let e = r.check_new(like).expect_err(like);
            assert_eq!(e.kind, Kind::BadName);
            assert!(
                e.message
                    .contains(&format!("looks the same as {of}, who is already a player")),
                "{like}: {}",
                e.message
            );
            assert!(e.message.contains(letters), "{like}: {}", e.message);
        }
        assert!(
            r.check_new("ZOË")
                .is_err_and(|e| e.message.contains("already a player called"))
        );
        for fine in ["bobby", "rob", "Ali", "zoe", "José"] {
            assert!(r.check_new(fine).is_ok(), "{fine}");
        }
    }

    #[test]
    fn a_renamed_player_is_found_by_the_new_name_and_frees_the_old_one() {
        let mut r = Roster::new(vec!["ann".into(), "bob".into()]);
        r.rename(1, "Robert".into());
        assert_eq!(r.find("robert"), Ok(1));
        assert_eq!(r.find("bob").map_err(|e| e.kind), Err(Kind::UnknownPlayer));
        assert!(r.check_new("bob").is_ok());
        assert!(r.check_new("R\u{43e}bert").is_err());
        assert_eq!(r, Roster::new(vec!["ann".into(), "Robert".into()]));
    }

    #[test]
    fn a_table_seats_at_most_max_players() {
        let mut r = Roster::default();
        for k in 0..MAX_PLAYERS {
            let name = format!("p{k}");
            r.check_join(&name).expect("a seat");
            r.push(name);
        }
        let e = r.check_join("late").expect_err("full");
        assert_eq!(e.kind, Kind::Rule);
        assert!(e.message.contains("at most 100 players"), "{}", e.message);
        assert!(r.check_new("late").is_ok(), "a rename is no join");
    }

    #[test]
    fn many_joins_are_checked_by_look_up_not_against_every_player() {
        // Each check is a few hash look-ups: 20,000 names check and seat in well under
        // a second, where comparing each with every earlier one took minutes.
        let mut r = Roster::default();
        for k in 0..20_000 {
            let name = format!("p{k}");
            r.check_new(&name).expect("new");
            r.push(name);
        }
        assert_eq!(r.find("P19999"), Ok(19_999));
        assert!(r.check_new("p0").is_err());
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
