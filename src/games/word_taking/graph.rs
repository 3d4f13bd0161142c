//! The words a table's rules allow, as a letter trie built for walking.
//!
//! The move finder walks every path its letters can spell. Walking the dictionary's
//! fst directly would meet every key the letters spell, barred ones included, and
//! judge each on the way: a centre of 40 letters spells about 600,000 keys, and a
//! judgement costs about a microsecond. So the words the rules allow are judged once,
//! when a table's rules are known, into this trie; a walk then meets only allowed
//! words and costs a few nanoseconds a step.
//!
//! A node is twelve bytes: a 26-bit set of the letters its children spell, a flag for
//! "a word ends here", its height, the set of letters anywhere below it, and where its
//! children start; the children lie side by side in letter order. A walk that knows which letters it may still use intersects the two
//! sets and visits only those children, finding each by counting the bits below its
//! letter, so it never reads a node it cannot use. The trie is first built in preorder
//! from the fst's sorted keys (each node linked to its next sibling), then laid out
//! depth first, a node's children in one block, for locality. For the embedded
//! dictionary under word-taking rules: about 254,000 words in 580,000 nodes (7 MB).

use fst::Streamer;
use fst::raw::Fst;
use thiserror::Error;

use crate::lexicon::{Lexicon, Rules, allows};

use super::letters::Letters;

/// The dictionary could not be read into a graph.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the dictionary cannot be searched ({0}); rebuild umpire or the word list")]
pub struct GraphError(pub String);

/// The bits of [`Node::bits`] that say which letters the children spell (A = bit 0).
pub(super) const LETTERS: u32 = (1 << 26) - 1;
/// The bit of [`Node::bits`] that says a word ends at the node.
pub(super) const WORD: u32 = 1 << 31;
/// Where [`Node::bits`] keeps the node's height: the most letters any word adds below
/// it (at most [`MAX_HEIGHT`]).
const HEIGHT_SHIFT: u32 = 26;
pub(super) const MAX_HEIGHT: u32 = 31;

/// One node: the path of letters from the root to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Node {
    /// Where the children's block starts.
    pub first: u32,
    /// The children's letters ([`LETTERS`]), the height and [`WORD`].
    pub bits: u32,
    /// Every letter of every path below (a take search drops an old word whose
    /// letters the path lacks and no path below has).
    pub below: u32,
}

impl Node {
    /// True when an allowed word ends here.
    pub fn is_word(self) -> bool {
        self.bits & WORD != 0
    }

    /// The children's letters, as a 26-bit set.
    pub fn letters(self) -> u32 {
        self.bits & LETTERS
    }

    /// The most letters a word below adds to this path (capped at [`MAX_HEIGHT`]).
    pub fn height(self) -> u32 {
        (self.bits >> HEIGHT_SHIFT) & MAX_HEIGHT
    }
}

/// Every word a table's rules allow, as a trie. Built once for a session's rules.
#[derive(Debug, Clone)]
pub struct WordGraph {
    /// Node 0 is the root (the empty path).
    nodes: Vec<Node>,
    words: usize,
}

impl WordGraph {
    /// Judges every key of `lexicon` under `rules` and keeps the allowed ones. Costs a
    /// judgement a key (about 0.2 s for the embedded dictionary): build it once for a
    /// table and keep it.
    pub fn build(lexicon: &Lexicon, rules: &Rules) -> Result<WordGraph, GraphError> {
        WordGraph::build_where(lexicon, rules, |_| true)
    }

    /// Only the allowed words spelt from `bound`'s letters: enough for searches whose
    /// letters (supply and table words together) lie within it, and far cheaper to
    /// build for a few letters, since only the keys that fit are judged.
    pub fn build_within(
        lexicon: &Lexicon,
        rules: &Rules,
        bound: &Letters,
    ) -> Result<WordGraph, GraphError> {
        let mut limit = [0u16; 26];
        limit.copy_from_slice(bound.counts());
        WordGraph::build_where(lexicon, rules, |key| {
            let mut left = limit;
            key.iter().all(|b| {
                left.get_mut(usize::from(b - b'a'))
                    .and_then(|n| n.checked_sub(1).map(|m| *n = m))
                    .is_some()
            })
        })
    }

    fn build_where(
        lexicon: &Lexicon,
        rules: &Rules,
        wanted: impl Fn(&[u8]) -> bool,
    ) -> Result<WordGraph, GraphError> {
        let fst = Fst::new(lexicon.key_fst_bytes()).map_err(|e| GraphError(e.to_string()))?;
        let mut builder = Builder::default();
        let mut stream = fst.stream();
        while let Some((key, _)) = stream.next() {
            if key.iter().all(u8::is_ascii_lowercase)
                && wanted(key)
                && let Ok(text) = std::str::from_utf8(key)
                && allows(lexicon, rules, text)
            {
                builder.insert(key);
            }
        }
        Ok(builder.finish())
    }

    /// A graph of the given words (lowercase keys), for tests and small lists. Keys
    /// need not be sorted; anything but a-z is skipped.
    pub fn from_keys<'k>(keys: impl IntoIterator<Item = &'k str>) -> WordGraph {
        let mut keys: Vec<&str> = keys
            .into_iter()
            .filter(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_lowercase()))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        let mut builder = Builder::default();
        for k in keys {
            builder.insert(k.as_bytes());
        }
        builder.finish()
    }

    /// How many words it holds.
    pub fn words(&self) -> usize {
        self.words
    }

    /// How many nodes (letters on paths) it holds.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The empty path.
    pub(super) fn root(&self) -> Node {
        self.nodes.first().copied().unwrap_or_default()
    }

    /// The node at index `at`.
    #[inline]
    pub(super) fn node(&self, at: u32) -> Option<Node> {
        self.nodes.get(at as usize).copied()
    }

    /// The child of `node` for letter `c` (0 for A), which its letters must include.
    #[cfg(test)]
    fn child(&self, node: Node, c: u32) -> Option<Node> {
        let below = node.bits & LETTERS & ((1u32 << c) - 1);
        let at = node.first as usize + below.count_ones() as usize;
        self.nodes.get(at).copied()
    }
}

/// A node of the preorder trie the builder makes first.
#[derive(Debug, Clone, Copy)]
struct Link {
    /// The next sibling's index; 0 when there is none (no sibling can be node 0).
    next: u32,
    letter: u8,
    word: bool,
    /// The node has children; the first is the next node.
    parent: bool,
}

/// Builds the trie from keys given in sorted order.
#[derive(Default)]
struct Builder {
    nodes: Vec<Link>,
    /// The node at each depth of the last key.
    path: Vec<u32>,
    last: Vec<u8>,
    words: usize,
}

impl Builder {
    fn insert(&mut self, key: &[u8]) {
        if key.is_empty() || key <= self.last.as_slice() {
            return;
        }
        let common = key
            .iter()
            .zip(self.last.iter())
            .take_while(|(a, b)| a == b)
            .count();
        for (depth, &byte) in key.iter().enumerate().skip(common) {
            let Ok(index) = u32::try_from(self.nodes.len()) else {
                return;
            };
            if depth == common && self.last.len() > depth {
                // A sibling of the last key's node at this depth.
                if let Some(prev) = self
                    .path
                    .get(depth)
                    .and_then(|p| self.nodes.get_mut(*p as usize))
                {
                    prev.next = index;
                }
            } else if let Some(parent) = depth
                .checked_sub(1)
                .and_then(|d| self.path.get(d))
                .and_then(|p| self.nodes.get_mut(*p as usize))
            {
                // The first child: the node just before it.
                parent.parent = true;
            }
            self.path.truncate(depth);
            self.path.push(index);
            self.nodes.push(Link {
                next: 0,
                letter: byte - b'a',
                word: false,
                parent: false,
            });
        }
        if let Some(end) = self
            .path
            .get(key.len() - 1)
            .and_then(|p| self.nodes.get_mut(*p as usize))
        {
            end.word = true;
            self.words += 1;
        }
        self.last.clear();
        self.last.extend_from_slice(key);
    }

    /// Lays the preorder trie out with each node's children in one block, depth first.
    fn finish(self) -> WordGraph {
        let links = self.nodes;
        let mut nodes = vec![Node::default()];
        // (new index of a node, preorder index of its first child)
        let mut stack: Vec<(usize, u32)> = Vec::new();
        if !links.is_empty() {
            stack.push((0, 0));
        }
        let mut block = Vec::new();
        while let Some((at, first)) = stack.pop() {
            let start = nodes.len();
            let mut bits = 0u32;
            block.clear();
            let mut i = first;
            while let Some(link) = links.get(i as usize) {
                bits |= 1 << link.letter;
                block.push((nodes.len(), link.parent.then_some(i + 1)));
                nodes.push(Node {
                    first: 0,
                    bits: if link.word { WORD } else { 0 },
                    below: 0,
                });
                if link.next == 0 {
                    break;
                }
                i = link.next;
            }
            if let (Some(node), Ok(start)) = (nodes.get_mut(at), u32::try_from(start)) {
                node.first = start;
                node.bits |= bits;
            }
            // The first child's children are laid out next.
            for (child, grandchildren) in block.iter().rev() {
                if let Some(g) = grandchildren {
                    stack.push((*child, *g));
                }
            }
        }
        // Children come after their parent, so heights fill in from the end.
        for i in (0..nodes.len()).rev() {
            let Some(node) = nodes.get(i).copied() else {
                continue;
            };
            let kids = node.letters().count_ones() as usize;
            let start = node.first as usize;
            let children = nodes.get(start..start + kids).unwrap_or_default();
            let height = children
                .iter()
                .map(|k| (k.height() + 1).min(MAX_HEIGHT))
                .max()
                .unwrap_or(0);
            let below = children
                .iter()
                .fold(node.letters(), |letters, k| letters | k.below);
            if let Some(n) = nodes.get_mut(i) {
                n.bits |= height << HEIGHT_SHIFT;
                n.below = below;
            }
        }
        WordGraph {
            nodes,
            words: self.words,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word, by walking the trie depth first.
    fn spell(g: &WordGraph) -> Vec<String> {
        fn down(g: &WordGraph, node: Node, path: &mut String, out: &mut Vec<String>) {
            let mut letters = node.letters();
            while letters != 0 {
                let c = letters.trailing_zeros();
                letters &= letters - 1;
                let child = g.child(node, c).expect("a child for each letter");
                path.push(char::from(b'a' + c as u8));
                if child.is_word() {
                    out.push(path.clone());
                }
                down(g, child, path, out);
                path.pop();
            }
        }
        let mut out = Vec::new();
        down(g, g.root(), &mut String::new(), &mut out);
        out
    }

    #[test]
    fn the_trie_spells_back_exactly_the_words_it_was_given_in_order() {
        let words = ["cat", "a", "cats", "at", "ample", "sample", "cast", "ca"];
        let g = WordGraph::from_keys(words);
        let mut sorted = words.map(String::from).to_vec();
        sorted.sort();
        assert_eq!(spell(&g), sorted);
        assert_eq!(g.words(), 8);
        // The root; a, am, amp, ampl, ample, at, c, ca, cas, cast, cat, cats, s, sa,
        // sam, samp, sampl, sample.
        assert_eq!(g.nodes(), 19);
        assert_eq!(g.root().height(), 6, "SAMPLE");
        let s = g.child(g.root(), 18).expect("s");
        assert_eq!(s.height(), 5);
        // Below S: A M P L E.
        assert_eq!(
            s.below,
            (1 << 0) | (1 << 12) | (1 << 15) | (1 << 11) | (1 << 4)
        );
    }

    #[test]
    fn keys_that_are_not_plain_letters_are_left_out() {
        let g = WordGraph::from_keys(["ok", "", "no1", "CAPS", "yes"]);
        assert_eq!(spell(&g), ["ok", "yes"]);
        assert_eq!(spell(&WordGraph::from_keys([])), Vec::<String>::new());
    }

    #[test]
    fn the_embedded_dictionary_builds_to_the_allowed_words() {
        let lex = Lexicon::embedded().expect("built in");
        let rules = Rules::new(crate::lexicon::RuleSet::WordTaking);
        let g = WordGraph::build(&lex, &rules).expect("builds");
        let words = spell(&g);
        assert_eq!(words.len(), g.words());
        assert!(words.binary_search(&"sample".to_string()).is_ok());
        assert!(words.binary_search(&"london".to_string()).is_err());
        assert!(g.words() > 200_000, "{}", g.words());
    }
}
