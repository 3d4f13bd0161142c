//! Spellings SCOWL files only as abbreviations that are words: `abbreviation-words.tsv`.
//!
//! SCOWL lists some words only among its abbreviations (aa, maths, intro, prelim, cum)
//! beside real abbreviations (inst, prox, corp, emf). The judge refused every spelling of
//! a key all of whose SCOWL spellings are abbreviations; this file asks WordNet and a
//! second dictionary instead. For each such lowercase spelling WordNet gives a meaning:
//!
//! - `word wordnet`: WordNet gives it a meaning of its own, as the first word of one of
//!   its synsets (aa, the lava; intro, a musical passage; col, a mountain pass);
//!
//! and where WordNet knows it only as another lemma's short form (maths of mathematics,
//! inst of instant), a second source decides whether English took the clipping in:
//!
//! - `word freedict`: FreeDict's English-German dictionary gives it as a headword of its
//!   own (maths, cum, comp);
//! - `abbreviation freedict`: FreeDict gives it only in capitals, an initialism of
//!   other headwords ("electromotive force (EMF)"), whatever SCOWL inflects;
//! - `word scowl-inflections`: SCOWL's own inflection data (its hunspell dictionary,
//!   `hunspell-en-us`) inflects it as a word, a plural, a possessive or a verb's forms
//!   (prelim/SM: prelims; lat/S: lats);
//! - `abbreviation freedict`: neither, and FreeDict gives it only as another headword's
//!   abbreviation ("instant (inst.)", "Corp."), which may be of another sense than
//!   WordNet's (lat. of latitude beside lat, the muscle: so SCOWL's inflection wins);
//! - `abbreviation uninflected`: neither, and no dictionary here gives it at all (diam,
//!   rbi).
//!
//! Only the spellings and the verdicts are written, none of FreeDict's text, as for
//! `no-foreign.tsv`.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs;
use std::io::Read;
use std::path::Path;

/// The dictd index's base-64 digits.
const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64_number(s: &str) -> Option<usize> {
    s.bytes().try_fold(0usize, |n, c| {
        let d = B64.iter().position(|b| *b == c)?;
        n.checked_mul(64)?.checked_add(d)
    })
}

/// What FreeDict says of a spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FreeDict {
    /// A headword of its own (maths /mˈaθs/).
    Headword,
    /// Only in other entries, as the abbreviation of their headword (instant (inst.)).
    AbbreviationOnly,
    /// Only in other entries, and there always in capitals, an initialism
    /// (electromotive force (EMF)).
    InitialismOnly,
    /// Not in the dictionary.
    Absent,
}

/// An entry's headword: its first line up to the pronunciation, the part of speech or
/// an abbreviation in parentheses.
fn headword(entry: &str) -> &str {
    let first = entry.lines().next().unwrap_or("");
    let end = [" /", " <", " ("]
        .iter()
        .filter_map(|m| first.find(m))
        .min()
        .unwrap_or(first.len());
    first[..end].trim()
}

/// What FreeDict (a dictd index and its `.dict.dz` beside it) says of each of `forms`.
pub fn freedict(
    index: &Path,
    forms: &HashSet<String>,
) -> Result<HashMap<String, FreeDict>, String> {
    let data_path = index.with_extension("dict.dz");
    let packed = fs::read(&data_path).map_err(|e| {
        format!(
            "cannot read {}: {e} (apt-get install dict-freedict-eng-deu)",
            data_path.display()
        )
    })?;
    let mut data = Vec::new();
    flate2::read::GzDecoder::new(&packed[..])
        .read_to_end(&mut data)
        .map_err(|e| format!("{}: {e}", data_path.display()))?;
    let index_text = fs::read(index)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .map_err(|e| format!("cannot read {}: {e}", index.display()))?;
    let mut out: HashMap<String, FreeDict> = forms
        .iter()
        .map(|f| (f.clone(), FreeDict::Absent))
        .collect();
    for line in index_text.lines() {
        let mut f = line.split('\t');
        let (Some(word), Some(offset), Some(length)) = (f.next(), f.next(), f.next()) else {
            continue;
        };
        let Some(slot) = out.get_mut(&word.to_lowercase()) else {
            continue;
        };
        let (Some(offset), Some(length)) = (base64_number(offset), base64_number(length)) else {
            continue;
        };
        let Some(entry) = data.get(offset..offset.saturating_add(length)) else {
            continue;
        };
        let entry = String::from_utf8_lossy(entry);
        let form = word.to_lowercase();
        let capitals = form.to_uppercase();
        let first = entry.lines().next().unwrap_or("");
        let initialism = [" ", ")", "."]
            .iter()
            .any(|end| first.contains(&format!("({capitals}{end}")));
        *slot = match (*slot, headword(&entry) == form, initialism) {
            (FreeDict::Headword, _, _) | (_, true, _) => FreeDict::Headword,
            (FreeDict::Absent | FreeDict::InitialismOnly, false, true) => FreeDict::InitialismOnly,
            _ => FreeDict::AbbreviationOnly,
        };
    }
    Ok(out)
}

/// A lowercase spelling SCOWL files only as an abbreviation, with what WordNet knows of
/// it (whether it is the first word of one of its synsets) and whether SCOWL's hunspell
/// dictionary inflects it.
pub struct Candidate {
    pub first_lemma: bool,
    pub inflected: bool,
}

/// Whether SCOWL's hunspell flags for a spelling (`en_US.dic`'s `word/FLAGS`) inflect it
/// as a word: the plural or third person (S), the possessive (M), the past (D) or the
/// -ing form (G). An abbreviation takes none (corp, diam; inst/B, an -able form only).
pub fn inflects(flags: &str) -> bool {
    flags.contains(['S', 'M', 'D', 'G'])
}

/// The verdict on each candidate, with the source that decided (see the module).
pub fn decide(
    candidates: &BTreeMap<String, Candidate>,
    freedict: &HashMap<String, FreeDict>,
) -> BTreeMap<String, (&'static str, &'static str)> {
    candidates
        .iter()
        .map(|(form, c)| {
            let verdict = match (c.first_lemma, freedict.get(form), c.inflected) {
                (true, _, _) => ("word", "wordnet"),
                (false, Some(FreeDict::Headword), _) => ("word", "freedict"),
                (false, Some(FreeDict::InitialismOnly), _) => ("abbreviation", "freedict"),
                (false, _, true) => ("word", "scowl-inflections"),
                (false, Some(FreeDict::AbbreviationOnly), false) => ("abbreviation", "freedict"),
                (false, _, false) => ("abbreviation", "uninflected"),
            };
            (form.clone(), verdict)
        })
        .collect()
}

/// `abbreviation-words.tsv`: a header naming the sources, then `form <TAB> verdict <TAB>
/// source`, sorted.
pub fn write_tsv(verdicts: &BTreeMap<String, (&'static str, &'static str)>) -> String {
    let mut out = String::from(
        "# Lowercase spellings SCOWL files only as abbreviations that WordNet gives a meaning,\n\
         # made by dictgen from WordNet 3.0 and FreeDict's English-German dictionary (Debian's\n\
         # dict-freedict-eng-deu; only the verdicts, none of its text: see\n\
         # dictionaries/README.md) and SCOWL's inflections (hunspell-en-us). verdict: word or\n\
         # abbreviation; source: wordnet (the first word of a synset); for another lemma's\n\
         # short form, freedict (a FreeDict headword, or FreeDict gives it only as an\n\
         # abbreviation), scowl-inflections (SCOWL inflects it) or uninflected (neither).\n\
         # form\tverdict\tsource\n",
    );
    for (form, (verdict, source)) in verdicts {
        out.push_str(&format!("{form}\t{verdict}\t{source}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_s_headword_stops_at_its_pronunciation_or_its_abbreviation() {
        assert_eq!(headword("maths /mˈaθs/\n[Br.] Mathe"), "maths");
        assert_eq!(headword("instant /ˈɪnstənt/ (inst. /ˈɪnst/)\n"), "instant");
        assert_eq!(headword("cum /kˈʌm/ <v>\n"), "cum");
        assert_eq!(headword("Corp. /kˈɔːp/\n"), "Corp.");
    }

    #[test]
    fn wordnet_s_own_word_is_a_word_and_a_second_source_decides_a_short_form() {
        let candidates: BTreeMap<String, Candidate> = [
            ("aa", true, false),
            ("inst", false, false),
            ("maths", false, false),
            ("prelim", false, true),
            ("lat", false, true),
            ("diam", false, false),
            ("emf", false, true),
        ]
        .into_iter()
        .map(|(f, first_lemma, inflected)| {
            (
                f.to_string(),
                Candidate {
                    first_lemma,
                    inflected,
                },
            )
        })
        .collect();
        let freedict: HashMap<String, FreeDict> = [
            ("aa", FreeDict::AbbreviationOnly),
            ("inst", FreeDict::AbbreviationOnly),
            ("maths", FreeDict::Headword),
            ("prelim", FreeDict::Absent),
            ("lat", FreeDict::AbbreviationOnly),
            ("diam", FreeDict::Absent),
            ("emf", FreeDict::InitialismOnly),
        ]
        .into_iter()
        .map(|(f, v)| (f.to_string(), v))
        .collect();
        let got = decide(&candidates, &freedict);
        assert_eq!(got["aa"], ("word", "wordnet"));
        assert_eq!(got["inst"], ("abbreviation", "freedict"));
        assert_eq!(got["maths"], ("word", "freedict"));
        assert_eq!(got["prelim"], ("word", "scowl-inflections"));
        assert_eq!(got["lat"], ("word", "scowl-inflections"));
        assert_eq!(got["diam"], ("abbreviation", "uninflected"));
        assert_eq!(got["emf"], ("abbreviation", "freedict"));
        assert!(inflects("SM") && inflects("GBSD") && !inflects("B") && !inflects(""));
    }
}
