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
    after_help = "Examples:\n  umpire                                 the prompt: resumes your last session\n  umpire new take-two alice bob carol    a new Take Two session\n  umpire check qi dont london            judge words\n  umpire grid alice.txt                  rule on a typed grid\n  umpire sessions                        list sessions\n  umpire export friday --format csv      write one out\n  umpire serve                           a live scoreboard page for the table"
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
    /// Start a new session and open the scorekeeper's prompt (`umpire new` lists the
    /// games, `umpire new GAME --help` a game's flags).
    #[command(
        disable_help_flag = true,
        after_help = "Examples:\n  umpire new take-two alice bob carol --rounds 5 --name friday\n  umpire new take-two --help                      (that game's flags)\n  umpire new take-two ann ben < evening.txt      (a script: one command a line)"
    )]
    New {
        /// The game, then its players and flags (`umpire new GAME --help`).
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "GAME ARGS"
        )]
        args: Vec<String>,
    },
    /// Reopen a session and its prompt.
    #[command(
        visible_alias = "open",
        after_help = "Examples:\n  umpire resume friday\n  umpire open friday\n  umpire resume friday < more-rounds.txt"
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
        /// The format (default: from the output file's extension, else md).
        #[arg(long, short, value_enum)]
        format: Option<crate::session::export::Format>,
        /// Write to this file instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Serve a session as a live scoreboard page for the table's phones or a TV:
    /// read-only, and it follows every entry as it is recorded.
    #[command(
        after_help = "The page shows the standings, the round or turn, the chart, the game's table\nand the last rulings; it updates by itself. It takes no lock and writes\nnothing: keep scoring at the prompt as usual, here or in another terminal.\nIt listens on 127.0.0.1 (this machine only) unless --listen names another\naddress: 0.0.0.0:7878 lets the players' phones on your network in.\nIt answers only requests that name it: its address, localhost and, beyond this\nmachine, the machine's own addresses and host name (pi and pi.local on a machine\ncalled pi); --allow-host adds any other name the phones use (one your router\ngives it, a reverse proxy's).\n\nExamples:\n  umpire serve                            the latest unfinished session\n  umpire serve friday\n  umpire serve friday --listen 0.0.0.0:7878\n  umpire serve friday --listen 0.0.0.0:7878 --allow-host scores.lan"
    )]
    Serve {
        /// The session's name (default: the latest unfinished one).
        name: Option<String>,
        /// Where to listen, as IP:PORT.
        #[arg(long, value_name = "ADDR:PORT", default_value_t = crate::serve::DEFAULT_LISTEN)]
        listen: std::net::SocketAddr,
        /// Another name the page may be asked for by, without a port (may be repeated).
        #[arg(long = "allow-host", value_name = "NAME")]
        allow_host: Vec<crate::serve::AllowHost>,
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
    /// Judge cards as a TAKE rummy run: 3+ cards of one suit in order, jokers standing
    /// in. Exit 0 when they are a run, 1 when not, 2 when the cards cannot be read.
    #[command(
        after_help = "Cards: 5C, 10H or TH, QS, AD, JK (or '*') for a joker; suits C D H S or ♣ ♦ ♥ ♠,\nany case; ranges such as 5C-9C. Cards may be typed in any order. A joker\nnot needed for a gap extends the run downward when typed first, upward\notherwise; JK=4C says what a joker stands for.\n\nExamples:\n  umpire run 5C 6C 7C\n  umpire run JK 2D 3D                 the joker as the ace: JK=AD 2D 3D\n  umpire run 2H-AH                    locked: complete, cannot be taken\n  umpire run --json 5C JK=6C 7C\n  umpire run KC AC 2C                 not a run: it wraps (exit 1)"
    )]
    Run(RunArgs),
    /// Rule on a TAKE rummy take: cards from hand added to a run on the table, or joining
    /// two. Exit 0 when allowed, 1 when not, 2 when the input cannot be read.
    #[command(
        after_help = "Type the runs on the table separated by commas, then + and the cards from\nhand. A locked run (complete at 13 cards) cannot be taken; a joker on the\ntable keeps the card it stands for.\n\nExamples:\n  umpire take 5C 6C 7C + 8C                   the sheet's take\n  umpire take 2D 3D 4D 5D, 7D 8D 9D + 6D      the sheet's double take\n  umpire take 2S-KS + AS                      locking it up\n  umpire take --json QH KH AH + JK            the joker goes below: JH"
    )]
    Take(TakeArgs),
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

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The cards (any order; ranges like 5C-9C; JK=4C for a joker's meaning).
    #[arg(value_name = "CARD", required = true)]
    pub cards: Vec<String>,
    /// Print {valid, reason, run, jokers, value, locked}.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct TakeArgs {
    /// The runs on the table (commas between two runs), +, then the cards from hand.
    #[arg(value_name = "RUN[, RUN] + CARDS", required = true)]
    pub words: Vec<String>,
    /// Print {valid, reason, run, value, locked}.
    #[arg(long)]
    pub json: bool,
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
