//! The scoreboard as HTML: a pure function of a [`Board`] (the game-neutral standings,
//! the game's table view, the rulings and notes), so that what a phone or a TV shows
//! can be tested without a server. The page reads without JavaScript; its little
//! script only swaps in the board the event stream sends.
//!
//! Every text that comes from a log is escaped ([`super::html::text`]); the chart is
//! the SVG `export --format svg` draws, which escapes its own labels.

use std::fmt::Write as _;

use super::html::text;
use crate::contract::{Block, Entry, Period, Standings, TableView};
use crate::session::RulingRecord;

/// Everything the page shows of one session, read from its log.
#[derive(Debug, Clone)]
pub(super) struct Board {
    /// The game's title: "Take Two".
    pub title: String,
    /// The session's name.
    pub session: String,
    pub standings: Standings,
    /// The game's own table (empty for a game without one).
    pub view: TableView,
    /// Every ruling, oldest first: the page shows the last few.
    pub rulings: Vec<RulingRecord>,
    /// The notes, oldest first: the page shows the last few.
    pub notes: Vec<String>,
    /// Something the table should know about the page itself (the log cannot be read
    /// just now, so this is the last picture of it).
    pub notice: Option<String>,
}

/// How many rulings the page shows, newest first.
pub(super) const RULINGS_SHOWN: usize = 4;
/// How many notes the page shows, newest first.
pub(super) const NOTES_SHOWN: usize = 3;

/// The whole page: the board, its style and the script that keeps it live.
#[cfg(test)]
pub(crate) fn document(board: &Board) -> String {
    wrap(board, &fragment(board))
}

/// The page around a board already rendered (`fragment`), so that the watcher, which
/// sends the fragment on its own too, renders the board once.
pub(super) fn wrap(board: &Board, fragment: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"dark\">\n<title>{title}</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <main id=\"board\">\n{board}</main>\n\
         <footer><span id=\"live\" class=\"live off\">reload the page to update it</span>\
         <span class=\"by\">umpire scoreboard · read-only</span></footer>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        title = text(&page_title(board)),
        board = fragment,
    )
}

/// "umpire: Take Two friday", for the browser's tab.
pub(super) fn page_title(board: &Board) -> String {
    format!("umpire: {} {}", board.title, board.session)
}

/// What goes inside `<main id="board">`: sent again, whole, on every change.
pub(super) fn fragment(board: &Board) -> String {
    let mut out = String::new();
    header(&mut out, board);
    standings(&mut out, &board.standings);
    chart(&mut out, board);
    table_view(&mut out, &board.view);
    rulings(&mut out, board);
    notes(&mut out, &board.notes);
    out
}

fn header(out: &mut String, board: &Board) {
    let s = &board.standings;
    let _ = writeln!(
        out,
        "<header class=\"top\" data-title=\"{}\">\n<h1><span class=\"game\">{}</span> \
         <span class=\"session\">{}</span></h1>",
        text(&page_title(board)),
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
    if let Some(result) = s.result_line() {
        let _ = writeln!(out, "<p class=\"result\">★ {}</p>", text(&result));
    }
    let way = if s.lower_wins {
        "lowest total wins"
    } else {
        "highest total wins"
    };
    let _ = writeln!(
        out,
        "<p class=\"status\"><span class=\"now\">{}</span> <span class=\"played\">{} played · {}</span></p>\n</header>",
        text(&s.status),
        text(&s.played_text()),
        way
    );
}

/// The mark beside a player: a star and a word, never colour alone.
fn mark(s: &Standings, seat: usize) -> Option<&'static str> {
    if s.finished {
        s.winners.contains(&seat).then_some("★ wins")
    } else {
        s.leaders().contains(&seat).then_some("★ leads")
    }
}

/// Players in seat order (as at the prompt), every period across, the running total
/// and who leads.
fn standings(out: &mut String, s: &Standings) {
    let partial = s.periods.as_ref().map_or("", |p| p.partial);
    let (short, shown, open): (String, Vec<&Period>, Option<u32>) = match &s.periods {
        Some(p) => (
            p.name.chars().take(1).collect(),
            p.closed.iter().chain(p.open.iter()).collect(),
            p.open.as_ref().map(|o| o.number),
        ),
        None => (String::new(), Vec::new(), None),
    };
    out.push_str("<section class=\"standings\" aria-label=\"standings\">\n<div class=\"scroll\">\n<table>\n<thead><tr><th scope=\"col\">player</th>");
    for p in &shown {
        if open == Some(p.number) {
            let _ = write!(
                out,
                "<th scope=\"col\" class=\"num open\">{short}{}<small> now</small></th>",
                p.number
            );
        } else {
            let _ = write!(
                out,
                "<th scope=\"col\" class=\"num\">{short}{}</th>",
                p.number
            );
        }
    }
    let heading = crate::render::total_heading(s.unit);
    let _ = writeln!(
        out,
        "<th scope=\"col\" class=\"num\">{heading}</th><th scope=\"col\"><span class=\"hidden\">mark</span></th></tr></thead>\n<tbody>"
    );
    let mut legend: Vec<String> = Vec::new();
    for (i, name) in s.players.iter().enumerate() {
        let m = mark(s, i);
        let class = if m.is_some() { " class=\"leader\"" } else { "" };
        let _ = write!(out, "<tr{class}><th scope=\"row\">{}</th>", text(name));
        for p in &shown {
            let points = p.points.get(i).copied().flatten();
            let entry = p.entries.get(i).copied().unwrap_or(Entry::Absent);
            let (cell, note) = crate::render::entry_cell(points, entry, partial);
            if let Some(note) = note
                && !legend.contains(&note)
            {
                legend.push(note);
            }
            let _ = write!(out, "<td class=\"num\">{}</td>", text(&cell));
        }
        let total = s.running.get(i).copied().unwrap_or(0);
        let _ = writeln!(
            out,
            "<td class=\"num total\">{total}</td><td class=\"mark\">{}</td></tr>",
            m.unwrap_or("")
        );
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
    if !legend.is_empty() {
        let _ = writeln!(out, "<p class=\"legend\">{}</p>", legend.join(" · "));
    }
    out.push_str("</section>\n");
}

/// The running totals as the SVG export draws them, once there is more than the start.
fn chart(out: &mut String, board: &Board) {
    if board.standings.marks.len() < 2 {
        return;
    }
    let title = format!("{} \"{}\"", board.title, board.session);
    if let Ok(svg) = crate::chart::svg(&board.standings, &title) {
        let _ = writeln!(
            out,
            "<section class=\"chart\" aria-label=\"chart of the running totals\">\n{}</section>",
            svg.trim_end()
        );
    }
}

/// The longest table-view cell kept to one line.
const SHORT_CELL: usize = 24;

/// The game's own table: a grid as a table, text as fixed-width lines.
fn table_view(out: &mut String, view: &TableView) {
    if view.is_empty() {
        return;
    }
    out.push_str("<section class=\"view\" aria-label=\"the table\">\n");
    for block in &view.blocks {
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
                // The longest line sets the type size, so a board fits its column
                // on a phone and on a TV alike (see `.view pre` in the style).
                let cols = lines
                    .iter()
                    .map(|l| l.chars().count())
                    .max()
                    .unwrap_or(1)
                    .max(1);
                let _ = write!(out, "<div class=\"scroll\"><pre style=\"--cols: {cols}\">");
                for (k, line) in lines.iter().enumerate() {
                    if k > 0 {
                        out.push('\n');
                    }
                    out.push_str(&text(line));
                }
                out.push_str("</pre></div>\n");
            }
        }
    }
    out.push_str("</section>\n");
}

/// The last few rulings, newest first: the words, each verdict and its reason, and
/// what else was found (a grid in two pieces). Never a definition: that would help
/// players mid-round.
fn rulings(out: &mut String, board: &Board) {
    if board.rulings.is_empty() {
        return;
    }
    let short = match &board.standings.periods {
        Some(p) => p.name.chars().take(1).collect::<String>(),
        None => "t".to_string(),
    };
    out.push_str("<section class=\"rulings\" aria-label=\"rulings\">\n<h2>Rulings</h2>\n<div class=\"scroll\">\n<table>\n<thead><tr><th scope=\"col\">word</th><th scope=\"col\">verdict</th><th scope=\"col\">why</th></tr></thead>\n");
    for record in board.rulings.iter().rev().take(RULINGS_SHOWN) {
        let r = &record.ruling;
        let _ = writeln!(
            out,
            "<tbody><tr class=\"asked\"><th colspan=\"3\" scope=\"rowgroup\">{short}{} · {}</th></tr>",
            r.round,
            text(&r.asked)
        );
        for v in &r.words {
            let (class, verdict) = if v.allowed {
                ("yes", "✓ allowed")
            } else {
                ("no", "✗ not allowed")
            };
            let _ = writeln!(
                out,
                "<tr><th scope=\"row\" class=\"word\">{}</th><td class=\"verdict {class}\">{verdict}</td><td>{}</td></tr>",
                text(&v.word),
                text(&v.reason)
            );
        }
        for f in &r.faults {
            let _ = writeln!(
                out,
                "<tr><th scope=\"row\" class=\"word\">—</th><td class=\"verdict no\">✗ fault</td><td>{}</td></tr>",
                text(f)
            );
        }
        for remark in &r.remarks {
            let _ = writeln!(
                out,
                "<tr><th scope=\"row\" class=\"word\">—</th><td class=\"verdict\">note</td><td>{}</td></tr>",
                text(remark)
            );
        }
        out.push_str("</tbody>\n");
    }
    out.push_str("</table>\n</div>\n</section>\n");
}

fn notes(out: &mut String, notes: &[String]) {
    if notes.is_empty() {
        return;
    }
    out.push_str("<section class=\"notes\" aria-label=\"notes\">\n<h2>Notes</h2>\n<ul>\n");
    for n in notes.iter().rev().take(NOTES_SHOWN) {
        let _ = writeln!(out, "<li>{}</li>", text(n));
    }
    out.push_str("</ul>\n</section>\n");
}

/// Large type that grows with the screen (a phone, a laptop, a TV across the room),
/// light on black, and marks that are a symbol and a word as well as a colour (the
/// colours are from the Okabe-Ito set, told apart with any colour vision).
const STYLE: &str = r#":root { --bg: #000; --fg: #fff; --dim: #c8c8c8; --line: #555;
  --lead: #f0e442; --lead-bg: #2b2800; --yes: #56b4e9; --no: #e69f00; }
html { font-size: clamp(16px, 0.9vw + 11px, 48px); background: var(--bg); color: var(--fg); }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif; line-height: 1.3; }
main { display: grid; gap: 1.2rem 2rem; padding: 1rem clamp(0.6rem, 3vw, 3rem) 3rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 25rem), 1fr)); align-items: start; }
header.top, .notes { grid-column: 1 / -1; }
h1 { font-size: 2.2rem; margin: 0; line-height: 1.1; }
h1 .session { color: var(--dim); font-weight: 400; }
h2 { font-size: 1.2rem; margin: 0.2rem 0 0.4rem; color: var(--dim); font-weight: 600; }
.status { font-size: 1.35rem; margin: 0.4rem 0 0; }
.status .played { color: var(--dim); font-size: 1rem; margin-left: 0.6rem; white-space: nowrap; }
.result { font-size: 1.8rem; font-weight: 700; color: var(--lead); margin: 0.4rem 0; }
.notice { font-size: 1.1rem; border: 2px solid var(--no); padding: 0.3rem 0.6rem; margin: 0.5rem 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: baseline; }
thead th { color: var(--dim); font-weight: 600; border-bottom: 2px solid var(--dim); white-space: nowrap; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
thead th.open { color: var(--fg); }
thead th small { font-weight: 400; }
.standings table { font-size: 1.5rem; }
.standings tbody th { font-weight: 700; }
.standings .total { font-size: 2.1rem; font-weight: 800; }
.standings .mark { color: var(--lead); font-weight: 800; white-space: nowrap; }
.standings tr.leader { background: var(--lead-bg); }
.standings tr.leader th { box-shadow: inset 0.4rem 0 0 var(--lead); padding-left: 0.8rem; }
.legend { color: var(--dim); font-size: 1rem; margin: 0.4rem 0 0; }
.hidden { position: absolute; left: -9999px; }
.chart svg { display: block; width: 100%; height: auto; background: #fff; border-radius: 0.3rem; }
.view { container-type: inline-size; }
.view pre { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; line-height: 1.15; margin: 0 0 0.8rem;
  font-size: min(1.4rem, calc(97cqw / (var(--cols) * 0.61))); }
.view table { margin-bottom: 0.8rem; font-size: 1rem; }
.view .short { white-space: nowrap; }
.rulings table { font-size: 1.1rem; }
.rulings .asked th { color: var(--dim); font-weight: 400; border-bottom: 0; padding-top: 0.6rem; }
.rulings .word { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-weight: 700; }
.verdict { white-space: nowrap; font-weight: 700; }
.verdict.yes { color: var(--yes); }
.verdict.no { color: var(--no); }
.notes ul { margin: 0; padding-left: 1.2rem; font-size: 1.1rem; }
footer { position: fixed; bottom: 0; left: 0; right: 0; display: flex; justify-content: space-between;
  gap: 1rem; padding: 0.2rem 0.8rem; font-size: 0.8rem; color: var(--dim); background: var(--bg); }
@media (max-width: 30rem) {
  .standings table { font-size: 1.2rem; }
  .standings .total { font-size: 1.5rem; }
  th, td { padding: 0.25rem 0.3rem; }
}
.live.on::before { content: "● "; color: var(--yes); }
.live.off::before { content: "○ "; }
"#;

/// Keeps the page live: each board the event stream sends replaces the one shown. The
/// browser reconnects a dropped stream by itself; a refused one (too many open) is
/// tried again a little later.
const SCRIPT: &str = r#"(function () {
  "use strict";
  var board = document.getElementById("board");
  var live = document.getElementById("live");
  if (!board || !live || !window.EventSource) { return; }
  function say(on, words) { live.className = on ? "live on" : "live off"; live.textContent = words; }
  function connect() {
    var source = new EventSource("/events");
    source.addEventListener("board", function (e) {
      board.innerHTML = e.data;
      var top = board.querySelector("[data-title]");
      if (top) { document.title = top.getAttribute("data-title"); }
      say(true, "live: follows every entry");
    });
    source.onerror = function () {
      say(false, "not live: reconnecting…");
      if (source.readyState === 2) { source.close(); window.setTimeout(connect, 5000); }
    };
  }
  connect();
})();
"#;

#[cfg(test)]
mod tests;
