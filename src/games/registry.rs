//! The one place that lists the games: [`GAMES`], one entry a game. Everything else
//! reaches a game through here, by the name typed after `new` or stored in a log's
//! header. Registering a game is one line in [`GAMES`].

use std::path::Path;

use super::board_chips::BoardChips;
use super::setup;
use super::take_two::TakeTwo;
use crate::contract::Files;
use crate::contract::{Demo, Game, Verb};
use crate::lexicon::{RuleSet, Rules};
use crate::session::store::{self, Contents, Log};
use crate::session::{AnySession, OpenWith, Session, Start};

/// A session of some game, as the core holds it.
type Boxed = Box<dyn AnySession>;

/// What the core can do with a game without knowing it.
pub struct Entry {
    pub name: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
    /// The word rules its sessions start with (`None`: it judges no words).
    pub rules: Option<RuleSet>,
    pub verbs: fn() -> &'static [Verb],
    pub demo: fn() -> Demo,
    /// The clap command of `new NAME`, for its help.
    pub command: fn() -> clap::Command,
    /// Parses `new NAME ARGS...` and starts the session.
    create: fn(&[String], &NewIn<'_>) -> Result<Boxed, NewError>,
    load: fn(&Path, Contents, Option<Log>, OpenWith) -> Result<Boxed, String>,
}

impl Entry {
    const fn of<G: Game>() -> Entry {
        Entry {
            name: G::NAME,
            title: G::TITLE,
            summary: G::SUMMARY,
            rules: G::RULES,
            verbs: G::verbs,
            demo: G::demo,
            command: setup::command::<G>,
            create: create::<G>,
            load: load::<G>,
        }
    }
}

/// Every game, in the order `help` lists them.
pub static GAMES: &[Entry] = &[
    Entry::of::<TakeTwo>(),
    Entry::of::<BoardChips>(),
    Entry::of::<super::take_rummy::TakeRummy>(),
    Entry::of::<super::word_taking::WordTaking>(),
];

/// The game called `name`.
pub fn find(name: &str) -> Result<&'static Entry, String> {
    GAMES.iter().find(|g| g.name == name).ok_or_else(|| {
        let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        format!(
            "unknown game {}: umpire keeps score for {}",
            crate::text::printable(name),
            names.join(", ")
        )
    })
}

/// Every game's verbs, for telling "needs a session" from "unknown verb".
pub fn every_game_verb() -> impl Iterator<Item = &'static Verb> {
    GAMES.iter().flat_map(|g| (g.verbs)().iter())
}

/// Where and how a new session is made.
pub struct NewIn<'a> {
    /// The sessions directory.
    pub dir: &'a Path,
    pub with: OpenWith,
    /// Today's date, for a default name.
    pub today: &'a str,
}

/// Why `new` made no session: a help text to show as it is, or one line of refusal.
#[derive(Debug)]
pub enum NewError {
    /// `--help` was asked for: the text, ready to print.
    Help(String),
    Refused(String),
}

impl std::fmt::Display for NewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NewError::Help(t) | NewError::Refused(t) => f.write_str(t),
        }
    }
}

/// `new GAME ARGS...`: `args` are the words after the game's name.
pub fn create_session(
    game: &str,
    args: &[String],
    new_in: &NewIn<'_>,
) -> Result<Box<dyn AnySession>, NewError> {
    let entry = find(game).map_err(NewError::Refused)?;
    (entry.create)(args, new_in)
}

fn create<G: Game>(args: &[String], new_in: &NewIn<'_>) -> Result<Box<dyn AnySession>, NewError> {
    let parsed = setup::parse::<G>(args).map_err(|e| match e.kind() {
        clap::error::ErrorKind::DisplayHelp
        | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            NewError::Help(e.render().to_string())
        }
        _ => NewError::Refused(clap_line(&e, G::NAME)),
    })?;
    let refused = NewError::Refused;
    let rules = match &parsed.rules {
        Some(flags) => flags.to_rules(G::RULES.unwrap_or(RuleSet::TakeTwo)),
        None => Ok(Rules::new(RuleSet::TakeTwo)),
    }
    .map_err(refused)?;
    let name = match &parsed.name {
        Some(n) => {
            crate::session::dir::check_name(n).map_err(|r| refused(r.message))?;
            n.clone()
        }
        None => crate::session::dir::fresh_name(new_in.dir, G::NAME, new_in.today),
    };
    let mut files = Vec::new();
    for path in G::files(&parsed.flags) {
        let text = crate::bounded::read_text(&path, MAX_GAME_FILE, "file").map_err(refused)?;
        files.push((path, text));
    }
    crate::session::dir::ensure(new_in.dir).map_err(refused)?;
    let path = crate::session::dir::log_path(new_in.dir, &name);
    let start = Start {
        path: &path,
        name: &name,
        players: parsed.players,
        rules,
        files: Files::new(files),
    };
    let with = OpenWith {
        lexicon: std::sync::Arc::clone(&new_in.with.lexicon),
        script: new_in.with.script,
    };
    Session::<G>::create(start, &parsed.flags, with)
        .map(|s| Box::new(s) as Box<dyn AnySession>)
        .map_err(refused)
}

/// The most a file named by a game flag may hold (a tile set, a board).
pub const MAX_GAME_FILE: u64 = 1 << 20;

/// clap's error as one line, with the way to see the game's help.
fn clap_line(e: &clap::Error, game: &str) -> String {
    let text = e.render().to_string();
    let first = text
        .lines()
        .next()
        .unwrap_or("bad arguments")
        .trim_start_matches("error: ")
        .to_string();
    format!("{first} (`new {game} --help` lists what it takes)")
}

fn load<G: Game>(
    path: &Path,
    contents: Contents,
    log: Option<Log>,
    with: OpenWith,
) -> Result<Box<dyn AnySession>, String> {
    Session::<G>::from_contents(path, contents, log, with)
        .map(|s| Box::new(s) as Box<dyn AnySession>)
}

fn game_of(header: &serde_json::Value, path: &Path) -> Result<&'static Entry, String> {
    let name = header
        .get("game")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| format!("{}: the header names no game", path.display()))?;
    find(name)
}

/// Opens the session logged at `path` for recording: locked, torn tail set aside.
pub fn open(path: &Path, with: OpenWith) -> Result<Box<dyn AnySession>, String> {
    let (log, contents) = Log::open(path).map_err(|e| e.to_string())?;
    let entry = game_of(&contents.header, path)?;
    (entry.load)(path, contents, Some(log), with)
}

/// Reads the session logged at `path` without locking or repairing it.
pub fn read(path: &Path, with: OpenWith) -> Result<Box<dyn AnySession>, String> {
    let bytes = store::read_log(path).map_err(|e| e.to_string())?;
    read_bytes(path, &bytes, with)
}

/// A read-only session from a log's bytes; `path` names it in messages.
pub fn read_bytes(
    path: &Path,
    bytes: &[u8],
    with: OpenWith,
) -> Result<Box<dyn AnySession>, String> {
    let contents = store::parse(path, bytes).map_err(|e| e.to_string())?;
    let entry = game_of(&contents.header, path)?;
    (entry.load)(path, contents, None, with)
}

/// `umpire new --help`: the games and how to see each one's flags.
pub fn games_help() -> String {
    let mut out =
        String::from("Start a new session: umpire new GAME PLAYER... [FLAGS]\n\nGames:\n");
    for g in GAMES {
        out.push_str(&format!("  {:<12} {}: {}\n", g.name, g.title, g.summary));
    }
    out.push_str("\n`umpire new GAME --help` lists that game's flags.\n\nExamples:\n");
    for g in GAMES {
        out.push_str(&format!(
            "  umpire new {} {}\n",
            g.name,
            (g.demo)().new.join(" ")
        ));
    }
    out
}
