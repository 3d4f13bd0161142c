//! Take Two on the round-game layer: its round, how its match ends, and each hook,
//! most of them told in the module that does that job (`verbs.rs`, `score.rs`).

use super::round::{Round, apply_entry};
use super::{Event, Options, TakeTwo, score, verbs};
use crate::contract::Extras;
use crate::contract::event::Ruling;
use crate::contract::{
    Action, Called, Column, Ctx, Ends, Figure, Match, Move, Plays, Refusal, Roster, RoundEvent,
    RoundGame, Scene, TableView, Text,
};

impl RoundGame for TakeTwo {
    const CALLED: Called = Called::ROUND;
    type Round = Round;
    type Entry = Event;
    const MOVES: &'static [Move<Plays<Self>>] = verbs::MOVES;

    /// "The lowest running total leads."
    fn lowest_wins(_: &Options) -> bool {
        true
    }

    fn ends(options: &Options) -> Ends {
        Ends {
            rounds: options.rounds,
            target: options.limit.map(i64::from),
        }
    }

    fn with_ends(options: &Options, ends: Ends) -> Options {
        Options {
            rounds: ends.rounds,
            ..options.clone()
        }
    }

    fn enter(
        play: &mut Match<Round>,
        entry: &Event,
        options: &Options,
        roster: &Roster,
    ) -> Result<(), Refusal> {
        let number = play.number();
        apply_entry(play.open_mut(), number, options, roster, entry)
    }

    const ENTRY_HINT: &'static str = "out, or left TILES";

    fn closing(
        ctx: &Ctx<'_, Self>,
        _after: &Match<Round>,
        close: Action<RoundEvent<Self>>,
    ) -> Result<Action<RoundEvent<Self>>, Refusal> {
        Ok(verbs::closing(ctx, close))
    }

    const FIXES: &'static [&'static str] = &["out", "left", "points", "penalty", "pardon"];

    fn in_place_of(new: &Event, old: &Event, _: &Roster) -> Option<Event> {
        verbs::replaces(new, old).then(|| new.clone())
    }

    fn player(entry: &Event) -> Option<&str> {
        verbs::player(entry)
    }

    fn words(entry: &Event) -> Vec<String> {
        match entry {
            Event::Penalty { words, .. } => words.iter().map(|w| w.to_ascii_lowercase()).collect(),
            _ => Vec::new(),
        }
    }

    fn texts(entry: &mut Event) -> Vec<Text<'_>> {
        verbs::texts(entry)
    }

    fn complete(scene: &Scene<'_, Self>, kind: &str) -> Vec<String> {
        verbs::complete(scene, kind)
    }

    fn describe(entry: &Event, before: &Scene<'_, Self>) -> String {
        score::describe(entry, before)
    }

    fn detail(round: &Round, seat: usize, _closed: bool, _: &Options) -> String {
        round.detail(seat)
    }

    fn columns(round: &Round, seats: usize, _closed: bool, _: &Options) -> Vec<Column> {
        score::columns(round, seats)
    }

    const PARTIAL: &'static str = "penalty only so far";

    fn figures(scene: &Scene<'_, Self>) -> Vec<Figure> {
        score::figures(scene)
    }

    fn table(scene: &Scene<'_, Self>) -> TableView {
        score::table(scene)
    }

    fn ruling(entry: &Event, before: &Scene<'_, Self>) -> Option<Ruling> {
        score::ruling(entry, before)
    }
}

/// What only Take Two needs of the core: the pardon that takes back a penalty now
/// found allowed, and a grid's rows checked as they are typed.
impl Extras<Event> for TakeTwo {
    fn takes_back(scene: &Scene<'_, Self>, ruling: &Ruling) -> Option<String> {
        score::takes_back(scene, ruling)
    }

    fn check_row(verb: &str, number: usize, row: &str) -> Result<(), Refusal> {
        match verb {
            "grid" => super::crossword::check_row(number, row).map_err(Refusal::from),
            _ => Ok(()),
        }
    }
}
