//! The games umpire keeps score for: one pure module per game, all of the same shape.
//!
//! A game is a [`Game`]: its options, its state, the verbs a scorekeeper types, how a
//! verb becomes an event ([`Game::command`]) and how an event changes the state
//! ([`Game::apply`]), plus a [`Scoreboard`] for the core to render and export. The
//! session core (log, undo, corrections, export, the prompt) knows no game; adding one
//! is a module here and a line in [`registry`].
//!
//! `apply` returns a `Result` (the design sketch has it infallible): the log is a file
//! people can edit or damage, and a replayed event that no longer fits the state must
//! be reported and skipped, not trusted. Recording a command dry-runs `apply` on a copy
//! of the state, so one function holds each rule.

pub mod registry;
pub mod scoreboard;
pub mod take_two;
pub mod word_taking;

use std::fmt::{self, Debug};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::lexicon::{Lexicon, RuleSet, Rules};
use crate::session::event::Event;
pub use scoreboard::{RoundRow, Scoreboard};

/// A command that was not recorded, and why: one line for the prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub String);

impl Refusal {
    pub fn new(message: impl Into<String>) -> Refusal {
        Refusal(message.into())
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for Refusal {
    fn from(e: E) -> Refusal {
        Refusal(e.to_string())
    }
}

/// What a verb's arguments complete to at the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    Player,
    Word,
    Round,
    Verb,
    Format,
    Text,
}

/// A verb the scorekeeper types, for `help`, hints and completion.
#[derive(Debug, Clone, Copy)]
pub struct Verb {
    pub name: &'static str,
    /// The argument synopsis, e.g. `PLAYER TILES`.
    pub args: &'static str,
    pub summary: &'static str,
    pub example: &'static str,
    /// What each positional argument completes to (the last repeats).
    pub completes: &'static [Arg],
    /// The verb reads the lines that follow, up to a blank line (a grid typed in rows),
    /// unless its arguments name a file.
    pub block: bool,
}

/// The most lines a block verb takes (a grid of 100 rows, with room to say it is too
/// big); longer blocks are still read to their end and then refused.
pub const MAX_BLOCK_LINES: usize = 101;

/// The players in seat order. Games keep per-player data by index; events name
/// players, so a log reads well and survives a rename.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roster {
    names: Vec<String>,
}

/// Longest player name: enough for a nickname, short enough for a score table.
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

    /// Finds a player by name, ignoring case.
    pub fn find(&self, name: &str) -> Result<usize, Refusal> {
        self.names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                Refusal(format!(
                    "unknown player {}: the players are {}",
                    crate::render::printable(name),
                    self.names.join(", ")
                ))
            })
    }

    /// Checks a new name: plain letters, digits, `-` and `_`, and not taken.
    pub fn check_new(&self, name: &str) -> Result<(), Refusal> {
        check_name(name)?;
        if self.names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            return Err(Refusal(format!("there is already a player called {name}")));
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

/// A plain name: 1 to `max` ASCII letters, digits, `-` or `_`, whose first character
/// passes `first`. Player and session names are both of this kind.
pub fn is_plain_name(name: &str, max: usize, first: fn(char) -> bool) -> bool {
    !name.is_empty()
        && name.len() <= max
        && name.starts_with(first)
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A player name: 1 to 24 letters, digits, `-` or `_`, starting with a letter.
pub fn check_name(name: &str) -> Result<(), Refusal> {
    if is_plain_name(name, MAX_NAME, |c| c.is_ascii_alphabetic()) {
        Ok(())
    } else {
        Err(Refusal(format!(
            "{} is not a player name: use 1 to {MAX_NAME} letters, digits, - or _, starting with a letter",
            crate::render::printable(name)
        )))
    }
}

/// Everything a command may read: the table as it stands and the word judge.
pub struct View<'a, G: Game> {
    pub state: &'a G::State,
    pub options: &'a G::Options,
    pub roster: &'a Roster,
    pub lexicon: &'a Lexicon,
    pub rules: &'a Rules,
    /// True when commands come from a script, where nobody can answer a question.
    pub script: bool,
}

/// A question put to the scorekeeper: on "yes", the events are recorded.
#[derive(Debug, Clone)]
pub struct Ask<E> {
    pub question: String,
    pub record: Vec<Event<E>>,
}

/// What a command comes to: events to record, lines to show, maybe a question.
#[derive(Debug, Clone)]
pub struct Action<E> {
    pub record: Vec<Event<E>>,
    pub show: Vec<String>,
    pub ask: Option<Ask<E>>,
}

impl<E> Action<E> {
    /// Record one game event.
    pub fn record(event: E) -> Action<E> {
        Action {
            record: vec![Event::Game(event)],
            show: Vec::new(),
            ask: None,
        }
    }

    /// Only show something; nothing is recorded.
    pub fn show(lines: Vec<String>) -> Action<E> {
        Action {
            record: Vec::new(),
            show: lines,
            ask: None,
        }
    }
}

/// What `umpire new` (or `new` at the prompt) asks of a game, read from flags and files
/// by the command layer so that games stay free of I/O.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    pub rounds: Option<u32>,
    pub limit: Option<u32>,
    /// A tile-set file: its name and contents.
    pub tiles: Option<(String, String)>,
}

/// One game's rules of play and scoring.
pub trait Game: Sized + 'static {
    /// As typed after `umpire new`, and as stored in the session header.
    const NAME: &'static str;
    /// As a person writes it.
    const TITLE: &'static str;
    /// The word rules a session of this game starts with.
    const RULES: RuleSet;

    type Options: Serialize + DeserializeOwned + Clone + Debug;
    type State: Clone + Debug;
    type Event: Serialize + DeserializeOwned + Clone + Debug + PartialEq;

    /// The game's options from `new`; refuses flags that make no sense for it.
    fn setup(setup: &Setup, players: usize) -> Result<Self::Options, Refusal>;

    /// One line for the session banner: "5 rounds; default tiles (117 + 3 blanks)".
    fn describe_options(options: &Self::Options) -> String;

    /// The state before anything is recorded.
    fn start(options: &Self::Options, players: usize) -> Self::State;

    /// The game's own verbs, in the order `help` lists them.
    fn verbs() -> &'static [Verb];

    /// Turns a typed verb into what to record. Pure: reads the view, changes nothing.
    fn command(
        view: &View<'_, Self>,
        verb: &str,
        args: &str,
        block: Option<&[String]>,
    ) -> Result<Action<Self::Event>, Refusal>;

    /// Applies one event, refusing one that does not fit the state.
    fn apply(
        state: &mut Self::State,
        options: &Self::Options,
        roster: &Roster,
        event: &Self::Event,
    ) -> Result<(), Refusal>;

    /// What was recorded, for the prompt and `history`: "bob left Q Z X: 28".
    fn describe(event: &Self::Event, state: &Self::State, options: &Self::Options) -> String;

    fn scoreboard(state: &Self::State, options: &Self::Options, roster: &Roster) -> Scoreboard;

    /// The prompt's progress marker: "r3", or "done".
    fn progress(state: &Self::State) -> String;

    /// Makes room for a player who joins; refuses when the game cannot take one now.
    fn add_player(state: &mut Self::State) -> Result<(), Refusal>;

    /// Turns `fix ROUND VERB ARGS` into a correction of a closed round. Games without
    /// rounds keep the default refusal.
    fn correction(
        view: &View<'_, Self>,
        round: u32,
        verb: &str,
        args: &str,
    ) -> Result<Self::Event, Refusal> {
        let _ = (view, round, verb, args);
        Err(Refusal(format!("{} has no rounds to fix", Self::TITLE)))
    }

    /// Applies a correction to a closed round.
    fn apply_correction(
        state: &mut Self::State,
        options: &Self::Options,
        roster: &Roster,
        round: u32,
        event: &Self::Event,
    ) -> Result<(), Refusal> {
        let _ = (state, options, roster, round, event);
        Err(Refusal(format!("{} has no rounds to fix", Self::TITLE)))
    }

    /// Words the session has seen that are worth completing (from its events).
    fn words(event: &Self::Event) -> Vec<String> {
        let _ = event;
        Vec::new()
    }
}
