//! What four evenings tripped over, each as the line typed and the reply (round three
//! of the table's words): TAKE rummy's dead end named with its way out, the sheet's own
//! reason for a run of fourteen cards, whose deal follows a hand closed through its
//! question; Take Two's hand short of several tiles, a finished match's banner, the
//! penalty a check finds allowed; Word Taking's second `next`, the end an undo takes
//! back, an apostrophe in a take, a player dropping below the target, a long game's
//! chart, a word the table allowed; Board Chips' partly told rack, a one-tile turn
//! without a rack, a square named by the word that makes it legal; the exports; and
//! where a new session's log is.
//!
//! Lines that record or refuse are typed through the binary in script mode; a
//! question, which a script is never asked, through a session at a terminal's desk.

use crate::common;

use std::sync::Arc;

use common::{Reply, Table};
use umpire::lexicon::Lexicon;
use umpire::session::{AnySession, Desk};

fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// A session started for a terminal: questions are put, and answered with
/// [`answered`].
struct AtTerminal {
    _dir: common::TempDir,
    session: Box<dyn AnySession>,
    desk: Desk,
}

impl AtTerminal {
    fn new(new: &[&str]) -> AtTerminal {
        let dir = common::tempdir().expect("temp dir");
        let shelf = umpire::session::Sessions {
            dir: dir.path().to_path_buf(),
            with: umpire::registry::with(Arc::new(Lexicon::embedded().expect("dictionary"))),
        };
        let args: Vec<String> = new.iter().map(|s| s.to_string()).collect();
        let session = umpire::repl::new_session(&shelf, &args).expect("started");
        AtTerminal {
            _dir: dir,
            session,
            desk: Desk::new(false),
        }
    }

    /// Types one line, as the prompt reads it: the verb, then the rest.
    fn typed(&mut self, line: &str) -> Reply {
        let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
        Reply::of(&self.session.run(&mut self.desk, verb, args, None))
    }

    /// Types lines that each record, refused or asked nothing.
    fn ok(&mut self, lines: &[&str]) {
        for line in lines {
            let reply = self.typed(line);
            assert!(
                !reply.refused && reply.ask.is_none(),
                "{line}: {}",
                reply.text
            );
        }
    }

    fn answered(&mut self, yes: bool) -> Reply {
        Reply::of(&self.session.answer(&mut self.desk, yes))
    }
}

/// The reply to the line typed as `line` in a script's output: what follows its
/// prompt, up to the next prompt of the same session.
fn reply_to<'a>(out: &'a str, line: &str) -> &'a str {
    let typed = format!("> {line}\n");
    let at = out
        .find(&typed)
        .unwrap_or_else(|| panic!("{line:?} was not typed in:\n{out}"));
    let prompt = &out[out[..at].rfind('\n').map_or(0, |i| i + 1)..at];
    let session = prompt.rsplit_once(' ').map_or(prompt, |(s, _)| s);
    let rest = &out[at + typed.len()..];
    let end = rest
        .find(&format!("\n{session} "))
        .map_or(rest.len(), |i| i + 1);
    &rest[..end]
}

// TAKE rummy.

/// ann holds 2C and one more, lays down to two cards, and takes QH from the pile:
/// QH may not go back, 2C fits cat's run, and playing 2C leaves QH alone.
const DEAD_END: &[&str] = &[
    "deal ann 9H",
    "draw ben",
    "discard ben 4D",
    "draw cat",
    "lay cat 3C 4C 5C",
    "discard cat KS",
    "draw ann",
    "lay ann 5S 6S 7S",
    "lay ann 9D 10D JD",
    "discard ann KH",
    "draw ben",
    "discard ben 8H",
    "draw cat",
    "discard cat QH",
    "draw ann QH",
];

#[test]
fn a_discard_the_pile_card_forbids_names_the_draw_from_the_pile_as_the_way_out() {
    let t = Table::new();
    let mut lines = DEAD_END.to_vec();
    lines.extend(["discard ann 2C", "take ann 2C onto A", "discard ann QH"]);
    let run = t.run(
        &["new", "take-rummy", "ann", "ben", "cat", "--name", "dead"],
        &script(&lines),
    );
    run.says(
        "not recorded: 2C could be added to run A (3C 4C 5C), making 2C-5C: the sheet forbids discarding it; ann's other card, QH, was taken from the discard pile at #15 and may not be discarded either, so the draw was the slip: `fix #15 draw ann` has ann draw from the stock instead; nothing changed",
    );
    run.says(
        "not recorded: ann's only card is QH, taken from the discard pile at #15: the sheet forbids discarding it again, and there is no other to discard; ann melds it, or `undo` the play that left it alone; if that leaves no card ann may discard either, the draw was the slip: `fix #15 draw ann` has ann draw from the stock instead; nothing changed",
    );
    // The way out named is one: the draw fixed, the take still stands, and ann
    // discards the card she drew from the stock, her last.
    let run = t.run(
        &["resume", "dead"],
        &script(&["fix #15 draw ann", "discard ann 3H"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("recorded  ann discards 3H, their last card: ann goes out");
}

#[test]
fn a_run_of_fourteen_cards_is_refused_for_aces_at_both_ends_at_the_prompt_and_the_shell() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-rummy", "ann", "ben", "--name", "aces"],
        &script(&["laid ben JK 2H-AH"]),
    );
    run.says(
        "not recorded: ben's run: 14 cards would run from ace to ace: the sheet forbids aces at both ends of one run, so a run holds at most 13 (A to K, or 2 to A); nothing changed",
    );
    let run = t.run(&["run", "JK", "2H-AH"], "");
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    run.says(
        "verdict  not a run: 14 cards would run from ace to ace: the sheet forbids aces at both ends of one run",
    );
}

#[test]
fn a_hand_closed_through_its_question_says_whose_deal_is_next() {
    let mut t = AtTerminal::new(&["take-rummy", "ann", "ben", "cat"]);
    t.ok(&[
        "deal ann 9H",
        "held ann -",
        "held ben 2D",
        "held cat 3D",
        "end",
        "laid ben 5C 6C 7C",
        "held ann -",
        "held ben -",
        "held cat -",
    ]);
    let asked = t.typed("end");
    assert_eq!(
        asked.ask.as_deref(),
        Some("close the hand with ann and cat having laid nothing?"),
        "{}",
        asked.text
    );
    let yes = t.answered(true);
    assert!(yes.text.contains("recorded  hand 2 closed"), "{}", yes.text);
    assert!(
        yes.text
            .trim_end()
            .ends_with("next: cat deals hand 3 (`deal cat CARD`)"),
        "{}",
        yes.text
    );
    // cat had laid after all: the fix goes in before the close, and the close is told
    // with cat's new points in the history, not the ones it had.
    let fixed = t.typed("fix 2 laid cat 8H 9H 10H");
    assert!(
        fixed.text.contains(
            "recorded  hand 2 corrected: cat laid 8H 9H 10H (20): 20   (totals now cat -5 -> 15)"
        ),
        "the totals the fix moved: {}",
        fixed.text
    );
    let history = t.typed("history 2");
    let row = history
        .text
        .lines()
        .find(|l| l.contains("cat laid 8H 9H 10H"))
        .unwrap_or_else(|| panic!("no fixed row: {}", history.text));
    assert!(
        row.contains("hand 2 closed: ann 0, ben 15, cat 20"),
        "the close with cat's laid run: {row}"
    );
    assert!(
        row.contains("was: hand 2 closed: ann 0, ben 15, cat 0"),
        "{row}"
    );
}

// Take Two.

#[test]
fn tiles_left_that_a_told_hand_lacks_are_each_named() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "short"],
        &script(&["hand ben QUITE", "left ben ZA"]),
    );
    run.says(
        "not recorded: ben's hand holds 0 A and 0 Z, not the 1 A and 1 Z left; nothing changed",
    );
}

#[test]
fn a_finished_match_resumed_is_described_by_the_rounds_it_had_not_as_open_ended() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "done"],
        &script(&[
            "out ann",
            "left ben Q",
            "end",
            "out ben",
            "left ann Z",
            "end",
            "finish",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let run = t.run(&["resume", "done"], "");
    let banner = run.stdout.lines().next().unwrap_or_default();
    assert!(
        banner.starts_with("take-two \"done\": ann, ben; 2 rounds; default tiles"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("open-ended"), "{}", run.stdout);
    run.says("match finished after 2 rounds");
}

#[test]
fn a_check_that_finds_a_penalised_word_allowed_names_the_pardon() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", "cwm"],
        &script(&["penalty cat played CWM", "check cwm"]),
    );
    run.says("CWM was ruled before: not allowed (");
    run.says(
        "round 1, penalty cat: +25 penalty (played CWM)); `pardon cat` takes the penalty back\n",
    );
    // In a closed round, the pardon is a fix of that round.
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "cwm2"],
        &script(&[
            "penalty ben played CWM",
            "out ann",
            "left ben Q",
            "end",
            "check cwm",
        ]),
    );
    run.says("; `fix 1 pardon ben` takes the penalty back\n");
}

// Word Taking.

#[test]
fn a_second_next_without_a_draw_is_asked_at_a_terminal() {
    let mut t = AtTerminal::new(&["word-taking", "ann", "ben"]);
    t.ok(&["draw ann C", "next"]);
    let asked = t.typed("next");
    assert_eq!(
        asked.ask.as_deref(),
        Some("end ben's turn without a draw?"),
        "{}",
        asked.text
    );
    assert!(
        asked
            .text
            .contains("ben has not drawn this turn, and the box holds 116 letters: rule 2 has every player draw"),
        "{}",
        asked.text
    );
    assert_eq!(t.answered(false).text, "nothing recorded");
    assert_eq!(t.session.progress().label, "t2");
    t.typed("next");
    let yes = t.answered(true);
    assert!(
        yes.text
            .contains("recorded  ben's turn ends without a draw; ann to play"),
        "{}",
        yes.text
    );
}

#[test]
fn an_undo_that_reopens_a_game_says_its_end_was_what_it_took_back() {
    let t = Table::new();
    std::fs::write(
        t.dir().join("tiny.json"),
        r#"{"name":"tiny","letters":{"C":1,"A":1,"T":1}}"#,
    )
    .expect("letters");
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--name",
            "end",
            "--letters",
            "tiny.json",
            "--target-words",
            "1",
        ],
        &script(&[
            "draw ann C",
            "next",
            "draw ben A",
            "next",
            "draw ann T",
            "make ann CAT",
            "next",
            "undo",
        ]),
    );
    run.says(
        "undid #8 the game ends: the box is empty; ann holds the most words, 1 word, and wins; totals unchanged; the game is no longer over: its end was what this took back\n",
    );
}

/// A box of few letters for a short game: CAT, then COAT.
const SMALL_BOX: &str =
    r#"{"name":"small","letters":{"C":1,"A":2,"T":1,"E":3,"R":2,"S":2,"O":1,"W":1}}"#;

fn small_box(t: &Table) {
    std::fs::write(t.dir().join("small.json"), SMALL_BOX).expect("letters");
}

#[test]
fn a_take_typed_with_an_apostrophe_names_it_plainly() {
    let t = Table::new();
    small_box(&t);
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--name",
            "apos",
            "--letters",
            "small.json",
        ],
        &script(&[
            "draw ann C",
            "next",
            "draw ben A",
            "next",
            "draw ann T",
            "make ann CAT",
            "next",
            "draw ben O",
            "take ben DON'T from ann",
        ]),
    );
    run.says(
        "not recorded: \"DON'T\" is not a word of letters: \"'\" is not one of A-Z (the box holds no hyphens, apostrophes or accents); nothing changed",
    );
    assert!(!run.stdout.contains(r"'\''"), "{}", run.stdout);
}

#[test]
fn a_player_holding_the_target_who_loses_a_word_is_told_the_win_is_off() {
    let t = Table::new();
    small_box(&t);
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--name",
            "drop",
            "--letters",
            "small.json",
            "--target-words",
            "1",
        ],
        &script(&[
            "draw ann C",
            "next",
            "draw ben A",
            "next",
            "draw ann T",
            "make ann CAT",
            "next",
            "draw ben O",
            "take ben COAT from ann",
        ]),
    );
    run.says(
        "recorded  ben takes CAT from ann as COAT (+O drawn); ben holds 1 word: ben wins at the start of ben's next turn unless one is taken; ann drops to 0 words, below the 1 that win: no win for ann at the start of ann's next turn",
    );
}

#[test]
fn a_word_the_table_allowed_at_once_is_not_counted_against_the_player() {
    let t = Table::new();
    small_box(&t);
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--name",
            "aw",
            "--letters",
            "small.json",
        ],
        &script(&[
            "draw ann A",
            "next",
            "draw ben W",
            "make ben AW",
            "allow AW",
            "make ben AW",
            "next",
            "draw ann C",
            "make ann WACS",
        ]),
    );
    run.says("recorded  ben makes AW");
    let stats = t.run(&["stats", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stats.stdout).expect("JSON");
    let ben = &v["word-taking"]["ben"];
    assert_eq!(ben["words_not_allowed"], 0, "{}", stats.stdout);
}

// The chart.

#[test]
fn a_long_match_is_charted_with_a_total_that_lasted_one_round() {
    let t = Table::new();
    let mut lines = Vec::new();
    for round in 1..=60 {
        let ann = match round {
            31 => 10,
            32 => -10,
            _ => 0,
        };
        lines.push(format!("points {ann} 0"));
        lines.push("end".to_string());
    }
    lines.push("chart".to_string());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let run = t.run(
        &["new", "scorepad", "ann", "ben", "--name", "long"],
        &script(&lines),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let chart = reply_to(&run.stdout, "chart");
    let ten = chart
        .lines()
        .find(|l| l.trim_start().starts_with("10 |"))
        .unwrap_or_else(|| panic!("no row 10: {chart}"));
    assert!(ten.contains('o'), "ann's 10 is drawn: {chart}");
}

// Board Chips.

#[test]
fn where_with_a_partly_told_rack_says_the_rest_is_not_told() {
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            "example",
            "--name",
            "rack",
        ],
        &script(&[
            "cover ann A of MAPLE, M of MAPLE",
            "rack ben LE?????",
            "where",
        ]),
    );
    let said = reply_to(&run.stdout, "where");
    assert!(said.starts_with("E: "), "{said}");
    assert!(said.contains("\nL: "), "{said}");
    assert!(
        said.contains(
            "5 tiles of ben's rack not told: this answers for E L only; `where LETTERS` asks about any letter"
        ),
        "{said}"
    );
}

#[test]
fn a_one_tile_turn_without_a_rack_is_asked_at_a_terminal() {
    let mut t = AtTerminal::new(&["board-chips", "ann", "ben", "--board", "example"]);
    t.ok(&["cover ann A of MAPLE, M of MAPLE"]);
    let asked = t.typed("cover ben P of MAPLE");
    assert_eq!(
        asked.ask.as_deref(),
        Some("record a one-tile turn for ben?"),
        "{}",
        asked.text
    );
    assert!(
        asked.text.contains(
            "ben covers one square, and ben's rack was not told: the sheet has a player who can play two tiles play two; `rack ben LETTERS` lets umpire check"
        ),
        "{}",
        asked.text
    );
    let yes = t.answered(true);
    assert!(
        yes.text.contains("recorded  ben covers P of MAPLE"),
        "{}",
        yes.text
    );
}

#[test]
fn an_exchange_without_a_rack_is_asked_at_a_terminal_and_one_a_told_rack_allows_is_not() {
    let mut t = AtTerminal::new(&["board-chips", "ann", "ben", "--board", "example"]);
    t.ok(&["cover ann A of MAPLE, M of MAPLE"]);
    let asked = t.typed("exchange ben");
    assert_eq!(
        asked.ask.as_deref(),
        Some("record an exchange for ben?"),
        "{}",
        asked.text
    );
    assert!(
        asked.text.contains(
            "ben exchanges tiles, and ben's rack was not told: the sheet has a player who can play a tile play it; `rack ben LETTERS` lets umpire check"
        ),
        "{}",
        asked.text
    );
    let no = t.answered(false);
    assert_eq!(no.text.trim(), "nothing recorded");
    // A rack told in full that plays nothing: the engine referees it, nothing asked.
    t.ok(&["rack ben XXUDEEE"]);
    let told = t.typed("exchange ben");
    assert!(told.ask.is_none() && !told.refused, "{}", told.text);
    assert!(
        told.text.contains("recorded  ben exchanges"),
        "{}",
        told.text
    );
}

#[test]
fn a_rack_whose_told_letters_were_played_is_said_to_be_unknown_not_told_in_part() {
    let mut t = AtTerminal::new(&["board-chips", "ann", "ben", "--board", "example"]);
    t.ok(&[
        "cover ann A of MAPLE, M of MAPLE",
        "rack ben PL?????",
        "cover ben P of MAPLE, L of MAPLE",
        "cover ann J of JAR, V of VIOLIN",
    ]);
    let asked = t.typed("cover ben E of MAPLE");
    assert!(
        asked.text.contains(
            "ben covers one square, and none of ben's rack is known now (the letters told were played; 7 tiles not told)"
        ),
        "{}",
        asked.text
    );
}

#[test]
fn a_square_only_one_word_opens_is_named_by_that_word() {
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            "example",
            "--name",
            "le",
        ],
        &script(&["cover ben L E"]),
    );
    run.says(
        "not recorded: L could be L of LEAF or L of LEMON; E could be E of LEAF or E of LEMON: say which, e.g. L of LEAF; nothing changed",
    );
}

// The exports.

#[test]
fn the_markdown_title_keeps_its_ampersand_and_a_grid_fault_has_a_dash_for_its_word() {
    let t = Table::new();
    let run = t.run(&["new", "word-taking", "ann", "ben", "--name", "amp"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let md = t.export("amp", "md");
    assert!(
        md.starts_with("# Word Making & Word Taking \"amp\"\n"),
        "{md}"
    );
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "apart"],
        "grid ben\nCAT\n...\nOX.\n\n",
    );
    run.says("fault");
    let md = t.export("apart", "md");
    let fault = md
        .lines()
        .find(|l| l.contains("| fault |"))
        .unwrap_or_else(|| panic!("no fault row: {md}"));
    assert!(fault.contains("| grid ben | — | fault |"), "{fault}");
}

#[test]
fn a_target_changed_mid_match_is_said_in_the_markdown_export() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-rummy", "ann", "ben", "--name", "to300"],
        &script(&["target 300"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let md = t.export("to300", "md");
    assert!(
        md.contains(
            "Terms: to 300 points; 7 cards dealt each from a deck of 52 and 2 jokers. At the start: to 500 points; 7 cards dealt each from a deck of 52 and 2 jokers.\n"
        ),
        "{md}"
    );
}

// Set-up.

#[test]
fn a_new_sessions_greeting_says_where_its_log_is() {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "friday"], "");
    let second = run.stdout.lines().nth(1).unwrap_or_default();
    assert_eq!(
        second,
        "logged to sessions/friday.jsonl (each entry as it is recorded); `umpire resume friday` carries on",
        "{}",
        run.stdout
    );
    // Resumed, it is the table's session as before: no such line.
    let run = t.run(&["resume", "friday"], "");
    assert!(!run.stdout.contains("logged to"), "{}", run.stdout);
}

/// Issue 56: an installed umpire run in a folder without `sessions/` logs to the
/// user's data folder, and the greeting says so in full, as the README says.
#[test]
fn a_first_session_outside_a_checkout_says_its_log_is_in_the_data_folder() {
    let t = Table::new();
    let home = t.dir().join("home");
    let here = t.dir().join("anywhere");
    std::fs::create_dir_all(&here).expect("a folder without sessions/");
    let out = std::process::Command::new(common::bin())
        .args(["new", "take-two", "ann", "ben", "--name", "friday"])
        .env("NO_COLOR", "1")
        .env_remove("UMPIRE_SESSIONS")
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .current_dir(&here)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let log = home.join("data/umpire/sessions/friday.jsonl");
    assert_eq!(
        stdout.lines().nth(1).unwrap_or_default(),
        format!(
            "logged to {} (each entry as it is recorded); `umpire resume friday` carries on",
            log.display()
        ),
        "{stdout}"
    );
    assert!(log.is_file(), "the log is where the greeting says");
    assert!(
        !here.join("sessions").exists(),
        "no sessions/ was made here"
    );
}
