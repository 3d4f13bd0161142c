//! [`SessionError`]: why a session could not be opened, read or started, typed, so the
//! one-shot commands, the prompt and the scoreboard each say it their own way.

use thiserror::Error;

use crate::contract::Refusal;
use crate::session::log::store::StoreError;

/// Why a session could not be opened, read or started; its message says what to do.
#[derive(Debug, Error)]
pub enum SessionError {
    /// The log file itself: missing, locked, unreadable, damaged beyond use.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A log whose header has no `game` field, so no game can read it.
    #[error("{path}: the header names no game")]
    NoGame {
        /// The log file, as it was given.
        path: String,
    },
    /// A log (or `new`) names a game this umpire does not have.
    #[error("unknown game {name}: umpire keeps score for {known}")]
    UnknownGame {
        /// The game as named.
        name: String,
        /// The games this umpire has, listed for the message.
        known: String,
    },
    /// The header names a known game but its fields do not parse as that game's.
    #[error("the session header does not read as {game}: {detail}")]
    Header {
        /// The game the header names.
        game: &'static str,
        /// What the parser objected to.
        detail: String,
    },
    /// The log was written by a later umpire; it may be read but not written to.
    #[error(
        "the log is format {found}, newer than this umpire's ({ours}): update umpire to write to it"
    )]
    Newer {
        /// The format the header declares.
        found: u32,
        /// The newest format this umpire writes.
        ours: u32,
    },
    /// A number in the header that should be whole is not (a fraction, a string).
    #[error(
        "the header's {part}: {field} is {value}, not a whole number (--{flag} takes {min} to {max})"
    )]
    HeaderNumber {
        /// The part of the header it is in ("options", "word rules").
        part: &'static str,
        /// The field's name in the header.
        field: String,
        /// The value found, as shown in the message.
        value: String,
        /// The `new` flag that sets the field, so the message gives its range.
        flag: String,
        /// The least the flag takes.
        min: i64,
        /// The most the flag takes.
        max: i64,
    },
    /// A header's option out of the range `new` takes it in (`--target 0`): options
    /// decide totals, so the log is refused rather than read as another value.
    #[error("the header's options: {field} is {value}, past what --{flag} takes ({min} to {max})")]
    HeaderRange {
        /// The field's name in the header.
        field: String,
        /// The value found, as shown in the message.
        value: String,
        /// The `new` flag that sets the field.
        flag: String,
        /// The least the flag takes.
        min: i64,
        /// The most the flag takes.
        max: i64,
    },
    /// A header's text option that `new` would not take (`--title`).
    #[error("the header's options: {field} is {value}: --{flag} takes {why}")]
    HeaderText {
        /// The field's name in the header.
        field: String,
        /// The value found, as shown in the message.
        value: String,
        /// The `new` flag that sets the field.
        flag: String,
        /// What the flag takes, said by its check.
        why: String,
    },
    /// The header's player list is empty.
    #[error("the header names no players")]
    NoPlayers,
    /// The header's players are ones `new` would refuse (a bad name, one twice).
    #[error("the header's players: {0}")]
    Players(Refusal),
    /// The header's game options are ones the game refuses.
    #[error("the header's options: {0}")]
    Options(Refusal),
    /// `new` refused what it was given (a player's name, the game's flags).
    #[error("{0}")]
    Refused(Refusal),
    /// A file a flag named (a board, a tile set).
    #[error(transparent)]
    File(#[from] crate::bounded::FileError),
    /// The sessions directory.
    #[error(transparent)]
    Dir(#[from] crate::session::log::dir::DirError),
    /// The word flags (`--rules`, a house list).
    #[error(transparent)]
    Rules(#[from] crate::lexicon::RulesError),
    /// No log of that name in the sessions directory searched.
    #[error(
        "there is no session {name:?} in {dir}{hint}; a session made with --sessions DIR (or {env}) is found with the same setting"
    )]
    Missing {
        /// The session asked for.
        name: String,
        /// The directory searched.
        dir: String,
        /// A near name, or what the directory holds, for the message.
        hint: String,
        /// The environment variable that moves the sessions directory.
        env: &'static str,
    },
    /// The header names a set of word rules this umpire does not know.
    #[error("the header's word rules: {0}")]
    RuleSet(#[from] crate::lexicon::UnknownRuleSet),
    /// A new log's header could not be serialised to be written.
    #[error("the log could not be started: {0}")]
    Encode(String),
}

impl From<Refusal> for SessionError {
    fn from(r: Refusal) -> SessionError {
        SessionError::Refused(r)
    }
}

/// Why the core refused one of its own verbs (`undo`, `fix #N`, `note`, `export`...):
/// each a line naming what was wrong and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub(crate) enum CoreError {
    #[error("line too long (more than {max} characters; at most {max})")]
    LineTooLong { max: usize },
    #[error("unknown verb {verb}{near}; `help` lists the verbs")]
    UnknownVerb { verb: String, near: String },
    #[error(
        "{game} judges no words, so it keeps no rulings on them ({verb} is a word game's); `check WORD` looks a word up"
    )]
    NoWordRulings { verb: String, game: &'static str },
    #[error("undo takes no arguments: it takes back the last entry")]
    UndoArgs,
    #[error("redo takes no arguments: it puts back what the last undo took")]
    RedoArgs,
    #[error("there is nothing to undo")]
    NothingToUndo,
    #[error(
        "there is nothing to redo: redo puts back what the last undo took, before anything else is recorded"
    )]
    NothingToRedo,
    #[error("there is nothing more to redo: every undo since the last entry is redone")]
    NothingMoreToRedo,
    #[error("this session is open read-only")]
    ReadOnly,
    #[error("the log could not be written ({0})")]
    Write(String),
    #[error(
        "fix takes #N and the line entry N should have been, e.g. {example} (`history` numbers the entries)"
    )]
    FixHow { example: String },
    #[error(
        "fix #N takes an entry's number (`history` shows it) and the line it should have been, e.g. {example}"
    )]
    FixUsage { example: String },
    #[error(
        "{number} is not an entry number; fix #N takes an entry's number (`history` shows it) and the line it should have been, e.g. {example}"
    )]
    NotAnEntryNumber { number: String, example: String },
    #[error(
        "#{seq} is named twice in one fix: name each entry once, with the line it should have been"
    )]
    FixedTwice { seq: u64 },
    #[error("there is no entry #{seq}: the entries are #1 to #{last} (`history` lists them)")]
    NoEntry { seq: u64, last: u64 },
    #[error("#{seq} is an undo of #{of}: `redo` puts #{of} back, `fix #{of}` changes it")]
    FixOfUndo { seq: u64, of: u64 },
    #[error("#{seq} is a redo of #{of}: `fix #{of}` changes it")]
    FixOfRedo { seq: u64, of: u64 },
    #[error("#{seq} is a fix of #{of}: fix #{of} again instead")]
    FixOfFix { seq: u64, of: u64 },
    #[error("#{seq} is undone: `redo` brings it back if it was the last undo")]
    FixOfUndone { seq: u64 },
    #[error("#{seq} is set aside and does not count")]
    FixOfSetAside { seq: u64 },
    #[error("in place of #{seq} ({was}), {why}")]
    InPlaceOf {
        seq: u64,
        was: String,
        why: Box<CoreError>,
    },
    #[error("{line} does not fit in place of #{seq} ({was}): {why}")]
    DoesNotFit {
        line: String,
        seq: u64,
        was: String,
        why: String,
    },
    #[error("with #{seq} as {line}, #{broken} ({text}) would no longer fit: {why}")]
    WouldBreak {
        seq: u64,
        line: String,
        broken: u64,
        text: String,
        why: String,
    },
    #[error("{verb} {args} is refused there, so it cannot stand in the entry's place")]
    RefusedThere { verb: String, args: String },
    #[error(
        "fix #N takes a line that records an entry (a {game} verb, note, add, rename, check, allow or deny), not {verb}"
    )]
    NotAnEntryVerb { game: &'static str, verb: String },
    #[error("{verb} {args} records nothing, so it cannot stand in the entry's place")]
    RecordsNothing { verb: String, args: String },
    /// A game's refusal, met where the core tried a line (a fix's replacement).
    #[error("{0}")]
    Game(Refusal),
    #[error("note needs some text, e.g. note carol arrived late")]
    NoteEmpty,
    #[error("a note is at most {max} characters")]
    NoteTooLong { max: usize },
    #[error(
        "add takes a name and maybe a starting score, e.g. add dave, add dave --score 40 or add dave --score average (or highest, lowest)"
    )]
    AddUsage,
    #[error(
        "{given} is not a score; add takes a name and maybe a starting score, e.g. add dave, add dave --score 40 or add dave --score average (or highest, lowest)"
    )]
    NotAScore { given: String },
    #[error("a starting score is at most {max} either way, not {score}")]
    StartTooBig { max: i64, score: i64 },
    #[error("rename takes the old and the new name, e.g. rename bob robert")]
    RenameUsage,
    #[error("{name} is already called that: rename takes a new name, e.g. rename {name} {name}2")]
    SameName { name: String },
    #[error("check needs words, e.g. check qi dont")]
    CheckEmpty,
    #[error(
        "check takes at most {max} words a line, and this one gives {given}: check them {max} at a time (`umpire check` in a shell takes a whole list, and logs nothing)"
    )]
    CheckTooMany { given: usize, max: usize },
    #[error("{word}: {why}")]
    Word { word: String, why: String },
    #[error("{verb} takes a word and maybe why, e.g. {verb} {example}")]
    HouseUsage {
        verb: &'static str,
        example: &'static str,
    },
    #[error("the reason is at most {max} characters")]
    WhyTooLong { max: usize },
    #[error("history takes a {period} number, e.g. history 2")]
    HistoryNumber { period: &'static str },
    #[error(
        "unknown export format {given}: use json, csv, md or svg, or a file ending in one of them"
    )]
    ExportFile { given: String },
    #[error("unknown export format {given}: use json, csv, md or svg")]
    ExportFormat { given: String },
    #[error("export takes [FORMAT] [FILE], e.g. export csv friday.csv")]
    ExportUsage,
    #[error("there is no ruling yet")]
    NoRuling,
    #[error("define takes one word, e.g. define qi")]
    DefineUsage,
    #[error(
        "{verb} is not a correction: fix takes {fixes}, e.g. {example} (fix #N corrects any entry)"
    )]
    NotACorrection {
        verb: String,
        fixes: String,
        example: String,
    },
    #[error("fix takes {fixes}, not {verb}{near}; e.g. {example}")]
    NotFixable {
        verb: String,
        near: String,
        fixes: String,
        example: String,
    },
    #[error("there is no {period} {number}: {}", periods_there(period, *closed, *open))]
    NoSuchPeriod {
        period: &'static str,
        number: u32,
        closed: u32,
        open: u32,
    },
    #[error("#{seq} is a correction of an earlier kind: fix the entry it corrected, or undo it")]
    FixOfCorrection { seq: u64 },
    #[error("fix needs {period} VERB ARGS, e.g. {example}")]
    FixPeriodUsage { period: String, example: String },
    #[error(
        "fix {upper} VERB ARGS fixes one entry: to fix several in one line, name each by its number, fix #N LINE; #M LINE (`history {number}` numbers round {number}'s entries)"
    )]
    SeveralByPeriod { upper: String, number: u32 },
    #[error(
        "{line} does not take the place of one entry of {period} {number} (it adds to the {period}, or corrects part of an entry): fix it on its own"
    )]
    FixAlone {
        line: String,
        number: u32,
        period: &'static str,
    },
    #[error("{given} is not a {period} number; fix needs {upper} VERB ARGS, e.g. {example}")]
    NotAPeriodNumber {
        given: String,
        period: &'static str,
        upper: String,
        example: String,
    },
}

/// "round 1 is the open round", "rounds 1 to 2 are closed, 3 is open".
fn periods_there(period: &str, closed: u32, open: u32) -> String {
    if closed == 0 {
        format!("{period} 1 is the open {period}")
    } else {
        format!("{period}s 1 to {closed} are closed, {open} is open")
    }
}

impl crate::contract::Refuse for CoreError {
    fn kind(&self) -> crate::contract::Kind {
        use crate::contract::Kind;
        match self {
            CoreError::Game(r) => r.kind,
            CoreError::InPlaceOf { why, .. } => why.kind(),
            CoreError::NothingToUndo
            | CoreError::NothingToRedo
            | CoreError::NothingMoreToRedo
            | CoreError::ReadOnly
            | CoreError::Write(_)
            | CoreError::NoEntry { .. }
            | CoreError::FixOfUndo { .. }
            | CoreError::FixOfRedo { .. }
            | CoreError::FixOfFix { .. }
            | CoreError::FixOfUndone { .. }
            | CoreError::FixOfSetAside { .. }
            | CoreError::DoesNotFit { .. }
            | CoreError::WouldBreak { .. }
            | CoreError::RefusedThere { .. }
            | CoreError::RecordsNothing { .. }
            | CoreError::NoRuling
            | CoreError::NoSuchPeriod { .. }
            | CoreError::FixOfCorrection { .. } => Kind::Rule,
            CoreError::SameName { .. } => Kind::BadName,
            _ => Kind::BadInput,
        }
    }
}
