//! What a scorekeeper types after each TAKE rummy verb, turned into an event (or, for
//! `discard?`, an answer), given the match as it stands.
//!
//! The parsers judge what can be judged from the words alone (cards, runs, which run a
//! take names, what the take makes) and store runs resolved: in order, each joker with
//! its meaning. Whether an entry fits the hand (a card already placed, a second entry)
//! is [`Match::apply`]'s to say; the core dry-runs it before recording.
//!
//! Syntax:
//! - `laid PLAYER RUN[, RUN ...]` or `laid PLAYER -`: commas separate runs, so a run's
//!   cards are separated by spaces (`laid alice 5C 6C 7C, QH KH AH`).
//! - `held PLAYER CARDS` or `held PLAYER -`.
//! - `lay PLAYER CARDS`: one run.
//! - `take PLAYER CARDS onto OWNER[:N] [OWNER[:N]]`: `alice` alone names alice's only
//!   run; `alice:2` her second. Two runs make a double take.
//! - `end`; `discard? CARD`.

use super::error::RummyError;
use super::event::{Event, RunRef};
use super::state::{Discard, Match, judge_runs, seat_of};
use super::takes::take;
use crate::games::take_rummy::cards::{Typed, parse_cards, parse_typed};

/// A verb's parser: its arguments, the match, the players.
pub type Parser = fn(&str, &Match, &[String]) -> Result<Event, RummyError>;

/// The verbs that record, with their parsers.
pub const EVENT_VERBS: &[(&str, Parser)] = &[
    ("laid", parse_laid),
    ("held", parse_held),
    ("lay", parse_lay),
    ("take", parse_take),
    ("end", parse_end),
];

/// Parses any recording verb.
pub fn parse_event(
    verb: &str,
    args: &str,
    state: &Match,
    players: &[String],
) -> Result<Event, RummyError> {
    let (_, parse) = EVENT_VERBS
        .iter()
        .find(|(v, _)| *v == verb)
        .ok_or_else(|| RummyError::Usage(format!("{verb} is not a TAKE rummy entry")))?;
    parse(args, state, players)
}

/// Splits `PLAYER REST` and finds the player (ignoring case); `usage` when missing.
fn player_and_rest<'a>(
    args: &'a str,
    players: &[String],
    usage: &str,
) -> Result<(String, &'a str), RummyError> {
    let args = args.trim();
    let (name, rest) = match args.split_once(char::is_whitespace) {
        Some((p, rest)) => (p, rest.trim()),
        None => (args, ""),
    };
    if name.is_empty() {
        return Err(RummyError::Usage(usage.into()));
    }
    let seat = seat_of(players, name)?;
    let player = players.get(seat).cloned().unwrap_or_default();
    if rest.is_empty() {
        return Err(RummyError::Usage(usage.replace("PLAYER", &player)));
    }
    Ok((player, rest))
}

const LAID: &str = "laid needs the player and the runs, e.g. laid PLAYER 5C 6C 7C, QH KH AH (commas between runs), or laid PLAYER - for none";
const HELD: &str =
    "held needs the player and the cards, e.g. held PLAYER 5C QS JK, or held PLAYER - for none";
const LAY: &str = "lay needs the player and the run's cards, e.g. lay PLAYER 5C 6C 7C";
const TAKE: &str = "take needs the cards and the run they go onto: take PLAYER CARDS onto OWNER[:N], e.g. take PLAYER 8C onto alice, or take PLAYER 6D onto alice:1 bob:1 for a double take";

/// `laid PLAYER RUN[, RUN ...]` or `laid PLAYER -`.
pub fn parse_laid(args: &str, _state: &Match, players: &[String]) -> Result<Event, RummyError> {
    let (player, rest) = player_and_rest(args, players, LAID)?;
    if rest == "-" {
        return Ok(Event::Laid {
            player,
            runs: Vec::new(),
        });
    }
    let mut typed = Vec::new();
    for part in rest.split(',') {
        if part.trim().is_empty() {
            return Err(RummyError::Usage(format!(
                "an empty run between commas: {}",
                LAID.replace("PLAYER", &player)
            )));
        }
        typed.push(parse_typed(part)?);
    }
    let runs = judge_runs(&player, &typed)?;
    Ok(Event::Laid {
        player,
        runs: runs.iter().map(|r| r.typed()).collect(),
    })
}

/// `held PLAYER CARDS` or `held PLAYER -`.
pub fn parse_held(args: &str, _state: &Match, players: &[String]) -> Result<Event, RummyError> {
    let (player, rest) = player_and_rest(args, players, HELD)?;
    let cards = if rest == "-" {
        Vec::new()
    } else {
        parse_cards(rest)?
    };
    Ok(Event::Held { player, cards })
}

/// `lay PLAYER CARDS`: one new run.
pub fn parse_lay(args: &str, _state: &Match, players: &[String]) -> Result<Event, RummyError> {
    let (player, rest) = player_and_rest(args, players, LAY)?;
    let typed = parse_typed(rest)?;
    let mut runs = judge_runs(&player, std::slice::from_ref(&typed))?;
    let run = runs.pop().map(|r| r.typed()).unwrap_or(typed);
    Ok(Event::Melded { player, run })
}

/// `take PLAYER CARDS onto OWNER[:N] [OWNER[:N]]`.
pub fn parse_take(args: &str, state: &Match, players: &[String]) -> Result<Event, RummyError> {
    let (player, rest) = player_and_rest(args, players, TAKE)?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let onto = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("onto"))
        .ok_or_else(|| RummyError::Usage(TAKE.replace("PLAYER", &player)))?;
    let (cards, targets) = words.split_at(onto);
    if cards.is_empty() {
        return Err(RummyError::Take(super::takes::TakeError::NoCards));
    }
    let cards = parse_typed(&cards.join(" "))?;
    let from: Vec<RunRef> = targets
        .iter()
        .skip(1)
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("and"))
        .map(|w| run_ref(w, state, players))
        .collect::<Result<_, _>>()?;
    if from.is_empty() {
        return Err(RummyError::Usage(TAKE.replace("PLAYER", &player)));
    }
    let seats: Vec<(usize, u32)> = from
        .iter()
        .map(|r| Ok((seat_of(players, &r.owner)?, r.run)))
        .collect::<Result<_, RummyError>>()?;
    let runs = state.open().runs_named(&seats, players)?;
    let took = take(&runs, &cards)?;
    Ok(Event::Taken {
        player,
        cards: took.added.iter().map(|s| s.typed()).collect::<Vec<Typed>>(),
        from,
    })
}

/// `OWNER` (their only run) or `OWNER:N`.
fn run_ref(text: &str, state: &Match, players: &[String]) -> Result<RunRef, RummyError> {
    let (name, number) = match text.split_once(':') {
        Some((name, n)) => {
            let number = n.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                RummyError::Usage(format!(
                    "{text:?} does not name a run: write OWNER:N with N from 1, e.g. {name}:1"
                ))
            })?;
            (name, Some(number))
        }
        None => (text, None),
    };
    let seat = seat_of(players, name)?;
    let owner = players.get(seat).cloned().unwrap_or_default();
    let run = match number {
        Some(n) => n,
        None => match state.open().table().runs_of(seat).len() {
            0 => return Err(RummyError::NoRuns { player: owner }),
            1 => 1,
            count => {
                return Err(RummyError::WhichRun {
                    runs: state.open().table().named(seat, &owner),
                    player: owner,
                    count,
                });
            }
        },
    };
    Ok(RunRef { owner, run })
}

/// `end`: close the open hand.
pub fn parse_end(args: &str, state: &Match, _players: &[String]) -> Result<Event, RummyError> {
    if !args.trim().is_empty() {
        return Err(RummyError::Usage(
            "end takes no arguments: it closes the open hand".into(),
        ));
    }
    Ok(Event::HandEnded {
        hand: state.hand_number(),
    })
}

/// `discard? CARD`: may the card be discarded, or could a run on the table take it?
pub fn parse_discard(args: &str, state: &Match, players: &[String]) -> Result<Discard, RummyError> {
    match parse_cards(args)?.as_slice() {
        [card] => state.discard(*card, players),
        _ => Err(RummyError::Usage(
            "discard? takes one card, e.g. discard? 8C".into(),
        )),
    }
}
