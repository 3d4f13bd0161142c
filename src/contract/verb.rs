//! [`Verb`]: what a scorekeeper types, for `help`, hints and completion; [`Move`]: a verb
//! with what reads its line.

use super::{Action, Ctx, Engine, Refusal};

/// What a verb's arguments complete to at the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// A player at the table, by name.
    Player,
    /// A word: the session's own words first, then what the table's rules allow.
    Word,
    /// A round or hand number: nothing to complete.
    Round,
    /// A verb the session answers (`help undo`).
    Verb,
    /// An export format: json, csv, md or svg.
    Format,
    /// Free text (a note, a reason): nothing to complete.
    Text,
    /// Something the game completes itself (`complete`): cards not yet placed
    /// this hand, squares still open, letters in the centre.
    Own(&'static str),
}

/// A verb the scorekeeper types, for `help`, hints and completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verb {
    /// What is typed first on the line (`score`, `take`).
    pub name: &'static str,
    /// The argument synopsis, e.g. `PLAYER TILES`.
    pub args: &'static str,
    /// What it does, in a line of lowercase for `help`.
    pub summary: &'static str,
    /// A whole line that uses it, as `help` and refusals show it.
    pub example: &'static str,
    /// What each positional argument completes to (the last repeats).
    pub completes: &'static [Arg],
    /// The verb reads the lines that follow, up to a blank line (a grid typed in rows),
    /// unless its arguments name a file.
    pub block: bool,
}

/// A verb and what reads its line, one row of a game's table of moves (as boardgame.io's
/// `moves`): its name, its help and its function together, so a game cannot list a verb
/// it does not take, take one it does not list, or give one the help of another. `F`
/// is the layer's reader: [`Reads`] for a game on the contract itself, the round
/// layer's [`Plays`](super::round_game::Plays) for a game played in rounds.
#[derive(Clone, Copy)]
pub struct Move<F> {
    /// The verb as `help`, hints and completion show it.
    pub verb: Verb,
    /// What turns a line of it into what to record.
    pub reads: F,
}

/// What reads a line of one of a game's own verbs: the verb as typed (rows may share a
/// function where their lines share a shape), its arguments, and the lines a block verb
/// read. Pure: reads the context, changes nothing.
pub type Reads<G> =
    fn(&Ctx<'_, G>, &str, &str, Option<&[String]>) -> Result<Action<<G as Engine>::Event>, Refusal>;

/// The verbs of a table of moves, in its order.
pub(crate) fn verbs_of<F>(moves: &'static [Move<F>]) -> Vec<&'static Verb> {
    moves.iter().map(|m| &m.verb).collect()
}

/// The longest line a front end takes (the prompt, a phone): far beyond any command,
/// short of a pasted file. No text an entry holds was typed longer, so a log's text is
/// held to it too.
pub(crate) const MAX_LINE: usize = 4096;

/// A text an event holds that typing bounds more tightly than a line (a penalty's
/// reason), for a log's over-long text to be cut to what typing could have made
/// ([`Prompt::texts`](super::Prompt::texts)).
#[derive(Debug)]
pub struct Text<'a> {
    /// What it is, as a warning names it: "a penalty's reason".
    pub(crate) what: &'static str,
    pub(crate) text: &'a mut String,
    /// The most characters typing lets it hold.
    pub(crate) max: usize,
}

impl<'a> Text<'a> {
    /// A player's name an event holds, as typing takes one: at most
    /// 24 characters (the roster's limit). A name cut is marked, so it is no
    /// player's and its entry is refused as a name that long always was.
    pub fn name(text: &'a mut String) -> Text<'a> {
        Text {
            what: "a name",
            text,
            max: super::MAX_NAME,
        }
    }

    /// It is a player's name ([`Text::name`]), which a rename since changes.
    pub(crate) fn is_name(&self) -> bool {
        self.what == "a name"
    }
}

/// The most lines a block verb takes (a grid of 100 rows, with room to say it is too
/// big); longer blocks are still read to their end and then refused.
pub(crate) const MAX_BLOCK_LINES: usize = 101;
