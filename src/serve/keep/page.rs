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
    /// What the rows box holds: rows sent with a refused line, kept to be put right.
    pub(crate) rows: String,
    /// The id the form gives its next line, so that the line sent again (its answer
    /// lost) is recorded once; the page's script draws one for each line itself.
    pub(crate) id: String,
    /// The verbs that read rows after their line (Take Two's `grid`): the rows box is
    /// there for them, and only when the game has one.
    pub(crate) blocks: Vec<&'static str>,
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
         <a class=\"watch\" href=\"../\">the room's page</a></header>\n\
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

/// The page a browser is shown for a link that does not record (its code was
/// replaced, the prompt opened another session, or it was never the link): in the
/// page's own style, saying what happened and what to do, and nothing of the session.
pub(in crate::serve) fn refused_page() -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"dark\">\n<meta name=\"referrer\" content=\"no-referrer\">\n\
         <title>keep score: this link does not record</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <style>\n{STYLE}{KEEP_STYLE}</style>\n</head>\n<body class=\"keeper\">\n<div class=\"keep\">\n\
         <header><h1>keep score</h1><a class=\"watch\" href=\"../\">the room's page</a></header>\n\
         <p class=\"lost\" role=\"alert\">This link does not record: it is not the scorekeeper's \
         link, or its code was replaced (<code>serve code</code> at the prompt) or another session \
         was opened since. Ask the scorekeeper for the new link. The room's page still follows the game.</p>\n\
         </div>\n</body>\n</html>\n"
    )
}

/// What the last line came to and the question waiting, in `#said`.
fn reply(out: &mut String, v: &View) {
    out.push_str("<section id=\"said\" class=\"said\" aria-live=\"polite\">");
    if let Some(o) = &v.reply {
        out.push_str(&super::super::said::reply(o, &v.answers));
    }
    out.push_str("</section>\n");
}

/// The entry line, the rows box (for a game with a verb that reads rows), and the
/// buttons that complete the line. A line just refused is in the entry line, which
/// has the focus, ready to be put right or typed over.
fn form(out: &mut String, v: &View) {
    let refused = v.reply.as_ref().is_some_and(|o| o.refused);
    let _ = writeln!(
        out,
        "<form id=\"keep\" class=\"entry\" method=\"post\" action=\"{code}\" autocomplete=\"off\">\
         <input type=\"hidden\" name=\"desk\" value=\"{desk}\">\
         <input type=\"hidden\" name=\"id\" value=\"{id}\">\
         <label for=\"line\">a line, as at the prompt</label>\
         <div class=\"typed\"><input id=\"line\" name=\"line\" type=\"text\" value=\"{line}\" \
         maxlength=\"{max}\" autocapitalize=\"none\" spellcheck=\"false\" enterkeyhint=\"send\" \
         placeholder=\"{example}\"{focus}> <button type=\"submit\" name=\"go\" value=\"1\">record</button></div>",
        code = text(&v.code),
        desk = text(&v.desk),
        id = text(&v.id),
        line = text(&v.line),
        max = super::MAX_LINE,
        example = text(&v.example),
        focus = if refused { " autofocus" } else { "" },
    );
    rows(out, v);
    reply(out, v);
    chips(out, v);
    out.push_str("</form>\n");
}

/// The rows box, for a game whose verbs read rows after their line (`grid PLAYER`,
/// then the crossword a row a line): folded away until the line starts with such a
/// verb (the page's script opens it then; without the script it opens by hand) or it
/// holds rows.
fn rows(out: &mut String, v: &View) {
    if v.blocks.is_empty() {
        return;
    }
    let verb = v
        .line
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let open = !v.rows.is_empty() || v.blocks.contains(&verb.as_str());
    let verbs = v.blocks.join(" ");
    let _ = writeln!(
        out,
        "<details id=\"rows\" class=\"rows\" data-verbs=\"{verbs}\"{open}><summary>rows, for {named}</summary>\
         <label for=\"rows-text\">the rows {named} reads after its line, one a line, as typed at the prompt</label>\
         <textarea id=\"rows-text\" name=\"rows\" rows=\"8\" autocapitalize=\"characters\" spellcheck=\"false\" \
         maxlength=\"{max}\">\n{rows}</textarea></details>",
        verbs = text(&verbs),
        named = text(&crate::text::or_list(&v.blocks)),
        open = if open { " open" } else { "" },
        rows = text(&v.rows),
        max = super::MAX_BODY / 2,
    );
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
