//! The property and fuzz suites of the session core and the word judge (the parsers fed
//! any text, damaged logs, every registered game's demo log damaged and replayed), and
//! what every game's own suite shares (`damage`, [`Typed`]). A game's own suites (its
//! card notation, its move finder, its board's rules against brute force) live in its
//! folder (`fuzz.rs`). They live in the crate, not in `tests/`, because what they drive
//! is private to it; the public face stays what a user of the library needs (lib.rs).
//! Test-only: nothing here is built into the binary.
//!
//! CI runs proptest's default case count; the long runs behind RELIABILITY.md's
//! figures set `PROPTEST_CASES` (each file says its own).

pub(crate) mod damage;
mod logs;

use proptest::collection::vec;
use proptest::prelude::*;

use crate::session::{AnySession, Desk, Outcome};

/// What a line came to, as the prompt says it: the words, whether it was refused, the
/// question it asks.
pub(crate) struct Reply {
    pub(crate) text: String,
    pub(crate) refused: bool,
}

impl Reply {
    fn of(outcome: &Outcome) -> Reply {
        Reply {
            text: crate::render::outcome(outcome),
            refused: outcome.refused,
        }
    }
}

/// Lines typed at a session as a script types them (each with a desk of its own: a
/// question asked is dropped), and a session written out.
pub(crate) trait Typed {
    fn typed(&mut self, verb: &str, args: &str, block: Option<&[String]>) -> Reply;
    fn exported(&self, format: crate::export::Format)
    -> Result<String, crate::export::ExportError>;
}

impl<T: AnySession + ?Sized> Typed for T {
    fn typed(&mut self, verb: &str, args: &str, block: Option<&[String]>) -> Reply {
        let mut desk = Desk::new(true);
        Reply::of(&self.run(&mut desk, verb, args, block))
    }

    fn exported(
        &self,
        format: crate::export::Format,
    ) -> Result<String, crate::export::ExportError> {
        crate::export::render(format, &self.report())
    }
}

/// A row of a block verb (a grid's): characters a grid row might hold, weighted towards
/// real ones.
pub(crate) fn block_row() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        8 => prop::sample::select(vec!['C', 'A', 'T', 'Q', 'I', 'Z', 'X', 'E', 'S']),
        3 => Just('.'),
        1 => Just(' '),
        1 => Just('?'),
        1 => prop::sample::select(vec!['a', 'q', 's', '#', '4', '\t', 'é']),
        1 => any::<char>(),
    ];
    vec(cell, 0..14).prop_map(|cs| cs.into_iter().collect())
}
