//! The session core: one game's log, its state folded from the log, and the verbs every
//! game shares (undo, notes, rulings, players, score, export). Knows no single game:
//! [`Session`] is generic over [`Game`](crate::games::Game), and the prompt sees it as a
//! [`Table`].

mod core;
pub mod dir;
pub mod event;
pub mod export;
pub mod store;
mod table;
mod verbs;

pub use core::{OpenWith, Session};
pub use table::{Reply, Summary, Table};
pub use verbs::CORE_VERBS;

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
