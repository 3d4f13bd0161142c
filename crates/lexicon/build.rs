//! Compiles the committed word data (the repository's `dictionaries/`) into the
//! structures the binary embeds:
//!
//! - `en.fst` + `senses.bin`: folded key -> the key's summary (what a verdict needs, see
//!   `src/words.rs`) and every spelling that folds to it (see
//!   `src/format.rs`), read in place with `fst::Map::new`, no parsing at start-up;
//! - `affixes.fst`: folded affix -> 1 (prefix), 2 (suffix), 3 (both);
//! - `no_foreign.fst`: the keys a policy that bars foreign words refuses
//!   (`no-foreign.tsv`, made by dictgen, and `foreign-reported.tsv`) -> their languages;
//! - `places.fst`: the gazetteer's towns (`places.tsv`, GeoNames), rivers (`rivers.tsv`,
//!   Natural Earth) and the places umpire's list names (`places-listed.tsv`) -> the
//!   `PLACE_*` bits of their kinds (`src/format.rs`), which also set a key's
//!   place class in its summary;
//! - `symbols.fst`: a symbol's spelling (Hz) -> what it stands for (hertz), an index
//!   into `dict_stats.rs`'s `STANDS_FOR`;
//! - `dict_stats.rs`: counts by category and level for `umpire dict info`;
//! - `glosses.fst` + `glosses.blocks`: WordNet's definitions for `define`, in separately
//!   deflated blocks of about 32 KB, so one look-up inflates one block and nothing is
//!   read or inflated unless `define` runs.
//!
//! Parsing 17 MB of TSV is slow unoptimised, hence the `build-override` opt-level in
//! the workspace's Cargo.toml (the repository's root: profiles are the workspace's).

#[allow(dead_code)]
#[path = "src/fold.rs"]
mod fold;
#[allow(dead_code)]
#[path = "src/format.rs"]
mod format;
#[allow(dead_code)]
#[path = "src/words.rs"]
mod words;

use std::collections::BTreeMap;

// The default level, shared with the judge: the plain set of allowed words is built at
// it, and the judge's fast path trusts that set only there.
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use words::DEFAULT_LEVEL;

/// The level of `common.fst`, the lexicon's `COMMON_LEVEL` (the level a search for
/// common words stays within).
const COMMON_LEVEL: u8 = 50;

use std::collections::BTreeSet;

use format::{ABSENT, Category, REGIONS, RawSense, WN_CLASSES, WN_NOUN};

/// The word data this script reads: the repository's `dictionaries/`, two folders up
/// from this crate (crates/lexicon), where dictgen writes it and dictionaries/README.md
/// describes it.
const DICTIONARIES: &str = "../../dictionaries";

/// The data files read, in `dictionaries/`.
const DATA: [&str; 13] = [
    "en.tsv",
    "affixes.txt",
    "name-echoes.txt",
    "glosses.tsv.gz",
    "no-foreign.tsv",
    "foreign-reported.tsv",
    "places.tsv",
    "rivers.tsv",
    "abbreviations.tsv",
    "abbreviation-words.tsv",
    "interjections.txt",
    "places-listed.tsv",
    "symbols.tsv",
];

/// The path of `dictionaries/NAME`, from this crate's manifest directory (cargo runs a
/// build script there, but says where in CARGO_MANIFEST_DIR).
fn dictionary(name: &str) -> PathBuf {
    let here = env::var_os("CARGO_MANIFEST_DIR").map_or_else(PathBuf::new, PathBuf::from);
    here.join(DICTIONARIES).join(name)
}

fn main() {
    // Every file read: the data, and the modules of the crate this script includes.
    // Nothing else (the rest of the crate, umpire) makes it run again.
    for f in DATA {
        println!("cargo:rerun-if-changed={DICTIONARIES}/{f}");
    }
    for f in ["src/format.rs", "src/fold.rs", "src/words.rs"] {
        println!("cargo:rerun-if-changed={f}");
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    if let Err(e) = run(&out) {
        // A build script reports by failing the build; the message names the line.
        panic!("building the embedded dictionary: {e}");
    }
}

fn run(out: &Path) -> Result<(), String> {
    let tsv = fs::read_to_string(dictionary("en.tsv"))
        .map_err(|e| format!("cannot read dictionaries/en.tsv: {e}"))?;
    let mut by_key: BTreeMap<String, Vec<RawSense<'_>>> = BTreeMap::new();
    // counts[category][level bucket]; bucket index follows LEVELS, the last is WordNet-only.
    const LEVELS: [u8; 10] = [10, 20, 35, 40, 50, 55, 60, 70, 80, 95];
    let mut counts = [[0u32; LEVELS.len() + 1]; 5];
    for (n, line) in tsv.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let sense = parse_row(line).map_err(|e| format!("en.tsv line {}: {e}", n + 1))?;
        let key = fold::fold(sense.form)
            .map_err(|e| format!("en.tsv line {}: {:?}: {e}", n + 1, sense.form))?;
        let bucket = LEVELS
            .iter()
            .position(|l| *l == sense.levels[0])
            .unwrap_or(LEVELS.len());
        counts[sense.category as usize][bucket] += 1;
        by_key.entry(key).or_default().push(sense);
    }

    let affixes = fs::read_to_string(dictionary("affixes.txt"))
        .map_err(|e| format!("cannot read dictionaries/affixes.txt: {e}"))?;
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    for (n, line) in affixes.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let kind = match (line.starts_with('-'), line.ends_with('-')) {
            (false, true) => 1,
            (true, false) => 2,
            _ => {
                return Err(format!(
                    "affixes.txt line {}: {line:?} is neither \"pre-\" nor \"-ness\"",
                    n + 1
                ));
            }
        };
        let key = fold::fold(line).map_err(|e| format!("affixes.txt line {}: {e}", n + 1))?;
        *kinds.entry(key).or_insert(0) |= kind;
    }
    let mut bytes = Vec::new();
    let mut set = fst::MapBuilder::new(&mut bytes).map_err(|e| e.to_string())?;
    for (k, v) in &kinds {
        set.insert(k, *v).map_err(|e| e.to_string())?;
    }
    set.finish().map_err(|e| e.to_string())?;
    fs::write(out.join("affixes.fst"), &bytes).map_err(|e| e.to_string())?;

    let gcide_abbreviations = mark_abbreviations(&mut by_key)?;
    mark_abbreviation_words(&mut by_key)?;
    mark_plurals(&mut by_key);
    mark_name_echoes(&mut by_key)?;
    let places = read_places(&by_key)?;
    let foreign = write_no_foreign(out, &by_key)?;
    let stands_for = write_symbols(out, &gcide_abbreviations)?;
    let mut blob = Vec::with_capacity(8 << 20);
    let file = fs::File::create(out.join("en.fst")).map_err(|e| e.to_string())?;
    let mut map = fst::MapBuilder::new(std::io::BufWriter::new(file)).map_err(|e| e.to_string())?;
    let mut summaries = Vec::with_capacity(by_key.len());
    for (key, senses) in &by_key {
        map.insert(key, blob.len() as u64)
            .map_err(|e| e.to_string())?;
        format::encode(key, senses, &mut blob);
        let affix = kinds.get(key).copied().unwrap_or(0) as u8;
        let mut summary = words::summarize(senses, affix, places.contains_key(key.as_str()))
            .map_err(|e| format!("{key}: {e}"))?;
        if foreign.contains_key(key.as_str()) {
            summary = summary.foreign();
        }
        summaries.push((key.as_str(), summary));
    }
    map.finish().map_err(|e| e.to_string())?;
    fs::write(out.join("senses.bin"), &blob).map_err(|e| e.to_string())?;
    let table = write_summaries(out, &summaries)?;

    let mut stats = String::new();
    let _ = writeln!(
        stats,
        "/// Spellings by category, then by SCOWL level ({LEVELS:?}, then WordNet-only)."
    );
    let _ = writeln!(
        stats,
        "pub(crate) const COUNTS: [[u32; {}]; 5] = {counts:?};",
        LEVELS.len() + 1
    );
    let _ = writeln!(
        stats,
        "pub(crate) const LEVELS: [u8; {}] = {LEVELS:?};",
        LEVELS.len()
    );
    let _ = writeln!(stats, "pub(crate) const KEYS: u64 = {};", by_key.len());
    let _ = writeln!(
        stats,
        "pub(crate) const SENSES_BYTES: u64 = {};",
        blob.len()
    );
    let _ = writeln!(
        stats,
        "/// The distinct key summaries, indexed by the values of summaries.fst."
    );
    let _ = writeln!(
        stats,
        "pub(crate) const SUMMARIES: [u32; {}] = {table:?};",
        table.len()
    );
    let _ = writeln!(
        stats,
        "/// What each symbol stands for, indexed by the values of symbols.fst."
    );
    let _ = writeln!(
        stats,
        "pub(crate) const STANDS_FOR: [&str; {}] = {stands_for:?};",
        stands_for.len()
    );
    fs::write(out.join("dict_stats.rs"), stats).map_err(|e| e.to_string())?;
    let mut map = fst::MapBuilder::memory();
    for (key, kinds) in &places {
        map.insert(key, *kinds).map_err(|e| e.to_string())?;
    }
    fs::write(
        out.join("places.fst"),
        map.into_inner().map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    build_glosses(out)
}

/// Writes `summaries.fst` (every key that is a word at some level, or a name -> the
/// index of its summary in the returned table, most frequent first) and `words.fst`
/// (the keys a table with the default rules allows: the standard policy, level 80,
/// any region), so the usual batch costs one look-up in it. A search of a crowded
/// table walks the smallest set that holds what its rules allow: `common.fst` (the
/// words at SCOWL [`COMMON_LEVEL`] or below in some region, a hint's level),
/// `words.fst`, or `names.fst` (the keys with a name class). All four map a key to the
/// same summary index, so the search judges each key it meets from the value the walk
/// yields, without a look-up of its own.
fn write_summaries(out: &Path, summaries: &[(&str, format::Summary)]) -> Result<Vec<u32>, String> {
    let mut freq: BTreeMap<u32, u64> = BTreeMap::new();
    for (_, s) in summaries {
        *freq.entry(s.0).or_insert(0) += 1;
    }
    let mut table: Vec<(u32, u64)> = freq.into_iter().collect();
    table.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let index: BTreeMap<u32, u64> = table
        .iter()
        .enumerate()
        .map(|(i, (s, _))| (*s, i as u64))
        .collect();
    let mut all = fst::MapBuilder::memory();
    let mut words = fst::MapBuilder::memory();
    let mut common = fst::MapBuilder::memory();
    let mut names = fst::MapBuilder::memory();
    for (key, s) in summaries {
        let id = index.get(&s.0).copied().unwrap_or(0);
        if s.word_level(0).is_some_and(|l| l <= COMMON_LEVEL) {
            common.insert(key, id).map_err(|e| e.to_string())?;
        }
        if s.names() != 0 {
            names.insert(key, id).map_err(|e| e.to_string())?;
        }
        if s.lowest_word_level().is_some() || s.names() != 0 {
            all.insert(key, id).map_err(|e| e.to_string())?;
        }
        if s.word_level(0).is_some_and(|l| l <= DEFAULT_LEVEL) {
            words.insert(key, id).map_err(|e| e.to_string())?;
        }
    }
    let write = |name: &str, bytes: Vec<u8>| fs::write(out.join(name), bytes);
    write(
        "summaries.fst",
        all.into_inner().map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    write("words.fst", words.into_inner().map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    write(
        "common.fst",
        common.into_inner().map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    write("names.fst", names.into_inner().map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    Ok(table.into_iter().map(|(s, _)| s).collect())
}

/// Files the spellings `dictionaries/abbreviations.tsv` lists (every GCIDE entry of
/// which calls them an abbreviation: Xmas) among the abbreviations, as SCOWL files its
/// own. Each must be a SCOWL spelling of `en.tsv` that SCOWL does not already call one.
///
/// Returns the spellings, which are abbreviations rather than symbols (Xmas is also a
/// later lemma of Christmas, a quarter day, in WordNet: a "unit" of time by that count).
fn mark_abbreviations(
    by_key: &mut BTreeMap<String, Vec<RawSense<'_>>>,
) -> Result<BTreeSet<String>, String> {
    let mut marked = BTreeSet::new();
    let text = fs::read_to_string(dictionary("abbreviations.tsv"))
        .map_err(|e| format!("cannot read dictionaries/abbreviations.tsv: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let form = line.trim();
        if form.is_empty() || form.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("abbreviations.tsv line {}: {form:?} {why}", n + 1);
        let key = fold::fold(form).map_err(|e| bad(&e.to_string()))?;
        let sense = by_key
            .get_mut(&key)
            .and_then(|senses| {
                senses
                    .iter_mut()
                    .find(|s| s.form == form && !s.wordnet_only)
            })
            .ok_or_else(|| bad("is not a SCOWL spelling of en.tsv"))?;
        if sense.category == Category::Abbreviation {
            return Err(bad("is already one of SCOWL's abbreviations"));
        }
        sense.category = Category::Abbreviation;
        sense.filed = format::Filed::Gcide;
        marked.insert(form.to_string());
    }
    Ok(marked)
}

/// Marks what decides the lowercase spellings SCOWL files only as abbreviations that
/// `dictionaries/abbreviation-words.tsv` rules on (a word by WordNet, FreeDict or SCOWL's
/// inflections, an abbreviation by FreeDict or for want of any), and the interjections `dictionaries/interjections.txt` names. Each must
/// be a lowercase spelling SCOWL lists among its abbreviations, of a key with no other
/// SCOWL spelling: the lists speak of nothing else. An interjection must also be one
/// WordNet gives no sense (so the list cannot make a word of what WordNet defines).
fn mark_abbreviation_words(by_key: &mut BTreeMap<String, Vec<RawSense<'_>>>) -> Result<(), String> {
    let mut mark = |file: &str, form: &str, filed: format::Filed, n: usize| {
        let bad = |why: &str| format!("{file} line {n}: {form:?} {why}");
        let senses = by_key
            .get_mut(form)
            .ok_or_else(|| bad("is not a key of en.tsv"))?;
        if senses
            .iter()
            .any(|s| !s.wordnet_only && s.category != Category::Abbreviation)
        {
            return Err(bad("has a SCOWL spelling that is no abbreviation"));
        }
        let sense = senses
            .iter_mut()
            .find(|s| s.form == form && !s.wordnet_only)
            .ok_or_else(|| bad("is not a lowercase SCOWL spelling"))?;
        if filed == format::Filed::Interjection && sense.has_common_sense() {
            return Err(bad(
                "has a WordNet sense: abbreviation-words.tsv rules on it",
            ));
        }
        sense.filed = filed;
        Ok::<(), String>(())
    };
    let text = fs::read_to_string(dictionary("abbreviation-words.tsv"))
        .map_err(|e| format!("cannot read dictionaries/abbreviation-words.tsv: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let mut f = line.split('\t');
        let (Some(form), Some(verdict), Some(source)) = (f.next(), f.next(), f.next()) else {
            return Err(format!(
                "abbreviation-words.tsv line {}: expected form<TAB>verdict<TAB>source",
                n + 1
            ));
        };
        let filed = format::Filed::from_tsv(verdict, source).ok_or_else(|| {
            format!(
                "abbreviation-words.tsv line {}: unknown verdict {verdict:?} by {source:?}",
                n + 1
            )
        })?;
        mark("abbreviation-words.tsv", form, filed, n + 1)?;
    }
    let text = fs::read_to_string(dictionary("interjections.txt"))
        .map_err(|e| format!("cannot read dictionaries/interjections.txt: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let form = line.trim();
        if form.is_empty() || form.starts_with('#') {
            continue;
        }
        mark(
            "interjections.txt",
            form,
            format::Filed::Interjection,
            n + 1,
        )?;
    }
    Ok(())
}

/// Marks each lowercase spelling that is the regular plural (-s, -es after a sibilant,
/// -ies for -y) of a lowercase spelling with a WordNet noun sense: mis (mi), res (re).
fn mark_plurals(by_key: &mut BTreeMap<String, Vec<RawSense<'_>>>) {
    let lowercase = |form: &str| !form.is_empty() && form.bytes().all(|b| b.is_ascii_lowercase());
    let nouns: BTreeSet<String> = by_key
        .iter()
        .filter(|(key, senses)| {
            senses
                .iter()
                .any(|s| s.form == key.as_str() && lowercase(s.form) && s.wordnet & WN_NOUN != 0)
        })
        .map(|(key, _)| key.clone())
        .collect();
    for (key, senses) in by_key.iter_mut() {
        let mut singulars = Vec::new();
        if let Some(stem) = key.strip_suffix('s').filter(|s| !s.is_empty()) {
            singulars.push(stem.to_string());
        }
        if let Some(stem) = key.strip_suffix("es")
            && ["s", "x", "z", "ch", "sh"]
                .iter()
                .any(|e| stem.ends_with(e))
        {
            singulars.push(stem.to_string());
        }
        if let Some(stem) = key.strip_suffix("ies").filter(|s| !s.is_empty()) {
            singulars.push(format!("{stem}y"));
        }
        if !singulars.iter().any(|s| nouns.contains(s)) {
            continue;
        }
        for s in senses.iter_mut().filter(|s| s.form == key.as_str()) {
            s.plural_of_noun = true;
        }
    }
}

/// Marks the lowercase spellings `dictionaries/name-echoes.txt` lists as copies of proper
/// names. Each must be what the list says: a lowercase SCOWL word whose key has a
/// capitalised spelling and no WordNet sense of its own, so the list cannot bar an
/// ordinary word by mistake.
fn mark_name_echoes(by_key: &mut BTreeMap<String, Vec<RawSense<'_>>>) -> Result<(), String> {
    let text = fs::read_to_string(dictionary("name-echoes.txt"))
        .map_err(|e| format!("cannot read dictionaries/name-echoes.txt: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let word = line.trim();
        if word.is_empty() || word.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("name-echoes.txt line {}: {word:?} {why}", n + 1);
        let senses = by_key
            .get_mut(word)
            .ok_or_else(|| bad("is not in en.tsv"))?;
        if !senses
            .iter()
            .any(|s| matches!(s.category, Category::Upper | Category::ProperName))
        {
            return Err(bad("has no capitalised spelling"));
        }
        let echo = senses
            .iter_mut()
            .find(|s| s.form == word && s.category == Category::Word)
            .ok_or_else(|| bad("is not a lowercase SCOWL word"))?;
        if echo.has_common_sense() || echo.plural_of_noun {
            return Err(bad("has a WordNet sense of its own"));
        }
        echo.name_echo = true;
    }
    Ok(())
}

/// Raw bytes per gloss block before deflating.
const GLOSS_BLOCK: usize = 32 * 1024;

/// `glosses.fst`: folded key -> (block << 32 | offset in the inflated block);
/// `glosses.blocks`: a u32 count, then (count + 1) u32 block starts, then the deflated
/// blocks. A record is the key's lines without their first column, ended by a NUL.
fn build_glosses(out: &Path) -> Result<(), String> {
    use std::io::{Read, Write};
    let gz = fs::read(dictionary("glosses.tsv.gz"))
        .map_err(|e| format!("cannot read dictionaries/glosses.tsv.gz: {e}"))?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut text)
        .map_err(|e| format!("glosses.tsv.gz: {e}"))?;
    let mut records: BTreeMap<String, String> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some((lemma, rest)) = line.split_once('\t') else {
            continue;
        };
        let Ok(key) = fold::fold(lemma) else { continue };
        let r = records.entry(key).or_default();
        r.push_str(rest);
        r.push('\n');
    }
    let mut map = fst::MapBuilder::memory();
    let mut blocks: Vec<Vec<u8>> = Vec::new();
    let mut raw: Vec<u8> = Vec::with_capacity(GLOSS_BLOCK * 2);
    let flush = |raw: &mut Vec<u8>, blocks: &mut Vec<Vec<u8>>| -> Result<(), String> {
        let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
        enc.write_all(raw).map_err(|e| e.to_string())?;
        blocks.push(enc.finish().map_err(|e| e.to_string())?);
        raw.clear();
        Ok(())
    };
    for (key, record) in &records {
        if !raw.is_empty() && raw.len() + record.len() > GLOSS_BLOCK {
            flush(&mut raw, &mut blocks)?;
        }
        let value = ((blocks.len() as u64) << 32) | raw.len() as u64;
        map.insert(key, value).map_err(|e| e.to_string())?;
        raw.extend_from_slice(record.as_bytes());
        raw.push(0);
    }
    if !raw.is_empty() {
        flush(&mut raw, &mut blocks)?;
    }
    let mut blob = Vec::new();
    blob.extend_from_slice(&(blocks.len() as u32).to_le_bytes());
    let header = 4 + 4 * (blocks.len() + 1);
    let mut at = header;
    for b in &blocks {
        blob.extend_from_slice(&(at as u32).to_le_bytes());
        at += b.len();
    }
    blob.extend_from_slice(&(at as u32).to_le_bytes());
    for b in &blocks {
        blob.extend_from_slice(b);
    }
    fs::write(
        out.join("glosses.fst"),
        map.into_inner().map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    fs::write(out.join("glosses.blocks"), blob).map_err(|e| e.to_string())
}

/// Tags of the `wordnet` column that describe a row without adding a class: `hyphen` (a
/// hyphenated lemma), `s-form` (the -s form dictgen made of a hyphenated noun or verb),
/// `surname` (an author's surname taken from a multi-word name, which carries the
/// author's classes), `symbol` (a unit's or an element's symbol), `code` (a lemma in
/// capitals of a place's or a person's synset: IN, USA, JFK, no name of theirs).
const INFORMATIVE: [&str; 5] = ["hyphen", "s-form", "surname", "symbol", "code"];

/// `form \t level \t regions \t category \t wordnet`, as written by `dictgen`.
fn parse_row(line: &str) -> Result<RawSense<'_>, String> {
    let mut f = line.split('\t');
    let (Some(form), Some(level), Some(regions), Some(category), Some(wordnet), None) =
        (f.next(), f.next(), f.next(), f.next(), f.next(), f.next())
    else {
        return Err("expected 5 tab-separated fields".into());
    };
    let category =
        Category::from_name(category).ok_or_else(|| format!("unknown category {category:?}"))?;
    let mut wn = 0u8;
    for class in wordnet
        .split(',')
        .filter(|c| !c.is_empty() && !INFORMATIVE.contains(c))
    {
        let bit = WN_CLASSES
            .iter()
            .find(|(name, _)| *name == class)
            .ok_or_else(|| format!("unknown WordNet class {class:?}"))?
            .1;
        wn |= bit;
    }
    let mut levels = [ABSENT; REGIONS];
    // Whether some main (non-variant) list reaches the region's lowest level.
    let mut main = [false; REGIONS];
    let wordnet_only = regions == "wordnet";
    if !wordnet_only {
        let row_level: u8 = level.parse().map_err(|_| format!("bad level {level:?}"))?;
        for spec in regions.split(',') {
            let (code, l) = match spec.split_once(':') {
                Some((c, l)) => (
                    c,
                    l.parse::<u8>()
                        .map_err(|_| format!("bad level in {spec:?}"))?,
                ),
                None => (spec, row_level),
            };
            let (targets, variant) =
                format::spelling_regions(code).ok_or_else(|| format!("unknown region {code:?}"))?;
            for &r in targets {
                if l < levels[r] {
                    levels[r] = l;
                    main[r] = !variant;
                } else if l == levels[r] {
                    main[r] |= !variant;
                }
            }
        }
    }
    let mut variant = 0u8;
    for r in 0..REGIONS {
        if levels[r] != ABSENT && !main[r] {
            variant |= 1 << r;
        }
    }
    Ok(RawSense {
        form,
        category,
        wordnet: wn,
        wordnet_only,
        levels,
        variant,
        filed: format::Filed::Scowl,
        plural_of_noun: false,
        name_echo: false,
        symbol: wordnet.split(',').any(|c| c == "symbol"),
    })
}

/// The gazetteer, key -> the `PLACE_*` bits of its kinds: the towns of `places.tsv`
/// (`key <TAB> name <TAB> countries <TAB> population <TAB> rule`; a capital or a
/// `city` of 100,000 is a large town too), the rivers of `rivers.tsv` (`key <TAB> name
/// <TAB> layers`) and the places of `places-listed.tsv` (`key <TAB> name <TAB> kind <TAB>
/// country <TAB> why`). Each key is checked to be one the dictionary spells with a
/// capital, so a place never makes a word of an unknown spelling. A place is left out
/// where WordNet gives its key to a god, a character, a planet or an organisation (any
/// instance that is no real place or person: JUPITER, HAMLET): a town named after it
/// does not make it a place. A person and a place of one name are both (WELLS is the
/// cathedral city and H. G. Wells; NEWTON a town of Massachusetts and Isaac Newton).
///
/// A listed place must be what no source here holds: no WordNet location, and not of
/// a kind its source already gives the key (a listed river no river of `rivers.tsv`, a
/// listed town no town of `places.tsv`).
fn read_places(
    by_key: &BTreeMap<String, Vec<RawSense<'_>>>,
) -> Result<BTreeMap<String, u64>, String> {
    use format::{
        LISTED_KINDS, PLACE_LARGE_TOWN, PLACE_LISTED_RIVER, PLACE_LISTED_TOWN, PLACE_RIVER,
        PLACE_TOWN,
    };
    let mut keys: BTreeMap<String, u64> = BTreeMap::new();
    for file in ["places.tsv", "rivers.tsv", "places-listed.tsv"] {
        let text = fs::read_to_string(dictionary(file))
            .map_err(|e| format!("cannot read dictionaries/{file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let bad = |why: String| format!("{file} line {}: {why}", n + 1);
            let fields: Vec<&str> = line.split('\t').collect();
            let key = fields[0];
            let senses = by_key.get(key).map(Vec::as_slice).unwrap_or(&[]);
            if !senses
                .iter()
                .any(|s| s.form.starts_with(char::is_uppercase))
            {
                return Err(bad(format!("{key:?} is no capitalised spelling of en.tsv")));
            }
            let names = senses.iter().fold(0, |names, s| names | s.wordnet);
            let kind = match file {
                "places.tsv" => match fields.get(4) {
                    Some(&"capital" | &"city") => PLACE_TOWN | PLACE_LARGE_TOWN,
                    Some(&"town" | &"british-isles") => PLACE_TOWN,
                    other => return Err(bad(format!("unknown rule {other:?}"))),
                },
                "rivers.tsv" => PLACE_RIVER,
                _ => {
                    if names & format::WN_LOCATION != 0 {
                        return Err(bad(format!(
                            "{key:?} is a WordNet location: a source has it"
                        )));
                    }
                    let kind = fields.get(2).copied().unwrap_or("");
                    LISTED_KINDS
                        .iter()
                        .find(|(name, _)| *name == kind)
                        .map(|(_, bit)| *bit)
                        .ok_or_else(|| bad(format!("unknown kind {kind:?}")))?
                }
            };
            let known = keys.get(key).copied().unwrap_or(0);
            if (kind == PLACE_LISTED_RIVER && known & PLACE_RIVER != 0)
                || (kind == PLACE_LISTED_TOWN && known & PLACE_TOWN != 0)
            {
                return Err(bad(format!(
                    "{key:?} is already a place of that kind in its source"
                )));
            }
            if names & format::WN_NAME != 0 && names & format::WN_LOCATION == 0 {
                continue;
            }
            *keys.entry(key.to_string()).or_insert(0) |= kind;
        }
    }
    Ok(keys)
}

/// The languages of `codes` (comma-separated, the likeliest first) as four bits each,
/// an index into `format::LANGUAGES` plus one (the top byte is left for the level).
fn languages(codes: &str) -> Result<u64, String> {
    let mut value = 0u64;
    for (i, code) in codes.split(',').enumerate().take(14) {
        let index = format::LANGUAGES
            .iter()
            .position(|(c, _)| *c == code)
            .ok_or_else(|| format!("unknown language {code:?}"))?;
        value |= (index as u64 + 1) << (4 * i);
    }
    Ok(value)
}

/// `no_foreign.fst`: the keys a policy that bars foreign words refuses, from dictgen's
/// `no-foreign.tsv` (`key <TAB> level <TAB> languages`; the level goes in the value's top
/// byte) and the words players reported (level 0)
/// that no foreign list holds, `foreign-reported.tsv` (`key <TAB> language`). A
/// reported word must be a lowercase SCOWL word WordNet gives no sense, so the list
/// cannot bar an English word by mistake.
fn write_no_foreign(
    out: &Path,
    by_key: &BTreeMap<String, Vec<RawSense<'_>>>,
) -> Result<BTreeMap<String, u64>, String> {
    let mut map: BTreeMap<String, u64> = BTreeMap::new();
    let text = fs::read_to_string(dictionary("no-foreign.tsv"))
        .map_err(|e| format!("cannot read dictionaries/no-foreign.tsv: {e}"))?;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let mut f = line.split('\t');
        let (Some(key), Some(level), Some(codes)) = (f.next(), f.next(), f.next()) else {
            return Err(format!("no-foreign.tsv line {}: expected 3 fields", n + 1));
        };
        let bad = |e: String| format!("no-foreign.tsv line {}: {e}", n + 1);
        let level: u64 = level
            .parse()
            .map_err(|_| bad(format!("bad level {level:?}")))?;
        let langs = languages(codes).map_err(bad)?;
        map.insert(key.to_string(), langs | level << 56);
    }
    let text = fs::read_to_string(dictionary("foreign-reported.tsv"))
        .map_err(|e| format!("cannot read dictionaries/foreign-reported.tsv: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("foreign-reported.tsv line {}: {line:?} {why}", n + 1);
        let (key, code) = line
            .split_once('\t')
            .ok_or_else(|| bad("is not key<TAB>language"))?;
        let senses = by_key.get(key).ok_or_else(|| bad("is not in en.tsv"))?;
        let plain = senses
            .iter()
            .any(|s| s.form == key && s.category == Category::Word && !s.wordnet_only);
        if !plain
            || senses
                .iter()
                .any(|s| s.has_common_sense() || s.plural_of_noun)
        {
            return Err(bad("is not a lowercase SCOWL word without a WordNet sense"));
        }
        map.insert(key.to_string(), languages(code).map_err(|e| bad(&e))?);
    }
    let mut builder = fst::MapBuilder::memory();
    for (k, v) in &map {
        builder.insert(k, *v).map_err(|e| e.to_string())?;
    }
    fs::write(
        out.join("no_foreign.fst"),
        builder.into_inner().map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    Ok(map)
}

/// `symbols.fst`: each spelling `symbols.tsv` lists (as WordNet writes it, Hz) -> the
/// index of what it stands for in the returned table; a spelling GCIDE calls an
/// abbreviation (`abbreviations`) is left out.
fn write_symbols(out: &Path, abbreviations: &BTreeSet<String>) -> Result<Vec<String>, String> {
    let text = fs::read_to_string(dictionary("symbols.tsv"))
        .map_err(|e| format!("cannot read dictionaries/symbols.tsv: {e}"))?;
    let mut pairs: BTreeMap<&str, &str> = BTreeMap::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let (form, stands) = line
            .split_once('\t')
            .ok_or_else(|| format!("symbols.tsv line {}: expected form<TAB>name", n + 1))?;
        if !abbreviations.contains(form) {
            pairs.insert(form, stands);
        }
    }
    let mut names: Vec<String> = Vec::new();
    let mut builder = fst::MapBuilder::memory();
    for (form, stands) in pairs {
        let at = names.iter().position(|n| n == stands).unwrap_or_else(|| {
            names.push(stands.to_string());
            names.len() - 1
        });
        builder.insert(form, at as u64).map_err(|e| e.to_string())?;
    }
    fs::write(
        out.join("symbols.fst"),
        builder.into_inner().map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    Ok(names)
}
