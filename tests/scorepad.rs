//! The score pad, any game played in rounds, kept through the real binary as a table
//! would keep it: points by player or a whole round in seat order, a late joiner, a
//! round total that refuses a round typed wrong, the match decided by its target and
//! its way of winning, a fix of two entries in one line, the title everywhere.

use crate::common;

use common::{Table, pairs, script, totals};

/// `new scorepad` with `players` and `flags`, the session named `s`.
fn new_args<'a>(players: &[&'a str], flags: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["new", "scorepad"];
    args.extend_from_slice(players);
    args.extend_from_slice(flags);
    args.extend_from_slice(&["--name", "s"]);
    args
}

#[test]
fn an_evening_with_a_late_joiner_is_scored_round_by_round_and_the_highest_wins() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], &["--rounds", "3"]),
        &script(&[
            "points ann 10",
            "points ben -4",
            "end",
            "add cat --score 5",
            "points 2 3 20",
            "end",
            "points ann 1",
            "points ben 1",
            "points cat 1",
            "end",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("recorded  cat joins");
    run.says("recorded  the round: ann 2, ben 3, cat 20");
    run.says("match over: cat wins");
    let v = t.json("s");
    assert_eq!(totals(&v), pairs(&[("ann", 13), ("ben", 0), ("cat", 26)]));
    assert_eq!(v["winners"], serde_json::json!(["cat"]));
    assert_eq!(v["rounds"][0]["points"]["cat"], serde_json::Value::Null);
    assert_eq!(v["rounds"][1]["points"]["cat"], 20);
}

#[test]
fn a_round_total_refuses_a_round_that_does_not_come_to_it_and_two_entries_are_fixed_in_one_line() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben", "cat"], &["--round-total", "0"]),
        &script(&[
            "points ann 5",
            "points ben -3",
            "points cat -1",
            "end",
            "fix #3 points cat -2",
            "end",
            "fix #2 points ben -2",
            "fix #2 points ben -2; #3 points cat -3",
            "undo",
            "score",
        ]),
    );
    let refusals = run.refusals();
    assert!(
        refusals[0].starts_with(
            "not recorded: round 1 comes to 1, not the usual 0: fix the entry typed wrong"
        ),
        "{refusals:?}"
    );
    assert!(
        refusals[1].contains("would no longer fit: round 1 comes to 1, not 0"),
        "one entry alone breaks the closed round: {refusals:?}"
    );
    assert_eq!(refusals.len(), 2, "{}", run.stdout);
    run.says("fixed #2: ben -3 -> ben -2; totals now ben -3 -> -2\nfixed #3: cat -2 -> cat -3; totals now cat -2 -> -3");
    run.says("undid #6 fix #2: points ben -2; fix #3: points cat -3; totals now ben -2 -> -3, cat -3 -> -2");
    let v = t.json("s");
    assert_eq!(totals(&v), pairs(&[("ann", 5), ("ben", -3), ("cat", -2)]));
}

#[test]
fn a_target_and_the_lowest_total_decide_the_winner_as_a_round_closes() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], &["--target", "30", "--lowest-wins"]),
        &script(&[
            "points 20 5",
            "end",
            "points 15 5",
            "points ann 1",
            "end",
            "points ann 1",
        ]),
    );
    run.says("match over: ben wins");
    let refusals = run.refusals();
    assert_eq!(
        refusals,
        [
            "not recorded: ann has 15 in round 2: fix 2 points ann N, or fix 2 points N N ... typed whole; nothing changed",
            "not recorded: the match is over (ben won with 10); `new scorepad ...` starts another; nothing changed",
        ]
    );
    let v = t.json("s");
    assert_eq!(totals(&v), pairs(&[("ann", 35), ("ben", 10)]));
    assert_eq!(v["winners"], serde_json::json!(["ben"]));
}

#[test]
fn the_title_names_the_game_in_the_banner_the_prompt_and_every_export() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], &["--title", "Oh Hell"]),
        &script(&["points 3 7", "end"]),
    );
    assert!(
        run.stdout.starts_with(
            "Oh Hell \"s\": ann, ben; open-ended (`finish` ends it); highest total wins\n"
        ),
        "{}",
        run.stdout
    );
    run.says("Oh Hell s r1> points 3 7");
    assert!(t.export("s", "md").starts_with("# Oh Hell \"s\"\n"));
    let v = t.json("s");
    assert_eq!(v["game"], "scorepad");
    assert_eq!(v["options"]["title"], "Oh Hell");
    // The way it is won is named once, by one name, in the options and the totals.
    assert_eq!(v["lowest_wins"], false);
    assert!(v.get("lower_wins").is_none(), "{v}");
    // `sessions` lists the game played, and the pad it was kept on.
    let list = t.run(&["sessions"], "");
    let row = list
        .stdout
        .lines()
        .find(|l| l.contains("│ s "))
        .unwrap_or_default();
    assert!(row.contains("┆ Oh Hell (scorepad) ┆"), "{}", list.stdout);
    let bad = t.run(&new_args(&["ann"], &["--title", ""]), "");
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    assert!(
        bad.stderr.contains("1 to 40 characters, not 0"),
        "{}",
        bad.stderr
    );
}

#[test]
fn bad_points_get_one_clear_line_and_leave_the_log_as_it_was() {
    let t = Table::new();
    t.run(&new_args(&["ann", "ben"], &[]), "");
    let before = t.log("s");
    for (line, expect) in [
        (
            "points",
            "points takes PLAYER N, or the round in seat order",
        ),
        (
            "points ann",
            "points takes PLAYER N, or the round in seat order",
        ),
        (
            "points ann x",
            "\"x\" is not points: a whole number within 1000000 either way",
        ),
        (
            "points 1 2 3",
            "a whole round is 2 numbers, one a player in seat order (ann, ben), not 3",
        ),
        ("points 1 99999999999", "\"99999999999\" is not points"),
        ("points dan 4", "unknown player \"dan\""),
        ("end", "ann and ben have no entry yet (points PLAYER N)"),
        (
            "rounds x",
            "rounds takes the match's length, 1 to 1000 rounds, e.g. rounds 2",
        ),
        (
            "target 0",
            "target takes the points that end the match, 1 to 1000000",
        ),
    ] {
        let run = t.run(&["resume", "s"], &format!("{line}\n"));
        let refusals = run.refusals();
        assert_eq!(refusals.len(), 1, "{line}: {}", run.stdout);
        assert!(refusals[0].contains(expect), "{line}: {}", refusals[0]);
        assert_eq!(t.log("s"), before, "{line} changed the log");
    }
}

#[test]
fn a_header_s_options_are_held_to_what_new_takes() {
    let t = Table::new();
    t.run(&new_args(&["ann", "ben"], &["--target", "100"]), "");
    let log = String::from_utf8(t.log("s")).expect("text");
    for (from, to, expect) in [
        (
            "\"target\":100",
            "\"target\":0",
            "the header's options: target is 0, past what --target takes (1 to 1000000)",
        ),
        (
            "\"target\":100",
            "\"target\":100,\"title\":\"\"",
            "the header's options: title is \"\": --title takes 1 to 40 characters, not 0",
        ),
    ] {
        std::fs::write(t.log_path("s"), log.replacen(from, to, 1)).expect("edit");
        let run = t.run(&["resume", "s"], "");
        assert_eq!(run.code, Some(2), "{}", run.stdout);
        assert!(run.stderr.contains(expect), "{}", run.stderr);
    }
}

/// Issue 56: a round total is the usual sum, not a law. A Hearts hand where the moon
/// was shot comes to 78: a script is told how to close it (`end anyway`), which closes
/// it as it stands and says so in the log; a fix that brings it back to 26 keeps it
/// closed, and `undo` takes the closing back.
#[test]
fn a_shot_moon_closes_with_end_anyway_and_a_script_is_told_how() {
    let t = Table::new();
    let hearts = ["--round-total", "26", "--lowest-wins", "--title", "Hearts"];
    let run = t.run(
        &new_args(&["ann", "ben", "cat", "dan"], &hearts),
        &script(&[
            "points 4 13 9 0",
            "end",
            "points 26 26 26 0",
            "end",
            "end please",
            "end anyway",
        ]),
    );
    assert_eq!(
        run.refusals(),
        [
            "not recorded: round 2 comes to 78, not the usual 26: fix the entry typed wrong (`fix #N LINE`, or several in one line: `fix #N LINE; #M LINE`), or close it as it stands with `end anyway`; nothing changed",
            "not recorded: end takes nothing, or `anyway` (`end anyway` closes the round though its points miss the usual total); nothing changed",
        ]
    );
    run.says("recorded  round 2 closed at 78, not the usual 26: ann 26, ben 26, cat 26, dan 0");
    let log = String::from_utf8(t.log("s")).expect("utf-8");
    assert!(
        log.contains(r#"{"type":"round-ended","round":2,"off_total":true}"#),
        "{log}"
    );
    let v = t.json("s");
    assert_eq!(
        totals(&v),
        pairs(&[("ann", 30), ("ben", 39), ("cat", 35), ("dan", 0)])
    );
    // Reopened, the log reads the same; a fix to an ordinary hand keeps it closed.
    let run = t.run(
        &["resume", "s"],
        &script(&["fix #3 points 20 2 4 0", "history 2"]),
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    run.says("round 2 closed: ann 20, ben 2, cat 4, dan 0");
    let v = t.json("s");
    assert_eq!(
        totals(&v),
        pairs(&[("ann", 24), ("ben", 15), ("cat", 13), ("dan", 0)])
    );
}

/// Issue 56: one player's points in a round entered whole are fixed by name, as the
/// refusal of `points dev 350` in that round says: the round's entry is corrected at
/// dev's seat, not refused as a second entry for dev.
#[test]
fn one_player_s_points_in_a_round_typed_whole_are_fixed_by_name() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben", "cat", "dev"], &[]),
        &script(&[
            "points 100 50 0 250",
            "end",
            "points 400 150 0 250",
            "points dev 300",
            "end",
            "fix 2 points dev 350",
            "history 2",
        ]),
    );
    assert_eq!(
        run.refusals(),
        [
            "not recorded: dev has 250 in round 2: fix 2 points dev N, or fix 2 points N N ... typed whole; nothing changed"
        ]
    );
    run.says("recorded  round 2 corrected: dev 350   (dev: r2 350, total 600)");
    let v = t.json("s");
    assert_eq!(
        totals(&v),
        pairs(&[("ann", 500), ("ben", 200), ("cat", 0), ("dev", 600)])
    );
    assert_eq!(v["rounds"][1]["points"]["dev"], 350);
    // The fix is one entry of the log (#5), which undo takes back whole.
    let run = t.run(&["resume", "s"], &script(&["undo"]));
    run.says("undid #5 round 2 corrected: the round: ann 400, ben 150, cat 0, dev 350; totals now dev 600 -> 500");
}

/// Issue 56: `fix ROUND` of a round a late joiner played knows the joiner, and a name
/// typed wrong gets a "did you mean" among the round's players.
#[test]
fn fix_of_a_round_a_late_joiner_played_knows_them_and_suggests_their_name() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], &[]),
        &script(&[
            "points 1 2",
            "end",
            "add cat",
            "points 1 2 3",
            "end",
            "fix 2 points caat 5",
            "fix 2 points cat 5",
        ]),
    );
    assert_eq!(
        run.refusals(),
        [
            "not recorded: unknown player \"caat\" (did you mean cat?): the players are ann, ben, cat; nothing changed"
        ]
    );
    run.says("recorded  round 2 corrected: cat 5   (cat: r2 5, total 5)");
}
