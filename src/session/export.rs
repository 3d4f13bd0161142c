//! A session written out for others: JSON (everything, with computed totals), CSV (one
//! row a round) and Markdown (a table to paste). Everything is computed from the log.

use serde_json::{Map, Value, json};

use super::event::Ruling;
use crate::games::{RoundRow, Scoreboard};

/// The export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Json,
    Csv,
    Md,
    /// The running totals as a line chart.
    Svg,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        match s.to_ascii_lowercase().as_str() {
            "json" => Some(Format::Json),
            "csv" => Some(Format::Csv),
            "md" | "markdown" => Some(Format::Md),
            "svg" => Some(Format::Svg),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Md => "md",
            Format::Svg => "svg",
        }
    }
}

/// What an export is made from.
pub struct Data<'a> {
    pub game: &'static str,
    pub title: &'static str,
    pub name: &'a str,
    pub created: &'a str,
    pub options: Value,
    pub rules: String,
    pub board: Scoreboard,
    /// With the time each was given.
    pub rulings: Vec<(String, Ruling)>,
    /// With the time each was written.
    pub notes: Vec<(String, String)>,
}

pub fn render(format: Format, data: &Data<'_>) -> Result<String, String> {
    match format {
        Format::Json => serde_json::to_string_pretty(&to_json(data)).map_err(|e| e.to_string()),
        Format::Csv => to_csv(data),
        Format::Md => Ok(to_markdown(data)),
        Format::Svg => crate::chart::svg(&data.board, &format!("{} \"{}\"", data.title, data.name)),
    }
}

fn by_player<T: Into<Value> + Clone>(players: &[String], values: &[T]) -> Value {
    let mut m = Map::new();
    for (p, v) in players.iter().zip(values.iter()) {
        m.insert(p.clone(), v.clone().into());
    }
    Value::Object(m)
}

fn round_json(players: &[String], r: &RoundRow) -> Value {
    let mut points = Map::new();
    let mut penalties = Map::new();
    let mut entries = Map::new();
    for (i, p) in players.iter().enumerate() {
        if let Some(pts) = r.points.get(i).copied().flatten() {
            points.insert(p.clone(), pts.into());
        }
        let n = r.penalties.get(i).copied().unwrap_or(0);
        if n > 0 {
            penalties.insert(p.clone(), n.into());
        }
        if let Some(d) = r.details.get(i).filter(|d| !d.is_empty()) {
            entries.insert(p.clone(), d.clone().into());
        }
    }
    json!({
        "round": r.number,
        "points": points,
        "penalties": penalties,
        "entries": entries,
    })
}

fn to_json(d: &Data<'_>) -> Value {
    let b = &d.board;
    let mut out = json!({
        "game": d.game,
        "name": d.name,
        "created": d.created,
        "players": b.players,
        "options": d.options,
        "rules": d.rules,
        "rounds": b.rounds.iter().map(|r| round_json(&b.players, r)).collect::<Vec<_>>(),
        "open_round": b.open.as_ref().map(|r| round_json(&b.players, r)),
        "totals": by_player(&b.players, &b.totals),
        "lower_wins": b.lower_wins,
        "finished": b.finished,
        "status": b.status,
        "rulings": d.rulings.iter().map(|(at, r)| json!({
            "at": at,
            "round": r.round,
            "asked": r.asked,
            "rules": r.rules,
            "acceptable": r.acceptable(),
            "connected": r.connected,
            "faults": r.faults,
            "words": r.words.iter().map(|v| {
                let mut w = json!({
                    "word": v.word,
                    "allowed": v.allowed,
                    "reason": v.reason,
                });
                if let Some(at) = &v.at {
                    w["at"] = json!(at);
                }
                w
            }).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "notes": d.notes.iter().map(|(at, t)| json!({"at": at, "text": t})).collect::<Vec<_>>(),
    });
    if b.finished {
        let winners: Vec<&String> = b.winners.iter().filter_map(|i| b.players.get(*i)).collect();
        out["winners"] = json!(winners);
        if let [one] = winners[..] {
            out["winner"] = json!(one);
        }
    }
    out
}

fn to_csv(d: &Data<'_>) -> Result<String, String> {
    let b = &d.board;
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["round".to_string()];
    header.extend(b.players.iter().cloned());
    w.write_record(&header).map_err(|e| e.to_string())?;
    for r in &b.rounds {
        let mut row = vec![r.number.to_string()];
        row.extend(
            r.points
                .iter()
                .map(|p| p.map_or_else(String::new, |p| p.to_string())),
        );
        w.write_record(&row).map_err(|e| e.to_string())?;
    }
    let mut total = vec!["total".to_string()];
    total.extend(b.totals.iter().map(i64::to_string));
    w.write_record(&total).map_err(|e| e.to_string())?;
    let bytes = w.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// A Markdown cell: pipes escaped so a reason cannot break the table.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn to_markdown(d: &Data<'_>) -> String {
    let b = &d.board;
    let mut s = format!("# {} \"{}\"\n\n", d.title, d.name);
    s.push_str(&format!(
        "Started {}. Players: {}. Words: {}.\n\n",
        d.created,
        b.players.join(", "),
        d.rules
    ));
    let mut header = vec!["player".to_string()];
    header.extend(b.rounds.iter().map(|r| format!("r{}", r.number)));
    header.push("total".into());
    s.push_str(&format!("| {} |\n", header.join(" | ")));
    s.push_str(&format!(
        "|{}\n",
        header
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 { " --- |" } else { " ---: |" })
            .collect::<String>()
    ));
    for (i, p) in b.players.iter().enumerate() {
        let mut row = vec![cell(p)];
        for r in &b.rounds {
            row.push(
                r.points
                    .get(i)
                    .copied()
                    .flatten()
                    .map_or_else(|| "-".into(), |p| p.to_string()),
            );
        }
        row.push(b.totals.get(i).copied().unwrap_or(0).to_string());
        s.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    s.push('\n');
    match b.winner_names() {
        Some(w) => s.push_str(&format!("**Winner: {w}.**\n")),
        None => s.push_str(&format!("In progress: {}.\n", b.status)),
    }
    if !d.rulings.is_empty() {
        s.push_str("\n## Rulings\n\n| at | round | asked | word | verdict | why |\n| --- | ---: | --- | --- | --- | --- |\n");
        for (at, r) in &d.rulings {
            for v in &r.words {
                s.push_str(&format!(
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
                s.push_str(&format!(
                    "| {} | {} | {} | | fault | {} |\n",
                    cell(at),
                    r.round,
                    cell(&r.asked),
                    cell(f)
                ));
            }
        }
    }
    if !d.notes.is_empty() {
        s.push_str("\n## Notes\n\n");
        for (at, t) in &d.notes {
            s.push_str(&format!("- {}: {}\n", cell(at), cell(t)));
        }
    }
    s
}
