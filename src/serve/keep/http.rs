//! The scorekeeper's link over HTTP. A GET shows the page (or, with `?board=DESK`, the
//! part of it that follows every entry) and never writes. A POST is the only way to
//! write, and is refused before its body is read unless it carries the code (403), comes
//! from the page's own origin (403) and is within its client's allowance (429); its body
//! is bounded ([`MAX_BODY`]: 413) and must arrive within [`BODY_TIMEOUT`] (408). The line
//! runs on a thread of the blocking pool, since it takes the prompt's session and waits
//! for the disk: the answer is sent only once the entry is on disk.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hyper::body::{Body as _, Incoming};
use hyper::header::{CONTENT_TYPE, HOST, HeaderMap, HeaderValue, LOCATION, ORIGIN, RETRY_AFTER};
use hyper::{Method, Request, Response, StatusCode};

use super::super::body::Body;
use super::super::routes::{KEEP, html_page, plain, response};
use super::{Form, Keeper, MAX_BODY, Stale, Submitted, board_fragment, keep_page, refused_page};

/// How long a posted body may take to arrive once its head has: a phone sends a line
/// at once.
pub(in crate::serve) const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The code a request's path gives, after `/keep/`.
fn code_in(request: &Request<Incoming>) -> &str {
    request.uri().path().strip_prefix(KEEP).unwrap_or_default()
}

/// The answer to a wrong code: nothing of the session, the same whatever was given; a
/// page in the page's own style for a browser (`Accept: text/html`), a line of text
/// for a script and the page's own script (which says it in place).
fn wrong_code(headers: &HeaderMap) -> Response<Body> {
    if wants_html(headers) {
        return html_page(StatusCode::FORBIDDEN, refused_page());
    }
    plain(
        StatusCode::FORBIDDEN,
        "forbidden: that is not the scorekeeper's link (its code may have been replaced: ask the scorekeeper for the new one)\n".into(),
    )
}

/// A query parameter's value, decoded; `None` when absent or not text.
fn param(query: Option<&str>, name: &str) -> Option<String> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
        .and_then(super::super::check::decode)
}

/// GET or HEAD of `/keep/CODE`: the page for the phone's desk (`?desk=`), or with
/// `?board=DESK` the standings and history alone, for the page's script to put in
/// place when anyone records.
pub(in crate::serve) async fn get(
    keeper: Arc<Keeper>,
    request: Request<Incoming>,
) -> Response<Body> {
    if !keeper.admits(code_in(&request)) {
        return wrong_code(request.headers());
    }
    let code = code_in(&request).to_string();
    let query = request.uri().query();
    let board = param(query, "board");
    let desk = board.clone().or_else(|| param(query, "desk"));
    let head = request.method() == Method::HEAD;
    let headers = request.headers().clone();
    let shown = tokio::task::spawn_blocking(move || {
        let view = keeper.view(&code, desk.as_deref())?;
        Ok(if board.is_some() {
            (true, board_fragment(&view))
        } else {
            (false, keep_page(&view))
        })
    })
    .await;
    match shown {
        Ok(Ok((fragment, text))) => {
            let text = if head { String::new() } else { text };
            if fragment {
                response(
                    StatusCode::OK,
                    "text/html; charset=utf-8",
                    Body::whole(text),
                )
            } else {
                html_page(StatusCode::OK, text)
            }
        }
        Ok(Err(Stale)) => wrong_code(&headers),
        Err(_) => failed(),
    }
}

/// The answer when the line's thread failed: the session is as its log on disk says.
fn failed() -> Response<Body> {
    plain(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the scorekeeper could not answer that line; what is on disk stands (look at the page)\n"
            .into(),
    )
}

/// Why a POST is refused before its line is run.
fn refused(status: StatusCode, why: &str) -> Response<Body> {
    plain(status, format!("{why}\n"))
}

/// POST of `/keep/CODE`: the form, run through the open session as the prompt would
/// run its line. With `Accept: application/json` the answer is JSON; a script's POST
/// without a desk gets the reply as text; a form posted by a browser without the
/// page's script (`Accept: text/html`: the page's own, or one without its desk) is
/// sent back to the page with the reply on it (303), so reloading it never sends the
/// line again.
pub(in crate::serve) async fn post(
    keeper: Arc<Keeper>,
    request: Request<Incoming>,
    client: IpAddr,
) -> Response<Body> {
    if !keeper.admits(code_in(&request)) {
        return wrong_code(request.headers());
    }
    let code = code_in(&request).to_string();
    if let Err(why) = same_origin(request.headers()) {
        return refused(StatusCode::FORBIDDEN, &why);
    }
    if let Err(wait) = keeper.may_write(client.to_canonical(), Instant::now()) {
        let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
        let mut r = refused(
            StatusCode::TOO_MANY_REQUESTS,
            &format!("too many lines from this device at once: try again in {seconds} s"),
        );
        r.headers_mut()
            .insert(RETRY_AFTER, HeaderValue::from(seconds));
        return r;
    }
    let headers = request.headers().clone();
    if let Err(why) = form_type(&headers) {
        return refused(StatusCode::UNSUPPORTED_MEDIA_TYPE, &why);
    }
    let body = match read_body(request.into_body()).await {
        Ok(body) => body,
        Err(BodyError::TooBig) => {
            return refused(
                StatusCode::PAYLOAD_TOO_LARGE,
                &format!(
                    "the form is larger than the scorekeeper takes ({MAX_BODY} bytes at most: a line, or the rows of a grid)"
                ),
            );
        }
        Err(BodyError::Slow) => {
            return refused(
                StatusCode::REQUEST_TIMEOUT,
                "the form did not arrive in time: send it again",
            );
        }
        Err(BodyError::Broken) => {
            return refused(
                StatusCode::BAD_REQUEST,
                "the form was cut off: send it again",
            );
        }
    };
    let form = match std::str::from_utf8(&body)
        .map_err(|_| "the form is not text (UTF-8)".to_string())
        .and_then(Form::parse)
    {
        Ok(form) => form,
        Err(why) => return refused(StatusCode::BAD_REQUEST, &why),
    };
    let json = wants_json(&headers);
    let browser = !json && wants_html(&headers);
    let scripted = form.desk.is_none() && !browser;
    let given = code.clone();
    let mount = keeper.mount().to_string();
    let ran = tokio::task::spawn_blocking(move || {
        let submitted = keeper.submit(&given, &form, browser)?;
        let board = (json && !scripted)
            .then(|| keeper.view(&given, Some(&submitted.desk)).ok())
            .flatten()
            .map(|v| board_fragment(&v));
        Ok((submitted, board))
    })
    .await;
    let (submitted, board) = match ran {
        Ok(Ok(done)) => done,
        Ok(Err(Stale)) => return wrong_code(&headers),
        Err(_) => return failed(),
    };
    if json {
        return response(
            StatusCode::OK,
            "application/json",
            Body::whole(answer_json(&submitted, scripted, board.as_deref())),
        );
    }
    if scripted {
        // A program's line without JSON: the prompt's words, as a script at the prompt
        // reads them (this is no page).
        let text = submitted
            .outcome
            .as_ref()
            .map(crate::render::plain)
            .unwrap_or_default();
        let status = if submitted.outcome.as_ref().is_some_and(|o| o.refused) {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::OK
        };
        return plain(status, format!("{text}\n"));
    }
    let mut r = plain(StatusCode::SEE_OTHER, String::new());
    let to = format!("{mount}keep/{code}?desk={}", submitted.desk);
    if let Ok(location) = HeaderValue::from_str(&to) {
        r.headers_mut().insert(LOCATION, location);
    }
    r
}

/// The JSON answer: whether the line recorded anything or was refused, its outcome
/// as data (what `--replies json` gives for a line at the prompt), the same drawn for
/// the page (`said`), the question it asks with the answers it takes (answered by
/// posting `answer=y`, `n` or another answer with the desk), the desk (none for a
/// script's line), the line and the rows box to show next and, for the page, its
/// board.
fn answer_json(s: &Submitted, scripted: bool, board: Option<&str>) -> String {
    let (recorded, refused, said, question) = match &s.outcome {
        Some(o) => {
            let mut answers = vec!["y".to_string(), "n".to_string()];
            answers.extend(s.answers.iter().cloned());
            (
                o.recorded().next().is_some(),
                o.refused,
                super::super::said::reply(o, &s.answers),
                o.question.as_ref().map(|q| {
                    serde_json::json!({ "text": crate::render::question(q), "answers": answers })
                }),
            )
        }
        None => (false, false, String::new(), None),
    };
    let value = serde_json::json!({
        "recorded": recorded,
        "refused": refused,
        "outcome": s.outcome,
        "said": said,
        "question": question,
        "desk": (!scripted).then_some(&s.desk),
        "line": s.line,
        "rows": s.rows,
        "board": board,
    });
    format!("{}\n", crate::text::for_json(&value.to_string()))
}

fn wants_json(headers: &HeaderMap) -> bool {
    accepts(headers, "application/json")
}

/// A browser's navigation (a form posted without script, a link opened) asks for HTML
/// first; curl and a script ask for anything (`*/*`) or JSON.
fn wants_html(headers: &HeaderMap) -> bool {
    !wants_json(headers) && accepts(headers, "text/html")
}

fn accepts(headers: &HeaderMap, kind: &str) -> bool {
    headers
        .get(hyper::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.to_ascii_lowercase().contains(kind))
}

/// A write must come from the scorekeeper's page itself: a browser says where a form
/// comes from (`Origin`, and `Sec-Fetch-Site`), and a page of another site, which could
/// post to this address from a phone on the same network, is refused. A program that
/// says neither (curl, a test) is let through: it had to know the code.
fn same_origin(headers: &HeaderMap) -> Result<(), String> {
    let header = |name: &str| headers.get(name).map(|v| v.to_str().unwrap_or("\u{fffd}"));
    let refused = || {
        "forbidden: a line may be sent only from the scorekeeper's own page (this form came from another site)"
            .to_string()
    };
    if let Some(site) = header("sec-fetch-site")
        && !matches!(site, "same-origin" | "none")
    {
        return Err(refused());
    }
    if let Some(origin) = header(ORIGIN.as_str()) {
        let host = header(HOST.as_str()).unwrap_or_default();
        let ours = origin
            .strip_prefix("http://")
            .is_some_and(|o| o.eq_ignore_ascii_case(host));
        if !ours {
            return Err(refused());
        }
    }
    Ok(())
}

/// The form must be sent as a form (`application/x-www-form-urlencoded`, as a page and
/// `curl -d` send it); a body of another kind is not read.
fn form_type(headers: &HeaderMap) -> Result<(), String> {
    let kind = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("application/x-www-form-urlencoded");
    let essence = kind.split(';').next().unwrap_or("").trim();
    if essence.eq_ignore_ascii_case("application/x-www-form-urlencoded") {
        Ok(())
    } else {
        Err(format!(
            "the form must be sent as application/x-www-form-urlencoded (line=...), not {}",
            crate::text::printable(essence)
        ))
    }
}

/// Why a body was not read whole.
enum BodyError {
    TooBig,
    Slow,
    Broken,
}

/// The body, at most [`MAX_BODY`] bytes (a larger `Content-Length` is refused before
/// a byte is read), within [`BODY_TIMEOUT`].
async fn read_body(mut body: Incoming) -> Result<Vec<u8>, BodyError> {
    if body
        .size_hint()
        .exact()
        .or(body.size_hint().upper())
        .is_some_and(|n| n > MAX_BODY as u64)
    {
        return Err(BodyError::TooBig);
    }
    let read = async {
        let mut bytes = Vec::new();
        loop {
            let frame =
                std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await;
            match frame {
                None => return Ok(bytes),
                Some(Err(_)) => return Err(BodyError::Broken),
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        if bytes.len() + data.len() > MAX_BODY {
                            return Err(BodyError::TooBig);
                        }
                        bytes.extend_from_slice(&data);
                    }
                }
            }
        }
    };
    tokio::time::timeout(BODY_TIMEOUT, read)
        .await
        .unwrap_or(Err(BodyError::Slow))
}

#[cfg(test)]
mod tests {
    use super::super::super::routes::headers;
    use super::*;

    #[test]
    fn a_write_is_taken_from_the_page_itself_or_a_program_never_another_site() {
        let host = ("host", "192.168.1.20:7878");
        assert!(
            same_origin(&headers(&[host])).is_ok(),
            "curl sends no Origin"
        );
        assert!(same_origin(&headers(&[host, ("origin", "http://192.168.1.20:7878")])).is_ok());
        assert!(
            same_origin(&headers(&[
                host,
                ("origin", "http://192.168.1.20:7878"),
                ("sec-fetch-site", "same-origin")
            ]))
            .is_ok()
        );
        for bad in [
            "http://evil.example",
            "null",
            "https://192.168.1.20:7878",
            "http://192.168.1.20:7879",
            "http://192.168.1.20:7878.evil.example",
        ] {
            let h = HeaderMap::from_iter([
                (HOST, HeaderValue::from_static("192.168.1.20:7878")),
                (ORIGIN, HeaderValue::from_str(bad).expect("value")),
            ]);
            assert!(same_origin(&h).is_err(), "{bad}");
        }
        assert!(same_origin(&headers(&[host, ("sec-fetch-site", "cross-site")])).is_err());
        assert!(same_origin(&headers(&[host, ("sec-fetch-site", "same-site")])).is_err());
    }

    #[test]
    fn only_a_form_is_read() {
        assert!(form_type(&HeaderMap::new()).is_ok());
        assert!(
            form_type(&headers(&[(
                "content-type",
                "application/x-www-form-urlencoded; charset=UTF-8"
            )]))
            .is_ok()
        );
        let err = form_type(&headers(&[("content-type", "application/json")])).expect_err("json");
        assert!(err.contains("application/x-www-form-urlencoded"), "{err}");
        assert!(
            form_type(&headers(&[(
                "content-type",
                "multipart/form-data; boundary=x"
            )]))
            .is_err()
        );
    }

    #[test]
    fn a_query_parameter_is_found_by_its_whole_name_and_decoded() {
        assert_eq!(
            param(Some("desk=ab12&x=1"), "desk").as_deref(),
            Some("ab12")
        );
        assert_eq!(
            param(Some("x=1&board=c%33"), "board").as_deref(),
            Some("c3")
        );
        assert_eq!(param(Some("boards=1"), "board"), None);
        assert_eq!(param(None, "desk"), None);
    }
}
