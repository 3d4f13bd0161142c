//! The prompt at a terminal: rustyline with its helper, history and the phones'
//! printer; a paste of several lines run line by line.

use super::*;

impl Repl {
    pub(super) fn run_terminal(&mut self) -> Result<Exit, CommandError> {
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

/// What the prompt shows at a terminal: through the one terminal sink
/// ([`crate::text::for_terminal`]), so whatever a reply holds (a name, a note, a
/// reason read from a hand-edited log) reaches the screen escaped.
pub(super) fn shown(text: &str) {
    println!(
        "{}",
        crate::text::for_terminal(text, crate::render::color_enabled())
    );
}

/// `sessions/.history`, when the sessions directory exists or can be made.
pub(super) fn history_path(sessions: &Path) -> Option<PathBuf> {
    crate::session::dir::ensure(sessions).ok()?;
    Some(sessions.join(".history"))
}
