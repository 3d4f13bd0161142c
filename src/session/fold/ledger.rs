//! [`Ledger`]: the entries a session keeps, held as compactly as its log holds them.
//!
//! Why not a `Vec` of typed entries: a long evening's log holds hundreds of thousands
//! of entries, and a typed entry costs two to three times its line in memory (the
//! entry's struct is as wide as its widest event, a word ruling, and each text in it is
//! a heap string of its own). Issue 43 holds every command to at most 150 MB on a 50 MB
//! log, and the room's page to 100 MB; typed entries alone came to more than that.
//!
//! So the ledger keeps each entry's event as the JSON text its line holds (or, for an
//! entry cut to typing's limits, the text of what was kept), one after another in one
//! buffer, with its seq, time, front end and kind beside it. An entry is typed again
//! only when a fold or a lookup meets it, from exactly the text a reopened log would
//! read it from: the ledger can hold nothing the log could not. A fold already visits
//! every entry; typing one again costs about a microsecond, and the steps of the
//! record (undo, redo, fix), which every reading of the revisions needs, are found by their kind without
//! typing the rest.

use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::contract::event::{CoreEvent, Event, LogLine};

/// What an entry is, kept beside its text so that the revisions' steps and the words
/// ruled are found without typing every entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::session) enum Kind {
    /// One of the game's own events.
    Game,
    Undone,
    Redone,
    /// A `fix #N`.
    Replaced,
    /// A correction as logs of the first correction mechanism hold it.
    Corrected,
    /// A word ruling.
    Ruled,
    /// A note.
    Noted,
    /// The table's own ruling on a word (`allow`, `deny`).
    HouseRuled,
    /// Any other event of the core's (a player joining, a rename).
    Core,
}

impl Kind {
    pub(in crate::session) fn of<E>(event: &Event<E>) -> Kind {
        match event {
            Event::Game(_) => Kind::Game,
            Event::Core(c) => match c {
                CoreEvent::Undone { .. } => Kind::Undone,
                CoreEvent::Redone { .. } => Kind::Redone,
                CoreEvent::Replaced { .. } => Kind::Replaced,
                CoreEvent::Corrected { .. } => Kind::Corrected,
                CoreEvent::Ruled { .. } => Kind::Ruled,
                CoreEvent::Noted { .. } => Kind::Noted,
                CoreEvent::HouseRuled { .. } => Kind::HouseRuled,
                CoreEvent::PlayerJoined { .. } | CoreEvent::PlayerRenamed { .. } => Kind::Core,
            },
        }
    }

    /// An entry of the record itself, which `undo` takes back and `fix` replaces; an
    /// undo or a redo is a step of the record's keeping, not an entry of it.
    pub(in crate::session) fn is_entry(self) -> bool {
        !matches!(self, Kind::Undone | Kind::Redone)
    }

    /// Counting it can change the table: a note or a word ruling never does, so a fold
    /// passes over them untyped (most of a long evening's entries are rulings).
    pub(in crate::session) fn changes_table(self) -> bool {
        !matches!(self, Kind::Ruled | Kind::Noted)
    }
}

/// One entry as a fold meets it: its seq and kind at once, the entry itself typed only
/// if something asks for it.
pub(in crate::session) struct Lazy<'a, E> {
    pub(in crate::session) seq: u64,
    pub(in crate::session) kind: Kind,
    /// Where to type it from; `None` for an entry typed already.
    from: Option<(&'a Ledger<E>, usize)>,
    entry: std::cell::OnceCell<Option<LogLine<E>>>,
}

impl<'a, E: DeserializeOwned> Lazy<'a, E> {
    /// The entry at `index` of `ledger`, not yet typed.
    pub(in crate::session) fn at(
        ledger: &'a Ledger<E>,
        index: usize,
        seq: u64,
        kind: Kind,
    ) -> Self {
        Lazy {
            seq,
            kind,
            from: Some((ledger, index)),
            entry: std::cell::OnceCell::new(),
        }
    }

    /// An entry typed already (one just read from the log).
    pub(in crate::session) fn typed(entry: LogLine<E>) -> Self {
        Lazy {
            seq: entry.seq,
            kind: Kind::of(&entry.event),
            from: None,
            entry: std::cell::OnceCell::from(Some(entry)),
        }
    }

    /// The entry, typed the first time it is asked for.
    pub(in crate::session) fn get(&self) -> Option<&LogLine<E>> {
        self.entry
            .get_or_init(|| self.from.and_then(|(ledger, index)| ledger.at(index)))
            .as_ref()
    }
}

/// A time or a front end's name as long as a log may hold one (cut to 40 characters
/// when read) always fits.
type Len = u16;

/// `by` of an entry no front end is named in.
const NO_BY: Len = Len::MAX;

/// Where one entry's text lies in the buffer, and what the entry is.
#[derive(Debug, Clone, Copy)]
struct Slot {
    seq: u64,
    /// Where the entry's text starts: its time, its front end's name (if any), then its
    /// event's JSON, which runs to the next entry's start.
    start: usize,
    at: Len,
    by: Len,
    kind: Kind,
}

/// The entries of a session, oldest first, as the log holds them.
pub(in crate::session) struct Ledger<E> {
    text: String,
    slots: Vec<Slot>,
    event: PhantomData<fn() -> E>,
}

impl<E> Default for Ledger<E> {
    fn default() -> Self {
        Ledger {
            text: String::new(),
            slots: Vec::new(),
            event: PhantomData,
        }
    }
}

/// Why an entry could not be kept: its time or front end's name is longer than reading
/// a log leaves one, or its event could not be written as JSON.
#[derive(Debug, thiserror::Error)]
pub(in crate::session) enum KeepError {
    #[error("its time or front end's name is over {} bytes", Len::MAX - 1)]
    TooLong,
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

impl<E> Ledger<E> {
    /// Keeps an entry whose event's JSON is `text`: the text its log line holds, or the
    /// journal just wrote. Nothing is kept when it cannot be (see [`KeepError`]).
    pub(in crate::session) fn keep_text(
        &mut self,
        seq: u64,
        at: &str,
        by: Option<&str>,
        kind: Kind,
        text: &str,
    ) -> Result<(), KeepError> {
        let len = |s: &str| Len::try_from(s.len()).ok().filter(|n| *n != NO_BY);
        let at_len = len(at).ok_or(KeepError::TooLong)?;
        let by_len = match by {
            Some(by) => len(by).ok_or(KeepError::TooLong)?,
            None => NO_BY,
        };
        self.slots.push(Slot {
            seq,
            start: self.text.len(),
            at: at_len,
            by: by_len,
            kind,
        });
        self.text.push_str(at);
        self.text.push_str(by.unwrap_or_default());
        self.text.push_str(text);
        Ok(())
    }

    pub(in crate::session) fn len(&self) -> usize {
        self.slots.len()
    }

    pub(in crate::session) fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The seq of the last entry kept.
    pub(in crate::session) fn last_seq(&self) -> Option<u64> {
        self.slots.last().map(|s| s.seq)
    }

    /// Where entry `seq` stands among the entries.
    pub(in crate::session) fn position(&self, seq: u64) -> Option<usize> {
        self.slots.iter().position(|s| s.seq == seq)
    }

    /// Each entry's seq and kind, oldest first, none of them typed.
    pub(in crate::session) fn kinds(
        &self,
    ) -> impl DoubleEndedIterator<Item = (u64, Kind)> + ExactSizeIterator + '_ {
        self.slots.iter().map(|s| (s.seq, s.kind))
    }
}

impl<E: Serialize> Ledger<E> {
    /// Keeps a typed entry, its event written as JSON (an entry cut to typing's
    /// limits, whose line no longer says what was kept).
    pub(in crate::session) fn keep(&mut self, entry: &LogLine<E>) -> Result<(), KeepError> {
        let text = serde_json::to_string(&entry.event)?;
        self.keep_text(
            entry.seq,
            &entry.at,
            entry.by.as_deref(),
            Kind::of(&entry.event),
            &text,
        )
    }

    /// Keeps an entry read from a log line: the line's own text of its event when
    /// reading left it whole, else the event written out again.
    pub(in crate::session) fn keep_read(
        &mut self,
        entry: &LogLine<E>,
        text: Option<&serde_json::value::RawValue>,
    ) -> Result<(), KeepError> {
        match text {
            Some(text) => self.keep_text(
                entry.seq,
                &entry.at,
                entry.by.as_deref(),
                Kind::of(&entry.event),
                text.get(),
            ),
            None => self.keep(entry),
        }
    }
}

impl<E: DeserializeOwned> Ledger<E> {
    /// The entry at `index`, typed again from its text.
    pub(in crate::session) fn at(&self, index: usize) -> Option<LogLine<E>> {
        let slot = self.slots.get(index)?;
        let end = self
            .slots
            .get(index + 1)
            .map_or(self.text.len(), |next| next.start);
        let text = self.text.get(slot.start..end)?;
        let (at, rest) = text.split_at_checked(usize::from(slot.at))?;
        let (by, event) = match slot.by {
            NO_BY => (None, rest),
            n => {
                let (by, event) = rest.split_at_checked(usize::from(n))?;
                (Some(by.to_string()), event)
            }
        };
        let event = match slot.kind {
            Kind::Game => serde_json::from_str(event).map(Event::Game),
            _ => serde_json::from_str(event).map(Event::Core),
        };
        // The text is what the log's line holds, already read once as this very event,
        // or what serde wrote of it: reading it again cannot fail.
        debug_assert!(event.is_ok(), "entry {} kept unreadable", slot.seq);
        Some(LogLine {
            seq: slot.seq,
            at: at.to_string(),
            by,
            event: event.ok()?,
        })
    }

    /// Entry `seq`, typed.
    pub(in crate::session) fn get(&self, seq: u64) -> Option<LogLine<E>> {
        self.at(self.position(seq)?)
    }

    /// The last entry, typed.
    pub(in crate::session) fn last(&self) -> Option<LogLine<E>> {
        self.at(self.len().checked_sub(1)?)
    }

    /// Every entry, oldest first, each typed as it is reached.
    #[cfg(test)]
    pub(in crate::session) fn iter(&self) -> impl DoubleEndedIterator<Item = LogLine<E>> + '_ {
        self.first(self.len())
    }

    /// The first `n` entries, typed as they are reached.
    #[cfg(test)]
    pub(in crate::session) fn first(
        &self,
        n: usize,
    ) -> impl DoubleEndedIterator<Item = LogLine<E>> + '_ {
        (0..n.min(self.len())).filter_map(|i| self.at(i))
    }

    /// The entries among the first `n` whose kind `wanted` takes, typed; the others
    /// are passed over untyped.
    pub(in crate::session) fn of_kind<'a>(
        &'a self,
        n: usize,
        wanted: impl Fn(Kind) -> bool + 'a,
    ) -> impl DoubleEndedIterator<Item = LogLine<E>> + 'a {
        (0..n.min(self.len()))
            .filter(move |i| self.slots.get(*i).is_some_and(|s| wanted(s.kind)))
            .filter_map(|i| self.at(i))
    }
}

/// Tests and benches build a ledger from typed entries.
#[cfg(test)]
impl<E: Serialize> FromIterator<LogLine<E>> for Ledger<E> {
    fn from_iter<I: IntoIterator<Item = LogLine<E>>>(entries: I) -> Self {
        let mut ledger = Ledger::default();
        for e in entries {
            ledger.keep(&e).expect("a test's entry is kept");
        }
        ledger
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seq: u64, by: Option<&str>, event: Event<u8>) -> LogLine<u8> {
        LogLine {
            seq,
            at: format!("2026-11-27T19:00:0{seq}Z"),
            by: by.map(str::to_string),
            event,
        }
    }

    #[test]
    fn every_entry_comes_back_as_it_was_kept_in_order_and_by_seq() {
        let kept = vec![
            entry(1, None, Event::Game(7)),
            entry(
                2,
                Some("phone"),
                Event::Core(CoreEvent::Noted {
                    text: "tea, «naïve» ☕".into(),
                }),
            ),
            entry(4, Some(""), Event::Core(CoreEvent::Undone { seq: 1 })),
            entry(5, None, Event::Core(CoreEvent::Redone { seq: 1 })),
            entry(9, None, Event::Game(0)),
        ];
        let ledger: Ledger<u8> = kept.iter().cloned().collect();
        assert_eq!((ledger.len(), ledger.is_empty()), (5, false));
        assert_eq!(ledger.iter().collect::<Vec<_>>(), kept);
        assert_eq!(
            ledger.iter().rev().map(|e| e.seq).collect::<Vec<_>>(),
            [9, 5, 4, 2, 1]
        );
        assert_eq!(ledger.get(4), Some(kept[2].clone()));
        assert_eq!(ledger.get(3), None);
        assert_eq!(ledger.position(5), Some(3));
        assert_eq!(ledger.last(), Some(kept[4].clone()));
        assert_eq!(ledger.last_seq(), Some(9));
        assert_eq!(ledger.first(2).collect::<Vec<_>>(), kept[..2]);
        assert_eq!(
            ledger.kinds().collect::<Vec<_>>(),
            [
                (1, Kind::Game),
                (2, Kind::Noted),
                (4, Kind::Undone),
                (5, Kind::Redone),
                (9, Kind::Game)
            ]
        );
        assert_eq!(
            ledger
                .of_kind(5, |k| k == Kind::Game)
                .map(|e| e.seq)
                .collect::<Vec<_>>(),
            [1, 9]
        );
        assert_eq!(
            ledger
                .of_kind(3, |k| k == Kind::Game)
                .map(|e| e.seq)
                .collect::<Vec<_>>(),
            [1]
        );
    }

    #[test]
    fn a_line_s_own_text_is_kept_as_it_is_and_read_as_the_log_reads_it() {
        let mut ledger: Ledger<u8> = Ledger::default();
        let text = r#"{ "type" : "noted", "text": "as typed" }"#;
        ledger
            .keep_text(3, "then", None, Kind::Noted, text)
            .expect("kept");
        assert_eq!(
            ledger.at(0).map(|e| e.event),
            Some(Event::Core(CoreEvent::Noted {
                text: "as typed".into()
            }))
        );
        assert_eq!(ledger.at(1), None);
    }

    #[test]
    fn a_time_longer_than_a_log_may_hold_is_refused_and_nothing_kept() {
        let mut ledger: Ledger<u8> = Ledger::default();
        let long = "9".repeat(usize::from(NO_BY));
        assert!(matches!(
            ledger.keep_text(1, &long, None, Kind::Game, "1"),
            Err(KeepError::TooLong)
        ));
        assert!(matches!(
            ledger.keep_text(1, "t", Some(&long), Kind::Game, "1"),
            Err(KeepError::TooLong)
        ));
        assert!(ledger.is_empty());
        assert_eq!(ledger.last(), None);
    }

    #[test]
    fn only_a_note_and_a_word_ruling_are_known_never_to_change_the_table() {
        let inert = [Kind::Ruled, Kind::Noted];
        for kind in [
            Kind::Game,
            Kind::Undone,
            Kind::Redone,
            Kind::Replaced,
            Kind::Corrected,
            Kind::Ruled,
            Kind::Noted,
            Kind::HouseRuled,
            Kind::Core,
        ] {
            assert_eq!(kind.changes_table(), !inert.contains(&kind), "{kind:?}");
            assert_eq!(
                kind.is_entry(),
                !matches!(kind, Kind::Undone | Kind::Redone),
                "{kind:?}"
            );
        }
    }

    #[test]
    fn an_entry_s_slot_is_small() {
        // The point of the ledger: a slot is a few words, whatever the event.
        assert!(std::mem::size_of::<Slot>() <= 24);
    }
}
