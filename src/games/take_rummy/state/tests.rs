//! Whole hands and matches, typed as a scorekeeper would: parse, describe, apply.

use super::*;
use crate::contract::{Engine, Roster, RoundEvent, Scene, Show};
use crate::games::take_rummy::TakeRummy;
use crate::games::take_rummy::parse::{parse_discard, parse_event};
use crate::games::take_rummy::turns::Play;

/// A match with its players, driven by typed lines through the round-game layer, as
/// the session drives it.
struct Table {
    game: Match,
    options: crate::games::take_rummy::Options,
    players: Vec<String>,
}

impl Table {
    fn new(names: &[&str], target: u32) -> Table {
        Table {
            game: new_match(target, names.len()).expect("target"),
            options: crate::games::take_rummy::Options {
                target,
                deal: crate::games::take_rummy::turns::DEALT,
            },
            players: names.iter().map(|n| n.to_string()).collect(),
        }
    }

    fn roster(&self) -> Roster {
        Roster::new(self.players.clone())
    }

    /// The event a line records: the layer's own for `end`, `finish` and `target`.
    fn event(&self, line: &str) -> Result<RoundEvent<TakeRummy>, String> {
        let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
        let number = self.game.number();
        let bare = |what: &str| {
            if args.trim().is_empty() {
                Ok(())
            } else {
                Err(format!("{what} takes no arguments"))
            }
        };
        match verb {
            "end" => bare("end").map(|()| RoundEvent::Closed {
                number,
                off_total: false,
            }),
            "finish" => bare("finish").map(|()| RoundEvent::Finished {
                after: self.game.closed_count(),
            }),
            "target" => args
                .trim()
                .parse()
                .map(|target| RoundEvent::TargetSet { target })
                .map_err(|e| format!("{e}")),
            _ => parse_event(verb, args, &self.game, &self.players)
                .map(RoundEvent::Entry)
                .map_err(|e| e.to_string()),
        }
    }

    /// Parses, describes and applies one line; the description, or the refusal.
    fn run(&mut self, line: &str) -> Result<String, String> {
        let event = self.event(line)?;
        let roster = self.roster();
        let said = <TakeRummy as Show>::describe(
            &event,
            &Scene {
                state: &self.game,
                options: &self.options,
                roster: &roster,
            },
        );
        TakeRummy::apply(&mut self.game, &self.options, &roster, &event)
            .map_err(|e| e.to_string())?;
        Ok(said)
    }

    fn ok(&mut self, line: &str) -> String {
        match self.run(line) {
            Ok(said) => said,
            Err(e) => panic!("{line}: refused: {e}"),
        }
    }

    /// The refusal of a line, checking that it changed nothing.
    fn no(&mut self, line: &str) -> String {
        let before = self.game.clone();
        match self.run(line) {
            Ok(said) => panic!("{line}: should be refused, recorded: {said}"),
            Err(e) => {
                assert_eq!(self.game, before, "{line} changed the match");
                e
            }
        }
    }

    /// A player sits down, from `score`.
    fn join(&mut self, name: &str, score: i64) -> Result<(), String> {
        TakeRummy::add_player(&mut self.game, &self.options, score).map_err(|e| e.to_string())?;
        self.players.push(name.to_string());
        Ok(())
    }

    fn standings(&self) -> crate::contract::Standings {
        let roster = self.roster();
        <TakeRummy as Show>::standings(&Scene {
            state: &self.game,
            options: &self.options,
            roster: &roster,
        })
        .decided()
    }

    fn totals(&self) -> Vec<i64> {
        self.game.totals().to_vec()
    }
}

#[test]
fn a_hand_is_scored_laid_minus_held_from_end_of_hand_entries() {
    let mut t = Table::new(&["alice", "bob"], 500);
    assert_eq!(
        t.ok("laid alice 5C 6C 7C, QH KH AH"),
        "alice laid 5C 6C 7C (15), QH KH AH (35): 50"
    );
    assert_eq!(t.ok("held alice 2D"), "alice held 2D: -5");
    assert_eq!(t.ok("laid bob -"), "bob laid nothing: 0");
    assert_eq!(t.ok("held bob 9S JK"), "bob held 9S JK: -25");
    assert_eq!(t.ok("end"), "hand 1 closed: alice 45, bob -25");
    assert_eq!(t.totals(), vec![45, -25]);
    assert_eq!(t.game.hand_number(), 2);
    assert!(!t.game.over());
    let results = t.game.closed().first().expect("hand 1").results();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0].laid_value, 50);
    assert_eq!(results[1].held_value, 25);
    assert_eq!(results[1].score, Some(-25));
}

#[test]
fn a_player_without_a_laid_entry_laid_nothing_and_a_negative_score_stands() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("held alice AS KS JK");
    t.ok("held bob -");
    assert_eq!(t.ok("end"), "hand 1 closed: alice -45, bob 0");
    assert_eq!(t.totals(), vec![-45, 0]);
}

#[test]
fn end_needs_a_held_entry_from_everyone() {
    let mut t = Table::new(&["alice", "bob", "carol"], 500);
    t.ok("laid alice 5C 6C 7C");
    t.ok("held alice -");
    assert_eq!(
        t.no("end"),
        "bob and carol have no entry yet (held PLAYER CARDS, or held PLAYER - for none)"
    );
    t.ok("held carol 2H");
    assert!(t.no("end").starts_with("bob has no entry yet"));
    assert_eq!(t.no("end now"), "end takes no arguments");
}

#[test]
fn a_card_may_appear_once_in_a_hand_across_all_players() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("laid alice 5C 6C 7C");
    assert_eq!(
        t.no("held bob 2D 5c"),
        "5C is already in alice's laid runs: the deck has one of each card"
    );
    t.ok("held bob 2D");
    assert_eq!(
        t.no("held alice 2d"),
        "2D is already in bob's held cards: the deck has one of each card"
    );
    assert_eq!(
        t.no("held alice 9H 9H"),
        "9H is already in alice's held cards: the deck has one of each card"
    );
}

#[test]
fn a_third_joker_in_a_hand_is_refused_and_the_others_are_located() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("laid alice JK 5C 6C");
    assert_eq!(
        t.no("held bob JK *"),
        "a third joker this hand: the deck has only 2 (in alice's laid runs, in bob's held cards)"
    );
    t.ok("held bob JK");
    assert!(t.no("held alice JK").starts_with("a third joker"));
}

#[test]
fn a_joker_ace_leaves_the_natural_ace_free_in_the_same_hand() {
    let mut t = Table::new(&["alice", "bob"], 500);
    assert_eq!(
        t.ok("laid alice JK 2D 3D"),
        "alice laid JK=AD 2D 3D (30): 30"
    );
    assert_eq!(t.ok("laid bob QD KD AD"), "bob laid QD KD AD (35): 35");
    assert!(
        t.no("held alice AD")
            .starts_with("AD is already in bob's laid runs")
    );
}

#[test]
fn bad_runs_in_a_laid_entry_say_which_run_and_why() {
    let mut t = Table::new(&["alice", "bob"], 500);
    assert_eq!(
        t.no("laid alice 5C 6C 7C, 5D 6D"),
        "alice's run 2: a run needs at least 3 cards, and 5D 6D is 2"
    );
    assert_eq!(
        t.no("laid alice 5C 6C 8C"),
        "alice's run: not consecutive: 7C missing between 6C and 8C, and no joker to fill it"
    );
    assert!(
        t.no("laid alice 5C 11H 7C")
            .starts_with("11H is not a card")
    );
    assert!(t.no("laid alice 5C 6C 7Z").contains("Z is not a suit"));
    assert!(
        t.no("laid alice 5C 6C 7C,")
            .starts_with("an empty run between commas")
    );
    assert!(
        t.no("laid alice")
            .starts_with("laid needs the player and the runs, e.g. laid alice 5C")
    );
    assert!(
        t.no("laid")
            .starts_with("laid needs the player and the runs, e.g. laid PLAYER")
    );
    assert_eq!(
        t.no("laid dave 5C 6C 7C"),
        "unknown player \"dave\": the players are alice, bob"
    );
}

#[test]
fn a_second_entry_of_the_same_kind_is_refused() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("laid alice 5C 6C 7C");
    assert_eq!(
        t.no("laid ALICE 8H 9H 10H"),
        "alice already has a laid entry this hand (5C 6C 7C); `undo` it, or replace it with `fix #N laid alice ...` (`history` gives N)"
    );
    t.ok("held bob -");
    assert!(
        t.no("held bob 2C")
            .contains("already has a held entry this hand (-)")
    );
}

#[test]
fn the_sheets_take_moves_alphas_run_to_bravo() {
    let mut t = Table::new(&["alpha", "bravo"], 500);
    assert_eq!(
        t.ok("lay alpha 5C 6C 7C"),
        "alpha lays 5C 6C 7C: 15 (run A)"
    );
    assert_eq!(
        t.ok("take bravo 8C onto alpha"),
        "bravo takes alpha's 5C 6C 7C with 8C: 5C-8C, 20 (run A)"
    );
    let open = t.game.open();
    assert!(open.table().runs_of(0).is_empty());
    assert_eq!(open.table().runs_of(1)[0].to_string(), "5C 6C 7C 8C");
    let rows = open.table().rows(&t.players);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].name, "A");
    assert_eq!(rows[0].owner, "bravo");
    assert_eq!(rows[0].value, 20);
    t.ok("held alpha 2H");
    t.ok("held bravo -");
    assert_eq!(t.ok("end"), "hand 1 closed: alpha -5, bravo 20");
}

#[test]
fn the_sheets_double_take_joins_two_players_runs_for_charlie() {
    let mut t = Table::new(&["alpha", "bravo", "charlie"], 500);
    t.ok("lay alpha 2D-5D");
    t.ok("lay bravo 7D 8D 9D");
    assert_eq!(
        t.ok("take charlie 6D onto alpha, bravo"),
        "charlie takes alpha's 2D 3D 4D 5D and bravo's 7D 8D 9D with 6D: 2D-9D, 40 (run A)"
    );
    let table = t.game.open().table();
    assert!(table.runs_of(0).is_empty() && table.runs_of(1).is_empty());
    assert_eq!(table.runs_of(2)[0].span(), "2D-9D");
}

#[test]
fn a_player_may_extend_their_own_run_and_it_keeps_its_label() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("lay bob 5C 6C 7C");
    t.ok("lay bob QH KH AH");
    assert_eq!(
        t.ok("take bob 8C onto bob:1"),
        "bob adds 8C to their 5C 6C 7C: 5C-8C, 20 (run A)"
    );
    let runs = t.game.open().table().runs_of(1);
    assert_eq!(runs[0].span(), "QH-AH");
    assert_eq!(runs[1].span(), "5C-8C");
    // Still A, whichever of bob's runs it now is; and named by any card of it.
    assert_eq!(
        t.ok("take bob 9C onto A"),
        "bob adds 9C to their 5C 6C 7C 8C: 5C-9C, 25 (run A)"
    );
    assert_eq!(
        t.ok("take bob 10C onto 7C"),
        "bob adds 10C to their 5C 6C 7C 8C 9C: 5C-10C, 35 (run A)"
    );
    assert_eq!(
        t.ok("take bob JH onto QH-AH"),
        "bob adds JH to their QH KH AH: JH-AH, 45 (run B)"
    );
}

#[test]
fn a_take_records_what_a_joker_from_hand_stands_for() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("lay alice 5C 6C 7C");
    let e = parse_event("take", "bob JK onto alice", &t.game, &t.players).expect("parses");
    assert_eq!(
        serde_json::to_string(&e).expect("json"),
        r#"{"type":"taken","player":"bob","cards":["JK=8C"],"from":[{"holding":"5C"}]}"#
    );
    assert_eq!(
        t.ok("take bob JK=4C onto alice"),
        "bob takes alice's 5C 6C 7C with JK=4C: 4C-7C, 35 (run A)"
    );
}

#[test]
fn a_take_onto_a_run_that_is_not_there_is_refused() {
    let mut t = Table::new(&["alice", "bob", "carol"], 500);
    t.ok("lay alice 5C 6C 7C");
    assert_eq!(
        t.no("take bob 8C onto alice:2"),
        "alice has 1 run on the table, A (5C-7C): there is no run alice:2"
    );
    assert_eq!(
        t.no("take bob 8C onto carol"),
        "carol has no run on the table to take"
    );
    assert!(
        t.no("take bob 8C onto alice:x")
            .contains("does not name a run")
    );
    assert!(
        t.no("take bob 8C alice")
            .starts_with("take needs the cards and the run they go onto: take bob CARDS onto")
    );
    assert_eq!(
        t.no("take bob 8C onto alice:1 alice:1"),
        "run A is named twice: a take joins different runs"
    );
    t.ok("lay alice 2H 3H 4H");
    assert_eq!(
        t.no("take bob 5H onto alice"),
        "alice has 2 runs on the table, A (5C-7C) and B (2H-4H): say which (by its letter, or a card of it)"
    );
    t.ok("take bob 5H onto alice:2");
}

#[test]
fn a_locked_run_on_the_table_cannot_be_taken_even_with_a_joker() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("lay alice 2S-AS");
    assert_eq!(
        t.no("take bob JK onto alice"),
        "2S-AS is locked (complete at 13 cards): it cannot be taken, not even with a joker"
    );
    let rows = t.game.open().table().rows(&t.players);
    assert!(rows[0].locked);
}

#[test]
fn locking_it_up_with_a_take_scores_the_whole_run() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("lay alice 2S-KS");
    assert_eq!(
        t.ok("take bob AS onto alice"),
        "bob takes alice's 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS with AS: 2S-AS, 95, locked (run A)"
    );
    t.ok("held alice -");
    t.ok("held bob -");
    assert_eq!(t.ok("end"), "hand 1 closed: alice 0, bob 95");
}

#[test]
fn a_joker_on_the_table_cannot_be_swapped_for_its_card() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("lay alice 4C JK 6C");
    assert!(
        t.no("take bob 5C onto alice")
            .starts_with("5C cannot swap out the joker")
    );
    assert!(
        t.no("lay bob 5C 6C 7C")
            .starts_with("6C is already on the table in run A")
    );
}

#[test]
fn a_hand_is_either_tracked_or_scored_from_laid_entries() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("lay alice 5C 6C 7C");
    assert!(
        t.no("laid bob 8H 9H 10H")
            .starts_with("the table is tracked this hand")
    );
    let mut u = Table::new(&["alice", "bob"], 500);
    u.ok("laid alice 5C 6C 7C");
    assert!(
        u.no("lay bob 8H 9H 10H")
            .starts_with("this hand is scored from `laid` entries")
    );
}

#[test]
fn a_player_whose_hand_is_recorded_as_held_cannot_lay_or_take() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("lay alice 5C 6C 7C");
    t.ok("held bob 2D");
    assert_eq!(
        t.no("take bob 8C onto alice"),
        "bob's hand is already recorded as held (2D); `undo` that before they lay or take"
    );
}

#[test]
fn discard_says_which_run_could_take_the_card() {
    let mut t = Table::new(&["alice", "bob"], 500);
    let d = parse_discard("8C", &t.game, &t.players).expect("answer");
    assert!(d.allowed);
    assert_eq!(
        d.reason,
        "no runs on the table this hand: 8C may be discarded"
    );
    t.ok("lay alice 5C 6C 7C");
    let d = parse_discard("8c", &t.game, &t.players).expect("answer");
    assert!(!d.allowed);
    assert_eq!(d.run.as_deref(), Some("A"));
    assert_eq!(
        d.reason,
        "8C could be added to run A (5C 6C 7C), making 5C-8C: the sheet forbids discarding it"
    );
    assert!(
        !parse_discard("4C", &t.game, &t.players)
            .expect("answer")
            .allowed
    );
    assert!(
        !parse_discard("JK", &t.game, &t.players)
            .expect("answer")
            .allowed
    );
    let d = parse_discard("9C", &t.game, &t.players).expect("answer");
    assert!(d.allowed);
    assert_eq!(
        d.reason,
        "no run on the table can take 9C: it may be discarded"
    );
    let e = parse_discard("6C", &t.game, &t.players).expect_err("on the table");
    assert_eq!(
        e.to_string(),
        "6C is already on the table in run A: the deck has one of each card"
    );
    assert!(parse_discard("8C 9C", &t.game, &t.players).is_err());
}

#[test]
fn a_joker_may_be_discarded_when_every_run_on_the_table_is_locked() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("lay alice AH-KH");
    assert!(
        parse_discard("JK", &t.game, &t.players)
            .expect("answer")
            .allowed
    );
}

/// Records a hand where alice lays three locked runs (285) and bob holds 2C 3C.
fn big_hand(t: &mut Table) {
    t.ok("laid alice 2S-AS, 2H-AH, 2D-AD");
    t.ok("held alice -");
    t.ok("laid bob -");
    t.ok("held bob 2C 3C");
    t.ok("end");
}

#[test]
fn a_match_ends_when_a_hand_closes_with_someone_at_or_over_500() {
    let mut t = Table::new(&["alice", "bob"], DEFAULT_TARGET);
    big_hand(&mut t);
    assert_eq!(t.totals(), vec![285, -10]);
    assert!(!t.game.over());
    assert!(t.standings().winners.is_empty());
    assert_eq!(t.standings().leaders(), vec![0]);
    t.ok("laid alice 2H-AH, 2D-AD, 2S-AS");
    t.ok("held alice -");
    assert!(!t.game.over(), "not until the hand closes");
    t.ok("held bob 2C 3C");
    t.ok("end");
    assert_eq!(t.totals(), vec![570, -20]);
    assert!(t.game.over());
    assert_eq!(t.standings().winners, vec![0]);
    assert_eq!(
        t.no("held bob 4C"),
        "the match is over (alice won with 570); `new take-rummy ...` starts another"
    );
}

#[test]
fn the_highest_total_wins_not_the_first_over_the_target() {
    let mut t = Table::new(&["alice", "bob"], 100);
    t.ok("laid alice 2S-AS, 5C 6C 7C");
    t.ok("laid bob 2H-AH, 5D-9D");
    t.ok("held alice -");
    t.ok("held bob -");
    t.ok("end");
    assert_eq!(t.totals(), vec![110, 120]);
    assert_eq!(t.standings().winners, vec![1]);
}

#[test]
fn a_tie_at_the_top_names_everyone_tied() {
    let mut t = Table::new(&["alice", "bob", "carol"], 95);
    t.ok("laid alice 2S-AS");
    t.ok("laid bob 2H-AH");
    t.ok("held alice -");
    t.ok("held bob -");
    t.ok("held carol 5C");
    t.ok("end");
    assert_eq!(t.totals(), vec![95, 95, -5]);
    assert_eq!(t.standings().winners, vec![0, 1]);
    assert_eq!(
        t.no("end"),
        "the match is over (alice and bob tied on 95); `new take-rummy ...` starts another"
    );
}

#[test]
fn the_target_is_one_to_a_million() {
    assert!(new_match(0, 2).is_err());
    assert!(new_match(MAX_TARGET + 1, 2).is_err());
    assert_eq!(new_match(1, 2).map(|m| m.target()), Ok(1));
}

#[test]
fn a_player_joins_only_between_hands_and_then_needs_entries() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok("held alice -");
    assert!(t.join("carol", 0).is_err());
    assert_eq!(t.game.rounds().seats(), 2, "a refused seat is not taken");
    t.ok("held bob -");
    t.ok("end");
    t.join("carol", 0).expect("between hands");
    t.ok("held alice -");
    t.ok("held bob -");
    assert!(t.no("end").starts_with("carol has no entry yet"));
    t.ok("held carol 5H");
    t.ok("end");
    assert_eq!(t.totals(), vec![0, 0, -5]);
}

#[test]
fn a_hand_end_for_the_wrong_hand_is_refused() {
    let mut t = Table::new(&["alice"], 500);
    t.ok("held alice -");
    let roster = t.roster();
    let e = TakeRummy::apply(
        &mut t.game,
        &t.options,
        &roster,
        &RoundEvent::Closed {
            number: 3,
            off_total: false,
        },
    )
    .expect_err("wrong hand");
    assert_eq!(e.to_string(), "hand 3 is not the open hand (1)");
}

#[test]
fn a_match_replayed_from_its_logged_events_comes_out_the_same() {
    let mut t = Table::new(&["alice", "bob", "carol"], 500);
    let mut log = Vec::new();
    for line in [
        "lay alice 2D-5D",
        "lay bob 7D 8D 9D",
        "take carol 6D onto alice bob",
        "lay alice JK 5C 6C",
        "take bob 7C onto alice",
        "held alice 2H",
        "held bob JK",
        "held carol -",
        "end",
        "laid alice QH KH AH",
        "held alice -",
        "held bob -",
        "held carol 10S",
        "end",
    ] {
        let e = t.event(line).expect("parses");
        t.run(line).expect("applies");
        log.push(serde_json::to_string(&e).expect("json"));
    }
    assert_eq!(log[8], r#"{"type":"hand-ended","hand":1}"#);
    let mut replay = new_match(500, 3).expect("target");
    let roster = t.roster();
    for line in &log {
        let e: RoundEvent<TakeRummy> = serde_json::from_str(line).expect("reads");
        TakeRummy::apply(&mut replay, &t.options, &roster, &e).expect("replays");
    }
    assert_eq!(replay, t.game);
    assert_eq!(replay.totals(), [-5 + 35, 35 - 20, 40 - 10]);
}

#[test]
fn a_card_taken_from_the_discard_pile_stays_in_the_count_until_it_is_played() {
    let mut t = Table::new(&["ann", "ben"], 500);
    t.ok("deal ann 9H");
    t.ok("draw ben 9H");
    t.ok("lay ben 5C 6C 7C");
    t.ok("discard ben 2D");
    t.ok("draw ann");
    t.ok("discard ann 3D");
    t.ok("draw ben");
    // ben holds 5: 9H and four others; laying four others leaves only 9H.
    t.ok("lay ben 10S JS QS KS");
    assert_eq!(
        t.no("discard ben 4H"),
        "ben holds 1 card by umpire's count, 9H among them (taken from the discard pile, not yet played): the cards named are not 9H, and with 9H kept they are more than ben holds"
    );
    assert_eq!(
        t.ok("discard ben 9H"),
        "ben discards 9H, their last card: ben goes out; held cards wanted from ann, then `end`"
    );
}

#[test]
fn a_joker_taken_from_the_pile_and_then_held_is_counted_once() {
    let mut t = Table::new(&["ann", "ben", "cal"], 500);
    t.ok("deal ann 9H");
    t.ok("draw ben");
    t.ok("discard ben JK");
    t.ok("draw cal JK");
    t.ok("discard cal 2C");
    t.ok("held cal JK 5D");
    // The other joker is still free for another hand's held cards.
    t.ok("held ann JK 3S");
    assert_eq!(
        t.no("held ben JK"),
        "a third joker this hand: the deck has only 2 (in ann's held cards, in cal's held cards)"
    );
}

#[test]
fn a_player_who_went_out_holds_nothing_without_an_entry_and_the_plays_are_kept_in_order() {
    let mut t = Table::new(&["ann", "ben"], 500);
    t.ok("deal ann 9H");
    t.ok("draw ben");
    t.ok("lay ben 5C 6C 7C");
    t.ok("discard ben 2D");
    t.ok("draw ann");
    t.ok("discard ann 3D");
    t.ok("draw ben");
    t.ok("lay ben 10S JS QS KS");
    t.ok("discard ben 9D");
    let hand = t.game.open();
    let kinds: Vec<&str> = hand
        .plays()
        .iter()
        .map(|p| match p {
            Play::Deal { .. } => "deal",
            Play::Draw { .. } => "draw",
            Play::Lay { .. } => "lay",
            Play::Take { .. } => "take",
            Play::Discard { .. } => "discard",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "deal", "draw", "lay", "discard", "draw", "discard", "draw", "lay", "discard"
        ]
    );
    // ben went out: umpire counts no card left, and that is not an entry of his.
    assert_eq!(hand.held(1), Some(&[][..]));
    assert!(!hand.has_held_entry(1));
    assert_eq!(hand.held(0), None);
    assert!(!hand.has_held_entry(0));
    t.ok("held ann 4C");
    let hand = t.game.open();
    assert!(hand.has_held_entry(0));
    assert_eq!(hand.held(0).map(<[Card]>::len), Some(1));
}

#[test]
fn a_take_onto_no_run_lists_the_runs_there_are() {
    let mut t = Table::new(&["ann", "ben"], 500);
    t.ok("deal ann 9H");
    t.ok("draw ben");
    assert_eq!(
        t.no("take ben 8C onto 5C"),
        "no run on the table holds 5C: there are no runs on the table"
    );
    assert_eq!(
        t.no("take ben 8C onto B"),
        "there is no run B on the table: there are no runs on the table"
    );
    t.ok("lay ben 5C 6C 7C");
    t.ok("lay ben 8C 9C 10C");
    assert_eq!(
        t.no("take ben JC onto 9S"),
        "no run on the table holds 9S: the runs on the table are A (5C-7C) and B (8C-10C)"
    );
    assert_eq!(
        t.no("take ben JC onto 5C-10C"),
        "5C-10C is not one run on the table: 5C is in run A and 8C in run B"
    );
    assert_eq!(
        t.ok("take ben JC onto 8C-10C"),
        "ben adds JC to their 8C 9C 10C: 8C-JC, 30 (run B); ben holds 1 card"
    );
}

#[test]
fn finish_takes_no_words_and_a_long_unknown_name_is_cut_short() {
    let mut t = Table::new(&["ann", "ben"], 500);
    assert_eq!(t.no("finish now"), "finish takes no arguments");
    let name = "x".repeat(24);
    assert_eq!(
        t.no(&format!("held {name} 5C")),
        format!("unknown player \"{name}\": the players are ann, ben")
    );
    assert_eq!(
        t.no(&format!("held {name}y 5C")),
        format!("unknown player \"{name}\"...: the players are ann, ben")
    );
    t.ok("held ann 5C");
    t.ok("held ben 6C");
    t.ok("end");
    assert!(t.ok("finish").contains("ann"), "finish ends the match");
}

#[test]
fn the_deal_passes_left_a_seat_a_hand_even_over_hands_not_dealt() {
    let mut t = Table::new(&["ann", "ben", "cal"], 500);
    assert_eq!(
        t.ok("deal cal 9H"),
        "cal deals hand 1, 7 cards each; 9H turned up; ann plays first"
    );
    assert_eq!(
        t.no("deal cal 9H"),
        "the deal starts a hand, and hand 1 already has entries; `undo` them first"
    );
    for line in ["held ann 5C", "held ben 6C", "held cal 7C", "end"] {
        t.ok(line);
    }
    assert_eq!(
        t.no("deal cal 9H"),
        "it is ann's deal this hand: the deal passes left from cal, who dealt hand 1"
    );
    // Hand 2 is scored from entries alone: its deal still counts a seat.
    for line in [
        "laid ann 2S 3S 4S",
        "held ann -",
        "held ben 6C",
        "held cal 7C",
        "end",
    ] {
        t.ok(line);
    }
    assert_eq!(
        t.no("deal ann 9H"),
        "it is ben's deal this hand: the deal passes left from cal, who dealt hand 1"
    );
    assert_eq!(
        t.ok("deal ben 9H"),
        "ben deals hand 3, 7 cards each; 9H turned up; cal plays first"
    );
    assert_eq!(
        t.game.next_dealer(3),
        Some((1, 2, 1)),
        "the open hand is ben's deal"
    );
}

#[test]
fn the_deal_passes_on_from_the_last_hand_dealt_even_when_the_first_was_not() {
    let mut t = Table::new(&["ann", "ben", "cal"], 500);
    for line in ["held ann 5C", "held ben 6C", "held cal 7C", "end"] {
        t.ok(line);
    }
    assert_eq!(t.game.next_dealer(3), None, "no hand was dealt");
    for line in [
        "deal cal 9H",
        "held ann -",
        "held ben -",
        "held cal -",
        "end",
    ] {
        t.ok(line);
    }
    assert_eq!(t.game.next_dealer(3), Some((0, 2, 2)));
    assert_eq!(
        t.no("deal ben 9H"),
        "it is ann's deal this hand: the deal passes left from cal, who dealt hand 2"
    );
}

#[test]
fn a_new_target_must_lie_above_every_total_and_finish_ends_the_match_short_of_it() {
    let mut t = Table::new(&["ann", "ben", "cal"], 500);
    for line in [
        "laid ann 2S 3S 4S",
        "held ann -",
        "held ben 6C 7D",
        "held cal 7C",
        "end",
    ] {
        t.ok(line);
    }
    assert_eq!(t.totals(), vec![15, -10, -5]);
    assert_eq!(
        t.no("target 15"),
        "ann already has 15: a target of 15 would already be reached (a target above 15, or `finish` to end the match now)"
    );
    assert_eq!(
        t.no("target 14"),
        "ann already has 15: a target of 14 would already be reached (a target above 15, or `finish` to end the match now)"
    );
    assert_eq!(
        t.ok("target 16"),
        "the match is played to 16 points from here (it was 500)"
    );
    assert!(!t.game.over() && !t.game.finished_early());
    assert_eq!(
        t.ok("finish"),
        "the match is finished after 1 hand: ann wins with 15"
    );
    assert!(t.game.finished_early());
}

#[test]
fn a_late_seat_starts_from_the_house_s_score_short_of_the_target() {
    let mut t = Table::new(&["ann", "ben"], 500);
    t.join("cat", 50).expect("a late player from 50, after two");
    assert_eq!(t.totals(), vec![0, 0, 50]);
    assert_eq!(t.game.rounds().starts(), [0, 0, 50]);
    t.join("dan", -30).expect("another, from -30");
    assert_eq!(t.game.rounds().starts(), [0, 0, 50, -30]);
    assert_eq!(
        (t.game.rounds().joined(2), t.game.rounds().joined(3)),
        (0, 0)
    );
    assert!(t.join("eve", 500).is_err(), "a start at the target");
    assert!(t.join("eve", -500).is_err(), "a start as far below");
    assert_eq!(t.game.rounds().seats(), 4, "a refused seat is not taken");
}

#[test]
fn a_logged_target_is_held_to_one_to_a_million() {
    let mut t = Table::new(&["ann", "ben"], 500);
    let refused = "target takes the points that end the match, 1 to 1000000, e.g. target 300";
    assert_eq!(t.no("target 0"), format!("{refused} (not 0)"));
    assert_eq!(
        t.no(&format!("target {}", MAX_TARGET + 1)),
        format!("{refused} (not 1000001)")
    );
    t.ok(&format!("target {MAX_TARGET}"));
    t.ok("target 1");
    assert_eq!(t.game.target(), 1);
}

/// What each entry says as it is recorded: a discard names who draws next (a floater
/// from the stock), a held entry of nothing scores 0, and a match finished on a tie
/// names both leaders.
#[test]
fn each_entry_says_what_follows_from_it() {
    let mut t = Table::new(&["ann", "ben"], 500);
    t.ok("deal ann 9H");
    t.ok("draw ben");
    assert_eq!(
        t.ok("discard ben 2D"),
        "ben discards 2D: holds 7 cards; ann to draw"
    );
    t.ok("draw ann");
    t.ok("discard ann 3D");
    t.ok("draw ben");
    t.ok("lay ben 5C 6C 7C");
    t.ok("lay ben 10S JS QS KS");
    assert_eq!(
        t.ok("take ben 8C onto 5C"),
        "ben adds 8C to their 5C 6C 7C: 5C-8C, 20 (run A); ben has no cards left: a floater; ann to draw"
    );
    t.ok("draw ann");
    assert_eq!(
        t.ok("discard ann 4D"),
        "ann discards 4D: holds 7 cards; ben to draw (a floater: from the stock)"
    );
    assert_eq!(t.ok("held ann -"), "ann held nothing: 0");
    let mut tie = Table::new(&["ann", "ben", "cal"], 500);
    for line in ["laid ann 5C 6C 7C", "laid ben 5D 6D 7D", "laid cal -"] {
        tie.ok(line);
    }
    for line in ["held ann -", "held ben -", "held cal -", "end"] {
        tie.ok(line);
    }
    assert_eq!(
        tie.ok("finish"),
        "the match is finished after 1 hand: ann and ben tie on 15"
    );
}
