//! `umpire word-moves` and `umpire take-word`: Word Making & Word Taking's move finder
//! and take ruling from the shell, with the same engines the prompt uses.

use clap::{ArgMatches, Args, FromArgMatches};
use serde_json::json;

use super::letters::{LetterError, Letters, Word};
use super::moves::{Finder, HeldWord, MoveKind};
use super::referee::Referee;
use super::supply::Supply;
use super::take;
use crate::contract::{Answer, Given, OneShot, Refusal};
use crate::lexicon::{Plurals, RuleArgs};
use crate::text::count;

/// The game's shell commands.
pub(super) const ONE_SHOTS: &[OneShot] = &[
    OneShot {
        name: "word-moves",
        command: moves_command,
        input: |_| None,
        what: "",
        needs_lexicon: true,
        run: moves,
        prompt: None,
    },
    OneShot {
        name: "take-word",
        command: take_command,
        input: |_| None,
        what: "",
        needs_lexicon: true,
        run: take,
        prompt: None,
    },
];

#[derive(Debug, Args)]
struct WordMovesArgs {
    /// The letters in the centre, e.g. PST (empty for none).
    #[arg(long, value_name = "LETTERS")]
    centre: String,
    /// The words on the table.
    #[arg(value_name = "WORD")]
    words: Vec<String>,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print a JSON array of {word, from, added}: from is the word taken, null for a
    /// make; added the letters added (all of a make's).
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct TakeWordArgs {
    /// The word on the table.
    old: String,
    /// The word it would become.
    new: String,
    /// The letters NEW may add from: the centre and any letter drawn.
    #[arg(long, value_name = "LETTERS")]
    pool: Option<String>,
    /// OLD is the taker's own word: only an S may be added, plural or not (rule 4).
    #[arg(long)]
    own: bool,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print {valid, reason, added, old, new, rules}.
    #[arg(long)]
    json: bool,
}

fn moves_command() -> clap::Command {
    clap::Command::new("word-moves")
        .about("Word Making & Word Taking: every take of the given words (as by a player who holds none of them) and every make from the centre's letters. Exit 0 when there is at least one, 1 when none.")
        .after_help("Examples:\n  umpire word-moves --centre S AMPLE\n  umpire word-moves --centre PST LAME CAT --min-length 3\n  umpire word-moves --centre VE --rules names-places NICE\n  umpire word-moves --centre AEST --json | jq '.[] | select(.from == null)'")
        .defer(WordMovesArgs::augment_args)
}

fn take_command() -> clap::Command {
    clap::Command::new("take-word")
        .about("Word Making & Word Taking: may OLD be taken as NEW? Exit 0 valid, 1 not, 2 bad input.")
        .after_help("Without --pool the letters NEW adds are taken to be on the table; with it,\nthey must come from those letters.\n\nExamples:\n  umpire take-word AMPLE SAMPLE --pool S\n  umpire take-word CAT CATS                  (refused: only a plural)\n  umpire take-word CAT CATS --own            (an S on one's own word: allowed)\n  umpire take-word OX OXEN --json")
        .defer(TakeWordArgs::augment_args)
}

/// Typed letters, where nothing at all means none.
fn letters(flag: &str, text: &str) -> Result<Letters, Refusal> {
    if text.trim().is_empty() {
        return Ok(Letters::default());
    }
    Letters::parse(text).map_err(|e| Refusal::input(format!("{flag}: {e}")))
}

fn word(text: &str) -> Result<Word, Refusal> {
    Word::parse(text).map_err(|e: LetterError| Refusal::input(e.to_string()))
}

/// `umpire word-moves --centre LETTERS WORD...`.
fn moves(matches: &ArgMatches, given: &Given<'_>) -> Result<Answer, Refusal> {
    let args =
        WordMovesArgs::from_arg_matches(matches).map_err(|e| Refusal::input(e.to_string()))?;
    let rules = args.rules.to_rules(super::WORD_TAKING, given.rule_sets)?;
    let centre = letters("--centre", &args.centre)?;
    let held = args
        .words
        .iter()
        .map(|w| {
            word(w).map(|word| HeldWord {
                owner: String::new(),
                word,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let lexicon = given.lexicon()?;
    let supply = Supply::centre(centre);
    // Only the words these letters can spell are judged.
    let finder = Finder::for_table(lexicon, &rules, &supply, &held)
        .map_err(|e| Refusal::input(e.to_string()))?;
    let moves = finder.find(&supply, &held, None);
    if args.json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| {
                json!({
                    "word": m.word,
                    "from": m.from,
                    "added": m.added.letters().compact(),
                })
            })
            .collect();
        return Answer::json(&list, !moves.is_empty());
    }
    {
        let takes = moves.iter().filter(|m| m.kind == MoveKind::Take).count();
        let mut text = String::new();
        for m in moves.iter() {
            match &m.from {
                Some(from) => text.push_str(&format!(
                    "take {from} +{} -> {}\n",
                    m.added.letters().compact(),
                    m.word
                )),
                None => text.push_str(&format!("make {}\n", m.word)),
            }
        }
        text.push_str(&format!(
            "{}, {} ({})",
            count(takes as i64, "take", "takes"),
            count((moves.len() - takes) as i64, "make", "makes"),
            rules.describe()
        ));
        Ok(Answer::text(text, !moves.is_empty()))
    }
}

/// `umpire take-word OLD NEW [--pool LETTERS] [--own]`.
fn take(matches: &ArgMatches, given: &Given<'_>) -> Result<Answer, Refusal> {
    let args =
        TakeWordArgs::from_arg_matches(matches).map_err(|e| Refusal::input(e.to_string()))?;
    let rules = args.rules.to_rules(super::WORD_TAKING, given.rule_sets)?;
    let old = word(&args.old)?;
    let new = word(&args.new)?;
    // Without a pool, whatever NEW adds is taken to be on the table.
    let pool = match &args.pool {
        Some(p) => letters("--pool", p)?,
        None => new.letters().minus(&old.letters()).unwrap_or_default(),
    };
    let lexicon = given.lexicon()?;
    let plurals = Plurals::new().map_err(|e| Refusal::input(e.to_string()))?;
    let referee = Referee::new(lexicon, &rules, &plurals);
    let (valid, reason, added) =
        match take::rule(&referee, &old, &new, &Supply::centre(pool), args.own) {
            Ok(r) => (true, r.reason(), Some(r.added.letters())),
            Err(e) => (false, e.to_string(), e.added()),
        };
    if args.json {
        let out = json!({
            "valid": valid,
            "reason": reason,
            "added": added.map(|a| a.compact()),
            "old": old,
            "new": new,
            "rules": rules.describe(),
        });
        return Answer::json(&out, valid);
    }
    let verdict = if valid { "valid" } else { "not valid" };
    Ok(Answer::text(format!("{verdict}: {reason}"), valid))
}
