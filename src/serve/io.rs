//! A connection that gives up on a client that stops reading: a write that makes no
//! progress for the send timeout fails, and the server closes that connection (an
//! event stream to a stuck phone included). Reads are bounded by the server's
//! request-head timeout instead.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

/// A TCP connection whose writes time out.
pub struct Timed {
    io: TcpStream,
    limit: Duration,
    /// Running while a write waits for the client.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Timed {
    pub fn new(io: TcpStream, limit: Duration) -> Timed {
        Timed {
            io,
            limit,
            stalled: None,
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
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Timed {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.io).poll_write(cx, buf);
        this.watch(cx, result)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.watch(cx, result)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
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
}
