//! Take Two through the binary in script mode: a scripted evening and what its exports
//! say, each entry's one line with the player's standing and the table at `end`, a match
//! of rounds or to a point limit, ended by `finish` or extended by `rounds N`, a hand
//! told and the tiles it lacks, a second player out, points counted aloud, the tile set
//! and a tile set file, and every bad line refused in one line. Grids are in
//! `take_two_grid.rs`.

use crate::common;

use common::{Table, pairs, reply_lines, script, totals};

/// An open-ended evening of two rounds among three, with a penalty and a blank
/// (`exports.rs` types it too).
pub(crate) const EVENING: &str = "\
out alice
left bob QZX
penalty bob played DONT
left carol E?A
end
left alice KJ
out bob
left carol WW
end
";

#[test]
fn a_scripted_evening_exports_its_round_totals() {
    let t = Table::new();
    let run = t.run(
        &[
            "new", "take-two", "alice", "bob", "carol", "--name", "friday",
        ],
        EVENING,
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let v = t.json("friday");
    assert_eq!(v["game"], "take-two");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 13), ("bob", 53), ("carol", 10)])
    );
    let rounds = v["rounds"].as_array().expect("rounds");
    assert_eq!(rounds.len(), 2);
    assert_eq!(rounds[0]["points"]["bob"], 53);
    assert_eq!(rounds[0]["penalties"]["bob"], 1);
    assert_eq!(rounds[1]["points"]["alice"], 13);
    assert!(
        v.get("winner").is_none(),
        "an open-ended match has no winner"
    );

    let csv = t.export("friday", "csv");
    assert_eq!(
        csv,
        "round,alice,bob,carol\n1,0,53,2\n2,13,0,8\ntotal,13,53,10\n"
    );
    let md = t.export("friday", "md");
    assert!(md.contains("| alice | 0 | 13 | 13 |"), "{md}");
    assert!(md.contains("| bob | 53 | 0 | 53 |"), "{md}");
}

#[test]
fn every_entry_is_one_line_with_the_players_standing_and_end_shows_the_table() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "alice", "bob", "--name", "x"],
        "left bob QZX\npenalty alice DONT\nscore\nleft alice E\nend\n",
    );
    assert!(
        run.stdout.contains("take-two x r1> left bob QZX"),
        "echo: {}",
        run.stdout
    );
    let entry = |cmd: &str| -> Vec<String> {
        let after = run.stdout.split(cmd).nth(1).unwrap_or("");
        after
            .lines()
            .skip(1)
            .take_while(|l| !l.starts_with("take-two x "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        entry("r1> left bob QZX"),
        vec!["recorded  bob left Q Z X: 28   (bob: r1 28, total 28)"]
    );
    assert_eq!(
        entry("r1> penalty alice DONT"),
        vec!["recorded  alice +25 (DONT)   (alice: r1 25, total 25)"]
    );
    // `score` tells an entry, a penalty only, and no entry apart.
    let score = entry("r1> score").join("\n");
    assert!(score.contains("r1 (open)"), "{score}");
    assert!(score.contains("25*"), "{score}");
    assert!(score.contains("* penalty only so far"), "{score}");
    // `end` shows the whole table, the round just closed as a column.
    let end = entry("r1> end").join("\n");
    // Nobody went out: a script is told the sheet's rule, and the round closes.
    assert!(
        end.starts_with("nobody is out in round 1: the sheet ends a round only when a player calls FINISHED; closed as the script says\nrecorded  round 1 closed: alice 26, bob 28\n"),
        "{end}"
    );
    assert!(end.contains("│ player ┆ r1 ┆ total"), "{end}");
    assert!(end.contains("│ alice  ┆ 26 ┆    26 ┆"), "{end}");
}

#[test]
fn the_match_ends_after_its_rounds_and_names_the_lowest_total() {
    let t = Table::new();
    let script = "out alice\nleft bob A\nend\nleft alice Q\nout bob\nend\nout alice\n";
    let run = t.run(
        &[
            "new", "take-two", "alice", "bob", "--rounds", "2", "--name", "m",
        ],
        script,
    );
    run.says("match over: bob wins");
    // The entry after the match is refused, and the script says so by its exit code.
    assert_eq!(run.refusals().len(), 1, "{}", run.stdout);
    assert!(run.refusals()[0].contains("the match is over"));
    assert_eq!(run.code, Some(1));
    let v = t.json("m");
    assert_eq!(v["winner"], "bob");
    assert_eq!(v["finished"], true);
    assert_eq!(totals(&v), pairs(&[("alice", 10), ("bob", 1)]));
}

#[test]
fn a_point_limit_ends_the_match_once_a_round_closes_over_it() {
    let t = Table::new();
    let script = "left alice QZ\nout bob\nend\n";
    t.run(
        &[
            "new", "take-two", "alice", "bob", "--limit", "20", "--name", "l",
        ],
        script,
    );
    let v = t.json("l");
    assert_eq!(v["finished"], true);
    assert_eq!(v["winner"], "bob");
}

#[test]
fn finish_ends_an_open_ended_match_and_counts_in_stats() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "f"],
        "out ann\nleft ben QZ\nend\nfinish\nout ann\n",
    );
    run.says("recorded  the match is finished after 1 round: ann wins with 0");
    run.says("match over: ann wins");
    run.says("take-two f over> out ann");
    assert!(
        run.refusals()[0].contains("the match is over"),
        "{}",
        run.stdout
    );
    let v: serde_json::Value =
        serde_json::from_str(&t.run(&["stats", "--json"], "").stdout).expect("json");
    assert_eq!(v["take-two"]["ann"]["wins"], 1);
    assert_eq!(v["take-two"]["ben"]["finished"], 1);
}

#[test]
fn a_rounds_match_is_extended_with_rounds_n() {
    let t = Table::new();
    t.run(
        &[
            "new", "take-two", "ann", "ben", "--rounds", "1", "--name", "r",
        ],
        "out ann\nleft ben A\nend\n",
    );
    let run = t.run(&["resume", "r"], "rounds 2\nleft ann Z\nout ben\nend\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("the match is now 2 rounds (was 1)");
    let v = t.json("r");
    assert_eq!(v["winner"], "ben");
    assert_eq!(v["totals"]["ann"], 10);
}

#[test]
fn opening_a_match_whose_length_was_changed_names_the_rounds_it_is_played_to() {
    // `rounds 7` in a match begun with `--rounds 5`: the resume said "5 rounds" in its
    // first line and "round 1 of 7" below it.
    let t = Table::new();
    t.run(
        &[
            "new", "take-two", "alice", "bob", "--rounds", "5", "--name", "len",
        ],
        "rounds 7\n",
    );
    let run = t.run(&["open", "len"], "");
    let first = run.stdout.lines().next().unwrap_or("");
    assert!(
        first.starts_with("take-two \"len\": alice, bob; 7 rounds;"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_finished_match_resumed_is_described_by_the_rounds_it_had_not_as_open_ended() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "done"],
        &script(&[
            "out ann",
            "left ben Q",
            "end",
            "out ben",
            "left ann Z",
            "end",
            "finish",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let run = t.run(&["resume", "done"], "");
    let banner = run.stdout.lines().next().unwrap_or_default();
    assert!(
        banner.starts_with("take-two \"done\": ann, ben; 2 rounds; default tiles"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("open-ended"), "{}", run.stdout);
    run.says("match finished after 2 rounds");
}

#[test]
fn a_hand_is_answered_as_a_hand_not_a_score() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "h"],
        &script(&["hand ben QZXEA"]),
    );
    let reply = reply_lines(&run.stdout, "hand ben QZXEA");
    assert_eq!(reply, ["recorded  ben's hand: Q Z X E A"], "{}", run.stdout);
}

#[test]
fn tiles_left_that_a_told_hand_lacks_are_each_named() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "short"],
        &script(&["hand ben QUITE", "left ben ZA"]),
    );
    run.says(
        "not recorded: ben's hand holds 0 A and 0 Z, not the 1 A and 1 Z left; nothing changed",
    );
}

#[test]
fn a_second_out_in_a_round_is_accepted_and_said_once() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "cal", "--name", "o"],
        &script(&["out ann", "out ben", "left cal A", "end"]),
    );
    let said: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("second player out"))
        .collect();
    assert_eq!(
        said,
        [
            "ben is the second player out this round, after ann: the sheet stops play at the first FINISHED; both score 0 (fix #N if that is not what happened)"
        ]
    );
    assert_eq!(
        totals(&t.json("o")),
        common::pairs(&[("ann", 0), ("ben", 0), ("cal", 1)])
    );
}

/// `points PLAYER N` records a round's points as the table counted them aloud, in
/// place of out or left, and is corrected like them; `add PLAYER --score
/// highest|average|lowest` starts a late joiner from the house's usual start.
#[test]
fn points_counted_aloud_and_the_house_s_starts_for_a_late_joiner() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", "aloud"],
        "",
    );
    let run = t.run(
        &["resume", "aloud"],
        "points ann 17\npoints ben\nout ben\npoints ben 4\npoints cat 30\nend\nfix 1 points ben 5\nadd dev --score average\nadd eve --score highest\nadd fay --score lowest\nadd gus --score most\n",
    );
    let said = |typed: &str| -> String {
        run.stdout
            .split(&format!("> {typed}\n"))
            .nth(1)
            .and_then(|after| after.lines().next())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(
        said("points ann 17"),
        "recorded  ann counted: 17   (ann: r1 17, total 17)"
    );
    assert_eq!(
        said("points ben"),
        "not recorded: points needs the round's points as the table counted them, 0 to 10000, e.g. points ben 17; nothing changed"
    );
    assert_eq!(
        said("points ben 4"),
        "not recorded: ben already has an entry in round 1 (out); to replace it: fix 1 points ben 4; nothing changed"
    );
    assert_eq!(
        said("fix 1 points ben 5"),
        "recorded  round 1 corrected: ben counted: 5   (ben: r1 5, total 5)"
    );
    // Totals 17, 5 and 30: the average rounds 17.3 to 17.
    assert_eq!(
        said("add dev --score average"),
        "recorded  dev joins, starting at 17"
    );
    assert_eq!(
        said("add eve --score highest"),
        "recorded  eve joins, starting at 30"
    );
    assert_eq!(
        said("add fay --score lowest"),
        "recorded  fay joins, starting at 5"
    );
    assert_eq!(
        said("add gus --score most"),
        "not recorded: \"most\" is not a score; add takes a name and maybe a starting score, e.g. add dave, add dave --score 40 or add dave --score average (or highest, lowest); nothing changed"
    );
    let v = t.json("aloud");
    assert_eq!(
        common::totals(&v),
        common::pairs(&[
            ("ann", 17),
            ("ben", 5),
            ("cat", 30),
            ("dev", 17),
            ("eve", 30),
            ("fay", 5)
        ])
    );
}

#[test]
fn the_tile_set_fits_in_ten_lines() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "tl"],
        "tiles\n",
    );
    let tail = run.stdout.split("r1> tiles").nth(1).expect("tiles");
    let lines: Vec<&str> = tail.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(lines.len() <= 10, "{tail}");
    assert!(tail.contains("Q  1×10"), "{tail}");
}

#[test]
fn a_tile_set_file_sets_the_values_and_a_bad_one_is_refused() {
    let t = Table::new();
    let set = r#"{"name":"tiny","tiles":{"A":{"count":2,"value":7},"?":{"count":1,"value":0}}}"#;
    std::fs::write(t.dir().join("tiny.json"), set).expect("write");
    t.run(
        &[
            "new",
            "take-two",
            "a",
            "b",
            "--name",
            "tiny",
            "--tiles",
            "tiny.json",
        ],
        "left a AA\nout b\nend\n",
    );
    assert_eq!(totals(&t.json("tiny")), pairs(&[("a", 14), ("b", 0)]));
    std::fs::write(t.dir().join("bad.json"), "{\"name\":1}").expect("write");
    let run = t.run(&["new", "take-two", "a", "b", "--tiles", "bad.json"], "");
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("bad.json"), "{}", run.stderr);
}

#[test]
fn a_tile_set_that_gives_a_key_twice_is_refused_naming_it() {
    let t = Table::new();
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/dictionaries/tiles-take-two.json"
    ))
    .expect("the tile file");
    let tiles = original.replacen("\"A\":", "\"A\": {\"count\": 50, \"value\": 1}, \"A\":", 1);
    assert_ne!(tiles, original, "the key is there");
    std::fs::write(t.dir().join("dup.json"), tiles).expect("write");
    let run = t.run(
        &[
            "new", "take-two", "ann", "ben", "--tiles", "dup.json", "--name", "d",
        ],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(
        run.stderr.contains("the key \"A\" is given twice"),
        "{}",
        run.stderr
    );
}

#[test]
fn bad_input_gets_one_clear_line_and_changes_nothing() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "--name", "bad"],
        "out alice\n",
    );
    let before = t.log("bad");
    let long = format!("left bob {}", "A".repeat(5000));
    let cases = [
        (
            "left dave A",
            "unknown player \"dave\": the players are alice, bob",
        ),
        (
            "lfet bob A",
            "unknown verb \"lfet\" (did you mean \"left\"?)",
        ),
        (
            "left bob Q1",
            "'1' is not a tile: tiles are letters A-Z and ? for a blank",
        ),
        ("left bob", "left needs the tiles"),
        (
            "out alice",
            "alice already has an entry in round 1 (out); to replace it: fix 1 out alice",
        ),
        ("end", "bob has no entry yet (out, or left TILES)"),
        ("left bob QQ", "the tile set has only 1 Q"),
        (long.as_str(), "line too long"),
        ("out", "out needs PLAYER"),
        ("penalty", "penalty needs PLAYER"),
        ("add", "add takes a name"),
        ("add eve --score x", "\"x\" is not a score"),
        ("add 9lives", "is not a player name"),
    ];
    for (line, expect) in cases {
        let run = t.run(&["resume", "bad"], &format!("{line}\n"));
        let refusals = run.refusals();
        assert_eq!(refusals.len(), 1, "{line:.40}: {}", run.stdout);
        assert!(refusals[0].contains(expect), "{line:.40}: {}", refusals[0]);
        assert!(refusals[0].ends_with("nothing changed"), "{}", refusals[0]);
        assert_eq!(run.code, Some(1), "{line:.40}");
        assert_eq!(t.log("bad"), before, "{line:.40} changed the log");
    }
    let run = t.run(&["resume", "bad"], "\n");
    run.says("nothing typed");
    assert_eq!(t.log("bad"), before);
}
