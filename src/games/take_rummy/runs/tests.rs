//! Run rulings: the sheet's examples and cases of our own, each asserting the verdict's
//! gist.

use super::*;
use crate::games::take_rummy::cards::parse_typed;

fn typed(text: &str) -> Vec<Typed> {
    parse_typed(text).expect("cards parse")
}

/// The run the cards make, written in order.
fn ok(text: &str) -> Run {
    match judge(&typed(text)) {
        Ok(run) => run,
        Err(e) => panic!("{text} should be a run, got: {e}"),
    }
}

/// Why the cards are not a run.
fn refused(text: &str) -> String {
    match judge(&typed(text)) {
        Ok(run) => panic!("{text} should be refused, got the run {run}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn three_consecutive_cards_of_one_suit_are_a_run_typed_in_any_order() {
    assert_eq!(ok("5C 6C 7C").to_string(), "5C 6C 7C");
    assert_eq!(ok("7C 5C 6C").to_string(), "5C 6C 7C");
    assert_eq!(ok("5♣ 6♣ 7♣").to_string(), "5C 6C 7C");
    assert_eq!(ok("5C 6C 7C").describe(), "3 clubs in order, 5C to 7C");
    let run = ok("7C 5C 6C");
    assert_eq!((run.len(), run.is_empty()), (3, false));
}

#[test]
fn values_follow_the_sheet_and_a_joker_counts_twenty_whatever_it_stands_for() {
    assert_eq!(ok("5C 6C 7C").value(), 15);
    assert_eq!(ok("8H 9H 10H JH").value(), 30);
    assert_eq!(ok("10S JS QS KS AS").value(), 55);
    assert_eq!(ok("AC 2C 3C").value(), 25);
    assert_eq!(ok("5C 6C JK").value(), 30);
    assert_eq!(ok("JK QD KD").value(), 40);
    assert_eq!(ok("JK JK 5C").value(), 45);
}

#[test]
fn an_ace_plays_low_with_the_two_and_three() {
    let r = ok("AC 2C 3C");
    assert_eq!(r.to_string(), "AC 2C 3C");
    assert!(r.describe().contains("(ace low)"), "{}", r.describe());
    assert_eq!(ok("3C AC 2C").to_string(), "AC 2C 3C");
}

#[test]
fn an_ace_plays_high_with_the_queen_and_king() {
    let r = ok("QS KS AS");
    assert_eq!(r.to_string(), "QS KS AS");
    assert!(r.describe().contains("(ace high)"), "{}", r.describe());
    assert_eq!(ok("AS QS KS").to_string(), "QS KS AS");
}

#[test]
fn a_joker_fills_a_gap() {
    let r = ok("5C JK 7C");
    assert_eq!(r.to_string(), "5C JK=6C 7C");
    assert_eq!(r.jokers(), vec!["6C".parse::<Natural>().expect("6C")]);
    assert_eq!(
        r.describe(),
        "3 clubs in order, 5C to 7C; the joker stands for 6C"
    );
    assert_eq!(ok("8D JK 10D JK QD").to_string(), "8D JK=9D 10D JK=JD QD");
}

#[test]
fn an_end_joker_typed_first_extends_downward_and_typed_last_upward() {
    assert_eq!(ok("JK 5C 6C").to_string(), "JK=4C 5C 6C");
    assert_eq!(ok("5C 6C JK").to_string(), "5C 6C JK=7C");
    assert_eq!(ok("JK JK 5C").to_string(), "JK=3C JK=4C 5C");
    assert_eq!(ok("5C JK JK").to_string(), "5C JK=6C JK=7C");
    assert_eq!(ok("JK 5C 6C JK").to_string(), "JK=4C 5C 6C JK=7C");
}

#[test]
fn gaps_are_filled_before_the_run_is_extended() {
    assert_eq!(ok("JK 5C 7C JK").to_string(), "JK=4C 5C JK=6C 7C");
    assert_eq!(ok("5C 7C JK JK").to_string(), "5C JK=6C 7C JK=8C");
    assert_eq!(ok("JK JK 5C 7C").to_string(), "JK=4C 5C JK=6C 7C");
    assert_eq!(ok("5C JK 7C JK").to_string(), "5C JK=6C 7C JK=8C");
}

#[test]
fn an_end_joker_goes_to_the_open_end_when_its_own_end_is_closed() {
    assert_eq!(ok("QH KH AH JK").to_string(), "JK=JH QH KH AH");
    assert_eq!(ok("KD QD JK").to_string(), "QD KD JK=AD");
    assert_eq!(ok("JK AC 2C").to_string(), "AC 2C JK=3C");
}

#[test]
fn a_lone_ace_with_two_jokers_is_low_when_typed_first_and_high_otherwise() {
    assert_eq!(ok("AC JK JK").to_string(), "AC JK=2C JK=3C");
    assert_eq!(ok("JK JK AC").to_string(), "JK=QC JK=KC AC");
    assert_eq!(ok("JK AC JK").to_string(), "JK=QC JK=KC AC");
}

#[test]
fn the_sheets_joker_ace_stands_below_the_two() {
    let r = ok("JK 2D 3D");
    assert_eq!(r.to_string(), "JK=AD 2D 3D");
    assert!(r.describe().contains("(ace low)"), "{}", r.describe());
    assert_eq!(r.jokers(), vec!["AD".parse::<Natural>().expect("AD")]);
    // The natural ace stays free for Q-K-A of the same suit.
    assert_eq!(ok("QD KD AD").to_string(), "QD KD AD");
    let both = crate::games::take_rummy::cards::check_deck(r.cards().chain(ok("QD KD AD").cards()))
        .expect("one deck");
    assert_eq!(both.len(), 6);
}

#[test]
fn an_annotated_joker_is_placed_where_it_says() {
    assert_eq!(ok("JK=4C 5C 6C").to_string(), "JK=4C 5C 6C");
    assert_eq!(ok("5C 6C JK=4C").to_string(), "JK=4C 5C 6C");
    assert_eq!(ok("5C 6C JK=7C").to_string(), "5C 6C JK=7C");
    assert_eq!(ok("JK=AC 2C 3C").to_string(), "JK=AC 2C 3C");
    assert_eq!(ok("QC KC JK=AC").to_string(), "QC KC JK=AC");
    assert_eq!(ok("5C JK=7C JK").to_string(), "5C JK=6C JK=7C");
}

#[test]
fn a_complete_run_two_to_ace_or_ace_to_king_is_locked() {
    let high = ok("2H-AH");
    assert!(high.is_locked());
    assert_eq!(high.value(), 8 * 5 + 4 * 10 + 15);
    assert!(
        high.describe()
            .ends_with("; complete, so locked: it cannot be taken")
    );
    let low = ok("AH-KH");
    assert!(low.is_locked());
    assert_eq!(low.span(), "AH-KH");
    assert!(!ok("2H-KH").is_locked());
    assert!(!ok("AH-QH").is_locked());
}

#[test]
fn a_complete_run_may_hold_jokers_and_is_still_locked() {
    let r = ok("AS-QS JK");
    assert_eq!(r.span(), "AS-KS");
    assert!(r.is_locked());
    let r = ok("2S-6S JK 8S-AS");
    assert!(r.is_locked());
    assert_eq!(r.jokers(), vec!["7S".parse::<Natural>().expect("7S")]);
    assert_eq!(ok("JK 2S-KS").span(), "AS-KS");
    assert_eq!(ok("2S-KS JK").span(), "2S-AS");
}

#[test]
fn thirteen_natural_cards_read_from_the_end_the_ace_was_typed_at() {
    assert_eq!(ok("AC 2C-KC").span(), "AC-KC");
    assert_eq!(ok("2C-KC AC").span(), "2C-AC");
}

#[test]
fn fewer_than_three_cards_are_not_a_run() {
    assert_eq!(
        refused("5C 6C"),
        "a run needs at least 3 cards, and 5C 6C is 2"
    );
    assert_eq!(refused("5C"), "a run needs at least 3 cards, and 5C is 1");
    assert_eq!(
        refused("JK 5C"),
        "a run needs at least 3 cards, and JK 5C is 2"
    );
    assert_eq!(judge(&[]), Err(RunError::NoCards));
}

#[test]
fn fourteen_cards_are_refused_for_the_sheets_reason_aces_at_both_ends() {
    let ace_to_ace = "14 cards would run from ace to ace: the sheet forbids aces at both ends of one run, so a run holds at most 13 (A to K, or 2 to A)";
    assert_eq!(refused("AC-KC JK"), ace_to_ace);
    assert_eq!(refused("JK 2H-AH"), ace_to_ace);
}

#[test]
fn more_than_fourteen_cards_are_refused_by_their_count() {
    assert_eq!(
        refused("AC-KC JK JK"),
        "15 cards: a run holds at most 13 (A to K, or 2 to A)"
    );
}

#[test]
fn mixed_suits_are_not_a_run() {
    assert_eq!(
        refused("5C 6C 7H"),
        "5C and 7H are of different suits: a run is one suit"
    );
    assert_eq!(
        refused("JK=5H 6C 7C"),
        "JK=5H and 6C are of different suits: a run is one suit"
    );
}

#[test]
fn a_gap_without_a_joker_is_named() {
    assert_eq!(
        refused("5C 6C 8C"),
        "not consecutive: 7C missing between 6C and 8C, and no joker to fill it"
    );
    assert_eq!(
        refused("AC 3C 4C"),
        "not consecutive: 2C missing between AC and 3C, and no joker to fill it"
    );
    assert_eq!(
        refused("2H 4H 6H"),
        "not consecutive: 3H missing between 2H and 4H; 5H missing between 4H and 6H, and no joker to fill them"
    );
}

#[test]
fn too_few_jokers_for_the_gaps_are_counted() {
    assert_eq!(
        refused("5C 9C JK"),
        "not consecutive: 6C 7C 8C missing between 5C and 9C, and 1 joker cannot fill 3 places"
    );
    assert!(refused("2C JK JK 7C").ends_with("and 2 jokers cannot fill 4 places"));
}

#[test]
fn a_run_does_not_wrap_around_the_ace() {
    assert_eq!(
        refused("KC AC 2C"),
        "KC AC 2C wraps around past the ace: aces are low (A-2-3) or high (Q-K-A), and K-A-2 is not a run"
    );
    assert!(refused("2C QC KC AC").starts_with("QC KC AC 2C wraps around"));
    assert!(refused("KC JK 2C").starts_with("KC 2C wraps around"));
    assert!(refused("JK=KC AC 2C").starts_with("JK=KC AC 2C wraps around"));
}

#[test]
fn aces_may_not_be_at_both_ends() {
    assert_eq!(
        refused("AC JK=AC KC"),
        "AC and a joker standing for AC would put aces at both ends: a run's ace is low (A-2-3) or high (Q-K-A), never both"
    );
    assert!(refused("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS JK=AS").contains("aces at both ends"));
}

#[test]
fn the_same_card_twice_is_not_a_run() {
    assert_eq!(refused("5C 5C 6C"), "5C is in the run twice");
    assert_eq!(
        refused("JK=5C 5C 6C"),
        "JK=5C stands for 5C, which the run already has"
    );
    assert_eq!(
        refused("JK=5C JK=5C 6C"),
        "JK=5C stands for 5C, which the run already has"
    );
}

#[test]
fn three_jokers_are_more_than_the_deck_has() {
    assert_eq!(refused("JK JK JK 5C"), "3 jokers: the deck has only 2");
    assert_eq!(refused("JK JK JK"), "3 jokers: the deck has only 2");
}

#[test]
fn a_verdict_says_valid_why_what_each_joker_means_value_and_lock() {
    let v = verdict(&typed("5C 6C JK 8C"));
    assert!(v.valid);
    assert!(!v.locked);
    assert_eq!(v.value, 35);
    assert_eq!(
        v.reason,
        "4 clubs in order, 5C to 8C; the joker stands for 7C"
    );
    let json = serde_json::to_value(&v).expect("json");
    assert_eq!(json["jokers"], serde_json::json!(["7C"]));
    assert_eq!(json["run"], serde_json::json!(["5C", "6C", "JK=7C", "8C"]));
    let back: RunVerdict = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, v);

    let two = verdict(&typed("JK 5C JK 7C"));
    assert_eq!(
        two.reason,
        "4 clubs in order, 4C to 7C; the jokers stand for 4C and 6C"
    );

    let bad = verdict(&typed("5C 6C"));
    assert!(!bad.valid);
    assert_eq!(bad.value, 0);
    assert!(bad.run.is_empty() && bad.jokers.is_empty());
}

#[test]
fn a_judged_run_written_out_judges_back_to_itself() {
    for text in [
        "JK 5C 6C", "AC JK JK", "JK JK AC", "2S-KS JK", "JK 2S-KS", "AH-KH", "2H-AH", "QD KD JK",
        "JK 2D 3D",
    ] {
        let r = ok(text);
        assert_eq!(ok(&r.to_string()), r, "{text} -> {r}");
    }
}

#[test]
fn a_slot_reads_back_from_its_text_but_a_bare_joker_does_not() {
    let s: Slot = serde_json::from_str("\"JK=4C\"").expect("slot");
    assert_eq!(s.card, Card::Joker);
    assert_eq!(s.stands_for.to_string(), "4C");
    assert!(serde_json::from_str::<Slot>("\"JK\"").is_err());
}

#[test]
fn every_reading_of_a_joker_left_open_is_found_and_a_gap_leaves_one() {
    let spans = |text: &str| -> Vec<String> {
        typed_readings(&parse_typed(text).expect("cards"))
            .iter()
            .map(Run::span)
            .collect()
    };
    assert_eq!(spans("JK QH KH"), vec!["JH-KH", "QH-AH"]);
    assert_eq!(spans("JK 2H 3H"), vec!["AH-3H", "2H-4H"]);
    assert_eq!(spans("JK JK 5C"), vec!["3C-5C", "4C-6C", "5C-7C"]);
    assert_eq!(spans("AC JK JK"), vec!["AC-3C", "QC-AC"]);
    assert_eq!(spans("5C JK 7C"), vec!["5C-7C"]);
    assert_eq!(spans("JK=4C 5C 6C"), vec!["4C-6C"]);
    assert_eq!(spans("5C 6C 7C"), vec!["5C-7C"]);
    assert!(spans("5C 9C JK").is_empty());
    // Twelve spades and a joker lock up either way: as the low ace or the high.
    assert_eq!(spans("2S-KS JK"), vec!["AS-KS", "2S-AS"]);
}

/// Every way a typing's jokers could be read, low end first: a joker typed without a
/// meaning may stand at either end or between, never past the ace, and a card claimed
/// twice is no reading at all.
#[test]
fn every_reading_of_free_jokers_is_listed_low_end_first() {
    let readings = |text: &str| -> Vec<String> {
        typed_readings(&typed(text))
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(readings("JK QH KH"), ["JK=JH QH KH", "QH KH JK=AH"]);
    assert_eq!(readings("KH JK JK"), ["JK=JH JK=QH KH", "JK=QH KH JK=AH"]);
    assert_eq!(readings("JK 2C 3C"), ["JK=AC 2C 3C", "2C 3C JK=4C"]);
    assert_eq!(readings("AC JK 3C"), ["AC JK=2C 3C"]);
    assert_eq!(
        readings("JK JK 5D"),
        ["JK=3D JK=4D 5D", "JK=4D 5D JK=6D", "5D JK=6D JK=7D"]
    );
    assert_eq!(
        readings("5D JK=6D JK"),
        ["JK=4D 5D JK=6D", "5D JK=6D JK=7D"]
    );
    assert!(readings("5D JK=5D JK").is_empty());
    assert!(readings("5D JK=6D JK=6D").is_empty());
    // Twelve clubs and a joker: the ace low or high, the windows at both ends.
    assert_eq!(
        readings("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK"),
        [
            "JK=AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK=AC"
        ]
    );
    // Fourteen cards fill no window; two jokers alone say no suit.
    assert!(readings("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK").is_empty());
    assert!(readings("JK JK").is_empty());
}

/// Where neither end joins an ace up, the refusal reads it at the end that comes
/// nearer to a run (low when both are as near), and names what that end still needs.
#[test]
fn an_ace_that_joins_neither_end_is_reported_at_the_nearer() {
    assert_eq!(
        refused("4C 5C 6C 7C 8C 9C 10C JC JK AC"),
        "not consecutive: 2C 3C missing between AC and 4C, and 1 joker cannot fill 2 places"
    );
    assert_eq!(
        refused("10C QC AC"),
        "not consecutive: JC missing between 10C and QC; KC missing between QC and AC, and no joker to fill them"
    );
}
