//! What a line came to ([`Outcome`]), drawn as HTML for a phone: the page's own face of
//! the outcome, as `render/said.rs` is the terminal's. A verdict, the rulings, the
//! history, the score and the game's table are drawn from the outcome's data as the
//! room's page draws them (tables that fit a phone's width, the verdict coloured as the
//! TV colours it, the standings fitted to their box); a sentence is said in the
//! prompt's words. Nothing here is the terminal's drawing: no box-drawing character,
//! no colour code, no width of a terminal.

use std::fmt::Write as _;

use super::html::text;
use super::page;
use crate::contract::Standings;
use crate::session::outcome::{Counted, History, HistoryRow, Outcome, Recorded, Said};

/// The whole reply: what the line said, in order, then the question waiting, with its
/// answers as buttons of the scorekeeper's form (yes, each other answer it takes, no).
/// An outcome that says nothing and asks nothing is no reply at all (the empty string):
/// the page shows no empty bar for it.
pub(super) fn reply(o: &Outcome, answers: &[String]) -> String {
    let mut said_here = String::new();
    let mut boxes = 0;
    for s in &o.said {
        said(&mut said_here, s, &mut boxes);
    }
    let mut out = String::new();
    if !said_here.is_empty() {
        let class = if o.refused { "reply refused" } else { "reply" };
        let _ = write!(out, "<div class=\"{class}\">{said_here}</div>");
    }
    if let Some(q) = &o.question {
        let _ = write!(
            out,
            "<p class=\"question\">{}</p><div class=\"answers\">\
             <button form=\"keep\" name=\"answer\" value=\"y\">yes</button>",
            text(&crate::render::question(q))
        );
        for a in answers {
            let _ = write!(
                out,
                "<button form=\"keep\" name=\"answer\" value=\"{a}\" class=\"other\">{a}</button>",
                a = text(a)
            );
        }
        out.push_str("<button form=\"keep\" name=\"answer\" value=\"n\">no</button></div>");
    }
    out
}

/// One thing said. `boxes` counts the standings drawn so far, each fitted to a box of
/// its own.
fn said(out: &mut String, s: &Said, boxes: &mut usize) {
    match s {
        Said::Line { text: line } => lines(out, "line", line),
        Said::Definition { text: meanings } => lines(out, "definition", meanings),
        Said::Recorded(r) => recorded(out, r),
        Said::Verdicts { verdicts } => {
            out.push_str("<div class=\"rulings\"><table class=\"ruled\"><thead><tr><th scope=\"col\">word</th><th scope=\"col\">verdict</th><th scope=\"col\">why</th></tr></thead><tbody>");
            for v in verdicts {
                page::verdict_row(out, v);
            }
            out.push_str("</tbody></table></div>");
        }
        Said::Ruling { ruling } => {
            let record = crate::session::RulingRecord {
                at: String::new(),
                ruling: ruling.clone(),
                seat: None,
            };
            out.push_str("<div class=\"rulings\">");
            page::rulings_table(out, std::iter::once(&record), "", false, false);
            out.push_str("</div>");
        }
        Said::Rulings { period, rulings } => {
            if rulings.is_empty() {
                sentence(out, "none", "no rulings yet");
            } else {
                out.push_str("<div class=\"rulings\">");
                page::rulings_table(out, rulings.iter(), &initial(period), false, true);
                out.push_str("</div>");
            }
        }
        Said::Revealed { period, ruling } => {
            out.push_str("<div class=\"rulings\">");
            page::rulings_table(out, std::iter::once(ruling), &initial(period), false, true);
            out.push_str("</div>");
        }
        Said::Closed { standings } => scoreboard(out, standings, boxes, false),
        Said::Score { standings } => scoreboard(out, standings, boxes, true),
        Said::Players { standings } => players(out, standings),
        Said::Chart { standings } => chart(out, standings),
        Said::Table { view, highlights } => {
            if view.is_empty() {
                sentence(out, "none", "nothing on the table yet");
            } else {
                out.push_str("<div class=\"view\">");
                page::table_view(out, view, highlights, true);
                page::table_view(out, view, highlights, false);
                out.push_str("</div>");
            }
        }
        Said::History(h) => history(out, h),
        Said::Ended(won) => {
            let _ = write!(
                out,
                "<p class=\"result\">★ {}</p>",
                text(&crate::render::result(won))
            );
        }
        Said::Refused { .. } | Said::NotDone { .. } | Said::Lapsed { .. } => {
            sentence(out, "refused", &crate::render::sentence(s));
        }
        // An undo's or a redo's second line says where the table is now.
        Said::Stepped(_) => lines(out, "said", &crate::render::sentence(s)),
        // The rest are sentences, said in the prompt's words.
        other => sentence(out, "said", &crate::render::sentence(other)),
    }
}

/// "r", "h", "t": how a period is numbered in a narrow column.
fn initial(period: &str) -> String {
    period.chars().take(1).collect()
}

/// A sentence, escaped, in a paragraph of `class`; nothing for no words.
fn sentence(out: &mut String, class: &str, words: &str) {
    if words.trim().is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<p class=\"{class}\">{}</p>",
        text(&crate::text::without_colours(words))
    );
}

/// Text of several lines (a game's own words, a definition, the verbs), each line kept.
fn lines(out: &mut String, class: &str, words: &str) {
    if words.trim().is_empty() {
        return;
    }
    let _ = write!(out, "<p class=\"{class}\">");
    for (i, line) in words.lines().enumerate() {
        if i > 0 {
            out.push_str("<br>");
        }
        out.push_str(&text(&crate::text::without_colours(line)));
    }
    out.push_str("</p>");
}

/// "recorded #3 ben left Q Z: 20", and under it the standing it leaves its player.
fn recorded(out: &mut String, r: &Recorded) {
    let _ = write!(
        out,
        "<p class=\"recorded\"><span class=\"what\">recorded</span> <span class=\"seq\">#{}</span> {}",
        r.seq,
        text(&r.told.to_string())
    );
    if let Some(standing) = &r.standing {
        let _ = write!(
            out,
            " <span class=\"standing\">{}</span>",
            text(&crate::render::standing_text(standing))
        );
    } else if !r.moved.is_empty() {
        let _ = write!(
            out,
            " <span class=\"standing\">{}</span>",
            text(&crate::render::moved_text(&r.moved))
        );
    }
    out.push_str("</p>");
}

/// The standings in a box of their own, as the room's page draws them; with `status`,
/// the result or where the match stands under them.
fn scoreboard(out: &mut String, standings: &Standings, boxes: &mut usize, status: bool) {
    *boxes += 1;
    page::standings_section(out, standings, &format!("said{boxes}"));
    if status {
        match standings.won() {
            Some(won) => {
                let _ = write!(
                    out,
                    "<p class=\"result\">★ {}</p>",
                    text(&crate::render::result(&won))
                );
            }
            None => sentence(out, "where", &standings.status),
        }
    }
}

/// The players, their seats and totals.
fn players(out: &mut String, standings: &Standings) {
    out.push_str("<table class=\"players\"><thead><tr><th scope=\"col\" class=\"num\">seat</th><th scope=\"col\">player</th><th scope=\"col\" class=\"num\">total</th></tr></thead><tbody>");
    for (i, p) in standings.players.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td class=\"num\">{}</td><th scope=\"row\">{}</th><td class=\"num\">{}</td></tr>",
            i + 1,
            text(p),
            standings.running.get(i).copied().unwrap_or(0)
        );
    }
    out.push_str("</tbody></table>");
}

/// The running totals as the room's page draws them.
fn chart(out: &mut String, standings: &Standings) {
    match crate::chart::svg_on_dark(standings) {
        Ok(svg) => {
            out.push_str("<div class=\"chart\"><div class=\"plot\">");
            out.push_str(svg.trim_end());
            out.push_str("</div>");
            page::chart_keys(out, standings);
            out.push_str("</div>");
        }
        Err(e) => sentence(out, "refused", &format!("no chart: {e}")),
    }
}

/// The entries, oldest first: each its number, its period and time, what it records
/// and how it counts now.
fn history(out: &mut String, h: &History) {
    if h.rows.is_empty() {
        let none = match h.only {
            Some(n) => format!("nothing recorded in {} {n}", h.period),
            None => "nothing recorded yet".to_string(),
        };
        sentence(out, "none", &none);
        return;
    }
    let short = initial(h.period);
    out.push_str("<ol class=\"log\">");
    for row in &h.rows {
        history_row(out, row, &short);
    }
    out.push_str("</ol>");
}

fn history_row(out: &mut String, row: &HistoryRow, short: &str) {
    let how = match &row.counts {
        Counted::Itself => String::new(),
        Counted::Undone => "undone".into(),
        Counted::SetAside { why } => format!("set aside: it {why}"),
        Counted::Fixed { by, was } => match by {
            Some(by) => format!("fixed by #{by}; was: {was}"),
            None => format!("fixed; was: {was}"),
        },
        Counted::Skipped => "skipped: no longer fits".into(),
        Counted::Superseded { by } => format!("replaced by #{by}"),
    };
    let time = crate::render::time(&row.at);
    // A fix listed under the period it corrects was typed later, in another.
    let later = if row.fixing.is_some() {
        "fixed later, "
    } else {
        ""
    };
    let _ = write!(
        out,
        "<li><span class=\"seq\">#{}</span> <span class=\"when\">{later}{short}{} · {}</span> <span class=\"told\">{}",
        row.seq,
        row.number,
        text(time.get(11..16).unwrap_or(&time)),
        text(&row.told.to_string())
    );
    if !how.is_empty() {
        let _ = write!(out, " <span class=\"how\">({})</span>", text(&how));
    }
    out.push_str("</span></li>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{AnySession, Desk};

    /// A Take Two session read from the evening fixture.
    fn evening() -> Box<dyn AnySession> {
        crate::session::read_bytes(
            std::path::Path::new("log.jsonl"),
            include_bytes!("../../tests/fixtures/evenings/take-two.jsonl"),
            crate::registry::test_with(),
        )
        .expect("reads")
    }

    /// No character of the terminal's box drawing (U+2500 to U+257F), and no colour.
    fn drawn_for_a_page(html: &str) {
        assert!(
            !html.chars().any(|c| ('\u{2500}'..='\u{257f}').contains(&c)),
            "{html}"
        );
        assert!(!html.contains('\u{1b}'), "{html}");
    }

    #[test]
    fn a_question_with_nothing_said_has_no_empty_reply_and_an_outcome_of_nothing_is_no_reply() {
        // What `penalty ben played QI` comes to after `allow QI`: a question alone.
        let asked = Outcome {
            question: Some(crate::session::outcome::Question::Game {
                text: "QI was ruled allowed in round 1; record anyway?".into(),
            }),
            ..Outcome::default()
        };
        let html = reply(&asked, &[]);
        assert!(html.starts_with("<p class=\"question\">"), "{html}");
        assert!(!html.contains("class=\"reply"), "{html}");
        assert_eq!(reply(&Outcome::default(), &[]), "");
    }

    #[test]
    fn a_check_is_a_table_of_words_each_verdict_coloured_as_the_tv_colours_it() {
        let mut t = evening();
        let o = t.run(&mut Desk::phone(false), "check", "qi dont london", None);
        let html = reply(&o, &[]);
        drawn_for_a_page(&html);
        assert!(html.contains("<table class=\"ruled\">"), "{html}");
        assert!(
            html.contains(
                "<th scope=\"row\" class=\"word\"><span>QI</span></th><td class=\"verdict yes\">✓ allowed</td>"
            ),
            "{html}"
        );
        assert!(
            html.contains(
                "<th scope=\"row\" class=\"word\"><span>LONDON</span></th><td class=\"verdict no\">✗ not allowed</td>"
            ),
            "{html}"
        );
    }

    #[test]
    fn the_history_score_rulings_players_and_table_are_drawn_from_their_data() {
        let mut t = evening();
        for (verb, args, want) in [
            (
                "history",
                "",
                "<ol class=\"log\"><li><span class=\"seq\">#1</span>",
            ),
            ("score", "", "<section class=\"standings\""),
            ("rulings", "", "<table class=\"ruled\">"),
            ("players", "", "<table class=\"players\">"),
            ("table", "", "<div class=\"view\">"),
            ("chart", "", "<svg"),
        ] {
            let o = t.run(&mut Desk::phone(false), verb, args, None);
            assert!(!o.refused, "{verb}: {o:?}");
            let html = reply(&o, &[]);
            drawn_for_a_page(&html);
            assert!(html.contains(want), "{verb}: {html}");
        }
        // The chart a phone asks for has the room's legend: each player's colour and
        // latest total.
        let o = t.run(&mut Desk::phone(false), "chart", "", None);
        let html = reply(&o, &[]);
        let keys = html.split("<ul class=\"keys\">").nth(1).expect("a legend");
        assert!(keys.starts_with("<li><svg class=\"key\""), "{keys}");
        assert!(keys.contains("style=\"color: #56b4e9\""), "{keys}");
        // Each score is fitted to a box of its own.
        let o = t.run(&mut Desk::phone(false), "score", "", None);
        let html = reply(&o, &[]);
        assert!(html.contains("container-name: said1"), "{html}");
        assert!(!html.contains("@container standings"), "{html}");
    }

    #[test]
    fn a_question_offers_yes_each_other_answer_and_no_as_buttons() {
        let o = Outcome {
            question: Some(crate::session::outcome::Question::Game {
                text: "record it as JK=8H? (8S records it as JK=8S)".into(),
            }),
            ..Outcome::default()
        };
        let html = reply(&o, &["8S".to_string()]);
        let values: Vec<&str> = html
            .split("value=\"")
            .skip(1)
            .filter_map(|v| v.split('"').next())
            .collect();
        assert_eq!(values, ["y", "8S", "n"], "{html}");
        assert!(html.contains("record it as JK=8H?"), "{html}");
    }

    #[test]
    fn a_fix_that_no_standing_follows_says_the_totals_it_moved() {
        use crate::session::outcome::{Moved, Recorded, Told};
        let o = Outcome::of(Said::Recorded(Recorded {
            seq: 11,
            told: Told::Game {
                text: "cat laid 8H 9H 10H (20): 20".into(),
            },
            standing: None,
            moved: vec![Moved {
                player: "cat".into(),
                was: Some(-5),
                now: 15,
            }],
        }));
        let html = reply(&o, &[]);
        assert!(
            html.contains("<span class=\"standing\">totals now cat -5 -&gt; 15</span>"),
            "{html}"
        );
    }

    #[test]
    fn text_from_a_log_is_escaped_in_every_part_of_a_reply() {
        let o = Outcome::of(Said::Line {
            text: "<b>bold</b>\nsecond".into(),
        });
        let html = reply(&o, &[]);
        assert!(html.contains("&lt;b&gt;bold&lt;/b&gt;<br>second"), "{html}");
    }
}
