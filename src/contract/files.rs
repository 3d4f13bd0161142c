//! [`Files`]: what a game's `new` flags named, read by the core so games do no I/O.

use std::path::{Path, PathBuf};

use super::Refusal;

/// The files a game's flags named, read (bounded) before [`Game::setup`] runs.
#[derive(Debug, Clone, Default)]
pub struct Files {
    files: Vec<(PathBuf, String)>,
}

impl Files {
    pub fn new(files: Vec<(PathBuf, String)>) -> Files {
        Files { files }
    }

    /// The text of the file at `path`, as named by a flag.
    pub fn get(&self, path: &Path) -> Result<&str, Refusal> {
        self.files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, text)| text.as_str())
            .ok_or_else(|| Refusal::new(format!("{} was not read", path.display())))
    }
}
