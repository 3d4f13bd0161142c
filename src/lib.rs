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
//! name. The binary (`src/main.rs`) calls [`run`], as a program with games of its own
//! does; the flags, the one-shot commands,
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
// Text for people, a crate of its own (crates/text) that the word judge shares; kept
// private here, under the name the modules have always used (`crate::text::count`).
use umpire_text as text;

/// Runs umpire's whole command line (`new`, `resume`, `sessions`, `stats`, `export`,
/// `serve` and `--keep`, `check`, `completions`, `--replies json`) as the process was
/// started, with umpire's games and `games`, a program's own ([`Registered::of`] each,
/// its name not one of umpire's): a game written outside this crate is started,
/// resumed, exported, served and counted by `stats` as umpire's own are. Says how it
/// ended: 0 a "yes", 1 a "no" (a word not allowed, a refused line in a script), 2 bad
/// input or a name registered twice. umpire's own binary is `run(&[])`.
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     umpire::run(&[]) // with a game of yours: &[Registered::of::<MyGame>()]
/// }
/// ```
///
/// [`Registered::of`]: session::Registered::of
#[cfg(feature = "cli")]
pub fn run(games: &'static [session::Registered]) -> std::process::ExitCode {
    ignore_file_size_signal();
    match commands::main(registry::catalog().and(games)) {
        Ok(exit) => exit.into(),
        Err(e) => {
            if !e.message.is_empty() {
                crate::exit::warn(&format!("umpire: {e}"));
            }
            e.exit_code()
        }
    }
}

/// Past a file-size limit (`ulimit -f`) a write raises SIGXFSZ, which kills the process
/// with a half-written line; ignored, the write fails with EFBIG instead, and the entry
/// is refused as "not recorded" with the log cut back to its last whole line.
#[cfg(feature = "cli")]
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" touches no Rust state; it is
    // done before the command line is read, when nothing has been written.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}
