//! A log's text held to what typing could make. The prompt refuses a note over 500
//! characters and a line over [`MAX_LINE`]; a log is a file anyone can edit, and a
//! 50 MB note from one made `history` take 23 s and 340 MB and the page 100 MB. So
//! every entry is read here: each text typing bounds (a note, a reason, a name: the
//! core's own below, a game's by [`Prompt::texts`]) is held to its limit, and every
//! other text to all a command can carry ([`MAX_TEXT`]). Longer text is cut, marked
//! with `…`, and said once when the log is opened, never shown whole.
//!
//! Cutting, not setting the entry aside: what an entry counts for never rests on a
//! text longer than typing allows (a note counts for nothing, a penalty's +25 not on
//! its reason, and a name that long is no player's: the entry is refused as before),
//! so the totals stay what they were and the note keeps what it said first. The mark
//! makes a cut name one no player can have, so a cut never makes an entry fit.
//!
//! [`Prompt::texts`]: crate::contract::Prompt::texts

use serde_json::Value;

use crate::contract::event::{CoreEvent, Event, LogLine};
use crate::contract::{Game, MAX_BLOCK_LINES, MAX_LINE, Text};
use crate::session::log::store::RawLine;
use crate::session::record::entries::{MAX_NOTE, MAX_WHY};

/// All a command can carry, a line and a block's rows: no text an entry holds was made
/// from more (a grid's ruling, whose faults list its cells, is the longest, at about
/// 100,000 characters). What any text of a log is held to.
pub(in crate::session) const MAX_TEXT: usize = MAX_LINE * (MAX_BLOCK_LINES + 1);

/// The longest time or front end's name a log line holds: umpire writes 20 characters
/// (`2026-11-27T20:10:23Z`) and 5 (`phone`); RFC 3339 with a fraction and an offset is
/// 35.
const MAX_STAMP: usize = 40;

/// What a cut text shows at its end.
const MARK: char = '…';

/// A text of a log's entry that was cut: what it was, how long, and its limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// What the text is: "a note", "a name", "a text".
    pub(crate) what: &'static str,
    /// For a text held only to all a command can carry, the field that held it.
    pub(crate) field: Option<String>,
    /// How many characters it had.
    pub(crate) chars: usize,
    /// How many typing allows, which it is cut to.
    pub(crate) max: usize,
}

/// Cuts `text` to its first `max` characters and the mark; returns how many it had.
fn cut(text: &mut String, max: usize) -> Option<usize> {
    // A character is a byte or more: a text no longer in bytes is no longer in
    // characters, and is not counted.
    if text.len() <= max {
        return None;
    }
    let (end, _) = text.char_indices().nth(max)?;
    let chars = max + text[end..].chars().count();
    text.truncate(end);
    text.push(MARK);
    Some(chars)
}

/// Every text typing bounds in `event`, with its limit: the core's own events', the
/// game's through [`Prompt::texts`](crate::contract::Prompt::texts), and those of the
/// events a fix or an old correction holds.
fn texts<'a, G: Game>(event: &'a mut Event<G::Event>, out: &mut Vec<Text<'a>>) {
    let text = |what, text, max| Text { what, text, max };
    match event {
        Event::Game(e) => out.extend(G::texts(e)),
        Event::Core(core) => match core {
            CoreEvent::Noted { text: note } => out.push(text("a note", note, MAX_NOTE)),
            CoreEvent::HouseRuled { word, why, .. } => {
                out.push(text("a word", word, MAX_LINE));
                out.push(text("a house ruling's reason", why, MAX_WHY));
            }
            CoreEvent::PlayerJoined { name, .. } => out.push(Text::name(name)),
            CoreEvent::PlayerRenamed { from, to } => {
                out.push(Text::name(from));
                out.push(Text::name(to));
            }
            CoreEvent::Ruled { ruling } => {
                out.push(text("a ruling's question", &mut ruling.asked, MAX_LINE));
                if let Some(player) = &mut ruling.player {
                    out.push(Text::name(player));
                }
                for verdict in &mut ruling.words {
                    out.push(text("a word", &mut verdict.word, MAX_LINE));
                }
            }
            CoreEvent::Replaced {
                line, with, also, ..
            } => {
                out.push(text("a fix's line", line, MAX_LINE));
                for e in with {
                    texts::<G>(e, out);
                }
                for part in also {
                    out.push(text("a fix's line", &mut part.line, MAX_LINE));
                    for e in &mut part.with {
                        texts::<G>(e, out);
                    }
                }
            }
            CoreEvent::Corrected { entry, .. } => out.extend(G::texts(entry)),
            CoreEvent::Undone { .. } | CoreEvent::Redone { .. } => {}
        },
    }
}

/// Every string in `value` held to [`MAX_TEXT`], each cut said as the field that held
/// it; returns whether any was cut.
fn hold(value: &mut Value, field: &str, cuts: &mut Vec<Cut>) -> bool {
    match value {
        Value::String(s) => match cut(s, MAX_TEXT) {
            Some(chars) => {
                cuts.push(Cut {
                    what: "a text",
                    field: Some(field.to_string()),
                    chars,
                    max: MAX_TEXT,
                });
                true
            }
            None => false,
        },
        Value::Array(items) => items
            .iter_mut()
            .fold(false, |any, v| hold(v, field, cuts) | any),
        Value::Object(map) => map
            .iter_mut()
            .fold(false, |any, (k, v)| hold(v, k, cuts) | any),
        _ => false,
    }
}

/// An entry of game `G` read from its line, its text held to typing's limits.
pub(in crate::session) struct ReadLine<E> {
    pub(in crate::session) entry: LogLine<E>,
    /// What was cut.
    pub(in crate::session) cuts: Vec<Cut>,
    /// The line's own text of the event, when nothing in it was cut: what the session's
    /// ledger keeps, rather than writing the event out again.
    pub(in crate::session) text: Option<Box<serde_json::value::RawValue>>,
}

/// An entry of game `G` from its line, its text held to typing's limits.
pub(in crate::session) fn read_line<G: Game>(
    raw: RawLine,
) -> Result<ReadLine<G::Event>, serde_json::Error> {
    let mut event = Event::<G::Event>::from_raw(&raw.event)?;
    // No string in a shorter line can be longer than MAX_TEXT: most entries are not
    // looked at twice.
    let long = raw.event.get().len() > MAX_TEXT;
    let mut cuts = Vec::new();
    let mut bounded = Vec::new();
    texts::<G>(&mut event, &mut bounded);
    for t in bounded {
        if let Some(chars) = cut(t.text, t.max) {
            cuts.push(Cut {
                what: t.what,
                field: None,
                chars,
                max: t.max,
            });
        }
    }
    if long {
        let mut value = serde_json::to_value(&event)?;
        if hold(&mut value, "event", &mut cuts) {
            event = Event::from_value(value)?;
        }
    }
    // Only the event's own cuts so far: the time's and the front end's are kept apart.
    let text = cuts.is_empty().then_some(raw.event);
    let (mut at, mut by) = (raw.at, raw.by);
    if let Some(chars) = cut(&mut at, MAX_STAMP) {
        cuts.push(Cut {
            what: "a time",
            field: None,
            chars,
            max: MAX_STAMP,
        });
    }
    if let Some(chars) = by.as_mut().and_then(|b| cut(b, MAX_STAMP)) {
        cuts.push(Cut {
            what: "a front end's name",
            field: None,
            chars,
            max: MAX_STAMP,
        });
    }
    let entry = LogLine {
        seq: raw.seq,
        at,
        by,
        event,
    };
    Ok(ReadLine { entry, cuts, text })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_cut_to_its_first_characters_and_marked_and_a_short_one_left_alone() {
        let mut note = "é".repeat(600);
        assert_eq!(cut(&mut note, 500), Some(600));
        assert_eq!(note.chars().count(), 501);
        assert!(note.ends_with("é…"), "{note}");
        // 500 characters of two bytes each: longer in bytes, not in characters.
        let mut fits = "é".repeat(500);
        assert_eq!(cut(&mut fits, 500), None);
        assert_eq!(fits, "é".repeat(500));
        let mut short = String::from("carol is late");
        assert_eq!(cut(&mut short, 5), Some(13));
        assert_eq!(short, "carol…");
    }

    #[test]
    fn every_string_of_a_long_value_is_held_and_each_cut_named_by_its_field() {
        let long = "x".repeat(MAX_TEXT + 10);
        let mut value = serde_json::json!({
            "type": "ruled",
            "ruling": {"asked": "check", "words": [{"word": "QI", "reason": long}],
                       "faults": [long, "fine"]}
        });
        let mut cuts = Vec::new();
        assert!(hold(&mut value, "event", &mut cuts));
        let kept = |v: &Value| v.as_str().map(|s| s.chars().count());
        assert_eq!(
            kept(&value["ruling"]["words"][0]["reason"]),
            Some(MAX_TEXT + 1)
        );
        assert_eq!(kept(&value["ruling"]["faults"][0]), Some(MAX_TEXT + 1));
        assert_eq!(value["ruling"]["faults"][1], "fine");
        assert_eq!(
            cuts.iter()
                .map(|c| (c.what, c.field.as_deref()))
                .collect::<Vec<_>>(),
            [("a text", Some("reason")), ("a text", Some("faults"))]
        );
    }
}
