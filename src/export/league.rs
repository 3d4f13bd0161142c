//! The league said: at the terminal (a table a game), and written out as JSON (the
//! league whole), CSV (a row a player and game) and Markdown (a table a game); two
//! players head to head; a seating. The league itself is the core's
//! (`session::league`).

use crate::session::league::seating::Present;
use crate::session::league::{Game, HeadToHead, League, Standing};
use crate::session::room::night::ordinal;

use super::{ExportError, Format};

/// A figure to one decimal, with its sign when `signed`.
fn one(x: f64, signed: bool) -> String {
    if signed {
        format!("{x:+.1}")
    } else {
        format!("{x:.1}")
    }
}

/// "5 of 12 (42%; 30% expected)".
fn wins(s: &Standing) -> String {
    let pct = |n: f64| (n / s.played.max(1) as f64 * 100.0).round();
    format!(
        "{} of {} ({}%; {}% expected)",
        s.wins,
        s.played,
        pct(s.wins as f64),
        pct(s.expected_wins)
    )
}

/// "1st-3rd, 1.8 on average".
fn places(s: &Standing) -> String {
    let range = if s.best_place == s.worst_place {
        ordinal(s.best_place)
    } else {
        format!("{}-{}", ordinal(s.best_place), ordinal(s.worst_place))
    };
    format!("{range}, {:.2} on average", s.average_place)
}

fn last_night(s: &Standing) -> String {
    s.last_night_change
        .map_or_else(|| "·".to_string(), |c| one(c, true))
}

/// The league at the terminal: a table a game, best first.
pub(crate) fn terminal(league: &League) -> String {
    let mut out = Vec::new();
    for g in &league.games {
        let mut t = crate::render::new(&[
            "#",
            "player",
            "rating",
            "mean ± deviation",
            "last night",
            "wins",
            "places",
        ]);
        for (i, s) in g.players.iter().enumerate() {
            t.add_row(vec![
                (i + 1).to_string(),
                crate::text::printable_text(&s.player),
                one(s.rating.conservative(), false),
                format!(
                    "{} ± {}",
                    one(s.rating.mean, false),
                    one(s.rating.deviation, false)
                ),
                last_night(s),
                wins(s),
                places(s),
            ]);
        }
        out.push(format!(
            "{} ({}; last night {})\n{t}",
            crate::text::printable_text(&g.game),
            crate::text::count(g.sessions as i64, "session", "sessions"),
            g.last_night
        ));
    }
    if out.is_empty() {
        out.push("no finished session to rate yet".to_string());
    }
    if !league.not_counted.is_empty() {
        let mut why: Vec<String> = league
            .not_counted
            .iter()
            .map(|(s, w)| format!("{s} ({w})"))
            .collect();
        let more = why.len().saturating_sub(8);
        why.truncate(8);
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        out.push(format!(
            "not counted: {}{more}",
            crate::text::printable_text(&why.join(", "))
        ));
    }
    out.push(
        "rating: Weng-Lin's mean less three deviations (a new player's is 0); the league is sorted by it"
            .into(),
    );
    out.join("\n")
}

/// The league written out.
pub(crate) fn render(format: Format, league: &League) -> Result<String, ExportError> {
    match format {
        Format::Json => serde_json::to_string_pretty(&json(league))
            .map(|s| s + "\n")
            .map_err(|e| ExportError::Encode(e.to_string())),
        Format::Csv => csv(league),
        Format::Md => Ok(markdown(league)),
        Format::Svg => Err(ExportError::Encode(
            "a league has no chart: export it as json, csv or md".into(),
        )),
    }
}

/// The league as JSON, each standing with its conservative rating beside the mean and
/// deviation.
fn json(league: &League) -> serde_json::Value {
    let game = |g: &Game| {
        let players: Vec<serde_json::Value> = g
            .players
            .iter()
            .map(|s| {
                let mut v = serde_json::to_value(s).unwrap_or_default();
                if let serde_json::Value::Object(m) = &mut v {
                    m.insert("conservative".into(), s.rating.conservative().into());
                }
                v
            })
            .collect();
        serde_json::json!({
            "game": g.game,
            "sessions": g.sessions,
            "last_night": g.last_night,
            "players": players,
        })
    };
    let not_counted: Vec<serde_json::Value> = league
        .not_counted
        .iter()
        .map(|(s, w)| serde_json::json!({ "session": s, "why": w }))
        .collect();
    serde_json::json!({
        "model": "weng-lin",
        "games": league.games.iter().map(game).collect::<Vec<_>>(),
        "not_counted": not_counted,
    })
}

fn csv(league: &League) -> Result<String, ExportError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let encode = |e: csv::Error| ExportError::Encode(e.to_string());
    w.write_record([
        "game",
        "rank",
        "player",
        "rating",
        "mean",
        "deviation",
        "last_night_change",
        "played",
        "wins",
        "expected_wins",
        "average_place",
        "best_place",
        "worst_place",
    ])
    .map_err(encode)?;
    for g in &league.games {
        for (i, s) in g.players.iter().enumerate() {
            w.write_record([
                crate::text::for_csv(&g.game).as_ref(),
                &(i + 1).to_string(),
                crate::text::for_csv(&s.player).as_ref(),
                &format!("{:.3}", s.rating.conservative()),
                &format!("{:.3}", s.rating.mean),
                &format!("{:.3}", s.rating.deviation),
                &s.last_night_change
                    .map_or_else(String::new, |c| format!("{c:.3}")),
                &s.played.to_string(),
                &s.wins.to_string(),
                &format!("{:.3}", s.expected_wins),
                &format!("{:.2}", s.average_place),
                &s.best_place.to_string(),
                &s.worst_place.to_string(),
            ])
            .map_err(encode)?;
        }
    }
    let bytes = w
        .into_inner()
        .map_err(|e| ExportError::Encode(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| ExportError::Encode(e.to_string()))
}

fn markdown(league: &League) -> String {
    let md = crate::text::markdown_inline;
    let mut out = String::from("# The league\n");
    for g in &league.games {
        out.push_str(&format!(
            "\n## {}\n\n{}, last night {}\n\n| # | player | rating | mean ± deviation | last night | wins | places |\n| ---: | --- | ---: | --- | ---: | --- | --- |\n",
            md(&g.game),
            crate::text::count(g.sessions as i64, "session", "sessions"),
            g.last_night
        ));
        for (i, s) in g.players.iter().enumerate() {
            out.push_str(&format!(
                "| {} | {} | {} | {} ± {} | {} | {} | {} |\n",
                i + 1,
                md(&s.player),
                one(s.rating.conservative(), false),
                one(s.rating.mean, false),
                one(s.rating.deviation, false),
                last_night(s),
                wins(s),
                places(s)
            ));
        }
    }
    if !league.not_counted.is_empty() {
        out.push_str("\nNot counted: ");
        let why: Vec<String> = league
            .not_counted
            .iter()
            .map(|(s, w)| format!("{} ({w})", md(s)))
            .collect();
        out.push_str(&why.join(", "));
        out.push('\n');
    }
    out
}

/// Two players head to head at the terminal.
pub(crate) fn head_to_head(h: &HeadToHead) -> String {
    let (a, b) = (
        crate::text::printable_text(&h.a),
        crate::text::printable_text(&h.b),
    );
    if h.shared.is_empty() {
        return format!("{a} and {b} have finished no session at the same table");
    }
    let mut t = crate::render::new(&["night", "session", "game", &a, &b]);
    for (session, game, night, pa, pb, of) in &h.shared {
        t.add_row(vec![
            night.clone(),
            crate::text::printable_text(session),
            crate::text::printable_text(game),
            format!("{} of {of}", ordinal(*pa)),
            format!("{} of {of}", ordinal(*pb)),
        ]);
    }
    format!(
        "{a} and {b}: {} together; {a} placed above {b} {}, {b} above {a} {}, level {}\n{t}",
        crate::text::count(h.shared.len() as i64, "session", "sessions"),
        crate::text::count(h.a_above as i64, "time", "times"),
        crate::text::count(h.b_above as i64, "time", "times"),
        crate::text::count(h.level as i64, "time", "times"),
    )
}

/// A seating at the terminal: each table's players with the ratings they were
/// balanced by, and the table's mean.
pub(crate) fn seating(tables: &[Vec<Present>], seed: u64) -> String {
    let mut out = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        let mean = t.iter().map(|p| p.rating).sum::<f64>() / t.len().max(1) as f64;
        let who: Vec<String> = t
            .iter()
            .map(|p| {
                format!(
                    "{} ({})",
                    crate::text::printable_text(&p.name),
                    one(p.rating, false)
                )
            })
            .collect();
        out.push(format!(
            "table {}: {} — mean {}",
            i + 1,
            who.join(", "),
            one(mean, false)
        ));
    }
    out.push(format!(
        "balanced by rating, apart from whom each sat with last; seed {seed} (`--seed N` draws again)"
    ));
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::league::{Result as Played, league};

    fn history() -> League {
        let r = |s: &str, created: &str, seats: &[(&str, usize)]| Played {
            session: s.into(),
            game: "Hearts".into(),
            created: created.into(),
            players: seats.iter().map(|(p, _)| p.to_string()).collect(),
            places: seats.iter().map(|(_, n)| *n).collect(),
            finished: true,
            ranked: true,
        };
        let mut open = r("open", "2026-12-03T20:00:00Z", &[("ann", 1), ("ben", 2)]);
        open.finished = false;
        league(&[
            r("a", "2026-12-01T20:00:00Z", &[("ann", 1), ("ben", 2)]),
            r("b", "2026-12-02T20:00:00Z", &[("ann", 1), ("ben", 2)]),
            open,
        ])
    }

    #[test]
    fn every_format_says_each_player_s_rating_and_record() {
        let l = history();
        let term = terminal(&l);
        assert!(
            term.starts_with("Hearts (2 sessions; last night 2026-12-02)"),
            "{term}"
        );
        assert!(term.contains("2 of 2 (100%; 50% expected)"), "{term}");
        assert!(term.contains("not counted: open (not finished)"), "{term}");
        let csv = render(Format::Csv, &l).expect("csv");
        let rows: Vec<&str> = csv.lines().collect();
        assert_eq!(rows.len(), 3, "{csv}");
        assert!(rows[1].starts_with("Hearts,1,ann,"), "{csv}");
        assert!(rows[1].ends_with(",2,2,1.000,1.00,1,1"), "{csv}");
        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &l).expect("json")).expect("parses");
        assert_eq!(json["model"], "weng-lin");
        assert_eq!(json["games"][0]["players"][0]["player"], "ann");
        assert_eq!(json["not_counted"][0]["why"], "not finished");
        let ann = &json["games"][0]["players"][0];
        let conservative = ann["conservative"].as_f64().expect("a figure");
        let (mean, dev) = (
            ann["rating"]["mean"].as_f64().expect("mean"),
            ann["rating"]["deviation"].as_f64().expect("deviation"),
        );
        assert!((conservative - (mean - 3.0 * dev)).abs() < 1e-9);
        let md = render(Format::Md, &l).expect("md");
        assert!(md.contains("## Hearts"), "{md}");
        assert!(md.contains("| 1 | ann |"), "{md}");
    }
}
