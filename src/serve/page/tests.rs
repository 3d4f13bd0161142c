use super::*;
use crate::contract::event::Ruling;
use crate::contract::{EntryStatus, Mark, Period, Periods, Unit};
use crate::lexicon::Verdict;

fn period(number: u32, points: Vec<Option<i64>>, entries: Vec<EntryStatus>) -> Period {
    Period {
        number,
        details: vec![String::new(); points.len()],
        points,
        entries,
        columns: Vec::new(),
    }
}

/// A Take Two evening after two rounds, the third under way.
fn evening() -> Board {
    Board {
        title: "Take Two".into(),
        session: "friday".into(),
        standings: Standings {
            players: vec!["alice".into(), "bob".into(), "carol".into()],
            unit: Unit::POINTS,
            lowest_wins: true,
            totals: vec![13, 53, 10],
            starts: vec![0; 3],
            running: vec![13, 61, 10],
            periods: Some(Periods {
                name: "round",
                closed: vec![
                    period(
                        1,
                        vec![Some(0), Some(53), Some(2)],
                        vec![EntryStatus::Done; 3],
                    ),
                    period(
                        2,
                        vec![Some(13), Some(0), Some(8)],
                        vec![EntryStatus::Done; 3],
                    ),
                ]
                .into(),
                open: Some(period(
                    3,
                    vec![None, Some(8), None],
                    vec![
                        EntryStatus::Waiting,
                        EntryStatus::Done,
                        EntryStatus::Waiting,
                    ],
                )),
                partial: "penalty only so far",
            }),
            marks: vec![
                Mark {
                    label: "0".into(),
                    totals: vec![Some(0); 3],
                },
                Mark {
                    label: "r1".into(),
                    totals: vec![Some(0), Some(53), Some(2)],
                },
                Mark {
                    label: "r2".into(),
                    totals: vec![Some(13), Some(53), Some(10)],
                },
            ],
            ranked: true,
            finished: false,
            winners: Vec::new(),
            status: "round 3 of 5".into(),
            figures: Vec::new(),
            target: None,
        },
        view: TableView::default(),
        highlights: Vec::new(),
        rulings: Vec::new(),
        notes: Vec::new(),
        latest: Some(("bob left Q Z: 20".into(), false)),
        words: Some("take-two (level 80)".into()),
        notice: None,
    }
}

fn ruling(round: u32, asked: &str, words: &[(&str, bool, &str)]) -> RulingRecord {
    RulingRecord {
        at: "2026-11-22T20:00:00Z".into(),
        seat: None,
        ruling: Ruling {
            asked: asked.into(),
            player: None,
            round,
            rules: "take-two (level 80)".into(),
            words: words
                .iter()
                .map(|(w, allowed, reason)| Verdict {
                    word: (*w).into(),
                    allowed: *allowed,
                    reason: (*reason).into(),
                    code: "word".into(),
                    at: None,
                })
                .collect(),
            faults: Vec::new(),
            remarks: Vec::new(),
        },
    }
}

use crate::testing::standings_rows as rows;

/// The board as a plain room shows it (no judge mode, no join code).
fn shown(board: &Board) -> String {
    fragment(board, &Room::default())
}

#[test]
fn standings_are_in_seat_order_with_every_round_the_running_total_and_the_leader_starred_in_words()
{
    let html = shown(&evening());
    assert_eq!(
        rows(&html),
        vec![
            vec!["alice", "0", "13", "·", "13"],
            vec!["bob", "53", "0", "8", "61"],
            vec!["carol", "2", "8", "·", "10", "★ leads"],
        ]
    );
    assert!(
        html.contains(
            "<tr class=\"leader\"><th scope=\"row\"><span class=\"name\">carol</span></th>"
        )
    );
    assert!(html.contains(">r1</th>") && html.contains(">r3<small> now</small></th>"));
    assert!(
        html.contains("· no entry yet"),
        "the legend explains the dot"
    );
    assert!(html.contains("round 3 of 5"));
    assert!(html.contains("lowest total wins"));
}

/// A late joiner's start shows beside the rounds, as at the prompt, so that a row adds
/// up; with nobody starting above 0 there is no such column.
#[test]
fn a_late_joiner_s_start_is_a_column_of_its_own_only_when_someone_has_one() {
    let plain = shown(&evening());
    assert!(!plain.contains(">start</th>"), "{plain}");
    let mut board = evening();
    board.standings.starts = vec![0, 0, 38];
    board.standings.running = vec![13, 61, 48];
    let html = shown(&board);
    assert!(
        html.contains("<th scope=\"col\" class=\"num start\">start</th>"),
        "{html}"
    );
    assert_eq!(
        rows(&html),
        vec![
            vec!["alice", "0", "0", "13", "·", "13", "★ leads"],
            vec!["bob", "0", "53", "0", "8", "61"],
            vec!["carol", "38", "2", "8", "·", "48"],
        ]
    );
}

#[test]
fn a_partial_entry_is_explained_in_the_games_own_words_as_at_the_prompt() {
    let mut board = evening();
    if let Some(p) = board.standings.periods.as_mut() {
        p.partial = "laid, not yet held";
        p.open = Some(period(
            3,
            vec![Some(20), None, None],
            vec![
                EntryStatus::Partial,
                EntryStatus::Partial,
                EntryStatus::Waiting,
            ],
        ));
    }
    let html = shown(&board);
    assert_eq!(rows(&html)[0][3], "20*");
    assert_eq!(rows(&html)[1][3], "*");
    assert!(html.contains("* laid, not yet held"), "{html}");
    assert!(!html.contains("penalty only so far"), "{html}");
}

#[test]
fn nobody_is_starred_before_anything_ranks_the_players() {
    let mut board = evening();
    board.standings.ranked = false;
    board.standings.periods = None;
    let html = shown(&board);
    assert!(!html.contains("★"), "{html}");
    assert!(!html.contains("class=\"leader\""));
}

#[test]
fn a_finished_match_names_its_winners_and_stars_each_with_wins() {
    let mut board = evening();
    board.standings.finished = true;
    board.standings.winners = vec![0, 2];
    let html = shown(&board);
    assert!(
        html.contains("★ match over: alice and carol win (a tie)"),
        "{html}"
    );
    let marked: Vec<String> = rows(&html)
        .into_iter()
        .filter(|r| r.last().is_some_and(|m| m == "★ wins"))
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(marked, vec!["alice", "carol"]);
}

#[test]
fn a_game_scored_in_chips_heads_its_total_column_with_the_unit_and_has_no_round_columns() {
    let mut board = evening();
    board.standings.unit = Unit::CHIPS;
    board.standings.periods = None;
    board.standings.lowest_wins = false;
    let html = shown(&board);
    assert!(html.contains(">chips</th>"), "{html}");
    assert_eq!(rows(&html)[1], vec!["bob", "61", "★ leads"]);
    assert!(html.contains("highest total wins"));
}

#[test]
fn the_chart_is_drawn_on_the_page_s_black_with_a_legend_in_the_page_s_type_once_a_round_has_closed()
{
    let html = shown(&evening());
    assert!(html.contains("<section class=\"chart\""));
    assert!(html.contains("<svg") && html.contains("viewBox=\"0 0 800 440\""));
    assert!(
        html.contains("fill=\"#000000\""),
        "the page's black: {html}"
    );
    assert!(!html.contains("fill=\"#FFFFFF\""), "no white card: {html}");
    let sizes: Vec<f64> = html
        .split("font-size=\"")
        .skip(1)
        .filter_map(|t| t.split('"').next()?.parse().ok())
        .collect();
    assert!(
        !sizes.is_empty() && sizes.iter().all(|s| *s >= 26.0),
        "type to read across a room: {sizes:?}"
    );
    let keys = html.split("<ul class=\"keys\">").nth(1).expect("a legend");
    assert!(keys.starts_with("<li><svg class=\"key\""), "{keys}");
    assert!(keys.contains("style=\"color: #56b4e9\""), "{keys}");
    assert!(keys.contains("alice <b>13</b></li>"), "{keys}");
    let mut board = evening();
    board.standings.marks.truncate(1);
    assert!(!shown(&board).contains("<svg"));
}

/// Issue 56: with nothing else beside the standings (no rulings, no game's table) the
/// chart takes that side, where it has the room a long table and a match's result line
/// left it without in the standings' column; beside a ruling it stays under them.
#[test]
fn the_chart_takes_the_empty_side_and_stays_under_the_standings_beside_rulings() {
    let html = shown(&evening());
    let side = html
        .split("<div class=\"col side\">")
        .nth(1)
        .expect("a side");
    assert!(side.contains("<section class=\"chart\""), "{html}");
    let mut board = evening();
    board
        .rulings
        .push(ruling(1, "check", &[("QI", true, "SCOWL 70")]));
    let html = shown(&board);
    let (score, side) = html
        .split_once("<div class=\"col side\">")
        .expect("two sides");
    assert!(score.contains("<section class=\"chart\""), "{html}");
    assert!(!side.contains("<section class=\"chart\""), "{html}");
}

#[test]
fn a_grid_block_is_a_table_and_a_text_block_keeps_its_lines_in_a_fixed_width_font() {
    let mut board = evening();
    board.view = TableView {
        blocks: vec![
            Block::Text {
                title: "board".into(),
                lines: vec![" A B".into(), "1 W .".into()],
            },
            Block::Grid {
                title: "chips".into(),
                headers: vec!["player".into(), "chips".into()],
                rows: vec![vec!["alice".into(), "4".into()]],
            },
        ],
    };
    let html = shown(&board);
    assert!(html.contains(
        "<h2>board</h2>\n<div class=\"scroll\"><pre style=\"--cols: 5; --lines: 2\"> A B\n1 W .</pre>"
    ));
    assert!(html.contains(
        "<thead><tr><th scope=\"col\">player</th><th scope=\"col\">chips</th></tr></thead>"
    ));
    assert!(html.contains(
        "<tr><th scope=\"row\" class=\"short\">alice</th><td class=\"short\">4</td></tr>"
    ));
}

#[test]
fn the_last_rulings_show_word_verdict_and_reason_newest_first() {
    let mut board = evening();
    board.rulings = (1..=6)
        .map(|k| {
            ruling(
                k,
                "check",
                &[(&format!("W{k}"), k % 2 == 0, "SCOWL 70 (uncommon)")],
            )
        })
        .collect();
    let html = shown(&board);
    let shown: Vec<usize> = (1..=6)
        .filter_map(|k| html.find(&format!(">W{k}<")))
        .collect();
    assert_eq!(shown.len(), RULINGS_SHOWN, "only the last few");
    assert!(html.find(">W6<") < html.find(">W5<"), "newest first");
    assert!(!html.contains(">W1<"));
    assert!(html.contains(
        "<td class=\"verdict yes\">✓ allowed</td><td class=\"why\"><span>SCOWL 70 (uncommon)</span></td>"
    ));
    assert!(html.contains("<td class=\"verdict no\">✗ not allowed</td>"));
    assert!(html.contains(">r6 · check</span></th>"));
}

#[test]
fn every_text_from_the_log_is_escaped_wherever_it_shows() {
    let attack = "<script>alert(1)</script>";
    let mut board = evening();
    board.session = attack.into();
    board.title = attack.into();
    board.standings.players[0] = attack.into();
    board.standings.status = attack.into();
    board.notes = vec![format!("{attack}\" onmouseover=\"x")];
    board.notice = Some(attack.into());
    board.rulings = vec![ruling(1, attack, &[(attack, false, attack)])];
    board.rulings[0].ruling.faults = vec![attack.into()];
    board.rulings[0].ruling.remarks = vec![attack.into()];
    board.view = TableView {
        blocks: vec![
            Block::Text {
                title: attack.into(),
                lines: vec![attack.into()],
            },
            Block::Grid {
                title: attack.into(),
                headers: vec![attack.into()],
                rows: vec![vec![attack.into(), attack.into()]],
            },
        ],
    };
    let html = document(&board);
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("\" onmouseover"), "{html}");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_eq!(
        html.matches("<script>").count(),
        1,
        "only the page's own script"
    );
}

#[test]
fn the_page_is_one_document_with_its_style_and_script_and_no_outside_resource() {
    let html = document(&evening());
    assert!(html.starts_with("<!doctype html>"));
    assert!(html.contains("<main id=\"board\">\n<header class=\"top\""));
    // Relative: the same page is a session's at `/` and a room's table's at `/t/TABLE/`.
    assert!(html.contains("new EventSource(\"events\")"));
    assert!(html.contains("action=\"check\""));
    assert!(html.contains("<title>umpire: Take Two friday</title>"));
    for outside in ["http://", "https://", "src=\"", "@import", "url("] {
        let found = html
            .match_indices(outside)
            .filter(|(i, _)| !html[..*i].ends_with("xmlns=\""))
            .count();
        assert_eq!(found, 0, "{outside} in the page");
    }
}

#[test]
fn the_last_notes_show_newest_first() {
    let mut board = evening();
    board.notes = vec!["one".into(), "two".into(), "three".into(), "four".into()];
    let html = shown(&board);
    assert!(html.contains(
        "<li><span>four</span></li>\n<li><span>three</span></li>\n<li><span>two</span></li>\n</ul>"
    ));
    assert!(!html.contains("<li><span>one</span></li>"));
}

/// Board Chips' covered squares are marked on the page as at the terminal, their
/// brackets kept; what a span marks is escaped as any text is, and a span past the
/// line's end or into another is cut to what it can mark.
#[test]
fn a_covered_square_is_marked_with_its_brackets_kept() {
    let mut board = evening();
    board.view = TableView {
        blocks: vec![
            Block::Grid {
                title: "a grid first".into(),
                headers: vec!["a".into()],
                rows: vec![vec!["b".into()]],
            },
            Block::Text {
                title: "the board".into(),
                lines: vec!["  1  2  3".into(), "[C] A <T".into()],
            },
        ],
    };
    let at = |line, start, len| Highlight {
        block: 1,
        line,
        start,
        len,
    };
    board.highlights = vec![at(1, 0, 3), at(1, 6, 40), at(1, 1, 1), at(5, 0, 1)];
    let html = shown(&board);
    assert!(
        html.contains("<mark class=\"covered\">[C]</mark> A <mark class=\"covered\">&lt;T</mark>"),
        "{html}"
    );
    assert!(html.contains("  1  2  3"), "{html}");
    assert_eq!(html.matches("<mark").count(), 2, "{html}");
}
