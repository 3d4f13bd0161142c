//! The first line of a session log: what was played, by whom, under which rules.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::contract::{Flag, FlagKind};
use crate::lexicon::{MAX_LEVEL, MAX_MIN_LENGTH, MIN_LEVEL, StoredRules};
use crate::session::error::SessionError;

/// The log format written by this version of umpire.
pub(crate) const FORMAT: u32 = 1;

/// The first line of a log: what was played, by whom, under which rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Header<O> {
    /// The log format version (see [`FORMAT`]).
    pub(crate) umpire: u32,
    pub(crate) game: String,
    pub(crate) name: String,
    pub(crate) created: String,
    pub(crate) players: Vec<String>,
    pub(crate) options: O,
    /// The word rules, for a game that judges words (logs of earlier versions hold
    /// them for every game, and keep them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rules: Option<StoredRules>,
}

/// Holds the word rules a header stores to the ranges `new` takes them in, before the
/// header is read: its `rules` (`level`, `min_length`) and, in its `options`, the value
/// of each of the game's level flags ([`FlagKind::Level`]). The ranges are the ones the
/// command line checks (the lexicon's levels, [`MAX_MIN_LENGTH`], the flag's own), so
/// each lives in one place. Returns a warning for each value brought into range.
///
/// A whole number out of range is read as the nearest end of it, and the log opens:
/// word rules decide only how words are judged from here on (a ruling given stands as
/// it was given, and replay judges no word again), so no total depends on them, and
/// refusing the log would lock a table out of its own evening over a setting. Anything
/// that is no whole number at all (a string, 2.5) is refused, naming the field, what it
/// holds and the range: there is no nearest value to read it as.
pub(in crate::session) fn fit_word_rules(
    header: &mut Value,
    flags: &[Flag],
) -> Result<Vec<Fitted>, SessionError> {
    let mut said = Vec::new();
    let levels = (i64::from(MIN_LEVEL), i64::from(MAX_LEVEL));
    if let Some(rules) = header.get_mut("rules").filter(|r| r.is_object()) {
        fit(rules, "word rules", "level", "level", levels, &mut said)?;
        let lengths = (1, i64::from(MAX_MIN_LENGTH));
        fit(
            rules,
            "word rules",
            "min_length",
            "min-length",
            lengths,
            &mut said,
        )?;
    }
    if let Some(options) = header.get_mut("options").filter(|o| o.is_object()) {
        for flag in flags {
            if let (FlagKind::Level { .. }, Some(range)) = (flag.kind, flag.kind.range()) {
                let field = flag.name.replace('-', "_");
                fit(options, "options", &field, flag.name, range, &mut said)?;
            }
        }
    }
    Ok(said)
}

/// Holds a header's options to what `new` takes them as, for each of the game's number
/// and text flags whose value the options keep under the flag's name (spelt with `_`):
/// a number in its flag's range, a text as the flag's check takes it. Unlike a word
/// rule, an option decides totals (a target, a length), so a value `new` would refuse
/// refuses the log, naming the field and what the flag takes, rather than being read as
/// another. A game that keeps a flag's value elsewhere checks it in `check_options`.
pub(in crate::session) fn hold_options(header: &Value, flags: &[Flag]) -> Result<(), SessionError> {
    let Some(options) = header.get("options").filter(|o| o.is_object()) else {
        return Ok(());
    };
    for flag in flags {
        let field = flag.name.replace('-', "_");
        let Some(value) = options.get(&field).filter(|v| !v.is_null()) else {
            continue;
        };
        match flag.kind {
            FlagKind::Number { min, max, .. }
                if !value.as_i64().is_some_and(|n| (min..=max).contains(&n)) =>
            {
                return Err(SessionError::HeaderRange {
                    value: shown(value),
                    flag: flag.name.to_string(),
                    field,
                    min,
                    max,
                });
            }
            FlagKind::Text { max } => {
                let checked = value
                    .as_str()
                    .ok_or_else(|| crate::contract::Refusal::input("text"))
                    .and_then(|t| crate::contract::check_text(t, max).map(|_| ()));
                if let Err(why) = checked {
                    return Err(SessionError::HeaderText {
                        value: shown(value),
                        flag: flag.name.to_string(),
                        why: why.to_string(),
                        field,
                    });
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// A number in a header outside the range its flag takes, read as the nearest in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitted {
    /// Which part of the header: "word rules" or "options".
    pub(crate) part: &'static str,
    /// The field, as the header spells it.
    pub(crate) field: String,
    /// Its value as the header holds it, shortened and escaped.
    pub(crate) value: String,
    /// The flag that sets it, without its dashes.
    pub(crate) flag: String,
    /// The least the flag takes.
    pub(crate) min: i64,
    /// The most the flag takes.
    pub(crate) max: i64,
    /// What it is read as.
    pub(crate) read: i64,
}

/// `part[field]`, when there, held to `min..=max` as `--flag` takes it.
fn fit(
    part: &mut Value,
    name: &'static str,
    field: &str,
    flag: &str,
    (min, max): (i64, i64),
    said: &mut Vec<Fitted>,
) -> Result<(), SessionError> {
    let Some(value) = part.get_mut(field) else {
        return Ok(());
    };
    let whole: Option<i128> = match value {
        Value::Number(n) => n
            .as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
            // 1e30 is a whole number too, past any range: a cast saturates.
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i128)),
        _ => None,
    };
    let Some(whole) = whole else {
        return Err(SessionError::HeaderNumber {
            part: name,
            field: field.to_string(),
            value: shown(value),
            flag: flag.to_string(),
            min,
            max,
        });
    };
    let fitted = whole.clamp(i128::from(min), i128::from(max));
    if fitted != whole {
        said.push(Fitted {
            part: name,
            field: field.to_string(),
            value: shown(value),
            flag: flag.to_string(),
            min,
            max,
            read: fitted as i64,
        });
        *value = Value::from(fitted as i64);
    }
    Ok(())
}

/// A header's value as JSON, shortened and escaped for a message: a header is a file
/// anyone can edit, and a value may be a megabyte of anything.
fn shown(value: &Value) -> String {
    const SHOWN: usize = 24;
    let json = value.to_string();
    match json.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}...", crate::text::printable_text(&json[..end])),
        None => crate::text::printable_text(&json),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_past_every_range_is_read_as_the_nearest_end_and_anything_else_refused() {
        let mut header = serde_json::json!({
            "rules": {"level": 1e30, "min_length": -5},
            "options": {}
        });
        let said = fit_word_rules(&mut header, &[]).expect("whole numbers");
        assert_eq!(header["rules"]["level"], 95);
        assert_eq!(header["rules"]["min_length"], 1);
        assert_eq!(said.len(), 2, "{said:?}");
        let mut fine = serde_json::json!({"rules": {"level": 50, "min_length": 3}});
        assert_eq!(
            fit_word_rules(&mut fine, &[]).expect("fine"),
            Vec::<Fitted>::new()
        );
        let mut null = serde_json::json!({"rules": {"level": null}});
        assert_eq!(
            fit_word_rules(&mut null, &[]).map_err(|e| e.to_string()),
            Err(
                "the header's word rules: level is null, not a whole number (--level takes 10 to 95)"
                    .to_string()
            )
        );
    }
}
