//! Every take and make on a busy Word Making & Word Taking table: 40 letters in the
//! centre and 20 words of 3 to 8 letters (target: under 5 ms); and what `next` and
//! `missed` cost on a crowded table, 30 letters in the centre and 15 words, the table's
//! own word graph built at the hint's level (SCOWL 50) included (target: under 50 ms).
//! Run: `cargo bench -p umpire-benches --bench word_moves`.

use crate::games::word_taking::letters::{Letters, Word};
use crate::games::word_taking::moves::{Finder, HeldWord};
use crate::games::word_taking::supply::Supply;
use crate::lexicon::{Lexicon, Rules};
use criterion::{Criterion, criterion_group};
use std::hint::black_box;
use std::time::Duration;

/// Forty letters in about the box's proportions.
const CENTRE: &str = "AAAAEEEEEEIIIIOOOOUUBCDDGHLLMNNNPRRRSSTT";

const WORDS: [&str; 20] = [
    "CAT", "FIN", "LAME", "AMPLE", "HOUSE", "TABLE", "STONE", "RIVER", "GARDEN", "PLANET",
    "MARKET", "SILVER", "BOTTLE", "WINTER", "CANDLE", "FOREST", "PAINTER", "TEACHER", "MOUNTAIN",
    "ELEPHANT",
];

/// The process's CPU time, all threads together: the search shares its work among the
/// cores, so the wall-clock figure criterion reports is not the work done.
fn cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

fn word_moves(c: &mut Criterion) {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let rules = Rules::new(crate::games::word_taking::WORD_TAKING);
    let started = std::time::Instant::now();
    let finder = Finder::new(&lexicon, &rules).expect("searchable");
    eprintln!(
        "word_moves: graph of {} words, {} nodes, built in {:?}",
        finder.graph().words(),
        finder.graph().nodes(),
        started.elapsed()
    );
    let supply = Supply::centre(Letters::parse(CENTRE).expect("letters"));
    let held = held_in_turn(&WORDS, &["alice", "bob", "carol", "dave"]);
    let moves = finder.find(&supply, &held, None);
    let makes = moves.iter().filter(|m| m.from.is_none()).count();
    eprintln!(
        "word_moves: {} moves ({makes} makes, {} takes)",
        moves.len(),
        moves.len() - makes
    );
    for (name, table) in [
        ("every take and make", &held[..]),
        ("every make", &held[..0]),
    ] {
        const RUNS: u32 = 50;
        let (started, wall) = (cpu_time(), std::time::Instant::now());
        for _ in 0..RUNS {
            black_box(finder.find(&supply, table, None).len());
        }
        eprintln!(
            "word_moves: {name}: {:?} of CPU time a search, all threads ({:?} wall; mean of {RUNS})",
            (cpu_time() - started) / RUNS,
            wall.elapsed() / RUNS
        );
    }
    c.bench_function("every take and make: 40 centre letters, 20 words", |b| {
        b.iter(|| {
            finder
                .find(black_box(&supply), black_box(&held), None)
                .len()
        })
    });
    let alone: Vec<HeldWord> = Vec::new();
    c.bench_function("every make: 40 centre letters", |b| {
        b.iter(|| {
            finder
                .find(black_box(&supply), black_box(&alone), None)
                .len()
        })
    });
}

/// The crowded table of the hint's figure: 30 centre letters, 15 words held.
const CROWDED_CENTRE: &str = "AAABCDEEEGHIIILMNNOOOPRRSSTTUY";
const CROWDED_WORDS: [&str; 15] = [
    "TRAIN", "STONE", "PLANE", "GRID", "CLOUD", "HEART", "MINOR", "QUIZ", "FROG", "WAX", "JOKE",
    "DUST", "PAINT", "CHOSE", "VEIL",
];

/// What the prompt does for the hint after `next` (and `missed`): the table's graph of
/// the words at the hint's level its letters spell, then every move on it, then the
/// hint's line.
/// `words` held by `players` in turn, the first word the first player's.
fn held_in_turn(words: &[&str], players: &[&str]) -> Vec<HeldWord> {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| HeldWord {
            owner: players[i % players.len()].to_string(),
            word: Word::parse(w).expect("a word"),
        })
        .collect()
}

fn crowded_hint(c: &mut Criterion) {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let mut rules = Rules::new(crate::games::word_taking::WORD_TAKING);
    rules.level = 50;
    let supply = Supply::centre(Letters::parse(CROWDED_CENTRE).expect("letters"));
    let held = held_in_turn(&CROWDED_WORDS, &["ann", "ben", "cal", "dee"]);
    let hint = || {
        let finder = Finder::for_table(&lexicon, &rules, &supply, &held).expect("searchable");
        let moves = finder.find(&supply, &held, Some("ben"));
        moves.hint("ben", |w| u8::try_from(w.len()).unwrap_or(0))
    };
    eprintln!("word_moves: crowded table: {}", hint().unwrap_or_default());
    const RUNS: u32 = 20;
    let (started, wall) = (cpu_time(), std::time::Instant::now());
    for _ in 0..RUNS {
        black_box(hint());
    }
    eprintln!(
        "word_moves: the hint on a crowded table: {:?} of CPU time, all threads ({:?} wall; mean of {RUNS})",
        (cpu_time() - started) / RUNS,
        wall.elapsed() / RUNS
    );
    c.bench_function(
        "the hint: 30 centre letters, 15 words, graph at SCOWL 50 included",
        |b| b.iter(|| black_box(hint())),
    );
}

criterion_group!(benches, word_moves, crowded_hint);
/// Runs the group as `criterion_main!` would, for `benches/word_moves.rs`.
pub(crate) fn main() {
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
