//! What the scorekeeper types, read into events: `cover PLAYER R,C LETTER [R,C LETTER]`
//! on a board, `turn PLAYER TILES CHIPS` without one, and `exchange PLAYER` or
//! `pass PLAYER` in either mode.
//!
//! Each function reads its verb's arguments, then rules on the event against the game
//! as it stands ([`State::judge`]), so an event it returns is one that applies: a
//! mistyped line and a line against the rules are both refused before anything is
//! recorded. A square is written `ROW,COLUMN` counting from 1 (`3,4`), or as umpire
//! shows it (`r3c4`).

use thiserror::Error;

use super::board::Square;
use super::play::{Covering, MAX_COVERINGS};
use super::state::{BoardChipsError, Event, Options, State, TILES_A_TURN, find_seat};
use crate::contract::{Kind, Refuse};

/// How `cover` is typed, for messages and help.
pub const COVER_USAGE: &str = "cover PLAYER ROW,COLUMN LETTER [ROW,COLUMN LETTER]";
/// How `turn` is typed, for messages and help.
pub const TURN_USAGE: &str = "turn PLAYER TILES CHIPS";
/// How `exchange` is typed, for messages and help.
pub const EXCHANGE_USAGE: &str = "exchange PLAYER";
/// How `pass` is typed, for messages and help.
pub const PASS_USAGE: &str = "pass PLAYER";

/// Why a typed command was refused; nothing was recorded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    #[error("expected {usage}, e.g. {example}")]
    Usage {
        usage: &'static str,
        example: &'static str,
    },
    #[error("{text} is not a square: write ROW,COLUMN counting from 1, e.g. 3,4 (or r3c4)")]
    BadSquare { text: String },
    #[error("{square} needs the letter on the tile after it, e.g. {},{} T", .square.row, .square.col)]
    NoLetter { square: Square },
    #[error("{text} is not a letter: each square is followed by one letter A-Z")]
    BadLetter { text: String },
    #[error("a turn covers at most two squares (two tiles): {text} would be a third")]
    ThirdCovering { text: String },
    #[error("TILES is the tiles placed this turn, 0, 1 or 2, not {text}")]
    BadTiles { text: String },
    #[error("CHIPS is the chips won this turn, a whole number, not {text}")]
    BadChips { text: String },
    #[error("{verb} takes only PLAYER: {text} is one word too many")]
    Extra { verb: &'static str, text: String },
    #[error(transparent)]
    Rule(#[from] BoardChipsError),
}

impl Refuse for CommandError {
    fn kind(&self) -> Kind {
        match self {
            CommandError::Rule(rule) => rule.kind(),
            CommandError::ThirdCovering { .. } => Kind::Rule,
            CommandError::Usage { .. }
            | CommandError::BadSquare { .. }
            | CommandError::NoLetter { .. }
            | CommandError::BadLetter { .. }
            | CommandError::BadTiles { .. }
            | CommandError::BadChips { .. }
            | CommandError::Extra { .. } => Kind::BadInput,
        }
    }
}

/// `cover PLAYER R,C LETTER [R,C LETTER]`: one turn on the board.
pub fn cover(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let usage = CommandError::Usage {
        usage: COVER_USAGE,
        example: "cover alice 1,9 T 2,9 E",
    };
    if options.board().is_none() {
        return Err(BoardChipsError::NeedsBoard.into());
    }
    let mut words = args.split_whitespace();
    let player = words.next().ok_or(usage.clone())?;
    let player = canonical(players, player)?;
    let rest: Vec<&str> = words.collect();
    if rest.is_empty() {
        return Err(usage);
    }
    let mut coverings = Vec::with_capacity(MAX_COVERINGS);
    for (i, pair) in rest.chunks(2).enumerate() {
        if i == MAX_COVERINGS {
            return Err(CommandError::ThirdCovering {
                text: shown(&pair.join(" ")),
            });
        }
        let square = parse_square(pair.first().copied().unwrap_or_default())?;
        let letter = match pair.get(1) {
            Some(text) => parse_letter(text)?,
            None => return Err(CommandError::NoLetter { square }),
        };
        coverings.push(Covering { square, letter });
    }
    checked(
        Event::SquaresCovered { player, coverings },
        state,
        options,
        players,
    )
}

/// `turn PLAYER TILES CHIPS`: one turn in tally mode.
pub fn turn(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let usage = CommandError::Usage {
        usage: TURN_USAGE,
        example: "turn alice 2 1",
    };
    if options.board().is_some() {
        return Err(BoardChipsError::HasBoard.into());
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let [player, tiles, chips] = words.as_slice() else {
        if let Some(&player) = words.first() {
            canonical(players, player)?;
        }
        return Err(usage);
    };
    let player = canonical(players, player)?;
    let tiles = match tiles.parse::<u32>() {
        Ok(t) if t <= TILES_A_TURN => t,
        _ => {
            return Err(CommandError::BadTiles { text: shown(tiles) });
        }
    };
    let chips = chips
        .parse::<u32>()
        .map_err(|_| CommandError::BadChips { text: shown(chips) })?;
    checked(
        Event::TilesPlaced {
            player,
            tiles,
            chips,
        },
        state,
        options,
        players,
    )
}

/// `exchange PLAYER`: the player could not play and swapped tiles with the pool.
pub fn exchange(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let player = only_player("exchange", EXCHANGE_USAGE, "exchange bob", args, players)?;
    checked(Event::TilesExchanged { player }, state, options, players)
}

/// `pass PLAYER`: the player could not play and the pool is empty.
pub fn pass(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let player = only_player("pass", PASS_USAGE, "pass bob", args, players)?;
    checked(Event::TurnPassed { player }, state, options, players)
}

/// A square as typed: `3,4` or `r3c4` (either case), counting from 1.
pub fn parse_square(text: &str) -> Result<Square, CommandError> {
    let bad = || CommandError::BadSquare { text: shown(text) };
    let lower = text.to_ascii_lowercase();
    let (row, col) = match lower
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
    {
        Some(parts) => parts,
        None => lower.split_once(',').ok_or_else(bad)?,
    };
    let (row, col) = (number(row).ok_or_else(bad)?, number(col).ok_or_else(bad)?);
    if row == 0 || col == 0 {
        return Err(bad());
    }
    Ok(Square::new(row, col))
}

/// A whole number of ASCII digits; one too big for `usize` is as good as off the board.
fn number(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(usize::MAX))
}

/// One letter A-Z, either case, as a capital.
fn parse_letter(text: &str) -> Result<char, CommandError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(c.to_ascii_uppercase()),
        _ => Err(CommandError::BadLetter { text: shown(text) }),
    }
}

fn only_player(
    verb: &'static str,
    usage: &'static str,
    example: &'static str,
    args: &str,
    players: &[String],
) -> Result<String, CommandError> {
    let mut words = args.split_whitespace();
    let Some(player) = words.next() else {
        return Err(CommandError::Usage { usage, example });
    };
    let player = canonical(players, player)?;
    if let Some(extra) = words.next() {
        return Err(CommandError::Extra {
            verb,
            text: shown(extra),
        });
    }
    Ok(player)
}

/// The player's name as the roster spells it.
fn canonical(players: &[String], typed: &str) -> Result<String, BoardChipsError> {
    let seat = find_seat(players, typed)?;
    Ok(players.get(seat).cloned().unwrap_or_default())
}

fn checked(
    event: Event,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    state.judge(options, players, &event)?;
    Ok(event)
}

/// User text quoted for a message, cut short if long.
fn shown(text: &str) -> String {
    const SHOWN: usize = 24;
    if text.chars().count() <= SHOWN {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(SHOWN).collect();
        format!("{head:?}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::board_chips::EXAMPLE_BOARD;

    fn players() -> Vec<String> {
        vec!["alice".into(), "bob".into()]
    }

    fn board_game() -> (State, Options) {
        let o = Options::with_board("example", EXAMPLE_BOARD).expect("board");
        (State::new(&o, 2), o)
    }

    fn tally_game() -> (State, Options) {
        let o = Options::tally();
        (State::new(&o, 2), o)
    }

    #[test]
    fn a_cover_line_becomes_an_event_with_capital_letters_and_the_roster_spelling() {
        let (s, o) = board_game();
        let e = cover("ALICE 1,9 t r2C9 E", &s, &o, &players()).expect("cover");
        assert_eq!(
            e,
            Event::SquaresCovered {
                player: "alice".into(),
                coverings: vec![Covering::new(1, 9, 'T'), Covering::new(2, 9, 'E')],
            }
        );
    }

    #[test]
    fn a_third_covering_in_a_turn_is_refused() {
        let (s, o) = board_game();
        let e = cover("alice 1,9 T 2,9 E 3,9 N", &s, &o, &players()).expect_err("three");
        assert_eq!(
            e.to_string(),
            r#"a turn covers at most two squares (two tiles): "3,9 N" would be a third"#
        );
    }

    #[test]
    fn a_square_that_is_not_two_numbers_from_one_is_refused() {
        let (s, o) = board_game();
        for text in ["a,b", "3", "3,", ",4", "0,4", "3,-4", "r3", "c3r4", "3.4"] {
            let e = cover(&format!("alice {text} T"), &s, &o, &players()).expect_err(text);
            assert_eq!(
                e,
                CommandError::BadSquare {
                    text: format!("{text:?}")
                },
                "{text}"
            );
        }
        let e = cover("alice a,b T", &s, &o, &players()).expect_err("a,b");
        assert_eq!(
            e.to_string(),
            r#""a,b" is not a square: write ROW,COLUMN counting from 1, e.g. 3,4 (or r3c4)"#
        );
    }

    #[test]
    fn a_square_without_its_letter_or_with_more_than_a_letter_is_refused() {
        let (s, o) = board_game();
        let e = cover("alice 1,9", &s, &o, &players()).expect_err("no letter");
        assert_eq!(
            e.to_string(),
            "r1c9 needs the letter on the tile after it, e.g. 1,9 T"
        );
        let e = cover("alice 1,9 TE", &s, &o, &players()).expect_err("two letters");
        assert_eq!(
            e.to_string(),
            r#""TE" is not a letter: each square is followed by one letter A-Z"#
        );
        let e = cover("alice", &s, &o, &players()).expect_err("nothing");
        assert_eq!(
            e.to_string(),
            "expected cover PLAYER ROW,COLUMN LETTER [ROW,COLUMN LETTER], e.g. cover alice 1,9 T 2,9 E"
        );
    }

    #[test]
    fn a_huge_row_number_is_off_the_board_not_a_crash() {
        let (s, o) = board_game();
        let e = cover("alice 99999999999999999999999,1 T", &s, &o, &players())
            .expect_err("off the board");
        assert!(e.to_string().contains("is off the board"), "{e}");
    }

    #[test]
    fn an_unknown_player_is_refused_naming_the_players() {
        let (s, o) = tally_game();
        let e = turn("zed 2 0", &s, &o, &players()).expect_err("zed");
        assert_eq!(
            e.to_string(),
            r#"unknown player "zed": the players are alice, bob"#
        );
    }

    #[test]
    fn a_tally_turn_reads_tiles_and_chips() {
        let (s, o) = tally_game();
        assert_eq!(
            turn("bob 2 1", &s, &o, &players()),
            Ok(Event::TilesPlaced {
                player: "bob".into(),
                tiles: 2,
                chips: 1
            })
        );
        let e = turn("bob 3 1", &s, &o, &players()).expect_err("3 tiles");
        assert_eq!(
            e.to_string(),
            r#"TILES is the tiles placed this turn, 0, 1 or 2, not "3""#
        );
        let e = turn("bob 2 x", &s, &o, &players()).expect_err("x chips");
        assert_eq!(
            e.to_string(),
            r#"CHIPS is the chips won this turn, a whole number, not "x""#
        );
        let e = turn("bob 2", &s, &o, &players()).expect_err("no chips");
        assert_eq!(
            e.to_string(),
            "expected turn PLAYER TILES CHIPS, e.g. turn alice 2 1"
        );
    }

    #[test]
    fn each_verb_refuses_the_other_modes_turn() {
        let (s, o) = tally_game();
        for args in ["alice 1,9 T", "alice", ""] {
            let e = cover(args, &s, &o, &players()).expect_err("no board");
            assert_eq!(e, CommandError::Rule(BoardChipsError::NeedsBoard));
        }
        let (s, o) = board_game();
        for args in ["alice 2 0", "alice"] {
            let e = turn(args, &s, &o, &players()).expect_err("a board");
            assert_eq!(e, CommandError::Rule(BoardChipsError::HasBoard));
        }
    }

    #[test]
    fn exchange_and_pass_take_only_a_player() {
        let (s, o) = tally_game();
        assert_eq!(
            exchange("bob", &s, &o, &players()),
            Ok(Event::TilesExchanged {
                player: "bob".into()
            })
        );
        let e = exchange("bob now", &s, &o, &players()).expect_err("extra");
        assert_eq!(
            e.to_string(),
            r#"exchange takes only PLAYER: "now" is one word too many"#
        );
        let e = pass("", &s, &o, &players()).expect_err("no player");
        assert_eq!(e.to_string(), "expected pass PLAYER, e.g. pass bob");
    }

    #[test]
    fn a_typed_turn_against_the_rules_is_refused_before_it_is_recorded() {
        let (s, o) = board_game();
        let e = cover("alice 2,9 E", &s, &o, &players()).expect_err("not a first letter");
        assert!(
            e.to_string()
                .contains("the first turn covers the first letters"),
            "{e}"
        );
    }
}
