//! The verbs every game shares: scores, the table, word rulings, corrections, the
//! players, the log's history, exports. Written once, against [`Game`].

use serde_json::Value;

use super::any::Reply;
use super::entries;
use super::export::{self, Format};
use super::session::{Counts, Met, Session};
use crate::contract::Game;
use crate::contract::event::{CoreEvent, Event, Ruling};
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
        Reply::show(render::table_view(&view, &G::highlights(&self.scene())))
    }

    pub(super) fn check(&mut self, args: &str) -> Reply {
        let round = G::progress(&self.scene()).number;
        let ruling = match entries::check(&self.lexicon, &self.rules, args, round) {
            Ok(r) => r,
            Err(why) => return Reply::refused(why),
        };
        let mut shown = vec![render::verdicts(&ruling.words).to_string()];
        shown.extend(
            ruling
                .words
                .iter()
                .filter_map(|v| self.ruled_before(&v.word)),
        );
        self.record_and_show(vec![Event::Core(CoreEvent::Ruled { ruling })], shown)
    }

    /// `allow WORD [WHY]` and `deny WORD [WHY]`: the table's own ruling on a word, the
    /// session's verdict on it from here on.
    pub(super) fn house(&mut self, allowed: bool, args: &str) -> Reply {
        match entries::house(allowed, args) {
            Ok(event) => self.record_and_show(vec![event], vec![]),
            Err(why) => Reply::refused(why),
        }
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
        self.rulings_at().iter().rev().find_map(|(at, ruling)| {
            let v = ruling.words.iter().find(|v| v.word == word)?;
            let time = at.get(11..16).unwrap_or(at);
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
        })
    }

    /// The latest ruling that stands and says `word` is allowed, if the latest ruling on
    /// it does: "QI was ruled allowed in round 3".
    pub(super) fn ruled_allowed(&self, word: &str) -> Option<String> {
        let when = G::PERIOD.unwrap_or("turn");
        let rulings = self.rulings_at();
        let (_, ruling) = rulings
            .iter()
            .rev()
            .find(|(_, r)| r.words.iter().any(|v| v.word == word))?;
        let v = ruling.words.iter().find(|v| v.word == word)?;
        v.allowed
            .then(|| format!("{word} was ruled allowed in {when} {}", ruling.round))
    }

    /// Every entry with when it was recorded and where the game stood; `only` keeps the
    /// entries of one round, hand or turn.
    pub(super) fn history(&self, args: &str) -> Reply {
        let only = match args.trim() {
            "" => None,
            n => match n.parse::<u32>() {
                Ok(n) => Some(n),
                Err(_) => {
                    return Reply::not_done(
                        "shown",
                        format!(
                            "history takes a {} number, e.g. history 2",
                            G::PERIOD.unwrap_or("turn")
                        ),
                    );
                }
            },
        };
        if self.entries.is_empty() {
            return Reply::show("nothing recorded yet");
        }
        let when = G::PERIOD.unwrap_or("turn");
        let mut t = render::new(&["#", "at", when, "entry"]);
        let mut rows = 0;
        self.fold(&self.tally, None, |met| {
            let entry = met.entry;
            // An undone entry is said as it was recorded: against the table it met
            // then, which held the entries undone after it (two undos in a row).
            let recorded =
                matches!(met.counts, Counts::Undone).then(|| self.as_recorded(entry.seq));
            let (state, roster) = recorded
                .as_ref()
                .map_or((met.state, met.roster), |r| (&r.state, &r.roster));
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
            let mut text = match recorded {
                Some(_) => self.describe(&entry.event, state, roster),
                None => self.met_text(&met),
            };
            match &met.counts {
                Counts::Undone => text.push_str("  (undone)"),
                Counts::SetAside(why) => text.push_str(&format!("  (set aside: it {why})")),
                Counts::Replaced(r) => {
                    let by = r.by.map_or_else(String::new, |by| format!(" by #{by}"));
                    text.push_str(&format!(
                        "  (fixed{by}; was: {})",
                        self.describe(&entry.event, met.state, met.roster)
                    ));
                }
                _ if self.skipped.contains(&entry.seq) => {
                    text.push_str("  (skipped: no longer fits)");
                }
                Counts::Step => {
                    if let Event::Core(CoreEvent::Replaced { seq, .. }) = &entry.event
                        && let Some(by) = self.tally.replaced.get(seq).and_then(|r| r.by)
                        && by != entry.seq
                    {
                        text.push_str(&format!("  (replaced by #{by})"));
                    }
                }
                _ => {}
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

    /// The table entry `seq` met when it was recorded: the log before it, counted as
    /// the undo, redo and fix entries before it had it then.
    fn as_recorded(&self, seq: u64) -> super::session::Folded<G> {
        let at = self
            .entries
            .iter()
            .position(|e| e.seq == seq)
            .unwrap_or(self.entries.len());
        let before = self.entries.get(..at).unwrap_or_default();
        self.fold(&super::tally::Tally::of(before), Some(seq), |_| {})
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
                        return Reply::not_done(
                            "exported",
                            format!(
                                "unknown export format {}: use json, csv, md or svg, or a file ending in one of them",
                                crate::text::printable(one)
                            ),
                        );
                    }
                },
            },
            (Some(f), Some(file), None) => match Format::parse(f) {
                Some(f) => (f, Some(file)),
                None => {
                    return Reply::not_done(
                        "exported",
                        format!(
                            "unknown export format {}: use json, csv, md or svg",
                            crate::text::printable(f)
                        ),
                    );
                }
            },
            _ => {
                return Reply::not_done(
                    "exported",
                    "export takes [FORMAT] [FILE], e.g. export csv friday.csv",
                );
            }
        };
        let text = match self.export_text(format) {
            Ok(t) => t,
            Err(e) => return Reply::not_done("exported", e),
        };
        match file {
            None => Reply::show(text),
            Some(file) => {
                let path = std::path::Path::new(file);
                match super::write::export_file(path, &text, self.path.parent()) {
                    Ok(()) => Reply::show(format!("exported {} to {file}", format.name())),
                    Err(e) => Reply::not_done("exported", e),
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

    /// The events that count, with the table each met and when it was recorded: what
    /// the notes, the rulings and the words are read from.
    pub(super) fn counted(&self, mut visit: impl FnMut(&str, &Event<G::Event>, &Met<'_, G>)) {
        self.fold(&self.tally, None, |met| {
            if self.skipped.contains(&met.entry.seq) {
                return;
            }
            match &met.counts {
                Counts::Itself => visit(&met.entry.at, &met.entry.event, &met),
                Counts::Replaced(r) => {
                    for e in &r.with {
                        visit(&met.entry.at, e, &met);
                    }
                }
                _ => {}
            }
        });
    }

    /// The notes that stand (not undone), oldest first, with their times.
    pub(super) fn notes_at(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        self.counted(|at, event, _| {
            if let Event::Core(CoreEvent::Noted { text }) = event {
                out.push((at.to_string(), text.clone()));
            }
        });
        out
    }

    /// Every ruling that stands, with its time and the seat of the player it was about:
    /// the word rulings, the table's own (`allow`, `deny`) and what the game counts as
    /// one (a penalty). Players are named as they are called now, in the ruling's words
    /// too ("grid dan" reads "grid Daniel" after a rename).
    pub(super) fn rulings_by_seat(&self) -> Vec<(String, Ruling, Option<usize>)> {
        let mut out = Vec::new();
        self.counted(|at, event, met| out.extend(self.ruling_of(at, event, met)));
        out
    }

    /// The ruling `event` (recorded `at`, against the table it met) counts as, if any,
    /// with the seat of the player it is about, named as they are called now.
    pub(super) fn ruling_of(
        &self,
        at: &str,
        event: &Event<G::Event>,
        met: &Met<'_, G>,
    ) -> Option<(String, Ruling, Option<usize>)> {
        let mut ruling = match event {
            Event::Core(CoreEvent::Ruled { ruling }) => Some(ruling.clone()),
            Event::Core(CoreEvent::HouseRuled { word, allowed, why }) => {
                Some(house_ruling(word, *allowed, why, met, self))
            }
            Event::Game(g) => G::ruling(g, &self.scene_of(met.state, met.roster)),
            // A correction of a round's entry (a penalty added to round 1) is a
            // ruling about that round.
            Event::Core(CoreEvent::Corrected { round, entry }) => {
                G::ruling(entry, &self.scene_of(met.state, met.roster)).map(|mut r| {
                    r.round = *round;
                    r
                })
            }
            _ => None,
        }?;
        let seat = ruling.player.as_ref().and_then(|p| met.roster.find(p).ok());
        if let Some(i) = seat {
            ruling.player = Some(self.roster.name(i).to_string());
        }
        ruling.asked = ruling
            .asked
            .split(' ')
            .map(|word| match met.roster.find(word) {
                Ok(i) if crate::contract::same_name(met.roster.name(i), word) => {
                    self.roster.name(i).to_string()
                }
                _ => word.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ");
        Some((at.to_string(), ruling, seat))
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
                    crate::text::printable_text(&v.reason),
                ]);
            }
            // A ruling about no word (a penalty for no named word, a pardon): one row.
            if r.words.is_empty() {
                let why: Vec<String> = r.faults.iter().chain(&r.remarks).cloned().collect();
                t.add_row(vec![
                    render::time(at),
                    r.round.to_string(),
                    crate::text::printable_text(&r.asked),
                    "-".to_string(),
                    if r.acceptable() {
                        "-"
                    } else {
                        "not acceptable"
                    }
                    .to_string(),
                    crate::text::printable_text(&why.join("; ")),
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
            None => Reply::not_done("revealed", "there is no ruling yet"),
        }
    }

    pub(super) fn define(&self, args: &str) -> Reply {
        let mut words = args.split_whitespace();
        match (words.next(), words.next()) {
            (Some(w), None) => {
                match crate::lexicon::define::describe(&self.lexicon, &self.rules, w) {
                    Ok((text, _)) => Reply::show(render::wrap(&text, render::term_width())),
                    Err(e) => {
                        Reply::not_done("defined", format!("{}: {e}", crate::text::printable(w)))
                    }
                }
            }
            _ => Reply::not_done("defined", "define takes one word, e.g. define qi"),
        }
    }

    pub(super) fn note(&mut self, args: &str) -> Reply {
        match entries::note(args) {
            Ok(event) => self.record_and_show(vec![event], vec![]),
            Err(why) => Reply::refused(why),
        }
    }

    /// `add NAME [--score N]`: a player joins, from 0 or from the score the house gives.
    pub(super) fn add(&mut self, args: &str) -> Reply {
        match entries::add(args) {
            Ok(event) => self.record_and_show(vec![event], vec![]),
            Err(why) => Reply::refused(why),
        }
    }

    pub(super) fn rename(&mut self, args: &str) -> Reply {
        match entries::rename(args, &self.roster) {
            Ok(event) => self.record_and_show(vec![event], vec![]),
            Err(why) => Reply::refused(why),
        }
    }
}

/// The table's own ruling on a word, as the rulings show it.
fn house_ruling<G: Game>(
    word: &str,
    allowed: bool,
    why: &str,
    met: &Met<'_, G>,
    session: &Session<G>,
) -> Ruling {
    let reason = if why.is_empty() {
        "house ruling".to_string()
    } else {
        format!("house ruling: {why}")
    };
    Ruling {
        asked: if allowed { "allow" } else { "deny" }.to_string(),
        player: None,
        round: G::progress(&session.scene_of(met.state, met.roster)).number,
        rules: "the table's own".to_string(),
        words: vec![crate::lexicon::Verdict {
            word: word.to_uppercase(),
            allowed,
            reason,
            code: if allowed {
                "house-allowed"
            } else {
                "house-denied"
            }
            .to_string(),
            at: None,
        }],
        faults: Vec::new(),
        remarks: Vec::new(),
    }
}
