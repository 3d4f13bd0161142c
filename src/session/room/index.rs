//! A room's index as text: which sessions of the folder are its tables, by the names the
//! room gives them. Pure: reading and writing text, no file.
//!
//! One JSON object a line, as a log is: a first line naming the room and the format,
//! then one line a table (`{"table":"t1","session":"friday-t1"}`). A line per table
//! rather than one document, so an index cut short (a full disk, a crash mid-write on a
//! filesystem that does not keep a rename's data) or edited by hand loses only the
//! lines that are broken: each is said in one line, and every table on a line that
//! reads still opens. The index names sessions; it holds no score: a table's totals are
//! always its own log's, so nothing of a night is lost with the index, and each log
//! stays openable alone with `resume`.

use serde::{Deserialize, Serialize};

use crate::contract::{Kind, Refusal};

/// The format written in the first line.
pub(crate) const FORMAT: u32 = 1;

/// The most tables a room holds: a club's night (the room page is laid out for 8 and
/// says the others by name); the index stays small enough to write whole.
pub(crate) const MAX_TABLES: usize = 16;

/// Longest table name: it is typed at the prompt and shown on a TV's card.
pub(crate) const MAX_TABLE_NAME: usize = 24;

/// A room's tables, in the order they were seated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Index {
    pub(crate) tables: Vec<Seat>,
}

/// One table: the name the room calls it and the session that keeps its score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Seat {
    pub(crate) table: String,
    pub(crate) session: String,
}

/// The first line.
#[derive(Debug, Serialize, Deserialize)]
struct Head {
    #[serde(rename = "umpire-room")]
    format: u32,
}

/// Something reading an index found and passed over, one line each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Skipped {
    /// The line (from 1).
    pub(crate) line: usize,
    /// Why, and what was done instead.
    pub(crate) why: String,
}

/// A table name: 1 to [`MAX_TABLE_NAME`] letters, digits, `-` or `_`, starting with a
/// letter or digit: typed at a prompt, part of a link, never a path.
pub(crate) fn check_table_name(name: &str) -> Result<(), Refusal> {
    if crate::contract::is_plain_name(name, MAX_TABLE_NAME, |c| c.is_ascii_alphanumeric()) {
        Ok(())
    } else {
        Err(Refusal::of(
            Kind::BadName,
            format!(
                "{} is not a table name: use 1 to {MAX_TABLE_NAME} letters, digits, - or _, starting with a letter or digit",
                crate::text::printable(name)
            ),
        ))
    }
}

impl Index {
    /// The table called `name` (case aside: `T1` is `t1`).
    pub(crate) fn find(&self, name: &str) -> Option<&Seat> {
        self.tables
            .iter()
            .find(|s| s.table.eq_ignore_ascii_case(name))
    }

    /// Whether a table keeps its score in `session`.
    pub(crate) fn seats_session(&self, session: &str) -> Option<&Seat> {
        self.tables.iter().find(|s| s.session == session)
    }

    /// Seats `seat`, refusing a name that is no table name or is taken, a session
    /// that is another table's, and a room that is full.
    pub(crate) fn seat(&mut self, seat: Seat) -> Result<(), Refusal> {
        check_table_name(&seat.table)?;
        crate::session::dir::check_name(&seat.session)?;
        if let Some(other) = self.find(&seat.table) {
            return Err(Refusal::of(
                Kind::BadName,
                format!(
                    "there is a table {} already (session {}); pick another name",
                    other.table, other.session
                ),
            ));
        }
        if let Some(other) = self.seats_session(&seat.session) {
            return Err(Refusal::of(
                Kind::Rule,
                format!(
                    "session {} is table {} already; a session keeps one table's score",
                    other.session, other.table
                ),
            ));
        }
        if self.tables.len() >= MAX_TABLES {
            return Err(Refusal::of(
                Kind::Rule,
                format!("a room holds at most {MAX_TABLES} tables; drop one first"),
            ));
        }
        self.tables.push(seat);
        Ok(())
    }

    /// Removes the table called `name`, returning it.
    pub(crate) fn drop_table(&mut self, name: &str) -> Option<Seat> {
        let at = self
            .tables
            .iter()
            .position(|s| s.table.eq_ignore_ascii_case(name))?;
        Some(self.tables.remove(at))
    }

    /// The index as its file holds it.
    pub(crate) fn to_text(&self) -> String {
        let mut text = serde_json::json!({ "umpire-room": FORMAT }).to_string();
        text.push('\n');
        for seat in &self.tables {
            // A seat is two plain strings: it always serialises.
            if let Ok(line) = serde_json::to_string(seat) {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    }

    /// Reads an index, keeping every table whose line reads and says each line passed
    /// over: not JSON (cut short, or edited badly), not a table, a name that is no
    /// table or session name (one that could climb out of the folder), a table or
    /// session named twice (the first kept), or more than [`MAX_TABLES`]. A first line
    /// of a newer format is said and its tables still read, as far as they are tables.
    pub(crate) fn parse(text: &str) -> (Index, Vec<Skipped>) {
        let mut index = Index { tables: Vec::new() };
        let mut skipped = Vec::new();
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .collect();
        let tables = match lines.first() {
            None => &lines[..],
            Some((n, first)) => match serde_json::from_str::<Head>(first) {
                Ok(head) if head.format <= FORMAT => &lines[1..],
                Ok(head) => {
                    skipped.push(Skipped {
                        line: n + 1,
                        why: format!(
                            "the index is of format {}, newer than this umpire's {FORMAT}: its tables are read as far as this version knows them",
                            head.format
                        ),
                    });
                    &lines[1..]
                }
                // The head edited away: the tables may still be there.
                Err(_) => {
                    skipped.push(Skipped {
                        line: n + 1,
                        why: "the first line does not say {\"umpire-room\":1}; every line is read as a table".into(),
                    });
                    &lines[..]
                }
            },
        };
        for &(n, line) in tables {
            let line_no = n + 1;
            let seat = match serde_json::from_str::<Seat>(line) {
                Ok(seat) => seat,
                Err(e) => {
                    skipped.push(Skipped {
                        line: line_no,
                        why: format!(
                            "not a table ({{\"table\":NAME,\"session\":NAME}}): {}",
                            crate::text::printable_text(&e.to_string())
                        ),
                    });
                    continue;
                }
            };
            if let Err(why) = index.seat(seat) {
                skipped.push(Skipped {
                    line: line_no,
                    why: why.message,
                });
            }
        }
        (index, skipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(table: &str, session: &str) -> Seat {
        Seat {
            table: table.into(),
            session: session.into(),
        }
    }

    #[test]
    fn an_index_is_written_a_line_a_table_and_read_back_the_same() {
        let mut index = Index { tables: Vec::new() };
        index
            .seat(seat("rummy-1", "friday-rummy-1"))
            .expect("seats");
        index.seat(seat("words", "friday-words")).expect("seats");
        let text = index.to_text();
        assert_eq!(
            text,
            "{\"umpire-room\":1}\n{\"table\":\"rummy-1\",\"session\":\"friday-rummy-1\"}\n{\"table\":\"words\",\"session\":\"friday-words\"}\n"
        );
        assert_eq!(Index::parse(&text), (index, Vec::new()));
    }

    #[test]
    fn an_index_cut_short_keeps_every_whole_line() {
        let text =
            "{\"umpire-room\":1}\n{\"table\":\"a\",\"session\":\"s-a\"}\n{\"table\":\"b\",\"sess";
        let (index, skipped) = Index::parse(text);
        assert_eq!(index.tables, vec![seat("a", "s-a")]);
        assert_eq!(skipped.len(), 1);
        assert_eq!(skipped[0].line, 3);
        assert!(skipped[0].why.starts_with("not a table"), "{:?}", skipped);
    }

    #[test]
    fn names_that_would_escape_the_folder_or_clash_are_passed_over() {
        let text = [
            "{\"umpire-room\":1}",
            "{\"table\":\"a\",\"session\":\"../../etc/passwd\"}",
            "{\"table\":\"a b\",\"session\":\"s1\"}",
            "{\"table\":\"t1\",\"session\":\"s1\"}",
            "{\"table\":\"T1\",\"session\":\"s2\"}",
            "{\"table\":\"t2\",\"session\":\"s1\"}",
            "{\"table\":\"t3\",\"session\":\"s3\",\"score\":9}",
            "[1,2]",
        ]
        .join("\n");
        let (index, skipped) = Index::parse(&text);
        assert_eq!(index.tables, vec![seat("t1", "s1")]);
        let lines: Vec<usize> = skipped.iter().map(|s| s.line).collect();
        assert_eq!(lines, [2, 3, 5, 6, 7, 8]);
        assert!(skipped[0].why.contains("not a session name"), "{skipped:?}");
        assert!(skipped[1].why.contains("not a table name"), "{skipped:?}");
        assert!(skipped[2].why.contains("a table t1 already"), "{skipped:?}");
        assert!(
            skipped[3].why.contains("is table t1 already"),
            "{skipped:?}"
        );
        assert!(skipped[4].why.contains("unknown field"), "{skipped:?}");
    }

    #[test]
    fn a_missing_or_newer_first_line_still_reads_the_tables() {
        let (index, skipped) = Index::parse("{\"table\":\"a\",\"session\":\"s\"}\n");
        assert_eq!(index.tables, vec![seat("a", "s")]);
        assert!(skipped[0].why.contains("first line"), "{skipped:?}");
        assert_eq!(skipped[0].line, 1, "lines are counted from 1");
        let (index, skipped) =
            Index::parse("{\"umpire-room\":9}\n{\"table\":\"a\",\"session\":\"s\"}\n");
        assert_eq!(index.tables, vec![seat("a", "s")]);
        assert!(skipped[0].why.contains("format 9"), "{skipped:?}");
        assert_eq!(skipped[0].line, 1, "lines are counted from 1");
        assert_eq!(Index::parse(""), (Index { tables: vec![] }, vec![]));
    }

    #[test]
    fn a_room_holds_sixteen_tables_and_drops_one_by_name_in_any_case() {
        let mut index = Index { tables: Vec::new() };
        for i in 0..MAX_TABLES {
            index
                .seat(seat(&format!("t{i}"), &format!("s{i}")))
                .expect("room");
        }
        let full = index.seat(seat("t99", "s99")).expect_err("full");
        assert!(full.message.contains("at most 16"), "{}", full.message);
        assert_eq!(index.drop_table("T3"), Some(seat("t3", "s3")));
        assert_eq!(index.drop_table("t3"), None);
        index.seat(seat("t99", "s99")).expect("room again");
    }
}
