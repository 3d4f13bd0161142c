//! Every make and take the table allows: what `missed` lists after a turn, and what
//! `umpire word-moves` prints.
//!
//! # The search
//!
//! The table's allowed words ([`WordGraph`]) are walked once, depth first, with the
//! letters used on the path as the state, for the makes and the takes of every word on
//! the table together ([`super::search`] has the details), the walk's branches shared
//! among the machine's cores ([`super::spread`]). The work is bounded by the words the
//! table's letters spell, never by their permutations.
//!
//! Takes that only make a word plural are left out (rule 4). A player's own words are
//! listed only as protections: the word with an S after it (rule 4: BRACKET to
//! BRACKETS, never a rearrangement such as BACKREST), plural or not.
//!
//! # Order and size
//!
//! The list is deterministic: takes first, by the order the table's words were given,
//! then protections in the same order, then makes; within each, longest word first,
//! then alphabetical: each thread orders what it found (a counting sort by group and
//! length; the walk finds words alphabetically) and the runs are joined. A centre of 40
//! letters spells about 100,000 words, so a move is a few bytes until it is read. [`Moves::summarize`]
//! cuts the list for the prompt: per taken word, per protected word and for the makes,
//! the [`MISSED_SHOWN`] longest with the count of all. The one-shot JSON lists
//! everything.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Serialize;

use crate::lexicon::{Lexicon, Plurals, Rules};

use super::graph::{GraphError, WordGraph};
use super::letters::{Letters, Word};
use super::search::{Collect, Found, LONGEST, OldWords, WORDS_PER_WALK};
use super::spread::{threads, walk_all};
use super::supply::{Added, Supply};

/// How many moves of each group `missed` shows before "and N more".
pub(crate) const MISSED_SHOWN: usize = 3;

/// A word on the table and who holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HeldWord {
    pub(crate) owner: String,
    pub(crate) word: Word,
}

/// What kind of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum MoveKind {
    /// Another player's word, with letters added.
    Take,
    /// One's own word with an S added (rule 4).
    Protect,
    /// A new word from the centre and the drawn letter.
    Make,
}

/// The move finder for one table's rules: the allowed words and the plural test.
/// Owned, so a session can build it once and keep it.
pub(crate) struct Finder {
    graph: WordGraph,
    plurals: Plurals,
    /// Leave out takes that only add -ED, -ING or -ER (`--no-suffix-takes`).
    no_suffix_takes: bool,
    /// The table plays a names set (rule 7): every word of the graph is a name the set
    /// allows on its own, so no take is left out as only a plural (ADAMS from ADAM).
    names: bool,
}

impl Finder {
    #[cfg(any(test, feature = "bench"))]
    /// Builds the graph of the words `rules` allow: about 0.4 s for the embedded
    /// dictionary (see [`WordGraph::build`]), so a session builds it once, when first
    /// needed, and keeps it.
    pub(crate) fn new(lexicon: &Lexicon, rules: &Rules) -> Result<Finder, GraphError> {
        Finder::over(WordGraph::build(lexicon, rules)?, rules)
    }

    #[cfg(test)]
    /// A finder for searches whose letters (the supply and the table's words together)
    /// lie within `bound`: built in milliseconds for a few letters, where [`Finder::new`]
    /// judges the whole dictionary. What the one-shot `word-moves` uses.
    pub(crate) fn within(
        lexicon: &Lexicon,
        rules: &Rules,
        bound: &Letters,
    ) -> Result<Finder, GraphError> {
        Finder::over(WordGraph::build_within(lexicon, rules, bound)?, rules)
    }

    /// A finder for one table: only the allowed words the supply spells (makes) or the
    /// supply with one of the table's words spells (takes). Built in a few
    /// milliseconds for a real table, where [`Finder::within`] of all its letters
    /// together would judge most of the dictionary.
    pub(crate) fn for_table(
        lexicon: &Lexicon,
        rules: &Rules,
        supply: &Supply,
        held: &[HeldWord],
    ) -> Result<Finder, GraphError> {
        let pool = supply.all();
        let mut bounds = vec![pool];
        for h in held {
            let mut b = pool;
            b.add_all(&h.word.letters());
            if !bounds.contains(&b) {
                bounds.push(b);
            }
        }
        Finder::over(WordGraph::build_within_any(lexicon, rules, &bounds)?, rules)
    }

    #[cfg(test)]
    /// The letters a search of this table can use: what [`Finder::within`] needs.
    pub(crate) fn bound(supply: &Supply, held: &[HeldWord]) -> Letters {
        let mut all = supply.all();
        for h in held {
            all.add_all(&h.word.letters());
        }
        all
    }

    /// A finder over `graph` (built under `rules`) with the embedded dictionary's
    /// plural test, which a names set does not apply.
    fn over(graph: WordGraph, rules: &Rules) -> Result<Finder, GraphError> {
        let plurals = Plurals::new().map_err(|e| GraphError(e.to_string()))?;
        let mut finder = Finder::with_graph(graph, plurals);
        finder.names = rules.policy().only_names().is_some();
        Ok(finder)
    }

    /// A finder over a graph built elsewhere.
    pub(crate) fn with_graph(graph: WordGraph, plurals: Plurals) -> Finder {
        Finder {
            graph,
            plurals,
            no_suffix_takes: false,
            names: false,
        }
    }

    /// The same finder under the house rule that refuses suffix-only takes.
    pub(crate) fn no_suffix_takes(mut self, on: bool) -> Finder {
        self.no_suffix_takes = on;
        self
    }

    #[cfg(any(test, feature = "bench"))]
    pub(crate) fn graph(&self) -> &WordGraph {
        &self.graph
    }

    /// Every make from `supply` and every take of `held`, as seen by `mover`: takes of
    /// words `mover` does not hold, protections of the words they do. With no mover,
    /// every word is a take (as by a player who holds none of them).
    pub(crate) fn find(&self, supply: &Supply, held: &[HeldWord], mover: Option<&str>) -> Moves {
        let entries = distinct(held);
        // Distinct old words, and for each the entries that hold it.
        let mut olds: Vec<&Word> = Vec::new();
        let mut holders: Vec<Vec<u32>> = Vec::new();
        let mut index: HashMap<&Word, usize> = HashMap::new();
        for (e, h) in entries.iter().enumerate() {
            let i = *index.entry(&h.word).or_insert_with(|| {
                olds.push(&h.word);
                holders.push(Vec::new());
                olds.len() - 1
            });
            if let (Some(list), Ok(e)) = (holders.get_mut(i), u32::try_from(e)) {
                list.push(e);
            }
        }
        let own: Vec<bool> = entries
            .iter()
            .map(|h| mover.is_some_and(|m| m.eq_ignore_ascii_case(&h.owner)))
            .collect();
        let chunks: Vec<OldWords> = if olds.is_empty() {
            vec![OldWords::new(&[], &[])]
        } else {
            olds.chunks(WORDS_PER_WALK)
                .zip(holders.chunks(WORDS_PER_WALK))
                .map(|(words, holders)| OldWords::new(words, holders).names_game(self.names))
                .collect()
        };
        let n = entries.len();
        let no_suffix = self.no_suffix_takes;
        let parts = walk_all(
            threads(),
            &self.graph,
            &self.plurals,
            supply.all().counts(),
            &chunks,
            &own,
            |mut found: Collect| {
                if no_suffix {
                    let long = &found.long;
                    found.found.retain(|f| {
                        let old = entries.get(f.entry as usize).map(|h| h.word.key());
                        f.kind != MoveKind::Take
                            || old.is_none_or(|old| {
                                super::take::suffix_only(
                                    &old,
                                    &f.spelling.word(long).to_ascii_lowercase(),
                                )
                                .is_none()
                            })
                    });
                }
                Part::new(found, n)
            },
        );
        Moves::new(parts, entries, *supply)
    }
}

/// The table's (owner, word) pairs, each once, in the order first given.
fn distinct(held: &[HeldWord]) -> Vec<HeldWord> {
    let mut seen: HashSet<(&str, &Word)> = HashSet::new();
    held.iter()
        .filter(|h| seen.insert((h.owner.as_str(), &h.word)))
        .cloned()
        .collect()
}

/// What one task of the walk found (see [`walk_all`]), ordered on the thread that
/// found it: the ordering is then shared among the cores too, and the list is joined
/// from the parts' ready-made runs.
#[derive(Debug, Clone)]
struct Part {
    /// The letters of the long found words (see [`Found`]).
    long: Vec<u8>,
    /// In the order the walk found them.
    found: Vec<Found>,
    /// Indices into `found`, bucket by bucket (see [`bucket`]).
    order: Vec<u32>,
    /// Where each bucket's indices start in `order`, and where the last ends.
    starts: Vec<u32>,
}

/// A found move's place in the order: its group (takes of each entry in table order,
/// then protections, then makes), then longest word first. The walks found each
/// group's words in alphabetical order, which the buckets keep.
fn bucket(f: &Found, n: usize) -> usize {
    let group = match f.kind {
        MoveKind::Take => f.entry as usize,
        MoveKind::Protect => n + f.entry as usize,
        MoveKind::Make => 2 * n,
    };
    // A word has 1 to LONGEST letters: LONGEST buckets a group.
    group * LONGEST + LONGEST.saturating_sub(usize::from(f.spelling.len))
}

impl Part {
    /// Orders `found` (for a table of `n` distinct entries) with a counting sort.
    fn new(found: Collect, n: usize) -> Part {
        // Counts by bucket, grown to the last bucket the moves reach: no move can fall
        // outside them.
        let mut starts = vec![0u32];
        for f in &found.found {
            let slot = bucket(f, n) + 1;
            if slot >= starts.len() {
                starts.resize(slot + 1, 0);
            }
            if let Some(count) = starts.get_mut(slot) {
                *count += 1;
            }
        }
        let mut total = 0;
        for count in &mut starts {
            total += *count;
            *count = total;
        }
        let mut next = starts.clone();
        let mut order = vec![0u32; found.found.len()];
        for (i, f) in (0u32..).zip(&found.found) {
            if let Some(at) = next.get_mut(bucket(f, n))
                && let Some(slot) = order.get_mut(*at as usize)
            {
                *slot = i;
                *at += 1;
            }
        }
        Part {
            long: found.long,
            found: found.found,
            order,
            starts,
        }
    }

    /// How many buckets it fills (the last one used, plus one).
    fn buckets(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The indices in bucket `b`, in order.
    fn bucket(&self, b: usize) -> &[u32] {
        let (Some(&start), Some(&end)) = (self.starts.get(b), self.starts.get(b + 1)) else {
            return &[];
        };
        self.order
            .get(start as usize..end as usize)
            .unwrap_or_default()
    }
}

/// Where a move lies: its part and its index there.
type At = (u32, u32);

/// Every move found on a table, in order.
#[derive(Debug, Clone)]
pub(crate) struct Moves {
    parts: Vec<Part>,
    /// The moves in the list's order.
    order: Vec<At>,
    /// The table's distinct (owner, word) pairs.
    entries: Vec<HeldWord>,
    supply: Supply,
}

/// One move, as read from [`Moves`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Move<'m> {
    pub(crate) kind: MoveKind,
    /// The word the move forms.
    pub(crate) word: &'m str,
    /// The word taken or protected; `None` for a make.
    pub(crate) from: Option<&'m Word>,
    /// Who holds `from`; `None` for a make.
    pub(crate) owner: Option<&'m str>,
    /// The letters added (all of a make's), by where they come from.
    pub(crate) added: Added,
}

impl Moves {
    /// Joins the parts' ordered runs: bucket by bucket, the parts in the order one walk
    /// would have found them.
    fn new(parts: Vec<Part>, entries: Vec<HeldWord>, supply: Supply) -> Moves {
        let mut order = Vec::with_capacity(parts.iter().map(|p| p.found.len()).sum());
        for b in 0..parts.iter().map(Part::buckets).max().unwrap_or(0) {
            for (p, part) in (0u32..).zip(&parts) {
                order.extend(part.bucket(b).iter().map(|i| (p, *i)));
            }
        }
        Moves {
            parts,
            order,
            entries,
            supply,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.order.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    #[cfg(feature = "cli")]
    /// The moves in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Move<'_>> {
        self.order.iter().filter_map(|at| self.get(*at))
    }

    /// The found move at `at`, with its part's long words.
    fn found(&self, (p, i): At) -> Option<(&Found, &[u8])> {
        let part = self.parts.get(p as usize)?;
        Some((part.found.get(i as usize)?, &part.long))
    }

    fn get(&self, at: At) -> Option<Move<'_>> {
        self.found(at).map(|(f, long)| self.read(f, long))
    }

    fn read<'m>(&'m self, f: &'m Found, long: &'m [u8]) -> Move<'m> {
        let word = f.spelling.word(long);
        let held = match f.kind {
            MoveKind::Make => None,
            MoveKind::Take | MoveKind::Protect => self.entries.get(f.entry as usize),
        };
        let mut added = Letters::of_word(word);
        if let Some(h) = held {
            added = added.minus(&h.word.letters()).unwrap_or_default();
        }
        Move {
            kind: f.kind,
            word,
            from: held.map(|h| &h.word),
            owner: held.map(|h| h.owner.as_str()),
            added: self.supply.provide(&added).unwrap_or_default(),
        }
    }

    /// Keeps only the moves whose word is `preferred`, when any is; else keeps every
    /// move. The order is kept. What a hint at a table of no region uses to offer words
    /// every region knows and a single region's own only when nothing else is open.
    pub(crate) fn prefer(&mut self, mut preferred: impl FnMut(&str) -> bool) {
        let flags: Vec<bool> = self
            .order
            .iter()
            .map(|at| {
                self.found(*at)
                    .is_some_and(|(f, long)| preferred(f.spelling.word(long)))
            })
            .collect();
        if !flags.contains(&true) {
            return;
        }
        let mut flags = flags.into_iter();
        self.order.retain(|_| flags.next().unwrap_or(false));
    }

    /// [`Moves::hint_told`]'s line for the end of `mover`'s turn.
    #[cfg(any(test, feature = "bench"))]
    pub(crate) fn hint(&self, mover: &str, rank: impl Fn(&str) -> u8) -> Option<String> {
        self.hint_told(mover, rank, false).map(|(line, _)| line)
    }

    /// The hint as `hint` asks for it, for the player whose turn it is: "hint: carol
    /// could take bob's AMPLE as SAMPLE (+S); 3 takes, 120 makes in all". `None` when
    /// nothing is possible.
    pub(crate) fn hint_now(&self, player: &str, rank: impl Fn(&str) -> u8) -> Option<String> {
        self.hint_told(player, rank, true).map(|(line, _)| line)
    }

    /// The hint's line (of what `mover` missed, or, `now`, of what they could do), with
    /// the length of the word it names.
    ///
    /// Not `now`, it is one line for the end of `mover`'s turn when something was missed, naming the
    /// longest take (else protection, else make) and whose miss it was: "missed: carol
    /// could have taken bob's AMPLE as SAMPLE (+S); 3 takes, 120 makes in all". `None`
    /// when nothing was possible. Of the longest, the one
    /// `rank` puts first is named (the commonest word: SAMPLE before MAPLES and
    /// PELMAS, which a table would take for a slip), then the first alphabetically.
    pub(crate) fn hint_told(
        &self,
        mover: &str,
        rank: impl Fn(&str) -> u8,
        now: bool,
    ) -> Option<(String, usize)> {
        // On the found moves themselves: reading a move works out its added letters,
        // which only the one named needs (a crowded centre finds 100,000 moves). One
        // pass counts each kind and finds its longest; a second ranks those longest.
        const KINDS: [MoveKind; 3] = [MoveKind::Take, MoveKind::Protect, MoveKind::Make];
        let found = || self.order.iter().filter_map(|at| self.found(*at));
        let slot = |kind: MoveKind| KINDS.iter().position(|k| *k == kind).unwrap_or(0);
        let (mut counts, mut longest) = ([0usize; 3], [0u8; 3]);
        for (f, _) in found() {
            let i = slot(f.kind);
            counts[i] += 1;
            longest[i] = longest[i].max(f.spelling.len);
        }
        // A kind with no moves has none of its longest: the search passes over it.
        let best = KINDS
            .into_iter()
            .zip(longest)
            .find_map(|(kind, longest)| {
                // Ranked only among the longest: a few words, not the whole list.
                found()
                    .filter(|(f, _)| f.kind == kind && f.spelling.len == longest)
                    .min_by_key(|(f, long)| {
                        let word = f.spelling.word(long);
                        (rank(word), word)
                    })
            })
            .map(|(f, long)| self.read(f, long))?;
        let (protect, take, make) = if now {
            ("protect", "take", "make")
        } else {
            ("have protected", "have taken", "have made")
        };
        let example = match (best.owner, best.from) {
            (Some(_), Some(from)) if best.kind == MoveKind::Protect => format!(
                "{mover} could {protect} {from} as {} (+{})",
                best.word,
                best.added.letters().compact()
            ),
            (Some(owner), Some(from)) => format!(
                "{mover} could {take} {owner}'s {from} as {} (+{})",
                best.word,
                best.added.letters().compact()
            ),
            _ => format!("{mover} could {make} {}", best.word),
        };
        let heading = if now { "hint" } else { "missed" };
        Some((
            format!("{heading}: {example}; {} in all", counted(counts)),
            best.word.len(),
        ))
    }

    /// The moves counted by kind: "3 takes, 120 makes".
    pub(crate) fn tally(&self) -> String {
        let mut counts = [0usize; 3];
        for (f, _) in self.order.iter().filter_map(|at| self.found(*at)) {
            let i = match f.kind {
                MoveKind::Take => 0,
                MoveKind::Protect => 1,
                MoveKind::Make => 2,
            };
            counts[i] += 1;
        }
        counted(counts)
    }

    /// The list cut for the prompt: each group's `keep` longest moves, with its count.
    pub(crate) fn summarize(&self, keep: usize) -> Vec<MoveGroup<'_>> {
        let group_of = |at: &At| self.found(*at).map(|(f, _)| (f.kind, f.entry));
        self.order
            .chunk_by(|a, b| group_of(a) == group_of(b))
            .filter_map(|group| {
                let first = self.get(*group.first()?)?;
                Some(MoveGroup {
                    kind: first.kind,
                    from: first.from,
                    owner: first.owner,
                    total: group.len(),
                    shown: group
                        .iter()
                        .take(keep)
                        .filter_map(|i| self.get(*i))
                        .collect(),
                })
            })
            .collect()
    }
}

/// Takes, protections and makes counted, each kind there is: "3 takes, 120 makes".
fn counted(counts: [usize; 3]) -> String {
    let said: Vec<String> = [
        ("take", "takes"),
        ("protection", "protections"),
        ("make", "makes"),
    ]
    .into_iter()
    .zip(counts)
    .filter(|(_, n)| *n > 0)
    .map(|((one, many), n)| crate::text::count(n as i64, one, many))
    .collect();
    said.join(", ")
}

/// One group of the cut list: a taken word, a protected word, or the makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MoveGroup<'m> {
    pub(crate) kind: MoveKind,
    pub(crate) from: Option<&'m Word>,
    pub(crate) owner: Option<&'m str>,
    /// How many moves the group has in all.
    pub(crate) total: usize,
    /// The longest few.
    pub(crate) shown: Vec<Move<'m>>,
}

impl fmt::Display for MoveGroup<'_> {
    /// "take bob's AMPLE: SAMPLE (+S), MAPLES (+S) and 2 more".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind, self.owner, self.from) {
            (MoveKind::Take, Some(o), Some(w)) => write!(f, "take {o}'s {w}")?,
            (MoveKind::Protect, Some(o), Some(w)) => write!(f, "{o} may protect {w}")?,
            _ => f.write_str("make")?,
        }
        f.write_str(": ")?;
        for (i, m) in self.shown.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(m.word)?;
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
