//! The board as it stands, shared between the thread that watches the log and every
//! request: one value with a version number, replaced whole on each change, in a
//! `tokio::sync::watch` channel. Publishing never waits for anyone: a stream that is
//! behind simply finds the newest board when it next looks, so a slow client holds up
//! neither the watcher nor another client.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::watch;

use crate::lexicon::Rules;

/// One rendering of the board: the whole page for a plain fetch, the part inside
/// `<main>` for the event stream, and the page's title (for the page a word check
/// answers without JavaScript).
#[derive(Debug)]
pub(super) struct Shown {
    pub(crate) page: hyper::body::Bytes,
    pub(crate) fragment: String,
    pub(crate) title: String,
    /// The table's card on a room's page (`room.rs`); empty for a room's own page.
    pub(crate) card: String,
    /// The game's title, the session and its standings, for a room's night; `None`
    /// for a room's own page.
    pub(crate) standing: Option<(String, String, crate::contract::Standings)>,
}

impl Shown {
    /// Nothing yet: what a server shows until its first board is read (it answers no
    /// request before then).
    pub(super) fn nothing() -> Shown {
        Shown {
            page: hyper::body::Bytes::new(),
            fragment: String::new(),
            title: String::new(),
            card: String::new(),
            standing: None,
        }
    }
}

/// The board now and its version (counting changes from 1).
#[derive(Debug, Clone)]
pub(super) struct Current {
    pub(crate) version: u64,
    pub(crate) shown: Arc<Shown>,
}

/// The board, its version and the log it comes from.
pub(super) struct Live {
    board: watch::Sender<Current>,
    /// The log being shown (the prompt's `serve` follows the open session).
    target: Mutex<PathBuf>,
    /// The shown session's word rules, for the word check; `None` when its game
    /// judges no words.
    rules: Mutex<Option<Arc<Rules>>>,
    /// The scoreboard was stopped: the watcher leaves at its next look.
    stopped: std::sync::atomic::AtomicBool,
    /// Rung on every new board: the room's page, when this is one of its tables.
    bell: Mutex<Option<Arc<watch::Sender<u64>>>>,
}

impl Live {
    pub(super) fn new(target: PathBuf, shown: Shown) -> Live {
        let (board, _) = watch::channel(Current {
            version: 1,
            shown: Arc::new(shown),
        });
        Live {
            board,
            target: Mutex::new(target),
            rules: Mutex::new(None),
            stopped: std::sync::atomic::AtomicBool::new(false),
            bell: Mutex::new(None),
        }
    }

    /// Rings `bell` on every new board from now on (a room's page following its
    /// tables), and once now.
    pub(super) fn ring(&self, bell: Arc<watch::Sender<u64>>) {
        bell.send_modify(|n| *n = n.wrapping_add(1));
        *self.bell.lock().unwrap_or_else(PoisonError::into_inner) = Some(bell);
    }

    fn rung(&self) {
        if let Some(bell) = self
            .bell
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
        {
            bell.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Stops the watcher (within a look).
    pub(super) fn stop(&self) {
        self.stopped
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// The scoreboard was stopped.
    pub(super) fn stopped(&self) -> bool {
        self.stopped.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The word rules a word check judges by now.
    pub(super) fn rules(&self) -> Option<Arc<Rules>> {
        self.rules
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Sets the word rules of the session shown (another session's, or none).
    pub(super) fn set_rules(&self, rules: Option<Rules>) {
        let mut now = self.rules.lock().unwrap_or_else(PoisonError::into_inner);
        if now.as_deref() != rules.as_ref() {
            *now = rules.map(Arc::new);
        }
    }

    /// The board now.
    pub(super) fn now(&self) -> Current {
        self.board.borrow().clone()
    }

    /// Every board from now on, for an event stream.
    pub(super) fn subscribe(&self) -> watch::Receiver<Current> {
        self.board.subscribe()
    }

    /// Replaces the board when it differs from the one shown, waking the streams.
    pub(super) fn publish(&self, shown: Shown) {
        let changed = self.board.send_if_modified(|c| {
            // The page is the fragment wrapped with the session's title, which the
            // fragment carries too: the same fragment is the same page.
            if c.shown.fragment == shown.fragment {
                return false;
            }
            c.version = c.version.saturating_add(1);
            c.shown = Arc::new(shown);
            true
        });
        if changed {
            self.rung();
        }
    }

    /// Sends the board again as a new version, unchanged: every page looks again at
    /// what it was given (a scorekeeper's page finds its link's code replaced).
    pub(super) fn nudge(&self) {
        self.board
            .send_modify(|c| c.version = c.version.saturating_add(1));
    }

    /// The log being shown. A panic elsewhere cannot leave a path half-written, so a
    /// poisoned lock is still good to read.
    pub(super) fn target(&self) -> PathBuf {
        self.target
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Shows another log from now on (the watcher reads it at its next look).
    pub(super) fn follow(&self, path: &Path) {
        let mut target = self.target.lock().unwrap_or_else(PoisonError::into_inner);
        if *target != path {
            *target = path.to_path_buf();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(s: &str) -> Shown {
        Shown {
            page: hyper::body::Bytes::from(format!("<main>{s}</main>")),
            fragment: s.to_string(),
            title: String::new(),
            card: String::new(),
            standing: None,
        }
    }

    #[test]
    fn a_stream_that_looks_late_finds_only_the_newest_board() {
        let live = Live::new(PathBuf::from("a.jsonl"), shown("one"));
        let mut stream = live.subscribe();
        assert!(!stream.has_changed().expect("open"));
        live.publish(shown("two"));
        live.publish(shown("three"));
        assert!(stream.has_changed().expect("open"));
        let now = stream.borrow_and_update().clone();
        assert_eq!((now.version, now.shown.fragment.as_str()), (3, "three"));
        assert!(!stream.has_changed().expect("open"));
    }

    #[test]
    fn an_unchanged_board_is_not_a_new_version() {
        let live = Live::new(PathBuf::from("a.jsonl"), shown("one"));
        let stream = live.subscribe();
        live.publish(shown("one"));
        assert_eq!(live.now().version, 1);
        assert!(!stream.has_changed().expect("open"));
    }

    #[test]
    fn a_nudge_sends_the_same_board_again_as_a_new_version() {
        let live = Live::new(PathBuf::from("a.jsonl"), shown("one"));
        let mut stream = live.subscribe();
        live.nudge();
        assert!(stream.has_changed().expect("open"));
        let now = stream.borrow_and_update().clone();
        assert_eq!((now.version, now.shown.fragment.as_str()), (2, "one"));
    }

    #[test]
    fn following_another_log_changes_the_target() {
        let live = Live::new(PathBuf::from("a.jsonl"), shown("one"));
        live.follow(Path::new("b.jsonl"));
        assert_eq!(live.target(), PathBuf::from("b.jsonl"));
    }
}
