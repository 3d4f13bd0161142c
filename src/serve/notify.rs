//! Being told that the log changed, rather than looking: on Linux, inotify on the log's
//! directory (through `libc`, already a dependency, rather than a crate), so that an
//! entry reaches the page as soon as the prompt has written it. A directory watch sees
//! the log appended to, and replaced, created or removed by name, which a watch on the
//! file itself would lose. Anything else in the directory (another session's log)
//! wakes the watcher too, which then finds its own log unchanged: a `stat`.
//!
//! Notifications are a way to be early, never the only way: the watcher still looks
//! every [`super::watch::POLL`] (network and synced folders may send none), and where
//! there is no inotify it only looks.

use std::path::Path;
use std::time::Duration;

/// A source of "something in the log's directory changed".
pub(super) struct Changes {
    #[cfg(target_os = "linux")]
    inotify: Option<linux::Inotify>,
}

impl Changes {
    /// Watching the directory of `log`; without inotify, a source that only waits.
    pub(super) fn new(log: &Path) -> Changes {
        #[cfg(target_os = "linux")]
        {
            Changes {
                inotify: linux::Inotify::watching(log),
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = log;
            Changes {}
        }
    }

    /// Whether changes are notified at all (else [`Changes::wait`] only sleeps).
    #[cfg(test)]
    pub(super) fn notified(&self) -> bool {
        #[cfg(target_os = "linux")]
        {
            self.inotify.is_some()
        }
        #[cfg(not(target_os = "linux"))]
        {
            false
        }
    }

    /// Waits until something changed or `at_most` has passed, whichever is first.
    pub(super) fn wait(&mut self, at_most: Duration) {
        #[cfg(target_os = "linux")]
        if let Some(inotify) = &self.inotify {
            inotify.wait(at_most);
            return;
        }
        std::thread::sleep(at_most);
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::time::Duration;

    /// An inotify instance watching one directory.
    pub(super) struct Inotify {
        fd: OwnedFd,
    }

    impl Inotify {
        /// Watches the directory `log` is in for anything that changes a file's
        /// contents or which file a name holds.
        pub(super) fn watching(log: &Path) -> Option<Inotify> {
            let dir = match log.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            let mut name = dir.as_os_str().as_bytes().to_vec();
            if name.contains(&0) {
                return None;
            }
            name.push(0);
            // SAFETY: inotify_init1 takes flags only; a non-negative result is a new
            // descriptor, owned from here on.
            let raw = unsafe { libc::inotify_init1(libc::IN_NONBLOCK | libc::IN_CLOEXEC) };
            if raw < 0 {
                return None;
            }
            // SAFETY: `raw` is a descriptor this call just opened and nothing else owns.
            let fd = unsafe { OwnedFd::from_raw_fd(raw) };
            let mask = libc::IN_MODIFY
                | libc::IN_CLOSE_WRITE
                | libc::IN_ATTRIB
                | libc::IN_CREATE
                | libc::IN_DELETE
                | libc::IN_MOVED_FROM
                | libc::IN_MOVED_TO
                | libc::IN_DELETE_SELF
                | libc::IN_MOVE_SELF;
            // SAFETY: `name` is a NUL-terminated path that outlives the call.
            let added =
                unsafe { libc::inotify_add_watch(fd.as_raw_fd(), name.as_ptr().cast(), mask) };
            (added >= 0).then_some(Inotify { fd })
        }

        /// Waits for an event or `at_most`, then takes every event queued, so that the
        /// next wait waits for the next change.
        pub(super) fn wait(&self, at_most: Duration) {
            let mut poll = libc::pollfd {
                fd: self.fd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let ms = i32::try_from(at_most.as_millis()).unwrap_or(i32::MAX);
            // SAFETY: one pollfd, passed with its count; the descriptor is open.
            let ready = unsafe { libc::poll(&mut poll, 1, ms) };
            if ready <= 0 {
                return;
            }
            let mut buf = [0u8; 4096];
            loop {
                // SAFETY: the buffer is writable for its whole length, which is passed;
                // the descriptor is non-blocking, so this returns once the queue is empty.
                let n =
                    unsafe { libc::read(self.fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
                if n <= 0 {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::time::Instant;

    #[test]
    fn a_write_to_the_log_ends_the_wait_at_once_and_silence_lasts_the_whole_wait() {
        let dir = crate::testing::tempdir().expect("temp dir");
        let log = dir.path().join("friday.jsonl");
        std::fs::write(&log, "{}\n").expect("a log");
        let mut changes = Changes::new(&log);
        if !changes.notified() {
            return;
        }
        let started = Instant::now();
        changes.wait(Duration::from_millis(120));
        assert!(
            started.elapsed() >= Duration::from_millis(100),
            "nothing changed"
        );
        let writer = std::thread::spawn({
            let log = log.clone();
            move || {
                std::thread::sleep(Duration::from_millis(50));
                let mut f = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&log)
                    .expect("open");
                f.write_all(b"{\"seq\":1}\n").expect("write");
            }
        });
        let started = Instant::now();
        changes.wait(Duration::from_secs(5));
        let waited = started.elapsed();
        writer.join().expect("writer");
        assert!(
            waited < Duration::from_secs(1),
            "woken by the write: {waited:?}"
        );
    }
}
