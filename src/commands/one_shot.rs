//! A game's own shell command (`umpire grid FILE`, `umpire run 5C 6C 7C`), run for it:
//! the file it names read (bounded; `-` is standard input), the dictionary opened when
//! it judges words, its answer printed and turned into an exit code.

use std::io::Read;
use std::path::Path;

use super::{CommandError, Exit, open_lexicon, out};
use crate::contract::{Given, MAX_INPUT, OneShot};

pub(super) fn run(
    shot: &OneShot,
    matches: &clap::ArgMatches,
    dict: Option<&Path>,
    games: crate::session::Catalog,
) -> Result<Exit, CommandError> {
    let input = match (shot.input)(matches) {
        Some(path) => Some(read(&path, shot.what)?),
        None => None,
    };
    let lexicon = if shot.needs_lexicon {
        Some(open_lexicon(dict)?)
    } else {
        None
    };
    let rule_sets = games.rule_sets();
    let given = Given {
        lexicon: lexicon.as_ref(),
        input: input.as_deref(),
        rule_sets: &rule_sets,
    };
    let answer = (shot.run)(matches, &given).map_err(CommandError::from_error)?;
    out(&crate::render::answer(&answer.shown))?;
    Ok(if answer.yes { Exit::Yes } else { Exit::No })
}

/// The file's text, or standard input's for `-`.
fn read(path: &Path, what: &str) -> Result<String, CommandError> {
    let name = path.display();
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| CommandError::usage(format!("reading standard input: {e}")))?;
    } else {
        bytes = crate::bounded::read(path, MAX_INPUT, what).map_err(CommandError::from_error)?;
    }
    if bytes.len() as u64 > MAX_INPUT {
        return Err(CommandError::usage(format!(
            "{name} is over 1 MB: a {what} is a few rows of letters"
        )));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
