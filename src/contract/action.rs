//! What a command comes to ([`Action`]), and what it may read ([`Ctx`]).

use super::event::{Event, Ruling};
use super::{Engine, Roster};
use crate::lexicon::{Lexicon, Rules};

/// A game as it stands: its state, its options and its players, which every display
/// reads together.
pub struct Scene<'a, G: Engine> {
    /// The game's state, as the entries that count leave it.
    pub state: &'a G::State,
    /// The options the session was started with (`new`'s flags).
    pub options: &'a G::Options,
    /// The players in seat order, as named now.
    pub roster: &'a Roster,
}

impl<G: Engine> Clone for Scene<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Engine> Copy for Scene<'_, G> {}

/// Everything a command may read: the table as it stands and the word judge.
pub struct Ctx<'a, G: Engine> {
    /// The game's state, as the entries that count leave it.
    pub state: &'a G::State,
    /// The options the session was started with (`new`'s flags).
    pub options: &'a G::Options,
    /// The players in seat order, for finding one a command names.
    pub roster: &'a Roster,
    /// The word judge, for a game that rules on words.
    pub lexicon: &'a Lexicon,
    /// The session's word rules as they stand (its rule set, and the table's own
    /// `allow` and `deny`).
    pub rules: &'a Rules,
    /// True when commands come from a script, where nobody can answer a question: a
    /// game records what it would have asked, or refuses it.
    pub script: bool,
}

impl<'a, G: Engine> Ctx<'a, G> {
    /// The game as it stands, without the judge.
    pub fn scene(&self) -> Scene<'a, G> {
        Scene {
            state: self.state,
            options: self.options,
            roster: self.roster,
        }
    }
}

/// A question put to the scorekeeper: on "yes", the events are recorded and `after`
/// is said, as an [`Action`]'s `then` is once its events are in the log (whose deal the
/// next hand is). `then` is put next, whatever the answer (a grid's penalty, then the
/// entry its hand leaves).
#[derive(Debug, Clone)]
pub struct Ask<E> {
    pub(crate) question: String,
    pub(crate) record: Vec<Event<E>>,
    pub(crate) after: Vec<String>,
    pub(crate) then: Option<Box<Ask<E>>>,
}

impl<E> Ask<E> {
    /// `question`, whose yes records the game's event `record`.
    pub fn of(question: impl Into<String>, record: E) -> Ask<E> {
        Ask::new(question.into(), vec![Event::Game(record)])
    }

    /// A question on its own: nothing is said after a yes, nothing asked after it.
    pub(crate) fn new(question: String, record: Vec<Event<E>>) -> Ask<E> {
        Ask {
            question,
            record,
            after: Vec::new(),
            then: None,
        }
    }
}

/// Something a command shows before what it records: a line of text, or a ruling, which
/// each screen draws its own way (a table at the prompt).
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// A line in the game's own words (a hint, a hand's state).
    Text(String),
    /// A word ruling in full, before the entry it led to.
    Ruling(Ruling),
}

impl From<String> for Shown {
    fn from(text: String) -> Shown {
        Shown::Text(text)
    }
}

/// What a command comes to: events to record, lines to show, maybe a question.
#[derive(Debug, Clone)]
pub struct Action<E> {
    pub(crate) record: Vec<Event<E>>,
    /// Shown before the "recorded" lines: what the ruling was.
    pub(crate) show: Vec<Shown>,
    /// Shown after them, once recorded (never when recording fails): what follows
    /// from the move (Word Taking's hint of what was missed, once the turn has ended;
    /// that a ruling is kept).
    pub(crate) then: Vec<String>,
    pub(crate) ask: Option<Ask<E>>,
    /// The move itself was refused, though `record` keeps something of it (the
    /// ruling that refused it): the reply counts as a refusal, so a script exits 1
    /// and an `undo` straight after asks before taking back the entry before.
    pub(crate) refused: bool,
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

    /// Says `line` once the action's events are recorded (never when recording fails):
    /// what follows from the move (whose deal is next).
    pub fn then(mut self, line: impl Into<String>) -> Action<E> {
        self.then.push(line.into());
        self
    }

    /// Asks `ask` instead of recording: a yes records what it offers.
    pub fn asking(self, ask: Ask<E>) -> Action<E> {
        Action {
            ask: Some(ask),
            record: Vec::new(),
            ..self
        }
    }

    /// Only show something; nothing is recorded.
    pub fn show(lines: Vec<String>) -> Action<E> {
        Action {
            record: Vec::new(),
            show: lines.into_iter().map(Shown::Text).collect(),
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
