//! `fix #N LINE`: entry N replaced by what LINE would have recorded at that point, in
//! every game. The replacement is tried first: the log is folded with it in N's place,
//! and if any later entry that counts today would no longer fit, the fix is refused
//! naming the first one and why, and nothing changes. Otherwise the correction is
//! recorded as an entry of its own (the original stays in the log, `undo` takes the
//! correction back), and the fold it was tried with becomes the table.

use super::any::Reply;
use super::entries;
use super::record::state_line;
use super::session::{Counts, Session};
use super::tally::{Replacement, Tally};
use crate::contract::event::{CoreEvent, Event};
use crate::contract::{Ctx, Game};
use crate::lexicon::Rules;
use crate::text::{printable, printable_text};

/// The table entry N met, taken from a fold.
struct Point<G: Game> {
    state: G::State,
    roster: crate::contract::Roster,
    rules: Rules,
    was: String,
}

impl<G: Game> Session<G> {
    /// `fix #N LINE`.
    pub(super) fn fix_entry(&mut self, number: &str, line: &str) -> Reply {
        let usage = "fix #N takes an entry's number (`history` shows it) and the line it should have been, e.g. fix #7 left bob QZ";
        let Ok(seq) = number.parse::<u64>() else {
            return Reply::refused(format!(
                "{} is not an entry number; {usage}",
                printable(number)
            ));
        };
        let line = line.trim();
        let (verb, args) = match line.split_once(char::is_whitespace) {
            Some((v, a)) => (v.to_ascii_lowercase(), a.trim()),
            None => (line.to_ascii_lowercase(), ""),
        };
        if verb.is_empty() {
            return Reply::refused(usage);
        }
        if let Err(why) = self.fixable(seq) {
            return Reply::refused(why);
        }
        let Some(point) = self.point(seq) else {
            return Reply::refused(format!("there is no entry #{seq}"));
        };
        let with = match self.events_at(&point, &verb, args) {
            Ok(events) => events,
            Err(why) => {
                return Reply::refused(format!(
                    "in place of #{seq} ({}), {}",
                    printable_text(&point.was),
                    why
                ));
            }
        };
        // Try the log with the replacement in place.
        let mut trial = self.tally.clone();
        trial.replaced.insert(
            seq,
            Replacement {
                by: None,
                with: with.clone(),
            },
        );
        // What #seq counts as with the fix, said from the trial fold itself rather than
        // by folding the log a third time once it is recorded.
        let mut now = String::new();
        let folded = self.fold(&trial, None, |met| {
            if met.entry.seq == seq {
                now = self.met_text(&met);
            }
        });
        if let Some((_, why)) = folded.skipped.iter().find(|(s, _)| *s == seq) {
            return Reply::refused(format!(
                "{} does not fit in place of #{seq} ({}): {}",
                printable_text(line),
                printable_text(&point.was),
                printable_text(why)
            ));
        }
        if let Some((broken, why)) = folded
            .skipped
            .iter()
            .find(|(s, _)| !self.skipped.contains(s))
        {
            return Reply::refused(format!(
                "with #{seq} as {}, #{broken} ({}) would no longer fit: {}",
                printable_text(line),
                printable_text(&self.entry_text(*broken)),
                printable_text(why)
            ));
        }
        let before = self.standings_now();
        let event = Event::Core(CoreEvent::Replaced {
            seq,
            line: line.to_string(),
            with,
        });
        if let Err(why) = self.append(event) {
            return Reply::refused(why);
        }
        self.tally = Tally::of(&self.entries);
        self.adopt(folded);
        let after = self.standings_now();
        Reply::show(format!(
            "fixed #{seq}: {} -> {}; {}",
            printable_text(&point.was),
            printable_text(&now),
            state_line(&before, &after, None)
        ))
    }

    /// Why entry `seq` cannot be fixed, if it cannot.
    fn fixable(&self, seq: u64) -> Result<(), String> {
        let Some(entry) = self.entries.iter().find(|e| e.seq == seq) else {
            let last = self.entries.last().map_or(0, |e| e.seq);
            return Err(format!(
                "there is no entry #{seq}: the entries are #1 to #{last} (`history` lists them)"
            ));
        };
        match &entry.event {
            Event::Core(CoreEvent::Undone { seq: of }) => Err(format!(
                "#{seq} is an undo of #{of}: `redo` puts #{of} back, `fix #{of}` changes it"
            )),
            Event::Core(CoreEvent::Redone { seq: of }) => {
                Err(format!("#{seq} is a redo of #{of}: `fix #{of}` changes it"))
            }
            Event::Core(CoreEvent::Replaced { seq: of, .. }) => {
                Err(format!("#{seq} is a fix of #{of}: fix #{of} again instead"))
            }
            _ if self.tally.undone.contains(&seq) => Err(format!(
                "#{seq} is undone: `redo` brings it back if it was the last undo"
            )),
            _ if self.tally.set_aside.contains_key(&seq) => {
                Err(format!("#{seq} is set aside and does not count"))
            }
            _ => Ok(()),
        }
    }

    /// The table entry `seq` met, and what it counts as now in words.
    fn point(&self, seq: u64) -> Option<Point<G>> {
        let mut found = None;
        // The fold stops at the entry after `seq`: what follows cannot change the point.
        let next = self
            .entries
            .iter()
            .skip_while(|e| e.seq != seq)
            .nth(1)
            .map(|e| e.seq);
        self.fold(&self.tally, next, |met| {
            if met.entry.seq == seq {
                let was = match met.counts {
                    Counts::Replaced(_) | Counts::Itself => self.met_text(&met),
                    _ => self.describe(&met.entry.event, met.state, met.roster),
                };
                found = Some(Point {
                    state: met.state.clone(),
                    roster: met.roster.clone(),
                    rules: met.rules.clone(),
                    was,
                });
            }
        });
        found
    }

    /// What `verb args` would have recorded at `point`: a game's verb, or an entry the
    /// core records itself.
    fn events_at(
        &self,
        point: &Point<G>,
        verb: &str,
        args: &str,
    ) -> Result<Vec<Event<G::Event>>, String> {
        let round = G::progress(&self.scene_of(&point.state, &point.roster)).number;
        // Players are typed as they are called now; at that point they may have been
        // called otherwise.
        let args = &self.names_then(args, &point.roster);
        let events = match verb {
            "note" => vec![entries::note(args)?],
            "add" => vec![entries::add(args)?],
            "rename" => vec![entries::rename(args, &point.roster)?],
            "allow" | "deny" => vec![entries::house(verb == "allow", args)?],
            "check" => {
                let ruling = entries::check(&self.lexicon, &point.rules, args, round)?;
                vec![Event::Core(CoreEvent::Ruled { ruling })]
            }
            _ if G::verbs().iter().any(|v| v.name == verb && !v.block) => {
                let ctx = Ctx {
                    state: &point.state,
                    options: &self.header.options,
                    roster: &point.roster,
                    lexicon: &self.lexicon,
                    rules: &point.rules,
                    script: true,
                };
                let action = G::command(&ctx, verb, args, None).map_err(|r| r.message)?;
                if action.refused {
                    return Err(format!(
                        "{verb} {} is refused there, so it cannot stand in the entry's place",
                        printable_text(args)
                    ));
                }
                action.record
            }
            _ => {
                return Err(format!(
                    "fix #N takes a line that records an entry (a {} verb, note, add, rename, check, allow or deny), not {}",
                    G::NAME,
                    printable(verb)
                ));
            }
        };
        if events.is_empty() {
            return Err(format!(
                "{verb} {} records nothing, so it cannot stand in the entry's place",
                printable_text(args)
            ));
        }
        Ok(events)
    }

    /// `args` with each word that names a player now spelt as that seat was named in
    /// `then`.
    fn names_then(&self, args: &str, then: &crate::contract::Roster) -> String {
        args.split_whitespace()
            .map(|word| {
                let seat = self
                    .roster
                    .names()
                    .iter()
                    .position(|n| crate::contract::same_name(n, word));
                match seat {
                    Some(i) if i < then.len() => then.name(i).to_string(),
                    _ => word.to_string(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}
