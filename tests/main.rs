//! umpire's integration tests, one test binary for them all: each file here is a
//! module of it. One binary links the library once, where a binary a file linked it
//! 25 times; `cargo test` then builds the tests in well under a minute after `cargo
//! run` (see the README's set-up figures). Run one file's tests with
//! `cargo test --test integration FILE::`, e.g. `cargo test --test integration log_crash::`.

mod common;

mod architecture;
mod board_chips;
mod browser;
mod comfort;
mod corrections;
mod disk;
mod evenings;
mod games_words;
mod hardening;
mod hearts;
mod hostile_text;
mod json_replies;
mod judge_cli;
mod judge_names;
mod judge_words;
mod keep;
mod log_crash;
mod log_edited;
mod log_old_versions;
mod log_writes;
mod outside_games;
mod period_fixes;
mod players;
mod prompt_terminal;
mod questions;
mod race;
mod round_game;
mod scorepad;
mod serve;
mod stats;
mod table_comfort;
mod table_words;
mod take_rummy;
mod take_rummy_cli;
mod take_two;
mod take_two_grid;
mod transcripts;
mod word_taking;
mod word_taking_cli;
