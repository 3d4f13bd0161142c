//! TAKE rummy as a game of the session core: [`TakeRummy`] joins the engine (runs,
//! takes, hands, the match to its target) to the [`Game`] contract, so a session logs
//! each entry, undoes and replays it, corrects a closed hand, and shows, charts and
//! exports the hands.
//!
//! The engine decides; this module only translates: the `--target` flag into
//! [`Options`], typed lines into events (`verbs.rs`), the engine's errors into
//! refusals, and the match into what the core shows (`view.rs`).

use serde::{Deserialize, Serialize};

use super::event::Event;
use super::state::{DEFAULT_TARGET, MAX_TARGET, Match};
use super::turns::{DEALS, DEALT};
use crate::contract::{Demo, Engine, Files, Flag, FlagKind, FlagValues, Refusal, Roster, Setup};

/// The fewest players a match takes: a take needs someone to take from.
pub(super) const MIN_PLAYERS: usize = 2;

/// TAKE rummy, for the registry.
pub(crate) struct TakeRummy;

/// `new take-rummy`'s own flags.
const FLAGS: &[Flag] = &[
    Flag {
        name: "target",
        value: "N",
        help: "End the match when a hand closes with someone at or over N points (the sheet's 500 unless the table agrees another)",
        kind: FlagKind::Number {
            min: 1,
            max: MAX_TARGET as i64,
            default: Some(DEFAULT_TARGET as i64),
        },
    },
    Flag {
        name: "deal",
        value: "N",
        help: "Cards dealt to each player: the sheet's 7, or 10 (it also speaks of \"the ten cards in your hand\"); umpire counts each hand from it",
        kind: FlagKind::Choice {
            choices: &["7", "10"],
            default: "7",
        },
    },
];

/// What the flags come to, stored in the session header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Options {
    /// The points that end the match as a hand closes.
    pub(crate) target: u32,
    /// Cards dealt to each player; a log from before `--deal` deals the sheet's 7,
    /// and the sheet's 7 is not written (a header reads as it did before the flag).
    #[serde(default = "sheet_deal", skip_serializing_if = "is_sheet_deal")]
    pub(crate) deal: u32,
}

/// The sheet's deal, for a log whose header has none.
fn sheet_deal() -> u32 {
    DEALT
}

/// Whether `deal` is the sheet's, left out of the header and the export.
fn is_sheet_deal(deal: &u32) -> bool {
    *deal == DEALT
}

/// The match as the core holds it: the engine's [`Match`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct State {
    pub(super) game: Match,
}

impl State {
    /// The engine's match.
    pub(crate) fn game(&self) -> &Match {
        &self.game
    }
}

/// Checks the number of players a match starts with.
fn check_players(players: usize) -> Result<(), Refusal> {
    if players < MIN_PLAYERS {
        return Err(Refusal::input(format!(
            "TAKE rummy needs at least {MIN_PLAYERS} players: a take needs someone to take from"
        )));
    }
    Ok(())
}

impl Setup for TakeRummy {
    const NAME: &'static str = "take-rummy";
    const TITLE: &'static str = "TAKE rummy";
    const SUMMARY: &'static str = "the rummy whose runs can be taken; each hand scores laid minus held, first to 500 ends the match, highest total wins";
    const FLAGS: &'static [Flag] = FLAGS;
    type Options = Options;

    fn setup(flags: &FlagValues, _files: &Files, players: &[String]) -> Result<Options, Refusal> {
        let target = flags
            .number("target")
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(DEFAULT_TARGET);
        let deal = flags
            .choice("deal")
            .and_then(|d| d.parse::<u32>().ok())
            .unwrap_or(DEALT);
        let options = Options { target, deal };
        Self::check_options(&options, players.len())?;
        Ok(options)
    }

    fn check_options(options: &Options, players: usize) -> Result<(), Refusal> {
        check_players(players)?;
        Match::new(options.target).map_err(|e| Refusal::input(e.to_string()))?;
        if !DEALS.contains(&options.deal) {
            return Err(Refusal::input(format!(
                "a deal of {} cards: TAKE rummy deals 7 (the sheet) or 10",
                options.deal
            )));
        }
        Ok(())
    }

    fn describe_options(options: &Options) -> String {
        format!(
            "to {} points; {} cards dealt each from a deck of 52 and 2 jokers",
            options.target, options.deal
        )
    }

    #[cfg(feature = "cli")]
    fn one_shots() -> &'static [crate::contract::OneShot] {
        super::shell::ONE_SHOTS
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben", "cat", "--target", "300"],
            script: &[
                "deal ann 9H",
                "draw ben",
                "lay ben 5C 6C 7C",
                "discard ben 2D",
                "draw cat 2D",
                "lay cat 2D 3D 4D",
                "discard cat KS",
                "draw ann",
                "take ann 8C onto A",
                "discard ann QH",
                "draw ben QH",
                "lay ben 10H JH QH",
                "discard ben 4S",
                "draw cat",
                "take cat 5D onto 2D",
                "discard cat 7S",
                "draw ann",
                "discard ann 3S",
                "draw ben",
                "take ben KH onto C",
                "discard ben AS",
                "held ann 2H 3H 8S 9S JD AD",
                "held cat 3C 4C 9C",
                "end",
                "laid ann 2S-AS",
                "held ann -",
                "laid ben JK=8H 9H 10H",
                "held ben 3C",
                "laid cat -",
                "held cat 4C KD",
                "end",
            ],
        }
    }
}

impl Engine for TakeRummy {
    const PERIOD: Option<&'static str> = Some("hand");
    type State = State;
    type Event = Event;

    fn start(options: &Options, players: usize) -> State {
        State {
            // The header's target was checked as it was read; the sheet's 500 stands in
            // should a caller skip that check.
            game: Match::new(options.target)
                .unwrap_or_default()
                .dealing(options.deal)
                .seated(players),
        }
    }

    fn apply(
        state: &mut State,
        _options: &Options,
        roster: &Roster,
        event: &Event,
    ) -> Result<(), Refusal> {
        state
            .game
            .apply(roster.names(), event)
            .map_err(Refusal::from)
    }

    /// A player sits down between hands, from 0 or from the score the house gives
    /// (short of the target: the match ends only as a hand closes).
    fn add_player(state: &mut State, _options: &Options, score: i64) -> Result<(), Refusal> {
        let seats = state.game.rounds().seats();
        state.game.add_seat(seats, score).map_err(Refusal::from)
    }

    fn closed(state: &State) -> u32 {
        state.game.rounds().closed_count()
    }
}
