//! TAKE rummy's hands tracked turn by turn from the deal, through the binary in script
//! mode: every play the sheet forbids refused (a turn out of order, a second draw, a card
//! taken from the pile discarded again, a card a run could take discarded), floaters,
//! going out, the deal passing left, ten cards each, a draw from the stock or the pile,
//! undo, redo and fix of a draw and a discard, the held cards umpire counts, and a dead
//! end named with its way out.

use crate::common;

use crate::take_rummy::{last_table, new_args, says};
use common::{Table, pairs, reply_to, script, totals};
use serde_json::json;

/// A whole hand among three, tracked from the deal: every refusal the sheet's turn
/// asks for, labels that survive takes (A moves to ann, B to ben and then to cal, who
/// joins it with C), a floater, and going out.
const WHOLE_HAND: &[&str] = &[
    "deal ann 9H",
    "draw ann",
    "lay ben 5C 6C 7C",
    "draw ben 8H",
    "draw ben 9H",
    "draw ben",
    "lay ben 5C 6C 7C",
    "lay ben 9S 10S JS QS KS AS",
    "discard ben 9H",
    "discard ben 8C",
    "discard ben 6C",
    "discard ben 2D",
    "draw cal 2D",
    "lay cal 2D 3D 4D",
    "discard cal KS",
    "draw ann",
    "take ann 8C 9C onto 5C-7C",
    "lay ann JD QD KD",
    "discard ann 2H",
    "draw ben",
    "take ben 5D 6D onto B",
    "take ben 7D 8D 9D 10D onto B C",
    "take ben 7D onto 6D",
    "discard ben 4S",
    "draw cal",
    "take cal 8D 9D 10D onto B C",
    "discard cal 5S",
    "draw ann",
    "discard ann AD",
    "discard ann 7S",
    "draw ben",
    "discard ben 3S",
    "draw cal",
    "discard cal 6S",
    "draw ann 6S",
    "lay ann 6S 7S 8S",
    "lay ann 6S 8S JK",
    "table",
    "draw ben",
    "discard ben 10C",
    "discard ben 2C",
    "draw cal",
    "discard cal QH",
    "draw ann QH",
    "draw ann",
    "discard ann 3C",
    "draw ben",
    "held ben 8H",
    "held ben 9H",
    "held cal 4H 5H",
    "held cal 4H",
    "end",
];

#[test]
fn a_hand_tracked_from_the_deal_refuses_every_play_the_sheet_forbids() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben", "cal"], "whole", &[]),
        &script(WHOLE_HAND),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: it is ben's turn, not ann's (ben is to draw); nothing changed",
            "not recorded: ben has not drawn yet this turn: `draw ben` (the stock) or `draw ben CARD` (the top of the discard pile) first; nothing changed",
            "not recorded: 8H is not the top of the discard pile: the top is 9H; nothing changed",
            "not recorded: ben has already drawn this turn: a turn has one draw, then melds, then a discard; nothing changed",
            "not recorded: ben holds 5 cards by umpire's count: 6 cards from hand are more than that; nothing changed",
            "not recorded: ben took 9H from the discard pile at #2: the sheet forbids discarding it again; nothing changed",
            "not recorded: 8C could be added to run A (5C 6C 7C), making 5C-8C: the sheet forbids discarding it; nothing changed",
            "not recorded: 6C is already on the table in run A (since #3): the deck has one of each card; nothing changed",
            "not recorded: ben holds 3 cards by umpire's count: 4 cards from hand are more than that; nothing changed",
            "not recorded: AD could be added to run B (2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD), making 2D-AD: the sheet forbids discarding it; nothing changed",
            "not recorded: 7S is already on the discard pile (since #20): the deck has one of each card; nothing changed",
            "not recorded: 10C could be added to run A (5C 6C 7C 8C 9C), making 5C-10C: the sheet forbids discarding it; nothing changed",
            "not recorded: ann is a floater: a floater draws from the stock (the sheet: not the discard pile's QH); nothing changed",
            "not recorded: ann went out: play is over this hand; record the others' held cards, then `end`; nothing changed",
            "not recorded: ben took 9H from the discard pile and has not played it: it is among their held cards; nothing changed",
            "not recorded: cal holds 1 card by umpire's count: a held entry of 2 is more than that; nothing changed",
        ]
    );
    says(
        &run.stdout,
        &[
            "recorded  ann deals hand 1, 7 cards each; 9H turned up; ben plays first",
            "recorded  ben takes 9H from the discard pile: holds 8 cards",
            "recorded  ben lays 5C 6C 7C: 15 (run A); ben holds 5 cards",
            "recorded  ben discards 2D: holds 4 cards; cal to draw",
            "recorded  ann takes ben's 5C 6C 7C with 8C 9C: 5C-9C, 25 (run A); ann holds 6 cards",
            "recorded  ben takes cal's 2D 3D 4D with 5D 6D: 2D-6D, 25 (run B); ben holds 3 cards",
            "recorded  ben adds 7D to their 2D 3D 4D 5D 6D: 2D-7D, 30 (run B); ben holds 2 cards",
            "recorded  cal takes ben's 2D 3D 4D 5D 6D 7D and ann's JD QD KD with 8D 9D 10D: 2D-KD, 80 (run B); cal holds 2 cards",
            "recorded  ann lays 6S JK=7S 8S: 30 (run D); ann has no cards left: a floater; ben to draw",
            "recorded  cal discards QH: holds 1 card; ann to draw (a floater: from the stock)",
            "recorded  ann draws from the stock: holds 1 card",
            "recorded  ann discards 3C, their last card: ann goes out; held cards wanted from ben and cal, then `end`",
            "recorded  hand 1 closed: ann 55, ben -5, cal 75",
            "next: ben deals hand 2 (`deal ben CARD`)",
        ],
    );
    says(
        last_table(&run.stdout),
        &[
            "runs on the table, hand 1\nA  ann  5C 6C 7C 8C 9C                        value  25\nB  cal  2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD  value  80\nD  ann  6S JK=7S 8S                           value  30\n",
            "the turn, hand 1\ndealer ann; discard pile 3S on top (6 cards); stock 26\n",
            "cards in hand: ann 0, ben 1, cal 1\nturn: ben, to draw\nfloating: ann\n",
        ],
    );
    let v = t.json("whole");
    assert_eq!(totals(&v), pairs(&[("ann", 55), ("ben", -5), ("cal", 75)]));
    // The export has every play of the hand, in order, and the runs it ended with.
    let plays = &v["plays"][0];
    assert_eq!(plays["hand"], 1);
    assert_eq!(plays["dealer"], "ann");
    let all = plays["plays"].as_array().expect("plays");
    assert_eq!(all.len(), 32);
    assert_eq!(all[0], json!({"play": "deal", "player": "ann", "up": "9H"}));
    assert_eq!(
        all[1],
        json!({"play": "draw", "player": "ben", "from": "discard", "card": "9H"})
    );
    assert_eq!(
        all[16],
        json!({"play": "take", "player": "cal", "cards": ["8D", "9D", "10D"], "onto": ["B", "C"],
               "run": "B", "makes": "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "value": 80, "locked": false})
    );
    assert_eq!(
        all[31],
        json!({"play": "discard", "player": "ann", "card": "3C", "out": true})
    );
    assert_eq!(
        plays["table"]
            .as_array()
            .map(|t| t.iter().map(|r| r["run"].clone()).collect::<Vec<_>>()),
        Some(vec![json!("A"), json!("B"), json!("D")])
    );
    // The joining take refused for its cards is kept as a ruling; the others, which
    // were about the count or the turn, are not.
    assert!(run.ruled_out().is_empty(), "{:?}", run.ruled_out());
}

#[test]
fn a_floater_who_melds_the_card_drawn_floats_on_and_one_who_discards_it_wins() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "float", &[]),
        &script(&[
            "deal ann 2C",
            "draw ben",
            "lay ben 5H 6H 7H",
            "lay ben 9S 10S JS QS KS",
            "discard ben 2S",
            "draw ann 2C",
            "discard ann 2C",
            "discard ann 3D",
            "draw ben 3D",
            "draw ben",
            "take ben 8H onto A",
            "draw ann",
            "discard ann 4D",
            "draw ben",
            "discard ben 8S",
            "discard ben 4S",
            "held ann 5C 6C 7C 9C 10C JC QC",
            "held ann 2C 3C 4C 5C 6C 7C 8C 9C",
            "held ann 2C JD QD 5C 6C 7C 9C",
            "held ben 9C",
            "end",
        ]),
    );
    says(
        &run.stdout,
        &[
            "recorded  ben lays 9S 10S JS QS KS: 45 (run B); ben has no cards left: a floater; ann to draw",
            "recorded  ann discards 3D: holds 7 cards; ben to draw (a floater: from the stock)",
            "recorded  ben draws from the stock: holds 1 card",
            "recorded  ben adds 8H to their 5H 6H 7H: 5H-8H, 20 (run A); ben has no cards left: a floater; ann to draw",
            "recorded  ben discards 4S, their last card: ben goes out; held cards wanted from ann, then `end`",
            // ben holds nothing: no held entry is needed from him.
            "recorded  hand 1 closed: ann -45, ben 65",
        ],
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: it is ann's turn, not ben's (ann is to draw); nothing changed",
            "not recorded: ann took 2C from the discard pile at #5: the sheet forbids discarding it again; nothing changed",
            "not recorded: ben is a floater: a floater draws from the stock (the sheet: not the discard pile's 3D); nothing changed",
            "not recorded: 8S could be added to run B (9S 10S JS QS KS), making 8S-KS: the sheet forbids discarding it; nothing changed",
            "not recorded: ann took 2C from the discard pile and has not played it: it is among their held cards; nothing changed",
            "not recorded: ann holds 7 cards by umpire's count: a held entry of 8 is more than that; nothing changed",
            "not recorded: ben holds 0 cards by umpire's count: a held entry of 1 is more than that; nothing changed",
        ]
    );
}

#[test]
fn a_floater_who_goes_out_is_no_longer_called_floating() {
    // Played at a table: bob floated, drew, discarded his last card and won the hand;
    // `table` still said "floating: bob" under "bob went out".
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "floatout", &[]),
        &script(&[
            "deal ann 2C",
            "draw ben",
            "lay ben 5H 6H 7H",
            "lay ben 9S 10S JS QS KS",
            "table",
        ]),
    );
    assert!(
        last_table(&run.stdout).contains("floating: ben"),
        "{}",
        run.stdout
    );
    let run = t.run(
        &["open", "floatout"],
        &script(&[
            "draw ann",
            "discard ann 3D",
            "draw ben",
            "discard ben 4S",
            "table",
        ]),
    );
    let table = last_table(&run.stdout);
    assert!(
        table.contains("ben went out: held cards wanted from ann, then `end`"),
        "{}",
        run.stdout
    );
    assert!(!table.contains("floating"), "{}", run.stdout);
}

#[test]
fn the_deal_passes_left_hand_by_hand_and_the_prompt_says_whose_it_is() {
    let t = Table::new();
    let quick = |dealer: &'static str, up: &'static str| {
        vec![dealer, up, "held ann -", "held ben -", "held cal -", "end"]
    };
    let mut lines: Vec<&str> = Vec::new();
    for (deal, up) in [
        ("deal ann 2C", "deal cal 3C"),
        ("deal ben 3C", "deal ann 4C"),
    ] {
        lines.extend(quick(deal, up));
    }
    // Hand 3 is scored from end-of-hand entries; the deal still passes (to cal, then ann).
    lines.extend([
        "laid ann -",
        "laid ben -",
        "laid cal -",
        "held ann -",
        "held ben -",
        "held cal -",
        "end",
        "deal cal 5C",
        "deal ann 5C",
    ]);
    let run = t.run(
        &new_args(&["ann", "ben", "cal"], "deals", &[]),
        &script(&lines),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: the deal starts a hand, and hand 1 already has entries; `undo` them first; nothing changed",
            "not recorded: the deal starts a hand, and hand 2 already has entries; `undo` them first; nothing changed",
            "not recorded: it is ann's deal this hand: the deal passes left from ben, who dealt hand 2; nothing changed",
        ]
    );
    says(
        &run.stdout,
        &[
            "next: ben deals hand 2 (`deal ben CARD`)",
            "take-rummy deals h2> deal ben 3C\nrecorded  ben deals hand 2, 7 cards each; 3C turned up; cal plays first",
            "next: cal deals hand 3 (`deal cal CARD`)",
            "recorded  ann deals hand 4, 7 cards each; 5C turned up; ben plays first",
        ],
    );
    // Two players alternate; the greeting on resuming says whose deal it is.
    let run = t.run(
        &new_args(&["ann", "ben"], "two", &[]),
        &script(&["deal ben 2C", "held ann -", "held ben -", "end"]),
    );
    says(&run.stdout, &["next: ann deals hand 2 (`deal ann CARD`)"]);
    let run = t.run(&["resume", "two"], "");
    says(
        &run.stdout,
        &["hand 2: no entries yet; ann's deal (`deal ann CARD`)"],
    );
    let run = t.run(&["resume", "two"], "deal ann 7H\ndraw ben\n");
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    let run = t.run(&["resume", "two"], "");
    says(
        &run.stdout,
        &["hand 2: ann dealt; 7H on the discard pile; turn: ben, drawn: to meld and discard"],
    );
}

/// Issue 42: `--deal 10` deals ten each (the sheet also speaks of "the ten cards in
/// your hand"): said in `new`'s reply, counted from at the deal, and one deck deals ten
/// to at most five players. Seven by default.
#[test]
fn a_table_may_deal_ten_each() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "ten", &["--deal", "10"]),
        &script(&[
            "deal ann 9H",
            "draw ben",
            "lay ben 5C 6C 7C",
            "discard ben 2D",
            "table",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    says(
        &run.stdout,
        &[
            "take-rummy \"ten\": ann, ben; to 500 points; 10 cards dealt each from a deck of 52 and 2 jokers",
            "recorded  ann deals hand 1, 10 cards each; 9H turned up; ben plays first",
            "recorded  ben draws from the stock: holds 11 cards",
            "recorded  ben lays 5C 6C 7C: 15 (run A); ben holds 8 cards",
            "recorded  ben discards 2D: holds 7 cards; ann to draw",
            "dealer ann; discard pile 2D on top (2 cards); stock 32",
        ],
    );
    assert_eq!(t.json("ten")["options"], json!({"target": 500, "deal": 10}));
    let six = ["a", "b", "c", "d", "e", "f"];
    let run = t.run(
        &new_args(&six, "six", &["--deal", "10"]),
        &script(&["deal a 9H"]),
    );
    says(
        &run.stdout,
        &[
            "not recorded: 6 players: one deck of 54 deals 10 each and one turned up to at most 5 players; nothing changed",
        ],
    );
    let run = t.run(&new_args(&["ann", "ben"], "eight", &["--deal", "8"]), "");
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(run.stderr.contains("8"), "{}", run.stderr);
    let run = t.run(
        &new_args(&["ann", "ben"], "seven", &[]),
        &script(&["deal ann 9H"]),
    );
    says(
        &run.stdout,
        &["recorded  ann deals hand 1, 7 cards each; 9H turned up; ben plays first"],
    );
}

/// Issue 42: a draw says where from as the table says it (`stock`, `pile`, `from the
/// pile`), the pile meaning its top card; `held PLAYER none` is nothing held.
#[test]
fn a_draw_says_stock_or_pile_and_none_is_nothing_held() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "draws", &[]),
        &script(&[
            "deal ann 9H",
            "draw ben pile",
            "discard ben 2D",
            "draw ann from the stock",
            "discard ann 3S",
            "draw ben stock 3S",
            "draw ben from the discard pile",
            "discard ben 4C",
            "draw ann stock",
            "discard ann KC",
            "fix #8 draw ann from the pile",
            "history",
        ]),
    );
    assert_eq!(run.code, Some(1), "refusals in a script: {}", run.stdout);
    says(
        &run.stdout,
        &[
            "> draw ben pile\nrecorded  ben takes 9H from the discard pile: holds 8 cards\n",
            "> draw ann from the stock\nrecorded  ann draws from the stock: holds 8 cards\n",
            "> draw ben stock 3S\nnot recorded: a draw from the stock names no card (it stays hidden): draw ben stock, or draw ben 3S for the discard pile's top; nothing changed\n",
            "> draw ben from the discard pile\nrecorded  ben takes 3S from the discard pile: holds 8 cards\n",
            "> draw ann stock\nrecorded  ann draws from the stock: holds 8 cards\n",
            "> fix #8 draw ann from the pile\nfixed #8: ann draws from the stock: holds 8 cards -> ann takes 4C from the discard pile: holds 8 cards; totals unchanged\n",
        ],
    );
    let run = t.run(
        &new_args(&["ann", "ben"], "none", &[]),
        &script(&[
            "laid ann none",
            "held ann 5C",
            "laid ben 2C 3C 4C",
            "held ben none",
        ]),
    );
    says(
        &run.stdout,
        &[
            "> laid ann none\nrecorded  ann laid nothing: 0\n",
            "> held ben none\nrecorded  ben held nothing: 0   (ben: h1 15, total 15)\n",
        ],
    );
}

#[test]
fn undo_redo_and_fix_of_a_draw_and_a_discard_keep_the_counts_right() {
    let t = Table::new();
    t.run(
        &new_args(&["ann", "ben"], "fixes", &[]),
        &script(&[
            "deal ann 9C",
            "draw ben",
            "discard ben 4D",
            "draw ann",
            "discard ann 5D",
        ]),
    );
    let run = t.run(
        &["resume", "fixes"],
        &script(&[
            // ben took the 9C, not a card from the stock.
            "fix #2 draw ben 9C",
            // ann's discard was the 6D; then the 4D (#3), which ben's fix left on top, is
            // what she drew.
            "fix #5 discard ann 6D",
            "fix #4 draw ann 4D",
            // ben cannot have discarded the 9C he took from the pile.
            "fix #3 discard ben 9C",
            "undo",
            "redo",
            "table",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: discard ben 9C does not fit in place of #3 (ben discards 4D: holds 7 cards; ann to draw): ben took 9C from the discard pile this turn: the sheet forbids discarding it again; nothing changed"
        ],
        "{}",
        run.stdout
    );
    says(
        &run.stdout,
        &[
            "fixed #2: ben draws from the stock: holds 8 cards -> ben takes 9C from the discard pile: holds 8 cards;",
            "fixed #5: ann discards 5D: holds 7 cards; ben to draw -> ann discards 6D: holds 7 cards; ben to draw;",
            "fixed #4: ann draws from the stock: holds 8 cards -> ann takes 4D from the discard pile: holds 8 cards;",
            "undid #8 fix #4: draw ann 4D; totals unchanged",
            "redid #8 fix #4: draw ann 4D; totals unchanged",
            "dealer ann; discard pile 6D on top (1 card); stock 39\ncards in hand: ann 7, ben 7\nturn: ben, to draw\n",
        ],
    );
}

/// Issue 56: an undo says where the table is after it, not only the entry it took
/// back, whose words tell the turn it passed on ("theo to draw"): sam is back to
/// discarding; a redo passes the turn on again.
#[test]
fn undo_of_a_discard_says_whose_turn_it_is_again() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-rummy", "sam", "theo", "--name", "u"],
        "deal sam 5H\ndraw theo\ndiscard theo 2C\ndraw sam\ndiscard sam 3D\nundo\nredo\n",
    );
    run.says(
        "take-rummy u h1> undo\n\
         undid #5 sam discards 3D: holds 7 cards; theo to draw; totals unchanged\n\
         now hand 1: sam dealt; 2C on the discard pile; turn: sam, drawn: to meld and discard\n\
         take-rummy u h1> redo\n\
         redid #5 sam discards 3D: holds 7 cards; theo to draw; totals unchanged\n\
         now hand 1: sam dealt; 3D on the discard pile; turn: theo, to draw\n",
    );
}

#[test]
fn once_a_player_goes_out_a_held_entry_names_every_card_umpire_counts() {
    // Played at a table: bob went out, cat held 2 cards by the count, and the
    // scorekeeper typed only the one they remembered: the hand closed with cat's
    // score too high. `held cat -` for the wrong player did the same with 0.
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "bob", "cat"], "short", &[]),
        &script(&[
            "deal ann 7H",
            "draw bob",
            "lay bob 3S 4S 5S",
            "discard bob KD",
            "draw cat KD",
            "discard cat 2C",
            "draw ann",
            "discard ann 9D",
            "draw bob",
            "lay bob 2H 3H 4H",
            "discard bob QC",
            "draw cat",
            "discard cat 5C",
            "draw ann",
            "discard ann 8C",
            "draw bob",
            "take bob 6S onto A",
            "discard bob KS",
            "held cat KD",
            "held cat -",
            "held cat KD 2D 3D 4D 5D 6D 7D",
            "held ann 9H 10H 2S",
            "held ann 9H 10H 2S JH QH KH AH",
            "end",
        ]),
    );
    says(
        &run.stdout,
        &[
            "recorded  bob discards KS, their last card: bob goes out",
            "recorded  hand 1 closed: ann -65, bob 35, cat -40",
        ],
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: cat holds 7 cards by umpire's count: a held entry of 1 leaves 6 cards out: play is over, and every card left in the hand counts against them; nothing changed",
            "not recorded: cat holds 7 cards by umpire's count: a held entry of 0 leaves 7 cards out: play is over, and every card left in the hand counts against them; nothing changed",
            "not recorded: ann holds 7 cards by umpire's count: a held entry of 3 leaves 4 cards out: play is over, and every card left in the hand counts against them; nothing changed",
        ]
    );
}

#[test]
fn a_player_left_holding_only_the_card_taken_from_the_pile_is_told_how_the_turn_can_end() {
    // Played at a table: bob took 3C from the pile, added his other card to a run, and
    // was left with the 3C alone. `discard bob 3C` was refused as the card just taken,
    // and any other card with "bob holds 1 card by umpire's count, 3C among them ...:
    // these cards cannot all be the others", with no word of what would do.
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "bob"], "stuck", &[]),
        &script(&[
            "deal ann 7H",
            "draw bob",
            "lay bob 3H 4H 5H 6H",
            "discard bob KD",
            "draw ann",
            "discard ann 2C",
            "draw bob",
            "discard bob QC",
            "draw ann",
            "discard ann 3C",
            "draw bob 3C",
            "lay bob 8S 9S 10S",
            "discard bob 3C",
            "discard bob 4S",
            "undo",
            "discard bob 8S",
        ]),
    );
    let stuck = "not recorded: bob's only card is 3C, taken from the discard pile at #11: the sheet forbids discarding it again, and there is no other to discard; bob melds it, or `undo` the play that left it alone; if that leaves no card bob may discard either, the draw was the slip: `fix #11 draw bob` has bob draw from the stock instead; nothing changed";
    assert_eq!(run.refusals(), vec![stuck, stuck], "{}", run.stdout);
    says(
        &run.stdout,
        &["recorded  bob discards 8S: holds 3 cards; ann to draw"],
    );
}

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

/// Issue 42: a card refused as already placed points at the entry that placed it, and
/// when it is the pile's top and the player's draw was typed as from the stock, offers
/// the line that mends that draw.
#[test]
fn a_refusal_caused_by_an_earlier_entry_points_at_it_and_offers_the_mend() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "mend", &[]),
        &script(&[
            "deal ann 9H",
            "draw ben",
            "discard ben 10H",
            "draw ann",
            "lay ann 10H JH QH",
            "lay ann 7H 8H 9H",
            "fix #4 draw ann 10H",
            "lay ann 10H JH QH",
            "discard ann QH",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: 10H is already on the discard pile (since #3): the deck has one of each card; ann's draw at #4 was typed as from the stock: if ann took 10H from the discard pile, `fix #4 draw ann 10H`; nothing changed",
            "not recorded: 9H is already on the discard pile (since #1): the deck has one of each card; nothing changed",
            "not recorded: QH is already on the table in run A (since #6): the deck has one of each card; nothing changed",
        ]
    );
    says(
        &run.stdout,
        &["> lay ann 10H JH QH\nrecorded  ann lays 10H JH QH: 30 (run A); ann holds 5 cards\n"],
    );
}

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
