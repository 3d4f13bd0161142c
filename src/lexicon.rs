//! The word judge: an English dictionary embedded in the binary, the policies a table's
//! word rules follow, and verdicts that explain themselves.
//!
//! [`Lexicon`] answers "which spellings fold to these tiles"; [`Rules`] says what a
//! table bars, by a [`Policy`] (which senses of a word count) that a game names as a
//! [`RuleSet`]; [`judge`] puts the two together into a [`Verdict`] with a reason a
//! player understands. Everything here is pure: no I/O once a lexicon is open. The
//! lexicon knows no game: each game declares its rule sets and picks a policy.
//!
//! ```
//! use umpire::lexicon::{judge, Lexicon, Policy, Rules, RuleSet};
//! let lex = Lexicon::embedded().expect("the dictionary is built in");
//! let plain = RuleSet { name: "plain", summary: "standard words", policy: Policy::STANDARD };
//! let rules = Rules::new(plain);
//! let v = judge(&lex, &rules, "dont").expect("DONT is letters");
//! assert!(!v.allowed);
//! assert!(v.reason.contains("don't"));
//! ```
//!
//! The judge is the crate umpire-lexicon (crates/lexicon), which cargo keeps below the
//! rest of umpire; this module is its face in umpire: the items re-exported `pub` here
//! are umpire's public word-judge API, as they were when the judge was a module of
//! umpire, and those re-exported `pub(crate)` are what the contract, the games, the
//! session and the front ends use of it, under the paths they always have
//! (`crate::lexicon::verdict`).

pub(crate) use umpire_lexicon::{
    COMMON_LEVEL, MAX_LEVEL, MAX_MIN_LENGTH, MIN_LEVEL, NameClass, NameClasses, PluralForm,
    Plurals, StoredRules, define, find_rule_set, plurals, verdict, visit_allowed_spelt,
};
pub use umpire_lexicon::{
    Category, Decision, DictStats, HouseList, Lexicon, LexiconError, Policy, RawSense, Region,
    RuleSet, Rules, RulesError, Senses, UnknownRuleSet, Verdict, allows, decide, judge,
};
#[cfg(feature = "cli")]
pub(crate) use umpire_lexicon::{RuleArgs, build_word_list, parse_level};

/// Folding a written form into the key the tiles would spell: `don't` and `dont`,
/// `café` and `cafe`, `x-ray` and `xray` all meet at one key.
pub mod fold {
    pub(crate) use umpire_lexicon::fold::MAX_KEY_LEN;
    #[cfg(feature = "cli")]
    pub(crate) use umpire_lexicon::fold::is_dropped;
    pub use umpire_lexicon::fold::{FoldError, fold, fold_into};
}
