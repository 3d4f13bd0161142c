//! Lines the prompt answers without the open session: a game's shell command typed at
//! the prompt (`board FILE`), `check`, `define` and `stats` before anyone sits down,
//! and the files and rows a block verb reads.

use super::*;

impl Repl {
    /// A game's shell command typed at the prompt (`board FILE`): read and answered as
    /// `umpire board FILE` is, its file read as the shell reads it, with the session's
    /// dictionary; nothing is recorded and the open session is left as it was.
    pub(super) fn one_shot(&mut self, shot: &OneShot, spec: &Verb, args: &str) -> Next {
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

    /// `check`, `define` and `stats` before anyone sits down: a word can be judged (by
    /// the first game's rules) and records read with no session open.
    pub(super) fn without_session(&mut self, verb: &str, args: &str) -> Option<Next> {
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
}

/// A block verb's rows from a file, bounded like typed ones.
pub(super) fn read_block_file(path: &str) -> Result<Vec<String>, String> {
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

/// The path after `--file`, if the arguments name one.
pub(super) fn file_arg(args: &str) -> Option<String> {
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        if w == "--file" {
            return Some(words.next().unwrap_or("").to_string());
        }
    }
    None
}

/// What a shared verb that records nothing failed to do, for its refusal with no session
/// open: "not exported: no session open ..." (`None`: the verb records).
pub(super) fn undone(verb: &str) -> Option<NotDone> {
    match verb {
        "export" => Some(NotDone::Exported),
        "score" | "table" | "chart" | "players" | "history" | "rulings" => Some(NotDone::Shown),
        "reveal" => Some(NotDone::Revealed),
        _ => None,
    }
}
