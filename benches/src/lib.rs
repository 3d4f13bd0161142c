//! What the benchmarks share: where the repository's data is, whatever directory
//! `cargo bench` runs them from.

use std::path::PathBuf;

/// A file of the repository, by its path from the repository's top.
pub fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}
