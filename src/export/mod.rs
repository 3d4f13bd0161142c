//! A session written out for others: JSON (everything, with computed totals), CSV (one
//! row a round, or a turn for games without rounds), Markdown (tables to paste) and SVG
//! (the chart). A front end of its own: everything is computed from the [`Report`] the
//! session gives (the game-neutral standings, the game's table view, the rulings and
//! notes), and an export is written to a file without ever harming a log (`write.rs`).

mod write;

pub use crate::chart::ChartError;
pub use write::WriteError;
pub(crate) use write::export_file;

use serde_json::{Map, Value, json};

use crate::contract::event::Ruling;
use crate::contract::{Block, Period};
use crate::session::Report;
use crate::text::printable_text;

/// The export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Everything the session holds, with the computed totals.
    Json,
    /// One row a round, or a turn for games without rounds.
    Csv,
    /// Markdown tables, to paste.
    Md,
    /// The running totals as a line chart.
    Svg,
}

impl Format {
    pub(crate) fn parse(s: &str) -> Option<Format> {
        match s.to_ascii_lowercase().as_str() {
            "json" => Some(Format::Json),
            "csv" => Some(Format::Csv),
            "md" | "markdown" => Some(Format::Md),
            "svg" => Some(Format::Svg),
            _ => None,
        }
    }

    /// The format a file name's extension names (`night.csv`, `/tmp/x.json`).
    pub(crate) fn from_path(path: &str) -> Option<Format> {
        let ext = std::path::Path::new(path).extension()?.to_str()?;
        Format::parse(ext)
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Md => "md",
            Format::Svg => "svg",
        }
    }
}

/// Why an export could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The JSON or CSV writer refused (its message).
    #[error("the export could not be written: {0}")]
    Encode(String),
    /// The SVG chart could not be drawn.
    #[error(transparent)]
    Chart(#[from] crate::chart::ChartError),
    /// The export was made but not written to its file; the file is as it was.
    #[error(transparent)]
    File(#[from] WriteError),
}

/// The session in `format`.
pub fn render(format: Format, data: &Report) -> Result<String, ExportError> {
    match format {
        Format::Json => serde_json::to_string_pretty(&to_json(data))
            .map(|doc| crate::text::for_json(&doc).into_owned())
            .map_err(|e| ExportError::Encode(e.to_string())),
        Format::Csv => to_csv(data).map(|doc| crate::text::for_csv(&doc).into_owned()),
        Format::Md => Ok(crate::text::for_markdown(&to_markdown(data))),
        Format::Svg => Ok(crate::chart::svg(
            &data.standings,
            &format!("{} \"{}\"", data.title, printable_text(&data.name)),
        )?),
    }
}

fn by_player<T: Into<Value> + Clone>(players: &[String], values: &[T]) -> Value {
    let mut m = Map::new();
    for (p, v) in players.iter().zip(values.iter()) {
        m.insert(p.clone(), v.clone().into());
    }
    Value::Object(m)
}

fn period_json(name: &str, players: &[String], r: &Period) -> Value {
    let mut points = Map::new();
    let mut entries = Map::new();
    for (i, p) in players.iter().enumerate() {
        if let Some(pts) = r.points.get(i).copied().flatten() {
            points.insert(p.clone(), pts.into());
        }
        if let Some(d) = r.details.get(i).filter(|d| !d.is_empty()) {
            entries.insert(p.clone(), d.clone().into());
        }
    }
    let mut out = Map::new();
    out.insert(name.to_string(), r.number.into());
    out.insert("points".into(), Value::Object(points));
    for column in &r.columns {
        let mut m = Map::new();
        for (p, v) in players.iter().zip(column.values.iter()) {
            if let Some(v) = v {
                m.insert(p.clone(), v.clone());
            }
        }
        out.insert(column.name.to_string(), Value::Object(m));
    }
    out.insert("entries".into(), Value::Object(entries));
    Value::Object(out)
}

fn to_json(d: &Report) -> Value {
    let s = &d.standings;
    let mut m = Map::new();
    m.insert("game".into(), d.game.into());
    m.insert("name".into(), d.name.clone().into());
    m.insert("created".into(), d.created.clone().into());
    m.insert("players".into(), json!(s.players));
    m.insert("options".into(), d.options.clone());
    m.insert(
        "rules".into(),
        d.rules.clone().map_or(Value::Null, Value::from),
    );
    m.insert("unit".into(), s.unit.many.into());
    if let Some(periods) = &s.periods {
        let name = periods.name;
        let closed: Vec<Value> = periods
            .closed
            .iter()
            .map(|r| period_json(name, &s.players, r))
            .collect();
        m.insert(format!("{name}s"), closed.into());
        m.insert(
            format!("open_{name}"),
            periods
                .open
                .as_ref()
                .map_or(Value::Null, |r| period_json(name, &s.players, r)),
        );
    }
    m.insert("totals".into(), by_player(&s.players, &s.totals));
    if s.starts.iter().any(|n| *n != 0) {
        m.insert("starts".into(), by_player(&s.players, &s.starts));
    }
    if s.running != s.totals {
        m.insert("running".into(), by_player(&s.players, &s.running));
    }
    m.insert("lower_wins".into(), s.lower_wins.into());
    m.insert("finished".into(), s.finished.into());
    m.insert("status".into(), s.status.clone().into());
    let winners: Vec<&String> = if s.finished {
        s.winners.iter().filter_map(|i| s.players.get(*i)).collect()
    } else {
        Vec::new()
    };
    if let [one] = winners[..] {
        m.insert("winner".into(), json!(one));
    }
    m.insert("winners".into(), json!(winners));
    for (k, v) in &d.extra {
        m.insert(k.clone(), v.clone());
    }
    let rulings: Vec<Value> = d
        .rulings
        .iter()
        .map(|r| ruling_json(&r.at, &r.ruling))
        .collect();
    m.insert("rulings".into(), rulings.into());
    let notes: Vec<Value> = d
        .notes
        .iter()
        .map(|(at, t)| json!({"at": at, "text": t}))
        .collect();
    m.insert("notes".into(), notes.into());
    Value::Object(m)
}

fn ruling_json(at: &str, r: &Ruling) -> Value {
    let words: Vec<Value> = r
        .words
        .iter()
        .map(|v| {
            let mut w = json!({
                "word": v.word,
                "allowed": v.allowed,
                "reason": v.reason,
            });
            if let Some(at) = &v.at {
                w["at"] = json!(at);
            }
            w
        })
        .collect();
    json!({
        "at": at,
        "round": r.round,
        "asked": r.asked,
        "player": r.player,
        "rules": r.rules,
        "acceptable": r.acceptable(),
        "faults": r.faults,
        "remarks": r.remarks,
        "words": words,
    })
}

fn to_csv(d: &Report) -> Result<String, ExportError> {
    let s = &d.standings;
    let mut w = csv::Writer::from_writer(Vec::new());
    let first = s.periods.as_ref().map_or("turn", |p| p.name);
    let mut header = vec![first.to_string()];
    header.extend(s.players.iter().cloned());
    w.write_record(&header)
        .map_err(|e| ExportError::Encode(e.to_string()))?;
    let cell = |p: Option<i64>| p.map_or_else(String::new, |p| p.to_string());
    // Scores the house gave late joiners, so that the rows add up to the totals.
    if s.periods.is_some() && s.starts.iter().any(|n| *n != 0) {
        let mut row = vec!["start".to_string()];
        row.extend(s.starts.iter().map(i64::to_string));
        w.write_record(&row)
            .map_err(|e| ExportError::Encode(e.to_string()))?;
    }
    match &s.periods {
        // A game with rounds: each round's points.
        Some(periods) => {
            for r in &periods.closed {
                let mut row = vec![r.number.to_string()];
                row.extend(r.points.iter().map(|p| cell(*p)));
                w.write_record(&row)
                    .map_err(|e| ExportError::Encode(e.to_string()))?;
            }
        }
        // A game scored turn by turn: the totals after each turn.
        None => {
            for mark in s.marks.iter().skip(1) {
                let mut row = vec![mark.label.clone()];
                row.extend(mark.totals.iter().map(|p| cell(*p)));
                w.write_record(&row)
                    .map_err(|e| ExportError::Encode(e.to_string()))?;
            }
        }
    }
    let mut total = vec!["total".to_string()];
    total.extend(s.totals.iter().map(i64::to_string));
    w.write_record(&total)
        .map_err(|e| ExportError::Encode(e.to_string()))?;
    let bytes = w
        .into_inner()
        .map_err(|e| ExportError::Encode(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| ExportError::Encode(e.to_string()))
}

/// Text from a person or a log in the Markdown export (a cell, a title, a note): hidden
/// characters shown escaped, and neither a link, an image nor a broken table made of
/// it (`text::markdown_inline`).
fn cell(s: &str) -> String {
    crate::text::markdown_inline(s)
}

/// A Markdown table; columns from `right_from` on are right-aligned (numbers).
fn md_table(headers: &[String], rows: &[Vec<String>], right_from: usize) -> String {
    let line = |cells: &[String]| {
        let cells: Vec<String> = cells.iter().map(|c| cell(c)).collect();
        format!("| {} |\n", cells.join(" | "))
    };
    let mut s = line(headers);
    s.push('|');
    for i in 0..headers.len() {
        s.push_str(if i >= right_from { " ---: |" } else { " --- |" });
    }
    s.push('\n');
    for row in rows {
        s.push_str(&line(row));
    }
    s
}

fn to_markdown(d: &Report) -> String {
    let s = &d.standings;
    let mut out = format!("# {} \"{}\"\n\n", d.title, cell(&d.name));
    let words = d
        .rules
        .as_ref()
        .map_or_else(String::new, |r| format!(" Words: {}.", cell(r)));
    out.push_str(&format!(
        "Started {}. Players: {}.{words}\n\n",
        cell(&d.created),
        cell(&s.players.join(", ")),
    ));
    let mut headers = vec!["player".to_string()];
    // A late joiner's starting score, so the rounds and the total agree on the page.
    let starts = s.starts.iter().any(|n| *n != 0);
    if starts {
        headers.push("start".into());
    }
    if let Some(periods) = &s.periods {
        let short: String = periods.name.chars().take(1).collect();
        headers.extend(
            periods
                .closed
                .iter()
                .map(|r| format!("{short}{}", r.number)),
        );
    }
    headers.push("total".into());
    let rows: Vec<Vec<String>> = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut row = vec![p.clone()];
            if starts {
                row.push(s.starts.get(i).copied().unwrap_or(0).to_string());
            }
            if let Some(periods) = &s.periods {
                row.extend(periods.closed.iter().map(|r| {
                    r.points
                        .get(i)
                        .copied()
                        .flatten()
                        .map_or_else(|| "-".into(), |p| p.to_string())
                }));
            }
            row.push(s.totals.get(i).copied().unwrap_or(0).to_string());
            row
        })
        .collect();
    out.push_str(&md_table(&headers, &rows, 1));
    out.push('\n');
    match s.won().and_then(|w| crate::render::winners(&w.winners)) {
        Some(w) => out.push_str(&format!("**Winner: {}.**\n", cell(&w))),
        None => out.push_str(&format!("In progress: {}.\n", cell(&s.status))),
    }
    if !d.view.is_empty() {
        out.push_str("\n## The table\n");
        for block in &d.view.blocks {
            match block {
                Block::Grid {
                    title,
                    headers,
                    rows,
                } => {
                    out.push_str(&format!("\n{}\n\n", cell(title)));
                    out.push_str(&md_table(headers, rows, usize::MAX));
                }
                Block::Text { title, lines } => {
                    out.push_str(&format!("\n{}\n\n```\n", cell(title)));
                    for l in lines {
                        out.push_str(&printable_text(l).replace('`', "'"));
                        out.push('\n');
                    }
                    out.push_str("```\n");
                }
            }
        }
    }
    if !d.rulings.is_empty() {
        out.push_str(
            "\n## Rulings\n\n| at | when | asked | word | verdict | why |\n| --- | ---: | --- | --- | --- | --- |\n",
        );
        for crate::session::RulingRecord { at, ruling: r, .. } in &d.rulings {
            for v in &r.words {
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {} | {} |\n",
                    cell(at),
                    r.round,
                    cell(&r.asked),
                    cell(&v.word),
                    if v.allowed { "allowed" } else { "not allowed" },
                    cell(&v.reason)
                ));
            }
            for f in &r.faults {
                out.push_str(&format!(
                    "| {} | {} | {} | | fault | {} |\n",
                    cell(at),
                    r.round,
                    cell(&r.asked),
                    cell(f)
                ));
            }
            // A ruling of no word (a pardon of a penalty that named none) is a row too.
            for m in r.remarks.iter().filter(|_| r.words.is_empty()) {
                out.push_str(&format!(
                    "| {} | {} | {} | | ruled | {} |\n",
                    cell(at),
                    r.round,
                    cell(&r.asked),
                    cell(m)
                ));
            }
        }
    }
    if !d.notes.is_empty() {
        out.push_str("\n## Notes\n\n");
        for (at, t) in &d.notes {
            out.push_str(&format!("- {}: {}\n", cell(at), cell(t)));
        }
    }
    out
}
