//! Oh Hell, kept by umpire: a game written outside umpire's crate, against its public
//! API only, run by the whole of umpire's command line (`new ohhell`, `resume`,
//! `export`, `serve`, `stats`...) with umpire's own games beside it.

mod game;

use umpire::session::Registered;

static GAMES: &[Registered] = &[Registered::of::<game::OhHell>()];

fn main() -> std::process::ExitCode {
    umpire::run(GAMES)
}
