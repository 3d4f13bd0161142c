//! Word Taking through the [`Game`](crate::contract) contract, as the session core
//! drives it: options from flags and files, as the header stores them, described in
//! one line, who may sit down, and the verbs typed at the prompt (what each records,
//! shows and keeps as a ruling).

use std::path::PathBuf;
use std::sync::OnceLock;

use super::game::{DEFAULT_HINT_LEVEL, Options, WordTaking};
use super::state::{DEFAULT_TARGET, OnEmpty, WinOn};
use crate::contract::event::{CoreEvent, Event as Recorded, Ruling};
use crate::contract::{
    Ctx, Engine, Files, Kind, Prompt, Refusal, Roster, Scene, Setup, Show, Shown,
};
use crate::lexicon::{Lexicon, Rules};

fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| Lexicon::embedded().expect("dictionary"))
}

/// What a line typed at the prompt came to: the lines shown before and after the
/// recording, and the ruling kept for a word refused.
#[derive(Debug, Default)]
struct Said {
    shown: Vec<String>,
    then: Vec<String>,
    ruling: Option<Ruling>,
}

/// A word-taking session's game side, driven line by line as the core drives it.
struct Table {
    state: super::state::Table,
    options: Options,
    roster: Roster,
    rules: Rules,
}

impl Table {
    fn new(players: &[&str], flags: Flags, files: &Files) -> Table {
        let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        let options = setup(&flags, files, &names).expect("set up");
        Table {
            state: WordTaking::start(&options, names.len()),
            options,
            roster: Roster::new(names),
            rules: Rules::new(super::WORD_TAKING),
        }
    }

    fn scene(&self) -> Scene<'_, WordTaking> {
        Scene {
            state: &self.state,
            options: &self.options,
            roster: &self.roster,
        }
    }

    /// Types a line; records what it comes to (a refused word: its ruling only).
    fn typed(&mut self, line: &str) -> Result<Said, Refusal> {
        let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
        let ctx = Ctx {
            state: &self.state,
            options: &self.options,
            roster: &self.roster,
            lexicon: lexicon(),
            rules: &self.rules,
            script: true,
        };
        let action = WordTaking::command(&ctx, verb, args, None)?;
        let text = |shown: Vec<Shown>| -> Vec<String> {
            shown
                .into_iter()
                .map(|s| match s {
                    Shown::Text(t) => t,
                    Shown::Ruling(r) => format!("{r:?}"),
                })
                .collect()
        };
        let mut said = Said {
            shown: text(action.show),
            then: action.then,
            ruling: None,
        };
        for event in action.record {
            match event {
                Recorded::Game(e) => {
                    WordTaking::apply(&mut self.state, &self.options, &self.roster, &e)?
                }
                Recorded::Core(CoreEvent::Ruled { ruling }) => said.ruling = Some(ruling),
                other => panic!("{line}: records {other:?}"),
            }
        }
        assert_eq!(action.refused, said.ruling.is_some(), "{line}");
        Ok(said)
    }

    fn ok(&mut self, lines: &[&str]) {
        for line in lines {
            if let Err(e) = self.typed(line) {
                panic!("{line}: refused: {e}");
            }
        }
    }
}

fn names() -> Vec<String> {
    vec!["ann".into(), "ben".into()]
}

/// `new word-taking`'s flags as the command line gives them, by field for the tests.
#[derive(Debug, Clone)]
struct Flags {
    target_words: usize,
    win_on: WinOn,
    letters: Option<PathBuf>,
    no_missed_hint: bool,
    hint_level: u8,
    on_empty: OnEmpty,
    no_suffix_takes: bool,
}

impl Flags {
    /// The values the core is given for these flags.
    fn values(&self) -> crate::contract::FlagValues {
        use crate::contract::FlagValue::{Choice, File, Number, Switch};
        let mut v = crate::contract::FlagValues::defaults(WordTaking::FLAGS);
        v.set("target-words", Number(self.target_words as i64));
        v.set("win-on", Choice(self.win_on.name().into()));
        if let Some(path) = &self.letters {
            v.set("letters", File(path.clone()));
        }
        v.set("no-missed-hint", Switch(self.no_missed_hint));
        v.set("hint-level", Number(i64::from(self.hint_level)));
        v.set("on-empty", Choice(self.on_empty.name().into()));
        v.set("no-suffix-takes", Switch(self.no_suffix_takes));
        v
    }
}

fn setup(
    flags: &Flags,
    files: &Files,
    players: &[String],
) -> Result<Options, crate::contract::Refusal> {
    WordTaking::setup(&flags.values(), files, players)
}

#[allow(dead_code)]
fn files(flags: &Flags) -> Vec<PathBuf> {
    WordTaking::files(&flags.values())
}

fn flags() -> Flags {
    Flags {
        target_words: DEFAULT_TARGET,
        win_on: WinOn::Hold,
        letters: None,
        no_missed_hint: false,
        hint_level: DEFAULT_HINT_LEVEL,
        on_empty: OnEmpty::Finish,
        no_suffix_takes: false,
    }
}

/// The flags and files of a table whose box is the letter file `text`, read as
/// `box.json`.
fn boxed(text: String) -> (Flags, Files) {
    let path = PathBuf::from("box.json");
    let flags = Flags {
        letters: Some(path.clone()),
        ..flags()
    };
    (flags, Files::new(vec![(path, text)]))
}

fn described(flags: &Flags) -> String {
    let options = setup(flags, &Files::default(), &names()).expect("set up");
    WordTaking::describe_options(&options)
}

/// Each option the table chose is said once, and a default is not said at all; a hint
/// level is said only while there are hints to give.
#[test]
fn the_options_are_described_with_only_what_differs_from_the_sheet() {
    assert_eq!(
        described(&flags()),
        "10 words wins, held at the start of their turn; default box (117 letters)"
    );
    let every = Flags {
        target_words: 6,
        win_on: WinOn::Reach,
        hint_level: 35,
        on_empty: OnEmpty::PlayOn,
        no_suffix_takes: true,
        ..flags()
    };
    assert_eq!(
        described(&every),
        "6 words wins, the moment they are reached; default box (117 letters); play on once the box is empty; hints to SCOWL 35; no -ED, -ING, -ER takes"
    );
    let quiet = Flags {
        no_missed_hint: true,
        ..every
    };
    assert!(described(&quiet).ends_with("; no missed hints; no -ED, -ING, -ER takes"));
    let default_level = Flags {
        hint_level: DEFAULT_HINT_LEVEL,
        ..flags()
    };
    assert!(!described(&default_level).contains("SCOWL"));
}

/// A header stores a hint level and the no-suffix rule only when the table chose them,
/// and a header from before they existed reads as the defaults.
#[test]
fn the_header_keeps_only_chosen_options_and_old_headers_read_as_the_defaults() {
    let plain = setup(&flags(), &Files::default(), &names()).expect("set up");
    let json = serde_json::to_value(&plain).expect("serialises");
    assert!(json.get("hint_level").is_none() && json.get("no_suffix_takes").is_none());
    let back: Options = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, plain);
    assert_eq!(back.hint_level, DEFAULT_HINT_LEVEL);
    let chosen = setup(
        &Flags {
            hint_level: 70,
            no_suffix_takes: true,
            ..flags()
        },
        &Files::default(),
        &names(),
    )
    .expect("set up");
    let json = serde_json::to_value(&chosen).expect("serialises");
    assert_eq!(json["hint_level"], 70);
    assert_eq!(json["no_suffix_takes"], true);
    let back: Options = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, chosen);
    assert!(WordTaking::check_options(&back, 2).is_ok());
    // A header edited to a target no game can have is refused as flags are.
    let mut edited = back;
    edited.table.target_words = 0;
    assert_eq!(
        WordTaking::check_options(&edited, 2).map_err(|e| e.kind),
        Err(Kind::BadInput)
    );
}

/// A letter-set file is read up to 64 KB and refused past it, before it is parsed; a
/// target no one could reach with the box's letters is refused.
#[test]
fn a_letter_file_is_read_up_to_its_limit_and_a_target_past_the_box_is_refused() {
    let with = |text: String| {
        let (flags, files) = boxed(text);
        setup(&flags, &files, &names()).map_err(|e| e.message)
    };
    let set = include_str!("../../../dictionaries/letters-word-taking.json");
    let padded = format!("{set}{}", " ".repeat(65536 - set.len()));
    assert_eq!(padded.len(), 65536);
    let read = with(padded.clone()).expect("a file of exactly the limit");
    assert_eq!(read.letters_from, "box.json");
    assert_eq!(
        with(format!("{padded} ")),
        Err("box.json is 65537 bytes: a letter-set file is at most 64 KB".into())
    );
    let far = Flags {
        target_words: 118,
        ..flags()
    };
    assert_eq!(
        setup(&far, &Files::default(), &names()).map_err(|e| e.message),
        Err(
            "--target-words 118: the box holds 117 letters, so no one could ever hold that many words"
                .into()
        )
    );
    assert!(
        setup(
            &Flags {
                target_words: 117,
                ..flags()
            },
            &Files::default(),
            &names()
        )
        .is_ok()
    );
}

/// A player sits down holding no words, between any two turns, until the game is over.
#[test]
fn a_player_joins_holding_no_words_until_the_game_is_over() {
    let options = setup(&flags(), &Files::default(), &names()).expect("set up");
    let mut table = WordTaking::start(&options, 2);
    let e = WordTaking::add_player(&mut table, &options, 5).expect_err("a head start");
    assert_eq!(e.kind, Kind::BadInput);
    WordTaking::add_player(&mut table, &options, 0).expect("joins");
    assert!(table.words(2).is_empty());
    let roster = crate::contract::Roster::new(vec!["ann".into(), "ben".into(), "cal".into()]);
    let called = super::state::Event::Finished {
        why: super::state::Ending::Called,
    };
    WordTaking::apply(&mut table, &options, &roster, &called).expect("finish");
    let e = WordTaking::add_player(&mut table, &options, 0).expect_err("over");
    assert_eq!(
        (e.kind, e.message.as_str()),
        (Kind::MatchOver, "the game is over: nobody can join it")
    );
}

/// The demo's opening at three seats: ann draws T, ben A, and cat draws C and makes
/// CAT from the centre.
const CAT_MADE: &[&str] = &[
    "draw ann T",
    "next",
    "draw ben A",
    "next",
    "draw cat C",
    "make cat CAT",
];

/// The ruling a move refused for its word keeps, and that ruling's one verdict.
fn kept(said: Said) -> (Ruling, crate::lexicon::Verdict) {
    let ruling = said.ruling.expect("a ruling");
    let [verdict] = ruling.words.as_slice() else {
        panic!("one verdict: {:?}", ruling.words);
    };
    let verdict = verdict.clone();
    (ruling, verdict)
}

/// A word allowed is recorded with the judge's reason; a word refused for itself is
/// kept as a ruling with its code and changes nothing; a take that only makes a plural
/// is refused by rule 4 and kept too; a slip of typing is only refused.
#[test]
fn words_are_ruled_at_the_prompt_and_a_refused_word_is_kept_as_a_ruling() {
    let mut t = Table::new(&["ann", "ben", "cat"], flags(), &Files::default());
    t.ok(&CAT_MADE[..5]);
    let refused = t.typed("make cat TCA").expect("kept");
    assert_eq!(
        refused.shown,
        [
            "refused: TCA is not allowed: abbreviation (TCA): SCOWL lists it as one; nothing changed on the table"
        ]
    );
    assert_eq!(refused.then, ["the ruling is kept (`rulings`)"]);
    let (ruling, verdict) = kept(refused);
    assert_eq!(
        (
            ruling.asked.as_str(),
            ruling.player.as_deref(),
            ruling.round
        ),
        ("make cat TCA", Some("cat"), 3)
    );
    assert_eq!(ruling.rules, "word-taking (level 80)");
    assert_eq!(
        (
            verdict.word.as_str(),
            verdict.allowed,
            verdict.code.as_str()
        ),
        ("TCA", false, "abbreviation")
    );
    assert_eq!(verdict.reason, "abbreviation (TCA): SCOWL lists it as one");
    assert!(
        t.state.words(2).is_empty(),
        "nothing recorded but the ruling"
    );
    let made = t.typed("make CAT CAT").expect("CAT");
    assert_eq!(made.shown, ["CAT is allowed: SCOWL 10 (common)"]);
    assert!(made.ruling.is_none());
    assert_eq!(t.state.words(2).len(), 1);
    t.ok(&["next", "draw ann S"]);
    let plural = t.typed("take ann CATS from cat").expect("kept");
    let (ruling, verdict) = kept(plural);
    assert_eq!(
        (
            ruling.asked.as_str(),
            ruling.player.as_deref(),
            ruling.round
        ),
        ("take ann CATS from cat", Some("ann"), 4)
    );
    assert_eq!(
        (
            verdict.word.as_str(),
            verdict.code.as_str(),
            verdict.reason.as_str()
        ),
        (
            "CATS",
            "plural-only",
            "only makes CAT plural (+S): rule 4 bars such a take"
        )
    );
    assert_eq!(
        t.typed("missed").expect("missed").shown,
        [
            "open to ann now (drawn S; the centre is empty; word-taking (level 80); words to SCOWL 50):",
            "  take cat's CAT: ACTS (+S), CAST (+S), SCAT (+S)"
        ]
    );
    assert_eq!(
        t.typed("missed now").map(|_| ()).map_err(|e| e.message),
        Err(
            "missed takes no arguments: it lists what the player whose turn it is could do now"
                .into()
        )
    );
    assert_eq!(
        t.typed("make ann QQ").map(|_| ()).map_err(|e| e.message),
        Err("cannot make QQ: 2 Q are not on the table (drawn: S; the centre is empty)".into())
    );
    // The turn ends with the take missed: the table hears it once.
    let next = t.typed("next").expect("next");
    assert_eq!(
        next.then,
        ["missed: ann could have taken cat's CAT as ACTS (+S); 3 takes in all"]
    );
}

/// The standings, the table view, the export and the prompt's progress of a game in
/// play and of one finished.
#[test]
fn the_table_is_shown_and_exported_as_it_stands_and_once_over() {
    let mut t = Table::new(&["ann", "ben", "cat"], flags(), &Files::default());
    t.ok(CAT_MADE);
    t.ok(&["next", "draw ann O"]);
    let rows = |t: &Table| match WordTaking::table(&t.scene()).blocks.as_slice() {
        [
            crate::contract::Block::Grid {
                title,
                headers,
                rows,
            },
            crate::contract::Block::Text { lines, .. },
        ] => (
            title.clone(),
            headers.join(" "),
            rows.clone(),
            lines.clone(),
        ),
        other => panic!("the words, then the letters: {other:?}"),
    };
    let st = WordTaking::standings(&t.scene()).decided();
    assert_eq!(
        st.status,
        "10 words wins; the centre is empty; 113 letters in the box; ann to play (drew O, not used yet)"
    );
    assert_eq!(
        (st.totals.clone(), st.ranked, st.finished),
        (vec![0, 0, 1], true, false)
    );
    assert!(st.winners.is_empty());
    assert_eq!(
        st.marks.last().map(|m| m.totals.clone()),
        Some(vec![Some(0), Some(0), Some(1)])
    );
    let (title, headers, table, lines) = rows(&t);
    assert_eq!(
        title,
        "the words: turn 4, ann to play (drew O, not used yet)"
    );
    assert_eq!(headers, "player words held turn");
    assert_eq!(
        table,
        [
            ["ann", "-", "0/10", "to play"],
            ["ben", "-", "0/10", ""],
            ["cat", "CAT", "1/10", ""]
        ]
    );
    assert_eq!(
        lines[..2],
        ["the centre is empty", "drawn: O (ann, not used yet)"]
    );
    assert!(
        lines[2].starts_with("box: 113 letters: A×10 B×2 C×2 D×5 E×16"),
        "{lines:?}"
    );
    let export = WordTaking::export(&t.scene());
    assert_eq!(
        export["words"],
        serde_json::json!({"ann": [], "ben": [], "cat": ["CAT"]})
    );
    assert_eq!(
        (
            &export["centre"],
            &export["drawn"],
            &export["to_play"],
            &export["turns"]
        ),
        (
            &serde_json::json!(""),
            &serde_json::json!("O"),
            &serde_json::json!("ann"),
            &serde_json::json!(3)
        )
    );
    assert_eq!(
        export["target"],
        serde_json::json!({"words": 10, "win_on": "hold"})
    );
    assert!(export.get("ended").is_none());
    let p = WordTaking::progress(&t.scene());
    assert_eq!((p.label.as_str(), p.number), ("t4", 4));

    t.ok(&["take ann COAT from cat", "finish"]);
    let st = WordTaking::standings(&t.scene()).decided();
    assert_eq!(
        st.status,
        "game over: the table called finish; ann holds the most words, 1 word, and wins"
    );
    assert_eq!(
        (st.totals.clone(), st.winners.clone(), st.finished),
        (vec![1, 0, 0], vec![0], true)
    );
    let (title, headers, table, lines) = rows(&t);
    assert_eq!(
        title,
        "the words: game over: the table called finish; ann holds the most words, 1 word, and wins"
    );
    assert_eq!(headers, "player words held", "no turn once over");
    assert_eq!(table[0], ["ann", "COAT", "1/10"]);
    assert_eq!(lines.len(), 2, "no letter drawn and unused: {lines:?}");
    let export = WordTaking::export(&t.scene());
    assert_eq!(
        (&export["drawn"], &export["to_play"]),
        (&serde_json::Value::Null, &serde_json::Value::Null)
    );
    assert_eq!(export["ended"], "called");
    assert_eq!(
        export["moves"].as_array().and_then(|m| m.last()),
        Some(
            &serde_json::json!({"turn": 4, "player": "ann", "type": "taken", "word": "COAT", "owner": "cat", "from": "CAT"})
        )
    );
    let p = WordTaking::progress(&t.scene());
    assert_eq!((p.label.as_str(), p.number), ("over", 3));
    let played_on = Table::new(
        &["ann", "ben"],
        Flags {
            on_empty: OnEmpty::PlayOn,
            ..flags()
        },
        &Files::default(),
    );
    assert_eq!(
        WordTaking::export(&played_on.scene())["target"],
        serde_json::json!({"words": 10, "win_on": "hold", "on_empty": "play-on"})
    );
}

/// Played on once the box is empty, the game goes on while an S in the centre could
/// still protect a word (ZOO to ZOOS: a plural, so no one else may take it), and ends
/// at the turn after which no move is left.
#[test]
fn played_on_an_s_in_the_centre_keeps_the_game_going_while_it_can_protect_a_word() {
    let (flags, files) = boxed(r#"{"name":"zoo","letters":{"Z":1,"O":2,"S":1}}"#.into());
    let flags = Flags {
        target_words: 2,
        on_empty: OnEmpty::PlayOn,
        ..flags
    };
    let mut t = Table::new(&["ann", "ben"], flags, &files);
    t.ok(&[
        "draw ann Z",
        "next",
        "draw ben O",
        "next",
        "draw ann O",
        "make ann ZOO",
        "next",
        "draw ben S",
        "next",
    ]);
    assert!(!t.state.finished(), "ann may still add the S to ZOO");
    t.ok(&["take ann ZOOS from ann", "next"]);
    assert_eq!(t.state.ending(), Some(super::state::Ending::NoMoves));
}

/// Tab offers the letters still in the box, `from` after a take's new word, and every
/// word held.
#[test]
fn tab_offers_the_boxs_letters_from_and_the_words_held() {
    let (flags, files) = boxed(r#"{"name":"small","letters":{"C":1,"A":2,"T":1}}"#.into());
    let flags = Flags {
        target_words: 2,
        ..flags
    };
    let mut t = Table::new(&["ann", "ben"], flags, &files);
    let complete = |t: &Table, kind: &str| WordTaking::complete(&t.scene(), kind);
    assert_eq!(complete(&t, "box"), ["A", "C", "T"]);
    t.ok(&[
        "draw ann C",
        "next",
        "draw ben A",
        "next",
        "draw ann T",
        "make ann CAT",
    ]);
    assert_eq!(complete(&t, "box"), ["A"]);
    assert_eq!(complete(&t, "held"), ["CAT"]);
    // After the new word: `from`, or a word held (`take ben CATS CAT`, its owner left out).
    assert_eq!(complete(&t, "from"), ["from", "CAT"]);
    assert!(complete(&t, "tile").is_empty());
}

/// A make is about its word and a take about both words, for the players' records; the
/// taker's standing follows either, and a draw or a turn's end is about no one's.
#[test]
fn a_move_names_its_words_and_its_player_for_the_records() {
    use super::letters::Word;
    use super::state::Event;
    let word = |w: &str| Word::parse(w).expect("a word");
    let made = Event::Made {
        player: "cat".into(),
        word: word("CAT"),
    };
    let taken = Event::Taken {
        player: "ann".into(),
        word: word("COAT"),
        owner: "cat".into(),
        from: word("CAT"),
    };
    let ended = Event::TurnEnded {
        player: "ann".into(),
    };
    assert_eq!(WordTaking::words(&made), ["CAT"]);
    assert_eq!(WordTaking::words(&taken), ["COAT", "CAT"]);
    assert!(WordTaking::words(&ended).is_empty());
    assert_eq!(
        [&made, &taken, &ended].map(WordTaking::player),
        [Some("cat"), Some("ann"), None]
    );
}

/// Nobody leads a table with no words on it; a game won at the target says who holds
/// how many, where a game called off says who holds the most.
#[test]
fn nobody_leads_before_a_word_and_a_win_at_the_target_is_said_so() {
    let flags = Flags {
        target_words: 1,
        win_on: WinOn::Reach,
        ..flags()
    };
    let mut t = Table::new(&["ann", "ben", "cat"], flags, &Files::default());
    let st = WordTaking::standings(&t.scene()).decided();
    assert!(!st.ranked, "{:?}", st.totals);
    t.ok(CAT_MADE);
    let st = WordTaking::standings(&t.scene()).decided();
    assert_eq!(st.status, "game over: cat holds 1 word and wins");
    assert_eq!((st.ranked, st.winners), (true, vec![2]));
}
