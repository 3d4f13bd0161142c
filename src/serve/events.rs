//! The push: a server-sent event stream (`text/event-stream`) that carries the whole
//! board, rendered, each time it changes. The page's script puts each one in place.
//!
//! Each stream is a task that waits on the board's watch channel and hands events to
//! the response body through a channel of one: a client that reads slowly or not at
//! all leaves its task waiting (and its connection's write timing out), while the
//! board and every other stream go on. At most [`MAX_STREAMS`] are open at once; a
//! comment every [`PING`] finds streams whose reader went away.

use std::time::Duration;

use hyper::body::Bytes;
use tokio::sync::{mpsc, watch};

use super::live::Current;

/// The most event streams open at once: every phone and screen at a table, with room
/// to spare. One more is refused with 503 and tries again later.
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
/// client left, or stopped reading for longer than the send timeout).
pub(super) async fn feed(out: mpsc::Sender<Bytes>, mut board: watch::Receiver<Current>) {
    let now = board.borrow_and_update().clone();
    let opening = format!(
        "retry: {RETRY_MS}\n\n{}",
        frame(now.version, &now.shown.fragment)
    );
    if out.send(Bytes::from(opening)).await.is_err() {
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
        if out.send(Bytes::from(next)).await.is_err() {
            return;
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
            let stuck = tokio::spawn(feed(stuck_tx, live.subscribe()));
            let (tx, mut rx) = mpsc::channel(1);
            let reader = tokio::spawn(feed(tx, live.subscribe()));
            let first = rx.recv().await.expect("the board as it stood");
            assert!(text(&first).starts_with("retry: 2000\n\nid: 1\nevent: board\ndata: one\n"));
            tokio::task::yield_now().await;
            for k in 2..=50 {
                live.publish(shown(&format!("board {k}")));
            }
            let next = rx.recv().await.expect("the newest board");
            assert_eq!(text(&next), "id: 50\nevent: board\ndata: board 50\n\n");
            assert!(!stuck.is_finished(), "the stuck stream waits, alone");
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
