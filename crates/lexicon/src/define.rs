//! Definitions on request: WordNet's glosses for a word, grouped by part of speech.
//!
//! Kept apart from the judge on purpose: a verdict never shows a meaning (said aloud
//! mid-round, a meaning helps the other players), and nothing here is touched unless
//! `define` runs. The glosses sit in the binary as separately deflated blocks behind an
//! fst index (see `build.rs`): one definition inflates one block of about 32 KB.

use std::io::Read;

use fst::Map;

static GLOSS_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/glosses.fst"));
static GLOSS_BLOCKS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/glosses.blocks"));

/// One sense of a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Gloss {
    /// noun, verb, adj or adv.
    pub(crate) pos: String,
    /// The word as WordNet writes it for this sense ("London", "dog").
    pub(crate) word: String,
    pub(crate) text: String,
}

/// What WordNet says of a folded key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Definition {
    /// Senses in WordNet's order, nouns first.
    Senses(Vec<Gloss>),
    /// An inflected form: the base form's senses, and how it was reached.
    Inflected {
        base: String,
        pos: String,
        senses: Vec<Gloss>,
    },
}

/// The embedded glosses.
pub(crate) struct Glosses {
    map: Map<&'static [u8]>,
}

impl Glosses {
    /// Opens the index in place; inflates nothing.
    pub(crate) fn embedded() -> Result<Glosses, String> {
        Map::new(GLOSS_FST)
            .map(|map| Glosses { map })
            .map_err(|e| format!("the embedded definitions are damaged ({e}); rebuild umpire"))
    }

    /// The raw record for a folded key: lines of `pos <TAB> word <TAB> gloss`, or
    /// `=pos <TAB> base <TAB>` for an inflected form.
    fn record(&self, key: &str) -> Option<String> {
        let value = self.map.get(key)?;
        let block = (value >> 32) as usize;
        let offset = (value & 0xFFFF_FFFF) as usize;
        let u32_at = |i: usize| -> Option<usize> {
            let b = GLOSS_BLOCKS.get(i..i + 4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        };
        let count = u32_at(0)?;
        if block >= count {
            return None;
        }
        let start = u32_at(4 + 4 * block)?;
        let end = u32_at(4 + 4 * (block + 1))?;
        let compressed = GLOSS_BLOCKS.get(start..end)?;
        let mut raw = Vec::new();
        flate2::read::DeflateDecoder::new(compressed)
            .read_to_end(&mut raw)
            .ok()?;
        let rest = raw.get(offset..)?;
        let len = rest.iter().position(|b| *b == 0).unwrap_or(rest.len());
        String::from_utf8(rest[..len].to_vec()).ok()
    }

    fn senses(&self, key: &str) -> (Vec<Gloss>, Vec<(String, String)>) {
        let mut senses = Vec::new();
        let mut bases = Vec::new();
        for line in self.record(key).unwrap_or_default().lines() {
            let mut f = line.splitn(3, '\t');
            let (Some(pos), Some(word), text) = (f.next(), f.next(), f.next().unwrap_or("")) else {
                continue;
            };
            if let Some(pos) = pos.strip_prefix('=') {
                bases.push((word.to_string(), pos.to_string()));
            } else {
                senses.push(Gloss {
                    pos: pos.to_string(),
                    word: word.to_string(),
                    text: text.to_string(),
                });
            }
        }
        (merge_senses(senses), bases)
    }

    /// Definitions of a folded key: its own senses, or else those of its base form,
    /// found from WordNet's exception lists or by the regular endings (WordNet's
    /// "morphy" rules).
    pub(crate) fn define(&self, key: &str) -> Option<Definition> {
        let (senses, bases) = self.senses(key);
        if !senses.is_empty() {
            return Some(Definition::Senses(senses));
        }
        let mut candidates = bases;
        for (pos, suffix, ending) in MORPHY {
            if let Some(stem) = key.strip_suffix(suffix).filter(|s| !s.is_empty()) {
                candidates.push((format!("{stem}{ending}"), (*pos).to_string()));
            }
        }
        for (base, pos) in candidates {
            let Ok(base_key) = super::fold::fold(&base) else {
                continue;
            };
            let (senses, _) = self.senses(&base_key);
            let wanted: Vec<Gloss> = senses.into_iter().filter(|g| g.pos == pos).collect();
            if !wanted.is_empty() {
                return Some(Definition::Inflected {
                    base,
                    pos,
                    senses: wanted,
                });
            }
        }
        None
    }
}

/// The senses of every lemma that folds to one key, as one list: grouped by part of
/// speech (noun, verb, adj, adv), each sense once. WordNet lists a synset under each of
/// its lemmas, so "x-ray" and "x ray" (both XRAY), or "OK" and "O.K.", would otherwise
/// repeat the same meanings.
fn merge_senses(senses: Vec<Gloss>) -> Vec<Gloss> {
    const ORDER: [&str; 4] = ["noun", "verb", "adj", "adv"];
    let rank = |pos: &str| ORDER.iter().position(|p| *p == pos).unwrap_or(ORDER.len());
    let mut merged: Vec<Gloss> = Vec::with_capacity(senses.len());
    for g in senses {
        if !merged.iter().any(|m| m.pos == g.pos && m.text == g.text) {
            merged.push(g);
        }
    }
    merged.sort_by_key(|g| rank(&g.pos));
    merged
}

/// WordNet's detachment rules: (part of speech, ending, replacement).
const MORPHY: &[(&str, &str, &str)] = &[
    ("noun", "s", ""),
    ("noun", "ses", "s"),
    ("noun", "xes", "x"),
    ("noun", "zes", "z"),
    ("noun", "ches", "ch"),
    ("noun", "shes", "sh"),
    ("noun", "men", "man"),
    ("noun", "ies", "y"),
    ("verb", "s", ""),
    ("verb", "ies", "y"),
    ("verb", "es", "e"),
    ("verb", "es", ""),
    ("verb", "ed", "e"),
    ("verb", "ed", ""),
    ("verb", "ing", "e"),
    ("verb", "ing", ""),
    ("adj", "er", ""),
    ("adj", "est", ""),
    ("adj", "er", "e"),
    ("adj", "est", "e"),
];

/// What `define WORD` prints, and whether WordNet knew the word. When it did not, the
/// word judge's verdict stands in, so the table still gets an answer.
pub fn describe(
    lexicon: &super::Lexicon,
    rules: &super::Rules,
    word: &str,
) -> Result<(String, bool), super::fold::FoldError> {
    let key = super::fold::fold(word)?;
    let upper = key.to_ascii_uppercase();
    let glosses = Glosses::embedded().map_err(|_| super::fold::FoldError::Empty)?;
    let mut out = Vec::new();
    let definition = glosses.define(&key);
    let senses = match &definition {
        Some(Definition::Senses(s)) => {
            out.push(upper.clone());
            s.as_slice()
        }
        Some(Definition::Inflected { base, pos, senses }) => {
            out.push(format!("{upper}: a form of {base} ({pos})"));
            senses.as_slice()
        }
        None => &[],
    };
    let mut last_pos = "";
    let mut n = 0;
    for g in senses {
        if g.pos != last_pos {
            out.push(format!("  {}", g.pos));
            last_pos = &g.pos;
            n = 0;
        }
        n += 1;
        let who = if g.word.eq_ignore_ascii_case(&key) && g.word.chars().any(char::is_uppercase) {
            format!("({}) ", g.word)
        } else {
            String::new()
        };
        out.push(format!("    {n}. {who}{}", g.text));
    }
    let spellings: Vec<String> = lexicon
        .senses(&key)
        .map(|s| match s.level_in(super::Region::Any) {
            Some(l) => format!("{} ({}, SCOWL {l})", s.form, s.category.name()),
            None => format!("{} ({}, WordNet)", s.form, s.category.name()),
        })
        .collect();
    if definition.is_none() {
        let v = super::verdict(lexicon, rules, &key);
        out.push(format!(
            "WordNet has no definition of {upper}; the word judge says: {} ({})",
            if v.allowed { "allowed" } else { "not allowed" },
            v.reason
        ));
    }
    if !spellings.is_empty() {
        out.push(format!(
            "  spellings that fold to {upper}: {}",
            spellings.join("; ")
        ));
    }
    Ok((out.join("\n"), definition.is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glosses() -> Glosses {
        Glosses::embedded().expect("embedded")
    }

    #[test]
    fn a_word_s_senses_come_grouped_nouns_first() {
        let Some(Definition::Senses(s)) = glosses().define("dog") else {
            panic!("dog is defined");
        };
        assert_eq!(s[0].pos, "noun");
        assert!(s[0].text.starts_with("a member of the genus Canis"));
        assert!(s.iter().any(|g| g.pos == "verb"));
    }

    #[test]
    fn inflected_forms_reach_their_base() {
        let Some(Definition::Inflected { base, pos, senses }) = glosses().define("mice") else {
            panic!("mice is an inflection");
        };
        assert_eq!((base.as_str(), pos.as_str()), ("mouse", "noun"));
        assert!(!senses.is_empty());
        let Some(Definition::Inflected { base, .. }) = glosses().define("barked") else {
            panic!("barked");
        };
        assert_eq!(base, "bark");
    }

    #[test]
    fn a_sense_listed_under_two_lemmas_of_one_key_is_shown_once() {
        for key in ["xray", "ok"] {
            let Some(Definition::Senses(s)) = glosses().define(key) else {
                panic!("{key} is defined");
            };
            for (i, a) in s.iter().enumerate() {
                assert!(
                    !s[i + 1..]
                        .iter()
                        .any(|b| b.pos == a.pos && b.text == a.text),
                    "{key} repeats {:?}",
                    a.text
                );
            }
            // One group per part of speech: nouns, then verbs, adjectives, adverbs.
            let mut order: Vec<&str> = s.iter().map(|g| g.pos.as_str()).collect();
            order.dedup();
            let mut sorted = order.clone();
            sorted.sort_by_key(|p| ["noun", "verb", "adj", "adv"].iter().position(|x| x == p));
            sorted.dedup();
            assert_eq!(order, sorted, "{key}");
        }
        let Some(Definition::Senses(s)) = glosses().define("xray") else {
            panic!("xray is defined");
        };
        assert_eq!(s.iter().filter(|g| g.pos == "noun").count(), 2);
        let Some(Definition::Senses(s)) = glosses().define("ok") else {
            panic!("ok is defined");
        };
        let endorsement = s
            .iter()
            .filter(|g| g.text.starts_with("an endorsement"))
            .count();
        assert_eq!(endorsement, 1);
    }

    #[test]
    fn unknown_words_have_no_definition() {
        assert_eq!(glosses().define("qzxv"), None);
    }
}
