//! [`Session`]: one game's log, its state folded from the log, and the verbs every
//! game shares. Generic over [`Game`], so it is written once for all of them.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

use super::event::{CoreEvent, Entry, Event, FORMAT, Header, Ruling};
use super::export::{self, Format};
use super::store::{Contents, Log};
use super::{Reply, Summary, Table, now};
use crate::games::{Action, Ask, Game, Refusal, Roster, Scoreboard, Setup, Verb, View};
use crate::lexicon::{Lexicon, Rules, judge};
use crate::render;

/// One session of game `G`.
pub struct Session<G: Game> {
    header: Header<G::Options>,
    /// `None` when opened read-only (export, listing): recording is refused.
    log: Option<Log>,
    entries: Vec<Entry<G::Event>>,
    lexicon: Arc<Lexicon>,
    state: G::State,
    roster: Roster,
    undone: BTreeSet<u64>,
    warnings: Vec<String>,
    /// The log has been folded once: later replays (after `undo`) stay quiet.
    replayed: bool,
    /// Events in the log that did not fit when replayed: they do not count, and `undo`
    /// passes over them.
    skipped: BTreeSet<u64>,
    pending: Option<Ask<G::Event>>,
    script: bool,
}

/// How a session is being opened.
pub struct OpenWith {
    pub lexicon: Arc<Lexicon>,
    /// Commands come from a script: nobody answers questions.
    pub script: bool,
}

impl<G: Game> Session<G> {
    /// Starts a new session and its log.
    pub fn create(
        path: &Path,
        name: &str,
        players: Vec<String>,
        setup: &Setup,
        rules: Rules,
        with: OpenWith,
    ) -> Result<Session<G>, String> {
        let mut roster = Roster::default();
        for p in &players {
            roster.check_new(p).map_err(|r| r.0)?;
            roster.push(p.clone());
        }
        if players.is_empty() {
            return Err("name at least one player".into());
        }
        let options = G::setup(setup, players.len()).map_err(|r| r.0)?;
        let header = Header {
            umpire: FORMAT,
            game: G::NAME.to_string(),
            name: name.to_string(),
            created: now(),
            players,
            options,
            rules,
        };
        let value = serde_json::to_value(&header).map_err(|e| e.to_string())?;
        let log = Log::create(path, &value).map_err(|e| e.to_string())?;
        let state = G::start(&header.options, roster.len());
        Ok(Session {
            header,
            log: Some(log),
            entries: Vec::new(),
            lexicon: with.lexicon,
            state,
            roster,
            undone: BTreeSet::new(),
            warnings: Vec::new(),
            replayed: true,
            skipped: BTreeSet::new(),
            pending: None,
            script: with.script,
        })
    }

    /// Opens a session from a log's contents; `log` is `None` for read-only use.
    pub fn from_contents(
        contents: Contents,
        log: Option<Log>,
        with: OpenWith,
    ) -> Result<Session<G>, String> {
        let header: Header<G::Options> = serde_json::from_value(contents.header)
            .map_err(|e| format!("the session header does not read as {}: {e}", G::NAME))?;
        let mut warnings: Vec<String> = contents.damage.iter().map(|d| d.describe()).collect();
        let mut entries = Vec::with_capacity(contents.entries.len());
        for raw in contents.entries {
            match Event::<G::Event>::from_value(raw.event) {
                Ok(event) => entries.push(Entry {
                    seq: raw.seq,
                    at: raw.at,
                    event,
                }),
                Err(e) => warnings.push(format!(
                    "event {} is not a {} event ({e}); skipped",
                    raw.seq,
                    G::NAME
                )),
            }
        }
        let roster = Roster::new(header.players.clone());
        let state = G::start(&header.options, roster.len());
        let mut s = Session {
            header,
            log,
            entries,
            lexicon: with.lexicon,
            state,
            roster,
            undone: BTreeSet::new(),
            warnings,
            replayed: false,
            skipped: BTreeSet::new(),
            pending: None,
            script: with.script,
        };
        s.replay();
        Ok(s)
    }

    /// Folds the log into the state from scratch. An event that no longer fits is
    /// reported once, when the log is opened (a replay after `undo` skips the same
    /// events again and need not say so twice).
    fn replay(&mut self) {
        let report = !self.replayed;
        self.skipped.clear();
        self.roster = Roster::new(self.header.players.clone());
        self.state = G::start(&self.header.options, self.roster.len());
        self.undone = self
            .entries
            .iter()
            .filter_map(|e| match e.event {
                Event::Core(CoreEvent::Undone { seq }) => Some(seq),
                _ => None,
            })
            .collect();
        for entry in &self.entries {
            if self.undone.contains(&entry.seq) {
                continue;
            }
            if let Err(why) = apply::<G>(
                &mut self.state,
                &mut self.roster,
                &self.header.options,
                &entry.event,
            ) {
                self.skipped.insert(entry.seq);
                if report {
                    self.warnings.push(format!(
                        "event {} no longer fits ({why}); skipped",
                        entry.seq
                    ));
                }
            }
        }
        self.replayed = true;
    }

    fn view(&self) -> View<'_, G> {
        View {
            state: &self.state,
            options: &self.header.options,
            roster: &self.roster,
            lexicon: &self.lexicon,
            rules: &self.header.rules,
            script: self.script,
        }
    }

    /// Records events one by one: each is checked against a copy of the state, written
    /// and fsynced, and only then counts. Returns what was recorded, in words.
    fn record(
        &mut self,
        events: Vec<Event<G::Event>>,
    ) -> Result<Vec<String>, (Vec<String>, String)> {
        let mut done = Vec::new();
        for event in events {
            let mut state = self.state.clone();
            let mut roster = self.roster.clone();
            if let Err(why) = apply::<G>(&mut state, &mut roster, &self.header.options, &event) {
                return Err((done, why.0));
            }
            let described = self.describe(&event, &state);
            let Some(log) = self.log.as_mut() else {
                return Err((done, "this session is open read-only".into()));
            };
            let value = match serde_json::to_value(&event) {
                Ok(v) => v,
                Err(e) => return Err((done, e.to_string())),
            };
            match log.append(&now(), value) {
                Ok(raw) => {
                    self.entries.push(Entry {
                        seq: raw.seq,
                        at: raw.at,
                        event,
                    });
                    self.state = state;
                    self.roster = roster;
                    done.push(described);
                }
                Err(e) => return Err((done, format!("the log could not be written ({e})"))),
            }
        }
        Ok(done)
    }

    fn describe(&self, event: &Event<G::Event>, state: &G::State) -> String {
        match event {
            Event::Game(e) => G::describe(e, state, &self.header.options),
            Event::Core(c) => match c {
                CoreEvent::Undone { seq } => format!("undid entry {seq}"),
                CoreEvent::Noted { text } => format!("note: {text}"),
                CoreEvent::Ruled { ruling } => {
                    let words: Vec<String> = ruling
                        .words
                        .iter()
                        .map(|v| {
                            format!(
                                "{} {}",
                                v.word,
                                if v.allowed { "allowed" } else { "not allowed" }
                            )
                        })
                        .collect();
                    format!("ruling ({}): {}", ruling.asked, words.join(", "))
                }
                CoreEvent::PlayerJoined { name } => format!("{name} joins"),
                CoreEvent::PlayerRenamed { from, to } => format!("{from} is now {to}"),
                CoreEvent::Corrected { round, entry } => format!(
                    "round {round} corrected: {}",
                    G::describe(entry, state, &self.header.options)
                ),
            },
        }
    }

    /// Shows `shown`, records the events, then says what was recorded and shows the
    /// standings. A ruling is not announced: the verdicts shown are its record.
    fn record_and_show(&mut self, events: Vec<Event<G::Event>>, shown: Vec<String>) -> Reply {
        let standings_worthy = events.iter().any(|e| {
            !matches!(
                e,
                Event::Core(CoreEvent::Ruled { .. } | CoreEvent::Noted { .. })
            )
        });
        let announced: Vec<bool> = events
            .iter()
            .map(|e| !matches!(e, Event::Core(CoreEvent::Ruled { .. })))
            .collect();
        let mut text = shown;
        let result = self.record(events);
        let (done, failure) = match result {
            Ok(done) => (done, None),
            Err((done, why)) => (done, Some(why)),
        };
        text.extend(
            done.iter()
                .zip(announced)
                .filter(|(_, a)| *a)
                .map(|(d, _)| format!("recorded  {d}")),
        );
        match failure {
            None => {
                if standings_worthy {
                    let board = self.scoreboard();
                    text.push(render::standings(&board).to_string());
                    if let Some(w) = board.winner_names() {
                        text.push(format!("match over: {w} wins"));
                    }
                }
                Reply::show(text.join("\n"))
            }
            Some(why) => {
                let nothing = if done.is_empty() {
                    "; nothing changed"
                } else {
                    ""
                };
                text.push(format!("not recorded: {why}{nothing}"));
                Reply {
                    text: text.join("\n"),
                    refused: true,
                    ask: None,
                }
            }
        }
    }

    fn run_action(&mut self, action: Action<G::Event>) -> Reply {
        let Action { record, show, ask } = action;
        let mut reply = if record.is_empty() {
            Reply::show(show.join("\n"))
        } else {
            self.record_and_show(record, show)
        };
        if let Some(ask) = ask
            && !reply.refused
        {
            reply.ask = Some(ask.question.clone());
            self.pending = Some(ask);
        }
        reply
    }

    fn undo(&mut self) -> Reply {
        let target = self
            .entries
            .iter()
            .rev()
            .find(|e| {
                e.event.undoable()
                    && !self.undone.contains(&e.seq)
                    && !self.skipped.contains(&e.seq)
            })
            .map(|e| (e.seq, e.event.clone()));
        let Some((seq, event)) = target else {
            return Reply::refused("there is nothing to undo");
        };
        let described = self.describe(&event, &self.state);
        let Some(log) = self.log.as_mut() else {
            return Reply::refused("this session is open read-only");
        };
        let value = match serde_json::to_value(Event::<G::Event>::Core(CoreEvent::Undone { seq })) {
            Ok(v) => v,
            Err(e) => return Reply::refused(e),
        };
        match log.append(&now(), value) {
            Ok(raw) => {
                self.entries.push(Entry {
                    seq: raw.seq,
                    at: raw.at,
                    event: Event::Core(CoreEvent::Undone { seq }),
                });
                self.replay();
                Reply::show(format!(
                    "undid  {described}\n{}",
                    render::standings(&self.scoreboard())
                ))
            }
            Err(e) => Reply::refused(format!("the log could not be written ({e})")),
        }
    }

    fn check(&mut self, args: &str) -> Reply {
        let words: Vec<&str> = args.split_whitespace().collect();
        if words.is_empty() {
            return Reply::refused("check needs words, e.g. check qi dont");
        }
        let mut verdicts = Vec::with_capacity(words.len());
        for w in words {
            match judge(&self.lexicon, &self.header.rules, w) {
                Ok(v) => verdicts.push(v),
                Err(e) => return Reply::refused(format!("{}: {e}", crate::render::printable(w))),
            }
        }
        let mut shown = vec![render::verdicts(&verdicts).to_string()];
        shown.extend(verdicts.iter().filter_map(|v| self.ruled_before(&v.word)));
        let ruling = Ruling {
            asked: "check".into(),
            player: None,
            round: round_of(&self.scoreboard()),
            rules: self.header.rules.describe(),
            words: verdicts,
            connected: None,
            faults: Vec::new(),
        };
        self.record_and_show(vec![Event::Core(CoreEvent::Ruled { ruling })], shown)
    }

    /// `fix ROUND VERB ARGS`: a correction of a closed round, recorded as an event of
    /// its own; the original entry stays in the log.
    fn fix(&mut self, args: &str) -> Reply {
        let usage = "fix needs ROUND VERB ARGS, e.g. fix 1 left bob QZ";
        let mut parts = args.trim().splitn(3, char::is_whitespace);
        let (Some(round), Some(verb)) = (parts.next(), parts.next()) else {
            return Reply::refused(usage);
        };
        let rest = parts.next().unwrap_or("").trim();
        let Ok(round) = round.parse::<u32>() else {
            return Reply::refused(format!(
                "{} is not a round number; {usage}",
                render::printable(round)
            ));
        };
        let verb = verb.to_ascii_lowercase();
        match G::correction(&self.view(), round, &verb, rest) {
            Ok(entry) => self.record_and_show(
                vec![Event::Core(CoreEvent::Corrected { round, entry })],
                vec![],
            ),
            Err(why) => Reply::refused(why),
        }
    }

    /// Earlier rulings on `word` in this session: "QI was ruled before: allowed
    /// (20:01, round 1, check)".
    fn ruled_before(&self, word: &str) -> Option<String> {
        self.entries.iter().rev().find_map(|e| match &e.event {
            Event::Core(CoreEvent::Ruled { ruling }) => {
                let v = ruling.words.iter().find(|v| v.word == word)?;
                let time = e.at.get(11..16).unwrap_or(&e.at);
                Some(format!(
                    "{word} was ruled before: {} ({time}, round {}, {})",
                    if v.allowed { "allowed" } else { "not allowed" },
                    ruling.round,
                    ruling.asked
                ))
            }
            _ => None,
        })
    }

    fn history(&self) -> String {
        let mut t = render::new(&["#", "at", "entry"]);
        for e in &self.entries {
            let mut text = self.describe(&e.event, &self.state);
            if self.undone.contains(&e.seq) {
                text.push_str("  (undone)");
            } else if self.skipped.contains(&e.seq) {
                text.push_str("  (skipped: no longer fits)");
            }
            t.add_row(vec![
                e.seq.to_string(),
                e.at.replace('T', " ").replace('Z', ""),
                text,
            ]);
        }
        if self.entries.is_empty() {
            return "nothing recorded yet".into();
        }
        t.to_string()
    }

    fn players_table(&self) -> String {
        let board = self.scoreboard();
        let mut t = render::new(&["seat", "player", "total"]);
        for (i, p) in board.players.iter().enumerate() {
            t.add_row(vec![
                (i + 1).to_string(),
                p.clone(),
                board.totals.get(i).copied().unwrap_or(0).to_string(),
            ]);
        }
        t.to_string()
    }

    fn export_verb(&self, args: &str) -> Reply {
        let mut parts = args.split_whitespace();
        let format = match parts.next() {
            None => Format::Md,
            Some(f) => match Format::parse(f) {
                Some(f) => f,
                None => {
                    return Reply::refused(format!(
                        "unknown export format {}: use json, csv, md or svg",
                        crate::render::printable(f)
                    ));
                }
            },
        };
        let text = match self.export(format) {
            Ok(t) => t,
            Err(e) => return Reply::refused(e),
        };
        match parts.next() {
            None => Reply::show(text),
            Some(file) => match std::fs::write(file, &text) {
                Ok(()) => Reply::show(format!("exported {} to {file}", format.name())),
                Err(e) => Reply::refused(format!("cannot write {file}: {e}")),
            },
        }
    }

    fn rulings_text(&self) -> String {
        let rulings = self.rulings();
        if rulings.is_empty() {
            return "no rulings yet".into();
        }
        let mut t = render::new(&["at", "round", "asked", "word", "verdict", "why"]);
        for (at, r) in &rulings {
            for v in &r.words {
                t.add_row(vec![
                    at.replace('T', " ").replace('Z', ""),
                    r.round.to_string(),
                    r.asked.clone(),
                    v.word.clone(),
                    if v.allowed { "allowed" } else { "not allowed" }.to_string(),
                    v.reason.clone(),
                ]);
            }
        }
        t.to_string()
    }
}

/// The round being played, for rulings: one past the closed rounds.
fn round_of(board: &Scoreboard) -> u32 {
    board.rounds.len() as u32 + 1
}

/// Applies one event of any kind to a state and roster.
fn apply<G: Game>(
    state: &mut G::State,
    roster: &mut Roster,
    options: &G::Options,
    event: &Event<G::Event>,
) -> Result<(), Refusal> {
    match event {
        Event::Game(e) => G::apply(state, options, roster, e),
        Event::Core(c) => match c {
            CoreEvent::Undone { .. } | CoreEvent::Noted { .. } | CoreEvent::Ruled { .. } => Ok(()),
            CoreEvent::PlayerJoined { name } => {
                roster.check_new(name)?;
                G::add_player(state)?;
                roster.push(name.clone());
                Ok(())
            }
            CoreEvent::PlayerRenamed { from, to } => {
                let i = roster.find(from)?;
                if !from.eq_ignore_ascii_case(to) {
                    roster.check_new(to)?;
                } else {
                    crate::games::check_name(to)?;
                }
                roster.rename(i, to.clone());
                Ok(())
            }
            CoreEvent::Corrected { round, entry } => {
                G::apply_correction(state, options, roster, *round, entry)
            }
        },
    }
}

impl<G: Game> Table for Session<G> {
    fn name(&self) -> &str {
        &self.header.name
    }

    fn game(&self) -> &'static str {
        G::NAME
    }

    fn prompt(&self) -> String {
        format!("{} {}", G::NAME, G::progress(&self.state))
    }

    fn banner(&self) -> String {
        format!(
            "{} {:?}: {}; {}; words: {}",
            G::NAME,
            self.header.name,
            self.roster.names().join(", "),
            G::describe_options(&self.header.options),
            self.header.rules.describe()
        )
    }

    fn verbs(&self) -> &'static [Verb] {
        G::verbs()
    }

    fn players(&self) -> Vec<String> {
        self.roster.names().to_vec()
    }

    fn words(&self) -> Vec<String> {
        let mut words = BTreeSet::new();
        for e in &self.entries {
            match &e.event {
                Event::Core(CoreEvent::Ruled { ruling }) => {
                    words.extend(ruling.words.iter().map(|v| v.word.to_ascii_lowercase()));
                }
                Event::Game(g) => words.extend(G::words(g)),
                _ => {}
            }
        }
        words.into_iter().collect()
    }

    fn warnings(&self) -> &[String] {
        &self.warnings
    }

    fn rules(&self) -> &Rules {
        &self.header.rules
    }

    fn run(&mut self, verb: &str, args: &str, block: Option<&[String]>) -> Reply {
        self.pending = None;
        match verb {
            "score" => {
                let board = self.scoreboard();
                let mut text = render::score(&board).to_string();
                text.push('\n');
                text.push_str(&match board.winner_names() {
                    Some(w) => format!("match over: {w} wins"),
                    None => board.status.clone(),
                });
                Reply::show(text)
            }
            "undo" => self.undo(),
            "fix" => self.fix(args),
            "chart" => Reply::show(crate::chart::text(&self.scoreboard(), 12)),
            "check" => self.check(args),
            "players" => Reply::show(self.players_table()),
            "define" => {
                let mut words = args.split_whitespace();
                match (words.next(), words.next()) {
                    (Some(w), None) => {
                        match crate::lexicon::define::describe(&self.lexicon, &self.header.rules, w)
                        {
                            Ok((text, _)) => Reply::show(text),
                            Err(e) => Reply::refused(format!("{}: {e}", render::printable(w))),
                        }
                    }
                    _ => Reply::refused("define takes one word, e.g. define qi"),
                }
            }
            "history" => Reply::show(self.history()),
            "rulings" => Reply::show(self.rulings_text()),
            "reveal" => match self.rulings().pop() {
                Some((at, r)) => Reply::show(format!(
                    "{} ({}, round {}):\n{}",
                    r.asked,
                    at.replace('T', " ").replace('Z', ""),
                    r.round,
                    render::ruling(&r)
                )),
                None => Reply::refused("there is no ruling to reveal yet"),
            },
            "export" => self.export_verb(args),
            "note" => {
                let text = args.trim();
                if text.is_empty() {
                    return Reply::refused("note needs some text, e.g. note carol arrived late");
                }
                self.record_and_show(
                    vec![Event::Core(CoreEvent::Noted { text: text.into() })],
                    vec![],
                )
            }
            "add" => {
                let mut parts = args.split_whitespace();
                match (parts.next(), parts.next()) {
                    (Some(name), None) => self.record_and_show(
                        vec![Event::Core(CoreEvent::PlayerJoined { name: name.into() })],
                        vec![],
                    ),
                    _ => Reply::refused("add takes one name, e.g. add dave"),
                }
            }
            "rename" => {
                let parts: Vec<&str> = args.split_whitespace().collect();
                let [from, to] = parts[..] else {
                    return Reply::refused(
                        "rename takes the old and the new name, e.g. rename bob robert",
                    );
                };
                let from = match self.roster.find(from) {
                    Ok(i) => self.roster.name(i).to_string(),
                    Err(e) => return Reply::refused(e),
                };
                self.record_and_show(
                    vec![Event::Core(CoreEvent::PlayerRenamed {
                        from,
                        to: to.into(),
                    })],
                    vec![],
                )
            }
            _ => match G::command(&self.view(), verb, args, block) {
                Ok(action) => self.run_action(action),
                Err(why) => Reply::refused(why),
            },
        }
    }

    fn pending(&self) -> Option<&str> {
        self.pending.as_ref().map(|a| a.question.as_str())
    }

    fn answer(&mut self, yes: bool) -> Reply {
        match self.pending.take() {
            None => Reply::show("there is no question to answer"),
            Some(_) if !yes => Reply::show("nothing recorded"),
            Some(ask) => self.record_and_show(ask.record, vec![]),
        }
    }

    fn scoreboard(&self) -> Scoreboard {
        G::scoreboard(&self.state, &self.header.options, &self.roster)
    }

    fn export(&self, format: Format) -> Result<String, String> {
        let data = export::Data {
            game: G::NAME,
            title: G::TITLE,
            name: &self.header.name,
            created: &self.header.created,
            options: serde_json::to_value(&self.header.options).unwrap_or(Value::Null),
            rules: self.header.rules.describe(),
            board: self.scoreboard(),
            rulings: self.rulings(),
            notes: self
                .entries
                .iter()
                .filter(|e| !self.undone.contains(&e.seq))
                .filter_map(|e| match &e.event {
                    Event::Core(CoreEvent::Noted { text }) => Some((e.at.clone(), text.clone())),
                    _ => None,
                })
                .collect(),
        };
        export::render(format, &data)
    }

    fn summary(&self) -> Summary {
        let board = self.scoreboard();
        Summary {
            name: self.header.name.clone(),
            game: G::NAME,
            players: self.roster.names().to_vec(),
            rounds: board.rounds.len(),
            last_change: self
                .entries
                .last()
                .map_or_else(|| self.header.created.clone(), |e| e.at.clone()),
            finished: board.finished,
            winner: board.winner_names(),
        }
    }

    fn rulings(&self) -> Vec<(String, Ruling)> {
        self.entries
            .iter()
            .filter_map(|e| match &e.event {
                Event::Core(CoreEvent::Ruled { ruling }) => Some((e.at.clone(), ruling.clone())),
                _ => None,
            })
            .collect()
    }
}
