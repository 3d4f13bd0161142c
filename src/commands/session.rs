//! `umpire sessions` and `export`: sessions from the shell.

use std::path::{Path, PathBuf};

use super::{CommandError, Exit};
use crate::export::Format;
use crate::session::{Sessions, dir};

pub(crate) fn sessions_dir(flag: Option<&Path>) -> Result<PathBuf, CommandError> {
    dir::resolve(flag).map_err(CommandError::from_error)
}

pub(crate) fn sessions(shelf: &Sessions) -> Result<Exit, CommandError> {
    let (found, bad) = shelf.list();
    for b in &bad {
        crate::exit::warn(&format!("umpire: {}", crate::render::shelf_note(b)));
    }
    if found.is_empty() {
        super::out(&format!(
            "no sessions yet in {}; start one with: umpire new take-two alice bob",
            shelf.dir.display()
        ))?;
    } else {
        super::out(&crate::render::list_table(&found))?;
    }
    let rooms = crate::render::rooms_list(&crate::session::room::list(&shelf.dir));
    if !rooms.is_empty() {
        super::out(&rooms)?;
    }
    Ok(Exit::Yes)
}

/// Whether the folder holds a room `name`.
pub(crate) fn room_exists(shelf: &Sessions, name: &str) -> bool {
    crate::session::room::exists(&shelf.dir, name)
}

/// `umpire export ROOM --room`: the room's night, read without holding it.
pub(crate) fn export_night(
    shelf: &Sessions,
    name: &str,
    format: Option<Format>,
    output: Option<&Path>,
) -> Result<Exit, CommandError> {
    let format = match (format, output) {
        (Some(f), _) => f,
        (None, Some(path)) => Format::from_path(&path.to_string_lossy()).unwrap_or(Format::Md),
        (None, None) => Format::Md,
    };
    let Some((night, notes)) =
        crate::session::room::read_night(shelf, name).map_err(CommandError::from_error)?
    else {
        return Err(CommandError::usage(format!(
            "there is no room {} in {} (`umpire sessions` lists the rooms)",
            crate::text::printable(name),
            shelf.dir.display()
        )));
    };
    for note in &notes {
        crate::exit::warn(&format!("umpire: {note}"));
    }
    let text = crate::export::night::render(format, &night).map_err(CommandError::from_error)?;
    match output {
        Some(path) => {
            crate::export::export_file(path, &text, Some(&shelf.dir))
                .map_err(CommandError::from_error)?;
            crate::exit::warn(&format!(
                "exported room {name}'s night ({}) to {}",
                format.name(),
                path.display()
            ));
        }
        None => super::out(text.trim_end())?,
    }
    Ok(Exit::Yes)
}

pub(crate) fn export(
    shelf: &Sessions,
    name: &str,
    format: Option<Format>,
    output: Option<&Path>,
) -> Result<Exit, CommandError> {
    let format = match (format, output) {
        (Some(f), _) => f,
        (None, Some(path)) => Format::from_path(&path.to_string_lossy()).unwrap_or(Format::Md),
        (None, None) => Format::Md,
    };
    let table = shelf.read(name).map_err(CommandError::from_error)?;
    for w in table.warnings() {
        crate::exit::warn(&format!("umpire: {name}: {}", crate::render::warning(w)));
    }
    // Written as it is made, to the file or the screen, the rulings and notes taken
    // from the session one at a time: a long session's export is never held whole.
    let report = table.report_head();
    // The CSV and the chart are of the standings alone: the session is let go first.
    let table = matches!(format, Format::Json | Format::Md).then_some(table);
    let from = table.as_deref().map_or(
        crate::export::Records::Report,
        crate::export::Records::Session,
    );
    match output {
        Some(path) => {
            crate::export::export_with(path, Some(&shelf.dir), |w| {
                crate::export::write_from(format, &report, from, w)
            })
            .map_err(CommandError::from_error)?
            .map_err(CommandError::from_error)?;
            crate::exit::warn(&format!(
                "exported {name} as {} to {}",
                format.name(),
                path.display()
            ));
        }
        None => super::out_with(|w| crate::export::write_from(format, &report, from, w))?
            .map_err(CommandError::from_error)?,
    }
    Ok(Exit::Yes)
}
