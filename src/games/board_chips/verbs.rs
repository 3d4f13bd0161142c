//! What a board-chips scorekeeper types: the verb table for `help` and completion,
//! each verb turned into one event by the engine's parsers ([`super::command`]), and
//! the engine's errors turned into refusals of the right [`Kind`].
//!
//! The player is found through the session's roster before the engine parses the
//! rest, so a misspelt name gets the core's suggestion ("did you mean carol?") and
//! names compare as the roster compares them (Zoë and ZOË are one player).

use super::command;
use super::game::BoardChips;
use super::state::{BoardChipsError, Event};
use crate::contract::{Action, Arg, Ctx, Prompt, Refusal, Verb};

/// The game's verbs, in the order `help` lists them.
const VERBS: &[Verb] = &[
    Verb {
        name: "cover",
        args: "PLAYER R,C LETTER [R,C LETTER]",
        summary: "a turn on the board: one or two tiles, each a square (row,column from 1) and its letter; umpire rules on the order and awards the chips",
        example: "cover alice 5,3 M 5,4 A",
        completes: &[Arg::Player, Arg::Text],
        block: false,
    },
    Verb {
        name: "turn",
        args: "PLAYER TILES CHIPS",
        summary: "a turn without a board: the tiles placed (0, 1 or 2) and the chips won, as the table calls them",
        example: "turn alice 2 1",
        completes: &[Arg::Player, Arg::Text],
        block: false,
    },
    Verb {
        name: "exchange",
        args: "PLAYER",
        summary: "the player could not play and exchanged two tiles with the pool",
        example: "exchange bob",
        completes: &[Arg::Player],
        block: false,
    },
    Verb {
        name: "pass",
        args: "PLAYER",
        summary: "the player could not play and the pool is empty",
        example: "pass bob",
        completes: &[Arg::Player],
        block: false,
    },
];

impl Prompt for BoardChips {
    fn verbs() -> &'static [Verb] {
        VERBS
    }

    /// Turns a typed verb into the one event it records; refuses what does not parse or
    /// does not fit the game as it stands (nothing is recorded then).
    fn command(
        ctx: &Ctx<'_, Self>,
        verb: &str,
        args: &str,
        _block: Option<&[String]>,
    ) -> Result<Action<Event>, Refusal> {
        let board = ctx.options.board().is_some();
        let parse = match verb {
            "cover" if !board => return Err(BoardChipsError::NeedsBoard.into()),
            "turn" if board => return Err(BoardChipsError::HasBoard.into()),
            "cover" => command::cover,
            "turn" => command::turn,
            "exchange" => command::exchange,
            "pass" => command::pass,
            _ => {
                return Err(Refusal::input(format!(
                    "unknown verb {}",
                    crate::text::printable(verb)
                )));
            }
        };
        let args = ctx.roster.spell(args, &[0])?;
        parse(&args, ctx.state, ctx.options, ctx.roster.names())
            .map(Action::record)
            .map_err(Refusal::from)
    }
}
