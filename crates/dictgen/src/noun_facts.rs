//! What WordNet's nouns say beyond the classes: the symbols of units and elements (Hz:
//! hertz, lm: lumen), for `symbols.tsv` and `en.tsv`'s `symbol` tag, and the irregular
//! plurals a synset gives as a second lemma (die, dice; alga, algae), for
//! `plurals.tsv`.
//!
//! Apart from `wordnet.rs`: a second pass over WordNet's data files, through a graph of
//! its own (below the measures, rates and elements), for two facts the classes do not
//! hold.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::path::Path;

use crate::read;

/// "measure, quantity, amount" (which holds the units of measurement), "rate" (which
/// holds hertz) and "chemical element, element": a later lemma of a synset below one of
/// them is the unit's or the element's symbol (hertz, Hz; lumen, lm; kilogram, kg,
/// kilo; carbon, C, atomic number 6).
const SYMBOL_ROOTS: [u32; 3] = [
    33_615,     // measure, quantity, amount
    15_286_249, // rate: a magnitude or frequency relative to a time unit
    14_622_893, // chemical element, element
];

/// English's irregular noun endings, singular -> plural, that a synset may give as two
/// lemmas (alga, algae; die, dice; larva, larvae): the test a co-lemma must pass to be
/// read as the other's plural. The regular endings are left out (the plural rule spells
/// them itself), and an ending must meet a whole stem: SERVICE is no plural of SERVE,
/// nor MA of MUM (a one-letter stem counts only
/// before -ie and -ouse: die, dice; mouse, mice).
const COLEMMA_ENDINGS: [(&str, &str); 14] = [
    ("a", "ae"),
    ("us", "i"),
    ("um", "a"),
    ("on", "a"),
    ("is", "es"),
    ("ex", "ices"),
    ("ix", "ices"),
    ("o", "i"),
    ("ie", "ice"),
    ("ouse", "ice"),
    ("f", "ves"),
    ("fe", "ves"),
    ("oot", "eet"),
    ("ooth", "eeth"),
];

/// What WordNet's nouns say beyond the classes: every form that WordNet knows only as
/// a later lemma of a unit's or an element's synset, with the synset's first lemma (lm:
/// lumen, Hz: hertz, kg: kilogram), and the pairs of lemmas of one synset where the
/// second is the first's irregular plural (die, dice; alga, algae), which `noun.exc`
/// does not list.
pub(crate) struct NounFacts {
    pub(crate) symbols: BTreeMap<String, String>,
    pub(crate) colemma_plurals: BTreeSet<(String, String)>,
}

pub(crate) fn noun_facts(dir: &Path) -> Result<NounFacts, String> {
    struct Syn {
        words: Vec<String>,
        hypernyms: Vec<u32>,
        instance: bool,
    }
    let mut nouns: HashMap<u32, Syn> = HashMap::new();
    // Per form: in how many synsets of any part of speech it appears.
    let mut appearances: HashMap<String, u32> = HashMap::new();
    for file in ["data.noun", "data.verb", "data.adj", "data.adv"] {
        let text = read(&dir.join(file))?;
        for line in text.lines().filter(|l| !l.starts_with(' ')) {
            let f: Vec<&str> = line.split(" | ").next().unwrap_or("").split(' ').collect();
            let parse = || -> Option<(u32, Syn)> {
                let offset: u32 = f.first()?.parse().ok()?;
                let wcnt = usize::from_str_radix(f.get(3)?, 16).ok()?;
                let mut words = Vec::with_capacity(wcnt);
                for i in 0..wcnt {
                    let w = f.get(4 + 2 * i)?;
                    words.push(w.split('(').next().unwrap_or(w).replace('_', " "));
                }
                let mut at = 4 + 2 * wcnt;
                let pcnt: usize = f.get(at)?.parse().ok()?;
                at += 1;
                let (mut hypernyms, mut instance) = (Vec::new(), false);
                for _ in 0..pcnt {
                    match *f.get(at)? {
                        "@" => hypernyms.push(f.get(at + 1)?.parse().ok()?),
                        "@i" => instance = true,
                        _ => {}
                    }
                    at += 4;
                }
                Some((
                    offset,
                    Syn {
                        words,
                        hypernyms,
                        instance,
                    },
                ))
            };
            let (offset, syn) = parse().ok_or(format!("{file}: unreadable line {line:.40}"))?;
            let mut distinct: Vec<&String> = syn.words.iter().collect();
            distinct.dedup();
            for w in distinct {
                *appearances.entry(w.clone()).or_insert(0) += 1;
            }
            if file == "data.noun" {
                nouns.insert(offset, syn);
            }
        }
    }
    let mut below: HashMap<u32, bool> = HashMap::new();
    let mut reaches_root = |start: u32| -> bool {
        if let Some(known) = below.get(&start) {
            return *known;
        }
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([start]);
        let mut found = false;
        while let Some(s) = queue.pop_front() {
            if SYMBOL_ROOTS.contains(&s) {
                found = true;
                break;
            }
            if seen.insert(s)
                && let Some(up) = nouns.get(&s)
            {
                queue.extend(up.hypernyms.iter().copied());
            }
        }
        below.insert(start, found);
        found
    };
    // Per form: in how many unit or element synsets it is a later lemma, and the first
    // lemma of the first such synset in offset order.
    let mut offsets: Vec<u32> = nouns.keys().copied().collect();
    offsets.sort_unstable();
    let mut as_symbol: BTreeMap<String, (u32, String)> = BTreeMap::new();
    let mut colemma_plurals = BTreeSet::new();
    let plain = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase());
    for offset in offsets {
        let Some(syn) = nouns.get(&offset) else {
            continue;
        };
        if !syn.instance && !syn.hypernyms.is_empty() {
            for singular in syn.words.iter().filter(|w| plain(w)) {
                for plural in syn.words.iter().filter(|w| plain(w) && *w != singular) {
                    let irregular = COLEMMA_ENDINGS.iter().any(|(s, p)| {
                        singular
                            .strip_suffix(s)
                            .zip(plural.strip_suffix(p))
                            .is_some_and(|(a, b)| {
                                // One letter of stem only before -ie or -ouse (die, mouse):
                                // MA is no plural of MUM.
                                a == b
                                    && (a.len() >= 2
                                        || (!a.is_empty() && s.ends_with("ie")
                                            || s.ends_with("ouse")))
                            })
                    });
                    if irregular {
                        colemma_plurals.insert((plural.clone(), singular.clone()));
                    }
                }
            }
        }
        let words = syn.words.clone();
        if words.len() < 2 || syn.instance || !syn.hypernyms.iter().any(|h| reaches_root(*h)) {
            continue;
        }
        let mut later: Vec<&String> = words.iter().skip(1).filter(|w| **w != words[0]).collect();
        later.dedup();
        for w in later {
            let e = as_symbol
                .entry(w.clone())
                .or_insert_with(|| (0, words[0].clone()));
            e.0 += 1;
        }
    }
    let symbols = as_symbol
        .into_iter()
        .filter(|(form, (n, _))| {
            appearances.get(form) == Some(n) && !form.contains(' ') && form.len() <= 4
        })
        .map(|(form, (_, first))| (form, first))
        .collect();
    Ok(NounFacts {
        symbols,
        colemma_plurals,
    })
}

/// True when a form has no vowel (y counts as one): read letter by letter, as a symbol is.
pub(crate) fn vowelless(form: &str) -> bool {
    !form.bytes().any(|b| {
        matches!(
            b.to_ascii_lowercase(),
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y'
        )
    })
}
