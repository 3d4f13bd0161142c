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
/// letters used so far and which bounds still hold them.
#[derive(Debug, Clone)]
pub(super) struct SpeltAny {
    pub(super) bounds: Vec<[u16; 26]>,
}

impl fst::Automaton for SpeltAny {
    type State = Option<([u16; 26], u64)>;

    fn start(&self) -> Self::State {
        let all = match self.bounds.len() {
            0 => return None,
            n if n >= 64 => u64::MAX,
            n => (1u64 << n) - 1,
        };
        Some(([0; 26], all))
    }

    fn is_match(&self, state: &Self::State) -> bool {
        state.is_some()
    }

    fn can_match(&self, state: &Self::State) -> bool {
        state.is_some()
    }

    fn accept(&self, state: &Self::State, byte: u8) -> Self::State {
        let (mut used, mut mask) = (*state)?;
        let i = usize::from(byte.checked_sub(b'a')?);
        let n = used.get_mut(i)?;
        *n = n.checked_add(1)?;
        let need = *n;
        let mut bits = mask;
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self
                .bounds
                .get(j)
                .and_then(|b| b.get(i))
                .is_none_or(|have| *have < need)
            {
                mask &= !(1u64 << j);
            }
        }
        (mask != 0).then_some((used, mask))
    }
}
