//! Every flag and subcommand, in one place.

pub(crate) mod new;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

pub(crate) use crate::lexicon::RuleArgs;

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
pub(crate) struct Cli {
    /// Use a word list built by `umpire dict build` instead of the embedded dictionary.
    #[arg(long, global = true, value_name = "FILE.fst")]
    pub(crate) dict: Option<PathBuf>,

    /// Where session logs live (default: $UMPIRE_SESSIONS, else ./sessions when it
    /// exists, else the platform's data directory).
    #[arg(long, global = true, value_name = "DIR")]
    pub(crate) sessions: Option<PathBuf>,

    /// How the prompt answers: `text`, as a person reads it, or `json`, one JSON object
    /// a line (what each line recorded, refused or asked, as data) for a program
    /// driving umpire as a script.
    #[arg(long, value_enum, default_value_t = Replies::Text, value_name = "HOW")]
    pub(crate) replies: Replies,

    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

/// How the prompt answers each line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Replies {
    Text,
    Json,
}

/// `defer`: each subcommand's arguments are built only when that subcommand runs, so a
/// one-word `check` does not pay for building every other subcommand (one check is a
/// whole process, timed against `look`).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub(crate) enum Command {
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
    /// Direct a room: several tables (sessions) played at once, each kept from the one
    /// prompt; started empty when there is none.
    #[command(
        after_help = "At the room's prompt: `start TABLE GAME PLAYERS...` starts a table, `seat TABLE SESSION`\nseats a session already begun, `open TABLE` types into one (the others go on), `tables`\nlists them with where each stands, `drop TABLE` takes one out (its log is kept).\n\nExamples:\n  umpire room friday\n  umpire room friday < night.txt"
    )]
    Room {
        /// The room's name: letters, digits, - or _.
        name: String,
    },
    /// The league: players rated across nights game by game (Weng-Lin) from the
    /// finished sessions, with wins against what the table sizes would give, places,
    /// and each rating's change over the last night; two players head to head; the
    /// seating for the next round.
    #[command(
        args_conflicts_with_subcommands = true,
        after_help = "A score pad is the game its --title names (a pad titled Hearts is Hearts); an unfinished\nsession counts for nothing, and is said.\n\nExamples:\n  umpire league\n  umpire league --game Hearts --format csv\n  umpire league --room club\n  umpire league vs ann ben\n  umpire league seat ann ben cat dan eve fay gus hal --tables 2 --seed 7"
    )]
    League {
        #[command(subcommand)]
        what: Option<LeagueCommand>,
        /// Only this game (a pad's title, or a game's title or name).
        #[arg(long)]
        game: Option<String>,
        /// Only the sessions of this room's tables.
        #[arg(long)]
        room: Option<String>,
        /// Write it out as json, csv or md instead of the terminal's tables.
        #[arg(long, value_enum)]
        format: Option<crate::export::Format>,
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
        after_help = "Examples:\n  umpire export friday --format csv -o friday.csv\n  umpire export friday --format json | jq .totals\n  umpire export club --room --format md    (a room's night)"
    )]
    Export {
        /// The session's name.
        name: String,
        /// The format (default: from the output file's extension, else md).
        #[arg(long, short, value_enum)]
        format: Option<crate::export::Format>,
        /// Write to this file instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// NAME is a room (`umpire room NAME`): write its night, every player with the
        /// tables they sat at, their place and points, and their wins. (A room with no
        /// session of its name is found without it.)
        #[arg(long)]
        room: bool,
    },
    /// Serve a session as a live scoreboard page for the table's phones or a TV: it
    /// follows every entry as it is recorded; with --keep, phones keep score too.
    #[command(
        after_help = "The page shows the standings, the round or turn, the chart, the game's table\nand the last rulings; it updates by itself. It takes no lock and writes\nnothing: keep scoring at the prompt as usual, here or in another terminal.\nIt listens on 127.0.0.1 (this machine only) unless --listen names another\naddress: 0.0.0.0:7878 lets the players' phones on your network in.\nIt answers only requests that name it: its address, localhost and, beyond this\nmachine, the machine's own addresses and host name (pi and pi.local on a machine\ncalled pi); --allow-host adds any other name the phones use (one your router\ngives it, a reverse proxy's).\nListening beyond this machine, it prints the address the phones open and a\nQR code of it, which the page shows too. Anyone can check a word on the page\nunder the session's rules: a look-up, never recorded.\nWith --keep it is the scorekeeper, with no terminal (a small box by the TV): it\nopens the session for writing (no other umpire may write it meanwhile) and\nprints a second link, `keep score: URL`, whose secret code lets a phone record\nany line the prompt takes. The code is kept beside the logs; --new-code\nreplaces it, and the old link is refused.\n\nExamples:\n  umpire serve                            the latest unfinished session\n  umpire serve friday\n  umpire serve friday --listen 0.0.0.0:7878\n  umpire serve friday --listen 0.0.0.0:7878 --allow-host scores.lan\n  umpire serve friday --judge             words only acceptable or not\n  umpire serve friday --keep --listen 0.0.0.0:7878   phones keep score"
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
        /// Word judge mode: the page's word check and its rulings say only
        /// "acceptable" or "not acceptable", as `grid --judge` does.
        #[arg(long)]
        judge: bool,
        /// Keep score from phones: open the session for writing and serve the
        /// scorekeeper's link beside the page.
        #[arg(long)]
        keep: bool,
        /// With --keep: a new scorekeeper's code (the old link is refused).
        #[arg(long, requires = "keep")]
        new_code: bool,
    },
    /// Judge words under a game's rules; exit 0 if all are allowed, 1 if any is not.
    #[command(
        after_help = "Examples:\n  umpire check qi za dont\n  umpire check --rules word-taking cafe\n  umpire check --json london\n  umpire check --stdin --quiet < words.txt"
    )]
    Check(CheckArgs),
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
pub(crate) struct CheckArgs {
    /// Words to judge (letters only; accents are folded away).
    #[arg(value_name = "WORD", required_unless_present = "stdin")]
    pub(crate) words: Vec<String>,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// Print a JSON array of {word, allowed, reason, code}.
    #[arg(long)]
    pub(crate) json: bool,
    /// Read one word a line from standard input (batch checking).
    #[arg(long, conflicts_with = "words")]
    pub(crate) stdin: bool,
    /// With --stdin: print only the number of words not allowed.
    #[arg(long, requires = "stdin")]
    pub(crate) quiet: bool,
}

#[derive(Debug, Subcommand)]
pub(crate) enum LeagueCommand {
    /// Two players' finished sessions together, and who placed above whom.
    Vs {
        /// One player.
        a: String,
        /// The other.
        b: String,
    },
    /// Seat the players present at tables of balanced strength by rating, apart from
    /// whom each sat with at their last table.
    Seat {
        /// The players present.
        #[arg(required = true)]
        players: Vec<String>,
        /// How many tables (as even as they can be).
        #[arg(long, conflicts_with = "sizes")]
        tables: Option<usize>,
        /// Each table's size, e.g. 4,4,3.
        #[arg(long, value_delimiter = ',')]
        sizes: Vec<usize>,
        /// Another draw of players of equal rating.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Balance by the ratings of this game (by default each player's over every game).
        #[arg(long)]
        game: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum DictCommand {
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
