//! The live scoreboard over real HTTP: `umpire serve` on a free loopback port, read by
//! a plain client while a second process records, as at a table with a TV.

use crate::common;

/// The most event streams the scoreboard holds open at once (GUIDE.md, the scoreboard).
const MAX_STREAMS: usize = 32;
use crate::common::http;

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::Table;
use http::{
    Events, PATIENCE, Serving, address_from, get, raw, request, request_as, standings_rows,
};

// The scoreboard's limits as GUIDE.md and RELIABILITY.md state them; the server is not
// part of the library's face, so the tests hold the promised figures themselves.
const FIRST_BYTE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(1);
const HEAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);
const MAX_CONNECTIONS: usize = 256;
const MAX_PER_CLIENT: usize = MAX_STREAMS + 16;
/// How long a phone may leave the boards sent to it unread before its stream is the
/// first given up for a newcomer (GUIDE.md, the scoreboard).
const STALLED: Duration = Duration::from_secs(1);

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
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect(
        "a free port on 127.0.0.1, the system's pick (none: the machine's ports are used up)",
    );
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
    let held: Vec<Events> = (0..MAX_STREAMS).map(|_| Events::open(s.addr)).collect();
    assert!(held.iter().all(|e| e.status == 200));
    let refused = Events::open(s.addr);
    assert_eq!(refused.status, 503, "{}", refused.head);
    assert_eq!(
        request(s.addr, "HEAD", "/events").status,
        503,
        "HEAD says what a GET would get"
    );
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

/// The status of a GET of `/` naming `host`.
fn status_for(addr: SocketAddr, host: &str) -> u16 {
    request_as(addr, host, "GET", "/").status
}

fn serving_friday() -> (Table, Serving) {
    let t = Table::new();
    friday(&t);
    let s = Serving::start(&t, &["friday"]);
    (t, s)
}

#[test]
fn a_host_that_only_starts_with_127_is_misdirected() {
    let (_t, s) = serving_friday();
    let answer = request_as(s.addr, "127.evil.com", "GET", "/");
    assert_eq!(answer.status, 421, "{}", answer.head);
    assert!(
        !answer.body.contains("alice"),
        "no standings for a foreign host"
    );
    assert_eq!(
        request_as(s.addr, "127.evil.com", "GET", "/events").status,
        421
    );
}

#[test]
fn a_rebinding_name_that_begins_with_the_listening_address_is_misdirected() {
    let (_t, s) = serving_friday();
    let host = format!("127.0.0.1.nip.io:{}", s.addr.port());
    assert_eq!(status_for(s.addr, &host), 421);
}

#[test]
fn an_absolute_form_request_is_judged_by_the_host_in_its_target() {
    let (_t, s) = serving_friday();
    let foreign = raw(
        s.addr,
        "GET http://evil.com/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(foreign.status, 421, "{}", foreign.head);
    assert!(!foreign.body.contains("alice"));
    let ours = raw(
        s.addr,
        &format!(
            "GET http://{}/ HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.addr, s.addr
        ),
    );
    assert_eq!(ours.status, 200, "{}", ours.head);
}

#[test]
fn a_request_without_a_host_is_malformed_on_http_1_1_and_1_0_alike() {
    let (_t, s) = serving_friday();
    for request in [
        "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n",
    ] {
        let answer = raw(s.addr, request);
        assert_eq!(answer.status, 400, "{request:?}: {}", answer.head);
        assert!(!answer.body.contains("alice"), "{}", answer.body);
        assert!(
            answer.body.contains("exactly one Host header"),
            "{}",
            answer.body
        );
    }
    // HTTP/1.0 that names the scoreboard is answered.
    let named = raw(
        s.addr,
        &format!("GET / HTTP/1.0\r\nHost: {}\r\n\r\n", s.addr),
    );
    assert_eq!(named.status, 200, "{}", named.head);
    assert!(named.body.contains("alice"));
}

#[test]
fn a_request_with_two_hosts_is_malformed() {
    let (_t, s) = serving_friday();
    for second in ["evil.com", &s.addr.to_string()] {
        let answer = raw(
            s.addr,
            &format!(
                "GET / HTTP/1.1\r\nHost: {}\r\nHost: {second}\r\nConnection: close\r\n\r\n",
                s.addr
            ),
        );
        assert_eq!(answer.status, 400, "{second}: {}", answer.head);
        assert!(!answer.body.contains("alice"));
    }
}

#[test]
fn the_listening_address_with_or_without_its_port_localhost_and_v6_loopback_are_answered() {
    let (_t, s) = serving_friday();
    let port = s.addr.port();
    for host in [
        format!("127.0.0.1:{port}"),
        "127.0.0.1".to_string(),
        format!("localhost:{port}"),
        "localhost".to_string(),
        format!("[::1]:{port}"),
        "[::1]".to_string(),
    ] {
        assert_eq!(status_for(s.addr, &host), 200, "{host}");
    }
}

#[test]
fn on_v6_loopback_the_bracketed_address_is_answered_and_a_foreign_name_is_not() {
    if std::net::TcpListener::bind("[::1]:0").is_err() {
        eprintln!("skipped: this machine has no IPv6 loopback");
        return;
    }
    let t = Table::new();
    friday(&t);
    let s = Serving::on(&t, &["friday"], "[::1]:0");
    let port = s.addr.port();
    for host in [format!("[::1]:{port}"), "[::1]".into(), "localhost".into()] {
        assert_eq!(status_for(s.addr, &host), 200, "{host}");
    }
    for host in [
        format!("evil.com:{port}"),
        format!("127.0.0.1.nip.io:{port}"),
    ] {
        assert_eq!(status_for(s.addr, &host), 421, "{host}");
    }
}

#[test]
fn an_allowed_host_is_answered_from_the_shell_and_from_the_prompt() {
    let t = Table::new();
    friday(&t);
    let s = Serving::start(
        &t,
        &[
            "friday",
            "--allow-host",
            "scores.lan",
            "--allow-host",
            "TV.lan",
        ],
    );
    let port = s.addr.port();
    for host in [format!("scores.lan:{port}"), "tv.lan".into()] {
        assert_eq!(status_for(s.addr, &host), 200, "{host}");
    }
    assert_eq!(status_for(s.addr, "scores.lan.evil.com"), 421);
    drop(s);

    let run = t.run(&["serve", "friday", "--allow-host", "scores.lan:80"], "");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("without its port"), "{}", run.stderr);
    let run = t.run(&["resume", "friday"], "serve --allow-host nope:1\n");
    run.says("give the name without its port");

    let mut child = t
        .command()
        .args(["resume", "friday"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the prompt starts");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "serve --listen 127.0.0.1:0 --allow-host scores.lan").expect("types");
    let addr = address_from(&mut child);
    assert_eq!(status_for(addr, "scores.lan"), 200);
    assert_eq!(status_for(addr, "other.lan"), 421);
    drop(stdin);
    assert!(child.wait().expect("the prompt ends").success());
}

#[test]
fn listening_beyond_loopback_a_foreign_host_is_still_misdirected() {
    let t = Table::new();
    friday(&t);
    let s = Serving::on(&t, &["friday"], "0.0.0.0:0");
    let to = s.local();
    let port = to.port();
    for host in [
        "evil.com".to_string(),
        format!("127.evil.com:{port}"),
        format!("127.0.0.1.nip.io:{port}"),
    ] {
        assert_eq!(status_for(to, &host), 421, "{host}");
    }
    assert_eq!(
        raw(to, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n").status,
        400
    );
}

/// This machine's name, as `hostname` prints it.
fn host_name() -> Option<String> {
    let mut buf = [0u8; 256];
    // SAFETY: the buffer is writable for the length passed.
    let done = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
    let end = buf.iter().position(|&b| b == 0)?;
    (done == 0).then(|| String::from_utf8_lossy(&buf[..end]).into_owned())
}

/// The address this machine would reach the world from (no packet is sent: a UDP
/// socket only picks its route when connected), if it has a network.
fn primary_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

#[test]
fn listening_beyond_loopback_the_machine_s_own_addresses_and_name_are_answered() {
    let t = Table::new();
    friday(&t);
    let s = Serving::on(&t, &["friday"], "0.0.0.0:0");
    let to = s.local();
    let port = to.port();
    // The address it prints, and loopback.
    for host in [
        s.addr.to_string(),
        format!("127.0.0.1:{port}"),
        "localhost".into(),
    ] {
        assert_eq!(status_for(to, &host), 200, "{host}");
    }
    // Asked over loopback by another of its addresses: that one is on its own list.
    match primary_address() {
        Some(ip) => {
            let host = SocketAddr::new(ip, port).to_string();
            assert_eq!(status_for(to, &host), 200, "{host}");
        }
        None => eprintln!("skipped the network address: this machine has no network"),
    }
    let name = host_name().expect("a host name");
    let first = name.split('.').next().unwrap_or(&name).to_string();
    for host in [format!("{name}:{port}"), format!("{first}.local:{port}")] {
        assert_eq!(status_for(to, &host), 200, "{host}");
    }
}

#[test]
fn a_connection_that_sends_nothing_is_closed_within_the_first_byte_timeout() {
    let (_t, s) = serving_friday();
    let mut silent = TcpStream::connect(s.addr).expect("connects");
    silent.set_read_timeout(Some(PATIENCE)).expect("timeout");
    let started = Instant::now();
    let read = silent.read(&mut [0u8; 1]);
    let took = started.elapsed();
    assert!(
        matches!(read, Ok(0)) || read.is_err(),
        "closed, not answered: {read:?}"
    );
    assert!(took >= FIRST_BYTE_TIMEOUT / 2, "{took:?}");
    assert!(took < HEAD_TIMEOUT / 2, "closed after {took:?}");
}

#[test]
fn a_request_head_that_has_begun_has_the_whole_head_timeout() {
    let (_t, s) = serving_friday();
    let mut slow = TcpStream::connect(s.addr).expect("connects");
    slow.set_read_timeout(Some(PATIENCE)).expect("timeout");
    slow.write_all(b"GET / HTTP/1.1\r\n").expect("sends");
    std::thread::sleep(FIRST_BYTE_TIMEOUT + Duration::from_millis(500));
    write!(slow, "Host: {}\r\nConnection: close\r\n\r\n", s.addr).expect("sends");
    let mut answer = String::new();
    slow.read_to_string(&mut answer).expect("reads");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// Serving `GET /` and the event stream to a client at `from`, promptly.
#[cfg(target_os = "linux")]
fn served_promptly(from: std::net::Ipv4Addr, addr: SocketAddr) -> Events {
    let started = Instant::now();
    let page = http::get_from(from, addr, "/");
    assert_eq!(page.status, 200, "{}", page.head);
    let mut events = Events::open_from(from, addr);
    assert_eq!(events.status, 200, "{}", events.head);
    let first = events.next(Instant::now() + Duration::from_secs(2));
    assert!(first.is_some(), "the board, at once");
    let took = started.elapsed();
    eprintln!("the other client had its page and first event after {took:?}");
    assert!(took < Duration::from_secs(2), "served after {took:?}");
    events
}

#[test]
#[cfg(target_os = "linux")]
fn a_flood_of_silent_sockets_from_one_address_leaves_room_for_another_client() {
    let (_t, s) = serving_friday();
    let flood: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(s.addr).expect("connects"))
        .collect();
    let _events = served_promptly(std::net::Ipv4Addr::new(127, 0, 0, 2), s.addr);
    let open = flood.iter().filter(|f| http::still_open(f)).count();
    eprintln!("silent sockets from one address still open: {open} of 300");
    assert!(open <= MAX_PER_CLIENT, "{open} open");
}

#[test]
#[cfg(target_os = "linux")]
fn when_every_slot_is_taken_the_oldest_silent_connection_makes_room_for_a_newcomer() {
    let (_t, s) = serving_friday();
    // Silent sockets from six addresses, each within its share: more than all slots.
    let flood: Vec<TcpStream> = (3..9)
        .flat_map(|k| {
            (0..MAX_PER_CLIENT)
                .map(move |_| http::connect_from(std::net::Ipv4Addr::new(127, 0, 0, k), s.addr))
        })
        .collect();
    assert!(flood.len() > MAX_CONNECTIONS);
    let _events = served_promptly(std::net::Ipv4Addr::new(127, 0, 0, 2), s.addr);
    let open = flood.iter().filter(|f| http::still_open(f)).count();
    eprintln!(
        "silent sockets from six addresses still open: {open} of {}",
        flood.len()
    );
    assert!(open < MAX_CONNECTIONS, "{open} open");
    assert!(!http::still_open(&flood[0]), "the oldest went first");
}

/// A slowloris: `per` sockets from each of `from`, each sending a request line and then
/// a header line every 0.4 s, never ending its head; a socket the server closes is
/// opened again at the next line, as the attack did. Runs until `stop` is set, at most
/// a minute; gives how many times a socket was opened again.
#[cfg(target_os = "linux")]
fn slowloris(
    to: SocketAddr,
    from: Vec<std::net::Ipv4Addr>,
    per: usize,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<usize> {
    std::thread::spawn(move || {
        let open = |ip| {
            let mut s = http::try_connect_from(ip, to).ok()?;
            write!(s, "GET / HTTP/1.1\r\nHost: {to}\r\n").ok()?;
            Some(s)
        };
        let mut sockets: Vec<(std::net::Ipv4Addr, Option<TcpStream>)> = from
            .iter()
            .flat_map(|ip| (0..per).map(move |_| *ip))
            .map(|ip| (ip, open(ip)))
            .collect();
        let mut reopened = 0;
        let until = Instant::now() + Duration::from_secs(60);
        while !stop.load(std::sync::atomic::Ordering::Relaxed) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(400));
            for (ip, socket) in &mut sockets {
                let alive = socket
                    .as_mut()
                    .is_some_and(|s| http::still_open(s) && s.write_all(b"X-Slow: 1\r\n").is_ok());
                if !alive {
                    *socket = open(*ip);
                    reopened += 1;
                }
            }
        }
        reopened
    })
}

#[test]
#[cfg(target_os = "linux")]
fn a_slowloris_from_six_addresses_gives_its_slots_up_to_a_seventh_client() {
    let (_t, s) = serving_friday();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let addresses: Vec<_> = (3..9)
        .map(|k| std::net::Ipv4Addr::new(127, 0, 0, k))
        .collect();
    let attack = slowloris(
        s.addr,
        addresses,
        MAX_PER_CLIENT,
        std::sync::Arc::clone(&stop),
    );
    const {
        assert!(
            6 * MAX_PER_CLIENT > MAX_CONNECTIONS,
            "more sockets than slots"
        )
    };
    // Past the time a browser takes to send its head, every head is a slow one (the
    // attack still has seconds of its head timeout to go).
    std::thread::sleep(Duration::from_millis(1500));
    let tries = 5;
    let mut served = 0;
    for _ in 0..tries {
        let page = http::try_get_from(std::net::Ipv4Addr::new(127, 0, 0, 2), s.addr, "/");
        if page.is_some_and(|p| p.status == 200) {
            served += 1;
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let reopened = attack.join().expect("the attack");
    eprintln!(
        "the seventh client had the page {served} times of {tries}; the attack reopened {reopened} sockets"
    );
    assert_eq!(served, tries, "every try of the seventh client is served");
}

#[test]
#[cfg(target_os = "linux")]
fn a_client_holding_every_event_stream_gives_each_other_client_its_share() {
    let (_t, s) = serving_friday();
    let hog = std::net::Ipv4Addr::new(127, 0, 0, 3);
    // Forty streams opened and never read, as the attack did: alone, a client may
    // hold them all.
    let mut held: Vec<Events> = (0..40).map(|_| Events::open_from(hog, s.addr)).collect();
    let statuses: Vec<u16> = held.iter().map(|e| e.status).collect();
    assert_eq!(statuses[..MAX_STREAMS], [200; MAX_STREAMS]);
    assert_eq!(statuses[MAX_STREAMS..], [503; 8]);
    let others = 5;
    let head = http::raw_from(
        std::net::Ipv4Addr::new(127, 0, 0, 4),
        s.addr,
        &format!(
            "HEAD /events HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.addr
        ),
    );
    assert_eq!(
        head.status, 200,
        "HEAD says a GET would get one: {}",
        head.head
    );
    let mut streams: Vec<Events> = (4..4 + others)
        .map(|k| {
            let mut e = Events::open_from(std::net::Ipv4Addr::new(127, 0, 0, k), s.addr);
            assert_eq!(e.status, 200, "client {k}: {}", e.head);
            assert!(e.next(Instant::now() + PATIENCE).is_some(), "its board");
            e
        })
        .collect();
    // Each took the place of one of the hog's, its oldest first, and no more.
    for (k, e) in held.iter_mut().take(others as usize).enumerate() {
        assert!(
            e.ends_by(Instant::now() + PATIENCE),
            "the hog's stream {k} closed"
        );
    }
    assert!(
        !held[others as usize].ends_by(Instant::now() + Duration::from_millis(300)),
        "the rest stay open"
    );
    let again = Events::open_from(hog, s.addr);
    assert_eq!(
        again.status, 503,
        "it cannot take them back: {}",
        again.head
    );
    for e in &mut streams {
        assert!(
            !e.ends_by(Instant::now() + Duration::from_millis(100)),
            "still open"
        );
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_stream_whose_client_does_not_read_is_the_first_given_up_for_a_newcomer() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let (t, s) = serving_friday();
    let reader_of = std::net::Ipv4Addr::new(127, 0, 0, 4);
    // One stream that is never read, the oldest of all...
    let mut stuck = Events::open_from(std::net::Ipv4Addr::new(127, 0, 0, 3), s.addr);
    assert_eq!(stuck.status, 200);
    // ...and every other one read by a client that holds them all: by the share alone,
    // the newcomer would take the place of that client's oldest. One of them, read
    // here, paces the boards.
    let mut pacer = Events::open_from(reader_of, s.addr);
    assert_eq!(pacer.status, 200, "{}", pacer.head);
    let stop = Arc::new(AtomicBool::new(false));
    let read_until_stopped = |mut e: Events| {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                if e.ends_by(Instant::now() + Duration::from_millis(100)) {
                    return true;
                }
            }
            false
        })
    };
    let mut readers: Vec<_> = (2..MAX_STREAMS)
        .map(|_| {
            let e = Events::open_from(reader_of, s.addr);
            assert_eq!(e.status, 200, "{}", e.head);
            read_until_stopped(e)
        })
        .collect();
    // Notes, a board of about 11 KB each, until the stuck stream stalls. Each note is
    // written once the last has reached a reader as a board of its own: a loaded
    // machine would otherwise fold notes written close together into fewer boards,
    // and the stuck client's buffers might never fill. Its own buffer (about 128 KB)
    // is full when what waits in it stops growing; twenty boards more (220 KB) are
    // more than the server can hold for it past that (its send buffer, hyper's and the
    // stream's channel: under 110 KB), so its stream has stalled by then.
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .open(t.log_path("friday"))
        .expect("the log");
    let (mut seq, mut queued, mut unchanged) = (5, stuck.queued(), 0);
    while unchanged < 20 {
        assert!(
            seq < 400,
            "the stuck client's buffers still took boards after {seq} notes"
        );
        let text = format!("note {seq} {}", "x".repeat(400));
        let event = serde_json::json!({"type": "noted", "text": text});
        writeln!(
            log,
            "{{\"seq\":{seq},\"at\":\"2026-11-27T00:00:00Z\",\"event\":{event}}}"
        )
        .expect("append");
        let shown = format!("note {seq} x");
        let deadline = Instant::now() + PATIENCE;
        while !pacer
            .next(deadline)
            .unwrap_or_else(|| panic!("note {seq} reached a reading stream"))
            .data
            .contains(&shown)
        {}
        let now = stuck.queued();
        unchanged = if now == queued { unchanged + 1 } else { 0 };
        queued = now;
        seq += 1;
    }
    readers.push(read_until_stopped(pacer));
    // The stuck stream stalled at the latest ten boards ago: this long after, it has
    // been stalled for longer than a phone that reads ever is.
    std::thread::sleep(STALLED + Duration::from_millis(500));
    let mut newcomer = Events::open_from(std::net::Ipv4Addr::new(127, 0, 0, 5), s.addr);
    assert_eq!(newcomer.status, 200, "{}", newcomer.head);
    assert!(
        newcomer.next(Instant::now() + PATIENCE).is_some(),
        "its board"
    );
    assert!(
        stuck.ends_by(Instant::now() + PATIENCE),
        "the stuck stream was closed"
    );
    stop.store(true, Ordering::Relaxed);
    let ended = readers
        .into_iter()
        .map(|r| r.join().unwrap_or(true))
        .filter(|ended| *ended)
        .count();
    assert_eq!(ended, 0, "every stream that reads stays open");
}

#[test]
fn a_log_that_cannot_be_read_is_reported_on_the_page_without_a_path() {
    let (t, s) = serving_friday();
    let mut events = Events::open(s.addr);
    events
        .next(Instant::now() + PATIENCE)
        .expect("the board now");
    let dir = t.dir().to_string_lossy().into_owned();
    let shows_no_path = |shown: &str| {
        assert!(!shown.contains(&dir), "{shown}");
        assert!(!shown.contains(".jsonl"), "{shown}");
    };

    std::fs::remove_file(t.log_path("friday")).expect("removed");
    let gone = events
        .next(Instant::now() + Duration::from_secs(2))
        .expect("a notice");
    assert!(
        gone.data
            .contains("the log cannot be read just now: it was removed or renamed"),
        "{}",
        gone.data
    );
    shows_no_path(&gone.data);
    shows_no_path(&get(s.addr, "/").body);

    std::fs::write(t.log_path("friday"), "not a log\n").expect("written");
    let damaged = events
        .next(Instant::now() + Duration::from_secs(2))
        .expect("another notice");
    assert!(
        damaged.data.contains("it no longer reads as a session"),
        "{}",
        damaged.data
    );
    shows_no_path(&damaged.data);
    assert_eq!(
        standings_rows(&damaged.data)[1],
        vec!["bob", "28", "28"],
        "the board as it last stood"
    );
}

#[test]
fn head_on_the_event_stream_is_answered_as_its_allow_header_says() {
    let (_t, s) = serving_friday();
    let refused = request(s.addr, "POST", "/events");
    assert_eq!(refused.status, 405);
    let allow = refused.header("allow").expect("an allow header");
    assert_eq!(allow, "GET, HEAD");
    let head = request(s.addr, "HEAD", "/events");
    assert_eq!(head.status, 200, "{}", head.head);
    assert_eq!(
        head.header("content-type"),
        Some("text/event-stream; charset=utf-8")
    );
    assert_eq!(head.body, "", "a HEAD has no body");
}

/// A word check of `word` asking for `accept`, from the local address `from`.
fn check_from(from: std::net::Ipv4Addr, addr: SocketAddr, word: &str, accept: &str) -> http::Reply {
    http::raw_from(
        from,
        addr,
        &format!(
            "GET /check?word={word} HTTP/1.1\r\nHost: {addr}\r\nAccept: {accept}\r\nConnection: close\r\n\r\n"
        ),
    )
}

fn check_json(addr: SocketAddr, word: &str) -> (u16, serde_json::Value) {
    let reply = check_from(
        std::net::Ipv4Addr::LOCALHOST,
        addr,
        word,
        "application/json",
    );
    assert_eq!(reply.header("content-type"), Some("application/json"));
    let value = serde_json::from_str(&reply.body).expect("json");
    (reply.status, value)
}

#[test]
fn the_word_check_answers_json_with_the_word_whether_it_is_allowed_and_why_and_writes_nothing() {
    let (t, s) = serving_friday();
    let before = t.log("friday");
    let (status, v) = check_json(s.addr, "qi");
    assert_eq!(status, 200);
    assert_eq!(v["word"], "QI");
    assert_eq!(v["allowed"], true);
    assert_eq!(v["reason"], "SCOWL 70 (uncommon)");
    assert_eq!(v["rules"], "take-two (level 80)");
    assert_eq!(v["judge"], false);
    let (status, v) = check_json(s.addr, "x%2Dray");
    assert_eq!(
        (status, &v["word"], &v["allowed"]),
        (200, &"XRAY".into(), &false.into())
    );
    assert!(
        v["reason"].as_str().is_some_and(|r| r.contains("hyphen")),
        "{v}"
    );
    for (asked, why) in [("", "type a word"), ("qi+za", "one word at a time")] {
        let (status, v) = check_json(s.addr, asked);
        assert_eq!(status, 400, "{asked}");
        assert!(v["error"].as_str().is_some_and(|e| e.contains(why)), "{v}");
    }
    // The page's script gets the verdict as HTML, ready to put in place.
    let html = check_from(std::net::Ipv4Addr::LOCALHOST, s.addr, "dont", "*/*");
    assert_eq!(html.status, 200);
    assert_eq!(
        html.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(
        html.body,
        "<span class=\"checked no\"><b class=\"word\">DONT</b> ✗ only as &quot;don&#39;t&quot;: needs an apostrophe</span>"
    );
    assert_eq!(t.log("friday"), before, "a look-up is not a ruling");
    let page = get(s.addr, "/");
    assert!(
        page.body.contains("nothing is recorded"),
        "the page says so"
    );
    assert!(
        page.header("content-security-policy")
            .is_some_and(|p| p.contains("form-action 'self'")),
        "the form may be sent here"
    );
}

#[test]
fn two_word_parameters_to_the_word_check_get_400_as_two_words_do() {
    let (_t, s) = serving_friday();
    for asked in ["qi&word=za", "&word=qi", "qi&word=qi"] {
        let (status, v) = check_json(s.addr, asked);
        assert_eq!(status, 400, "{asked}: {v}");
        assert_eq!(v["error"], "one word at a time", "{asked}");
    }
    let (status, v) = check_json(s.addr, "qi&words=za");
    assert_eq!(
        (status, &v["word"]),
        (200, &"QI".into()),
        "another parameter"
    );
}

#[test]
fn in_judge_mode_a_word_and_a_ruling_are_only_acceptable_or_not() {
    let t = Table::new();
    friday(&t);
    let run = t.run(&["resume", "friday"], "check qi dont\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["friday", "--judge"]);
    let (_, v) = check_json(s.addr, "dont");
    assert_eq!(v["reason"], "not acceptable");
    assert_eq!(v["allowed"], false);
    assert_eq!(v["judge"], true);
    let (_, v) = check_json(s.addr, "qi");
    assert_eq!(v["reason"], "acceptable");
    let page = get(s.addr, "/").body;
    assert!(page.contains("ruling (check): not acceptable"), "{page}");
    assert!(page.contains("✗ not acceptable"), "{page}");
    assert!(
        !page.contains("apostrophe") && !page.contains("SCOWL"),
        "no reasons: {page}"
    );
}

#[test]
fn a_game_that_judges_no_words_has_no_word_check() {
    let t = Table::new();
    let run = t.run(
        &["new", "board-chips", "ann", "ben", "--name", "chips"],
        "turn ann 2 1\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["chips"]);
    let (status, v) = check_json(s.addr, "qi");
    assert_eq!(status, 404);
    assert_eq!(v["error"], "the game being shown judges no words");
    assert!(get(s.addr, "/").body.contains("data-words=\"no\""));
}

#[cfg(target_os = "linux")]
#[test]
fn a_client_past_its_allowance_of_word_checks_is_told_when_to_try_again() {
    let (_t, s) = serving_friday();
    let from = std::net::Ipv4Addr::new(127, 0, 0, 4);
    // Checks one after another until one is refused: a burst of 20, then 5 a second,
    // so how many are answered depends on how long this machine took to ask them.
    let started = Instant::now();
    let mut ok = 0;
    let refused = loop {
        let reply = check_from(from, s.addr, "qi", "application/json");
        if reply.status != 200 {
            break reply;
        }
        ok += 1;
        assert!(ok < 1000, "never refused in {:?}", started.elapsed());
    };
    let took = started.elapsed();
    let earned = (took.as_secs_f64() * 5.0).ceil() as usize;
    assert!(
        (20..=20 + earned).contains(&ok),
        "a burst of 20, then 5 a second: {ok} answered in {took:?}"
    );
    assert_eq!(refused.status, 429);
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert!(refused.body.contains("too many checks"), "{}", refused.body);
    // Another address has its own allowance.
    let other = check_from(std::net::Ipv4Addr::new(127, 0, 0, 5), s.addr, "qi", "*/*");
    assert_eq!(other.status, 200);
}

/// The times `n` fetches of `/` from `from` take, sorted.
#[cfg(target_os = "linux")]
fn page_times(from: std::net::Ipv4Addr, addr: SocketAddr, n: usize) -> Vec<Duration> {
    let mut times: Vec<Duration> = (0..n)
        .map(|_| {
            let started = Instant::now();
            let page = http::get_from(from, addr, "/");
            assert_eq!(page.status, 200);
            started.elapsed()
        })
        .collect();
    times.sort();
    times
}

/// How long the other client's page took, calm and under the flood, is printed, not
/// compared: on a machine whose two cores are already taken, the flood's four threads
/// and the server's answers to them lengthen every wait for a core, and the page's
/// median went from 1.6 ms calm to 33.5 ms (issue 52) with nothing of umpire's in the
/// way. Speed is for benchmarks; this holds what a loaded machine cannot change: the
/// flood is turned away, and the other client's page is answered all through it.
#[cfg(target_os = "linux")]
#[test]
fn a_flood_of_word_checks_from_one_client_is_turned_away_and_another_client_s_page_still_answers() {
    let (_t, s) = serving_friday();
    let other = std::net::Ipv4Addr::new(127, 0, 0, 3);
    let calm = page_times(other, s.addr, 20);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let addr = s.addr;
    let flood: Vec<_> = (0..4)
        .map(|_| {
            let stop = std::sync::Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut answered = [0usize; 2];
                let deadline = Instant::now() + Duration::from_secs(10);
                while !stop.load(std::sync::atomic::Ordering::SeqCst) && Instant::now() < deadline {
                    let r = check_from(std::net::Ipv4Addr::new(127, 0, 0, 2), addr, "qi", "*/*");
                    answered[usize::from(r.status == 429)] += 1;
                }
                answered
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let flooded = page_times(other, s.addr, 20);
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let (mut verdicts, mut refused) = (0, 0);
    for f in flood {
        let [v, r] = f.join().expect("the flood");
        verdicts += v;
        refused += r;
    }
    let median = |t: &[Duration]| t[t.len() / 2];
    eprintln!(
        "page fetch from another client: median {:?} calm, {:?} under a flood of {} checks ({} refused)",
        median(&calm),
        median(&flooded),
        verdicts + refused,
        refused
    );
    assert!(
        refused > verdicts,
        "the flood is mostly turned away: {verdicts} {refused}"
    );
}

#[test]
fn a_word_check_is_answered_within_50_ms() {
    let (_t, s) = serving_friday();
    let words = [
        "qi",
        "za",
        "dont",
        "london",
        "cafe",
        "xylophone",
        "zzz",
        "quixotic",
    ];
    let mut times: Vec<Duration> = (0..16)
        .map(|k| {
            let started = Instant::now();
            let (status, _) = check_json(s.addr, words[k % words.len()]);
            assert_eq!(status, 200);
            started.elapsed()
        })
        .collect();
    times.sort();
    let (median, worst) = (times[times.len() / 2], times[times.len() - 1]);
    eprintln!("a word check over HTTP: median {median:?}, slowest {worst:?}");
    assert!(median < Duration::from_millis(50), "{times:?}");
}

#[test]
fn listening_beyond_loopback_serve_prints_the_address_phones_open_and_its_code() {
    let t = Table::new();
    friday(&t);
    let mut child = t
        .command()
        .args(["serve", "friday", "--listen", "0.0.0.0:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve starts");
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            let _ = tx.send(line);
        }
    });
    let mut lines = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_millis(1500)) {
        lines.push(line);
    }
    let _ = child.kill();
    let _ = child.wait();
    let text = lines.join("\n");
    match primary_address() {
        Some(ip) => {
            assert!(!lines[0].contains("0.0.0.0"), "{text}");
            assert!(lines[0].contains(&format!("http://{ip}:")), "{text}");
            assert!(
                text.contains("phones on this network open http://"),
                "{text}"
            );
            assert!(
                text.contains("█▀") || text.contains("▀█"),
                "a QR code: {text}"
            );
        }
        None => assert!(text.contains("no network address beyond itself"), "{text}"),
    }
}

/// Every game's demo (umpire's, and Oh Hell's through its program), with a note, a word check where the game judges words,
/// and an undo and a redo, as a log's lines: the header, then one entry a line.
fn demo_logs() -> Vec<(&'static str, Vec<String>)> {
    crate::common::every_game()
        .into_iter()
        .map(|(program, game)| {
            let demo = (game.demo)();
            let t = Table::running(program);
            let mut args = vec!["new", game.name];
            args.extend(demo.new.iter().copied());
            args.extend(["--name", "follow"]);
            let mut script: String = demo.script.iter().map(|l| format!("{l}\n")).collect();
            script.push_str("note half time\ncheck qi dont\nundo\nredo\nnote the end\n");
            let run = t.run(&args, &script);
            assert!(run.code.is_some(), "{}: {}", game.name, run.stdout);
            let text = String::from_utf8(t.log("follow")).expect("text");
            (game.name, text.lines().map(|l| format!("{l}\n")).collect())
        })
        .collect()
}

#[test]
fn following_a_log_entry_by_entry_ends_where_reading_it_whole_does_in_every_game() {
    use umpire::session::{AnySession, read_bytes, store};
    let with = umpire::session::OpenWith {
        lexicon: std::sync::Arc::new(umpire::lexicon::Lexicon::embedded().expect("dictionary")),
        games: crate::common::all_games(),
    };
    let path = std::path::Path::new("follow.jsonl");
    let seen = |s: &dyn AnySession, rulings: &[umpire::session::RulingRecord], notes: &[String]| {
        format!(
            "{:?}\n{:?}\n{:?}\n{rulings:?}\n{notes:?}",
            s.standings(),
            s.table_view(),
            s.latest().map(|l| (l.told, l.undid)),
        )
    };
    for (game, lines) in demo_logs() {
        let whole = read_bytes(path, lines.concat().as_bytes(), with.clone()).expect("reads");
        let expected = seen(whole.as_ref(), &whole.rulings(), &whole.notes());
        for start in 1..lines.len() {
            let mut s =
                read_bytes(path, lines[..start].concat().as_bytes(), with.clone()).expect("reads");
            let (mut rulings, mut notes) = (s.rulings(), s.notes());
            let mut latest = s.latest().map(|l| (l.told, l.undid));
            for line in &lines[start..] {
                let tail = format!("{}{line}", lines[0]);
                let contents = store::parse(path, tail.as_bytes()).expect("a line");
                let followed = s.follow(contents.entries);
                match (followed.rulings, followed.notes) {
                    (Some(r), Some(n)) => {
                        rulings.extend(r);
                        notes.extend(n);
                    }
                    _ => (rulings, notes) = (s.rulings(), s.notes()),
                }
                latest = followed.latest.map(|l| (l.told, l.undid)).or(latest);
            }
            assert_eq!(
                latest,
                whole.latest().map(|l| (l.told, l.undid)),
                "{game} from line {start}"
            );
            assert_eq!(
                seen(s.as_ref(), &rulings, &notes),
                expected,
                "{game}, following from line {start}"
            );
        }
    }
}

#[test]
fn an_entry_reaches_the_event_stream_within_100_ms_of_being_recorded() {
    let (t, s) = serving_friday();
    let mut events = Events::open(s.addr);
    let first = events.next(Instant::now() + PATIENCE).expect("the board");
    let mut prompt = http::Prompt::open(&t, "friday");
    let mut took = Vec::new();
    for k in 0..6 {
        let recorded = prompt.record(&format!("note entry {k}"));
        let next = events
            .next(recorded + Duration::from_secs(2))
            .expect("the entry arrives");
        assert!(next.id > first.id);
        assert!(
            next.data.contains(&format!("note: entry {k}")),
            "{}",
            next.data
        );
        took.push(Instant::now().saturating_duration_since(recorded));
    }
    took.sort();
    eprintln!("entry to event stream: {took:?}");
    assert!(
        took[took.len() / 2] < Duration::from_millis(100),
        "{took:?}"
    );
}

#[test]
fn a_log_replaced_by_rename_or_cut_shorter_is_read_again_whole() {
    let (t, s) = serving_friday();
    let mut events = Events::open(s.addr);
    events.next(Instant::now() + PATIENCE).expect("the board");
    let path = t.log_path("friday");
    let original = t.log("friday");
    // Another evening's log saved over it by rename, as a sync tool does.
    let other = Table::new();
    let run = other.run(
        &[
            "new", "take-two", "alice", "bob", "carol", "--name", "friday",
        ],
        "out alice\nleft bob QZ\nleft carol E\nend\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let beside = path.with_extension("new");
    std::fs::write(&beside, other.log("friday")).expect("written");
    std::fs::rename(&beside, &path).expect("renamed");
    let replaced = events
        .next(Instant::now() + Duration::from_secs(2))
        .expect("the new log's board");
    assert_eq!(
        standings_rows(&replaced.data)[1],
        vec!["bob", "20", "20"],
        "{}",
        replaced.data
    );
    // The first evening back, and its last line cut off by hand.
    let lines: Vec<&[u8]> = original.split_inclusive(|b| *b == b'\n').collect();
    std::fs::write(&path, lines[..lines.len() - 1].concat()).expect("written");
    let cut = events
        .next(Instant::now() + Duration::from_secs(2))
        .expect("the cut log's board");
    assert!(cut.data.contains("round 1"), "{}", cut.data);
}
