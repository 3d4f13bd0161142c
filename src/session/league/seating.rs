//! Seating the next round: the players present dealt to tables of balanced strength by
//! their ratings, keeping apart players who sat together at their last table, as a
//! Swiss pairing avoids a repeat. Deterministic: the same players, sizes, ratings,
//! last tables and seed give the same tables.
//!
//! The players are dealt in a snake by rating (the strongest to table 1, the next to
//! table 2, ... then back), which spreads strength evenly; then two players of
//! different tables trade seats while a trade lowers the cost: first the pairs who sat
//! together last time, then the spread of the tables' mean ratings. The seed orders
//! players of equal rating (new players, who all have the same), so a club can draw
//! again for a different seating of the same strength.

use std::collections::{BTreeMap, BTreeSet};

use crate::contract::{Kind, Refusal, same_name};

/// A player present: their name and the rating to balance by (the league's
/// conservative figure; a player the league has not met: a new player's).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Present {
    pub(crate) name: String,
    pub(crate) rating: f64,
}

/// The table sizes for `players` at `tables` tables, as even as they can be (the
/// first tables take one more).
pub(crate) fn sizes(players: usize, tables: usize) -> Result<Vec<usize>, Refusal> {
    if tables == 0 || tables > players {
        return Err(Refusal::of(
            Kind::BadInput,
            format!("{players} players cannot sit at {tables} tables: give 1 to {players} tables"),
        ));
    }
    let (each, more) = (players / tables, players % tables);
    Ok((0..tables).map(|t| each + usize::from(t < more)).collect())
}

/// A number from `text` and `seed`, to order equals by.
fn mixed(text: &str, seed: u64) -> u64 {
    // FNV-1a over the seed's bytes and the name's: stable across runs and versions.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in seed
        .to_le_bytes()
        .iter()
        .chain(text.to_lowercase().as_bytes())
    {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Seats `present` at tables of `sizes`, keeping apart the pairs in `last` (each
/// player's tablemates at their last table).
pub(crate) fn seat(
    present: &[Present],
    sizes: &[usize],
    last: &BTreeMap<String, BTreeSet<String>>,
    seed: u64,
) -> Result<Vec<Vec<Present>>, Refusal> {
    let total: usize = sizes.iter().sum();
    if total != present.len() {
        return Err(Refusal::of(
            Kind::BadInput,
            format!(
                "the tables seat {total} and {} players are present: give sizes that add up to {}",
                present.len(),
                present.len()
            ),
        ));
    }
    if let Some(twice) = present
        .iter()
        .enumerate()
        .find(|(i, p)| present[..*i].iter().any(|q| same_name(&q.name, &p.name)))
    {
        return Err(Refusal::of(
            Kind::BadName,
            format!("{} is named twice", crate::text::printable(&twice.1.name)),
        ));
    }
    let mut order: Vec<&Present> = present.iter().collect();
    order.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(mixed(&a.name, seed).cmp(&mixed(&b.name, seed)))
            .then(a.name.cmp(&b.name))
    });
    // The snake: table 1, 2, ..., n, n, ..., 1, skipping tables already full.
    let mut tables: Vec<Vec<Present>> = sizes.iter().map(|n| Vec::with_capacity(*n)).collect();
    let n = sizes.len();
    let mut turn = 0usize;
    for p in order {
        loop {
            let round = turn / n;
            let k = turn % n;
            let t = if round.is_multiple_of(2) {
                k
            } else {
                n - 1 - k
            };
            turn += 1;
            if tables[t].len() < sizes[t] {
                tables[t].push(p.clone());
                break;
            }
        }
    }
    // Trades while any lowers the cost, each the best one found, in a fixed order.
    let met = |a: &str, b: &str| {
        let key = |x: &str| x.to_lowercase();
        last.get(&key(a)).is_some_and(|s| s.contains(&key(b)))
            || last.get(&key(b)).is_some_and(|s| s.contains(&key(a)))
    };
    let cost = |tables: &[Vec<Present>]| -> (usize, f64) {
        let repeats = tables
            .iter()
            .map(|t| {
                let mut n = 0;
                for (i, a) in t.iter().enumerate() {
                    n += t[i + 1..].iter().filter(|b| met(&a.name, &b.name)).count();
                }
                n
            })
            .sum();
        let means: Vec<f64> = tables
            .iter()
            .map(|t| t.iter().map(|p| p.rating).sum::<f64>() / t.len().max(1) as f64)
            .collect();
        let spread = means.iter().copied().fold(f64::MIN, f64::max)
            - means.iter().copied().fold(f64::MAX, f64::min);
        (repeats, spread)
    };
    let better = |a: (usize, f64), b: (usize, f64)| a.0 < b.0 || (a.0 == b.0 && a.1 < b.1 - 1e-9);
    for _ in 0..present.len() * present.len() {
        let now = cost(&tables);
        let mut best: Option<((usize, f64), Trade)> = None;
        for t1 in 0..n {
            for t2 in t1 + 1..n {
                for i in 0..tables[t1].len() {
                    for j in 0..tables[t2].len() {
                        let mut tried = tables.clone();
                        let (x, y) = (tried[t1][i].clone(), tried[t2][j].clone());
                        tried[t1][i] = y;
                        tried[t2][j] = x;
                        let c = cost(&tried);
                        if better(c, now) && best.is_none_or(|(b, _)| better(c, b)) {
                            best = Some((c, ((t1, i), (t2, j))));
                        }
                    }
                }
            }
        }
        let Some((_, ((t1, i), (t2, j)))) = best else {
            break;
        };
        let (x, y) = (tables[t1][i].clone(), tables[t2][j].clone());
        tables[t1][i] = y;
        tables[t2][j] = x;
    }
    for t in &mut tables {
        t.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.name.cmp(&b.name)));
    }
    Ok(tables)
}

/// The players present seated by the league's ratings (in `game`, or each player's
/// over every game) at `tables` tables or tables of `sizes`, apart from whom each sat
/// with at their last counted table.
pub(crate) fn for_league(
    results: &[super::Result],
    league: &super::League,
    players: &[String],
    tables: Option<usize>,
    sizes: &[usize],
    seed: u64,
    game: Option<&str>,
) -> Result<Vec<Vec<Present>>, Refusal> {
    let sizes = match (tables, sizes) {
        (Some(n), _) => self::sizes(players.len(), n)?,
        (None, []) => {
            return Err(Refusal::of(
                Kind::BadInput,
                "seating needs --tables N or --sizes 4,4,3 (each table's size)",
            ));
        }
        (None, sizes) => sizes.to_vec(),
    };
    let present: Vec<Present> = players
        .iter()
        .map(|p| Present {
            name: p.clone(),
            rating: super::rating_for(league, p, game),
        })
        .collect();
    seat(&present, &sizes, &super::last_tables(results), seed)
}

/// A trade of two seats: (table, seat) and (table, seat).
type Trade = ((usize, usize), (usize, usize));

#[cfg(test)]
mod tests {
    use super::*;

    fn present(players: &[(&str, f64)]) -> Vec<Present> {
        players
            .iter()
            .map(|(n, r)| Present {
                name: n.to_string(),
                rating: *r,
            })
            .collect()
    }

    fn names(tables: &[Vec<Present>]) -> Vec<Vec<&str>> {
        tables
            .iter()
            .map(|t| t.iter().map(|p| p.name.as_str()).collect())
            .collect()
    }

    #[test]
    fn sizes_are_as_even_as_they_can_be() {
        assert_eq!(sizes(9, 2).expect("sizes"), [5, 4]);
        assert_eq!(sizes(12, 3).expect("sizes"), [4, 4, 4]);
        assert_eq!(sizes(3, 3).expect("a table each"), [1, 1, 1]);
        assert!(sizes(3, 4).is_err());
        assert!(sizes(3, 0).is_err());
    }

    #[test]
    fn a_snake_by_rating_balances_the_tables() {
        let p = present(&[
            ("a", 30.0),
            ("b", 25.0),
            ("c", 20.0),
            ("d", 15.0),
            ("e", 10.0),
            ("f", 5.0),
            ("g", 0.0),
            ("h", -5.0),
        ]);
        let tables = seat(&p, &[4, 4], &BTreeMap::new(), 1).expect("seats");
        // a d e h (30+15+10-5 = 50) against b c f g (25+20+5+0 = 50).
        assert_eq!(
            names(&tables),
            [vec!["a", "d", "e", "h"], vec!["b", "c", "f", "g"]]
        );
    }

    #[test]
    fn players_who_sat_together_last_time_are_kept_apart_and_the_seed_redraws_equals() {
        let p = present(&[("a", 0.0), ("b", 0.0), ("c", 0.0), ("d", 0.0)]);
        let mut last = BTreeMap::new();
        for (x, y) in [("a", "b"), ("c", "d")] {
            last.entry(x.to_string())
                .or_insert_with(BTreeSet::new)
                .insert(y.to_string());
        }
        for seed in 0..20 {
            let tables = seat(&p, &[2, 2], &last, seed).expect("seats");
            for t in &tables {
                let t: Vec<&str> = t.iter().map(|p| p.name.as_str()).collect();
                assert!(t != ["a", "b"] && t != ["b", "a"], "seed {seed}: {t:?}");
                assert!(t != ["c", "d"] && t != ["d", "c"], "seed {seed}: {t:?}");
            }
            assert_eq!(
                names(&tables),
                names(&seat(&p, &[2, 2], &last, seed).expect("again")),
                "the same seed, the same tables"
            );
        }
        let draws: BTreeSet<Vec<Vec<String>>> = (0..20)
            .map(|seed| {
                seat(&p, &[2, 2], &BTreeMap::new(), seed)
                    .expect("seats")
                    .iter()
                    .map(|t| t.iter().map(|p| p.name.clone()).collect())
                    .collect()
            })
            .collect();
        assert!(draws.len() > 1, "another seed, another draw of equals");
    }

    /// A repeat is dearer than any imbalance: a and d sat together last, so they part,
    /// and of the ways to part them the one with the closest means is taken.
    #[test]
    fn parting_last_table_s_pair_keeps_the_tables_as_even_as_it_can() {
        let p = present(&[("a", 10.0), ("b", 9.0), ("c", 8.0), ("d", 7.0)]);
        let mut last = BTreeMap::new();
        last.entry("a".to_string())
            .or_insert_with(BTreeSet::new)
            .insert("d".to_string());
        // The snake alone would seat a with d (17 against 17); parted, a with c
        // (18 against 16) is closer than a with b (19 against 15).
        let tables = seat(&p, &[2, 2], &last, 0).expect("seats");
        let mut seated = names(&tables);
        seated.sort();
        assert_eq!(seated, [vec!["a", "c"], vec!["b", "d"]]);
    }

    /// Tables of different sizes: the snake gives the one-seat table the strongest
    /// player, and a trade evens the means (3 against 13/3, not 10 against 2).
    #[test]
    fn a_trade_evens_tables_the_snake_leaves_uneven() {
        let p = present(&[("a", 10.0), ("b", 3.0), ("c", 2.0), ("d", 1.0)]);
        let tables = seat(&p, &[1, 3], &BTreeMap::new(), 0).expect("seats");
        assert_eq!(names(&tables), [vec!["b"], vec!["a", "c", "d"]]);
    }

    /// The league's ratings in a game, or a new player's for one it has not met.
    #[test]
    fn the_league_s_ratings_seat_its_players() {
        let r = |s: &str, seats: &[(&str, usize)]| super::super::Result {
            session: s.into(),
            game: "Hearts".into(),
            created: format!("2026-12-0{}T20:00:00Z", s.len()),
            players: seats.iter().map(|(p, _)| p.to_string()).collect(),
            places: seats.iter().map(|(_, n)| *n).collect(),
            finished: true,
            ranked: true,
        };
        let results = vec![
            r("a", &[("ann", 1), ("ben", 2)]),
            r("bb", &[("ann", 1), ("ben", 2)]),
        ];
        let league = super::super::league(&results);
        let players: Vec<String> = ["ann", "ben", "cat", "dan"].map(String::from).to_vec();
        let tables = for_league(&results, &league, &players, Some(2), &[], 0, Some("hearts"))
            .expect("seats");
        // ann and ben sat together last: apart, each with a newcomer.
        assert_eq!(tables.len(), 2);
        for t in &tables {
            let names: Vec<&str> = t.iter().map(|p| p.name.as_str()).collect();
            assert!(
                !(names.contains(&"ann") && names.contains(&"ben")),
                "{names:?}"
            );
        }
        let ann = tables
            .iter()
            .flatten()
            .find(|p| p.name == "ann")
            .expect("ann");
        assert!(
            ann.rating > 0.0,
            "ann's rating in Hearts, above a newcomer's 0: {ann:?}"
        );
        let cat = tables
            .iter()
            .flatten()
            .find(|p| p.name == "cat")
            .expect("cat");
        assert!(cat.rating.abs() < 1e-9, "a newcomer's 0: {cat:?}");
        let none =
            for_league(&results, &league, &players, None, &[], 0, None).expect_err("no sizes");
        assert!(
            none.message.contains("--tables N or --sizes"),
            "{}",
            none.message
        );
        let sized = for_league(&results, &league, &players, None, &[3, 1], 0, None).expect("sizes");
        assert_eq!(sized.iter().map(Vec::len).collect::<Vec<_>>(), [3, 1]);
    }

    #[test]
    fn sizes_that_do_not_add_up_and_a_name_twice_are_refused() {
        let p = present(&[("a", 0.0), ("A", 1.0), ("c", 0.0)]);
        let twice = seat(&p, &[3], &BTreeMap::new(), 0).expect_err("twice");
        assert!(twice.message.contains("named twice"), "{}", twice.message);
        let p = present(&[("a", 0.0), ("b", 1.0), ("c", 0.0)]);
        let sum = seat(&p, &[2, 2], &BTreeMap::new(), 0).expect_err("sum");
        assert!(sum.message.contains("add up to 3"), "{}", sum.message);
    }
}
