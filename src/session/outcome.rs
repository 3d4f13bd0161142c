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
    Game { text: String },
    /// A word about to be penalised was ruled allowed earlier: record it anyway?
    AllowedBefore { earlier: Vec<Earlier> },
    /// `fix #N LINE` would break later entries that used what entry N held (a make of
    /// the letter a draw typed wrong): carry the change into them as these lines too?
    Carry {
        seq: u64,
        line: String,
        carried: Vec<CarriedInto>,
    },
}

/// A later entry a fix would carry its change into: what it records now, and the line
/// that would stand in its place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CarriedInto {
    pub seq: u64,
    pub was: Told,
    pub line: String,
}

impl Outcome {
    /// An outcome that says one thing.
    pub fn of(said: Said) -> Outcome {
        Outcome {
            said: vec![said],
            ..Outcome::default()
        }
    }

    /// A command refused before it could record anything: nothing changed.
    pub fn refused(refusal: impl Into<Refusal>) -> Outcome {
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
    pub fn not_done(what: NotDone, refusal: impl Into<Refusal>) -> Outcome {
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
    Shown,
    Exported,
    Revealed,
    Defined,
    Checked,
    Opened,
    Served,
    /// Not taken where it was typed (a phone): it is the prompt's.
    Taken,
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
        }
    }
}

/// One thing a command says.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "said", rename_all = "kebab-case")]
pub enum Said {
    /// A line the game says in its own words (a hand's state, a hint).
    Line { text: String },
    /// A ruling in full: each word (and where it lies), its verdict and why, remarks
    /// and faults.
    Ruling { ruling: Ruling },
    /// Words checked, with their verdicts.
    Verdicts { verdicts: Vec<Verdict> },
    /// An earlier ruling on a word just checked.
    RuledBefore(Earlier),
    /// An entry recorded, in the game's words, with the standing it leaves its player.
    Recorded(Recorded),
    /// A round or hand closed, or the match ended: the standings in full.
    Closed { standings: Standings },
    /// The match (or game) ended with this entry: who won.
    Ended(Won),
    /// A penalised word had been ruled allowed; a script, which cannot be asked,
    /// recorded it all the same.
    RecordedAnyway { earlier: Vec<Earlier> },
    /// A word just denied is held on the table: by `player`, put there by entry `seq`
    /// (when it is found), which the ruling leaves standing.
    Held {
        word: String,
        player: String,
        seq: Option<u64>,
    },
    /// The command was refused. `nothing_changed` is false when entries before the
    /// refused one were recorded.
    Refused {
        refusal: Refusal,
        nothing_changed: bool,
    },
    /// A command that records nothing in any case could not do its job.
    NotDone { what: NotDone, refusal: Refusal },
    /// `undo` or `redo` took effect.
    Stepped(Stepped),
    /// An entry skipped before fits again after an undo, redo or fix, and counts.
    FitsAgain { seq: u64, told: Told },
    /// An entry no longer fits after an undo or redo, and is skipped.
    NoLongerFits { seq: u64, why: Refusal },
    /// `fix #N` replaced entry N.
    Fixed {
        seq: u64,
        was: Told,
        now: Told,
        change: Change,
    },
    /// The standings: every round or hand, then the totals and the result or status.
    Score { standings: Standings },
    /// The game's own table.
    Table {
        view: TableView,
        highlights: Vec<Highlight>,
    },
    /// The players, their seats and totals.
    Players { standings: Standings },
    /// The running totals as a chart.
    Chart { standings: Standings },
    /// Entries of the log, oldest first.
    History(History),
    /// Every ruling that stands.
    Rulings {
        period: &'static str,
        rulings: Vec<RulingRecord>,
    },
    /// The last ruling in full.
    Revealed {
        period: &'static str,
        ruling: RulingRecord,
    },
    /// WordNet's meanings of a word, as the judge tells them.
    Definition { text: String },
    /// The answer to a question was no: nothing recorded.
    Declined,
    /// A yes or no with no question waiting for it.
    NoQuestion,
    /// A yes or no typed (`word`) when no question waits: nothing recorded.
    Stray { word: String },
    /// A line with nothing on it.
    NothingTyped,
    /// A question was waiting and the line typed was not its answer: it is dropped,
    /// nothing recorded for it.
    Dropped,
}

/// An earlier ruling on a word, found when the word comes up again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Earlier {
    pub word: String,
    pub allowed: bool,
    /// When it was given (RFC 3339).
    pub at: String,
    /// "round", "hand" or "turn", and its number.
    pub period: &'static str,
    pub number: u32,
    /// What asked for it: `check`, `take ann CATS from cal`.
    pub asked: String,
    /// Why, when the ruling was given on a move rather than by `check`.
    pub why: Option<String>,
}

/// What an entry records, for each front end to say: a game's entry in the game's own
/// words, or one of the core's entries as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "entry", rename_all = "kebab-case")]
pub enum Told {
    /// A game's entry, as the game says it ("bob left Q Z X: 28").
    Game {
        text: String,
    },
    Undone {
        seq: u64,
    },
    Redone {
        seq: u64,
    },
    Noted {
        text: String,
    },
    /// A word ruling: what asked for it, and each word with its verdict.
    Ruled {
        asked: String,
        words: Vec<(String, bool)>,
    },
    Joined {
        name: String,
        score: Option<i64>,
    },
    Renamed {
        from: String,
        to: String,
    },
    /// A round's entry corrected by the first form of `fix` (logs of before one
    /// correction mechanism): the period, its number and the entry.
    Corrected {
        period: &'static str,
        number: u32,
        text: String,
    },
    /// `fix #N LINE`, as typed.
    Replaced {
        seq: u64,
        line: String,
    },
    HouseRuled {
        word: String,
        allowed: bool,
        why: String,
    },
    /// Several events that count together (a fix's replacement).
    Several {
        told: Vec<Told>,
    },
}

/// One entry recorded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recorded {
    pub seq: u64,
    /// What it recorded.
    pub told: Told,
    /// Its player's standing now; none when it is about no player, or when the whole
    /// table follows (a round closed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standing: Option<Standing>,
}

/// A player's standing: their total, and in a game of rounds or hands their points in
/// the one an entry was for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// As the entry named them.
    pub player: String,
    pub total: i64,
    pub unit: Unit,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<Share>,
}

/// A player's share of one round or hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Share {
    /// "round", "hand".
    pub name: &'static str,
    /// The round or hand, when one is being played or was corrected.
    pub number: Option<u32>,
    /// The player's points in it; none while they have no entry.
    pub points: Option<i64>,
}

/// `undo` or `redo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    Undid,
    Redid,
}

/// An undo or a redo that took effect.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stepped {
    pub step: Step,
    /// The entry taken back or put back.
    pub seq: u64,
    pub told: Told,
    pub change: Change,
    /// The line before it was refused and recorded nothing, so this undid the entry
    /// before that line.
    pub after_refusal: bool,
}

/// Where a correction (undo, redo, fix) leaves the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// The standing of the player the entry was about, when it was about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standing: Option<Standing>,
    /// Otherwise the running totals that moved: the player, their total before (none
    /// for a player who was not there) and now.
    pub totals: Vec<Moved>,
    /// The match (or game) ended or went on again.
    pub result: ResultChange,
}

/// A running total that moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Moved {
    pub player: String,
    pub was: Option<i64>,
    pub now: i64,
}

/// What a correction did to the match's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum ResultChange {
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
    pub period: &'static str,
    /// Only the entries of this round, hand or turn.
    pub only: Option<u32>,
    pub rows: Vec<HistoryRow>,
}

/// One entry as `history` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HistoryRow {
    pub seq: u64,
    /// When it was recorded (RFC 3339).
    pub at: String,
    /// The round, hand or turn it was recorded in.
    pub number: u32,
    /// What it records: what counts in its place when a fix stands.
    pub told: Told,
    pub counts: Counted,
}

/// How an entry in the history counts now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "counts", rename_all = "kebab-case")]
pub enum Counted {
    /// As recorded.
    Itself,
    Undone,
    /// Set aside when the log was read: it could never have been typed.
    SetAside {
        why: crate::session::tally::Aside,
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
    pub at: String,
    pub ruling: Ruling,
    pub seat: Option<usize>,
}

impl Standing {
    /// `player`'s standing in `standings`; after a correction of a closed `round`, with
    /// that round's points rather than the open one's. `None` for a name not at the
    /// table.
    pub fn of(standings: &Standings, player: &str, round: Option<u32>) -> Option<Standing> {
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
    /// Where a correction leaves the table: the standing of the player it was about,
    /// else whose totals moved; and whether the match ended or went on again.
    pub fn between(before: &Standings, after: &Standings, player: Option<&str>) -> Change {
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
