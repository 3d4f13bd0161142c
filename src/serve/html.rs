//! Text made safe for an HTML page: every string that comes from a log (names, notes,
//! reasons, a game's table) goes through [`text`] before it is written into the page.

/// `s` as HTML text or a quoted attribute value: the five characters HTML gives a
/// meaning (`& < > " '`) as entities, and control characters shown escaped (`\u{1b}`)
/// the way the terminal shows them, so nothing in a log can open a tag, close an
/// attribute or hide in the page.
pub(super) fn text(s: &str) -> String {
    let shown = crate::text::printable_text(s);
    let mut out = String::with_capacity(shown.len() + 16);
    for c in shown.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_a_log_text_is_shown_as_text_not_read_as_tags() {
        assert_eq!(
            text("<script>alert('x')</script> & \"y\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;"
        );
    }

    #[test]
    fn control_characters_are_shown_escaped_and_plain_text_is_unchanged() {
        assert_eq!(text("a\u{1b}[31mb\r\nc"), "a\\u{1b}[31mb\\r\\nc");
        assert_eq!(text("alice · 41 ★"), "alice · 41 ★");
    }
}
