//! The live scoreboard over real HTTP: `umpire serve` on a free loopback port, read by
//! a plain client while a second process records, as at a table with a TV.

use crate::common;
use crate::common::http;

use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::Table;
use http::{Events, PATIENCE, Serving, address_from, get, request, request_as, standings_rows};

fn rows(pairs: &[&[&str]]) -> Vec<Vec<String>> {
    pairs
        .iter()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect()
}

fn friday(t: &Table) {
    let run = t.run(
        &[
            "new", "take-two", "alice", "bob", "carol", "--name", "friday",
        ],
        "out alice\nleft bob QZX\nleft carol E?A\nend\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
}

#[test]
fn the_page_shows_the_standings_and_follows_an_entry_from_another_process_within_a_second() {
    let t = Table::new();
    friday(&t);
    let s = Serving::start(&t, &["friday"]);

    let page = get(s.addr, "/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(page.body.contains("<title>umpire: Take Two friday</title>"));
    assert_eq!(
        standings_rows(&page.body),
        rows(&[
            &["alice", "0", "0", "★ leads"],
            &["bob", "28", "28"],
            &["carol", "2", "2"],
        ])
    );
    assert!(page.body.contains("round 2"), "the round being played");

    let mut events = Events::open(s.addr);
    assert_eq!(events.status, 200);
    assert!(events.head.contains("text/event-stream"), "{}", events.head);
    let first = events
        .next(Instant::now() + PATIENCE)
        .expect("the board as it stands, at once");
    assert_eq!(first.name.as_deref(), Some("board"));
    assert_eq!(standings_rows(&first.data), standings_rows(&page.body));

    let run = t.run(&["resume", "friday"], "left bob JQ\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let recorded = Instant::now();
    let next = events
        .next(recorded + Duration::from_secs(1))
        .expect("the entry arrives within a second");
    assert!(next.id > first.id);
    assert_eq!(
        standings_rows(&next.data)[1],
        vec!["bob", "28", "18", "46"],
        "{}",
        next.data
    );
    assert!(
        get(s.addr, "/").body.contains(">46<"),
        "a plain fetch shows it too"
    );
}

#[test]
fn only_the_page_and_its_event_stream_are_served_and_nothing_can_change_the_log() {
    let t = Table::new();
    friday(&t);
    std::fs::write(t.dir().join("secret.txt"), "not for the page").expect("file");
    let before = t.log("friday");
    let s = Serving::start(&t, &[]);
    for target in [
        "/index.html",
        "/friday.jsonl",
        "/sessions/friday.jsonl",
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "//secret.txt",
        "/events/",
        "/favicon.ico",
    ] {
        let r = get(s.addr, target);
        assert_eq!(r.status, 404, "{target}");
        assert!(!r.body.contains("not for the page"), "{target}");
    }
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        assert_eq!(request(s.addr, method, "/").status, 405, "{method}");
        assert_eq!(request(s.addr, method, "/events").status, 405, "{method}");
    }
    assert_eq!(get(s.addr, "/?tv=1").status, 200, "a query is not a route");
    // A page elsewhere whose name points at this machine (DNS rebinding) gets nothing.
    let answer = request_as(s.addr, "evil.example:7878", "GET", "/");
    assert!(answer.head.starts_with("HTTP/1.1 421"), "{}", answer.head);
    assert!(
        !answer.head.contains("alice") && !answer.body.contains("alice"),
        "no standings for a foreign host"
    );
    assert_eq!(request(s.addr, "HEAD", "/").status, 200);
    assert_eq!(t.log("friday"), before, "the log is byte for byte the same");
    // The prompt can still open it for recording: serving holds no lock.
    let run = t.run(&["resume", "friday"], "left bob Q\n");
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
}

#[test]
fn markup_in_a_note_and_in_a_hand_edited_ruling_is_shown_as_text() {
    let t = Table::new();
    friday(&t);
    let run = t.run(
        &["resume", "friday"],
        "note <script>alert('note')</script> & <b>bold</b>\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    // A ruling edited into the log by hand: the log reader takes its texts as they are.
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .open(t.log_path("friday"))
        .expect("log");
    writeln!(
        log,
        r#"{{"seq":99,"at":"2026-11-22T21:00:00Z","event":{{"type":"ruled","ruling":{{"asked":"check <i>x</i>","round":2,"rules":"take-two","words":[{{"word":"<IMG SRC=X ONERROR=ALERT(1)>","allowed":false,"reason":"\"><svg onload=alert(2)>","code":"word"}}]}}}}}}"#
    )
    .expect("appends");
    drop(log);
    let s = Serving::start(&t, &["friday"]);
    let page = get(s.addr, "/").body;
    for raw in [
        "<script>alert",
        "<b>bold",
        "<IMG SRC",
        "<svg onload",
        "<i>x",
    ] {
        assert!(!page.contains(raw), "{raw} reached the page raw");
    }
    for escaped in [
        "&lt;script&gt;alert(&#39;note&#39;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;",
        "&lt;IMG SRC=X ONERROR=ALERT(1)&gt;",
        "&quot;&gt;&lt;svg onload=alert(2)&gt;",
        "check &lt;i&gt;x&lt;/i&gt;",
    ] {
        assert!(page.contains(escaped), "{escaped} missing:\n{page}");
    }
}

#[test]
fn serve_picks_the_latest_unfinished_session_and_refuses_a_missing_one() {
    let t = Table::new();
    friday(&t);
    let run = t.run(
        &[
            "new", "take-two", "ann", "ben", "--name", "over", "--rounds", "1",
        ],
        "out ann\nleft ben Q\nend\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &[]);
    assert!(
        get(s.addr, "/")
            .body
            .contains("<title>umpire: Take Two friday</title>")
    );
    drop(s);

    let run = t.run(&["serve", "nosuch", "--listen", "127.0.0.1:0"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("there is no session \"nosuch\""),
        "{}",
        run.stderr
    );
}

#[test]
fn a_port_in_use_is_refused_with_the_way_to_pick_another() {
    let t = Table::new();
    friday(&t);
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("addr").to_string();
    let run = t.run(&["serve", "friday", "--listen", &port], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains(&format!("cannot listen on {port}")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--listen ADDR:PORT"), "{}", run.stderr);
}

#[test]
fn the_open_event_streams_are_bounded_and_the_page_still_answers_past_the_bound() {
    let t = Table::new();
    friday(&t);
    let s = Serving::start(&t, &["friday"]);
    // Streams that are open and never read, like a stuck phone.
    let held: Vec<Events> = (0..umpire::serve::MAX_STREAMS)
        .map(|_| Events::open(s.addr))
        .collect();
    assert!(held.iter().all(|e| e.status == 200));
    let refused = Events::open(s.addr);
    assert_eq!(refused.status, 503, "{}", refused.head);
    assert!(
        refused.head.to_ascii_lowercase().contains("retry-after: 5"),
        "{}",
        refused.head
    );
    let started = Instant::now();
    assert_eq!(get(s.addr, "/").status, 200);
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn serve_at_the_prompt_shows_the_open_session_and_follows_what_is_typed() {
    let t = Table::new();
    let mut child = t
        .command()
        .args(["new", "take-two", "ann", "ben", "--name", "live"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the prompt starts");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "serve --listen 127.0.0.1:0").expect("types");
    let addr = address_from(&mut child);
    let page = get(addr, "/");
    assert_eq!(
        standings_rows(&page.body),
        rows(&[&["ann", "0"], &["ben", "0"]])
    );
    let mut events = Events::open(addr);
    events
        .next(Instant::now() + PATIENCE)
        .expect("the board now");
    writeln!(stdin, "left ben QZ").expect("types");
    let typed = Instant::now();
    let next = events
        .next(typed + Duration::from_secs(1))
        .expect("the entry within a second");
    assert_eq!(standings_rows(&next.data)[1], vec!["ben", "20", "20"]);
    // The page follows the prompt to another session.
    writeln!(stdin, "new board-chips cy dee --name other").expect("types");
    let other = events
        .next(Instant::now() + Duration::from_secs(2))
        .expect("the other session's board");
    assert!(
        other
            .data
            .contains("data-title=\"umpire: Board Chips other\""),
        "{}",
        other.data
    );
    assert_eq!(
        standings_rows(&get(addr, "/").body),
        rows(&[&["cy", "0"], &["dee", "0"]])
    );
    drop(stdin);
    let status = child.wait().expect("the prompt ends with its input");
    assert!(status.success());
}
