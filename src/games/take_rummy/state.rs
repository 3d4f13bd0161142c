//! The match: hands closed one after another, running totals, and the end.
//!
//! From the sheet: play continues until a player reaches 500 points. So the match ends
//! when a hand closes with someone at or over the target (500 unless the table sets
//! another); the highest total wins, and a tie names everyone tied.
//!
//! The hands, the target, `finish` and the late joiners are the round-game layer's
//! ([`crate::contract::Match`]); this module is what TAKE rummy reads of a match
//! ([`Rummy`]) and [`Rummy::apply`], the one place each rule of an entry of the open
//! hand is enforced: it either applies the entry whole or refuses it and leaves the
//! match as it was.

use serde::Serialize;

use super::error::RummyError;
use super::event::Event;
use super::hand::Hand;
use super::runs::{Run, judge};
use crate::contract::Ends;
use crate::games::take_rummy::cards::{Card, Typed};

/// The sheet's target: "most players choose to continue playing until one of the
/// players reaches 500 points".
pub(crate) const DEFAULT_TARGET: u32 = 500;

/// The highest target a table may set: far past any evening's play, and small enough
/// that totals stay readable.
pub(crate) const MAX_TARGET: u32 = crate::contract::MAX_TARGET as u32;

/// A TAKE rummy match: the layer's match of [`Hand`]s. Players are passed in (`players`,
/// seat order) rather than kept, so the session's roster stays the one list of names.
pub(crate) type Match = crate::contract::Match<Hand>;

/// A match to `target` points (1 to [`MAX_TARGET`]) of `seats` players.
pub(crate) fn new_match(target: u32, seats: usize) -> Result<Match, RummyError> {
    if target == 0 || target > MAX_TARGET {
        return Err(RummyError::BadTarget(u64::from(target)));
    }
    Ok(Match::new(seats, Ends::target(i64::from(target))))
}

/// The answer to `discard? CARD`: whether the sheet lets the card be discarded, and
/// which run it could be added to if not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Discard {
    pub(crate) card: Card,
    pub(crate) allowed: bool,
    /// The run that could take it, by its label: `A`.
    pub(crate) run: Option<String>,
    /// What adding it there would make.
    pub(crate) makes: Option<Run>,
    pub(crate) reason: String,
}

/// Finds a player by name, ignoring case.
pub(crate) fn seat_of(players: &[String], name: &str) -> Result<usize, RummyError> {
    players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(name))
        .ok_or_else(|| RummyError::UnknownPlayer {
            name: shown_name(name),
            players: players.join(", "),
        })
}

/// A typed name as it may appear in an error: short and without control characters.
fn shown_name(name: &str) -> String {
    let head: String = name.chars().take(24).collect();
    let cut = if name.chars().count() > 24 { "..." } else { "" };
    format!("{:?}{cut}", head)
}

/// Judges the runs of a `laid` or `lay` entry, saying which run is at fault.
pub(crate) fn judge_runs(player: &str, runs: &[Vec<Typed>]) -> Result<Vec<Run>, RummyError> {
    runs.iter()
        .enumerate()
        .map(|(i, cards)| {
            judge(cards).map_err(|why| RummyError::Run {
                which: if runs.len() == 1 {
                    format!("{player}'s run")
                } else {
                    format!("{player}'s run {}", i + 1)
                },
                why,
            })
        })
        .collect()
}

/// What TAKE rummy reads of a match, and how an entry of the open hand changes it.
pub(crate) trait Rummy {
    /// The points that end the match once a hand closes with someone at or over them.
    fn target(&self) -> u32;
    /// The open hand's number, from 1.
    fn hand_number(&self) -> u32;
    /// The table ended the match before its target (`finish`).
    fn finished_early(&self) -> bool;
    /// Whose deal the open hand is, when the deal is known.
    fn next_dealer(&self, players: usize) -> Option<(usize, usize, u32)>;
    /// Applies one entry of the open hand, or refuses it and changes nothing.
    fn apply(&mut self, players: &[String], dealt: u32, event: &Event) -> Result<(), RummyError>;
    /// `discard? CARD`: whether a run on the table could take the card.
    fn discard(&self, card: Card, players: &[String]) -> Result<Discard, RummyError>;
}

impl Rummy for Match {
    fn target(&self) -> u32 {
        self.ends()
            .target
            .and_then(|t| u32::try_from(t).ok())
            .unwrap_or(DEFAULT_TARGET)
    }

    fn hand_number(&self) -> u32 {
        self.number()
    }

    fn finished_early(&self) -> bool {
        self.finished_after().is_some()
    }

    /// The player after the last dealer, as many seats on as hands have closed since
    /// (the deal passes left, and between two players alternates). `None` before any
    /// hand was dealt. Returns the seat, and the last dealer's seat and hand.
    fn next_dealer(&self, players: usize) -> Option<(usize, usize, u32)> {
        if players == 0 {
            return None;
        }
        let (index, dealer) = self
            .closed()
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, h)| h.turns().map(|t| (i, t.dealer())))?;
        let since = self.closed().len() - index;
        let hand = u32::try_from(index + 1).unwrap_or(u32::MAX);
        Some(((dealer + since) % players, dealer, hand))
    }

    /// Applies one entry to the open hand (every player seated) in place. Each of the
    /// hand's entries checks everything before it changes anything, so a refusal leaves
    /// the match as it was without a copy of the hand for every entry.
    fn apply(&mut self, players: &[String], dealt: u32, event: &Event) -> Result<(), RummyError> {
        let open_number = self.hand_number();
        let next_dealer = match event {
            Event::Dealt { .. } => self.next_dealer(players.len()),
            _ => None,
        };
        let hand = self.open_mut();
        match event {
            Event::Laid { player, runs } => {
                let seat = seat_of(players, player)?;
                let runs = judge_runs(player, runs)?;
                hand.set_laid(seat, runs, players)?;
            }
            Event::Held { player, cards } => {
                let seat = seat_of(players, player)?;
                hand.set_held(seat, cards.clone(), players)?;
            }
            Event::Melded { player, run } => {
                let seat = seat_of(players, player)?;
                let mut runs = judge_runs(player, std::slice::from_ref(run))?;
                let Some(run) = runs.pop() else {
                    return Err(RummyError::Usage("lay needs the cards of one run".into()));
                };
                hand.meld(seat, run, players)?;
            }
            Event::Taken {
                player,
                cards,
                from,
            } => {
                let seat = seat_of(players, player)?;
                hand.take(seat, from, cards, players)?;
            }
            Event::Dealt { dealer, up } => {
                let seat = seat_of(players, dealer)?;
                if !hand.is_empty() {
                    return Err(RummyError::DealNotFirst { hand: open_number });
                }
                if let Some((expected, last, number)) = next_dealer
                    && expected != seat
                {
                    return Err(RummyError::WrongDealer {
                        expected: name_of(players, expected),
                        last: name_of(players, last),
                        hand: number,
                    });
                }
                hand.deal(seat, *up, players.len(), open_number, dealt)?;
            }
            Event::Drew { player, card } => {
                let seat = seat_of(players, player)?;
                hand.draw(seat, *card, players)?;
            }
            Event::Discarded { player, card } => {
                let seat = seat_of(players, player)?;
                hand.discard(seat, *card, players)?;
            }
        }
        Ok(())
    }

    /// Whether a run on the table could take the card, which the sheet says forbids
    /// discarding it.
    fn discard(&self, card: Card, players: &[String]) -> Result<Discard, RummyError> {
        if let Some(n) = card.natural()
            && let Some(place) = self.open().whereabouts(n, players)
        {
            return Err(RummyError::CardTwice { card: n, place });
        }
        let table = self.open().table();
        Ok(match table.takes_card(card) {
            Some((spot, label, took)) => {
                let on = table
                    .get(spot)
                    .map_or_else(String::new, |r| format!(" ({r})"));
                Discard {
                    card,
                    allowed: false,
                    reason: format!(
                        "{card} could be added to run {label}{on}, making {}: the sheet forbids discarding it",
                        took.run.span()
                    ),
                    run: Some(label.to_string()),
                    makes: Some(took.run),
                }
            }
            None => Discard {
                card,
                allowed: true,
                run: None,
                makes: None,
                reason: if table.is_empty() {
                    format!("no runs on the table this hand: {card} may be discarded")
                } else {
                    format!("no run on the table can take {card}: it may be discarded")
                },
            },
        })
    }
}

/// A seat's name, for a message.
fn name_of(players: &[String], seat: usize) -> String {
    players.get(seat).cloned().unwrap_or_else(|| "?".into())
}

#[cfg(test)]
mod tests;
