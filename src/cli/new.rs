//! `new GAME PLAYER... [FLAGS]` as typed (at the shell or the prompt): the arguments
//! every game shares (players, `--name`, the word flags for a game that judges words)
//! joined to the game's own flags, which the game declares as data
//! ([`Flag`](crate::contract::Flag)) and this module makes clap arguments, ranges and
//! choices included. So `umpire new GAME --help` lists exactly what that game takes,
//! each range lives in one place, and the core is given values, never text to parse.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::contract::{FlagKind, FlagValue, FlagValues};
use crate::lexicon::{RuleArgs, RuleSet, Rules};
use crate::session::{AnySession, Catalog, NewSession, Registered, SessionError, Sessions};

/// Why `new` made no session: a help text to show as it is, or why it was refused.
#[derive(Debug, thiserror::Error)]
pub enum NewError {
    /// `--help` was asked for: the text, ready to print.
    #[error("{0}")]
    Help(String),
    /// The arguments did not parse: clap's first line, with where to see the flags.
    #[error("{0}")]
    Usage(String),
    /// The arguments parsed, but the session could not be started (a name taken, a bad
    /// file).
    #[error(transparent)]
    Refused(#[from] SessionError),
}

/// Starts the session `args` describe (`GAME PLAYER... [FLAGS]`) in `shelf`; no game,
/// or `--help`, answers with the list of games.
pub fn create(shelf: &Sessions, args: &[String]) -> Result<Box<dyn AnySession>, NewError> {
    let games = shelf.games();
    let Some((game, rest)) = args.split_first() else {
        return Err(NewError::Help(games_help(games)));
    };
    if matches!(game.as_str(), "--help" | "-h" | "help") {
        return Err(NewError::Help(games_help(games)));
    }
    let entry = games.find(game)?;
    let new = parse(entry, games, rest)?;
    Ok(shelf.start(entry.name, new)?)
}

/// The clap command for `new GAME`: players, `--name`, the word flags when the game
/// judges words, and the game's own flags.
pub(crate) fn command(entry: &Registered) -> Command {
    let demo = (entry.demo)();
    let example = format!("umpire new {} {}", entry.name, demo.new.join(" "));
    let cmd = Command::new(entry.name)
        .bin_name(format!("umpire new {}", entry.name))
        .about(format!(
            "Start a {} session: {}",
            entry.title, entry.summary
        ))
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
    let cmd = if entry.rule_sets.is_empty() {
        cmd
    } else {
        RuleArgs::augment_args(cmd)
    };
    entry.flags.iter().fold(cmd, |cmd, flag| {
        let arg = Arg::new(flag.name).long(flag.name).help(flag.help);
        let arg = match flag.kind {
            FlagKind::Number { min, max, default } => {
                let arg = arg
                    .value_name(flag.value)
                    .value_parser(clap::value_parser!(i64).range(min..=max));
                match default {
                    Some(d) => arg.default_value(d.to_string()),
                    None => arg,
                }
            }
            FlagKind::Level { default } => arg
                .value_name(flag.value)
                .value_parser(crate::lexicon::parse_level)
                .default_value(default.to_string()),
            FlagKind::Choice { choices, default } => arg
                .value_name(flag.value)
                .value_parser(PossibleValuesParser::new(choices))
                .default_value(default),
            FlagKind::File => arg
                .value_name(flag.value)
                .value_parser(clap::value_parser!(PathBuf)),
            FlagKind::Switch => arg.action(ArgAction::SetTrue),
            FlagKind::Text { max } => arg
                .value_name(flag.value)
                .value_parser(move |text: &str| crate::contract::check_text(text, max)),
        };
        cmd.arg(arg)
    })
}

/// `new GAME` arguments (those after the game's name) as the core takes them.
fn parse(entry: &Registered, games: Catalog, args: &[String]) -> Result<NewSession, NewError> {
    let matches: ArgMatches =
        command(entry)
            .try_get_matches_from(args)
            .map_err(|e| match e.kind() {
                clap::error::ErrorKind::DisplayHelp
                | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    NewError::Help(e.render().to_string())
                }
                _ => NewError::Usage(clap_line(&e, entry.name)),
            })?;
    let players = matches
        .get_many::<String>("players")
        .map(|v| v.cloned().collect())
        .unwrap_or_default();
    let name = matches.get_one::<String>("name").cloned();
    // A game that judges no words has no rules of its own: `check` in its sessions
    // judges by the lexicon's standard, never by another game's rules.
    let rules = match entry.rule_sets.first() {
        Some(default) => RuleArgs::from_arg_matches(&matches)
            .map_err(|e| NewError::Usage(clap_line(&e, entry.name)))?
            .to_rules(*default, &games.rule_sets())
            .map_err(SessionError::from)?,
        None => Rules::new(RuleSet::STANDARD),
    };
    let mut flags = FlagValues::defaults(entry.flags);
    for flag in entry.flags {
        let value = match flag.kind {
            FlagKind::Number { .. } => matches
                .get_one::<i64>(flag.name)
                .map(|n| FlagValue::Number(*n)),
            FlagKind::Level { .. } => matches
                .get_one::<u8>(flag.name)
                .map(|n| FlagValue::Number(i64::from(*n))),
            FlagKind::Choice { .. } => matches
                .get_one::<String>(flag.name)
                .map(|c| FlagValue::Choice(c.clone())),
            FlagKind::File => matches
                .get_one::<PathBuf>(flag.name)
                .map(|p| FlagValue::File(p.clone())),
            FlagKind::Switch => Some(FlagValue::Switch(matches.get_flag(flag.name))),
            FlagKind::Text { .. } => matches
                .get_one::<String>(flag.name)
                .map(|t| FlagValue::Text(t.clone())),
        };
        if let Some(value) = value {
            flags.set(flag.name, value);
        }
    }
    Ok(NewSession {
        players,
        name,
        rules,
        flags,
    })
}

/// `umpire new --help`: the games and how to see each one's flags.
pub(crate) fn games_help(games: Catalog) -> String {
    let mut out =
        String::from("Start a new session: umpire new GAME PLAYER... [FLAGS]\n\nGames:\n");
    for g in games.iter() {
        out.push_str(&format!("  {:<12} {}: {}\n", g.name, g.title, g.summary));
    }
    out.push_str("\n`umpire new GAME --help` lists that game's flags.\n\nExamples:\n");
    for g in games.iter() {
        out.push_str(&format!(
            "  umpire new {} {}\n",
            g.name,
            (g.demo)().new.join(" ")
        ));
    }
    out
}

/// clap's error as one line: its first, with the value it would have taken where one
/// is near what was typed (`--penalty per-wrd`: did you mean per-word?) and what the
/// flag takes, and the way to see the game's help.
fn clap_line(e: &clap::Error, game: &str) -> String {
    use clap::error::{ContextKind, ContextValue};
    let text = e.render().to_string();
    let first = text
        .lines()
        .next()
        .unwrap_or("bad arguments")
        .trim_start_matches("error: ")
        .to_string();
    let strings = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(s)) => s.clone(),
        _ => Vec::new(),
    };
    let near: Vec<String> = [ContextKind::SuggestedValue, ContextKind::SuggestedArg]
        .into_iter()
        .flat_map(strings)
        .collect();
    let takes = strings(ContextKind::ValidValue);
    let mut said = first;
    if let Some(near) = near.first() {
        said.push_str(&format!(" (did you mean {near}?)"));
    }
    if !takes.is_empty() {
        said.push_str(&format!(": it takes {}", crate::text::or_list(&takes)));
    }
    format!("{said} (`new {game} --help` lists what it takes)")
}
