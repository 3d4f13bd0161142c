//! Judging a run: three or more cards of one suit in consecutive order, with a reason
//! for every verdict.
//!
//! The sheet's rules: a joker stands for any one card; aces are low (A-2-3) or high
//! (Q-K-A) but never at both ends of one run; a run does not wrap (K-A-2 is refused); a
//! complete run of 13 (A to K, or 2 to A) is locked and cannot be taken. A joker used as
//! an ace does not use up the natural ace: only physical cards are counted by the deck
//! check, so JK-2-3 of clubs leaves the ace of clubs free for Q-K-A.
//!
//! # How typed cards are read
//! Cards may be typed in any order; the run is put in order by rank. Jokers fill the
//! gaps between the natural cards. What the typing leaves open is settled by where
//! things were typed, so that a scorekeeper can say what they mean without annotations:
//!
//! - An ace that fits at either end (`AC JK JK`) is low when it is the first card typed
//!   (A-2-3), high otherwise (`JK JK AC` is Q-K-A).
//! - A joker not needed for a gap extends the run: downward when it was typed before
//!   every card whose place is known (`JK 5C 6C` is 4-5-6), upward otherwise (`5C 6C JK`
//!   is 5-6-7); when that end is closed (nothing above a high ace, nothing below a low
//!   one, never aces at both ends) it goes to the other end.
//! - Gaps are filled first by jokers typed among the natural cards, then by those typed
//!   after them, then by those typed before them; so `JK 5C 7C JK` is 4-5-6-7.
//! - `JK=4C` says outright what a joker stands for; it is then placed like a natural
//!   card, and it is the way to record an end joker whose meaning the typing would not
//!   give.
//!
//! Values (the sheet's): 2-9 count 5, 10-K 10, an ace 15, a joker 20 whatever it
//! stands for.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::contract::Refuse;
use crate::games::take_rummy::cards::{Card, JOKERS, Natural, Rank, Suit, Typed, show};

/// The shortest run the sheet allows.
pub(crate) const MIN_RUN: usize = 3;

/// A complete run: A to K or 2 to A. It is locked.
pub(crate) const FULL_RUN: usize = 13;

/// Where a low ace sits; 2..=13 are the ranks themselves and 14 is a high ace.
const LOW_ACE: u8 = 1;
const HIGH_ACE: u8 = 14;

/// What a card counts, laid or held: 2-9 5, 10-K 10, A 15, a joker 20.
pub(crate) fn card_value(card: Card) -> u32 {
    match card {
        Card::Joker => 20,
        Card::Natural(n) => match n.rank.number() {
            2..=9 => 5,
            10..=13 => 10,
            _ => 15,
        },
    }
}

/// The total value of some cards.
pub(crate) fn cards_value(cards: &[Card]) -> u32 {
    cards.iter().map(|c| card_value(*c)).sum()
}

/// One place in a run: the card lying there and the natural card it stands for (itself,
/// unless it is a joker).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Slot {
    pub(crate) card: Card,
    pub(crate) stands_for: Natural,
}

impl Slot {
    /// As umpire writes it: the card, or `JK=4C` for a joker.
    pub(crate) fn typed(self) -> Typed {
        match self.card {
            Card::Joker => Typed::JokerAs(self.stands_for),
            Card::Natural(n) => Typed::Card(Card::Natural(n)),
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.typed().fmt(f)
    }
}

impl Serialize for Slot {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Slot {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Slot, D::Error> {
        match Typed::deserialize(d)? {
            Typed::Card(Card::Natural(n)) => Ok(Slot {
                card: Card::Natural(n),
                stands_for: n,
            }),
            Typed::JokerAs(n) => Ok(Slot {
                card: Card::Joker,
                stands_for: n,
            }),
            Typed::Card(Card::Joker) => Err(serde::de::Error::custom(
                "a joker in a run says what it stands for, as JK=4C",
            )),
        }
    }
}

/// A valid run, in order from its low end. Only [`judge`] and the take engine make one,
/// so every `Run` holds 3 to 13 consecutive cards of one suit.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Run {
    suit: Suit,
    /// The place of the first slot: 1 for a low ace, else its rank (2..=12).
    low: u8,
    slots: Vec<Slot>,
}

impl Run {
    /// The places of the run, low end first.
    pub(crate) fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The one suit of every card and joker meaning in the run.
    pub(crate) fn suit(&self) -> Suit {
        self.suit
    }

    #[cfg(feature = "cli")]
    /// How many cards: 3 to 13.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    #[cfg(test)]
    /// Always false for a judged run; here because a length has a matching emptiness.
    pub(crate) fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The physical cards, in order.
    pub(crate) fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.slots.iter().map(|s| s.card)
    }

    /// The run as umpire writes it, jokers with their meaning: what a log stores.
    pub(crate) fn typed(&self) -> Vec<Typed> {
        self.slots.iter().map(|s| s.typed()).collect()
    }

    /// What each joker stands for, in run order.
    pub(crate) fn jokers(&self) -> Vec<Natural> {
        self.slots
            .iter()
            .filter(|s| s.card.is_joker())
            .map(|s| s.stands_for)
            .collect()
    }

    /// The run's points: every card's value, a joker 20 whatever it stands for.
    pub(crate) fn value(&self) -> u32 {
        self.cards().map(card_value).sum()
    }

    /// A complete run (A-K or 2-A) cannot be taken.
    pub(crate) fn is_locked(&self) -> bool {
        self.slots.len() == FULL_RUN
    }

    /// Its ends, as "5C-8C": how a run is named in a sentence.
    pub(crate) fn span(&self) -> String {
        match (self.slots.first(), self.slots.last()) {
            (Some(a), Some(b)) => format!("{}-{}", a.stands_for, b.stands_for),
            _ => String::new(),
        }
    }

    /// The run as pieces fixed where they lie, for the take engine: a joker keeps what
    /// it stands for and an ace keeps its end.
    pub(crate) fn pinned(&self) -> impl Iterator<Item = Piece> + '_ {
        self.slots.iter().zip(self.low..).map(|(s, place)| Piece {
            card: s.card,
            stands_for: Some(s.stands_for),
            pin: Some(place),
        })
    }

    #[cfg(feature = "cli")]
    /// A sentence saying why the run is good: "4 clubs in order, 5C to 8C; the joker
    /// stands for 7C".
    pub(crate) fn describe(&self) -> String {
        let (Some(first), Some(last)) = (self.slots.first(), self.slots.last()) else {
            return String::new();
        };
        let mut s = format!(
            "{} {} in order, {} to {}",
            self.len(),
            self.suit.name(),
            first.stands_for,
            last.stands_for
        );
        if self.low == LOW_ACE {
            s.push_str(" (ace low)");
        } else if last.stands_for.rank.is_ace() {
            s.push_str(" (ace high)");
        }
        match self.jokers().as_slice() {
            [] => {}
            [one] => s.push_str(&format!("; the joker stands for {one}")),
            many => s.push_str(&format!("; the jokers stand for {}", and_list(many))),
        }
        if self.is_locked() {
            s.push_str("; complete, so locked: it cannot be taken");
        }
        s
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&show(&self.slots))
    }
}

impl Serialize for Run {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.slots.serialize(s)
    }
}

#[cfg(feature = "cli")]
/// "4C", "4C and 7C", "4C, 7C and 9C".
fn and_list<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", show(init).replace(' ', ", ")),
    }
}

/// A gap between two cards of a would-be run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Gap {
    pub(crate) below: Natural,
    pub(crate) above: Natural,
    pub(crate) missing: Vec<Natural>,
}

/// Why cards are not a run: one line that names the cards at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum RunError {
    #[error("no cards: a run needs at least {MIN_RUN}")]
    NoCards,
    #[error("a run needs at least {MIN_RUN} cards, and {cards} is {count}")]
    TooFew { cards: String, count: usize },
    #[error("{count} cards: a run holds at most {FULL_RUN} (A to K, or 2 to A)")]
    TooMany { count: usize },
    #[error(
        "{} cards would run from ace to ace: the sheet forbids aces at both ends of one run, so a run holds at most {FULL_RUN} (A to K, or 2 to A)",
        FULL_RUN + 1
    )]
    AceToAce,
    #[error("{count} jokers: the deck has only {JOKERS}")]
    TooManyJokers { count: usize },
    #[error("{first} and {other} are of different suits: a run is one suit")]
    MixedSuits { first: Typed, other: Typed },
    #[error("{0} is in the run twice")]
    Repeated(Natural),
    #[error("{joker} stands for {card}, which the run already has")]
    JokerRepeats { joker: Typed, card: Natural },
    #[error(
        "{card} and a joker standing for {card} would put aces at both ends: a run's ace is low (A-2-3) or high (Q-K-A), never both"
    )]
    AcesAtBothEnds { card: Natural },
    #[error(
        "{cards} wraps around past the ace: aces are low (A-2-3) or high (Q-K-A), and K-A-2 is not a run"
    )]
    Wraps { cards: String },
    #[error("not consecutive: {}", gaps_text(.gaps, *.jokers))]
    Gaps { gaps: Vec<Gap>, jokers: usize },
    #[error("{count} cards leave no room at either end: a run holds at most {FULL_RUN}")]
    NoRoom { count: usize },
}

impl Refuse for RunError {}

fn gaps_text(gaps: &[Gap], jokers: usize) -> String {
    let parts: Vec<String> = gaps
        .iter()
        .map(|g| {
            format!(
                "{} missing between {} and {}",
                show(&g.missing),
                g.below,
                g.above
            )
        })
        .collect();
    let missing: usize = gaps.iter().map(|g| g.missing.len()).sum();
    let fill = match (jokers, gaps.len()) {
        (0, 1) => "and no joker to fill it".to_string(),
        (0, _) => "and no joker to fill them".to_string(),
        (1, _) => format!("and 1 joker cannot fill {missing} places"),
        (j, _) => format!("and {j} jokers cannot fill {missing} places"),
    };
    format!("{}, {fill}", parts.join("; "))
}

/// One card handed to the arranger: what lies on the table, what it stands for when
/// known, and its place when it is already fixed (a card of a run on the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) card: Card,
    pub(crate) stands_for: Option<Natural>,
    pub(crate) pin: Option<u8>,
}

impl Piece {
    pub(crate) fn typed(t: Typed) -> Piece {
        Piece {
            card: t.card(),
            stands_for: t.stands_for(),
            pin: None,
        }
    }

    fn shown(self) -> Typed {
        match (self.card, self.stands_for) {
            (Card::Joker, Some(n)) => Typed::JokerAs(n),
            (card, _) => Typed::Card(card),
        }
    }
}

/// Judges typed cards as a run. See the module documentation for how the typing is read.
pub(crate) fn judge(cards: &[Typed]) -> Result<Run, RunError> {
    let pieces: Vec<Piece> = cards.iter().map(|t| Piece::typed(*t)).collect();
    arrange(&pieces)
}

/// The natural card at `place` of a run in `suit` (1 and 14 are both the ace).
fn natural_at(place: u8, suit: Suit) -> Option<Natural> {
    let rank = Rank::new(if place == LOW_ACE { HIGH_ACE } else { place })?;
    Some(Natural::new(rank, suit))
}

/// How many places are empty between the lowest and highest of `places` (sorted or
/// not) with `extra` added; `None` when that would put aces at both ends.
fn missing_with(places: &[(u8, usize)], extra: u8) -> Option<usize> {
    let lo = places.iter().map(|p| p.0).chain([extra]).min()?;
    let hi = places.iter().map(|p| p.0).chain([extra]).max()?;
    if lo == LOW_ACE && hi == HIGH_ACE {
        return None;
    }
    Some(usize::from(hi - lo + 1).saturating_sub(places.len() + 1))
}

/// The gaps between sorted places, naming the cards on either side and those missing.
fn gaps(places: &[(u8, usize)], suit: Suit) -> Vec<Gap> {
    places
        .windows(2)
        .filter_map(|w| {
            let (a, b) = (w.first()?.0, w.get(1)?.0);
            if b <= a + 1 {
                return None;
            }
            Some(Gap {
                below: natural_at(a, suit)?,
                above: natural_at(b, suit)?,
                missing: (a + 1..b).filter_map(|p| natural_at(p, suit)).collect(),
            })
        })
        .collect()
}

/// Whether the fixed cards would make a run if it could turn the corner at the ace: the
/// places on a circle of 13, leaving out the widest gap, need no more jokers than there
/// are. Returns the cards in the order the wrapped run would have them.
fn wrapped(places: &[(u8, usize)], pieces: &[Piece], free: usize) -> Option<String> {
    let mut circle: Vec<(u8, usize)> = places
        .iter()
        .map(|&(p, i)| (if p == HIGH_ACE { LOW_ACE } else { p }, i))
        .collect();
    circle.sort_unstable();
    circle.dedup_by_key(|p| p.0);
    if circle.len() < 2 {
        return None;
    }
    let n = circle.len();
    // The gap after each place, going round; the widest is where the run would open.
    let (widest_after, widest) = (0..n)
        .filter_map(|k| {
            let here = circle.get(k)?.0;
            let next = circle.get((k + 1) % n)?.0;
            let gap = (usize::from(next) + 13 - usize::from(here) - 1) % 13;
            Some((k, gap))
        })
        .max_by_key(|&(k, gap)| (gap, std::cmp::Reverse(k)))?;
    let missing = 13usize.saturating_sub(n + widest);
    if missing > free {
        return None;
    }
    let order: Vec<String> = (1..=n)
        .filter_map(|d| circle.get((widest_after + d) % n))
        .filter_map(|&(_, i)| pieces.get(i))
        .map(|p| p.shown().to_string())
        .collect();
    Some(order.join(" "))
}

/// The error for fixed cards that do not join up with `free` jokers: a wrap when going
/// round the corner would have joined them, else the gaps.
fn not_joined(places: &[(u8, usize)], pieces: &[Piece], free: usize, suit: Suit) -> RunError {
    if let Some(cards) = wrapped(places, pieces, free) {
        return RunError::Wraps { cards };
    }
    RunError::Gaps {
        gaps: gaps(places, suit),
        jokers: free,
    }
}

/// Where each free joker came in the typing, relative to the cards whose place is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Typing {
    /// Among them: fills gaps first.
    Inner,
    /// After all of them: fills gaps next, else extends upward.
    Trailing,
    /// Before all of them: fills gaps last, else extends downward.
    Leading,
}

/// Puts pieces in order as one run, or says why they are not one. Shared by [`judge`]
/// and the take engine (whose table cards come pinned in place).
pub(crate) fn arrange(pieces: &[Piece]) -> Result<Run, RunError> {
    check_counts(pieces)?;
    let fixed: Vec<(usize, Natural)> = pieces
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.stands_for.map(|n| (i, n)))
        .collect();
    let suit = check_fixed(pieces, &fixed)?;
    let free: Vec<usize> = (0..pieces.len())
        .filter(|i| pieces.get(*i).is_some_and(|p| p.stands_for.is_none()))
        .collect();
    let places = place_fixed(pieces, &fixed, free.len(), suit)?;
    place_jokers(pieces, &fixed, places, &free, suit)
}

/// Every run the pieces could make when the jokers that do not say what they stand
/// for may stand anywhere that makes a run: one for most typings, several when a
/// joker could go at either end (`JK QH KH` is J-Q-K or Q-K-A) or two jokers could
/// sit in more than one way. Each reading pins every card, so it is judged whole; the
/// readings come low end first. Empty when the pieces make no run at all.
pub(crate) fn readings(pieces: &[Piece]) -> Vec<Run> {
    let free: Vec<usize> = (0..pieces.len())
        .filter(|i| pieces.get(*i).is_some_and(|p| p.stands_for.is_none()))
        .collect();
    if free.is_empty() {
        return arrange(pieces).ok().into_iter().collect();
    }
    let Some(suit) = pieces.iter().find_map(|p| p.stands_for.map(|n| n.suit)) else {
        return Vec::new();
    };
    let Ok(len) = u8::try_from(pieces.len()) else {
        return Vec::new();
    };
    // The windows a run of `len` cards could fill, the highest ending at the ace. (The
    // window from ace to ace, 14 cards, is no run: `arrange` refuses it with the rest.)
    let Some(last_lo) = (HIGH_ACE + 1).checked_sub(len) else {
        return Vec::new();
    };
    let mut out: Vec<Run> = Vec::new();
    for lo in LOW_ACE..=last_lo {
        // The window is `taken`'s places, lo upward.
        let mut pinned: Vec<Piece> = pieces.to_vec();
        let mut taken = vec![false; usize::from(len)];
        let mut fits = true;
        for p in pinned.iter_mut() {
            let Some(n) = p.stands_for else { continue };
            let place = match p.pin {
                Some(place) => place,
                None if n.rank.is_ace() && lo == LOW_ACE => LOW_ACE,
                None => n.rank.number(),
            };
            match place
                .checked_sub(lo)
                .and_then(|i| taken.get_mut(usize::from(i)))
            {
                // A place past the window has no slot.
                Some(slot) if !*slot => {
                    *slot = true;
                    p.pin = Some(place);
                }
                _ => {
                    fits = false;
                    break;
                }
            }
        }
        let missing: Vec<u8> = (lo..)
            .zip(&taken)
            .filter(|(_, taken)| !**taken)
            .map(|(place, _)| place)
            .collect();
        if !fits || missing.len() != free.len() {
            continue;
        }
        for (&i, &place) in free.iter().zip(&missing) {
            if let (Some(p), Some(n)) = (pinned.get_mut(i), natural_at(place, suit)) {
                p.stands_for = Some(n);
                p.pin = Some(place);
            }
        }
        if let Ok(run) = arrange(&pinned)
            && !out.contains(&run)
        {
            out.push(run);
        }
    }
    out
}

/// Every run typed cards could make, their unannotated jokers read every way that fits
/// (see [`readings`]); more than one means the typing leaves a joker's card open.
pub(crate) fn typed_readings(cards: &[Typed]) -> Vec<Run> {
    let pieces: Vec<Piece> = cards.iter().map(|t| Piece::typed(*t)).collect();
    readings(&pieces)
}

/// Between 3 and 13 cards, at most two of them jokers.
fn check_counts(pieces: &[Piece]) -> Result<(), RunError> {
    let count = pieces.len();
    if count == 0 {
        return Err(RunError::NoCards);
    }
    if count < MIN_RUN {
        let shown: Vec<Typed> = pieces.iter().map(|p| p.shown()).collect();
        return Err(RunError::TooFew {
            cards: show(&shown),
            count,
        });
    }
    // Fourteen cards could only be a run from ace to ace, which the sheet's own rule
    // forbids: that is the reason given, not the count alone.
    if count == FULL_RUN + 1 {
        return Err(RunError::AceToAce);
    }
    if count > FULL_RUN {
        return Err(RunError::TooMany { count });
    }
    let jokers = pieces.iter().filter(|p| p.card.is_joker()).count();
    if jokers > JOKERS {
        return Err(RunError::TooManyJokers { count: jokers });
    }
    Ok(())
}

/// The cards whose meaning is known are of one suit and each different; returns the
/// suit.
fn check_fixed(pieces: &[Piece], fixed: &[(usize, Natural)]) -> Result<Suit, RunError> {
    let shown = |i: usize, n: Natural| {
        pieces
            .get(i)
            .map_or(Typed::Card(Card::Natural(n)), |p| p.shown())
    };
    let Some(&(first_i, first)) = fixed.first() else {
        // Unreachable after check_counts: three cards with at most two jokers always
        // hold a natural card.
        return Err(RunError::NoCards);
    };
    if let Some(&(i, n)) = fixed.iter().find(|(_, n)| n.suit != first.suit) {
        return Err(RunError::MixedSuits {
            first: shown(first_i, first),
            other: shown(i, n),
        });
    }
    for (k, &(i, n)) in fixed.iter().enumerate() {
        if let Some(&(j, _)) = fixed.iter().skip(k + 1).find(|(_, m)| *m == n) {
            let jokers = [i, j]
                .iter()
                .filter(|x| pieces.get(**x).is_some_and(|p| p.card.is_joker()))
                .count();
            return Err(match jokers {
                0 => RunError::Repeated(n),
                1 if n.rank.is_ace() => RunError::AcesAtBothEnds { card: n },
                _ => RunError::JokerRepeats {
                    joker: Typed::JokerAs(n),
                    card: n,
                },
            });
        }
    }
    Ok(first.suit)
}

/// The places of the cards whose meaning is known, sorted: an unpinned ace goes to the
/// end that joins up (the typed-first rule when both do), and the gaps between them
/// must not need more than the `free` jokers.
fn place_fixed(
    pieces: &[Piece],
    fixed: &[(usize, Natural)],
    free: usize,
    suit: Suit,
) -> Result<Vec<(u8, usize)>, RunError> {
    let mut places: Vec<(u8, usize)> = Vec::with_capacity(pieces.len());
    let mut ace = None;
    for &(i, n) in fixed {
        match pieces.get(i).and_then(|p| p.pin) {
            Some(pin) => places.push((pin, i)),
            None if n.rank.is_ace() => ace = Some(i),
            None => places.push((n.rank.number(), i)),
        }
    }
    if let Some(a) = ace {
        let low = missing_with(&places, LOW_ACE);
        let high = missing_with(&places, HIGH_ACE);
        let fits = |m: Option<usize>| m.is_some_and(|m| m <= free);
        let place = match (fits(low), fits(high)) {
            (true, true) if a == 0 => LOW_ACE,
            (true, true) | (false, true) => HIGH_ACE,
            (true, false) => LOW_ACE,
            // Neither joins up: report the reading that comes nearer to a run.
            (false, false) if low.unwrap_or(usize::MAX) <= high.unwrap_or(usize::MAX) => LOW_ACE,
            (false, false) => HIGH_ACE,
        };
        places.push((place, a));
    }
    places.sort_unstable();
    if let (Some((LOW_ACE, _)), Some((HIGH_ACE, _))) = (places.first(), places.last()) {
        return Err(RunError::AcesAtBothEnds {
            card: Natural::new(Rank::ACE, suit),
        });
    }
    let span = match (places.first(), places.last()) {
        (Some(lo), Some(hi)) => usize::from(hi.0 - lo.0) + 1,
        _ => 0,
    };
    if span.saturating_sub(places.len()) > free {
        return Err(not_joined(&places, pieces, free, suit));
    }
    Ok(places)
}

/// Puts the free jokers in the gaps, then at the ends (see the module documentation for
/// which end), and builds the run.
fn place_jokers(
    pieces: &[Piece],
    fixed: &[(usize, Natural)],
    places: Vec<(u8, usize)>,
    free: &[usize],
    suit: Suit,
) -> Result<Run, RunError> {
    let count = pieces.len();
    let (Some(&(mut lo, _)), Some(&(mut hi, _))) = (places.first(), places.last()) else {
        return Err(RunError::NoCards);
    };
    let (first_i, last_i) = match (fixed.first(), fixed.last()) {
        (Some(f), Some(l)) => (f.0, l.0),
        _ => return Err(RunError::NoCards),
    };
    let typing = |i: usize| {
        if i < first_i {
            Typing::Leading
        } else if i > last_i {
            Typing::Trailing
        } else {
            Typing::Inner
        }
    };
    let missing: Vec<u8> = (lo..=hi)
        .filter(|p| !places.iter().any(|(q, _)| q == p))
        .collect();
    let mut jokers = free.to_vec();
    jokers.sort_by_key(|&i| (typing(i), i));
    let (fill, extra) = jokers.split_at(missing.len().min(jokers.len()));

    // at[place] = the piece lying there.
    let mut at: [Option<usize>; 15] = [None; 15];
    let gaps = missing.iter().copied().zip(fill.iter().copied());
    for (p, i) in places.iter().copied().chain(gaps) {
        if let Some(cell) = at.get_mut(usize::from(p)) {
            *cell = Some(i);
        }
    }
    for &i in extra {
        let below = lo > LOW_ACE && !(lo == 2 && hi == HIGH_ACE);
        let above = hi < HIGH_ACE && !(hi == 13 && lo == LOW_ACE);
        let place = match (typing(i) == Typing::Leading, below, above) {
            (true, true, _) | (false, true, false) => {
                lo -= 1;
                lo
            }
            (_, _, true) => {
                hi += 1;
                hi
            }
            (_, false, false) => return Err(RunError::NoRoom { count }),
        };
        if let Some(cell) = at.get_mut(usize::from(place)) {
            *cell = Some(i);
        }
    }
    let slots: Vec<Slot> = (lo..=hi)
        .filter_map(|p| {
            let i = (*at.get(usize::from(p))?)?;
            Some(Slot {
                card: pieces.get(i)?.card,
                stands_for: natural_at(p, suit)?,
            })
        })
        .collect();
    if slots.len() != count {
        return Err(RunError::NoRoom { count });
    }
    Ok(Run {
        suit,
        low: lo,
        slots,
    })
}

#[cfg(feature = "cli")]
/// A ruling on typed cards, as `umpire run --json` prints it and a log may store it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RunVerdict {
    pub(crate) valid: bool,
    /// Why: the run described, or what is wrong.
    pub(crate) reason: String,
    /// The run in order, jokers as `JK=4C`; empty when not a run.
    pub(crate) run: Vec<Slot>,
    /// What each joker stands for, in run order.
    pub(crate) jokers: Vec<Natural>,
    /// The run's points; 0 when not a run.
    pub(crate) value: u32,
    pub(crate) locked: bool,
}

#[cfg(feature = "cli")]
impl RunVerdict {
    #[cfg(feature = "cli")]
    /// The verdict on a judging's result.
    pub(crate) fn of(result: &Result<Run, RunError>) -> RunVerdict {
        match result {
            Ok(run) => RunVerdict {
                valid: true,
                reason: run.describe(),
                run: run.slots().to_vec(),
                jokers: run.jokers(),
                value: run.value(),
                locked: run.is_locked(),
            },
            Err(e) => RunVerdict {
                valid: false,
                reason: e.to_string(),
                run: Vec::new(),
                jokers: Vec::new(),
                value: 0,
                locked: false,
            },
        }
    }
}

#[cfg(feature = "cli")]
/// Judges typed cards and says why, valid or not.
pub(crate) fn verdict(cards: &[Typed]) -> RunVerdict {
    RunVerdict::of(&judge(cards))
}

#[cfg(test)]
mod tests;
