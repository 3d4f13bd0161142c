//! [`Verb`]: what a scorekeeper types, for `help`, hints and completion.

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
