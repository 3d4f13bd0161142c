//! [`Session`]: one game's match and the journal it is recorded in, with the word
//! judge its commands consult. Generic over [`Game`], so it is written once for every
//! game. The match is pure (`fold.rs`), the journal owns the file (`journal.rs`), and
//! what a front end remembers between lines (a question, a refusal) is its own
//! [`Desk`](crate::session::Desk). Recording lives in `record.rs`, corrections in `fix.rs`, the
//! verbs every game shares in `shared.rs`, the face the front ends see in `any.rs`.

pub(in crate::session) mod entries;
pub(in crate::session) mod fix;
pub(in crate::session) mod follow;
pub(in crate::session) mod recording;
pub(in crate::session) mod shared;

use std::path::Path;
use std::sync::Arc;

use crate::contract::{Ctx, Files, Game, Refusal, Roster};
use crate::lexicon::{Lexicon, Rules};
use crate::session::OpenWith;
use crate::session::error::SessionError;
use crate::session::fold::Fold;
use crate::session::fold::ledger::Ledger;
use crate::session::log::header::{FORMAT, Header};
use crate::session::log::journal::{Journal, Sent};
use crate::session::log::store::{Contents, Damage, Disorder, Log, RawLine, Reading};
use crate::session::log::texts::read_line;
use crate::session::log::warnings::{Warning, WarningKind as Kind, Warnings};

/// One session of game `G`.
pub struct Session<G: Game> {
    pub(in crate::session) fold: Fold<G>,
    pub(in crate::session) journal: Journal,
    pub(in crate::session) lexicon: Arc<Lexicon>,
    /// What opening the log found worth saying (damage set aside, entries skipped),
    /// each kind past its first few summarised.
    pub(in crate::session) warnings: Warnings,
    /// The front end typing the line being run, when not the prompt: its entries say
    /// so in the log.
    pub(in crate::session) by: Option<&'static str>,
    /// The id a phone gave the line being run, which its entries keep in the log.
    pub(in crate::session) line: Option<String>,
}

/// What a session's `new` carries besides the game's own options.
pub struct Start<'a> {
    /// Where the log is to be made; nothing may be there yet.
    pub path: &'a Path,
    /// The session's name, as `resume` will take it.
    pub name: &'a str,
    /// The players in seat order.
    pub players: Vec<String>,
    /// The word rules the header records, for a game that judges words.
    pub rules: Rules,
    /// The files the game's flags named, already read.
    pub files: Files,
}

impl<G: Game> Session<G> {
    /// Starts a new session and its log, the game's options set up from its flags.
    pub fn create(
        start: Start<'_>,
        flags: &crate::contract::FlagValues,
        with: OpenWith,
    ) -> Result<Session<G>, SessionError> {
        if start.players.is_empty() {
            return Err(Refusal::input("name at least one player").into());
        }
        let mut roster = Roster::default();
        for p in &start.players {
            roster.check_join(p)?;
            roster.push(p.clone());
        }
        let options = G::setup(flags, &start.files, &start.players)?;
        let header = Header {
            umpire: FORMAT,
            game: G::NAME.to_string(),
            name: start.name.to_string(),
            created: crate::session::now(),
            players: start.players,
            options,
            rules: (!G::RULE_SETS.is_empty()).then(|| start.rules.stored()),
        };
        let value =
            serde_json::to_value(&header).map_err(|e| SessionError::Encode(e.to_string()))?;
        let log = Log::create(start.path, &value)?;
        Ok(Session {
            fold: Fold::new(header, start.rules, Ledger::default()),
            journal: Journal::new(start.path, Some(log), Sent::default()),
            lexicon: with.lexicon,
            warnings: Warnings::new(G::NAME),
            by: None,
            line: None,
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
        let writing = log.is_some();
        let Contents {
            header,
            entries,
            damage,
            disorder,
            ..
        } = contents;
        Session::load(path, header, writing, with, |each| {
            entries.into_iter().for_each(each);
            Ok((damage, disorder, log))
        })
    }

    /// Opens a session from a log being read, each entry typed as it is read: the log
    /// is never held whole, nor its entries twice. For writing when `reading` was
    /// opened so.
    pub(crate) fn from_reading(
        path: &Path,
        reading: &mut Reading,
        with: OpenWith,
    ) -> Result<Session<G>, SessionError> {
        let header = reading.header().clone();
        Session::load(path, header, reading.writing(), with, |each| {
            let found = reading.entries(each)?;
            Ok((found.damage, found.disorder, found.log))
        })
    }

    /// A session from its header and its entries, which `read` hands to the function
    /// it is given one by one, returning the damage and disorder it found and the log
    /// to write to. The header is checked before any entry is read.
    fn load(
        path: &Path,
        header: serde_json::Value,
        writing: bool,
        with: OpenWith,
        read: impl FnOnce(
            &mut dyn FnMut(RawLine),
        ) -> Result<(Vec<Damage>, Vec<Disorder>, Option<Log>), SessionError>,
    ) -> Result<Session<G>, SessionError> {
        let mut value = header;
        let fitted = crate::session::log::header::fit_word_rules(&mut value, G::FLAGS)?;
        crate::session::log::header::hold_options(&value, G::FLAGS)?;
        let mut header: Header<G::Options> =
            serde_json::from_value(value).map_err(|e| SessionError::Header {
                game: G::NAME,
                detail: e.to_string(),
            })?;
        check_header::<G>(&header, writing)?;
        // A game that judges no words keeps no word rules: `check` then judges by the
        // lexicon's own standard.
        let rules = match header.rules.clone() {
            Some(stored) => stored.resolve(&with.games.rule_sets())?,
            None => Rules::new(crate::lexicon::RuleSet::STANDARD),
        };
        // The entries are typed as they are read; what typing them finds is said after
        // what reading the lines found.
        let mut typed = Warnings::new(G::NAME);
        // Each entry is kept as its line holds it, and the typed entry let go.
        let mut entries = Ledger::default();
        // The lines phones sent, by their ids: kept apart from the entries, which
        // never need them.
        let mut sent = Sent::default();
        let (damage, disorder, log) = read(&mut |raw: RawLine| {
            let seq = raw.seq;
            if let Some(id) = raw.line.as_deref() {
                sent.note(id, seq);
            }
            let not_an_event = |why: String| Warning::NotAnEvent {
                seq,
                game: G::NAME,
                why,
            };
            match read_line::<G>(raw) {
                Ok(read) => {
                    if let Err(e) = entries.keep_read(&read.entry, read.text.as_deref()) {
                        typed.add(Kind::NotAnEvent, seq, || not_an_event(e.to_string()));
                    } else if !read.cuts.is_empty() {
                        typed.add(Kind::Cut, seq, || Warning::Cut {
                            seq,
                            cuts: read.cuts,
                        });
                    }
                }
                Err(e) => typed.add(Kind::NotAnEvent, seq, || not_an_event(e.to_string())),
            }
        })?;
        let mut warnings = Warnings::new(G::NAME);
        for d in damage {
            warnings.add(Kind::Unreadable, d.line as u64, || Warning::Damaged(d));
        }
        for d in disorder {
            warnings.say(Warning::Disorder(d));
        }
        for f in fitted {
            warnings.say(Warning::Fitted(f));
        }
        // The file's name is the session's name: a copied or renamed log is the session
        // it is called now.
        if let Some(stem) = path.file_stem().and_then(|s| s.to_str())
            && stem != header.name
        {
            warnings.say(Warning::Renamed {
                header: std::mem::take(&mut header.name),
                file: stem.to_string(),
            });
            header.name = stem.to_string();
        }
        warnings.append(typed);
        let mut fold = Fold::new(header, rules, entries);
        let skipped = fold.replay();
        for (seq, why) in &fold.revisions.set_aside {
            warnings.add(Kind::SetAside, *seq, || Warning::SetAside {
                seq: *seq,
                why: why.to_string(),
            });
        }
        for (seq, why) in skipped {
            warnings.add(Kind::Skipped, seq, || Warning::Skipped {
                seq,
                why: why.message,
            });
        }
        Ok(Session {
            fold,
            journal: Journal::new(path, log, sent),
            lexicon: with.lexicon,
            warnings,
            by: None,
            line: None,
        })
    }

    /// What a command may read: the table as it stands and the word judge; `script`
    /// when nobody can answer a question.
    pub(in crate::session) fn ctx(&self, script: bool) -> Ctx<'_, G> {
        Ctx {
            state: &self.fold.state,
            options: &self.fold.header.options,
            roster: &self.fold.roster,
            lexicon: &self.lexicon,
            rules: &self.fold.rules,
            script,
        }
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
        roster.check_join(p).map_err(SessionError::Players)?;
        roster.push(p.clone());
    }
    G::check_options(&header.options, header.players.len()).map_err(SessionError::Options)
}
