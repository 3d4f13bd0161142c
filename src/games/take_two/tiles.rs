//! Letter tiles as the scorekeeper types them ("QZX?", "q z x ?") and tile sets with
//! their counts and values.

use std::collections::BTreeMap;
use std::fmt;

use crate::contract::{Kind, Refuse};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One tile: a letter A-Z, or a blank (`?`) that stands for any letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Tile {
    Letter(u8),
    Blank,
}

impl Tile {
    /// 0..=25 for A..Z, 26 for the blank: the index into count and value tables.
    pub(crate) fn index(self) -> usize {
        match self {
            Tile::Letter(b) => usize::from(b - b'A'),
            Tile::Blank => BLANK,
        }
    }

    fn from_index(i: usize) -> Tile {
        if i >= BLANK {
            Tile::Blank
        } else {
            Tile::Letter(b'A' + i as u8)
        }
    }

    /// Reads one typed character: a letter (either case) or `?`.
    pub(crate) fn from_char(c: char) -> Option<Tile> {
        match c {
            '?' => Some(Tile::Blank),
            c if c.is_ascii_alphabetic() => Some(Tile::Letter(c.to_ascii_uppercase() as u8)),
            _ => None,
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Letter(b) => write!(f, "{}", char::from(*b)),
            Tile::Blank => f.write_str("?"),
        }
    }
}

const BLANK: usize = 26;
const KINDS: usize = 27;

/// Why typed tiles or a tile-set file were refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum TileError {
    #[error("{} is not a tile: tiles are letters A-Z and ? for a blank", crate::text::quoted_char(*.0))]
    NotATile(char),
    #[error("no tiles given: type the letters, e.g. QZX? (? is a blank)")]
    Empty,
    #[error("{0} tiles is more than any hand holds (at most {MAX_TILES})")]
    TooMany(usize),
    #[error("tile set: {0}")]
    BadSet(String),
}

/// Tiles that do not read are bad input, and so is a tile-set file that does not.
impl Refuse for TileError {
    fn kind(&self) -> Kind {
        Kind::BadInput
    }
}

/// More tiles than a player could hold in any of the games.
pub(crate) const MAX_TILES: usize = 200;

/// Parses typed tiles: letters in either case and `?`; spaces and commas are ignored.
pub(crate) fn parse_tiles(text: &str) -> Result<Vec<Tile>, TileError> {
    let mut tiles = Vec::new();
    for c in text.chars() {
        if c.is_whitespace() || c == ',' {
            continue;
        }
        let tile = Tile::from_char(c).ok_or(TileError::NotATile(c))?;
        if tiles.len() == MAX_TILES {
            return Err(TileError::TooMany(
                text.chars().filter(|c| !c.is_whitespace()).count(),
            ));
        }
        tiles.push(tile);
    }
    if tiles.is_empty() {
        return Err(TileError::Empty);
    }
    Ok(tiles)
}

/// Tiles written the way the REPL prints them: "Q Z X ?".
pub(crate) fn show(tiles: &[Tile]) -> String {
    tiles
        .iter()
        .map(Tile::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many of each tile: a multiset over A-Z and the blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct TileCounts([u32; KINDS]);

impl TileCounts {
    pub(crate) fn of(tiles: &[Tile]) -> TileCounts {
        let mut c = TileCounts::default();
        for t in tiles {
            c.0[t.index()] += 1;
        }
        c
    }

    pub(crate) fn add(&mut self, other: &TileCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a += b;
        }
    }

    pub(crate) fn get(&self, t: Tile) -> u32 {
        self.0[t.index()]
    }

    /// The first tile of which `self` holds more than `limit`, with both numbers.
    pub(crate) fn first_excess(&self, limit: &TileCounts) -> Option<(Tile, u32, u32)> {
        (0..KINDS)
            .find(|i| self.0[*i] > limit.0[*i])
            .map(|i| (Tile::from_index(i), self.0[i], limit.0[i]))
    }

    /// Every tile of which `self` holds more than `limit`, with both numbers, in A..Z
    /// then blank order.
    pub(crate) fn excesses(&self, limit: &TileCounts) -> Vec<(Tile, u32, u32)> {
        (0..KINDS)
            .filter(|i| self.0[*i] > limit.0[*i])
            .map(|i| (Tile::from_index(i), self.0[i], limit.0[i]))
            .collect()
    }

    /// `self` minus `other`, or the first tile `other` has more of.
    pub(crate) fn minus(&self, other: &TileCounts) -> Result<TileCounts, (Tile, u32, u32)> {
        if let Some(excess) = other.first_excess(self) {
            return Err(excess);
        }
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
        Ok(out)
    }

    /// What `self` holds beyond `other`, kind by kind (never below zero).
    pub(crate) fn excess_over(&self, other: &TileCounts) -> TileCounts {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_sub(*b);
        }
        out
    }

    /// The tiles, in A..Z then blank order.
    pub(crate) fn tiles(&self) -> Vec<Tile> {
        let mut v = Vec::new();
        for (i, n) in self.0.iter().enumerate() {
            for _ in 0..*n {
                v.push(Tile::from_index(i));
            }
        }
        v
    }

    pub(crate) fn total(&self) -> u32 {
        self.0.iter().sum()
    }
}

/// One kind of tile in a set file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TileSpec {
    pub(crate) count: u32,
    pub(crate) value: u32,
}

/// A game's tiles: how many of each letter and what each scores. Stored whole in the
/// session header, so a session replays and exports the same whatever happens to the
/// file it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TileSet {
    pub(crate) name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) note: String,
    pub(crate) tiles: BTreeMap<String, TileSpec>,
}

/// Enough for any real set; bounds the work a hand-edited file can cause.
const MAX_COUNT: u32 = 1000;
const MAX_VALUE: u32 = 1000;

impl TileSet {
    /// Reads a set file (the format of `dictionaries/tiles-take-two.json`) and checks it.
    pub(crate) fn from_json(text: &str) -> Result<TileSet, TileError> {
        let value =
            crate::contract::strict_json(text).map_err(|e| TileError::BadSet(e.to_string()))?;
        let set: TileSet =
            serde_json::from_value(value).map_err(|e| TileError::BadSet(e.to_string()))?;
        set.check()?;
        Ok(set)
    }

    /// Every key is one letter or `?`, counts and values are within reason, and there
    /// is at least one tile.
    pub(crate) fn check(&self) -> Result<(), TileError> {
        for (k, spec) in &self.tiles {
            let mut chars = k.chars();
            let ok = matches!((chars.next(), chars.next()), (Some(c), None) if c == '?' || c.is_ascii_uppercase());
            if !ok {
                return Err(TileError::BadSet(format!(
                    "{k:?} is not a tile: keys are the capital letters A-Z and ?"
                )));
            }
            if spec.count > MAX_COUNT || spec.value > MAX_VALUE {
                return Err(TileError::BadSet(format!(
                    "{k}: count and value must be at most {MAX_COUNT}"
                )));
            }
        }
        if self.counts().total() == 0 {
            return Err(TileError::BadSet("the set has no tiles".into()));
        }
        Ok(())
    }

    fn spec(&self, t: Tile) -> Option<&TileSpec> {
        self.tiles.get(&t.to_string())
    }

    pub(crate) fn value(&self, t: Tile) -> u32 {
        self.spec(t).map_or(0, |s| s.value)
    }

    pub(crate) fn counts(&self) -> TileCounts {
        let mut c = TileCounts::default();
        for i in 0..KINDS {
            c.0[i] = self.spec(Tile::from_index(i)).map_or(0, |s| s.count);
        }
        c
    }

    /// The points a set of tiles scores.
    pub(crate) fn score(&self, tiles: &[Tile]) -> u32 {
        tiles.iter().map(|t| self.value(*t)).sum()
    }

    /// "117 + 3 blanks"
    pub(crate) fn size(&self) -> String {
        let c = self.counts();
        let blanks = c.get(Tile::Blank);
        format!("{} + {blanks} blanks", c.total() - blanks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_tiles_ignore_case_and_spaces() {
        let t = parse_tiles("q Z x?").expect("parses");
        assert_eq!(show(&t), "Q Z X ?");
    }

    #[test]
    fn a_character_that_is_no_tile_is_named() {
        assert_eq!(parse_tiles("QZ1"), Err(TileError::NotATile('1')));
        assert_eq!(parse_tiles("é"), Err(TileError::NotATile('é')));
        assert_eq!(parse_tiles("  "), Err(TileError::Empty));
        assert!(matches!(
            parse_tiles(&"A".repeat(5000)),
            Err(TileError::TooMany(5000))
        ));
    }

    #[test]
    fn counts_subtract_and_name_the_first_shortfall() {
        let hand = TileCounts::of(&parse_tiles("AABQ").expect("ok"));
        let used = TileCounts::of(&parse_tiles("ABQ").expect("ok"));
        assert_eq!(show(&hand.minus(&used).expect("fits").tiles()), "A");
        let over = TileCounts::of(&parse_tiles("QQ").expect("ok"));
        assert_eq!(hand.minus(&over), Err((Tile::Letter(b'Q'), 2, 1)));
        // What a grid uses beyond a hand: the second Q, and nothing below zero for the As.
        assert_eq!(show(&over.excess_over(&hand).tiles()), "Q");
        assert_eq!(show(&hand.excess_over(&over).tiles()), "A A B");
    }

    #[test]
    fn a_set_file_with_a_bad_key_is_refused() {
        let bad = r#"{"name":"x","tiles":{"AB":{"count":1,"value":1}}}"#;
        assert!(matches!(TileSet::from_json(bad), Err(TileError::BadSet(_))));
        let empty = r#"{"name":"x","tiles":{}}"#;
        assert!(TileSet::from_json(empty).is_err());
        assert!(TileSet::from_json("not json").is_err());
    }

    /// A count or a value of 1,000 is the most a set file may give; one more is refused
    /// naming the tile.
    #[test]
    fn a_set_files_counts_and_values_stop_at_1000() {
        let set = |count: u32, value: u32| {
            format!(r#"{{"name":"x","tiles":{{"A":{{"count":{count},"value":{value}}}}}}}"#)
        };
        assert!(TileSet::from_json(&set(1000, 1000)).is_ok());
        for (count, value) in [(1001, 1), (1, 1001)] {
            match TileSet::from_json(&set(count, value)) {
                Err(TileError::BadSet(why)) => {
                    assert_eq!(why, "A: count and value must be at most 1000")
                }
                other => panic!("{count}/{value}: {other:?}"),
            }
        }
    }
}
