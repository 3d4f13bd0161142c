//! The game as a pure state: chips per player, the kitty, the tiles placed, whose turn
//! it is, the board's coverings, and a record of every turn for the export.
//!
//! Rules kept here, from the sheet: the kitty starts with [`KITTY`] chips and never
//! goes below zero; play passes to the left (seat order); the game ends when every
//! square of the board is covered, or when all [`TILES`] tiles are placed (the only
//! end without a board, and the end of a board with more squares than tiles); most
//! chips wins and a tie names everyone tied.
//!
//! Decisions the sheet leaves open, made here:
//! - Whoever takes the first turn goes first ("choose a player to go first"); seat
//!   order holds from then on.
//! - A turn may cover one square as well as two (the sheet: "if you can play only one
//!   tile"); umpire cannot see the hands, so it does not ask why.
//! - On a board, chips are awarded by umpire. When a covering completes more words
//!   than the kitty still holds, the player takes what is left; the turn's record
//!   shows the words completed and the chips actually taken.
//! - The pool is counted from the sheet's deal: [`TILES`] less seven a player less
//!   the tiles placed. A player who cannot play exchanges while the pool holds tiles
//!   and passes once it is empty; umpire refuses the other one.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{Board, BoardError};
use super::play::{self, Coverage, Covering, PlayError};
use super::record::{CompletedWord, CoveringRecord, Play, Standings, Turn};
use crate::contract::{Kind, Refuse};

/// The chips in the kitty at the start.
pub const KITTY: u32 = 44;

/// The letter tiles in the game: once all are placed, the game is over.
pub const TILES: u32 = 101;

/// The tiles each player holds: drawn at the start, topped up after each turn.
pub const HAND: u32 = 7;

/// The most tiles placed in one turn.
pub const TILES_A_TURN: u32 = 2;

/// The most players the tiles can deal a hand to (14 hands of 7 is 98 of 101).
pub const MAX_PLAYERS: usize = (TILES / HAND) as usize;

/// Why an event was not applied; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardChipsError {
    #[error("unknown player {name:?}: the players are {players}")]
    UnknownPlayer { name: String, players: String },
    #[error("it is {next}'s turn, not {player}'s (play passes to the left)")]
    NotYourTurn { player: String, next: String },
    #[error("the game is over: {why}")]
    GameOver { why: &'static str },
    #[error(
        "this game has no board: record a turn as turn PLAYER TILES CHIPS (cover needs a game started with a board)"
    )]
    NeedsBoard,
    #[error(
        "this game has a board: record a turn as cover PLAYER ROW,COLUMN LETTER [ROW,COLUMN LETTER]; umpire counts the chips"
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
        "the pool still holds {}: a player who cannot play exchanges (exchange PLAYER)",
        tile_count(*.pool)
    )]
    PoolNotEmpty { pool: u32 },
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
            | BoardChipsError::TooManyTiles { .. }
            | BoardChipsError::Players { .. }
            | BoardChipsError::Play(PlayError::NoCoverings) => Kind::BadInput,
            BoardChipsError::NotYourTurn { .. }
            | BoardChipsError::TilesLeft { .. }
            | BoardChipsError::TooManyChips { .. }
            | BoardChipsError::KittyShort { .. }
            | BoardChipsError::PoolEmpty
            | BoardChipsError::PoolNotEmpty { .. }
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

/// "the kitty has only 3 chips left, not 4", "the kitty is empty: record 0 chips".
fn kitty_short(chips: u32, left: u32) -> String {
    match left {
        0 => "the kitty is empty: record 0 chips".to_string(),
        n => format!("the kitty has only {} left, not {chips}", chip_count(n)),
    }
}

/// Checks a player count for a new game.
pub fn check_players(count: usize) -> Result<(), BoardChipsError> {
    if (1..=MAX_PLAYERS).contains(&count) {
        Ok(())
    } else {
        Err(BoardChipsError::Players { count })
    }
}

/// The seat of the player called `name` (ignoring case).
pub fn find_seat(players: &[String], name: &str) -> Result<usize, BoardChipsError> {
    players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(name))
        .ok_or_else(|| BoardChipsError::UnknownPlayer {
            name: name.chars().take(24).collect(),
            players: players.join(", "),
        })
}

/// How a game is played: with a board umpire rules on, or as a tally.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The board, in board mode; none in tally mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardFile>,
}

/// A board and the file it came from. The board itself is kept (as its rows), so a
/// session replays the same board whatever later happens to the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardFile {
    /// The file as it was named, for the banner.
    pub file: String,
    pub board: Board,
}

impl Options {
    /// Tally mode: no board; the players call their tiles and chips.
    pub fn tally() -> Options {
        Options { board: None }
    }

    /// Board mode, from the text of the board file named `file`.
    pub fn with_board(file: impl Into<String>, text: &str) -> Result<Options, BoardError> {
        Ok(Options {
            board: Some(BoardFile {
                file: file.into(),
                board: Board::parse(text)?,
            }),
        })
    }

    /// The board in board mode; `None` in tally mode.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref().map(|b| &b.board)
    }

    /// One line for the session banner.
    pub fn describe(&self) -> String {
        match &self.board {
            Some(b) => format!("board {} ({})", b.file, b.board.summary()),
            None => format!("no board: a tally of tiles and chips ({TILES} tiles, {KITTY} chips)"),
        }
    }
}

/// What is logged: one event a turn, naming the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
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
    /// The player could not play and exchanged tiles with the pool.
    TilesExchanged { player: String },
    /// The player could not play and the pool was empty.
    TurnPassed { player: String },
}

impl Event {
    /// The player whose turn it was, as recorded.
    pub fn player(&self) -> &str {
        match self {
            Event::SquaresCovered { player, .. }
            | Event::TilesPlaced { player, .. }
            | Event::TilesExchanged { player }
            | Event::TurnPassed { player } => player,
        }
    }
}

/// The game as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Chips per seat.
    chips: Vec<u32>,
    kitty: u32,
    placed: u32,
    /// Board mode only.
    coverage: Option<Coverage>,
    /// The seat whose turn it is; `None` until the first turn.
    next: Option<usize>,
    turns: Vec<Turn>,
    /// Per seat: how many turns had been played when the player sat down (0 for the
    /// players the game began with).
    joined: Vec<usize>,
    over: Option<&'static str>,
}

const BOARD_COVERED: &str = "every square is covered";
const TILES_PLACED: &str = "all 101 tiles are on the board";

impl State {
    /// The game before the first turn.
    pub fn new(options: &Options, players: usize) -> State {
        State {
            chips: vec![0; players],
            kitty: KITTY,
            placed: 0,
            coverage: options.board().map(Coverage::new),
            next: None,
            turns: Vec::new(),
            joined: vec![0; players],
            over: None,
        }
    }

    /// Makes room for a player who joins: a seat at the end, with no chips.
    pub fn add_player(&mut self) {
        self.chips.push(0);
        self.joined.push(self.turns.len());
    }

    /// Applies one event, or refuses it and changes nothing.
    pub fn apply(
        &mut self,
        options: &Options,
        players: &[String],
        event: &Event,
    ) -> Result<(), BoardChipsError> {
        let (seat, turn) = self.rule(options, players, event)?;
        self.commit(options, players.len(), seat, turn);
        Ok(())
    }

    /// Rules on an event without applying it: the turn as it would be recorded, with
    /// the words it completes and the chips it takes.
    pub fn judge(
        &self,
        options: &Options,
        players: &[String],
        event: &Event,
    ) -> Result<Turn, BoardChipsError> {
        self.rule(options, players, event).map(|(_, turn)| turn)
    }

    /// [`State::judge`], with the seat of the player.
    fn rule(
        &self,
        options: &Options,
        players: &[String],
        event: &Event,
    ) -> Result<(usize, Turn), BoardChipsError> {
        if let Some(why) = self.over {
            return Err(BoardChipsError::GameOver { why });
        }
        let seat = find_seat(players, event.player())?;
        if let Some(next) = self.next.filter(|&n| n != seat) {
            return Err(BoardChipsError::NotYourTurn {
                player: players.get(seat).cloned().unwrap_or_default(),
                next: players.get(next).cloned().unwrap_or_default(),
            });
        }
        let (play, chips) = match event {
            Event::SquaresCovered { coverings, .. } => {
                let (Some(board), Some(coverage)) = (options.board(), &self.coverage) else {
                    return Err(BoardChipsError::NeedsBoard);
                };
                let placed = play::rule(board, coverage, coverings)?;
                self.check_tiles_left(placed.len() as u32)?;
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
                    records.push(CoveringRecord {
                        covering: p.covering,
                        completed,
                        chips,
                        started,
                    });
                }
                let chips = self.kitty - kitty;
                (Play::Covered { coverings: records }, chips)
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
                (Play::Placed { tiles }, chips)
            }
            Event::TilesExchanged { .. } => {
                if self.pool(players.len()) == 0 {
                    return Err(BoardChipsError::PoolEmpty);
                }
                (Play::Exchanged, 0)
            }
            Event::TurnPassed { .. } => {
                let pool = self.pool(players.len());
                if pool > 0 {
                    return Err(BoardChipsError::PoolNotEmpty { pool });
                }
                (Play::Passed, 0)
            }
        };
        let mut turn = Turn {
            number: self.turns.len() as u32 + 1,
            player: players.get(seat).cloned().unwrap_or_default(),
            seat,
            play,
            chips,
            game_over: None,
        };
        turn.game_over = self.ending(options, &turn);
        Ok((seat, turn))
    }

    fn check_tiles_left(&self, tiles: u32) -> Result<(), BoardChipsError> {
        let left = TILES.saturating_sub(self.placed);
        if tiles > left {
            return Err(BoardChipsError::TilesLeft { left, tiles });
        }
        Ok(())
    }

    /// Why the game would be over after `turn`, if it would.
    fn ending(&self, options: &Options, turn: &Turn) -> Option<&'static str> {
        let placed = self.placed + turn.tiles();
        let covered = match (options.board(), &turn.play) {
            (Some(board), Play::Covered { coverings }) => {
                self.coverage.as_ref().map_or(0, Coverage::count) + coverings.len()
                    >= board.square_count()
            }
            _ => false,
        };
        if covered {
            Some(BOARD_COVERED)
        } else if placed >= TILES {
            Some(TILES_PLACED)
        } else {
            None
        }
    }

    fn commit(&mut self, options: &Options, players: usize, seat: usize, turn: Turn) {
        if self.chips.len() < players {
            self.chips.resize(players, 0);
        }
        if self.joined.len() < players {
            self.joined.resize(players, self.turns.len());
        }
        if let Some(c) = self.chips.get_mut(seat) {
            *c += turn.chips;
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
    pub fn chips(&self) -> &[u32] {
        &self.chips
    }

    /// The chips still in the kitty.
    pub fn kitty(&self) -> u32 {
        self.kitty
    }

    /// The tiles on the board.
    pub fn tiles_placed(&self) -> u32 {
        self.placed
    }

    /// The tiles left in the pool by the sheet's deal (seven a player, topped up after
    /// each turn).
    pub fn pool(&self, players: usize) -> u32 {
        let dealt = HAND.saturating_mul(u32::try_from(players).unwrap_or(u32::MAX));
        TILES.saturating_sub(dealt).saturating_sub(self.placed)
    }

    /// The board's coverings so far (board mode).
    pub fn coverage(&self) -> Option<&Coverage> {
        self.coverage.as_ref()
    }

    /// The seat whose turn it is; `None` before the first turn, when anyone may start.
    pub fn next_seat(&self) -> Option<usize> {
        self.next.filter(|_| self.over.is_none())
    }

    /// Every turn so far, for the export.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// How many turns had been played when the player in `seat` sat down: 0 for the
    /// players the game began with.
    pub fn joined(&self, seat: usize) -> usize {
        self.joined.get(seat).copied().unwrap_or(0)
    }

    /// Why the game is over ("every square is covered"), or `None` while it goes on.
    pub fn over(&self) -> Option<&'static str> {
        self.over
    }

    /// True once the game is over: nothing more can be recorded.
    pub fn is_finished(&self) -> bool {
        self.over.is_some()
    }

    /// Chips by player, who leads, and, once the game is over, who won.
    pub fn standings(&self, players: &[String]) -> Standings {
        let totals: Vec<(String, u32)> = players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), self.chips.get(i).copied().unwrap_or(0)))
            .collect();
        let most = totals.iter().map(|&(_, c)| c).max();
        let leaders: Vec<String> = totals
            .iter()
            .filter(|&&(_, c)| Some(c) == most)
            .map(|(p, _)| p.clone())
            .collect();
        Standings {
            winners: if self.is_finished() {
                leaders.clone()
            } else {
                Vec::new()
            },
            totals,
            kitty: self.kitty,
            tiles_placed: self.placed,
            leaders,
            finished: self.is_finished(),
        }
    }
}
