//! The prompt reading a script (standard input not a terminal): each line echoed after
//! its prompt and answered, in words or as one JSON object a line.

use super::*;

impl Repl {
    pub(super) fn run_script(&mut self) -> Result<Exit, CommandError> {
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
}

/// One line's answer as a JSON object: what was typed (and the rows a block verb read),
/// the prompt it was typed at, and its outcome.
pub(super) fn reply_json(prompt: &str, typed: &str, rows: &[String], outcome: &Outcome) -> String {
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

/// A script's output: every line through the one terminal sink
/// ([`crate::text::for_terminal`]).
pub(super) fn say(out: &mut impl Write, text: &str) -> io::Result<()> {
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
pub(super) fn say_in_pieces(
    out: &mut impl Write,
    o: &Outcome,
    t: &dyn AnySession,
) -> io::Result<()> {
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

/// A script line as it is echoed: a pasted megabyte is shown by its start and length,
/// and control characters escaped (an ESC in a script must not reach the terminal).
pub(super) fn echo(line: &str) -> String {
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
pub(super) fn read_line_bounded(input: &mut impl BufRead, max: usize) -> Option<String> {
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
