//! The live scoreboard: one session served read-only as a web page that the whole
//! table can watch on a phone or a TV, following every entry within a second.
//!
//! - `page.rs`: the page, a pure function of the board (standings, the game's table,
//!   rulings, notes); `html.rs`: escaping every text from the log;
//! - `watch.rs`: following the log as another process (or the prompt) appends to it;
//! - `live.rs`: the board as it stands, shared by the watcher and every request;
//! - `events.rs`: the push (server-sent events) and the bound on open streams;
//! - `routes.rs`: the two routes and the answers to everything else.
//!
//! HTTP is `tiny_http`'s (a small, synchronous server: no async runtime to build).
//! Each request is answered on its own thread, so a slow or stuck client holds up no
//! one else, and a write that cannot go out within [`SEND_TIMEOUT`] gives up. Reading
//! takes no lock and nothing is ever written: the scorekeeper's prompt records as
//! usual, in this process or another.

mod events;
mod html;
mod live;
mod page;
mod routes;
mod watch;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::Path;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use thiserror::Error;

pub use events::MAX_STREAMS;
use events::Slots;
use live::Live;
pub use page::{Board, RULINGS_SHOWN};
pub use watch::POLL;

use crate::lexicon::Lexicon;

/// The port `serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;

/// 127.0.0.1:7878: this machine only, unless `--listen` says otherwise.
pub const DEFAULT_LISTEN: SocketAddr =
    SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), DEFAULT_PORT);

/// How long a write to one client may wait for it to read before the server gives up
/// on that client.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// The most requests answered at once (event streams included); past it a request is
/// closed unanswered rather than queued behind others.
const MAX_ANSWERING: usize = MAX_STREAMS + 32;

/// Why the scoreboard could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    #[error(
        "cannot listen on {addr}: {detail}; pick another port with --listen ADDR:PORT (e.g. 127.0.0.1:7879)"
    )]
    Listen { addr: SocketAddr, detail: String },
    #[error("cannot start the scoreboard: {0}")]
    Thread(String),
    #[error("{0}")]
    Unreadable(String),
}

/// A running scoreboard. It runs until the process ends.
pub struct Server {
    addr: SocketAddr,
    live: Arc<Live>,
    requests: JoinHandle<()>,
}

impl Server {
    /// Reads the session logged at `path` (it must read now), listens on `listen` and
    /// serves it from background threads.
    pub fn start(
        path: &Path,
        lexicon: Arc<Lexicon>,
        listen: SocketAddr,
    ) -> Result<Server, ServeError> {
        let board = watch::load(path, &lexicon).map_err(ServeError::Unreadable)?;
        let listen_error = |e: &dyn std::fmt::Display| ServeError::Listen {
            addr: listen,
            detail: e.to_string(),
        };
        let listener = TcpListener::bind(listen).map_err(|e| listen_error(&e))?;
        let addr = listener.local_addr().map_err(|e| listen_error(&e))?;
        send_timeout_for_clients(&listener, SEND_TIMEOUT).map_err(|e| listen_error(&e))?;
        let http =
            tiny_http::Server::from_listener(listener, None).map_err(|e| listen_error(&e))?;
        let live = Arc::new(Live::new(path.to_path_buf(), watch::render(&board)));
        let watched = Arc::clone(&live);
        std::thread::Builder::new()
            .name("serve-watch".into())
            .spawn(move || watch::run(&watched, &lexicon, board))
            .map_err(|e| ServeError::Thread(e.to_string()))?;
        let served = Arc::clone(&live);
        let requests = std::thread::Builder::new()
            .name("serve-http".into())
            .spawn(move || accept(&http, &served))
            .map_err(|e| ServeError::Thread(e.to_string()))?;
        Ok(Server {
            addr,
            live,
            requests,
        })
    }

    /// The address it listens on (the port the system chose, for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, for the scorekeeper to open or pass on.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Shows the session logged at `path` from now on (the prompt opened another).
    pub fn follow(&self, path: &Path) {
        self.live.follow(path);
    }

    /// Blocks for as long as the server answers requests (`umpire serve` in the
    /// foreground: until the process is stopped).
    pub fn wait(self) {
        let _ = self.requests.join();
    }
}

/// True when `addr` can be reached from other machines, which `serve` then says.
pub fn exposed(addr: SocketAddr) -> bool {
    !addr.ip().is_loopback()
}

/// Hands each request to a thread of its own, at most [`MAX_ANSWERING`] at once.
fn accept(http: &tiny_http::Server, live: &Arc<Live>) {
    let answering = Slots::new(MAX_ANSWERING);
    let streams = Slots::new(MAX_STREAMS);
    for request in http.incoming_requests() {
        let Some(slot) = Slots::take(&answering) else {
            // Closed unanswered: writing even a refusal could wait on this client.
            drop(request.into_writer());
            continue;
        };
        let live = Arc::clone(live);
        let streams = Arc::clone(&streams);
        // A thread that cannot be made drops its request, which is closed unanswered.
        let _ = std::thread::Builder::new()
            .name("serve-answer".into())
            .spawn(move || {
                let _slot = slot;
                routes::answer(request, &live, &streams);
            });
    }
}

/// Sets the send timeout on the listening socket: sockets it accepts inherit it (Linux
/// and the BSDs copy socket options to an accepted socket), which is the only way to
/// give the server crate's connections one.
#[cfg(unix)]
fn send_timeout_for_clients(listener: &TcpListener, timeout: Duration) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    let tv = libc::timeval {
        tv_sec: libc::time_t::try_from(timeout.as_secs()).unwrap_or(libc::time_t::MAX),
        tv_usec: 0,
    };
    // SAFETY: the descriptor is the listener's own, open for the whole call; the option
    // value is a valid `timeval` that outlives the call, and its size is passed with it.
    let rc = unsafe {
        libc::setsockopt(
            listener.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_SNDTIMEO,
            std::ptr::from_ref(&tv).cast::<libc::c_void>(),
            std::mem::size_of::<libc::timeval>() as libc::socklen_t,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn send_timeout_for_clients(_listener: &TcpListener, _timeout: Duration) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn connections_the_listener_accepts_inherit_its_send_timeout() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        send_timeout_for_clients(&listener, Duration::from_secs(3)).expect("set");
        let addr = listener.local_addr().expect("addr");
        let _client = std::net::TcpStream::connect(addr).expect("connect");
        let (accepted, _) = listener.accept().expect("accept");
        assert_eq!(
            accepted.write_timeout().expect("read option"),
            Some(Duration::from_secs(3))
        );
    }

    #[test]
    fn only_a_loopback_address_counts_as_this_machine_only() {
        assert!(!exposed(DEFAULT_LISTEN));
        assert!(!exposed("[::1]:7878".parse().expect("addr")));
        assert!(exposed("0.0.0.0:7878".parse().expect("addr")));
        assert!(exposed("192.168.1.20:7878".parse().expect("addr")));
    }
}
