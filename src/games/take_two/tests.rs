//! Take Two's rules of play and scoring, on the pure engine.

use super::*;
use crate::games::Game;

fn setup() -> (State, Options, Roster) {
    let o = TakeTwo::setup(&Setup::default(), 3).expect("default setup");
    let r = Roster::new(vec!["alice".into(), "bob".into(), "carol".into()]);
    (TakeTwo::start(&o, 3), o, r)
}

fn ev(s: &mut State, o: &Options, r: &Roster, e: Event) -> Result<(), Refusal> {
    TakeTwo::apply(s, o, r, &e)
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
    ev(
        &mut s,
        &o,
        &r,
        Event::Penalty {
            player: "bob".into(),
            why: "DONT".into(),
            words: vec!["DONT".into()],
        },
    )
    .expect("penalty");
    ev(&mut s, &o, &r, left("carol", "EA?")).expect("left");
    ev(&mut s, &o, &r, Event::RoundEnded { round: 1 }).expect("end");
    let b = TakeTwo::scoreboard(&s, &o, &r);
    assert_eq!(b.totals, vec![0, 53, 2]);
    assert_eq!(b.leaders(), vec![0]);
}

#[test]
fn a_second_q_in_one_round_is_refused_naming_the_letter() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, left("bob", "Q")).expect("one Q");
    let e = ev(&mut s, &o, &r, left("carol", "QA"));
    let msg = e.expect_err("two Qs").0;
    assert!(msg.contains("only 1 Q"), "{msg}");
}

#[test]
fn end_is_refused_naming_who_has_no_entry() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, out("alice")).expect("out");
    let msg = ev(&mut s, &o, &r, Event::RoundEnded { round: 1 })
        .expect_err("missing")
        .0;
    assert!(msg.starts_with("bob and carol have no entry yet"), "{msg}");
}

#[test]
fn a_player_named_twice_in_a_round_is_refused() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, out("alice")).expect("out");
    let msg = ev(&mut s, &o, &r, left("ALICE", "A")).expect_err("twice").0;
    assert!(msg.contains("already has an entry"), "{msg}");
}

#[test]
fn the_match_ends_after_its_rounds_with_the_lowest_total_winning() {
    let o = TakeTwo::setup(
        &Setup {
            rounds: Some(1),
            ..Setup::default()
        },
        2,
    )
    .expect("setup");
    let r = Roster::new(vec!["a".into(), "b".into()]);
    let mut s = TakeTwo::start(&o, 2);
    ev(&mut s, &o, &r, left("a", "K")).expect("left");
    ev(&mut s, &o, &r, out("b")).expect("out");
    ev(&mut s, &o, &r, Event::RoundEnded { round: 1 }).expect("end");
    let b = TakeTwo::scoreboard(&s, &o, &r);
    assert!(b.finished);
    assert_eq!(b.winner_names().as_deref(), Some("b"));
    assert!(ev(&mut s, &o, &r, out("a")).is_err());
}

#[test]
fn a_correction_replaces_a_closed_round_entry_within_the_tile_counts() {
    let (mut s, o, r) = setup();
    ev(&mut s, &o, &r, out("alice")).expect("out");
    ev(&mut s, &o, &r, left("bob", "QZ")).expect("left");
    ev(&mut s, &o, &r, left("carol", "A")).expect("left");
    ev(&mut s, &o, &r, Event::RoundEnded { round: 1 }).expect("end");
    let fix = left("bob", "Q");
    TakeTwo::apply_correction(&mut s, &o, &r, 1, &fix).expect("fix");
    assert_eq!(TakeTwo::scoreboard(&s, &o, &r).totals, vec![0, 10, 1]);
    let over = left("carol", "QA");
    assert!(TakeTwo::apply_correction(&mut s, &o, &r, 1, &over).is_err());
    assert!(TakeTwo::apply_correction(&mut s, &o, &r, 2, &fix).is_err());
}
