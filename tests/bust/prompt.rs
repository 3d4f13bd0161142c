//! What Bust's scorekeeper types: `got PLAYER N`, `end ROUND`.

use umpire::contract::{Action, Arg, Ctx, Prompt, Refusal, Verb, same_name};

use super::{Bust, BustEvent};

const VERBS: &[Verb] = &[
    Verb {
        name: "got",
        args: "PLAYER N",
        summary: "the player's score this round",
        example: "got ann 7",
        completes: &[Arg::Player, Arg::Text],
        block: false,
    },
    Verb {
        name: "end",
        args: "ROUND",
        summary: "close the round once everyone scored",
        example: "end 1",
        completes: &[Arg::Round],
        block: false,
    },
];

impl Prompt for Bust {
    const FIXES: &'static [&'static str] = &["got"];

    fn verbs() -> &'static [Verb] {
        VERBS
    }

    fn command(
        ctx: &Ctx<'_, Self>,
        verb: &str,
        args: &str,
        _: Option<&[String]>,
    ) -> Result<Action<BustEvent>, Refusal> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let number = |n: &str| {
            n.parse()
                .map_err(|_| Refusal::input(format!("{n:?} is not a number")))
        };
        match (verb, words.as_slice()) {
            ("got", [p, n]) => Ok(Action::record(BustEvent::Scored {
                player: ctx.roster.name(ctx.roster.find(p)?).to_string(),
                points: number(n)?,
            })),
            ("end", [n]) => Ok(Action::record(BustEvent::RoundEnded {
                round: u32::try_from(number(n)?).map_err(|_| Refusal::input("a round number"))?,
            })),
            _ => Err(Refusal::input("got PLAYER N, or end ROUND")),
        }
    }

    fn replaces(new: &BustEvent, old: &BustEvent) -> bool {
        matches!((new, old), (BustEvent::Scored { player: a, .. }, BustEvent::Scored { player: b, .. }) if same_name(a, b))
    }

    fn player(event: &BustEvent) -> Option<&str> {
        match event {
            BustEvent::Scored { player, .. } => Some(player),
            BustEvent::RoundEnded { .. } => None,
        }
    }
}
