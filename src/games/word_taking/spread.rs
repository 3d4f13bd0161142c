//! The move finder's walk shared among the machine's cores.
//!
//! A crowded table (40 letters in the centre, 20 words) takes about 8 ms of processor
//! time to search, more than a player should wait after `next`; the walk's branches
//! are independent, so the work is cut into tasks, one per chunk of old words and
//! first letter (the root's children: the words starting with A, those with B, ...),
//! taken in turn by each thread as it comes free (a letter's share of the dictionary
//! varies tenfold, S against Y, so a fixed split would leave one core waiting).
//! The findings come back in task order, which is the order one walk would have found
//! them in, so the list never depends on how the threads ran. On two cores the crowded
//! table is answered in 4.2 ms; on one, where a single walk does it all, in 7.7 ms.

use std::num::NonZeroUsize;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::lexicon::Plurals;

use super::graph::{LETTERS, WordGraph};
use super::search::{Collect, OldWords, Walk};

/// At most this many threads share a search.
const MAX_THREADS: usize = 4;

/// The threads a search uses: the machine's cores, up to [`MAX_THREADS`]. Asked once:
/// the answer reads the cgroup's files.
pub(super) fn threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        std::thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .clamp(1, MAX_THREADS)
    })
}

/// Every make from `pool` and every take of the words in `chunks` on `threads`
/// threads ([`threads`] in use), each task's findings passed through `finish` on the
/// thread that found them, in task order. On one thread a task is a whole chunk: the
/// split by first letter pays only when the tasks can be shared (on one core it
/// costs 0.35 ms of the crowded table's 8).
pub(super) fn walk_all<T: Send>(
    threads: usize,
    graph: &WordGraph,
    plurals: &Plurals,
    pool: &[u16; 26],
    chunks: &[OldWords<'_>],
    own: &[bool],
    finish: impl Fn(Collect) -> T + Sync,
) -> Vec<T> {
    // Task t walks chunk t / split, from the letter t % 26 when split by letter; a
    // letter no word starts with makes an empty task, which costs nothing.
    let split = if threads > 1 { 26 } else { 1 };
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let task = next.fetch_add(1, Ordering::Relaxed);
            let Some(olds) = chunks.get(task / split) else {
                break;
            };
            let roots = if split == 1 {
                LETTERS
            } else {
                1 << (task % 26)
            };
            let mut out = Collect::default();
            // Makes are found once, with the first chunk of words.
            Walk::new(graph, plurals, pool, olds, own, &mut out).run(task < split, roots);
            done.push((task, finish(out)));
        }
        done
    };
    let mut parts = std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut parts = work();
        for helper in helpers {
            match helper.join() {
                Ok(more) => parts.extend(more),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        parts
    });
    parts.sort_unstable_by_key(|(task, _)| *task);
    parts.into_iter().map(|(_, part)| part).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::word_taking::letters::Letters;

    #[test]
    fn a_search_uses_the_machine_s_cores_up_to_four() {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(threads(), cores.clamp(1, MAX_THREADS));
    }

    #[test]
    fn the_tasks_come_back_in_their_order_however_the_threads_took_them() {
        let graph = WordGraph::from_keys([
            "ab", "ba", "bad", "cab", "dab", "ad", "abed", "bead", "bed", "deb", "ed", "be",
        ]);
        let plurals = Plurals::new().expect("built in");
        let olds = [OldWords::new(&[], &[])];
        let pool = *Letters::parse("ABCDE").expect("letters").counts();
        let words = |found: Collect| {
            found
                .found
                .iter()
                .map(|f| f.spelling.word(&found.long).to_string())
                .collect::<Vec<_>>()
        };
        // A slow finish keeps the first thread busy, so the others take tasks too.
        let parts = walk_all(4, &graph, &plurals, &pool, &olds, &[], |found| {
            std::thread::sleep(std::time::Duration::from_millis(2));
            words(found)
        });
        assert_eq!(parts.len(), 26, "a task a first letter");
        let shared: Vec<String> = parts.into_iter().flatten().collect();
        assert_eq!(
            shared,
            [
                "ab", "abed", "ad", "ba", "bad", "be", "bead", "bed", "cab", "dab", "deb", "ed"
            ]
            .map(str::to_ascii_uppercase)
        );
        // On one thread, one task walks it all and finds the same.
        let alone = walk_all(1, &graph, &plurals, &pool, &olds, &[], words);
        assert_eq!(alone.len(), 1);
        assert_eq!(alone.concat(), shared);
    }
}
