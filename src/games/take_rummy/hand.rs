//! One hand of TAKE rummy: what each player laid and held, or the runs on the table when
//! turns are tracked, kept against the deck (each card once, two jokers), and the score.
//!
//! A hand is scored one of two ways, as the table prefers:
//! - at its end, from `laid` entries (the runs in front of each player, taken runs
//!   included) and `held` entries (the cards left in hand);
//! - or turn by turn, from `lay` and `take`, which keep the table; then each player's
//!   laid value is that of the runs they own when the hand ends, and only `held`
//!   entries are needed. A hand that starts with `deal` tracks the turns as well
//!   ([`super::turns`]): every lay, take and discard must be the player's on turn,
//!   from the cards umpire counts in their hand, and a player with none left holds
//!   nothing without a `held` entry.
//!
//! A hand does not mix the two: the first `laid`, or the first `lay` or `deal`, decides.
//! Either way a player's score is the value laid minus the value held, and may be
//! negative. The deck check covers every card umpire knows the place of: laid, held,
//! on the table, on the discard pile, or in a hand because it was taken from the pile.

#[cfg(test)]
use serde::Serialize;

use super::error::RummyError;
use super::event::RunRef;
use super::runs::{Run, cards_value};
use super::table::{Label, Spot, Table};
use super::takes::{Took, take};
use super::turns::{Drawn, Play, Turns};
use crate::games::take_rummy::cards::{Card, CardError, CardSet, Natural, Typed, show};

/// Where a card lies this hand, for saying where a repeated card already is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Laid(usize),
    Held(usize),
    Table(Label),
    /// On the discard pile.
    Pile,
    /// In a player's hand, known because it was taken from the discard pile.
    InHand(usize),
}

impl Place {
    fn describe(self, players: &[String]) -> String {
        let name = |seat: usize| players.get(seat).map_or("?", String::as_str).to_string();
        match self {
            Place::Laid(s) => format!("in {}'s laid runs", name(s)),
            Place::Held(s) => format!("in {}'s held cards", name(s)),
            Place::Table(label) => format!("on the table in run {label}"),
            Place::Pile => "on the discard pile".to_string(),
            Place::InHand(s) => format!("in {}'s hand (taken from the discard pile)", name(s)),
        }
    }
}

/// The entries of one hand, per seat. Seats are added as players are (the slices grow to
/// the roster when an entry is applied); a seat past the end was not in this hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Hand {
    seats: usize,
    laid: Vec<Option<Vec<Run>>>,
    held: Vec<Option<Vec<Card>>>,
    table: Table,
    /// The turns, once the hand is dealt with `deal`.
    turns: Option<Turns>,
    /// The lays, takes, draws and discards in order, for the export.
    plays: Vec<Play>,
}

#[cfg(test)]
/// One player's result in a hand, for the scoreboard and exports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct SeatResult {
    /// The runs counted as laid: the `laid` entry, or the runs owned on the table.
    pub(crate) laid: Vec<Run>,
    /// The cards held; `None` while there is no `held` entry.
    pub(crate) held: Option<Vec<Card>>,
    pub(crate) laid_value: u32,
    pub(crate) held_value: u32,
    /// Laid minus held; `None` while there is no `held` entry.
    pub(crate) score: Option<i64>,
}

/// The layer keeps the hands: a hand scores each seat laid minus held.
impl crate::contract::Round for Hand {
    type Scoring = super::game::Options;

    fn new(seats: usize) -> Hand {
        let mut hand = Hand::default();
        hand.seat_all(seats);
        hand
    }

    fn is_empty(&self) -> bool {
        Hand::is_empty(self)
    }

    fn points(&self, seat: usize, _: &super::game::Options) -> Option<i64> {
        self.score(seat)
    }

    /// A seat's entry is its held cards (the others' score is laid minus held).
    fn entered(&self, seat: usize) -> bool {
        self.held(seat).is_some()
    }

    fn seated(&self, seat: usize) -> bool {
        seat < self.seats
    }
}

impl Hand {
    /// How many players this hand has seats for.
    pub(crate) fn seats(&self) -> usize {
        self.seats
    }

    /// Nothing recorded yet.
    pub(crate) fn is_empty(&self) -> bool {
        self.table.is_empty()
            && self.turns.is_none()
            && self.laid.iter().all(Option::is_none)
            && self.held.iter().all(Option::is_none)
    }

    /// The table is tracked: runs have been laid on it this hand, or the hand was
    /// dealt (so a player without runs laid nothing).
    pub(crate) fn is_tracked(&self) -> bool {
        !self.table.is_empty() || self.turns.is_some()
    }

    /// The turns, when the hand was dealt.
    pub(crate) fn turns(&self) -> Option<&Turns> {
        self.turns.as_ref()
    }

    /// The lays, takes, draws and discards, in order.
    pub(crate) fn plays(&self) -> &[Play] {
        &self.plays
    }

    /// The runs on the table, when turns are tracked.
    pub(crate) fn table(&self) -> &Table {
        &self.table
    }

    /// A seat's `laid` entry.
    pub(crate) fn laid(&self, seat: usize) -> Option<&[Run]> {
        self.laid.get(seat)?.as_deref()
    }

    /// A seat's held cards: its `held` entry, or none at all when the hand was dealt
    /// and umpire counts no card left in it (the player went out, or floats).
    pub(crate) fn held(&self, seat: usize) -> Option<&[Card]> {
        match self.held.get(seat)?.as_deref() {
            Some(cards) => Some(cards),
            None => self
                .turns
                .as_ref()
                .filter(|t| seat < t.seats() && t.count(seat) == 0)
                .map(|_| &[][..]),
        }
    }

    /// Whether a seat has a `held` entry of its own (not one umpire counted as empty).
    pub(crate) fn has_held_entry(&self, seat: usize) -> bool {
        self.held.get(seat).is_some_and(Option::is_some)
    }

    /// The runs that count as a seat's laid cards: owned on the table when tracked.
    pub(crate) fn counted_runs(&self, seat: usize) -> &[Run] {
        if self.is_tracked() {
            self.table.runs_of(seat)
        } else {
            self.laid(seat).unwrap_or(&[])
        }
    }

    /// The value of the runs counted as laid.
    pub(crate) fn laid_value(&self, seat: usize) -> u32 {
        self.counted_runs(seat).iter().map(Run::value).sum()
    }

    /// The value of the held cards; `None` until the seat has a `held` entry.
    pub(crate) fn held_value(&self, seat: usize) -> Option<u32> {
        self.held(seat).map(cards_value)
    }

    /// Laid minus held; `None` until the seat has a `held` entry.
    pub(crate) fn score(&self, seat: usize) -> Option<i64> {
        let held = self.held_value(seat)?;
        Some(i64::from(self.laid_value(seat)) - i64::from(held))
    }

    #[cfg(test)]
    /// Every seat's result.
    pub(crate) fn results(&self) -> Vec<SeatResult> {
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
    pub(crate) fn placed(&self) -> CardSet {
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
        for (_, label, run) in self.table.spots() {
            out.extend(run.cards().map(|c| (c, Place::Table(label))));
        }
        if let Some(turns) = &self.turns {
            out.extend(turns.pile().iter().map(|c| (*c, Place::Pile)));
            // A card known to be in a hand is among that player's held cards once they
            // are recorded (the held entry must include it): counted there, once.
            for seat in (0..turns.seats()).filter(|s| !self.has_held_entry(*s)) {
                out.extend(turns.known(seat).iter().map(|c| (*c, Place::InHand(seat))));
            }
        }
        out
    }

    /// Checks that `new` cards fit the deck with what is recorded, leaving out the entry
    /// at `replacing` (a seat's own entry being replaced). The error says where a
    /// repeated card already is.
    fn admit(
        &self,
        new: &[Card],
        replacing: &[Place],
        players: &[String],
        what: &str,
    ) -> Result<(), RummyError> {
        let recorded: Vec<(Card, Place)> = self
            .cards()
            .into_iter()
            .filter(|(_, p)| !replacing.contains(p))
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
        self.seats = self.seats.max(players);
        self.laid.resize(self.seats, None);
        self.held.resize(self.seats, None);
    }

    /// Records a seat's `laid` runs; `replacing` for a correction of a closed hand.
    pub(crate) fn set_laid(
        &mut self,
        seat: usize,
        runs: Vec<Run>,
        players: &[String],
    ) -> Result<(), RummyError> {
        let player = name(players, seat);
        if self.is_tracked() {
            return Err(RummyError::Tracked { player });
        }
        if let Some(prev) = self.laid(seat) {
            return Err(RummyError::AlreadyEntered {
                player,
                verb: "laid",
                entry: runs_text(prev),
            });
        }
        let cards: Vec<Card> = runs.iter().flat_map(Run::cards).collect();
        let what = format!("{player}'s laid runs");
        self.admit(&cards, &[Place::Laid(seat)], players, &what)?;
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
    ) -> Result<(), RummyError> {
        let player = name(players, seat);
        if let Some(Some(prev)) = self.held.get(seat) {
            return Err(RummyError::AlreadyEntered {
                player,
                verb: "held",
                entry: cards_text(prev),
            });
        }
        if let Some(turns) = &self.turns {
            turns.check_held(seat, &cards, players)?;
        }
        let what = format!("{player}'s held cards");
        self.admit(
            &cards,
            &[Place::Held(seat), Place::InHand(seat)],
            players,
            &what,
        )?;
        if let Some(slot) = self.held.get_mut(seat) {
            *slot = Some(cards);
        }
        Ok(())
    }

    /// Turn tracking is open to a seat: the hand is not scored from `laid` entries,
    /// the seat's hand is not yet recorded as held, and in a dealt hand it is their
    /// turn and they have drawn.
    fn may_play(&self, seat: usize, players: &[String]) -> Result<(), RummyError> {
        if self.laid.iter().any(Option::is_some) {
            return Err(RummyError::NotTracked);
        }
        if let Some(Some(held)) = self.held.get(seat) {
            return Err(RummyError::AlreadyHeld {
                player: name(players, seat),
                cards: cards_text(held),
            });
        }
        if let Some(turns) = &self.turns {
            turns.may_meld(seat, players)?;
        }
        Ok(())
    }

    /// Cards from `seat`'s hand, checked against the deck (a card the player took from
    /// the discard pile is theirs to play) and, in a dealt hand, their count.
    fn check_from_hand(
        &self,
        seat: usize,
        cards: &[Card],
        players: &[String],
        what: &str,
    ) -> Result<(), RummyError> {
        if let Some(turns) = &self.turns {
            turns.check_holds(seat, cards, players)?;
        }
        self.admit(cards, &[Place::InHand(seat)], players, what)
    }

    /// `lay`: a new run on the table for `seat`; returns its label.
    pub(crate) fn meld(
        &mut self,
        seat: usize,
        run: Run,
        players: &[String],
    ) -> Result<Label, RummyError> {
        self.may_play(seat, players)?;
        let cards: Vec<Card> = run.cards().collect();
        let what = format!("{}'s new run", name(players, seat));
        self.check_from_hand(seat, &cards, players, &what)?;
        if let Some(turns) = &mut self.turns {
            turns.melded(seat, &cards);
        }
        let label = self.table.lay(seat, run.clone());
        self.plays.push(Play::Lay { seat, label, run });
        Ok(label)
    }

    /// Where a run a take names lies on the table.
    pub(crate) fn find(&self, r: &RunRef, players: &[String]) -> Result<Spot, RummyError> {
        match r {
            RunRef::Holding { holding } => {
                self.table
                    .holding(*holding)
                    .ok_or_else(|| RummyError::NoRunHolding {
                        card: *holding,
                        have: self.runs_on_table(),
                    })
            }
            RunRef::Numbered { owner, run } => {
                let seat = super::state::seat_of(players, owner)?;
                self.table.numbered(seat, *run).ok_or_else(|| {
                    let owner = name(players, seat);
                    let have = match self.table.runs_of(seat).len() {
                        0 => "no run on the table".to_string(),
                        n => format!(
                            "{} on the table, {}",
                            crate::text::count(n as i64, "run", "runs"),
                            self.table.named(Some(seat))
                        ),
                    };
                    RummyError::NoSuchRun {
                        player: owner,
                        number: *run,
                        have,
                    }
                })
            }
        }
    }

    /// "the runs on the table are A (5C-7C) and B (2D-4D)", or that there are none.
    pub(crate) fn runs_on_table(&self) -> String {
        if self.table.is_empty() {
            "there are no runs on the table".to_string()
        } else {
            format!("the runs on the table are {}", self.table.named(None))
        }
    }

    /// The runs `from` names, checked to exist and to be different.
    pub(crate) fn runs_named(
        &self,
        from: &[RunRef],
        players: &[String],
    ) -> Result<(Vec<Spot>, Vec<&Run>), RummyError> {
        let mut spots: Vec<Spot> = Vec::with_capacity(from.len());
        let mut runs = Vec::with_capacity(from.len());
        for r in from {
            let spot = self.find(r, players)?;
            if spots.contains(&spot) {
                let label = self
                    .table
                    .label(spot)
                    .map_or_else(|| r.to_string(), |l| format!("run {l}"));
                return Err(RummyError::SameRunTwice { run: label });
            }
            let run = self
                .table
                .get(spot)
                .ok_or_else(|| RummyError::NoSuchLabel {
                    label: r.to_string(),
                    have: self.runs_on_table(),
                })?;
            spots.push(spot);
            runs.push(run);
        }
        Ok((spots, runs))
    }

    /// `take`: `cards` from `seat`'s hand onto the runs `from`; the result goes to
    /// `seat` under the lowest label of the runs taken.
    pub(crate) fn take(
        &mut self,
        seat: usize,
        from: &[RunRef],
        cards: &[Typed],
        players: &[String],
    ) -> Result<(Took, Label), RummyError> {
        self.may_play(seat, players)?;
        let (spots, runs) = self.runs_named(from, players)?;
        let took = take(&runs, cards)?;
        let labels: Vec<Label> = spots.iter().filter_map(|s| self.table.label(*s)).collect();
        let physical: Vec<Card> = cards.iter().map(|t| t.card()).collect();
        let what = format!("{}'s cards", name(players, seat));
        self.check_from_hand(seat, &physical, players, &what)?;
        if let Some(turns) = &mut self.turns {
            turns.melded(seat, &physical);
        }
        let label = self.table.replace(seat, &spots, took.run.clone());
        self.plays.push(Play::Take {
            seat,
            cards: took.added.clone(),
            from: labels,
            label,
            run: took.run.clone(),
        });
        Ok((took, label))
    }

    /// `deal`: the hand's first entry; `seats` players are dealt in, `dealt` cards each.
    pub(crate) fn deal(
        &mut self,
        seat: usize,
        up: Card,
        seats: usize,
        hand: u32,
        dealt: u32,
    ) -> Result<(), RummyError> {
        if !self.is_empty() {
            return Err(RummyError::DealNotFirst { hand });
        }
        self.turns = Some(Turns::deal_of(seat, seats, up, dealt)?);
        self.plays.push(Play::Deal { seat, up });
        Ok(())
    }

    /// The turns, or why there are none to play.
    fn turns_mut(&mut self) -> Result<&mut Turns, RummyError> {
        self.turns.as_mut().ok_or(RummyError::NotDealt)
    }

    /// `draw`: from the stock, or the discard pile's top.
    pub(crate) fn draw(
        &mut self,
        seat: usize,
        card: Option<Card>,
        players: &[String],
    ) -> Result<Drawn, RummyError> {
        if let Some(Some(held)) = self.held.get(seat) {
            return Err(RummyError::AlreadyHeld {
                player: name(players, seat),
                cards: cards_text(held),
            });
        }
        let drawn = self.turns_mut()?.draw(seat, card, players)?;
        self.plays.push(Play::Draw { seat, card });
        Ok(drawn)
    }

    /// `discard`: returns whether the player went out.
    pub(crate) fn discard(
        &mut self,
        seat: usize,
        card: Card,
        players: &[String],
    ) -> Result<bool, RummyError> {
        if self.turns.is_none() {
            return Err(RummyError::NotDealt);
        }
        if let Some(Some(held)) = self.held.get(seat) {
            return Err(RummyError::AlreadyHeld {
                player: name(players, seat),
                cards: cards_text(held),
            });
        }
        let what = format!("{}'s discard", name(players, seat));
        self.admit(&[card], &[Place::InHand(seat)], players, &what)?;
        let Hand { turns, table, .. } = self;
        let out = turns
            .as_mut()
            .ok_or(RummyError::NotDealt)?
            .discard(seat, card, table, players)?;
        self.plays.push(Play::Discard { seat, card, out });
        Ok(out)
    }

    /// The first of `cards` this hand already places somewhere `seat` cannot play it
    /// from, as the refusal that says where: a card typed twice across the table is
    /// the slip to name, before whatever the cards' shape as a run would say (`3C 4C
    /// 5C 6C 7C KC` with KC in run A is a KC typed by mistake, not a run missing 8C
    /// to QC). A card the seat took from the discard pile is theirs to play; `laid`:
    /// the seat's own laid runs are being replaced.
    pub(crate) fn placed_already(
        &self,
        seat: usize,
        cards: &[Typed],
        players: &[String],
        laid: bool,
    ) -> Result<(), RummyError> {
        let placed = self.cards();
        for n in cards.iter().filter_map(|t| match t {
            Typed::Card(c) => c.natural(),
            Typed::JokerAs(_) => None,
        }) {
            let elsewhere = placed.iter().find(|(c, p)| {
                *c == Card::Natural(n)
                    && *p != Place::InHand(seat)
                    && !(laid && *p == Place::Laid(seat))
            });
            if let Some((_, place)) = elsewhere {
                return Err(RummyError::CardTwice {
                    card: n,
                    place: place.describe(players),
                });
            }
        }
        Ok(())
    }

    /// Where a natural card lies this hand, if recorded.
    pub(crate) fn whereabouts(&self, n: Natural, players: &[String]) -> Option<String> {
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
