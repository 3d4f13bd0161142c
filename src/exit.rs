//! How a command ends: an [`Exit`] for a command that did its job (a yes or a no),
//! a [`CommandError`] for one that could not, and the one way both reach standard
//! output. The prompt and the one-shot commands share them.

use std::fmt;
use std::process::ExitCode;

/// How a command that ran to completion ends: 0 all good, 1 a "no" answer (a word not
/// allowed, a grid with a fault).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exit {
    Yes,
    No,
}

impl From<Exit> for ExitCode {
    fn from(o: Exit) -> ExitCode {
        match o {
            Exit::Yes => ExitCode::SUCCESS,
            Exit::No => ExitCode::from(1),
        }
    }
}

/// A command that could not do its job: one line for stderr and an exit code.
#[derive(Debug)]
pub(crate) struct CommandError {
    /// Empty when there is nothing to say (the reader of our output went away).
    pub(crate) message: String,
    /// 2 for bad input or usage (the clap convention), 1 for a refusal at run time.
    pub(crate) code: u8,
}

impl CommandError {
    /// Bad input: exit 2.
    pub(crate) fn usage(message: impl Into<String>) -> CommandError {
        CommandError {
            message: message.into(),
            code: 2,
        }
    }

    /// The reader of standard output closed it (`| head`): stop quietly.
    pub(crate) fn closed_pipe() -> CommandError {
        CommandError {
            message: String::new(),
            code: 0,
        }
    }

    /// A write to standard output that failed: a closed pipe ends quietly, any other
    /// error (a full disk) is one line and exit 2.
    pub(crate) fn from_write(e: &std::io::Error) -> CommandError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CommandError::closed_pipe()
        } else {
            CommandError::usage(format!("cannot write to standard output: {e}"))
        }
    }

    /// Any error that stopped the command before it could do its job: exit 2.
    pub(crate) fn from_error(e: impl std::error::Error) -> CommandError {
        CommandError::usage(e.to_string())
    }

    pub(crate) fn exit_code(&self) -> ExitCode {
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

/// Prints one line to standard error, through the terminal sink: a message names what
/// was typed or read, and it must not reach the terminal raw.
pub(crate) fn warn(line: &str) {
    eprintln!("{}", crate::text::for_terminal(line, false));
}

/// Prints `text` and a newline to standard output, flushed, through the one terminal
/// sink ([`crate::text::for_terminal`]); see
/// [`CommandError::from_write`] for what a failure comes to.
pub(crate) fn out(text: &str) -> Result<(), CommandError> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let colour = crate::render::color_enabled();
    writeln!(stdout, "{}", crate::text::for_terminal(text, colour))
        .and_then(|()| stdout.flush())
        .map_err(|e| CommandError::from_write(&e))
}

/// [`out`] of what `write` writes as it makes it, through the same sink: a long text
/// (an export) is never held whole. `write` says whether what it wrote ends with a
/// line end (one is added when not), or why it could not be made.
pub(crate) fn out_with<E>(
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<Result<bool, E>>,
) -> Result<Result<(), E>, CommandError> {
    use std::io::Write;
    fn coloured(text: &str) -> std::borrow::Cow<'_, str> {
        crate::text::for_terminal(text, true)
    }
    fn plain(text: &str) -> std::borrow::Cow<'_, str> {
        crate::text::for_terminal(text, false)
    }
    let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let safe = if crate::render::color_enabled() {
        coloured
    } else {
        plain
    };
    let mut sink = crate::export::Filtered::new(&mut stdout, safe);
    let made = write(&mut sink)
        .and_then(|made| sink.finish().map(|_| made))
        .map_err(|e| CommandError::from_write(&e))?;
    if let Ok(false) = made {
        stdout
            .write_all(b"\n")
            .map_err(|e| CommandError::from_write(&e))?;
    }
    stdout.flush().map_err(|e| CommandError::from_write(&e))?;
    Ok(made.map(|_| ()))
}
