//! The covering rules: which squares a turn may cover, and which words each covering
//! completes.
//!
//! One rule holds every case of the sheet: a square may be covered when it is the
//! first open (uncovered) letter, in spelling order, of some word through it. That is
//! "an open first letter of any word" and "the next open letter of a word already
//! started" at once, and it makes the sheet's "back up" case fall out by itself: when
//! JACKET's A, which is also WATER's A, is covered first, WATER's first open letter is
//! still its W, so WATER's T must wait for the W (unless the T is next in a word of
//! its own). On an empty board the same rule allows exactly the sheet's first turn
//! (the first letters of two words, or the first two letters of one word); that turn
//! only gets its own refusal message.
//!
//! The coverings of one turn are judged in order, each on the board as the ones before
//! it left it; a refused covering refuses the whole turn. A covering completes every
//! word whose last open letter it was: the across and the down word at once earn two
//! chips, and the square need not be a word's last letter (BUZZ's first Z, when ZEBRA
//! already covered the second). Pure: no I/O.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{Board, Square, WordId};
use crate::contract::{Kind, Refuse};

/// The most coverings in one turn: the sheet's two tiles.
pub const MAX_COVERINGS: usize = 2;

/// One tile laid on one square: the square and the letter the tile shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Covering {
    #[serde(flatten)]
    pub square: Square,
    pub letter: char,
}

impl Covering {
    /// A tile showing `letter` on the square at `row`, `col` (counted from 1).
    pub fn new(row: usize, col: usize, letter: char) -> Covering {
        Covering {
            square: Square::new(row, col),
            letter,
        }
    }
}

impl fmt::Display for Covering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.square, self.letter)
    }
}

/// A word that a refused covering is waiting on: its next open letter and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub word: String,
    pub letter: char,
    pub square: Square,
}

/// Why a turn's coverings were refused; nothing was covered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("a turn covers one or two squares: ROW,COLUMN LETTER [ROW,COLUMN LETTER]")]
    NoCoverings,
    #[error("a turn covers at most {MAX_COVERINGS} squares (two tiles), not {count}")]
    TooMany { count: usize },
    #[error("{square} is off the board: it has rows 1-{rows} and columns 1-{cols}")]
    OffBoard {
        square: Square,
        rows: usize,
        cols: usize,
    },
    #[error("{square} is not a square of the board (a . in the board file)")]
    NoSquare { square: Square },
    #[error("{square} {letter} is already covered")]
    AlreadyCovered { square: Square, letter: char },
    #[error("{square} is covered twice in one turn")]
    Twice { square: Square },
    #[error("{square} is {letter}, not {typed}")]
    WrongLetter {
        square: Square,
        letter: char,
        typed: char,
    },
    #[error("{covering}: out of spelling order: {}", waiting_list(.waiting))]
    OutOfOrder {
        covering: Covering,
        waiting: Vec<Waiting>,
    },
    #[error(
        "{covering}: the first turn covers the first letters of two different words, or the first two letters of one word"
    )]
    FirstTurn { covering: Covering },
}

impl Refuse for PlayError {
    fn kind(&self) -> Kind {
        match self {
            PlayError::NoCoverings => Kind::BadInput,
            _ => Kind::Rule,
        }
    }
}

/// "WATER's next open letter is W at r1c2, JACKET's is J at r2c1".
fn waiting_list(waiting: &[Waiting]) -> String {
    let mut out = String::new();
    for (i, w) in waiting.iter().enumerate() {
        let what = if i == 0 {
            " next open letter"
        } else {
            out.push_str(", ");
            ""
        };
        out.push_str(&format!(
            "{}'s{what} is {} at {}",
            w.word, w.letter, w.square
        ));
    }
    out
}

/// Which squares are covered, for one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    covered: Vec<bool>,
    count: usize,
}

impl Coverage {
    /// Nothing covered yet.
    pub fn new(board: &Board) -> Coverage {
        Coverage {
            covered: vec![false; board.rows() * board.cols()],
            count: 0,
        }
    }

    /// True when a tile lies on `square` (false off the board or where there is none).
    pub fn is_covered(&self, board: &Board, square: Square) -> bool {
        board
            .index(square)
            .and_then(|i| self.covered.get(i))
            .copied()
            .unwrap_or(false)
    }

    /// How many squares are covered: the tiles on the board.
    pub fn count(&self) -> usize {
        self.count
    }

    /// True before the first covering: the first turn's rule applies.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The first open letter of word `id` in spelling order, with its position in
    /// the word; `None` when the word is complete.
    pub fn next_open(&self, board: &Board, id: WordId) -> Option<(usize, Square)> {
        let word = board.word(id)?;
        word.squares()
            .iter()
            .copied()
            .enumerate()
            .find(|&(_, s)| !self.is_covered(board, s))
    }

    /// True when every letter of word `id` is covered.
    pub fn is_complete(&self, board: &Board, id: WordId) -> bool {
        self.next_open(board, id).is_none()
    }

    /// Marks `square` covered (a square off the board or already covered is left as
    /// it is).
    pub(super) fn cover(&mut self, board: &Board, square: Square) {
        if let Some(cell) = board.index(square).and_then(|i| self.covered.get_mut(i))
            && !*cell
        {
            *cell = true;
            self.count += 1;
        }
    }
}

/// One covering ruled legal, and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub covering: Covering,
    /// The words this covering completed (their last open letter): one chip each.
    pub completed: Vec<WordId>,
    /// The words whose first letter this covering covered, complete or not.
    pub started: Vec<WordId>,
}

/// Rules on one turn's coverings, in order. On success, returns what each covering
/// did; `coverage` is not changed (see [`cover`]).
pub fn rule(
    board: &Board,
    coverage: &Coverage,
    coverings: &[Covering],
) -> Result<Vec<Placed>, PlayError> {
    if coverings.is_empty() {
        return Err(PlayError::NoCoverings);
    }
    if coverings.len() > MAX_COVERINGS {
        return Err(PlayError::TooMany {
            count: coverings.len(),
        });
    }
    let first_turn = coverage.is_empty();
    let mut after = coverage.clone();
    let mut placed = Vec::with_capacity(coverings.len());
    for (i, &covering) in coverings.iter().enumerate() {
        let square = covering.square;
        if coverings
            .get(..i)
            .is_some_and(|before| before.iter().any(|c| c.square == square))
        {
            return Err(PlayError::Twice { square });
        }
        placed.push(rule_one(board, &after, covering, first_turn)?);
        after.cover(board, square);
    }
    Ok(placed)
}

/// Covers the squares of a turn that [`rule`] accepted.
pub fn cover(board: &Board, coverage: &mut Coverage, placed: &[Placed]) {
    for p in placed {
        coverage.cover(board, p.covering.square);
    }
}

fn rule_one(
    board: &Board,
    coverage: &Coverage,
    covering: Covering,
    first_turn: bool,
) -> Result<Placed, PlayError> {
    let square = covering.square;
    if !board.contains(square) {
        return Err(PlayError::OffBoard {
            square,
            rows: board.rows(),
            cols: board.cols(),
        });
    }
    let letter = board.letter(square).ok_or(PlayError::NoSquare { square })?;
    if coverage.is_covered(board, square) {
        return Err(PlayError::AlreadyCovered { square, letter });
    }
    let typed = covering.letter.to_ascii_uppercase();
    if typed != letter {
        return Err(PlayError::WrongLetter {
            square,
            letter,
            typed,
        });
    }
    let covering = Covering { square, letter };
    let mut waiting = Vec::new();
    let mut next = false;
    for (id, _) in board.words_at(square) {
        let (Some(word), Some((position, open))) = (board.word(id), coverage.next_open(board, id))
        else {
            continue;
        };
        if open == square {
            next = true;
        } else {
            waiting.push(Waiting {
                word: word.text().to_string(),
                letter: word.letter(position).unwrap_or('?'),
                square: open,
            });
        }
    }
    if !next {
        return Err(if first_turn {
            PlayError::FirstTurn { covering }
        } else {
            PlayError::OutOfOrder { covering, waiting }
        });
    }
    let completed = board
        .words_at(square)
        .map(|(id, _)| id)
        .filter(|&id| {
            board.word(id).is_some_and(|w| {
                w.squares()
                    .iter()
                    .all(|&s| s == square || coverage.is_covered(board, s))
            })
        })
        .collect();
    let started = board
        .words_at(square)
        .filter(|&(_, position)| position == 0)
        .map(|(id, _)| id)
        .collect();
    Ok(Placed {
        covering,
        completed,
        started,
    })
}

/// Every square that may be covered now, in reading order: the first open letter of
/// each incomplete word. Never empty while some square is open.
pub fn playable(board: &Board, coverage: &Coverage) -> Vec<Square> {
    let mut squares: Vec<Square> = board
        .word_ids()
        .filter_map(|(id, _)| coverage.next_open(board, id))
        .map(|(_, s)| s)
        .collect();
    squares.sort_unstable();
    squares.dedup();
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sheet's examples on one board: JACKET across with WATER down through its A
    /// (backing up), BUZZ across ending on ZEBRA's first Z (a word completed mid-word),
    /// BOAT across and GOAT down ending on one T (two words with one tile).
    const SHEET: &str = "\
.W.....BUZZ....G
JACKET....E....O
.T........B....A
.E........R.BOAT
.R........A.....";

    fn board() -> Board {
        Board::parse(SHEET).expect("board")
    }

    fn c(row: usize, col: usize, letter: char) -> Covering {
        Covering::new(row, col, letter)
    }

    /// Covers squares one at a time, each ruled legal, as if by many turns.
    fn play(b: &Board, cov: &mut Coverage, coverings: &[Covering]) {
        for &one in coverings {
            let placed = rule(b, cov, &[one]).unwrap_or_else(|e| panic!("{one}: {e}"));
            cover(b, cov, &placed);
        }
    }

    fn names(b: &Board, ids: &[WordId]) -> Vec<String> {
        ids.iter()
            .filter_map(|&id| b.word(id))
            .map(|w| w.text().to_string())
            .collect()
    }

    #[test]
    fn the_first_turn_may_cover_the_first_letters_of_two_different_words() {
        let b = board();
        let cov = Coverage::new(&b);
        let placed = rule(&b, &cov, &[c(2, 1, 'J'), c(1, 8, 'B')]).expect("two first letters");
        assert_eq!(names(&b, &placed[0].started), vec!["JACKET"]);
        assert_eq!(names(&b, &placed[1].started), vec!["BUZZ"]);
    }

    #[test]
    fn the_first_turn_may_cover_the_first_two_letters_of_one_word_in_order() {
        let b = board();
        let cov = Coverage::new(&b);
        assert!(rule(&b, &cov, &[c(2, 1, 'J'), c(2, 2, 'A')]).is_ok());
        let e = rule(&b, &cov, &[c(2, 2, 'A'), c(2, 1, 'J')]).expect_err("A before J");
        assert_eq!(
            e,
            PlayError::FirstTurn {
                covering: c(2, 2, 'A')
            }
        );
    }

    #[test]
    fn the_first_turn_refuses_any_other_letter_with_its_own_message() {
        let b = board();
        let cov = Coverage::new(&b);
        let e = rule(&b, &cov, &[c(2, 1, 'J'), c(2, 3, 'C')]).expect_err("J then C");
        assert_eq!(
            e.to_string(),
            "r2c3 C: the first turn covers the first letters of two different words, or the first two letters of one word"
        );
        let e = rule(&b, &cov, &[c(3, 2, 'T')]).expect_err("WATER's T first");
        assert_eq!(
            e,
            PlayError::FirstTurn {
                covering: c(3, 2, 'T')
            }
        );
    }

    #[test]
    fn covering_a_shared_letter_early_means_backing_up_to_the_first_open_letter() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(2, 1, 'J'), c(2, 2, 'A')]);
        let e = rule(&b, &cov, &[c(3, 2, 'T')]).expect_err("T before W");
        assert_eq!(
            e.to_string(),
            "r3c2 T: out of spelling order: WATER's next open letter is W at r1c2"
        );
        assert!(rule(&b, &cov, &[c(1, 2, 'W'), c(3, 2, 'T')]).is_ok());
    }

    #[test]
    fn a_turn_is_judged_in_order_so_its_second_covering_may_follow_its_first() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(1, 8, 'B')]);
        assert!(rule(&b, &cov, &[c(2, 1, 'J'), c(2, 2, 'A')]).is_ok());
        let e = rule(&b, &cov, &[c(2, 2, 'A'), c(2, 1, 'J')]).expect_err("A first");
        assert_eq!(
            e.to_string(),
            "r2c2 A: out of spelling order: JACKET's next open letter is J at r2c1, WATER's is W at r1c2"
        );
    }

    #[test]
    fn a_letter_that_starts_a_word_may_be_covered_before_the_word_it_ends() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(1, 8, 'B')]);
        let placed = rule(&b, &cov, &[c(1, 11, 'Z')]).expect("ZEBRA's Z, BUZZ's last");
        assert_eq!(names(&b, &placed[0].started), vec!["ZEBRA"]);
        assert!(placed[0].completed.is_empty());
    }

    #[test]
    fn a_word_is_complete_when_its_last_open_letter_is_covered_even_mid_word() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(1, 8, 'B'), c(1, 9, 'U'), c(1, 11, 'Z')]);
        let placed = rule(&b, &cov, &[c(1, 10, 'Z')]).expect("the first Z");
        assert_eq!(names(&b, &placed[0].completed), vec!["BUZZ"]);
    }

    #[test]
    fn one_tile_that_ends_an_across_and_a_down_word_completes_both() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(4, 13, 'B'), c(4, 14, 'O'), c(4, 15, 'A')]);
        play(&b, &mut cov, &[c(1, 16, 'G'), c(2, 16, 'O'), c(3, 16, 'A')]);
        let placed = rule(&b, &cov, &[c(4, 16, 'T')]).expect("the shared T");
        assert_eq!(names(&b, &placed[0].completed), vec!["BOAT", "GOAT"]);
    }

    #[test]
    fn each_refusal_names_the_square_and_why() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(2, 1, 'J')]);
        let cases: [(&[Covering], &str); 6] = [
            (
                &[],
                "a turn covers one or two squares: ROW,COLUMN LETTER [ROW,COLUMN LETTER]",
            ),
            (
                &[c(1, 2, 'W'), c(2, 2, 'A'), c(2, 3, 'C')],
                "a turn covers at most 2 squares (two tiles), not 3",
            ),
            (
                &[c(6, 1, 'A')],
                "r6c1 is off the board: it has rows 1-5 and columns 1-16",
            ),
            (
                &[c(1, 1, 'A')],
                "r1c1 is not a square of the board (a . in the board file)",
            ),
            (&[c(2, 1, 'J')], "r2c1 J is already covered"),
            (&[c(2, 2, 'E')], "r2c2 is A, not E"),
        ];
        for (coverings, message) in cases {
            let e = rule(&b, &cov, coverings).expect_err(message);
            assert_eq!(e.to_string(), message);
        }
        let e = rule(&b, &cov, &[c(1, 2, 'W'), c(1, 2, 'W')]).expect_err("twice");
        assert_eq!(e.to_string(), "r1c2 is covered twice in one turn");
    }

    #[test]
    fn a_refused_second_covering_refuses_the_whole_turn_and_covers_nothing() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(2, 1, 'J')]);
        let before = cov.clone();
        assert!(rule(&b, &cov, &[c(2, 2, 'A'), c(2, 4, 'K')]).is_err());
        assert_eq!(cov, before);
    }

    #[test]
    fn lowercase_letters_are_accepted_and_recorded_as_capitals() {
        let b = board();
        let cov = Coverage::new(&b);
        let placed = rule(&b, &cov, &[c(2, 1, 'j')]).expect("j");
        assert_eq!(placed[0].covering, c(2, 1, 'J'));
    }

    #[test]
    fn the_playable_squares_are_each_words_first_open_letter() {
        let b = board();
        let mut cov = Coverage::new(&b);
        let mut starts: Vec<Square> = b.words().iter().map(|w| w.start()).collect();
        starts.sort();
        assert_eq!(playable(&b, &cov), starts);
        play(&b, &mut cov, &[c(2, 1, 'J'), c(2, 2, 'A')]);
        let now = playable(&b, &cov);
        assert!(now.contains(&Square::new(2, 3)));
        assert!(now.contains(&Square::new(1, 2)));
        assert!(!now.contains(&Square::new(3, 2)));
    }
}
