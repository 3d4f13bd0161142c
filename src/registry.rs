//! The one place that lists the games. Registering a game is one line in [`GAMES`]; the
//! core reaches games only through this list, by the name typed after `new` or stored in
//! a log's header.

use crate::games::board_chips::BoardChips;
use crate::games::take_rummy::TakeRummy;
use crate::games::take_two::TakeTwo;
use crate::games::word_taking::WordTaking;
use crate::session::{Catalog, Entry};

/// Every game, in the order `help` lists them.
pub static GAMES: &[Entry] = &[
    Entry::of::<TakeTwo>(),
    Entry::of::<BoardChips>(),
    Entry::of::<TakeRummy>(),
    Entry::of::<WordTaking>(),
];

/// The games as the core takes them.
pub fn catalog() -> Catalog {
    Catalog(GAMES)
}

/// How the unit tests open sessions: the embedded dictionary, script mode, every game.
#[cfg(test)]
pub(crate) fn test_with() -> crate::session::OpenWith {
    crate::session::OpenWith {
        lexicon: std::sync::Arc::new(
            crate::lexicon::Lexicon::embedded().expect("the dictionary is built in"),
        ),
        games: catalog(),
    }
}

/// How to open sessions of any registered game with `lexicon`.
pub fn with(lexicon: std::sync::Arc<crate::lexicon::Lexicon>) -> crate::session::OpenWith {
    crate::session::OpenWith {
        lexicon,
        games: catalog(),
    }
}

/// The sessions in `dir`, of any registered game.
pub fn sessions(
    dir: std::path::PathBuf,
    lexicon: std::sync::Arc<crate::lexicon::Lexicon>,
) -> crate::session::Sessions {
    crate::session::Sessions::new(dir, lexicon, catalog())
}
