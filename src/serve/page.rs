//! The scoreboard as HTML: a pure function of a [`Board`] (the game-neutral standings,
//! the game's table view, the rulings and notes, the entry just recorded) and of the
//! [`Room`] it is served to (judge mode, the join code), so that what a phone or a TV
//! shows can be tested without a server. The page reads without JavaScript, and the
//! word check is a plain form; the little script only swaps in the board the event
//! stream sends and answers the form in place.
//!
//! One page serves the room and the hand: on a landscape screen (a TV, a laptop) it
//! is laid out to fit the screen without scrolling, the standings on the left, what was
//! just ruled and the game's own table on the right, the chart where room is left; on a
//! phone it is one column to scroll. The standings fit their box whatever its width
//! (`standings.rs`).
//!
//! Every text that comes from a log is escaped ([`super::html::text`]); the chart is
//! drawn by [`crate::chart`], which escapes its own labels.

mod standings;

use std::fmt::Write as _;

use super::html::text;
use crate::contract::{Block, Highlight, Standings, TableView};
use crate::session::RulingRecord;

/// Everything the page shows of one session, read from its log.
#[derive(Debug, Clone)]
pub(super) struct Board {
    /// The game's title: "Take Two".
    pub(crate) title: String,
    /// The session's name.
    pub(crate) session: String,
    pub(crate) standings: Standings,
    /// The game's own table (empty for a game without one).
    pub(crate) view: TableView,
    /// Spans of the table's text blocks to mark (Board Chips' covered squares).
    pub(crate) highlights: Vec<Highlight>,
    /// Every ruling, oldest first: the page shows the last few.
    pub(crate) rulings: Vec<RulingRecord>,
    /// The notes, oldest first: the page shows the last few.
    pub(crate) notes: Vec<String>,
    /// The entry recorded last, in words ("bob left Q Z: 20"), and whether it is a
    /// ruling (which judge mode shows only as acceptable or not).
    pub(crate) latest: Option<(String, bool)>,
    /// The word rules in words ("take-two (level 80)") when the game judges words;
    /// `None` hides the word check.
    pub(crate) words: Option<String>,
    /// Something the table should know about the page itself (the log cannot be read
    /// just now, so this is the last picture of it).
    pub(crate) notice: Option<String>,
}

/// How the page is served, for as long as the server runs.
#[derive(Debug, Clone, Default)]
pub(super) struct Room {
    /// Word judge mode (`serve --judge`): a word checked or ruled is shown only as
    /// acceptable or not, as `grid --judge` answers at the prompt; the reasons stay
    /// the scorekeeper's (`reveal`).
    pub(crate) judge: bool,
    /// The address phones open, and its QR code, when the server listens beyond this
    /// machine.
    pub(crate) join: Option<Join>,
}

/// The way in for the next phone.
#[derive(Debug, Clone)]
pub(super) struct Join {
    pub(crate) url: String,
    /// The QR code of [`Join::url`], as SVG.
    pub(crate) code: String,
}

/// A word looked up on the page (`/check`): what the form shows under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Checked {
    /// The judge's verdict: the word as the tiles spell it, whether it is allowed, and
    /// why (in judge mode, only "acceptable" or "not acceptable").
    Verdict {
        word: String,
        allowed: bool,
        reason: String,
    },
    /// The look-up could not be made (no word, two words, a character no word has).
    Refused(String),
}

/// How many rulings the page shows, newest first.
pub(super) const RULINGS_SHOWN: usize = 4;
/// How many notes the page shows, newest first.
pub(super) const NOTES_SHOWN: usize = 3;

/// The whole page: the board, its style and the script that keeps it live.
#[cfg(test)]
pub(crate) fn document(board: &Board) -> String {
    let room = Room::default();
    wrap(&page_title(board), &fragment(board, &room), &room, None)
}

/// The page around a board already rendered (`fragment`), so that the watcher, which
/// sends the fragment on its own too, renders the board once. `checked` is a word
/// looked up without JavaScript (the form's own submission): its word and verdict are
/// shown in the form.
pub(super) fn wrap(
    title: &str,
    fragment: &str,
    room: &Room,
    checked: Option<(&str, &Checked)>,
) -> String {
    let join = room.join.as_ref().map_or(String::new(), |j| {
        format!(
            "<aside id=\"join\" class=\"join\" aria-label=\"join from a phone\">{}\
             <p>join from a phone<span class=\"how\">: point its camera at the code, or open</span> <b class=\"url\">{}</b></p></aside>\n",
            j.code,
            text(&j.url)
        )
    });
    let (word, verdict) = match checked {
        Some((word, c)) => (text(word), check_fragment(c)),
        None => (String::new(), String::new()),
    };
    let hint = if room.judge {
        "a look-up, not a ruling: nothing is recorded; judge mode answers acceptable or not acceptable"
    } else {
        "a look-up, not a ruling: nothing is recorded"
    };
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"dark\">\n<title>{title}</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n<style>\n{STYLE}</style>\n</head>\n<body{joinable}>\n\
         <main id=\"board\">\n{fragment}</main>\n{join}\
         <div class=\"bar\">\n\
         <form id=\"check\" class=\"check\" action=\"check\" method=\"get\" role=\"search\" aria-label=\"check a word\">\
         <label for=\"word\">check a word</label> \
         <input id=\"word\" name=\"word\" type=\"text\" value=\"{word}\" maxlength=\"{longest}\" required \
         autocomplete=\"off\" autocapitalize=\"characters\" spellcheck=\"false\" enterkeyhint=\"go\"> \
         <button type=\"submit\">check</button>\
         <output id=\"verdict\" for=\"word\" aria-live=\"polite\">{verdict}</output>\
         <small class=\"hint\">{hint}</small></form>\n\
         <footer><span id=\"live\" class=\"live off\">reload the page to update it</span>\
         <span class=\"by\">umpire scoreboard · read-only</span></footer>\n</div>\n\
         <script>\n{FIT}{SCRIPT}</script>\n</body>\n</html>\n",
        title = text(title),
        joinable = if room.join.is_some() {
            " class=\"joinable\""
        } else {
            ""
        },
        longest = super::check::LONGEST_WORD,
    )
}

/// What the word check shows for one look-up: the word, the verdict as a symbol and a
/// word (never colour alone), and why.
pub(super) fn check_fragment(checked: &Checked) -> String {
    match checked {
        Checked::Verdict {
            word,
            allowed,
            reason,
        } => {
            let (class, verdict) = if *allowed {
                ("yes", "✓")
            } else {
                ("no", "✗")
            };
            format!(
                "<span class=\"checked {class}\"><b class=\"word\">{}</b> {verdict} {}</span>",
                text(word),
                text(reason)
            )
        }
        Checked::Refused(why) => format!("<span class=\"checked no\">{}</span>", text(why)),
    }
}

/// "umpire: Take Two friday", for the browser's tab.
pub(super) fn page_title(board: &Board) -> String {
    format!("umpire: {} {}", board.title, board.session)
}

/// What goes inside `<main id="board">`: sent again, whole, on every change. The
/// standings, notes and chart are one column; the game's board, the rulings and the
/// game's tables the other.
pub(super) fn fragment(board: &Board, room: &Room) -> String {
    let mut out = String::new();
    header(&mut out, board, room);
    // With nothing else beside the standings (a score pad, no word ruled yet), the
    // chart takes that side, where a long table and a match's result line no longer
    // leave it too little room to be drawn.
    let side_empty = board.view.blocks.is_empty() && board.rulings.is_empty();
    out.push_str("<div class=\"col score\">\n");
    standings::standings(&mut out, &board.standings);
    notes(&mut out, &board.notes);
    if !side_empty {
        chart(&mut out, board);
    }
    out.push_str("</div>\n<div class=\"col side\">\n");
    table_view(&mut out, &board.view, &board.highlights, true);
    rulings(&mut out, board, room.judge);
    table_view(&mut out, &board.view, &board.highlights, false);
    if side_empty {
        chart(&mut out, board);
    }
    out.push_str("</div>\n");
    out
}

/// The standings as the room's page shows them, for the scorekeeper's page beside it,
/// fitted to a box of their own named `name` (each table on a page its own, so that
/// one's fitting rules never hide another's columns).
pub(super) fn standings_section(out: &mut String, s: &Standings, name: &str) {
    standings::standings_in(out, s, name);
}

fn header(out: &mut String, board: &Board, room: &Room) {
    let s = &board.standings;
    let _ = writeln!(
        out,
        "<header class=\"top\" data-title=\"{}\" data-words=\"{}\">\n<h1><span class=\"game\">{}</span> \
         <span class=\"session\">{}</span></h1>",
        text(&page_title(board)),
        if board.words.is_some() { "yes" } else { "no" },
        text(&board.title),
        text(&board.session)
    );
    if let Some(notice) = &board.notice {
        let _ = writeln!(
            out,
            "<p class=\"notice\" role=\"alert\">⚠ {}</p>",
            text(notice)
        );
    }
    if let Some(result) = s.won().map(|w| crate::render::result(&w)) {
        let _ = writeln!(out, "<p class=\"result\">★ {}</p>", text(&result));
    }
    let way = if s.lowest_wins {
        "lowest total wins"
    } else {
        "highest total wins"
    };
    let _ = writeln!(
        out,
        "<p class=\"status\"><span class=\"now\">{}</span> <span class=\"played\">{} played · {}</span></p>",
        text(&s.status),
        text(&crate::render::played(s.played(), s.period_name())),
        way
    );
    if let Some((latest, ruled)) = &board.latest {
        // In judge mode a ruling's words and reasons are not shown: only what the
        // judge would say.
        let shown = match (room.judge && *ruled, board.rulings.last()) {
            (true, Some(r)) => format!(
                "ruling ({}): {}",
                r.ruling.asked,
                acceptable(r.ruling.acceptable())
            ),
            _ => latest.clone(),
        };
        let _ = writeln!(
            out,
            "<p class=\"latest\"><span class=\"what\">just recorded</span> {}</p>",
            text(&shown)
        );
    }
    out.push_str("</header>\n");
}

fn acceptable(yes: bool) -> &'static str {
    if yes { "acceptable" } else { "not acceptable" }
}

/// The running totals drawn on the page's own black, with a legend in the page's type
/// (each player's colour, point shape and total), once there is more than the start.
fn chart(out: &mut String, board: &Board) {
    let s = &board.standings;
    if s.marks.len() < 2 {
        return;
    }
    let Ok(svg) = crate::chart::svg_on_dark(s) else {
        return;
    };
    out.push_str(
        "<section class=\"chart\" aria-label=\"chart of the running totals\">\n<h2>running totals</h2>\n<div class=\"plot\">",
    );
    out.push_str(svg.trim_end());
    out.push_str("</div>\n");
    chart_keys(out, s);
    out.push_str("</section>\n");
}

/// The chart's legend in the page's type: each player's colour, point shape and latest
/// total, on the room's page and under a chart a phone asked for alike.
pub(super) fn chart_keys(out: &mut String, s: &Standings) {
    out.push_str("<ul class=\"keys\">");
    for (k, name) in s.players.iter().enumerate() {
        let last = s
            .marks
            .iter()
            .rev()
            .find_map(|m| m.totals.get(k).copied().flatten());
        let point = match crate::chart::shape(k) {
            crate::chart::Shape::Circle => "<circle cx=\"12\" cy=\"6\" r=\"4\"/>",
            crate::chart::Shape::Triangle => "<path d=\"M12 1.5 17 10H7z\"/>",
            crate::chart::Shape::Cross => "<path d=\"M8 2 16 10M16 2 8 10\"/>",
        };
        let _ = write!(
            out,
            "<li><svg class=\"key\" viewBox=\"0 0 24 12\" aria-hidden=\"true\" style=\"color: {}\">\
             <path d=\"M0 6H24\"/>{point}</svg>{}{}</li>",
            crate::chart::page_colour(k),
            text(name),
            last.map_or(String::new(), |t| format!(" <b>{t}</b>"))
        );
    }
    out.push_str("</ul>\n");
}

/// The longest table-view cell kept to one line.
const SHORT_CELL: usize = 24;

/// The game's own table, in two parts placed apart: its text blocks (Board Chips'
/// board, Word Taking's letters), which the room reads from across it and which come
/// first, and its grids (who holds what, the open round).
pub(super) fn table_view(
    out: &mut String,
    view: &TableView,
    highlights: &[Highlight],
    texts: bool,
) {
    // Kept with their place in the view: a highlight names its block by that place.
    let blocks: Vec<(usize, &Block)> = view
        .blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| matches!(b, Block::Text { .. }) == texts)
        .collect();
    if blocks.is_empty() {
        return;
    }
    if texts {
        out.push_str("<section class=\"view boards\" aria-label=\"the board\">\n");
    } else {
        out.push_str("<section class=\"view tables\" aria-label=\"the table\">\n");
    }
    for (place, block) in blocks {
        match block {
            Block::Grid {
                title,
                headers,
                rows,
            } => {
                if !title.is_empty() {
                    let _ = writeln!(out, "<h2>{}</h2>", text(title));
                }
                out.push_str("<div class=\"scroll\">\n<table>\n<thead><tr>");
                for h in headers {
                    let _ = write!(out, "<th scope=\"col\">{}</th>", text(h));
                }
                out.push_str("</tr></thead>\n<tbody>\n");
                for row in rows {
                    out.push_str("<tr>");
                    for (k, cell) in row.iter().enumerate() {
                        let tag = if k == 0 { "th scope=\"row\"" } else { "td" };
                        let close = if k == 0 { "th" } else { "td" };
                        // A short cell ("no entry yet", "left F I Z") keeps to one
                        // line; a long one (a list of words) wraps.
                        let class = if cell.chars().count() <= SHORT_CELL {
                            " class=\"short\""
                        } else {
                            ""
                        };
                        let _ = write!(out, "<{tag}{class}>{}</{close}>", text(cell));
                    }
                    out.push_str("</tr>\n");
                }
                out.push_str("</tbody>\n</table>\n</div>\n");
            }
            Block::Text { title, lines } => {
                if !title.is_empty() {
                    let _ = writeln!(out, "<h2>{}</h2>", text(title));
                }
                let (cols, rows) = text_measure(lines);
                let _ = write!(
                    out,
                    "<div class=\"scroll\"><pre style=\"--cols: {cols}; --lines: {rows}\">"
                );
                for (k, line) in lines.iter().enumerate() {
                    if k > 0 {
                        out.push('\n');
                    }
                    let spans: Vec<&Highlight> = highlights
                        .iter()
                        .filter(|h| h.block == place && h.line == k)
                        .collect();
                    out.push_str(&marked(line, &spans));
                }
                out.push_str("</pre></div>\n");
            }
        }
    }
    out.push_str("</section>\n");
}

/// A text block's line, escaped, with each highlighted span in a `<mark>` (what it
/// covers keeps its brackets, so the colour is never the only cue). A span that runs
/// past the line's end or into an earlier span is cut to what it can mark.
fn marked(line: &str, spans: &[&Highlight]) -> String {
    if spans.is_empty() {
        return text(line);
    }
    let chars: Vec<char> = line.chars().collect();
    let mut spans: Vec<(usize, usize)> = spans
        .iter()
        .map(|h| {
            (
                h.start.min(chars.len()),
                h.start.saturating_add(h.len).min(chars.len()),
            )
        })
        .collect();
    spans.sort_unstable();
    let piece = |from: usize, to: usize| -> String { chars[from..to].iter().collect() };
    let mut out = String::new();
    let mut at = 0;
    for (start, end) in spans {
        let start = start.max(at);
        if end <= start {
            continue;
        }
        out.push_str(&text(&piece(at, start)));
        out.push_str("<mark class=\"covered\">");
        out.push_str(&text(&piece(start, end)));
        out.push_str("</mark>");
        at = end;
    }
    out.push_str(&text(&piece(at, chars.len())));
    out
}

/// The widest a line of prose in a text block is set before it wraps, in characters.
const PROSE_COLS: usize = 30;

/// How wide a text block is set (`--cols`, in characters) and how many lines it has.
/// A line that lines things up (two spaces in a row: a board's squares under their
/// column numbers) must keep its whole width on one line, so it sets the type size; a
/// line of prose (Word Taking's "box: 113 letters: A8 B2...") wraps between its words
/// instead of shrinking the type until nobody can read it, and counts only up to
/// [`PROSE_COLS`].
fn text_measure(lines: &[String]) -> (usize, usize) {
    let cols = lines
        .iter()
        .map(|l| {
            let width = l.chars().count();
            if l.trim().contains("  ") {
                width
            } else {
                width.min(PROSE_COLS)
            }
        })
        .max()
        .unwrap_or(1)
        .max(1);
    let rows: usize = lines
        .iter()
        .map(|l| l.chars().count().div_ceil(cols).max(1))
        .sum();
    (cols, rows.max(1))
}

/// The last few rulings, newest first: the words, each verdict and its reason, and
/// what else was found (a grid in two pieces). Never a definition: that would help
/// players mid-round. In judge mode, each ruling only as acceptable or not.
fn rulings(out: &mut String, board: &Board, judge: bool) {
    if board.rulings.is_empty() {
        return;
    }
    let short = match &board.standings.periods {
        Some(p) => p.name.chars().take(1).collect::<String>(),
        None => "t".to_string(),
    };
    out.push_str("<section class=\"rulings\" aria-label=\"rulings\">\n<h2>Rulings</h2>\n<div class=\"scroll\">\n");
    rulings_table(
        out,
        board.rulings.iter().rev().take(RULINGS_SHOWN),
        &short,
        judge,
        false,
    );
    out.push_str("</div>\n</section>\n");
}

/// A table of rulings in the order given, each a body of its own headed by its period
/// and what asked for it (and when it was given, with `when`), then a row a word with
/// its verdict and why, a row a fault and a row a remark; in judge mode a ruling is one
/// row, acceptable or not. The columns keep their place however long a word or a
/// reason is: the word and the reason wrap, the verdict never does (`.rulings`).
pub(super) fn rulings_table<'a>(
    out: &mut String,
    rulings: impl Iterator<Item = &'a RulingRecord>,
    short: &str,
    judge: bool,
    when: bool,
) {
    out.push_str("<table class=\"ruled\">\n");
    if !judge {
        out.push_str("<thead><tr><th scope=\"col\">word</th><th scope=\"col\">verdict</th><th scope=\"col\">why</th></tr></thead>\n");
    }
    for record in rulings {
        let r = &record.ruling;
        let at = if when {
            format!(" · {}", text(&crate::render::time(&record.at)))
        } else {
            String::new()
        };
        if judge {
            let yes = r.acceptable();
            let _ = writeln!(
                out,
                "<tbody><tr><th scope=\"row\">{short}{} · {}{at}</th><td class=\"verdict {}\">{} {}</td></tr></tbody>",
                r.round,
                text(&r.asked),
                if yes { "yes" } else { "no" },
                if yes { "✓" } else { "✗" },
                acceptable(yes)
            );
            continue;
        }
        // A ruling of a move has no period to name: what asked for it is enough.
        let period = if short.is_empty() {
            String::new()
        } else {
            format!("{short}{} · ", r.round)
        };
        let _ = writeln!(
            out,
            "<tbody><tr class=\"asked\"><th colspan=\"3\" scope=\"rowgroup\"><span>{period}{}{at}</span></th></tr>",
            text(&r.asked)
        );
        for v in &r.words {
            verdict_row(out, v);
        }
        for f in &r.faults {
            let _ = writeln!(
                out,
                "<tr><th scope=\"row\" class=\"word\">—</th><td class=\"verdict no\">✗ fault</td><td class=\"why\"><span>{}</span></td></tr>",
                text(f)
            );
        }
        for remark in &r.remarks {
            let _ = writeln!(
                out,
                "<tr><th scope=\"row\" class=\"word\">—</th><td class=\"verdict\">note</td><td class=\"why\"><span>{}</span></td></tr>",
                text(remark)
            );
        }
        out.push_str("</tbody>\n");
    }
    out.push_str("</table>\n");
}

/// The longest word kept to one line in a table of verdicts: longer than any word of
/// the dictionaries. A longer one (typed as a joke, or a mistake) wraps anywhere, so its
/// column never pushes the verdict's off the screen.
const LONGEST_UNBROKEN: usize = 16;

/// A word judged: the word, its verdict as a symbol and a word in the verdict's colour
/// (never colour alone), and why. The word and the reason are in spans of their own,
/// which a TV cuts to a few lines (style.css).
pub(super) fn verdict_row(out: &mut String, v: &crate::lexicon::Verdict) {
    let (class, verdict) = if v.allowed {
        ("yes", "✓ allowed")
    } else {
        ("no", "✗ not allowed")
    };
    let long = if v.word.chars().count() > LONGEST_UNBROKEN {
        " long"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "<tr><th scope=\"row\" class=\"word{long}\"><span>{}</span></th><td class=\"verdict {class}\">{verdict}</td><td class=\"why\"><span>{}</span></td></tr>",
        text(&v.word),
        text(&v.reason)
    );
}

fn notes(out: &mut String, notes: &[String]) {
    if notes.is_empty() {
        return;
    }
    out.push_str("<section class=\"notes\" aria-label=\"notes\">\n<h2>Notes</h2>\n<ul>\n");
    for n in notes.iter().rev().take(NOTES_SHOWN) {
        let _ = writeln!(out, "<li><span>{}</span></li>", text(n));
    }
    out.push_str("</ul>\n</section>\n");
}

/// Large type that grows with the screen (a phone, a laptop, a TV across the room),
/// light on black, and marks that are a symbol and a word as well as a colour (the
/// colours are from the Okabe-Ito set, told apart with any colour vision). In a file of
/// its own to be read as CSS; built into the binary.
const STYLE: &str = include_str!("page/style.css");

/// Keeps the page live: each board the event stream sends replaces the one shown, and
/// the word check answers in place. In a file of its own to be read as JavaScript;
/// built into the binary.
const SCRIPT: &str = include_str!("page/live.js");

/// Fits the standings to their box by measuring their columns (the scorekeeper's page
/// uses it too).
pub(super) const FIT: &str = include_str!("page/fit.js");

#[cfg(test)]
mod tests;
