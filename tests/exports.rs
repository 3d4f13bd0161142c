//! The exports and the chart: JSON, CSV, Markdown and SVG from the shell and from the
//! prompt (a file's format taken from its name, the prompt's file byte for byte the
//! shell's), a refused export said as not exported, an export never written over a log,
//! the Markdown's title; the chart of the running totals in the terminal and as SVG.

use crate::common;

use crate::take_two::EVENING;
use common::{Table, reply_to, script, started};

const THREE_ROUNDS: &str = "out a\nleft b QZ\nleft c AB\nend\nleft a KJ\nout b\nleft c WW\nend\nout a\nleft b E\nleft c XY\nend\n";

#[test]
fn the_svg_chart_parses_and_draws_one_line_per_player() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "a", "b", "c", "--name", "svg"],
        THREE_ROUNDS,
    );
    let svg = t.export("svg", "svg");
    let doc = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    // A player's line runs through the start and every round: four points.
    let lines: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some("3"))
        .filter(|n| {
            n.attribute("points")
                .is_some_and(|p| p.split_whitespace().count() == 4)
        })
        .collect();
    assert_eq!(lines.len(), 3, "one line per player");
    let colours: std::collections::BTreeSet<_> =
        lines.iter().filter_map(|n| n.attribute("stroke")).collect();
    assert_eq!(colours.len(), 3, "each its own colour");
    let text: String = doc.descendants().filter_map(|n| n.text()).collect();
    for legend in ["a (13)", "b (21)", "c (24)"] {
        assert!(text.contains(legend), "legend {legend} in {text}");
    }
}

#[test]
fn chart_draws_the_running_totals_in_the_terminal() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "a", "b", "c", "--name", "chart"],
        &format!("{THREE_ROUNDS}chart\n"),
    );
    let chart = run
        .stdout
        .split("take-two chart r4> chart")
        .nth(1)
        .expect("chart output");
    assert!(
        chart.contains("o a 13   + b 21   x c 24   (lowest wins)"),
        "{chart}"
    );
    assert!(chart.contains("0    r1   r2   r3"), "{chart}");
    // All three start at 0: set side by side, each seen, not one `*` for all.
    assert!(chart.contains(" 0 |o+x  "), "{chart}");
    let early = t.run(&["new", "take-two", "a", "b", "--name", "early"], "chart\n");
    assert!(
        early
            .stdout
            .contains("nothing to chart yet: no round has closed"),
        "{}",
        early.stdout
    );
}

#[test]
fn a_long_match_is_charted_with_a_total_that_lasted_one_round() {
    let t = Table::new();
    let mut lines = Vec::new();
    for round in 1..=60 {
        let ann = match round {
            31 => 10,
            32 => -10,
            _ => 0,
        };
        lines.push(format!("points {ann} 0"));
        lines.push("end".to_string());
    }
    lines.push("chart".to_string());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let run = t.run(
        &["new", "scorepad", "ann", "ben", "--name", "long"],
        &script(&lines),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let chart = reply_to(&run.stdout, "chart");
    let ten = chart
        .lines()
        .find(|l| l.trim_start().starts_with("10 |"))
        .unwrap_or_else(|| panic!("no row 10: {chart}"));
    assert!(ten.contains('o'), "ann's 10 is drawn: {chart}");
}

#[test]
fn an_export_at_the_prompt_takes_its_format_from_the_file_name() {
    let t = Table::new();
    let json = t.dir().join("x.json");
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "ex"],
        &format!("out ann\nexport night.csv\nexport {}\n", json.display()),
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    let csv = std::fs::read_to_string(t.dir().join("night.csv")).expect("csv");
    assert!(csv.starts_with("round,ann,ben\n"), "{csv}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    assert_eq!(v["game"], "take-two");
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
fn an_export_aimed_at_a_session_log_is_refused_from_the_shell_and_the_prompt() {
    let t = Table::new();
    let before = started(&t, "t1", "out ann\n");
    let target = t.log_path("t1");
    let run = t.run(
        &[
            "export",
            "t1",
            "--format",
            "csv",
            "-o",
            &target.to_string_lossy(),
        ],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("never overwrites a log")
            || run.stderr.contains("would be a session log"),
        "{}",
        run.stderr
    );
    assert_eq!(t.log("t1"), before);
    let link = t.dir().join("night.csv");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let run = t.run(&["export", "t1", "-o", &link.to_string_lossy()], "");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("is the session log"), "{}", run.stderr);
    let run = t.run(
        &["resume", "t1"],
        &format!("export json {}\nleft ben A\n", target.display()),
    );
    assert_eq!(
        run.stdout
            .lines()
            .filter(|l| l.starts_with("not exported: "))
            .count(),
        1,
        "{}",
        run.stdout
    );
    let after = t.log("t1");
    assert!(after.starts_with(&before), "the log is only appended to");
    assert!(String::from_utf8_lossy(&after[before.len()..]).starts_with("{\"seq\":2,"));
    // Exports elsewhere take their format from the file name.
    let run = t.run(&["export", "t1", "-o", "evening.csv"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let csv = std::fs::read_to_string(t.dir().join("evening.csv")).expect("csv");
    assert!(csv.starts_with("round,ann,ben\n"), "{csv}");
}

#[test]
fn the_markdown_title_keeps_its_ampersand_and_a_grid_fault_has_a_dash_for_its_word() {
    let t = Table::new();
    let run = t.run(&["new", "word-taking", "ann", "ben", "--name", "amp"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let md = t.export("amp", "md");
    assert!(
        md.starts_with("# Word Making & Word Taking \"amp\"\n"),
        "{md}"
    );
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "apart"],
        "grid ben\nCAT\n...\nOX.\n\n",
    );
    run.says("fault");
    let md = t.export("apart", "md");
    let fault = md
        .lines()
        .find(|l| l.contains("| fault |"))
        .unwrap_or_else(|| panic!("no fault row: {md}"));
    assert!(fault.contains("| grid ben | — | fault |"), "{fault}");
}
