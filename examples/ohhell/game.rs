//! Oh Hell (Oh Pshaw, Up and Down the River) on umpire's round-game layer: the game is
//! its rules and nothing of the life-cycle. Each hand a player bids the tricks they
//! will take; making the bid exactly scores 10 and the bid, missing it scores nothing.
//! The hands go 7 cards, 6, ... 1, then back up to 7: thirteen hands. The dealer bids
//! last and may not make the bids come to the tricks there are (the hook).

use serde::{Deserialize, Serialize};
use umpire::contract::{
    Action, Arg, Called, Ctx, Demo, Ends, Files, FlagValues, Kind, Match, Move, Plays, Refusal,
    Refuse, Roster, Round, RoundGame, Scene, Setup, Text, Verb, same_name,
};

pub struct OhHell;

/// The most cards a hand deals each player, and so the first and last hands'.
const MOST: u32 = 7;

/// The cards each player holds in hand `number` (from 1): 7 down to 1, then up to 7.
pub fn cards(number: u32) -> u32 {
    if number <= MOST {
        MOST + 1 - number
    } else {
        number - MOST + 1
    }
}

/// One hand: what each seat bid and the tricks each took, as they are entered.
#[derive(Debug, Clone, PartialEq)]
pub struct Hand {
    pub bids: Vec<Option<u32>>,
    pub took: Vec<Option<u32>>,
}

/// What the scorekeeper records of a hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Said {
    /// `bid PLAYER N`.
    Bid { player: String, bid: u32 },
    /// `took PLAYER N`: the tricks the player took.
    Took { player: String, tricks: u32 },
}

/// Why Oh Hell refuses a line: each names what is wrong and what is accepted.
#[derive(Debug, thiserror::Error)]
pub enum OhHellError {
    #[error("{0} takes PLAYER N, N from 0 to the {1} cards dealt this hand, e.g. {0} ann 2")]
    Usage(&'static str, u32),
    #[error("Oh Hell is played by 3 to 7 players, not {0}")]
    Players(usize),
    #[error("{0} already {1} this hand: to change it, fix {2} {3} {0} N")]
    Twice(String, String, u32, &'static str),
    #[error("{0} deals this hand and bids last: {1} still to bid")]
    DealerLast(String, String),
    #[error(
        "the hook: the dealer's bid may not bring the bids to {0}, the tricks there are; {1} may bid anything but {2}"
    )]
    Hook(u32, String, u32),
    #[error("tricks are entered once every bid is in: {0} still to bid")]
    BidsFirst(String),
    #[error("{0} tricks are taken this hand already: {1} more would pass the {2} there are")]
    TooMany(u32, u32, u32),
    #[error("hand {0} has {1} tricks taken, not the {2} played: fix the entry typed wrong")]
    NotAll(u32, u32, u32),
}

impl Refuse for OhHellError {
    fn kind(&self) -> Kind {
        match self {
            OhHellError::Usage(..) | OhHellError::Players(_) => Kind::BadInput,
            _ => Kind::Rule,
        }
    }
}

impl Setup for OhHell {
    const NAME: &'static str = "ohhell";
    const TITLE: &'static str = "Oh Hell";
    const SUMMARY: &'static str =
        "bid your tricks: 10 and the bid for making it exactly, 7 cards down to 1 and back";
    type Options = ();

    fn setup(_: &FlagValues, _: &Files, players: &[String]) -> Result<(), Refusal> {
        match players.len() {
            3..=7 => Ok(()),
            n => Err(OhHellError::Players(n).into()),
        }
    }

    fn check_options(_: &(), players: usize) -> Result<(), Refusal> {
        match players {
            3..=7 => Ok(()),
            n => Err(OhHellError::Players(n).into()),
        }
    }

    fn describe_options(_: &()) -> String {
        "13 hands of 7 cards down to 1 and back; 10 and the bid for a bid made".to_string()
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben", "cat"],
            script: &[
                "bid ben 2",
                "bid cat 3",
                "bid ann 1",
                "took ann 1",
                "took ben 3",
                "took cat 3",
                "end",
            ],
        }
    }
}

const MOVES: &[Move<Plays<OhHell>>] = &[
    Move::entry(
        Verb {
            name: "bid",
            args: "PLAYER N",
            summary: "the tricks a player bids this hand (the dealer bids last)",
            example: "bid ann 2",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        said,
    ),
    Move::entry(
        Verb {
            name: "took",
            args: "PLAYER N",
            summary: "the tricks a player took, once every bid is in",
            example: "took ann 2",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        said,
    ),
    Move::life(Called::HAND.end),
    Move::life(Called::HAND.finish),
];

impl Round for Hand {
    type Scoring = ();

    fn new(seats: usize) -> Hand {
        Hand {
            bids: vec![None; seats],
            took: vec![None; seats],
        }
    }

    fn is_empty(&self) -> bool {
        self.bids.iter().chain(&self.took).all(Option::is_none)
    }

    /// 10 and the bid for a bid made exactly, nothing for one missed.
    fn points(&self, seat: usize, _: &()) -> Option<i64> {
        let took = self.took.get(seat).copied().flatten()?;
        let bid = self.bids.get(seat).copied().flatten()?;
        Some(if took == bid { 10 + i64::from(bid) } else { 0 })
    }

    fn entered(&self, seat: usize) -> bool {
        self.took.get(seat).is_some_and(Option::is_some)
    }
}

/// The seat that deals hand `number`: the deal passes left each hand.
fn dealer(number: u32, seats: usize) -> usize {
    (number as usize - 1) % seats.max(1)
}

/// The named players whose slot is still empty, for a refusal.
fn still(slots: &[Option<u32>], roster: &Roster, but: usize) -> String {
    let names: Vec<&str> = (0..slots.len())
        .filter(|s| *s != but && slots[*s].is_none())
        .map(|s| roster.name(s))
        .collect();
    names.join(", ")
}

/// `bid` and `took`: a player and a number of tricks.
fn said(
    ctx: &Ctx<'_, OhHell>,
    verb: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Said>, Refusal> {
    let cards = cards(ctx.state.number());
    let verb = if verb == "bid" { "bid" } else { "took" };
    let words: Vec<&str> = args.split_whitespace().collect();
    let [p, n] = words.as_slice() else {
        return Err(OhHellError::Usage(verb, cards).into());
    };
    let n: u32 = match n.parse() {
        Ok(n) if n <= cards => n,
        _ => return Err(OhHellError::Usage(verb, cards).into()),
    };
    let player = ctx.roster.name(ctx.roster.find(p)?).to_string();
    Ok(Action::record(match verb {
        "bid" => Said::Bid { player, bid: n },
        _ => Said::Took { player, tricks: n },
    }))
}

impl RoundGame for OhHell {
    const CALLED: Called = Called::HAND;
    type Round = Hand;
    type Entry = Said;
    const MOVES: &'static [Move<Plays<Self>>] = MOVES;
    const ENTRY_HINT: &'static str = "took PLAYER N";

    fn lowest_wins(_: &()) -> bool {
        false
    }

    fn ends(_: &()) -> Ends {
        Ends {
            rounds: Some(2 * MOST - 1),
            target: None,
        }
    }

    fn enter(play: &mut Match<Hand>, said: &Said, _: &(), roster: &Roster) -> Result<(), Refusal> {
        let (number, seats) = (play.number(), roster.len());
        let (cards, dealt_by) = (cards(number), dealer(number, seats));
        let hand = play.open_mut();
        match said {
            Said::Bid { player, bid } => {
                let seat = roster.find(player)?;
                if hand.bids[seat].is_some() {
                    return Err(
                        OhHellError::Twice(player.clone(), "bid".into(), number, "bid").into(),
                    );
                }
                if seat == dealt_by {
                    let waiting = still(&hand.bids, roster, seat);
                    if !waiting.is_empty() {
                        return Err(OhHellError::DealerLast(player.clone(), waiting).into());
                    }
                    let others: u32 = hand.bids.iter().flatten().sum();
                    if others + bid == cards {
                        let name = roster.name(seat).to_string();
                        return Err(OhHellError::Hook(cards, name, cards - others).into());
                    }
                }
                hand.bids[seat] = Some(*bid);
            }
            Said::Took { player, tricks } => {
                let seat = roster.find(player)?;
                let waiting = still(&hand.bids, roster, usize::MAX);
                if !waiting.is_empty() {
                    return Err(OhHellError::BidsFirst(waiting).into());
                }
                if hand.took[seat].is_some() {
                    let what = "has its tricks".to_string();
                    return Err(OhHellError::Twice(player.clone(), what, number, "took").into());
                }
                let taken: u32 = hand.took.iter().flatten().sum();
                if taken + tricks > cards {
                    return Err(OhHellError::TooMany(taken, *tricks, cards).into());
                }
                hand.took[seat] = Some(*tricks);
            }
        }
        Ok(())
    }

    /// Every trick of the hand is someone's.
    fn may_close(play: &Match<Hand>, _: &(), _: &Roster) -> Result<(), Refusal> {
        let (number, taken) = (play.number(), play.open().took.iter().flatten().sum());
        match cards(number) {
            all if taken == all => Ok(()),
            all => Err(OhHellError::NotAll(number, taken, all).into()),
        }
    }

    const FIXES: &'static [&'static str] = &["bid", "took"];

    fn in_place_of(new: &Said, old: &Said, _: &Roster) -> Option<Said> {
        let same = match (new, old) {
            (Said::Bid { player: a, .. }, Said::Bid { player: b, .. })
            | (Said::Took { player: a, .. }, Said::Took { player: b, .. }) => same_name(a, b),
            _ => false,
        };
        same.then(|| new.clone())
    }

    fn player(said: &Said) -> Option<&str> {
        match said {
            Said::Bid { player, .. } | Said::Took { player, .. } => Some(player),
        }
    }

    fn texts(said: &mut Said) -> Vec<Text<'_>> {
        match said {
            Said::Bid { player, .. } | Said::Took { player, .. } => vec![Text::name(player)],
        }
    }

    fn describe(said: &Said, before: &Scene<'_, Self>) -> String {
        match said {
            Said::Bid { player, bid } => format!("{player} bids {bid}"),
            Said::Took { player, tricks } => {
                let bid = before
                    .roster
                    .find(player)
                    .ok()
                    .and_then(|s| before.state.open().bids.get(s).copied().flatten());
                match bid {
                    Some(bid) if bid == *tricks => {
                        format!("{player} took {tricks}: made it, {}", 10 + bid)
                    }
                    Some(bid) => format!("{player} took {tricks}, bid {bid}: 0"),
                    None => format!("{player} took {tricks}"),
                }
            }
        }
    }

    /// The hand's cards, its dealer and who is still to bid: what the table needs to
    /// hear as a hand opens.
    fn situation(scene: &Scene<'_, Self>) -> Vec<String> {
        let number = scene.state.number();
        let seats = scene.roster.len();
        let hand = scene.state.open();
        let waiting = still(&hand.bids, scene.roster, usize::MAX);
        let dealt = format!(
            "hand {number}: {} cards each, dealt by {}",
            cards(number),
            scene.roster.name(dealer(number, seats))
        );
        if waiting.is_empty() {
            // Every bid is in: whose tricks are still to enter, as every round game says.
            return std::iter::once(dealt)
                .chain(umpire::contract::waiting(scene))
                .collect();
        }
        vec![format!("{dealt}; to bid: {waiting}")]
    }
}

/// Oh Hell needs nothing only some games need.
impl umpire::contract::Extras<Said> for OhHell {}
