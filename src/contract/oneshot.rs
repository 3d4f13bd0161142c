//! Commands a game adds to the shell (`umpire grid FILE`, `umpire run 5C 6C 7C`): the
//! game declares them and answers them purely; the core parses the command line, reads
//! the file they name, opens the dictionary, prints the answer and sets the exit code.

use std::path::PathBuf;

use super::{Refusal, Shown, Verb};
use crate::lexicon::{Lexicon, RuleSet};

/// A file a shell command reads is a few kilobytes; this bounds what a wrong file costs,
/// at the shell and at the prompt alike.
pub(crate) const MAX_INPUT: u64 = 1 << 20;

/// One shell command of a game.
#[derive(Clone, Copy)]
pub struct OneShot {
    /// The subcommand's name, as typed after `umpire`.
    pub(crate) name: &'static str,
    /// The clap command: its flags, help and examples.
    pub(crate) command: fn() -> clap::Command,
    /// The file its arguments name, for the core to read (`-` is standard input); `None`
    /// when it reads nothing.
    pub(crate) input: fn(&clap::ArgMatches) -> Option<PathBuf>,
    /// What that file is, for messages ("grid file").
    pub(crate) what: &'static str,
    /// It judges words: the core opens the dictionary (`--dict`, else the embedded one).
    pub(crate) needs_lexicon: bool,
    /// The answer. A [`Refusal`] is input that could not be read (exit 2).
    pub(crate) run: fn(&clap::ArgMatches, &Given<'_>) -> Result<Answer, Refusal>,
    /// The verb the prompt answers the command under, with or without a session open:
    /// typed there as at the shell (`board FILE`), its file read as the shell reads it,
    /// nothing recorded. `None` for a command whose work the prompt already does
    /// against the session under a verb of the game's (`umpire grid FILE` is Take
    /// Two's `grid PLAYER`, `umpire word-moves` Word Taking's `missed`).
    pub(crate) prompt: Option<&'static Verb>,
}

impl std::fmt::Debug for OneShot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OneShot").field("name", &self.name).finish()
    }
}

/// What the core gives a shell command besides its arguments.
pub(crate) struct Given<'a> {
    /// The dictionary, when the command asked for it.
    pub(crate) lexicon: Option<&'a Lexicon>,
    /// The text of the file the arguments named, when they named one.
    pub(crate) input: Option<&'a str>,
    /// Every registered game's rule sets, for `--rules`.
    pub(crate) rule_sets: &'a [RuleSet],
}

impl Given<'_> {
    /// The dictionary; a command that judges words sets `needs_lexicon`.
    pub(crate) fn lexicon(&self) -> Result<&Lexicon, Refusal> {
        self.lexicon
            .ok_or_else(|| Refusal::input("this command needs the dictionary"))
    }
}

/// A shell command's answer: what to print, and whether it is a "yes" (exit 0) or a
/// "no" (exit 1: not a run, a word not allowed).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Answer {
    pub(crate) shown: Vec<Shown>,
    pub(crate) yes: bool,
}

impl Answer {
    /// One block of text, printed as it is.
    pub(crate) fn text(text: impl Into<String>, yes: bool) -> Answer {
        Answer {
            shown: vec![Shown::Text(text.into())],
            yes,
        }
    }

    /// A value as pretty JSON.
    pub(crate) fn json<T: serde::Serialize>(value: &T, yes: bool) -> Result<Answer, Refusal> {
        serde_json::to_string_pretty(value)
            .map(|t| Answer::text(t, yes))
            .map_err(|e| Refusal::input(e.to_string()))
    }
}
