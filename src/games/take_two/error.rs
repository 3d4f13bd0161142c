//! [`TakeTwoError`]: every way Take Two refuses a command or an event, each with its
//! kind, so a refusal says what was wrong in one line and tests can tell them apart.

use thiserror::Error;

use crate::contract::{Kind, Refuse};

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum TakeTwoError {
    // Setting up.
    #[error("Take Two needs at least two players")]
    TooFewPlayers,
    #[error("{path}: {detail}")]
    TileFile { path: String, detail: String },
    #[error("rounds must be 1 to {}", super::MAX_ROUNDS)]
    RoundsOption,
    #[error("the point limit must be 1 to 1,000,000")]
    LimitOption,

    // What the scorekeeper types.
    #[error("{verb} needs {usage}, e.g. {example}")]
    Usage {
        verb: String,
        usage: &'static str,
        example: String,
    },
    #[error("out takes only the player; for unused tiles use `left {player} {rest}`")]
    OutTakesOnlyThePlayer { player: String, rest: String },
    #[error("left needs the tiles, e.g. left {player} QZX; use `out {player}` for none")]
    LeftNeedsTiles { player: String },
    #[error(
        "points needs the round's points as the table counted them, 0 to {max}, e.g. points {player} 17"
    )]
    PointsRange { player: String, max: u32 },
    #[error("pardon takes only the player")]
    PardonTakesOnlyThePlayer,
    #[error("hand needs the tiles, e.g. hand {player} AEIRST?")]
    HandNeedsTiles { player: String },
    #[error("{verb} is not a Take Two entry")]
    NotAnEntryVerb { verb: String },
    #[error("{verb} takes no arguments")]
    NoArguments { verb: String },
    #[error("grid takes --file FILE, --apply and --judge, not {flag}")]
    GridFlag { flag: String },
    #[error("grid takes one player; {extra} is extra")]
    GridExtra { extra: String },
    #[error("grid needs PLAYER, e.g. grid alice, then the rows")]
    GridNeedsPlayer,

    // The rules of play.
    #[error("{player} has no penalty to pardon")]
    NothingToPardon { player: String },
    #[error("the tile set has {max} {tile}, and {what} would hold {have}")]
    OverTheSet {
        max: String,
        tile: String,
        what: String,
        have: u32,
    },
    #[error("{player} was not playing that round")]
    NotPlaying { player: String },
    #[error(
        "{player} already has an entry in round {round} ({entry}); to replace it: fix {round} {instead}"
    )]
    AlreadyEntered {
        player: String,
        round: u32,
        entry: String,
        instead: String,
    },
    /// Every tile left that the hand does not hold, each counted: "0 Z and 0 A", "1 Z
    /// and 1 A".
    #[error("{player}'s hand holds {has}, not the {want} left")]
    HandShort {
        player: String,
        has: String,
        want: String,
    },
    #[error("{player} has no penalty in that round")]
    NoPenaltyInRound { player: String },
    #[error("{player} left {want}, but this hand holds {has}")]
    LeftNotInHand {
        player: String,
        want: String,
        has: String,
    },
}

impl Refuse for TakeTwoError {
    fn kind(&self) -> Kind {
        use TakeTwoError::*;
        match self {
            TooFewPlayers
            | TileFile { .. }
            | RoundsOption
            | LimitOption
            | Usage { .. }
            | OutTakesOnlyThePlayer { .. }
            | LeftNeedsTiles { .. }
            | PointsRange { .. }
            | PardonTakesOnlyThePlayer
            | HandNeedsTiles { .. }
            | NotAnEntryVerb { .. }
            | NoArguments { .. }
            | GridFlag { .. }
            | GridExtra { .. }
            | GridNeedsPlayer => Kind::BadInput,
            NothingToPardon { .. }
            | OverTheSet { .. }
            | NotPlaying { .. }
            | AlreadyEntered { .. }
            | HandShort { .. }
            | NoPenaltyInRound { .. }
            | LeftNotInHand { .. } => Kind::Rule,
        }
    }
}
