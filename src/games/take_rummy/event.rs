//! What a TAKE rummy session records, one event a line of the log. Players are named
//! (not numbered) so a log reads well and survives a rename; runs are stored as umpire
//! writes them, in order with each joker's meaning (`JK=4C`), so replaying a log never
//! depends on how typing is read.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::take_rummy::cards::{Card, Natural, Typed};

/// A run a take names. Since runs have labels, umpire stores a run as a natural card it
/// holds (every run holds at least one, and a card lies in one place), which names the
/// same run however the table's labels and numbers come out when a log is replayed or
/// an earlier entry is fixed. The first format's `{"owner": "alice", "run": 2}` (the
/// owner's second run, in the order runs came to her) is still read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum RunRef {
    /// The run on the table that holds this card.
    Holding { holding: Natural },
    /// The first format: the owner and the run's number among the owner's runs.
    Numbered { owner: String, run: u32 },
}

impl fmt::Display for RunRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunRef::Holding { holding } => write!(f, "the run holding {holding}"),
            RunRef::Numbered { owner, run } => write!(f, "{owner}:{run}"),
        }
    }
}

/// One entry of the open hand in a TAKE rummy session (its end, `finish` and `target`
/// are the round-game layer's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum Event {
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
    /// `take PLAYER CARDS onto RUN [RUN...]`: cards from hand added to one run on the
    /// table, or joining several; the runs move to the taker. The cards are stored
    /// with each joker's meaning in the result.
    Taken {
        player: String,
        cards: Vec<Typed>,
        from: Vec<RunRef>,
    },
    /// `deal PLAYER CARD`: the dealer dealt seven cards each (ten with `--deal 10`) and turned `up` to start
    /// the discard pile; turns are tracked from here.
    Dealt { dealer: String, up: Card },
    /// `draw PLAYER [CARD]`: from the stock (the card unseen, so not stored), or the top
    /// of the discard pile.
    Drew {
        player: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
    /// `discard PLAYER CARD`: the end of a turn; the player's last card ends the hand.
    Discarded { player: String, card: Card },
}

impl Event {
    #[cfg(test)]
    /// The player an entry is about.
    pub(crate) fn player(&self) -> Option<&str> {
        match self {
            Event::Laid { player, .. }
            | Event::Held { player, .. }
            | Event::Melded { player, .. }
            | Event::Taken { player, .. }
            | Event::Drew { player, .. }
            | Event::Discarded { player, .. }
            | Event::Dealt { dealer: player, .. } => Some(player),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::take_rummy::cards::{Card, parse_cards, parse_typed};

    #[test]
    fn each_entry_names_the_player_it_is_about_and_a_run_reads_as_typed() {
        let card = |c: &str| c.parse::<Card>().expect(c);
        let about = [
            (
                Event::Laid {
                    player: "ann".into(),
                    runs: vec![],
                },
                Some("ann"),
            ),
            (
                Event::Held {
                    player: "ben".into(),
                    cards: vec![],
                },
                Some("ben"),
            ),
            (
                Event::Dealt {
                    dealer: "cal".into(),
                    up: card("9H"),
                },
                Some("cal"),
            ),
            (
                Event::Discarded {
                    player: "dee".into(),
                    card: card("2D"),
                },
                Some("dee"),
            ),
        ];
        for (event, player) in about {
            assert_eq!(event.player(), player, "{event:?}");
        }
        let holding = RunRef::Holding {
            holding: "5C".parse().expect("5C"),
        };
        assert_eq!(holding.to_string(), "the run holding 5C");
        let numbered = RunRef::Numbered {
            owner: "alice".into(),
            run: 2,
        };
        assert_eq!(numbered.to_string(), "alice:2");
    }

    #[test]
    fn events_are_stored_as_tagged_kebab_case_objects_with_cards_as_text() {
        let e = Event::Taken {
            player: "bob".into(),
            cards: parse_typed("8C JK=9C").expect("cards"),
            from: vec![RunRef::Holding {
                holding: "5C".parse().expect("5C"),
            }],
        };
        let json = serde_json::to_string(&e).expect("json");
        assert_eq!(
            json,
            r#"{"type":"taken","player":"bob","cards":["8C","JK=9C"],"from":[{"holding":"5C"}]}"#
        );
        let first_format =
            r#"{"type":"taken","player":"bob","cards":["8C"],"from":[{"owner":"alice","run":1}]}"#;
        assert_eq!(
            serde_json::from_str::<Event>(first_format).expect("old"),
            Event::Taken {
                player: "bob".into(),
                cards: parse_typed("8C").expect("8C"),
                from: vec![RunRef::Numbered {
                    owner: "alice".into(),
                    run: 1
                }],
            }
        );
        let drew = Event::Drew {
            player: "ann".into(),
            card: None,
        };
        assert_eq!(
            serde_json::to_string(&drew).expect("json"),
            r#"{"type":"drew","player":"ann"}"#
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
        assert!(
            serde_json::from_str::<Event>(r#"{"type":"held","player":"x","cards":["11H"]}"#)
                .is_err()
        );
    }
}
