//! What a TAKE rummy scorekeeper types: the verb table for `help` and completion, each
//! verb turned into one event by the engine's parsers ([`super::parse`]), `fix` of a
//! closed hand, and the engine's errors turned into refusals of the right [`Kind`].
//!
//! Player names (the player, and the owners a take names) are found through the
//! session's roster before the engine parses the rest, so a misspelt name gets the
//! core's suggestion ("did you mean carol?") and names compare as the roster compares
//! them (Zoë and ZOË are one player).

use super::cards::{Card, Natural};
use super::error::RummyError;
use super::event::Event;
use super::game::TakeRummy;
use super::parse::{parse_discard, parse_event, parse_held, parse_laid};
use crate::contract::{Action, Arg, Ctx, Prompt, Refusal, Roster, Scene, Verb};
use crate::text::printable;

/// The game's verbs, in the order `help` lists them.
const VERBS: &[Verb] = &[
    Verb {
        name: "laid",
        args: "PLAYER RUN[, RUN ...]",
        summary: "at the hand's end: the runs in front of the player, taken runs included (commas between runs, - for none); each is checked as a run",
        example: "laid alice 5C 6C 7C, QH KH AH",
        completes: &[Arg::Player, Arg::Own("card")],
        block: false,
    },
    Verb {
        name: "held",
        args: "PLAYER CARDS",
        summary: "at the hand's end: the cards left in the player's hand, counted against them (- for none)",
        example: "held bob 9S JK",
        completes: &[Arg::Player, Arg::Own("card")],
        block: false,
    },
    Verb {
        name: "end",
        args: "",
        summary: "close the hand once every player has a held entry: each scores laid minus held",
        example: "end",
        completes: &[],
        block: false,
    },
    Verb {
        name: "lay",
        args: "PLAYER CARDS",
        summary: "during play: a new run on the table (tracking the table; end then needs only held entries)",
        example: "lay alice 5C 6C 7C",
        completes: &[Arg::Player, Arg::Own("card")],
        block: false,
    },
    Verb {
        name: "take",
        args: "PLAYER CARDS onto OWNER[:N]",
        summary: "during play: cards from hand onto a run on the table, one's own or another's (the run moves to the taker); name two runs for a double take: onto alice:1 bob:2",
        example: "take bob 8C onto alice:1",
        completes: &[Arg::Player, Arg::Own("take")],
        block: false,
    },
    Verb {
        name: "discard?",
        args: "CARD",
        summary: "could the card be added to a run on the table? (the sheet forbids discarding it then); records nothing",
        example: "discard? 9C",
        completes: &[Arg::Own("card")],
        block: false,
    },
    Verb {
        name: "fix",
        args: "HAND VERB ARGS",
        summary: "correct a closed hand's laid or held entry; the totals are refigured (undo takes it back)",
        example: "fix 2 held bob 5C QS",
        completes: &[Arg::Round, Arg::Verb, Arg::Player, Arg::Own("deck")],
        block: false,
    },
];

/// The verbs `fix` takes: a closed hand's end-of-hand entries.
const FIXABLE: [&str; 2] = ["laid", "held"];

/// A take's arguments with the owners after `onto` spelt as the roster spells them:
/// `alice:2`, `ALICE`, `alice, bob`.
fn with_roster_owners(roster: &Roster, args: &str) -> Result<String, Refusal> {
    let mut out: Vec<String> = Vec::new();
    let mut after_onto = false;
    for word in args.split_whitespace() {
        if !after_onto {
            after_onto = word.eq_ignore_ascii_case("onto");
            out.push(word.to_string());
            continue;
        }
        let mut refs = Vec::new();
        for part in word.split(',') {
            if part.is_empty() || part.eq_ignore_ascii_case("and") {
                refs.push(part.to_string());
                continue;
            }
            let (owner, number) = match part.split_once(':') {
                Some((owner, n)) => (owner, Some(n)),
                None => (part, None),
            };
            let owner = roster.name(roster.find(owner)?);
            refs.push(match number {
                Some(n) => format!("{owner}:{n}"),
                None => owner.to_string(),
            });
        }
        out.push(refs.join(","));
    }
    Ok(out.join(" "))
}

impl Prompt for TakeRummy {
    fn verbs() -> &'static [Verb] {
        VERBS
    }

    /// Turns a typed verb into what to record (or, for `discard?`, what to say); refuses
    /// what does not parse or does not fit the hand as it stands.
    fn command(
        ctx: &Ctx<'_, Self>,
        verb: &str,
        args: &str,
        _block: Option<&[String]>,
    ) -> Result<Action<Event>, Refusal> {
        let names = ctx.roster.names();
        let game = &ctx.state.game;
        match verb {
            "discard?" => {
                let answer = parse_discard(args, game, names).map_err(Refusal::from)?;
                Ok(Action::show(vec![answer.reason]))
            }
            "laid" | "held" | "lay" | "take" | "end" => {
                game.check_open(names).map_err(Refusal::from)?;
                let args = match verb {
                    "end" => args.to_string(),
                    "take" => with_roster_owners(ctx.roster, &ctx.roster.spell(args, &[0])?)?,
                    _ => ctx.roster.spell(args, &[0])?,
                };
                parse_event(verb, &args, game, names)
                    .map(Action::record)
                    .map_err(Refusal::from)
            }
            _ => Err(Refusal::input(format!("unknown verb {}", printable(verb)))),
        }
    }

    /// `fix HAND laid|held PLAYER ...`: a closed hand's entry, replaced.
    fn correction(
        ctx: &Ctx<'_, Self>,
        hand: u32,
        verb: &str,
        args: &str,
    ) -> Result<Event, Refusal> {
        let names = ctx.roster.names();
        let game = &ctx.state.game;
        let parse = match verb {
            "laid" => parse_laid,
            "held" => parse_held,
            "lay" => return Err(RummyError::NotACorrection("lay").into()),
            "take" => return Err(RummyError::NotACorrection("take").into()),
            "end" => return Err(RummyError::NotACorrection("end").into()),
            _ => {
                let near = crate::text::did_you_mean(verb, FIXABLE)
                    .map(|v| format!(" (did you mean \"{v}\"?)"))
                    .unwrap_or_default();
                return Err(Refusal::input(format!(
                    "fix takes laid or held, not {}{near}; e.g. fix {hand} held bob 5C QS",
                    printable(verb)
                )));
            }
        };
        let args = ctx.roster.spell(args, &[0])?;
        parse(&args, game, names).map_err(Refusal::from)
    }

    /// What Tab offers: `card`, the cards not yet placed this hand (a joker while one is
    /// left); `take`, those cards, `onto` and the runs on the table (`alice:1`); `deck`,
    /// every card (a correction names a closed hand's cards).
    fn complete(scene: &Scene<'_, Self>, kind: &str) -> Vec<String> {
        let (state, roster) = (scene.state, scene.roster);
        let open = state.game().open();
        let unplaced = || {
            let mut cards: Vec<String> =
                open.placed().unseen().iter().map(Card::to_string).collect();
            cards.dedup();
            cards
        };
        match kind {
            "card" => unplaced(),
            "take" => {
                let mut items = unplaced();
                items.push("onto".to_string());
                items.extend(
                    open.table()
                        .rows(roster.names())
                        .into_iter()
                        .map(|r| r.name),
                );
                items
            }
            "deck" => {
                let mut cards: Vec<String> = Natural::all().map(|n| n.to_string()).collect();
                cards.push(Card::Joker.to_string());
                cards
            }
            _ => Vec::new(),
        }
    }

    /// Only a `held` entry gives a player a score in the open hand, so only it is
    /// followed by the player's standing; a run laid or taken says its own value.
    fn player(event: &Event) -> Option<&str> {
        match event {
            Event::Held { player, .. } => Some(player),
            _ => None,
        }
    }
}
