//! The entries the core itself records (a note, a player joining, a rename, a word
//! checked, the table's own ruling on a word), turned from a typed line into events.
//! The prompt records them; `fix #N LINE` makes them again at an earlier point.

use crate::contract::Roster;
use crate::contract::event::{CoreEvent, Event, Ruling};
use crate::lexicon::{Lexicon, Rules, judge};
use crate::session::error::CoreError;
use crate::text::{printable, printable_text};

/// Longest note: a remark, not a document.
pub(in crate::session) const MAX_NOTE: usize = 500;

/// The largest starting score the house may give a late joiner, either way.
pub(in crate::session) const MAX_START: i64 = 1_000_000;

/// Longest reason given with `allow` or `deny`, as for a note.
pub(in crate::session) const MAX_WHY: usize = MAX_NOTE;

/// The most words one `check` takes, at the prompt and on a phone: a table checks the
/// words of a turn or a dispute, and each verdict is kept in the log's ruling and drawn
/// in the reply. A line of 1,000 two-letter words made an 85 KB log line and a 257 KB
/// answer to the phone that sent it. A list is the shell's `umpire check`, which
/// records nothing and takes any number.
pub(crate) const MAX_CHECK_WORDS: usize = 20;

pub(in crate::session) fn note<E>(args: &str) -> Result<Event<E>, CoreError> {
    let text = args.trim();
    if text.is_empty() {
        return Err(CoreError::NoteEmpty);
    }
    if text.chars().count() > MAX_NOTE {
        return Err(CoreError::NoteTooLong { max: MAX_NOTE });
    }
    Ok(Event::Core(CoreEvent::Noted { text: text.into() }))
}

/// `add NAME [--score N|highest|average|lowest]`: a player joins, from 0 or from the
/// score the house gives: a number, or the highest, the average (rounded) or the lowest
/// of `totals`, the players' totals as they stand.
pub(in crate::session) fn add<E>(args: &str, totals: &[i64]) -> Result<Event<E>, CoreError> {
    let parts: Vec<&str> = args.split_whitespace().collect();
    let (name, score) = match parts[..] {
        [name] => (name, None),
        [name, "--score", n] | ["--score", n, name] => match start(n, totals) {
            Some(n) if n.checked_abs().is_some_and(|a| a <= MAX_START) => (name, Some(n)),
            _ => {
                return Err(CoreError::NotAScore {
                    given: printable(n),
                });
            }
        },
        _ => return Err(CoreError::AddUsage),
    };
    Ok(Event::Core(CoreEvent::PlayerJoined {
        name: name.into(),
        score,
    }))
}

/// A late joiner's start as typed: a number, or the house's usual starts.
fn start(typed: &str, totals: &[i64]) -> Option<i64> {
    let wide: Vec<i128> = totals.iter().map(|t| i128::from(*t)).collect();
    let n = wide.len() as i128;
    let chosen = match typed.to_ascii_lowercase().as_str() {
        "highest" => wide.iter().max().copied(),
        "lowest" => wide.iter().min().copied(),
        // Rounded half up: (2·sum + n) / 2n, floored.
        "average" if n > 0 => Some((2 * wide.iter().sum::<i128>() + n).div_euclid(2 * n)),
        _ => return typed.parse::<i64>().ok(),
    };
    chosen.and_then(|c| i64::try_from(c).ok())
}

/// `rename OLD NEW`, OLD spelt as the players are now.
pub(in crate::session) fn rename<E>(args: &str, roster: &Roster) -> Result<Event<E>, CoreError> {
    let parts: Vec<&str> = args.split_whitespace().collect();
    let [from, to] = parts[..] else {
        return Err(CoreError::RenameUsage);
    };
    let from = roster
        .find(from)
        .map(|i| roster.name(i).to_string())
        .map_err(CoreError::Game)?;
    if from == to {
        return Err(CoreError::SameName {
            name: printable_text(&from),
        });
    }
    Ok(Event::Core(CoreEvent::PlayerRenamed {
        from,
        to: to.into(),
    }))
}

/// `check WORD...`: the words judged under `rules`, as a ruling filed under `round`.
pub(in crate::session) fn check(
    lexicon: &Lexicon,
    rules: &Rules,
    args: &str,
    round: u32,
) -> Result<Ruling, CoreError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    if words.is_empty() {
        return Err(CoreError::CheckEmpty);
    }
    if words.len() > MAX_CHECK_WORDS {
        return Err(CoreError::CheckTooMany {
            given: words.len(),
            max: MAX_CHECK_WORDS,
        });
    }
    let mut verdicts = Vec::with_capacity(words.len());
    for w in words {
        verdicts.push(judge(lexicon, rules, w).map_err(|e| CoreError::Word {
            word: printable(w),
            why: e.to_string(),
        })?);
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
pub(in crate::session) fn house<E>(allowed: bool, args: &str) -> Result<Event<E>, CoreError> {
    let args = args.trim();
    let (word, why) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
    if word.is_empty() {
        return Err(if allowed {
            CoreError::HouseUsage {
                verb: "allow",
                example: "swift the table agreed Swift is an author",
            }
        } else {
            CoreError::HouseUsage {
                verb: "deny",
                example: "qi not played at this table",
            }
        });
    }
    let mut key = String::new();
    crate::lexicon::fold::fold_into(word, &mut key).map_err(|e| CoreError::Word {
        word: printable(word),
        why: e.to_string(),
    })?;
    let why = why.trim();
    if why.chars().count() > MAX_WHY {
        return Err(CoreError::WhyTooLong { max: MAX_WHY });
    }
    Ok(Event::Core(CoreEvent::HouseRuled {
        word: key.to_uppercase(),
        allowed,
        why: why.to_string(),
    }))
}

#[cfg(test)]
mod tests {
    use super::start;

    /// A late joiner's start: a number as typed, or the highest, the average (rounded
    /// half up, negatives too) or the lowest of the totals; anything else is no score.
    #[test]
    fn a_start_is_a_number_or_the_house_s_usual_one() {
        let totals = [17, 5, 30];
        assert_eq!(start("40", &totals), Some(40));
        assert_eq!(start("-3", &totals), Some(-3));
        assert_eq!(start("highest", &totals), Some(30));
        assert_eq!(start("Lowest", &totals), Some(5));
        assert_eq!(start("average", &totals), Some(17));
        assert_eq!(start("average", &[1, 2]), Some(2));
        assert_eq!(start("average", &[-1, -2]), Some(-1));
        assert_eq!(start("average", &[i64::MAX, i64::MAX]), Some(i64::MAX));
        assert_eq!(start("average", &[]), None);
        assert_eq!(start("most", &totals), None);
    }
}
