//! Whole Take Two sessions driven through script mode, asserting what the exports say.

use crate::common;

use common::{Table, pairs, totals};

const EVENING: &str = "\
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
fn a_session_resumed_after_quitting_keeps_every_round() {
    let t = Table::new();
    let first = t.run(
        &["new", "take-two", "alice", "bob", "--name", "r"],
        "out alice\nleft bob QZ\nend\nquit\nleft alice A\n",
    );
    first.says("saved \"r\"; bye");
    // The line after quit was never read.
    let second = t.run(&["resume", "r"], "left alice B\nout bob\nend\n");
    assert_eq!(second.code, Some(0), "{}", second.stdout);
    second.says("take-two r r2> left alice B");
    let v = t.json("r");
    assert_eq!(totals(&v), pairs(&[("alice", 3), ("bob", 20)]));
}

#[test]
fn undo_takes_back_the_last_entry_and_says_what_it_undid() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "alice", "bob", "--name", "u"],
        "out alice\nleft bob QZX\nundo\nleft bob Q\nend\nundo\nundo\nout bob\n",
    );
    assert!(
        crate::common::undid(&run.stdout, "bob left Q Z X: 28"),
        "{}",
        run.stdout
    );
    assert!(
        crate::common::undid(&run.stdout, "round 1 closed: alice 0, bob 10"),
        "{}",
        run.stdout
    );
    assert!(
        crate::common::undid(&run.stdout, "bob left Q: 10"),
        "{}",
        run.stdout
    );
    let v = t.json("u");
    assert_eq!(v["rounds"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["open_round"]["points"]["bob"], 0);
    // The log keeps every line: undo is an event, never a rewrite.
    let log = String::from_utf8(t.log("u")).expect("utf-8");
    assert_eq!(log.lines().count(), 1 + 8);
    assert_eq!(log.matches("\"type\":\"undone\"").count(), 3);
}

#[test]
fn nothing_to_undo_is_said_plainly() {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "a", "b", "--name", "n"], "undo\n");
    assert_eq!(
        run.refusals(),
        vec!["not recorded: there is nothing to undo; nothing changed"]
    );
}

#[test]
fn a_second_writer_is_refused_and_the_first_goes_on() {
    use std::io::Write;
    use std::process::Stdio;
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "--name", "busy"],
        "out alice\n",
    );
    let mut first = t
        .command()
        .args(["resume", "busy"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("first starts");
    let mut stdin = first.stdin.take().expect("stdin");
    // The first prints its banner once it holds the lock.
    let mut reader = std::io::BufReader::new(first.stdout.take().expect("stdout"));
    let mut banner = String::new();
    std::io::BufRead::read_line(&mut reader, &mut banner).expect("banner");
    assert!(banner.starts_with("take-two \"busy\""), "{banner}");
    let second = t.run(&["resume", "busy"], "left bob Q\n");
    assert_eq!(second.code, Some(2), "{} {}", second.stdout, second.stderr);
    assert!(
        second.stderr.contains("open in another umpire"),
        "{}",
        second.stderr
    );
    stdin
        .write_all(b"left bob QZ\nend\n")
        .expect("first still reads");
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut reader, &mut rest).expect("first's output");
    assert!(rest.contains("recorded  round 1 closed"), "{rest}");
    assert!(first.wait().expect("first ends").success());
    let v = t.json("busy");
    assert_eq!(totals(&v), pairs(&[("alice", 0), ("bob", 20)]));
}

#[test]
fn a_torn_last_line_is_set_aside_and_every_earlier_event_kept() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "--name", "torn"],
        "out alice\nleft bob Q\n",
    );
    let good = t.log("torn");
    let mut torn = good.clone();
    torn.extend_from_slice(b"{\"seq\":3,\"at\":\"2026-01-01T00:00:00Z\",\"event\":{\"type\":\"en");
    std::fs::write(t.log_path("torn"), &torn).expect("write");
    let run = t.run(&["resume", "torn"], "end\n");
    run.says("torn last write");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let damaged = std::fs::read_to_string(t.sessions().join("torn.jsonl.damaged")).expect("kept");
    assert!(
        damaged.contains("{\"seq\":3,\"at\":\"2026-01-01T00:00:00Z\",\"event\":{\"type\":\"en")
    );
    // The next write went right after the last good event.
    let log = t.log("torn");
    assert!(log.starts_with(&good));
    let tail = String::from_utf8(log[good.len()..].to_vec()).expect("utf-8");
    assert!(tail.starts_with("{\"seq\":3,"), "{tail}");
    assert_eq!(t.json("torn")["rounds"].as_array().map(Vec::len), Some(1));
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

#[test]
fn a_refused_export_says_not_exported_for_nothing_was_being_recorded() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "--name", "fam"],
        "out alice\n",
    );
    let before = t.log("fam");
    for (line, said) in [
        (
            "export fam.txt",
            "not exported: unknown export format \"fam.txt\": use json, csv, md or svg, or a file ending in one of them",
        ),
        (
            "export xml",
            "not exported: unknown export format \"xml\": use json, csv, md or svg, or a file ending in one of them",
        ),
        (
            "export csv a.csv b.csv",
            "not exported: export takes [FORMAT] [FILE], e.g. export csv friday.csv",
        ),
    ] {
        let run = t.run(&["resume", "fam"], &format!("{line}\n"));
        assert!(
            run.stdout.lines().any(|l| l == said),
            "{line}: {}",
            run.stdout
        );
        assert_eq!(
            run.refusals(),
            vec![said],
            "{line}: one refusal, not 'not recorded'"
        );
        assert_eq!(run.code, Some(1), "a refused export still fails a script");
        assert_eq!(t.log("fam"), before, "{line}");
    }
    assert!(!t.dir().join("fam.txt").exists());
}

#[test]
fn session_names_that_could_escape_the_directory_are_refused() {
    let t = Table::new();
    for name in ["../escape", "a/b", ".hidden", "x y"] {
        let run = t.run(&["new", "take-two", "a", "b", "--name", name], "");
        assert_eq!(run.code, Some(2), "{name}");
        assert!(
            run.stderr.contains("is not a session name"),
            "{name}: {}",
            run.stderr
        );
    }
    assert!(!t.dir().join("escape.jsonl").exists());
    let run = t.run(&["resume", "../etc/passwd"], "");
    assert_eq!(run.code, Some(2));
}

#[test]
fn players_join_between_rounds_and_can_be_renamed() {
    let t = Table::new();
    let script = "out alice\nadd carol\nleft bob A\nend\nadd carol\nrename bob robert\nout carol\nleft robert B\nleft alice C\nend\n";
    let run = t.run(&["new", "take-two", "alice", "bob", "--name", "p"], script);
    assert_eq!(run.refusals().len(), 1, "{}", run.stdout);
    assert!(run.refusals()[0].contains("only between rounds"));
    let v = t.json("p");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 3), ("robert", 4), ("carol", 0)])
    );
    assert!(
        v["rounds"][0]["points"].get("carol").is_none(),
        "carol had not joined in round 1"
    );
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
fn sessions_lists_name_game_players_and_rounds() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "--name", "one"],
        "out alice\nleft bob A\nend\n",
    );
    t.run(&["new", "take-two", "carol", "dave", "--name", "two"], "");
    let run = t.run(&["sessions"], "");
    assert_eq!(run.code, Some(0));
    let one = run
        .stdout
        .lines()
        .find(|l| l.contains("one"))
        .expect("one listed");
    assert!(
        one.contains("take-two") && one.contains("alice, bob") && one.contains(" 1 "),
        "{one}"
    );
    assert!(run.stdout.contains("carol, dave"));
}

#[test]
fn check_at_the_prompt_judges_with_the_session_rules_and_keeps_the_ruling() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "a", "b", "--name", "c", "--level", "50"],
        "check qi cat\nrulings\n",
    );
    run.says("above the table's level 50");
    let v = t.json("c");
    let words = &v["rulings"][0]["words"];
    assert_eq!(words[0]["word"], "QI");
    assert_eq!(words[0]["allowed"], false);
    assert_eq!(words[1]["allowed"], true);
    assert_eq!(v["rulings"][0]["round"], 1);
}

#[test]
fn umpire_alone_resumes_the_most_recent_unfinished_session() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "ann", "ben", "--name", "older"],
        "out ann\n",
    );
    std::thread::sleep(std::time::Duration::from_millis(1100));
    t.run(
        &["new", "take-two", "cat", "dan", "--name", "newer"],
        "out cat\n",
    );
    std::thread::sleep(std::time::Duration::from_millis(1100));
    t.run(
        &[
            "new", "take-two", "eve", "fay", "--name", "done", "--rounds", "1",
        ],
        "out eve\nleft fay A\nend\n",
    );
    let run = t.run(&[], "left dan Q\n");
    assert!(
        run.stdout.starts_with("take-two \"newer\""),
        "{}",
        run.stdout
    );
    run.says("recorded  dan left Q: 10");
    let empty = Table::new();
    let run = empty.run(&[], "out ann\n");
    assert!(run.stdout.starts_with("no session open"), "{}", run.stdout);
    assert!(
        run.refusals()[0].contains("no session open for `out`"),
        "{}",
        run.stdout
    );
}

/// With no session open, a refusal says what was not done: an export, a history or a
/// reveal is not something that would have been recorded.
#[test]
fn with_no_session_open_a_refusal_says_what_was_not_done() {
    let empty = Table::new();
    let run = empty.run(&[], "export csv\nhistory\nreveal\nout ann\ncheck\n");
    let refusals = run.refusals();
    assert_eq!(refusals.len(), 5, "{}", run.stdout);
    assert!(refusals[0].starts_with("not exported: no session open for `export`"));
    assert!(refusals[1].starts_with("not shown: no session open for `history`"));
    assert!(refusals[2].starts_with("not revealed: no session open for `reveal`"));
    assert!(refusals[3].starts_with("not recorded: no session open for `out`"));
    assert!(refusals[3].ends_with("; nothing changed"));
    assert_eq!(
        refusals[4],
        "not checked: check needs words, e.g. check qi dont"
    );
    let run = empty.run(&[], "check qi\n");
    run.says("(take-two rules; no session is open, so the ruling is not logged)");
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
fn the_prompt_s_export_to_a_file_is_the_shell_s_export_byte_for_byte() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "carol", "--name", "same"],
        &format!("{EVENING}check qi zax\nnote tea at nine\nfix 1 left carol E\n"),
    );
    for format in ["json", "md", "csv", "svg"] {
        let file = t.dir().join(format!("out.{format}"));
        let run = t.run(
            &["resume", "same"],
            &format!("export {format} {}\n", file.display()),
        );
        run.says(&format!("exported {format} to "));
        let written = std::fs::read_to_string(&file).expect("written");
        assert_eq!(written, t.export("same", format), "{format}");
        assert!(
            written.ends_with('\n') && written.lines().count() > 3,
            "{format}"
        );
    }
}
