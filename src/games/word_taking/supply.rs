//! Where added letters come from: the letter drawn this turn, then the centre.
//!
//! A make or a take adds letters to the table's words; rule 3 lets a player use the
//! letter they drew and any letters of the pool at the centre. When a needed letter is
//! both drawn and in the centre, the drawn one is used: that is the letter the player
//! drew for the purpose ("with his P, the first may form AMPLE"), and a drawn letter
//! left unused goes to the centre at the end of the turn anyway.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

use super::letters::{Letter, Letters};
use crate::contract::Refuse;

/// The letters a player may add right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Supply {
    /// The letter drawn this turn, while it is unused.
    pub(crate) drawn: Option<Letter>,
    /// The pool at the centre.
    pub(crate) centre: Letters,
}

/// Added letters that are not on the table.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{} not on the table ({supply})", missing_phrase(.missing, supply))]
pub(crate) struct Missing {
    pub(crate) missing: Letters,
    pub(crate) supply: Supply,
}

impl Refuse for Missing {}

/// "S is", "E and another S are": a letter the table has, but not enough of, is
/// "another" one, so the message does not contradict the supply it prints.
fn missing_phrase(missing: &Letters, supply: &Supply) -> String {
    let have = supply.all();
    let names: Vec<String> = Letter::all()
        .filter(|l| missing.count(*l) > 0)
        .map(|l| match (missing.count(l), have.count(l) > 0) {
            (1, true) => format!("another {l}"),
            (1, false) => l.to_string(),
            (n, true) => format!("{n} more {l}"),
            (n, false) => format!("{n} {l}"),
        })
        .collect();
    let verb = if missing.len() == 1 { "is" } else { "are" };
    format!("{} {verb}", crate::text::and_list(&names))
}

impl Supply {
    #[cfg(feature = "cli")]
    /// The centre with only the letters a set of typed letters gives: what the one-shot
    /// commands use, where nothing was drawn.
    pub(crate) fn centre(centre: Letters) -> Supply {
        Supply {
            drawn: None,
            centre,
        }
    }

    /// Every letter available: the drawn letter and the centre together.
    pub(crate) fn all(&self) -> Letters {
        let mut all = self.centre;
        if let Some(d) = self.drawn {
            all.add(d);
        }
        all
    }

    /// Takes `needed` from the supply, the drawn letter first; names the letters that
    /// are not there.
    pub(crate) fn provide(&self, needed: &Letters) -> Result<Added, Box<Missing>> {
        let mut from_centre = *needed;
        let drawn = self.drawn.filter(|d| from_centre.remove(*d));
        let missing = self.centre.shortfall(&from_centre);
        if !missing.is_empty() {
            return Err(Box::new(Missing {
                missing,
                supply: *self,
            }));
        }
        Ok(Added {
            drawn,
            centre: from_centre,
        })
    }
}

impl fmt::Display for Supply {
    /// "drawn: P; centre: A E S" or "no drawn letter; the centre is empty".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.drawn {
            Some(d) => write!(f, "drawn: {d}; ")?,
            None => f.write_str("no drawn letter; ")?,
        }
        if self.centre.is_empty() {
            f.write_str("the centre is empty")
        } else {
            write!(f, "centre: {}", self.centre)
        }
    }
}

/// The letters a make or take added, by where they came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub(crate) struct Added {
    /// The drawn letter, when the move used it.
    pub(crate) drawn: Option<Letter>,
    /// Letters from the centre.
    pub(crate) centre: Letters,
}

impl Added {
    /// All the added letters together.
    pub(crate) fn letters(&self) -> Letters {
        Supply {
            drawn: self.drawn,
            centre: self.centre,
        }
        .all()
    }

    /// How a take names them: "+P drawn, +S from the centre".
    pub(crate) fn as_addition(&self) -> String {
        self.phrase("+")
    }

    /// How a make names them: "P drawn, A E L M from the centre".
    pub(crate) fn as_sources(&self) -> String {
        self.phrase("")
    }

    fn phrase(&self, plus: &str) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.drawn {
            parts.push(format!("{plus}{d} drawn"));
        }
        if !self.centre.is_empty() {
            let letters = if plus.is_empty() {
                self.centre.to_string()
            } else {
                self.centre.compact()
            };
            parts.push(format!("{plus}{letters} from the centre"));
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(s: &str) -> Letters {
        Letters::parse(s).expect("letters")
    }

    #[test]
    fn the_drawn_letter_is_used_before_the_same_letter_in_the_centre() {
        let supply = Supply {
            drawn: Letter::parse("S").ok(),
            centre: letters("AS"),
        };
        let added = supply.provide(&letters("S")).expect("there");
        assert_eq!(added.drawn, Letter::parse("S").ok());
        assert!(added.centre.is_empty());
        assert_eq!(added.as_addition(), "+S drawn");
        let two = supply.provide(&letters("SS")).expect("there");
        assert_eq!(two.as_addition(), "+S drawn, +S from the centre");
    }

    #[test]
    fn letters_not_on_the_table_are_named_with_what_is_there() {
        let supply = Supply {
            drawn: None,
            centre: letters("AET"),
        };
        let err = supply.provide(&letters("PS")).expect_err("missing");
        assert_eq!(err.missing.compact(), "PS");
        assert_eq!(
            err.to_string(),
            "P and S are not on the table (no drawn letter; centre: A E T)"
        );
        // A letter the table has, but not enough of, is "another" one.
        let short = supply.provide(&letters("EE")).expect_err("one E short");
        assert_eq!(
            short.to_string(),
            "another E is not on the table (no drawn letter; centre: A E T)"
        );
        let shorter = supply.provide(&letters("TTT")).expect_err("two T short");
        assert_eq!(
            shorter.to_string(),
            "2 more T are not on the table (no drawn letter; centre: A E T)"
        );
        let empty = Supply::default().provide(&letters("D")).expect_err("none");
        assert_eq!(
            empty.to_string(),
            "D is not on the table (no drawn letter; the centre is empty)"
        );
    }

    #[test]
    fn a_make_names_its_letters_by_source() {
        let supply = Supply {
            drawn: Letter::parse("D").ok(),
            centre: letters("FINZ"),
        };
        let added = supply.provide(&letters("FIND")).expect("there");
        assert_eq!(added.as_sources(), "D drawn, F I N from the centre");
        assert_eq!(added.letters().compact(), "DFIN");
    }
}
