//! What the core shows of a race: each score in words, the standings with a mark a
//! turn, the track as the game's table, and the turn about to be played.

use umpire::contract::standings::best;
use umpire::contract::{Block, Mark, Progress, Scene, Show, Standings, TableView, Unit};

use super::{Race, RaceEvent, over};

impl Show for Race {
    fn describe(event: &RaceEvent, before: &Scene<'_, Self>) -> String {
        let RaceEvent::Scored { player, points } = event;
        let (roster, before) = (before.roster, before.state);
        let had = roster
            .find(player)
            .ok()
            .and_then(|i| before.totals.get(i).copied())
            .unwrap_or(0);
        format!("{player} +{points} (now {})", had + points)
    }

    fn standings(scene: &Scene<'_, Self>) -> Standings {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let finished = over(state, options);
        let mut marks = vec![Mark {
            label: "0".into(),
            totals: vec![Some(0); roster.len()],
        }];
        for (k, totals) in state.history.iter().enumerate() {
            marks.push(Mark {
                label: format!("t{}", k + 1),
                totals: totals.iter().map(|t| Some(*t)).collect(),
            });
        }
        Standings {
            players: roster.names().to_vec(),
            unit: Unit::CHIPS,
            lowest_wins: false,
            totals: state.totals.clone(),
            starts: vec![0; roster.len()],
            running: state.totals.clone(),
            periods: None,
            marks,
            ranked: !state.history.is_empty(),
            finished,
            winners: if finished {
                best(&state.totals, false)
            } else {
                Vec::new()
            },
            status: format!("racing to {}", options.target),
            figures: Vec::new(),
            target: None,
        }
    }

    fn table(scene: &Scene<'_, Self>) -> TableView {
        let (state, roster) = (scene.state, scene.roster);
        TableView {
            blocks: vec![Block::Grid {
                title: "the track".into(),
                headers: vec!["runner".into(), "at".into()],
                rows: roster
                    .names()
                    .iter()
                    .zip(&state.totals)
                    .map(|(n, t)| vec![n.clone(), t.to_string()])
                    .collect(),
            }],
        }
    }

    fn progress(scene: &Scene<'_, Self>) -> Progress {
        let (state, options) = (scene.state, scene.options);
        let n = state.history.len() as u32 + 1;
        Progress {
            label: if over(state, options) {
                "over".into()
            } else {
                format!("t{n}")
            },
            number: n,
        }
    }
}
