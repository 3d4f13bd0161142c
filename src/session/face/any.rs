//! [`AnySession`]: the face a session shows every front end (the prompt, the one-shot
//! commands, the page), whatever its game, and its implementation for every
//! [`Session<G>`]. It answers in data: an [`Outcome`] for a command, the standings, the
//! game's table, a [`Report`] to export.

use std::path::Path;

use serde_json::{Map, Value};

use crate::contract::event::{CoreEvent, Event};
use crate::contract::{Game, Highlight, Progress, Refusal, Standings, TableView, Verb};
use crate::lexicon::Rules;
use crate::session::error::CoreError;
use crate::session::face::desk::Desk;
use crate::session::face::outcome::{Outcome, RulingRecord, Told};
use crate::session::face::verbs;
use crate::session::record::Session;

/// A one-line summary of a session for `umpire sessions`.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The session's name, as `resume` and `open` take it.
    pub name: String,
    /// The game, as `umpire new` takes it and the header stores it.
    pub game: &'static str,
    /// What the table calls the game played, where the session names it (a score
    /// pad's `--title Hearts`): a pad of Hearts is listed as Hearts, not as a pad.
    pub title: Option<String>,
    /// The players in seat order, as the roster spells them now.
    pub players: Vec<String>,
    /// How many periods have closed (or turns been played, for a game without periods).
    pub played: usize,
    /// What a period is called ("round", "hand"); none for a game of turns.
    pub period: Option<&'static str>,
    /// When the last entry was recorded, or the session made if it has none (RFC 3339).
    pub last_change: String,
    /// The match is decided.
    pub finished: bool,
    /// Who won, once the match is over and someone did (several on a tie).
    pub winners: Vec<String>,
}

/// A session written out: everything an export (JSON, CSV, Markdown, the chart) is
/// made of.
#[derive(Debug, Clone)]
pub struct Report {
    /// The game, as `umpire new` takes it and the header stores it.
    pub game: &'static str,
    /// The game as a person writes it ("Take Two", or a score pad's `--title`), for an
    /// export's heading.
    pub title: String,
    /// The session's name.
    pub name: String,
    /// When the session was started (RFC 3339), from the log's header.
    pub created: String,
    /// The game's options as the header holds them (null if they do not serialise).
    pub options: Value,
    /// The options in words as they stand now, as the banner says them ("to 300
    /// points; ...").
    pub terms: String,
    /// The options in words as the session was started with them: not `terms` when
    /// the match changed them since (`target 300`, `rounds 8`, `finish`).
    pub terms_at_start: String,
    /// The word rules in force, for a game that judges words.
    pub rules: Option<String>,
    /// The standings at export: every round or hand, the totals, the result.
    pub standings: Standings,
    /// The game's own table.
    pub view: TableView,
    /// The game's own fields for the JSON export.
    pub extra: Map<String, Value>,
    /// Every ruling that stands, with the time it was given.
    pub rulings: Vec<RulingRecord>,
    /// The notes that stand, with the time each was written.
    pub notes: Vec<(String, String)>,
}

/// A session as every front end sees it, whatever its game.
pub trait AnySession: Send {
    /// The session's name, as `resume` and `open` take it.
    fn name(&self) -> &str;
    /// The game, as `umpire new` takes it and the header stores it.
    fn game(&self) -> &'static str;
    /// The game as a person writes it ("Take Two").
    fn title(&self) -> &'static str;
    /// The game this session keeps, as the banner, the prompt, the page and the exports
    /// name it: a score pad's `--title` ("Hearts"), or the game's own title.
    fn shown_title(&self) -> String;
    /// The game as the prompt and the banner name it: a score pad's `--title`, or the
    /// game as `new` takes it (`take-two`).
    fn shown_name(&self) -> String;
    /// Where its log is.
    fn path(&self) -> &Path;
    /// Where the game stands: "r3", "t14", "over".
    fn progress(&self) -> Progress;
    /// The game's options as they stand now, in its words ("5 rounds; default tiles").
    fn options_text(&self) -> String;
    /// What the table needs to hear when the session opens or resumes: the standings'
    /// status and the game's own situation (whose turn, the pool, the centre).
    fn situation(&self) -> Vec<String>;
    /// Every verb the session answers: the game's, then the shared ones it uses.
    fn verbs(&self) -> Vec<&'static Verb>;
    /// The game's own verbs.
    fn game_verbs(&self) -> Vec<&'static Verb>;
    /// The refusal of `verb`, which this session does not take: a word ruling's in a
    /// game that judges no words says so; any other is an unknown verb, with the
    /// nearest of the session's verbs and the front end's own (`also`). Every front
    /// end says it with this one reply.
    fn refuse_verb(&self, verb: &str, also: &[&str]) -> Outcome;
    /// The players in seat order, as the roster spells them now.
    fn players(&self) -> Vec<String>;
    /// Words seen in the session (rulings, plays), for completion.
    fn words(&self) -> Vec<String>;
    /// What opening the log found worth saying (damage set aside, events skipped),
    /// each kind past its first few summarised.
    fn warnings(&self) -> &[crate::session::Warning];
    /// The warnings counted: entries left out, and entries shown cut.
    fn warned(&self) -> crate::session::Warned;
    /// The session's word rules.
    fn rules(&self) -> &Rules;
    /// The game judges words (its rules are part of the session).
    fn judges_words(&self) -> bool;
    /// Completions for an argument the game completes itself (cards not yet placed,
    /// squares still open).
    fn complete(&self, kind: &str) -> Vec<String>;
    /// Checks one row of a block verb as it is typed (row numbers from 1).
    fn check_row(&self, verb: &str, number: usize, row: &str) -> Result<(), Refusal>;
    /// Runs one command from the front end whose desk is `desk`. `block` holds the
    /// lines a block verb read.
    fn run(&mut self, desk: &mut Desk, verb: &str, args: &str, block: Option<&[String]>)
    -> Outcome;
    /// Answers the question waiting at `desk`.
    fn answer(&mut self, desk: &mut Desk, yes: bool) -> Outcome;
    /// The standings now: every round or hand, the totals, the result or status.
    fn standings(&self) -> Standings;
    /// Every entry as `history` lists it, oldest first. It replays the match.
    fn history(&self) -> Vec<crate::session::face::outcome::HistoryRow>;
    /// Every row of [`AnySession::history`] (only those of round, hand or turn `only`
    /// when given, as `history N` lists them), oldest first, each handed to `visit` as
    /// it is made: a long evening's are never all held at once. Each call replays the
    /// match.
    fn each_history_row(
        &self,
        only: Option<u32>,
        visit: &mut dyn FnMut(crate::session::face::outcome::HistoryRow),
    );
    /// How far the log goes: the last entry's number (0 for none). Every change to the
    /// session appends an entry, so a front end that keeps what it drew of the session
    /// knows by this whether it is still true.
    fn last_seq(&self) -> u64;
    /// What the line a phone sent as `id` came to, when the log holds entries it
    /// recorded: the same line sent again (its answer lost: the scorekeeper's machine
    /// stopped, or the network) is answered with them and records nothing. `None` for
    /// a line never recorded, which runs as any line does.
    fn sent_before(&self, id: &str) -> Option<Outcome>;
    /// The game's own table.
    fn table_view(&self) -> TableView;
    /// The spans of the table view's text blocks to show styled (covered squares).
    fn table_highlights(&self) -> Vec<Highlight>;
    /// Everything an export is made of.
    fn report(&self) -> Report;
    /// [`AnySession::report`] with its rulings and notes left empty, for an export that
    /// takes them from [`AnySession::each_ruling`] and [`AnySession::each_note`].
    fn report_head(&self) -> Report;
    /// When the session was started (RFC 3339), from the log's header: the league
    /// takes sessions in this order.
    fn created(&self) -> &str;
    /// The one line `umpire sessions` lists for it.
    fn summary(&self) -> Summary;
    /// Every ruling given, with its time and the seat of the player it was about.
    fn rulings(&self) -> Vec<RulingRecord>;
    /// The notes that stand, oldest first.
    fn notes(&self) -> Vec<String>;
    /// Every ruling of [`AnySession::rulings`], in its order, each handed to `visit` as
    /// it is made (a long evening's are never all held at once).
    fn each_ruling(&self, visit: &mut dyn FnMut(RulingRecord));
    /// The notes that stand, with their times, as [`AnySession::each_ruling`] hands
    /// out the rulings.
    fn each_note(&self, visit: &mut dyn FnMut(&str, &str));
    /// The last `n` of [`AnySession::rulings`], the others never held.
    fn last_rulings(&self, n: usize) -> Vec<RulingRecord>;
    /// The last `n` of [`AnySession::notes`], the others never held.
    fn last_notes(&self, n: usize) -> Vec<String>;
    /// The entry recorded last, as `history` says it.
    fn latest(&self) -> Option<Latest>;
    /// Takes in the entries another process appended to the log since this session
    /// was read (read-only, for the scoreboard), applied on top of the table it holds;
    /// says what they were and what they ruled.
    fn follow(&mut self, new: Vec<crate::session::log::store::RawLine>)
    -> crate::session::Followed;
}

/// The entry recorded last, as the scoreboard shows it ("bob left Q Z: 20").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Latest {
    pub(crate) seq: u64,
    /// What it records; an undo names the entry it took back.
    pub told: Told,
    /// What the undo took back, when the entry is an undo.
    pub undid: Option<Told>,
    /// The entry is a ruling.
    pub(crate) ruling: bool,
}

impl<G: Game> AnySession for Session<G> {
    fn name(&self) -> &str {
        &self.fold.header.name
    }

    fn game(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn shown_title(&self) -> String {
        G::title(&self.fold.header.options)
            .unwrap_or(G::TITLE)
            .to_string()
    }

    fn shown_name(&self) -> String {
        G::title(&self.fold.header.options)
            .unwrap_or(G::NAME)
            .to_string()
    }

    fn path(&self) -> &Path {
        self.journal.path()
    }

    fn progress(&self) -> Progress {
        G::progress(&self.fold.scene())
    }

    fn options_text(&self) -> String {
        G::describe_now(&self.fold.scene())
    }

    fn situation(&self) -> Vec<String> {
        let mut lines = vec![self.fold.standings().status];
        lines.extend(G::situation(&self.fold.scene()));
        lines.retain(|l| !l.is_empty());
        lines
    }

    fn verbs(&self) -> Vec<&'static Verb> {
        let words = !G::RULE_SETS.is_empty();
        G::verbs()
            .into_iter()
            .chain(verbs::SHARED_VERBS.iter())
            .filter(|v| words || !verbs::RULINGS.contains(&v.name))
            .collect()
    }

    fn game_verbs(&self) -> Vec<&'static Verb> {
        G::verbs()
    }

    fn refuse_verb(&self, verb: &str, also: &[&str]) -> Outcome {
        let verb = verb.to_ascii_lowercase();
        if let Some(v) = verbs::RULINGS.iter().find(|v| **v == verb)
            && G::RULE_SETS.is_empty()
        {
            return Outcome::refused(CoreError::NoWordRulings {
                verb: v.to_string(),
                game: G::NAME,
            });
        }
        let names = self.verbs().into_iter().map(|v| v.name);
        Outcome::refused(CoreError::UnknownVerb {
            near: crate::text::did_you_mean(&verb, names.chain(also.iter().copied()))
                .map(|v| format!(" (did you mean \"{v}\"?)"))
                .unwrap_or_default(),
            verb: crate::text::printable(&verb),
        })
    }

    fn players(&self) -> Vec<String> {
        self.fold.roster.names().to_vec()
    }

    fn words(&self) -> Vec<String> {
        self.fold.words().iter().cloned().collect()
    }

    fn warnings(&self) -> &[crate::session::Warning] {
        self.warnings.lines()
    }

    fn warned(&self) -> crate::session::Warned {
        self.warnings.warned()
    }

    fn rules(&self) -> &Rules {
        &self.fold.rules
    }

    fn judges_words(&self) -> bool {
        !G::RULE_SETS.is_empty()
    }

    fn complete(&self, kind: &str) -> Vec<String> {
        G::complete(&self.fold.scene(), kind)
    }

    fn check_row(&self, verb: &str, number: usize, row: &str) -> Result<(), Refusal> {
        G::check_row(verb, number, row)
    }

    fn run(
        &mut self,
        desk: &mut Desk,
        verb: &str,
        args: &str,
        block: Option<&[String]>,
    ) -> Outcome {
        desk.pending = None;
        let after_refusal = std::mem::replace(&mut desk.after_refusal, false);
        let logged = self.fold.entries.len();
        self.by = desk.by();
        self.line = desk.line_id().map(str::to_string);
        let outcome = self.dispatch(desk, verb, args, block, after_refusal);
        self.by = None;
        self.line = None;
        // Only a refusal that recorded nothing (not a move ruled out, whose ruling is
        // kept) makes the next `undo` say the refused line recorded nothing.
        desk.after_refusal = outcome.refused && self.fold.entries.len() == logged;
        outcome
    }

    fn answer(&mut self, desk: &mut Desk, yes: bool) -> Outcome {
        self.by = desk.by();
        self.line = desk.line_id().map(str::to_string);
        let outcome = self.answer_at(desk, yes);
        self.by = None;
        self.line = None;
        outcome
    }

    fn standings(&self) -> Standings {
        self.fold.standings()
    }

    fn history(&self) -> Vec<crate::session::face::outcome::HistoryRow> {
        self.fold.history(None)
    }

    fn each_history_row(
        &self,
        only: Option<u32>,
        visit: &mut dyn FnMut(crate::session::face::outcome::HistoryRow),
    ) {
        self.fold.each_history_row(only, visit);
    }

    fn sent_before(&self, id: &str) -> Option<Outcome> {
        let seqs = self.journal.sent(id);
        if seqs.is_empty() {
            return None;
        }
        let mut entries = Vec::with_capacity(seqs.len());
        self.fold.each_history_row(
            None,
            &mut |row: crate::session::face::outcome::HistoryRow| {
                if seqs.contains(&row.seq) {
                    entries.push(row);
                }
            },
        );
        Some(Outcome::of(
            crate::session::face::outcome::Said::SentBefore { entries },
        ))
    }

    fn last_seq(&self) -> u64 {
        self.fold.entries.last_seq().unwrap_or(0)
    }

    fn table_view(&self) -> TableView {
        G::table(&self.fold.scene())
    }

    fn table_highlights(&self) -> Vec<Highlight> {
        G::highlights(&self.fold.scene())
    }

    fn report(&self) -> Report {
        Report {
            rulings: self.fold.rulings(),
            notes: self.fold.notes_at(),
            ..self.report_head()
        }
    }

    fn created(&self) -> &str {
        &self.fold.header.created
    }

    fn report_head(&self) -> Report {
        let header = &self.fold.header;
        Report {
            game: G::NAME,
            title: self.shown_title(),
            name: header.name.clone(),
            created: header.created.clone(),
            options: serde_json::to_value(&header.options).unwrap_or(Value::Null),
            terms: G::describe_now(&self.fold.scene()),
            terms_at_start: G::describe_options(&header.options),
            rules: (!G::RULE_SETS.is_empty()).then(|| self.fold.rules.describe()),
            standings: self.fold.standings(),
            view: G::table(&self.fold.scene()),
            extra: G::export(&self.fold.scene()),
            rulings: Vec::new(),
            notes: Vec::new(),
        }
    }

    fn summary(&self) -> Summary {
        let standings = self.fold.standings();
        Summary {
            name: self.fold.header.name.clone(),
            game: G::NAME,
            title: G::title(&self.fold.header.options).map(str::to_string),
            players: self.fold.roster.names().to_vec(),
            played: standings.played(),
            period: standings.period_name(),
            last_change: self
                .fold
                .entries
                .last()
                .map_or_else(|| self.fold.header.created.clone(), |e| e.at.clone()),
            finished: standings.finished,
            winners: standings.won().map(|w| w.winners).unwrap_or_default(),
        }
    }

    fn rulings(&self) -> Vec<RulingRecord> {
        self.fold.rulings()
    }

    fn notes(&self) -> Vec<String> {
        self.last_notes(usize::MAX)
    }

    fn each_ruling(&self, visit: &mut dyn FnMut(RulingRecord)) {
        self.fold.each_ruling(visit);
    }

    fn each_note(&self, visit: &mut dyn FnMut(&str, &str)) {
        self.fold.each_note(visit);
    }

    fn last_rulings(&self, n: usize) -> Vec<RulingRecord> {
        self.fold.last_rulings(n)
    }

    fn last_notes(&self, n: usize) -> Vec<String> {
        self.fold
            .last_notes(n)
            .into_iter()
            .map(|(_, text)| text)
            .collect()
    }

    fn follow(
        &mut self,
        new: Vec<crate::session::log::store::RawLine>,
    ) -> crate::session::Followed {
        self.follow_entries(new)
    }

    fn latest(&self) -> Option<Latest> {
        let last = self.fold.entries.last()?;
        let undid = match &last.event {
            Event::Core(CoreEvent::Undone { seq }) => Some(self.fold.entry_told(*seq)),
            _ => None,
        };
        Some(Latest {
            seq: last.seq,
            told: self.fold.entry_told(last.seq),
            undid,
            ruling: matches!(last.event, Event::Core(CoreEvent::Ruled { .. })),
        })
    }
}

impl<G: Game> Session<G> {
    /// One command, to the shared verb or the game's.
    fn dispatch(
        &mut self,
        desk: &mut Desk,
        verb: &str,
        args: &str,
        block: Option<&[String]>,
        after_refusal: bool,
    ) -> Outcome {
        match verb {
            "score" => self.score(),
            "table" => self.table(),
            "undo" if args.trim().is_empty() => self.undo(after_refusal),
            "undo" => Outcome::refused(CoreError::UndoArgs),
            "redo" if args.trim().is_empty() => self.redo(),
            "redo" => Outcome::refused(CoreError::RedoArgs),
            "fix" => match args.trim().strip_prefix('#') {
                Some(rest) => {
                    let (number, line) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                    self.fix_entry(desk, number, line)
                }
                None if G::PERIOD.is_some() => self.fix_period(args),
                None => Outcome::refused(CoreError::FixHow {
                    example: "fix #7 ...".to_string(),
                }),
            },
            v if G::RULE_SETS.is_empty() && verbs::RULINGS.contains(&v) => self.refuse_verb(v, &[]),
            "allow" => self.house(true, args),
            "deny" => self.house(false, args),
            "chart" => Outcome::of(crate::session::face::outcome::Said::Chart {
                standings: self.fold.standings(),
            }),
            "check" => self.check(args),
            "players" => self.players(),
            "define" => self.define(args),
            "history" => self.history(args, desk.streams_history()),
            "rulings" => self.rulings_said(),
            "reveal" => self.reveal(),
            "note" => self.note(args),
            "add" => self.add(args),
            "rename" => self.rename(args),
            // A game's dispatch meets only the verbs it declares.
            v if !G::verbs().iter().any(|g| g.name == v) => self.refuse_verb(v, &[]),
            _ => {
                let outcome = match G::command(&self.ctx(desk.script()), verb, args, block) {
                    Ok(action) => {
                        let said = match action.record.as_slice() {
                            [Event::Game(event)] if action.ask.is_none() => {
                                G::said_back(&self.fold.scene(), verb, args, event)
                            }
                            _ => None,
                        };
                        let mut outcome = self.run_action(desk, action);
                        if let Some(text) = said {
                            crate::session::record::recording::said_as(&mut outcome, text);
                        }
                        outcome
                    }
                    Err(why) => Outcome::refused(why),
                };
                self.mended(verb, args, outcome)
            }
        }
    }
}
