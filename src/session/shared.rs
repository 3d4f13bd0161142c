//! The verbs every game shares: scores, the table, word rulings, corrections, the
//! players, the log's history, exports. Written once, against [`Game`].

use serde_json::Value;

use super::any::Reply;
use super::export::{self, Format};
use super::session::Session;
use crate::contract::Game;
use crate::contract::event::{CoreEvent, Event, Ruling};
use crate::lexicon::judge;
use crate::render;

impl<G: Game> Session<G> {
    pub(super) fn score(&self) -> Reply {
        let standings = self.standings_now();
        let mut text = render::score(&standings);
        text.push('\n');
        text.push_str(&match standings.result_line() {
            Some(line) => line,
            None => standings.status.clone(),
        });
        Reply::show(text)
    }

    pub(super) fn table(&self) -> Reply {
        let view = G::table(&self.scene());
        if view.is_empty() {
            return Reply::show("nothing on the table yet");
        }
        Reply::show(render::table_view(&view))
    }

    pub(super) fn check(&mut self, args: &str) -> Reply {
        let words: Vec<&str> = args.split_whitespace().collect();
        if words.is_empty() {
            return Reply::refused("check needs words, e.g. check qi dont");
        }
        let mut verdicts = Vec::with_capacity(words.len());
        for w in words {
            match judge(&self.lexicon, &self.rules, w) {
                Ok(v) => verdicts.push(v),
                Err(e) => return Reply::refused(format!("{}: {e}", crate::text::printable(w))),
            }
        }
        let mut shown = vec![render::verdicts(&verdicts).to_string()];
        shown.extend(verdicts.iter().filter_map(|v| self.ruled_before(&v.word)));
        let ruling = Ruling {
            asked: "check".into(),
            player: None,
            round: G::progress(&self.scene()).number,
            rules: self.rules.describe(),
            words: verdicts,
            faults: Vec::new(),
            remarks: Vec::new(),
        };
        self.record_and_show(vec![Event::Core(CoreEvent::Ruled { ruling })], shown)
    }

    /// `fix PERIOD VERB ARGS`: a correction recorded as an event of its own; the
    /// original entry stays in the log.
    pub(super) fn fix(&mut self, args: &str) -> Reply {
        let period = G::PERIOD.unwrap_or("round");
        let usage = format!(
            "fix needs {} VERB ARGS, e.g. {}",
            period.to_uppercase(),
            crate::session::verbs::fix_example::<G>()
        );
        let mut parts = args.trim().splitn(3, char::is_whitespace);
        let (Some(number), Some(verb)) = (parts.next(), parts.next()) else {
            return Reply::refused(usage);
        };
        let rest = parts.next().unwrap_or("").trim();
        let Ok(number) = number.parse::<u32>() else {
            return Reply::refused(format!(
                "{} is not a {period} number; {usage}",
                crate::text::printable(number)
            ));
        };
        let verb = verb.to_ascii_lowercase();
        match G::correction(&self.ctx(), number, &verb, rest) {
            Ok(entry) => self.record_and_show(
                vec![Event::Core(CoreEvent::Corrected {
                    round: number,
                    entry,
                })],
                vec![],
            ),
            Err(why) => Reply::refused(why),
        }
    }

    /// Earlier rulings on `word` in this session: "QI was ruled before: allowed
    /// (20:01, round 1, check)". A ruling given on a move says why, since it may
    /// differ from the word's own verdict: "CATS was ruled before: not allowed (20:14,
    /// turn 5, take ann CATS from cal: only makes CAT plural (+S) ...)".
    fn ruled_before(&self, word: &str) -> Option<String> {
        let when = G::PERIOD.unwrap_or("turn");
        self.entries.iter().rev().find_map(|e| match &e.event {
            Event::Core(CoreEvent::Ruled { ruling }) => {
                let v = ruling.words.iter().find(|v| v.word == word)?;
                let time = e.at.get(11..16).unwrap_or(&e.at);
                let why = if ruling.asked == "check" {
                    String::new()
                } else {
                    format!(": {}", v.reason)
                };
                Some(format!(
                    "{word} was ruled before: {} ({time}, {when} {}, {}{why})",
                    if v.allowed { "allowed" } else { "not allowed" },
                    ruling.round,
                    crate::text::printable_text(&ruling.asked)
                ))
            }
            _ => None,
        })
    }

    /// Every entry with when it was recorded and where the game stood; `only` keeps the
    /// entries of one round, hand or turn.
    pub(super) fn history(&self, args: &str) -> Reply {
        let only = match args.trim() {
            "" => None,
            n => match n.parse::<u32>() {
                Ok(n) => Some(n),
                Err(_) => {
                    return Reply::refused(format!(
                        "history takes a {} number, e.g. history 2",
                        G::PERIOD.unwrap_or("turn")
                    ));
                }
            },
        };
        if self.entries.is_empty() {
            return Reply::show("nothing recorded yet");
        }
        let when = G::PERIOD.unwrap_or("turn");
        let mut t = render::new(&["#", "at", when, "entry"]);
        let mut rows = 0;
        self.fold(None, |entry, state, roster| {
            let progress = G::progress(&self.scene_of(state, roster));
            // A correction belongs to the round it corrects as much as to the one it was
            // typed in.
            let corrects = match &entry.event {
                Event::Core(CoreEvent::Corrected { round, .. }) => Some(*round),
                _ => None,
            };
            if only.is_some_and(|n| n != progress.number && corrects != Some(n)) {
                return;
            }
            let mut text = self.describe(&entry.event, state, roster);
            if self.undone.contains(&entry.seq) {
                text.push_str("  (undone)");
            } else if self.skipped.contains(&entry.seq) {
                text.push_str("  (skipped: no longer fits)");
            }
            t.add_row(vec![
                entry.seq.to_string(),
                render::time(&entry.at),
                progress.number.to_string(),
                crate::text::printable_text(&text),
            ]);
            rows += 1;
        });
        match only {
            Some(n) if rows == 0 => Reply::show(format!("nothing recorded in {when} {n}")),
            _ => Reply::show(t.to_string()),
        }
    }

    pub(super) fn players_table(&self) -> Reply {
        let standings = self.standings_now();
        let mut t = render::new(&["seat", "player", "total"]);
        for (i, p) in standings.players.iter().enumerate() {
            t.add_row(vec![
                (i + 1).to_string(),
                crate::text::printable_text(p),
                standings.running.get(i).copied().unwrap_or(0).to_string(),
            ]);
        }
        Reply::show(t.to_string())
    }

    pub(super) fn export_verb(&self, args: &str) -> Reply {
        let mut parts = args.split_whitespace();
        let (format, file) = match (parts.next(), parts.next(), parts.next()) {
            (None, _, _) => (Format::Md, None),
            (Some(one), None, _) => match Format::parse(one) {
                Some(f) => (f, None),
                // `export night.csv`: a file, its format from its extension.
                None => match Format::from_path(one) {
                    Some(f) => (f, Some(one)),
                    None => {
                        return Reply::refused(format!(
                            "unknown export format {}: use json, csv, md or svg, or a file ending in one of them",
                            crate::text::printable(one)
                        ));
                    }
                },
            },
            (Some(f), Some(file), None) => match Format::parse(f) {
                Some(f) => (f, Some(file)),
                None => {
                    return Reply::refused(format!(
                        "unknown export format {}: use json, csv, md or svg",
                        crate::text::printable(f)
                    ));
                }
            },
            _ => return Reply::refused("export takes [FORMAT] [FILE], e.g. export csv friday.csv"),
        };
        let text = match self.export_text(format) {
            Ok(t) => t,
            Err(e) => return Reply::refused(e),
        };
        match file {
            None => Reply::show(text),
            Some(file) => {
                let path = std::path::Path::new(file);
                match super::write::export_file(path, &text, self.path.parent()) {
                    Ok(()) => Reply::show(format!("exported {} to {file}", format.name())),
                    Err(e) => Reply::refused(e),
                }
            }
        }
    }

    pub(super) fn export_text(&self, format: Format) -> Result<String, export::ExportError> {
        let data = export::Data {
            game: G::NAME,
            title: G::TITLE,
            name: &self.header.name,
            created: &self.header.created,
            options: serde_json::to_value(&self.header.options).unwrap_or(Value::Null),
            rules: (!G::RULE_SETS.is_empty()).then(|| self.rules.describe()),
            standings: self.standings_now(),
            view: G::table(&self.scene()),
            extra: G::export(&self.scene()),
            rulings: self.rulings_at(),
            notes: self.notes_at(),
        };
        export::render(format, &data)
    }

    /// The notes that stand (not undone), oldest first, with their times.
    pub(super) fn notes_at(&self) -> Vec<(String, String)> {
        self.entries
            .iter()
            .filter(|e| !self.undone.contains(&e.seq))
            .filter_map(|e| match &e.event {
                Event::Core(CoreEvent::Noted { text }) => Some((e.at.clone(), text.clone())),
                _ => None,
            })
            .collect()
    }

    /// Every ruling given, with its time and the seat of the player it was about (by
    /// the players as they were then, so a later rename keeps it theirs).
    pub(super) fn rulings_by_seat(&self) -> Vec<(String, Ruling, Option<usize>)> {
        let mut out = Vec::new();
        let mut roster = crate::contract::Roster::new(self.header.players.clone());
        for e in &self.entries {
            let counts = !self.undone.contains(&e.seq) && !self.skipped.contains(&e.seq);
            match &e.event {
                Event::Core(CoreEvent::Ruled { ruling }) => {
                    let seat = ruling.player.as_ref().and_then(|p| roster.find(p).ok());
                    out.push((e.at.clone(), ruling.clone(), seat));
                }
                Event::Core(CoreEvent::PlayerJoined { name, .. }) if counts => {
                    roster.push(name.clone());
                }
                Event::Core(CoreEvent::PlayerRenamed { from, to }) if counts => {
                    if let Ok(i) = roster.find(from) {
                        roster.rename(i, to.clone());
                    }
                }
                _ => {}
            }
        }
        out
    }

    pub(super) fn rulings_at(&self) -> Vec<(String, Ruling)> {
        self.rulings_by_seat()
            .into_iter()
            .map(|(at, r, _)| (at, r))
            .collect()
    }

    pub(super) fn rulings_text(&self) -> Reply {
        let rulings = self.rulings_at();
        if rulings.is_empty() {
            return Reply::show("no rulings yet");
        }
        let when = G::PERIOD.unwrap_or("turn");
        let mut t = render::new(&["at", when, "asked", "word", "verdict", "why"]);
        for (at, r) in &rulings {
            for v in &r.words {
                t.add_row(vec![
                    render::time(at),
                    r.round.to_string(),
                    crate::text::printable_text(&r.asked),
                    v.word.clone(),
                    if v.allowed { "allowed" } else { "not allowed" }.to_string(),
                    v.reason.clone(),
                ]);
            }
        }
        Reply::show(t.to_string())
    }

    pub(super) fn reveal(&self) -> Reply {
        match self.rulings_at().pop() {
            Some((at, r)) => Reply::show(format!(
                "{} ({}, {} {}):\n{}",
                crate::text::printable_text(&r.asked),
                render::time(&at),
                G::PERIOD.unwrap_or("turn"),
                r.round,
                render::ruling(&r)
            )),
            None => Reply::refused("there is no ruling to reveal yet"),
        }
    }

    pub(super) fn define(&self, args: &str) -> Reply {
        let mut words = args.split_whitespace();
        match (words.next(), words.next()) {
            (Some(w), None) => {
                match crate::lexicon::define::describe(&self.lexicon, &self.rules, w) {
                    Ok((text, _)) => Reply::show(render::wrap(&text, render::term_width())),
                    Err(e) => Reply::refused(format!("{}: {e}", crate::text::printable(w))),
                }
            }
            _ => Reply::refused("define takes one word, e.g. define qi"),
        }
    }

    pub(super) fn note(&mut self, args: &str) -> Reply {
        let text = args.trim();
        if text.is_empty() {
            return Reply::refused("note needs some text, e.g. note carol arrived late");
        }
        if text.chars().count() > MAX_NOTE {
            return Reply::refused(format!("a note is at most {MAX_NOTE} characters"));
        }
        self.record_and_show(
            vec![Event::Core(CoreEvent::Noted { text: text.into() })],
            vec![],
        )
    }

    /// `add NAME [--score N]`: a player joins, from 0 or from the score the house gives.
    pub(super) fn add(&mut self, args: &str) -> Reply {
        let usage =
            "add takes a name and maybe a starting score, e.g. add dave or add dave --score 40";
        let parts: Vec<&str> = args.split_whitespace().collect();
        let (name, score) = match parts[..] {
            [name] => (name, None),
            [name, "--score", n] | ["--score", n, name] => match n.parse::<i64>() {
                Ok(n) if n.abs() <= 1_000_000 => (name, Some(n)),
                _ => {
                    return Reply::refused(format!(
                        "{} is not a score; {usage}",
                        crate::text::printable(n)
                    ));
                }
            },
            _ => return Reply::refused(usage),
        };
        self.record_and_show(
            vec![Event::Core(CoreEvent::PlayerJoined {
                name: name.into(),
                score,
            })],
            vec![],
        )
    }

    pub(super) fn rename(&mut self, args: &str) -> Reply {
        let parts: Vec<&str> = args.split_whitespace().collect();
        let [from, to] = parts[..] else {
            return Reply::refused("rename takes the old and the new name, e.g. rename bob robert");
        };
        let from = match self.roster.find(from) {
            Ok(i) => self.roster.name(i).to_string(),
            Err(e) => return Reply::refused(e),
        };
        if from == to {
            return Reply::refused(format!(
                "{} is already called that: rename takes a new name, e.g. rename {} {}2",
                crate::text::printable_text(&from),
                crate::text::printable_text(&from),
                crate::text::printable_text(&from)
            ));
        }
        self.record_and_show(
            vec![Event::Core(CoreEvent::PlayerRenamed {
                from,
                to: to.into(),
            })],
            vec![],
        )
    }
}

/// Longest note: a remark, not a document.
pub(super) const MAX_NOTE: usize = 500;
