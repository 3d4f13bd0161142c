//! The round-game layer: a game played in rounds (or hands) gives its rules, and the
//! layer gives it the life-cycle every such game shares.
//!
//! boardgame.io keeps a game to its rules with one plain object (`setup`, `moves`,
//! `endIf`) and a `Flow` that attaches a default for everything the game leaves out.
//! This is that shape in Rust: a game implements [`RoundGame`] (what its round is, what
//! an entry adds to it, whether it may close, its verbs and how it describes an entry)
//! and the layer implements [`Engine`], [`Prompt`] and [`Show`] for it. The layer owns
//! the match ([`Match`]: the rounds, the totals, the late joiners, where the match
//! ends), the verbs `end` and `finish` (and `rounds N`, `target N` where the game lets
//! the table change them), their events ([`RoundEvent`]), the refusal of anything
//! after the match is over, progress, standings, the opening situation, and the player
//! and texts an event names. Each optional hook of the contract a game may give has
//! its twin here, on the game's own entries.
//!
//! Why a trait with defaults and blanket implementations rather than a helper each
//! game calls: a helper still has every game write the life-cycle's calls (Take Two,
//! TAKE rummy and the test game Bust each did, 740 lines for a fifth game of which 120
//! were its rules); here a game that writes nothing of it cannot get it wrong.

mod error;
mod event;
mod impls;
mod state;

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

pub(crate) use error::{MAX_ROUNDS, MAX_TARGET};
pub use event::RoundEvent;
pub use impls::waiting;
pub(crate) use state::Changes;
pub use state::{Ends, Match};

use super::{
    Action, Arg, Column, Ctx, Engine, EntryStatus, Figure, Move, Refusal, Roster, Round, Ruling,
    Scene, Setup, TableView, Text, Unit, Verb,
};

/// What reads a line of one of a round game's own verbs: the verb as typed (rows may
/// share a function where their lines share a shape), its arguments and the lines a
/// block verb read, turned into the entries to record. Pure: reads the context,
/// changes nothing.
pub type EntryReads<G> = fn(
    &Ctx<'_, G>,
    &str,
    &str,
    Option<&[String]>,
) -> Result<Action<<G as RoundGame>::Entry>, Refusal>;

/// What reads a line of a round game's verb ([`RoundGame::MOVES`]).
pub enum Plays<G: RoundGame> {
    /// The game's own.
    Entry(EntryReads<G>),
    /// The life-cycle's (`end`, `finish`, `rounds`, `target`): the layer carries it out.
    Life,
}

impl<G: RoundGame> Clone for Plays<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: RoundGame> Copy for Plays<G> {}

impl<G: RoundGame> Move<Plays<G>> {
    /// A verb of the game's own, read by `reads`.
    pub const fn entry(verb: Verb, reads: EntryReads<G>) -> Self {
        Move {
            verb,
            reads: Plays::Entry(reads),
        }
    }

    /// A life-cycle verb, in the words of [`Called`] or the game's own: the layer
    /// carries it out.
    pub const fn life(verb: Verb) -> Self {
        Move {
            verb,
            reads: Plays::Life,
        }
    }
}

/// What a game's periods are called, and the names the log gives their events: Take
/// Two plays rounds, TAKE rummy hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Called {
    /// "round", "hand".
    pub period: &'static str,
    /// "rounds", "hands".
    pub periods: &'static str,
    /// The tag of the event that closes one: "round-ended".
    pub ended: &'static str,
    /// The field of `match-finished` that holds how many were played: "after" (the
    /// first logs of hands said "hands").
    pub finished_key: &'static str,
    /// The life-cycle's verbs, said in these words, for a game's `MOVES` to list: the
    /// layer carries out each one a game lists, and no other (`rounds` and `target`
    /// only where the table may change the match's length or target).
    pub end: Verb,
    /// `finish`: the match ends now, after the last closed period.
    pub finish: Verb,
    /// `rounds N`: the match's length changes.
    pub rounds: Verb,
    /// `target N`: the total that ends the match changes.
    pub target: Verb,
}

/// `target N`, the same for a game of rounds or of hands.
const TARGET: Verb = Verb {
    name: "target",
    args: "N",
    summary: "play to N points from here (above every total already reached)",
    example: "target 300",
    completes: &[Arg::Text],
    block: false,
};

impl Called {
    /// A game of rounds.
    pub const ROUND: Called = Called {
        period: "round",
        periods: "rounds",
        ended: "round-ended",
        finished_key: "after",
        end: Verb {
            name: "end",
            args: "",
            summary: "close the round once every player has an entry",
            example: "end",
            completes: &[],
            block: false,
        },
        finish: Verb {
            name: "finish",
            args: "",
            summary: "end the match now, after the last closed round, and name the winner",
            example: "finish",
            completes: &[],
            block: false,
        },
        rounds: Verb {
            name: "rounds",
            args: "N",
            summary: "set the match's length to N rounds (a match that played its length goes on)",
            example: "rounds 8",
            completes: &[Arg::Text],
            block: false,
        },
        target: TARGET,
    };
    /// A game of hands.
    pub const HAND: Called = Called {
        period: "hand",
        periods: "hands",
        ended: "hand-ended",
        finished_key: "hands",
        end: Verb {
            name: "end",
            args: "",
            summary: "close the hand once every player has an entry",
            example: "end",
            completes: &[],
            block: false,
        },
        finish: Verb {
            name: "finish",
            args: "",
            summary: "end the match now, after the last closed hand, and name the winner",
            example: "finish",
            completes: &[],
            block: false,
        },
        rounds: Verb {
            name: "rounds",
            args: "N",
            summary: "set the match's length to N hands (a match that played its length goes on)",
            example: "rounds 8",
            completes: &[Arg::Text],
            block: false,
        },
        target: TARGET,
    };

    /// The prompt's short form of a period: "r3", "h2".
    fn label(self, number: u32) -> String {
        format!("{}{number}", self.period.chars().next().unwrap_or('r'))
    }
}

/// A game played in rounds (or hands): its rules, and nothing of the life-cycle.
///
/// A game implements [`Setup`] (its name, flags and options) and this; the layer
/// implements the contract's [`Engine`], [`Prompt`](super::Prompt) and [`Show`](super::Show) for it, so the game is
/// registered as any other (`Registered::of::<Hearts>()`). Only `Round`, `Entry`, `MOVES`,
/// `lowest_wins`, `enter` and `describe` have no default.
///
/// The hooks that read the table take the contract's [`Scene`] or [`Ctx`], whose state
/// is the layer's [`Match`] of the game's rounds: `scene.state.open()` is the round
/// being played.
pub trait RoundGame: Setup {
    /// What a period is called, and the names its log events are written under.
    const CALLED: Called = Called::ROUND;

    /// One round, with each seat's entries; its `Scoring` is the game's options.
    type Round: Round<Scoring = Self::Options> + Debug + PartialEq;

    /// One entry of a round, as the log holds it (serde-tagged by `"type"`, a noun in
    /// the past tense, players by name).
    type Entry: Serialize + DeserializeOwned + Clone + Debug + PartialEq + Send + Sync;

    /// Every verb the game takes with what reads it, in the order `help` lists them: its
    /// own ([`Plays::Entry`]), and the life-cycle's from [`RoundGame::CALLED`]
    /// (`Move::life(Called::ROUND.end)`, `.finish`, and `.rounds` and `.target` where
    /// the table may change the match's length or target), which the layer carries out.
    /// One table: a verb not listed here is not taken, and a game may list a life-cycle
    /// verb of its own wording under its name.
    const MOVES: &'static [Move<Plays<Self>>];

    /// The lowest total wins (Take Two, Hearts); otherwise the highest.
    fn lowest_wins(options: &Self::Options) -> bool;

    /// What the totals count.
    const UNIT: Unit = Unit::POINTS;

    /// Where the match ends, as the options set it. By default it goes on until the
    /// table says `finish`.
    fn ends(options: &Self::Options) -> Ends {
        let _ = options;
        Ends::default()
    }

    /// The options with the match's ends as they stand now, for the banner of a
    /// reopened match (`rounds 8` changed `--rounds 5`).
    fn with_ends(options: &Self::Options, ends: Ends) -> Self::Options {
        let _ = ends;
        options.clone()
    }

    // The rules.

    /// Enters `entry` in the open round (`play.open_mut()`), refusing what does not fit
    /// and then leaving the match as it was. The layer has already refused anything
    /// after the match is over.
    fn enter(
        play: &mut Match<Self::Round>,
        entry: &Self::Entry,
        options: &Self::Options,
        roster: &Roster,
    ) -> Result<(), Refusal>;

    /// How a seat that still needs an entry is told to give one, when `end` is refused
    /// for it ("out, or left TILES").
    const ENTRY_HINT: &'static str = "an entry";

    /// What every round's points must come to before it closes, if anything: 0 where
    /// points pass between players, 26 in a game of Hearts kept on a score pad. Checked
    /// once every seated player has an entry, before [`RoundGame::may_close`].
    fn round_total(options: &Self::Options) -> Option<i64> {
        let _ = options;
        None
    }

    /// Whether the open round may close, once every seated player has an entry
    /// ([`Round::entered`], which the layer checks first): a rule across the round's
    /// entries (Hearts' hand comes to 26). By default it may.
    fn may_close(
        play: &Match<Self::Round>,
        options: &Self::Options,
        roster: &Roster,
    ) -> Result<(), Refusal> {
        let _ = (play, options, roster);
        Ok(())
    }

    /// Whether a player may join now from `score`, beyond the layer's own rules (between
    /// rounds, before the match is over, from short of the target).
    fn may_join(
        play: &Match<Self::Round>,
        options: &Self::Options,
        score: i64,
    ) -> Result<(), Refusal> {
        let _ = (play, options, score);
        Ok(())
    }

    // What the scorekeeper types.

    /// Refuses, as the layer refuses anything recorded once the match is over, naming
    /// who won: for a game's line to say so before it reads its arguments (a line that
    /// records goes on to meet the same refusal anyway). Not for a game to replace.
    fn playing(scene: &Scene<'_, Self>) -> Result<(), Refusal>
    where
        Self: Engine<State = Match<Self::Round>>,
    {
        if scene.state.over() {
            return Err(impls::over::<Self>(scene.state, scene.options, scene.roster).into());
        }
        Ok(())
    }

    /// The `end` line: its closing event in `close`, known to fit, and the match as it
    /// leaves it (`after`). The game may ask first (nobody went out), say what follows
    /// (whose deal is next), or refuse. By default it closes.
    fn closing(
        ctx: &Ctx<'_, Self>,
        after: &Match<Self::Round>,
        close: Action<RoundEvent<Self>>,
    ) -> Result<Action<RoundEvent<Self>>, Refusal>
    where
        Self: Engine<State = Match<Self::Round>>,
    {
        let _ = (ctx, after);
        Ok(close)
    }

    /// The verbs `fix ROUND VERB ARGS` takes ([`Prompt::FIXES`](super::Prompt::FIXES)).
    const FIXES: &'static [&'static str] = &[];

    /// What stands in `old`'s place in their round when `fix ROUND` types `new`
    /// ([`Prompt::in_place_of`](super::Prompt::in_place_of)).
    fn in_place_of(new: &Self::Entry, old: &Self::Entry, roster: &Roster) -> Option<Self::Entry> {
        let _ = (new, old, roster);
        None
    }

    /// The player an entry gives a score to, whose standing follows it at the prompt.
    fn player(entry: &Self::Entry) -> Option<&str> {
        let _ = entry;
        None
    }

    /// Words an entry holds worth completing ([`Prompt::words`](super::Prompt::words)).
    fn words(entry: &Self::Entry) -> Vec<String> {
        let _ = entry;
        Vec::new()
    }

    /// The texts an entry holds that typing bounds ([`Prompt::texts`](super::Prompt::texts)).
    fn texts(entry: &mut Self::Entry) -> Vec<Text<'_>> {
        let _ = entry;
        Vec::new()
    }

    /// Candidates for an argument the game completes ([`Prompt::complete`](super::Prompt::complete)).
    fn complete(scene: &Scene<'_, Self>, kind: &str) -> Vec<String>
    where
        Self: Engine<State = Match<Self::Round>>,
    {
        let _ = (scene, kind);
        Vec::new()
    }

    /// An entry in words, against the table it met: "bob left Q Z X: 28".
    fn describe(entry: &Self::Entry, before: &Scene<'_, Self>) -> String
    where
        Self: Engine<State = Match<Self::Round>>;

    /// What a seat's part of a round was, in words, for the score table's details and
    /// the exports ("left Q Z; +25 (DONT)"), `closed` once it is. By default its points.
    fn detail(round: &Self::Round, seat: usize, closed: bool, options: &Self::Options) -> String {
        let _ = closed;
        round
            .points(seat, options)
            .map_or_else(String::new, |p| p.to_string())
    }

    /// The game's own columns of a round (Take Two's penalties), `closed` once it is.
    fn columns(
        round: &Self::Round,
        seats: usize,
        closed: bool,
        options: &Self::Options,
    ) -> Vec<Column> {
        let _ = (round, seats, closed, options);
        Vec::new()
    }

    /// Where a seat's entry in a round stands. By default from [`Round::entered`] and
    /// its points: something counting without an entry is partial (a penalty alone).
    fn status(
        round: &Self::Round,
        seat: usize,
        closed: bool,
        options: &Self::Options,
    ) -> EntryStatus {
        let _ = closed;
        if !round.seated(seat) {
            EntryStatus::Absent
        } else if round.entered(seat) {
            EntryStatus::Done
        } else if round.points(seat, options).is_some() {
            EntryStatus::Partial
        } else {
            EntryStatus::Waiting
        }
    }

    /// What a partial entry means in this game, for the score table's legend.
    const PARTIAL: &'static str = "";

    /// Per-player figures counted in `stats` ([`Standings::figures`](super::Standings::figures)).
    fn figures(scene: &Scene<'_, Self>) -> Vec<Figure>
    where
        Self: Engine<State = Match<Self::Round>>,
    {
        let _ = scene;
        Vec::new()
    }

    /// The game's own table for `table` ([`Show::table`](super::Show::table)).
    fn table(scene: &Scene<'_, Self>) -> TableView
    where
        Self: Engine<State = Match<Self::Round>>,
    {
        let _ = scene;
        TableView::default()
    }

    /// Game-specific fields for the JSON export ([`Show::export`](super::Show::export)).
    fn export(scene: &Scene<'_, Self>) -> Map<String, Value>
    where
        Self: Engine<State = Match<Self::Round>>,
    {
        let _ = scene;
        Map::new()
    }

    /// The ruling an entry stands for, when it is one ([`Show::ruling`](super::Show::ruling)).
    fn ruling(entry: &Self::Entry, before: &Scene<'_, Self>) -> Option<Ruling>
    where
        Self: Engine<State = Match<Self::Round>>,
    {
        let _ = (entry, before);
        None
    }

    /// What the table needs to hear of the open round on opening. By default who still
    /// needs an entry ("round 2: no entry yet for ann and cat (out, or left TILES)").
    fn situation(scene: &Scene<'_, Self>) -> Vec<String>
    where
        Self: Engine<State = Match<Self::Round>>,
    {
        impls::waiting::<Self>(scene)
    }
}
