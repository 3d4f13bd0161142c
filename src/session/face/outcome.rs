//! [`Outcome`]: what a command came to, as data. The core says what happened (an entry
//! recorded and whose standing it moved, a refusal and its typed reason, a question,
//! the standings or the table asked for) and makes no text for people: the terminal,
//! the page and JSON each say it their own way. This is ripgrep's split between the
//! searcher and its printers: one search, several faces, none of them inside it.

use serde::Serialize;

use crate::contract::event::Ruling;
use crate::contract::{Highlight, Refusal, Standings, TableView, Unit, Won};
use crate::lexicon::Verdict;

/// What one command came to.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Outcome {
    /// What the command says, in order.
    pub said: Vec<Said>,
    /// The command was refused (a script exits 1); a ruling it gave may still be kept.
    pub refused: bool,
    /// A question the next yes or no answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question: Option<Question>,
}

/// A question put to whoever typed the line: on yes, what it offers is recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "asks", rename_all = "kebab-case")]
pub enum Question {
    /// The game's own question, in its words ("record +25 for dan (NASA)?").
    Game {
        /// The question as the game puts it, ready to show whoever typed the line.
        text: String,
    },
    /// A word about to be penalised was ruled allowed earlier: record it anyway?
    AllowedBefore {
        /// For each word about to be penalised, the earlier ruling that allowed it.
        earlier: Vec<Earlier>,
    },
    /// `fix #N LINE` would break later entries that used what entry N held (a make of
    /// the letter a draw typed wrong): carry the change into them as these lines too?
    Carry {
        /// The entry being fixed.
        seq: u64,
        /// The line it is fixed to.
        line: String,
        /// The later entries the change would be carried into.
        carried: Vec<CarriedInto>,
    },
}

/// A later entry a fix would carry its change into: what it records now, and the line
/// that would stand in its place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CarriedInto {
    /// The later entry's number.
    pub seq: u64,
    /// What it records now.
    pub was: Told,
    /// The line that would stand in its place.
    pub line: String,
}

impl Outcome {
    /// An outcome that says one thing.
    pub(crate) fn of(said: Said) -> Outcome {
        Outcome {
            said: vec![said],
            ..Outcome::default()
        }
    }

    /// A command refused before it could record anything: nothing changed.
    pub(crate) fn refused(refusal: impl Into<Refusal>) -> Outcome {
        Outcome {
            said: vec![Said::Refused {
                refusal: refusal.into(),
                nothing_changed: true,
            }],
            refused: true,
            question: None,
        }
    }

    /// A command that records nothing in any case could not do its job.
    pub(crate) fn not_done(what: NotDone, refusal: impl Into<Refusal>) -> Outcome {
        Outcome {
            said: vec![Said::NotDone {
                what,
                refusal: refusal.into(),
            }],
            refused: true,
            question: None,
        }
    }

    /// The line changed the log: an entry recorded, an undo or redo, a fix.
    pub fn changed(&self) -> bool {
        self.said
            .iter()
            .any(|s| matches!(s, Said::Recorded(_) | Said::Stepped(_) | Said::Fixed { .. }))
    }

    /// The entries this outcome recorded, in order.
    pub fn recorded(&self) -> impl Iterator<Item = &Recorded> {
        self.said.iter().filter_map(|s| match s {
            Said::Recorded(r) => Some(r),
            _ => None,
        })
    }
}

/// What a command that records nothing in any case failed to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotDone {
    /// A view of the match (`score`, `table`, `chart`, `players`, `history`...).
    Shown,
    /// `export`: no file was written.
    Exported,
    /// `reveal`: there was no ruling to tell in full.
    Revealed,
    /// `define`: no meanings were looked up.
    Defined,
    /// `check`: the words were not judged.
    Checked,
    /// `open`: the session stays as it was.
    Opened,
    /// `serve`: the scoreboard page was not served.
    Served,
    /// Not taken where it was typed (a phone): it is the prompt's.
    Taken,
    /// `start` or `seat` in a room: the room is as it was.
    Seated,
    /// `drop` in a room: the table stays.
    Dropped,
}

impl NotDone {
    /// The past participle, as a refusal says it: "not exported: ...".
    pub fn word(self) -> &'static str {
        match self {
            NotDone::Shown => "shown",
            NotDone::Exported => "exported",
            NotDone::Revealed => "revealed",
            NotDone::Defined => "defined",
            NotDone::Checked => "checked",
            NotDone::Opened => "opened",
            NotDone::Served => "served",
            NotDone::Taken => "taken",
            NotDone::Seated => "seated",
            NotDone::Dropped => "dropped",
        }
    }
}

/// One thing a command says.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "said", rename_all = "kebab-case")]
pub enum Said {
    /// A line the game says in its own words (a hand's state, a hint).
    Line {
        /// The line, complete, in the game's words.
        text: String,
    },
    /// A ruling in full: each word (and where it lies), its verdict and why, remarks
    /// and faults.
    Ruling {
        /// The ruling as recorded in the log.
        ruling: Ruling,
    },
    /// Words checked, with their verdicts.
    Verdicts {
        /// One per word checked, in the order typed.
        verdicts: Vec<Verdict>,
    },
    /// An earlier ruling on a word just checked.
    RuledBefore(Earlier),
    /// An entry recorded, in the game's words, with the standing it leaves its player.
    Recorded(Recorded),
    /// A round or hand closed, or the match ended: the standings in full.
    Closed {
        /// The standings after the round, hand or match closed.
        standings: Standings,
    },
    /// The match (or game) ended with this entry: who won.
    Ended(Won),
    /// A penalised word had been ruled allowed; a script, which cannot be asked,
    /// recorded it all the same.
    RecordedAnyway {
        /// For each word penalised, the earlier ruling that had allowed it.
        earlier: Vec<Earlier>,
    },
    /// A word just denied is held on the table: by `player`, put there by entry `seq`
    /// (when it is found), which the ruling leaves standing.
    Held {
        /// The word denied, as the ruling spelt it.
        word: String,
        /// Who played it, as the roster spells the name.
        player: String,
        /// The entry that put it on the table, for `fix #N`; none when it is not found.
        seq: Option<u64>,
    },
    /// The command was refused. `nothing_changed` is false when entries before the
    /// refused one were recorded.
    Refused {
        /// Why it was refused, typed, with its message.
        refusal: Refusal,
        /// True when the command recorded nothing; false when entries before the
        /// refused one were kept.
        nothing_changed: bool,
    },
    /// A command that records nothing in any case could not do its job.
    NotDone {
        /// The job it failed at, which the refusal names ("not exported: ...").
        what: NotDone,
        /// Why it could not do it.
        refusal: Refusal,
    },
    /// `undo` or `redo` took effect.
    Stepped(Stepped),
    /// An entry skipped before fits again after an undo, redo or fix, and counts.
    FitsAgain {
        /// The entry's number in the log.
        seq: u64,
        /// What the entry records.
        told: Told,
    },
    /// An entry no longer fits after an undo or redo, and is skipped.
    NoLongerFits {
        /// The entry's number in the log.
        seq: u64,
        /// Why the table, as it now stands, refuses it.
        why: Refusal,
    },
    /// `fix #N` replaced entry N.
    Fixed {
        /// The entry replaced, by its number in the log (`#N`).
        seq: u64,
        /// What it recorded before the fix.
        was: Told,
        /// What counts in its place now.
        now: Told,
        /// Where the fix leaves the table.
        change: Change,
    },
    /// The standings: every round or hand, then the totals and the result or status.
    Score {
        /// The standings of the match as it stands.
        standings: Standings,
    },
    /// The game's own table.
    Table {
        /// What is on the table, as the game lays it out.
        view: TableView,
        /// Spans of the view to show styled (covered squares); the text says them too.
        highlights: Vec<Highlight>,
    },
    /// The players, their seats and totals.
    Players {
        /// The standings, read for the roster (names, seats, totals).
        standings: Standings,
    },
    /// The running totals as a chart.
    Chart {
        /// The standings whose running totals are charted.
        standings: Standings,
    },
    /// Entries of the log, oldest first.
    History(History),
    /// Every ruling that stands.
    Rulings {
        /// "round", "hand" or "turn": what the game numbers its rulings by.
        period: &'static str,
        /// The rulings that stand, oldest first.
        rulings: Vec<RulingRecord>,
    },
    /// The last ruling in full.
    Revealed {
        /// "round", "hand" or "turn": what the game numbers its rulings by.
        period: &'static str,
        /// The latest ruling that stands.
        ruling: RulingRecord,
    },
    /// WordNet's meanings of a word, as the judge tells them.
    Definition {
        /// The meanings, or the judge's verdict when WordNet lacks the word.
        text: String,
    },
    /// The answer to a question was no: nothing recorded.
    Declined,
    /// A yes or no with no question waiting for it.
    NoQuestion,
    /// A yes or no typed (`word`) when no question waits: nothing recorded.
    Stray {
        /// The answer, in lower case ("yes", "n").
        word: String,
    },
    /// A line with nothing on it.
    NothingTyped,
    /// A question was waiting and the line typed was not its answer: it is dropped,
    /// nothing recorded for it.
    Dropped,
    /// The answer came after another line (from any front end) recorded entry `seq`:
    /// the question was asked of a table that has moved on, so it was dropped and the
    /// answer records nothing.
    Lapsed {
        /// The question the answer was meant for.
        question: Question,
        /// The last entry recorded since it was put.
        seq: u64,
        /// What that entry records.
        told: Told,
        /// The answer was yes (refused: it would have recorded), not no.
        yes: bool,
    },
    /// The line was sent before, with the same id (a phone sent it again when no answer
    /// came), and recorded these entries then: nothing is recorded again.
    SentBefore {
        /// What it recorded, as `history` lists those entries now (one undone since
        /// says so).
        entries: Vec<HistoryRow>,
    },
}

/// An earlier ruling on a word, found when the word comes up again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Earlier {
    pub(crate) word: String,
    pub(crate) allowed: bool,
    /// When it was given (RFC 3339).
    pub(crate) at: String,
    /// "round", "hand" or "turn", and its number.
    pub(crate) period: &'static str,
    pub(crate) number: u32,
    /// What asked for it: `check`, `take ann CATS from cal`.
    pub(crate) asked: String,
    /// Why, when the ruling was given on a move rather than by `check`.
    pub(crate) why: Option<String>,
    /// The line that takes that ruling back, when the word is now found allowed and
    /// the game says how (Take Two: `pardon cat` for a penalty).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) takes_back: Option<String>,
}

/// What an entry records, for each front end to say: a game's entry in the game's own
/// words, or one of the core's entries as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "entry", rename_all = "kebab-case")]
pub enum Told {
    /// A game's entry, as the game says it ("bob left Q Z X: 28").
    Game {
        /// The entry as the game tells it.
        text: String,
    },
    /// `undo`: an earlier entry no longer counts.
    Undone {
        /// The entry taken back.
        seq: u64,
    },
    /// `redo`: an undone entry counts again.
    Redone {
        /// The entry put back.
        seq: u64,
    },
    /// `note`: a remark for the record, which scores nothing.
    Noted {
        /// The remark as typed.
        text: String,
    },
    /// A word ruling: what asked for it, and each word with its verdict.
    Ruled {
        /// The command that asked for the ruling (`check QI`, a move).
        asked: String,
        /// Each word judged, with true when it was allowed.
        words: Vec<(String, bool)>,
    },
    /// A player joined the table.
    Joined {
        /// Their name, as the roster spells it from now on.
        name: String,
        /// The total they start from, when the house gave one.
        score: Option<i64>,
    },
    /// A player's name changed; their seat and scores stay theirs.
    Renamed {
        /// The name they had.
        from: String,
        /// The name the roster uses from now on.
        to: String,
    },
    /// A round's entry corrected by the first form of `fix` (logs of before one
    /// correction mechanism): the period, its number and the entry.
    Corrected {
        /// "round" or "hand".
        period: &'static str,
        /// The round or hand corrected.
        number: u32,
        /// The corrected entry, as the game tells it.
        text: String,
    },
    /// `fix #N LINE`, as typed.
    Replaced {
        /// The entry replaced (`N`).
        seq: u64,
        /// What was typed in its place.
        line: String,
    },
    /// `allow WORD` or `deny WORD`: the table's ruling, whatever the dictionary says.
    HouseRuled {
        /// The word ruled on.
        word: String,
        /// The table lets the word be played.
        allowed: bool,
        /// The reason given, if any (empty when none).
        why: String,
    },
    /// Several events that count together (a fix's replacement).
    Several {
        /// Each event, in the order recorded.
        told: Vec<Told>,
    },
}

/// One entry recorded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recorded {
    pub(crate) seq: u64,
    /// What it recorded.
    pub(crate) told: Told,
    /// Its player's standing now; none when it is about no player, or when the whole
    /// table follows (a round closed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) standing: Option<Standing>,
    /// A fix of a closed round that no standing follows (a run laid in a closed
    /// hand): the running totals it moved, so the table sees the fix land.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) moved: Vec<Moved>,
}

/// A player's standing: their total, and in a game of rounds or hands their points in
/// the one an entry was for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Standing {
    /// As the entry named them.
    pub(crate) player: String,
    pub(crate) total: i64,
    pub(crate) unit: Unit,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) period: Option<Share>,
}

/// A player's share of one round or hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Share {
    /// "round", "hand".
    pub(crate) name: &'static str,
    /// The round or hand, when one is being played or was corrected.
    pub(crate) number: Option<u32>,
    /// The player's points in it; none while they have no entry.
    pub(crate) points: Option<i64>,
}

/// An entry of the record's own keeping, which changes what other entries count for:
/// `undo`, `redo`, `fix`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Revision {
    Undo,
    Redo,
    Fix,
}

impl Revision {
    /// What it did, as a reply says it (and `--replies json` writes it): "undid".
    pub(crate) fn done(self) -> &'static str {
        match self {
            Revision::Undo => "undid",
            Revision::Redo => "redid",
            Revision::Fix => "fixed",
        }
    }
}

/// What an entry of the log says it does to another, in a warning: "undoes".
impl std::fmt::Display for Revision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Revision::Undo => "undoes",
            Revision::Redo => "redoes",
            Revision::Fix => "fixes",
        })
    }
}

/// [`Revision::done`], as the JSON of a reply has always written a step.
fn done<S: serde::Serializer>(step: &Revision, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(step.done())
}

/// An undo or a redo that took effect.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stepped {
    #[serde(serialize_with = "done")]
    pub(crate) step: Revision,
    /// The entry taken back or put back.
    pub(crate) seq: u64,
    pub(crate) told: Told,
    pub(crate) change: Change,
    /// The line before it was refused and recorded nothing, so this undid the entry
    /// before that line.
    pub(crate) after_refusal: bool,
    /// Where the table stands after it, in the game's words (whose turn, what is
    /// still to enter), when no player's standing says it: the entry's own words tell
    /// the table it left then ("theo to draw"), which an undo takes back.
    pub(crate) now: Vec<String>,
}

/// Where a correction (undo, redo, fix) leaves the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// The standing of the player the entry was about, when it was about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) standing: Option<Standing>,
    /// Otherwise the running totals that moved: the player, their total before (none
    /// for a player who was not there) and now.
    pub(crate) totals: Vec<Moved>,
    /// The match (or game) ended or went on again.
    pub(crate) result: ResultChange,
}

/// A running total that moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Moved {
    pub(crate) player: String,
    pub(crate) was: Option<i64>,
    pub(crate) now: i64,
}

/// What a correction did to the match's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub(crate) enum ResultChange {
    Unchanged,
    /// It ends now, or ends with other winners.
    Decided(Won),
    /// It was over and is not any more; `periods` for a match of rounds or hands.
    Reopened {
        periods: bool,
    },
}

/// The entries of the log, as `history` lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct History {
    /// "round", "hand" or "turn": what the third column numbers.
    pub(crate) period: &'static str,
    /// Only the entries of this round, hand or turn.
    pub(crate) only: Option<u32>,
    /// Every row, oldest first; none when `streamed`.
    pub(crate) rows: Vec<HistoryRow>,
    /// The rows were left out (the desk asked for it: `Desk::stream_history`),
    /// for the front end to take one at a time from
    /// [`crate::session::AnySession::each_history_row`] with `only`.
    #[serde(skip)]
    pub(crate) streamed: bool,
}

/// One entry as `history` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HistoryRow {
    pub(crate) seq: u64,
    /// When it was recorded (RFC 3339).
    pub(crate) at: String,
    /// The round, hand or turn it was recorded in.
    pub(crate) number: u32,
    /// What it records: what counts in its place when a fix stands.
    pub(crate) told: Told,
    pub(crate) counts: Counted,
    /// In `history N`, a fix typed in another period, listed because it corrects an
    /// entry of period N (this number): not an entry of N, nor of `number` as the
    /// listing reads, so a front end shows it apart from the period's own entries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) fixing: Option<u32>,
}

/// How an entry in the history counts now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "counts", rename_all = "kebab-case")]
pub(crate) enum Counted {
    /// As recorded.
    Itself,
    Undone,
    /// Set aside when the log was read: it could never have been typed.
    SetAside {
        why: crate::session::fold::revisions::Aside,
    },
    /// A fix stands in its place (`by` the fix's entry, when known).
    Fixed {
        by: Option<u64>,
        was: Told,
    },
    /// It no longer fits the table and is skipped.
    Skipped,
    /// A fix replaced by a later fix.
    Superseded {
        by: u64,
    },
}

/// A ruling with when it was given and the seat of the player it was about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulingRecord {
    pub(crate) at: String,
    pub(crate) ruling: Ruling,
    pub(crate) seat: Option<usize>,
}

impl Standing {
    /// `player`'s standing in `standings`; after a correction of a closed `round`, with
    /// that round's points rather than the open one's. `None` for a name not at the
    /// table.
    pub(crate) fn of(standings: &Standings, player: &str, round: Option<u32>) -> Option<Standing> {
        let i = standings
            .players
            .iter()
            .position(|p| crate::contract::same_name(p, player))?;
        let total = standings.running.get(i).copied()?;
        let period = standings.periods.as_ref().map(|p| {
            let corrected = round
                .and_then(|n| p.closed.iter().find(|c| c.number == n))
                .and_then(|c| {
                    c.points
                        .get(i)
                        .copied()
                        .flatten()
                        .map(|pts| (c.number, pts))
                });
            match (corrected, &p.open) {
                (Some((number, points)), _) => Share {
                    name: p.name,
                    number: Some(number),
                    points: Some(points),
                },
                (None, Some(open)) => Share {
                    name: p.name,
                    number: Some(open.number),
                    points: open.points.get(i).copied().flatten(),
                },
                (None, None) => Share {
                    name: p.name,
                    number: None,
                    points: None,
                },
            }
        });
        Some(Standing {
            player: player.to_string(),
            total,
            unit: standings.unit,
            period,
        })
    }
}

impl Change {
    /// This change said a part at a time, for a correction of several parts (`fix #N
    /// LINE; #M LINE`), each naming the players in `named`: each total that moved goes
    /// with the first part about its player, the rest with the last, which also says
    /// how the match stands.
    pub(crate) fn split(self, named: &[Vec<String>]) -> Vec<Change> {
        let mut parts: Vec<Change> = named
            .iter()
            .map(|_| Change {
                standing: None,
                totals: Vec::new(),
                result: ResultChange::Unchanged,
            })
            .collect();
        let Some(last) = parts.len().checked_sub(1) else {
            return parts;
        };
        for moved in self.totals {
            let k = named
                .iter()
                .position(|names| names.contains(&moved.player))
                .unwrap_or(last);
            parts[k].totals.push(moved);
        }
        parts[last].result = self.result;
        parts
    }

    /// Where a correction leaves the table: the standing of the player it was about,
    /// else whose totals moved; and whether the match ended or went on again.
    pub(crate) fn between(before: &Standings, after: &Standings, player: Option<&str>) -> Change {
        let standing = player.and_then(|p| Standing::of(after, p, None));
        let totals = if standing.is_some() {
            Vec::new()
        } else {
            after
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
                    (was != Some(now)).then(|| Moved {
                        player: name.clone(),
                        was,
                        now,
                    })
                })
                .collect()
        };
        let result = match (before.won(), after.won()) {
            (was, Some(now)) if was.as_ref() != Some(&now) => ResultChange::Decided(now),
            (Some(_), None) => ResultChange::Reopened {
                periods: after.periods.is_some(),
            },
            _ => ResultChange::Unchanged,
        };
        Change {
            standing,
            totals,
            result,
        }
    }
}

/// The plain sentence of an entry: what `history` lists, what an undo names, and what a
/// refusal quotes when an entry is its reason. A leaf of the vocabulary every front end
/// shares (as an error's message is), not a layout: tables and colours are theirs.
impl std::fmt::Display for Told {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Told::Game { text } => f.write_str(text),
            Told::Undone { seq } => write!(f, "undid entry {seq}"),
            Told::Redone { seq } => write!(f, "redid entry {seq}"),
            Told::Noted { text } => write!(f, "note: {text}"),
            Told::Ruled { asked, words } => {
                write!(f, "ruling ({asked}): ")?;
                for (i, (word, allowed)) in words.iter().enumerate() {
                    let verdict = if *allowed { "allowed" } else { "not allowed" };
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{word} {verdict}")?;
                }
                Ok(())
            }
            Told::Joined { name, score: None } => write!(f, "{name} joins"),
            Told::Joined {
                name,
                score: Some(s),
            } => write!(f, "{name} joins, starting at {s}"),
            Told::Renamed { from, to } => write!(f, "{from} is now {to}"),
            Told::Corrected {
                period,
                number,
                text,
            } => write!(f, "{period} {number} corrected: {text}"),
            Told::Replaced { seq, line } => write!(f, "fix #{seq}: {line}"),
            Told::HouseRuled { word, allowed, why } => {
                let verdict = if *allowed { "allowed" } else { "not allowed" };
                write!(f, "house ruling: {} {verdict}", word.to_uppercase())?;
                if !why.is_empty() {
                    write!(f, " ({why})")?;
                }
                Ok(())
            }
            Told::Several { told } => {
                for (i, t) in told.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{t}")?;
                }
                Ok(())
            }
        }
    }
}
