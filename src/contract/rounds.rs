//! [`Rounds`]: what every game scored round by round (or hand by hand) keeps the same
//! way, written once: the closed rounds and the one being played, where each player
//! started and when they sat down, the official totals kept as rounds close, the
//! running totals, the chart's marks and the standings' periods. A game says what one
//! of its rounds is ([`Round`]: empty, and each seat's points) and keeps its own rules
//! (when a round may close, who may join); Take Two and TAKE rummy are built on it.

use std::sync::Arc;

#[cfg(test)]
use super::standings::Unit;
use super::standings::{Closed, EntryStatus, Mark, Period, Periods, Standings};

/// One round (or hand) of a game, as [`Rounds`] needs to know it.
pub trait Round: Clone + Send + Sync + 'static {
    /// What scoring a round needs besides the round (Take Two's tile values); `()`
    /// for a round that scores itself.
    type Scoring: ?Sized;

    /// A round with nothing entered, for `seats` players.
    fn new(seats: usize) -> Self;

    /// Nothing is entered in it yet (a player may join only then).
    fn is_empty(&self) -> bool;

    /// What the round counts for `seat` so far, if anything.
    fn points(&self, seat: usize, scoring: &Self::Scoring) -> Option<i64>;

    /// `seat` has its entry for the round (a finish, a hand's held cards): a round
    /// closes once every seated player has one, unless the game says otherwise.
    fn entered(&self, seat: usize) -> bool;

    /// `seat` was at the table for this round (a late joiner was not, before they sat
    /// down).
    fn seated(&self, seat: usize) -> bool {
        let _ = seat;
        true
    }

    /// The round has closed and nothing will be entered in it again: it may let go of
    /// the room it kept for entries (a long match holds every round it played, and a
    /// fold of the log builds them all again).
    fn settle(&mut self) {}
}

/// A player may join only between rounds: this one has entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MidRound;

/// The rounds of a match.
///
/// The closed rounds are shared, and each round within: the core copies a game's state
/// to try an entry on it, and a copy of a long match must not copy every round it has
/// played (a 1,000-hand log once took seconds to open that way).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rounds<R> {
    closed: Arc<Vec<Arc<R>>>,
    open: R,
    /// The score each seat started from: 0, or what the house gave a late joiner.
    starts: Vec<i64>,
    /// How many rounds had closed when each seat sat down.
    joined: Vec<usize>,
    /// Each seat's start plus its points over the closed rounds, kept as rounds close
    /// so that a limit or a target costs nothing to check.
    totals: Vec<i64>,
}

impl<R: Round> Rounds<R> {
    /// A match of `seats` players before anything is entered.
    pub fn new(seats: usize) -> Rounds<R> {
        Rounds {
            closed: Arc::new(Vec::new()),
            open: R::new(seats),
            starts: vec![0; seats],
            joined: vec![0; seats],
            totals: vec![0; seats],
        }
    }

    /// The players seated, the late joiners included.
    pub(crate) fn seats(&self) -> usize {
        self.starts.len()
    }

    /// The closed rounds, round 1 first.
    pub(crate) fn closed(&self) -> &[Arc<R>] {
        &self.closed
    }

    /// The round being played.
    pub fn open(&self) -> &R {
        &self.open
    }

    /// The round being played, to enter something in it.
    pub fn open_mut(&mut self) -> &mut R {
        &mut self.open
    }

    /// How many rounds have closed.
    pub fn closed_count(&self) -> u32 {
        u32::try_from(self.closed.len()).unwrap_or(u32::MAX)
    }

    /// The open round's number, from 1.
    pub fn number(&self) -> u32 {
        self.closed_count().saturating_add(1)
    }

    /// The official totals: each seat's start and its closed rounds.
    pub(crate) fn totals(&self) -> &[i64] {
        &self.totals
    }

    #[cfg(test)]
    /// The score each seat started from.
    pub(crate) fn starts(&self) -> &[i64] {
        &self.starts
    }

    /// How many rounds had closed when `seat` sat down (0 for the first players).
    pub(crate) fn joined(&self, seat: usize) -> usize {
        self.joined.get(seat).copied().unwrap_or(0)
    }

    #[cfg(test)]
    /// The totals with the open round's entries so far: what the table sees.
    pub(crate) fn running(&self, scoring: &R::Scoring) -> Vec<i64> {
        self.totals
            .iter()
            .enumerate()
            .map(|(seat, t)| t + self.open.points(seat, scoring).unwrap_or(0))
            .collect()
    }

    /// Closes the open round: its points go to the totals, and an empty round opens.
    pub fn close(&mut self, scoring: &R::Scoring) {
        let seats = self.seats();
        let mut done = std::mem::replace(&mut self.open, R::new(seats));
        for (seat, total) in self.totals.iter_mut().enumerate() {
            *total += done.points(seat, scoring).unwrap_or(0);
        }
        done.settle();
        Arc::make_mut(&mut self.closed).push(Arc::new(done));
    }

    /// A player sits down between rounds, from `score` (0 unless the house gave one).
    pub fn join(&mut self, score: i64) -> Result<(), MidRound> {
        if !self.open.is_empty() {
            return Err(MidRound);
        }
        self.starts.push(score);
        self.totals.push(score);
        self.joined.push(self.closed.len());
        self.open = R::new(self.seats());
        Ok(())
    }

    /// The chart: every seat's total before the first round ("0") and after each closed
    /// one (`prefix` and its number: "r2", "h3"), from the round it sat down at.
    pub(crate) fn marks(&self, prefix: &str, scoring: &R::Scoring) -> Vec<Mark> {
        let mut running = self.starts.clone();
        let at = |k: usize, running: &[i64]| -> Vec<Option<i64>> {
            running
                .iter()
                .enumerate()
                .map(|(seat, t)| (self.joined(seat) <= k).then_some(*t))
                .collect()
        };
        let mut marks = Vec::with_capacity(self.closed.len() + 1);
        marks.push(Mark {
            label: "0".into(),
            totals: at(0, &running),
        });
        for (k, round) in self.closed.iter().enumerate() {
            for (seat, t) in running.iter_mut().enumerate() {
                *t += round.points(seat, scoring).unwrap_or(0);
            }
            marks.push(Mark {
                label: format!("{prefix}{}", k + 1),
                totals: at(k + 1, &running),
            });
        }
        marks
    }

    /// The standings every game of rounds shares, filled into `base` (the game's
    /// [`Standings::new`], `finished` set): the totals, starts and running totals, each
    /// closed round and the open one (while it has entries and the match goes on) as
    /// the game describes it (`period`: its number, the round, and whether it is
    /// closed), and the chart. Nobody ranks before a round closes. The game adds its
    /// status, figures and target.
    pub fn standings(
        &self,
        scoring: &R::Scoring,
        base: Standings,
        name: &'static str,
        partial: &'static str,
        period: impl Fn(u32, &R, bool) -> Period + Send + Sync + 'static,
    ) -> Standings {
        let seats = base.players.len();
        let open = (!self.open.is_empty() && !base.finished)
            .then(|| period(self.number(), &self.open, false));
        // The closed rounds are described from the rounds held, as they are read; a seat
        // that sat down after a round was not in it, whatever the round says of it.
        let rounds = Arc::clone(&self.closed);
        let joined = self.joined.clone();
        let closed = Closed::new(rounds.len(), move |i| {
            let number = u32::try_from(i + 1).ok()?;
            let mut described = period(number, rounds.get(i)?, true);
            for seat in (0..joined.len()).filter(|s| joined.get(*s).is_some_and(|at| *at > i)) {
                if let Some(entry) = described.entries.get_mut(seat) {
                    *entry = EntryStatus::Absent;
                }
                if let Some(points) = described.points.get_mut(seat) {
                    *points = None;
                }
            }
            Some(described)
        });
        let fit = |v: &[i64]| -> Vec<i64> {
            (0..seats).map(|s| v.get(s).copied().unwrap_or(0)).collect()
        };
        let mut running = fit(&self.totals);
        if let Some(open) = &open {
            for (t, p) in running.iter_mut().zip(&open.points) {
                *t += p.unwrap_or(0);
            }
        }
        let mut marks = self.marks(&name.chars().take(1).collect::<String>(), scoring);
        for mark in &mut marks {
            mark.totals.resize(seats, None);
        }
        Standings {
            totals: fit(&self.totals),
            starts: fit(&self.starts),
            running,
            periods: Some(Periods {
                name,
                closed,
                open,
                partial,
            }),
            marks,
            ranked: !self.closed.is_empty(),
            ..base
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A round of points by seat.
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Points(Vec<Option<i64>>);

    impl Round for Points {
        type Scoring = ();
        fn new(seats: usize) -> Points {
            Points(vec![None; seats])
        }
        fn is_empty(&self) -> bool {
            self.0.iter().all(Option::is_none)
        }
        fn points(&self, seat: usize, _: &()) -> Option<i64> {
            self.0.get(seat).copied().flatten()
        }
        fn entered(&self, seat: usize) -> bool {
            self.points(seat, &()).is_some()
        }
    }

    fn play(r: &mut Rounds<Points>, points: &[i64]) {
        r.open_mut().0 = points.iter().map(|p| Some(*p)).collect();
        r.close(&());
    }

    #[test]
    fn rounds_close_into_the_totals_and_a_late_joiner_starts_where_the_house_says() {
        let mut r: Rounds<Points> = Rounds::new(2);
        assert_eq!(r.number(), 1);
        play(&mut r, &[5, 10]);
        assert_eq!((r.totals(), r.number()), (&[5, 10][..], 2));
        r.open_mut().0[0] = Some(3);
        assert_eq!(r.join(40), Err(MidRound), "only between rounds");
        assert_eq!(r.running(&()), vec![8, 10]);
        r.open_mut().0[0] = None;
        r.join(40).expect("between rounds");
        assert_eq!(
            (r.seats(), r.joined(2), r.starts()),
            (3, 1, &[0, 0, 40][..])
        );
        play(&mut r, &[1, 2, 3]);
        assert_eq!(r.totals(), &[6, 12, 43]);
        let marks: Vec<(String, Vec<Option<i64>>)> = r
            .marks("r", &())
            .into_iter()
            .map(|m| (m.label, m.totals))
            .collect();
        assert_eq!(
            marks,
            vec![
                ("0".into(), vec![Some(0), Some(0), None]),
                ("r1".into(), vec![Some(5), Some(10), Some(40)]),
                ("r2".into(), vec![Some(6), Some(12), Some(43)]),
            ]
        );
    }

    #[test]
    fn the_standings_show_each_round_and_the_open_one_while_the_match_goes_on() {
        let mut r: Rounds<Points> = Rounds::new(2);
        play(&mut r, &[5, 10]);
        r.open_mut().0[1] = Some(7);
        let describe = |number, round: &Points, _closed| Period {
            number,
            points: round.0.clone(),
            entries: Vec::new(),
            columns: Vec::new(),
            details: Vec::new(),
        };
        let players = vec!["ann".to_string(), "ben".to_string()];
        let base = Standings::new(players, Unit::POINTS, true);
        let s = r.standings(&(), base.clone(), "round", "", describe);
        assert_eq!((s.totals, s.running), (vec![5, 10], vec![5, 17]));
        let periods = s.periods.expect("rounds");
        assert_eq!(periods.closed.len(), 1);
        assert_eq!(periods.open.map(|o| o.number), Some(2));
        assert!(s.ranked);
        let over = r.standings(
            &(),
            Standings {
                finished: true,
                ..base
            },
            "round",
            "",
            describe,
        );
        assert!(
            over.periods.is_some_and(|p| p.open.is_none()),
            "no open round once over"
        );
        assert_eq!(over.running, vec![5, 10]);
    }
}
