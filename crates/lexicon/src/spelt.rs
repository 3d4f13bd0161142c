//! Which keys a multiset of letters can spell: fst automata whose walk follows only the
//! prefixes the letters can spell, so a search costs what the letters allow, not what
//! the dictionary holds. Behind [`Lexicon::visit_keys_spelt`](super::Lexicon).

/// The keys spelt from a multiset of letters (a-z only): an fst automaton whose state
/// is the letters left, `None` once a byte cannot be spelt.
#[derive(Debug, Clone, Copy)]
pub(super) struct Spelt(pub(super) [u16; 26]);

impl fst::Automaton for Spelt {
    type State = Option<[u16; 26]>;

    fn start(&self) -> Self::State {
        Some(self.0)
    }

    fn is_match(&self, state: &Self::State) -> bool {
        state.is_some()
    }

    fn can_match(&self, state: &Self::State) -> bool {
        state.is_some()
    }

    fn accept(&self, state: &Self::State, byte: u8) -> Self::State {
        let mut left = (*state)?;
        let slot = left.get_mut(usize::from(byte.checked_sub(b'a')?))?;
        *slot = slot.checked_sub(1)?;
        Some(left)
    }
}

/// The most bounds [`SpeltAny`] follows one by one (a bit each); past them, their union
/// bounds the walk.
pub(super) const MAX_BOUNDS: usize = 64;

/// The keys spelt from at least one of several multisets of letters: the state is the
/// letters used so far and which bounds still hold them. A step asks one table for the
/// bounds that hold a letter as many times as the key now uses it, rather than each
/// bound in turn: a crowded table's search takes that step some million times.
#[derive(Debug, Clone)]
pub(super) struct SpeltAny {
    /// `fits[n - 1][letter]`: the bounds (a bit each) holding `letter` at least `n` times.
    fits: Vec<[u64; 26]>,
    /// Every bound's bit.
    all: u64,
}

impl SpeltAny {
    /// The automaton for the first [`MAX_BOUNDS`] of `bounds`.
    pub(super) fn new(bounds: &[[u16; 26]]) -> SpeltAny {
        let bounds = &bounds[..bounds.len().min(MAX_BOUNDS)];
        let most = bounds.iter().flatten().copied().max().unwrap_or(0);
        let mut fits = vec![[0u64; 26]; usize::from(most)];
        let mut all = 0u64;
        for (j, bound) in bounds.iter().enumerate() {
            all |= 1 << j;
            for (letter, &have) in bound.iter().enumerate() {
                for row in fits.iter_mut().take(usize::from(have)) {
                    row[letter] |= 1 << j;
                }
            }
        }
        SpeltAny { fits, all }
    }
}

impl fst::Automaton for SpeltAny {
    type State = Option<([u16; 26], u64)>;

    fn start(&self) -> Self::State {
        (self.all != 0).then_some(([0; 26], self.all))
    }

    fn is_match(&self, state: &Self::State) -> bool {
        state.is_some()
    }

    fn can_match(&self, state: &Self::State) -> bool {
        state.is_some()
    }

    fn accept(&self, state: &Self::State, byte: u8) -> Self::State {
        let (mut used, mask) = (*state)?;
        let i = usize::from(byte.checked_sub(b'a')?);
        let n = used.get_mut(i)?;
        *n = n.checked_add(1)?;
        let holding = self
            .fits
            .get(usize::from(*n) - 1)
            .and_then(|row| row.get(i))
            .copied()
            .unwrap_or(0);
        let mask = mask & holding;
        (mask != 0).then_some((used, mask))
    }
}

/// The counts of a-z in `letters` (lowercase only): a bound, for tests.
#[cfg(test)]
pub(super) fn counts(letters: &str) -> [u16; 26] {
    let mut c = [0u16; 26];
    for b in letters.bytes() {
        c[usize::from(b - b'a')] += 1;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use fst::{IntoStreamer, Streamer};

    use super::counts;

    /// Whether `bound` holds every letter of `key` as often as it uses it (a key with
    /// anything but a-z is spelt by none).
    fn spells(bound: &[u16; 26], key: &str) -> bool {
        if !key.bytes().all(|b| b.is_ascii_lowercase()) {
            return false;
        }
        let need = counts(key);
        need.iter().zip(bound).all(|(n, have)| n <= have)
    }

    fn walk<A: fst::Automaton>(set: &fst::Set<Vec<u8>>, aut: A) -> Vec<String> {
        let mut out = Vec::new();
        let mut stream = set.search(aut).into_stream();
        while let Some(key) = stream.next() {
            out.push(String::from_utf8(key.to_vec()).expect("text"));
        }
        out
    }

    /// The walk gives exactly the keys one of the bounds spells, each letter counted
    /// (two Es need a bound with two), whatever the number of bounds up to the most it
    /// follows; none when there is no bound; never a key with a byte outside a-z (the
    /// word graph built from the walk counts on it).
    #[test]
    fn any_walk_gives_exactly_the_keys_some_bound_spells() {
        let mut keys = [
            "a",
            "ant",
            "ante",
            "eat",
            "eaten",
            "ease",
            "east",
            "eel",
            "lee",
            "let",
            "see",
            "seen",
            "set",
            "steel",
            "stone",
            "tea",
            "tee",
            "teen",
            "tent",
            "tenet",
            "zeta",
            "tea-set",
            "t'e",
            "eta\u{e9}",
            "{a}",
        ];
        keys.sort_unstable();
        let set = fst::Set::from_iter(keys).expect("sorted keys");
        let bound_sets = [
            vec![counts("teen")],
            vec![counts("aten"), counts("eels")],
            vec![counts("stone"), counts("eat"), counts("tenet"), counts("z")],
            (0..MAX_BOUNDS)
                .map(|i| counts(if i % 2 == 0 { "ea" } else { "st" }))
                .collect(),
        ];
        for bounds in &bound_sets {
            let want: Vec<String> = keys
                .iter()
                .filter(|k| bounds.iter().any(|b| spells(b, k)))
                .map(|k| k.to_string())
                .collect();
            assert_eq!(walk(&set, SpeltAny::new(bounds)), want, "{bounds:?}");
        }
        assert_eq!(walk(&set, SpeltAny::new(&[])), Vec::<String>::new());
        assert_eq!(
            walk(&set, Spelt(counts("eestl"))),
            ["eel", "lee", "let", "see", "set", "steel", "tee"]
        );
    }
}
