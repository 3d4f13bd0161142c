//! umpire's integration tests, one test binary for them all: each file here is a
//! module of it. One binary links the library once, where a binary a file linked it
//! 25 times; `cargo test` then builds the tests in well under a minute after `cargo
//! run` (see the README's set-up figures). Run one file's tests with
//! `cargo test --test integration FILE::`, e.g. `cargo test --test integration crash::`.

mod common;

mod architecture;
mod board_chips;
mod browser;
mod check_cli;
mod comfort;
mod core_game;
mod corrections;
mod crash;
mod disk;
mod edges;
mod evenings;
mod games_words;
mod grid;
mod hardening;
mod hearts;
mod hostile;
mod json_replies;
mod keep;
mod limits;
mod memory;
mod names_judge;
mod ohhell;
mod old_logs;
mod period_fixes;
mod questions;
mod race;
mod round_game;
mod rummy_cli;
mod scorekeeper;
mod scorepad;
mod serve;
mod table_comfort;
mod table_words;
mod take_rummy;
mod terminal;
mod torn;
mod transcripts;
mod word_judge;
mod word_taking;
mod word_taking_cli;
