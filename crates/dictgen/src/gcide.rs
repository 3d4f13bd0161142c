//! Spellings GCIDE defines only as abbreviations: `abbreviations.tsv`.
//!
//! SCOWL files some abbreviations among its capitalised words (Xmas, in its `upper`
//! lists), and WordNet gives them the sense of the word they stand for (Christmas), so
//! the judge called XMAS a proper name. GCIDE (Webster's 1913 and its supplements) says
//! what they are: "Christmas; -- an abbreviation for the Christian holiday". A spelling is
//! written when GCIDE has entries headed by exactly that spelling and every one of them
//! opens its definition by calling it an abbreviation ("-- an abbreviation", "An
//! abbreviation of/for"): a clipping GCIDE also defines as a word of its own (AUTO, DO,
//! YANK) is left alone. Only the fact is written (the spelling), none of GCIDE's text.

use std::collections::{BTreeSet, HashMap};
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

/// True when a definition opens by calling its headword an abbreviation.
fn calls_it_an_abbreviation(definition: &str) -> bool {
    let text = definition.trim_start();
    text.starts_with("An abbreviation of")
        || text.starts_with("An abbreviation for")
        || text.starts_with("Abbreviation of")
        || text.starts_with("Abbreviation for")
        || text
            .split(';')
            .nth(1)
            .is_some_and(|rest| rest.trim_start().starts_with("-- an abbreviation"))
}

/// The spellings of `forms` that GCIDE defines only as abbreviations. `index` is dictd's
/// `gcide.index` (headword, offset, length in base 64); the data is `gcide.dict.dz` beside
/// it (gzip).
pub fn abbreviations(index: &Path, forms: &BTreeSet<String>) -> Result<BTreeSet<String>, String> {
    let data_path = index.with_extension("dict.dz");
    let packed = fs::read(&data_path).map_err(|e| {
        format!(
            "cannot read {}: {e} (apt-get install dict-gcide)",
            data_path.display()
        )
    })?;
    let mut data = Vec::new();
    flate2::read::GzDecoder::new(&packed[..])
        .read_to_end(&mut data)
        .map_err(|e| format!("{}: {e}", data_path.display()))?;
    let index_text = fs::read_to_string(index)
        .or_else(|_| fs::read(index).map(|b| String::from_utf8_lossy(&b).into_owned()))
        .map_err(|e| format!("cannot read {}: {e}", index.display()))?;
    // Per headword: whether each of its own entries calls it an abbreviation.
    let mut verdicts: HashMap<&str, Vec<bool>> = HashMap::new();
    for line in index_text.lines() {
        let mut f = line.split('\t');
        let (Some(word), Some(offset), Some(length)) = (f.next(), f.next(), f.next()) else {
            continue;
        };
        if !forms.contains(word) {
            continue;
        }
        let (Some(offset), Some(length)) = (base64_number(offset), base64_number(length)) else {
            continue;
        };
        let Some(entry) = data.get(offset..offset.saturating_add(length)) else {
            continue;
        };
        let entry = String::from_utf8_lossy(entry);
        let mut lines = entry.lines();
        // Only an entry headed by the spelling itself speaks of it (the index also
        // sends a spelling to entries of other words that mention it).
        let own = lines
            .next()
            .is_some_and(|head| head.starts_with(&format!("{word} \\")));
        if !own {
            continue;
        }
        let definition: String = lines.take(3).map(str::trim).collect::<Vec<_>>().join(" ");
        verdicts
            .entry(word)
            .or_default()
            .push(calls_it_an_abbreviation(&definition));
    }
    Ok(verdicts
        .into_iter()
        .filter(|(_, v)| !v.is_empty() && v.iter().all(|a| *a))
        .map(|(w, _)| w.to_string())
        .collect())
}

/// `abbreviations.tsv`: a header naming the source, then one spelling a line, sorted.
pub fn write_tsv(forms: &BTreeSet<String>) -> String {
    let mut out = String::from(
        "# Spellings every GCIDE entry of which defines them as an abbreviation (made by\n\
         # dictgen from Debian's dict-gcide; only the spellings, no GCIDE text: see\n\
         # dictionaries/README.md). The judge reads them as SCOWL's abbreviations.\n",
    );
    for form in forms {
        out.push_str(form);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_definition_that_opens_by_calling_it_an_abbreviation() {
        assert!(calls_it_an_abbreviation(
            "Christmas; -- an abbreviation for the Christian holiday"
        ));
        assert!(calls_it_an_abbreviation("An abbreviation of Doctor."));
        assert!(!calls_it_an_abbreviation(
            "a self-propelled vehicle; -- also called automobile"
        ));
        assert_eq!(base64_number("Be"), Some(64 + 30));
    }
}
