use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use super::*;

fn result(session: &str, game: &str, created: &str, seats: &[(&str, usize)]) -> Result {
    Result {
        session: session.into(),
        game: game.into(),
        created: created.into(),
        players: seats.iter().map(|(p, _)| p.to_string()).collect(),
        places: seats.iter().map(|(_, n)| *n).collect(),
        finished: true,
        ranked: true,
    }
}

/// The crate's own Weng-Lin over the same results, by hand: one table at a time.
fn by_hand(tables: &[&[(usize, usize)]], players: usize) -> Vec<WengLinRating> {
    let config = WengLinConfig::new();
    let mut ratings = vec![WengLinRating::new(); players];
    for table in tables {
        let teams: Vec<[WengLinRating; 1]> = table.iter().map(|(p, _)| [ratings[*p]]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(table.iter())
            .map(|(t, (_, place))| (&t[..], MultiTeamOutcome::new(*place)))
            .collect();
        for (new, (p, _)) in weng_lin_multi_team(&ranked, &config)
            .iter()
            .zip(table.iter())
        {
            ratings[*p] = new[0];
        }
    }
    ratings
}

#[test]
fn a_fixed_history_is_rated_as_the_crate_rates_it_in_the_order_played() {
    // Given out of order: the league takes them by their start.
    let results = vec![
        result(
            "s3",
            "Hearts",
            "2026-12-02T20:00:00Z",
            &[("ann", 2), ("ben", 1), ("cat", 3)],
        ),
        result(
            "s1",
            "Hearts",
            "2026-12-01T20:00:00Z",
            &[("ann", 1), ("ben", 2), ("cat", 3)],
        ),
        result(
            "s2",
            "Hearts",
            "2026-12-01T21:00:00Z",
            &[("ann", 1), ("cat", 1), ("dan", 3)],
        ),
    ];
    let l = league(&results);
    assert_eq!(l.games.len(), 1);
    let g = &l.games[0];
    assert_eq!(
        (g.game.as_str(), g.sessions, g.last_night.as_str()),
        ("Hearts", 3, "2026-12-02")
    );
    // ann 0, ben 1, cat 2, dan 3.
    let expected = by_hand(
        &[
            &[(0, 1), (1, 2), (2, 3)],
            &[(0, 1), (2, 1), (3, 3)],
            &[(0, 2), (1, 1), (2, 3)],
        ],
        4,
    );
    for (i, name) in ["ann", "ben", "cat", "dan"].iter().enumerate() {
        let s = g.players.iter().find(|s| s.player == *name).expect("rated");
        assert_eq!(s.rating.mean, expected[i].rating, "{name}");
        assert_eq!(s.rating.deviation, expected[i].uncertainty, "{name}");
    }
    let order: Vec<&str> = g.players.iter().map(|s| s.player.as_str()).collect();
    let mut by_figure = order.clone();
    by_figure.sort_by(|a, b| {
        let c = |n: &&str| {
            let r = expected[["ann", "ben", "cat", "dan"]
                .iter()
                .position(|x| x == n)
                .unwrap_or(0)];
            r.rating - 3.0 * r.uncertainty
        };
        c(b).total_cmp(&c(a))
    });
    assert_eq!(order, by_figure, "sorted by the conservative figure");
    let ann = g.players.iter().find(|s| s.player == "ann").expect("ann");
    assert_eq!(
        (ann.played, ann.wins, ann.best_place, ann.worst_place),
        (3, 2, 1, 2)
    );
    assert!(
        (ann.expected_wins - 1.0).abs() < 1e-9,
        "three tables of three: {}",
        ann.expected_wins
    );
    assert!(
        (ann.average_place - 1.33).abs() < 1e-9,
        "{}",
        ann.average_place
    );
    // The last night is 2 December's: ann, ben and cat played it, dan did not.
    let dan = g.players.iter().find(|s| s.player == "dan").expect("dan");
    assert_eq!(dan.last_night_change, None);
    let ben = g.players.iter().find(|s| s.player == "ben").expect("ben");
    assert!(
        ben.last_night_change.is_some_and(|c| c > 0.0),
        "ben won it: {ben:?}"
    );
}

#[test]
fn one_who_wins_every_game_rises_and_one_who_loses_every_game_falls() {
    let results: Vec<Result> = (0..10)
        .map(|n| {
            result(
                &format!("s{n}"),
                "Take Two",
                &format!("2026-11-{:02}T20:00:00Z", n + 1),
                &[("win", 1), ("mid", 2), ("lose", 3)],
            )
        })
        .collect();
    let g = &league(&results).games[0];
    let of = |n: &str| {
        g.players
            .iter()
            .find(|s| s.player == n)
            .expect("rated")
            .rating
    };
    assert!(of("win").mean > 25.0 && of("lose").mean < 25.0);
    assert!(of("win").conservative() > of("mid").conservative());
    assert!(of("mid").conservative() > of("lose").conservative());
    // Each night rated moves the winner up and the loser down.
    let fewer = &league(&results[..5]).games[0];
    let before = |n: &str| {
        fewer
            .players
            .iter()
            .find(|s| s.player == n)
            .expect("rated")
            .rating
    };
    assert!(of("win").mean > before("win").mean);
    assert!(of("lose").mean < before("lose").mean);
}

#[test]
fn unfinished_and_hand_edited_sessions_count_for_nothing_and_say_why() {
    let mut unfinished = result(
        "open",
        "Hearts",
        "2026-12-01T20:00:00Z",
        &[("ann", 1), ("ben", 2)],
    );
    unfinished.finished = false;
    // A finished flag typed into a log with nothing scored: no round closed.
    let mut empty = result(
        "typed",
        "Hearts",
        "2026-12-01T21:00:00Z",
        &[("ann", 1), ("ben", 1)],
    );
    empty.ranked = false;
    let alone = result("alone", "Hearts", "2026-12-01T22:00:00Z", &[("ann", 1)]);
    let l = league(&[unfinished, empty, alone]);
    assert!(l.games.is_empty(), "{l:?}");
    assert_eq!(
        l.not_counted,
        [
            ("open".to_string(), "not finished"),
            ("typed".to_string(), "finished with nothing scored"),
            ("alone".to_string(), "fewer than two players"),
        ]
    );
}

#[test]
fn ties_share_a_place_games_are_apart_and_names_that_are_one_are_one_player() {
    let results = vec![
        result(
            "a",
            "Hearts",
            "2026-12-01T20:00:00Z",
            &[("Ann", 1), ("ben", 1), ("cat", 3)],
        ),
        result(
            "b",
            "Farkle",
            "2026-12-01T21:00:00Z",
            &[("ann", 2), ("ben", 1)],
        ),
    ];
    let l = league(&results);
    let names: Vec<&str> = l.games.iter().map(|g| g.game.as_str()).collect();
    assert_eq!(names, ["Farkle", "Hearts"]);
    let hearts = &l.games[1];
    let ann = hearts
        .players
        .iter()
        .find(|s| s.player == "Ann")
        .expect("ann");
    let ben = hearts
        .players
        .iter()
        .find(|s| s.player == "ben")
        .expect("ben");
    // A shared first: both won, rated alike.
    assert_eq!((ann.wins, ben.wins), (1, 1));
    assert_eq!(ann.rating, ben.rating);
    let h = head_to_head(&results, "ann", "BEN");
    assert_eq!((h.a_above, h.b_above, h.level), (0, 1, 1));
    assert_eq!(h.shared.len(), 2);
    assert_eq!(
        h.shared[1],
        ("b".into(), "Farkle".into(), "2026-12-01".into(), 2, 1, 2)
    );
}
