//! umpire: scorekeeper and referee for word and card games played at a real table.
//!
//! The library's face is small, in the manner of fst's: what someone building on
//! umpire needs, and nothing of the machinery behind the binary.
//!
//! - [`lexicon`]: the word judge (an embedded English dictionary, the policies a
//!   table's word rules follow, verdicts that explain themselves);
//! - [`contract`]: what a game provides ([`contract::Game`]) and what the core gives
//!   it;
//! - [`session`]: a game's log, replayed and recorded to ([`session::Sessions`] opens
//!   and starts them; [`session::AnySession::run`] records a line and says what it came
//!   to as an [`session::Outcome`]), and [`registry`], the list of games it opens;
//! - with the `cli` feature, the front ends' entry points for a game written outside
//!   the crate: `repl` (the scorekeeper's prompt over a session) and `export`.
//!
//! The four games themselves are private: a game is reached through the registry, by
//! name. The binary (`src/main.rs`) calls [`main`]; the flags, the one-shot commands,
//! the terminal tables, the charts and the scoreboard server are private too.
//! ARCHITECTURE.md in the repository says where each job lives and why.

#![warn(unreachable_pub, unnameable_types, missing_docs)]

mod bounded;
#[cfg(feature = "cli")]
mod chart;
#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "cli")]
mod commands;
pub mod contract;
#[cfg(feature = "cli")]
mod exit;
#[cfg(feature = "cli")]
pub mod export;
#[cfg(all(test, feature = "cli"))]
mod fuzzing;
pub(crate) mod games;
pub mod lexicon;
pub mod registry;
#[cfg(feature = "cli")]
mod render;
#[cfg(feature = "cli")]
pub mod repl;
#[cfg(feature = "cli")]
mod serve;
pub mod session;
#[cfg(any(test, feature = "bench"))]
mod testing;
mod text;

/// Runs the command line the process was started with, and says how it ended: 0 a
/// "yes", 1 a "no" (a word not allowed, a refused line in a script), 2 bad input.
#[cfg(feature = "cli")]
pub fn main() -> std::process::ExitCode {
    match commands::main() {
        Ok(outcome) => outcome.into(),
        Err(e) => {
            if !e.message.is_empty() {
                crate::exit::warn(&format!("umpire: {e}"));
            }
            e.exit_code()
        }
    }
}
