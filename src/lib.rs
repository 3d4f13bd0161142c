//! umpire: scorekeeper and referee for word and card games played at a real table.
//!
//! The binary is a thin shell over this library: [`cli`] holds the flags, [`commands`]
//! runs one-shot commands, and every command and the prompt call the same engines.
//! ARCHITECTURE.md in the repository says where each job lives and why.

mod bounded;
mod chart;
pub mod cli;
pub mod commands;
pub mod contract;
pub mod games;
pub mod lexicon;
mod outcome;
pub mod registry;
mod render;
pub mod repl;
pub mod serve;
pub mod session;
#[cfg(test)]
mod testing;
pub mod text;
