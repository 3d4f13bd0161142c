//! Keeping score from phones over HTTP: the scorekeeper's link records what typing the
//! line at the prompt would, one line at a time through the same session; each answer
//! comes once its entry is on disk; and nothing without the code, from another site,
//! by GET, or past the limits writes anything.

use crate::common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::Table;
use common::http::{self, Prompt, Serving, form, get, post, request};
use serde_json::Value;

/// The code of session `name`, which `serve --keep` keeps beside its log.
fn code(t: &Table, name: &str) -> String {
    std::fs::read_to_string(t.sessions().join(format!(".{name}.keep-code")))
        .expect("the code is kept")
}

/// A session `name` of Take Two for ann and ben, kept from phones by `serve --keep`.
fn kept(t: &Table, name: &str) -> (Serving, String) {
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", name], "");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(t, &[name, "--keep"]);
    let code = code(t, name);
    (s, code)
}

/// POSTs `line` as a script does, answered in JSON.
fn line(addr: SocketAddr, code: &str, text: &str) -> Value {
    let r = post(
        addr,
        &format!("/keep/{code}"),
        &["Accept: application/json"],
        &form(&[("line", text)]),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    serde_json::from_str(&r.body).expect("JSON")
}

/// The reply as the page draws it (`said`), read as text: tags gone, a line for each
/// paragraph, row or line break, entities read back.
fn reply(v: &Value) -> String {
    let html = v["said"].as_str().expect("the reply drawn for the page");
    assert!(
        !html.chars().any(|c| ('\u{2500}'..='\u{257f}').contains(&c)),
        "no box drawing reaches a page: {html}"
    );
    common::http::html_text(html)
}

/// The events of a log, without when or by whom: what typing recorded.
fn events(t: &Table, name: &str) -> Vec<Value> {
    String::from_utf8_lossy(&t.log(name))
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str::<Value>(l).expect("an entry")["event"].clone())
        .collect()
}

/// Which front end made each entry (`None` for the prompt).
fn by(t: &Table, name: &str) -> Vec<Option<String>> {
    String::from_utf8_lossy(&t.log(name))
        .lines()
        .skip(1)
        .map(|l| {
            serde_json::from_str::<Value>(l).expect("an entry")["by"]
                .as_str()
                .map(str::to_string)
        })
        .collect()
}

#[test]
fn a_posted_line_records_exactly_what_typing_it_at_the_prompt_does_in_the_prompt_s_words() {
    let t = Table::new();
    let (s, code) = kept(&t, "phone");
    let lines = [
        "left ben QZ",
        "out ann",
        "penalty ben played DONT",
        "end",
        "left ann AE",
        "undo",
        "left ann AEI",
        "out ben",
        "fix 1 left ann E",
        "note tea break",
        "end",
    ];
    let mut replies = Vec::new();
    let mut outcomes = Vec::new();
    for l in lines {
        let v = line(s.addr, &code, l);
        assert_eq!(v["refused"], false, "{l}: {v}");
        assert_eq!(v["desk"], Value::Null, "a script has no desk");
        replies.push(reply(&v));
        outcomes.push(v["outcome"].clone());
    }
    // The same lines typed at the prompt of another session, answered as data.
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "typed"], "");
    assert_eq!(run.code, Some(0));
    let typed = t.run(
        &["--replies", "json", "resume", "typed"],
        &lines.map(|l| format!("{l}\n")).concat(),
    );
    assert_eq!(typed.code, Some(0), "{}", typed.stdout);
    assert_eq!(events(&t, "phone"), events(&t, "typed"));
    // Each phone's reply carries the outcome the prompt's has, as data.
    let at_prompt: Vec<Value> = typed
        .stdout
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).expect("a JSON reply"))
        .collect();
    assert_eq!(at_prompt.len(), lines.len());
    for ((l, phone), prompt) in lines.iter().zip(&outcomes).zip(&at_prompt) {
        assert_eq!(phone["said"], prompt["said"], "{l}");
        assert_eq!(phone["refused"], prompt["refused"], "{l}");
    }
    assert!(
        replies[0].starts_with("recorded #1 ben left Q Z: 20"),
        "{}",
        replies[0]
    );
    assert!(
        replies[0].contains("ben: r1 20, total 20"),
        "{}",
        replies[0]
    );
    assert!(replies[5].starts_with("undid #5"), "{}", replies[5]);
    // The log says which entries came from a phone; the prompt's say nothing.
    assert!(
        by(&t, "phone")
            .iter()
            .all(|b| b.as_deref() == Some("phone"))
    );
    assert!(by(&t, "typed").iter().all(Option::is_none));
    // And the totals are the typed session's.
    assert_eq!(
        common::totals(&t.json("phone")),
        common::totals(&t.json("typed"))
    );
}

#[test]
fn a_refused_line_says_why_records_nothing_and_a_second_phone_recording_the_same_entry_is_refused()
{
    let t = Table::new();
    let (s, code) = kept(&t, "two");
    let first = line(s.addr, &code, "left ben QZ");
    assert_eq!(first["recorded"], true);
    let before = t.log("two");
    let second = line(s.addr, &code, "left ben QZ");
    assert_eq!(second["recorded"], false);
    assert_eq!(second["refused"], true);
    assert!(
        reply(&second).contains("ben already has an entry in round 1"),
        "{second}"
    );
    assert_eq!(t.log("two"), before, "nothing written");
    let typo = line(s.addr, &code, "lfet ann QZ");
    assert!(reply(&typo).contains("did you mean \"left\""), "{typo}");
    for only in [
        "quit",
        "new take-two x y",
        "export two",
        "serve",
        "open other",
    ] {
        let v = line(s.addr, &code, only);
        assert_eq!(v["refused"], true, "{only}");
        assert!(
            reply(&v).contains("typed at the scorekeeper's prompt"),
            "{only}: {v}"
        );
    }
    assert_eq!(t.log("two"), before, "nothing written");
    // The session is as it was: the next good line records.
    assert_eq!(line(s.addr, &code, "out ann")["recorded"], true);
}

#[test]
fn a_question_waits_at_the_phone_that_was_asked_and_is_answered_there_only() {
    let t = Table::new();
    let (s, code) = kept(&t, "ask");
    let at = format!("/keep/{code}");
    let json = ["Accept: application/json"];
    let send = |fields: &[(&str, &str)]| -> Value {
        let r = post(s.addr, &at, &json, &form(fields));
        assert_eq!(r.status, 200, "{}", r.body);
        serde_json::from_str(&r.body).expect("JSON")
    };
    let (phone, other) = ("0123456789abcdef", "fedcba9876543210");
    assert_eq!(
        send(&[("line", "allow QI"), ("desk", phone)])["recorded"],
        true
    );
    let asked = send(&[("line", "penalty ben played QI"), ("desk", phone)]);
    assert_eq!(asked["recorded"], false);
    assert_eq!(
        asked["question"]["text"],
        "QI was ruled allowed in round 1; record anyway?"
    );
    assert_eq!(asked["desk"], phone);
    assert!(
        asked["board"]
            .as_str()
            .is_some_and(|b| b.contains("entries"))
    );
    let before = t.log("ask");
    // Another phone's yes answers nothing.
    let elsewhere = send(&[("answer", "y"), ("desk", other)]);
    assert_eq!(elsewhere["recorded"], false);
    assert!(reply(&elsewhere).contains("there is no question waiting"));
    assert_eq!(t.log("ask"), before);
    // The asked phone's yes records it.
    let yes = send(&[("answer", "y"), ("desk", phone)]);
    assert_eq!(yes["recorded"], true, "{yes}");
    assert!(reply(&yes).contains("ben +25 (played QI)"), "{yes}");
    assert_eq!(yes["outcome"]["said"][0]["said"], "recorded", "{yes}");
    assert_eq!(yes["question"], Value::Null);
    // A script is never asked: it records and says so, as a script at the prompt does.
    assert_eq!(line(s.addr, &code, "allow ZA")["recorded"], true);
    let scripted = line(s.addr, &code, "penalty ann played ZA");
    assert_eq!(scripted["recorded"], true);
    assert!(reply(&scripted).contains("was ruled allowed"), "{scripted}");
}

#[test]
fn the_page_s_buttons_complete_the_line_and_the_form_without_script_comes_back_to_the_page() {
    let t = Table::new();
    let (s, code) = kept(&t, "form");
    let at = format!("/keep/{code}");
    let page = get(s.addr, &at);
    assert_eq!(page.status, 200);
    for want in [
        "name=\"line\"",
        "value=\"left\"",
        "value=\"ann\"",
        "value=\"Q\"",
        "value=\"?\"",
        "nothing recorded yet",
    ] {
        assert!(page.body.contains(want), "{want}");
    }
    let desk = page
        .body
        .split("name=\"desk\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("a desk")
        .to_string();
    // A chip pressed without the script: the line grows, nothing is recorded.
    let before = t.log("form");
    let r = post(
        s.addr,
        &at,
        &[],
        &form(&[("line", "left ben "), ("add", "Q"), ("desk", &desk)]),
    );
    assert_eq!(r.status, 303);
    let back = r.header("location").expect("back to the page").to_string();
    assert_eq!(back, format!("/keep/{code}?desk={desk}"));
    let page = get(s.addr, &back);
    assert!(
        page.body.contains("value=\"left ben Q\""),
        "the line as it grew"
    );
    assert_eq!(t.log("form"), before);
    let r = post(
        s.addr,
        &at,
        &[],
        &form(&[("line", "left ben Q"), ("add", "Z"), ("desk", &desk)]),
    );
    assert_eq!(r.status, 303);
    assert!(get(s.addr, &back).body.contains("value=\"left ben QZ\""));
    // Sent: recorded, the answer on the page it comes back to, the line empty.
    let r = post(
        s.addr,
        &at,
        &[],
        &form(&[("line", "left ben QZ"), ("desk", &desk), ("go", "1")]),
    );
    assert_eq!(r.status, 303);
    let page = get(s.addr, &back);
    assert!(
        page.body.contains(
            "<span class=\"what\">recorded</span> <span class=\"seq\">#1</span> ben left Q Z: 20"
        ),
        "{}",
        page.body
    );
    assert!(page.body.contains("value=\"\""), "the line is empty again");
    assert!(
        page.body.contains("value=\"fix #1\""),
        "the history's fix button"
    );
    // The fix button fills the line.
    let r = post(
        s.addr,
        &at,
        &[],
        &form(&[("line", ""), ("fill", "fix #1"), ("desk", &desk)]),
    );
    assert_eq!(r.status, 303);
    assert!(get(s.addr, &back).body.contains("value=\"fix #1 \""));
    // The board alone, for the page's script.
    let board = get(s.addr, &format!("{at}?board={desk}"));
    assert_eq!(board.status, 200);
    assert!(board.body.contains("ben left Q Z"), "{}", board.body);
    assert!(!board.body.contains("<form"), "the board only");
}

#[test]
fn nothing_writes_without_the_code_from_another_site_by_get_or_past_the_limits() {
    let t = Table::new();
    let (s, code) = kept(&t, "safe");
    let at = format!("/keep/{code}");
    let before = t.log("safe");
    let body = form(&[("line", "left ben QZ")]);
    // A wrong code, however close, gets 403 and nothing of the session.
    let mut near = code.clone().into_bytes();
    near[31] = if near[31] == b'0' { b'1' } else { b'0' };
    let near = String::from_utf8(near).expect("hex");
    for wrong in [near.as_str(), "", &code[..31], &format!("{code}0"), "x"] {
        let r = post(s.addr, &format!("/keep/{wrong}"), &[], &body);
        assert_eq!(r.status, 403, "{wrong}");
        assert!(!r.body.contains("ann"), "{}", r.body);
        assert_eq!(get(s.addr, &format!("/keep/{wrong}")).status, 403);
    }
    // Another site's page posting from a phone on the same network.
    for origin in [
        "Origin: http://evil.example",
        "Origin: null",
        "Sec-Fetch-Site: cross-site",
    ] {
        let r = post(s.addr, &at, &[origin], &body);
        assert_eq!(r.status, 403, "{origin}");
        assert!(r.body.contains("only from the scorekeeper's own page"));
    }
    // A header the server reads given twice: ours first, then another site's; or the
    // same twice. Refused before anything is read, whatever the order.
    let ours = format!("Origin: http://{}", s.addr);
    for twice in [
        [ours.as_str(), "Origin: http://evil.example"],
        ["Origin: http://evil.example", ours.as_str()],
        [ours.as_str(), ours.as_str()],
        ["Sec-Fetch-Site: same-origin", "Sec-Fetch-Site: cross-site"],
        ["Sec-Fetch-Site: same-origin", "Sec-Fetch-Site: same-origin"],
    ] {
        let r = post(s.addr, &at, &twice, &body);
        assert_eq!(r.status, 400, "{twice:?}");
        assert!(r.body.contains("once only"), "{}", r.body);
    }
    let r = http::raw(
        s.addr,
        &format!(
            "POST {at} HTTP/1.1\r\nHost: {0}\r\nHost: {0}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {1}\r\n\r\n{body}",
            s.addr,
            body.len()
        ),
    );
    assert_eq!(r.status, 400, "a Host given twice");
    assert_eq!(t.log("safe"), before, "nothing of that was written");
    // A GET that tries to write, and methods the link does not take.
    assert_eq!(get(s.addr, &format!("{at}?line=left+ben+QZ")).status, 200);
    let r = request(s.addr, "PUT", &at);
    assert_eq!(r.status, 405);
    assert_eq!(r.header("allow"), Some("GET, HEAD, POST"));
    assert_eq!(request(s.addr, "DELETE", &at).status, 405);
    // Too big, and not a form.
    let big = form(&[("line", &"A".repeat(20_000))]);
    assert_eq!(post(s.addr, &at, &[], &big).status, 413);
    let r = http::raw(
        s.addr,
        &format!(
            "POST {at} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{{}}",
            s.addr
        ),
    );
    assert_eq!(r.status, 415);
    let r = post(s.addr, &at, &[], &form(&[("line", "x"), ("line", "y")]));
    assert_eq!(r.status, 400);
    assert!(r.body.contains("given twice"), "{}", r.body);
    let r = post(s.addr, &at, &[], "cookie=1");
    assert_eq!(r.status, 400);
    assert_eq!(t.log("safe"), before, "none of that wrote anything");
    // A page from the scorekeeper's link: no caching, no referrer, no cookie, and the
    // code nowhere but the form's own address.
    let page = get(s.addr, &at);
    assert_eq!(page.header("cache-control"), Some("no-store"));
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    assert!(page.header("set-cookie").is_none());
    assert!(page.header("content-security-policy").is_some());
    assert_eq!(
        page.body.matches(code.as_str()).count(),
        1,
        "only in the form's action"
    );
    // The room's page, the log and the exports never hold it.
    assert_eq!(line(s.addr, &code, "out ann")["recorded"], true);
    assert!(!get(s.addr, "/").body.contains(code.as_str()));
    assert!(!String::from_utf8_lossy(&t.log("safe")).contains(code.as_str()));
    for format in ["json", "csv", "md"] {
        assert!(
            !t.export("safe", format).contains(code.as_str()),
            "{format}"
        );
    }
}

#[test]
fn a_body_framed_by_transfer_encoding_is_refused_with_or_without_a_content_length() {
    let t = Table::new();
    let (s, code) = kept(&t, "framed");
    let at = format!("/keep/{code}");
    let before = t.log("framed");
    // A chunked body that would record a note; the Content-Length, where one is
    // given, says the body ends elsewhere.
    let chunked = "12\r\nline=note+smuggled\r\n0\r\n\r\n";
    for framing in [
        "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
        "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n",
        "Transfer-Encoding: chunked\r\n",
    ] {
        let r = http::raw(
            s.addr,
            &format!(
                "POST {at} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n{framing}\r\n{chunked}",
                s.addr
            ),
        );
        assert_eq!(r.status, 400, "{framing:?}: {}", r.head);
        assert!(
            r.body.contains("must come with its Content-Length alone"),
            "{}",
            r.body
        );
    }
    assert_eq!(t.log("framed"), before, "nothing of it was written");
    // The same line with a Content-Length records.
    assert_eq!(line(s.addr, &code, "note smuggled")["recorded"], true);
}

#[test]
fn a_flood_of_lines_from_one_device_is_slowed_and_what_it_was_allowed_is_recorded_in_order() {
    let t = Table::new();
    let (s, code) = kept(&t, "flood");
    let at = format!("/keep/{code}");
    let mut allowed = Vec::new();
    let mut slowed = 0;
    let started = Instant::now();
    for n in 0..40 {
        let r = post(
            s.addr,
            &at,
            &["Accept: application/json"],
            &form(&[("line", &format!("note {n}"))]),
        );
        match r.status {
            200 => allowed.push(n.to_string()),
            429 => {
                slowed += 1;
                assert!(r.header("retry-after").is_some());
            }
            other => panic!("{other}: {}", r.body),
        }
    }
    // A burst of 20, then 2 a second: how many more than the burst depends on how
    // long this machine took to send the 40, and so does which of the later ones.
    let took = started.elapsed();
    let earned = (took.as_secs_f64() * 2.0).ceil() as usize;
    assert!(slowed > 0, "40 lines in {took:?} are slowed");
    let ok = allowed.len();
    assert!((20..=20 + earned).contains(&ok), "{ok} allowed in {took:?}");
    let burst: Vec<String> = (0..20).map(|n| n.to_string()).collect();
    assert_eq!(allowed[..20], burst[..], "the burst is the first 20");
    let notes: Vec<String> = events(&t, "flood")
        .iter()
        .filter_map(|e| e["text"].as_str().map(str::to_string))
        .collect();
    assert_eq!(notes, allowed, "in the order they came");
}

#[test]
fn a_read_only_scoreboard_has_no_scorekeeper_s_link_and_a_new_code_refuses_the_old_one() {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "ro"], "");
    assert_eq!(run.code, Some(0));
    let s = Serving::start(&t, &["ro"]);
    assert_eq!(post(s.addr, "/keep/x", &[], "line=end").status, 404);
    assert_eq!(post(s.addr, "/", &[], "line=end").status, 405);
    drop(s);
    let s = Serving::start(&t, &["ro", "--keep"]);
    let first = code(&t, "ro");
    assert_eq!(line(s.addr, &first, "out ann")["recorded"], true);
    drop(s);
    // Restarted, the phones keep their link.
    let s = Serving::start(&t, &["ro", "--keep"]);
    assert_eq!(code(&t, "ro"), first);
    assert_eq!(line(s.addr, &first, "left ben Q")["recorded"], true);
    drop(s);
    let s = Serving::start(&t, &["ro", "--keep", "--new-code"]);
    let second = code(&t, "ro");
    assert_ne!(second, first);
    assert_eq!(
        post(s.addr, &format!("/keep/{first}"), &[], "line=end").status,
        403
    );
    assert_eq!(line(s.addr, &second, "end")["recorded"], true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(t.sessions().join(".ro.keep-code"))
            .expect("kept")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "readable by its owner only");
    }
}

#[test]
fn one_writer_a_second_umpire_is_refused_while_serve_keep_holds_the_session() {
    let t = Table::new();
    let (s, code) = kept(&t, "held");
    let run = t.run(&["resume", "held"], "out ann\n");
    assert_ne!(run.code, Some(0), "{}", run.stdout);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(said.contains("is open in another umpire"), "{said}");
    assert_eq!(line(s.addr, &code, "out ann")["recorded"], true);
}

#[test]
fn serve_at_the_prompt_shares_its_session_with_the_phones_tells_their_entries_and_stops() {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "shared"], "");
    assert_eq!(run.code, Some(0));
    let mut p = Prompt::open(&t, "shared");
    p.type_line("serve 127.0.0.1:0");
    let said = p.until(|l| l.starts_with("keep score: "));
    let addr = said
        .iter()
        .find_map(|l| http::address_in(l))
        .expect("the address");
    let link = said
        .last()
        .expect("the link")
        .trim_start_matches("keep score: ");
    let code = link.rsplit('/').next().expect("the code").to_string();
    assert_eq!(code.len(), 32);
    assert_eq!(code, self::code(&t, "shared"));
    // A phone records; the terminal is told, and the prompt's own next line builds on it.
    let v = line(addr, &code, "left ben QZ");
    assert_eq!(v["recorded"], true, "{v}");
    p.until(|l| l == "[phone] left ben QZ");
    p.type_line("left ben QZ");
    let said = p.until(|l| l.starts_with("not recorded"));
    assert!(
        said.last()
            .is_some_and(|l| l.contains("ben already has an entry")),
        "{said:?}"
    );
    p.type_line("out ann");
    p.until(|l| l.starts_with("recorded  ann out"));
    let v = line(addr, &code, "end");
    assert_eq!(v["recorded"], true);
    p.until(|l| l == "[phone] end");
    // An undo and a redo from a phone change the log too: the terminal hears of them.
    assert_eq!(line(addr, &code, "undo")["refused"], false);
    p.until(|l| l == "[phone] undo");
    assert_eq!(line(addr, &code, "redo")["refused"], false);
    p.until(|l| l == "[phone] redo");
    // serve code: a new link, the old refused at once.
    p.type_line("serve code");
    let said = p.until(|l| l.starts_with("keep score: "));
    let new = said
        .last()
        .and_then(|l| l.rsplit('/').next())
        .expect("the new code")
        .to_string();
    assert_ne!(new, code);
    assert_eq!(
        post(addr, &format!("/keep/{code}"), &[], "line=out+ann").status,
        403
    );
    assert_eq!(line(addr, &new, "out ann")["recorded"], true);
    // serve stop: nothing answers.
    p.type_line("serve stop");
    p.until(|l| l.contains("is stopped"));
    let deadline = Instant::now() + Duration::from_secs(5);
    while std::net::TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
        assert!(Instant::now() < deadline, "the scoreboard still answers");
        std::thread::sleep(Duration::from_millis(50));
    }
    p.type_line("quit");
    p.wait();
    let kinds: Vec<String> = events(&t, "shared")
        .iter()
        .map(|e| e["type"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        kinds,
        ["left", "out", "round-ended", "undone", "redone", "out"]
    );
    let phone = Some("phone".to_string());
    assert_eq!(
        by(&t, "shared"),
        [
            phone.clone(),
            None,
            phone.clone(),
            phone.clone(),
            phone.clone(),
            phone
        ]
    );
}

#[test]
fn every_line_a_phone_was_answered_for_survives_a_kill_9_right_after() {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "kill"], "");
    assert_eq!(run.code, Some(0));
    for round in 0..3 {
        let s = Serving::start(&t, &["kill", "--keep"]);
        let code = code(&t, "kill");
        let n = 5 + round;
        for i in 0..n {
            assert_eq!(
                line(s.addr, &code, &format!("note r{round} n{i}"))["recorded"],
                true
            );
        }
        // The answer came: now the hardest stop there is.
        drop(s);
        let notes = events(&t, "kill")
            .iter()
            .filter(|e| {
                e["text"]
                    .as_str()
                    .is_some_and(|x| x.starts_with(&format!("r{round} ")))
            })
            .count();
        assert_eq!(notes, n, "round {round}");
    }
    // And the log opens whole.
    let run = t.run(&["resume", "kill"], "history\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("r2 n6");
}

#[test]
fn each_game_s_pieces_are_buttons_on_the_scorekeeper_s_page() {
    let t = Table::new();
    let pieces = |name: &str, s: &Serving, code: &str| -> Vec<String> {
        let page = get(s.addr, &format!("/keep/{code}")).body;
        let group = page
            .split("aria-label=\"pieces\">")
            .nth(1)
            .and_then(|g| g.split("</div>").next())
            .unwrap_or_else(|| panic!("{name}: no pieces"))
            .to_string();
        group
            .split("value=\"")
            .skip(1)
            .filter_map(|v| v.split('"').next())
            .map(str::to_string)
            .collect()
    };
    // Word Taking: the centre's letters and the one drawn spell a make.
    let run = t.run(&["new", "word-taking", "ann", "ben", "--name", "words"], "");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["words", "--keep"]);
    let code = self::code(&t, "words");
    for l in ["draw ann P", "next", "draw ben A"] {
        assert_eq!(line(s.addr, &code, l)["recorded"], true, "{l}");
    }
    assert_eq!(pieces("word-taking", &s, &code), ["A", "P", "from"]);
    drop(s);
    // Board Chips: the squares a tile could cover, by word.
    let board = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("dictionaries/board-chips-example.txt");
    let board = board.to_str().expect("a path");
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            board,
            "--name",
            "chips",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["chips", "--keep"]);
    let code = self::code(&t, "chips");
    let shown = pieces("board-chips", &s, &code);
    assert!(shown.iter().any(|p| p == "ACORN:A"), "{shown:?}");
    assert!(shown.iter().all(|p| p.contains(':')), "{shown:?}");
    drop(s);
    // TAKE rummy: the cards not yet placed this hand, and the runs to take onto.
    let run = t.run(&["new", "take-rummy", "ann", "ben", "--name", "cards"], "");
    assert_eq!(run.code, Some(0));
    let s = Serving::start(&t, &["cards", "--keep"]);
    let code = self::code(&t, "cards");
    assert_eq!(line(s.addr, &code, "laid ann 5C 6C 7C")["recorded"], true);
    let shown = pieces("take-rummy", &s, &code);
    assert!(shown.iter().any(|p| p == "8C") && shown.iter().any(|p| p == "JK"));
    assert!(!shown.iter().any(|p| p == "5C"), "5C is placed: {shown:?}");
}

#[test]
fn the_terminal_hears_a_phone_s_check_with_its_verdicts_an_answer_with_its_question_and_the_round_it_closed()
 {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "heard"], "");
    assert_eq!(run.code, Some(0));
    let mut p = Prompt::open(&t, "heard");
    p.type_line("serve 127.0.0.1:0");
    let said = p.until(|l| l.starts_with("keep score: "));
    let addr = said
        .iter()
        .find_map(|l| http::address_in(l))
        .expect("the address");
    let code = code(&t, "heard");
    let at = format!("/keep/{code}");
    let desk = "0123456789abcdef";
    let send = |fields: &[(&str, &str)]| -> Value {
        let mut fields = fields.to_vec();
        fields.push(("desk", desk));
        let r = post(addr, &at, &["Accept: application/json"], &form(&fields));
        assert_eq!(r.status, 200, "{}", r.body);
        serde_json::from_str(&r.body).expect("JSON")
    };
    // A check writes its ruling: the terminal hears it, with each verdict.
    send(&[("line", "check qi london")]);
    p.until(|l| l == "[phone] check qi london");
    let verdicts = p.until(|l| l.contains("LONDON"));
    assert!(
        verdicts
            .iter()
            .any(|l| l.contains("QI") && l.contains("allowed")),
        "{verdicts:?}"
    );
    assert!(
        verdicts.last().is_some_and(|l| l.contains("not allowed")),
        "{verdicts:?}"
    );
    // A question put to the phone writes nothing; its answer is heard with it.
    send(&[("line", "allow QI")]);
    p.until(|l| l == "[phone] allow QI");
    let asked = send(&[("line", "penalty ben played QI")]);
    assert_eq!(
        asked["question"]["text"],
        "QI was ruled allowed in round 1; record anyway?"
    );
    send(&[("answer", "y")]);
    p.until(|l| l == "[phone] y (to: QI was ruled allowed in round 1; record anyway?)");
    p.until(|l| l.starts_with("recorded  ben +25 (played QI)"));
    // A round a phone closes: the prompt's next line is typed in the next round.
    send(&[("line", "out ann")]);
    send(&[("line", "left ben Q")]);
    send(&[("line", "end")]);
    p.until(|l| l == "[phone] end");
    p.type_line("note after the round");
    p.until(|l| l == "take-two heard r2> note after the round");
    p.type_line("quit");
    p.wait();
}

#[test]
fn serve_keep_with_no_prompt_says_new_code_replaces_the_code_not_serve_code() {
    use std::io::BufRead;
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "box"], "");
    assert_eq!(run.code, Some(0));
    let mut child = t
        .command()
        .args(["serve", "box", "--keep", "--listen", "127.0.0.1:0"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("serve starts");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, said) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    let how = loop {
        let line = said
            .recv_timeout(http::PATIENCE)
            .unwrap_or_else(|_| panic!("serve said {lines:#?}"));
        if line
            .trim_start()
            .starts_with("(it records into this session only")
        {
            break line;
        }
        lines.push(line);
    };
    let _ = child.kill();
    let _ = child.wait();
    assert!(how.contains("--new-code replaces it"), "{how}");
    assert!(!how.contains("serve code"), "{how}");
}

/// `n` words for a check, two letters each, as a phone could send them in one line.
fn many_words(n: usize) -> String {
    let words = ["qi", "za", "xu", "ox", "ab", "ad"];
    (0..n)
        .map(|i| words[i % words.len()])
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_check_takes_at_most_20_words_and_a_longer_one_is_refused_naming_the_bound_everywhere() {
    let t = Table::new();
    let (s, code) = kept(&t, "words");
    let before = t.log("words");
    // A phone's check of 1,000 words: a line of refusal, nothing logged.
    let long = format!("check {}", many_words(1000));
    let r = post(
        s.addr,
        &format!("/keep/{code}"),
        &["Accept: application/json"],
        &form(&[("line", &long)]),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v: Value = serde_json::from_str(&r.body).expect("JSON");
    assert_eq!(v["refused"], true, "{v}");
    let said = reply(&v);
    assert!(
        said.contains(
            "check takes at most 20 words a line, and this one gives 1000: check them 20 at a time (`umpire check` in a shell takes a whole list, and logs nothing)"
        ),
        "{said}"
    );
    assert_eq!(said.trim().lines().count(), 1, "{said}");
    // The answer is the refusal and the line given back to be put right: it was 257
    // KB of verdicts.
    assert!(
        r.body.len() < long.len() + 1_000,
        "{} bytes for a line of {}",
        r.body.len(),
        long.len()
    );
    assert_eq!(t.log("words"), before, "nothing logged");
    // 21 is one too many; 20 are judged and kept in one ruling.
    assert_eq!(
        line(s.addr, &code, &format!("check {}", many_words(21)))["refused"],
        true
    );
    let twenty = line(s.addr, &code, &format!("check {}", many_words(20)));
    assert_eq!(twenty["refused"], false, "{twenty}");
    let verdicts = &twenty["outcome"]["said"][0]["verdicts"];
    assert_eq!(verdicts.as_array().map(Vec::len), Some(20), "{twenty}");
    let logged = events(&t, "words");
    assert_eq!(logged.len(), 1);
    assert_eq!(
        logged[0]["ruling"]["words"].as_array().map(Vec::len),
        Some(20)
    );
    drop(s);
    // The prompt says the same, with a session and without one.
    let run = t.run(
        &["resume", "words"],
        &format!("check {}\nhelp check\n", many_words(50)),
    );
    assert!(
        run.refusals()
            .iter()
            .any(|r| r.contains("check takes at most 20 words a line, and this one gives 50")),
        "{}",
        run.stdout
    );
    run.says("judge up to 20 words");
    let run = Table::new().run(&[], &format!("check {}\n", many_words(21)));
    assert!(
        run.refusals()
            .iter()
            .any(|r| r.starts_with("not checked: check takes at most 20 words a line")),
        "{}",
        run.stdout
    );
    // The shell's one-shot check is the batch judge: any number.
    let list = many_words(100);
    let mut args = vec!["check"];
    args.extend(list.split(' '));
    let run = t.run(&args, "");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(run.stdout.matches("QI").count(), 17, "{}", run.stdout);
}

/// POSTs `fields` as the page's script does (JSON asked for, a desk given) and reads
/// no answer: the phone whose answer never came. The connection is handed back, open.
fn sent_unanswered(addr: SocketAddr, code: &str, fields: &[(&str, &str)]) -> std::net::TcpStream {
    use std::io::Write;
    let body = form(fields);
    let mut s = std::net::TcpStream::connect(addr).expect("connects");
    write!(
        s,
        "POST /keep/{code} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAccept: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("sent");
    s
}

/// Waits until the log of `name` holds an entry of the line `id`: written, and so
/// synced, before any answer is sent.
fn logged_line(t: &Table, name: &str, id: &str) {
    let deadline = Instant::now() + http::PATIENCE;
    let mark = format!("\"line\":\"{id}\"");
    while !String::from_utf8_lossy(&t.log(name)).contains(&mark) {
        assert!(Instant::now() < deadline, "{id} never reached the log");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_line_sent_again_after_a_kill_between_its_write_and_its_answer_is_recorded_once() {
    let t = Table::new();
    let (s, code) = kept(&t, "resent");
    let desk = "0123456789abcdef";
    let send = |addr: SocketAddr, fields: &[(&str, &str)]| -> Value {
        let mut fields = fields.to_vec();
        fields.push(("desk", desk));
        let r = post(
            addr,
            &format!("/keep/{code}"),
            &["Accept: application/json"],
            &form(&fields),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        serde_json::from_str(&r.body).expect("JSON")
    };
    assert_eq!(send(s.addr, &[("line", "allow QI")])["recorded"], true);
    // A penalty the phone sends; the entry reaches the disk, and the scorekeeper's
    // machine is killed before the phone reads any answer.
    let id = "5ca1ab1e00112233445566778899aabb";
    let unanswered = sent_unanswered(
        s.addr,
        &code,
        &[
            ("line", "penalty ben played DONT"),
            ("desk", desk),
            ("id", id),
        ],
    );
    logged_line(&t, "resent", id);
    drop(s);
    drop(unanswered);
    let before = t.log("resent");
    // Back up; the page says "send it again", and the phone sends the same line with
    // the same id: answered with what it recorded, recorded once.
    let s = Serving::start(&t, &["resent", "--keep"]);
    let again = send(s.addr, &[("line", "penalty ben played DONT"), ("id", id)]);
    assert_eq!(again["refused"], false, "{again}");
    assert_eq!(again["recorded"], false, "nothing new: {again}");
    assert_eq!(
        reply(&again).trim(),
        "already recorded: this line was sent before and recorded #2 ben +25 (played DONT); nothing recorded again",
        "{again}"
    );
    assert_eq!(
        again["outcome"]["said"][0]["said"], "sent-before",
        "{again}"
    );
    assert_eq!(
        again["outcome"]["said"][0]["entries"][0]["seq"], 2,
        "{again}"
    );
    assert_eq!(t.log("resent"), before, "nothing written");
    let penalties = events(&t, "resent")
        .iter()
        .filter(|e| e["type"] == "penalty")
        .count();
    assert_eq!(penalties, 1);
    // The answer to a question, killed the same way, is recorded once too; a line
    // with another id is another line.
    let asked = send(s.addr, &[("line", "penalty ann played QI"), ("id", "a1")]);
    assert!(asked["question"]["text"].is_string(), "{asked}");
    let yes = "b0b0b0b0b0b0b0b0";
    let unanswered = sent_unanswered(
        s.addr,
        &code,
        &[("answer", "y"), ("desk", desk), ("id", yes)],
    );
    logged_line(&t, "resent", yes);
    drop(s);
    drop(unanswered);
    let s = Serving::start(&t, &["resent", "--keep"]);
    let again = send(s.addr, &[("answer", "y"), ("id", yes)]);
    assert!(
        reply(&again).starts_with(
            "already recorded: this line was sent before and recorded #3 ann +25 (played QI)"
        ),
        "{again}"
    );
    let fresh = send(s.addr, &[("line", "note tea"), ("id", "c3")]);
    assert_eq!(fresh["recorded"], true, "{fresh}");
    // The log keeps each phone line's id beside "by"; the totals are the log's.
    let log = String::from_utf8_lossy(&t.log("resent")).into_owned();
    assert_eq!(
        log.matches(&format!("\"by\":\"phone\",\"line\":\"{id}\""))
            .count(),
        1,
        "{log}"
    );
    assert_eq!(
        log.matches(&format!("\"line\":\"{yes}\"")).count(),
        1,
        "{log}"
    );
    for l in ["out ann", "left ben Q", "end"] {
        assert_eq!(send(s.addr, &[("line", l)])["recorded"], true, "{l}");
    }
    assert_eq!(
        common::totals(&t.json("resent")),
        [("ann".to_string(), 25), ("ben".to_string(), 35)],
        "each penalty once"
    );
}

#[test]
fn the_terminal_hears_a_phone_s_refused_lines_and_its_no_with_the_question_it_declined() {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "told"], "");
    assert_eq!(run.code, Some(0));
    let mut p = Prompt::open(&t, "told");
    p.type_line("serve 127.0.0.1:0");
    let said = p.until(|l| l.starts_with("keep score: "));
    let addr = said
        .iter()
        .find_map(|l| http::address_in(l))
        .expect("the address");
    let code = code(&t, "told");
    let at = format!("/keep/{code}");
    let send = |fields: &[(&str, &str)]| -> Value {
        let mut fields = fields.to_vec();
        fields.push(("desk", "0123456789abcdef"));
        let r = post(addr, &at, &["Accept: application/json"], &form(&fields));
        assert_eq!(r.status, 200, "{}", r.body);
        serde_json::from_str(&r.body).expect("JSON")
    };
    // A typo: refused on the phone, and the terminal hears the line and why.
    assert_eq!(send(&[("line", "lfet ann QZ")])["refused"], true);
    p.until(|l| l == "[phone] lfet ann QZ");
    let why = p.until(|l| l.starts_with("not recorded"));
    assert!(
        why.last().is_some_and(
            |l| l.contains("unknown verb \"lfet\"") && l.contains("did you mean \"left\"")
        ),
        "{why:?}"
    );
    // A line refused by the rules: the same.
    send(&[("line", "left ben QZ")]);
    p.until(|l| l == "[phone] left ben QZ");
    assert_eq!(send(&[("line", "left ben QZ")])["refused"], true);
    p.until(|l| l == "[phone] left ben QZ");
    p.until(|l| l.starts_with("not recorded: ben already has an entry in round 1"));
    // A question asked is the phone's to answer; its no is heard with the question.
    send(&[("line", "allow QI")]);
    p.until(|l| l == "[phone] allow QI");
    let asked = send(&[("line", "penalty ben played QI")]);
    assert_eq!(
        asked["question"]["text"],
        "QI was ruled allowed in round 1; record anyway?"
    );
    let no = send(&[("answer", "n")]);
    assert_eq!(no["recorded"], false);
    p.until(|l| l == "[phone] n (to: QI was ruled allowed in round 1; record anyway?)");
    p.until(|l| l == "nothing recorded");
    // A line that only shows the table is not told.
    send(&[("line", "score")]);
    send(&[("line", "note told")]);
    let between = p.until(|l| l == "[phone] note told");
    assert!(
        !between.iter().any(|l| l.contains("[phone] score")),
        "{between:?}"
    );
    p.type_line("quit");
    p.wait();
}

#[test]
fn a_line_with_a_line_break_is_refused_in_words_and_a_grid_is_sent_with_its_rows() {
    let t = Table::new();
    let (s, code) = kept(&t, "rows");
    let before = t.log("rows");
    let split = line(s.addr, &code, "left ben QZ\nout ann");
    assert_eq!(split["refused"], true, "{split}");
    assert_eq!(
        reply(&split).trim(),
        "not recorded: a phone sends one line at a time, and this one goes on after a line break (\"out ann\" follows \"left ben QZ\"): send each line on its own (only grid reads rows); nothing changed"
    );
    assert_eq!(t.log("rows"), before, "not even its first line");
    // The page has a rows box for grid, folded until the line starts with it.
    let page = get(s.addr, &format!("/keep/{code}")).body;
    assert!(
        page.contains("<details id=\"rows\" class=\"rows\" data-verbs=\"grid\">"),
        "{page}"
    );
    assert!(page.contains("name=\"rows\""), "{page}");
    // The grid button fills the line, and the page that comes back opens the box.
    let desk = "00112233445566778899aabbccddeeff";
    let r = post(
        s.addr,
        &format!("/keep/{code}"),
        &[],
        &form(&[("line", ""), ("fill", "grid"), ("desk", desk)]),
    );
    assert_eq!(r.status, 303);
    let page = get(s.addr, &format!("/keep/{code}?desk={desk}")).body;
    assert!(page.contains("data-verbs=\"grid\" open>"), "{page}");
    // Sent with its rows, as the page sends the box: judged and kept as a ruling.
    let r = post(
        s.addr,
        &format!("/keep/{code}"),
        &["Accept: application/json"],
        &form(&[
            ("line", "grid ann --apply"),
            ("rows", "QI.\n.ZA\n"),
            ("desk", desk),
        ]),
    );
    let v: Value = serde_json::from_str(&r.body).expect("JSON");
    assert_eq!(v["refused"], false, "{v}");
    let said = reply(&v);
    assert!(said.contains("IZ ✗ not allowed proper name (Iz)"), "{said}");
    assert!(said.contains("the grid is one piece"), "{said}");
    assert!(said.contains("recorded #2 ann +25 (grid: IZ)"), "{said}");
    assert_eq!(v["rows"], "", "the box is emptied once the grid is in");
    let kinds: Vec<Value> = events(&t, "rows")
        .iter()
        .map(|e| e["type"].clone())
        .collect();
    assert_eq!(kinds, ["ruled", "penalty"]);
    // Rows refused with their line come back in the box to be put right, as text.
    let hostile = "</textarea><script>alert(1)</script>";
    let r = post(
        s.addr,
        &format!("/keep/{code}"),
        &[],
        &form(&[("line", "grid zed"), ("rows", hostile), ("desk", desk)]),
    );
    assert_eq!(r.status, 303);
    let page = get(s.addr, &format!("/keep/{code}?desk={desk}")).body;
    assert!(page.contains("value=\"grid zed\""), "{page}");
    assert!(
        page.contains("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>"),
        "{page}"
    );
    assert!(!page.contains(hostile), "{page}");
    // A game with no verb that reads rows has no box, and says so of a second line.
    let run = t.run(&["new", "take-rummy", "ann", "ben", "--name", "cards"], "");
    assert_eq!(run.code, Some(0));
    drop(s);
    let s = Serving::start(&t, &["cards", "--keep"]);
    let code = self::code(&t, "cards");
    assert!(
        !get(s.addr, &format!("/keep/{code}"))
            .body
            .contains("name=\"rows\"")
    );
    let v = line(s.addr, &code, "laid ann 5C 6C 7C\n8C");
    assert!(
        reply(&v).contains("goes on after a line break (\"8C\" follows \"laid ann 5C 6C 7C\"): send each line on its own; nothing changed"),
        "{v}"
    );
}

#[test]
fn a_browser_s_form_without_script_is_answered_with_the_page_and_a_stale_link_with_a_page() {
    let t = Table::new();
    let (s, code) = kept(&t, "html");
    let at = format!("/keep/{code}");
    let html = "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    // A form of its own, posted without script and without the page's desk.
    let r = post(s.addr, &at, &[html], &form(&[("line", "left ben QZ")]));
    assert_eq!(r.status, 303, "{}", r.body);
    let back = r.header("location").expect("back to the page").to_string();
    assert!(back.starts_with(&format!("{at}?desk=")), "{back}");
    let page = get(s.addr, &back);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(
        page.body.contains(
            "<span class=\"what\">recorded</span> <span class=\"seq\">#1</span> ben left Q Z: 20"
        ),
        "{}",
        page.body
    );
    assert!(
        !page
            .body
            .chars()
            .any(|c| ('\u{2500}'..='\u{257f}').contains(&c)),
        "no box drawing on a page"
    );
    // Refused: the page comes back with the line in the box, focused to be put right.
    let r = post(s.addr, &at, &[html], &form(&[("line", "lfet ann QZ")]));
    let back = r.header("location").expect("back").to_string();
    let page = get(s.addr, &back).body;
    assert!(page.contains("value=\"lfet ann QZ\""), "{page}");
    assert!(page.contains(" autofocus>"), "{page}");
    assert!(page.contains("class=\"reply refused\""), "{page}");
    // curl, which asks for anything, still gets the prompt's words.
    let r = post(s.addr, &at, &["Accept: */*"], &form(&[("line", "out ann")]));
    assert_eq!(r.status, 200);
    assert!(r.body.starts_with("recorded  ann out"), "{}", r.body);
    // A stale link in a browser: a page in the page's style, nothing of the session.
    let old = code.clone();
    drop(s);
    let s = Serving::start(&t, &["html", "--keep", "--new-code"]);
    for r in [
        http::raw(
            s.addr,
            &format!(
                "GET /keep/{old} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{html}\r\n\r\n",
                s.addr
            ),
        ),
        post(
            s.addr,
            &format!("/keep/{old}"),
            &[html],
            &form(&[("line", "end")]),
        ),
    ] {
        assert_eq!(r.status, 403);
        assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
        assert!(r.header("content-security-policy").is_some());
        assert!(r.body.contains("<body class=\"keeper\">"), "{}", r.body);
        let shown = r
            .body
            .split("</style>")
            .nth(1)
            .expect("the page after its style");
        assert!(shown.contains("This link does not record"), "{shown}");
        assert!(
            !shown.contains("ann") && !shown.contains("html r"),
            "{shown}"
        );
    }
    // A script is told in a line of text, as before.
    let r = post(
        s.addr,
        &format!("/keep/{old}"),
        &[],
        &form(&[("line", "end")]),
    );
    assert_eq!(r.status, 403);
    assert!(
        r.body
            .starts_with("forbidden: that is not the scorekeeper's link")
    );
}
