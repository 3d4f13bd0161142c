//! A session written out for others: JSON (everything, with computed totals), CSV (one
//! row a round, or a turn for games without rounds), Markdown (tables to paste) and SVG
//! (the chart). A front end of its own: everything is computed from the [`Report`] the
//! session gives (the game-neutral standings, the game's table view, the rulings and
//! notes), and an export is written to a file without ever harming a log (`write.rs`).

pub(crate) mod league;
pub(crate) mod night;
mod write;

pub use crate::chart::ChartError;
pub use write::WriteError;
pub(crate) use write::{export_file, export_with};

use std::borrow::Cow;
use std::io::Write;

use serde::ser::{Serialize, SerializeMap, Serializer};
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
    let mut bytes = Vec::new();
    write(format, data, &mut bytes).map_err(|e| encode(&e))??;
    String::from_utf8(bytes).map_err(|e| encode(&e))
}

/// The session in `format`, written to `out` as it is made (the same bytes as
/// [`render`]): a long session's export is never held whole, nor its rounds and
/// rulings as one JSON tree. Says whether what was written ends with a line end, or
/// why it could not be made; the outer error is `out`'s own.
pub fn write(
    format: Format,
    data: &Report,
    out: &mut dyn Write,
) -> std::io::Result<Result<bool, ExportError>> {
    write_from(format, data, Records::Report, out)
}

/// Where an export's rulings and notes come from.
#[derive(Clone, Copy)]
pub(crate) enum Records<'a> {
    /// The report's own lists.
    Report,
    /// The session, an item at a time as the export is written ([`AnySession::report_head`]
    /// leaves the report's lists empty).
    ///
    /// [`AnySession::report_head`]: crate::session::AnySession::report_head
    Session(&'a dyn crate::session::AnySession),
}

impl Records<'_> {
    fn each_ruling(self, d: &Report, visit: &mut dyn FnMut(&crate::session::RulingRecord)) {
        match self {
            Records::Report => d.rulings.iter().for_each(visit),
            Records::Session(s) => s.each_ruling(&mut |r| visit(&r)),
        }
    }

    fn each_note(self, d: &Report, visit: &mut dyn FnMut(&str, &str)) {
        match self {
            Records::Report => d.notes.iter().for_each(|(at, t)| visit(at, t)),
            Records::Session(s) => s.each_note(visit),
        }
    }
}

/// [`write`] with the rulings and notes taken `from` where they are.
pub(crate) fn write_from(
    format: Format,
    data: &Report,
    from: Records<'_>,
    out: &mut dyn Write,
) -> std::io::Result<Result<bool, ExportError>> {
    let safe: fn(&str) -> Cow<'_, str> = match format {
        Format::Json => crate::text::for_json,
        Format::Csv => crate::text::for_csv,
        Format::Md => for_markdown,
        Format::Svg => as_it_is,
    };
    let mut doc = Filtered::new(out, safe);
    let made = match format {
        Format::Json => write_json(data, from, &mut doc)?,
        Format::Csv => write_csv(data, &mut doc)?,
        Format::Md => {
            write_markdown(data, from, &mut doc)?;
            Ok(())
        }
        Format::Svg => match crate::chart::svg(
            &data.standings,
            &format!("{} \"{}\"", data.title, printable_text(&data.name)),
        ) {
            Ok(svg) => {
                doc.write_all(svg.as_bytes())?;
                Ok(())
            }
            Err(e) => Err(ExportError::from(e)),
        },
    };
    match made {
        Ok(()) => doc.finish().map(Ok),
        Err(e) => Ok(Err(e)),
    }
}

fn as_it_is(doc: &str) -> Cow<'_, str> {
    Cow::Borrowed(doc)
}

fn for_markdown(doc: &str) -> Cow<'_, str> {
    Cow::Owned(crate::text::for_markdown(doc))
}

fn encode(e: &impl std::fmt::Display) -> ExportError {
    ExportError::Encode(e.to_string())
}

/// A writer that makes what passes through it safe as a whole document would be made
/// (`text::for_json`, `for_csv`, `for_markdown`: each looks at one character at a
/// time), in pieces of whole characters, and remembers the last byte written.
pub(crate) struct Filtered<'a> {
    out: &'a mut dyn Write,
    safe: fn(&str) -> Cow<'_, str>,
    pending: Vec<u8>,
    last: Option<u8>,
}

impl<'a> Filtered<'a> {
    pub(crate) fn new(out: &'a mut dyn Write, safe: fn(&str) -> Cow<'_, str>) -> Filtered<'a> {
        Filtered {
            out,
            safe,
            pending: Vec::new(),
            last: None,
        }
    }

    /// Passes on the whole characters held; `all`: everything, which must be text.
    fn pass(&mut self, all: bool) -> std::io::Result<()> {
        let mut whole = match std::str::from_utf8(&self.pending) {
            Ok(text) => text.len(),
            Err(e) if !all && e.error_len().is_none() => e.valid_up_to(),
            Err(e) => return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, e)),
        };
        // An `&` is made safe by what follows it (`for_markdown`): held back until
        // that is here, so a document passed on in pieces is made as the whole is.
        if !all && whole > 1 && self.pending.get(whole - 1) == Some(&b'&') {
            whole -= 1;
        }
        let text = std::str::from_utf8(&self.pending[..whole])
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
        let safe = (self.safe)(text);
        self.out.write_all(safe.as_bytes())?;
        if let Some(b) = safe.as_bytes().last() {
            self.last = Some(*b);
        }
        self.pending.drain(..whole);
        Ok(())
    }

    /// Writes out what is held; says whether the document ends with a line end.
    pub(crate) fn finish(mut self) -> std::io::Result<bool> {
        self.pass(true)?;
        self.out.flush()?;
        Ok(self.last == Some(b'\n'))
    }
}

/// How much a [`Filtered`] holds before it passes it on.
const PIECE: usize = 1 << 16;

impl Write for Filtered<'_> {
    /// Takes at most a piece at a time (`write_all` hands over the rest): a whole
    /// chart written at once is passed on in pieces, never copied whole.
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = buf
            .len()
            .min(PIECE.saturating_sub(self.pending.len()).max(1));
        self.pending.extend_from_slice(buf.get(..n).unwrap_or(buf));
        if self.pending.len() >= PIECE {
            self.pass(false)?;
        }
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
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

/// The JSON export's object as it is written out: its small fields as they are, and
/// the long ones (the rounds, the rulings, the notes) [`STREAMED`] marks, each written
/// an item at a time where its mark stands.
fn json_head(d: &Report) -> Map<String, Value> {
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
        m.insert(format!("{name}s"), streamed(Long::Periods));
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
    m.insert("lowest_wins".into(), s.lowest_wins.into());
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
    m.insert("rulings".into(), streamed(Long::Rulings));
    m.insert("notes".into(), streamed(Long::Notes));
    m
}

/// The fields of the JSON export written an item at a time.
#[derive(Clone, Copy)]
enum Long {
    Periods,
    Rulings,
    Notes,
}

/// What marks a [`Long`] field in [`json_head`]: a string no game's own field holds (a
/// game's field of the same name inserted later takes its place, as it always did).
const STREAMED: &str = "\u{0}umpire: written an item at a time: ";

fn streamed(long: Long) -> Value {
    Value::String(format!("{STREAMED}{}", long as u8))
}

/// The JSON export: [`json_head`] with its long fields written where they stand.
struct JsonDoc<'a> {
    head: Map<String, Value>,
    report: &'a Report,
    from: Records<'a>,
}

impl Serialize for JsonDoc<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let d = self.report;
        let s = &d.standings;
        let mut map = serializer.serialize_map(Some(self.head.len()))?;
        for (key, value) in &self.head {
            let long = match value {
                Value::String(mark) => mark.strip_prefix(STREAMED),
                _ => None,
            };
            match long {
                Some("0") => {
                    let none = crate::contract::Closed::from(Vec::new());
                    let periods = s.periods.as_ref().map_or(&none, |p| &p.closed);
                    let name = s.periods.as_ref().map_or("round", |p| p.name);
                    map.serialize_entry(
                        key,
                        &Items(|| periods.iter().map(|r| period_json(name, &s.players, &r))),
                    )?;
                }
                Some("1") => map.serialize_entry(
                    key,
                    &Each(|emit: &mut dyn FnMut(Value)| {
                        self.from
                            .each_ruling(d, &mut |r| emit(ruling_json(&r.at, &r.ruling)));
                    }),
                )?,
                Some("2") => map.serialize_entry(
                    key,
                    &Each(|emit: &mut dyn FnMut(Value)| {
                        self.from
                            .each_note(d, &mut |at, t| emit(json!({"at": at, "text": t})));
                    }),
                )?,
                _ => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}

/// A JSON array made an item at a time, as a `Vec<Value>` of the same items is
/// written.
struct Items<F>(F);

impl<F, I> Serialize for Items<F>
where
    F: Fn() -> I,
    I: Iterator<Item = Value>,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

/// A JSON array of what a function hands out an item at a time, written as a
/// `Vec<Value>` of the same items is.
struct Each<F>(F);

impl<F: Fn(&mut dyn FnMut(Value))> Serialize for Each<F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        // With no length given an empty array is `[]` all the same.
        let mut seq = serializer.serialize_seq(None)?;
        let mut failed = None;
        (self.0)(&mut |item| {
            if failed.is_none()
                && let Err(e) = seq.serialize_element(&item)
            {
                failed = Some(e);
            }
        });
        match failed {
            Some(e) => Err(e),
            None => seq.end(),
        }
    }
}

fn write_json(
    d: &Report,
    from: Records<'_>,
    out: &mut dyn Write,
) -> std::io::Result<Result<(), ExportError>> {
    let doc = JsonDoc {
        head: json_head(d),
        report: d,
        from,
    };
    let mut serializer = serde_json::Serializer::pretty(out);
    match doc.serialize(&mut serializer) {
        Ok(()) => Ok(Ok(())),
        Err(e) if e.is_io() => Err(e.into()),
        Err(e) => Ok(Err(encode(&e))),
    }
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

fn write_csv(d: &Report, out: &mut dyn Write) -> std::io::Result<Result<(), ExportError>> {
    match csv_rows(d, out) {
        Ok(()) => Ok(Ok(())),
        Err(e) if e.is_io_error() => match e.into_kind() {
            csv::ErrorKind::Io(e) => Err(e),
            other => Ok(Err(ExportError::Encode(format!("{other:?}")))),
        },
        Err(e) => Ok(Err(encode(&e))),
    }
}

fn csv_rows(d: &Report, out: &mut dyn Write) -> Result<(), csv::Error> {
    let s = &d.standings;
    let mut w = csv::Writer::from_writer(out);
    let first = s.periods.as_ref().map_or("turn", |p| p.name);
    let mut header = vec![first.to_string()];
    header.extend(s.players.iter().cloned());
    w.write_record(&header)?;
    let cell = |p: Option<i64>| p.map_or_else(String::new, |p| p.to_string());
    // Scores the house gave late joiners, so that the rows add up to the totals.
    if s.periods.is_some() && s.starts.iter().any(|n| *n != 0) {
        let mut row = vec!["start".to_string()];
        row.extend(s.starts.iter().map(i64::to_string));
        w.write_record(&row)?;
    }
    match &s.periods {
        // A game with rounds: each round's points.
        Some(periods) => {
            for r in periods.closed.iter() {
                let mut row = vec![r.number.to_string()];
                row.extend(r.points.iter().map(|p| cell(*p)));
                w.write_record(&row)?;
            }
        }
        // A game scored turn by turn: the totals after each turn.
        None => {
            for mark in s.marks.iter().skip(1) {
                let mut row = vec![mark.label.clone()];
                row.extend(mark.totals.iter().map(|p| cell(*p)));
                w.write_record(&row)?;
            }
        }
    }
    let mut total = vec!["total".to_string()];
    total.extend(s.totals.iter().map(i64::to_string));
    w.write_record(&total)?;
    w.flush()?;
    Ok(())
}

/// Text from a person or a log in the Markdown export (a cell, a title, a note): hidden
/// characters shown escaped, and neither a link, an image nor a broken table made of
/// it (`text::markdown_inline`).
fn cell(s: &str) -> String {
    crate::text::markdown_inline(s)
}

/// A Markdown table; columns from `right_from` on are right-aligned (numbers).
fn md_table(headers: &[String], rows: &[Vec<String>], right_from: usize) -> String {
    let line = |cells: &[String]| MdLine::of(cells).end();
    let mut s = line(headers);
    s.push_str(&md_rule(headers.len(), right_from));
    for row in rows {
        s.push_str(&line(row));
    }
    s
}

/// The line under a Markdown table's header: `columns` columns, those from
/// `right_from` on right-aligned.
fn md_rule(columns: usize, right_from: usize) -> String {
    let mut s = String::from("|");
    for i in 0..columns {
        s.push_str(if i >= right_from { " ---: |" } else { " --- |" });
    }
    s.push('\n');
    s
}

/// One line of a Markdown table, written a cell at a time: a table of thousands of
/// rounds is written a column at a time into its lines.
struct MdLine(String);

impl MdLine {
    fn new(first: &str) -> MdLine {
        MdLine(format!("| {}", cell(first)))
    }

    /// A whole line of `cells` (at least one).
    fn of(cells: &[String]) -> MdLine {
        let mut line = MdLine::new(cells.first().map_or("", String::as_str));
        for c in cells.iter().skip(1) {
            line.push(c);
        }
        line
    }

    fn push(&mut self, text: &str) {
        self.0.push_str(" | ");
        self.0.push_str(&cell(text));
    }

    fn end(mut self) -> String {
        self.0.push_str(" |\n");
        self.0
    }
}

/// Text written on as it is made, the first failure kept.
struct Out<'a> {
    w: &'a mut dyn Write,
    failed: Option<std::io::Error>,
}

impl Out<'_> {
    fn push_str(&mut self, text: &str) {
        if self.failed.is_none()
            && let Err(e) = self.w.write_all(text.as_bytes())
        {
            self.failed = Some(e);
        }
    }

    fn push(&mut self, c: char) {
        self.push_str(c.encode_utf8(&mut [0; 4]));
    }
}

fn write_markdown(d: &Report, from: Records<'_>, w: &mut dyn Write) -> std::io::Result<()> {
    let s = &d.standings;
    let mut out = Out { w, failed: None };
    out.push_str(&format!("# {} \"{}\"\n\n", d.title, cell(&d.name)));
    let words = d
        .rules
        .as_ref()
        .map_or_else(String::new, |r| format!(" Words: {}.", cell(r)));
    out.push_str(&format!(
        "Started {}. Players: {}.{words}\n\n",
        cell(&d.created),
        cell(&s.players.join(", ")),
    ));
    // The terms as they stand, and as they were when a match changed them (`target
    // 300` after `--target 500`), which the JSON says by its options and its target.
    let changed = if d.terms == d.terms_at_start {
        String::new()
    } else {
        format!(" At the start: {}.", cell(&d.terms_at_start))
    };
    out.push_str(&format!("Terms: {}.{changed}\n\n", cell(&d.terms)));
    // The table is written a column at a time into its lines, each round or hand
    // described once: a match of thousands of rounds is never held as cells.
    let mut head = MdLine::new("player");
    let mut rows: Vec<MdLine> = s.players.iter().map(|p| MdLine::new(p)).collect();
    let mut columns = 1;
    // A late joiner's starting score, so the rounds and the total agree on the page.
    if s.starts.iter().any(|n| *n != 0) {
        head.push("start");
        for (i, row) in rows.iter_mut().enumerate() {
            row.push(&s.starts.get(i).copied().unwrap_or(0).to_string());
        }
        columns += 1;
    }
    if let Some(periods) = &s.periods {
        let short: String = periods.name.chars().take(1).collect();
        for r in periods.closed.iter() {
            head.push(&format!("{short}{}", r.number));
            for (i, row) in rows.iter_mut().enumerate() {
                let points = r.points.get(i).copied().flatten();
                row.push(&points.map_or_else(|| "-".into(), |p| p.to_string()));
            }
            columns += 1;
        }
    }
    head.push("total");
    for (i, row) in rows.iter_mut().enumerate() {
        row.push(&s.totals.get(i).copied().unwrap_or(0).to_string());
    }
    columns += 1;
    out.push_str(&head.end());
    out.push_str(&md_rule(columns, 1));
    for row in rows {
        out.push_str(&row.end());
    }
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
    // Each section is said once its first item is there.
    let mut any = false;
    from.each_ruling(d, &mut |record| {
        let crate::session::RulingRecord { at, ruling: r, .. } = record;
        if !any {
            any = true;
            out.push_str(
                "\n## Rulings\n\n| at | when | asked | word | verdict | why |\n| --- | ---: | --- | --- | --- | --- |\n",
            );
        }
        // One row a word; a fault, or a ruling of no word (a pardon of a penalty that
        // named none), is a row with the word left empty.
        let mut row = |word: Option<&str>, verdict: &str, why: &str| {
            // A fault of the whole grid, or a ruling of no word: a dash, as the page
            // shows it, not an empty cell.
            let word = word.map_or_else(|| " — ".to_string(), |w| format!(" {} ", cell(w)));
            out.push_str(&format!(
                "| {} | {} | {} |{word}| {verdict} | {} |\n",
                cell(at),
                r.round,
                cell(&r.asked),
                cell(why)
            ));
        };
        for v in &r.words {
            let verdict = if v.allowed { "allowed" } else { "not allowed" };
            row(Some(&v.word), verdict, &v.reason);
        }
        for f in &r.faults {
            row(None, "fault", f);
        }
        for m in r.remarks.iter().filter(|_| r.words.is_empty()) {
            row(None, "ruled", m);
        }
    });
    let mut any = false;
    from.each_note(d, &mut |at, t| {
        if !any {
            any = true;
            out.push_str("\n## Notes\n\n");
        }
        out.push_str(&format!("- {}: {}\n", cell(at), cell(t)));
    });
    out.failed.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_written_whole_is_passed_on_in_pieces_each_made_safe_as_the_whole() {
        fn marked(text: &str) -> Cow<'_, str> {
            crate::text::for_terminal(text, false)
        }
        // Characters of one to four bytes, and one a filter marks, across many pieces.
        /// Keeps what it is given, and the most it was given at once.
        #[derive(Default)]
        struct Kept {
            all: Vec<u8>,
            most: usize,
        }
        impl Write for Kept {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.most = self.most.max(buf.len());
                self.all.extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let doc = "aé€😀\u{200b}".repeat(40_000);
        let mut out = Kept::default();
        let mut f = Filtered::new(&mut out, marked);
        f.write_all(doc.as_bytes()).expect("written");
        assert!(!f.finish().expect("finished"));
        assert_eq!(String::from_utf8(out.all).expect("text"), marked(&doc));
        // A piece at a time, however much was handed over at once (a marked character
        // is written as six): never the whole 560 KB copied.
        assert!(out.most <= 6 * PIECE, "{}", out.most);
    }

    /// A Take Two evening of `rounds` rounds, each with a word ruled and a note (one
    /// holding a bidirectional override and a Markdown link, for the safe-making).
    fn evening(rounds: u64) -> Box<dyn crate::session::AnySession> {
        let mut log = crate::testing::HandLog::take_two();
        for r in 1..=rounds {
            log.put("{\"type\":\"out\",\"player\":\"ann\"}");
            log.put("{\"type\":\"left\",\"player\":\"ben\",\"tiles\":\"QU\"}");
            log.put(&format!("{{\"type\":\"round-ended\",\"round\":{r}}}"));
            log.put(&format!(
                "{{\"type\":\"ruled\",\"ruling\":{{\"asked\":\"check\",\"round\":{},\"rules\":\"take-two (level 80)\",\"words\":[{{\"word\":\"QI\",\"allowed\":true,\"reason\":\"SCOWL 70 (uncommon)\",\"code\":\"word\"}}]}}}}",
                r + 1
            ));
            log.put(&format!(
                "{{\"type\":\"noted\",\"text\":\"round {r} \\u202e [click](javascript:x) <b>\"}}"
            ));
        }
        crate::session::read_bytes(
            std::path::Path::new("evening.jsonl"),
            log.text().as_bytes(),
            crate::registry::test_with(),
        )
        .expect("reads")
    }

    /// Records each write it is given.
    #[derive(Default)]
    struct Pieces(Vec<Vec<u8>>);

    impl Write for Pieces {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.push(buf.to_vec());
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    #[ignore = "long run: exports of a long evening in every format (`cargo test -- --ignored`, which CI runs)"]
    fn an_export_is_written_in_pieces_as_it_is_made_the_same_bytes_as_made_whole() {
        let session = evening(2_000);
        let report = session.report();
        for format in [Format::Json, Format::Csv, Format::Md, Format::Svg] {
            let whole = render(format, &report).expect("renders");
            let mut pieces = Pieces::default();
            let ends = write(format, &report, &mut pieces)
                .expect("writes")
                .expect("makes");
            let written: Vec<u8> = pieces.0.concat();
            assert_eq!(
                String::from_utf8(written).expect("text"),
                whole,
                "{format:?}"
            );
            assert_eq!(ends, whole.ends_with('\n'), "{format:?}");
            // The rulings and notes taken from the session one at a time: the same.
            let mut from_session = Vec::new();
            let head = session.report_head();
            assert!(head.rulings.is_empty() && head.notes.is_empty());
            write_from(
                format,
                &head,
                Records::Session(session.as_ref()),
                &mut from_session,
            )
            .expect("writes")
            .expect("makes");
            assert_eq!(
                String::from_utf8(from_session).expect("text"),
                whole,
                "{format:?}"
            );
            if format != Format::Svg {
                // Never held whole: no piece is much more than the writer's buffer.
                assert!(
                    pieces.0.len() > whole.len() / (80 << 10),
                    "{format:?}: {} pieces of {} bytes",
                    pieces.0.len(),
                    whole.len()
                );
                assert!(format == Format::Csv || whole.len() > 256 << 10);
                let largest = pieces.0.iter().map(Vec::len).max().unwrap_or(0);
                assert!(largest < 80 << 10, "{format:?}: a piece of {largest} bytes");
            }
        }
        let json = render(Format::Json, &report).expect("renders");
        // What the safe-making does to a whole document it does to the pieces.
        assert!(json.contains("round 7 \\u202e [click](javascript:x) <b>"));
        assert!(!json.contains('\u{202e}'));
        let md = render(Format::Md, &report).expect("renders");
        assert!(
            md.contains("round 7 \\\\u{202e} \\[click\\](javascript:x) &lt;b&gt;"),
            "{md}"
        );
        let value: Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(value["rounds"].as_array().map(Vec::len), Some(2_000));
        assert_eq!(value["rulings"].as_array().map(Vec::len), Some(2_000));
        assert_eq!(value["notes"][1999]["at"], "2026-11-22T22:47:04Z");
    }

    #[test]
    fn the_last_rulings_and_notes_are_those_of_all_of_them_without_holding_the_rest() {
        let session = evening(300);
        let rulings = session.rulings();
        let notes = session.notes();
        assert_eq!(rulings.len(), 300);
        for n in [0, 1, 4, 63, 64, 65, 299, 300, 301] {
            let from = 300usize.saturating_sub(n);
            assert_eq!(session.last_rulings(n), rulings[from..], "{n}");
            assert_eq!(session.last_notes(n), notes[from..], "{n}");
        }
    }

    #[test]
    fn a_piece_that_ends_inside_a_character_waits_for_the_rest_of_it() {
        let mut out = Vec::new();
        let mut doc = Filtered::new(&mut out, crate::text::for_json);
        let text = "é\u{202e}x".repeat(40_000);
        // Pieces of 7 bytes cut through the two- and three-byte characters.
        for piece in text.as_bytes().chunks(7) {
            doc.write_all(piece).expect("writes");
        }
        assert!(!doc.finish().expect("finishes"));
        assert_eq!(
            String::from_utf8(out).expect("text"),
            crate::text::for_json(&text)
        );
    }
}
