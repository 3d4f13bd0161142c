//! The league (issue 59) from real sessions: ratings by game (a pad by its title),
//! wins against what the table sizes give, a rename followed, an unfinished session
//! and a finish typed into a log by hand counting for nothing; two players head to
//! head; a seating that keeps last table's players apart; the exports.

use crate::common;

use common::{Table, script};
use serde_json::Value;

/// A finished pad of Hearts (lowest wins) named `name`, its rounds typed in seat order.
fn hearts(t: &Table, name: &str, players: &[&str], rounds: &[&str]) {
    let mut args = vec!["new", "scorepad"];
    args.extend_from_slice(players);
    args.extend_from_slice(&["--title", "Hearts", "--lowest-wins", "--name", name]);
    let mut lines: Vec<String> = rounds
        .iter()
        .flat_map(|r| [format!("points {r}"), "end".to_string()])
        .collect();
    lines.push("finish".into());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let run = t.run(&args, &script(&lines));
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
}

fn league_json(t: &Table, args: &[&str]) -> Value {
    let mut all = vec!["league", "--format", "json"];
    all.extend_from_slice(args);
    let run = t.run(&all, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("json")
}

fn player<'a>(game: &'a Value, name: &str) -> &'a Value {
    game["players"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["player"] == name))
        .unwrap_or_else(|| panic!("{name} in {game}"))
}

#[test]
fn the_league_rates_finished_sessions_by_game_and_says_what_it_leaves_out() {
    let t = Table::new();
    // ann wins every Hearts night, dan loses every one.
    hearts(&t, "h1", &["ann", "ben", "dan"], &["0 10 16"]);
    hearts(&t, "h2", &["ann", "ben", "dan"], &["2 8 16"]);
    hearts(&t, "h3", &["ann", "cat", "dan"], &["1 5 20"]);
    // A pad of another title is another game; an unfinished Take Two counts nothing.
    let run = t.run(
        &[
            "new", "scorepad", "ann", "ben", "--title", "Farkle", "--name", "f1",
        ],
        &script(&["points 500 300", "end", "finish"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "open"],
        &script(&["out ann", "left ben QZ", "end"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let league = league_json(&t, &[]);
    assert_eq!(league["model"], "weng-lin");
    let games: Vec<&str> = league["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|g| g["game"].as_str())
        .collect();
    assert_eq!(games, ["Farkle", "Hearts"]);
    let h = &league["games"][1];
    assert_eq!(h["sessions"], 3);
    let order: Vec<&str> = h["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p["player"].as_str())
        .collect();
    assert_eq!(order.first(), Some(&"ann"), "{h}");
    assert_eq!(order.last(), Some(&"dan"), "{h}");
    let ann = player(h, "ann");
    assert_eq!(
        (ann["played"].as_u64(), ann["wins"].as_u64()),
        (Some(3), Some(3))
    );
    assert!((ann["expected_wins"].as_f64().unwrap_or(0.0) - 1.0).abs() < 1e-9);
    assert!(player(h, "ann")["rating"]["mean"].as_f64() > Some(25.0));
    assert!(player(h, "dan")["rating"]["mean"].as_f64() < Some(25.0));
    assert_eq!(
        league["not_counted"],
        serde_json::json!([{ "session": "open", "why": "not finished" }])
    );
    // The terminal says it too, and the sessions it leaves out.
    let run = t.run(&["league", "--game", "hearts"], "");
    assert!(
        run.stdout.starts_with("Hearts (3 sessions; last night "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("not counted: open (not finished)"),
        "{}",
        run.stdout
    );
    // CSV: a row a player and game.
    let csv = t.run(&["league", "--format", "csv"], "").stdout;
    assert_eq!(csv.lines().count(), 1 + 2 + 4, "{csv}");
    assert!(csv.lines().any(|l| l.starts_with("Hearts,1,ann,")), "{csv}");
}

#[test]
fn a_finish_typed_into_a_log_by_hand_moves_no_rating_and_a_rename_is_followed() {
    let t = Table::new();
    hearts(&t, "h1", &["ann", "ben"], &["0 26"]);
    let before = league_json(&t, &[]);
    // A session of nothing but a finish typed into its log.
    let run = t.run(
        &[
            "new",
            "scorepad",
            "ann",
            "ben",
            "--title",
            "Hearts",
            "--lowest-wins",
            "--name",
            "typed",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    t.append(
        "typed",
        1,
        &[r#"{"type":"match-finished","after":0}"#.to_string()],
    );
    let after = league_json(&t, &[]);
    assert_eq!(
        before["games"], after["games"],
        "the typed finish moves nothing"
    );
    assert_eq!(after["not_counted"][0]["session"], "typed");
    // ben renamed bob in a later session: one player, named as now.
    let run = t.run(
        &[
            "new",
            "scorepad",
            "ann",
            "ben",
            "--title",
            "Hearts",
            "--lowest-wins",
            "--name",
            "h2",
        ],
        &script(&["rename ben bob", "points 26 0", "end", "finish"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let after = league_json(&t, &[]);
    let names: Vec<&str> = after["games"][0]["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p["player"].as_str())
        .collect();
    assert!(
        names.contains(&"bob") && names.contains(&"ben"),
        "{names:?}"
    );
}

#[test]
fn head_to_head_and_a_seating_that_keeps_last_tables_apart() {
    let t = Table::new();
    hearts(&t, "h1", &["ann", "ben", "cat", "dan"], &["0 5 8 13"]);
    hearts(&t, "h2", &["ann", "ben", "cat", "dan"], &["13 0 5 8"]);
    let run = t.run(&["league", "vs", "ann", "BEN"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.starts_with(
            "ann and BEN: 2 sessions together; ann placed above BEN 1 time, BEN above ann 1 time, level 0 times"
        ),
        "{}",
        run.stdout
    );
    let run = t.run(&["league", "vs", "ann", "zed"], "");
    assert_eq!(run.code, Some(1));
    // Last table: ann, ben, cat and dan together; eve, fay, gus and hal are new.
    let seat = |seed: &str| {
        t.run(
            &[
                "league", "seat", "ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal",
                "--tables", "2", "--seed", seed,
            ],
            "",
        )
    };
    let run = seat("3");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for line in run.stdout.lines().filter(|l| l.starts_with("table ")) {
        let last = ["ann", "ben", "cat", "dan"]
            .iter()
            .filter(|p| line.contains(&format!("{p} (")))
            .count();
        assert!(last <= 2, "at most two of last table together: {line}");
    }
    assert_eq!(
        seat("3").stdout,
        run.stdout,
        "the same seed, the same seating"
    );
    let bad = t.run(&["league", "seat", "ann", "ben", "--sizes", "3"], "");
    assert_eq!(bad.code, Some(2), "{}", bad.stdout);
    assert!(bad.stderr.contains("add up to 2"), "{}", bad.stderr);
}

#[test]
fn a_late_joiner_is_placed_where_their_total_left_them() {
    let t = Table::new();
    let run = t.run(
        &[
            "new", "scorepad", "ann", "ben", "--title", "Farkle", "--name", "late",
        ],
        &script(&[
            "points 300 200",
            "end",
            "add cat --score 100",
            "points 100 100 600",
            "end",
            "finish",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let league = league_json(&t, &[]);
    let g = &league["games"][0];
    // cat sat down at 100 and ended on 700: first, above ann's 400 and ben's 300.
    assert_eq!(player(g, "cat")["wins"], 1, "{g}");
    assert_eq!(player(g, "cat")["best_place"], 1, "{g}");
    assert_eq!(player(g, "ben")["worst_place"], 3, "{g}");
    assert_eq!(g["players"][0]["player"], "cat", "{g}");
}
