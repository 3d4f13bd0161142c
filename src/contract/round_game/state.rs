//! [`Match`]: a game of rounds as the layer holds it: the rounds (the contract's
//! [`Rounds`]), and where the match ends: a length in rounds, a target, or the table's
//! `finish`.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::super::{Flag, FlagKind, FlagValues, Round, Rounds};
use super::error::{MAX_ROUNDS, MAX_TARGET};

/// Where a match of rounds ends, as its options set it and the table changes it
/// (`rounds N`, `target N`). With neither, it goes on until the table says `finish`.
/// A game's options may hold it as they are (`#[serde(flatten)]`): its fields are its
/// flags' names, `rounds` and `target`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ends {
    /// The match is over once this many rounds have closed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// The match is over once a round closes with someone's total at or past this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i64>,
}

impl Ends {
    /// `--rounds K`, for a game whose options keep its [`Ends`].
    pub const ROUNDS: Flag = Flag {
        name: "rounds",
        value: "K",
        help: "End the match after K rounds (`rounds N` changes it later)",
        kind: FlagKind::Number {
            min: 1,
            max: MAX_ROUNDS as i64,
            default: None,
        },
    };

    /// `--target N`, for a game whose options keep its [`Ends`].
    pub const TARGET: Flag = Flag {
        name: "target",
        value: "N",
        help: "End the match when a round closes with someone at or past N points",
        kind: FlagKind::Number {
            min: 1,
            max: MAX_TARGET,
            default: None,
        },
    };

    /// A match played to `target` points, however many rounds that takes.
    pub fn target(target: i64) -> Ends {
        Ends {
            rounds: None,
            target: Some(target),
        }
    }

    /// The ends [`Ends::ROUNDS`] and [`Ends::TARGET`] were given.
    pub fn of(flags: &FlagValues) -> Ends {
        Ends {
            rounds: flags.number("rounds").and_then(|n| u32::try_from(n).ok()),
            target: flags.number("target"),
        }
    }

    /// The banner's words: "5 rounds or to 100 points", "open-ended (`finish` ends
    /// it)".
    pub fn describe(&self) -> String {
        let rounds = |k: u32| crate::text::count(k, "round", "rounds");
        match (self.rounds, self.target) {
            (Some(k), Some(t)) => format!("{} or to {t} points", rounds(k)),
            (Some(k), None) => rounds(k),
            (None, Some(t)) => format!("to {t} points"),
            (None, None) => "open-ended (`finish` ends it)".to_string(),
        }
    }
}

/// Which of a match's ends the table may change while it is played: the life-cycle
/// verbs (`rounds`, `target`) the game lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Changes {
    /// `rounds N`: the match's length.
    pub(crate) rounds: bool,
    /// `target N`: the total that ends it.
    pub(crate) target: bool,
}

/// A match of rounds (or hands): the closed ones and the one being played, each
/// player's start and totals, and where the match ends. The state of every game on the
/// layer ([`RoundGame`](super::RoundGame)); a game keeps what it knows in its rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match<R> {
    rounds: Rounds<R>,
    ends: Ends,
    /// The table ended the match (`finish`) after this many rounds.
    finished_after: Option<u32>,
}

impl<R: Round> Match<R> {
    /// A match of `seats` players before anything is entered, ending where `ends` says.
    pub(crate) fn new(seats: usize, ends: Ends) -> Match<R> {
        Match {
            rounds: Rounds::new(seats),
            ends,
            finished_after: None,
        }
    }

    /// The rounds: closed, open, the starts and when each player sat down.
    pub fn rounds(&self) -> &Rounds<R> {
        &self.rounds
    }

    pub(crate) fn rounds_mut(&mut self) -> &mut Rounds<R> {
        &mut self.rounds
    }

    /// The round being played.
    pub fn open(&self) -> &R {
        self.rounds.open()
    }

    /// The round being played, for an entry to change it.
    pub fn open_mut(&mut self) -> &mut R {
        self.rounds.open_mut()
    }

    /// The closed rounds, round 1 first.
    pub fn closed(&self) -> &[Arc<R>] {
        self.rounds.closed()
    }

    /// The open round's number, from 1.
    pub fn number(&self) -> u32 {
        self.rounds.number()
    }

    /// How many rounds have closed.
    pub(crate) fn closed_count(&self) -> u32 {
        self.rounds.closed_count()
    }

    /// Each player's official total: the start and the closed rounds.
    pub fn totals(&self) -> &[i64] {
        self.rounds.totals()
    }

    /// Where the match ends now.
    pub fn ends(&self) -> Ends {
        self.ends
    }

    pub(crate) fn ends_mut(&mut self) -> &mut Ends {
        &mut self.ends
    }

    /// The table ended the match with `finish`, after this many rounds.
    pub(crate) fn finished_after(&self) -> Option<u32> {
        self.finished_after
    }

    pub(crate) fn finish(&mut self, after: u32) {
        self.finished_after = Some(after);
    }

    /// Someone's official total is at or past the target.
    pub(crate) fn target_reached(&self) -> bool {
        self.ends
            .target
            .is_some_and(|t| self.totals().iter().any(|total| *total >= t))
    }

    /// The match has played its rounds.
    pub(crate) fn rounds_played(&self) -> bool {
        self.ends.rounds.is_some_and(|k| self.closed_count() >= k)
    }

    /// The match is decided: the table finished it, it played its rounds, or a round
    /// closed with someone at or past the target.
    pub fn over(&self) -> bool {
        self.finished_after.is_some() || self.rounds_played() || self.target_reached()
    }
}
