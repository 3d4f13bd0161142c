//! The game as a pure state: chips per player, the kitty, the tiles placed, whose turn
//! it is, the board's coverings, what umpire knows of each rack, and a record of every
//! turn for the export.
//!
//! Rules kept here, from the sheet: the kitty starts with [`KITTY`] chips and never
//! goes below zero; play passes to the left (seat order); the game ends when every
//! tile is on the board: with a board, when every square is covered (the tiles are the
//! board's squares, one a square, so a 96-square board has 96), without one when all
//! [`TILES`] of the sheet's set are placed; most chips wins and a tie names everyone
//! tied. With a rack said (`rack`), "if you can play, you must play": a one-tile turn
//! is refused while the rack could cover two squares, an exchange or a pass while it
//! could cover one ([`super::rack`]).
//!
//! Decisions the sheet leaves open, made here:
//! - Whoever takes the first turn goes first ("choose a player to go first"); seat
//!   order holds from then on.
//! - A turn may cover one square as well as two (the sheet: "if you can play only one
//!   tile"); without the player's rack umpire cannot see why, so it does not ask.
//! - On a board, chips are awarded by umpire. When a covering completes more words
//!   than the kitty still holds, the player takes what is left; the turn's record
//!   shows the words completed and the chips actually taken.
//! - The pool is counted from the sheet's deal: the tiles (the board's squares, or the
//!   sheet's 101) less seven a player less the tiles placed. A player who cannot play
//!   exchanges while the pool holds tiles and passes once it is empty, and a tally
//!   turn of no tiles is a pass. These are checked as the scorekeeper types
//!   ([`State::check_pool`]), not on replay: an older umpire counted the pool of every
//!   board from 101, and a log it wrote (an exchange on a 96-square board when the real
//!   pool was empty) must keep opening with the same turns and totals.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{Board, BoardError};
use super::play::{self, Coverage, Covering, PlayError};
use super::rack::{self, Rack};
use super::record::{CompletedWord, CoveringRecord, Play, Turn};
use crate::contract::{Kind, Refuse};

/// The chips in the kitty at the start.
pub(crate) const KITTY: u32 = 44;

/// The letter tiles in the sheet's set: a tally game is over once all are placed. With
/// a board, the tiles are its squares ([`State::tiles`]).
pub(crate) const TILES: u32 = 101;

/// The tiles each player holds: drawn at the start, topped up after each turn.
/// The tiles an exchange swaps with the pool (the sheet: "exchange any two of your
/// tiles with two tiles from the pool").
pub(crate) const EXCHANGED: u32 = 2;

/// Why an exchange told with this many tiles does not fit the pool.
fn exchange_count(told: usize, pool: u32) -> String {
    let told = tile_count(told as u32);
    match pool {
        1 => format!(
            "the pool holds 1 tile: the exchange swaps one tile, not {told} (exchange PLAYER K)"
        ),
        _ => format!(
            "an exchange swaps two tiles with the pool (the sheet), not {told}: name both (exchange PLAYER KV), or none"
        ),
    }
}

pub(crate) const HAND: u32 = 7;

/// The most tiles placed in one turn.
pub(crate) const TILES_A_TURN: u32 = 2;

/// The most players the tiles can deal a hand to (14 hands of 7 is 98 of 101).
pub(crate) const MAX_PLAYERS: usize = (TILES / HAND) as usize;

/// Why an event was not applied; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum BoardChipsError {
    #[error("unknown player {name:?}: the players are {players}")]
    UnknownPlayer { name: String, players: String },
    #[error("it is {next}'s turn, not {player}'s (play passes to the left){hint}")]
    NotYourTurn {
        player: String,
        next: String,
        /// When the player's own turn just before covered one tile: how to make it two.
        hint: String,
    },
    #[error("the game is over: {why}")]
    GameOver { why: &'static str },
    #[error(
        "this game has no board: record a turn as turn PLAYER TILES CHIPS (cover and where need a game started with a board: `--board FILE`, or `--board example`)"
    )]
    NeedsBoard,
    #[error(
        "this game has a board: record a turn as cover PLAYER TILE [TILE] (C of JACKET, B of BOAT); umpire counts the chips"
    )]
    HasBoard,
    #[error("a turn places 0, 1 or 2 tiles, not {tiles}")]
    TooManyTiles { tiles: u32 },
    #[error("only {} left to place, not {tiles}", tiles_left(*.left))]
    TilesLeft { left: u32, tiles: u32 },
    #[error(
        "{} placed cannot win {}: a tile completes at most two words (its across and its down word)",
        tile_count(*.tiles),
        chip_count(*.chips)
    )]
    TooManyChips { tiles: u32, chips: u32 },
    #[error("{}", kitty_short(*.chips, *.left))]
    KittyShort { chips: u32, left: u32 },
    #[error("the pool is empty: a player who cannot play passes (pass PLAYER)")]
    PoolEmpty,
    #[error(
        "{text} are not tiles: an exchange names the letters put back, A-Z (exchange PLAYER KV), or none"
    )]
    BadExchange { text: String },
    #[error("{}", exchange_count(*.told, *.pool))]
    ExchangeCount { told: usize, pool: u32 },

    #[error(
        "the pool still holds {}: a player who cannot play exchanges (exchange PLAYER)",
        tile_count(*.pool)
    )]
    PoolNotEmpty { pool: u32 },
    #[error(
        "no tile placed is a pass, and the pool still holds {}: a player who cannot play exchanges (exchange PLAYER)",
        tile_count(*.pool)
    )]
    NoTilePoolNotEmpty { pool: u32 },
    #[error("this game has no board: racks are told so umpire can see what a board allows")]
    RackNeedsBoard,
    #[error(
        "{letters} is not a rack: a rack is up to {HAND} letters A-Z, ? for a tile not told (rack PLAYER -, for none)"
    )]
    BadRack { letters: String },
    #[error(
        "{player}'s rack holds {HAND} tiles while the pool holds tiles, not {count}: say the letters known and ? for each other (rack {player} RI?????)"
    )]
    RackSize { player: String, count: usize },
    #[error(
        "{player}'s rack cannot hold a {letter}: the board has no {letter}, and its squares are the tiles"
    )]
    RackNotOnBoard { player: String, letter: char },
    #[error("{player}'s rack cannot hold {}: {}", letter_count(*.count, *.letter), open_of(*.open, *.letter, .others))]
    RackShort {
        player: String,
        letter: char,
        count: usize,
        open: usize,
        others: Vec<(String, usize)>,
    },
    #[error(
        "{player}'s rack ({rack}) holds no {letter}: correct it with rack {player} LETTERS first"
    )]
    NotInRack {
        player: String,
        letter: char,
        rack: String,
    },
    #[error("{player} can play two tiles ({example}): the sheet says always play two if you can")]
    MustPlayTwo { player: String, example: String },
    #[error("{player} can play ({example}): if you can play, you must play")]
    MustPlay { player: String, example: String },
    #[error(
        "board chips is for 1 to {MAX_PLAYERS} players (each draws {HAND} of the {TILES} tiles), not {count}"
    )]
    Players { count: usize },
    #[error(transparent)]
    Play(#[from] PlayError),
}

impl Refuse for BoardChipsError {
    fn kind(&self) -> Kind {
        match self {
            BoardChipsError::UnknownPlayer { .. } => Kind::UnknownPlayer,
            BoardChipsError::GameOver { .. } => Kind::MatchOver,
            BoardChipsError::NeedsBoard
            | BoardChipsError::HasBoard
            | BoardChipsError::RackNeedsBoard
            | BoardChipsError::BadRack { .. }
            | BoardChipsError::BadExchange { .. }
            | BoardChipsError::TooManyTiles { .. }
            | BoardChipsError::ExchangeCount { told: 3.., .. }
            | BoardChipsError::Players { .. }
            | BoardChipsError::Play(PlayError::NoCoverings) => Kind::BadInput,
            BoardChipsError::NotYourTurn { .. }
            | BoardChipsError::TilesLeft { .. }
            | BoardChipsError::TooManyChips { .. }
            | BoardChipsError::KittyShort { .. }
            | BoardChipsError::PoolEmpty
            | BoardChipsError::ExchangeCount { .. }
            | BoardChipsError::PoolNotEmpty { .. }
            | BoardChipsError::NoTilePoolNotEmpty { .. }
            | BoardChipsError::RackShort { .. }
            | BoardChipsError::RackSize { .. }
            | BoardChipsError::RackNotOnBoard { .. }
            | BoardChipsError::NotInRack { .. }
            | BoardChipsError::MustPlayTwo { .. }
            | BoardChipsError::MustPlay { .. }
            | BoardChipsError::Play(_) => Kind::Rule,
        }
    }
}

fn tile_count(n: u32) -> String {
    format!("{n} {}", if n == 1 { "tile" } else { "tiles" })
}

fn chip_count(n: u32) -> String {
    format!("{n} {}", if n == 1 { "chip" } else { "chips" })
}

fn tiles_left(n: u32) -> String {
    format!("{} {}", tile_count(n), if n == 1 { "is" } else { "are" })
}

/// "1 Q", "2 Es".
fn letter_count(n: usize, letter: char) -> String {
    if n == 1 {
        format!("1 {letter}")
    } else {
        format!("{n} {letter}s")
    }
}

/// "only 1 open square shows Q, and ben's rack holds it".
fn open_of(open: usize, letter: char, others: &[(String, usize)]) -> String {
    let squares = match open {
        0 => format!("no open square shows {letter}"),
        1 => format!("only 1 open square shows {letter}"),
        n => format!("only {n} open squares show {letter}"),
    };
    if others.is_empty() {
        return squares;
    }
    let held: Vec<String> = others
        .iter()
        .map(|(p, n)| format!("{p}'s rack holds {}", letter_count(*n, letter)))
        .collect();
    format!("{squares}, and {}", crate::text::and_list(&held))
}

/// "the kitty has only 3 chips left, not 4", "the kitty is empty: record 0 chips".
fn kitty_short(chips: u32, left: u32) -> String {
    match left {
        0 => "the kitty is empty: record 0 chips".to_string(),
        n => format!("the kitty has only {} left, not {chips}", chip_count(n)),
    }
}

/// "C of JACKET and B of BOAT": a turn's coverings named the way the table reads the
/// board, each by the word that makes it legal.
pub(crate) fn turn_names(board: &Board, coverage: &Coverage, coverings: &[Covering]) -> String {
    let names: Vec<String> = match play::rule(board, coverage, coverings) {
        Ok(placed) => placed
            .iter()
            .map(|p| {
                board
                    .name(p.covering.square, p.through.first().copied())
                    .map_or_else(|| p.covering.to_string(), |n| n.to_string())
            })
            .collect(),
        Err(_) => coverings.iter().map(ToString::to_string).collect(),
    };
    crate::text::and_list(&names)
}

/// Checks a player count for a new game.
pub(crate) fn check_players(count: usize) -> Result<(), BoardChipsError> {
    if (1..=MAX_PLAYERS).contains(&count) {
        Ok(())
    } else {
        Err(BoardChipsError::Players { count })
    }
}

/// The seat of the player called `name` (ignoring case).
pub(crate) fn find_seat(players: &[String], name: &str) -> Result<usize, BoardChipsError> {
    players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(name))
        .ok_or_else(|| BoardChipsError::UnknownPlayer {
            name: name.chars().take(24).collect(),
            players: players.join(", "),
        })
}

/// How a game is played: with a board umpire rules on, or as a tally.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Options {
    /// The board, in board mode; none in tally mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) board: Option<BoardFile>,
}

/// A board and the file it came from. The board itself is kept (as its rows), so a
/// session replays the same board whatever later happens to the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct BoardFile {
    /// The file as it was named, for the banner.
    pub(crate) file: String,
    pub(crate) board: Board,
}

impl Options {
    /// Tally mode: no board; the players call their tiles and chips.
    pub(crate) fn tally() -> Options {
        Options { board: None }
    }

    /// Board mode, from the text of the board file named `file`.
    pub(crate) fn with_board(file: impl Into<String>, text: &str) -> Result<Options, BoardError> {
        Ok(Options {
            board: Some(BoardFile {
                file: file.into(),
                board: Board::parse(text)?,
            }),
        })
    }

    /// The board in board mode; `None` in tally mode.
    pub(crate) fn board(&self) -> Option<&Board> {
        self.board.as_ref().map(|b| &b.board)
    }

    /// The tiles in the game: one a square of the board, or the sheet's [`TILES`]
    /// without one.
    pub(crate) fn tiles(&self) -> u32 {
        self.board().map_or(TILES, |b| {
            u32::try_from(b.square_count()).unwrap_or(u32::MAX)
        })
    }

    /// One line for the session banner: the board, its squares and so its tiles, and a
    /// word when that is not the sheet's 101.
    pub(crate) fn describe(&self) -> String {
        match &self.board {
            Some(b) => {
                let tiles = self.tiles();
                let mut line = format!("board {} ({}", b.file, b.board.summary());
                if tiles == TILES {
                    line.push_str(&format!(": {TILES} tiles, one a square)"));
                } else {
                    line.push_str(&format!(
                        "); note: {} tiles, one a square, not the sheet's {TILES}: the game ends when the board is covered",
                        tiles
                    ));
                }
                line
            }
            None => format!("no board: a tally of tiles and chips ({TILES} tiles, {KITTY} chips)"),
        }
    }
}

/// What is logged: one event a turn, naming the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum Event {
    /// A turn on the board: one or two tiles laid, in the order given. The chips are
    /// umpire's to work out, so they are not stored.
    SquaresCovered {
        player: String,
        coverings: Vec<Covering>,
    },
    /// A turn in tally mode: the tiles placed and the chips they won, as called.
    TilesPlaced {
        player: String,
        tiles: u32,
        chips: u32,
    },
    /// The player could not play and exchanged tiles with the pool. `back`: the
    /// letters put back (capitals), when the table told them; empty when not.
    TilesExchanged {
        player: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        back: String,
    },
    /// The player could not play and the pool was empty.
    TurnPassed { player: String },
    /// The table said what a player's rack holds (after the draw): not a turn, but what
    /// lets umpire see whether the player can play. `letters` are capitals, in the
    /// order typed; empty for an empty rack.
    RackShown { player: String, letters: String },
}

impl Event {
    /// The player whose turn it was, as recorded.
    pub(crate) fn player(&self) -> &str {
        match self {
            Event::SquaresCovered { player, .. }
            | Event::TilesPlaced { player, .. }
            | Event::TilesExchanged { player, .. }
            | Event::TurnPassed { player }
            | Event::RackShown { player, .. } => player,
        }
    }
}

/// The game as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct State {
    /// Chips per seat.
    chips: Vec<u32>,
    kitty: u32,
    placed: u32,
    /// The tiles in the game: the board's squares, or the sheet's 101.
    tiles: u32,
    /// Board mode only.
    coverage: Option<Coverage>,
    /// The seat whose turn it is; `None` until the first turn.
    next: Option<usize>,
    turns: Vec<Turn>,
    /// Per seat: how many turns had been played when the player sat down (0 for the
    /// players the game began with).
    joined: Vec<usize>,
    /// Per seat: what umpire knows of the rack, once the table has said it.
    racks: Vec<Option<Rack>>,
    over: Option<&'static str>,
}

const BOARD_COVERED: &str = "every square is covered";
const TILES_PLACED: &str = "all 101 tiles are on the board";

/// What an event comes to, ruled on against the game as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ruled {
    /// A turn: the seat that played it, the turn as recorded, and the player's rack
    /// after it (what umpire knows of it).
    Turn {
        seat: usize,
        turn: Turn,
        rack: Option<Rack>,
    },
    /// A rack said: whose, and what it holds.
    Rack { seat: usize, rack: Rack },
}

/// Grows a list kept a seat each to `players` seats, the new ones `fill`; never shrinks
/// it. A state is made for the table's players and grows with [`State::add_player`], so
/// this only guards against a roster longer than the state was made for.
fn seat_all<T: Clone>(seats: &mut Vec<T>, players: usize, fill: T) {
    let missing = players.saturating_sub(seats.len());
    seats.extend(std::iter::repeat_n(fill, missing));
}

impl State {
    /// The game before the first turn.
    pub(crate) fn new(options: &Options, players: usize) -> State {
        State {
            chips: vec![0; players],
            kitty: KITTY,
            placed: 0,
            tiles: options.tiles(),
            coverage: options.board().map(Coverage::new),
            next: None,
            turns: Vec::new(),
            joined: vec![0; players],
            racks: vec![None; players],
            over: None,
        }
    }

    /// Makes room for a player who joins: a seat at the end, with no chips.
    pub(crate) fn add_player(&mut self) {
        self.chips.push(0);
        self.joined.push(self.turns.len());
        self.racks.push(None);
    }

    /// Applies one event, or refuses it and changes nothing.
    pub(crate) fn apply(
        &mut self,
        options: &Options,
        players: &[String],
        event: &Event,
    ) -> Result<(), BoardChipsError> {
        let ruled = self.judge(options, players, event)?;
        self.commit(options, players.len(), ruled);
        Ok(())
    }

    /// Rules on an event without applying it: the turn as it would be recorded, with
    /// the words it completes and the chips it takes, or the rack as it would stand.
    pub(crate) fn judge(
        &self,
        options: &Options,
        players: &[String],
        event: &Event,
    ) -> Result<Ruled, BoardChipsError> {
        if let Some(why) = self.over {
            return Err(BoardChipsError::GameOver { why });
        }
        let seat = find_seat(players, event.player())?;
        let player = players.get(seat).cloned().unwrap_or_default();
        if let Event::RackShown { letters, .. } = event {
            return self
                .rack_shown(options, players, seat, letters)
                .map(|rack| Ruled::Rack { seat, rack });
        }
        self.may_play(players, seat)?;
        let rack = self.racks.get(seat).cloned().flatten();
        let (play, chips, rack) = match event {
            Event::SquaresCovered { coverings, .. } => {
                let (Some(board), Some(coverage)) = (options.board(), &self.coverage) else {
                    return Err(BoardChipsError::NeedsBoard);
                };
                let placed = play::rule(board, coverage, coverings)?;
                self.check_tiles_left(placed.len() as u32)?;
                let rack = match rack {
                    Some(rack) => {
                        let letters: Vec<char> = placed.iter().map(|p| p.covering.letter).collect();
                        let drawn = self.pool(players.len()).min(placed.len() as u32);
                        let after = rack.after(&letters, drawn).map_err(|letter| {
                            BoardChipsError::NotInRack {
                                player: player.clone(),
                                letter,
                                rack: rack.to_string(),
                            }
                        })?;
                        if placed.len() == 1
                            && self.tiles_left() >= 2
                            && let Some(two) = rack::two_from(board, coverage, rack.known())
                        {
                            return Err(BoardChipsError::MustPlayTwo {
                                player,
                                example: turn_names(board, coverage, &two),
                            });
                        }
                        Some(after)
                    }
                    None => None,
                };
                let mut kitty = self.kitty;
                let mut records = Vec::with_capacity(placed.len());
                for p in placed {
                    let completed: Vec<CompletedWord> = p
                        .completed
                        .iter()
                        .filter_map(|&id| board.word(id))
                        .map(|w| CompletedWord {
                            word: w.text().to_string(),
                            direction: w.direction(),
                            start: w.start(),
                        })
                        .collect();
                    let chips = (completed.len() as u32).min(kitty);
                    kitty -= chips;
                    let started = p
                        .started
                        .iter()
                        .filter(|id| !p.completed.contains(id))
                        .filter_map(|&id| board.word(id))
                        .map(|w| w.text().to_string())
                        .collect();
                    let name = board
                        .name(p.covering.square, p.through.first().copied())
                        .map_or_else(|| p.covering.to_string(), |n| n.to_string());
                    records.push(CoveringRecord {
                        covering: p.covering,
                        completed,
                        chips,
                        started,
                        name,
                    });
                }
                let chips = self.kitty - kitty;
                (Play::Covered { coverings: records }, chips, rack)
            }
            &Event::TilesPlaced { tiles, chips, .. } => {
                if options.board.is_some() {
                    return Err(BoardChipsError::HasBoard);
                }
                if tiles > TILES_A_TURN {
                    return Err(BoardChipsError::TooManyTiles { tiles });
                }
                self.check_tiles_left(tiles)?;
                if chips > 2 * tiles {
                    return Err(BoardChipsError::TooManyChips { tiles, chips });
                }
                if chips > self.kitty {
                    return Err(BoardChipsError::KittyShort {
                        chips,
                        left: self.kitty,
                    });
                }
                (Play::Placed { tiles }, chips, None)
            }
            Event::TilesExchanged { .. } | Event::TurnPassed { .. } => {
                if let (Some(board), Some(coverage), Some(rack)) =
                    (options.board(), &self.coverage, &rack)
                    && let Some(c) = rack::one_from(board, coverage, rack.known())
                {
                    return Err(BoardChipsError::MustPlay {
                        player,
                        example: turn_names(board, coverage, &[c]),
                    });
                }
                if let Event::TilesExchanged { back, .. } = event {
                    // The sheet's two tiles, or what the pool held when it held fewer.
                    let count = (self.pool(players.len())).min(EXCHANGED);
                    let letters: Vec<char> = back.chars().collect();
                    // A tile put back is one of the board's: its squares are the tiles.
                    if let Some(board) = options.board()
                        && let Some(&letter) = letters
                            .iter()
                            .find(|&&l| !board.squares().any(|(_, s)| s == l))
                    {
                        return Err(BoardChipsError::RackNotOnBoard {
                            player: players.get(seat).cloned().unwrap_or_default(),
                            letter,
                        });
                    }
                    // Tiles put back and not told leave the rack unknown until said;
                    // told, the rack loses them and holds as many not yet seen.
                    let after = match &rack {
                        Some(known) if !letters.is_empty() => Some(
                            known
                                .after(&letters, letters.len() as u32)
                                .map_err(|letter| BoardChipsError::NotInRack {
                                    player: players.get(seat).cloned().unwrap_or_default(),
                                    letter,
                                    rack: known.to_string(),
                                })?,
                        ),
                        _ => None,
                    };
                    (
                        Play::Exchanged {
                            back: back.clone(),
                            count,
                        },
                        0,
                        after,
                    )
                } else {
                    (Play::Passed, 0, rack)
                }
            }
            Event::RackShown { .. } => return Err(BoardChipsError::RackNeedsBoard),
        };
        let mut turn = Turn {
            number: self.turns.len() as u32 + 1,
            player,
            seat,
            play,
            chips,
            game_over: None,
        };
        turn.game_over = self.ending(options, &turn);
        Ok(Ruled::Turn { seat, turn, rack })
    }

    /// Refuses a turn when the game is over or it is another player's turn.
    pub(crate) fn may_play(&self, players: &[String], seat: usize) -> Result<(), BoardChipsError> {
        if let Some(why) = self.over {
            return Err(BoardChipsError::GameOver { why });
        }
        if let Some(next) = self.next.filter(|&n| n != seat) {
            let player = players.get(seat).cloned().unwrap_or_default();
            // A scorekeeper who types a turn's two tiles on two lines meets this on
            // the second: the first was recorded as a turn of one tile.
            let hint = self
                .turns
                .last()
                .filter(|t| {
                    t.seat == seat && matches!(t.play, Play::Covered { .. }) && t.tiles() == 1
                })
                .map(|t| {
                    format!(
                        "; {player}'s turn {} covered one tile: if it was two, `undo` it and type both on one line",
                        t.number
                    )
                })
                .unwrap_or_default();
            return Err(BoardChipsError::NotYourTurn {
                player,
                next: players.get(next).cloned().unwrap_or_default(),
                hint,
            });
        }
        Ok(())
    }

    /// The rules on the pool that are the scorekeeper's to follow, checked as a line is
    /// typed (and as a fix is tried), not on replay (see the module's notes): an
    /// exchange needs tiles in the pool, a pass an empty pool, and a tally turn of no
    /// tiles is a pass.
    pub(crate) fn check_pool(&self, players: usize, event: &Event) -> Result<(), BoardChipsError> {
        let pool = self.pool(players);
        match event {
            Event::TilesExchanged { .. } if pool == 0 => Err(BoardChipsError::PoolEmpty),
            // The sheet exchanges two tiles; a pool of one swaps one.
            Event::TilesExchanged { back, .. }
                if !back.is_empty() && back.chars().count() as u32 != pool.min(EXCHANGED) =>
            {
                Err(BoardChipsError::ExchangeCount {
                    told: back.chars().count(),
                    pool,
                })
            }
            Event::TurnPassed { .. } if pool > 0 => Err(BoardChipsError::PoolNotEmpty { pool }),
            Event::TilesPlaced { tiles: 0, .. } if pool > 0 => {
                Err(BoardChipsError::NoTilePoolNotEmpty { pool })
            }
            _ => Ok(()),
        }
    }

    /// A rack as the table says it, checked against the tiles that can be off the
    /// board: each letter's open squares, less what the other players' racks are known
    /// to hold.
    fn rack_shown(
        &self,
        options: &Options,
        players: &[String],
        seat: usize,
        letters: &str,
    ) -> Result<Rack, BoardChipsError> {
        let (Some(board), Some(coverage)) = (options.board(), &self.coverage) else {
            return Err(BoardChipsError::RackNeedsBoard);
        };
        let said: Vec<char> = letters.chars().collect();
        if said.len() > HAND as usize
            || !said
                .iter()
                .all(|&c| c.is_ascii_uppercase() || c == rack::UNTOLD)
        {
            return Err(BoardChipsError::BadRack {
                letters: format!("{letters:?}"),
            });
        }
        // While the pool holds tiles every rack is topped up to seven after the draw: a
        // rack of fewer would let umpire believe a player holds only those.
        if self.pool(players.len()) > 0 && said.len() != HAND as usize {
            return Err(BoardChipsError::RackSize {
                player: players.get(seat).cloned().unwrap_or_default(),
                count: said.len(),
            });
        }
        let rack = Rack::said(&said);
        let mut checked: Vec<char> = rack.known().to_vec();
        checked.dedup();
        for letter in checked {
            if !board.squares().any(|(_, l)| l == letter) {
                return Err(BoardChipsError::RackNotOnBoard {
                    player: players.get(seat).cloned().unwrap_or_default(),
                    letter,
                });
            }
            let count = rack.holds(letter);
            let open = board
                .squares()
                .filter(|&(s, l)| l == letter && !coverage.is_covered(board, s))
                .count();
            let others: Vec<(String, usize)> = self
                .racks
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != seat)
                .filter_map(|(i, r)| {
                    let held = r.as_ref()?.holds(letter);
                    (held > 0).then(|| (players.get(i).cloned().unwrap_or_default(), held))
                })
                .collect();
            let elsewhere: usize = others.iter().map(|(_, n)| n).sum();
            if count + elsewhere > open {
                return Err(BoardChipsError::RackShort {
                    player: players.get(seat).cloned().unwrap_or_default(),
                    letter,
                    count,
                    open,
                    others,
                });
            }
        }
        Ok(rack)
    }

    /// The tiles not yet on the board (in a rack or in the pool).
    /// Tiles not yet on the board: those in the pool and on the racks.
    pub(crate) fn tiles_left(&self) -> u32 {
        self.tiles.saturating_sub(self.placed)
    }

    fn check_tiles_left(&self, tiles: u32) -> Result<(), BoardChipsError> {
        let left = self.tiles_left();
        if tiles > left {
            return Err(BoardChipsError::TilesLeft { left, tiles });
        }
        Ok(())
    }

    /// Why the game would be over after `turn`, if it would.
    fn ending(&self, options: &Options, turn: &Turn) -> Option<&'static str> {
        let placed = self.placed + turn.tiles();
        if placed < self.tiles {
            None
        } else if options.board().is_some() {
            Some(BOARD_COVERED)
        } else {
            Some(TILES_PLACED)
        }
    }

    fn commit(&mut self, options: &Options, players: usize, ruled: Ruled) {
        seat_all(&mut self.chips, players, 0);
        seat_all(&mut self.joined, players, self.turns.len());
        seat_all(&mut self.racks, players, None);
        let (seat, turn, rack) = match ruled {
            Ruled::Rack { seat, rack } => {
                if let Some(r) = self.racks.get_mut(seat) {
                    *r = Some(rack);
                }
                return;
            }
            Ruled::Turn { seat, turn, rack } => (seat, turn, rack),
        };
        if let Some(c) = self.chips.get_mut(seat) {
            *c += turn.chips;
        }
        if let Some(r) = self.racks.get_mut(seat) {
            *r = rack;
        }
        self.kitty -= turn.chips;
        self.over = turn.game_over;
        self.placed += turn.tiles();
        if let (Some(board), Some(coverage), Play::Covered { coverings }) =
            (options.board(), &mut self.coverage, &turn.play)
        {
            for c in coverings {
                coverage.cover(board, c.covering.square);
            }
        }
        self.next = Some((seat + 1) % players.max(1));
        self.turns.push(turn);
    }

    /// Chips per seat.
    pub(crate) fn chips(&self) -> &[u32] {
        &self.chips
    }

    /// The chips still in the kitty.
    pub(crate) fn kitty(&self) -> u32 {
        self.kitty
    }

    /// The tiles on the board.
    pub(crate) fn tiles_placed(&self) -> u32 {
        self.placed
    }

    /// The tiles in the game: the board's squares, or the sheet's 101 without one.
    pub(crate) fn tiles(&self) -> u32 {
        self.tiles
    }

    /// The tiles left in the pool by the sheet's deal (seven a player, topped up after
    /// each turn) from the game's tiles.
    pub(crate) fn pool(&self, players: usize) -> u32 {
        let dealt = HAND.saturating_mul(u32::try_from(players).unwrap_or(u32::MAX));
        self.tiles.saturating_sub(dealt).saturating_sub(self.placed)
    }

    /// What umpire knows of the rack of the player in `seat`, once the table said it.
    pub(crate) fn rack(&self, seat: usize) -> Option<&Rack> {
        self.racks.get(seat).and_then(Option::as_ref)
    }

    /// The board's coverings so far (board mode).
    pub(crate) fn coverage(&self) -> Option<&Coverage> {
        self.coverage.as_ref()
    }

    /// The seat whose turn it is; `None` before the first turn, when anyone may start.
    pub(crate) fn next_seat(&self) -> Option<usize> {
        self.next.filter(|_| self.over.is_none())
    }

    /// Every turn so far, for the export.
    pub(crate) fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// How many turns had been played when the player in `seat` sat down: 0 for the
    /// players the game began with.
    pub(crate) fn joined(&self, seat: usize) -> usize {
        self.joined.get(seat).copied().unwrap_or(0)
    }

    /// Why the game is over ("every square is covered"), or `None` while it goes on.
    pub(crate) fn over(&self) -> Option<&'static str> {
        self.over
    }

    /// True once the game is over: nothing more can be recorded.
    pub(crate) fn is_finished(&self) -> bool {
        self.over.is_some()
    }

    #[cfg(test)]
    /// A legal turn the player in `seat` could make from what umpire knows of their
    /// rack: two coverings, else one; none without a rack or a board.
    pub(crate) fn could_play(&self, options: &Options, seat: usize) -> Vec<Covering> {
        let (Some(board), Some(coverage), Some(rack)) =
            (options.board(), &self.coverage, self.rack(seat))
        else {
            return Vec::new();
        };
        if let Some(two) = rack::two_from(board, coverage, rack.known()) {
            return two.to_vec();
        }
        rack::one_from(board, coverage, rack.known())
            .into_iter()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seat list grows to the table's players with the filler, and a longer one is
    /// left as it is.
    #[test]
    fn a_seat_list_grows_to_the_players_and_never_shrinks() {
        let mut chips = vec![3u32, 4];
        seat_all(&mut chips, 4, 0);
        assert_eq!(chips, [3, 4, 0, 0]);
        seat_all(&mut chips, 2, 9);
        assert_eq!(chips, [3, 4, 0, 0]);
    }
}
