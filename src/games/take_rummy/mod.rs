//! TAKE rummy (`../shared/rules/take-rummy.txt`): the rummy variant whose runs can be
//! taken by other players.
//!
//! Everything here is pure: typed words in, events, verdicts and standings out.
//! - [`runs`] judges a run; [`takes`] a take (extending one run or joining two).
//! - [`table`] keeps the runs on the table by owner; [`hand`] one hand's entries, against
//!   the deck; [`state`] the match to its target.
//! - [`event`] is what a session records; [`parse`] turns each verb's arguments into an
//!   event; [`describe`] says an event in words; [`error`] is why an entry was refused.
//!
//! The session core's `Game` implementation is glue over these modules.

pub mod describe;
pub mod error;
pub mod event;
pub mod hand;
pub mod parse;
pub mod runs;
pub mod state;
pub mod table;
pub mod takes;
