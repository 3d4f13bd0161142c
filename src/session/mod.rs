//! The session core: one game's log, its state folded from the log, and the verbs every
//! game shares (undo, notes, rulings, players, score, the table, export). Knows no
//! single game: [`Session`] is generic over [`Game`](crate::contract::Game), and the prompt
//! sees it as an [`AnySession`].
//!
//! - `session.rs`: the state folded from the log, replay, the header's checks;
//! - `record.rs`: recording and undo;
//! - `shared.rs`: the verbs every game shares;
//! - `any.rs`: the game-neutral face ([`AnySession`]) the prompt and commands use;
//! - `follow.rs`: taking in what another process appended (the scoreboard);
//! - `store.rs`: the JSONL file itself; `write.rs`: exports written safely;
//! - `export.rs`: JSON, CSV, Markdown and SVG; `stats.rs`: records across sessions.

mod any;
mod catalog;
pub mod dir;
mod entries;
mod error;
pub mod export;
mod fix;
mod follow;
pub mod header;
mod new;
mod record;
#[allow(clippy::module_inception)]
mod session;
mod sessions;
mod shared;
pub mod stats;
pub mod store;
mod tally;
mod verbs;
mod write;

pub use any::{AnySession, Latest, Reply, RulingRecord, Summary};
pub use catalog::{Catalog, Entry};
pub use error::SessionError;
pub use follow::Followed;
pub use new::NewError;
pub use session::{Session, Start};
pub use sessions::{Sessions, list_table, open_path, read_bytes, read_path};
pub use verbs::{SHARED_VERBS, fix_example};
pub use write::{WriteError, export_file};

use std::sync::Arc;

use crate::lexicon::Lexicon;

/// How a session is being opened.
#[derive(Clone)]
pub struct OpenWith {
    pub lexicon: Arc<Lexicon>,
    /// Commands come from a script: nobody answers questions.
    pub script: bool,
    /// The games a log may hold (the registry).
    pub games: Catalog,
}

/// The current time, RFC 3339 in UTC, for the log.
pub fn now() -> String {
    time::OffsetDateTime::now_utc()
        .replace_nanosecond(0)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_else(|| "1970-01-01T00:00:00Z".into())
}

/// Today's date (UTC) for default session names.
pub fn today() -> String {
    now().chars().take(10).collect()
}
