//! One-shot commands: each takes parsed flags, does its job through the library's
//! engines and says how the process should exit.

mod check;
mod dict;

use std::fmt;
use std::process::ExitCode;

use crate::cli::{Cli, Command};
use crate::lexicon::Lexicon;

/// How a command that ran to completion ends: 0 all good, 1 a "no" answer (a word not
/// allowed, a grid with a fault).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Yes,
    No,
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        match o {
            Outcome::Yes => ExitCode::SUCCESS,
            Outcome::No => ExitCode::from(1),
        }
    }
}

/// A command that could not do its job: one line for stderr and an exit code.
#[derive(Debug)]
pub struct CommandError {
    pub message: String,
    /// 2 for bad input or usage (the clap convention), 1 for a refusal at run time.
    pub code: u8,
}

impl CommandError {
    /// Bad input: exit 2.
    pub fn usage(message: impl Into<String>) -> CommandError {
        CommandError {
            message: message.into(),
            code: 2,
        }
    }

    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.code)
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<crate::lexicon::LexiconError> for CommandError {
    fn from(e: crate::lexicon::LexiconError) -> CommandError {
        CommandError::usage(e.to_string())
    }
}

/// Opens the dictionary `--dict` names, or the embedded one.
pub fn open_lexicon(cli_dict: Option<&std::path::Path>) -> Result<Lexicon, CommandError> {
    Ok(match cli_dict {
        Some(path) => Lexicon::open(path)?,
        None => Lexicon::embedded()?,
    })
}

/// Runs the command the flags name.
pub fn run(cli: Cli) -> Result<Outcome, CommandError> {
    match cli.command {
        Some(Command::Check(args)) => check::run(cli.dict.as_deref(), &args),
        Some(Command::Dict(cmd)) => dict::run(cli.dict.as_deref(), cmd),
        None => Err(CommandError::usage(
            "the scorekeeper's prompt is not built yet; try `umpire check WORD`",
        )),
    }
}
