//! TAKE rummy on the round-game layer: [`TakeRummy`] joins the engine (runs, takes,
//! hands) to the layer, which keeps the match to its target, closes hands, seats late
//! joiners, and logs, undoes, corrects, shows, charts and exports the hands.
//!
//! The engine decides; this module only translates: the flags into [`Options`], typed
//! lines into entries (`verbs.rs`), the engine's errors into refusals, and the hands
//! into what the core shows (`view.rs`).

use crate::contract::Extras;
use serde::{Deserialize, Serialize};

use serde_json::{Map, Value};

use super::describe::describe_event;
use super::event::Event;
use super::hand::Hand;
use super::state::{DEFAULT_TARGET, MAX_TARGET, Match, Rummy, new_match};
use super::turns::{DEALS, DEALT};
use crate::contract::{
    Action, Called, Column, Ctx, Demo, Ends, EntryStatus, Figure, Files, Flag, FlagKind,
    FlagValues, Move, Plays, Refusal, Roster, RoundEvent, RoundGame, Scene, Setup, TableView, Text,
};

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
        new_match(options.target, players).map_err(|e| Refusal::input(e.to_string()))?;
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

impl RoundGame for TakeRummy {
    const CALLED: Called = Called::HAND;
    /// The sheet's 500 is what "most players choose": the table may choose another.
    type Round = Hand;
    type Entry = Event;
    const MOVES: &'static [Move<Plays<Self>>] = super::verbs::MOVES;

    /// "The player with the most points wins."
    fn lowest_wins(_: &Options) -> bool {
        false
    }

    fn ends(options: &Options) -> Ends {
        Ends::target(i64::from(options.target))
    }

    fn with_ends(options: &Options, ends: Ends) -> Options {
        Options {
            target: ends
                .target
                .and_then(|t| u32::try_from(t).ok())
                .unwrap_or(options.target),
            ..options.clone()
        }
    }

    fn enter(
        play: &mut Match,
        entry: &Event,
        options: &Options,
        roster: &Roster,
    ) -> Result<(), Refusal> {
        play.apply(roster.names(), options.deal, entry)
            .map_err(Refusal::from)
    }

    const ENTRY_HINT: &'static str = "held PLAYER CARDS, or held PLAYER - for none";

    fn closing(
        ctx: &Ctx<'_, Self>,
        after: &Match,
        close: Action<RoundEvent<Self>>,
    ) -> Result<Action<RoundEvent<Self>>, Refusal> {
        super::verbs::closing(ctx, after, close)
    }

    /// A hand's end-of-hand entries, which `fix HAND VERB ARGS` corrects.
    const FIXES: &'static [&'static str] = &["laid", "held"];

    fn in_place_of(new: &Event, old: &Event, _: &Roster) -> Option<Event> {
        super::verbs::replaces(new, old).then(|| new.clone())
    }

    /// Only a `held` entry gives a player a score in the open hand, so only it is
    /// followed by the player's standing; a run laid or taken says its own value.
    fn player(entry: &Event) -> Option<&str> {
        match entry {
            Event::Held { player, .. } => Some(player),
            _ => None,
        }
    }

    fn texts(entry: &mut Event) -> Vec<Text<'_>> {
        super::verbs::texts(entry)
    }

    fn complete(scene: &Scene<'_, Self>, kind: &str) -> Vec<String> {
        super::verbs::complete(scene, kind)
    }

    fn describe(entry: &Event, before: &Scene<'_, Self>) -> String {
        describe_event(
            entry,
            before.state,
            before.roster.names(),
            before.options.deal,
        )
    }

    fn detail(hand: &Hand, seat: usize, closed: bool, _: &Options) -> String {
        super::view::detail(hand, seat, closed)
    }

    fn columns(hand: &Hand, seats: usize, closed: bool, _: &Options) -> Vec<Column> {
        super::view::columns(hand, seats, closed)
    }

    /// A seat with runs laid and no held entry yet is partly entered.
    fn status(hand: &Hand, seat: usize, _closed: bool, _: &Options) -> EntryStatus {
        match (seat < hand.seats(), hand.held(seat)) {
            (false, _) => EntryStatus::Absent,
            (true, Some(_)) => EntryStatus::Done,
            (true, None) if hand.laid(seat).is_some() => EntryStatus::Partial,
            (true, None) => EntryStatus::Waiting,
        }
    }

    const PARTIAL: &'static str = "laid, not yet held";

    fn figures(scene: &Scene<'_, Self>) -> Vec<Figure> {
        super::view::figures(scene)
    }

    fn table(scene: &Scene<'_, Self>) -> TableView {
        super::view::table(scene)
    }

    fn export(scene: &Scene<'_, Self>) -> Map<String, Value> {
        super::view::export(scene)
    }

    fn situation(scene: &Scene<'_, Self>) -> Vec<String> {
        super::view::situation(scene)
    }
}

/// What only TAKE rummy needs of the core: a refusal said with the entry that explains
/// it, and the joker question's other answer.
impl Extras<Event> for TakeRummy {
    const MENDS: bool = true;

    fn mend(
        scene: &Scene<'_, Self>,
        verb: &str,
        args: &str,
        refusal: &Refusal,
        entries: &[(u64, &Event)],
    ) -> Option<Refusal> {
        super::verbs::mend(scene, verb, args, refusal, entries)
    }

    fn answers(scene: &Scene<'_, Self>, offered: &[Event]) -> Vec<(String, Vec<Event>)> {
        super::verbs::answers(scene, offered)
    }
}
