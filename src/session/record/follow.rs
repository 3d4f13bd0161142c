//! Following a log that another process appends to (the scoreboard's watcher): the
//! entries read since the session was read, already parsed, applied on top of the
//! table it holds, as recording applies a typed command's, so that each update costs
//! the new entries alone. An undo, redo or fix among them can change what earlier
//! entries count as, and a rename changes how earlier rulings name their players:
//! then the log held in memory is folded again from the start, as opening it does
//! (the file is not read again).

use crate::contract::Game;
use crate::contract::event::{CoreEvent, Event, LogLine};
use crate::session::face::any::Latest;
use crate::session::face::outcome::RulingRecord;
use crate::session::fold::ledger::Lazy;
use crate::session::fold::{Counts, Met, apply};
use crate::session::log::store::RawLine;
use crate::session::log::texts::read_line;
use crate::session::log::warnings::{Warning, WarningKind as Kind};
use crate::session::record::Session;
use serde_json::value::RawValue;

/// What following a log found in the entries appended since it was last read.
#[derive(Debug, Clone, Default)]
pub struct Followed {
    /// The last new entry, in words.
    pub latest: Option<Latest>,
    /// The rulings and notes among the new entries, oldest first; `None` when earlier
    /// ones may have changed (an undo, redo, fix or rename among the new entries), so
    /// that they must be read again whole.
    pub rulings: Option<Vec<RulingRecord>>,
    /// The notes among the new entries, oldest first; `None` as for `rulings`.
    pub notes: Option<Vec<String>>,
}

impl<G: Game> Session<G> {
    pub(in crate::session) fn follow_entries(&mut self, new: Vec<RawLine>) -> Followed {
        let mut entries = Vec::with_capacity(new.len());
        for raw in new {
            let seq = raw.seq;
            match read_line::<G>(raw) {
                Ok(read) => {
                    if !read.cuts.is_empty() {
                        self.warnings.add(Kind::Cut, seq, || Warning::Cut {
                            seq,
                            cuts: read.cuts,
                        });
                    }
                    entries.push((read.entry, read.text));
                }
                Err(e) => self
                    .warnings
                    .add(Kind::NotAnEvent, seq, || Warning::NotAnEvent {
                        seq,
                        game: G::NAME,
                        why: e.to_string(),
                    }),
            }
        }
        let refold = entries.iter().any(|(e, _)| {
            matches!(
                e.event,
                Event::Core(
                    CoreEvent::Undone { .. }
                        | CoreEvent::Redone { .. }
                        | CoreEvent::Replaced { .. }
                        | CoreEvent::PlayerRenamed { .. }
                )
            )
        });
        if refold {
            for (entry, text) in &entries {
                self.keep_followed(entry, text.as_deref());
            }
            // Entries skipped before were said when they were: only the new are.
            let said = self.fold.skipped.clone();
            for (seq, why) in self.fold.replay() {
                if said.contains(&seq) {
                    continue;
                }
                self.warnings.add(Kind::Skipped, seq, || Warning::Skipped {
                    seq,
                    why: why.message,
                });
            }
            return Followed {
                latest: crate::session::AnySession::latest(self),
                rulings: None,
                notes: None,
            };
        }
        let mut followed = Followed {
            latest: None,
            rulings: Some(Vec::new()),
            notes: Some(Vec::new()),
        };
        for (entry, text) in entries {
            let met = Lazy::typed(entry);
            let Some(entry) = met.get() else {
                continue;
            };
            // What the entry says and rules, against the table it met, as a fold from
            // the start would say it.
            let game = &mut self.fold;
            let told = game.told(&entry.event, &game.state, &game.roster);
            let ruling = game.ruling_of(
                &entry.at,
                &entry.event,
                &Met {
                    entry: &met,
                    state: &game.state,
                    roster: &game.roster,
                    rules: &game.rules,
                    counts: Counts::Itself,
                },
            );
            // In place, as a fold applies one event: `apply` leaves the table as it was
            // when it refuses, and a copy would cost the whole state an entry.
            match apply::<G>(
                &mut game.state,
                &mut game.roster,
                &mut game.rules,
                &game.header.options,
                &entry.event,
            ) {
                Ok(()) => {
                    if let Some(record) = ruling
                        && let Some(found) = followed.rulings.as_mut()
                    {
                        found.push(record);
                    }
                    if let Event::Core(CoreEvent::Noted { text }) = &entry.event
                        && let Some(notes) = followed.notes.as_mut()
                    {
                        notes.push(text.clone());
                    }
                }
                Err(why) => {
                    self.warnings
                        .add(Kind::Skipped, entry.seq, || Warning::Skipped {
                            seq: entry.seq,
                            why: why.message,
                        });
                    game.skipped.insert(entry.seq);
                }
            }
            followed.latest = Some(Latest {
                seq: entry.seq,
                told,
                undid: None,
                ruling: matches!(entry.event, Event::Core(CoreEvent::Ruled { .. })),
            });
            self.keep_followed(entry, text.as_deref());
        }
        followed
    }

    /// Keeps an entry another process appended, as its line holds it; one that cannot
    /// be kept is said as an entry that could not be read.
    fn keep_followed(&mut self, entry: &LogLine<G::Event>, text: Option<&RawValue>) {
        if let Some(words) = self.fold.words.get_mut() {
            crate::session::fold::words_of::<G>(&entry.event, words);
        }
        if let Err(e) = self.fold.entries.keep_read(entry, text) {
            let seq = entry.seq;
            self.warnings
                .add(Kind::NotAnEvent, seq, || Warning::NotAnEvent {
                    seq,
                    game: G::NAME,
                    why: e.to_string(),
                });
        }
    }
}
