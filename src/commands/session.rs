//! `umpire new`, `resume`, `sessions` and `export`: sessions from the shell, and the
//! same functions for the prompt.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{CommandError, Outcome};
use crate::games::registry::{self, NewError, NewIn};
use crate::lexicon::Lexicon;
use crate::render;
use crate::session::export::Format;
use crate::session::{AnySession, OpenWith, Summary, dir, today};

/// Starts the session `args` describe (`GAME PLAYER... [FLAGS]`) in `sessions`; shared
/// by the shell's `new` and the prompt's. No game, or `--help`, answers with the list
/// of games.
pub fn create(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    args: &[String],
    script: bool,
) -> Result<Box<dyn AnySession>, NewError> {
    let Some((game, rest)) = args.split_first() else {
        return Err(NewError::Help(registry::games_help()));
    };
    if matches!(game.as_str(), "--help" | "-h" | "help") {
        return Err(NewError::Help(registry::games_help()));
    }
    let new_in = NewIn {
        dir: sessions,
        with: OpenWith { lexicon, script },
        today: &today(),
    };
    registry::create_session(game, rest, &new_in)
}

/// Opens session `name` for recording.
pub fn open(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    name: &str,
    script: bool,
) -> Result<Box<dyn AnySession>, String> {
    dir::check_name(name).map_err(|r| r.message)?;
    registry::open(&dir::log_path(sessions, name), OpenWith { lexicon, script })
        .map_err(|e| dir::explain_missing(e, sessions, name))
}

/// Every session in `sessions`, newest change first, and one line for each log that
/// could not be read.
pub fn list(sessions: &Path, lexicon: &Arc<Lexicon>) -> (Vec<Summary>, Vec<String>) {
    let mut found = Vec::new();
    let mut bad = Vec::new();
    for name in dir::names(sessions) {
        let with = OpenWith {
            lexicon: Arc::clone(lexicon),
            script: true,
        };
        match registry::read(&dir::log_path(sessions, &name), with) {
            Ok(t) => found.push(t.summary()),
            Err(e) => bad.push(format!("{name}: unreadable, skipped ({e})")),
        }
    }
    found.sort_by(|a, b| b.last_change.cmp(&a.last_change));
    (found, bad)
}

/// The table `umpire sessions` prints.
pub fn list_table(found: &[Summary]) -> String {
    let mut t = render::new(&["name", "game", "players", "played", "last change", "status"]);
    for s in found {
        let status = match (&s.winner, s.finished) {
            (Some(w), _) => format!("over: {} won", crate::text::printable_text(w)),
            (None, true) => "over".to_string(),
            (None, false) => "in progress".to_string(),
        };
        t.add_row(vec![
            s.name.clone(),
            s.game.to_string(),
            crate::text::printable_text(&s.players.join(", ")),
            s.played.clone(),
            render::time(&s.last_change),
            status,
        ]);
    }
    t.to_string()
}

pub fn sessions_dir(flag: Option<&Path>) -> Result<PathBuf, CommandError> {
    dir::resolve(flag).map_err(CommandError::usage)
}

pub fn sessions(sessions: &Path, lexicon: Arc<Lexicon>) -> Result<Outcome, CommandError> {
    let (found, bad) = list(sessions, &lexicon);
    for b in &bad {
        eprintln!("umpire: {b}");
    }
    if found.is_empty() {
        super::out(&format!(
            "no sessions yet in {}; start one with: umpire new take-two alice bob",
            sessions.display()
        ))?;
    } else {
        super::out(&list_table(&found))?;
    }
    Ok(Outcome::Yes)
}

pub fn export(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    name: &str,
    format: Option<Format>,
    output: Option<&Path>,
) -> Result<Outcome, CommandError> {
    dir::check_name(name).map_err(|r| CommandError::usage(r.message))?;
    let format = match (format, output) {
        (Some(f), _) => f,
        (None, Some(path)) => Format::from_path(&path.to_string_lossy()).unwrap_or(Format::Md),
        (None, None) => Format::Md,
    };
    let table = registry::read(
        &dir::log_path(sessions, name),
        OpenWith {
            lexicon,
            script: true,
        },
    )
    .map_err(|e| CommandError::usage(dir::explain_missing(e, sessions, name)))?;
    for w in table.warnings() {
        eprintln!("umpire: {name}: {w}");
    }
    let text = table.export(format).map_err(CommandError::usage)?;
    match output {
        Some(path) => {
            crate::session::export_file(path, &text, Some(sessions))
                .map_err(CommandError::usage)?;
            eprintln!("exported {name} as {} to {}", format.name(), path.display());
        }
        None => super::out(text.strip_suffix('\n').unwrap_or(&text))?,
    }
    Ok(Outcome::Yes)
}
