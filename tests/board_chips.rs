//! Whole board-chips sessions driven through the real binary in script mode: a game on
//! the example board from the first turn to the last square, the sheet's rules as the
//! prompt meets them, tally mode, undo and resume, the table, and bad input.

use crate::common;

use common::{Table, pairs, totals};

/// The example board, copied into the table's directory so a session names it as a
/// scorekeeper would, by a path.
fn board_table() -> Table {
    let t = Table::new();
    let board = include_str!("../dictionaries/board-chips-example.txt");
    std::fs::write(t.dir().join("board.txt"), board).expect("board written");
    t
}

/// `new board-chips alice bob carol --board board.txt --name NAME`.
fn new_board(name: &str) -> Vec<&str> {
    vec![
        "new",
        "board-chips",
        "alice",
        "bob",
        "carol",
        "--board",
        "board.txt",
        "--name",
        name,
    ]
}

/// A whole game on the example board, three players, 51 turns, 101 squares, one
/// `cover` a line (the crash suite plays it too). The chips (alice 13, bob 9, carol 9)
/// were worked out apart from umpire, by a separate script following the sheet's
/// rules on the same board and turns.
fn whole_game() -> Vec<&'static str> {
    include_str!("common/board_chips_game.txt")
        .lines()
        .collect()
}

fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn a_whole_game_on_the_example_board_runs_from_the_first_turn_to_the_last_square() {
    let t = board_table();
    let run = t.run(&new_board("whole"), &script(&whole_game()));
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    for said in [
        "recorded  alice covers W of WIND, B of BOX: starts WIND, WAGON, BOX and BIRD",
        // One tile ending an across and a down word: two chips.
        "recorded  alice covers D of WIND, I of SWING: D of WIND completes WIND and BIRD, 2 chips",
        "recorded  carol covers L of TRAIL: completes TRAIL, 1 chip; every square is covered: the game is over",
        "game over: alice wins",
    ] {
        assert!(run.stdout.contains(said), "{said}\n{}", run.stdout);
    }
    assert!(
        run.stdout
            .contains("board-chips whole t51> cover carol 1,13 L"),
        "the prompt counts turns: {}",
        run.stdout
    );

    let v = t.json("whole");
    assert_eq!(v["game"], "board-chips");
    assert_eq!(v["unit"], "chips");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 13), ("bob", 9), ("carol", 9)])
    );
    assert_eq!(v["kitty"], 44 - 31);
    assert_eq!(v["finished"], true);
    assert_eq!(v["winner"], "alice");
    assert_eq!(v["winners"], serde_json::json!(["alice"]));
    assert_eq!(v["ended"], "every square is covered");
    assert_eq!(v["tiles_placed"], 101);
    assert_eq!(
        v["squares"],
        serde_json::json!({"covered": 101, "total": 101})
    );
    assert_eq!(v["next"], serde_json::Value::Null);
    let turns = v["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), 51);
    assert_eq!(
        turns[27],
        serde_json::json!({
            "number": 28,
            "player": "alice",
            "kind": "covered",
            "coverings": [
                {"row": 6, "col": 12, "letter": "D", "chips": 2, "completed": [
                    {"word": "WIND", "direction": "across", "start": {"row": 6, "col": 9}},
                    {"word": "BIRD", "direction": "down", "start": {"row": 3, "col": 12}},
                ]},
                {"row": 9, "col": 3, "letter": "I", "chips": 0, "completed": []},
            ],
            "chips": 2,
        })
    );
    assert_eq!(turns[50]["game_over"], "every square is covered");
    // Every word of the board was completed once, by someone.
    let words: usize = ["alice", "bob", "carol"]
        .iter()
        .map(|p| v["words"][p].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(words, 31);
    assert!(
        v["words"]["alice"]
            .as_array()
            .expect("alice's words")
            .contains(&serde_json::json!("BIRD"))
    );

    let csv = t.export("whole", "csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 51 + 1, "{csv}");
    assert_eq!(lines[0], "turn,alice,bob,carol");
    assert_eq!(lines[1], "t1,0,0,0");
    assert_eq!(lines[28], "t28,5,3,3");
    assert_eq!(lines[51], "t51,13,9,9");
    assert_eq!(lines[52], "total,13,9,9");

    // Nothing more is recorded once the board is covered.
    let log = t.log("whole");
    let run = t.run(&["resume", "whole"], "cover alice 1,9 T\n");
    assert_eq!(
        run.refusals(),
        vec!["not recorded: the game is over: every square is covered; nothing changed"]
    );
    run.says("board-chips whole over>");
    assert_eq!(t.log("whole"), log);
    // The last table: every square covered, the chips, nobody to play.
    let run = t.run(&["resume", "whole"], "table\n");
    let table = run.stdout.rsplit("table\n").next().expect("table");
    assert!(
        table.contains("the board: 101 of 101 squares covered"),
        "{table}"
    );
    assert!(
        table.contains("the chips: game over, every square is covered"),
        "{table}"
    );
    assert!(
        !table.contains("to play") && !table.contains("next"),
        "{table}"
    );
    assert!(table.contains("│ (kitty) ┆ 13 "), "{table}");
}

#[test]
fn a_shared_letter_covered_early_means_backing_up_and_out_of_order_is_refused() {
    let t = board_table();
    let run = t.run(
        &new_board("backup"),
        &script(&[
            "cover alice 5,3 M 5,4 A",
            "cover bob 5,5 P 5,6 L",
            // MAPLE's E is also PEBBLE's second letter: covered before PEBBLE's P.
            "cover carol 5,7 E",
            "cover alice 6,7 B",
            "cover alice 4,5 A",
            "cover alice 4,7 P 6,7 B",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: B1 of PEBBLE (r6c7): out of spelling order: PEBBLE's next open letter is P at r4c7; nothing changed",
            "not recorded: A of MAP (r4c5): out of spelling order: MAP's next open letter is M at r3c5; nothing changed",
        ]
    );
    run.says("recorded  carol covers E of MAPLE: completes MAPLE, 1 chip");
    run.says("recorded  alice covers P of PATH, B1 of PEBBLE: starts PATH and PEBBLE");
    assert_eq!(run.code, Some(1), "a script with refusals exits 1");
    let v = t.json("backup");
    assert_eq!(totals(&v), pairs(&[("alice", 0), ("bob", 0), ("carol", 1)]));
    assert_eq!(v["turns"].as_array().map(Vec::len), Some(4));
    assert_eq!(v["next"], "bob");
}

#[test]
fn the_first_turn_covers_two_first_letters_or_a_words_first_two_in_either_order() {
    let t = board_table();
    let run = t.run(
        &new_board("first"),
        &script(&["cover alice 4,1 J 4,3 R", "cover alice R of JAR, A of JAR"]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: R of JAR (r4c3): the first turn covers the first letters of two different words, or the first two letters of one word; nothing changed",
            "not recorded: R of JAR (r4c3): the first turn covers the first letters of two different words, or the first two letters of one word; nothing changed",
        ]
    );
    let log = t.log("first");
    assert_eq!(
        String::from_utf8(log).expect("utf-8").lines().count(),
        1,
        "only the header"
    );
    // The sheet's J and A of one word, typed A first: ruled on as J, then A.
    let run = t.run(
        &["resume", "first"],
        "cover alice 4,2 A 4,1 J
",
    );
    run.says("recorded  alice covers J of JAR, A of JAR: starts JAR");
    // Whoever starts goes first; then play passes to the left.
    let run = t.run(
        &["resume", "first"],
        "cover alice V\ncover carol V\ncover bob V\n",
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: it is bob's turn, not alice's (play passes to the left); nothing changed",
            "not recorded: it is bob's turn, not carol's (play passes to the left); nothing changed",
        ]
    );
    run.says("recorded  bob covers V of VIOLIN: starts VIOLIN");
    let run = t.run(
        &["resume", "first"],
        "cover carol R\ncover carol R of JAR\n",
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: R could be R of JAR or R of RAIN: say which, e.g. R of JAR; nothing changed"
        ]
    );
    run.says("recorded  carol covers R of JAR: completes JAR, 1 chip");
}

#[test]
fn a_tally_game_runs_the_kitty_dry_and_ends_at_the_hundred_and_first_tile() {
    let t = Table::new();
    let mut lines: Vec<String> = Vec::new();
    // Ten turns of two tiles and four chips: 40 of the 44.
    for turn in 0..10 {
        lines.push(format!("turn {} 2 4", ["alice", "bob"][turn % 2]));
    }
    lines.push("turn alice 2 4".into()); // refused: 4 of the 4 left is fine
    lines.push("turn bob 2 1".into()); // refused: the kitty is empty
    lines.push("turn bob 2 0".into());
    lines.push("score".into());
    let run = t.run(
        &["new", "board-chips", "alice", "bob", "--name", "tally"],
        &script(&lines.iter().map(String::as_str).collect::<Vec<_>>()),
    );
    assert_eq!(
        run.refusals(),
        vec!["not recorded: the kitty is empty: record 0 chips; nothing changed"]
    );
    run.says("recorded  alice places 2 tiles and wins 4 chips");
    run.says("the kitty is empty; 24 of 101 tiles placed; 63 tiles in the pool; alice to play");
    let v = t.json("tally");
    assert_eq!(totals(&v), pairs(&[("alice", 24), ("bob", 20)]));
    assert_eq!(v["kitty"], 0);
    assert_eq!(v["tiles_placed"], 24);
    assert!(v.get("squares").is_none(), "no board, no squares");

    // Play on to the 101st tile: 38 more turns of two, then one of one.
    let mut rest: Vec<String> = (0..38)
        .map(|turn| format!("turn {} 2 0", ["alice", "bob"][turn % 2]))
        .collect();
    rest.push("turn alice 2 0".into()); // refused: one tile is left
    rest.push("turn alice 1 0".into());
    rest.push("turn bob 1 0".into()); // refused: the game is over
    let run = t.run(
        &["resume", "tally"],
        &script(&rest.iter().map(String::as_str).collect::<Vec<_>>()),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: only 1 tile is left to place, not 2; nothing changed",
            "not recorded: the game is over: all 101 tiles are on the board; nothing changed",
        ]
    );
    run.says("recorded  alice places 1 tile; all 101 tiles are on the board: the game is over");
    run.says("game over: alice wins");
    let v = t.json("tally");
    assert_eq!(v["finished"], true);
    assert_eq!(v["winners"], serde_json::json!(["alice"]));
    assert_eq!(v["tiles_placed"], 101);
    assert_eq!(v["turns"].as_array().map(Vec::len), Some(51));
    assert_eq!(v["turns"][0]["kind"], "placed");
    assert_eq!(v["turns"][0]["tiles"], 2);
}

#[test]
fn a_tally_turn_asking_more_than_the_kitty_holds_names_what_is_left() {
    let t = Table::new();
    let mut lines: Vec<String> = (0..10)
        .map(|turn| format!("turn {} 2 4", ["alice", "bob", "carol"][turn % 3]))
        .collect();
    lines.push("turn bob 2 3".into());
    lines.push("turn carol 2 2".into());
    let run = t.run(
        &[
            "new",
            "board-chips",
            "alice",
            "bob",
            "carol",
            "--name",
            "short",
        ],
        &script(&lines.iter().map(String::as_str).collect::<Vec<_>>()),
    );
    assert_eq!(
        run.refusals(),
        vec!["not recorded: the kitty has only 1 chip left, not 2; nothing changed"]
    );
    let v = t.json("short");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 16), ("bob", 15), ("carol", 12)])
    );
    assert_eq!(v["kitty"], 1);
}

#[test]
fn a_tally_game_that_ends_level_names_every_player_tied() {
    let t = Table::new();
    let mut lines: Vec<String> = (0..50)
        .map(|turn| {
            let chips = u32::from(turn < 4);
            format!("turn {} 2 {chips}", ["alice", "bob"][turn % 2])
        })
        .collect();
    lines.push("turn alice 1 0".into());
    let run = t.run(
        &["new", "board-chips", "alice", "bob", "--name", "tie"],
        &script(&lines.iter().map(String::as_str).collect::<Vec<_>>()),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("game over: alice and bob win (a tie)");
    let v = t.json("tie");
    assert_eq!(v["winners"], serde_json::json!(["alice", "bob"]));
    assert!(v.get("winner").is_none(), "a tie has no single winner");
}

#[test]
fn an_undone_turn_is_taken_back_and_a_resumed_session_replays_to_the_same_totals() {
    let t = board_table();
    let game = whole_game();
    let first: Vec<&str> = game.iter().take(27).copied().collect();
    let mut lines = first.clone();
    // A wrong turn, undone, then the right one.
    lines.push("cover alice 9,3 I");
    lines.push("undo");
    lines.push("cover alice 6,12 D 9,3 I");
    let run = t.run(&new_board("undo"), &script(&lines));
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert!(
        crate::common::undid(&run.stdout, "alice covers I of SWING"),
        "{}",
        run.stdout
    );
    run.says(
        "recorded  alice covers D of WIND, I of SWING: D of WIND completes WIND and BIRD, 2 chips",
    );
    let after_first = t.json("undo");
    assert_eq!(
        totals(&after_first),
        pairs(&[("alice", 5), ("bob", 3), ("carol", 3)])
    );
    // Another evening: the log replays, the prompt picks up at turn 29.
    let run = t.run(&["resume", "undo"], &script(&game[28..]));
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("board-chips undo t29> cover bob 10,10 A 12,11 O");
    let v = t.json("undo");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 13), ("bob", 9), ("carol", 9)])
    );
    assert_eq!(v["turns"].as_array().map(Vec::len), Some(51));
    // The undone turn stays in the log: undo is an event, never a rewrite.
    let log = String::from_utf8(t.log("undo")).expect("utf-8");
    assert_eq!(log.matches("\"type\":\"undone\"").count(), 1);
    assert_eq!(log.lines().count(), 1 + 51 + 2);
}

#[test]
fn the_table_draws_the_board_with_covered_squares_and_the_chips_with_the_kitty() {
    let t = board_table();
    let run = t.run(
        &new_board("table"),
        "table\ncover alice 5,3 M 5,4 A\ncover bob 5,5 P 5,6 L\ncover carol 5,7 E\ntable\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let last = run.stdout.rsplit("table\n").next().expect("the last table");
    for line in [
        "the board: 5 of 101 squares covered ([A] covered, A open, . no square)",
        "    1  2  3  4  5  6  7  8  9 10 11 12 13 14 15",
        " 1  .  .  .  .  .  .  .  .  T  R  A  I  L  .  .",
        " 5  .  . [M][A][P][L][E] .  .  .  .  R  A  I  N",
        "15  .  .  V  I  O  L  I  N  .  K  E  T  T  L  E",
        "the chips: turn 4, alice to play; 75 tiles in the pool",
    ] {
        assert!(last.lines().any(|l| l == line), "{line:?}\n{last}");
    }
    let row = |name: &str| -> Vec<String> {
        last.lines()
            .find(|l| l.starts_with(&format!("│ {name} ")))
            .unwrap_or_else(|| panic!("{name}'s row: {last}"))
            .split(['│', '┆'])
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect()
    };
    assert_eq!(row("alice"), vec!["alice", "0", "to play"]);
    assert_eq!(row("carol"), vec!["carol", "1", "MAPLE"]);
    assert_eq!(row("(kitty)"), vec!["(kitty)", "43"]);
    // Before the first turn, anyone may start.
    let first = run.stdout.split("cover alice").next().expect("first table");
    assert!(
        first.contains("the chips: turn 1, anyone may start; 80 tiles in the pool"),
        "{first}"
    );
    // The Markdown export carries the board too.
    let md = t.export("table", "md");
    assert!(
        md.contains(" 5  .  . [M][A][P][L][E] .  .  .  .  R  A  I  N"),
        "{md}"
    );
    assert!(md.contains("| (kitty) | 43 |"), "{md}");
}

#[test]
fn a_tally_table_shows_only_the_chips() {
    let t = Table::new();
    let run = t.run(
        &["new", "board-chips", "ann", "ben", "--name", "tt"],
        "turn ben 2 1\ntable\n",
    );
    let table = run.stdout.rsplit("table\n").next().expect("table");
    assert!(!table.contains("the board"), "{table}");
    assert!(table.contains("the chips: turn 2, ann to play"), "{table}");
    assert!(table.contains("(kitty)"), "{table}");
    assert!(
        !table.contains("words"),
        "no words without a board: {table}"
    );
}

#[test]
fn new_board_chips_help_lists_the_board_flag_and_no_word_flags() {
    let t = Table::new();
    let run = t.run(&["new", "board-chips", "--help"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run.says("--board <FILE>");
    assert!(!run.stdout.contains("--level"), "{}", run.stdout);
    run.says("umpire new board-chips");
    let run = t.run(&["new", "--help"], "");
    run.says("board-chips");
}

#[test]
fn a_board_file_with_no_words_or_a_stray_character_starts_no_session() {
    let t = Table::new();
    for (text, expect) in [
        ("....\n....\n", "the board has no words"),
        (
            "CAT\nA-T\n",
            "row 2, column 2: '-' is not a letter A-Z or .",
        ),
        ("CAT\n...\n.X.\n", "r3c2 X stands alone"),
    ] {
        std::fs::write(t.dir().join("bad.txt"), text).expect("written");
        let run = t.run(
            &[
                "new",
                "board-chips",
                "alice",
                "bob",
                "--board",
                "bad.txt",
                "--name",
                "bad",
            ],
            "",
        );
        assert_eq!(run.code, Some(2), "{text:?}: {}", run.stdout);
        let lines: Vec<&str> = run.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{}", run.stderr);
        assert!(lines[0].starts_with("umpire: bad.txt: "), "{}", lines[0]);
        assert!(lines[0].contains(expect), "{}", lines[0]);
        assert!(!t.log_path("bad").exists(), "no log for {text:?}");
    }
    let huge = format!("{}\n", "AB".repeat(20)).repeat(1700);
    std::fs::write(t.dir().join("huge.txt"), huge).expect("written");
    let run = t.run(&["new", "board-chips", "alice", "--board", "huge.txt"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("huge.txt is 69700 bytes: a board file is at most 64 KB (65536 bytes)"),
        "{}",
        run.stderr
    );
    let run = t.run(
        &["new", "board-chips", "alice", "--board", "missing.txt"],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("missing.txt"), "{}", run.stderr);
}

#[test]
fn every_bad_line_gets_one_clear_refusal_and_leaves_the_log_as_it_was() {
    let t = board_table();
    t.run(
        &new_board("bad"),
        "cover alice 5,3 M 5,4 A\ncover bob 4,7 P\n",
    );
    let before = t.log("bad");
    let cases = [
        (
            "cover carol 16,1 A",
            "r16c1 is off the board: it has rows 1-15 and columns 1-15",
        ),
        (
            "cover carol 1,1 A",
            "r1c1 is not a square of the board (a . in the board file)",
        ),
        ("cover carol 5,3 M", "M of MAPLE (r5c3) is already covered"),
        ("cover carol 5,5 Q", "r5c5 is P of MAPLE, not Q"),
        (
            "cover carol 5,6 L",
            "L of MAPLE (r5c6): out of spelling order: MAPLE's next open letter is P at r5c5",
        ),
        (
            "cover carol 5,5 P 5,6 L 5,7 E",
            "a turn covers at most two squares (two tiles): \"5,7 E\" would be a third",
        ),
        (
            "cover carol 5,5 P 5,5 P",
            "P of MAPLE (r5c5) is covered twice in one turn",
        ),
        (
            "cover carol five,5 P",
            "\"five,5\" is not a square: write ROW,COLUMN counting from 1, e.g. 3,4 (or r3c4)",
        ),
        (
            "cover carol 5,5",
            "r5c5 needs the letter on the tile after it, e.g. 5,5 T",
        ),
        (
            "cover carol 5,5 PE",
            "\"PE\" is not a letter: each square is followed by one letter A-Z",
        ),
        (
            "cover carol",
            "expected cover PLAYER TILE [TILE], each TILE LETTER of WORD, WORD:LETTER, its LETTER alone or ROW,COLUMN LETTER, e.g. cover alice C of JACKET, B of BOAT",
        ),
        (
            "cover carl 5,5 P",
            "unknown player \"carl\" (did you mean carol?): the players are alice, bob, carol",
        ),
        (
            "cover alice 5,5 P",
            "it is carol's turn, not alice's (play passes to the left)",
        ),
        (
            "turn carol 2 1",
            "this game has a board: record a turn as cover PLAYER TILE [TILE] (C of JACKET, B of BOAT); umpire counts the chips",
        ),
        (
            "pass carol",
            "the pool still holds 77 tiles: a player who cannot play exchanges (exchange PLAYER)",
        ),
        (
            "exchange carol now",
            "an exchange swaps two tiles with the pool (the sheet), not 3 tiles: name both (exchange PLAYER KV), or none",
        ),
        (
            "covr carol 5,5 P",
            "unknown verb \"covr\" (did you mean \"cover\"?)",
        ),
        (
            "fix 1 cover carol 5,5 P",
            "fix takes #N and the line entry N should have been",
        ),
    ];
    for (line, expect) in cases {
        let run = t.run(&["resume", "bad"], &format!("{line}\n"));
        let refusals = run.refusals();
        assert_eq!(refusals.len(), 1, "{line}: {}", run.stdout);
        assert!(
            refusals[0].starts_with(&format!("not recorded: {expect}")),
            "{line}: {}",
            refusals[0]
        );
        assert!(refusals[0].ends_with("nothing changed"), "{}", refusals[0]);
        assert_eq!(run.code, Some(1), "{line}");
        assert_eq!(t.log("bad"), before, "{line} changed the log");
    }
}

#[test]
fn tally_mode_refuses_cover_and_bad_tallies_with_one_line_each() {
    let t = Table::new();
    t.run(
        &["new", "board-chips", "alice", "bob", "--name", "badt"],
        "turn alice 2 1\n",
    );
    let before = t.log("badt");
    let cases = [
        (
            "cover bob 1,1 A",
            "this game has no board: record a turn as turn PLAYER TILES CHIPS (cover and where need a game started with a board: `--board FILE`, or `--board example`)",
        ),
        (
            "turn bob 3 0",
            "TILES is the tiles placed this turn, 0, 1 or 2, not \"3\"",
        ),
        (
            "turn bob 2 -1",
            "CHIPS is the chips won this turn, a whole number, not \"-1\"",
        ),
        (
            "turn bob 1 3",
            "1 tile placed cannot win 3 chips: a tile completes at most two words",
        ),
        (
            "turn bob 2",
            "expected turn PLAYER TILES CHIPS, e.g. turn alice 2 1",
        ),
        ("pass bob", "the pool still holds"),
        (
            "add dave --score 3",
            "a player joins board chips with no chips",
        ),
    ];
    for (line, expect) in cases {
        let run = t.run(&["resume", "badt"], &format!("{line}\n"));
        let refusals = run.refusals();
        assert_eq!(refusals.len(), 1, "{line}: {}", run.stdout);
        assert!(
            refusals[0].starts_with(&format!("not recorded: {expect}")),
            "{line}: {}",
            refusals[0]
        );
        assert_eq!(t.log("badt"), before, "{line} changed the log");
    }
}

#[test]
fn a_player_who_joins_mid_game_takes_the_next_seat_with_no_chips() {
    let t = Table::new();
    let run = t.run(
        &["new", "board-chips", "alice", "bob", "--name", "join"],
        "turn alice 2 1\nturn bob 2 1\nadd carol\nturn alice 2 0\nturn bob 2 0\nturn carol 2 2\nrename bob robert\nturn alice 2 0\nturn robert 1 1\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let v = t.json("join");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 1), ("robert", 2), ("carol", 2)])
    );
    assert_eq!(
        v["turns"][1]["player"], "robert",
        "the export names players as they are now"
    );
    let csv = t.export("join", "csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "turn,alice,robert,carol");
    assert_eq!(lines[1], "t1,1,0,", "carol had not sat down yet");
    assert_eq!(lines[2], "t2,1,1,0", "carol sat down after turn 2");
    assert_eq!(lines[5], "t5,1,1,2");
}

#[test]
fn after_two_undos_history_says_each_undone_turn_as_it_was_recorded() {
    let t = board_table();
    let run = t.run(
        &new_board("undos"),
        &script(&[
            "cover alice 5,3 M 5,4 A",
            "cover bob 5,5 P 5,6 L",
            "cover carol 5,7 E 4,1 J",
            "undo",
            "undo",
            "cover bob 4,1 J 2,3 W",
            "history",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let history = run.stdout.rsplit("history\n").next().expect("history");
    let row = |seq: &str| -> Vec<String> {
        history
            .lines()
            .find(|l| l.starts_with(&format!("│ {seq} ")))
            .unwrap_or_else(|| panic!("entry {seq}: {history}"))
            .split(['│', '┆'])
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect()
    };
    // The second undone turn met a table that still held the first: turn 3, and what
    // it completed and started then.
    assert_eq!(
        row("2")[2..],
        ["2", "bob covers P of MAPLE, L of MAPLE  (undone)"]
    );
    assert_eq!(
        row("3")[2..],
        [
            "3",
            "carol covers E of MAPLE, J of JAR: completes MAPLE, 1 chip; starts JAR  (undone)"
        ]
    );
    assert_eq!(
        row("6")[2..],
        ["2", "bob covers J of JAR, W of WORM: starts JAR and WORM"]
    );
}

/// `new board-chips ann ben cal --board example --name NAME`: the board built into
/// umpire, no file.
fn new_example(name: &str) -> Vec<&str> {
    vec![
        "new",
        "board-chips",
        "ann",
        "ben",
        "cal",
        "--board",
        "example",
        "--name",
        name,
    ]
}

#[test]
fn the_held_game_named_by_word_and_letter_or_the_letter_alone_ends_with_the_same_chips() {
    let t = Table::new();
    let lines: Vec<&str> = include_str!("common/board_chips_game_words.txt")
        .lines()
        .map(|l| l.trim())
        .collect();
    // The held game's players are alice, bob and carol.
    let run = t.run(
        &[
            "new",
            "board-chips",
            "alice",
            "bob",
            "carol",
            "--board",
            "example",
            "--name",
            "w",
        ],
        &script(&lines),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    run.says("board-chips w t1> cover alice W of WIND, B");
    run.says(
        "recorded  alice covers D of WIND, I of SWING: D of WIND completes WIND and BIRD, 2 chips",
    );
    let v = t.json("w");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 13), ("bob", 9), ("carol", 9)])
    );
    assert_eq!(v["ended"], "every square is covered");
    // The same turns as the held game typed by row and column.
    let by_numbers = board_table();
    by_numbers.run(&new_board("n"), &script(&whole_game()));
    assert_eq!(v["turns"], by_numbers.json("n")["turns"]);
}

#[test]
fn the_example_board_is_built_in_and_a_board_of_other_than_101_squares_says_its_tiles() {
    let t = Table::new();
    let run = t.run(&new_example("ex"), "score\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.starts_with(
            "board-chips \"ex\": ann, ben, cal; board example (15 by 15, 101 squares, 31 words: 101 tiles, one a square)"
        ),
        "{}",
        run.stdout
    );
    // A board of 96 squares has 96 tiles: the pool starts at 96 less three racks.
    let ninety_six =
        include_str!("../dictionaries/board-chips-example.txt").replacen("KETTLE", "K.....", 1);
    std::fs::write(t.dir().join("96.txt"), ninety_six).expect("written");
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "cal",
            "--board",
            "96.txt",
            "--name",
            "small",
        ],
        "pass ann\n",
    );
    run.says("board 96.txt (15 by 15, 96 squares, 30 words); note: 96 tiles, one a square, not the sheet's 101: the game ends when the board is covered");
    run.says("44 chips left in the kitty; 0 of 96 squares covered; 75 tiles in the pool; anyone may start");
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: the pool still holds 75 tiles: a player who cannot play exchanges (exchange PLAYER); nothing changed"
        ]
    );
    let v = t.json("small");
    assert_eq!(
        (v["tiles"].as_u64(), v["pool"].as_u64()),
        (Some(96), Some(75))
    );
}

#[test]
fn umpire_board_draws_a_board_lists_its_words_and_warns_about_letters_that_touch() {
    let t = Table::new();
    let run = t.run(&["board", "example"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for line in [
        "board example: 15 by 15, 101 squares, 31 words: 101 tiles, one a square",
        " 5  .  .  M  A  P  L  E  .  .  .  .  R  A  I  N",
        "the tiles (101): A 12, B 3, C 1, D 1, E 7, F 3, G 3, H 2, I 9, J 1, K 4, L 10, M 3, N 9, O 10, P 3, R 4, S 2, T 6, U 1, V 1, W 4, X 2",
        "nothing to warn about: no letters touch by accident",
    ] {
        assert!(
            run.stdout.lines().any(|l| l == line),
            "{line:?}\n{}",
            run.stdout
        );
    }
    run.says("across (17): TRAIL r1c9, KITE r2c6, BOX r3c12");
    std::fs::write(t.dir().join("cat.txt"), "CAT\n.X.\n...\nDOG\n").expect("written");
    let run = t.run(&["board", "cat.txt"], "");
    assert_eq!(run.code, Some(1), "a warning is a no: {}", run.stdout);
    run.says(
        "  AX (down from r1c2): two letters that touch, A of CAT over X: a word no one meant?",
    );
    let run = t.run(&["board", "--json", "cat.txt"], "");
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(v["squares"], 7);
    assert_eq!(v["letters"]["X"], 1);
    assert_eq!(v["warnings"][0]["word"], "AX");
    std::fs::write(t.dir().join("bad.txt"), "CAT\nA-T\n").expect("written");
    let run = t.run(&["board", "bad.txt"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("bad.txt: row 2, column 2: '-' is not a letter"),
        "{}",
        run.stderr
    );
}

#[test]
fn where_says_each_square_a_letter_may_cover_and_what_it_would_complete() {
    let t = Table::new();
    let run = t.run(
        &new_example("where"),
        &script(&[
            "where T",
            "cover ann B of BOAT",
            "cover ann W of WIND, B of BIRD",
            "cover ben I of WIND, I of BIRD",
            "cover cal N of WIND, R of BIRD",
            "where D",
            "where x 5",
        ]),
    );
    let said: Vec<&str> = run.stdout.lines().collect();
    assert!(
        said.contains(&"T: T of TRAIL and TENT starts both"),
        "{}",
        run.stdout
    );
    assert!(
        said.contains(&"D: D of WIND and BIRD completes both (2 chips)"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: no word BOAT on the board (did you mean BOX?); nothing changed",
            "not recorded: \"5\" is not a letter: where takes letters A-Z, e.g. where T or where CAKE; nothing changed",
        ]
    );
    // `where` records nothing.
    let v = t.json("where");
    assert_eq!(v["turns"].as_array().map(Vec::len), Some(3));
}

#[test]
fn a_rack_refuses_a_one_tile_turn_an_exchange_or_a_pass_while_it_could_play_more() {
    let t = Table::new();
    let run = t.run(
        &new_example("rack"),
        &script(&[
            "cover ann M of MAPLE, A of MAPLE",
            "rack ben PLQ????",
            "rack ben pl?????",
            "cover ben P of PATH",
            "exchange ben",
            "cover ben J",
            "rack ben PLEEEEE",
            "cover ben J",
            "where",
            "cover ben P of MAPLE, L of MAPLE",
            "rack cal XX?????",
            "exchange cal",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: ben's rack cannot hold a Q: the board has no Q, and its squares are the tiles; nothing changed",
            "not recorded: ben can play two tiles (P of PATH and L of LEAF): the sheet says always play two if you can; nothing changed",
            "not recorded: ben can play (P of PATH): if you can play, you must play; nothing changed",
            "not recorded: ben can play two tiles (P of PATH and L of LEAF): the sheet says always play two if you can; nothing changed",
            "not recorded: ben's rack (E E E E E L P) holds no J: correct it with rack ben LETTERS first; nothing changed",
        ]
    );
    for said in [
        "recorded  ben's rack: L P and 5 tiles not told",
        "recorded  ben's rack: E E E E E L P",
        "E: no E may be covered now",
        "L: L of LEAF starts LEAF; L of LEMON starts LEMON; L of LAKE starts LAKE",
        "recorded  ben covers P of MAPLE, L of MAPLE",
        "recorded  cal's rack: X X and 5 tiles not told",
        "recorded  cal exchanges tiles with the pool",
    ] {
        assert!(
            run.stdout.lines().any(|l| l == said),
            "{said:?}\n{}",
            run.stdout
        );
    }
    // A rack is an entry like any other: fixed, it is ruled on again with what followed.
    let run = t.run(
        &["resume", "rack"],
        "fix #3 rack ben PEAAAAA\nfix #3 rack ben PELAAAA\n",
    );
    assert_eq!(
        run.refusals().len(),
        1,
        "a rack without L cannot have covered MAPLE's L: {}",
        run.stdout
    );
    assert!(
        run.refusals()[0].contains("ben's rack (A A A A A E P) holds no L"),
        "{}",
        run.stdout
    );
    run.says("fixed #3: ben's rack: E E E E E L P -> ben's rack: A A A A E L P");
}

#[test]
fn a_tally_turn_of_no_tiles_is_refused_while_the_pool_holds_tiles_as_a_pass_is() {
    let t = Table::new();
    let run = t.run(
        &["new", "board-chips", "ann", "ben", "--name", "nil"],
        "turn ann 0 0\npass ann\nturn ann 2 0\n",
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: no tile placed is a pass, and the pool still holds 87 tiles: a player who cannot play exchanges (exchange PLAYER); nothing changed",
            "not recorded: the pool still holds 87 tiles: a player who cannot play exchanges (exchange PLAYER); nothing changed",
        ]
    );
    // Once the pool is empty, no tiles is a pass.
    let mut lines: Vec<String> = (0..43)
        .map(|k| format!("turn {} 2 0", ["ben", "ann"][k % 2]))
        .collect();
    lines.push("turn ann 0 0".into());
    let run = t.run(
        &["resume", "nil"],
        &script(&lines.iter().map(String::as_str).collect::<Vec<_>>()),
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    run.says("recorded  ann places no tile");
}

#[test]
fn a_session_opens_saying_whose_turn_it_is_and_what_the_pool_holds() {
    let t = Table::new();
    t.run(
        &new_example("open"),
        "cover ann M of MAPLE, A of MAPLE\nrack ben PL?????\n",
    );
    let run = t.run(&["resume", "open"], "");
    for line in [
        "44 chips left in the kitty; 2 of 101 squares covered; 78 tiles in the pool; ben to play",
        "ben's rack: L P and 5 tiles not told",
    ] {
        assert!(
            run.stdout.lines().any(|l| l == line),
            "{line:?}\n{}",
            run.stdout
        );
    }
    // Whose turn it is and the pool are said once, not again under the status.
    assert_eq!(
        run.stdout.matches("78 tiles in the pool").count(),
        1,
        "{}",
        run.stdout
    );
}

#[test]
fn a_covering_named_by_word_is_undone_redone_and_fixed_like_any_entry() {
    let t = Table::new();
    let run = t.run(
        &new_example("fix"),
        &script(&[
            "cover ann M of MAPLE, A of MAPLE",
            "cover ben P of PATH, A of PATH",
            "undo",
            "redo",
            "cover cal P of MAPLE",
            "fix #2 cover ben P of MAPLE, L of MAPLE",
            "fix #2 cover ben T of PATH, A of PATH",
            "fix #2 cover ben J, A of JAR",
            "history",
        ]),
    );
    assert!(
        crate::common::undid(
            &run.stdout,
            "ben covers P of PATH, A of PATH: starts PATH and PEBBLE"
        ),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: with #2 as cover ben P of MAPLE, L of MAPLE, #5 (cal covers P of MAPLE) would no longer fit: P of MAPLE (r5c5) is already covered; nothing changed",
            "not recorded: in place of #2 (ben covers P of PATH, A of PATH: starts PATH and PEBBLE), T of PATH (r4c9): out of spelling order: PATH's next open letter is P at r4c7, TENT's is T at r1c9; nothing changed",
        ]
    );
    run.says("fixed #2: ben covers P of PATH, A of PATH: starts PATH and PEBBLE -> ben covers J of JAR, A of JAR: starts JAR");
    let v = t.json("fix");
    assert_eq!(v["turns"][1]["coverings"][0]["row"], 4);
    assert_eq!(v["turns"][1]["coverings"][0]["col"], 1);
}

#[test]
fn a_letter_of_a_word_already_covered_through_another_word_is_refused_by_the_word_typed() {
    // Played at a table: NAPKIN's P was covered, then SPOON's P was asked for by its
    // own word; the refusal named NAPKIN ("P of NAPKIN (r10c11) is already covered"),
    // and the scorekeeper, who had said SPOON, could not tell what was wrong.
    let t = board_table();
    let run = t.run(
        &new_board("shared"),
        &script(&[
            "cover alice T of TRAIL, R of TRAIL",
            "cover bob A of TRAIL, I of TRAIL",
            "cover carol L of TRAIL, E of TENT",
            "cover alice N of TENT, P of PATH",
            "cover bob A of PATH, T of PATH",
            "cover carol N of NAPKIN, A of NAPKIN",
            "cover alice P of NAPKIN, S of SPOON",
            "cover bob P of SPOON, O of SPOON",
            "cover bob TENT:T",
            "cover bob O of SPOON",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: P of SPOON (r10c11) is already covered: SPOON's next open letter is O at r11c11; nothing changed",
            "not recorded: every T of TENT (r1c9, r4c9) is already covered: TENT is complete; nothing changed",
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn a_second_tile_typed_on_its_own_line_is_refused_with_how_to_make_the_turn_two_tiles() {
    // Played at a table: the scorekeeper typed ann's two tiles on two lines. The first
    // was recorded as a one-tile turn, and the second got only "it is bob's turn, not
    // ann's".
    let t = board_table();
    let run = t.run(
        &new_board("twolines"),
        &script(&[
            "cover alice J of JAR, A of JAR",
            "cover bob T of TRAIL",
            "cover bob R of TRAIL",
            "cover carol W of WORM, O of WORM",
            "cover carol R of JAR",
            "undo",
            "cover bob R of TRAIL",
            "undo",
            "cover bob T of TRAIL, R of TRAIL",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: it is carol's turn, not bob's (play passes to the left); bob's turn 2 covered one tile: if it was two, `undo` it and type both on one line; nothing changed",
            "not recorded: it is alice's turn, not carol's (play passes to the left); nothing changed",
            "not recorded: it is carol's turn, not bob's (play passes to the left); bob's turn 2 covered one tile: if it was two, `undo` it and type both on one line; nothing changed",
        ],
        "{}",
        run.stdout
    );
    run.says("recorded  bob covers T of TRAIL, R of TRAIL: starts TRAIL and TENT");
}

#[test]
fn a_square_out_of_spelling_order_is_named_by_the_word_typed_and_its_wait_said_first() {
    // Played at a table: `cover cat E of LAKE` was refused as "E2 of KETTLE (r15c15):
    // out of spelling order: KETTLE's next open letter is K ...", leading with a word
    // the scorekeeper had not said.
    let t = board_table();
    let run = t.run(
        &new_board("order"),
        &script(&[
            "cover alice J of JAR, A of JAR",
            "cover bob E of LAKE, T of TRAIL",
            "cover bob KETTLE:E2",
            "cover bob 15,15 E",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: E of LAKE (r15c15): out of spelling order: LAKE's next open letter is L at r12c15, KETTLE's is K at r15c10; nothing changed",
            "not recorded: E2 of KETTLE (r15c15): out of spelling order: KETTLE's next open letter is K at r15c10, LAKE's is L at r12c15; nothing changed",
            "not recorded: E2 of KETTLE (r15c15): out of spelling order: KETTLE's next open letter is K at r15c10, LAKE's is L at r12c15; nothing changed",
        ],
        "{}",
        run.stdout
    );
}

/// Issue 42: the table's words. `the J of JAR` is read as `J of JAR`.
#[test]
fn the_table_says_the_j_of_jar() {
    let t = board_table();
    let run = t.run(
        &new_board("words"),
        &script(&["cover alice the J of JAR and the A of JAR"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("> cover alice the J of JAR and the A of JAR\nrecorded  alice covers J of JAR, A of JAR: starts JAR\n");
}

/// Issue 42: a small board made on purpose is correct: `umpire board` says its square
/// count as a warning and exits 0; `new` on it warns when its tiles cannot fill every
/// rack.
#[test]
fn a_small_board_is_a_warning_not_a_failure_and_new_says_when_the_racks_run_short() {
    let t = Table::new();
    // 24 squares: BOAT, TOWN, BAT and TAN; COAT, TONE, CAT and TOE; MILK.
    let small = "BOAT\nA..A\nTOWN\n....\nCOAT\nA..O\nTONE\n....\nMILK\n";
    std::fs::write(t.dir().join("small.txt"), small).expect("written");
    let run = t.run(&["board", "small.txt"], "");
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    run.says("1 warning:\n  24 squares, so 24 tiles, not the sheet's 101: umpire counts the pool and the end from the squares");
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "cal",
            "dee",
            "--board",
            "small.txt",
            "--name",
            "small",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    run.says("warning: the pool cannot fill every rack: 24 tiles for 4 players drawing 7 each (28); the pool is empty from the start and the racks are 4 tiles short");
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            "small.txt",
            "--name",
            "two",
        ],
        "",
    );
    assert!(!run.stdout.contains("cannot fill"), "{}", run.stdout);
}

/// Issue 42: `exchange PLAYER TILES` records the tiles put back when the table tells
/// them; the sheet's exchange is two tiles, one when the pool holds one, none (a pass)
/// when it is empty.
#[test]
fn an_exchange_says_the_tiles_put_back_and_a_pool_of_one_swaps_one() {
    let t = board_table();
    let run = t.run(
        &new_board("swap"),
        &script(&[
            "exchange alice KV",
            "exchange bob K",
            "exchange bob k v x",
            "exchange bob",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: an exchange swaps two tiles with the pool (the sheet), not 1 tile: name both (exchange PLAYER KV), or none; nothing changed",
            "not recorded: an exchange swaps two tiles with the pool (the sheet), not 3 tiles: name both (exchange PLAYER KV), or none; nothing changed",
        ]
    );
    run.says("> exchange alice KV\nrecorded  alice exchanges K V with the pool\n");
    run.says("> exchange bob\nrecorded  bob exchanges tiles with the pool\n");
    let v = t.json("swap");
    assert_eq!(v["turns"][0]["back"], "KV", "{v}");
    assert!(v["turns"][1].get("back").is_none(), "{v}");
    // 15 squares for two players drawing seven: one tile in the pool.
    std::fs::write(
        t.dir().join("fifteen.txt"),
        "BOAT.\nA..A.\nTOWN.\n.....\nCHALK\n",
    )
    .expect("written");
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            "fifteen.txt",
            "--name",
            "one",
        ],
        &script(&["exchange ann BT", "exchange ann B"]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: the pool holds 1 tile: the exchange swaps one tile, not 2 tiles (exchange PLAYER K); nothing changed",
        ]
    );
    run.says("> exchange ann B\nrecorded  ann exchanges B with the pool (its last)\n");
    // A rack told, then the tiles put back: the rack loses them and holds as many not
    // yet seen; a tile the board does not have, or the rack does not hold, is refused.
    std::fs::write(
        t.dir().join("small.txt"),
        "BOAT\nA..A\nTOWN\n....\nCOAT\nA..O\nTONE\n....\nMILK\n",
    )
    .expect("written");
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            "small.txt",
            "--name",
            "racks",
        ],
        &script(&[
            "cover ann B of BOAT, C of COAT",
            "rack ben WNEILKN",
            "exchange ben WX",
            "exchange ben WO",
            "exchange ben WK",
            "cover ann T of TOWN, M of MILK",
            "exchange ben",
        ]),
    );
    // The rack kept through the exchange (E I L N N and two unseen): once MILK's I is
    // open, ben can play and may not exchange again.
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: ben's rack cannot hold a X: the board has no X, and its squares are the tiles; nothing changed",
            "not recorded: ben's rack (E I K L N N W) holds no O: correct it with rack ben LETTERS first; nothing changed",
            "not recorded: ben can play (I of MILK): if you can play, you must play; nothing changed",
        ]
    );
    run.says("> exchange ben WK\nrecorded  ben exchanges W K with the pool\n");
}

/// Issue 42: a square is read back by the name it was given, the other word through it
/// after (`history` names it by the word that made the covering legal), and a refusal
/// of it names it so too.
#[test]
fn a_square_is_read_back_by_the_name_it_was_given() {
    let t = Table::new();
    let run = t.run(
        &new_example("named"),
        &script(&["cover ann SPOON:O2", "cover ben SPOON:O2", "history"]),
    );
    assert_eq!(
        run.refusals(),
        vec!["not recorded: O2 of SPOON (r12c11) is already covered; nothing changed"]
    );
    run.says("> cover ann SPOON:O2\nrecorded  ann covers O2 of SPOON (also OWL's O): starts OWL\n");
    assert!(
        run.stdout.contains("ann covers O of OWL: starts OWL"),
        "history names it by the word that made it legal: {}",
        run.stdout
    );
}
