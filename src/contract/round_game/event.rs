//! [`RoundEvent`]: what a game of rounds logs, its own entries and the life-cycle's
//! steps, in the shapes the logs of every earlier version hold.
//!
//! The life-cycle's events are the layer's, so a game declares none of them: a round
//! closed (`{"type":"round-ended","round":3}`, or `hand-ended` and `hand` where the
//! game plays hands), the match finished by the table (`match-finished`, with `after`,
//! or `hands` for a game of hands), its length or target changed (`rounds-set`,
//! `target-set`). A game's own entry is written as the game's type writes it.
//!
//! Reading is one pass over the object: its `type` is read first (where a log written
//! by umpire always has it) and the rest goes straight to the game's type with the tag
//! handed back in front, so an entry costs what it cost before the layer. An object
//! whose `type` is not first (an edited log) is gathered whole and read again.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use super::RoundGame;

/// One thing a game of rounds records: an entry of the open round, or a step of the
/// match's life-cycle, which the layer applies, describes and undoes alike for every
/// game of rounds.
pub enum RoundEvent<G: RoundGame> {
    /// The game's own entry (a player's leftover tiles, a hand's held cards).
    Entry(G::Entry),
    /// `end`: the open round closed.
    Closed {
        /// Which round it was, from 1.
        number: u32,
        /// The table closed it though its points do not come to the game's round total
        /// (`end anyway`: a Hearts hand where the moon was shot comes to 78, not 26).
        /// Written `"off_total":true` only when so, so every earlier log reads as before.
        off_total: bool,
    },
    /// `finish`: the table ended the match.
    Finished {
        /// The rounds played.
        after: u32,
    },
    /// `rounds N`: the match's length changed.
    RoundsSet {
        /// How many rounds it is from here.
        rounds: u32,
    },
    /// `target N`: the total that ends the match changed.
    TargetSet {
        /// A round that closes with someone at or past it ends the match.
        target: i64,
    },
}

impl<G: RoundGame> RoundEvent<G> {
    /// The game's own entry, if this is one.
    pub(crate) fn entry(&self) -> Option<&G::Entry> {
        match self {
            RoundEvent::Entry(e) => Some(e),
            _ => None,
        }
    }
}

impl<G: RoundGame> Clone for RoundEvent<G> {
    fn clone(&self) -> Self {
        match self {
            RoundEvent::Entry(e) => RoundEvent::Entry(e.clone()),
            RoundEvent::Closed { number, off_total } => RoundEvent::Closed {
                number: *number,
                off_total: *off_total,
            },
            RoundEvent::Finished { after } => RoundEvent::Finished { after: *after },
            RoundEvent::RoundsSet { rounds } => RoundEvent::RoundsSet { rounds: *rounds },
            RoundEvent::TargetSet { target } => RoundEvent::TargetSet { target: *target },
        }
    }
}

impl<G: RoundGame> PartialEq for RoundEvent<G> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (RoundEvent::Entry(a), RoundEvent::Entry(b)) => a == b,
            (
                RoundEvent::Closed {
                    number: a,
                    off_total: x,
                },
                RoundEvent::Closed {
                    number: b,
                    off_total: y,
                },
            ) => a == b && x == y,
            (RoundEvent::Finished { after: a }, RoundEvent::Finished { after: b })
            | (RoundEvent::RoundsSet { rounds: a }, RoundEvent::RoundsSet { rounds: b }) => a == b,
            (RoundEvent::TargetSet { target: a }, RoundEvent::TargetSet { target: b }) => a == b,
            _ => false,
        }
    }
}

impl<G: RoundGame> fmt::Debug for RoundEvent<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundEvent::Entry(e) => e.fmt(f),
            RoundEvent::Closed {
                number,
                off_total: false,
            } => write!(f, "Closed({number})"),
            RoundEvent::Closed { number, .. } => write!(f, "Closed({number}, off its total)"),
            RoundEvent::Finished { after } => write!(f, "Finished(after {after})"),
            RoundEvent::RoundsSet { rounds } => write!(f, "RoundsSet({rounds})"),
            RoundEvent::TargetSet { target } => write!(f, "TargetSet({target})"),
        }
    }
}

/// The tag of the table's `finish`.
const FINISHED: &str = "match-finished";
const ROUNDS_SET: &str = "rounds-set";
const TARGET_SET: &str = "target-set";
/// The field of a closing the table made though its points miss the round total.
const OFF_TOTAL: &str = "off_total";

/// A life-cycle step by its tag, and the one field it holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Life {
    Closed,
    Finished,
    RoundsSet,
    TargetSet,
}

impl Life {
    fn of<G: RoundGame>(tag: &str) -> Option<Life> {
        match tag {
            t if t == G::CALLED.ended => Some(Life::Closed),
            FINISHED => Some(Life::Finished),
            ROUNDS_SET => Some(Life::RoundsSet),
            TARGET_SET => Some(Life::TargetSet),
            _ => None,
        }
    }

    fn key<G: RoundGame>(self) -> &'static str {
        match self {
            Life::Closed => G::CALLED.period,
            Life::Finished => G::CALLED.finished_key,
            Life::RoundsSet => "rounds",
            Life::TargetSet => "target",
        }
    }

    fn event<G: RoundGame, E: de::Error>(
        self,
        value: Option<i64>,
        off_total: bool,
    ) -> Result<RoundEvent<G>, E> {
        let key = self.key::<G>();
        let value = value.ok_or_else(|| E::missing_field(key))?;
        let small = || {
            u32::try_from(value)
                .map_err(|_| E::custom(format!("{key} {value} is not a count of rounds")))
        };
        Ok(match self {
            Life::Closed => RoundEvent::Closed {
                number: small()?,
                off_total,
            },
            Life::Finished => RoundEvent::Finished { after: small()? },
            Life::RoundsSet => RoundEvent::RoundsSet { rounds: small()? },
            Life::TargetSet => RoundEvent::TargetSet { target: value },
        })
    }
}

impl<G: RoundGame> Serialize for RoundEvent<G> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (tag, step, value) = match self {
            RoundEvent::Entry(e) => return e.serialize(s),
            RoundEvent::Closed {
                number,
                off_total: true,
            } => {
                let mut st = s.serialize_struct("RoundEvent", 3)?;
                st.serialize_field("type", G::CALLED.ended)?;
                st.serialize_field(Life::Closed.key::<G>(), number)?;
                st.serialize_field(OFF_TOTAL, &true)?;
                return st.end();
            }
            RoundEvent::Closed { number, .. } => {
                (G::CALLED.ended, Life::Closed, i64::from(*number))
            }
            RoundEvent::Finished { after } => (FINISHED, Life::Finished, i64::from(*after)),
            RoundEvent::RoundsSet { rounds } => (ROUNDS_SET, Life::RoundsSet, i64::from(*rounds)),
            RoundEvent::TargetSet { target } => (TARGET_SET, Life::TargetSet, *target),
        };
        let mut st = s.serialize_struct("RoundEvent", 2)?;
        st.serialize_field("type", tag)?;
        st.serialize_field(step.key::<G>(), &value)?;
        st.end()
    }
}

impl<'de, G: RoundGame> Deserialize<'de> for RoundEvent<G> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(EventVisitor(PhantomData))
    }
}

struct EventVisitor<G>(PhantomData<fn() -> G>);

impl<'de, G: RoundGame> Visitor<'de> for EventVisitor<G> {
    type Value = RoundEvent<G>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an event: an object with a \"type\"")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RoundEvent<G>, A::Error> {
        match map.next_key_seed(KeyIs("type"))? {
            None => return Err(de::Error::missing_field("type")),
            Some(Key::Other(first)) => return gathered(first, map),
            Some(Key::Is) => {}
        }
        let tag: String = map.next_value()?;
        match Life::of::<G>(&tag) {
            Some(step) => {
                let key = step.key::<G>();
                let (mut value, mut off_total) = (None, false);
                while let Some(k) = map.next_key_seed(KeyIs(key))? {
                    match k {
                        Key::Is => value = Some(map.next_value::<i64>()?),
                        Key::Other(k) if k == OFF_TOTAL && step == Life::Closed => {
                            off_total = map.next_value::<bool>()?;
                        }
                        Key::Other(_) => {
                            map.next_value::<de::IgnoredAny>()?;
                        }
                    }
                }
                step.event(value, off_total)
            }
            None => G::Entry::deserialize(TagFirst {
                tag: Some(tag),
                pending: None,
                rest: map,
            })
            .map(RoundEvent::Entry),
        }
    }
}

/// A key read as the one looked for, or as another (kept only when it is the first
/// field, which an edited log may have moved).
enum Key {
    Is,
    Other(String),
}

/// Reads a key, comparing it with the one looked for without copying it.
struct KeyIs(&'static str);

impl<'de> DeserializeSeed<'de> for KeyIs {
    type Value = Key;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyIs {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
        Ok(if key == self.0 {
            Key::Is
        } else {
            Key::Other(key.to_string())
        })
    }
}

/// An object whose `type` is not its first field, gathered whole and read again.
fn gathered<'de, G: RoundGame, A: MapAccess<'de>>(
    first: String,
    mut map: A,
) -> Result<RoundEvent<G>, A::Error> {
    let mut object = serde_json::Map::new();
    object.insert(first, map.next_value()?);
    while let Some((k, v)) = map.next_entry::<String, serde_json::Value>()? {
        object.insert(k, v);
    }
    let tag = object
        .get("type")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| de::Error::missing_field("type"))?;
    match Life::of::<G>(tag) {
        Some(step) => step.event(
            object
                .get(step.key::<G>())
                .and_then(serde_json::Value::as_i64),
            step == Life::Closed
                && object
                    .get(OFF_TOTAL)
                    .and_then(serde_json::Value::as_bool)
                    .unwrap_or(false),
        ),
        None => serde_json::from_value(serde_json::Value::Object(object))
            .map(RoundEvent::Entry)
            .map_err(de::Error::custom),
    }
}

/// The rest of an object after its `type`, with the tag handed back in front: what the
/// game's own (tagged) type reads.
struct TagFirst<A> {
    tag: Option<String>,
    /// The tag's value, once its key has been handed over.
    pending: Option<String>,
    rest: A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for TagFirst<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        match self.tag.take() {
            Some(tag) => {
                self.pending = Some(tag);
                seed.deserialize(de::value::BorrowedStrDeserializer::new("type"))
                    .map(Some)
            }
            None => self.rest.next_key_seed(seed),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        match self.pending.take() {
            Some(tag) => seed.deserialize(tag.into_deserializer()),
            None => self.rest.next_value_seed(seed),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.rest
            .size_hint()
            .map(|n| n + usize::from(self.tag.is_some()))
    }
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for TagFirst<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_map(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::RoundEvent;
    use crate::contract::{
        Called, Ctx, Demo, Engine, Files, FlagValues, Match, Move, Plays, Prompt, Refusal, Roster,
        Round, RoundGame, Scene, Setup, Verb,
    };

    /// A game of hands whose one entry is a player's points.
    struct Hands;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "kebab-case")]
    enum Scored {
        Scored { player: String, points: i64 },
    }

    #[derive(Debug, Clone, PartialEq)]
    struct Hand(Vec<Option<i64>>);

    impl Round for Hand {
        type Scoring = ();
        fn new(seats: usize) -> Hand {
            Hand(vec![None; seats])
        }
        fn is_empty(&self) -> bool {
            self.0.iter().all(Option::is_none)
        }
        fn points(&self, seat: usize, _: &()) -> Option<i64> {
            self.0.get(seat).copied().flatten()
        }
        fn entered(&self, seat: usize) -> bool {
            self.points(seat, &()).is_some()
        }
    }

    impl Setup for Hands {
        const NAME: &'static str = "hands";
        const TITLE: &'static str = "Hands";
        const SUMMARY: &'static str = "a test game of hands";
        type Options = ();
        fn setup(_: &FlagValues, _: &Files, _: &[String]) -> Result<(), Refusal> {
            Ok(())
        }
        fn describe_options(_: &()) -> String {
            String::new()
        }
        fn demo() -> Demo {
            Demo {
                new: &[],
                script: &[],
            }
        }
    }

    impl crate::contract::Extras<Scored> for Hands {}

    impl RoundGame for Hands {
        const CALLED: Called = Called::HAND;
        type Round = Hand;
        type Entry = Scored;
        /// `deal` listed as the life-cycle's by mistake, beside `end`.
        const MOVES: &'static [Move<Plays<Self>>] = &[
            Move::life(Verb {
                name: "deal",
                ..Called::HAND.end
            }),
            Move::life(Called::HAND.end),
        ];
        fn lowest_wins(_: &()) -> bool {
            false
        }
        fn enter(_: &mut Match<Hand>, _: &Scored, _: &(), _: &Roster) -> Result<(), Refusal> {
            Ok(())
        }
        fn describe(_: &Scored, _: &Scene<'_, Self>) -> String {
            String::new()
        }
    }

    fn read(json: &str) -> RoundEvent<Hands> {
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
    }

    /// The life-cycle's events are written in the shapes the logs of every earlier
    /// version hold, named for the game's periods, and read back; a game's entry is the
    /// game's own.
    #[test]
    fn each_event_is_written_as_the_logs_hold_it_and_read_back() {
        for (event, json) in [
            (
                RoundEvent::Closed {
                    number: 3,
                    off_total: false,
                },
                r#"{"type":"hand-ended","hand":3}"#,
            ),
            (
                RoundEvent::Closed {
                    number: 4,
                    off_total: true,
                },
                r#"{"type":"hand-ended","hand":4,"off_total":true}"#,
            ),
            (
                RoundEvent::Finished { after: 2 },
                r#"{"type":"match-finished","hands":2}"#,
            ),
            (
                RoundEvent::RoundsSet { rounds: 8 },
                r#"{"type":"rounds-set","rounds":8}"#,
            ),
            (
                RoundEvent::TargetSet { target: 300 },
                r#"{"type":"target-set","target":300}"#,
            ),
            (
                RoundEvent::Entry(Scored::Scored {
                    player: "ann".into(),
                    points: -4,
                }),
                r#"{"type":"scored","player":"ann","points":-4}"#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&event).expect("json"), json);
            assert_eq!(read(json), event, "{json}");
            let value: serde_json::Value = serde_json::from_str(json).expect("json");
            let from_value: RoundEvent<Hands> = serde_json::from_value(value).expect("value");
            assert_eq!(from_value, event, "{json} as a value");
        }
    }

    /// The layer carries out a verb by its row of the game's table: a verb the table
    /// does not list is unknown, a verb listed as the life-cycle's that the layer does
    /// not carry out is said to be a slip in the table, and `end` is the layer's.
    #[test]
    fn a_verb_is_carried_out_by_its_row_of_the_table() {
        let roster = Roster::new(vec!["ann".into(), "ben".into()]);
        let state = Hands::start(&(), 2);
        let lexicon = crate::lexicon::Lexicon::embedded().expect("dictionary");
        let rules = crate::lexicon::Rules::new(crate::lexicon::RuleSet {
            name: "standard",
            summary: "standard words",
            policy: crate::lexicon::Policy::STANDARD,
        });
        let ctx = Ctx {
            state: &state,
            options: &(),
            roster: &roster,
            lexicon: &lexicon,
            rules: &rules,
            script: true,
        };
        let said = |verb: &str| match Hands::command(&ctx, verb, "", None) {
            Ok(action) => format!("{:?}", action.record),
            Err(refusal) => refusal.message,
        };
        assert_eq!(said("zap"), "unknown verb \"zap\"");
        assert!(
            said("deal").starts_with("deal is listed as a verb the round layer carries out"),
            "{}",
            said("deal")
        );
        assert!(
            said("end").contains("ben"),
            "end is the layer's: {}",
            said("end")
        );
        let names: Vec<&str> = Hands::verbs().iter().map(|v| v.name).collect();
        assert_eq!(names, ["deal", "end"]);
    }

    /// An edited log may put `type` anywhere: the object is read whole; one with no
    /// type, an unknown type or a count that is no count is refused, naming why.
    #[test]
    fn an_event_whose_type_is_not_first_is_read_and_a_broken_one_refused() {
        assert_eq!(
            read(r#"{"hand":4,"type":"hand-ended"}"#),
            RoundEvent::Closed {
                number: 4,
                off_total: false
            }
        );
        assert_eq!(
            read(r#"{"off_total":true,"hand":4,"type":"hand-ended"}"#),
            RoundEvent::Closed {
                number: 4,
                off_total: true
            }
        );
        assert_eq!(
            read(r#"{"points":7,"player":"ben","type":"scored"}"#),
            RoundEvent::Entry(Scored::Scored {
                player: "ben".into(),
                points: 7
            })
        );
        for (json, why) in [
            (r#"{"hand":4}"#, "missing field `type`"),
            (r#"{}"#, "missing field `type`"),
            (r#"{"type":"hand-ended"}"#, "missing field `hand`"),
            (
                r#"{"type":"hand-ended","hand":2,"off_total":"yes"}"#,
                "expected a boolean",
            ),
            (r#"{"type":"round-ended","round":1}"#, "unknown variant"),
            (
                r#"{"type":"hand-ended","hand":-1}"#,
                "is not a count of rounds",
            ),
            (
                r#"{"type":"scored","player":"ann"}"#,
                "missing field `points`",
            ),
        ] {
            let e = serde_json::from_str::<RoundEvent<Hands>>(json).expect_err(json);
            assert!(e.to_string().contains(why), "{json}: {e}");
        }
    }
}
