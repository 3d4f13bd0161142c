//! What reading a log found, in the words every front end shows (the prompt, JSON
//! replies, `stats`, an export's stderr, the scoreboard's terminal): a
//! [`Warning`] a line.

use crate::session::store::{Damage, Disorder, Unread};
use crate::session::{Cut, Fitted, ShelfNote, Warning, WarningKind};
use crate::text::{grouped, printable};

/// A warning in one line, as the prompt says it after "warning: ".
pub(crate) fn warning(w: &Warning) -> String {
    match w {
        Warning::Damaged(d) => damage(d),
        Warning::Disorder(d) => disorder(d),
        Warning::Fitted(f) => fitted(f),
        Warning::Renamed { header, file } => format!(
            "the log's header calls it {}; its file name, {file}, is its name",
            printable(header)
        ),
        Warning::NotAnEvent { seq, game, why } => {
            format!("entry {seq} is not a {game} event ({why}); skipped")
        }
        Warning::Cut { seq, cuts } => cut(*seq, cuts),
        Warning::SetAside { seq, why } => format!("entry {seq} {why}; set aside"),
        Warning::Skipped { seq, why } => format!("entry {seq} no longer fits ({why}); skipped"),
        Warning::More {
            kind,
            more,
            first,
            last,
            game,
        } => format!(
            "... and {} more {} (first {}, last {})",
            grouped(*more),
            kinds(*kind, game),
            at(*kind, *first),
            at(*kind, *last)
        ),
    }
}

/// A note of `stats`: "NAME: warning", or the log it could not read.
pub(crate) fn shelf_note(note: &ShelfNote) -> String {
    match note {
        ShelfNote::Warned {
            session,
            warning: w,
        } => format!("{session}: {}", warning(w)),
        ShelfNote::Unreadable { session, error } => {
            format!("{session}: unreadable, skipped ({error})")
        }
        ShelfNote::Removed { file } => {
            format!("removed {file}, left by a `new` that was stopped half-way")
        }
    }
}

/// The summary's words for warnings of `kind`: "entries that no longer fit".
fn kinds(kind: WarningKind, game: &str) -> String {
    match kind {
        WarningKind::Unreadable => "unreadable lines".to_string(),
        WarningKind::NotAnEvent => format!("entries that are not {game} events"),
        WarningKind::SetAside => "entries set aside".to_string(),
        WarningKind::Skipped => "entries that no longer fit".to_string(),
        WarningKind::Cut => "entries holding text longer than typing allows".to_string(),
    }
}

/// How a place of `kind` is named: a line number or an entry's.
fn at(kind: WarningKind, n: u64) -> String {
    match kind {
        WarningKind::Unreadable => format!("line {n}"),
        _ => format!("#{n}"),
    }
}

/// A line that cannot be read.
fn damage(d: &Damage) -> String {
    let what = if d.tail {
        "torn last write"
    } else {
        "unreadable line"
    };
    let why = match &d.why {
        Unread::CutOff => "cut off before its end".to_string(),
        Unread::Blank => "blank".to_string(),
        Unread::NotAnEvent(err) => format!("not an event ({err})"),
        Unread::Repeats { seq, line } => format!("seq {seq} repeats line {line}"),
    };
    format!(
        "line {} ({} bytes): {what}, {why}; kept aside in the .damaged file",
        d.line, d.bytes
    )
}

/// Entries out of order, or seqs no line holds.
fn disorder(d: &Disorder) -> String {
    match d {
        Disorder::Behind {
            lines: (first, last),
            seqs: (first_seq, last_seq),
            after,
        } => {
            if first == last {
                format!("line {first}: seq {first_seq} comes after seq {after}; kept in file order")
            } else {
                format!(
                    "lines {first} to {last}: seqs {first_seq} to {last_seq} come after seq {after}; kept in file order"
                )
            }
        }
        Disorder::Missing {
            gaps,
            more,
            damaged,
        } => {
            let shown: Vec<String> = gaps
                .iter()
                .map(|&(a, b)| {
                    if a == b {
                        format!("{a}")
                    } else {
                        format!("{a} to {b}")
                    }
                })
                .collect();
            format!(
                "no line holds seq {}{}: lines removed or renumbered by hand{}? the entries that are there are kept",
                shown.join(", "),
                if *more > 0 {
                    format!(" and {more} more gaps")
                } else {
                    String::new()
                },
                if *damaged {
                    ", or among the damaged lines"
                } else {
                    ""
                }
            )
        }
    }
}

/// A header's number read as the nearest its flag takes.
fn fitted(f: &Fitted) -> String {
    format!(
        "the header's {}: {} {} is outside {} to {} (as --{} takes it); read as {}",
        f.part, f.field, f.value, f.min, f.max, f.flag, f.read
    )
}

/// What was cut from entry `seq`, in one line.
fn cut(seq: u64, cuts: &[Cut]) -> String {
    let each = |c: &Cut| {
        let field = c
            .field
            .as_ref()
            .map_or_else(String::new, |f| format!(" ({f})"));
        format!(
            "{}{field} of {} characters (at most {})",
            c.what,
            grouped(c.chars as u64),
            grouped(c.max as u64)
        )
    };
    match cuts {
        [one] => format!(
            "entry {seq} holds {}, more than typing allows; shown cut to its first {}",
            each(one),
            grouped(one.max as u64)
        ),
        _ => {
            const NAMED: usize = 3;
            let mut named: Vec<String> = cuts.iter().take(NAMED).map(each).collect();
            if cuts.len() > NAMED {
                named.push(format!("{} more", cuts.len() - NAMED));
            }
            format!(
                "entry {seq} holds {} texts longer than typing allows ({}); each shown cut to its limit",
                cuts.len(),
                named.join("; ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::session::SessionError;

    fn said(w: Warning) -> String {
        warning(&w)
    }

    #[test]
    fn damage_is_said_with_its_line_bytes_and_why() {
        let d = |line, why, tail| {
            said(Warning::Damaged(Damage {
                line,
                bytes: 42,
                why,
                tail,
            }))
        };
        assert_eq!(
            d(9, Unread::CutOff, true),
            "line 9 (42 bytes): torn last write, cut off before its end; kept aside in the .damaged file"
        );
        assert_eq!(
            d(3, Unread::Blank, false),
            "line 3 (42 bytes): unreadable line, blank; kept aside in the .damaged file"
        );
        assert_eq!(
            d(
                4,
                Unread::NotAnEvent("expected value at line 1 column 1".into()),
                false
            ),
            "line 4 (42 bytes): unreadable line, not an event (expected value at line 1 column 1); kept aside in the .damaged file"
        );
        assert_eq!(
            d(5, Unread::Repeats { seq: 1, line: 2 }, false),
            "line 5 (42 bytes): unreadable line, seq 1 repeats line 2; kept aside in the .damaged file"
        );
    }

    #[test]
    fn disorder_is_said_a_run_or_the_gaps_at_a_time() {
        let d = |d| said(Warning::Disorder(d));
        assert_eq!(
            d(Disorder::Behind {
                lines: (4, 4),
                seqs: (2, 2),
                after: 3
            }),
            "line 4: seq 2 comes after seq 3; kept in file order"
        );
        assert_eq!(
            d(Disorder::Behind {
                lines: (5, 7),
                seqs: (3, 5),
                after: 20
            }),
            "lines 5 to 7: seqs 3 to 5 come after seq 20; kept in file order"
        );
        assert_eq!(
            d(Disorder::Missing {
                gaps: vec![(4, 6)],
                more: 0,
                damaged: true
            }),
            "no line holds seq 4 to 6: lines removed or renumbered by hand, or among the damaged lines? the entries that are there are kept"
        );
        assert_eq!(
            d(Disorder::Missing {
                gaps: vec![(6, 19)],
                more: 0,
                damaged: false
            }),
            "no line holds seq 6 to 19: lines removed or renumbered by hand? the entries that are there are kept"
        );
        assert_eq!(
            d(Disorder::Missing {
                gaps: vec![(3, 3), (6, 7)],
                more: 0,
                damaged: false
            }),
            "no line holds seq 3, 6 to 7: lines removed or renumbered by hand? the entries that are there are kept"
        );
        assert_eq!(
            d(Disorder::Missing {
                gaps: vec![(1, 1), (3, 3), (5, 9)],
                more: 2,
                damaged: false
            }),
            "no line holds seq 1, 3, 5 to 9 and 2 more gaps: lines removed or renumbered by hand? the entries that are there are kept"
        );
    }

    #[test]
    fn every_other_warning_is_said_in_its_own_words() {
        assert_eq!(
            said(Warning::Fitted(Fitted {
                part: "word rules",
                field: "level".into(),
                value: "1e30".into(),
                flag: "level".into(),
                min: 10,
                max: 95,
                read: 95,
            })),
            "the header's word rules: level 1e30 is outside 10 to 95 (as --level takes it); read as 95"
        );
        assert_eq!(
            said(Warning::Renamed {
                header: "friday\u{7}".into(),
                file: "evening".into(),
            }),
            format!(
                "the log's header calls it {}; its file name, evening, is its name",
                printable("friday\u{7}")
            )
        );
        assert_eq!(
            said(Warning::NotAnEvent {
                seq: 9,
                game: "take-two",
                why: "unknown variant `jump`".into(),
            }),
            "entry 9 is not a take-two event (unknown variant `jump`); skipped"
        );
        assert_eq!(
            said(Warning::SetAside {
                seq: 7,
                why: "undoes entry 3, which is already undone".into(),
            }),
            "entry 7 undoes entry 3, which is already undone; set aside"
        );
        assert_eq!(
            said(Warning::Skipped {
                seq: 8,
                why: "the tile set has only 1 Q".into(),
            }),
            "entry 8 no longer fits (the tile set has only 1 Q); skipped"
        );
    }

    #[test]
    fn one_cut_is_said_with_its_length_and_limit_and_several_in_one_line() {
        let note = Cut {
            what: "a note",
            field: None,
            chars: 52_428_800,
            max: 500,
        };
        assert_eq!(
            said(Warning::Cut {
                seq: 7,
                cuts: vec![note.clone()]
            }),
            "entry 7 holds a note of 52,428,800 characters (at most 500), more than typing allows; shown cut to its first 500"
        );
        let name = Cut {
            what: "a name",
            field: None,
            chars: 30,
            max: 24,
        };
        assert_eq!(
            said(Warning::Cut {
                seq: 9,
                cuts: vec![note, name.clone(), name.clone(), name]
            }),
            "entry 9 holds 4 texts longer than typing allows (a note of 52,428,800 characters (at most 500); a name of 30 characters (at most 24); a name of 30 characters (at most 24); 1 more); each shown cut to its limit"
        );
        assert_eq!(
            said(Warning::Cut {
                seq: 3,
                cuts: vec![Cut {
                    what: "a text",
                    field: Some("reason".into()),
                    chars: 100_001,
                    max: 100_000,
                }]
            }),
            "entry 3 holds a text (reason) of 100,001 characters (at most 100,000), more than typing allows; shown cut to its first 100,000"
        );
    }

    #[test]
    fn the_rest_of_a_kind_is_counted_and_its_first_and_last_named() {
        let more = |kind, more, first, last| {
            said(Warning::More {
                kind,
                more,
                first,
                last,
                game: "take-two",
            })
        };
        assert_eq!(
            more(WarningKind::Skipped, 29_997, 8, 30_004),
            "... and 29,997 more entries that no longer fit (first #8, last #30004)"
        );
        assert_eq!(
            more(WarningKind::Unreadable, 2, 12, 14),
            "... and 2 more unreadable lines (first line 12, last line 14)"
        );
        assert_eq!(
            more(WarningKind::NotAnEvent, 3, 10, 12),
            "... and 3 more entries that are not take-two events (first #10, last #12)"
        );
        assert_eq!(
            more(WarningKind::SetAside, 1, 20, 20),
            "... and 1 more entries set aside (first #20, last #20)"
        );
        assert_eq!(
            more(WarningKind::Cut, 4, 5, 9),
            "... and 4 more entries holding text longer than typing allows (first #5, last #9)"
        );
    }

    #[test]
    fn a_note_of_the_shelf_names_its_session_or_file() {
        assert_eq!(
            shelf_note(&ShelfNote::Warned {
                session: "friday".into(),
                warning: Warning::Skipped {
                    seq: 8,
                    why: "full".into()
                },
            }),
            "friday: entry 8 no longer fits (full); skipped"
        );
        let error = SessionError::Header {
            game: "take-two",
            detail: "missing field `name`".into(),
        };
        let words = error.to_string();
        assert_eq!(
            shelf_note(&ShelfNote::Unreadable {
                session: "old".into(),
                error,
            }),
            format!("old: unreadable, skipped ({words})")
        );
        assert_eq!(
            shelf_note(&ShelfNote::Removed {
                file: ".new-friday.jsonl".into()
            }),
            "removed .new-friday.jsonl, left by a `new` that was stopped half-way"
        );
    }

    #[test]
    fn a_damaged_log_s_warnings_are_the_values_reading_it_found() {
        let v1 = include_str!("../../tests/fixtures/v1/v1-open.jsonl");
        let mut lines: Vec<String> = v1.lines().map(str::to_string).collect();
        // The level past its range, the entries out of order, a blank line, a line
        // that is not JSON, a seq repeated, an entry of no game's, a long note, a
        // player no name could be, an undo of an undone entry, and a torn last line.
        lines[0] = lines[0].replace("\"level\":80", "\"level\":200");
        lines.swap(6, 7);
        let more = [
            "",
            "not json",
            "{\"seq\":1,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"again\"}}",
            "{\"seq\":8,\"at\":\"t\",\"event\":{\"type\":\"jumped\"}}",
            &format!(
                "{{\"seq\":9,\"at\":\"t\",\"event\":{{\"type\":\"noted\",\"text\":\"{}\"}}}}",
                "n".repeat(600)
            ),
            "{\"seq\":10,\"at\":\"t\",\"event\":{\"type\":\"player-joined\",\"name\":\"9lives\"}}",
            "{\"seq\":11,\"at\":\"t\",\"event\":{\"type\":\"undone\",\"seq\":7}}",
            "{\"seq\":12,\"at\":\"t\",\"event\":{\"type\":\"undone\",\"seq\":7}}",
        ];
        let mut log = lines.join("\n");
        for l in more {
            log.push('\n');
            log.push_str(l);
        }
        log.push_str("\n{\"seq\":13,\"at\"");
        let session = crate::session::read_bytes(
            Path::new("evening.jsonl"),
            log.as_bytes(),
            crate::registry::test_with(),
        )
        .expect("reads");
        let warnings = session.warnings();
        let Some(Warning::NotAnEvent { seq: 8, game, why }) = warnings.get(7) else {
            panic!("{warnings:?}");
        };
        assert_eq!(*game, "take-two");
        assert!(why.starts_with("unknown variant `jumped`"), "{why}");
        let damage = |line, bytes, why, tail| {
            Warning::Damaged(Damage {
                line,
                bytes,
                why,
                tail,
            })
        };
        let expected = [
            damage(9, 0, Unread::Blank, false),
            damage(
                10,
                8,
                Unread::NotAnEvent("expected ident at line 1 column 2".into()),
                false,
            ),
            damage(11, 58, Unread::Repeats { seq: 1, line: 2 }, false),
            damage(17, 14, Unread::CutOff, true),
            Warning::Disorder(Disorder::Behind {
                lines: (8, 8),
                seqs: (6, 6),
                after: 7,
            }),
            Warning::Fitted(Fitted {
                part: "word rules",
                field: "level".into(),
                value: "200".into(),
                flag: "level".into(),
                min: 10,
                max: 95,
                read: 95,
            }),
            Warning::Renamed {
                header: "v1-open".into(),
                file: "evening".into(),
            },
            warnings[7].clone(),
            Warning::Cut {
                seq: 9,
                cuts: vec![Cut {
                    what: "a note",
                    field: None,
                    chars: 600,
                    max: 500,
                }],
            },
            Warning::SetAside {
                seq: 12,
                why: "undoes entry 7, which is already undone".into(),
            },
            Warning::Skipped {
                seq: 10,
                why: "\"9lives\" is not a player name: use 1 to 24 letters, digits, - or _, starting with a letter".into(),
            },
        ];
        assert_eq!(warnings, expected);
        let words: Vec<String> = warnings.iter().map(warning).collect();
        assert_eq!(
            words[..7],
            [
                "line 9 (0 bytes): unreadable line, blank; kept aside in the .damaged file",
                "line 10 (8 bytes): unreadable line, not an event (expected ident at line 1 column 2); kept aside in the .damaged file",
                "line 11 (58 bytes): unreadable line, seq 1 repeats line 2; kept aside in the .damaged file",
                "line 17 (14 bytes): torn last write, cut off before its end; kept aside in the .damaged file",
                "line 8: seq 6 comes after seq 7; kept in file order",
                "the header's word rules: level 200 is outside 10 to 95 (as --level takes it); read as 95",
                "the log's header calls it \"v1-open\"; its file name, evening, is its name",
            ]
        );
    }
}
