//! The walk behind the move finder: one depth-first pass over the table's allowed
//! words ([`WordGraph`]) that finds the makes and the takes of every word on the table
//! together.
//!
//! The state is the letters used on the path, counted (as wolges keys its anagram
//! search by letter counts). A child is entered only when its letter can still come
//! from the table, so the work is bounded by the words the letters spell, never by
//! their permutations:
//!
//! - while the path fits in the supply (the centre and the drawn letter) it can still
//!   be a make;
//! - a letter used beyond the supply must come from an old word, so the walk carries
//!   the bit set (`mask`) of the old words that could still supply the excess;
//!   `having(c, k)` is the set of words with more than `k` of letter `c`;
//! - an old word with a letter that is neither on the path nor anywhere below the
//!   node (each node knows the letters below it) is dropped from the mask;
//! - a branch where neither a make nor any take is left is not entered, and below a
//!   node where only makes are left a leaner walk takes over.
//!
//! At a word's end, a take of old word `i` needs all of `i`'s letters and at least one
//! more. Which words' letters the path holds is settled by their letter sets first (a
//! lookup in four small tables, one per seven letters of the path's absent letters),
//! and by counts only for the few words that pass and repeat a letter.
//!
//! The walk finds words in alphabetical order; [`Collect`] keeps each found move in a
//! few dozen bytes (a word of up to 16 letters in place), for [`super::moves`] to order
//! and read.

use crate::lexicon::Plurals;
use crate::lexicon::plurals::irregular_plurals_of;

use super::graph::{LETTERS, Node, WordGraph};
use super::letters::Word;
use super::moves::MoveKind;

/// Distinct table words searched in one walk: one bit each of a `u64`.
pub(super) const WORDS_PER_WALK: usize = 64;

/// Letter counts indexed by letter, padded to 32 so that `c & 31` needs no bounds check.
type Counts = [u8; 32];

/// A found word's letters: in place when it is short (nearly always), else in the
/// buffer of long words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Spelling {
    /// The letters, in capitals, when `len <= SHORT`.
    pub(crate) short: [u8; SHORT],
    /// Where a longer word starts in [`Collect::long`].
    pub(crate) at: u32,
    pub(crate) len: u8,
}

/// Words of up to this many letters are kept in place.
pub(super) const SHORT: usize = 16;

impl Spelling {
    /// The word, given the buffer of long words.
    pub(super) fn word<'t>(&'t self, long: &'t [u8]) -> &'t str {
        let len = usize::from(self.len);
        let bytes = if len <= SHORT {
            self.short.get(..len)
        } else {
            let at = self.at as usize;
            long.get(at..at + len)
        };
        bytes
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or_default()
    }
}

/// One found move: its word and whose word it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Found {
    pub(crate) spelling: Spelling,
    pub(crate) kind: MoveKind,
    /// The table entry taken or protected (0 for a make).
    pub(crate) entry: u32,
}

/// What the walks find, in the order they find it.
#[derive(Debug, Default)]
pub(super) struct Collect {
    /// The letters of words longer than [`SHORT`], one after another.
    pub(crate) long: Vec<u8>,
    pub(crate) found: Vec<Found>,
    /// The letters the walks tried: what the pruning keeps small, the cost of a
    /// search on a crowded table. Counted in tests only (a test holds a small table's
    /// walk to its count), so the search's hot path pays nothing for it.
    #[cfg(test)]
    pub(crate) tried: u64,
}

/// The old words of one walk, with the tables the walk reads.
pub(super) struct OldWords<'w> {
    counts: Vec<Counts>,
    lens: Vec<usize>,
    /// Lowercase, for the plural test.
    keys: Vec<String>,
    /// In capitals, as the path spells them.
    upper: Vec<Vec<u8>>,
    /// WordNet's irregular plurals of each, in capitals.
    irregular: Vec<Vec<Vec<u8>>>,
    /// The table entries holding each word.
    holders: &'w [Vec<u32>],
    /// `have[k][c]`: the words with more than `k` of letter `c`.
    have: Vec<[u64; 32]>,
    /// Per word, the letters it has more than once.
    repeats: Vec<u32>,
    /// `absent[g][b]`: the words with a letter in the seven-letter group `g` picked by
    /// the bits `b` (letters a path lacks, seven at a time).
    absent: [[u64; 128]; 4],
    /// `shorter[n]`: the words of fewer than `n` letters.
    shorter: Vec<u64>,
    /// Every word's bit.
    pub(crate) all: u64,
    /// Takes that only make a word plural are left out (rule 4); not in a names game,
    /// where every word the walk finds is a name the table's set allows on its own
    /// (ADAMS from ADAM: John Adams, no plural).
    plural_rule: bool,
}

impl<'w> OldWords<'w> {
    pub(super) fn new(words: &[&Word], holders: &'w [Vec<u32>]) -> OldWords<'w> {
        let counts: Vec<Counts> = words
            .iter()
            .map(|w| {
                let mut c = [0u8; 32];
                for (slot, n) in c.iter_mut().zip(w.letters().counts()) {
                    *slot = u8::try_from(*n).unwrap_or(u8::MAX);
                }
                c
            })
            .collect();
        let set_of = |c: &Counts, min: u8| {
            c.iter()
                .enumerate()
                .filter(|(_, n)| **n >= min)
                .fold(0u32, |bits, (l, _)| bits | 1 << l)
        };
        let letters: Vec<u32> = counts.iter().map(|c| set_of(c, 1)).collect();
        let repeats = counts.iter().map(|c| set_of(c, 2)).collect();
        let deepest = counts.iter().flatten().copied().max().unwrap_or(0);
        let mut have = vec![[0u64; 32]; usize::from(deepest)];
        for (i, c) in counts.iter().enumerate() {
            for (letter, n) in c.iter().enumerate() {
                for row in have.iter_mut().take(usize::from(*n)) {
                    if let Some(slot) = row.get_mut(letter) {
                        *slot |= 1 << i;
                    }
                }
            }
        }
        let mut absent = [[0u64; 128]; 4];
        for (g, table) in absent.iter_mut().enumerate() {
            for (b, slot) in table.iter_mut().enumerate() {
                let group = (b as u32) << (7 * g);
                *slot = letters
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| *l & group != 0)
                    .fold(0u64, |bits, (i, _)| bits | 1 << i);
            }
        }
        let lens: Vec<usize> = words.iter().map(|w| w.len()).collect();
        let shorter = (0..=LONGEST)
            .map(|n| {
                lens.iter()
                    .enumerate()
                    .filter(|(_, l)| **l < n)
                    .fold(0u64, |bits, (i, _)| bits | 1 << i)
            })
            .collect();
        let keys: Vec<String> = words.iter().map(|w| w.key()).collect();
        let irregular = keys
            .iter()
            .map(|k| {
                irregular_plurals_of(k)
                    .map(|p| p.to_ascii_uppercase().into_bytes())
                    .collect()
            })
            .collect();
        OldWords {
            all: match words.len() {
                0 => 0,
                n if n >= 64 => u64::MAX,
                n => (1u64 << n) - 1,
            },
            counts,
            lens,
            upper: words
                .iter()
                .map(|w| w.as_str().as_bytes().to_vec())
                .collect(),
            keys,
            irregular,
            holders,
            have,
            repeats,
            absent,
            shorter,
            plural_rule: true,
        }
    }

    /// The same words in a names game (rule 7): a take to another name is no plural.
    pub(super) fn names_game(mut self, names: bool) -> OldWords<'w> {
        self.plural_rule = !names;
        self
    }

    /// The words with any of `letters`.
    #[inline]
    fn with_any(&self, letters: u32) -> u64 {
        self.absent[0][(letters & 127) as usize]
            | self.absent[1][((letters >> 7) & 127) as usize]
            | self.absent[2][((letters >> 14) & 127) as usize]
            | self.absent[3][((letters >> 21) & 31) as usize]
    }

    /// The words with more than `k` of letter `c`.
    #[inline]
    fn having(&self, c: usize, k: u8) -> u64 {
        self.have.get(usize::from(k)).map_or(0, |row| row[c & 31])
    }

    /// The words in `mask` whose letters `used` holds all of; `present` is the set of
    /// letters `used` has.
    fn held_in(&self, mask: u64, present: u32, used: &Counts) -> u64 {
        let mut held = mask & !self.with_any(!present);
        let mut check = held;
        while check != 0 {
            let i = check.trailing_zeros() as usize;
            check &= check - 1;
            let mut repeats = self.repeats.get(i).copied().unwrap_or(0);
            while repeats != 0 {
                let c = repeats.trailing_zeros() as usize;
                repeats &= repeats - 1;
                let need = self.counts.get(i).map_or(0, |n| n[c & 31]);
                if used[c & 31] < need {
                    held &= !(1 << i);
                    break;
                }
            }
        }
        held
    }
}

/// The longest word a move can form: longer keys do not fold.
pub(super) const LONGEST: usize = crate::lexicon::fold::MAX_KEY_LEN;

/// The walk's state: the letters used on the path and what is still possible.
pub(super) struct Walk<'a> {
    graph: &'a WordGraph,
    plurals: &'a Plurals,
    pool: Counts,
    olds: &'a OldWords<'a>,
    /// Per table entry: held by the mover.
    own: &'a [bool],
    used: Counts,
    /// The letters the path has.
    present: u32,
    /// The letters the supply still has (bit c: `used[c] < pool[c]`).
    left: u32,
    /// The path's letters, in capitals: the first `depth` of `path`.
    path: [u8; LONGEST],
    depth: usize,
    /// The path in lowercase, for the plural test.
    lower: String,
    /// The first letters walked.
    roots: u32,
    out: &'a mut Collect,
}

impl<'a> Walk<'a> {
    pub(super) fn new(
        graph: &'a WordGraph,
        plurals: &'a Plurals,
        pool: &[u16; 26],
        olds: &'a OldWords<'a>,
        own: &'a [bool],
        out: &'a mut Collect,
    ) -> Walk<'a> {
        let mut counts = [0u8; 32];
        for (slot, n) in counts.iter_mut().zip(pool.iter()) {
            *slot = u8::try_from(*n).unwrap_or(u8::MAX);
        }
        let left = counts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .fold(0, |bits, (c, _)| bits | 1 << c);
        Walk {
            graph,
            plurals,
            pool: counts,
            olds,
            own,
            used: [0; 32],
            present: 0,
            left,
            path: [0; LONGEST],
            depth: 0,
            lower: String::with_capacity(LONGEST),
            roots: LETTERS,
            out,
        }
    }

    /// Walks the words that start with one of `roots` (a set of letters): makes when
    /// `makes`, and the takes of every old word.
    pub(super) fn run(&mut self, makes: bool, roots: u32) {
        self.roots = roots;
        if makes || self.olds.all != 0 {
            self.down(self.graph.root(), makes, self.olds.all);
        }
    }

    /// Walks the children of `node` the path may still use. The children lie in
    /// letter order from `node.first`, so the index counts along with the letters.
    fn down(&mut self, node: Node, make: bool, mask: u64) {
        let letters = node.letters();
        let mut usable = letters & self.left;
        if mask != 0 {
            // A letter the supply has run out of, if an old word can give one more.
            let mut spent = letters & !self.left;
            while spent != 0 {
                let c = spent.trailing_zeros() as usize;
                spent &= spent - 1;
                let beyond = self.used[c & 31].saturating_sub(self.pool[c & 31]);
                if self.olds.having(c, beyond) & mask != 0 {
                    usable |= 1 << c;
                }
            }
        }
        if self.depth == 0 {
            usable &= self.roots;
        }
        let mut letters = letters;
        let mut at = node.first;
        while letters & usable != 0 {
            let c = letters.trailing_zeros() as usize;
            letters &= letters - 1;
            let here = at;
            at += 1;
            if usable & (1 << c) == 0 {
                continue;
            }
            if let Some(child) = self.graph.node(here) {
                if mask == 0 {
                    self.step_make(c, child);
                } else {
                    self.step(c, child, make, mask);
                }
            }
        }
    }

    /// [`Walk::down`] below a path where only makes are left.
    fn down_make(&mut self, node: Node) {
        let mut letters = node.letters();
        let mut at = node.first;
        while letters & self.left != 0 {
            let c = letters.trailing_zeros() as usize;
            letters &= letters - 1;
            let here = at;
            at += 1;
            if self.left & (1 << c) != 0
                && let Some(child) = self.graph.node(here)
            {
                self.step_make(c, child);
            }
        }
    }

    /// A step where only makes are possible: the letter is the supply's.
    fn step_make(&mut self, c: usize, node: Node) {
        #[cfg(test)]
        {
            self.out.tried += 1;
        }
        let used = self.used[c & 31];
        let now = used.saturating_add(1);
        if now > self.pool[c & 31] {
            return;
        }
        // Only makes are left below: the letters present no longer matter.
        let left = self.left;
        if now == self.pool[c & 31] {
            self.left &= !(1 << c);
        }
        self.used[c & 31] = now;
        self.push(c);
        if node.is_word() {
            self.reached_make();
        }
        if node.letters() != 0 {
            self.down_make(node);
        }
        self.depth -= 1;
        self.used[c & 31] = used;
        self.left = left;
    }

    /// A step while some take is possible.
    fn step(&mut self, c: usize, node: Node, make: bool, mask: u64) {
        #[cfg(test)]
        {
            self.out.tried += 1;
        }
        let used = self.used[c & 31];
        let pool = self.pool[c & 31];
        let now = used.saturating_add(1);
        let (make, mut next) = if now <= pool {
            (make, mask)
        } else {
            (false, mask & self.olds.having(c, now - pool - 1))
        };
        let present = self.present | 1 << c;
        // An old word with a letter neither on the path nor anywhere below is out of
        // reach.
        next &= !self.olds.with_any(!present & !node.below);
        if !make && next == 0 {
            return;
        }
        let (left, present) = (self.left, std::mem::replace(&mut self.present, present));
        self.used[c & 31] = now;
        if now >= pool {
            self.left &= !(1 << c);
        }
        self.push(c);
        if node.is_word() {
            self.reached(make, next);
        }
        if node.letters() != 0 {
            self.down(node, make, next);
        }
        self.depth -= 1;
        self.used[c & 31] = used;
        (self.left, self.present) = (left, present);
    }

    /// Adds letter `c` to the path.
    #[inline]
    fn push(&mut self, c: usize) {
        if let Some(slot) = self.path.get_mut(self.depth) {
            *slot = b'A' + c as u8;
        }
        self.depth += 1;
    }

    /// The path's letters.
    fn key(&self) -> &[u8] {
        self.path.get(..self.depth).unwrap_or_default()
    }

    /// The path's spelling, kept in place or (when long) in the buffer.
    fn spelling(&mut self) -> Option<Spelling> {
        let len = u8::try_from(self.depth).ok()?;
        let mut spelling = Spelling {
            short: [0; SHORT],
            at: 0,
            len,
        };
        match self.path.first_chunk::<SHORT>() {
            Some(block) if self.depth <= SHORT => spelling.short = *block,
            _ => {
                spelling.at = u32::try_from(self.out.long.len()).ok()?;
                self.out
                    .long
                    .extend_from_slice(self.path.get(..self.depth)?);
            }
        }
        Some(spelling)
    }

    /// At a word's end where only a make is possible.
    fn reached_make(&mut self) {
        if let Some(spelling) = self.spelling() {
            self.out.found.push(Found {
                spelling,
                kind: MoveKind::Make,
                entry: 0,
            });
        }
    }

    /// At a word's end: record it as a make and as a take of each word it takes.
    fn reached(&mut self, make: bool, mask: u64) {
        let len = self.depth;
        let shorter = mask & self.olds.shorter.get(len).copied().unwrap_or(0);
        let held = if shorter == 0 {
            0
        } else {
            self.olds.held_in(shorter, self.present, &self.used)
        };
        if !make && held == 0 {
            return;
        }
        let Some(spelling) = self.spelling() else {
            return;
        };
        if make {
            self.out.found.push(Found {
                spelling,
                kind: MoveKind::Make,
                entry: 0,
            });
        }
        let mut bits = held;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.takes_of(i, spelling);
        }
    }

    /// Records the path as a take or protection of old word `i`, for each holder the
    /// rules allow it to.
    fn takes_of(&mut self, i: usize, spelling: Spelling) {
        let len = spelling.len;
        let Some(&old_len) = self.olds.lens.get(i) else {
            return;
        };
        // The old word as it stands with an S after it (BRACKET -> BRACKETS), and
        // nothing else: rule 4 lets a player add an S to their own word, and a
        // rearrangement (BRACKET -> BACKREST) is taking one's own word, which it does not.
        let plus_s = usize::from(len) == old_len + 1
            && self.key().last() == Some(&b'S')
            && self
                .olds
                .upper
                .get(i)
                .is_some_and(|old| self.key().starts_with(old));
        let mut plural = None;
        let holders = self.olds.holders.get(i).map_or(&[][..], Vec::as_slice);
        for &e in holders {
            let kind = if self.own.get(e as usize).copied().unwrap_or(false) {
                if !plus_s {
                    continue;
                }
                MoveKind::Protect
            } else {
                let only_plural = match plural {
                    _ if !self.olds.plural_rule => false,
                    Some(p) => p,
                    None => {
                        let p = self.plural_only(i, usize::from(len) - old_len);
                        plural = Some(p);
                        p
                    }
                };
                if only_plural {
                    continue;
                }
                MoveKind::Take
            };
            self.out.found.push(Found {
                spelling,
                kind,
                entry: e,
            });
        }
    }

    /// True when the path is only a plural of old word `i`, `grown` letters longer.
    fn plural_only(&mut self, i: usize, grown: usize) -> bool {
        if self
            .olds
            .irregular
            .get(i)
            .is_some_and(|list| list.iter().any(|p| p.as_slice() == self.key()))
        {
            return true;
        }
        // The regular endings add one or two letters (+S, +ES, Y -> IES) and keep the
        // old word but for its last letter in front.
        let stem = self
            .olds
            .upper
            .get(i)
            .and_then(|old| old.split_last())
            .map_or(&[][..], |(_, stem)| stem);
        if grown > 2 || !self.key().starts_with(stem) {
            return false;
        }
        self.lower.clear();
        for b in self.path.get(..self.depth).unwrap_or_default() {
            self.lower.push(char::from(b.to_ascii_lowercase()));
        }
        self.olds
            .keys
            .get(i)
            .is_some_and(|old| self.plurals.regular_only(old, &self.lower).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::word_taking::letters::Letters;

    /// The letters of `word` as the search's bits (A is bit 0).
    fn bits(word: &str) -> u32 {
        word.bytes().fold(0, |b, c| b | 1 << (c - b'A'))
    }

    /// The words a walk finds with `table`'s words (each its own owner's) and `supply`
    /// in the centre, and the letters it tried.
    fn walk(table: &[&str], supply: &str) -> (Vec<String>, u64) {
        let graph = WordGraph::from_keys([
            "cat", "cats", "cast", "scat", "act", "acts", "see", "seed", "sees", "tees", "set",
            "sect", "stet", "tact", "eel", "ease", "tease", "sea", "tea", "eat",
            // Not a word, but a path that needs three Es: SEE's take with an E, never a
            // make from the two Es of a centre.
            "seee",
        ]);
        let plurals = Plurals::new().expect("built in");
        let words: Vec<Word> = table
            .iter()
            .map(|w| Word::parse(w).expect("a word"))
            .collect();
        let refs: Vec<&Word> = words.iter().collect();
        let holders: Vec<Vec<u32>> = (0..table.len() as u32).map(|i| vec![i]).collect();
        let own = vec![false; table.len()];
        let olds = OldWords::new(&refs, &holders);
        let pool = *Letters::parse(supply).expect("letters").counts();
        let mut out = Collect::default();
        Walk::new(&graph, &plurals, &pool, &olds, &own, &mut out).run(true, LETTERS);
        let found = out
            .found
            .iter()
            .map(|f| f.spelling.word(&out.long).to_string())
            .collect();
        (found, out.tried)
    }

    #[test]
    fn a_walk_tries_only_the_letters_the_supply_or_an_old_word_can_give() {
        let (found, tried) = walk(&["CAT", "SEE"], "STE");
        assert_eq!(
            found,
            ["ACTS", "CAST", "SCAT", "SEEE", "SET", "TACT", "TEES"]
        );
        assert_eq!(tried, 32, "the letters tried");
        let (found, tried) = walk(&[], "EELAST");
        assert_eq!(
            found,
            [
                "EASE", "EAT", "EEL", "SEA", "SEE", "SET", "TEA", "TEASE", "TEES"
            ]
        );
        assert_eq!(tried, 23, "the letters tried");
    }

    #[test]
    fn the_words_with_any_letter_are_found_in_every_group_of_seven_at_once() {
        let words = ["AH", "BIZ", "OX"].map(|w| Word::parse(w).expect("a word"));
        let refs: Vec<&Word> = words.iter().collect();
        let holders = vec![Vec::new(); words.len()];
        let olds = OldWords::new(&refs, &holders);
        // A (group 1) and H (group 2) are both AH's: it is found once, not cancelled.
        assert_eq!(olds.with_any(bits("AH")), 0b001);
        assert_eq!(olds.with_any(bits("BHZ")), 0b011);
        assert_eq!(olds.with_any(bits("AIOXZ")), 0b111);
        assert_eq!(olds.with_any(bits("CDEFG")), 0);
        assert_eq!(olds.with_any(bits("X")), 0b100);
    }
}
