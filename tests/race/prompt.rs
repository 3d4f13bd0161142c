//! What Race's scorekeeper types: `plus PLAYER N`.

use umpire::contract::{Action, Arg, Ctx, Prompt, Refusal, Verb};

use super::{Race, RaceEvent};

const VERBS: &[Verb] = &[Verb {
    name: "plus",
    args: "PLAYER N",
    summary: "the player scores N",
    example: "plus ann 3",
    completes: &[Arg::Player, Arg::Text],
    block: false,
}];

impl Prompt for Race {
    fn verbs() -> &'static [Verb] {
        VERBS
    }

    fn command(
        ctx: &Ctx<'_, Self>,
        verb: &str,
        args: &str,
        _: Option<&[String]>,
    ) -> Result<Action<RaceEvent>, Refusal> {
        let mut words = args.split_whitespace();
        match (verb, words.next(), words.next()) {
            ("plus", Some(p), Some(n)) => {
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
}
