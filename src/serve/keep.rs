//! Keeping score from phones: the scorekeeper's link (`/keep/CODE`) takes every line the
//! prompt takes for the game and records it through the same session the prompt uses,
//! one line at a time in the order lines arrive. Each phone has a desk of its own (the
//! question it was asked), the reply is the outcome drawn for a page (`said.rs`), and
//! every line a phone records is told to the terminal (`[phone] left bob QZ` and what
//! it came to) and reaches every watching page as the log grows.
//!
//! The link opens one session: its code is that session's (`code.rs`), so a link never
//! writes another session, and when the prompt opens another session the link is that
//! session's from then on. `serve code` (or `--new-code`) replaces it, and the old one
//! is refused at once, by this server and any page that still holds it.

mod code;
pub(super) mod http;
mod page;

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::check::Allowance;
use crate::contract::Refusal;
use crate::session::outcome::{HistoryRow, NotDone, Said};
use crate::session::{AnySession, CoreError, Desk, Outcome, Reading};

pub(in crate::serve) use code::Code;
pub(crate) use code::CodeError;
use code::{file_for, forget_folder_code};
use page::HISTORY_SHOWN;
pub(super) use page::{View, board_fragment, keep_page, refused_page};

/// The open session, shared between the prompt and the scoreboard: each takes it in
/// turn for one line, so lines are applied one at a time, in the order they come.
pub(crate) type Table = Arc<Mutex<Option<Box<dyn AnySession>>>>;

/// Takes the open session for one line. A line that panicked elsewhere left it as it
/// was: every change is on disk before it counts.
pub(crate) fn take(table: &Table) -> MutexGuard<'_, Option<Box<dyn AnySession>>> {
    table.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The longest line a phone may send: the prompt's.
pub(crate) const MAX_LINE: usize = crate::contract::MAX_LINE;

/// The most a scorekeeper's POST body may hold: a line, the rows of a grid, a desk.
pub(super) const MAX_BODY: usize = 16 * 1024;

/// How many phones' desks are remembered; past that the longest unused is forgotten
/// (a question it was asked is then dropped).
const DESKS: usize = 64;

/// A scorekeeper's writes a client may make at once, and then each second: a table
/// types a line every few seconds; a flood gets 429.
const WRITE_BURST: f64 = 20.0;
const WRITES_PER_SECOND: f64 = 2.0;

/// What the terminal is told of each phone's line, and whether it wrote to the log
/// (the table moved on, which drops a question waiting at the terminal).
pub(crate) type Tell = Box<dyn Fn(String, bool) + Send + Sync>;

/// The scorekeeper's side of the server.
pub(crate) struct Keeper {
    table: Table,
    /// The sessions folder, where each session's code is kept.
    dir: PathBuf,
    /// The session the link writes and its code: the one open at the prompt (or by
    /// `serve --keep`), followed when the prompt opens another; none while no session
    /// is open, when no code opens anything.
    link: Mutex<Option<Link>>,
    desks: Mutex<HashMap<String, AtDesk>>,
    /// The entries the page lists, kept with the log they are of and how far it went:
    /// working them out replays the whole match, and after each entry every phone's
    /// page asks for them again.
    listed: Mutex<Option<(PathBuf, u64, Vec<HistoryRow>)>>,
    writes: Mutex<Allowance>,
    tell: Option<Tell>,
    /// Where its routes are served from: `/`, or a room's `/t/TABLE/`.
    mount: String,
}

/// A session's link: its log and its code.
struct Link {
    log: PathBuf,
    code: Code,
}

impl Link {
    /// The link of the session logged at `log`, whose code is kept in `dir`: its code
    /// as kept, or a fresh one (kept) when it has none or `new` asks for one.
    fn of(dir: &Path, log: &Path, new: bool) -> Result<Link, CodeError> {
        Ok(Link {
            log: log.to_path_buf(),
            code: Code::kept(&file_for(dir, log), new)?,
        })
    }
}

/// A link that no longer opens the session at the table: its code was replaced, or
/// the prompt opened another session since the request was let in.
#[derive(Debug)]
pub(super) struct Stale;

impl Keeper {
    /// A keeper of `table`, whose sessions are in the folder `dir`, and whose link is
    /// the open session's (a fresh code when `new`), telling `tell` of each phone's
    /// entry. The folder's one code of earlier versions is removed: it would open every
    /// session in the folder.
    pub(crate) fn new(
        table: Table,
        dir: PathBuf,
        new: bool,
        tell: Option<Tell>,
    ) -> Result<Keeper, CodeError> {
        forget_folder_code(&dir);
        let log = take(&table).as_deref().map(|t| t.path().to_path_buf());
        let link = match log {
            Some(log) => Some(Link::of(&dir, &log, new)?),
            None => None,
        };
        Ok(Keeper {
            table,
            dir,
            link: Mutex::new(link),
            desks: Mutex::new(HashMap::new()),
            listed: Mutex::new(None),
            writes: Mutex::new(Allowance::with(WRITE_BURST, WRITES_PER_SECOND)),
            tell,
            mount: "/".to_string(),
        })
    }

    /// The keeper of a room's table, served under `mount` (`/t/TABLE/`).
    pub(crate) fn mounted_at(mut self, mount: String) -> Keeper {
        self.mount = mount;
        self
    }

    /// Where its routes are served from, ending in `/`.
    pub(crate) fn mount(&self) -> &str {
        &self.mount
    }

    fn link(&self) -> MutexGuard<'_, Option<Link>> {
        self.link.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The code now, while a session is open.
    pub(crate) fn code(&self) -> Option<String> {
        self.link().as_ref().map(|l| l.code.as_str().to_string())
    }

    /// The link is that of the session logged at `log` from now on (the prompt opened
    /// it): its own code, kept beside it. True when the link changed; every phone's
    /// desk is forgotten with the old one.
    pub(crate) fn follow(&self, log: &Path) -> Result<bool, CodeError> {
        let mut link = self.link();
        if link.as_ref().is_some_and(|l| l.log == log) {
            return Ok(false);
        }
        *link = Some(Link::of(&self.dir, log, false)?);
        drop(link);
        self.forget_desks();
        Ok(true)
    }

    /// Replaces the session's code: the old one is refused from now on, and every
    /// phone's desk (its question, its last answer) is forgotten with it.
    pub(crate) fn new_code(&self) -> Result<String, CodeError> {
        let mut link = self.link();
        let Some(l) = link.as_mut() else {
            return Err(CodeError::NoSession);
        };
        *l = Link::of(&self.dir, &l.log.clone(), true)?;
        let code = l.code.as_str().to_string();
        drop(link);
        self.forget_desks();
        Ok(code)
    }

    fn forget_desks(&self) {
        self.desks
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// `given` is the code now.
    pub(super) fn admits(&self, given: &str) -> bool {
        self.link().as_ref().is_some_and(|l| l.code.matches(given))
    }

    /// `given` is the code of the session logged at `log`, the one at the table: asked
    /// with the table held, so no line runs in a session its link does not open.
    fn opens(&self, given: &str, log: &Path) -> bool {
        self.link()
            .as_ref()
            .is_some_and(|l| l.log == log && l.code.matches(given))
    }

    /// Takes a write from `client`'s allowance: `Err` says how long to wait.
    pub(super) fn may_write(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        self.writes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take(client, now)
    }

    /// A name for a new desk: 64 random bits, so one phone cannot guess another's.
    pub(super) fn new_desk() -> String {
        Code::fresh().map_or_else(|_| "desk".into(), |c| c.short())
    }

    /// An id for the next line the page sends without its script: 128 random bits,
    /// drawn afresh for each page (the page's script draws its own for each line).
    /// Empty when the system gives no random bits: the line then goes without one.
    pub(super) fn new_line_id() -> String {
        Code::fresh().map_or_else(|_| String::new(), |c| c.as_str().to_string())
    }

    /// A desk name as a form gives it: hex of at most 32 digits, else none.
    fn desk_name(given: Option<&str>) -> Option<String> {
        given
            .filter(|d| !d.is_empty() && d.len() <= 32 && d.bytes().all(|b| b.is_ascii_hexdigit()))
            .map(str::to_ascii_lowercase)
    }
}

/// A scorekeeper's form, as a phone or a script posts it: a `line` to run (with the
/// `rows` a block verb reads, from the page's rows box), or a button pressed (`answer`
/// y or n, `add` a piece to the line, `fill` the line with a fix), the `desk` the page
/// was given, and the `id` the page gave the line, which the log keeps so that the
/// line sent again is recorded once.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Form {
    pub(crate) line: Option<String>,
    pub(crate) rows: Option<String>,
    pub(crate) desk: Option<String>,
    pub(crate) add: Option<String>,
    pub(crate) fill: Option<String>,
    pub(crate) answer: Option<String>,
    /// A valid line id ([`crate::session::line_id`]), in lower case.
    pub(crate) id: Option<String>,
}

impl Form {
    /// Reads an `application/x-www-form-urlencoded` body. A field given twice, one not
    /// in the form, one that is not text after decoding, or an `id` that is not one
    /// is refused, naming it.
    pub(super) fn parse(body: &str) -> Result<Form, String> {
        let mut form = Form::default();
        for pair in body.split('&').filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = super::check::decode(value).ok_or_else(|| {
                format!("the field {name:?} is not text (UTF-8, percent-encoded)")
            })?;
            let slot = match name {
                "line" => &mut form.line,
                "rows" => &mut form.rows,
                "desk" => &mut form.desk,
                "add" => &mut form.add,
                "fill" => &mut form.fill,
                "answer" => &mut form.answer,
                "id" => &mut form.id,
                // The page's record button names itself, which a line needs no more.
                "go" => continue,
                other => {
                    return Err(format!(
                        "{} is not a field of the scorekeeper's form: it takes line (and rows), and desk, id, answer, add or fill",
                        crate::text::printable(other)
                    ));
                }
            };
            if slot.is_some() {
                return Err(format!("the field {name:?} is given twice: once is enough"));
            }
            *slot = Some(value);
        }
        // An empty id is none (a page that could not draw one); any other must be one.
        form.id = match form.id.as_deref() {
            None | Some("") => None,
            Some(given) => Some(crate::session::line_id(given).ok_or_else(|| {
                format!(
                    "the field \"id\" is a line's id, 1 to {} hex digits (the page draws one for each line), not {}",
                    crate::session::LINE_ID_DIGITS,
                    crate::text::printable(given)
                )
            })?),
        };
        Ok(form)
    }
}

/// What one phone has at the scorekeeper's page: its desk (the question it was asked),
/// the outcome of its last line, and the line (with the rows box) it is building or
/// that was refused.
struct AtDesk {
    desk: Desk,
    last: Option<Outcome>,
    line: String,
    rows: String,
    used: Instant,
}

/// What a form came to: the outcome of the line it ran (none for a button that only
/// completes the line), the other answers the question it raised takes, the desk it
/// was typed at (named now when it had none) and the line and rows the page shows next.
pub(super) struct Submitted {
    pub(crate) outcome: Option<Outcome>,
    pub(crate) answers: Vec<String>,
    pub(crate) desk: String,
    pub(crate) line: String,
    pub(crate) rows: String,
}

/// What a line did: its outcome, whether it wrote to the log, and whether it was a
/// line sent before, answered from the log.
struct Ran {
    outcome: Outcome,
    wrote: bool,
    again: bool,
}

/// What the terminal is told a phone sent: its line (with how many rows follow it), or
/// its answer with the question it answers.
fn heard(form: &Form, question: Option<&crate::session::outcome::Question>) -> String {
    if let Some(answer) = &form.answer {
        return match question {
            Some(q) => format!("{} (to: {})", answer.trim(), crate::render::question(q)),
            None => answer.trim().to_string(),
        };
    }
    let typed = form.line.as_deref().unwrap_or_default();
    let mut lines = typed.lines();
    let first = lines.next().unwrap_or("").trim().to_string();
    let more = lines
        .chain(form.rows.as_deref().unwrap_or_default().lines())
        .filter(|r| !r.trim().is_empty())
        .count();
    match more {
        0 => first,
        n => format!(
            "{first} ({})",
            crate::text::count(
                i64::try_from(n).unwrap_or(i64::MAX),
                "more line",
                "more lines"
            )
        ),
    }
}

impl Keeper {
    /// Carries out a form posted at the link with the code `given`: a line run through
    /// the open session as the prompt would run it, a question answered, or the line
    /// completed by a button. A form with no desk is a script's: it gets a desk for
    /// this line only, and is never asked a question; unless it comes from a `browser`
    /// (a form posted without the page's script, asking for HTML), which gets a desk
    /// of its own, as the page would have given it. A line with an `id` the log holds
    /// already is answered with what it recorded then, and records nothing. `Err` when
    /// the code no longer opens the session at the table.
    pub(super) fn submit(
        &self,
        given: &str,
        form: &Form,
        browser: bool,
    ) -> Result<Submitted, Stale> {
        let named = Keeper::desk_name(form.desk.as_deref());
        let keeps = named.is_some() || browser;
        let name = named.clone().unwrap_or_else(Keeper::new_desk);
        let mut desks = self.desks.lock().unwrap_or_else(PoisonError::into_inner);
        let mut at = desks.remove(&name).unwrap_or_else(|| AtDesk {
            desk: Desk::phone(!keeps),
            last: None,
            line: String::new(),
            rows: String::new(),
            used: Instant::now(),
        });
        let typed = form.line.clone().unwrap_or_default();
        let first = typed.lines().next().unwrap_or("").to_string();
        let rows = form.rows.clone().unwrap_or_default();
        let heard = heard(form, at.desk.question());
        let id = form.id.as_deref();
        let ran = if let Some(answer) = &form.answer {
            Some(self.run_line(given, &mut at.desk, answer, None, id)?)
        } else if let Some(piece) = &form.add {
            at.line = with_piece(&first, piece);
            at.rows.clone_from(&rows);
            None
        } else if let Some(fill) = &form.fill {
            at.line = format!("{} ", fill.trim());
            at.rows.clone_from(&rows);
            None
        } else {
            Some(self.run_line(given, &mut at.desk, &typed, form.rows.as_deref(), id)?)
        };
        if let Some(ran) = &ran {
            let o = &ran.outcome;
            // A refused line stays to be put right, with its rows; anything else is
            // done with.
            (at.line, at.rows) = if o.refused && form.answer.is_none() {
                (first, rows)
            } else {
                (String::new(), String::new())
            };
            // The terminal hears of every line a phone writes to the log (an entry, a
            // ruling, an undo, an answer), every line refused, a question declined and
            // a line sent again, with what it came to.
            let declined = o.said.iter().any(|s| matches!(s, Said::Declined));
            if let Some(tell) = &self.tell
                && (ran.wrote || ran.again || o.refused || declined)
            {
                tell(
                    format!(
                        "[phone] {}\n{}",
                        crate::text::printable_text(&heard),
                        crate::render::outcome(o)
                    ),
                    ran.wrote,
                );
            }
        }
        let outcome = ran.map(|r| r.outcome);
        at.last.clone_from(&outcome);
        let answers = at
            .desk
            .answers()
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>();
        let (line, rows) = (at.line.clone(), at.rows.clone());
        if keeps {
            if desks.len() >= DESKS
                && let Some(oldest) = desks
                    .iter()
                    .min_by_key(|(_, d)| d.used)
                    .map(|(k, _)| k.clone())
            {
                desks.remove(&oldest);
            }
            at.used = Instant::now();
            desks.insert(name.clone(), at);
        }
        Ok(Submitted {
            outcome,
            answers,
            desk: name,
            line,
            rows,
        })
    }

    /// Runs one line (and the `rows` of the page's rows box) through the open session
    /// at `desk`, if the link `given` opens it: checked with the session held, so a
    /// line never reaches a session another link opens. A line whose `id` the log
    /// holds already was recorded when it was first sent: it is answered with what it
    /// recorded, and runs no more.
    fn run_line(
        &self,
        given: &str,
        desk: &mut Desk,
        text: &str,
        rows: Option<&str>,
        id: Option<&str>,
    ) -> Result<Ran, Stale> {
        let mut table = take(&self.table);
        let Some(t) = table.as_deref_mut() else {
            return Ok(Ran {
                outcome: Outcome::refused(Refusal::new(
                    "no session is open at the prompt: open one there first",
                )),
                wrote: false,
                again: false,
            });
        };
        if !self.opens(given, t.path()) {
            return Err(Stale);
        }
        if let Some(outcome) = id.and_then(|id| t.sent_before(id)) {
            return Ok(Ran {
                outcome,
                wrote: false,
                again: true,
            });
        }
        let before = t.last_seq();
        desk.sending(id.map(str::to_string));
        let outcome = run(t, desk, text, rows);
        desk.sending(None);
        Ok(Ran {
            wrote: t.last_seq() != before,
            outcome,
            again: false,
        })
    }

    /// Everything the page shows to the phone at `desk` (a desk not yet known starts
    /// empty: the form carries its name from now on), if the link `given` opens the
    /// session at the table.
    pub(super) fn view(&self, given: &str, desk: Option<&str>) -> Result<View, Stale> {
        let name = Keeper::desk_name(desk).unwrap_or_else(Keeper::new_desk);
        let desks = self.desks.lock().unwrap_or_else(PoisonError::into_inner);
        let at = desks.get(&name);
        let table = take(&self.table);
        let mut view = View {
            title: String::new(),
            progress: String::new(),
            code: given.to_string(),
            desk: name.clone(),
            example: String::new(),
            line: at.map(|a| a.line.clone()).unwrap_or_default(),
            rows: at.map(|a| a.rows.clone()).unwrap_or_default(),
            id: Keeper::new_line_id(),
            blocks: Vec::new(),
            reply: at.and_then(|a| a.last.clone()),
            answers: at.map_or_else(Vec::new, |a| {
                a.desk.answers().into_iter().map(String::from).collect()
            }),
            standings: None,
            history: Vec::new(),
            chips: Vec::new(),
        };
        if let Some(t) = table.as_deref() {
            if !self.opens(given, t.path()) {
                return Err(Stale);
            }
            view.title = format!("{} {}", t.shown_title(), t.name());
            view.progress = t.progress().label;
            view.standings = Some(t.standings());
            view.history = self.listed(t);
            view.chips = chips(t);
            view.example = example(t);
            view.blocks = t
                .verbs()
                .into_iter()
                .filter(|v| v.block)
                .map(|v| v.name)
                .collect();
        }
        Ok(view)
    }
}

impl Keeper {
    /// The newest [`HISTORY_SHOWN`] entries of `t`, newest first, worked out again only
    /// when the log has grown or is another.
    fn listed(&self, t: &dyn AnySession) -> Vec<HistoryRow> {
        let mut listed = self.listed.lock().unwrap_or_else(PoisonError::into_inner);
        let now = t.last_seq();
        match &*listed {
            Some((path, seq, rows)) if path == t.path() && *seq == now => rows.clone(),
            _ => {
                let mut rows = t.history();
                rows.reverse();
                rows.truncate(HISTORY_SHOWN);
                *listed = Some((t.path().to_path_buf(), now, rows.clone()));
                rows
            }
        }
    }
}

/// `piece` added to the line `typed`: one letter (a tile, a blank) joins the word being
/// typed, anything else is a word of its own.
fn with_piece(typed: &str, piece: &str) -> String {
    let piece = piece.trim();
    let joins = piece.chars().count() == 1 && !typed.is_empty() && !typed.ends_with(' ');
    let gap = if joins || typed.is_empty() || typed.ends_with(' ') {
        ""
    } else {
        " "
    };
    let after = if piece.chars().count() == 1 { "" } else { " " };
    format!("{typed}{gap}{piece}{after}")
}

/// The buttons that complete a line, as Tab would: the verbs a phone takes, the
/// players, and the game's pieces (what it names for the page, else what its verbs
/// complete themselves).
fn chips(t: &dyn AnySession) -> Vec<(&'static str, Vec<String>)> {
    let game: Vec<String> = t.game_verbs().iter().map(|v| v.name.to_string()).collect();
    let more: Vec<String> = t
        .verbs()
        .into_iter()
        .map(|v| v.name)
        .filter(|v| !PROMPT_ONLY.contains(v) && *v != "help" && !game.iter().any(|g| g == v))
        .map(str::to_string)
        .collect();
    let mut pieces = t.complete(crate::contract::PIECES);
    if pieces.is_empty() {
        for verb in t.game_verbs() {
            for arg in verb.completes {
                if let crate::contract::Arg::Own(kind) = arg {
                    for c in t.complete(kind) {
                        if !pieces.contains(&c) {
                            pieces.push(c);
                        }
                    }
                }
            }
        }
    }
    vec![
        (page::VERBS, game),
        ("players", t.players()),
        ("pieces", pieces),
        (page::MORE, more),
    ]
}

/// The verbs only the prompt takes: they open, start or leave sessions, write files on
/// the scorekeeper's machine, or run the scoreboard itself.
const PROMPT_ONLY: [&str; 11] = [
    "new", "open", "resume", "quit", "exit", "q", "serve", "sessions", "stats", "export", "reveal",
];

/// One line as the prompt would take it: a yes or no answers the desk's question;
/// anything else drops it (and says so), then the session's verb runs, a block verb
/// with its rows: the lines after the first (as a script sends them) and those of the
/// page's rows box (`rows`). A line that goes on after a line break is refused unless
/// its verb reads rows: it is never cut to its first line.
fn run(table: &mut dyn AnySession, desk: &mut Desk, text: &str, rows: Option<&str>) -> Outcome {
    let mut lines = text.lines();
    let line = lines.next().unwrap_or("");
    let after: Vec<&str> = lines.collect();
    let boxed: Vec<&str> = rows.unwrap_or_default().lines().collect();
    if let Some(why) = not_one_line(table, line, &after, &boxed) {
        desk.refused_elsewhere();
        return Outcome::refused(Refusal::input(why));
    }
    let mut rows: Vec<String> = after.iter().chain(&boxed).map(|r| r.to_string()).collect();
    while rows.last().is_some_and(|r| r.trim().is_empty()) {
        rows.pop();
    }
    let (verb, args, dropped) = match desk.read(line) {
        Reading::TooLong => return Outcome::refused(CoreError::LineTooLong { max: MAX_LINE }),
        Reading::Empty => return Outcome::of(Said::NothingTyped),
        Reading::Stray(word) => return Outcome::of(Said::Stray { word }),
        Reading::Answer(yes) => return table.answer(desk, yes),
        Reading::Verb {
            verb,
            args,
            dropped,
        } => (verb, args, dropped),
    };
    let mut outcome = if verb == "help" || verb == "?" {
        Outcome::of(Said::Line {
            text: help(table, args),
        })
    } else if PROMPT_ONLY.contains(&verb.as_str()) {
        desk.refused_elsewhere();
        Outcome::not_done(
            NotDone::Taken,
            Refusal::input(format!(
                "{verb} is typed at the scorekeeper's prompt, not on a phone"
            )),
        )
    } else {
        match table.verbs().into_iter().find(|v| v.name == verb) {
            None => {
                desk.refused_elsewhere();
                table.refuse_verb(&verb, &[])
            }
            Some(spec) if spec.block && args.split_whitespace().any(|a| a == "--file") => {
                desk.refused_elsewhere();
                Outcome::refused(Refusal::input(format!(
                    "{} --file reads a file on the scorekeeper's machine, at the prompt: on a phone, put the rows in the rows box under the line, one a line",
                    spec.name
                )))
            }
            Some(spec) if spec.block && rows.is_empty() => {
                desk.refused_elsewhere();
                Outcome::refused(Refusal::input(format!(
                    "{} reads rows: put them in the rows box under the line, one a line (a script sends them after the line)",
                    spec.name
                )))
            }
            Some(spec) => {
                let block = spec.block.then_some(rows.as_slice());
                table.run(desk, spec.name, args, block)
            }
        }
    };
    if dropped {
        outcome.said.insert(0, Said::Dropped);
    }
    outcome
}

/// Why `line`, with the lines sent `after` it and the rows of the rows box, is not one
/// line its verb takes: more than one line for a verb that reads no rows, or a blank
/// row with more after it (at the prompt, a blank row ends a grid, and the rest would
/// be read as lines of their own). Blank lines at the end are nothing. `None` when it
/// is one.
fn not_one_line(
    table: &dyn AnySession,
    line: &str,
    after: &[&str],
    boxed: &[&str],
) -> Option<String> {
    let filled = |rows: &[&str]| rows.iter().any(|r| !r.trim().is_empty());
    if !filled(after) && !filled(boxed) {
        return None;
    }
    let verb = line
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let blocks: Vec<&str> = table
        .verbs()
        .into_iter()
        .filter(|v| v.block)
        .map(|v| v.name)
        .collect();
    if !blocks.contains(&verb.as_str()) {
        let only = match blocks.as_slice() {
            [] => String::new(),
            some => format!(" (only {} reads rows)", crate::text::or_list(some)),
        };
        let quoted = |l: &str| crate::text::printable(l.trim());
        return Some(match after.iter().find(|r| !r.trim().is_empty()) {
            Some(next) => format!(
                "a phone sends one line at a time, and this one goes on after a line break ({} follows {}): send each line on its own{only}",
                quoted(next),
                quoted(line)
            ),
            None => format!(
                "the rows box is for a line that reads rows{only}: empty it to send {}",
                quoted(line)
            ),
        });
    }
    let rows: Vec<&&str> = after.iter().chain(boxed).collect();
    let end = rows.iter().rposition(|r| !r.trim().is_empty())?;
    let blank = rows.iter().position(|r| r.trim().is_empty())?;
    (blank < end).then(|| {
        format!(
            "row {} of {verb} is blank, and rows follow it: at the prompt a blank row ends the rows; type an empty cell as . (a letter a cell)",
            blank + 1
        )
    })
}

/// `help`: the verbs a phone takes, one a line with what it records; `help VERB`: that
/// verb, with an example, and where it is typed when it is the prompt's.
fn help(table: &dyn AnySession, args: &str) -> String {
    let wanted = args.trim().to_ascii_lowercase();
    let verbs = table.verbs();
    if !wanted.is_empty() {
        let Some(v) = verbs.iter().find(|v| v.name == wanted) else {
            // The prompt's own verbs (`new`, `open`, `serve`...) are not the session's.
            if PROMPT_ONLY.contains(&wanted.as_str()) {
                return format!("{wanted} is typed at the scorekeeper's prompt, not on a phone");
            }
            let near = crate::text::did_you_mean(&wanted, verbs.iter().map(|v| v.name))
                .map(|v| format!(" (did you mean \"{v}\"?)"))
                .unwrap_or_default();
            return format!("no verb {}{near}", crate::text::printable(&wanted));
        };
        let mut text = format!("{}: {}\ne.g. {}", synopsis(v), v.summary, v.example);
        if PROMPT_ONLY.contains(&v.name) {
            text.push_str("\n(typed at the scorekeeper's prompt, not on a phone)");
        }
        return text;
    }
    let mut lines: Vec<String> = verbs
        .into_iter()
        .filter(|v| !PROMPT_ONLY.contains(&v.name))
        .map(|v| format!("{}: {}", synopsis(v), v.summary))
        .collect();
    lines.push("`help VERB` shows one verb with an example".into());
    lines.join("\n")
}

/// "left PLAYER TILES": a verb as it is typed.
fn synopsis(v: &crate::contract::Verb) -> String {
    if v.args.is_empty() {
        v.name.to_string()
    } else {
        format!("{} {}", v.name, v.args)
    }
}

/// A line of the game for the empty entry line, with the session's own players: the
/// example of the first verb of the game that takes arguments, each player in it one of
/// the table's ("out ann", not the example's "out alice").
fn example(t: &dyn AnySession) -> String {
    let Some(verb) = t.game_verbs().into_iter().find(|v| !v.args.is_empty()) else {
        return String::new();
    };
    let players = t.players();
    let mut seat = 0;
    let mut words = Vec::new();
    for (i, word) in verb.example.split_whitespace().enumerate() {
        let arg = i
            .checked_sub(1)
            .and_then(|k| verb.completes.get(k).or(verb.completes.last()));
        match (arg, players.get(seat % players.len().max(1))) {
            (Some(crate::contract::Arg::Player), Some(player)) => {
                words.push(player.clone());
                seat += 1;
            }
            _ => words.push(word.to_string()),
        }
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_gives_each_field_once_decoded_and_nothing_else() {
        let form = Form::parse("line=left+ben+QZ&desk=ab12&go=1").expect("a form");
        assert_eq!(form.line.as_deref(), Some("left ben QZ"));
        assert_eq!(form.desk.as_deref(), Some("ab12"));
        assert_eq!((form.add, form.fill, form.answer), (None, None, None));
        let form = Form::parse("answer=y&add=%3F&fill=fix+%231").expect("a form");
        assert_eq!(form.answer.as_deref(), Some("y"));
        assert_eq!(form.add.as_deref(), Some("?"));
        assert_eq!(form.fill.as_deref(), Some("fix #1"));
        assert_eq!(Form::parse("").expect("empty"), Form::default());
        assert_eq!(
            Form::parse("line").expect("a bare name").line.as_deref(),
            Some("")
        );
        let twice = Form::parse("line=a&line=b").expect_err("twice");
        assert!(twice.contains("\"line\" is given twice"), "{twice}");
        let other = Form::parse("line=a&cookie=1").expect_err("unknown");
        assert!(other.contains("\"cookie\" is not a field"), "{other}");
        let bytes = Form::parse("line=%FF").expect_err("not UTF-8");
        assert!(bytes.contains("not text"), "{bytes}");
    }

    #[test]
    fn a_form_takes_rows_and_a_line_id_of_hex_only() {
        let form = Form::parse("line=grid+ann&rows=QI%0AZA&id=0123ABCDef").expect("a form");
        assert_eq!(form.rows.as_deref(), Some("QI\nZA"));
        assert_eq!(form.id.as_deref(), Some("0123abcdef"), "read in lower case");
        assert_eq!(Form::parse("line=x&id=").expect("empty").id, None);
        for bad in ["id=xyz", "id=%3Cb%3E", &format!("id={}", "a".repeat(33))] {
            let why = Form::parse(bad).expect_err(bad);
            assert!(
                why.contains("\"id\" is a line's id, 1 to 32 hex digits"),
                "{why}"
            );
        }
        let twice = Form::parse("id=ab&id=cd").expect_err("twice");
        assert!(twice.contains("given twice"), "{twice}");
    }

    #[test]
    fn a_letter_joins_the_word_being_typed_and_anything_else_is_a_word_of_its_own() {
        assert_eq!(with_piece("left ben ", "Q"), "left ben Q");
        assert_eq!(with_piece("left ben Q", "Z"), "left ben QZ");
        assert_eq!(with_piece("left ben", "?"), "left ben?");
        assert_eq!(with_piece("", "ann"), "ann ");
        assert_eq!(with_piece("", "Q"), "Q");
        assert_eq!(with_piece("laid ann", "5C"), "laid ann 5C ");
        assert_eq!(with_piece("laid ann 5C ", "6C"), "laid ann 5C 6C ");
        assert_eq!(with_piece("take ann 5D", " onto "), "take ann 5D onto ");
    }

    #[test]
    fn a_desk_is_named_by_hex_of_at_most_32_digits() {
        assert_eq!(
            Keeper::desk_name(Some("0123456789ABCDEF")).as_deref(),
            Some("0123456789abcdef")
        );
        assert_eq!(
            Keeper::desk_name(Some(&"a".repeat(32))).map(|d| d.len()),
            Some(32)
        );
        for bad in ["", "desk", "0123g", "<script>", &"a".repeat(33)] {
            assert_eq!(Keeper::desk_name(Some(bad)), None, "{bad}");
        }
        assert_eq!(Keeper::desk_name(None), None);
        let fresh = Keeper::new_desk();
        assert_eq!(Keeper::desk_name(Some(&fresh)), Some(fresh.clone()));
        assert_ne!(fresh, Keeper::new_desk());
    }

    #[test]
    fn a_device_has_20_writes_at_once_then_2_a_second() {
        let dir = crate::testing::tempdir().expect("dir");
        let keeper = Keeper::new(
            Arc::new(Mutex::new(None)),
            dir.path().to_path_buf(),
            false,
            None,
        )
        .expect("a keeper");
        let (phone, other) = (
            IpAddr::from([192, 168, 1, 30]),
            IpAddr::from([192, 168, 1, 31]),
        );
        let now = Instant::now();
        for n in 0..20 {
            assert!(keeper.may_write(phone, now).is_ok(), "write {n}");
        }
        let wait = keeper.may_write(phone, now).expect_err("the 21st waits");
        assert!(wait <= Duration::from_millis(500), "{wait:?}");
        assert!(
            keeper.may_write(other, now).is_ok(),
            "another device has its own"
        );
        assert!(
            keeper
                .may_write(phone, now + Duration::from_millis(500))
                .is_ok()
        );
    }

    /// A keeper of a Take Two session `name` (no entries yet), opened in `dir`.
    fn keeping(dir: &Path, name: &str) -> Keeper {
        let with = crate::registry::test_with();
        let shelf = crate::session::Sessions::new(dir.to_path_buf(), with.lexicon, with.games);
        std::fs::write(
            dir.join(format!("{name}.jsonl")),
            crate::testing::HandLog::take_two().text(),
        )
        .expect("a log");
        let t = shelf.open(name).expect("a session");
        Keeper::new(
            Arc::new(Mutex::new(Some(t))),
            dir.to_path_buf(),
            false,
            None,
        )
        .expect("a keeper")
    }

    fn line(text: &str) -> Form {
        Form {
            line: Some(text.into()),
            ..Form::default()
        }
    }

    /// A keeper of a Take Two session `name` as [`keeping`] makes it, and what it tells
    /// the terminal.
    fn keeping_told(dir: &Path, name: &str) -> (Keeper, Arc<Mutex<Vec<String>>>) {
        let plain = keeping(dir, name);
        let told = Arc::new(Mutex::new(Vec::new()));
        let heard = Arc::clone(&told);
        let keeper = Keeper::new(
            Arc::clone(&plain.table),
            dir.to_path_buf(),
            false,
            Some(Box::new(move |said: String, _| {
                heard.lock().expect("told").push(said);
            })),
        )
        .expect("a keeper");
        (keeper, told)
    }

    /// What `form` at the desk `desk` came to, as the prompt would say it.
    fn said(k: &Keeper, desk: &str, form: Form) -> (String, bool) {
        let code = k.code().expect("a code");
        let form = Form {
            desk: Some(desk.into()),
            ..form
        };
        let o = k
            .submit(&code, &form, false)
            .expect("opens")
            .outcome
            .expect("an outcome");
        (crate::render::plain(&o), o.refused)
    }

    const DESK: &str = "0123456789abcdef";

    #[test]
    fn a_line_that_goes_on_after_a_line_break_is_refused_in_words_unless_its_verb_reads_rows() {
        let dir = crate::testing::tempdir().expect("dir");
        let (k, told) = keeping_told(dir.path(), "lines");
        let (reply, refused) = said(&k, DESK, line("left ben QZ\nout ann"));
        assert!(refused, "{reply}");
        assert_eq!(
            reply,
            "not recorded: a phone sends one line at a time, and this one goes on after a line break (\"out ann\" follows \"left ben QZ\"): send each line on its own (only grid reads rows); nothing changed"
        );
        // Nothing of it was recorded: not its first line either.
        assert_eq!(take(&k.table).as_deref().map(|t| t.last_seq()), Some(0));
        // Blank lines at its end are nothing.
        let (reply, refused) = said(&k, DESK, line("left ben QZ\n\n"));
        assert!(!refused && reply.starts_with("recorded"), "{reply}");
        // The rows box is for grid only.
        let (reply, refused) = said(
            &k,
            DESK,
            Form {
                rows: Some("QI".into()),
                ..line("out ann")
            },
        );
        assert!(refused, "{reply}");
        assert!(
            reply.contains("the rows box is for a line that reads rows (only grid reads rows): empty it to send \"out ann\""),
            "{reply}"
        );
        // The terminal heard each refusal, with the lines after the first counted.
        let heard = told.lock().expect("told").clone();
        assert!(
            heard[0].starts_with(
                "[phone] left ben QZ (1 more line)\nnot recorded: a phone sends one line at a time"
            ),
            "{heard:?}"
        );
        assert!(
            heard[2].starts_with("[phone] out ann (1 more line)\nnot recorded: the rows box"),
            "{heard:?}"
        );
    }

    #[test]
    fn a_grid_is_sent_from_a_phone_with_its_rows_in_the_rows_box_or_after_the_line() {
        let dir = crate::testing::tempdir().expect("dir");
        let (k, _) = keeping_told(dir.path(), "grids");
        let grid = |rows: &str| Form {
            rows: Some(rows.into()),
            ..line("grid ann")
        };
        let (reply, refused) = said(&k, DESK, grid("QI.\n.ZA\n"));
        assert!(!refused, "{reply}");
        assert!(
            reply.contains("│ IZ   ┆ down at r1c2   ┆ not allowed"),
            "{reply}"
        );
        assert!(
            reply.contains("the grid is one piece\n3 words, 4 tiles used"),
            "{reply}"
        );
        // A script sends the rows after the line.
        let (reply, refused) = said(&k, DESK, line("grid ann\nQI\nZA"));
        assert!(!refused, "{reply}");
        // No rows, a blank row with more after it, a file: each refused, naming it.
        let (reply, refused) = said(&k, DESK, line("grid ann"));
        assert!(refused);
        assert!(
            reply.contains("grid reads rows: put them in the rows box under the line"),
            "{reply}"
        );
        let (reply, refused) = said(&k, DESK, grid("QI\n\nZA"));
        assert!(refused);
        assert!(
            reply.contains("row 2 of grid is blank, and rows follow it"),
            "{reply}"
        );
        let (reply, refused) = said(
            &k,
            DESK,
            Form {
                rows: Some("QI".into()),
                ..line("grid ann --file /etc/passwd")
            },
        );
        assert!(refused);
        assert!(
            reply.contains("grid --file reads a file on the scorekeeper's machine"),
            "{reply}"
        );
    }

    #[test]
    fn the_terminal_hears_a_refused_line_and_a_no_with_the_question_it_declined() {
        let dir = crate::testing::tempdir().expect("dir");
        let (k, told) = keeping_told(dir.path(), "heard");
        said(&k, DESK, line("lfet ann QZ"));
        said(&k, DESK, line("score"));
        said(&k, DESK, line("allow QI"));
        said(&k, DESK, line("penalty ben played QI"));
        let (reply, _) = said(
            &k,
            DESK,
            Form {
                answer: Some("n".into()),
                ..Form::default()
            },
        );
        assert_eq!(reply, "nothing recorded");
        let heard = told.lock().expect("told").clone();
        assert_eq!(
            heard.len(),
            3,
            "the score and the question asked are not told: {heard:?}"
        );
        assert!(
            heard[0].starts_with("[phone] lfet ann QZ\nnot recorded: unknown verb"),
            "{heard:?}"
        );
        assert!(heard[0].contains("did you mean \"left\""), "{heard:?}");
        assert!(heard[1].starts_with("[phone] allow QI\n"), "{heard:?}");
        assert_eq!(
            heard[2],
            "[phone] n (to: QI was ruled allowed in round 1; record anyway?)\nnothing recorded"
        );
    }

    #[test]
    fn a_line_sent_again_with_its_id_is_answered_with_what_it_recorded_and_records_nothing() {
        let dir = crate::testing::tempdir().expect("dir");
        let (k, told) = keeping_told(dir.path(), "again");
        let with = |text: &str, id: &str| Form {
            id: Some(id.into()),
            ..line(text)
        };
        let (first, _) = said(&k, DESK, with("left ben QZ", "a1"));
        assert!(first.starts_with("recorded  ben left Q Z: 20"), "{first}");
        let (again, refused) = said(&k, DESK, with("left ben QZ", "a1"));
        assert!(!refused, "{again}");
        assert_eq!(
            again,
            "already recorded: this line was sent before and recorded #1 ben left Q Z: 20; nothing recorded again"
        );
        // Another id is another line: refused as a second entry for ben would be.
        let (other, refused) = said(&k, DESK, with("left ben QZ", "a2"));
        assert!(refused, "{other}");
        // An answer sent again records once too; an undo since is said.
        said(&k, DESK, line("allow QI"));
        said(&k, DESK, line("penalty ann played QI"));
        let yes = || Form {
            answer: Some("y".into()),
            id: Some("b1".into()),
            ..Form::default()
        };
        let (first, _) = said(&k, DESK, yes());
        assert!(first.contains("recorded  ann +25 (played QI)"), "{first}");
        said(&k, DESK, line("undo"));
        let (again, _) = said(&k, DESK, yes());
        assert_eq!(
            again,
            "already recorded: this line was sent before and recorded #3 ann +25 (played QI) (undone since); nothing recorded again"
        );
        let table = take(&k.table);
        assert_eq!(table.as_deref().map(|t| t.last_seq()), Some(4));
        drop(table);
        let log = std::fs::read_to_string(dir.path().join("again.jsonl")).expect("log");
        assert_eq!(
            log.matches("\"by\":\"phone\",\"line\":\"a1\"").count(),
            1,
            "{log}"
        );
        assert_eq!(log.matches("\"line\":\"b1\"").count(), 1, "{log}");
        let heard = told.lock().expect("told").clone();
        assert!(
            heard
                .iter()
                .any(|h| h.starts_with("[phone] left ben QZ\nalready recorded")),
            "{heard:?}"
        );
    }

    #[test]
    fn each_session_s_link_opens_that_session_only_and_a_new_code_refuses_the_old() {
        let dir = crate::testing::tempdir().expect("dir");
        std::fs::write(
            dir.path().join(code::FOLDER_CODE_FILE),
            "0123456789abcdef0123456789abcdef",
        )
        .expect("an old code");
        let friday = keeping(dir.path(), "friday");
        assert!(
            !dir.path().join(code::FOLDER_CODE_FILE).exists(),
            "the folder's one code is gone"
        );
        assert!(!friday.admits("0123456789abcdef0123456789abcdef"));
        let code = friday.code().expect("a code");
        assert_eq!(
            std::fs::read_to_string(dir.path().join(".friday.keep-code")).expect("kept"),
            code
        );
        let saturday = keeping(dir.path(), "saturday");
        let other = saturday.code().expect("a code");
        assert_ne!(code, other);
        assert!(!friday.admits(&other) && !saturday.admits(&code));
        let said = friday
            .submit(&code, &line("out ann"), false)
            .expect("opens");
        assert!(said.outcome.is_some_and(|o| o.changed()));
        assert!(saturday.submit(&code, &line("out ann"), false).is_err());
        // A new code: the old is refused at once, by the page and by a line.
        let fresh = friday.new_code().expect("a new code");
        assert!(!friday.admits(&code) && friday.admits(&fresh));
        assert!(friday.submit(&code, &line("out ben"), false).is_err());
        assert!(friday.view(&code, None).is_err());
        assert!(friday.view(&fresh, None).is_ok());
        // The prompt opens another session: the link is that session's from then on.
        assert!(
            friday
                .follow(&dir.path().join("saturday.jsonl"))
                .expect("followed")
        );
        assert!(!friday.admits(&fresh));
        assert!(friday.admits(&other));
    }

    #[test]
    fn with_no_session_open_a_line_says_so_and_no_code_opens_anything() {
        let dir = crate::testing::tempdir().expect("dir");
        let keeper = Keeper::new(
            Arc::new(Mutex::new(None)),
            dir.path().to_path_buf(),
            false,
            None,
        )
        .expect("a keeper");
        assert_eq!(keeper.code(), None);
        assert!(!keeper.admits(""));
        assert!(matches!(keeper.new_code(), Err(CodeError::NoSession)));
        let said = keeper
            .submit("", &line("out ann"), false)
            .expect("no session to be stale");
        let outcome = said.outcome.expect("an outcome");
        assert!(outcome.refused);
        assert!(crate::render::plain(&outcome).contains("no session is open"));
    }

    #[test]
    fn help_on_a_phone_is_the_verbs_it_takes_and_help_verb_is_that_verb() {
        let dir = crate::testing::tempdir().expect("dir");
        let k = keeping(dir.path(), "help");
        let table = take(&k.table);
        let t = table.as_deref().expect("open");
        let all = help(t, "");
        assert!(all.contains("left PLAYER"), "{all}");
        assert!(!all.contains("export"), "{all}");
        let one = help(t, "export");
        assert!(one.starts_with("export "), "{one}");
        assert!(one.contains("typed at the scorekeeper's prompt"), "{one}");
        assert_eq!(one.lines().count(), 3, "{one}");
        let left = help(t, "LEFT");
        assert!(
            left.starts_with("left PLAYER") && left.contains("e.g. left "),
            "{left}"
        );
        assert!(help(t, "lfet").contains("did you mean \"left\""));
        assert_eq!(
            help(t, "open"),
            "open is typed at the scorekeeper's prompt, not on a phone"
        );
    }

    #[test]
    fn the_empty_line_s_example_names_the_session_s_own_players() {
        let dir = crate::testing::tempdir().expect("dir");
        let k = keeping(dir.path(), "example");
        let table = take(&k.table);
        let t = table.as_deref().expect("open");
        let said = example(t);
        assert!(said.contains(" ann"), "{said}");
        assert!(!said.contains("alice") && !said.contains("bob"), "{said}");
    }
}
