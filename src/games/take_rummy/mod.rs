//! TAKE rummy (`../shared/rules/take-rummy.txt`): the rummy variant whose runs can be
//! taken by other players.
//!
//! Everything here is pure: cards in, verdicts and events out. [`runs`] judges a run,
//! [`takes`] a take (extending or joining runs on the table).
//!
//! The `Game` implementation that puts this on the session core comes with the core's
//! new trait; until then these modules are used by the one-shot `umpire run` and
//! `umpire take` commands.

pub mod runs;
pub mod takes;
