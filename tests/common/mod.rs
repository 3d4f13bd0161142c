//! What the integration tests share: a table (a fresh sessions directory and the real
//! binary, driven in script mode the way a scorekeeper's script would), the binary at
//! the shell, a script and its replies (script.rs), a session typed at through its
//! front ends' desks (desks.rs), and the scoreboard over HTTP (http.rs). A helper two
//! test files need lives here, never copied into both.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

// The unit tests' temporary directories, shared rather than copied.
#[path = "../../src/testing.rs"]
mod testing;
pub(crate) use testing::{Rng, TempDir, tempdir};

mod desks;
pub mod http;
mod script;

pub use desks::{AtTerminal, Shared};
pub use script::{reply_lines, reply_to, script};

/// The example board's file, as a path `--board` takes.
pub const BOARD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/dictionaries/board-chips-example.txt"
);

pub struct Table {
    dir: TempDir,
    /// The program run: umpire, or a program of a game's own (`examples/ohhell`).
    program: PathBuf,
}

/// What one run of the binary printed and how it exited.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

impl Run {
    fn from(out: Output) -> Run {
        Run {
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            code: out.status.code(),
        }
    }

    /// The refusals: lines that say what was not done (`not recorded:`, `not exported:`).
    pub fn refusals(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|l| {
                // "not recorded: ...", "not exported: ...", "not defined: ...".
                l.strip_prefix("not ")
                    .and_then(|rest| rest.split_once(": "))
                    .is_some_and(|(done, _)| done.chars().all(|c| c.is_ascii_lowercase()))
            })
            .collect()
    }

    /// Asserts that the run printed `text`, showing all it printed when it did not.
    #[track_caller]
    pub fn says(&self, text: &str) {
        assert!(self.stdout.contains(text), "{}", self.stdout);
    }

    /// Moves refused on a ruling that the log keeps (a word taking's word refused).
    pub fn ruled_out(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|l| l.starts_with("refused:"))
            .collect()
    }
}

pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_umpire"))
}

/// Oh Hell's rules (`examples/ohhell/game.rs`), the same file its program is built
/// from, for the suites that play every game.
#[path = "../../examples/ohhell/game.rs"]
pub mod ohhell_game;

/// Oh Hell as its program registers it.
pub static OHHELL: &[umpire::session::Registered] =
    &[umpire::session::Registered::of::<ohhell_game::OhHell>()];

/// Every game a program of this repository keeps, with that program: umpire's own with
/// umpire, Oh Hell (written outside the crate) with its own. The crash, log-editing and
/// log-following suites play each one's demo.
pub fn every_game() -> Vec<(PathBuf, &'static umpire::session::Registered)> {
    let program = ohhell();
    assert!(
        program.is_file(),
        "{} is not built: `cargo test` builds it, or `cargo build --example ohhell`",
        program.display()
    );
    umpire::registry::GAMES
        .iter()
        .map(|g| (bin(), g))
        .chain(OHHELL.iter().map(|g| (program.clone(), g)))
        .collect()
}

/// Every game of [`every_game`], as one catalog opens their logs.
pub fn all_games() -> umpire::session::Catalog {
    umpire::registry::catalog().and(OHHELL)
}

/// The example program `examples/ohhell` (Oh Hell, written outside the crate and run by
/// `umpire::run`), which `cargo test` builds beside the tests: `target/debug/examples/`.
pub fn ohhell() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary");
    // target/debug/deps/integration-HASH -> target/debug/examples/ohhell
    let debug = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test binary is under target/PROFILE/deps");
    debug.join("examples").join("ohhell")
}

/// The binary as a user runs it at the shell (no colour): a `Command` that can be
/// given its whole standard input up front. What the tests once took from
/// `assert_cmd`, which built `regex-automata`, `bstr` and `predicates` into every
/// `cargo test` for these few lines.
pub struct Shell {
    command: Command,
    stdin: Option<Vec<u8>>,
}

impl Shell {
    pub fn new() -> Shell {
        let mut command = Command::new(bin());
        command.env("NO_COLOR", "1");
        Shell {
            command,
            stdin: None,
        }
    }

    pub fn arg(&mut self, arg: impl AsRef<std::ffi::OsStr>) -> &mut Shell {
        self.command.arg(arg);
        self
    }

    pub fn args<I, S>(&mut self, args: I) -> &mut Shell
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.command.args(args);
        self
    }

    pub fn env(&mut self, key: &str, value: impl AsRef<std::ffi::OsStr>) -> &mut Shell {
        self.command.env(key, value);
        self
    }

    /// What the run reads on standard input (nothing, and at once its end, without).
    pub fn write_stdin(&mut self, input: impl Into<Vec<u8>>) -> &mut Shell {
        self.stdin = Some(input.into());
        self
    }

    /// Runs it to its end: standard input written from a thread of its own, so a
    /// large input cannot stall against a full output pipe.
    pub fn output(&mut self) -> std::io::Result<Output> {
        use std::io::Write;
        let mut child = self
            .command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let input = self.stdin.clone().unwrap_or_default();
        let writer = child.stdin.take().map(|mut stdin| {
            std::thread::spawn(move || {
                // A run that stops reading early (a refused input) closes the pipe.
                let _ = stdin.write_all(&input);
            })
        });
        let out = child.wait_with_output()?;
        if let Some(writer) = writer {
            let _ = writer.join();
        }
        Ok(out)
    }
}

/// The binary at the shell, as [`Shell::new`] runs it.
pub fn umpire() -> Shell {
    Shell::new()
}

/// What `cmd` printed on standard output, and its exit code.
pub fn stdout_of(cmd: &mut Shell) -> (String, Option<i32>) {
    let out = cmd.output().expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

/// A registered game's word rules, by the name `--rules` takes.
pub fn rule_set(name: &str) -> umpire::lexicon::RuleSet {
    umpire::registry::rule_set(name).expect("a registered rule set")
}

/// Takes a seat for each of `players` in a new Take Two session `name`, nothing typed.
pub fn seated(t: &Table, name: &str, players: &[&str]) {
    let mut args = vec!["new", "take-two"];
    args.extend_from_slice(players);
    args.extend_from_slice(&["--name", name]);
    let run = t.run(&args, "");
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
}

/// A new Take Two session `name` of ann and ben with `script` typed; its log.
pub fn started(t: &Table, name: &str, script: &str) -> Vec<u8> {
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", name], script);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    t.log(name)
}

impl Table {
    pub fn new() -> Table {
        Table::running(bin())
    }

    /// A table kept by `program`, umpire's whole command line with games of its own
    /// (`umpire::run`): [`ohhell`], say.
    pub fn running(program: PathBuf) -> Table {
        Table {
            dir: tempdir().expect("temp dir"),
            program,
        }
    }

    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    pub fn sessions(&self) -> PathBuf {
        self.dir.path().join("sessions")
    }

    /// The binary with this table's sessions directory and no colour.
    pub fn command(&self) -> Command {
        let mut c = Command::new(&self.program);
        c.arg("--sessions")
            .arg(self.sessions())
            .env("NO_COLOR", "1")
            .env_remove("UMPIRE_SESSIONS")
            .current_dir(self.dir.path());
        c
    }

    /// Runs `args` with `script` on standard input.
    pub fn run(&self, args: &[&str], script: &str) -> Run {
        use std::io::Write;
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawns");
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(script.as_bytes());
        }
        Run::from(child.wait_with_output().expect("runs"))
    }

    pub fn export(&self, name: &str, format: &str) -> String {
        let run = self.run(&["export", name, "--format", format], "");
        assert_eq!(run.code, Some(0), "export failed: {}", run.stderr);
        run.stdout
    }

    pub fn json(&self, name: &str) -> Value {
        serde_json::from_str(&self.export(name, "json")).expect("export is JSON")
    }

    pub fn log_path(&self, name: &str) -> PathBuf {
        self.sessions().join(format!("{name}.jsonl"))
    }

    pub fn log(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.log_path(name)).expect("log exists")
    }

    /// Appends `events` (each an event's JSON) to the log of `name` as entries numbered
    /// from `first`, as a hand editing the file would.
    pub fn append(&self, name: &str, first: u64, events: &[String]) {
        let mut log = self.log(name);
        for (k, e) in events.iter().enumerate() {
            log.extend_from_slice(
                format!(
                    "{{\"seq\":{},\"at\":\"2026-11-27T00:00:00Z\",\"event\":{e}}}\n",
                    first + k as u64
                )
                .as_bytes(),
            );
        }
        std::fs::write(self.log_path(name), log).expect("write");
    }
}

/// `totals` of an exported session as (player, points), in seat order.
pub fn totals(v: &Value) -> Vec<(String, i64)> {
    let players: Vec<String> = v["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p.as_str().unwrap_or("").to_string())
        .collect();
    players
        .into_iter()
        .map(|p| {
            let t = v["totals"][&p].as_i64().expect("a total per player");
            (p, t)
        })
        .collect()
}

pub fn pairs(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(p, t)| (p.to_string(), *t)).collect()
}

/// True when `out` has a line saying an undo took back an entry described as `what`
/// ("undid #7 bob left Q Z X: 28; now bob: r1 ·, total 0").
pub fn undid(out: &str, what: &str) -> bool {
    out.lines()
        .any(|l| l.starts_with("undid #") && l.contains(&format!(" {what};")))
}

/// What a line came to, as the prompt says it: the words, whether it was refused, the
/// question it asks.
pub struct Reply {
    pub text: String,
    pub refused: bool,
    pub ask: Option<String>,
}

impl Reply {
    pub fn of(outcome: &umpire::session::Outcome) -> Reply {
        Reply {
            text: umpire::repl::words(outcome),
            refused: outcome.refused,
            ask: outcome.question.as_ref().map(|q| {
                umpire::repl::words(&umpire::session::Outcome {
                    question: Some(q.clone()),
                    ..Default::default()
                })
                .trim_end_matches(" [y/n]")
                .to_string()
            }),
        }
    }
}

/// Lines typed at a session as a script types them (each with a desk of its own: a
/// question asked is dropped), and a session written out.
pub trait Typed {
    fn typed(&mut self, verb: &str, args: &str, block: Option<&[String]>) -> Reply;
    fn exported(
        &self,
        format: umpire::export::Format,
    ) -> Result<String, umpire::export::ExportError>;
}

impl<T: umpire::session::AnySession + ?Sized> Typed for T {
    fn typed(&mut self, verb: &str, args: &str, block: Option<&[String]>) -> Reply {
        let mut desk = umpire::session::Desk::new(true);
        Reply::of(&self.run(&mut desk, verb, args, block))
    }

    fn exported(
        &self,
        format: umpire::export::Format,
    ) -> Result<String, umpire::export::ExportError> {
        umpire::export::render(format, &self.report())
    }
}
