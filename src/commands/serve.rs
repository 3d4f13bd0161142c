//! `umpire serve [NAME] [--listen ADDR:PORT] [--allow-host NAME]... [--judge]`: the
//! live scoreboard in the foreground, until the process is stopped.

use super::{CommandError, Outcome, out};
use crate::serve::{Server, Settings};
use crate::session::{Sessions, dir};

/// The session to serve: the one named, else the latest unfinished one (as a bare
/// `umpire` resumes), else the latest one, which is over (said on stderr).
fn pick(shelf: &Sessions, name: Option<&str>) -> Result<String, CommandError> {
    if let Some(name) = name {
        // Read once here, so a missing session is explained with where it was looked for.
        shelf.read(name).map_err(CommandError::from_error)?;
        return Ok(name.to_string());
    }
    let (found, _) = shelf.list();
    if let Some(open) = found.iter().find(|s| !s.finished) {
        return Ok(open.name.clone());
    }
    match found.first() {
        Some(last) => {
            crate::outcome::warn(&format!(
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

pub(super) fn run(
    shelf: &Sessions,
    name: Option<&str>,
    settings: &Settings,
) -> Result<Outcome, CommandError> {
    let name = pick(shelf, name)?;
    let path = dir::log_path(&shelf.dir, &name);
    let server =
        Server::start(&path, shelf.with.clone(), settings).map_err(CommandError::from_error)?;
    out(&format!(
        "serving {name} at {} (read-only: it follows every entry; Ctrl-C stops)",
        server.url()
    ))?;
    for line in crate::serve::joining(&server) {
        out(&line)?;
    }
    server.wait();
    Err(CommandError::usage(
        "the scoreboard stopped answering (its listening socket failed)",
    ))
}
