//! Bust's rules: one score a player a round, the round closes once everyone scored.

use umpire::contract::{Engine, Refusal, Roster, Rounds};

use super::{Bust, BustEvent, BustOptions, BustState, over};

impl Engine for Bust {
    const PERIOD: Option<&'static str> = Some("round");

    type State = BustState;
    type Event = BustEvent;

    fn start(_: &BustOptions, players: usize) -> BustState {
        BustState {
            rounds: Rounds::new(players),
        }
    }

    fn apply(
        state: &mut BustState,
        options: &BustOptions,
        roster: &Roster,
        event: &BustEvent,
    ) -> Result<(), Refusal> {
        if over(state, options) {
            return Err(Refusal::new("the match is over"));
        }
        match event {
            BustEvent::Scored { player, points } => {
                let i = roster.find(player)?;
                if !(0..=100).contains(points) {
                    return Err(Refusal::input("a score is 0 to 100"));
                }
                let number = state.rounds.number();
                match state.rounds.open_mut().0.get_mut(i) {
                    Some(slot @ None) => {
                        *slot = Some(*points);
                        Ok(())
                    }
                    Some(Some(_)) => Err(Refusal::new(format!(
                        "{player} has a score this round: fix it with fix {number} got {player} N"
                    ))),
                    None => Err(Refusal::new(format!("{player} was not playing"))),
                }
            }
            BustEvent::RoundEnded { round } => {
                if *round != state.rounds.number() {
                    return Err(Refusal::new(format!("round {round} is not the open one")));
                }
                if state.rounds.open().0.iter().any(Option::is_none) {
                    return Err(Refusal::new("everyone needs a score first"));
                }
                state.rounds.close(&());
                Ok(())
            }
        }
    }

    fn add_player(state: &mut BustState, _: &BustOptions, score: i64) -> Result<(), Refusal> {
        state
            .rounds
            .join(score)
            .map_err(|_| Refusal::new("a player joins between rounds"))
    }

    fn closed(state: &BustState) -> u32 {
        state.rounds.closed_count()
    }
}
