//! Board chips as a game of the session core: [`BoardChips`] joins the engine (the
//! board, the covering rules, the state) to the [`Game`] contract, so a session logs
//! its turns, undoes and replays them, and shows, charts and exports the chips.
//!
//! The engine decides; this module only translates: flags into [`Options`], typed
//! lines into events (`verbs.rs`), the engine's errors into refusals, and the state
//! into what the core shows (`view.rs`).

use std::path::{Path, PathBuf};

use super::EXAMPLE_BOARD;
use super::board::MAX_FILE_BYTES;
use super::state::{self, Event, Options, State};
use crate::contract::{
    Demo, Engine, Files, Flag, FlagKind, FlagValues, Kind, Refusal, Roster, Setup,
};
use crate::text::printable_text;

/// The board-chips game, for the registry.
pub(crate) struct BoardChips;

/// `new board-chips`'s own flag: the board, or none for a tally.
const FLAGS: &[Flag] = &[Flag {
    name: "board",
    value: "FILE",
    help: "A board file: one line a row, a letter a square, `.` for no square. `--board example` plays the example board built into umpire (`umpire board example` draws it; write ./example for a file of that name). Without it umpire keeps a tally of the tiles and chips the players call",
    kind: FlagKind::File,
}];

impl Setup for BoardChips {
    const NAME: &'static str = "board-chips";
    const TITLE: &'static str = "Board Chips";
    const SUMMARY: &'static str = "cover the board's letters in spelling order; a chip for each word completed, most chips wins";
    const FLAGS: &'static [Flag] = FLAGS;
    type Options = Options;

    /// The board file, unless the flag names the built-in example board, which is not
    /// a file to read.
    fn files(flags: &FlagValues) -> Vec<PathBuf> {
        flags
            .file("board")
            .filter(|p| !is_example(p))
            .map(Path::to_path_buf)
            .into_iter()
            .collect()
    }

    fn setup(flags: &FlagValues, files: &Files, players: &[String]) -> Result<Options, Refusal> {
        state::check_players(players.len()).map_err(|e| Refusal::input(e.to_string()))?;
        let Some(path) = flags.file("board") else {
            return Ok(Options::tally());
        };
        let text = if is_example(path) {
            EXAMPLE_BOARD
        } else {
            files.get(path)?
        };
        let shown = printable_text(&path.display().to_string());
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(Refusal::input(format!(
                "{shown} is {} bytes: a board file is at most {} KB ({MAX_FILE_BYTES} bytes)",
                text.len(),
                MAX_FILE_BYTES / 1024
            )));
        }
        Options::with_board(path.display().to_string(), text)
            .map_err(|e| Refusal::input(format!("{shown}: {e}")))
    }

    fn check_options(_options: &Options, players: usize) -> Result<(), Refusal> {
        // The board itself was parsed again as the header was read.
        state::check_players(players).map_err(|e| Refusal::input(e.to_string()))
    }

    fn describe_options(options: &Options) -> String {
        printable_text(&options.describe())
    }

    #[cfg(feature = "cli")]
    fn one_shots() -> &'static [crate::contract::OneShot] {
        super::shell::ONE_SHOTS
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben", "cat"],
            script: &[
                "turn ann 2 0",
                "turn ben 2 1",
                "turn cat 2 2",
                "exchange ann",
                "turn ben 1 0",
                "turn cat 2 1",
            ],
        }
    }
}

/// The name `--board` and `umpire board` take for the example board built into umpire
/// (`dictionaries/board-chips-example.txt`), so the tour and `new board-chips --help`
/// work outside a checkout. A file called so is named `./example`.
pub(super) const EXAMPLE: &str = "example";

/// True when `path` names the built-in example board rather than a file.
pub(super) fn is_example(path: &std::path::Path) -> bool {
    path.as_os_str() == EXAMPLE
}

impl Engine for BoardChips {
    const PERIOD: Option<&'static str> = None;
    type State = State;
    type Event = Event;

    fn start(options: &Options, players: usize) -> State {
        State::new(options, players)
    }

    fn apply(
        state: &mut State,
        options: &Options,
        roster: &Roster,
        event: &Event,
    ) -> Result<(), Refusal> {
        state
            .apply(options, roster.names(), event)
            .map_err(Refusal::from)
    }

    /// A player may sit down between any two turns (every moment of the game is one),
    /// with no chips: chips come only from the kitty, for words completed.
    fn add_player(state: &mut State, _options: &Options, score: i64) -> Result<(), Refusal> {
        if let Some(why) = state.over() {
            return Err(Refusal::of(
                Kind::MatchOver,
                format!("the game is over ({why}): nobody can join it"),
            ));
        }
        if score != 0 {
            return Err(Refusal::input(
                "a player joins board chips with no chips (chips come only from the kitty, for words completed): add NAME without --score",
            ));
        }
        state::check_players(state.chips().len() + 1).map_err(|e| Refusal::new(e.to_string()))?;
        state.add_player();
        Ok(())
    }
}
