//! What a TAKE rummy session records, one event a line of the log. Players are named
//! (not numbered) so a log reads well and survives a rename; runs are stored as umpire
//! writes them, in order with each joker's meaning (`JK=4C`), so replaying a log never
//! depends on how typing is read.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::take_rummy::cards::{Card, Typed};

/// A run on the table: its owner and its number among the owner's runs (from 1, in the
/// order they came to the owner). Written `alice:2`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRef {
    pub owner: String,
    pub run: u32,
}

impl fmt::Display for RunRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.owner, self.run)
    }
}

/// One thing recorded in a TAKE rummy session: an entry of the open hand or its end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// `laid PLAYER RUN, RUN`: the runs in front of a player at the hand's end (taken
    /// runs included), for tables that do not track every turn. No runs for `laid P -`.
    Laid {
        player: String,
        runs: Vec<Vec<Typed>>,
    },
    /// `held PLAYER CARDS`: the cards still in a player's hand at the hand's end. None
    /// for `held P -`.
    Held { player: String, cards: Vec<Card> },
    /// `lay PLAYER CARDS`: a new run put on the table during play.
    Melded { player: String, run: Vec<Typed> },
    /// `take PLAYER CARDS onto OWNER[:N]`: cards from hand added to one run on the table,
    /// or joining two; the runs move to the taker. The cards are stored with each
    /// joker's meaning in the result.
    Taken {
        player: String,
        cards: Vec<Typed>,
        from: Vec<RunRef>,
    },
    /// `end`: the hand is scored and closed.
    HandEnded { hand: u32 },
}

impl Event {
    /// The player an entry is about, if any.
    pub fn player(&self) -> Option<&str> {
        match self {
            Event::Laid { player, .. }
            | Event::Held { player, .. }
            | Event::Melded { player, .. }
            | Event::Taken { player, .. } => Some(player),
            Event::HandEnded { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::take_rummy::cards::{parse_cards, parse_typed};

    #[test]
    fn events_are_stored_as_tagged_kebab_case_objects_with_cards_as_text() {
        let e = Event::Taken {
            player: "bob".into(),
            cards: parse_typed("8C JK=9C").expect("cards"),
            from: vec![RunRef {
                owner: "alice".into(),
                run: 1,
            }],
        };
        let json = serde_json::to_string(&e).expect("json");
        assert_eq!(
            json,
            r#"{"type":"taken","player":"bob","cards":["8C","JK=9C"],"from":[{"owner":"alice","run":1}]}"#
        );
        assert_eq!(serde_json::from_str::<Event>(&json).expect("back"), e);
        let held = Event::Held {
            player: "bob".into(),
            cards: parse_cards("5C JK").expect("cards"),
        };
        let json = serde_json::to_string(&held).expect("json");
        assert_eq!(
            json,
            r#"{"type":"held","player":"bob","cards":["5C","JK"]}"#
        );
        let end = serde_json::to_string(&Event::HandEnded { hand: 2 }).expect("json");
        assert_eq!(end, r#"{"type":"hand-ended","hand":2}"#);
        assert!(
            serde_json::from_str::<Event>(r#"{"type":"held","player":"x","cards":["11H"]}"#)
                .is_err()
        );
    }
}
