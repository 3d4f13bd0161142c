//! `umpire dict`: what the dictionary holds, and compiling a user's own list.

use std::path::Path;

use super::{CommandError, Exit, open_lexicon};
use crate::cli::DictCommand;
use crate::lexicon::{Lexicon, build_word_list};
use crate::render as table;

/// The dictionary's README, whose last section holds the licence notices of the data
/// compiled into the binary: they must travel with every copy of it.
const README: &str = include_str!("../../dictionaries/README.md");

fn notices() -> &'static str {
    README
        .find("## Licences")
        .map_or(README, |at| &README[at..])
}

pub(super) fn run(dict: Option<&Path>, cmd: DictCommand) -> Result<Exit, CommandError> {
    match cmd {
        DictCommand::Info { licences } => {
            if licences {
                super::out(notices().trim_end())?;
                return Ok(Exit::Yes);
            }
            let lex = open_lexicon(dict)?;
            super::out(&info(&lex))?;
            Ok(Exit::Yes)
        }
        DictCommand::Build { list, output } => {
            let n = build_word_list(&list, &output)?;
            super::out(&format!(
                "wrote {} ({}); use it with: umpire --dict {} check WORD",
                output.display(),
                crate::text::count(n as i64, "word", "words"),
                output.display()
            ))?;
            Ok(Exit::Yes)
        }
    }
}

/// What `dict info` prints.
fn info(lex: &Lexicon) -> String {
    if let Some(name) = lex.list_name() {
        return format!(
            "user word list {name}: {}, all standard words",
            crate::text::count(lex.len() as i64, "word", "words")
        );
    }
    let stats = Lexicon::stats();
    let mut out = format!(
        "embedded dictionary: {} keys (folded spellings), {} KB of sense data\n",
        stats.keys,
        stats.senses_bytes / 1024
    );
    let mut headers: Vec<String> = vec!["category".into()];
    headers.extend(stats.levels.iter().map(|l| l.to_string()));
    headers.push("WordNet only".into());
    headers.push("total".into());
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut t = table::new(&header_refs);
    for (category, counts) in &stats.counts {
        let mut row = vec![category.name().to_string()];
        row.extend(counts.iter().map(u32::to_string));
        row.push(
            counts
                .iter()
                .map(|c| u64::from(*c))
                .sum::<u64>()
                .to_string(),
        );
        t.add_row(row);
    }
    out.push_str(&format!(
        "spellings by SCOWL level (a spelling counts at its lowest level):\n{t}\n"
    ));
    out.push_str(
        "sources: SCOWL 2020.12.07 (Kevin Atkinson, Debian package scowl), levels 10-95, all regions;\n         WordNet 3.0 (Princeton University, Debian package wordnet-base): name classes,\n         hyphenated lemmas, standalone senses.\n\
         licences: permissive notices of both; print them in full with `umpire dict info --licences`.",
    );
    out
}
