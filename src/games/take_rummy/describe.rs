//! Events in words, as the prompt confirms them and `history` lists them: "bob takes
//! alice's 5C 6C 7C with 8C: 5C-8C, 20 (run A)". Each event is described against the
//! match as it stood just before the event was applied; what the event leaves (a card
//! count, whose turn) is read from a copy of the open hand with the event played on it.

use super::event::{Event, RunRef};
use super::hand::{Hand, and_names, cards_text};
use super::runs::{cards_value, judge};
use super::state::{Match, seat_of};
use super::takes::take;
use super::turns::{Drawn, Turns};
use crate::games::take_rummy::cards::{Typed, show};

/// One line saying what `event` recorded, given the match before it and the cards
/// dealt each.
pub(super) fn describe_event(
    event: &Event,
    state: &Match,
    players: &[String],
    dealt: u32,
) -> String {
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
            let label = state.open().table().next_label();
            let mut after = state.open().clone();
            let left = seat_of(players, player).ok().and_then(|seat| {
                let run = judged.clone()?;
                after.meld(seat, run, players).ok()?;
                left_after(&after, seat, player, players)
            });
            format!(
                "{player} lays {}: {value}{locked} (run {label}){}",
                show(run),
                left.unwrap_or_default()
            )
        }
        Event::Taken {
            player,
            cards,
            from,
        } => describe_take(player, cards, from, state, players),
        Event::Dealt { dealer, up } => {
            let first = seat_of(players, dealer)
                .ok()
                .and_then(|d| players.get((d + 1) % players.len().max(1)))
                .map_or_else(String::new, |p| format!("; {p} plays first"));
            format!(
                "{dealer} deals hand {}, {} cards each; {up} turned up{first}",
                state.number(),
                dealt
            )
        }
        Event::Drew { player, card } => {
            let mut after = state.open().clone();
            let Ok(seat) = seat_of(players, player) else {
                return format!("{player} draws");
            };
            let how = match after.draw(seat, *card, players) {
                Ok(Drawn::Stock) => "draws from the stock".to_string(),
                Ok(Drawn::Turned(n)) => format!(
                    "draws from the stock (the discard pile's {} under its top turned over as the stock)",
                    crate::text::count(n as i64, "card", "cards")
                ),
                Ok(Drawn::Pile(c)) => format!("takes {c} from the discard pile"),
                Err(_) => match card {
                    Some(c) => format!("takes {c} from the discard pile"),
                    None => "draws from the stock".to_string(),
                },
            };
            let holds = after
                .turns()
                .map(|t| format!(": {}", holding(t.count(seat))))
                .unwrap_or_default();
            format!("{player} {how}{holds}")
        }
        Event::Discarded { player, card } => {
            let mut after = state.open().clone();
            let Ok(seat) = seat_of(players, player) else {
                return format!("{player} discards {card}");
            };
            match after.discard(seat, *card, players) {
                Ok(true) => {
                    let others: Vec<&str> = (0..after.seats())
                        .filter(|s| after.held(*s).is_none())
                        .filter_map(|s| players.get(s).map(String::as_str))
                        .collect();
                    let then = if others.is_empty() {
                        "`end` closes the hand".to_string()
                    } else {
                        format!("held cards wanted from {}, then `end`", and_names(&others))
                    };
                    format!("{player} discards {card}, their last card: {player} goes out; {then}")
                }
                Ok(false) => {
                    let next = after
                        .turns()
                        .map(|t| next_up(t, players))
                        .unwrap_or_default();
                    let left = after
                        .turns()
                        .map(|t| holding(t.count(seat)))
                        .unwrap_or_default();
                    format!("{player} discards {card}: {left}{next}")
                }
                Err(_) => format!("{player} discards {card}"),
            }
        }
    }
}

/// "holds 6 cards", "holds 1 card".
fn holding(count: u32) -> String {
    format!(
        "holds {}",
        crate::text::count(i64::from(count), "card", "cards")
    )
}

/// "; ben to draw".
fn next_up(turns: &Turns, players: &[String]) -> String {
    let who = players.get(turns.turn()).map_or("?", String::as_str);
    let floater = if turns.is_floater(turns.turn()) {
        " (a floater: from the stock)"
    } else {
        ""
    };
    format!("; {who} to draw{floater}")
}

/// What a lay or take leaves in a dealt hand: "; ann holds 4 cards", or that they float.
fn left_after(after: &Hand, seat: usize, player: &str, players: &[String]) -> Option<String> {
    let turns = after.turns()?;
    Some(match turns.count(seat) {
        0 => format!(
            "; {player} has no cards left: a floater{}",
            next_up(turns, players)
        ),
        n => format!("; {player} {}", holding(n)),
    })
}

fn describe_take(
    player: &str,
    cards: &[Typed],
    from: &[RunRef],
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
    let Ok((spots, runs)) = state.open().runs_named(from, players) else {
        return plain();
    };
    let Ok(took) = take(&runs, cards) else {
        return plain();
    };
    let whose: Vec<String> = spots
        .iter()
        .zip(&runs)
        .map(|(spot, run)| {
            if spot.seat == taker {
                format!("their own {run}")
            } else {
                let owner = players.get(spot.seat).map_or("?", String::as_str);
                format!("{owner}'s {run}")
            }
        })
        .collect();
    let table = state.open().table();
    let label = spots
        .iter()
        .filter_map(|s| table.label(*s))
        .min()
        .map_or_else(String::new, |l| format!(" (run {l})"));
    let mut after = state.open().clone();
    let left = after
        .take(taker, from, cards, players)
        .ok()
        .and_then(|_| left_after(&after, taker, player, players))
        .unwrap_or_default();
    let locked = if took.run.is_locked() { ", locked" } else { "" };
    let made = format!(
        "{}, {}{locked}{label}{left}",
        took.run.span(),
        took.run.value()
    );
    // Cards added to one's own run are added, not taken: "ann adds 8C to their 5C 6C
    // 7C"; two of one's own joined are joined.
    if spots.iter().all(|spot| spot.seat == taker) {
        let runs: Vec<String> = runs.iter().map(ToString::to_string).collect();
        return match runs.as_slice() {
            [one] => format!("{player} adds {} to their {one}: {made}", show(&took.added)),
            _ => format!(
                "{player} joins their {} with {}: {made}",
                and_names(&runs),
                show(&took.added)
            ),
        };
    }
    format!(
        "{player} takes {} with {}: {made}",
        and_names(&whose),
        show(&took.added)
    )
}
