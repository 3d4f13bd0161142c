//! `umpire run` and `umpire take`: the TAKE rummy run and take engines from the shell.

use super::{CommandError, Outcome};
use crate::cards::{Typed, check_deck, parse_typed, show};
use crate::cli::{RunArgs, TakeArgs};
use crate::games::take_rummy::runs::{self, Run, judge};
use crate::games::take_rummy::takes::{self, MAX_TAKEN};

/// `umpire run CARDS...`: is it a run, and why.
pub fn run(args: &RunArgs) -> Result<Outcome, CommandError> {
    let cards = read_cards(&args.cards.join(" "), "")?;
    let verdict = runs::verdict(&cards);
    if args.json {
        super::print_json(&verdict)?;
    } else {
        let mut lines = Vec::new();
        if verdict.valid {
            lines.push(("run", show(&verdict.run)));
            lines.push(("verdict", format!("a run: {}", verdict.reason)));
            lines.push(("value", verdict.value.to_string()));
            lines.push(("locked", yes_no(verdict.locked)));
        } else {
            lines.push(("cards", show(&cards)));
            lines.push(("verdict", format!("not a run: {}", verdict.reason)));
        }
        print_lines(&lines)?;
    }
    Ok(outcome(verdict.valid))
}

/// `umpire take RUN[, RUN] + CARDS`: may these cards take these runs, and what results.
pub fn take(args: &TakeArgs) -> Result<Outcome, CommandError> {
    let text = args.words.join(" ");
    let usage = || {
        CommandError::usage(
            "take needs the runs on the table, then + and the cards from hand, e.g. umpire take 5C 6C 7C + 8C",
        )
    };
    let (table, hand) = text.split_once('+').ok_or_else(usage)?;
    if hand.contains('+') {
        return Err(CommandError::usage(
            "one + only: the runs on the table before it, the cards from hand after it",
        ));
    }
    let parts: Vec<&str> = table.split(',').collect();
    if parts.len() > MAX_TAKEN {
        return Err(CommandError::usage(format!(
            "{} runs before +: a take extends one run, or joins two (a double take)",
            parts.len()
        )));
    }
    let mut runs: Vec<Run> = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let which = match (parts.len(), i) {
            (1, _) => "the run on the table",
            (_, 0) => "the first run on the table",
            _ => "the second run on the table",
        };
        if part.trim().is_empty() {
            return Err(CommandError::usage(format!(
                "{which} is missing: type its cards before +, e.g. umpire take 5C 6C 7C + 8C"
            )));
        }
        let typed = read_cards(part, which)?;
        let run = judge(&typed).map_err(|e| {
            CommandError::usage(format!("{which}, {}, is not a run: {e}", show(&typed)))
        })?;
        runs.push(run);
    }
    let hand = read_cards(hand, "the cards from hand")?;
    let all = runs
        .iter()
        .flat_map(Run::cards)
        .chain(hand.iter().map(|t| t.card()));
    check_deck(all).map_err(|e| CommandError::usage(e.to_string()))?;

    let on: Vec<&Run> = runs.iter().collect();
    let verdict = takes::verdict(&on, &hand);
    if args.json {
        super::print_json(&verdict)?;
    } else {
        let table: Vec<String> = runs.iter().map(Run::to_string).collect();
        let mut lines = vec![("runs", table.join(", ")), ("cards", show(&hand))];
        if verdict.valid {
            lines.push(("verdict", format!("allowed: {}", verdict.reason)));
            lines.push(("run", show(&verdict.run)));
            lines.push(("value", verdict.value.to_string()));
            lines.push(("locked", yes_no(verdict.locked)));
        } else {
            lines.push(("verdict", format!("refused: {}", verdict.reason)));
        }
        print_lines(&lines)?;
    }
    Ok(outcome(verdict.valid))
}

/// Reads typed cards and checks them against the deck; bad input is exit 2. `what`
/// names the part of the line in messages ("the first run on the table").
fn read_cards(text: &str, what: &str) -> Result<Vec<Typed>, CommandError> {
    let with = |e: String| {
        if what.is_empty() {
            CommandError::usage(e)
        } else {
            CommandError::usage(format!("{what}: {e}"))
        }
    };
    let cards = parse_typed(text).map_err(|e| with(e.to_string()))?;
    check_deck(cards.iter().map(|t| t.card())).map_err(|e| with(e.to_string()))?;
    Ok(cards)
}

/// Label and value lines, the values lined up.
fn print_lines(lines: &[(&str, String)]) -> Result<(), CommandError> {
    let width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let text: Vec<String> = lines
        .iter()
        .map(|(k, v)| format!("{k:<width$}  {v}"))
        .collect();
    super::out(&text.join("\n"))
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

fn outcome(valid: bool) -> Outcome {
    if valid { Outcome::Yes } else { Outcome::No }
}
