//! Why a TAKE rummy entry was refused. One enum serves the hand, the table, the match
//! and the verb parsers, because they refuse the same things (a card placed twice, a
//! run that is not there) and the prompt shows them all the same way: one line.

use thiserror::Error;

use super::runs::RunError;
use super::takes::TakeError;
use crate::contract::{Kind, Refuse};
use crate::games::take_rummy::cards::{CardError, Natural};

/// Why an entry, a correction or a question was refused; nothing was recorded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RummyError {
    #[error(transparent)]
    Card(#[from] CardError),
    /// A run that does not pass, with which run it was: "alice's second run: ...".
    #[error("{which}: {why}")]
    Run { which: String, why: RunError },
    #[error(transparent)]
    Take(#[from] TakeError),
    /// A verb typed without what it needs; the message shows an example.
    #[error("{0}")]
    Usage(String),
    #[error("unknown player {name}: the players are {players}")]
    UnknownPlayer { name: String, players: String },
    #[error(
        "{player} already has a {verb} entry this hand ({entry}); `undo` it, or `fix` it once the hand is closed"
    )]
    AlreadyEntered {
        player: String,
        verb: &'static str,
        entry: String,
    },
    #[error("{card} is already {place}: the deck has one of each card")]
    CardTwice { card: Natural, place: String },
    #[error("a third joker this hand: the deck has only 2 ({places})")]
    ThirdJoker { places: String },
    #[error("{player} has {have}: there is no run {player}:{number}")]
    NoSuchRun {
        player: String,
        number: u32,
        have: String,
    },
    #[error("{player} has no run on the table to take")]
    NoRuns { player: String },
    #[error("{player} has {count} runs on the table, {runs}: say which")]
    WhichRun {
        player: String,
        count: usize,
        /// The runs with their names: "alice:1 (5C-7C) and alice:2 (2H-4H)".
        runs: String,
    },
    #[error("{run} is named twice: a double take joins two different runs")]
    SameRunTwice { run: String },
    #[error(
        "the table is tracked this hand (lay and take): {player}'s runs are counted from it, so `laid` is not needed"
    )]
    Tracked { player: String },
    #[error(
        "this hand is scored from `laid` entries; `lay` and `take` can track the table only from a hand's start"
    )]
    NotTracked,
    #[error(
        "{player}'s hand is already recorded as held ({cards}); `undo` that before they lay or take"
    )]
    AlreadyHeld { player: String, cards: String },
    #[error("{names} {verb} no held entry yet (held PLAYER CARDS, or held PLAYER - for none)")]
    MissingHeld { names: String, verb: &'static str },
    #[error("hand {hand} is not the open hand ({open})")]
    WrongHand { hand: u32, open: u32 },
    #[error("the match is over ({winners}); start a new session for another")]
    MatchOver { winners: String },
    #[error("a player can join only between hands (this hand has entries)")]
    JoinMidHand,
    #[error("the match is over: nobody can join it; start a new session for another")]
    JoinAfterEnd,
    #[error(
        "a start of {score} points: a player who joins starts above -{target} and below the target of {target}"
    )]
    BadStart { score: i64, target: u32 },
    #[error("{0}")]
    NoSuchHand(String),
    #[error("{player} was not playing in hand {hand}")]
    NotInHand { player: String, hand: u32 },
    #[error(
        "with this correction the match would have ended after hand {hand} ({player} reaching {total}), but {closed} hands are closed"
    )]
    EndsEarlier {
        hand: u32,
        player: String,
        total: i64,
        closed: usize,
    },
    #[error("a target of {0} points: the target is 1 to {max} points", max = super::state::MAX_TARGET)]
    BadTarget(u64),
    #[error("{0} is not a correction: fix takes laid or held, e.g. fix 2 held bob 5C QS")]
    NotACorrection(&'static str),
}

impl Refuse for RummyError {
    fn kind(&self) -> Kind {
        match self {
            RummyError::UnknownPlayer { .. } => Kind::UnknownPlayer,
            RummyError::MatchOver { .. } | RummyError::JoinAfterEnd => Kind::MatchOver,
            RummyError::Card(CardError::Repeated(_) | CardError::ThirdJoker) => Kind::Rule,
            RummyError::Card(_)
            | RummyError::Usage(_)
            | RummyError::BadTarget(_)
            | RummyError::BadStart { .. }
            | RummyError::NotACorrection(_) => Kind::BadInput,
            RummyError::Run { .. }
            | RummyError::Take(_)
            | RummyError::AlreadyEntered { .. }
            | RummyError::CardTwice { .. }
            | RummyError::ThirdJoker { .. }
            | RummyError::NoSuchRun { .. }
            | RummyError::NoRuns { .. }
            | RummyError::WhichRun { .. }
            | RummyError::SameRunTwice { .. }
            | RummyError::Tracked { .. }
            | RummyError::NotTracked
            | RummyError::AlreadyHeld { .. }
            | RummyError::MissingHeld { .. }
            | RummyError::WrongHand { .. }
            | RummyError::JoinMidHand
            | RummyError::NoSuchHand(_)
            | RummyError::NotInHand { .. }
            | RummyError::EndsEarlier { .. } => Kind::Rule,
        }
    }
}
