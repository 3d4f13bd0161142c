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

pub(crate) mod define;
mod flags;
pub mod fold;
#[allow(dead_code)]
pub(crate) mod format;
mod judge;
pub(crate) mod plurals;
mod rules;
mod spelt;
mod store;
mod verdict;
pub(crate) mod words;

#[cfg(feature = "cli")]
pub(crate) use flags::RuleArgs;
pub use flags::RulesError;
pub use format::{Category, RawSense};
pub use judge::{Decision, allows, decide, judge};
pub(crate) use judge::{verdict, visit_allowed_spelt};
pub(crate) use plurals::{PluralForm, Plurals};
#[cfg(feature = "cli")]
pub(crate) use rules::find_rule_sets;
#[cfg(feature = "cli")]
pub(crate) use rules::{DEFAULT_LEVEL, parse_level};
pub use rules::{HouseList, Policy, Region, RuleSet, Rules, UnknownRuleSet};
pub(crate) use rules::{
    MAX_LEVEL, MAX_MIN_LENGTH, MIN_LEVEL, NameClass, NameClasses, StoredRules, find_rule_set,
};
pub(crate) use store::COMMON_LEVEL;
#[cfg(feature = "cli")]
pub(crate) use store::build_word_list;
pub use store::{DictStats, Lexicon, LexiconError, Senses};
pub use verdict::Verdict;
