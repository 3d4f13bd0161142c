//! A club night under load, over loopback: `umpire room club` (the release build, or
//! `BIN`) with `TABLES` Take Two tables (default 8) served from its prompt, `PHONES`
//! phones a table (default 4) each following the room's page as a TV does (one TV
//! besides), and three runs:
//!
//! 1. **the flood**: `WAVES` waves (default 20), one every `PACE_MS` (default 2500), in
//!    which every phone posts a line to its table's link at the same moment. For each
//!    line, the whole HTTP round trip (connect, POST, the answer, which comes once the
//!    entry is on disk); and for each table and wave, how long after the last of its
//!    lines was answered the TV's stream brought a room's page showing it.
//! 2. **one table floods**: table 1's phones post as fast as they can (its link's
//!    allowance answers 429 past 20 at once and 2 a second) while the other tables go
//!    on at their pace: their answers, beside the flood's, and how many of table 1's
//!    lines were answered 200 and 429.
//! 3. **kill -9 in the flood**: every phone posts as fast as its table's allowance
//!    lets it; the process is killed with SIGKILL after `KILL_AFTER` answers (default
//!    100), the room reopened, and every line answered 200 looked for in its table's
//!    log: answered against found.
//!
//!   cargo build --release && cargo bench -p umpire-benches --bench room_load
//!
//! Prints the median, p95 and slowest of each, and the counts.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

/// A room served from its prompt, and what its terminal said.
struct Room {
    child: Child,
    _stdin: ChildStdin,
    addr: SocketAddr,
    /// Each table's link path (`/t/tN/keep/CODE`), in order.
    links: Vec<String>,
}

fn number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `umpire room club`, its tables started when `start` (else reopened), served.
fn open_room(bin: &Path, sessions: &Path, tables: usize, start: bool) -> Room {
    let mut child = Command::new(bin)
        .arg("--sessions")
        .arg(sessions)
        .args(["room", "club"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the room opens");
    let mut stdin = child.stdin.take().expect("stdin");
    if start {
        for t in 1..=tables {
            writeln!(stdin, "start t{t} take-two a b c d").expect("types");
        }
    }
    writeln!(stdin, "serve 127.0.0.1:0").expect("types");
    let out = BufReader::new(child.stdout.take().expect("stdout"));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut addr = None;
    let mut links = vec![String::new(); tables];
    let deadline = Instant::now() + Duration::from_secs(60);
    while links.iter().any(String::is_empty) {
        let line = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("the room says where it is served");
        if let Some(rest) = line.split("the room's page at http://").nth(1) {
            addr = rest.split('/').next().and_then(|a| a.parse().ok());
        }
        for (t, link) in links.iter_mut().enumerate() {
            let head = format!("t{} keep score: http://", t + 1);
            if let Some(url) = line.strip_prefix(&head) {
                *link = url
                    .find('/')
                    .map(|i| url[i..].to_string())
                    .unwrap_or_default();
            }
        }
    }
    std::thread::spawn(move || for _ in rx {});
    Room {
        child,
        _stdin: stdin,
        addr: addr.expect("the room's address"),
        links,
    }
}

/// Follows the room's page as a TV does: each board sent, when it came, on `seen`
/// (or only drained, for a phone).
fn follow(addr: SocketAddr, seen: Option<mpsc::Sender<(Instant, String)>>) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    write!(
        stream,
        "GET /events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("asks");
    std::thread::spawn(move || {
        let mut data = String::new();
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if let Some(d) = line.strip_prefix("data: ") {
                data.push_str(d);
            } else if line.is_empty() && !data.is_empty() {
                if let Some(seen) = &seen {
                    let _ = seen.send((Instant::now(), std::mem::take(&mut data)));
                }
                data.clear();
            }
        }
    });
}

/// One line posted: when it was sent and answered, its status, and its entry's seq.
#[derive(Clone, Debug)]
struct Posted {
    table: usize,
    marker: String,
    sent: Instant,
    answered: Instant,
    status: u16,
    seq: u64,
}

/// POSTs `line` to `link` as a phone's script does.
fn post(addr: SocketAddr, link: &str, line: &str) -> (u16, u64) {
    let body = format!("line={}", line.replace(' ', "+"));
    let Ok(mut s) = TcpStream::connect(addr) else {
        return (0, 0);
    };
    let sent = write!(
        s,
        "POST {link} HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut reply = String::new();
    if sent.is_err() || s.read_to_string(&mut reply).is_err() {
        return (0, 0);
    }
    let status = reply.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let seq = reply
        .split("\"seq\":")
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    (status, seq)
}

fn summary(what: &str, mut d: Vec<Duration>) {
    if d.is_empty() {
        println!("{what}: none");
        return;
    }
    d.sort();
    let at = |q: f64| d[((d.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{what}: median {:.1} ms, p95 {:.1} ms, slowest {:.1} ms ({})",
        at(0.5).as_secs_f64() * 1e3,
        at(0.95).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
        d.len()
    );
}

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
    let tables = number("TABLES", 8) as usize;
    let phones = number("PHONES", 4) as usize;
    let waves = number("WAVES", 20) as usize;
    let pace = Duration::from_millis(number("PACE_MS", 2500));
    let kill_after = number("KILL_AFTER", 100) as usize;
    let dir = tempfile::tempdir().expect("a scratch directory");
    let sessions = dir.path().join("sessions");
    let room = open_room(&bin, &sessions, tables, true);
    let addr = room.addr;
    let (tv, boards) = mpsc::channel();
    follow(addr, Some(tv));
    for _ in 0..tables * phones {
        follow(addr, None);
    }
    boards
        .recv_timeout(Duration::from_secs(10))
        .expect("the room's first board");
    let seen: Arc<Mutex<Vec<(Instant, String)>>> = Arc::default();
    let keep = Arc::clone(&seen);
    std::thread::spawn(move || {
        for b in boards {
            keep.lock().expect("boards").push(b);
        }
    });
    println!(
        "{tables} tables of {phones} phones, {} streams following the room's page",
        tables * phones + 1
    );

    // 1. The flood: every phone at once, a wave every PACE_MS.
    let posted: Arc<Mutex<Vec<Posted>>> = Arc::default();
    let barrier = Arc::new(Barrier::new(tables * phones));
    let mut threads = Vec::new();
    for t in 0..tables {
        for p in 0..phones {
            let (link, posted, barrier) = (
                room.links[t].clone(),
                Arc::clone(&posted),
                Arc::clone(&barrier),
            );
            threads.push(std::thread::spawn(move || {
                let start = Instant::now();
                for w in 0..waves {
                    let at = start + pace * w as u32;
                    std::thread::sleep(at.saturating_duration_since(Instant::now()));
                    barrier.wait();
                    let marker = format!("w{w}t{t}p{p}");
                    let sent = Instant::now();
                    let (status, seq) = post(
                        addr,
                        &link,
                        &format!("penalty {} {marker}", ["a", "b", "c", "d"][p % 4]),
                    );
                    posted.lock().expect("posted").push(Posted {
                        table: t,
                        marker,
                        sent,
                        answered: Instant::now(),
                        status,
                        seq,
                    });
                }
            }));
        }
    }
    for th in threads {
        let _ = th.join();
    }
    std::thread::sleep(Duration::from_secs(1));
    let posted = posted.lock().expect("posted").clone();
    let ok = posted.iter().filter(|p| p.status == 200).count();
    println!("the flood: {ok} of {} lines answered 200", posted.len());
    summary(
        "a phone's line answered (whole HTTP round trip)",
        posted.iter().map(|p| p.answered - p.sent).collect(),
    );
    // For each table and wave: from the last answer to the first board showing the
    // line its table recorded last.
    let boards = seen.lock().expect("boards").clone();
    let mut updates = Vec::new();
    let mut waves_of: HashMap<(usize, String), Vec<&Posted>> = HashMap::new();
    for p in &posted {
        let wave = p.marker.split('t').next().unwrap_or_default().to_string();
        waves_of.entry((p.table, wave)).or_default().push(p);
    }
    for lines in waves_of.values() {
        let (Some(last), Some(answered)) = (
            lines
                .iter()
                .filter(|p| p.status == 200)
                .max_by_key(|p| p.seq),
            lines.iter().map(|p| p.answered).max(),
        ) else {
            continue;
        };
        let first_sent = lines.iter().map(|p| p.sent).min().unwrap_or(answered);
        if let Some((at, _)) = boards
            .iter()
            .find(|(at, data)| *at >= first_sent && data.contains(&last.marker))
        {
            updates.push(at.saturating_duration_since(answered));
        }
    }
    summary(
        "the room's page showing a table's wave, after its last answer (0: before it)",
        updates,
    );

    // 2. One table floods while the others keep their pace.
    let flooding = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut flood = Vec::new();
    for p in 0..phones {
        let (link, flooding) = (room.links[0].clone(), Arc::clone(&flooding));
        flood.push(std::thread::spawn(move || {
            let (mut ok, mut slowed, mut n) = (0, 0, 0);
            while flooding.load(std::sync::atomic::Ordering::Relaxed) {
                match post(addr, &link, &format!("penalty a f{p}n{n}")).0 {
                    200 => ok += 1,
                    429 => slowed += 1,
                    _ => {}
                }
                n += 1;
            }
            (ok, slowed)
        }));
    }
    let mut others = Vec::new();
    for w in 0..10 {
        let start = Instant::now();
        let threads: Vec<_> = (1..tables)
            .map(|t| {
                let link = room.links[t].clone();
                std::thread::spawn(move || {
                    let sent = Instant::now();
                    let (status, _) = post(addr, &link, &format!("penalty b o{w}t{t}"));
                    (status, sent.elapsed())
                })
            })
            .collect();
        for th in threads {
            if let Ok((200, d)) = th.join() {
                others.push(d);
            }
        }
        std::thread::sleep(Duration::from_millis(800).saturating_sub(start.elapsed()));
    }
    flooding.store(false, std::sync::atomic::Ordering::Relaxed);
    let (mut ok, mut slowed) = (0, 0);
    for th in flood {
        if let Ok((o, s)) = th.join() {
            ok += o;
            slowed += s;
        }
    }
    println!("table 1 flooding: {ok} lines answered 200, {slowed} answered 429 (its allowance)");
    summary("the other tables' lines meanwhile, answered", others);

    // 3. Kill -9 in the middle of a flood of every table.
    let answered: Arc<Mutex<Vec<(usize, String)>>> = Arc::default();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut threads = Vec::new();
    for t in 0..tables {
        for p in 0..phones {
            let (link, answered, stop) = (
                room.links[t].clone(),
                Arc::clone(&answered),
                Arc::clone(&stop),
            );
            threads.push(std::thread::spawn(move || {
                let mut n = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let marker = format!("k{t}p{p}n{n}");
                    if post(addr, &link, &format!("penalty c {marker}")).0 == 200 {
                        answered.lock().expect("answered").push((t, marker));
                    }
                    n += 1;
                    std::thread::sleep(Duration::from_millis(100));
                }
            }));
        }
    }
    while answered.lock().expect("answered").len() < kill_after {
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut child = room.child;
    // SAFETY: a signal to the child this process started and still waits for.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGKILL);
    }
    let _ = child.wait();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for th in threads {
        let _ = th.join();
    }
    let answered = answered.lock().expect("answered").clone();
    // Reopened: every table opens with its log as it was left.
    let again = open_room(&bin, &sessions, tables, false);
    let logs: Vec<String> = (1..=tables)
        .map(|t| {
            std::fs::read_to_string(sessions.join(format!("club-t{t}.jsonl"))).unwrap_or_default()
        })
        .collect();
    let found = answered
        .iter()
        .filter(|(t, marker)| logs[*t].contains(&format!("\"{marker}\"")))
        .count();
    let mut child = again.child;
    let _ = child.kill();
    let _ = child.wait();
    println!(
        "kill -9 in the flood: {} lines answered 200, {found} of them found in their tables' logs after the room reopened",
        answered.len()
    );
    assert_eq!(found, answered.len(), "every line answered is on disk");
}
