//! Just enough of an HTTP client for the scoreboard tests, on a plain `TcpStream` with
//! timeouts everywhere: a GET read to the end, and an event stream read event by event.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::process::{Child, ChildStdout, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long any one test step may take before it counts as hung.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A response: its status code, its header lines and its body.
pub struct Reply {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Reply {
    /// A header's value, by name in any case.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    with_timeouts(TcpStream::connect_timeout(&addr, PATIENCE).expect("connects"))
}

fn with_timeouts(s: TcpStream) -> TcpStream {
    s.set_read_timeout(Some(PATIENCE)).expect("timeout");
    s.set_write_timeout(Some(PATIENCE)).expect("timeout");
    s
}

/// A connection to `addr` from the local address `from`: on Linux every 127.x.y.z is
/// this machine, so 127.0.0.2 is another client to a server on 127.0.0.1.
#[cfg(target_os = "linux")]
pub fn connect_from(from: Ipv4Addr, addr: SocketAddr) -> TcpStream {
    try_connect_from(from, addr).unwrap_or_else(|e| panic!("connect from {from}: {e}"))
}

/// [`connect_from`], saying why it could not connect instead of failing the test.
#[cfg(target_os = "linux")]
pub fn try_connect_from(from: Ipv4Addr, addr: SocketAddr) -> std::io::Result<TcpStream> {
    use std::os::fd::FromRawFd;

    let SocketAddr::V4(to) = addr else {
        panic!("{addr} is not an IPv4 address")
    };
    let socket_address = |ip: Ipv4Addr, port: u16| libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: port.to_be(),
        sin_addr: libc::in_addr {
            s_addr: u32::from(ip).to_be(),
        },
        sin_zero: [0; 8],
    };
    let size = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    // SAFETY: a new socket, owned by the TcpStream from here on (closed when it drops,
    // an early return included); the addresses are whole sockaddr_in values passed
    // with their size.
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let stream = TcpStream::from_raw_fd(fd);
        let local = socket_address(from, 0);
        if libc::bind(fd, (&raw const local).cast(), size) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let remote = socket_address(*to.ip(), to.port());
        if libc::connect(fd, (&raw const remote).cast(), size) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(with_timeouts(stream))
    }
}

/// True while the server keeps `s` open: nothing to read yet, and no end or reset.
pub fn still_open(s: &TcpStream) -> bool {
    s.set_nonblocking(true).expect("non-blocking");
    let open =
        matches!(s.peek(&mut [0u8; 1]), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
    s.set_nonblocking(false).expect("blocking");
    open
}

fn status_of(head: &str) -> u16 {
    head.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status line")
}

/// Sends `method target` as it is (no normalising of the path) and reads the whole
/// response; the connection is closed after it.
pub fn request(addr: SocketAddr, method: &str, target: &str) -> Reply {
    request_as(addr, &addr.to_string(), method, target)
}

/// [`request`] naming another `Host` (a page elsewhere pointing at this machine).
pub fn request_as(addr: SocketAddr, host: &str, method: &str, target: &str) -> Reply {
    raw(
        addr,
        &format!(
            "{method} {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
        ),
    )
}

/// `application/x-www-form-urlencoded`, as a browser encodes a form.
pub fn form(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(k, v)| {
            let mut out = format!("{k}=");
            for b in v.bytes() {
                match b {
                    b' ' => out.push('+'),
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                        out.push(char::from(b));
                    }
                    _ => out.push_str(&format!("%{b:02X}")),
                }
            }
            out
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// POSTs `body` (a form) to `target` with the extra header lines `headers`
/// (`"Accept: application/json"`), naming the server by its address.
pub fn post(addr: SocketAddr, target: &str, headers: &[&str], body: &str) -> Reply {
    let mut text = format!(
        "POST {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
        body.len()
    );
    for h in headers {
        text.push_str(h);
        text.push_str("\r\n");
    }
    text.push_str("\r\n");
    text.push_str(body);
    raw(addr, &text)
}

/// Sends `text` exactly as it is (a request line and headers of the test's own) and
/// reads the whole response.
pub fn raw(addr: SocketAddr, text: &str) -> Reply {
    read_reply(connect(addr), text)
}

/// A GET of `target` from the local address `from` (see [`connect_from`]).
#[cfg(target_os = "linux")]
pub fn get_from(from: Ipv4Addr, addr: SocketAddr, target: &str) -> Reply {
    read_reply(
        connect_from(from, addr),
        &format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
}

/// [`raw`] from the local address `from` (see [`connect_from`]).
#[cfg(target_os = "linux")]
pub fn raw_from(from: Ipv4Addr, addr: SocketAddr, text: &str) -> Reply {
    read_reply(connect_from(from, addr), text)
}

/// A GET of `target` from the local address `from`, or `None` when the server closed
/// the connection without an answer (it had no room for it).
#[cfg(target_os = "linux")]
pub fn try_get_from(from: Ipv4Addr, addr: SocketAddr, target: &str) -> Option<Reply> {
    let mut s = try_connect_from(from, addr).ok()?;
    let text = format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(text.as_bytes()).ok()?;
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).ok()?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n")?;
    Some(Reply {
        status: head.split_whitespace().nth(1)?.parse().ok()?,
        head: head.to_string(),
        body: body.to_string(),
    })
}

fn read_reply(mut s: TcpStream, text: &str) -> Reply {
    s.write_all(text.as_bytes()).expect("sends");
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).expect("reads the response");
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    Reply {
        status: status_of(head),
        head: head.to_string(),
        body: body.to_string(),
    }
}

pub fn get(addr: SocketAddr, target: &str) -> Reply {
    request(addr, "GET", target)
}

/// An open `/events` stream.
pub struct Events {
    reader: BufReader<TcpStream>,
    pub status: u16,
    pub head: String,
}

/// One server-sent event.
#[derive(Debug)]
pub struct Event {
    pub id: Option<u64>,
    pub name: Option<String>,
    pub data: String,
}

impl Events {
    pub fn open(addr: SocketAddr) -> Events {
        Events::on(connect(addr), addr)
    }

    /// [`Events::open`] from the local address `from` (see [`connect_from`]).
    #[cfg(target_os = "linux")]
    pub fn open_from(from: Ipv4Addr, addr: SocketAddr) -> Events {
        Events::on(connect_from(from, addr), addr)
    }

    fn on(mut s: TcpStream, addr: SocketAddr) -> Events {
        write!(
            s,
            "GET /events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .expect("sends");
        let mut reader = BufReader::new(s);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            let n = reader.read_line(&mut line).expect("reads the head");
            if n == 0 || line == "\r\n" {
                break;
            }
            head.push_str(&line);
        }
        Events {
            status: status_of(&head),
            reader,
            head,
        }
    }

    /// How many bytes the server has sent on this stream that the client has not read
    /// yet: what this reader holds and what waits in the socket's receive buffer.
    #[cfg(target_os = "linux")]
    pub fn queued(&self) -> usize {
        use std::os::fd::AsRawFd;
        let mut waiting: libc::c_int = 0;
        // SAFETY: FIONREAD writes one int, the bytes waiting on a socket this owns.
        let asked = unsafe {
            libc::ioctl(
                self.reader.get_ref().as_raw_fd(),
                libc::FIONREAD,
                &raw mut waiting,
            )
        };
        assert_eq!(asked, 0, "{}", std::io::Error::last_os_error());
        self.reader.buffer().len() + usize::try_from(waiting).unwrap_or(0)
    }

    /// Whether the server ends the stream by `deadline`: what is left to read is read
    /// and dropped, up to the end (true) or until the deadline passes (false).
    pub fn ends_by(&mut self, deadline: Instant) -> bool {
        let mut line = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            self.reader
                .get_ref()
                .set_read_timeout(Some(left))
                .expect("timeout");
            line.clear();
            match self.reader.read_line(&mut line) {
                Ok(0) => return true,
                Ok(_) => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return false;
                }
                // Reset: ended all the same.
                Err(_) => return true,
            }
        }
    }

    /// The next event with data, waiting at most until `deadline` (`None` then, or when
    /// the stream ends). Comments and `retry:` lines are skipped.
    pub fn next(&mut self, deadline: Instant) -> Option<Event> {
        let mut event = Event {
            id: None,
            name: None,
            data: String::new(),
        };
        let mut any_data = false;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            self.reader
                .get_ref()
                .set_read_timeout(Some(left))
                .expect("timeout");
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            let line = line.trim_end_matches('\n');
            if line.is_empty() {
                if any_data {
                    return Some(event);
                }
                continue;
            }
            if let Some(d) = line.strip_prefix("data: ") {
                if any_data {
                    event.data.push('\n');
                }
                event.data.push_str(d);
                any_data = true;
            } else if let Some(id) = line.strip_prefix("id: ") {
                event.id = id.parse().ok();
            } else if let Some(name) = line.strip_prefix("event: ") {
                event.name = Some(name.to_string());
            }
        }
    }
}

/// The address a `serve` prints on its first line ("... at http://127.0.0.1:PORT/ ..."),
/// read within [`PATIENCE`]; the rest of its output is drained in the background.
pub fn address_from(child: &mut Child) -> SocketAddr {
    let stdout: ChildStdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        for line in lines.by_ref() {
            let Ok(line) = line else { break };
            if let Some(addr) = address_in(&line) {
                let _ = tx.send(addr);
                break;
            }
        }
        for _ in lines {}
    });
    rx.recv_timeout(PATIENCE).unwrap_or_else(|_| {
        panic!(
            "serve did not print its address within {PATIENCE:?}: it failed to start (its \
             port is the system's pick, so none free means the machine's ports are used \
             up), or it is starved on a machine too busy for it"
        )
    })
}

/// The `IP:PORT` after `http://` in a line.
pub fn address_in(line: &str) -> Option<SocketAddr> {
    let rest = line.split_once("http://")?.1;
    let addr = rest.split('/').next()?;
    addr.parse().ok()
}

// The standings rows are read as the page's own unit tests read them.
pub(crate) use super::testing::standings_rows;

/// A `serve` running in the background on a free loopback port, stopped when dropped.
pub struct Serving {
    child: Child,
    pub addr: SocketAddr,
}

impl Serving {
    /// `umpire serve ARGS --listen 127.0.0.1:0` for the table `t`.
    pub fn start(t: &super::Table, args: &[&str]) -> Serving {
        Serving::on(t, args, "127.0.0.1:0")
    }

    /// `umpire serve ARGS --listen LISTEN` for the table `t`; [`Serving::addr`] is the
    /// address it prints, which for 0.0.0.0 is not one to connect to (see
    /// [`Serving::local`]).
    pub fn on(t: &super::Table, args: &[&str], listen: &str) -> Serving {
        let mut child = t
            .command()
            .arg("serve")
            .args(args)
            .args(["--listen", listen])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve starts");
        let addr = address_from(&mut child);
        Serving { child, addr }
    }

    /// An address on this machine to connect to: the one it listens on, or loopback
    /// when that is every address (0.0.0.0, [::]).
    pub fn local(&self) -> SocketAddr {
        let mut to = self.addr;
        if to.ip().is_unspecified() {
            to.set_ip(match to.ip() {
                IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
                IpAddr::V6(_) => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
            });
        }
        to
    }

    /// The page's address, for a browser.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A prompt kept open on a session, as the scorekeeper's is: lines in, and when each
/// entry was acknowledged (`recorded ...` printed, the entry on disk).
pub struct Prompt {
    child: Child,
    stdin: std::process::ChildStdin,
    said: mpsc::Receiver<(Instant, String)>,
}

impl Prompt {
    /// `umpire resume NAME` for the table `t`.
    pub fn open(t: &super::Table, name: &str) -> Prompt {
        Prompt::running(t, &["resume", name])
    }

    /// `umpire ARGS` for the table `t` (`room friday`, say).
    pub fn running(t: &super::Table, args: &[&str]) -> Prompt {
        let mut child = t
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the prompt starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, said) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send((Instant::now(), line));
            }
        });
        Prompt { child, stdin, said }
    }

    /// Types `line`, waiting for nothing.
    pub fn type_line(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the prompt reads");
    }

    /// The lines said from now until one that `until` accepts (returned last).
    pub fn until(&mut self, until: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (_, line) = self
                .said
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("waited for a line; saw {seen:#?}"));
            let done = until(&line);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Waits for the prompt to end (after `quit`).
    pub fn wait(&mut self) {
        let _ = self.child.wait();
    }

    /// Types `line` and waits for its entry to be acknowledged: when it was.
    pub fn record(&mut self, line: &str) -> Instant {
        writeln!(self.stdin, "{line}").expect("the prompt reads");
        loop {
            let (at, said) = self
                .said
                .recv_timeout(PATIENCE)
                .expect("the prompt answers");
            assert!(!said.starts_with("not recorded"), "{said}");
            if said.starts_with("recorded") {
                return at;
            }
        }
    }
}

impl Drop for Prompt {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// HTML read as text, as the tests read a reply drawn for a page: tags gone, a line
/// for each paragraph, row, list item or line break, a space after each cell, the five
/// entities HTML escapes read back, and runs of spaces as one.
pub fn html_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[open + 1..open + close];
        let ending = tag.starts_with('/');
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace())
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match name.as_str() {
            "br" => out.push('\n'),
            "p" | "tr" | "li" | "div" | "section" | "table" | "ol" | "ul" if ending => {
                out.push('\n');
            }
            "td" | "th" if ending => out.push(' '),
            _ => {}
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    let text = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}
