//! The scoreboard's routes: `/` (the page), `/events` (the push) and `/check` (the
//! word check), each for GET and HEAD; and, when the scoreboard keeps score,
//! `/keep/CODE` (the scorekeeper's page, GET and HEAD, and its form, POST: the only
//! route that writes, `keep/http.rs`). Everything else is answered here: 404 for any
//! other path, 405 for a method a route does not take, 421 and 400 for a request that
//! does not name this server (`host.rs`), 400 for one that gives a header it reads
//! twice or frames its body by `Transfer-Encoding`. Nothing is ever read from disk by path.

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use hyper::body::Incoming;

use hyper::header::{
    ACCEPT, ALLOW, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, HeaderMap, HeaderValue,
    REFERRER_POLICY, RETRY_AFTER, TRANSFER_ENCODING, X_CONTENT_TYPE_OPTIONS,
};
use hyper::{Method, Request, Response, StatusCode};
use tokio::sync::mpsc;

use super::body::Body;
use super::check::{self, Allowance};
use super::events::{self, MAX_STREAMS};
use super::keep::{self, Keeper};
use super::live::Live;
use super::page::{self, Checked, Room};
use super::slots::Conn;
use crate::lexicon::Lexicon;

/// Where a request goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Route {
    Page,
    Events,
    /// What a GET of the event stream would answer, without opening one.
    EventsHead,
    /// A word looked up.
    Check,
    /// The scorekeeper's page (GET, HEAD) under `/keep/`.
    Keep,
    /// The scorekeeper's form, posted.
    KeepPost,
    NotFound,
    /// A path of ours with a method it does not take.
    NotAllowed,
    /// `/keep/...` with a method other than GET, HEAD or POST.
    KeepNotAllowed,
}

/// What every request is answered from: the board, the word judge and each client's
/// allowance of word checks.
pub(super) struct Served {
    pub(crate) live: Arc<Live>,
    pub(crate) lexicon: Arc<Lexicon>,
    pub(crate) room: Arc<Room>,
    pub(crate) allowance: Mutex<Allowance>,
    /// The scorekeeper's side, when the scoreboard keeps score.
    pub(crate) keeper: Option<Arc<Keeper>>,
}

/// What a request is answered with, once its body (if any) is read and the line it
/// carries run.
pub(super) type Answer = Pin<Box<dyn Future<Output = Response<Body>> + Send>>;

/// An answer ready now.
pub(super) fn now(response: Response<Body>) -> Answer {
    Box::pin(std::future::ready(response))
}

/// The methods every route answers, as the 405's `Allow` says.
const ALLOWED: &str = "GET, HEAD";

/// The scorekeeper's, which also takes its form.
const KEEP_ALLOWED: &str = "GET, HEAD, POST";

/// Where the scorekeeper's link starts; the code follows.
pub(super) const KEEP: &str = "/keep/";

/// The route for a method and a request's path (its query is not part of it): the
/// path must be exactly ours, with no files, prefixes or normalising.
pub(super) fn route(method: &Method, path: &str) -> Route {
    match (path, method) {
        ("/", &Method::GET | &Method::HEAD) => Route::Page,
        ("/events", &Method::GET) => Route::Events,
        ("/events", &Method::HEAD) => Route::EventsHead,
        ("/check", &Method::GET | &Method::HEAD) => Route::Check,
        ("/" | "/events" | "/check", _) => Route::NotAllowed,
        (p, m) if p.starts_with(KEEP) => match *m {
            Method::GET | Method::HEAD => Route::Keep,
            Method::POST => Route::KeepPost,
            _ => Route::KeepNotAllowed,
        },
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

/// The headers a request may give at most once, which the server reads: its name, and
/// where a write comes from. HTTP allows a header twice only where its values make one
/// list, which none of these is; read first-wins, a second `Origin` after ours could
/// pass off another site's form as the page's own.
const ONCE: [&str; 3] = ["host", "origin", "sec-fetch-site"];

/// The first of [`ONCE`] that `headers` give more than once.
pub(super) fn repeated(headers: &HeaderMap) -> Option<&'static str> {
    ONCE.into_iter()
        .find(|name| headers.get_all(*name).iter().nth(1).is_some())
}

/// The answer to a request that gives `name` more than once: nothing is read of it.
pub(super) fn given_twice(name: &str) -> Response<Body> {
    plain(
        StatusCode::BAD_REQUEST,
        format!(
            "a request may give the {name} header once only; this one gives it more than once, and is not read\n"
        ),
    )
}

/// A request whose body is framed by `Transfer-Encoding`. hyper reads such a body as
/// chunked and drops a `Content-Length` given beside it, so the two cannot be told
/// apart here: every such request is refused, since nothing the scoreboard takes
/// needs it (a page's form and `curl -d` send a `Content-Length`), and a request that
/// gives both is the classic way to make two servers disagree on where it ends.
pub(super) fn framed_by_encoding(headers: &HeaderMap) -> bool {
    headers.contains_key(TRANSFER_ENCODING)
}

/// The answer to a request framed by `Transfer-Encoding`: nothing of it is read.
pub(super) fn not_by_length() -> Response<Body> {
    plain(
        StatusCode::BAD_REQUEST,
        "a request's body must come with its Content-Length alone; this one gives Transfer-Encoding (with or without a Content-Length), and is not read\n".into(),
    )
}

/// The page may run its own inline script and style, open its own event stream, ask
/// its own word check and send its own form there; nothing else (no other origin, no
/// frames).
const POLICY: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
img-src data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// A response with the headers every answer carries.
pub(super) fn response(status: StatusCode, kind: &'static str, body: Body) -> Response<Body> {
    let mut r = Response::new(body);
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    r
}

/// A permanent redirect to `to` (a room's table asked for without its closing `/`).
pub(super) fn moved(to: &str) -> Response<Body> {
    let mut r = plain(
        StatusCode::PERMANENT_REDIRECT,
        format!("the page is at {to}\n"),
    );
    if let Ok(location) = HeaderValue::from_str(to) {
        r.headers_mut().insert(hyper::header::LOCATION, location);
    }
    r
}

pub(super) fn plain(status: StatusCode, text: String) -> Response<Body> {
    response(status, "text/plain; charset=utf-8", Body::whole(text))
}

/// The answer when every event stream is taken and none can be given up for this
/// client (it holds its share already): the page's script tries again.
fn too_many_streams() -> Response<Body> {
    let mut r = plain(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "too many live scoreboards are open (at most {MAX_STREAMS}, shared between the devices watching); the page tries again shortly\n"
        ),
    );
    r.headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from_static("5"));
    r
}

/// The page, whole: its policy says what it may load and run.
pub(super) fn html_page(status: StatusCode, page: impl Into<hyper::body::Bytes>) -> Response<Body> {
    let mut r = response(status, "text/html; charset=utf-8", Body::whole(page));
    r.headers_mut()
        .insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    r
}

/// Answers one request from `client` on the connection `conn`. An event stream is fed
/// by a task of its own for as long as its client stays and its place is not given up
/// for a newcomer; at most [`MAX_STREAMS`] at once, shared between clients.
pub(super) fn answer(
    request: Request<Incoming>,
    client: IpAddr,
    conn: &Conn,
    served: &Arc<Served>,
) -> Answer {
    let route = route(request.method(), request.uri().path());
    let keeper = match (route, &served.keeper) {
        (Route::Keep | Route::KeepPost | Route::KeepNotAllowed, None) => {
            return now(plain(
                StatusCode::NOT_FOUND,
                "not found: this scoreboard is read-only (the scorekeeper's page is served by `serve` at the prompt, or `umpire serve NAME --keep`)\n".into(),
            ));
        }
        (_, keeper) => keeper.clone(),
    };
    match (route, keeper) {
        (Route::Keep, Some(keeper)) => Box::pin(keep::http::get(keeper, request)),
        (Route::KeepPost, Some(keeper)) => Box::pin(keep::http::post(keeper, request, client)),
        (Route::KeepNotAllowed, _) => {
            let mut r = plain(
                StatusCode::METHOD_NOT_ALLOWED,
                "the scorekeeper's page answers GET and HEAD, and takes its form by POST\n".into(),
            );
            r.headers_mut()
                .insert(ALLOW, HeaderValue::from_static(KEEP_ALLOWED));
            now(r)
        }
        (route, _) => now(answer_now(route, &request, client, conn, served)),
    }
}

/// Answers a request of the read-only routes (`route`), which is whole with its head.
fn answer_now<B>(
    route: Route,
    request: &Request<B>,
    client: IpAddr,
    conn: &Conn,
    served: &Served,
) -> Response<Body> {
    let uri = request.uri();
    match route {
        Route::Page => html_page(StatusCode::OK, served.live.now().shown.page.clone()),
        // The same head as a GET, without taking a stream that no one would read.
        Route::EventsHead if conn.could_stream(Instant::now()) => response(
            StatusCode::OK,
            "text/event-stream; charset=utf-8",
            Body::whole(""),
        ),
        Route::EventsHead => too_many_streams(),
        Route::Events => match conn.stream(Instant::now()) {
            Some((place, stop)) => {
                let (out, events) = mpsc::channel(1);
                tokio::spawn(events::feed(out, served.live.subscribe(), move |at| {
                    place.stalled(at)
                }));
                response(
                    StatusCode::OK,
                    "text/event-stream; charset=utf-8",
                    Body::Stream {
                        events,
                        stop: Some(stop),
                    },
                )
            }
            None => too_many_streams(),
        },
        Route::Check => check_word(request.headers(), uri.query(), client, served),
        Route::NotAllowed => {
            let mut r = plain(
                StatusCode::METHOD_NOT_ALLOWED,
                "the scoreboard is read-only: it answers GET and HEAD only\n".into(),
            );
            r.headers_mut()
                .insert(ALLOW, HeaderValue::from_static(ALLOWED));
            r
        }
        // Answered by `answer` before coming here.
        Route::Keep | Route::KeepPost | Route::KeepNotAllowed | Route::NotFound => plain(
            StatusCode::NOT_FOUND,
            "not found: the scoreboard is / (the page), /events (its updates) and /check?word=W (a word look-up)\n".into(),
        ),
    }
}

/// How a word check wants its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wants {
    /// `Accept: application/json`.
    Json,
    /// The form sent by a browser without the page's script: the whole page, with the
    /// verdict in the form.
    Page,
    /// The verdict alone, as HTML for the page's script to put in place (and for
    /// anything else that asks).
    Fragment,
}

fn wants(headers: &HeaderMap) -> Wants {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let accept = header(ACCEPT.as_str());
    if accept.contains("application/json") {
        return Wants::Json;
    }
    // A navigation (the form submitted as it is) says so in browsers that send fetch
    // metadata; one that sends none asks for HTML as a navigation does. A script's
    // fetch is `cors` or `same-origin`, and gets the fragment.
    let mode = header("sec-fetch-mode");
    if accept.contains("text/html") && (mode.is_empty() || mode == "navigate") {
        Wants::Page
    } else {
        Wants::Fragment
    }
}

/// `/check?word=W`: the word judged under the shown session's rules, as JSON, the
/// verdict's HTML, or the whole page. Nothing is recorded. Each client address has an
/// allowance of look-ups ([`Allowance`]); past it, 429 and when to try again.
fn check_word(
    headers: &HeaderMap,
    query: Option<&str>,
    client: IpAddr,
    served: &Served,
) -> Response<Body> {
    let wants = wants(headers);
    let reply =
        |status: StatusCode, checked: &Checked, rules: Option<&crate::lexicon::Rules>| match (
            wants, rules,
        ) {
            (Wants::Json, Some(rules)) => response(
                status,
                "application/json",
                Body::whole(check::json(checked, rules, served.room.judge)),
            ),
            (Wants::Json, None) => {
                let why = match checked {
                    Checked::Refused(why) => why.as_str(),
                    Checked::Verdict { .. } => "",
                };
                response(
                    status,
                    "application/json",
                    Body::whole(format!("{}\n", serde_json::json!({ "error": why }))),
                )
            }
            (Wants::Page, _) => {
                let now = served.live.now();
                let word = check::word_in(query).ok().flatten().unwrap_or_default();
                html_page(
                    status,
                    page::wrap(
                        &now.shown.title,
                        &now.shown.fragment,
                        &served.room,
                        Some((&word, checked)),
                    ),
                )
            }
            (Wants::Fragment, _) => response(
                status,
                "text/html; charset=utf-8",
                Body::whole(page::check_fragment(checked)),
            ),
        };
    let taken = served
        .allowance
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take(client.to_canonical(), Instant::now());
    if let Err(wait) = taken {
        let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
        let why = Checked::Refused(format!(
            "too many checks from this device: try again in {seconds} s"
        ));
        let mut r = reply(StatusCode::TOO_MANY_REQUESTS, &why, None);
        r.headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from(seconds));
        return r;
    }
    let Some(rules) = served.live.rules() else {
        let why = Checked::Refused("the game being shown judges no words".into());
        return reply(StatusCode::NOT_FOUND, &why, None);
    };
    let checked = match check::word_in(query) {
        Ok(word) => check::look_up(word.as_deref(), &served.lexicon, &rules, served.room.judge),
        Err(twice) => twice.refused(),
    };
    let status = match checked {
        Checked::Verdict { .. } => StatusCode::OK,
        Checked::Refused(_) => StatusCode::BAD_REQUEST,
    };
    reply(status, &checked, Some(&rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_page_its_event_stream_and_the_word_check_are_routes() {
        assert_eq!(route(&Method::GET, "/"), Route::Page);
        assert_eq!(route(&Method::HEAD, "/"), Route::Page);
        assert_eq!(route(&Method::GET, "/events"), Route::Events);
        assert_eq!(route(&Method::GET, "/check"), Route::Check);
        for path in [
            "/check/",
            "/check.json",
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
            assert_eq!(route(&m, "/check"), Route::NotAllowed);
            assert_eq!(route(&m, "/x"), Route::NotFound);
        }
    }

    #[test]
    fn every_route_answers_head_as_the_allow_header_says() {
        assert_eq!(route(&Method::HEAD, "/"), Route::Page);
        assert_eq!(route(&Method::HEAD, "/events"), Route::EventsHead);
        assert_eq!(route(&Method::HEAD, "/check"), Route::Check);
        assert_eq!(ALLOWED, "GET, HEAD");
    }
}

/// Request headers for a test, in order (a name given twice is there twice).
#[cfg(test)]
pub(super) fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
    let mut h = HeaderMap::new();
    for (name, value) in pairs {
        h.append(*name, HeaderValue::from_static(value));
    }
    h
}

#[cfg(test)]
mod wants_tests {
    use super::*;

    #[test]
    fn a_word_check_answers_json_to_json_the_page_to_a_navigation_and_the_verdict_to_a_script() {
        assert_eq!(
            wants(&headers(&[("accept", "application/json")])),
            Wants::Json
        );
        let navigation = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        assert_eq!(
            wants(&headers(&[
                ("accept", navigation),
                ("sec-fetch-mode", "navigate")
            ])),
            Wants::Page
        );
        assert_eq!(wants(&headers(&[("accept", navigation)])), Wants::Page);
        assert_eq!(
            wants(&headers(&[
                ("accept", "text/html"),
                ("sec-fetch-mode", "cors")
            ])),
            Wants::Fragment
        );
        assert_eq!(wants(&headers(&[("accept", "*/*")])), Wants::Fragment);
        assert_eq!(wants(&HeaderMap::new()), Wants::Fragment);
    }
}
