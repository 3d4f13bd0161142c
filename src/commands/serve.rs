//! `umpire serve [NAME] [--listen ADDR:PORT] [--allow-host NAME]...`: the live
//! scoreboard in the foreground, until the process is stopped.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use super::{CommandError, Outcome, out, session};
use crate::lexicon::Lexicon;
use crate::serve::{AllowHost, Server};
use crate::session::dir;

/// The session to serve: the one named, else the latest unfinished one (as a bare
/// `umpire` resumes), else the latest one, which is over (said on stderr).
fn pick(sessions: &Path, lexicon: &Arc<Lexicon>, name: Option<&str>) -> Result<String, String> {
    if let Some(name) = name {
        dir::check_name(name).map_err(|r| r.message)?;
        return Ok(name.to_string());
    }
    let (found, _) = session::list(sessions, lexicon);
    if let Some(open) = found.iter().find(|s| !s.finished) {
        return Ok(open.name.clone());
    }
    match found.first() {
        Some(last) => {
            eprintln!(
                "umpire: no session is in progress; serving the latest, {}, which is over",
                last.name
            );
            Ok(last.name.clone())
        }
        None => Err(format!(
            "no sessions to serve in {}; start one with: umpire new take-two alice bob",
            sessions.display()
        )),
    }
}

pub fn run(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    name: Option<&str>,
    listen: SocketAddr,
    allowed: &[AllowHost],
) -> Result<Outcome, CommandError> {
    let name = pick(sessions, &lexicon, name).map_err(CommandError::usage)?;
    let path = dir::log_path(sessions, &name);
    let server = Server::start(&path, lexicon, listen, allowed).map_err(|e| {
        CommandError::usage(match e {
            crate::serve::ServeError::Unreadable(why) => dir::explain_missing(why, sessions, &name),
            other => other.to_string(),
        })
    })?;
    out(&format!(
        "serving {name} at {} (read-only: it follows every entry; Ctrl-C stops)",
        server.url()
    ))?;
    if crate::serve::exposed(server.addr()) {
        out(&format!(
            "listening on {}, not only on this machine: anyone who can reach it can read the scoreboard (nothing on it can change the log)",
            server.addr()
        ))?;
    }
    server.wait();
    Err(CommandError::usage(
        "the scoreboard stopped answering (its listening socket failed)",
    ))
}
