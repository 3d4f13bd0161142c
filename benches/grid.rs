//! Ruling on a whole 40x40 grid (target: under 1 ms). Run: `cargo bench -p umpire-benches --bench grid`.
//!
//! What it times is private to the crate, so the bench's body is in
//! `src/games/take_two/bench.rs`, built only with the crate's `bench` feature; this is its entry.

fn main() {
    umpire::registry::bench("grid");
}
