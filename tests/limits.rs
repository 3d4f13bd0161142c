//! A log is held to what typing could make (#43): a header's word rules to the ranges
//! `new` takes them in. Each test here failed on the version before.

use crate::common;

use common::Table;
use serde_json::Value;

/// A Word Taking evening with a word made and taken, as the guide plays it.
fn word_taking(t: &Table, name: &str) {
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "cat",
            "--min-length",
            "3",
            "--name",
            name,
        ],
        "draw ann T\nnext\ndraw ben A\nnext\ndraw cat C\nmake cat CAT\nnext\ndraw ann O\ntake ann COAT from cat\nnext\n",
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
}

/// The log of `name` with its header changed by `edit`.
fn edit_header(t: &Table, name: &str, edit: impl FnOnce(&mut Value)) {
    let log = String::from_utf8(t.log(name)).expect("UTF-8");
    let (header, rest) = log.split_once('\n').expect("a header line");
    let mut header: Value = serde_json::from_str(header).expect("JSON");
    edit(&mut header);
    std::fs::write(t.log_path(name), format!("{header}\n{rest}")).expect("write");
}

/// Who holds how many words, from the export.
fn words_held(t: &Table, name: &str) -> Vec<(String, i64)> {
    common::totals(&t.json(name))
}

#[test]
fn a_header_s_word_rules_out_of_range_are_read_as_the_nearest_end_of_new_s_range_and_said() {
    let t = Table::new();
    word_taking(&t, "w");
    let held = words_held(&t, "w");
    assert_eq!(held, common::pairs(&[("ann", 1), ("ben", 0), ("cat", 0)]));
    let good = t.log("w");
    // (part, field, value written, what it is read as, the range and its flag, the
    // banner's words once opened)
    let cases: [(&str, &str, Value, i64, &str, &str); 6] = [
        (
            "rules",
            "min_length",
            Value::from(4_294_967_295u64),
            15,
            "1 to 15 (as --min-length",
            "words: word-taking (level 80, min length 15)",
        ),
        (
            "rules",
            "min_length",
            Value::from(0),
            1,
            "1 to 15 (as --min-length",
            "words: word-taking (level 80)",
        ),
        (
            "rules",
            "min_length",
            Value::from(16),
            15,
            "1 to 15 (as --min-length",
            "words: word-taking (level 80, min length 15)",
        ),
        (
            "rules",
            "level",
            Value::from(0),
            10,
            "10 to 95 (as --level",
            "words: word-taking (level 10, min length 3)",
        ),
        (
            "rules",
            "level",
            Value::from(200),
            95,
            "10 to 95 (as --level",
            "words: word-taking (level 95, min length 3)",
        ),
        (
            "options",
            "hint_level",
            Value::from(0),
            10,
            "10 to 95 (as --hint-level",
            "hints to SCOWL 10; words: word-taking (level 80, min length 3)",
        ),
    ];
    for (part, field, value, read, range, banner) in cases {
        std::fs::write(t.log_path("w"), &good).expect("write");
        edit_header(&t, "w", |h| h[part][field] = value.clone());
        let run = t.run(&["resume", "w"], "check cat\n");
        assert_eq!(run.code, Some(0), "{field} {value}: {}", run.stderr);
        let name = if part == "rules" {
            "word rules"
        } else {
            "options"
        };
        let warning = format!(
            "warning: the header's {name}: {field} {value} is outside {range} takes it); read as {read}"
        );
        assert_eq!(
            run.stdout
                .lines()
                .filter(|l| l.starts_with("warning:"))
                .collect::<Vec<_>>(),
            vec![warning.as_str()],
            "{field} {value}"
        );
        assert!(
            run.stdout
                .lines()
                .next()
                .is_some_and(|l| l.ends_with(banner)),
            "{field} {value}: {}",
            run.stdout
        );
        // The rules in force are the ones read: CAT is too short only for a table that
        // plays words of 15 letters.
        let too_short = run
            .stdout
            .contains("too short: 3 letters, the table plays at least 15");
        assert_eq!(
            too_short,
            read == 15 && field == "min_length",
            "{}",
            run.stdout
        );
        // No total depends on the word rules: the evening reads as it was played, from
        // the shell too, which says the same warning.
        assert_eq!(words_held(&t, "w"), held, "{field} {value}");
        let export = t.run(&["export", "w", "--format", "csv"], "");
        assert_eq!(
            export.stderr,
            format!("{}\n", warning.replacen("warning: ", "umpire: w: ", 1)),
            "{field} {value}"
        );
    }
}

#[test]
fn a_header_s_word_rule_that_is_no_whole_number_is_refused_naming_the_field_the_value_and_the_range()
 {
    let t = Table::new();
    word_taking(&t, "w");
    let good = t.log("w");
    for (part, field, value, said) in [
        (
            "rules",
            "level",
            Value::from("high"),
            "the header's word rules: level is \"high\", not a whole number (--level takes 10 to 95)",
        ),
        (
            "rules",
            "min_length",
            Value::from(2.5),
            "the header's word rules: min_length is 2.5, not a whole number (--min-length takes 1 to 15)",
        ),
        (
            "options",
            "hint_level",
            Value::from("x".repeat(100_000)),
            "the header's options: hint_level is \"xxxxxxxxxxxxxxxxxxxxxxx..., not a whole number (--hint-level takes 10 to 95)",
        ),
    ] {
        std::fs::write(t.log_path("w"), &good).expect("write");
        edit_header(&t, "w", |h| h[part][field] = value);
        let run = t.run(&["resume", "w"], "score\n");
        assert_eq!(run.code, Some(2), "{field}: {}", run.stdout);
        assert_eq!(run.stderr, format!("umpire: {said}\n"), "{field}");
    }
}
