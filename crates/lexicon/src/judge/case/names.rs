//! The key as a name: a proper spelling's class (WordNet's, else a place when the
//! gazetteer lists the key), the name of a wanted class the key is (a place before a
//! person), a capital that is a name's plural or possessive (Americas, of America), a
//! name above the table's hint level for names, and why a key a names table does not
//! play is barred.
//!
//! Apart from the rest of the case: a names policy (`Policy::names`) asks these
//! questions of every key, in place of a word's level and region, and the word policies
//! ask only one of them, to say whose name a barred capital is.

use super::Case;
use crate::format::{Category, WN_NAME};
use crate::judge::reason::{Inflected, Reason};
use crate::rules::{NameClass, NameClasses};
use crate::store::{Gazetteer, Sense};

impl<'a> Case<'a> {
    /// The key's capitalised spelling (every town of the gazetteer has one): a name's
    /// before an abbreviation's (Aas before AAS), then the commonest.
    fn capitalised(&self) -> Option<&'a str> {
        self.entry
            .senses()
            .filter(|s| s.form.starts_with(char::is_uppercase))
            .min_by_key(|s| (s.category == Category::Abbreviation, s.levels[0]))
            .map(|s| s.form)
    }

    /// A proper spelling's class: WordNet's, else a place when WordNet names nothing
    /// by it and the gazetteer lists the key as a town or a river.
    pub(super) fn class_of(&self, s: &Sense<'_>) -> Option<NameClass> {
        s.name_class().or_else(|| {
            (matches!(s.category, Category::Upper | Category::ProperName)
                && s.wordnet & WN_NAME == 0
                && self.lex.gazetteer(self.key).is_some())
            .then_some(NameClass::Place)
        })
    }

    /// The key as a name of `class`: the spelling WordNet puts in it, else, for a
    /// place, the gazetteer's place by the key's capitalised spelling.
    fn name_as(&self, class: NameClass) -> Option<(&'a str, Option<Gazetteer>)> {
        if let Some(s) = self.entry.senses().find(|s| s.is_in_class(class)) {
            return Some((s.form, None));
        }
        if class != NameClass::Place {
            return None;
        }
        let place = self.lex.gazetteer(self.key)?;
        Some((self.capitalised()?, Some(place)))
    }

    /// Under a names policy, the name the key is of the classes `wanted`, in their
    /// order (a place before a person), with another wanted class it also is.
    pub(super) fn named(&self, wanted: NameClasses) -> Option<Reason<'a>> {
        let mut found = wanted
            .iter()
            .filter_map(|class| self.name_as(class).map(|n| (class, n)));
        let (class, (form, gazetteer)) = found.next()?;
        Some(Reason::Name {
            form,
            class,
            gazetteer,
            also: found.next().map(|(c, _)| c),
        })
    }

    /// `form` (a capitalised spelling of the key) as the plural (Americas) or the
    /// possessive (America's) of a name WordNet or the gazetteer classes, with that
    /// name: the key less its S (or ES) looked up once or twice.
    pub(super) fn inflected(&self, form: &str) -> Option<Inflected<'a>> {
        let possessive = form.ends_with("'s");
        if !possessive && !form.ends_with('s') {
            return None;
        }
        // The key folds the apostrophe away: its S is its last letter either way.
        let key: &'a str = self.key;
        let one = key.len().checked_sub(1)?;
        let less_s = key.get(..one)?;
        let less_es = (!possessive && key.ends_with("es"))
            .then(|| key.get(..one.saturating_sub(1)))
            .flatten();
        [Some(less_s), less_es]
            .into_iter()
            .flatten()
            .filter(|stem| !stem.is_empty())
            .find_map(|stem| {
                let place = self.lex.gazetteer(stem).is_some();
                let name = self.lex.lookup(stem).senses().find(|s| {
                    s.is_proper()
                        && (s.name_class().is_some()
                            || (place
                                && matches!(s.category, Category::Upper | Category::ProperName)))
                })?;
                Some(Inflected {
                    possessive,
                    name: name.form,
                })
            })
    }

    /// The key's name level (see
    /// [`Summary::name_level`](crate::format::Summary::name_level)) when a
    /// table's hint level for names is below it.
    pub(super) fn name_above_level(&self) -> Option<(u8, u8)> {
        let limit = self.rules.name_level?;
        let level = self
            .lex
            .summary(self.key)
            .and_then(|s| s.name_level())
            .unwrap_or(u8::MAX);
        (level > limit).then_some((level, limit))
    }

    /// Why a key a names table does not play is barred: a name of a wanted class above
    /// the table's hint level, else not a name of those classes, saying what it is.
    pub(super) fn barred_name(&self, wanted: NameClasses) -> Reason<'a> {
        let entry = self.entry;
        // A name of the wanted classes, but not one the table's hint level offers.
        if let (Some(Reason::Name { form, .. }), Some((level, max))) =
            (self.named(wanted), self.name_above_level())
        {
            return Reason::AboveLevel { form, level, max };
        }
        // The first proper spelling WordNet classifies, else one that is a classed
        // name's plural or possessive, the plural first (Americas, what a player
        // laying AMERICAS means, before America's), else any proper spelling.
        let (other, of) = entry
            .senses()
            .filter(|s| s.is_proper())
            .map(|s| {
                let of = self
                    .class_of(&s)
                    .is_none()
                    .then(|| self.inflected(s.form))
                    .flatten();
                (s, of)
            })
            .min_by_key(|(s, of)| {
                (
                    self.class_of(s).is_none(),
                    of.is_none(),
                    of.is_some_and(|of| of.possessive),
                    s.levels[0],
                )
            })
            .map_or((None, None), |(s, of)| (Some(s), of));
        // An ordinary word is that (IN is the word in before Indiana's postal code);
        // letters that are no word but an abbreviation are that (NASA, ATTN).
        let facts = self.facts();
        let abbreviation = entry
            .senses()
            .filter(|s| s.category == Category::Abbreviation)
            .min_by_key(|s| (!s.form.bytes().all(|b| b.is_ascii_uppercase()), s.levels[0]))
            .filter(|_| !entry.senses().any(|s| self.plain(&s, facts)))
            .map(|s| s.form);
        Reason::NotAName {
            wanted,
            other: other.map(|s| (s.form, self.class_of(&s), s.wordnet & WN_NAME != 0)),
            of,
            abbreviation,
            is_word: entry.exists(),
        }
    }
}
