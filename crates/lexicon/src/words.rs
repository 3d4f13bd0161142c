//! Which spellings of a key count as words: the one rule that both `build.rs` (which
//! precomputes each key's [`Summary`]) and the judge (which explains a verdict) apply, so
//! the fast answer and the explained one cannot disagree.
//!
//! Three facts of the SCOWL data shape it:
//!
//! - SCOWL 95 holds many folded forms of barred spellings as plain words (dont, london,
//!   nasa, xray). A plain level-95 spelling with no meaning of its own is taken as such an
//!   echo whenever the key has a barred spelling, and does not rescue it.
//! - A listed affix (pre-, -ing) is barred as a word when it has no meaning of its own
//!   and SCOWL lists it only among the unusual words (level 80 and up). Below 80 SCOWL's
//!   editors found it in most dictionaries (OR, PER, ATE are words, not the suffixes -or,
//!   -per, -ate), and WordNet, which lists no function words or inflections, cannot be
//!   the only judge of those.
//! - SCOWL files some ordinary words among its abbreviations (ab, the muscle, beside Ab,
//!   the month; mis, the notes, beside mis-). A lowercase spelling with a WordNet sense of
//!   its own, or the regular plural of a noun that has one, is a word whatever list holds
//!   it, unless it has no vowel (then it is read letter by letter: kg, lb, cm, tv, an
//!   abbreviation however WordNet defines it) or it is a unit's symbol (atm, min). Where
//!   SCOWL files every spelling of the key as an abbreviation, `dictgen` asks the other
//!   sources (`abbreviation-words.tsv`, [`Filed`]): the spelling is a word when WordNet
//!   gives it a meaning of its own (aa, the lava: the first word of a synset) or one as
//!   another word's short form that FreeDict's English dictionary does not write as an
//!   abbreviation (maths, prelim), and an abbreviation when FreeDict gives it only as one
//!   (inst., prox., Corp.); an interjection umpire's list names is a word (aw).
//!
//! - SCOWL 80 also holds lowercase copies of proper names (holmes, cohen, sophia), but
//!   about 1,100 of its 1,213 lowercase echoes of a capitalised spelling are words a
//!   tournament list accepts (spain, alec, abbas, gama), and every rule tried on the data
//!   refused more of those than it caught names (GUIDE.md, "The word judge"). So names are
//!   barred one by one: `dictionaries/name-echoes.txt` lists them, and a listed spelling
//!   is an echo like those at level 95.
//!
//! - A symbol is no word whatever list holds it: a spelling with a capital after its
//!   first letter (pH, kG, dB), or one WordNet knows only as a later lemma of a unit's
//!   or an element's synset that has no vowel (lm for lumen, Hz for hertz: the `symbol`
//!   tag `dictgen` writes). SCOWL files pH and lm as plain words and Hz as a capitalised
//!   one.
//!
//! "A meaning of its own" is a WordNet sense of the exact spelling or, for a lowercase
//! spelling, being the regular plural of a lowercase WordNet noun (MIS, the plural of MI,
//! the note, is a word though `mis-` is a prefix and `MI's` an apostrophe form).
//!
//! This file is compiled into `build.rs` with `#[path]`: it must not use the crate.

use super::format::{
    Category, Filed, NO_LEVEL, REGIONS, RawSense, SCOWL_LEVELS, Summary, WN_AUTHOR, WN_LOCATION,
    WN_PERSON,
};

/// SCOWL's "insane" level, where the echoes of barred spellings live.
pub(crate) const ECHO_LEVEL: u8 = 95;

/// The level a table plays at unless it says otherwise. Here, where `build.rs` reads it
/// too: the plain set of the words the default rules allow is built at this level, and
/// the judge's fast path trusts that set only at this level.
pub(crate) const DEFAULT_LEVEL: u8 = 80;
/// From this level up SCOWL lists "strange and unusual words": an affix-like spelling
/// here needs a meaning of its own to count as a word.
pub(crate) const AFFIX_LEVEL: u8 = 80;

/// Spellings that no tile row can show or that the sheets bar outright.
pub(crate) fn barred_spelling(s: &RawSense<'_>) -> bool {
    s.has_apostrophe()
        || s.has_hyphen()
        || s.is_proper()
        || s.category == Category::Abbreviation
        || s.category == Category::Contraction
        || s.is_symbol()
}

/// A WordNet sense of the spelling itself, or the regular plural of a noun with one.
pub(crate) fn has_own_sense(s: &RawSense<'_>) -> bool {
    s.has_common_sense() || s.plural_of_noun
}

fn has_vowel(form: &str) -> bool {
    form.bytes().any(|b| {
        matches!(
            b.to_ascii_lowercase(),
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y'
        )
    })
}

/// What a verdict on one spelling needs to know of the other spellings of its key.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct KeyFacts {
    /// Some spelling of the key is barred ([`barred_spelling`]).
    pub(crate) has_barred: bool,
    /// The key is a listed prefix or suffix.
    pub(crate) affix: bool,
    /// Every SCOWL spelling of the key is in its abbreviations lists.
    pub(crate) only_abbreviations: bool,
}

impl KeyFacts {
    /// The facts of a key with these spellings; `affix` as [`KeyFacts::affix`].
    pub(crate) fn of(senses: &[RawSense<'_>], affix: bool) -> KeyFacts {
        KeyFacts {
            has_barred: senses.iter().any(barred_spelling),
            affix,
            only_abbreviations: only_abbreviations(
                senses.iter().map(|s| (s.wordnet_only, s.category)),
            ),
        }
    }
}

/// True when the key has SCOWL spellings and SCOWL lists every one of them as an
/// abbreviation; each spelling given as (WordNet-only, category): WordNet-only rows are
/// not SCOWL's.
pub(crate) fn only_abbreviations(spellings: impl IntoIterator<Item = (bool, Category)>) -> bool {
    let mut any = false;
    for (wordnet_only, category) in spellings {
        if wordnet_only {
            continue;
        }
        if category != Category::Abbreviation {
            return false;
        }
        any = true;
    }
    any
}

/// True when `s` counts as a word at its own level, given the other spellings of its
/// key.
pub(crate) fn counts_as_word(s: &RawSense<'_>, key: KeyFacts) -> bool {
    let KeyFacts {
        has_barred, affix, ..
    } = key;
    if s.wordnet_only || s.has_apostrophe() || s.has_hyphen() {
        return false;
    }
    let own = has_own_sense(s);
    match s.category {
        Category::Word => {
            let echo = (s.levels[0] >= ECHO_LEVEL && has_barred && !own) || s.name_echo;
            let bare_affix = s.levels[0] >= AFFIX_LEVEL && affix && !own;
            !echo && !bare_affix && !s.is_symbol()
        }
        Category::Abbreviation => {
            let decided = match s.filed {
                Filed::Scowl => own && !key.only_abbreviations,
                other => other.makes_a_word(),
            };
            // A spelling that only WordNet or a list makes a word is read letter by letter
            // when its only vowel is a Y (yr, the year's).
            let vowel = if s.filed == Filed::Scowl {
                has_vowel(s.form)
            } else {
                s.form.bytes().any(|b| b"aeiou".contains(&b))
            };
            decided && s.form.bytes().all(|b| b.is_ascii_lowercase()) && vowel && !s.symbol
        }
        Category::Upper | Category::ProperName | Category::Contraction => false,
    }
}

/// The SCOWL level a name of the key is known at (see [`Summary::name_level`]): the
/// lowest level of its spellings in SCOWL's dictionary capitals (`upper`), else 95,
/// SCOWL's last level, for a name only its lists of personal names or WordNet hold.
pub(crate) fn name_level(senses: &[RawSense<'_>]) -> u8 {
    senses
        .iter()
        .filter(|s| s.category == Category::Upper && !s.wordnet_only)
        .map(|s| s.levels[0])
        .min()
        .unwrap_or(ECHO_LEVEL)
}

/// The key's summary, from all its spellings, its affix kind (0 none, 1 prefix, 2
/// suffix, 3 both) and whether the gazetteer lists it as a place (`place`).
/// Fails on a SCOWL level outside [`SCOWL_LEVELS`]. Called by `build.rs`.
#[allow(dead_code)]
pub(crate) fn summarize(
    senses: &[RawSense<'_>],
    affix: u8,
    place: bool,
) -> Result<Summary, String> {
    let facts = KeyFacts::of(senses, affix != 0);
    let mut any = [u8::MAX; REGIONS];
    let mut names = if place { WN_LOCATION } else { 0 };
    for s in senses {
        names |= s.wordnet & (WN_LOCATION | WN_PERSON | WN_AUTHOR);
        if !counts_as_word(s, facts) {
            continue;
        }
        for (slot, level) in any.iter_mut().zip(s.levels) {
            if level != super::format::ABSENT {
                *slot = (*slot).min(level);
            }
        }
    }
    let index = |level: u8| {
        SCOWL_LEVELS
            .iter()
            .position(|l| *l == level)
            .map(|i| i as u8)
            .ok_or_else(|| format!("SCOWL level {level} is not one of {SCOWL_LEVELS:?}"))
    };
    let mut codes = [NO_LEVEL; REGIONS];
    for r in 0..REGIONS {
        if any[r] != u8::MAX {
            codes[r] = index(any[r])?;
        }
    }
    let named = if names == 0 {
        NO_LEVEL
    } else {
        index(name_level(senses))?
    };
    Ok(Summary::pack(codes, names, named))
}
