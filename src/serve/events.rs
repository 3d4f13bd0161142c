//! The push: a server-sent event stream (`text/event-stream`) that carries the whole
//! board, rendered, each time it changes. The page's script puts each one in place.
//!
//! Each stream is a task that waits on the board's watch channel and hands events to
//! the response body through a channel of one: a client that reads slowly or not at
//! all leaves its task waiting (and its connection's write timing out), while the
//! board and every other stream go on. A task that finds the last event still
//! untaken says so (`stalled`), so that a stream whose client does not read is the
//! first closed for a newcomer (`slots.rs`). At most [`MAX_STREAMS`] are open at once;
//! a comment every [`PING`] finds streams whose reader went away.

use std::time::{Duration, Instant};

use hyper::body::Bytes;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::{mpsc, watch};

use super::live::Current;

/// The most event streams open at once: every phone and screen at a table, with room
/// to spare. When all are open, a newcomer takes the place of a stream that does not
/// read, or of one held by the client that holds the most (`slots.rs`); else it is
/// refused with 503 and tries again later.
pub(crate) const MAX_STREAMS: usize = 32;

/// How often a quiet stream sends a comment, so a reader that went away is noticed.
pub(super) const PING: Duration = Duration::from_secs(15);

/// How long a browser waits before reconnecting a dropped stream, in milliseconds.
const RETRY_MS: u32 = 2000;

/// One `board` event: the version as its id, the fragment as its data, one `data:`
/// line per line (a line break of any kind inside a line would end the field early;
/// the board has none, since log texts are escaped, but the framing does not rely on
/// it).
pub(super) fn frame(version: u64, fragment: &str) -> String {
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

/// Feeds one stream: the board now, then the newest board after each change, and a
/// comment when nothing changed for a [`PING`]. Ends when the body is dropped (the
/// client left, stopped reading for longer than the send timeout, or its stream was
/// given up for a newcomer). `stalled` is told when an event finds the last one still
/// untaken (`Some(since)`) and when it is taken after all (`None`).
pub(super) async fn feed(
    out: mpsc::Sender<Bytes>,
    mut board: watch::Receiver<Current>,
    stalled: impl Fn(Option<Instant>),
) {
    let now = board.borrow_and_update().clone();
    let opening = format!(
        "retry: {RETRY_MS}\n\n{}",
        frame(now.version, &now.shown.fragment)
    );
    if !deliver(&out, Bytes::from(opening), &stalled).await {
        return;
    }
    loop {
        let next = match tokio::time::timeout(PING, board.changed()).await {
            Ok(Ok(())) => {
                let now = board.borrow_and_update().clone();
                frame(now.version, &now.shown.fragment)
            }
            // The board is gone: the server is shutting down.
            Ok(Err(_)) => return,
            Err(_) => ": still here\n\n".to_string(),
        };
        if !deliver(&out, Bytes::from(next), &stalled).await {
            return;
        }
    }
}

/// Hands `event` to the body: at once when the client has taken the last one, else
/// waiting for it to, stalled meanwhile. False when the body is gone.
async fn deliver(
    out: &mpsc::Sender<Bytes>,
    event: Bytes,
    stalled: &impl Fn(Option<Instant>),
) -> bool {
    match out.try_send(event) {
        Ok(()) => true,
        Err(TrySendError::Closed(_)) => false,
        Err(TrySendError::Full(event)) => {
            stalled(Some(Instant::now()));
            let sent = out.send(event).await.is_ok();
            stalled(None);
            sent
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::sync::Arc;

    use super::super::live::{Live, Shown};
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

    fn shown(s: &str) -> Shown {
        Shown {
            page: Bytes::new(),
            fragment: s.to_string(),
            title: String::new(),
            card: String::new(),
            standing: None,
        }
    }

    fn text(b: &Bytes) -> String {
        String::from_utf8_lossy(b).into_owned()
    }

    #[test]
    fn a_stuck_client_holds_up_neither_the_board_nor_another_client() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let live = Arc::new(Live::new(PathBuf::from("a.jsonl"), shown("one")));
            // A client that never reads: its channel fills after the first event.
            let (stuck_tx, _stuck_rx) = mpsc::channel(1);
            let marks = Arc::new(std::sync::Mutex::new(Vec::new()));
            let told = Arc::clone(&marks);
            let stuck = tokio::spawn(feed(stuck_tx, live.subscribe(), move |at| {
                told.lock().expect("marks").push(at.is_some());
            }));
            let (tx, mut rx) = mpsc::channel(1);
            let reader = tokio::spawn(feed(tx, live.subscribe(), |_| {}));
            let first = rx.recv().await.expect("the board as it stood");
            assert!(text(&first).starts_with("retry: 2000\n\nid: 1\nevent: board\ndata: one\n"));
            tokio::task::yield_now().await;
            for k in 2..=50 {
                live.publish(shown(&format!("board {k}")));
            }
            let next = rx.recv().await.expect("the newest board");
            assert_eq!(text(&next), "id: 50\nevent: board\ndata: board 50\n\n");
            assert!(!stuck.is_finished(), "the stuck stream waits, alone");
            let told = async {
                while marks.lock().expect("marks").is_empty() {
                    tokio::task::yield_now().await;
                }
            };
            tokio::time::timeout(Duration::from_secs(1), told)
                .await
                .expect("the stuck stream's task ran");
            assert_eq!(
                *marks.lock().expect("marks"),
                [true],
                "and says it is stalled, once"
            );
            drop(rx);
            live.publish(shown("last"));
            tokio::time::timeout(Duration::from_secs(1), reader)
                .await
                .expect("a stream whose client left ends")
                .expect("no panic");
            stuck.abort();
        });
    }
}
