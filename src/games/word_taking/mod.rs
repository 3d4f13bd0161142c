//! Word Making & Word Taking (`../shared/rules/word-making-word-taking.txt`): the old
//! anagram-stealing game, refereed at a real table.
//!
//! Players draw letters from a box; a letter that forms no word goes to the centre.
//! On their turn a player makes words from the letter they drew and the centre's pool,
//! and takes other players' words by adding letters and rearranging (FIN + D -> FIND,
//! LAME + P -> AMPLE). A take that only makes a word plural is barred; a player may add
//! an S to their own word to protect it. The first to secure and retain ten words wins.
//!
//! The modules, from the bottom up:
//!
//! - [`letters`]: letters, letter counts and words; [`letter_set`]: the box.
//! - [`supply`]: where added letters come from (the drawn letter, then the centre).
//! - [`referee`]: the table's word rules (dictionary, rule set, the plural test).
//! - [`take`] and [`make`]: the rulings, with a reason for every refusal.
//! - [`graph`]: the words a table's rules allow, as a merged trie built for walking.
//! - [`moves`]: every make and take possible on a table (`missed`, `word-moves`), found
//!   by one walk of that graph (`search`), its branches shared among the machine's
//!   cores (`spread`).
//! - [`state`]: the table, the turn, the events and who wins.
//! - [`parse`]: the verbs as typed, read into events; events told in words.
//!
//! - [`WordTaking`] is the game as the session core sees it (`game.rs`): its verbs
//!   (`verbs.rs`) and what the core shows of it, standings, table and export
//!   (`view.rs`).
//!
//! Everything here is pure: no I/O, no clocks (the search's threads share memory
//! only).

mod game;
pub(crate) mod graph;
pub(crate) mod letter_set;
pub(crate) mod letters;
pub(crate) mod make;
pub(crate) mod moves;
pub(crate) mod parse;
pub(crate) mod referee;
mod search;
#[cfg(feature = "cli")]
mod shell;
mod spread;
pub(crate) mod state;
pub(crate) mod supply;
pub(crate) mod take;
mod verbs;
mod view;

pub(crate) use game::WordTaking;

use crate::lexicon::{NameClass, NameClasses, Policy, RuleSet};

/// The sheet's word rules (rule 4): standard words only, no proper or geographical
/// names, no foreign words.
pub(crate) const WORD_TAKING: RuleSet = RuleSet {
    name: "word-taking",
    summary: "standard words; bars proper and geographical names and foreign spellings",
    policy: Policy::NO_FOREIGN,
};

/// Rule 7's variants: "for Geographical and Historical names only, or for the names
/// of Authors". The first is places and persons in one game ([`NAMES_GEO_HISTORY`]);
/// each kind also plays alone, and `--rules` joins names sets with commas to play
/// their union (`names-places,names-authors`).
pub(crate) const NAMES_GEO_HISTORY: RuleSet = RuleSet {
    name: "names-geo-history",
    summary: "geographical and historical names (rule 7): places a table knows and historical persons",
    policy: Policy::names_of(
        NameClasses::of(NameClass::Place).and(NameClasses::of(NameClass::Person)),
    ),
};
pub(crate) const NAMES_PLACES: RuleSet = RuleSet {
    name: "names-places",
    summary: "geographical names only (places a table knows: WordNet, GeoNames, Natural Earth)",
    policy: Policy::names(NameClass::Place),
};
pub(crate) const NAMES_HISTORY: RuleSet = RuleSet {
    name: "names-history",
    summary: "historical persons only (WordNet people)",
    policy: Policy::names(NameClass::Person),
};
pub(crate) const NAMES_AUTHORS: RuleSet = RuleSet {
    name: "names-authors",
    summary: "authors only (WordNet writers, poets, dramatists...)",
    policy: Policy::names(NameClass::Author),
};

/// The game's rule sets, its own first.
pub(crate) const RULE_SETS: [RuleSet; 5] = [
    WORD_TAKING,
    NAMES_GEO_HISTORY,
    NAMES_PLACES,
    NAMES_HISTORY,
    NAMES_AUTHORS,
];

#[cfg(feature = "bench")]
pub(crate) mod bench;
#[cfg(all(test, feature = "cli"))]
mod fuzz;
#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod tests;
