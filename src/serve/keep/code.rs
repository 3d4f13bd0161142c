//! The scorekeeper's code: the only key of the link, one a session. 128 bits from the
//! operating system's random source, compared in constant time, never shown on the
//! watch page, never written to the log or an export. It is kept beside its session's
//! log (`.NAME.keep-code`, readable by its owner only) so that a restarted scorekeeper
//! keeps the link the phones have, and a link opens only the session it was made for.
//!
//! Earlier versions kept one code for the whole folder (`.keep-code`), which opened
//! every session served from it; that file is removed when a link is made, so its
//! code opens nothing.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The folder's one code of earlier versions, which opened every session in it.
pub(crate) const FOLDER_CODE_FILE: &str = ".keep-code";

/// Where the code of the session logged at `log` is kept in the sessions folder `dir`
/// (the log's own): `.NAME.keep-code`, hidden, as the folder's other files of umpire's
/// own are.
pub(crate) fn file_for(dir: &Path, log: &Path) -> PathBuf {
    let name = log
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    dir.join(format!(".{name}.keep-code"))
}

/// Removes the folder's one code of earlier versions from the sessions folder `dir`, so
/// no code there opens more than one session. True when there was one.
pub(crate) fn forget_folder_code(dir: &Path) -> bool {
    std::fs::remove_file(dir.join(FOLDER_CODE_FILE)).is_ok()
}

/// The secret of the scorekeeper's link.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Code(String);

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Code(...)")
    }
}

/// Why the scorekeeper's code could not be made or kept.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CodeError {
    #[error("no random numbers from the operating system: {0}")]
    Random(String),
    #[error("cannot keep the scorekeeper's code in {path}: {detail}")]
    File { path: String, detail: String },
    #[error("no session is open, so there is no scorekeeper's link: open one first")]
    NoSession,
}

impl Code {
    /// A fresh code: 16 bytes (128 bits) from the operating system, as 32 hex digits.
    pub(crate) fn fresh() -> Result<Code, CodeError> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|e| CodeError::Random(e.to_string()))?;
        Ok(Code(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// The code kept in `file`, or a fresh one (kept there) when there is none, it is
    /// not a code, or `new` asks for one.
    pub(crate) fn kept(file: &Path, new: bool) -> Result<Code, CodeError> {
        if !new
            && let Ok(text) = std::fs::read_to_string(file)
            && let Some(code) = Code::parse(text.trim())
        {
            return Ok(code);
        }
        let code = Code::fresh()?;
        code.keep(file)?;
        Ok(code)
    }

    fn parse(text: &str) -> Option<Code> {
        (text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Code(text.to_ascii_lowercase()))
    }

    /// Writes the code to `file`, readable and writable by its owner only: whole in a
    /// file of its own first, then put in place by a rename, so that no reader ever
    /// finds the file missing or half-written.
    pub(crate) fn keep(&self, file: &Path) -> Result<(), CodeError> {
        let failed = |e: std::io::Error| CodeError::File {
            path: file.display().to_string(),
            detail: e.to_string(),
        };
        let mut temp = file.as_os_str().to_owned();
        temp.push(format!(".new-{}", std::process::id()));
        let temp = PathBuf::from(temp);
        let _ = std::fs::remove_file(&temp);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let written = options.open(&temp).and_then(|mut f| {
            f.write_all(self.0.as_bytes())?;
            f.sync_all()
        });
        let placed = written.and_then(|()| std::fs::rename(&temp, file));
        if placed.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        placed.map_err(failed)
    }

    /// The code as it goes in the link.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// A short name for a desk (64 bits of a fresh code).
    pub(crate) fn short(&self) -> String {
        self.0[..16].to_string()
    }

    /// `given` is this code: compared in constant time, so how long a wrong code takes
    /// to refuse says nothing of how much of it was right.
    pub(crate) fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        let mut diff = a.len() ^ b.len();
        for (i, x) in a.iter().enumerate() {
            diff |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
        }
        diff == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_128_bits_of_hex_and_only_itself_matches() {
        let a = Code::fresh().expect("random");
        let b = Code::fresh().expect("random");
        assert_eq!(a.as_str().len(), 32);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b, "two codes differ");
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(b.as_str()));
        assert!(!a.matches(&a.as_str()[..31]), "a prefix is not the code");
        assert!(!a.matches(&format!("{}0", a.as_str())), "nor a longer one");
        assert!(!a.matches(""));
    }

    #[test]
    fn each_session_s_code_is_kept_beside_its_own_log() {
        let dir = Path::new("/tmp/sessions");
        let log = dir.join("friday.jsonl");
        assert_eq!(
            file_for(dir, &log),
            PathBuf::from("/tmp/sessions/.friday.keep-code")
        );
        assert_ne!(
            file_for(dir, &log),
            file_for(dir, &dir.join("saturday.jsonl"))
        );
    }

    #[test]
    fn a_kept_code_is_read_back_and_a_new_one_replaces_it_readable_by_its_owner_only() {
        let dir = crate::testing::tempdir().expect("dir");
        let file = file_for(dir.path(), &dir.path().join("friday.jsonl"));
        let first = Code::kept(&file, false).expect("made");
        assert_eq!(Code::kept(&file, false).expect("read"), first);
        let second = Code::kept(&file, true).expect("new");
        assert_ne!(second, first);
        assert_eq!(
            std::fs::read_to_string(&file).expect("kept"),
            second.as_str()
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        // Nothing but the code is left in the folder.
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .expect("dir")
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .collect();
        assert_eq!(names, [".friday.keep-code"]);
        std::fs::write(&file, "not a code").expect("spoilt");
        assert_ne!(Code::kept(&file, false).expect("remade"), second);
    }

    #[test]
    fn the_folder_s_one_code_of_earlier_versions_is_forgotten() {
        let dir = crate::testing::tempdir().expect("dir");
        let old = dir.path().join(FOLDER_CODE_FILE);
        std::fs::write(&old, "0123456789abcdef0123456789abcdef").expect("old code");
        assert!(forget_folder_code(dir.path()));
        assert!(!old.exists());
        assert!(
            !forget_folder_code(dir.path()),
            "once gone, nothing to forget"
        );
    }
}
