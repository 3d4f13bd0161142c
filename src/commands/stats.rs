//! `umpire stats`: who wins most over many evenings, game by game, read from every
//! session log.

use super::{CommandError, Exit, out};
use crate::session::Sessions;

pub(crate) fn run(
    shelf: &Sessions,
    player: Option<&str>,
    game: Option<&str>,
    json: bool,
) -> Result<Exit, CommandError> {
    if let Some(g) = game {
        shelf.games().find(g).map_err(CommandError::from_error)?;
    }
    let (mut stats, skipped, read) = shelf.stats(game);
    for s in &skipped {
        crate::exit::warn(&format!("umpire: {}", crate::render::shelf_note(s)));
    }
    if let Some(p) = player
        && !stats.only(p)
    {
        crate::exit::warn(&format!(
            "umpire: {} has played no session in {}",
            crate::text::printable(p),
            shelf.dir.display()
        ));
        return Ok(Exit::No);
    }
    if json {
        let text = serde_json::to_string_pretty(&stats.to_json())
            .map_err(|e| CommandError::usage(e.to_string()))?;
        out(&text)?;
        return Ok(Exit::Yes);
    }
    if read == 0 {
        out(&format!("no sessions yet in {}", shelf.dir.display()))?;
        return Ok(Exit::Yes);
    }
    out(&format!(
        "{}\n{} read from {}",
        crate::render::stats(&stats),
        crate::text::count(read as i64, "session", "sessions"),
        shelf.dir.display()
    ))?;
    Ok(Exit::Yes)
}
