//! The games umpire keeps score for: one pure module per game, all of the same shape.
//!
//! A game is a [`Game`]: the flags `new` takes for it, its options, its state, the verbs
//! a scorekeeper types, how a verb becomes an event ([`Game::command`]) and how an event
//! changes the state ([`Game::apply`]), plus what the core shows of it: its
//! [`Standings`] (scores, who leads, who won) and its own table ([`TableView`]). The
//! session core (log, undo, corrections, export, charts, stats, the prompt) knows no
//! game; adding one is a module here and one entry in [`registry::GAMES`].
//!
//! `apply` returns a `Result` (the design sketch has it infallible): the log is a file
//! people can edit or damage, and a replayed event that no longer fits the state must
//! be reported and skipped, not trusted. Recording a command dry-runs `apply` on a copy
//! of the state, so one function holds each rule. See ARCHITECTURE.md.

pub mod board_chips;
pub mod registry;
mod roster;
mod setup;
pub mod standings;
pub mod take_rummy;
pub mod take_two;
pub mod view;
pub mod word_taking;

use std::fmt::{self, Debug};
use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::lexicon::{Lexicon, RuleSet, Rules};
use crate::session::event::Event;
pub use roster::{MAX_NAME, Roster, check_name, is_plain_name, same_name};
pub use setup::Files;
pub use standings::{Column, Entry, Figure, Mark, Period, Periods, Standings, Unit};
pub use view::{Block, TableView};

/// A command that was not recorded, and why: one line for the prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub kind: Kind,
    pub message: String,
}

/// What sort of refusal: stable for tests and scripts, whatever the wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A name that is not one of the players.
    UnknownPlayer,
    /// A player or session name that is malformed or taken.
    BadName,
    /// The match is decided: nothing more can be scored.
    MatchOver,
    /// The input did not parse (a verb's arguments, tiles, cards).
    BadInput,
    /// Well-formed, but the rules of the game (or the state of the table) forbid it.
    Rule,
}

impl Refusal {
    /// A refusal under the rules of the game.
    pub fn new(message: impl Into<String>) -> Refusal {
        Refusal {
            kind: Kind::Rule,
            message: message.into(),
        }
    }

    /// Input that did not parse.
    pub fn input(message: impl Into<String>) -> Refusal {
        Refusal {
            kind: Kind::BadInput,
            message: message.into(),
        }
    }

    pub fn of(kind: Kind, message: impl Into<String>) -> Refusal {
        Refusal {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Any module's error (a tile that is not a tile, a run that is not a run) is a
/// refusal with its message.
impl<E: std::error::Error> From<E> for Refusal {
    fn from(e: E) -> Refusal {
        Refusal::new(e.to_string())
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
    /// Something the game completes itself ([`Game::complete`]): cards not yet placed
    /// this hand, squares still open, letters in the centre.
    Own(&'static str),
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

/// Everything a command may read: the table as it stands and the word judge.
pub struct Ctx<'a, G: Game> {
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
    /// Shown before the "recorded" lines: what the ruling was.
    pub show: Vec<String>,
    /// Shown after them, once recorded (never when recording fails): what follows
    /// from the move (Word Taking's hint of what was missed, once the turn has ended;
    /// that a ruling is kept).
    pub then: Vec<String>,
    pub ask: Option<Ask<E>>,
    /// The move itself was refused, though `record` keeps something of it (the
    /// ruling that refused it): the reply counts as a refusal, so a script exits 1
    /// and an `undo` straight after asks before taking back the entry before.
    pub refused: bool,
}

impl<E> Action<E> {
    /// Record one game event.
    pub fn record(event: E) -> Action<E> {
        Action {
            record: vec![Event::Game(event)],
            show: Vec::new(),
            then: Vec::new(),
            ask: None,
            refused: false,
        }
    }

    /// Only show something; nothing is recorded.
    pub fn show(lines: Vec<String>) -> Action<E> {
        Action {
            record: Vec::new(),
            show: lines,
            then: Vec::new(),
            ask: None,
            refused: false,
        }
    }
}

/// Where a game stands, for the prompt and for rulings: "r3" and 3.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Short, for the prompt: "r3", "h2", "t14", "over".
    pub label: String,
    /// The round, hand or turn number a ruling given now is filed under.
    pub number: u32,
}

/// A short session of a game, as a scorekeeper would type it. The crash and fuzz
/// suites play every registered game's demo, so a game is covered the day it is
/// registered; `umpire new GAME --help` shows it as the example.
#[derive(Debug, Clone, Copy)]
pub struct Demo {
    /// Players, then any flags for `new`.
    pub new: &'static [&'static str],
    /// Commands that each record exactly one event, in order.
    pub script: &'static [&'static str],
}

/// One game's rules of play and scoring.
pub trait Game: Sized + 'static {
    /// As typed after `umpire new`, and as stored in the session header.
    const NAME: &'static str;
    /// As a person writes it.
    const TITLE: &'static str;
    /// One line for `umpire new --help`: what the game is.
    const SUMMARY: &'static str;
    /// The word rules a session starts with; `None` for a game that judges no words
    /// (its `new` then offers no word flags, and `check` uses Take Two's rules).
    const RULES: Option<RuleSet>;
    /// What a scoring period is called ("round", "hand"); `None` for a game scored turn
    /// by turn. Only games with periods offer `fix`.
    const PERIOD: Option<&'static str>;

    /// The game's own flags for `new`, declared with clap's derive.
    type Flags: clap::Args + Debug;
    /// What the flags come to, stored in the session header.
    type Options: Serialize + DeserializeOwned + Clone + Debug;
    type State: Clone + Debug;
    type Event: Serialize + DeserializeOwned + Clone + Debug + PartialEq;

    /// The files the flags name (a tile set, a board): the core reads them, bounded,
    /// so that games stay free of I/O.
    fn files(flags: &Self::Flags) -> Vec<PathBuf> {
        let _ = flags;
        Vec::new()
    }

    /// The game's options from its flags and files; refuses what makes no sense.
    fn setup(
        flags: &Self::Flags,
        files: &Files,
        players: &[String],
    ) -> Result<Self::Options, Refusal>;

    /// Checks options read back from a log's header as strictly as [`Game::setup`]
    /// checks flags: a header is a file anyone can edit.
    fn check_options(options: &Self::Options, players: usize) -> Result<(), Refusal> {
        let _ = (options, players);
        Ok(())
    }

    /// One line for the session banner: "5 rounds; default tiles (117 + 3 blanks)".
    fn describe_options(options: &Self::Options) -> String;

    /// The state before anything is recorded.
    fn start(options: &Self::Options, players: usize) -> Self::State;

    /// The game's own verbs, in the order `help` lists them.
    fn verbs() -> &'static [Verb];

    /// Turns a typed verb into what to record. Pure: reads the context, changes nothing.
    fn command(
        ctx: &Ctx<'_, Self>,
        verb: &str,
        args: &str,
        block: Option<&[String]>,
    ) -> Result<Action<Self::Event>, Refusal>;

    /// Checks one row of a block verb as it is typed (row `number`, from 1), so a
    /// mistake is said on the row where it is made.
    fn check_row(verb: &str, number: usize, row: &str) -> Result<(), Refusal> {
        let _ = (verb, number, row);
        Ok(())
    }

    /// Applies one event, refusing one that does not fit the state.
    fn apply(
        state: &mut Self::State,
        options: &Self::Options,
        roster: &Roster,
        event: &Self::Event,
    ) -> Result<(), Refusal>;

    /// What an event recorded, in words, against the state it was applied to (`before`):
    /// "bob left Q Z X: 28".
    fn describe(
        event: &Self::Event,
        before: &Self::State,
        options: &Self::Options,
        roster: &Roster,
    ) -> String;

    /// The scores as they stand: everything the core shows, exports, charts and counts.
    fn standings(state: &Self::State, options: &Self::Options, roster: &Roster) -> Standings;

    /// The game's own table (hands, a board, the words in front of each player) for
    /// `table`; empty when there is nothing to show.
    fn table(state: &Self::State, options: &Self::Options, roster: &Roster) -> TableView {
        let _ = (state, options, roster);
        TableView::default()
    }

    /// Game-specific fields for the JSON export (a board's kitty, each player's words).
    fn export(
        state: &Self::State,
        options: &Self::Options,
        roster: &Roster,
    ) -> serde_json::Map<String, serde_json::Value> {
        let _ = (state, options, roster);
        serde_json::Map::new()
    }

    /// Where the game stands, for the prompt and for rulings.
    fn progress(state: &Self::State, options: &Self::Options, roster: &Roster) -> Progress;

    /// Makes room for a player who joins, starting from `score` (0 unless the house
    /// gave one); refuses when the game cannot take one now.
    fn add_player(
        state: &mut Self::State,
        options: &Self::Options,
        score: i64,
    ) -> Result<(), Refusal>;

    /// Turns `fix PERIOD VERB ARGS` into a correction. Games without periods keep the
    /// default refusal.
    fn correction(
        ctx: &Ctx<'_, Self>,
        period: u32,
        verb: &str,
        args: &str,
    ) -> Result<Self::Event, Refusal> {
        let _ = (ctx, period, verb, args);
        Err(Refusal::new(format!("{} has nothing to fix", Self::TITLE)))
    }

    /// Applies a correction to a period.
    fn apply_correction(
        state: &mut Self::State,
        options: &Self::Options,
        roster: &Roster,
        period: u32,
        event: &Self::Event,
    ) -> Result<(), Refusal> {
        let _ = (state, options, roster, period, event);
        Err(Refusal::new(format!("{} has nothing to fix", Self::TITLE)))
    }

    /// Candidates for an argument of kind [`Arg::Own`] as the table stands.
    fn complete(
        state: &Self::State,
        options: &Self::Options,
        roster: &Roster,
        kind: &str,
    ) -> Vec<String> {
        let _ = (state, options, roster, kind);
        Vec::new()
    }

    /// The player an event is about, if one: the prompt follows a recorded entry with
    /// that player's standing.
    fn player(event: &Self::Event) -> Option<&str> {
        let _ = event;
        None
    }

    /// Words an event holds that are worth completing at the prompt.
    fn words(event: &Self::Event) -> Vec<String> {
        let _ = event;
        Vec::new()
    }

    /// A short session, for `new GAME --help` and the crash and fuzz suites.
    fn demo() -> Demo;
}

/// "alice", "alice and bob", "alice, bob and carol".
pub fn and_list<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// The candidate nearest to a mistyped `typed` (ignoring case), when it is near
/// enough to be what was meant: at most two edits, and fewer than its length.
pub fn did_you_mean<'a>(
    typed: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let typed = typed.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&typed, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= 2 && *d < c.chars().count())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// "1 word", "2 words".
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 || n == -1 { one } else { many })
}
