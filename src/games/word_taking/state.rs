//! The table and the turn: the box, the centre pool, each player's words, whose turn
//! it is, the letter drawn this turn; the events that change them; and who has won.
//!
//! [`Table::apply`] enforces what the letters and the turn allow: a draw once a turn,
//! from what the box holds; makes and takes by the player whose turn it is, from the
//! drawn letter and the centre; a word taken only from its holder; the end of a turn
//! sending an unused drawn letter to the centre. The dictionary's part of a ruling
//! (is NEW a word, is the take only a plural) is decided when a command is read (see
//! [`super::parse`]), so that replaying a log never depends on which dictionary reads
//! it: a ruling once recorded stands.
//!
//! Winning is rule 8, "the person who first secures and retains ten words": under
//! [`WinOn::Hold`] a player wins when their turn comes round and they still hold the
//! target; under [`WinOn::Reach`] the moment they reach it.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::letter_set::{LetterSet, LetterSetError};
use super::letters::{Letter, LetterError, Letters, Word};
use super::make::{self, MakeError};
use super::moves::{Finder, HeldWord, Moves};
use super::supply::{Added, Supply};
use super::take::{self, TakeError};
use crate::contract::{Kind, Refuse};

/// Ten words wins (rule 8).
pub(crate) const DEFAULT_TARGET: usize = 10;

/// More words than any table could hold: bounds a mistyped `--target-words`.
pub(crate) const MAX_TARGET: usize = 1000;

/// When a player who reaches the target wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum WinOn {
    /// Rule 8 as written: still holding the target when their next turn comes.
    #[default]
    Hold,
    /// The moment the target is reached.
    Reach,
}

impl WinOn {
    pub(crate) fn name(self) -> &'static str {
        match self {
            WinOn::Hold => "hold",
            WinOn::Reach => "reach",
        }
    }
}

/// What happens once the box is empty (the sheet says nothing of it: a house rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum OnEmpty {
    /// The game ends when the turn that drew the last letter ends: most words wins.
    #[default]
    Finish,
    /// Play goes on, taking from the centre, until no move is left; then most words wins.
    PlayOn,
}

impl OnEmpty {
    /// The default: a header written before the house rule reads the same back.
    pub(crate) fn is_finish(&self) -> bool {
        *self == OnEmpty::Finish
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            OnEmpty::Finish => "finish",
            OnEmpty::PlayOn => "play-on",
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Ending {
    /// A player held (or reached) the target: rule 8.
    Target,
    /// The table called `finish`: most words wins (a house rule).
    Called,
    /// The box was empty at the end of a turn, under `--on-empty finish`.
    BoxEmpty,
    /// The box was empty and no move was left, under `--on-empty play-on`.
    NoMoves,
}

impl Ending {
    /// Why the game ended, for the status line: "the box is empty".
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Ending::Target => "the target is held",
            Ending::Called => "the table called finish",
            Ending::BoxEmpty => "the box is empty",
            Ending::NoMoves => "the box is empty and no move is left",
        }
    }
}

/// A session's agreement: the target, when it wins, and the box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Options {
    pub(crate) target_words: usize,
    pub(crate) win_on: WinOn,
    /// The box's letters, stored whole so a session replays the same.
    pub(crate) letters: LetterSet,
    /// Once the box is empty (logs from before the house rule read as `finish`, which
    /// changes nothing in them: the end is an event of its own).
    #[serde(default, skip_serializing_if = "OnEmpty::is_finish")]
    pub(crate) on_empty: OnEmpty,
}

impl Options {
    /// Checked options: a target of 1 to [`MAX_TARGET`], a usable letter set.
    pub(crate) fn new(
        letters: LetterSet,
        target_words: usize,
        win_on: WinOn,
    ) -> Result<Options, WordTakingError> {
        if !(1..=MAX_TARGET).contains(&target_words) {
            return Err(WordTakingError::BadTarget(target_words));
        }
        letters.counts()?;
        Ok(Options {
            target_words,
            win_on,
            letters,
            on_empty: OnEmpty::Finish,
        })
    }

    #[cfg(test)]
    /// Ten words, held, from umpire's default box.
    pub(crate) fn standard() -> Result<Options, WordTakingError> {
        Options::new(LetterSet::standard()?, DEFAULT_TARGET, WinOn::Hold)
    }
}

/// What happened at the table, as the session log stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum Event {
    /// A letter drawn from the box by the player whose turn it is.
    Drawn { player: String, letter: Letter },
    /// A new word from the drawn letter and/or the centre.
    Made { player: String, word: Word },
    /// `owner`'s word `from` became `player`'s `word` (`owner` may be `player`: an S
    /// added to protect it).
    Taken {
        player: String,
        word: Word,
        owner: String,
        from: Word,
    },
    /// `player`'s turn ended; an unused drawn letter went to the centre.
    TurnEnded { player: String },
    /// The game ended with the most words winning (a tie names all): the table called
    /// `finish`, or the box was empty (see [`OnEmpty`]).
    Finished { why: Ending },
}

/// Why an event was refused: one line each.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum WordTakingError {
    #[error("the game is over: {winner} won; nothing more can be recorded")]
    GameOver { winner: String },
    #[error(
        "it is {turn_of}'s turn, not {player}'s: {turn_of}'s turn has not ended (type `next` first)"
    )]
    NextForgotten { player: String, turn_of: String },
    #[error("the game has no players")]
    NoPlayers,
    #[error("unknown player {name:?}: the players are {players}")]
    UnknownPlayer { name: String, players: String },
    #[error("it is {turn_of}'s turn, not {player}'s: each player acts on their own turn (rule 4)")]
    NotTheirTurn { player: String, turn_of: String },
    #[error("{player} has already drawn this turn: one letter a turn (next ends the turn)")]
    AlreadyDrawn { player: String },
    #[error("the box has no {letter} left ({})", in_box(.box_letters))]
    NoneInBox {
        letter: Letter,
        box_letters: Letters,
    },
    #[error("{owner} does not hold {word} ({owner}'s words: {held})")]
    NotHeld {
        owner: String,
        word: Word,
        held: String,
    },
    #[error("{owner} holds no words to take")]
    NoWords { owner: String },
    #[error("{new} keeps the letters of none of {owner}'s words ({held})")]
    NoneFits {
        owner: String,
        new: Word,
        held: String,
    },
    #[error(
        "{owner} holds several words {new} could take ({fits}): name one, e.g. take {player} {new} from {owner} {example}"
    )]
    Ambiguous {
        player: String,
        owner: String,
        new: Word,
        fits: String,
        example: Word,
    },
    #[error("nobody holds {word}: name its owner, e.g. take {player} {new} from OWNER {word}")]
    HeldByNobody {
        player: String,
        new: Word,
        word: Word,
    },
    #[error(
        "{word} is held by {owners}: say whose, e.g. take {player} {new} from {example} {word}"
    )]
    HeldBySeveral {
        player: String,
        new: Word,
        word: Word,
        owners: String,
        example: String,
    },
    #[error("the target must be 1 to {MAX_TARGET} words, not {0}")]
    BadTarget(usize),
    #[error("usage: {0}")]
    Usage(&'static str),
    #[error(transparent)]
    Take(#[from] TakeError),
    #[error(transparent)]
    Make(#[from] MakeError),
    #[error(transparent)]
    Letters(#[from] LetterError),
    #[error(transparent)]
    LetterSet(#[from] LetterSetError),
}

impl Refuse for WordTakingError {
    fn kind(&self) -> Kind {
        match self {
            WordTakingError::UnknownPlayer { .. } => Kind::UnknownPlayer,
            WordTakingError::GameOver { .. } => Kind::MatchOver,
            WordTakingError::Usage(_)
            | WordTakingError::Letters(_)
            | WordTakingError::BadTarget(_)
            | WordTakingError::LetterSet(_) => Kind::BadInput,
            WordTakingError::NoPlayers
            | WordTakingError::NotTheirTurn { .. }
            | WordTakingError::NextForgotten { .. }
            | WordTakingError::AlreadyDrawn { .. }
            | WordTakingError::NoneInBox { .. }
            | WordTakingError::NotHeld { .. }
            | WordTakingError::NoWords { .. }
            | WordTakingError::NoneFits { .. }
            | WordTakingError::Ambiguous { .. }
            | WordTakingError::HeldByNobody { .. }
            | WordTakingError::HeldBySeveral { .. }
            | WordTakingError::Take(_)
            | WordTakingError::Make(_) => Kind::Rule,
        }
    }
}

/// The table as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table {
    in_box: Letters,
    centre: Letters,
    /// Each seat's words, in the order won.
    words: Vec<Vec<Word>>,
    /// The seat whose turn it is.
    turn: usize,
    /// Turns ended so far.
    turns: u32,
    /// The letter drawn this turn, while it is unused.
    drawn: Option<Letter>,
    /// A letter has been drawn this turn (used or not).
    has_drawn: bool,
    /// Who won, once the game is over (a tie names all).
    winners: Vec<usize>,
    /// How it ended.
    ending: Option<Ending>,
    /// Every move, turn by turn, for the export.
    moves: Vec<Played>,
    /// Each seat's word count at the end of every turn, for the chart.
    history: Vec<Vec<usize>>,
    /// The number of turns ended when each seat sat down (0 for the first players).
    joined: Vec<u32>,
}

/// One move as the export lists it: the turn (from 1), who, and what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Played {
    pub(crate) turn: u32,
    pub(crate) player: String,
    #[serde(flatten)]
    pub(crate) event: Event,
}

/// What the box still holds, for a refused draw: "3 letters in the box: E×2 S×1", or
/// "the box is empty".
fn in_box(letters: &Letters) -> String {
    if letters.is_empty() {
        "the box is empty".to_string()
    } else {
        format!(
            "{} in the box: {}",
            crate::text::count(letters.len() as i64, "letter", "letters"),
            letters.tally()
        )
    }
}

/// Finds a player by name, ignoring case.
pub(crate) fn seat_of(players: &[String], name: &str) -> Result<usize, WordTakingError> {
    players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(name))
        .ok_or_else(|| WordTakingError::UnknownPlayer {
            name: name.to_string(),
            players: players.join(", "),
        })
}

/// Words as a list for messages: "LAME, CAT" or "none".
pub(crate) fn word_list(words: &[Word]) -> String {
    if words.is_empty() {
        return "none".into();
    }
    words
        .iter()
        .map(Word::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Table {
    /// The table before the first draw: the full box, an empty centre, the first seat
    /// to play. A letter set that fails its check gives an empty box ([`Options::new`]
    /// refuses such a set).
    pub(crate) fn new(options: &Options, players: usize) -> Table {
        Table {
            in_box: options.letters.counts().unwrap_or_default(),
            centre: Letters::default(),
            words: vec![Vec::new(); players],
            turn: 0,
            turns: 0,
            drawn: None,
            has_drawn: false,
            winners: Vec::new(),
            ending: None,
            moves: Vec::new(),
            history: Vec::new(),
            joined: vec![0; players],
        }
    }

    /// Each seat's word count at the end of every turn so far (a seat that had not
    /// joined counts 0).
    pub(crate) fn history(&self) -> &[Vec<usize>] {
        &self.history
    }

    /// The number of turns that had ended when `seat` sat down.
    pub(crate) fn joined(&self, seat: usize) -> u32 {
        self.joined.get(seat).copied().unwrap_or(0)
    }

    /// The letters still in the box.
    pub(crate) fn in_box(&self) -> &Letters {
        &self.in_box
    }

    /// The pool at the centre.
    pub(crate) fn centre(&self) -> &Letters {
        &self.centre
    }

    /// A seat's words, in the order won.
    pub(crate) fn words(&self, seat: usize) -> &[Word] {
        self.words.get(seat).map_or(&[], Vec::as_slice)
    }

    /// How many words a seat holds: its score.
    pub(crate) fn held(&self, seat: usize) -> usize {
        self.words(seat).len()
    }

    /// The seat whose turn it is.
    pub(crate) fn turn(&self) -> usize {
        self.turn
    }

    /// Turns ended so far.
    pub(crate) fn turns(&self) -> u32 {
        self.turns
    }

    /// The letter drawn this turn, while unused.
    pub(crate) fn drawn(&self) -> Option<Letter> {
        self.drawn
    }

    /// True once a letter has been drawn this turn, used or not.
    pub(crate) fn has_drawn(&self) -> bool {
        self.has_drawn
    }

    #[cfg(test)]
    /// The first winning seat, once the game is over.
    pub(crate) fn winner(&self) -> Option<usize> {
        self.winners.first().copied()
    }

    /// Every winning seat (a tie names all), once the game is over.
    pub(crate) fn winners(&self) -> &[usize] {
        &self.winners
    }

    /// How the game ended, once it has.
    pub(crate) fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Every move so far, turn by turn.
    pub(crate) fn moves(&self) -> &[Played] {
        &self.moves
    }

    pub(crate) fn finished(&self) -> bool {
        self.ending.is_some()
    }

    /// Ends the game: the seats holding the most words win.
    fn end(&mut self, why: Ending) {
        let most = self.words.iter().map(Vec::len).max().unwrap_or(0);
        self.winners = (0..self.words.len())
            .filter(|s| self.held(*s) == most)
            .collect();
        self.ending = Some(why);
    }

    /// Ends the game with one winner: the target is held.
    fn win(&mut self, seat: usize) {
        self.winners = vec![seat];
        self.ending = Some(Ending::Target);
    }

    /// The letters a player may add now.
    pub(crate) fn supply(&self) -> Supply {
        Supply {
            drawn: self.drawn,
            centre: self.centre,
        }
    }

    /// Every word on the table with its holder, seat by seat.
    pub(crate) fn held_words(&self, players: &[String]) -> Vec<HeldWord> {
        players
            .iter()
            .enumerate()
            .flat_map(|(seat, owner)| {
                self.words(seat).iter().map(move |w| HeldWord {
                    owner: owner.clone(),
                    word: w.clone(),
                })
            })
            .collect()
    }

    /// Every make and take open to the player whose turn it is, with the letters as
    /// they stand: what `missed` lists when the turn ends without them.
    pub(crate) fn missed(&self, players: &[String], finder: &Finder) -> Moves {
        let mover = players.get(self.turn).map(String::as_str);
        finder.find(&self.supply(), &self.held_words(players), mover)
    }

    /// Makes room for a player who joins: an empty seat at the end.
    pub(crate) fn add_player(&mut self) {
        self.words.push(Vec::new());
        self.joined.push(self.turns);
    }

    /// Checks an event against the table without changing it.
    pub(crate) fn check(
        &self,
        options: &Options,
        players: &[String],
        event: &Event,
    ) -> Result<(), WordTakingError> {
        self.clone().apply(options, players, event)
    }

    /// The seat of `player` when the game is on and it is their turn.
    pub(crate) fn on_turn(
        &self,
        players: &[String],
        player: &str,
    ) -> Result<usize, WordTakingError> {
        if self.finished() {
            return Err(self.game_over(players));
        }
        if players.is_empty() {
            return Err(WordTakingError::NoPlayers);
        }
        let seat = seat_of(players, player)?;
        let turn = self.turn % players.len();
        // The next seat acting while the turn's player has drawn: a `next` forgotten.
        if seat != turn && seat == (turn + 1) % players.len() && self.has_drawn {
            return Err(WordTakingError::NextForgotten {
                player: players.get(seat).cloned().unwrap_or_default(),
                turn_of: players.get(turn).cloned().unwrap_or_default(),
            });
        }
        if seat != turn {
            return Err(WordTakingError::NotTheirTurn {
                player: players.get(seat).cloned().unwrap_or_default(),
                turn_of: players.get(turn).cloned().unwrap_or_default(),
            });
        }
        Ok(seat)
    }

    /// The refusal of anything recorded once the game is over, naming the winners.
    fn game_over(&self, players: &[String]) -> WordTakingError {
        let names: Vec<&str> = self
            .winners
            .iter()
            .filter_map(|w| players.get(*w).map(String::as_str))
            .collect();
        WordTakingError::GameOver {
            winner: crate::text::and_list(&names),
        }
    }

    /// Applies one event, or refuses it and leaves the table as it was; a move is kept
    /// for the export.
    pub(crate) fn apply(
        &mut self,
        options: &Options,
        players: &[String],
        event: &Event,
    ) -> Result<(), WordTakingError> {
        let turn = self.turns + 1;
        self.apply_event(options, players, event)?;
        let player = match event {
            Event::Drawn { player, .. }
            | Event::Made { player, .. }
            | Event::Taken { player, .. } => Some(player.clone()),
            Event::TurnEnded { .. } | Event::Finished { .. } => None,
        };
        if let Some(player) = player {
            self.moves.push(Played {
                turn,
                player,
                event: event.clone(),
            });
        }
        Ok(())
    }

    /// Applies one event, or refuses it and leaves the table as it was.
    fn apply_event(
        &mut self,
        options: &Options,
        players: &[String],
        event: &Event,
    ) -> Result<(), WordTakingError> {
        match event {
            Event::Drawn { player, letter } => {
                let seat = self.on_turn(players, player)?;
                if self.has_drawn {
                    return Err(WordTakingError::AlreadyDrawn {
                        player: players.get(seat).cloned().unwrap_or_default(),
                    });
                }
                if !self.in_box.remove(*letter) {
                    return Err(WordTakingError::NoneInBox {
                        letter: *letter,
                        box_letters: self.in_box,
                    });
                }
                self.drawn = Some(*letter);
                self.has_drawn = true;
            }
            Event::Made { player, word } => {
                let seat = self.on_turn(players, player)?;
                let added = make::fit(word, &self.supply())?;
                self.spend(&added);
                self.gain(options, seat, word.clone());
            }
            Event::Taken {
                player,
                word,
                owner,
                from,
            } => {
                let seat = self.on_turn(players, player)?;
                let owner_seat = seat_of(players, owner)?;
                let held = self.words(owner_seat);
                let Some(at) = held.iter().position(|w| w == from) else {
                    return Err(WordTakingError::NotHeld {
                        owner: players.get(owner_seat).cloned().unwrap_or_default(),
                        word: from.clone(),
                        held: word_list(held),
                    });
                };
                let added = take::fit(from, word, &self.supply(), seat == owner_seat)?;
                self.spend(&added);
                if let Some(list) = self.words.get_mut(owner_seat) {
                    list.remove(at);
                }
                self.gain(options, seat, word.clone());
            }
            Event::TurnEnded { player } => {
                self.on_turn(players, player)?;
                if let Some(d) = self.drawn.take() {
                    self.centre.add(d);
                }
                self.has_drawn = false;
                self.turn = (self.turn + 1) % players.len().max(1);
                self.turns = self.turns.saturating_add(1);
                self.history.push(self.words.iter().map(Vec::len).collect());
                if options.win_on == WinOn::Hold && self.held(self.turn) >= options.target_words {
                    self.win(self.turn);
                }
            }
            Event::Finished { why } => {
                if self.finished() {
                    return Err(self.game_over(players));
                }
                self.end(*why);
            }
        }
        Ok(())
    }

    /// Takes the added letters off the table.
    fn spend(&mut self, added: &Added) {
        if added.drawn.is_some() {
            self.drawn = None;
        }
        if let Some(rest) = self.centre.minus(&added.centre) {
            self.centre = rest;
        }
    }

    /// Gives `seat` a word, and the game under `reach` when that makes the target.
    fn gain(&mut self, options: &Options, seat: usize, word: Word) {
        if self.words.len() <= seat {
            self.words.resize(seat + 1, Vec::new());
        }
        if let Some(list) = self.words.get_mut(seat) {
            list.push(word);
        }
        if options.win_on == WinOn::Reach && self.held(seat) >= options.target_words {
            self.win(seat);
        }
    }
}
