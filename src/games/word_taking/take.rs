//! The take ruling (rules 3 and 4): may OLD become NEW with the letters on the table?
//!
//! A take keeps every letter of the old word and adds at least one; the order may
//! change (LAME + P -> AMPLE). The added letters come from the letter drawn this turn
//! and the centre. The new word must pass the table's word rules, and a take that only
//! turns a singular into its plural is refused (CAT -> CATS, BOX -> BOXES,
//! OX -> OXEN, DIE -> DICE), while SAMPLE from AMPLE, CHAOS from CHAO and KNIFES
//! from KNIFE (a verb form: the plural is KNIVES, and the ruling says so) are new
//! words. A player may add an S to one of
//! their own words to protect it (rule 4): that is the only addition allowed to one's
//! own word, and the plural rule does not apply to it (CAT -> CATS is the protection
//! the sheet has in mind). The S goes after the word as it stands (BRACKET ->
//! BRACKETS): a rearrangement with the S (BRACKET -> BACKREST) would be taking one's
//! own word, which the rules do not allow, and is refused.
//!
//! Under a names rule set (rule 7) the new word has been judged a name on its own, so
//! a take to another name is no plural: ADAMS (John Adams) from ADAM.
//!
//! [`fit`] is the part that depends only on the letters: it is what replaying a log
//! checks, so that a ruling once recorded stands whatever dictionary later reads the
//! log. [`rule`] adds the dictionary's part.

use serde::Serialize;
use thiserror::Error;

use crate::lexicon::{PluralForm, Verdict};

use super::letters::{Letter, Letters, Word};
use super::referee::Referee;
use super::supply::{Added, Missing, Supply};
use crate::contract::Refuse;

/// Why a take is refused: one line each, naming what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum TakeError {
    #[error(
        "{new} does not keep every letter of {old}: {lost} missing (a take keeps all of the old word's letters)"
    )]
    LettersLost { old: Word, new: Word, lost: Letters },
    #[error("{new} adds nothing to {old}: a take must add at least one letter (rule 3)")]
    NothingAdded { old: Word, new: Word },
    #[error("only an S may be added to one's own word (rule 4): {new} adds {added} to {old}")]
    OwnWordNotS {
        old: Word,
        new: Word,
        added: Letters,
    },
    #[error(
        "{new} rearranges {old}: rule 4 lets a player add an S to their own word ({old}S), not rearrange it"
    )]
    OwnWordRearranged { old: Word, new: Word },
    #[error("{new} from {old}: {missing}")]
    NotOnTable {
        old: Word,
        new: Word,
        missing: Box<Missing>,
    },
    #[error("{new} is not allowed: {reason}")]
    NotAllowed {
        old: Word,
        new: Word,
        reason: String,
        code: String,
    },
    #[error(
        "{new} only adds {ending} to {old}: the table's house rule (--no-suffix-takes) bars such a take"
    )]
    SuffixOnly {
        old: Word,
        new: Word,
        ending: &'static str,
    },
    #[error(
        "{new} only makes {old} plural ({form}): rule 4 bars a take that turns a singular into its plural"
    )]
    PluralOnly {
        old: Word,
        new: Word,
        form: PluralForm,
    },
}

impl Refuse for TakeError {}

impl TakeError {
    #[cfg(feature = "cli")]
    /// The letters NEW adds to OLD when it keeps all of OLD's: what a refusal can still
    /// report as added.
    pub(crate) fn added(&self) -> Option<Letters> {
        match self {
            TakeError::LettersLost { .. } => None,
            TakeError::NothingAdded { .. } => Some(Letters::default()),
            TakeError::OwnWordNotS { added, .. } => Some(*added),
            TakeError::OwnWordRearranged { .. } => Some(Letters::of_word("S")),
            TakeError::NotOnTable { old, new, .. }
            | TakeError::NotAllowed { old, new, .. }
            | TakeError::SuffixOnly { old, new, .. }
            | TakeError::PluralOnly { old, new, .. } => new.letters().minus(&old.letters()),
        }
    }
}

/// A take the rules allow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct TakeRuling {
    pub(crate) old: Word,
    pub(crate) new: Word,
    /// The taker owns the old word (an S added for protection).
    pub(crate) own: bool,
    pub(crate) added: Added,
    /// The judge's verdict on the new word.
    pub(crate) verdict: Verdict,
}

impl TakeRuling {
    #[cfg(feature = "cli")]
    /// One line: "AMPLE +S makes SAMPLE (SCOWL 10 (common))". Where the letters came
    /// from is in `added` (and in the event's description).
    pub(crate) fn reason(&self) -> String {
        let how = if self.own { "protects it as" } else { "makes" };
        format!(
            "{} +{} {how} {} ({})",
            self.old,
            self.added.letters().compact(),
            self.new,
            self.verdict.reason
        )
    }
}

/// The letters' part of the ruling: NEW keeps OLD's letters, adds at least one, adds
/// only an S when the word is the taker's own, and the additions are on the table.
/// Returns where the added letters come from.
pub(crate) fn fit(old: &Word, new: &Word, supply: &Supply, own: bool) -> Result<Added, TakeError> {
    let (o, n) = (old.letters(), new.letters());
    let Some(added) = n.minus(&o) else {
        return Err(TakeError::LettersLost {
            old: old.clone(),
            new: new.clone(),
            lost: n.shortfall(&o),
        });
    };
    if added.is_empty() {
        return Err(TakeError::NothingAdded {
            old: old.clone(),
            new: new.clone(),
        });
    }
    if own && (added.len() != 1 || added.count(Letter::S) != 1) {
        return Err(TakeError::OwnWordNotS {
            old: old.clone(),
            new: new.clone(),
            added,
        });
    }
    supply
        .provide(&added)
        .map_err(|missing| TakeError::NotOnTable {
            old: old.clone(),
            new: new.clone(),
            missing,
        })
}

/// The whole ruling: [`fit`], then (for one's own word) that NEW is OLD with the S
/// after it, then the table's word rules on NEW, then the plural rule (except for an S
/// added to one's own word).
///
/// The S-after-the-word check is here, not in [`fit`]: a log recorded before umpire
/// refused a rearranged protection replays as it was ruled.
pub(crate) fn rule(
    referee: &Referee<'_>,
    old: &Word,
    new: &Word,
    supply: &Supply,
    own: bool,
) -> Result<TakeRuling, TakeError> {
    let added = fit(old, new, supply, own)?;
    if own && !is_plus_s(old, new) {
        return Err(TakeError::OwnWordRearranged {
            old: old.clone(),
            new: new.clone(),
        });
    }
    let mut verdict = referee.verdict(new);
    if !verdict.allowed {
        return Err(TakeError::NotAllowed {
            old: old.clone(),
            new: new.clone(),
            reason: verdict.reason,
            code: verdict.code,
        });
    }
    // Under a names set (rule 7's exception to rule 4), NEW has just been judged a
    // name the set allows on its own: ADAMS (John Adams) from ADAM is a person of his
    // own, not ADAM made plural, so the plural bar does not apply. The table is told.
    let names = referee.rules.policy().only_names().is_some();
    if !own && names && referee.plural_only(&old.key(), &new.key()).is_some() {
        verdict.reason.push_str(&format!(
            "; a name of its own (rule 7), not {old} made plural"
        ));
    } else if !own && let Some(form) = referee.plural_only(&old.key(), &new.key()) {
        return Err(TakeError::PluralOnly {
            old: old.clone(),
            new: new.clone(),
            form,
        });
    }
    if !own
        && referee.no_suffix_takes
        && let Some(ending) = suffix_only(&old.key(), &new.key())
    {
        return Err(TakeError::SuffixOnly {
            old: old.clone(),
            new: new.clone(),
            ending,
        });
    }
    // KNIFES from KNIFE: allowed as the verb's form, which the table is told (the
    // plural, KNIVES, would be refused).
    if !own && let Some(plural) = referee.plurals.verb_form(&old.key(), &new.key()) {
        verdict.reason.push_str(&format!(
            "; allowed as a verb form of {old}, not its plural ({})",
            plural.to_ascii_uppercase()
        ));
    }
    Ok(TakeRuling {
        old: old.clone(),
        new: new.clone(),
        own,
        added,
        verdict,
    })
}

/// True when NEW is OLD as it stands with an S after it (BRACKET -> BRACKETS): the
/// protection rule 4 allows.
pub(crate) fn is_plus_s(old: &Word, new: &Word) -> bool {
    new.as_str()
        .strip_suffix('S')
        .is_some_and(|stem| stem == old.as_str())
}

/// The ending NEW only adds to OLD when it is OLD's regular -ED, -ING or -ER form: WALK
/// to WALKED, WALKING, WALKER; BAKE to BAKED, BAKING, BAKER; STOP to STOPPED; CRY to
/// CRIED, CRIER. What `--no-suffix-takes` refuses, as the Anagrams apps do.
pub(crate) fn suffix_only(old: &str, new: &str) -> Option<&'static str> {
    for (ending, name) in [("ed", "-ED"), ("ing", "-ING"), ("er", "-ER")] {
        let Some(stem) = new.strip_suffix(ending) else {
            continue;
        };
        let doubled = stem.len() >= 2
            && stem.as_bytes().last() == stem.as_bytes().get(stem.len() - 2)
            && stem.get(..stem.len() - 1) == Some(old);
        // BAKE to BAKED, BAKER, BAKING: the silent E gives way to the ending.
        let silent_e = old.strip_suffix('e') == Some(stem);
        let y_to_i = ending != "ing"
            && stem
                .strip_suffix('i')
                .is_some_and(|s| old.strip_suffix('y') == Some(s));
        if stem == old || doubled || silent_e || y_to_i {
            return Some(name);
        }
    }
    None
}

#[cfg(test)]
mod suffix_tests {
    use super::suffix_only;

    #[test]
    fn suffix_only_takes_are_the_regular_ed_ing_and_er_forms() {
        for (old, new, ending) in [
            ("walk", "walked", "-ED"),
            ("walk", "walking", "-ING"),
            ("walk", "walker", "-ER"),
            ("bake", "baked", "-ED"),
            ("bake", "baking", "-ING"),
            ("bake", "baker", "-ER"),
            ("stop", "stopped", "-ED"),
            ("cry", "cried", "-ED"),
            ("cry", "crier", "-ER"),
            ("cry", "crying", "-ING"),
        ] {
            assert_eq!(suffix_only(old, new), Some(ending), "{old} {new}");
        }
        for (old, new) in [
            ("ample", "sample"),
            ("lame", "ample"),
            ("rat", "trader"),
            ("tin", "tinge"),
            ("pan", "panted"),
            ("rat", "grating"),
            ("cry", "criing"),
        ] {
            assert_eq!(suffix_only(old, new), None, "{old} {new}");
        }
    }
}
