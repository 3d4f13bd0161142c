//! TAKE rummy's engines: judging a 13-card run, and folding a 1,000-hand match through
//! `Match::apply` (from events in memory, and from their JSON log lines), and through
//! the session core: opening a 1,000-hand session log with `registry::read`, as
//! `resume`, `export` and `stats` do. The same for a 1,000-hand match tracked turn by
//! turn from the deal (24 events a hand: the deal, draws, lays, takes, discards, going
//! out). Run: `cargo bench -p umpire-benches --bench rummy`.
//!
//! What it times is private to the crate, so the bench's body is in
//! `src/games/take_rummy/bench.rs`, built only with the crate's `bench` feature; this is its entry.

fn main() {
    umpire::registry::bench("rummy");
}
