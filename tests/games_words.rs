//! What the games said wrong in round four of the table's words (issue 56, items 6, 9,
//! 10 and 11), each as the line typed and the reply: Word Taking's `missed` saying
//! what it searched; a card already laid named before a run's shape, and a draw typed
//! wrong named with its `fix`; Board Chips' letters alone resolved as a whole turn, a
//! square the other tile opens said so, a board file checked at the prompt, and
//! `history N` keeping a later fix apart from the turn's own entries; the rulings of a
//! names game, and a plural name's reason.
//!
//! Lines are typed through the binary in script mode.

use crate::common;

use common::Table;

fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
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

// Item 6: what `missed` searched.

/// A names game's hint offers the names a dictionary lists to its level; LOPEZ (a
/// surname, and a town) is rarer, and possible: `missed` and `hint` say what they
/// searched and that a rarer name is open, never that nothing is possible.
#[test]
fn missed_says_what_it_searched_and_that_a_rarer_name_is_open() {
    let t = Table::new();
    let lines = [
        "missed",
        "draw ann L",
        "next",
        "draw ben O",
        "next",
        "draw cat P",
        "next",
        "draw ann E",
        "next",
        "draw ben Z",
        "missed",
        "hint",
        "make ben LOPEZ",
    ];
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "cat",
            "--rules",
            "names-places",
            "--hint-level",
            "10",
            "--name",
            "lopez",
        ],
        &script(&lines),
    );
    let out = &run.stdout;
    assert_eq!(
        reply_to(out, "missed"),
        "open to ann now (no letter drawn; the centre is empty; names-places (level 80); names to SCOWL 10):\n  nothing: no take or make is possible in any name the table's rules allow\n"
    );
    // The second `missed`: the output from its prompt's line on.
    let second = out.rfind("> missed\n").expect("missed typed twice");
    let line = out[..second].rfind('\n').map_or(0, |i| i + 1);
    assert_eq!(
        reply_to(&out[line..], "missed"),
        "open to ben now (drawn Z; centre ELOP; names-places (level 80); names to SCOWL 10):\n  nothing among names to SCOWL 10, the hint's level; 5 makes are open in rarer names the table's rules allow\n"
    );
    assert_eq!(
        reply_to(out, "hint"),
        "hint: nothing is open to ben now among names to SCOWL 10, the hint's level; 5 makes are open in rarer names the table's rules allow\n"
    );
    run.says("recorded  ben makes LOPEZ (Z drawn, E L O P from the centre)");
}

/// The same of words: ZA (SCOWL 80) is the one make of Z and A at a table of two
/// letters or more, above the hint's level 50.
#[test]
fn missed_counts_a_rarer_word_the_table_allows() {
    let t = Table::new();
    let lines = ["draw ann Z", "next", "draw ben A", "missed"];
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--min-length",
            "2",
            "--name",
            "za",
        ],
        &script(&lines),
    );
    assert_eq!(
        reply_to(&run.stdout, "missed"),
        "open to ben now (drawn A; centre Z; word-taking (level 80, min length 2); words to SCOWL 50):\n  nothing among words to SCOWL 50, the hint's level; 1 make is open in a rarer word the table's rules allow\n"
    );
}

// Item 9: the slip named, not its consequence.

/// ruth lays JC QC KC as run A, then types KC again in a new run, and in a take onto
/// her run B of spades: the KC is the slip, not the five clubs a run from 7C to KC would
/// need, nor that KC is no spade.
#[test]
fn a_lay_with_a_card_already_in_a_run_names_the_card_and_the_run_not_the_gap() {
    let t = Table::new();
    let lines = [
        "deal ann 9H",
        "draw ruth",
        "lay ruth JC QC KC",
        "lay ruth 2S 3S 4S",
        "discard ruth 2D",
        "draw ann",
        "discard ann 4H",
        "draw ruth",
        "lay ruth 3C 4C 5C 6C 7C KC",
        "take ruth 5S KC onto B",
        "lay ruth 4H 5H 6H",
    ];
    let run = t.run(
        &["new", "take-rummy", "ann", "ruth", "--name", "laid"],
        &script(&lines),
    );
    assert_eq!(
        reply_to(&run.stdout, "lay ruth 3C 4C 5C 6C 7C KC"),
        "not recorded: KC is already on the table in run A (since #3): the deck has one of each card; nothing changed\n"
    );
    assert_eq!(
        reply_to(&run.stdout, "take ruth 5S KC onto B"),
        "not recorded: KC is already on the table in run A (since #3): the deck has one of each card; nothing changed\n"
    );
    // The discard pile's top, with the draw typed from the stock: still the way out.
    assert_eq!(
        reply_to(&run.stdout, "lay ruth 4H 5H 6H"),
        "not recorded: 4H is already on the discard pile (since #7): the deck has one of each card; ruth's draw at #8 was typed as from the stock: if ruth took 4H from the discard pile, `fix #8 draw ruth 4H`; nothing changed\n"
    );
}

/// jo drew P and the scorekeeper typed B: POE, ROPE... are all refused for a P not on
/// the table; the reply names the draw and the line that mends it, which works.
#[test]
fn a_make_one_letter_short_names_the_draw_that_may_have_been_typed_wrong_and_its_fix() {
    let t = Table::new();
    let lines = [
        "draw ann O",
        "next",
        "draw jo E",
        "next",
        "draw ann R",
        "next",
        "make jo POE",
        "draw jo B",
        "make jo POE",
        "make jo ZOO",
        "fix #7 draw jo P",
        "make jo ROPE",
        "next",
        "draw ann T",
        "take ann ROPES from jo",
    ];
    let run = t.run(
        &["new", "word-taking", "ann", "jo", "--name", "misheard"],
        &script(&lines),
    );
    let said: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("not recorded"))
        .collect();
    assert_eq!(
        said,
        [
            "not recorded: cannot make POE: P is not on the table (no drawn letter; centre: E O R); jo has not drawn this turn: if jo drew P, `draw jo P` first, then `make jo POE` again; nothing changed",
            "not recorded: cannot make POE: P is not on the table (drawn: B; centre: E O R); jo's draw at #7 was typed as B: if jo drew P, `fix #7 draw jo P`, then `make jo POE` again; nothing changed",
            // Two letters short: no one draw explains it.
            "not recorded: cannot make ZOO: another O and Z are not on the table (drawn: B; centre: E O R); nothing changed",
            "not recorded: ROPES from ROPE: S is not on the table (drawn: T; the centre is empty); ann's draw at #11 was typed as T: if ann drew S, `fix #11 draw ann S`, then `take ann ROPES from jo` again; nothing changed",
        ]
    );
    run.says("fixed #7: jo draws B -> jo draws P; totals unchanged");
    run.says("recorded  jo makes ROPE (P drawn, E O R from the centre)");
}

/// The draw named is the one that counts now: typed P, fixed to B, it is #9 (the
/// fix's own line is the way back), whatever notes and checks lie between.
#[test]
fn the_draw_named_is_the_draw_as_a_fix_left_it() {
    let t = Table::new();
    let lines = [
        "draw ann O",
        "note a note",
        "next",
        "draw jo E",
        "check cat",
        "next",
        "draw ann R",
        "next",
        "draw jo P",
        "fix #9 draw jo B",
        "make jo POE",
    ];
    let run = t.run(
        &["new", "word-taking", "ann", "jo", "--name", "refixed"],
        &script(&lines),
    );
    assert_eq!(
        reply_to(&run.stdout, "make jo POE"),
        "not recorded: cannot make POE: P is not on the table (drawn: B; centre: E O R); jo's draw at #9 was typed as B: if jo drew P, `fix #9 draw jo P`, then `make jo POE` again; nothing changed\n"
    );
}

// Item 10: Board Chips.

/// BELL with its B and E covered, and FLAG below (its F and L open only in that order).
const BELL: &str = "BELL..\nA.....\nT..FLAG\n";

/// Starts a board game on [`BELL`] with ann's B and E covered, then types `lines`.
fn on_bell(t: &Table, name: &str, players: &[&str], lines: &[&str]) -> common::Run {
    std::fs::write(t.dir().join("bell.txt"), BELL).expect("board written");
    let mut args = vec!["new", "board-chips"];
    args.extend(players);
    args.extend(["--board", "bell.txt", "--name", name]);
    let mut typed = vec!["cover ann B E"];
    typed.extend(lines);
    t.run(&args, &script(&typed))
}

/// BELL's two Ls are all dora can cover: `L L` is L1 then L2, in either order, once.
#[test]
fn two_letters_alike_alone_are_the_one_turn_they_can_be() {
    let t = Table::new();
    let run = on_bell(&t, "bell", &["ann", "dora"], &["cover dora L L"]);
    assert_eq!(
        reply_to(&run.stdout, "cover dora L L"),
        "recorded  dora covers L1 of BELL, L2 of BELL: completes BELL, 1 chip\n"
    );
    // Where two Ls could be any two of three squares, the squares are said once.
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            "example",
            "--name",
            "ells",
        ],
        &script(&["cover ann L L"]),
    );
    assert_eq!(
        reply_to(&run.stdout, "cover ann L L"),
        "not recorded: L could be L of LEAF, L of LEMON or L of LAKE: say which, e.g. L of LEAF; nothing changed\n"
    );
}

/// eli's L beside FLAG's F could be BELL's L1, open now, or FLAG's L, open only once
/// its F is covered: the reply offers both and says why FLAG's is offered.
#[test]
fn a_square_the_other_tile_opens_is_offered_saying_so() {
    let t = Table::new();
    let run = on_bell(
        &t,
        "flag",
        &["ann", "eli"],
        &["cover eli L, F of FLAG", "cover eli F of FLAG, L of FLAG"],
    );
    assert_eq!(
        reply_to(&run.stdout, "cover eli L, F of FLAG"),
        "not recorded: L could be L1 of BELL or L of FLAG (open only after F of FLAG this turn): say which, e.g. L1 of BELL; nothing changed\n"
    );
    run.says("recorded  eli covers F of FLAG, L of FLAG: starts FLAG");
}

/// A board file checked at the prompt as `umpire board FILE` checks it, in a session
/// and out of one, the session left as it was; what cannot be read is one line.
#[test]
fn a_board_file_is_checked_at_the_prompt_as_at_the_shell() {
    let t = Table::new();
    // An F over FLAG's L by mistake: a word FL no one meant.
    std::fs::write(t.dir().join("bell.txt"), "BELL.\nA...F\nT..FLAG\n").expect("written");
    let shell = t.run(&["board", "bell.txt"], "");
    assert_eq!(shell.code, Some(1), "{}", shell.stdout);
    let lines = [
        "board bell.txt",
        "board",
        "board -",
        "board nowhere.txt",
        "board bell.txt --jsn",
        "history",
    ];
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "evening"],
        &script(&lines),
    );
    assert_eq!(reply_to(&run.stdout, "board bell.txt"), shell.stdout);
    assert!(
        shell
            .stdout
            .contains("FL (down from r2c5): two letters that touch, F over L of FLAG"),
        "{}",
        shell.stdout
    );
    assert_eq!(
        run.refusals(),
        [
            "not checked: board takes FILE [--json], e.g. `board my-board.txt`",
            "not checked: board - reads standard input, which is where the prompt reads its lines: name a file (`umpire board -` at the shell reads standard input)",
            "not checked: cannot read board file nowhere.txt: No such file or directory (os error 2)",
            "not checked: unexpected argument '--jsn' found: board takes FILE [--json], e.g. `board my-board.txt`",
        ]
    );
    assert_eq!(reply_to(&run.stdout, "history"), "nothing recorded yet\n");
    // No session open: the same answer.
    let run = t.run(&[], "board bell.txt\n");
    assert!(run.stdout.contains(&shell.stdout), "{}", run.stdout);
}

/// A rack told makes the entries run ahead of the turns: dora's cover at #3 is turn 2,
/// and its fix, typed in turn 3, is listed under turn 2 as a fix typed later, by its
/// own number and turn, never as a row of turn 2's table; `history 3` has it as a row.
#[test]
fn history_of_a_turn_keeps_a_later_fix_of_it_apart_from_the_turn_s_entries() {
    let t = Table::new();
    let run = on_bell(
        &t,
        "later",
        &["ann", "dora"],
        &[
            "rack dora LLG????",
            "cover dora L1 of BELL, L2 of BELL",
            "fix #3 cover dora L L",
            "history 2",
            "history 3",
        ],
    );
    let two = reply_to(&run.stdout, "history 2");
    let rows: Vec<&str> = two.lines().filter(|l| l.starts_with("│ ")).collect();
    assert_eq!(rows.len(), 3, "{two}");
    assert!(
        rows[1].starts_with("│ 2 ") && rows[1].contains("dora's rack: G L L"),
        "{two}"
    );
    assert!(
        rows[2].starts_with("│ 3 ") && rows[2].contains("(fixed by #4;"),
        "{two}"
    );
    let later = two.lines().last().unwrap_or_default();
    assert!(
        later.starts_with("fixed later: #4 (turn 3, ")
            && later.ends_with(") fix #3: cover dora L L"),
        "{two}"
    );
    let three = reply_to(&run.stdout, "history 3");
    assert!(three.contains("│ 4 "), "{three}");
    assert!(!three.contains("fixed later"), "{three}");
}

// Item 11: the rulings of a names game, and a plural name's reason.

/// `rulings` is what was ruled: a check, a move refused for its word, the table's allow
/// and deny; never a name allowed in play (ann's PARIS), in the prompt's list and the
/// export's alike. A plural name is refused saying which name it is the plural of, in
/// the spelling the letters mean (Americas, not America's).
#[test]
fn a_names_game_s_rulings_are_its_rulings_and_a_plural_name_says_whose() {
    let t = Table::new();
    let lines = [
        "draw ann P",
        "next",
        "draw ben A",
        "next",
        "draw ann R",
        "next",
        "draw ben I",
        "check lopez americas",
        "make ben PARI",
        "next",
        "draw ann S",
        "make ann PARIS",
        "allow zzz",
        "deny rome",
        "next",
        "rulings",
    ];
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--rules",
            "names-places",
            "--name",
            "paris",
        ],
        &script(&lines),
    );
    run.says("recorded  ann makes PARIS (S drawn, A I P R from the centre)");
    let rulings = reply_to(&run.stdout, "rulings");
    let rows: Vec<Vec<&str>> = rulings
        .lines()
        .filter(|l| l.starts_with("│ 20"))
        .map(|l| {
            l.trim_end_matches('│')
                .split('┆')
                .skip(2)
                .map(str::trim)
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        [
            vec![
                "check",
                "LOPEZ",
                "allowed",
                "geographical name (Lopez, a town: GeoNames)"
            ],
            vec![
                "check",
                "AMERICAS",
                "not allowed",
                "not a geographical name (Americas: the plural of America)"
            ],
            vec![
                "make ben PARI",
                "PARI",
                "not allowed",
                "not a geographical name (an ordinary word)"
            ],
            vec!["allow", "ZZZ", "allowed", "house ruling"],
            vec!["deny", "ROME", "not allowed", "house ruling"],
        ]
    );
    let exported: Vec<(String, Vec<String>)> = t.json("paris")["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .map(|r| {
            (
                r["asked"].as_str().unwrap_or_default().to_string(),
                r["words"]
                    .as_array()
                    .map(|w| {
                        w.iter()
                            .map(|v| v["word"].as_str().unwrap_or_default().to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
            )
        })
        .collect();
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        exported,
        [
            ("check".to_string(), words(&["LOPEZ", "AMERICAS"])),
            ("make ben PARI".to_string(), words(&["PARI"])),
            ("allow".to_string(), words(&["ZZZ"])),
            ("deny".to_string(), words(&["ROME"])),
        ]
    );
}
