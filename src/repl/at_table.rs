//! The prompt at a table, as a person types at it (not a script): questions are asked
//! and answered. Each test here is lines typed and the exact replies.

use std::sync::{Arc, OnceLock};

use super::Repl;
use crate::lexicon::Lexicon;

fn lexicon() -> Arc<Lexicon> {
    static LEXICON: OnceLock<Arc<Lexicon>> = OnceLock::new();
    Arc::clone(LEXICON.get_or_init(|| Arc::new(Lexicon::embedded().expect("dictionary"))))
}

/// A table started with `new` (the game, its players and flags) at a person's prompt, in
/// a directory of its own.
pub(crate) struct AtTable {
    pub(crate) repl: Repl,
    // Kept until the table is done with: the session's log is in it.
    _dir: crate::testing::TempDir,
}

impl AtTable {
    pub(crate) fn new(new: &str) -> AtTable {
        let dir = crate::testing::tempdir().expect("temp dir");
        let shelf = crate::registry::sessions(dir.path().join("sessions"), lexicon());
        let words: Vec<String> = new.split_whitespace().map(String::from).collect();
        let table = super::new_session(&shelf, &words).expect("the session starts");
        AtTable {
            repl: Repl::with_mode(shelf, Some(table), false),
            _dir: dir,
        }
    }

    /// What typing `line` says; a block verb reads `block`'s lines.
    pub(crate) fn says_with(&mut self, line: &str, block: &[&str]) -> String {
        let mut rows = block.iter().map(|r| r.to_string());
        self.repl.respond(line, &mut || rows.next()).0
    }

    /// What typing `line` says.
    pub(crate) fn says(&mut self, line: &str) -> String {
        self.says_with(line, &[])
    }

    /// Types each of `lines`, every one of which is recorded.
    #[track_caller]
    pub(crate) fn plays(&mut self, lines: &[&str]) {
        for line in lines {
            let said = self.says(line);
            assert!(!said.contains("not recorded"), "{line}: {said}");
        }
    }
}

/// After `grid`, the penalty question and then the question of the entry the hand
/// leaves: the second comes whatever the first's answer.
#[test]
fn a_grid_asks_the_penalty_then_the_hand_s_leftover() {
    let mut t = AtTable::new("take-two ann ben --name q");
    t.says("hand ben DONTQZ");
    let said = t.says_with("grid ben", &["DONT", ""]);
    assert!(said.ends_with("record +25 for ben (DONT)? [y/n]"), "{said}");
    assert_eq!(
        t.says("y"),
        "recorded  ben +25 (grid: DONT)   (ben: r1 25, total 25)\nrecord ben left Q Z? [y/n]"
    );
    assert_eq!(
        t.says("y"),
        "recorded  ben left Q Z: 20   (ben: r1 45, total 45)"
    );
    // A no to the penalty still asks the second.
    t.says("hand ann DONTX");
    let said = t.says_with("grid ann", &["DONT", ""]);
    assert!(said.ends_with("record +25 for ann (DONT)? [y/n]"), "{said}");
    assert_eq!(t.says("n"), "nothing recorded\nrecord ann left X? [y/n]");
    assert_eq!(t.says("n"), "nothing recorded");
    assert_eq!(
        t.says("n"),
        "there is no question waiting (\"n\" answers a question right after it is asked; another command drops it): nothing recorded"
    );
}

/// `take PLAYER NEW OLD` needs no `from OWNER` when one player holds OLD; when several
/// do, the refusal names them and what to type; `take PLAYER NEW OWNER` is read as if
/// `from` were typed.
#[test]
fn a_take_finds_the_owner_of_a_word_one_player_holds() {
    let mut t = AtTable::new("word-taking ann ben dev --name w");
    t.plays(&[
        "draw ann C",
        "next",
        "draw ben A",
        "next",
        "draw dev T",
        "make dev CAT",
        "next",
        "draw ann C",
        "next",
        "draw ben A",
        "next",
        "draw dev T",
        "next",
        "draw ann E",
        "make ann CAT",
        "next",
        "draw ben S",
    ]);
    assert_eq!(
        t.says("take ben SCAT CAT"),
        "not recorded: CAT is held by ann and dev: say whose, e.g. take ben SCAT from ann CAT; nothing changed"
    );
    assert_eq!(
        t.says("take ben SCAT DOG"),
        "not recorded: nobody holds DOG: name its owner, e.g. take ben SCAT from OWNER DOG; nothing changed"
    );
    assert_eq!(
        t.says("take ben SCAT dev"),
        "SCAT is allowed: SCOWL 50 (standard)\nrecorded  ben takes CAT from dev as SCAT (+S drawn)   (ben: 1 word)"
    );
    t.says("next");
    t.says("draw dev S");
    assert_eq!(
        t.says("take dev SCAT CAT"),
        "SCAT is allowed: SCOWL 50 (standard)\nrecorded  dev takes CAT from ann as SCAT (+S drawn)   (dev: 1 word)"
    );
}

/// `end` with every player's entry in and nobody out asks first: the sheet ends a
/// round only on FINISHED.
#[test]
fn end_with_nobody_out_asks_first() {
    let mut t = AtTable::new("take-two ann ben --name e");
    t.says("left ann QZ");
    t.says("left ben K");
    assert_eq!(
        t.says("end"),
        "nobody is out in round 1: the sheet ends a round only when a player calls FINISHED; close it anyway? [y/n]"
    );
    assert_eq!(t.says("n"), "nothing recorded");
    t.says("end");
    let closed = t.says("y");
    assert!(
        closed.starts_with("recorded  round 1 closed: ann 20, ben 5\n"),
        "{closed}"
    );
    // With a player out, `end` closes the round without asking; a table that counts
    // aloud says so with 0 points.
    t.says("out ann");
    t.says("left ben K");
    assert!(
        t.says("end")
            .starts_with("recorded  round 2 closed: ann 0, ben 5\n")
    );
    t.says("points ann 12");
    t.says("points ben 0");
    assert!(
        t.says("end")
            .starts_with("recorded  round 3 closed: ann 12, ben 0\n")
    );
}

/// `hint` names the best move open to the player whose turn it is; `next` does not say
/// a miss of a word of one letter (the table plays with them: A and I are missed on
/// almost every turn), which `hint` still gives when asked.
#[test]
fn hint_is_asked_for_and_a_one_letter_miss_is_not_said_after_next() {
    let mut t = AtTable::new("word-taking ann ben --name h");
    assert_eq!(
        t.says("hint"),
        "hint: nothing is open to ann now: no take or make is possible in any word the table's rules allow"
    );
    t.says("draw ann A");
    assert_eq!(t.says("hint"), "hint: ann could make A; 1 make in all");
    assert_eq!(
        t.says("next"),
        "recorded  ann's turn ends; A goes to the centre; ben to play"
    );
    t.says("draw ben I");
    assert_eq!(
        t.says("next"),
        "recorded  ben's turn ends; I goes to the centre; ann to play"
    );
    t.says("draw ann T");
    assert_eq!(
        t.says("next"),
        "recorded  ann's turn ends; T goes to the centre; ben to play\nmissed: ann could have made AT; 5 makes in all"
    );
    assert_eq!(t.says("hint"), "hint: ben could make AT; 5 makes in all");
    assert_eq!(
        t.says("hint AT"),
        "not recorded: hint takes no arguments: it names the best move open to the player whose turn it is; nothing changed"
    );
}

/// The turn that empties the game (the box empty under `--on-empty finish`, the
/// default) names nobody to play next.
#[test]
fn the_turn_that_ends_the_game_names_nobody_to_play_next() {
    let dir = crate::testing::tempdir().expect("temp dir");
    let small = dir.path().join("small.json");
    std::fs::write(&small, r#"{"name":"small","letters":{"C":1,"A":1,"T":1}}"#).expect("written");
    let mut t = AtTable::new(&format!(
        "word-taking ann ben --letters {} --target-words 1 --name b",
        small.display()
    ));
    for line in ["draw ann C", "next", "draw ben A", "next"] {
        t.says(line);
    }
    assert_eq!(
        t.says("draw ann T"),
        "recorded  ann draws T; the box is empty now: the game ends when ann's turn ends, the most words winning (house rule, --on-empty finish)"
    );
    let said = t.says("next");
    assert!(
        said.starts_with("recorded  ann's turn ends; T goes to the centre\nrecorded  the game ends: the box is empty; ann and ben hold 0 words each and share the win\n"),
        "{said}"
    );
}

/// A pardon is a ruling in the Markdown export, and a word pardoned is no longer said
/// to have been ruled not allowed when it is checked.
#[test]
fn a_pardon_is_a_ruling_in_the_export_and_check_hears_of_it() {
    let mut t = AtTable::new("take-two ann ben --name p");
    t.says("penalty ben played DONT");
    t.says("pardon ben");
    t.says("penalty ann");
    t.says("pardon ann");
    let checked = t.says("check DONT");
    assert!(
        checked.contains("\nDONT was ruled before: allowed ("),
        "{checked}"
    );
    assert!(
        checked.ends_with(", round 1, pardon ben: +25 (played DONT) taken back)"),
        "{checked}"
    );
    let md = t.says("export md");
    let rows: Vec<&str> = md
        .lines()
        .filter(|l| l.contains("| pardon "))
        .map(|l| l.split_once(" | ").map_or(l, |(_, rest)| rest))
        .collect();
    assert_eq!(
        rows,
        [
            "1 | pardon ben | DONT | allowed | +25 (played DONT) taken back |",
            "1 | pardon ann | — | ruled | +25 taken back |"
        ],
        "{md}"
    );
}

/// A verb of another game (a word of the README and GUIDE) says whose it is and what
/// to type here instead, in one line.
#[test]
fn another_game_s_verb_says_what_to_type_here() {
    let mut t = AtTable::new("take-two ann ben --name v");
    assert_eq!(
        t.says("hint"),
        "not recorded: hint is a verb of Word Making & Word Taking, not of Take Two: here `check WORD` judges a word, `grid PLAYER` a player's whole grid; nothing changed"
    );
    assert_eq!(
        t.says("cover ann CAT"),
        "not recorded: cover is a verb of Board Chips, not of Take Two: here `help` lists Take Two's verbs; nothing changed"
    );
    let mut w = AtTable::new("word-taking ann ben --name v");
    assert_eq!(
        w.says("points ann 3"),
        "not recorded: points is a verb of Take Two, not of Word Making & Word Taking: here a player scores the words they hold: `make` and `take` record them, `score` shows them; nothing changed"
    );
}

/// A draw typed wrong, with a make that used its letter after it, is corrected in one
/// line: the fix offers to carry the letter into the make, judged again.
#[test]
fn a_draw_fixed_carries_its_letter_into_the_make_that_used_it() {
    let mut t = AtTable::new("word-taking ann ben --name f");
    t.plays(&[
        "draw ann L",
        "next",
        "draw ben G",
        "next",
        "draw ann E",
        "make ann LEG",
        "next",
    ]);
    assert_eq!(
        t.says("fix #5 draw ann O"),
        "with #5 as draw ann O, later entries used what it changes: fix #6 (ann makes LEG (E drawn, G L from the centre)) as `make ann LOG` too? [y/n]"
    );
    assert_eq!(
        t.says("y"),
        "fixed #5: ann draws E -> ann draws O; totals unchanged\nfixed #6: ann makes LEG (E drawn, G L from the centre) -> ann makes LOG (O drawn, G L from the centre); totals unchanged"
    );
    let history = t.says("history");
    assert!(history.contains("LOG"), "{history}");
    // The carried fix is one entry, #8: one undo takes all of it back, one redo puts it
    // back whole.
    assert_eq!(
        t.says("undo"),
        "undid #8 fix #5: draw ann O; fix #6: make ann LOG; totals unchanged"
    );
    assert!(t.says("history").contains("LEG"));
    assert!(
        t.says("redo")
            .starts_with("redid #8 fix #5: draw ann O; fix #6: make ann LOG")
    );
    // A change that would carry into no word the judge allows is refused as before.
    t.says("draw ben S");
    let took = t.says("take ben SLOG LOG");
    assert!(
        took.contains("recorded  ben takes LOG from ann as SLOG"),
        "{took}"
    );
    let refused = t.says("fix #11 draw ben T");
    assert!(
        refused.starts_with(
            "not recorded: with #11 as draw ben T, #12 (ben takes LOG from ann as SLOG"
        ),
        "{refused}"
    );
    // A no leaves the log as it was.
    assert!(
        t.says("fix #11 draw ben B")
            .ends_with("as `take ben BLOG from ann LOG` too? [y/n]")
    );
    assert_eq!(t.says("n"), "nothing recorded");
    assert!(t.says("history").contains("SLOG"));
}

/// While a question waits, the prompt says so and names the answers it takes; the
/// answer gives the usual prompt back.
#[test]
fn the_prompt_says_it_waits_for_an_answer_and_names_the_answers() {
    let mut t = AtTable::new("take-two ann ben --name fri");
    assert_eq!(t.repl.prompt(), "take-two fri r1> ");
    t.plays(&["check zebra"]);
    let asked = t.says("penalty ben played ZEBRA");
    assert!(asked.ends_with("record anyway? [y/n]"), "{asked}");
    assert_eq!(t.repl.prompt(), "take-two fri r1 [y/n]> ");
    assert_eq!(t.says("n"), "nothing recorded");
    assert_eq!(t.repl.prompt(), "take-two fri r1> ");
}

/// Issue 56: at a terminal, `end` of a round that misses the round total asks whether
/// to close it as it stands (a Hearts moon); yes closes it, no leaves it open.
#[test]
fn end_of_a_round_off_its_total_asks_at_a_terminal() {
    let mut t = AtTable::new("scorepad ann ben cat dan --round-total 26 --name h");
    t.plays(&["points 26 26 26 0"]);
    assert_eq!(
        t.says("end"),
        "round 1 comes to 78, not the usual 26; close it as it stands? [y/n]"
    );
    assert_eq!(t.says("n"), "nothing recorded");
    assert_eq!(t.repl.prompt(), "scorepad h r1> ");
    t.says("end");
    let closed = t.says("y");
    assert!(
        closed.starts_with("recorded  round 1 closed at 78, not the usual 26: ann 26"),
        "{closed}"
    );
    assert_eq!(t.repl.prompt(), "scorepad h r2> ");
}

/// Issue 56: `new` at the prompt greets as `umpire new` does (the standings, who is to
/// enter), and `quit` with the page served says that the page and the link stop.
#[test]
fn new_at_the_prompt_greets_as_the_shell_does_and_quit_says_the_page_stops() {
    let mut t = AtTable::new("take-two ann ben --name first");
    let started = t.says("new scorepad cat dan --name second");
    let lines: Vec<&str> = started.lines().collect();
    assert_eq!(
        lines.first().copied(),
        Some(
            "started scorepad \"second\": cat, dan; open-ended (`finish` ends it); highest total wins"
        )
    );
    assert!(lines[1].starts_with("logged to "), "{started}");
    assert!(
        lines[1].ends_with(
            "second.jsonl (each entry as it is recorded); `umpire resume second` carries on"
        ),
        "{started}"
    );
    assert_eq!(
        lines.last().copied(),
        Some("round 1: no entry yet for cat and dan (points PLAYER N)"),
        "{started}"
    );
    assert!(started.contains("│ cat    ┆     0 ┆"), "{started}");
    assert_eq!(t.says("quit"), "saved \"second\"; bye");
    t.says("serve --listen 127.0.0.1:0");
    assert_eq!(
        t.says("quit"),
        "saved \"second\"; the scoreboard page and the scorekeeper's link stop; bye"
    );
}
