//! `umpire grid FILE`: the grid checker from the shell.

use std::io::Read;
use std::path::Path;

use serde_json::json;

use super::{CommandError, Outcome, open_lexicon};
use crate::cli::GridArgs;
use crate::games::take_two::crossword::{Grid, rule};
use crate::lexicon::RuleSet;

/// A grid file is a few kilobytes; this bounds what a wrong file can cost.
const MAX_FILE: u64 = 1 << 20;

pub fn run(dict: Option<&Path>, args: &GridArgs) -> Result<Outcome, CommandError> {
    let rules = args
        .rules
        .to_rules(RuleSet::TakeTwo)
        .map_err(CommandError::usage)?;
    let lexicon = open_lexicon(dict)?;
    let text = read(&args.file)?;
    let lines: Vec<&str> = text.lines().collect();
    let grid = Grid::parse(&lines)
        .map_err(|e| CommandError::usage(format!("{}: {e}", args.file.display())))?;
    let ruled = rule(&grid, &lexicon, &rules);
    if args.json {
        let out = json!({
            "words": ruled.words.iter().map(|(_, v)| v).collect::<Vec<_>>(),
            "connected": ruled.connected,
            "apart": ruled.apart,
            "tiles": ruled.tiles.len(),
            "acceptable": ruled.acceptable(),
            "rules": rules.describe(),
        });
        let text =
            serde_json::to_string_pretty(&out).map_err(|e| CommandError::usage(e.to_string()))?;
        super::out(&text)?;
    } else {
        let ruling = ruled.to_ruling(
            format!("grid {}", args.file.display()),
            None,
            0,
            &rules,
            Vec::new(),
        );
        super::out(&format!(
            "{}\n{}: {}, {}",
            crate::render::ruling(&ruling),
            if ruled.acceptable() {
                "acceptable"
            } else {
                "not acceptable"
            },
            crate::text::count(ruled.words.len() as i64, "word", "words"),
            crate::text::count(ruled.tiles.len() as i64, "tile", "tiles")
        ))?;
    }
    Ok(if ruled.acceptable() {
        Outcome::Yes
    } else {
        Outcome::No
    })
}

/// The file's text, or standard input's for `-`.
fn read(path: &Path) -> Result<String, CommandError> {
    let name = path.display();
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin()
            .take(MAX_FILE + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| CommandError::usage(format!("reading standard input: {e}")))?;
    } else {
        bytes = crate::bounded::read(path, MAX_FILE, "grid file").map_err(CommandError::usage)?;
    }
    if bytes.len() as u64 > MAX_FILE {
        return Err(CommandError::usage(format!(
            "{name} is over 1 MB: a grid file is a few rows of letters"
        )));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
