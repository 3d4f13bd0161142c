//! [`Desk`]: what one front end remembers between the lines it sends a session. A
//! question is put to whoever typed the line that raised it, and is answered by their
//! next line; an `undo` right after a refused line says that line recorded nothing. The
//! terminal has one desk; every phone keeping score has its own, so a yes typed at one
//! never answers a question put to another.

use std::any::Any;

use super::outcome::Question;

/// The answers a question takes, at the prompt and on a phone: the desk's, so that
/// every front end reads a yes the same way.
pub fn yes_no(word: &str) -> Option<bool> {
    match word {
        "y" | "yes" => Some(true),
        "n" | "no" => Some(false),
        _ => None,
    }
}

/// One front end's side of its conversation with a session.
#[derive(Default)]
pub struct Desk {
    pub(super) pending: Option<Pending>,
    /// The last line was refused and recorded nothing.
    pub(super) after_refusal: bool,
    script: bool,
    /// The front end, as the log names it, when not the prompt.
    by: Option<&'static str>,
}

/// A question waiting for its yes or no, with what a yes records (the session's own
/// events, typed by its game: see `Session::answer`).
pub(super) struct Pending {
    pub(super) question: Question,
    pub(super) record: Box<dyn Any + Send>,
}

impl std::fmt::Debug for Desk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Desk")
            .field("question", &self.question())
            .field("after_refusal", &self.after_refusal)
            .field("script", &self.script)
            .finish()
    }
}

impl Desk {
    /// A desk whose lines come from a person who can answer questions, or (`script`)
    /// from a script, which cannot: a game then records what it would have asked, or
    /// refuses it.
    pub fn new(script: bool) -> Desk {
        Desk {
            script,
            ..Desk::default()
        }
    }

    /// A phone's desk: its entries say so in the log (`"by":"phone"`), and it is asked
    /// questions unless `script` (a program posting lines, which cannot answer).
    pub fn phone(script: bool) -> Desk {
        Desk {
            script,
            by: Some("phone"),
            ..Desk::default()
        }
    }

    /// Lines come from a script.
    pub fn script(&self) -> bool {
        self.script
    }

    /// The front end, as the log names it, when not the prompt.
    pub fn by(&self) -> Option<&'static str> {
        self.by
    }

    /// The question the next yes or no answers.
    pub fn question(&self) -> Option<&Question> {
        self.pending.as_ref().map(|p| &p.question)
    }

    /// Forgets the question (the line typed was not its answer).
    pub fn drop_question(&mut self) {
        self.pending = None;
    }

    /// A line was carried out without the session (an export written): the next
    /// `undo` follows no refusal.
    pub fn carried_out(&mut self) {
        self.after_refusal = false;
    }

    /// A line was refused before it reached the session (an unknown verb): an `undo`
    /// next says that line recorded nothing, as after any refusal.
    pub fn refused_elsewhere(&mut self) {
        self.after_refusal = true;
    }
}
