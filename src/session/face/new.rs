//! Starting a session of a game from what `new` was given, as data: the players, a
//! name, the word rules and the game's flags' values. The front end that reads a
//! command line (`cli/new.rs`) turns typed arguments into this; the core reads the
//! files the flags name (bounded, so games stay free of I/O) and starts the log.

use std::path::Path;

use crate::contract::{Files, FlagValues, Game};
use crate::lexicon::Rules;
use crate::session::error::SessionError;
use crate::session::{AnySession, OpenWith, Session, Start, dir};

/// A new session, as `new` describes it.
#[derive(Debug, Clone)]
pub struct NewSession {
    /// The players in seat order, as typed; `new` checks the names.
    pub players: Vec<String>,
    /// Its name; the game and today's date when none is given.
    pub name: Option<String>,
    /// The word rules, for a game that judges words (else the lexicon's standard).
    pub rules: Rules,
    /// The game's own flags' values, defaults filled in.
    pub flags: FlagValues,
}

/// Where and how a new session is made.
pub(in crate::session) struct NewIn<'a> {
    /// The sessions directory.
    pub(crate) dir: &'a Path,
    pub(crate) with: OpenWith,
    /// Today's date, for a default name.
    pub(crate) today: &'a str,
}

pub(in crate::session) fn start<G: Game>(
    new: NewSession,
    new_in: &NewIn<'_>,
) -> Result<Box<dyn AnySession>, SessionError> {
    let name = match &new.name {
        Some(n) => {
            dir::check_name(n).map_err(SessionError::Refused)?;
            n.clone()
        }
        None => dir::fresh_name(new_in.dir, G::NAME, new_in.today),
    };
    let mut files = Vec::new();
    for path in G::files(&new.flags) {
        let text = crate::bounded::read_text(&path, MAX_GAME_FILE, "file")?;
        files.push((path, text));
    }
    dir::ensure(new_in.dir)?;
    let path = dir::log_path(new_in.dir, &name);
    let start = Start {
        path: &path,
        name: &name,
        players: new.players,
        rules: new.rules,
        files: Files::new(files),
    };
    Session::<G>::create(start, &new.flags, new_in.with.clone())
        .map(|s| Box::new(s) as Box<dyn AnySession>)
}

/// The most a file named by a game flag may hold (a tile set, a board).
pub(in crate::session) const MAX_GAME_FILE: u64 = 1 << 20;
