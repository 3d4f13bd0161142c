//! A script as the tests type it, and its replies as they read them back from the
//! output of script mode.

/// `lines` as a script types them, each ended by a newline.
pub fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The reply to the line typed as `line` in a script's output: what follows its
/// prompt, up to the next prompt of the same session.
pub fn reply_to<'a>(out: &'a str, line: &str) -> &'a str {
    let typed = format!("> {line}\n");
    let at = out
        .find(&typed)
        .unwrap_or_else(|| panic!("{line:?} was not typed in:\n{out}"));
    let prompt = &out[out[..at].rfind('\n').map_or(0, |i| i + 1)..at];
    let session = prompt.rsplit_once(' ').map_or(prompt, |(s, _)| s);
    let rest = &out[at + typed.len()..];
    let end = rest
        .find(&format!("\n{session} "))
        .map_or(rest.len(), |i| i + 1);
    &rest[..end]
}

/// The reply lines that follow the prompt echo of `line`, up to the next prompt.
pub fn reply_lines<'a>(out: &'a str, line: &str) -> Vec<&'a str> {
    let mut lines = out.lines();
    let mut found = Vec::new();
    while let Some(l) = lines.next() {
        if l.ends_with(&format!("> {line}")) {
            for r in lines.by_ref() {
                if r.contains("> ")
                    && r.split("> ").next().is_some_and(|p| {
                        !p.contains(' ')
                            || p.starts_with("take-two")
                            || p.starts_with("board-chips")
                            || p.starts_with("take-rummy")
                            || p.starts_with("word-taking")
                    })
                {
                    break;
                }
                found.push(r);
            }
            break;
        }
    }
    found
}
