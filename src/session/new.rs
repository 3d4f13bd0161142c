//! `new GAME ...`: the arguments every game shares (players, `--name`, the word flags)
//! joined to the game's own flags in one clap command, so `umpire new GAME --help`
//! lists exactly what that game takes, and the files a game's flags name, read by the
//! core for the game.

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use std::path::{Path, PathBuf};

use super::error::SessionError;
use super::{AnySession, OpenWith, Session, Start, dir};
use crate::contract::{Files, Game};
use crate::lexicon::{HouseList, Region, RuleSet, Rules, parse_level};

/// What `new GAME ...` said, the game's own flags parsed.
#[derive(Debug)]
pub struct NewArgs<F> {
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
    let cmd = if G::RULES.is_some() {
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
    let rules = if G::RULES.is_some() {
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
pub struct NewIn<'a> {
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
    let rules = match &parsed.rules {
        Some(flags) => flags.to_rules(G::RULES.unwrap_or(RuleSet::TakeTwo)),
        None => Ok(Rules::new(RuleSet::TakeTwo)),
    }
    .map_err(SessionError::Files)?;
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
            crate::bounded::read_text(&path, MAX_GAME_FILE, "file").map_err(SessionError::Files)?;
        files.push((path, text));
    }
    dir::ensure(new_in.dir).map_err(SessionError::Files)?;
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

// The word rules a table agrees on; shared by every command that judges words. (Plain
// comments on flattened and newtype argument structs: under `defer`, a doc comment here
// would replace the subcommand's own description.)
#[derive(Debug, Clone, Args)]
pub struct RuleArgs {
    /// Rule set: which words count (default: the game's own; take-two for `check`).
    #[arg(long = "rules", value_enum)]
    pub set: Option<RuleSet>,
    /// Highest SCOWL level a word may come from (10 common .. 95 obscure).
    #[arg(long, default_value_t = crate::lexicon::DEFAULT_LEVEL, value_parser = parse_level)]
    pub level: u8,
    /// Spelling region.
    #[arg(long, value_enum, default_value_t = Region::Any)]
    pub region: Region,
    /// Refuse words shorter than this (the sheets allow agreeing on 2 or 3).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=15))]
    pub min_length: u8,
    /// House list of words always allowed (one a line).
    #[arg(long, value_name = "FILE")]
    pub allow: Option<PathBuf>,
    /// House list of words always barred (one a line).
    #[arg(long, value_name = "FILE")]
    pub deny: Option<PathBuf>,
}

impl RuleArgs {
    /// The rules these flags describe, reading any house lists; `default` is the rule
    /// set when `--rules` is not given.
    pub fn to_rules(&self, default: RuleSet) -> Result<Rules, String> {
        let mut rules = Rules::new(self.set.unwrap_or(default));
        rules.level = self.level;
        rules.region = self.region;
        rules.min_length = usize::from(self.min_length);
        if let Some(path) = &self.allow {
            rules.allow = HouseList::read(path)?;
        }
        if let Some(path) = &self.deny {
            rules.deny = HouseList::read(path)?;
        }
        Ok(rules)
    }
}
