//! One key's case under a table's rules: its senses weighed, spelling by spelling, to
//! the reason it is allowed (the commonest spelling that counts as a word within the
//! table's level and region, or a name of a class the table plays) or the most telling
//! reason it is barred (a foreign word, a word above the level or of another region, an
//! affix, else the barred spelling at the lowest level).
//!
//! Apart from the entry points (`judge.rs`): they settle first what needs no senses (a
//! house list, the length agreement, a user's own list, a lone letter) and open a case
//! only for the rest, and the batch path answers from a key's summary without one. How
//! a key reads as a name is the case's own child, `names.rs`.

mod names;

use super::reason::Reason;
use super::settled;
use crate::Lexicon;
use crate::format::{Category, Filed, WN_NAME};
use crate::rules::Rules;
use crate::store::{Found, Languages, Sense};
use crate::words::{self, KeyFacts, barred_spelling, counts_as_word, only_abbreviations};

/// One key under one table's rules.
pub(super) struct Case<'a> {
    lex: &'a Lexicon,
    rules: &'a Rules,
    key: &'a str,
    entry: Found<'a>,
    /// Whether the key is a listed affix, looked up the first time a spelling needs it.
    is_affix: std::cell::Cell<Option<bool>>,
    /// Whether some spelling is barred and whether every SCOWL spelling is an
    /// abbreviation, worked out the first time either is needed.
    facts: std::cell::Cell<Option<KeyFacts>>,
}

impl<'a> Case<'a> {
    pub(super) fn new(lex: &'a Lexicon, rules: &'a Rules, key: &'a str) -> Case<'a> {
        Case {
            lex,
            rules,
            key,
            entry: lex.lookup(key),
            is_affix: std::cell::Cell::new(None),
            facts: std::cell::Cell::new(None),
        }
    }

    pub(super) fn settled(&self) -> Option<Reason<'a>> {
        settled(self.lex, self.rules, self.key, || self.entry.exists())
    }

    /// The key's languages when it is a foreign word the table's policy bars.
    fn foreign(&self) -> Option<Languages> {
        if self.rules.policy().bars_foreign {
            self.lex.foreign(self.key)
        } else {
            None
        }
    }

    /// A spelling that counts as a word, whatever the level (see [`words`]).
    fn plain(&self, s: &Sense<'_>, facts: KeyFacts) -> bool {
        // Only an unusual spelling with no sense of its own can be barred as an affix.
        let may_be_affix = s.category == Category::Word
            && s.levels[0] >= words::AFFIX_LEVEL
            && !words::has_own_sense(s);
        let affix = may_be_affix && self.is_affix();
        counts_as_word(s, KeyFacts { affix, ..facts })
    }

    fn is_affix(&self) -> bool {
        if let Some(known) = self.is_affix.get() {
            return known;
        }
        let known = self.lex.affix(self.key).is_some();
        self.is_affix.set(Some(known));
        known
    }

    /// The spelling's level when it is within the table's level and region.
    fn within(&self, s: &Sense<'_>) -> Option<u8> {
        s.level_in(self.rules.region)
            .filter(|l| *l <= self.rules.level)
    }

    /// The facts of the key's spellings a word's count needs (the affix aside).
    fn facts(&self) -> KeyFacts {
        if let Some(known) = self.facts.get() {
            return known;
        }
        let known = KeyFacts {
            has_barred: self.entry.senses().any(|s| barred_spelling(&s)),
            affix: false,
            only_abbreviations: only_abbreviations(
                self.entry.senses().map(|s| (s.wordnet_only, s.category)),
            ),
        };
        self.facts.set(Some(known));
        known
    }

    /// The reason the key is allowed, if it is.
    pub(super) fn allowed(&self) -> Option<Reason<'a>> {
        if let Some(wanted) = self.rules.policy().only_names {
            return self
                .named(wanted)
                .filter(|_| self.name_above_level().is_none());
        }
        if self.foreign().is_some() {
            return None;
        }
        let facts = self.facts();
        let (s, level) = self
            .entry
            .senses()
            .filter(|s| self.plain(s, facts))
            .filter_map(|s| self.within(&s).map(|level| (s, level)))
            .min_by_key(|(_, level)| *level)?;
        // Only a name WordNet knows is worth a mention (not every capitalised "A").
        let also_name = self
            .entry
            .senses()
            .find(|p| {
                matches!(p.category, Category::Upper | Category::ProperName)
                    && p.name_class().is_some()
            })
            .map(|p| p.form);
        Some(Reason::Word {
            form: s.form,
            level,
            variant: s.is_variant_in(self.rules.region),
            also_name,
            filed: if s.category == Category::Abbreviation {
                s.filed
            } else {
                Filed::Scowl
            },
        })
    }

    /// The most telling reason a key that is not allowed is barred. A spelling that
    /// counts as a word decides first (it is foreign, above the level or of another
    /// region: the barred spellings beside it would not bar it). Otherwise the barred
    /// spelling at the lowest SCOWL level decides (WordNet-only spellings, which have no
    /// level, last), ties in the order apostrophe, hyphen, symbol, abbreviation, name
    /// (Hz is a symbol though SCOWL capitalises it); but a
    /// plain spelling that is a listed affix is barred as the affix.
    pub(super) fn barred(&self) -> Reason<'a> {
        let entry = self.entry;
        if let Some(wanted) = self.rules.policy().only_names {
            return self.barred_name(wanted);
        }
        // A foreign word is that first, unless the rules bar a commoner spelling of it
        // anyway: that is what the player meant (HZ is hertz's symbol, SCOWL 50, before a
        // German word at 95; DONT is don't, SCOWL 10, not French; ATLANTIS the place, SCOWL
        // 50, not German). A spelling as rare as the foreign word (Merci, Gracia's at 95),
        // or a capital WordNet places nowhere (Poisson; Nox, a goddess), says less than
        // the language does.
        let foreign = self.foreign();
        if let Some(languages) = foreign {
            let commoner_barred = entry.senses().any(|s| {
                let telling = s.is_symbol()
                    || s.category == Category::Abbreviation
                    || !s.is_proper()
                    || self.class_of(&s).is_some();
                barred_spelling(&s) && telling && s.levels[0] < languages.level()
            });
            if !commoner_barred {
                return Reason::Foreign { languages };
            }
        }
        let facts = self.facts();
        let region = self.rules.region;
        // Spellings that count as words, in one pass: the lowest (lowercase before
        // capitals) in the region, or anywhere.
        let mut in_region: Option<(u8, Sense<'a>)> = None;
        let mut elsewhere: Option<Sense<'a>> = None;
        let lower = |a: &Sense<'a>, b: &Option<Sense<'a>>| {
            b.as_ref()
                .is_none_or(|b| (a.levels[0], a.is_proper()) < (b.levels[0], b.is_proper()))
        };
        for s in entry.senses() {
            if !self.plain(&s, facts) {
                continue;
            }
            match s.level_in(region) {
                Some(level)
                    if in_region
                        .as_ref()
                        .is_none_or(|(l, b)| (level, s.is_proper()) < (*l, b.is_proper())) =>
                {
                    in_region = Some((level, s));
                }
                None if lower(&s, &elsewhere) => elsewhere = Some(s),
                _ => {}
            }
        }
        // A foreign word's plain spelling is the foreign word itself: when a commoner
        // barred spelling speaks for the key, the level or region of that plain spelling
        // is no reason (BELLEVUE is a place, not "SCOWL 80, above the table's level 95").
        if foreign.is_some() {
            (in_region, elsewhere) = (None, None);
        }
        if let Some((level, s)) = in_region {
            return Reason::AboveLevel {
                form: s.form,
                level,
                max: self.rules.level,
            };
        }
        if let Some(s) = elsewhere {
            return Reason::OtherRegion {
                form: s.form,
                region,
            };
        }
        // The plain spelling is an affix the rule keeps from counting: that is what the
        // player laid (PRE, UN, ING), whatever capitalised or abbreviated forms it has.
        let affix = if self.is_affix() {
            self.lex.affix(self.key)
        } else {
            None
        };
        // With no plain spelling, the affix still says more than a capitalised name
        // of the same letters (FUL, Ful; MILLI, Milli; TY, Ty): only a spelling that needs
        // punctuation, an abbreviation or a symbol is a cause of its own.
        let only_names = || {
            entry.senses().all(|s| {
                s.category == Category::Word
                    || (s.is_proper()
                        && s.category != Category::Abbreviation
                        && !s.has_apostrophe()
                        && !s.has_hyphen()
                        && !s.is_symbol())
            })
        };
        if let Some(affix) = affix
            && (entry.senses().any(|s| s.category == Category::Word) || only_names())
        {
            return Reason::Affix { affix };
        }
        let mut best: Option<((u8, u8, bool, bool), Reason<'a>)> = None;
        for s in entry.senses() {
            let level = s.levels[0];
            let (order, reason) = if s.has_apostrophe() {
                (
                    0,
                    Reason::NeedsApostrophe {
                        form: s.form,
                        written: false,
                    },
                )
            } else if s.has_hyphen() {
                (
                    1,
                    Reason::NeedsHyphen {
                        form: s.form,
                        written: false,
                    },
                )
            } else if s.is_symbol()
                || (s.category == Category::Abbreviation && self.lex.stands_for(s.form).is_some())
            {
                (
                    2,
                    Reason::Symbol {
                        form: s.form,
                        stands_for: self.lex.stands_for(s.form),
                    },
                )
            } else if s.category == Category::Abbreviation {
                (
                    3,
                    Reason::Abbreviation {
                        form: s.form,
                        by: s.filed,
                    },
                )
            } else if s.is_proper() {
                (
                    4,
                    Reason::ProperName {
                        form: s.form,
                        class: self.class_of(&s),
                        other_name: s.wordnet & WN_NAME != 0,
                        of: None,
                    },
                )
            } else {
                continue;
            };
            // Among names, one WordNet classifies says more than a bare capital; among
            // abbreviations, one a source beside SCOWL decided (inst, by FreeDict, before
            // Inst).
            let rank = (
                level,
                order,
                s.is_proper() && self.class_of(&s).is_none(),
                s.filed == Filed::Scowl,
            );
            if best.as_ref().is_none_or(|(r, _)| rank < *r) {
                best = Some((rank, reason));
            }
        }
        match (best, affix) {
            // A bare capital that is a classed name's plural or possessive says whose.
            (
                Some((
                    _,
                    Reason::ProperName {
                        form,
                        class: None,
                        other_name: false,
                        of: None,
                    },
                )),
                _,
            ) => Reason::ProperName {
                form,
                class: None,
                other_name: false,
                of: self.inflected(form),
            },
            (Some((_, reason)), _) => reason,
            (None, Some(affix)) => Reason::Affix { affix },
            (None, None) => Reason::Unknown,
        }
    }
}
