//! `umpire serve [NAME] [--listen ADDR:PORT] [--allow-host NAME]... [--judge] [--keep
//! [--new-code]]`: the live scoreboard in the foreground, until the process is stopped;
//! with `--keep`, the scorekeeper too, with no terminal: the session is opened for
//! writing as the prompt opens it, and the phones with its link record into it.

use super::{CommandError, Exit, out};
use std::sync::{Arc, Mutex};

use crate::serve::{Keeper, Server, Settings, Table};
use crate::session::{Sessions, dir};

/// The session to serve: the one named, else the latest unfinished one (as a bare
/// `umpire` resumes), else the latest one, which is over (said on stderr).
fn pick(shelf: &Sessions, name: Option<&str>) -> Result<String, CommandError> {
    if let Some(name) = name {
        // Looked at once here, so a missing session is explained with where it was
        // looked for (its header alone: the watcher reads it, and it is not held twice).
        shelf.check(name).map_err(CommandError::from_error)?;
        return Ok(name.to_string());
    }
    let (found, _) = shelf.list();
    if let Some(open) = found.iter().find(|s| !s.finished) {
        return Ok(open.name.clone());
    }
    match found.first() {
        Some(last) => {
            crate::exit::warn(&format!(
                "umpire: no session is in progress; serving the latest, {}, which is over",
                last.name
            ));
            Ok(last.name.clone())
        }
        None => Err(CommandError::usage(format!(
            "no sessions to serve in {}; start one with: umpire new take-two alice bob",
            shelf.dir.display()
        ))),
    }
}

/// `--keep`: the scorekeeper's link is served too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Keep {
    /// Replace the code kept beside the session's log.
    pub(crate) new_code: bool,
}

pub(super) fn run(
    shelf: &Sessions,
    name: Option<&str>,
    settings: &Settings,
    keep: Option<Keep>,
) -> Result<Exit, CommandError> {
    let name = pick(shelf, name)?;
    let path = dir::log_path(&shelf.dir, &name);
    let keeper = match keep {
        None => None,
        Some(keep) => {
            // Opened as the prompt opens it: the session's lock is ours while we run,
            // and a second writer is refused, naming us.
            let session = shelf.open(&name).map_err(CommandError::from_error)?;
            let table: Table = Arc::new(Mutex::new(Some(session)));
            let tell: crate::serve::Tell = Box::new(|text: String, _| {
                let _ = out(&text);
            });
            Some(Arc::new(
                Keeper::new(table, shelf.dir.clone(), keep.new_code, Some(tell))
                    .map_err(CommandError::from_error)?,
            ))
        }
    };
    let keeping = keeper.is_some();
    let server = Server::start(&path, shelf.with.clone(), settings, keeper)
        .map_err(CommandError::from_error)?;
    let what = if keeping {
        "keeping score from the scorekeeper's link below; Ctrl-C stops"
    } else {
        "read-only: it follows every entry; Ctrl-C stops"
    };
    out(&format!("serving {name} at {} ({what})", server.url()))?;
    // The page says only how many entries the log leaves out: the scorekeeper hears
    // which, as `export` and the prompt say them.
    for w in server.warnings() {
        crate::exit::warn(&format!("umpire: {name}: {}", crate::render::warning(w)));
    }
    for line in crate::serve::joining(&server, crate::serve::Replaced::OnTheCommandLine) {
        out(&line)?;
    }
    server.wait();
    Err(CommandError::usage(
        "the scoreboard stopped answering (its listening socket failed)",
    ))
}
