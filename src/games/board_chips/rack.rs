//! A player's rack, when the table tells umpire (`rack ann ACEKRST`, after the draw),
//! so umpire can referee the sheet's "if you can play, you must play": a one-tile turn
//! is refused while the rack could cover two squares, an exchange or a pass while it
//! could cover one, each naming a covering it could make.
//!
//! What umpire knows of a rack is a part of it: the letters the table said, less those
//! played since, and a count of tiles it was not told (a `?` in the rack said, and every
//! tile drawn since). Every known letter is in the player's hand, so whatever the known
//! letters could cover, the whole rack could: the checks never refuse a turn the sheet
//! allows. A tile played from the unknown part uses up one unknown; a letter neither
//! known nor unknown is refused as not in the rack. An exchange puts back tiles umpire
//! cannot see, so the rack is unknown after it until the table says it again. Pure: no
//! I/O.

use std::fmt;

use super::board::Board;
use super::play::{self, Coverage, Covering};

/// What umpire knows of one player's rack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rack {
    /// The letters known to be in it, in alphabetical order.
    known: Vec<char>,
    /// Tiles in it whose letters umpire was not told: a `?` said, or drawn since.
    unknown: u32,
}

/// The tile of a rack said whose letter is not told.
pub(crate) const UNTOLD: char = '?';

impl Rack {
    /// A rack as the table says it: these letters, [`UNTOLD`] for a tile not told.
    pub(crate) fn said(letters: &[char]) -> Rack {
        let mut known: Vec<char> = letters
            .iter()
            .filter(|&&l| l != UNTOLD)
            .map(char::to_ascii_uppercase)
            .collect();
        known.sort_unstable();
        let unknown = letters.iter().filter(|&&l| l == UNTOLD).count();
        Rack {
            known,
            unknown: u32::try_from(unknown).unwrap_or(u32::MAX),
        }
    }

    /// The letters known to be in the rack, alphabetically.
    pub(crate) fn known(&self) -> &[char] {
        &self.known
    }

    /// How many of its tiles umpire has not been told (`?`, or drawn since).
    pub(crate) fn unknown(&self) -> u32 {
        self.unknown
    }

    /// The rack after the player laid `letters` and drew `drawn` tiles, or the first
    /// letter that is neither known nor among the unknown tiles.
    pub(crate) fn after(&self, letters: &[char], drawn: u32) -> Result<Rack, char> {
        let mut next = self.clone();
        for &l in letters {
            if let Some(i) = next.known.iter().position(|&k| k == l) {
                next.known.remove(i);
            } else if next.unknown > 0 {
                next.unknown -= 1;
            } else {
                return Err(l);
            }
        }
        next.unknown += drawn;
        Ok(next)
    }

    /// How many of `letter` the rack is known to hold.
    pub(crate) fn holds(&self, letter: char) -> usize {
        self.known.iter().filter(|&&k| k == letter).count()
    }
}

impl fmt::Display for Rack {
    /// "A C E K R S T", "A C E and 2 tiles not told", "empty".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: Vec<String> = self.known.iter().map(char::to_string).collect();
        let drawn = match self.unknown {
            0 => String::new(),
            1 => "1 tile not told".to_string(),
            n => format!("{n} tiles not told"),
        };
        match (letters.is_empty(), drawn.is_empty()) {
            (true, true) => f.write_str("empty"),
            (false, true) => f.write_str(&letters.join(" ")),
            (true, false) => f.write_str(&drawn),
            (false, false) => write!(f, "{} and {drawn}", letters.join(" ")),
        }
    }
}

/// A covering that one of `letters` may make now, if any.
pub(crate) fn one_from(board: &Board, coverage: &Coverage, letters: &[char]) -> Option<Covering> {
    play::playable(board, coverage)
        .into_iter()
        .find_map(|square| {
            let letter = board.letter(square)?;
            letters
                .contains(&letter)
                .then_some(Covering { square, letter })
        })
}

/// Two coverings that two tiles of `letters` may make as one turn, if any (the second
/// may be one the first opens up, as a turn's tiles may).
pub(crate) fn two_from(
    board: &Board,
    coverage: &Coverage,
    letters: &[char],
) -> Option<[Covering; 2]> {
    for square in play::playable(board, coverage) {
        let Some(letter) = board.letter(square) else {
            continue;
        };
        let Some(i) = letters.iter().position(|&l| l == letter) else {
            continue;
        };
        let mut rest = letters.to_vec();
        rest.remove(i);
        let first = Covering { square, letter };
        let Ok(placed) = play::rule(board, coverage, &[first]) else {
            continue;
        };
        let mut after = coverage.clone();
        play::cover(board, &mut after, &placed);
        if let Some(second) = one_from(board, &after, &rest) {
            return Some([first, second]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rack_loses_the_letters_laid_and_gains_unknown_tiles_drawn() {
        let rack = Rack::said(&['t', 'a', 'c']);
        assert_eq!(rack.to_string(), "A C T");
        let next = rack.after(&['C', 'A'], 2).expect("both held");
        assert_eq!(next.to_string(), "T and 2 tiles not told");
        let later = next.after(&['Q'], 1).expect("one of the drawn tiles");
        assert_eq!((later.known(), later.unknown()), (&['T'][..], 2));
        assert_eq!(Rack::said(&['T']).after(&['Q'], 1), Err('Q'));
        assert_eq!(Rack::said(&[]).to_string(), "empty");
        let partly = Rack::said(&['R', '?', 'i', '?']);
        assert_eq!(partly.to_string(), "I R and 2 tiles not told");
        assert_eq!(
            partly.after(&['Q', 'R'], 0).map(|r| r.to_string()),
            Ok("I and 1 tile not told".into())
        );
    }

    #[test]
    fn two_tiles_may_cover_a_first_letter_and_the_letter_it_opens() {
        let b = Board::parse("CAT\n...\nDOG").expect("board");
        let cov = Coverage::new(&b);
        let two = two_from(&b, &cov, &['A', 'C']).expect("C then A");
        assert_eq!(
            two.map(|c| c.to_string()),
            ["r1c1 C".to_string(), "r1c2 A".into()]
        );
        assert_eq!(two_from(&b, &cov, &['A', 'T']), None);
        assert_eq!(two_from(&b, &cov, &['C']), None, "one C is one tile");
        assert_eq!(
            one_from(&b, &cov, &['O', 'D']).map(|c| c.to_string()),
            Some("r3c1 D".into())
        );
        assert_eq!(one_from(&b, &cov, &['O', 'A']), None);
    }
}
