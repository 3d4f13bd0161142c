//! [`Sessions`]: the sessions directory as the prompt, the one-shot commands and the
//! scoreboard see it: start a session, open one to record, read one, list them all,
//! gather player records. Which game a log holds is read from its header and found in
//! the [`Catalog`] the registry hands over.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::lexicon::Lexicon;
use crate::session::error::SessionError;
use crate::session::face::catalog::{Boxed, Catalog};
use crate::session::face::new::{NewIn, NewSession};
use crate::session::face::stats::Stats;
use crate::session::log::store::{self, Reading};
use crate::session::{AnySession, OpenWith, Summary, Warning, dir, today};

/// What reading the sessions' directory found besides the sessions (`stats`,
/// `sessions`): a warning reading a log gave, why a log could not be read, or a file
/// cleared away.
#[derive(Debug)]
pub enum ShelfNote {
    /// A warning reading the log gave; the log still counts.
    Warned {
        /// The session's name.
        session: String,
        /// What reading its log found.
        warning: Warning,
    },
    /// A log that could not be read, skipped.
    Unreadable {
        /// The session's name.
        session: String,
        /// Why it could not be read.
        error: SessionError,
    },
    /// A temporary file a `new` stopped half-way left, removed.
    Removed {
        /// Its file name.
        file: String,
    },
}

/// A sessions directory, with what it takes to open the logs in it.
#[derive(Clone)]
pub struct Sessions {
    /// The directory the logs are in, one `NAME.jsonl` a session.
    pub dir: PathBuf,
    /// The dictionary and the games every log here is opened with.
    pub with: OpenWith,
}

impl Sessions {
    /// The sessions in `dir`, opened with `lexicon` and the games of `games`.
    pub fn new(dir: PathBuf, lexicon: Arc<Lexicon>, games: Catalog) -> Sessions {
        Sessions {
            dir,
            with: OpenWith { lexicon, games },
        }
    }

    /// The games a session here may be of.
    pub fn games(&self) -> Catalog {
        self.with.games
    }

    /// The dictionary words are judged by in these sessions.
    pub fn lexicon(&self) -> &Arc<Lexicon> {
        &self.with.lexicon
    }

    /// Starts a session of `game` as `new` describes it.
    pub fn start(&self, game: &str, new: NewSession) -> Result<Box<dyn AnySession>, SessionError> {
        let entry = self.games().find(game)?;
        dir::clear_stale_temps(&self.dir);
        let new_in = NewIn {
            dir: &self.dir,
            with: self.with.clone(),
            today: &today(),
        };
        (entry.start)(new, &new_in)
    }

    /// Opens session `name` for recording: locked, a torn tail set aside.
    pub fn open(&self, name: &str) -> Result<Box<dyn AnySession>, SessionError> {
        dir::check_name(name)?;
        open_path(&dir::log_path(&self.dir, name), self.with.clone())
            .map_err(|e| self.explain_missing(e, name))
    }

    /// Reads session `name` without locking or repairing it.
    pub fn read(&self, name: &str) -> Result<Box<dyn AnySession>, SessionError> {
        dir::check_name(name)?;
        read_path(&dir::log_path(&self.dir, name), self.with.clone())
            .map_err(|e| self.explain_missing(e, name))
    }

    /// Says why session `name` cannot be read, as [`Sessions::read`] would, from its
    /// header alone: a log is refused for its header, never for its entries (those
    /// are set aside with a warning), so none of them is read or held.
    pub fn check(&self, name: &str) -> Result<(), SessionError> {
        dir::check_name(name)?;
        let path = dir::log_path(&self.dir, name);
        Reading::read(&path)
            .map_err(SessionError::from)
            .and_then(|mut reading| {
                reading.skip_entries();
                read_from(&path, &mut reading, self.with.clone()).map(drop)
            })
            .map_err(|e| self.explain_missing(e, name))
    }

    /// Every session, newest change first, and one line for each log that could not be
    /// read.
    pub fn list(&self) -> (Vec<Summary>, Vec<ShelfNote>) {
        let mut found = Vec::new();
        let mut bad = Vec::new();
        for gone in dir::clear_stale_temps(&self.dir) {
            bad.push(ShelfNote::Removed {
                file: gone
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            });
        }
        for name in dir::names(&self.dir) {
            match self.read_quietly(&name) {
                Ok(t) => found.push(t.summary()),
                Err(error) => bad.push(ShelfNote::Unreadable {
                    session: name,
                    error,
                }),
            }
        }
        found.sort_by(|a, b| b.last_change.cmp(&a.last_change));
        (found, bad)
    }

    /// Player records over every session (only those of `game`, when given); a log
    /// that cannot be read is named and skipped, and each warning a log read gave is
    /// kept with its name. Returns the records, those notes, and how many sessions were
    /// read.
    pub fn stats(&self, game: Option<&str>) -> (Stats, Vec<ShelfNote>, usize) {
        let mut stats = Stats::default();
        let mut skipped = Vec::new();
        let mut read = 0;
        for name in dir::names(&self.dir) {
            match self.read_quietly(&name) {
                Ok(t) if game.is_none_or(|g| g == t.game()) => {
                    read += 1;
                    // A log with an entry set aside still counts, and says so.
                    skipped.extend(t.warnings().iter().map(|w| ShelfNote::Warned {
                        session: name.clone(),
                        warning: w.clone(),
                    }));
                    stats.add(t.as_ref());
                }
                Ok(_) => {}
                Err(error) => skipped.push(ShelfNote::Unreadable {
                    session: name,
                    error,
                }),
            }
        }
        (stats, skipped, read)
    }

    /// Every session's result as the league reads it (or only the sessions `only`
    /// names, a room's), with what could not be read.
    #[cfg(feature = "cli")]
    pub(crate) fn results(
        &self,
        only: Option<&[String]>,
    ) -> (Vec<crate::session::league::Result>, Vec<ShelfNote>) {
        let names = match only {
            Some(names) => names.to_vec(),
            None => dir::names(&self.dir),
        };
        let mut results = Vec::new();
        let mut skipped = Vec::new();
        for name in names {
            match self.read_quietly(&name) {
                Ok(t) => results.push(crate::session::league::Result::of(t.as_ref())),
                Err(error) => skipped.push(ShelfNote::Unreadable {
                    session: name,
                    error,
                }),
            }
        }
        (results, skipped)
    }

    fn read_quietly(&self, name: &str) -> Result<Boxed, SessionError> {
        read_path(&dir::log_path(&self.dir, name), self.with.clone())
    }

    /// A failure to open session `name` made clearer where the log is missing: which
    /// directory was searched, the sessions it holds, and how to look elsewhere.
    fn explain_missing(&self, error: SessionError, name: &str) -> SessionError {
        if dir::log_path(&self.dir, name).exists() {
            return error;
        }
        let here = dir::names(&self.dir);
        let near = crate::text::did_you_mean(name, here.iter().map(String::as_str));
        let hint = if let Some(n) = near {
            format!(" (did you mean {n}?)")
        } else if here.is_empty() {
            " (it holds no sessions)".to_string()
        } else {
            format!(
                " (it holds {})",
                crate::text::count(here.len() as i64, "session", "sessions")
            )
        };
        SessionError::Missing {
            name: name.to_string(),
            dir: self.dir.display().to_string(),
            hint,
            env: dir::ENV,
        }
    }
}

/// Opens the session logged at `path` for recording: locked, torn tail set aside.
pub fn open_path(path: &Path, with: OpenWith) -> Result<Box<dyn AnySession>, SessionError> {
    let mut reading = Reading::open(path)?;
    let opened = with
        .games
        .of_header(reading.header(), path)
        .and_then(|entry| (entry.read)(path, &mut reading, with));
    if opened.is_err() {
        // A log its game refuses still has its damage set aside and its torn last
        // line cut off, as the log was opened to write (nothing more is read when its
        // entries already were).
        reading.entries(|_| {})?;
    }
    opened
}

/// Reads the session logged at `path` without locking or repairing it, a line at a
/// time.
pub fn read_path(path: &Path, with: OpenWith) -> Result<Box<dyn AnySession>, SessionError> {
    read_from(path, &mut Reading::read(path)?, with)
}

/// A session from the log `reading` reads (`path` names it in messages).
pub(crate) fn read_from(
    path: &Path,
    reading: &mut Reading,
    with: OpenWith,
) -> Result<Box<dyn AnySession>, SessionError> {
    let entry = with.games.of_header(reading.header(), path)?;
    (entry.read)(path, reading, with)
}

/// A read-only session from a log's bytes; `path` names it in messages.
pub fn read_bytes(
    path: &Path,
    bytes: &[u8],
    with: OpenWith,
) -> Result<Box<dyn AnySession>, SessionError> {
    let contents = store::parse(path, bytes)?;
    let entry = with.games.of_header(&contents.header, path)?;
    (entry.load)(path, contents, None, with)
}
