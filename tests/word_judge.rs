//! The word judge's verdicts and reasons, one case per reason class and rule set, on
//! the embedded SCOWL + WordNet data.

use umpire::lexicon::{HouseList, Lexicon, Region, RuleSet, Rules, Verdict, judge};

fn verdict(rules: &Rules, word: &str) -> Verdict {
    let lex = Lexicon::embedded().expect("embedded dictionary opens");
    judge(&lex, rules, word).expect("a word of letters")
}

fn take_two(word: &str) -> Verdict {
    verdict(&Rules::new(RuleSet::TakeTwo), word)
}

fn assert_allowed(v: &Verdict, reason_part: &str) {
    assert!(v.allowed, "{} should be allowed: {}", v.word, v.reason);
    assert!(
        v.reason.contains(reason_part),
        "{}: reason {:?} lacks {reason_part:?}",
        v.word,
        v.reason
    );
}

fn assert_barred(v: &Verdict, code: &str, reason_part: &str) {
    assert!(!v.allowed, "{} should be barred: {}", v.word, v.reason);
    assert_eq!(v.code, code, "{}: {}", v.word, v.reason);
    assert!(
        v.reason.contains(reason_part),
        "{}: reason {:?} lacks {reason_part:?}",
        v.word,
        v.reason
    );
}

#[test]
fn two_letter_word_game_words_are_allowed_with_their_level() {
    assert_allowed(&take_two("qi"), "SCOWL 70");
    assert_allowed(&take_two("ZA"), "SCOWL 80");
    assert_eq!(take_two("za").word, "ZA");
}

#[test]
fn plurals_are_allowed() {
    assert_allowed(&take_two("dogs"), "SCOWL");
    assert_allowed(&take_two("mice"), "SCOWL");
}

#[test]
fn a_form_that_needs_an_apostrophe_is_barred_naming_it() {
    assert_barred(&take_two("dont"), "apostrophe", "only as \"don't\"");
    // Even at level 95, where SCOWL lists "dont" as a plain word, the echo does not pass.
    let mut insane = Rules::new(RuleSet::TakeTwo);
    insane.level = 95;
    assert_barred(&verdict(&insane, "dont"), "apostrophe", "don't");
}

#[test]
fn a_form_that_needs_a_hyphen_is_barred_naming_it() {
    assert_barred(&take_two("xray"), "hyphen", "\"x-ray\"");
    assert_barred(&take_two("uturn"), "hyphen", "u-turn");
}

#[test]
fn a_contraction_with_a_plain_twin_is_allowed() {
    // "can't" folds to CANT, but cant is a word of its own.
    assert_allowed(&take_two("cant"), "SCOWL");
}

#[test]
fn abbreviations_are_barred() {
    assert_barred(&take_two("nasa"), "abbreviation", "NASA");
    assert_barred(&take_two("etc"), "abbreviation", "etc");
}

#[test]
fn affixes_without_a_standalone_sense_are_barred() {
    assert_barred(&take_two("pre"), "affix", "prefix (pre-)");
    assert_barred(&take_two("ing"), "affix", "suffix (-ing)");
    assert_barred(&take_two("un"), "affix", "prefix (un-)");
}

#[test]
fn affix_lookalikes_with_a_sense_of_their_own_are_words() {
    assert_allowed(&take_two("re"), "SCOWL 10");
    assert_allowed(&take_two("ness"), "SCOWL 70");
    assert_allowed(&take_two("anti"), "SCOWL");
    // Function words WordNet does not list are still words.
    assert_allowed(&take_two("or"), "SCOWL 10");
    assert_allowed(&take_two("ate"), "SCOWL 10");
}

#[test]
fn proper_names_are_barred_under_take_two_and_word_taking() {
    assert_barred(&take_two("london"), "proper-name", "geographical name");
    let wt = Rules::new(RuleSet::WordTaking);
    assert_barred(&verdict(&wt, "london"), "proper-name", "London");
}

#[test]
fn a_name_that_is_also_a_common_word_passes_and_says_so() {
    let v = take_two("paris");
    assert_allowed(&v, "SCOWL 80");
    assert!(
        v.reason.contains("also a proper name (Paris)"),
        "{}",
        v.reason
    );
}

#[test]
fn absorbed_foreign_words_pass_take_two_but_not_word_taking() {
    let v = take_two("cafe");
    assert_allowed(&v, "absorbed foreign word (café)");
    assert_eq!(v.code, "absorbed-foreign");
    let wt = Rules::new(RuleSet::WordTaking);
    assert_barred(&verdict(&wt, "cafe"), "foreign", "café");
    // Typing the accent folds to the same tiles.
    assert_eq!(take_two("café").word, "CAFE");
}

#[test]
fn names_variants_allow_only_their_class_of_name() {
    let places = Rules::new(RuleSet::NamesPlaces);
    assert_allowed(&verdict(&places, "london"), "geographical name (London)");
    assert_barred(&verdict(&places, "dickens"), "not-a-name", "author");
    assert_barred(&verdict(&places, "table"), "not-a-name", "ordinary word");

    let history = Rules::new(RuleSet::NamesHistory);
    assert_allowed(&verdict(&history, "napoleon"), "historical person");

    let authors = Rules::new(RuleSet::NamesAuthors);
    assert_allowed(&verdict(&authors, "dickens"), "author (Dickens)");
    assert_barred(&verdict(&authors, "paris"), "not-a-name", "");
}

#[test]
fn the_level_cut_bars_a_word_allowed_at_the_default() {
    let mut rules = Rules::new(RuleSet::TakeTwo);
    rules.level = 50;
    assert_barred(&verdict(&rules, "qi"), "above-level", "SCOWL 70");
    rules.level = 80;
    assert!(verdict(&rules, "qi").allowed);
}

#[test]
fn the_region_bars_another_region_s_spelling() {
    let mut rules = Rules::new(RuleSet::TakeTwo);
    rules.region = Region::Us;
    assert_barred(&verdict(&rules, "colour"), "other-region", "American");
    assert!(verdict(&rules, "color").allowed);
    rules.region = Region::Gb;
    assert!(verdict(&rules, "colour").allowed);
}

#[test]
fn min_length_bars_short_words() {
    let mut rules = Rules::new(RuleSet::WordTaking);
    rules.min_length = 3;
    assert_barred(&verdict(&rules, "ox"), "too-short", "at least 3");
    assert!(verdict(&rules, "oxen").allowed);
}

#[test]
fn house_lists_override_the_dictionary_both_ways() {
    let mut rules = Rules::new(RuleSet::TakeTwo);
    rules.allow = HouseList::parse("# our words\nDont\n").expect("list parses");
    rules.deny = HouseList::parse("qi\n").expect("list parses");
    assert_allowed(&verdict(&rules, "dont"), "house list");
    assert_barred(&verdict(&rules, "qi"), "house-denied", "house list");
}

#[test]
fn unknown_words_are_barred_as_such() {
    assert_barred(&take_two("qzxv"), "unknown", "not in the dictionary");
}

#[test]
fn words_that_are_not_letters_are_refused_before_judging() {
    let lex = Lexicon::embedded().expect("opens");
    let rules = Rules::new(RuleSet::TakeTwo);
    assert!(judge(&lex, &rules, "q1").is_err());
    assert!(judge(&lex, &rules, "").is_err());
    assert!(judge(&lex, &rules, &"a".repeat(10_000)).is_err());
}
