//! The runs on the table during a tracked hand, by owner, each with a label.
//!
//! A run's label (`A`, `B`, ...) is given when it is laid and never changes while the
//! run lies on the table: it stays when the run is extended, and moves with it to a
//! taker. Numbers among an owner's runs (`alice:2`) shift after every take, which made
//! `take dan QD onto dan:1` hit the wrong run; a label does not. A take that joins
//! several runs keeps the label of the one laid first (the lowest), so the joined run
//! is named by a label the table has already seen. Labels are not reused within a
//! hand, so an old label never comes back meaning another run.
//!
//! Each owner's runs are kept in the order they came to the owner, which is what the
//! first log format's `alice:2` counted: old logs still resolve by it.

use std::fmt;

use serde::Serialize;

use super::runs::Run;
use super::takes::{Took, take};
use crate::games::take_rummy::cards::{Card, Natural, Typed};

/// A run's name on the table for the hand: `A` to `Z`, then `A2`, `B2`... (a hand
/// lays at most 18 runs, since each takes three cards of the 54, so the letters
/// suffice at any real table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Label(u32);

impl Label {
    /// Reads a label as typed, in either case: a letter and an optional round number
    /// from 2.
    pub(crate) fn parse(text: &str) -> Option<Label> {
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let rest = chars.as_str();
        let round = if rest.is_empty() {
            1
        } else {
            rest.parse::<u32>().ok().filter(|n| *n >= 2 && *n <= 1000)?
        };
        let index = u32::from(letter) - u32::from('A');
        Some(Label((round - 1) * 26 + index))
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from_u32(u32::from('A') + self.0 % 26).unwrap_or('?');
        match self.0 / 26 {
            0 => write!(f, "{letter}"),
            n => write!(f, "{letter}{}", n + 1),
        }
    }
}

impl Serialize for Label {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Where a run lies: its owner's seat and its place among the owner's runs (from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Spot {
    pub(crate) seat: usize,
    pub(crate) index: usize,
}

/// The runs on the table, by the seat that owns each.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Table {
    /// Each seat's runs, in the order they came to it.
    runs: Vec<Vec<Run>>,
    /// Each run's label, beside `runs`.
    labels: Vec<Vec<Label>>,
    /// How many labels this hand has given.
    given: u32,
}

/// One run on the table, for the `table` view and its JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct TableRow {
    pub(crate) owner: String,
    /// `A`
    pub(crate) name: String,
    pub(crate) run: Run,
    pub(crate) value: u32,
    pub(crate) locked: bool,
}

impl Table {
    /// No run on the table.
    pub(crate) fn is_empty(&self) -> bool {
        self.runs.iter().all(Vec::is_empty)
    }

    /// The runs a seat owns, in order.
    pub(crate) fn runs_of(&self, seat: usize) -> &[Run] {
        self.runs.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The run at a spot.
    pub(crate) fn get(&self, spot: Spot) -> Option<&Run> {
        self.runs.get(spot.seat)?.get(spot.index)
    }

    /// The label of the run at a spot.
    pub(crate) fn label(&self, spot: Spot) -> Option<Label> {
        self.labels.get(spot.seat)?.get(spot.index).copied()
    }

    /// Run `number` (from 1) of a seat, as the first log format named it.
    pub(crate) fn numbered(&self, seat: usize, number: u32) -> Option<Spot> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        (index < self.runs_of(seat).len()).then_some(Spot { seat, index })
    }

    /// The run that holds a natural card.
    pub(crate) fn holding(&self, card: Natural) -> Option<Spot> {
        self.spots()
            .find(|(_, _, run)| run.slots().iter().any(|s| s.card == Card::Natural(card)))
            .map(|(spot, _, _)| spot)
    }

    /// The run with a label.
    pub(crate) fn labelled(&self, label: Label) -> Option<Spot> {
        self.spots()
            .find(|(_, l, _)| *l == label)
            .map(|(spot, _, _)| spot)
    }

    /// Every run with its spot and label, seat by seat.
    pub(crate) fn spots(&self) -> impl Iterator<Item = (Spot, Label, &Run)> {
        self.runs.iter().enumerate().flat_map(move |(seat, runs)| {
            runs.iter().enumerate().map(move |(index, run)| {
                let spot = Spot { seat, index };
                (spot, self.label(spot).unwrap_or(Label(u32::MAX)), run)
            })
        })
    }

    /// Runs named for a sentence, in the order of their letters: "A (5C-7C) and C
    /// (2H-4H)"; every run when `seat` is `None`.
    pub(crate) fn named(&self, seat: Option<usize>) -> String {
        let mut runs: Vec<(Label, String)> = self
            .spots()
            .filter(|(spot, _, _)| seat.is_none_or(|s| s == spot.seat))
            .map(|(_, label, run)| (label, format!("{label} ({})", run.span())))
            .collect();
        runs.sort_by_key(|(label, _)| *label);
        let names: Vec<String> = runs.into_iter().map(|(_, name)| name).collect();
        super::hand::and_names(&names)
    }

    /// The label the next run laid will get.
    pub(crate) fn next_label(&self) -> Label {
        Label(self.given)
    }

    /// The runs as rows, by label, owners named from `players`.
    pub(crate) fn rows(&self, players: &[String]) -> Vec<TableRow> {
        let mut rows: Vec<(Label, TableRow)> = self
            .spots()
            .map(|(spot, label, run)| {
                let owner = players.get(spot.seat).cloned().unwrap_or_default();
                let row = TableRow {
                    name: label.to_string(),
                    owner,
                    run: run.clone(),
                    value: run.value(),
                    locked: run.is_locked(),
                };
                (label, row)
            })
            .collect();
        rows.sort_by_key(|(label, _)| *label);
        rows.into_iter().map(|(_, row)| row).collect()
    }

    /// The first run on the table (by label) that `card` could be added to, and what it
    /// would make: the sheet forbids discarding such a card.
    pub(crate) fn takes_card(&self, card: Card) -> Option<(Spot, Label, Took)> {
        let mut found: Vec<(Spot, Label, Took)> = self
            .spots()
            .filter_map(|(spot, label, run)| {
                take(&[run], &[Typed::Card(card)])
                    .ok()
                    .map(|took| (spot, label, took))
            })
            .collect();
        found.sort_by_key(|(_, label, _)| *label);
        found.into_iter().next()
    }

    /// Lays a new run for `seat`; returns its label.
    pub(crate) fn lay(&mut self, seat: usize, run: Run) -> Label {
        let label = Label(self.given);
        self.given = self.given.saturating_add(1);
        self.put(seat, run, label);
        label
    }

    fn put(&mut self, seat: usize, run: Run, label: Label) {
        if self.runs.len() <= seat {
            self.runs.resize_with(seat + 1, Vec::new);
            self.labels.resize_with(seat + 1, Vec::new);
        }
        if let (Some(runs), Some(labels)) = (self.runs.get_mut(seat), self.labels.get_mut(seat)) {
            runs.push(run);
            labels.push(label);
        }
    }

    /// Removes the runs at `from` and gives `run` to `taker` as their newest, under the
    /// lowest label of those taken; returns it. The caller has checked that each spot
    /// exists and none is named twice.
    pub(crate) fn replace(&mut self, taker: usize, from: &[Spot], run: Run) -> Label {
        let label = from
            .iter()
            .filter_map(|s| self.label(*s))
            .min()
            .unwrap_or(Label(self.given));
        let mut gone: Vec<Spot> = from.to_vec();
        // Later runs first, so earlier indices stay valid.
        gone.sort_unstable_by_key(|s| std::cmp::Reverse((s.seat, s.index)));
        for spot in gone {
            if let (Some(runs), Some(labels)) =
                (self.runs.get_mut(spot.seat), self.labels.get_mut(spot.seat))
                && spot.index < runs.len().min(labels.len())
            {
                runs.remove(spot.index);
                labels.remove(spot.index);
            }
        }
        self.put(taker, run, label);
        label
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::take_rummy::cards::parse_typed;
    use crate::games::take_rummy::runs::judge;

    fn run(text: &str) -> Run {
        judge(&parse_typed(text).expect("cards")).expect("a run")
    }

    #[test]
    fn labels_read_back_as_they_print_in_either_case() {
        for n in [0, 1, 25, 26, 27, 51, 52] {
            let label = Label(n);
            assert_eq!(Label::parse(&label.to_string()), Some(label));
        }
        assert_eq!(Label(0).to_string(), "A");
        assert_eq!(Label(27).to_string(), "B2");
        assert_eq!(Label::parse("c"), Some(Label(2)));
        assert_eq!(Label::parse("A1"), None);
        assert_eq!(Label::parse("7D"), None);
        assert_eq!(Label::parse(""), None);
    }

    #[test]
    fn a_run_keeps_its_label_when_extended_or_taken_and_a_join_keeps_the_lowest() {
        let mut t = Table::default();
        let a = t.lay(0, run("5C 6C 7C"));
        let b = t.lay(1, run("2D 3D 4D"));
        let c = t.lay(0, run("6D 7D 8D"));
        assert_eq!((a, b, c), (Label(0), Label(1), Label(2)));
        // ann extends her own first run: it is still A, now after C among her runs.
        let spot = t.labelled(a).expect("A");
        let kept = t.replace(0, &[spot], run("5C 6C 7C 8C"));
        assert_eq!(kept, a);
        assert_eq!(t.holding("8C".parse().expect("8C")), t.labelled(a));
        // ben joins C (ann's) and B (his) with 5D: the joined run is B, his.
        let from = [t.labelled(c).expect("C"), t.labelled(b).expect("B")];
        let joined = t.replace(1, &from, run("2D-8D"));
        assert_eq!(joined, b);
        assert_eq!(t.labelled(c), None);
        assert_eq!(t.runs_of(1).len(), 1);
        assert_eq!(t.named(None), "A (5C-8C) and B (2D-8D)");
        // The next lay gets a new letter, never C again.
        assert_eq!(t.lay(2, run("QH KH AH")), Label(3));
    }

    #[test]
    fn a_spot_that_is_not_there_is_passed_over_and_the_run_still_given() {
        let mut t = Table::default();
        let a = t.lay(0, run("5C 6C 7C"));
        let gone = [Spot { seat: 0, index: 1 }, Spot { seat: 3, index: 0 }];
        let label = t.replace(1, &gone, run("2D 3D 4D"));
        assert_eq!(label, Label(1), "a new letter: neither spot held a run");
        assert_eq!(t.named(None), "A (5C-7C) and B (2D-4D)");
        assert_eq!(t.labelled(a), Some(Spot { seat: 0, index: 0 }));
    }

    #[test]
    fn runs_named_in_a_sentence_come_in_the_order_of_their_letters_whoever_holds_them() {
        // Played at a table: "no run on the table holds AS: the runs on the table are
        // B (4D-7D), A (9C-KC) and C (QD-AD)", B first because ann sits before bob.
        let mut t = Table::default();
        t.lay(1, run("9C 10C JC QC"));
        t.lay(0, run("4D 5D 6D 7D"));
        t.lay(1, run("QD KD AD"));
        assert_eq!(t.named(None), "A (9C-QC), B (4D-7D) and C (QD-AD)");
        assert_eq!(t.named(Some(1)), "A (9C-QC) and C (QD-AD)");
    }
}
