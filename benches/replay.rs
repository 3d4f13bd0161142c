//! Opening a long session: reading and folding a 10,000-event log (target: under
//! 50 ms), with and without a point limit (a limit once made replay quadratic: each
//! event recounted every total); and `fix #N` half-way through such a log, which tries
//! the correction on the whole log before recording it (target: under 50 ms). Run:
//! `cargo bench -p umpire-benches --bench replay`.

use std::io::Write;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use umpire::lexicon::Lexicon;

/// Writes a take-two log of `events` events: rounds of out / left / left / left / end.
fn long_log(
    dir: &std::path::Path,
    name: &str,
    flags: &[&str],
    events: usize,
) -> std::path::PathBuf {
    let path = dir.join(format!("{name}.jsonl"));
    let lexicon = Arc::new(Lexicon::embedded().expect("dictionary"));
    let players = ["ann", "ben", "cat", "dan"].map(String::from).to_vec();
    let mut args = players;
    args.extend(["--name".to_string(), name.to_string()]);
    args.extend(flags.iter().map(|f| f.to_string()));
    let new_in = umpire::session::Sessions {
        dir: dir.to_path_buf(),
        with: umpire::registry::with(lexicon),
    };
    drop(
        umpire::repl::new_session(
            &new_in,
            &["take-two".to_string()]
                .into_iter()
                .chain(args.iter().cloned())
                .collect::<Vec<_>>(),
        )
        .expect("session created"),
    );
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .expect("log");
    let mut seq = 0;
    let mut round = 0;
    while seq < events {
        round += 1;
        let lines = [
            r#"{"type":"out","player":"ann"}"#.to_string(),
            r#"{"type":"left","player":"ben","tiles":"QZ"}"#.to_string(),
            r#"{"type":"left","player":"cat","tiles":"AB?"}"#.to_string(),
            r#"{"type":"penalty","player":"dan","why":"DONT"}"#.to_string(),
            r#"{"type":"left","player":"dan","tiles":"E"}"#.to_string(),
            format!(r#"{{"type":"round-ended","round":{round}}}"#),
        ];
        for event in lines {
            seq += 1;
            writeln!(
                f,
                r#"{{"seq":{seq},"at":"2026-11-22T20:00:00Z","event":{event}}}"#
            )
            .expect("write");
        }
    }
    path
}

fn replay(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let lexicon = Arc::new(Lexicon::embedded().expect("dictionary"));
    for (name, flags) in [
        ("open-ended", &[][..]),
        ("limit", &["--limit", "1000000"][..]),
    ] {
        let path = long_log(dir.path(), name, flags, 10_000);
        c.bench_function(&format!("replay 10,000 events, {name}"), |b| {
            b.iter(|| {
                let t =
                    umpire::session::read_path(&path, umpire::registry::with(Arc::clone(&lexicon)))
                        .expect("replays");
                assert!(t.warnings().is_empty(), "{:?}", t.warnings());
                t.standings().played()
            })
        });
    }
}

fn fix(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let lexicon = Arc::new(Lexicon::embedded().expect("dictionary"));
    let path = long_log(dir.path(), "fix", &[], 10_000);
    let mut session =
        umpire::session::open_path(&path, umpire::registry::with(Arc::clone(&lexicon)))
            .expect("opens");
    // Entry 4,994 is a `left` of ben's (the second of each round's six): the fix is
    // tried on the whole log, 5,000 entries re-applied on top of it, then recorded.
    c.bench_function("fix #4,994 of 10,000 events", |b| {
        b.iter(|| {
            let mut desk = umpire::session::Desk::new(true);
            let outcome = session.run(&mut desk, "fix", "#4994 left ben Q", None);
            let said = umpire::repl::words(&outcome);
            assert!(said.starts_with("fixed #4994"), "{said}");
        })
    });
}

criterion_group!(benches, replay, fix);
criterion_main!(benches);
