//! [`Extras`]: what only some games need of the core. Each hook has a default that does
//! nothing; a game opts in by implementing `Extras` for its own events (a game of rounds
//! for its own entries: the layer carries them to its events), and says `impl
//! Extras<MyEvent> for MyGame {}` when it needs none. The four roles (`Setup`,
//! `Engine`, `Prompt`, `Show`) hold only what every game gives, so a hook a single game
//! needs does not grow the contract every game reads.

use super::{Engine, Highlight, Refusal, Ruling, Scene};

/// The hooks one game or another needs, over `E`, the game's own events (a round
/// game's entries). Pure, as the roles are.
pub trait Extras<E>: Engine {
    /// Checks one row of a block verb as it is typed (row `number`, from 1), so a
    /// mistake is said on the row where it is made (Take Two's grid).
    fn check_row(verb: &str, number: usize, row: &str) -> Result<(), Refusal> {
        let _ = (verb, number, row);
        Ok(())
    }

    /// `fix #N` turned `old` into `new`, and a later entry, `broken`, no longer fits (a
    /// make that used the letter a draw typed wrong): the line that carries the change
    /// into it (`make ann LOG` for `make ann LEG` once `draw ann E` is `draw ann O`),
    /// which the table is offered. `None`: the fix is refused as it stands.
    fn carry(old: &E, new: &E, broken: &E) -> Option<String> {
        let _ = (old, new, broken);
        None
    }

    /// The player who holds `word` (upper case) on the table now, if any: a house
    /// ruling that denies a word does not take it off the table, and the table is told
    /// who holds it and the entry that put it there (Word Taking).
    fn holder(scene: &Scene<'_, Self>, word: &str) -> Option<String> {
        let _ = (scene, word);
        None
    }

    /// The line that takes back one of the game's rulings that still stands and said a
    /// word is not allowed, for when `check` now finds it allowed (Take Two: `pardon
    /// cat` for the penalty that stands for CWM).
    fn takes_back(scene: &Scene<'_, Self>, ruling: &Ruling) -> Option<String> {
        let _ = (scene, ruling);
        None
    }

    /// What the line `verb args` records, said back in the words it was typed in where
    /// the game names things as the table does (Board Chips: `SPOON:O2` said "O2 of
    /// SPOON (also OWL's O)"); `before` is the table the event is about to meet.
    fn said_back(before: &Scene<'_, Self>, verb: &str, args: &str, event: &E) -> Option<String> {
        let _ = (before, verb, args, event);
        None
    }

    /// Whether the game says a refusal again from the open period's entries
    /// ([`Extras::mend`]); without it the core does not gather them.
    const MENDS: bool = false;

    /// A refusal of the line `verb args` that an earlier entry of the open period
    /// explains (TAKE rummy: a card refused as on the discard pile, where the player's
    /// draw was typed as from the stock): the refusal said again, pointing at that
    /// entry and offering the line that mends it. `entries`: the open period's
    /// entries as they count, oldest first, each with its number.
    fn mend(
        scene: &Scene<'_, Self>,
        verb: &str,
        args: &str,
        refusal: &Refusal,
        entries: &[(u64, &E)],
    ) -> Option<Refusal> {
        let _ = (scene, verb, args, refusal, entries);
        None
    }

    /// The answers a question of this game takes besides yes and no: each a word typed
    /// alone and what it records instead of `offered`, what a yes records (TAKE rummy's
    /// joker question takes the other card the joker could stand for, `9C`).
    fn answers(scene: &Scene<'_, Self>, offered: &[E]) -> Vec<(String, Vec<E>)> {
        let _ = (scene, offered);
        Vec::new()
    }

    /// Spans of the table's text blocks to show styled where a screen can (a board's
    /// covered squares, coloured at a terminal): see [`Highlight`].
    fn highlights(scene: &Scene<'_, Self>) -> Vec<Highlight> {
        let _ = scene;
        Vec::new()
    }
}
