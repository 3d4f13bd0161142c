//! Board Chips' boards and racks through the binary: a board file read or refused at
//! `new`, the example board built in, a board of other than 101 squares, `umpire board`
//! and `board FILE` at the prompt; `where` on a board and a rack; a rack told, and what
//! it forbids (a one-tile turn, an exchange or a pass while it could play more), what a
//! terminal is asked when no rack was told, and an exchange's tiles put back.

use crate::common;

use crate::board_chips::{board_table, new_board, new_example};
use common::{AtTerminal, Table, reply_to, script};

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

/// A board file checked at the prompt as `umpire board FILE` checks it, in a session
/// and out of one, the session left as it was; what cannot be read is one line.
#[test]
fn a_board_file_is_checked_at_the_prompt_as_at_the_shell() {
    let t = Table::new();
    // An F over FLAG's L by mistake: a word FL no one meant.
    std::fs::write(t.dir().join("bell.txt"), "BELL.\nA...F\nT..FLAG\n").expect("written");
    let shell = t.run(&["board", "bell.txt"], "");
    assert_eq!(shell.code, Some(1), "{}", shell.stdout);
    let lines = [
        "board bell.txt",
        "board",
        "board -",
        "board nowhere.txt",
        "board bell.txt --jsn",
        "history",
    ];
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "evening"],
        &script(&lines),
    );
    assert_eq!(reply_to(&run.stdout, "board bell.txt"), shell.stdout);
    assert!(
        shell
            .stdout
            .contains("FL (down from r2c5): two letters that touch, F over L of FLAG"),
        "{}",
        shell.stdout
    );
    assert_eq!(
        run.refusals(),
        [
            "not checked: board takes FILE [--json], e.g. `board my-board.txt`",
            "not checked: board - reads standard input, which is where the prompt reads its lines: name a file (`umpire board -` at the shell reads standard input)",
            "not checked: cannot read board file nowhere.txt: No such file or directory (os error 2)",
            "not checked: unexpected argument '--jsn' found: board takes FILE [--json], e.g. `board my-board.txt`",
        ]
    );
    assert_eq!(reply_to(&run.stdout, "history"), "nothing recorded yet\n");
    // No session open: the same answer.
    let run = t.run(&[], "board bell.txt\n");
    assert!(run.stdout.contains(&shell.stdout), "{}", run.stdout);
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
fn where_with_a_partly_told_rack_says_the_rest_is_not_told() {
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
            "rack",
        ],
        &script(&[
            "cover ann A of MAPLE, M of MAPLE",
            "rack ben LE?????",
            "where",
        ]),
    );
    let said = reply_to(&run.stdout, "where");
    assert!(said.starts_with("E: "), "{said}");
    assert!(said.contains("\nL: "), "{said}");
    assert!(
        said.contains(
            "5 tiles of ben's rack not told: this answers for E L only; `where LETTERS` asks about any letter"
        ),
        "{said}"
    );
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
fn a_one_tile_turn_without_a_rack_is_asked_at_a_terminal() {
    let mut t = AtTerminal::new(&["board-chips", "ann", "ben", "--board", "example"]);
    t.ok(&["cover ann A of MAPLE, M of MAPLE"]);
    let asked = t.typed("cover ben P of MAPLE");
    assert_eq!(
        asked.ask.as_deref(),
        Some("record a one-tile turn for ben?"),
        "{}",
        asked.text
    );
    assert!(
        asked.text.contains(
            "ben covers one square, and ben's rack was not told: the sheet has a player who can play two tiles play two; `rack ben LETTERS` lets umpire check"
        ),
        "{}",
        asked.text
    );
    let yes = t.answered(true);
    assert!(
        yes.text.contains("recorded  ben covers P of MAPLE"),
        "{}",
        yes.text
    );
}

#[test]
fn an_exchange_without_a_rack_is_asked_at_a_terminal_and_one_a_told_rack_allows_is_not() {
    let mut t = AtTerminal::new(&["board-chips", "ann", "ben", "--board", "example"]);
    t.ok(&["cover ann A of MAPLE, M of MAPLE"]);
    let asked = t.typed("exchange ben");
    assert_eq!(
        asked.ask.as_deref(),
        Some("record an exchange for ben?"),
        "{}",
        asked.text
    );
    assert!(
        asked.text.contains(
            "ben exchanges tiles, and ben's rack was not told: the sheet has a player who can play a tile play it; `rack ben LETTERS` lets umpire check"
        ),
        "{}",
        asked.text
    );
    let no = t.answered(false);
    assert_eq!(no.text.trim(), "nothing recorded");
    // A rack told in full that plays nothing: the engine referees it, nothing asked.
    t.ok(&["rack ben XXUDEEE"]);
    let told = t.typed("exchange ben");
    assert!(told.ask.is_none() && !told.refused, "{}", told.text);
    assert!(
        told.text.contains("recorded  ben exchanges"),
        "{}",
        told.text
    );
}

#[test]
fn a_rack_whose_told_letters_were_played_is_said_to_be_unknown_not_told_in_part() {
    let mut t = AtTerminal::new(&["board-chips", "ann", "ben", "--board", "example"]);
    t.ok(&[
        "cover ann A of MAPLE, M of MAPLE",
        "rack ben PL?????",
        "cover ben P of MAPLE, L of MAPLE",
        "cover ann J of JAR, V of VIOLIN",
    ]);
    let asked = t.typed("cover ben E of MAPLE");
    assert!(
        asked.text.contains(
            "ben covers one square, and none of ben's rack is known now (the letters told were played; 7 tiles not told)"
        ),
        "{}",
        asked.text
    );
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
