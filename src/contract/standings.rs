//! The game-neutral picture of a match: what the core renders, exports, charts and
//! counts in `stats`. A game fills one in from its state; the core reads nothing else.
//!
//! Rounds are one game's idea, not the core's: [`Standings::periods`] is there only for
//! games scored round by round (Take Two) or hand by hand (TAKE rummy). A game scored
//! turn by turn (board chips, word taking) leaves it out and still has totals, leaders,
//! winners and a chart ([`Standings::marks`], one mark a turn).

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

/// What a score counts, singular and plural: points, chips, words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Unit {
    pub(crate) one: &'static str,
    pub(crate) many: &'static str,
}

impl Unit {
    /// Points, as most games score (Take Two, TAKE rummy).
    pub const POINTS: Unit = Unit {
        one: "point",
        many: "points",
    };
    /// Chips won from the kitty (Board Chips).
    pub const CHIPS: Unit = Unit {
        one: "chip",
        many: "chips",
    };
    pub(crate) const WORDS: Unit = Unit {
        one: "word",
        many: "words",
    };

    /// "1 chip", "3 chips".
    pub(crate) fn count(self, n: i64) -> String {
        crate::text::count(n, self.one, self.many)
    }
}

/// A per-player column a game adds to its periods (Take Two's penalties, a hand's
/// cards laid): `None` where the player has nothing to show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Column {
    pub(crate) name: &'static str,
    pub(crate) values: Vec<Option<Value>>,
}

impl Column {
    /// A column of a round's own figures called `name`, a value (or none) a seat.
    pub fn new(name: &'static str, values: Vec<Option<Value>>) -> Column {
        Column { name, values }
    }
}

/// Where a player's entry in a round or hand stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryStatus {
    /// Complete.
    Done,
    /// Nothing entered yet.
    Waiting,
    /// Something counts (a penalty) but the entry itself is still to come.
    Partial,
    /// The player had not joined.
    Absent,
}

/// One round or hand.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Period {
    /// Which round or hand it is, from 1.
    pub number: u32,
    /// Per seat; `None`: nothing counts yet (see `entries` for why).
    pub points: Vec<Option<i64>>,
    /// Per seat: where each entry stands.
    pub entries: Vec<EntryStatus>,
    /// The game's own columns.
    pub columns: Vec<Column>,
    /// What each player's entry was, in words ("left Q Z X", "out").
    pub details: Vec<String>,
}

/// The closed rounds (or hands) of a match, each described only when it is read.
///
/// Why not a `Vec<Period>`: the game's state holds its rounds already, and a match of
/// tens of thousands of rounds described all at once cost more than the rest of the
/// session (issue 43: about 900 bytes a round of six players, 70 MB for 78,192
/// rounds). A front end reads them one at a time ([`Closed::iter`]) as it draws or
/// exports them; the game's function describes each from the round it holds.
#[derive(Clone)]
pub struct Closed {
    len: usize,
    describe: Arc<dyn Fn(usize) -> Option<Period> + Send + Sync>,
}

impl Closed {
    /// `len` closed periods, the one at each index (from 0) described by `describe`.
    pub(crate) fn new(
        len: usize,
        describe: impl Fn(usize) -> Option<Period> + Send + Sync + 'static,
    ) -> Closed {
        Closed {
            len,
            describe: Arc::new(describe),
        }
    }

    /// How many periods have closed.
    pub fn len(&self) -> usize {
        self.len
    }

    /// No period has closed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The closed period at `index` (from 0), described now.
    pub fn get(&self, index: usize) -> Option<Period> {
        (index < self.len).then(|| (self.describe)(index)).flatten()
    }

    /// The last period to close.
    pub fn last(&self) -> Option<Period> {
        self.get(self.len.checked_sub(1)?)
    }

    /// Every closed period, oldest first, each described as it is reached.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Period> + '_ {
        self.range(0..self.len)
    }

    /// The closed periods at `indices` (from 0), oldest first.
    pub fn range(
        &self,
        indices: std::ops::Range<usize>,
    ) -> impl DoubleEndedIterator<Item = Period> + '_ {
        (indices.start..indices.end.min(self.len)).filter_map(|i| self.get(i))
    }
}

/// Periods described beforehand (a test's, a page's sample).
impl From<Vec<Period>> for Closed {
    fn from(periods: Vec<Period>) -> Closed {
        let periods = Arc::new(periods);
        Closed::new(periods.len(), move |i| periods.get(i).cloned())
    }
}

impl FromIterator<Period> for Closed {
    fn from_iter<I: IntoIterator<Item = Period>>(periods: I) -> Closed {
        periods.into_iter().collect::<Vec<_>>().into()
    }
}

impl std::fmt::Debug for Closed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Closed {
    fn eq(&self, other: &Closed) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

/// Written as the list it describes, a period at a time.
impl Serialize for Closed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// The rounds (or hands) of a match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Periods {
    /// "round", "hand".
    pub(crate) name: &'static str,
    /// Closed, in order.
    pub(crate) closed: Closed,
    /// The one being scored, when anything is entered in it.
    pub(crate) open: Option<Period>,
    /// What a [`EntryStatus::Partial`] entry means in this game, for the score table's
    /// legend ("penalty only so far").
    pub(crate) partial: &'static str,
}

/// Who won a decided match or game: several on a tie.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Won {
    /// The winners' names, in seat order.
    pub winners: Vec<String>,
    /// A match of rounds or hands, rather than one game (Board Chips, Word Taking).
    pub(crate) match_of_periods: bool,
}

/// One point of the chart: every player's total after a round, a hand or a turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// Under the chart's axis: "r2", "t14"; the first mark, before anything, is "0".
    pub label: String,
    /// Per seat; `None` before the player joined.
    pub totals: Vec<Option<i64>>,
}

/// A per-player figure a game wants counted in `stats` across sessions (Take Two's
/// penalties).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Figure {
    pub(crate) name: &'static str,
    pub(crate) values: Vec<i64>,
}

impl Figure {
    /// A figure called `name` that `stats` counts, a number a seat (Take Two's
    /// penalties).
    pub fn new(name: &'static str, values: Vec<i64>) -> Figure {
        Figure { name, values }
    }
}

/// A match as it stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    /// The players in seat order, as named now; every per-seat list follows it.
    pub players: Vec<String>,
    /// What the totals count (points, chips, words).
    pub unit: Unit,
    /// Take Two is won by the lowest total; the other games by the highest.
    pub lowest_wins: bool,
    /// The official totals: for a game with periods, over the closed ones (with the
    /// score each player started from).
    pub totals: Vec<i64>,
    /// The score each player started from: 0, or what the house gave a late joiner.
    pub starts: Vec<i64>,
    /// The totals with entries in progress (what the table sees mid-round).
    pub running: Vec<i64>,
    /// The rounds or hands, for a game scored by them; `None` for one scored turn by
    /// turn.
    pub periods: Option<Periods>,
    /// The chart's points, oldest first, starting with "0" (before anything).
    pub marks: Vec<Mark>,
    /// Anything has been scored that ranks the players (a closed round, a first turn):
    /// until then nobody leads.
    pub ranked: bool,
    /// The match is decided.
    pub finished: bool,
    /// Seats of the winner(s), once finished; several on a tie. Decided by the core
    /// (`decided`), not by a game.
    pub winners: Vec<usize>,
    /// Where the match stands: "round 3 of 5", "12 chips left in the kitty".
    pub status: String,
    /// Per-player figures the game wants counted in `stats` (Take Two's penalties).
    pub figures: Vec<Figure>,
    /// The total that ends the match when a game has one (TAKE rummy's 500): the SVG
    /// chart draws it as a line. `None` for a game played to a number of rounds or
    /// until something runs out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i64>,
}

impl Standings {
    /// The totals as the table sees them: with the open period's entries in while the
    /// match is played (the running totals, when they cover every seat), the official
    /// ones once it is over. What a room's card and its night rank by.
    #[cfg(feature = "cli")]
    pub(crate) fn as_seen(&self) -> &[i64] {
        if self.finished || self.running.len() != self.players.len() {
            &self.totals
        } else {
            &self.running
        }
    }

    /// The standings of `players` before anything is scored, counted in `unit` and won
    /// by the lowest total when `lowest_wins`: a game sets what it has (totals, periods,
    /// marks, status...) and keeps the rest. Who wins is not the game's to set: the
    /// core decides it from `finished` and the totals (`decided`).
    pub fn new(players: Vec<String>, unit: Unit, lowest_wins: bool) -> Standings {
        let seats = players.len();
        Standings {
            players,
            unit,
            lowest_wins,
            totals: vec![0; seats],
            starts: vec![0; seats],
            running: vec![0; seats],
            periods: None,
            marks: Vec::new(),
            ranked: false,
            finished: false,
            winners: Vec::new(),
            status: String::new(),
            figures: Vec::new(),
            target: None,
        }
    }

    /// These standings with their winners: once the match is finished, the players
    /// with the best official total (all of them on a tie); nobody before. The one
    /// place a winner is decided, for every game.
    pub(crate) fn decided(mut self) -> Standings {
        self.winners = if self.finished {
            best(&self.totals, self.lowest_wins)
        } else {
            Vec::new()
        };
        self
    }

    /// The players with the best running total; nobody before anything ranks them. Once
    /// the match is over, the winners.
    pub fn leaders(&self) -> Vec<usize> {
        if self.finished {
            return self.winners.clone();
        }
        if !self.ranked {
            return Vec::new();
        }
        best(&self.running, self.lowest_wins)
    }

    /// Who won, once the match is decided and someone did.
    pub fn won(&self) -> Option<Won> {
        if !self.finished || self.winners.is_empty() {
            return None;
        }
        Some(Won {
            winners: self
                .winners
                .iter()
                .map(|i| self.players.get(*i).map_or("?", String::as_str).to_string())
                .collect(),
            match_of_periods: self.periods.is_some(),
        })
    }

    /// How many periods have closed, or marks past the start for a game without them.
    pub fn played(&self) -> usize {
        match &self.periods {
            Some(p) => p.closed.len(),
            None => self.marks.len().saturating_sub(1),
        }
    }

    /// What a period is called ("round", "hand"), for saying how many were played;
    /// none for a game of turns.
    pub fn period_name(&self) -> Option<&'static str> {
        self.periods.as_ref().map(|p| p.name)
    }
}

/// The seats holding the best of `totals` (several on a tie; none when empty).
pub fn best(totals: &[i64], lowest_wins: bool) -> Vec<usize> {
    let top = if lowest_wins {
        totals.iter().min()
    } else {
        totals.iter().max()
    };
    match top {
        Some(t) => (0..totals.len()).filter(|i| totals[*i] == *t).collect(),
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standings(running: Vec<i64>, lowest_wins: bool, ranked: bool) -> Standings {
        Standings {
            players: vec!["ann".into(), "ben".into(), "cat".into()],
            unit: Unit::CHIPS,
            lowest_wins,
            totals: running.clone(),
            starts: vec![0; 3],
            running,
            periods: None,
            marks: Vec::new(),
            ranked,
            finished: false,
            winners: Vec::new(),
            status: String::new(),
            figures: Vec::new(),
            target: None,
        }
    }

    #[test]
    fn the_highest_total_leads_where_most_wins_and_a_tie_names_all() {
        let s = standings(vec![3, 5, 5], false, true);
        assert_eq!(s.leaders(), vec![1, 2]);
        let s = standings(vec![3, 5, 5], true, true);
        assert_eq!(s.leaders(), vec![0]);
    }

    #[test]
    fn the_core_decides_the_winners_from_the_official_totals_once_finished() {
        let mut s = Standings::new(
            vec!["ann".into(), "ben".into(), "cat".into()],
            Unit::POINTS,
            true,
        );
        assert_eq!((s.totals.len(), s.starts.len(), s.running.len()), (3, 3, 3));
        s.totals = vec![7, 2, 2];
        // Mid-round entries are not the result: only the official totals are.
        s.running = vec![0, 9, 9];
        assert!(s.clone().decided().winners.is_empty(), "not finished yet");
        s.finished = true;
        assert_eq!(s.clone().decided().winners, vec![1, 2], "lowest, a tie");
        s.lowest_wins = false;
        assert_eq!(s.decided().winners, vec![0], "highest");
    }

    #[test]
    fn nobody_leads_before_anything_ranks_the_players() {
        assert!(standings(vec![0, 0, 0], false, false).leaders().is_empty());
    }

    #[test]
    fn a_finished_game_names_its_winners_and_rounds_make_it_a_match() {
        let mut s = standings(vec![7, 2, 7], false, true);
        s.finished = true;
        s.winners = vec![0, 2];
        let won = |s: &Standings| s.won().map(|w| (w.winners, w.match_of_periods));
        assert_eq!(won(&s), Some((vec!["ann".into(), "cat".into()], false)));
        s.winners = vec![0];
        assert_eq!(won(&s), Some((vec!["ann".into()], false)));
        // Rounds or hands make it a match.
        s.periods = Some(Periods {
            name: "round",
            closed: Vec::new().into(),
            open: None,
            partial: "",
        });
        assert_eq!(won(&s), Some((vec!["ann".into()], true)));
        assert_eq!(s.leaders(), vec![0]);
    }

    fn period(number: u32) -> Period {
        Period {
            number,
            points: vec![Some(i64::from(number)), None],
            entries: vec![EntryStatus::Done, EntryStatus::Waiting],
            columns: Vec::new(),
            details: vec![format!("left {number}"), String::new()],
        }
    }

    #[test]
    fn closed_periods_are_described_only_as_they_are_read_and_read_as_the_list_they_are() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let described = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&described);
        let closed = Closed::new(4, move |i| {
            counter.fetch_add(1, Ordering::Relaxed);
            Some(period(u32::try_from(i).ok()? + 1))
        });
        assert_eq!(
            described.load(Ordering::Relaxed),
            0,
            "nothing described yet"
        );
        assert_eq!((closed.len(), closed.is_empty()), (4, false));
        assert_eq!(closed.get(2), Some(period(3)));
        assert_eq!(closed.get(4), None, "past the end");
        assert_eq!(
            described.load(Ordering::Relaxed),
            1,
            "one read, one described"
        );
        assert_eq!(closed.last(), Some(period(4)));
        assert_eq!(
            closed.range(1..9).map(|p| p.number).collect::<Vec<_>>(),
            [2, 3, 4]
        );
        assert_eq!(
            closed.iter().rev().map(|p| p.number).collect::<Vec<_>>(),
            [4, 3, 2, 1]
        );
        // The same as the list it describes: equal, written and shown alike.
        let listed: Vec<Period> = (1..=4).map(period).collect();
        let from_list = Closed::from(listed.clone());
        assert_eq!(closed, from_list);
        assert_ne!(closed, Closed::from(listed[..3].to_vec()));
        assert_eq!(
            serde_json::to_string(&closed).expect("json"),
            serde_json::to_string(&listed).expect("json")
        );
        assert_eq!(format!("{closed:?}"), format!("{listed:?}"));
        let none: Closed = std::iter::empty().collect();
        assert!(none.is_empty() && none.last().is_none());
    }
}
