//! Hearts on the round-game layer: its hand, its entries and their rules.

use umpire::contract::{
    Action, Arg, Called, Ctx, Ends, Match, Move, Plays, Refusal, Roster, Round, RoundGame, Scene,
    Text, Verb, same_name,
};

use super::{HEARTS, Hand, Hearts, HeartsError, Took};

const MOVES: &[Move<Plays<Hearts>>] = &[
    Move::entry(
        Verb {
            name: "hearts",
            args: "PLAYER N",
            summary: "the hearts a player took this hand",
            example: "hearts ann 4",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        took,
    ),
    Move::entry(
        Verb {
            name: "queen",
            args: "PLAYER",
            summary: "the player who took the queen of spades (13)",
            example: "queen ben",
            completes: &[Arg::Player],
            block: false,
        },
        took,
    ),
    Move::entry(
        Verb {
            name: "moon",
            args: "PLAYER",
            summary: "the player took every heart and the queen: 0 for them, 26 for the rest",
            example: "moon cat",
            completes: &[Arg::Player],
            block: false,
        },
        took,
    ),
    Move::life(Called::HAND.end),
    Move::life(Called::HAND.finish),
    Move::life(Called::HAND.target),
];

impl Round for Hand {
    type Scoring = ();

    fn new(seats: usize) -> Hand {
        Hand {
            hearts: vec![None; seats],
            queen: None,
            moon: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.hearts.iter().all(Option::is_none) && self.queen.is_none() && self.moon.is_none()
    }

    fn points(&self, seat: usize, _: &()) -> Option<i64> {
        let queen = if self.queen == Some(seat) { HEARTS } else { 0 };
        match (self.moon, self.hearts.get(seat).copied().flatten()) {
            (Some(moon), _) => Some(if moon == seat { 0 } else { 26 }),
            (None, h) if h.is_some() || queen > 0 => Some(i64::from(h.unwrap_or(0) + queen)),
            _ => None,
        }
    }

    fn entered(&self, seat: usize) -> bool {
        self.moon.is_some() || self.hearts.get(seat).is_some_and(Option::is_some)
    }
}

/// `hearts PLAYER N`, `queen PLAYER` and `moon PLAYER`.
fn took(
    ctx: &Ctx<'_, Hearts>,
    verb: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Took>, Refusal> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let named = |p: &str| -> Result<String, Refusal> {
        Ok(ctx.roster.name(ctx.roster.find(p)?).to_string())
    };
    let usage = |verb, usage| -> Refusal { HeartsError::Usage { verb, usage }.into() };
    let count = |n: &str| n.parse().ok().filter(|h| *h <= HEARTS);
    let took = match (verb, words.as_slice()) {
        ("hearts", [p, n]) if count(n).is_some() => Took::Hearts {
            player: named(p)?,
            hearts: count(n).unwrap_or(0),
        },
        ("queen", [p]) => Took::Queen { player: named(p)? },
        ("moon", [p]) => Took::Moon { player: named(p)? },
        ("hearts", _) => return Err(usage("hearts", "PLAYER N, N the hearts taken (0 to 13)")),
        ("queen", _) => return Err(usage("queen", "the player only")),
        (_, _) => return Err(usage("moon", "the player only")),
    };
    Ok(Action::record(took))
}

impl RoundGame for Hearts {
    const CALLED: Called = Called::HAND;
    type Round = Hand;
    type Entry = Took;
    const MOVES: &'static [Move<Plays<Self>>] = MOVES;
    const ENTRY_HINT: &'static str = "hearts PLAYER N";

    fn lowest_wins(_: &()) -> bool {
        true
    }

    fn ends(_: &()) -> Ends {
        Ends::target(100)
    }

    fn enter(play: &mut Match<Hand>, entry: &Took, _: &(), roster: &Roster) -> Result<(), Refusal> {
        let (hand, open) = (play.number(), play.open());
        let mut next = open.clone();
        let twice = |what: String, verb| HeartsError::Twice { what, hand, verb };
        if open.moon.is_some() {
            return Err(
                HeartsError::Moon("this hand's moon is entered, and nothing else counts").into(),
            );
        }
        match entry {
            Took::Hearts { player, hearts } => {
                let seat = roster.find(player)?;
                if open.hearts.get(seat).copied().flatten().is_some() {
                    return Err(twice(format!("{player}'s hearts"), "hearts").into());
                }
                let taken: u32 = open.hearts.iter().flatten().sum();
                if taken + hearts > HEARTS {
                    return Err(HeartsError::TooMany(taken, *hearts).into());
                }
                next.hearts[seat] = Some(*hearts);
            }
            Took::Queen { player } if open.queen.is_none() => {
                next.queen = Some(roster.find(player)?)
            }
            Took::Queen { .. } => return Err(twice("the queen".into(), "queen").into()),
            Took::Moon { player } if open.is_empty() => next.moon = Some(roster.find(player)?),
            Took::Moon { .. } => {
                return Err(HeartsError::Moon("this hand already has hearts or the queen").into());
            }
        }
        *play.open_mut() = next;
        Ok(())
    }

    /// With every player's hearts in, the hand comes to 26: 13 hearts and the queen.
    fn may_close(play: &Match<Hand>, _: &(), _: &Roster) -> Result<(), Refusal> {
        let (open, hand) = (play.open(), play.number());
        let hearts: u32 = open.hearts.iter().flatten().sum();
        match (open.moon, open.queen) {
            (Some(_), _) | (None, Some(_)) if open.moon.is_some() || hearts == HEARTS => Ok(()),
            (_, Some(_)) => Err(HeartsError::NotWhole(hand, hearts, "the queen").into()),
            (_, None) => Err(HeartsError::NotWhole(hand, hearts, "no queen").into()),
        }
    }

    const FIXES: &'static [&'static str] = &["hearts", "queen", "moon"];

    fn in_place_of(new: &Took, old: &Took, _: &Roster) -> Option<Took> {
        let replaces = match (new, old) {
            (Took::Hearts { player: a, .. }, Took::Hearts { player: b, .. }) => same_name(a, b),
            (Took::Queen { .. }, Took::Queen { .. }) | (Took::Moon { .. }, Took::Moon { .. }) => {
                true
            }
            _ => false,
        };
        replaces.then(|| new.clone())
    }

    fn player(entry: &Took) -> Option<&str> {
        match entry {
            Took::Hearts { player, .. } | Took::Queen { player } => Some(player),
            Took::Moon { .. } => None,
        }
    }

    fn texts(entry: &mut Took) -> Vec<Text<'_>> {
        match entry {
            Took::Hearts { player, .. } | Took::Queen { player } | Took::Moon { player } => {
                vec![Text::name(player)]
            }
        }
    }

    fn describe(entry: &Took, _: &Scene<'_, Self>) -> String {
        match entry {
            Took::Hearts { player, hearts } => format!("{player} took {hearts} hearts"),
            Took::Queen { player } => format!("{player} took the queen: 13"),
            Took::Moon { player } => format!("{player} shot the moon: 26 to everyone else"),
        }
    }
}
