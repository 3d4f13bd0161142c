//! Tab completion and hints at the prompt: verbs, player names, the session's words and
//! the dictionary's, and each verb's arguments as a grey hint while typing.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, PoisonError};

use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Result};

use super::Known;
use crate::contract::Arg;
use crate::lexicon::Lexicon;

/// How many dictionary words Tab offers at most.
const WORD_CANDIDATES: usize = 40;

pub(super) struct Helper {
    known: Rc<RefCell<Known>>,
    lexicon: Arc<Lexicon>,
    color: bool,
    /// The prompt as the session stands now, when a phone moved it on while a line is
    /// being typed (a round it closed): drawn in place of the one the line began with.
    now: super::PromptNow,
}

impl Helper {
    pub(super) fn new(
        known: Rc<RefCell<Known>>,
        lexicon: Arc<Lexicon>,
        now: super::PromptNow,
    ) -> Helper {
        Helper {
            known,
            lexicon,
            color: crate::render::color_enabled(),
            now,
        }
    }

    /// The verb typed so far and the kind of the argument under the cursor.
    fn arg_kind(&self, before: &str) -> Option<(Option<Arg>, usize)> {
        // After the last whitespace character, whatever its width in bytes (a no-break
        // or ideographic space is several).
        let start = before
            .char_indices()
            .rfind(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let words: Vec<&str> = before[..start].split_whitespace().collect();
        let Some(verb) = words.first() else {
            return Some((Some(Arg::Verb), start));
        };
        let verb = verb.to_ascii_lowercase();
        let known = self.known.borrow();
        let spec = known.verbs.iter().find(|v| v.name == verb)?;
        let index = words.len() - 1;
        let kind = spec
            .completes
            .get(index)
            .or_else(|| spec.completes.last())
            .copied();
        Some((kind, start))
    }
}

fn pair(s: &str) -> Pair {
    Pair {
        display: s.to_string(),
        replacement: s.to_string(),
    }
}

impl Completer for Helper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Result<(usize, Vec<Pair>)> {
        let Some(before) = line.get(..pos) else {
            return Ok((pos, Vec::new()));
        };
        let Some((kind, start)) = self.arg_kind(before) else {
            return Ok((pos, Vec::new()));
        };
        let partial = before.get(start..).unwrap_or("");
        let lower = partial.to_lowercase();
        let known = self.known.borrow();
        let mut out: Vec<Pair> = match kind {
            Some(Arg::Verb) => {
                let mut names: Vec<&str> = known.verbs.iter().map(|v| v.name).collect();
                names.sort_unstable();
                names.dedup();
                names
                    .into_iter()
                    .filter(|n| n.starts_with(&lower))
                    .map(pair)
                    .collect()
            }
            Some(Arg::Player) => known
                .players
                .iter()
                .filter(|p| p.to_lowercase().starts_with(&lower))
                .map(|p| pair(p))
                .collect(),
            Some(Arg::Word) => {
                // The session's own words first, then the dictionary's.
                let mut words: Vec<String> = known
                    .words
                    .iter()
                    .filter(|w| w.starts_with(&lower))
                    .cloned()
                    .collect();
                if lower.len() >= 2 {
                    // Offer what the table's rules allow, not SCOWL's oddities.
                    let keys = self.lexicon.keys_with_prefix(&lower, WORD_CANDIDATES * 20);
                    words.extend(keys.into_iter().filter(|k| {
                        !known.words.contains(k)
                            && known
                                .rules
                                .as_ref()
                                .is_none_or(|r| crate::lexicon::allows(&self.lexicon, r, k))
                    }));
                }
                words.truncate(WORD_CANDIDATES);
                words.iter().map(|w| pair(w)).collect()
            }
            Some(Arg::Format) => ["json", "csv", "md", "svg"]
                .into_iter()
                .filter(|f| f.starts_with(&lower))
                .map(pair)
                .collect(),
            Some(Arg::Own(kind)) => {
                // A card already typed on this line is not offered again.
                let typed: Vec<String> = before[..start]
                    .split_whitespace()
                    .map(str::to_lowercase)
                    .collect();
                known
                    .own
                    .iter()
                    .filter(|(k, _)| *k == kind)
                    .flat_map(|(_, items)| items.iter())
                    .filter(|item| {
                        let item = item.to_lowercase();
                        item.starts_with(&lower) && !typed.contains(&item)
                    })
                    .map(|item| pair(item))
                    .collect()
            }
            Some(Arg::Round) | Some(Arg::Text) | None => Vec::new(),
        };
        if out.len() == 1 {
            out[0].replacement.push(' ');
        }
        Ok((start, out))
    }
}

impl Hinter for Helper {
    type Hint = String;

    /// After a complete verb and a space, the arguments still to type.
    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if pos < line.len() || !line.ends_with(' ') {
            return None;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let verb = words.first()?.to_ascii_lowercase();
        let known = self.known.borrow();
        let spec = known.verbs.iter().find(|v| v.name == verb)?;
        let rest: Vec<&str> = spec.args.split_whitespace().skip(words.len() - 1).collect();
        (!rest.is_empty()).then(|| rest.join(" "))
    }
}

impl Highlighter for Helper {
    /// The prompt as the session stands now: rustyline draws the line again when a
    /// phone's entry is printed above it, and asks for the prompt each time.
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        let now = self.now.lock().unwrap_or_else(PoisonError::into_inner);
        match now.as_ref() {
            Some((began, now)) if began == prompt && now != prompt => {
                Cow::Owned(fitted(now, prompt))
            }
            _ => Cow::Borrowed(prompt),
        }
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}

/// `now` drawn in the width of `was`, the prompt the line began with: rustyline places
/// the cursor by that width, measured once. Padded with spaces when shorter; when
/// longer, its last space given up ("r10>" for "r9> "), then its start ("…").
fn fitted(now: &str, was: &str) -> String {
    use unicode_width::UnicodeWidthStr;
    let want = was.width();
    let have = now.width();
    if have <= want {
        return format!("{now}{}", " ".repeat(want - have));
    }
    if have == want + 1 && now.ends_with(' ') {
        return now[..now.len() - 1].to_string();
    }
    let mut kept: Vec<char> = Vec::new();
    let mut width = 1;
    for c in now.chars().rev() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if width + w > want {
            break;
        }
        width += w;
        kept.push(c);
    }
    let cut: String = kept.into_iter().rev().collect();
    format!("…{cut}{}", " ".repeat(want.saturating_sub(width)))
}

impl Validator for Helper {}

impl rustyline::Helper for Helper {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::SHARED_VERBS;
    use rustyline::history::DefaultHistory;
    use std::sync::Mutex;

    /// A game's verbs, as a session of it would offer them.
    fn take_two_verbs() -> Vec<&'static crate::contract::Verb> {
        let entry = crate::registry::catalog()
            .find("take-two")
            .expect("registered");
        (entry.verbs)()
    }

    fn helper() -> Helper {
        let known = Known {
            verbs: take_two_verbs()
                .into_iter()
                .chain(SHARED_VERBS.iter())
                .collect(),
            players: vec!["alice".into(), "Albert".into(), "bob".into()],
            words: vec!["zax".into()],
            rules: Some(crate::registry::catalog().default_rules()),
            own: vec![],
        };
        Helper::new(
            Rc::new(RefCell::new(known)),
            Arc::new(Lexicon::embedded().expect("dictionary")),
            Arc::new(Mutex::new(None)),
        )
    }

    fn complete(h: &Helper, line: &str) -> Vec<String> {
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        let (_, c) = h.complete(line, line.len(), &ctx).expect("completes");
        c.into_iter().map(|p| p.replacement).collect()
    }

    #[test]
    fn tab_completes_verbs_then_players_then_words() {
        let h = helper();
        assert_eq!(complete(&h, "pen"), vec!["penalty "]);
        assert_eq!(complete(&h, "left al"), vec!["alice", "Albert"]);
        assert_eq!(complete(&h, "left AL"), vec!["alice", "Albert"]);
        assert_eq!(complete(&h, "export c"), vec!["csv "]);
        let words = complete(&h, "check za");
        assert!(words.contains(&"zax".to_string()), "{words:?}");
        assert!(words.contains(&"zabaglione".to_string()), "{words:?}");
        assert_eq!(words[0], "zax", "the session's own words come first");
        // Only words the session's rules allow: no SCOWL-95 oddities, no names.
        let qu = complete(&h, "check quack");
        assert!(qu.contains(&"quackery".to_string()), "{qu:?}");
        assert!(
            !qu.iter().any(|w| w.starts_with("quackgrass")),
            "SCOWL 95: {qu:?}"
        );
        assert!(complete(&h, "check lond").iter().all(|w| w != "london"));
    }

    #[test]
    fn tab_after_a_wide_space_completes_without_panicking() {
        let h = helper();
        for space in ['\u{a0}', '\u{2003}', '\u{3000}'] {
            let line = format!("left{space}al");
            assert_eq!(complete(&h, &line), vec!["alice", "Albert"], "{space:?}");
            let line = format!("left bob{space}");
            assert!(complete(&h, &line).is_empty(), "tiles complete to nothing");
        }
    }

    #[test]
    fn players_with_names_in_any_alphabet_complete_ignoring_case() {
        let known = Known {
            verbs: take_two_verbs(),
            players: vec!["Zoë".into(), "José".into()],
            words: vec![],
            rules: None,
            own: vec![],
        };
        let h = Helper::new(
            Rc::new(RefCell::new(known)),
            Arc::new(Lexicon::embedded().expect("dictionary")),
            Arc::new(Mutex::new(None)),
        );
        assert_eq!(complete(&h, "out ZO"), vec!["Zoë "]);
        assert_eq!(complete(&h, "out jos"), vec!["José "]);
    }

    #[test]
    fn a_games_own_items_complete_and_those_already_typed_are_left_out() {
        static VERBS: &[crate::contract::Verb] = &[crate::contract::Verb {
            name: "held",
            args: "PLAYER CARDS",
            summary: "",
            example: "",
            completes: &[Arg::Player, Arg::Own("card")],
            block: false,
        }];
        let known = Known {
            verbs: VERBS.iter().collect(),
            players: vec!["ann".into()],
            words: vec![],
            rules: None,
            own: vec![("card", vec!["5C".into(), "5D".into(), "6C".into()])],
        };
        let h = Helper::new(
            Rc::new(RefCell::new(known)),
            Arc::new(Lexicon::embedded().expect("dictionary")),
            Arc::new(Mutex::new(None)),
        );
        assert_eq!(complete(&h, "held ann 5"), vec!["5C", "5D"]);
        assert_eq!(complete(&h, "held ann 5c 5"), vec!["5D "]);
        assert_eq!(complete(&h, "held ann 5C 6"), vec!["6C "]);
    }

    #[test]
    fn the_hint_shows_the_arguments_still_to_type() {
        let h = helper();
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        assert_eq!(h.hint("left ", 5, &ctx).as_deref(), Some("PLAYER TILES"));
        assert_eq!(h.hint("left bob ", 9, &ctx).as_deref(), Some("TILES"));
        assert_eq!(h.hint("left", 4, &ctx), None);
        assert_eq!(h.hint("end ", 4, &ctx), None);
    }

    #[test]
    fn a_prompt_a_phone_moved_on_is_drawn_in_the_width_the_line_began_with() {
        let h = helper();
        let was = "take-two friday r1> ";
        assert_eq!(h.highlight_prompt(was, true), was, "nothing moved it");
        *h.now.lock().expect("now") = Some((was.into(), "take-two friday r2> ".into()));
        assert_eq!(h.highlight_prompt(was, true), "take-two friday r2> ");
        assert_eq!(
            h.highlight_prompt("  | ", true),
            "  | ",
            "a grid's rows are asked for as they were"
        );
        assert_eq!(
            fitted("take-two friday r10> ", "take-two friday r9> "),
            "take-two friday r10>"
        );
        assert_eq!(fitted("r2> ", "take-two r1> "), "r2>          ");
        let cut = fitted("take-two friday match over> ", "take-two friday r9> ");
        assert_eq!(cut, "…friday match over> ");
        use unicode_width::UnicodeWidthStr;
        assert_eq!(cut.width(), "take-two friday r9> ".width());
    }
}
