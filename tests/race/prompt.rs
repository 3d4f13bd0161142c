//! What Race's scorekeeper types: `plus PLAYER N`.

use umpire::contract::{Action, Arg, Ctx, Move, Prompt, Reads, Refusal, Verb};

use super::{Race, RaceEvent};

const MOVES: &[Move<Reads<Race>>] = &[Move {
    verb: Verb {
        name: "plus",
        args: "PLAYER N",
        summary: "the player scores N",
        example: "plus ann 3",
        completes: &[Arg::Player, Arg::Text],
        block: false,
    },
    reads: plus,
}];

/// `plus PLAYER N`.
fn plus(
    ctx: &Ctx<'_, Race>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<RaceEvent>, Refusal> {
    let mut words = args.split_whitespace();
    match (words.next(), words.next()) {
        (Some(p), Some(n)) => {
            let i = ctx.roster.find(p)?;
            let points = n
                .parse()
                .map_err(|_| Refusal::input(format!("{n:?} is not a number")))?;
            Ok(Action::record(RaceEvent::Scored {
                player: ctx.roster.name(i).to_string(),
                points,
            }))
        }
        _ => Err(Refusal::input("plus needs PLAYER N")),
    }
}

impl Prompt for Race {
    const MOVES: &'static [Move<Reads<Self>>] = MOVES;
}
