//! The entries the core itself records (a note, a player joining, a rename, a word
//! checked, the table's own ruling on a word), turned from a typed line into events.
//! The prompt records them; `fix #N LINE` makes them again at an earlier point.

use crate::contract::Roster;
use crate::contract::event::{CoreEvent, Event, Ruling};
use crate::lexicon::{Lexicon, Rules, judge};
use crate::text::{printable, printable_text};

/// Longest note: a remark, not a document.
pub(super) const MAX_NOTE: usize = 500;

/// The largest starting score the house may give a late joiner, either way.
pub(super) const MAX_START: i64 = 1_000_000;

/// Longest reason given with `allow` or `deny`, as for a note.
const MAX_WHY: usize = MAX_NOTE;

pub(super) fn note<E>(args: &str) -> Result<Event<E>, String> {
    let text = args.trim();
    if text.is_empty() {
        return Err("note needs some text, e.g. note carol arrived late".into());
    }
    if text.chars().count() > MAX_NOTE {
        return Err(format!("a note is at most {MAX_NOTE} characters"));
    }
    Ok(Event::Core(CoreEvent::Noted { text: text.into() }))
}

/// `add NAME [--score N]`: a player joins, from 0 or from the score the house gives.
pub(super) fn add<E>(args: &str) -> Result<Event<E>, String> {
    let usage = "add takes a name and maybe a starting score, e.g. add dave or add dave --score 40";
    let parts: Vec<&str> = args.split_whitespace().collect();
    let (name, score) = match parts[..] {
        [name] => (name, None),
        [name, "--score", n] | ["--score", n, name] => match n.parse::<i64>() {
            Ok(n) if n.checked_abs().is_some_and(|a| a <= MAX_START) => (name, Some(n)),
            _ => return Err(format!("{} is not a score; {usage}", printable(n))),
        },
        _ => return Err(usage.into()),
    };
    Ok(Event::Core(CoreEvent::PlayerJoined {
        name: name.into(),
        score,
    }))
}

/// `rename OLD NEW`, OLD spelt as the players are now.
pub(super) fn rename<E>(args: &str, roster: &Roster) -> Result<Event<E>, String> {
    let parts: Vec<&str> = args.split_whitespace().collect();
    let [from, to] = parts[..] else {
        return Err("rename takes the old and the new name, e.g. rename bob robert".into());
    };
    let from = roster
        .find(from)
        .map(|i| roster.name(i).to_string())
        .map_err(|e| e.message)?;
    if from == to {
        let shown = printable_text(&from);
        return Err(format!(
            "{shown} is already called that: rename takes a new name, e.g. rename {shown} {shown}2"
        ));
    }
    Ok(Event::Core(CoreEvent::PlayerRenamed {
        from,
        to: to.into(),
    }))
}

/// `check WORD...`: the words judged under `rules`, as a ruling filed under `round`.
pub(super) fn check(
    lexicon: &Lexicon,
    rules: &Rules,
    args: &str,
    round: u32,
) -> Result<Ruling, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    if words.is_empty() {
        return Err("check needs words, e.g. check qi dont".into());
    }
    let mut verdicts = Vec::with_capacity(words.len());
    for w in words {
        verdicts.push(judge(lexicon, rules, w).map_err(|e| format!("{}: {e}", printable(w)))?);
    }
    Ok(Ruling {
        asked: "check".into(),
        player: None,
        round,
        rules: rules.describe(),
        words: verdicts,
        faults: Vec::new(),
        remarks: Vec::new(),
    })
}

/// `allow WORD [WHY]` or `deny WORD [WHY]`: the table's own verdict on a word.
pub(super) fn house<E>(allowed: bool, args: &str) -> Result<Event<E>, String> {
    let verb = if allowed { "allow" } else { "deny" };
    let usage = format!(
        "{verb} takes a word and maybe why, e.g. {verb} {} {}",
        if allowed { "swift" } else { "qi" },
        if allowed {
            "the table agreed Swift is an author"
        } else {
            "not played at this table"
        }
    );
    let args = args.trim();
    let (word, why) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
    if word.is_empty() {
        return Err(usage);
    }
    let mut key = String::new();
    crate::lexicon::fold::fold_into(word, &mut key)
        .map_err(|e| format!("{}: {e}", printable(word)))?;
    let why = why.trim();
    if why.chars().count() > MAX_WHY {
        return Err(format!("the reason is at most {MAX_WHY} characters"));
    }
    Ok(Event::Core(CoreEvent::HouseRuled {
        word: key.to_uppercase(),
        allowed,
        why: why.to_string(),
    }))
}
