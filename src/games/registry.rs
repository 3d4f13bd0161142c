//! The one place that lists the games. Everything else reaches a game through here, by
//! the name stored in a session's header.

use std::path::Path;

use super::take_two::TakeTwo;
use super::{Game, Setup, Verb};
use crate::lexicon::{RuleSet, Rules};
use crate::session::store::{self, Log};
use crate::session::{OpenWith, Session, Table};

/// Runs `$body` with `$g` bound to the game called `$name`; `None` if there is none.
/// Registering a game is one arm here.
macro_rules! with_game {
    ($name:expr, $g:ident => $body:expr) => {
        match $name {
            n if n == TakeTwo::NAME => {
                type $g = TakeTwo;
                Some($body)
            }
            _ => None,
        }
    };
}

/// (name, title) of every game, in the order `help` lists them.
pub const GAMES: &[(&str, &str)] = &[(TakeTwo::NAME, TakeTwo::TITLE)];

/// Each game's verb list.
const VERB_LISTS: &[fn() -> &'static [Verb]] = &[TakeTwo::verbs];

/// Every game's verbs, for telling "needs a session" from "unknown verb".
pub fn every_game_verb() -> impl Iterator<Item = &'static Verb> {
    VERB_LISTS.iter().flat_map(|f| f().iter())
}

fn unknown(game: &str) -> String {
    let names: Vec<&str> = GAMES.iter().map(|(n, _)| *n).collect();
    format!(
        "unknown game {}: umpire keeps score for {}",
        crate::render::printable(game),
        names.join(", ")
    )
}

/// The word rules a game's sessions start with.
pub fn default_rules(game: &str) -> Result<RuleSet, String> {
    with_game!(game, G => G::RULES).ok_or_else(|| unknown(game))
}

/// Starts a new session of `game` with its log at `path`.
pub fn create(
    game: &str,
    path: &Path,
    name: &str,
    players: Vec<String>,
    setup: &Setup,
    rules: Rules,
    with: OpenWith,
) -> Result<Box<dyn Table>, String> {
    with_game!(game, G => Session::<G>::create(path, name, players, setup, rules, with)
        .map(|s| Box::new(s) as Box<dyn Table>))
    .ok_or_else(|| unknown(game))?
}

fn game_of(header: &serde_json::Value, path: &Path) -> Result<String, String> {
    header
        .get("game")
        .and_then(serde_json::Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("{}: the header names no game", path.display()))
}

/// Opens the session logged at `path` for recording: locked, torn tail set aside.
pub fn open(path: &Path, with: OpenWith) -> Result<Box<dyn Table>, String> {
    let (log, contents) = Log::open(path).map_err(|e| e.to_string())?;
    let game = game_of(&contents.header, path)?;
    with_game!(game.as_str(), G => Session::<G>::from_contents(contents, Some(log), with)
        .map(|s| Box::new(s) as Box<dyn Table>))
    .ok_or_else(|| unknown(&game))?
}

/// Reads the session logged at `path` without locking or repairing it.
pub fn read(path: &Path, with: OpenWith) -> Result<Box<dyn Table>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    read_bytes(path, &bytes, with)
}

/// A read-only session from a log's bytes; `path` names it in messages.
pub fn read_bytes(path: &Path, bytes: &[u8], with: OpenWith) -> Result<Box<dyn Table>, String> {
    let contents = store::parse(path, bytes).map_err(|e| e.to_string())?;
    let game = game_of(&contents.header, path)?;
    with_game!(game.as_str(), G => Session::<G>::from_contents(contents, None, with)
        .map(|s| Box::new(s) as Box<dyn Table>))
    .ok_or_else(|| unknown(&game))?
}
