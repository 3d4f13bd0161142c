//! Property tests of board chips, through the library: the board parser and the verb
//! parsers never panic on any text, and on random boards the covering rules keep their
//! promises: legal coverings end the game with every word completed exactly once (the
//! tiles are the board's squares) for one chip each while the kitty lasts, a refused
//! turn changes nothing, on an empty board the rule allows exactly the sheet's first
//! turn (in either order), a turn typed in any order of its tiles gets the same
//! ruling, and a square named the way the table reads it (its word and letter, or its
//! letter alone when only it may take that letter) is the square meant. Through the
//! session core: a damaged board-chips log is read or refused, never a panic, and any
//! command typed at a live session (squares named by row and column, by word and
//! letter, or by letter alone; `where` and `rack` too) either records and replays to
//! the same standings, or is refused and leaves the log byte for byte as it was.
//!
//! CI runs proptest's default 256 cases a property; a longer run:
//! `PROPTEST_CASES=20000 cargo test --release --lib fuzzing::board::`.

use crate::fuzzing::Typed;
use crate::fuzzing::damage::{edits, mutate};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::export::Format;
use crate::games::board_chips::EXAMPLE_BOARD;
use crate::games::board_chips::board::{Board, Square};
use crate::games::board_chips::command;
use crate::games::board_chips::names;
use crate::games::board_chips::play::{self, Coverage, Covering};
use crate::games::board_chips::state::{Event, KITTY, Options, Ruled, State};
use crate::lexicon::Lexicon;
use crate::session::{AnySession, OpenWith};
use proptest::collection::vec;
use proptest::prelude::*;

/// Text close to a board file: letters, dots and the characters a file may hold by
/// mistake, in lines.
fn board_like() -> impl Strategy<Value = String> {
    "[A-Za-z. \\t\\r\\n\u{feff}é#]{0,300}"
}

/// A random board as text: `rows` lines of letters from a small alphabet (so words
/// repeat letters) and dots, with every letter that would stand alone made a dot.
fn random_board() -> impl Strategy<Value = String> {
    (1usize..15, 1usize..15).prop_flat_map(|(rows, cols)| {
        vec(
            prop_oneof![1 => Just(None), 3 => (0u8..3).prop_map(Some)],
            rows * cols,
        )
        .prop_map(move |cells| board_text(rows, cols, &cells))
    })
}

fn board_text(rows: usize, cols: usize, cells: &[Option<u8>]) -> String {
    let at = |r: usize, c: usize| -> Option<u8> {
        (r < rows && c < cols)
            .then(|| cells[r * cols + c])
            .flatten()
    };
    let mut text = String::new();
    for r in 0..rows {
        for c in 0..cols {
            let neighbour = (r > 0 && at(r - 1, c).is_some())
                || at(r + 1, c).is_some()
                || (c > 0 && at(r, c - 1).is_some())
                || at(r, c + 1).is_some();
            text.push(match at(r, c) {
                Some(l) if neighbour => char::from(b'A' + l),
                _ => '.',
            });
        }
        text.push('\n');
    }
    text
}

fn names(n: usize) -> Vec<String> {
    ["ann", "ben", "cat", "dan"]
        .iter()
        .take(n)
        .map(|s| s.to_string())
        .collect()
}

/// Picks a playable square, by `choice`, on `coverage` as it stands.
fn pick(board: &Board, coverage: &Coverage, choice: u32) -> Option<Covering> {
    let squares = play::playable(board, coverage);
    let square = *squares.get(choice as usize % squares.len().max(1))?;
    let letter = board.letter(square)?;
    Some(Covering { square, letter })
}

fn lexicon() -> Arc<Lexicon> {
    static LEX: OnceLock<Arc<Lexicon>> = OnceLock::new();
    Arc::clone(LEX.get_or_init(|| Arc::new(Lexicon::embedded().expect("dictionary"))))
}

fn with() -> OpenWith {
    crate::registry::with(lexicon())
}

/// A real board-chips log on the example board: turns, an exchange, an undo, a note,
/// a player who joins, a rename.
fn board_log() -> &'static [u8] {
    static LOG: OnceLock<Vec<u8>> = OnceLock::new();
    LOG.get_or_init(|| {
        let dir = crate::testing::tempdir().expect("temp dir");
        let board = dir.path().join("board.txt");
        std::fs::write(&board, EXAMPLE_BOARD).expect("board written");
        let args: Vec<String> = ["ann", "ben", "cat", "--name", "s", "--board"]
            .map(String::from)
            .into_iter()
            .chain([board.display().to_string()])
            .collect();
        let new_in = crate::session::Sessions {
            dir: dir.path().to_path_buf(),
            with: with(),
        };
        let mut t = crate::repl::new_session(
            &new_in,
            &["board-chips".to_string()]
                .into_iter()
                .chain(args.iter().cloned())
                .collect::<Vec<_>>(),
        )
        .expect("session");
        for (verb, args) in [
            ("cover", "ann 5,3 M 5,4 A"),
            ("cover", "ben 5,5 P 5,6 L"),
            ("cover", "cat 5,7 E"),
            ("exchange", "ann"),
            ("undo", ""),
            ("cover", "ann 4,7 P 6,7 B"),
            ("note", "ben's tea arrived"),
            ("add", "dan"),
            ("rename", "cat kit"),
            ("cover", "ben 4,1 J"),
        ] {
            let reply = t.typed(verb, args, None);
            assert!(!reply.refused, "{verb} {args}: {}", reply.text);
        }
        drop(t);
        std::fs::read(dir.path().join("s.jsonl")).expect("log")
    })
}

/// Everything a session shows, read and written out, for a session that read.
fn show_all(t: &dyn AnySession) {
    let _ = t.standings();
    let _ = t.table_view();
    for format in [Format::Json, Format::Csv, Format::Md, Format::Svg] {
        let _ = t.exported(format);
    }
}

/// A command at a board-chips prompt: a verb (mostly the game's) and arguments of
/// names, squares, letters and noise.
fn board_command() -> impl Strategy<Value = (String, String)> {
    let verb = prop_oneof![
        8 => prop::sample::select(vec!["cover", "turn", "exchange", "pass"]).prop_map(str::to_string),
        2 => prop::sample::select(vec!["where", "rack", "fix"]).prop_map(str::to_string),
        3 => prop::sample::select(vec![
            "undo", "table", "score", "chart", "history", "add", "rename", "note", "players",
        ])
        .prop_map(str::to_string),
        1 => "[a-z]{0,8}",
    ];
    let arg = prop_oneof![
        4 => prop::sample::select(vec!["ann", "ben", "kit", "dan", "BEN", "cat", "eve"]).prop_map(str::to_string),
        4 => (0usize..18, 0usize..18).prop_map(|(r, c)| format!("{r},{c}")),
        3 => "[A-Za-z]",
        // The board's own way of naming squares: a word and a letter, in both forms.
        3 => (prop::sample::select(vec!["MAPLE", "PATH", "pebble", "JAR", "MAP", "Nope", "WIND", "ARM2"]), "[A-Za-z][0-9]?")
            .prop_map(|(w, l)| format!("{w}:{l}")),
        2 => (prop::sample::select(vec!["MAPLE", "PATH", "pebble", "jar", "OWL", "X"]), "[A-Za-z][0-9]?")
            .prop_map(|(w, l)| format!("{l} of {w}")),
        1 => prop::sample::select(vec!["and", ",", "of", "#1", "-"]).prop_map(str::to_string),
        1 => prop::sample::select(vec!["r5c5", "2", "0", "-1", "99999999999999999999,1", "--score"])
            .prop_map(str::to_string),
        1 => any::<String>(),
    ];
    (verb, vec(arg, 0..6)).prop_map(|(v, args)| (v, args.join(" ")))
}

proptest! {
    #[test]
    fn the_board_parser_never_panics_on_any_text(s in any::<String>()) {
        let _ = Board::parse(&s);
    }

    #[test]
    fn the_board_parser_never_panics_on_board_like_text(s in board_like()) {
        if let Ok(b) = Board::parse(&s) {
            prop_assert!(!b.words().is_empty());
            let again = Board::parse(&b.to_rows().join("\n"));
            prop_assert_eq!(again.as_ref(), Ok(&b));
        }
    }

    #[test]
    fn the_verb_parsers_never_panic(args in any::<String>(), typed in "[a-z0-9, ]{0,40}") {
        let players = names(2);
        let board = Options::with_board("example", EXAMPLE_BOARD).expect("example board");
        let tally = Options::tally();
        for options in [&board, &tally] {
            let state = State::new(options, 2);
            for a in [args.as_str(), typed.as_str(), &format!("ann {typed}")] {
                let _ = command::cover(a, &state, options, &players);
                let _ = command::turn(a, &state, options, &players);
                let _ = command::exchange(a, &state, options, &players);
                let _ = command::pass(a, &state, options, &players);
                let _ = command::rack(a, &state, options, &players);
                let _ = command::where_(a, &state, options, &players);
            }
        }
    }

    #[test]
    fn legal_coverings_complete_each_covered_word_once_for_one_chip_while_the_kitty_lasts(
        text in random_board(),
        choices in vec(any::<u32>(), 64..200),
        seats in 1usize..5,
    ) {
        prop_assume!(text.contains(|c: char| c.is_ascii_uppercase()));
        let board = Board::parse(&text).expect("a board with no lone letter parses");
        let options = Options::with_board("random", &text).expect("options");
        let players = names(seats);
        let mut state = State::new(&options, seats);
        let mut choices = choices.iter().copied().cycle();
        let mut turn = 0;
        while !state.is_finished() {
            let coverage = state.coverage().expect("board mode").clone();
            let first = pick(&board, &coverage, choices.next().unwrap_or(0)).expect("a playable square");
            let mut coverings = vec![first];
            if choices.next().unwrap_or(0) % 3 != 0 {
                let mut after = coverage.clone();
                let placed = play::rule(&board, &after, &[first]).expect("a playable square is legal");
                play::cover(&board, &mut after, &placed);
                if let Some(second) = pick(&board, &after, choices.next().unwrap_or(0)) {
                    coverings.push(second);
                }
            }
            let event = Event::SquaresCovered { player: players[turn % seats].clone(), coverings };
            state.apply(&options, &players, &event).map_err(|e| TestCaseError::fail(e.to_string()))?;
            turn += 1;
            prop_assert!(turn <= board.square_count(), "the game must end");
        }
        let mut completed: BTreeMap<(String, &str, Square), u32> = BTreeMap::new();
        for t in state.turns() {
            for w in t.completed() {
                *completed.entry((w.word.clone(), w.direction.as_str(), w.start)).or_default() += 1;
            }
        }
        prop_assert!(completed.values().all(|&n| n == 1), "a word completed twice");
        let coverage = state.coverage().expect("board mode");
        let covered: Vec<(String, &str, Square)> = board
            .words()
            .iter()
            .filter(|w| w.squares().iter().all(|&s| coverage.is_covered(&board, s)))
            .map(|w| (w.text().to_string(), w.direction().as_str(), w.start()))
            .collect();
        prop_assert_eq!(completed.keys().cloned().collect::<Vec<_>>().len(), covered.len());
        prop_assert!(covered.iter().all(|k| completed.contains_key(k)));
        let chips: u32 = state.chips().iter().sum();
        prop_assert_eq!(chips, (covered.len() as u32).min(KITTY));
        prop_assert_eq!(state.kitty(), KITTY - chips);
        prop_assert_eq!(covered.len(), board.words().len(), "every word completed");
        prop_assert_eq!(state.tiles_placed() as usize, board.square_count());
    }

    #[test]
    fn on_an_empty_board_the_rule_allows_exactly_the_sheets_first_turn(
        text in random_board(),
        a in any::<u32>(),
        b in any::<u32>(),
    ) {
        prop_assume!(text.contains(|c: char| c.is_ascii_uppercase()));
        let board = Board::parse(&text).expect("board");
        let squares: Vec<(Square, char)> = board.squares().collect();
        let (sa, la) = squares[a as usize % squares.len()];
        let (sb, lb) = squares[b as usize % squares.len()];
        let starts = |s: Square| board.words().iter().any(|w| w.start() == s);
        let first_two = |x: Square, y: Square| board
            .words()
            .iter()
            .any(|w| w.squares().get(..2) == Some(&[x, y][..]));
        // The sheet's first turn, laid in one order or the other.
        let sheet = |x: Square, y: Square| starts(x) && x != y && (starts(y) || first_two(x, y));
        let sheet = sheet(sa, sb) || sheet(sb, sa);
        let ruled = play::rule(
            &board,
            &Coverage::new(&board),
            &[Covering { square: sa, letter: la }, Covering { square: sb, letter: lb }],
        );
        prop_assert_eq!(ruled.is_ok(), sheet, "{} then {}: {:?}", sa, sb, ruled);
    }

    #[test]
    fn a_refused_turn_leaves_the_game_unchanged(
        text in random_board(),
        moves in vec((1usize..16, 1usize..16, 0u8..4), 1..40),
    ) {
        prop_assume!(text.contains(|c: char| c.is_ascii_uppercase()));
        let options = Options::with_board("random", &text).expect("options");
        let players = names(2);
        let mut state = State::new(&options, 2);
        for (i, pair) in moves.chunks(2).enumerate() {
            let coverings = pair
                .iter()
                .map(|&(row, col, l)| Covering::new(row, col, char::from(b'A' + l)))
                .collect();
            // Mostly the player whose turn it is, so the covering rules are what refuse.
            let seat = if i % 5 == 4 { i % 2 } else { state.next_seat().unwrap_or(0) };
            let event = Event::SquaresCovered { player: players[seat].clone(), coverings };
            let before = state.clone();
            if state.apply(&options, &players, &event).is_err() {
                prop_assert_eq!(&state, &before);
            }
        }
    }

    #[test]
    fn a_turn_typed_in_any_order_of_its_tiles_gets_the_same_ruling(
        text in random_board(),
        before in vec(any::<u32>(), 0..30),
        a in (0usize..16, 0usize..16),
        b in (0usize..16, 0usize..16),
        playable_pick in any::<(u32, u32, bool)>(),
    ) {
        prop_assume!(text.contains(|c: char| c.is_ascii_uppercase()));
        let board = Board::parse(&text).expect("board");
        let options = Options::with_board("random", &text).expect("options");
        let players = names(1);
        let mut state = State::new(&options, 1);
        for choice in before {
            let coverage = state.coverage().expect("board mode").clone();
            // Two open squares stay for the turn ruled on.
            if coverage.count() + 2 >= board.square_count() {
                break;
            }
            let Some(c) = pick(&board, &coverage, choice) else { break };
            let event = Event::SquaresCovered { player: "ann".into(), coverings: vec![c] };
            state.apply(&options, &players, &event).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        prop_assume!(!state.is_finished());
        let coverage = state.coverage().expect("board mode").clone();
        // Mostly squares that may be covered (first or second), else any place at all.
        let reachable = play::reachable(&board, &coverage);
        let place = |(r, c): (usize, usize), k: u32| -> Square {
            if playable_pick.2 && !reachable.is_empty() {
                reachable[k as usize % reachable.len()]
            } else {
                Square::new(r, c)
            }
        };
        let (sa, sb) = (place(a, playable_pick.0), place(b, playable_pick.1));
        let tile = |s: Square| Covering { square: s, letter: board.letter(s).unwrap_or('A') };
        let ruling = |coverings: Vec<Covering>| {
            let event = Event::SquaresCovered { player: "ann".into(), coverings };
            match state.judge(&options, &players, &event) {
                Ok(Ruled::Turn { turn, .. }) => {
                    let mut squares: Vec<Square> = match &turn.play {
                        crate::games::board_chips::record::Play::Covered { coverings } => {
                            coverings.iter().map(|c| c.covering.square).collect()
                        }
                        _ => Vec::new(),
                    };
                    squares.sort();
                    let mut words: Vec<String> = turn.completed().map(|w| format!("{} {}", w.word, w.start)).collect();
                    words.sort();
                    Ok((squares, words, turn.chips, turn.game_over))
                }
                Ok(other) => Err(format!("not a turn: {other:?}")),
                Err(e) => Err(format!("{:?}", crate::contract::Refusal::from(e).kind)),
            }
        };
        let one = ruling(vec![tile(sa), tile(sb)]);
        let other = ruling(vec![tile(sb), tile(sa)]);
        prop_assert_eq!(&one, &other, "{} {} against {} {}", sa, sb, sb, sa);
    }

    #[test]
    fn a_square_named_by_its_word_and_letter_or_its_letter_alone_is_the_square_meant(
        text in random_board(),
        before in vec(any::<u32>(), 0..30),
        choice in any::<u32>(),
    ) {
        prop_assume!(text.contains(|c: char| c.is_ascii_uppercase()));
        let board = Board::parse(&text).expect("board");
        let mut coverage = Coverage::new(&board);
        for k in before {
            if coverage.count() + 1 >= board.square_count() {
                break;
            }
            let Some(c) = pick(&board, &coverage, k) else { break };
            let placed = play::rule(&board, &coverage, &[c]).expect("playable");
            play::cover(&board, &mut coverage, &placed);
        }
        let through = play::playable_through(&board, &coverage);
        prop_assume!(!through.is_empty());
        let (square, words) = &through[choice as usize % through.len()];
        let letter = board.letter(*square).expect("a square");
        let meant = vec![Covering { square: *square, letter }];
        // Every word through the square names it, by "L of WORD" and by "WORD:L".
        for &id in words {
            let name = board.name(*square, Some(id)).expect("named");
            for typed in [name.to_string(), format!("{}:{}{}", name.word, name.letter, name.nth.map_or(String::new(), |n| n.to_string()))] {
                let named = names::parse(&typed).map_err(|e| TestCaseError::fail(format!("{typed}: {e}")))?;
                let got = names::resolve(&board, &coverage, &named);
                prop_assert_eq!(got.as_ref(), Ok(&meant), "{}", typed);
            }
        }
        // The letter alone: the square when it is the only one that letter may cover now.
        let alone = names::resolve(&board, &coverage, &[names::Named::Letter(letter)]);
        let others = through.iter().filter(|(s, _)| board.letter(*s) == Some(letter)).count();
        if others == 1 {
            prop_assert_eq!(alone, Ok(meant));
        } else {
            prop_assert!(alone.is_err(), "{} could be {} squares", letter, others);
        }
    }

    #[test]
    #[ignore = "long run: random damage to a whole game's log (`cargo test -- --ignored`, which CI runs)"]
    fn reading_and_replaying_a_damaged_board_chips_log_never_panics(
        edits in edits(),
    ) {
        let bytes = mutate(board_log(), &edits);
        if let Ok(t) = crate::session::read_bytes(Path::new("fuzz.jsonl"), &bytes, with()) {
            show_all(t.as_ref());
        }
    }

    #[test]
    #[ignore = "long run: random commands at live sessions (`cargo test -- --ignored`, which CI runs)"]
    fn a_command_at_a_live_session_records_and_replays_or_changes_nothing(
        commands in vec(board_command(), 1..12),
    ) {
        let dir = crate::testing::tempdir().expect("temp dir");
        let path: PathBuf = dir.path().join("s.jsonl");
        std::fs::write(&path, board_log()).expect("log copied");
        let mut t = crate::session::open_path(&path, with()).expect("the sample opens");
        for (verb, args) in &commands {
            let before = std::fs::read(&path).expect("log");
            let reply = t.typed(verb, args, None);
            if reply.refused {
                let after = std::fs::read(&path).expect("log");
                prop_assert!(after == before, "{verb} {args}: refused but the log changed");
            }
        }
        show_all(t.as_ref());
        let live = t.standings();
        drop(t);
        let replayed = crate::session::read_path(&path, with()).expect("the log reads back");
        prop_assert!(replayed.warnings().is_empty(), "{:?}", replayed.warnings());
        prop_assert_eq!(replayed.standings(), live);
    }
}
