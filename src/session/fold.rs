//! [`Match`]: a game as its entries make it, and nothing else. The state is folded from
//! the header and the entries (undo, redo and fix are entries too, read into a
//! [`Tally`]); an event is tried on a copy before it is accepted. No file, no clock, no
//! terminal: the journal writes what this accepts, and the front ends say what it
//! reports. Generic over [`Game`], so it is written once for every game.

use std::collections::BTreeSet;

use super::header::Header;
use super::outcome::{Counted, HistoryRow, RulingRecord, Told};
use super::tally::{Replacement, Tally};
use crate::contract::event::{CoreEvent, Entry, Event, Ruling};
use crate::contract::{Game, Refusal, Roster, Scene, Standings};
use crate::lexicon::Rules;

/// One entry as a fold meets it: the table it met and what it counts as.
pub(super) struct Met<'a, G: Game> {
    pub(super) entry: &'a Entry<G::Event>,
    pub(super) state: &'a G::State,
    pub(super) roster: &'a Roster,
    pub(super) rules: &'a Rules,
    pub(super) counts: Counts<'a, G::Event>,
}

/// What an entry counts as where it stands in the log.
pub(super) enum Counts<'a, E> {
    Itself,
    /// A fix stands: these events count in its place.
    Replaced(&'a Replacement<E>),
    Undone,
    /// An undo, redo or fix that points nowhere a typed one could.
    SetAside(&'a super::tally::Aside),
    /// An undo, a redo or a fix: a step of the record, counted where it points.
    Step,
}

/// The table a fold ends on: what the game state, its players and its word rules come
/// to.
pub(super) struct Folded<G: Game> {
    pub(super) state: G::State,
    pub(super) roster: Roster,
    pub(super) rules: Rules,
    /// Entries that no longer fit, with why.
    pub(super) skipped: Vec<(u64, Refusal)>,
}

/// The table after one more event: tried on a copy, kept only once it is on disk.
pub(super) struct Tried<G: Game> {
    state: G::State,
    roster: Roster,
    rules: Rules,
}

/// One game's match: its header, its entries and the table they make.
pub(super) struct Match<G: Game> {
    pub(super) header: Header<G::Options>,
    /// The word rules in force: the header's, with the table's own `allow` and `deny`
    /// rulings so far.
    pub(super) rules: Rules,
    /// The header's word rules, where a replay starts.
    pub(super) first_rules: Rules,
    pub(super) entries: Vec<Entry<G::Event>>,
    pub(super) state: G::State,
    pub(super) roster: Roster,
    /// Which entries count: what undo, redo and fix made of the log.
    pub(super) tally: Tally<G::Event>,
    /// Events in the log that did not fit when replayed: they do not count, and `undo`
    /// passes over them.
    pub(super) skipped: BTreeSet<u64>,
}

impl<G: Game> Match<G> {
    /// A match of these entries, not yet folded: call [`Match::replay`].
    pub(super) fn new(
        header: Header<G::Options>,
        rules: Rules,
        entries: Vec<Entry<G::Event>>,
    ) -> Self {
        let roster = Roster::new(header.players.clone());
        let state = G::start(&header.options, roster.len());
        Match {
            header,
            first_rules: rules.clone(),
            rules,
            entries,
            state,
            roster,
            tally: Tally::default(),
            skipped: BTreeSet::new(),
        }
    }

    /// Folds the log into the state from scratch; returns the events that did not fit,
    /// with why.
    pub(super) fn replay(&mut self) -> Vec<(u64, Refusal)> {
        self.tally = Tally::of(&self.entries);
        let folded = self.fold(&self.tally, None, |_| {});
        self.adopt(folded)
    }

    /// Takes a fold's table as the match's own; returns what did not fit.
    pub(super) fn adopt(&mut self, folded: Folded<G>) -> Vec<(u64, Refusal)> {
        self.state = folded.state;
        self.roster = folded.roster;
        self.rules = folded.rules;
        self.skipped = folded.skipped.iter().map(|(seq, _)| *seq).collect();
        folded.skipped
    }

    /// Folds the log from the start by `tally`, up to (not including) the entry
    /// `until`, calling `before` with every entry and the table it met (entries that do
    /// not count included, though they change nothing).
    pub(super) fn fold(
        &self,
        tally: &Tally<G::Event>,
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
        for entry in &self.entries {
            if until == Some(entry.seq) {
                break;
            }
            let counts = counts(tally, entry);
            let events: &[Event<G::Event>] = match &counts {
                Counts::Itself => std::slice::from_ref(&entry.event),
                Counts::Replaced(r) => &r.with,
                _ => &[],
            };
            before(Met {
                entry,
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
                table.skipped.push((entry.seq, why));
            }
        }
        table
    }

    /// The game as it stands now.
    pub(super) fn scene(&self) -> Scene<'_, G> {
        self.scene_of(&self.state, &self.roster)
    }

    /// The game as it stood with `state` and `roster` (an entry replayed).
    pub(super) fn scene_of<'a>(&'a self, state: &'a G::State, roster: &'a Roster) -> Scene<'a, G> {
        Scene {
            state,
            options: &self.header.options,
            roster,
        }
    }

    pub(super) fn standings(&self) -> Standings {
        G::standings(&self.scene())
    }

    /// What the game calls the stretch a ruling is filed under: its period, or "turn".
    pub(super) fn period(&self) -> &'static str {
        G::PERIOD.unwrap_or("turn")
    }

    /// What `event` records, against the state and players it met.
    pub(super) fn told(&self, event: &Event<G::Event>, state: &G::State, roster: &Roster) -> Told {
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
                CoreEvent::Replaced { seq, line, .. } => Told::Replaced {
                    seq: *seq,
                    line: line.clone(),
                },
                CoreEvent::HouseRuled { word, allowed, why } => Told::HouseRuled {
                    word: word.clone(),
                    allowed: *allowed,
                    why: why.clone(),
                },
            },
        }
    }

    /// Tries `event` on a copy of the table: the table it makes, or why it does not fit.
    pub(super) fn try_event(&self, event: &Event<G::Event>) -> Result<Tried<G>, Refusal> {
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
    pub(super) fn accept(&mut self, entry: Entry<G::Event>, tried: Tried<G>) {
        self.entries.push(entry);
        self.state = tried.state;
        self.roster = tried.roster;
        self.rules = tried.rules;
    }

    /// Keeps an undo, redo or fix the journal has written, and folds the log again by
    /// it; returns what no longer fits.
    pub(super) fn step(&mut self, entry: Entry<G::Event>) -> Vec<(u64, Refusal)> {
        self.entries.push(entry);
        self.replay()
    }

    /// The entry `undo` would take back: the last one that counts.
    pub(super) fn undo_target(&self) -> Option<u64> {
        self.entries
            .iter()
            .rev()
            .find(|e| {
                e.event.is_entry()
                    && !self.tally.undone.contains(&e.seq)
                    && !self.tally.set_aside.contains_key(&e.seq)
                    && !self.skipped.contains(&e.seq)
            })
            .map(|e| e.seq)
    }

    /// The entry `redo` would bring back: the latest one undone by the undos and redos
    /// that end the log. Anything else recorded after them ends what can be redone.
    pub(super) fn redo_target(&self) -> Result<u64, super::error::CoreError> {
        use super::error::CoreError;
        let mut any_undo = false;
        for e in self.entries.iter().rev() {
            match &e.event {
                Event::Core(CoreEvent::Undone { seq }) => {
                    any_undo = true;
                    if self.tally.undone.contains(seq) && !self.tally.set_aside.contains_key(&e.seq)
                    {
                        return Ok(*seq);
                    }
                }
                Event::Core(CoreEvent::Redone { .. }) => {}
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
    pub(super) fn entry_told(&self, seq: u64) -> Told {
        let mut told = Told::Several { told: Vec::new() };
        self.fold(&self.tally, None, |met| {
            if met.entry.seq == seq {
                told = self.met_told(&met);
            }
        });
        told
    }

    /// What an entry met by a fold records: its replacement's events when a fix
    /// stands, else the entry itself.
    pub(super) fn met_told(&self, met: &Met<'_, G>) -> Told {
        match &met.counts {
            Counts::Replaced(r) => several(
                r.with
                    .iter()
                    .map(|e| self.told(e, met.state, met.roster))
                    .collect(),
            ),
            _ => self.told(&met.entry.event, met.state, met.roster),
        }
    }

    /// The player an entry is about, by the name they have now.
    pub(super) fn entry_player(&self, seq: u64) -> Option<String> {
        let entry = self.entries.iter().find(|e| e.seq == seq)?;
        let events = match self.tally.replaced.get(&seq) {
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
        self.fold(&self.tally, None, |met| {
            if met.entry.seq == seq {
                seat = met.roster.find(&name).ok();
            }
        });
        Some(seat.map_or(name, |i| self.roster.name(i).to_string()))
    }

    /// The events that count, with the table each met and when it was recorded: what
    /// the notes, the rulings and the words are read from.
    pub(super) fn counted(&self, mut visit: impl FnMut(&str, &Event<G::Event>, &Met<'_, G>)) {
        self.fold(&self.tally, None, |met| {
            if self.skipped.contains(&met.entry.seq) {
                return;
            }
            match &met.counts {
                Counts::Itself => visit(&met.entry.at, &met.entry.event, &met),
                Counts::Replaced(r) => {
                    for e in &r.with {
                        visit(&met.entry.at, e, &met);
                    }
                }
                _ => {}
            }
        });
    }

    /// The notes that stand (not undone), oldest first, with their times.
    pub(super) fn notes_at(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        self.counted(|at, event, _| {
            if let Event::Core(CoreEvent::Noted { text }) = event {
                out.push((at.to_string(), text.clone()));
            }
        });
        out
    }

    /// Every ruling that stands, with its time and the seat of the player it was about:
    /// the word rulings, the table's own (`allow`, `deny`) and what the game counts as
    /// one (a penalty). Players are named as they are called now, in the ruling's words
    /// too ("grid dan" reads "grid Daniel" after a rename).
    pub(super) fn rulings(&self) -> Vec<RulingRecord> {
        let mut out = Vec::new();
        self.counted(|at, event, met| out.extend(self.ruling_of(at, event, met)));
        out
    }

    /// The ruling `event` (recorded `at`, against the table it met) counts as, if any,
    /// with the seat of the player it is about, named as they are called now.
    pub(super) fn ruling_of(
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
            // A correction of a round's entry (a penalty added to round 1) is a
            // ruling about that round.
            Event::Core(CoreEvent::Corrected { round, entry }) => {
                G::ruling(entry, &self.scene_of(met.state, met.roster)).map(|mut r| {
                    r.round = *round;
                    r
                })
            }
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
    pub(super) fn history(&self, only: Option<u32>) -> Vec<HistoryRow> {
        let mut rows = Vec::new();
        self.fold(&self.tally, None, |met| {
            let entry = met.entry;
            // An undone entry is said as it was recorded: against the table it met
            // then, which held the entries undone after it (two undos in a row).
            let recorded =
                matches!(met.counts, Counts::Undone).then(|| self.as_recorded(entry.seq));
            let (state, roster) = recorded
                .as_ref()
                .map_or((met.state, met.roster), |r| (&r.state, &r.roster));
            let progress = G::progress(&self.scene_of(state, roster));
            // A correction belongs to the round it corrects as much as to the one it was
            // typed in.
            let corrects = match &entry.event {
                Event::Core(CoreEvent::Corrected { round, .. }) => Some(*round),
                _ => None,
            };
            if only.is_some_and(|n| n != progress.number && corrects != Some(n)) {
                return;
            }
            let told = match recorded {
                Some(_) => self.told(&entry.event, state, roster),
                None => self.met_told(&met),
            };
            let counts = match &met.counts {
                Counts::Undone => Counted::Undone,
                Counts::SetAside(why) => Counted::SetAside {
                    why: (*why).clone(),
                },
                Counts::Replaced(r) => Counted::Fixed {
                    by: r.by,
                    was: self.told(&entry.event, met.state, met.roster),
                },
                _ if self.skipped.contains(&entry.seq) => Counted::Skipped,
                Counts::Step => match &entry.event {
                    Event::Core(CoreEvent::Replaced { seq, .. }) => {
                        match self.tally.replaced.get(seq).and_then(|r| r.by) {
                            Some(by) if by != entry.seq => Counted::Superseded { by },
                            _ => Counted::Itself,
                        }
                    }
                    _ => Counted::Itself,
                },
                Counts::Itself => Counted::Itself,
            };
            rows.push(HistoryRow {
                seq: entry.seq,
                at: entry.at.clone(),
                number: progress.number,
                told,
                counts,
            });
        });
        rows
    }

    /// The table entry `seq` met when it was recorded: the log before it, counted as
    /// the undo, redo and fix entries before it had it then.
    fn as_recorded(&self, seq: u64) -> Folded<G> {
        let at = self
            .entries
            .iter()
            .position(|e| e.seq == seq)
            .unwrap_or(self.entries.len());
        let before = self.entries.get(..at).unwrap_or_default();
        self.fold(&Tally::of(before), Some(seq), |_| {})
    }
}

/// Several things told as one; one alone is itself.
pub(super) fn several(mut told: Vec<Told>) -> Told {
    if told.len() == 1 {
        told.remove(0)
    } else {
        Told::Several { told }
    }
}

/// What `entry` counts as under `tally`.
pub(super) fn counts<'a, E>(tally: &'a Tally<E>, entry: &Entry<E>) -> Counts<'a, E> {
    if let Some(why) = tally.set_aside.get(&entry.seq) {
        return Counts::SetAside(why);
    }
    match &entry.event {
        Event::Core(
            CoreEvent::Undone { .. } | CoreEvent::Redone { .. } | CoreEvent::Replaced { .. },
        ) if !tally.undone.contains(&entry.seq) => Counts::Step,
        _ if tally.undone.contains(&entry.seq) => Counts::Undone,
        _ => match tally.replaced.get(&entry.seq) {
            Some(r) => Counts::Replaced(r),
            None => Counts::Itself,
        },
    }
}

/// Applies one event of any kind to a state and its players.
pub(super) fn apply<G: Game>(
    state: &mut G::State,
    roster: &mut Roster,
    rules: &mut Rules,
    options: &G::Options,
    event: &Event<G::Event>,
) -> Result<(), Refusal> {
    use super::error::CoreError;
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
                        .is_none_or(|a| a > super::entries::MAX_START)
                {
                    return Err(CoreError::StartTooBig {
                        max: super::entries::MAX_START,
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
            CoreEvent::Corrected { round, entry } => {
                G::apply_correction(state, options, roster, *round, entry)
            }
        },
    }
}
