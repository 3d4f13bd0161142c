//! A room's night written out: JSON (the tables and every player's seats), CSV (one
//! row a player's seat at a table) and Markdown (the tables, then the players). The
//! night itself is the core's (`session::room::night`); this only says it.

use crate::session::room::night::Night;

use super::{ExportError, Format};

/// The night in `format`; a chart is a session's, not a night's.
pub(crate) fn render(format: Format, night: &Night) -> Result<String, ExportError> {
    match format {
        Format::Json => serde_json::to_string_pretty(night)
            .map(|mut s| {
                s.push('\n');
                s
            })
            .map_err(|e| ExportError::Encode(e.to_string())),
        Format::Csv => csv(night),
        Format::Md => Ok(markdown(night)),
        Format::Svg => Err(ExportError::Encode(
            "a night has no chart: export it as json, csv or md (each table's chart is its session's: `export svg` at that table)".into(),
        )),
    }
}

fn csv(night: &Night) -> Result<String, ExportError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let encode = |e: csv::Error| ExportError::Encode(e.to_string());
    w.write_record([
        "player", "table", "game", "place", "of", "points", "finished", "won",
    ])
    .map_err(encode)?;
    for p in &night.players {
        for sat in &p.tables {
            w.write_record([
                crate::text::for_csv(&p.player).as_ref(),
                crate::text::for_csv(&sat.table).as_ref(),
                crate::text::for_csv(&sat.game).as_ref(),
                &sat.place.to_string(),
                &sat.of.to_string(),
                &sat.points.to_string(),
                if sat.finished { "yes" } else { "no" },
                if sat.won { "yes" } else { "no" },
            ])
            .map_err(encode)?;
        }
    }
    let bytes = w
        .into_inner()
        .map_err(|e| ExportError::Encode(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| ExportError::Encode(e.to_string()))
}

fn markdown(night: &Night) -> String {
    let md = crate::text::markdown_inline;
    let mut out = format!("# Room {}: the night\n\n", md(&night.room));
    out.push_str("| table | game | session | result |\n| --- | --- | --- | --- |\n");
    for t in &night.tables {
        let result = if t.finished {
            format!("{} won", crate::text::and_list(&t.winners))
        } else {
            "still being played".to_string()
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            md(&t.table),
            md(&t.game),
            md(&t.session),
            md(&result)
        ));
    }
    out.push_str("\n| player | wins | tables |\n| --- | ---: | --- |\n");
    for p in &night.players {
        let seats: Vec<String> = p.tables.iter().map(|s| md(&s.describe())).collect();
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            md(&p.player),
            p.wins,
            seats.join("; ")
        ));
    }
    out
}

/// The night at the terminal: one row a player, each table they sat at on a line.
pub(crate) fn terminal(night: &Night) -> String {
    if night.players.is_empty() {
        return format!("room {}: no one has sat at a table yet", night.room);
    }
    let mut t = crate::render::new(&["player", "wins", "tables"]);
    for p in &night.players {
        let seats: Vec<String> = p.tables.iter().map(|s| s.describe()).collect();
        t.add_row(vec![
            crate::text::printable_text(&p.player),
            p.wins.to_string(),
            crate::text::printable_text(&seats.join("\n")),
        ]);
    }
    let done = night.tables.iter().filter(|t| t.finished).count();
    format!(
        "room {}: the night ({} of {} finished)\n{t}",
        night.room,
        done,
        crate::text::count(night.tables.len() as i64, "table", "tables")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{Standings, Unit};
    use crate::session::room::night::night;

    fn the_night() -> Night {
        let s = Standings {
            totals: vec![20, 0],
            running: vec![20, 0],
            finished: true,
            ranked: true,
            ..Standings::new(vec!["ann".into(), "b|n".into()], Unit::POINTS, true)
        }
        .decided();
        night(
            "fri",
            &[("t1".into(), "Take Two".into(), "fri-t1".into(), s)],
        )
    }

    #[test]
    fn each_format_says_every_seat() {
        let n = the_night();
        let csv = render(Format::Csv, &n).expect("csv");
        assert_eq!(
            csv,
            "player,table,game,place,of,points,finished,won\nb|n,t1,Take Two,1,2,0,yes,yes\nann,t1,Take Two,2,2,20,yes,no\n"
        );
        let md = render(Format::Md, &n).expect("md");
        assert!(md.starts_with("# Room fri: the night\n"), "{md}");
        assert!(
            md.contains("| t1 | Take Two | fri-t1 | b\\|n won |"),
            "{md}"
        );
        assert!(
            md.contains("| ann | 0 | t1 (Take Two): 2nd of 2, 20 points |"),
            "{md}"
        );
        let json: serde_json::Value =
            serde_json::from_str(&render(Format::Json, &n).expect("json")).expect("parses");
        assert_eq!(json["players"][0]["player"], "b|n");
        assert_eq!(json["players"][0]["tables"][0]["won"], true);
        assert_eq!(json["tables"][0]["winners"][0], "b|n");
        assert!(render(Format::Svg, &n).is_err());
    }
}
