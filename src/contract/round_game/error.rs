//! What the life-cycle of a match of rounds refuses, in one place for every game on
//! the layer: each names what was wrong and what is accepted.

use crate::contract::{Kind, Refuse};

/// The longest match `rounds N` (and a game's `--rounds`) may set.
pub(crate) const MAX_ROUNDS: u32 = 1000;

/// The highest target `target N` (and a game's `--target`) may set.
pub(crate) const MAX_TARGET: i64 = 1_000_000;

#[derive(Debug, thiserror::Error)]
pub(crate) enum RoundError {
    #[error("the match is over ({result}){more}; `new {game} ...` starts another")]
    MatchOver {
        result: String,
        more: &'static str,
        game: &'static str,
    },
    #[error("{verb} takes no arguments")]
    NoArguments { verb: &'static str },
    /// The core refuses a verb the game does not list before the layer sees it; this
    /// is for a caller that skips the core.
    #[error("unknown verb {verb}")]
    Unknown { verb: String },
    /// A game listed its own verb as the life-cycle's (`Move::life`): a slip in the
    /// game's table, said rather than read as some other verb.
    #[error(
        "{verb} is listed as a verb the round layer carries out, and it carries out end, finish, rounds and target only: a game's own verb is listed with Move::entry"
    )]
    NoLife { verb: &'static str },
    #[error(
        "end takes nothing, or `anyway` (`end anyway` closes the {period} though its points miss the usual total)"
    )]
    EndArgs { period: &'static str },
    #[error("{period} {number} is not the open {period} ({open})")]
    NotTheOpen {
        period: &'static str,
        number: u32,
        open: u32,
    },
    #[error("{names} {verb} no entry yet ({hint})")]
    NoEntryYet {
        names: String,
        verb: &'static str,
        hint: &'static str,
    },
    #[error(
        "{period} {number} comes to {sum}, not {total}: fix the entry typed wrong (`fix #N LINE`, or several in one line: `fix #N LINE; #M LINE`)"
    )]
    NotTheTotal {
        period: &'static str,
        number: u32,
        sum: i64,
        total: i64,
    },
    /// `end` in a script, of a round off its total: what the terminal would ask.
    #[error(
        "{period} {number} comes to {sum}, not the usual {total}: fix the entry typed wrong (`fix #N LINE`, or several in one line: `fix #N LINE; #M LINE`), or close it as it stands with `end anyway`"
    )]
    OffTotal {
        period: &'static str,
        number: u32,
        sum: i64,
        total: i64,
    },
    #[error("{period} {number} has entries: `end` it, or `undo` them, before `finish`")]
    FinishWithEntries { period: &'static str, number: u32 },
    #[error("no {period} has closed yet: there is nothing to finish")]
    NothingToFinish { period: &'static str },
    #[error("the match can only finish after {period} {number}")]
    FinishOnlyAfter { period: &'static str, number: u32 },
    #[error("the match was finished by `finish`; `undo` that first")]
    FinishedByTable,
    #[error("rounds takes the match's length, 1 to {MAX_ROUNDS} {periods}, e.g. rounds {example}")]
    RoundsNeedsLength { periods: &'static str, example: u32 },
    #[error("{closed} {periods} are already played: the match cannot be shorter")]
    ShorterThanPlayed { closed: u32, periods: &'static str },
    #[error(
        "target takes the points that end the match, 1 to {MAX_TARGET}, e.g. target 300 (not {given})"
    )]
    TargetNeedsPoints { given: String },
    #[error(
        "{player} already has {total}: a target of {target} would already be reached (a target above {total}, or `finish` to end the match now)"
    )]
    TargetReached {
        target: i64,
        player: String,
        total: i64,
    },
    #[error("a player can join only between {periods} (this {period} has entries)")]
    JoinMidRound {
        period: &'static str,
        periods: &'static str,
    },
    #[error("the match is over: nobody can join it; `new {game} ...` starts another")]
    JoinAfterEnd { game: &'static str },
    #[error(
        "a start of {score} points: a player who joins starts above -{target} and below the target of {target}"
    )]
    BadStart { score: i64, target: i64 },
}

impl Refuse for RoundError {
    fn kind(&self) -> Kind {
        match self {
            RoundError::MatchOver { .. }
            | RoundError::JoinAfterEnd { .. }
            | RoundError::FinishedByTable => Kind::MatchOver,
            RoundError::NoArguments { .. }
            | RoundError::Unknown { .. }
            | RoundError::NoLife { .. }
            | RoundError::EndArgs { .. }
            | RoundError::RoundsNeedsLength { .. }
            | RoundError::TargetNeedsPoints { .. }
            | RoundError::BadStart { .. } => Kind::BadInput,
            _ => Kind::Rule,
        }
    }
}
