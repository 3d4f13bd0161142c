//! The table's rulings, the same in every game: `check` at the prompt judged with the
//! session's rules and kept, a word ruled before recalled, penalties as rulings with
//! their words (and the pardon a check names), the table's own allow and deny, a ruling
//! withdrawn by undo, rulings that follow a rename, a names game's rulings, and all of
//! them in the exports.

use crate::common;

use common::{Table, reply_to, script};
use serde_json::Value;

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
fn rulings_are_kept_exported_and_recalled_when_a_word_comes_up_again() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "rul"],
        "check qi dont\nout ann\nleft ben A\nend\ncheck dont za\nrulings\n",
    );
    run.says("DONT was ruled before: not allowed (");
    run.says("round 1, check)");
    let v = t.json("rul");
    let rulings = v["rulings"].as_array().expect("rulings");
    assert_eq!(rulings.len(), 2);
    assert_eq!(rulings[0]["round"], 1);
    assert_eq!(rulings[1]["round"], 2);
    assert_eq!(rulings[0]["words"][1]["word"], "DONT");
    assert_eq!(rulings[0]["words"][1]["allowed"], false);
    assert!(
        rulings[0]["words"][1]["reason"]
            .as_str()
            .unwrap_or("")
            .contains("apostrophe")
    );
    assert!(
        rulings[0]["rules"]
            .as_str()
            .unwrap_or("")
            .starts_with("take-two")
    );
    let md = t.export("rul", "md");
    assert!(md.contains("## Rulings"), "{md}");
    assert!(
        md.contains("| DONT | not allowed | only as \"don't\": needs an apostrophe |"),
        "{md}"
    );
}

#[test]
fn a_typed_penalty_is_a_ruling_with_its_words() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "bob", "--name", "p"],
        &script(&["penalty bob played DONT", "penalty ann", "rulings"]),
    );
    let row = |asked: &str| -> Vec<String> {
        run.stdout
            .lines()
            .find(|l| l.contains(&format!("┆ {asked} ")))
            .unwrap_or_default()
            .split(['│', '┆'])
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .skip(2)
            .collect()
    };
    assert_eq!(
        row("penalty bob"),
        [
            "penalty bob",
            "DONT",
            "not allowed",
            "+25 penalty (played DONT)"
        ],
        "{}",
        run.stdout
    );
    assert_eq!(
        row("penalty ann"),
        ["penalty ann", "-", "not acceptable", "+25 penalty"],
        "{}",
        run.stdout
    );
    let v = t.json("p");
    assert_eq!(v["rulings"][0]["words"][0]["word"], "DONT");
    assert_eq!(v["rulings"][0]["player"], "bob");
}

#[test]
fn a_penalty_for_a_word_ruled_allowed_is_said_before_it_counts() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "eve", "--name", "q"],
        &script(&["check qi", "penalty eve played QI"]),
    );
    run.says("(QI was ruled allowed in round 1; recorded all the same: a script is not asked)");
    assert_eq!(t.json("q")["open_round"]["points"]["eve"], 25);
}

#[test]
fn a_check_that_finds_a_penalised_word_allowed_names_the_pardon() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", "cwm"],
        &script(&["penalty cat played CWM", "check cwm"]),
    );
    run.says("CWM was ruled before: not allowed (");
    run.says(
        "round 1, penalty cat: +25 penalty (played CWM)); `pardon cat` takes the penalty back\n",
    );
    // In a closed round, the pardon is a fix of that round.
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "cwm2"],
        &script(&[
            "penalty ben played CWM",
            "out ann",
            "left ben Q",
            "end",
            "check cwm",
        ]),
    );
    run.says("; `fix 1 pardon ben` takes the penalty back\n");
}

#[test]
fn allow_and_deny_are_the_table_s_own_rulings_from_then_on_until_undone() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "h"],
        &script(&[
            "check qi",
            "deny qi not played here",
            "check qi",
            "undo",
            "undo",
            "check qi",
            "allow swift the table agreed",
            "check swift",
        ]),
    );
    let verdicts: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("│ QI ") || l.starts_with("│ SWIFT "))
        .collect();
    assert_eq!(verdicts.len(), 4, "{}", run.stdout);
    assert!(verdicts[0].contains("┆ allowed "), "{}", verdicts[0]);
    assert!(verdicts[1].contains("┆ not allowed "), "{}", verdicts[1]);
    assert!(verdicts[2].contains("┆ allowed "), "{}", verdicts[2]);
    assert!(verdicts[3].contains("┆ allowed "), "{}", verdicts[3]);
    let v = t.json("h");
    let asked: Vec<&str> = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .filter_map(|r| r["asked"].as_str())
        .collect();
    assert_eq!(asked, ["check", "check", "allow", "check"], "{v}");
    assert_eq!(
        v["rules"], "take-two (level 80, 1 house-allowed)",
        "the session's rules now"
    );
}

#[test]
fn deny_bars_a_word_from_a_word_taking_make() {
    let t = Table::new();
    let run = t.run(
        &["new", "word-taking", "ann", "ben", "--name", "w"],
        &script(&[
            "deny cat the table will not have it",
            "draw ann C",
            "next",
            "draw ben A",
            "next",
            "draw ann T",
            "make ann CAT",
        ]),
    );
    assert!(
        run.ruled_out()
            .iter()
            .any(|l| l.contains("CAT") && l.contains("house")),
        "{}",
        run.stdout
    );
}

#[test]
fn undo_withdraws_a_ruling_given_by_mistake_and_the_records_stop_counting_it() {
    let t = Table::new();
    let run = t.run(
        &["new", "word-taking", "ann", "ben", "--name", "w"],
        &script(&[
            "draw ann T",
            "next",
            "draw ben A",
            "next",
            "draw ann B",
            "make ann ABT",
            "undo",
            "rulings",
            "make ann BAT",
        ]),
    );
    assert!(
        common::undid(&run.stdout, "ruling (make ann ABT): ABT not allowed"),
        "{}",
        run.stdout
    );
    run.says("no rulings yet");
    assert!(
        run.stdout.contains("recorded  ann makes BAT"),
        "the draw was not undone: {}",
        run.stdout
    );
    let stats = t.run(&["stats", "--json"], "");
    let v: Value = serde_json::from_str(&stats.stdout).expect("JSON");
    assert_eq!(v["word-taking"]["ann"]["words_not_allowed"], 0, "{v}");
}

#[test]
fn rulings_follow_a_rename_in_rulings_and_the_exports() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "dan", "--name", "g"],
        "grid dan --apply\nDONT\nO...\nG...\n\nrename dan Daniel\nrulings\n",
    );
    run.says("grid Daniel");
    assert!(!run.stdout.contains("┆ grid dan "), "{}", run.stdout);
    let v = t.json("g");
    let asked: Vec<&str> = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .filter_map(|r| r["asked"].as_str())
        .collect();
    assert_eq!(asked, ["grid Daniel", "penalty Daniel"]);
    let md = t.export("g", "md");
    assert!(md.contains("| grid Daniel |"), "{md}");
}

/// `rulings` is what was ruled: a check, a move refused for its word, the table's allow
/// and deny; never a name allowed in play (ann's PARIS), in the prompt's list and the
/// export's alike. A plural name is refused saying which name it is the plural of, in
/// the spelling the letters mean (Americas, not America's).
#[test]
fn a_names_game_s_rulings_are_its_rulings_and_a_plural_name_says_whose() {
    let t = Table::new();
    let lines = [
        "draw ann P",
        "next",
        "draw ben A",
        "next",
        "draw ann R",
        "next",
        "draw ben I",
        "check lopez americas",
        "make ben PARI",
        "next",
        "draw ann S",
        "make ann PARIS",
        "allow zzz",
        "deny rome",
        "next",
        "rulings",
    ];
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--rules",
            "names-places",
            "--name",
            "paris",
        ],
        &script(&lines),
    );
    run.says("recorded  ann makes PARIS (S drawn, A I P R from the centre)");
    let rulings = reply_to(&run.stdout, "rulings");
    let rows: Vec<Vec<&str>> = rulings
        .lines()
        .filter(|l| l.starts_with("│ 20"))
        .map(|l| {
            l.trim_end_matches('│')
                .split('┆')
                .skip(2)
                .map(str::trim)
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        [
            vec![
                "check",
                "LOPEZ",
                "allowed",
                "geographical name (Lopez, a town: GeoNames)"
            ],
            vec![
                "check",
                "AMERICAS",
                "not allowed",
                "not a geographical name (Americas: the plural of America)"
            ],
            vec![
                "make ben PARI",
                "PARI",
                "not allowed",
                "not a geographical name (an ordinary word)"
            ],
            vec!["allow", "ZZZ", "allowed", "house ruling"],
            vec!["deny", "ROME", "not allowed", "house ruling"],
        ]
    );
    let exported: Vec<(String, Vec<String>)> = t.json("paris")["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .map(|r| {
            (
                r["asked"].as_str().unwrap_or_default().to_string(),
                r["words"]
                    .as_array()
                    .map(|w| {
                        w.iter()
                            .map(|v| v["word"].as_str().unwrap_or_default().to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
            )
        })
        .collect();
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        exported,
        [
            ("check".to_string(), words(&["LOPEZ", "AMERICAS"])),
            ("make ben PARI".to_string(), words(&["PARI"])),
            ("allow".to_string(), words(&["ZZZ"])),
            ("deny".to_string(), words(&["ROME"])),
        ]
    );
}
