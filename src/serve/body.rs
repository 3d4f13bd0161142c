//! The two kinds of response body: a whole text (the page, a refusal), or an event
//! stream fed through a channel for as long as the client stays.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use hyper::body::{Bytes, Frame, SizeHint};
use tokio::sync::OwnedSemaphorePermit;
use tokio::sync::mpsc;

/// A response body.
pub(super) enum Body {
    /// All of it at once; `None` once sent.
    Whole(Option<Bytes>),
    /// Events as they come; the permit is one of the bounded stream slots, given back
    /// when the body is dropped with its connection.
    Stream {
        events: mpsc::Receiver<Bytes>,
        _slot: OwnedSemaphorePermit,
    },
}

impl Body {
    pub(super) fn whole(bytes: impl Into<Bytes>) -> Body {
        Body::Whole(Some(bytes.into()))
    }
}

impl hyper::body::Body for Body {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.get_mut() {
            Body::Whole(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            Body::Stream { events, .. } => events
                .poll_recv(cx)
                .map(|event| event.map(|b| Ok(Frame::data(b)))),
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
