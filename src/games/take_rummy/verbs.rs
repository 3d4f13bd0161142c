//! What a TAKE rummy scorekeeper types: the verb table for `help` and completion, each
//! verb turned into one event by the engine's parsers ([`super::parse`]), `fix` of a
//! closed hand, and the engine's errors turned into refusals of the right [`Kind`].
//!
//! Player names (the player, and the owners a take names) are found through the
//! session's roster before the engine parses the rest, so a misspelt name gets the
//! core's suggestion ("did you mean carol?") and names compare as the roster compares
//! them (Zoë and ZOË are one player). A run named after `onto` by its letter or its
//! cards is left for the engine, which knows the table.
//!
//! Three things are the prompt's rather than the engine's, because they depend on
//! who is typing: a joker the typing leaves open and an `end` with a player who has
//! no `laid` entry are asked about at a terminal (a script is refused and told the
//! explicit way, since nobody can answer); and a take refused for its cards is kept
//! as a ruling, as Word Taking keeps a refused word. The engine still accepts what a
//! log already holds, so old logs replay as they did.

use super::cards::{Card, Natural, Typed, parse_cards};
use super::error::RummyError;
use super::event::Event;
use super::game::TakeRummy;
use super::hand::and_names;
use super::parse::{OpenJoker, card_like, open_joker, parse_discard, parse_event, run_names};
use super::runs::{Run, judge, typed_readings};
use super::state::{Match, Rummy};
use super::table::Label;
use super::takes::TakeError;
use crate::contract::event::CoreEvent;
use crate::contract::{
    Action, Arg, Ask, Called, Ctx, Move, Plays, Refusal, Roster, RoundEvent, Ruling, Scene, Text,
    Verb,
};
use crate::lexicon::Verdict;
use crate::text::printable_text;

/// The game's verbs, in the order `help` lists them.
pub(super) const MOVES: &[Move<Plays<TakeRummy>>] = &[
    Move::entry(
        Verb {
            name: "laid",
            args: "PLAYER RUN[, RUN ...]",
            summary: "at the hand's end: the runs in front of the player, taken runs included (commas between runs, - or none for none); each is checked as a run",
            example: "laid alice 5C 6C 7C, QH KH AH",
            completes: &[Arg::Player, Arg::Own("held")],
            block: false,
        },
        recorded,
    ),
    Move::entry(
        Verb {
            name: "held",
            args: "PLAYER CARDS",
            summary: "at the hand's end: the cards left in the player's hand, counted against them (- or none for none)",
            example: "held bob 9S JK",
            completes: &[Arg::Player, Arg::Own("held")],
            block: false,
        },
        recorded,
    ),
    Move::life(Verb {
        name: "end",
        args: "",
        summary: "close the hand once every player has a held entry: each scores laid minus held",
        example: "end",
        completes: &[],
        block: false,
    }),
    Move::entry(
        Verb {
            name: "lay",
            args: "PLAYER CARDS",
            summary: "during play: a new run on the table (tracking the table; end then needs only held entries)",
            example: "lay alice 5C 6C 7C",
            completes: &[Arg::Player, Arg::Own("card")],
            block: false,
        },
        recorded,
    ),
    Move::entry(
        Verb {
            name: "take",
            args: "PLAYER CARDS onto RUN [RUN ...]",
            summary: "during play: cards from hand onto a run on the table, one's own or another's (the run moves to the taker); a run by its letter (A, run A), a card of it (7D, 4S-8S, the run with 7D) or its owner (bob, bob's run); name several runs to join them",
            example: "take bob 8C onto A",
            completes: &[Arg::Player, Arg::Own("take")],
            block: false,
        },
        recorded,
    ),
    Move::entry(
        Verb {
            name: "deal",
            args: "PLAYER CARD",
            summary: "the hand's first entry, to track turns: who deals and the card turned up to start the discard pile; 7 cards each (10 with --deal 10), the player after the dealer plays first",
            example: "deal alice 9C",
            completes: &[Arg::Player, Arg::Own("card")],
            block: false,
        },
        recorded,
    ),
    Move::entry(
        Verb {
            name: "draw",
            args: "PLAYER [CARD]",
            summary: "a turn's draw: from the stock (no card, or stock: it stays hidden), or the top of the discard pile (name it, or pile)",
            example: "draw bob 9C",
            completes: &[Arg::Player, Arg::Own("top")],
            block: false,
        },
        recorded,
    ),
    Move::entry(
        Verb {
            name: "discard",
            args: "PLAYER CARD",
            summary: "a turn's discard; refused for the card just taken from the discard pile or one a run on the table could take; the last card goes out",
            example: "discard bob 2H",
            completes: &[Arg::Player, Arg::Own("card")],
            block: false,
        },
        recorded,
    ),
    Move::entry(
        Verb {
            name: "discard?",
            args: "CARD",
            summary: "could the card be added to a run on the table? (the sheet forbids discarding it then); records nothing",
            example: "discard? 9C",
            completes: &[Arg::Own("card")],
            block: false,
        },
        discard_query,
    ),
    Move::life(Called::HAND.finish),
    Move::life(Called::HAND.target),
];

/// The game's verbs that record an entry.
const RECORDING: [&str; 7] = ["laid", "held", "lay", "take", "deal", "draw", "discard"];

/// A take's arguments with the runs after `onto` read (`run A`, `ben's run`, `the run
/// with 8C`: [`run_names`]), one word a run, and the owners spelt as the roster spells
/// them (`ALICE` is alice, a near miss is suggested); a run's letter (`A`) or cards
/// (`7D`, `4S-8S`) are left as typed. A word that is none of these is refused as a run
/// that cannot be read (`have` lists the runs on the table), not as an unknown player,
/// unless it is a near miss of a player's name or names an owner's numbered run.
fn with_roster_owners(roster: &Roster, args: &str, have: &str) -> Result<String, Refusal> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some(onto) = words.iter().position(|w| w.eq_ignore_ascii_case("onto")) else {
        return Ok(words.join(" "));
    };
    let (head, tail) = words.split_at(onto + 1);
    let mut out: Vec<String> = head.iter().map(|w| (*w).to_string()).collect();
    for part in run_names(tail.iter().copied(), roster.names()) {
        let names_a_run = (Label::parse(&part).is_some() && roster.find(&part).is_err())
            || (!part.contains(':') && parse_cards(&part).is_ok())
            // Card-like (`7C-2S`, `11H`): the parser says what is wrong with it.
            || (!part.contains(':') && roster.find(&part).is_err() && card_like(&part));
        if names_a_run {
            out.push(part);
            continue;
        }
        let (owner, number) = match part.split_once(':') {
            Some((owner, n)) => (owner, Some(n)),
            None => (part.as_str(), None),
        };
        let seat = match roster.find(owner) {
            Ok(seat) => seat,
            Err(e)
                if number.is_some()
                    || crate::text::did_you_mean(
                        owner,
                        roster.names().iter().map(String::as_str),
                    )
                    .is_some() =>
            {
                return Err(e);
            }
            Err(_) => {
                return Err(RummyError::UnreadRun {
                    words: printable_text(&part),
                    have: have.to_string(),
                }
                .into());
            }
        };
        let owner = roster.name(seat);
        out.push(match number {
            Some(n) => format!("{owner}:{n}"),
            None => owner.to_string(),
        });
    }
    Ok(out.join(" "))
}

/// The stable code of a take refused for its cards, for rulings.
fn take_code(e: &TakeError) -> Option<&'static str> {
    Some(match e {
        TakeError::Locked { .. } => "locked",
        TakeError::DifferentSuits { .. } => "different-suits",
        TakeError::SwapOut { .. } => "joker-swap",
        TakeError::AlreadyThere { .. } => "already-there",
        TakeError::NotARun { .. } => "not-a-run",
        TakeError::NoRun | TakeError::NoCards => return None,
    })
}

/// The ruling kept for a take refused for its cards (not for a typo): the rulings,
/// exports and the page show it, as Word Taking keeps a refused take of a word.
fn take_refused(ctx: &Ctx<'_, TakeRummy>, args: &str, e: &TakeError) -> Option<Action<Event>> {
    let code = take_code(e)?;
    let (player, rest) = args.trim().split_once(char::is_whitespace)?;
    let ruling = Ruling {
        asked: printable_text(&format!("take {}", args.trim())),
        player: Some(player.to_string()),
        round: ctx.state.number(),
        rules: "TAKE rummy (the sheet)".to_string(),
        words: vec![Verdict {
            word: printable_text(rest.trim()),
            allowed: false,
            reason: e.to_string(),
            code: code.to_string(),
            at: None,
        }],
        faults: Vec::new(),
        remarks: Vec::new(),
    };
    Some(Action {
        record: vec![crate::contract::event::Event::Core(CoreEvent::Ruled {
            ruling,
        })],
        show: vec![
            format!(
                "refused: {}; nothing changed on the table",
                printable_text(&e.to_string())
            )
            .into(),
        ],
        then: vec!["the ruling is kept (`rulings`)".to_string()],
        ask: None,
        refused: true,
    })
}

/// `end`: whose deal the next hand is follows the close. In a hand scored from `laid`
/// entries where a player has none, they would close as having laid nothing, which may
/// be an entry forgotten: asked at a terminal; a script is refused and told the
/// explicit way.
pub(super) fn closing(
    ctx: &Ctx<'_, TakeRummy>,
    after: &Match,
    close: Action<RoundEvent<TakeRummy>>,
) -> Result<Action<RoundEvent<TakeRummy>>, Refusal> {
    let names = ctx.roster.names();
    let hand = ctx.state.open();
    let missing: Vec<&str> = if hand.is_tracked() {
        Vec::new()
    } else {
        (0..names.len())
            .filter(|s| hand.laid(*s).is_none())
            .filter_map(|s| names.get(s).map(String::as_str))
            .collect()
    };
    let then = next_deal(after, names);
    if missing.is_empty() {
        let mut close = close;
        close.then = then;
        return Ok(close);
    }
    let who = and_names(&missing);
    let (has, laid) = if missing.len() == 1 {
        (
            "has",
            format!("`laid {} -`", missing.first().copied().unwrap_or("")),
        )
    } else {
        ("have", "`laid PLAYER -`".to_string())
    };
    if ctx.script {
        return Err(Refusal::new(format!(
            "{who} {has} no laid entry and no runs were tracked this hand: {laid} records laying nothing, then `end`"
        )));
    }
    Ok(Action {
        record: Vec::new(),
        show: vec![format!("{who} {has} no laid entry and no runs were tracked this hand").into()],
        then: Vec::new(),
        ask: Some(Ask {
            question: format!("close the hand with {who} having laid nothing?"),
            record: close.record,
            after: then,
            then: None,
        }),
        refused: false,
    })
}

/// After a hand closes: whose deal the next hand is, when the deal is tracked.
fn next_deal(after: &Match, names: &[String]) -> Vec<String> {
    if after.over() {
        return Vec::new();
    }
    after
        .next_dealer(names.len())
        .and_then(|(seat, _, _)| names.get(seat))
        .map(|dealer| {
            vec![format!(
                "next: {dealer} deals hand {} (`deal {dealer} CARD`)",
                after.hand_number()
            )]
        })
        .unwrap_or_default()
}

/// A line whose joker could stand for more than one card: asked at a terminal, with
/// the reading umpire would record; refused in a script, naming the choices.
fn open_joker_action(
    ctx: &Ctx<'_, TakeRummy>,
    open: &OpenJoker,
    event: Event,
) -> Result<Action<Event>, Refusal> {
    if ctx.script {
        return Err(open.refusal().into());
    }
    Ok(Action {
        record: Vec::new(),
        show: vec![
            format!(
                "{}: the joker could stand for {}",
                open.typed,
                open.choices_text()
            )
            .into(),
        ],
        then: Vec::new(),
        ask: Some(Ask {
            question: match open
                .choices
                .iter()
                .find(|(j, _)| *j != open.read_as)
                .and_then(|(j, _)| j.strip_prefix("JK=").filter(|c| !c.contains(' ')))
            {
                // One joker open: its other card is an answer too.
                Some(other) => format!(
                    "record it as {}? ({other} records it as JK={other})",
                    open.read_as
                ),
                None => format!(
                    "record it as {}? (no, then type the line again with the joker's card, e.g. {})",
                    open.read_as,
                    open.choices
                        .iter()
                        .find(|(j, _)| *j != open.read_as)
                        .map_or("JK=4C", |(j, _)| j.as_str())
                ),
            },
            record: vec![crate::contract::event::Event::Game(event)],
            after: Vec::new(),
            then: None,
        }),
        refused: false,
    })
}

/// The cards one open joker of `typed` could stand for, each with the event that
/// records it so: the joker question's other answers. Each joker read from the typing
/// is made bare in turn; the one whose readings differ is the open one (none when two
/// are open, whose answer is more than one card). `fixed`: jokers already placed
/// elsewhere (the runs a take extends); `readings` and `rebuild` are the verb's.
fn joker_alternatives(
    typed: &[Typed],
    fixed: &[Natural],
    readings: impl Fn(&[Typed]) -> Vec<Run>,
    rebuild: impl Fn(Vec<Typed>) -> Option<Event>,
) -> Vec<(Natural, Event)> {
    let mut open = None;
    for (j, t) in typed.iter().enumerate() {
        if !matches!(t, Typed::JokerAs(_)) {
            continue;
        }
        let mut bare = typed.to_vec();
        if let Some(slot) = bare.get_mut(j) {
            *slot = Typed::Card(Card::Joker);
        }
        let found = readings(&bare);
        if found.len() < 2 {
            continue;
        }
        if open.is_some() {
            return Vec::new();
        }
        open = Some((j, bare, found));
    }
    let Some((j, bare, found)) = open else {
        return Vec::new();
    };
    let mut placed: Vec<Natural> = bare
        .iter()
        .filter_map(|t| match t {
            Typed::JokerAs(n) => Some(*n),
            Typed::Card(_) => None,
        })
        .collect();
    placed.extend_from_slice(fixed);
    found
        .iter()
        .filter_map(|run| {
            let free: Vec<Natural> = run
                .slots()
                .iter()
                .filter(|s| s.card.is_joker() && !placed.contains(&s.stands_for))
                .map(|s| s.stands_for)
                .collect();
            let [meaning] = free.as_slice() else {
                return None;
            };
            let mut chosen = bare.clone();
            if let Some(slot) = chosen.get_mut(j) {
                *slot = Typed::JokerAs(*meaning);
            }
            Some((*meaning, rebuild(chosen)?))
        })
        .collect()
}

/// The joker question's other answers for an offered `lay`, `laid` or `take`: each card
/// the open joker could stand for (`9C`, or `JK=9C`) and the entry that records it so.
fn joker_answers(game: &Match, names: &[String], offered: &Event) -> Vec<(Natural, Event)> {
    match offered {
        Event::Melded { player, run } => joker_alternatives(run, &[], typed_readings, |t| {
            let run = judge(&t).ok()?;
            Some(Event::Melded {
                player: player.clone(),
                run: run.typed(),
            })
        }),
        Event::Laid { player, runs } => runs
            .iter()
            .enumerate()
            .map(|(k, run)| {
                joker_alternatives(run, &[], typed_readings, |t| {
                    let judged = judge(&t).ok()?;
                    let mut all = runs.clone();
                    *all.get_mut(k)? = judged.typed();
                    Some(Event::Laid {
                        player: player.clone(),
                        runs: all,
                    })
                })
            })
            .find(|found| !found.is_empty())
            .unwrap_or_default(),
        Event::Taken {
            player,
            cards,
            from,
        } => {
            let Ok((_, runs)) = game.open().runs_named(from, names) else {
                return Vec::new();
            };
            let fixed: Vec<Natural> = runs.iter().flat_map(|r| r.jokers()).collect();
            joker_alternatives(
                cards,
                &fixed,
                |t| super::takes::readings(&runs, t),
                |t| {
                    let took = super::takes::take(&runs, &t).ok()?;
                    Some(Event::Taken {
                        player: player.clone(),
                        cards: took.added.iter().map(|s| s.typed()).collect(),
                        from: from.clone(),
                    })
                },
            )
        }
        _ => Vec::new(),
    }
}

/// Whether `event` put the natural card `card` somewhere (a joker standing for it
/// does not).
fn places(event: &Event, card: Natural) -> bool {
    let is = |t: &Typed| matches!(t, Typed::Card(Card::Natural(n)) if *n == card);
    match event {
        Event::Melded { run, .. } => run.iter().any(is),
        Event::Taken { cards, .. } => cards.iter().any(is),
        Event::Laid { runs, .. } => runs.iter().flatten().any(is),
        Event::Held { cards, .. } => cards.contains(&Card::Natural(card)),
        Event::Discarded { card: c, .. } | Event::Dealt { up: c, .. } => *c == Card::Natural(card),
        Event::Drew { card: c, .. } => *c == Some(Card::Natural(card)),
    }
}

/// The player an entry is about, if one.
fn event_player(event: &Event) -> Option<&str> {
    match event {
        Event::Laid { player, .. }
        | Event::Held { player, .. }
        | Event::Melded { player, .. }
        | Event::Taken { player, .. }
        | Event::Drew { player, .. }
        | Event::Discarded { player, .. } => Some(player),
        Event::Dealt { dealer, .. } => Some(dealer),
    }
}

/// Once a player has gone out of a dealt hand, umpire's count of every other hand is
/// exact, so a `held` entry naming fewer cards would score that hand short (a card
/// forgotten, or `-` typed for the wrong player). Checked at the prompt only: the
/// engine still accepts what a log already holds, so old logs replay as they did.
fn held_in_full(game: &Match, event: &Event, names: &[String]) -> Result<(), RummyError> {
    let Event::Held { player, cards } = event else {
        return Ok(());
    };
    let Some(turns) = game.open().turns() else {
        return Ok(());
    };
    if turns.out().is_none() {
        return Ok(());
    }
    let seat = super::state::seat_of(names, player)?;
    let have = turns.count(seat);
    if cards.len() < usize::try_from(have).unwrap_or(usize::MAX) {
        return Err(RummyError::HeldTooFew {
            player: player.clone(),
            have,
            given: cards.len(),
        });
    }
    Ok(())
}

/// `discard?`: whether a card could be added to a run on the table, said; records
/// nothing.
fn discard_query(
    ctx: &Ctx<'_, TakeRummy>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let answer = parse_discard(args, ctx.state, ctx.roster.names()).map_err(Refusal::from)?;
    Ok(Action::show(vec![answer.reason]))
}

/// A line of a verb that records an entry, turned into it; refuses what does not parse
/// or does not fit the hand as it stands.
fn recorded(
    ctx: &Ctx<'_, TakeRummy>,
    verb: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let names = ctx.roster.names();
    let game = ctx.state;
    let dealt = ctx.options.deal;
    <TakeRummy as crate::contract::RoundGame>::playing(&ctx.scene())?;
    let args = match verb {
        "take" => with_roster_owners(
            ctx.roster,
            &ctx.roster.spell(args, &[0])?,
            &game.open().runs_on_table(),
        )?,
        _ => ctx.roster.spell(args, &[0])?,
    };
    let event = match parse_event(verb, &args, game, names) {
        Ok(event) => event,
        Err(RummyError::Take(e)) if verb == "take" => {
            return take_refused(ctx, &args, &e).ok_or_else(|| RummyError::Take(e).into());
        }
        Err(e) => return Err(e.into()),
    };
    held_in_full(game, &event, names).map_err(Refusal::from)?;
    if let Some(open) = open_joker(verb, &args, game, names) {
        // Refused now if it does not fit, rather than after the question.
        game.clone()
            .apply(names, dealt, &event)
            .map_err(Refusal::from)?;
        return open_joker_action(ctx, &open, event);
    }
    Ok(Action::record(event))
}

/// A player's laid runs take the place of their laid runs, and their held cards of
/// their held cards.
pub(super) fn replaces(new: &Event, old: &Event) -> bool {
    match (new, old) {
        (Event::Laid { player: a, .. }, Event::Laid { player: b, .. })
        | (Event::Held { player: a, .. }, Event::Held { player: b, .. }) => {
            crate::contract::same_name(a, b)
        }
        _ => false,
    }
}

/// A card refused as already placed is said with the entry that placed it (`since
/// #19`); when it is the discard pile's top and the player's draw this turn was
/// typed as from the stock, with the line that mends that draw (`fix #20 draw ben
/// 10H`): the table drew the card from the pile and the scorekeeper typed `draw
/// ben`.
pub(super) fn mend(
    scene: &Scene<'_, TakeRummy>,
    verb: &str,
    args: &str,
    refusal: &Refusal,
    entries: &[(u64, &Event)],
) -> Option<Refusal> {
    if !RECORDING.contains(&verb) {
        return None;
    }
    let (roster, game) = (scene.roster, scene.state);
    let names = roster.names();
    let spelt = roster.spell(args, &[0]).ok()?;
    let args = if verb == "take" {
        with_roster_owners(roster, &spelt, "").ok()?
    } else {
        spelt
    };
    // A card already placed (refused as the line is read, or as the entry is tried on
    // the hand): the refusal's own error says which and where.
    let (card, place, player) = match refusal.error::<RummyError>() {
        Some(RummyError::CardTwice { card, place }) => {
            let (name, _) = args.trim().split_once(char::is_whitespace)?;
            let player = names.get(super::state::seat_of(names, name).ok()?)?;
            (*card, place.clone(), player.as_str())
        }
        _ => {
            let event = parse_event(verb, &args, game, names).ok()?;
            return match game.clone().apply(names, scene.options.deal, &event) {
                Err(error) => pile_slip(scene, refusal, &error, &event, entries),
                Ok(_) => None,
            };
        }
    };
    let (since, _) = entries.iter().rev().find(|(_, e)| places(e, card))?;
    let mut message =
        format!("{card} is already {place} (since #{since}): the deck has one of each card");
    let top = game.open().turns().and_then(|t| t.top());
    let last_turn = entries.iter().rev().find(|(_, e)| {
        matches!(
            e,
            Event::Drew { .. } | Event::Discarded { .. } | Event::Dealt { .. }
        )
    });
    if top == Some(Card::Natural(card))
        && let Some((
            drew,
            Event::Drew {
                player: who,
                card: None,
            },
        )) = last_turn
        && crate::contract::same_name(who, player)
    {
        message.push_str(&format!(
                "; {who}'s draw at #{drew} was typed as from the stock: if {who} took {card} from the discard pile, `fix #{drew} draw {who} {card}`"
            ));
    }
    Some(Refusal::of(refusal.kind, message))
}

/// A discard refused because of the card taken from the discard pile this turn, said
/// with that draw's entry and, where the player may be left with nothing to discard,
/// the way out: the draw was the slip, and `fix #N draw PLAYER` has them draw from the
/// stock instead. Without it a table goes round in circles: the pile's card may not go
/// back, the other card is playable, and playing it leaves the pile's card alone.
fn pile_slip(
    scene: &Scene<'_, TakeRummy>,
    refusal: &Refusal,
    error: &RummyError,
    event: &Event,
    entries: &[(u64, &Event)],
) -> Option<Refusal> {
    let turns = scene.state.open().turns()?;
    let taken = turns.taken_from_pile()?;
    let player = event_player(event)?;
    let (drew, _) = entries.iter().rev().find(|(_, e)| {
        matches!(e, Event::Drew { player: who, card: Some(c) }
            if *c == taken && crate::contract::same_name(who, player))
    })?;
    let way_out = format!("`fix #{drew} draw {player}` has {player} draw from the stock instead");
    let seat = scene.roster.find(player).ok()?;
    let message = match error {
        RummyError::OnlyPileCard { player, card } => format!(
            "{player}'s only card is {card}, taken from the discard pile at #{drew}: the sheet forbids discarding it again, and there is no other to discard; {player} melds it, or `undo` the play that left it alone; if that leaves no card {player} may discard either, the draw was the slip: {way_out}"
        ),
        RummyError::SameDiscard { player, card } if turns.count(seat) == 2 => format!(
            "{player} took {card} from the discard pile at #{drew}: the sheet forbids discarding it again; if {player}'s other card may not be discarded either, the draw was the slip: {way_out}"
        ),
        RummyError::SameDiscard { player, card } => format!(
            "{player} took {card} from the discard pile at #{drew}: the sheet forbids discarding it again"
        ),
        RummyError::Playable { card, .. }
            if turns.count(seat) == 2 && *card != taken && turns.known(seat).contains(&taken) =>
        {
            format!(
                "{}; {player}'s other card, {taken}, was taken from the discard pile at #{drew} and may not be discarded either, so the draw was the slip: {way_out}",
                refusal.message
            )
        }
        _ => return None,
    };
    Some(Refusal::of(refusal.kind, message))
}

/// The joker question takes the other card the joker could stand for (`9C` or
/// `JK=9C`): it records the line with the joker so, where a yes records umpire's
/// reading.
pub(super) fn answers(
    scene: &Scene<'_, TakeRummy>,
    offered: &[Event],
) -> Vec<(String, Vec<Event>)> {
    let [event] = offered else {
        return Vec::new();
    };
    joker_answers(scene.state, scene.roster.names(), event)
        .into_iter()
        .flat_map(|(card, event)| {
            [
                (card.to_string(), vec![event.clone()]),
                (format!("JK={card}"), vec![event]),
            ]
        })
        .collect()
}

/// What Tab offers: `card`, the cards not yet placed this hand (a joker while one is
/// left); `held`, those cards and `none`; `take`, those cards, `onto` and the runs on
/// the table (`A`, `run`, `alice's`); `top`, the discard pile's top, `stock` and
/// `pile`; `deck`, every card (a correction names a closed hand's cards).
pub(super) fn complete(scene: &Scene<'_, TakeRummy>, kind: &str) -> Vec<String> {
    let (state, roster) = (scene.state, scene.roster);
    let open = state.open();
    let unplaced = || {
        let mut cards: Vec<String> = open.placed().unseen().iter().map(Card::to_string).collect();
        cards.dedup();
        cards
    };
    match kind {
        "card" => unplaced(),
        "held" => {
            let mut items = unplaced();
            items.push("none".to_string());
            items
        }
        "take" => {
            let mut items = unplaced();
            items.push("onto".to_string());
            let rows = open.table().rows(roster.names());
            if !rows.is_empty() {
                items.push("run".to_string());
            }
            let mut owners: Vec<String> = rows.iter().map(|r| format!("{}'s", r.owner)).collect();
            owners.sort();
            owners.dedup();
            items.extend(rows.into_iter().map(|r| r.name));
            items.extend(owners);
            items
        }
        "top" => {
            let mut items: Vec<String> = open
                .turns()
                .and_then(|t| t.top())
                .map(|c| vec![c.to_string()])
                .unwrap_or_default();
            items.extend(["stock".to_string(), "pile".to_string()]);
            items
        }
        "deck" => {
            let mut cards: Vec<String> = Natural::all().map(|n| n.to_string()).collect();
            cards.push(Card::Joker.to_string());
            cards
        }
        _ => Vec::new(),
    }
}

/// The player an entry names, the dealer, and the owners a take of the first
/// format names its runs by.
pub(super) fn texts(event: &mut Event) -> Vec<Text<'_>> {
    match event {
        Event::Taken { player, from, .. } => {
            let mut names = vec![Text::name(player)];
            for run in from {
                if let super::event::RunRef::Numbered { owner, .. } = run {
                    names.push(Text::name(owner));
                }
            }
            names
        }
        Event::Laid { player, .. }
        | Event::Held { player, .. }
        | Event::Melded { player, .. }
        | Event::Dealt { dealer: player, .. }
        | Event::Drew { player, .. }
        | Event::Discarded { player, .. } => vec![Text::name(player)],
    }
}

#[cfg(test)]
mod tests {
    use super::with_roster_owners;
    use crate::contract::{Prompt, Roster, RoundEvent};
    use crate::games::take_rummy::TakeRummy;
    use crate::games::take_rummy::event::{Event, RunRef};

    /// A take names its taker and, in the first format, the owners of its runs; a
    /// deal its dealer; an end of hand no one.
    #[test]
    fn the_names_an_entry_holds_are_the_taker_the_owners_and_the_dealer() {
        let names = |event: Event| -> Vec<String> {
            <TakeRummy as Prompt>::texts(&mut RoundEvent::Entry(event))
                .into_iter()
                .map(|t| format!("{} {} {}", t.what, t.text, t.max))
                .collect()
        };
        let take = Event::Taken {
            player: "ann".into(),
            cards: Vec::new(),
            from: vec![
                RunRef::Numbered {
                    owner: "ben".into(),
                    run: 1,
                },
                RunRef::Holding {
                    holding: "5C".parse().expect("5C"),
                },
            ],
        };
        assert_eq!(names(take), ["a name ann 24", "a name ben 24"]);
        let deal = Event::Dealt {
            dealer: "cal".into(),
            up: "9H".parse().expect("9H"),
        };
        assert_eq!(names(deal), ["a name cal 24"]);
        let mut end = RoundEvent::Closed {
            number: 1,
            off_total: false,
        };
        assert!(<TakeRummy as Prompt>::texts(&mut end).is_empty());
    }

    /// The owners after `onto` spelt as the roster spells them, and everything that
    /// names a run (its letter, its cards, a range, something card-like the parser will
    /// refuse) left as typed: a player whose name has a digit, or is a run's letter, is
    /// still the player.
    #[test]
    fn a_takes_owners_are_spelt_by_the_roster_and_its_runs_left_as_typed() {
        let roster = Roster::new(vec!["alice".into(), "bob2".into(), "c".into()]);
        for (typed, spelt) in [
            ("ann 4S 5S onto ALICE", "ann 4S 5S onto alice"),
            ("ann 4S onto ALICE:2", "ann 4S onto alice:2"),
            ("ann 4S onto BOB2", "ann 4S onto bob2"),
            ("ann 4S onto C", "ann 4S onto c"),
            ("ann 4S onto A", "ann 4S onto A"),
            ("ann 4S onto b2", "ann 4S onto b2"),
            ("ann 4S onto QS", "ann 4S onto QS"),
            ("ann 4S onto 7D", "ann 4S onto 7D"),
            ("ann 4S onto 4s-8s", "ann 4S onto 4s-8s"),
            ("ann 4S onto 7C-2S", "ann 4S onto 7C-2S"),
            ("ann 4S onto 11H", "ann 4S onto 11H"),
            ("ann 4S onto ALICE,A,,and", "ann 4S onto alice A"),
            ("ann 4S   5S onto  alice  bob2", "ann 4S 5S onto alice bob2"),
            ("ann 4S onto run A", "ann 4S onto A"),
            ("ann 4S onto runs A and B", "ann 4S onto A B"),
            ("ann 4S onto Alice's run", "ann 4S onto alice"),
            (
                "ann 4S onto alice\u{2019}s run and bob2's",
                "ann 4S onto alice bob2",
            ),
            ("ann 4S onto the run with 7D", "ann 4S onto 7D"),
            ("ann 4S onto the 7D run, run B", "ann 4S onto 7D B"),
            ("ann 4S onto alice's run A", "ann 4S onto A"),
        ] {
            assert_eq!(
                with_roster_owners(&roster, typed, "").as_deref(),
                Ok(spelt),
                "{typed}"
            );
        }
        for typed in ["ann 4S onto alcie", "ann 4S onto zed:2", "ann 4S onto X:2"] {
            let e = with_roster_owners(&roster, typed, "").expect_err(typed);
            assert!(
                e.message.starts_with("unknown player"),
                "{typed}: {}",
                e.message
            );
        }
        assert_eq!(
            with_roster_owners(&roster, "ann 4S onto alcie", "")
                .map_err(|e| e.message)
                .expect_err("a near miss"),
            r#"unknown player "alcie" (did you mean alice?): the players are alice, bob2, c"#
        );
        assert_eq!(
            with_roster_owners(
                &roster,
                "ann 4S onto the blue run",
                "the runs on the table are A (5C-7C)"
            )
            .map_err(|e| e.message)
            .expect_err("no run"),
            r#""blue" is neither a run on the table nor a player: name a run by its letter (run A), its owner (PLAYER's run) or a card of it (the run with 8C); the runs on the table are A (5C-7C)"#
        );
    }
}
