//! Hostile text never reaches a screen or a document raw. Every kind of character that
//! can act on a terminal or a document (escape sequences that clear the screen or set
//! the title, a bell, a carriage return, C1 controls, bidirectional overrides and
//! isolates, zero-width and byte-order marks, HTML) is typed into notes and penalty
//! reasons and written by hand into a ruling in the log, then sent through every verb
//! that shows text, every export format, `stats`, `sessions` and the scoreboard page.
//! Default-ignorable characters are marked wherever they are shown, link and image
//! syntax is text in Markdown (#43), and escape sequences in a log stay escaped.

use crate::common;

use std::io::Write;
use std::process::Stdio;

use common::http::{Serving, get};
use common::{Table, seated, started};

/// Hostile characters and strings, each to be found escaped wherever it is shown.
const HOSTILE: &[&str] = &[
    "\u{1b}[2J",           // clear the screen
    "\u{1b}]0;PWNED\u{7}", // set the window's title (OSC), with a bell
    "\r",                  // overwrite the line
    "\u{9b}31m",           // C1 CSI
    "\u{7f}",              // DEL
    "\u{202e}",            // right-to-left override (the Trojan-source trick)
    "\u{2066}",            // left-to-right isolate
    "\u{2069}",            // pop directional isolate
    "\u{200b}",            // zero-width space
    "\u{feff}",            // byte-order mark
    "\u{2028}",            // line separator
];

/// The characters that must never appear raw in what umpire writes for a person.
fn raw_hidden(text: &str) -> Vec<char> {
    let mut found: Vec<char> = text
        .chars()
        .filter(|c| {
            (c.is_control() && *c != '\n' && *c != '\t')
                || matches!(
                    c,
                    '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}'..='\u{200f}'
                        | '\u{2028}' | '\u{2029}' | '\u{feff}'
                )
        })
        .collect();
    found.dedup();
    found
}

/// A Take Two session holding every hostile string in notes and penalty reasons, and a
/// hand-edited ruling whose word, reason and asking hold them too.
fn hostile_table() -> Table {
    let t = Table::new();
    let mut script = String::from("out ann\n");
    for (i, h) in HOSTILE.iter().enumerate() {
        script.push_str(&format!(
            "note {i}<iframe src=//x>{h}evil</td><script>alert(2)</script>|\n"
        ));
        script.push_str(&format!("penalty ben played {h}DONT</td><script>\n"));
    }
    script.push_str("left ben QZ\nend\n");
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "h"], &script);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let mut log = t.log("h");
    let next = String::from_utf8_lossy(&log).lines().count() as u64;
    let ruling = serde_json::json!({
        "seq": next,
        "at": "2026-11-24T00:00:00Z",
        "event": {"type": "ruled", "ruling": {
            "asked": format!("check {}", HOSTILE.join("")),
            "round": 1,
            "rules": "take-two\u{1b}[2J",
            "words": [{"word": "<img>\u{1b}[31m\u{202e}", "allowed": false,
                       "reason": format!("\u{1b}[2J{}</td><script>alert(2)</script>", HOSTILE.join("")),
                       "code": "unknown"}]
        }}
    });
    log.extend_from_slice(format!("{ruling}\n").as_bytes());
    std::fs::write(t.log_path("h"), &log).expect("write");
    t
}

#[test]
fn no_verb_shows_a_hostile_character_raw_at_the_prompt() {
    let t = hostile_table();
    let verbs = [
        "score",
        "table",
        "players",
        "history",
        "history 1",
        "rulings",
        "reveal",
        "chart",
        "check dont",
        "export md",
        "export csv",
        "export json",
        "undo",
        "redo",
        "undo",
        "note one more\u{1b}[2J\u{202e}",
        "undo",
    ];
    let run = t.run(&["resume", "h"], &verbs.join("\n"));
    assert_eq!(
        raw_hidden(&run.stdout),
        Vec::<char>::new(),
        "{}",
        run.stdout
    );
    assert_eq!(
        raw_hidden(&run.stderr),
        Vec::<char>::new(),
        "{}",
        run.stderr
    );
    // Escaped, not dropped: the table sees that something was there.
    for shown in ["\\u{1b}[2J", "\\u{202e}", "\\u{200b}", "\\u{feff}", "\\r"] {
        assert!(run.stdout.contains(shown), "{shown} in {}", run.stdout);
    }
    assert!(
        common::undid(&run.stdout, "note: one more\\u{1b}[2J\\u{202e}"),
        "{}",
        run.stdout
    );
}

#[test]
fn an_undone_note_is_said_escaped_never_raw() {
    // The issue's reproduction: `note ESC]0;PWNED BEL hi` then `undo`.
    let t = Table::new();
    let run = t.run(
        &["new", "take-rummy", "a", "b", "--name", "u"],
        "note \u{1b}]0;PWNED\u{7} hi\nundo\n",
    );
    assert_eq!(
        raw_hidden(&run.stdout),
        Vec::<char>::new(),
        "{}",
        run.stdout
    );
    run.says("undid #1 note: \\u{1b}]0;PWNED\\u{7} hi;");
}

#[test]
fn every_export_format_holds_hostile_text_escaped() {
    let t = hostile_table();
    let md = t.export("h", "md");
    assert_eq!(raw_hidden(&md), Vec::<char>::new(), "{md}");
    assert!(!md.contains("<iframe"), "{md}");
    assert!(!md.contains("<script>"), "{md}");
    assert!(!md.contains("</td>"), "{md}");
    assert!(md.contains("&lt;iframe src=//x&gt;"), "{md}");
    assert!(md.contains("\\u{202e}"), "{md}");
    let csv = t.export("h", "csv");
    assert_eq!(
        raw_hidden(&csv.replace('\r', "")),
        Vec::<char>::new(),
        "{csv}"
    );
    let svg = t.export("h", "svg");
    assert_eq!(raw_hidden(&svg), Vec::<char>::new());
    assert!(
        roxmltree::Document::parse(&svg).is_ok(),
        "the SVG stays XML"
    );
    // JSON keeps the text exactly (a program reads it), escaped as JSON escapes.
    let v = t.json("h");
    let notes = serde_json::to_string(&v["notes"]).expect("json");
    assert!(notes.contains("\\u001b[2J"), "{notes}");
}

#[test]
fn stats_and_sessions_show_hostile_text_escaped() {
    let t = hostile_table();
    for args in [&["stats"][..], &["stats", "--json"], &["sessions"]] {
        let run = t.run(args, "");
        assert_eq!(
            raw_hidden(&run.stdout),
            Vec::<char>::new(),
            "{args:?}: {}",
            run.stdout
        );
    }
}

#[test]
fn the_scoreboard_page_holds_hostile_text_escaped() {
    let t = hostile_table();
    let serving = Serving::start(&t, &["h"]);
    let page = get(serving.local(), "/");
    assert_eq!(page.status, 200);
    assert_eq!(raw_hidden(&page.body), Vec::<char>::new());
    assert!(!page.body.contains("<img>"), "a ruling's markup is text");
    assert!(
        !page.body.contains("<script>alert"),
        "a reason's markup is text"
    );
    assert!(
        page.body.contains("\\u{202e}"),
        "the override is shown escaped"
    );
}

#[test]
fn default_ignorable_characters_are_marked_on_the_terminal_and_in_every_export() {
    let t = Table::new();
    seated(&t, "di", &["ann", "bob"]);
    let hidden = [
        '\u{34f}',
        '\u{17b4}',
        '\u{fe00}',
        '\u{fe0f}',
        '\u{e0100}',
        '\u{e01ef}',
        '\u{2800}',
        '\u{3164}',
    ];
    let note: String = hidden.iter().map(|c| format!("x{c}")).collect();
    let run = t.run(&["resume", "di"], &format!("note {note}\nhistory\n"));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let marked = |doc: &str, what: &str| {
        for c in hidden {
            assert!(!doc.contains(c), "{what}: {c:?} raw in {doc:?}");
        }
    };
    marked(&run.stdout, "terminal");
    run.says("x\\u{34f}x\\u{17b4}");
    marked(&t.export("di", "md"), "md");
    marked(&t.export("di", "csv"), "csv");
    let json = t.export("di", "json");
    marked(&json, "json");
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["notes"][0]["text"], note, "the JSON means the same");
}

#[test]
fn link_and_image_syntax_in_a_note_a_ruling_or_a_name_is_shown_as_text_in_markdown() {
    let t = Table::new();
    seated(&t, "md", &["ann", "bob"]);
    let run = t.run(
        &["resume", "md"],
        "note [click](javascript:alert(1)) and ![i](http://example.invalid/p.png) \\[x\\](y) [r]: http://example.invalid\n\
         penalty bob played [FOO](http://example.invalid)\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let md = t.export("md", "md");
    assert!(
        md.contains("\\[click\\](javascript:alert(1)) and !\\[i\\](http://example.invalid/p.png)"),
        "{md}"
    );
    // A backslash typed before a bracket cannot undo its escape.
    assert!(md.contains("\\\\\\[x\\\\\\](y)"), "{md}");
    assert!(md.contains("\\[r\\]: http://example.invalid"), "{md}");
    // No unescaped bracket is left in the document: umpire's own Markdown uses none.
    let mut escaped = false;
    for c in md.chars() {
        assert!(
            escaped || (c != '[' && c != ']'),
            "an unescaped bracket in {md}"
        );
        escaped = c == '\\' && !escaped;
    }
}

#[test]
fn escape_sequences_from_a_log_never_reach_the_terminal_or_a_document_raw() {
    let t = Table::new();
    started(&t, "e", "");
    let mut child = t
        .command()
        .args(["resume", "e"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let script = "note \u{1b}]0;pwned\u{7} \u{1b}[2J\npenalty ann \u{1b}[31mred\nhistory\nscore\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Not even the script's own lines, echoed after the prompt.
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    let after_echo: String = stdout
        .lines()
        .filter(|l| !l.starts_with("take-two e r1> "))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(after_echo.contains("\\u{1b}]0;pwned\\u{7}"), "{after_echo}");
    let md = t.export("e", "md");
    assert!(!md.contains('\u{1b}') && !md.contains('\u{7}'), "{md:?}");
    let run = t.run(&["new", "take-two", "a\u{1b}[2J", "b"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("is not a player name"),
        "{}",
        run.stderr
    );
}
