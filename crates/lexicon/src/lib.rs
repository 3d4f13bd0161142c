//! The word judge: an English dictionary embedded in the binary, the policies a table's
//! word rules follow, and verdicts that explain themselves.
//!
//! [`Lexicon`] answers "which spellings fold to these tiles"; [`Rules`] says what a
//! table bars, by a [`Policy`] (which senses of a word count) that a game names as a
//! [`RuleSet`]; [`judge`] puts the two together into a [`Verdict`] with a reason a
//! player understands. Everything here is pure: no I/O once a lexicon is open. The
//! lexicon knows no game: each game declares its rule sets and picks a policy.
//!
//! A crate of its own (umpire-lexicon), so that cargo holds the layering: it depends on
//! nothing of umpire's but umpire-text, and an edit in the rest of umpire never rebuilds
//! it or re-runs its dictionary build (`build.rs`, which compiles `dictionaries/` into
//! the structures embedded here). umpire re-exports its public face as
//! `umpire::lexicon` (the judge's API: what a user of umpire sees) and uses the rest
//! itself; what umpire uses is `pub` here because umpire is another crate, what only
//! this crate uses stays `pub(crate)`. The `cli` feature (umpire's front ends turn it
//! on) adds the word rules' flags ([`RuleArgs`]) and what only the front ends call.

#![warn(unreachable_pub, unnameable_types, missing_docs)]

// Text for people (crates/text), shared with umpire, under the name the modules use.
use umpire_text as text;

pub mod define;
mod flags;
pub mod fold;
#[allow(dead_code)]
pub(crate) mod format;
mod judge;
pub mod plurals;
mod rules;
mod spelt;
mod store;
mod verdict;
pub(crate) mod words;

#[cfg(feature = "cli")]
pub use flags::RuleArgs;
pub use flags::RulesError;
pub use format::{Category, RawSense, Summary};
pub use judge::{Decision, allows, decide, judge};
pub use judge::{verdict, visit_allowed_spelt};
pub use plurals::{PluralForm, Plurals};
#[cfg(feature = "cli")]
pub use rules::parse_level;
#[cfg(feature = "cli")]
pub(crate) use rules::{DEFAULT_LEVEL, find_rule_sets};
pub use rules::{HouseList, Policy, Region, RuleSet, Rules, UnknownRuleSet};
pub use rules::{
    MAX_LEVEL, MAX_MIN_LENGTH, MIN_LEVEL, NameClass, NameClasses, StoredRules, find_rule_set,
};
pub use store::COMMON_LEVEL;
#[cfg(feature = "cli")]
pub use store::build_word_list;
pub use store::{DictStats, Lexicon, LexiconError, Senses};
pub use verdict::Verdict;
