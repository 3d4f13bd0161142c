//! The prompt's own verbs about sessions: start one, open another, export the open
//! one, greet it and say goodbye.

use super::*;

impl Repl {
    pub(super) fn new_session(&mut self, args: &str) -> Next {
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

    pub(super) fn open_session(&mut self, args: &str) -> Next {
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

    /// `export [FORMAT] [FILE]`: the open session written out, to the screen or a file
    /// (the format from the file's name when none is given).
    pub(super) fn export(&mut self, args: &str) -> Next {
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

    /// What `quit` (or Ctrl-D) says: the session is saved, and the page it served, which
    /// the room and the phones were following, stops with the prompt.
    pub(super) fn bye(&self) -> String {
        let page = if self.served.is_some() {
            "; the scoreboard page and the scorekeeper's link stop"
        } else {
            ""
        };
        if let Some(room) = &self.room {
            return format!("{}{page}; bye", room.saved());
        }
        match take(&self.table).as_deref() {
            Some(t) => format!("saved {:?}{page}; bye", t.name()),
            None => format!("bye{page}"),
        }
    }

    /// What to print when the prompt opens.
    pub(crate) fn greeting(&self) -> String {
        match &self.room {
            Some(room) if take(&self.table).is_none() => room.opening.clone(),
            _ => self.greet(self.started),
        }
    }

    /// The session's greeting: its banner, where its log is when it was just `started`,
    /// what reading it found, the standings and who is to enter.
    pub(super) fn greet(&self, started: bool) -> String {
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
    pub(super) fn opened_json(&self) -> String {
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
}

/// One line naming the game, the session, the players and the options.
pub(super) fn banner(t: &dyn AnySession) -> String {
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
pub(super) fn logged_at(t: &dyn AnySession) -> String {
    format!(
        "logged to {} (each entry as it is recorded); `umpire resume {}` carries on",
        shown_path(t.path()),
        t.name()
    )
}

/// `path` as the table can find it: relative to the working directory when it is under
/// it (`sessions/friday.jsonl`), else in full.
pub(super) fn shown_path(path: &Path) -> String {
    let shown = std::env::current_dir()
        .ok()
        .and_then(|here| path.strip_prefix(here).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf());
    crate::text::printable_text(&shown.display().to_string())
}
