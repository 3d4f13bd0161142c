//! Property tests for Word Making & Word Taking: the parsers answer any input without
//! panicking, every move the finder lists is one the rulings accept, and every take the
//! rulings accept is one the finder lists (checked against a brute-force pass over the
//! dictionary's keys).
//!
//! CI runs proptest's default case count for the parsers and fewer for the finder (each
//! case judges thousands of keys in a debug build).

use std::collections::BTreeSet;
use std::sync::OnceLock;

use crate::games::word_taking::letter_set::LetterSet;
use crate::games::word_taking::letters::{Letter, Letters, Word};
use crate::games::word_taking::moves::{Finder, HeldWord, MoveKind};
use crate::games::word_taking::parse::{describe, parse_draw, parse_make, parse_next, parse_take};
use crate::games::word_taking::referee::Referee;
use crate::games::word_taking::state::{Event, Options, Table};
use crate::games::word_taking::supply::Supply;
use crate::games::word_taking::{make, take};
use crate::lexicon::{Lexicon, Plurals, Rules};
use proptest::collection::vec;
use proptest::prelude::*;

fn lexicon() -> &'static Lexicon {
    static LEX: OnceLock<Lexicon> = OnceLock::new();
    LEX.get_or_init(|| Lexicon::embedded().expect("dictionary"))
}

fn plurals() -> &'static Plurals {
    static P: OnceLock<Plurals> = OnceLock::new();
    P.get_or_init(|| Plurals::new().expect("dictionary"))
}

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| {
        let mut r = Rules::new(crate::games::word_taking::WORD_TAKING);
        r.min_length = 2;
        r
    })
}

fn referee() -> Referee<'static> {
    Referee::new(lexicon(), rules(), plurals())
}

/// One finder over the whole dictionary, built once for every case.
fn finder() -> &'static Finder {
    static F: OnceLock<Finder> = OnceLock::new();
    F.get_or_init(|| Finder::new(lexicon(), rules()).expect("searchable"))
}

const PLAYERS: [&str; 3] = ["alice", "bob", "carol"];

/// Words a table might hold.
const WORDS: [&str; 24] = [
    "CAT", "FIN", "LAME", "AMPLE", "OX", "BOX", "TAR", "RAT", "STONE", "NOTE", "ART", "EAT", "TEA",
    "PIN", "SPIN", "RING", "LINE", "OAR", "ROSE", "MEN", "HAT", "DOG", "RED", "SEA",
];

/// Letters in about the box's proportions.
fn letter() -> impl Strategy<Value = char> {
    prop::sample::select(
        "AAAAABCDDEEEEEEEFGGHIIIIILLMNNNNOOOOPRRRRSSSTTTTUUVWY"
            .chars()
            .collect::<Vec<_>>(),
    )
}

fn players() -> Vec<String> {
    PLAYERS.map(String::from).to_vec()
}

/// A table part way through a game: a few letters drawn, words made.
fn mid_game() -> (Table, Options) {
    let options = Options::standard().expect("options");
    let p = players();
    let mut t = Table::new(&options, p.len());
    for e in [
        Event::Drawn {
            player: "alice".into(),
            letter: Letter::from_char('T').expect("T"),
        },
        Event::TurnEnded {
            player: "alice".into(),
        },
        Event::Drawn {
            player: "bob".into(),
            letter: Letter::from_char('A').expect("A"),
        },
        Event::TurnEnded {
            player: "bob".into(),
        },
        Event::Drawn {
            player: "carol".into(),
            letter: Letter::from_char('C').expect("C"),
        },
        Event::Made {
            player: "carol".into(),
            word: Word::parse("CAT").expect("CAT"),
        },
        Event::TurnEnded {
            player: "carol".into(),
        },
        Event::Drawn {
            player: "alice".into(),
            letter: Letter::from_char('S').expect("S"),
        },
    ] {
        t.apply(&options, &p, &e).expect("a legal opening");
    }
    (t, options)
}

/// Typed arguments: player names, words, "from", junk.
fn args() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        prop::sample::select(vec![
            "alice", "bob", "carol", "dave", "from", "FROM", "CAT", "CATS", "SCAT", "S", "T", "",
        ])
        .prop_map(String::from),
        "[A-Za-z]{1,8}",
        any::<String>(),
    ];
    vec(token, 0..6).prop_map(|t| t.join(" "))
}

proptest! {
    #[test]
    fn typed_letters_and_words_never_panic(s in any::<String>()) {
        let _ = Letters::parse(&s);
        let _ = Letter::parse(&s);
        let _ = Word::parse(&s);
    }

    #[test]
    fn letter_set_files_and_stored_events_never_panic(s in any::<String>()) {
        let _ = LetterSet::from_json(&s);
        let _ = serde_json::from_str::<Event>(&s);
        let with_type = format!(r#"{{"type":"taken","player":"a","word":{s:?},"owner":"b","from":"c"}}"#);
        let _ = serde_json::from_str::<Event>(&with_type);
    }

    #[test]
    fn verbs_never_panic_and_refusals_change_nothing(line in args()) {
        let p = players();
        for (table, options) in [
            (Table::new(&Options::standard().expect("options"), p.len()), Options::standard().expect("options")),
            mid_game(),
        ] {
            let before = table.clone();
            let r = referee();
            let events = [
                parse_draw(&table, &options, &p, &line).ok(),
                parse_make(&table, &options, &p, &r, &line).ok().map(|(e, _)| e),
                parse_take(&table, &options, &p, &r, &line).ok().map(|(e, _)| e),
                parse_next(&table, &options, &p, &line).ok(),
            ];
            prop_assert_eq!(&table, &before);
            for event in events.into_iter().flatten() {
                // What a parser accepts, the table accepts.
                let _ = describe(&event, &table, &options, &p);
                let mut after = table.clone();
                prop_assert!(after.apply(&options, &p, &event).is_ok(), "{:?}", event);
            }
        }
    }
}

/// A table of a few words held by the three players.
fn table_words() -> impl Strategy<Value = Vec<HeldWord>> {
    vec((0..3usize, prop::sample::select(WORDS.to_vec())), 0..5).prop_map(|ws| {
        ws.into_iter()
            .map(|(p, w)| HeldWord {
                owner: PLAYERS[p].to_string(),
                word: Word::parse(w).expect("a word"),
            })
            .collect()
    })
}

fn supply() -> impl Strategy<Value = Supply> {
    (vec(letter(), 0..7), prop::option::of(letter())).prop_map(|(centre, drawn)| Supply {
        drawn: drawn.and_then(Letter::from_char),
        centre: Letters::parse(&centre.iter().collect::<String>()).unwrap_or_default(),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    #[ignore = "long run: the move finder against the rulings on random tables (`cargo test -- --ignored`, which CI runs)"]
    fn every_move_the_finder_lists_is_accepted_by_the_rulings(
        supply in supply(),
        held in table_words(),
        mover in prop::option::of(0..3usize),
    ) {
        let mover = mover.map(|m| PLAYERS[m]);
        let moves = finder().find(&supply, &held, mover);
        let r = referee();
        for m in moves.iter() {
            let word = Word::parse(m.word).expect("a found word parses");
            match (m.kind, m.from) {
                (MoveKind::Make, None) => {
                    let ruling = make::rule(&r, &word, &supply);
                    prop_assert!(ruling.is_ok(), "make {}: {:?}", word, ruling);
                    prop_assert_eq!(ruling.map(|x| x.letters).ok(), Some(m.added));
                }
                (MoveKind::Take | MoveKind::Protect, Some(from)) => {
                    let own = m.kind == MoveKind::Protect;
                    prop_assert_eq!(own, mover == m.owner);
                    let ruling = take::rule(&r, from, &word, &supply, own);
                    prop_assert!(ruling.is_ok(), "{} from {}: {:?}", word, from, ruling);
                    prop_assert_eq!(ruling.map(|x| x.added).ok(), Some(m.added));
                }
                other => prop_assert!(false, "a move of the wrong shape: {:?}", other),
            }
        }
    }

    /// The walk is shared among threads; the list must still come out in its
    /// documented order, each move once: takes by the table's order, then protections,
    /// then makes; longest first, then alphabetical.
    #[test]
    fn the_list_is_in_its_documented_order_each_move_once(
        supply in supply(),
        held in table_words(),
        mover in prop::option::of(0..3usize),
    ) {
        let mover = mover.map(|m| PLAYERS[m]);
        let moves = finder().find(&supply, &held, mover);
        let key = |m: &crate::games::word_taking::moves::Move<'_>| {
            let entry = held
                .iter()
                .position(|h| Some(h.owner.as_str()) == m.owner && Some(&h.word) == m.from)
                .unwrap_or(usize::MAX);
            let group = match m.kind {
                MoveKind::Take => (0, entry),
                MoveKind::Protect => (1, entry),
                MoveKind::Make => (2, 0),
            };
            (group, std::cmp::Reverse(m.word.len()), m.word.to_string())
        };
        let got: Vec<_> = moves.iter().map(|m| key(&m)).collect();
        let mut sorted = got.clone();
        sorted.sort();
        sorted.dedup();
        prop_assert_eq!(got.len(), moves.len());
        prop_assert_eq!(got, sorted);
        // Nothing is lost on the way: the makes are those of the same supply with no
        // words on the table.
        let makes: Vec<&str> = moves
            .iter()
            .filter(|m| m.kind == MoveKind::Make)
            .map(|m| m.word)
            .collect();
        let alone = finder().find(&supply, &[], mover);
        let makes_alone: Vec<&str> = alone.iter().map(|m| m.word).collect();
        prop_assert_eq!(makes, makes_alone);
    }
}

/// The takes of `old` (held by bob) the finder lists for alice.
fn found_takes(old: &Word, supply: &Supply) -> BTreeSet<String> {
    let held = [HeldWord {
        owner: "bob".into(),
        word: old.clone(),
    }];
    finder()
        .find(supply, &held, Some("alice"))
        .iter()
        .filter(|m| m.kind == MoveKind::Take)
        .map(|m| m.word.to_string())
        .collect()
}

/// Brute force: every dictionary key spelt from the old word and the supply that the
/// take ruling accepts.
fn accepted_takes(old: &Word, supply: &Supply) -> BTreeSet<String> {
    let mut bound = supply.all();
    bound.add_all(&old.letters());
    let firsts: BTreeSet<char> = bound
        .iter()
        .map(|l| l.to_char().to_ascii_lowercase())
        .collect();
    let r = referee();
    let mut accepted = BTreeSet::new();
    for first in firsts {
        for key in lexicon().keys_with_prefix(&first.to_string(), usize::MAX) {
            let letters = Letters::of_word(&key);
            if key.len() <= old.len()
                || !bound.contains(&letters)
                || !letters.contains(&old.letters())
            {
                continue;
            }
            let Ok(new) = Word::parse(&key) else { continue };
            if take::rule(&r, old, &new, supply, false).is_ok() {
                accepted.insert(new.to_string());
            }
        }
    }
    accepted
}

#[test]
fn the_brute_force_check_agrees_with_the_finder_on_the_sheets_example() {
    let ample = Word::parse("AMPLE").expect("a word");
    let supply = Supply::centre(Letters::parse("S").expect("S"));
    let expected: BTreeSet<String> = ["MAPLES", "PELMAS", "SAMPLE"].map(String::from).into();
    assert_eq!(accepted_takes(&ample, &supply), expected);
    assert_eq!(found_takes(&ample, &supply), expected);
    // CAT + S: CATS is only a plural, so both leave it out.
    let cat = Word::parse("CAT").expect("a word");
    let takes = accepted_takes(&cat, &supply);
    assert!(
        takes.contains("CAST") && !takes.contains("CATS"),
        "{takes:?}"
    );
    assert_eq!(found_takes(&cat, &supply), takes);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    #[ignore = "long run: the move finder against the rulings on random tables (`cargo test -- --ignored`, which CI runs)"]
    fn every_take_the_rulings_accept_is_found(
        centre in vec(letter(), 1..5),
        old in prop::sample::select(WORDS.to_vec()),
    ) {
        let old = Word::parse(old).expect("a word");
        let supply = Supply::centre(Letters::parse(&centre.iter().collect::<String>()).expect("letters"));
        prop_assert_eq!(found_takes(&old, &supply), accepted_takes(&old, &supply));
    }
}
