//! One hand of TAKE rummy: what each player laid and held, or the runs on the table when
//! turns are tracked, kept against the deck (each card once, two jokers), and the score.
//!
//! A hand is scored one of two ways, as the table prefers:
//! - at its end, from `laid` entries (the runs in front of each player, taken runs
//!   included) and `held` entries (the cards left in hand);
//! - or turn by turn, from `lay` and `take`, which keep the table; then each player's
//!   laid value is that of the runs they own when the hand ends, and only `held`
//!   entries are needed.
//!
//! A hand does not mix the two: the first `laid`, or the first `lay`, decides. Either
//! way a player's score is the value laid minus the value held, and may be negative.

use serde::Serialize;

use super::error::RummyError;
use super::runs::{Run, cards_value};
use super::table::Table;
use super::takes::{Took, take};
use crate::games::take_rummy::cards::{Card, CardError, CardSet, Natural, Typed, show};

/// Where a card lies this hand, for saying where a repeated card already is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Laid(usize),
    Held(usize),
    Table(usize, u32),
}

impl Place {
    fn describe(self, players: &[String]) -> String {
        let name = |seat: usize| players.get(seat).map_or("?", String::as_str).to_string();
        match self {
            Place::Laid(s) => format!("in {}'s laid runs", name(s)),
            Place::Held(s) => format!("in {}'s held cards", name(s)),
            Place::Table(s, n) => format!("on the table in {}:{n}", name(s)),
        }
    }
}

/// The entries of one hand, per seat. Seats are added as players are (the slices grow to
/// the roster when an entry is applied); a seat past the end was not in this hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hand {
    seats: usize,
    laid: Vec<Option<Vec<Run>>>,
    held: Vec<Option<Vec<Card>>>,
    table: Table,
}

/// One player's result in a hand, for the scoreboard and exports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatResult {
    /// The runs counted as laid: the `laid` entry, or the runs owned on the table.
    pub laid: Vec<Run>,
    /// The cards held; `None` while there is no `held` entry.
    pub held: Option<Vec<Card>>,
    pub laid_value: u32,
    pub held_value: u32,
    /// Laid minus held; `None` while there is no `held` entry.
    pub score: Option<i64>,
}

impl Hand {
    /// How many players this hand has seats for.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// Nothing recorded yet.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
            && self.laid.iter().all(Option::is_none)
            && self.held.iter().all(Option::is_none)
    }

    /// Turns are being tracked: runs have been laid on the table this hand.
    pub fn is_tracked(&self) -> bool {
        !self.table.is_empty()
    }

    /// The runs on the table, when turns are tracked.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// A seat's `laid` entry.
    pub fn laid(&self, seat: usize) -> Option<&[Run]> {
        self.laid.get(seat)?.as_deref()
    }

    /// A seat's `held` entry.
    pub fn held(&self, seat: usize) -> Option<&[Card]> {
        self.held.get(seat)?.as_deref()
    }

    /// The runs that count as a seat's laid cards: owned on the table when tracked.
    pub fn counted_runs(&self, seat: usize) -> &[Run] {
        if self.is_tracked() {
            self.table.runs_of(seat)
        } else {
            self.laid(seat).unwrap_or(&[])
        }
    }

    /// The value of the runs counted as laid.
    pub fn laid_value(&self, seat: usize) -> u32 {
        self.counted_runs(seat).iter().map(Run::value).sum()
    }

    /// The value of the held cards; `None` until the seat has a `held` entry.
    pub fn held_value(&self, seat: usize) -> Option<u32> {
        self.held(seat).map(cards_value)
    }

    /// Laid minus held; `None` until the seat has a `held` entry.
    pub fn score(&self, seat: usize) -> Option<i64> {
        let held = self.held_value(seat)?;
        Some(i64::from(self.laid_value(seat)) - i64::from(held))
    }

    /// Every seat's result.
    pub fn results(&self) -> Vec<SeatResult> {
        (0..self.seats)
            .map(|s| SeatResult {
                laid: self.counted_runs(s).to_vec(),
                held: self.held(s).map(<[Card]>::to_vec),
                laid_value: self.laid_value(s),
                held_value: self.held_value(s).unwrap_or(0),
                score: self.score(s),
            })
            .collect()
    }

    /// Every card recorded this hand: what is left to name (for completion).
    pub fn placed(&self) -> CardSet {
        let mut set = CardSet::default();
        for (card, _) in self.cards() {
            // A hand only ever holds cards that passed the deck check.
            let _ = set.insert(card);
        }
        set
    }

    /// Every card recorded this hand, with where it lies.
    fn cards(&self) -> Vec<(Card, Place)> {
        let mut out = Vec::new();
        for (seat, runs) in self.laid.iter().enumerate() {
            for run in runs.iter().flatten() {
                out.extend(run.cards().map(|c| (c, Place::Laid(seat))));
            }
        }
        for (seat, held) in self.held.iter().enumerate() {
            out.extend(held.iter().flatten().map(|c| (*c, Place::Held(seat))));
        }
        for (seat, number, run) in self.table.iter() {
            out.extend(run.cards().map(|c| (c, Place::Table(seat, number))));
        }
        out
    }

    /// Checks that `new` cards fit the deck with what is recorded, leaving out the entry
    /// at `replacing` (a seat's own entry being replaced). The error says where a
    /// repeated card already is.
    fn admit(
        &self,
        new: &[Card],
        replacing: Option<Place>,
        players: &[String],
        what: &str,
    ) -> Result<(), RummyError> {
        let recorded: Vec<(Card, Place)> = self
            .cards()
            .into_iter()
            .filter(|(_, p)| Some(*p) != replacing)
            .collect();
        let mut set = CardSet::default();
        for (card, _) in &recorded {
            let _ = set.insert(*card);
        }
        let mut mine = CardSet::default();
        let mut new_jokers = 0;
        for card in new {
            if let (Err(CardError::Repeated(n)), Card::Natural(_)) = (mine.insert(*card), card) {
                return Err(RummyError::CardTwice {
                    card: n,
                    place: format!("in {what}"),
                });
            }
            match set.insert(*card) {
                Ok(()) => {}
                Err(CardError::Repeated(n)) => {
                    let place = recorded
                        .iter()
                        .find(|(c, _)| *c == Card::Natural(n))
                        .map_or_else(|| format!("in {what}"), |(_, p)| p.describe(players));
                    return Err(RummyError::CardTwice { card: n, place });
                }
                Err(_) => {
                    let mut places: Vec<String> = recorded
                        .iter()
                        .filter(|(c, _)| c.is_joker())
                        .map(|(_, p)| p.describe(players))
                        .collect();
                    if new_jokers > 0 {
                        places.push(format!("in {what}"));
                    }
                    places.dedup();
                    return Err(RummyError::ThirdJoker {
                        places: places.join(", "),
                    });
                }
            }
            if card.is_joker() {
                new_jokers += 1;
            }
        }
        Ok(())
    }

    /// Grows the seats to the roster (players join between hands).
    pub(crate) fn seat_all(&mut self, players: usize) {
        if players > self.seats {
            self.seats = players;
            self.laid.resize(players, None);
            self.held.resize(players, None);
        }
    }

    /// Records a seat's `laid` runs; `replacing` for a correction of a closed hand.
    pub(crate) fn set_laid(
        &mut self,
        seat: usize,
        runs: Vec<Run>,
        players: &[String],
        replacing: bool,
    ) -> Result<(), RummyError> {
        let player = name(players, seat);
        if self.is_tracked() {
            return Err(RummyError::Tracked { player });
        }
        if let (false, Some(prev)) = (replacing, self.laid(seat)) {
            return Err(RummyError::AlreadyEntered {
                player,
                verb: "laid",
                entry: runs_text(prev),
            });
        }
        let cards: Vec<Card> = runs.iter().flat_map(Run::cards).collect();
        let what = format!("{player}'s laid runs");
        self.admit(&cards, Some(Place::Laid(seat)), players, &what)?;
        if let Some(slot) = self.laid.get_mut(seat) {
            *slot = Some(runs);
        }
        Ok(())
    }

    /// Records a seat's `held` cards; `replacing` for a correction of a closed hand.
    pub(crate) fn set_held(
        &mut self,
        seat: usize,
        cards: Vec<Card>,
        players: &[String],
        replacing: bool,
    ) -> Result<(), RummyError> {
        let player = name(players, seat);
        if let (false, Some(prev)) = (replacing, self.held(seat)) {
            return Err(RummyError::AlreadyEntered {
                player,
                verb: "held",
                entry: cards_text(prev),
            });
        }
        let what = format!("{player}'s held cards");
        self.admit(&cards, Some(Place::Held(seat)), players, &what)?;
        if let Some(slot) = self.held.get_mut(seat) {
            *slot = Some(cards);
        }
        Ok(())
    }

    /// Turn tracking is open to a seat: the hand is not scored from `laid` entries and
    /// the seat's hand is not yet recorded as held.
    fn may_play(&self, seat: usize, players: &[String]) -> Result<(), RummyError> {
        if self.laid.iter().any(Option::is_some) {
            return Err(RummyError::NotTracked);
        }
        if let Some(held) = self.held(seat) {
            return Err(RummyError::AlreadyHeld {
                player: name(players, seat),
                cards: cards_text(held),
            });
        }
        Ok(())
    }

    /// `lay`: a new run on the table for `seat`.
    pub(crate) fn meld(
        &mut self,
        seat: usize,
        run: Run,
        players: &[String],
    ) -> Result<(), RummyError> {
        self.may_play(seat, players)?;
        let cards: Vec<Card> = run.cards().collect();
        let what = format!("{}'s new run", name(players, seat));
        self.admit(&cards, None, players, &what)?;
        self.table.lay(seat, run);
        Ok(())
    }

    /// The runs `from` names, checked to exist and to be different.
    pub(crate) fn runs_named(
        &self,
        from: &[(usize, u32)],
        players: &[String],
    ) -> Result<Vec<&Run>, RummyError> {
        let mut runs = Vec::with_capacity(from.len());
        for (k, &(seat, number)) in from.iter().enumerate() {
            if from.iter().take(k).any(|f| *f == (seat, number)) {
                return Err(RummyError::SameRunTwice {
                    run: format!("{}:{number}", name(players, seat)),
                });
            }
            let run = self.table.get(seat, number).ok_or_else(|| {
                let owner = name(players, seat);
                let have = match self.table.runs_of(seat).len() {
                    0 => "no run on the table".to_string(),
                    n => format!(
                        "{} on the table, {}",
                        crate::text::count(n as i64, "run", "runs"),
                        self.table.named(seat, &owner)
                    ),
                };
                RummyError::NoSuchRun {
                    player: owner,
                    number,
                    have,
                }
            })?;
            runs.push(run);
        }
        Ok(runs)
    }

    /// `take`: `cards` from `seat`'s hand onto the runs `from`; the result goes to `seat`.
    pub(crate) fn take(
        &mut self,
        seat: usize,
        from: &[(usize, u32)],
        cards: &[Typed],
        players: &[String],
    ) -> Result<Took, RummyError> {
        self.may_play(seat, players)?;
        let took = take(&self.runs_named(from, players)?, cards)?;
        let physical: Vec<Card> = cards.iter().map(|t| t.card()).collect();
        let what = format!("{}'s cards", name(players, seat));
        self.admit(&physical, None, players, &what)?;
        self.table.replace(seat, from, took.run.clone());
        Ok(took)
    }

    /// Whether the hand can close: every seat has a `held` entry.
    pub(crate) fn check_complete(&self, players: &[String]) -> Result<(), RummyError> {
        let missing: Vec<&str> = (0..self.seats)
            .filter(|s| self.held(*s).is_none())
            .map(|s| players.get(s).map_or("?", String::as_str))
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        Err(RummyError::MissingHeld {
            verb: if missing.len() == 1 { "has" } else { "have" },
            names: and_names(&missing),
        })
    }

    /// Where a natural card lies this hand, if recorded.
    pub fn whereabouts(&self, n: Natural, players: &[String]) -> Option<String> {
        self.cards()
            .into_iter()
            .find(|(c, _)| *c == Card::Natural(n))
            .map(|(_, p)| p.describe(players))
    }
}

fn name(players: &[String], seat: usize) -> String {
    players.get(seat).cloned().unwrap_or_else(|| "?".into())
}

/// "alice", "alice and bob", "alice, bob and carol".
pub(crate) fn and_names<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => format!(
            "{} and {}",
            init.iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

/// Runs as typed back: "5C 6C 7C, QH KH AH", or "-" for none.
pub(crate) fn runs_text(runs: &[Run]) -> String {
    if runs.is_empty() {
        return "-".into();
    }
    runs.iter()
        .map(Run::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Cards as typed back: "5C QS", or "-" for none.
pub(crate) fn cards_text(cards: &[Card]) -> String {
    if cards.is_empty() {
        "-".into()
    } else {
        show(cards)
    }
}
