//! The compiled form of `dictionaries/en.tsv`, shared by `build.rs` (which writes it)
//! and the lexicon (which reads it in place from the binary).
//!
//! An `fst::Map` sends each folded key to the offset of its record in a senses blob. A
//! record is one count byte, then one entry per spelling that folds to the key:
//!
//! ```text
//! flags  u8   category (bits 0-2), FORM_IS_KEY (bit 3), WORDNET_ONLY (bit 4),
//!             PLURAL_OF_NOUN (bit 5), NAME_ECHO (bit 6), SYMBOL (bit 7)
//! wn     u8   WordNet classes (WN_* bits)
//! levels [u8; 5]  lowest SCOWL level per region (any, us, gb, ca, au); 255 = absent
//! variant u8  bits 0-4, bit r set: in region r the spelling is known only from a
//!             variant list; bits 5-7: what decides a spelling SCOWL files as an
//!             abbreviation ([`Filed`])
//! [len u8, form bytes]   present unless FORM_IS_KEY
//! ```
//!
//! Eight fixed bytes and no form for the common case (a lowercase ASCII word is its own
//! key) keep the blob small and decoding free of allocation.
//!
//! Two more maps hold each key's [`Summary`], what a verdict needs, worked out at build
//! time, so that deciding whether a word is allowed takes one fst look-up and no
//! decoding: `words.fst` for the keys that are words at level 80 or below in some region
//! (the words people play, kept small so the look-up stays fast) and `more.fst` for the
//! rest that are words at some level or names. Their values index a table of the distinct
//! summaries (a few hundred), most frequent first, which keeps the values small.
//!
//! This file is compiled into `build.rs` with `#[path]`: it must not use the crate.

/// Where a spelling sits in SCOWL (or WordNet, for WordNet-only rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// An ordinary word (SCOWL `-words`).
    Word,
    /// A capitalised word common enough for a typical dictionary (SCOWL `-upper`).
    Upper,
    /// Any other capitalised word, mostly personal names (SCOWL `-proper-names`).
    ProperName,
    /// Abbreviations and acronyms (SCOWL `-abbreviations`).
    Abbreviation,
    /// Forms with an apostrophe for omitted letters (SCOWL `-contractions`).
    Contraction,
}

impl Category {
    pub(crate) const ALL: [Category; 5] = [
        Category::Word,
        Category::Upper,
        Category::ProperName,
        Category::Abbreviation,
        Category::Contraction,
    ];

    /// The name used in `en.tsv`.
    pub fn name(self) -> &'static str {
        match self {
            Category::Word => "word",
            Category::Upper => "upper",
            Category::ProperName => "proper-name",
            Category::Abbreviation => "abbreviation",
            Category::Contraction => "contraction",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }

    fn code(self) -> u8 {
        self as u8
    }

    fn from_code(code: u8) -> Category {
        match code {
            1 => Category::Upper,
            2 => Category::ProperName,
            3 => Category::Abbreviation,
            4 => Category::Contraction,
            _ => Category::Word,
        }
    }
}

pub(crate) const WN_NOUN: u8 = 1;
pub(crate) const WN_VERB: u8 = 1 << 1;
pub(crate) const WN_ADJ: u8 = 1 << 2;
pub(crate) const WN_ADV: u8 = 1 << 3;
/// An instance in noun.location: a geographical name.
pub(crate) const WN_LOCATION: u8 = 1 << 4;
/// An instance whose class reaches person through WordNet's hypernyms, and no deity,
/// saint, mythical being or fictional character: a historical person.
pub(crate) const WN_PERSON: u8 = 1 << 5;
/// An instance of a writer of some kind (writer/author, the other writer, satirist, critic)
/// or one of their hyponyms.
pub(crate) const WN_AUTHOR: u8 = 1 << 6;
/// Any other instance (an organisation, an event, a building...).
pub(crate) const WN_NAME: u8 = 1 << 7;
/// A common (non-instance) sense in any part of speech.
pub(crate) const WN_COMMON: u8 = WN_NOUN | WN_VERB | WN_ADJ | WN_ADV;
/// Any instance: the spelling names one particular thing.
pub(crate) const WN_INSTANCE: u8 = WN_LOCATION | WN_PERSON | WN_AUTHOR | WN_NAME;

/// The WordNet class names used in `en.tsv`, with their bits.
pub(crate) const WN_CLASSES: [(&str, u8); 8] = [
    ("noun", WN_NOUN),
    ("verb", WN_VERB),
    ("adj", WN_ADJ),
    ("adv", WN_ADV),
    ("location", WN_LOCATION),
    ("person", WN_PERSON),
    ("author", WN_AUTHOR),
    ("name", WN_NAME),
];

/// The languages of the foreign words a policy may bar, by the code `no-foreign.tsv`
/// and `foreign-reported.tsv` write; a key's languages are stored as their indices
/// here plus one, four bits each, the likeliest first.
pub(crate) const LANGUAGES: [(&str, &str); 7] = [
    ("fr", "French"),
    ("de", "German"),
    ("it", "Italian"),
    ("es", "Spanish"),
    ("la", "Latin"),
    ("ru", "Russian"),
    ("sa", "Sanskrit"),
];

/// What decides whether a spelling SCOWL files among its abbreviations is one, when a
/// source other than SCOWL speaks: the reason a verdict names (`abbreviation-words.tsv`,
/// `abbreviations.tsv`, `interjections.txt`; see `src/words.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Filed {
    /// SCOWL's own list decides (and the other rules of `words.rs`).
    #[default]
    Scowl,
    /// GCIDE defines the spelling only as an abbreviation (Xmas), though SCOWL lists it
    /// among its capitalised words.
    Gcide,
    /// SCOWL lists the key only as an abbreviation, WordNet gives the spelling a meaning
    /// only as another lemma's short form, SCOWL does not inflect it, and FreeDict's
    /// English dictionary gives it only as an abbreviation (inst., prox., Corp.).
    FreeDict,
    /// As [`Filed::FreeDict`], but no dictionary here gives it at all (diam, rbi).
    Uninflected,
    /// SCOWL lists the key only as an abbreviation, but WordNet gives the spelling a
    /// meaning of its own, as the first word of a synset (aa, the lava; intro).
    WordNet,
    /// ... a meaning as another lemma's short form, and FreeDict gives it as a headword
    /// of its own (maths, cum).
    FreeDictWord,
    /// ... a meaning as another lemma's short form, and SCOWL inflects it as a word
    /// (prelim, prelims; lat, lats).
    Inflected,
    /// SCOWL lists the key only as an abbreviation, but it is an interjection that
    /// umpire's list names (aw): no reachable dictionary lists it.
    Interjection,
}

impl Filed {
    const ALL: [Filed; 8] = [
        Filed::Scowl,
        Filed::Gcide,
        Filed::FreeDict,
        Filed::Uninflected,
        Filed::WordNet,
        Filed::FreeDictWord,
        Filed::Inflected,
        Filed::Interjection,
    ];

    fn code(self) -> u8 {
        Filed::ALL.iter().position(|f| *f == self).unwrap_or(0) as u8
    }

    fn from_code(code: u8) -> Filed {
        Filed::ALL
            .get(usize::from(code))
            .copied()
            .unwrap_or_default()
    }

    /// A source other than SCOWL makes the spelling a word though SCOWL lists it as
    /// an abbreviation.
    pub(crate) fn makes_a_word(self) -> bool {
        matches!(
            self,
            Filed::WordNet | Filed::FreeDictWord | Filed::Inflected | Filed::Interjection
        )
    }

    /// How `abbreviation-words.tsv` writes the verdict and its source.
    pub(crate) fn from_tsv(verdict: &str, source: &str) -> Option<Filed> {
        Some(match (verdict, source) {
            ("word", "wordnet") => Filed::WordNet,
            ("word", "freedict") => Filed::FreeDictWord,
            ("word", "scowl-inflections") => Filed::Inflected,
            ("abbreviation", "freedict") => Filed::FreeDict,
            ("abbreviation", "uninflected") => Filed::Uninflected,
            _ => return None,
        })
    }
}

/// The low bits of the `variant` byte hold the regions; the rest, [`Filed`].
const FILED_SHIFT: u8 = 5;
const REGION_BITS: u8 = (1 << FILED_SHIFT) - 1;

/// What `places.fst` says of a key, bits of its value: a town of GeoNames a table
/// knows, one of them a capital or a city of 100,000 people or more, a river of
/// Natural Earth, and the kinds of the places umpire's list names (`places-listed.tsv`).
pub(crate) const PLACE_TOWN: u64 = 1;
pub(crate) const PLACE_RIVER: u64 = 1 << 1;
pub(crate) const PLACE_LARGE_TOWN: u64 = 1 << 2;
pub(crate) const PLACE_LISTED_TOWN: u64 = 1 << 3;
pub(crate) const PLACE_LISTED_RIVER: u64 = 1 << 4;
pub(crate) const PLACE_LISTED_ISLAND: u64 = 1 << 5;
pub(crate) const PLACE_LISTED_LAKE: u64 = 1 << 6;
/// The kinds `places-listed.tsv` writes, with their bits.
pub(crate) const LISTED_KINDS: [(&str, u64); 4] = [
    ("island", PLACE_LISTED_ISLAND),
    ("lake", PLACE_LISTED_LAKE),
    ("river", PLACE_LISTED_RIVER),
    ("town", PLACE_LISTED_TOWN),
];

/// Regions in the order of the `levels` array.
pub(crate) const REGIONS: usize = 5;
pub(crate) const ABSENT: u8 = u8::MAX;

const FORM_IS_KEY: u8 = 1 << 3;
const WORDNET_ONLY: u8 = 1 << 4;
const PLURAL_OF_NOUN: u8 = 1 << 5;
const NAME_ECHO: u8 = 1 << 6;
const SYMBOL: u8 = 1 << 7;
/// Fixed bytes per entry before the optional form.
const FIXED: usize = 8;

/// Which regions (index into `levels`) a SCOWL spelling code counts for, and whether it
/// is a variant list. Region 0 ("any") takes every list.
pub(crate) fn spelling_regions(code: &str) -> Option<(&'static [usize], bool)> {
    Some(match code {
        "en" => (&[0, 1, 2, 3, 4], false),
        "us" => (&[0, 1], false),
        "gb" | "gbz" => (&[0, 2], false),
        "ca" => (&[0, 3], false),
        "au" => (&[0, 4], false),
        // SCOWL: variant_1 and variant_2 are mostly American variants.
        "v1" | "v2" => (&[0, 1], true),
        // variant_3: "seldom used and may not even be considered correct".
        "v3" => (&[0], true),
        "gb-v1" | "gb-v2" => (&[0, 2], true),
        "ca-v1" | "ca-v2" => (&[0, 3], true),
        "au-v1" | "au-v2" => (&[0, 4], true),
        _ => return None,
    })
}

/// One spelling that folds to a key, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawSense<'a> {
    /// The spelling itself, with its capitals and apostrophes ("Nice", "o'clock").
    pub form: &'a str,
    /// Which SCOWL list it comes from (a word, a name, an abbreviation...).
    pub category: Category,
    pub(crate) wordnet: u8,
    /// Only WordNet has it: SCOWL lists it at no level in any region.
    pub wordnet_only: bool,
    pub(crate) levels: [u8; REGIONS],
    pub(crate) variant: u8,
    /// What decides whether the spelling, which SCOWL may file as an abbreviation, is
    /// one. Set by `build.rs`.
    pub(crate) filed: Filed,
    /// The spelling is lowercase and the regular plural (-s, -es, -ies) of a lowercase
    /// spelling WordNet gives a noun sense (mis: mi, the note). Worked out by `build.rs`.
    pub(crate) plural_of_noun: bool,
    /// The spelling is listed in `dictionaries/name-echoes.txt`: a lowercase copy of a
    /// proper name (holmes, cohen) that is no word. Set by `build.rs`.
    pub(crate) name_echo: bool,
    /// WordNet knows the spelling only as a later lemma of a unit's or an element's
    /// synset and it has no vowel: a symbol read letter by letter (lm: lumen, Hz:
    /// hertz). `en.tsv`'s `symbol` tag.
    pub(crate) symbol: bool,
}

impl RawSense<'_> {
    pub(crate) fn has_apostrophe(&self) -> bool {
        self.form.contains('\'')
    }

    pub(crate) fn has_hyphen(&self) -> bool {
        self.form.contains('-')
    }

    /// WordNet gives this exact spelling a meaning of its own (not just as a name).
    pub fn has_common_sense(&self) -> bool {
        self.wordnet & WN_COMMON != 0
    }

    /// A symbol or a unit's abbreviation written as one: tagged `symbol` (lm, Hz), or an
    /// ordinary word's spelling in mixed case with a capital after its first letter (pH,
    /// kG, dB). A capitalised name with one (McCoy) is a name, not a symbol, and SCOWL's
    /// one word in capitals, OK, stays the word it was.
    pub(crate) fn is_symbol(&self) -> bool {
        self.symbol
            || (self.category == Category::Word
                && self.form.chars().skip(1).any(char::is_uppercase)
                && self.form.chars().any(char::is_lowercase))
    }

    /// A capitalised spelling or a WordNet instance: the name of one thing or person.
    pub(crate) fn is_proper(&self) -> bool {
        matches!(self.category, Category::Upper | Category::ProperName)
            || self.wordnet & WN_INSTANCE != 0
    }
}

/// SCOWL's size levels. A level stored in a [`Summary`] is its index here.
pub(crate) const SCOWL_LEVELS: [u8; 10] = [10, 20, 35, 40, 50, 55, 60, 70, 80, 95];

/// What a verdict needs of a key, packed in 32 bits:
///
/// ```text
/// bits 0-19   per region (any, us, gb, ca, au), 4 bits: the index in SCOWL_LEVELS of
///             the lowest level at which some spelling counts as a word (15: none)
/// bits 21-23  the key names a place, a historical person, an author (WN_LOCATION...);
///             a place is also a town of the gazetteer (`places.tsv`)
/// bit 24      the key is a foreign word a policy that bars them refuses (it is in
///             `no_foreign.fst`), so a search judging thousands of keys needs no
///             second look-up
/// bits 25-28  the key's name level: the index in SCOWL_LEVELS of the lowest level at
///             which SCOWL lists a name of the key among its dictionary capitals
///             (`upper`: Paris 50, Eton 50, Labe 70); 95 for a name known only from
///             its lists of personal names or WordNet (Lenoir, Spey); 15 for a key
///             that names nothing. What a names game's hint offers (`Rules::name_level`)
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary(pub(crate) u32);

/// No spelling of the key counts as a word in the region.
pub(crate) const NO_LEVEL: u8 = 0xF;
const NAMES_SHIFT: u32 = 21;
const FOREIGN: u32 = 1 << 24;
const NAME_LEVEL_SHIFT: u32 = 25;

impl Summary {
    /// The lowest SCOWL level at which the key is a word in `region` (an index into the
    /// `levels` array), or `None`.
    pub(crate) fn word_level(self, region: usize) -> Option<u8> {
        let code = ((self.0 >> (4 * region)) & 0xF) as u8;
        SCOWL_LEVELS.get(usize::from(code)).copied()
    }

    /// The key's name classes as WN_LOCATION, WN_PERSON and WN_AUTHOR bits.
    pub(crate) fn names(self) -> u8 {
        (((self.0 >> NAMES_SHIFT) & 0b111) as u8) << 4
    }

    /// Packs the parts; `levels` and `name_level` are indices into SCOWL_LEVELS or
    /// NO_LEVEL.
    pub(crate) fn pack(levels: [u8; REGIONS], names: u8, name_level: u8) -> Summary {
        let mut v = 0u32;
        for (r, code) in levels.iter().enumerate() {
            v |= u32::from(code & 0xF) << (4 * r);
        }
        v |= u32::from((names >> 4) & 0b111) << NAMES_SHIFT;
        v |= u32::from(name_level & 0xF) << NAME_LEVEL_SHIFT;
        Summary(v)
    }

    /// The SCOWL level of the key's name as a dictionary spells it (see the layout
    /// above), or `None` for a key that names nothing.
    pub fn name_level(self) -> Option<u8> {
        let code = ((self.0 >> NAME_LEVEL_SHIFT) & 0xF) as usize;
        SCOWL_LEVELS.get(code).copied()
    }

    /// Whether the key is a word of a foreign language that English dictionaries do
    /// not take in (`no_foreign.fst` holds it).
    pub(crate) fn is_foreign(self) -> bool {
        self.0 & FOREIGN != 0
    }

    /// The same summary, marked foreign.
    pub(crate) fn foreign(self) -> Summary {
        Summary(self.0 | FOREIGN)
    }

    /// The lowest level at which the key is a word in any region.
    pub fn lowest_word_level(self) -> Option<u8> {
        (0..REGIONS).filter_map(|r| self.word_level(r)).min()
    }

    /// The level at which the key is a word in every one region (American, British,
    /// Canadian and Australian alike): the highest of their levels, or `None` when a
    /// region lacks it. DOONA is a word at 35 in Australia but 80 in America, so 80:
    /// what a table that chose no region can count on every player knowing.
    pub fn every_region_level(self) -> Option<u8> {
        (1..REGIONS)
            .map(|r| self.word_level(r))
            .try_fold(0, |most, l| l.map(|l| most.max(l)))
    }
}

/// Appends one record (all the senses of `key`) to `blob`.
pub(crate) fn encode(key: &str, senses: &[RawSense<'_>], blob: &mut Vec<u8>) {
    blob.push(senses.len().min(255) as u8);
    for s in senses.iter().take(255) {
        let same = s.form == key;
        let mut flags = s.category.code();
        if same {
            flags |= FORM_IS_KEY;
        }
        if s.wordnet_only {
            flags |= WORDNET_ONLY;
        }
        if s.plural_of_noun {
            flags |= PLURAL_OF_NOUN;
        }
        if s.name_echo {
            flags |= NAME_ECHO;
        }
        if s.symbol {
            flags |= SYMBOL;
        }
        blob.push(flags);
        blob.push(s.wordnet);
        blob.extend_from_slice(&s.levels);
        blob.push((s.variant & REGION_BITS) | (s.filed.code() << FILED_SHIFT));
        if !same {
            let bytes = s.form.as_bytes();
            let n = bytes.len().min(255);
            blob.push(n as u8);
            blob.extend_from_slice(&bytes[..n]);
        }
    }
}

/// Walks the entries of the record at `offset`. The blob is written by `build.rs` from
/// checked data and embedded in the binary, but decoding still stops quietly at a short
/// read rather than trusting it.
pub(crate) struct Decoder<'a> {
    blob: &'a [u8],
    key: &'a str,
    at: usize,
    left: u8,
}

impl<'a> Decoder<'a> {
    pub(crate) fn new(blob: &'a [u8], offset: usize, key: &'a str) -> Decoder<'a> {
        let left = blob.get(offset).copied().unwrap_or(0);
        Decoder {
            blob,
            key,
            at: offset + 1,
            left,
        }
    }
}

impl<'a> Iterator for Decoder<'a> {
    type Item = RawSense<'a>;

    fn next(&mut self) -> Option<RawSense<'a>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let fixed = self.blob.get(self.at..self.at + FIXED)?;
        let flags = fixed[0];
        let mut levels = [ABSENT; REGIONS];
        levels.copy_from_slice(&fixed[2..2 + REGIONS]);
        self.at += FIXED;
        let form = if flags & FORM_IS_KEY != 0 {
            self.key
        } else {
            let n = *self.blob.get(self.at)? as usize;
            let bytes = self.blob.get(self.at + 1..self.at + 1 + n)?;
            self.at += 1 + n;
            std::str::from_utf8(bytes).ok()?
        };
        Some(RawSense {
            form,
            category: Category::from_code(flags & 0b111),
            wordnet: fixed[1],
            wordnet_only: flags & WORDNET_ONLY != 0,
            levels,
            variant: fixed[7] & REGION_BITS,
            filed: Filed::from_code(fixed[7] >> FILED_SHIFT),
            plural_of_noun: flags & PLURAL_OF_NOUN != 0,
            name_echo: flags & NAME_ECHO != 0,
            symbol: flags & SYMBOL != 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_packs_and_unpacks() {
        let back = Summary::pack([0, 8, NO_LEVEL, 9, 3], WN_LOCATION | WN_AUTHOR, 4);
        assert_eq!(back.lowest_word_level(), Some(10));
        assert_eq!(back.word_level(0), Some(10));
        assert_eq!(back.word_level(1), Some(80));
        assert_eq!(back.word_level(2), None);
        assert_eq!(back.word_level(3), Some(95));
        assert_eq!(back.word_level(4), Some(40));
        assert_eq!(back.names(), WN_LOCATION | WN_AUTHOR);
        assert_eq!(back.name_level(), Some(50));
        assert!(!back.is_foreign());
        assert_eq!(back.foreign().name_level(), Some(50));
        assert_eq!(Summary::pack([0; REGIONS], 0, NO_LEVEL).name_level(), None);
    }

    #[test]
    fn a_record_round_trips_with_and_without_its_own_form() {
        let senses = [
            RawSense {
                form: "don't",
                category: Category::Contraction,
                wordnet: 0,
                wordnet_only: false,
                levels: [10, 10, 10, 10, 10],
                variant: 0,
                filed: Filed::Interjection,
                plural_of_noun: false,
                name_echo: false,
                symbol: false,
            },
            RawSense {
                form: "dont",
                category: Category::Word,
                wordnet: WN_NOUN,
                wordnet_only: false,
                levels: [95, 95, ABSENT, 95, 95],
                variant: 0b10100,
                filed: Filed::FreeDict,
                plural_of_noun: true,
                name_echo: true,
                symbol: true,
            },
        ];
        let mut blob = vec![0xAA];
        encode("dont", &senses, &mut blob);
        let back: Vec<_> = Decoder::new(&blob, 1, "dont").collect();
        assert_eq!(back, senses);
    }

    #[test]
    fn a_truncated_record_stops_without_panicking() {
        let senses = [RawSense {
            form: "café",
            category: Category::Word,
            wordnet: 0,
            wordnet_only: false,
            levels: [20; REGIONS],
            variant: 0,
            filed: Filed::Scowl,
            plural_of_noun: false,
            name_echo: false,
            symbol: false,
        }];
        let mut blob = Vec::new();
        encode("cafe", &senses, &mut blob);
        for cut in 0..blob.len() {
            let n = Decoder::new(&blob[..cut], 0, "cafe").count();
            assert_eq!(n, 0, "cut at {cut}");
        }
    }
}
