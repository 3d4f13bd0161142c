//! A connection that gives up on a client that stops reading: a write that makes no
//! progress for the send timeout fails, and the server closes that connection (an
//! event stream to a stuck phone included). Until the client's first byte, a read
//! fails too when the first-byte timeout passes; after it, reads are bounded by the
//! server's request-head timeout. At any time, reads and writes fail once the
//! connection is closed to make room for another (see `slots.rs`): a silent one, a
//! slow request head, or an event stream given up for a newcomer.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::time::Sleep;

use super::slots::Slot;

/// A TCP connection whose writes time out, whose first byte is waited for only so
/// long, and which the server can close to make room.
pub(super) struct Timed {
    io: TcpStream,
    limit: Duration,
    /// Running while a write waits for the client.
    stalled: Option<Pin<Box<Sleep>>>,
    /// Until the first byte arrives: how long the client may stay silent.
    silent: Option<Pin<Box<Sleep>>>,
    /// Fires when the connection is closed to make room; `None` once it cannot any
    /// more (its slot is gone).
    closed: Option<oneshot::Receiver<()>>,
    /// Why it ended early: every later read and write fails the same way (the signal
    /// that closed it cannot be asked twice).
    ended: Option<io::ErrorKind>,
    /// Its place among the server's connections, held as long as it is open.
    slot: Option<Slot>,
}

impl Timed {
    pub(super) fn new(io: TcpStream, limit: Duration) -> Timed {
        Timed {
            io,
            limit,
            stalled: None,
            silent: None,
            closed: None,
            ended: None,
            slot: None,
        }
    }

    /// Holds `slot` for as long as the connection is open, ends the connection if no
    /// byte arrives `within` that long, and whenever `closed` fires.
    pub(super) fn holding(
        mut self,
        slot: Slot,
        within: Duration,
        closed: oneshot::Receiver<()>,
    ) -> Timed {
        self.slot = Some(slot);
        self.silent = Some(Box::pin(tokio::time::sleep(within)));
        self.closed = Some(closed);
        self
    }

    /// Why the connection has ended, if it has: it ended before, or it was closed to
    /// make room just now. Waits for the signal otherwise.
    fn ended(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        if let Some(kind) = self.ended {
            return Some(kind.into());
        }
        let closed = self.closed.as_mut()?;
        match Pin::new(closed).poll(cx) {
            Poll::Ready(Ok(())) => {
                self.closed = None;
                self.ended = Some(io::ErrorKind::ConnectionAborted);
                Some(io::Error::new(
                    io::ErrorKind::ConnectionAborted,
                    "closed to make room for a new client",
                ))
            }
            // The slot is gone without a word: nothing can close it any more.
            Poll::Ready(Err(_)) => {
                self.closed = None;
                None
            }
            Poll::Pending => None,
        }
    }

    /// A write that is waiting starts (or keeps) the clock; one that went anywhere
    /// stops it; one that waited too long fails.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        result: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match result {
            Poll::Pending => {
                let limit = self.limit;
                let clock = self
                    .stalled
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
                match clock.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the client stopped reading",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
            done => {
                self.stalled = None;
                done
            }
        }
    }
}

impl AsyncRead for Timed {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some(e) = this.ended(cx) {
            return Poll::Ready(Err(e));
        }
        let before = buf.filled().len();
        // The socket before the clock: a byte that has arrived counts even if the
        // first-byte time ran out.
        let result = Pin::new(&mut this.io).poll_read(cx, buf);
        match result {
            Poll::Ready(Ok(())) if buf.filled().len() > before => {
                if this.silent.take().is_some()
                    && let Some(slot) = &this.slot
                {
                    slot.begun();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending => {
                let out_of_time = this
                    .silent
                    .as_mut()
                    .is_some_and(|deadline| deadline.as_mut().poll(cx).is_ready());
                if !out_of_time {
                    return Poll::Pending;
                }
                this.silent = None;
                this.ended = Some(io::ErrorKind::TimedOut);
                Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the client sent nothing",
                )))
            }
            // The end of the stream or an error: the connection ends either way.
            done => done,
        }
    }
}

impl AsyncWrite for Timed {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if let Some(e) = this.ended(cx) {
            return Poll::Ready(Err(e));
        }
        let result = Pin::new(&mut this.io).poll_write(cx, buf);
        this.watch(cx, result)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if let Some(e) = this.ended(cx) {
            return Poll::Ready(Err(e));
        }
        let result = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.watch(cx, result)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some(e) = this.ended(cx) {
            return Poll::Ready(Err(e));
        }
        let result = Pin::new(&mut this.io).poll_flush(cx);
        this.watch(cx, result)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_to_a_client_that_never_reads_fails_after_the_limit() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind");
            let addr = listener.local_addr().expect("addr");
            let _client = TcpStream::connect(addr).await.expect("connect");
            let (server, _) = listener.accept().await.expect("accept");
            let mut timed = Timed::new(server, Duration::from_millis(300));
            let chunk = vec![b'x'; 1 << 16];
            let started = std::time::Instant::now();
            let mut failed = None;
            // Bounded: the socket buffers fill within a few hundred chunks.
            for _ in 0..100_000 {
                let wrote =
                    std::future::poll_fn(|cx| Pin::new(&mut timed).poll_write(cx, &chunk)).await;
                if let Err(e) = wrote {
                    failed = Some(e);
                    break;
                }
            }
            let e = failed.expect("the write gave up");
            assert_eq!(e.kind(), io::ErrorKind::TimedOut);
            assert!(started.elapsed() < Duration::from_secs(10));
        });
    }

    #[test]
    fn a_connection_ends_when_silent_past_its_deadline_and_whenever_it_is_closed_for_room() {
        /// One read: how many bytes it gave.
        async fn read(timed: &mut Timed) -> io::Result<usize> {
            let mut byte = [0u8; 1];
            std::future::poll_fn(|cx| {
                let mut buf = ReadBuf::new(&mut byte);
                Pin::new(&mut *timed)
                    .poll_read(cx, &mut buf)
                    .map_ok(|()| buf.filled().len())
            })
            .await
        }

        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind");
            let addr = listener.local_addr().expect("addr");
            let slots = super::super::slots::Slots::new(8, 8, 8);
            let open = || async {
                let client = TcpStream::connect(addr).await.expect("connect");
                let (server, _) = listener.accept().await.expect("accept");
                let slot = slots
                    .admit(addr.ip(), std::time::Instant::now())
                    .expect("room")
                    .slot;
                let (close, closed) = oneshot::channel();
                (client, server, slot, close, closed)
            };
            let long = Duration::from_secs(60);

            let (_client, server, slot, close, closed) = open().await;
            let mut timed = Timed::new(server, long).holding(slot, long, closed);
            let _ = close.send(());
            let e = read(&mut timed).await.expect_err("closed for room");
            assert_eq!(e.kind(), io::ErrorKind::ConnectionAborted);
            let again = read(&mut timed).await.expect_err("still closed");
            assert_eq!(again.kind(), io::ErrorKind::ConnectionAborted);

            let (_client, server, slot, _close, closed) = open().await;
            let mut timed =
                Timed::new(server, long).holding(slot, Duration::from_millis(100), closed);
            let e = read(&mut timed).await.expect_err("silent too long");
            assert_eq!(e.kind(), io::ErrorKind::TimedOut);

            let (client, server, slot, close, closed) = open().await;
            let mut timed =
                Timed::new(server, long).holding(slot, Duration::from_millis(100), closed);
            client.writable().await.expect("writable");
            assert_eq!(client.try_write(b"G").expect("send"), 1);
            assert_eq!(read(&mut timed).await.expect("a byte"), 1);
            tokio::time::sleep(Duration::from_millis(200)).await;
            let waiting = tokio::time::timeout(Duration::from_millis(100), read(&mut timed));
            assert!(
                waiting.await.is_err(),
                "past the first-byte time, still open, waiting for the rest"
            );
            let _ = close.send(());
            let e = read(&mut timed)
                .await
                .expect_err("a slow head closed for room");
            assert_eq!(e.kind(), io::ErrorKind::ConnectionAborted);
            let wrote = std::future::poll_fn(|cx| Pin::new(&mut timed).poll_write(cx, b"x")).await;
            assert_eq!(
                wrote.map_err(|e| e.kind()),
                Err(io::ErrorKind::ConnectionAborted),
                "and so does every write"
            );
        });
    }
}
