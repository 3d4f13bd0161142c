//! Where spellings come from: the embedded SCOWL + WordNet data, or a user's own list.

use std::path::Path;

use fst::{IntoStreamer, Map, Set, Streamer};
use thiserror::Error;

use super::fold::{FoldError, fold_into};
use super::format::{
    ABSENT, Category, Decoder, REGIONS, RawSense, Summary, WN_AUTHOR, WN_COMMON, WN_LOCATION,
    WN_PERSON,
};
use super::rules::{NameClass, Region};

static EN_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/en.fst"));
static SENSES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/senses.bin"));
static AFFIXES_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/affixes.fst"));
static WORDS_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/words.fst"));
static NO_FOREIGN_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/no_foreign.fst"));
static PLACES_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/places.fst"));
static SYMBOLS_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/symbols.fst"));
static COMMON_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/common.fst"));
static NAMES_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/names.fst"));
static SUMMARIES_FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/summaries.fst"));

mod generated {
    include!(concat!(env!("OUT_DIR"), "/dict_stats.rs"));
}

/// A dictionary that could not be opened or built.
#[derive(Debug, Error)]
pub enum LexiconError {
    /// A word list (`--dict`, or one being built) could not be read from disk.
    #[error("cannot read dictionary {path}: {source}")]
    Read {
        /// The file, as given.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A `--dict` file lacks the header `umpire dict build` writes, or its keys are out
    /// of order.
    #[error("{path} is not a word list built by `umpire dict build` ({detail})")]
    Corrupt {
        /// The file, as given.
        path: String,
        /// What was wrong with it.
        detail: String,
    },
    /// A line of a plain word list being built is not a word (a digit, a symbol).
    #[error("{path} line {line}: {error}")]
    BadWord {
        /// The plain list being built.
        path: String,
        /// The line, from 1.
        line: usize,
        /// Why the word could not be folded.
        error: FoldError,
    },
    /// A plain word list being built has no words, only blanks and comments.
    #[error("{path} has no words")]
    EmptyList {
        /// The plain list being built.
        path: String,
    },
    /// The built list could not be written out.
    #[error("cannot write {path}: {detail}")]
    Write {
        /// The file being written.
        path: String,
        /// What the system said.
        detail: String,
    },
    /// The dictionary compiled into the binary does not open: the build went wrong.
    #[error("the embedded dictionary is damaged ({0}); rebuild umpire")]
    Embedded(String),
}

/// One spelling that folds to a key, with what SCOWL and WordNet say of it.
pub(crate) type Sense<'a> = RawSense<'a>;

impl Summary {
    /// The lowest level at which the key is a word in `region` ([`Region::Any`] takes
    /// every list), or `None`. Here rather than with [`Summary`]'s layout, which the
    /// build script shares and which knows no regions by name.
    pub fn word_level_in(self, region: Region) -> Option<u8> {
        self.word_level(region.index())
    }
}

impl RawSense<'_> {
    /// The lowest SCOWL level at which the spelling is in `region`, if it is at all.
    pub(crate) fn level_in(&self, region: Region) -> Option<u8> {
        let l = self.levels[region.index()];
        (l != ABSENT).then_some(l)
    }

    /// True when, in `region`, the spelling comes only from a SCOWL variant list.
    pub(crate) fn is_variant_in(&self, region: Region) -> bool {
        self.variant & (1 << region.index()) != 0
    }

    /// The most telling name class WordNet gives this spelling.
    pub(crate) fn name_class(&self) -> Option<NameClass> {
        if self.wordnet & WN_LOCATION != 0 {
            Some(NameClass::Place)
        } else if self.wordnet & WN_AUTHOR != 0 {
            Some(NameClass::Author)
        } else if self.wordnet & WN_PERSON != 0 {
            Some(NameClass::Person)
        } else {
            None
        }
    }

    /// True when WordNet puts this spelling in `class`.
    pub(crate) fn is_in_class(&self, class: NameClass) -> bool {
        let bit = match class {
            NameClass::Place => WN_LOCATION,
            NameClass::Person => WN_PERSON,
            NameClass::Author => WN_AUTHOR,
        };
        self.wordnet & bit != 0
    }
}

// A lexicon is made once a process and looked up millions of times: its few hundred
// bytes of fst headers stay inline rather than behind a box's pointer.
#[allow(clippy::large_enum_variant)]
enum Source {
    Embedded {
        map: Map<&'static [u8]>,
        senses: &'static [u8],
        /// The keys the default rules allow -> summary index (as in `summaries`).
        words: Map<&'static [u8]>,
        /// Words of foreign languages -> their languages (see [`Languages`]).
        no_foreign: Map<&'static [u8]>,
        /// The gazetteer's places -> the `PLACE_*` bits of their kinds.
        places: Map<&'static [u8]>,
        /// A symbol's spelling -> what it stands for.
        symbols: Map<&'static [u8]>,
        /// The keys that are words at SCOWL 50 or below in some region -> summary index.
        common: Map<&'static [u8]>,
        /// The keys that name a place, a historical person or an author -> summary index.
        names: Map<&'static [u8]>,
        /// Keys that are words at some level, or names -> summary index.
        summaries: Map<&'static [u8]>,
    },
    /// A user's plain list: every word in it is a standard word at every level.
    List { set: Set<Vec<u8>>, name: String },
}

/// A dictionary to judge words against.
pub struct Lexicon {
    source: Source,
    affixes: Map<&'static [u8]>,
}

/// The result of one look-up: every sense of a key can be walked from it any number of
/// times without searching the fst again.
#[derive(Clone, Copy)]
pub(crate) struct Found<'a>(FoundInner<'a>);

#[derive(Clone, Copy)]
enum FoundInner<'a> {
    Embedded {
        blob: &'a [u8],
        offset: usize,
        key: &'a str,
    },
    Listed(&'a str),
    Missing,
}

impl<'a> Found<'a> {
    /// Every spelling that folds to the key.
    pub(crate) fn senses(&self) -> Senses<'a> {
        Senses(match self.0 {
            FoundInner::Embedded {
                blob, offset, key, ..
            } => SensesInner::Decoded(Decoder::new(blob, offset, key)),
            FoundInner::Listed(key) => SensesInner::One(Some(RawSense {
                form: key,
                category: Category::Word,
                wordnet: WN_COMMON,
                wordnet_only: false,
                levels: [10; REGIONS],
                variant: 0,
                filed: super::format::Filed::Scowl,
                plural_of_noun: false,
                name_echo: false,
                symbol: false,
            })),
            FoundInner::Missing => SensesInner::One(None),
        })
    }

    /// True when the dictionary knows some spelling of the key.
    pub(crate) fn exists(&self) -> bool {
        !matches!(self.0, FoundInner::Missing)
    }
}

/// An iterator over the senses of one key.
pub struct Senses<'a>(SensesInner<'a>);

enum SensesInner<'a> {
    Decoded(Decoder<'a>),
    One(Option<RawSense<'a>>),
}

impl<'a> Iterator for Senses<'a> {
    type Item = Sense<'a>;
    fn next(&mut self) -> Option<Sense<'a>> {
        match &mut self.0 {
            SensesInner::Decoded(d) => d.next(),
            SensesInner::One(s) => s.take(),
        }
    }
}

/// Where the gazetteer knows a place from, for the reason a names-places ruling gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Gazetteer {
    /// A town of GeoNames a table knows (`places.tsv`; the rule is in
    /// `dictionaries/README.md`, "Places").
    Town,
    /// A river of Natural Earth's 1:10m maps.
    River,
    /// A place umpire's list names (`places-listed.tsv`): one no reachable source holds.
    Listed(PlaceKind),
}

/// The kind of a place umpire's list names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PlaceKind {
    Island,
    Lake,
    River,
    Town,
}

impl Gazetteer {
    /// The place `places.fst`'s value names first: one umpire's list names (players
    /// named it as that kind), then a capital or a large town, a river on Natural
    /// Earth's maps, then any other town (YORK is the city before a river of Virginia;
    /// SHANNON the river before a town of 9,000).
    pub(crate) fn from_bits(bits: u64) -> Option<Gazetteer> {
        use super::format::{
            PLACE_LARGE_TOWN, PLACE_LISTED_ISLAND, PLACE_LISTED_LAKE, PLACE_LISTED_RIVER,
            PLACE_LISTED_TOWN, PLACE_RIVER, PLACE_TOWN,
        };
        let order = [
            (PLACE_LISTED_ISLAND, Gazetteer::Listed(PlaceKind::Island)),
            (PLACE_LISTED_LAKE, Gazetteer::Listed(PlaceKind::Lake)),
            (PLACE_LISTED_RIVER, Gazetteer::Listed(PlaceKind::River)),
            (PLACE_LISTED_TOWN, Gazetteer::Listed(PlaceKind::Town)),
            (PLACE_LARGE_TOWN, Gazetteer::Town),
            (PLACE_RIVER, Gazetteer::River),
            (PLACE_TOWN, Gazetteer::Town),
        ];
        order
            .into_iter()
            .find(|(bit, _)| bits & bit != 0)
            .map(|(_, g)| g)
    }

    /// "a town: GeoNames", "a river: Natural Earth", "an island: umpire's list".
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Gazetteer::Town => "a town: GeoNames",
            Gazetteer::River => "a river: Natural Earth",
            Gazetteer::Listed(PlaceKind::Island) => "an island: umpire's list",
            Gazetteer::Listed(PlaceKind::Lake) => "a lake: umpire's list",
            Gazetteer::Listed(PlaceKind::River) => "a river: umpire's list",
            Gazetteer::Listed(PlaceKind::Town) => "a town: umpire's list",
        }
    }
}

/// A listed English affix that a key spells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Affix<'a> {
    key: &'a str,
    prefix: bool,
    suffix: bool,
}

impl<'a> Affix<'a> {
    /// A prefix spelt `key`, for tests that need a reason of every kind.
    #[cfg(test)]
    pub(crate) fn for_test(key: &'a str) -> Self {
        Affix {
            key,
            prefix: true,
            suffix: false,
        }
    }

    /// True when the affix is a listed suffix ("-ward"), whether or not also a prefix.
    pub(crate) fn is_suffix(&self) -> bool {
        self.suffix
    }

    /// "prefix", "suffix", or "prefix and suffix".
    pub(crate) fn kind(&self) -> &'static str {
        match (self.prefix, self.suffix) {
            (true, true) => "prefix and suffix",
            (false, true) => "suffix",
            _ => "prefix",
        }
    }
}

impl std::fmt::Display for Affix<'_> {
    /// As dictionaries write it: "pre-", "-ing", or "en-, -en".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let k = self.key;
        match (self.prefix, self.suffix) {
            (true, true) => write!(f, "{k}-, -{k}"),
            (false, true) => write!(f, "-{k}"),
            _ => write!(f, "{k}-"),
        }
    }
}

/// The languages of a foreign word, the likeliest first (four bits each, an index
/// into the languages table plus one), and its SCOWL level (the top byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Languages(u64);

impl Languages {
    /// The languages' names ("French", "German"...), the likeliest first.
    pub(crate) fn names(self) -> impl Iterator<Item = &'static str> {
        (0..14)
            .map(move |i| (self.0 >> (4 * i)) & 0xF)
            .take_while(|code| *code != 0)
            .filter_map(|code| super::format::LANGUAGES.get(code as usize - 1))
            .map(|(_, name)| *name)
    }

    /// Languages from their packed bits, for tests.
    #[cfg(test)]
    pub(crate) fn for_test(bits: u64) -> Languages {
        Languages(bits)
    }

    /// The lowest SCOWL level of the word's plain spelling (0 for a reported word).
    pub(crate) fn level(self) -> u8 {
        (self.0 >> 56) as u8
    }

    /// The likeliest language's name.
    pub(crate) fn first(self) -> &'static str {
        self.names().next().unwrap_or("a foreign language")
    }
}

/// What `umpire dict info` reports.
pub struct DictStats {
    /// How many folded keys the dictionary looks words up by.
    pub keys: u64,
    /// The size in bytes of the spellings blob (what SCOWL and WordNet say of each).
    pub senses_bytes: u64,
    /// The SCOWL levels the buckets of `counts` follow, smallest first.
    pub levels: &'static [u8],
    /// Per category, spellings per level bucket (the last bucket is WordNet-only rows).
    pub counts: Vec<(Category, Vec<u32>)>,
}

impl Lexicon {
    /// The SCOWL + WordNet dictionary compiled into the binary. Costs no parsing: the
    /// fst is read in place.
    pub fn embedded() -> Result<Lexicon, LexiconError> {
        let open = |bytes| Map::new(bytes).map_err(|e| LexiconError::Embedded(e.to_string()));
        Ok(Lexicon {
            source: Source::Embedded {
                map: open(EN_FST)?,
                senses: SENSES,
                words: open(WORDS_FST)?,
                no_foreign: open(NO_FOREIGN_FST)?,
                places: open(PLACES_FST)?,
                symbols: open(SYMBOLS_FST)?,
                common: open(COMMON_FST)?,
                names: open(NAMES_FST)?,
                summaries: open(SUMMARIES_FST)?,
            },
            affixes: Self::affix_map()?,
        })
    }

    fn affix_map() -> Result<Map<&'static [u8]>, LexiconError> {
        Map::new(AFFIXES_FST).map_err(|e| LexiconError::Embedded(e.to_string()))
    }

    /// A user's list compiled by `build_word_list`: its keys are read, checked and
    /// compiled into an fst in memory, so that no byte of the file is trusted as fst
    /// structure (a crafted fst whose checksum is right could send fst's reader out of
    /// bounds, and a panic is an abort in a release build).
    pub fn open(path: &Path) -> Result<Lexicon, LexiconError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| LexiconError::Read {
            path: name.clone(),
            source,
        })?;
        Self::from_list_bytes(bytes, &name)
    }

    /// A user's list from its bytes; `name` is how messages call it.
    pub fn from_list_bytes(bytes: Vec<u8>, name: &str) -> Result<Lexicon, LexiconError> {
        let corrupt = |detail: String| LexiconError::Corrupt {
            path: name.to_string(),
            detail,
        };
        if bytes.starts_with(LIST_MAGIC_V1) {
            return Err(corrupt(
                "it was built by an older umpire: build it again with `umpire dict build`".into(),
            ));
        }
        let Some(body) = bytes.strip_prefix(LIST_MAGIC) else {
            return Err(corrupt("no umpire word-list header".into()));
        };
        let text = std::str::from_utf8(body).map_err(|_| corrupt("it is not UTF-8".into()))?;
        let mut buf = String::new();
        let mut previous: Option<&str> = None;
        let mut keys = Vec::new();
        for (n, key) in text.lines().enumerate() {
            let folded = fold_into(key, &mut buf).is_ok() && buf == key;
            if !folded || previous.is_some_and(|p| p >= key) {
                return Err(corrupt(format!(
                    "line {} is not a folded word in order after the one before",
                    n + 2
                )));
            }
            keys.push(key);
            previous = Some(key);
        }
        let set = Set::from_iter(keys).map_err(|e| corrupt(fst_detail(e)))?;
        Ok(Lexicon {
            source: Source::List {
                set,
                name: name.to_string(),
            },
            affixes: Self::affix_map()?,
        })
    }

    /// The list's file name, for a user list; `None` for the embedded dictionary.
    pub fn list_name(&self) -> Option<&str> {
        match &self.source {
            Source::Embedded { .. } => None,
            Source::List { name, .. } => Some(name),
        }
    }

    /// Looks `key` (already folded) up once.
    pub(crate) fn lookup<'a>(&'a self, key: &'a str) -> Found<'a> {
        Found(match &self.source {
            Source::Embedded { map, senses, .. } => match map.get(key) {
                Some(offset) => FoundInner::Embedded {
                    blob: senses,
                    offset: usize::try_from(offset).unwrap_or(usize::MAX),
                    key,
                },
                None => FoundInner::Missing,
            },
            Source::List { set, .. } if set.contains(key) => FoundInner::Listed(key),
            Source::List { .. } => FoundInner::Missing,
        })
    }

    /// What the build worked out for `key` (already folded), in one look-up. `None` for
    /// a key that is neither a word at any level nor a name, and for a user's list.
    pub fn summary(&self, key: &str) -> Option<Summary> {
        let Source::Embedded { summaries, .. } = &self.source else {
            return None;
        };
        summary_at(summaries.get(key)?)
    }

    /// Under the default rules (the standard policy, level 80, any region), whether `key` is
    /// allowed, with its summary when it is: one look-up in the map of the words people
    /// play. `None` for a user's list.
    pub(crate) fn default_word(&self, key: &str) -> Option<Summary> {
        let Source::Embedded { words, .. } = &self.source else {
            return None;
        };
        summary_at(words.get(key)?)
    }

    /// The languages `key` is a word of, when it is a word of a foreign language that
    /// English dictionaries do not take in (what a policy that bars foreign words
    /// refuses): one look-up. `None` for a user's list, which decides alone.
    pub(crate) fn foreign(&self, key: &str) -> Option<Languages> {
        let Source::Embedded { no_foreign, .. } = &self.source else {
            return None;
        };
        no_foreign.get(key).map(Languages)
    }

    /// The gazetteer's entry for `key`, a place WordNet lacks: a town of GeoNames a
    /// table knows, a river of Natural Earth, or a place umpire's list names (see
    /// [`Gazetteer::from_bits`] for which of them a reason names).
    pub(crate) fn gazetteer(&self, key: &str) -> Option<Gazetteer> {
        let Source::Embedded { places, .. } = &self.source else {
            return None;
        };
        Gazetteer::from_bits(places.get(key)?)
    }

    /// What a symbol spelt `form` (as WordNet writes it: Hz) stands for (hertz).
    pub(crate) fn stands_for(&self, form: &str) -> Option<&'static str> {
        let Source::Embedded { symbols, .. } = &self.source else {
            return None;
        };
        let at = usize::try_from(symbols.get(form)?).ok()?;
        generated::STANDS_FOR.get(at).copied()
    }

    /// The fst of every key, borrowed (it was checked when the lexicon opened).
    fn keys_fst(&self) -> Option<fst::raw::Fst<&[u8]>> {
        let bytes = match &self.source {
            Source::Embedded { map, .. } => map.as_fst().as_bytes(),
            Source::List { set, .. } => set.as_fst().as_bytes(),
        };
        fst::raw::Fst::new(bytes).ok()
    }

    /// Every key, in key order. For tests and benchmarks (umpire's word graph is built
    /// from it there): public and built always, not behind a feature, since a feature
    /// umpire's dev-dependency turned on would make `cargo test` after `cargo run`
    /// build this crate, and then umpire, a second time (.ci/same-features).
    pub fn visit_keys(&self, visit: &mut dyn FnMut(&str)) {
        if let Some(fst) = self.keys_fst() {
            walk(fst.stream(), &mut |key, _| visit(key));
        }
    }

    /// Every key, in key order, whose letters one of `bounds` (counts of a-z) can
    /// spell: which words a rack can make. The walk follows only the prefixes the
    /// letters can spell, so it costs what the letters allow, not the dictionary's
    /// size; one walk serves every bound.
    pub fn visit_keys_spelt(&self, bounds: &[[u16; 26]], visit: &mut dyn FnMut(&str)) {
        if let Some(fst) = self.keys_fst() {
            spelt(&fst, bounds, visit);
        }
    }

    /// Every key `rules` may allow whose letters one of `bounds` can spell, in key
    /// order, with its summary: the keys of the smallest embedded set that holds every
    /// key the rules allow (the words at SCOWL 50 or below for a table at that level,
    /// the default table's words for one at 80 or below, the names for a names
    /// policy), so a search of a crowded table meets a fraction of the keys. Those sets
    /// carry each key's summary, so judging a key the walk meets costs no look-up
    /// (a crowded table meets thousands). The summary is `None` where the walk falls
    /// back to every key (a user's list, a house list that allows words, a level above
    /// 80); the caller judges each key.
    pub(crate) fn visit_candidates_spelt(
        &self,
        rules: &super::Rules,
        bounds: &[[u16; 26]],
        visit: &mut dyn FnMut(&str, Option<Summary>),
    ) {
        let set = match &self.source {
            Source::Embedded {
                common,
                words,
                names,
                ..
            } if rules.allow.words.is_empty() => {
                if rules.policy().only_names.is_some() {
                    Some(names)
                } else if rules.level <= COMMON_LEVEL {
                    Some(common)
                } else if rules.level <= super::words::DEFAULT_LEVEL {
                    Some(words)
                } else {
                    None
                }
            }
            _ => None,
        };
        match set {
            Some(set) => spelt_with(set.as_fst(), bounds, &mut |key, id| {
                visit(key, summary_at(id));
            }),
            None => self.visit_keys_spelt(bounds, &mut |key| visit(key, None)),
        }
    }

    /// Every spelling that folds to `key` (which must already be folded).
    pub fn senses<'a>(&'a self, key: &'a str) -> Senses<'a> {
        self.lookup(key).senses()
    }

    /// The affix `key` spells, when it is a listed English prefix or suffix.
    pub(crate) fn affix<'a>(&self, key: &'a str) -> Option<Affix<'a>> {
        let kind = self.affixes.get(key)?;
        Some(Affix {
            key,
            prefix: kind & 1 != 0,
            suffix: kind & 2 != 0,
        })
    }

    /// Counts compiled in at build time.
    pub fn stats() -> DictStats {
        DictStats {
            keys: generated::KEYS,
            senses_bytes: generated::SENSES_BYTES,
            levels: &generated::LEVELS,
            counts: Category::ALL
                .iter()
                .zip(generated::COUNTS.iter())
                .map(|(c, row)| (*c, row.to_vec()))
                .collect(),
        }
    }

    /// How many keys a user list holds, or the embedded dictionary's key count.
    pub fn len(&self) -> u64 {
        match &self.source {
            Source::Embedded { map, .. } => map.len() as u64,
            Source::List { set, .. } => set.len() as u64,
        }
    }

    /// True when the dictionary holds no key at all (an empty `--dict` list).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Up to `limit` keys starting with `prefix`, in order (tab completion of words).
    pub fn keys_with_prefix(&self, prefix: &str, limit: usize) -> Vec<String> {
        let mut upper = prefix.as_bytes().to_vec();
        upper.push(0xFF);
        let mut keys: Vec<Vec<u8>> = Vec::new();
        match &self.source {
            Source::Embedded { map, .. } => {
                let mut s = map.range().ge(prefix).lt(&upper).into_stream();
                while let Some((k, _)) = s.next() {
                    if keys.len() >= limit {
                        break;
                    }
                    keys.push(k.to_vec());
                }
            }
            Source::List { set, .. } => {
                let mut s = set.range().ge(prefix).lt(&upper).into_stream();
                while let Some(k) = s.next() {
                    if keys.len() >= limit {
                        break;
                    }
                    keys.push(k.to_vec());
                }
            }
        }
        keys.into_iter()
            .filter_map(|k| String::from_utf8(k).ok())
            .collect()
    }
}

/// The first line of a list written by [`build_word_list`], then its folded keys in
/// order, one a line: a file that lacks it is refused by name rather than misread.
const LIST_MAGIC: &[u8] = b"umpire word list v2\n";
/// The first version held fst bytes, which cannot be read without trusting them.
const LIST_MAGIC_V1: &[u8] = b"umpire word list v1\n";

/// fst's own message, on one line and without its advice about crate versions.
fn fst_detail(e: fst::Error) -> String {
    let text = match e {
        fst::Error::Fst(inner) => inner.to_string(),
        other => other.to_string(),
    };
    let first = text.split(". ").next().unwrap_or("");
    first.replace('\n', " ")
}

#[cfg(feature = "cli")]
/// Compiles a plain word list (one word a line; `#` comments and blank lines skipped)
/// into the list `--dict` reads: a header line, then the folded keys, sorted, one a line.
/// Returns the number of distinct keys written.
pub fn build_word_list(list: &Path, out: &Path) -> Result<u64, LexiconError> {
    let name = list.display().to_string();
    let text = std::fs::read(list).map_err(|source| LexiconError::Read {
        path: name.clone(),
        source,
    })?;
    let text = String::from_utf8_lossy(&text);
    let mut keys = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut key = String::new();
        fold_into(line, &mut key).map_err(|error| LexiconError::BadWord {
            path: name.clone(),
            line: n + 1,
            error,
        })?;
        keys.push(key);
    }
    if keys.is_empty() {
        return Err(LexiconError::EmptyList { path: name });
    }
    keys.sort_unstable();
    keys.dedup();
    let mut bytes = LIST_MAGIC.to_vec();
    for key in &keys {
        bytes.extend_from_slice(key.as_bytes());
        bytes.push(b'\n');
    }
    std::fs::write(out, bytes).map_err(|e| LexiconError::Write {
        path: out.display().to_string(),
        detail: e.to_string(),
    })?;
    Ok(keys.len() as u64)
}

/// The summary stored at index `id` of the build's table.
fn summary_at(id: u64) -> Option<Summary> {
    usize::try_from(id)
        .ok()
        .and_then(|i| generated::SUMMARIES.get(i))
        .map(|s| Summary(*s))
}

/// Visits the keys a stream yields (every key is text: folded words) with their values.
fn walk<S>(mut stream: S, visit: &mut dyn FnMut(&str, u64))
where
    S: for<'a> fst::Streamer<'a, Item = (&'a [u8], fst::raw::Output)>,
{
    while let Some((key, out)) = stream.next() {
        if let Ok(text) = std::str::from_utf8(key) {
            visit(text, out.value());
        }
    }
}

/// Every key of `fst`, in key order, whose letters one of `bounds` can spell (see
/// [`Lexicon::visit_keys_spelt`]).
fn spelt(fst: &fst::raw::Fst<&[u8]>, bounds: &[[u16; 26]], visit: &mut dyn FnMut(&str)) {
    spelt_with(fst, bounds, &mut |key, _| visit(key));
}

/// [`spelt`], with each key's value in `fst`.
fn spelt_with(fst: &fst::raw::Fst<&[u8]>, bounds: &[[u16; 26]], visit: &mut dyn FnMut(&str, u64)) {
    use fst::IntoStreamer;
    match bounds {
        [] => {}
        [one] => walk(fst.search(super::spelt::Spelt(*one)).into_stream(), visit),
        _ if bounds.len() > super::spelt::MAX_BOUNDS => {
            let mut union = [0u16; 26];
            for b in bounds {
                for (u, n) in union.iter_mut().zip(b) {
                    *u = (*u).max(*n);
                }
            }
            walk(fst.search(super::spelt::Spelt(union)).into_stream(), visit);
        }
        _ => {
            walk(
                fst.search(super::spelt::SpeltAny::new(bounds))
                    .into_stream(),
                visit,
            );
        }
    }
}

/// The level up to which the walk of the keys a rack spells
/// ([`visit_allowed_spelt`](crate::visit_allowed_spelt)) reads the common words alone
/// (`common.fst`): a hint's default level.
pub const COMMON_LEVEL: u8 = 50;
