//! The runs on the table during a tracked hand, by owner. A run is named by its owner
//! and its number among the owner's runs (`alice:2`); a take removes the runs it draws
//! on and gives the result to the taker as their newest run, so the numbers of the
//! owner's later runs close up.

use serde::Serialize;

use super::runs::Run;
use super::takes::{Took, take};
use crate::games::take_rummy::cards::{Card, Typed};

/// The runs on the table, by the seat that owns each.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    /// Each seat's runs, in the order they came to it.
    runs: Vec<Vec<Run>>,
}

/// One run on the table, for the `table` view and its JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableRow {
    pub owner: String,
    /// `alice:2`
    pub name: String,
    pub run: Run,
    pub value: u32,
    pub locked: bool,
}

impl Table {
    /// No run on the table: the hand is not being tracked turn by turn.
    pub fn is_empty(&self) -> bool {
        self.runs.iter().all(Vec::is_empty)
    }

    /// The runs a seat owns, in order (run 1 first).
    pub fn runs_of(&self, seat: usize) -> &[Run] {
        self.runs.get(seat).map_or(&[], Vec::as_slice)
    }

    /// Run `number` (from 1) of a seat.
    pub fn get(&self, seat: usize, number: u32) -> Option<&Run> {
        let i = usize::try_from(number).ok()?.checked_sub(1)?;
        self.runs_of(seat).get(i)
    }

    /// Every run: (seat, number, run), seat by seat.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u32, &Run)> {
        self.runs.iter().enumerate().flat_map(|(seat, runs)| {
            runs.iter()
                .zip(1u32..)
                .map(move |(run, number)| (seat, number, run))
        })
    }

    /// A seat's runs named for a sentence: "alice:1 (5C-7C) and alice:2 (2H-4H)".
    pub fn named(&self, seat: usize, owner: &str) -> String {
        let names: Vec<String> = self
            .runs_of(seat)
            .iter()
            .zip(1u32..)
            .map(|(run, number)| format!("{owner}:{number} ({})", run.span()))
            .collect();
        super::hand::and_names(&names)
    }

    /// The runs as rows, owners named from `players`.
    pub fn rows(&self, players: &[String]) -> Vec<TableRow> {
        self.iter()
            .map(|(seat, number, run)| {
                let owner = players.get(seat).cloned().unwrap_or_default();
                TableRow {
                    name: format!("{owner}:{number}"),
                    owner,
                    run: run.clone(),
                    value: run.value(),
                    locked: run.is_locked(),
                }
            })
            .collect()
    }

    /// The first run on the table that `card` could be added to, and what it would make:
    /// the sheet forbids discarding such a card.
    pub fn takes_card(&self, card: Card) -> Option<(usize, u32, Took)> {
        self.iter().find_map(|(seat, number, run)| {
            take(&[run], &[Typed::Card(card)])
                .ok()
                .map(|took| (seat, number, took))
        })
    }

    pub(crate) fn lay(&mut self, seat: usize, run: Run) {
        if self.runs.len() <= seat {
            self.runs.resize_with(seat + 1, Vec::new);
        }
        if let Some(runs) = self.runs.get_mut(seat) {
            runs.push(run);
        }
    }

    /// Removes the runs `from` (seat, number) and gives `run` to `taker`. The caller
    /// has checked that each exists and none is named twice.
    pub(crate) fn replace(&mut self, taker: usize, from: &[(usize, u32)], run: Run) {
        let mut gone: Vec<(usize, usize)> = from
            .iter()
            .filter_map(|&(seat, n)| Some((seat, usize::try_from(n).ok()?.checked_sub(1)?)))
            .collect();
        // Later runs first, so earlier indices stay valid.
        gone.sort_unstable_by(|a, b| b.cmp(a));
        for (seat, i) in gone {
            if let Some(runs) = self.runs.get_mut(seat)
                && i < runs.len()
            {
                runs.remove(i);
            }
        }
        self.lay(taker, run);
    }
}
