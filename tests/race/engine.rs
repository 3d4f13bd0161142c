//! Race's rules: a score is added to a total, until someone reaches the target.

use umpire::contract::{Engine, Refusal, Roster};

use super::{Race, RaceEvent, RaceOptions, RaceState, over};

impl Engine for Race {
    type State = RaceState;
    type Event = RaceEvent;

    fn start(_: &RaceOptions, players: usize) -> RaceState {
        RaceState {
            totals: vec![0; players],
            history: Vec::new(),
        }
    }

    fn apply(
        state: &mut RaceState,
        options: &RaceOptions,
        roster: &Roster,
        event: &RaceEvent,
    ) -> Result<(), Refusal> {
        if over(state, options) {
            return Err(Refusal::new("the race is over"));
        }
        let RaceEvent::Scored { player, points } = event;
        let i = roster.find(player)?;
        if let Some(t) = state.totals.get_mut(i) {
            *t += points;
        }
        state.history.push(state.totals.clone());
        Ok(())
    }

    fn add_player(state: &mut RaceState, _: &RaceOptions, score: i64) -> Result<(), Refusal> {
        state.totals.push(score);
        Ok(())
    }
}
