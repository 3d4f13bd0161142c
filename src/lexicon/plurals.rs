//! "Is NEW only a plural of OLD?": the question a word game asks that bars a move which
//! only turns a singular into its plural ("a word should not be taken if the addition
//! is simply to change it from a singular to a plural").
//!
//! The answer follows WordNet's own morphology, so that "plural" means what the
//! dictionary means by it:
//!
//! - **Irregular plurals** are WordNet's list (`dictionaries/plurals.tsv`, from
//!   `noun.exc`): OX -> OXEN, CHILD -> CHILDREN, GO -> GOES, HERO -> HEROES,
//!   LEAF -> LEAVES, QUIZ -> QUIZZES. A pair on the list is a plural, whatever else the
//!   plural may mean (OXEN is also WordNet's word for cattle).
//! - **Regular plurals** are WordNet's noun endings: +S (not after a final S: BOS ->
//!   BOSS is not a plural), +ES after S, X, Z, CH or SH (BOX -> BOXES), consonant + Y ->
//!   IES (CITY -> CITIES) and MAN -> MEN. F/FE -> VES and O -> OES are plurals only
//!   where WordNet lists them (LEAVES, HEROES), so BELIEVES is not the plural of BELIEF.
//!
//! A regular ending makes NEW only a plural when OLD can be a noun: WordNet lists OLD
//! as a noun (a common noun or a name), or does not know OLD at all (WordNet has no
//! function words and few rare nouns, so an unknown word is given the benefit of being
//! a noun, and QI -> QIS is a plural). So:
//!
//! - CATS from CAT, BOXES from BOX, GLASSES from GLASS, ARMS from ARM are plurals: GLASS
//!   and ARM are nouns and the addition is their plural ending. That GLASSES also means
//!   spectacles does not make the addition more than a plural.
//! - NEWS from NEW is a new word: WordNet knows NEW only as an adjective and adverb, so
//!   NEWS cannot be its plural. Likewise ABASES from ABASE (a verb form, not a plural).
//! - A few closed-class words are spelt like plurals of nouns but are pronouns or
//!   forms of *be* and *have*, which WordNet does not list: AS, IS, US, HIS, HERS, ITS,
//!   OURS, YOURS, THEIRS, HAS, WAS, YES. They are never "only a plural" (HIS from HI,
//!   ITS from IT).
//!
//! A word that merely ends in S is a new word unless it is the plural:
//!
//! - NEW with WordNet senses of its own and none a noun is another word (ALAS, an
//!   adverb, is not the plural of ALA, whose plural is ALAE).
//! - NEW with a noun sense of its own that SCOWL lists as commoner than OLD is a word
//!   of its own (CHAOS, SCOWL 10, from CHAO, 80; SPECIES, 20, from SPECIE, 50), where
//!   GLASSES (20) from GLASS (10) and ARMS (20) from ARM (10) are plurals.
//! - OLD+S where WordNet lists the noun's plural as F or FE to VES and OLD is also a
//!   verb is the verb's form, not the plural (KNIFES, LEAFS: "she knifes", "he leafs
//!   through"; the plurals are KNIVES and LEAVES). [`Plurals::verb_form`] says so, for
//!   the reason a ruling gives.
//! - Every irregular plural WordNet knows is a plural, whatever letters it adds:
//!   `noun.exc`'s, and those a synset gives as a second lemma (DIE, DICE; ALGA, ALGAE),
//!   which dictgen adds to `plurals.tsv`.
//!
//! WordNet's facts are read from the embedded dictionary even when a table judges
//! words with its own list (`--dict`): the list says which words count, not what
//! English grammar is.

use std::fmt;
use std::sync::OnceLock;

use super::format::{WN_COMMON, WN_INSTANCE, WN_NOUN, WN_VERB};
use super::store::{Lexicon, LexiconError};

/// `plural<TAB>singular`, sorted, one pair a line after a `#` header.
static IRREGULAR_TSV: &str = include_str!("../../dictionaries/plurals.tsv");

/// Words spelt like a noun plus S that are pronouns or verb forms (see the module doc).
const CLOSED_CLASS: [&str; 12] = [
    "as", "has", "hers", "his", "is", "its", "ours", "theirs", "us", "was", "yes", "yours",
];

/// How NEW is spelt as a plural of OLD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluralForm {
    /// OLD + S.
    AddS,
    /// OLD + ES after S, X, Z, CH or SH.
    AddEs,
    /// Consonant + Y -> IES.
    YToIes,
    /// -MAN -> -MEN.
    ManToMen,
    /// On WordNet's list of irregular plurals.
    Irregular,
}

impl fmt::Display for PluralForm {
    /// The ending, as a refusal names it: "+S", "+ES", "Y to IES", "irregular plural".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PluralForm::AddS => "+S",
            PluralForm::AddEs => "+ES",
            PluralForm::YToIes => "Y to IES",
            PluralForm::ManToMen => "MAN to MEN",
            PluralForm::Irregular => "irregular plural",
        })
    }
}

/// The plural test, holding the WordNet facts it reads. Opening costs no parsing; the
/// irregular list (about 1,900 pairs) is split into a sorted table on first use.
pub struct Plurals {
    wordnet: Lexicon,
}

impl Plurals {
    /// Opens the embedded dictionary for WordNet's parts of speech.
    pub fn new() -> Result<Plurals, LexiconError> {
        Ok(Plurals {
            wordnet: Lexicon::embedded()?,
        })
    }

    /// How `new` is only a plural of `old`, or `None` when `new` is more than that.
    /// Both are folded keys (lowercase ASCII letters).
    pub fn plural_only(&self, old: &str, new: &str) -> Option<PluralForm> {
        if is_irregular_plural(old, new) {
            // WordNet lists HEROES and POTATOES because the -ES is not the rule after
            // an O; the refusal still names the ending the player sees.
            return Some(if new.strip_prefix(old) == Some("es") {
                PluralForm::AddEs
            } else {
                PluralForm::Irregular
            });
        }
        self.regular_only(old, new)
    }

    /// The regular half of [`Plurals::plural_only`]: a search that has already looked
    /// `old`'s irregular plurals up once ([`irregular_plurals_of`]) asks only this.
    pub fn regular_only(&self, old: &str, new: &str) -> Option<PluralForm> {
        let form = regular_plural(old, new)?;
        if matches!(form, PluralForm::AddS | PluralForm::AddEs) && plural_by_mutation(old) {
            return None;
        }
        if self.verb_form(old, new).is_some() || self.word_of_its_own(old, new) {
            return None;
        }
        (self.can_be_noun(old) && !CLOSED_CLASS.contains(&new)).then_some(form)
    }

    /// When `new` is OLD+S and OLD's noun plural is irregular in F or FE to VES while
    /// OLD is also a verb: that plural (KNIFES from KNIFE is the verb's form; the plural
    /// is KNIVES).
    pub fn verb_form(&self, old: &str, new: &str) -> Option<&'static str> {
        if new.strip_prefix(old) != Some("s") {
            return None;
        }
        let plural = irregular_plurals_of(old).find(|p| p.ends_with("ves"))?;
        let verb = self
            .wordnet
            .senses(old)
            .any(|s| s.form == old && s.wordnet & WN_VERB != 0);
        verb.then_some(plural)
    }

    /// True when `new` is a word of its own rather than OLD's plural: WordNet gives it
    /// senses and none a noun (ALAS), or a noun sense of its own and SCOWL lists it as
    /// commoner than OLD (CHAOS from CHAO, SPECIES from SPECIE).
    fn word_of_its_own(&self, old: &str, new: &str) -> bool {
        let mut own = 0u8;
        for s in self.wordnet.senses(new).filter(|s| s.form == new) {
            own |= s.wordnet & WN_COMMON;
        }
        if own == 0 {
            return false;
        }
        if own & WN_NOUN == 0 {
            return true;
        }
        let level = |key: &str| {
            self.wordnet
                .summary(key)
                .and_then(|s| s.lowest_word_level())
                .unwrap_or(u8::MAX)
        };
        level(new) < level(old)
    }

    /// True when WordNet lists `key` as a noun or a name, or does not know it at all.
    fn can_be_noun(&self, key: &str) -> bool {
        let mut known = false;
        for sense in self.wordnet.senses(key) {
            if sense.wordnet & (WN_NOUN | WN_INSTANCE) != 0 {
                return true;
            }
            known |= sense.wordnet != 0;
        }
        !known
    }
}

/// The regular ending that turns `old` into `new`, if one does.
pub fn regular_plural(old: &str, new: &str) -> Option<PluralForm> {
    match new.strip_prefix(old) {
        Some("s") if !old.ends_with('s') => return Some(PluralForm::AddS),
        Some("es") if ["s", "x", "z", "ch", "sh"].iter().any(|e| old.ends_with(e)) => {
            return Some(PluralForm::AddEs);
        }
        _ => {}
    }
    if let (Some(stem), Some(rest)) = (old.strip_suffix('y'), new.strip_suffix("ies"))
        && stem == rest
        && stem
            .as_bytes()
            .last()
            .is_some_and(|c| c.is_ascii_alphabetic() && !b"aeiou".contains(c))
    {
        return Some(PluralForm::YToIes);
    }
    if let (Some(stem), Some(rest)) = (old.strip_suffix("man"), new.strip_suffix("men"))
        && stem == rest
    {
        return Some(PluralForm::ManToMen);
    }
    None
}

/// True when `old` makes its plural by changing a vowel inside it (MAN: MEN, GOOSE:
/// GEESE, FOOT: FEET, MOUSE: MICE): OLD+S is then not its plural but another word (MANS,
/// GOOSES, FOOTS are verbs), which rule 4 does not bar. A Latin or Greek plural changes
/// the ending instead (CACTUS: CACTI, INDEX: INDICES) and leaves the regular form a
/// plural too (CACTUSES, INDEXES): told apart by the last letter, which a mutation keeps.
fn plural_by_mutation(old: &str) -> bool {
    irregular_plurals_of(old)
        .any(|p| p != old && !p.starts_with(old) && p.as_bytes().last() == old.as_bytes().last())
}

/// True when WordNet lists `new` as an irregular plural of `old`.
pub fn is_irregular_plural(old: &str, new: &str) -> bool {
    irregular_plurals_of(old).any(|p| p == new)
}

/// WordNet's irregular plurals of `singular` (OX: OXEN).
pub fn irregular_plurals_of(singular: &str) -> impl Iterator<Item = &'static str> + '_ {
    let table = irregular();
    let start = table.partition_point(|(s, _)| *s < singular);
    table
        .get(start..)
        .unwrap_or_default()
        .iter()
        .take_while(move |(s, _)| *s == singular)
        .map(|(_, p)| *p)
}

/// The irregular list (plural TAB singular a line) as (singular, plural) pairs sorted
/// by singular: the one table both questions are answered from.
fn irregular() -> &'static [(&'static str, &'static str)] {
    static TABLE: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut pairs: Vec<_> = IRREGULAR_TSV
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once('\t'))
            .map(|(plural, singular)| (singular, plural))
            .collect();
        pairs.sort_unstable();
        pairs
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plurals() -> Plurals {
        Plurals::new().expect("the dictionary is built in")
    }

    #[test]
    fn adding_s_or_es_to_a_noun_only_makes_it_plural() {
        let p = plurals();
        assert_eq!(p.plural_only("cat", "cats"), Some(PluralForm::AddS));
        assert_eq!(p.plural_only("box", "boxes"), Some(PluralForm::AddEs));
        assert_eq!(p.plural_only("church", "churches"), Some(PluralForm::AddEs));
        assert_eq!(p.plural_only("bus", "buses"), Some(PluralForm::AddEs));
        assert_eq!(p.plural_only("city", "cities"), Some(PluralForm::YToIes));
        assert_eq!(
            p.plural_only("fireman", "firemen"),
            Some(PluralForm::ManToMen)
        );
    }

    #[test]
    fn old_plus_s_is_no_plural_of_a_noun_whose_plural_changes_a_vowel() {
        let p = plurals();
        for (old, new) in [
            ("man", "mans"),
            ("goose", "gooses"),
            ("foot", "foots"),
            ("mouse", "mouses"),
        ] {
            assert_eq!(
                p.plural_only(old, new),
                None,
                "{new} is a verb, not {old}'s plural"
            );
        }
        // Their real plurals still are, and a Latin plural leaves the regular one a plural.
        assert_eq!(p.plural_only("man", "men"), Some(PluralForm::Irregular));
        assert_eq!(p.plural_only("goose", "geese"), Some(PluralForm::Irregular));
        assert_eq!(p.plural_only("cactus", "cactuses"), Some(PluralForm::AddEs));
        assert_eq!(p.plural_only("index", "indexes"), Some(PluralForm::AddEs));
        assert_eq!(p.plural_only("formula", "formulas"), Some(PluralForm::AddS));
        assert_eq!(
            p.plural_only("fireman", "firemen"),
            Some(PluralForm::ManToMen)
        );
    }

    #[test]
    fn wordnets_irregular_plurals_are_plurals() {
        let p = plurals();
        assert_eq!(p.plural_only("ox", "oxen"), Some(PluralForm::Irregular));
        assert_eq!(p.plural_only("mouse", "mice"), Some(PluralForm::Irregular));
        assert_eq!(
            p.plural_only("child", "children"),
            Some(PluralForm::Irregular)
        );
        assert_eq!(p.plural_only("hero", "heroes"), Some(PluralForm::AddEs));
        assert_eq!(p.plural_only("leaf", "leaves"), Some(PluralForm::Irregular));
        assert_eq!(
            p.plural_only("quiz", "quizzes"),
            Some(PluralForm::Irregular)
        );
    }

    #[test]
    fn a_new_word_that_merely_contains_old_plus_s_is_not_a_plural() {
        let p = plurals();
        // S in front, or anywhere but the plural ending.
        assert_eq!(p.plural_only("ample", "sample"), None);
        assert_eq!(p.plural_only("tar", "star"), None);
        assert_eq!(p.plural_only("cat", "cast"), None);
        // +S after a final S is not an English plural.
        assert_eq!(p.plural_only("bos", "boss"), None);
        assert_eq!(p.plural_only("as", "ass"), None);
        // F to VES only where WordNet lists it.
        assert_eq!(p.plural_only("belief", "believes"), None);
    }

    #[test]
    fn news_from_new_is_a_word_but_glasses_from_glass_is_a_plural() {
        let p = plurals();
        // NEW is never a noun, so NEWS cannot be its plural.
        assert_eq!(p.plural_only("new", "news"), None);
        assert_eq!(p.plural_only("abase", "abases"), None);
        // GLASS is a noun; GLASSES meaning spectacles does not change the addition.
        assert_eq!(p.plural_only("glass", "glasses"), Some(PluralForm::AddEs));
        assert_eq!(p.plural_only("arm", "arms"), Some(PluralForm::AddS));
    }

    #[test]
    fn a_word_of_its_own_that_ends_in_s_is_no_plural() {
        let p = plurals();
        assert_eq!(p.plural_only("chao", "chaos"), None);
        assert_eq!(p.plural_only("specie", "species"), None);
        assert_eq!(p.plural_only("ala", "alas"), None);
        // ALA's plural is ALAE, which is a plural.
        assert_eq!(p.plural_only("ala", "alae"), Some(PluralForm::Irregular));
    }

    #[test]
    fn every_irregular_plural_wordnet_knows_is_a_plural_whatever_it_adds() {
        let p = plurals();
        assert_eq!(p.plural_only("die", "dice"), Some(PluralForm::Irregular));
        assert_eq!(p.plural_only("alga", "algae"), Some(PluralForm::Irregular));
        assert_eq!(
            p.plural_only("larva", "larvae"),
            Some(PluralForm::Irregular)
        );
        assert_eq!(
            p.plural_only("bacterium", "bacteria"),
            Some(PluralForm::Irregular)
        );
        // A synset's second lemma is a plural only by an ending that meets a whole stem.
        assert_eq!(p.plural_only("serve", "service"), None);
    }

    #[test]
    fn knifes_and_leafs_are_verb_forms_not_plurals() {
        let p = plurals();
        assert_eq!(p.plural_only("knife", "knifes"), None);
        assert_eq!(p.verb_form("knife", "knifes"), Some("knives"));
        assert_eq!(p.plural_only("leaf", "leafs"), None);
        assert_eq!(p.verb_form("leaf", "leafs"), Some("leaves"));
        assert_eq!(
            p.plural_only("knife", "knives"),
            Some(PluralForm::Irregular)
        );
        // A noun that is no verb keeps its regular plural a plural.
        assert_eq!(p.verb_form("cat", "cats"), None);
    }

    #[test]
    fn a_word_wordnet_does_not_know_is_taken_to_be_a_noun() {
        let p = plurals();
        assert_eq!(p.plural_only("qi", "qis"), Some(PluralForm::AddS));
    }

    #[test]
    fn pronouns_and_verb_forms_spelt_like_plurals_are_words() {
        let p = plurals();
        assert_eq!(p.plural_only("hi", "his"), None);
        assert_eq!(p.plural_only("it", "its"), None);
        assert_eq!(p.plural_only("a", "as"), None);
        assert_eq!(p.plural_only("ha", "has"), None);
    }

    #[test]
    fn the_irregular_list_is_read_whole_and_sorted() {
        let t = irregular();
        assert!(t.len() > 1900, "{}", t.len());
        assert!(t.windows(2).all(|w| w[0] <= w[1]));
        assert!(
            !is_irregular_plural("oxen", "ox"),
            "the pair is one way round"
        );
        assert_eq!(irregular_plurals_of("ox").collect::<Vec<_>>(), ["oxen"]);
        assert_eq!(irregular_plurals_of("cat").count(), 0);
    }
}
