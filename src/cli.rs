//! Every flag and subcommand, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::lexicon::{HouseList, Region, RuleSet, Rules, parse_level};

/// Scorekeeper and referee for word and card games played at a real table.
///
/// Run with no subcommand to open the scorekeeper's prompt.
#[derive(Debug, Parser)]
#[command(
    name = "umpire",
    version,
    about,
    long_about = None,
    after_help = "Examples:\n  umpire                                 the prompt: resumes your last session\n  umpire new take-two alice bob carol    a new Take Two session\n  umpire check qi dont london            judge words\n  umpire grid alice.txt                  rule on a typed grid\n  umpire sessions                        list sessions\n  umpire export friday --format csv      write one out"
)]
pub struct Cli {
    /// Use a word list built by `umpire dict build` instead of the embedded dictionary.
    #[arg(long, global = true, value_name = "FILE.fst")]
    pub dict: Option<PathBuf>,

    /// Where session logs live (default: $UMPIRE_SESSIONS, else ./sessions when it
    /// exists, else the platform's data directory).
    #[arg(long, global = true, value_name = "DIR")]
    pub sessions: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// `defer`: each subcommand's arguments are built only when that subcommand runs, so a
/// one-word `check` does not pay for building every other subcommand (one check is a
/// whole process, timed against `look`).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Start a new session and open the scorekeeper's prompt.
    #[command(
        after_help = "Examples:\n  umpire new take-two alice bob carol --rounds 5 --name friday\n  umpire new take-two ann ben --limit 100 --tiles my-tiles.json\n  umpire new take-two ann ben < evening.txt      (a script: one command a line)"
    )]
    New(NewArgs),
    /// Reopen a session and its prompt.
    #[command(
        after_help = "Examples:\n  umpire resume friday\n  umpire resume friday < more-rounds.txt"
    )]
    Resume {
        /// The session's name (see `umpire sessions`).
        name: String,
    },
    /// List the sessions: name, game, players, rounds, last change.
    #[command(after_help = "Examples:\n  umpire sessions\n  umpire --sessions ~/games sessions")]
    Sessions,
    /// Player records over every session: played, won, rounds, average and best round,
    /// penalties, words ruled not allowed.
    #[command(
        after_help = "Examples:\n  umpire stats\n  umpire stats alice\n  umpire stats --game take-two --json"
    )]
    Stats {
        /// Only this player.
        player: Option<String>,
        /// Only sessions of this game.
        #[arg(long)]
        game: Option<String>,
        /// An object keyed by player, each with sessions, wins, rounds, average, best,
        /// penalties, words_not_allowed.
        #[arg(long)]
        json: bool,
    },
    /// Write a session out as JSON, CSV (one row a round), Markdown or an SVG chart.
    #[command(
        after_help = "Examples:\n  umpire export friday --format csv -o friday.csv\n  umpire export friday --format json | jq .totals"
    )]
    Export {
        /// The session's name.
        name: String,
        #[arg(long, short, value_enum, default_value = "md")]
        format: crate::session::export::Format,
        /// Write to this file instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Judge words under a game's rules; exit 0 if all are allowed, 1 if any is not.
    #[command(
        after_help = "Examples:\n  umpire check qi za dont\n  umpire check --rules word-taking cafe\n  umpire check --json london\n  umpire check --stdin --quiet < words.txt"
    )]
    Check(CheckArgs),
    /// Rule on a crossword grid typed in a file: every across and down word, and that
    /// it is one piece. Exit 0 when acceptable, 1 when not.
    #[command(
        after_help = "A grid file has one row a line: capital letters are tiles, lowercase\nletters (or ?x) are blanks standing for that letter, . or space is empty.\n\nExamples:\n  umpire grid alice.txt\n  umpire grid --rules word-taking --json alice.txt\n  printf 'CAT\\nA..\\nR..\\n' | umpire grid -"
    )]
    Grid(GridArgs),
    /// Word Making & Word Taking: every take of the given words (as by a player who
    /// holds none of them) and every make from the centre's letters. Exit 0 when there
    /// is at least one, 1 when none.
    #[command(
        after_help = "Examples:\n  umpire word-moves --centre S AMPLE\n  umpire word-moves --centre PST LAME CAT --min-length 3\n  umpire word-moves --centre VE --rules names-places NICE\n  umpire word-moves --centre AEST --json | jq '.[] | select(.from == null)'"
    )]
    WordMoves(WordMovesArgs),
    /// Word Making & Word Taking: may OLD be taken as NEW? Exit 0 valid, 1 not, 2 bad
    /// input.
    #[command(
        after_help = "Without --pool the letters NEW adds are taken to be on the table; with it,\nthey must come from those letters.\n\nExamples:\n  umpire take-word AMPLE SAMPLE --pool S\n  umpire take-word CAT CATS                  (refused: only a plural)\n  umpire take-word CAT CATS --own            (an S on one's own word: allowed)\n  umpire take-word OX OXEN --json"
    )]
    TakeWord(TakeWordArgs),
    /// WordNet's meanings of a word, by part of speech, and the spellings that fold to
    /// it. Exit 0 when WordNet defines it, 1 when not (the judge's verdict is shown).
    #[command(after_help = "Examples:\n  umpire define qi\n  umpire define mice")]
    Define {
        word: String,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// The dictionary: what it holds, and building your own word list.
    #[command(
        subcommand,
        after_help = "Examples:\n  umpire dict info\n  umpire dict build house.txt -o house.fst"
    )]
    Dict(DictCommand),
    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  umpire completions bash > ~/.local/share/bash-completion/completions/umpire\n  umpire completions zsh > ~/.zfunc/_umpire\n  umpire completions fish > ~/.config/fish/completions/umpire.fish"
    )]
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Words to judge (letters only; accents are folded away).
    #[arg(value_name = "WORD", required_unless_present = "stdin")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print a JSON array of {word, allowed, reason, code}.
    #[arg(long)]
    pub json: bool,
    /// Read one word a line from standard input (batch checking).
    #[arg(long, conflicts_with = "words")]
    pub stdin: bool,
    /// With --stdin: print only the number of words not allowed.
    #[arg(long, requires = "stdin")]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct WordMovesArgs {
    /// The letters in the centre, e.g. PST (empty for none).
    #[arg(long, value_name = "LETTERS")]
    pub centre: String,
    /// The words on the table.
    #[arg(value_name = "WORD")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print a JSON array of {word, from, added}: from is the word taken, null for a
    /// make; added the letters added (all of a make's).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct TakeWordArgs {
    /// The word on the table.
    pub old: String,
    /// The word it would become.
    pub new: String,
    /// The letters NEW may add from: the centre and any letter drawn.
    #[arg(long, value_name = "LETTERS")]
    pub pool: Option<String>,
    /// OLD is the taker's own word: only an S may be added, plural or not (rule 4).
    #[arg(long)]
    pub own: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print {valid, reason, added, old, new, rules}.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct GridArgs {
    /// The grid file (`-` for standard input).
    pub file: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print {words: [{word, allowed, reason, at}], connected, apart, tiles, acceptable}.
    #[arg(long)]
    pub json: bool,
}

// `umpire new` and `new` at the prompt.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The game: take-two.
    pub game: String,
    /// The players, in seat order.
    #[arg(required = true, value_name = "PLAYER")]
    pub players: Vec<String>,
    /// The session's name (default: the game and today's date).
    #[arg(long)]
    pub name: Option<String>,
    /// End the match after this many rounds.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub rounds: Option<u32>,
    /// End the match when a player's total reaches this many points.
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub limit: Option<u32>,
    /// A tile-set file (the format of dictionaries/tiles-take-two.json).
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// `new ...` typed at the prompt, parsed by the same definitions as the shell's.
#[derive(Debug, Parser)]
#[command(
    name = "new",
    no_binary_name = false,
    disable_help_flag = true,
    disable_version_flag = true
)]
pub struct PromptNew {
    #[command(flatten)]
    pub args: NewArgs,
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

#[derive(Debug, Subcommand)]
pub enum DictCommand {
    /// Counts by category and level, sources and licences.
    #[command(after_help = "Examples:\n  umpire dict info\n  umpire dict info --licences")]
    Info {
        /// Print the full licence notices of the embedded data.
        #[arg(long)]
        licences: bool,
    },
    /// Compile a plain word list (one word a line) for use with --dict.
    #[command(
        after_help = "Example:\n  umpire dict build house-words.txt -o house.fst\n  umpire --dict house.fst check zax"
    )]
    Build {
        /// The list: one word a line, `#` comments allowed.
        list: PathBuf,
        /// Where to write the compiled list.
        #[arg(short, long, value_name = "FILE.fst")]
        output: PathBuf,
    },
}
