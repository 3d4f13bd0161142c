//! `fix #N LINE`: entry N replaced by what LINE would have recorded at that point, in
//! every game. The replacement is tried first: the log is folded with it in N's place,
//! and if any later entry that counts today would no longer fit, the fix is refused
//! naming the first one and why, and nothing changes. Otherwise the correction is
//! recorded as an entry of its own (the original stays in the log, `undo` takes the
//! correction back), and the fold it was tried with becomes the table.

use crate::contract::event::{CoreEvent, Corrects, Event, Part};
use crate::contract::{Ctx, Game};
use crate::lexicon::Rules;
use crate::session::error::CoreError;
use crate::session::face::desk::{Desk, Pending};
use crate::session::face::outcome::{
    CarriedInto, Change, Outcome, Question, Recorded, Said, Standing, Told,
};
use crate::session::fold::revisions::Revisions;
use crate::session::fold::{Counts, Fold, Folded, Placing, Span};
use crate::session::record::Session;
use crate::session::record::entries;
use crate::text::{printable, printable_text};

/// A line typed where an entry was: the table it met there, and what it records.
type Typed<G> = (Point<G>, Vec<Event<<G as crate::contract::Engine>::Event>>);

/// The table entry N met, taken from a fold.
struct Point<G: Game> {
    state: G::State,
    roster: crate::contract::Roster,
    rules: Rules,
    was: Told,
}

impl<G: Game> Session<G> {
    /// An example of a whole `fix #N LINE`, from the game's own first verb.
    pub(in crate::session) fn fix_example(&self) -> String {
        match G::verbs()
            .iter()
            .find(|v| !v.block && !v.example.is_empty())
        {
            Some(v) => format!("fix #7 {}", v.example),
            None => "fix #7 note carol arrived at nine".to_string(),
        }
    }

    /// `fix #N LINE`. When the fix would break later entries that used what entry N
    /// held, and the game can carry the change into them, a person is asked whether
    /// to fix those too (`desk`); a script is refused as before.
    pub(in crate::session) fn fix_entry(
        &mut self,
        desk: &mut Desk,
        number: &str,
        line: &str,
    ) -> Outcome {
        let parts = split_parts(line, G::FIXES);
        if parts.len() > 1 {
            let first = format!("{number} {}", parts[0]);
            let all: Vec<&str> = std::iter::once(first.as_str())
                .chain(parts[1..].iter().copied())
                .collect();
            return self.fix_several(&all);
        }
        let example = self.fix_example();
        let Ok(seq) = number.parse::<u64>() else {
            return Outcome::refused(CoreError::NotAnEntryNumber {
                number: printable(number),
                example,
            });
        };
        let line = line.trim();
        if line.is_empty() {
            return Outcome::refused(CoreError::FixUsage { example });
        }
        if let Err(why) = self.fixable(seq) {
            return Outcome::refused(why);
        }
        let (point, with) = match self.typed_at(&self.fold.revisions, seq, line) {
            Ok(typed) => typed,
            Err(why) => return Outcome::refused(why),
        };
        let (folded, now) = match self.try_replacement(seq, &point.was, line, &with) {
            Ok(tried) => tried,
            Err(why @ CoreError::WouldBreak { .. }) if !desk.script() => {
                return match self.carried(seq, line, &with) {
                    Some(carry) => {
                        let question = Question::Carry {
                            seq,
                            line: line.to_string(),
                            carried: carry
                                .carried
                                .iter()
                                .map(|c| CarriedInto {
                                    seq: c.seq,
                                    was: self.fold.entry_told(c.seq),
                                    line: c.line.clone(),
                                })
                                .collect(),
                        };
                        desk.pending = Some(Pending {
                            question: question.clone(),
                            record: Box::new(carry),
                            after: Vec::new(),
                            then: None,
                            choices: Vec::new(),
                            asked_at: self.last_entry(),
                        });
                        Outcome {
                            question: Some(question),
                            ..Outcome::default()
                        }
                    }
                    None => Outcome::refused(why),
                };
            }
            Err(why) => return Outcome::refused(why),
        };
        let before = self.fold.standings();
        if let Err(why) = self.replace(seq, line, with, None, folded) {
            return Outcome::refused(why);
        }
        let after = self.fold.standings();
        Outcome::of(Said::Fixed {
            seq,
            was: point.was,
            now,
            change: Change::between(&before, &after, None),
        })
    }

    /// The log folded with `with` in place of entry `seq` (which was `was`), and what
    /// `seq` counts as then; refused, naming why, if it does not fit there or a later
    /// entry that counts today would no longer fit.
    fn try_replacement(
        &self,
        seq: u64,
        was: &Told,
        line: &str,
        with: &[Event<G::Event>],
    ) -> Result<(Folded<G>, Told), CoreError> {
        let mut trial = self.fold.revisions.clone();
        trial.trying(seq, with.to_vec());
        // What #seq counts as with the fix, said from the trial fold itself rather than
        // by folding the log a third time once it is recorded.
        let mut now = None;
        let folded = self.fold.fold(&trial, None, |met| {
            if met.entry.seq == seq {
                now = Some(self.fold.met_told(&met));
            }
        });
        if let Some((_, why)) = folded.skipped.iter().find(|(s, _)| *s == seq) {
            return Err(CoreError::DoesNotFit {
                line: printable_text(line),
                seq,
                was: told_text(was),
                why: printable_text(&why.message),
            });
        }
        if let Some((broken, why)) = folded
            .skipped
            .iter()
            .find(|(s, _)| !self.fold.skipped.contains(s))
        {
            return Err(CoreError::WouldBreak {
                seq,
                line: printable_text(line),
                broken: *broken,
                text: told_text(&self.fold.entry_told(*broken)),
                why: printable_text(&why.message),
            });
        }
        Ok((folded, now.unwrap_or(Told::Several { told: Vec::new() })))
    }

    /// Records that `with` stands in entry `seq`'s place (as `line` said), and takes
    /// the fold it was tried with as the table.
    fn replace(
        &mut self,
        seq: u64,
        line: &str,
        with: Vec<Event<G::Event>>,
        period: Option<Corrects>,
        folded: Folded<G>,
    ) -> Result<(), CoreError> {
        let event = Event::Core(CoreEvent::Replaced {
            seq,
            line: line.to_string(),
            with,
            period,
            also: Vec::new(),
        });
        let stamp = self.journal.append(&event, self.by, self.line.as_deref())?;
        self.fold.keep(&stamp, &event);
        self.fold.revisions = self.fold.revisions_of_log();
        self.fold.adopt(folded);
        Ok(())
    }

    /// `fix PERIOD VERB ARGS`: the shorthand for `fix #N`, N being the entry of that
    /// round (or hand) the line replaces: the same player's finish, say, as the game
    /// tells. A line that replaces nothing is added to its period: typed at its end,
    /// before the entry that closed it, or as an entry of the period being played.
    pub(in crate::session) fn fix_period(&mut self, args: &str) -> Outcome {
        let period = G::PERIOD.unwrap_or("round");
        let example = crate::session::face::verbs::fix_example::<G>();
        let mut parts = args.trim().splitn(3, char::is_whitespace);
        let (Some(number), Some(verb)) = (parts.next(), parts.next()) else {
            return Outcome::refused(CoreError::FixPeriodUsage {
                period: period.to_uppercase(),
                example,
            });
        };
        let args = parts.next().unwrap_or("").trim();
        let Ok(number) = number.parse::<u32>() else {
            return Outcome::refused(CoreError::NotAPeriodNumber {
                given: printable(number),
                period,
                upper: period.to_uppercase(),
                example,
            });
        };
        // `fix 4 took ann 1; 4 took cat 2` (or `; #9 LINE`): several entries, each
        // said either way, fixed together as `fix #N LINE; #M LINE` fixes them.
        let several = split_parts(args, G::FIXES);
        if several.len() > 1 {
            let mut numbered = Vec::with_capacity(several.len());
            for (k, part) in several.iter().enumerate() {
                let part = part.trim();
                if k > 0 && part.starts_with('#') {
                    numbered.push(part.to_string());
                    continue;
                }
                let (number, line) = if k == 0 {
                    (number, format!("{verb} {part}"))
                } else {
                    let mut words = part.splitn(2, char::is_whitespace);
                    match words.next().map(str::parse::<u32>) {
                        Some(Ok(n)) => (n, words.next().unwrap_or("").trim().to_string()),
                        _ => {
                            return Outcome::refused(CoreError::SeveralByPeriod {
                                upper: period.to_uppercase(),
                                number,
                            });
                        }
                    }
                };
                match self.entry_replaced(number, &line) {
                    Ok(seq) => numbered.push(format!("#{seq} {line}")),
                    Err(why) => return Outcome::refused(why),
                }
            }
            let parts: Vec<&str> = numbered.iter().map(String::as_str).collect();
            return self.fix_several(&parts);
        }
        let verb = verb.to_ascii_lowercase();
        let fixes = crate::text::or_list(G::FIXES);
        if !G::FIXES.contains(&verb.as_str()) {
            return Outcome::refused(if G::verbs().iter().any(|v| v.name == verb) {
                CoreError::NotACorrection {
                    verb,
                    fixes,
                    example,
                }
            } else {
                CoreError::NotFixable {
                    near: crate::text::did_you_mean(&verb, G::FIXES.iter().copied())
                        .map(|v| format!(" (did you mean \"{v}\"?)"))
                        .unwrap_or_default(),
                    verb: printable(&verb),
                    fixes,
                    example,
                }
            });
        }
        let span = match self.period_span(number) {
            Ok(span) => span,
            Err(why) => return Outcome::refused(why),
        };
        // Typed at the end of its period (before the entry that closed it), or now.
        let at_end = if span.open { None } else { span.closer };
        let (events, placing) = match self.events_for(at_end, &verb, args) {
            Ok(events) => {
                let placing = Fold::<G>::place(&span, &events);
                (events, placing)
            }
            // Refused at the period's end, perhaps because the line takes the place of
            // an entry already there (a player's laid runs): typed where each of that
            // player's entries was typed instead, latest first.
            Err(why) => match self.in_place_of_own(&span, &verb, args, why) {
                Ok((seq, events)) => {
                    let placing = Fold::<G>::place(&span, &events)
                        .filter(|p| matches!(p, Placing::Replace { seq: s, .. } if *s == seq));
                    (events, placing)
                }
                Err(why) => return Outcome::refused(why),
            },
        };
        let placing = match placing {
            Some(p) => p,
            None => return Outcome::refused(self.no_such_period(number)),
        };
        let line = format!("{verb} {args}").trim().to_string();
        let corrected = |told: Told| Told::Corrected {
            period,
            number,
            text: told.to_string(),
        };
        let (seq, with, at, events) = match placing {
            Placing::Record => {
                let mut outcome = self.record_and_say(events, Vec::new());
                for said in &mut outcome.said {
                    if let Said::Recorded(r) = said {
                        r.told = corrected(r.told.clone());
                    }
                }
                return outcome;
            }
            // Typed where the entry it replaces was typed, when that is another: the
            // game rules on the line against the table as it was there.
            Placing::Replace { seq, .. } if Some(seq) != at_end => {
                let events = match self.events_for(Some(seq), &verb, args) {
                    Ok(events) => events,
                    Err(why) => return Outcome::refused(why),
                };
                match Fold::<G>::place(&span, &events) {
                    Some(Placing::Replace { seq, with, at }) => (seq, with, at, events),
                    _ => return Outcome::refused(CoreError::NoEntry { seq, last: seq }),
                }
            }
            Placing::Replace { seq, with, at } => (seq, with, at, events),
        };
        let was = self.fold.entry_told(seq);
        let (folded, _) = match self.try_replacement(seq, &was, &line, &with) {
            Ok(tried) => tried,
            Err(why) => return Outcome::refused(why),
        };
        let told = self.told_at(seq, &events);
        let player = events.iter().find_map(|e| match e {
            Event::Game(g) => G::player(g).map(str::to_string),
            Event::Core(_) => None,
        });
        let corrects = Corrects {
            round: number,
            from: at,
            to: at + events.len(),
        };
        let before = self.fold.standings();
        if let Err(why) = self.replace(seq, &line, with, Some(corrects), folded) {
            return Outcome::refused(why);
        }
        let after = self.fold.standings();
        let ended = after.finished && !before.finished;
        let standing = player
            .filter(|_| !ended)
            .and_then(|p| Standing::of(&after, &p, Some(number)));
        let moved = if standing.is_none() && !ended {
            crate::session::face::outcome::Change::between(&before, &after, None).totals
        } else {
            Vec::new()
        };
        let mut said = vec![Said::Recorded(Recorded {
            seq: self.fold.entries.last_seq().unwrap_or(0),
            told: corrected(told),
            standing,
            moved,
        })];
        // A fix closes no round: only the match's end is said in full.
        crate::session::record::recording::said_at_close(&mut said, after, false, ended);
        Outcome {
            said,
            refused: false,
            question: None,
        }
    }

    /// Period `number`'s entries as they count, or why there is no such period.
    fn period_span(&self, number: u32) -> Result<Span<G::Event>, CoreError> {
        let span = self.fold.span(&self.fold.revisions, None, number);
        if span.exists {
            Ok(span)
        } else {
            Err(self.no_such_period(number))
        }
    }

    /// There is no period `number`: which periods there are.
    fn no_such_period(&self, number: u32) -> CoreError {
        let closed = G::closed(&self.fold.state);
        CoreError::NoSuchPeriod {
            period: G::PERIOD.unwrap_or("round"),
            number,
            closed,
            open: closed + 1,
        }
    }

    /// The entry `fix PERIOD LINE` would replace whole (`4 took ann 1`: ann's `took`
    /// of hand 4), for a fix of several entries in one line, which names each entry
    /// it replaces. A line that would add to its period, or correct part of an entry
    /// (one player's points in a round typed whole), is refused: it is fixed alone.
    fn entry_replaced(&self, number: u32, line: &str) -> Result<u64, CoreError> {
        let period = G::PERIOD.unwrap_or("round");
        let (verb, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let (verb, args) = (verb.to_ascii_lowercase(), args.trim());
        let alone = || CoreError::FixAlone {
            line: printable_text(line),
            number,
            period,
        };
        if !G::FIXES.contains(&verb.as_str()) {
            return Err(alone());
        }
        let span = self.period_span(number)?;
        let at_end = if span.open { None } else { span.closer };
        let events = match self.events_for(at_end, &verb, args) {
            Ok(events) => events,
            Err(why) => {
                return self
                    .in_place_of_own(&span, &verb, args, why)
                    .map(|(seq, _)| seq);
            }
        };
        match Fold::<G>::place(&span, &events) {
            Some(Placing::Replace { seq, with, at })
                if Some(seq) != at_end && with.get(at) == events.first() =>
            {
                Ok(seq)
            }
            _ => Err(alone()),
        }
    }

    /// The entry of `span` the line takes the place of, and what the line records
    /// typed there, when it was refused at the period's end (`why`): there, an entry
    /// it replaces may be in its way (a player's laid runs already entered). Typed at
    /// the period's start, where no entry is, the line says what it records (or why it
    /// cannot be, which is then the answer); the game then says which entry it takes
    /// the place of, and the line is typed again there.
    fn in_place_of_own(
        &self,
        span: &Span<G::Event>,
        verb: &str,
        args: &str,
        why: CoreError,
    ) -> Result<crate::session::fold::revisions::Added<G::Event>, CoreError> {
        let Some((first, _)) = span.entries.first() else {
            return Err(why);
        };
        // Refused at the period's start too (a player who sat down during it, whom its
        // start does not know), the refusal at its end is the one to say.
        let Ok(probe) = self.events_for(Some(*first), verb, args) else {
            return Err(why);
        };
        match Fold::<G>::place(span, &probe) {
            Some(Placing::Replace { seq, .. }) if Some(seq) != span.closer || span.open => {
                Ok((seq, self.events_for(Some(seq), verb, args)?))
            }
            _ => Err(why),
        }
    }

    /// What `verb args` records typed just before entry `at` (now, when `None`).
    fn events_for(
        &self,
        at: Option<u64>,
        verb: &str,
        args: &str,
    ) -> Result<Vec<Event<G::Event>>, CoreError> {
        let point = match at {
            Some(seq) => self
                .point(seq)
                .ok_or(CoreError::NoEntry { seq, last: seq })?,
            None => Point {
                state: self.fold.state.clone(),
                roster: self.fold.roster.clone(),
                rules: self.fold.rules.clone(),
                was: Told::Several { told: Vec::new() },
            },
        };
        self.events_at(&point, verb, args)
    }

    /// `events` in words against the table entry `seq` met.
    fn told_at(&self, seq: u64, events: &[Event<G::Event>]) -> Told {
        let mut told = Told::Several { told: Vec::new() };
        self.fold.fold(&self.fold.revisions, None, |met| {
            if met.entry.seq == seq {
                told = crate::session::fold::several(
                    events
                        .iter()
                        .map(|e| self.fold.told(e, met.state, met.roster))
                        .collect(),
                );
            }
        });
        told
    }

    /// Why entry `seq` cannot be fixed, if it cannot.
    fn fixable(&self, seq: u64) -> Result<(), CoreError> {
        let revisions = &self.fold.revisions;
        let Some(entry) = self.fold.entries.get(seq) else {
            let last = self.fold.entries.last_seq().unwrap_or(0);
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
            Event::Core(CoreEvent::Corrected { .. }) => Err(CoreError::FixOfCorrection { seq }),
            _ if revisions.undone.contains(&seq) => Err(CoreError::FixOfUndone { seq }),
            _ if revisions.set_aside.contains_key(&seq) => Err(CoreError::FixOfSetAside { seq }),
            _ => Ok(()),
        }
    }

    /// What `line` records typed where entry `seq` was, the entries counting as `revisions`
    /// says, and the table it met there; refused naming the entry when it does not fit
    /// there.
    fn typed_at(
        &self,
        revisions: &Revisions<G::Event>,
        seq: u64,
        line: &str,
    ) -> Result<Typed<G>, CoreError> {
        let (verb, args) = match line.split_once(char::is_whitespace) {
            Some((v, a)) => (v.to_ascii_lowercase(), a.trim()),
            None => (line.to_ascii_lowercase(), ""),
        };
        let point = self
            .point_in(revisions, seq)
            .ok_or_else(|| CoreError::NoEntry {
                seq,
                last: self.fold.entries.last_seq().unwrap_or(0),
            })?;
        let with = self
            .events_at(&point, &verb, args)
            .map_err(|why| CoreError::InPlaceOf {
                seq,
                was: told_text(&point.was),
                why: Box::new(why),
            })?;
        Ok((point, with))
    }

    /// The table entry `seq` met, and what it counts as now.
    fn point(&self, seq: u64) -> Option<Point<G>> {
        self.point_in(&self.fold.revisions, seq)
    }

    /// The table entry `seq` met with the entries counting as `revisions` says.
    fn point_in(&self, revisions: &Revisions<G::Event>, seq: u64) -> Option<Point<G>> {
        let mut found = None;
        // The fold stops at the entry after `seq`: what follows cannot change the point.
        let next = self
            .fold
            .entries
            .kinds()
            .skip_while(|(s, _)| *s != seq)
            .nth(1)
            .map(|(s, _)| s);
        self.fold.fold(revisions, next, |met| {
            if met.entry.seq == seq {
                let was = match met.counts {
                    Counts::Replaced(_) | Counts::Itself => self.fold.met_told(&met),
                    _ => match met.entry.get() {
                        Some(entry) => self.fold.told(&entry.event, met.state, met.roster),
                        None => return,
                    },
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
        let round = G::progress(&self.fold.scene_of(&point.state, &point.roster)).number;
        // Players are typed as they are called now; at that point they may have been
        // called otherwise.
        let args = &self.names_then(args, &point.roster);
        let events = match verb {
            "note" => vec![entries::note(args)?],
            "add" => {
                let then = G::standings(&self.fold.scene_of(&point.state, &point.roster));
                vec![entries::add(args, &then.totals)?]
            }
            "rename" => vec![entries::rename(args, &point.roster)?],
            "allow" | "deny" | "check" if G::RULE_SETS.is_empty() => {
                return Err(CoreError::NoWordRulings {
                    verb: verb.to_string(),
                    game: G::NAME,
                });
            }
            "allow" | "deny" => vec![entries::house(verb == "allow", args)?],
            "check" => {
                let ruling = entries::check(&self.lexicon, &point.rules, args, round)?;
                vec![Event::Core(CoreEvent::Ruled { ruling })]
            }
            _ if G::verbs().iter().any(|v| v.name == verb && !v.block) => {
                let ctx = Ctx {
                    state: &point.state,
                    options: &self.fold.header.options,
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

    /// The fix of `seq` to `with` carried into every later entry it would break, each
    /// replaced by the line the game says carries the change (judged where it stands);
    /// `None` when the game carries nothing into one of them.
    fn carried(&self, seq: u64, line: &str, with: &[Event<G::Event>]) -> Option<Carry<G::Event>> {
        let single = |events: &[Event<G::Event>]| match events {
            [Event::Game(g)] => Some(g.clone()),
            _ => None,
        };
        let counting = |revisions: &Revisions<G::Event>, seq: u64| -> Option<G::Event> {
            match revisions.replaced.get(&seq) {
                Some(r) => single(&r.with),
                None => {
                    let entry = self.fold.entries.get(seq)?;
                    single(std::slice::from_ref(&entry.event))
                }
            }
        };
        let old = counting(&self.fold.revisions, seq)?;
        let new = single(with)?;
        let mut trial = self.fold.revisions.clone();
        trial.trying(seq, with.to_vec());
        let mut carry = Carry {
            seq,
            line: line.to_string(),
            with: with.to_vec(),
            carried: Vec::new(),
        };
        // Each pass mends the first entry that breaks; a mended entry breaks no more.
        for _ in 0..self.fold.entries.len() {
            let folded = self.fold.fold(&trial, None, |_| {});
            let Some(&(broken, _)) = folded
                .skipped
                .iter()
                .find(|(s, _)| !self.fold.skipped.contains(s))
            else {
                return (!carry.carried.is_empty()).then_some(carry);
            };
            let carried_line = G::carry(&old, &new, &counting(&trial, broken)?)?;
            let point = self.point_in(&trial, broken)?;
            let (verb, args) = carried_line
                .split_once(char::is_whitespace)
                .unwrap_or((carried_line.as_str(), ""));
            let events = self.events_at(&point, verb, args).ok()?;
            trial.trying(broken, events.clone());
            carry.carried.push(Carried {
                seq: broken,
                line: carried_line,
                with: events,
            });
        }
        None
    }

    /// The yes to a carried fix: each entry replaced as offered, if that still fits the
    /// log as it now stands, each said as a fix; one entry of the log, so one `undo`
    /// takes back all of it.
    pub(in crate::session) fn carry_out(&mut self, carry: Carry<G::Event>) -> Outcome {
        let fixes: Vec<Carried<G::Event>> = std::iter::once(Carried {
            seq: carry.seq,
            line: carry.line,
            with: carry.with,
        })
        .chain(carry.carried)
        .collect();
        self.record_fixes(fixes)
    }

    /// `fix #N LINE; #M LINE ...`: several entries replaced at once, each line typed
    /// where its entry was with the others already in their places, and judged
    /// together: a rule across a round's entries (a hand comes to 26) holds after the
    /// whole fix, where each part alone would break it.
    fn fix_several(&mut self, parts: &[&str]) -> Outcome {
        let example = self.fix_example();
        let mut typed: Vec<(u64, &str)> = Vec::new();
        for part in parts {
            let part = part.trim().trim_start_matches('#');
            let (number, line) = part.split_once(char::is_whitespace).unwrap_or((part, ""));
            let Ok(seq) = number.parse::<u64>() else {
                return Outcome::refused(CoreError::NotAnEntryNumber {
                    number: printable(number),
                    example,
                });
            };
            if line.trim().is_empty() {
                return Outcome::refused(CoreError::FixUsage { example });
            }
            if let Err(why) = self.fixable(seq) {
                return Outcome::refused(why);
            }
            if typed.iter().any(|(s, _)| *s == seq) {
                return Outcome::refused(CoreError::FixedTwice { seq });
            }
            typed.push((seq, line.trim()));
        }
        typed.sort_by_key(|(seq, _)| *seq);
        let mut trial = self.fold.revisions.clone();
        let mut fixes = Vec::new();
        for (seq, line) in typed {
            let with = match self.typed_at(&trial, seq, line) {
                Ok((_, with)) => with,
                Err(why) => return Outcome::refused(why),
            };
            trial.trying(seq, with.clone());
            fixes.push(Carried {
                seq,
                line: line.to_string(),
                with,
            });
        }
        self.record_fixes(fixes)
    }

    /// Records `fixes` as one entry, if together they fit the log as it now stands: no
    /// entry they replace and no later entry that counts today may stop fitting. Each is
    /// said as a fix, the change in the totals after the last.
    fn record_fixes(&mut self, fixes: Vec<Carried<G::Event>>) -> Outcome {
        let Some(first) = fixes.first() else {
            return Outcome::default();
        };
        let mut trial = self.fold.revisions.clone();
        for fix in &fixes {
            trial.trying(fix.seq, fix.with.clone());
        }
        let was: Vec<Told> = fixes
            .iter()
            .map(|fix| self.fold.entry_told(fix.seq))
            .collect();
        let mut now = vec![None; fixes.len()];
        let folded = self.fold.fold(&trial, None, |met| {
            if let Some(k) = fixes.iter().position(|fix| fix.seq == met.entry.seq) {
                now[k] = Some(self.fold.met_told(&met));
            }
        });
        // All of the fix's lines, as a refusal names them.
        let line = fixes
            .iter()
            .enumerate()
            .map(|(k, fix)| match k {
                0 => printable_text(&fix.line),
                _ => format!("#{} as {}", fix.seq, printable_text(&fix.line)),
            })
            .collect::<Vec<_>>()
            .join(" and ");
        if let Some((k, (_, why))) = fixes.iter().enumerate().find_map(|(k, fix)| {
            folded
                .skipped
                .iter()
                .find(|(s, _)| *s == fix.seq)
                .map(|found| (k, found))
        }) {
            return Outcome::refused(CoreError::DoesNotFit {
                line: printable_text(&fixes[k].line),
                seq: fixes[k].seq,
                was: told_text(&was[k]),
                why: printable_text(&why.message),
            });
        }
        if let Some((broken, why)) = folded
            .skipped
            .iter()
            .find(|(s, _)| !self.fold.skipped.contains(s))
        {
            return Outcome::refused(CoreError::WouldBreak {
                seq: first.seq,
                line,
                broken: *broken,
                text: told_text(&self.fold.entry_told(*broken)),
                why: printable_text(&why.message),
            });
        }
        let before = self.fold.standings();
        // The players each part is about, the entry's before and after it: the totals
        // each moved are said with the part that moved them.
        let named: Vec<Vec<String>> = fixes
            .iter()
            .map(|fix| {
                fix.with
                    .iter()
                    .filter_map(|e| match e {
                        Event::Game(g) => G::player(g).map(str::to_string),
                        Event::Core(_) => None,
                    })
                    .chain(self.fold.entry_player(fix.seq))
                    .collect()
            })
            .collect();
        let mut parts = fixes.iter().map(|fix| Part {
            seq: fix.seq,
            line: fix.line.clone(),
            with: fix.with.clone(),
        });
        let Some(head) = parts.next() else {
            return Outcome::default();
        };
        let event = Event::Core(CoreEvent::Replaced {
            seq: head.seq,
            line: head.line,
            with: head.with,
            period: None,
            also: parts.collect(),
        });
        let stamp = match self.journal.append(&event, self.by, self.line.as_deref()) {
            Ok(stamp) => stamp,
            Err(why) => return Outcome::refused(why),
        };
        self.fold.keep(&stamp, &event);
        self.fold.revisions = self.fold.revisions_of_log();
        self.fold.adopt(folded);
        let after = self.fold.standings();
        let changes = Change::between(&before, &after, None).split(&named);
        let said = fixes
            .iter()
            .zip(was)
            .zip(now)
            .zip(changes)
            .map(|(((fix, was), now), change)| Said::Fixed {
                seq: fix.seq,
                was,
                now: now.unwrap_or(Told::Several { told: Vec::new() }),
                change,
            })
            .collect();
        Outcome {
            said,
            ..Outcome::default()
        }
    }

    /// `args` with each word that names a player now spelt as that seat was named in
    /// `then`.
    fn names_then(&self, args: &str, then: &crate::contract::Roster) -> String {
        args.split_whitespace()
            .map(|word| {
                let seat = self
                    .fold
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

/// A fix offered with the later entries it carries its change into, waiting for its
/// yes at a desk.
pub(in crate::session) struct Carry<E> {
    seq: u64,
    line: String,
    with: Vec<Event<E>>,
    carried: Vec<Carried<E>>,
}

/// A later entry a fix carries its change into: the line that stands in its place.
struct Carried<E> {
    seq: u64,
    line: String,
    with: Vec<Event<E>>,
}

/// A fix's line split where another entry's fix begins, by number (`; #4 ...`) or by
/// its period (`; 4 took cat 2`, a verb `fix PERIOD` takes after the number): any other
/// `;` belongs to the line (a note may hold one).
fn split_parts<'a>(line: &'a str, fixes: &[&str]) -> Vec<&'a str> {
    let mut parts = Vec::new();
    let mut start = 0;
    for (at, _) in line.match_indices(';') {
        let rest = line[at + 1..].trim_start();
        let by_number = rest
            .strip_prefix('#')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        // `; 4 took cat 2`: a period's number and a verb `fix PERIOD` takes.
        let mut words = rest.split_whitespace();
        let by_period = words.next().is_some_and(|n| n.parse::<u32>().is_ok())
            && words
                .next()
                .is_some_and(|v| fixes.iter().any(|f| f.eq_ignore_ascii_case(v)));
        let names_an_entry = by_number || by_period;
        if names_an_entry {
            parts.push(line[start..at].trim());
            start = at + 1;
        }
    }
    parts.push(line[start..].trim());
    parts
}

/// An entry's sentence inside a refusal's one line, made printable.
fn told_text(told: &Told) -> String {
    printable_text(&told.to_string())
}
