//! The scorekeeper's prompt: rustyline at a terminal, or a script read line by line
//! when standard input is not a terminal (the tests drive it that way).
//!
//! The prompt owns only what a person at the table does: reading lines, echoing them in
//! scripts, asking questions, completing and hinting. Every command goes to the session
//! core (`Table`) or, before a session is open, to the few verbs that open one.

#[cfg(test)]
pub(crate) mod at_table;
mod helper;
mod verbs;

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
        let prompt = prompt_for(&self.table);
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

    /// What `quit` (or Ctrl-D) says: the session is saved, and the page it served, which
    /// the room and the phones were following, stops with the prompt.
    fn bye(&self) -> String {
        let page = if self.served.is_some() {
            "; the scoreboard page and the scorekeeper's link stop"
        } else {
            ""
        };
        match take(&self.table).as_deref() {
            Some(t) => format!("saved {:?}{page}; bye", t.name()),
            None => format!("bye{page}"),
        }
    }

    /// What to print when the prompt opens.
    pub(crate) fn greeting(&self) -> String {
        self.greet(self.started)
    }

    /// The session's greeting: its banner, where its log is when it was just `started`,
    /// what reading it found, the standings and who is to enter.
    fn greet(&self, started: bool) -> String {
        match take(&self.table).as_deref() {
            Some(t) => {
                let mut lines = vec![banner(t)];
                if started {
                    lines.push(logged_at(t));
                }
                lines.extend(
                    t.warnings()
                        .iter()
                        .map(|w| format!("warning: {}", crate::render::warning(w))),
                );
                lines.push(crate::render::standings(&t.standings()));
                lines.extend(
                    t.situation()
                        .iter()
                        .map(|l| crate::text::printable_text(l)),
                );
                lines.join("\n")
            }
            None => "no session open: `new take-two alice bob carol` starts one (`new` lists the games), `open NAME` resumes one, `sessions` lists them, `help` lists the verbs; `check` and `define` work without a session".to_string(),
        }
    }

    /// What a script answered in JSON hears first: the session open, if any, and its
    /// standings.
    fn opened_json(&self) -> String {
        let opened = take(&self.table).as_ref().map(|t| {
            serde_json::json!({
                "name": t.name(),
                "game": t.game(),
                "players": t.players(),
                "standings": t.standings(),
                "warnings": t
                    .warnings()
                    .iter()
                    .map(crate::render::warning)
                    .collect::<Vec<_>>(),
            })
        });
        serde_json::json!({ "opened": opened }).to_string()
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
        match verb {
            "help" | "?" => {
                let text = verbs::help(take(&self.table).as_deref(), self.shelf.games(), args);
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
            find_verb(table.as_deref(), self.shelf.games(), verb)
                .ok_or_else(|| verbs::suggest(table.as_deref(), self.shelf.games(), verb))
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
                    let mine: Vec<&str> = verbs::PROMPT_VERBS.iter().map(|v| v.name).collect();
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

    /// `export [FORMAT] [FILE]`: the open session written out, to the screen or a file
    /// (the format from the file's name when none is given).
    fn export(&mut self, args: &str) -> Next {
        use crate::export::Format;
        let shared = Arc::clone(&self.table);
        let table = take(&shared);
        let Some(table) = table.as_deref() else {
            return self.refuse_as(Some(NotDone::Exported), "no session open");
        };
        let mut parts = args.split_whitespace();
        let (format, file) = match (parts.next(), parts.next(), parts.next()) {
            (None, _, _) => (Format::Md, None),
            (Some(one), None, _) => match Format::parse(one) {
                Some(f) => (f, None),
                // `export night.csv`: a file, its format from its extension.
                None => match Format::from_path(one) {
                    Some(f) => (f, Some(one)),
                    None => {
                        return self.refuse_as(
                            Some(NotDone::Exported),
                            crate::session::CoreError::ExportFile {
                                given: crate::text::printable(one),
                            },
                        );
                    }
                },
            },
            (Some(f), Some(file), None) => match Format::parse(f) {
                Some(f) => (f, Some(file)),
                None => {
                    return self.refuse_as(
                        Some(NotDone::Exported),
                        crate::session::CoreError::ExportFormat {
                            given: crate::text::printable(f),
                        },
                    );
                }
            },
            _ => {
                return self.refuse_as(
                    Some(NotDone::Exported),
                    crate::session::CoreError::ExportUsage,
                );
            }
        };
        // A chart is a picture, not text for a person's terminal: without a file it goes
        // to NAME.svg, where a file named in `export` goes (a script still reads it).
        let default_file;
        let file = match (file, format) {
            (None, Format::Svg) if !self.script => {
                default_file = format!("{}.svg", table.name());
                Some(default_file.as_str())
            }
            (file, _) => file,
        };
        let written = match file {
            None => match crate::export::render(format, &table.report()) {
                Ok(text) => text,
                Err(e) => return self.refuse_as(Some(NotDone::Exported), e),
            },
            // To a file, written as it is made, the rulings and notes taken from the
            // session one at a time, as `umpire export` writes it.
            Some(file) => {
                let head = table.report_head();
                let from = crate::export::Records::Session(table);
                match crate::export::export_with(Path::new(file), table.path().parent(), |w| {
                    crate::export::write_from(format, &head, from, w)
                }) {
                    Ok(Ok(())) => format!("exported {} to {file}", format.name()),
                    Ok(Err(e)) => return self.refuse_as(Some(NotDone::Exported), e),
                    Err(e) => return self.refuse_as(Some(NotDone::Exported), e),
                }
            }
        };
        self.desk.carried_out();
        say_line(written)
    }

    fn new_session(&mut self, args: &str) -> Next {
        let words: Vec<String> = args.split_whitespace().map(str::to_string).collect();
        match new_session(&self.shelf, &words) {
            Ok(t) => {
                *take(&self.table) = Some(t);
                say_line(format!("started {}", self.greet(true)))
            }
            Err(NewError::Help(text)) => say_line(text.trim_end()),
            Err(e) => self.refuse(e),
        }
    }

    /// `serve [--listen ADDR:PORT] [--allow-host NAME]... [--judge]`: the open session
    /// as a live page, served from background threads for as long as the prompt runs
    /// (or until `serve stop`), with the scorekeeper's link through which phones record
    /// into the session this prompt has open; it follows the prompt to another session.
    /// Typed again, it says where it is; `serve code` replaces the scorekeeper's code.
    fn serve(&mut self, args: &str) -> Next {
        match args.trim() {
            "stop" => return self.serve_stop(),
            "code" => return self.serve_code(),
            _ => {}
        }
        let open = take(&self.table)
            .as_deref()
            .map(|t| (t.name().to_string(), t.path().to_path_buf()));
        let Some((name, path)) = open else {
            return self.refuse_as(
                Some(NotDone::Served),
                "serve shows the open session: `new` starts one, `open NAME` resumes one",
            );
        };
        if let Some(server) = &self.served {
            let mut text = format!(
                "the scoreboard is at {} (showing {name}); `serve stop` stops it",
                server.url(),
            );
            if let Some(url) = server.keep_url() {
                text.push_str(&format!("\nkeep score: {url}"));
            }
            return say_line(text);
        }
        let settings = match serve_args(args) {
            Ok(parsed) => parsed,
            Err(e) => return self.refuse_as(Some(NotDone::Served), e),
        };
        let printer = Arc::clone(&self.printer);
        let (table, now) = (Arc::clone(&self.table), Arc::clone(&self.now));
        let tell: crate::serve::Tell = Box::new(move |text: String, wrote: bool| {
            // The line being typed is drawn with the prompt as the phone left the
            // session (a round it closed, a question here it dropped), from the
            // printing on.
            if wrote {
                let mut now = now.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some((_, moved)) = now.as_mut() {
                    *moved = prompt_for(&table);
                }
            }
            let text =
                crate::text::for_terminal(&text, crate::render::color_enabled()).into_owned();
            match printer
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .as_mut()
            {
                Some(print) => print(text),
                None => println!("{text}"),
            }
        });
        let keeper = match crate::serve::Keeper::new(
            Arc::clone(&self.table),
            self.shelf.dir.clone(),
            false,
            Some(tell),
        ) {
            Ok(k) => Arc::new(k),
            Err(e) => return self.refuse_as(Some(NotDone::Served), e),
        };
        match crate::serve::Server::start(&path, self.shelf.with.clone(), &settings, Some(keeper)) {
            Ok(server) => {
                let mut text = format!(
                    "scoreboard at {} (it follows every entry, and this prompt's session; `serve stop` stops it)",
                    server.url()
                );
                for line in crate::serve::joining(&server, crate::serve::Replaced::AtThePrompt) {
                    text.push('\n');
                    text.push_str(&line);
                }
                self.served = Some(server);
                say_line(text)
            }
            Err(e) => self.refuse_as(Some(NotDone::Served), e),
        }
    }

    /// `serve stop`: the page and the scorekeeper's link stop answering; nothing
    /// recorded is touched.
    fn serve_stop(&mut self) -> Next {
        match self.served.take() {
            Some(server) => {
                let url = server.url();
                server.stop();
                say_line(format!(
                    "the scoreboard at {url} is stopped: the page and the scorekeeper's link no longer answer (`serve` starts it again)"
                ))
            }
            None => self.refuse_as(
                Some(NotDone::Served),
                "no scoreboard is running: `serve` starts one",
            ),
        }
    }

    /// `serve code`: a new scorekeeper's code; the old link is refused from now on.
    fn serve_code(&mut self) -> Next {
        let Some(server) = &self.served else {
            return self.refuse_as(
                Some(NotDone::Served),
                "no scoreboard is running: `serve` starts one, with its scorekeeper's link",
            );
        };
        if server.keeper().is_none() {
            return self.refuse_as(Some(NotDone::Served), "this scoreboard keeps no score");
        }
        match server.new_code() {
            Ok(()) => {
                let mut text =
                    "a new scorekeeper's code: the old link is refused from now on, and a page that holds it says so".to_string();
                for line in crate::serve::keeping(server, crate::serve::Replaced::AtThePrompt) {
                    text.push('\n');
                    text.push_str(&line);
                }
                say_line(text)
            }
            Err(e) => self.refuse_as(Some(NotDone::Served), e),
        }
    }

    /// `check`, `define` and `stats` before anyone sits down: a word can be judged (by
    /// the first registered game's rules) and records read with no session open.
    /// A game's shell command typed at the prompt (`board FILE`): read and answered as
    /// `umpire board FILE` is, its file read as the shell reads it, with the session's
    /// dictionary; nothing is recorded and the open session is left as it was.
    fn one_shot(&mut self, shot: &OneShot, spec: &Verb, args: &str) -> Next {
        let usage = format!("{} takes {}, e.g. `{}`", spec.name, spec.args, spec.example);
        let typed = std::iter::once(shot.name).chain(args.split_whitespace());
        let matches = match (shot.command)().try_get_matches_from(typed) {
            Ok(matches) => matches,
            Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => {
                return say_line(e.render().to_string().trim_end());
            }
            Err(e) => {
                // clap's first line says what was wrong ("unexpected argument 'x'
                // found"); its usage and hint are the shell's, said here as typed.
                let rendered = e.render().to_string();
                let first = rendered
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .trim_start_matches("error: ")
                    .trim_end_matches(':');
                let why = match e.kind() {
                    clap::error::ErrorKind::MissingRequiredArgument => usage,
                    _ => format!("{first}: {usage}"),
                };
                return self.refuse_as(Some(NotDone::Checked), why);
            }
        };
        let input = match (shot.input)(&matches) {
            Some(path) if path == Path::new("-") => {
                return self.refuse_as(
                    Some(NotDone::Checked),
                    format!(
                        "{} - reads standard input, which is where the prompt reads its lines: name a file (`umpire {} -` at the shell reads standard input)",
                        shot.name, shot.name
                    ),
                );
            }
            Some(path) => {
                match crate::bounded::read(&path, crate::contract::MAX_INPUT, shot.what) {
                    Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
                    Err(e) => return self.refuse_as(Some(NotDone::Checked), e),
                }
            }
            None => None,
        };
        let rule_sets = self.shelf.games().rule_sets();
        let given = crate::contract::Given {
            lexicon: shot.needs_lexicon.then(|| &**self.shelf.lexicon()),
            input: input.as_deref(),
            rule_sets: &rule_sets,
        };
        match (shot.run)(&matches, &given) {
            Ok(answer) => {
                self.desk.carried_out();
                say_line(crate::render::answer(&answer.shown))
            }
            Err(refusal) => self.refuse_as(Some(NotDone::Checked), refusal.message),
        }
    }

    fn without_session(&mut self, verb: &str, args: &str) -> Option<Next> {
        let rules = self.shelf.games().default_rules();
        Some(match verb {
            "check" => {
                let words: Vec<&str> = args.split_whitespace().collect();
                if words.is_empty() {
                    return Some(self.refuse_as(
                        Some(NotDone::Checked),
                        "check needs words, e.g. check qi dont",
                    ));
                }
                if words.len() > crate::session::MAX_CHECK_WORDS {
                    return Some(self.refuse_as(
                        Some(NotDone::Checked),
                        crate::session::CoreError::CheckTooMany {
                            given: words.len(),
                            max: crate::session::MAX_CHECK_WORDS,
                        },
                    ));
                }
                let mut verdicts = Vec::new();
                for w in words {
                    match crate::lexicon::judge(self.shelf.lexicon(), &rules, w) {
                        Ok(v) => verdicts.push(v),
                        Err(e) => {
                            return Some(self.refuse_as(
                                Some(NotDone::Checked),
                                format!("{}: {e}", crate::text::printable(w)),
                            ));
                        }
                    }
                }
                say_line(format!(
                    "{}\n({} rules; no session is open, so the ruling is not logged)",
                    crate::render::verdicts(&verdicts),
                    self.shelf.games().default_rule_set()
                ))
            }
            "define" => {
                let mut words = args.split_whitespace();
                match (words.next(), words.next()) {
                    (Some(w), None) => {
                        match crate::lexicon::define::describe(self.shelf.lexicon(), &rules, w) {
                            Ok((text, _)) => Next::Go(Outcome::of(Said::Definition { text })),
                            Err(e) => {
                                return Some(self.refuse_as(
                                    Some(NotDone::Defined),
                                    format!("{}: {e}", crate::text::printable(w)),
                                ));
                            }
                        }
                    }
                    _ => {
                        return Some(self.refuse_as(
                            Some(NotDone::Defined),
                            "define takes one word, e.g. define qi",
                        ));
                    }
                }
            }
            _ => return None,
        })
    }

    fn open_session(&mut self, args: &str) -> Next {
        let name = args.trim();
        if name.is_empty() {
            return self.refuse_as(
                Some(NotDone::Opened),
                "open needs a session name; `sessions` lists them",
            );
        }
        if take(&self.table)
            .as_deref()
            .is_some_and(|t| t.name() == name)
        {
            return say_line(format!("{name} is already open"));
        }
        // Release the current session's lock only once the new one has opened.
        match self.shelf.open(name) {
            Ok(t) => {
                *take(&self.table) = Some(t);
                say_line(format!("resumed {}", self.greeting()))
            }
            Err(e) => self.refuse_as(Some(NotDone::Opened), e),
        }
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

    fn run_script(&mut self) -> Result<Exit, CommandError> {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut next = move || read_line_bounded(&mut input, MAX_LINE * 4 + 4);
        let out = io::stdout();
        // A closed pipe (`| head`) ends the script quietly; another write error (a full
        // disk) is one line and exit 2. Either way nothing more is recorded.
        let write_failed = std::cell::Cell::new(None::<io::Error>);
        let say_or_stop = |text: &str| {
            if let Err(e) = say(&mut io::stdout().lock(), text) {
                write_failed.set(Some(e));
            }
        };
        // A script's `history` is written as it is drawn (a long log's rows are never
        // all held); `--replies json` answers with its rows as data.
        if !self.json {
            self.desk.stream_history();
        }
        let greeting = if self.json {
            self.opened_json()
        } else {
            self.greeting()
        };
        if let Err(e) = say(&mut out.lock(), &greeting) {
            return Err(CommandError::from_write(&e));
        }
        while let Some(line) = next() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            let json = self.json;
            let prompt = self.prompt();
            if !json {
                say_or_stop(&format!("{prompt}{}", echo(&line)));
            }
            let read = std::cell::RefCell::new(Vec::new());
            let mut rows = || {
                let row = next();
                if let Some(r) = &row {
                    if json {
                        read.borrow_mut().push(r.clone());
                    } else {
                        say_or_stop(&format!("  | {}", echo(r)));
                    }
                }
                row
            };
            let step = self.handle(&line, &mut rows);
            let (Next::Go(o) | Next::Quit(o)) = &step;
            if json {
                say_or_stop(&reply_json(&prompt, &line, &read.borrow(), o));
            } else if let Some(t) = take(&self.table).as_deref()
                && o.said
                    .iter()
                    .any(|s| matches!(s, Said::History(h) if h.streamed))
            {
                if let Err(e) = say_in_pieces(&mut io::stdout().lock(), o, t) {
                    write_failed.set(Some(e));
                }
            } else {
                say_or_stop(&crate::render::outcome(o));
            }
            if let Some(e) = write_failed.take() {
                return Err(CommandError::from_write(&e));
            }
            if matches!(step, Next::Quit(_)) {
                break;
            }
        }
        Ok(if self.refused { Exit::No } else { Exit::Yes })
    }

    fn run_terminal(&mut self) -> Result<Exit, CommandError> {
        // The helper draws the prompt a phone moved on (and the hints in grey only when
        // colour is on): rustyline asks it only when its colours are on, so they are,
        // and the helper itself keeps to NO_COLOR.
        let config = Config::builder()
            .color_mode(rustyline::ColorMode::Forced)
            .auto_add_history(false)
            .completion_type(rustyline::CompletionType::List)
            .max_history_size(5000)
            .map_err(|e| CommandError::usage(e.to_string()))?
            .build();
        let mut rl: Editor<helper::Helper, DefaultHistory> = Editor::with_config(config)
            .map_err(|e| CommandError::usage(format!("terminal: {e}")))?;
        rl.set_helper(Some(helper::Helper::new(
            Rc::clone(&self.known),
            Arc::clone(self.shelf.lexicon()),
            Arc::clone(&self.now),
        )));
        let history = history_path(&self.shelf.dir);
        if let Some(h) = &history {
            let _ = rl.load_history(h);
        }
        // A phone's entry is shown above the line being typed, which stays as it was.
        if let Ok(mut printer) = rl.create_external_printer() {
            use rustyline::ExternalPrinter as _;
            *self.printer.lock().unwrap_or_else(PoisonError::into_inner) =
                Some(Box::new(move |text: String| {
                    let _ = printer.print(text);
                }));
        }
        shown(&crate::render::wrap(
            &self.greeting(),
            crate::render::term_width(),
        ));
        // A multi-line paste (bracketed paste) arrives as one "line" holding newlines:
        // it is split and run line by line, and a block verb's rows come from it first.
        let mut pasted: VecDeque<String> = VecDeque::new();
        loop {
            let line = match pasted.pop_front() {
                Some(l) => {
                    shown(&format!("{}{l}", self.prompt()));
                    Ok(l)
                }
                None => rl.readline(&self.prompt_now()),
            };
            match line {
                Ok(line) => {
                    let mut lines: Vec<String> = line
                        .split('\n')
                        .map(|l| l.trim_end_matches('\r').to_string())
                        .collect();
                    // A paste that ends with a newline leaves no command after it.
                    if lines.len() > 1 && lines.last().is_some_and(String::is_empty) {
                        lines.pop();
                    }
                    let mut lines = lines.into_iter();
                    let line = lines.next().unwrap_or_default();
                    for (i, rest) in lines.enumerate() {
                        pasted.insert(i, rest);
                    }
                    if !line.trim().is_empty() {
                        let _ = rl.add_history_entry(line.as_str());
                        if let Some(h) = &history {
                            let _ = rl.append_history(h);
                        }
                    }
                    let interrupted = Rc::clone(&self.interrupted);
                    let mut rows = || match pasted.pop_front() {
                        Some(row) => {
                            shown(&format!("  | {row}"));
                            Some(row)
                        }
                        None => match rl.readline("  | ") {
                            Ok(row) => Some(row),
                            Err(ReadlineError::Interrupted) => {
                                interrupted.set(true);
                                None
                            }
                            Err(_) => None,
                        },
                    };
                    let width = crate::render::term_width();
                    match self.handle(&line, &mut rows) {
                        Next::Go(o) => {
                            shown(&crate::render::wrap(&crate::render::outcome(&o), width))
                        }
                        Next::Quit(o) => {
                            shown(&crate::render::wrap(&crate::render::outcome(&o), width));
                            break;
                        }
                    }
                }
                Err(ReadlineError::Interrupted) => {
                    pasted.clear();
                    shown("(line cancelled; Ctrl-D or `quit` saves and leaves)");
                }
                Err(ReadlineError::Eof) => {
                    shown(&self.bye());
                    break;
                }
                Err(e) => return Err(CommandError::usage(format!("terminal: {e}"))),
            }
        }
        Ok(Exit::Yes)
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

/// One line naming the game, the session, the players and the options.
fn banner(t: &dyn AnySession) -> String {
    let words = if t.judges_words() {
        format!("; words: {}", t.rules().describe())
    } else {
        String::new()
    };
    format!(
        "{} {:?}: {}; {}{words}",
        t.shown_name(),
        t.name(),
        t.players().join(", "),
        t.options_text(),
    )
}

/// Where a new session's log is, as the table can find it: relative to the working
/// directory when it is under it (`sessions/friday.jsonl`), else in full (the platform's
/// data directory, when there is no `sessions/` folder here).
fn logged_at(t: &dyn AnySession) -> String {
    let path = t.path();
    let shown = std::env::current_dir()
        .ok()
        .and_then(|here| path.strip_prefix(here).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf());
    format!(
        "logged to {} (each entry as it is recorded); `umpire resume {}` carries on",
        crate::text::printable_text(&shown.display().to_string()),
        t.name()
    )
}

/// One line's answer as a JSON object: what was typed (and the rows a block verb read),
/// the prompt it was typed at, and its outcome.
fn reply_json(prompt: &str, typed: &str, rows: &[String], outcome: &Outcome) -> String {
    let mut v = serde_json::json!({
        "prompt": prompt.trim_end_matches("> "),
        "typed": typed,
    });
    if !rows.is_empty() {
        v["rows"] = serde_json::json!(rows);
    }
    if let (Some(map), Ok(serde_json::Value::Object(o))) =
        (v.as_object_mut(), serde_json::to_value(outcome))
    {
        map.extend(o);
    }
    v.to_string()
}

/// The path after `--file`, if the arguments name one.
fn file_arg(args: &str) -> Option<String> {
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        if w == "--file" {
            return Some(words.next().unwrap_or("").to_string());
        }
    }
    None
}

/// `serve`'s arguments: an address to listen on (after `--listen`, or alone) at most
/// once, any number of `--allow-host NAME`, each also as `--flag=value` the way the
/// shell's `umpire serve` takes them, and `--judge`.
fn serve_args(args: &str) -> Result<crate::serve::Settings, String> {
    const USAGE: &str = "serve takes [--listen] ADDR:PORT once, --allow-host NAME any number of times and --judge, e.g. serve --listen 0.0.0.0:7878 --allow-host scores.lan";
    let mut listen = None;
    let mut allowed = Vec::new();
    let mut judge = false;
    let mut words = args.split_whitespace();
    while let Some(word) = words.next() {
        let (flag, attached) = match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (word, None),
        };
        let mut value = || attached.or_else(|| words.next()).ok_or(USAGE);
        match flag {
            "--judge" if attached.is_none() => judge = true,
            "--allow-host" => allowed.push(
                value()?
                    .parse::<crate::serve::AllowHost>()
                    .map_err(|e| e.to_string())?,
            ),
            _ if listen.is_some() => return Err(USAGE.into()),
            "--listen" => listen = Some(listen_addr(value()?)?),
            addr if !addr.starts_with('-') => listen = Some(listen_addr(addr)?),
            _ => return Err(USAGE.into()),
        }
    }
    Ok(crate::serve::Settings {
        listen: listen.unwrap_or(crate::serve::DEFAULT_LISTEN),
        allowed,
        judge,
    })
}

fn listen_addr(addr: &str) -> Result<std::net::SocketAddr, String> {
    addr.parse().map_err(|_| {
        format!(
            "{} is not an address to listen on: give IP:PORT, e.g. serve --listen 0.0.0.0:7878",
            crate::text::printable(addr)
        )
    })
}

/// A block verb's rows from a file, bounded like typed ones.
fn read_block_file(path: &str) -> Result<Vec<String>, String> {
    if path.is_empty() {
        return Err("--file needs a file name".into());
    }
    let bytes =
        crate::bounded::read(Path::new(path), 1 << 20, "grid file").map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(text
        .lines()
        .take(crate::contract::MAX_BLOCK_LINES + 1)
        .map(str::to_string)
        .collect())
}

/// A script's output: every line through the one terminal sink
/// ([`crate::text::for_terminal`]).
fn say(out: &mut impl Write, text: &str) -> io::Result<()> {
    if !text.is_empty() {
        let colour = crate::render::color_enabled();
        writeln!(out, "{}", crate::text::for_terminal(text, colour))?;
        out.flush()?;
    }
    Ok(())
}

/// [`say`] of an outcome written a piece at a time as it is drawn
/// ([`crate::render::outcome_in_pieces`]), a history's rows taken from `t`: the same
/// bytes as `say` of its whole text. After a failed write nothing more is written.
fn say_in_pieces(out: &mut impl Write, o: &Outcome, t: &dyn AnySession) -> io::Result<()> {
    let colour = crate::render::color_enabled();
    let mut said = false;
    let mut result = Ok(());
    crate::render::outcome_in_pieces(o, t, &mut |piece| {
        if result.is_ok() && !piece.is_empty() {
            said = true;
            result = out.write_all(crate::text::for_terminal(piece, colour).as_bytes());
        }
    });
    result?;
    if said {
        writeln!(out)?;
        out.flush()?;
    }
    Ok(())
}

/// What the prompt shows at a terminal: through the one terminal sink
/// ([`crate::text::for_terminal`]), so whatever a reply holds (a name, a note, a
/// reason read from a hand-edited log) reaches the screen escaped.
fn shown(text: &str) {
    println!(
        "{}",
        crate::text::for_terminal(text, crate::render::color_enabled())
    );
}

/// A script line as it is echoed: a pasted megabyte is shown by its start and length,
/// and control characters escaped (an ESC in a script must not reach the terminal).
fn echo(line: &str) -> String {
    const SHOWN: usize = 120;
    let n = line.chars().count();
    if n <= SHOWN {
        crate::text::printable_text(line)
    } else {
        let head: String = line.chars().take(SHOWN).collect();
        let size = if n > MAX_LINE {
            format!("over {MAX_LINE} characters")
        } else {
            format!("{n} characters")
        };
        format!("{}... ({size})", crate::text::printable_text(&head))
    }
}

/// The next line of a script, without its line end, holding at most `max` bytes of a
/// longer line (the rest is read and dropped, so memory stays bounded whatever comes).
/// `None` at the end of input or on a read error.
fn read_line_bounded(input: &mut impl BufRead, max: usize) -> Option<String> {
    let mut kept: Vec<u8> = Vec::new();
    let mut any = false;
    loop {
        let (used, done) = {
            let buf = match input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            match buf.iter().position(|b| *b == b'\n') {
                Some(i) => {
                    let room = max.saturating_sub(kept.len());
                    kept.extend_from_slice(&buf[..i.min(room)]);
                    (i + 1, true)
                }
                None => {
                    let room = max.saturating_sub(kept.len());
                    kept.extend_from_slice(&buf[..buf.len().min(room)]);
                    (buf.len(), false)
                }
            }
        };
        input.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return None;
    }
    let text = String::from_utf8_lossy(&kept);
    Some(text.trim_end_matches('\r').to_string())
}

/// `sessions/.history`, when the sessions directory exists or can be made.
fn history_path(sessions: &Path) -> Option<PathBuf> {
    crate::session::dir::ensure(sessions).ok()?;
    Some(sessions.join(".history"))
}

/// What a shared verb that records nothing failed to do, for its refusal with no session
/// open: "not exported: no session open ..." (`None`: the verb records).
fn undone(verb: &str) -> Option<NotDone> {
    match verb {
        "export" => Some(NotDone::Exported),
        "score" | "table" | "chart" | "players" | "history" | "rulings" => Some(NotDone::Shown),
        "reveal" => Some(NotDone::Revealed),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serve_takes_one_address_any_number_of_allowed_hosts_and_judge_mode() {
        let settings =
            serve_args("--listen 0.0.0.0:7879 --allow-host scores.lan --allow-host=tv.lan --judge")
                .expect("parses");
        assert_eq!(settings.listen, "0.0.0.0:7879".parse().expect("addr"));
        assert_eq!(settings.allowed.len(), 2);
        assert!(settings.judge);
        assert_eq!(
            serve_args("").expect("parses"),
            crate::serve::Settings::default()
        );
        assert_eq!(
            serve_args("--allow-host a.lan 127.0.0.1:0")
                .expect("parses")
                .listen,
            "127.0.0.1:0".parse().expect("addr")
        );
        for bad in [
            "--listen",
            "--allow-host",
            "127.0.0.1:0 127.0.0.1:1",
            "--listen 127.0.0.1:0 --listen 127.0.0.1:1",
            "--port 1",
            "--allow-host a.lan:80",
            "--allow-host a/b",
            "--judge=yes",
            "nowhere",
        ] {
            assert!(serve_args(bad).is_err(), "{bad}");
        }
    }
}
