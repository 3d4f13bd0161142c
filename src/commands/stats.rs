//! `umpire stats`: who wins most over many evenings, game by game, read from every
//! session log.

use std::path::Path;
use std::sync::Arc;

use super::{CommandError, Outcome, out};
use crate::games::registry;
use crate::lexicon::Lexicon;
use crate::render;
use crate::session::stats::Stats;
use crate::session::{OpenWith, dir};

/// Reads every session in `sessions` (only those of `game`, when given); a log that
/// cannot be read is named and skipped. Returns the records, what was skipped, and how
/// many sessions were read.
pub fn collect(
    sessions: &Path,
    lexicon: &Arc<Lexicon>,
    game: Option<&str>,
) -> (Stats, Vec<String>, usize) {
    let mut stats = Stats::default();
    let mut skipped = Vec::new();
    let mut read = 0;
    for name in dir::names(sessions) {
        let with = OpenWith {
            lexicon: Arc::clone(lexicon),
            script: true,
        };
        match registry::read(&dir::log_path(sessions, &name), with) {
            Ok(t) if game.is_none_or(|g| g == t.game()) => {
                read += 1;
                stats.add(t.as_ref());
            }
            Ok(_) => {}
            Err(e) => skipped.push(format!("{name}: unreadable, skipped ({e})")),
        }
    }
    (stats, skipped, read)
}

/// The records as tables, one a game.
pub fn tables(stats: &Stats) -> String {
    let mut out = Vec::new();
    for (game, records) in &stats.games {
        let title = registry::find(game).map_or(*game, |g| g.title);
        out.push(format!(
            "{title}: {}",
            crate::text::count(records.sessions, "session", "sessions")
        ));
        let mut headers = vec!["player", "sessions", "finished", "wins"];
        let period_heading = records.period.map(|p| format!("{p}s"));
        if let Some(h) = &period_heading {
            headers.extend([h.as_str(), "average", "best"]);
        }
        let figure_names: Vec<String> = records
            .players
            .values()
            .flat_map(|r| r.figures.keys().cloned())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        headers.extend(figure_names.iter().map(String::as_str));
        if records.words {
            headers.push("words not allowed");
        }
        let mut t = render::new(&headers);
        let mut rows: Vec<_> = records.players.values().collect();
        rows.sort_by(|a, b| b.wins.cmp(&a.wins).then(a.name.cmp(&b.name)));
        for r in rows {
            let mut row = vec![
                crate::text::printable_text(&r.name),
                r.sessions.to_string(),
                r.finished.to_string(),
                r.wins.to_string(),
            ];
            if records.period.is_some() {
                row.push(r.periods.to_string());
                row.push(
                    r.average()
                        .map_or_else(|| "-".into(), |a| format!("{a:.1}")),
                );
                row.push(r.best.map_or_else(|| "-".into(), |b| b.to_string()));
            }
            for f in &figure_names {
                row.push(r.figures.get(f).copied().unwrap_or(0).to_string());
            }
            if records.words {
                row.push(r.words_not_allowed.to_string());
            }
            t.add_row(row);
        }
        out.push(t.to_string());
    }
    out.join("\n")
}

pub fn run(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    player: Option<&str>,
    game: Option<&str>,
    json: bool,
) -> Result<Outcome, CommandError> {
    if let Some(g) = game {
        registry::find(g).map_err(CommandError::usage)?;
    }
    let (mut stats, skipped, read) = collect(sessions, &lexicon, game);
    for s in &skipped {
        eprintln!("umpire: {s}");
    }
    if let Some(p) = player
        && !stats.only(p)
    {
        eprintln!(
            "umpire: {} has played no session in {}",
            crate::text::printable(p),
            sessions.display()
        );
        return Ok(Outcome::No);
    }
    if json {
        let text = serde_json::to_string_pretty(&stats.to_json())
            .map_err(|e| CommandError::usage(e.to_string()))?;
        out(&text)?;
        return Ok(Outcome::Yes);
    }
    if read == 0 {
        out(&format!("no sessions yet in {}", sessions.display()))?;
        return Ok(Outcome::Yes);
    }
    out(&format!(
        "{}\n{} read from {}",
        tables(&stats),
        crate::text::count(read as i64, "session", "sessions"),
        sessions.display()
    ))?;
    Ok(Outcome::Yes)
}
