//! [`Fold`]: a game as its entries make it, and nothing else. The state is folded from
//! the header and the entries (undo, redo and fix are entries too, read into a
//! [`Revisions`]); an event is tried on a copy before it is accepted. No file, no clock, no
//! terminal: the journal writes what this accepts, and the front ends say what it
//! reports. Generic over [`Game`], so it is written once for every game.

pub(in crate::session) mod ledger;
pub(in crate::session) mod revisions;

use std::collections::BTreeSet;

use crate::contract::event::{CoreEvent, Event, LogLine, Ruling};
use crate::contract::{Game, Refusal, Roster, Scene, Standings};
use crate::lexicon::Rules;
use crate::session::face::outcome::{Counted, HistoryRow, RulingRecord, Told};
use crate::session::fold::ledger::{Kind, Lazy, Ledger};
use crate::session::fold::revisions::{Replacement, Revisions};
use crate::session::log::header::Header;
use crate::session::log::journal::Stamp;

/// One entry as a fold meets it: the table it met and what it counts as.
pub(in crate::session) struct Met<'a, G: Game> {
    /// Its seq and kind; the entry itself typed when asked for.
    pub(in crate::session) entry: &'a Lazy<'a, G::Event>,
    pub(in crate::session) state: &'a G::State,
    pub(in crate::session) roster: &'a Roster,
    pub(in crate::session) rules: &'a Rules,
    pub(in crate::session) counts: Counts<'a, G::Event>,
}

/// What an entry counts as where it stands in the log, known from its kind and seq.
pub(in crate::session) enum Counts<'a, E> {
    Itself,
    /// A fix stands: these events count in its place.
    Replaced(&'a Replacement<E>),
    Undone,
    /// An undo, redo or fix that points nowhere a typed one could.
    SetAside(&'a crate::session::fold::revisions::Aside),
    /// An undo, a redo or a fix: a step of the record, counted where it points.
    Step,
}

/// The table a fold ends on: what the game state, its players and its word rules come
/// to.
pub(in crate::session) struct Folded<G: Game> {
    pub(in crate::session) state: G::State,
    pub(in crate::session) roster: Roster,
    pub(in crate::session) rules: Rules,
    /// Entries that no longer fit, with why.
    pub(in crate::session) skipped: Vec<(u64, Refusal)>,
}

/// The table after one more event: tried on a copy, kept only once it is on disk.
pub(in crate::session) struct Tried<G: Game> {
    state: G::State,
    roster: Roster,
    rules: Rules,
}

/// One game's match: its header, its entries and the table they make.
pub(in crate::session) struct Fold<G: Game> {
    pub(in crate::session) header: Header<G::Options>,
    /// The word rules in force: the header's, with the table's own `allow` and `deny`
    /// rulings so far.
    pub(in crate::session) rules: Rules,
    /// The header's word rules, where a replay starts.
    pub(in crate::session) first_rules: Rules,
    /// Every entry of the log, held as compactly as the log holds them.
    pub(in crate::session) entries: Ledger<G::Event>,
    pub(in crate::session) state: G::State,
    pub(in crate::session) roster: Roster,
    /// Which entries count: what undo, redo and fix made of the log.
    pub(in crate::session) revisions: Revisions<G::Event>,
    /// Events in the log that did not fit when replayed: they do not count, and `undo`
    /// passes over them.
    pub(in crate::session) skipped: BTreeSet<u64>,
    /// Every word the log's entries name, in lower case, for completing a word at the
    /// prompt: gathered the first time it is asked for (a script never asks), then
    /// kept up as entries are kept.
    pub(in crate::session) words: std::sync::OnceLock<BTreeSet<String>>,
}

impl<G: Game> Fold<G> {
    /// A match of these entries, not yet folded: call [`Fold::replay`].
    pub(in crate::session) fn new(
        header: Header<G::Options>,
        rules: Rules,
        entries: Ledger<G::Event>,
    ) -> Self {
        let roster = Roster::new(header.players.clone());
        let state = G::start(&header.options, roster.len());
        Fold {
            header,
            first_rules: rules.clone(),
            rules,
            entries,
            state,
            roster,
            revisions: Revisions::default(),
            skipped: BTreeSet::new(),
            words: std::sync::OnceLock::new(),
        }
    }

    /// Folds the log into the state from scratch; returns the events that did not fit,
    /// with why.
    pub(in crate::session) fn replay(&mut self) -> Vec<(u64, Refusal)> {
        self.revisions = self.revisions_of_log();
        let folded = self.fold(&self.revisions, None, |_| {});
        self.adopt(folded)
    }

    /// Which entries count, read from the log: its undos, redos and fixes, and the
    /// corrections logs of before one correction mechanism hold (`corrected` events,
    /// each read as the `fix PERIOD` that would make it today: the entry it replaced,
    /// or an addition to its period).
    pub(in crate::session) fn revisions_of_log(&self) -> Revisions<G::Event> {
        self.revisions_of(self.entries.len())
    }

    /// [`Fold::revisions_of_log`] of the log's first `n` entries.
    fn revisions_of(&self, n: usize) -> Revisions<G::Event> {
        let mut revisions = Revisions::of(&self.entries, n);
        for entry in self.entries.of_kind(n, |k| k == Kind::Corrected) {
            let Event::Core(CoreEvent::Corrected {
                round,
                entry: event,
            }) = &entry.event
            else {
                continue;
            };
            if revisions.undone.contains(&entry.seq) || revisions.set_aside.contains_key(&entry.seq)
            {
                continue;
            }
            let span = self.span(&revisions, Some(entry.seq), *round);
            // The correction names players as they were called when it was typed.
            let new = [Event::Game(renamed::<G>(
                event,
                &span.roster_now,
                &span.roster_then,
            ))];
            let (target, with) = match Self::place(&span, &new) {
                Some(Placing::Replace { seq, with, .. }) => (seq, with),
                Some(Placing::Record) => (entry.seq, new.to_vec()),
                // A round that was not there: the correction changes nothing.
                None => continue,
            };
            // A `fix #N` typed later stands over this correction.
            if revisions
                .replaced
                .get(&target)
                .is_some_and(|r| r.by.is_some_and(|by| by > entry.seq))
            {
                continue;
            }
            revisions.replaced.insert(
                target,
                Replacement {
                    by: Some(entry.seq),
                    with,
                },
            );
            revisions
                .added
                .entry(target)
                .or_default()
                .push((entry.seq, new.to_vec()));
        }
        revisions
    }

    /// The game's own events of period `number` as they count under `revisions`, each with
    /// its entry's number, oldest first: what a game's `mend` reads. Only those entries
    /// are typed and kept, never the period's notes and word rulings, so a game without
    /// periods (its whole log one period) costs its game entries, not a log of checks.
    pub(in crate::session) fn game_events_of(
        &self,
        revisions: &Revisions<G::Event>,
        number: u32,
    ) -> Vec<(u64, G::Event)> {
        let mut out = Vec::new();
        self.fold(revisions, None, |met| {
            if G::closed(met.state) + 1 != number {
                return;
            }
            let seq = met.entry.seq;
            let mut keep = |event: &Event<G::Event>| {
                if let Event::Game(g) = event {
                    out.push((seq, g.clone()));
                }
            };
            match &met.counts {
                Counts::Itself if met.entry.kind == Kind::Game => {
                    if let Some(entry) = met.entry.get() {
                        keep(&entry.event);
                    }
                }
                Counts::Replaced(r) => r.with.iter().for_each(keep),
                _ => {}
            }
        });
        out
    }

    /// The entries of period `number` as they count under `revisions` (before `until`),
    /// with their events now, and whether the period is open or which entry closed it.
    pub(in crate::session) fn span(
        &self,
        revisions: &Revisions<G::Event>,
        until: Option<u64>,
        number: u32,
    ) -> Span<G::Event> {
        let mut span = Span {
            entries: Vec::new(),
            closer: None,
            open: false,
            exists: false,
            roster_then: Roster::default(),
            roster_now: Roster::default(),
        };
        // The last entry that counted, and the period it was typed in.
        let mut last: Option<(u64, u32)> = None;
        let folded = self.fold(revisions, until, |met| {
            let period = G::closed(met.state) + 1;
            if let Some((seq, was)) = last
                && was == number
                && period > number
            {
                span.closer = Some(seq);
            }
            let events: Vec<Event<G::Event>> = match &met.counts {
                Counts::Itself => match met.entry.get() {
                    Some(entry) => vec![entry.event.clone()],
                    None => return,
                },
                Counts::Replaced(r) => r.with.clone(),
                _ => return,
            };
            if period == number {
                span.entries.push((met.entry.seq, events));
                span.roster_then = met.roster.clone();
            }
            last = Some((met.entry.seq, period));
        });
        let closed = G::closed(&folded.state);
        if span.entries.is_empty() || closed + 1 == number {
            span.roster_then = folded.roster.clone();
        }
        span.roster_now = folded.roster;
        if span.closer.is_none()
            && closed >= number
            && let Some((seq, was)) = last
            && was == number
        {
            span.closer = Some(seq);
        }
        span.open = closed + 1 == number;
        span.exists = number >= 1 && number <= closed + 1;
        span
    }

    /// Takes a fold's table as the match's own; returns what did not fit.
    pub(in crate::session) fn adopt(&mut self, folded: Folded<G>) -> Vec<(u64, Refusal)> {
        self.state = folded.state;
        self.roster = folded.roster;
        self.rules = folded.rules;
        self.skipped = folded.skipped.iter().map(|(seq, _)| *seq).collect();
        folded.skipped
    }

    /// Folds the log from the start by `revisions`, up to (not including) the entry
    /// `until`, calling `before` with every entry and the table it met (entries that do
    /// not count included, though they change nothing).
    pub(in crate::session) fn fold(
        &self,
        revisions: &Revisions<G::Event>,
        until: Option<u64>,
        mut before: impl FnMut(Met<'_, G>),
    ) -> Folded<G> {
        let mut table: Folded<G> = Folded {
            roster: Roster::new(self.header.players.clone()),
            state: G::start(&self.header.options, self.header.players.len()),
            rules: self.first_rules.clone(),
            skipped: Vec::new(),
        };
        let options = &self.header.options;
        for (index, (seq, kind)) in self.entries.kinds().enumerate() {
            if until == Some(seq) {
                break;
            }
            // Typed only when counting it can change the table, or `before` asks.
            let entry = Lazy::at(&self.entries, index, seq, kind);
            let counts = counts_of(revisions, seq, kind);
            let typed = match &counts {
                Counts::Itself if kind.changes_table() => entry.get(),
                _ => None,
            };
            let events: &[Event<G::Event>] = match (&counts, typed) {
                (Counts::Itself, Some(typed)) => std::slice::from_ref(&typed.event),
                (Counts::Replaced(r), _) => &r.with,
                _ => &[],
            };
            before(Met {
                entry: &entry,
                state: &table.state,
                roster: &table.roster,
                rules: &table.rules,
                counts,
            });
            if events.is_empty() {
                continue;
            }
            let fits = match events {
                // One event: `apply` leaves the table as it was when it refuses, so it
                // is applied in place (a copy an event would make replay quadratic).
                [one] => apply::<G>(
                    &mut table.state,
                    &mut table.roster,
                    &mut table.rules,
                    options,
                    one,
                ),
                // A replacement of several: all of them, or none.
                many => {
                    let mut next: (G::State, Roster, Rules) = (
                        table.state.clone(),
                        table.roster.clone(),
                        table.rules.clone(),
                    );
                    let fits = many.iter().try_for_each(|e| {
                        apply::<G>(&mut next.0, &mut next.1, &mut next.2, options, e)
                    });
                    if fits.is_ok() {
                        (table.state, table.roster, table.rules) = next;
                    }
                    fits
                }
            };
            if let Err(why) = fits {
                table.skipped.push((seq, why));
            }
        }
        table
    }

    /// The game as it stands now.
    pub(in crate::session) fn scene(&self) -> Scene<'_, G> {
        self.scene_of(&self.state, &self.roster)
    }

    /// The game as it stood with `state` and `roster` (an entry replayed).
    pub(in crate::session) fn scene_of<'a>(
        &'a self,
        state: &'a G::State,
        roster: &'a Roster,
    ) -> Scene<'a, G> {
        Scene {
            state,
            options: &self.header.options,
            roster,
        }
    }

    pub(in crate::session) fn standings(&self) -> Standings {
        G::standings(&self.scene()).decided()
    }

    /// What the game calls the stretch a ruling is filed under: its period, or "turn".
    pub(in crate::session) fn period(&self) -> &'static str {
        G::PERIOD.unwrap_or("turn")
    }

    /// What `event` records, against the state and players it met.
    pub(in crate::session) fn told(
        &self,
        event: &Event<G::Event>,
        state: &G::State,
        roster: &Roster,
    ) -> Told {
        match event {
            Event::Game(e) => Told::Game {
                text: G::describe(e, &self.scene_of(state, roster)),
            },
            Event::Core(c) => match c {
                CoreEvent::Undone { seq } => Told::Undone { seq: *seq },
                CoreEvent::Redone { seq } => Told::Redone { seq: *seq },
                CoreEvent::Noted { text } => Told::Noted { text: text.clone() },
                CoreEvent::Ruled { ruling } => Told::Ruled {
                    asked: ruling.asked.clone(),
                    words: ruling
                        .words
                        .iter()
                        .map(|v| (v.word.clone(), v.allowed))
                        .collect(),
                },
                CoreEvent::PlayerJoined { name, score } => Told::Joined {
                    name: name.clone(),
                    score: *score,
                },
                CoreEvent::PlayerRenamed { from, to } => Told::Renamed {
                    from: from.clone(),
                    to: to.clone(),
                },
                CoreEvent::Corrected { round, entry } => Told::Corrected {
                    period: self.period(),
                    number: *round,
                    text: G::describe(entry, &self.scene_of(state, roster)),
                },
                CoreEvent::Replaced {
                    period: Some(c),
                    with,
                    ..
                } => Told::Corrected {
                    period: self.period(),
                    number: c.round,
                    text: several(
                        with.get(c.from..c.to)
                            .unwrap_or_default()
                            .iter()
                            .map(|e| self.told(e, state, roster))
                            .collect(),
                    )
                    .to_string(),
                },
                CoreEvent::Replaced {
                    seq, line, also, ..
                } => several(
                    std::iter::once(Told::Replaced {
                        seq: *seq,
                        line: line.clone(),
                    })
                    .chain(also.iter().map(|part| Told::Replaced {
                        seq: part.seq,
                        line: part.line.clone(),
                    }))
                    .collect(),
                ),
                CoreEvent::HouseRuled { word, allowed, why } => Told::HouseRuled {
                    word: word.clone(),
                    allowed: *allowed,
                    why: why.clone(),
                },
            },
        }
    }

    /// Tries `event` on a copy of the table: the table it makes, or why it does not fit.
    pub(in crate::session) fn try_event(
        &self,
        event: &Event<G::Event>,
    ) -> Result<Tried<G>, Refusal> {
        let mut tried = Tried {
            state: self.state.clone(),
            roster: self.roster.clone(),
            rules: self.rules.clone(),
        };
        apply::<G>(
            &mut tried.state,
            &mut tried.roster,
            &mut tried.rules,
            &self.header.options,
            event,
        )?;
        Ok(tried)
    }

    /// Keeps an entry the journal has written, and the table it was tried to make.
    pub(in crate::session) fn accept(
        &mut self,
        stamp: &Stamp,
        event: &Event<G::Event>,
        tried: Tried<G>,
    ) {
        self.keep(stamp, event);
        self.state = tried.state;
        self.roster = tried.roster;
        self.rules = tried.rules;
    }

    /// Keeps an undo, redo or fix the journal has written, and folds the log again by
    /// it; returns what no longer fits.
    pub(in crate::session) fn step(
        &mut self,
        stamp: &Stamp,
        event: &Event<G::Event>,
    ) -> Vec<(u64, Refusal)> {
        self.keep(stamp, event);
        self.replay()
    }

    /// Keeps an entry the journal has written, as its line holds it.
    pub(in crate::session) fn keep(&mut self, stamp: &Stamp, event: &Event<G::Event>) {
        let kept = self.entries.keep_text(
            stamp.seq,
            &stamp.at,
            stamp.by.as_deref(),
            Kind::of(event),
            &stamp.text,
        );
        // The journal's own time and a front end's name are a few bytes: what the
        // ledger refuses is over 65 KB.
        debug_assert!(kept.is_ok(), "entry {} not kept: {kept:?}", stamp.seq);
        if let Some(words) = self.words.get_mut() {
            words_of::<G>(event, words);
        }
    }

    /// Every word the log's entries name ([`Fold::words`]), gathered the first time.
    pub(in crate::session) fn words(&self) -> &BTreeSet<String> {
        self.words.get_or_init(|| {
            let mut words = BTreeSet::new();
            let named = |k| matches!(k, Kind::Ruled | Kind::Game);
            for entry in self.entries.of_kind(self.entries.len(), named) {
                words_of::<G>(&entry.event, &mut words);
            }
            words
        })
    }

    /// The entry `undo` would take back: the last one that counts.
    pub(in crate::session) fn undo_target(&self) -> Option<u64> {
        self.entries
            .kinds()
            .rev()
            .find(|(seq, kind)| {
                kind.is_entry()
                    && !self.revisions.undone.contains(seq)
                    && !self.revisions.set_aside.contains_key(seq)
                    && !self.skipped.contains(seq)
            })
            .map(|(seq, _)| seq)
    }

    /// The entry `redo` would bring back: the latest one undone by the undos and redos
    /// that end the log. Anything else recorded after them ends what can be redone.
    pub(in crate::session) fn redo_target(&self) -> Result<u64, crate::session::error::CoreError> {
        use crate::session::error::CoreError;
        let mut any_undo = false;
        for (i, (own, kind)) in self.entries.kinds().enumerate().rev() {
            match kind {
                Kind::Undone => {
                    any_undo = true;
                    if let Some(LogLine {
                        event: Event::Core(CoreEvent::Undone { seq }),
                        ..
                    }) = self.entries.at(i)
                        && self.revisions.undone.contains(&seq)
                        && !self.revisions.set_aside.contains_key(&own)
                    {
                        return Ok(seq);
                    }
                }
                Kind::Redone => {}
                _ if any_undo => break,
                _ => return Err(CoreError::NothingToRedo),
            }
        }
        Err(if any_undo {
            CoreError::NothingMoreToRedo
        } else {
            CoreError::NothingToRedo
        })
    }

    /// One entry as it counts now, against the table it met: what it counts as (its
    /// fix, when one stands), or what it was.
    pub(in crate::session) fn entry_told(&self, seq: u64) -> Told {
        let mut told = Told::Several { told: Vec::new() };
        self.fold(&self.revisions, None, |met| {
            if met.entry.seq == seq {
                told = self.met_told(&met);
            }
        });
        told
    }

    /// What an entry met by a fold records: its replacement's events when a fix
    /// stands, else the entry itself.
    pub(in crate::session) fn met_told(&self, met: &Met<'_, G>) -> Told {
        match &met.counts {
            // Each part against the table the parts before it made: `laid cat ...`
            // put before a hand's close is counted in the close it is told with.
            Counts::Replaced(r) => match r.with.as_slice() {
                [one] => self.told(one, met.state, met.roster),
                many => {
                    let (mut state, mut roster, mut rules) =
                        (met.state.clone(), met.roster.clone(), met.rules.clone());
                    let mut told = Vec::with_capacity(many.len());
                    for e in many {
                        told.push(self.told(e, &state, &roster));
                        // A part that does not fit leaves the table as it was (the
                        // fold has set the whole fix aside then).
                        let _ = apply::<G>(
                            &mut state,
                            &mut roster,
                            &mut rules,
                            &self.header.options,
                            e,
                        );
                    }
                    several(told)
                }
            },
            _ => match met.entry.get() {
                Some(entry) => self.told(&entry.event, met.state, met.roster),
                None => Told::Several { told: Vec::new() },
            },
        }
    }

    /// The player an entry is about, by the name they have now.
    pub(in crate::session) fn entry_player(&self, seq: u64) -> Option<String> {
        let entry = self.entries.get(seq)?;
        let events = match self.revisions.replaced.get(&seq) {
            Some(r) => r.with.clone(),
            None => vec![entry.event.clone()],
        };
        let name = events.iter().find_map(|e| match e {
            Event::Game(g) => G::player(g).map(str::to_string),
            Event::Core(CoreEvent::PlayerJoined { name, .. }) => Some(name.clone()),
            Event::Core(CoreEvent::PlayerRenamed { to, .. }) => Some(to.clone()),
            _ => None,
        })?;
        // A rename since then: the seat's name now.
        let mut seat = None;
        self.fold(&self.revisions, None, |met| {
            if met.entry.seq == seq {
                seat = met.roster.find(&name).ok();
            }
        });
        Some(seat.map_or(name, |i| self.roster.name(i).to_string()))
    }

    /// The events that count, with the table each met and the entry that put it in the
    /// record (its own entry, or the fix that added it in another's place): what the
    /// notes, the rulings and the words are read from.
    pub(in crate::session) fn counted(
        &self,
        wanted: fn(Kind) -> bool,
        mut visit: impl FnMut(&LogLine<G::Event>, &Event<G::Event>, &Met<'_, G>),
    ) {
        self.fold(&self.revisions, None, |met| {
            if self.skipped.contains(&met.entry.seq) {
                return;
            }
            match &met.counts {
                Counts::Itself if wanted(met.entry.kind) => {
                    if let Some(entry) = met.entry.get() {
                        visit(entry, &entry.event, &met);
                    }
                }
                Counts::Replaced(r) => {
                    let Some(entry) = met.entry.get() else {
                        return;
                    };
                    let fixes = self.revisions.added.get(&entry.seq);
                    for e in r.with.iter().filter(|e| wanted(Kind::of(e))) {
                        // What the entry held itself is its own; the rest is the fix's
                        // whose line added it.
                        let fixer = if *e == entry.event {
                            None
                        } else {
                            fixes
                                .and_then(|f| f.iter().find(|(_, added)| added.contains(e)))
                                .map(|(seq, _)| *seq)
                                .or(r.by)
                                .and_then(|seq| self.entries.get(seq))
                        };
                        visit(fixer.as_ref().unwrap_or(entry), e, &met);
                    }
                }
                _ => {}
            }
        });
    }

    /// The notes that stand (not undone), oldest first, with their times.
    pub(in crate::session) fn notes_at(&self) -> Vec<(String, String)> {
        self.last_notes(usize::MAX)
    }

    /// The last `n` of [`Fold::notes_at`], without holding the others.
    pub(in crate::session) fn last_notes(&self, n: usize) -> Vec<(String, String)> {
        let mut out = Last::new(n);
        self.counted(is_note, |origin, event, _| {
            if let Event::Core(CoreEvent::Noted { text }) = event {
                out.push(origin.seq, (origin.at.clone(), text.clone()));
            }
        });
        out.into_vec()
    }

    /// Every ruling that stands, in the order it was given, with its time and the seat
    /// of the player it was about: the word rulings, the table's own (`allow`, `deny`)
    /// and what the game counts as one (a penalty). A ruling a fix added to an earlier
    /// round is given when the fix was typed, about that round. Players are named as
    /// they are called now, in the ruling's words too ("grid dan" reads "grid Daniel"
    /// after a rename).
    pub(in crate::session) fn rulings(&self) -> Vec<RulingRecord> {
        self.last_rulings(usize::MAX)
    }

    /// Every ruling of [`Fold::rulings`], in its order, each handed to `visit` as it is
    /// made rather than all held at once: in one pass when the events that count come
    /// in the order of the entries that put them in the record (a log no fix added to:
    /// nearly every log), else gathered and sorted as [`Fold::rulings`] does.
    pub(in crate::session) fn each_ruling(&self, mut visit: impl FnMut(RulingRecord)) {
        if !self.counted_in_order() {
            self.rulings().into_iter().for_each(visit);
            return;
        }
        self.counted(may_rule, |origin, event, met| {
            if let Some(ruling) = self.ruling_of(&origin.at, event, met) {
                visit(ruling);
            }
        });
    }

    /// [`Fold::each_ruling`] of the notes: each with its time.
    pub(in crate::session) fn each_note(&self, mut visit: impl FnMut(&str, &str)) {
        if !self.counted_in_order() {
            for (at, text) in self.notes_at() {
                visit(&at, &text);
            }
            return;
        }
        self.counted(is_note, |origin, event, _| {
            if let Event::Core(CoreEvent::Noted { text }) = event {
                visit(&origin.at, text);
            }
        });
    }

    /// The events [`Fold::counted`] visits come in the order of the entries that put
    /// them in the record: sorting them by it changes nothing.
    fn counted_in_order(&self) -> bool {
        // Only a fix puts an event in another entry's place.
        if self.revisions.replaced.is_empty() {
            return true;
        }
        let mut last = 0;
        let mut in_order = true;
        self.counted(
            |_| true,
            |origin, _, _| {
                in_order &= origin.seq >= last;
                last = origin.seq;
            },
        );
        in_order
    }

    /// The last `n` of [`Fold::rulings`], without holding the others (the page shows
    /// a few of an evening's thousands).
    pub(in crate::session) fn last_rulings(&self, n: usize) -> Vec<RulingRecord> {
        let mut out = Last::new(n);
        self.counted(may_rule, |origin, event, met| {
            if let Some(ruling) = self.ruling_of(&origin.at, event, met) {
                out.push(origin.seq, ruling);
            }
        });
        out.into_vec()
    }

    /// The ruling `event` (recorded `at`, against the table it met) counts as, if any,
    /// with the seat of the player it is about, named as they are called now.
    pub(in crate::session) fn ruling_of(
        &self,
        at: &str,
        event: &Event<G::Event>,
        met: &Met<'_, G>,
    ) -> Option<RulingRecord> {
        let mut ruling = match event {
            Event::Core(CoreEvent::Ruled { ruling }) => Some(ruling.clone()),
            Event::Core(CoreEvent::HouseRuled { word, allowed, why }) => {
                Some(self.house_ruling(word, *allowed, why, met))
            }
            Event::Game(g) => G::ruling(g, &self.scene_of(met.state, met.roster)),
            _ => None,
        }?;
        let seat = ruling.player.as_ref().and_then(|p| met.roster.find(p).ok());
        if let Some(i) = seat {
            ruling.player = Some(self.roster.name(i).to_string());
        }
        ruling.asked = ruling
            .asked
            .split(' ')
            .map(|word| match met.roster.find(word) {
                Ok(i) if crate::contract::same_name(met.roster.name(i), word) => {
                    self.roster.name(i).to_string()
                }
                _ => word.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ");
        Some(RulingRecord {
            at: at.to_string(),
            ruling,
            seat,
        })
    }

    /// The table's own ruling on a word, as the rulings show it.
    fn house_ruling(&self, word: &str, allowed: bool, why: &str, met: &Met<'_, G>) -> Ruling {
        let reason = if why.is_empty() {
            "house ruling".to_string()
        } else {
            format!("house ruling: {why}")
        };
        Ruling {
            asked: if allowed { "allow" } else { "deny" }.to_string(),
            player: None,
            round: G::progress(&self.scene_of(met.state, met.roster)).number,
            rules: "the table's own".to_string(),
            words: vec![crate::lexicon::Verdict {
                word: word.to_uppercase(),
                allowed,
                reason,
                code: if allowed {
                    "house-allowed"
                } else {
                    "house-denied"
                }
                .to_string(),
                at: None,
            }],
            faults: Vec::new(),
            remarks: Vec::new(),
        }
    }

    /// Every entry with when it was recorded and where the game stood; `only` keeps the
    /// entries of one round, hand or turn.
    pub(in crate::session) fn history(&self, only: Option<u32>) -> Vec<HistoryRow> {
        let mut rows = Vec::new();
        self.each_history_row(only, |row| rows.push(row));
        rows
    }

    /// Every row of [`Fold::history`], oldest first, each handed to `visit` as it is
    /// made rather than all held at once (a long evening's log lists hundreds of
    /// thousands).
    pub(in crate::session) fn each_history_row(
        &self,
        only: Option<u32>,
        mut visit: impl FnMut(HistoryRow),
    ) {
        // The round, hand or turn each entry was typed in, for a fix of one to be listed
        // under it too (kept only when one is asked for).
        let mut typed_in = std::collections::HashMap::new();
        let seats = self.seats_by_every_name();
        self.fold(&self.revisions, None, |met| {
            let Some(entry) = met.entry.get() else {
                return;
            };
            // An undone entry is said as it was recorded: against the table it met
            // then, which held the entries undone after it (two undos in a row).
            let recorded =
                matches!(met.counts, Counts::Undone).then(|| self.as_recorded(entry.seq));
            let (state, roster) = recorded
                .as_ref()
                .map_or((met.state, met.roster), |r| (&r.state, &r.roster));
            let progress = G::progress(&self.scene_of(state, roster));
            if only.is_some() {
                typed_in.insert(entry.seq, progress.number);
            }
            // A correction belongs to the round it corrects as much as to the one it was
            // typed in.
            let corrects = match &entry.event {
                Event::Core(CoreEvent::Corrected { round, .. }) => Some(*round),
                Event::Core(CoreEvent::Replaced { seq, .. }) => typed_in.get(seq).copied(),
                _ => None,
            };
            if only.is_some_and(|n| n != progress.number && corrects != Some(n)) {
                return;
            }
            let fixing = only.filter(|n| *n != progress.number);
            let told = match recorded {
                Some(_) => self.told(&entry.event, state, roster),
                None => self.met_told(&met),
            };
            // Each player as the table calls them now, after any rename since.
            let told = match &seats {
                Some(seats) => {
                    self.with_names_now(told, &entry.event, (state, roster), &met.counts, seats)
                }
                None => told,
            };
            let counts = match &met.counts {
                Counts::Undone => Counted::Undone,
                Counts::SetAside(why) => Counted::SetAside {
                    why: (*why).clone(),
                },
                Counts::Replaced(r) => Counted::Fixed {
                    by: r.by,
                    was: {
                        let was = self.told(&entry.event, met.state, met.roster);
                        match &seats {
                            Some(seats) => self.with_names_now(
                                was,
                                &entry.event,
                                (met.state, met.roster),
                                &Counts::Itself,
                                seats,
                            ),
                            None => was,
                        }
                    },
                },
                _ if self.skipped.contains(&entry.seq) => Counted::Skipped,
                Counts::Step => match &entry.event {
                    Event::Core(CoreEvent::Replaced { seq, .. }) => {
                        match self.revisions.replaced.get(seq).and_then(|r| r.by) {
                            Some(by) if by != entry.seq => Counted::Superseded { by },
                            _ => Counted::Itself,
                        }
                    }
                    _ => Counted::Itself,
                },
                Counts::Itself => Counted::Itself,
            };
            visit(HistoryRow {
                seq: entry.seq,
                at: entry.at.clone(),
                number: progress.number,
                told,
                counts,
                fixing,
            });
        });
    }

    /// Every name a seat has had (in lower case) with its seat, when a rename that
    /// counts has changed one: the history says entries with the names of now. `None`
    /// when nobody was renamed, which is most logs, and costs only a look at the kinds.
    fn seats_by_every_name(&self) -> Option<std::collections::HashMap<String, usize>> {
        let core = || {
            self.entries
                .of_kind(self.entries.len(), |k| k == Kind::Core)
                .filter(|e| !self.revisions.undone.contains(&e.seq))
        };
        let renamed =
            core().any(|e| matches!(e.event, Event::Core(CoreEvent::PlayerRenamed { .. })));
        if !renamed {
            return None;
        }
        let mut seats = self.header.players.len();
        let mut by: std::collections::HashMap<String, usize> = self
            .header
            .players
            .iter()
            .enumerate()
            .map(|(seat, name)| (name.to_lowercase(), seat))
            .collect();
        for entry in core() {
            match &entry.event {
                Event::Core(CoreEvent::PlayerJoined { name, .. }) => {
                    by.insert(name.to_lowercase(), seats);
                    seats += 1;
                }
                Event::Core(CoreEvent::PlayerRenamed { from, to }) => {
                    if let Some(&seat) = by.get(&from.to_lowercase()) {
                        by.insert(to.to_lowercase(), seat);
                    }
                }
                _ => {}
            }
        }
        Some(by)
    }

    /// `told`, said again with each player as the roster names them now (`ben left Q
    /// Z: 20` as `Benjamin left Q Z: 20`): a name is found by its seat in `then`, the
    /// players the entry met, else among every name a seat has had (`seats`: a fix
    /// holds the names of the entry it fixes). A rename's own entry says both names,
    /// as recorded.
    fn with_names_now(
        &self,
        told: Told,
        event: &Event<G::Event>,
        (state, then): (&G::State, &Roster),
        counts: &Counts<'_, G::Event>,
        seats: &std::collections::HashMap<String, usize>,
    ) -> Told {
        let now = &self.roster;
        let seat = |name: &str| {
            then.find(name)
                .ok()
                .or_else(|| seats.get(&name.to_lowercase()).copied())
                .filter(|s| *s < now.len())
        };
        let shown = then.len().min(now.len());
        let roster = Roster::new(now.names().get(..shown).unwrap_or_default().to_vec());
        let rename = |e: &G::Event| {
            let mut e = e.clone();
            for text in G::texts(&mut e) {
                if text.is_name()
                    && let Some(s) = seat(text.text)
                {
                    *text.text = now.name(s).to_string();
                }
            }
            e
        };
        match (counts, event) {
            // A fix that stands: its line, as the history says it.
            (Counts::Replaced(r), _) => match r.with.as_slice() {
                [one] => self.told(&one.clone().map(|e| rename(&e)), state, &roster),
                _ => told,
            },
            (_, Event::Core(CoreEvent::PlayerJoined { name, score })) => Told::Joined {
                name: seat(name).map_or_else(|| name.clone(), |s| now.name(s).to_string()),
                score: *score,
            },
            (_, Event::Core(CoreEvent::PlayerRenamed { .. })) => told,
            _ => self.told(&event.clone().map(|e| rename(&e)), state, &roster),
        }
    }

    /// The table entry `seq` met when it was recorded: the log before it, counted as
    /// the undo, redo and fix entries before it had it then.
    fn as_recorded(&self, seq: u64) -> Folded<G> {
        let at = self.entries.position(seq).unwrap_or(self.entries.len());
        self.fold(&self.revisions_of(at), Some(seq), |_| {})
    }
}

/// The last `n` items by their entry's seq, in that order (items of one entry in the
/// order they came), as a stable sort of them all would end; never holding more than
/// twice `n`.
struct Last<T> {
    n: usize,
    items: Vec<(u64, T)>,
}

impl<T> Last<T> {
    fn new(n: usize) -> Last<T> {
        Last {
            n,
            items: Vec::new(),
        }
    }

    fn push(&mut self, seq: u64, item: T) {
        self.items.push((seq, item));
        if self.items.len() >= self.n.saturating_mul(2).max(64) {
            self.keep();
        }
    }

    fn keep(&mut self) {
        self.items.sort_by_key(|(seq, _)| *seq);
        let extra = self.items.len().saturating_sub(self.n);
        self.items.drain(..extra);
    }

    fn into_vec(mut self) -> Vec<T> {
        self.keep();
        self.items.into_iter().map(|(_, item)| item).collect()
    }
}

/// One period's entries, for `fix PERIOD ...`.
pub(in crate::session) struct Span<E> {
    /// Each entry that counts, with its events now (a fix's, where one stands).
    pub(in crate::session) entries: Vec<(u64, Vec<Event<E>>)>,
    /// The entry that closed the period, once closed.
    pub(in crate::session) closer: Option<u64>,
    /// It is the period being played.
    pub(in crate::session) open: bool,
    /// It is a period there is: closed, or the one being played.
    pub(in crate::session) exists: bool,
    /// The players as the period's last entry met them (as they are now for the open
    /// period), and as they are where the span ends.
    pub(in crate::session) roster_then: Roster,
    pub(in crate::session) roster_now: Roster,
}

/// Where `fix PERIOD ...` puts the events a line records.
pub(in crate::session) enum Placing<E> {
    /// In place of entry `seq`'s events now: `with`, which holds the new events from
    /// `at` on.
    Replace {
        seq: u64,
        with: Vec<Event<E>>,
        at: usize,
    },
    /// The period is open and holds nothing they replace: they are recorded as
    /// entries of their own.
    Record,
}

impl<E: Clone> Span<E> {
    /// Where `new` goes in this period: in place of the event of the latest entry it
    /// replaces or corrects (the game says which, and what then stands there:
    /// [`Prompt::in_place_of`]); else, in a closed period, before the entry that closed
    /// it; else as entries of the open period. `None` for a period that is not there.
    ///
    /// [`Prompt::in_place_of`]: crate::contract::Prompt::in_place_of
    pub(in crate::session) fn place_by(
        &self,
        new: &[Event<E>],
        in_place_of: impl Fn(&E, &E, &Roster) -> Option<E>,
    ) -> Option<Placing<E>> {
        if !self.exists {
            return None;
        }
        let first = new.iter().position(|e| matches!(e, Event::Game(_)));
        if let Some(i) = first
            && let Some(Event::Game(first)) = new.get(i)
        {
            for (seq, events) in self.entries.iter().rev() {
                let found = events.iter().enumerate().find_map(|(at, e)| match e {
                    Event::Game(old) => Some((at, in_place_of(first, old, &self.roster_then)?)),
                    Event::Core(_) => None,
                });
                if let Some((at, stands)) = found {
                    // The line's events, its first game event as it stands in the old
                    // one's place (itself, or the old one corrected by it).
                    let mut put = new.to_vec();
                    put[i] = Event::Game(stands);
                    let mut with = events.clone();
                    with.splice(at..=at, put);
                    return Some(Placing::Replace {
                        seq: *seq,
                        with,
                        at,
                    });
                }
            }
        }
        if self.open {
            return Some(Placing::Record);
        }
        let closer = self.closer?;
        let (_, events) = self.entries.iter().find(|(seq, _)| *seq == closer)?;
        let mut with = new.to_vec();
        with.extend(events.iter().cloned());
        Some(Placing::Replace {
            seq: closer,
            with,
            at: 0,
        })
    }
}

impl<G: Game> Fold<G> {
    /// [`Span::place_by`] with the game's own rule of which entry takes another's place.
    pub(in crate::session) fn place(
        span: &Span<G::Event>,
        new: &[Event<G::Event>],
    ) -> Option<Placing<G::Event>> {
        span.place_by(new, G::in_place_of)
    }
}

/// A correction of an old log with the player it names spelt as that seat was called
/// in `then` (it was typed with the names of `now`). Such corrections only ever named
/// their player in a `player` field (Take Two's out, left, penalty and pardon, TAKE
/// rummy's laid and held).
fn renamed<G: Game>(event: &G::Event, now: &Roster, then: &Roster) -> G::Event {
    let Ok(mut value) = serde_json::to_value(event) else {
        return event.clone();
    };
    if let Some(serde_json::Value::String(player)) = value.get_mut("player")
        && let Ok(seat) = now.find(player)
        && seat < then.len()
    {
        *player = then.name(seat).to_string();
    }
    serde_json::from_value(value).unwrap_or_else(|_| event.clone())
}

/// Several things told as one; one alone is itself.
pub(in crate::session) fn several(mut told: Vec<Told>) -> Told {
    if told.len() == 1 {
        told.remove(0)
    } else {
        Told::Several { told }
    }
}

/// What `entry` counts as under `revisions`.
pub(in crate::session) fn counts_of<E>(
    revisions: &Revisions<E>,
    seq: u64,
    kind: Kind,
) -> Counts<'_, E> {
    if let Some(why) = revisions.set_aside.get(&seq) {
        return Counts::SetAside(why);
    }
    match kind {
        Kind::Undone | Kind::Redone | Kind::Replaced if !revisions.undone.contains(&seq) => {
            Counts::Step
        }
        // A correction of an old log counts where it was read to go: in another
        // entry's place (then it is a step), or as an entry of its own.
        Kind::Corrected
            if !revisions.undone.contains(&seq) && !revisions.replaced.contains_key(&seq) =>
        {
            Counts::Step
        }
        _ if revisions.undone.contains(&seq) => Counts::Undone,
        _ => match revisions.replaced.get(&seq) {
            Some(r) => Counts::Replaced(r),
            None => Counts::Itself,
        },
    }
}

/// A note, for [`Fold::counted`].
fn is_note(kind: Kind) -> bool {
    kind == Kind::Noted
}

/// What may count as a ruling ([`Fold::ruling_of`]): a word ruling, the table's own,
/// and a game's event (a penalty).
fn may_rule(kind: Kind) -> bool {
    matches!(kind, Kind::Ruled | Kind::HouseRuled | Kind::Game)
}

/// The words `event` names, in lower case: those a ruling judged and the game's own.
pub(in crate::session) fn words_of<G: Game>(event: &Event<G::Event>, words: &mut BTreeSet<String>) {
    match event {
        Event::Core(CoreEvent::Ruled { ruling }) => {
            words.extend(ruling.words.iter().map(|v| v.word.to_ascii_lowercase()));
        }
        Event::Game(g) => words.extend(G::words(g)),
        _ => {}
    }
}

/// Applies one event of any kind to a state and its players.
pub(in crate::session) fn apply<G: Game>(
    state: &mut G::State,
    roster: &mut Roster,
    rules: &mut Rules,
    options: &G::Options,
    event: &Event<G::Event>,
) -> Result<(), Refusal> {
    use crate::session::error::CoreError;
    match event {
        Event::Game(e) => G::apply(state, options, roster, e),
        Event::Core(c) => match c {
            CoreEvent::Undone { .. }
            | CoreEvent::Redone { .. }
            | CoreEvent::Replaced { .. }
            | CoreEvent::Noted { .. }
            | CoreEvent::Ruled { .. } => Ok(()),
            CoreEvent::HouseRuled { word, allowed, .. } => {
                rules.house_rule(word, *allowed).map_err(|e| {
                    Refusal::from(CoreError::Word {
                        word: crate::text::printable(word),
                        why: e.to_string(),
                    })
                })
            }
            CoreEvent::PlayerJoined { name, score } => {
                // A log is held to what typing allows: `add` takes at most a million.
                if let Some(s) = score
                    && s.checked_abs()
                        .is_none_or(|a| a > crate::session::record::entries::MAX_START)
                {
                    return Err(CoreError::StartTooBig {
                        max: crate::session::record::entries::MAX_START,
                        score: *s,
                    }
                    .into());
                }
                // And to its seats (`Roster::check_join`): a table of thousands of
                // players typed nowhere.
                roster.check_join(name)?;
                G::add_player(state, options, score.unwrap_or(0))?;
                roster.push(name.clone());
                Ok(())
            }
            CoreEvent::PlayerRenamed { from, to } => {
                let i = roster.find(from)?;
                if crate::contract::same_name(from, to) {
                    crate::contract::check_name(to)?;
                } else {
                    roster.check_new(to)?;
                }
                roster.rename(i, to.clone());
                Ok(())
            }
            // Read into the revisions as the fix it stands for; never applied itself.
            CoreEvent::Corrected { .. } => Ok(()),
        },
    }
}

#[cfg(test)]
mod last_tests {
    use super::Last;

    #[test]
    fn the_last_n_are_those_a_stable_sort_of_them_all_ends_with() {
        // Items out of order, several of one entry (a fix adding rulings), in number.
        let items: Vec<(u64, usize)> = (0..1_000).map(|k| (((k * 7919) % 301) as u64, k)).collect();
        let mut sorted = items.clone();
        sorted.sort_by_key(|(seq, _)| *seq);
        for n in [0, 1, 5, 64, 200, 999, 1_000, 5_000] {
            let mut last = Last::new(n);
            for (seq, k) in &items {
                last.push(*seq, *k);
                assert!(
                    last.items.len() <= (2 * n).max(64),
                    "held no more than twice n"
                );
            }
            let expected: Vec<usize> = sorted[sorted.len().saturating_sub(n)..]
                .iter()
                .map(|(_, k)| *k)
                .collect();
            assert_eq!(last.into_vec(), expected, "{n}");
        }
    }
}
