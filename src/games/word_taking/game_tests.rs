//! Word Taking through the [`Game`](crate::contract) contract's set-up side: options
//! from flags and files, as the header stores them, described in one line, and who
//! may sit down.

use std::path::PathBuf;

use super::game::{DEFAULT_HINT_LEVEL, Flags, Options, WordTaking};
use super::state::{DEFAULT_TARGET, OnEmpty, WinOn};
use crate::contract::{Engine, Files, Kind, Setup};

fn names() -> Vec<String> {
    vec!["ann".into(), "ben".into()]
}

fn flags() -> Flags {
    Flags {
        target_words: DEFAULT_TARGET,
        win_on: WinOn::Hold,
        letters: None,
        no_missed_hint: false,
        hint_level: DEFAULT_HINT_LEVEL,
        on_empty: OnEmpty::Finish,
        no_suffix_takes: false,
    }
}

fn described(flags: &Flags) -> String {
    let options = WordTaking::setup(flags, &Files::default(), &names()).expect("set up");
    WordTaking::describe_options(&options)
}

/// Each option the table chose is said once, and a default is not said at all; a hint
/// level is said only while there are hints to give.
#[test]
fn the_options_are_described_with_only_what_differs_from_the_sheet() {
    assert_eq!(
        described(&flags()),
        "10 words wins, held at the start of their turn; default box (117 letters)"
    );
    let every = Flags {
        target_words: 6,
        win_on: WinOn::Reach,
        hint_level: 35,
        on_empty: OnEmpty::PlayOn,
        no_suffix_takes: true,
        ..flags()
    };
    assert_eq!(
        described(&every),
        "6 words wins, the moment they are reached; default box (117 letters); play on once the box is empty; hints to SCOWL 35; no -ED, -ING, -ER takes"
    );
    let quiet = Flags {
        no_missed_hint: true,
        ..every
    };
    assert!(described(&quiet).ends_with("; no missed hints; no -ED, -ING, -ER takes"));
    let default_level = Flags {
        hint_level: DEFAULT_HINT_LEVEL,
        ..flags()
    };
    assert!(!described(&default_level).contains("SCOWL"));
}

/// A header stores a hint level and the no-suffix rule only when the table chose them,
/// and a header from before they existed reads as the defaults.
#[test]
fn the_header_keeps_only_chosen_options_and_old_headers_read_as_the_defaults() {
    let plain = WordTaking::setup(&flags(), &Files::default(), &names()).expect("set up");
    let json = serde_json::to_value(&plain).expect("serialises");
    assert!(json.get("hint_level").is_none() && json.get("no_suffix_takes").is_none());
    let back: Options = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, plain);
    assert_eq!(back.hint_level, DEFAULT_HINT_LEVEL);
    let chosen = WordTaking::setup(
        &Flags {
            hint_level: 70,
            no_suffix_takes: true,
            ..flags()
        },
        &Files::default(),
        &names(),
    )
    .expect("set up");
    let json = serde_json::to_value(&chosen).expect("serialises");
    assert_eq!(json["hint_level"], 70);
    assert_eq!(json["no_suffix_takes"], true);
    let back: Options = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, chosen);
    assert!(WordTaking::check_options(&back, 2).is_ok());
}

/// A letter-set file is read up to 64 KB and refused past it, before it is parsed; a
/// target no one could reach with the box's letters is refused.
#[test]
fn a_letter_file_is_read_up_to_its_limit_and_a_target_past_the_box_is_refused() {
    let path = PathBuf::from("box.json");
    let with = |text: String| {
        let files = Files::new(vec![(path.clone(), text)]);
        let flags = Flags {
            letters: Some(path.clone()),
            ..flags()
        };
        WordTaking::setup(&flags, &files, &names()).map_err(|e| e.message)
    };
    let set = include_str!("../../../dictionaries/letters-word-taking.json");
    let padded = format!("{set}{}", " ".repeat(65536 - set.len()));
    assert_eq!(padded.len(), 65536);
    let read = with(padded.clone()).expect("a file of exactly the limit");
    assert_eq!(read.letters_from, "box.json");
    assert_eq!(
        with(format!("{padded} ")),
        Err("box.json is 65537 bytes: a letter-set file is at most 64 KB".into())
    );
    let far = Flags {
        target_words: 118,
        ..flags()
    };
    assert_eq!(
        WordTaking::setup(&far, &Files::default(), &names()).map_err(|e| e.message),
        Err(
            "--target-words 118: the box holds 117 letters, so no one could ever hold that many words"
                .into()
        )
    );
    assert!(
        WordTaking::setup(
            &Flags {
                target_words: 117,
                ..flags()
            },
            &Files::default(),
            &names()
        )
        .is_ok()
    );
}

/// A player sits down holding no words, between any two turns, until the game is over.
#[test]
fn a_player_joins_holding_no_words_until_the_game_is_over() {
    let options = WordTaking::setup(&flags(), &Files::default(), &names()).expect("set up");
    let mut table = WordTaking::start(&options, 2);
    let e = WordTaking::add_player(&mut table, &options, 5).expect_err("a head start");
    assert_eq!(e.kind, Kind::BadInput);
    WordTaking::add_player(&mut table, &options, 0).expect("joins");
    assert!(table.words(2).is_empty());
    let roster = crate::contract::Roster::new(vec!["ann".into(), "ben".into(), "cal".into()]);
    let called = super::state::Event::Finished {
        why: super::state::Ending::Called,
    };
    WordTaking::apply(&mut table, &options, &roster, &called).expect("finish");
    let e = WordTaking::add_player(&mut table, &options, 0).expect_err("over");
    assert_eq!(
        (e.kind, e.message.as_str()),
        (Kind::MatchOver, "the game is over: nobody can join it")
    );
}
