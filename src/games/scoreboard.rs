//! The game-agnostic picture of a match: what the core renders, exports and charts.

use serde::Serialize;

/// Points of one round, per player in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundRow {
    pub number: u32,
    /// `None`: no entry (not yet, or the player had not joined).
    pub points: Vec<Option<i64>>,
    /// Penalties counted in `points`, per player.
    pub penalties: Vec<u32>,
    /// What each player's entry was, in words ("left Q Z X", "out").
    pub details: Vec<String>,
}

/// A match as it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scoreboard {
    pub players: Vec<String>,
    /// Closed rounds, in order.
    pub rounds: Vec<RoundRow>,
    /// The round being scored, when anything is entered in it.
    pub open: Option<RoundRow>,
    /// Totals over the closed rounds.
    pub totals: Vec<i64>,
    /// Take Two is won by the lowest total; most games by the highest.
    pub lower_wins: bool,
    /// The match is decided (round count or point limit reached, or the game's end).
    pub finished: bool,
    /// The winner(s), once finished; several on a tie.
    pub winners: Vec<usize>,
    /// Where the match stands: "round 3 of 5", "to 100 points".
    pub status: String,
}

impl Scoreboard {
    /// The players with the best running total (the one the tables show); nobody leads
    /// before the first round closes.
    pub fn leaders(&self) -> Vec<usize> {
        if self.rounds.is_empty() {
            return Vec::new();
        }
        let running = self.running_totals();
        let best = if self.lower_wins {
            running.iter().min()
        } else {
            running.iter().max()
        };
        let Some(best) = best.copied() else {
            return Vec::new();
        };
        (0..running.len()).filter(|i| running[*i] == best).collect()
    }

    /// Totals with the open round's entries so far added: what the table sees while a
    /// round is being scored.
    pub fn running_totals(&self) -> Vec<i64> {
        let mut t = self.totals.clone();
        if let Some(open) = &self.open {
            for (total, p) in t.iter_mut().zip(open.points.iter()) {
                *total += p.unwrap_or(0);
            }
        }
        t
    }

    /// The named winners, "alice" or "alice and bob".
    pub fn winner_names(&self) -> Option<String> {
        if !self.finished || self.winners.is_empty() {
            return None;
        }
        let names: Vec<&str> = self
            .winners
            .iter()
            .map(|i| self.players.get(*i).map_or("?", String::as_str))
            .collect();
        Some(names.join(" and "))
    }
}
