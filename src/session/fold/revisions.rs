//! Which entries of a log count: undo, redo and fix are entries too, read here once
//! into a [`Revisions`] that the fold follows. A step that points where typing could never
//! point (an undo of a later entry, of an entry that does not exist, of another undo; a
//! redo of what is not undone; a fix of a fix) is set aside with a reason, never
//! followed: it can neither take back nor change an entry recorded after it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use crate::contract::event::{CoreEvent, Event};
use crate::session::face::outcome::Revision;
use crate::session::fold::ledger::{Kind, Ledger};

/// Why an undo, redo or fix in a log is set aside: it points where typing never could.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub(crate) enum Aside {
    #[error(
        "{step} entry {target}, which comes after it: a step of the record names only an earlier entry"
    )]
    Forward { step: Revision, target: u64 },
    #[error(
        "{step} entry {target}, which is not an entry of the record (missing, or an undo or redo)"
    )]
    NotAnEntry { step: Revision, target: u64 },
    #[error("undoes entry {target}, which is already undone")]
    AlreadyUndone { target: u64 },
    #[error("redoes entry {target}, which is not undone")]
    NotUndone { target: u64 },
    #[error("fixes entry {target}, itself a fix: fix the entry it fixed")]
    FixOfFix { target: u64 },
}

/// What replaces an entry: the events of a `fix #N` (`by` names the fixing entry; none
/// while a fix is only being tried).
#[derive(Debug, Clone, PartialEq)]
pub(in crate::session) struct Replacement<E> {
    pub(in crate::session) by: Option<u64>,
    pub(in crate::session) with: Vec<Event<E>>,
}

/// A fix of an entry, by its seq, and the events its line added.
pub(in crate::session) type Added<E> = (u64, Vec<Event<E>>);

/// Which entries count, and how.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::session) struct Revisions<E> {
    /// Entries taken back by an undo that stands.
    pub(in crate::session) undone: BTreeSet<u64>,
    /// Entries replaced by a fix that stands (the latest one of each).
    pub(in crate::session) replaced: BTreeMap<u64, Replacement<E>>,
    /// Undo, redo and fix entries that point nowhere a typed one could: not followed.
    pub(in crate::session) set_aside: BTreeMap<u64, Aside>,
    /// By entry, each fix of it that stands or stood, oldest first, with the events
    /// its line added: a ruling among them was given when that fix was typed.
    pub(in crate::session) added: BTreeMap<u64, Vec<Added<E>>>,
}

impl<E> Default for Revisions<E> {
    fn default() -> Self {
        Revisions {
            undone: BTreeSet::new(),
            replaced: BTreeMap::new(),
            set_aside: BTreeMap::new(),
            added: BTreeMap::new(),
        }
    }
}

impl<E> Revisions<E> {
    /// Counts `with` in place of entry `seq`, as a fix being tried: one no entry has
    /// made yet.
    pub(in crate::session) fn trying(&mut self, seq: u64, with: Vec<Event<E>>) {
        self.replaced.insert(seq, Replacement { by: None, with });
    }
}

impl<E: Clone + serde::de::DeserializeOwned> Revisions<E> {
    /// Reads the undo, redo and fix entries among the first `n` of `entries`, in order;
    /// the other entries are known by their kind, never typed.
    pub(in crate::session) fn of(entries: &Ledger<E>, n: usize) -> Revisions<E> {
        let mut t = Revisions::default();
        let kinds: HashMap<u64, Kind> = entries.kinds().take(n).collect();
        let is_entry = |seq: u64| kinds.get(&seq).is_some_and(|k| k.is_entry());
        for e in entries.of_kind(n, |k| matches!(k, Kind::Undone | Kind::Redone)) {
            let why = match &e.event {
                Event::Core(CoreEvent::Undone { seq }) => {
                    let why =
                        step_fault(*seq, e.seq, is_entry(*seq), Revision::Undo).or_else(|| {
                            t.undone
                                .contains(seq)
                                .then_some(Aside::AlreadyUndone { target: *seq })
                        });
                    if why.is_none() {
                        t.undone.insert(*seq);
                    }
                    why
                }
                Event::Core(CoreEvent::Redone { seq }) => {
                    let why =
                        step_fault(*seq, e.seq, is_entry(*seq), Revision::Redo).or_else(|| {
                            (!t.undone.contains(seq)).then_some(Aside::NotUndone { target: *seq })
                        });
                    if why.is_none() {
                        t.undone.remove(seq);
                    }
                    why
                }
                _ => None,
            };
            if let Some(why) = why {
                t.set_aside.insert(e.seq, why);
            }
        }
        for e in entries.of_kind(n, |k| k == Kind::Replaced) {
            let Event::Core(CoreEvent::Replaced {
                seq,
                with,
                period,
                also,
                ..
            }) = &e.event
            else {
                continue;
            };
            if t.undone.contains(&e.seq) {
                continue;
            }
            // Every entry the fix replaces, the one it names first and the others it
            // replaces with it: all of them stand, or the fix is set aside whole.
            let parts = std::iter::once((*seq, with, *period))
                .chain(also.iter().map(|p| (p.seq, &p.with, None)));
            let why = parts.clone().find_map(|(target, _, _)| {
                let fixes_a_fix = kinds.get(&target) == Some(&Kind::Replaced);
                step_fault(target, e.seq, is_entry(target), Revision::Fix)
                    .or_else(|| fixes_a_fix.then_some(Aside::FixOfFix { target }))
            });
            if let Some(why) = why {
                t.set_aside.insert(e.seq, why);
                continue;
            }
            for (target, with, period) in parts {
                t.replaced.insert(
                    target,
                    Replacement {
                        by: Some(e.seq),
                        with: with.clone(),
                    },
                );
                let added = period.and_then(|c| with.get(c.from..c.to)).unwrap_or(with);
                t.added
                    .entry(target)
                    .or_default()
                    .push((e.seq, added.to_vec()));
            }
        }
        t
    }
}

/// Why an undo, redo or fix at `own` that names `target` could never have been typed.
fn step_fault(target: u64, own: u64, target_is_entry: bool, step: Revision) -> Option<Aside> {
    if target >= own {
        Some(Aside::Forward { step, target })
    } else if !target_is_entry {
        Some(Aside::NotAnEntry { step, target })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::event::LogLine;

    fn entry(seq: u64, event: Event<u8>) -> LogLine<u8> {
        LogLine {
            seq,
            at: String::new(),
            by: None,
            event,
        }
    }

    fn revisions(log: &[LogLine<u8>]) -> Revisions<u8> {
        let ledger: Ledger<u8> = log.iter().cloned().collect();
        Revisions::of(&ledger, log.len())
    }

    fn core(e: CoreEvent<u8>) -> Event<u8> {
        Event::Core(e)
    }

    #[test]
    fn an_undo_that_points_forward_is_set_aside_and_takes_nothing_back() {
        let log = [
            entry(1, Event::Game(1)),
            entry(2, core(CoreEvent::Undone { seq: 3 })),
            entry(3, Event::Game(2)),
        ];
        let t = revisions(&log);
        assert!(t.undone.is_empty());
        assert!(
            t.set_aside[&2].to_string().contains("comes after it"),
            "{:?}",
            t.set_aside
        );
    }

    #[test]
    fn an_undo_of_nothing_or_of_an_undo_is_set_aside() {
        let log = [
            entry(1, Event::Game(1)),
            entry(2, core(CoreEvent::Undone { seq: 1 })),
            entry(3, core(CoreEvent::Undone { seq: 2 })),
            entry(4, core(CoreEvent::Undone { seq: 99 })),
            entry(5, core(CoreEvent::Undone { seq: 1 })),
        ];
        let t = revisions(&log);
        assert_eq!(t.undone, BTreeSet::from([1]));
        assert_eq!(
            t.set_aside.keys().copied().collect::<Vec<_>>(),
            vec![3, 4, 5]
        );
        assert!(t.set_aside[&5].to_string().contains("already undone"));
    }

    #[test]
    fn a_redo_brings_back_what_an_undo_took_and_only_that() {
        let log = [
            entry(1, Event::Game(1)),
            entry(2, Event::Game(2)),
            entry(3, core(CoreEvent::Undone { seq: 2 })),
            entry(4, core(CoreEvent::Redone { seq: 2 })),
            entry(5, core(CoreEvent::Redone { seq: 1 })),
        ];
        let t = revisions(&log);
        assert!(t.undone.is_empty());
        assert_eq!(t.set_aside.keys().copied().collect::<Vec<_>>(), vec![5]);
    }

    #[test]
    fn the_latest_fix_that_stands_replaces_an_entry() {
        let fix = |seq, n| {
            core(CoreEvent::Replaced {
                seq,
                line: String::new(),
                with: vec![Event::Game(n)],
                period: None,
                also: Vec::new(),
            })
        };
        let log = [
            entry(1, Event::Game(1)),
            entry(2, fix(1, 10)),
            entry(3, fix(1, 20)),
            entry(4, core(CoreEvent::Undone { seq: 3 })),
            entry(5, fix(2, 30)),
        ];
        let t = revisions(&log);
        assert_eq!(t.replaced[&1].with, vec![Event::Game(10)]);
        assert_eq!(t.replaced[&1].by, Some(2));
        assert!(t.set_aside[&5].to_string().contains("itself a fix"));
    }

    /// A fix of several entries replaces them all, is taken back whole by one undo, and
    /// is set aside whole when any entry it names could not have been fixed.
    #[test]
    fn a_fix_of_several_entries_stands_or_goes_whole() {
        use crate::contract::event::Part;
        let fix = |seq, n, also: Vec<(u64, u8)>| {
            core(CoreEvent::Replaced {
                seq,
                line: String::new(),
                with: vec![Event::Game(n)],
                period: None,
                also: also
                    .into_iter()
                    .map(|(seq, n)| Part {
                        seq,
                        line: String::new(),
                        with: vec![Event::Game(n)],
                    })
                    .collect(),
            })
        };
        let log = [
            entry(1, Event::Game(1)),
            entry(2, Event::Game(2)),
            entry(3, fix(1, 10, vec![(2, 20)])),
        ];
        let t = revisions(&log);
        assert_eq!(t.replaced[&1].with, vec![Event::Game(10)]);
        assert_eq!(t.replaced[&2].with, vec![Event::Game(20)]);
        assert_eq!((t.replaced[&1].by, t.replaced[&2].by), (Some(3), Some(3)));
        let undone = [
            log[0].clone(),
            log[1].clone(),
            log[2].clone(),
            entry(4, core(CoreEvent::Undone { seq: 3 })),
        ];
        assert!(
            revisions(&undone).replaced.is_empty(),
            "one undo takes back both"
        );
        let forward = [
            entry(1, Event::Game(1)),
            entry(2, fix(1, 10, vec![(5, 20)])),
        ];
        let t = revisions(&forward);
        assert!(t.replaced.is_empty(), "nothing of it stands");
        assert!(t.set_aside[&2].to_string().contains("comes after it"));
    }
}
