//! The things that make umpire pleasant at a table: charts, help with examples, shell
//! completions, plain output when piped.

use crate::common;

use common::Table;

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
fn every_subcommand_s_help_has_examples() {
    let t = Table::new();
    for sub in [
        "new",
        "resume",
        "sessions",
        "export",
        "check",
        "grid",
        "dict",
        "completions",
    ] {
        let run = t.run(&[sub, "--help"], "");
        assert_eq!(run.code, Some(0), "{sub}");
        assert!(
            run.stdout.contains("Examples:"),
            "{sub} --help: {}",
            run.stdout
        );
    }
    let run = t.run(&["--version"], "");
    assert!(run.stdout.starts_with("umpire "), "{}", run.stdout);
}

#[test]
fn help_at_the_prompt_gives_each_verb_an_example() {
    let t = Table::new();
    let verbs = [
        "out", "left", "penalty", "end", "hand", "grid", "tiles", "score", "undo", "check",
        "players", "add", "rename", "note", "history", "rulings", "chart", "reveal", "export",
        "help", "new", "open", "sessions", "quit",
    ];
    let script: String = verbs.iter().map(|v| format!("help {v}\n")).collect();
    let run = t.run(
        &["new", "take-two", "a", "b", "--name", "help"],
        &format!("help\n{script}"),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(
        run.stdout.matches("  example: ").count(),
        verbs.len(),
        "{}",
        run.stdout
    );
    for v in verbs {
        assert!(run.stdout.contains(&format!("\n  {v}")), "help lists {v}");
    }
}

#[test]
fn shell_completions_are_generated_for_bash_zsh_and_fish() {
    let t = Table::new();
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef umpire"),
        ("fish", "complete -c umpire"),
    ] {
        let run = t.run(&["completions", shell], "");
        assert_eq!(run.code, Some(0), "{shell}");
        assert!(run.stdout.contains(marker), "{shell}");
        assert!(
            run.stdout.contains("sessions"),
            "{shell} completes subcommands"
        );
    }
}

#[test]
fn piped_output_carries_no_colour_codes() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "a", "b", "--name", "plain"],
        "check qi dont\nout a\n",
    );
    assert!(!run.stdout.contains('\u{1b}'), "{}", run.stdout);
    let check = t.run(&["check", "qi", "dont"], "");
    assert!(!check.stdout.contains('\u{1b}'));
}

/// Issue 56: a game's flag given a value it does not take says the value it would
/// have taken, when one is near, and every value it takes; a rule set likewise.
#[test]
fn a_flag_value_typed_wrong_gets_a_did_you_mean_and_the_values_taken() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--penalty", "per-wrd"],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr.trim_end(),
        "umpire: invalid value 'per-wrd' for '--penalty <PENALTY>' (did you mean per-word?): it takes per-grid or per-word (`new take-two --help` lists what it takes)"
    );
    let run = t.run(&["new", "word-taking", "ann", "ben", "--win-on", "x"], "");
    assert_eq!(
        run.stderr.trim_end(),
        "umpire: invalid value 'x' for '--win-on <WIN_ON>': it takes hold or reach (`new word-taking --help` lists what it takes)"
    );
    let run = t.run(
        &["new", "word-taking", "ann", "ben", "--rules", "names-plces"],
        "",
    );
    assert!(
        run.stderr.starts_with(
            "umpire: unknown rule set \"names-plces\" (did you mean names-places?): use take-two, "
        ),
        "{}",
        run.stderr
    );
}
