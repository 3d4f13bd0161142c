//! What the core shows of Bust: each entry in words, the standings a column a round.

use umpire::contract::{EntryStatus, Period, Progress, Round as _, Scene, Show, Standings, Unit};

use super::{BUST, Bust, BustEvent, Round, over};

impl Show for Bust {
    fn describe(event: &BustEvent, _: &Scene<'_, Self>) -> String {
        match event {
            BustEvent::Scored { player, points } if *points > BUST => {
                format!("{player} {points}: bust")
            }
            BustEvent::Scored { player, points } => format!("{player} {points}"),
            BustEvent::RoundEnded { round } => format!("round {round} closed"),
        }
    }

    fn standings(scene: &Scene<'_, Self>) -> Standings {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let base = Standings {
            finished: over(state, options),
            status: format!("round {} of {}", state.rounds.number(), options.rounds),
            ..Standings::new(roster.names().to_vec(), Unit::POINTS, false)
        };
        state.rounds.standings(&(), base, "round", "", period)
    }

    fn progress(scene: &Scene<'_, Self>) -> Progress {
        let number = scene.state.rounds.number();
        let over = over(scene.state, scene.options);
        let label = if over {
            "over".into()
        } else {
            format!("r{number}")
        };
        Progress { label, number }
    }
}

/// One round as the standings show it: each seat's points (0 for a bust) and entry.
fn period(number: u32, round: &Round, _closed: bool) -> Period {
    let entry = |p: &Option<i64>| {
        if p.is_some() {
            EntryStatus::Done
        } else {
            EntryStatus::Waiting
        }
    };
    Period {
        number,
        points: (0..round.0.len()).map(|s| round.points(s, &())).collect(),
        entries: round.0.iter().map(entry).collect(),
        columns: Vec::new(),
        details: round
            .0
            .iter()
            .map(|p| p.map(|p| p.to_string()).unwrap_or_default())
            .collect(),
    }
}
