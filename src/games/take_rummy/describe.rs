//! Events in words, as the prompt confirms them and `history` lists them: "bob takes
//! alice's 5C 6C 7C with 8C: 5C-8C, 20 (bob:1)". Each event is described against the
//! match as it stood just before the event was applied.

use super::event::Event;
use super::hand::{and_names, cards_text};
use super::runs::{cards_value, judge};
use super::state::{Match, seat_of};
use super::takes::take;
use crate::games::take_rummy::cards::show;

/// One line saying what `event` recorded, given the match before it.
pub(super) fn describe_event(event: &Event, state: &Match, players: &[String]) -> String {
    match event {
        Event::Laid { player, runs } if runs.is_empty() => format!("{player} laid nothing: 0"),
        Event::Laid { player, runs } => {
            let judged: Vec<_> = runs.iter().filter_map(|r| judge(r).ok()).collect();
            let total: u32 = judged.iter().map(|r| r.value()).sum();
            let each: Vec<String> = judged
                .iter()
                .map(|r| {
                    let locked = if r.is_locked() { ", locked" } else { "" };
                    format!("{r} ({}{locked})", r.value())
                })
                .collect();
            format!("{player} laid {}: {total}", each.join(", "))
        }
        Event::Held { player, cards } if cards.is_empty() => format!("{player} held nothing: 0"),
        Event::Held { player, cards } => {
            format!(
                "{player} held {}: -{}",
                cards_text(cards),
                cards_value(cards)
            )
        }
        Event::Melded { player, run } => {
            let judged = judge(run).ok();
            let value = judged.as_ref().map_or(0, |r| r.value());
            let locked = if judged.as_ref().is_some_and(|r| r.is_locked()) {
                ", locked"
            } else {
                ""
            };
            let number =
                seat_of(players, player).map_or(0, |s| state.open().table().runs_of(s).len()) + 1;
            format!(
                "{player} lays {}: {value}{locked} ({player}:{number})",
                show(run)
            )
        }
        Event::Taken {
            player,
            cards,
            from,
        } => describe_take(player, cards, from, state, players),
        Event::HandEnded { hand } => {
            let open = state.open();
            let scores: Vec<String> = (0..open.seats().max(players.len()))
                .filter_map(|s| {
                    let name = players.get(s)?;
                    Some(format!("{name} {}", open.score(s)?))
                })
                .collect();
            if scores.is_empty() {
                format!("hand {hand} closed")
            } else {
                format!("hand {hand} closed: {}", scores.join(", "))
            }
        }
    }
}

fn describe_take(
    player: &str,
    cards: &[crate::games::take_rummy::cards::Typed],
    from: &[super::event::RunRef],
    state: &Match,
    players: &[String],
) -> String {
    let plain = || {
        let names: Vec<String> = from.iter().map(ToString::to_string).collect();
        format!("{player} takes {} with {}", and_names(&names), show(cards))
    };
    let Ok(taker) = seat_of(players, player) else {
        return plain();
    };
    let Ok(seats) = from
        .iter()
        .map(|r| seat_of(players, &r.owner).map(|s| (s, r.run)))
        .collect::<Result<Vec<_>, _>>()
    else {
        return plain();
    };
    let table = state.open().table();
    let Ok(runs) = state.open().runs_named(&seats, players) else {
        return plain();
    };
    let Ok(took) = take(&runs, cards) else {
        return plain();
    };
    let whose: Vec<String> = seats
        .iter()
        .zip(&runs)
        .map(|((seat, _), run)| {
            if *seat == taker {
                format!("their own {run}")
            } else {
                let owner = players.get(*seat).map_or("?", String::as_str);
                format!("{owner}'s {run}")
            }
        })
        .collect();
    let own_taken = seats.iter().filter(|(s, _)| *s == taker).count();
    let number = table.runs_of(taker).len() - own_taken.min(table.runs_of(taker).len()) + 1;
    let locked = if took.run.is_locked() { ", locked" } else { "" };
    format!(
        "{player} takes {} with {}: {}, {}{locked} ({player}:{number})",
        and_names(&whose),
        show(&took.added),
        took.run.span(),
        took.run.value()
    )
}
