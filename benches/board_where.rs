//! Board Chips' `where` on a 40x40 board with 200 words (target: under 5 ms), the
//! question the table asks before every turn: each square a letter may cover now and
//! what it would complete. Run: `cargo bench -p umpire-benches --bench board_where`.
//!
//! What it times is private to the crate, so the bench's body is in
//! `src/games/board_chips/bench.rs`, built only with the crate's `bench` feature; this is its entry.

fn main() {
    umpire::registry::bench("board_where");
}
