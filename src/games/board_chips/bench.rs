//! Board Chips' `where` on a 40x40 board with 200 words (target: under 5 ms), the
//! question the table asks before every turn: each square a letter may cover now and
//! what it would complete. Run: `cargo bench -p umpire-benches --bench board_where`.

use crate::games::board_chips::command::where_;
use crate::games::board_chips::play;
use crate::games::board_chips::state::{Event, Options, State};
use criterion::{Criterion, criterion_group};
use std::hint::black_box;

/// A 40x40 board of 200 words: on every odd row, five across words of seven letters
/// (columns 1-7, 9-15, ... 33-39); in the second and sixth column of each, down words
/// of three letters from each odd row to the next (rows 1-3, 5-7, ... 37-39), their
/// middle letters alone on the even rows, so nothing touches by accident. 800 squares;
/// letters drawn with English frequencies from a fixed seed.
fn forty() -> String {
    const LETTERS: &[u8] = b"EEEEEEAAAAIIIIOOOONNNRRRTTTTLLSSSSUDDGBCCMMPFHHVWYKJXQZ";
    let mut seed: u64 = 0x5EED_B0A2_D000_0030;
    let mut next = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        LETTERS[(seed >> 33) as usize % LETTERS.len()]
    };
    let mut rows = vec![vec![b'.'; 40]; 40];
    for r in (0..40).step_by(2) {
        for block in 0..5 {
            for c in 0..7 {
                rows[r][block * 8 + c] = next();
            }
        }
    }
    for r in (1..40).step_by(4) {
        for block in 0..5 {
            for c in [1, 5] {
                rows[r][block * 8 + c] = next();
            }
        }
    }
    rows.iter()
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The board with `turns` legal turns of two tiles played on it, by one player.
fn played(options: &Options, turns: usize) -> State {
    let players = vec!["ann".to_string()];
    let board = options.board().expect("a board");
    let mut state = State::new(options, 1);
    for k in 0..turns {
        let Some(coverage) = state.coverage() else {
            break;
        };
        let squares = play::playable(board, coverage);
        let Some(&square) = squares.get(k * 7 % squares.len().max(1)) else {
            break;
        };
        let letter = board.letter(square).expect("a square");
        let event = Event::SquaresCovered {
            player: "ann".into(),
            coverings: vec![play::Covering { square, letter }],
        };
        if state.apply(options, &players, &event).is_err() {
            break;
        }
    }
    state
}

fn board_where(c: &mut Criterion) {
    let text = forty();
    let options = Options::with_board("forty", &text).expect("a board");
    let board = options.board().expect("a board");
    let players = vec!["ann".to_string()];
    eprintln!(
        "40x40 board: {} words, {} squares",
        board.words().len(),
        board.square_count()
    );
    let start = State::new(&options, 1);
    let mid = played(&options, 400);
    eprintln!(
        "mid-game: {} squares covered; where E says {} squares",
        mid.coverage().map_or(0, |c| c.count()),
        where_("E", &mid, &options, &players)
            .map(|l| l.join("").matches("E of").count())
            .unwrap_or(0)
    );
    for (name, state) in [("start", &start), ("mid-game", &mid)] {
        c.bench_function(&format!("where T, 40x40, {name}"), |b| {
            b.iter(|| where_(black_box("T"), state, &options, &players).map(|l| l.len()))
        });
        c.bench_function(&format!("where ETAOINS, 40x40, {name}"), |b| {
            b.iter(|| where_(black_box("ETAOINS"), state, &options, &players).map(|l| l.len()))
        });
        c.bench_function(&format!("where (every letter), 40x40, {name}"), |b| {
            b.iter(|| where_(black_box(""), state, &options, &players).map(|l| l.len()))
        });
    }
}

criterion_group!(benches, board_where);
/// Runs the group as `criterion_main!` would, for `benches/board_where.rs`.
pub(crate) fn main() {
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
