//! The word check anyone at the table can use (`GET /check?word=W`): the served
//! session's word judge, read-only. A look-up, not a ruling: nothing is written to the
//! log, and the prompt's `check` stays the scorekeeper's way to make a ruling that
//! counts.
//!
//! Each client address has a small allowance of look-ups, refilled over time (a token
//! bucket): enough to check every word of a round's end in a burst, while a phone (or
//! a script) that asks without pause gets 429 and a `Retry-After` instead of a verdict.
//! A look-up costs microseconds; the allowance is there so that no one client's flood
//! fills the one thread that answers everybody.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use super::page::Checked;
use crate::lexicon::{Lexicon, Rules, judge};

/// The longest word looked up, in characters: longer than any word in the dictionary,
/// short enough that no request makes the judge fold a novel.
pub(super) const LONGEST_WORD: usize = 64;

/// How many look-ups a client may make at once.
pub(super) const BURST: f64 = 20.0;
/// How many more a client may make each second after its burst.
pub(super) const PER_SECOND: f64 = 5.0;
/// How many clients' allowances are remembered; past that, the ones that have refilled
/// are forgotten (they would start full anyway), and then the longest unused.
const CLIENTS: usize = 4096;

/// Each client address's allowance (of look-ups, or of a scorekeeper's writes).
pub(super) struct Allowance {
    buckets: HashMap<IpAddr, Bucket>,
    burst: f64,
    per_second: f64,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Allowance {
    /// The word check's: [`BURST`] at once, [`PER_SECOND`] after.
    pub(super) fn new() -> Allowance {
        Allowance::with(BURST, PER_SECOND)
    }

    /// `burst` at once, then `per_second`.
    pub(super) fn with(burst: f64, per_second: f64) -> Allowance {
        Allowance {
            buckets: HashMap::new(),
            burst,
            per_second,
        }
    }

    /// Takes one look-up from `client`'s allowance at `now`: `Ok` if there was one,
    /// else how long until there is.
    pub(super) fn take(&mut self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        if !self.buckets.contains_key(&client) && self.buckets.len() >= CLIENTS {
            self.forget(now);
        }
        let (burst, per_second) = (self.burst, self.per_second);
        let bucket = self.buckets.entry(client).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        let since = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + since * per_second).min(burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / per_second))
        }
    }

    /// Makes room: every full allowance goes, and if none is full, the longest unused.
    fn forget(&mut self, now: Instant) {
        let (burst, per_second) = (self.burst, self.per_second);
        let full = |b: &Bucket| {
            b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * per_second >= burst
        };
        self.buckets.retain(|_, b| !full(b));
        if self.buckets.len() >= CLIENTS
            && let Some(oldest) = self
                .buckets
                .iter()
                .min_by_key(|(_, b)| b.at)
                .map(|(ip, _)| *ip)
        {
            self.buckets.remove(&oldest);
        }
    }
}

/// The `word` parameter of a query string (`word=qi&x=1`), decoded as a form sends it
/// (`+` for a space, `%XX` for a byte): `Ok(None)` when there is none, or it is not
/// text, and `Err` when there are two (`word=qi&word=za`), which asks for two look-ups
/// in one, as a `word` of two words does.
pub(super) fn word_in(query: Option<&str>) -> Result<Option<String>, TwoWords> {
    let Some(query) = query else {
        return Ok(None);
    };
    let mut values = query
        .split('&')
        .filter_map(|pair| pair.strip_prefix("word="));
    let first = values.next();
    if values.next().is_some() {
        return Err(TwoWords);
    }
    Ok(first.and_then(decode))
}

/// A query that gives `word` more than once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TwoWords;

impl TwoWords {
    /// Why no look-up was made: the same words as for a `word` of two words.
    pub(super) fn refused(self) -> Checked {
        Checked::Refused(ONE_AT_A_TIME.into())
    }
}

/// The refusal of a check that asks for more than one word.
const ONE_AT_A_TIME: &str = "one word at a time";

/// Percent-decoding as `application/x-www-form-urlencoded` has it.
pub(super) fn decode(s: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(s.len());
    let mut rest = s.bytes();
    while let Some(b) = rest.next() {
        match b {
            b'+' => bytes.push(b' '),
            b'%' => {
                let hi = rest.next().and_then(|h| (h as char).to_digit(16))?;
                let lo = rest.next().and_then(|l| (l as char).to_digit(16))?;
                bytes.push((hi * 16 + lo) as u8);
            }
            b => bytes.push(b),
        }
    }
    String::from_utf8(bytes).ok()
}

/// Judges what was asked under `rules`: one word, the judge's verdict on it, or why
/// no look-up was made. In judge mode the reason is only "acceptable" or "not
/// acceptable".
pub(super) fn look_up(
    asked: Option<&str>,
    lexicon: &Lexicon,
    rules: &Rules,
    judge_mode: bool,
) -> Checked {
    let Some(asked) = asked.map(str::trim).filter(|w| !w.is_empty()) else {
        return Checked::Refused("type a word to check".into());
    };
    if asked.chars().count() > LONGEST_WORD {
        return Checked::Refused(format!(
            "that is longer than any word ({LONGEST_WORD} letters at most)"
        ));
    }
    if asked.split_whitespace().nth(1).is_some() {
        return Checked::Refused(ONE_AT_A_TIME.into());
    }
    match judge(lexicon, rules, asked) {
        Ok(v) => Checked::Verdict {
            reason: if judge_mode {
                if v.allowed {
                    "acceptable"
                } else {
                    "not acceptable"
                }
                .to_string()
            } else {
                v.reason
            },
            word: v.word,
            allowed: v.allowed,
        },
        Err(e) => Checked::Refused(format!("{}: {e}", crate::text::printable(asked))),
    }
}

/// The look-up as JSON: `word`, `allowed` and `reason` (with `rules` and whether the
/// answer is a word judge's), or `error` when none was made.
pub(super) fn json(checked: &Checked, rules: &Rules, judge_mode: bool) -> String {
    let value = match checked {
        Checked::Verdict {
            word,
            allowed,
            reason,
        } => serde_json::json!({
            "word": word,
            "allowed": allowed,
            "reason": reason,
            "rules": rules.describe(),
            "judge": judge_mode,
        }),
        Checked::Refused(why) => serde_json::json!({ "error": why }),
    };
    let mut text = value.to_string();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexicon() -> Lexicon {
        Lexicon::embedded().expect("the dictionary")
    }

    fn rules() -> Rules {
        crate::registry::test_with().games.default_rules()
    }

    #[test]
    fn the_word_is_read_from_the_query_as_a_form_sends_it() {
        let word = |q| word_in(q).expect("one word parameter at most");
        assert_eq!(word(Some("word=qi")).as_deref(), Some("qi"));
        assert_eq!(word(Some("x=1&word=x%2Dray")).as_deref(), Some("x-ray"));
        assert_eq!(word(Some("word=caf%C3%A9")).as_deref(), Some("café"));
        assert_eq!(word(Some("word=two+words")).as_deref(), Some("two words"));
        assert_eq!(word(Some("word=%FF")), None, "not text");
        assert_eq!(word(Some("word=%4")), None, "cut short");
        assert_eq!(word(Some("words=qi")), None);
        assert_eq!(word(None), None);
    }

    #[test]
    fn a_query_giving_the_word_twice_is_two_words_not_its_first() {
        for q in ["word=qi&word=za", "word=&word=qi", "word=qi&x=1&word=qi"] {
            assert_eq!(word_in(Some(q)), Err(TwoWords), "{q}");
        }
        assert_eq!(
            TwoWords.refused(),
            Checked::Refused("one word at a time".into())
        );
    }

    #[test]
    fn a_look_up_gives_the_judge_s_verdict_and_reason_or_in_judge_mode_only_acceptable_or_not() {
        let (lex, rules) = (lexicon(), rules());
        assert_eq!(
            look_up(Some("qi"), &lex, &rules, false),
            Checked::Verdict {
                word: "QI".into(),
                allowed: true,
                reason: "SCOWL 70 (uncommon)".into()
            }
        );
        let Checked::Verdict {
            allowed, reason, ..
        } = look_up(Some("dont"), &lex, &rules, false)
        else {
            panic!("a verdict")
        };
        assert!(!allowed);
        assert!(reason.contains("apostrophe"), "{reason}");
        assert_eq!(
            look_up(Some("dont"), &lex, &rules, true),
            Checked::Verdict {
                word: "DONT".into(),
                allowed: false,
                reason: "not acceptable".into()
            }
        );
    }

    #[test]
    fn no_word_two_words_or_a_novel_get_no_look_up() {
        let (lex, rules) = (lexicon(), rules());
        for asked in [None, Some(""), Some("  "), Some("qi za")] {
            assert!(
                matches!(look_up(asked, &lex, &rules, false), Checked::Refused(_)),
                "{asked:?}"
            );
        }
        let long = "a".repeat(LONGEST_WORD + 1);
        assert!(matches!(
            look_up(Some(&long), &lex, &rules, false),
            Checked::Refused(_)
        ));
    }

    #[test]
    fn a_client_gets_its_burst_then_waits_for_the_allowance_to_refill() {
        let mut allowance = Allowance::new();
        let (one, two): (IpAddr, IpAddr) = (
            "10.0.0.1".parse().expect("ip"),
            "10.0.0.2".parse().expect("ip"),
        );
        let start = Instant::now();
        for _ in 0..BURST as usize {
            assert!(allowance.take(one, start).is_ok());
        }
        let wait = allowance.take(one, start).expect_err("the burst is spent");
        assert!(wait > Duration::ZERO && wait <= Duration::from_secs_f64(1.0 / PER_SECOND));
        assert!(
            allowance.take(two, start).is_ok(),
            "another client has its own"
        );
        assert!(allowance.take(one, start + wait).is_ok(), "refilled");
    }

    #[test]
    fn the_allowances_remembered_are_bounded() {
        let mut allowance = Allowance::new();
        let now = Instant::now();
        for k in 0..(CLIENTS as u32 + 100) {
            let ip = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + k));
            assert!(allowance.take(ip, now).is_ok());
        }
        assert!(allowance.buckets.len() <= CLIENTS);
    }

    #[test]
    fn the_json_answer_holds_word_allowed_and_reason() {
        let rules = rules();
        let v: serde_json::Value = serde_json::from_str(&json(
            &Checked::Verdict {
                word: "QI".into(),
                allowed: true,
                reason: "SCOWL 70 (uncommon)".into(),
            },
            &rules,
            false,
        ))
        .expect("json");
        assert_eq!(v["word"], "QI");
        assert_eq!(v["allowed"], true);
        assert_eq!(v["reason"], "SCOWL 70 (uncommon)");
        assert_eq!(v["judge"], false);
        let e: serde_json::Value = serde_json::from_str(&json(
            &Checked::Refused("one word at a time".into()),
            &rules,
            false,
        ))
        .expect("json");
        assert_eq!(e["error"], "one word at a time");
    }
}
