//! Word Making & Word Taking as a game of the session core: [`WordTaking`] joins the
//! engine (letters, the take and make rulings, the table, the move finder) to the
//! [`Game`] contract, so a session logs its draws, words and takes, undoes and replays
//! them, and shows, charts and exports who holds what.
//!
//! The engine decides; this module only translates: flags into [`Options`], typed
//! lines into events (`verbs.rs`), the engine's errors into refusals, and the table
//! into what the core shows (`view.rs`).

use serde::{Deserialize, Serialize};

use super::letter_set::LetterSet;
use super::state::{self, DEFAULT_TARGET, Event, MAX_TARGET, OnEmpty, Table, WinOn};
use crate::contract::{
    Demo, Engine, Files, Flag, FlagKind, FlagValues, Kind, Refusal, Roster, Setup,
};
use crate::lexicon::RuleSet;
use crate::text::printable_text;

/// A letter-set file is a few hundred bytes; this bounds a wrong file named by mistake.
const MAX_LETTERS_FILE: usize = 64 * 1024;

/// The word-taking game, for the registry.
pub(crate) struct WordTaking;

/// `new word-taking`'s own flags.
const FLAGS: &[Flag] = &[
    Flag {
        name: "target-words",
        value: "N",
        help: "Words a player must hold to win (rule 8 says ten)",
        kind: FlagKind::Number {
            min: 1,
            max: MAX_TARGET as i64,
            default: Some(DEFAULT_TARGET as i64),
        },
    },
    Flag {
        name: "win-on",
        value: "WIN_ON",
        help: "hold: the winner still holds the target when their next turn comes (rule 8's \"secures and retains\"); reach: the moment a player reaches it",
        kind: FlagKind::Choice {
            choices: &["hold", "reach"],
            default: "hold",
        },
    },
    Flag {
        name: "letters",
        value: "FILE",
        help: "The box: a letter-set file (the format of dictionaries/letters-word-taking.json; the sheet prints no counts)",
        kind: FlagKind::File,
    },
    Flag {
        name: "no-missed-hint",
        value: "",
        help: "Do not say after `next` which take or make was missed (`missed` still lists them)",
        kind: FlagKind::Switch,
    },
    Flag {
        name: "hint-level",
        value: "LEVEL",
        help: "The commonest SCOWL level a hint names (10 common .. 95 obscure): the hint after `next` and `missed` offer only words this common, never one the judge refuses",
        kind: FlagKind::Level {
            default: DEFAULT_HINT_LEVEL,
        },
    },
    Flag {
        name: "on-empty",
        value: "ON_EMPTY",
        help: "Once the box is empty (a house rule: the sheet says nothing): finish ends the game when that turn ends, the most words winning; play-on keeps taking from the centre until no move is left",
        kind: FlagKind::Choice {
            choices: &["finish", "play-on"],
            default: "finish",
        },
    },
    Flag {
        name: "no-suffix-takes",
        value: "",
        help: "House rule of the Anagrams apps: a take that only adds an -ED, -ING or -ER ending is refused (WALK to WALKED, BAKE to BAKER)",
        kind: FlagKind::Switch,
    },
];

/// The hint's level unless the table says otherwise: SCOWL 50, words most players know.
pub(super) const DEFAULT_HINT_LEVEL: u8 = crate::lexicon::COMMON_LEVEL;

fn default_hint_level() -> u8 {
    DEFAULT_HINT_LEVEL
}

fn is_default_hint_level(level: &u8) -> bool {
    *level == DEFAULT_HINT_LEVEL
}

/// A session's agreement, as its header stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Options {
    /// The target, when it wins, and the box.
    #[serde(flatten)]
    pub(crate) table: state::Options,
    /// Where the box came from: "default" or the file's name.
    pub(crate) letters_from: String,
    /// After `next`, one line naming a take or make the player missed.
    pub(crate) missed_hint: bool,
    /// The commonest level a hint names (logs from before it read as 50).
    #[serde(
        default = "default_hint_level",
        skip_serializing_if = "is_default_hint_level"
    )]
    pub(crate) hint_level: u8,
    /// The house rule refusing takes that only add -ED, -ING or -ER.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) no_suffix_takes: bool,
}

impl Setup for WordTaking {
    const NAME: &'static str = "word-taking";
    const TITLE: &'static str = "Word Making & Word Taking";
    const SUMMARY: &'static str = "make words from drawn letters, take others' words by adding letters; first to hold ten words wins";
    const RULE_SETS: &'static [RuleSet] = &super::RULE_SETS;
    const FLAGS: &'static [Flag] = FLAGS;
    type Options = Options;

    fn setup(flags: &FlagValues, files: &Files, _players: &[String]) -> Result<Options, Refusal> {
        let target_words = flags
            .number("target-words")
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(DEFAULT_TARGET);
        let win_on = match flags.choice("win-on") {
            Some("reach") => WinOn::Reach,
            _ => WinOn::Hold,
        };
        let on_empty = match flags.choice("on-empty") {
            Some("play-on") => OnEmpty::PlayOn,
            _ => OnEmpty::Finish,
        };
        let hint_level = flags
            .number("hint-level")
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(DEFAULT_HINT_LEVEL);
        let (letters, letters_from) = match flags.file("letters") {
            None => (
                LetterSet::standard().map_err(|e| Refusal::new(e.to_string()))?,
                "default".to_string(),
            ),
            Some(path) => {
                let text = files.get(path)?;
                let shown = printable_text(&path.display().to_string());
                if text.len() > MAX_LETTERS_FILE {
                    return Err(Refusal::input(format!(
                        "{shown} is {} bytes: a letter-set file is at most {} KB",
                        text.len(),
                        MAX_LETTERS_FILE / 1024
                    )));
                }
                let set = LetterSet::from_json(text)
                    .map_err(|e| Refusal::input(format!("{shown}: {e}")))?;
                (set, path.display().to_string())
            }
        };
        let in_box = letters.counts().map(|c| c.len()).unwrap_or(0);
        if target_words > in_box {
            return Err(Refusal::input(format!(
                "--target-words {}: the box holds {}, so no one could ever hold that many words",
                target_words,
                crate::text::count(in_box as i64, "letter", "letters")
            )));
        }
        let mut table = state::Options::new(letters, target_words, win_on)
            .map_err(|e| Refusal::input(e.to_string()))?;
        table.on_empty = on_empty;
        Ok(Options {
            table,
            letters_from,
            missed_hint: !flags.switch("no-missed-hint"),
            hint_level,
            no_suffix_takes: flags.switch("no-suffix-takes"),
        })
    }

    fn check_options(options: &Options, _players: usize) -> Result<(), Refusal> {
        let o = &options.table;
        state::Options::new(o.letters.clone(), o.target_words, o.win_on)
            .map(|_| ())
            .map_err(|e| Refusal::input(e.to_string()))
    }

    fn describe_options(options: &Options) -> String {
        let o = &options.table;
        let letters = o.letters.counts().map(|c| c.len()).unwrap_or(0);
        let win = match o.win_on {
            WinOn::Hold => "held at the start of their turn",
            WinOn::Reach => "the moment they are reached",
        };
        let mut text = format!(
            "{} wins, {win}; {} box ({})",
            crate::contract::Unit::WORDS.count(o.target_words as i64),
            printable_text(&options.letters_from),
            crate::text::count(letters as i64, "letter", "letters")
        );
        if o.on_empty == OnEmpty::PlayOn {
            text.push_str("; play on once the box is empty");
        }
        if !options.missed_hint {
            text.push_str("; no missed hints");
        } else if options.hint_level != DEFAULT_HINT_LEVEL {
            text.push_str(&format!("; hints to SCOWL {}", options.hint_level));
        }
        if options.no_suffix_takes {
            text.push_str("; no -ED, -ING, -ER takes");
        }
        text
    }

    #[cfg(feature = "cli")]
    fn one_shots() -> &'static [crate::contract::OneShot] {
        super::shell::ONE_SHOTS
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben", "cat", "--min-length", "3"],
            script: &[
                "draw ann T",
                "next",
                "draw ben A",
                "next",
                "draw cat C",
                "make cat CAT",
                "next",
                "draw ann O",
                "take ann COAT from cat",
                "next",
            ],
        }
    }
}

impl Engine for WordTaking {
    const PERIOD: Option<&'static str> = None;
    type State = Table;
    type Event = Event;

    fn start(options: &Options, players: usize) -> Table {
        Table::new(&options.table, players)
    }

    fn apply(
        state: &mut Table,
        options: &Options,
        roster: &Roster,
        event: &Event,
    ) -> Result<(), Refusal> {
        state
            .apply(&options.table, roster.names(), event)
            .map_err(Refusal::from)
    }

    /// A player may sit down between any two turns, holding no words (words are won
    /// only by making or taking them) and playing after the last seat.
    fn add_player(state: &mut Table, _options: &Options, score: i64) -> Result<(), Refusal> {
        if state.finished() {
            return Err(Refusal::of(
                Kind::MatchOver,
                "the game is over: nobody can join it",
            ));
        }
        if score != 0 {
            return Err(Refusal::input(
                "a player joins word taking holding no words (words are won by making or taking them): add NAME without --score",
            ));
        }
        state.add_player();
        Ok(())
    }
}
