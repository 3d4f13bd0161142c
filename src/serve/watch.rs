//! Following a log while another process (or the prompt in this one) appends to it:
//! a look at the file's length and modification time every [`POLL`], and a fresh
//! read-only replay when either changed. Reading takes no lock and writes nothing; a
//! last line still being written is set aside by the log reader like any torn tail, and
//! read whole at the next look.
//!
//! Polling rather than a file-notification crate: one `stat` five times a second costs
//! nothing measurable, needs no dependency, and works the same on every file system
//! (network and synced folders included, where notifications are unreliable).

use std::path::Path;
use std::time::{Duration, SystemTime};

use super::live::{Live, Shown};
use super::page::{self, Board, Room};
use crate::lexicon::Rules;
use crate::session::store::StoreError;
use crate::session::{OpenWith, SessionError};

/// How often the log is looked at: well inside the second within which the page
/// follows an entry.
pub(super) const POLL: Duration = Duration::from_millis(200);

/// What identifies one state of the file: its length and when it was last written.
type Stamp = Option<(u64, Option<SystemTime>)>;

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()))
}

/// Why the log could not be read, in words that name no file or directory: the whole
/// message, paths and all, is for the scorekeeper's terminal; the page, which every
/// viewer sees, says only what happened (where the server keeps its sessions is not
/// theirs to know).
pub(super) fn for_viewers(why: &SessionError) -> &'static str {
    match why {
        SessionError::Store(StoreError::Missing { .. }) => "it was removed or renamed",
        SessionError::Store(StoreError::NotAFile { .. }) => "it is no longer a file",
        SessionError::Store(StoreError::TooBig { .. }) => "it is larger than any session log",
        SessionError::Store(StoreError::Io { .. }) => "it cannot be opened",
        _ => "it no longer reads as a session (damaged or edited)",
    }
}

/// A session read for the page: what it shows, and the word rules its check uses.
pub(super) struct Loaded {
    pub board: Board,
    /// `None` when the game judges no words.
    pub rules: Option<Rules>,
}

/// Reads the session logged at `path`, read-only, into what the page shows.
pub(super) fn load(path: &Path, with: &OpenWith) -> Result<Loaded, SessionError> {
    let with = OpenWith {
        script: true,
        ..with.clone()
    };
    let session = crate::session::read_path(path, with)?;
    let title = session.title().to_string();
    let rules = session.judges_words().then(|| session.rules().clone());
    Ok(Loaded {
        board: Board {
            title,
            session: session.name().to_string(),
            standings: session.standings(),
            view: session.table_view(),
            rulings: session.rulings(),
            notes: session.notes(),
            latest: session.latest().map(|l| (l.text, l.ruling)),
            words: rules.as_ref().map(Rules::describe),
            notice: None,
        },
        rules,
    })
}

/// The board rendered for both uses, the board itself once.
pub(super) fn render(board: &Board, room: &Room) -> Shown {
    let fragment = page::fragment(board, room);
    let title = page::page_title(board);
    Shown {
        page: hyper::body::Bytes::from(page::wrap(&title, &fragment, room, None)),
        fragment,
        title,
    }
}

/// Watches the log [`Live`] names, for as long as the process runs, publishing a new
/// board on every change. A log that cannot be read just now (removed, replaced by
/// a damaged copy) keeps the last board on show with a notice saying why.
pub(super) fn run(live: &Live, room: &Room, with: &OpenWith, loaded: Loaded) {
    let mut last = loaded.board;
    let mut target = live.target();
    let mut seen = stamp(&target);
    loop {
        std::thread::sleep(POLL);
        let now_target = live.target();
        let now = stamp(&now_target);
        if now_target == target && now == seen {
            continue;
        }
        target = now_target;
        seen = now;
        match load(&target, with) {
            Ok(loaded) => {
                live.set_rules(loaded.rules);
                live.publish(render(&loaded.board, room));
                last = loaded.board;
            }
            Err(why) => {
                let mut stale = last.clone();
                stale.notice = Some(format!(
                    "the log cannot be read just now: {}; this is how it last stood",
                    for_viewers(&why)
                ));
                live.publish(render(&stale, room));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_shows_the_notes_that_stand_oldest_first() {
        let header = include_str!("../../tests/fixtures/v1/v1-open.jsonl")
            .lines()
            .next()
            .unwrap_or_default();
        let log = format!(
            "{header}\n\
             {{\"seq\":1,\"at\":\"t1\",\"event\":{{\"type\":\"noted\",\"text\":\"carol is late\"}}}}\n\
             {{\"seq\":2,\"at\":\"t2\",\"event\":{{\"type\":\"noted\",\"text\":\"oops\"}}}}\n\
             {{\"seq\":3,\"at\":\"t3\",\"event\":{{\"type\":\"undone\",\"seq\":2}}}}\n\
             {{\"seq\":4,\"at\":\"t4\",\"event\":{{\"type\":\"noted\",\"text\":\"<b>\"}}}}\n"
        );
        let session = crate::session::read_bytes(
            Path::new("n.jsonl"),
            log.as_bytes(),
            crate::registry::test_with(),
        )
        .expect("reads");
        assert_eq!(session.notes(), vec!["carol is late", "<b>"]);
    }
}
