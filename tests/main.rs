//! umpire's integration tests, one test binary for them all: each file here is a
//! module of it. One binary links the library once, where a binary a file linked it
//! 25 times; `cargo test` then builds the tests in well under a minute after `cargo
//! run` (see the README's set-up figures).
//!
//! Each file is named by the area it tests, and says which in its first lines: a game
//! (`take_two`, `take_rummy`, `board_chips`, `word_taking`, `scorepad`, a game's
//! one-shot commands in `GAME_cli`, games written outside the crate in
//! `outside_games`), or what every game shares (`corrections`, `rulings`, `players`,
//! `sessions`, `stats`, `exports`, `questions`, `hostile_text`; the prompt in `prompt`
//! and `prompt_terminal`; the command line in `cli`; the word judge in `judge_*`; the
//! log in `log_*`; the scoreboard page in `serve`, `keep` and `browser/`). A helper two
//! files need is in `common/`. Run one file's tests with
//! `cargo test --test integration FILE::`, e.g. `cargo test --test integration
//! log_crash::`, and an area's with its prefix, e.g. `cargo test --test integration
//! take_rummy` (`take_rummy`, `take_rummy_turns` and `take_rummy_cli`).

mod common;

mod architecture;
mod board_chips;
mod board_chips_boards_and_racks;
mod browser;
mod cli;
mod corrections;
mod exports;
mod hearts;
mod hostile_text;
mod judge_cli;
mod judge_names;
mod judge_words;
mod keep;
mod league;
mod log_crash;
mod log_edited;
mod log_old_versions;
mod log_writes;
mod outside_games;
mod outside_ohhell;
mod players;
mod prompt;
mod prompt_terminal;
mod questions;
mod race;
mod room;
mod rulings;
mod scorepad;
mod serve;
mod sessions;
mod stats;
mod take_rummy;
mod take_rummy_cli;
mod take_rummy_turns;
mod take_two;
mod take_two_grid;
mod transcripts;
mod word_taking;
mod word_taking_cli;
