//! The games umpire keeps score for, one folder each, and the registry that lists them.
//!
//! Each game implements [`crate::contract::Game`] inside its own folder and depends on
//! nothing but the contract, the word judge and [`crate::text`]; adding a game is its
//! folder and one line in the registry's list (`src/registry.rs`).

pub(crate) mod board_chips;
pub(crate) mod scorepad;
pub(crate) mod take_rummy;
pub(crate) mod take_two;
pub(crate) mod word_taking;
