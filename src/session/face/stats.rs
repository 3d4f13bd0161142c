//! Player records across sessions, game by game: sessions played and won, and what
//! each game's standings say about a player (rounds and their average and best for a
//! game with rounds, the game's own figures such as Take Two's penalties, and words
//! ruled not allowed in a ruling about that player). Game-neutral: read from
//! [`Standings`](crate::contract::Standings) and rulings only.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::session::AnySession;

/// One player's record in one game.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    /// The name as last seen (records match names ignoring case).
    pub(crate) name: String,
    pub(crate) sessions: u32,
    /// Sessions that reached their end.
    pub finished: u32,
    /// Finished sessions the player won, a shared win on a tie included.
    pub wins: u32,
    /// Rounds or hands with an entry for the player.
    pub(crate) periods: u32,
    points: i64,
    pub(crate) best: Option<i64>,
    /// The game's own figures, summed.
    pub(crate) figures: BTreeMap<String, i64>,
    pub(crate) words_not_allowed: u32,
}

impl Record {
    /// Mean points a round or hand, to one decimal.
    pub(crate) fn average(&self) -> Option<f64> {
        (self.periods > 0)
            .then(|| (self.points as f64 / f64::from(self.periods) * 10.0).round() / 10.0)
    }
}

/// One game's records and how its periods are called.
#[derive(Debug, Clone, Default)]
pub struct GameRecords {
    /// The game as a person writes it ("Take Two").
    pub(crate) title: &'static str,
    /// "round", "hand"; `None` for a game scored turn by turn.
    pub period: Option<&'static str>,
    pub(crate) lowest_wins: bool,
    /// By player, keyed by the name in lower case.
    pub players: BTreeMap<String, Record>,
    pub(crate) sessions: u32,
    /// The game judges words: its records count words ruled not allowed.
    pub(crate) words: bool,
}

/// Records by game.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Each game's records, by the game's name as `new` takes it.
    pub games: BTreeMap<&'static str, GameRecords>,
}

impl Stats {
    /// Adds one session's standings and rulings.
    pub fn add(&mut self, session: &dyn AnySession) {
        let standings = session.standings();
        let game = self.games.entry(session.game()).or_default();
        game.sessions += 1;
        game.title = session.title();
        game.lowest_wins = standings.lowest_wins;
        game.period = standings.periods.as_ref().map(|p| p.name);
        game.words = session.judges_words();
        for (i, player) in standings.players.iter().enumerate() {
            let r = game.players.entry(player.to_lowercase()).or_default();
            r.name = player.clone();
            r.sessions += 1;
            if standings.finished {
                r.finished += 1;
                if standings.winners.contains(&i) {
                    r.wins += 1;
                }
            }
            for figure in &standings.figures {
                *r.figures.entry(figure.name.to_string()).or_default() +=
                    figure.values.get(i).copied().unwrap_or(0);
            }
        }
        // Each round or hand is described once, for every player in it.
        if let Some(periods) = &standings.periods {
            let keys: Vec<String> = standings.players.iter().map(|p| p.to_lowercase()).collect();
            for period in periods.closed.iter() {
                for (i, key) in keys.iter().enumerate() {
                    let (Some(points), Some(r)) = (
                        period.points.get(i).copied().flatten(),
                        game.players.get_mut(key),
                    ) else {
                        continue;
                    };
                    r.periods += 1;
                    r.points += points;
                    r.best = Some(match (r.best, standings.lowest_wins) {
                        (None, _) => points,
                        (Some(b), true) => b.min(points),
                        (Some(b), false) => b.max(points),
                    });
                }
            }
        }
        // A word the table allowed (`allow`, its latest house ruling on the word) was
        // not a word the player got wrong, whenever the dictionary refused it: the
        // house rulings are read first, the records counted after.
        let mut house: std::collections::HashMap<String, bool> = Default::default();
        session.each_ruling(&mut |record| {
            for v in &record.ruling.words {
                match v.code.as_str() {
                    "house-allowed" => house.insert(v.word.to_uppercase(), true),
                    "house-denied" => house.insert(v.word.to_uppercase(), false),
                    _ => None,
                };
            }
        });
        session.each_ruling(&mut |record| {
            let Some(player) = record.seat.and_then(|s| standings.players.get(s)) else {
                return;
            };
            if let Some(r) = game.players.get_mut(&player.to_lowercase()) {
                r.words_not_allowed += record
                    .ruling
                    .words
                    .iter()
                    .filter(|v| v.refused_by_dictionary())
                    .filter(|v| house.get(&v.word.to_uppercase()) != Some(&true))
                    .count() as u32;
            }
        });
    }

    /// Keeps only the player called `name` (ignoring case); false when nobody is left.
    pub fn only(&mut self, name: &str) -> bool {
        let key = name.to_lowercase();
        for game in self.games.values_mut() {
            game.players.retain(|k, _| *k == key);
        }
        self.games.retain(|_, g| !g.players.is_empty());
        !self.games.is_empty()
    }

    /// `{game: {player: {sessions, wins, rounds, average, best, <figures>,
    /// words_not_allowed}}}`, a figure's spaces made underscores (`words_held`).
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        for (game, records) in &self.games {
            let mut players = Map::new();
            for r in records.players.values() {
                players.insert(
                    r.name.clone(),
                    record_json(r, records.period, records.words),
                );
            }
            out.insert((*game).to_string(), Value::Object(players));
        }
        Value::Object(out)
    }
}

fn record_json(r: &Record, period: Option<&str>, words: bool) -> Value {
    #[derive(Serialize)]
    struct Base {
        sessions: u32,
        finished: u32,
        wins: u32,
    }
    let mut v = serde_json::to_value(Base {
        sessions: r.sessions,
        finished: r.finished,
        wins: r.wins,
    })
    .unwrap_or_else(|_| Value::Object(Map::new()));
    if let (Some(p), Value::Object(m)) = (period, &mut v) {
        m.insert(format!("{p}s"), r.periods.into());
        m.insert("average".into(), r.average().into());
        m.insert("best".into(), r.best.into());
    }
    if let Value::Object(m) = &mut v {
        // A game names its figures for the table ("words held"); as JSON keys they
        // take the underscores the core's own keys have.
        for (k, n) in &r.figures {
            m.insert(k.replace(' ', "_"), (*n).into());
        }
        if words {
            m.insert("words_not_allowed".into(), r.words_not_allowed.into());
        }
    }
    v
}
