//! The night: every player of a room with the tables they sat at, their place and
//! points at each, and their wins, whatever the games. Pure: each table's standings
//! in, the night out; the room's page, the prompt and the exports each say it their
//! own way.
//!
//! A place is the game's own order (lowest first where the lowest total wins), ties
//! sharing a place (two first, then third); a table still being played gives its
//! places as they stand and says so. A win is a finished table's win (every player
//! tied at the top wins). Players are one across tables when their names are one
//! (`same_name`: Ann at one table is ann at another).

use serde::Serialize;

use crate::contract::{Standings, same_name};

/// One table as the night counts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Played {
    pub(crate) table: String,
    /// The game as people call it ("Take Two", "Hearts").
    pub(crate) game: String,
    pub(crate) session: String,
    pub(crate) finished: bool,
    pub(crate) winners: Vec<String>,
}

/// A player's seat at one table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Sat {
    pub(crate) table: String,
    pub(crate) game: String,
    /// 1 for first; shared on a tie.
    pub(crate) place: usize,
    /// How many sat at that table.
    pub(crate) of: usize,
    pub(crate) points: i64,
    pub(crate) finished: bool,
    pub(crate) won: bool,
}

/// A player's night.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Player {
    pub(crate) player: String,
    pub(crate) tables: Vec<Sat>,
    pub(crate) wins: usize,
}

/// The night of a room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Night {
    pub(crate) room: String,
    pub(crate) tables: Vec<Played>,
    /// Most wins first, then most tables finished, then by name.
    pub(crate) players: Vec<Player>,
}

/// Each seat's place by `totals` as a game ranks them: 1 for the best, a tie sharing
/// the better place.
pub(crate) fn places(totals: &[i64], lowest_wins: bool) -> Vec<usize> {
    totals
        .iter()
        .map(|mine| {
            1 + totals
                .iter()
                .filter(|other| {
                    if lowest_wins {
                        *other < mine
                    } else {
                        *other > mine
                    }
                })
                .count()
        })
        .collect()
}

/// The night of room `room` from its tables: (table, game, session, standings).
pub(crate) fn night(room: &str, tables: &[(String, String, String, Standings)]) -> Night {
    let mut players: Vec<Player> = Vec::new();
    let mut played = Vec::new();
    for (table, game, session, s) in tables {
        let totals = s.as_seen();
        let places = places(totals, s.lowest_wins);
        let winners: Vec<String> = s
            .winners
            .iter()
            .filter_map(|i| s.players.get(*i).cloned())
            .collect();
        for (seat, name) in s.players.iter().enumerate() {
            let (Some(place), Some(points)) = (places.get(seat), totals.get(seat)) else {
                continue;
            };
            let won = s.finished && s.winners.contains(&seat);
            let sat = Sat {
                table: table.clone(),
                game: game.clone(),
                place: *place,
                of: s.players.len(),
                points: *points,
                finished: s.finished,
                won,
            };
            match players.iter_mut().find(|p| same_name(&p.player, name)) {
                Some(p) => {
                    p.wins += usize::from(won);
                    p.tables.push(sat);
                }
                None => players.push(Player {
                    player: name.clone(),
                    wins: usize::from(won),
                    tables: vec![sat],
                }),
            }
        }
        played.push(Played {
            table: table.clone(),
            game: game.clone(),
            session: session.clone(),
            finished: s.finished,
            winners,
        });
    }
    players.sort_by(|a, b| {
        let done = |p: &Player| p.tables.iter().filter(|t| t.finished).count();
        b.wins
            .cmp(&a.wins)
            .then(done(b).cmp(&done(a)))
            .then(a.player.to_lowercase().cmp(&b.player.to_lowercase()))
    });
    Night {
        room: room.to_string(),
        tables: played,
        players,
    }
}

impl Sat {
    /// "t1 (Take Two): 1st of 3, 20 points, won"; "so far" while it is played.
    pub(crate) fn describe(&self) -> String {
        let how = if self.won {
            ", won"
        } else if self.finished {
            ""
        } else {
            " so far"
        };
        format!(
            "{} ({}): {} of {}, {}{how}",
            self.table,
            self.game,
            ordinal(self.place),
            self.of,
            crate::text::count(self.points, "point", "points")
        )
    }
}

/// 1st, 2nd, 3rd, 4th, 11th, 21st...
pub(crate) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Unit;

    fn standings(players: &[(&str, i64)], lowest_wins: bool, finished: bool) -> Standings {
        let totals: Vec<i64> = players.iter().map(|(_, n)| *n).collect();
        Standings {
            totals: totals.clone(),
            running: totals,
            finished,
            ranked: true,
            ..Standings::new(
                players.iter().map(|(p, _)| p.to_string()).collect(),
                Unit::POINTS,
                lowest_wins,
            )
        }
        .decided()
    }

    #[test]
    fn places_follow_the_game_s_order_and_ties_share_the_better_place() {
        assert_eq!(places(&[10, 30, 30, 5], false), [3, 1, 1, 4]);
        assert_eq!(places(&[10, 30, 30, 5], true), [2, 3, 3, 1]);
        assert_eq!(places(&[], true), Vec::<usize>::new());
        assert_eq!(
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ],
            [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)
        );
    }

    /// A table still being played says the totals as the table sees them (its open
    /// round's entries in); a finished one its official totals.
    #[test]
    fn a_table_in_play_counts_its_open_round_and_a_finished_one_its_totals() {
        let mut s = standings(&[("ann", 10), ("ben", 20)], false, false);
        s.running = vec![40, 20];
        let playing = night(
            "n",
            &[("t".into(), "Farkle".into(), "n-t".into(), s.clone())],
        );
        assert_eq!(playing.players[0].tables[0].points, 40, "{playing:?}");
        assert_eq!(playing.players[0].player, "ann");
        s.finished = true;
        let s = s.decided();
        let done = night("n", &[("t".into(), "Farkle".into(), "n-t".into(), s)]);
        let ann = done
            .players
            .iter()
            .find(|p| p.player == "ann")
            .expect("ann");
        assert_eq!(
            (ann.tables[0].points, ann.tables[0].place),
            (10, 2),
            "{done:?}"
        );
        // Standings whose running totals do not cover every seat (a log cut short):
        // the official totals.
        let mut short = standings(&[("ann", 10), ("ben", 20)], false, false);
        short.running = vec![40];
        let cut = night("n", &[("t".into(), "Farkle".into(), "n-t".into(), short)]);
        let ann = cut.players.iter().find(|p| p.player == "ann").expect("ann");
        assert_eq!(ann.tables[0].points, 10, "{cut:?}");
    }

    #[test]
    fn a_night_joins_each_player_s_tables_whatever_the_games() {
        let tables = vec![
            (
                "t1".to_string(),
                "Take Two".to_string(),
                "fri-t1".to_string(),
                standings(&[("ann", 20), ("ben", 0), ("cat", 7)], true, true),
            ),
            (
                "hearts".to_string(),
                "Hearts".to_string(),
                "fri-hearts".to_string(),
                standings(&[("Ann", 13), ("dan", 13), ("eve", 0)], false, true),
            ),
            (
                "pad".to_string(),
                "Farkle".to_string(),
                "fri-pad".to_string(),
                standings(&[("ben", 900), ("dan", 300)], false, false),
            ),
        ];
        let n = night("fri", &tables);
        let names: Vec<&str> = n.players.iter().map(|p| p.player.as_str()).collect();
        // Ann and dan share a win (tied at the top of Hearts), ben won Take Two; ann
        // finished two tables, ben and dan one, then cat and eve with none won.
        assert_eq!(names, ["ann", "ben", "dan", "cat", "eve"]);
        let ann = &n.players[0];
        assert_eq!(ann.wins, 1, "{ann:?}");
        assert_eq!(
            ann.tables.iter().map(Sat::describe).collect::<Vec<_>>(),
            [
                "t1 (Take Two): 3rd of 3, 20 points",
                "hearts (Hearts): 1st of 3, 13 points, won"
            ]
        );
        let ben = &n.players[1];
        assert_eq!(
            ben.tables.iter().map(Sat::describe).collect::<Vec<_>>(),
            [
                "t1 (Take Two): 1st of 3, 0 points, won",
                "pad (Farkle): 1st of 2, 900 points so far"
            ]
        );
        assert_eq!(n.tables[1].winners, ["Ann", "dan"]);
        assert!(!n.tables[2].finished);
    }
}
