//! `umpire grid FILE`: Take Two's grid checker from the shell, with the same engine as
//! the prompt's `grid` verb.

use std::path::PathBuf;

use clap::{ArgMatches, Args, FromArgMatches};
use serde_json::json;

use super::crossword::{Grid, rule};
use crate::contract::{Answer, Given, OneShot, Refusal, Shown};
use crate::lexicon::RuleArgs;
use crate::text::count;

/// The game's shell commands.
pub(super) const ONE_SHOTS: &[OneShot] = &[OneShot {
    name: "grid",
    command,
    input,
    what: "grid file",
    needs_lexicon: true,
    run,
    prompt: None,
}];

#[derive(Debug, Args)]
struct GridArgs {
    /// The grid file (`-` for standard input).
    file: PathBuf,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print {words: [{word, allowed, reason, at}], connected, apart, tiles, acceptable}.
    #[arg(long)]
    json: bool,
}

fn command() -> clap::Command {
    clap::Command::new("grid")
        .about("Rule on a crossword grid typed in a file: every across and down word, and that it is one piece. Exit 0 when acceptable, 1 when not.")
        .after_help("A grid file has one row a line: capital letters are tiles, lowercase\nletters (or ?x) are blanks standing for that letter, . or space is empty.\n\nExamples:\n  umpire grid alice.txt\n  umpire grid --rules word-taking --json alice.txt\n  printf 'CAT\\nA..\\nR..\\n' | umpire grid -")
        .defer(GridArgs::augment_args)
}

fn input(matches: &ArgMatches) -> Option<PathBuf> {
    matches.get_one::<PathBuf>("file").cloned()
}

fn run(matches: &ArgMatches, given: &Given<'_>) -> Result<Answer, Refusal> {
    let args = GridArgs::from_arg_matches(matches).map_err(|e| Refusal::input(e.to_string()))?;
    let rules = args.rules.to_rules(super::RULE_SET, given.rule_sets)?;
    let lexicon = given.lexicon()?;
    let text = given.input.unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let grid =
        Grid::parse(&lines).map_err(|e| Refusal::input(format!("{}: {e}", args.file.display())))?;
    let ruled = rule(&grid, lexicon, &rules);
    let acceptable = ruled.acceptable();
    if args.json {
        let out = json!({
            "words": ruled.words.iter().map(|(_, v)| v).collect::<Vec<_>>(),
            "connected": ruled.connected,
            "apart": ruled.apart,
            "tiles": ruled.tiles.len(),
            "acceptable": acceptable,
            "rules": rules.describe(),
        });
        return Answer::json(&out, acceptable);
    }
    let ruling = ruled.to_ruling(
        format!("grid {}", args.file.display()),
        None,
        0,
        &rules,
        Vec::new(),
    );
    Ok(Answer {
        shown: vec![
            Shown::Ruling(ruling),
            Shown::Text(format!(
                "{}: {}, {}",
                if acceptable {
                    "acceptable"
                } else {
                    "not acceptable"
                },
                count(ruled.words.len() as i64, "word", "words"),
                count(ruled.tiles.len() as i64, "tile", "tiles")
            )),
        ],
        yes: acceptable,
    })
}
