//! How a scorekeeper names the squares of a turn, the way a printed board reads: by the
//! word and the letter printed there, by the letter alone, or by row and column.
//!
//! - `C of JACKET` or `JACKET:C` (any case; `the C of JACKET` too): the square of
//!   JACKET that holds C. When
//!   the word has the letter more than once, the next one still open in spelling order
//!   (a second tile naming it in the same line takes the one after), or the one said:
//!   `C2 of JACKET`, `JACKET:C2`. A word the board has twice is named with which one
//!   (`ARM2:A`), numbered in the order `umpire board` and `where` list them; naming it
//!   without is refused, listing them. `E of MAPLE and PEBBLE` names the square of both
//!   (the second word is checked, not needed).
//! - `C` alone: the one square a C may cover this turn. When several could, the turn
//!   is refused with the squares it could be (`C of JACKET or C of CANDY`), so the
//!   scorekeeper says which.
//! - `3,4 C` or `r3c4 C`: row and column from 1, as `table` labels them.
//!
//! Two tiles go in one line, in any of these forms, with or without a comma or `and`
//! between them (`JACKET:C BOAT:B`, `C of JACKET, B of BOAT`). What the line names is
//! then ruled on as a turn ([`play::rule`]), in whichever order of its tiles stands.
//! The events keep squares as row and column: a name is input, never stored. Pure: no
//! I/O.

use thiserror::Error;

use super::board::{Board, Square, WordId};
use super::play::{self, Coverage, Covering, MAX_COVERINGS, PlayError};
use crate::contract::{Kind, Refuse};

/// The most squares a refusal lists for a letter that could be any of them.
const LISTED: usize = 6;

/// The most squares a refusal explains, for a letter no square may take now.
const EXPLAINED: usize = 3;

/// Why the squares a line names could not be told, or could not be covered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum NameError {
    #[error(
        "name the tiles of a turn: LETTER of WORD (C of JACKET), WORD:LETTER (JACKET:C), the LETTER alone when only one square may take it, or ROW,COLUMN LETTER"
    )]
    Nothing,
    #[error("a turn covers at most two squares (two tiles): {text} would be a third")]
    Third { text: String },
    #[error(
        "{text} is not a square: name it LETTER of WORD (C of JACKET), WORD:LETTER (JACKET:C), by its LETTER alone, or ROW,COLUMN LETTER counting from 1 (3,4 C)"
    )]
    Unreadable { text: String },
    #[error("{text} is not a square: write ROW,COLUMN counting from 1, e.g. 3,4 (or r3c4)")]
    BadSquare { text: String },
    #[error("{word}: which letter of it? e.g. {example}")]
    NoLetter { word: String, example: String },
    #[error("{square} needs the letter on the tile after it, e.g. {},{} T", .square.row, .square.col)]
    NoSquareLetter { square: Square },
    #[error("{text} is not a letter: each square is followed by one letter A-Z")]
    BadLetter { text: String },
    #[error("no word {word} on the board{}", did_you_mean(.near))]
    NoSuchWord { word: String, near: Option<String> },
    #[error("{word} is on the board {count} times: {list}; say which, e.g. {example}")]
    WhichWord {
        word: String,
        count: usize,
        list: String,
        example: String,
    },
    #[error("the board has {count} {word}s, {list}: there is no {word}{which}")]
    NoSuchTwin {
        word: String,
        count: usize,
        which: usize,
        list: String,
    },
    #[error("{word} has no {letter}")]
    NotInWord { word: String, letter: char },
    #[error("{} already covered{}", covered_squares(.word, *.letter, .squares), next_of(.word, .next))]
    AllCovered {
        word: String,
        letter: char,
        squares: Vec<Square>,
        /// The word's next open letter and its square, `None` when it is complete.
        next: Option<(char, Square)>,
    },
    #[error("{word} has {}: there is no {letter}{which}", count_of(*.count, .letter))]
    NoSuchLetter {
        word: String,
        letter: char,
        count: usize,
        which: usize,
    },
    #[error("{name} is not in {word}")]
    NotAlso { name: String, word: String },
    #[error("no open square shows {letter}: every {letter} on the board is covered")]
    NoneOpen { letter: char },
    #[error("no square shows {letter} on this board")]
    NotOnBoard { letter: char },
    #[error("no {letter} may be covered now: {why}")]
    NoneNow { letter: char, why: String },
    #[error("{choices}: say which, e.g. {example}")]
    Which { choices: String, example: String },
    #[error(transparent)]
    Play(#[from] PlayError),
}

impl Refuse for NameError {
    fn kind(&self) -> Kind {
        match self {
            NameError::Nothing
            | NameError::Unreadable { .. }
            | NameError::BadSquare { .. }
            | NameError::NoLetter { .. }
            | NameError::NoSquareLetter { .. }
            | NameError::BadLetter { .. } => Kind::BadInput,
            NameError::Play(e) => e.kind(),
            _ => Kind::Rule,
        }
    }
}

fn did_you_mean(near: &Option<String>) -> String {
    near.as_ref()
        .map_or_else(String::new, |w| format!(" (did you mean {w}?)"))
}

/// "1 C", "2 Cs".
/// "P of SPOON (r10c11) is", "every T of TENT (r1c9, r4c9) is".
fn covered_squares(word: &str, letter: char, squares: &[Square]) -> String {
    let at: Vec<String> = squares.iter().map(ToString::to_string).collect();
    let every = if squares.len() > 1 { "every " } else { "" };
    format!("{every}{letter} of {word} ({}) is", at.join(", "))
}

/// ": SPOON's next open letter is O at r11c11", or ": SPOON is complete".
fn next_of(word: &str, next: &Option<(char, Square)>) -> String {
    match next {
        Some((letter, square)) => format!(": {word}'s next open letter is {letter} at {square}"),
        None => format!(": {word} is complete"),
    }
}

fn count_of(n: usize, letter: &char) -> String {
    if n == 1 {
        format!("1 {letter}")
    } else {
        format!("{n} {letter}s")
    }
}

/// A word as typed: its letters, and which of the words spelled so (`ARM2`), if said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WordName {
    pub(crate) text: String,
    pub(crate) which: Option<usize>,
}

/// One tile of a turn as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Named {
    /// `3,4 C`, `r3c4 C`.
    Square(Covering),
    /// `C of JACKET`, `JACKET:C2`, `E of MAPLE and PEBBLE`.
    InWord {
        letter: char,
        /// Which of the word's letters alike (from 1), when said.
        which: Option<usize>,
        word: WordName,
        /// A second word the square must also be in.
        also: Option<WordName>,
    },
    /// `C`: the one square a C may cover now.
    Letter(char),
}

/// Reads a turn's tiles from the words after the player's name.
pub(crate) fn parse(text: &str) -> Result<Vec<Named>, NameError> {
    let tokens = tokens(text);
    let mut named = Vec::with_capacity(MAX_COVERINGS);
    let mut i = 0;
    while let Some(&token) = tokens.get(i) {
        if named.len() == MAX_COVERINGS {
            return Err(NameError::Third {
                text: shown(&tokens.get(i..).unwrap_or_default().join(" ")),
            });
        }
        // "the J of JAR": the table's article before a named letter is only a word.
        if token.eq_ignore_ascii_case("the")
            && tokens
                .get(i + 2)
                .is_some_and(|t| t.eq_ignore_ascii_case("of"))
        {
            i += 1;
            continue;
        }
        let next = tokens.get(i + 1).copied();
        let (tile, used) = if let Some(square) = square(token) {
            let letter = next.ok_or(NameError::NoSquareLetter { square })?;
            let letter = plain_letter(letter)?;
            (Named::Square(Covering { square, letter }), 2)
        } else if let Some((word, letter)) = token.split_once(':') {
            let (letter, which) = indexed_letter(letter)?;
            (
                Named::InWord {
                    letter,
                    which,
                    word: word_name(word)?,
                    also: None,
                },
                1,
            )
        } else if next.is_some_and(|n| n.eq_ignore_ascii_case("of")) {
            let (letter, which) = indexed_letter(token)?;
            let word = tokens
                .get(i + 2)
                .copied()
                .ok_or_else(|| NameError::Unreadable {
                    text: shown(&format!("{token} of")),
                })?;
            (
                Named::InWord {
                    letter,
                    which,
                    word: word_name(word)?,
                    also: None,
                },
                3,
            )
        } else if let Ok(letter) = plain_letter(token) {
            (Named::Letter(letter), 1)
        } else if token.len() > 1 && token.chars().all(|c| c.is_ascii_alphabetic()) {
            let word = token.to_ascii_uppercase();
            let example = match word.chars().next() {
                Some(first) => format!("{first} of {word} or {word}:{first}"),
                None => String::new(),
            };
            return Err(NameError::NoLetter { word, example });
        } else if looks_like_square(token) {
            return Err(NameError::BadSquare { text: shown(token) });
        } else {
            return Err(NameError::Unreadable { text: shown(token) });
        };
        i += used;
        let mut tile = tile;
        // "and WORD" after a word's letter names the square's other word; "and" before
        // a tile only joins two tiles.
        if let Named::InWord { also, .. } = &mut tile
            && tokens.get(i).is_some_and(|t| t.eq_ignore_ascii_case("and"))
            && let Some(&word) = tokens.get(i + 1)
            && word.len() > 1
            && !tokens
                .get(i + 2)
                .is_some_and(|t| t.eq_ignore_ascii_case("of"))
            && !(word.eq_ignore_ascii_case("the")
                && tokens
                    .get(i + 3)
                    .is_some_and(|t| t.eq_ignore_ascii_case("of")))
            && word_name(word).is_ok()
            && square(word).is_none()
            && !word.contains(':')
        {
            *also = Some(word_name(word)?);
            i += 2;
        }
        named.push(tile);
        if tokens.get(i).is_some_and(|t| t.eq_ignore_ascii_case("and")) {
            i += 1;
        }
    }
    if named.is_empty() {
        return Err(NameError::Nothing);
    }
    Ok(named)
}

/// The words of a line: split at spaces, and at commas between tiles. A comma ending
/// a word only ends it; a word with a digit keeps its commas (`3,4` is a square, and
/// `five,5` is refused as one).
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let trimmed = word.trim_end_matches(',');
        if trimmed.is_empty() {
            continue;
        }
        if trimmed.chars().any(|c| c.is_ascii_digit()) {
            out.push(trimmed);
        } else {
            out.extend(trimmed.split(',').filter(|w| !w.is_empty()));
        }
    }
    out
}

/// A square as typed: `3,4` or `r3c4` (either case), counting from 1.
pub(crate) fn square(text: &str) -> Option<Square> {
    let lower = text.to_ascii_lowercase();
    let (row, col) = match lower
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
    {
        Some(parts) => parts,
        None => lower.split_once(',')?,
    };
    let (row, col) = (number(row)?, number(col)?);
    (row > 0 && col > 0).then_some(Square::new(row, col))
}

/// Text that looks meant as a square but is not one (a number, digits and a comma,
/// `r3`), for a message that says how squares are written.
fn looks_like_square(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let mut chars = lower.chars();
    match (chars.next(), chars.next()) {
        (Some(c), _) if c.is_ascii_digit() || c == ',' || c == '-' => true,
        (Some('r'), Some(d)) => d.is_ascii_digit(),
        _ => lower.contains(',') && lower.chars().any(|c| c.is_ascii_digit()),
    }
}

/// A whole number of ASCII digits; one too big for `usize` is as good as off the board.
fn number(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(usize::MAX))
}

/// One letter A-Z, either case, as a capital.
fn plain_letter(text: &str) -> Result<char, NameError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(c.to_ascii_uppercase()),
        _ => Err(NameError::BadLetter { text: shown(text) }),
    }
}

/// A letter and which of its kind: `C`, `c2`.
fn indexed_letter(text: &str) -> Result<(char, Option<usize>), NameError> {
    let bad = || NameError::BadLetter { text: shown(text) };
    let mut chars = text.chars();
    let letter = chars
        .next()
        .filter(char::is_ascii_alphabetic)
        .ok_or_else(bad)?;
    let rest = chars.as_str();
    let which = match rest {
        "" => None,
        digits => Some(number(digits).filter(|&n| n > 0).ok_or_else(bad)?),
    };
    Ok((letter.to_ascii_uppercase(), which))
}

/// A word as typed: letters, maybe followed by which of its kind (`ARM2`).
fn word_name(text: &str) -> Result<WordName, NameError> {
    let unreadable = || NameError::Unreadable { text: shown(text) };
    let letters = text.trim_end_matches(|c: char| c.is_ascii_digit());
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(unreadable());
    }
    let digits = text.get(letters.len()..).unwrap_or_default();
    let which = match digits {
        "" => None,
        d => Some(number(d).filter(|&n| n > 0).ok_or_else(unreadable)?),
    };
    Ok(WordName {
        text: letters.to_ascii_uppercase(),
        which,
    })
}

/// User text quoted for a message, cut short if long.
pub(crate) fn shown(text: &str) -> String {
    const SHOWN: usize = 24;
    if text.chars().count() <= SHOWN {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(SHOWN).collect();
        format!("{head:?}...")
    }
}

/// The word a board's word typed in a line names (`SPOON`, `ARM2`), if it names one.
pub(crate) fn word_typed(board: &Board, name: &WordName) -> Option<WordId> {
    find_word(board, name).ok()
}

/// The word a [`WordName`] names on `board`.
fn find_word(board: &Board, name: &WordName) -> Result<WordId, NameError> {
    let alike = board.words_spelled(&name.text);
    let list = || {
        let places: Vec<String> = alike
            .iter()
            .filter_map(|&id| {
                let w = board.word(id)?;
                Some(format!("{} ({})", board.label(id), w.place()))
            })
            .collect();
        crate::text::or_list(&places)
    };
    match (alike.as_slice(), name.which) {
        ([], _) => Err(NameError::NoSuchWord {
            word: name.text.clone(),
            near: crate::text::did_you_mean(&name.text, board.words().iter().map(|w| w.text()))
                .map(str::to_string),
        }),
        ([one], None | Some(1)) => Ok(*one),
        (many, None) => Err(NameError::WhichWord {
            word: name.text.clone(),
            count: many.len(),
            list: list(),
            example: format!("{}2", name.text),
        }),
        (many, Some(k)) => many
            .get(k - 1)
            .copied()
            .ok_or_else(|| NameError::NoSuchTwin {
                word: name.text.clone(),
                count: many.len(),
                which: k,
                list: list(),
            }),
    }
}

/// The candidates for each tile of a line: one square for a square or a word's letter,
/// every square a letter alone could take this turn.
fn candidates(
    board: &Board,
    coverage: &Coverage,
    named: &[Named],
) -> Result<Vec<Vec<Covering>>, NameError> {
    let reachable = play::reachable(board, coverage);
    let mut claimed: Vec<Square> = Vec::new();
    let mut out = Vec::with_capacity(named.len());
    for tile in named {
        let found = match tile {
            Named::Square(c) => vec![*c],
            Named::InWord {
                letter,
                which,
                word,
                also,
            } => {
                let square = in_word(board, coverage, *letter, *which, word, &claimed)?;
                if let Some(also) = also {
                    let other = find_word(board, also)?;
                    if !board.words_at(square).any(|(id, _)| id == other) {
                        return Err(NameError::NotAlso {
                            name: play::named(board, square),
                            word: board.label(other),
                        });
                    }
                }
                vec![Covering {
                    square,
                    letter: *letter,
                }]
            }
            Named::Letter(letter) => {
                let open = board
                    .squares()
                    .filter(|&(s, l)| l == *letter && !coverage.is_covered(board, s))
                    .count();
                if open == 0 {
                    let anywhere = board.squares().any(|(_, l)| l == *letter);
                    return Err(if anywhere {
                        NameError::NoneOpen { letter: *letter }
                    } else {
                        NameError::NotOnBoard { letter: *letter }
                    });
                }
                reachable
                    .iter()
                    .filter(|&&s| board.letter(s) == Some(*letter))
                    .map(|&square| Covering {
                        square,
                        letter: *letter,
                    })
                    .collect()
            }
        };
        if let [one] = found.as_slice() {
            claimed.push(one.square);
        }
        out.push(found);
    }
    Ok(out)
}

/// The square of `word` showing `letter`: the `which`th of them, or the first still open
/// in spelling order and not named by an earlier tile of the line. When every one is
/// covered, the refusal names them by the word typed (not by another word through the
/// square, which would leave the table wondering why SPOON's P is called NAPKIN's) and
/// says the word's next open letter.
fn in_word(
    board: &Board,
    coverage: &Coverage,
    letter: char,
    which: Option<usize>,
    word: &WordName,
    claimed: &[Square],
) -> Result<Square, NameError> {
    let id = find_word(board, word)?;
    let label = board.label(id);
    let squares: Vec<Square> = board
        .word(id)
        .map(|w| {
            w.squares()
                .iter()
                .copied()
                .filter(|&s| board.letter(s) == Some(letter))
                .collect()
        })
        .unwrap_or_default();
    let Some(&first) = squares.first() else {
        return Err(NameError::NotInWord {
            word: label,
            letter,
        });
    };
    match which {
        Some(k) => squares.get(k - 1).copied().ok_or(NameError::NoSuchLetter {
            word: label,
            letter,
            count: squares.len(),
            which: k,
        }),
        None if squares.iter().all(|&s| coverage.is_covered(board, s)) => {
            Err(NameError::AllCovered {
                next: coverage
                    .next_open(board, id)
                    .and_then(|(_, s)| board.letter(s).map(|l| (l, s))),
                word: label,
                letter,
                squares,
            })
        }
        None => Ok(squares
            .iter()
            .copied()
            .find(|&s| !coverage.is_covered(board, s) && !claimed.contains(&s))
            .unwrap_or(first)),
    }
}

/// The coverings a line names, in the order the turn stands in: each tile's square found
/// (a letter alone among the squares it could take), then the turn ruled on. A letter
/// alone that more than one turn would fit is refused with the squares it could be.
pub(crate) fn resolve(
    board: &Board,
    coverage: &Coverage,
    named: &[Named],
) -> Result<Vec<Covering>, NameError> {
    let candidates = candidates(board, coverage, named)?;
    // A letter alone with no square it could take this turn: the line is refused for
    // it, never recorded without it.
    if candidates.iter().any(Vec::is_empty) {
        return Err(none_now(board, coverage, named, &candidates));
    }
    if candidates.iter().all(|c| c.len() == 1) {
        let coverings: Vec<Covering> = candidates.iter().flatten().copied().collect();
        let placed = play::rule(board, coverage, &coverings)
            .map_err(|e| by_word_typed(board, named, &coverings, e))?;
        return Ok(placed.iter().map(|p| p.covering).collect());
    }
    // Every combination of the candidates, each ruled on as a turn; what stands, with
    // the word that makes each square legal in that turn.
    let mut stands: Vec<Stands> = Vec::new();
    let mut pick = vec![0usize; candidates.len()];
    'combinations: loop {
        let coverings: Vec<Covering> = candidates
            .iter()
            .zip(&pick)
            .filter_map(|(c, &k)| c.get(k).copied())
            .collect();
        if let Ok(placed) = play::rule(board, coverage, &coverings) {
            stands.push(Stands {
                typed: coverings.iter().map(|c| c.square).collect(),
                turn: placed.iter().map(|p| p.covering).collect(),
                through: placed
                    .iter()
                    .map(|p| (p.covering.square, p.through.first().copied()))
                    .collect(),
            });
        }
        // The next combination, the last tile's candidates turning fastest.
        for (p, c) in pick.iter_mut().zip(&candidates).rev() {
            *p += 1;
            if *p < c.len() {
                continue 'combinations;
            }
            *p = 0;
        }
        break;
    }
    // Two letters alone alike (`L L`) stand in either order as the same turn: one turn,
    // not two to choose between.
    let mut seen: Vec<Vec<Square>> = Vec::new();
    stands.retain(|s| {
        let mut squares: Vec<Square> = s.turn.iter().map(|c| c.square).collect();
        squares.sort_unstable();
        let new = !seen.contains(&squares);
        seen.push(squares);
        new
    });
    match stands.as_slice() {
        [one] => Ok(one.turn.clone()),
        [] => Err(none_now(board, coverage, named, &candidates)),
        many => Err(which(board, coverage, named, many)),
    }
}

/// A turn a line with a letter alone could be: the squares as the tiles were typed,
/// the coverings in the order the turn stands in, and each square with the word whose
/// next open letter it is in that turn (what makes it legal there).
struct Stands {
    typed: Vec<Square>,
    turn: Vec<Covering>,
    through: Vec<(Square, Option<WordId>)>,
}

/// A square refused as out of spelling order, named by the word the scorekeeper typed
/// for it, that word's wait said first: `E of LAKE` is refused as "E of LAKE (r15c15):
/// ... LAKE's next open letter is L ..., KETTLE's is K ...", not as KETTLE's E2.
fn by_word_typed(
    board: &Board,
    named: &[Named],
    coverings: &[Covering],
    mut error: PlayError,
) -> PlayError {
    // A square already covered, named by the word typed for it (`SPOON:O2` is O2 of
    // SPOON, not OWL's O).
    if let PlayError::AlreadyCovered { name } = &mut error {
        let typed = named
            .iter()
            .zip(coverings)
            .find_map(|(tile, covering)| match tile {
                Named::InWord { word, .. } if play::named(board, covering.square) == *name => {
                    let id = find_word(board, word).ok()?;
                    board.name(covering.square, Some(id))
                }
                _ => None,
            });
        if let Some(n) = typed {
            *name = n.at();
        }
        return error;
    }
    if let PlayError::OutOfOrder {
        name,
        waiting,
        square,
    } = &mut error
    {
        let typed = named
            .iter()
            .zip(coverings)
            .find_map(|(tile, covering)| match tile {
                Named::InWord { word, .. } if covering.square == *square => {
                    find_word(board, word).ok()
                }
                _ => None,
            });
        if let Some(id) = typed {
            let label = board.label(id);
            waiting.sort_by_key(|w| w.word != label);
            if let Some(n) = board.name(*square, Some(id)) {
                *name = n.at();
            }
        }
    }
    error
}

/// Why no turn fits a line with a letter alone: the first such letter, and why each of
/// the squares it could have taken waits (or the other tile's own refusal, when that
/// one is refused whatever the letter).
fn none_now(
    board: &Board,
    coverage: &Coverage,
    named: &[Named],
    candidates: &[Vec<Covering>],
) -> NameError {
    // A tile named by its square or word that is refused on its own says so first.
    for (tile, found) in named.iter().zip(candidates) {
        if let (Named::Square(_) | Named::InWord { .. }, [one]) = (tile, found.as_slice())
            && let Err(e) = play::rule(board, coverage, &[*one])
            && !matches!(
                e,
                PlayError::OutOfOrder { .. } | PlayError::FirstTurn { .. }
            )
        {
            return NameError::Play(e);
        }
    }
    // The letter explained: one that no square can take this turn, else the first.
    let letters = || {
        named
            .iter()
            .zip(candidates)
            .filter_map(|(t, found)| match t {
                Named::Letter(l) => Some((*l, found)),
                _ => None,
            })
    };
    let Some(letter) = letters()
        .find(|(_, found)| found.is_empty())
        .or_else(|| letters().next())
        .map(|(l, _)| l)
    else {
        return NameError::Nothing;
    };
    // Every square the letters could take stands alone: the tile named by its square
    // or word is what no turn fits, and its own refusal says why (`A, X of FOX` while
    // FOX's F is open: X of FOX waits for the F, not the A for anything).
    let letters_fit = letters().all(|(_, found)| {
        !found.is_empty()
            && found
                .iter()
                .all(|c| play::rule(board, coverage, &[*c]).is_ok())
    });
    if letters_fit {
        for (tile, found) in named.iter().zip(candidates) {
            if let (Named::Square(_) | Named::InWord { .. }, [one]) = (tile, found.as_slice())
                && let Err(e) = play::rule(board, coverage, &[*one])
            {
                return NameError::Play(by_word_typed(
                    board,
                    std::slice::from_ref(tile),
                    &[*one],
                    e,
                ));
            }
        }
    }
    let open: Vec<Square> = board
        .squares()
        .filter(|&(s, l)| l == letter && !coverage.is_covered(board, s))
        .map(|(s, _)| s)
        .collect();
    let mut why: Vec<String> = open
        .iter()
        .take(EXPLAINED)
        .map(|&s| {
            let name = board
                .name(s, None)
                .map_or_else(|| s.to_string(), |n| n.to_string());
            match play::rule(board, coverage, &[Covering { square: s, letter }]) {
                Err(PlayError::OutOfOrder { waiting, .. }) => match waiting.first() {
                    Some(w) => format!("{name} waits for {}'s {}", w.word, w.letter),
                    None => format!("{name} is out of spelling order"),
                },
                Err(PlayError::FirstTurn { .. }) => {
                    format!("{name} is not a first letter")
                }
                _ => format!("{name} does not fit with the other tile"),
            }
        })
        .collect();
    if open.len() > EXPLAINED {
        why.push(format!("{} more", open.len() - EXPLAINED));
    }
    NameError::NoneNow {
        letter,
        why: why.join("; "),
    }
}

/// The refusal for a line that more than one turn fits: each tile that could be more
/// than one square, and the squares it could be, once for letters alike (`L L`). A
/// square that only the line's other tile opens, beside one open now, is said so (`L
/// of FLAG (open only after F of FLAG this turn)`): it is no square a tile may cover
/// now, and the reply says why it is offered.
fn which(board: &Board, coverage: &Coverage, named: &[Named], stands: &[Stands]) -> NameError {
    let mut choices = Vec::new();
    let mut example = String::new();
    for tile in named {
        let Named::Letter(letter) = tile else {
            continue;
        };
        // Letters alike could each be any of the squares either could be.
        let alike: Vec<usize> = (0..named.len())
            .filter(|&j| matches!(named.get(j), Some(Named::Letter(l)) if l == letter))
            .collect();
        let mut squares: Vec<Square> = stands
            .iter()
            .flat_map(|turn| alike.iter().filter_map(|&j| turn.typed.get(j).copied()))
            .collect();
        squares.sort_unstable();
        squares.dedup();
        if squares.len() < 2 {
            continue;
        }
        let names: Vec<String> = squares
            .iter()
            .take(LISTED)
            .map(|&s| {
                // Named by the word that makes it legal in a turn the line could be:
                // a square only the other tile opens up is that word's letter, not
                // the letter of a word through it that is not open there.
                let first = stands
                    .iter()
                    .flat_map(|turn| &turn.through)
                    .find(|(t, _)| *t == s)
                    .and_then(|(_, id)| *id);
                board
                    .name(s, first)
                    .map_or_else(|| s.to_string(), |n| n.to_string())
            })
            .collect();
        if example.is_empty() {
            example = names.first().cloned().unwrap_or_default();
        }
        // Said only beside a square open now: where every square waits for the other
        // tile (the first turn's `L E`), none is offered for another reason.
        let waits: Vec<Option<String>> = squares
            .iter()
            .map(|&s| opened_by(board, coverage, stands, s, *letter))
            .collect();
        let names: Vec<String> = if waits.iter().any(Option::is_none) {
            names
                .into_iter()
                .zip(waits)
                .map(|(name, by)| match by {
                    Some(by) => format!("{name} (open only after {by} this turn)"),
                    None => name,
                })
                .collect()
        } else {
            names
        };
        let list = if squares.len() > LISTED {
            format!("{} ({} more)", names.join(", "), squares.len() - LISTED)
        } else {
            crate::text::or_list(&names)
        };
        let choice = format!("{letter} could be {list}");
        if !choices.contains(&choice) {
            choices.push(choice);
        }
    }
    if choices.is_empty() {
        return NameError::Nothing;
    }
    NameError::Which {
        choices: choices.join("; "),
        example,
    }
}

/// The other tiles of a turn the line could be that `square` waits for, named as that
/// turn covers them: `None` when a tile may cover it now.
fn opened_by(
    board: &Board,
    coverage: &Coverage,
    stands: &[Stands],
    square: Square,
    letter: char,
) -> Option<String> {
    if play::rule(board, coverage, &[Covering { square, letter }]).is_ok() {
        return None;
    }
    let turn = stands.iter().find(|t| t.typed.contains(&square))?;
    let others: Vec<String> = turn
        .through
        .iter()
        .filter(|(s, _)| *s != square)
        .filter_map(|(s, id)| board.name(*s, *id).map(|n| n.to_string()))
        .collect();
    (!others.is_empty()).then(|| crate::text::and_list(&others))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::board_chips::EXAMPLE_BOARD;

    fn example() -> (Board, Coverage) {
        let b = Board::parse(EXAMPLE_BOARD).expect("board");
        let c = Coverage::new(&b);
        (b, c)
    }

    fn covered(b: &Board, turns: &[&str]) -> Coverage {
        let mut cov = Coverage::new(b);
        for turn in turns {
            let named = parse(turn).expect(turn);
            let coverings = resolve(b, &cov, &named).unwrap_or_else(|e| panic!("{turn}: {e}"));
            let placed = play::rule(b, &cov, &coverings).expect("resolved turns stand");
            play::cover(b, &mut cov, &placed);
        }
        cov
    }

    fn squares(b: &Board, cov: &Coverage, line: &str) -> Result<Vec<String>, String> {
        let named = parse(line).map_err(|e| e.to_string())?;
        resolve(b, cov, &named)
            .map(|c| {
                c.iter()
                    .map(|c| format!("{} {}", c.square, c.letter))
                    .collect()
            })
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_square_is_named_by_its_word_and_letter_in_either_form_and_any_case() {
        let (b, cov) = example();
        for line in ["M of MAPLE", "maple:m", "m OF maple", "MAPLE:M1"] {
            assert_eq!(squares(&b, &cov, line), Ok(vec!["r5c3 M".into()]), "{line}");
        }
    }

    /// Issue 42: the table says "the J of JAR"; "the" before a letter of a word is only a
    /// word, and a board word THE is still a word.
    #[test]
    fn the_table_s_article_before_a_named_letter_is_read() {
        let (b, cov) = example();
        assert_eq!(
            squares(&b, &cov, "the J of JAR, the A of JAR"),
            Ok(vec!["r4c1 J".into(), "r4c2 A".into()])
        );
        assert_eq!(
            squares(&b, &cov, "The M of MAPLE and the A of MAPLE"),
            Ok(vec!["r5c3 M".into(), "r5c4 A".into()])
        );
        let the = Board::parse("THE\nA..\nN..").expect("board");
        let none = Coverage::new(&the);
        assert_eq!(
            squares(&the, &none, "the T of THE, THE:H"),
            Ok(vec!["r1c1 T".into(), "r1c2 H".into()])
        );
    }

    #[test]
    fn two_tiles_go_in_one_line_in_any_mix_of_forms() {
        let (b, cov) = example();
        let want = Ok(vec!["r5c3 M".to_string(), "r5c4 A".to_string()]);
        for line in [
            "MAPLE:M MAPLE:A",
            "M of MAPLE, A of MAPLE",
            "M of MAPLE and A of MAPLE",
            "5,3 M A of MAPLE",
            "maple:m,maple:a",
            "A of MAPLE M of MAPLE and WORM",
        ] {
            let mut got = squares(&b, &cov, line);
            if let Ok(g) = &mut got {
                g.sort();
            }
            assert_eq!(got, want, "{line}");
        }
    }

    #[test]
    fn a_repeated_letter_is_the_next_open_one_in_spelling_order_or_the_one_said() {
        let b = Board::parse("PEBBLE\nA....A\nT....T").expect("board");
        let cov = covered(&b, &["P of PEBBLE E of PEBBLE"]);
        assert_eq!(squares(&b, &cov, "B of PEBBLE"), Ok(vec!["r1c3 B".into()]));
        assert_eq!(
            squares(&b, &cov, "PEBBLE:B PEBBLE:B"),
            Ok(vec!["r1c3 B".into(), "r1c4 B".into()]),
            "the second B is the one after the first"
        );
        let e = squares(&b, &cov, "PEBBLE:B2").expect_err("B2 before B1");
        assert_eq!(
            e,
            "B2 of PEBBLE (r1c4): out of spelling order: PEBBLE's next open letter is B at r1c3"
        );
        assert_eq!(
            squares(&b, &cov, "PEBBLE:B3"),
            Err("PEBBLE has 2 Bs: there is no B3".into())
        );
    }

    #[test]
    fn a_word_the_board_has_twice_asks_which_and_is_named_by_its_number() {
        let b = Board::parse("ARM.\nR..A\nM..R\n...M").expect("board");
        let cov = Coverage::new(&b);
        assert_eq!(
            squares(&b, &cov, "A of ARM"),
            Err("ARM is on the board 3 times: ARM1 (across from r1c1), ARM2 (down from r1c1) or ARM3 (down from r2c4); say which, e.g. ARM2".into())
        );
        assert_eq!(squares(&b, &cov, "ARM3:A"), Ok(vec!["r2c4 A".into()]));
        assert_eq!(squares(&b, &cov, "A of arm3"), Ok(vec!["r2c4 A".into()]));
        assert!(squares(&b, &cov, "ARM4:A").is_err_and(|e| {
            e.starts_with("the board has 3 ARMs, ARM1 (across from r1c1),")
                && e.ends_with(": there is no ARM4")
        }));
    }

    #[test]
    fn a_letter_alone_is_the_one_square_it_may_cover_or_the_reply_lists_them() {
        let (b, cov) = example();
        // V: only VIOLIN starts with V.
        assert_eq!(squares(&b, &cov, "V"), Ok(vec!["r15c3 V".into()]));
        assert_eq!(
            squares(&b, &cov, "J V"),
            Ok(vec!["r4c1 J".into(), "r15c3 V".into()])
        );
        // M starts MAPLE, MAP and MOON.
        let e = squares(&b, &cov, "M").expect_err("three Ms");
        assert_eq!(
            e,
            "M could be M of MAP, M of MAPLE or M of MOON: say which, e.g. M of MAP"
        );
        // Two letters alone that could each be more than one square: both are said.
        let e = squares(&b, &cov, "F L").expect_err("which F, which L");
        assert_eq!(
            e,
            "F could be F of FOX or F of FLAG; L could be L of FLAG (open only after F of FLAG this turn), L of LEAF, L of LEMON or L of LAKE: say which, e.g. F of FOX"
        );
        // After J of JAR, its A is open too: A could be JAR's or a first letter, and
        // the reply says why JAR's is offered.
        let e = squares(&b, &cov, "J A").expect_err("which A");
        assert_eq!(
            e,
            "A could be A of JAR (open only after J of JAR this turn) or A of ACORN: say which, e.g. A of JAR"
        );
    }

    /// Two letters alike alone are one turn in either order: BELL's two Ls, the only
    /// way to cover both, are recorded, L1 first; with more Ls open than two, the reply
    /// lists them once, not once a tile.
    #[test]
    fn letters_alike_alone_are_one_turn_whichever_tile_is_which() {
        let b = Board::parse("BELL.\nA...F\nT..FLAG\n").expect("board");
        let cov = covered(&b, &["B of BELL, E of BELL"]);
        assert_eq!(
            squares(&b, &cov, "L L"),
            Ok(vec!["r1c3 L".into(), "r1c4 L".into()])
        );
        let (b, cov) = example();
        assert_eq!(
            squares(&b, &cov, "L L"),
            Err("L could be L of LEAF, L of LEMON or L of LAKE: say which, e.g. L of LEAF".into())
        );
    }

    /// A square only the line's other tile opens is offered, said so: FLAG's L waits
    /// for its F, which the line names.
    #[test]
    fn a_square_the_other_tile_opens_is_offered_as_open_only_after_it() {
        let b = Board::parse("BELL..\nA.....\nT..FLAG\n").expect("board");
        let cov = covered(&b, &["B of BELL, E of BELL"]);
        let said = "L could be L1 of BELL or L of FLAG (open only after F of FLAG this turn): say which, e.g. L1 of BELL";
        assert_eq!(squares(&b, &cov, "L, F of FLAG"), Err(said.into()));
        assert_eq!(squares(&b, &cov, "F of FLAG L"), Err(said.into()));
    }

    #[test]
    fn a_letter_that_no_square_may_take_now_says_why() {
        let (b, cov) = example();
        assert_eq!(
            squares(&b, &cov, "Q"),
            Err("no square shows Q on this board".into())
        );
        let e = squares(&b, &cov, "X").expect_err("no word starts with X");
        assert_eq!(
            e,
            "no X may be covered now: X of BOX is not a first letter; X of FOX is not a first letter"
        );
        let cov = covered(&b, &["J of JAR, V of VIOLIN"]);
        let e = squares(&b, &cov, "X").expect_err("still no X");
        assert_eq!(
            e,
            "no X may be covered now: X of BOX waits for BOX's B; X of FOX waits for FOX's F"
        );
    }

    #[test]
    fn a_second_letter_no_square_may_take_is_refused_never_dropped() {
        let (b, cov) = example();
        // V alone stands (VIOLIN's V); X has open squares, none of them reachable.
        assert_eq!(
            squares(&b, &cov, "V X"),
            Err(
                "no X may be covered now: X of BOX is not a first letter; X of FOX is not a first letter"
                    .into()
            )
        );
        assert_eq!(
            squares(&b, &cov, "V, X"),
            squares(&b, &cov, "X V"),
            "the order of the tiles"
        );
        // M could be several squares, and X none: still X's refusal.
        assert!(
            squares(&b, &cov, "M X").is_err_and(|e| e.starts_with("no X may be covered now")),
            "{:?}",
            squares(&b, &cov, "M X")
        );
    }

    #[test]
    fn a_named_tile_no_turn_fits_is_refused_for_itself_not_for_the_letter_beside_it() {
        let (b, cov) = example();
        // V may go alone; X of FOX waits for FOX's F, which V cannot open.
        let e = squares(&b, &cov, "V, X of FOX").expect_err("X of FOX waits");
        assert!(e.contains("X of FOX"), "{e}");
        assert!(!e.starts_with("no V may be covered"), "{e}");
    }

    #[test]
    fn a_word_or_letter_that_is_not_there_is_refused_by_name() {
        let (b, cov) = example();
        assert_eq!(
            squares(&b, &cov, "C of JACKET"),
            Err("no word JACKET on the board".into())
        );
        assert_eq!(
            squares(&b, &cov, "M of MAPEL"),
            Err("no word MAPEL on the board (did you mean MAPLE?)".into())
        );
        assert_eq!(
            squares(&b, &cov, "Z of MAPLE"),
            Err("MAPLE has no Z".into())
        );
        assert_eq!(
            squares(&b, &cov, "MAPLE"),
            Err("MAPLE: which letter of it? e.g. M of MAPLE or MAPLE:M".into())
        );
        assert_eq!(
            squares(&b, &cov, "E of MAPLE and TENT"),
            Err("E of MAPLE (r5c7) is not in TENT".into())
        );
        assert_eq!(
            squares(&b, &cov, "M of MAPLE and WORM"),
            Ok(vec!["r5c3 M".into()])
        );
    }

    #[test]
    fn a_word_letter_already_covered_names_its_squares_and_the_words_next_letter() {
        let (b, _) = example();
        let cov = covered(
            &b,
            &[
                "J of JAR, A of JAR",
                "T of TENT, E of TENT",
                "N of TENT, T of TENT",
            ],
        );
        assert_eq!(
            squares(&b, &cov, "J of JAR"),
            Err("J of JAR (r4c1) is already covered: JAR's next open letter is R at r4c3".into())
        );
        assert_eq!(
            squares(&b, &cov, "T of TENT"),
            Err("every T of TENT (r1c9, r4c9) is already covered: TENT is complete".into())
        );
    }

    #[test]
    fn a_square_out_of_spelling_order_is_named_by_the_word_typed_for_it() {
        let (b, _) = example();
        let cov = covered(&b, &["K of KETTLE, L of LAKE"]);
        assert_eq!(
            squares(&b, &cov, "E of LAKE"),
            Err("E of LAKE (r15c15): out of spelling order: LAKE's next open letter is A at r13c15, KETTLE's is E at r15c11".into())
        );
        assert_eq!(
            squares(&b, &cov, "E of KETTLE"),
            Ok(vec!["r15c11 E".into()])
        );
    }

    #[test]
    fn a_tile_refused_on_its_own_is_said_before_the_letter_beside_it() {
        let (b, _) = example();
        let cov = covered(&b, &["K of KETTLE, L of LAKE"]);
        assert_eq!(
            squares(&b, &cov, "K of KETTLE E"),
            Err(
                "K of KETTLE (r15c10) is already covered: KETTLE's next open letter is E at r15c11"
                    .into()
            )
        );
        assert_eq!(
            NameError::Play(PlayError::NoCoverings).kind(),
            Kind::BadInput,
            "a play error keeps its own kind"
        );
    }

    #[test]
    fn a_letter_no_square_may_take_explains_three_squares_and_counts_the_rest() {
        let (b, cov) = example();
        assert_eq!(
            squares(&b, &cov, "E"),
            Err("no E may be covered now: E of KITE is not a first letter; E of MAPLE is not a first letter; E2 of PEBBLE is not a first letter; 4 more".into())
        );
        let b = Board::parse("AXE.BXE.CXE").expect("board");
        assert_eq!(
            squares(&b, &Coverage::new(&b), "X"),
            Err("no X may be covered now: X of AXE is not a first letter; X of BXE is not a first letter; X of CXE is not a first letter".into())
        );
    }

    #[test]
    fn a_letter_that_could_be_many_squares_lists_six_and_counts_the_rest() {
        let b = Board::parse("AB.AC.AD.AE.AF.AG").expect("board");
        assert_eq!(
            squares(&b, &Coverage::new(&b), "A"),
            Err("A could be A of AB, A of AC, A of AD, A of AE, A of AF or A of AG: say which, e.g. A of AB".into())
        );
        let b = Board::parse("AB.AC.AD.AE.AF.AG.AH").expect("board");
        assert_eq!(
            squares(&b, &Coverage::new(&b), "A"),
            Err("A could be A of AB, A of AC, A of AD, A of AE, A of AF, A of AG (1 more): say which, e.g. A of AB".into())
        );
    }

    #[test]
    fn and_names_a_second_word_only_when_a_word_follows_it() {
        // LETTER[which] of WORD [and ALSO], as `parse` reads it.
        let tile = |letter, which, word: &str, also: Option<&str>| Named::InWord {
            letter,
            which,
            word: WordName {
                text: word.into(),
                which: None,
            },
            also: also.map(|w| WordName {
                text: w.into(),
                which: None,
            }),
        };
        let m = tile('M', None, "MAPLE", None);
        assert_eq!(
            parse("M of MAPLE and A"),
            Ok(vec![m.clone(), Named::Letter('A')])
        );
        assert_eq!(
            parse("M of MAPLE and WORM A of MAPLE"),
            Ok(vec![
                tile('M', None, "MAPLE", Some("WORM")),
                tile('A', None, "MAPLE", None)
            ])
        );
        assert_eq!(
            parse("M of MAPLE and B2 of PEBBLE"),
            Ok(vec![m, tile('B', Some(2), "PEBBLE", None)])
        );
    }

    #[test]
    fn numbers_in_names_count_from_one() {
        assert_eq!(square("0,4"), None);
        assert_eq!(square("4,0"), None);
        assert_eq!(square("r1c1"), Some(Square::new(1, 1)));
        assert!(matches!(
            parse("C0 of TENT"),
            Err(NameError::BadLetter { .. })
        ));
        assert!(matches!(
            parse("TENT0:T"),
            Err(NameError::Unreadable { .. })
        ));
        assert!(matches!(parse("5:A"), Err(NameError::Unreadable { .. })));
        assert!(matches!(parse("5x:A"), Err(NameError::Unreadable { .. })));
    }

    #[test]
    fn text_that_looks_meant_as_a_square_is_told_how_squares_are_written() {
        for text in ["5", ",4", "-3", "r3", "R3", "five,5", "x,5"] {
            assert!(looks_like_square(text), "{text}");
        }
        for text in ["rx", "a,b", "#", "x5", "five", "r"] {
            assert!(!looks_like_square(text), "{text}");
        }
    }

    #[test]
    fn a_line_of_three_tiles_or_of_noise_is_refused() {
        let (b, cov) = example();
        assert_eq!(
            squares(&b, &cov, "M of MAPLE, A of MAPLE, P of MAPLE"),
            Err(
                r#"a turn covers at most two squares (two tiles): "P of MAPLE" would be a third"#
                    .into()
            )
        );
        assert!(squares(&b, &cov, "#").is_err_and(|e| e.starts_with(r##""#" is not a square"##)));
        assert!(squares(&b, &cov, "").is_err_and(|e| e.starts_with("name the tiles")));
        assert_eq!(
            squares(&b, &cov, "5,3"),
            Err("r5c3 needs the letter on the tile after it, e.g. 5,3 T".into())
        );
    }
}
