//! Take Two's rules of play and scoring, on the pure engine.

use super::*;
#[allow(unused_imports)]
use crate::contract::{Engine, Files, Kind, Prompt, Roster, RoundEvent, Scene, Setup, Show};

/// The match as the layer holds it.
type State = crate::contract::Match<super::round::Round>;

/// An entry of the game's, or a step of the layer's, as the log records it.
trait Step {
    fn step(self) -> RoundEvent<TakeTwo>;
}

impl Step for Event {
    fn step(self) -> RoundEvent<TakeTwo> {
        RoundEvent::Entry(self)
    }
}

impl Step for RoundEvent<TakeTwo> {
    fn step(self) -> RoundEvent<TakeTwo> {
        self
    }
}
use crate::games::take_two::tiles::Tile;

fn flags(rounds: Option<u32>, limit: Option<u32>) -> FlagValues {
    use crate::contract::FlagValue;
    let mut values = FlagValues::defaults(TakeTwo::FLAGS);
    for (name, n) in [("rounds", rounds), ("limit", limit)] {
        if let Some(n) = n {
            values.set(name, FlagValue::Number(i64::from(n)));
        }
    }
    values
}

fn setup_with(flags: FlagValues) -> (State, Options, Roster) {
    let names: Vec<String> = vec!["alice".into(), "bob".into(), "carol".into()];
    let o = TakeTwo::setup(&flags, &Files::default(), &names).expect("setup");
    let r = Roster::new(names);
    (TakeTwo::start(&o, 3), o, r)
}

fn setup() -> (State, Options, Roster) {
    setup_with(flags(None, None))
}

/// The table as the core shows it.
fn scene<'a>(s: &'a State, o: &'a Options, r: &'a Roster) -> Scene<'a, TakeTwo> {
    Scene {
        state: s,
        options: o,
        roster: r,
    }
}

fn ev(s: &mut State, o: &Options, r: &Roster, e: impl Step) -> Result<(), Refusal> {
    TakeTwo::apply(s, o, r, &e.step())
}

fn out(player: &str) -> Event {
    Event::Out {
        player: player.into(),
    }
}

fn left(player: &str, tiles: &str) -> Event {
    Event::Left {
        player: player.into(),
        tiles: tiles.into(),
    }
}

fn penalty(player: &str, why: &str) -> Event {
    Event::Penalty {
        player: player.into(),
        why: why.into(),
        words: vec![],
    }
}

/// A round where alice goes out, bob leaves `bob`, carol leaves `carol`.
fn round(s: &mut State, o: &Options, r: &Roster, bob: &str, carol: &str) {
    let n = s.number();
    ev(s, o, r, out("alice")).expect("out");
    ev(s, o, r, left("bob", bob)).expect("left");
    ev(s, o, r, left("carol", carol)).expect("left");
    ev(
        s,
        o,
        r,
        RoundEvent::Closed {
            number: n,
            off_total: false,
        },
    )
    .expect("end");
}

#[test]
fn the_default_set_has_117_letters_and_3_blanks() {
    let (_, o, _) = setup();
    assert_eq!(o.tiles.size(), "117 + 3 blanks");
    assert_eq!(o.tiles.value(Tile::Letter(b'Q')), 10);
    assert_eq!(o.tiles.value(Tile::Blank), 0);
}

#[test]
fn a_round_scores_leftovers_and_penalties_and_lowest_leads() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, out("alice")).expect("out");
    ev(&mut s, &o, &r, left("bob", "QZX")).expect("left");
    ev(&mut s, &o, &r, penalty("bob", "DONT")).expect("penalty");
    ev(&mut s, &o, &r, left("carol", "EA?")).expect("left");
    ev(
        &mut s,
        &o,
        &r,
        RoundEvent::Closed {
            number: 1,
            off_total: false,
        },
    )
    .expect("end");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    assert_eq!(b.totals, vec![0, 53, 2]);
    assert_eq!(b.leaders(), vec![0]);
    let periods = b.periods.expect("rounds");
    let first = periods.closed.get(0).expect("the first closed period");
    assert_eq!(first.columns[0].name, "penalties");
    assert_eq!(first.columns[0].values, vec![None, Some(1.into()), None]);
    assert_eq!(b.figures[0].values, vec![0, 1, 0]);
}

#[test]
fn nobody_leads_before_the_first_round_closes() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, left("bob", "QZX")).expect("left");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    assert_eq!(b.running, vec![0, 28, 0]);
    assert!(b.leaders().is_empty());
}

#[test]
fn a_second_q_in_one_round_is_refused_naming_the_letter() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, left("bob", "Q")).expect("one Q");
    let msg = ev(&mut s, &o, &r, left("carol", "QA"))
        .expect_err("two Qs")
        .message;
    assert!(msg.contains("only 1 Q"), "{msg}");
}

#[test]
fn end_is_refused_naming_who_has_no_entry() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, out("alice")).expect("out");
    let msg = ev(
        &mut s,
        &o,
        &r,
        RoundEvent::Closed {
            number: 1,
            off_total: false,
        },
    )
    .expect_err("missing")
    .message;
    assert!(msg.starts_with("bob and carol have no entry yet"), "{msg}");
}

#[test]
fn a_player_named_twice_in_a_round_is_refused_with_the_fix_that_replaces_it() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, out("alice")).expect("out");
    let msg = ev(&mut s, &o, &r, left("ALICE", "A"))
        .expect_err("twice")
        .message;
    assert!(msg.contains("already has an entry in round 1"), "{msg}");
    assert!(msg.contains("fix 1 left alice A"), "{msg}");
}

#[test]
fn the_match_ends_after_its_rounds_with_the_lowest_total_winning() {
    let (mut s, o, r) = setup_with(flags(Some(1), None));
    round(&mut s, &o, &r, "K", "A");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    assert!(b.finished);
    assert_eq!(b.won().map(|w| w.winners), Some(vec!["alice".to_string()]));
    let e = ev(&mut s, &o, &r, out("alice")).expect_err("over");
    assert_eq!(e.kind, Kind::MatchOver);
    assert_eq!(TakeTwo::progress(&scene(&s, &o, &r)).label, "over");
}

#[test]
fn a_finished_rounds_match_goes_on_when_its_rounds_are_raised() {
    let (mut s, o, r) = setup_with(flags(Some(1), None));
    round(&mut s, &o, &r, "K", "A");
    assert!(TakeTwo::standings(&scene(&s, &o, &r)).decided().finished);
    let shorter = ev(&mut s, &o, &r, RoundEvent::RoundsSet { rounds: 0 });
    assert!(shorter.is_err());
    ev(&mut s, &o, &r, RoundEvent::RoundsSet { rounds: 2 }).expect("longer");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    assert!(!b.finished);
    assert_eq!(b.status, "round 2 of 2");
    round(&mut s, &o, &r, "Q", "B");
    assert!(TakeTwo::standings(&scene(&s, &o, &r)).decided().finished);
}

#[test]
fn finish_ends_an_open_ended_match_after_the_last_closed_round() {
    let (mut s, o, r) = setup();
    let e = ev(&mut s, &o, &r, RoundEvent::Finished { after: 0 }).expect_err("nothing played");
    assert!(e.message.contains("no round has closed"), "{}", e.message);
    round(&mut s, &o, &r, "K", "A");
    ev(&mut s, &o, &r, out("alice")).expect("an entry in round 2");
    let e = ev(&mut s, &o, &r, RoundEvent::Finished { after: 1 }).expect_err("round 2 open");
    assert!(e.message.contains("round 2 has entries"), "{}", e.message);
}

#[test]
fn finish_names_the_winner_and_a_tie_names_all() {
    let (mut s, o, r) = setup();
    round(&mut s, &o, &r, "K", "A");
    // alice 0, bob 5, carol 1; round 2 gives alice 1 and carol 0: a tie at 1.
    ev(&mut s, &o, &r, left("alice", "A")).expect("left");
    ev(&mut s, &o, &r, left("bob", "B")).expect("left");
    ev(&mut s, &o, &r, out("carol")).expect("out");
    ev(
        &mut s,
        &o,
        &r,
        RoundEvent::Closed {
            number: 2,
            off_total: false,
        },
    )
    .expect("end");
    ev(&mut s, &o, &r, RoundEvent::Finished { after: 2 }).expect("finish");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    assert!(b.finished);
    assert_eq!(b.winners, vec![0, 2]);
    let won = b.won().expect("decided");
    assert_eq!(won.winners, vec!["alice", "carol"]);
    assert!(won.match_of_periods);
}

#[test]
fn a_point_limit_ends_the_match_when_a_total_reaches_it() {
    let (mut s, o, r) = setup_with(flags(None, Some(20)));
    round(&mut s, &o, &r, "QZ", "A");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    assert!(b.finished, "bob reached 20");
    assert_eq!(b.winners, vec![0]);
}

#[test]
fn pardon_takes_back_the_last_penalty_of_the_open_round() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, penalty("bob", "DONT")).expect("penalty");
    ev(&mut s, &o, &r, penalty("bob", "NASA")).expect("penalty");
    let pardon = Event::Pardoned {
        player: "bob".into(),
        why: Some("NASA".into()),
        words: vec!["NASA".into()],
    };
    assert_eq!(
        <TakeTwo as Show>::describe(&pardon.clone().step(), &scene(&s, &o, &r)),
        "bob's penalty (NASA) taken back (-25)"
    );
    ev(&mut s, &o, &r, pardon.clone()).expect("pardon");
    assert_eq!(s.open().penalties[1], vec!["DONT".to_string()]);
    ev(&mut s, &o, &r, pardon.clone()).expect("second pardon");
    let e = ev(&mut s, &o, &r, pardon).expect_err("none left");
    assert!(e.message.contains("no penalty"), "{}", e.message);
}

#[test]
fn a_late_joiner_starts_from_the_score_the_house_gives_and_is_charted_from_there() {
    let (mut s, o, mut r) = setup();
    round(&mut s, &o, &r, "K", "A");
    TakeTwo::add_player(&mut s, &o, 40).expect("joins between rounds");
    r.push("dave".into());
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    assert_eq!(b.totals, vec![0, 5, 1, 40]);
    assert_eq!(b.leaders(), vec![0], "dave does not lead from 40");
    assert_eq!(b.marks[0].totals, vec![Some(0), Some(0), Some(0), None]);
    assert_eq!(b.marks[1].totals, vec![Some(0), Some(5), Some(1), Some(40)]);
    ev(&mut s, &o, &r, out("alice")).expect("round 2");
    let e = TakeTwo::add_player(&mut s, &o, 0).expect_err("mid-round");
    assert!(e.message.contains("between rounds"), "{}", e.message);
}

#[test]
fn the_open_round_is_the_table_view() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, left("bob", "QZ")).expect("left");
    ev(&mut s, &o, &r, penalty("carol", "")).expect("penalty");
    let view = TakeTwo::table(&scene(&s, &o, &r));
    let crate::contract::Block::Grid { title, rows, .. } = &view.blocks[0] else {
        panic!("a grid: {view:?}");
    };
    assert_eq!(title, "round 1 (open)");
    assert_eq!(rows[0][1], "no entry yet");
    assert_eq!(rows[1][1], "left Q Z");
    assert_eq!(rows[1][4], "20");
    assert_eq!(rows[2][2], "+25");
    assert_eq!(rows[2][4], "25", "penalty only");
}

#[test]
fn a_header_with_a_tile_value_past_the_limits_is_refused() {
    let (_, mut o, _) = setup();
    if let Some(q) = o.tiles.tiles.get_mut("Q") {
        q.value = u32::MAX;
    }
    assert!(TakeTwo::check_options(&o, 3).is_err());
    let (_, mut o, _) = setup();
    o.rounds = Some(0);
    assert!(TakeTwo::check_options(&o, 3).is_err());
}

/// A penalty counts on its own (a player with no entry yet has 25, not nothing), on top
/// of going out or of the tiles left; a player with neither has no points yet.
#[test]
fn a_round_s_points_and_detail_count_each_penalty_on_any_finish() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, penalty("bob", "")).expect("penalty");
    assert_eq!(s.open().points(1, &o.tiles), Some(25));
    assert_eq!(s.open().detail(1), "+25");
    assert_eq!(s.open().points(2, &o.tiles), None);
    assert_eq!(s.open().detail(2), "");
    ev(&mut s, &o, &r, out("alice")).expect("out");
    assert_eq!(s.open().points(0, &o.tiles), Some(0));
    assert_eq!(s.open().detail(0), "out");
    ev(&mut s, &o, &r, penalty("alice", "DONT")).expect("penalty");
    assert_eq!(s.open().points(0, &o.tiles), Some(25));
    assert_eq!(s.open().detail(0), "out; +25 (DONT)");
    ev(&mut s, &o, &r, left("carol", "QZ")).expect("left");
    ev(&mut s, &o, &r, penalty("carol", "NASA")).expect("penalty");
    ev(&mut s, &o, &r, penalty("carol", "")).expect("penalty");
    assert_eq!(s.open().points(2, &o.tiles), Some(20 + 50));
    assert_eq!(s.open().detail(2), "left Q Z; +25 (NASA); +25");
}

/// A hand is checked against the others' hands this round, not against the hand it
/// replaces: the set's one Q cannot be in two hands, but a player's own hand may be
/// told again with it.
#[test]
fn a_hand_counts_the_others_hands_and_not_the_one_it_replaces() {
    let (mut s, o, r) = setup();
    let hand = |player: &str, tiles: &str| Event::Hand {
        player: player.into(),
        tiles: tiles.into(),
    };
    ev(&mut s, &o, &r, hand("alice", "QA")).expect("alice's hand");
    ev(&mut s, &o, &r, hand("alice", "QE")).expect("alice's hand told again");
    let e = ev(&mut s, &o, &r, hand("bob", "QI")).expect_err("a second Q");
    assert!(e.message.contains('Q'), "{}", e.message);
    ev(&mut s, &o, &r, hand("bob", "IT")).expect("bob's hand");
}

/// Each event in the words the log, `history` and `undo` show, read against the table
/// as it stood before it.
#[test]
fn every_event_is_described_in_the_tables_words() {
    let (mut s, o, r) = setup_with(flags(Some(2), None));
    let say =
        |s: &State, e: RoundEvent<TakeTwo>| <TakeTwo as Show>::describe(&e, &scene(s, &o, &r));
    assert_eq!(say(&s, out("alice").step()), "alice out: 0");
    assert_eq!(say(&s, left("bob", "qa?").step()), "bob left Q A ?: 11");
    assert_eq!(say(&s, penalty("bob", "").step()), "bob +25");
    assert_eq!(say(&s, penalty("bob", "DONT").step()), "bob +25 (DONT)");
    let pardon = |why: Option<&str>| Event::Pardoned {
        player: "bob".into(),
        why: why.map(String::from),
        words: Vec::new(),
    };
    assert_eq!(
        say(&s, pardon(None).step()),
        "bob's penalty taken back (-25)"
    );
    assert_eq!(
        say(&s, pardon(Some("")).step()),
        "bob's penalty taken back (-25)"
    );
    assert_eq!(
        say(&s, pardon(Some("DONT")).step()),
        "bob's penalty (DONT) taken back (-25)"
    );
    let hand = Event::Hand {
        player: "carol".into(),
        tiles: "zq".into(),
    };
    assert_eq!(say(&s, hand.step()), "carol's hand: Z Q");
    assert_eq!(
        say(
            &s,
            RoundEvent::Closed {
                number: 1,
                off_total: false
            }
        ),
        "round 1 closed"
    );
    ev(&mut s, &o, &r, out("alice")).expect("out");
    ev(&mut s, &o, &r, left("bob", "K")).expect("left");
    assert_eq!(
        say(
            &s,
            RoundEvent::Closed {
                number: 1,
                off_total: false
            }
        ),
        "round 1 closed: alice 0, bob 5"
    );
    let (mut s, o, r) = setup_with(flags(Some(2), None));
    assert_eq!(
        say(&s, RoundEvent::RoundsSet { rounds: 3 }),
        "the match is now 3 rounds (was 2)"
    );
    round(&mut s, &o, &r, "K", "A");
    assert_eq!(
        say(&s, RoundEvent::Finished { after: 1 }),
        "the match is finished after 1 round: alice wins with 0"
    );
    let (open, o2, r2) = setup();
    assert_eq!(
        <TakeTwo as Show>::describe(
            &RoundEvent::RoundsSet { rounds: 4 },
            &scene(&open, &o2, &r2)
        ),
        "the match is now 4 rounds"
    );
}

/// The banner's line says the match's length as it stands once `rounds N` changed it.
#[test]
fn the_match_is_described_as_it_now_stands() {
    let (mut s, o, r) = setup_with(flags(Some(2), None));
    let now = |s: &State| <TakeTwo as Show>::describe_now(&scene(s, &o, &r));
    assert!(now(&s).starts_with("2 rounds; "), "{}", now(&s));
    ev(&mut s, &o, &r, RoundEvent::RoundsSet { rounds: 5 }).expect("longer");
    assert!(now(&s).starts_with("5 rounds; "), "{}", now(&s));
    assert!(now(&s).contains("tiles (117 + 3 blanks)"), "{}", now(&s));
}

/// The standings' rounds: numbered from 1, each player's entry as it stands (an out or
/// leftovers done, a penalty alone partial, nothing waiting), the open round counted
/// into the running totals and shown only while it holds something.
#[test]
fn the_standings_number_rounds_and_mark_each_entry() {
    let (mut s, o, r) = setup_with(flags(Some(3), None));
    round(&mut s, &o, &r, "K", "A");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    let periods = b.periods.clone().expect("rounds");
    assert_eq!(periods.closed.len(), 1);
    assert_eq!(
        periods
            .closed
            .get(0)
            .expect("the first closed period")
            .number,
        1
    );
    assert!(periods.open.is_none(), "an empty open round is not shown");
    assert_eq!(b.status, "round 2 of 3");
    ev(&mut s, &o, &r, out("alice")).expect("out");
    ev(&mut s, &o, &r, penalty("bob", "XU")).expect("penalty");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    let open = b
        .periods
        .clone()
        .expect("rounds")
        .open
        .expect("an open round");
    assert_eq!(open.number, 2);
    assert_eq!(
        open.entries,
        vec![
            crate::contract::EntryStatus::Done,
            crate::contract::EntryStatus::Partial,
            crate::contract::EntryStatus::Waiting
        ]
    );
    assert_eq!(b.totals, vec![0, 5, 1]);
    assert_eq!(b.running, vec![0, 30, 1]);
    assert_eq!(
        b.figures[0].values,
        vec![0, 0, 0],
        "closed rounds' penalties"
    );
    round_end(&mut s, &o, &r, 2);
    round(&mut s, &o, &r, "Q", "B");
    let b = TakeTwo::standings(&scene(&s, &o, &r)).decided();
    assert!(b.finished);
    assert_eq!(b.status, "match over after 3 rounds");
    assert_eq!(b.figures[0].values, vec![0, 1, 0]);
    let periods = b.periods.expect("rounds");
    assert_eq!(
        periods.closed.iter().map(|p| p.number).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(periods.open.is_none());
}

/// Closes round `n` once bob and carol have their entries.
fn round_end(s: &mut State, o: &Options, r: &Roster, n: u32) {
    ev(s, o, r, left("bob", "K")).expect("left");
    ev(s, o, r, left("carol", "A")).expect("left");
    ev(
        s,
        o,
        r,
        RoundEvent::Closed {
            number: n,
            off_total: false,
        },
    )
    .expect("end");
}

/// The prompt's label: the round being played, numbered from 1.
#[test]
fn the_progress_names_the_round_being_played() {
    let (mut s, o, r) = setup();
    let p = TakeTwo::progress(&scene(&s, &o, &r));
    assert_eq!((p.label.as_str(), p.number), ("r1", 1));
    round(&mut s, &o, &r, "K", "A");
    round(&mut s, &o, &r, "K", "A");
    let p = TakeTwo::progress(&scene(&s, &o, &r));
    assert_eq!((p.label.as_str(), p.number), ("r3", 3));
}

/// A penalty is a ruling of the table's, with the words it was for as refused words
/// (else the penalty itself as a fault); a pardon is a remark; nothing else is a ruling.
/// A ruling's verdicts: each word, whether allowed, why and the reason's class.
fn verdicts(ruling: &crate::contract::Ruling) -> Vec<(&str, bool, &str, &str)> {
    ruling
        .words
        .iter()
        .map(|v| {
            (
                v.word.as_str(),
                v.allowed,
                v.reason.as_str(),
                v.code.as_str(),
            )
        })
        .collect()
}

#[test]
fn penalties_and_pardons_are_the_tables_rulings() {
    let (mut s, o, r) = setup();
    round(&mut s, &o, &r, "K", "A");
    let rule = |e: Event| TakeTwo::ruling(&e.step(), &scene(&s, &o, &r));
    let with_words = rule(Event::Penalty {
        player: "bob".into(),
        why: "not words".into(),
        words: vec!["dont".into(), "xu".into()],
    })
    .expect("a ruling");
    assert_eq!(with_words.asked, "penalty bob");
    assert_eq!(with_words.player.as_deref(), Some("bob"));
    assert_eq!(with_words.round, 2);
    assert_eq!(with_words.rules, "the table's own");
    let words = verdicts(&with_words);
    assert_eq!(
        words,
        [
            ("DONT", false, "+25 penalty (not words)", "penalty"),
            ("XU", false, "+25 penalty (not words)", "penalty")
        ]
    );
    assert!(with_words.faults.is_empty() && with_words.remarks.is_empty());
    let bare = rule(penalty("carol", "")).expect("a ruling");
    assert_eq!(bare.faults, ["+25 penalty"]);
    assert!(bare.words.is_empty() && bare.remarks.is_empty());
    let pardon = rule(Event::Pardoned {
        player: "carol".into(),
        why: Some("DONT".into()),
        words: vec!["DONT".into()],
    })
    .expect("a ruling");
    assert_eq!(pardon.asked, "pardon carol");
    // The word the penalty was for is ruled allowed after all.
    let pardoned = verdicts(&pardon);
    assert_eq!(
        pardoned,
        [("DONT", true, "+25 (DONT) taken back", "pardon")]
    );
    assert!(pardon.faults.is_empty() && pardon.remarks.is_empty());
    let plain_pardon = rule(Event::Pardoned {
        player: "carol".into(),
        why: None,
        words: Vec::new(),
    })
    .expect("a ruling");
    assert_eq!(plain_pardon.remarks, ["+25 taken back"]);
    assert!(rule(out("alice")).is_none());
}

/// The open round's situation names who has no entry yet, or says `end` closes it;
/// nothing once the match is over.
#[test]
fn the_situation_names_who_has_no_entry_yet() {
    let (mut s, o, r) = setup_with(flags(Some(1), None));
    let said = |s: &State| TakeTwo::situation(&scene(s, &o, &r));
    assert_eq!(
        said(&s),
        ["round 1: no entry yet for alice, bob and carol (out, or left TILES)"]
    );
    ev(&mut s, &o, &r, out("alice")).expect("out");
    ev(&mut s, &o, &r, penalty("bob", "")).expect("a penalty is no entry");
    assert_eq!(
        said(&s),
        ["round 1: no entry yet for bob and carol (out, or left TILES)"]
    );
    ev(&mut s, &o, &r, left("bob", "K")).expect("left");
    ev(&mut s, &o, &r, left("carol", "A")).expect("left");
    assert_eq!(
        said(&s),
        ["round 1: every player has an entry; `end` closes it"]
    );
    ev(
        &mut s,
        &o,
        &r,
        RoundEvent::Closed {
            number: 1,
            off_total: false,
        },
    )
    .expect("end");
    assert!(said(&s).is_empty());
}

#[test]
fn a_match_needs_two_players_and_two_are_enough() {
    let one = vec!["alice".to_string()];
    let two = vec!["alice".to_string(), "bob".to_string()];
    let refused = TakeTwo::setup(&flags(None, None), &Files::default(), &one);
    assert_eq!(
        refused.map(|_| ()).map_err(|e| e.to_string()),
        Err(TakeTwoError::TooFewPlayers.to_string())
    );
    assert!(TakeTwo::setup(&flags(None, None), &Files::default(), &two).is_ok());
}

#[test]
fn a_tile_file_named_by_flag_is_the_one_file_read_and_is_named_in_the_options() {
    let path = std::path::PathBuf::from("house-tiles.json");
    let mut f = flags(Some(3), None);
    assert!(
        TakeTwo::files(&f).is_empty(),
        "the default set reads no file"
    );
    f.set("tiles", crate::contract::FlagValue::File(path.clone()));
    assert_eq!(TakeTwo::files(&f), vec![path.clone()]);
    let names = vec!["alice".to_string(), "bob".to_string()];
    let files = Files::new(vec![(path.clone(), DEFAULT_TILES.to_string())]);
    let o = TakeTwo::setup(&f, &files, &names).expect("the file is read");
    assert_eq!(o.tiles_from, "house-tiles.json");
    assert_eq!(o.tiles.size(), "117 + 3 blanks");
    let unread = TakeTwo::setup(&f, &Files::default(), &names).map(|_| ());
    assert_eq!(
        unread.map_err(|e| e.to_string()),
        Err("house-tiles.json was not read".to_string())
    );
}

/// Logs written before `--penalty` existed hold no such field and mean the sheet's +25 a
/// grid; a log of the default keeps that form, and only `per-word` is written out.
#[test]
fn the_penalty_rule_is_written_to_the_log_only_when_it_is_per_word() {
    let (_, mut o, _) = setup();
    let grid = serde_json::to_value(&o).expect("options serialize");
    assert!(grid.get("penalty").is_none(), "{grid}");
    o.penalty = PenaltyRule::PerWord;
    let word = serde_json::to_value(&o).expect("options serialize");
    assert_eq!(word["penalty"], "per-word");
    let back: Options = serde_json::from_value(grid).expect("an old header reads");
    assert_eq!(back.penalty, PenaltyRule::PerGrid);
}

#[test]
fn take_two_offers_the_grid_check_as_a_one_shot_that_needs_the_dictionary() {
    let shots: Vec<_> = TakeTwo::one_shots()
        .iter()
        .map(|s| (s.name, s.needs_lexicon))
        .collect();
    assert_eq!(shots, vec![("grid", true)]);
}

/// The lines a verb shows (rulings left out), its question, and the game events it
/// records or asks to.
type Said = (Vec<String>, Option<String>, Vec<Event>);

/// What `grid ARGS` over `rows` comes to on this table.
fn grid_says(
    s: &State,
    o: &Options,
    r: &Roster,
    args: &str,
    rows: &[&str],
    script: bool,
) -> Result<Said, String> {
    says(s, o, r, "grid", args, Some(rows), script)
}

/// Calls `f` with the context a command meets at the prompt over this table.
fn with_ctx<T>(
    s: &State,
    o: &Options,
    r: &Roster,
    script: bool,
    f: impl FnOnce(&crate::contract::Ctx<'_, TakeTwo>) -> T,
) -> T {
    let lexicon = crate::lexicon::Lexicon::embedded().expect("embedded dictionary opens");
    let rules = crate::lexicon::Rules::new(RULE_SET);
    f(&crate::contract::Ctx {
        state: s,
        options: o,
        roster: r,
        lexicon: &lexicon,
        rules: &rules,
        script,
    })
}

/// What `VERB ARGS` (with a block's `rows`, if any) comes to at the prompt over this
/// table: the lines shown (rulings left out), a question, and the game events it
/// records or asks to.
fn says(
    s: &State,
    o: &Options,
    r: &Roster,
    verb: &str,
    args: &str,
    rows: Option<&[&str]>,
    script: bool,
) -> Result<Said, String> {
    let rows: Option<Vec<String>> = rows.map(|rows| rows.iter().map(|r| r.to_string()).collect());
    let action = with_ctx(s, o, r, script, |ctx| {
        TakeTwo::command(ctx, verb, args, rows.as_deref())
    })
    .map_err(|e| e.to_string())?;
    let games = |events: Vec<crate::contract::event::Event<RoundEvent<TakeTwo>>>| -> Vec<Event> {
        events
            .into_iter()
            .filter_map(|e| match e {
                crate::contract::event::Event::Game(RoundEvent::Entry(g)) => Some(g),
                _ => None,
            })
            .collect()
    };
    let shown = action
        .show
        .iter()
        .filter_map(|l| match l {
            crate::contract::Shown::Text(t) => Some(t.clone()),
            crate::contract::Shown::Ruling(_) => None,
        })
        .collect();
    let (question, asked) = match action.ask {
        Some(ask) => (Some(ask.question), games(ask.record)),
        None => (None, Vec::new()),
    };
    let mut events = games(action.record);
    events.extend(asked);
    Ok((shown, question, events))
}

#[test]
fn grid_takes_one_player_and_its_own_flags() {
    let (s, o, r) = setup();
    let rows = ["CAT"];
    let refused = |args: &str| grid_says(&s, &o, &r, args, &rows, true).map(|_| ());
    assert_eq!(
        refused("alice --fast"),
        Err(r#"grid takes --file FILE, --apply and --judge, not "--fast""#.to_string())
    );
    assert_eq!(
        refused("alice bob"),
        Err(r#"grid takes one player; "bob" is extra"#.to_string())
    );
    assert_eq!(
        refused("--judge"),
        Err(TakeTwoError::GridNeedsPlayer.to_string())
    );
    assert_eq!(refused("--file g.txt alice --judge --apply"), Ok(()));
}

#[test]
fn grid_offers_the_hands_unused_tiles_as_the_players_entry_until_one_is_recorded() {
    let (mut s, o, r) = setup();
    let hand = |tiles: &str| Event::Hand {
        player: "alice".into(),
        tiles: tiles.into(),
    };
    ev(&mut s, &o, &r, hand("CATOS")).expect("hand");
    let rows = ["CAT", "..O"];
    let (_, question, events) = grid_says(&s, &o, &r, "alice", &rows, false).expect("grid");
    assert_eq!(question.as_deref(), Some("record alice left S?"));
    assert_eq!(events, [left("alice", "S")]);
    let (shown, question, _) = grid_says(&s, &o, &r, "alice", &rows, true).expect("grid");
    assert_eq!(question, None);
    assert_eq!(
        shown.last().map(String::as_str),
        Some("alice's entry from the hand: `left alice S`")
    );
    ev(&mut s, &o, &r, hand("CATO")).expect("hand");
    let (_, question, events) = grid_says(&s, &o, &r, "alice", &rows, false).expect("grid");
    assert_eq!(
        question.as_deref(),
        Some("alice used the whole hand: record alice out?")
    );
    assert_eq!(events, [out("alice")]);
    let (shown, _, _) = grid_says(&s, &o, &r, "alice", &rows, true).expect("grid");
    assert_eq!(
        shown.last().map(String::as_str),
        Some("alice's entry from the hand: `out alice`")
    );
    ev(&mut s, &o, &r, out("alice")).expect("out");
    let (shown, question, events) = grid_says(&s, &o, &r, "alice", &rows, false).expect("grid");
    assert_eq!((question, events), (None, vec![]), "alice has an entry");
    assert_eq!(shown, ["2 words, 4 tiles used"]);
}

#[test]
fn grid_asks_for_the_penalty_first_once_a_grid_or_once_a_word_by_the_tables_rule() {
    let (mut s, o, r) = setup();
    ev(
        &mut s,
        &o,
        &r,
        Event::Hand {
            player: "alice".into(),
            tiles: "QZXE".into(),
        },
    )
    .expect("hand");
    let rows = ["QZ", "X."];
    let (shown, question, events) = grid_says(&s, &o, &r, "alice", &rows, false).expect("grid");
    assert_eq!(question.as_deref(), Some("record +25 for alice (QZ, QX)?"));
    assert_eq!(events.len(), 1);
    assert_eq!(
        shown.last().map(String::as_str),
        Some("2 words, 3 tiles used"),
        "the penalty's question comes first; the entry is asked next"
    );
    let next = with_ctx(&s, &o, &r, false, |ctx| {
        TakeTwo::command(
            ctx,
            "grid",
            "alice",
            Some(&["QZ".to_string(), "X.".to_string()]),
        )
    })
    .expect("grid")
    .ask
    .and_then(|ask| ask.then)
    .map(|then| then.question);
    assert_eq!(next.as_deref(), Some("record alice left E?"));
    let mut per_word = o.clone();
    per_word.penalty = PenaltyRule::PerWord;
    let (_, question, events) = grid_says(&s, &per_word, &r, "alice", &rows, false).expect("grid");
    assert_eq!(question.as_deref(), Some("record +50 for alice (QZ, QX)?"));
    assert_eq!(events.len(), 2);
    let (_, question, events) =
        grid_says(&s, &per_word, &r, "alice --judge", &rows, false).expect("grid");
    assert_eq!(question.as_deref(), Some("record +25 for alice?"));
    assert_eq!(events.len(), 1);
    let (shown, question, _) = grid_says(&s, &per_word, &r, "alice", &rows, true).expect("grid");
    assert_eq!(question, None);
    assert!(
        shown.contains(
            &"penalty not recorded: in a script, `grid alice --apply` records the +50".to_string()
        ),
        "{shown:?}"
    );
    let (_, question, events) =
        grid_says(&s, &per_word, &r, "alice --apply", &rows, true).expect("grid");
    assert_eq!(question, None);
    assert_eq!(events.len(), 2, "both penalties recorded");
}

#[test]
fn a_match_may_be_cut_to_the_rounds_played_but_no_shorter() {
    let (mut s, o, r) = setup();
    round(&mut s, &o, &r, "K", "A");
    round(&mut s, &o, &r, "Q", "B");
    let e = ev(&mut s, &o, &r, RoundEvent::RoundsSet { rounds: 1 }).expect_err("shorter");
    assert_eq!(
        e.message,
        "2 rounds are already played: the match cannot be shorter"
    );
    ev(&mut s, &o, &r, RoundEvent::RoundsSet { rounds: 2 }).expect("as played");
    assert!(TakeTwo::standings(&scene(&s, &o, &r)).decided().finished);
    let e = ev(&mut s, &o, &r, out("alice")).expect_err("over on its rounds");
    assert_eq!(
        e.message,
        "the match is over (alice won with 0); `rounds N` makes it longer; `new take-two ...` starts another"
    );
}

#[test]
fn a_match_the_table_finished_does_not_offer_more_rounds() {
    // Five rounds set, or none: either way `finish` was the table's last word.
    for rounds in [Some(5), None] {
        let (mut s, o, r) = setup_with(flags(rounds, None));
        round(&mut s, &o, &r, "K", "A");
        ev(&mut s, &o, &r, RoundEvent::Finished { after: 1 }).expect("finish");
        let e = ev(&mut s, &o, &r, out("alice")).expect_err("finished");
        assert_eq!(
            e.message, "the match is over (alice won with 0); `new take-two ...` starts another",
            "rounds {rounds:?}"
        );
    }
}

#[test]
fn a_joiner_gets_a_seat_in_the_open_round() {
    let (mut s, o, r) = setup();
    round(&mut s, &o, &r, "K", "A");
    TakeTwo::add_player(&mut s, &o, 12).expect("joins");
    assert_eq!(s.rounds().seats(), 4);
    assert_eq!(s.rounds().totals().len(), 4);
    assert_eq!(
        (0..4).map(|i| s.rounds().joined(i)).collect::<Vec<_>>(),
        vec![0, 0, 0, 1]
    );
    assert_eq!(s.open().finishes.len(), 4, "a seat in the open round");
}

/// A penalty naming several words is one penalty under the sheet's rule (+25 a grid)
/// and one a word under `--penalty per-word`; one word is one penalty either way.
#[test]
fn a_penalty_naming_several_words_is_split_only_under_the_per_word_rule() {
    let (s, o, r) = setup();
    let mut per_word = o.clone();
    per_word.penalty = PenaltyRule::PerWord;
    let penalised = |o: &Options, why: &str| -> Vec<Vec<String>> {
        let (_, _, events) = says(&s, o, &r, "penalty", why, None, true).expect("recorded");
        events
            .into_iter()
            .map(|e| match e {
                Event::Penalty { words, .. } => words,
                other => panic!("a penalty, not {other:?}"),
            })
            .collect()
    };
    let two = "bob played DONT and XRAY";
    assert_eq!(
        penalised(&o, two),
        [vec!["DONT".to_string(), "XRAY".to_string()]]
    );
    assert_eq!(
        penalised(&per_word, two),
        [vec!["DONT".to_string()], vec!["XRAY".to_string()]]
    );
    for rule in [&o, &per_word] {
        assert_eq!(
            penalised(rule, "bob played DONT"),
            [vec!["DONT".to_string()]]
        );
        assert_eq!(penalised(rule, "bob took too long"), [Vec::<String>::new()]);
    }
}

/// A penalty's words are kept in lowercase for the player's record.
#[test]
fn a_penalty_s_words_are_kept_lowercase_for_the_record() {
    let named = Event::Penalty {
        player: "bob".into(),
        why: "played DONT and XRAY".into(),
        words: vec!["DONT".into(), "XRAY".into()],
    };
    assert_eq!(TakeTwo::words(&named.clone().step()), ["dont", "xray"]);
}

/// `rounds` needs a number, and its refusal suggests one past the round being played.
#[test]
fn rounds_without_a_number_suggests_one_past_the_round_in_play() {
    let (mut s, o, r) = setup();
    let refused = |s: &State| says(s, &o, &r, "rounds", "many", None, true).map(|_| ());
    assert_eq!(
        refused(&s),
        Err("rounds takes the match's length, 1 to 1000 rounds, e.g. rounds 2".to_string())
    );
    round(&mut s, &o, &r, "A", "B");
    assert_eq!(
        refused(&s),
        Err("rounds takes the match's length, 1 to 1000 rounds, e.g. rounds 3".to_string())
    );
}

/// A pardon names the words of the penalty it takes back: a typed penalty's, a grid's;
/// under `--penalty per-word`, the word of the last penalty left.
#[test]
fn a_pardon_names_the_words_of_the_penalty_it_takes_back() {
    let (mut s, o, r) = setup();
    let words = |s: &State, o: &Options| -> Vec<String> {
        match says(s, o, &r, "pardon", "bob", None, false)
            .expect("a pardon")
            .2
            .as_slice()
        {
            [Event::Pardoned { words, .. }] => words.clone(),
            other => panic!("{other:?}"),
        }
    };
    ev(&mut s, &o, &r, penalty("bob", "played DONT")).expect("penalty");
    assert_eq!(words(&s, &o), ["DONT"]);
    let grid = |word: &str| Event::Penalty {
        player: "bob".into(),
        why: "grid: QZ, QX".into(),
        words: vec![word.into()],
    };
    ev(&mut s, &o, &r, grid("QZ")).expect("penalty");
    assert_eq!(words(&s, &o), ["QZ", "QX"]);
    let mut per_word = o.clone();
    per_word.penalty = PenaltyRule::PerWord;
    ev(&mut s, &per_word, &r, grid("QX")).expect("penalty");
    assert_eq!(words(&s, &per_word), ["QX"]);
}
