//! Text for people: quoting what was typed, lists and counts in plain English, and the
//! nearest match to a mistyped word. Depends on nothing in the crate, so the word judge,
//! the game contract, every game and every screen can share it.

/// A word as it may appear in an error line: quoted, escaped, and shortened, so a 10 KB
/// paste does not flood the terminal.
pub(crate) fn printable(word: &str) -> String {
    const SHOWN: usize = 24;
    if word.chars().count() <= SHOWN {
        format!("{word:?}")
    } else {
        let head: String = word.chars().take(SHOWN).collect();
        format!("{head:?}...")
    }
}

/// Text from a log or a person (a note, a name, a reason) made safe for a terminal or
/// a document: control characters (escape sequences, bells) are shown escaped, never
/// sent raw.
pub(crate) fn printable_text(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// "alice", "alice and bob", "alice, bob and carol".
pub(crate) fn and_list<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// The candidate nearest to a mistyped `typed` (ignoring case), when it is near
/// enough to be what was meant: at most two edits, and fewer than its length.
pub(crate) fn did_you_mean<'a>(
    typed: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let typed = typed.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&typed, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= 2 && *d < c.chars().count())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// "1 word", "2 words".
pub(crate) fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 || n == -1 { one } else { many })
}

/// "a", "a or b", "a, b or c".
pub(crate) fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", init.join(", "), last.as_ref())
        }
    }
}
