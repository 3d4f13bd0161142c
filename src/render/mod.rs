//! Tables as the scorekeeper sees them (comfy-table), in one style everywhere, and what
//! a command came to said in them (`said.rs`).

mod columns;
mod said;
mod warning;

pub(crate) use said::{
    moved_text, outcome, outcome_in_pieces, plain, question, result, said as sentence,
    standing_text,
};
pub(crate) use warning::{shelf_note, warning};

use comfy_table::{Attribute, Cell, Color, ContentArrangement, Table, presets};

use crate::contract::{Block, Highlight, Standings, TableView, Unit};
use crate::lexicon::Verdict;
use crate::text::printable_text;

/// A table with the house style: UTF-8 box lines, header row, wrapping to the terminal.
pub(crate) fn new(headers: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(headers.iter().map(Cell::new));
    t
}

/// "allowed" in green, "not allowed" in red, when colour is on.
pub(crate) fn verdict_cell(allowed: bool) -> Cell {
    let (text, colour) = if allowed {
        ("allowed", Color::Green)
    } else {
        ("not allowed", Color::Red)
    };
    paint(Cell::new(text), colour)
}

/// Colours a cell only when colour is on (a terminal, and no NO_COLOR).
fn paint(cell: Cell, colour: Color) -> Cell {
    if color_enabled() {
        cell.fg(colour).add_attribute(Attribute::Bold)
    } else {
        cell
    }
}

/// WORD, VERDICT, WHY: one row per verdict.
pub(crate) fn verdicts(verdicts: &[Verdict]) -> Table {
    let mut t = new(&["word", "verdict", "why"]);
    for v in verdicts {
        t.add_row(vec![
            Cell::new(&v.word),
            verdict_cell(v.allowed),
            Cell::new(&v.reason),
        ]);
    }
    t
}

/// A cell right-aligned, for numbers.
fn num(n: impl ToString) -> Cell {
    Cell::new(n.to_string()).set_alignment(comfy_table::CellAlignment::Right)
}

/// A log time as people read it: "2026-11-22 20:01:02".
pub(crate) fn time(at: &str) -> String {
    printable_text(&at.replace('T', " ").replace('Z', ""))
}

/// The marker column: who leads, who won.
fn marker(standings: &Standings, i: usize) -> &'static str {
    if standings.finished {
        if standings.winners.contains(&i) {
            "wins"
        } else {
            ""
        }
    } else if standings.leaders().contains(&i) {
        "leads"
    } else {
        ""
    }
}

/// The round being scored (if the game has rounds) and the running totals: when a
/// session opens, and after an undo.
pub(crate) fn standings(standings: &Standings) -> String {
    standings_table(standings, false)
}

/// `score`, and when a round closes: every round (if the game has rounds), the round in
/// progress, and the running totals.
pub(crate) fn score(standings: &Standings) -> String {
    standings_table(standings, true)
}

/// How an entry that is not a plain number shows in a score table, and its legend;
/// the prompt and the scoreboard page both draw entries with it.
pub(crate) fn entry_cell(
    points: Option<i64>,
    entry: crate::contract::EntryStatus,
    partial: &'static str,
) -> (String, Option<String>) {
    use crate::contract::EntryStatus;
    match (points, entry) {
        (Some(p), EntryStatus::Partial) => (format!("{p}*"), Some(format!("* {partial}"))),
        (Some(p), _) => (p.to_string(), None),
        (None, EntryStatus::Partial) => ("*".into(), Some(format!("* {partial}"))),
        (None, EntryStatus::Waiting) => ("·".into(), Some("· no entry yet".into())),
        (None, EntryStatus::Absent) => ("–".into(), Some("– had not joined".into())),
        (None, _) => (String::new(), None),
    }
}

/// The total column's heading: "total", or the unit where it is not points.
pub(crate) fn total_heading(unit: Unit) -> String {
    if unit == Unit::POINTS {
        "total".into()
    } else {
        unit.many.into()
    }
}

/// Players down the side; the closed periods (when `closed`) and the open one across;
/// then the running totals (closed periods plus the open one's entries so far, so that
/// both tables agree) and who leads.
///
/// At a terminal comfy-table draws it, fitted to the terminal's width; elsewhere it is
/// drawn a column at a time (`columns.rs`), each period described once and no cell
/// held, in the same bytes comfy-table would draw.
fn standings_table(standings: &Standings, closed: bool) -> String {
    use std::io::IsTerminal;
    let plain = !color_enabled() && !std::io::stdout().is_terminal();
    standings_table_drawn(standings, closed, plain)
}

/// [`standings_table`], drawn a column at a time when `plain`, else by comfy-table.
fn standings_table_drawn(standings: &Standings, closed: bool, plain: bool) -> String {
    let rows = standings.players.len();
    let mut legend = Legend::default();
    let mut out = if plain {
        let mut grid = columns::Columns::new(rows);
        score_columns(
            standings,
            closed,
            &mut legend,
            &mut |header, cells, kind| {
                let align = match kind {
                    ScoreColumn::Numbers => columns::Align::Right,
                    ScoreColumn::Names | ScoreColumn::Marks => columns::Align::Left,
                };
                grid.push(&header, &cells, align);
            },
        );
        grid.finish()
    } else {
        let mut headers = Vec::new();
        let mut table: Vec<Vec<Cell>> = vec![Vec::new(); rows];
        score_columns(
            standings,
            closed,
            &mut legend,
            &mut |header, cells, kind| {
                headers.push(header);
                for (row, text) in table.iter_mut().zip(cells) {
                    row.push(match kind {
                        ScoreColumn::Names => Cell::new(text),
                        ScoreColumn::Numbers => num(text),
                        ScoreColumn::Marks => paint(Cell::new(text), Color::Green),
                    });
                }
            },
        );
        let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
        let mut t = new(&header_refs);
        for row in table {
            t.add_row(row);
        }
        t.to_string()
    };
    let legend = legend.in_order();
    if !legend.is_empty() {
        out.push('\n');
        out.push_str(&legend.join("   "));
    }
    out
}

/// What a column of the score table holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ScoreColumn {
    Names,
    Numbers,
    /// Who leads or won, in green at a terminal.
    Marks,
}

/// The notes under the score table, in the order a reader meets them: row by row, left
/// to right, though the table is made a column at a time.
#[derive(Default)]
struct Legend(Vec<(String, (usize, usize))>);

impl Legend {
    fn met(&mut self, note: String, row: usize, column: usize) {
        match self.0.iter_mut().find(|(n, _)| *n == note) {
            Some((_, at)) => *at = (*at).min((row, column)),
            None => self.0.push((note, (row, column))),
        }
    }

    fn in_order(mut self) -> Vec<String> {
        self.0.sort_by_key(|(_, at)| *at);
        self.0.into_iter().map(|(note, _)| note).collect()
    }
}

/// The score table's columns, left to right, each handed to `column` with its header
/// and one cell a player: the players, their starts (when the house gave any), the
/// periods shown, the running totals and who leads.
fn score_columns(
    standings: &Standings,
    closed: bool,
    legend: &mut Legend,
    column: &mut dyn FnMut(String, Vec<String>, ScoreColumn),
) {
    let rows = standings.players.len();
    column(
        "player".to_string(),
        standings
            .players
            .iter()
            .map(|n| printable_text(n))
            .collect(),
        ScoreColumn::Names,
    );
    // A late joiner's starting score, shown wherever the totals are, so the rounds and
    // the total visibly agree.
    if standings.starts.iter().any(|n| *n != 0) {
        column(
            "start".to_string(),
            (0..rows)
                .map(|i| standings.starts.get(i).copied().unwrap_or(0).to_string())
                .collect(),
            ScoreColumn::Numbers,
        );
    }
    if let Some(p) = &standings.periods {
        let short: String = p.name.chars().take(1).collect();
        let open_number = p.open.as_ref().map(|o| o.number);
        let shown = closed
            .then(|| p.closed.iter())
            .into_iter()
            .flatten()
            .chain(p.open.iter().cloned());
        for (k, r) in shown.enumerate() {
            let header = if closed && open_number == Some(r.number) {
                format!("{short}{} (open)", r.number)
            } else {
                format!("{short}{}", r.number)
            };
            let cells = (0..rows)
                .map(|i| {
                    let points = r.points.get(i).copied().flatten();
                    let entry = r
                        .entries
                        .get(i)
                        .copied()
                        .unwrap_or(crate::contract::EntryStatus::Absent);
                    let (text, note) = entry_cell(points, entry, p.partial);
                    if let Some(note) = note {
                        legend.met(note, i, k);
                    }
                    text
                })
                .collect();
            column(header, cells, ScoreColumn::Numbers);
        }
    }
    column(
        total_heading(standings.unit),
        (0..rows)
            .map(|i| standings.running.get(i).copied().unwrap_or(0).to_string())
            .collect(),
        ScoreColumn::Numbers,
    );
    column(
        String::new(),
        (0..rows)
            .map(|i| marker(standings, i).to_string())
            .collect(),
        ScoreColumn::Marks,
    );
}

/// Player records as tables, one a game (`stats`).
pub(crate) fn stats(stats: &crate::session::stats::Stats) -> String {
    let mut out = Vec::new();
    for records in stats.games.values() {
        let title = records.title;
        out.push(format!(
            "{title}: {}",
            crate::text::count(records.sessions, "session", "sessions")
        ));
        let mut headers = vec!["player", "sessions", "finished", "wins"];
        let period_heading = records.period.map(|p| format!("{p}s"));
        if let Some(h) = &period_heading {
            headers.extend([h.as_str(), "average", "best"]);
        }
        let figure_names: Vec<String> = records
            .players
            .values()
            .flat_map(|r| r.figures.keys().cloned())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        headers.extend(figure_names.iter().map(String::as_str));
        if records.words {
            headers.push("words not allowed");
        }
        let mut t = new(&headers);
        let mut rows: Vec<_> = records.players.values().collect();
        rows.sort_by(|a, b| b.wins.cmp(&a.wins).then(a.name.cmp(&b.name)));
        for r in rows {
            let mut row = vec![
                crate::text::printable_text(&r.name),
                r.sessions.to_string(),
                r.finished.to_string(),
                r.wins.to_string(),
            ];
            if records.period.is_some() {
                row.push(r.periods.to_string());
                row.push(
                    r.average()
                        .map_or_else(|| "-".into(), |a| format!("{a:.1}")),
                );
                row.push(r.best.map_or_else(|| "-".into(), |b| b.to_string()));
            }
            for f in &figure_names {
                row.push(r.figures.get(f).copied().unwrap_or(0).to_string());
            }
            if records.words {
                row.push(r.words_not_allowed.to_string());
            }
            t.add_row(row);
        }
        out.push(t.to_string());
    }
    out.join("\n")
}

/// "3 rounds", "1 hand", "12 turns": how much of a match was played, in the game's
/// own word for a period (a game of turns has none).
pub(crate) fn played(n: usize, period: Option<&str>) -> String {
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    match period {
        Some(one) => crate::text::count(n, one, &format!("{one}s")),
        None => crate::text::count(n, "turn", "turns"),
    }
}

/// The winners as a sentence says them: "alice", "alice and bob".
pub(crate) fn winners(names: &[String]) -> Option<String> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    (!names.is_empty()).then(|| crate::text::and_list(&names))
}

/// The table `sessions` prints.
pub(crate) fn list_table(found: &[crate::session::Summary]) -> String {
    let mut t = new(&["name", "game", "players", "played", "last change", "status"]);
    for s in found {
        let status = match (winners(&s.winners), s.finished) {
            (Some(w), _) => format!("over: {} won", crate::text::printable_text(&w)),
            (None, true) => "over".to_string(),
            (None, false) => "in progress".to_string(),
        };
        let game = match &s.title {
            Some(title) => format!("{} ({})", crate::text::printable_text(title), s.game),
            None => s.game.to_string(),
        };
        t.add_row(vec![
            s.name.clone(),
            game,
            crate::text::printable_text(&s.players.join(", ")),
            played(s.played, s.period),
            time(&s.last_change),
            status,
        ]);
    }
    t.to_string()
}

/// The rooms of a sessions folder after its sessions: each room's tables by name and
/// session, and what reading its index passed over. Empty when there are none.
pub(crate) fn rooms_list(rooms: &[crate::session::room::Listed]) -> String {
    if rooms.is_empty() {
        return String::new();
    }
    let mut t = new(&["room", "tables"]);
    let mut notes = Vec::new();
    for room in rooms {
        let tables: Vec<String> = room
            .tables
            .iter()
            .map(|(table, session)| format!("{table} ({session})"))
            .collect();
        t.add_row(vec![
            room.name.clone(),
            if tables.is_empty() {
                "none yet".to_string()
            } else {
                tables.join(", ")
            },
        ]);
        notes.extend(room.notes.iter().map(|n| format!("warning: {n}")));
    }
    let mut text = t.to_string();
    for note in notes {
        text.push('\n');
        text.push_str(&note);
    }
    text
}

/// A game's own table, block by block; the highlighted spans of its text blocks are
/// coloured when colour is on (their text says them plainly either way).
pub(crate) fn table_view(view: &TableView, highlights: &[Highlight]) -> String {
    let colour = color_enabled();
    let mut out = Vec::new();
    for (b, block) in view.blocks.iter().enumerate() {
        match block {
            Block::Grid {
                title,
                headers,
                rows,
            } => {
                let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
                let mut t = new(&header_refs);
                for row in rows {
                    t.add_row(row.iter().map(|c| printable_text(c)).collect::<Vec<_>>());
                }
                if !title.is_empty() {
                    out.push(printable_text(title));
                }
                out.push(t.to_string());
            }
            Block::Text { title, lines } => {
                if !title.is_empty() {
                    out.push(printable_text(title));
                }
                out.extend(lines.iter().enumerate().map(|(k, l)| {
                    let spans: Vec<&Highlight> = highlights
                        .iter()
                        .filter(|h| h.block == b && h.line == k)
                        .collect();
                    highlighted(l, &spans, colour)
                }));
            }
        }
    }
    out.join("\n")
}

/// How a highlighted span looks at a terminal: bold black on yellow, a tile on a
/// square.
const HIGHLIGHT_ON: &str = "\x1b[1;30;43m";
const HIGHLIGHT_OFF: &str = "\x1b[0m";

/// A text block's line, printable, its `spans` coloured when `colour` is on. A line
/// with characters to escape is only made printable: escaping them moves every column.
fn highlighted(line: &str, spans: &[&Highlight], colour: bool) -> String {
    let printable = printable_text(line);
    if !colour || spans.is_empty() || printable != line {
        return printable;
    }
    let mut out = String::with_capacity(line.len() + spans.len() * 12);
    let mut open_until: Option<usize> = None;
    for (i, c) in line.chars().enumerate() {
        if open_until.is_some_and(|end| i >= end) {
            out.push_str(HIGHLIGHT_OFF);
            open_until = None;
        }
        if open_until.is_none()
            && let Some(h) = spans.iter().find(|h| h.start == i && h.len > 0)
        {
            out.push_str(HIGHLIGHT_ON);
            open_until = Some(h.start + h.len);
        }
        out.push(c);
    }
    if open_until.is_some() {
        out.push_str(HIGHLIGHT_OFF);
    }
    out
}

/// Colour on a terminal, off under NO_COLOR (<https://no-color.org>) or when output is
/// piped.
pub(crate) fn color_enabled() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

/// A game's shell command's answer as the terminal prints it, at the shell or the
/// prompt: its text as it is, its rulings in full.
pub(crate) fn answer(shown: &[crate::contract::Shown]) -> String {
    shown
        .iter()
        .map(|s| match s {
            crate::contract::Shown::Text(t) => t.clone(),
            crate::contract::Shown::Ruling(r) => ruling(r),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A ruling in full: each word with where it lies, its verdict and why; then what else
/// the game found, remarks and faults.
pub(crate) fn ruling(r: &crate::contract::event::Ruling) -> String {
    let with_places = r.words.iter().any(|v| v.at.is_some());
    let mut t = if with_places {
        new(&["word", "where", "verdict", "why"])
    } else {
        new(&["word", "verdict", "why"])
    };
    for v in &r.words {
        let mut row = vec![Cell::new(&v.word)];
        if with_places {
            row.push(Cell::new(v.at.as_deref().unwrap_or("")));
        }
        row.push(verdict_cell(v.allowed));
        row.push(Cell::new(&v.reason));
        t.add_row(row);
    }
    let mut out = vec![t.to_string()];
    out.extend(r.remarks.iter().map(|m| printable_text(m)));
    out.extend(
        r.faults
            .iter()
            .map(|f| format!("fault: {}", printable_text(f))),
    );
    out.join("\n")
}

/// The terminal's width in columns, or `None` when standard output is not a terminal
/// (a script's output is never wrapped).
pub(crate) fn term_width() -> Option<usize> {
    Table::new().width().map(usize::from).filter(|w| *w >= 20)
}

/// Long lines broken at word boundaries to fit `width` columns. A continuation lines up
/// under where the line's text starts: after a list number ("    2. "), after a column
/// gap of two or more spaces (help's summaries), or two past the indentation.
pub(crate) fn wrap(text: &str, width: Option<usize>) -> String {
    let Some(width) = width else {
        return text.to_string();
    };
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if visible_len(line) <= width {
            out.push(line.to_string());
            continue;
        }
        let hang = hang_of(line).min(width / 2);
        let mut current = String::new();
        let mut len = 0;
        for (gap, word) in gaps_and_words(line) {
            let n = visible_len(word);
            if len > hang && len + gap + n > width {
                out.push(std::mem::take(&mut current));
                current.push_str(&" ".repeat(hang));
                len = hang;
            } else {
                current.push_str(&" ".repeat(gap));
                len += gap;
            }
            current.push_str(word);
            len += n;
        }
        out.push(current);
    }
    out.join("\n")
}

/// How many columns `text` takes on a terminal: its characters, less the colour codes
/// (`ESC [ ... m`) that take none, so a coloured line is wrapped where it would be plain.
fn visible_len(text: &str) -> usize {
    let mut n = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // A control sequence runs to its final byte, @ to ~.
            for d in chars.by_ref() {
                if ('@'..='~').contains(&d) && d != '[' {
                    break;
                }
            }
            continue;
        }
        n += 1;
    }
    n
}

/// Each word of a line with the number of spaces typed before it.
fn gaps_and_words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut rest = line;
    loop {
        let gap = rest.chars().take_while(|c| *c == ' ').count();
        rest = &rest[gap..];
        if rest.is_empty() {
            break;
        }
        let end = rest.find(' ').unwrap_or(rest.len());
        out.push((gap, &rest[..end]));
        rest = &rest[end..];
    }
    out
}

/// Where a line's text starts, for continuation lines.
fn hang_of(line: &str) -> usize {
    let lead = line.chars().take_while(|c| *c == ' ').count();
    let rest: String = line.chars().skip(lead).collect();
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && rest.chars().skip(digits).take(2).collect::<String>() == ". " {
        return lead + digits + 2;
    }
    if let Some(i) = rest.find("  ") {
        let after = rest[i..].chars().take_while(|c| *c == ' ').count();
        return lead + rest[..i].chars().count() + after;
    }
    // A deep indent is a column already: continue under it.
    if lead >= 4 { lead } else { lead + 2 }
}

#[cfg(test)]
mod highlight_tests {
    use super::{Highlight, highlighted};

    fn at(start: usize, len: usize) -> Highlight {
        Highlight {
            block: 0,
            line: 0,
            start,
            len,
        }
    }

    #[test]
    fn a_highlighted_span_is_coloured_only_when_colour_is_on() {
        let line = " 5  . [M][A] P";
        let (m, a) = (at(6, 3), at(9, 3));
        assert_eq!(
            highlighted(line, &[&m, &a], true),
            " 5  . \x1b[1;30;43m[M]\x1b[0m\x1b[1;30;43m[A]\x1b[0m P"
        );
        assert_eq!(highlighted(line, &[&m, &a], false), line);
        assert_eq!(highlighted(line, &[], true), line);
    }

    #[test]
    fn a_span_past_the_end_of_its_line_is_closed_at_the_end() {
        assert_eq!(
            highlighted("ab", &[&at(1, 9)], true),
            "a\x1b[1;30;43mb\x1b[0m"
        );
        assert_eq!(highlighted("ab", &[&at(7, 1)], true), "ab");
    }

    #[test]
    fn a_highlight_is_a_house_colour_that_reaches_a_terminal_as_it_is() {
        let coloured = highlighted(" 5  . [M]", &[&at(6, 3)], true);
        assert_eq!(crate::text::for_terminal(&coloured, true), coloured);
        assert_eq!(
            crate::text::for_terminal(&coloured, false),
            " 5  . \\u{1b}[1;30;43m[M]\\u{1b}[0m"
        );
    }

    #[test]
    fn a_coloured_line_wraps_where_the_plain_line_would() {
        let plain = "15  .  . [V][I][O][L][I][N]";
        let spans: Vec<Highlight> = (9..27).step_by(3).map(|s| at(s, 3)).collect();
        let refs: Vec<&Highlight> = spans.iter().collect();
        let coloured = highlighted(plain, &refs, true);
        assert!(coloured.len() > 2 * plain.len());
        assert_eq!(super::visible_len(&coloured), plain.chars().count());
        assert_eq!(
            super::wrap(&coloured, Some(30)),
            coloured,
            "it fits in 30 columns"
        );
    }

    #[test]
    fn a_line_with_control_characters_is_only_made_printable() {
        assert_eq!(highlighted("a\tb", &[&at(0, 1)], true), "a\\tb");
    }
}

#[cfg(test)]
mod wrap_tests {
    use super::wrap;

    #[test]
    fn a_long_definition_wraps_at_words_under_its_number() {
        let line = "    1. a member of the genus Canis (probably descended from the common wolf) that has been domesticated";
        let wrapped = wrap(line, Some(40));
        for l in wrapped.lines() {
            assert!(l.chars().count() <= 40, "{l:?}");
        }
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines[0].starts_with("    1. a member"), "{wrapped}");
        assert!(
            lines[1].starts_with("       ") && !lines[1].starts_with("        "),
            "{wrapped}"
        );
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            line.split_whitespace().collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_help_line_wraps_under_its_summary_column() {
        let line = "  left PLAYER TILES        the player's unused tiles (? for a blank): scores their values";
        let wrapped = wrap(line, Some(60));
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines.len() >= 2, "{wrapped}");
        let col = lines[0].find("the player's").expect("summary");
        assert_eq!(
            lines[1].chars().take_while(|c| *c == ' ').count(),
            col,
            "{wrapped}"
        );
    }

    #[test]
    fn a_word_that_appears_twice_keeps_its_own_gap() {
        let line = "  score                              the standings: every round or hand where the game has them, and the totals";
        let wrapped = wrap(line, Some(80));
        for l in wrapped.lines().skip(1) {
            assert!(!l.trim_start().contains("  "), "{wrapped}");
        }
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            line.split_whitespace().collect::<Vec<_>>()
        );
    }

    #[test]
    fn without_a_terminal_nothing_is_wrapped() {
        let line = "x ".repeat(200);
        assert_eq!(wrap(&line, None), line);
    }
}

#[cfg(test)]
mod score_table_tests {
    use super::standings_table_drawn;
    use crate::contract::{Closed, EntryStatus, Period, Periods, Standings, Unit};

    fn period(number: u32, points: [Option<i64>; 3], entries: [EntryStatus; 3]) -> Period {
        Period {
            number,
            points: points.to_vec(),
            entries: entries.to_vec(),
            columns: Vec::new(),
            details: vec![String::new(); 3],
        }
    }

    /// A match with everything the table draws: a late joiner's start, a player absent
    /// from a round, a partial entry, one still waiting, and the open round.
    fn standings() -> Standings {
        use EntryStatus::{Absent, Done, Partial, Waiting};
        Standings {
            totals: vec![7, 30, 12],
            starts: vec![0, 0, 12],
            running: vec![7, 55, 12],
            periods: Some(Periods {
                name: "round",
                closed: Closed::from(vec![
                    period(1, [Some(3), Some(20), None], [Done, Done, Absent]),
                    period(2, [Some(4), Some(10), Some(0)], [Done, Done, Done]),
                ]),
                open: Some(period(
                    3,
                    [None, Some(25), None],
                    [Waiting, Partial, Waiting],
                )),
                partial: "penalty only so far",
            }),
            ranked: true,
            ..Standings::new(
                vec!["ann".into(), "bartholomew".into(), "李".into()],
                Unit::POINTS,
                true,
            )
        }
    }

    #[test]
    fn the_score_table_drawn_a_column_at_a_time_is_the_one_comfy_table_draws() {
        for closed in [true, false] {
            let plain = standings_table_drawn(&standings(), closed, true);
            assert_eq!(plain, standings_table_drawn(&standings(), closed, false));
            if closed {
                assert!(plain.contains("┆ r3 (open) ┆"), "{plain}");
                // The notes in the order a reader meets them, row by row.
                assert!(
                    plain.ends_with("· no entry yet   * penalty only so far   – had not joined"),
                    "{plain}"
                );
            }
        }
    }
}
