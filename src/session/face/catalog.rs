//! The games a session can be of, as the core holds them. [`Registered::of`] turns a game's
//! [`Game`] impl into plain data and functions the core can call without knowing the
//! game; the registry (`src/registry.rs`) is a list of them, handed to the core as a
//! [`Catalog`]. The core never names a game: it finds one by the name typed after `new`
//! or stored in a log's header.

use std::path::Path;

#[cfg(feature = "cli")]
use crate::contract::OneShot;
use crate::contract::{Demo, Flag, Game, Verb};
use crate::lexicon::{RuleSet, Rules};
use crate::session::error::SessionError;
use crate::session::face::new::{self, NewIn, NewSession};
use crate::session::log::store::{Contents, Log, Reading};
use crate::session::{AnySession, OpenWith, Session};

/// A session of some game, as the core holds it.
pub(in crate::session) type Boxed = Box<dyn AnySession>;

/// What the core can do with a game without knowing it.
pub struct Registered {
    /// As typed after `umpire new`, and as a log's header stores it.
    pub name: &'static str,
    /// As a person writes it ("Take Two").
    pub title: &'static str,
    /// One line for `umpire new --help`: what the game is.
    pub summary: &'static str,
    /// Its word rules, the one its sessions start with first (none: it judges no words).
    pub(crate) rule_sets: &'static [RuleSet],
    /// The game's own verbs, for `help`, hints and completion.
    pub verbs: fn() -> Vec<&'static Verb>,
    /// A short session as typed: `new GAME --help` shows it, the crash suites play it.
    pub demo: fn() -> Demo,
    /// The game's own flags for `new`, as data.
    pub flags: &'static [Flag],
    /// The game's own shell commands (`umpire grid FILE`).
    #[cfg(feature = "cli")]
    pub(crate) one_shots: fn() -> &'static [OneShot],
    /// Starts a session as `new` describes it.
    pub(in crate::session) start: fn(NewSession, &NewIn<'_>) -> Result<Boxed, SessionError>,
    pub(in crate::session) load:
        fn(&Path, Contents, Option<Log>, OpenWith) -> Result<Boxed, SessionError>,
    /// Opens a session from a log being read, its entries typed as they are read.
    pub(in crate::session) read: fn(&Path, &mut Reading, OpenWith) -> Result<Boxed, SessionError>,
}

impl Registered {
    /// The entry of game `G`: what the registry lists.
    pub const fn of<G: Game>() -> Registered {
        Registered {
            name: G::NAME,
            title: G::TITLE,
            summary: G::SUMMARY,
            rule_sets: G::RULE_SETS,
            verbs: G::verbs,
            demo: G::demo,
            flags: G::FLAGS,
            #[cfg(feature = "cli")]
            one_shots: G::one_shots,
            start: new::start::<G>,
            load: load::<G>,
            read: read::<G>,
        }
    }
}

fn load<G: Game>(
    path: &Path,
    contents: Contents,
    log: Option<Log>,
    with: OpenWith,
) -> Result<Boxed, SessionError> {
    Session::<G>::from_contents(path, contents, log, with).map(|s| Box::new(s) as Boxed)
}

fn read<G: Game>(
    path: &Path,
    reading: &mut Reading,
    with: OpenWith,
) -> Result<Boxed, SessionError> {
    Session::<G>::from_reading(path, reading, with).map(|s| Box::new(s) as Boxed)
}

/// The games the core may open and start sessions of: umpire's own list, and a
/// program's own games after them (`umpire::run`), each a static list, so that a
/// catalog is copied freely and nothing is allocated or leaked to join them.
#[derive(Clone, Copy)]
pub struct Catalog {
    first: &'static [Registered],
    more: &'static [Registered],
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter().map(|e| e.name)).finish()
    }
}

impl Catalog {
    /// These games, in this order.
    pub const fn of(games: &'static [Registered]) -> Catalog {
        Catalog {
            first: games,
            more: &[],
        }
    }

    /// These games, then `more` (a program's own games after umpire's). A name given
    /// twice is refused when `umpire::run` starts.
    pub const fn and(self, more: &'static [Registered]) -> Catalog {
        Catalog {
            first: self.first,
            more,
        }
    }

    /// Every game, in order.
    pub(crate) fn iter(self) -> impl Iterator<Item = &'static Registered> {
        self.first.iter().chain(self.more)
    }

    /// Refuses a catalog in which two games have one name (a game of a program's
    /// called `take-two`), or a name `new` could not take: a log's header names its
    /// game by it, so it must open one game only.
    #[cfg(feature = "cli")]
    pub(crate) fn check(self) -> Result<(), SessionError> {
        for (i, g) in self.iter().enumerate() {
            let plain = !g.name.is_empty()
                && g.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !plain || self.iter().take(i).any(|h| h.name == g.name) {
                return Err(SessionError::UnknownGame {
                    name: format!(
                        "{} (registered twice, or not a name `new` takes: lower case letters, digits and -)",
                        crate::text::printable(g.name)
                    ),
                    known: self.names().join(", "),
                });
            }
        }
        Ok(())
    }

    /// The game called `name`.
    pub(crate) fn find(self, name: &str) -> Result<&'static Registered, SessionError> {
        self.iter()
            .find(|g| g.name == name)
            .ok_or_else(|| SessionError::UnknownGame {
                name: crate::text::printable(name),
                known: self.names().join(", "),
            })
    }

    /// Every game's name, in the registry's order.
    pub(crate) fn names(self) -> Vec<&'static str> {
        self.iter().map(|g| g.name).collect()
    }

    /// Every game's rule sets, each name once, in the registry's order, then the
    /// lexicon's own [`RuleSet::STANDARD`].
    pub fn rule_sets(self) -> Vec<RuleSet> {
        let mut sets: Vec<RuleSet> = Vec::new();
        let own = [RuleSet::STANDARD];
        for set in self.iter().flat_map(|g| g.rule_sets.iter()).chain(&own) {
            if !sets.iter().any(|s| s.name == set.name) {
                sets.push(*set);
            }
        }
        sets
    }

    /// The rules a session or command uses when nothing says otherwise: the first
    /// registered game's (`check` with no session, a game that judges no words), else
    /// the lexicon's standard set.
    pub fn default_rule_set(self) -> RuleSet {
        self.iter()
            .flat_map(|g| g.rule_sets.iter())
            .next()
            .copied()
            .unwrap_or(RuleSet::STANDARD)
    }

    /// [`Catalog::default_rule_set`]'s rules, at their defaults.
    pub fn default_rules(self) -> Rules {
        Rules::new(self.default_rule_set())
    }

    /// Every game's verbs, for telling "needs a session" from "unknown verb".
    pub fn every_verb(self) -> impl Iterator<Item = &'static Verb> {
        self.iter().flat_map(|g| (g.verbs)())
    }

    /// Every game's shell commands.
    #[cfg(feature = "cli")]
    pub(crate) fn one_shots(self) -> impl Iterator<Item = &'static OneShot> {
        self.iter().flat_map(|g| (g.one_shots)().iter())
    }

    /// The entry a log's header names.
    pub(in crate::session) fn of_header(
        self,
        header: &serde_json::Value,
        path: &Path,
    ) -> Result<&'static Registered, SessionError> {
        let name = header
            .get("game")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| SessionError::NoGame {
                path: path.display().to_string(),
            })?;
        self.find(name)
    }
}
