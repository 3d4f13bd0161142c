//! A question waits at the front end it was put to, for the table it was asked of:
//! another front end's entry drops it, and an answer that comes after is refused
//! rather than recorded against a table that has moved on (a penalty asked in one
//! round landing in the next). The prompt shows that it waits for an answer.

use crate::common;

use common::{Reply, Shared};
use umpire::session::Desk;

#[test]
fn a_phone_s_yes_after_another_front_end_recorded_is_refused_and_records_nothing() {
    let mut table = Shared::new(&["take-two", "ann", "bob", "cat"]);
    let mut terminal = Desk::new(false);
    let mut phone_a = Desk::phone(false);
    let mut phone_b = Desk::phone(false);
    table.ok(&mut terminal, &["check zebra"]);
    let asked = table.typed(&mut phone_a, "penalty bob played ZEBRA");
    assert_eq!(
        asked.ask.as_deref(),
        Some("ZEBRA was ruled allowed in round 1; record anyway?")
    );
    // The table moves on while phone A's question waits: the round closes.
    table.ok(&mut phone_b, &["out ann", "left bob QZ"]);
    table.ok(
        &mut terminal,
        &["left cat E", "end", "note round two starts"],
    );
    let before = table.totals();
    let last = table.session.last_seq();
    let answered = Reply::of(&table.session.answer(&mut phone_a, true));
    assert!(answered.refused, "{}", answered.text);
    assert_eq!(
        answered.text,
        format!(
            "not recorded: #{last} (note: round two starts) was recorded after the question \
             \"ZEBRA was ruled allowed in round 1; record anyway?\" was put, so it was dropped; \
             type the line again to be asked again; nothing changed"
        )
    );
    assert_eq!(table.totals(), before, "no penalty landed in round 2");
    assert_eq!(table.session.last_seq(), last, "nothing was logged");
    // The question is gone: a second yes has nothing to answer.
    let again = Reply::of(&table.session.answer(&mut phone_a, true));
    assert_eq!(again.text, "there is no question to answer");
}

#[test]
fn a_question_still_answers_when_nothing_was_recorded_since_even_after_views_elsewhere() {
    let mut table = Shared::new(&["take-two", "ann", "bob", "cat"]);
    let mut terminal = Desk::new(false);
    let mut phone = Desk::phone(false);
    table.ok(&mut terminal, &["check zebra"]);
    let asked = table.typed(&mut phone, "penalty bob played ZEBRA");
    assert!(asked.ask.is_some(), "{}", asked.text);
    // Views and refusals elsewhere record nothing: the table is the one asked of.
    table.typed(&mut terminal, "score");
    let refused = table.typed(&mut terminal, "left zed Q");
    assert!(refused.refused, "{}", refused.text);
    let answered = Reply::of(&table.session.answer(&mut phone, true));
    assert!(!answered.refused, "{}", answered.text);
    assert!(
        answered
            .text
            .starts_with("recorded  bob +25 (played ZEBRA)"),
        "{}",
        answered.text
    );
}

#[test]
fn a_no_after_the_table_moved_on_says_the_question_was_dropped_without_a_refusal() {
    let mut table = Shared::new(&["take-two", "ann", "bob", "cat"]);
    let mut terminal = Desk::new(false);
    let mut phone = Desk::phone(false);
    table.ok(&mut terminal, &["check zebra"]);
    table.typed(&mut terminal, "penalty bob played ZEBRA");
    table.ok(&mut phone, &["out ann"]);
    let declined = Reply::of(&table.session.answer(&mut terminal, false));
    assert!(!declined.refused, "a no asks nothing to be recorded");
    assert!(
        declined.text.starts_with(
            "nothing recorded (#2 (ann out: 0) was recorded after the question \"ZEBRA was"
        ),
        "{}",
        declined.text
    );
}
