//! The events every session logs beside a game's own, and the line that holds one.
//!
//! Events are nouns in the past tense. The core's own events (an undo, a note, a
//! ruling, a player joining) sit beside the game's; both are JSON objects tagged by
//! `"type"`, so a log reads as a plain record of the evening. They are part of the game
//! contract because a game's commands record them too (a ruling on a disputed word).

use serde::{Deserialize, Serialize};

use crate::lexicon::Verdict;

/// A ruling given at the table: the words judged, the rules in force, each verdict,
/// and what else the game found (a grid's shape, tiles not in a hand).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredRuling")]
pub struct Ruling {
    /// What asked for it: `check`, or `grid alice`.
    pub(crate) asked: String,
    /// The player whose words were judged (a grid), for player records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) player: Option<String>,
    /// The round, hand or turn being played when it was given (1-based); stored as
    /// `round`, the name the first format gave it.
    pub(crate) round: u32,
    /// The rules in force, in words ("take-two (level 80)").
    pub(crate) rules: String,
    pub(crate) words: Vec<Verdict>,
    /// Faults other than words: a ruling with any is not acceptable.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) faults: Vec<String>,
    /// Findings that are not faults ("the grid is one piece").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) remarks: Vec<String>,
}

/// A ruling as logs hold it, old ones included: the first format kept a grid's shape in
/// its own `connected` field, which now reads as a remark or a fault.
#[derive(Deserialize)]
struct StoredRuling {
    asked: String,
    #[serde(default)]
    player: Option<String>,
    round: u32,
    rules: String,
    words: Vec<Verdict>,
    #[serde(default)]
    connected: Option<bool>,
    #[serde(default)]
    faults: Vec<String>,
    #[serde(default)]
    remarks: Vec<String>,
}

/// What the first format's `connected` field said, as later rulings say it.
pub(crate) const ONE_PIECE: &str = "the grid is one piece";
pub(crate) const NOT_ONE_PIECE: &str = "the grid is NOT one piece";

impl From<StoredRuling> for Ruling {
    fn from(s: StoredRuling) -> Ruling {
        let mut faults = s.faults;
        let mut remarks = s.remarks;
        match s.connected {
            Some(true) => remarks.insert(0, ONE_PIECE.to_string()),
            Some(false) => faults.insert(0, NOT_ONE_PIECE.to_string()),
            None => {}
        }
        Ruling {
            asked: s.asked,
            player: s.player,
            round: s.round,
            rules: s.rules,
            words: s.words,
            faults,
            remarks,
        }
    }
}

impl Ruling {
    /// Every word allowed and no fault.
    pub(crate) fn acceptable(&self) -> bool {
        self.words.iter().all(|v| v.allowed) && self.faults.is_empty()
    }
}

/// The core's own events, shared by every game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "kebab-case",
    bound(deserialize = "E: serde::de::DeserializeOwned")
)]
pub(crate) enum CoreEvent<E> {
    /// The event with this seq no longer counts.
    Undone {
        seq: u64,
    },
    /// A remark for the record.
    Noted {
        text: String,
    },
    /// A word ruling (the words, the rules in force, the verdicts).
    Ruled {
        ruling: Ruling,
    },
    /// A player joins; `score` is the total they start from when the house gives one.
    PlayerJoined {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        score: Option<i64>,
    },
    PlayerRenamed {
        from: String,
        to: String,
    },
    /// A round's (or hand's) entry recorded again, replacing or adding to what it had.
    Corrected {
        round: u32,
        entry: E,
    },
    /// An undone entry counts again (`redo`).
    Redone {
        seq: u64,
    },
    /// Entry `seq` is replaced by what `line` records, as if it had been typed at that
    /// point (`fix #N LINE`); the entries after it are applied again on top. The
    /// original stays in the log.
    Replaced {
        seq: u64,
        line: String,
        with: Vec<Event<E>>,
        /// Typed as `fix ROUND VERB ARGS`: the round and where in `with` the events the
        /// line recorded are (the rest are what the entry held already).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        period: Option<Corrects>,
        /// The other entries this one fix replaces at the same time, judged together
        /// (`fix #2 LINE; #4 LINE`, or a fix carried into later entries): one entry of
        /// the log, so one `undo` takes back all of it. Logs of earlier versions hold
        /// none, and wrote a carried fix as an entry a part.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        also: Vec<Part<E>>,
    },
    /// The table's own ruling on a word (`allow WORD`, `deny WORD`): the session's
    /// verdict on it from here on, whatever the dictionary says.
    HouseRuled {
        word: String,
        allowed: bool,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        why: String,
    },
}

/// The `type` tag of each of the core's events, as serde writes it: the one list a
/// reader chooses core or game by. [`CoreEvent::tag`] names each variant's, so a new
/// event cannot be left out of it, and a test holds serde's tags to it.
pub(crate) const CORE_TAGS: [&str; 9] = [
    "undone",
    "noted",
    "ruled",
    "player-joined",
    "player-renamed",
    "corrected",
    "redone",
    "replaced",
    "house-ruled",
];

impl<E> CoreEvent<E> {
    /// This event's `type` tag, from [`CORE_TAGS`]: what the tests hold serde's tags to.
    #[cfg(test)]
    pub(crate) fn tag(&self) -> &'static str {
        CORE_TAGS[match self {
            CoreEvent::Undone { .. } => 0,
            CoreEvent::Noted { .. } => 1,
            CoreEvent::Ruled { .. } => 2,
            CoreEvent::PlayerJoined { .. } => 3,
            CoreEvent::PlayerRenamed { .. } => 4,
            CoreEvent::Corrected { .. } => 5,
            CoreEvent::Redone { .. } => 6,
            CoreEvent::Replaced { .. } => 7,
            CoreEvent::HouseRuled { .. } => 8,
        }]
    }

    /// The same event with the game's events it holds turned into another type's (a
    /// game of rounds' entries into the layer's events).
    pub(crate) fn map<F>(self, f: impl Fn(E) -> F + Copy) -> CoreEvent<F> {
        match self {
            CoreEvent::Undone { seq } => CoreEvent::Undone { seq },
            CoreEvent::Noted { text } => CoreEvent::Noted { text },
            CoreEvent::Ruled { ruling } => CoreEvent::Ruled { ruling },
            CoreEvent::PlayerJoined { name, score } => CoreEvent::PlayerJoined { name, score },
            CoreEvent::PlayerRenamed { from, to } => CoreEvent::PlayerRenamed { from, to },
            CoreEvent::Corrected { round, entry } => CoreEvent::Corrected {
                round,
                entry: f(entry),
            },
            CoreEvent::Redone { seq } => CoreEvent::Redone { seq },
            CoreEvent::Replaced {
                seq,
                line,
                with,
                period,
                also,
            } => CoreEvent::Replaced {
                seq,
                line,
                with: with.into_iter().map(|e| e.map(f)).collect(),
                period,
                also: also.into_iter().map(|p| p.map(f)).collect(),
            },
            CoreEvent::HouseRuled { word, allowed, why } => {
                CoreEvent::HouseRuled { word, allowed, why }
            }
        }
    }
}

impl<E> Event<E> {
    /// The same event with the game's event turned into another type's.
    pub(crate) fn map<F>(self, f: impl Fn(E) -> F + Copy) -> Event<F> {
        match self {
            Event::Game(g) => Event::Game(f(g)),
            Event::Core(c) => Event::Core(c.map(f)),
        }
    }
}

/// One more entry a fix replaces, beside the one it names first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "E: serde::de::DeserializeOwned"))]
pub(crate) struct Part<E> {
    pub(crate) seq: u64,
    pub(crate) line: String,
    pub(crate) with: Vec<Event<E>>,
}

impl<E> Part<E> {
    fn map<F>(self, f: impl Fn(E) -> F + Copy) -> Part<F> {
        Part {
            seq: self.seq,
            line: self.line,
            with: self.with.into_iter().map(|e| e.map(f)).collect(),
        }
    }
}

/// What a `fix ROUND VERB ARGS` corrected: the round (or hand), and the events its line
/// recorded, as `with[from..to]` of the fix that holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Corrects {
    pub(crate) round: u32,
    pub(crate) from: usize,
    pub(crate) to: usize,
}

/// One event of a session: the core's or the game's.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub(crate) enum Event<E> {
    Core(CoreEvent<E>),
    Game(E),
}

impl<E: serde::de::DeserializeOwned> Event<E> {
    /// Reads an event from its JSON text, choosing core or game by its `type` tag: the
    /// tag is read first, borrowed, and the event is then read once as what it is.
    pub(crate) fn from_raw(
        raw: &serde_json::value::RawValue,
    ) -> Result<Event<E>, serde_json::Error> {
        #[derive(Deserialize)]
        struct Tag<'a> {
            #[serde(rename = "type", borrow)]
            tag: Option<std::borrow::Cow<'a, str>>,
        }
        let tag: Tag<'_> = serde_json::from_str(raw.get())?;
        if tag.tag.is_some_and(|t| CORE_TAGS.contains(&t.as_ref())) {
            serde_json::from_str(raw.get()).map(Event::Core)
        } else {
            serde_json::from_str(raw.get()).map(Event::Game)
        }
    }

    /// Reads an event, choosing core or game by its `type` tag (rather than trying one
    /// and then the other, which costs a copy of every event on replay).
    pub(crate) fn from_value(value: serde_json::Value) -> Result<Event<E>, serde_json::Error> {
        let core = value
            .get("type")
            .and_then(serde_json::Value::as_str)
            .is_some_and(|t| CORE_TAGS.contains(&t));
        if core {
            serde_json::from_value(value).map(Event::Core)
        } else {
            serde_json::from_value(value).map(Event::Game)
        }
    }
}

/// An event inside another (a correction's replacement) reads as the log's do.
impl<'de, E: serde::de::DeserializeOwned> Deserialize<'de> for Event<E> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Event::from_value(value).map_err(serde::de::Error::custom)
    }
}

/// One line of the log after the header.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct LogLine<E> {
    pub(crate) seq: u64,
    /// When it was recorded (RFC 3339, UTC).
    pub(crate) at: String,
    /// The front end that typed it, when not the prompt (`phone`); logs of earlier
    /// versions hold none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) by: Option<String>,
    pub(crate) event: Event<E>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every core event, one of each: written by serde with the tag
    /// [`CoreEvent::tag`] gives it, read back as the core's, and every tag of
    /// [`CORE_TAGS`] is one of theirs (a tenth event fails here until it is listed).
    #[test]
    fn every_core_event_is_written_with_its_listed_tag_and_read_back_as_the_core_s() {
        let ruling = Ruling {
            asked: "check".into(),
            player: None,
            round: 1,
            rules: String::new(),
            words: Vec::new(),
            faults: Vec::new(),
            remarks: Vec::new(),
        };
        let all: Vec<CoreEvent<u8>> = vec![
            CoreEvent::Undone { seq: 1 },
            CoreEvent::Noted { text: "x".into() },
            CoreEvent::Ruled { ruling },
            CoreEvent::PlayerJoined {
                name: "x".into(),
                score: Some(40),
            },
            CoreEvent::PlayerRenamed {
                from: "x".into(),
                to: "y".into(),
            },
            CoreEvent::Corrected { round: 1, entry: 0 },
            CoreEvent::Redone { seq: 1 },
            CoreEvent::Replaced {
                seq: 1,
                line: "x".into(),
                with: vec![Event::Game(3)],
                period: None,
                also: Vec::new(),
            },
            CoreEvent::HouseRuled {
                word: "QI".into(),
                allowed: true,
                why: String::new(),
            },
        ];
        let mut tags: Vec<&str> = all.iter().map(CoreEvent::tag).collect();
        for e in all {
            let v = serde_json::to_value(Event::Core(e.clone())).expect("serializes");
            assert_eq!(v["type"], e.tag(), "{v}");
            let back: Event<u8> = Event::from_value(v).expect("reads back");
            assert_eq!(back, Event::Core(e));
        }
        tags.sort_unstable();
        let mut listed = CORE_TAGS.to_vec();
        listed.sort_unstable();
        assert_eq!(tags, listed, "one of each event, each tag once");
    }

    #[test]
    fn a_first_format_grid_ruling_reads_its_shape_as_a_remark_or_a_fault() {
        let v = serde_json::json!({
            "asked": "grid bob", "player": "bob", "round": 2, "rules": "take-two",
            "words": [], "connected": false, "faults": ["not joined to the rest: r5c1"]
        });
        let r: Ruling = serde_json::from_value(v).expect("reads");
        assert_eq!(
            r.faults,
            vec![NOT_ONE_PIECE, "not joined to the rest: r5c1"]
        );
        assert!(!r.acceptable());
        let v = serde_json::json!({
            "asked": "grid bob", "round": 1, "rules": "take-two", "words": [], "connected": true
        });
        let r: Ruling = serde_json::from_value(v).expect("reads");
        assert_eq!(r.remarks, vec![ONE_PIECE]);
        assert!(r.acceptable());
    }

    #[test]
    fn a_game_event_reads_as_the_game_s() {
        #[derive(Debug, PartialEq, Serialize, serde::Deserialize)]
        #[serde(tag = "type")]
        enum G {
            #[serde(rename = "out")]
            Out { player: String },
        }
        let v = serde_json::json!({"type": "out", "player": "ann"});
        let e: Event<G> = Event::from_value(v).expect("reads");
        assert_eq!(
            e,
            Event::Game(G::Out {
                player: "ann".into()
            })
        );
    }
}
