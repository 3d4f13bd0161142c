//! `umpire new`, `resume`, `sessions` and `export`: sessions from the shell.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{CommandError, Outcome};
use crate::cli::NewArgs;
use crate::games::{Setup, registry};
use crate::lexicon::Lexicon;
use crate::render;
use crate::session::export::Format;
use crate::session::{OpenWith, Summary, Table, dir, today};

/// Starts the session `args` describe in `sessions`; shared by the shell's `new` and
/// the prompt's.
pub fn create(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    args: &NewArgs,
    script: bool,
) -> Result<Box<dyn Table>, String> {
    let default_rules = registry::default_rules(&args.game)?;
    let rules = args.rules.to_rules(default_rules)?;
    let name = match &args.name {
        Some(n) => {
            dir::check_name(n).map_err(|r| r.0)?;
            n.clone()
        }
        None => dir::fresh_name(sessions, &args.game, &today()),
    };
    let tiles = match &args.tiles {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read tile set {}: {e}", path.display()))?;
            Some((path.display().to_string(), text))
        }
        None => None,
    };
    let setup = Setup {
        rounds: args.rounds,
        limit: args.limit,
        tiles,
    };
    dir::ensure(sessions)?;
    registry::create(
        &args.game,
        &dir::log_path(sessions, &name),
        &name,
        args.players.clone(),
        &setup,
        rules,
        OpenWith { lexicon, script },
    )
}

/// Opens session `name` for recording.
pub fn open(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    name: &str,
    script: bool,
) -> Result<Box<dyn Table>, String> {
    dir::check_name(name).map_err(|r| r.0)?;
    registry::open(&dir::log_path(sessions, name), OpenWith { lexicon, script })
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
    let mut t = render::new(&["name", "game", "players", "rounds", "last change", "status"]);
    for s in found {
        let status = match (&s.winner, s.finished) {
            (Some(w), _) => format!("over: {w} won"),
            (None, true) => "over".to_string(),
            (None, false) => "in progress".to_string(),
        };
        t.add_row(vec![
            s.name.clone(),
            s.game.to_string(),
            s.players.join(", "),
            s.rounds.to_string(),
            s.last_change.replace('T', " ").replace('Z', ""),
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
        println!(
            "no sessions in {}; start one with: umpire new take-two alice bob",
            sessions.display()
        );
    } else {
        println!("{}", list_table(&found));
    }
    Ok(Outcome::Yes)
}

pub fn export(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    name: &str,
    format: Format,
    output: Option<&Path>,
) -> Result<Outcome, CommandError> {
    dir::check_name(name).map_err(|r| CommandError::usage(r.0))?;
    let table = registry::read(
        &dir::log_path(sessions, name),
        OpenWith {
            lexicon,
            script: true,
        },
    )
    .map_err(CommandError::usage)?;
    for w in table.warnings() {
        eprintln!("umpire: {name}: {w}");
    }
    let text = table.export(format).map_err(CommandError::usage)?;
    match output {
        Some(path) => {
            std::fs::write(path, &text).map_err(|e| {
                CommandError::usage(format!("cannot write {}: {e}", path.display()))
            })?;
            eprintln!("exported {name} as {} to {}", format.name(), path.display());
        }
        None => print!("{text}{}", if text.ends_with('\n') { "" } else { "\n" }),
    }
    Ok(Outcome::Yes)
}
