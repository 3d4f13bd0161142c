//! `en.tsv`'s rows: each SCOWL form with its level, its regions and WordNet's classes,
//! then the WordNet-only forms that explain a verdict (hyphenated lemmas, names,
//! surnames) and the -s forms of hyphenated nouns and verbs (x-rays).
//!
//! Apart from the readers (`scowl.rs`, `wordnet.rs`): this is where the two sources
//! meet, in the rows `crates/lexicon/build.rs` reads back (`form level regions category
//! wordnet`).

use std::collections::{BTreeMap, HashSet};

use umpire_lexicon::fold::fold;

use crate::scowl::ScowlForms;
use crate::wordnet::WordNetEntry;

pub(crate) struct Row {
    pub(crate) form: String,
    pub(crate) level: String,
    pub(crate) regions: String,
    pub(crate) category: String,
    pub(crate) wordnet: String,
}

/// `hyphen_plurals`: WordNet's irregular plurals of hyphenated nouns, singular -> plural
/// ("mother-in-law" -> "mothers-in-law"); other hyphenated nouns and verbs get the
/// regular -s form.
pub(crate) fn merge(
    scowl: &ScowlForms,
    wordnet: &BTreeMap<String, WordNetEntry>,
    hyphen_plurals: &BTreeMap<String, String>,
) -> Vec<Row> {
    let classes_of = |form: &str| -> String {
        wordnet
            .get(form)
            .map(|e| e.classes.iter().copied().collect::<Vec<_>>().join(","))
            .unwrap_or_default()
    };
    // The keys SCOWL lists as a lowercase word WordNet gives a sense of its own: what a
    // player laying the letters means.
    let common = ["noun", "verb", "adj", "adv"];
    let ordinary: HashSet<String> = scowl
        .keys()
        .filter(|(form, category)| {
            *category == "word"
                && fold(form).is_ok_and(|k| k == *form)
                && wordnet
                    .get(form)
                    .is_some_and(|e| e.classes.iter().any(|c| common.contains(c)))
        })
        .map(|(form, _)| form.clone())
        .collect();
    let mut rows = Vec::with_capacity(scowl.len() + 20_000);
    let mut seen = HashSet::new();
    for ((form, category), levels) in scowl {
        let level = levels.values().copied().min().unwrap_or(95);
        let regions = levels
            .iter()
            .map(|(spelling, l)| {
                if *l == level {
                    spelling.to_string()
                } else {
                    format!("{spelling}:{l}")
                }
            })
            .collect::<Vec<_>>()
            .join(",");
        seen.insert(form.as_str());
        rows.push(Row {
            form: form.clone(),
            level: level.to_string(),
            regions,
            category: category.to_string(),
            wordnet: classes_of(form),
        });
    }
    // WordNet-only forms that explain a verdict: hyphenated lemmas (SCOWL has none) and
    // names. Other multi-word lemmas are phrases, not words a tile row could spell.
    for (form, entry) in wordnet {
        if seen.contains(form.as_str()) || fold(form).is_err() {
            continue;
        }
        let is_name = entry
            .classes
            .iter()
            .any(|c| matches!(*c, "location" | "person" | "author" | "name"));
        let surname = entry.classes.contains("surname");
        if (form.contains(' ') && !surname) || !(is_name || form.contains('-')) {
            continue;
        }
        let category = if is_name || form.chars().next().is_some_and(char::is_uppercase) {
            "upper"
        } else {
            "word"
        };
        // WordNet's other names of a place (Milk, of the Milk River; Village, of
        // Greenwich Village) that SCOWL does not list and that spell an everyday word
        // are no name a table plays: a player laying MILK means the milk.
        let mut classes = classes_of(form);
        if fold(form).is_ok_and(|k| ordinary.contains(&k)) {
            classes = classes
                .split(',')
                .filter(|c| *c != "location")
                .collect::<Vec<_>>()
                .join(",");
        }
        rows.push(Row {
            form: form.clone(),
            level: "-".into(),
            regions: "wordnet".into(),
            category: category.into(),
            wordnet: classes,
        });
        seen.insert(form.as_str());
    }
    // The -s forms of hyphenated nouns and verbs (x-rays, u-turns): WordNet lists only
    // the lemma, and a player who lays XRAYS is barred for the same reason as XRAY.
    for (form, entry) in wordnet {
        let inflects = entry.classes.contains("noun") || entry.classes.contains("verb");
        if !form.contains('-') || !inflects {
            continue;
        }
        let plural = hyphen_plurals
            .get(form)
            .cloned()
            .unwrap_or_else(|| regular_plural(form));
        if seen.contains(plural.as_str()) || fold(&plural).is_err() {
            continue;
        }
        let category = if form.chars().next().is_some_and(char::is_uppercase) {
            "upper"
        } else {
            "word"
        };
        rows.push(Row {
            form: plural,
            level: "-".into(),
            regions: "wordnet".into(),
            category: category.into(),
            wordnet: "hyphen,s-form".into(),
        });
    }
    rows.sort_by(|a, b| (&a.form, &a.category).cmp(&(&b.form, &b.category)));
    rows.dedup_by(|a, b| a.form == b.form && a.category == b.category);
    rows
}

/// English's regular -s form, a noun's plural or a verb's third person: -es after a
/// sibilant, -ies after a consonant and y, else -s ("x-ray" -> "x-rays", "one-off" ->
/// "one-offs", "wind-bag" -> "wind-bags").
fn regular_plural(noun: &str) -> String {
    let sibilant = ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| noun.ends_with(e));
    let bytes = noun.as_bytes();
    let consonant_y = bytes.len() >= 2
        && bytes[bytes.len() - 1] == b'y'
        && !b"aeiou".contains(&bytes[bytes.len() - 2]);
    if sibilant {
        format!("{noun}es")
    } else if consonant_y {
        format!("{}ies", &noun[..noun.len() - 1])
    } else {
        format!("{noun}s")
    }
}
