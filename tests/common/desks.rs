//! A session typed at through the desks of its front ends, as the prompt and the phones
//! type at it, without the binary: for a question, which a script is never asked.

use std::sync::Arc;

use umpire::lexicon::Lexicon;
use umpire::session::{AnySession, Desk};

use super::{Reply, TempDir, tempdir};

/// A session started by `new` (the game and its players, as `umpire new` takes them) in
/// a directory of its own.
fn started(new: &[&str]) -> (TempDir, Box<dyn AnySession>) {
    let dir = tempdir().expect("temp dir");
    let shelf = umpire::session::Sessions {
        dir: dir.path().to_path_buf(),
        with: umpire::registry::with(Arc::new(Lexicon::embedded().expect("dictionary"))),
    };
    let args: Vec<String> = new.iter().map(|s| s.to_string()).collect();
    let session = umpire::repl::new_session(&shelf, &args).expect("started");
    (dir, session)
}

/// Types one line at `desk`, as the prompt reads it: the verb, then the rest.
fn typed_at(session: &mut dyn AnySession, desk: &mut Desk, line: &str) -> Reply {
    let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
    Reply::of(&session.run(desk, verb, args, None))
}

/// One session, and the desks of the front ends that type at it.
pub struct Shared {
    _dir: TempDir,
    pub session: Box<dyn AnySession>,
}

impl Shared {
    pub fn new(new: &[&str]) -> Shared {
        let (dir, session) = started(new);
        Shared { _dir: dir, session }
    }

    pub fn typed(&mut self, desk: &mut Desk, line: &str) -> Reply {
        typed_at(self.session.as_mut(), desk, line)
    }

    /// Lines that each record, with no question asked.
    pub fn ok(&mut self, desk: &mut Desk, lines: &[&str]) {
        for line in lines {
            let reply = self.typed(desk, line);
            assert!(
                !reply.refused && reply.ask.is_none(),
                "{line}: {}",
                reply.text
            );
        }
    }

    pub fn totals(&self) -> Vec<(String, i64)> {
        let s = self.session.standings();
        s.players.into_iter().zip(s.running).collect()
    }
}

/// A session started for a terminal: questions are put, and answered with
/// [`AtTerminal::answered`].
pub struct AtTerminal {
    _dir: TempDir,
    pub session: Box<dyn AnySession>,
    desk: Desk,
}

impl AtTerminal {
    pub fn new(new: &[&str]) -> AtTerminal {
        let (dir, session) = started(new);
        AtTerminal {
            _dir: dir,
            session,
            desk: Desk::new(false),
        }
    }

    /// Types one line, as the prompt reads it: the verb, then the rest.
    pub fn typed(&mut self, line: &str) -> Reply {
        typed_at(self.session.as_mut(), &mut self.desk, line)
    }

    /// Types lines that each record, refused or asked nothing.
    pub fn ok(&mut self, lines: &[&str]) {
        for line in lines {
            let reply = self.typed(line);
            assert!(
                !reply.refused && reply.ask.is_none(),
                "{line}: {}",
                reply.text
            );
        }
    }

    pub fn answered(&mut self, yes: bool) -> Reply {
        Reply::of(&self.session.answer(&mut self.desk, yes))
    }
}
