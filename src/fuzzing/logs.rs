//! Property tests: every parser that sees user input or file contents, fed generated
//! and mutated inputs, must answer without panicking.
//!
//! CI runs proptest's default 256 cases a property. The long run behind the figures in
//! RELIABILITY.md: `PROPTEST_CASES=110000 cargo test --release --lib fuzzing::logs::`.

use super::Typed;
use super::damage::{edits, mutate};

use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::lexicon::{HouseList, Lexicon, Rules, build_word_list, fold::fold, judge};
use crate::registry;
use crate::repl::Repl;
use crate::session::store;
use proptest::collection::vec;
use proptest::prelude::*;

/// The word rules of the first game that judges words, as `--rules` names them.
fn take_two_rules() -> Rules {
    Rules::new(crate::registry::rule_set("take-two").expect("a registered rule set"))
}

fn lexicon() -> Arc<Lexicon> {
    static LEX: OnceLock<Arc<Lexicon>> = OnceLock::new();
    Arc::clone(LEX.get_or_init(|| Arc::new(Lexicon::embedded().expect("dictionary"))))
}

/// A real take-two log: a round closed, one open, a ruling, a note, an undo.
fn sample_log() -> &'static [u8] {
    static LOG: OnceLock<Vec<u8>> = OnceLock::new();
    LOG.get_or_init(|| {
        let dir = crate::testing::tempdir().expect("temp dir");
        let path = dir.path().join("s.jsonl");
        let args: Vec<String> = ["ann", "ben", "cat", "--rounds", "5", "--name", "s"]
            .map(String::from)
            .to_vec();
        let new_in = crate::session::Sessions {
            dir: dir.path().to_path_buf(),
            with: crate::registry::with(lexicon()),
        };
        let mut t = crate::repl::new_session(
            &new_in,
            &["take-two".to_string()]
                .into_iter()
                .chain(args.iter().cloned())
                .collect::<Vec<_>>(),
        )
        .expect("session");
        for (verb, args) in [
            ("out", "ann"),
            ("left", "ben QZX"),
            ("penalty", "ben DONT"),
            ("left", "cat E?A"),
            ("end", ""),
            ("check", "qi dont"),
            ("note", "cat arrived late"),
            ("hand", "ann ABCDEFGH"),
            ("left", "ann AB"),
            ("undo", ""),
        ] {
            t.typed(verb, args, None);
        }
        drop(t);
        std::fs::read(&path).expect("log")
    })
}

/// Every registered game's demo, played to its end with a ruling, a note and an undo
/// on top: one real log a game, so each game is fuzzed the day it is registered.
fn demo_logs() -> &'static [(&'static str, Vec<u8>)] {
    static LOGS: OnceLock<Vec<(&'static str, Vec<u8>)>> = OnceLock::new();
    LOGS.get_or_init(|| {
        registry::GAMES
            .iter()
            .map(|game| {
                let dir = crate::testing::tempdir().expect("temp dir");
                let demo = (game.demo)();
                let mut args: Vec<String> = demo.new.iter().map(|a| a.to_string()).collect();
                args.extend(["--name".to_string(), "d".to_string()]);
                let new_in = crate::session::Sessions {
                    dir: dir.path().to_path_buf(),
                    with: crate::registry::with(lexicon()),
                };
                let mut t = crate::repl::new_session(
                    &new_in,
                    &[game.name.to_string()]
                        .into_iter()
                        .chain(args.iter().cloned())
                        .collect::<Vec<_>>(),
                )
                .expect("demo session");
                let fix = format!("fix #1 {}", demo.script[0]);
                let extra = [
                    "note the demo ran",
                    "check qi",
                    "undo",
                    "redo",
                    "allow zax the table's word",
                    fix.as_str(),
                ];
                for line in demo.script.iter().chain(extra.iter()) {
                    let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
                    t.typed(verb, rest, None);
                }
                drop(t);
                let bytes = std::fs::read(dir.path().join("d.jsonl")).expect("log");
                (game.name, bytes)
            })
            .collect()
    })
}

/// Every verb a prompt might see, from every game.
fn all_verbs() -> Vec<String> {
    let mut verbs: Vec<String> = crate::registry::catalog()
        .every_verb()
        .chain(crate::session::SHARED_VERBS.iter())
        .chain(crate::repl::PROMPT_VERBS.iter())
        .map(|v| v.name.to_string())
        .collect();
    verbs.extend(
        [
            "fix 1",
            "fix 2 left",
            "fix #1",
            "fix #2 note",
            "fix #99 out",
            "fix #0",
            "fix #-1",
            "y",
            "no",
            "LEFT",
            "?",
            "redo",
            "allow",
            "deny",
        ]
        .map(String::from),
    );
    verbs.sort();
    verbs.dedup();
    verbs
}

/// A prompt line: a known verb (of any game, or not) and arguments of names, tiles,
/// cards, squares and noise.
fn prompt_line() -> impl Strategy<Value = String> {
    let verb = prop_oneof![
        6 => prop::sample::select(all_verbs()),
        1 => "[a-z]{0,8}",
        1 => any::<String>(),
    ];
    let arg = prop_oneof![
        4 => prop::sample::select(vec!["ann", "ben", "cat", "dan", "BEN", "alice", "bob"]).prop_map(str::to_string),
        3 => "[A-Z?]{0,10}",
        2 => prop::sample::select(vec!["5C", "10H", "JK", "QS-AS", "3,4", "r1c2", "-", "from", "onto", "+"])
            .prop_map(str::to_string),
        1 => prop::sample::select(vec!["--apply", "--judge", "--file", "-1", "0", "99999999999"])
            .prop_map(str::to_string),
        1 => any::<String>(),
    ];
    (verb, vec(arg, 0..4)).prop_map(|(v, args)| {
        let mut line = v;
        for a in args {
            line.push(' ');
            line.push_str(&a);
        }
        line
    })
}

proptest! {
    #[test]
    fn folding_any_text_never_panics(s in any::<String>()) {
        if let Ok(key) = fold(&s) {
            prop_assert!(key.len() <= 64 && key.bytes().all(|b| b.is_ascii_lowercase()));
        }
    }

    #[test]
    fn judging_any_word_under_any_rules_never_panics(s in any::<String>(), set in 0..5usize) {
        let rules = Rules::new(crate::registry::catalog().rule_sets()[set]);
        let _ = judge(&lexicon(), &rules, &s);
    }

    #[test]
    fn reading_and_replaying_a_damaged_log_of_any_game_never_panics(
        e in edits(),
        g in 0..registry::GAMES.len() + 1,
    ) {
        let base = demo_logs().get(g).map_or(sample_log(), |(_, b)| b.as_slice());
        let bytes = mutate(base, &e);
        let _ = store::parse(Path::new("fuzz.jsonl"), &bytes);
        if let Ok(t) = crate::session::read_bytes(
            Path::new("fuzz.jsonl"),
            &bytes,
            crate::registry::with(lexicon()),
        ) {
            let _ = t.standings();
            let _ = t.exported(crate::export::Format::Md);
        }
    }

    #[test]
    fn reading_arbitrary_bytes_as_a_log_never_panics(bytes in vec(any::<u8>(), 0..400)) {
        let _ = crate::session::read_bytes(
            Path::new("fuzz.jsonl"),
            &bytes,
            crate::registry::with(lexicon()),
        );
    }

    #[test]
    fn damaged_word_lists_are_refused_or_read_never_panicking(e in edits(), raw in vec(any::<u8>(), 0..64)) {
        static LIST: OnceLock<Vec<u8>> = OnceLock::new();
        let list = LIST.get_or_init(|| {
            let dir = crate::testing::tempdir().expect("temp dir");
            let src = dir.path().join("w.txt");
            let out = dir.path().join("w.fst");
            std::fs::write(&src, "qi\nza\ncat\ndog\nquixotic\nzax\n").expect("write");
            build_word_list(&src, &out).expect("built");
            std::fs::read(&out).expect("read")
        });
        for bytes in [mutate(list, &e), raw] {
            if let Ok(lex) = Lexicon::from_list_bytes(bytes, "fuzz.fst") {
                let _ = judge(&lex, &take_two_rules(), "qi");
                let _ = lex.keys_with_prefix("q", 10);
            }
        }
    }

    #[test]
    fn defining_any_text_never_panics(s in any::<String>()) {
        let _ = crate::lexicon::define::describe(&lexicon(), &take_two_rules(), &s);
    }

    #[test]
    fn house_lists_never_panic(s in any::<String>()) {
        let _ = HouseList::parse(&s);
    }

    #[test]
    fn opening_a_hand_edited_log_never_panics_nor_removes_a_complete_line(
        e in edits(),
        g in 0..registry::GAMES.len(),
    ) {
        let bytes = mutate(&demo_logs()[g].1, &e);
        let dir = crate::testing::tempdir().expect("temp dir");
        let path = dir.path().join("d.jsonl");
        std::fs::write(&path, &bytes).expect("write");
        let opened = crate::session::open_path(&path, crate::registry::with(lexicon()));
        drop(opened);
        let after = std::fs::read(&path).expect("read");
        let complete = match bytes.iter().rposition(|b| *b == b'\n') {
            Some(i) => i + 1,
            None => 0,
        };
        // Either untouched, or only an unfinished last line cut off.
        prop_assert!(
            after == bytes || (complete > 0 && after == bytes[..complete]),
            "opening changed complete lines"
        );
    }

    #[test]
    fn prompt_lines_never_panic(
        lines in vec(prompt_line(), 1..6),
        rows in vec(super::block_row(), 0..5),
        g in 0..registry::GAMES.len() + 1,
    ) {
        let dir = crate::testing::tempdir().expect("temp dir");
        let base = demo_logs().get(g).map_or(sample_log(), |(_, b)| b.as_slice());
        let table = crate::session::read_bytes(
            Path::new("s.jsonl"),
            base,
            crate::registry::with(lexicon()),
        )
        .expect("sample reads");
        let mut repl = Repl::with_mode(crate::registry::sessions(dir.path().to_path_buf(), lexicon()), Some(table), true);
        for line in &lines {
            let mut it = rows.clone().into_iter();
            let (text, _) = repl.respond(line, &mut || it.next());
            // A read-only session never claims to have recorded anything.
            prop_assert!(!text.contains("recorded  "), "{line:?}: {text}");
        }
    }
}

/// A line a scorekeeper of game `g` might type: the game's own demo lines, the core's
/// corrections (undo, redo, fix of an earlier entry), notes, rulings, players joining.
fn scorekeeper_line(g: usize) -> impl Strategy<Value = String> {
    let demo = (registry::GAMES[g].demo)();
    let own: Vec<String> = demo.script.iter().map(|l| l.to_string()).collect();
    let fixes: Vec<String> = (1..8)
        .flat_map(|n| {
            let own = own.clone();
            own.into_iter()
                .take(3)
                .map(move |l| format!("fix #{n} {l}"))
                .chain([format!("fix #{n} note set aside")])
        })
        .collect();
    prop_oneof![
        6 => prop::sample::select(own),
        2 => Just("undo".to_string()),
        1 => Just("redo".to_string()),
        2 => prop::sample::select(fixes),
        1 => prop::sample::select(vec![
            "note a remark".to_string(),
            "check qi dont".to_string(),
            "allow zax".to_string(),
            "deny qi".to_string(),
            "add zed".to_string(),
            "rename ann anne".to_string(),
        ]),
    ]
}

/// 40 cases in CI (each a session of a dozen lines), or `PROPTEST_CASES` for a long run.
fn session_cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(session_cases()))]

    /// What typing did is what replaying the log does: for random scripts of every game,
    /// undos, redos and fixes among them, the session read back from its log exports
    /// exactly what the live session did.
    #[test]
    fn replaying_a_session_s_log_gives_the_table_the_live_session_had(
        (g, lines) in (0..registry::GAMES.len()).prop_flat_map(|g| (Just(g), vec(scorekeeper_line(g), 1..14)))
    ) {
        let game = &registry::GAMES[g];
        let dir = crate::testing::tempdir().expect("temp dir");
        let shelf = registry::sessions(dir.path().to_path_buf(), lexicon());
        let mut args: Vec<String> = vec![game.name.to_string()];
        args.extend((game.demo)().new.iter().map(|a| a.to_string()));
        args.extend(["--name".to_string(), "live".to_string()]);
        let mut live = crate::repl::new_session(&shelf, &args).expect("the demo's session starts");
        for line in &lines {
            let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
            live.typed(verb, rest, None);
        }
        let format = crate::export::Format::Json;
        let typed = live.exported(format).expect("live export");
        drop(live);
        let read = shelf.read("live").expect("the log reads back");
        prop_assert!(read.warnings().is_empty(), "{:?}", read.warnings());
        prop_assert_eq!(read.exported(format).expect("replayed export"), typed);
    }
}
