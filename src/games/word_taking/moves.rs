//! Every make and take the table allows: what `missed` lists after a turn, and what
//! `umpire word-moves` prints.
//!
//! # The search
//!
//! The dictionary's fst is walked once, depth first, with the letters still available
//! as the state (as wolges keys its anagram search by letter counts): a branch is
//! followed only while the letters on the path can still come from the table, so the
//! work is bounded by the words the letters can spell, never by their permutations.
//!
//! One walk serves the makes and the takes of every word on the table together. The
//! path's letters are counted; while they fit in the supply (the centre and the drawn
//! letter) the path can still be a make. Each letter used beyond the supply must come
//! from an old word, so the walk also carries a bit set of the table's words that could
//! still supply the excess (`have[k][c]`: the words with at least `k` of letter `c`),
//! and abandons the branch when neither a make nor any take remains possible. At a word's
//! end, a take of old word `i` is kept when the word holds all of `i`'s letters and at
//! least one more. A table's distinct words are searched 64 at a time (one `u64`).
//!
//! Only words the table's rules allow are listed, and takes that only make a word
//! plural are left out (rule 4). A player's own words are listed only as protections:
//! the word plus one S (rule 4), plural or not.
//!
//! # Order and size
//!
//! The list is deterministic: takes first, by the order the table's words were given,
//! then protections in the same order, then makes; within each, longest word first,
//! then alphabetical. A centre of 40 letters makes thousands of words, so
//! [`summarize`] cuts the list for the prompt: per taken word, per protected word and
//! for the makes, the [`MISSED_SHOWN`] longest with the count of all. The one-shot
//! JSON lists everything.

use std::cmp::Reverse;
use std::fmt;

use fst::raw::{Fst, Node};
use serde::Serialize;
use thiserror::Error;

use super::letters::{Letter, Letters, Word};
use super::referee::Referee;
use super::supply::{Added, Supply};

/// How many moves of each group `missed` shows before "and N more".
pub const MISSED_SHOWN: usize = 3;

/// Distinct table words searched in one walk: one bit each of a `u64`.
const WORDS_PER_WALK: usize = 64;

/// A word on the table and who holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldWord {
    pub owner: String,
    pub word: Word,
}

/// What kind of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// Another player's word, with letters added.
    Take,
    /// One's own word with an S added (rule 4).
    Protect,
    /// A new word from the centre and the drawn letter.
    Make,
}

/// One possible move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    pub kind: MoveKind,
    /// The word the move would form.
    pub word: Word,
    /// The word taken or protected; `None` for a make.
    pub from: Option<Word>,
    /// Who holds `from`; `None` for a make.
    pub owner: Option<String>,
    /// The letters added (all of a make's letters), by where they come from.
    pub added: Added,
}

/// The dictionary could not be walked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the dictionary cannot be searched ({0}); rebuild umpire or the word list")]
pub struct MovesError(String);

/// The move finder over one dictionary and one table's rules.
pub struct Finder<'a> {
    referee: Referee<'a>,
    fst: Fst<&'a [u8]>,
}

impl<'a> Finder<'a> {
    /// Opens the referee's dictionary for walking (no copy, no parsing).
    pub fn new(referee: Referee<'a>) -> Result<Finder<'a>, MovesError> {
        let fst =
            Fst::new(referee.lexicon.key_fst_bytes()).map_err(|e| MovesError(e.to_string()))?;
        Ok(Finder { referee, fst })
    }

    /// Every make from `supply` and every take of `words`, as seen by `mover`: takes of
    /// words `mover` does not hold, protections of the words they do. With no mover,
    /// every word is a take (a player who holds none of them).
    pub fn find(&self, supply: &Supply, words: &[HeldWord], mover: Option<&str>) -> Vec<Move> {
        let entries = distinct_entries(words);
        let mut distinct: Vec<&Word> = Vec::new();
        for e in &entries {
            if !distinct.contains(&e.word) {
                distinct.push(e.word);
            }
        }
        let mut moves = Vec::new();
        let mut chunks = distinct.chunks(WORDS_PER_WALK).peekable();
        let mut first = true;
        // An empty table still has makes: one walk with no words.
        let empty: [&Word; 0] = [];
        let mut chunk = chunks.next().unwrap_or(&empty);
        loop {
            let hits = self.walk(supply, chunk, first);
            for hit in hits {
                if !self.referee.allows_key(&hit.key) {
                    continue;
                }
                let Ok(word) = Word::parse(&hit.key) else {
                    continue;
                };
                if hit.make
                    && let Ok(added) = supply.provide(&word.letters())
                {
                    moves.push((
                        0,
                        Move {
                            kind: MoveKind::Make,
                            word: word.clone(),
                            from: None,
                            owner: None,
                            added,
                        },
                    ));
                }
                let mut bits = hit.takes;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let Some(old) = chunk.get(i) else { continue };
                    for (order, e) in entries.iter().enumerate() {
                        if e.word == *old
                            && let Some(m) = self.take_move(supply, e, &word, mover)
                        {
                            moves.push((order, m));
                        }
                    }
                }
            }
            first = false;
            match chunks.next() {
                Some(next) => chunk = next,
                None => break,
            }
        }
        moves.sort_by(|(oa, a), (ob, b)| {
            (a.kind, *oa, Reverse(a.word.len()), &a.word).cmp(&(
                b.kind,
                *ob,
                Reverse(b.word.len()),
                &b.word,
            ))
        });
        moves.into_iter().map(|(_, m)| m).collect()
    }

    /// The move `new` makes of a held word, if the rules allow it to `mover`.
    fn take_move(
        &self,
        supply: &Supply,
        held: &Entry<'_>,
        new: &Word,
        mover: Option<&str>,
    ) -> Option<Move> {
        let own = mover.is_some_and(|m| m.eq_ignore_ascii_case(held.owner));
        let added_letters = new.letters().minus(&held.word.letters())?;
        let kind = if own {
            let s_only = added_letters.len() == 1 && added_letters.count(Letter::S) == 1;
            if !s_only {
                return None;
            }
            MoveKind::Protect
        } else {
            if self
                .referee
                .plural_only(&held.word.key(), &new.key())
                .is_some()
            {
                return None;
            }
            MoveKind::Take
        };
        let added = supply.provide(&added_letters).ok()?;
        Some(Move {
            kind,
            word: new.clone(),
            from: Some(held.word.clone()),
            owner: Some(held.owner.to_string()),
            added,
        })
    }

    /// One walk of the fst for the makes (when `makes`) and the takes of `words`.
    fn walk(&self, supply: &Supply, words: &[&Word], makes: bool) -> Vec<Hit> {
        let counts: Vec<[u8; 26]> = words.iter().map(|w| small(&w.letters())).collect();
        let deepest = counts
            .iter()
            .flat_map(|c| c.iter())
            .copied()
            .max()
            .unwrap_or(0);
        let mut have = vec![[0u64; 26]; usize::from(deepest)];
        for (i, c) in counts.iter().enumerate() {
            for (letter, n) in c.iter().enumerate() {
                for k in 0..usize::from(*n) {
                    if let Some(slot) = have.get_mut(k).and_then(|row| row.get_mut(letter)) {
                        *slot |= 1 << i;
                    }
                }
            }
        }
        let mask = match words.len() {
            0 => 0,
            n if n >= 64 => u64::MAX,
            n => (1u64 << n) - 1,
        };
        let mut walk = Walk {
            fst: &self.fst,
            pool: small(&supply.all()),
            have: &have,
            words: &counts,
            lens: words.iter().map(|w| w.len()).collect(),
            min_len: self.referee.rules.min_length.max(1),
            used: [0; 26],
            key: Vec::with_capacity(32),
            hits: Vec::new(),
        };
        if makes || mask != 0 {
            walk.down(self.fst.root(), makes, mask);
        }
        walk.hits
    }
}

/// A table entry with the owner borrowed.
struct Entry<'w> {
    owner: &'w str,
    word: &'w Word,
}

/// The table's (owner, word) pairs, each once, in the order first given.
fn distinct_entries(words: &[HeldWord]) -> Vec<Entry<'_>> {
    let mut out: Vec<Entry<'_>> = Vec::new();
    for h in words {
        if !out.iter().any(|e| e.owner == h.owner && *e.word == h.word) {
            out.push(Entry {
                owner: &h.owner,
                word: &h.word,
            });
        }
    }
    out
}

/// Counts as bytes: no word is longer than 64 letters, so more than 255 of a letter
/// never changes an answer.
fn small(letters: &Letters) -> [u8; 26] {
    let mut out = [0u8; 26];
    for (o, n) in out.iter_mut().zip(letters.counts().iter()) {
        *o = u8::try_from(*n).unwrap_or(u8::MAX);
    }
    out
}

/// A dictionary key the walk reached that some move may use.
struct Hit {
    key: String,
    /// Its letters all come from the supply.
    make: bool,
    /// The table words (bits) it takes: it holds all their letters and more.
    takes: u64,
}

/// The walk's state: the letters used on the path and what is still possible.
struct Walk<'f, 'w> {
    fst: &'f Fst<&'f [u8]>,
    pool: [u8; 26],
    have: &'w [[u64; 26]],
    words: &'w [[u8; 26]],
    lens: Vec<usize>,
    min_len: usize,
    used: [u8; 26],
    key: Vec<u8>,
    hits: Vec<Hit>,
}

impl Walk<'_, '_> {
    fn down(&mut self, node: Node<'_>, make: bool, mask: u64) {
        if node.is_final() && self.key.len() >= self.min_len {
            self.reached(make, mask);
        }
        let fst = self.fst;
        for t in node.transitions() {
            let Some(c) = t.inp.checked_sub(b'a').map(usize::from).filter(|c| *c < 26) else {
                continue;
            };
            let (Some(used), Some(pool)) = (self.used.get(c).copied(), self.pool.get(c).copied())
            else {
                continue;
            };
            let now = used.saturating_add(1);
            let (next_make, next_mask) = if now <= pool {
                (make, mask)
            } else {
                let beyond = usize::from(now - pool);
                let can = self
                    .have
                    .get(beyond - 1)
                    .and_then(|row| row.get(c))
                    .copied()
                    .unwrap_or(0);
                (false, mask & can)
            };
            if !next_make && next_mask == 0 {
                continue;
            }
            if let Some(slot) = self.used.get_mut(c) {
                *slot = now;
            }
            self.key.push(t.inp);
            self.down(fst.node(t.addr), next_make, next_mask);
            self.key.pop();
            if let Some(slot) = self.used.get_mut(c) {
                *slot = used;
            }
        }
    }

    /// At a word's end: keep it when it is a make or takes some word.
    fn reached(&mut self, make: bool, mask: u64) {
        let len = self.key.len();
        let mut takes = 0u64;
        let mut bits = mask;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let longer = self.lens.get(i).is_some_and(|l| *l < len);
            let holds = self.words.get(i).is_some_and(|w| {
                w.iter()
                    .zip(self.used.iter())
                    .all(|(need, got)| got >= need)
            });
            if longer && holds {
                takes |= 1 << i;
            }
        }
        if make || takes != 0 {
            self.hits.push(Hit {
                key: String::from_utf8_lossy(&self.key).into_owned(),
                make,
                takes,
            });
        }
    }
}

/// One group of the cut list: a taken word, a protected word, or the makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveGroup<'m> {
    pub kind: MoveKind,
    pub from: Option<&'m Word>,
    pub owner: Option<&'m str>,
    /// How many moves the group has in all.
    pub total: usize,
    /// The longest few.
    pub shown: &'m [Move],
}

/// Cuts a found list (in [`Finder::find`]'s order) to the `keep` longest moves of each
/// group, with each group's count.
pub fn summarize(moves: &[Move], keep: usize) -> Vec<MoveGroup<'_>> {
    moves
        .chunk_by(|a, b| a.kind == b.kind && a.from == b.from && a.owner == b.owner)
        .map(|group| MoveGroup {
            kind: group.first().map_or(MoveKind::Make, |m| m.kind),
            from: group.first().and_then(|m| m.from.as_ref()),
            owner: group.first().and_then(|m| m.owner.as_deref()),
            total: group.len(),
            shown: group.get(..keep.min(group.len())).unwrap_or_default(),
        })
        .collect()
}

impl fmt::Display for MoveGroup<'_> {
    /// "take bob's AMPLE: SAMPLE (+S), MAPLES (+S) and 2 more".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind, self.owner, self.from) {
            (MoveKind::Make, _, _) | (_, None, _) | (_, _, None) => f.write_str("make")?,
            (MoveKind::Take, Some(o), Some(w)) => write!(f, "take {o}'s {w}")?,
            (MoveKind::Protect, Some(o), Some(w)) => write!(f, "{o} may protect {w}")?,
        }
        f.write_str(": ")?;
        for (i, m) in self.shown.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", m.word)?;
            if m.kind != MoveKind::Make {
                write!(f, " (+{})", m.added.letters().compact())?;
            }
        }
        let more = self.total.saturating_sub(self.shown.len());
        if more > 0 {
            write!(f, " and {more} more")?;
        }
        Ok(())
    }
}
