//! `umpire league`: ratings across nights, game by game; two players head to head; the
//! seating for the next round. Read from the sessions folder (or a room's tables).

use super::{CommandError, Exit, out};
use crate::cli::LeagueCommand;
use crate::export::Format;
use crate::session::Sessions;
use crate::session::league::{self, seating};

/// The results the league is made of: the folder's, or a room's tables'.
pub(crate) fn results(
    shelf: &Sessions,
    room: Option<&str>,
) -> Result<Vec<league::Result>, CommandError> {
    let only = match room {
        None => None,
        Some(name) => match crate::session::room::sessions_of(&shelf.dir, name) {
            Some(sessions) => Some(sessions),
            None => {
                return Err(CommandError::usage(format!(
                    "there is no room {} in {} (`umpire sessions` lists the rooms)",
                    crate::text::printable(name),
                    shelf.dir.display()
                )));
            }
        },
    };
    let (results, skipped) = shelf.results(only.as_deref());
    for s in &skipped {
        crate::exit::warn(&format!("umpire: {}", crate::render::shelf_note(s)));
    }
    Ok(results)
}

pub(crate) fn run(
    shelf: &Sessions,
    what: Option<LeagueCommand>,
    game: Option<&str>,
    room: Option<&str>,
    format: Option<Format>,
) -> Result<Exit, CommandError> {
    let results = results(shelf, room)?;
    let mut whole = league::league(&results);
    match what {
        None => {
            if let Some(g) = game {
                whole.games.retain(|x| x.game.eq_ignore_ascii_case(g));
                if whole.games.is_empty() {
                    crate::exit::warn(&format!(
                        "umpire: no finished session of {} to rate",
                        crate::text::printable(g)
                    ));
                    return Ok(Exit::No);
                }
            }
            let text = match format {
                None => crate::export::league::terminal(&whole),
                Some(f) => {
                    crate::export::league::render(f, &whole).map_err(CommandError::from_error)?
                }
            };
            out(text.trim_end())?;
            Ok(Exit::Yes)
        }
        Some(LeagueCommand::Vs { a, b }) => {
            let h = league::head_to_head(&results, &a, &b);
            out(&crate::export::league::head_to_head(&h))?;
            Ok(if h.shared.is_empty() {
                Exit::No
            } else {
                Exit::Yes
            })
        }
        Some(LeagueCommand::Seat {
            players,
            tables,
            sizes,
            seed,
            game,
        }) => {
            let text = seat(
                &results,
                &whole,
                &players,
                tables,
                &sizes,
                seed,
                game.as_deref(),
            )
            .map_err(|r| CommandError::usage(r.message))?;
            out(&text)?;
            Ok(Exit::Yes)
        }
    }
}

/// The seating of `players` at `tables` tables (or tables of `sizes`), said.
pub(crate) fn seat(
    results: &[league::Result],
    whole: &league::League,
    players: &[String],
    tables: Option<usize>,
    sizes: &[usize],
    seed: u64,
    game: Option<&str>,
) -> Result<String, crate::contract::Refusal> {
    let tables = seating::for_league(results, whole, players, tables, sizes, seed, game)?;
    Ok(crate::export::league::seating(&tables, seed))
}
