//! What the plural rule of Word Making & Word Taking needs to know about a stem WordNet
//! has no lemma for (rule 4: "a word should not be taken if the addition is simply to
//! change it from a singular to a plural"): `plural-stems.tsv`.
//!
//! WordNet decides for the words it lists: a noun's plural form is its plural whatever
//! else the plural means (NUTS is NUT's plural though it also means "crazy"), and a word
//! it lists only as an adverb, an adjective or a verb has no plural (AFTERWARD,
//! AFTERWARDS). WordNet lists no function words (TOWARD), few recent nouns (KEYWORD) and
//! none of the inflected forms it can derive (HEARS, TENS), so for the rest SCOWL's own
//! inflections decide: Debian's `hunspell-en-us` is built by the `scowl` source package
//! from SCOWL's inflection data (`/usr/share/hunspell/en_US.dic`), and its flags say how
//! a word inflects. A stem is written with its kind:
//!
//! - `noun`: SCOWL gives it a possessive (`M`, only nouns take 's) or an -s form without
//!   a verb's -ed and -ing (`S` without `D` or `G`): its -s form is its plural (KEYWORD,
//!   KEYWORDS; DUMPSTER, DUMPSTERS).
//! - `no-noun`: SCOWL inflects it, but not as a noun: a verb's -ed or -ing and no
//!   possessive (its -s is the verb's: ACCESSORIZE), or affixes that are no noun's with
//!   the -s form listed as a stem of its own (TOWARD, which SCOWL makes only UNTOWARD
//!   and TOWARDLY, beside TOWARDS). A stem with derivations only (KNUR, KNURLY) says
//!   nothing of a plural and is not written.
//! - `inflected`: SCOWL's dictionary gives it no inflections, and WordNet's morphology
//!   reads it as a noun's plural or a verb's -s or -ed form of one of its lemmas (HEARS
//!   of HEAR, TENS of TEN, CAME of COME): such a form makes no plural (HEARSES is
//!   HEARSE's, not HEARS's). A verb's -ing form is a noun too (AMBLING, AMBLINGS), and
//!   so is many an -er (TEENER): those are not read as inflections.
//!
//! Only stems whose regular plural form SCOWL lists are written (the rule asks about no
//! other), and none WordNet gives a sense: some 2,500 lines.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// WordNet's regular detachment rules (its `morph.c`) for the inflections that make no
/// noun: a noun's plural, a verb's -s and -ed forms. A verb's -ing form and an
/// adjective's -er are left out: a gerund (AMBLING, AMBLINGS) and an agent (TEENER) are
/// nouns with plurals of their own.
const DETACH: [(&str, &[(&str, &str)]); 2] = [
    (
        "noun",
        &[
            ("s", ""),
            ("ses", "s"),
            ("xes", "x"),
            ("zes", "z"),
            ("ches", "ch"),
            ("shes", "sh"),
            ("men", "man"),
            ("ies", "y"),
        ],
    ),
    (
        "verb",
        &[
            ("s", ""),
            ("ies", "y"),
            ("es", "e"),
            ("es", ""),
            ("ed", "e"),
            ("ed", ""),
        ],
    ),
];

/// The kind of a stem, as `plural-stems.tsv` writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Noun,
    NoNoun,
    Inflected,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Noun => "noun",
            Kind::NoNoun => "no-noun",
            Kind::Inflected => "inflected",
        }
    }
}

/// The regular plural spellings of `stem` the plural rule knows (`crates/lexicon/src/plurals.rs`):
/// +S (not after S), +ES after S, X, Z, CH or SH, consonant + Y to IES, MAN to MEN.
fn plural_spellings(stem: &str) -> Vec<String> {
    let mut out = Vec::new();
    if !stem.ends_with('s') {
        out.push(format!("{stem}s"));
    }
    if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| stem.ends_with(e))
    {
        out.push(format!("{stem}es"));
    }
    let b = stem.as_bytes();
    if b.len() >= 2 && b[b.len() - 1] == b'y' && !b"aeiou".contains(&b[b.len() - 2]) {
        out.push(format!("{}ies", &stem[..stem.len() - 1]));
    }
    if let Some(s) = stem.strip_suffix("man") {
        out.push(format!("{s}men"));
    }
    out
}

/// Reads a hunspell `.dic`: word -> its flags (single-letter flags, as en_US uses).
pub fn read_hunspell(path: &Path) -> Result<HashMap<String, String>, String> {
    let text = fs::read_to_string(path).map_err(|e| {
        format!(
            "cannot read SCOWL's hunspell dictionary {}: {e} (apt-get install hunspell-en-us)",
            path.display()
        )
    })?;
    let mut out: HashMap<String, String> = HashMap::new();
    for line in text.lines().skip(1) {
        let (word, flags) = line.trim().split_once('/').unwrap_or((line.trim(), ""));
        if word.is_empty() {
            continue;
        }
        out.entry(word.to_string()).or_default().push_str(flags);
    }
    Ok(out)
}

/// The stems `plural-stems.tsv` lists. `words`: SCOWL's plain lowercase spellings (a-z);
/// `wordnet_known`: the lowercase forms WordNet gives any sense or name; `lemmas`: WordNet's
/// lemmas by part of speech ("noun", "verb"), lowercase; `exc`: the nouns' and verbs'
/// `.exc` pairs (inflected form, lemma); `hunspell`: SCOWL's en_US dictionary.
pub fn stems(
    words: &HashSet<String>,
    wordnet_known: &HashSet<String>,
    lemmas: &HashMap<&str, HashSet<String>>,
    exc: &[(String, String)],
    hunspell: &HashMap<String, String>,
) -> BTreeMap<String, Kind> {
    let excepted: HashSet<&str> = exc
        .iter()
        .filter(|(form, base)| form != base)
        .map(|(form, _)| form.as_str())
        .collect();
    let inflected = |w: &str| -> bool {
        excepted.contains(w)
            || DETACH.iter().any(|(pos, rules)| {
                rules.iter().any(|(end, rep)| {
                    w.strip_suffix(end).is_some_and(|s| {
                        let base = format!("{s}{rep}");
                        base != w
                            && !base.is_empty()
                            && lemmas.get(pos).is_some_and(|l| l.contains(&base))
                    })
                })
            })
    };
    let mut out = BTreeMap::new();
    for stem in words {
        if wordnet_known.contains(stem) || !plural_spellings(stem).iter().any(|p| words.contains(p))
        {
            continue;
        }
        // SCOWL's dictionary lists the -s form as a stem of its own, not as this
        // stem's inflection (TOWARDS beside TOWARD).
        let s_form_of_its_own = plural_spellings(stem)
            .iter()
            .any(|p| words.contains(p) && hunspell.contains_key(p.as_str()));
        let kind = match hunspell.get(stem.as_str()) {
            Some(flags) if flags.contains('M') => Some(Kind::Noun),
            Some(flags) if flags.contains('S') && !flags.contains(['D', 'G']) => Some(Kind::Noun),
            // A verb's -ed or -ing: its -s is the verb's, not a plural.
            Some(flags) if flags.contains(['D', 'G']) => Some(Kind::NoNoun),
            // Other affixes only (-ly, un-...), and the -s form a word of its own.
            Some(flags) if !flags.is_empty() && s_form_of_its_own => Some(Kind::NoNoun),
            // Listed bare (SCOWL's dictionary gives many rare words no affixes), with only
            // derivations that say nothing of a plural (KNUR, KNURLY), or not at all:
            // WordNet's morphology may still read it as an inflected form.
            _ if inflected(stem) => Some(Kind::Inflected),
            _ => None,
        };
        if let Some(kind) = kind {
            out.insert(stem.clone(), kind);
        }
    }
    out
}

/// `plural-stems.tsv`: a header, then `stem <TAB> kind`, sorted.
pub fn write_tsv(stems: &BTreeMap<String, Kind>) -> String {
    let mut out = String::from(
        "# Stems WordNet has no lemma for, whose regular plural form SCOWL lists: how the\n\
         # plural rule reads them (made by dictgen from SCOWL's hunspell-en-us and WordNet's\n\
         # morphology; see dictionaries/README.md).\n\
         # stem\tkind (noun, no-noun, inflected)\n",
    );
    for (stem, kind) in stems {
        let _ = writeln!(out, "{stem}\t{}", kind.name());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spellings the runtime rule reads as regular plurals (`regular_plural` in
    /// `crates/lexicon/src/plurals.rs`): +S after anything but S, so BOXS too, which no list
    /// holds.
    #[test]
    fn the_plural_spellings_are_the_rules() {
        assert_eq!(plural_spellings("cat"), ["cats"]);
        assert_eq!(plural_spellings("box"), ["boxs", "boxes"]);
        assert_eq!(plural_spellings("bus"), ["buses"]);
        assert_eq!(plural_spellings("city"), ["citys", "cities"]);
        assert_eq!(plural_spellings("fireman"), ["firemans", "firemen"]);
    }
}
