//! The push: a server-sent event stream (`text/event-stream`) that carries the whole
//! board, rendered, each time it changes. The page's script puts each one in place.
//!
//! Each stream has its own thread and waits on [`Live`]; it writes outside the lock,
//! so a client that reads slowly or not at all stalls only its own stream, and a write
//! that cannot go out within the socket's send timeout ends it. At most [`MAX_STREAMS`]
//! are open at once; a comment line every [`PING`] finds streams whose reader left.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::live::Live;

/// The most event streams open at once: every phone and screen at a table, with room
/// to spare. One more is refused with 503 and tries again later.
pub const MAX_STREAMS: usize = 32;

/// How often a quiet stream sends a comment, so a reader that went away is noticed.
pub const PING: Duration = Duration::from_secs(15);

/// How long a browser waits before reconnecting a dropped stream, in milliseconds.
const RETRY_MS: u32 = 2000;

/// The response head of a stream, written by hand because the stream is the raw
/// connection: the server crate would buffer a body of unknown length instead of
/// sending each event as it comes. The body runs until the connection closes.
const HEAD: &str = "HTTP/1.1 200 OK\r\n\
Content-Type: text/event-stream; charset=utf-8\r\n\
Cache-Control: no-store\r\n\
X-Content-Type-Options: nosniff\r\n\
Connection: close\r\n\r\n";

/// One `board` event: the version as its id, the fragment as its data, one `data:`
/// line per line (a line break of any kind inside a line would end the field early;
/// the board has none, since log texts are escaped, but the framing does not rely on
/// it).
pub fn frame(version: u64, fragment: &str) -> String {
    let mut out = String::with_capacity(fragment.len() + 64);
    out.push_str(&format!("id: {version}\nevent: board\n"));
    for line in fragment.split(['\n', '\r']) {
        out.push_str("data: ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    out
}

/// A counter of things open at once (event streams, requests being answered).
pub struct Slots {
    open: AtomicUsize,
    max: usize,
}

/// One slot taken; given back when dropped.
pub struct Slot(Arc<Slots>);

impl Slots {
    pub fn new(max: usize) -> Arc<Slots> {
        Arc::new(Slots {
            open: AtomicUsize::new(0),
            max,
        })
    }

    /// A slot, or `None` when all are taken.
    pub fn take(slots: &Arc<Slots>) -> Option<Slot> {
        slots
            .open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < slots.max).then_some(n + 1)
            })
            .ok()
            .map(|_| Slot(Arc::clone(slots)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Sends the board now, then every new one, until the reader goes away or a write
/// fails (the send timeout included).
pub fn stream(out: &mut dyn Write, live: &Live) -> io::Result<()> {
    out.write_all(HEAD.as_bytes())?;
    out.write_all(format!("retry: {RETRY_MS}\n\n").as_bytes())?;
    let (mut seen, shown) = live.now();
    out.write_all(frame(seen, &shown.fragment).as_bytes())?;
    out.flush()?;
    drop(shown);
    loop {
        match live.newer_than(seen, PING) {
            Some((version, shown)) => {
                seen = version;
                out.write_all(frame(version, &shown.fragment).as_bytes())?;
            }
            None => out.write_all(b": still here\n\n")?,
        }
        out.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_board_is_its_own_data_field_and_a_blank_line_ends_the_event() {
        assert_eq!(
            frame(7, "<p>a</p>\n<p>b</p>"),
            "id: 7\nevent: board\ndata: <p>a</p>\ndata: <p>b</p>\n\n"
        );
        assert_eq!(
            frame(1, "a\rb"),
            "id: 1\nevent: board\ndata: a\ndata: b\n\n"
        );
    }

    /// A client that never reads: its first write blocks until the test ends.
    struct Stuck(std::sync::mpsc::Receiver<()>);

    impl Write for Stuck {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            let _ = self.0.recv();
            Err(io::Error::other("released"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A client that reads two boards, saying when it has the first, and then leaves.
    struct Reader(Vec<u8>, std::sync::mpsc::Sender<()>);

    impl Write for Reader {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.extend_from_slice(b);
            match self.0.windows(6).filter(|w| w == b"event:").count() {
                0 => Ok(b.len()),
                1 => {
                    let _ = self.1.send(());
                    Ok(b.len())
                }
                _ => Err(io::Error::other("left")),
            }
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_stuck_client_holds_up_neither_the_watcher_nor_another_client() {
        use super::super::live::Shown;
        let shown = |s: &str| Shown {
            page: String::new(),
            fragment: s.to_string(),
        };
        let live = Arc::new(Live::new("a.jsonl".into(), shown("one")));
        let (release, held) = std::sync::mpsc::channel();
        let stuck_live = Arc::clone(&live);
        let stuck = std::thread::spawn(move || stream(&mut Stuck(held), &stuck_live));
        let reader_live = Arc::clone(&live);
        let (has_first, first) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut r = Reader(Vec::new(), has_first);
            let _ = stream(&mut r, &reader_live);
            r.0
        });
        first
            .recv_timeout(Duration::from_secs(5))
            .expect("the reader has the board as it stood");
        let started = std::time::Instant::now();
        for k in 0..50 {
            live.publish(shown(&format!("board {k}")));
        }
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "publishing never waits"
        );
        let got = String::from_utf8(reader.join().expect("reader")).expect("utf-8");
        assert!(got.contains("event: board\ndata: one"), "{got}");
        assert_eq!(got.matches("event: board").count(), 2, "{got}");
        drop(release);
        assert!(stuck.join().expect("stuck").is_err());
    }

    #[test]
    fn slots_run_out_at_their_bound_and_come_back_when_dropped() {
        let slots = Slots::new(2);
        let a = Slots::take(&slots).expect("first");
        let b = Slots::take(&slots).expect("second");
        assert!(Slots::take(&slots).is_none());
        drop(a);
        let c = Slots::take(&slots).expect("a slot given back");
        assert!(Slots::take(&slots).is_none());
        drop(c);
        drop(b);
    }
}
