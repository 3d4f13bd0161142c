//! How each Take Two event changes the match, and when the match is over.

use super::TakeTwoError;
use super::round::apply_entry;
use super::{Event, Options, State, TakeTwo};
use crate::contract::{Engine, MidRound, Refusal, Roster, Rounds};
use crate::text::and_list;

/// The match is decided: its rounds are played, someone reached the limit, or the
/// table finished it.
pub(super) fn finished(state: &State, options: &Options) -> bool {
    state.finished_after.is_some()
        || state.length.is_some_and(|k| state.play.closed_count() >= k)
        || options
            .limit
            .is_some_and(|limit| state.play.totals().iter().any(|t| *t >= i64::from(limit)))
}

/// `rounds N`: the match's length changes; a match that ended on its rounds goes on
/// when N is larger, and one whose table said `finish` stays finished.
fn set_rounds(state: &mut State, rounds: u32) -> Result<(), Refusal> {
    if state.finished_after.is_some() {
        return Err(TakeTwoError::FinishedByTable.into());
    }
    if !(1..=super::MAX_ROUNDS).contains(&i64::from(rounds)) {
        return Err(TakeTwoError::RoundsRange.into());
    }
    let closed = state.play.closed().len() as u32;
    if rounds < closed {
        return Err(TakeTwoError::ShorterThanPlayed { closed }.into());
    }
    state.length = Some(rounds);
    Ok(())
}

impl Engine for TakeTwo {
    const PERIOD: Option<&'static str> = Some("round");

    type State = State;
    type Event = Event;

    fn start(options: &Options, players: usize) -> State {
        State {
            play: Rounds::new(players),
            length: options.rounds,
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
            let more = if state.length.is_some() && state.finished_after.is_none() {
                " (`rounds N` makes it longer)"
            } else {
                ""
            };
            return Err(TakeTwoError::MatchOver {
                more: more.to_string(),
            }
            .into());
        }
        let number = state.play.closed().len() as u32 + 1;
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
                    .filter(|i| {
                        state
                            .play
                            .open()
                            .finishes
                            .get(*i)
                            .is_none_or(Option::is_none)
                    })
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
                state.play.close(&options.tiles);
                Ok(())
            }
            Event::MatchFinished { after } => {
                if !state.play.open().is_empty() {
                    return Err(TakeTwoError::FinishWithEntries { round: number }.into());
                }
                if state.play.closed().is_empty() {
                    return Err(TakeTwoError::NothingToFinish.into());
                }
                if *after as usize != state.play.closed().len() {
                    return Err(TakeTwoError::FinishOnlyAfter {
                        round: state.play.closed().len(),
                    }
                    .into());
                }
                state.finished_after = Some(state.play.closed().len());
                Ok(())
            }
            other => apply_entry(state.play.open_mut(), number, options, roster, other),
        }
    }

    /// A player joins between rounds, from `score`.
    fn add_player(state: &mut State, _options: &Options, score: i64) -> Result<(), Refusal> {
        state
            .play
            .join(score)
            .map_err(|MidRound| TakeTwoError::JoinMidRound.into())
    }

    fn closed(state: &State) -> u32 {
        state.play.closed_count()
    }
}
