//! Damage for the fuzz suites: the small random edits a log, a word list or a tile file
//! might suffer (a hand edit, a torn write, a bad copy).

use proptest::collection::vec;
use proptest::prelude::*;

/// Small random edits: byte flips, insertions, deletions, cut-offs, duplicated lines.
pub(crate) fn mutate(base: &[u8], edits: &[(u8, usize, u8)]) -> Vec<u8> {
    let mut v = base.to_vec();
    for &(kind, at, byte) in edits {
        if v.is_empty() {
            v.push(byte);
            continue;
        }
        let at = at % v.len();
        match kind % 6 {
            0 => v[at] = byte,
            1 => v.insert(at, byte),
            2 => {
                v.remove(at);
            }
            3 => v.truncate(at),
            4 => {
                // Duplicate the line holding `at`.
                let start = v[..at]
                    .iter()
                    .rposition(|b| *b == b'\n')
                    .map_or(0, |i| i + 1);
                let end = v[at..]
                    .iter()
                    .position(|b| *b == b'\n')
                    .map_or(v.len(), |i| at + i + 1);
                let line = v[start..end].to_vec();
                v.splice(end..end, line);
            }
            _ => v[at] ^= 1 << (byte % 8),
        }
    }
    v
}

/// A few edits of any kind, anywhere.
pub(crate) fn edits() -> impl Strategy<Value = Vec<(u8, usize, u8)>> {
    vec((any::<u8>(), any::<usize>(), any::<u8>()), 0..6)
}
