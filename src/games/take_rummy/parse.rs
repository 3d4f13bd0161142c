//! What a scorekeeper types after each TAKE rummy verb, turned into an event (or, for
//! `discard?`, an answer), given the match as it stands.
//!
//! The parsers judge what can be judged from the words alone (cards, runs, which run a
//! take names, what the take makes) and store runs resolved: in order, each joker with
//! its meaning. Whether an entry fits the hand (a card already placed, a second entry)
//! is [`Match::apply`]'s to say; the core dry-runs it before recording. One thing of
//! the hand comes first: a card typed that the hand already places elsewhere is
//! refused as that before the cards are judged as a run, since a run that cannot be
//! is most often one card mistyped (`lay ruth 3C 4C 5C 6C 7C KC`, KC in run A).
//!
//! Syntax:
//! - `laid PLAYER RUN[, RUN ...]` or `laid PLAYER -` (or `none`): commas separate runs, so a run's
//!   cards are separated by spaces (`laid alice 5C 6C 7C, QH KH AH`).
//! - `held PLAYER CARDS` or `held PLAYER -` (or `none`).
//! - `lay PLAYER CARDS`: one run.
//! - `take PLAYER CARDS onto RUN [RUN ...]`: a run by its label (`A`, `run A`), by a
//!   card of it (`7D`, `4S-8S`, `the run with 7D`), or by its owner when they have one
//!   (`alice`, `alice's run`; `alice:2`, her second, is still read). Several runs make
//!   one take that joins them (`onto A and B`).
//! - `deal PLAYER CARD`, `draw PLAYER [CARD]`, `discard PLAYER CARD`: the turns; a draw
//!   may say `stock` or `pile` (`from the pile`), the pile meaning its top card.
//! - `end`; `finish`; `target N`; `discard? CARD`.

use super::error::RummyError;
use super::event::{Event, RunRef};
use super::state::Rummy;
use super::state::{Discard, Match, judge_runs, seat_of};
use super::table::{Label, Spot};
use super::takes::take;
use crate::games::take_rummy::cards::{Card, Natural, Typed, parse_cards, parse_typed};

/// A verb's parser: its arguments, the match, the players.
pub(crate) type Parser = fn(&str, &Match, &[String]) -> Result<Event, RummyError>;

/// The verbs that record, with their parsers.
pub(crate) const EVENT_VERBS: &[(&str, Parser)] = &[
    ("laid", parse_laid),
    ("held", parse_held),
    ("lay", parse_lay),
    ("take", parse_take),
    ("deal", parse_deal),
    ("draw", parse_draw),
    ("discard", parse_discarded),
];

/// Parses any recording verb.
pub(crate) fn parse_event(
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
const TAKE: &str = "take needs the cards and the run they go onto: take PLAYER CARDS onto RUN, the run by its letter, a card of it or its owner, e.g. take PLAYER 8C onto A, take PLAYER 8C onto 5C-7C, or take PLAYER 6D onto A B to join two";
const DEAL: &str =
    "deal needs the dealer and the card turned up to start the discard pile, e.g. deal PLAYER 9C";
const DRAW: &str = "draw needs the player, and where from: draw PLAYER (or draw PLAYER stock) for the stock, draw PLAYER pile (or draw PLAYER 9C, naming it) for the discard pile's top";
const DISCARD: &str = "discard needs the player and one card, e.g. discard PLAYER 9C";

/// `laid PLAYER RUN[, RUN ...]` or `laid PLAYER -`.
pub(crate) fn parse_laid(
    args: &str,
    state: &Match,
    players: &[String],
) -> Result<Event, RummyError> {
    let (player, rest) = player_and_rest(args, players, LAID)?;
    if is_none(rest) {
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
    let seat = seat_of(players, &player)?;
    state
        .open()
        .placed_already(seat, &typed.concat(), players, true)?;
    let runs = judge_runs(&player, &typed)?;
    Ok(Event::Laid {
        player,
        runs: runs.iter().map(|r| r.typed()).collect(),
    })
}

/// Nothing, as typed for `laid` and `held`: `-`, `none` or `nothing`.
fn is_none(rest: &str) -> bool {
    ["-", "none", "nothing"]
        .iter()
        .any(|w| rest.trim().eq_ignore_ascii_case(w))
}

/// `held PLAYER CARDS` or `held PLAYER -` (or `none`).
pub(crate) fn parse_held(
    args: &str,
    _state: &Match,
    players: &[String],
) -> Result<Event, RummyError> {
    let (player, rest) = player_and_rest(args, players, HELD)?;
    let cards = if is_none(rest) {
        Vec::new()
    } else {
        parse_cards(rest)?
    };
    Ok(Event::Held { player, cards })
}

/// `lay PLAYER CARDS`: one new run.
pub(crate) fn parse_lay(
    args: &str,
    state: &Match,
    players: &[String],
) -> Result<Event, RummyError> {
    let (player, rest) = player_and_rest(args, players, LAY)?;
    let typed = parse_typed(rest)?;
    let seat = seat_of(players, &player)?;
    state.open().placed_already(seat, &typed, players, false)?;
    let mut runs = judge_runs(&player, std::slice::from_ref(&typed))?;
    let run = runs.pop().map(|r| r.typed()).unwrap_or(typed);
    Ok(Event::Melded { player, run })
}

/// `take PLAYER CARDS onto RUN [RUN ...]`: each run named by its label (`A`), a card
/// of it (`7D`, `4S-8S`), its owner when they have one run (`alice`), or the first
/// format's `alice:2`. The event names each run by a natural card it holds.
pub(crate) fn parse_take(
    args: &str,
    state: &Match,
    players: &[String],
) -> Result<Event, RummyError> {
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
    let from: Vec<RunRef> = run_names(targets.iter().skip(1).copied(), players)
        .iter()
        .map(|w| run_ref(w, state, players))
        .collect::<Result<_, _>>()?;
    if from.is_empty() {
        return Err(RummyError::Usage(TAKE.replace("PLAYER", &player)));
    }
    let (_, runs) = state.open().runs_named(&from, players)?;
    let took = match take(&runs, &cards) {
        // Cards that make no run with the runs named: one of them laid already is the
        // slip (a card in the runs named is the take's own refusal, `already-there`).
        Err(e @ super::takes::TakeError::NotARun { .. }) => {
            let seat = seat_of(players, &player)?;
            state.open().placed_already(seat, &cards, players, false)?;
            return Err(e.into());
        }
        took => took?,
    };
    Ok(Event::Taken {
        player,
        cards: took.added.iter().map(|s| s.typed()).collect::<Vec<Typed>>(),
        from,
    })
}

/// Words that only say "a run" when a table names one: `run A`, `ben's run`, `the run
/// with 8C`, `the runs of ann and ben`.
const RUN_FILLER: &[&str] = &[
    "the", "run", "runs", "with", "holding", "of", "that", "has", "his", "her", "their",
];

/// The words naming runs after `onto`, one word a run: a letter (`A`), a card or a range
/// of it (`8C`, `4S-8S`), an owner (`ben`, `ben:2`). Read as umpire names runs and as
/// players do: `run A`, `ben's run`, `the run with 8C`; commas and `and` between runs.
/// A word that is a player's name is always the player, never a filler; an owner said
/// beside a letter or a card of the same run (`ben's run A`) gives way to it.
pub(crate) fn run_names<'a>(
    words: impl Iterator<Item = &'a str>,
    players: &[String],
) -> Vec<String> {
    let is_player = |w: &str| players.iter().any(|p| crate::contract::same_name(p, w));
    let mut names = Vec::new();
    let mut phrase: Vec<(String, bool)> = Vec::new();
    let close = |phrase: &mut Vec<(String, bool)>, names: &mut Vec<String>| {
        let plain = phrase.iter().any(|(_, owner)| !owner);
        names.extend(
            phrase
                .drain(..)
                .filter(|(_, owner)| !plain || !owner)
                .map(|(w, _)| w),
        );
    };
    for word in words {
        for (i, part) in word.split(',').enumerate() {
            if i > 0 {
                close(&mut phrase, &mut names);
            }
            if part.is_empty() {
                continue;
            }
            if is_player(part) {
                phrase.push((part.to_string(), false));
                continue;
            }
            if part.eq_ignore_ascii_case("and") {
                close(&mut phrase, &mut names);
                continue;
            }
            if RUN_FILLER.iter().any(|f| part.eq_ignore_ascii_case(f)) {
                continue;
            }
            let owner = ["'s", "\u{2019}s", "'", "\u{2019}"]
                .iter()
                .find_map(|tail| part.strip_suffix(tail))
                .filter(|stem| !stem.is_empty());
            match owner {
                Some(stem) => phrase.push((stem.to_string(), true)),
                None => phrase.push((part.to_string(), false)),
            }
        }
    }
    close(&mut phrase, &mut names);
    names
}

/// A run on the table as a take names it, resolved to where it lies now.
fn find_run(text: &str, state: &Match, players: &[String]) -> Result<Spot, RummyError> {
    let hand = state.open();
    let table = hand.table();
    if let Some((name, n)) = text.split_once(':') {
        let number = n.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
            RummyError::Usage(format!(
                "{text:?} does not name a run: write OWNER:N with N from 1, e.g. {name}:1, or the run's letter"
            ))
        })?;
        let owner = players
            .get(seat_of(players, name)?)
            .cloned()
            .unwrap_or_default();
        return hand.find(&RunRef::Numbered { owner, run: number }, players);
    }
    let label = Label::parse(text);
    if let Some(spot) = label.and_then(|l| table.labelled(l)) {
        return Ok(spot);
    }
    if let Ok(seat) = seat_of(players, text) {
        let owner = players.get(seat).cloned().unwrap_or_default();
        return match table.runs_of(seat).len() {
            0 => Err(RummyError::NoRuns { player: owner }),
            1 => Ok(Spot { seat, index: 0 }),
            count => Err(RummyError::WhichRun {
                runs: table.named(Some(seat)),
                player: owner,
                count,
            }),
        };
    }
    if let Some(label) = label {
        return Err(RummyError::NoSuchLabel {
            label: label.to_string(),
            have: hand.runs_on_table(),
        });
    }
    let cards = parse_cards(text).map_err(|e| {
        if card_like(text) {
            RummyError::Card(e)
        } else {
            RummyError::UnreadRun {
                words: text.to_string(),
                have: hand.runs_on_table(),
            }
        }
    })?;
    let mut found: Option<(Natural, Spot)> = None;
    for card in cards {
        let Some(n) = card.natural() else {
            return Err(RummyError::JokerNamesNoRun(text.to_string()));
        };
        let spot = table.holding(n).ok_or_else(|| RummyError::NoRunHolding {
            card: n,
            have: hand.runs_on_table(),
        })?;
        match found {
            None => found = Some((n, spot)),
            Some((first, at)) if at != spot => {
                let name = |s: Spot| {
                    table
                        .label(s)
                        .map_or_else(String::new, |l| format!("run {l}"))
                };
                return Err(RummyError::SplitRange {
                    cards: text.to_string(),
                    first,
                    a: name(at),
                    second: n,
                    b: name(spot),
                });
            }
            Some(_) => {}
        }
    }
    found
        .map(|(_, spot)| spot)
        .ok_or_else(|| RummyError::JokerNamesNoRun(text.to_string()))
}

/// Whether a word that is not a card was meant as one (`7C-2S`, `11H`, `QX`): its
/// refusal is the card's. Other words (`blue`) name no run at all.
pub(crate) fn card_like(text: &str) -> bool {
    let chars: Vec<char> = text.chars().map(|c| c.to_ascii_uppercase()).collect();
    text.contains('-')
        || chars.iter().any(char::is_ascii_digit)
        || match chars.as_slice() {
            [rank, suit] => {
                "JQKAT".contains(*rank) || "CDHS\u{2663}\u{2666}\u{2665}\u{2660}".contains(*suit)
            }
            _ => false,
        }
}

/// A run a take names, stored by the lowest natural card it holds.
fn run_ref(text: &str, state: &Match, players: &[String]) -> Result<RunRef, RummyError> {
    let spot = find_run(text, state, players)?;
    state
        .open()
        .table()
        .get(spot)
        .and_then(|run| run.cards().find_map(|c| c.natural()))
        .map(|holding| RunRef::Holding { holding })
        .ok_or_else(|| RummyError::JokerNamesNoRun(text.to_string()))
}

/// `deal PLAYER CARD`: who deals, and the card turned up.
pub(crate) fn parse_deal(
    args: &str,
    _state: &Match,
    players: &[String],
) -> Result<Event, RummyError> {
    let (dealer, rest) = player_and_rest(args, players, DEAL)?;
    let up = one_card(rest, &DEAL.replace("PLAYER", &dealer))?;
    Ok(Event::Dealt { dealer, up })
}

/// `draw PLAYER` (the stock) or `draw PLAYER CARD` (the discard pile's top), said as
/// the table says them too: `draw ben stock`, `draw ben from the stock`, `draw ben pile`,
/// `draw ben from the discard pile` (the pile's top card, as umpire knows it), `draw
/// ben 9C from the pile`.
pub(crate) fn parse_draw(
    args: &str,
    state: &Match,
    players: &[String],
) -> Result<Event, RummyError> {
    let args = args.trim();
    let (name, rest) = match args.split_once(char::is_whitespace) {
        Some((p, rest)) => (p, rest.trim()),
        None => (args, ""),
    };
    if name.is_empty() {
        return Err(RummyError::Usage(DRAW.into()));
    }
    let player = players
        .get(seat_of(players, name)?)
        .cloned()
        .unwrap_or_default();
    let usage = || RummyError::Usage(DRAW.replace("PLAYER", &player));
    let (mut stock, mut pile) = (false, false);
    let mut cards: Vec<&str> = Vec::new();
    for word in rest.split_whitespace() {
        match word.to_ascii_lowercase().as_str() {
            "from" | "the" | "top" | "of" => {}
            "stock" | "deck" => stock = true,
            "pile" | "discard" | "discards" => pile = true,
            _ => cards.push(word),
        }
    }
    if stock && pile {
        return Err(usage());
    }
    let card = match (cards.is_empty(), stock, pile) {
        (true, _, false) => None,
        (false, true, _) => {
            return Err(RummyError::Usage(format!(
                "a draw from the stock names no card (it stays hidden): draw {player} stock, or draw {player} {} for the discard pile's top",
                cards.join(" ")
            )));
        }
        (false, _, _) => Some(one_card(
            &cards.join(" "),
            &DRAW.replace("PLAYER", &player),
        )?),
        (true, _, true) => Some(pile_top(state)?),
    };
    Ok(Event::Drew { player, card })
}

/// The top of the discard pile, for a draw that says "the pile" without the card.
fn pile_top(state: &Match) -> Result<Card, RummyError> {
    let turns = state.open().turns().ok_or(RummyError::NotDealt)?;
    turns.top().ok_or(RummyError::PileEmpty)
}

/// `discard PLAYER CARD`.
pub(crate) fn parse_discarded(
    args: &str,
    _state: &Match,
    players: &[String],
) -> Result<Event, RummyError> {
    let (player, rest) = player_and_rest(args, players, DISCARD)?;
    let card = one_card(rest, &DISCARD.replace("PLAYER", &player))?;
    Ok(Event::Discarded { player, card })
}

/// Exactly one card, no joker meaning.
fn one_card(text: &str, usage: &str) -> Result<Card, RummyError> {
    match parse_cards(text)?.as_slice() {
        [card] => Ok(*card),
        _ => Err(RummyError::Usage(usage.to_string())),
    }
}

/// `discard? CARD`: may the card be discarded, or could a run on the table take it?
pub(crate) fn parse_discard(
    args: &str,
    state: &Match,
    players: &[String],
) -> Result<Discard, RummyError> {
    match parse_cards(args)?.as_slice() {
        [card] => state.discard(*card, players),
        _ => Err(RummyError::Usage(
            "discard? takes one card, e.g. discard? 8C".into(),
        )),
    }
}

/// A joker whose card the typing leaves open: `JK QH KH` could be J-Q-K or Q-K-A.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OpenJoker {
    /// The cards as typed, for the message.
    pub(crate) typed: String,
    /// Each way the jokers could be read: their meanings (`JK=JH`) and the run's span.
    pub(crate) choices: Vec<(String, String)>,
    /// How umpire reads the typing when told nothing more (the first format's rule).
    pub(crate) read_as: String,
}

impl OpenJoker {
    /// "JK=JH (JH-KH) or JK=AH (QH-AH)".
    pub(crate) fn choices_text(&self) -> String {
        let each: Vec<String> = self
            .choices
            .iter()
            .map(|(jokers, span)| format!("{jokers} ({span})"))
            .collect();
        super::hand::and_names(&each).replace(" and ", " or ")
    }

    /// The refusal a script gets: it cannot answer a question.
    pub(crate) fn refusal(&self) -> RummyError {
        let example = self
            .choices
            .last()
            .map_or_else(String::new, |(jokers, _)| jokers.clone());
        RummyError::WhichJoker {
            cards: self.typed.clone(),
            choices: self.choices_text(),
            example: format!("{example} in place of JK"),
        }
    }
}

/// The jokers of `run` that `fixed` did not already place, as `JK=4C` words.
fn free_meanings(run: &super::runs::Run, fixed: &[Natural]) -> String {
    let words: Vec<String> = run
        .slots()
        .iter()
        .filter(|s| s.card.is_joker() && !fixed.contains(&s.stands_for))
        .map(|s| s.typed().to_string())
        .collect();
    words.join(" ")
}

/// The open joker of typed cards, if several runs fit them.
fn open_in(
    typed: &[Typed],
    readings: &[super::runs::Run],
    fixed: &[Natural],
    read_as: Option<&super::runs::Run>,
) -> Option<OpenJoker> {
    if readings.len() < 2 {
        return None;
    }
    Some(OpenJoker {
        typed: crate::games::take_rummy::cards::show(typed),
        choices: readings
            .iter()
            .map(|r| (free_meanings(r, fixed), r.span()))
            .collect(),
        read_as: read_as.map_or_else(String::new, |r| free_meanings(r, fixed)),
    })
}

/// Whether a `lay` or `take` line leaves a joker's card open (a `laid` line's joker
/// never matters: see below). Lines that do not
/// parse have no open joker (their refusal is the parser's to give).
pub(crate) fn open_joker(
    verb: &str,
    args: &str,
    state: &Match,
    players: &[String],
) -> Option<OpenJoker> {
    let (_, rest) = player_and_rest(args, players, "").ok()?;
    let typed_fixed = |typed: &[Typed]| -> Vec<Natural> {
        typed
            .iter()
            .filter_map(|t| match t {
                Typed::JokerAs(n) => Some(*n),
                Typed::Card(_) => None,
            })
            .collect()
    };
    match verb {
        // A `laid` run's joker scores 20 wherever it stands and a hand scored from
        // `laid` entries has no takes after it: umpire's reading is recorded unasked.
        "lay" => rest.split(',').find_map(|part| {
            let typed = parse_typed(part).ok()?;
            let readings = super::runs::typed_readings(&typed);
            let read_as = super::runs::judge(&typed).ok();
            open_in(&typed, &readings, &typed_fixed(&typed), read_as.as_ref())
        }),
        "take" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let onto = words.iter().position(|w| w.eq_ignore_ascii_case("onto"))?;
            let (cards, targets) = words.split_at(onto);
            let typed = parse_typed(&cards.join(" ")).ok()?;
            let from: Vec<RunRef> = run_names(targets.iter().skip(1).copied(), players)
                .iter()
                .map(|w| run_ref(w, state, players))
                .collect::<Result<_, _>>()
                .ok()?;
            let (_, runs) = state.open().runs_named(&from, players).ok()?;
            let readings = super::takes::readings(&runs, &typed);
            let mut fixed = typed_fixed(&typed);
            fixed.extend(runs.iter().flat_map(|r| r.jokers()));
            let read_as = take(&runs, &typed).ok().map(|t| t.run);
            open_in(&typed, &readings, &fixed, read_as.as_ref())
        }
        _ => None,
    }
}
