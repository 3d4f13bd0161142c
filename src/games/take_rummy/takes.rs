//! Takes: extending a run on the table with cards from hand.
//!
//! From the sheet: a player may add cards from hand to any run on the table, their own
//! or another player's; taking another's run moves the whole run to the taker (Alpha's
//! 5-6-7 of clubs plus Bravo's 8 is Bravo's 5-6-7-8). A double take joins two runs with
//! cards from hand (2-5 and 7-9 of diamonds joined by the 6). A locked run, complete at
//! 13 cards, cannot be taken, not even with a joker. A joker already on the table keeps
//! what it stands for, and the card it stands for cannot be used to swap it out.
//!
//! The table's cards stay where they lie: each keeps its place (a joker its meaning, an
//! ace its end), and the cards from hand must make, with all of them, one valid run. A
//! joker from hand that only extends the run goes above it, or below when the top is
//! closed; `JK=4C` puts it where the scorekeeper says.

#[cfg(feature = "cli")]
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::runs::{Piece, Run, RunError, Slot, arrange};
use crate::contract::Refuse;
use crate::games::take_rummy::cards::{Card, Natural, Typed, show};

/// A take that the rules allow: the run it makes and the cards that came from hand
/// (jokers with what they now stand for).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Took {
    pub(crate) run: Run,
    pub(crate) added: Vec<Slot>,
}

/// Why a take is refused: one line naming the run or card at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum TakeError {
    #[error("a take needs a run on the table to extend")]
    NoRun,
    #[error("{run} is locked (complete at 13 cards): it cannot be taken, not even with a joker")]
    Locked { run: String },
    #[error("a take adds at least one card from hand")]
    NoCards,
    #[error("{first} and {second} are of different suits: a take joins runs of one suit")]
    DifferentSuits { first: String, second: String },
    #[error(
        "{card} cannot swap out the joker standing for it in {run}: a joker keeps the card it stands for"
    )]
    SwapOut { card: Natural, run: String },
    #[error("{card}: {run} already has {stands_for}")]
    AlreadyThere {
        card: Typed,
        stands_for: Natural,
        run: String,
    },
    #[error("{added} with {runs} does not make one run: {why}")]
    NotARun {
        added: String,
        runs: String,
        why: RunError,
    },
}

impl Refuse for TakeError {}

/// Rules on a take: `hand` added to `runs` (one, or several joined: a pair of cards can
/// bridge three runs). The result keeps every card of the runs.
pub(crate) fn take(runs: &[&Run], hand: &[Typed]) -> Result<Took, TakeError> {
    let [first, ..] = runs else {
        return Err(TakeError::NoRun);
    };
    if let Some(locked) = runs.iter().find(|r| r.is_locked()) {
        return Err(TakeError::Locked { run: locked.span() });
    }
    if hand.is_empty() {
        return Err(TakeError::NoCards);
    }
    if let Some(other) = runs.iter().find(|r| r.suit() != first.suit()) {
        return Err(TakeError::DifferentSuits {
            first: first.span(),
            second: other.span(),
        });
    }
    for t in hand {
        let Some(n) = t.stands_for() else { continue };
        for run in runs {
            let Some(slot) = run.slots().iter().find(|s| s.stands_for == n) else {
                continue;
            };
            return Err(match (slot.card, t) {
                (Card::Joker, Typed::Card(Card::Natural(_))) => TakeError::SwapOut {
                    card: n,
                    run: run.to_string(),
                },
                _ => TakeError::AlreadyThere {
                    card: *t,
                    stands_for: n,
                    run: run.to_string(),
                },
            });
        }
    }
    let mut pieces: Vec<Piece> = runs.iter().flat_map(|r| r.pinned()).collect();
    pieces.extend(hand.iter().map(|t| Piece::typed(*t)));
    let run = arrange(&pieces).map_err(|why| TakeError::NotARun {
        added: show(hand),
        runs: spans(runs),
        why,
    })?;
    let old: Vec<Natural> = runs
        .iter()
        .flat_map(|r| r.slots().iter().map(|s| s.stands_for))
        .collect();
    let added = run
        .slots()
        .iter()
        .filter(|s| !old.contains(&s.stands_for))
        .copied()
        .collect();
    Ok(Took { run, added })
}

/// Every run a take could make when the jokers from hand that do not say what they
/// stand for are read every way that fits: more than one when a joker could go at
/// either end of the run (a take needs to know which, since the run may move on).
/// Empty when the take is refused.
pub(crate) fn readings(runs: &[&Run], hand: &[Typed]) -> Vec<Run> {
    if take(runs, hand).is_err() {
        return Vec::new();
    }
    let mut pieces: Vec<Piece> = runs.iter().flat_map(|r| r.pinned()).collect();
    pieces.extend(hand.iter().map(|t| Piece::typed(*t)));
    super::runs::readings(&pieces)
}

/// "5C-7C", "2D-5D and 7D-9D", or "2D-4D, 6D-8D and 10D-QD".
fn spans(runs: &[&Run]) -> String {
    let spans: Vec<String> = runs.iter().map(|r| r.span()).collect();
    super::hand::and_names(&spans)
}

#[cfg(feature = "cli")]
/// A sentence for an allowed take: "takes 5C-7C with 8C: 4 clubs in order, 5C to 8C".
pub(crate) fn describe(runs: &[&Run], took: &Took) -> String {
    let verb = if runs.len() > 1 { "joins" } else { "takes" };
    format!(
        "{verb} {} with {}: {}",
        spans(runs),
        show(&took.added),
        took.run.describe()
    )
}

#[cfg(feature = "cli")]
/// A ruling on a take, as `umpire take --json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TakeVerdict {
    pub(crate) valid: bool,
    /// Why: the take and the run it makes, or what is wrong.
    pub(crate) reason: String,
    /// The resulting run in order, jokers as `JK=4C`; empty when refused.
    pub(crate) run: Vec<Slot>,
    /// The resulting run's points; 0 when refused.
    pub(crate) value: u32,
    pub(crate) locked: bool,
}

#[cfg(feature = "cli")]
impl TakeVerdict {
    #[cfg(feature = "cli")]
    /// The verdict on a take's result, `runs` being what it drew on.
    pub(crate) fn of(runs: &[&Run], result: &Result<Took, TakeError>) -> TakeVerdict {
        match result {
            Ok(took) => TakeVerdict {
                valid: true,
                reason: describe(runs, took),
                run: took.run.slots().to_vec(),
                value: took.run.value(),
                locked: took.run.is_locked(),
            },
            Err(e) => TakeVerdict {
                valid: false,
                reason: e.to_string(),
                run: Vec::new(),
                value: 0,
                locked: false,
            },
        }
    }
}

#[cfg(feature = "cli")]
/// Rules on a take and says why, allowed or not.
pub(crate) fn verdict(runs: &[&Run], hand: &[Typed]) -> TakeVerdict {
    TakeVerdict::of(runs, &take(runs, hand))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::take_rummy::cards::parse_typed;
    use crate::games::take_rummy::runs::judge;

    fn run(text: &str) -> Run {
        judge(&parse_typed(text).expect("cards")).expect("a run")
    }

    fn hand(text: &str) -> Vec<Typed> {
        parse_typed(text).expect("cards")
    }

    #[test]
    fn the_sheets_take_adds_the_eight_of_clubs_to_five_six_seven() {
        let alpha = run("5C 6C 7C");
        let took = take(&[&alpha], &hand("8C")).expect("allowed");
        assert_eq!(took.run.to_string(), "5C 6C 7C 8C");
        assert_eq!(took.run.value(), 20);
        assert_eq!(show(&took.added), "8C");
        assert_eq!(
            describe(&[&alpha], &took),
            "takes 5C-7C with 8C: 4 clubs in order, 5C to 8C"
        );
    }

    #[test]
    fn the_sheets_double_take_joins_two_to_five_and_seven_to_nine_with_the_six() {
        let alpha = run("2D 3D 4D 5D");
        let bravo = run("7D 8D 9D");
        let took = take(&[&alpha, &bravo], &hand("6D")).expect("allowed");
        assert_eq!(took.run.to_string(), "2D 3D 4D 5D 6D 7D 8D 9D");
        assert_eq!(took.run.value(), 40);
        let both_ways = take(&[&bravo, &alpha], &hand("6D")).expect("either order");
        assert_eq!(both_ways.run, took.run);
    }

    #[test]
    fn a_locked_run_cannot_be_taken_even_with_a_joker() {
        let locked = run("2S-AS");
        assert!(locked.is_locked());
        let e = take(&[&locked], &hand("JK")).expect_err("locked");
        assert_eq!(
            e.to_string(),
            "2S-AS is locked (complete at 13 cards): it cannot be taken, not even with a joker"
        );
        let low = run("AH-KH");
        assert!(matches!(
            take(&[&low], &hand("JK")),
            Err(TakeError::Locked { .. })
        ));
    }

    #[test]
    fn a_take_can_lock_a_run_up() {
        let twelve = run("2H-KH");
        let took = take(&[&twelve], &hand("AH")).expect("allowed");
        assert!(took.run.is_locked());
        assert_eq!(took.run.value(), 8 * 5 + 4 * 10 + 15);
    }

    #[test]
    fn a_joker_on_the_table_cannot_be_swapped_out_for_the_card_it_stands_for() {
        let r = run("4C JK 6C");
        assert_eq!(r.to_string(), "4C JK=5C 6C");
        let e = take(&[&r], &hand("5C")).expect_err("swap");
        assert_eq!(
            e.to_string(),
            "5C cannot swap out the joker standing for it in 4C JK=5C 6C: a joker keeps the card it stands for"
        );
        assert!(matches!(e, TakeError::SwapOut { .. }));
    }

    #[test]
    fn a_joker_on_the_table_keeps_its_meaning_when_the_run_grows() {
        let r = run("JK=AC 2C 3C");
        let took = take(&[&r], &hand("4C")).expect("allowed");
        assert_eq!(took.run.to_string(), "JK=AC 2C 3C 4C");
        let high = run("QC KC JK");
        assert_eq!(high.to_string(), "QC KC JK=AC");
        let took = take(&[&high], &hand("JC")).expect("allowed");
        assert_eq!(took.run.to_string(), "JC QC KC JK=AC");
    }

    #[test]
    fn a_joker_from_hand_extends_upward_unless_told_otherwise() {
        let r = run("5C 6C 7C");
        let up = take(&[&r], &hand("JK")).expect("allowed");
        assert_eq!(up.run.to_string(), "5C 6C 7C JK=8C");
        assert_eq!(up.run.value(), 35);
        let down = take(&[&r], &hand("JK=4C")).expect("allowed");
        assert_eq!(down.run.to_string(), "JK=4C 5C 6C 7C");
        let top = run("QH KH AH");
        let below = take(&[&top], &hand("JK")).expect("allowed");
        assert_eq!(below.run.to_string(), "JK=JH QH KH AH");
    }

    #[test]
    fn the_result_must_be_one_run() {
        let r = run("5C 6C 7C");
        let e = take(&[&r], &hand("9C")).expect_err("gap");
        assert_eq!(
            e.to_string(),
            "9C with 5C-7C does not make one run: not consecutive: 8C missing between 7C and 9C, and no joker to fill it"
        );
        let e = take(&[&r], &hand("8H")).expect_err("suit");
        assert!(e.to_string().contains("different suits"), "{e}");
        let e = take(&[&r], &hand("6C")).expect_err("twice");
        assert_eq!(e.to_string(), "6C: 5C 6C 7C already has 6C");
        let apart = run("2D 3D 4D");
        let far = run("8D 9D 10D");
        let e = take(&[&apart, &far], &hand("6D")).expect_err("gaps");
        assert!(
            e.to_string().contains("5D missing between 4D and 6D"),
            "{e}"
        );
        let hearts = run("7H 8H 9H");
        let e = take(&[&apart, &hearts], &hand("5D")).expect_err("suits");
        assert!(matches!(e, TakeError::DifferentSuits { .. }));
    }

    #[test]
    fn a_take_cannot_wrap_round_a_high_ace() {
        let top = run("QS KS AS");
        let e = take(&[&top], &hand("2S")).expect_err("wrap");
        assert!(e.to_string().contains("wraps around past the ace"), "{e}");
        let low = run("AS 2S 3S");
        let e = take(&[&low], &hand("KS")).expect_err("wrap");
        assert!(e.to_string().contains("KS AS 2S 3S wraps around"), "{e}");
    }

    #[test]
    fn a_joker_ace_in_one_run_and_the_natural_ace_in_another_cannot_be_joined() {
        let low = run("JK 2H 3H");
        assert_eq!(low.to_string(), "JK=AH 2H 3H");
        let high = run("QH KH AH");
        let e = take(&[&low, &high], &hand("4H")).expect_err("both ends");
        assert!(e.to_string().contains("aces at both ends"), "{e}");
    }

    #[test]
    fn a_take_needs_runs_and_cards() {
        let r = run("5C 6C 7C");
        assert_eq!(take(&[], &hand("8C")), Err(TakeError::NoRun));
        assert_eq!(take(&[&r], &[]), Err(TakeError::NoCards));
    }

    #[test]
    fn a_pair_of_cards_can_bridge_three_runs_in_one_take() {
        let (low, mid, high) = (run("2D 3D 4D"), run("6D 7D 8D"), run("10D JD QD"));
        let took = take(&[&high, &low, &mid], &hand("5D 9D")).expect("allowed");
        assert_eq!(took.run.to_string(), "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD");
        assert_eq!(show(&took.added), "5D 9D");
        assert_eq!(
            describe(&[&low, &mid, &high], &took),
            "joins 2D-4D, 6D-8D and 10D-QD with 5D 9D: 11 diamonds in order, 2D to QD"
        );
    }

    #[test]
    fn a_take_verdict_carries_the_run_value_and_lock() {
        let r = run("2H-KH");
        let v = verdict(&[&r], &hand("AH"));
        assert!(v.valid && v.locked);
        assert_eq!(v.run.len(), 13);
        let json = serde_json::to_value(&v).expect("json");
        assert_eq!(json["run"][12], "AH");
        let refused = verdict(&[&r], &hand("5D"));
        assert!(!refused.valid);
        assert_eq!(refused.value, 0);
        assert!(refused.run.is_empty());
    }
}
