//! One word-judge look-up, the unit every batch check and grid ruling is made of.
//! Run: `cargo bench --bench lookup`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use umpire::lexicon::{Lexicon, RuleSet, Rules, decide, fold::fold_into};

fn lookups(c: &mut Criterion) {
    let lex = Lexicon::embedded().expect("embedded dictionary");
    let rules = Rules::new(RuleSet::TakeTwo);
    let mut g = c.benchmark_group("decide");
    // A common word, a word with several spellings, a barred echo, a miss.
    for key in ["table", "paris", "dont", "qzxv"] {
        g.bench_function(key, |b| {
            b.iter(|| decide(&lex, &rules, black_box(key)).allowed())
        });
    }
    g.finish();

    let mut buf = String::with_capacity(64);
    c.bench_function("fold+decide/Smörgåsbord", |b| {
        b.iter(|| {
            fold_into(black_box("Smörgåsbord"), &mut buf).ok();
            decide(&lex, &rules, &buf).allowed()
        })
    });
    c.bench_function("open embedded", |b| b.iter(|| Lexicon::embedded().is_ok()));
}

criterion_group!(benches, lookups);
criterion_main!(benches);
