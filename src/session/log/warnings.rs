//! [`Warnings`]: what reading a log found worth saying, a [`Warning`] each, as data; the
//! front ends say them (the prompt, `stats`, an export's stderr, JSON replies, the
//! page). A log edited by hand can hold thousands of entries that fail alike (30,000
//! joins past a full table made 29,902 lines): of each kind, the first few are kept
//! whole and the rest in one [`Warning::More`] that counts them and names the first and
//! the last, so the list is as long as the kinds of trouble, not as the log.

use crate::session::log::header::Fitted;
use crate::session::log::store::{Damage, Disorder};
use crate::session::log::texts::Cut;

/// How many warnings of one kind are said in full before the rest are counted.
pub(in crate::session) const SHOWN: usize = 5;

/// What a warning is about, for telling which are alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WarningKind {
    /// A line of the log that cannot be read (numbered by line, not by seq).
    Unreadable,
    /// An entry that is not an event of the log's game.
    NotAnEvent,
    /// An undo, redo or fix, or an entry, that points nowhere a typed one could.
    SetAside,
    /// An entry the state refuses when replayed.
    Skipped,
    /// An entry holding text longer than typing allows, shown cut.
    Cut,
}

/// One thing reading a log found worth saying, as data: the front ends say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// A line that cannot be read, kept aside in the `.damaged` file.
    Damaged(Damage),
    /// Readable entries out of order, or seqs no line holds.
    Disorder(Disorder),
    /// A number in the header outside what its flag takes, read as the nearest that is.
    Fitted(Fitted),
    /// The header names the session otherwise than its file: the file's name is kept.
    Renamed {
        /// The name the header holds.
        header: String,
        /// The file's name, which is the session's.
        file: String,
    },
    /// An entry that is not an event of the log's game; skipped.
    NotAnEvent {
        /// The entry's seq.
        seq: u64,
        /// The log's game.
        game: &'static str,
        /// Why it could not be read, as the JSON reader said it.
        why: String,
    },
    /// An entry holding text longer than typing allows, shown cut.
    Cut {
        /// The entry's seq.
        seq: u64,
        /// Each text that was cut.
        cuts: Vec<Cut>,
    },
    /// An undo, redo or fix that points nowhere a typed one could; set aside.
    SetAside {
        /// The entry's seq.
        seq: u64,
        /// What it points at and why that cannot be.
        why: String,
    },
    /// An entry the table refuses when replayed; skipped.
    Skipped {
        /// The entry's seq.
        seq: u64,
        /// The refusal's message.
        why: String,
    },
    /// The warnings of one kind past the first few, counted.
    More {
        /// Their kind.
        kind: WarningKind,
        /// How many.
        more: u64,
        /// The first's place: a line number for unreadable lines, else a seq.
        first: u64,
        /// The last's place.
        last: u64,
        /// The log's game, for entries that are not its events.
        game: &'static str,
    },
}

impl Warning {
    /// The warning's kind when warnings of it are counted past the first few.
    fn kind(&self) -> Option<WarningKind> {
        Some(match self {
            Warning::Damaged(_) => WarningKind::Unreadable,
            Warning::NotAnEvent { .. } => WarningKind::NotAnEvent,
            Warning::SetAside { .. } => WarningKind::SetAside,
            Warning::Skipped { .. } => WarningKind::Skipped,
            Warning::Cut { .. } => WarningKind::Cut,
            Warning::Disorder(_)
            | Warning::Fitted(_)
            | Warning::Renamed { .. }
            | Warning::More { .. } => return None,
        })
    }
}

/// How much of a log reading it left out or showed cut, counted: what a screen with
/// room for one line (the page) says of its warnings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Warned {
    /// Lines that cannot be read, entries that are not the game's, entries set aside
    /// and entries that no longer fit: none counts.
    pub(crate) left_out: u64,
    /// Entries holding text longer than typing allows, shown cut.
    pub(crate) cut: u64,
}

/// The first and last place of a kind's warnings not said in full, how many there are,
/// and where in the list their summary line stands.
#[derive(Debug, Clone)]
struct Run {
    kind: WarningKind,
    shown: usize,
    more: u64,
    first: u64,
    last: u64,
    line: Option<usize>,
}

/// The warnings of one session, each kind past [`SHOWN`] summarised.
#[derive(Debug, Clone, Default)]
pub(in crate::session) struct Warnings {
    lines: Vec<Warning>,
    runs: Vec<Run>,
    /// The game's name, for "entries that are not take-two events".
    game: &'static str,
}

impl Warnings {
    pub(in crate::session) fn new(game: &'static str) -> Warnings {
        Warnings {
            game,
            ..Warnings::default()
        }
    }

    /// A warning of its own kind, kept as it is.
    pub(in crate::session) fn say(&mut self, warning: Warning) {
        self.lines.push(warning);
    }

    /// A warning of `kind` about place `at` (an entry's seq, or a line's number), made
    /// only when it is kept whole.
    pub(in crate::session) fn add(
        &mut self,
        kind: WarningKind,
        at: u64,
        warning: impl FnOnce() -> Warning,
    ) {
        let index = match self.runs.iter().position(|r| r.kind == kind) {
            Some(i) => i,
            None => {
                self.runs.push(Run {
                    kind,
                    shown: 0,
                    more: 0,
                    first: at,
                    last: at,
                    line: None,
                });
                self.runs.len() - 1
            }
        };
        let game = self.game;
        let run = &mut self.runs[index];
        if run.shown < SHOWN {
            run.shown += 1;
            let warning = warning();
            debug_assert_eq!(warning.kind(), Some(kind));
            self.lines.push(warning);
            return;
        }
        if run.more == 0 {
            run.first = at;
        }
        run.more += 1;
        run.last = at;
        let text = Warning::More {
            kind,
            more: run.more,
            first: run.first,
            last: run.last,
            game,
        };
        match run.line {
            Some(i) => self.lines[i] = text,
            None => {
                run.line = Some(self.lines.len());
                self.lines.push(text);
            }
        }
    }

    /// `later`'s warnings after these, as if each had been added here in its order.
    /// Their kinds must be none of these' (a log's entries are typed while it is read,
    /// and their warnings said after those of its lines).
    pub(in crate::session) fn append(&mut self, later: Warnings) {
        let offset = self.lines.len();
        self.lines.extend(later.lines);
        for mut run in later.runs {
            debug_assert!(self.runs.iter().all(|r| r.kind != run.kind));
            run.line = run.line.map(|i| i + offset);
            self.runs.push(run);
        }
    }

    pub(in crate::session) fn lines(&self) -> &[Warning] {
        &self.lines
    }

    /// The warnings counted, each said in full or in a summary.
    pub(in crate::session) fn warned(&self) -> Warned {
        let mut warned = Warned::default();
        for run in &self.runs {
            let n = run.shown as u64 + run.more;
            match run.kind {
                WarningKind::Cut => warned.cut += n,
                WarningKind::Unreadable
                | WarningKind::NotAnEvent
                | WarningKind::SetAside
                | WarningKind::Skipped => warned.left_out += n,
            }
        }
        warned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A warning that entry `seq` no longer fits.
    fn skipped(seq: u64) -> Warning {
        Warning::Skipped {
            seq,
            why: "full".into(),
        }
    }

    #[test]
    fn past_the_first_few_of_a_kind_one_warning_counts_the_rest_and_names_the_first_and_last() {
        let mut w = Warnings::new("take-two");
        let renamed = Warning::Renamed {
            header: "x".into(),
            file: "y".into(),
        };
        w.say(renamed.clone());
        for seq in 3..=30_004 {
            w.add(WarningKind::Skipped, seq, || skipped(seq));
        }
        let aside = Warning::SetAside {
            seq: 7,
            why: "undoes nothing".into(),
        };
        w.add(WarningKind::SetAside, 7, || aside.clone());
        let not_an_event = Warning::NotAnEvent {
            seq: 9,
            game: "take-two",
            why: "no".into(),
        };
        w.add(WarningKind::NotAnEvent, 9, || not_an_event.clone());
        let damaged = |line| {
            Warning::Damaged(Damage {
                line,
                bytes: 1,
                why: crate::session::log::store::Unread::Blank,
                tail: false,
            })
        };
        for line in [2, 4, 6, 8, 10, 12, 14] {
            w.add(WarningKind::Unreadable, line as u64, || damaged(line));
        }
        let cut = Warning::Cut {
            seq: 9,
            cuts: Vec::new(),
        };
        w.add(WarningKind::Cut, 9, || cut.clone());
        assert_eq!(
            w.warned(),
            Warned {
                left_out: 30_002 + 1 + 1 + 7,
                cut: 1
            }
        );
        assert_eq!(
            w.lines(),
            [
                renamed,
                skipped(3),
                skipped(4),
                skipped(5),
                skipped(6),
                skipped(7),
                Warning::More {
                    kind: WarningKind::Skipped,
                    more: 29_997,
                    first: 8,
                    last: 30_004,
                    game: "take-two"
                },
                aside,
                not_an_event,
                damaged(2),
                damaged(4),
                damaged(6),
                damaged(8),
                damaged(10),
                Warning::More {
                    kind: WarningKind::Unreadable,
                    more: 2,
                    first: 12,
                    last: 14,
                    game: "take-two"
                },
                cut,
            ]
        );
    }
}
