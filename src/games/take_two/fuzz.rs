//! Take Two's own property suites: its tile notation, a tile-set file and a whole grid
//! fed any text must answer without panicking. The long run behind RELIABILITY.md's
//! figures: `PROPTEST_CASES=110000 cargo test --release --lib take_two::fuzz::`.

use std::sync::{Arc, OnceLock};

use proptest::collection::vec;
use proptest::prelude::*;

use super::crossword::{Grid, rule};
use super::tiles::{TileSet, parse_tiles};
use crate::fuzzing::damage::{edits, mutate};
use crate::lexicon::{Lexicon, Rules};

fn lexicon() -> Arc<Lexicon> {
    static LEX: OnceLock<Arc<Lexicon>> = OnceLock::new();
    Arc::clone(LEX.get_or_init(|| Arc::new(Lexicon::embedded().expect("dictionary"))))
}

proptest! {
    #[test]
    fn tile_parsing_never_panics(s in any::<String>()) {
        if let Ok(t) = parse_tiles(&s) {
            prop_assert!(!t.is_empty() && t.len() <= 200);
        }
    }

    #[test]
    fn grid_parsing_and_ruling_never_panic(rows in vec(crate::fuzzing::block_row(), 0..14)) {
        if let Ok(g) = Grid::parse(&rows) {
            let r = rule(&g, &lexicon(), &Rules::new(super::RULE_SET));
            prop_assert!(r.tiles.len() >= 2);
        }
    }

    #[test]
    fn tile_set_files_never_panic(e in edits()) {
        let base = super::DEFAULT_TILES.as_bytes();
        let text = String::from_utf8_lossy(&mutate(base, &e)).into_owned();
        if let Ok(set) = TileSet::from_json(&text) {
            let _ = set.size();
        }
    }

}
