//! What the unit tests and the integration tests share: a temporary directory removed
//! when dropped, and the scoreboard page's standings read back as text.
//!
//! The tests once used the `tempfile` crate; as a dev-dependency it turned on more
//! features of `rustix` than the binary uses, and that made `cargo test` compile the
//! whole library a second time after `cargo run` had built it (17 s of a 44 s test
//! build). A directory named by the process and a counter is all the tests need.

// A module of two crates (the library's unit tests, and the integration tests through
// `#[path]`): its items are public for the second.
#![allow(unreachable_pub)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A fresh directory under the system's temporary directory.
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Makes a new, empty directory, unique to this process and call.
pub(crate) fn tempdir() -> std::io::Result<TempDir> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("umpire-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    std::fs::create_dir_all(&path)?;
    Ok(TempDir(path))
}

#[cfg(test)]
/// The text of the standings table's rows as the widest screen shows them: each row's
/// cells, tags stripped, without the folded columns that only a narrower screen shows
/// (`data-alt`).
pub(crate) fn standings_rows(html: &str) -> Vec<Vec<String>> {
    let Some(start) = html.find("<section class=\"standings\"") else {
        return Vec::new();
    };
    let section = &html[start..];
    let Some(body) = section.find("<tbody>") else {
        return Vec::new();
    };
    let end = section[body..]
        .find("</tbody>")
        .map_or(section.len(), |e| e + body);
    section[body..end]
        .split("<tr")
        .skip(1)
        .map(|row| {
            let cells = row.split_once('>').map_or("", |(_, rest)| rest);
            let mut shown = String::new();
            let mut rest = cells;
            // As the server writes it, or as a browser's DOM writes it back.
            let alt = |r: &str| r.find(" data-alt>").or_else(|| r.find(" data-alt=\"\">"));
            while let Some(at) = alt(rest) {
                let open = rest[..at].rfind("<t").unwrap_or(at);
                shown.push_str(&rest[..open]);
                let close = rest[at..].find("</t").map_or(rest.len(), |c| at + c);
                rest = &rest[close..];
                rest = rest.split_once('>').map_or("", |(_, after)| after);
            }
            shown.push_str(rest);
            shown
                .split(['<', '>'])
                .enumerate()
                .filter(|(i, _)| i % 2 == 0)
                .map(|(_, t)| t.trim().to_string())
                .filter(|t| !t.is_empty())
                .collect()
        })
        .collect()
}

/// A small seeded generator (xorshift64*), so a run is the same every time: the crash
/// test kills at the same points, and one proptest seed plays one whole hand of cards.
#[cfg(test)]
pub(crate) struct Rng(pub(crate) u64);

#[cfg(test)]
impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A Take Two log written by hand for a test: the v1 fixture's header, then each event
/// put with the next entry number, all at one time.
#[cfg(test)]
pub(crate) struct HandLog {
    text: String,
    seq: u64,
}

#[cfg(test)]
impl HandLog {
    pub(crate) fn take_two() -> HandLog {
        let v1 = include_str!("../tests/fixtures/v1/v1-open.jsonl");
        let mut text = v1.lines().next().unwrap_or_default().to_string();
        text.push('\n');
        HandLog { text, seq: 0 }
    }

    /// Appends `event` (an event's JSON) as the next entry; returns its number.
    pub(crate) fn put(&mut self, event: &str) -> u64 {
        self.seq += 1;
        let seq = self.seq;
        self.text.push_str(&format!(
            "{{\"seq\":{seq},\"at\":\"2026-11-22T22:47:04Z\",\"event\":{event}}}\n"
        ));
        seq
    }

    pub(crate) fn text(&self) -> &str {
        &self.text
    }
}
