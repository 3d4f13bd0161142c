//! Reading WordNet's synsets into each spelling's classes: a part of speech, or for an
//! instance a location, a person (a real one: no god, saint or character of fiction),
//! an author, or another name; a lemma in capitals marked a code (IN, USA, JFK); and
//! the surname a writer or a historical person is known by added as a spelling of its
//! own.
//!
//! Apart from SCOWL's reading (`scowl.rs`): the classes are what the names rule sets
//! play, worked out from WordNet's graph of hypernyms and instances from the roots
//! below; which lemmas name one person, and by what surname, is `persons.rs`'s.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::path::Path;

use crate::persons::{individual, known_surnames};
use crate::read;

/// The synsets whose instances, and their hyponyms' instances, are the authors of the
/// names-authors rule set: anyone WordNet files as a writer of some kind. "Writer,
/// author" (poet, novelist, dramatist, essayist, journalist... hang below it) is not
/// enough on its own: WordNet files a diarist under a second "writer" (one who has
/// written something, so Pepys is an author), a satirist under humorist (Swift, Juvenal,
/// Rabelais) and a literary critic under professional (Hazlitt, Ruskin, Trilling).
const AUTHOR_ROOTS: [u32; 4] = [
    10_794_014, // writer, author: writes books or stories or articles professionally
    10_801_291, // writer: a person who is able to write and has written something
    10_552_742, // satirist, ironist, ridiculer
    9_979_589,  // critic: professionally engaged in the analysis of works of art
];
/// person, individual: a historical person's class reaches it through hypernyms.
const PERSON_SYNSET: u32 = 7_846;
/// A class that reaches one of these is not a real person, though WordNet files its
/// instances in noun.person: gods (Zeus, Thor), saints (WordNet files saint under deity,
/// which takes Santa Claus and also St Francis), characters of fiction and legend
/// (Hamlet, Merlin, Robin Hood).
const NOT_REAL: [u32; 5] = [
    9_504_135, // spiritual being, supernatural being
    9_505_418, // deity, divinity, god
    9_483_738, // imaginary being, imaginary creature
    9_484_664, // mythical being
    9_587_565, // fictional character, fictitious character
];
const LEXFILE_LOCATION: u32 = 15;
/// noun.object: natural objects, where WordNet files rivers, mountains, oceans and seas
/// (and also stars and planets, which are not places).
const LEXFILE_OBJECT: u32 = 17;
const LEXFILE_PERSON: u32 = 18;
/// A noun.object instance whose hypernyms reach one of these synsets is a place: a
/// geological formation (the Alps, the Grand Canyon), a body of water (the Nile, the
/// Atlantic), land (Africa, Wight, Cape York: two synsets) or a location (Everest, whose
/// "mountain peak" is a "peak", a topographic point). One that reaches none is a star, a
/// planet, a moon, a constellation or a galaxy, which are not places.
const PLACE_ROOTS: [u32; 5] = [
    9_287_968, // geological formation, formation
    9_225_146, // body of water, water
    9_334_396, // land, dry land, earth, ground, solid ground, terra firma
    9_335_240, // land, ground, soil (under wetland, swamp)
    27_167,    // location
];

/// What WordNet says about one spelling (case kept, underscores turned to spaces).
#[derive(Default)]
pub(crate) struct WordNetEntry {
    pub(crate) classes: BTreeSet<&'static str>,
    /// The spelling is the first lemma of one of its synsets that is no instance: a
    /// word WordNet defines in its own right (aa, the lava), not only another lemma's
    /// short form (maths, of mathematics).
    pub(crate) first: bool,
}

pub(crate) fn read_wordnet(
    dir: &Path,
    opens_name: &dyn Fn(&str) -> bool,
) -> Result<BTreeMap<String, WordNetEntry>, String> {
    struct Synset {
        gloss: String,
        lexfile: u32,
        words: Vec<String>,
        instance_of: Vec<u32>,
        hypernyms: Vec<u32>,
        hyponyms: Vec<u32>,
        /// Some instance names this synset as its class.
        has_instances: bool,
        pos: &'static str,
    }
    let mut nouns: HashMap<u32, Synset> = HashMap::new();
    let mut others = Vec::new();
    for (file, pos) in [
        ("data.noun", "noun"),
        ("data.verb", "verb"),
        ("data.adj", "adj"),
        ("data.adv", "adv"),
    ] {
        let text = read(&dir.join(file))?;
        for line in text.lines().filter(|l| !l.starts_with(' ')) {
            let (head, gloss) = line.split_once(" | ").unwrap_or((line, ""));
            let f: Vec<&str> = head.split(' ').collect();
            let parse = || -> Option<Synset> {
                let offset: u32 = f.first()?.parse().ok()?;
                let _ = offset;
                let lexfile: u32 = f.get(1)?.parse().ok()?;
                let wcnt = usize::from_str_radix(f.get(3)?, 16).ok()?;
                let mut words = Vec::with_capacity(wcnt);
                for i in 0..wcnt {
                    let w = f.get(4 + 2 * i)?;
                    let w = w.split('(').next().unwrap_or(w);
                    words.push(w.replace('_', " "));
                }
                let mut at = 4 + 2 * wcnt;
                let pcnt: usize = f.get(at)?.parse().ok()?;
                at += 1;
                let mut instance_of = Vec::new();
                let mut hypernyms = Vec::new();
                let mut hyponyms = Vec::new();
                let mut has_instances = false;
                for _ in 0..pcnt {
                    let symbol = *f.get(at)?;
                    let target: u32 = f.get(at + 1)?.parse().ok()?;
                    match symbol {
                        "@i" => instance_of.push(target),
                        "@" => hypernyms.push(target),
                        "~" => hyponyms.push(target),
                        "~i" => has_instances = true,
                        _ => {}
                    }
                    at += 4;
                }
                Some(Synset {
                    gloss: gloss.trim().to_string(),
                    lexfile,
                    words,
                    instance_of,
                    hypernyms,
                    hyponyms,
                    has_instances,
                    pos,
                })
            };
            let synset = parse().ok_or(format!("{file}: unreadable line {:.40}", line))?;
            let offset: u32 = f[0].parse().map_err(|_| format!("{file}: bad offset"))?;
            if pos == "noun" {
                nouns.insert(offset, synset);
            } else {
                others.push(synset);
            }
        }
    }

    // Every kind of writer: the roots and their hyponyms, transitively.
    let mut writers = HashSet::new();
    let mut queue = VecDeque::from(AUTHOR_ROOTS);
    while let Some(s) = queue.pop_front() {
        if writers.insert(s)
            && let Some(syn) = nouns.get(&s)
        {
            queue.extend(syn.hyponyms.iter().copied());
        }
    }

    // True when a noun.object instance is a natural place: one of the synsets it is an
    // instance of reaches one of PLACE_ROOTS through hypernyms.
    let natural_place = |syn: &Synset| -> bool {
        let mut seen = HashSet::new();
        let mut queue: VecDeque<u32> = syn.instance_of.iter().copied().collect();
        while let Some(s) = queue.pop_front() {
            if PLACE_ROOTS.contains(&s) {
                return true;
            }
            if seen.insert(s)
                && let Some(up) = nouns.get(&s)
            {
                queue.extend(up.hypernyms.iter().chain(&up.instance_of).copied());
            }
        }
        false
    };

    // True when a class (a synset an instance belongs to) is a kind of real person: its
    // hypernyms reach person and none of NOT_REAL. Santa Claus is a patron saint, which
    // reaches person (as a defender) and also deity (as a saint): not real. Jesus is also
    // a Jew, a class that reaches person alone: real.
    let mut real_classes: HashMap<u32, bool> = HashMap::new();
    let mut real_class = |class: u32| -> bool {
        *real_classes.entry(class).or_insert_with(|| {
            let mut seen = HashSet::new();
            let mut queue = VecDeque::from([class]);
            let mut person = false;
            while let Some(s) = queue.pop_front() {
                if NOT_REAL.contains(&s) {
                    return false;
                }
                person |= s == PERSON_SYNSET;
                if seen.insert(s)
                    && let Some(up) = nouns.get(&s)
                {
                    queue.extend(up.hypernyms.iter().chain(&up.instance_of).copied());
                }
            }
            person
        })
    };

    let mut entries: BTreeMap<String, WordNetEntry> = BTreeMap::new();
    for syn in nouns.values().chain(others.iter()) {
        let mut classes: Vec<&'static str> = Vec::new();
        let is_author = syn.instance_of.iter().any(|t| writers.contains(t));
        // WordNet files a few people as kinds rather than instances (Pontius Pilate, a
        // hyponym of procurator): a person all the same (see `individual`).
        let individual = syn.instance_of.is_empty()
            && syn.lexfile == LEXFILE_PERSON
            && syn.hyponyms.is_empty()
            && !syn.has_instances
            && syn.hypernyms.iter().any(|c| real_class(*c))
            && individual(&syn.words, &syn.gloss);
        if individual {
            classes.push("person");
        } else if syn.instance_of.is_empty() {
            classes.push(syn.pos);
        } else {
            match syn.lexfile {
                LEXFILE_LOCATION => classes.push("location"),
                LEXFILE_OBJECT if natural_place(syn) => classes.push("location"),
                LEXFILE_PERSON if syn.instance_of.iter().any(|c| real_class(*c)) => {
                    classes.push("person")
                }
                _ => classes.push("name"),
            }
            if is_author {
                classes.push("author");
            }
        }
        for (i, w) in syn.words.iter().enumerate() {
            let e = entries.entry(w.clone()).or_default();
            if is_code(w) && classes.iter().any(|c| NAME_CLASSES.contains(c)) {
                // A state's postal code or a country's initials is no place's name (IN,
                // OR, USA), nor are a person's initials theirs (JFK).
                e.classes
                    .extend(classes.iter().filter(|c| !NAME_CLASSES.contains(c)));
                e.classes.insert("code");
            } else {
                e.classes.extend(classes.iter().copied());
            }
            if w.contains('-') {
                e.classes.insert("hyphen");
            }
            e.first |= i == 0 && syn.instance_of.is_empty();
        }
        // WordNet lists a writer as "Mark Twain", not "Twain", and many a historical
        // person only by a full name (Alessandro Farnese): the surname each of those
        // names is known by names the same person (see `known_surnames`).
        if is_author || classes.contains(&"person") {
            for surname in known_surnames(&syn.words, &syn.gloss, opens_name)
                .into_iter()
                .filter(|s| !is_code(s))
            {
                let e = entries.entry(surname).or_default();
                e.classes.extend(classes.iter().copied());
                e.classes.insert("surname");
            }
        }
    }
    Ok(entries)
}

/// The classes a lemma written in capitals does not take: it is a code or initials.
const NAME_CLASSES: [&str; 3] = ["location", "person", "author"];

/// A lemma written in capitals, two letters or more, stops allowed (IN, USA, U.S.A.,
/// JFK): WordNet gives states' postal codes, countries' initials and people's as lemmas
/// of the named synset, which are codes, not the names a table plays.
fn is_code(word: &str) -> bool {
    word.chars().filter(char::is_ascii_uppercase).count() >= 2
        && word.chars().all(|c| c.is_ascii_uppercase() || c == '.')
}
