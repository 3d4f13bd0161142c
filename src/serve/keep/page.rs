//! The scorekeeper's page (`/keep/CODE`): an entry line that takes every line the
//! prompt takes, buttons that complete it the way Tab does (the verbs, the players, the
//! game's pieces), the reply drawn from the line's outcome (`said.rs`), a question as
//! buttons of its answers, the standings, and the history with a fix button on each
//! entry. It works without JavaScript (each button is the form's own submission,
//! answered by the page) and, with it, without reloading: the standings, the buttons
//! and the history follow every entry, from any phone or the prompt, and a mark says
//! whether the page is live. The code appears only in the form's own address.

use std::fmt::Write as _;

use super::super::html::text;
use crate::contract::Standings;
use crate::session::Outcome;
use crate::session::outcome::{Counted, HistoryRow};

/// Everything the page shows, read from the session for one answer.
pub(in crate::serve) struct View {
    /// "Take Two friday", for the title.
    pub(crate) title: String,
    /// Where the game stands ("r3").
    pub(crate) progress: String,
    /// The code, for the form's own address.
    pub(crate) code: String,
    /// The phone's desk (its question), carried by the form.
    pub(crate) desk: String,
    /// A line of the game, for the empty entry line.
    pub(crate) example: String,
    /// The line to show in the entry line: typed and refused, or completed by a button.
    pub(crate) line: String,
    /// What the last line came to (the question waiting at this desk with it).
    pub(crate) reply: Option<Outcome>,
    /// The answers the question waiting takes besides yes and no, as buttons.
    pub(crate) answers: Vec<String>,
    /// None while no session is open at the prompt.
    pub(crate) standings: Option<Standings>,
    /// The newest entries first.
    pub(crate) history: Vec<HistoryRow>,
    /// Buttons that complete the line: verbs, players, the game's pieces.
    pub(crate) chips: Vec<(&'static str, Vec<String>)>,
}

/// How many entries the history shows, newest first.
pub(in crate::serve) const HISTORY_SHOWN: usize = 30;

/// The whole page.
pub(in crate::serve) fn keep_page(v: &View) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"dark\">\n<meta name=\"referrer\" content=\"no-referrer\">\n\
         <title>keep score: {title}</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <style>\n{STYLE}{KEEP_STYLE}</style>\n</head>\n<body class=\"keeper\">\n<div class=\"keep\">\n\
         <header><h1>keep score <span class=\"session\">{title}</span> \
         <span class=\"progress\">{progress}</span></h1>\
         <span id=\"live\" class=\"live off\" role=\"status\">not live: reload the page to follow the table</span>\
         <a class=\"watch\" href=\"/\">the room's page</a></header>\n\
         <p id=\"lost\" class=\"lost\" role=\"alert\" hidden></p>\n",
        title = text(&v.title),
        progress = text(&v.progress),
    );
    // The standings first, in view above the line; the reply right under the line,
    // after its record button, which is then the first that submits the form (the one
    // Enter presses), never an answer.
    now(&mut out, v);
    form(&mut out, v);
    entries(&mut out, v);
    out.push_str("</div>\n<script>\n");
    out.push_str(super::super::page::FIT);
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// What the last line came to and the question waiting, in `#said`.
fn reply(out: &mut String, v: &View) {
    out.push_str("<section id=\"said\" class=\"said\" aria-live=\"polite\">");
    if let Some(o) = &v.reply {
        out.push_str(&super::super::said::reply(o, &v.answers));
    }
    out.push_str("</section>\n");
}

/// The entry line and the buttons that complete it.
fn form(out: &mut String, v: &View) {
    let _ = writeln!(
        out,
        "<form id=\"keep\" class=\"entry\" method=\"post\" action=\"/keep/{code}\" autocomplete=\"off\">\
         <input type=\"hidden\" name=\"desk\" value=\"{desk}\">\
         <label for=\"line\">a line, as at the prompt</label>\
         <div class=\"typed\"><input id=\"line\" name=\"line\" type=\"text\" value=\"{line}\" \
         maxlength=\"{max}\" autocapitalize=\"none\" spellcheck=\"false\" enterkeyhint=\"send\" \
         placeholder=\"{example}\"> <button type=\"submit\" name=\"go\" value=\"1\">record</button></div>",
        code = text(&v.code),
        desk = text(&v.desk),
        line = text(&v.line),
        max = super::MAX_LINE,
        example = text(&v.example),
    );
    reply(out, v);
    chips(out, v);
    out.push_str("</form>\n");
}

/// The buttons that complete the line, in `#chips`, which carries the example for the
/// empty line: they follow the session (a player added or renamed, a card laid or
/// taken back), so they come again with every board.
fn chips(out: &mut String, v: &View) {
    let _ = write!(
        out,
        "<div id=\"chips\" data-example=\"{}\">",
        text(&v.example)
    );
    for (group, chips) in &v.chips {
        if chips.is_empty() {
            continue;
        }
        // The verbs every game shares fold away: the game's own, the players and the
        // pieces are what a round is kept with.
        let folded = *group == MORE;
        if folded {
            let _ = write!(out, "<details class=\"more\"><summary>{group}</summary>");
        }
        let _ = write!(
            out,
            "<div class=\"chips\" role=\"group\" aria-label=\"{group}\">"
        );
        if !folded {
            let _ = write!(out, "<span class=\"group\">{group}</span>");
        }
        // A verb starts the line afresh; a player or a piece is added to it.
        let how = if *group == VERBS || folded {
            "fill"
        } else {
            "add"
        };
        for chip in chips {
            let _ = write!(
                out,
                "<button class=\"chip\" name=\"{how}\" value=\"{c}\">{c}</button>",
                c = text(chip)
            );
        }
        out.push_str("</div>\n");
        if folded {
            out.push_str("</details>\n");
        }
    }
    out.push_str("</div>\n");
}

/// The group of the game's own verbs.
pub(in crate::serve) const VERBS: &str = "verbs";

/// The group of buttons that folds away: the verbs every game shares.
pub(in crate::serve) const MORE: &str = "more verbs";

/// The standings, the buttons and the history: what changes with every entry, from
/// any phone or the prompt, sent again to the page's script, which puts each part in
/// its place.
pub(in crate::serve) fn board_fragment(v: &View) -> String {
    let mut out = String::with_capacity(8 * 1024);
    now(&mut out, v);
    chips(&mut out, v);
    entries(&mut out, v);
    out
}

/// The standings, in `#now`, which carries where the game stands for the heading.
fn now(out: &mut String, v: &View) {
    let _ = write!(
        out,
        "<div id=\"now\" data-progress=\"{}\">",
        text(&v.progress)
    );
    match &v.standings {
        Some(s) => super::super::page::standings_section(out, s, "standings"),
        None => out.push_str("<p class=\"none\">no session is open at the prompt</p>"),
    }
    out.push_str("</div>\n");
}

/// The newest entries, each with a button that fills the line with its fix, in
/// `#entries`.
fn entries(out: &mut String, v: &View) {
    out.push_str("<section id=\"entries\" class=\"history\"><h2>entries</h2><ol reversed>");
    for row in v.history.iter().take(HISTORY_SHOWN) {
        let mark = match &row.counts {
            Counted::Itself => String::new(),
            Counted::Undone => " (undone)".into(),
            Counted::SetAside { .. } => " (set aside)".into(),
            Counted::Fixed { by, .. } => {
                by.map_or_else(|| " (fixed)".into(), |by| format!(" (fixed by #{by})"))
            }
            Counted::Skipped => " (no longer fits)".into(),
            Counted::Superseded { by } => format!(" (replaced by #{by})"),
        };
        let _ = write!(
            out,
            "<li value=\"{seq}\"><span class=\"seq\">#{seq}</span> {told}<span class=\"how\">{mark}</span>",
            seq = row.seq,
            told = text(&row.told.to_string()),
            mark = text(&mark),
        );
        // Only an entry that counts as recorded is there to fix.
        if matches!(row.counts, Counted::Itself) {
            let _ = write!(
                out,
                " <button form=\"keep\" class=\"fix\" name=\"fill\" value=\"fix #{seq}\" \
                 aria-label=\"fix entry {seq}\">fix</button>",
                seq = row.seq
            );
        }
        out.push_str("</li>");
    }
    if v.history.is_empty() {
        out.push_str("<li class=\"none\">nothing recorded yet</li>");
    }
    out.push_str("</ol></section>\n");
}

const STYLE: &str = include_str!("../page/style.css");
const KEEP_STYLE: &str = include_str!("keep.css");
const SCRIPT: &str = include_str!("keep.js");
