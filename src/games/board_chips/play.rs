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
//! A turn is two tiles, not an ordered list: the scorekeeper rarely knows which tile
//! went down first, so a turn stands when some order of its tiles is legal, and is
//! ruled on in that order (the order typed when both are), each covering on the board
//! as the one before it left it. A refused covering refuses the whole turn. A covering completes every
//! word whose last open letter it was: the across and the down word at once earn two
//! chips, and the square need not be a word's last letter (BUZZ's first Z, when ZEBRA
//! already covered the second). Pure: no I/O.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{Board, Square, WordId};
use crate::contract::{Kind, Refuse};

/// The most coverings in one turn: the sheet's two tiles.
pub(crate) const MAX_COVERINGS: usize = 2;

/// One tile laid on one square: the square and the letter the tile shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Covering {
    #[serde(flatten)]
    pub(crate) square: Square,
    pub(crate) letter: char,
}

impl Covering {
    #[cfg(test)]
    /// A tile showing `letter` on the square at `row`, `col` (counted from 1).
    pub(crate) fn new(row: usize, col: usize, letter: char) -> Covering {
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
pub(crate) struct Waiting {
    pub(crate) word: String,
    pub(crate) letter: char,
    pub(crate) square: Square,
}

/// Why a turn's coverings were refused; nothing was covered. A square is named the
/// way the table reads it and where it is ("B1 of PEBBLE (r6c7)"), so the refusal
/// speaks to whichever way the scorekeeper named it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum PlayError {
    #[error("a turn covers one or two squares: LETTER of WORD, WORD:LETTER or ROW,COLUMN LETTER")]
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
    #[error("{name} is already covered")]
    AlreadyCovered { name: String },
    #[error("{name} is covered twice in one turn")]
    Twice { name: String },
    #[error("{square} is {name}, not {typed}")]
    WrongLetter {
        square: Square,
        name: String,
        typed: char,
    },
    #[error("{name}: out of spelling order: {}", waiting_list(.waiting))]
    OutOfOrder {
        name: String,
        waiting: Vec<Waiting>,
        /// The square refused, for a caller that names it by the word typed.
        square: Square,
    },
    #[error(
        "{name}: the first turn covers the first letters of two different words, or the first two letters of one word"
    )]
    FirstTurn { name: String },
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
pub(crate) struct Coverage {
    covered: Vec<bool>,
    count: usize,
}

impl Coverage {
    /// Nothing covered yet.
    pub(crate) fn new(board: &Board) -> Coverage {
        Coverage {
            covered: vec![false; board.rows() * board.cols()],
            count: 0,
        }
    }

    /// True when a tile lies on `square` (false off the board or where there is none).
    pub(crate) fn is_covered(&self, board: &Board, square: Square) -> bool {
        board
            .index(square)
            .and_then(|i| self.covered.get(i))
            .copied()
            .unwrap_or(false)
    }

    /// How many squares are covered: the tiles on the board.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// True before the first covering: the first turn's rule applies.
    pub(crate) fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The first open letter of word `id` in spelling order, with its position in
    /// the word; `None` when the word is complete.
    pub(crate) fn next_open(&self, board: &Board, id: WordId) -> Option<(usize, Square)> {
        let word = board.word(id)?;
        word.squares()
            .iter()
            .copied()
            .enumerate()
            .find(|&(_, s)| !self.is_covered(board, s))
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
pub(crate) struct Placed {
    pub(crate) covering: Covering,
    /// The words whose next open letter the square was: what made it legal (the
    /// across word first). The table names the square by the first.
    pub(crate) through: Vec<WordId>,
    /// The words this covering completed (their last open letter): one chip each.
    pub(crate) completed: Vec<WordId>,
    /// The words whose first letter this covering covered, complete or not.
    pub(crate) started: Vec<WordId>,
}

/// "B1 of PEBBLE (r6c7)": a square as refusals name it; its place alone where the board
/// has no square.
pub(crate) fn named(board: &Board, square: Square) -> String {
    board
        .name(square, None)
        .map_or_else(|| square.to_string(), |n| n.at())
}

/// Rules on one turn's coverings: in the order given, or, when that order is refused,
/// in the other (a turn is two tiles, not an ordered list). On success, returns what
/// each covering did, in the order it stands; `coverage` is not changed (see
/// [`cover`]). When no order stands, the refusal is the one that got furthest (the
/// typed order's on a tie): a tile refused even after the other is down.
pub(crate) fn rule(
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
    if let [a, b] = coverings
        && a.square == b.square
    {
        return Err(PlayError::Twice {
            name: named(board, a.square),
        });
    }
    let (typed, reached) = match in_order(board, coverage, coverings) {
        Ok(placed) => return Ok(placed),
        Err(refused) => refused,
    };
    let [a, b] = coverings else {
        return Err(typed);
    };
    match in_order(board, coverage, &[*b, *a]) {
        Ok(placed) => Ok(placed),
        Err((other, further)) if further > reached => Err(other),
        Err(_) => Err(typed),
    }
}

/// Rules on coverings in the order given; a refusal comes with how many coverings
/// stood before it.
fn in_order(
    board: &Board,
    coverage: &Coverage,
    coverings: &[Covering],
) -> Result<Vec<Placed>, (PlayError, usize)> {
    let first_turn = coverage.is_empty();
    let mut after = coverage.clone();
    let mut placed = Vec::with_capacity(coverings.len());
    for (i, &covering) in coverings.iter().enumerate() {
        placed.push(rule_one(board, &after, covering, first_turn).map_err(|e| (e, i))?);
        after.cover(board, covering.square);
    }
    Ok(placed)
}

/// Covers the squares of a turn that [`rule`] accepted.
pub(crate) fn cover(board: &Board, coverage: &mut Coverage, placed: &[Placed]) {
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
        return Err(PlayError::AlreadyCovered {
            name: named(board, square),
        });
    }
    let typed = covering.letter.to_ascii_uppercase();
    if typed != letter {
        return Err(PlayError::WrongLetter {
            square,
            name: board
                .name(square, None)
                .map_or_else(|| letter.to_string(), |n| n.to_string()),
            typed,
        });
    }
    let covering = Covering { square, letter };
    let mut waiting = Vec::new();
    let mut through = Vec::new();
    for (id, _) in board.words_at(square) {
        let (Some(word), Some((position, open))) = (board.word(id), coverage.next_open(board, id))
        else {
            continue;
        };
        if open == square {
            through.push(id);
        } else {
            waiting.push(Waiting {
                word: board.label(id),
                letter: word.letter(position).unwrap_or('?'),
                square: open,
            });
        }
    }
    if through.is_empty() {
        let name = named(board, square);
        return Err(if first_turn {
            PlayError::FirstTurn { name }
        } else {
            PlayError::OutOfOrder {
                name,
                waiting,
                square,
            }
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
        through,
        completed,
        started,
    })
}

/// Every square that may be covered now, in reading order: the first open letter of
/// each incomplete word. Never empty while some square is open.
pub(crate) fn playable(board: &Board, coverage: &Coverage) -> Vec<Square> {
    playable_through(board, coverage)
        .into_iter()
        .map(|(s, _)| s)
        .collect()
}

/// [`playable`], each square with the words whose next open letter it is (the across
/// word first).
pub(crate) fn playable_through(board: &Board, coverage: &Coverage) -> Vec<(Square, Vec<WordId>)> {
    let mut squares: Vec<(Square, WordId)> = board
        .word_ids()
        .filter_map(|(id, _)| coverage.next_open(board, id).map(|(_, s)| (s, id)))
        .collect();
    squares.sort_unstable();
    let mut out: Vec<(Square, Vec<WordId>)> = Vec::with_capacity(squares.len());
    for (square, id) in squares {
        match out.last_mut() {
            Some((last, ids)) if *last == square => ids.push(id),
            _ => out.push((square, vec![id])),
        }
    }
    out
}

/// Every square a tile could cover this turn, first or second: each word's next open
/// letter and the open letter after it (which the other tile of the turn may open up),
/// in reading order. What a letter named alone is looked for among.
pub(crate) fn reachable(board: &Board, coverage: &Coverage) -> Vec<Square> {
    let mut squares: Vec<Square> = board
        .word_ids()
        .flat_map(|(_, w)| {
            w.squares()
                .iter()
                .copied()
                .filter(|&s| !coverage.is_covered(board, s))
                .take(2)
        })
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

    /// The squares of placed coverings, in the order they stand.
    fn squares(placed: &[Placed]) -> Vec<Square> {
        placed.iter().map(|p| p.covering.square).collect()
    }

    #[test]
    fn the_first_turn_may_cover_the_first_two_letters_of_one_word_typed_in_either_order() {
        let b = board();
        let cov = Coverage::new(&b);
        let typed = rule(&b, &cov, &[c(2, 1, 'J'), c(2, 2, 'A')]).expect("J then A");
        let other = rule(&b, &cov, &[c(2, 2, 'A'), c(2, 1, 'J')]).expect("A, J: J first");
        assert_eq!(squares(&typed), vec![Square::new(2, 1), Square::new(2, 2)]);
        assert_eq!(
            squares(&other),
            squares(&typed),
            "ruled in the order that stands"
        );
        assert_eq!(names(&b, &other[0].started), vec!["JACKET"]);
    }

    #[test]
    fn the_first_turn_refuses_any_other_letter_with_its_own_message() {
        let b = board();
        let cov = Coverage::new(&b);
        let e = rule(&b, &cov, &[c(2, 1, 'J'), c(2, 3, 'C')]).expect_err("J then C");
        assert_eq!(
            e.to_string(),
            "C of JACKET (r2c3): the first turn covers the first letters of two different words, or the first two letters of one word"
        );
        let e = rule(&b, &cov, &[c(3, 2, 'T')]).expect_err("WATER's T first");
        assert_eq!(
            e,
            PlayError::FirstTurn {
                name: "T of WATER (r3c2)".into()
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
            "T of WATER (r3c2): out of spelling order: WATER's next open letter is W at r1c2"
        );
        assert!(rule(&b, &cov, &[c(1, 2, 'W'), c(3, 2, 'T')]).is_ok());
    }

    #[test]
    fn a_turn_stands_when_some_order_of_its_tiles_is_legal_and_is_ruled_in_that_order() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(1, 8, 'B')]);
        let typed = rule(&b, &cov, &[c(2, 1, 'J'), c(2, 2, 'A')]).expect("J, A");
        let other = rule(&b, &cov, &[c(2, 2, 'A'), c(2, 1, 'J')]).expect("A, J");
        assert_eq!(typed, other);
        assert_eq!(squares(&other), vec![Square::new(2, 1), Square::new(2, 2)]);
        // A lone A of JACKET is still out of order: the turn's other tile is what opens it.
        let e = rule(&b, &cov, &[c(2, 2, 'A')]).expect_err("A alone");
        assert_eq!(
            e.to_string(),
            "A of JACKET (r2c2): out of spelling order: JACKET's next open letter is J at r2c1, WATER's is W at r1c2"
        );
    }

    #[test]
    fn when_no_order_stands_the_refusal_is_the_tile_refused_even_after_the_other() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(1, 8, 'B')]);
        // T of WATER waits for W however the turn is typed; J stands alone.
        for turn in [[c(3, 2, 'T'), c(2, 1, 'J')], [c(2, 1, 'J'), c(3, 2, 'T')]] {
            let e = rule(&b, &cov, &turn).expect_err("T before W");
            assert_eq!(
                e.to_string(),
                "T of WATER (r3c2): out of spelling order: WATER's next open letter is W at r1c2"
            );
        }
        // Neither stands first: the typed order's refusal.
        let e = rule(&b, &cov, &[c(3, 2, 'T'), c(4, 2, 'E')]).expect_err("both wait");
        assert!(e.to_string().starts_with("T of WATER (r3c2)"), "{e}");
    }

    /// When neither order stands, the refusal is of the order that got further: it
    /// says what the tile waits for once the other is down (the W of WATER typed after
    /// its T: the T then waits for the A, not the W).
    #[test]
    fn when_neither_order_stands_the_one_that_got_further_is_told() {
        let b = board();
        let mut cov = Coverage::new(&b);
        play(&b, &mut cov, &[c(1, 8, 'B')]);
        let e = rule(&b, &cov, &[c(3, 2, 'T'), c(1, 2, 'W')]).expect_err("T waits for A");
        assert_eq!(
            e.to_string(),
            "T of WATER (r3c2): out of spelling order: WATER's next open letter is A at r2c2"
        );
    }

    /// A turn with no tiles is a typing slip, not a ruling on the board.
    #[test]
    fn a_turn_of_no_tiles_is_bad_input_and_a_misplaced_tile_a_rule() {
        let b = board();
        let cov = Coverage::new(&b);
        let e = rule(&b, &cov, &[]).expect_err("no tiles");
        assert_eq!(e, PlayError::NoCoverings);
        assert_eq!(e.kind(), Kind::BadInput);
        let e = rule(&b, &cov, &[c(3, 2, 'T')]).expect_err("WATER's T first");
        assert_eq!(e.kind(), Kind::Rule);
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
                "a turn covers one or two squares: LETTER of WORD, WORD:LETTER or ROW,COLUMN LETTER",
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
            (&[c(2, 1, 'J')], "J of JACKET (r2c1) is already covered"),
            (&[c(2, 2, 'E')], "r2c2 is A of JACKET, not E"),
        ];
        for (coverings, message) in cases {
            let e = rule(&b, &cov, coverings).expect_err(message);
            assert_eq!(e.to_string(), message);
        }
        let e = rule(&b, &cov, &[c(1, 2, 'W'), c(1, 2, 'W')]).expect_err("twice");
        assert_eq!(
            e.to_string(),
            "W of WATER (r1c2) is covered twice in one turn"
        );
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
