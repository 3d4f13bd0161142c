//! The face a session shows the prompt and the one-shot commands, whatever its game.

use crate::games::{Scoreboard, Verb};
use crate::lexicon::Rules;

use super::event::Ruling;
use super::export::Format;

/// What a command at the prompt came to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// Text for the scorekeeper, ready to print.
    pub text: String,
    /// Nothing was recorded because the command was refused (a script exits 1).
    pub refused: bool,
    /// A question awaits a yes or no.
    pub ask: Option<String>,
}

impl Reply {
    pub(super) fn show(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub(super) fn refused(why: impl std::fmt::Display) -> Reply {
        Reply {
            text: format!("not recorded: {why}; nothing changed"),
            refused: true,
            ask: None,
        }
    }
}

/// A one-line summary of a session for `umpire sessions`.
#[derive(Debug, Clone)]
pub struct Summary {
    pub name: String,
    pub game: &'static str,
    pub players: Vec<String>,
    pub rounds: usize,
    pub last_change: String,
    pub finished: bool,
    pub winner: Option<String>,
}

/// A session as the prompt and the one-shot commands see it, whatever its game.
pub trait Table {
    fn name(&self) -> &str;
    fn game(&self) -> &'static str;
    /// "take-two r3"
    fn prompt(&self) -> String;
    /// One line naming the game, the players and the options.
    fn banner(&self) -> String;
    /// The game's own verbs.
    fn verbs(&self) -> &'static [Verb];
    fn players(&self) -> Vec<String>;
    /// Words seen in the session (rulings, plays), for completion.
    fn words(&self) -> Vec<String>;
    /// What opening the log found worth saying (damage set aside, events skipped).
    fn warnings(&self) -> &[String];
    /// The session's word rules.
    fn rules(&self) -> &Rules;
    /// Runs one command. `block` holds the lines a block verb read.
    fn run(&mut self, verb: &str, args: &str, block: Option<&[String]>) -> Reply;
    /// The question awaiting a yes or no, if any.
    fn pending(&self) -> Option<&str>;
    /// Answers the pending question.
    fn answer(&mut self, yes: bool) -> Reply;
    fn scoreboard(&self) -> Scoreboard;
    fn export(&self, format: Format) -> Result<String, String>;
    fn summary(&self) -> Summary;
    /// Every ruling given, with its time.
    fn rulings(&self) -> Vec<(String, Ruling)>;
}
