//! A game written outside the crate and run by umpire's whole command line: Oh Hell
//! (`examples/ohhell`: its rules on the round-game layer, against the public API only,
//! and a binary that is one call, `umpire::run`). A whole match piped through that
//! binary comes to a hand count made here; its log is resumed, exported, served, listed
//! and counted by `stats` through it, beside umpire's own games.

use std::path::Path;

use serde_json::Value;

use crate::common::http::{Serving, get};
use crate::common::{Table, ohhell, pairs, totals};

/// A table kept by the Oh Hell program. `cargo test` builds the example beside the
/// tests; a test run filtered to this file alone does not, and says how to build it.
fn table() -> Table {
    let program = ohhell();
    assert!(
        program.is_file(),
        "{} is not built: `cargo test` builds it, or `cargo build --example ohhell`",
        program.display()
    );
    Table::running(program)
}

/// The cards each player holds in hand `n`: 7 down to 1, then back up to 7.
fn cards(n: u32) -> u32 {
    if n <= 7 { 8 - n } else { n - 6 }
}

/// A whole match of `players`, as the scorekeeper types it, with each player's total
/// counted hand by hand the way a pad of paper would: 10 and the bid for a bid made.
fn a_match(players: &[&str]) -> (String, Vec<i64>) {
    let seats = players.len();
    let mut totals = vec![0i64; seats];
    let mut lines = String::new();
    let mut seed: u64 = 7;
    let mut next = |below: u32| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % u64::from(below)) as u32
    };
    for hand in 1..=13 {
        let n = cards(hand);
        let dealer = (hand as usize - 1) % seats;
        // Bids in seat order from the dealer's left; the dealer last, off the hook.
        let mut bids = vec![0u32; seats];
        for k in 1..=seats {
            let seat = (dealer + k) % seats;
            let mut bid = next(n + 1);
            if seat == dealer {
                let others: u32 = bids.iter().sum::<u32>() - bids[dealer];
                if others + bid == n {
                    bid = if bid == 0 { 1 } else { bid - 1 };
                }
            }
            bids[seat] = bid;
            lines.push_str(&format!("bid {} {bid}\n", players[seat]));
        }
        // The tricks: each player is given their bid while tricks last, the rest go to
        // the dealer's left, so some bids are made and some missed.
        let mut left = n;
        let mut took = vec![0u32; seats];
        for (seat, bid) in bids.iter().enumerate() {
            let t = (*bid).min(left);
            took[seat] = t;
            left -= t;
        }
        took[(dealer + 1) % seats] += left;
        for seat in 0..seats {
            lines.push_str(&format!("took {} {}\n", players[seat], took[seat]));
            if took[seat] == bids[seat] {
                totals[seat] += 10 + i64::from(bids[seat]);
            }
        }
        lines.push_str("end\n");
    }
    (lines, totals)
}

#[test]
fn a_whole_match_piped_through_the_program_comes_to_a_hand_count() {
    let t = table();
    let players = ["ann", "ben", "cat", "dan"];
    let (script, want) = a_match(&players);
    let mut args = vec!["new", "ohhell"];
    args.extend(players);
    args.extend(["--name", "night"]);
    let run = t.run(&args, &script);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert!(run.refusals().is_empty(), "{:?}", run.refusals());
    let v = t.json("night");
    let counted: Vec<(&str, i64)> = players.iter().copied().zip(want.clone()).collect();
    assert_eq!(totals(&v), pairs(&counted));
    assert_eq!(v["game"], "ohhell");
    assert_eq!(v["finished"], true);
    let best = *want.iter().max().expect("players");
    let winners: Vec<&str> = players
        .iter()
        .zip(&want)
        .filter(|(_, t)| **t == best)
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(v["winners"], serde_json::json!(winners));
    run.says("hand 13 closed");
}

#[test]
fn the_dealer_bids_last_off_the_hook_and_every_trick_is_someone_s() {
    let t = table();
    let run = t.run(
        &["new", "ohhell", "ann", "ben", "cat", "--name", "rules"],
        "bid ann 2\nbid ben 3\nbid cat 1\nbid ann 3\nbid ann 2\ntook ann 2\ntook ben 3\ntook cat 1\nend\ntook cat 0\nend\n",
    );
    assert_eq!(
        run.refusals(),
        [
            "not recorded: ann deals this hand and bids last: ben, cat still to bid; nothing changed",
            "not recorded: the hook: the dealer's bid may not bring the bids to 7, the tricks there are; ann may bid anything but 3; nothing changed",
            "not recorded: hand 1 has 6 tricks taken, not the 7 played: fix the entry typed wrong; nothing changed",
            "not recorded: cat already has its tricks this hand: to change it, fix 1 took cat N; nothing changed",
            "not recorded: hand 1 has 6 tricks taken, not the 7 played: fix the entry typed wrong; nothing changed",
        ],
        "{}",
        run.stdout
    );
    // fix ROUND, undo and the closing all come from the layer.
    let run = t.run(
        &["resume", "rules"],
        "fix 1 took ben 4\nend\nundo\nhistory 1\n",
    );
    run.says("recorded  hand 1 corrected: ben took 4, bid 3: 0   (ben: h1 0, total 0)");
    run.says("recorded  hand 1 closed: ann 12, ben 0, cat 11");
    run.says("undid #8 hand 1 closed: ann 12, ben 0, cat 11");
    let bad = t.run(&["new", "ohhell", "ann", "ben"], "");
    assert_eq!(bad.code, Some(2));
    assert_eq!(
        bad.stderr.trim_end(),
        "umpire: Oh Hell is played by 3 to 7 players, not 2"
    );
}

#[test]
fn its_log_is_resumed_exported_served_listed_and_counted_by_stats_beside_umpire_s_games() {
    let t = table();
    let run = t.run(
        &["new", "ohhell", "ann", "ben", "cat", "--name", "oh"],
        "bid ben 2\nbid cat 3\nbid ann 1\ntook ann 1\ntook ben 3\ntook cat 3\nend\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    // umpire's own games are there too, in the same program.
    let run = t.run(
        &["new", "scorepad", "ann", "ben", "--name", "pad"],
        "points 3 4\nend\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let resumed = t.run(&["resume", "oh"], "score\n");
    resumed.says("hand 2: 6 cards each, dealt by ben; to bid: ann, ben, cat");
    resumed.says("ohhell oh h2> score");
    resumed.says("│ cat    ┆ 13 ┆    13 ┆ leads │");
    let csv = t.export("oh", "csv");
    assert!(csv.lines().any(|l| l.starts_with("1,")), "{csv}");
    assert!(t.export("oh", "md").starts_with("# Oh Hell \"oh\""));
    let list = t.run(&["sessions"], "");
    assert!(list.stdout.contains("│ oh   ┆ ohhell "), "{}", list.stdout);
    assert!(
        list.stdout.contains("│ pad  ┆ scorepad "),
        "{}",
        list.stdout
    );
    let stats = t.run(&["stats", "--json", "--game", "ohhell"], "");
    assert_eq!(stats.code, Some(0), "{}", stats.stderr);
    let s: Value = serde_json::from_str(&stats.stdout).expect("JSON");
    assert_eq!(s["ohhell"]["cat"]["best"], 13, "{s}");
    assert_eq!(s["ohhell"]["ann"]["hands"], 1, "{s}");
    let serving = Serving::start(&t, &["oh"]);
    let page = get(serving.local(), "/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Oh Hell"), "{}", page.body);
    assert!(page.body.contains("ann"), "{}", page.body);
}

#[test]
fn the_game_is_its_rules_in_under_350_lines_and_its_program_one_call() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/ohhell");
    let lines = |f: &str| {
        std::fs::read_to_string(root.join(f))
            .expect("reads")
            .lines()
            .count()
    };
    assert!(lines("game.rs") <= 350, "game.rs: {}", lines("game.rs"));
    assert!(lines("main.rs") <= 15, "main.rs: {}", lines("main.rs"));
    let main = std::fs::read_to_string(root.join("main.rs")).expect("reads");
    assert!(main.contains("umpire::run(GAMES)"), "{main}");
}

/// A game that judges no words is offered no word rulings, and its `check` is a
/// look-up that records nothing; a verb it does not declare never reaches its rules.
#[test]
fn a_game_that_judges_no_words_keeps_no_word_rulings_and_meets_only_its_own_verbs() {
    let t = table();
    let run = t.run(
        &["new", "ohhell", "ann", "ben", "cat", "--name", "w"],
        "allow qi\ncheck qi\nbdi ann 2\nhelp\n",
    );
    assert_eq!(
        run.refusals(),
        [
            "not recorded: ohhell judges no words, so it keeps no rulings on them (allow is a word game's); `check WORD` looks a word up; nothing changed",
            "not recorded: unknown verb \"bdi\" (did you mean \"bid\"?); `help` lists the verbs; nothing changed",
        ]
    );
    run.says("a look-up under standard (level 80): ohhell judges no words, so nothing is recorded");
    assert!(!run.stdout.contains("  allow WORD"), "{}", run.stdout);
    let log = String::from_utf8(t.log("w")).expect("UTF-8");
    assert_eq!(log.lines().count(), 1, "only the header: {log}");
}

/// Several entries of a hand fixed in one line by the hand's form, as the `#N` form
/// does (`fix 1 took ben 2; 1 took cat 4`), and the two forms mixed; one undo takes
/// the whole fix back.
#[test]
fn several_entries_are_fixed_in_one_line_by_their_hand_as_by_their_numbers() {
    let t = table();
    let run = t.run(
        &["new", "ohhell", "ann", "ben", "cat", "--name", "f"],
        "bid ben 2\nbid cat 3\nbid ann 1\ntook ann 1\ntook ben 3\ntook cat 3\nend\n\
         fix 1 took ben 2\n\
         fix 1 took ben 2; 1 took cat 4\n\
         undo\n\
         fix 1 took ben 2; #6 took cat 4\n",
    );
    assert_eq!(
        run.refusals(),
        [
            "not recorded: with #5 as took ben 2, #7 (hand 1 closed: ann 11, ben 0, cat 13) would no longer fit: hand 1 has 6 tricks taken, not the 7 played: fix the entry typed wrong; nothing changed"
        ],
        "{}",
        run.stdout
    );
    run.says("fixed #5: ben took 3, bid 2: 0 -> ben took 2: made it, 12; totals now ben 0 -> 12\nfixed #6: cat took 3: made it, 13 -> cat took 4, bid 3: 0; totals now cat 13 -> 0");
    run.says("undid #8 fix #5: took ben 2; fix #6: took cat 4");
    let v = t.json("f");
    assert_eq!(totals(&v), pairs(&[("ann", 11), ("ben", 12), ("cat", 0)]));
}

/// With every bid in, the hand's opening says who still has no tricks entered, in the
/// words every round game uses (`umpire::contract::waiting`).
#[test]
fn once_the_bids_are_in_the_opening_says_whose_tricks_are_still_to_enter() {
    let t = table();
    t.run(
        &["new", "ohhell", "ann", "ben", "cat", "--name", "b"],
        "bid ben 2\nbid cat 3\nbid ann 1\ntook ben 2\n",
    );
    let run = t.run(&["resume", "b"], "");
    run.says("hand 1: 7 cards each, dealt by ann\nhand 1: no entry yet for ann and cat (took PLAYER N)\n");
}
