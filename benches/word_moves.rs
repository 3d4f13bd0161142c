//! Every take and make on a busy Word Making & Word Taking table: 40 letters in the
//! centre and 20 words of 3 to 8 letters (target: under 5 ms); and what `next` and
//! `missed` cost on a crowded table, 30 letters in the centre and 15 words, the table's
//! own word graph built at the hint's level (SCOWL 50) included (target: under 50 ms).
//! Run: `cargo bench -p umpire-benches --bench word_moves`.
//!
//! What it times is private to the crate, so the bench's body is in
//! `src/games/word_taking/bench.rs`, built only with the crate's `bench` feature; this is its entry.

fn main() {
    umpire::registry::bench("word_moves");
}
