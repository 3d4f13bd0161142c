//! The live scoreboard: one session served as a web page that the whole table can
//! watch on a phone or a TV, following every entry within a second; and, when it keeps
//! score, the scorekeeper's link through which phones record into the session the
//! prompt (or `serve --keep`) holds.
//!
//! - `page.rs`: the page, a pure function of the board (standings, the game's table,
//!   rulings, notes, the entry just recorded), laid out for a TV and a phone alike;
//!   `html.rs`: escaping every text from the log; `qr.rs`: the join code;
//! - `watch.rs`: following the log as another process (or the prompt) appends to it,
//!   by what was appended; `notify.rs`: being told when it changes;
//! - `live.rs`: the board as it stands, shared by the watcher and every request;
//! - `events.rs`: the push (server-sent events), one task a stream;
//! - `check.rs`: the word check anyone at the table can use, read-only and rationed
//!   per client;
//! - `keep.rs`: the scorekeeper's side: each phone's desk, a line run through the
//!   shared session as the prompt runs it; `keep/code.rs` the code, one a session;
//!   `keep/page.rs` its page, `keep/http.rs` its GET and its POST, the only request
//!   that writes; `said.rs`: what a line came to, drawn for the page;
//! - `routes.rs`: the three routes and the answers to everything else; `body.rs`: a
//!   whole body or an event stream; `host.rs`: which names a request may give for the
//!   server (DNS rebinding); `slots.rs`: room for new clients; `io.rs`: the timeouts
//!   on a connection.
//!
//! HTTP is hyper's (HTTP/1.1 only) on a single-threaded tokio runtime in one
//! background thread: a slow or stuck client costs a waiting task, not a thread, and
//! holds up no one else. A first byte must arrive within [`FIRST_BYTE_TIMEOUT`] and
//! the whole request head within [`HEAD_TIMEOUT`] (and a head still arriving after
//! [`slots::SLOW_HEAD`] gives its slot up to a newcomer), a write that makes no progress
//! for [`SEND_TIMEOUT`] ends its connection, and connections (in all and from one
//! address) and event streams are bounded and shared (`slots.rs`). The room's page
//! takes no lock and writes nothing: the scorekeeper's prompt records as usual, in
//! this process or another. A phone's line is run on the blocking pool, through the
//! session the prompt shares ([`Table`]), and answered once it is on disk; the watcher
//! then finds it in the log as it finds the prompt's.

mod body;
mod check;
mod events;
mod host;
mod html;
mod io;
mod keep;
mod live;
mod notify;
mod page;
mod qr;
mod room;
mod routes;
mod said;
mod slots;
mod watch;

use std::convert::Infallible;
use std::future::Future as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use thiserror::Error;

pub(crate) use events::MAX_STREAMS;
pub(crate) use host::AllowHost;
use host::{Hosts, Verdict};
pub(crate) use keep::{CodeError, Keeper, Table, Tell, take as take_table};
use live::Live;
use page::{Join, Room};
use routes::Served;
use slots::Slots;

use crate::session::{OpenWith, SessionError};

/// The port `serve` listens on unless told otherwise.
pub(crate) const DEFAULT_PORT: u16 = 7878;

/// 127.0.0.1:7878: this machine only, unless `--listen` says otherwise.
pub(crate) const DEFAULT_LISTEN: SocketAddr =
    SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), DEFAULT_PORT);

/// How long a write to one client may wait for it to read before the server gives up
/// on that client.
pub(crate) const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a client may take to send a request's head (a browser sends it at once).
/// While the server is full, a head still arriving after [`slots::SLOW_HEAD`] gives
/// its slot up to a newcomer sooner.
pub(crate) const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a connection may stay silent before its first byte. A browser sends its
/// request the moment it connects; a connection that says nothing holds a slot that a
/// phone may need, so it gets a fraction of [`HEAD_TIMEOUT`].
pub(crate) const FIRST_BYTE_TIMEOUT: Duration = Duration::from_secs(1);

/// The most connections open at once (event streams included). Well under the usual
/// limit of 1024 open files, so the prompt in the same process always has descriptors
/// to spare. When all are taken, the oldest that has sent nothing is closed for the
/// newcomer.
pub(crate) const MAX_CONNECTIONS: usize = 256;

/// The most connections from one address, so that no one client can fill the server.
/// Room for every event stream plus some page fetches beside them: a reverse proxy on
/// this machine passes every viewer on from 127.0.0.1. Counted by whole address, not
/// by IPv6 network, since the phones at one table share a network.
pub(crate) const MAX_PER_CLIENT: usize = MAX_STREAMS + 16;

/// The most event streams a room's server holds: a TV on the room's page and, at each
/// of 8 tables, its phones on their table's page or the room's (4 phones a table and
/// a TV are 33, past one session's [`MAX_STREAMS`]), with room to spare.
pub(crate) const ROOM_STREAMS: usize = 4 * MAX_STREAMS;

/// The most connections from one address to a room's server: every stream, and page
/// fetches beside them (a reverse proxy passes every phone on from one address).
pub(crate) const ROOM_PER_CLIENT: usize = ROOM_STREAMS + 16;

/// Why the scoreboard could not start.
#[derive(Debug, Error)]
pub(crate) enum ServeError {
    #[error(
        "cannot listen on {addr}: {detail}; pick another port with --listen ADDR:PORT (e.g. 127.0.0.1:7879)"
    )]
    Listen { addr: SocketAddr, detail: String },
    #[error("cannot start the scoreboard: {0}")]
    Thread(String),
    #[error(transparent)]
    Unreadable(#[from] SessionError),
}

/// How `serve` was asked to run, at the shell or the prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Settings {
    /// Where to listen.
    pub(crate) listen: SocketAddr,
    /// Other names the page may be asked for by (`--allow-host`).
    pub(crate) allowed: Vec<AllowHost>,
    /// Word judge mode (`--judge`): the word check and the rulings on the page say
    /// only "acceptable" or "not acceptable", as `grid --judge` does at the prompt.
    pub(crate) judge: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            listen: DEFAULT_LISTEN,
            allowed: Vec::new(),
            judge: false,
        }
    }
}

/// A running scoreboard. It runs until the process ends or [`Server::stop`].
pub(crate) struct Server {
    addr: SocketAddr,
    live: Arc<Live>,
    /// The addresses the phones should open, best first (none on loopback).
    join: Vec<SocketAddr>,
    requests: JoinHandle<()>,
    /// The scorekeeper's side, when it keeps score from phones.
    keeper: Option<Arc<Keeper>>,
    /// Tells the requests' thread to stop accepting and close every connection.
    stopping: Arc<tokio::sync::Notify>,
    /// What reading the log found worth saying when it started (the page says only
    /// how many entries it leaves out; the list is the scorekeeper's).
    warnings: Vec<crate::session::Warning>,
    /// A room's tables, when it serves a room (`live` is then the room's page).
    hall: Option<Arc<Hall>>,
}

/// What the server answers from: one session's page at `/`, or a room's page at `/`
/// with each table's own page, event stream, word check and scorekeeper's link under
/// `/t/TABLE/`, as a single session's are under `/`.
enum Hosting {
    One(Arc<Served>),
    Room(Arc<Hall>),
}

/// A room as the server holds it: its page, and its tables, each served as a session
/// alone is (its own board, watcher, keeper and limits).
struct Hall {
    name: String,
    /// The room's page (its `live` is rendered from the tables' cards).
    page: Arc<Served>,
    tables: std::sync::RwLock<Vec<(String, Arc<Served>)>>,
    /// Rung by every table's board, and when a table comes or goes.
    bell: Arc<tokio::sync::watch::Sender<u64>>,
    /// How the tables' pages are served (judge mode, the join code).
    room: Arc<Room>,
    with: OpenWith,
    /// The director's view's code (`/director/CODE`: every table's link and its QR
    /// code), kept beside the room's index.
    director: keep::Code,
    /// The server's address as the phones open it (`http://HOST:PORT/`).
    base: String,
    /// The sessions folder, which the league is read from.
    dir: PathBuf,
    /// The next round's seating the director put up, shown on the room's page until
    /// taken down: each table's players.
    seating: Mutex<Option<Vec<Vec<String>>>>,
}

impl Hall {
    fn tables(&self) -> std::sync::RwLockReadGuard<'_, Vec<(String, Arc<Served>)>> {
        self.tables.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room's page as its tables stand now.
    fn render(&self) -> live::Shown {
        let cards: Vec<(String, Arc<live::Shown>)> = self
            .tables()
            .iter()
            .map(|(name, served)| (name.clone(), served.live.now().shown))
            .collect();
        let seating = self
            .seating
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        room::render(
            &self.name,
            &cards,
            self.room.join.as_ref(),
            seating.as_deref(),
        )
    }

    /// The night as the tables' boards stand.
    fn night(&self) -> crate::session::room::night::Night {
        let tables: Vec<_> = self
            .tables()
            .iter()
            .filter_map(|(name, served)| {
                let now = served.live.now();
                let (title, session, standings) = now.shown.standing.clone()?;
                Some((name.clone(), title, session, standings))
            })
            .collect();
        crate::session::room::night::night(&self.name, &tables)
    }

    /// Answers a request: under `/t/TABLE/` as that table's own server would (its
    /// path without the prefix), anything else as the room's page.
    fn answer(
        &self,
        mut request: hyper::Request<hyper::body::Incoming>,
        from: IpAddr,
        conn: &slots::Conn,
    ) -> routes::Answer {
        if let Some(given) = request.uri().path().strip_prefix("/director/") {
            if !self.director.matches(given) {
                return routes::now(routes::plain(
                    hyper::StatusCode::FORBIDDEN,
                    "forbidden: that is not the director's link\n".into(),
                ));
            }
            let links: Vec<(String, String)> = self
                .tables()
                .iter()
                .filter_map(|(name, served)| {
                    let code = served.keeper.as_ref()?.code()?;
                    Some((name.clone(), format!("{}t/{name}/keep/{code}", self.base)))
                })
                .collect();
            return routes::now(routes::html_page(
                hyper::StatusCode::OK,
                room::director_page(&self.name, &links),
            ));
        }
        if request.uri().path() == "/league"
            && matches!(*request.method(), hyper::Method::GET | hyper::Method::HEAD)
        {
            // The room's tables' logs read as `league --room` reads them: off the
            // runtime, which goes on answering meanwhile.
            let shelf = crate::session::Sessions {
                dir: self.dir.clone(),
                with: self.with.clone(),
            };
            let sessions: Vec<String> = self
                .tables()
                .iter()
                .filter_map(|(_, s)| {
                    let now = s.live.now();
                    now.shown
                        .standing
                        .as_ref()
                        .map(|(_, session, _)| session.clone())
                })
                .collect();
            let (name, head) = (self.name.clone(), *request.method() == hyper::Method::HEAD);
            return Box::pin(async move {
                let page = tokio::task::spawn_blocking(move || {
                    let (results, _) = shelf.results(Some(&sessions));
                    room::league_page(&name, &crate::session::league::league(&results))
                })
                .await;
                match page {
                    Ok(page) => routes::html_page(
                        hyper::StatusCode::OK,
                        if head { String::new() } else { page },
                    ),
                    Err(_) => routes::plain(
                        hyper::StatusCode::INTERNAL_SERVER_ERROR,
                        "the league could not be read just now; the logs are as they were\n".into(),
                    ),
                }
            });
        }
        if request.uri().path() == "/night"
            && matches!(*request.method(), hyper::Method::GET | hyper::Method::HEAD)
        {
            let page = room::night_page(&self.night());
            let page = if *request.method() == hyper::Method::HEAD {
                String::new()
            } else {
                page
            };
            return routes::now(routes::html_page(hyper::StatusCode::OK, page));
        }
        let Some(rest) = request.uri().path().strip_prefix("/t/") else {
            return routes::answer(request, from, conn, &self.page);
        };
        let (name, path) = match rest.find('/') {
            Some(at) => (&rest[..at], &rest[at..]),
            None => (rest, ""),
        };
        let served = self
            .tables()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| Arc::clone(s));
        let Some(served) = served else {
            return routes::now(routes::plain(
                hyper::StatusCode::NOT_FOUND,
                format!(
                    "not found: room {} has no table {}; its page is / (the room), and each table's is /t/TABLE/\n",
                    self.name,
                    crate::text::printable(name)
                ),
            ));
        };
        if path.is_empty() {
            // `/t/t1` is the table's page, whose own links are relative to `/t/t1/`.
            return routes::now(routes::moved(&format!("/t/{name}/")));
        }
        let within = match request.uri().query() {
            Some(q) => format!("{path}?{q}"),
            None => path.to_string(),
        };
        match hyper::Uri::builder().path_and_query(within).build() {
            Ok(uri) => *request.uri_mut() = uri,
            Err(_) => {
                return routes::now(routes::plain(
                    hyper::StatusCode::BAD_REQUEST,
                    "that path cannot be read\n".into(),
                ));
            }
        }
        routes::answer(request, from, conn, &served)
    }
}

impl Hall {
    /// Serves table `name`, logged at `path`, from now on; its board rings the room's.
    fn seat(&self, name: &str, path: &Path, keeper: Arc<Keeper>) -> Result<(), ServeError> {
        let (live, _) = watched(path, &self.with, &self.room)?;
        live.ring(Arc::clone(&self.bell));
        let served = Arc::new(Served {
            live,
            lexicon: Arc::clone(&self.with.lexicon),
            room: Arc::clone(&self.room),
            allowance: Mutex::new(check::Allowance::new()),
            keeper: Some(keeper),
        });
        let mut tables = self.tables.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(old) = tables.iter().position(|(n, _)| n == name) {
            tables[old].1.live.stop();
            tables.remove(old);
        }
        tables.push((name.to_string(), served));
        Ok(())
    }

    /// Stops serving table `name`.
    fn unseat(&self, name: &str) {
        let mut tables = self.tables.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = tables.iter().position(|(n, _)| n == name) {
            tables[at].1.live.stop();
            tables.remove(at);
        }
        drop(tables);
        self.bell.send_modify(|n| *n = n.wrapping_add(1));
    }
}

/// A listening socket and the runtime that will answer it, before anything is served.
struct Listening {
    runtime: tokio::runtime::Runtime,
    listener: tokio::net::TcpListener,
    addr: SocketAddr,
    join: Vec<SocketAddr>,
    room: Arc<Room>,
}

impl Listening {
    /// Listens where `settings` say.
    fn on(settings: &Settings) -> Result<Listening, ServeError> {
        let listen = settings.listen;
        let listen_error = |e: &dyn std::fmt::Display| ServeError::Listen {
            addr: listen,
            detail: e.to_string(),
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| ServeError::Thread(e.to_string()))?;
        let listener = {
            let _inside = runtime.enter();
            listen_on(listen).map_err(|e| listen_error(&e))?
        };
        let addr = listener.local_addr().map_err(|e| listen_error(&e))?;
        let join = host::join_addresses(addr);
        let room = Arc::new(Room {
            judge: settings.judge,
            join: join.first().and_then(|a| {
                let url = url_of(*a);
                let code = qr::svg(&url, &format!("QR code of {url}"))?;
                Some(Join { url, code })
            }),
        });
        Ok(Listening {
            runtime,
            listener,
            addr,
            join,
            room,
        })
    }

    /// Answers requests from `hosting` on a thread of its own from now on.
    fn serve(
        self,
        hosting: Hosting,
        live: Arc<Live>,
        keeper: Option<Arc<Keeper>>,
        warnings: Vec<crate::session::Warning>,
        hall: Option<Arc<Hall>>,
        settings: &Settings,
    ) -> Result<Server, ServeError> {
        let Listening {
            runtime,
            listener,
            addr,
            join,
            ..
        } = self;
        let hosts = Arc::new(Hosts::new(addr, &settings.allowed));
        let stopping = Arc::new(tokio::sync::Notify::new());
        let stop = Arc::clone(&stopping);
        let hosting = Arc::new(hosting);
        let requests = std::thread::Builder::new()
            .name("serve-http".into())
            .spawn(move || runtime.block_on(accept(listener, hosting, hosts, stop)))
            .map_err(|e| ServeError::Thread(e.to_string()))?;
        Ok(Server {
            addr,
            live,
            join,
            requests,
            keeper,
            stopping,
            warnings,
            hall,
        })
    }
}

/// Watches the session logged at `path` for its page from a thread of its own: its
/// board, once the first is up, and what reading it found.
fn watched(
    path: &Path,
    with: &OpenWith,
    room: &Arc<Room>,
) -> Result<(Arc<Live>, Vec<crate::session::Warning>), ServeError> {
    let live = Arc::new(Live::new(path.to_path_buf(), live::Shown::nothing()));
    let watched = (Arc::clone(&live), Arc::clone(room), with.clone());
    let (started, first) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("serve-watch".into())
        .spawn(move || watch::run(&watched.0, &watched.1, &watched.2, started))
        .map_err(|e| ServeError::Thread(e.to_string()))?;
    match first.recv() {
        Ok(Ok(warnings)) => Ok((live, warnings)),
        Ok(Err(why)) => Err(why.into()),
        Err(_) => Err(ServeError::Thread("the log's watcher stopped".into())),
    }
}

impl Server {
    /// Reads the session logged at `path` (it must read now), listens where `settings`
    /// say and serves it from background threads to requests that name this machine or
    /// one of the allowed hosts; with a `keeper`, the scorekeeper's link writes to the
    /// session it shares with the prompt.
    pub(crate) fn start(
        path: &Path,
        with: OpenWith,
        settings: &Settings,
        keeper: Option<Arc<Keeper>>,
    ) -> Result<Server, ServeError> {
        let listening = Listening::on(settings)?;
        // The watcher reads the session on its own thread, which keeps it, and says
        // when the first board is up (or why the log cannot be read).
        let (live, warnings) = watched(path, &with, &listening.room)?;
        let served = Arc::new(Served {
            live: Arc::clone(&live),
            lexicon: Arc::clone(&with.lexicon),
            room: Arc::clone(&listening.room),
            allowance: Mutex::new(check::Allowance::new()),
            keeper: keeper.clone(),
        });
        listening.serve(Hosting::One(served), live, keeper, warnings, None, settings)
    }

    /// Serves room `name`: its page at `/`, and each of `tables` (its name, its log and
    /// its keeper, mounted at `/t/NAME/`) as a session alone is served. A table whose
    /// log cannot be read is left out and said in the answer's second part.
    pub(crate) fn start_room(
        name: &str,
        dir: &Path,
        tables: Vec<(String, PathBuf, Arc<Keeper>)>,
        with: OpenWith,
        settings: &Settings,
    ) -> Result<(Server, Vec<String>), ServeError> {
        let listening = Listening::on(settings)?;
        let director = keep::Code::kept(&dir.join(format!(".{name}.room-code")), false)
            .map_err(|e| ServeError::Thread(e.to_string()))?;
        let base = url_of(listening.join.first().copied().unwrap_or(listening.addr));
        let (bell, _) = tokio::sync::watch::channel(0u64);
        let page_live = Arc::new(Live::new(PathBuf::new(), live::Shown::nothing()));
        let hall = Arc::new(Hall {
            name: name.to_string(),
            page: Arc::new(Served {
                live: Arc::clone(&page_live),
                lexicon: Arc::clone(&with.lexicon),
                room: Arc::clone(&listening.room),
                allowance: Mutex::new(check::Allowance::new()),
                keeper: None,
            }),
            tables: std::sync::RwLock::new(Vec::new()),
            bell: Arc::new(bell),
            room: Arc::clone(&listening.room),
            with,
            director,
            base,
            dir: dir.to_path_buf(),
            seating: Mutex::new(None),
        });
        let mut left_out = Vec::new();
        for (table, path, keeper) in tables {
            if let Err(why) = hall.seat(&table, &path, keeper) {
                left_out.push(format!("table {table} is not served: {why}"));
            }
        }
        page_live.publish(hall.render());
        // The room's page follows its tables: rendered again whenever a table's board
        // changes or a table comes or goes, on the server's own runtime.
        let rendering = Arc::clone(&hall);
        let mut rung = hall.bell.subscribe();
        listening.runtime.spawn(async move {
            while rung.changed().await.is_ok() {
                rendering.page.live.publish(rendering.render());
            }
        });
        let server = listening.serve(
            Hosting::Room(Arc::clone(&hall)),
            page_live,
            None,
            Vec::new(),
            Some(hall),
            settings,
        )?;
        Ok((server, left_out))
    }

    /// Serves table `name` of the room from now on, logged at `path`.
    pub(crate) fn seat(
        &self,
        name: &str,
        path: &Path,
        keeper: Arc<Keeper>,
    ) -> Result<(), ServeError> {
        match &self.hall {
            Some(hall) => hall.seat(name, path, keeper),
            None => Err(ServeError::Thread(
                "this scoreboard serves one session, not a room".into(),
            )),
        }
    }

    /// Stops serving table `name` of the room: its page and its link answer 404.
    pub(crate) fn unseat(&self, name: &str) {
        if let Some(hall) = &self.hall {
            hall.unseat(name);
        }
    }

    /// The director's view of a room: every table's link and QR code, on a page for
    /// the director's screen alone.
    pub(crate) fn director_url(&self) -> Option<String> {
        let hall = self.hall.as_ref()?;
        Some(format!("{}director/{}", hall.base, hall.director.as_str()))
    }

    /// Puts the next round's seating up on the room's page (each table's players), or
    /// takes it down.
    pub(crate) fn show_seating(&self, seating: Option<Vec<Vec<String>>>) {
        if let Some(hall) = &self.hall {
            *hall.seating.lock().unwrap_or_else(PoisonError::into_inner) = seating;
            hall.bell.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// The scorekeeper's link of the room's table `name`.
    pub(crate) fn table_keep_url(&self, name: &str) -> Option<String> {
        let hall = self.hall.as_ref()?;
        let tables = hall.tables();
        let (_, served) = tables.iter().find(|(n, _)| n == name)?;
        let code = served.keeper.as_ref()?.code()?;
        Some(format!("{}t/{name}/keep/{code}", self.url()))
    }

    /// What reading the log found worth saying when the scoreboard started.
    pub(crate) fn warnings(&self) -> &[crate::session::Warning] {
        &self.warnings
    }

    /// Stops answering: the listening socket and every connection are closed, and
    /// the log is no longer watched. Returns once they are.
    pub(crate) fn stop(self) {
        self.stopping.notify_one();
        self.live.stop();
        if let Some(hall) = &self.hall {
            for (_, served) in hall.tables().iter() {
                served.live.stop();
            }
        }
        let _ = self.requests.join();
    }

    /// The scorekeeper's side, when it keeps score.
    pub(crate) fn keeper(&self) -> Option<&Keeper> {
        self.keeper.as_deref()
    }

    /// The scorekeeper's link, at the address the phones should open.
    pub(crate) fn keep_url(&self) -> Option<String> {
        let code = self.keeper.as_ref()?.code()?;
        Some(format!("{}keep/{code}", self.url()))
    }

    /// Replaces the scorekeeper's code: the old link is refused from now on, and every
    /// page that holds it is told at once (the board is sent again, and each
    /// scorekeeper's page finds its link refused when it looks).
    pub(crate) fn new_code(&self) -> Result<(), CodeError> {
        let Some(keeper) = &self.keeper else {
            return Err(CodeError::NoSession);
        };
        keeper.new_code()?;
        self.live.nudge();
        Ok(())
    }

    /// The address it listens on (the port the system chose, for port 0).
    pub(crate) fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, for the scorekeeper to open or pass on: the one the phones
    /// should open when it listens on every address, not 0.0.0.0.
    pub(crate) fn url(&self) -> String {
        url_of(self.join.first().copied().unwrap_or(self.addr))
    }

    /// Every address the phones may open, best first; none when it listens on
    /// loopback, or the machine has no network.
    pub(crate) fn join_urls(&self) -> Vec<String> {
        self.join.iter().map(|a| url_of(*a)).collect()
    }

    /// The QR code of [`Server::url`] as terminal text, when phones can reach it.
    pub(crate) fn join_code(&self) -> Option<String> {
        self.join.first().and_then(|a| qr::terminal(&url_of(*a)))
    }

    /// Shows the session logged at `path` from now on (the prompt opened another), and
    /// makes the scorekeeper's link that session's. True when the link changed (it is
    /// to be said again); the old one is refused from then on.
    pub(crate) fn follow(&self, path: &Path) -> Result<bool, CodeError> {
        self.live.follow(path);
        match &self.keeper {
            Some(keeper) => keeper.follow(path),
            None => Ok(false),
        }
    }

    /// Blocks for as long as the server answers requests (`umpire serve` in the
    /// foreground: until the process is stopped).
    pub(crate) fn wait(self) {
        let _ = self.requests.join();
    }
}

/// How many connections may wait for the server to accept them. A burst (a flood of
/// sockets, or every phone at once when the wifi comes back) then waits in the
/// kernel's queue while the server takes each in turn and makes room; past the queue
/// of 128 that the standard library's listener has, a connection's handshake would be
/// dropped and tried again only a second later.
const BACKLOG: u32 = 1024;

/// The kernel's send buffer of each connection, in bytes (Linux doubles it for its
/// own bookkeeping). Left to itself, the kernel grows a connection's buffer to 4 MB
/// for a client that does not read, so an event stream whose phone stopped reading
/// took megabytes of boards before its writes waited at all: neither its send timeout
/// nor the streams' sharing (`slots.rs`) could tell it from one that reads, and 256
/// such connections could hold a gigabyte. A page reaches a phone on the same network
/// as fast with 64 KB in flight.
const SEND_BUFFER: u32 = 32 * 1024;

/// What hyper holds for one connection, each way, in bytes: the request head read so
/// far (a browser's is under 2 KB; past this it is refused with 431), and the
/// response waiting for the socket. hyper's own default, 400 KB, let a slowloris
/// make the server hold that much for each of its sockets, and an event stream hold
/// sixteen boards its client had not read on top of the [`SEND_BUFFER`].
const MAX_BUFFER: usize = 16 * 1024;

/// A listening socket on `addr` with a queue of [`BACKLOG`] and a send buffer of
/// [`SEND_BUFFER`], inside the runtime.
fn listen_on(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = match addr {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    // As the standard library's listener does on unix: a restarted `serve` takes its
    // port back while the last one's connections linger in TIME_WAIT.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    // Accepted connections inherit it.
    socket.set_send_buffer_size(SEND_BUFFER)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// The page's address at `addr`.
fn url_of(addr: SocketAddr) -> String {
    format!("http://{addr}/")
}

/// Where the scorekeeper replaces the code: at the prompt (`serve code`), or on the
/// command line, with no prompt to type it at (`--new-code`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Replaced {
    AtThePrompt,
    OnTheCommandLine,
}

/// What `serve` says when it starts, after its first line: who can read the page and,
/// beyond this machine, where the phones go and the QR code that takes them there; then
/// the scorekeeper's link and its code, when it keeps score.
pub(crate) fn joining(server: &Server, replaced: Replaced) -> Vec<String> {
    let mut lines = watching(server);
    lines.extend(keeping(server, replaced));
    lines
}

/// The scorekeeper's link (`keep score: URL`), what it allows, and (beyond this
/// machine) its QR code.
pub(crate) fn keeping(server: &Server, replaced: Replaced) -> Vec<String> {
    let Some(url) = server.keep_url() else {
        return Vec::new();
    };
    let how = match replaced {
        Replaced::AtThePrompt => "`serve code` replaces it",
        Replaced::OnTheCommandLine => "starting again with --new-code replaces it",
    };
    let mut lines = vec![format!("keep score: {url}")];
    lines.push(format!(
        "  (it records into this session only; anyone with it can record, undo and fix: give it only to whoever keeps score; {how})"
    ));
    if exposed(server.addr())
        && let Some(code) = qr::terminal(&url)
    {
        lines.push(code.trim_end().to_string());
    }
    lines
}

/// What `serve` says of a room when it starts: who can read its page and, beyond this
/// machine, where the phones go; then each table's scorekeeper's link (and its QR code
/// beyond this machine), for the director alone: the room's page never shows them.
pub(crate) fn room_joining(server: &Server, tables: &[String]) -> Vec<String> {
    let mut lines = watching(server);
    if let Some(url) = server.director_url() {
        lines.push(format!(
            "director's view: {url}\n  (every table's link and QR code, to show each table from this screen; keep it to yourself)"
        ));
    }
    for table in tables {
        lines.extend(table_keeping(server, table));
    }
    lines
}

/// Table `table`'s scorekeeper's link, for the director: `t1 keep score: URL`.
pub(crate) fn table_keeping(server: &Server, table: &str) -> Vec<String> {
    let Some(url) = server.table_keep_url(table) else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "{table} keep score: {url}\n  (it records into table {table} only; give it only to whoever keeps that table's score)"
    )];
    if exposed(server.addr())
        && let Some(code) = qr::terminal(&url)
    {
        lines.push(code.trim_end().to_string());
    }
    lines
}

/// Who can read the page and, beyond this machine, where the phones go and the QR
/// code that takes them there.
fn watching(server: &Server) -> Vec<String> {
    let mut lines = Vec::new();
    if !exposed(server.addr()) {
        return lines;
    }
    lines.push(format!(
        "listening on {}, not only on this machine: anyone who can reach it can read the scoreboard (nothing on it can change the log)",
        server.addr()
    ));
    let urls = server.join_urls();
    match urls.split_first() {
        None => lines.push(
            "this machine has no network address beyond itself yet: phones cannot reach the page until it joins one".into(),
        ),
        Some((first, rest)) => {
            let also = if rest.is_empty() {
                String::new()
            } else {
                format!(" (or {})", rest.join(", "))
            };
            lines.push(format!(
                "phones on this network open {first}{also}, or point their camera at this code (the page shows it too):"
            ));
            if let Some(code) = server.join_code() {
                lines.push(code.trim_end().to_string());
            }
        }
    }
    lines
}

/// True when `addr` can be reached from other machines, which `serve` then says.
pub(crate) fn exposed(addr: SocketAddr) -> bool {
    !addr.ip().is_loopback()
}

/// Accepts connections for as long as the process runs, each served by a task of its
/// own, and answers the requests that name this server (`hosts`). A newcomer takes a
/// slot from the oldest connection that has sent nothing or whose head is slow when
/// its address's share or the whole is full, and is closed at once only when every
/// slot it could take holds a real request. A failed accept (out of file descriptors,
/// say) waits a moment and goes on: it never ends the server.
async fn accept(
    listener: tokio::net::TcpListener,
    hosting: Arc<Hosting>,
    hosts: Arc<Hosts>,
    stopping: Arc<tokio::sync::Notify>,
) {
    let mut stop = std::pin::pin!(stopping.notified());
    let slots = match &*hosting {
        Hosting::One(_) => Slots::new(MAX_CONNECTIONS, MAX_PER_CLIENT, MAX_STREAMS),
        Hosting::Room(_) => Slots::new(MAX_CONNECTIONS, ROOM_PER_CLIENT, ROOM_STREAMS),
    };
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_BUFFER)
        .keep_alive(false);
    loop {
        let next = std::future::poll_fn(|cx| {
            if stop.as_mut().poll(cx).is_ready() {
                return std::task::Poll::Ready(None);
            }
            listener.poll_accept(cx).map(Some)
        })
        .await;
        let Some(next) = next else {
            // Returning ends the runtime, and with it every connection's task.
            return;
        };
        let (stream, client) = match next {
            Ok(accepted) => accepted,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(admitted) = slots.admit(client.ip().to_canonical(), Instant::now()) else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let local = stream.local_addr().ok().map(|a| a.ip());
        let (hosting, hosts) = (Arc::clone(&hosting), Arc::clone(&hosts));
        let from = client.ip();
        let conn = admitted.slot.conn();
        let service = service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            // The head is whole: a real request, which keeps its slot.
            conn.answering();
            let answer = match hosts.judge(&request, local) {
                Verdict::Ours => match routes::repeated(request.headers()) {
                    Some(name) => routes::now(routes::given_twice(name)),
                    None if routes::framed_by_encoding(request.headers()) => {
                        routes::now(routes::not_by_length())
                    }
                    None => match &*hosting {
                        Hosting::One(served) => routes::answer(request, from, &conn, served),
                        Hosting::Room(hall) => hall.answer(request, from, &conn),
                    },
                },
                Verdict::Misdirected => routes::now(routes::misdirected()),
                Verdict::Malformed => routes::now(routes::no_single_host()),
            };
            async move { Ok::<_, Infallible>(answer.await) }
        });
        let io = io::Timed::new(stream, SEND_TIMEOUT).holding(
            admitted.slot,
            FIRST_BYTE_TIMEOUT,
            admitted.closed,
        );
        let connection = http.serve_connection(TokioIo::new(io), service);
        tokio::spawn(async move {
            let _ = connection.await;
        });
        if admitted.made_room {
            // The closed connection's task runs before the next accept, so its
            // descriptor is given back before another is taken.
            tokio::task::yield_now().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_loopback_address_counts_as_this_machine_only() {
        assert!(!exposed(DEFAULT_LISTEN));
        assert!(!exposed("[::1]:7878".parse().expect("addr")));
        assert!(exposed("0.0.0.0:7878".parse().expect("addr")));
        assert!(exposed("192.168.1.20:7878".parse().expect("addr")));
    }
}
