//! Why a TAKE rummy entry was refused. One enum serves the hand, the table, the match
//! and the verb parsers, because they refuse the same things (a card placed twice, a
//! run that is not there) and the prompt shows them all the same way: one line.

use thiserror::Error;

use super::runs::RunError;
use super::table::Label;
use super::takes::TakeError;
use crate::contract::{Kind, Refuse};
use crate::games::take_rummy::cards::{Card, CardError, Natural};

/// Why an entry, a correction or a question was refused; nothing was recorded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum RummyError {
    #[error(transparent)]
    Card(#[from] CardError),
    /// A run that does not pass, with which run it was: "alice's second run: ...".
    #[error("{which}: {why}")]
    Run { which: String, why: RunError },
    #[error(transparent)]
    Take(#[from] TakeError),
    /// A verb typed without what it needs; the message shows an example.
    #[error("{0}")]
    Usage(String),
    #[error("unknown player {name}: the players are {players}")]
    UnknownPlayer { name: String, players: String },
    #[error(
        "{player} already has a {verb} entry this hand ({entry}); `undo` it, or replace it with `fix #N {verb} {player} ...` (`history` gives N)"
    )]
    AlreadyEntered {
        player: String,
        verb: &'static str,
        entry: String,
    },
    #[error("{card} is already {place}: the deck has one of each card")]
    CardTwice { card: Natural, place: String },
    #[error("a third joker this hand: the deck has only 2 ({places})")]
    ThirdJoker { places: String },
    #[error("{player} has {have}: there is no run {player}:{number}")]
    NoSuchRun {
        player: String,
        number: u32,
        have: String,
    },
    #[error("{player} has no run on the table to take")]
    NoRuns { player: String },
    #[error(
        "{player} has {count} runs on the table, {runs}: say which (by its letter, or a card of it)"
    )]
    WhichRun {
        player: String,
        count: usize,
        /// The runs with their labels: "A (5C-7C) and C (2H-4H)".
        runs: String,
    },
    #[error("{run} is named twice: a take joins different runs")]
    SameRunTwice { run: String },
    #[error("there is no run {label} on the table: {have}")]
    NoSuchLabel { label: String, have: String },
    #[error("no run on the table holds {card}: {have}")]
    NoRunHolding { card: Natural, have: String },
    #[error("{cards} is not one run on the table: {first} is in {a} and {second} in {b}")]
    SplitRange {
        cards: String,
        first: Natural,
        a: String,
        second: Natural,
        b: String,
    },
    #[error(
        "{0}: name a run by its letter, its owner, or a natural card of it (a joker could be in any run)"
    )]
    JokerNamesNoRun(String),
    #[error(
        "{words:?} is neither a run on the table nor a player: name a run by its letter (run A), its owner (PLAYER's run) or a card of it (the run with 8C); {have}"
    )]
    UnreadRun { words: String, have: String },
    #[error(
        "no deal this hand: `deal PLAYER CARD` starts tracking the turns (who deals, and the card turned up)"
    )]
    NotDealt,
    #[error("the deal starts a hand, and hand {hand} already has entries; `undo` them first")]
    DealNotFirst { hand: u32 },
    #[error(
        "it is {expected}'s deal this hand: the deal passes left from {last}, who dealt hand {hand}"
    )]
    WrongDealer {
        expected: String,
        last: String,
        hand: u32,
    },
    #[error(
        "{players} players: one deck of 54 deals {dealt} each and one turned up to at most {most} players"
    )]
    TooManyToDeal {
        players: usize,
        dealt: u32,
        most: usize,
    },
    #[error("{player} was not dealt in this hand")]
    NotDealtIn { player: String },
    #[error("it is {turn}'s turn, not {player}'s ({turn} {})", if *.drawn { "has drawn and is to meld or discard" } else { "is to draw" })]
    NotYourTurn {
        player: String,
        turn: String,
        drawn: bool,
    },
    #[error(
        "{player} has not drawn yet this turn: `draw {player}` (the stock) or `draw {player} CARD` (the top of the discard pile) first"
    )]
    NotDrawn { player: String },
    #[error(
        "{player} has already drawn this turn: a turn has one draw, then melds, then a discard"
    )]
    AlreadyDrawn { player: String },
    #[error("{card} is not the top of the discard pile: the top is {top}")]
    NotTheTop { card: Card, top: Card },
    #[error(
        "the discard pile is empty: there is no {card} to draw; `draw PLAYER` draws from the stock"
    )]
    EmptyPile { card: Card },
    #[error(
        "the discard pile is empty: there is nothing on it to draw; `draw PLAYER` draws from the stock"
    )]
    PileEmpty,
    #[error(
        "the stock is empty and the discard pile has only its top card: there is nothing to draw"
    )]
    NothingToDraw,
    #[error(
        "{player} is a floater: a floater draws from the stock (the sheet: not the discard pile's {card})"
    )]
    FloaterDrawsStock { player: String, card: Card },
    #[error(
        "{player} took {card} from the discard pile this turn: the sheet forbids discarding it again"
    )]
    SameDiscard { player: String, card: Card },
    #[error(
        "{player}'s only card is {card}, taken from the discard pile this turn: the sheet forbids discarding it again, and there is no other to discard; {player} melds it, or `undo` the play that left it alone"
    )]
    OnlyPileCard { player: String, card: Card },
    #[error(
        "{card} could be added to run {label} ({run}), making {makes}: the sheet forbids discarding it"
    )]
    Playable {
        card: Card,
        label: Label,
        run: String,
        makes: String,
    },
    #[error("{player} has no card to discard (a floater melds; the turn has passed)")]
    NoCardToDiscard { player: String },
    #[error("{player} holds {} by umpire's count: {need} cards from hand are more than that", crate::text::count(i64::from(*.have), "card", "cards"))]
    TooFewCards {
        player: String,
        have: u32,
        need: usize,
    },
    #[error("{player} holds {} by umpire's count: a held entry of {given} is more than that", crate::text::count(i64::from(*.have), "card", "cards"))]
    HeldTooMany {
        player: String,
        have: u32,
        given: usize,
    },
    #[error("{player} holds {} by umpire's count: a held entry of {given} leaves {} out: play is over, and every card left in the hand counts against them", crate::text::count(i64::from(*.have), "card", "cards"), crate::text::count(i64::from(*.have) - i64::try_from(*.given).unwrap_or(i64::MAX), "card", "cards"))]
    HeldTooFew {
        player: String,
        have: u32,
        given: usize,
    },
    #[error(
        "{player} took {card} from the discard pile and has not played it: it is among their held cards"
    )]
    KnownInHand { player: String, card: Card },
    #[error("{player} holds {} by umpire's count, {card} among them (taken from the discard pile, not yet played): the cards named are not {card}, and with {card} kept they are more than {player} holds", crate::text::count(i64::from(*.have), "card", "cards"))]
    KnownLeft {
        player: String,
        have: u32,
        card: Card,
    },
    #[error("{player} went out: play is over this hand; record the others' held cards, then `end`")]
    WentOut { player: String },
    #[error(
        "the table is tracked this hand (lay and take): {player}'s runs are counted from it, so `laid` is not needed"
    )]
    Tracked { player: String },
    #[error(
        "this hand is scored from `laid` entries; `lay` and `take` can track the table only from a hand's start"
    )]
    NotTracked,
    #[error(
        "{player}'s hand is already recorded as held ({cards}); `undo` that before they lay or take"
    )]
    AlreadyHeld { player: String, cards: String },
    #[error("a target of {0} points: the target is 1 to {max} points", max = super::state::MAX_TARGET)]
    BadTarget(u64),
    #[error("{cards}: the joker could stand for {choices}; say which, e.g. {example}")]
    WhichJoker {
        cards: String,
        choices: String,
        example: String,
    },
}

impl Refuse for RummyError {
    fn kind(&self) -> Kind {
        match self {
            RummyError::UnknownPlayer { .. } => Kind::UnknownPlayer,
            RummyError::Card(CardError::Repeated(_) | CardError::ThirdJoker) => Kind::Rule,
            RummyError::Card(_)
            | RummyError::Usage(_)
            | RummyError::BadTarget(_)
            | RummyError::JokerNamesNoRun(_)
            | RummyError::UnreadRun { .. }
            | RummyError::WhichJoker { .. } => Kind::BadInput,
            RummyError::Run { .. }
            | RummyError::Take(_)
            | RummyError::AlreadyEntered { .. }
            | RummyError::CardTwice { .. }
            | RummyError::ThirdJoker { .. }
            | RummyError::NoSuchRun { .. }
            | RummyError::NoRuns { .. }
            | RummyError::WhichRun { .. }
            | RummyError::SameRunTwice { .. }
            | RummyError::Tracked { .. }
            | RummyError::NotTracked
            | RummyError::AlreadyHeld { .. }
            | RummyError::NoSuchLabel { .. }
            | RummyError::NoRunHolding { .. }
            | RummyError::SplitRange { .. }
            | RummyError::NotDealt
            | RummyError::DealNotFirst { .. }
            | RummyError::WrongDealer { .. }
            | RummyError::TooManyToDeal { .. }
            | RummyError::NotDealtIn { .. }
            | RummyError::NotYourTurn { .. }
            | RummyError::NotDrawn { .. }
            | RummyError::AlreadyDrawn { .. }
            | RummyError::NotTheTop { .. }
            | RummyError::EmptyPile { .. }
            | RummyError::NothingToDraw
            | RummyError::PileEmpty
            | RummyError::FloaterDrawsStock { .. }
            | RummyError::SameDiscard { .. }
            | RummyError::OnlyPileCard { .. }
            | RummyError::Playable { .. }
            | RummyError::NoCardToDiscard { .. }
            | RummyError::TooFewCards { .. }
            | RummyError::HeldTooMany { .. }
            | RummyError::HeldTooFew { .. }
            | RummyError::KnownInHand { .. }
            | RummyError::KnownLeft { .. }
            | RummyError::WentOut { .. } => Kind::Rule,
        }
    }
}
