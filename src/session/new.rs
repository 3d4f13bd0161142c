//! `new GAME ...`: the arguments every game shares (players, `--name`, the word flags)
//! joined to the game's own flags in one clap command, so `umpire new GAME --help`
//! lists exactly what that game takes, and the files a game's flags name, read by the
//! core for the game.

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use std::path::Path;

use super::error::SessionError;
use super::{AnySession, OpenWith, Session, Start, dir};
use crate::contract::{Files, Game};
use crate::lexicon::{RuleArgs, Rules};

/// What `new GAME ...` said, the game's own flags parsed.
#[derive(Debug)]
pub(super) struct NewArgs<F> {
    pub players: Vec<String>,
    pub name: Option<String>,
    /// The word flags, for games that judge words.
    pub rules: Option<RuleArgs>,
    pub flags: F,
}

/// The clap command for `new G::NAME`: players, `--name`, the word flags when the game
/// judges words, and the game's own flags.
pub(super) fn command<G: Game>() -> Command {
    let demo = G::demo();
    let example = format!("umpire new {} {}", G::NAME, demo.new.join(" "));
    let cmd = Command::new(G::NAME)
        .bin_name(format!("umpire new {}", G::NAME))
        .about(format!("Start a {} session: {}", G::TITLE, G::SUMMARY))
        .no_binary_name(true)
        .disable_version_flag(true)
        .after_help(format!("Example:\n  {example}"))
        .arg(
            Arg::new("players")
                .value_name("PLAYER")
                .help("The players, in seat order")
                .required(true)
                .num_args(1..)
                .action(ArgAction::Append),
        )
        .arg(
            Arg::new("name")
                .long("name")
                .value_name("NAME")
                .help("The session's name (default: the game and today's date)"),
        );
    let cmd = if !G::RULE_SETS.is_empty() {
        RuleArgs::augment_args(cmd)
    } else {
        cmd
    };
    G::Flags::augment_args(cmd)
}

/// Parses `new G::NAME` arguments (those after the game's name).
fn parse<G: Game>(args: &[String]) -> Result<NewArgs<G::Flags>, clap::Error> {
    let matches: ArgMatches = command::<G>().try_get_matches_from(args)?;
    let players = matches
        .get_many::<String>("players")
        .map(|v| v.cloned().collect())
        .unwrap_or_default();
    let name = matches.get_one::<String>("name").cloned();
    let rules = if !G::RULE_SETS.is_empty() {
        Some(RuleArgs::from_arg_matches(&matches)?)
    } else {
        None
    };
    let flags = G::Flags::from_arg_matches(&matches)?;
    Ok(NewArgs {
        players,
        name,
        rules,
        flags,
    })
}

/// Where and how a new session is made.
pub(super) struct NewIn<'a> {
    /// The sessions directory.
    pub dir: &'a Path,
    pub with: OpenWith,
    /// Today's date, for a default name.
    pub today: &'a str,
}

/// Why `new` made no session: a help text to show as it is, or why it was refused.
#[derive(Debug, thiserror::Error)]
pub enum NewError {
    /// `--help` was asked for: the text, ready to print.
    #[error("{0}")]
    Help(String),
    /// The arguments did not parse: clap's first line, with where to see the flags.
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Refused(#[from] SessionError),
}

pub(super) fn create<G: Game>(
    args: &[String],
    new_in: &NewIn<'_>,
) -> Result<Box<dyn AnySession>, NewError> {
    let parsed = parse::<G>(args).map_err(|e| match e.kind() {
        clap::error::ErrorKind::DisplayHelp
        | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            NewError::Help(e.render().to_string())
        }
        _ => NewError::Usage(clap_line(&e, G::NAME)),
    })?;
    let games = new_in.with.games;
    // A game that judges no words has no rules of its own: `check` in its sessions
    // judges by the lexicon's standard, never by another game's rules.
    let default = G::RULE_SETS
        .first()
        .copied()
        .unwrap_or(crate::lexicon::RuleSet::STANDARD);
    let rules = match &parsed.rules {
        Some(flags) => flags
            .to_rules(default, &games.rule_sets())
            .map_err(SessionError::from)?,
        None => Rules::new(default),
    };
    let name = match &parsed.name {
        Some(n) => {
            dir::check_name(n).map_err(SessionError::Refused)?;
            n.clone()
        }
        None => dir::fresh_name(new_in.dir, G::NAME, new_in.today),
    };
    let mut files = Vec::new();
    for path in G::files(&parsed.flags) {
        let text =
            crate::bounded::read_text(&path, MAX_GAME_FILE, "file").map_err(SessionError::from)?;
        files.push((path, text));
    }
    dir::ensure(new_in.dir).map_err(SessionError::from)?;
    let path = dir::log_path(new_in.dir, &name);
    let start = Start {
        path: &path,
        name: &name,
        players: parsed.players,
        rules,
        files: Files::new(files),
    };
    Session::<G>::create(start, &parsed.flags, new_in.with.clone())
        .map(|s| Box::new(s) as Box<dyn AnySession>)
        .map_err(NewError::Refused)
}

/// The most a file named by a game flag may hold (a tile set, a board).
pub(super) const MAX_GAME_FILE: u64 = 1 << 20;

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
