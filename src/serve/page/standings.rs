//! The standings table, fitted to whatever screen shows it: a TV cannot scroll and a
//! phone should not need to, so the names, the totals and who leads are always in view,
//! and the rounds take what room is left, newest first. Older rounds fold into one
//! "earlier" column that sums them.
//!
//! How many rounds fit is decided by the browser, not guessed here: every round still
//! shown is a column with a class for its age (`a1` the newest), every way of folding
//! the older ones is an `earlier` column of its own (`f3`: the sum beside three rounds),
//! and a few container queries, written for this board, switch from one to the next as
//! the table's box narrows. Their widths are estimated from the cells' own characters,
//! in `em` of the table's type, generously (the widest digits of the usual fonts), so a
//! round gives way a little early rather than pushing the totals off the screen. It
//! works without JavaScript, and the same page fits a phone and a TV.

use std::fmt::Write as _;

use super::super::html::text;
use crate::contract::{Closed, EntryStatus, Period, Standings};

/// The most round columns ever drawn; the rest fold into "earlier". Past this many a
/// table is no longer read across at a glance, even on a 4K TV.
pub(super) const MOST_ROUNDS: usize = 12;

// The table's type, as the style sets it (`.standings` in style.css), in em of the
// table's own size. They must move together.
/// A digit or sign in a round column (tabular figures; DejaVu Sans's are 0.636).
const DIGIT: f64 = 0.64;
/// A letter of a name, bold.
const LETTER: f64 = 0.72;
/// A cell's padding, left and right together (`padding: 0.15em 0.3em`).
const PAD: f64 = 0.6;
/// The widest a name is drawn before it wraps (`.standings .name`).
const NAME_MAX: f64 = 6.5;
/// The leader's bar beside the name (`tr.leader th`).
const LEAD_BAR: f64 = 0.35;
/// The rounds' and folds' type, smaller than the names (`.rnd`, `.fold`).
const ROUND_SIZE: f64 = 0.85;
/// The totals' type, larger (`.total`), and their bold digits.
const TOTAL_SIZE: f64 = 1.4;
const TOTAL_DIGIT: f64 = 0.7;
/// The mark's type (`.mark`): "★" above "leads", so its widest line is the word.
const MARK_SIZE: f64 = 0.8;
const MARK_WORD: f64 = 3.0;
/// A further line of a wrapped name, in rows (a row is about 2.05em tall).
const NAME_LINE: f64 = 0.6;
/// The head row's type (`thead th`), and the "earlier" heading's wider line (the word
/// in small type above the span of rounds, `thead small`).
const HEAD_SIZE: f64 = 0.7;
const EARLIER_HEAD: f64 = 7.0 * 0.62 * 0.8;
/// Room kept spare: a rounding here, a wider font there.
const SLACK: f64 = 1.06;
const SLACK_EM: f64 = 0.5;

/// Players in seat order (as at the prompt), the rounds that fit, the running total
/// and who leads.
pub(super) fn standings(out: &mut String, s: &Standings) {
    standings_in(out, s, NAME);
}

/// The name of the box the page's standings are fitted to (`container` in style.css).
const NAME: &str = "standings";

/// [`standings`] fitted to a box named `name`: its container queries answer to that
/// box only, so two tables on one page (the scorekeeper's standings and a score asked
/// for) each show the rounds their own box has room for.
pub(super) fn standings_in(out: &mut String, s: &Standings, name: &str) {
    let partial = s.periods.as_ref().map_or("", |p| p.partial);
    let none = Closed::from(Vec::new());
    let (short, closed, now): (String, &Closed, Option<&Period>) = match &s.periods {
        Some(p) => (p.name.chars().take(1).collect(), &p.closed, p.open.as_ref()),
        None => (String::new(), &none, None),
    };
    let open = now.map(|o| o.number);
    // Every period, the closed ones and then the open one, each described as it is
    // reached: the page draws a few of a match's thousands.
    let nth = |k: usize| match k.cmp(&closed.len()) {
        std::cmp::Ordering::Less => closed.get(k),
        std::cmp::Ordering::Equal => now.cloned(),
        std::cmp::Ordering::Greater => None,
    };
    let count = closed.len() + usize::from(now.is_some());
    let players = s.players.len();
    let kept = count.min(MOST_ROUNDS);
    // The columns drawn, oldest first; `age` 1 is the newest.
    let drawn: Vec<Period> = (count - kept..count).filter_map(nth).collect();
    let drawn: Vec<&Period> = drawn.iter().collect();
    let drawn = &drawn[..];
    let mut legend: Vec<String> = Vec::new();
    let cells: Vec<Vec<String>> = drawn
        .iter()
        .map(|p| {
            (0..players)
                .map(|i| {
                    let points = p.points.get(i).copied().flatten();
                    let entry = p.entries.get(i).copied().unwrap_or(EntryStatus::Absent);
                    let (cell, note) = crate::render::entry_cell(points, entry, partial);
                    if let Some(note) = note
                        && !legend.contains(&note)
                    {
                        legend.push(note);
                    }
                    cell
                })
                .collect()
        })
        .collect();
    // The "earlier" column beside `n` rounds: every round before the last `n`. Each
    // player's sum over all rounds is taken once, and the rounds shown taken off it, so
    // that a match of thousands of rounds costs one pass.
    #[derive(Clone, Copy, Default)]
    struct Sum {
        points: i64,
        scored: usize,
        joined: usize,
    }
    let add = |sum: &mut Sum, p: &Period, i: usize, sign: i64| {
        let step = |n: usize| if sign > 0 { n + 1 } else { n.saturating_sub(1) };
        if let Some(points) = p.points.get(i).copied().flatten() {
            sum.points += sign * points;
            sum.scored = step(sum.scored);
        }
        if p.entries.get(i).is_some_and(|e| *e != EntryStatus::Absent) {
            sum.joined = step(sum.joined);
        }
    };
    let mut sums = vec![Sum::default(); players];
    for p in closed.iter().chain(now.cloned()) {
        for (i, sum) in sums.iter_mut().enumerate() {
            add(sum, &p, i, 1);
        }
    }
    // The first period, and the last one before those drawn: the ends of the widest
    // "earlier" span.
    let oldest = nth(0);
    let before_drawn = (count - kept).checked_sub(1).and_then(nth);
    let mut folds: Vec<Earlier> = Vec::new();
    for n in 0..=kept {
        if n > 0 {
            // Beside `n` rounds, the `n`th newest is shown, no longer folded.
            let Some(p) = drawn.get(kept - n) else {
                continue;
            };
            for (i, sum) in sums.iter_mut().enumerate() {
                add(sum, p, i, -1);
            }
        }
        // The periods folded are every one before the last `n`.
        let last = match (kept - n).checked_sub(1) {
            Some(k) => drawn.get(k).copied(),
            None => before_drawn.as_ref(),
        };
        let (Some(first), Some(last)) = (oldest.as_ref().filter(|_| count > n), last) else {
            continue;
        };
        let span = if first.number == last.number {
            format!("{short}{}", first.number)
        } else {
            format!("{short}{}–{}", first.number, last.number)
        };
        let shown = sums
            .iter()
            .map(|sum| {
                if sum.scored == 0 && sum.joined == 0 {
                    "–".to_string()
                } else {
                    sum.points.to_string()
                }
            })
            .collect();
        folds.push(Earlier {
            n,
            span,
            sums: shown,
        });
    }
    let totals: Vec<String> = (0..players)
        .map(|i| s.running.get(i).copied().unwrap_or(0).to_string())
        .collect();
    let marks: Vec<Option<&str>> = (0..players).map(|i| mark(s, i)).collect();
    // A late joiner's starting score, where anyone has one, so that a row's rounds
    // and its total agree to the eye (fay's rounds add to 47 beside a total of 85).
    let starts: Option<Vec<String>> = s.starts.iter().any(|v| *v != 0).then(|| {
        (0..players)
            .map(|i| s.starts.get(i).copied().unwrap_or(0).to_string())
            .collect()
    });

    let fit = Fit::of(s, drawn, &cells, &folds, &totals, &marks, starts.as_deref());
    let named = if name == NAME {
        String::new()
    } else {
        format!("; container-name: {name}")
    };
    let _ = writeln!(
        out,
        "<section class=\"standings\" aria-label=\"standings\" style=\"--rows: {:.2}{named}\">",
        fit.rows
    );
    out.push_str("<table>\n<thead><tr><th scope=\"col\">player</th>");
    if starts.is_some() {
        out.push_str("<th scope=\"col\" class=\"num start\">start</th>");
    }
    for f in &folds {
        let _ = write!(
            out,
            "<th scope=\"col\" class=\"num fold f{}\"{}><small>earlier</small>{}</th>",
            f.n,
            alt(f.n, kept),
            text(&f.span)
        );
    }
    for (k, p) in drawn.iter().enumerate() {
        let age = kept - k;
        if open == Some(p.number) {
            let _ = write!(
                out,
                "<th scope=\"col\" class=\"num rnd open a{age}\">{short}{}<small> now</small></th>",
                p.number
            );
        } else {
            let _ = write!(
                out,
                "<th scope=\"col\" class=\"num rnd a{age}\">{short}{}</th>",
                p.number
            );
        }
    }
    let heading = crate::render::total_heading(s.unit);
    let _ = writeln!(
        out,
        "<th scope=\"col\" class=\"num total\">{heading}</th><th scope=\"col\" class=\"mark\"><span class=\"hidden\">mark</span></th></tr></thead>\n<tbody>"
    );
    for (i, name) in s.players.iter().enumerate() {
        let class = if marks[i].is_some() {
            " class=\"leader\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<tr{class}><th scope=\"row\"><span class=\"name\">{}</span></th>",
            text(name)
        );
        if let Some(starts) = &starts {
            let _ = write!(
                out,
                "<td class=\"num start\">{}</td>",
                starts.get(i).map_or("", String::as_str)
            );
        }
        for f in &folds {
            let _ = write!(
                out,
                "<td class=\"num fold f{}\"{}>{}</td>",
                f.n,
                alt(f.n, kept),
                f.sums.get(i).map_or("", String::as_str)
            );
        }
        for (k, column) in cells.iter().enumerate() {
            let age = kept - k;
            let cell = column.get(i).map_or("", String::as_str);
            let _ = write!(out, "<td class=\"num rnd a{age}\">{}</td>", text(cell));
        }
        let _ = writeln!(
            out,
            "<td class=\"num total\">{}</td><td class=\"mark\">{}</td></tr>",
            totals[i],
            marks[i].unwrap_or("")
        );
    }
    out.push_str("</tbody>\n</table>\n");
    if !legend.is_empty() {
        let _ = writeln!(out, "<p class=\"legend\">{}</p>", legend.join(" · "));
    }
    fit.style(out, kept, &folds, name);
    out.push_str("</section>\n");
}

/// Every "earlier" column but the one the widest screen shows is an alternative, hidden
/// until the table narrows (and skipped by the tests that read the table as text).
fn alt(n: usize, kept: usize) -> &'static str {
    if n == kept { "" } else { " data-alt" }
}

/// The rounds before the last `n`, folded: their span ("r1–8") and each player's sum.
struct Earlier {
    n: usize,
    span: String,
    sums: Vec<String>,
}

/// The mark beside a player: a star and a word, never colour alone.
fn mark(s: &Standings, seat: usize) -> Option<&'static str> {
    if s.finished {
        s.winners.contains(&seat).then_some("★ wins")
    } else {
        s.leaders().contains(&seat).then_some("★ leads")
    }
}

/// The table's width, in em of its type, for each number of round columns shown, and
/// its height in rows.
struct Fit {
    /// `widths[n]`: with the newest `n` rounds and the others folded.
    widths: Vec<f64>,
    /// How many rows of one line the table is as tall as: the head and a row a
    /// player, and more for a long name wrapped onto further lines (each about half a
    /// row: a line of the name's type against a row as tall as the totals').
    rows: f64,
}

impl Fit {
    fn of(
        s: &Standings,
        drawn: &[&Period],
        cells: &[Vec<String>],
        folds: &[Earlier],
        totals: &[String],
        marks: &[Option<&str>],
        starts: Option<&[String]>,
    ) -> Fit {
        let chars = |t: &str| t.chars().count() as f64;
        let widest = |items: &mut dyn Iterator<Item = f64>| items.fold(0.0, f64::max);
        let wrapped: f64 = s
            .players
            .iter()
            .map(|n| ((chars(n) * LETTER / NAME_MAX).ceil() - 1.0).max(0.0))
            .sum();
        let rows = s.players.len() as f64 + 1.0 + wrapped * NAME_LINE;
        let name =
            widest(&mut s.players.iter().map(|n| chars(n) * LETTER)).min(NAME_MAX) + PAD + LEAD_BAR;
        let total = TOTAL_SIZE * (widest(&mut totals.iter().map(|t| chars(t))) * TOTAL_DIGIT + PAD);
        let start = starts.map_or(0.0, |starts| {
            let body = ROUND_SIZE * (widest(&mut starts.iter().map(|c| chars(c) * DIGIT)) + PAD);
            body.max(HEAD_SIZE * (chars("start") * LETTER + PAD))
        });
        let mark = if marks.iter().any(Option::is_some) {
            MARK_SIZE * (MARK_WORD + PAD)
        } else {
            PAD
        };
        // Newest first, so that `rounds[..n]` are the `n` shown.
        let rounds: Vec<f64> = drawn
            .iter()
            .zip(cells)
            .rev()
            .map(|(p, column)| {
                let head = HEAD_SIZE * ((chars(&p.number.to_string()) + 1.0) * DIGIT + PAD);
                let body =
                    ROUND_SIZE * (widest(&mut column.iter().map(|c| chars(c) * DIGIT)) + PAD);
                head.max(body)
            })
            .collect();
        let fold = |n: usize| -> f64 {
            folds.iter().find(|f| f.n == n).map_or(0.0, |f| {
                let body =
                    ROUND_SIZE * (widest(&mut f.sums.iter().map(|c| chars(c) * DIGIT)) + PAD);
                body.max(HEAD_SIZE * (EARLIER_HEAD + PAD))
            })
        };
        let widths = (0..=rounds.len())
            .map(|n| {
                let shown: f64 = rounds[..n].iter().sum();
                (name + start + total + mark + shown + fold(n)) * SLACK + SLACK_EM
            })
            .collect();
        Fit { widths, rows }
    }

    /// The container queries for this board: each step down in width shows the most
    /// rounds that still fit (a step can skip several: the first fold adds a column).
    fn style(&self, out: &mut String, kept: usize, folds: &[Earlier], name: &str) {
        let mut rules = String::new();
        let mut now = kept;
        loop {
            let limit = self.widths[now];
            let Some(next) = (0..now).rev().find(|n| self.widths[*n] < limit) else {
                break;
            };
            let _ = write!(rules, "@container {name} (max-width: {limit:.2}em) {{ ");
            let hidden: Vec<String> = ((next + 1)..=now)
                .map(|age| format!(".standings .a{age}"))
                .chain(
                    folds
                        .iter()
                        .filter(|f| f.n == now)
                        .map(|f| format!(".standings .f{}", f.n)),
                )
                .collect();
            if !hidden.is_empty() {
                let _ = write!(rules, "{} {{ display: none }} ", hidden.join(", "));
            }
            if folds.iter().any(|f| f.n == next) {
                let _ = write!(rules, ".standings .f{next} {{ display: table-cell }} ");
            }
            rules.push_str("}\n");
            now = next;
        }
        if !rules.is_empty() {
            let _ = write!(out, "<style>\n{rules}</style>\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{Periods, Unit};

    /// `players` players and `rounds` closed rounds, each scoring `base` and one more
    /// a seat.
    fn evening_of(players: usize, rounds: u32, base: i64) -> Standings {
        let period = |number: u32| Period {
            number,
            points: (0..players).map(|i| Some(base + i as i64)).collect(),
            entries: vec![EntryStatus::Done; players],
            columns: Vec::new(),
            details: vec![String::new(); players],
        };
        let total = |i: usize| (base + i as i64) * i64::from(rounds);
        Standings {
            players: (0..players).map(|i| format!("player{i}")).collect(),
            unit: Unit::POINTS,
            lowest_wins: true,
            totals: (0..players).map(total).collect(),
            starts: vec![0; players],
            running: (0..players).map(total).collect(),
            periods: Some(Periods {
                name: "round",
                closed: (1..=rounds).map(period).collect(),
                open: None,
                partial: "",
            }),
            marks: Vec::new(),
            target: None,
            ranked: true,
            finished: false,
            winners: Vec::new(),
            status: String::new(),
            figures: Vec::new(),
        }
    }

    /// `players` players and `rounds` closed rounds of two-digit scores.
    fn long_evening(players: usize, rounds: u32) -> Standings {
        evening_of(players, rounds, 10)
    }

    fn drawn(rounds: u32) -> String {
        let mut out = String::new();
        standings(&mut out, &long_evening(3, rounds));
        out
    }

    #[test]
    fn past_the_most_round_columns_the_older_rounds_fold_into_one_earlier_column() {
        let html = drawn(30);
        assert!(
            html.contains(">r30</th>") && html.contains(">r19</th>"),
            "{html}"
        );
        assert!(!html.contains(">r18</th>"), "{html}");
        // The widest screen's earlier column sums rounds 1 to 18: 18 x 10.
        assert!(
            html.contains(
                "<th scope=\"col\" class=\"num fold f12\"><small>earlier</small>r1–18</th>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<td class=\"num fold f12\">180</td>"),
            "{html}"
        );
        // Beside fewer rounds, the folds sum more, and wait hidden for a narrower box.
        assert!(
            html.contains("<td class=\"num fold f0\" data-alt>300</td>"),
            "{html}"
        );
    }

    #[test]
    fn each_narrower_box_hides_the_oldest_round_shown_and_shows_the_fold_beside_the_rest() {
        let html = drawn(30);
        let rules: Vec<&str> = html
            .lines()
            .filter(|l| l.starts_with("@container standings"))
            .collect();
        assert_eq!(rules.len(), 12, "{html}");
        assert!(
            rules[0].contains(".standings .a12, .standings .f12 { display: none }")
                && rules[0].contains(".standings .f11 { display: table-cell }"),
            "{}",
            rules[0]
        );
        let limits: Vec<f64> = rules
            .iter()
            .filter_map(|r| {
                r.split("max-width: ")
                    .nth(1)?
                    .split("em")
                    .next()?
                    .parse()
                    .ok()
            })
            .collect();
        assert!(limits.windows(2).all(|w| w[0] > w[1]), "{limits:?}");
    }

    #[test]
    fn a_short_match_folds_only_when_two_rounds_give_way_for_the_column_that_sums_them() {
        let mut html = String::new();
        standings(&mut html, &evening_of(3, 2, 100));
        // Hiding one round of two for an earlier column as wide saves nothing: the
        // first step hides both, beside the sum of both.
        let rules: Vec<&str> = html
            .lines()
            .filter(|l| l.starts_with("@container standings"))
            .collect();
        assert_eq!(rules.len(), 1, "{html}");
        assert!(rules[0].contains(".standings .a1, .standings .a2 { display: none }"));
        assert!(rules[0].contains(".standings .f0 { display: table-cell }"));
    }

    #[test]
    fn a_game_without_rounds_has_no_fold_and_no_queries() {
        let mut s = long_evening(2, 0);
        s.periods = None;
        let mut out = String::new();
        standings(&mut out, &s);
        assert!(
            !out.contains("fold") && !out.contains("@container"),
            "{out}"
        );
    }
}
