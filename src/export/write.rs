//! Writing an export to a file without ever harming a session log: the target is
//! compared with every log by file identity (a link, a symlink or another spelling of
//! the path is still the log), and the text is written to a temporary file that is
//! renamed into place, so a failed write leaves the old file whole.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use same_file::Handle;

/// Why an export was not written; whatever was at the target is as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// The target is a `.jsonl` file in the sessions directory, where logs live.
    #[error(
        "{target} would be a session log: export to a file that does not end in .jsonl, or outside {dir}"
    )]
    LogName {
        /// The file the export was to go to.
        target: String,
        /// The sessions directory.
        dir: String,
    },
    /// The target exists but cannot be opened to check that it is not a log.
    #[error("cannot write {target}: it cannot be opened to compare")]
    Uncomparable {
        /// The file the export was to go to.
        target: String,
    },
    /// The target is a log under another name (a link, a symlink, another spelling).
    #[error("{target} is the session log {log}: an export never overwrites a log")]
    IsLog {
        /// The file the export was to go to.
        target: String,
        /// The log it turned out to be.
        log: String,
    },
    /// The target is a directory.
    #[error("cannot write {target}: it is a directory")]
    Directory {
        /// The path the export was to go to.
        target: String,
    },
    /// Writing the temporary file or renaming it into place failed.
    #[error("cannot write {target}: {detail}")]
    Io {
        /// The file the export was to go to.
        target: String,
        /// What the system said.
        detail: String,
    },
}

/// Writes `text` to `target`, refusing a target that is a session log in
/// `sessions` (the directory of the session being exported). A session's exports are
/// written as they are made ([`export_with`]); a room's night, a few lines a player,
/// is written whole.
pub(crate) fn export_file(
    target: &Path,
    text: &str,
    sessions: Option<&Path>,
) -> Result<(), WriteError> {
    export_with(target, sessions, |f| {
        f.write_all(text.as_bytes())
            .map(|()| Ok(text.ends_with('\n')))
    })
    .and_then(|made: Result<(), WriteError>| made)
}

/// [`export_file`] of what `fill` writes as it makes it (it says whether that ends
/// with a line end, or why it could not be made, which is returned as it is; the
/// target is then as it was).
pub(crate) fn export_with<E>(
    target: &Path,
    sessions: Option<&Path>,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<Result<bool, E>>,
) -> Result<Result<(), E>, WriteError> {
    let shown = target.display();
    if let Some(dir) = sessions {
        if is_log_name(target) && same_dir(target, dir) {
            return Err(WriteError::LogName {
                target: shown.to_string(),
                dir: dir.display().to_string(),
            });
        }
        if target.exists() {
            let Ok(there) = Handle::from_path(target) else {
                return Err(WriteError::Uncomparable {
                    target: shown.to_string(),
                });
            };
            for log in logs(dir) {
                if Handle::from_path(&log).is_ok_and(|h| h == there) {
                    return Err(WriteError::IsLog {
                        target: shown.to_string(),
                        log: log.display().to_string(),
                    });
                }
            }
        }
    }
    if target.is_dir() {
        return Err(WriteError::Directory {
            target: shown.to_string(),
        });
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = target
        .file_name()
        .map_or_else(|| "export".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{file_name}.umpire-{}.tmp", std::process::id()));
    let written = File::create(&temp).and_then(|f| {
        let mut w = std::io::BufWriter::new(f);
        let made = match fill(&mut w)? {
            // A text file ends with a line end, as the same export printed to the
            // screen does.
            Ok(ends) => Ok(w.write_all(if ends { b"" } else { b"\n" })),
            Err(e) => Err(e),
        };
        let f = w
            .into_inner()
            .map_err(std::io::IntoInnerError::into_error)?;
        match made {
            Ok(end) => {
                end.and_then(|()| f.sync_all())
                    .and_then(|()| fs::rename(&temp, target))?;
                Ok(Ok(()))
            }
            Err(e) => Ok(Err(e)),
        }
    });
    match written {
        Ok(Ok(())) => Ok(Ok(())),
        Ok(Err(e)) => {
            let _ = fs::remove_file(&temp);
            Ok(Err(e))
        }
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(WriteError::Io {
                target: shown.to_string(),
                detail: e.to_string(),
            })
        }
    }
}

fn is_log_name(p: &Path) -> bool {
    p.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl"))
}

fn same_dir(target: &Path, dir: &Path) -> bool {
    let parent = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (parent.canonicalize(), dir.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Every `.jsonl` file in `dir`.
fn logs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| is_log_name(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_onto_a_log_by_any_path_is_refused_and_the_log_is_unchanged() {
        let dir = crate::testing::tempdir().expect("dir");
        let sessions = dir.path().join("sessions");
        fs::create_dir(&sessions).expect("mkdir");
        let log = sessions.join("t1.jsonl");
        fs::write(&log, "{\"umpire\":1}\n").expect("log");
        let e = export_file(&log, "csv", Some(&sessions)).expect_err("the log itself");
        assert!(e.to_string().contains("session log"), "{e}");
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink(&log, &link).expect("symlink");
        let e = export_file(&link, "csv", Some(&sessions)).expect_err("a link to it");
        assert!(e.to_string().contains("is the session log"), "{e}");
        let hard = dir.path().join("hard.csv");
        fs::hard_link(&log, &hard).expect("hard link");
        assert!(export_file(&hard, "csv", Some(&sessions)).is_err());
        assert_eq!(fs::read_to_string(&log).expect("log"), "{\"umpire\":1}\n");
    }

    #[test]
    fn an_export_replaces_a_plain_file_whole() {
        let dir = crate::testing::tempdir().expect("dir");
        let target = dir.path().join("night.csv");
        fs::write(&target, "old, longer contents").expect("old");
        export_file(&target, "new", Some(dir.path())).expect("writes");
        // A text file ends with a line end; one already there is not doubled.
        assert_eq!(fs::read_to_string(&target).expect("reads"), "new\n");
        export_file(&target, "newer\n", Some(dir.path())).expect("writes");
        assert_eq!(fs::read_to_string(&target).expect("reads"), "newer\n");
        let leftovers = fs::read_dir(dir.path()).expect("dir").count();
        assert_eq!(leftovers, 1, "no temporary file is left behind");
    }
}
