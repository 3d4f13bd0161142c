//! One-shot commands: each takes parsed flags, does its job through the library's
//! engines and says how the process should exit.

mod check;
mod dict;
mod league;
mod one_shot;
mod serve;
pub(crate) mod session;
pub(crate) mod stats;

use std::sync::Arc;

pub(crate) use crate::exit::{CommandError, Exit, out, out_with};

use crate::cli::new::NewError;
use crate::cli::{Cli, Command};
use crate::lexicon::Lexicon;
use crate::repl::Repl;
use crate::session::{Catalog, Sessions};

/// Opens the dictionary `--dict` names, or the embedded one.
pub(crate) fn open_lexicon(cli_dict: Option<&std::path::Path>) -> Result<Lexicon, CommandError> {
    Ok(match cli_dict {
        Some(path) => Lexicon::open(path)?,
        None => Lexicon::embedded()?,
    })
}

/// The sessions directory the flags name, with the dictionary and every game.
fn shelf(
    flag: &Option<std::path::PathBuf>,
    dict: Option<&std::path::Path>,
    games: Catalog,
) -> Result<Sessions, CommandError> {
    let dir = session::sessions_dir(flag.as_deref())?;
    Ok(Sessions::new(dir, Arc::new(open_lexicon(dict)?), games))
}

/// The rules the word flags describe, by default the first game's.
fn rules(
    flags: &crate::lexicon::RuleArgs,
    games: Catalog,
) -> Result<crate::lexicon::Rules, CommandError> {
    flags
        .to_rules(games.default_rule_set(), &games.rule_sets())
        .map_err(CommandError::from_error)
}

/// The whole command line: the core's subcommands and every game's own (`grid`, `run`).
pub(crate) fn command_line(games: Catalog) -> clap::Command {
    use clap::CommandFactory;
    games
        .one_shots()
        .fold(Cli::command(), |cmd, shot| cmd.subcommand((shot.command)()))
}

/// Parses the process's arguments and runs what they name, with `games`.
pub(crate) fn main(games: Catalog) -> Result<Exit, CommandError> {
    use clap::FromArgMatches;
    games.check().map_err(CommandError::from_error)?;
    let matches = command_line(games).get_matches();
    if let Some((name, sub)) = matches.subcommand()
        && let Some(shot) = games.one_shots().find(|s| s.name == name)
    {
        let dict = sub
            .get_one::<std::path::PathBuf>("dict")
            .or_else(|| matches.get_one("dict"));
        return one_shot::run(shot, sub, dict.map(std::path::PathBuf::as_path), games);
    }
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    run(cli, games)
}

/// Runs the command the flags name.
pub(crate) fn run(cli: Cli, games: Catalog) -> Result<Exit, CommandError> {
    let dict = cli.dict.as_deref();
    let json = cli.replies == crate::cli::Replies::Json;
    match cli.command {
        Some(Command::Check(args)) => check::run(dict, &args, games),
        Some(Command::Dict(cmd)) => dict::run(dict, cmd),
        Some(Command::Define { word, rules }) => {
            let rules = self::rules(&rules, games)?;
            let lexicon = open_lexicon(dict)?;
            let (text, defined) = crate::lexicon::define::describe(&lexicon, &rules, &word)
                .map_err(|e| {
                    CommandError::usage(format!("{}: {e}", crate::text::printable(&word)))
                })?;
            out(&crate::render::wrap(&text, crate::render::term_width()))?;
            Ok(if defined { Exit::Yes } else { Exit::No })
        }
        Some(Command::Completions { shell }) => {
            let mut cmd = command_line(games);
            let mut bytes = Vec::new();
            clap_complete::generate(shell, &mut cmd, "umpire", &mut bytes);
            out(String::from_utf8_lossy(&bytes).trim_end())?;
            Ok(Exit::Yes)
        }
        Some(Command::New { args }) => {
            let shelf = shelf(&cli.sessions, dict, games)?;
            match crate::cli::new::create(&shelf, &args) {
                Ok(table) => Repl::new(shelf, Some(table)).json(json).started().run(),
                Err(NewError::Help(text)) => {
                    out(text.trim_end())?;
                    Ok(Exit::Yes)
                }
                Err(e) => Err(CommandError::from_error(e)),
            }
        }
        Some(Command::Resume { name }) => {
            let shelf = shelf(&cli.sessions, dict, games)?;
            let table = shelf.open(&name).map_err(CommandError::from_error)?;
            Repl::new(shelf, Some(table)).json(json).run()
        }
        Some(Command::Room { name }) => {
            let shelf = shelf(&cli.sessions, dict, games)?;
            let held = crate::session::room::Room::hold(&shelf.dir, &name)
                .map_err(CommandError::from_error)?;
            Repl::directing(shelf, held).json(json).run()
        }
        Some(Command::League {
            what,
            game,
            room,
            format,
        }) => league::run(
            &shelf(&cli.sessions, dict, games)?,
            what,
            game.as_deref(),
            room.as_deref(),
            format,
        ),
        Some(Command::Stats { player, game, json }) => stats::run(
            &shelf(&cli.sessions, dict, games)?,
            player.as_deref(),
            game.as_deref(),
            json,
        ),
        Some(Command::Serve {
            name,
            listen,
            allow_host,
            judge,
            keep,
            new_code,
        }) => serve::run(
            &shelf(&cli.sessions, dict, games)?,
            name.as_deref(),
            &crate::serve::Settings {
                listen,
                allowed: allow_host,
                judge,
            },
            keep.then_some(serve::Keep { new_code }),
        ),
        Some(Command::Sessions) => session::sessions(&shelf(&cli.sessions, dict, games)?),
        Some(Command::Export {
            name,
            format,
            output,
            room,
        }) => {
            let shelf = shelf(&cli.sessions, dict, games)?;
            if room || (shelf.check(&name).is_err() && session::room_exists(&shelf, &name)) {
                session::export_night(&shelf, &name, format, output.as_deref())
            } else {
                session::export(&shelf, &name, format, output.as_deref())
            }
        }
        None => {
            let shelf = shelf(&cli.sessions, dict, games)?;
            // Resume the most recent unfinished session, if any.
            let (found, _) = shelf.list();
            let mut table = None;
            if let Some(latest) = found.iter().find(|s| !s.finished) {
                match shelf.open(&latest.name) {
                    Ok(t) => table = Some(t),
                    Err(e) => {
                        crate::exit::warn(&format!("umpire: could not resume {}: {e}", latest.name))
                    }
                }
            } else if let Some(last) = found.first() {
                let result = crate::render::winners(&last.winners).map_or_else(String::new, |w| {
                    format!(" ({} won)", crate::text::printable_text(&w))
                });
                crate::exit::warn(&format!(
                    "umpire: your last session, {} ({}), is over{result}",
                    last.name, last.game
                ));
            }
            Repl::new(shelf, table).json(json).run()
        }
    }
}
