//! The two kinds of response body: a whole text (the page, a refusal), or an event
//! stream fed through a channel for as long as the client stays, or until the stream
//! is given up for a newcomer (`slots.rs`).

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use hyper::body::{Bytes, Frame, SizeHint};
use tokio::sync::{mpsc, oneshot};

/// A response body.
pub(super) enum Body {
    /// All of it at once; `None` once sent.
    Whole(Option<Bytes>),
    /// Events as they come, until `stop` fires: then the body fails, and the server
    /// drops the connection at once, however idle the stream was.
    Stream {
        events: mpsc::Receiver<Bytes>,
        stop: Option<oneshot::Receiver<()>>,
    },
}

impl Body {
    pub(super) fn whole(bytes: impl Into<Bytes>) -> Body {
        Body::Whole(Some(bytes.into()))
    }
}

impl hyper::body::Body for Body {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        match self.get_mut() {
            Body::Whole(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            Body::Stream { events, stop } => {
                if let Some(signal) = stop {
                    match Pin::new(signal).poll(cx) {
                        Poll::Ready(Ok(())) => {
                            *stop = None;
                            return Poll::Ready(Some(Err(io::Error::new(
                                io::ErrorKind::ConnectionAborted,
                                "the stream was given up for a newcomer",
                            ))));
                        }
                        // Nothing can stop it any more.
                        Poll::Ready(Err(_)) => *stop = None,
                        Poll::Pending => {}
                    }
                }
                events
                    .poll_recv(cx)
                    .map(|event| event.map(|b| Ok(Frame::data(b))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        matches!(self, Body::Whole(None))
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            Body::Whole(Some(b)) => SizeHint::with_exact(b.len() as u64),
            Body::Whole(None) => SizeHint::with_exact(0),
            Body::Stream { .. } => SizeHint::default(),
        }
    }
}
