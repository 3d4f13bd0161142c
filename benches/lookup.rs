//! One word-judge look-up, the unit every batch check and grid ruling is made of, and
//! the two batch workloads of `benches/compare.sh` in process. Run: `cargo bench -p
//! umpire-benches --bench lookup`.
//!
//! - `real input`: 100,000 words drawn (fixed seed) from the lowercase SCOWL <= 80 list,
//!   the words people play, nearly all allowed;
//! - `every level`: 100,000 drawn from every lowercase spelling up to level 95, half of
//!   them refused;
//!
//! each judged with `allows` (fold + one look-up) against the floor, `fst::Set::contains`
//! on a set of the SCOWL <= 80 keys built here (about 210 ns a look-up on the project's
//! machine).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use umpire::lexicon::{Lexicon, Rules, allows, decide, fold::fold_into};

/// The lowercase spellings of `dictionaries/en.tsv` at `max_level` or below, sorted.
fn plain_words(max_level: u8) -> Vec<String> {
    let tsv = std::fs::read_to_string(umpire_benches::repo_file("dictionaries/en.tsv"))
        .expect("dictionaries/en.tsv");
    let mut words: Vec<String> = tsv
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.split('\t');
            let (form, level) = (f.next()?, f.next()?.parse::<u8>().ok()?);
            let plain = !form.is_empty() && form.bytes().all(|b| b.is_ascii_lowercase());
            (plain && level <= max_level).then(|| form.to_string())
        })
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// `n` words drawn with replacement by a fixed linear congruential generator.
fn draw(words: &[String], n: usize) -> Vec<String> {
    let mut x: u64 = 0x756d_7069_7265;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            words[((x >> 33) as usize) % words.len()].clone()
        })
        .collect()
}

fn lookups(c: &mut Criterion) {
    let lex = Lexicon::embedded().expect("embedded dictionary");
    let rules = Rules::new(umpire::registry::rule_set("take-two").expect("a registered rule set"));
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

    let level80 = plain_words(80);
    let floor = fst::Set::from_iter(level80.iter()).expect("sorted keys");
    let workloads = [
        ("real input", draw(&level80, 100_000)),
        ("every level", draw(&plain_words(95), 100_000)),
    ];
    for (name, words) in &workloads {
        let mut g = c.benchmark_group(format!("batch/{name}"));
        g.throughput(Throughput::Elements(words.len() as u64));
        g.sample_size(20);
        g.bench_function("floor: Set::contains", |b| {
            b.iter(|| {
                words
                    .iter()
                    .filter(|w| floor.contains(w.as_bytes()))
                    .count()
            })
        });
        g.bench_function("fold+allows", |b| {
            let mut key = String::with_capacity(64);
            b.iter(|| {
                words
                    .iter()
                    .filter(|w| fold_into(w, &mut key).is_ok() && allows(&lex, &rules, &key))
                    .count()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, lookups);
criterion_main!(benches);
