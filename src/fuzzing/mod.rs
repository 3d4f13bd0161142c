//! The property and fuzz suites that reach inside the games and the session core: the
//! parsers fed any text, damaged logs, rules checked against brute force. They live in
//! the crate, not in `tests/`, because what they drive (a game's card notation, its
//! move finder, a log's reader) is private to it; the public face stays what a user of
//! the library needs (lib.rs). Test-only: nothing here is built into the binary.
//!
//! CI runs proptest's default case count; the long runs behind RELIABILITY.md's
//! figures set `PROPTEST_CASES` (each file says its own).

mod board;
mod cards;
mod damage;
mod logs;
mod words;

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
