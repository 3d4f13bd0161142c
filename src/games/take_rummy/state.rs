//! The match: hands closed one after another, running totals, and the end.
//!
//! From the sheet: play continues until a player reaches 500 points. So the match ends
//! when a hand closes with someone at or over the target (500 unless the table sets
//! another); the highest total wins, and a tie names everyone tied.
//!
//! [`Match::apply`] is the one place each rule is enforced: it either applies an event
//! whole or refuses it and leaves the match as it was.

use std::sync::Arc;

use serde::Serialize;

use super::error::RummyError;
use super::event::Event;
use super::hand::{Hand, and_names};
use super::runs::{Run, judge};
use crate::contract::{MidRound, Rounds};
use crate::games::take_rummy::cards::{Card, Typed};

/// The sheet's target: "most players choose to continue playing until one of the
/// players reaches 500 points".
pub(crate) const DEFAULT_TARGET: u32 = 500;

/// The highest target a table may set: far past any evening's play, and small enough
/// that totals stay readable.
pub(crate) const MAX_TARGET: u32 = 1_000_000;

/// A TAKE rummy match: its target, the closed hands and the open one. Players are
/// passed in (`players`, seat order) rather than kept, so the session's roster stays
/// the one list of names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Match {
    target: u32,
    /// The hands (the contract's [`Rounds`]: the closed ones shared, so a copy of a
    /// long match copies none of them), each seat's start and when it sat down, and
    /// the totals kept as hands close, so that checking whether the match is over
    /// costs nothing per event.
    rounds: Rounds<Hand>,
    /// The table ended the match before its target (`finish`).
    finished_early: bool,
    /// Cards each player is dealt in a hand tracked from the deal (`--deal`).
    dealt: u32,
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

/// A match to the sheet's 500.
impl Default for Match {
    fn default() -> Match {
        Match {
            target: DEFAULT_TARGET,
            rounds: Rounds::new(0),
            finished_early: false,
            dealt: super::turns::DEALT,
        }
    }
}

impl Match {
    /// A match to `target` points (1 to [`MAX_TARGET`]).
    pub(crate) fn new(target: u32) -> Result<Match, RummyError> {
        if target == 0 || target > MAX_TARGET {
            return Err(RummyError::BadTarget(u64::from(target)));
        }
        Ok(Match {
            target,
            ..Match::default()
        })
    }

    /// The match dealing `dealt` cards each (7 or 10, `--deal`).
    pub(crate) fn dealing(mut self, dealt: u32) -> Match {
        self.dealt = dealt;
        self
    }

    /// Cards each player is dealt.
    pub(crate) fn dealt(&self) -> u32 {
        self.dealt
    }

    /// The match with its first `players` seated.
    pub(crate) fn seated(mut self, players: usize) -> Match {
        self.rounds.seat(players);
        self
    }

    /// The points that end the match once a hand closes with someone at or over them.
    pub(crate) fn target(&self) -> u32 {
        self.target
    }

    /// The closed hands, hand 1 first.
    pub(crate) fn closed(&self) -> &[Arc<Hand>] {
        self.rounds.closed()
    }

    /// The hands with the starts, the totals and when each seat sat down.
    pub(crate) fn rounds(&self) -> &Rounds<Hand> {
        &self.rounds
    }

    /// The hand being played.
    pub(crate) fn open(&self) -> &Hand {
        self.rounds.open()
    }

    /// The open hand's number, from 1.
    pub(crate) fn hand_number(&self) -> u32 {
        self.rounds.number()
    }

    /// Each player's total over the closed hands (a player who joined later counts 0
    /// for the hands before).
    pub(crate) fn totals(&self, players: usize) -> Vec<i64> {
        (0..players)
            .map(|s| self.rounds.totals().get(s).copied().unwrap_or(0))
            .collect()
    }

    /// The match is over: the last hand closed with someone at or over the target, or
    /// the table finished it.
    pub(crate) fn finished(&self) -> bool {
        self.finished_early || self.rounds.totals().iter().any(|t| *t >= self.reaches())
    }

    /// The table ended the match before its target (`finish`).
    pub(crate) fn finished_early(&self) -> bool {
        self.finished_early
    }

    /// Whose deal the open hand is, when the deal is known: the player after the last
    /// dealer, as many seats on as hands have closed since (the deal passes left, and
    /// between two players alternates). `None` before any hand was dealt. Returns the
    /// seat, and the last dealer's seat and hand.
    pub(crate) fn next_dealer(&self, players: usize) -> Option<(usize, usize, u32)> {
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

    fn reaches(&self) -> i64 {
        i64::from(self.target)
    }

    /// The players with the highest total (seats), whether or not the match is over.
    pub(crate) fn leaders(&self, players: usize) -> Vec<usize> {
        crate::contract::standings::best(&self.totals(players), false)
    }

    /// Who won: the highest total once the match is over (all of them on a tie);
    /// nobody before.
    pub(crate) fn winners(&self, players: usize) -> Vec<usize> {
        if self.finished() {
            self.leaders(players)
        } else {
            Vec::new()
        }
    }

    /// Whether a player may join now: only between hands.
    pub(crate) fn join(&self) -> Result<(), RummyError> {
        if self.open().is_empty() {
            Ok(())
        } else {
            Err(RummyError::JoinMidHand)
        }
    }

    /// Seats a player who sits down late, starting from `score` (0 unless the house
    /// gives one): only between hands, before the match is over, and from a score short
    /// of the target, since the match ends only as a hand closes. `seats` are the
    /// players there before them.
    pub(crate) fn add_seat(&mut self, seats: usize, score: i64) -> Result<(), RummyError> {
        if self.finished() {
            return Err(RummyError::JoinAfterEnd);
        }
        self.join()?;
        if score >= self.reaches() || score <= -self.reaches() {
            return Err(RummyError::BadStart {
                score,
                target: self.target,
            });
        }
        self.rounds.seat(seats);
        self.rounds
            .join(score)
            .map_err(|MidRound| RummyError::JoinMidHand)
    }

    #[cfg(test)]
    /// The score each seat started from (0 for the players who began the match).
    pub(crate) fn starts(&self, players: usize) -> Vec<i64> {
        (0..players)
            .map(|s| self.rounds.starts().get(s).copied().unwrap_or(0))
            .collect()
    }

    /// Refuses anything more once the match is over, naming who won.
    pub(crate) fn check_open(&self, players: &[String]) -> Result<(), RummyError> {
        if !self.finished() {
            return Ok(());
        }
        let winners = self.winners(players.len());
        let totals = self.totals(players.len());
        let names: Vec<&str> = winners
            .iter()
            .filter_map(|w| players.get(*w).map(String::as_str))
            .collect();
        let best = winners.first().and_then(|w| totals.get(*w)).unwrap_or(&0);
        let verb = if names.len() > 1 {
            "tied on"
        } else {
            "won with"
        };
        Err(RummyError::MatchOver {
            winners: format!("{} {verb} {best}", and_names(&names)),
        })
    }

    /// Applies one event, or refuses it and changes nothing.
    pub(crate) fn apply(&mut self, players: &[String], event: &Event) -> Result<(), RummyError> {
        self.check_open(players)?;
        self.rounds.seat(players.len());
        if self.open().seats() >= players.len() {
            return self.apply_open(players, event);
        }
        // The hand's first entry, or the first after a player joined: every player is
        // seated, and taken back with the entry if it is refused.
        let mut seated = self.open().clone();
        seated.seat_all(players.len());
        let was = std::mem::replace(self.rounds.open_mut(), seated);
        self.apply_open(players, event)
            .inspect_err(|_| *self.rounds.open_mut() = was)
    }

    /// Applies one event to the open hand (every player seated) in place. Each of the
    /// hand's entries checks everything before it changes anything, so a refusal leaves
    /// the match as it was without a copy of the hand for every entry.
    fn apply_open(&mut self, players: &[String], event: &Event) -> Result<(), RummyError> {
        let open_number = self.hand_number();
        let hand = self.rounds.open_mut();
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
                if let Some((expected, last, number)) = self.next_dealer(players.len())
                    && expected != seat
                {
                    return Err(RummyError::WrongDealer {
                        expected: name_of(players, expected),
                        last: name_of(players, last),
                        hand: number,
                    });
                }
                self.rounds
                    .open_mut()
                    .deal(seat, *up, players.len(), open_number, self.dealt)?;
            }
            Event::Drew { player, card } => {
                let seat = seat_of(players, player)?;
                hand.draw(seat, *card, players)?;
            }
            Event::Discarded { player, card } => {
                let seat = seat_of(players, player)?;
                hand.discard(seat, *card, players)?;
            }
            Event::MatchFinished { hands } => {
                if !hand.is_empty() {
                    return Err(RummyError::FinishMidHand { hand: open_number });
                }
                if self.closed().is_empty() {
                    return Err(RummyError::FinishEmpty);
                }
                let closed = self.rounds.closed_count();
                if *hands != closed {
                    return Err(RummyError::WrongHand {
                        hand: *hands,
                        open: self.hand_number(),
                    });
                }
                self.finished_early = true;
                return Ok(());
            }
            Event::TargetSet { target } => {
                if *target == 0 || *target > MAX_TARGET {
                    return Err(RummyError::BadTarget(u64::from(*target)));
                }
                let totals = self.totals(players.len());
                if let Some((seat, total)) = totals
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| **t >= i64::from(*target))
                    .max_by_key(|(_, t)| **t)
                {
                    return Err(RummyError::TargetReached {
                        target: *target,
                        player: name_of(players, seat),
                        total: *total,
                    });
                }
                self.target = *target;
                return Ok(());
            }
            Event::HandEnded { hand: number } => {
                let open = open_number;
                if *number != open {
                    return Err(RummyError::WrongHand {
                        hand: *number,
                        open,
                    });
                }
                hand.check_complete(players)?;
                self.rounds.close(&());
                return Ok(());
            }
        }
        Ok(())
    }

    /// `discard? CARD`: whether a run on the table could take the card, which the sheet
    /// says forbids discarding it.
    pub(crate) fn discard(&self, card: Card, players: &[String]) -> Result<Discard, RummyError> {
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
