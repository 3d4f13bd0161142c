//! Board chips through the [`Game`] contract, as the session core drives it: setup from
//! flags and files, verbs to events with refusals of the right kind, the standings,
//! chart marks, table view, export fields and prompt the core shows.

use std::path::PathBuf;

use super::state::{Event, Options, State};
use super::{BoardChips, EXAMPLE_BOARD};
#[allow(unused_imports)]
use crate::contract::{
    Block, Ctx, Engine, Files, Kind, Prompt, Refusal, Roster, Scene, Setup, Show,
};
use crate::lexicon::{Lexicon, Rules};

/// `new board-chips`'s flag as the command line gives it.
struct Flags {
    board: Option<PathBuf>,
}

impl Flags {
    fn values(&self) -> crate::contract::FlagValues {
        let mut v = crate::contract::FlagValues::default();
        if let Some(path) = &self.board {
            v.set("board", crate::contract::FlagValue::File(path.clone()));
        }
        v
    }
}

fn setup(
    flags: &Flags,
    files: &Files,
    players: &[String],
) -> Result<Options, crate::contract::Refusal> {
    BoardChips::setup(&flags.values(), files, players)
}

fn files(flags: &Flags) -> Vec<PathBuf> {
    BoardChips::files(&flags.values())
}

fn names() -> Vec<String> {
    vec!["alice".into(), "bob".into(), "carol".into()]
}

fn board_flags() -> (Flags, Files) {
    let path = PathBuf::from("board.txt");
    let files = Files::new(vec![(path.clone(), EXAMPLE_BOARD.to_string())]);
    (Flags { board: Some(path) }, files)
}

fn board_game() -> (State, Options, Roster) {
    let (flags, files) = board_flags();
    let o = setup(&flags, &files, &names()).expect("setup");
    (BoardChips::start(&o, 3), o, Roster::new(names()))
}

fn tally_game() -> (State, Options, Roster) {
    let o = setup(&Flags { board: None }, &Files::default(), &names()).expect("setup");
    (BoardChips::start(&o, 3), o, Roster::new(names()))
}

/// The rules a prompt over this game carries: standard words (a game that judges no
/// words still checks them).
fn standard_rules() -> Rules {
    Rules::new(crate::lexicon::RuleSet {
        name: "standard",
        summary: "standard words (a game that judges no words still checks them)",
        policy: crate::lexicon::Policy::STANDARD,
    })
}

/// Types `verb args` at a prompt over this game and records what it comes to.
fn typed(
    s: &mut State,
    o: &Options,
    r: &Roster,
    lexicon: &Lexicon,
    line: &str,
) -> Result<(), Refusal> {
    let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
    let rules = standard_rules();
    let ctx = Ctx {
        state: s,
        options: o,
        roster: r,
        lexicon,
        rules: &rules,
        script: true,
    };
    let action = BoardChips::command(&ctx, verb, args, None)?;
    assert!(action.show.is_empty() && action.ask.is_none());
    for event in action.record {
        match event {
            crate::contract::event::Event::Game(e) => BoardChips::apply(s, o, r, &e)?,
            other => panic!("a board-chips verb records game events, not {other:?}"),
        }
    }
    Ok(())
}

fn kind_of(line: &str, game: (State, Options, Roster), before: &[&str]) -> (Kind, String) {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let (mut s, o, r) = game;
    for l in before {
        typed(&mut s, &o, &r, &lexicon, l).unwrap_or_else(|e| panic!("{l}: {e}"));
    }
    let e = typed(&mut s, &o, &r, &lexicon, line).expect_err(line);
    (e.kind, e.message)
}

#[test]
fn each_refusal_has_the_kind_of_what_went_wrong() {
    let first = ["cover alice 5,3 M 5,4 A"];
    for (line, kind) in [
        ("cover zed 5,5 P", Kind::UnknownPlayer),
        ("cover bob five,5 P", Kind::BadInput),
        ("cover bob 5,5", Kind::BadInput),
        ("cover bob", Kind::BadInput),
        ("turn bob 2 1", Kind::BadInput),
        ("cover bob 5,6 L", Kind::Rule),
        ("cover bob 5,5 Q", Kind::Rule),
        ("cover bob 5,5 P 5,6 L 5,7 E", Kind::Rule),
        ("cover carol 5,5 P", Kind::Rule),
        ("pass bob", Kind::Rule),
        ("exchange bob now", Kind::BadInput),
        ("shuffle bob", Kind::BadInput),
    ] {
        assert_eq!(kind_of(line, board_game(), &first).0, kind, "{line}");
    }
    assert_eq!(
        kind_of("cover alice 1,9 T", tally_game(), &[]).0,
        Kind::BadInput
    );
    assert_eq!(
        kind_of("turn bob 1 3", tally_game(), &["turn alice 2 0"]).0,
        Kind::Rule,
        "one tile completes at most two words"
    );
}

#[test]
fn a_decided_game_refuses_more_turns_as_over() {
    let mut before: Vec<String> = (0..50)
        .map(|t| format!("turn {} 2 0", names()[t % 3]))
        .collect();
    before.push("turn carol 1 0".into());
    let before: Vec<&str> = before.iter().map(String::as_str).collect();
    let (kind, message) = kind_of("turn alice 0 0", tally_game(), &before);
    assert_eq!(kind, Kind::MatchOver);
    assert_eq!(message, "the game is over: all 101 tiles are on the board");
}

#[test]
fn a_misspelt_player_is_refused_with_the_rosters_suggestion() {
    let (_, message) = kind_of("turn alcie 2 0", tally_game(), &[]);
    assert_eq!(
        message,
        r#"unknown player "alcie" (did you mean alice?): the players are alice, bob, carol"#
    );
}

#[test]
fn a_board_file_over_the_size_limit_is_refused_before_it_is_parsed() {
    let path = PathBuf::from("big.txt");
    let text = format!("{}\n", "AB".repeat(20)).repeat(1600);
    let files = Files::new(vec![(path.clone(), text)]);
    let e = setup(&Flags { board: Some(path) }, &files, &names()).expect_err("65,600 bytes");
    assert_eq!(
        e.message,
        "big.txt is 65600 bytes: a board file is at most 64 KB (65536 bytes)"
    );
    assert_eq!(e.kind, Kind::BadInput);
}

#[test]
fn too_many_players_for_the_tiles_are_refused_at_setup_and_at_the_door() {
    let fifteen: Vec<String> = (0..15).map(|i| format!("p{i}")).collect();
    let e = setup(&Flags { board: None }, &Files::default(), &fifteen).expect_err("15 players");
    assert_eq!(
        e.message,
        "board chips is for 1 to 14 players (each draws 7 of the 101 tiles), not 15"
    );
    let o = Options::tally();
    let mut s = BoardChips::start(&o, 14);
    let e = BoardChips::add_player(&mut s, &o, 0).expect_err("a 15th");
    assert_eq!(e.kind, Kind::Rule);
    assert!(BoardChips::check_options(&o, 15).is_err());
}

#[test]
fn a_late_player_joins_with_no_chips_and_the_chart_starts_where_they_sat_down() {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let (mut s, o, mut r) = tally_game();
    typed(&mut s, &o, &r, &lexicon, "turn alice 2 1").expect("t1");
    let e = BoardChips::add_player(&mut s.clone(), &o, 5).expect_err("a head start");
    assert_eq!(e.kind, Kind::BadInput);
    BoardChips::add_player(&mut s, &o, 0).expect("dave sits down");
    r.push("dave".into());
    for line in ["turn bob 2 0", "turn carol 2 2", "turn dave 2 1"] {
        typed(&mut s, &o, &r, &lexicon, line).expect(line);
    }
    let st = BoardChips::standings(&Scene {
        state: &s,
        options: &o,
        roster: &r,
    });
    assert_eq!(st.totals, vec![1, 0, 2, 1]);
    let labels: Vec<&str> = st.marks.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, vec!["0", "t1", "t2", "t3", "t4"]);
    assert_eq!(st.marks[0].totals, vec![Some(0), Some(0), Some(0), None]);
    assert_eq!(st.marks[1].totals, vec![Some(1), Some(0), Some(0), Some(0)]);
    assert_eq!(st.marks[4].totals, vec![Some(1), Some(0), Some(2), Some(1)]);
}

#[test]
fn the_standings_count_chips_and_say_the_kitty_and_whose_turn_it_is() {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let (mut s, o, r) = board_game();
    let st = BoardChips::standings(&Scene {
        state: &s,
        options: &o,
        roster: &r,
    });
    assert!(!st.ranked, "nobody leads before the first turn");
    assert!(st.leaders().is_empty());
    assert_eq!(
        st.status,
        "44 chips left in the kitty; 0 of 101 squares covered; 80 tiles in the pool; anyone may start"
    );
    for line in [
        "cover alice 5,3 M 5,4 A",
        "cover bob 5,5 P 5,6 L",
        "cover carol 5,7 E",
    ] {
        typed(&mut s, &o, &r, &lexicon, line).expect(line);
    }
    let st = BoardChips::standings(&Scene {
        state: &s,
        options: &o,
        roster: &r,
    });
    assert_eq!(st.totals, vec![0, 0, 1]);
    assert_eq!(st.running, st.totals);
    assert!(!st.lowest_wins);
    assert_eq!(st.leaders(), vec![2]);
    assert_eq!(
        st.status,
        "43 chips left in the kitty; 5 of 101 squares covered; 75 tiles in the pool; alice to play"
    );
    let figures: Vec<(&str, Vec<i64>)> = st
        .figures
        .iter()
        .map(|f| (f.name, f.values.clone()))
        .collect();
    assert_eq!(
        figures,
        vec![("chips", vec![0, 0, 1]), ("words completed", vec![0, 0, 1])]
    );
    assert_eq!((st.played(), st.period_name()), (3, None));
    let p = BoardChips::progress(&Scene {
        state: &s,
        options: &o,
        roster: &r,
    });
    assert_eq!((p.label.as_str(), p.number), ("t4", 4));
}

#[test]
fn the_table_is_the_board_then_the_chips_and_only_the_chips_without_a_board() {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let (mut s, o, r) = board_game();
    typed(&mut s, &o, &r, &lexicon, "cover bob 5,3 M 5,4 A").expect("bob starts");
    let view = BoardChips::table(&Scene {
        state: &s,
        options: &o,
        roster: &r,
    });
    let [
        Block::Text { title, lines },
        Block::Grid { headers, rows, .. },
    ] = &view.blocks[..]
    else {
        panic!("a board and a grid: {view:?}");
    };
    assert!(title.starts_with("the board: 2 of 101 squares covered"));
    assert_eq!(lines.len(), 16);
    assert_eq!(headers, &["player", "chips", "words", "next"]);
    assert_eq!(rows[2], vec!["carol", "0", "", "to play"]);
    assert_eq!(rows[3], vec!["(kitty)", "44", "", ""]);

    let (mut s, o, r) = tally_game();
    typed(&mut s, &o, &r, &lexicon, "turn alice 2 2").expect("t1");
    let view = BoardChips::table(&Scene {
        state: &s,
        options: &o,
        roster: &r,
    });
    let [Block::Grid { headers, rows, .. }] = &view.blocks[..] else {
        panic!("only the chips: {view:?}");
    };
    assert_eq!(headers, &["player", "chips", "next"]);
    assert_eq!(rows[0], vec!["alice", "2", ""]);
    assert_eq!(rows[3], vec!["(kitty)", "42", ""]);
}

#[test]
fn the_export_has_the_kitty_and_each_turn_and_no_board_fields_in_tally_mode() {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let (mut s, o, mut r) = tally_game();
    typed(&mut s, &o, &r, &lexicon, "exchange bob").expect("t1");
    // A turn is exported under the name its player has now.
    r.rename(1, "robert".into());
    let m = BoardChips::export(&Scene {
        state: &s,
        options: &o,
        roster: &r,
    });
    assert_eq!(m["kitty"], 44);
    assert_eq!(m["next"], "carol");
    assert_eq!(
        m["turns"],
        serde_json::json!([{"number": 1, "player": "robert", "kind": "exchanged", "chips": 0}])
    );
    assert!(!m.contains_key("squares") && !m.contains_key("words"));
}

#[test]
fn the_demo_records_one_event_a_line() {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let demo = BoardChips::demo();
    let players: Vec<String> = demo.new.iter().map(|p| p.to_string()).collect();
    let o = setup(&Flags { board: None }, &Files::default(), &players).expect("setup");
    let r = Roster::new(players);
    let mut s = BoardChips::start(&o, r.len());
    for (n, line) in demo.script.iter().enumerate() {
        typed(&mut s, &o, &r, &lexicon, line).expect(line);
        assert_eq!(s.turns().len(), n + 1, "{line}");
    }
}

#[test]
fn events_describe_themselves_against_the_state_they_met() {
    let (s, o, r) = board_game();
    let e = Event::SquaresCovered {
        player: "alice".into(),
        coverings: vec![super::play::Covering::new(5, 3, 'M')],
    };
    assert_eq!(
        BoardChips::describe(
            &e,
            &Scene {
                state: &s,
                options: &o,
                roster: &r
            }
        ),
        "alice covers M of MAPLE: starts MAPLE"
    );
}

#[test]
fn the_covered_squares_are_highlighted_where_the_board_draws_their_brackets() {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let (mut s, o, r) = board_game();
    typed(&mut s, &o, &r, &lexicon, "cover bob M of MAPLE, A of MAPLE").expect("bob starts");
    typed(&mut s, &o, &r, &lexicon, "cover carol P of MAPLE").expect("carol");
    let scene = Scene {
        state: &s,
        options: &o,
        roster: &r,
    };
    let view = BoardChips::table(&scene);
    let Some(Block::Text { lines, .. }) = view.blocks.first() else {
        panic!("the board first: {view:?}");
    };
    let marked: Vec<String> = <BoardChips as crate::contract::Extras<
        <BoardChips as crate::contract::Engine>::Event,
    >>::highlights(&scene)
    .iter()
    .map(|h| {
        assert_eq!(h.block, 0);
        lines[h.line].chars().skip(h.start).take(h.len).collect()
    })
    .collect();
    assert_eq!(marked, vec!["[M]", "[A]", "[P]"]);
    let (tally, o, r) = tally_game();
    assert!(
        <BoardChips as crate::contract::Extras<<BoardChips as crate::contract::Engine>::Event>>::highlights(&Scene {
            state: &tally,
            options: &o,
            roster: &r
        })
        .is_empty()
    );
}

#[test]
fn the_situation_says_whose_turn_the_pool_and_a_rack_told() {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let (mut s, o, r) = board_game();
    let scene = |s: &State| {
        BoardChips::situation(&Scene {
            state: s,
            options: &o,
            roster: &r,
        })
    };
    // Whose turn and the pool are the status line's; the situation adds only what it
    // leaves out.
    assert_eq!(
        scene(&s),
        vec!["each player draws 7 tiles before the first turn (the pool counts them as drawn)"]
    );
    typed(&mut s, &o, &r, &lexicon, "cover alice J, V").expect("J of JAR, V of VIOLIN");
    typed(&mut s, &o, &r, &lexicon, "rack bob rio????").expect("bob's rack");
    assert_eq!(scene(&s), vec!["bob's rack: I O R and 4 tiles not told"]);
}

#[test]
fn a_tile_completes_to_each_square_a_turn_could_cover_named_by_its_word() {
    let (s, o, r) = board_game();
    let tiles = BoardChips::complete(
        &Scene {
            state: &s,
            options: &o,
            roster: &r,
        },
        "tile",
    );
    for name in [
        "MAP:M",
        "MAP:A",
        "MAPLE:M",
        "MAPLE:A",
        "PEBBLE:P",
        "PEBBLE:E1",
        "JAR:J",
    ] {
        assert!(tiles.contains(&name.to_string()), "{name}: {tiles:?}");
    }
    assert!(
        !tiles.contains(&"MAPLE:E".to_string()),
        "MAPLE's E is its fifth letter"
    );
    assert!(!tiles.contains(&"JAR:R".to_string()));
}

/// A board file of exactly the size limit, 64 KB: 512 rows of 127 letters.
fn board_of_the_size_limit() -> String {
    let text = format!("{}\n", "A".repeat(127)).repeat(512);
    assert_eq!(text.len(), 65536);
    text
}

#[test]
fn a_board_file_of_exactly_the_size_limit_is_read() {
    let path = PathBuf::from("edge.txt");
    let files = Files::new(vec![(path.clone(), board_of_the_size_limit())]);
    let said = setup(&Flags { board: Some(path) }, &files, &names())
        .map(|_| ())
        .map_err(|e| e.message);
    assert!(
        !said.as_ref().is_err_and(|m| m.contains("64 KB")),
        "{said:?}"
    );
}

#[test]
fn the_example_board_is_built_in_and_any_other_board_is_the_one_file_read() {
    let example = Flags {
        board: Some(PathBuf::from("example")),
    };
    assert!(files(&example).is_empty());
    assert!(files(&Flags { board: None }).is_empty());
    let (flags, read) = board_flags();
    assert_eq!(files(&flags), vec![PathBuf::from("board.txt")]);
    let files = read;
    let o = setup(&example, &Files::default(), &names()).expect("built in");
    assert_eq!(o.board().map(|b| b.squares().count()), Some(101));
    let o = setup(&flags, &files, &names()).expect("read");
    assert_eq!(
        BoardChips::describe_options(&o),
        "board board.txt (15 by 15, 101 squares, 31 words: 101 tiles, one a square)"
    );
    let tally = setup(&Flags { board: None }, &files, &names()).expect("tally");
    assert_eq!(
        BoardChips::describe_options(&tally),
        "no board: a tally of tiles and chips (101 tiles, 44 chips)"
    );
}

#[test]
fn board_chips_offers_the_board_check_as_a_one_shot_that_judges_words() {
    let shots: Vec<_> = BoardChips::one_shots()
        .iter()
        .map(|s| (s.name, s.needs_lexicon))
        .collect();
    assert_eq!(shots, vec![("board", true)]);
}

/// `help` lists the verbs in this order, and a verb a board (or its lack) rules out is
/// refused before the player is looked up: a table without a board hears that it has
/// none, not that a misspelt name is unknown.
#[test]
fn the_verbs_are_listed_and_a_board_verb_is_refused_for_the_board_before_the_name() {
    let verbs: Vec<&str> = BoardChips::verbs().iter().map(|v| v.name).collect();
    assert_eq!(
        verbs,
        ["cover", "where", "rack", "turn", "exchange", "pass"]
    );
    use super::state::BoardChipsError;
    for (line, game, refusal) in [
        ("cover zed 5,5 P", tally_game(), BoardChipsError::NeedsBoard),
        ("where zed", tally_game(), BoardChipsError::NeedsBoard),
        (
            "rack zed ABC",
            tally_game(),
            BoardChipsError::RackNeedsBoard,
        ),
        ("turn zed 2 0", board_game(), BoardChipsError::HasBoard),
    ] {
        let (kind, message) = kind_of(line, game, &[]);
        assert_eq!(
            (kind, message),
            (Kind::BadInput, refusal.to_string()),
            "{line}"
        );
    }
}

/// `where` shows where a tile may go and records nothing, through the verb as typed.
#[test]
fn where_is_answered_through_the_prompt_and_records_nothing() {
    let lexicon = Lexicon::embedded().expect("dictionary");
    let (s, o, r) = board_game();
    let rules = standard_rules();
    let ctx = Ctx {
        state: &s,
        options: &o,
        roster: &r,
        lexicon: &lexicon,
        rules: &rules,
        script: true,
    };
    let action = BoardChips::command(&ctx, "where", "T", None).expect("where T");
    assert!(action.record.is_empty());
    assert_eq!(
        action.show,
        [crate::contract::Shown::Text(
            "T: T of TRAIL and TENT starts both".into()
        )]
    );
}

/// `umpire board FILE` as the core runs it: a file of exactly the size limit is read
/// (and refused, if at all, for what it holds), one byte more is refused before it is
/// parsed; the JSON counts only the letters the board has.
#[test]
fn the_board_check_reads_a_file_up_to_the_limit_and_counts_only_the_boards_letters() {
    let [shot] = super::shell::ONE_SHOTS else {
        panic!("one one-shot");
    };
    let lexicon = Lexicon::embedded().expect("dictionary");
    let answer = |args: &[&str], text: &str| {
        let matches = (shot.command)()
            .try_get_matches_from(std::iter::once("board").chain(args.iter().copied()))
            .expect("the arguments parse");
        let given = crate::contract::Given {
            lexicon: Some(&lexicon),
            input: Some(text),
            rule_sets: &[],
        };
        (shot.run)(&matches, &given).map_err(|e| e.message)
    };
    let text = board_of_the_size_limit();
    let said = answer(&["edge.txt"], &text).map(|_| ());
    assert!(
        !said.as_ref().is_err_and(|m| m.contains("64 KB")),
        "{said:?}"
    );
    let over = format!("{text}A");
    assert_eq!(
        answer(&["edge.txt"], &over).map(|_| ()),
        Err("edge.txt is 65537 bytes: a board file is at most 64 KB (65536 bytes)".into())
    );
    let json = answer(&["--json", "cab.txt"], "CAB\n").expect("a board");
    let [crate::contract::Shown::Text(json)] = json.shown.as_slice() else {
        panic!("one block of JSON");
    };
    let json: serde_json::Value = serde_json::from_str(json).expect("JSON");
    assert_eq!(json["letters"], serde_json::json!({"A": 1, "B": 1, "C": 1}));
}
