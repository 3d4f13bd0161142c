//! [`Session`]: one game's log and the state folded from it. Generic over [`Game`], so
//! it is written once for every game. Recording lives in `record.rs`, the verbs every
//! game shares in `shared.rs`, the face the prompt sees in `any.rs`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::OpenWith;
use super::error::SessionError;
use super::header::{FORMAT, Header};
use super::store::{Contents, Log};
use super::tally::{Replacement, Tally};
use crate::contract::event::{CoreEvent, Entry, Event};
use crate::contract::{Ask, Ctx, Files, Game, Refusal, Roster, Scene, Standings};
use crate::lexicon::{Lexicon, Rules};

/// A question put to the scorekeeper: on yes, its events are recorded (a penalty
/// offered after a grid). Only one is open at a time.
pub(super) type Pending<E> = Ask<E>;

/// One entry as a fold meets it: the table it met and what it counts as.
pub(super) struct Met<'a, G: Game> {
    pub(super) entry: &'a Entry<G::Event>,
    pub(super) state: &'a G::State,
    pub(super) roster: &'a Roster,
    pub(super) rules: &'a Rules,
    pub(super) counts: Counts<'a, G::Event>,
}

/// What an entry counts as where it stands in the log.
pub(super) enum Counts<'a, E> {
    Itself,
    /// A fix stands: these events count in its place.
    Replaced(&'a Replacement<E>),
    Undone,
    /// An undo, redo or fix that points nowhere a typed one could.
    SetAside(&'a str),
    /// An undo, a redo or a fix: a step of the record, counted where it points.
    Step,
}

/// The table a fold ends on.
pub(super) struct Folded<G: Game> {
    pub(super) state: G::State,
    pub(super) roster: Roster,
    pub(super) rules: Rules,
    /// Entries that no longer fit, with why.
    pub(super) skipped: Vec<(u64, String)>,
}

/// One session of game `G`.
pub struct Session<G: Game> {
    pub(super) header: Header<G::Options>,
    /// The word rules in force: the header's, their rule set found among the games',
    /// with the table's own `allow` and `deny` rulings so far.
    pub(super) rules: Rules,
    /// The header's word rules, where a replay starts.
    pub(super) first_rules: Rules,
    /// Where the log is (read-only sessions have no [`Log`] but still a path).
    pub(super) path: PathBuf,
    /// `None` when opened read-only (export, listing): recording is refused.
    pub(super) log: Option<Log>,
    pub(super) entries: Vec<Entry<G::Event>>,
    pub(super) lexicon: Arc<Lexicon>,
    pub(super) state: G::State,
    pub(super) roster: Roster,
    /// Which entries count: what undo, redo and fix made of the log.
    pub(super) tally: Tally<G::Event>,
    pub(super) warnings: Vec<String>,
    /// Events in the log that did not fit when replayed: they do not count, and `undo`
    /// passes over them.
    pub(super) skipped: BTreeSet<u64>,
    /// The question the next yes or no answers, if one is open.
    pub(super) pending: Option<Pending<G::Event>>,
    /// The last command was refused (an `undo` right after one says the refused line
    /// recorded nothing).
    pub(super) last_refused: bool,
    pub(super) script: bool,
}

/// What a session's `new` carries besides the game's own options.
pub struct Start<'a> {
    pub path: &'a Path,
    pub name: &'a str,
    pub players: Vec<String>,
    pub rules: Rules,
    pub files: Files,
}

impl<G: Game> Session<G> {
    /// Starts a new session and its log, the game's options set up from its flags.
    pub fn create(
        start: Start<'_>,
        flags: &G::Flags,
        with: OpenWith,
    ) -> Result<Session<G>, SessionError> {
        if start.players.is_empty() {
            return Err(Refusal::input("name at least one player").into());
        }
        let mut roster = Roster::default();
        for p in &start.players {
            roster.check_new(p)?;
            roster.push(p.clone());
        }
        let options = G::setup(flags, &start.files, &start.players)?;
        let header = Header {
            umpire: FORMAT,
            game: G::NAME.to_string(),
            name: start.name.to_string(),
            created: super::now(),
            players: start.players,
            options,
            rules: start.rules.stored(),
        };
        let value =
            serde_json::to_value(&header).map_err(|e| SessionError::Encode(e.to_string()))?;
        let log = Log::create(start.path, &value)?;
        let state = G::start(&header.options, roster.len());
        Ok(Session {
            header,
            first_rules: start.rules.clone(),
            rules: start.rules,
            path: start.path.to_path_buf(),
            log: Some(log),
            entries: Vec::new(),
            lexicon: with.lexicon,
            state,
            roster,
            tally: Tally::default(),
            warnings: Vec::new(),
            skipped: BTreeSet::new(),
            pending: None,
            last_refused: false,
            script: with.script,
        })
    }

    /// Opens a session from a log's contents; `log` is `None` for read-only use. The
    /// header is checked as strictly as `new` checks its flags: it is a file anyone can
    /// edit.
    pub fn from_contents(
        path: &Path,
        contents: Contents,
        log: Option<Log>,
        with: OpenWith,
    ) -> Result<Session<G>, SessionError> {
        let mut header: Header<G::Options> =
            serde_json::from_value(contents.header).map_err(|e| SessionError::Header {
                game: G::NAME,
                detail: e.to_string(),
            })?;
        check_header::<G>(&header, log.is_some())?;
        let rules = header.rules.clone().resolve(&with.games.rule_sets())?;
        let mut warnings: Vec<String> = contents.damage.iter().map(|d| d.describe()).collect();
        warnings.extend(contents.disorder);
        // The file's name is the session's name: a copied or renamed log is the session
        // it is called now.
        if let Some(stem) = path.file_stem().and_then(|s| s.to_str())
            && stem != header.name
        {
            warnings.push(format!(
                "the log's header calls it {}; its file name, {stem}, is its name",
                crate::text::printable(&header.name)
            ));
            header.name = stem.to_string();
        }
        let mut entries = Vec::with_capacity(contents.entries.len());
        for raw in contents.entries {
            match Event::<G::Event>::from_raw(&raw.event) {
                Ok(event) => entries.push(Entry {
                    seq: raw.seq,
                    at: raw.at,
                    event,
                }),
                Err(e) => warnings.push(format!(
                    "entry {} is not a {} event ({e}); skipped",
                    raw.seq,
                    G::NAME
                )),
            }
        }
        let roster = Roster::new(header.players.clone());
        let state = G::start(&header.options, roster.len());
        let mut s = Session {
            header,
            first_rules: rules.clone(),
            rules,
            path: path.to_path_buf(),
            log,
            entries,
            lexicon: with.lexicon,
            state,
            roster,
            tally: Tally::default(),
            warnings,
            skipped: BTreeSet::new(),
            pending: None,
            last_refused: false,
            script: with.script,
        };
        let skipped = s.replay();
        for (seq, why) in &s.tally.set_aside {
            s.warnings.push(format!("entry {seq} {why}; set aside"));
        }
        for (seq, why) in skipped {
            s.warnings
                .push(format!("entry {seq} no longer fits ({why}); skipped"));
        }
        Ok(s)
    }

    /// Folds the log into the state from scratch; returns the events that did not fit,
    /// with why.
    pub(super) fn replay(&mut self) -> Vec<(u64, String)> {
        self.tally = Tally::of(&self.entries);
        let folded = self.fold(&self.tally, None, |_| {});
        self.adopt(folded)
    }

    /// Takes a fold's table as the session's own; returns what did not fit.
    pub(super) fn adopt(&mut self, folded: Folded<G>) -> Vec<(u64, String)> {
        self.state = folded.state;
        self.roster = folded.roster;
        self.rules = folded.rules;
        self.skipped = folded.skipped.iter().map(|(seq, _)| *seq).collect();
        folded.skipped
    }

    /// Folds the log from the start by `tally`, up to (not including) the entry
    /// `until`, calling `before` with every entry and the table it met (entries that do
    /// not count included, though they change nothing).
    pub(super) fn fold(
        &self,
        tally: &Tally<G::Event>,
        until: Option<u64>,
        mut before: impl FnMut(Met<'_, G>),
    ) -> Folded<G> {
        let mut table: Folded<G> = Folded {
            roster: Roster::new(self.header.players.clone()),
            state: G::start(&self.header.options, self.header.players.len()),
            rules: self.first_rules.clone(),
            skipped: Vec::new(),
        };
        let options = &self.header.options;
        for entry in &self.entries {
            if until == Some(entry.seq) {
                break;
            }
            let counts = counts(tally, entry);
            let events: &[Event<G::Event>] = match &counts {
                Counts::Itself => std::slice::from_ref(&entry.event),
                Counts::Replaced(r) => &r.with,
                _ => &[],
            };
            before(Met {
                entry,
                state: &table.state,
                roster: &table.roster,
                rules: &table.rules,
                counts,
            });
            if events.is_empty() {
                continue;
            }
            let fits = match events {
                // One event: `apply` leaves the table as it was when it refuses, so it
                // is applied in place (a copy an event would make replay quadratic).
                [one] => apply::<G>(
                    &mut table.state,
                    &mut table.roster,
                    &mut table.rules,
                    options,
                    one,
                ),
                // A replacement of several: all of them, or none.
                many => {
                    let mut next: (G::State, Roster, Rules) = (
                        table.state.clone(),
                        table.roster.clone(),
                        table.rules.clone(),
                    );
                    let fits = many.iter().try_for_each(|e| {
                        apply::<G>(&mut next.0, &mut next.1, &mut next.2, options, e)
                    });
                    if fits.is_ok() {
                        (table.state, table.roster, table.rules) = next;
                    }
                    fits
                }
            };
            if let Err(why) = fits {
                table.skipped.push((entry.seq, why.message));
            }
        }
        table
    }

    pub(super) fn ctx(&self) -> Ctx<'_, G> {
        Ctx {
            state: &self.state,
            options: &self.header.options,
            roster: &self.roster,
            lexicon: &self.lexicon,
            rules: &self.rules,
            script: self.script,
        }
    }

    /// The game as it stands now.
    pub(super) fn scene(&self) -> Scene<'_, G> {
        self.scene_of(&self.state, &self.roster)
    }

    /// The game as it stood with `state` and `roster` (an entry replayed).
    pub(super) fn scene_of<'a>(&'a self, state: &'a G::State, roster: &'a Roster) -> Scene<'a, G> {
        Scene {
            state,
            options: &self.header.options,
            roster,
        }
    }

    pub(super) fn standings_now(&self) -> Standings {
        G::standings(&self.scene())
    }

    /// An event in words, against the state and players it met.
    pub(super) fn describe(
        &self,
        event: &Event<G::Event>,
        state: &G::State,
        roster: &Roster,
    ) -> String {
        match event {
            Event::Game(e) => G::describe(e, &self.scene_of(state, roster)),
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
                CoreEvent::PlayerJoined { name, score: None } => format!("{name} joins"),
                CoreEvent::PlayerJoined {
                    name,
                    score: Some(s),
                } => format!("{name} joins, starting at {s}"),
                CoreEvent::PlayerRenamed { from, to } => format!("{from} is now {to}"),
                CoreEvent::Corrected { round, entry } => format!(
                    "{} {round} corrected: {}",
                    G::PERIOD.unwrap_or("turn"),
                    G::describe(entry, &self.scene_of(state, roster))
                ),
                CoreEvent::Redone { seq } => format!("redid entry {seq}"),
                CoreEvent::Replaced { seq, line, .. } => format!("fix #{seq}: {line}"),
                CoreEvent::HouseRuled { word, allowed, why } => {
                    let why = if why.is_empty() {
                        String::new()
                    } else {
                        format!(" ({why})")
                    };
                    let verdict = if *allowed { "allowed" } else { "not allowed" };
                    format!("house ruling: {} {verdict}{why}", word.to_uppercase())
                }
            },
        }
    }
}

/// What `entry` counts as under `tally`.
fn counts<'a, E>(tally: &'a Tally<E>, entry: &Entry<E>) -> Counts<'a, E> {
    if let Some(why) = tally.set_aside.get(&entry.seq) {
        return Counts::SetAside(why);
    }
    match &entry.event {
        Event::Core(
            CoreEvent::Undone { .. } | CoreEvent::Redone { .. } | CoreEvent::Replaced { .. },
        ) if !tally.undone.contains(&entry.seq) => Counts::Step,
        _ if tally.undone.contains(&entry.seq) => Counts::Undone,
        _ => match tally.replaced.get(&entry.seq) {
            Some(r) => Counts::Replaced(r),
            None => Counts::Itself,
        },
    }
}

/// A header as strict as `new`: a known format (a newer one is not written to), players
/// with names a `new` would accept, none twice, and options the game accepts.
fn check_header<G: Game>(header: &Header<G::Options>, writing: bool) -> Result<(), SessionError> {
    if header.umpire > FORMAT && writing {
        return Err(SessionError::Newer {
            found: header.umpire,
            ours: FORMAT,
        });
    }
    if header.players.is_empty() {
        return Err(SessionError::NoPlayers);
    }
    let mut roster = Roster::default();
    for p in &header.players {
        roster.check_new(p).map_err(SessionError::Players)?;
        roster.push(p.clone());
    }
    G::check_options(&header.options, header.players.len()).map_err(SessionError::Options)
}

/// Applies one event of any kind to a state and its players.
pub(super) fn apply<G: Game>(
    state: &mut G::State,
    roster: &mut Roster,
    rules: &mut Rules,
    options: &G::Options,
    event: &Event<G::Event>,
) -> Result<(), Refusal> {
    match event {
        Event::Game(e) => G::apply(state, options, roster, e),
        Event::Core(c) => match c {
            CoreEvent::Undone { .. }
            | CoreEvent::Redone { .. }
            | CoreEvent::Replaced { .. }
            | CoreEvent::Noted { .. }
            | CoreEvent::Ruled { .. } => Ok(()),
            CoreEvent::HouseRuled { word, allowed, .. } => rules
                .house_rule(word, *allowed)
                .map_err(|e| Refusal::input(format!("{}: {e}", crate::text::printable(word)))),
            CoreEvent::PlayerJoined { name, score } => {
                // A log is held to what typing allows: `add` takes at most a million.
                if let Some(s) = score
                    && s.checked_abs()
                        .is_none_or(|a| a > super::entries::MAX_START)
                {
                    return Err(Refusal::input(format!(
                        "a starting score is at most {} either way, not {s}",
                        super::entries::MAX_START
                    )));
                }
                roster.check_new(name)?;
                G::add_player(state, options, score.unwrap_or(0))?;
                roster.push(name.clone());
                Ok(())
            }
            CoreEvent::PlayerRenamed { from, to } => {
                let i = roster.find(from)?;
                if crate::contract::same_name(from, to) {
                    crate::contract::check_name(to)?;
                } else {
                    roster.check_new(to)?;
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
