//! [`Files`]: what a game's `new` flags named, read by the core so games do no I/O.

use std::path::{Path, PathBuf};

use super::Refusal;

/// The files a game's flags named, read (bounded) before `setup` runs.
#[derive(Debug, Clone, Default)]
pub struct Files {
    files: Vec<(PathBuf, String)>,
}

impl Files {
    pub(crate) fn new(files: Vec<(PathBuf, String)>) -> Files {
        Files { files }
    }

    /// The text of the file at `path`, as named by a flag.
    pub(crate) fn get(&self, path: &Path) -> Result<&str, Refusal> {
        self.files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, text)| text.as_str())
            .ok_or_else(|| Refusal::new(format!("{} was not read", path.display())))
    }
}

/// Reads JSON a person wrote (a tile set, a box of letters) as strictly as the file
/// deserves: serde keeps the last of two values under one key, so `{"A":1,"A":50}`
/// would silently mean fifty; here a key given twice in any object is refused, named.
pub(crate) fn strict_json(text: &str) -> Result<serde_json::Value, serde_json::Error> {
    use serde::Deserialize;
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Strict::deserialize(&mut de)?;
    de.end()?;
    Ok(value.0)
}

/// A JSON value whose objects were checked for keys given twice.
struct Strict(serde_json::Value);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JSON")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(v.into()))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
        Ok(Strict(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
        Ok(Strict(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
        Ok(Strict(v.into()))
    }

    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(v.into()))
    }

    fn visit_string<E>(self, v: String) -> Result<Strict, E> {
        Ok(Strict(v.into()))
    }

    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(serde_json::Value::Null))
    }

    fn visit_none<E>(self) -> Result<Strict, E> {
        Ok(Strict(serde_json::Value::Null))
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Strict, D::Error> {
        <Strict as serde::Deserialize>::deserialize(d)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(v)) = seq.next_element::<Strict>()? {
            items.push(v);
        }
        Ok(Strict(serde_json::Value::Array(items)))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Strict(value) = map.next_value::<Strict>()?;
            if object.contains_key(&key) {
                return Err(serde::de::Error::custom(format!(
                    "the key {key:?} is given twice: say each once"
                )));
            }
            object.insert(key, value);
        }
        Ok(Strict(serde_json::Value::Object(object)))
    }
}

#[cfg(test)]
mod tests {
    use super::strict_json;

    #[test]
    fn a_key_given_twice_in_a_person_s_json_is_refused_and_named() {
        let e = strict_json(r#"{"tiles": {"A": {"count": 1}, "A": {"count": 50}}}"#)
            .expect_err("refused")
            .to_string();
        assert!(e.contains("the key \"A\" is given twice"), "{e}");
        let v = strict_json(r#"{"a": [1, {"b": null}], "c": "d"}"#).expect("reads");
        assert_eq!(v["a"][1]["b"], serde_json::Value::Null);
        assert!(strict_json("{} x").is_err(), "trailing text");
    }
}
