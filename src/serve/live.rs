//! The board as it stands, shared between the thread that watches the log and every
//! request: one value with a version number, replaced whole on each change. Readers
//! take a reference and let go of the lock before writing to anyone, so a slow client
//! never holds up the watcher or another client.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// One rendering of the board: the whole page for a plain fetch, and the part inside
/// `<main>` for the event stream.
#[derive(Debug)]
pub struct Shown {
    pub page: String,
    pub fragment: String,
}

struct Current {
    /// Counts changes from 1; an event stream sends every version it has not sent.
    version: u64,
    shown: Arc<Shown>,
    /// The log being shown (the prompt's `serve` follows the open session).
    target: PathBuf,
}

/// The board, its version and the log it comes from.
pub struct Live {
    current: Mutex<Current>,
    changed: Condvar,
}

impl Live {
    pub fn new(target: PathBuf, shown: Shown) -> Live {
        Live {
            current: Mutex::new(Current {
                version: 1,
                shown: Arc::new(shown),
                target,
            }),
            changed: Condvar::new(),
        }
    }

    /// A panic elsewhere cannot leave the board half-written (it is replaced whole),
    /// so a poisoned lock is still good to read.
    fn lock(&self) -> MutexGuard<'_, Current> {
        self.current.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The version and the board now.
    pub fn now(&self) -> (u64, Arc<Shown>) {
        let c = self.lock();
        (c.version, Arc::clone(&c.shown))
    }

    /// Replaces the board when it differs from the one shown, and wakes the streams.
    pub fn publish(&self, shown: Shown) {
        let mut c = self.lock();
        if c.shown.fragment == shown.fragment && c.shown.page == shown.page {
            return;
        }
        c.version = c.version.saturating_add(1);
        c.shown = Arc::new(shown);
        drop(c);
        self.changed.notify_all();
    }

    /// The log being shown.
    pub fn target(&self) -> PathBuf {
        self.lock().target.clone()
    }

    /// Shows another log from now on (the watcher reads it at its next look).
    pub fn follow(&self, path: &Path) {
        let mut c = self.lock();
        if c.target != path {
            c.target = path.to_path_buf();
        }
    }

    /// Waits up to `timeout` for a version after `seen`: the newest one, or `None`
    /// when nothing changed in that time. Versions in between are skipped: a stream
    /// only ever needs the latest board.
    pub fn newer_than(&self, seen: u64, timeout: Duration) -> Option<(u64, Arc<Shown>)> {
        let deadline = Instant::now() + timeout;
        let mut c = self.lock();
        while c.version <= seen {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            c = self
                .changed
                .wait_timeout(c, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        Some((c.version, Arc::clone(&c.shown)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(s: &str) -> Shown {
        Shown {
            page: format!("<main>{s}</main>"),
            fragment: s.to_string(),
        }
    }

    #[test]
    fn a_waiting_stream_wakes_with_the_newest_board_and_skips_the_ones_between() {
        let live = Arc::new(Live::new(PathBuf::from("a.jsonl"), shown("one")));
        let (v, _) = live.now();
        let writer = Arc::clone(&live);
        let t = std::thread::spawn(move || {
            writer.publish(shown("two"));
            writer.publish(shown("three"));
        });
        t.join().expect("publisher");
        let (newer, board) = live
            .newer_than(v, Duration::from_secs(1))
            .expect("a newer board");
        assert_eq!(newer, v + 2);
        assert_eq!(board.fragment, "three");
    }

    #[test]
    fn an_unchanged_board_is_not_a_new_version_and_waiting_for_one_times_out() {
        let live = Live::new(PathBuf::from("a.jsonl"), shown("one"));
        live.publish(shown("one"));
        let (v, _) = live.now();
        assert_eq!(v, 1);
        assert!(live.newer_than(v, Duration::from_millis(30)).is_none());
    }
}
