//! Text for people: quoting what was typed, lists and counts in plain English, the
//! nearest match to a mistyped word, and the one place text is made safe for a
//! terminal, a Markdown or a CSV document. Depends on nothing of umpire's, so the word
//! judge, the game contract, every game and every screen can share it.
//!
//! A crate of its own (umpire-text), the lowest layer: the word judge (umpire-lexicon)
//! and umpire itself are other crates, so what they share is `pub` here. umpire keeps
//! it private (`use umpire_text as text;` in its lib.rs, never re-exported): none of it
//! is part of umpire's public face. The helpers only the front ends use (the terminal's,
//! Markdown's, JSON's and CSV's escaping, [`grouped`]) are built with the rest: a public
//! item is never dead code, and they are a few hundred bytes, so no feature gates them.

#![warn(unreachable_pub, missing_docs)]

use std::borrow::Cow;

/// A word as it may appear in an error line: quoted, escaped, and shortened, so a 10 KB
/// paste does not flood the terminal.
pub fn printable(word: &str) -> String {
    const SHOWN: usize = 24;
    if word.chars().count() <= SHOWN {
        format!("{word:?}")
    } else {
        let head: String = word.chars().take(SHOWN).collect();
        format!("{head:?}...")
    }
}

/// One typed character as a refusal names it: quoted as Rust quotes a character
/// (`'4'`, hidden ones escaped, `'\u{202e}'`), but the apostrophe as `"'"`, which that
/// quoting would write as the code-like `'\''`.
pub fn quoted_char(c: char) -> String {
    if c == '\'' {
        "\"'\"".to_string()
    } else {
        format!("{c:?}")
    }
}

/// Text from a log or a person (a note, a name, a reason) made safe for a terminal or
/// a document: control characters (escape sequences, bells) and the invisible format
/// characters that reorder or hide text (bidirectional overrides, zero-width spaces, a
/// byte-order mark) are shown escaped (`\u{202e}`), never sent raw.
pub fn printable_text(text: &str) -> String {
    escape_hidden(text, |_| false).into_owned()
}

/// Whether `c` must never reach a screen or a document raw: a control character
/// (C0, DEL, C1), a Unicode format character or separator that reorders text, hides
/// it, or breaks a line where none is seen (U+202E, U+2066-2069, U+200B, U+FEFF...),
/// any default-ignorable code point (a font draws nothing for one: the Hangul fillers
/// U+3164 and U+FFA0 that pass for letters, variation selectors, U+034F, the tag
/// characters), or the blank braille pattern U+2800, which is no letter yet shows as
/// a space.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || is_default_ignorable(c)
        || matches!(
            c,
            '\u{0600}'..='\u{0605}'
                | '\u{06DD}'
                | '\u{070F}'
                | '\u{08E2}'
                | '\u{2028}'..='\u{2029}'
                | '\u{2800}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{110BD}'
                | '\u{110CD}'
                | '\u{13430}'..='\u{1343F}'
        )
}

/// Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt, stable
/// since Unicode 6): characters a renderer shows as nothing when it has no glyph for
/// them, so text holding one can look like text without it.
fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// `text` with every hidden character escaped, except those `keep` says to keep.
fn escape_hidden(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(|c| is_hidden(c) && !keep(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_hidden(c) && !keep(c) {
            escape_char(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A hidden character as it is shown: `\n`, `\t`, `\u{1b}`, `\u{202e}`.
fn escape_char(c: char, out: &mut String) {
    if c.is_control() {
        out.extend(c.escape_default());
    } else {
        out.extend(c.escape_unicode());
    }
}

/// The colour sequences the house style writes on a terminal (comfy-table through
/// crossterm: green and red, bold, reset; a highlighted span of a game's table, bold
/// black on yellow: a board's covered squares): the only escape sequences that pass to
/// a terminal, and only while colour is on.
const HOUSE_COLOURS: [&str; 5] = [
    "\x1b[38;5;10m",
    "\x1b[38;5;9m",
    "\x1b[1m",
    "\x1b[0m",
    "\x1b[1;30;43m",
];

/// Everything bound for a terminal passes through here, once, just before it is
/// written: the prompt's replies, the one-shot commands' output, every error line. Line
/// ends and tabs stay; the house colours stay when `colour` is on; every other control
/// or format character is shown escaped, whoever put it in the text (a name, a note, a
/// reason in a hand-edited log), so no line of output can clear the screen, set the
/// terminal's title or reorder what it shows.
pub fn for_terminal(text: &str, colour: bool) -> Cow<'_, str> {
    let layout = |c: char| c == '\n' || c == '\t';
    if !text.chars().any(|c| is_hidden(c) && !layout(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\x1b'
            && colour
            && let Some(seq) = HOUSE_COLOURS.iter().find(|s| rest.starts_with(*s))
        {
            out.push_str(seq);
            rest = &rest[seq.len()..];
            continue;
        }
        if is_hidden(c) && !layout(c) {
            escape_char(c, &mut out);
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// Text written for a terminal with the house colours taken out, for a page (which
/// has its own) or a program.
pub fn without_colours(text: &str) -> String {
    HOUSE_COLOURS
        .iter()
        .fold(text.to_string(), |t, seq| t.replace(seq, ""))
}

/// A Markdown document made safe as a whole: HTML's `< >` as entities (a renderer
/// with HTML on would otherwise act on a `<script>` in a note), and `&` where it could
/// start one (before a letter, a digit or `#`: `&lt;` typed in a note stays as typed),
/// hidden characters escaped. An `&` before a space or a sign is shown as itself by
/// every renderer, so the title "Word Making & Word Taking" reads as it is written. The
/// document is umpire's own Markdown, which uses no HTML, so escaping it whole cannot
/// break its markup.
pub fn for_markdown(doc: &str) -> String {
    let mut out = String::with_capacity(doc.len() + 16);
    let mut chars = doc.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '&' if chars
                .peek()
                .is_none_or(|n| n.is_ascii_alphanumeric() || *n == '#') =>
            {
                out.push_str("&amp;")
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\n' | '\t' => out.push(c),
            c if is_hidden(c) => escape_char(c, &mut out),
            c => out.push(c),
        }
    }
    out
}

/// Text from a person or a log (a name, a note, a reason, a ruling's words) as one
/// inline run of umpire's Markdown: hidden characters escaped (a line end too, so it
/// stays on its line), and the characters that would make markup of it escaped with a backslash
/// (CommonMark shows an escaped punctuation character as itself): `[` and `]`, so a
/// note's `[click](javascript:...)` or `![i](http://...)` is shown as typed instead of
/// becoming a link or an image the reader's viewer fetches; `|`, so it stays in its
/// table cell; and `\` itself, so a backslash typed before one of these cannot undo
/// its escape. [`for_markdown`] then makes the whole document's `& < >` entities,
/// which also keeps `<http://...>` from being a link.
pub fn markdown_inline(text: &str) -> String {
    let shown = printable_text(text);
    let mut out = String::with_capacity(shown.len() + 8);
    for c in shown.chars() {
        match c {
            '\\' | '[' | ']' | '|' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// A JSON document made safe as a whole: hidden characters, which serde writes raw
/// inside strings when they are not control characters (a bidirectional override),
/// written as JSON escapes (`\u202e`, surrogate pairs beyond the BMP), so the document
/// means the same to a program and shows nothing hidden to a person.
pub fn for_json(doc: &str) -> Cow<'_, str> {
    if !doc.chars().any(|c| is_hidden(c) && c != '\n') {
        return Cow::Borrowed(doc);
    }
    let mut out = String::with_capacity(doc.len() + 16);
    for c in doc.chars() {
        if is_hidden(c) && c != '\n' {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A CSV document made safe as a whole: hidden characters escaped (the writer quotes
/// fields itself; a line end inside a field stays quoted).
pub fn for_csv(doc: &str) -> Cow<'_, str> {
    escape_hidden(doc, |c| c == '\n' || c == '\r')
}

/// "alice", "alice and bob", "alice, bob and carol".
pub fn and_list<S: AsRef<str>>(names: &[S]) -> String {
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
pub fn did_you_mean<'a>(
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
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 || n == -1 { one } else { many })
}

/// 29897 as "29,897".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "a", "a or b", "a, b or c".
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", init.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(
            [0, 999, 1_000, 29_897, 1_234_567].map(grouped),
            ["0", "999", "1,000", "29,897", "1,234,567"]
        );
    }

    #[test]
    fn a_terminal_gets_line_ends_and_the_house_colours_and_every_other_control_escaped() {
        let red = "\x1b[38;5;9m\x1b[1m not allowed \x1b[0m";
        assert_eq!(for_terminal(red, true), red);
        assert_eq!(
            for_terminal(red, false),
            "\\u{1b}[38;5;9m\\u{1b}[1m not allowed \\u{1b}[0m"
        );
        assert_eq!(
            for_terminal("a\n\tb\x1b[2J\x1b]0;x\x07\r", true),
            "a\n\tb\\u{1b}[2J\\u{1b}]0;x\\u{7}\\r"
        );
        assert_eq!(for_terminal("plain · Zoë ★", true), "plain · Zoë ★");
    }

    #[test]
    fn bidirectional_and_invisible_characters_are_shown_escaped() {
        assert_eq!(
            printable_text("\u{202e}evil\u{2066}\u{200b}\u{feff}"),
            "\\u{202e}evil\\u{2066}\\u{200b}\\u{feff}"
        );
        for c in [
            '\u{202a}',
            '\u{2069}',
            '\u{200f}',
            '\u{2028}',
            '\u{e0041}',
            '\u{9b}',
        ] {
            assert!(is_hidden(c), "{c:?}");
        }
        for c in ['é', 'ß', '★', 'א', '\u{5d0}', ' '] {
            assert!(!is_hidden(c), "{c:?}");
        }
    }

    #[test]
    fn default_ignorable_characters_and_the_blank_braille_pattern_are_hidden_too() {
        for c in [
            '\u{34f}',
            '\u{115f}',
            '\u{17b4}',
            '\u{17b5}',
            '\u{180b}',
            '\u{2065}',
            '\u{2800}',
            '\u{3164}',
            '\u{fe00}',
            '\u{fe0f}',
            '\u{ffa0}',
            '\u{fff0}',
            '\u{e0000}',
            '\u{e0100}',
            '\u{e01ef}',
            '\u{e0fff}',
        ] {
            assert!(is_hidden(c), "{c:?}");
            let text = format!("a{c}b");
            let shown = format!("a{}b", c.escape_unicode());
            assert_eq!(for_terminal(&text, true), shown);
            assert_eq!(for_markdown(&text), shown);
            assert_eq!(for_csv(&text), shown);
            assert!(!for_json(&text).contains(c), "{c:?}");
        }
        // Neighbours that are letters or marks people type stay as they are.
        for c in [
            '\u{3163}',
            '\u{3165}',
            '\u{2801}',
            '\u{17b6}',
            '\u{301}',
            '\u{e1000}',
        ] {
            assert!(!is_hidden(c), "{c:?}");
        }
    }

    #[test]
    fn a_typed_character_is_quoted_plainly_the_apostrophe_too() {
        assert_eq!(quoted_char('4'), "'4'");
        assert_eq!(quoted_char('\''), "\"'\"");
        assert_eq!(quoted_char('\u{202e}'), "'\\u{202e}'");
    }

    #[test]
    fn markdown_inline_text_makes_no_link_image_or_cell_and_cannot_undo_its_escapes() {
        assert_eq!(
            markdown_inline("[click](javascript:alert(1)) ![i](http://x/p.png)"),
            "\\[click\\](javascript:alert(1)) !\\[i\\](http://x/p.png)"
        );
        assert_eq!(markdown_inline("a | b"), "a \\| b");
        assert_eq!(markdown_inline("\\[x\\]"), "\\\\\\[x\\\\\\]");
        assert_eq!(
            markdown_inline("two\nlines\u{202e}"),
            "two\\\\nlines\\\\u{202e}"
        );
        assert_eq!(markdown_inline("Zoë's QI"), "Zoë's QI");
    }

    #[test]
    fn a_markdown_document_keeps_no_html_and_no_hidden_character() {
        assert_eq!(
            for_markdown("| a | <iframe src=//x> & </td>\u{202e} |\n"),
            "| a | &lt;iframe src=//x&gt; & &lt;/td&gt;\\u{202e} |\n"
        );
        // An & that could start an entity is one itself, so `&lt;` stays as typed.
        assert_eq!(
            for_markdown("&lt; &#60; &x & and &"),
            "&amp;lt; &amp;#60; &amp;x & and &amp;"
        );
    }

    #[test]
    fn a_json_document_writes_hidden_characters_as_json_escapes_and_means_the_same() {
        let doc = serde_json::to_string(&serde_json::json!({"note": "a\u{202e}b\u{e0041}"}))
            .expect("json");
        let safe = for_json(&doc);
        assert_eq!(safe, "{\"note\":\"a\\u202eb\\udb40\\udc41\"}");
        let back: serde_json::Value = serde_json::from_str(&safe).expect("still JSON");
        assert_eq!(back["note"], "a\u{202e}b\u{e0041}");
    }
}
