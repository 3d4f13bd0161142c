//! `umpire run` and `umpire take`: the TAKE rummy run and take engines from the shell.

use clap::{ArgMatches, Args, FromArgMatches};

use super::cards::{Typed, check_deck, parse_typed, show};
use super::runs::{self, Run, judge};
use super::takes;
use crate::contract::{Answer, Given, OneShot, Refusal};

/// The game's shell commands.
pub(super) const ONE_SHOTS: &[OneShot] = &[
    OneShot {
        name: "run",
        command: run_command,
        input: |_| None,
        what: "",
        needs_lexicon: false,
        run,
        prompt: None,
    },
    OneShot {
        name: "take",
        command: take_command,
        input: |_| None,
        what: "",
        needs_lexicon: false,
        run: take,
        prompt: None,
    },
];

#[derive(Debug, Args)]
struct RunArgs {
    /// The cards (any order; ranges like 5C-9C; JK=4C for a joker's meaning).
    #[arg(value_name = "CARD", required = true)]
    cards: Vec<String>,
    /// Print {valid, reason, run, jokers, value, locked}.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct TakeArgs {
    /// The runs on the table (commas between runs), +, then the cards from hand.
    #[arg(value_name = "RUN[, RUN...] + CARDS", required = true)]
    words: Vec<String>,
    /// Print {valid, reason, run, value, locked}.
    #[arg(long)]
    json: bool,
}

fn run_command() -> clap::Command {
    clap::Command::new("run")
        .about("Judge cards as a TAKE rummy run: 3+ cards of one suit in order, jokers standing in. Exit 0 when they are a run, 1 when not, 2 when the cards cannot be read.")
        .after_help("Cards: 5C, 10H or TH, QS, AD, JK (or '*') for a joker; suits C D H S or ♣ ♦ ♥ ♠,\nany case; ranges such as 5C-9C. Cards may be typed in any order. A joker\nnot needed for a gap extends the run downward when typed first, upward\notherwise; JK=4C says what a joker stands for.\n\nExamples:\n  umpire run 5C 6C 7C\n  umpire run JK 2D 3D                 the joker as the ace: JK=AD 2D 3D\n  umpire run 2H-AH                    locked: complete, cannot be taken\n  umpire run --json 5C JK=6C 7C\n  umpire run KC AC 2C                 not a run: it wraps (exit 1)")
        .defer(RunArgs::augment_args)
}

fn take_command() -> clap::Command {
    clap::Command::new("take")
        .about("Rule on a TAKE rummy take: cards from hand added to a run on the table, or joining several. Exit 0 when allowed, 1 when not, 2 when the input cannot be read.")
        .after_help("Type the runs on the table separated by commas, then + and the cards from\nhand. A locked run (complete at 13 cards) cannot be taken; a joker on the\ntable keeps the card it stands for.\n\nExamples:\n  umpire take 5C 6C 7C + 8C                   the sheet's take\n  umpire take 2D 3D 4D 5D, 7D 8D 9D + 6D      the sheet's double take\n  umpire take 2D-4D, 6D-8D, 10D-QD + 5D 9D    two cards bridging three runs\n  umpire take 2S-KS + AS                      locking it up\n  umpire take --json QH KH AH + JK            the joker goes below: JH")
        .defer(TakeArgs::augment_args)
}

/// `umpire run CARDS...`: is it a run, and why.
fn run(matches: &ArgMatches, _: &Given<'_>) -> Result<Answer, Refusal> {
    let args = RunArgs::from_arg_matches(matches).map_err(|e| Refusal::input(e.to_string()))?;
    let cards = read_cards(&args.cards.join(" "), "")?;
    let verdict = runs::verdict(&cards);
    if args.json {
        return Answer::json(&verdict, verdict.valid);
    }
    {
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
        Ok(labelled(&lines, verdict.valid))
    }
}

/// `umpire take RUN[, RUN] + CARDS`: may these cards take these runs, and what results.
fn take(matches: &ArgMatches, _: &Given<'_>) -> Result<Answer, Refusal> {
    let args = TakeArgs::from_arg_matches(matches).map_err(|e| Refusal::input(e.to_string()))?;
    let text = args.words.join(" ");
    let usage = || {
        Refusal::input(
            "take needs the runs on the table, then + and the cards from hand, e.g. umpire take 5C 6C 7C + 8C",
        )
    };
    let (table, hand) = text.split_once('+').ok_or_else(usage)?;
    if hand.contains('+') {
        return Err(Refusal::input(
            "one + only: the runs on the table before it, the cards from hand after it",
        ));
    }
    let parts: Vec<&str> = table.split(',').collect();
    let mut runs: Vec<Run> = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let which = match (parts.len(), i) {
            (1, _) => "the run on the table".to_string(),
            (_, 0) => "the first run on the table".to_string(),
            (_, 1) => "the second run on the table".to_string(),
            (_, 2) => "the third run on the table".to_string(),
            (_, n) => format!("run {} on the table", n + 1),
        };
        let which = which.as_str();
        if part.trim().is_empty() {
            return Err(Refusal::input(format!(
                "{which} is missing: type its cards before +, e.g. umpire take 5C 6C 7C + 8C"
            )));
        }
        let typed = read_cards(part, which)?;
        let run = judge(&typed)
            .map_err(|e| Refusal::input(format!("{which}, {}, is not a run: {e}", show(&typed))))?;
        runs.push(run);
    }
    let hand = read_cards(hand, "the cards from hand")?;
    let all = runs
        .iter()
        .flat_map(Run::cards)
        .chain(hand.iter().map(|t| t.card()));
    check_deck(all).map_err(|e| Refusal::input(e.to_string()))?;

    let on: Vec<&Run> = runs.iter().collect();
    let verdict = takes::verdict(&on, &hand);
    if args.json {
        return Answer::json(&verdict, verdict.valid);
    }
    {
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
        Ok(labelled(&lines, verdict.valid))
    }
}

/// Reads typed cards and checks them against the deck; bad input is exit 2. `what`
/// names the part of the line in messages ("the first run on the table").
fn read_cards(text: &str, what: &str) -> Result<Vec<Typed>, Refusal> {
    let with = |e: String| {
        if what.is_empty() {
            Refusal::input(e)
        } else {
            Refusal::input(format!("{what}: {e}"))
        }
    };
    let cards = parse_typed(text).map_err(|e| with(e.to_string()))?;
    check_deck(cards.iter().map(|t| t.card())).map_err(|e| with(e.to_string()))?;
    Ok(cards)
}

/// Label and value lines, the values lined up.
fn labelled(lines: &[(&str, String)], yes: bool) -> Answer {
    let width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let text: Vec<String> = lines
        .iter()
        .map(|(k, v)| format!("{k:<width$}  {v}"))
        .collect();
    Answer::text(text.join("\n"), yes)
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}
