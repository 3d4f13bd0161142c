//! Recording: every event is tried on a copy of the table, written and fsynced by the
//! journal, and only then counts. Undo and redo are entries too. What happened is
//! reported as an [`Outcome`], never as text.

use crate::contract::event::{CoreEvent, Event};
use crate::contract::{Action, Ask, Game, Refusal, Shown};
use crate::session::error::CoreError;
use crate::session::face::desk::{Desk, Pending};
use crate::session::face::outcome::Told;
use crate::session::face::outcome::{
    Change, Earlier, Outcome, Question, Recorded, Revision, Said, Standing, Stepped,
};
use crate::session::record::Session;

/// The entries recorded, each with what it records.
type Done = Vec<(u64, Told)>;

/// The one game entry an outcome recorded, said as the line was typed
/// (`Prompt::said_back`).
pub(in crate::session) fn said_as(outcome: &mut Outcome, text: String) {
    if let Some(Said::Recorded(Recorded { told, .. })) = outcome.said.iter_mut().find(|s| {
        matches!(
            s,
            Said::Recorded(Recorded {
                told: Told::Game { .. },
                ..
            })
        )
    }) {
        *told = Told::Game { text };
    }
}

impl<G: Game> Session<G> {
    /// Records events one by one. Returns each entry recorded and what it records; on
    /// a refusal or a write that failed, what was recorded before it and why it
    /// stopped.
    pub(in crate::session) fn record(
        &mut self,
        events: Vec<Event<G::Event>>,
    ) -> Result<Done, (Done, Refusal)> {
        let mut done = Vec::new();
        for event in events {
            let tried = match self.fold.try_event(&event) {
                Ok(tried) => tried,
                Err(why) => return Err((done, why)),
            };
            let told = self.fold.told(&event, &self.fold.state, &self.fold.roster);
            let stamp = match self.journal.append(&event, self.by, self.line.as_deref()) {
                Ok(stamp) => stamp,
                Err(why) => return Err((done, why.into())),
            };
            let seq = stamp.seq;
            self.fold.accept(&stamp, &event, tried);
            done.push((seq, told));
        }
        Ok(done)
    }

    /// Says `said`, records the events, then says what was recorded: each entry with
    /// its player's standing, and the whole standings when a round (or hand) closes or
    /// the match ends. A ruling is not announced: the verdicts said are its record.
    pub(in crate::session) fn record_and_say(
        &mut self,
        events: Vec<Event<G::Event>>,
        said: Vec<Said>,
    ) -> Outcome {
        let before = self.fold.standings();
        let players: Vec<Option<String>> = events
            .iter()
            .map(|e| match e {
                Event::Game(g) => G::player(g).map(str::to_string),
                Event::Core(_) => None,
            })
            .collect();
        let announced: Vec<bool> = events
            .iter()
            .map(|e| !matches!(e, Event::Core(CoreEvent::Ruled { .. })))
            .collect();
        let mut said = said;
        let (done, failure) = match self.record(events) {
            Ok(done) => (done, None),
            Err((done, why)) => (done, Some(why)),
        };
        let after = self.fold.standings();
        let closed = after.played() > before.played() && after.periods.is_some();
        let ended = after.finished && !before.finished;
        let nothing_changed = done.is_empty();
        for (((seq, told), announce), player) in done.into_iter().zip(&announced).zip(&players) {
            if !announce {
                continue;
            }
            let standing = match player {
                Some(p) if !closed && !ended => Standing::of(&after, p, None),
                _ => None,
            };
            said.push(Said::Recorded(Recorded {
                seq,
                told,
                standing,
                moved: Vec::new(),
            }));
        }
        match failure {
            None => {
                said_at_close(&mut said, after, closed, ended);
                Outcome {
                    said,
                    refused: false,
                    question: None,
                }
            }
            Some(why) => {
                said.push(Said::Refused {
                    refusal: why,
                    nothing_changed,
                });
                Outcome {
                    said,
                    refused: true,
                    question: None,
                }
            }
        }
    }

    /// What a game's command came to, carried out: shown, recorded, followed by what
    /// follows from it, or put as a question to `desk`.
    pub(in crate::session) fn run_action(
        &mut self,
        desk: &mut Desk,
        action: Action<G::Event>,
    ) -> Outcome {
        let Action {
            record,
            show,
            then,
            ask,
            refused,
        } = action;
        // A word the table is about to penalise after it was ruled allowed: at a
        // terminal, ask first; a script records it and says so.
        let earlier: Vec<Earlier> = record
            .iter()
            .filter_map(|e| match e {
                Event::Game(g) => G::ruling(g, &self.fold.scene()),
                _ => None,
            })
            .flat_map(|r| r.words.into_iter().filter(|v| !v.allowed))
            .filter_map(|v| self.ruled_allowed(&v.word))
            .collect();
        if !earlier.is_empty() && !desk.script() && ask.is_none() && !refused {
            let question = Question::AllowedBefore { earlier };
            desk.pending = Some(Pending {
                question: question.clone(),
                record: Box::new(record),
                after: then,
                then: None,
                choices: Vec::new(),
                asked_at: self.last_entry(),
            });
            return Outcome {
                said: Vec::new(),
                refused: false,
                question: Some(question),
            };
        }
        let mut said: Vec<Said> = show
            .into_iter()
            .map(|s| match s {
                Shown::Text(text) => Said::Line { text },
                Shown::Ruling(ruling) => Said::Ruling { ruling },
            })
            .collect();
        if !earlier.is_empty() {
            said.push(Said::RecordedAnyway { earlier });
        }
        let mut outcome = if record.is_empty() {
            Outcome {
                said,
                ..Outcome::default()
            }
        } else {
            self.record_and_say(record, said)
        };
        // What follows from the events is said only once they are in the log.
        if !outcome.refused {
            outcome
                .said
                .extend(then.into_iter().map(|text| Said::Line { text }));
        }
        outcome.refused |= refused;
        if let Some(ask) = ask
            && !outcome.refused
        {
            self.put(desk, &mut outcome, ask);
        }
        outcome
    }

    /// A refused line's refusal as the game says it once it has seen the open period's
    /// entries (`Prompt::mend`): pointing at the entry that explains it. Worked out
    /// only for a refusal, so a line that records costs nothing more.
    pub(in crate::session) fn mended(
        &self,
        verb: &str,
        args: &str,
        mut outcome: Outcome,
    ) -> Outcome {
        if !G::MENDS || !outcome.refused {
            return outcome;
        }
        let revisions = self.fold.revisions_of_log();
        let open = G::closed(&self.fold.state) + 1;
        let events = self.fold.game_events_of(&revisions, open);
        let entries: Vec<(u64, &G::Event)> = events.iter().map(|(seq, e)| (*seq, e)).collect();
        let scene = self.fold.scene();
        for said in &mut outcome.said {
            if let Said::Refused { refusal, .. } = said
                && let Some(better) = G::mend(&scene, verb, args, refusal, &entries)
            {
                *refusal = better;
            }
        }
        outcome
    }

    /// The number of the log's last entry (0 in a log of none): what a question
    /// remembers of the table it was asked of.
    pub(in crate::session) fn last_entry(&self) -> u64 {
        self.fold.entries.last_seq().unwrap_or(0)
    }

    /// The answer to the question waiting at `desk`: a yes records what it offered.
    pub(in crate::session) fn answer_at(&mut self, desk: &mut Desk, yes: bool) -> Outcome {
        let Some(pending) = desk.pending.take() else {
            return Outcome::of(Said::NoQuestion);
        };
        // Another front end recorded since the question was put: the table it was
        // asked of is gone, and a yes would record against the one there now.
        let last = self.last_entry();
        if last != pending.asked_at {
            return Outcome {
                said: vec![Said::Lapsed {
                    question: pending.question,
                    seq: last,
                    told: self.fold.entry_told(last),
                    yes,
                }],
                refused: yes,
                question: None,
            };
        }
        let mut outcome = if !yes {
            Outcome::of(Said::Declined)
        } else {
            let mut outcome = match pending.record.downcast::<Vec<Event<G::Event>>>() {
                Ok(events) => self.record_and_say(*events, Vec::new()),
                Err(other) => {
                    match other.downcast::<crate::session::record::fix::Carry<G::Event>>() {
                        Ok(carry) => self.carry_out(*carry),
                        // A question put by another session's game: nothing here to record.
                        Err(_) => return Outcome::of(Said::NoQuestion),
                    }
                }
            };
            // What follows from a yes is said once it is in the log, as after a line
            // that records without asking (whose deal the next hand is).
            if !outcome.refused {
                outcome
                    .said
                    .extend(pending.after.into_iter().map(|text| Said::Line { text }));
            }
            outcome
        };
        // The question the game put next, whatever this answer was (unless recording
        // it failed).
        if let Some(next) = pending.then
            && !outcome.refused
            && let Ok(next) = next.downcast::<Ask<G::Event>>()
        {
            self.put(desk, &mut outcome, *next);
        }
        outcome
    }

    /// Puts the game's question to the desk: what a yes records, the other answers the
    /// game takes for it (the joker's other card), and the question asked next.
    fn put(&self, desk: &mut Desk, outcome: &mut Outcome, ask: Ask<G::Event>) {
        let question = Question::Game { text: ask.question };
        outcome.question = Some(question.clone());
        let offered: Vec<G::Event> = ask
            .record
            .iter()
            .filter_map(|e| match e {
                Event::Game(g) => Some(g.clone()),
                Event::Core(_) => None,
            })
            .collect();
        let choices = G::answers(&self.fold.scene(), &offered)
            .into_iter()
            .map(|(word, events)| {
                // An answer that records what a yes records is a yes in other words.
                if events == offered {
                    return (
                        word,
                        Box::new(crate::session::face::desk::SameAsYes)
                            as Box<dyn std::any::Any + Send>,
                    );
                }
                let record: Vec<Event<G::Event>> = events.into_iter().map(Event::Game).collect();
                (word, Box::new(record) as Box<dyn std::any::Any + Send>)
            })
            .collect();
        desk.pending = Some(Pending {
            question,
            record: Box::new(ask.record),
            after: ask.after,
            then: ask
                .then
                .map(|next| Box::new(*next) as Box<dyn std::any::Any + Send>),
            choices,
            asked_at: self.last_entry(),
        });
    }

    /// Takes back the last entry that counts and says what it took back and where that
    /// leaves the table. Right after a refused line it says so too: the refused line
    /// recorded nothing, so this is the entry before it.
    pub(in crate::session) fn undo(&mut self, after_refusal: bool) -> Outcome {
        let Some(seq) = self.fold.undo_target() else {
            return Outcome::refused(CoreError::NothingToUndo);
        };
        self.step(
            Event::Core(CoreEvent::Undone { seq }),
            seq,
            Revision::Undo,
            after_refusal,
        )
    }

    /// Puts back what the last undo took, while nothing has been recorded since.
    pub(in crate::session) fn redo(&mut self) -> Outcome {
        match self.fold.redo_target() {
            Ok(seq) => self.step(
                Event::Core(CoreEvent::Redone { seq }),
                seq,
                Revision::Redo,
                false,
            ),
            Err(why) => Outcome::refused(why),
        }
    }

    /// Records an undo or a redo of entry `seq` and says what it did, with the table it
    /// leaves; entries that fit again, or no longer fit, are said too.
    fn step(
        &mut self,
        event: Event<G::Event>,
        seq: u64,
        step: Revision,
        after_refusal: bool,
    ) -> Outcome {
        let told = self.fold.entry_told(seq);
        let who = self.fold.entry_player(seq);
        let before = self.fold.standings();
        let was = G::situation(&self.fold.scene());
        let was_skipped = self.fold.skipped.clone();
        let stamp = match self.journal.append(&event, self.by, self.line.as_deref()) {
            Ok(stamp) => stamp,
            Err(why) => return Outcome::refused(why),
        };
        let now_skipped = self.fold.step(&stamp, &event);
        let after = self.fold.standings();
        let change = Change::between(&before, &after, who.as_deref());
        // Where the table stands, when that moved and the player's standing does not
        // already say it.
        let now = Some(G::situation(&self.fold.scene()))
            .filter(|now| change.standing.is_none() && *now != was)
            .unwrap_or_default();
        let mut said = vec![Said::Stepped(Stepped {
            step,
            seq,
            told,
            change,
            after_refusal,
            now,
        })];
        for back in was_skipped.difference(&self.fold.skipped) {
            said.push(Said::FitsAgain {
                seq: *back,
                told: self.fold.entry_told(*back),
            });
        }
        for (seq, why) in now_skipped {
            if !was_skipped.contains(&seq) {
                said.push(Said::NoLongerFits { seq, why });
            }
        }
        Outcome {
            said,
            refused: false,
            question: None,
        }
    }
}

/// What follows the entries of a line that closed a round or hand (`closed`) or ended
/// the match (`ended`): the standings in full, then, at the end, who won.
pub(in crate::session) fn said_at_close(
    said: &mut Vec<Said>,
    after: crate::contract::Standings,
    closed: bool,
    ended: bool,
) {
    let won = after.won().filter(|_| ended);
    if closed || ended {
        said.push(Said::Closed { standings: after });
    }
    if let Some(won) = won {
        said.push(Said::Ended(won));
    }
}
