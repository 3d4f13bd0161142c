//! A person's names, from the lemmas and the gloss of their WordNet synset: whether a
//! person WordNet files as a kind is one individual (Pilate: a gloss that dates a
//! life), and the surnames a writer or a historical person is known by (Mark Twain:
//! TWAIN), never a given name, an epithet or a monarch's numeral.
//!
//! Apart from the reading of WordNet (`wordnet.rs`): these are rules about names, not
//! about WordNet's files, each a choice `dictionaries/README.md` explains (the `person`
//! and `surname` tags), and they are read and changed on their own.

/// Name parts that follow a surname rather than being one ("Martin Luther King Jr.").
const NAME_SUFFIXES: [&str; 4] = ["Jr.", "Jr", "Sr.", "Sr"];

/// Whether a person WordNet files as a kind (a synset with no instances and no
/// hyponyms, below person) is one individual: a given name and surname among its lemmas
/// is not enough (Uncle Tom, Highland Scot), but a gloss that dates a life, "(died in
/// AD 36)", "(1742-1819)", "(born 1928)", and does not open by defining a class ("a
/// member of", "a native or inhabitant of") is: Pilate, Blucher, Popper, Potemkin.
pub(crate) fn individual(words: &[String], gloss: &str) -> bool {
    let capitalised = words
        .iter()
        .any(|w| w.chars().next().is_some_and(char::is_uppercase));
    let opens_a_class = ["a ", "an ", "any ", "one "]
        .iter()
        .any(|a| gloss.starts_with(a));
    capitalised && !opens_a_class && dates_a_life(gloss)
}

/// A parenthesis of `gloss` that dates a life: a year, or "born", "died", BC or AD
/// with a number.
fn dates_a_life(gloss: &str) -> bool {
    gloss.split('(').skip(1).any(|rest| {
        let inside = rest.split(')').next().unwrap_or("");
        let year = inside
            .split(|c: char| !c.is_ascii_digit())
            .any(|d| (3..=4).contains(&d.len()));
        let digit = inside.chars().any(|c| c.is_ascii_digit());
        let word = ["born", "died", " BC", " AD"]
            .iter()
            .any(|w| inside.contains(w));
        year || (digit && word)
    })
}

/// Nationalities whose names put the family name first, as a WordNet gloss opens ("Chinese
/// poet (701-762)"): for them the surname is the first word of a name (Li Po: LI), never
/// the given name after it.
const FAMILY_NAME_FIRST: [&str; 4] = ["Chinese", "Japanese", "Korean", "Vietnamese"];
/// Lowercase words after which a name's last part is a title or an epithet, or another
/// name joined to the first, not a surname (Lawrence of Arabia, Pliny the Elder, Damon and
/// Pythias; the French "et" and Spanish "y" of Baron de la Brede et de Montesquieu).
const EPITHET_WORDS: [&str; 5] = ["of", "the", "and", "et", "y"];

/// A roman numeral, as ends a monarch's or a pope's name (Leo III, Pius XII): such a name
/// has no surname.
fn regnal(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| matches!(c, 'I' | 'V' | 'X' | 'L' | 'C'))
}

/// The surnames a person is known by, from the lemmas of their WordNet synset and its
/// gloss: the names a writer or a historical person goes by that WordNet does not list
/// as one word (Mark Twain: TWAIN; Alessandro Farnese: FARNESE), never a given name or a
/// syllable of a name read in the wrong order:
///
/// - a person WordNet lists by one name that no longer name ends with goes by that name
///   alone (Homer; Virgil, not MARO of Publius Vergilius Maro; Dante, not ALIGHIERI):
///   nothing is added;
/// - a name that holds one of the synset's one-word names before its end is that name
///   with a title (Petronius Arbiter, Sixth Baron Byron of Rochdale): nothing from it;
/// - a name whose last part follows "of" or "the" ends in a title or an epithet
///   (Lawrence of Arabia, Pliny the Elder), and one that ends in a regnal numeral is a
///   monarch's (Emperor Francis II): nothing from it;
/// - a name must open with what can be a given name and end with what can be a surname
///   (`opens_name`: a spelling SCOWL capitalises, an initial or a title with a stop, any
///   word that is none of SCOWL's lowercase words): Sitting Bull, Crazy Horse and Red
///   Cloud are no given name and surname;
/// - where the gloss gives a nationality that puts the family name first
///   ([`FAMILY_NAME_FIRST`]), the surname is a name's first word (Li Po: LI, not PO).
pub(crate) fn known_surnames(
    words: &[String],
    gloss: &str,
    opens_name: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let single: Vec<&str> = words
        .iter()
        .filter(|w| !w.contains(' '))
        .map(String::as_str)
        .collect();
    let long: Vec<Vec<&str>> = words
        .iter()
        .filter(|w| w.contains(' '))
        .map(|w| w.split(' ').filter(|p| !p.is_empty()).collect())
        .collect();
    let family_first = gloss
        .split([' ', ','])
        .next()
        .is_some_and(|first| FAMILY_NAME_FIRST.contains(&first));
    let mut out = Vec::new();
    if family_first {
        for name in &long {
            if let Some(first) = name.first()
                && first.chars().next().is_some_and(char::is_uppercase)
                && !first.ends_with('.')
                && !single.contains(first)
            {
                out.push(first.to_string());
            }
        }
        out.sort();
        out.dedup();
        return out;
    }
    let ends_a_name = |one: &str| long.iter().any(|n| n.last() == Some(&one));
    if single.iter().any(|one| !ends_a_name(one)) {
        return out;
    }
    for name in &long {
        let Some(opening) = name.first() else {
            continue;
        };
        let opens_as_name = opens_name(opening);
        let titled = name
            .iter()
            .take(name.len().saturating_sub(1))
            .any(|w| single.contains(w));
        if !opens_as_name || titled {
            continue;
        }
        // A surname that is an everyday word SCOWL never capitalises is an epithet
        // (the Great Commoner: COMMONER; Red Cloud: CLOUD).
        if let Some(surname) = surname(name).filter(|s| opens_name(s)) {
            out.push(surname);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The surname in a multi-word personal name, with any lowercase particles before it:
/// "Mark Twain" -> "Twain", "Walter de la Mare" -> "de la Mare", "Martin Luther King
/// Jr." -> "King". `None` for a one-word name, a name ending in an epithet or a title
/// ("Lawrence of Arabia", "Pliny the Elder") or a regnal numeral ("Leo III").
fn surname(name: &[&str]) -> Option<String> {
    let mut words: Vec<&str> = name.to_vec();
    // A monarch's name holds a regnal number, at its end (Leo III) or before a second
    // given name (Carl X Gustav): it has no surname.
    if words.iter().skip(1).any(|w| regnal(w)) {
        return None;
    }
    while words.len() > 1 && words.last().is_some_and(|w| NAME_SUFFIXES.contains(w)) {
        words.pop();
    }
    if words.len() < 2 {
        return None;
    }
    let last = words.len() - 1;
    if !words[last].chars().next().is_some_and(char::is_uppercase) || words[last].ends_with('.') {
        return None;
    }
    let mut first = last;
    while first > 1
        && words[first - 1]
            .chars()
            .next()
            .is_some_and(char::is_lowercase)
    {
        first -= 1;
    }
    if words[first..last].iter().any(|w| EPITHET_WORDS.contains(w)) {
        return None;
    }
    Some(words[first..].join(" "))
}
