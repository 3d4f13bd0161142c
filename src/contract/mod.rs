//! The game contract: what a game provides and what the session core gives it. Every
//! game implements [`Game`], which is four traits, one a role: [`Setup`] (its name,
//! flags and options), [`Engine`] (its state and how events change it), [`Prompt`]
//! (what the scorekeeper types) and [`Show`] (what the core shows of it). A game
//! implements each role in the module that does that job, so nothing forwards from one
//! file to another. The core (log, undo, corrections, exports, charts, stats, the
//! prompt, the scoreboard) reaches games only through these traits. This module depends on
//! nothing in the crate but the word judge and `text`, so a game depends on the
//! contract and never on the core, and the core on the contract and never on a game.
//!
//! `apply` returns a `Result` (the design sketch has it infallible): the log is a file
//! people can edit or damage, and a replayed event that no longer fits the state must
//! be reported and skipped, not trusted. Recording a command dry-runs `apply` on a copy
//! of the state, so one function holds each rule. See ARCHITECTURE.md.

mod action;
pub(crate) mod event;
mod extras;
mod files;
mod flags;
#[cfg(feature = "cli")]
mod oneshot;
mod refusal;
mod roster;
mod round_game;
mod rounds;
pub mod standings;
mod verb;
mod view;

use std::fmt::Debug;
use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use action::{Action, Ask, Ctx, Demo, Progress, Scene, Shown};
pub use event::Ruling;
pub use extras::Extras;
pub use files::Files;
pub(crate) use files::strict_json;
pub(crate) use flags::check_text;
pub use flags::{Flag, FlagKind, FlagValue, FlagValues};
#[cfg(feature = "cli")]
pub use oneshot::OneShot;
#[cfg(feature = "cli")]
pub(crate) use oneshot::{Answer, Given, MAX_INPUT};
pub use refusal::{Kind, Refusal, Refuse};
pub(crate) use roster::{MAX_NAME, check_name, is_plain_name};
pub use roster::{MAX_PLAYERS, Roster, same_name};
pub use round_game::{Called, Ends, EntryReads, Match, Plays, RoundEvent, RoundGame, waiting};
pub(crate) use round_game::{MAX_ROUNDS, MAX_TARGET};
pub use rounds::MidRound;
pub use rounds::{Round, Rounds};

/// The kind of [`Prompt::complete`] the scorekeeper's page asks for its piece buttons.
pub(crate) const PIECES: &str = "pieces";
pub use standings::{
    Closed, Column, EntryStatus, Figure, Mark, Period, Periods, Standings, Unit, Won,
};
pub(crate) use verb::verbs_of;
pub use verb::{Arg, Move, Reads, Text, Verb};
pub(crate) use verb::{MAX_BLOCK_LINES, MAX_LINE};
pub use view::{Block, Highlight, TableView};

use crate::lexicon::RuleSet;

/// A game: the four roles together, and the [`Extras`] it needs (none, for most).
/// Implemented for every type that plays them all.
pub trait Game: Prompt + Show + Extras<<Self as Engine>::Event> {}

impl<G: Prompt + Show + Extras<<G as Engine>::Event>> Game for G {}

/// What a game is called, what `new` takes for it, and what a session of it starts
/// from.
pub trait Setup: Sized + 'static {
    /// As typed after `umpire new`, and as stored in the session header.
    const NAME: &'static str;
    /// As a person writes it.
    const TITLE: &'static str;
    /// One line for `umpire new --help`: what the game is.
    const SUMMARY: &'static str;
    /// The game's word rules, by the names its sheet gives them (`--rules`); the first
    /// is the one a session starts with. Empty for a game that judges no words: its
    /// `new` then offers no word flags, and `check` uses the first registered game's.
    const RULE_SETS: &'static [RuleSet] = &[];

    /// The game's own flags for `new`, as data: a front end that reads a command line
    /// makes them flags, their ranges and choices checked there.
    const FLAGS: &'static [Flag] = &[];
    /// What the flags come to, stored in the session header.
    type Options: Serialize + DeserializeOwned + Clone + Debug + Send + Sync;

    /// The files the flags name (a tile set, a board): the core reads them, bounded,
    /// so that games stay free of I/O. By default every file flag given.
    fn files(flags: &FlagValues) -> Vec<PathBuf> {
        flags.files()
    }

    /// The game's options from its flags' values and files; refuses what makes no
    /// sense.
    fn setup(
        flags: &FlagValues,
        files: &Files,
        players: &[String],
    ) -> Result<Self::Options, Refusal>;

    /// Checks options read back from a log's header as strictly as [`Setup::setup`]
    /// checks flags: a header is a file anyone can edit.
    fn check_options(options: &Self::Options, players: usize) -> Result<(), Refusal> {
        let _ = (options, players);
        Ok(())
    }

    /// One line for the session banner: "5 rounds; default tiles (117 + 3 blanks)".
    fn describe_options(options: &Self::Options) -> String;

    /// What this session's game is called where it is not the game's own title: a
    /// score pad kept for another game shows that game's name (`--title Hearts`) in the
    /// banner, the prompt, the page and every export. None by default.
    fn title(options: &Self::Options) -> Option<&str> {
        let _ = options;
        None
    }

    /// A short session, for `new GAME --help` and the crash and fuzz suites: every
    /// registered game is played by them the day it is registered.
    fn demo() -> Demo;

    /// Commands the game adds to the shell (`umpire grid FILE`): front ends of their
    /// own, built with the command line.
    #[cfg(feature = "cli")]
    fn one_shots() -> &'static [OneShot] {
        &[]
    }
}

/// The rules of play and scoring: the game's state and how each event changes it.
/// Pure: no I/O, no printing, no clocks.
pub trait Engine: Setup {
    /// What a scoring period is called ("round", "hand"); `None` for a game scored turn
    /// by turn. Only games with periods offer `fix PERIOD`.
    const PERIOD: Option<&'static str> = None;

    /// The table as the entries leave it (scores, hands, the board): folded from the
    /// log, never stored.
    type State: Clone + Debug + Send + Sync;
    /// One thing the game records, as its line of the log holds it.
    type Event: Serialize + DeserializeOwned + Clone + Debug + PartialEq + Send + Sync;

    /// The state before anything is recorded.
    fn start(options: &Self::Options, players: usize) -> Self::State;

    /// Applies one event, refusing one that does not fit the state (and then leaving
    /// the state as it was).
    fn apply(
        state: &mut Self::State,
        options: &Self::Options,
        roster: &Roster,
        event: &Self::Event,
    ) -> Result<(), Refusal>;

    /// Makes room for a player who joins, starting from `score` (0 unless the house
    /// gave one); refuses when the game cannot take one now.
    fn add_player(
        state: &mut Self::State,
        options: &Self::Options,
        score: i64,
    ) -> Result<(), Refusal>;

    /// How many periods (rounds, hands) have closed: the core finds a period's
    /// entries by it (`fix PERIOD ...`). Games without periods keep the default.
    fn closed(state: &Self::State) -> u32 {
        let _ = state;
        0
    }
}

/// What the scorekeeper types: the verbs, and how a typed line becomes events.
pub trait Prompt: Engine {
    /// The game's own verbs with what reads each, in the order `help` lists them: one
    /// table, which [`Prompt::verbs`] and [`Prompt::command`] read. (The round layer,
    /// which carries out verbs of its own, has a table of its own:
    /// [`RoundGame::MOVES`].)
    const MOVES: &'static [Move<Reads<Self>>] = &[];

    /// The game's own verbs, in the order `help` lists them.
    fn verbs() -> Vec<&'static Verb> {
        verb::verbs_of(Self::MOVES)
    }

    /// Turns a typed verb into what to record, by its row of [`Prompt::MOVES`]. Pure:
    /// reads the context, changes nothing. The core refuses a verb the game does not
    /// list before it gets here.
    fn command(
        ctx: &Ctx<'_, Self>,
        verb: &str,
        args: &str,
        block: Option<&[String]>,
    ) -> Result<Action<Self::Event>, Refusal> {
        match Self::MOVES.iter().find(|m| m.verb.name == verb) {
            Some(m) => (m.reads)(ctx, m.verb.name, args, block),
            None => Err(Refusal::input(format!(
                "unknown verb {}",
                crate::text::printable(verb)
            ))),
        }
    }

    /// The verbs `fix PERIOD VERB ARGS` takes: the entries a period holds (Take Two's
    /// out, left, penalty and pardon). The core turns such a line into `fix #N` of the
    /// entry it replaces, or adds it to the period.
    const FIXES: &'static [&'static str] = &[];

    /// What stands in `old`'s place in their period when `fix PERIOD` types `new`:
    /// `new` itself when it takes old's place whole (the same player's finish), an
    /// event made of both when it corrects part of `old` (one player's points in a
    /// round typed whole, whose seat `roster` finds), or `None` when it leaves `old`
    /// alone. An entry that replaces nothing is added to its period (a penalty).
    fn in_place_of(new: &Self::Event, old: &Self::Event, roster: &Roster) -> Option<Self::Event> {
        let _ = (new, old, roster);
        None
    }

    /// Candidates for an argument of kind [`Arg::Own`] as the table stands. The kind
    /// `PIECES` is asked by the scorekeeper's page for its buttons: a game whose
    /// pieces are typed run together (Take Two's `left bob QZX`) names them there, where
    /// Tab could not offer them one at a time; a game without it shows the candidates
    /// of its verbs' own kinds.
    fn complete(scene: &Scene<'_, Self>, kind: &str) -> Vec<String> {
        let _ = (scene, kind);
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

    /// The texts `event` holds that typing bounds more tightly than a line, each with
    /// its limit (Take Two's penalty reason: 200 characters). A log is a file anyone
    /// can edit: text read from it that is longer than typing allows is cut to the
    /// limit and said, never shown whole. Every text an event holds is held to a line
    /// (`MAX_LINE`) whatever this says; none by default.
    fn texts(event: &mut Self::Event) -> Vec<Text<'_>> {
        let _ = event;
        Vec::new()
    }
}

/// What the core shows of a game: its events in words, its standings, its own table,
/// its export and where it stands.
pub trait Show: Engine {
    /// What an event recorded, in words, against the table it was applied to
    /// (`before`): "bob left Q Z X: 28".
    fn describe(event: &Self::Event, before: &Scene<'_, Self>) -> String;

    /// The banner's options as they stand now: what `new` was given, changed by the
    /// match since (a `target` or `rounds` entry), so an opening does not say "to 500
    /// points" above "playing to 300".
    fn describe_now(scene: &Scene<'_, Self>) -> String {
        Self::describe_options(scene.options)
    }

    /// The scores as they stand: everything the core shows, exports, charts and counts.
    fn standings(scene: &Scene<'_, Self>) -> Standings;

    /// The game's own table (hands, a board, the words in front of each player) for
    /// `table`; empty when there is nothing to show.
    fn table(scene: &Scene<'_, Self>) -> TableView {
        let _ = scene;
        TableView::default()
    }

    /// Game-specific fields for the JSON export (a board's kitty, each player's words).
    fn export(scene: &Scene<'_, Self>) -> serde_json::Map<String, serde_json::Value> {
        let _ = scene;
        serde_json::Map::new()
    }

    /// Where the game stands, for the prompt and for rulings.
    fn progress(scene: &Scene<'_, Self>) -> Progress;

    /// What the table needs to hear when a session opens or resumes, beyond the
    /// standings and their status line: whose turn it is, what a player must know to
    /// play it (the pool, the centre and the drawn letter, the hand and the dealer).
    fn situation(scene: &Scene<'_, Self>) -> Vec<String> {
        let _ = scene;
        Vec::new()
    }

    /// The ruling an event stands for, when it is one (a penalty for a word): `rulings`,
    /// the exports and the page show it beside the word rulings. `before` is the table
    /// the event met.
    fn ruling(event: &Self::Event, before: &Scene<'_, Self>) -> Option<Ruling> {
        let _ = (event, before);
        None
    }
}
