//! What the scorekeeper types, read into events: `cover PLAYER TILE [TILE]` on a board,
//! `turn PLAYER TILES CHIPS` without one, `exchange PLAYER` or `pass PLAYER` in either
//! mode, and on a board `rack PLAYER LETTERS`; and the question `where LETTERS`, which
//! records nothing.
//!
//! Each function reads its verb's arguments, then rules on the event against the game
//! as it stands ([`State::judge`]), so an event it returns is one that applies: a
//! mistyped line and a line against the rules are both refused before anything is
//! recorded. A tile of `cover` names its square the way the board reads (`C of
//! JACKET`, `JACKET:C`, the letter alone) or by row and column ([`super::names`]); the
//! event keeps the square by row and column either way.

use thiserror::Error;

use super::board::Board;
use super::names::{self, NameError};
use super::play::{self, Coverage, Covering};
use super::state::{BoardChipsError, Event, Options, State, TILES_A_TURN, find_seat};
use crate::contract::{Kind, Refuse};

/// How `cover` is typed, for messages and help.
pub(crate) const COVER_USAGE: &str = "cover PLAYER TILE [TILE], each TILE LETTER of WORD, WORD:LETTER, its LETTER alone or ROW,COLUMN LETTER";
/// How `turn` is typed, for messages and help.
pub(crate) const TURN_USAGE: &str = "turn PLAYER TILES CHIPS";
/// How `exchange` is typed, for messages and help.
pub(crate) const EXCHANGE_USAGE: &str = "exchange PLAYER [TILES]";
/// How `pass` is typed, for messages and help.
pub(crate) const PASS_USAGE: &str = "pass PLAYER";
/// How `rack` is typed, for messages and help.
pub(crate) const RACK_USAGE: &str = "rack PLAYER LETTERS (? for a tile not told)";

/// Why a typed command was refused; nothing was recorded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum CommandError {
    #[error("expected {usage}, e.g. {example}")]
    Usage {
        usage: &'static str,
        example: &'static str,
    },
    #[error("TILES is the tiles placed this turn, 0, 1 or 2, not {text}")]
    BadTiles { text: String },
    #[error("CHIPS is the chips won this turn, a whole number, not {text}")]
    BadChips { text: String },
    #[error("{verb} takes only PLAYER: {text} is one word too many")]
    Extra { verb: &'static str, text: String },
    #[error("{text} is not a letter: where takes letters A-Z, e.g. where T or where CAKE")]
    WhereLetter { text: String },
    #[error(transparent)]
    Name(#[from] NameError),
    #[error(transparent)]
    Rule(#[from] BoardChipsError),
}

impl Refuse for CommandError {
    fn kind(&self) -> Kind {
        match self {
            CommandError::Rule(rule) => rule.kind(),
            CommandError::Name(name) => name.kind(),
            CommandError::Usage { .. }
            | CommandError::BadTiles { .. }
            | CommandError::BadChips { .. }
            | CommandError::Extra { .. }
            | CommandError::WhereLetter { .. } => Kind::BadInput,
        }
    }
}

/// `cover PLAYER TILE [TILE]`: one turn on the board. Whose turn it is is checked
/// before the tiles are looked for, so an out-of-turn line says so first.
pub(crate) fn cover(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let usage = CommandError::Usage {
        usage: COVER_USAGE,
        example: "cover alice C of JACKET, B of BOAT",
    };
    let (Some(board), Some(coverage)) = (options.board(), state.coverage()) else {
        return Err(BoardChipsError::NeedsBoard.into());
    };
    let args = args.trim();
    let (player, rest) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
    if player.is_empty() {
        return Err(usage);
    }
    let seat = find_seat(players, player)?;
    let player = players.get(seat).cloned().unwrap_or_default();
    if rest.trim().is_empty() {
        return Err(usage);
    }
    state.may_play(players, seat)?;
    let named = names::parse(rest)?;
    let coverings = names::resolve(board, coverage, &named)?;
    checked(
        Event::SquaresCovered { player, coverings },
        state,
        options,
        players,
    )
}

/// `turn PLAYER TILES CHIPS`: one turn in tally mode.
pub(crate) fn turn(
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
            return Err(CommandError::BadTiles {
                text: names::shown(tiles),
            });
        }
    };
    let chips = chips.parse::<u32>().map_err(|_| CommandError::BadChips {
        text: names::shown(chips),
    })?;
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

/// `exchange PLAYER [TILES]`: the player could not play and swapped tiles with the
/// pool; the tiles put back when the table tells them (`exchange bob KV`, `K V`).
pub(crate) fn exchange(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let args = args.trim();
    let (player, rest) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
    if player.is_empty() {
        return Err(CommandError::Usage {
            usage: EXCHANGE_USAGE,
            example: "exchange bob KV",
        });
    }
    let player = canonical(players, player)?;
    let back: String = rest
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if !back.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(BoardChipsError::BadExchange {
            text: names::shown(rest.trim()),
        }
        .into());
    }
    checked(
        Event::TilesExchanged { player, back },
        state,
        options,
        players,
    )
}

/// `pass PLAYER`: the player could not play and the pool is empty.
pub(crate) fn pass(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let player = only_player("pass", PASS_USAGE, "pass bob", args, players)?;
    checked(Event::TurnPassed { player }, state, options, players)
}

/// `rack PLAYER LETTERS`: what the player's rack holds, after the draw, `?` for a tile
/// not told (`-` for none). Spaces and commas between the letters are read past.
pub(crate) fn rack(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let usage = CommandError::Usage {
        usage: RACK_USAGE,
        example: "rack alice ACEKRST",
    };
    if options.board().is_none() {
        return Err(BoardChipsError::RackNeedsBoard.into());
    }
    let args = args.trim();
    let (player, rest) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
    if player.is_empty() {
        return Err(usage);
    }
    let player = canonical(players, player)?;
    let rest = rest.trim();
    if rest.is_empty() {
        return Err(usage);
    }
    let letters: String = if rest == "-" {
        String::new()
    } else {
        rest.chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect()
    };
    if !letters
        .chars()
        .all(|c| c.is_ascii_alphabetic() || c == super::rack::UNTOLD)
    {
        return Err(BoardChipsError::BadRack {
            letters: names::shown(rest),
        }
        .into());
    }
    checked(
        Event::RackShown {
            player,
            letters: letters.to_ascii_uppercase(),
        },
        state,
        options,
        players,
    )
}

/// `where LETTERS`: for each letter, every square a tile showing it may cover now and
/// what it would complete or start there; without letters, the rack of the player to
/// play when the table has said it, else every letter that may be covered now.
pub(crate) fn where_(
    args: &str,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Vec<String>, CommandError> {
    let (Some(board), Some(coverage)) = (options.board(), state.coverage()) else {
        return Err(BoardChipsError::NeedsBoard.into());
    };
    let mut letters: Vec<char> = Vec::new();
    for word in args.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        if !word.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(CommandError::WhereLetter {
                text: names::shown(word),
            });
        }
        letters.extend(word.chars().map(|c| c.to_ascii_uppercase()));
    }
    // Tiles of the rack asked about that umpire was not told: said after the answer,
    // which is only for the letters it knows.
    let mut untold = None;
    if letters.is_empty() {
        let seat = state.next_seat();
        let rack = seat.and_then(|seat| state.rack(seat));
        letters = match rack {
            Some(rack) if !rack.known().is_empty() => {
                if rack.unknown() > 0 {
                    let name = seat.and_then(|s| players.get(s)).map_or("", String::as_str);
                    untold = Some(format!(
                        "{} of {name}'s rack not told: this answers for {} only; `where LETTERS` asks about any letter",
                        if rack.unknown() == 1 {
                            "1 tile".to_string()
                        } else {
                            format!("{} tiles", rack.unknown())
                        },
                        rack.known()
                            .iter()
                            .map(char::to_string)
                            .collect::<Vec<_>>()
                            .join(" ")
                    ));
                }
                rack.known().to_vec()
            }
            _ => play::playable(board, coverage)
                .iter()
                .filter_map(|&s| board.letter(s))
                .collect(),
        };
        letters.sort_unstable();
    }
    let mut seen = Vec::new();
    letters.retain(|l| {
        let new = !seen.contains(l);
        seen.push(*l);
        new
    });
    let mut lines: Vec<String> = letters
        .iter()
        .map(|&l| where_line(board, coverage, state.kitty(), l))
        .collect();
    lines.extend(untold);
    Ok(lines)
}

/// One letter's answer to `where`: "T: T of JACKET completes JACKET (1 chip); T of BOAT
/// and GOAT completes both (2 chips)".
pub(crate) fn where_line(board: &Board, coverage: &Coverage, kitty: u32, letter: char) -> String {
    let mut said = Vec::new();
    for (square, through) in play::playable_through(board, coverage) {
        if board.letter(square) != Some(letter) {
            continue;
        }
        let covering = Covering { square, letter };
        let Ok(placed) = play::rule(board, coverage, &[covering]) else {
            continue;
        };
        let Some(p) = placed.first() else {
            continue;
        };
        let Some(name) = board.name(square, through.first().copied()) else {
            continue;
        };
        let label = |id| board.label(id);
        let completed: Vec<String> = p.completed.iter().map(|&id| label(id)).collect();
        let started: Vec<String> = p
            .started
            .iter()
            .filter(|id| !p.completed.contains(id))
            .map(|&id| label(id))
            .collect();
        // The two words the square is named by, said again, are "both".
        let words = |list: &[String]| {
            if list.len() == 2 && name.also.is_some() {
                "both".to_string()
            } else {
                crate::text::and_list(list)
            }
        };
        let mut parts = Vec::new();
        if !completed.is_empty() {
            let words = words(&completed);
            let n = completed.len() as u32;
            let chips = match n.min(kitty) {
                0 => "no chip: the kitty is empty".to_string(),
                k if k < n => format!("{}: the kitty holds only {kitty}", chip_count(k)),
                k => chip_count(k),
            };
            parts.push(format!("completes {words} ({chips})"));
        }
        if !started.is_empty() {
            parts.push(format!("starts {}", words(&started)));
        }
        if parts.is_empty() {
            parts.push(format!("continues {}", name.word));
        }
        said.push(format!("{} {}", name.both(), parts.join(", ")));
    }
    if said.is_empty() {
        let open = board
            .squares()
            .any(|(s, l)| l == letter && !coverage.is_covered(board, s));
        let why = if open {
            format!("no {letter} may be covered now")
        } else if board.squares().any(|(_, l)| l == letter) {
            format!("every {letter} is covered")
        } else {
            format!("no square shows {letter}")
        };
        return format!("{letter}: {why}");
    }
    format!("{letter}: {}", said.join("; "))
}

fn chip_count(n: u32) -> String {
    if n == 1 {
        "1 chip".to_string()
    } else {
        format!("{n} chips")
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
            text: names::shown(extra),
        });
    }
    Ok(player)
}

/// The player's name as the roster spells it.
fn canonical(players: &[String], typed: &str) -> Result<String, BoardChipsError> {
    let seat = find_seat(players, typed)?;
    Ok(players.get(seat).cloned().unwrap_or_default())
}

/// The event, ruled on as it would be recorded, with the pool's rules that are the
/// scorekeeper's to follow ([`State::check_pool`]). A turn on the board is returned
/// with its coverings in the order they stand in.
fn checked(
    event: Event,
    state: &State,
    options: &Options,
    players: &[String],
) -> Result<Event, CommandError> {
    let ruled = state.judge(options, players, &event)?;
    state.check_pool(players.len(), &event)?;
    Ok(match (event, ruled) {
        (
            Event::SquaresCovered { player, .. },
            super::state::Ruled::Turn {
                turn:
                    super::record::Turn {
                        play: super::record::Play::Covered { coverings },
                        ..
                    },
                ..
            },
        ) => Event::SquaresCovered {
            player,
            coverings: coverings.iter().map(|c| c.covering).collect(),
        },
        (event, _) => event,
    })
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
    fn squares_named_by_word_and_letter_become_the_same_event_as_by_row_and_column() {
        let (s, o) = board_game();
        let by_number = cover("alice 1,9 T 2,9 E", &s, &o, &players()).expect("numbers");
        for line in [
            "alice T of TENT, E of TENT",
            "alice tent:t tent:e",
            "alice TRAIL:T E of TENT",
        ] {
            assert_eq!(
                cover(line, &s, &o, &players()),
                Ok(by_number.clone()),
                "{line}"
            );
        }
    }

    #[test]
    fn a_turn_typed_in_the_other_order_is_recorded_in_the_order_it_stands() {
        let (s, o) = board_game();
        let e = cover("alice E of TENT, T of TENT", &s, &o, &players()).expect("E, T");
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
        for text in ["3", "3,", ",4", "0,4", "3,-4", "r3", "3.4", "five,5"] {
            let e = cover(&format!("alice {text} T"), &s, &o, &players()).expect_err(text);
            assert!(
                e.to_string().ends_with(
                    " is not a square: write ROW,COLUMN counting from 1, e.g. 3,4 (or r3c4)"
                ),
                "{text}: {e}"
            );
            assert_eq!(e.kind(), Kind::BadInput, "{text}");
        }
        let e = cover("alice five,5 T", &s, &o, &players()).expect_err("five,5");
        assert_eq!(
            e.to_string(),
            r#""five,5" is not a square: write ROW,COLUMN counting from 1, e.g. 3,4 (or r3c4)"#
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
            "expected cover PLAYER TILE [TILE], each TILE LETTER of WORD, WORD:LETTER, its LETTER alone or ROW,COLUMN LETTER, e.g. cover alice C of JACKET, B of BOAT"
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
    fn a_tally_turn_of_no_tiles_is_a_pass_and_refused_while_the_pool_holds_tiles() {
        let (s, o) = tally_game();
        let e = turn("bob 0 0", &s, &o, &players()).expect_err("the pool holds 87");
        assert_eq!(
            e.to_string(),
            "no tile placed is a pass, and the pool still holds 87 tiles: a player who cannot play exchanges (exchange PLAYER)"
        );
        let pass_said = pass("bob", &s, &o, &players()).expect_err("pass too");
        assert!(
            pass_said
                .to_string()
                .starts_with("the pool still holds 87 tiles")
        );
    }

    #[test]
    fn each_verb_refuses_the_other_modes_turn() {
        let (s, o) = tally_game();
        for args in ["alice 1,9 T", "alice", ""] {
            let e = cover(args, &s, &o, &players()).expect_err("no board");
            assert_eq!(e, CommandError::Rule(BoardChipsError::NeedsBoard));
        }
        let e = rack("alice ABC", &s, &o, &players()).expect_err("no board");
        assert_eq!(e, CommandError::Rule(BoardChipsError::RackNeedsBoard));
        let (s, o) = board_game();
        for args in ["alice 2 0", "alice"] {
            let e = turn(args, &s, &o, &players()).expect_err("a board");
            assert_eq!(e, CommandError::Rule(BoardChipsError::HasBoard));
        }
    }

    #[test]
    fn exchange_takes_a_player_and_the_tiles_put_back_and_pass_only_a_player() {
        let (s, o) = tally_game();
        assert_eq!(
            exchange("bob", &s, &o, &players()),
            Ok(Event::TilesExchanged {
                player: "bob".into(),
                back: String::new(),
            })
        );
        assert_eq!(
            exchange("bob q, z", &s, &o, &players()),
            Ok(Event::TilesExchanged {
                player: "bob".into(),
                back: "QZ".into(),
            })
        );
        let e = exchange("bob Q7", &s, &o, &players()).expect_err("not a tile");
        assert_eq!(
            e.to_string(),
            r#""Q7" are not tiles: an exchange names the letters put back, A-Z (exchange PLAYER KV), or none"#
        );
        let e = exchange("bob Q", &s, &o, &players()).expect_err("one of two");
        assert_eq!(
            e.to_string(),
            "an exchange swaps two tiles with the pool (the sheet), not 1 tile: name both (exchange PLAYER KV), or none"
        );
        let e = pass("", &s, &o, &players()).expect_err("no player");
        assert_eq!(e.to_string(), "expected pass PLAYER, e.g. pass bob");
    }

    #[test]
    fn a_rack_is_read_past_spaces_and_commas_and_refused_when_not_letters() {
        let (s, o) = board_game();
        assert_eq!(
            rack("bob a, c e ????", &s, &o, &players()),
            Ok(Event::RackShown {
                player: "bob".into(),
                letters: "ACE????".into()
            })
        );
        let e = rack("bob -", &s, &o, &players()).expect_err("seven while the pool holds tiles");
        assert!(
            e.to_string()
                .starts_with("bob's rack holds 7 tiles while the pool holds tiles, not 0")
        );
        let e = rack("bob A1", &s, &o, &players()).expect_err("a digit");
        assert_eq!(
            e.to_string(),
            r#""A1" is not a rack: a rack is up to 7 letters A-Z, ? for a tile not told (rack PLAYER -, for none)"#
        );
        let e = rack("bob ABCDEFGH", &s, &o, &players()).expect_err("eight");
        assert!(e.to_string().contains("up to 7 letters"), "{e}");
        let e = rack("bob", &s, &o, &players()).expect_err("no letters");
        assert_eq!(
            e.to_string(),
            "expected rack PLAYER LETTERS (? for a tile not told), e.g. rack alice ACEKRST"
        );
    }

    #[test]
    fn where_says_every_square_a_letter_may_cover_and_what_it_would_do() {
        let (s, o) = board_game();
        let said = where_("t", &s, &o, &players()).expect("where T");
        assert_eq!(said, vec!["T: T of TRAIL and TENT starts both"]);
        let said = where_("V Q", &s, &o, &players()).expect("where V Q");
        assert_eq!(
            said,
            vec!["V: V of VIOLIN starts VIOLIN", "Q: no square shows Q"]
        );
        let e = where_("T9", &s, &o, &players()).expect_err("a digit");
        assert_eq!(
            e.to_string(),
            r#""T9" is not a letter: where takes letters A-Z, e.g. where T or where CAKE"#
        );
    }

    /// Plays typed turns on the example board, three players, as the prompt would.
    fn played(lines: &[&str]) -> State {
        let o = Options::with_board("example", EXAMPLE_BOARD).expect("board");
        let names: Vec<String> = vec!["ann".into(), "ben".into(), "cal".into()];
        let mut s = State::new(&o, 3);
        for line in lines {
            let (verb, rest) = line.split_once(' ').expect("a verb and its words");
            let e = match verb {
                "cover" => cover(rest, &s, &o, &names),
                "rack" => rack(rest, &s, &o, &names),
                _ => panic!("{verb}"),
            }
            .expect(line);
            s.apply(&o, &names, &e).expect(line);
        }
        s
    }

    #[test]
    fn where_counts_the_chips_a_letter_would_take_against_the_kitty() {
        let (_, o) = board_game();
        let board = o.board().expect("a board");
        let s = played(&[
            "cover ann W of WIND, B of BIRD",
            "cover ben I of WIND, I of BIRD",
            "cover cal N of WIND, R of BIRD",
        ]);
        let c = s.coverage().expect("a coverage");
        let d = |kitty| where_line(board, c, kitty, 'D');
        assert_eq!(d(2), "D: D of WIND and BIRD completes both (2 chips)");
        assert_eq!(
            d(1),
            "D: D of WIND and BIRD completes both (1 chip: the kitty holds only 1)"
        );
        assert_eq!(
            d(0),
            "D: D of WIND and BIRD completes both (no chip: the kitty is empty)"
        );
        // A square two words share, when it completes one of them, names that one.
        let s = played(&[
            "cover ann T of TENT, E of TENT",
            "cover ben N of TENT, P of PATH",
            "cover cal A of PATH",
        ]);
        let c = s.coverage().expect("a coverage");
        assert_eq!(
            where_line(board, c, 30, 'T'),
            "T: T of PATH and TENT completes TENT (1 chip)"
        );
        assert_eq!(
            where_line(board, c, 30, 'A'),
            "A: A of ACORN and MAPLE starts ACORN"
        );
    }

    #[test]
    fn where_tells_a_covered_letter_from_one_that_waits_its_turn() {
        let (_, o) = board_game();
        let board = o.board().expect("a board");
        let s = played(&["cover ann J of JAR, A of JAR"]);
        let c = s.coverage().expect("a coverage");
        assert_eq!(where_line(board, c, 30, 'J'), "J: every J is covered");
        assert_eq!(where_line(board, c, 30, 'E'), "E: no E may be covered now");
        assert_eq!(where_line(board, c, 30, 'Q'), "Q: no square shows Q");
    }

    #[test]
    fn where_alone_asks_of_the_next_players_told_letters_else_of_every_playable_one() {
        let (_, o) = board_game();
        let names: Vec<String> = vec!["ann".into(), "ben".into(), "cal".into()];
        let told = played(&["cover ann M of MAPLE, A of MAPLE", "rack ben PLEEEEE"]);
        assert_eq!(
            where_("", &told, &o, &names),
            Ok(vec![
                "E: no E may be covered now".to_string(),
                "L: L of LEAF starts LEAF; L of LEMON starts LEMON; L of LAKE starts LAKE"
                    .to_string(),
                "P: P of PATH and PEBBLE starts both; P of MAPLE and MAP continues MAPLE"
                    .to_string(),
            ])
        );
        let untold = played(&["cover ann M of MAPLE, A of MAPLE", "rack ben ???????"]);
        let letters: String = where_("", &untold, &o, &names)
            .expect("where")
            .iter()
            .filter_map(|line| line.chars().next())
            .collect();
        assert_eq!(letters, "BCFGHJKLMNOPRSTVW");
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
