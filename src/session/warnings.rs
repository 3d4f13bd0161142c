//! [`Warnings`]: what reading a log found worth saying, a line each, as every front end
//! shows it (the prompt, `stats`, an export's stderr, JSON replies, the page). A log
//! edited by hand can hold thousands of entries that fail alike (30,000 joins past a
//! full table made 29,902 lines): of each kind, the first few are said in full and the
//! rest in one line that counts them and names the first and the last, so the list is
//! as long as the kinds of trouble, not as the log.

use crate::text::grouped;

/// How many warnings of one kind are said in full before the rest are counted.
pub(super) const SHOWN: usize = 5;

/// What a warning is about, for telling which are alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Kind {
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

impl Kind {
    /// The summary's words for `n` more: "entries that no longer fit".
    fn more(self, game: &str) -> String {
        match self {
            Kind::Unreadable => "unreadable lines".to_string(),
            Kind::NotAnEvent => format!("entries that are not {game} events"),
            Kind::SetAside => "entries set aside".to_string(),
            Kind::Skipped => "entries that no longer fit".to_string(),
            Kind::Cut => "entries holding text longer than typing allows".to_string(),
        }
    }

    /// How a place of this kind is named: a line number or an entry's.
    fn at(self, n: u64) -> String {
        match self {
            Kind::Unreadable => format!("line {n}"),
            _ => format!("#{n}"),
        }
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
    kind: Kind,
    shown: usize,
    more: u64,
    first: u64,
    last: u64,
    line: Option<usize>,
}

/// The warnings of one session, each kind past [`SHOWN`] summarised.
#[derive(Debug, Clone, Default)]
pub(super) struct Warnings {
    lines: Vec<String>,
    runs: Vec<Run>,
    /// The game's name, for "entries that are not take-two events".
    game: &'static str,
}

impl Warnings {
    pub(super) fn new(game: &'static str) -> Warnings {
        Warnings {
            game,
            ..Warnings::default()
        }
    }

    /// A warning of its own kind, said as it is.
    pub(super) fn say(&mut self, line: String) {
        self.lines.push(line);
    }

    /// A warning of `kind` about place `at` (an entry's seq, or a line's number), made
    /// only when it is said in full.
    pub(super) fn add(&mut self, kind: Kind, at: u64, line: impl FnOnce() -> String) {
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
            self.lines.push(line());
            return;
        }
        if run.more == 0 {
            run.first = at;
        }
        run.more += 1;
        run.last = at;
        let text = format!(
            "... and {} more {} (first {}, last {})",
            grouped(run.more),
            kind.more(game),
            kind.at(run.first),
            kind.at(run.last)
        );
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
    pub(super) fn append(&mut self, later: Warnings) {
        let offset = self.lines.len();
        self.lines.extend(later.lines);
        for mut run in later.runs {
            debug_assert!(self.runs.iter().all(|r| r.kind != run.kind));
            run.line = run.line.map(|i| i + offset);
            self.runs.push(run);
        }
    }

    pub(super) fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The warnings counted, each said in full or in a summary.
    pub(super) fn warned(&self) -> Warned {
        let mut warned = Warned::default();
        for run in &self.runs {
            let n = run.shown as u64 + run.more;
            match run.kind {
                Kind::Cut => warned.cut += n,
                Kind::Unreadable | Kind::NotAnEvent | Kind::SetAside | Kind::Skipped => {
                    warned.left_out += n
                }
            }
        }
        warned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_first_few_of_a_kind_one_line_counts_the_rest_and_names_the_first_and_last() {
        let mut w = Warnings::new("take-two");
        w.say("the header calls it x".into());
        for seq in 3..=30_004 {
            w.add(Kind::Skipped, seq, || format!("entry {seq} no longer fits"));
        }
        w.add(Kind::SetAside, 7, || {
            "entry 7 undoes nothing; set aside".into()
        });
        w.add(Kind::NotAnEvent, 9, || {
            "entry 9 is not a take-two event".into()
        });
        for line in [2, 4, 6, 8, 10, 12, 14] {
            w.add(Kind::Unreadable, line, || {
                format!("line {line}: unreadable")
            });
        }
        w.add(Kind::Cut, 9, || "entry 9 holds a note".into());
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
                "the header calls it x",
                "entry 3 no longer fits",
                "entry 4 no longer fits",
                "entry 5 no longer fits",
                "entry 6 no longer fits",
                "entry 7 no longer fits",
                "... and 29,997 more entries that no longer fit (first #8, last #30004)",
                "entry 7 undoes nothing; set aside",
                "entry 9 is not a take-two event",
                "line 2: unreadable",
                "line 4: unreadable",
                "line 6: unreadable",
                "line 8: unreadable",
                "line 10: unreadable",
                "... and 2 more unreadable lines (first line 12, last line 14)",
                "entry 9 holds a note",
            ]
        );
    }
}
