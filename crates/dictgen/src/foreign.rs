//! Word taking's foreign words (rule 4: "words of foreign languages are not allowed"):
//! the SCOWL words that only the large levels list, that no English dictionary the
//! generator reads defines, and that a foreign language's word list holds.
//!
//! A key is foreign when all of these hold (`dictionaries/README.md` gives the figures):
//!
//! 1. SCOWL lists it as a plain lowercase word (accents allowed, no apostrophe or
//!    hyphen) and the lowest such level is 70 or more. Below 70 SCOWL's sources are
//!    general dictionaries: CAFE (café, 20), ECLAIR, CLICHE, KAPUT are English there.
//! 2. English knows nothing of it: no lowercase WordNet lemma with a sense of its own
//!    folds to it, nor to the word it inflects (WordNet's `.exc` lists, the regular
//!    endings -s, -es, -ies, -ed, -ing, -er, -est, -men and the classical plurals -ae,
//!    -a, -i, -es, -ides, -ata, with British -ise read as -ize), and no GCIDE headword
//!    (Webster's 1913 and its supplements) does.
//! 3. It is not an English prefix before such an English word, nor such a word before an
//!    English suffix (`dictionaries/affixes.txt`): ARRANGEABLE, BINATIONAL.
//! 4. At level 70 or 80 SCOWL lists no plural of it (-s, -es, -ies) at 80 or below: an
//!    English noun gets an English plural (GELATOS, DOJOS, FLANEURS, CANTINAS), a
//!    foreign word taken from a phrase book does not (OUI, BONJOUR, JAWOHL).
//! 5. A foreign word list holds it: French, German (whose capitalised nouns count),
//!    Italian, Spanish, and at level 95 only Latin. Capitalised entries of the other
//!    lists are names.
//! 6. It is not a regular inflection (rule 2's endings) of another SCOWL word that is not
//!    itself foreign: GELATOS is the plural of an English word.
//!
//! The languages a key is written with are every list that holds it, the likeliest
//! first: the lists share many words (GRACIAS is in the French and German lists too),
//! so a language whose hunspell dictionary has the key as a base form comes first
//! (MERCI is a French stem and only an Italian plural), then by how well each
//! language's letter trigrams, counted over its whole list, spell the key (GRACIAS, no
//! stem anywhere, reads as Spanish; GRAZIE as Italian). That is a good guess, not a
//! finding: PERCHE, Italian's perché, is also a French stem.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use umpire_lexicon::fold::{fold, fold_into};

/// The lowest SCOWL level at which a spelling can be foreign (rule 1).
pub const MIN_LEVEL: u8 = 70;
/// An English plural at this level or below makes a word English (rule 4).
pub const PLURAL_LEVEL: u8 = 80;
/// SCOWL's "insane" level, where rule 4 does not apply.
const TOP_LEVEL: u8 = 95;

/// The languages, by the code written in `no-foreign.tsv` (ties in likelihood keep this
/// order), with the lowest SCOWL level at which a list of `--foreign` counts. Latin at 95
/// only: at 70 and 80 SCOWL's sources hold thousands of learned English words that a
/// Latin dictionary shares (QUERCINE, NODUS, CANTHARUS, and Latin plurals of English
/// nouns), which it would refuse, where it finds no Latin word a table would meet.
pub const LANGUAGES: [(&str, &str, u8); 5] = [
    ("fr", "French", MIN_LEVEL),
    ("de", "German", MIN_LEVEL),
    ("it", "Italian", MIN_LEVEL),
    ("es", "Spanish", MIN_LEVEL),
    ("la", "Latin", TOP_LEVEL),
];

/// Where each language's word list is read from, and the English sources.
pub struct Sources {
    /// The plain word lists of each language code, one word a line (hunspell flags
    /// after a `/` are ignored), each with the lowest SCOWL level at which its words
    /// count (a list's words always count for naming the language).
    pub lists: BTreeMap<String, Vec<(PathBuf, u8)>>,
    /// Each language's hunspell dictionary (`.dic`): its stems, the base forms, name a
    /// word's language first (MERCI is a French stem and only an Italian plural).
    pub stems: BTreeMap<String, PathBuf>,
    /// GCIDE's dictd index: one headword a line before a tab.
    pub gcide: PathBuf,
    /// English prefixes (`pre-`) and suffixes (`-ness`).
    pub affixes: PathBuf,
}

impl Sources {
    /// Debian's word lists; Debian's Spanish hunspell dictionary expanded at
    /// `target/dictgen/es.words`, counted at level 95 only (`wspanish` lists no plurals
    /// or verb forms, so no GRACIAS; at 70 and 80 the expansion matched as many rare
    /// English words as Spanish ones: OROGENESIS, MILITARIA, CARICES); and the Latin
    /// list expanded from the npm package `dictionary-la` at `target/dictgen/la.words`
    /// (see dictionaries/README.md).
    pub fn debian() -> Sources {
        let lists = [
            ("fr", vec![("/usr/share/dict/french", MIN_LEVEL)]),
            ("de", vec![("/usr/share/dict/ngerman", MIN_LEVEL)]),
            ("it", vec![("/usr/share/dict/italian", MIN_LEVEL)]),
            (
                "es",
                vec![
                    ("/usr/share/dict/spanish", MIN_LEVEL),
                    ("target/dictgen/es.words", TOP_LEVEL),
                ],
            ),
            ("la", vec![("target/dictgen/la.words", TOP_LEVEL)]),
        ]
        .into_iter()
        .map(|(c, p)| {
            let lists = p.into_iter().map(|(p, l)| (PathBuf::from(p), l)).collect();
            (c.to_string(), lists)
        })
        .collect();
        let stems = [
            ("fr", "/usr/share/hunspell/fr_FR.dic"),
            ("de", "/usr/share/hunspell/de_DE.dic"),
            ("it", "/usr/share/hunspell/it_IT.dic"),
            ("es", "/usr/share/hunspell/es_ES.dic"),
        ]
        .into_iter()
        .map(|(c, p)| (c.to_string(), PathBuf::from(p)))
        .collect();
        Sources {
            lists,
            stems,
            gcide: "/usr/share/dictd/gcide.index".into(),
            affixes: "dictionaries/affixes.txt".into(),
        }
    }
}

/// What English knows, as folded keys.
pub struct English {
    /// Lowercase WordNet lemmas with a sense of their own, their `.exc` inflections,
    /// and GCIDE's headwords.
    known: HashSet<String>,
    prefixes: Vec<String>,
    suffixes: Vec<String>,
}

/// Regular endings and what they replace (rule 2), with the classical plurals English
/// keeps (CRISTAE, SUDARIA, PARERGA, OMPHALI, VIOLONCELLI, HEPATITIDES, EMBLEMATA).
const ENDINGS: [(&str, &str); 20] = [
    ("s", ""),
    ("es", ""),
    ("es", "is"),
    ("ae", "a"),
    ("a", "um"),
    ("a", "on"),
    ("i", "us"),
    ("i", "o"),
    ("ides", "is"),
    ("ata", "a"),
    ("ies", "y"),
    ("ed", ""),
    ("ed", "e"),
    ("ing", ""),
    ("ing", "e"),
    ("er", ""),
    ("er", "e"),
    ("est", ""),
    ("est", "e"),
    ("men", "man"),
];

/// The words `key` may be an inflection of by a regular ending, with a doubled final
/// consonant undone (STOPPED: STOP).
fn bases(key: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (ending, base) in ENDINGS {
        if let Some(stem) = key.strip_suffix(ending)
            && stem.len() >= 2
        {
            out.push(format!("{stem}{base}"));
        }
    }
    for ending in ["ed", "ing", "er", "est"] {
        if let Some(stem) = key.strip_suffix(ending)
            && stem.len() >= 3
        {
            let b = stem.as_bytes();
            if b[b.len() - 1] == b[b.len() - 2] {
                out.push(stem[..stem.len() - 1].to_string());
            }
        }
    }
    out
}

/// `key` and its -ize spellings, one -is- read as -iz- at a time (HELLENISES).
fn spellings(key: &str) -> Vec<String> {
    let mut out = vec![key.to_string()];
    for (at, _) in key.match_indices("is") {
        out.push(format!("{}iz{}", &key[..at], &key[at + 2..]));
    }
    out
}

impl English {
    /// `wordnet_words`: the folded lowercase WordNet lemmas with a sense of their own;
    /// `exc`: (inflected, base) pairs of WordNet's four `.exc` lists, folded.
    pub fn read(
        wordnet_words: HashSet<String>,
        exc: &[(String, String)],
        sources: &Sources,
    ) -> Result<English, String> {
        let mut known = wordnet_words;
        let inflected: Vec<String> = exc
            .iter()
            .filter(|(_, base)| known.contains(base))
            .map(|(form, _)| form.clone())
            .collect();
        known.extend(inflected);
        let gcide = read_bytes(&sources.gcide)?;
        for line in gcide.split(|b| *b == b'\n') {
            let head = line.split(|b| *b == b'\t').next().unwrap_or_default();
            if let Ok(key) = fold(&String::from_utf8_lossy(head)) {
                known.insert(key);
            }
        }
        let affixes = fs::read_to_string(&sources.affixes)
            .map_err(|e| format!("cannot read {}: {e}", sources.affixes.display()))?;
        let (mut prefixes, mut suffixes) = (Vec::new(), Vec::new());
        for line in affixes.lines().map(str::trim) {
            if let Some(p) = line.strip_suffix('-').filter(|_| !line.starts_with('#')) {
                prefixes.extend(fold(p).ok());
            } else if let Some(s) = line.strip_prefix('-') {
                suffixes.extend(fold(s).ok());
            }
        }
        Ok(English {
            known,
            prefixes,
            suffixes,
        })
    }

    /// Rule 2: English knows the key or the word it inflects.
    fn knows(&self, key: &str) -> bool {
        spellings(key)
            .iter()
            .any(|s| self.known.contains(s) || bases(s).iter().any(|b| self.known.contains(b)))
    }

    /// Rule 3: an English prefix before an English word, or an English word before an
    /// English suffix (the stem may have lost an E or turned a Y to I).
    fn derives(&self, key: &str) -> bool {
        let prefixed = self.prefixes.iter().any(|p| {
            key.strip_prefix(p.as_str())
                .is_some_and(|rest| rest.len() >= 3 && self.knows(rest))
        });
        prefixed
            || self.suffixes.iter().any(|s| {
                key.strip_suffix(s.as_str()).is_some_and(|stem| {
                    stem.len() >= 3
                        && (self.knows(stem)
                            || self.knows(&format!("{stem}e"))
                            || stem
                                .strip_suffix('i')
                                .is_some_and(|st| self.knows(&format!("{st}y"))))
                })
            })
    }
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// One foreign key: its lowest SCOWL level and the codes of the lists that hold it.
pub struct Foreign {
    pub level: u8,
    pub languages: Vec<&'static str>,
}

/// Applies the rule. `levels`: each folded key's lowest SCOWL level as a plain lowercase
/// word (rule 1's spellings).
pub fn foreign_words(
    levels: &HashMap<String, u8>,
    english: &English,
    sources: &Sources,
) -> Result<BTreeMap<String, Foreign>, String> {
    let plural_listed = |key: &str| {
        let mut plurals = vec![format!("{key}s"), format!("{key}es")];
        if let Some(stem) = key.strip_suffix('y') {
            plurals.push(format!("{stem}ies"));
        }
        plurals
            .iter()
            .any(|p| levels.get(p).is_some_and(|l| *l <= PLURAL_LEVEL))
    };
    let candidates: HashMap<&str, u8> = levels
        .iter()
        .filter(|(key, level)| {
            **level >= MIN_LEVEL
                && !english.knows(key)
                && !english.derives(key)
                && (**level >= TOP_LEVEL || !plural_listed(key))
        })
        .map(|(key, level)| (key.as_str(), *level))
        .collect();

    let mut found: BTreeMap<String, Foreign> = BTreeMap::new();
    let mut models: HashMap<&str, Trigrams> = HashMap::new();
    for (code, language, _) in LANGUAGES {
        let paths = sources
            .lists
            .get(code)
            .ok_or_else(|| format!("no word list for {language} ({code})"))?;
        let model = models.entry(code).or_insert_with(Trigrams::new);
        for (path, min_level) in paths {
            let min_level = *min_level;
            let file = fs::File::open(path).map_err(|e| {
                format!(
                    "cannot read the {language} word list {}: {e} (see dictionaries/README.md)",
                    path.display()
                )
            })?;
            let mut reader = BufReader::new(file);
            let (mut line, mut key) = (Vec::new(), String::new());
            loop {
                line.clear();
                let n = reader
                    .read_until(b'\n', &mut line)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                if n == 0 {
                    break;
                }
                let text = String::from_utf8_lossy(&line);
                let word = text.trim().split('/').next().unwrap_or_default();
                // Capitalised entries are names, except German nouns.
                let capital = word.chars().next().is_some_and(char::is_uppercase);
                if word.is_empty()
                    || (capital && code != "de")
                    || fold_into(word, &mut key).is_err()
                {
                    continue;
                }
                model.count(&key);
                if let Some(level) = candidates.get(key.as_str()).filter(|l| **l >= min_level) {
                    let f = found.entry(key.clone()).or_insert_with(|| Foreign {
                        level: *level,
                        languages: Vec::new(),
                    });
                    if f.languages.last() != Some(&code) {
                        f.languages.push(code);
                    }
                }
            }
        }
    }
    // The likeliest language first: one whose dictionary has the word as a base form,
    // then by its letters; ties keep the table's order.
    let mut stems: HashMap<&str, HashSet<String>> = HashMap::new();
    for (code, path) in &sources.stems {
        let text = read_bytes(path)?;
        let set = stems.entry(code.as_str()).or_default();
        for line in String::from_utf8_lossy(&text).lines().skip(1) {
            let stem = line.split(['/', '\t', ' ']).next().unwrap_or_default();
            let lowercase = stem.chars().next().is_some_and(char::is_lowercase);
            if (lowercase || code == "de")
                && let Ok(key) = fold(stem)
                && found.contains_key(&key)
            {
                set.insert(key);
            }
        }
    }
    for (key, f) in found.iter_mut() {
        let rank = |c: &str| {
            let stem = stems.get(c).is_some_and(|s| s.contains(key));
            (stem, models.get(c).map_or(f64::MIN, |m| m.score(key)))
        };
        f.languages.sort_by(|a, b| {
            let (sa, la) = rank(a);
            let (sb, lb) = rank(b);
            sb.cmp(&sa).then(lb.total_cmp(&la))
        });
    }
    // Rule 6, to a fixed point: an inflection of an English SCOWL word is English.
    loop {
        let english_inflections: Vec<String> = found
            .keys()
            .filter(|key| {
                bases(key)
                    .iter()
                    .any(|b| b != *key && levels.contains_key(b) && !found.contains_key(b))
            })
            .cloned()
            .collect();
        if english_inflections.is_empty() {
            break;
        }
        for key in english_inflections {
            found.remove(&key);
        }
    }
    Ok(found)
}

/// Letter trigram counts over one language's list (with `^` and `$` at the ends), for
/// naming a foreign word's likeliest language.
struct Trigrams {
    counts: Vec<u32>,
    total: u64,
}

impl Trigrams {
    const SIDE: usize = 28;

    fn new() -> Trigrams {
        Trigrams {
            counts: vec![0; Self::SIDE * Self::SIDE * Self::SIDE],
            total: 0,
        }
    }

    /// The letters of `key` with an end marker either side, as indices (0 the marker).
    fn symbols(key: &str) -> Vec<usize> {
        let mut s = vec![0];
        s.extend(
            key.bytes()
                .map(|b| usize::from(b.saturating_sub(b'a')) % 26 + 1),
        );
        s.push(0);
        s
    }

    fn count(&mut self, key: &str) {
        for w in Self::symbols(key).windows(3) {
            let i = (w[0] * Self::SIDE + w[1]) * Self::SIDE + w[2];
            if let Some(c) = self.counts.get_mut(i) {
                *c += 1;
                self.total += 1;
            }
        }
    }

    /// The log-likelihood of `key`'s trigrams, add-one smoothed.
    fn score(&self, key: &str) -> f64 {
        let denominator = (self.total + self.counts.len() as u64) as f64;
        Self::symbols(key)
            .windows(3)
            .map(|w| {
                let i = (w[0] * Self::SIDE + w[1]) * Self::SIDE + w[2];
                let c = self.counts.get(i).copied().unwrap_or(0);
                ((f64::from(c) + 1.0) / denominator).ln()
            })
            .sum()
    }
}

/// `no-foreign.tsv`: a header, then `key <TAB> level <TAB> languages` sorted by key.
pub fn write_tsv(found: &BTreeMap<String, Foreign>) -> String {
    let mut out = String::from(
        "# Word taking's foreign words (rule 4), made by dictgen: see crates/dictgen/src/foreign.rs\n\
         # and dictionaries/README.md. Languages: fr French, de German, it Italian, es Spanish,\n\
         # la Latin, every list that holds the word, the likeliest by its letters first.\n\
         # key\tlevel\tlanguages\n",
    );
    for (key, f) in found {
        out.push_str(&format!("{key}\t{}\t{}\n", f.level, f.languages.join(",")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bases_undo_the_regular_endings() {
        let b = bases("stopped");
        assert!(b.contains(&"stop".to_string()), "{b:?}");
        assert!(bases("analyses").contains(&"analysis".to_string()));
        assert!(bases("cities").contains(&"city".to_string()));
        assert!(bases("firemen").contains(&"fireman".to_string()));
        assert!(bases("as").is_empty());
    }

    #[test]
    fn ise_is_read_as_ize_one_at_a_time() {
        assert_eq!(spellings("hellenises"), ["hellenises", "hellenizes"]);
        assert_eq!(spellings("isis"), ["isis", "izis", "isiz"]);
    }
}
