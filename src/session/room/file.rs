//! A room's index on disk: `NAME.room` in the sessions folder, written whole to a
//! temporary file, fsynced and renamed into place (a reader sees the old index or the
//! new, never half of one), and `.NAME.room.lock` beside it, which the director holding
//! the room keeps locked and names themselves in, so a second director is told who
//! holds it.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::RoomError;
use super::index::{Index, Skipped};

/// The longest index read: 16 tables are under 2 KB; past this it is no index.
const MAX_INDEX: u64 = 64 * 1024;

/// A room's index file, held: its lock is kept for as long as this lives.
#[derive(Debug)]
pub(crate) struct RoomFile {
    path: PathBuf,
    /// The lock file, locked; closing it (drop) releases the room.
    _lock: File,
}

/// `NAME.room` in `dir`.
pub(crate) fn index_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.room"))
}

fn lock_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!(".{name}.room.lock"))
}

fn io_error(path: &Path, e: &std::io::Error) -> RoomError {
    RoomError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    }
}

/// The rooms in `dir`, by name, sorted.
pub(crate) fn room_names(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".room")?.to_string();
            crate::session::dir::check_name(&stem)
                .is_ok()
                .then_some(stem)
        })
        .collect();
    names.sort();
    names
}

/// Reads the index of room `name` without holding it (for `sessions`): `None` when
/// there is none.
pub(crate) fn peek(dir: &Path, name: &str) -> Result<Option<(Index, Vec<Skipped>)>, RoomError> {
    let path = index_path(dir, name);
    match read_index(&path) {
        Ok(read) => Ok(Some(read)),
        Err(RoomError::Io { .. }) if !path.exists() => Ok(None),
        Err(e) => Err(e),
    }
}

fn read_index(path: &Path) -> Result<(Index, Vec<Skipped>), RoomError> {
    let file = File::open(path).map_err(|e| io_error(path, &e))?;
    let mut bytes = Vec::new();
    file.take(MAX_INDEX + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(path, &e))?;
    if bytes.len() as u64 > MAX_INDEX {
        return Err(RoomError::TooBig {
            path: path.display().to_string(),
            max: MAX_INDEX,
        });
    }
    // Bytes that are not UTF-8 are said as the lines they spoil, not refused whole.
    Ok(Index::parse(&String::from_utf8_lossy(&bytes)))
}

impl RoomFile {
    /// Holds room `name` in `dir`, reading its index (an empty one when the room is
    /// new: `created` then). Refused when another umpire holds it, naming who.
    pub(crate) fn hold(
        dir: &Path,
        name: &str,
    ) -> Result<(RoomFile, Index, Vec<Skipped>, bool), RoomError> {
        crate::session::dir::check_name(name).map_err(|r| RoomError::BadName(r.message))?;
        crate::session::dir::ensure(dir).map_err(|e| RoomError::Io {
            path: dir.display().to_string(),
            detail: e.to_string(),
        })?;
        let lock_at = lock_path(dir, name);
        let mut lock = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_at)
            .map_err(|e| io_error(&lock_at, &e))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = (&lock).take(256).read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(RoomError::Held {
                    room: name.to_string(),
                    holder: if holder.is_empty() {
                        "another umpire".into()
                    } else {
                        crate::text::printable_text(holder)
                    },
                });
            }
            Err(TryLockError::Error(e)) => return Err(io_error(&lock_at, &e)),
        }
        // Who holds it, for a second director to be told.
        let holder = format!(
            "umpire (process {}) since {}",
            std::process::id(),
            crate::session::now()
        );
        let _ = lock
            .set_len(0)
            .and_then(|()| lock.rewind())
            .and_then(|()| lock.write_all(holder.as_bytes()))
            .and_then(|()| lock.sync_data());
        let path = index_path(dir, name);
        let (index, skipped, created) = if path.exists() {
            let (index, skipped) = read_index(&path)?;
            (index, skipped, false)
        } else {
            (Index { tables: Vec::new() }, Vec::new(), true)
        };
        let file = RoomFile { path, _lock: lock };
        if created {
            file.save(&index)?;
        }
        Ok((file, index, skipped, created))
    }

    /// Writes `index` whole: to a temporary file beside it, fsynced, renamed into
    /// place, and the folder fsynced, so the room reads as before or as now.
    pub(crate) fn save(&self, index: &Index) -> Result<(), RoomError> {
        let name = self
            .path
            .file_name()
            .map_or_else(|| "room".into(), |n| n.to_string_lossy().into_owned());
        let temp = self
            .path
            .with_file_name(format!(".{name}.new-{}", std::process::id()));
        let written = File::create(&temp)
            .and_then(|mut f| {
                f.write_all(index.to_text().as_bytes())?;
                f.sync_all()
            })
            .and_then(|()| fs::rename(&temp, &self.path));
        if let Err(e) = written {
            let _ = fs::remove_file(&temp);
            return Err(io_error(&self.path, &e));
        }
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(|e| io_error(dir, &e))
    }
}
