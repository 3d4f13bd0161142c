//! The compiled form of `dictionaries/en.tsv`, shared by `build.rs` (which writes it)
//! and the lexicon (which reads it in place from the binary).
//!
//! An `fst::Map` sends each folded key to the offset of its record in a senses blob.
//! A record is one count byte, then one entry per spelling that folds to the key:
//!
//! ```text
//! flags  u8   category (bits 0-2), FORM_IS_KEY (bit 3), WORDNET_ONLY (bit 4)
//! wn     u8   WordNet classes (WN_* bits)
//! levels [u8; 5]  lowest SCOWL level per region (any, us, gb, ca, au); 255 = absent
//! variant u8  bit r set: in region r the spelling is known only from a variant list
//! [len u8, form bytes]   present unless FORM_IS_KEY
//! ```
//!
//! Eight fixed bytes and no form for the common case (a lowercase ASCII word is its own
//! key) keep the blob small and decoding free of allocation.
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
    pub const ALL: [Category; 5] = [
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

    pub fn from_name(name: &str) -> Option<Category> {
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

pub const WN_NOUN: u8 = 1;
pub const WN_VERB: u8 = 1 << 1;
pub const WN_ADJ: u8 = 1 << 2;
pub const WN_ADV: u8 = 1 << 3;
/// An instance in noun.location: a geographical name.
pub const WN_LOCATION: u8 = 1 << 4;
/// An instance in noun.person: a historical person.
pub const WN_PERSON: u8 = 1 << 5;
/// An instance of writer/author or one of its hyponyms.
pub const WN_AUTHOR: u8 = 1 << 6;
/// Any other instance (an organisation, an event, a building...).
pub const WN_NAME: u8 = 1 << 7;
/// A common (non-instance) sense in any part of speech.
pub const WN_COMMON: u8 = WN_NOUN | WN_VERB | WN_ADJ | WN_ADV;
/// Any instance: the spelling names one particular thing.
pub const WN_INSTANCE: u8 = WN_LOCATION | WN_PERSON | WN_AUTHOR | WN_NAME;

/// The WordNet class names used in `en.tsv`, with their bits.
pub const WN_CLASSES: [(&str, u8); 8] = [
    ("noun", WN_NOUN),
    ("verb", WN_VERB),
    ("adj", WN_ADJ),
    ("adv", WN_ADV),
    ("location", WN_LOCATION),
    ("person", WN_PERSON),
    ("author", WN_AUTHOR),
    ("name", WN_NAME),
];

/// Regions in the order of the `levels` array.
pub const REGIONS: usize = 5;
pub const ABSENT: u8 = u8::MAX;

const FORM_IS_KEY: u8 = 1 << 3;
const WORDNET_ONLY: u8 = 1 << 4;
/// Fixed bytes per entry before the optional form.
const FIXED: usize = 8;

/// Which regions (index into `levels`) a SCOWL spelling code counts for, and whether it
/// is a variant list. Region 0 ("any") takes every list.
pub fn spelling_regions(code: &str) -> Option<(&'static [usize], bool)> {
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
    pub form: &'a str,
    pub category: Category,
    pub wordnet: u8,
    pub wordnet_only: bool,
    pub levels: [u8; REGIONS],
    pub variant: u8,
}

/// Appends one record (all the senses of `key`) to `blob`.
pub fn encode(key: &str, senses: &[RawSense<'_>], blob: &mut Vec<u8>) {
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
        blob.push(flags);
        blob.push(s.wordnet);
        blob.extend_from_slice(&s.levels);
        blob.push(s.variant);
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
pub struct Decoder<'a> {
    blob: &'a [u8],
    key: &'a str,
    at: usize,
    left: u8,
}

impl<'a> Decoder<'a> {
    pub fn new(blob: &'a [u8], offset: usize, key: &'a str) -> Decoder<'a> {
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
            variant: fixed[7],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            },
            RawSense {
                form: "dont",
                category: Category::Word,
                wordnet: WN_NOUN,
                wordnet_only: false,
                levels: [95, 95, ABSENT, 95, 95],
                variant: 0b100,
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
        }];
        let mut blob = Vec::new();
        encode("cafe", &senses, &mut blob);
        for cut in 0..blob.len() {
            let n = Decoder::new(&blob[..cut], 0, "cafe").count();
            assert_eq!(n, 0, "cut at {cut}");
        }
    }
}
