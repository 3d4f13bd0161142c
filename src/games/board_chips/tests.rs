//! Board chips played through, on the example board and in tally mode: the rules of
//! the sheet as a scorekeeper meets them.

use super::EXAMPLE_BOARD;
use super::board::{Board, BoardError, Word};
use super::command;
use super::game::BoardChips;
use crate::contract::{Roster, Scene, Show};

/// An event in words against the state it met, as `history` says it.
fn describe(event: &Event, state: &State, options: &Options, players: &[String]) -> String {
    let roster = Roster::new(players.to_vec());
    BoardChips::describe(
        event,
        &Scene {
            state,
            options,
            roster: &roster,
        },
    )
}
use super::play::{Covering, PlayError};
use super::state::{BoardChipsError, Event, KITTY, Options, State, TILES};
use super::table::{self, Cell};

/// The standings the core shows, winners decided as it decides them.
fn standings_of(
    state: &State,
    options: &Options,
    players: &[String],
) -> crate::contract::Standings {
    let roster = Roster::new(players.to_vec());
    BoardChips::standings(&Scene {
        state,
        options,
        roster: &roster,
    })
    .decided()
}

fn players() -> Vec<String> {
    vec!["alice".into(), "bob".into(), "carol".into()]
}

fn board_game() -> (State, Options) {
    let o = Options::with_board("board-chips-example.txt", EXAMPLE_BOARD).expect("board");
    (State::new(&o, 3), o)
}

fn tally_game(players: usize) -> (State, Options) {
    let o = Options::tally();
    (State::new(&o, players), o)
}

/// Types `cover ARGS` and records it, returning what the prompt would say.
fn cover(s: &mut State, o: &Options, args: &str) -> Result<String, command::CommandError> {
    let p = players();
    let event = command::cover(args, s, o, &p)?;
    let said = describe(&event, s, o, &p);
    s.apply(o, &p, &event).expect("a parsed event applies");
    Ok(said)
}

/// The coverings that spell a whole word, first letter to last.
fn spell(b: &Board, w: &Word) -> Vec<Covering> {
    w.squares()
        .iter()
        .map(|&square| Covering {
            square,
            letter: b.letter(square).expect("a square"),
        })
        .collect()
}

fn placed(player: &str, tiles: u32, chips: u32) -> Event {
    Event::TilesPlaced {
        player: player.into(),
        tiles,
        chips,
    }
}

/// A whole game on the example board, three players, 51 turns. The chips each player
/// ends with were worked out apart from this engine, by a separate script that follows
/// the sheet's rules on the same board and the same turns.
const WHOLE_GAME: &[&str] = &[
    "alice 6,9 W 3,12 B",
    "bob 7,3 F 11,8 L",
    "carol 2,3 W 3,3 O",
    "alice 15,3 V 9,13 H",
    "bob 3,13 O 6,10 I",
    "carol 10,9 N 2,6 K",
    "alice 9,11 S 4,7 P",
    "bob 2,7 I 3,5 M",
    "carol 7,4 O 7,5 X",
    "alice 3,14 X 5,3 M",
    "bob 4,1 J 10,13 I",
    "carol 9,1 S 2,8 T",
    "alice 15,10 K 11,13 L",
    "bob 4,3 R 5,7 E",
    "carol 12,15 L 13,8 M",
    "alice 12,8 E 2,9 E",
    "bob 13,9 O 13,10 O",
    "carol 10,1 U 4,2 A",
    "alice 6,11 N 4,5 A",
    "bob 14,8 O 5,5 P",
    "carol 10,6 L 12,5 G",
    "alice 5,12 R 15,4 I",
    "bob 5,4 A 15,5 O",
    "carol 9,2 W 14,10 A",
    "alice 6,4 C 5,6 L",
    "bob 8,4 R 11,1 N",
    "carol 5,13 A 4,12 I",
    "alice 6,12 D 9,3 I",
    "bob 10,10 A 12,11 O",
    "carol 11,6 E 9,4 N",
    "alice 15,11 E 8,6 F",
    "bob 10,11 P 12,6 A",
    "carol 15,12 T 10,12 K",
    "alice 8,7 L 7,9 A",
    "bob 6,7 B 13,15 A",
    "carol 5,14 I 13,6 F",
    "alice 15,6 L 7,7 B",
    "bob 4,8 A 12,7 T",
    "carol 8,9 G 11,11 O",
    "alice 13,11 N 9,7 E",
    "bob 12,12 W 12,13 L",
    "carol 15,13 T 4,9 T",
    "alice 4,10 H 15,14 L",
    "bob 14,15 K 15,15 E",
    "carol 15,7 I 15,8 N",
    "alice 5,15 N 9,9 O",
    "bob 10,14 N 1,9 T",
    "carol 1,10 R 8,8 A",
    "alice 3,9 N 9,5 G",
    "bob 1,11 A 1,12 I",
    "carol 1,13 L",
];

#[test]
fn the_example_board_has_101_squares_and_31_words() {
    let (_, o) = board_game();
    let b = o.board().expect("board mode");
    assert_eq!(b.square_count(), 101);
    assert_eq!(b.words().len(), 31);
    assert_eq!((b.rows(), b.cols()), (15, 15));
    assert_eq!(
        o.describe(),
        "board board-chips-example.txt (15 by 15, 101 squares, 31 words: 101 tiles, one a square)"
    );
}

#[test]
fn a_whole_game_on_the_example_board_ends_when_the_last_square_is_covered() {
    let (mut s, o) = board_game();
    let mut said = Vec::new();
    for line in WHOLE_GAME {
        said.push(cover(&mut s, &o, line).unwrap_or_else(|e| panic!("{line}: {e}")));
    }
    assert_eq!(s.chips(), &[13, 9, 9]);
    assert_eq!(s.kitty(), KITTY - 31);
    assert_eq!(s.tiles_placed(), 101);
    assert!(s.is_finished());
    let standings = standings_of(&s, &o, &players());
    assert_eq!(standings.winners, vec![0], "alice");
    assert!(standings.finished);
    assert_eq!(
        said.first().map(String::as_str),
        Some("alice covers W of WIND, B of BOX: starts WIND, WAGON, BOX and BIRD")
    );
    assert_eq!(
        said.get(27).map(String::as_str),
        Some("alice covers D of WIND, I of SWING: D of WIND completes WIND and BIRD, 2 chips")
    );
    assert_eq!(
        said.last().map(String::as_str),
        Some(
            "carol covers L of TRAIL: completes TRAIL, 1 chip; every square is covered: the game is over"
        )
    );
    // Every word was completed exactly once.
    let mut completed: Vec<String> = s
        .turns()
        .iter()
        .flat_map(|t| {
            t.completed()
                .map(|w| format!("{} {:?} {}", w.word, w.direction, w.start))
        })
        .collect();
    completed.sort();
    let before = completed.len();
    completed.dedup();
    assert_eq!((before, completed.len()), (31, 31));
    let e = command::cover("alice 1,1 A", &s, &o, &players()).expect_err("over");
    assert_eq!(e.to_string(), "the game is over: every square is covered");
}

#[test]
fn the_first_turn_covers_two_first_letters_or_the_first_two_letters_of_a_word() {
    let p = players();
    let (s, o) = board_game();
    assert!(
        command::cover("alice 5,3 M 5,4 A", &s, &o, &p).is_ok(),
        "MAPLE's M and A"
    );
    assert!(
        command::cover("alice 4,1 J 15,3 V", &s, &o, &p).is_ok(),
        "JAR's J, VIOLIN's V"
    );
    let e = command::cover("alice 4,1 J 4,3 R", &s, &o, &p).expect_err("J then R");
    assert_eq!(
        e.to_string(),
        "R of JAR (r4c3): the first turn covers the first letters of two different words, or the first two letters of one word"
    );
    // The sheet's first turn typed the other way round: A of JAR, then J.
    let e = command::cover("alice 4,2 A 4,1 J", &s, &o, &p).expect("A, J: J first");
    assert_eq!(
        e,
        Event::SquaresCovered {
            player: "alice".into(),
            coverings: vec![Covering::new(4, 1, 'J'), Covering::new(4, 2, 'A')],
        }
    );
    let e = command::cover("alice 4,3 R 4,1 J", &s, &o, &p).expect_err("R of JAR, J");
    assert!(matches!(
        e,
        command::CommandError::Name(super::names::NameError::Play(PlayError::FirstTurn { .. }))
    ));
}

#[test]
fn covering_a_word_through_another_makes_the_other_back_up_to_its_first_letter() {
    let (mut s, o) = board_game();
    cover(&mut s, &o, "alice 5,3 M 5,4 A").expect("MAPLE's M and A");
    cover(&mut s, &o, "bob 5,5 P 5,6 L").expect("MAPLE's P and L, MAP's P too");
    let said = cover(&mut s, &o, "carol 5,7 E").expect("MAPLE's E, PEBBLE's E too");
    assert_eq!(said, "carol covers E of MAPLE: completes MAPLE, 1 chip");
    let e = command::cover("alice 6,7 B", &s, &o, &players()).expect_err("B before P");
    assert_eq!(
        e.to_string(),
        "B1 of PEBBLE (r6c7): out of spelling order: PEBBLE's next open letter is P at r4c7"
    );
    let e = command::cover("alice 4,5 A", &s, &o, &players()).expect_err("A before M");
    assert_eq!(
        e.to_string(),
        "A of MAP (r4c5): out of spelling order: MAP's next open letter is M at r3c5"
    );
    let said = cover(&mut s, &o, "alice 4,7 P 6,7 B").expect("P, then B");
    assert_eq!(
        said,
        "alice covers P of PATH, B1 of PEBBLE: starts PATH and PEBBLE"
    );
}

#[test]
fn a_tile_ending_an_across_and_a_down_word_earns_two_chips() {
    let (mut s, o) = board_game();
    for line in [
        "alice 6,9 W 3,12 B",
        "bob 6,10 I 4,12 I",
        "carol 6,11 N 5,12 R",
    ] {
        cover(&mut s, &o, line).expect(line);
    }
    let said = cover(&mut s, &o, "alice 6,12 D").expect("the shared D");
    assert_eq!(
        said,
        "alice covers D of WIND: completes WIND and BIRD, 2 chips"
    );
    assert_eq!(s.chips(), &[2, 0, 0]);
    assert_eq!(s.kitty(), KITTY - 2);
}

#[test]
fn a_word_completed_mid_word_earns_its_chip() {
    let (mut s, o) = board_game();
    for line in ["alice 2,3 W 3,3 O", "bob 5,3 M 5,4 A"] {
        cover(&mut s, &o, line).expect(line);
    }
    let said = cover(&mut s, &o, "carol 4,3 R").expect("WORM's R, its last open letter");
    assert_eq!(said, "carol covers R of WORM: completes WORM, 1 chip");
}

#[test]
fn each_bad_covering_is_refused_with_one_line_and_records_nothing() {
    let p = players();
    let (mut s, o) = board_game();
    cover(&mut s, &o, "alice 5,3 M 5,4 A").expect("first turn");
    let before = s.clone();
    for (args, message) in [
        (
            "bob 16,1 A",
            "r16c1 is off the board: it has rows 1-15 and columns 1-15",
        ),
        (
            "bob 1,1 A",
            "r1c1 is not a square of the board (a . in the board file)",
        ),
        ("bob 5,3 M", "M of MAPLE (r5c3) is already covered"),
        ("bob 5,5 Q", "r5c5 is P of MAPLE, not Q"),
        (
            "bob 5,6 L",
            "L of MAPLE (r5c6): out of spelling order: MAPLE's next open letter is P at r5c5",
        ),
        (
            "bob 5,5 P 5,7 E",
            "E of MAPLE (r5c7): out of spelling order: MAPLE's next open letter is L at r5c6, PEBBLE's is P at r4c7",
        ),
        (
            "bob 5,5 P 5,6 L 5,7 E",
            r#"a turn covers at most two squares (two tiles): "5,7 E" would be a third"#,
        ),
        (
            "alice 5,5 P",
            "it is bob's turn, not alice's (play passes to the left)",
        ),
    ] {
        let e = command::cover(args, &s, &o, &p).expect_err(args);
        assert_eq!(e.to_string(), message, "{args}");
    }
    assert_eq!(s, before);
    // The log may hold what the prompt would refuse: apply refuses it the same way.
    let third = Event::SquaresCovered {
        player: "bob".into(),
        coverings: vec![
            Covering::new(5, 5, 'P'),
            Covering::new(5, 6, 'L'),
            Covering::new(5, 7, 'E'),
        ],
    };
    let e = s.apply(&o, &p, &third).expect_err("three coverings");
    assert_eq!(
        e.to_string(),
        "a turn covers at most 2 squares (two tiles), not 3"
    );
    assert_eq!(s, before);
}

#[test]
fn a_board_file_with_no_words_or_a_stray_character_is_refused() {
    assert_eq!(
        Options::with_board("empty.txt", "...\n...\n"),
        Err(BoardError::NoWords)
    );
    let e = Options::with_board("bad.txt", "CAT\nA-T\n").expect_err("a dash");
    assert_eq!(
        e.to_string(),
        "row 2, column 2: '-' is not a letter A-Z or . (a board is rows of letters, . where there is no square)"
    );
}

/// A board of `pairs` separate two-letter words, and a corner of TO across and GO
/// down ending on one O, for running the kitty dry.
fn kitty_board(pairs: usize) -> String {
    let mut rows = vec![".G".to_string(), "TO".to_string()];
    for i in 0..pairs {
        if i % 5 == 0 {
            rows.push(".".into());
            rows.push(String::new());
        }
        let row = rows.last_mut().expect("a row");
        row.push_str(if i % 5 == 0 { "AB" } else { ".AB" });
    }
    rows.join("\n")
}

#[test]
fn when_the_kitty_runs_dry_on_a_board_the_player_takes_what_is_left() {
    let p = players();
    let o = Options::with_board("kitty", &kitty_board(43)).expect("board");
    let b = o.board().expect("board").clone();
    assert_eq!(b.words().len(), 45);
    let mut s = State::new(&o, 3);
    let mut seat = 0;
    let mut play = |s: &mut State, coverings: Vec<Covering>| {
        let event = Event::SquaresCovered {
            player: p[seat % 3].clone(),
            coverings,
        };
        let said = describe(&event, s, &o, &p);
        s.apply(&o, &p, &event)
            .unwrap_or_else(|e| panic!("{said}: {e}"));
        seat += 1;
        said
    };
    for w in b.words().iter().filter(|w| w.text() == "AB") {
        play(&mut s, spell(&b, w));
    }
    assert_eq!(s.kitty(), 1);
    play(
        &mut s,
        vec![Covering::new(2, 1, 'T'), Covering::new(1, 2, 'G')],
    );
    let said = play(&mut s, vec![Covering::new(2, 2, 'O')]);
    assert_eq!(
        said,
        "carol covers O of TO: completes TO and GO, 1 chip (the kitty ran out); every square is covered: the game is over"
    );
    assert_eq!(s.kitty(), 0);
    assert_eq!(s.chips().iter().sum::<u32>(), KITTY);
}

#[test]
fn a_covering_after_the_kitty_is_empty_completes_its_word_for_no_chip() {
    let p = players();
    let o = Options::with_board("kitty", &kitty_board(45)).expect("board");
    let b = o.board().expect("board").clone();
    let mut s = State::new(&o, 1);
    let solo = vec![p[0].clone()];
    let mut last = String::new();
    for w in b.words().iter().filter(|w| w.text() == "AB") {
        let event = Event::SquaresCovered {
            player: "alice".into(),
            coverings: spell(&b, w),
        };
        last = describe(&event, &s, &o, &solo);
        s.apply(&o, &solo, &event).expect("AB");
    }
    assert_eq!(
        last,
        "alice covers A of AB45, B of AB45: completes AB, no chip (the kitty is empty)"
    );
    assert_eq!(s.chips(), &[KITTY]);
}

#[test]
fn tally_turns_take_chips_until_the_kitty_runs_out() {
    let p = players();
    let (mut s, o) = tally_game(3);
    for turn in 0..11 {
        s.apply(&o, &p, &placed(&p[turn % 3], 2, 4))
            .expect("4 chips");
    }
    assert_eq!(s.kitty(), 0);
    assert_eq!(s.chips(), &[16, 16, 12]);
    let e = command::turn("carol 2 1", &s, &o, &p).expect_err("kitty empty");
    assert_eq!(e.to_string(), "the kitty is empty: record 0 chips");
    assert!(
        command::turn("carol 2 0", &s, &o, &p).is_ok(),
        "no chips still plays"
    );
}

#[test]
fn a_tally_turn_taking_more_than_the_kitty_holds_is_refused_naming_what_is_left() {
    let p = players();
    let (mut s, o) = tally_game(3);
    for turn in 0..10 {
        s.apply(&o, &p, &placed(&p[turn % 3], 2, 4))
            .expect("4 chips");
    }
    s.apply(&o, &p, &placed("bob", 1, 1)).expect("1 chip");
    assert_eq!(s.kitty(), 3);
    let before = s.clone();
    let e = command::turn("carol 2 4", &s, &o, &p).expect_err("4 of 3");
    assert_eq!(e.to_string(), "the kitty has only 3 chips left, not 4");
    assert_eq!(s, before);
    assert!(command::turn("carol 2 3", &s, &o, &p).is_ok(), "3 of 3");
}

#[test]
fn one_hundred_and_one_tiles_end_a_tally_game_and_most_chips_wins() {
    let p = vec!["alice".to_string(), "bob".to_string()];
    let (mut s, o) = tally_game(2);
    for turn in 0..50 {
        let player = &p[turn % 2];
        let chips = u32::from(turn % 2 == 0);
        s.apply(&o, &p, &placed(player, 2, chips))
            .expect("two tiles");
    }
    assert_eq!(s.tiles_placed(), 100);
    assert!(!s.is_finished());
    let e = s
        .apply(&o, &p, &placed("alice", 2, 0))
        .expect_err("one tile left");
    assert_eq!(e.to_string(), "only 1 tile is left to place, not 2");
    let event = command::turn("alice 1 1", &s, &o, &p).expect("the last tile");
    assert_eq!(
        describe(&event, &s, &o, &p),
        "alice places 1 tile and wins 1 chip; all 101 tiles are on the board: the game is over"
    );
    s.apply(&o, &p, &event).expect("the last tile");
    assert_eq!(s.tiles_placed(), TILES);
    let standings = standings_of(&s, &o, &p);
    assert!(standings.finished);
    assert_eq!(standings.totals, vec![26, 0]);
    assert_eq!(standings.winners, vec![0], "alice");
    let e = s.apply(&o, &p, &placed("bob", 0, 0)).expect_err("over");
    assert_eq!(
        e.to_string(),
        "the game is over: all 101 tiles are on the board"
    );
}

#[test]
fn a_tie_names_every_player_tied() {
    let p = players();
    let (mut s, o) = tally_game(3);
    s.apply(&o, &p, &placed("alice", 2, 1)).expect("alice");
    s.apply(&o, &p, &placed("bob", 2, 1)).expect("bob");
    let standings = standings_of(&s, &o, &p);
    assert_eq!(standings.leaders(), vec![0, 1], "alice and bob");
    assert!(standings.winners.is_empty(), "no winner before the end");
}

#[test]
fn play_passes_to_the_left_after_whoever_starts() {
    let p = players();
    let (mut s, o) = tally_game(3);
    s.apply(&o, &p, &placed("carol", 2, 0))
        .expect("anyone may start");
    assert_eq!(s.next_seat(), Some(0));
    let e = s
        .apply(&o, &p, &placed("bob", 2, 0))
        .expect_err("alice is next");
    assert_eq!(
        e.to_string(),
        "it is alice's turn, not bob's (play passes to the left)"
    );
    s.apply(&o, &p, &placed("ALICE", 2, 0))
        .expect("names ignore case");
    assert_eq!(s.next_seat(), Some(1));
}

#[test]
fn a_tally_turn_cannot_win_more_than_two_chips_a_tile() {
    let p = players();
    let (s, o) = tally_game(3);
    let e = command::turn("alice 1 3", &s, &o, &p).expect_err("3 from 1 tile");
    assert_eq!(
        e.to_string(),
        "1 tile placed cannot win 3 chips: a tile completes at most two words (its across and its down word)"
    );
    let e = command::turn("alice 0 1", &s, &o, &p).expect_err("1 from no tile");
    assert_eq!(
        e.to_string(),
        "0 tiles placed cannot win 1 chip: a tile completes at most two words (its across and its down word)"
    );
}

#[test]
fn a_player_who_cannot_play_exchanges_while_the_pool_holds_tiles_and_passes_after() {
    let p = vec!["alice".to_string(), "bob".to_string()];
    let (mut s, o) = tally_game(2);
    assert_eq!(s.pool(2), 101 - 14);
    let e = command::pass("alice", &s, &o, &p).expect_err("pool full");
    assert_eq!(
        e.to_string(),
        "the pool still holds 87 tiles: a player who cannot play exchanges (exchange PLAYER)"
    );
    let event = command::exchange("alice", &s, &o, &p).expect("exchange");
    assert_eq!(
        describe(&event, &s, &o, &p),
        "alice exchanges tiles with the pool"
    );
    s.apply(&o, &p, &event).expect("exchange");
    for turn in 0..44 {
        s.apply(&o, &p, &placed(&p[(turn + 1) % 2], 2, 0))
            .expect("two tiles");
    }
    assert_eq!(s.pool(2), 0);
    let e = command::exchange("bob", &s, &o, &p).expect_err("pool empty");
    assert_eq!(
        e.to_string(),
        "the pool is empty: a player who cannot play passes (pass PLAYER)"
    );
    let event = command::pass("bob", &s, &o, &p).expect("pass");
    assert_eq!(
        describe(&event, &s, &o, &p),
        "bob passes (the pool is empty)"
    );
    s.apply(&o, &p, &event).expect("pass");
    assert_eq!(s.turns().len(), 46);
}

#[test]
fn exchange_and_pass_are_turns_in_board_mode_too() {
    let p = players();
    let (mut s, o) = board_game();
    s.apply(
        &o,
        &p,
        &Event::TilesExchanged {
            player: "bob".into(),
            back: String::new(),
        },
    )
    .expect("exchange");
    let said = cover(&mut s, &o, "carol 5,3 M 5,4 A").expect("first covering turn");
    assert_eq!(
        said,
        "carol covers M of MAPLE, A of MAPLE: starts MAPLE and ACORN"
    );
}

#[test]
fn events_read_back_from_the_log_replay_to_the_same_state() {
    let p = players();
    let (mut s, o) = board_game();
    let mut log = Vec::new();
    for line in WHOLE_GAME.iter().take(30) {
        let event = command::cover(line, &s, &o, &p).expect(line);
        log.push(serde_json::to_string(&event).expect("json"));
        s.apply(&o, &p, &event).expect(line);
    }
    assert_eq!(
        log.first().map(String::as_str),
        Some(
            r#"{"type":"squares-covered","player":"alice","coverings":[{"row":6,"col":9,"letter":"W"},{"row":3,"col":12,"letter":"B"}]}"#
        )
    );
    let header = serde_json::to_string(&o).expect("options");
    let o2: Options = serde_json::from_str(&header).expect("options back");
    assert_eq!(o2, o);
    let mut replayed = State::new(&o2, 3);
    for line in &log {
        let event: Event = serde_json::from_str(line).expect("event");
        replayed.apply(&o2, &p, &event).expect("replays");
    }
    assert_eq!(replayed, s);
    for (json, event) in [
        (
            r#"{"type":"tiles-placed","player":"bob","tiles":2,"chips":1}"#,
            placed("bob", 2, 1),
        ),
        (
            r#"{"type":"tiles-exchanged","player":"bob"}"#,
            Event::TilesExchanged {
                player: "bob".into(),
                back: String::new(),
            },
        ),
        (
            r#"{"type":"turn-passed","player":"bob"}"#,
            Event::TurnPassed {
                player: "bob".into(),
            },
        ),
    ] {
        assert_eq!(serde_json::to_string(&event).expect("json"), json);
        assert_eq!(serde_json::from_str::<Event>(json).expect("event"), event);
    }
}

#[test]
fn the_export_names_each_turns_coverings_and_words_completed() {
    let p = players();
    let (mut s, o) = board_game();
    for line in WHOLE_GAME.iter().take(28) {
        cover(&mut s, &o, line).expect(line);
    }
    let turn = s.turns().last().expect("turn 28");
    let json = serde_json::to_value(turn).expect("json");
    assert_eq!(
        json,
        serde_json::json!({
            "number": 28,
            "player": "alice",
            "kind": "covered",
            "coverings": [
                {"row": 6, "col": 12, "letter": "D", "chips": 2, "completed": [
                    {"word": "WIND", "direction": "across", "start": {"row": 6, "col": 9}},
                    {"word": "BIRD", "direction": "down", "start": {"row": 3, "col": 12}},
                ]},
                {"row": 9, "col": 3, "letter": "I", "chips": 0, "completed": []},
            ],
            "chips": 2,
        })
    );
    let standings = standings_of(&s, &o, &p);
    assert_eq!(standings.totals, vec![5, 3, 3]);
    assert_eq!(s.kitty(), KITTY - 11);
    assert!(!standings.finished);
}

#[test]
fn the_table_marks_covered_squares_in_brackets() {
    let (mut s, o) = board_game();
    cover(&mut s, &o, "alice 5,3 M 5,4 A").expect("first turn");
    let b = o.board().expect("board");
    let cells = table::cells(b, s.coverage().expect("coverage"));
    assert_eq!(cells.len(), 15);
    assert_eq!(cells[4][2], Cell::Covered { letter: 'M' });
    assert_eq!(cells[4][4], Cell::Open { letter: 'P' });
    assert_eq!(cells[0][0], Cell::Gap);
    let lines = table::draw(&cells);
    assert_eq!(lines.len(), 16);
    assert_eq!(lines[0], "    1  2  3  4  5  6  7  8  9 10 11 12 13 14 15");
    assert_eq!(lines[1], " 1  .  .  .  .  .  .  .  .  T  R  A  I  L  .  .");
    assert_eq!(lines[5], " 5  .  . [M][A] P  L  E  .  .  .  .  R  A  I  N");
}

#[test]
fn a_board_of_more_than_101_squares_has_a_tile_a_square_and_ends_when_it_is_covered() {
    let o = Options::with_board("big", &kitty_board(50)).expect("board");
    let b = o.board().expect("board").clone();
    assert_eq!(b.square_count(), 103);
    assert_eq!(o.tiles(), 103);
    assert_eq!(State::new(&o, 3).tiles(), 103);
    assert_eq!(
        o.describe(),
        "board big (22 by 14, 103 squares, 52 words); note: 103 tiles, one a square, not the sheet's 101: the game ends when the board is covered"
    );
    let solo = vec!["alice".to_string()];
    let mut s = State::new(&o, 1);
    assert_eq!(s.pool(1), 103 - 7);
    for w in b.words().iter().filter(|w| w.text() == "AB") {
        let event = Event::SquaresCovered {
            player: "alice".into(),
            coverings: spell(&b, w),
        };
        s.apply(&o, &solo, &event).expect("AB");
    }
    assert_eq!(s.tiles_placed(), 100);
    assert!(!s.is_finished(), "three squares are open");
    let two = Event::SquaresCovered {
        player: "alice".into(),
        coverings: vec![Covering::new(2, 1, 'T'), Covering::new(1, 2, 'G')],
    };
    s.apply(&o, &solo, &two).expect("the 101st and 102nd tiles");
    let last = Event::SquaresCovered {
        player: "alice".into(),
        coverings: vec![Covering::new(2, 2, 'O')],
    };
    assert_eq!(
        describe(&last, &s, &o, &solo),
        "alice covers O of TO: completes TO and GO, no chip (the kitty is empty); every square is covered: the game is over"
    );
    s.apply(&o, &solo, &last).expect("the 103rd tile");
    assert_eq!(s.over(), Some("every square is covered"));
    assert_eq!(s.tiles_placed(), 103);
}

#[test]
fn a_board_of_fewer_squares_counts_its_pool_from_its_own_squares() {
    // The newcomer's 96-square board said "the pool still holds 87" where it held 82.
    let text: String = EXAMPLE_BOARD.replacen("KETTLE", "K.....", 1);
    let o = Options::with_board("96", &text).expect("board");
    assert_eq!(o.board().expect("board").square_count(), 96);
    let s = State::new(&o, 2);
    assert_eq!(s.pool(2), 96 - 14);
    let e = command::pass("alice", &s, &o, &["alice".into(), "bob".into()]).expect_err("pool");
    assert_eq!(
        e.to_string(),
        "the pool still holds 82 tiles: a player who cannot play exchanges (exchange PLAYER)"
    );
}

/// The held game's turns with each square named the table's way: by its letter alone
/// where that names this turn and no other, else by the letter and the word that makes
/// it legal ("C of JACKET"), as a scorekeeper reading the board would.
fn whole_game_in_words() -> (Vec<String>, usize) {
    let p = players();
    let (mut s, o) = board_game();
    let b = o.board().expect("board").clone();
    let mut lines = Vec::new();
    let mut alone = 0;
    for line in WHOLE_GAME {
        let event = command::cover(line, &s, &o, &p).expect(line);
        let Event::SquaresCovered { player, coverings } = &event else {
            panic!("a covering turn");
        };
        let cov = s.coverage().expect("board mode").clone();
        let placed = super::play::rule(&b, &cov, coverings).expect("stands");
        let words: Vec<String> = placed
            .iter()
            .map(|pl| {
                b.name(pl.covering.square, pl.through.first().copied())
                    .expect("named")
                    .to_string()
            })
            .collect();
        let letters: Vec<String> = placed
            .iter()
            .map(|pl| pl.covering.letter.to_string())
            .collect();
        let mut want: Vec<_> = coverings.iter().map(|c| c.square).collect();
        want.sort();
        let names_the_turn = |typed: &str| {
            let named = super::names::parse(typed).expect(typed);
            super::names::resolve(&b, &cov, &named).is_ok_and(|got| {
                let mut got: Vec<_> = got.iter().map(|c| c.square).collect();
                got.sort();
                got == want
            })
        };
        // Each tile by its letter alone where that still names this very turn.
        let mut tiles = words.clone();
        for i in 0..tiles.len() {
            let mut trial = tiles.clone();
            trial[i] = letters[i].clone();
            if names_the_turn(&trial.join(", ")) {
                tiles = trial;
                alone += 1;
            }
        }
        lines.push(format!("cover {player} {}", tiles.join(", ")));
        s.apply(&o, &p, &event).expect(line);
    }
    (lines, alone)
}

#[test]
fn the_held_game_named_the_tables_way_records_the_same_turns() {
    let (lines, alone) = whole_game_in_words();
    let held: Vec<&str> = include_str!("../../../tests/common/board_chips_game_words.txt")
        .lines()
        .collect();
    assert_eq!(
        lines, held,
        "tests/common/board_chips_game_words.txt is the held game named the table's way"
    );
    assert_eq!(alone, 42, "tiles named by their letter alone, of 101");
    // Typed back, every line records the turn the row-and-column line did.
    let p = players();
    let (mut by_number, o) = board_game();
    let mut by_name = by_number.clone();
    for (numbers, words) in WHOLE_GAME.iter().zip(&held) {
        let words = words.strip_prefix("cover ").expect("a cover line");
        let a = command::cover(numbers, &by_number, &o, &p).expect(numbers);
        let b = command::cover(words, &by_name, &o, &p).expect(words);
        assert_eq!(a, b, "{words}");
        by_number.apply(&o, &p, &a).expect("applies");
        by_name.apply(&o, &p, &b).expect("applies");
    }
    assert_eq!(by_name, by_number);
    assert_eq!(by_name.chips(), &[13, 9, 9]);
}

fn rack(player: &str, letters: &str) -> Event {
    Event::RackShown {
        player: player.into(),
        letters: letters.into(),
    }
}

#[test]
fn a_rack_loses_the_tiles_laid_gains_unknown_draws_and_an_exchange_makes_it_unknown() {
    let p = players();
    let (mut s, o) = board_game();
    s.apply(&o, &p, &rack("alice", "JVXX???")).expect("rack");
    assert_eq!(
        s.rack(0).map(ToString::to_string),
        Some("J V X X and 3 tiles not told".into())
    );
    cover(&mut s, &o, "alice J, V").expect("J of JAR, V of VIOLIN");
    assert_eq!(
        s.rack(0).map(ToString::to_string),
        Some("X X and 5 tiles not told".into())
    );
    cover(&mut s, &o, "bob M of MAPLE, A of MAPLE").expect("bob");
    cover(&mut s, &o, "carol W of WORM").expect("carol: no rack told");
    // alice's two known Xs cannot be covered yet; the unknown two might be anything.
    let e = command::cover("alice Q", &s, &o, &p).expect_err("no Q on the board");
    assert_eq!(e.to_string(), "no square shows Q on this board");
    s.apply(
        &o,
        &p,
        &Event::TilesExchanged {
            player: "alice".into(),
            back: String::new(),
        },
    )
    .expect("alice may exchange: X cannot be covered");
    assert_eq!(s.rack(0), None, "the tiles put back are not seen");
}

#[test]
fn a_rack_cannot_hold_more_of_a_letter_than_the_open_squares_less_the_other_racks() {
    let p = players();
    let (mut s, o) = board_game();
    s.apply(&o, &p, &rack("bob", "X??????"))
        .expect("one of the two Xs");
    // carol's rack holds no X: it is not named among the racks that hold some.
    s.apply(&o, &p, &rack("carol", "A??????")).expect("carol");
    let e = s
        .apply(&o, &p, &rack("alice", "XX?????"))
        .expect_err("three Xs");
    assert_eq!(
        e.to_string(),
        "alice's rack cannot hold 2 Xs: only 2 open squares show X, and bob's rack holds 1 X"
    );
    let e = s
        .apply(&o, &p, &rack("alice", "ABCDEFGH"))
        .expect_err("eight");
    assert_eq!(
        e.to_string(),
        r#""ABCDEFGH" is not a rack: a rack is up to 7 letters A-Z, ? for a tile not told (rack PLAYER -, for none)"#
    );
    let e = s
        .apply(&o, &p, &rack("alice", "AB"))
        .expect_err("two of seven");
    assert_eq!(
        e.to_string(),
        "alice's rack holds 7 tiles while the pool holds tiles, not 2: say the letters known and ? for each other (rack alice RI?????)"
    );
    let tally = Options::tally();
    let e = State::new(&tally, 3)
        .apply(&tally, &p, &rack("alice", "A"))
        .expect_err("no board");
    assert_eq!(e, BoardChipsError::RackNeedsBoard);
}

#[test]
fn a_one_tile_turn_is_refused_while_the_rack_could_cover_two_but_not_with_one_square_left() {
    let o = Options::with_board("tiny", "AB\nC.").expect("AB across, AC down");
    let solo = vec!["alice".to_string()];
    let mut s = State::new(&o, 1);
    s.apply(&o, &solo, &rack("alice", "ABC")).expect("rack");
    let one = Event::SquaresCovered {
        player: "alice".into(),
        coverings: vec![Covering::new(1, 1, 'A')],
    };
    let e = s.apply(&o, &solo, &one).expect_err("A and B, or A and C");
    assert_eq!(
        e.to_string(),
        "alice can play two tiles (A of AB and B of AB): the sheet says always play two if you can"
    );
    let two = Event::SquaresCovered {
        player: "alice".into(),
        coverings: vec![Covering::new(1, 1, 'A'), Covering::new(1, 2, 'B')],
    };
    s.apply(&o, &solo, &two).expect("two tiles");
    let last = Event::SquaresCovered {
        player: "alice".into(),
        coverings: vec![Covering::new(2, 1, 'C')],
    };
    s.apply(&o, &solo, &last)
        .expect("one square left: one tile is all there is");
    assert!(s.is_finished());
}

/// A player who joins sits at the end with no chips, joined after the turns so far,
/// and plays their turn when it comes.
#[test]
fn a_player_who_joins_sits_at_the_end_with_no_chips_after_the_turns_so_far() {
    let mut p = players();
    let (mut s, o) = tally_game(3);
    s.apply(&o, &p, &placed("alice", 2, 1)).expect("alice");
    s.apply(&o, &p, &placed("bob", 2, 2)).expect("bob");
    s.add_player();
    p.push("dan".into());
    assert_eq!(s.chips(), &[1, 2, 0, 0]);
    assert_eq!(s.joined(3), 2);
    s.apply(&o, &p, &placed("carol", 2, 0)).expect("carol");
    s.apply(&o, &p, &placed("dan", 2, 3))
        .expect("dan, seated last");
    assert_eq!(s.chips(), &[1, 2, 0, 3]);
}

/// The pool's rules: a turn of no tiles is a pass, which waits for an empty pool; once
/// it is empty, both stand.
#[test]
fn a_turn_of_no_tiles_waits_for_an_empty_pool() {
    let p = players();
    let (mut s, o) = tally_game(3);
    let none = placed("alice", 0, 0);
    let pass = Event::TurnPassed {
        player: "alice".into(),
    };
    assert_eq!(s.pool(3), 80);
    assert!(matches!(
        s.check_pool(3, &none),
        Err(BoardChipsError::NoTilePoolNotEmpty { pool: 80 })
    ));
    assert!(matches!(
        s.check_pool(3, &pass),
        Err(BoardChipsError::PoolNotEmpty { pool: 80 })
    ));
    for turn in 0..40 {
        s.apply(&o, &p, &placed(&p[turn % 3], 2, 0))
            .expect("two tiles");
    }
    assert_eq!(s.pool(3), 0);
    assert!(s.check_pool(3, &none).is_ok());
    assert!(s.check_pool(3, &pass).is_ok());
}

/// Out of turn straight after one's own one-tile turn, the refusal says how to make
/// that turn two tiles; out of turn after someone else's, it does not.
#[test]
fn out_of_turn_after_one_s_own_one_tile_turn_says_to_undo_it() {
    let p = players();
    let (mut s, o) = board_game();
    cover(&mut s, &o, "alice J of JAR").expect("alice, one tile");
    let e = command::cover("alice A of JAR", &s, &o, &p).expect_err("bob's turn");
    assert_eq!(
        e.to_string(),
        "it is bob's turn, not alice's (play passes to the left); alice's turn 1 covered one tile: if it was two, `undo` it and type both on one line"
    );
    let e = command::cover("carol W of WORM", &s, &o, &p).expect_err("bob's turn");
    assert_eq!(
        e.to_string(),
        "it is bob's turn, not carol's (play passes to the left)"
    );
}

/// A told rack may hold only letters the board shows: its squares are the tiles.
#[test]
fn a_rack_of_a_letter_the_board_lacks_is_refused() {
    let p = players();
    let (mut s, o) = board_game();
    let e = s
        .apply(&o, &p, &rack("alice", "Q??????"))
        .expect_err("no Q on the board");
    assert_eq!(
        e.to_string(),
        "alice's rack cannot hold a Q: the board has no Q, and its squares are the tiles"
    );
}

/// From a told rack umpire finds a legal turn (two coverings when it can), of letters
/// the rack holds, which the table may then record; without a rack, or a board, none.
#[test]
fn a_told_rack_has_a_legal_turn_found_for_it() {
    let p = players();
    let (mut s, o) = board_game();
    assert!(s.could_play(&o, 0).is_empty(), "no rack told yet");
    s.apply(&o, &p, &rack("alice", "JVXX???")).expect("rack");
    let turn = s.could_play(&o, 0);
    assert_eq!(turn.len(), 2, "{turn:?}");
    let mut letters: Vec<char> = turn.iter().map(|c| c.letter).collect();
    letters.sort_unstable();
    assert_eq!(letters, ['J', 'V']);
    let event = Event::SquaresCovered {
        player: "alice".into(),
        coverings: turn,
    };
    s.apply(&o, &p, &event).expect("the turn found is legal");
    assert_eq!(s.tiles_placed(), 2);
    let (tally, t) = tally_game(3);
    assert!(
        tally.could_play(&t, 0).is_empty(),
        "no board, no turn to find"
    );
    assert_eq!(tally.tiles(), TILES);
}
