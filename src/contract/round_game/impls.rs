//! The contract's roles for every [`RoundGame`]: the life-cycle written once. The
//! game's own hooks are reached on its entries; the layer's events it applies,
//! describes and refuses itself.

use super::error::{MAX_ROUNDS, MAX_TARGET, RoundError};
use super::{Called, Match, Plays, RoundEvent, RoundGame};
use crate::contract::event::Event;
use crate::contract::standings::best;
use crate::contract::{
    Action, Ask, Ctx, Engine, Extras, Highlight, Period, Progress, Prompt, Refusal, Roster, Round,
    Ruling, Scene, Show, Standings, TableView, Text, Verb, verbs_of,
};
use crate::text::{and_list, count};

impl<G: RoundGame> Engine for G {
    const PERIOD: Option<&'static str> = Some(G::CALLED.period);

    type State = Match<G::Round>;
    type Event = RoundEvent<G>;

    fn start(options: &G::Options, players: usize) -> Match<G::Round> {
        Match::new(players, G::ends(options))
    }

    fn apply(
        state: &mut Match<G::Round>,
        options: &G::Options,
        roster: &Roster,
        event: &RoundEvent<G>,
    ) -> Result<(), Refusal> {
        let called = G::CALLED;
        match event {
            RoundEvent::RoundsSet { rounds } => return set_rounds(state, *rounds, called),
            RoundEvent::TargetSet { target } => return set_target(state, *target, roster),
            _ => {}
        }
        if state.over() {
            return Err(over::<G>(state, options, roster).into());
        }
        match event {
            RoundEvent::Entry(entry) => G::enter(state, entry, options, roster),
            RoundEvent::Closed { number, off_total } => {
                if *number != state.number() {
                    return Err(RoundError::NotTheOpen {
                        period: called.period,
                        number: *number,
                        open: state.number(),
                    }
                    .into());
                }
                every_entry_in::<G>(state, roster)?;
                if let Some((sum, total)) = off_total_of::<G>(state, options, roster)
                    && !off_total
                {
                    return Err(RoundError::NotTheTotal {
                        period: G::CALLED.period,
                        number: *number,
                        sum,
                        total,
                    }
                    .into());
                }
                G::may_close(state, options, roster)?;
                state.rounds_mut().close(options);
                Ok(())
            }
            RoundEvent::Finished { after } => {
                let closed = state.closed_count();
                if !state.open().is_empty() {
                    return Err(RoundError::FinishWithEntries {
                        period: called.period,
                        number: state.number(),
                    }
                    .into());
                }
                if closed == 0 {
                    return Err(RoundError::NothingToFinish {
                        period: called.period,
                    }
                    .into());
                }
                if *after != closed {
                    return Err(RoundError::FinishOnlyAfter {
                        period: called.period,
                        number: closed,
                    }
                    .into());
                }
                state.finish(closed);
                Ok(())
            }
            RoundEvent::RoundsSet { .. } | RoundEvent::TargetSet { .. } => Ok(()),
        }
    }

    /// A player sits down between rounds, before the match is over, from a score short
    /// of its target (the match ends only as a round closes).
    fn add_player(
        state: &mut Match<G::Round>,
        options: &G::Options,
        score: i64,
    ) -> Result<(), Refusal> {
        let called = G::CALLED;
        if state.over() {
            return Err(RoundError::JoinAfterEnd { game: G::NAME }.into());
        }
        if !state.open().is_empty() {
            return Err(RoundError::JoinMidRound {
                period: called.period,
                periods: called.periods,
            }
            .into());
        }
        if let Some(target) = state.ends().target
            && (score >= target || score <= -target)
        {
            return Err(RoundError::BadStart { score, target }.into());
        }
        G::may_join(state, options, score)?;
        state.rounds_mut().join(score).map_err(|_| {
            RoundError::JoinMidRound {
                period: called.period,
                periods: called.periods,
            }
            .into()
        })
    }

    fn closed(state: &Match<G::Round>) -> u32 {
        state.closed_count()
    }
}

/// The open round's points and the game's round total, when they differ: a round the
/// table may still close (`end anyway`), since the total is the usual sum and not a law
/// (a Hearts hand where the moon was shot comes to 78, not 26).
fn off_total_of<G: RoundGame>(
    state: &Match<G::Round>,
    options: &G::Options,
    roster: &Roster,
) -> Option<(i64, i64)> {
    let total = G::round_total(options)?;
    let sum: i64 = (0..roster.len())
        .filter_map(|s| state.open().points(s, options))
        .sum();
    (sum != total).then_some((sum, total))
}

/// A round closes once every seated player has an entry: refused naming who has none.
fn every_entry_in<G: RoundGame>(state: &Match<G::Round>, roster: &Roster) -> Result<(), Refusal> {
    let missing = waiting_for(state.open(), roster);
    if missing.is_empty() {
        return Ok(());
    }
    Err(RoundError::NoEntryYet {
        verb: if missing.len() == 1 { "has" } else { "have" },
        names: and_list(&missing),
        hint: G::ENTRY_HINT,
    }
    .into())
}

/// The seated players without an entry in `round`.
fn waiting_for<'r, R: Round>(round: &R, roster: &'r Roster) -> Vec<&'r str> {
    (0..roster.len())
        .filter(|s| round.seated(*s) && !round.entered(*s))
        .map(|s| roster.name(s))
        .collect()
}

/// `rounds N`: the match's length changes; a match that ended on its rounds goes on
/// when N is larger, and one the table finished stays finished.
fn set_rounds<R: Round>(state: &mut Match<R>, rounds: u32, called: Called) -> Result<(), Refusal> {
    if state.finished_after().is_some() {
        return Err(RoundError::FinishedByTable.into());
    }
    if !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(RoundError::RoundsNeedsLength {
            periods: called.periods,
            example: state.closed_count() + 2,
        }
        .into());
    }
    let closed = state.closed_count();
    if rounds < closed {
        return Err(RoundError::ShorterThanPlayed {
            closed,
            periods: called.periods,
        }
        .into());
    }
    state.ends_mut().rounds = Some(rounds);
    Ok(())
}

/// `target N`: the match is played to N from here, if nobody has reached it already.
fn set_target<R: Round>(state: &mut Match<R>, target: i64, roster: &Roster) -> Result<(), Refusal> {
    if state.finished_after().is_some() {
        return Err(RoundError::FinishedByTable.into());
    }
    if !(1..=MAX_TARGET).contains(&target) {
        return Err(RoundError::TargetNeedsPoints {
            given: target.to_string(),
        }
        .into());
    }
    if let Some((seat, total)) = state
        .totals()
        .iter()
        .enumerate()
        .filter(|(_, t)| **t >= target)
        .max_by_key(|(_, t)| **t)
    {
        return Err(RoundError::TargetReached {
            target,
            player: roster.names().get(seat).cloned().unwrap_or_default(),
            total: *total,
        }
        .into());
    }
    state.ends_mut().target = Some(target);
    Ok(())
}

/// Who leads on the official totals, and with what: "ann won with 40", "ann and ben
/// tied on 12".
fn result(totals: &[i64], lowest_wins: bool, roster: &Roster, done: bool) -> String {
    let best = best(totals, lowest_wins);
    let names: Vec<&str> = best.iter().map(|s| roster.name(*s)).collect();
    let total = best
        .first()
        .and_then(|s| totals.get(*s))
        .copied()
        .unwrap_or(0);
    let verb = match (names.len() > 1, done) {
        (true, true) => "tied on",
        (false, true) => "won with",
        (true, false) => "tie on",
        (false, false) => "wins with",
    };
    format!("{} {verb} {total}", and_list(&names))
}

/// The refusal of anything but a change of the ends once the match is over.
pub(super) fn over<G: RoundGame>(
    state: &Match<G::Round>,
    options: &G::Options,
    roster: &Roster,
) -> RoundError {
    let more = if changes::<G>().rounds && state.rounds_played() && state.finished_after().is_none()
    {
        "; `rounds N` makes it longer"
    } else {
        ""
    };
    RoundError::MatchOver {
        result: result(state.totals(), G::lowest_wins(options), roster, true),
        more,
        game: G::NAME,
    }
}

/// Which of the match's ends the table may change: the life-cycle verbs the game
/// lists.
fn changes<G: RoundGame>() -> super::Changes {
    let lists = |name: &str| {
        G::MOVES
            .iter()
            .any(|m| m.verb.name == name && matches!(m.reads, Plays::Life))
    };
    super::Changes {
        rounds: lists("rounds"),
        target: lists("target"),
    }
}

/// A game's action with its entries as the layer's events.
fn lift<G: RoundGame>(action: Action<G::Entry>) -> Action<RoundEvent<G>> {
    Action {
        record: lift_all::<G>(action.record),
        show: action.show,
        then: action.then,
        ask: action.ask.map(lift_ask::<G>),
        refused: action.refused,
    }
}

fn lift_all<G: RoundGame>(events: Vec<Event<G::Entry>>) -> Vec<Event<RoundEvent<G>>> {
    events
        .into_iter()
        .map(|e| e.map(RoundEvent::Entry))
        .collect()
}

fn lift_ask<G: RoundGame>(ask: Ask<G::Entry>) -> Ask<RoundEvent<G>> {
    Ask {
        question: ask.question,
        record: lift_all::<G>(ask.record),
        after: ask.after,
        then: ask.then.map(|then| Box::new(lift_ask::<G>(*then))),
    }
}

/// A line that takes no arguments.
fn no_args(verb: &'static str, args: &str) -> Result<(), Refusal> {
    if args.trim().is_empty() {
        Ok(())
    } else {
        Err(RoundError::NoArguments { verb }.into())
    }
}

impl<G: RoundGame> Prompt for G {
    fn verbs() -> Vec<&'static Verb> {
        verbs_of(G::MOVES)
    }

    fn command(
        ctx: &Ctx<'_, G>,
        verb: &str,
        args: &str,
        block: Option<&[String]>,
    ) -> Result<Action<RoundEvent<G>>, Refusal> {
        let state = ctx.state;
        let Some(row) = G::MOVES.iter().find(|m| m.verb.name == verb) else {
            return Err(RoundError::Unknown {
                verb: crate::text::printable(verb),
            }
            .into());
        };
        if let Plays::Entry(reads) = row.reads {
            return reads(ctx, verb, args, block).map(lift::<G>);
        }
        match verb {
            "end" => {
                // `end anyway` only where rounds have a usual total to miss.
                let anyway = match args.trim() {
                    "" => false,
                    a if a.eq_ignore_ascii_case("anyway")
                        && G::round_total(ctx.options).is_some() =>
                    {
                        true
                    }
                    _ if G::round_total(ctx.options).is_some() => {
                        return Err(RoundError::EndArgs {
                            period: G::CALLED.period,
                        }
                        .into());
                    }
                    _ => no_args("end", args).map(|()| false)?,
                };
                let number = state.number();
                let off = off_total_of::<G>(state, ctx.options, ctx.roster);
                let close = RoundEvent::Closed {
                    number,
                    off_total: off.is_some(),
                };
                // Refused now if it does not fit, rather than after a question.
                let mut after = state.clone();
                G::apply(&mut after, ctx.options, ctx.roster, &close)?;
                let action = G::closing(ctx, &after, Action::record(close))?;
                match off {
                    Some((sum, total)) if !anyway => {
                        let period = G::CALLED.period;
                        if ctx.script {
                            return Err(RoundError::OffTotal {
                                period,
                                number,
                                sum,
                                total,
                            }
                            .into());
                        }
                        // The game's own question, if it asks one, is the table's
                        // word on closing it too.
                        if action.ask.is_some() {
                            return Ok(action);
                        }
                        Ok(Action {
                            ask: Some(Ask {
                                question: format!(
                                    "{period} {number} comes to {sum}, not the usual {total}; close it as it stands?"
                                ),
                                record: action.record,
                                after: action.then,
                                then: None,
                            }),
                            show: action.show,
                            ..Action::show(Vec::new())
                        })
                    }
                    _ => Ok(action),
                }
            }
            "finish" => {
                no_args("finish", args)?;
                Ok(Action::record(RoundEvent::Finished {
                    after: state.closed_count(),
                }))
            }
            "rounds" => match args.trim().parse::<u32>() {
                Ok(rounds) => Ok(Action::record(RoundEvent::RoundsSet { rounds })),
                Err(_) => Err(RoundError::RoundsNeedsLength {
                    periods: G::CALLED.periods,
                    example: state.closed_count() + 2,
                }
                .into()),
            },
            "target" => match args.trim().parse::<i64>() {
                Ok(target) => Ok(Action::record(RoundEvent::TargetSet { target })),
                Err(_) => Err(RoundError::TargetNeedsPoints {
                    given: if args.trim().is_empty() {
                        "nothing".to_string()
                    } else {
                        crate::text::printable(args.trim())
                    },
                }
                .into()),
            },
            _ => Err(RoundError::NoLife {
                verb: row.verb.name,
            }
            .into()),
        }
    }

    const FIXES: &'static [&'static str] = <G as RoundGame>::FIXES;

    fn in_place_of(
        new: &RoundEvent<G>,
        old: &RoundEvent<G>,
        roster: &Roster,
    ) -> Option<RoundEvent<G>> {
        match (new, old) {
            (RoundEvent::Entry(new), RoundEvent::Entry(old)) => {
                <G as RoundGame>::in_place_of(new, old, roster).map(RoundEvent::Entry)
            }
            _ => None,
        }
    }

    fn complete(scene: &Scene<'_, G>, kind: &str) -> Vec<String> {
        <G as RoundGame>::complete(scene, kind)
    }

    fn player(event: &RoundEvent<G>) -> Option<&str> {
        <G as RoundGame>::player(event.entry()?)
    }

    fn words(event: &RoundEvent<G>) -> Vec<String> {
        event
            .entry()
            .map(<G as RoundGame>::words)
            .unwrap_or_default()
    }

    fn texts(event: &mut RoundEvent<G>) -> Vec<Text<'_>> {
        match event {
            RoundEvent::Entry(entry) => <G as RoundGame>::texts(entry),
            _ => Vec::new(),
        }
    }
}

/// A game of rounds opts into [`Extras`] on its own entries; the layer carries each
/// hook to its events, once for every such game (no game forwards anything).
impl<G: RoundGame + Extras<G::Entry>> Extras<RoundEvent<G>> for G {
    fn check_row(verb: &str, number: usize, row: &str) -> Result<(), Refusal> {
        <G as Extras<G::Entry>>::check_row(verb, number, row)
    }

    fn carry(old: &RoundEvent<G>, new: &RoundEvent<G>, broken: &RoundEvent<G>) -> Option<String> {
        <G as Extras<G::Entry>>::carry(old.entry()?, new.entry()?, broken.entry()?)
    }

    fn holder(scene: &Scene<'_, G>, word: &str) -> Option<String> {
        <G as Extras<G::Entry>>::holder(scene, word)
    }

    fn takes_back(scene: &Scene<'_, G>, ruling: &Ruling) -> Option<String> {
        <G as Extras<G::Entry>>::takes_back(scene, ruling)
    }

    fn said_back(
        before: &Scene<'_, G>,
        verb: &str,
        args: &str,
        event: &RoundEvent<G>,
    ) -> Option<String> {
        <G as Extras<G::Entry>>::said_back(before, verb, args, event.entry()?)
    }

    const MENDS: bool = <G as Extras<G::Entry>>::MENDS;

    fn mend(
        scene: &Scene<'_, G>,
        verb: &str,
        args: &str,
        refusal: &Refusal,
        entries: &[(u64, &RoundEvent<G>)],
    ) -> Option<Refusal> {
        let own: Vec<(u64, &G::Entry)> = entries
            .iter()
            .filter_map(|(seq, e)| Some((*seq, e.entry()?)))
            .collect();
        <G as Extras<G::Entry>>::mend(scene, verb, args, refusal, &own)
    }

    fn answers(
        scene: &Scene<'_, G>,
        offered: &[RoundEvent<G>],
    ) -> Vec<(String, Vec<RoundEvent<G>>)> {
        let Some(own) = offered
            .iter()
            .map(|e| e.entry().cloned())
            .collect::<Option<Vec<G::Entry>>>()
        else {
            return Vec::new();
        };
        <G as Extras<G::Entry>>::answers(scene, &own)
            .into_iter()
            .map(|(word, entries)| (word, entries.into_iter().map(RoundEvent::Entry).collect()))
            .collect()
    }

    fn highlights(scene: &Scene<'_, G>) -> Vec<Highlight> {
        <G as Extras<G::Entry>>::highlights(scene)
    }
}

impl<G: RoundGame> Show for G {
    fn describe(event: &RoundEvent<G>, before: &Scene<'_, G>) -> String {
        let (state, roster) = (before.state, before.roster);
        let called = G::CALLED;
        match event {
            RoundEvent::Entry(entry) => <G as RoundGame>::describe(entry, before),
            RoundEvent::Closed { number, off_total } => {
                let open = state.open();
                let scores: Vec<String> = (0..roster.len())
                    .filter_map(|s| {
                        let points = open.points(s, before.options)?;
                        Some(format!("{} {points}", roster.name(s)))
                    })
                    .collect();
                // Closed off its total by the table's word: the log says so, and how
                // far off, wherever the entry is told.
                let off = match off_total_of::<G>(state, before.options, roster) {
                    Some((sum, total)) if *off_total => {
                        format!(" at {sum}, not the usual {total}")
                    }
                    _ => String::new(),
                };
                if scores.is_empty() {
                    format!("{} {number} closed{off}", called.period)
                } else {
                    format!(
                        "{} {number} closed{off}: {}",
                        called.period,
                        scores.join(", ")
                    )
                }
            }
            RoundEvent::Finished { after } => format!(
                "the match is finished after {}: {}",
                count(i64::from(*after), called.period, called.periods),
                result(
                    state.totals(),
                    G::lowest_wins(before.options),
                    roster,
                    false
                )
            ),
            RoundEvent::RoundsSet { rounds } => match state.ends().rounds {
                Some(old) => format!("the match is now {rounds} {} (was {old})", called.periods),
                None => format!("the match is now {rounds} {}", called.periods),
            },
            RoundEvent::TargetSet { target } => match state.ends().target {
                Some(old) => {
                    format!("the match is played to {target} points from here (it was {old})")
                }
                None => format!("the match is played to {target} points from here"),
            },
        }
    }

    /// The options with the match's ends as they stand: a match the table finished is
    /// described by the length it had (`7 rounds`), not as the open-ended match it was
    /// started as, which the status below it says is over.
    fn describe_now(scene: &Scene<'_, G>) -> String {
        let mut ends = scene.state.ends();
        if let Some(after) = scene.state.finished_after() {
            ends.rounds = Some(after);
        }
        G::describe_options(&G::with_ends(scene.options, ends))
    }

    fn standings(scene: &Scene<'_, G>) -> Standings {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let called = G::CALLED;
        let ends = state.ends();
        let played = count(
            i64::from(state.closed_count()),
            called.period,
            called.periods,
        );
        let target = ends
            .target
            .map(|t| format!(", playing to {t}"))
            .unwrap_or_default();
        let status = if state.finished_after().is_some() {
            let before = ends
                .target
                .map(|t| format!(", before the target of {t}"))
                .unwrap_or_default();
            format!("match finished after {played}{before}")
        } else if state.over() {
            format!("match over after {played}{target}")
        } else {
            let n = state.number();
            match (ends.rounds, ends.target) {
                (Some(k), Some(t)) => format!("{} {n} of {k}, or to {t} points", called.period),
                (Some(k), None) => format!("{} {n} of {k}", called.period),
                (None, _) => format!("{} {n}{target}", called.period),
            }
        };
        let base = Standings {
            finished: state.over(),
            status,
            figures: G::figures(scene),
            target: ends.target,
            ..Standings::new(roster.names().to_vec(), G::UNIT, G::lowest_wins(options))
        };
        // The closed rounds are described when they are read, from options of their own.
        let kept = options.clone();
        let seats = roster.len();
        state.rounds().standings(
            options,
            base,
            called.period,
            G::PARTIAL,
            move |number, round, closed| period::<G>(number, round, closed, seats, &kept),
        )
    }

    fn table(scene: &Scene<'_, G>) -> TableView {
        <G as RoundGame>::table(scene)
    }

    fn export(scene: &Scene<'_, G>) -> serde_json::Map<String, serde_json::Value> {
        <G as RoundGame>::export(scene)
    }

    fn progress(scene: &Scene<'_, G>) -> Progress {
        let state = scene.state;
        if state.over() {
            Progress {
                label: "over".into(),
                number: state.closed_count(),
            }
        } else {
            Progress {
                label: G::CALLED.label(state.number()),
                number: state.number(),
            }
        }
    }

    fn situation(scene: &Scene<'_, G>) -> Vec<String> {
        if scene.state.over() {
            return Vec::new();
        }
        <G as RoundGame>::situation(scene)
    }

    fn ruling(event: &RoundEvent<G>, before: &Scene<'_, G>) -> Option<Ruling> {
        <G as RoundGame>::ruling(event.entry()?, before)
    }
}

/// One round as the standings show it: each seat's points, where its entry stands,
/// the game's columns and each seat's part in words.
fn period<G: RoundGame>(
    number: u32,
    round: &G::Round,
    closed: bool,
    seats: usize,
    options: &G::Options,
) -> Period {
    Period {
        number,
        points: (0..seats)
            .map(|s| round.seated(s).then(|| round.points(s, options)).flatten())
            .collect(),
        entries: (0..seats)
            .map(|s| G::status(round, s, closed, options))
            .collect(),
        columns: G::columns(round, seats, closed, options),
        details: (0..seats)
            .map(|s| {
                if round.seated(s) {
                    G::detail(round, s, closed, options)
                } else {
                    String::new()
                }
            })
            .collect(),
    }
}

/// The opening line of the open round: who still needs an entry, or that `end`
/// closes it. A game that says more of the open round (`RoundGame::situation`: whose
/// deal, who is to bid) says this too.
pub fn waiting<G: RoundGame>(scene: &Scene<'_, G>) -> Vec<String> {
    let (state, roster) = (scene.state, scene.roster);
    let waiting = waiting_for(state.open(), roster);
    let period = G::CALLED.period;
    let n = state.number();
    vec![if waiting.is_empty() {
        format!("{period} {n}: every player has an entry; `end` closes it")
    } else {
        format!(
            "{period} {n}: no entry yet for {} ({})",
            and_list(&waiting),
            G::ENTRY_HINT
        )
    }]
}
