//! Reading SCOWL: every `<spelling>-<category>.<level>` list of Debian's `scowl` package
//! as forms, each with the level of each spelling list that holds it, and the codes
//! `en.tsv` writes for SCOWL's spellings and categories.
//!
//! Apart from WordNet's reading (`wordnet.rs`) and the merge (`merge.rs`): SCOWL is the
//! one source of levels and regions, and a release that adds or renames a list fails
//! here, by the list's name.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::read;

/// One SCOWL form in one sub-category, with the level of each spelling list it is in.
pub(crate) type ScowlForms = BTreeMap<(String, &'static str), BTreeMap<&'static str, u8>>;

/// Reads every `<spelling>-<category>.<level>` list (the `special-*` lists, hacker
/// jargon and roman numerals, are not dictionary English and are skipped).
pub(crate) fn read_scowl(dir: &Path, max_level: u8) -> Result<ScowlForms, String> {
    let mut forms: ScowlForms = BTreeMap::new();
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(format!("{} is empty: apt-get install scowl", dir.display()));
    }
    for name in names {
        let Some((stem, level)) = name.rsplit_once('.') else {
            continue;
        };
        let Ok(level) = level.parse::<u8>() else {
            continue;
        };
        let Some((spelling, category)) = stem.split_once('-') else {
            continue;
        };
        if spelling == "special" || level > max_level {
            continue;
        }
        let (Some(spelling), Some(category)) = (spelling_code(spelling), category_name(category))
        else {
            return Err(format!(
                "{name}: unknown SCOWL list; update dictgen for this release"
            ));
        };
        let text = read(&dir.join(&name))?;
        for form in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let levels = forms.entry((form.to_string(), category)).or_default();
            let slot = levels.entry(spelling).or_insert(level);
            *slot = (*slot).min(level);
        }
    }
    Ok(forms)
}

/// The short code written in en.tsv for a SCOWL spelling category.
fn spelling_code(spelling: &str) -> Option<&'static str> {
    Some(match spelling {
        "english" => "en",
        "american" => "us",
        "british" => "gb",
        "british_z" => "gbz",
        "canadian" => "ca",
        "australian" => "au",
        "variant_1" => "v1",
        "variant_2" => "v2",
        "variant_3" => "v3",
        "british_variant_1" => "gb-v1",
        "british_variant_2" => "gb-v2",
        "canadian_variant_1" => "ca-v1",
        "canadian_variant_2" => "ca-v2",
        "australian_variant_1" => "au-v1",
        "australian_variant_2" => "au-v2",
        _ => return None,
    })
}

/// The category name written in en.tsv for a SCOWL sub-category.
fn category_name(category: &str) -> Option<&'static str> {
    Some(match category {
        "words" => "word",
        "upper" => "upper",
        "proper-names" => "proper-name",
        "abbreviations" => "abbreviation",
        "contractions" => "contraction",
        _ => return None,
    })
}
