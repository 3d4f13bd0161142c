//! Where session logs live and what they are called.

use std::path::{Path, PathBuf};

use crate::contract::Refusal;

/// The environment variable naming the sessions directory.
pub(crate) const ENV: &str = "UMPIRE_SESSIONS";

/// The sessions directory: `--sessions DIR`, else `$UMPIRE_SESSIONS`, else `./sessions`
/// when it exists (a checkout, where the README runs umpire), else the platform's data
/// directory, so an installed binary works from anywhere.
#[cfg(feature = "cli")]
pub(crate) fn resolve(flag: Option<&Path>) -> Result<PathBuf, DirError> {
    if let Some(dir) = flag {
        return Ok(dir.to_path_buf());
    }
    if let Some(dir) = std::env::var_os(ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    let local = Path::new("sessions");
    if local.is_dir() {
        return Ok(local.to_path_buf());
    }
    directories::ProjectDirs::from("", "", "umpire")
        .map(|d| d.data_dir().join("sessions"))
        .ok_or(DirError::NoHome)
}

/// Creates the directory if needed.
pub(crate) fn ensure(dir: &Path) -> Result<(), DirError> {
    std::fs::create_dir_all(dir).map_err(|e| DirError::Unusable {
        dir: dir.display().to_string(),
        detail: e.to_string(),
    })
}

/// Why there is no sessions directory to use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DirError {
    /// No `--sessions`, no environment variable, and no home to make the default under.
    #[error("no home directory to keep sessions in; pass --sessions DIR or set {ENV}")]
    NoHome,
    /// The directory could not be made or is not one.
    #[error("cannot use sessions directory {dir}: {detail}")]
    Unusable {
        /// The directory, as given or found.
        dir: String,
        /// What the system said.
        detail: String,
    },
}

/// Longest session name.
pub(crate) const MAX_NAME: usize = 64;

/// A session name is a plain file name: letters, digits, `-` and `_`, starting with a
/// letter or digit, so it can never climb out of the sessions directory.
pub(crate) fn check_name(name: &str) -> Result<(), Refusal> {
    if crate::contract::is_plain_name(name, MAX_NAME, |c| c.is_ascii_alphanumeric()) {
        Ok(())
    } else {
        Err(Refusal::of(
            crate::contract::Kind::BadName,
            format!(
                "{} is not a session name: use 1 to {MAX_NAME} letters, digits, - or _",
                crate::text::printable(name)
            ),
        ))
    }
}

/// The log file of session `name` (already checked).
pub(crate) fn log_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.jsonl"))
}

/// The names of all logs in `dir`, sorted.
pub(crate) fn names(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".jsonl")?.to_string();
            check_name(&stem).is_ok().then_some(stem)
        })
        .collect();
    names.sort();
    names
}

/// Removes what a `new` killed half-way left behind: `.NAME.jsonl.new-PID` files of a
/// process that no longer runs (a running one may be writing its header right now).
/// Returns the files removed.
pub(crate) fn clear_stale_temps(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix('.')
            .and_then(|n| n.rsplit_once(".jsonl.new-"))
            .and_then(|(_, pid)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !process_runs(pid) && std::fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    removed
}

/// Whether process `pid` is running (on other systems than Unix, assumed so: nothing
/// is removed that might be in use).
fn process_runs(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// A fresh name for a new session of `game`: the game and today's date, with a
/// counter when that is taken.
pub(crate) fn fresh_name(dir: &Path, game: &str, today: &str) -> String {
    let base = format!("{game}-{today}");
    if !log_path(dir, &base).exists() {
        return base;
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|n| !log_path(dir, n).exists())
        .unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_could_escape_the_directory_are_refused() {
        for bad in [
            "",
            "../x",
            "a/b",
            ".hidden",
            "a b",
            "x.jsonl",
            "-x",
            &"a".repeat(65),
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        for good in ["friday", "2026-11-22", "game_2"] {
            assert!(check_name(good).is_ok(), "{good:?}");
        }
    }
}
