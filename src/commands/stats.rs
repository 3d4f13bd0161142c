//! `umpire stats`: who wins most over many evenings, read from every session log.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use super::{CommandError, Outcome};
use crate::games::registry;
use crate::lexicon::Lexicon;
use crate::render;
use crate::session::{OpenWith, dir};

/// One player's record across sessions.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Record {
    pub sessions: u32,
    pub wins: u32,
    pub rounds: u32,
    /// Mean points a closed round.
    pub average: Option<f64>,
    /// The best single round: the lowest where the lowest total wins, else the highest.
    pub best: Option<i64>,
    pub penalties: u32,
    /// Words in this player's grids that were ruled not allowed.
    pub words_not_allowed: u32,
    #[serde(skip)]
    points: i64,
}

/// Reads every session in `sessions`; a log that cannot be read is named on stderr and
/// skipped.
pub fn collect(
    sessions: &Path,
    lexicon: &Arc<Lexicon>,
    game: Option<&str>,
) -> (BTreeMap<String, Record>, Vec<String>, usize) {
    let mut records: BTreeMap<String, Record> = BTreeMap::new();
    let mut skipped = Vec::new();
    let mut read = 0;
    for name in dir::names(sessions) {
        let with = OpenWith {
            lexicon: Arc::clone(lexicon),
            script: true,
        };
        let table = match registry::read(&dir::log_path(sessions, &name), with) {
            Ok(t) => t,
            Err(e) => {
                skipped.push(format!("{name}: unreadable, skipped ({e})"));
                continue;
            }
        };
        if game.is_some_and(|g| g != table.game()) {
            continue;
        }
        read += 1;
        let board = table.scoreboard();
        for (i, player) in board.players.iter().enumerate() {
            let r = records.entry(player.to_ascii_lowercase()).or_default();
            r.sessions += 1;
            if board.finished && board.winners.contains(&i) {
                r.wins += 1;
            }
            for round in &board.rounds {
                let Some(points) = round.points.get(i).copied().flatten() else {
                    continue;
                };
                r.rounds += 1;
                r.points += points;
                r.best = Some(match (r.best, board.lower_wins) {
                    (None, _) => points,
                    (Some(b), true) => b.min(points),
                    (Some(b), false) => b.max(points),
                });
                r.penalties += round.penalties.get(i).copied().unwrap_or(0);
            }
        }
        for (_, ruling) in table.rulings() {
            if let Some(p) = &ruling.player {
                let r = records.entry(p.to_ascii_lowercase()).or_default();
                r.words_not_allowed += ruling.words.iter().filter(|v| !v.allowed).count() as u32;
            }
        }
    }
    for r in records.values_mut() {
        r.average =
            (r.rounds > 0).then(|| (r.points as f64 / f64::from(r.rounds) * 10.0).round() / 10.0);
    }
    (records, skipped, read)
}

pub fn run(
    sessions: &Path,
    lexicon: Arc<Lexicon>,
    player: Option<&str>,
    game: Option<&str>,
    json: bool,
) -> Result<Outcome, CommandError> {
    if let Some(g) = game {
        registry::default_rules(g).map_err(CommandError::usage)?;
    }
    let (mut records, skipped, read) = collect(sessions, &lexicon, game);
    for s in &skipped {
        eprintln!("umpire: {s}");
    }
    if let Some(p) = player {
        let key = p.to_ascii_lowercase();
        records.retain(|name, _| *name == key);
        if records.is_empty() {
            eprintln!(
                "umpire: {} has played no session in {}",
                render::printable(p),
                sessions.display()
            );
            return Ok(Outcome::No);
        }
    }
    if json {
        let text = serde_json::to_string_pretty(&records)
            .map_err(|e| CommandError::usage(e.to_string()))?;
        println!("{text}");
        return Ok(Outcome::Yes);
    }
    if read == 0 {
        println!("no sessions yet in {}", sessions.display());
        return Ok(Outcome::Yes);
    }
    let mut t = render::new(&[
        "player",
        "sessions",
        "wins",
        "rounds",
        "average",
        "best",
        "penalties",
        "words not allowed",
    ]);
    let mut rows: Vec<(&String, &Record)> = records.iter().collect();
    rows.sort_by(|a, b| b.1.wins.cmp(&a.1.wins).then(a.0.cmp(b.0)));
    for (name, r) in rows {
        t.add_row(vec![
            name.clone(),
            r.sessions.to_string(),
            r.wins.to_string(),
            r.rounds.to_string(),
            r.average.map_or_else(|| "-".into(), |a| format!("{a:.1}")),
            r.best.map_or_else(|| "-".into(), |b| b.to_string()),
            r.penalties.to_string(),
            r.words_not_allowed.to_string(),
        ]);
    }
    println!("{t}\n{read} sessions read from {}", sessions.display());
    Ok(Outcome::Yes)
}
