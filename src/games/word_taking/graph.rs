//! The words a table's rules allow, as a letter graph built for walking.
//!
//! The move finder walks every path its letters can spell. Walking the dictionary's
//! fst directly would meet every key the letters spell, barred ones included, and
//! judge each on the way: a centre of 40 letters spells about 600,000 keys, and a
//! judgement costs about a microsecond. So the words the rules allow are judged once,
//! when a table's rules are known, into this graph; a walk then meets only allowed
//! words and costs a few nanoseconds a step.
//!
//! The graph is a trie with its identical subtrees merged (a DAWG: the endings many
//! words share, -ING, -NESS, -ATIONS, are stored once). A node is twelve bytes: the
//! set of letters its children spell, a flag for "a word ends here", the set of letters
//! anywhere below it, and where its children start; the children lie side by side in
//! letter order, so a walk that knows which letters it may still use visits only those
//! children, counting its way along the block. It is built in three passes: a preorder
//! trie from the fst's sorted keys (each node linked to its next sibling), the merge
//! (children before parents), and a depth-first layout for locality. For the embedded
//! dictionary under word-taking rules: 254,318 words in 188,070 nodes (2.3 MB), built
//! in about 0.4 s (nearly all of it judging the 585,000 keys).

#[cfg(any(test, feature = "bench"))]
use std::collections::HashMap;

use thiserror::Error;

#[cfg(any(test, feature = "bench"))]
use crate::lexicon::allows;
use crate::lexicon::{Lexicon, Rules, visit_allowed_spelt};

use super::letters::Letters;
use crate::contract::Refuse;

/// The dictionary could not be read into a graph.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the dictionary cannot be searched ({0}); rebuild umpire or the word list")]
pub(crate) struct GraphError(pub(crate) String);

impl Refuse for GraphError {}

/// The bits of [`Node::bits`] that say which letters the children spell (A = bit 0).
pub(super) const LETTERS: u32 = (1 << 26) - 1;
/// The bit of [`Node::bits`] that says a word ends at the node.
pub(super) const WORD: u32 = 1 << 31;

/// One node: the path of letters from the root to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Node {
    /// Where the children's block starts.
    pub(crate) first: u32,
    /// The children's letters ([`LETTERS`]) and [`WORD`].
    pub(crate) bits: u32,
    /// Every letter of every path below (a take search drops an old word whose
    /// letters the path lacks and no path below has).
    pub(crate) below: u32,
}

impl Node {
    /// True when an allowed word ends here.
    pub(super) fn is_word(self) -> bool {
        self.bits & WORD != 0
    }

    /// The children's letters, as a 26-bit set.
    pub(super) fn letters(self) -> u32 {
        self.bits & LETTERS
    }
}

/// Every word a table's rules allow, as a merged trie. Built once for a session's rules.
#[derive(Debug, Clone)]
pub(crate) struct WordGraph {
    /// Node 0 is the root (the empty path).
    nodes: Vec<Node>,
    #[cfg_attr(not(any(test, feature = "bench")), allow(dead_code))]
    words: usize,
}

impl WordGraph {
    #[cfg(any(test, feature = "bench"))]
    /// Judges every key of `lexicon` under `rules` and keeps the allowed ones. Costs a
    /// judgement a key (about 0.4 s for the embedded dictionary): build it once for a
    /// table and keep it.
    pub(crate) fn build(lexicon: &Lexicon, rules: &Rules) -> Result<WordGraph, GraphError> {
        Ok(WordGraph::build_from(
            |visit| lexicon.visit_keys(visit),
            lexicon,
            rules,
        ))
    }

    #[cfg(test)]
    /// Only the allowed words spelt from `bound`'s letters: enough for searches whose
    /// letters (supply and table words together) lie within it, and far cheaper to
    /// build for a few letters, since only the keys that fit are judged.
    pub(crate) fn build_within(
        lexicon: &Lexicon,
        rules: &Rules,
        bound: &Letters,
    ) -> Result<WordGraph, GraphError> {
        // The search walks only the prefixes the letters can spell, so its cost follows
        // the table's letters, not the dictionary's size.
        Ok(WordGraph::build_from(
            |visit| lexicon.visit_keys_spelt(&[*bound.counts()], visit),
            lexicon,
            rules,
        ))
    }

    /// The allowed words spelt from any one of `bounds`: for a table, the supply alone
    /// (the makes) and the supply with each word on the table (its takes). Far fewer
    /// words than those spelt from all the table's letters at once, which on a table of
    /// ten words is most of the dictionary. One walk of the fst serves every bound; past
    /// [`MAX_BOUNDS`] of them, their union bounds the walk instead.
    pub(crate) fn build_within_any(
        lexicon: &Lexicon,
        rules: &Rules,
        bounds: &[Letters],
    ) -> Result<WordGraph, GraphError> {
        let bounds: Vec<[u16; 26]> = bounds.iter().map(|b| *b.counts()).collect();
        let mut builder = Builder::default();
        // A walk of spelt letters yields keys of a-z alone (its automaton takes no
        // other byte), so unlike `build_from` there is nothing to skip.
        visit_allowed_spelt(lexicon, rules, &bounds, &mut |key: &str| {
            builder.insert(key.as_bytes());
        });
        // A table's graph is walked once: laying the trie out as it is costs less than
        // merging its endings, which pays only for a graph that is kept.
        Ok(builder.finish_trie())
    }

    #[cfg(any(test, feature = "bench"))]
    /// The allowed keys a walk of the dictionary visits (in key order), as a graph.
    /// Only keys of a-z are taken (the dictionary's keys hold other bytes too; the
    /// builder indexes by letter).
    fn build_from(
        walk: impl FnOnce(&mut dyn FnMut(&str)),
        lexicon: &Lexicon,
        rules: &Rules,
    ) -> WordGraph {
        let mut builder = Builder::default();
        walk(&mut |key: &str| {
            if key.bytes().all(|b| b.is_ascii_lowercase()) && allows(lexicon, rules, key) {
                builder.insert(key.as_bytes());
            }
        });
        builder.finish()
    }

    #[cfg(test)]
    /// A graph of the given words (lowercase keys), for tests and small lists. Keys
    /// need not be sorted; anything but a-z is skipped.
    pub(crate) fn from_keys<'k>(keys: impl IntoIterator<Item = &'k str>) -> WordGraph {
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

    #[cfg(any(test, feature = "bench"))]
    /// How many words it holds.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    #[cfg(any(test, feature = "bench"))]
    /// How many nodes (letters on paths) it holds.
    pub(crate) fn nodes(&self) -> usize {
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

    #[cfg(any(test, feature = "bench"))]
    /// Merges the preorder trie's identical subtrees (the endings that many words
    /// share: -ING, -NESS, -ATIONS), then lays the graph out with each node's children
    /// in one block, depth first.
    fn finish(self) -> WordGraph {
        let links = self.nodes;
        let mut shapes = Shapes::default();
        // Children come after their parent in preorder: merge from the end.
        let mut canon = vec![0u32; links.len()];
        for p in (0..links.len()).rev() {
            let Some(link) = links.get(p) else { continue };
            let first = link.parent.then_some(p + 1);
            let id = shapes.intern(link.word, children(&links, first, &canon));
            if let Some(slot) = canon.get_mut(p) {
                *slot = id;
            }
        }
        let root = shapes.intern(
            false,
            children(&links, (!links.is_empty()).then_some(0), &canon),
        );
        let mut layout = Layout {
            shapes: &shapes,
            nodes: vec![Node::default()],
            blocks: vec![None; shapes.list.len()],
        };
        let first = layout.place(root);
        if let (Some(node), Some(shape)) =
            (layout.nodes.first_mut(), shapes.list.get(root as usize))
        {
            *node = Node {
                first,
                bits: shape.letters,
                below: shape.below,
            };
        }
        WordGraph {
            nodes: layout.nodes,
            words: self.words,
        }
    }
}

impl Builder {
    /// Lays the preorder trie out as it is, unmerged: each node's children in one
    /// block, depth first. Linear, with no hashing: what a graph built for one search
    /// wants (a crowded table's 50,000 words in a few milliseconds, where merging
    /// them took ten times as long unoptimised).
    fn finish_trie(self) -> WordGraph {
        let links = self.nodes;
        // Each node's children's letters and every letter below it, children first.
        let mut letters = vec![0u32; links.len()];
        let mut below = vec![0u32; links.len()];
        for p in (0..links.len()).rev() {
            let Some(link) = links.get(p) else { continue };
            if !link.parent {
                continue;
            }
            let (mut l, mut b) = (0u32, 0u32);
            let mut i = Some(p + 1);
            while let Some(at) = i {
                let Some(child) = links.get(at) else { break };
                l |= 1 << child.letter;
                b |= 1 << child.letter | below.get(at).copied().unwrap_or(0);
                i = (child.next != 0).then_some(child.next as usize);
            }
            if let (Some(ls), Some(bs)) = (letters.get_mut(p), below.get_mut(p)) {
                (*ls, *bs) = (l, b);
            }
        }
        let mut nodes = Vec::with_capacity(links.len() + 1);
        nodes.push(Node::default());
        let mut root = Node::default();
        if !links.is_empty() {
            let mut l = 0u32;
            let mut b = 0u32;
            let mut i = Some(0usize);
            while let Some(at) = i {
                let Some(child) = links.get(at) else { break };
                l |= 1 << child.letter;
                b |= 1 << child.letter | below.get(at).copied().unwrap_or(0);
                i = (child.next != 0).then_some(child.next as usize);
            }
            root = Node {
                first: place_block(&links, &letters, &below, 0, &mut nodes),
                bits: l,
                below: b,
            };
        }
        if let Some(slot) = nodes.first_mut() {
            *slot = root;
        }
        WordGraph {
            nodes,
            words: self.words,
        }
    }
}

/// Places the block of siblings starting at preorder node `first`, then each one's own
/// children, depth first; returns where the block starts.
fn place_block(
    links: &[Link],
    letters: &[u32],
    below: &[u32],
    first: usize,
    nodes: &mut Vec<Node>,
) -> u32 {
    let start = nodes.len();
    let mut siblings = Vec::new();
    let mut i = Some(first);
    while let Some(at) = i {
        let Some(link) = links.get(at) else { break };
        siblings.push(at);
        nodes.push(Node {
            first: 0,
            bits: letters.get(at).copied().unwrap_or(0) | if link.word { WORD } else { 0 },
            below: below.get(at).copied().unwrap_or(0),
        });
        i = (link.next != 0).then_some(link.next as usize);
    }
    for (k, at) in siblings.into_iter().enumerate() {
        if links.get(at).is_some_and(|l| l.parent) {
            let child = place_block(links, letters, below, at + 1, nodes);
            if let Some(node) = nodes.get_mut(start + k) {
                node.first = child;
            }
        }
    }
    u32::try_from(start).unwrap_or(u32::MAX)
}

#[cfg(any(test, feature = "bench"))]
/// The (letter, merged id) children of the preorder node whose first child is `first`.
fn children(links: &[Link], first: Option<usize>, canon: &[u32]) -> Vec<(u8, u32)> {
    let mut out = Vec::new();
    let mut i = first;
    while let Some(at) = i {
        let (Some(link), Some(id)) = (links.get(at), canon.get(at)) else {
            break;
        };
        out.push((link.letter, *id));
        i = (link.next != 0).then_some(link.next as usize);
    }
    out
}

#[cfg(any(test, feature = "bench"))]
/// One distinct subtree: whether a word ends at its top, and its children.
#[derive(Debug)]
struct Shape {
    word: bool,
    children: Vec<(u8, u32)>,
    /// The children's letters.
    letters: u32,
    /// Every letter below.
    below: u32,
}

#[cfg(any(test, feature = "bench"))]
/// The distinct subtrees, each numbered once, children before parents.
#[derive(Default)]
struct Shapes {
    list: Vec<Shape>,
    ids: HashMap<(bool, Vec<(u8, u32)>), u32>,
}

#[cfg(any(test, feature = "bench"))]
impl Shapes {
    #[cfg(any(test, feature = "bench"))]
    fn intern(&mut self, word: bool, children: Vec<(u8, u32)>) -> u32 {
        let key = (word, children);
        if let Some(id) = self.ids.get(&key) {
            return *id;
        }
        let (letters, below) = key.1.iter().fold((0u32, 0u32), |(l, b), (c, id)| {
            let under = self.list.get(*id as usize).map_or(0, |s| s.below);
            (l | 1 << c, b | 1 << c | under)
        });
        let id = u32::try_from(self.list.len()).unwrap_or(u32::MAX);
        self.list.push(Shape {
            word,
            children: key.1.clone(),
            letters,
            below,
        });
        self.ids.insert(key, id);
        id
    }
}

#[cfg(any(test, feature = "bench"))]
/// Places each distinct subtree's children block once, depth first.
struct Layout<'s> {
    shapes: &'s Shapes,
    nodes: Vec<Node>,
    /// Where each subtree's children block starts, once placed.
    blocks: Vec<Option<u32>>,
}

#[cfg(any(test, feature = "bench"))]
impl Layout<'_> {
    #[cfg(any(test, feature = "bench"))]
    /// The start of `id`'s children block, placing it (and what lies below) if new.
    fn place(&mut self, id: u32) -> u32 {
        if let Some(Some(start)) = self.blocks.get(id as usize) {
            return *start;
        }
        let shapes = self.shapes;
        let Some(shape) = shapes.list.get(id as usize) else {
            return 0;
        };
        let start = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        if let Some(slot) = self.blocks.get_mut(id as usize) {
            *slot = Some(start);
        }
        for (_, child) in &shape.children {
            let s = shapes.list.get(*child as usize);
            self.nodes.push(Node {
                first: 0,
                bits: s.map_or(0, |s| s.letters | if s.word { WORD } else { 0 }),
                below: s.map_or(0, |s| s.below),
            });
        }
        for (k, (_, child)) in shape.children.iter().enumerate() {
            let has_children = shapes
                .list
                .get(*child as usize)
                .is_some_and(|s| !s.children.is_empty());
            if has_children {
                let first = self.place(*child);
                if let Some(node) = self.nodes.get_mut(start as usize + k) {
                    node.first = first;
                }
            }
        }
        start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word, by walking the graph depth first.
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
    fn the_graph_spells_back_exactly_the_words_it_was_given_in_order() {
        let words = ["cat", "a", "cats", "at", "ample", "sample", "cast", "ca"];
        let g = WordGraph::from_keys(words);
        let mut sorted = words.map(String::from).to_vec();
        sorted.sort();
        assert_eq!(spell(&g), sorted);
        assert_eq!(g.words(), 8);
        // The root and 18 letters on paths, less what merging shares: AM- and SAM- end
        // alike (-PLE), as do AT and CAT, CAS- and CATS (-T, -S ending a word).
        assert_eq!(g.nodes(), 16);
        let s = g.child(g.root(), 18).expect("s");
        // Below S: A M P L E.
        assert_eq!(
            s.below,
            (1 << 0) | (1 << 12) | (1 << 15) | (1 << 11) | (1 << 4)
        );
    }

    #[test]
    fn a_key_out_of_order_or_given_again_is_passed_over() {
        let mut b = Builder::default();
        for key in ["cat", "cat", "ca", "", "cats"] {
            b.insert(key.as_bytes());
        }
        let g = b.finish();
        assert_eq!(spell(&g), ["cat", "cats"]);
        assert_eq!(g.words(), 2);
    }

    #[test]
    fn the_trie_laid_out_unmerged_has_the_merged_graph_s_words_and_root() {
        for keys in [
            &["ox"][..],
            &["aa", "ab"],
            &["a", "cat", "cats", "dog", "zzz"],
        ] {
            let build = || {
                let mut b = Builder::default();
                for k in keys {
                    b.insert(k.as_bytes());
                }
                b
            };
            let (trie, merged) = (build().finish_trie(), build().finish());
            assert_eq!(spell(&trie), spell(&merged), "{keys:?}");
            let (a, b) = (trie.root(), merged.root());
            assert_eq!((a.letters(), a.below), (b.letters(), b.below), "{keys:?}");
        }
        let ox = WordGraph::from_keys(["ox"]).root();
        assert_eq!(ox.below, 1 << 14 | 1 << 23, "O and X lie below the root");
    }

    #[test]
    fn a_table_s_unmerged_graph_spells_the_same_words_with_the_same_letters_below() {
        let lex = Lexicon::embedded().expect("built in");
        let rules = Rules::new(crate::games::word_taking::WORD_TAKING);
        let bound = Letters::of_word("stampede");
        let merged = WordGraph::build_within(&lex, &rules, &bound).expect("builds");
        let trie = WordGraph::build_within_any(&lex, &rules, &[bound]).expect("builds");
        let words = spell(&trie);
        assert_eq!(words, spell(&merged));
        assert!(words.contains(&"stamped".to_string()), "{words:?}");
        assert_eq!(trie.words(), merged.words());
        let (a, b) = (trie.root(), merged.root());
        assert_eq!((a.letters(), a.below), (b.letters(), b.below));
        assert!(trie.nodes() > merged.nodes(), "merging shares endings");
    }

    #[test]
    fn keys_that_are_not_plain_letters_are_left_out() {
        let g = WordGraph::from_keys(["ok", "", "no1", "CAPS", "yes"]);
        assert_eq!(spell(&g), ["ok", "yes"]);
        assert_eq!(spell(&WordGraph::from_keys([])), Vec::<String>::new());
    }

    #[test]
    #[ignore = "long run: every word of the dictionary (`cargo test -- --ignored`, which CI runs)"]
    fn the_embedded_dictionary_builds_to_the_allowed_words() {
        let lex = Lexicon::embedded().expect("built in");
        let rules = Rules::new(crate::games::word_taking::WORD_TAKING);
        let g = WordGraph::build(&lex, &rules).expect("builds");
        let words = spell(&g);
        assert_eq!(words.len(), g.words());
        assert!(words.binary_search(&"sample".to_string()).is_ok());
        assert!(words.binary_search(&"london".to_string()).is_err());
        assert!(g.words() > 200_000, "{}", g.words());
    }
}
