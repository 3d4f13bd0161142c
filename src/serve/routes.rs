//! The scoreboard's only two routes, `/` (the page) and `/events` (the push), each for
//! GET and HEAD, and the answers to everything else: 404 for any other path, 405 for a
//! method that would change something, 421 and 400 for a request that does not name
//! this server (`host.rs`). Nothing is ever read from disk by path, and no route
//! writes.

use std::sync::Arc;

use hyper::header::{
    ALLOW, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, HeaderValue, REFERRER_POLICY,
    RETRY_AFTER, X_CONTENT_TYPE_OPTIONS,
};
use hyper::{Method, Response, StatusCode};
use tokio::sync::{Semaphore, mpsc};

use super::body::Body;
use super::events::{self, MAX_STREAMS};
use super::live::Live;

/// Where a request goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Route {
    Page,
    Events,
    /// What a GET of the event stream would answer, without opening one.
    EventsHead,
    NotFound,
    /// A path of ours with a method that is neither GET nor HEAD.
    NotAllowed,
}

/// The methods every route answers, as the 405's `Allow` says.
const ALLOWED: &str = "GET, HEAD";

/// The route for a method and a request's path (its query is not part of it): the
/// path must be exactly ours, with no files, prefixes or normalising.
pub(super) fn route(method: &Method, path: &str) -> Route {
    match (path, method) {
        ("/", &Method::GET | &Method::HEAD) => Route::Page,
        ("/events", &Method::GET) => Route::Events,
        ("/events", &Method::HEAD) => Route::EventsHead,
        ("/" | "/events", _) => Route::NotAllowed,
        _ => Route::NotFound,
    }
}

/// The answer to a request that names another host: nothing of the scoreboard, and
/// nothing of the name it gave.
pub(super) fn misdirected() -> Response<Body> {
    plain(
        StatusCode::MISDIRECTED_REQUEST,
        "this scoreboard answers only to this machine's own names and addresses; \
         start it with --allow-host NAME to let another name in\n"
            .into(),
    )
}

/// The answer to a request with no `Host` (on HTTP/1.1), two, or one that is not text.
pub(super) fn no_single_host() -> Response<Body> {
    plain(
        StatusCode::BAD_REQUEST,
        "a request must name this scoreboard in exactly one Host header\n".into(),
    )
}

/// The page may run its own inline script and style and open its own event stream;
/// nothing else (no other origin, no frames, no forms).
const POLICY: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A response with the headers every answer carries.
fn response(status: StatusCode, kind: &'static str, body: Body) -> Response<Body> {
    let mut r = Response::new(body);
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    r
}

fn plain(status: StatusCode, text: String) -> Response<Body> {
    response(status, "text/plain; charset=utf-8", Body::whole(text))
}

/// The answer when every event stream is taken: the page's script tries again.
fn too_many_streams() -> Response<Body> {
    let mut r = plain(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "too many live scoreboards are open (at most {MAX_STREAMS}); the page tries again shortly\n"
        ),
    );
    r.headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from_static("5"));
    r
}

/// Answers one request. An event stream is fed by a task of its own for as long as
/// its client stays; at most [`MAX_STREAMS`] at once.
pub(super) fn answer(
    method: &Method,
    path: &str,
    live: &Live,
    streams: &Arc<Semaphore>,
) -> Response<Body> {
    match route(method, path) {
        Route::Page => {
            let mut r = response(
                StatusCode::OK,
                "text/html; charset=utf-8",
                Body::whole(live.now().shown.page.clone()),
            );
            r.headers_mut()
                .insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
            r
        }
        // The same head as a GET, without taking a stream that no one would read.
        Route::EventsHead if streams.available_permits() > 0 => response(
            StatusCode::OK,
            "text/event-stream; charset=utf-8",
            Body::whole(""),
        ),
        Route::EventsHead => too_many_streams(),
        Route::Events => match Arc::clone(streams).try_acquire_owned() {
            Ok(slot) => {
                let (out, events) = mpsc::channel(1);
                tokio::spawn(events::feed(out, live.subscribe()));
                response(
                    StatusCode::OK,
                    "text/event-stream; charset=utf-8",
                    Body::Stream {
                        events,
                        _slot: slot,
                    },
                )
            }
            Err(_) => too_many_streams(),
        },
        Route::NotAllowed => {
            let mut r = plain(
                StatusCode::METHOD_NOT_ALLOWED,
                "the scoreboard is read-only: it answers GET and HEAD only\n".into(),
            );
            r.headers_mut()
                .insert(ALLOW, HeaderValue::from_static(ALLOWED));
            r
        }
        Route::NotFound => plain(
            StatusCode::NOT_FOUND,
            "not found: the scoreboard is / (the page) and /events (its updates)\n".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_page_and_its_event_stream_are_routes() {
        assert_eq!(route(&Method::GET, "/"), Route::Page);
        assert_eq!(route(&Method::HEAD, "/"), Route::Page);
        assert_eq!(route(&Method::GET, "/events"), Route::Events);
        for path in [
            "/index.html",
            "/events/",
            "/../sessions/friday.jsonl",
            "/%2e%2e/Cargo.toml",
            "//etc/passwd",
            "",
            "*",
        ] {
            assert_eq!(route(&Method::GET, path), Route::NotFound, "{path}");
        }
    }

    #[test]
    fn no_method_that_would_change_something_is_served() {
        for m in [Method::POST, Method::PUT, Method::DELETE, Method::PATCH] {
            assert_eq!(route(&m, "/"), Route::NotAllowed);
            assert_eq!(route(&m, "/events"), Route::NotAllowed);
            assert_eq!(route(&m, "/x"), Route::NotFound);
        }
    }

    #[test]
    fn every_route_answers_head_as_the_allow_header_says() {
        assert_eq!(route(&Method::HEAD, "/"), Route::Page);
        assert_eq!(route(&Method::HEAD, "/events"), Route::EventsHead);
        assert_eq!(ALLOWED, "GET, HEAD");
    }
}
