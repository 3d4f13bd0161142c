//! Board chips (its rule sheet is the specification): players cover the letters printed on
//! a gameboard with matching tiles, in spelling order, and take a chip from the kitty
//! for each word they complete. Most chips wins.
//!
//! Two modes. With a board file (`--board FILE`), umpire reads the board's words
//! ([`board`]), rules on every covering with the sheet's rules ([`play`]) and awards
//! the chips itself. Without one, it keeps a tally of the tiles placed and the chips
//! each turn won, as the players call them. [`state`] holds the game in both modes and
//! [`record`] what it keeps of each turn for the export; [`command`] reads what the
//! scorekeeper types, [`describe`] says what was recorded, and [`table`] draws the
//! board.
//!
//! [`BoardChips`] is the game as the session core sees it (`game.rs`): its verbs
//! (`verbs.rs`) and what the core shows of it, standings, table and export
//! (`view.rs`).

pub(crate) mod board;
pub(crate) mod command;
mod describe;
mod game;
pub(crate) mod names;
pub(crate) mod play;
pub(crate) mod rack;
pub(crate) mod record;
#[cfg(feature = "cli")]
mod shell;
pub(crate) mod state;
mod table;
mod verbs;
mod view;

pub(crate) use game::BoardChips;

#[cfg(feature = "bench")]
pub(crate) mod bench;
#[cfg(all(test, feature = "cli"))]
mod fuzz;
#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod tests;

/// The example board shipped with umpire (`dictionaries/board-chips-example.txt`):
/// 101 squares, 31 words, for the README's tour and the tests.
pub(crate) const EXAMPLE_BOARD: &str =
    include_str!("../../../dictionaries/board-chips-example.txt");
