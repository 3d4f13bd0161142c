//! Ruling on a whole 40x40 grid (target: under 1 ms). Run: `cargo bench -p umpire-benches --bench grid`.

use crate::games::take_two::crossword::{Grid, rule};
use crate::lexicon::{Lexicon, Rules};
use criterion::{Criterion, criterion_group};
use std::hint::black_box;

/// A dense 40x40 crossword: every other row is words separated by single gaps, and the
/// rows between hold letters under the first letter of each word, so columns form
/// words too. About 400 runs.
fn forty() -> Vec<String> {
    let words = [
        "TABLE", "CHAIR", "HOUSE", "QI", "STONE", "RIVER", "ZA", "APPLE",
    ];
    let mut rows = Vec::new();
    for r in 0..40 {
        let mut row = String::new();
        let mut k = r;
        while row.len() < 40 {
            let w = words[k % words.len()];
            k += 1;
            if r % 2 == 0 {
                row.push_str(w);
            } else {
                row.push_str(&w[..1]);
                row.push_str(&".".repeat(w.len() - 1));
            }
            row.push('.');
        }
        row.truncate(40);
        rows.push(row);
    }
    rows
}

fn grid(c: &mut Criterion) {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let rules = Rules::new(crate::games::take_two::RULE_SET);
    let rows = forty();
    let parsed = Grid::parse(&rows).expect("grid");
    let ruled = rule(&parsed, &lexicon, &rules);
    eprintln!(
        "40x40 grid: {} runs, {} tiles",
        ruled.words.len(),
        ruled.tiles.len()
    );
    c.bench_function("parse+rule 40x40", |b| {
        b.iter(|| {
            let g = Grid::parse(black_box(&rows)).expect("grid");
            rule(&g, &lexicon, &rules).acceptable()
        })
    });
}

criterion_group!(benches, grid);
/// Runs the group as `criterion_main!` would, for `benches/grid.rs`.
pub(crate) fn main() {
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
