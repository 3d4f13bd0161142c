//! A board-chips board: the letters printed on the gameboard, read from a plain text
//! file, and every across and down word they spell.
//!
//! The file format, decided here once:
//!
//! - one line a row of the board, top to bottom; in a row, one character a column:
//!   a letter is a square printed with that letter, `.` is no square;
//! - letters are A-Z; lowercase is read as the same capital (the board prints capitals,
//!   people type lowercase);
//! - a short row is padded with no squares to the board's width (trailing dots may be
//!   left out); spaces and tabs at the end of a row are ignored, anywhere else they are
//!   refused (a space is not a `.`, and guessing would move letters);
//! - a byte-order mark at the start and Windows line ends (CRLF) are accepted; blank
//!   lines may end the file but not start it or come between rows, where they would
//!   shift every row number after them;
//! - at most [`MAX_SIDE`] rows and [`MAX_SIDE`] columns;
//! - a word is a run of two or more letters across or down; every letter must belong to
//!   one (a letter standing alone could never be covered, so the game could never end:
//!   a real board has none, and a file with one is refused).
//!
//! Rows and columns are numbered from 1, as people count them. Pure: no I/O.

use std::fmt;

use crate::contract::{Kind, Refuse};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most rows, and the most columns, a board may have: twice a printed board's
/// side and more, yet small enough that its drawing fits a terminal.
pub(crate) const MAX_SIDE: usize = 40;

/// The largest board file worth reading (for the caller that reads it): a full
/// [`MAX_SIDE`] board with CRLF line ends is under 2 KB, so this leaves room for
/// trailing spaces and still refuses a file named by mistake.
pub(crate) const MAX_FILE_BYTES: u64 = 64 * 1024;

/// Why a board file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum BoardError {
    #[error(
        "the board has no words: write its rows as letters, . where there is no square; a word is two or more letters in a row or column"
    )]
    NoWords,
    #[error(
        "row {row}, column {col}: {found:?} is not a letter A-Z or . (a board is rows of letters, . where there is no square)"
    )]
    BadCharacter { row: usize, col: usize, found: char },
    #[error(
        "line {line} is blank: blank lines may only end the file (write a row without squares as dots)"
    )]
    BlankLine { line: usize },
    #[error("the board has more than {MAX_SIDE} rows: a board is at most {MAX_SIDE} by {MAX_SIDE}")]
    TooManyRows,
    #[error("row {row} is {width} columns wide: a board is at most {MAX_SIDE} by {MAX_SIDE}")]
    TooWide { row: usize, width: usize },
    #[error(
        "{square} {letter} stands alone: it belongs to no word of two or more letters, so it could never be covered"
    )]
    LoneLetter { square: Square, letter: char },
}

/// A board file that does not read is bad input.
impl Refuse for BoardError {
    fn kind(&self) -> Kind {
        Kind::BadInput
    }
}

/// A square's place on the board, counted from 1 like the rows and columns people
/// read off it. Shown as `r3c4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub(crate) struct Square {
    pub(crate) row: usize,
    pub(crate) col: usize,
}

impl Square {
    /// The square at `row`, `col`, both counted from 1.
    pub(crate) const fn new(row: usize, col: usize) -> Square {
        Square { row, col }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

/// Which way a word reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Direction {
    Across,
    Down,
}

impl Direction {
    /// "across", "down".
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
        }
    }
}

/// Names one word of a board: its place in [`Board::words`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct WordId(usize);

/// One across or down word: its letters and the squares they are printed on, in
/// spelling order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Word {
    text: String,
    squares: Vec<Square>,
    direction: Direction,
}

impl Word {
    /// The word in capitals: "MAPLE".
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Its squares in spelling order (never fewer than two).
    pub(crate) fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Across or down.
    pub(crate) fn direction(&self) -> Direction {
        self.direction
    }

    /// The square of its first letter.
    pub(crate) fn start(&self) -> Square {
        self.squares.first().copied().unwrap_or(Square::new(0, 0))
    }

    /// How many letters it has: the coverings it takes.
    #[cfg(feature = "cli")]
    pub(crate) fn len(&self) -> usize {
        self.squares.len()
    }

    #[cfg(test)]
    /// Never true for a word of a parsed board (it has two letters or more).
    pub(crate) fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The letter at position `i` of the word, in spelling order.
    pub(crate) fn letter(&self, i: usize) -> Option<char> {
        self.text.as_bytes().get(i).map(|&b| char::from(b))
    }

    /// Where it is, for people: "across from r5c3".
    pub(crate) fn place(&self) -> String {
        format!("{} from {}", self.direction.as_str(), self.start())
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A parsed board: its letters and its words, with, for each square, the (at most
/// two) words through it.
///
/// Serialized as its rows of text (capitals and dots, padded to the board's width),
/// so a session header holds the board as it was when the game began and reads like
/// the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
pub(crate) struct Board {
    rows: usize,
    cols: usize,
    /// Row-major, `rows * cols`: the letter printed on each square (`b'A'..=b'Z'`).
    letters: Vec<Option<u8>>,
    words: Vec<Word>,
    /// Row-major: the across word and the down word through each square, each with
    /// the square's position in it.
    through: Vec<[Option<(WordId, usize)>; 2]>,
    squares: usize,
    /// Per word: it is the `k`th (from 1) of `n` words spelled alike (two ARMs), in the
    /// order of [`Board::words`], so `ARM2` can name the second.
    twins: Vec<(usize, usize)>,
}

impl Board {
    /// Parses a board file (see the module documentation for the format).
    pub(crate) fn parse(text: &str) -> Result<Board, BoardError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut rows: Vec<Vec<Option<u8>>> = Vec::new();
        let mut blank: Option<usize> = None;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end_matches([' ', '\t', '\r']);
            if line.is_empty() {
                blank.get_or_insert(i + 1);
                continue;
            }
            if let Some(line) = blank {
                return Err(BoardError::BlankLine { line });
            }
            if rows.len() == MAX_SIDE {
                return Err(BoardError::TooManyRows);
            }
            rows.push(parse_row(line, rows.len() + 1)?);
        }
        Board::from_rows(rows)
    }

    fn from_rows(rows: Vec<Vec<Option<u8>>>) -> Result<Board, BoardError> {
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        let height = rows.len();
        let mut letters = Vec::with_capacity(height * cols);
        for row in rows {
            let pad = cols - row.len();
            letters.extend(row);
            letters.extend(std::iter::repeat_n(None, pad));
        }
        let squares = letters.iter().flatten().count();
        if squares == 0 {
            return Err(BoardError::NoWords);
        }
        let mut board = Board {
            rows: height,
            cols,
            letters,
            words: Vec::new(),
            through: vec![[None, None]; height * cols],
            squares,
            twins: Vec::new(),
        };
        board.read_words();
        board.twins = board
            .words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let alike = |o: &&Word| o.text == w.text;
                let k = board
                    .words
                    .get(..i)
                    .unwrap_or_default()
                    .iter()
                    .filter(alike)
                    .count();
                (k + 1, board.words.iter().filter(alike).count())
            })
            .collect();
        if let Some(i) = board
            .through
            .iter()
            .zip(&board.letters)
            .position(|(through, letter)| letter.is_some() && through.iter().all(Option::is_none))
        {
            let square = board.square_of(i);
            let letter = board
                .letters
                .get(i)
                .copied()
                .flatten()
                .map_or('?', char::from);
            return Err(BoardError::LoneLetter { square, letter });
        }
        Ok(board)
    }

    /// Finds every run of two or more letters, across words first, each in reading
    /// order, and notes each square's words.
    fn read_words(&mut self) {
        for direction in [Direction::Across, Direction::Down] {
            let (lines, along) = match direction {
                Direction::Across => (self.rows, self.cols),
                Direction::Down => (self.cols, self.rows),
            };
            for line in 0..lines {
                let mut run: Vec<usize> = Vec::new();
                for step in 0..=along {
                    let cell = match direction {
                        Direction::Across => (step < along).then(|| line * self.cols + step),
                        Direction::Down => (step < along).then(|| step * self.cols + line),
                    };
                    match cell.filter(|&i| matches!(self.letters.get(i), Some(Some(_)))) {
                        Some(i) => run.push(i),
                        None => {
                            if run.len() >= 2 {
                                self.add_word(direction, &run);
                            }
                            run.clear();
                        }
                    }
                }
            }
        }
    }

    fn add_word(&mut self, direction: Direction, cells: &[usize]) {
        let id = WordId(self.words.len());
        let slot = match direction {
            Direction::Across => 0,
            Direction::Down => 1,
        };
        let mut text = String::with_capacity(cells.len());
        for (position, &i) in cells.iter().enumerate() {
            if let Some(Some(letter)) = self.letters.get(i) {
                text.push(char::from(*letter));
            }
            if let Some(through) = self.through.get_mut(i) {
                through[slot] = Some((id, position));
            }
        }
        let squares = cells.iter().map(|&i| self.square_of(i)).collect();
        self.words.push(Word {
            text,
            squares,
            direction,
        });
    }

    /// The square at row-major cell index `i`.
    fn square_of(&self, i: usize) -> Square {
        let cols = self.cols.max(1);
        Square::new(i / cols + 1, i % cols + 1)
    }

    /// The row-major cell index of `square`, if it is within the board's bounds.
    pub(super) fn index(&self, square: Square) -> Option<usize> {
        let in_bounds =
            (1..=self.rows).contains(&square.row) && (1..=self.cols).contains(&square.col);
        in_bounds.then(|| (square.row - 1) * self.cols + (square.col - 1))
    }

    /// How many rows the board has (including rows without squares).
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// How many columns the board has: its widest row.
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    /// How many squares (letters) the board has: the coverings a whole game takes.
    pub(crate) fn square_count(&self) -> usize {
        self.squares
    }

    /// The letter printed at `square`; `None` off the board or where there is no square.
    pub(crate) fn letter(&self, square: Square) -> Option<char> {
        let i = self.index(square)?;
        self.letters.get(i).copied().flatten().map(char::from)
    }

    /// True when `square` lies within the board's rows and columns (a square or not).
    pub(crate) fn contains(&self, square: Square) -> bool {
        self.index(square).is_some()
    }

    /// Every word, across words first, each group in reading order.
    pub(crate) fn words(&self) -> &[Word] {
        &self.words
    }

    /// Every word with its id, in the order of [`Board::words`].
    pub(crate) fn word_ids(&self) -> impl Iterator<Item = (WordId, &Word)> {
        self.words.iter().enumerate().map(|(i, w)| (WordId(i), w))
    }

    /// The word named by `id` (ids come from this board).
    pub(crate) fn word(&self, id: WordId) -> Option<&Word> {
        self.words.get(id.0)
    }

    /// The words through `square` (the across one first), each with the square's
    /// position in it: none off the board, one or two on a square.
    pub(crate) fn words_at(&self, square: Square) -> impl Iterator<Item = (WordId, usize)> + '_ {
        self.index(square)
            .and_then(|i| self.through.get(i))
            .into_iter()
            .flatten()
            .flatten()
            .copied()
    }

    /// Every square with its letter, in reading order.
    pub(crate) fn squares(&self) -> impl Iterator<Item = (Square, char)> + '_ {
        self.letters
            .iter()
            .enumerate()
            .filter_map(|(i, l)| l.map(|l| (self.square_of(i), char::from(l))))
    }

    /// The board as rows of text: capitals, `.` where there is no square, every row
    /// as wide as the board. Parsing them gives this board back.
    pub(crate) fn to_rows(&self) -> Vec<String> {
        self.letters
            .chunks(self.cols.max(1))
            .map(|row| {
                row.iter()
                    .map(|l| l.map_or('.', char::from))
                    .collect::<String>()
            })
            .collect()
    }

    /// How people name word `id`: its letters, and when the board has two words spelled
    /// alike, which one it is in the order of [`Board::words`] (`ARM2`).
    pub(crate) fn label(&self, id: WordId) -> String {
        let Some(word) = self.word(id) else {
            return String::new();
        };
        match self.twins.get(id.0) {
            Some(&(k, n)) if n > 1 => format!("{}{k}", word.text),
            _ => word.text.clone(),
        }
    }

    /// The words spelled `text` (any case), in the order of [`Board::words`].
    pub(crate) fn words_spelled(&self, text: &str) -> Vec<WordId> {
        self.word_ids()
            .filter(|(_, w)| w.text.eq_ignore_ascii_case(text))
            .map(|(id, _)| id)
            .collect()
    }

    #[cfg(feature = "cli")]
    /// How many squares show each letter, A to Z: the tiles a table needs for this
    /// board, one a square.
    pub(crate) fn letter_counts(&self) -> [usize; 26] {
        let mut counts = [0; 26];
        for &l in self.letters.iter().flatten() {
            if let Some(c) = counts.get_mut(usize::from(l.wrapping_sub(b'A'))) {
                *c += 1;
            }
        }
        counts
    }

    /// A square named the way the table reads it: its letter, which of that letter it is
    /// when the word has it more than once (`B2`), the word (`first` when it runs
    /// through the square, else the across one) and the other word through it:
    /// "C of JACKET", "B2 of PEBBLE", "T of BOAT and GOAT". `None` where there is no
    /// square.
    pub(crate) fn name(&self, square: Square, first: Option<WordId>) -> Option<SquareName> {
        let letter = self.letter(square)?;
        let through: Vec<(WordId, usize)> = self.words_at(square).collect();
        let &(id, position) = first
            .and_then(|f| through.iter().find(|(id, _)| *id == f))
            .or_else(|| through.first())?;
        let word = self.word(id)?;
        let before = word.text.bytes().take(position + 1);
        let nth = before.filter(|&b| char::from(b) == letter).count();
        let repeated = word.text.chars().filter(|&c| c == letter).count() > 1;
        Some(SquareName {
            square,
            letter,
            nth: repeated.then_some(nth),
            word: self.label(id),
            also: through
                .iter()
                .find(|(other, _)| *other != id)
                .map(|&(other, _)| self.label(other)),
        })
    }

    /// One line for a banner: "15 by 15, 101 squares, 31 words".
    pub(crate) fn summary(&self) -> String {
        format!(
            "{} by {}, {}, {}",
            self.rows,
            self.cols,
            crate::text::count(self.squares as i64, "square", "squares"),
            crate::text::count(self.words.len() as i64, "word", "words")
        )
    }
}

/// A square as the table names it ([`Board::name`]). Shown as "C of JACKET",
/// "B2 of PEBBLE" or, with [`SquareName::both`], "T of BOAT and GOAT"; with
/// [`SquareName::at`], "C of JACKET (r2c3)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SquareName {
    pub(crate) square: Square,
    pub(crate) letter: char,
    /// Which of its word's letters alike it is (from 1), when the word has more than one.
    pub(crate) nth: Option<usize>,
    /// The word it is named by, as [`Board::label`] gives it.
    pub(crate) word: String,
    /// The other word through the square, if one.
    pub(crate) also: Option<String>,
}

impl SquareName {
    /// "T of BOAT and GOAT": the name and the other word through the square.
    pub(crate) fn both(&self) -> String {
        match &self.also {
            Some(also) => format!("{self} and {also}"),
            None => self.to_string(),
        }
    }

    /// "C of JACKET (r2c3)": the name and where it is, for a refusal a scorekeeper may
    /// check on the board by either.
    pub(crate) fn at(&self) -> String {
        format!("{self} ({})", self.square)
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.nth {
            Some(n) => write!(f, "{}{n} of {}", self.letter, self.word),
            None => write!(f, "{} of {}", self.letter, self.word),
        }
    }
}

/// Reads one row's characters; `row` is its number, for messages.
fn parse_row(line: &str, row: usize) -> Result<Vec<Option<u8>>, BoardError> {
    let mut cells = Vec::new();
    for (i, c) in line.chars().enumerate() {
        if i == MAX_SIDE {
            return Err(BoardError::TooWide {
                row,
                width: line.chars().count(),
            });
        }
        cells.push(match c {
            'A'..='Z' | 'a'..='z' => Some(c.to_ascii_uppercase() as u8),
            '.' => None,
            found => {
                return Err(BoardError::BadCharacter {
                    row,
                    col: i + 1,
                    found,
                });
            }
        });
    }
    Ok(cells)
}

impl From<Board> for Vec<String> {
    fn from(board: Board) -> Vec<String> {
        board.to_rows()
    }
}

impl TryFrom<Vec<String>> for Board {
    type Error = BoardError;

    fn try_from(rows: Vec<String>) -> Result<Board, BoardError> {
        Board::parse(&rows.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::parse(text).expect("a board")
    }

    fn texts(b: &Board) -> Vec<(&str, Direction, String)> {
        b.words()
            .iter()
            .map(|w| (w.text(), w.direction(), w.start().to_string()))
            .collect()
    }

    #[test]
    fn every_run_of_two_or_more_letters_is_a_word_across_first() {
        let b = board("JACKET\nA....A\nM..BOX");
        assert_eq!(
            texts(&b),
            vec![
                ("JACKET", Direction::Across, "r1c1".into()),
                ("BOX", Direction::Across, "r3c4".into()),
                ("JAM", Direction::Down, "r1c1".into()),
                ("TAX", Direction::Down, "r1c6".into()),
            ]
        );
        assert_eq!(b.square_count(), 12);
        assert_eq!((b.rows(), b.cols()), (3, 6));
    }

    #[test]
    fn a_word_lists_its_squares_in_spelling_order() {
        let b = board("..C\n..A\nBAT");
        let cat = &b.words()[1];
        assert_eq!(cat.text(), "CAT");
        assert_eq!(
            cat.squares(),
            &[Square::new(1, 3), Square::new(2, 3), Square::new(3, 3)]
        );
        assert_eq!(cat.place(), "down from r1c3");
        assert_eq!(cat.to_string(), "CAT");
        assert_eq!((cat.len(), cat.is_empty()), (3, false));
        assert_eq!(cat.letter(2), Some('T'));
        assert_eq!(cat.letter(3), None);
    }

    #[test]
    fn a_shared_square_belongs_to_its_across_and_its_down_word() {
        let b = board("..C\n..A\nBAT");
        let at: Vec<(&str, usize)> = b
            .words_at(Square::new(3, 3))
            .map(|(id, i)| (b.word(id).map_or("", Word::text), i))
            .collect();
        assert_eq!(at, vec![("BAT", 2), ("CAT", 2)]);
        assert_eq!(b.words_at(Square::new(1, 1)).count(), 0);
        assert_eq!(b.words_at(Square::new(9, 9)).count(), 0);
    }

    #[test]
    fn lowercase_is_read_as_capitals_and_short_rows_are_padded() {
        let b = board("cat\nA\nb");
        assert_eq!(b.to_rows(), vec!["CAT", "A..", "B.."]);
        assert_eq!(b.letter(Square::new(1, 1)), Some('C'));
        assert_eq!(b.letter(Square::new(2, 2)), None);
        assert_eq!(b.letter(Square::new(0, 1)), None);
    }

    #[test]
    fn a_bom_crlf_trailing_spaces_and_trailing_blank_lines_are_accepted() {
        let b = board("\u{feff}CAT  \r\nA.\t\r\nB\r\n\r\n  \n");
        assert_eq!(b.to_rows(), vec!["CAT", "A..", "B.."]);
    }

    #[test]
    fn a_blank_line_before_or_between_rows_is_refused_by_line() {
        assert_eq!(
            Board::parse("CAT\n\nAT"),
            Err(BoardError::BlankLine { line: 2 })
        );
        assert_eq!(
            Board::parse("\nCAT"),
            Err(BoardError::BlankLine { line: 1 })
        );
    }

    #[test]
    fn a_character_that_is_not_a_letter_or_dot_is_named_with_its_row_and_column() {
        let e = Board::parse("CAT\nA 1").expect_err("space");
        assert_eq!(
            e,
            BoardError::BadCharacter {
                row: 2,
                col: 2,
                found: ' '
            }
        );
        assert_eq!(
            e.to_string(),
            "row 2, column 2: ' ' is not a letter A-Z or . (a board is rows of letters, . where there is no square)"
        );
        assert_eq!(
            Board::parse("CAFÉ"),
            Err(BoardError::BadCharacter {
                row: 1,
                col: 4,
                found: 'É'
            })
        );
    }

    #[test]
    fn a_board_without_letters_has_no_words() {
        for text in ["", "\u{feff}", "...\n...", "\n\n"] {
            assert_eq!(Board::parse(text), Err(BoardError::NoWords), "{text:?}");
        }
    }

    #[test]
    fn a_letter_standing_alone_is_refused_because_it_could_never_be_covered() {
        let e = Board::parse("CAT\n...\n.X.").expect_err("lone X");
        assert_eq!(
            e,
            BoardError::LoneLetter {
                square: Square::new(3, 2),
                letter: 'X'
            }
        );
        assert!(e.to_string().starts_with("r3c2 X stands alone"));
        assert_eq!(
            Board::parse("A"),
            Err(BoardError::LoneLetter {
                square: Square::new(1, 1),
                letter: 'A'
            })
        );
    }

    #[test]
    fn a_board_beyond_the_size_limit_is_refused() {
        let wide = "A".repeat(MAX_SIDE + 1);
        assert_eq!(
            Board::parse(&wide),
            Err(BoardError::TooWide {
                row: 1,
                width: MAX_SIDE + 1
            })
        );
        let tall = "AB\n".repeat(MAX_SIDE + 1);
        assert_eq!(Board::parse(&tall), Err(BoardError::TooManyRows));
        let largest = format!("{}\n", "A".repeat(MAX_SIDE)).repeat(MAX_SIDE);
        assert_eq!(board(&largest).words().len(), 2 * MAX_SIDE);
    }

    #[test]
    fn a_board_serializes_as_its_rows_and_reads_back_the_same() {
        let b = board("cat\nA\nB  ");
        let json = serde_json::to_string(&b).expect("json");
        assert_eq!(json, r#"["CAT","A..","B.."]"#);
        let back: Board = serde_json::from_str(&json).expect("back");
        assert_eq!(back, b);
        let bad: Result<Board, _> = serde_json::from_str(r#"["C#T"]"#);
        assert!(bad.is_err());
    }

    #[test]
    fn a_square_is_named_by_its_letter_and_word_and_a_repeated_letter_by_which_it_is() {
        let b = board("PEBBLE\nA....A\nT...BT");
        let name = |r, c| b.name(Square::new(r, c), None).expect("a square");
        assert_eq!(name(1, 1).to_string(), "P of PEBBLE");
        assert_eq!(name(1, 1).both(), "P of PEBBLE and PAT");
        assert_eq!(name(1, 3).to_string(), "B1 of PEBBLE");
        assert_eq!(name(1, 4).at(), "B2 of PEBBLE (r1c4)");
        assert_eq!(name(1, 6).to_string(), "E2 of PEBBLE");
        let down = b.words_spelled("eat")[0];
        assert_eq!(
            b.name(Square::new(1, 6), Some(down))
                .expect("E of EAT")
                .both(),
            "E of EAT and PEBBLE"
        );
        assert_eq!(b.name(Square::new(2, 2), None), None);
    }

    #[test]
    fn words_spelled_alike_are_labelled_by_their_order_on_the_board() {
        let b = board("ARM.\nR..A\nM..R\n...M");
        let arms = b.words_spelled("Arm");
        assert_eq!(arms.len(), 3);
        let labels: Vec<String> = arms.iter().map(|&id| b.label(id)).collect();
        assert_eq!(labels, vec!["ARM1", "ARM2", "ARM3"]);
        assert_eq!(
            b.name(Square::new(3, 4), None).expect("R").to_string(),
            "R of ARM3"
        );
        let single = board("CAT\nA..\nB..");
        assert_eq!(single.label(single.words_spelled("CAT")[0]), "CAT");
    }

    #[test]
    fn the_letter_counts_are_the_tiles_a_board_needs() {
        let b = board("PEBBLE\nA....A\nT...BT");
        let counts = b.letter_counts();
        assert_eq!(counts.iter().sum::<usize>(), b.square_count());
        assert_eq!(counts[usize::from(b'B' - b'A')], 3);
        assert_eq!(counts[usize::from(b'T' - b'A')], 2);
        assert_eq!(counts[usize::from(b'Z' - b'A')], 0);
    }
}
