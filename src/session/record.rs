//! Recording: every event is checked against a copy of the state, written and fsynced,
//! and only then counts. Undo is an event too.

use super::any::Reply;
use super::session::Pending;
use super::session::{Session, apply};
use crate::contract::event::{CoreEvent, Entry, Event};
use crate::contract::{Action, Game, Shown};
use crate::render;

impl<G: Game> Session<G> {
    /// Records events one by one. Returns what was recorded, in words; on a refusal or
    /// a write that failed, what was recorded before it and why it stopped.
    pub(super) fn record(
        &mut self,
        events: Vec<Event<G::Event>>,
    ) -> Result<Vec<String>, (Vec<String>, String)> {
        let mut done = Vec::new();
        for event in events {
            let mut state = self.state.clone();
            let mut roster = self.roster.clone();
            if let Err(why) = apply::<G>(&mut state, &mut roster, &self.header.options, &event) {
                return Err((done, why.message));
            }
            let described = self.describe(&event, &self.state, &self.roster);
            if let Err(why) = self.append(event) {
                return Err((done, why));
            }
            self.state = state;
            self.roster = roster;
            done.push(described);
        }
        Ok(done)
    }

    /// Writes one event to the log; it is in memory only once it is on disk.
    fn append(&mut self, event: Event<G::Event>) -> Result<(), String> {
        let Some(log) = self.log.as_mut() else {
            return Err("this session is open read-only".into());
        };
        let value = serde_json::to_value(&event).map_err(|e| e.to_string())?;
        let raw = log
            .append(&super::now(), value)
            .map_err(|e| format!("the log could not be written ({e})"))?;
        self.entries.push(Entry {
            seq: raw.seq,
            at: raw.at,
            event,
        });
        Ok(())
    }

    /// Shows `shown`, records the events, then says what was recorded: each entry on
    /// one line with its player's standing, and the whole score table when a round
    /// (or hand) closes or the match ends. A ruling is not announced: the verdicts shown
    /// are its record.
    pub(super) fn record_and_show(
        &mut self,
        events: Vec<Event<G::Event>>,
        shown: Vec<String>,
    ) -> Reply {
        let before = self.standings_now();
        let players: Vec<Option<String>> = events
            .iter()
            .map(|e| match e {
                Event::Game(g) => G::player(g).map(str::to_string),
                _ => None,
            })
            .collect();
        let announced: Vec<bool> = events
            .iter()
            .map(|e| !matches!(e, Event::Core(CoreEvent::Ruled { .. })))
            .collect();
        let mut text = shown;
        let (done, failure) = match self.record(events) {
            Ok(done) => (done, None),
            Err((done, why)) => (done, Some(why)),
        };
        let after = self.standings_now();
        let closed = after.played() > before.played() && after.periods.is_some();
        let ended = after.finished && !before.finished;
        for ((d, announce), player) in done.iter().zip(&announced).zip(&players) {
            if !announce {
                continue;
            }
            let line = format!("recorded  {}", crate::text::printable_text(d));
            match player
                .as_deref()
                .and_then(|p| render::player_line(&after, p))
            {
                Some(standing) if !closed && !ended => text.push(format!("{line}   ({standing})")),
                _ => text.push(line),
            }
        }
        match failure {
            None => {
                if closed || ended {
                    text.push(render::score(&after));
                }
                if let Some(line) = after.result_line().filter(|_| ended) {
                    text.push(line);
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

    pub(super) fn run_action(&mut self, action: Action<G::Event>) -> Reply {
        let Action {
            record,
            show,
            then,
            ask,
            refused,
        } = action;
        let show: Vec<String> = show
            .into_iter()
            .map(|s| match s {
                Shown::Text(t) => t,
                Shown::Ruling(r) => render::ruling(&r),
            })
            .collect();
        let mut reply = if record.is_empty() {
            Reply::show(show.join("\n"))
        } else {
            self.record_and_show(record, show)
        };
        // What follows from the events is said only once they are in the log.
        if !reply.refused {
            for line in then {
                if !reply.text.is_empty() {
                    reply.text.push('\n');
                }
                reply.text.push_str(&line);
            }
        }
        reply.refused |= refused;
        if let Some(ask) = ask
            && !reply.refused
        {
            reply.ask = Some(ask.question.clone());
            self.pending = Some(Pending::Record(ask));
        }
        reply
    }

    /// Takes back the last entry that counts, described against the state it was
    /// recorded in. Events skipped on replay are passed over; one that fits again once
    /// this entry is gone is said, never brought back silently.
    pub(super) fn undo(&mut self, after_refusal: bool) -> Reply {
        let Some(seq) = self.undo_target() else {
            return Reply::refused("there is nothing to undo");
        };
        // Right after a refused line, `undo` would take back the entry before it, which
        // is rarely what was meant: at a terminal, ask first.
        if after_refusal && !self.script {
            let question = format!(
                "the last line was refused; undo entry {seq} ({}) instead?",
                crate::text::printable_text(&self.entry_text(seq))
            );
            self.pending = Some(Pending::Undo {
                seq,
                question: question.clone(),
            });
            return Reply {
                text: String::new(),
                refused: false,
                ask: Some(question),
            };
        }
        self.undo_seq(seq)
    }

    /// The entry `undo` would take back.
    pub(super) fn undo_target(&self) -> Option<u64> {
        self.entries
            .iter()
            .rev()
            .find(|e| {
                e.event.undoable()
                    && !self.undone.contains(&e.seq)
                    && !self.skipped.contains(&e.seq)
            })
            .map(|e| e.seq)
    }

    /// Takes back entry `seq`.
    pub(super) fn undo_seq(&mut self, seq: u64) -> Reply {
        let described = self.entry_text(seq);
        let was_skipped = self.skipped.clone();
        if let Err(why) = self.append(Event::Core(CoreEvent::Undone { seq })) {
            return Reply::refused(why);
        }
        let now_skipped = self.replay();
        let mut lines = vec![format!("undid  {described}")];
        for back in was_skipped.difference(&self.skipped) {
            lines.push(format!(
                "entry {back} fits again now and counts: {}",
                self.entry_text(*back)
            ));
        }
        for (seq, why) in now_skipped {
            if !was_skipped.contains(&seq) {
                lines.push(format!("entry {seq} no longer fits ({why}) and is skipped"));
            }
        }
        lines.push(render::standings(&self.standings_now()));
        Reply::show(lines.join("\n"))
    }

    /// One entry in words, against the state it met.
    pub(super) fn entry_text(&self, seq: u64) -> String {
        let mut text = String::new();
        self.fold(None, |entry, state, roster| {
            if entry.seq == seq {
                text = self.describe(&entry.event, state, roster);
            }
        });
        text
    }
}
