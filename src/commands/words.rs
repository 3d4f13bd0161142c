//! `umpire word-moves` and `umpire take-word`: Word Making & Word Taking's move finder
//! and take ruling from the shell, with the same engines the prompt uses.

use std::path::Path;

use serde_json::json;

use super::{CommandError, Outcome, open_lexicon};
use crate::cli::{TakeWordArgs, WordMovesArgs};
use crate::games::word_taking::letters::{LetterError, Letters, Word};
use crate::games::word_taking::moves::{Finder, HeldWord, MoveKind};
use crate::games::word_taking::referee::Referee;
use crate::games::word_taking::supply::Supply;
use crate::games::word_taking::take;
use crate::lexicon::{Plurals, RuleSet};
use crate::text::count;

/// Typed letters, where nothing at all means none.
fn letters(flag: &str, text: &str) -> Result<Letters, CommandError> {
    if text.trim().is_empty() {
        return Ok(Letters::default());
    }
    Letters::parse(text).map_err(|e| CommandError::usage(format!("{flag}: {e}")))
}

fn word(text: &str) -> Result<Word, CommandError> {
    Word::parse(text).map_err(|e: LetterError| CommandError::usage(e.to_string()))
}

/// `umpire word-moves --centre LETTERS WORD...`.
pub fn moves(dict: Option<&Path>, args: &WordMovesArgs) -> Result<Outcome, CommandError> {
    let rules = args
        .rules
        .to_rules(RuleSet::WordTaking)
        .map_err(CommandError::usage)?;
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
    let lexicon = open_lexicon(dict)?;
    let supply = Supply::centre(centre);
    // Only the words these letters can spell are judged.
    let finder = Finder::for_table(&lexicon, &rules, &supply, &held)
        .map_err(|e| CommandError::usage(e.to_string()))?;
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
        super::print_json(&list)?;
    } else {
        // One write for the whole list: a reader that stops early (`| head`) ends it
        // quietly, as for `check`.
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
        super::out(&text)?;
    }
    Ok(if moves.is_empty() {
        Outcome::No
    } else {
        Outcome::Yes
    })
}

/// `umpire take-word OLD NEW [--pool LETTERS] [--own]`.
pub fn take(dict: Option<&Path>, args: &TakeWordArgs) -> Result<Outcome, CommandError> {
    let rules = args
        .rules
        .to_rules(RuleSet::WordTaking)
        .map_err(CommandError::usage)?;
    let old = word(&args.old)?;
    let new = word(&args.new)?;
    // Without a pool, whatever NEW adds is taken to be on the table.
    let pool = match &args.pool {
        Some(p) => letters("--pool", p)?,
        None => new.letters().minus(&old.letters()).unwrap_or_default(),
    };
    let lexicon = open_lexicon(dict)?;
    let plurals = Plurals::new()?;
    let referee = Referee::new(&lexicon, &rules, &plurals);
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
        super::print_json(&out)?;
    } else {
        let verdict = if valid { "valid" } else { "not valid" };
        super::out(&format!("{verdict}: {reason}"))?;
    }
    Ok(if valid { Outcome::Yes } else { Outcome::No })
}
