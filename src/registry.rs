//! The one place that lists the games. Registering a game is one line in [`GAMES`]; the
//! core reaches games only through this list, by the name typed after `new` or stored in
//! a log's header.

use crate::games::board_chips::BoardChips;
use crate::games::scorepad::ScorePad;
use crate::games::take_rummy::TakeRummy;
use crate::games::take_two::TakeTwo;
use crate::games::word_taking::WordTaking;
use crate::session::{Catalog, Registered};

/// Every game, in the order `help` lists them.
pub static GAMES: &[Registered] = &[
    Registered::of::<TakeTwo>(),
    Registered::of::<BoardChips>(),
    Registered::of::<TakeRummy>(),
    Registered::of::<WordTaking>(),
    Registered::of::<ScorePad>(),
];

/// Runs the criterion benchmark `name` that times a game's private parts (`grid`: a
/// Take Two grid's ruling; `board_where`: a board's `where`; `word_moves`: the word
/// finder; `rummy`: the rummy engine), whose body lives in its game's folder
/// (`bench.rs`): the benchmarks package (`benches/`) calls it. Built only with the
/// `bench` feature, so neither the binary nor `cargo test` compiles criterion.
#[cfg(feature = "bench")]
#[doc(hidden)]
pub fn bench(name: &str) {
    match name {
        "board_where" => crate::games::board_chips::bench::main(),
        "rummy" => crate::games::take_rummy::bench::main(),
        "grid" => crate::games::take_two::bench::main(),
        "word_moves" => crate::games::word_taking::bench::main(),
        other => eprintln!("no benchmark named {other:?}: board_where, rummy, grid, word_moves"),
    }
}

/// The games as the core takes them.
pub fn catalog() -> Catalog {
    Catalog::of(GAMES)
}

/// A registered game's word rules by the name `--rules` takes (`take-two`,
/// `names-places`), or the names there are.
pub fn rule_set(name: &str) -> Result<crate::lexicon::RuleSet, crate::lexicon::UnknownRuleSet> {
    crate::lexicon::find_rule_set(&catalog().rule_sets(), name)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{FlagValue, FlagValues};
    use crate::session::{NewSession, Sessions};

    /// A game's verbs are one table, each verb once: the dispatch takes the first of a
    /// name, and `help` would list a second that never runs.
    #[test]
    fn every_game_lists_each_of_its_verbs_once() {
        for game in catalog().iter() {
            let names: Vec<&str> = (game.verbs)().iter().map(|v| v.name).collect();
            for (i, name) in names.iter().enumerate() {
                assert!(
                    !names[..i].contains(name),
                    "{} lists {name} twice: {names:?}",
                    game.name
                );
            }
        }
    }

    /// A game's verbs and its dispatch agree: every verb it lists, typed bare at the
    /// start of its demo's session, is taken by its rules (refused for its arguments,
    /// perhaps), never answered as a verb it does not know.
    #[test]
    fn every_verb_a_game_lists_is_one_its_rules_take() {
        let with = test_with();
        let dir = crate::testing::tempdir().expect("dir");
        let shelf = Sessions::new(dir.path().into(), with.lexicon.clone(), with.games);
        for entry in with.games.iter() {
            let demo = (entry.demo)();
            let players = demo.new.iter().take_while(|a| !a.starts_with("--"));
            for verb in (entry.verbs)() {
                let new = NewSession {
                    players: players.clone().map(|p| p.to_string()).collect(),
                    name: Some(format!("{}-{}", entry.name, verb.name.replace('?', "q"))),
                    rules: with.games.default_rules(),
                    flags: FlagValues::defaults(entry.flags),
                };
                let mut session = shelf.start(entry.name, new).expect("starts");
                let mut desk = crate::session::Desk::new(true);
                let block: &[String] = &[];
                let outcome = session.run(&mut desk, verb.name, "", verb.block.then_some(block));
                let said = serde_json::to_string(&outcome).expect("an outcome is JSON");
                assert!(
                    !said.contains("unknown verb"),
                    "{} lists {} but its rules do not take it: {said}",
                    entry.name,
                    verb.name
                );
            }
        }
    }

    /// A log's header is held to a level flag's range under the flag's name spelt with
    /// `_` (`session/header.rs`): every game must keep the value there.
    #[test]
    fn every_game_keeps_a_level_flag_s_value_under_the_name_a_header_is_held_by() {
        let with = test_with();
        let dir = crate::testing::tempdir().expect("dir");
        let shelf = Sessions::new(dir.path().into(), with.lexicon.clone(), with.games);
        let mut levels = 0;
        for entry in with.games.iter() {
            for flag in entry.flags {
                let crate::contract::FlagKind::Level { default } = flag.kind else {
                    continue;
                };
                levels += 1;
                let given = if default == crate::lexicon::MIN_LEVEL {
                    crate::lexicon::MAX_LEVEL
                } else {
                    crate::lexicon::MIN_LEVEL
                };
                let mut flags = FlagValues::defaults(entry.flags);
                flags.set(flag.name, FlagValue::Number(i64::from(given)));
                let demo = (entry.demo)();
                let players = demo.new.iter().take_while(|a| !a.starts_with("--"));
                let name = format!("{}-{}", entry.name, flag.name);
                let new = NewSession {
                    players: players.map(|p| p.to_string()).collect(),
                    name: Some(name.clone()),
                    rules: with.games.default_rules(),
                    flags,
                };
                shelf.start(entry.name, new).expect("starts");
                let log = std::fs::read_to_string(dir.path().join(format!("{name}.jsonl")))
                    .expect("the log");
                let header: serde_json::Value =
                    serde_json::from_str(log.lines().next().unwrap_or_default()).expect("JSON");
                assert_eq!(
                    header["options"][flag.name.replace('-', "_")],
                    serde_json::Value::from(given),
                    "{} --{}",
                    entry.name,
                    flag.name
                );
            }
        }
        assert!(levels > 0, "a registered game has a level flag");
    }
}
