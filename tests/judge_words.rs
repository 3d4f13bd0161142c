//! The word judge's verdicts and reasons, one case per reason class and rule set, on
//! the embedded SCOWL + WordNet data.

use crate::common;

use common::rule_set;
use umpire::lexicon::{Category, HouseList, Lexicon, Region, Rules, Verdict, judge};

fn verdict(rules: &Rules, word: &str) -> Verdict {
    let lex = Lexicon::embedded().expect("embedded dictionary opens");
    judge(&lex, rules, word).expect("a word of letters")
}

fn take_two(word: &str) -> Verdict {
    verdict(&Rules::new(rule_set("take-two")), word)
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
    let mut insane = Rules::new(rule_set("take-two"));
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
    let wt = Rules::new(rule_set("word-taking"));
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
fn absorbed_foreign_words_pass_take_two_and_word_taking_whatever_their_accent() {
    let v = take_two("cafe");
    assert_allowed(&v, "absorbed foreign word (café)");
    assert_eq!(v.code, "absorbed-foreign");
    let wt = word_taking();
    for (word, form) in [
        ("cafe", "café"),
        ("eclair", "éclair"),
        ("matinee", "matinée"),
        ("fiance", "fiancé"),
        ("saute", "sauté"),
        ("cliche", "cliché"),
    ] {
        assert_allowed(
            &verdict(&wt, word),
            &format!("absorbed foreign word ({form})"),
        );
    }
    assert_allowed(&verdict(&wt, "kaput"), "SCOWL 40");
    // Typing the accent folds to the same tiles.
    assert_eq!(take_two("café").word, "CAFE");
}

fn word_taking() -> Rules {
    Rules::new(rule_set("word-taking"))
}

#[test]
fn words_of_foreign_languages_are_barred_under_word_taking_naming_the_language() {
    let wt = word_taking();
    for (word, language) in [
        ("oui", "French"),
        ("bonjour", "French"),
        ("merci", "French"),
        ("jawohl", "German"),
        ("nyet", "Russian"),
        ("samhita", "Sanskrit"),
    ] {
        assert_barred(
            &verdict(&wt, word),
            "foreign",
            &format!("{language}: not an English word"),
        );
    }
    // The French and German lists hold GRACIAS and GRAZIE too: the likeliest language
    // is named.
    assert_barred(
        &verdict(&wt, "gracias"),
        "foreign",
        "Spanish: not an English word",
    );
    assert_barred(
        &verdict(&wt, "grazie"),
        "foreign",
        "Italian: not an English word",
    );
    // The same words pass a table whose policy does not bar foreign words.
    assert_allowed(&take_two("oui"), "SCOWL 70");
}

#[test]
fn the_one_look_up_answer_bars_foreign_words_as_the_explained_verdict_does() {
    let lex = umpire::lexicon::Lexicon::embedded().expect("embedded dictionary opens");
    let mut wt = word_taking();
    for level in [80, 95] {
        wt.level = level;
        for word in [
            "oui", "nyet", "samhita", "gracias", "cafe", "eclair", "table",
        ] {
            let v = verdict(&wt, word);
            assert_eq!(
                umpire::lexicon::allows(&lex, &wt, word),
                v.allowed,
                "{word} at {level}: {}",
                v.reason
            );
        }
    }
}

#[test]
fn symbols_of_units_and_elements_are_barred_as_symbols_naming_what_they_stand_for() {
    let wt = word_taking();
    for rules in [wt, Rules::new(rule_set("take-two"))] {
        assert_barred(&verdict(&rules, "hz"), "symbol", "symbol (Hz: hertz)");
        assert_barred(&verdict(&rules, "lm"), "symbol", "symbol (lm: lumen)");
        assert_barred(&verdict(&rules, "ph"), "symbol", "symbol (pH)");
        assert_barred(&verdict(&rules, "kg"), "symbol", "symbol (kg: kilogram)");
        assert_barred(&verdict(&rules, "cm"), "symbol", "symbol (cm: centimeter)");
    }
}

#[test]
fn han_is_allowed_as_scowls_lowercase_word_though_wordnet_knows_only_the_dynasty() {
    // Decided in dictionaries/README.md: SCOWL 80 lists "han" as a word; a table that
    // disagrees lists it in name-echoes.txt.
    assert_allowed(&verdict(&word_taking(), "han"), "SCOWL 80");
}

#[test]
fn merci_and_hz_are_no_longer_called_proper_names() {
    let wt = word_taking();
    for word in ["merci", "hz"] {
        let v = verdict(&wt, word);
        assert!(!v.reason.contains("proper name"), "{word}: {}", v.reason);
    }
}

#[test]
fn the_gazetteer_adds_towns_wordnet_lacks_to_names_places() {
    let places = Rules::new(rule_set("names-places"));
    for (word, name) in [("york", "York"), ("derby", "Derby"), ("rouen", "Rouen")] {
        let v = verdict(&places, word);
        assert_eq!(v.code, "name", "{}", v.reason);
        assert_allowed(&v, &format!("geographical name ({name}, a town: GeoNames)"));
    }
    // WordNet names these otherwise (a star, a character): a town of the same name in
    // GeoNames does not make them places.
    assert_barred(&verdict(&places, "sirius"), "not-a-name", "");
    assert_barred(&verdict(&places, "hamlet"), "not-a-name", "");
    // The towns are proper names under the other rule sets, told as places.
    assert_barred(
        &verdict(&word_taking(), "rotherham"),
        "proper-name",
        "proper name (Rotherham): geographical name",
    );
}

/// A table that plays places wants places it knows: a capital, a city of 100,000, a
/// town of 15,000 whose name is no everyday word, or a town of the British Isles of
/// 2,000 (5,000 for an everyday word's name), named as SCOWL spells a name (PEN and ORE
/// are only abbreviations there).
#[test]
fn a_town_is_one_people_know_and_common_words_are_not_towns() {
    let places = Rules::new(rule_set("names-places"));
    for word in ["pen", "ore", "cat", "za", "cafe"] {
        assert_barred(
            &verdict(&places, word),
            "not-a-name",
            "not a geographical name",
        );
    }
    // The threshold, over the whole gazetteer: a town named by an everyday word is a
    // capital, a city of 100,000 or a town of the British Isles of 5,000.
    let lex = Lexicon::embedded().expect("embedded dictionary opens");
    let word_taking = word_taking();
    let mut towns = 0;
    for line in include_str!("../dictionaries/places.tsv").lines() {
        if line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [key, _, _, population, rule] = fields[..] else {
            panic!("places.tsv: {line:?} is not key, name, countries, population, rule");
        };
        let population: u64 = population.parse().expect("a population");
        assert!(key.len() >= 3, "{line}");
        let ordinary = lex.senses(key).any(|s| {
            s.form == key && s.category == Category::Word && !s.wordnet_only && s.has_common_sense()
        });
        if ordinary {
            assert!(
                matches!(rule, "capital" | "city")
                    || (rule == "british-isles" && population >= 5_000),
                "{line}"
            );
        }
        // Whatever the town, an ordinary word stays a word under the other rules.
        if ordinary && judge(&lex, &word_taking, key).is_ok_and(|v| v.code == "word") {
            towns += 1;
        }
    }
    assert!(towns > 10, "{towns} large towns named by ordinary words");
}

/// Natural Earth names the rivers WordNet lacks (SHANNON, MERSEY; WordNet has THAMES and
/// TYNE). LIFFEY is in none of Natural Earth's 1:10m river layers: umpire's list names
/// it (`tests/judge_names.rs`).
#[test]
fn names_places_takes_the_rivers_of_natural_earth() {
    let places = Rules::new(rule_set("names-places"));
    for (word, name) in [("shannon", "Shannon"), ("mersey", "Mersey")] {
        let v = verdict(&places, word);
        assert_eq!(v.code, "name", "{}", v.reason);
        assert_allowed(
            &v,
            &format!("geographical name ({name}, a river: Natural Earth)"),
        );
    }
    for word in ["thames", "tyne"] {
        let v = verdict(&places, word);
        assert_eq!(v.code, "name", "{}", v.reason);
        assert!(v.allowed, "{}", v.reason);
    }
    // Claude Shannon stays a historical person.
    let history = Rules::new(rule_set("names-history"));
    assert_allowed(&verdict(&history, "shannon"), "historical person (Shannon)");
}

/// `rivers.tsv` says where it comes from, under which licence, and every river in it is
/// a key the dictionary spells with a capital.
#[test]
fn the_river_data_names_its_source_and_licence() {
    let tsv = include_str!("../dictionaries/rivers.tsv");
    let header: String = tsv
        .lines()
        .take_while(|l| l.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    for part in [
        "Natural Earth",
        "public domain",
        "martynafford/natural-earth-geojson",
        "CC0",
        "dictionaries/README.md",
    ] {
        assert!(header.contains(part), "rivers.tsv header lacks {part:?}");
    }
    let readme = include_str!("../dictionaries/README.md");
    for part in [
        "rivers.tsv",
        "Natural Earth",
        "ne_10m_rivers_lake_centerlines",
        "public domain",
    ] {
        assert!(
            readme.contains(part),
            "dictionaries/README.md lacks {part:?}"
        );
    }
    // The notices `umpire dict info --licences` prints (the README's last section) credit
    // both sources of the embedded places.
    let licences = readme.split("## Licences").nth(1).unwrap_or("");
    assert!(
        licences.contains("### Natural Earth"),
        "no Natural Earth notice"
    );
    assert!(licences.contains("### GeoNames"), "no GeoNames notice");
    let lex = Lexicon::embedded().expect("embedded dictionary opens");
    let mut rivers = 0;
    for line in tsv.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split('\t');
        let (Some(key), Some(name), Some(layers)) = (fields.next(), fields.next(), fields.next())
        else {
            panic!("rivers.tsv: {line:?} is not key, name, layers");
        };
        assert!(layers.starts_with("ne_10m_rivers"), "{line}");
        assert!(
            lex.senses(key)
                .any(|s| s.form.starts_with(char::is_uppercase)),
            "{name}"
        );
        rivers += 1;
    }
    assert!(rivers > 500, "{rivers} rivers");
}

#[test]
fn names_variants_allow_only_their_class_of_name() {
    let places = Rules::new(rule_set("names-places"));
    assert_allowed(&verdict(&places, "london"), "geographical name (London)");
    assert_barred(&verdict(&places, "dickens"), "not-a-name", "author");
    assert_barred(&verdict(&places, "table"), "not-a-name", "ordinary word");

    let history = Rules::new(rule_set("names-history"));
    assert_allowed(&verdict(&history, "napoleon"), "historical person");

    let authors = Rules::new(rule_set("names-authors"));
    assert_allowed(&verdict(&authors, "dickens"), "author (Dickens)");
    assert_barred(&verdict(&authors, "paris"), "not-a-name", "");
}

#[test]
fn the_level_cut_bars_a_word_allowed_at_the_default() {
    let mut rules = Rules::new(rule_set("take-two"));
    rules.level = 50;
    assert_barred(&verdict(&rules, "qi"), "above-level", "SCOWL 70");
    rules.level = 80;
    assert!(verdict(&rules, "qi").allowed);
}

#[test]
fn the_region_bars_another_region_s_spelling() {
    let mut rules = Rules::new(rule_set("take-two"));
    rules.region = Region::Us;
    assert_barred(&verdict(&rules, "colour"), "other-region", "American");
    assert!(verdict(&rules, "color").allowed);
    rules.region = Region::Gb;
    assert!(verdict(&rules, "colour").allowed);
}

#[test]
fn min_length_bars_short_words() {
    let mut rules = Rules::new(rule_set("word-taking"));
    rules.min_length = 3;
    assert_barred(&verdict(&rules, "ox"), "too-short", "at least 3");
    assert!(verdict(&rules, "oxen").allowed);
}

#[test]
fn house_lists_override_the_dictionary_both_ways() {
    let mut rules = Rules::new(rule_set("take-two"));
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
    let rules = Rules::new(rule_set("take-two"));
    assert!(judge(&lex, &rules, "q1").is_err());
    assert!(judge(&lex, &rules, "").is_err());
    assert!(judge(&lex, &rules, &"a".repeat(10_000)).is_err());
}

#[test]
fn ordinary_words_scowl_files_as_abbreviations_or_beside_an_apostrophe_form_are_words() {
    // A WordNet sense of their own, and a spelling SCOWL does not call an abbreviation:
    // AB, the muscles (beside Ab, the month).
    assert_allowed(&take_two("ab"), "SCOWL 60");
    // Regular plurals of nouns with one: MI and RE are notes, AB the muscle. MIS is also
    // a listed prefix (mis-) and MI's an apostrophe form: neither bars it.
    assert_allowed(&take_two("mis"), "SCOWL 80");
    assert_allowed(&take_two("abs"), "SCOWL 60");
    // Word-taking, which bars foreign spellings only, agrees.
    let wt = Rules::new(rule_set("word-taking"));
    assert!(verdict(&wt, "mis").allowed);
    assert!(verdict(&wt, "ab").allowed);
}

/// A word every spelling of which SCOWL lists as an abbreviation is one unless WordNet
/// gives it a meaning no dictionary calls an abbreviation (AA the lava, MATHS, INTRO):
/// ATM stays one (its lowercase atm is a unit's symbol), INST too (FreeDict gives it only
/// as instant's abbreviation), at every level and under every rule set.
#[test]
fn a_word_all_of_whose_spellings_are_abbreviations_is_one_unless_a_source_says_otherwise() {
    for (word, form) in [
        ("atm", "abbreviation (ATM)"),
        ("inst", "abbreviation (inst)"),
    ] {
        assert_barred(&take_two(word), "abbreviation", form);
    }
    for word in ["aa", "intro", "maths"] {
        assert_allowed(&take_two(word), "a word by WordNet");
    }
    for level in [80, 95] {
        let mut rules = Rules::new(rule_set("take-two"));
        rules.level = level;
        assert!(!verdict(&rules, "atm").allowed);
        assert!(!verdict(&word_taking(), "inst").allowed);
        assert!(verdict(&word_taking(), "intro").allowed);
    }
}

/// SCOWL files Xmas among its capitalised words and WordNet gives it Christmas's sense;
/// GCIDE defines it, and only it, as an abbreviation: it is refused as one, not as a
/// proper name.
#[test]
fn a_spelling_gcide_calls_only_an_abbreviation_is_refused_as_one() {
    assert_barred(&take_two("xmas"), "abbreviation", "abbreviation (Xmas)");
    assert_barred(
        &verdict(&word_taking(), "xmas"),
        "abbreviation",
        "abbreviation (Xmas)",
    );
    // Clippings GCIDE also defines as words stay words.
    assert_allowed(&take_two("auto"), "SCOWL");
    let listed = include_str!("../dictionaries/abbreviations.tsv");
    assert!(
        listed.starts_with("# Spellings every GCIDE entry"),
        "{listed}"
    );
}

/// An affix that SCOWL also spells with a capital (Ful, Milli, Ty, Ian) is refused as
/// the affix a player laid, not as a proper name.
#[test]
fn an_affix_spelt_with_a_capital_somewhere_is_refused_as_the_affix() {
    for (word, reason) in [
        ("ful", "suffix (-ful), no standalone sense"),
        ("milli", "prefix (milli-), no standalone sense"),
        ("ty", "suffix (-ty), no standalone sense"),
        ("ian", "suffix (-ian), no standalone sense"),
    ] {
        assert_barred(&take_two(word), "affix", reason);
    }
}

/// SCOWL files a variant under the level of the word it varies: NITE sits in the
/// variant list of level 10 because NIGHT does. The reason says so, and never calls
/// NITE a common word of level 10.
#[test]
fn a_variant_is_not_given_the_level_of_the_word_it_varies_as_its_own() {
    let v = take_two("nite");
    assert!(v.allowed, "{}", v.reason);
    assert_eq!(v.code, "word");
    assert_eq!(v.reason, "variant spelling of a SCOWL 10 word");
}

#[test]
fn an_abbreviation_with_no_vowel_stays_barred_whatever_wordnet_defines() {
    // WordNet gives kg and lb senses (kilogram, pound), but they are read letter by
    // letter: the symbols of units.
    assert_barred(&take_two("kg"), "symbol", "symbol (kg: kilogram)");
    assert_barred(&take_two("lb"), "symbol", "symbol (lb: pound)");
    assert_barred(&take_two("lbs"), "abbreviation", "abbreviation (lbs)");
}

#[test]
fn a_word_above_the_level_is_barred_for_its_level_not_for_a_spelling_beside_it() {
    let mut rules = Rules::new(rule_set("take-two"));
    rules.level = 70;
    // mis is SCOWL 80; MI's (SCOWL 35) would not bar it, so it is not the reason.
    assert_barred(&verdict(&rules, "mis"), "above-level", "mis is SCOWL 80");
    rules.level = 50;
    assert_barred(&verdict(&rules, "ab"), "above-level", "ab is SCOWL 60");
}

#[test]
fn mrs_is_barred_as_the_abbreviation_mrs_not_as_the_possessive_of_mr() {
    let v = take_two("mrs");
    assert_barred(&v, "abbreviation", "abbreviation (Mrs)");
    assert!(!v.reason.contains("Mr's"), "{}", v.reason);
}

#[test]
fn a_word_typed_with_its_hyphen_or_apostrophe_is_not_told_to_add_one() {
    let v = take_two("x-ray");
    assert_barred(&v, "hyphen", "\"x-ray\" has a hyphen");
    assert!(!v.reason.contains("needs a hyphen"), "{}", v.reason);
    assert_eq!(v.word, "XRAY");
    let v = take_two("don't");
    assert_barred(&v, "apostrophe", "\"don't\" has an apostrophe");
    // Typed without it, the reason still says what it needs.
    assert_barred(
        &take_two("xray"),
        "hyphen",
        "only as \"x-ray\": needs a hyphen",
    );
}

#[test]
fn the_plural_of_a_hyphenated_noun_is_barred_like_the_singular() {
    assert_barred(
        &take_two("xrays"),
        "hyphen",
        "only as \"x-rays\": needs a hyphen",
    );
    assert_barred(&take_two("uturns"), "hyphen", "only as \"u-turns\"");
    assert_barred(
        &take_two("mothersinlaw"),
        "hyphen",
        "only as \"mothers-in-law\"",
    );
}

#[test]
fn names_reasons_take_the_right_article() {
    let authors = Rules::new(rule_set("names-authors"));
    let v = verdict(&authors, "nile");
    assert_barred(&v, "not-a-name", "not an author (Nile: geographical name)");
    let places = Rules::new(rule_set("names-places"));
    assert_barred(
        &verdict(&places, "table"),
        "not-a-name",
        "not a geographical name",
    );
}

#[test]
fn names_places_takes_rivers_mountains_ranges_oceans_and_seas() {
    let places = Rules::new(rule_set("names-places"));
    for (word, name) in [
        ("nile", "Nile"),
        ("thames", "Thames"),
        ("danube", "Danube"),
        ("amazon", "Amazon"),
        ("everest", "Everest"),
        ("kilimanjaro", "Kilimanjaro"),
        ("alps", "Alps"),
        ("andes", "Andes"),
        ("himalayas", "Himalayas"),
        ("atlantic", "Atlantic"),
        ("pacific", "Pacific"),
        ("mediterranean", "Mediterranean"),
        ("caribbean", "Caribbean"),
    ] {
        let v = verdict(&places, word);
        assert_allowed(&v, &format!("geographical name ({name})"));
        assert_eq!(v.code, "name");
    }
    // Take Two bars them as geographical names, which the reason now says.
    assert_barred(
        &take_two("nile"),
        "proper-name",
        "proper name (Nile): geographical name",
    );
}

#[test]
fn names_places_refuses_stars_planets_and_constellations() {
    let places = Rules::new(rule_set("names-places"));
    for word in ["sirius", "jupiter", "pluto", "andromeda", "table"] {
        assert_barred(
            &verdict(&places, word),
            "not-a-name",
            "not a geographical name",
        );
    }
}

#[test]
fn names_authors_takes_the_surname_of_a_writer_wordnet_names_in_full() {
    let authors = Rules::new(rule_set("names-authors"));
    for (word, name) in [
        ("twain", "Twain"),
        ("orwell", "Orwell"),
        ("austen", "Austen"),
        ("tolstoy", "Tolstoy"),
        ("chaucer", "Chaucer"),
        ("eliot", "Eliot"),
        ("bronte", "Bronte"),
        ("milton", "Milton"),
        ("kafka", "Kafka"),
        ("carroll", "Carroll"),
        // Walter de la Mare: the surname keeps its particles.
        ("delamare", "de la Mare"),
    ] {
        assert_allowed(&verdict(&authors, word), &format!("author ({name})"));
    }
    for word in ["lincoln", "napoleon", "nile", "table"] {
        assert_barred(&verdict(&authors, word), "not-a-name", "not an author");
    }
}

/// An author is named the way the author is known: a surname, or the one name a writer
/// goes by (HOMER, VIRGIL), never the rest of a name that writer does not go by (MARO of
/// Publius Vergilius Maro, AFER of Publius Terentius Afer, ALIGHIERI of Dante Alighieri)
/// and never a given name read in the wrong order (Li Po is LI, a Chinese name, family
/// name first; not PO).
#[test]
fn an_author_is_named_the_way_the_author_is_known() {
    let authors = Rules::new(rule_set("names-authors"));
    for (word, name) in [("homer", "Homer"), ("virgil", "Virgil"), ("li", "Li")] {
        let v = verdict(&authors, word);
        assert_eq!(v.code, "name", "{}", v.reason);
        assert_allowed(&v, &format!("author ({name})"));
    }
    for word in ["maro", "afer", "alighieri", "po", "norway"] {
        assert_barred(&verdict(&authors, word), "not-a-name", "not an author");
    }
}

/// A historical person whose name is also a town is still the person (WELLESLEY, the
/// Duke of Wellington's name; BLYTHE): under names-history the person decides, and the
/// surname is taken from the full name WordNet gives, as for an author.
#[test]
fn a_historical_person_whose_name_is_also_a_town_is_the_persons() {
    let history = Rules::new(rule_set("names-history"));
    for (word, name) in [("wellesley", "Wellesley"), ("blythe", "Blythe")] {
        let v = verdict(&history, word);
        assert_eq!(v.code, "name", "{}", v.reason);
        assert_allowed(&v, &format!("historical person ({name})"));
    }
    // Titles, epithets and regnal numbers are no surnames.
    for word in ["ofarabia", "theelder"] {
        assert!(!verdict(&history, word).allowed, "{word}");
    }
}

#[test]
fn names_history_takes_historical_persons_only() {
    let history = Rules::new(rule_set("names-history"));
    for (word, name) in [
        ("lincoln", "Lincoln"),
        ("caesar", "Caesar"),
        ("gandhi", "Gandhi"),
        ("churchill", "Churchill"),
        ("cleopatra", "Cleopatra"),
        ("darwin", "Darwin"),
        ("einstein", "Einstein"),
        ("columbus", "Columbus"),
        ("washington", "Washington"),
        // Mark Twain is a person too.
        ("twain", "Twain"),
    ] {
        assert_allowed(
            &verdict(&history, word),
            &format!("historical person ({name})"),
        );
    }
    for word in ["nile", "sirius", "table"] {
        assert_barred(
            &verdict(&history, word),
            "not-a-name",
            "not a historical person",
        );
    }
}

#[test]
fn gods_saints_and_characters_of_fiction_are_no_historical_persons() {
    // WordNet files them all in noun.person; their classes reach a deity (Zeus, Thor;
    // Santa Claus, a patron saint, which WordNet files under deity) or an imaginary
    // being (Hamlet, Merlin), not a real person.
    let history = Rules::new(rule_set("names-history"));
    for word in ["zeus", "thor", "hamlet", "santa", "merlin", "achilles"] {
        assert_barred(
            &verdict(&history, word),
            "not-a-name",
            "not a historical person",
        );
    }
    for (word, name) in [("nero", "Nero"), ("jesus", "Jesus"), ("moses", "Moses")] {
        assert_allowed(
            &verdict(&history, word),
            &format!("historical person ({name})"),
        );
    }
}

#[test]
fn diarists_satirists_and_critics_are_authors() {
    // WordNet files a diarist under a second "writer", a satirist under humorist and a
    // literary critic under professional: none under "writer, author".
    let authors = Rules::new(rule_set("names-authors"));
    for (word, name) in [
        ("pepys", "Pepys"),
        ("swift", "Swift"),
        ("juvenal", "Juvenal"),
        ("ruskin", "Ruskin"),
        ("hazlitt", "Hazlitt"),
    ] {
        assert_allowed(&verdict(&authors, word), &format!("author ({name})"));
    }
}

#[test]
fn listed_lowercase_copies_of_names_are_barred_as_the_name() {
    assert_barred(&take_two("holmes"), "proper-name", "proper name (Holmes)");
    assert_barred(&take_two("cohen"), "proper-name", "proper name (Cohen)");
    assert_barred(&take_two("sophia"), "proper-name", "proper name (Sophia)");
    let wt = Rules::new(rule_set("word-taking"));
    assert_barred(&verdict(&wt, "holmes"), "proper-name", "Holmes");
    // The names variants still take them as names.
    let authors = Rules::new(rule_set("names-authors"));
    assert_allowed(&verdict(&authors, "holmes"), "author (Holmes)");
}

#[test]
fn lowercase_echoes_that_tournament_lists_accept_stay_words() {
    for word in ["spain", "alec", "abbas", "gama", "paris"] {
        assert_allowed(&take_two(word), "SCOWL 80");
    }
}

#[test]
#[ignore = "long run: every 37th word of the dictionary under every rule set, region and level (`cargo test -- --ignored`, which CI runs)"]
fn the_one_look_up_answer_agrees_with_the_explained_verdict() {
    let lex = Lexicon::embedded().expect("embedded dictionary opens");
    let mut tables = Vec::new();
    for set in umpire::registry::catalog().rule_sets() {
        for region in [Region::Any, Region::Gb] {
            for level in [35, 80, 95] {
                let mut r = Rules::new(set);
                r.region = region;
                r.level = level;
                tables.push(r);
            }
        }
    }
    // Every 37th key of the dictionary, and the keys whose verdicts this file names.
    let mut keys: Vec<String> = lex
        .keys_with_prefix("", usize::MAX)
        .into_iter()
        .step_by(37)
        .collect();
    keys.extend(
        [
            "mis", "ab", "cafe", "fiance", "colour", "holmes", "pre", "dont", "xrays", "nile",
        ]
        .map(String::from),
    );
    let mut checked = 0;
    for key in &keys {
        for rules in &tables {
            let explained = umpire::lexicon::decide(&lex, rules, key).allowed();
            assert_eq!(
                umpire::lexicon::allows(&lex, rules, key),
                explained,
                "{key} under {}",
                rules.describe()
            );
            checked += 1;
        }
    }
    assert!(checked > 300_000, "only {checked} verdicts compared");
}

#[test]
fn a_single_letter_is_a_word_only_when_it_is_a_i_or_o() {
    // The dictionary lists every letter's name ("the 17th letter"); no word game plays
    // them, and the word-taking sheet's "if this letter does not itself form a word"
    // takes it for granted.
    for set in [rule_set("take-two"), rule_set("word-taking")] {
        let rules = Rules::new(set);
        for w in ["a", "I", "o"] {
            assert!(verdict(&rules, w).allowed, "{w} under {set:?}");
        }
        for w in ["q", "X", "b", "s"] {
            assert_barred(
                &verdict(&rules, w),
                "letter",
                "the one-letter words are A, I and O",
            );
        }
    }
    // Both the batch path and the full judgement agree.
    let lex = Lexicon::embedded().expect("embedded dictionary opens");
    let rules = Rules::new(rule_set("word-taking"));
    assert!(!umpire::lexicon::allows(&lex, &rules, "q"));
    assert!(umpire::lexicon::allows(&lex, &rules, "a"));
    // A house list still decides first.
    let mut rules = Rules::new(rule_set("take-two"));
    rules.allow = HouseList::parse("x\n").expect("list parses");
    assert!(verdict(&rules, "x").allowed);
}

#[test]
fn a_letters_plural_is_no_word_but_as_es_is_os_and_us_are() {
    // SCOWL lists BS, CS, TS... (CS at its commonest level); no word game plays them.
    let lex = Lexicon::embedded().expect("embedded dictionary opens");
    for set in [rule_set("take-two"), rule_set("word-taking")] {
        let rules = Rules::new(set);
        for w in ["as", "ES", "is", "os", "us"] {
            assert!(verdict(&rules, w).allowed, "{w} under {set:?}");
            assert!(umpire::lexicon::allows(&lex, &rules, &w.to_lowercase()));
        }
        for w in ["bs", "CS", "ts", "rs", "xs", "ss"] {
            assert_barred(
                &verdict(&rules, w),
                "letter",
                "the two-letter words ending in S are AS, ES, IS, OS and US",
            );
            assert!(
                !umpire::lexicon::allows(&lex, &rules, &w.to_lowercase()),
                "{w} on the batch path"
            );
        }
        // Longer words ending in S are judged as ever.
        assert!(verdict(&rules, "bus").allowed);
    }
}
