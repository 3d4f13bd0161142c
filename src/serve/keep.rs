//! Keeping score from phones: the scorekeeper's link (`/keep/CODE`) takes every line the
//! prompt takes for the game and records it through the same session the prompt uses,
//! one line at a time in the order lines arrive. Each phone has a desk of its own (the
//! question it was asked), the reply is the prompt's own words, and what a phone
//! records is told to the terminal (`[phone] left bob QZ`) and reaches every watching
//! page as the log grows.
//!
//! The code in the link is the only key: 128 bits from the operating system's random
//! source, compared in constant time, never shown on the watch page, never written to
//! the log or an export. It is kept beside the logs (`.keep-code`, readable by its owner
//! only) so a restarted scorekeeper keeps the link the phones have; `serve code` (or
//! `--new-code`) replaces it, and the old one is refused at once.

pub(super) mod http;
mod page;

use std::collections::HashMap;
use std::io::Write as _;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::check::Allowance;
use crate::contract::Refusal;
use crate::session::outcome::{HistoryRow, NotDone, Said};
use crate::session::{AnySession, CoreError, Desk, Outcome, Reading};

use page::HISTORY_SHOWN;
pub(super) use page::{View, board_fragment, keep_page};

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

/// Where the code is kept, beside the logs.
pub(crate) const CODE_FILE: &str = ".keep-code";

/// What the terminal is told of each phone's entry.
pub(crate) type Tell = Box<dyn Fn(String) + Send + Sync>;

/// The scorekeeper's side of the server.
pub(crate) struct Keeper {
    table: Table,
    code: Mutex<Code>,
    code_file: PathBuf,
    desks: Mutex<HashMap<String, AtDesk>>,
    /// The entries the page lists, kept with the log they are of and how far it went:
    /// working them out replays the whole match, and after each entry every phone's
    /// page asks for them again.
    listed: Mutex<Option<(PathBuf, u64, Vec<HistoryRow>)>>,
    writes: Mutex<Allowance>,
    tell: Option<Tell>,
}

/// The secret of the scorekeeper's link.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Code(String);

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Code(...)")
    }
}

/// Why the scorekeeper's code could not be made or kept.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CodeError {
    #[error("no random numbers from the operating system: {0}")]
    Random(String),
    #[error("cannot keep the scorekeeper's code in {path}: {detail}")]
    File { path: String, detail: String },
}

impl Code {
    /// A fresh code: 16 bytes (128 bits) from the operating system, as 32 hex digits.
    pub(crate) fn fresh() -> Result<Code, CodeError> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|e| CodeError::Random(e.to_string()))?;
        Ok(Code(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// The code kept in `file`, or a fresh one (kept there) when there is none, it is
    /// not a code, or `new` asks for one.
    pub(crate) fn kept(file: &Path, new: bool) -> Result<Code, CodeError> {
        if !new
            && let Ok(text) = std::fs::read_to_string(file)
            && let Some(code) = Code::parse(text.trim())
        {
            return Ok(code);
        }
        let code = Code::fresh()?;
        code.keep(file)?;
        Ok(code)
    }

    fn parse(text: &str) -> Option<Code> {
        (text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Code(text.to_ascii_lowercase()))
    }

    /// Writes the code to `file`, readable and writable by its owner only.
    fn keep(&self, file: &Path) -> Result<(), CodeError> {
        let failed = |e: std::io::Error| CodeError::File {
            path: file.display().to_string(),
            detail: e.to_string(),
        };
        let _ = std::fs::remove_file(file);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut f = options.open(file).map_err(failed)?;
        f.write_all(self.0.as_bytes())
            .and_then(|()| f.sync_all())
            .map_err(failed)
    }

    /// The code as it goes in the link.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// `given` is this code: compared in constant time, so how long a wrong code takes
    /// to refuse says nothing of how much of it was right.
    fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        let mut diff = a.len() ^ b.len();
        for (i, x) in a.iter().enumerate() {
            diff |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
        }
        diff == 0
    }
}

/// A scorekeeper's form, as a phone or a script posts it: a `line` to run, or a button
/// pressed (`answer` y or n, `add` a piece to the line, `fill` the line with a fix), and
/// the `desk` the page was given.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Form {
    pub(crate) line: Option<String>,
    pub(crate) desk: Option<String>,
    pub(crate) add: Option<String>,
    pub(crate) fill: Option<String>,
    pub(crate) answer: Option<String>,
}

impl Form {
    /// Reads an `application/x-www-form-urlencoded` body. A field given twice, one not
    /// in the form, or one that is not text after decoding is refused, naming it.
    pub(super) fn parse(body: &str) -> Result<Form, String> {
        let mut form = Form::default();
        for pair in body.split('&').filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = super::check::decode(value).ok_or_else(|| {
                format!("the field {name:?} is not text (UTF-8, percent-encoded)")
            })?;
            let slot = match name {
                "line" => &mut form.line,
                "desk" => &mut form.desk,
                "add" => &mut form.add,
                "fill" => &mut form.fill,
                "answer" => &mut form.answer,
                // The page's record button names itself, which a line needs no more.
                "go" => continue,
                other => {
                    return Err(format!(
                        "{} is not a field of the scorekeeper's form: it takes line, and desk, answer, add or fill",
                        crate::text::printable(other)
                    ));
                }
            };
            if slot.is_some() {
                return Err(format!("the field {name:?} is given twice: once is enough"));
            }
            *slot = Some(value);
        }
        Ok(form)
    }
}

/// What one phone has at the scorekeeper's page: its desk (the question it was asked),
/// the answer to its last line, and the line it is building or that was refused.
struct AtDesk {
    desk: Desk,
    last: Option<(String, bool)>,
    line: String,
    used: Instant,
}

/// What a form came to: the outcome of the line it ran (none for a button that only
/// completes the line), the desk it was typed at (named now when it had none) and the
/// line the page shows next.
pub(super) struct Submitted {
    pub(crate) outcome: Option<Outcome>,
    pub(crate) desk: String,
    pub(crate) line: String,
}

impl Keeper {
    /// A keeper of `table` whose code is kept in `code_file` (a fresh one when `new`),
    /// telling `tell` of each phone's entry.
    pub(crate) fn new(
        table: Table,
        code_file: PathBuf,
        new: bool,
        tell: Option<Tell>,
    ) -> Result<Keeper, CodeError> {
        let code = Code::kept(&code_file, new)?;
        Ok(Keeper {
            table,
            code: Mutex::new(code),
            code_file,
            desks: Mutex::new(HashMap::new()),
            listed: Mutex::new(None),
            writes: Mutex::new(Allowance::with(WRITE_BURST, WRITES_PER_SECOND)),
            tell,
        })
    }

    /// The code now.
    pub(crate) fn code(&self) -> Code {
        self.code
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Replaces the code: the old one is refused from now on, and every phone's desk
    /// (its question, its last answer) is forgotten with it.
    pub(crate) fn new_code(&self) -> Result<Code, CodeError> {
        let code = Code::fresh()?;
        code.keep(&self.code_file)?;
        *self.code.lock().unwrap_or_else(PoisonError::into_inner) = code.clone();
        self.desks
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        Ok(code)
    }

    /// `given` is the code now.
    pub(super) fn admits(&self, given: &str) -> bool {
        self.code
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .matches(given)
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
        Code::fresh().map_or_else(|_| "desk".into(), |c| c.0[..16].to_string())
    }

    /// A desk name as a form gives it: hex of at most 32 digits, else none.
    fn desk_name(given: Option<&str>) -> Option<String> {
        given
            .filter(|d| !d.is_empty() && d.len() <= 32 && d.bytes().all(|b| b.is_ascii_hexdigit()))
            .map(str::to_ascii_lowercase)
    }

    /// Carries out a form posted at the scorekeeper's link: a line run through the
    /// open session as the prompt would run it, a question answered, or the line
    /// completed by a button. A form with no desk is a script's: it gets a desk for
    /// this line only, and is never asked a question.
    pub(super) fn submit(&self, form: &Form) -> Submitted {
        let given = Keeper::desk_name(form.desk.as_deref());
        let name = given.clone().unwrap_or_else(Keeper::new_desk);
        let mut desks = self.desks.lock().unwrap_or_else(PoisonError::into_inner);
        let mut at = desks.remove(&name).unwrap_or_else(|| AtDesk {
            desk: Desk::phone(given.is_none()),
            last: None,
            line: String::new(),
            used: Instant::now(),
        });
        let typed = form.line.clone().unwrap_or_default();
        let outcome = if let Some(answer) = &form.answer {
            Some(self.run_line(&mut at.desk, answer))
        } else if let Some(piece) = &form.add {
            at.line = with_piece(&typed, piece);
            None
        } else if let Some(fill) = &form.fill {
            at.line = format!("{} ", fill.trim());
            None
        } else {
            Some(self.run_line(&mut at.desk, &typed))
        };
        if let Some(o) = &outcome {
            at.last = Some((crate::render::plain(o), o.refused));
            // A refused line stays to be put right; anything else is done with.
            at.line = if o.refused && form.answer.is_none() {
                typed.lines().next().unwrap_or("").to_string()
            } else {
                String::new()
            };
            // The terminal hears of every change to the log a phone makes.
            if let Some(tell) = &self.tell
                && o.changed()
            {
                let line = form.answer.as_deref().unwrap_or(&typed);
                tell(format!(
                    "[phone] {}\n{}",
                    crate::text::printable_text(line.lines().next().unwrap_or("").trim()),
                    crate::render::outcome(o)
                ));
            }
        }
        let line = at.line.clone();
        if given.is_some() {
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
        Submitted {
            outcome,
            desk: name,
            line,
        }
    }

    /// Runs one line through the open session at `desk`.
    fn run_line(&self, desk: &mut Desk, text: &str) -> Outcome {
        let mut table = take(&self.table);
        match table.as_deref_mut() {
            Some(t) => run(t, desk, text),
            None => Outcome::refused(Refusal::new(
                "no session is open at the prompt: open one there first",
            )),
        }
    }

    /// Everything the page shows to the phone at `desk` (a desk not yet known starts
    /// empty: the form carries its name from now on).
    pub(super) fn view(&self, desk: Option<&str>) -> View {
        let name = Keeper::desk_name(desk).unwrap_or_else(Keeper::new_desk);
        let desks = self.desks.lock().unwrap_or_else(PoisonError::into_inner);
        let at = desks.get(&name);
        let table = take(&self.table);
        let mut view = View {
            title: String::new(),
            progress: String::new(),
            code: self.code().0,
            desk: name.clone(),
            example: String::new(),
            line: at.map(|a| a.line.clone()).unwrap_or_default(),
            reply: at.and_then(|a| a.last.clone()),
            question: at
                .and_then(|a| a.desk.question())
                .map(crate::render::question),
            standings: None,
            history: Vec::new(),
            chips: Vec::new(),
        };
        if let Some(t) = table.as_deref() {
            view.title = format!("{} {}", t.shown_title(), t.name());
            view.progress = t.progress().label;
            view.standings = Some(t.standings());
            view.history = self.listed(t);
            view.chips = chips(t);
            view.example = t
                .game_verbs()
                .iter()
                .find(|v| !v.args.is_empty())
                .map(|v| v.example.to_string())
                .unwrap_or_default();
        }
        view
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
/// with the lines after the first as its rows.
fn run(table: &mut dyn AnySession, desk: &mut Desk, text: &str) -> Outcome {
    let mut lines = text.lines();
    let line = lines.next().unwrap_or("");
    let rows: Vec<String> = lines.map(str::to_string).collect();
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
        Outcome::of(Said::Line { text: help(table) })
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
                let near = crate::text::did_you_mean(
                    &verb,
                    table
                        .verbs()
                        .into_iter()
                        .map(|v| v.name)
                        .filter(|v| !PROMPT_ONLY.contains(v)),
                )
                .map(|v| format!(" (did you mean \"{v}\"?)"))
                .unwrap_or_default();
                Outcome::refused(CoreError::UnknownVerb {
                    verb: crate::text::printable(&verb),
                    near,
                })
            }
            Some(spec) if spec.block && rows.is_empty() => {
                Outcome::refused(Refusal::input(format!(
                    "{} reads rows: send them after the line, one a line",
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

/// The verbs a phone takes, one a line with what it records.
fn help(table: &dyn AnySession) -> String {
    table
        .verbs()
        .into_iter()
        .filter(|v| !PROMPT_ONLY.contains(&v.name))
        .map(|v| {
            let synopsis = if v.args.is_empty() {
                v.name.to_string()
            } else {
                format!("{} {}", v.name, v.args)
            };
            format!("{synopsis}: {}", v.summary)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_128_bits_of_hex_and_only_itself_matches() {
        let a = Code::fresh().expect("random");
        let b = Code::fresh().expect("random");
        assert_eq!(a.as_str().len(), 32);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b, "two codes differ");
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(b.as_str()));
        assert!(!a.matches(&a.as_str()[..31]), "a prefix is not the code");
        assert!(!a.matches(&format!("{}0", a.as_str())), "nor a longer one");
        assert!(!a.matches(""));
    }

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
            dir.path().join(CODE_FILE),
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
        // The code it made is kept, admitted, and refused once replaced.
        let code = keeper.code();
        assert!(keeper.admits(code.as_str()));
        let fresh = keeper.new_code().expect("a new code");
        assert!(!keeper.admits(code.as_str()));
        assert!(keeper.admits(fresh.as_str()));
        // With no session open, a line says so and records nothing.
        let said = keeper.submit(&Form {
            line: Some("out ann".into()),
            ..Form::default()
        });
        let outcome = said.outcome.expect("an outcome");
        assert!(outcome.refused);
        assert!(crate::render::plain(&outcome).contains("no session is open"));
    }

    #[test]
    fn a_kept_code_is_read_back_and_a_new_one_replaces_it_readable_by_its_owner_only() {
        let dir = crate::testing::tempdir().expect("dir");
        let file = dir.path().join(CODE_FILE);
        let first = Code::kept(&file, false).expect("made");
        assert_eq!(Code::kept(&file, false).expect("read"), first);
        let second = Code::kept(&file, true).expect("new");
        assert_ne!(second, first);
        assert_eq!(
            std::fs::read_to_string(&file).expect("kept"),
            second.as_str()
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&file, "not a code").expect("spoilt");
        assert_ne!(Code::kept(&file, false).expect("remade"), second);
    }
}
