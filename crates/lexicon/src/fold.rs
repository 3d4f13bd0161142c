//! Folding a written form into the key the tiles would spell.
//!
//! Tiles carry plain letters only, so every spelling a dictionary knows is reduced to
//! the letters a player could lay down: `don't` and `dont`, `café` and `cafe`, `x-ray`
//! and `xray` all meet at one key. The word judge then looks at every spelling that
//! meets there to decide whether the tiles are a legal word.
//!
//! This file is also compiled into `build.rs` (via `#[path]`), so it depends on
//! nothing but `unicode-normalization`.

use unicode_normalization::char::decompose_canonical;

/// The longest key the judge accepts. English dictionary words stop well short of this
/// (SCOWL's longest is 45 letters); anything longer is a typing accident or an attack.
pub const MAX_KEY_LEN: usize = 64;

/// Why a written form could not be folded into tile letters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FoldError {
    /// Nothing but separators (or nothing at all) was given.
    Empty,
    /// A character that no tile can show, such as a digit, `!` or a Cyrillic letter.
    NotALetter(char),
    /// More letters than any word has.
    TooLong(usize),
}

impl std::fmt::Display for FoldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FoldError::Empty => write!(f, "empty word: give letters A-Z"),
            FoldError::NotALetter(c) => write!(
                f,
                "{} is not a letter: words are letters A-Z (accents are folded away)",
                // The apostrophe plainly, not as Rust quotes it ('\''); this file is
                // also the build script's, so `text::quoted_char` is not reachable.
                if *c == '\'' {
                    "\"'\"".to_string()
                } else {
                    format!("{c:?}")
                }
            ),
            FoldError::TooLong(n) => {
                write!(f, "word too long ({n} letters): at most {MAX_KEY_LEN}")
            }
        }
    }
}

impl std::error::Error for FoldError {}

/// The hyphens folding drops (a word typed with one is told so, not told to add one).
pub(crate) const HYPHENS: [char; 3] = ['-', '\u{2010}', '\u{2011}'];
/// The apostrophes folding drops.
pub(crate) const APOSTROPHES: [char; 3] = ['\'', '\u{2019}', '\u{2018}'];

/// Characters a dictionary spelling may carry that a tile never shows.
pub fn is_dropped(c: char) -> bool {
    HYPHENS.contains(&c) || APOSTROPHES.contains(&c) || matches!(c, '.' | ' ' | '_')
}

/// Letters that Unicode does not decompose into a base letter plus marks.
fn special(c: char) -> Option<&'static str> {
    Some(match c {
        'æ' | 'Æ' => "ae",
        'œ' | 'Œ' => "oe",
        'ø' | 'Ø' => "o",
        'ß' => "ss",
        'ł' | 'Ł' => "l",
        'đ' | 'Đ' | 'ð' | 'Ð' => "d",
        'þ' | 'Þ' => "th",
        'ı' => "i",
        _ => return None,
    })
}

/// Folds `form` into `out` (cleared first): lowercase ASCII letters only.
///
/// Writes into a caller's buffer so that batch checking can reuse one allocation for
/// every word.
pub fn fold_into(form: &str, out: &mut String) -> Result<(), FoldError> {
    out.clear();
    // The common case, plain letters, without decoding characters one by one.
    let bytes = form.as_bytes();
    if !bytes.is_empty() && bytes.len() <= MAX_KEY_LEN && bytes.iter().all(u8::is_ascii_alphabetic)
    {
        out.push_str(form);
        out.make_ascii_lowercase();
        return Ok(());
    }
    for c in form.chars() {
        if c.is_ascii_alphabetic() {
            out.push(c.to_ascii_lowercase());
        } else if is_dropped(c) || is_combining_mark(c) {
            // A combining mark typed after its letter (decomposed input) adds nothing.
            continue;
        } else if c.is_ascii() {
            return Err(FoldError::NotALetter(c));
        } else if let Some(s) = special(c) {
            out.push_str(s);
        } else {
            let mut base = None;
            let mut ok = true;
            decompose_canonical(c, |d| {
                if d.is_ascii_alphabetic() && base.is_none() {
                    base = Some(d.to_ascii_lowercase());
                } else if !is_combining_mark(d) {
                    ok = false;
                }
            });
            match base {
                Some(b) if ok => out.push(b),
                _ => return Err(FoldError::NotALetter(c)),
            }
        }
        if out.len() > MAX_KEY_LEN {
            // Count the whole input so the message tells the user how far off they are.
            let n = form.chars().filter(|c| !is_dropped(*c)).count();
            return Err(FoldError::TooLong(n));
        }
    }
    if out.is_empty() {
        return Err(FoldError::Empty);
    }
    Ok(())
}

/// Folds `form` into a new key.
pub fn fold(form: &str) -> Result<String, FoldError> {
    let mut out = String::with_capacity(form.len());
    fold_into(form, &mut out)?;
    Ok(out)
}

/// Combining diacritical marks (the blocks NFD produces for Latin letters).
fn is_combining_mark(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// True when the spelling carries a letter with a diacritic (a foreign spelling such as
/// `café`), as opposed to plain ASCII letters and separators.
pub(crate) fn has_diacritics(form: &str) -> bool {
    form.chars().any(|c| !c.is_ascii() && !is_dropped(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apostrophes_hyphens_periods_and_spaces_are_dropped() {
        assert_eq!(fold("don't").expect("folds"), "dont");
        assert_eq!(fold("X-ray").expect("folds"), "xray");
        assert_eq!(fold("etc.").expect("folds"), "etc");
        assert_eq!(fold("New York").expect("folds"), "newyork");
        assert_eq!(fold("o\u{2019}clock").expect("folds"), "oclock");
    }

    #[test]
    fn diacritics_fold_to_their_base_letter() {
        assert_eq!(fold("café").expect("folds"), "cafe");
        assert_eq!(fold("Fiancée").expect("folds"), "fiancee");
        assert_eq!(fold("smörgåsbord").expect("folds"), "smorgasbord");
        assert_eq!(fold("Ærø").expect("folds"), "aero");
        // A decomposed e + combining acute folds the same as the precomposed é.
        assert_eq!(fold("cafe\u{0301}").expect("folds"), "cafe");
    }

    #[test]
    fn non_letters_are_refused_by_name() {
        assert_eq!(fold("abc1"), Err(FoldError::NotALetter('1')));
        assert_eq!(fold("hi!"), Err(FoldError::NotALetter('!')));
        assert_eq!(fold("слово"), Err(FoldError::NotALetter('с')));
        assert_eq!(fold("--"), Err(FoldError::Empty));
        assert_eq!(fold(""), Err(FoldError::Empty));
    }

    #[test]
    fn overlong_words_are_refused_with_their_length() {
        let long = "a".repeat(10_000);
        assert_eq!(fold(&long), Err(FoldError::TooLong(10_000)));
        assert!(fold(&"a".repeat(MAX_KEY_LEN)).is_ok());
    }

    #[test]
    fn diacritics_are_detected_only_on_letters() {
        assert!(has_diacritics("café"));
        assert!(!has_diacritics("don't"));
        assert!(!has_diacritics("cafe"));
    }
}
