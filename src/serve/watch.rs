//! Following a log while another process (or the prompt in this one) appends to it,
//! at the cost of what was appended: the session read once is kept, and each change
//! reads only the bytes past the last complete line read, parses those entries and
//! applies them on top (`AnySession::follow`). The log is read whole again only when
//! it is no longer the file that was read (replaced by rename, cut shorter, removed and
//! back, or the prompt moved to another session), or when what was appended does not
//! read as entries following the last one. Reading takes no lock and writes nothing; a
//! last line still being written is left for the next look, when it is whole.
//!
//! A change is noticed at once where the system says so (inotify, `notify.rs`), and
//! otherwise by a look at the file every [`POLL`], which also stands in for a
//! notification that never comes (network and synced folders).

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::live::{Live, Shown};
use super::notify::Changes;
use super::page::{self, Board, NOTES_SHOWN, RULINGS_SHOWN, Room};
use crate::lexicon::Rules;
use crate::session::store::{self, MAX_LOG, StoreError};
use crate::session::{AnySession, OpenWith, SessionError, Warned, Warning};

/// How often the log is looked at when nothing says it changed: well inside the
/// second within which the page follows an entry, and the longest an entry waits where
/// the system sends no notification.
pub(super) const POLL: Duration = Duration::from_millis(200);

/// Which file a path holds and how far it goes: its identity (device and inode on
/// unix), length and when it was last written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    identity: Option<(u64, u64)>,
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        #[cfg(unix)]
        let identity = {
            use std::os::unix::fs::MetadataExt;
            Some((meta.dev(), meta.ino()))
        };
        #[cfg(not(unix))]
        let identity = None;
        Stamp {
            identity,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }

    fn at(path: &Path) -> Option<Stamp> {
        std::fs::metadata(path).ok().map(|m| Stamp::of(&m))
    }
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

/// What the page says of the log's warnings, in one line: how many entries reading it
/// left out and how many it shows cut. The list is the scorekeeper's (at the terminal,
/// as `serve` starts or the prompt opens the session): a board that must fit a TV has
/// room for a line, and viewers need only know that the totals leave something out.
fn warned_notice(warned: Warned) -> Option<String> {
    let entries = |n: u64| {
        format!(
            "{} {}",
            crate::text::grouped(n),
            if n == 1 { "entry" } else { "entries" }
        )
    };
    let what = match (warned.left_out, warned.cut) {
        (0, 0) => return None,
        (left, 0) => format!("{} left out (damaged or edited by hand)", entries(left)),
        (0, cut) => format!(
            "{} whose text is longer than typing allows, shown cut",
            entries(cut)
        ),
        (left, cut) => format!(
            "{} left out (damaged or edited by hand) and {} shown cut",
            entries(left),
            crate::text::grouped(cut)
        ),
    };
    Some(format!(
        "this log has {what}; the scorekeeper's terminal says which"
    ))
}

/// A session being followed: the session as read so far, what the page shows of it
/// besides what the session gives again at each rendering (the standings and the
/// game's table, the largest part of a board, are not held between renderings), and
/// where in its file the next entries start.
pub(super) struct Following {
    session: Box<dyn AnySession>,
    /// The board without its standings and table: the session's title and name, the
    /// last rulings and notes, the entry just recorded, the word rules in words.
    kept: Kept,
    /// The word rules the check uses; `None` when the game judges no words.
    pub(crate) rules: Option<Rules>,
    path: PathBuf,
    /// The header line, newline included: what the bytes appended are parsed after.
    header: Vec<u8>,
    /// The file as it was when last read, and how many of its bytes were read (up to
    /// the end of the last whole line).
    stamp: Stamp,
    read: u64,
    /// The last entry's seq: entries appended must come after it.
    last_seq: u64,
}

/// What a board holds that the session does not give again cheaply.
#[derive(Debug, Clone)]
struct Kept {
    title: String,
    session: String,
    rulings: Vec<crate::session::RulingRecord>,
    notes: Vec<String>,
    latest: Option<(String, bool)>,
    words: Option<String>,
}

/// What a look at the log found.
#[derive(Debug, PartialEq, Eq)]
enum Look {
    Unchanged,
    Followed,
    /// It is another file now, or what was appended does not follow: read it whole.
    Reread,
}

/// The last entry in words, as `history` says it; an undo names what it took back.
fn latest_text(latest: &crate::session::Latest) -> String {
    match &latest.undid {
        Some(undid) => format!("{}: {undid}", latest.told),
        None => latest.told.to_string(),
    }
}

/// Reads the session logged at `path`, read-only, into what the page shows.
pub(super) fn load(path: &Path, with: &OpenWith) -> Result<Following, SessionError> {
    let with = with.clone();
    // The file's identity before its bytes: if it is replaced in between, the next
    // look finds another file and reads that one whole.
    let before = Stamp::at(path);
    // Whole lines only, a line at a time: a line still being written is read at the
    // next look.
    let mut reading = store::Reading::read_whole_lines(path)?;
    let header = reading.header_line().to_vec();
    let session = crate::session::read_from(path, &mut reading, with)?;
    let read = reading.len();
    let rules = session.judges_words().then(|| session.rules().clone());
    let latest = session.latest();
    let rulings = session.last_rulings(RULINGS_SHOWN);
    let notes = session.last_notes(NOTES_SHOWN);
    let kept = Kept {
        title: session.shown_title(),
        session: session.name().to_string(),
        rulings,
        notes,
        latest: latest.as_ref().map(|l| (latest_text(l), l.ruling)),
        words: rules.as_ref().map(Rules::describe),
    };
    give_back_memory();
    Ok(Following {
        session,
        kept,
        rules,
        path: path.to_path_buf(),
        header,
        stamp: Stamp {
            len: read,
            identity: before.and_then(|b| b.identity),
            modified: before.and_then(|b| b.modified),
        },
        read,
        last_seq: latest.map_or(0, |l| l.seq),
    })
}

/// Keeps the last `n` of `items`: the page shows no more, and a long evening's
/// thousands of rulings need not be held twice.
fn keep_last<T>(items: &mut Vec<T>, n: usize) {
    let extra = items.len().saturating_sub(n);
    items.drain(..extra);
    items.shrink_to_fit();
}

/// Hands the memory freed after reading a whole log back to the system: reading holds
/// the file's bytes and every entry parsed twice over for a moment, several times what
/// is kept, and the allocator would otherwise keep that peak for the life of the
/// process.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory to the system; it touches nothing
    // in use.
    unsafe {
        libc::malloc_trim(0);
    }
}

impl Following {
    /// The board as it stands, with `notice` on it.
    fn board(&self, notice: Option<String>) -> Board {
        let kept = self.kept.clone();
        Board {
            title: kept.title,
            session: kept.session,
            standings: self.session.standings(),
            view: self.session.table_view(),
            highlights: self.session.table_highlights(),
            rulings: kept.rulings,
            notes: kept.notes,
            latest: kept.latest,
            words: kept.words,
            // Why the log cannot be read just now comes first: the board is then the
            // last one read.
            notice: notice.or_else(|| warned_notice(self.session.warned())),
        }
    }

    /// Looks at the file and takes in what was appended since it was last read.
    fn step(&mut self) -> Look {
        let Some(now) = Stamp::at(&self.path) else {
            return Look::Reread;
        };
        if now.identity != self.stamp.identity || now.len < self.read || now.len > MAX_LOG {
            return Look::Reread;
        }
        if now.len == self.read {
            return Look::Unchanged;
        }
        let Ok(appended) = self.appended(now) else {
            return Look::Reread;
        };
        // Whole lines only; a line still being written waits for the next look.
        let Some(whole) = appended.iter().rposition(|b| *b == b'\n').map(|i| i + 1) else {
            return Look::Unchanged;
        };
        let mut text = self.header.clone();
        text.extend_from_slice(&appended[..whole]);
        let Ok(contents) = store::parse(&self.path, &text) else {
            return Look::Reread;
        };
        // Entries as umpire appends them: whole, each after the one before. Anything
        // else (a damaged line, a seq out of order) is for the full reader to report.
        let mut last = self.last_seq;
        let in_order = contents.entries.iter().all(|e| {
            let after = e.seq > last;
            last = e.seq;
            after
        });
        if !contents.damage.is_empty() || !in_order {
            return Look::Reread;
        }
        self.last_seq = last;
        self.read += whole as u64;
        self.stamp = Stamp {
            len: self.read,
            ..now
        };
        let followed = self.session.follow(contents.entries);
        let board = &mut self.kept;
        match (followed.rulings, followed.notes) {
            (Some(rulings), Some(notes)) => {
                board.rulings.extend(rulings);
                board.notes.extend(notes);
            }
            _ => {
                board.rulings = self.session.rulings();
                board.notes = self.session.notes();
            }
        }
        keep_last(&mut board.rulings, RULINGS_SHOWN);
        keep_last(&mut board.notes, NOTES_SHOWN);
        if let Some(latest) = followed.latest {
            board.latest = Some((latest_text(&latest), latest.ruling));
        }
        if self.session.judges_words() {
            self.rules = Some(self.session.rules().clone());
            board.words = self.rules.as_ref().map(Rules::describe);
        }
        Look::Followed
    }

    /// The bytes from the last read to the end the file had at `now` (the same file:
    /// its identity is checked again once it is open).
    fn appended(&self, now: Stamp) -> std::io::Result<Vec<u8>> {
        let mut file = File::open(&self.path)?;
        if Stamp::of(&file.metadata()?).identity != now.identity {
            return Err(std::io::Error::other("replaced"));
        }
        file.seek(SeekFrom::Start(self.read))?;
        let mut bytes = Vec::new();
        file.take(now.len - self.read).read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

/// The board rendered for both uses, the board itself once.
pub(super) fn render(board: &Board, room: &Room) -> Shown {
    let fragment = page::fragment(board, room);
    let title = page::page_title(board);
    Shown {
        page: hyper::body::Bytes::from(page::wrap(&title, &fragment, room, None)),
        fragment,
        title,
        card: super::room::card(board),
        standing: Some((
            board.title.clone(),
            board.session.clone(),
            board.standings.clone(),
        )),
    }
}

/// Watches the log [`Live`] names, for as long as the process runs, publishing a new
/// board on every change. A log that cannot be read just now (removed, replaced by
/// a damaged copy) keeps the last board on show with a notice saying why, and is read
/// again whole each time its file changes. The session is read here, on the watcher's
/// own thread, which keeps it: `started` gets the warnings reading it found once the
/// first board is up, or why there is none (and then the watcher ends).
pub(super) fn run(
    live: &Live,
    room: &Room,
    with: &OpenWith,
    started: std::sync::mpsc::Sender<Result<Vec<Warning>, SessionError>>,
) {
    let mut following = match load(&live.target(), with) {
        Ok(f) => f,
        Err(why) => {
            let _ = started.send(Err(why));
            return;
        }
    };
    live.set_rules(following.rules.clone());
    live.publish(render(&following.board(None), room));
    if started
        .send(Ok(following.session.warnings().to_vec()))
        .is_err()
    {
        return;
    }
    let mut changes = Changes::new(&following.path);
    // The file as it was when it last failed to read: tried again once it changes.
    let mut broken: Option<Option<Stamp>> = None;
    loop {
        changes.wait(POLL);
        if live.stopped() {
            return;
        }
        let target = live.target();
        let step = if target != following.path {
            changes = Changes::new(&target);
            following.path = target;
            broken = None;
            Look::Reread
        } else if let Some(seen) = broken {
            if Stamp::at(&following.path) == seen {
                Look::Unchanged
            } else {
                Look::Reread
            }
        } else {
            following.step()
        };
        match step {
            Look::Unchanged => continue,
            Look::Followed => {
                live.set_rules(following.rules.clone());
                live.publish(render(&following.board(None), room));
            }
            Look::Reread => {
                let stamp = Stamp::at(&following.path);
                match load(&following.path, with) {
                    Ok(fresh) => {
                        broken = None;
                        following = fresh;
                        live.set_rules(following.rules.clone());
                        live.publish(render(&following.board(None), room));
                    }
                    Err(why) => {
                        broken = Some(stamp);
                        let notice = format!(
                            "the log cannot be read just now: {}; this is how it last stood",
                            for_viewers(&why)
                        );
                        live.publish(render(&following.board(Some(notice)), room));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_says_in_one_line_how_many_entries_the_log_leaves_out_and_shows_cut() {
        let said = |left_out, cut| warned_notice(Warned { left_out, cut });
        assert_eq!(said(0, 0), None);
        assert_eq!(
            said(29_902, 0).as_deref(),
            Some(
                "this log has 29,902 entries left out (damaged or edited by hand); the scorekeeper's terminal says which"
            )
        );
        assert_eq!(
            said(0, 1).as_deref(),
            Some(
                "this log has 1 entry whose text is longer than typing allows, shown cut; the scorekeeper's terminal says which"
            )
        );
        assert_eq!(
            said(1, 2).as_deref(),
            Some(
                "this log has 1 entry left out (damaged or edited by hand) and 2 shown cut; the scorekeeper's terminal says which"
            )
        );
    }

    #[test]
    fn entries_followed_are_held_to_typing_s_limits_and_a_refold_says_nothing_twice() {
        let v1 = include_str!("../../tests/fixtures/v1/v1-open.jsonl");
        let joined =
            "{\"seq\":8,\"at\":\"t8\",\"event\":{\"type\":\"player-joined\",\"name\":\"9lives\"}}";
        let log = format!("{v1}{joined}\n");
        let mut session = crate::session::read_bytes(
            Path::new("v1-open.jsonl"),
            log.as_bytes(),
            crate::registry::test_with(),
        )
        .expect("reads");
        let skipped = "entry 8 no longer fits (\"9lives\" is not a player name: use 1 to 24 letters, digits, - or _, starting with a letter); skipped";
        let said = |s: &dyn AnySession| -> Vec<String> {
            s.warnings().iter().map(crate::render::warning).collect()
        };
        assert_eq!(said(session.as_ref()), [skipped]);
        let header = v1.lines().next().unwrap_or_default();
        let note = format!(
            "{{\"seq\":9,\"at\":\"t9\",\"event\":{{\"type\":\"noted\",\"text\":\"{}\"}}}}",
            "n".repeat(600)
        );
        // An undo folds the log again from the start, entry 8 and all.
        let undo = "{\"seq\":10,\"at\":\"t10\",\"event\":{\"type\":\"undone\",\"seq\":7}}";
        let appended = format!("{header}\n{note}\n{undo}\n");
        let contents =
            store::parse(Path::new("v1-open.jsonl"), appended.as_bytes()).expect("entries");
        session.follow(contents.entries);
        assert_eq!(
            said(session.as_ref()),
            [
                skipped,
                "entry 9 holds a note of 600 characters (at most 500), more than typing allows; shown cut to its first 500"
            ]
        );
        assert_eq!(
            session.warned(),
            Warned {
                left_out: 1,
                cut: 1
            }
        );
        let notes = session.notes();
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0], format!("{}…", "n".repeat(500)));
    }

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
