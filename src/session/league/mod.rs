//! The league: players rated across nights, game by game, from the finished sessions of
//! a folder or a room. Pure: each session's result in, the league out; the shell, the
//! room's prompt and the exports say it their own way.
//!
//! A game is what the table played: a score pad by its `--title` (a pad titled Hearts
//! is the game Hearts), any other game by its name. Each session that reached its end
//! with something scored is one free-for-all result, every player placed by the game's
//! own order (lowest first where the lowest wins, ties sharing a place, a late joiner
//! placed where their total left them), taken in the order the sessions were started.
//! A session not finished, or finished with nothing scored (a finished flag typed into
//! a log by hand, no round closed), counts for nothing, and the league says which.
//!
//! Ratings are Weng-Lin's (the model OpenSkill is built on), through `skillratings`:
//! made for free-for-all games of any number of players with ties, updated in closed
//! form a result at a time (TrueSkill needs message passing over a factor graph for
//! more than two players; Glicko-2 rates pairs and periods, not a table of five). Each
//! rating is a mean and a deviation; the league sorts by the conservative figure, the
//! mean less three deviations, so a player met once ranks below one proven over many
//! nights at the same mean.

pub(crate) mod seating;

use std::collections::BTreeMap;

use serde::Serialize;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::contract::same_name;

/// One session as the league reads it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Result {
    pub(crate) session: String,
    /// The game as the league groups it (a pad's title, or the game's name).
    pub(crate) game: String,
    /// When it was started (RFC 3339): sessions are rated in this order, and a
    /// night is the day of it.
    pub(crate) created: String,
    /// The players as named now (a rename followed), in seat order.
    pub(crate) players: Vec<String>,
    /// Each seat's place (1 first, a tie sharing).
    pub(crate) places: Vec<usize>,
    pub(crate) finished: bool,
    /// Anything was scored that ranks the players (a round closed, a turn played).
    pub(crate) ranked: bool,
}

impl Result {
    /// Why it counts for nothing, if it does not.
    pub(crate) fn not_counted(&self) -> Option<&'static str> {
        if !self.finished {
            Some("not finished")
        } else if !self.ranked {
            Some("finished with nothing scored")
        } else if self.players.len() < 2 {
            Some("fewer than two players")
        } else {
            None
        }
    }

    /// The night it was played: the day it was started.
    pub(crate) fn night(&self) -> &str {
        self.created.get(..10).unwrap_or(&self.created)
    }
}

impl Result {
    /// A session as the league reads it: its game (a pad's title, or the game's), its
    /// players as named now and their places by the game's order.
    pub(crate) fn of(t: &dyn crate::session::AnySession) -> Result {
        let s = t.standings();
        Result {
            session: t.name().to_string(),
            game: t.shown_title(),
            created: t.created().to_string(),
            places: crate::session::room::night::places(&s.totals, s.lowest_wins),
            players: s.players,
            finished: s.finished,
            ranked: s.ranked,
        }
    }
}

/// The order sessions were played in: by their start, then by name.
fn in_order(a: &Result, b: &Result) -> std::cmp::Ordering {
    a.created.cmp(&b.created).then(a.session.cmp(&b.session))
}

/// The sessions that count, in the order they were played.
fn counted(results: &[Result]) -> Vec<&Result> {
    let mut counted: Vec<&Result> = results
        .iter()
        .filter(|r| r.not_counted().is_none())
        .collect();
    counted.sort_by(|a, b| in_order(a, b));
    counted
}

/// Each player's tablemates at their last counted table (any game), by name in lower
/// case: whom seating keeps them apart from.
pub(crate) fn last_tables(
    results: &[Result],
) -> BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut last = BTreeMap::new();
    for r in counted(results) {
        for p in &r.players {
            let mates = r
                .players
                .iter()
                .filter(|q| !same_name(p, q))
                .map(|q| q.to_lowercase())
                .collect();
            last.insert(p.to_lowercase(), mates);
        }
    }
    last
}

/// The rating seating balances by for `player`: their conservative figure in `game`,
/// or without one the mean of theirs over the games they played; a new player's
/// when the league has not met them.
pub(crate) fn rating_for(league: &League, player: &str, game: Option<&str>) -> f64 {
    let figures: Vec<f64> = league
        .games
        .iter()
        .filter(|g| game.is_none_or(|want| g.game.eq_ignore_ascii_case(want)))
        .filter_map(|g| g.players.iter().find(|s| same_name(&s.player, player)))
        .map(|s| s.rating.conservative())
        .collect();
    if figures.is_empty() {
        Rating::of(WengLinRating::new()).conservative()
    } else {
        figures.iter().sum::<f64>() / figures.len() as f64
    }
}

/// A rating as the league shows it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Rating {
    pub(crate) mean: f64,
    pub(crate) deviation: f64,
}

impl Rating {
    fn of(r: WengLinRating) -> Rating {
        Rating {
            mean: r.rating,
            deviation: r.uncertainty,
        }
    }

    /// The figure the league sorts by: the mean less three deviations.
    pub(crate) fn conservative(self) -> f64 {
        self.mean - 3.0 * self.deviation
    }
}

/// One player's record in one game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Standing {
    pub(crate) player: String,
    pub(crate) played: usize,
    pub(crate) wins: usize,
    /// The wins a player of even strength would expect from the same tables: the
    /// sum of one over each table's size.
    pub(crate) expected_wins: f64,
    pub(crate) average_place: f64,
    pub(crate) best_place: usize,
    pub(crate) worst_place: usize,
    pub(crate) rating: Rating,
    /// The conservative figure's change over the game's last night, for a player who
    /// played that night.
    pub(crate) last_night_change: Option<f64>,
}

/// One game's league.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Game {
    pub(crate) game: String,
    pub(crate) sessions: usize,
    /// The day of its last night.
    pub(crate) last_night: String,
    /// Highest conservative rating first.
    pub(crate) players: Vec<Standing>,
}

/// The league: every game's, and the sessions that count for nothing, with why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct League {
    pub(crate) games: Vec<Game>,
    pub(crate) not_counted: Vec<(String, &'static str)>,
}

/// A player's running record while a game's results are read.
#[derive(Debug, Clone)]
struct Running {
    name: String,
    rating: WengLinRating,
    /// The rating before the game's last night, once it began.
    before_last_night: Option<WengLinRating>,
    played_last_night: bool,
    played: usize,
    wins: usize,
    expected_wins: f64,
    places: usize,
    best: usize,
    worst: usize,
}

/// The league of `results`, taken in the order they were started.
pub(crate) fn league(results: &[Result]) -> League {
    let mut not_counted = Vec::new();
    let mut by_game: BTreeMap<&str, Vec<&Result>> = BTreeMap::new();
    for r in results {
        match r.not_counted() {
            Some(why) => not_counted.push((r.session.clone(), why)),
            None => by_game.entry(r.game.as_str()).or_default().push(r),
        }
    }
    let config = WengLinConfig::new();
    let games = by_game
        .into_iter()
        .map(|(game, mut played)| {
            played.sort_by(|a, b| in_order(a, b));
            let last_night = played.last().map_or("", |r| r.night()).to_string();
            let mut players: Vec<Running> = Vec::new();
            for r in &played {
                let last = r.night() == last_night;
                let seats: Vec<usize> = r
                    .players
                    .iter()
                    .map(|name| seat_of(&mut players, name))
                    .collect();
                if last {
                    for s in &seats {
                        let p = &mut players[*s];
                        if !p.played_last_night {
                            p.before_last_night = Some(p.rating);
                            p.played_last_night = true;
                        }
                    }
                }
                let teams: Vec<[WengLinRating; 1]> =
                    seats.iter().map(|s| [players[*s].rating]).collect();
                let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                    .iter()
                    .zip(&r.places)
                    .map(|(team, place)| (&team[..], MultiTeamOutcome::new(*place)))
                    .collect();
                let rated = weng_lin_multi_team(&ranked, &config);
                let size = r.players.len();
                for (k, s) in seats.iter().enumerate() {
                    let p = &mut players[*s];
                    if let Some(new) = rated.get(k).and_then(|t| t.first()) {
                        p.rating = *new;
                    }
                    let place = r.places.get(k).copied().unwrap_or(size);
                    p.played += 1;
                    p.wins += usize::from(place == 1);
                    p.expected_wins += 1.0 / size as f64;
                    p.places += place;
                    p.best = if p.played == 1 {
                        place
                    } else {
                        p.best.min(place)
                    };
                    p.worst = p.worst.max(place);
                }
            }
            let mut standings: Vec<Standing> = players
                .into_iter()
                .map(|p| Standing {
                    average_place: (p.places as f64 / p.played.max(1) as f64 * 100.0).round()
                        / 100.0,
                    last_night_change: p.before_last_night.map(|before| {
                        Rating::of(p.rating).conservative() - Rating::of(before).conservative()
                    }),
                    player: p.name,
                    played: p.played,
                    wins: p.wins,
                    expected_wins: p.expected_wins,
                    best_place: p.best,
                    worst_place: p.worst,
                    rating: Rating::of(p.rating),
                })
                .collect();
            standings.sort_by(|a, b| {
                b.rating
                    .conservative()
                    .total_cmp(&a.rating.conservative())
                    .then_with(|| a.player.to_lowercase().cmp(&b.player.to_lowercase()))
            });
            Game {
                game: game.to_string(),
                sessions: played.len(),
                last_night,
                players: standings,
            }
        })
        .collect();
    League { games, not_counted }
}

/// The place in `players` of the player called `name` (names that are one, are one
/// player), added with a new rating when new.
fn seat_of(players: &mut Vec<Running>, name: &str) -> usize {
    if let Some(at) = players.iter().position(|p| same_name(&p.name, name)) {
        players[at].name = name.to_string();
        return at;
    }
    players.push(Running {
        name: name.to_string(),
        rating: WengLinRating::new(),
        before_last_night: None,
        played_last_night: false,
        played: 0,
        wins: 0,
        expected_wins: 0.0,
        places: 0,
        best: 0,
        worst: 0,
    });
    players.len() - 1
}

/// Two players' sessions together, in the order played.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct HeadToHead {
    pub(crate) a: String,
    pub(crate) b: String,
    /// (session, game, night, a's place, b's place, how many sat).
    pub(crate) shared: Vec<(String, String, String, usize, usize, usize)>,
    pub(crate) a_above: usize,
    pub(crate) b_above: usize,
    pub(crate) level: usize,
}

/// `a` and `b` over the counted sessions they both sat in.
pub(crate) fn head_to_head(results: &[Result], a: &str, b: &str) -> HeadToHead {
    let mut out = HeadToHead {
        a: a.to_string(),
        b: b.to_string(),
        shared: Vec::new(),
        a_above: 0,
        b_above: 0,
        level: 0,
    };
    for r in counted(results) {
        let place = |who: &str| {
            r.players
                .iter()
                .position(|p| same_name(p, who))
                .and_then(|i| r.places.get(i).copied())
        };
        let (Some(pa), Some(pb)) = (place(a), place(b)) else {
            continue;
        };
        match pa.cmp(&pb) {
            std::cmp::Ordering::Less => out.a_above += 1,
            std::cmp::Ordering::Greater => out.b_above += 1,
            std::cmp::Ordering::Equal => out.level += 1,
        }
        out.shared.push((
            r.session.clone(),
            r.game.clone(),
            r.night().to_string(),
            pa,
            pb,
            r.players.len(),
        ));
    }
    out
}

#[cfg(test)]
mod tests;
