//! The log: the JSONL file itself (append, fsync, lock, torn tail), the journal that
//! writes a session's entries to it with the clock, the header it starts with, the
//! text limits a log's lines are read under, what reading it found (warnings), and
//! where logs live. Nothing here folds an entry into a table.

pub(crate) mod dir;
pub(crate) mod header;
pub(in crate::session) mod journal;
pub mod store;
pub(in crate::session) mod texts;
pub(in crate::session) mod warnings;
