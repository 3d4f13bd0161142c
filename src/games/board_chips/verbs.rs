//! What a board-chips scorekeeper types: the verb table for `help` and completion,
//! each verb turned into one event by the engine's parsers ([`super::command`]), and
//! the engine's errors turned into refusals of the right [`Kind`].
//!
//! The player is found through the session's roster before the engine parses the
//! rest, so a misspelt name gets the core's suggestion ("did you mean carol?") and
//! names compare as the roster compares them (Zoë and ZOË are one player).

use super::board::{Board, WordId};
use super::command;
use super::game::BoardChips;
use super::names::{self, Named};
use super::play::Coverage;
use super::record::Play;
use super::state::{BoardChipsError, Event, Options, Ruled, State};
use crate::contract::{Action, Arg, Ask, Ctx, Move, Prompt, Reads, Refusal, Scene, Text, Verb};
use crate::contract::{Extras, Highlight};

/// The game's verbs with what reads each, in the order `help` lists them.
const MOVES: &[Move<Reads<BoardChips>>] = &[
    Move {
        verb: Verb {
            name: "cover",
            args: "PLAYER TILE [TILE]",
            summary: "a turn on the board: one or two tiles, each named as the board reads, C of JACKET (the C of JACKET) or JACKET:C (JACKET:C2 for its second C), the letter alone when only one square may take it, or ROW,COLUMN LETTER; in any order; umpire rules on it and awards the chips",
            example: "cover alice C of JACKET, B of BOAT",
            completes: &[Arg::Player, Arg::Own("tile")],
            block: false,
        },
        reads: |ctx, _, args, _| {
            board_kept(ctx, true, BoardChipsError::NeedsBoard)?;
            recorded(ctx, args, command::cover)
        },
    },
    Move {
        verb: Verb {
            name: "where",
            args: "[LETTERS]",
            summary: "for each letter, every square a tile showing it may cover now and what it would complete or start there (no letters: the rack of the player to play, when told); records nothing",
            example: "where T",
            completes: &[Arg::Text],
            block: false,
        },
        reads: where_,
    },
    Move {
        verb: Verb {
            name: "rack",
            args: "PLAYER LETTERS",
            summary: "optional, after the draw: the letters on a player's rack, so umpire refuses a one-tile turn, an exchange or a pass while the rack could play more (rack PLAYER - for none)",
            example: "rack alice ACEKRST",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        reads: |ctx, _, args, _| {
            board_kept(ctx, true, BoardChipsError::RackNeedsBoard)?;
            recorded(ctx, args, command::rack)
        },
    },
    Move {
        verb: Verb {
            name: "turn",
            args: "PLAYER TILES CHIPS",
            summary: "a turn without a board: the tiles placed (0, 1 or 2) and the chips won, as the table calls them",
            example: "turn alice 2 1",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        reads: |ctx, _, args, _| {
            board_kept(ctx, false, BoardChipsError::HasBoard)?;
            recorded(ctx, args, command::turn)
        },
    },
    Move {
        verb: Verb {
            name: "exchange",
            args: "PLAYER [TILES]",
            summary: "the player could not play and exchanged two tiles with the pool (one when it holds one); the tiles put back when the table tells them",
            example: "exchange bob KV",
            completes: &[Arg::Player],
            block: false,
        },
        reads: |ctx, _, args, _| recorded(ctx, args, command::exchange),
    },
    Move {
        verb: Verb {
            name: "pass",
            args: "PLAYER",
            summary: "the player could not play and the pool is empty",
            example: "pass bob",
            completes: &[Arg::Player],
            block: false,
        },
        reads: |ctx, _, args, _| recorded(ctx, args, command::pass),
    },
];

/// How the engine reads a verb's arguments into its event.
type Parse = fn(&str, &State, &Options, &[String]) -> Result<Event, command::CommandError>;

/// Refuses a verb that needs the table to keep a board (`with` true) or to keep none,
/// with `otherwise`.
fn board_kept(
    ctx: &Ctx<'_, BoardChips>,
    with: bool,
    otherwise: BoardChipsError,
) -> Result<(), Refusal> {
    if ctx.options.board().is_some() == with {
        Ok(())
    } else {
        Err(otherwise.into())
    }
}

/// `where`: the squares a letter could cover, said; records nothing.
fn where_(
    ctx: &Ctx<'_, BoardChips>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    board_kept(ctx, true, BoardChipsError::NeedsBoard)?;
    command::where_(args, ctx.state, ctx.options, ctx.roster.names())
        .map(Action::show)
        .map_err(Refusal::from)
}

/// A verb's line turned into the one event it records (its player found through the
/// roster first); refuses what does not parse or does not fit the game as it stands
/// (nothing is recorded then), and asks first where a turn looks mistyped.
fn recorded(ctx: &Ctx<'_, BoardChips>, args: &str, parse: Parse) -> Result<Action<Event>, Refusal> {
    let args = ctx.roster.spell(args, &[0])?;
    let event = parse(&args, ctx.state, ctx.options, ctx.roster.names()).map_err(Refusal::from)?;
    if !ctx.script
        && let Some((said, question)) =
            one_tile_asked(ctx, &event).or_else(|| no_play_asked(ctx, &event))
    {
        return Ok(Action {
            record: Vec::new(),
            show: vec![said.into()],
            then: Vec::new(),
            ask: Some(Ask::new(
                question,
                vec![crate::contract::event::Event::Game(event)],
            )),
            refused: false,
        });
    }
    Ok(Action::record(event))
}

impl Prompt for BoardChips {
    const MOVES: &'static [Move<Reads<Self>>] = MOVES;

    /// The tiles of `cover`: each square a tile could cover this turn, as `WORD:LETTER`,
    /// named by the word whose next open letter it is, or whose next but one (which the
    /// turn's other tile may open up).
    fn complete(scene: &Scene<'_, Self>, kind: &str) -> Vec<String> {
        let (Some(board), Some(coverage)) = (scene.options.board(), scene.state.coverage()) else {
            return Vec::new();
        };
        if kind != "tile" {
            return Vec::new();
        }
        let mut out: Vec<String> = board
            .word_ids()
            .flat_map(|(id, w)| {
                w.squares()
                    .iter()
                    .copied()
                    .filter(|&s| !coverage.is_covered(board, s))
                    .take(2)
                    .filter_map(move |square| board.name(square, Some(id)))
            })
            .map(|name| match name.nth {
                Some(n) => format!("{}:{}{n}", name.word, name.letter),
                None => format!("{}:{}", name.word, name.letter),
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Every entry names the player whose turn it was.
    fn texts(event: &mut Event) -> Vec<Text<'_>> {
        match event {
            Event::SquaresCovered { player, .. }
            | Event::TilesPlaced { player, .. }
            | Event::TilesExchanged { player, .. }
            | Event::TurnPassed { player }
            | Event::RackShown { player, .. } => vec![Text::name(player)],
        }
    }
}

/// Why umpire cannot referee a turn of `player` that `plays` would have ruled on: the
/// rack was not told, or told in part and its known letters do not play (or none of it
/// is known any more: the letters told were played). `None` when the rack is told in
/// full (the engine rules on it), or when even `any` letters do not play on the board
/// as it stands (there is nothing to ask).
fn rack_unknown(
    ctx: &Ctx<'_, BoardChips>,
    player: &str,
    any: &[char],
    plays: impl Fn(&Board, &Coverage, &[char]) -> bool,
) -> Option<String> {
    let (board, coverage) = (ctx.options.board()?, ctx.state.coverage()?);
    let seat = ctx.roster.find(player).ok()?;
    let why = match ctx.state.rack(seat) {
        None => format!("{player}'s rack was not told"),
        Some(rack) if rack.unknown() > 0 && !plays(board, coverage, rack.known()) => {
            if rack.known().is_empty() {
                format!(
                    "none of {player}'s rack is known now (the letters told were played; {} tiles not told)",
                    rack.unknown()
                )
            } else {
                format!("{player}'s rack is told only in part ({rack})")
            }
        }
        Some(_) => return None,
    };
    plays(board, coverage, any).then_some(why)
}

/// An exchange or a pass umpire cannot referee: the sheet allows one only to a player
/// who can play no tile, and umpire does not know the rack (not told, or told in part
/// and its known letters play nothing). Asked at a terminal, as a one-tile turn is,
/// when some letter could cover a square now; `None` otherwise (a rack told in full is
/// refereed by the engine).
fn no_play_asked(ctx: &Ctx<'_, BoardChips>, event: &Event) -> Option<(String, String)> {
    let (player, what, question) = match event {
        Event::TilesExchanged { player, .. } => (player, "exchanges tiles", "an exchange"),
        Event::TurnPassed { player } => (player, "passes", "a pass"),
        _ => return None,
    };
    // Any rack at all: every letter.
    let any: Vec<char> = ('A'..='Z').collect();
    let why = rack_unknown(ctx, player, &any, |board, coverage, letters| {
        super::rack::one_from(board, coverage, letters).is_some()
    })?;
    Some((
        format!(
            "{player} {what}, and {why}: the sheet has a player who can play a tile play it; `rack {player} LETTERS` lets umpire check"
        ),
        format!("record {question} for {player}?"),
    ))
}

/// A one-tile turn umpire cannot referee: the sheet has a player who can play two
/// tiles play two, and umpire does not know the rack (not told, or told in part and
/// its known letters make no two-tile turn). Asked at a terminal when the board has a
/// two-tile turn for some rack and the tiles left allow one; `None` otherwise (a rack
/// told in full is refereed by the engine, which refuses the turn).
fn one_tile_asked(ctx: &Ctx<'_, BoardChips>, event: &Event) -> Option<(String, String)> {
    let Event::SquaresCovered { player, coverings } = event else {
        return None;
    };
    if coverings.len() != 1 || ctx.state.tiles_left() < 2 {
        return None;
    }
    // Any rack at all: every letter, twice.
    let any: Vec<char> = ('A'..='Z').flat_map(|c| [c, c]).collect();
    let why = rack_unknown(ctx, player, &any, |board, coverage, letters| {
        super::rack::two_from(board, coverage, letters).is_some()
    })?;
    Some((
        format!(
            "{player} covers one square, and {why}: the sheet has a player who can play two tiles play two; `rack {player} LETTERS` lets umpire check"
        ),
        format!("record a one-tile turn for {player}?"),
    ))
}

/// What only Board Chips needs of the core: a covering said back in the words it was
/// typed in, and the board's covered squares to colour.
impl Extras<Event> for BoardChips {
    /// A square named by a word through it is said back by that word, the other word
    /// after it: `SPOON:O2` is "O2 of SPOON (also OWL's O)", where `history` names the
    /// square by the word that made the covering legal.
    fn said_back(
        before: &Scene<'_, Self>,
        verb: &str,
        args: &str,
        event: &Event,
    ) -> Option<String> {
        if verb != "cover" {
            return None;
        }
        let (state, options, players) = (before.state, before.options, before.roster.names());
        let board = options.board()?;
        let Ok(Ruled::Turn { mut turn, .. }) = state.judge(options, players, event) else {
            return None;
        };
        let (_, rest) = args.trim().split_once(char::is_whitespace)?;
        // Each tile named by a word, with the letter it named there: a tile named by
        // its letter alone or its square has no word to be said by.
        let typed: Vec<(WordId, char)> = names::parse(rest)
            .ok()?
            .iter()
            .filter_map(|n| match n {
                Named::InWord { word, letter, .. } => {
                    Some((names::word_typed(board, word)?, *letter))
                }
                _ => None,
            })
            .collect();
        let Play::Covered { coverings } = &mut turn.play else {
            return None;
        };
        let mut changed = false;
        for record in coverings.iter_mut() {
            let square = record.covering.square;
            let Some(&(id, _)) = typed.iter().find(|&&(id, letter)| {
                letter == record.covering.letter
                    && board
                        .word(id)
                        .is_some_and(|w| w.squares().contains(&square))
            }) else {
                continue;
            };
            let Some(name) = board.name(square, Some(id)) else {
                continue;
            };
            if name.to_string() == record.name {
                continue;
            }
            let also = board
                .words_at(square)
                .map(|(w, _)| w)
                .find(|&w| w != id)
                .and_then(|w| board.name(square, Some(w)));
            record.name = match also {
                Some(other) => format!(
                    "{name} (also {}'s {}{})",
                    other.word,
                    other.letter,
                    other.nth.map_or_else(String::new, |n| n.to_string())
                ),
                None => name.to_string(),
            };
            changed = true;
        }
        changed.then(|| super::describe::turn_text(&turn))
    }

    fn highlights(scene: &Scene<'_, Self>) -> Vec<Highlight> {
        super::view::highlights(scene)
    }
}
