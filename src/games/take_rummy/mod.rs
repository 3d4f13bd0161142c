//! TAKE rummy (`../shared/rules/take-rummy.txt`): the rummy variant whose runs can be
//! taken by other players.
//!
//! Everything here is pure: typed words in, events, verdicts and standings out.
//! - [`runs`] judges a run; [`takes`] a take (extending one run or joining several).
//! - [`table`] keeps the runs on the table by owner, each under a label that stays
//!   while it lies there; [`turns`] the deal, the draws, the discards, the card counts
//!   and the floaters; [`hand`] one hand's entries, against the deck; [`state`] the
//!   match to its target.
//! - [`event`] is what a session records; [`parse`] turns each verb's arguments into an
//!   event; [`describe`] says an event in words; [`error`] is why an entry was refused.
//!
//! [`TakeRummy`] is the game as the session core sees it (`game.rs`): its verbs
//! (`verbs.rs`) and what the core shows of it, standings, table, export and completion
//! (`view.rs`). It is glue over the modules above.

pub(crate) mod cards;
mod describe;
pub(crate) mod error;
pub(crate) mod event;
mod game;
mod hand;
pub(crate) mod parse;
pub(crate) mod runs;
#[cfg(feature = "cli")]
mod shell;
pub(crate) mod state;
pub(crate) mod table;
pub(crate) mod takes;
pub(crate) mod turns;
mod verbs;
mod view;

#[cfg(feature = "bench")]
pub(crate) mod bench;
#[cfg(all(test, feature = "cli"))]
mod fuzz;
#[cfg(test)]
pub(crate) use game::Options;
pub(crate) use game::TakeRummy;

#[cfg(test)]
mod game_tests;
