//! `fix #N LINE`: entry N replaced by what LINE would have recorded at that point, in
//! every game. The replacement is tried first: the log is folded with it in N's place,
//! and if any later entry that counts today would no longer fit, the fix is refused
//! naming the first one and why, and nothing changes. Otherwise the correction is
//! recorded as an entry of its own (the original stays in the log, `undo` takes the
//! correction back), and the fold it was tried with becomes the table.

use super::entries;
use super::error::CoreError;
use super::fold::Counts;
use super::outcome::{Change, Outcome, Said, Told};
use super::session::Session;
use super::tally::{Replacement, Tally};
use crate::contract::event::{CoreEvent, Entry, Event};
use crate::contract::{Ctx, Game};
use crate::lexicon::Rules;
use crate::text::{printable, printable_text};

/// The table entry N met, taken from a fold.
struct Point<G: Game> {
    state: G::State,
    roster: crate::contract::Roster,
    rules: Rules,
    was: Told,
}

impl<G: Game> Session<G> {
    /// An example of a whole `fix #N LINE`, from the game's own first verb.
    pub(super) fn fix_example(&self) -> String {
        match G::verbs()
            .iter()
            .find(|v| !v.block && !v.example.is_empty())
        {
            Some(v) => format!("fix #7 {}", v.example),
            None => "fix #7 note carol arrived at nine".to_string(),
        }
    }

    /// `fix #N LINE`.
    pub(super) fn fix_entry(&mut self, number: &str, line: &str) -> Outcome {
        let example = self.fix_example();
        let Ok(seq) = number.parse::<u64>() else {
            return Outcome::refused(CoreError::NotAnEntryNumber {
                number: printable(number),
                example,
            });
        };
        let line = line.trim();
        let (verb, args) = match line.split_once(char::is_whitespace) {
            Some((v, a)) => (v.to_ascii_lowercase(), a.trim()),
            None => (line.to_ascii_lowercase(), ""),
        };
        if verb.is_empty() {
            return Outcome::refused(CoreError::FixUsage { example });
        }
        if let Err(why) = self.fixable(seq) {
            return Outcome::refused(why);
        }
        let Some(point) = self.point(seq) else {
            return Outcome::refused(CoreError::NoEntry {
                seq,
                last: self.game.entries.last().map_or(0, |e| e.seq),
            });
        };
        let with = match self.events_at(&point, &verb, args) {
            Ok(events) => events,
            Err(why) => {
                return Outcome::refused(CoreError::InPlaceOf {
                    seq,
                    was: told_text(&point.was),
                    why: Box::new(why),
                });
            }
        };
        // Try the log with the replacement in place.
        let mut trial = self.game.tally.clone();
        trial.replaced.insert(
            seq,
            Replacement {
                by: None,
                with: with.clone(),
            },
        );
        // What #seq counts as with the fix, said from the trial fold itself rather than
        // by folding the log a third time once it is recorded.
        let mut now = None;
        let folded = self.game.fold(&trial, None, |met| {
            if met.entry.seq == seq {
                now = Some(self.game.met_told(&met));
            }
        });
        if let Some((_, why)) = folded.skipped.iter().find(|(s, _)| *s == seq) {
            return Outcome::refused(CoreError::DoesNotFit {
                line: printable_text(line),
                seq,
                was: told_text(&point.was),
                why: printable_text(&why.message),
            });
        }
        if let Some((broken, why)) = folded
            .skipped
            .iter()
            .find(|(s, _)| !self.game.skipped.contains(s))
        {
            return Outcome::refused(CoreError::WouldBreak {
                seq,
                line: printable_text(line),
                broken: *broken,
                text: told_text(&self.game.entry_told(*broken)),
                why: printable_text(&why.message),
            });
        }
        let before = self.game.standings();
        let event = Event::Core(CoreEvent::Replaced {
            seq,
            line: line.to_string(),
            with,
        });
        let stamp = match self.journal.append(&event) {
            Ok(stamp) => stamp,
            Err(why) => return Outcome::refused(why),
        };
        self.game.entries.push(Entry {
            seq: stamp.seq,
            at: stamp.at,
            event,
        });
        self.game.tally = Tally::of(&self.game.entries);
        self.game.adopt(folded);
        let after = self.game.standings();
        Outcome::of(Said::Fixed {
            seq,
            was: point.was,
            now: now.unwrap_or(Told::Several { told: Vec::new() }),
            change: Change::between(&before, &after, None),
        })
    }

    /// Why entry `seq` cannot be fixed, if it cannot.
    fn fixable(&self, seq: u64) -> Result<(), CoreError> {
        let tally = &self.game.tally;
        let Some(entry) = self.game.entries.iter().find(|e| e.seq == seq) else {
            let last = self.game.entries.last().map_or(0, |e| e.seq);
            return Err(CoreError::NoEntry { seq, last });
        };
        match &entry.event {
            Event::Core(CoreEvent::Undone { seq: of }) => {
                Err(CoreError::FixOfUndo { seq, of: *of })
            }
            Event::Core(CoreEvent::Redone { seq: of }) => {
                Err(CoreError::FixOfRedo { seq, of: *of })
            }
            Event::Core(CoreEvent::Replaced { seq: of, .. }) => {
                Err(CoreError::FixOfFix { seq, of: *of })
            }
            _ if tally.undone.contains(&seq) => Err(CoreError::FixOfUndone { seq }),
            _ if tally.set_aside.contains_key(&seq) => Err(CoreError::FixOfSetAside { seq }),
            _ => Ok(()),
        }
    }

    /// The table entry `seq` met, and what it counts as now.
    fn point(&self, seq: u64) -> Option<Point<G>> {
        let mut found = None;
        // The fold stops at the entry after `seq`: what follows cannot change the point.
        let next = self
            .game
            .entries
            .iter()
            .skip_while(|e| e.seq != seq)
            .nth(1)
            .map(|e| e.seq);
        self.game.fold(&self.game.tally, next, |met| {
            if met.entry.seq == seq {
                let was = match met.counts {
                    Counts::Replaced(_) | Counts::Itself => self.game.met_told(&met),
                    _ => self.game.told(&met.entry.event, met.state, met.roster),
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
    ) -> Result<Vec<Event<G::Event>>, CoreError> {
        let round = G::progress(&self.game.scene_of(&point.state, &point.roster)).number;
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
                    options: &self.game.header.options,
                    roster: &point.roster,
                    lexicon: &self.lexicon,
                    rules: &point.rules,
                    script: true,
                };
                let action = G::command(&ctx, verb, args, None).map_err(CoreError::Game)?;
                if action.refused {
                    return Err(CoreError::RefusedThere {
                        verb: verb.to_string(),
                        args: printable_text(args),
                    });
                }
                action.record
            }
            _ => {
                return Err(CoreError::NotAnEntryVerb {
                    game: G::NAME,
                    verb: printable(verb),
                });
            }
        };
        if events.is_empty() {
            return Err(CoreError::RecordsNothing {
                verb: verb.to_string(),
                args: printable_text(args),
            });
        }
        Ok(events)
    }

    /// `args` with each word that names a player now spelt as that seat was named in
    /// `then`.
    fn names_then(&self, args: &str, then: &crate::contract::Roster) -> String {
        args.split_whitespace()
            .map(|word| {
                let seat = self
                    .game
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

/// An entry's sentence inside a refusal's one line, made printable.
fn told_text(told: &Told) -> String {
    printable_text(&told.to_string())
}
