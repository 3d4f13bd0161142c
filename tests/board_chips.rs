//! Whole board-chips sessions driven through the real binary in script mode: a game on
//! the example board from the first turn to the last square, the sheet's rules as the
//! prompt meets them, squares named the table's way (by word, by letter alone, in
//! spelling order), tally mode, undo and resume, history, the table, and bad input.
//! Board files, `where` and racks are in `board_chips_boards_and_racks.rs`.

use crate::common;

use common::{Table, pairs, reply_to, script, totals};

/// The example board, copied into the table's directory so a session names it as a
/// scorekeeper would, by a path.
pub(crate) fn board_table() -> Table {
    let t = Table::new();
    let board = include_str!("../dictionaries/board-chips-example.txt");
    std::fs::write(t.dir().join("board.txt"), board).expect("board written");
    t
}

/// `new board-chips alice bob carol --board board.txt --name NAME`.
pub(crate) fn new_board(name: &str) -> Vec<&str> {
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
pub(crate) fn new_board_chips_help_lists_the_board_flag_and_no_word_flags() {
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
pub(crate) fn new_example(name: &str) -> Vec<&str> {
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

#[test]
fn a_square_only_one_word_opens_is_named_by_that_word() {
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            "example",
            "--name",
            "le",
        ],
        &script(&["cover ben L E"]),
    );
    run.says(
        "not recorded: L could be L of LEAF or L of LEMON; E could be E of LEAF or E of LEMON: say which, e.g. L of LEAF; nothing changed",
    );
}

/// BELL with its B and E covered, and FLAG below (its F and L open only in that order).
const BELL: &str = "BELL..\nA.....\nT..FLAG\n";

/// Starts a board game on [`BELL`] with ann's B and E covered, then types `lines`.
fn on_bell(t: &Table, name: &str, players: &[&str], lines: &[&str]) -> common::Run {
    std::fs::write(t.dir().join("bell.txt"), BELL).expect("board written");
    let mut args = vec!["new", "board-chips"];
    args.extend(players);
    args.extend(["--board", "bell.txt", "--name", name]);
    let mut typed = vec!["cover ann B E"];
    typed.extend(lines);
    t.run(&args, &script(&typed))
}

/// BELL's two Ls are all dora can cover: `L L` is L1 then L2, in either order, once.
#[test]
fn two_letters_alike_alone_are_the_one_turn_they_can_be() {
    let t = Table::new();
    let run = on_bell(&t, "bell", &["ann", "dora"], &["cover dora L L"]);
    assert_eq!(
        reply_to(&run.stdout, "cover dora L L"),
        "recorded  dora covers L1 of BELL, L2 of BELL: completes BELL, 1 chip\n"
    );
    // Where two Ls could be any two of three squares, the squares are said once.
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            "example",
            "--name",
            "ells",
        ],
        &script(&["cover ann L L"]),
    );
    assert_eq!(
        reply_to(&run.stdout, "cover ann L L"),
        "not recorded: L could be L of LEAF, L of LEMON or L of LAKE: say which, e.g. L of LEAF; nothing changed\n"
    );
}

/// eli's L beside FLAG's F could be BELL's L1, open now, or FLAG's L, open only once
/// its F is covered: the reply offers both and says why FLAG's is offered.
#[test]
fn a_square_the_other_tile_opens_is_offered_saying_so() {
    let t = Table::new();
    let run = on_bell(
        &t,
        "flag",
        &["ann", "eli"],
        &["cover eli L, F of FLAG", "cover eli F of FLAG, L of FLAG"],
    );
    assert_eq!(
        reply_to(&run.stdout, "cover eli L, F of FLAG"),
        "not recorded: L could be L1 of BELL or L of FLAG (open only after F of FLAG this turn): say which, e.g. L1 of BELL; nothing changed\n"
    );
    run.says("recorded  eli covers F of FLAG, L of FLAG: starts FLAG");
}

/// A rack told makes the entries run ahead of the turns: dora's cover at #3 is turn 2,
/// and its fix, typed in turn 3, is listed under turn 2 as a fix typed later, by its
/// own number and turn, never as a row of turn 2's table; `history 3` has it as a row.
#[test]
fn history_of_a_turn_keeps_a_later_fix_of_it_apart_from_the_turn_s_entries() {
    let t = Table::new();
    let run = on_bell(
        &t,
        "later",
        &["ann", "dora"],
        &[
            "rack dora LLG????",
            "cover dora L1 of BELL, L2 of BELL",
            "fix #3 cover dora L L",
            "history 2",
            "history 3",
        ],
    );
    let two = reply_to(&run.stdout, "history 2");
    let rows: Vec<&str> = two.lines().filter(|l| l.starts_with("│ ")).collect();
    assert_eq!(rows.len(), 3, "{two}");
    assert!(
        rows[1].starts_with("│ 2 ") && rows[1].contains("dora's rack: G L L"),
        "{two}"
    );
    assert!(
        rows[2].starts_with("│ 3 ") && rows[2].contains("(fixed by #4;"),
        "{two}"
    );
    let later = two.lines().last().unwrap_or_default();
    assert!(
        later.starts_with("fixed later: #4 (turn 3, ")
            && later.ends_with(") fix #3: cover dora L L"),
        "{two}"
    );
    let three = reply_to(&run.stdout, "history 3");
    assert!(three.contains("│ 4 "), "{three}");
    assert!(!three.contains("fixed later"), "{three}");
}
