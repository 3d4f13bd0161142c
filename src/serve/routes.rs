//! The scoreboard's only two routes, `/` (the page) and `/events` (the push), and the
//! answers to everything else: 404 for any other path, 405 for a method that would
//! change something. Nothing is ever read from disk by path, and no route writes.

use std::sync::Arc;

use tiny_http::{Header, Method, Request, Response};

use super::events::{self, MAX_STREAMS, Slots};
use super::live::Live;

/// Where a request goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    Page,
    Events,
    NotFound,
    /// A path of ours with a method that is not GET (or HEAD for the page).
    NotAllowed,
}

/// The route for a method and a request target. The query string is ignored (a
/// browser may add one); the path must be exactly ours: no files, no prefixes.
pub fn route(method: &Method, target: &str) -> Route {
    let path = target.split(['?', '#']).next().unwrap_or("");
    match (path, method) {
        ("/", Method::Get | Method::Head) => Route::Page,
        ("/events", Method::Get) => Route::Events,
        ("/" | "/events", _) => Route::NotAllowed,
        _ => Route::NotFound,
    }
}

/// The page may run its own inline script and style and open its own event stream;
/// nothing else (no other origin, no frames, no forms).
const POLICY: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

fn header(name: &str, value: &str) -> Option<Header> {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
}

fn with_headers<R: std::io::Read>(
    mut response: Response<R>,
    extra: &[(&str, &str)],
) -> Response<R> {
    let common = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ];
    for (name, value) in common.iter().chain(extra) {
        if let Some(h) = header(name, value) {
            response.add_header(h);
        }
    }
    response
}

fn plain(status: u16, body: &str, extra: &[(&str, &str)]) -> Response<std::io::Cursor<Vec<u8>>> {
    let mut all = vec![("Content-Type", "text/plain; charset=utf-8")];
    all.extend_from_slice(extra);
    with_headers(Response::from_string(body).with_status_code(status), &all)
}

/// Answers one request; an event stream holds this thread until its reader leaves.
/// Errors writing to a client only end that client's answer.
pub fn answer(request: Request, live: &Live, streams: &Arc<Slots>) {
    match route(request.method(), request.url()) {
        Route::Page => {
            let (_, shown) = live.now();
            let response = with_headers(
                Response::from_data(shown.page.as_bytes()),
                &[
                    ("Content-Type", "text/html; charset=utf-8"),
                    ("Content-Security-Policy", POLICY),
                ],
            );
            let _ = request.respond(response);
        }
        Route::Events => match Slots::take(streams) {
            Some(_slot) => {
                let mut out = request.into_writer();
                let _ = events::stream(&mut out, live);
            }
            None => {
                let body = format!(
                    "too many live scoreboards are open (at most {MAX_STREAMS}); the page tries again shortly\n"
                );
                let _ = request.respond(plain(503, &body, &[("Retry-After", "5")]));
            }
        },
        Route::NotAllowed => {
            let _ = request.respond(plain(
                405,
                "the scoreboard is read-only: it answers GET only\n",
                &[("Allow", "GET, HEAD")],
            ));
        }
        Route::NotFound => {
            let _ = request.respond(plain(
                404,
                "not found: the scoreboard is / (the page) and /events (its updates)\n",
                &[],
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_page_and_its_event_stream_are_routes_and_the_query_is_ignored() {
        assert_eq!(route(&Method::Get, "/"), Route::Page);
        assert_eq!(route(&Method::Head, "/"), Route::Page);
        assert_eq!(route(&Method::Get, "/?tv=1"), Route::Page);
        assert_eq!(route(&Method::Get, "/events"), Route::Events);
        for path in [
            "/index.html",
            "/events/",
            "/../sessions/friday.jsonl",
            "/%2e%2e/Cargo.toml",
            "//etc/passwd",
            "",
            "*",
            "http://example.com/",
        ] {
            assert_eq!(route(&Method::Get, path), Route::NotFound, "{path}");
        }
    }

    #[test]
    fn no_method_that_would_change_something_is_served() {
        for m in [Method::Post, Method::Put, Method::Delete, Method::Patch] {
            assert_eq!(route(&m, "/"), Route::NotAllowed);
            assert_eq!(route(&m, "/events"), Route::NotAllowed);
            assert_eq!(route(&m, "/x"), Route::NotFound);
        }
        assert_eq!(route(&Method::Head, "/events"), Route::NotAllowed);
    }
}
