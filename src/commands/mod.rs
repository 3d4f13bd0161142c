//! One-shot commands: each takes parsed flags, does its job through the library's
//! engines and says how the process should exit.

mod check;
mod dict;
mod grid;
mod rummy;
mod serve;
pub mod session;
pub mod stats;
mod words;

use std::fmt;
use std::process::ExitCode;

use std::io::IsTerminal;
use std::sync::Arc;

use crate::cli::{Cli, Command};
use crate::lexicon::Lexicon;
use crate::repl::Repl;

/// How a command that ran to completion ends: 0 all good, 1 a "no" answer (a word not
/// allowed, a grid with a fault).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Yes,
    No,
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        match o {
            Outcome::Yes => ExitCode::SUCCESS,
            Outcome::No => ExitCode::from(1),
        }
    }
}

/// A command that could not do its job: one line for stderr and an exit code.
#[derive(Debug)]
pub struct CommandError {
    /// Empty when there is nothing to say (the reader of our output went away).
    pub message: String,
    /// 2 for bad input or usage (the clap convention), 1 for a refusal at run time.
    pub code: u8,
}

impl CommandError {
    /// Bad input: exit 2.
    pub fn usage(message: impl Into<String>) -> CommandError {
        CommandError {
            message: message.into(),
            code: 2,
        }
    }

    /// The reader of standard output closed it (`| head`): stop quietly.
    pub fn closed_pipe() -> CommandError {
        CommandError {
            message: String::new(),
            code: 0,
        }
    }

    /// A write to standard output that failed: a closed pipe ends quietly, any other
    /// error (a full disk) is one line and exit 2.
    pub fn from_write(e: &std::io::Error) -> CommandError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CommandError::closed_pipe()
        } else {
            CommandError::usage(format!("cannot write to standard output: {e}"))
        }
    }

    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.code)
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<crate::lexicon::LexiconError> for CommandError {
    fn from(e: crate::lexicon::LexiconError) -> CommandError {
        CommandError::usage(e.to_string())
    }
}

/// Prints `text` and a newline to standard output, flushed; see
/// [`CommandError::from_write`] for what a failure comes to.
pub fn out(text: &str) -> Result<(), CommandError> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .map_err(|e| CommandError::from_write(&e))
}

/// Prints `value` as pretty JSON through [`out`].
pub fn print_json<T: serde::Serialize>(value: &T) -> Result<(), CommandError> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| CommandError::usage(e.to_string()))?;
    out(&text)
}

/// Opens the dictionary `--dict` names, or the embedded one.
pub fn open_lexicon(cli_dict: Option<&std::path::Path>) -> Result<Lexicon, CommandError> {
    Ok(match cli_dict {
        Some(path) => Lexicon::open(path)?,
        None => Lexicon::embedded()?,
    })
}

/// Runs the command the flags name.
pub fn run(cli: Cli) -> Result<Outcome, CommandError> {
    let dict = cli.dict.as_deref();
    match cli.command {
        Some(Command::Check(args)) => check::run(dict, &args),
        Some(Command::Dict(cmd)) => dict::run(dict, cmd),
        Some(Command::Grid(args)) => grid::run(dict, &args),
        Some(Command::Run(args)) => rummy::run(&args),
        Some(Command::Take(args)) => rummy::take(&args),
        Some(Command::WordMoves(args)) => words::moves(dict, &args),
        Some(Command::TakeWord(args)) => words::take(dict, &args),
        Some(Command::Define { word, rules }) => {
            let rules = rules
                .to_rules(crate::lexicon::RuleSet::TakeTwo)
                .map_err(CommandError::usage)?;
            let lexicon = open_lexicon(dict)?;
            let (text, defined) = crate::lexicon::define::describe(&lexicon, &rules, &word)
                .map_err(|e| {
                    CommandError::usage(format!("{}: {e}", crate::render::printable(&word)))
                })?;
            out(&crate::render::wrap(&text, crate::render::term_width()))?;
            Ok(if defined { Outcome::Yes } else { Outcome::No })
        }
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            let mut cmd = Cli::command();
            let mut bytes = Vec::new();
            clap_complete::generate(shell, &mut cmd, "umpire", &mut bytes);
            out(String::from_utf8_lossy(&bytes).trim_end())?;
            Ok(Outcome::Yes)
        }
        Some(Command::New { args }) => {
            let dir = session::sessions_dir(cli.sessions.as_deref())?;
            let lexicon = Arc::new(open_lexicon(dict)?);
            let script = !std::io::stdin().is_terminal();
            match session::create(&dir, Arc::clone(&lexicon), &args, script) {
                Ok(table) => Repl::new(dir, lexicon, Some(table)).run(),
                Err(crate::games::registry::NewError::Help(text)) => {
                    out(text.trim_end())?;
                    Ok(Outcome::Yes)
                }
                Err(crate::games::registry::NewError::Refused(why)) => {
                    Err(CommandError::usage(why))
                }
            }
        }
        Some(Command::Resume { name }) => {
            let dir = session::sessions_dir(cli.sessions.as_deref())?;
            let lexicon = Arc::new(open_lexicon(dict)?);
            let script = !std::io::stdin().is_terminal();
            let table = session::open(&dir, Arc::clone(&lexicon), &name, script)
                .map_err(CommandError::usage)?;
            Repl::new(dir, lexicon, Some(table)).run()
        }
        Some(Command::Stats { player, game, json }) => {
            let dir = session::sessions_dir(cli.sessions.as_deref())?;
            stats::run(
                &dir,
                Arc::new(open_lexicon(dict)?),
                player.as_deref(),
                game.as_deref(),
                json,
            )
        }
        Some(Command::Serve {
            name,
            listen,
            allow_host,
        }) => {
            let dir = session::sessions_dir(cli.sessions.as_deref())?;
            serve::run(
                &dir,
                Arc::new(open_lexicon(dict)?),
                name.as_deref(),
                listen,
                &allow_host,
            )
        }
        Some(Command::Sessions) => {
            let dir = session::sessions_dir(cli.sessions.as_deref())?;
            session::sessions(&dir, Arc::new(open_lexicon(dict)?))
        }
        Some(Command::Export {
            name,
            format,
            output,
        }) => {
            let dir = session::sessions_dir(cli.sessions.as_deref())?;
            session::export(
                &dir,
                Arc::new(open_lexicon(dict)?),
                &name,
                format,
                output.as_deref(),
            )
        }
        None => {
            let dir = session::sessions_dir(cli.sessions.as_deref())?;
            let lexicon = Arc::new(open_lexicon(dict)?);
            let script = !std::io::stdin().is_terminal();
            // Resume the most recent unfinished session, if any.
            let (found, _) = session::list(&dir, &lexicon);
            let mut table = None;
            if let Some(latest) = found.iter().find(|s| !s.finished) {
                match session::open(&dir, Arc::clone(&lexicon), &latest.name, script) {
                    Ok(t) => table = Some(t),
                    Err(e) => eprintln!("umpire: could not resume {}: {e}", latest.name),
                }
            } else if let Some(last) = found.first() {
                let result = last.winner.as_ref().map_or_else(String::new, |w| {
                    format!(" ({} won)", crate::render::printable_text(w))
                });
                eprintln!(
                    "umpire: your last session, {} ({}), is over{result}",
                    last.name, last.game
                );
            }
            Repl::new(dir, lexicon, table).run()
        }
    }
}
