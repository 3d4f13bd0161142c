//! A room: several tables played at once on one night, each a session of the folder
//! kept from its own front ends, held together by one director.
//!
//! Kept as a file of its own (`NAME.room`, see [`index`]) rather than as a field in each
//! table's header: a log is append-only and its header is its first line, so a table
//! seated in a room after it began, or dropped from it, could not say so without a
//! rewrite of the log; and a session seated in no room, or in one room one week and
//! another the next, stays the same log. The index names sessions and holds no score,
//! so losing it loses nothing of a table; every log stays openable alone.

mod file;
pub(crate) mod index;
pub(crate) mod night;

use std::path::Path;

use file::RoomFile;
pub(crate) use index::{Index, Seat, Skipped, check_table_name};

use crate::contract::{Kind, Refusal};

/// Why a room could not be held.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RoomError {
    /// The room's name is no plain file name.
    #[error("{0}")]
    BadName(String),
    /// Another umpire holds it.
    #[error("room {room} is open in another umpire ({holder}); close it there first")]
    Held {
        /// The room.
        room: String,
        /// Who holds it, as its lock file says.
        holder: String,
    },
    /// Its index could not be read or written.
    #[error("cannot use {path}: {detail}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        detail: String,
    },
    /// Its index is far larger than any room's.
    #[error("{path} is over {max} bytes: no room's index is; it is left as it is")]
    TooBig {
        /// The file.
        path: String,
        /// The most read.
        max: u64,
    },
}

/// A room held by this process: its tables, and the index it writes on each change.
#[derive(Debug)]
pub(crate) struct Room {
    name: String,
    file: RoomFile,
    index: Index,
}

/// What holding a room found.
#[derive(Debug)]
pub(crate) struct Held {
    /// The room.
    pub room: Room,
    /// It was made just now.
    pub created: bool,
    /// The index's lines passed over, one line each ("line 3: ...").
    pub skipped: Vec<String>,
}

impl Room {
    /// Holds room `name` in `dir`, made empty when there is none.
    pub(crate) fn hold(dir: &Path, name: &str) -> Result<Held, RoomError> {
        let (file, index, skipped, created) = RoomFile::hold(dir, name)?;
        Ok(Held {
            room: Room {
                name: name.to_string(),
                file,
                index,
            },
            created,
            skipped: said(name, &skipped),
        })
    }

    /// The room's name.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// The tables, in the order they were seated.
    pub(crate) fn tables(&self) -> &[Seat] {
        &self.index.tables
    }

    /// Whether `session` may be seated as table `table`: refused as [`Room::seat`]
    /// would refuse it, nothing written.
    pub(crate) fn may_seat(&self, table: &str, session: &str) -> Result<(), Refusal> {
        self.index.clone().seat(Seat {
            table: table.to_string(),
            session: session.to_string(),
        })
    }

    /// Seats `session` as table `table`, and writes the index. Nothing changes when
    /// it is refused or cannot be written.
    pub(crate) fn seat(&mut self, table: &str, session: &str) -> Result<Seat, Refusal> {
        let mut next = self.index.clone();
        let seat = Seat {
            table: table.to_string(),
            session: session.to_string(),
        };
        next.seat(seat.clone())?;
        self.write(next)?;
        Ok(seat)
    }

    /// Takes table `name` out of the room, and writes the index; its log is left as it
    /// is.
    pub(crate) fn drop_table(&mut self, name: &str) -> Result<Seat, Refusal> {
        let mut next = self.index.clone();
        let Some(seat) = next.drop_table(name) else {
            return Err(self.no_table(name));
        };
        self.write(next)?;
        Ok(seat)
    }

    /// The refusal of a table name the room does not have, naming those it has.
    pub(crate) fn no_table(&self, name: &str) -> Refusal {
        let names: Vec<&str> = self.index.tables.iter().map(|s| s.table.as_str()).collect();
        let has = if names.is_empty() {
            "it has no tables yet: `table new NAME GAME PLAYERS...` seats one".to_string()
        } else {
            format!("its tables are {}", crate::text::and_list(&names))
        };
        let near = crate::text::did_you_mean(name, names.iter().copied())
            .map(|n| format!(" (did you mean {n}?)"))
            .unwrap_or_default();
        Refusal::of(
            Kind::BadName,
            format!(
                "room {} has no table {}{near}; {has}",
                self.name,
                crate::text::printable(name)
            ),
        )
    }

    fn write(&mut self, next: Index) -> Result<(), Refusal> {
        self.file
            .save(&next)
            .map_err(|e| Refusal::of(Kind::Rule, format!("the room is as it was: {e}")))?;
        self.index = next;
        Ok(())
    }
}

/// The lines an index passed over, said with the room's file.
fn said(name: &str, skipped: &[Skipped]) -> Vec<String> {
    skipped
        .iter()
        .map(|s| format!("{name}.room line {}: {}; passed over", s.line, s.why))
        .collect()
}

/// The night of room `name` in the folder `shelf`, read without holding the room or its
/// tables (as `export` reads a session): each table that reads, and one line for each
/// that does not.
pub(crate) fn read_night(
    shelf: &crate::session::Sessions,
    name: &str,
) -> Result<Option<(night::Night, Vec<String>)>, RoomError> {
    crate::session::dir::check_name(name).map_err(|r| RoomError::BadName(r.message))?;
    let Some((index, skipped)) = file::peek(&shelf.dir, name)? else {
        return Ok(None);
    };
    let mut notes = said(name, &skipped);
    let mut tables = Vec::new();
    for seat in index.tables {
        match shelf.read(&seat.session) {
            Ok(t) => tables.push((seat.table, t.shown_title(), seat.session, t.standings())),
            Err(e) => notes.push(format!("table {} is left out: {e}", seat.table)),
        }
    }
    Ok(Some((night::night(name, &tables), notes)))
}

/// A room of the folder as `sessions` lists it: its tables, or why its index cannot be
/// read, with the lines it passes over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Listed {
    /// The room.
    pub name: String,
    /// Its tables (table, session).
    pub tables: Vec<(String, String)>,
    /// What reading its index found, one line each.
    pub notes: Vec<String>,
}

/// The sessions of room `name`'s tables, read without holding it: `None` when there is
/// no such room, none when its index cannot be read (as `sessions` lists it).
pub(crate) fn sessions_of(dir: &Path, name: &str) -> Option<Vec<String>> {
    // A name that is no file name names no room (and no file outside the folder).
    crate::session::dir::check_name(name).ok()?;
    match file::peek(dir, name) {
        Ok(Some((index, _))) => Some(index.tables.into_iter().map(|s| s.session).collect()),
        Ok(None) => None,
        Err(_) => Some(Vec::new()),
    }
}

/// Whether `dir` holds room `name` (its index file), without reading it.
pub(crate) fn exists(dir: &Path, name: &str) -> bool {
    crate::session::dir::check_name(name).is_ok() && file::index_path(dir, name).is_file()
}

/// Every room in `dir`, read without holding it.
pub(crate) fn list(dir: &Path) -> Vec<Listed> {
    file::room_names(dir)
        .into_iter()
        .map(|name| match file::peek(dir, &name) {
            Ok(Some((index, skipped))) => Listed {
                tables: index
                    .tables
                    .into_iter()
                    .map(|s| (s.table, s.session))
                    .collect(),
                notes: said(&name, &skipped),
                name,
            },
            Ok(None) => Listed {
                tables: Vec::new(),
                notes: Vec::new(),
                name,
            },
            Err(e) => Listed {
                tables: Vec::new(),
                notes: vec![e.to_string()],
                name,
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_is_made_kept_and_held_by_one_director_at_a_time() {
        let temp = crate::testing::tempdir().expect("temp");
        let dir = temp.path();
        let held = Room::hold(dir, "friday").expect("holds");
        assert!(held.created);
        let mut room = held.room;
        room.seat("t1", "friday-t1").expect("seats");
        room.seat("hearts", "friday-hearts").expect("seats");
        let again = Room::hold(dir, "friday").expect_err("held");
        let RoomError::Held { room: name, holder } = &again else {
            panic!("{again:?}");
        };
        assert_eq!(name, "friday");
        assert!(
            holder.contains(&format!("process {}", std::process::id())),
            "{holder}"
        );
        assert!(
            again
                .to_string()
                .starts_with("room friday is open in another umpire")
        );
        drop(room);
        let held = Room::hold(dir, "friday").expect("free again");
        assert!(!held.created);
        let names: Vec<&str> = held
            .room
            .tables()
            .iter()
            .map(|s| s.table.as_str())
            .collect();
        assert_eq!(names, ["t1", "hearts"]);
        let listed = list(dir);
        assert_eq!(listed.len(), 1);
        assert_eq!(
            listed[0].tables,
            vec![
                ("t1".to_string(), "friday-t1".to_string()),
                ("hearts".into(), "friday-hearts".into())
            ]
        );
    }

    #[test]
    fn a_change_refused_or_not_written_leaves_the_room_as_it_was() {
        let temp = crate::testing::tempdir().expect("temp");
        let dir = temp.path();
        let mut room = Room::hold(dir, "sat").expect("holds").room;
        room.seat("t1", "s1").expect("seats");
        let clash = room.seat("T1", "s2").expect_err("clash");
        assert!(
            clash.message.contains("a table t1 already"),
            "{}",
            clash.message
        );
        let escape = room.seat("t2", "../x").expect_err("escape");
        assert!(
            escape.message.contains("not a session name"),
            "{}",
            escape.message
        );
        let missing = room.drop_table("t9").expect_err("none");
        assert_eq!(
            missing.message,
            "room sat has no table \"t9\" (did you mean t1?); its tables are t1"
        );
        let text = std::fs::read_to_string(dir.join("sat.room")).expect("index");
        assert_eq!(text.lines().count(), 2, "{text}");
        assert_eq!(room.drop_table("t1").expect("drops").session, "s1");
        let text = std::fs::read_to_string(dir.join("sat.room")).expect("index");
        assert_eq!(text, "{\"umpire-room\":1}\n");
        let bad = Room::hold(dir, "../up").expect_err("bad name");
        assert!(matches!(bad, RoomError::BadName(_)), "{bad:?}");
    }

    /// A room's name that would climb out of the folder reads no file there.
    #[test]
    fn a_room_named_outside_the_folder_is_never_read() {
        let temp = crate::testing::tempdir().expect("temp");
        let dir = temp.path().join("sessions");
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(
            temp.path().join("out.room"),
            "{\"umpire-room\":1}\n{\"table\":\"t\",\"session\":\"s\"}\n",
        )
        .expect("writes");
        assert_eq!(sessions_of(&dir, "../out"), None);
        assert!(!exists(&dir, "../out"));
        let shelf = crate::session::Sessions::new(
            dir.clone(),
            std::sync::Arc::new(crate::lexicon::Lexicon::embedded().expect("dictionary")),
            crate::session::Catalog::of(&[]),
        );
        assert!(matches!(
            read_night(&shelf, "../out"),
            Err(RoomError::BadName(_))
        ));
    }

    #[test]
    fn an_index_edited_badly_is_said_line_by_line_and_its_good_tables_kept() {
        let temp = crate::testing::tempdir().expect("temp");
        let dir = temp.path();
        std::fs::write(
            dir.join("wed.room"),
            "{\"umpire-room\":1}\n{\"table\":\"t1\",\"session\":\"a\"}\n{oops\n\u{ff}\n{\"table\":\"t2\",\"session\":\"b\"}",
        )
        .expect("writes");
        let held = Room::hold(dir, "wed").expect("holds");
        let names: Vec<&str> = held
            .room
            .tables()
            .iter()
            .map(|s| s.table.as_str())
            .collect();
        assert_eq!(names, ["t1", "t2"]);
        assert_eq!(held.skipped.len(), 2, "{:?}", held.skipped);
        assert!(held.skipped[0].starts_with("wed.room line 3: not a table"));
        assert!(held.skipped[1].starts_with("wed.room line 4: not a table"));
    }
}
