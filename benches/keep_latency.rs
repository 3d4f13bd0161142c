//! A phone keeping score, timed over loopback: `umpire serve NAME --keep` (the release
//! build, or `BIN`) on a six-player Take Two session, a watcher holding the room's
//! event stream, and `LINES` lines (default 100) posted to the scorekeeper's link as
//! the page's script posts them, one every `PACE_MS` (default 450: a brisk table, and
//! inside the link's allowance of 20 at once and 2 a second). For each line: the whole
//! HTTP round trip (connect, POST, the answer, which comes once the entry is on disk),
//! how long after that answer the watcher's stream brought the new board, and how long
//! until another phone's page had its new board and buttons (the fragment its script
//! fetches, `?board=DESK`, when the stream says the board changed).
//!
//!   cargo build --release && cargo bench -p umpire-benches --bench keep_latency
//!
//! Prints the median, p95 and slowest of each, and of the board from the line sent.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let bin = std::env::var_os("BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/release/umpire"));
    assert!(
        bin.is_file(),
        "no build at {} (cargo build --release first, or BIN=path)",
        bin.display()
    );
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let lines = number("LINES", 100) as usize;
    let pace = Duration::from_millis(number("PACE_MS", 450));
    let dir = tempfile::tempdir().expect("a scratch directory");
    let sessions = dir.path().join("sessions");
    let players = ["p1", "p2", "p3", "p4", "p5", "p6"];
    let status = Command::new(&bin)
        .arg("--sessions")
        .arg(&sessions)
        .args(["new", "take-two"])
        .args(players)
        .args(["--name", "bench"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .expect("umpire runs");
    assert!(status.success());
    let mut serve = Command::new(&bin)
        .arg("--sessions")
        .arg(&sessions)
        .args(["serve", "bench", "--keep", "--listen", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve starts");
    let mut out = BufReader::new(serve.stdout.take().expect("stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("serve says where");
    std::thread::spawn(move || for _ in out.lines() {});
    let addr: SocketAddr = first
        .split_once("http://")
        .and_then(|(_, rest)| rest.split('/').next())
        .and_then(|a| a.parse().ok())
        .expect("an address");
    // The session's own code, or (before each session had one) the folder's.
    let code = std::fs::read_to_string(sessions.join(".bench.keep-code"))
        .or_else(|_| std::fs::read_to_string(sessions.join(".keep-code")))
        .expect("the code");

    // The watcher: every board the event stream brings, when it came.
    let (boards, seen) = mpsc::channel::<Instant>();
    let mut stream = TcpStream::connect(addr).expect("connects");
    write!(
        stream,
        "GET /events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("asks");
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if line.starts_with("id: ") {
                let _ = boards.send(Instant::now());
            }
        }
    });
    seen.recv_timeout(Duration::from_secs(5))
        .expect("the first board");

    let script: Vec<String> = (0..lines)
        .map(|n| {
            let k = n % (players.len() + 1);
            match k {
                0 => format!("out {}", players[0]),
                k if k == players.len() => "end".to_string(),
                k => format!(
                    "left {} {}",
                    players[k],
                    ["EA", "IO", "T", "QZ", "N"][k - 1]
                ),
            }
        })
        .collect();
    let mut answered = Vec::new();
    let mut followed = Vec::new();
    let mut sent_to_board = Vec::new();
    let mut other_page = Vec::new();
    for line in &script {
        std::thread::sleep(pace);
        while seen.try_recv().is_ok() {}
        let body = format!("line={}", line.replace(' ', "+"));
        let sent = Instant::now();
        let mut s = TcpStream::connect(addr).expect("connects");
        write!(
            s,
            "POST /keep/{code} HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .expect("posts");
        let mut reply = String::new();
        s.read_to_string(&mut reply).expect("the answer");
        let acked = Instant::now();
        assert!(
            reply.starts_with("HTTP/1.1 200") && reply.contains("\"recorded\":true"),
            "{line}: {reply}"
        );
        let board = seen
            .recv_timeout(Duration::from_secs(5))
            .expect("the watcher's board");
        // Another phone's page: its script fetches the board and buttons once told.
        let mut s = TcpStream::connect(addr).expect("connects");
        write!(
            s,
            "GET /keep/{code}?board=0123456789abcdef HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .expect("asks");
        let mut fragment = String::new();
        s.read_to_string(&mut fragment).expect("the board");
        assert!(fragment.starts_with("HTTP/1.1 200"), "{fragment}");
        other_page.push(Instant::now().saturating_duration_since(acked));
        answered.push(acked - sent);
        followed.push(board.saturating_duration_since(acked));
        sent_to_board.push(board.saturating_duration_since(sent));
    }
    // The server's own time on a processor over the whole run, every thread's (Linux:
    // utime and stime of /proc/PID/stat, in ticks of 10 ms), which other work on the
    // machine does not stretch as it does the round trips.
    let cpu = std::fs::read_to_string(format!("/proc/{}/stat", serve.id()))
        .ok()
        .and_then(|s| {
            let after = s.rsplit_once(')')?.1;
            let fields: Vec<&str> = after.split_whitespace().collect();
            let ticks = |k: usize| fields.get(k)?.parse::<u64>().ok();
            Some(ticks(11)? + ticks(12)?)
        });
    let _ = serve.kill();
    let _ = serve.wait();
    if let Some(ticks) = cpu {
        println!(
            "the server's processor time: {} ms in all, {:.2} ms a line (its answer, the boards and another phone's fetch)",
            ticks * 10,
            ticks as f64 * 10.0 / lines as f64
        );
    }
    let summary = |what: &str, mut d: Vec<Duration>| {
        d.sort();
        let at = |q: f64| d[((d.len() as f64 - 1.0) * q).round() as usize];
        println!(
            "{what}: median {:.1} ms, p95 {:.1} ms, slowest {:.1} ms ({} lines)",
            at(0.5).as_secs_f64() * 1e3,
            at(0.95).as_secs_f64() * 1e3,
            at(1.0).as_secs_f64() * 1e3,
            d.len()
        );
    };
    summary("a phone's line answered (whole HTTP round trip)", answered);
    summary(
        "the watcher's board, after the answer (0: before it)",
        followed,
    );
    summary("the watcher's board, from the line sent", sent_to_board);
    summary(
        "another phone's board and buttons fetched, after the answer",
        other_page,
    );
}
