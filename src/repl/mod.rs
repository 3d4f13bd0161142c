//! The scorekeeper's prompt: rustyline at a terminal, or a script read line by line
//! when standard input is not a terminal (the tests drive it that way).
//!
//! The prompt owns only what a person at the table does: reading lines, echoing them in
//! scripts, asking questions, completing and hinting. Every command goes to the session
//! core (`Table`) or, before a session is open, to the few verbs that open one.

#[cfg(test)]
pub(crate) mod at_table;
mod helper;
mod room;
mod script;
mod served;
mod sessions;
mod shell;
mod terminal;
mod verbs;

use shell::{file_arg, read_block_file, undone};
use terminal::shown;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex, PoisonError};

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Config, Editor};

pub use crate::cli::new::{NewError, create as new_session};
use crate::contract::{OneShot, Verb};
use crate::exit::{CommandError, Exit};
use crate::session::outcome::{NotDone, Said};
use crate::session::{AnySession, Desk, Outcome, Reading, Sessions};
#[cfg(test)]
pub(crate) use verbs::PROMPT_VERBS;
pub(crate) use verbs::{all_verbs, find_verb};

/// What the prompt prints for a command's outcome, colour aside: the words a script's
/// output holds.
pub fn words(outcome: &Outcome) -> String {
    crate::render::outcome(outcome)
}

/// Longest line the prompt accepts (the contract's, which a phone's line and a log's
/// text are held to as well).
pub(crate) use crate::contract::MAX_LINE;

/// What the completer knows, refreshed after every command.
#[derive(Default)]
pub(crate) struct Known {
    pub(crate) verbs: Vec<&'static crate::contract::Verb>,
    pub(crate) players: Vec<String>,
    pub(crate) words: Vec<String>,
    /// The open session's word rules: dictionary completions are only words they allow.
    pub(crate) rules: Option<crate::lexicon::Rules>,
    /// Candidates for the game's own kinds of argument ([`crate::contract::Arg::Own`]).
    pub(crate) own: Vec<(&'static str, Vec<String>)>,
}

/// The open session, shared with the scoreboard when it keeps score from phones: the
/// prompt and each phone take it in turn for one line, so lines are applied one at a
/// time in the order they come.
type Shared = crate::serve::Table;

use crate::serve::take_table as take;

/// Where a phone's entry is told at the terminal: rustyline's printer, which shows it
/// above the line being typed, once the prompt reads a terminal.
type Printer = Arc<Mutex<Option<Box<dyn FnMut(String) + Send>>>>;

/// The prompt a line began with, and the prompt as the session stands: set together
/// when the line begins, the second again when a phone moves the session on (closes a
/// round) while it is being typed; the line is drawn with it.
type PromptNow = Arc<Mutex<Option<(String, String)>>>;

/// The scorekeeper's prompt: the open session (if any), the sessions directory it opens
/// others from, and its side of the conversation.
pub struct Repl {
    shelf: Sessions,
    table: Shared,
    /// This prompt's side of the conversation: the question it was asked, whether its
    /// last line was refused.
    desk: Desk,
    script: bool,
    refused: bool,
    known: Rc<RefCell<Known>>,
    /// Ctrl-C was pressed while a block verb read its rows.
    interrupted: Rc<std::cell::Cell<bool>>,
    /// The live scoreboard `serve` started; it shows the open session, and keeps
    /// score from the phones that have its scorekeeper's link.
    served: Option<crate::serve::Server>,
    /// Where the phones' entries are told.
    printer: Printer,
    /// The prompt the line being typed is drawn with.
    now: PromptNow,
    /// Each line answered as one JSON object rather than text.
    json: bool,
    /// The open session was started for this prompt (`umpire new`): its greeting says
    /// where the log is.
    started: bool,
    /// The room directed from this prompt (`umpire room NAME`): its tables, one of
    /// them `table` when it is typed into.
    room: Option<room::Directing>,
}

/// What one line came to: what it said, and whether the prompt goes on.
enum Next {
    Go(Outcome),
    Quit(Outcome),
}

/// A line the prompt says itself (help, a banner, where the scoreboard is).
fn say_line(text: impl Into<String>) -> Next {
    Next::Go(Outcome::of(Said::Line { text: text.into() }))
}

impl Repl {
    /// A prompt that reads a script when standard input is not a terminal.
    pub(crate) fn new(shelf: Sessions, table: Option<Box<dyn AnySession>>) -> Repl {
        let script = !io::stdin().is_terminal();
        Repl::with_mode(shelf, table, script)
    }

    /// A prompt in the given mode (tests drive it line by line with [`Repl::respond`]).
    pub fn with_mode(shelf: Sessions, table: Option<Box<dyn AnySession>>, script: bool) -> Repl {
        let mut r = Repl {
            shelf,
            table: Arc::new(Mutex::new(table)),
            desk: Desk::new(script),
            script,
            refused: false,
            known: Rc::new(RefCell::new(Known::default())),
            interrupted: Rc::new(std::cell::Cell::new(false)),
            served: None,
            printer: Arc::new(Mutex::new(None)),
            now: Arc::new(Mutex::new(None)),
            json: false,
            started: false,
            room: None,
        };
        r.refresh_known();
        r
    }

    /// Answers each line as one JSON object (`--replies json`): what the line was,
    /// where the game stood, and its outcome as data.
    pub(crate) fn json(mut self, json: bool) -> Repl {
        self.json = json;
        self
    }

    /// The open session was just started (`umpire new`): the greeting says where its
    /// log is, which a newcomer without a `sessions/` folder would not guess.
    pub(crate) fn started(mut self) -> Repl {
        self.started = true;
        self
    }

    /// The prompt for the next line: while a question waits for its answer, it says
    /// so and names the answers (`take-rummy saturday h1 [y/n/AH]> `), so the line
    /// after a question does not look like any other.
    fn prompt(&self) -> String {
        let prompt = match &self.room {
            Some(room) => room.prompt(take(&self.table).as_deref()),
            None => prompt_for(&self.table),
        };
        if self.desk.question().is_none() {
            return prompt;
        }
        let mut answers = vec!["y", "n"];
        answers.extend(self.desk.answers());
        format!(
            "{} [{}]> ",
            prompt.trim_end_matches("> "),
            answers.join("/")
        )
    }

    /// The prompt a line begins with, kept as the one it is drawn with until a phone
    /// moves the session on.
    fn prompt_now(&self) -> String {
        let mut now = self.now.lock().unwrap_or_else(PoisonError::into_inner);
        let prompt = self.prompt();
        *now = Some((prompt.clone(), prompt.clone()));
        prompt
    }

    /// Brings what the prompt knows up to date after a line; the scoreboard follows the
    /// open session. What to say when its scorekeeper's link changed with it.
    fn refresh(&mut self) -> Option<String> {
        let path = take(&self.table).as_deref().map(|t| t.path().to_path_buf());
        let said = match (&self.served, path) {
            (Some(server), Some(path)) => match server.follow(&path) {
                Ok(true) => server.keep_url().map(|url| {
                    format!("keep score: {url}\n  (the link of this session: the one before is refused from now on)")
                }),
                Ok(false) => None,
                Err(e) => Some(format!("the scorekeeper's link does not follow: {e}")),
            },
            _ => None,
        };
        self.refresh_known();
        said
    }

    fn refresh_known(&mut self) {
        let table = take(&self.table);
        let mut k = self.known.borrow_mut();
        k.verbs = all_verbs(table.as_deref());
        if self.room.is_some() {
            k.verbs.extend(room::ROOM_VERBS.iter());
        }
        match table.as_ref() {
            Some(t) => {
                k.players = t.players();
                // Words are for Tab, which a script never presses: a long log's
                // entries are not typed again for them.
                k.words = if self.script { Vec::new() } else { t.words() };
                k.rules = Some(t.rules().clone());
                let mut kinds: Vec<&'static str> = t
                    .game_verbs()
                    .iter()
                    .flat_map(|v| v.completes.iter())
                    .filter_map(|a| match a {
                        crate::contract::Arg::Own(kind) => Some(*kind),
                        _ => None,
                    })
                    .collect();
                kinds.sort_unstable();
                kinds.dedup();
                k.own = kinds
                    .into_iter()
                    .map(|kind| (kind, t.complete(kind)))
                    .collect();
            }
            None => {
                k.players.clear();
                k.words.clear();
                k.rules = None;
                k.own.clear();
            }
        }
    }

    /// Runs one typed line and returns what to print, and whether the prompt is done.
    /// `more` yields the lines a block verb reads.
    pub fn respond(
        &mut self,
        line: &str,
        more: &mut dyn FnMut() -> Option<String>,
    ) -> (String, bool) {
        match self.handle(line, more) {
            Next::Go(o) => (crate::render::outcome(&o), false),
            Next::Quit(o) => (crate::render::outcome(&o), true),
        }
    }

    /// Runs one typed line; `more` yields the lines a block verb reads.
    fn handle(&mut self, line: &str, more: &mut dyn FnMut() -> Option<String>) -> Next {
        let mut step = self.dispatch(line, more);
        if let Some(text) = self.refresh() {
            let (Next::Go(o) | Next::Quit(o)) = &mut step;
            o.said.push(Said::Line { text });
        }
        step
    }

    fn refuse(&mut self, why: impl std::fmt::Display) -> Next {
        self.refuse_as(None, why)
    }

    /// A refusal said as what was not done: "not exported: ...", "not checked: ...";
    /// `None` for a line that would have recorded something ("not recorded: ...").
    fn refuse_as(&mut self, done: Option<NotDone>, why: impl std::fmt::Display) -> Next {
        self.refused = true;
        self.desk.refused_elsewhere();
        let why = crate::contract::Refusal::input(why.to_string());
        Next::Go(match done {
            Some(done) => Outcome::not_done(done, why),
            None => Outcome::refused(why),
        })
    }

    fn dispatch(&mut self, line: &str, more: &mut dyn FnMut() -> Option<String>) -> Next {
        let (verb, args, dropped) = match self.desk.read(line) {
            // A script's reader keeps only the start of a longer line, so its length
            // is not known here: say the limit, not a count.
            Reading::TooLong => {
                return self.refuse(crate::session::CoreError::LineTooLong { max: MAX_LINE });
            }
            Reading::Empty => return Next::Go(Outcome::of(Said::NothingTyped)),
            Reading::Stray(word) => return Next::Go(Outcome::of(Said::Stray { word })),
            Reading::Answer(yes) => {
                let shared = Arc::clone(&self.table);
                let mut table = take(&shared);
                let Some(t) = table.as_mut() else {
                    return Next::Go(Outcome::of(Said::NoQuestion));
                };
                let outcome = t.answer(&mut self.desk, yes);
                self.refused |= outcome.refused;
                return Next::Go(outcome);
            }
            Reading::Verb {
                verb,
                args,
                dropped,
            } => (verb, args, dropped),
        };
        // Anything else typed while a question waits drops it, and says so.
        match self.dispatch_verb(&verb, args, more) {
            Next::Go(mut o) if dropped => {
                o.said.insert(0, Said::Dropped);
                Next::Go(o)
            }
            other => other,
        }
    }

    fn dispatch_verb(
        &mut self,
        verb: &str,
        args: &str,
        more: &mut dyn FnMut() -> Option<String>,
    ) -> Next {
        if let Some(next) = self.room_verb(verb, args) {
            return next;
        }
        match verb {
            "help" | "?" => {
                let mut text = verbs::help(take(&self.table).as_deref(), self.shelf.games(), args);
                if let Some(room) = &self.room {
                    text = room.help(text, args);
                }
                return say_line(crate::render::wrap(&text, crate::render::term_width()));
            }
            "quit" | "exit" | "q" => {
                return Next::Quit(Outcome::of(Said::Line { text: self.bye() }));
            }
            "new" => return self.new_session(args),
            "serve" => return self.serve(args),
            "open" | "resume" => return self.open_session(args),
            "stats" => {
                let (stats, skipped, read) = self.shelf.stats(None);
                let mut text = if read == 0 {
                    format!("no sessions yet in {}", self.shelf.dir.display())
                } else {
                    crate::render::stats(&stats)
                };
                for s in &skipped {
                    text.push_str(&format!("\nwarning: {}", crate::render::shelf_note(s)));
                }
                return say_line(text);
            }
            "sessions" => {
                let (found, bad) = self.shelf.list();
                let mut text = if found.is_empty() {
                    format!("no sessions yet in {}", self.shelf.dir.display())
                } else {
                    crate::render::list_table(&found)
                };
                for b in &bad {
                    let b = crate::render::shelf_note(b);
                    text.push_str(&format!("\nwarning: {b}"));
                }
                let rooms = crate::render::rooms_list(&crate::session::room::list(&self.shelf.dir));
                if !rooms.is_empty() {
                    text.push('\n');
                    text.push_str(&rooms);
                }
                return say_line(text);
            }
            _ => {}
        }
        let shot = {
            let table = take(&self.table);
            verbs::prompt_shots(table.as_deref(), self.shelf.games()).find(|(_, v)| v.name == verb)
        };
        if let Some((shot, spec)) = shot {
            return self.one_shot(shot, spec, args);
        }
        if take(&self.table).is_none()
            && let Some(step) = self.without_session(verb, args)
        {
            return step;
        }
        let found = {
            let table = take(&self.table);
            find_verb(table.as_deref(), self.shelf.games(), verb).ok_or_else(|| {
                // A room's verbs are near misses too (`strat` is `start`).
                let room = self.room.is_some().then_some(room::ROOM_VERBS);
                let near = verbs::suggest(table.as_deref(), self.shelf.games(), verb);
                room.and_then(|verbs| {
                    crate::text::did_you_mean(verb, verbs.iter().map(|v| v.name).chain(near))
                })
                .or(near)
            })
        };
        let spec = match found {
            Ok(spec) => spec,
            Err(near) => {
                let other = take(&self.table)
                    .as_deref()
                    .and_then(|t| verbs::elsewhere(t, self.shelf.games(), verb));
                if let Some(other) = other {
                    return self.refuse(other);
                }
                if let Some(t) = take(&self.table).as_deref() {
                    let mut mine: Vec<&str> = verbs::PROMPT_VERBS.iter().map(|v| v.name).collect();
                    if self.room.is_some() {
                        mine.extend(room::ROOM_VERBS.iter().map(|v| v.name));
                    }
                    let outcome = t.refuse_verb(verb, &mine);
                    self.refused = true;
                    self.desk.refused_elsewhere();
                    return Next::Go(outcome);
                }
                return self.refuse(crate::session::CoreError::UnknownVerb {
                    verb: crate::text::printable(verb),
                    near: near
                        .map(|v| format!(" (did you mean \"{v}\"?)"))
                        .unwrap_or_default(),
                });
            }
        };
        if take(&self.table).is_none() {
            return self.refuse_as(undone(spec.name), format!(
                "no session open for `{}`: `new take-two alice bob` starts one, `open NAME` resumes one",
                spec.name
            ));
        }
        let block = if let Some(path) = file_arg(args).filter(|_| spec.block) {
            match read_block_file(&path) {
                Ok(rows) => Some(rows),
                Err(e) => return self.refuse(e),
            }
        } else if spec.block {
            let mut rows = Vec::new();
            while let Some(row) = more() {
                if row.trim().is_empty() {
                    break;
                }
                // At a terminal a bad row is said at once and typed again; a script's
                // rows are judged whole, and the refusal names the row.
                let checked = take(&self.table)
                    .as_deref()
                    .map_or(Ok(()), |t| t.check_row(spec.name, rows.len() + 1, &row));
                if !self.script
                    && let Err(why) = checked
                {
                    shown(&format!(
                        "  ! {why}; type the row again (a blank line ends the grid)"
                    ));
                    continue;
                }
                // Keep reading to the blank line, so an oversized block is refused
                // whole instead of its rest being taken for commands.
                if rows.len() <= crate::contract::MAX_BLOCK_LINES {
                    rows.push(row);
                }
            }
            if self.interrupted.replace(false) {
                return say_line(format!(
                    "{} cancelled (Ctrl-C): nothing judged, nothing recorded",
                    spec.name
                ));
            }
            Some(rows)
        } else {
            None
        };
        if spec.name == "export" {
            return self.export(args);
        }
        let shared = Arc::clone(&self.table);
        let mut table = take(&shared);
        let Some(table) = table.as_mut() else {
            return self.refuse(format!("no session open for `{}`", spec.name));
        };
        let outcome = table.run(&mut self.desk, spec.name, args, block.as_deref());
        self.refused |= outcome.refused;
        Next::Go(outcome)
    }

    /// Reads commands until the end of a script or Ctrl-D; returns how the process
    /// should exit (1 when a script had a refused line).
    pub(crate) fn run(mut self) -> Result<Exit, CommandError> {
        if self.script {
            self.run_script()
        } else {
            self.run_terminal()
        }
    }
}

/// "take-two friday r3> ", or "umpire> " with no session open.
fn prompt_for(table: &Shared) -> String {
    match take(table).as_deref() {
        Some(t) => format!("{}> ", prompt_of(t)),
        None => "umpire> ".to_string(),
    }
}

/// "take-two friday r3": the game, the session, where the game stands.
fn prompt_of(t: &dyn AnySession) -> String {
    let label = t.progress().label;
    let name = t.name();
    let game = t.shown_name();
    // A default name already starts with the game's ("take-two-2026-11-22").
    if name.starts_with(&game) {
        format!("{name} {label}")
    } else {
        format!("{game} {name} {label}")
    }
}
