//! Recording: every event is checked against a copy of the state, written and fsynced,
//! and only then counts. Undo is an event too.

use super::any::Reply;
use super::session::{Counts, Met, Session, apply};
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
            let mut rules = self.rules.clone();
            if let Err(why) = apply::<G>(
                &mut state,
                &mut roster,
                &mut rules,
                &self.header.options,
                &event,
            ) {
                return Err((done, why.message));
            }
            let described = self.describe(&event, &self.state, &self.roster);
            if let Err(why) = self.append(event) {
                return Err((done, why));
            }
            self.state = state;
            self.roster = roster;
            self.rules = rules;
            done.push(described);
        }
        Ok(done)
    }

    /// Writes one event to the log; it is in memory only once it is on disk.
    pub(super) fn append(&mut self, event: Event<G::Event>) -> Result<(), String> {
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
        // A correction of a closed round is followed by its player's standing too: the
        // table wants the total it leaves, as after the entry it corrects.
        let players: Vec<Option<(String, Option<u32>)>> = events
            .iter()
            .map(|e| match e {
                Event::Game(g) => G::player(g).map(|p| (p.to_string(), None)),
                Event::Core(CoreEvent::Corrected { round, entry }) => {
                    G::player(entry).map(|p| (p.to_string(), Some(*round)))
                }
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
                .as_ref()
                .and_then(|(p, round)| render::player_line(&after, p, *round))
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
        // A word the table is about to penalise after it was ruled allowed: at a
        // terminal, ask first; a script records it and says so.
        let allowed_before: Vec<String> = record
            .iter()
            .filter_map(|e| match e {
                Event::Game(g) => G::ruling(g, &self.scene()),
                _ => None,
            })
            .flat_map(|r| r.words.into_iter().filter(|v| !v.allowed))
            .filter_map(|v| self.ruled_allowed(&v.word))
            .collect();
        if !allowed_before.is_empty() && !self.script && ask.is_none() && !refused {
            let question = format!("{}; record anyway?", allowed_before.join("; "));
            self.pending = Some(crate::contract::Ask {
                question: question.clone(),
                record,
            });
            return Reply {
                text: String::new(),
                refused: false,
                ask: Some(question),
            };
        }
        let mut show = show;
        if !allowed_before.is_empty() {
            show.push(Shown::Text(format!(
                "({}; recorded all the same: a script is not asked)",
                allowed_before.join("; ")
            )));
        }
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
            self.pending = Some(ask);
        }
        reply
    }

    /// Takes back the last entry that counts and says, in one line, what it took back
    /// and where that leaves the table. Right after a refused line it says so too: the
    /// refused line recorded nothing, so this is the entry before it.
    pub(super) fn undo(&mut self, after_refusal: bool) -> Reply {
        let Some(seq) = self.undo_target() else {
            return Reply::refused("there is nothing to undo");
        };
        let refused_before = if after_refusal {
            "; the refused line before it recorded nothing"
        } else {
            ""
        };
        self.step(
            Event::Core(CoreEvent::Undone { seq }),
            seq,
            "undid",
            refused_before,
        )
    }

    /// Puts back what the last undo took, while nothing has been recorded since.
    pub(super) fn redo(&mut self) -> Reply {
        match self.redo_target() {
            Ok(seq) => self.step(Event::Core(CoreEvent::Redone { seq }), seq, "redid", ""),
            Err(why) => Reply::refused(why),
        }
    }

    /// The entry `undo` would take back: the last one that counts.
    pub(super) fn undo_target(&self) -> Option<u64> {
        self.entries
            .iter()
            .rev()
            .find(|e| {
                e.event.is_entry()
                    && !self.tally.undone.contains(&e.seq)
                    && !self.tally.set_aside.contains_key(&e.seq)
                    && !self.skipped.contains(&e.seq)
            })
            .map(|e| e.seq)
    }

    /// The entry `redo` would bring back: the latest one undone by the undos and redos
    /// that end the log. Anything else recorded after them ends what can be redone.
    fn redo_target(&self) -> Result<u64, &'static str> {
        let mut any_undo = false;
        for e in self.entries.iter().rev() {
            match &e.event {
                Event::Core(CoreEvent::Undone { seq }) => {
                    any_undo = true;
                    if self.tally.undone.contains(seq) && !self.tally.set_aside.contains_key(&e.seq)
                    {
                        return Ok(*seq);
                    }
                }
                Event::Core(CoreEvent::Redone { .. }) => {}
                _ if any_undo => break,
                _ => {
                    return Err(
                        "there is nothing to redo: redo puts back what the last undo took, before anything else is recorded",
                    );
                }
            }
        }
        Err(if any_undo {
            "there is nothing more to redo: every undo since the last entry is redone"
        } else {
            "there is nothing to redo: redo puts back what the last undo took, before anything else is recorded"
        })
    }

    /// Records an undo or a redo of entry `seq` and says what it did in one line, with
    /// the table it leaves; entries that fit again, or no longer fit, are said too.
    fn step(&mut self, event: Event<G::Event>, seq: u64, did: &str, also: &str) -> Reply {
        let described = self.entry_text(seq);
        let who = self.entry_player(seq);
        let before = self.standings_now();
        let was_skipped = self.skipped.clone();
        if let Err(why) = self.append(event) {
            return Reply::refused(why);
        }
        let now_skipped = self.replay();
        let after = self.standings_now();
        let mut lines = vec![format!(
            "{did} #{seq} {}; {}{also}",
            crate::text::printable_text(&described),
            state_line(&before, &after, who.as_deref())
        )];
        for back in was_skipped.difference(&self.skipped) {
            lines.push(format!(
                "entry {back} fits again now and counts: {}",
                crate::text::printable_text(&self.entry_text(*back))
            ));
        }
        for (seq, why) in now_skipped {
            if !was_skipped.contains(&seq) {
                lines.push(format!(
                    "entry {seq} no longer fits ({}) and is skipped",
                    crate::text::printable_text(&why)
                ));
            }
        }
        Reply::show(lines.join("\n"))
    }

    /// One entry in words, against the table it met: what it counts as (its fix, when
    /// one stands), or what it was.
    pub(super) fn entry_text(&self, seq: u64) -> String {
        let mut text = String::new();
        self.fold(&self.tally, None, |met| {
            if met.entry.seq == seq {
                text = self.met_text(&met);
            }
        });
        text
    }

    /// What an entry met by a fold says: its replacement's events when a fix stands,
    /// else the entry itself.
    pub(super) fn met_text(&self, met: &Met<'_, G>) -> String {
        match &met.counts {
            Counts::Replaced(r) => r
                .with
                .iter()
                .map(|e| self.describe(e, met.state, met.roster))
                .collect::<Vec<_>>()
                .join("; "),
            _ => self.describe(&met.entry.event, met.state, met.roster),
        }
    }

    /// The player an entry is about, by the name they have now.
    pub(super) fn entry_player(&self, seq: u64) -> Option<String> {
        let entry = self.entries.iter().find(|e| e.seq == seq)?;
        let events = match self.tally.replaced.get(&seq) {
            Some(r) => r.with.clone(),
            None => vec![entry.event.clone()],
        };
        let name = events.iter().find_map(|e| match e {
            Event::Game(g) => G::player(g).map(str::to_string),
            Event::Core(CoreEvent::PlayerJoined { name, .. }) => Some(name.clone()),
            Event::Core(CoreEvent::PlayerRenamed { to, .. }) => Some(to.clone()),
            _ => None,
        })?;
        // A rename since then: the seat's name now.
        let mut seat = None;
        self.fold(&self.tally, None, |met| {
            if met.entry.seq == seq {
                seat = met.roster.find(&name).ok();
            }
        });
        Some(seat.map_or(name, |i| self.roster.name(i).to_string()))
    }
}

/// Where an undo, redo or fix leaves the table, in words: the player's standing when the
/// entry was about one, else whose totals changed, else that none did.
pub(super) fn state_line(
    before: &crate::contract::Standings,
    after: &crate::contract::Standings,
    player: Option<&str>,
) -> String {
    let totals = totals_line(before, after, player);
    // A correction can end the game or match, or open it again: say which.
    match (before.result_line(), after.result_line()) {
        (was, Some(now)) if was.as_ref() != Some(&now) => format!("{totals}; {now}"),
        (Some(_), None) => {
            let what = if after.periods.is_some() {
                "match"
            } else {
                "game"
            };
            format!("{totals}; the {what} is no longer over")
        }
        _ => totals,
    }
}

fn totals_line(
    before: &crate::contract::Standings,
    after: &crate::contract::Standings,
    player: Option<&str>,
) -> String {
    if let Some(line) = player.and_then(|p| render::player_line(after, p, None)) {
        return format!("now {line}");
    }
    let changed: Vec<String> = after
        .players
        .iter()
        .enumerate()
        .filter_map(|(i, name)| {
            let now = after.running.get(i).copied().unwrap_or(0);
            let was = before
                .players
                .iter()
                .position(|p| p == name)
                .and_then(|j| before.running.get(j).copied());
            match was {
                Some(was) if was == now => None,
                Some(was) => Some(format!(
                    "{} {was} -> {now}",
                    crate::text::printable_text(name)
                )),
                None => Some(format!("{} {now}", crate::text::printable_text(name))),
            }
        })
        .collect();
    if changed.is_empty() {
        "totals unchanged".to_string()
    } else {
        format!("totals now {}", changed.join(", "))
    }
}
