//! [`AnySession`]: the face a session shows the prompt and the one-shot commands,
//! whatever its game, and its implementation for every [`Session<G>`].

use std::path::Path;

use super::export::{ExportError, Format};
use super::session::Session;
use super::verbs;
use crate::contract::event::Ruling;
use crate::contract::{Game, Highlight, Refusal, Standings, TableView, Verb};
use crate::lexicon::Rules;

/// What a command at the prompt came to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// Text for the scorekeeper, ready to print.
    pub text: String,
    /// Nothing was recorded because the command was refused (a script exits 1).
    pub refused: bool,
    /// A question awaits a yes or no.
    pub ask: Option<String>,
}

impl Reply {
    pub(super) fn show(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub(super) fn refused(why: impl std::fmt::Display) -> Reply {
        Reply {
            text: format!("not recorded: {why}; nothing changed"),
            refused: true,
            ask: None,
        }
    }

    /// A refused command that records nothing in any case, said as what it did not do
    /// ("not exported: ..."): "not recorded" would suggest it might have.
    pub(super) fn not_done(done: &str, why: impl std::fmt::Display) -> Reply {
        Reply {
            text: format!("not {done}: {why}"),
            refused: true,
            ask: None,
        }
    }
}

/// A one-line summary of a session for `umpire sessions`.
#[derive(Debug, Clone)]
pub struct Summary {
    pub name: String,
    pub game: &'static str,
    pub players: Vec<String>,
    /// "3 rounds", "14 turns".
    pub played: String,
    pub last_change: String,
    pub finished: bool,
    pub winner: Option<String>,
}

/// A ruling with when it was given and the seat of the player it was about.
#[derive(Debug, Clone)]
pub struct RulingRecord {
    pub at: String,
    pub ruling: Ruling,
    pub seat: Option<usize>,
}

/// A session as the prompt and the one-shot commands see it, whatever its game.
pub trait AnySession {
    fn name(&self) -> &str;
    fn game(&self) -> &'static str;
    /// The game as a person writes it ("Take Two").
    fn title(&self) -> &'static str;
    /// Where its log is.
    fn path(&self) -> &Path;
    /// "take-two friday r3": the game, the session, where the game stands.
    fn prompt(&self) -> String;
    /// One line naming the game, the players and the options.
    fn banner(&self) -> String;
    /// What the table needs to hear when the session opens or resumes: the standings'
    /// status and the game's own situation (whose turn, the pool, the centre).
    fn situation(&self) -> Vec<String>;
    /// Every verb the session answers: the game's, then the shared ones it uses.
    fn verbs(&self) -> Vec<&'static Verb>;
    /// The game's own verbs.
    fn game_verbs(&self) -> &'static [Verb];
    fn players(&self) -> Vec<String>;
    /// Words seen in the session (rulings, plays), for completion.
    fn words(&self) -> Vec<String>;
    /// What opening the log found worth saying (damage set aside, events skipped).
    fn warnings(&self) -> &[String];
    /// The session's word rules.
    fn rules(&self) -> &Rules;
    /// The game judges words (its rules are part of the session).
    fn judges_words(&self) -> bool;
    /// Completions for an argument the game completes itself (cards not yet placed,
    /// squares still open).
    fn complete(&self, kind: &str) -> Vec<String>;
    /// Checks one row of a block verb as it is typed (row numbers from 1).
    fn check_row(&self, verb: &str, number: usize, row: &str) -> Result<(), Refusal>;
    /// Runs one command. `block` holds the lines a block verb read.
    fn run(&mut self, verb: &str, args: &str, block: Option<&[String]>) -> Reply;
    /// The question awaiting a yes or no, if any.
    fn pending(&self) -> Option<&str>;
    /// Answers the pending question.
    fn answer(&mut self, yes: bool) -> Reply;
    /// Forgets a pending question (the scorekeeper typed something else).
    fn drop_question(&mut self);
    /// The prompt refused a line before it reached the session (an unknown verb): an
    /// `undo` next says that line recorded nothing, as after any refusal.
    fn refused_elsewhere(&mut self);
    fn standings(&self) -> Standings;
    /// The game's own table.
    fn table_view(&self) -> TableView;
    /// The spans of the table view's text blocks to show styled (covered squares).
    fn table_highlights(&self) -> Vec<Highlight>;
    fn export(&self, format: Format) -> Result<String, ExportError>;
    fn summary(&self) -> Summary;
    /// Every ruling given, with its time and the seat of the player it was about.
    fn rulings(&self) -> Vec<RulingRecord>;
    /// The notes that stand, oldest first.
    fn notes(&self) -> Vec<String>;
    /// The entry recorded last, in words, as `history` says it.
    fn latest(&self) -> Option<Latest>;
    /// Takes in the entries another process appended to the log since this session
    /// was read (read-only, for the scoreboard), applied on top of the table it holds;
    /// says what they were and what they ruled.
    fn follow(&mut self, new: Vec<super::store::RawEntry>) -> super::Followed;
}

/// The entry recorded last, as the scoreboard shows it ("bob left Q Z: 20").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Latest {
    pub seq: u64,
    /// The entry in words; an undo names the entry it took back.
    pub text: String,
    /// The entry is a ruling.
    pub ruling: bool,
}

impl<G: Game> AnySession for Session<G> {
    fn name(&self) -> &str {
        &self.header.name
    }

    fn game(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn path(&self) -> &Path {
        &self.path
    }

    fn prompt(&self) -> String {
        let progress = G::progress(&self.scene());
        let name = &self.header.name;
        // A default name already starts with the game's ("take-two-2026-11-22").
        if name.starts_with(G::NAME) {
            format!("{name} {}", progress.label)
        } else {
            format!("{} {name} {}", G::NAME, progress.label)
        }
    }

    fn banner(&self) -> String {
        let words = if G::RULE_SETS.is_empty() {
            String::new()
        } else {
            format!("; words: {}", self.rules.describe())
        };
        format!(
            "{} {:?}: {}; {}{words}",
            G::NAME,
            self.header.name,
            self.roster.names().join(", "),
            G::describe_now(&self.scene()),
        )
    }

    fn situation(&self) -> Vec<String> {
        let mut lines = vec![self.standings_now().status];
        lines.extend(G::situation(&self.scene()));
        lines.retain(|l| !l.is_empty());
        lines
    }

    fn verbs(&self) -> Vec<&'static Verb> {
        G::verbs()
            .iter()
            .chain(verbs::SHARED_VERBS.iter())
            .collect()
    }

    fn game_verbs(&self) -> &'static [Verb] {
        G::verbs()
    }

    fn players(&self) -> Vec<String> {
        self.roster.names().to_vec()
    }

    fn words(&self) -> Vec<String> {
        let mut words = std::collections::BTreeSet::new();
        for e in &self.entries {
            match &e.event {
                crate::contract::event::Event::Core(crate::contract::event::CoreEvent::Ruled {
                    ruling,
                }) => {
                    words.extend(ruling.words.iter().map(|v| v.word.to_ascii_lowercase()));
                }
                crate::contract::event::Event::Game(g) => words.extend(G::words(g)),
                _ => {}
            }
        }
        words.into_iter().collect()
    }

    fn warnings(&self) -> &[String] {
        &self.warnings
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn judges_words(&self) -> bool {
        !G::RULE_SETS.is_empty()
    }

    fn complete(&self, kind: &str) -> Vec<String> {
        G::complete(&self.scene(), kind)
    }

    fn check_row(&self, verb: &str, number: usize, row: &str) -> Result<(), Refusal> {
        G::check_row(verb, number, row)
    }

    fn run(&mut self, verb: &str, args: &str, block: Option<&[String]>) -> Reply {
        self.pending = None;
        let after_refusal = std::mem::replace(&mut self.last_refused, false);
        let logged = self.entries.len();
        let reply = self.dispatch(verb, args, block, after_refusal);
        // Only a refusal that recorded nothing (not a move ruled out, whose ruling is
        // kept) makes the next `undo` say the refused line recorded nothing.
        self.last_refused = reply.refused && self.entries.len() == logged;
        reply
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

    fn drop_question(&mut self) {
        self.pending = None;
    }

    fn refused_elsewhere(&mut self) {
        self.last_refused = true;
    }

    fn standings(&self) -> Standings {
        self.standings_now()
    }

    fn table_view(&self) -> TableView {
        G::table(&self.scene())
    }

    fn table_highlights(&self) -> Vec<Highlight> {
        G::highlights(&self.scene())
    }

    fn export(&self, format: Format) -> Result<String, ExportError> {
        self.export_text(format)
    }

    fn summary(&self) -> Summary {
        let standings = self.standings_now();
        Summary {
            name: self.header.name.clone(),
            game: G::NAME,
            players: self.roster.names().to_vec(),
            played: standings.played_text(),
            last_change: self
                .entries
                .last()
                .map_or_else(|| self.header.created.clone(), |e| e.at.clone()),
            finished: standings.finished,
            winner: standings.winner_names(),
        }
    }

    fn rulings(&self) -> Vec<RulingRecord> {
        self.rulings_by_seat()
            .into_iter()
            .map(|(at, ruling, seat)| RulingRecord { at, ruling, seat })
            .collect()
    }

    fn notes(&self) -> Vec<String> {
        self.notes_at().into_iter().map(|(_, text)| text).collect()
    }

    fn follow(&mut self, new: Vec<super::store::RawEntry>) -> super::Followed {
        self.follow_entries(new)
    }

    fn latest(&self) -> Option<Latest> {
        use crate::contract::event::{CoreEvent, Event};
        let last = self.entries.last()?;
        let text = match &last.event {
            Event::Core(CoreEvent::Undone { seq }) => {
                format!("undid entry {seq}: {}", self.entry_text(*seq))
            }
            _ => self.entry_text(last.seq),
        };
        Some(Latest {
            seq: last.seq,
            text,
            ruling: matches!(last.event, Event::Core(CoreEvent::Ruled { .. })),
        })
    }
}

impl<G: Game> Session<G> {
    /// One command, to the shared verb or the game's.
    fn dispatch(
        &mut self,
        verb: &str,
        args: &str,
        block: Option<&[String]>,
        after_refusal: bool,
    ) -> Reply {
        match verb {
            "score" => self.score(),
            "table" => self.table(),
            "undo" if args.trim().is_empty() => self.undo(after_refusal),
            "undo" => Reply::refused("undo takes no arguments: it takes back the last entry"),
            "redo" if args.trim().is_empty() => self.redo(),
            "redo" => {
                Reply::refused("redo takes no arguments: it puts back what the last undo took")
            }
            "fix" => match args.trim().strip_prefix('#') {
                Some(rest) => {
                    let (number, line) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                    self.fix_entry(number, line)
                }
                None if G::PERIOD.is_some() => self.fix(args),
                None => Reply::refused(
                    "fix takes #N and the line entry N should have been, e.g. fix #7 ... (`history` numbers the entries)",
                ),
            },
            "allow" => self.house(true, args),
            "deny" => self.house(false, args),
            "chart" => Reply::show(crate::chart::text(&self.standings_now(), 12)),
            "check" => self.check(args),
            "players" => self.players_table(),
            "define" => self.define(args),
            "history" => self.history(args),
            "rulings" => self.rulings_text(),
            "reveal" => self.reveal(),
            "export" => self.export_verb(args),
            "note" => self.note(args),
            "add" => self.add(args),
            "rename" => self.rename(args),
            _ => match G::command(&self.ctx(), verb, args, block) {
                Ok(action) => self.run_action(action),
                Err(why) => Reply::refused(why),
            },
        }
    }
}
