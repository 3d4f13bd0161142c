//! The bodies of the criterion benchmarks that time the crate's private parts (a
//! grid's ruling, a board's `where`, the word finder, the rummy engine): the
//! benchmarks package (`benches/`) calls each one's `main`. Built only with the
//! `bench` feature, so neither the binary nor `cargo test` compiles criterion, and
//! the engine's internals stay out of the public face (lib.rs).

pub mod board_where;
pub mod grid;
pub mod rummy;
pub mod word_moves;
