//! The game played through its verbs: the sheet's examples, the plural rule,
//! protection, the move finder on tables built turn by turn, winning, and refusals.

use std::sync::OnceLock;

use super::graph::WordGraph;
use super::letters::{Letter, Letters, Word};
use super::moves::{Finder, HeldWord, Move, MoveKind, Moves};
use super::parse::{describe, parse_draw, parse_finish, parse_make, parse_next, parse_take};
use super::referee::Referee;
use super::state::{Ending, Event, OnEmpty, Options, Table, WinOn, WordTakingError};
use super::supply::Supply;
use super::take::{self, TakeError};
use crate::lexicon::{Lexicon, Plurals, RuleSet, Rules};

fn lexicon() -> &'static Lexicon {
    static LEX: OnceLock<Lexicon> = OnceLock::new();
    LEX.get_or_init(|| Lexicon::embedded().expect("the dictionary is built in"))
}

fn plurals() -> &'static Plurals {
    static P: OnceLock<Plurals> = OnceLock::new();
    P.get_or_init(|| Plurals::new().expect("the dictionary is built in"))
}

fn word(w: &str) -> Word {
    Word::parse(w).expect("a word")
}

fn letters(s: &str) -> Letters {
    Letters::parse(s).expect("letters")
}

/// A game at a table: the players, the options, the rules, and the table.
struct Game {
    players: Vec<String>,
    options: Options,
    rules: Rules,
    table: Table,
}

impl Game {
    fn new(set: RuleSet, min_length: usize, target: usize, win_on: WinOn) -> Game {
        let players: Vec<String> = ["alice", "bob", "carol"].map(String::from).to_vec();
        let mut options = Options::standard().expect("default options");
        options.target_words = target;
        options.win_on = win_on;
        let mut rules = Rules::new(set);
        rules.min_length = min_length;
        let table = Table::new(&options, players.len());
        Game {
            players,
            options,
            rules,
            table,
        }
    }

    fn standard() -> Game {
        Game::new(crate::games::word_taking::WORD_TAKING, 2, 10, WinOn::Hold)
    }

    fn referee(&self) -> Referee<'_> {
        Referee::new(lexicon(), &self.rules, plurals())
    }

    /// Reads one typed command; records it when accepted, and says what happened.
    fn run(&mut self, line: &str) -> Result<String, WordTakingError> {
        let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
        let referee = self.referee();
        let (t, o, p) = (&self.table, &self.options, self.players.as_slice());
        let event = match verb {
            "draw" => parse_draw(t, o, p, args)?,
            "make" => parse_make(t, o, p, &referee, args)?.0,
            "take" => parse_take(t, o, p, &referee, args)?.0,
            "next" => parse_next(t, o, p, args)?,
            "finish" => parse_finish(t, o, p, args)?,
            other => panic!("no verb {other}"),
        };
        let said = describe(&event, t, o, p);
        self.table
            .apply(&self.options, &self.players, &event)
            .expect("a parsed event applies");
        Ok(said)
    }

    /// Runs lines that must all be accepted; returns what the last one said.
    fn play(&mut self, lines: &[&str]) -> String {
        let mut said = String::new();
        for line in lines {
            said = self
                .run(line)
                .unwrap_or_else(|e| panic!("{line}: refused: {e}"));
        }
        said
    }

    /// A line that must be refused, and the table unchanged.
    fn refused(&mut self, line: &str) -> String {
        let before = self.table.clone();
        let err = self
            .run(line)
            .expect_err(&format!("{line} should be refused"));
        assert_eq!(self.table, before, "a refusal changes nothing");
        err.to_string()
    }

    fn words(&self, seat: usize) -> Vec<&str> {
        self.table.words(seat).iter().map(Word::as_str).collect()
    }

    /// Puts letters in the centre, one turn each, starting with whoever is to play.
    fn put_in_centre(&mut self, centre: &str) {
        for c in centre.chars() {
            let who = self.players[self.table.turn()].clone();
            self.play(&[&format!("draw {who} {c}"), "next"]);
        }
    }

    fn missed(&self) -> Vec<String> {
        let held = self.table.held_words(&self.players);
        let finder = finder(&self.rules, &self.table.supply(), &held);
        shown(&self.table.missed(&self.players, &finder))
    }
}

/// A move as "KIND WORD<FROM+ADDED": easy to compare whole lists.
fn show(m: &Move<'_>) -> String {
    let kind = match m.kind {
        MoveKind::Take => "take",
        MoveKind::Protect => "protect",
        MoveKind::Make => "make",
    };
    match &m.from {
        Some(from) => format!("{kind} {}<{from}+{}", m.word, m.added.letters().compact()),
        None => format!("{kind} {}", m.word),
    }
}

fn shown(moves: &Moves) -> Vec<String> {
    moves.iter().map(|m| show(&m)).collect()
}

/// The moves on a table built by hand: (owner, word) pairs and the supply.
fn search(
    set: RuleSet,
    min_length: usize,
    supply: Supply,
    table: &[(&str, &str)],
    mover: Option<&str>,
) -> Moves {
    let mut rules = Rules::new(set);
    rules.min_length = min_length;
    let held = held_words(table);
    finder(&rules, &supply, &held).find(&supply, &held, mover)
}

/// The words on a table built by hand, as (owner, word) pairs.
fn held_words(table: &[(&str, &str)]) -> Vec<HeldWord> {
    table
        .iter()
        .map(|(owner, w)| HeldWord {
            owner: owner.to_string(),
            word: word(w),
        })
        .collect()
}

/// A finder for the words these held words and this supply can make.
fn finder(rules: &Rules, supply: &Supply, held: &[HeldWord]) -> Finder {
    Finder::within(lexicon(), rules, &Finder::bound(supply, held)).expect("searchable")
}

fn find(
    set: RuleSet,
    min_length: usize,
    supply: Supply,
    table: &[(&str, &str)],
    mover: Option<&str>,
) -> Vec<String> {
    shown(&search(set, min_length, supply, table, mover))
}

// The sheet's examples.

#[test]
fn a_letter_that_forms_no_word_goes_to_the_centre_and_the_next_player_may_use_it() {
    let mut g = Game::standard();
    assert_eq!(g.play(&["draw alice T"]), "alice draws T");
    assert_eq!(
        g.play(&["next"]),
        "alice's turn ends; T goes to the centre; bob to play"
    );
    assert_eq!(g.table.centre().compact(), "T");
    g.play(&["draw bob O"]);
    assert_eq!(
        g.play(&["make bob TO"]),
        "bob makes TO (O drawn, T from the centre)"
    );
    assert_eq!(g.words(1), ["TO"]);
    assert!(g.table.centre().is_empty());
    // The drawn letter was used: nothing goes to the centre at the end of the turn.
    assert_eq!(g.play(&["next"]), "bob's turn ends; carol to play");
    assert!(g.table.centre().is_empty());
}

#[test]
fn fin_with_a_drawn_d_becomes_find() {
    let mut g = Game::standard();
    g.put_in_centre("FI");
    g.play(&["draw carol N", "make carol FIN", "next"]);
    assert_eq!(
        g.play(&["draw alice D", "take alice FIND from carol"]),
        "alice takes FIN from carol as FIND (+D drawn)"
    );
    assert_eq!(g.words(0), ["FIND"]);
    assert!(g.words(2).is_empty());
}

/// alice holds LAME, made from the centre's L A M and her drawn E; `extra` then goes
/// to the centre; bob is to play.
fn lame_on_the_table(extra: &str) -> Game {
    let mut g = Game::standard();
    g.put_in_centre("LAM");
    g.play(&["draw alice E", "make alice LAME", "next"]);
    g.put_in_centre(extra);
    while g.table.turn() != 1 {
        g.play(&["next"]);
    }
    g
}

#[test]
fn lame_with_a_drawn_p_is_rearranged_into_ample() {
    let mut g = lame_on_the_table("");
    assert_eq!(g.words(0), ["LAME"], "alice made LAME from the centre");
    assert_eq!(
        g.play(&["draw bob P", "take bob AMPLE from alice"]),
        "bob takes LAME from alice as AMPLE (+P drawn)"
    );
    assert_eq!(g.words(1), ["AMPLE"]);
}

#[test]
fn with_an_s_in_the_centre_the_p_makes_sample_instead() {
    let mut g = lame_on_the_table("S");
    assert_eq!(g.table.centre().compact(), "S");
    assert_eq!(
        g.play(&["draw bob P", "take bob SAMPLE from alice"]),
        "bob takes LAME from alice as SAMPLE (+P drawn, +S from the centre)"
    );
    assert!(g.table.centre().is_empty());
}

#[test]
fn ample_left_with_an_s_in_the_centre_is_a_missed_take_and_is_taken_as_sample_next_turn() {
    let mut g = lame_on_the_table("S");
    g.play(&["draw bob P", "take bob AMPLE from alice"]);
    // SAMPLE is there with the centre's S, but not as bob's protection: rule 4's S
    // goes after the word (AMPLES, no word), and SAMPLE rearranges AMPLE.
    let missed = g.missed();
    assert!(
        !missed.iter().any(|m| m.starts_with("protect")),
        "{missed:?}"
    );
    assert_eq!(
        g.refused("take bob SAMPLE from bob"),
        "SAMPLE rearranges AMPLE: rule 4 lets a player add an S to their own word (AMPLES), not rearrange it"
    );
    g.play(&["next"]);
    assert_eq!(
        g.play(&["draw carol Q", "take carol SAMPLE from bob"]),
        "carol takes AMPLE from bob as SAMPLE (+S from the centre)"
    );
    assert_eq!(g.words(2), ["SAMPLE"]);
    assert!(g.words(1).is_empty());
    // Carol's Q is unused and goes to the centre.
    assert_eq!(
        g.play(&["next"]),
        "carol's turn ends; Q goes to the centre; alice to play"
    );
    assert_eq!(g.table.centre().compact(), "Q");
}

#[test]
fn making_a_word_from_the_pool_alone_keeps_the_right_to_draw() {
    let mut g = Game::standard();
    g.put_in_centre("TO");
    g.play(&["make carol TO"]);
    assert!(!g.table.has_drawn());
    assert_eq!(g.play(&["draw carol X"]), "carol draws X");
}

// The plural rule and protection.

fn rule(old: &str, new: &str, centre: &str, own: bool) -> Result<String, String> {
    let rules = Rules::new(crate::games::word_taking::WORD_TAKING);
    let referee = Referee::new(lexicon(), &rules, plurals());
    take::rule(
        &referee,
        &word(old),
        &word(new),
        &Supply::centre(Letters::parse(centre).unwrap_or_default()),
        own,
    )
    .map(|r| r.reason())
    .map_err(|e| e.to_string())
}

#[test]
fn a_take_that_only_makes_a_word_plural_is_refused_regular_or_irregular() {
    assert_eq!(
        rule("CAT", "CATS", "S", false),
        Err("CATS only makes CAT plural (+S): rule 4 bars a take that turns a singular into its plural".into())
    );
    assert_eq!(
        rule("BOX", "BOXES", "ES", false),
        Err("BOXES only makes BOX plural (+ES): rule 4 bars a take that turns a singular into its plural".into())
    );
    assert_eq!(
        rule("OX", "OXEN", "EN", false),
        Err("OXEN only makes OX plural (irregular plural): rule 4 bars a take that turns a singular into its plural".into())
    );
    assert_eq!(
        rule("GLASS", "GLASSES", "ES", false),
        Err("GLASSES only makes GLASS plural (+ES): rule 4 bars a take that turns a singular into its plural".into())
    );
}

#[test]
fn a_new_word_with_an_s_is_not_a_plural() {
    let sample = rule("AMPLE", "SAMPLE", "S", false).expect("SAMPLE is a new word");
    assert!(
        sample.starts_with("AMPLE +S makes SAMPLE (SCOWL"),
        "{sample}"
    );
    assert!(rule("CAT", "CAST", "S", false).is_ok());
    assert!(rule("NEW", "NEWS", "S", false).is_ok(), "NEW is not a noun");
    assert!(rule("OX", "SOX", "S", false).is_ok());
}

#[test]
fn a_player_may_add_an_s_to_their_own_word_even_as_a_plural() {
    let protected = rule("CAT", "CATS", "S", true).expect("protection");
    assert!(
        protected.starts_with("CAT +S protects it as CATS"),
        "{protected}"
    );
    // Rule 4's S goes after the word as it stands: a rearrangement is taking one's own
    // word, which no rule allows.
    assert_eq!(
        rule("AMPLE", "SAMPLE", "S", true),
        Err("SAMPLE rearranges AMPLE: rule 4 lets a player add an S to their own word (AMPLES), not rearrange it".into())
    );
    assert_eq!(
        rule("BRACKET", "BACKREST", "S", true),
        Err("BACKREST rearranges BRACKET: rule 4 lets a player add an S to their own word (BRACKETS), not rearrange it".into())
    );
    let brackets = rule("BRACKET", "BRACKETS", "S", true).expect("protection");
    assert!(
        brackets.starts_with("BRACKET +S protects it as BRACKETS"),
        "{brackets}"
    );
    assert_eq!(
        rule("FIN", "FIND", "D", true),
        Err("only an S may be added to one's own word (rule 4): FIND adds D to FIN".into())
    );
    assert_eq!(
        rule("CAT", "CASTS", "SS", true),
        Err("only an S may be added to one's own word (rule 4): CASTS adds S S to CAT".into())
    );
}

#[test]
fn protection_at_the_table_is_told_as_such() {
    let mut g = Game::standard();
    g.put_in_centre("CAS");
    g.play(&["draw alice T", "make alice CAT"]);
    assert_eq!(g.table.centre().compact(), "S");
    assert_eq!(
        g.play(&["take alice CATS from alice"]),
        "alice protects CAT as CATS (+S from the centre)"
    );
    assert_eq!(g.words(0), ["CATS"]);
}

/// Rule 4's protection is the word with an S after it, at the prompt and in `missed`:
/// alice's BRACKET becomes BRACKETS, never BACKREST (taking one's own word).
#[test]
fn protection_is_the_word_with_an_s_after_it_never_a_rearrangement() {
    let mut g = Game::standard();
    g.put_in_centre("BRACKE");
    g.play(&["draw alice T", "make alice BRACKET", "next"]);
    g.put_in_centre("SQ");
    g.play(&["draw alice Z"]);
    assert_eq!(g.table.centre().compact(), "QS");
    let missed = g.missed();
    assert_eq!(
        missed
            .iter()
            .filter(|m| m.starts_with("protect"))
            .collect::<Vec<_>>(),
        ["protect BRACKETS<BRACKET+S"]
    );
    assert_eq!(
        g.refused("take alice BACKREST from alice"),
        "BACKREST rearranges BRACKET: rule 4 lets a player add an S to their own word (BRACKETS), not rearrange it"
    );
    assert_eq!(
        g.play(&["take alice BRACKETS from alice"]),
        "alice protects BRACKET as BRACKETS (+S from the centre)"
    );
    assert_eq!(g.words(0), ["BRACKETS"]);
}

// Refusals: one line each, nothing recorded.

#[test]
fn a_take_that_adds_nothing_or_loses_a_letter_is_refused() {
    assert_eq!(
        rule("FIN", "FIN", "D", false),
        Err("FIN adds nothing to FIN: a take must add at least one letter (rule 3)".into())
    );
    assert_eq!(
        rule("FIN", "FIND", "", false)
            .map_err(|e| e.starts_with("FIND from FIN: D is not on the table")),
        Err(true)
    );
    assert_eq!(rule("LAME", "MAPLES", "PS", false).map(|_| ()), Ok(()),);
    assert_eq!(
        rule("FIND", "FIN", "", false),
        Err("FIN does not keep every letter of FIND: D missing (a take keeps all of the old word's letters)".into())
    );
}

#[test]
fn a_new_word_the_rules_bar_is_refused_with_the_judges_reason() {
    let err = rule("LOND", "LONDON", "NO", false).expect_err("a proper name");
    assert!(
        err.starts_with("LONDON is not allowed: proper name"),
        "{err}"
    );
}

#[test]
fn letters_not_drawn_or_not_in_the_centre_are_named() {
    let mut g = lame_on_the_table("");
    let err = g.refused("take bob AMPLE from alice");
    assert_eq!(
        err,
        "AMPLE from LAME: P is not on the table (no drawn letter; the centre is empty)"
    );
    g.play(&["draw bob R"]);
    assert_eq!(
        g.refused("make bob RAP"),
        "cannot make RAP: A and P are not on the table (drawn: R; the centre is empty)"
    );
}

#[test]
fn a_word_its_owner_does_not_hold_is_refused() {
    let mut g = lame_on_the_table("");
    g.play(&["draw bob P"]);
    assert_eq!(
        g.refused("take bob AMPLE from alice MALE"),
        "alice does not hold MALE (alice's words: LAME)"
    );
    assert_eq!(
        g.refused("take bob AMPLE from carol"),
        "carol holds no words to take"
    );
    assert_eq!(
        g.refused("take bob PLUM from alice"),
        "PLUM does not keep every letter of LAME: A E missing (a take keeps all of the old word's letters)"
    );
}

#[test]
fn draws_out_of_turn_twice_in_a_turn_or_of_an_empty_letter_are_refused() {
    let mut g = Game::standard();
    assert_eq!(
        g.refused("draw bob P"),
        "it is alice's turn, not bob's: each player acts on their own turn (rule 4)"
    );
    g.play(&["draw alice Q"]);
    assert_eq!(
        g.refused("draw alice P"),
        "alice has already drawn this turn: one letter a turn (next ends the turn)"
    );
    g.play(&["next"]);
    let err = g.refused("draw bob Q");
    assert!(
        err.starts_with("the box has no Q left (116 letters in the box: "),
        "{err}"
    );
    assert_eq!(
        g.refused("draw dave Q"),
        "unknown player \"dave\": the players are alice, bob, carol"
    );
}

#[test]
fn non_letters_and_malformed_commands_are_refused() {
    let mut g = Game::standard();
    assert_eq!(
        g.refused("draw alice 1"),
        "'1' is not a letter: letters are A-Z, without accents or marks"
    );
    assert_eq!(
        g.refused("draw alice PQ"),
        "\"PQ\" is not one letter: give a single letter A-Z"
    );
    assert_eq!(
        g.refused("draw alice"),
        "usage: draw [PLAYER] LETTER, e.g. draw alice P, or draw P for the player whose turn it is"
    );
    assert!(
        g.refused("make alice C4T")
            .starts_with("\"C4T\" is not a word of letters: '4' is not one of A-Z")
    );
    assert_eq!(
        g.refused("take alice CAT of carol"),
        "usage: take PLAYER NEWWORD from OWNER [OLDWORD], e.g. take carol SAMPLE from bob, or take PLAYER NEWWORD OLDWORD when one player holds OLDWORD, e.g. take carol SAMPLE AMPLE"
    );
    assert_eq!(
        g.refused("next now"),
        "usage: next (no arguments): ends the turn"
    );
}

#[test]
fn the_old_word_must_be_named_when_several_fit() {
    let mut g = Game::standard();
    // alice: TAR and RAT; then S in the centre for bob.
    g.put_in_centre("TARTA");
    g.play(&["draw carol R", "next"]);
    g.play(&["make alice TAR", "draw alice R", "make alice RAT", "next"]);
    g.put_in_centre("");
    g.play(&["draw bob S"]);
    assert_eq!(
        g.refused("take bob STAR from alice"),
        "alice holds several words STAR could take (TAR, RAT): name one, e.g. take bob STAR from alice TAR"
    );
    assert_eq!(
        g.play(&["take bob STAR from alice RAT"]),
        "bob takes RAT from alice as STAR (+S drawn)"
    );
    assert_eq!(g.words(0), ["TAR"]);
}

// The move finder on tables built by hand.

#[test]
fn the_finder_lists_every_take_and_make_as_a_player_who_owns_none() {
    let got = find(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("ST")),
        &[("bob", "AMPLE"), ("alice", "CAT")],
        None,
    );
    assert_eq!(
        got,
        [
            "take AMPLEST<AMPLE+ST",
            "take MAPLES<AMPLE+S",
            "take PELMAS<AMPLE+S",
            "take SAMPLE<AMPLE+S",
            "take SCATT<CAT+ST",
            "take TACTS<CAT+ST",
            "take ACTS<CAT+S",
            "take CAST<CAT+S",
            "take SCAT<CAT+S",
            "take TACT<CAT+T",
        ]
    );
}

#[test]
fn the_finder_leaves_out_plural_only_takes_but_keeps_them_as_protection() {
    let supply = Supply::centre(letters("ES"));
    let others = find(
        crate::games::word_taking::WORD_TAKING,
        2,
        supply,
        &[("bob", "BOX"), ("bob", "OX")],
        None,
    );
    assert_eq!(others, ["take SOX<OX+S", "make ES", "make SE"]);
    let cats = find(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("S")),
        &[("bob", "CAT")],
        Some("bob"),
    );
    // CATS only: ACTS, CAST and SCAT rearrange CAT, which rule 4 does not allow.
    assert_eq!(cats, ["protect CATS<CAT+S"]);
}

#[test]
fn the_finder_uses_the_drawn_letter_and_names_it() {
    let supply = Supply {
        drawn: Letter::from_char('D'),
        centre: Letters::default(),
    };
    let moves = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        supply,
        &[("carol", "FIN")],
        Some("alice"),
    );
    assert_eq!(shown(&moves), ["take FIND<FIN+D"]);
    let find = moves.iter().next().expect("one move");
    assert_eq!(find.added.drawn, Letter::from_char('D'));
    assert!(find.added.centre.is_empty());
    assert_eq!(find.owner, Some("carol"));
}

#[test]
fn missed_moves_are_cut_to_the_longest_few_with_counts() {
    let got = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("SET")),
        &[("bob", "AMPLE")],
        None,
    );
    assert_eq!(
        shown(&got),
        [
            "take AMPLEST<AMPLE+ST",
            "take EMPALES<AMPLE+ES",
            "take EMPALE<AMPLE+E",
            "take MAPLES<AMPLE+S",
            "take PELMAS<AMPLE+S",
            "take SAMPLE<AMPLE+S",
            "make SET",
            "make TES",
        ]
    );
    let groups = got.summarize(2);
    assert_eq!(groups.iter().map(|g| g.total).collect::<Vec<_>>(), [6, 2]);
    let lines: Vec<String> = groups.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "take bob's AMPLE: AMPLEST (+ST), EMPALES (+ES) and 4 more",
            "make: SET, TES"
        ]
    );
}

#[test]
fn a_table_of_more_than_64_words_is_searched_in_full() {
    // Seventy distinct two-letter words, each of which + Z spells a word.
    let olds: Vec<String> = (0..70u8)
        .map(|i| {
            let a = char::from(b'a' + i / 26);
            let b = char::from(b'a' + i % 26);
            format!("{a}{b}")
        })
        .collect();
    let news: Vec<String> = olds.iter().map(|o| format!("{o}z")).collect();
    // AZ, a make from the centre's A and Z: found once, though the 70 words take two
    // walks (makes belong to the first).
    let graph = WordGraph::from_keys(news.iter().map(String::as_str).chain(["az"]));
    let finder = Finder::with_graph(graph, Plurals::new().expect("built in"));
    let held: Vec<HeldWord> = olds
        .iter()
        .map(|o| HeldWord {
            owner: "bob".into(),
            word: word(o),
        })
        .collect();
    let moves = finder.find(&Supply::centre(letters("AZ")), &held, None);
    let got: Vec<(String, String)> = moves
        .iter()
        .map(|m| {
            (
                m.from.map_or("", Word::as_str).to_string(),
                m.word.to_string(),
            )
        })
        .collect();
    // Every new word with an old word's letters and a Z or an A (AB + Z gives ABZ, and
    // BA + Z gives ABZ too), in the table's order, alphabetical within.
    let mut expected = Vec::new();
    for old in &olds {
        let mut takes: Vec<String> = news
            .iter()
            .filter(|n| {
                // The old word plus one of the centre's letters (AZ + A gives AAZ).
                ['Z', 'A'].iter().any(|c| {
                    let mut plus = Letters::of_word(old);
                    plus.add(Letter::from_char(*c).expect("a letter"));
                    Letters::of_word(n) == plus
                })
            })
            .map(|n| n.to_ascii_uppercase())
            .collect();
        takes.sort();
        expected.extend(takes.into_iter().map(|n| (old.to_ascii_uppercase(), n)));
    }
    assert!(expected.len() > 70, "anagrams of other words count too");
    expected.push((String::new(), "AZ".to_string()));
    assert_eq!(got, expected);
}

#[test]
fn the_hint_after_a_turn_names_whose_miss_it_was_the_longest_missed_take_and_the_rest() {
    let got = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("SET")),
        &[("bob", "AMPLE")],
        None,
    );
    assert_eq!(
        got.hint("carol", |_| 0).as_deref(),
        Some(
            "missed: carol could have taken bob's AMPLE as AMPLEST (+ST); 6 takes, 2 makes in all"
        )
    );
    // Of the longest, the rank decides (the prompt ranks by SCOWL level), then the
    // alphabet: with only an S, MAPLES, PELMAS and SAMPLE are all six letters.
    let six = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("S")),
        &[("bob", "AMPLE")],
        None,
    );
    let named = |rank: &dyn Fn(&str) -> u8| six.hint("carol", rank).unwrap_or_default();
    assert!(
        named(&|_| 0).contains("AMPLE as MAPLES"),
        "{}",
        named(&|_| 0)
    );
    let sample_first = |w: &str| u8::from(w != "SAMPLE");
    assert!(named(&sample_first).contains("AMPLE as SAMPLE"));
    // Never a shorter word, however it ranks: with S, E and T, AMPLEST still.
    assert!(
        got.hint("carol", sample_first)
            .unwrap_or_default()
            .contains("as AMPLEST")
    );
    let makes_only = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("SET")),
        &[],
        None,
    );
    assert_eq!(
        makes_only.hint("carol", |_| 0).as_deref(),
        Some("missed: carol could have made SET; 2 makes in all")
    );
    let nothing = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("Q")),
        &[],
        None,
    );
    assert_eq!(nothing.hint("carol", |_| 0), None);
    // bob's own word, with an S in the centre: a protection, said as one.
    let own = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("S")),
        &[("bob", "CAT")],
        Some("bob"),
    );
    assert_eq!(
        own.hint("bob", |_| 0).as_deref(),
        Some("missed: bob could have protected CAT as CATS (+S); 1 protection in all")
    );
}

// Winning.

/// A game to two words: alice makes TO and AN from the centre's T O A and a drawn N,
/// her turn not yet ended.
fn alice_makes_two_words(win_on: WinOn) -> Game {
    let mut g = Game::new(crate::games::word_taking::WORD_TAKING, 2, 2, win_on);
    g.put_in_centre("TOA");
    g.play(&["make alice TO", "draw alice N", "make alice AN"]);
    g
}

#[test]
fn under_hold_the_target_must_still_be_held_when_the_turn_comes_round() {
    // alice reaches two words; nobody takes them; she wins when her turn comes.
    let mut g = alice_makes_two_words(WinOn::Hold);
    g.play(&["next"]);
    assert!(!g.table.finished(), "reaching is not yet holding");
    g.play(&["next"]);
    assert_eq!(
        g.play(&["next"]),
        "carol's turn ends without a draw; alice holds 2 words and wins (rule 8)"
    );
    assert_eq!(g.table.winner(), Some(0));
    assert_eq!(
        g.refused("draw alice E"),
        "the game is over: alice won; nothing more can be recorded"
    );
}

#[test]
fn under_hold_a_player_robbed_below_the_target_does_not_win() {
    let mut g = alice_makes_two_words(WinOn::Hold);
    g.play(&["next"]);
    g.play(&["draw bob P", "take bob TOP from alice"]);
    g.play(&["next", "next"]);
    assert!(!g.table.finished());
    assert_eq!(g.words(0), ["AN"]);
}

#[test]
fn under_reach_the_target_wins_at_once() {
    let mut g = Game::new(crate::games::word_taking::WORD_TAKING, 2, 2, WinOn::Reach);
    g.put_in_centre("TOA");
    g.play(&["make alice TO"]);
    assert_eq!(
        g.play(&["draw alice N", "make alice AN"]),
        "alice makes AN (N drawn, A from the centre); alice holds 2 words and wins (rule 8)"
    );
    assert!(g.table.finished());
}

// The names variants (rule 7).

#[test]
fn under_names_places_a_take_must_make_a_place() {
    assert!(
        find(
            crate::games::word_taking::NAMES_PLACES,
            3,
            Supply::centre(letters("VE")),
            &[("bob", "NICE")],
            None
        )
        .contains(&"take VENICE<NICE+EV".to_string())
    );
    let rules = Rules::new(crate::games::word_taking::NAMES_PLACES);
    let referee = Referee::new(lexicon(), &rules, plurals());
    let supply = Supply::centre(letters("VED"));
    let venice = take::rule(&referee, &word("NICE"), &word("VENICE"), &supply, false)
        .expect("Venice is a place");
    assert!(
        venice.reason().contains("geographical name"),
        "{}",
        venice.reason()
    );
    let err = take::rule(&referee, &word("FIN"), &word("FIND"), &supply, false)
        .expect_err("FIND is no place");
    assert!(matches!(err, TakeError::NotAllowed { .. }), "{err}");
    // The same take is barred at an ordinary table.
    assert!(rule("NICE", "VENICE", "VE", false).is_err());
}

/// Under a names set a take to another name is no plural (rule 7): ADAMS (John Adams)
/// from ADAM is taken at the prompt and listed by `missed`; at an ordinary table CATS
/// from CAT stays refused.
#[test]
fn under_a_names_set_a_take_to_another_name_is_no_plural() {
    let mut g = Game::new(crate::games::word_taking::NAMES_HISTORY, 2, 10, WinOn::Hold);
    g.put_in_centre("ADA");
    g.play(&["draw alice M", "make alice ADAM", "next"]);
    g.put_in_centre("S");
    g.play(&["draw carol Q"]);
    assert!(
        g.missed().contains(&"take ADAMS<ADAM+S".to_string()),
        "{:?}",
        g.missed()
    );
    assert_eq!(
        g.play(&["take carol ADAMS from alice"]),
        "carol takes ADAM from alice as ADAMS (+S from the centre)"
    );
    assert_eq!(g.words(2), ["ADAMS"]);
    let rules = Rules::new(crate::games::word_taking::NAMES_HISTORY);
    let referee = Referee::new(lexicon(), &rules, plurals());
    let adams = take::rule(
        &referee,
        &word("ADAM"),
        &word("ADAMS"),
        &Supply::centre(letters("S")),
        false,
    )
    .expect("Adams is a person of his own");
    assert_eq!(
        adams.reason(),
        "ADAM +S makes ADAMS (historical person (Adams); a name of its own (rule 7), not ADAM made plural)"
    );
    assert_eq!(
        rule("CAT", "CATS", "S", false),
        Err("CATS only makes CAT plural (+S): rule 4 bars a take that turns a singular into its plural".into())
    );
    assert!(
        !find(
            crate::games::word_taking::WORD_TAKING,
            2,
            Supply::centre(letters("S")),
            &[("bob", "CAT")],
            None
        )
        .contains(&"take CATS<CAT+S".to_string())
    );
}

#[test]
fn reaching_the_target_under_win_on_reach_ends_the_game_with_the_winner() {
    let g = alice_makes_two_words(WinOn::Reach);
    assert_eq!(g.table.words(0), [word("TO"), word("AN")]);
    assert!(g.table.words(1).is_empty());
    assert_eq!(g.table.held(0), 2);
    assert!(g.table.centre().is_empty());
    assert_eq!(g.table.in_box().len(), 113);
    assert_eq!(g.table.winner(), Some(0));
    assert!(g.table.finished());
}

#[test]
fn under_names_history_and_names_authors_a_take_must_make_a_name_of_that_class() {
    let rule_in = |set: RuleSet, old: &str, new: &str, centre: &str| {
        let rules = Rules::new(set);
        let referee = Referee::new(lexicon(), &rules, plurals());
        take::rule(
            &referee,
            &word(old),
            &word(new),
            &Supply::centre(letters(centre)),
            false,
        )
        .map(|r| r.reason())
        .map_err(|e| e.to_string())
    };
    let nero = rule_in(crate::games::word_taking::NAMES_HISTORY, "ONE", "NERO", "R")
        .expect("Nero is historical");
    assert!(nero.contains("historical person (Nero)"), "{nero}");
    let homer = rule_in(
        crate::games::word_taking::NAMES_AUTHORS,
        "HOME",
        "HOMER",
        "R",
    )
    .expect("Homer wrote");
    assert!(homer.contains("author (Homer)"), "{homer}");
    let err = rule_in(crate::games::word_taking::NAMES_AUTHORS, "ONE", "NERO", "R")
        .expect_err("Nero wrote nothing");
    assert!(
        err.starts_with("NERO is not allowed: not an author"),
        "{err}"
    );
}

#[test]
fn events_are_stored_with_kebab_case_tags() {
    let e = Event::Taken {
        player: "carol".into(),
        word: word("SAMPLE"),
        owner: "bob".into(),
        from: word("AMPLE"),
    };
    let json = serde_json::to_string(&e).expect("serialises");
    assert_eq!(
        json,
        r#"{"type":"taken","player":"carol","word":"SAMPLE","owner":"bob","from":"AMPLE"}"#
    );
    let back: Event = serde_json::from_str(&json).expect("reads");
    assert_eq!(back, e);
    let ended: Event =
        serde_json::from_str(r#"{"type":"turn-ended","player":"bob"}"#).expect("reads");
    assert_eq!(
        ended,
        Event::TurnEnded {
            player: "bob".into()
        }
    );
    assert!(
        serde_json::from_str::<Event>(r#"{"type":"drawn","player":"bob","letter":"7"}"#).is_err()
    );
}

#[test]
fn a_table_finder_finds_what_a_finder_of_all_its_letters_finds() {
    // The table finder walks only words the supply spells with one table word at a
    // time; the search must come out the same as with every letter allowed at once.
    let rules = Rules::new(crate::games::word_taking::WORD_TAKING);
    for (centre, words) in [
        ("S", vec!["AMPLE", "CAT"]),
        (
            "EILST",
            vec!["CAT", "FIN", "LAME", "AMPLE", "HOUSE", "TABLE"],
        ),
        ("", vec!["STONE"]),
        ("AEIRST", vec![]),
    ] {
        let supply = Supply::centre(if centre.is_empty() {
            Letters::default()
        } else {
            letters(centre)
        });
        let held: Vec<HeldWord> = words
            .iter()
            .enumerate()
            .map(|(i, w)| HeldWord {
                owner: ["alice", "bob"][i % 2].to_string(),
                word: word(w),
            })
            .collect();
        let wide = finder(&rules, &supply, &held);
        let narrow = Finder::for_table(lexicon(), &rules, &supply, &held).expect("searchable");
        assert!(narrow.graph().words() <= wide.graph().words());
        for mover in [None, Some("alice")] {
            let a = shown(&wide.find(&supply, &held, mover));
            let b = shown(&narrow.find(&supply, &held, mover));
            assert!(!a.is_empty() || centre.is_empty(), "{centre} {words:?}");
            assert_eq!(a, b, "{centre} {words:?} as {mover:?}");
        }
    }
}

#[test]
fn the_list_gives_takes_in_table_order_then_the_movers_protections_then_makes() {
    // alice, to move, holds CAT (the last entry); bob holds AMPLE and OX. With SEAT in
    // the centre: takes of bob's words in the table's order, then alice's protections
    // of CAT (CATS), then the makes (EAST, SEAT...: as long as the
    // protections, yet after them); longest first within each.
    let got = find(
        crate::games::word_taking::WORD_TAKING,
        2,
        Supply::centre(letters("SEAT")),
        &[("bob", "AMPLE"), ("bob", "OX"), ("alice", "CAT")],
        Some("alice"),
    );
    let kinds: Vec<&str> = got
        .iter()
        .map(|m| m.split(' ').next().unwrap_or_default())
        .collect();
    let takes = kinds.iter().take_while(|k| **k == "take").count();
    let protections = kinds
        .iter()
        .skip(takes)
        .take_while(|k| **k == "protect")
        .count();
    assert!(takes > 0 && protections > 0, "{got:?}");
    assert!(
        kinds.iter().skip(takes + protections).all(|k| *k == "make"),
        "{got:?}"
    );
    assert!(got.contains(&"make EAST".to_string()), "{got:?}");
    assert!(got.contains(&"protect CATS<CAT+S".to_string()), "{got:?}");
    assert!(!got.contains(&"protect SCAT<CAT+S".to_string()), "{got:?}");
    let froms: Vec<&str> = got
        .iter()
        .filter_map(|m| m.split('<').nth(1))
        .map(|rest| rest.split('+').next().unwrap_or_default())
        .collect();
    // AMPLE's takes before OX's, then CAT's protections.
    let first_ox = froms.iter().position(|f| *f == "OX");
    let last_ample = froms.iter().rposition(|f| *f == "AMPLE");
    let first_cat = froms.iter().position(|f| *f == "CAT");
    assert!(
        last_ample.is_some() && last_ample < first_ox && first_ox < first_cat,
        "{got:?}"
    );
}

/// The names a header and the flags use, and the endings the status line says.
#[test]
fn the_house_rules_and_endings_are_named_as_the_flags_and_the_status_say() {
    assert_eq!(WinOn::Hold.name(), "hold");
    assert_eq!(WinOn::Reach.name(), "reach");
    assert_eq!(OnEmpty::Finish.name(), "finish");
    assert_eq!(OnEmpty::PlayOn.name(), "play-on");
    assert!(OnEmpty::Finish.is_finish());
    assert!(!OnEmpty::PlayOn.is_finish());
    assert_eq!(Ending::Target.describe(), "the target is held");
    assert_eq!(Ending::Called.describe(), "the table called finish");
    assert_eq!(Ending::BoxEmpty.describe(), "the box is empty");
    assert_eq!(
        Ending::NoMoves.describe(),
        "the box is empty and no move is left"
    );
}

/// The table counts the turns, keeps each seat's word count at the end of every turn
/// (the chart's marks), and names the winner once rule 8 is met.
#[test]
fn the_table_keeps_turns_word_counts_and_the_winner() {
    let mut g = alice_makes_two_words(WinOn::Hold);
    g.play(&["next"]);
    assert_eq!(g.table.turns(), 4);
    assert_eq!(g.table.history().len(), 4);
    assert_eq!(g.table.history().last(), Some(&vec![2, 0, 0]));
    assert_eq!(g.table.history().first(), Some(&vec![0, 0, 0]));
    assert_eq!(g.table.joined(1), 0);
    assert!(g.table.winners().is_empty());
    g.play(&["next", "next"]);
    assert_eq!(g.table.turns(), 6);
    assert_eq!(g.table.winners(), &[0]);
    assert_eq!(g.table.ending(), Some(Ending::Target));
}

/// The next seat acting while the turn's player has drawn was told to type `next`;
/// any other seat out of turn is told whose turn it is.
#[test]
fn the_next_seat_acting_after_a_draw_is_told_next_was_forgotten() {
    let mut g = Game::standard();
    g.play(&["draw alice A"]);
    assert_eq!(
        g.refused("draw bob E"),
        "it is alice's turn, not bob's: alice's turn has not ended (type `next` first)"
    );
    assert_eq!(
        g.refused("draw carol E"),
        "it is alice's turn, not carol's: each player acts on their own turn (rule 4)"
    );
    g.play(&["next", "draw bob E"]);
}

/// `finish` ends the game with the most words winning, a tie naming all; a player who
/// joins sits after the last seat with no words, counted as joined after the turns so
/// far.
#[test]
fn finish_names_every_seat_with_the_most_words_and_a_joiner_sits_last() {
    let mut g = Game::standard();
    g.put_in_centre("TOA");
    g.table.add_player();
    g.players.push("dan".into());
    assert_eq!(g.table.joined(3), 3);
    assert_eq!(
        g.table.turn(),
        0,
        "the round goes on: alice, bob, carol, then dan"
    );
    g.play(&["next", "make bob TO", "next", "next"]);
    g.play(&["draw dan N", "make dan AN", "next"]);
    g.table
        .apply(
            &g.options,
            &g.players,
            &Event::Finished {
                why: Ending::Called,
            },
        )
        .expect("finish");
    assert_eq!(g.table.winners(), &[1, 3]);
    assert_eq!(g.table.winner(), Some(1));
    assert_eq!(g.table.ending(), Some(Ending::Called));
    assert_eq!(g.words(0), Vec::<&str>::new());
}

/// `--no-suffix-takes` drops only the takes that add no more than an -ED, -ING or -ER
/// ending: every other take, protection and make stays, in the same order.
#[test]
fn the_no_suffix_house_rule_drops_only_suffix_takes() {
    let rules = Rules::new(crate::games::word_taking::WORD_TAKING);
    let supply = Supply::centre(letters("EDS"));
    let held = held_words(&[("bob", "WALK"), ("alice", "CAT")]);
    let finder = finder(&rules, &supply, &held);
    let all = shown(&finder.find(&supply, &held, Some("alice")));
    let finder = finder.no_suffix_takes(true);
    let kept = shown(&finder.find(&supply, &held, Some("alice")));
    assert_eq!(all.first().map(String::as_str), Some("take WALKED<WALK+DE"));
    let mut without: Vec<String> = all.clone();
    without.remove(0);
    assert_eq!(kept, without);
    assert_eq!(
        kept,
        [
            "take KWELA<WALK+E",
            "take LAWKS<WALK+S",
            "protect CATS<CAT+S",
            "make SED",
            "make DE",
            "make ES",
            "make SE"
        ]
    );
}

/// Moves come in groups, every take before any make, however long the make: within a
/// group the longest first.
#[test]
fn moves_come_takes_first_then_makes_each_longest_first() {
    let got = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("SLIPPER")),
        &[("bob", "CAT")],
        None,
    );
    let kinds: Vec<(MoveKind, usize)> = got.iter().map(|m| (m.kind, m.word.len())).collect();
    let first_make = kinds
        .iter()
        .position(|(k, _)| *k == MoveKind::Make)
        .expect("a make");
    assert!(
        kinds[first_make..]
            .iter()
            .all(|(k, _)| *k == MoveKind::Make)
    );
    assert!(
        kinds[..first_make]
            .iter()
            .all(|(k, _)| *k == MoveKind::Take)
    );
    let longest_make = kinds[first_make].1;
    let shortest_take = kinds[first_make - 1].1;
    assert!(
        longest_make > shortest_take + 2,
        "{longest_make} {shortest_take}"
    );
    for group in [&kinds[..first_make], &kinds[first_make..]] {
        assert!(group.windows(2).all(|w| w[0].1 >= w[1].1), "{group:?}");
    }
    assert_eq!(got.len(), kinds.len());
    assert!(!got.is_empty());
    let none = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("QZ")),
        &[],
        None,
    );
    assert_eq!((none.len(), none.is_empty()), (0, true));
}

/// `prefer` keeps the moves in preferred words, in order, when there is one; else all
/// of them (a single region's own word is still offered when nothing else is open).
#[test]
fn preferring_words_keeps_only_them_when_any_is_open() {
    let all = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("DOONA")),
        &[],
        None,
    );
    let words = |m: &Moves| m.iter().map(|m| m.word.to_string()).collect::<Vec<_>>();
    assert!(words(&all).contains(&"DOONA".to_string()));
    let mut common = all.clone();
    common.prefer(|w| w != "DOONA");
    let mut expected = words(&all);
    expected.retain(|w| w != "DOONA");
    assert_eq!(words(&common), expected);
    let mut none = all.clone();
    none.prefer(|_| false);
    assert_eq!(words(&none), words(&all));
}

/// `missed` words each group: a player's own word is theirs to protect.
#[test]
fn a_protection_group_names_whose_word_it_is() {
    let moves = search(
        crate::games::word_taking::WORD_TAKING,
        3,
        Supply::centre(letters("S")),
        &[("bob", "CAT")],
        Some("bob"),
    );
    let lines: Vec<String> = moves.summarize(2).iter().map(ToString::to_string).collect();
    assert_eq!(lines, ["bob may protect CAT: CATS (+S)"]);
}

#[test]
fn draw_with_a_letter_alone_is_for_the_player_whose_turn_it_is() {
    let mut g = Game::standard();
    assert_eq!(g.play(&["draw Q"]), "alice draws Q");
    g.play(&["next"]);
    assert_eq!(g.play(&["draw p"]), "bob draws P");
}

#[test]
fn a_take_names_its_owner_after_from_and_fits_only_the_words_it_contains() {
    let mut g = Game::standard();
    g.put_in_centre("TARDO");
    g.play(&["draw carol G", "next"]);
    g.play(&["make alice TAR", "make alice DOG", "next"]);
    g.play(&["draw bob S"]);
    let usage = "usage: take PLAYER NEWWORD from OWNER [OLDWORD], e.g. take carol SAMPLE from bob, or take PLAYER NEWWORD OLDWORD when one player holds OLDWORD, e.g. take carol SAMPLE AMPLE";
    assert_eq!(g.refused("take bob STAR of alice"), usage);
    assert_eq!(g.refused("take bob STAR of alice TAR"), usage);
    assert_eq!(
        g.refused("take bob STAB from alice"),
        WordTakingError::NoneFits {
            owner: "alice".into(),
            new: word("STAB"),
            held: "TAR, DOG".into(),
        }
        .to_string()
    );
    // DOG is no part of STAR: TAR is the one word it could take, without asking.
    assert_eq!(
        g.play(&["take bob STAR from alice"]),
        "bob takes TAR from alice as STAR (+S drawn)"
    );
}

#[test]
fn under_hold_the_table_is_told_once_when_the_mover_reaches_the_target() {
    let mut g = Game::new(crate::games::word_taking::WORD_TAKING, 2, 2, WinOn::Hold);
    g.put_in_centre("TOASBE");
    assert_eq!(
        g.play(&["make alice TO"]),
        "alice makes TO (O T from the centre)"
    );
    assert_eq!(
        g.play(&["make alice AS"]),
        "alice makes AS (A S from the centre); alice holds 2 words: alice wins at the start of alice's next turn unless one is taken"
    );
    assert_eq!(
        g.play(&["make alice BE"]),
        "alice makes BE (B E from the centre)"
    );
    assert_eq!(
        g.refused("finish now"),
        "usage: finish (no arguments): ends the game, the most words winning"
    );
    assert!(g.play(&["finish"]).starts_with("the game ends"));
}

#[test]
fn the_referee_under_the_no_suffix_rule_refuses_a_take_that_only_adds_a_suffix() {
    let rules = Rules::new(crate::games::word_taking::WORD_TAKING);
    let centre = Supply::centre(letters("ED"));
    let plain = Referee::new(lexicon(), &rules, plurals());
    assert!(take::rule(&plain, &word("WALK"), &word("WALKED"), &centre, false).is_ok());
    let house = Referee::new(lexicon(), &rules, plurals()).no_suffix_takes(true);
    let refused = take::rule(&house, &word("WALK"), &word("WALKED"), &centre, false)
        .map(|r| r.reason())
        .map_err(|e| e.to_string());
    assert_eq!(
        refused,
        Err(
            "WALKED only adds -ED to WALK: the table's house rule (--no-suffix-takes) bars such a take"
                .to_string()
        )
    );
}

#[test]
fn a_take_to_a_word_past_sixteen_letters_is_found_and_spelt_whole() {
    let found = find(
        crate::games::word_taking::WORD_TAKING,
        2,
        Supply::centre(letters("MISS")),
        &[("bob", "REPRESENTATION")],
        Some("alice"),
    );
    assert!(
        found.contains(&"take MISREPRESENTATIONS<REPRESENTATION+IMSS".to_string()),
        "{found:?}"
    );
}

#[test]
fn with_no_word_on_the_table_or_none_in_reach_the_finder_lists_the_makes_alone() {
    let set = crate::games::word_taking::WORD_TAKING;
    assert_eq!(
        find(set, 3, Supply::centre(letters("TOAS")), &[], Some("alice")),
        [
            "make OAST",
            "make OATS",
            "make STOA",
            "make TAOS",
            "make TOSA",
            "make OAT",
            "make SAT",
            "make SOT",
            "make TAO",
            "make TAS"
        ]
    );
    // Two Es in the centre make EEL and LEE, with no word to take or with ZOO, which
    // can take only the one E it needs.
    assert_eq!(
        find(set, 3, Supply::centre(letters("EEL")), &[], Some("alice")),
        ["make EEL", "make LEE"]
    );
    assert_eq!(
        find(
            set,
            3,
            Supply::centre(letters("EEL")),
            &[("bob", "ZOO")],
            Some("alice")
        ),
        ["take OOZE<ZOO+E", "make EEL", "make LEE"]
    );
}

#[test]
fn a_take_that_is_a_verb_form_is_allowed_and_the_table_is_told_so() {
    let knifes = rule("KNIFE", "KNIFES", "S", false).expect("a verb form");
    assert_eq!(
        knifes,
        "KNIFE +S makes KNIFES (SCOWL 35 (common); allowed as a verb form of KNIFE, not its plural (KNIVES))"
    );
    let own = rule("KNIFE", "KNIFES", "S", true).expect("protection");
    assert!(!own.contains("verb form"), "{own}");
}

#[test]
fn a_refused_take_still_says_what_it_added_when_it_kept_the_old_word() {
    let rules = Rules::new(crate::games::word_taking::WORD_TAKING);
    let referee = Referee::new(lexicon(), &rules, plurals());
    let centre = Supply::centre(letters("SXZ"));
    let added = |old: &str, new: &str| {
        take::rule(&referee, &word(old), &word(new), &centre, false)
            .err()
            .and_then(|e| e.added())
            .map(|l| l.compact())
    };
    assert_eq!(added("CAT", "CATZX"), Some("XZ".to_string()), "not a word");
    assert_eq!(added("CAT", "CAT"), Some(String::new()), "nothing added");
    assert_eq!(added("CAT", "ACT"), Some(String::new()), "nothing added");
    assert_eq!(added("CAT", "DOG"), None, "letters lost");
    assert_eq!(added("CAT", "CATS"), Some("S".to_string()), "a plural");
}
