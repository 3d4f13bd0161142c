//! `new GAME ...`: the arguments every game shares (players, `--name`, the word flags)
//! joined to the game's own flags in one clap command, so `umpire new GAME --help`
//! lists exactly what that game takes, and the files a game's flags name, read by the
//! core for the game.

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::cli::RuleArgs;
use crate::contract::Game;

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
pub fn command<G: Game>() -> Command {
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
pub fn parse<G: Game>(args: &[String]) -> Result<NewArgs<G::Flags>, clap::Error> {
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
