//! The word rules a table plays by, gathered for the rulings: the dictionary, the rule
//! set the session agreed (with its minimum length), and the plural test of rule 4.

use crate::lexicon::{Lexicon, PluralForm, Plurals, Rules, Verdict, verdict};

use super::letters::Word;

/// Everything a ruling on a word needs to know beyond the table's letters.
#[derive(Clone, Copy)]
pub(crate) struct Referee<'a> {
    pub(crate) lexicon: &'a Lexicon,
    pub(crate) rules: &'a Rules,
    pub(crate) plurals: &'a Plurals,
    /// The house rule of the Anagrams apps: a take that only adds -ED, -ING or -ER is
    /// refused (`--no-suffix-takes`).
    pub(crate) no_suffix_takes: bool,
}

impl<'a> Referee<'a> {
    pub(crate) fn new(lexicon: &'a Lexicon, rules: &'a Rules, plurals: &'a Plurals) -> Referee<'a> {
        Referee {
            lexicon,
            rules,
            plurals,
            no_suffix_takes: false,
        }
    }

    /// The same referee under the house rule that refuses suffix-only takes.
    pub(crate) fn no_suffix_takes(self, on: bool) -> Referee<'a> {
        Referee {
            no_suffix_takes: on,
            ..self
        }
    }

    /// The judge's verdict on a word under the table's rules.
    pub(crate) fn verdict(&self, word: &Word) -> Verdict {
        verdict(self.lexicon, self.rules, &word.key())
    }

    /// How `new` is only a plural of `old` (folded keys), if it is.
    pub(crate) fn plural_only(&self, old: &str, new: &str) -> Option<PluralForm> {
        self.plurals.plural_only(old, new)
    }
}
