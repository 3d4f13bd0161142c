//! Rivers for the names-places rule set: WordNet names the great rivers (NILE, THAMES,
//! TYNE) but not SHANNON or MERSEY, and GeoNames' city lists hold no rivers. Natural Earth
//! (public domain) names the rivers of its 1:10m maps; `rivers.tsv` takes them from the
//! GeoJSON of its river layers ([`LAYERS`]), converted by the repository
//! `martynafford/natural-earth-geojson` (`10m/physical/*.7z`, CC0; Natural Earth 4.1).
//!
//! A river is taken when its feature class is a river (not a lake's centre line), its
//! name is one word of three letters or more that folds to tile letters, SCOWL spells its key as a capitalised
//! name (`upper` or `proper-names`) and WordNet does not already file the key as a
//! location. A river whose name is an everyday English word is one a table knows only
//! when it is a great river, drawn on Natural Earth's smaller-scale maps too (scale rank
//! [`WORD_RIVER_RANK`] or less: the Slave, the Negro), or a river of the British Isles
//! (every point of it within [`ISLES`]: the Tweed, the Wye); the supplements' Garden,
//! Tree, Leaf and Island rivers of North America are not. Natural Earth's 1:10m layers
//! leave out small rivers: the LIFFEY, for one, is in none of them.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::path::Path;

use umpire_lexicon::fold::fold;

use super::places::MIN_LETTERS;

/// Natural Earth's 1:10m river layers: the world's rivers and lake centre lines, and the
/// supplements for Europe and North America.
pub const LAYERS: [&str; 3] = [
    "ne_10m_rivers_lake_centerlines",
    "ne_10m_rivers_europe",
    "ne_10m_rivers_north_america",
];

/// Natural Earth's `scalerank` at or below which a river is drawn on its smaller-scale
/// maps: a great river, known whatever its name.
pub const WORD_RIVER_RANK: f64 = 4.0;
/// The British Isles as a box of longitudes and latitudes (west, south, east, north).
pub const ISLES: [f64; 4] = [-11.0, 49.5, 2.0, 61.0];

/// Key -> (the name as Natural Earth writes it, first in sort order; the layers naming it).
pub type Rivers = BTreeMap<String, (String, BTreeSet<String>)>;

/// Every point of a GeoJSON geometry (a line or lines) as (longitude, latitude).
fn points(geometry: &serde_json::Value) -> Vec<(f64, f64)> {
    fn walk(v: &serde_json::Value, out: &mut Vec<(f64, f64)>) {
        let Some(items) = v.as_array() else { return };
        if let (Some(x), Some(y)) = (
            items.first().and_then(serde_json::Value::as_f64),
            items.get(1).and_then(serde_json::Value::as_f64),
        ) {
            out.push((x, y));
        } else {
            for item in items {
                walk(item, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&geometry["coordinates"], &mut out);
    out
}

/// Whether a river a table knows by an everyday word's name: a great river (a scale
/// rank of [`WORD_RIVER_RANK`] or less) or one of the British Isles.
fn known_by_a_word(props: &serde_json::Value, geometry: &serde_json::Value) -> bool {
    let great = props["scalerank"]
        .as_f64()
        .is_some_and(|r| r <= WORD_RIVER_RANK);
    let pts = points(geometry);
    let [west, south, east, north] = ISLES;
    let isles = !pts.is_empty()
        && pts
            .iter()
            .all(|(x, y)| (west..=east).contains(x) && (south..=north).contains(y));
    great || isles
}

/// Reads the layers at `paths`; `named`, `located` and `ordinary` as for the towns (see
/// `places.rs`).
pub fn rivers(
    paths: &[impl AsRef<Path>],
    named: &HashSet<String>,
    located: &HashSet<String>,
    ordinary: &HashSet<String>,
) -> Result<Rivers, String> {
    let mut out: Rivers = BTreeMap::new();
    for path in paths {
        let path = path.as_ref();
        let layer = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        let text = fs::read_to_string(path).map_err(|e| {
            format!(
                "cannot read the river layer {}: {e} (see dictionaries/README.md)",
                path.display()
            )
        })?;
        let json: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let features = json["features"]
            .as_array()
            .ok_or_else(|| format!("{}: no features", path.display()))?;
        for feature in features {
            let props = &feature["properties"];
            let class = props["featurecla"].as_str().unwrap_or("");
            let Some(name) = props["name"].as_str().map(str::trim) else {
                continue;
            };
            if !class.starts_with("River") && !class.starts_with("Intermittent River") {
                continue;
            }
            if name.is_empty() || name.contains(|c: char| !c.is_alphabetic()) {
                continue;
            }
            let Ok(key) = fold(name) else { continue };
            if key.len() < MIN_LETTERS || !named.contains(&key) || located.contains(&key) {
                continue;
            }
            if ordinary.contains(&key) && !known_by_a_word(props, &feature["geometry"]) {
                continue;
            }
            let entry = out
                .entry(key)
                .or_insert_with(|| (name.to_string(), BTreeSet::new()));
            if name < entry.0.as_str() {
                entry.0 = name.to_string();
            }
            entry.1.insert(layer.clone());
        }
    }
    Ok(out)
}

/// `rivers.tsv`: a header naming the source, then `key <TAB> name <TAB> layers`, sorted.
pub fn write_tsv(rivers: &Rivers) -> String {
    let mut out = String::from(
        "# Rivers for names-places that WordNet lacks, made by dictgen from Natural Earth's\n\
         # 1:10m river layers (public domain; GeoJSON of martynafford/natural-earth-geojson,\n\
         # CC0: see dictionaries/README.md). A river named by an everyday word is a great\n\
         # river (scale rank 4 or less) or one of the British Isles.\n\
         # key\tname\tlayers\n",
    );
    for (key, (name, layers)) in rivers {
        let layers: Vec<&str> = layers.iter().map(String::as_str).collect();
        out.push_str(&format!("{key}\t{name}\t{}\n", layers.join(",")));
    }
    out
}
