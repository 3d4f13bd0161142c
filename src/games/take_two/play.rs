//! How each Take Two event changes the match, and when the match is over.

use super::TakeTwoError;
use super::round::{Round, apply_entry};
use super::{Event, Options, State, TakeTwo};
use crate::contract::{Engine, Refusal, Roster};
use crate::text::and_list;

/// The match is decided: its rounds are played, someone reached the limit, or the
/// table finished it.
pub(super) fn finished(state: &State, options: &Options) -> bool {
    state.finished_after.is_some()
        || state
            .rounds
            .is_some_and(|k| state.closed.len() >= k as usize)
        || options
            .limit
            .is_some_and(|limit| state.totals.iter().any(|t| *t >= i64::from(limit)))
}

/// Adds a closed round's points to the totals.
fn add_round(totals: &mut [i64], round: &Round, options: &Options) {
    for (i, t) in totals.iter_mut().enumerate() {
        *t += round.points(i, &options.tiles).unwrap_or(0);
    }
}

/// `rounds N`: the match's length changes; a match that ended on its rounds goes on
/// when N is larger, and one whose table said `finish` stays finished.
fn set_rounds(state: &mut State, rounds: u32) -> Result<(), Refusal> {
    if state.finished_after.is_some() {
        return Err(TakeTwoError::FinishedByTable.into());
    }
    if !(1..=1000).contains(&rounds) {
        return Err(TakeTwoError::RoundsRange.into());
    }
    let closed = state.closed.len() as u32;
    if rounds < closed {
        return Err(TakeTwoError::ShorterThanPlayed { closed }.into());
    }
    state.rounds = Some(rounds);
    Ok(())
}

impl Engine for TakeTwo {
    const PERIOD: Option<&'static str> = Some("round");

    type State = State;
    type Event = Event;

    fn start(options: &Options, players: usize) -> State {
        State {
            closed: Vec::new(),
            open: Round::new(players),
            players,
            totals: vec![0; players],
            starts: vec![0; players],
            joined: vec![0; players],
            rounds: options.rounds,
            finished_after: None,
        }
    }

    fn apply(
        state: &mut State,
        options: &Options,
        roster: &Roster,
        event: &Event,
    ) -> Result<(), Refusal> {
        if let Event::RoundsSet { rounds } = event {
            return set_rounds(state, *rounds);
        }
        if finished(state, options) {
            let more = if state.rounds.is_some() && state.finished_after.is_none() {
                " (`rounds N` makes it longer)"
            } else {
                ""
            };
            return Err(TakeTwoError::MatchOver {
                more: more.to_string(),
            }
            .into());
        }
        let number = state.closed.len() as u32 + 1;
        match event {
            Event::RoundEnded { round } => {
                if *round != number {
                    return Err(TakeTwoError::NotTheOpenRound {
                        round: *round,
                        open: number,
                    }
                    .into());
                }
                let missing: Vec<&str> = (0..roster.len())
                    .filter(|i| state.open.finishes.get(*i).is_none_or(Option::is_none))
                    .map(|i| roster.name(i))
                    .collect();
                if !missing.is_empty() {
                    let verb = if missing.len() == 1 { "has" } else { "have" };
                    return Err(TakeTwoError::NoEntryYet {
                        names: and_list(&missing),
                        verb,
                    }
                    .into());
                }
                let next = Round::new(state.players);
                let done = std::mem::replace(&mut state.open, next);
                add_round(&mut state.totals, &done, options);
                state.closed.push(done);
                Ok(())
            }
            Event::MatchFinished { after } => {
                if !state.open.is_empty() {
                    return Err(TakeTwoError::FinishWithEntries { round: number }.into());
                }
                if state.closed.is_empty() {
                    return Err(TakeTwoError::NothingToFinish.into());
                }
                if *after as usize != state.closed.len() {
                    return Err(TakeTwoError::FinishOnlyAfter {
                        round: state.closed.len(),
                    }
                    .into());
                }
                state.finished_after = Some(state.closed.len());
                Ok(())
            }
            other => apply_entry(&mut state.open, number, options, roster, other),
        }
    }

    /// A player joins between rounds, from `score`.
    fn add_player(state: &mut State, _options: &Options, score: i64) -> Result<(), Refusal> {
        if !state.open.is_empty() {
            return Err(TakeTwoError::JoinMidRound.into());
        }
        state.players += 1;
        state.open = Round::new(state.players);
        state.totals.push(score);
        state.starts.push(score);
        state.joined.push(state.closed.len());
        Ok(())
    }

    fn closed(state: &State) -> u32 {
        u32::try_from(state.closed.len()).unwrap_or(u32::MAX)
    }
}
