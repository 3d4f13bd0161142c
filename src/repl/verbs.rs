//! The prompt's own verbs, and finding, suggesting and explaining every verb.

use crate::contract::{Arg, OneShot, Verb};
use crate::session::Catalog;
use crate::session::{AnySession, SHARED_VERBS};

/// Verbs the prompt answers with or without a session.
pub(crate) const PROMPT_VERBS: &[Verb] = &[
    Verb {
        name: "help",
        args: "[VERB]",
        summary: "the verbs, or one verb with an example",
        example: "help left",
        completes: &[Arg::Verb],
        block: false,
    },
    Verb {
        name: "new",
        args: "GAME PLAYER... [FLAGS]",
        summary: "start a new session (the open one is saved as it is); `new` lists the games, `new GAME --help` a game's flags",
        example: "new take-two alice bob carol --rounds 5 --name friday",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "open",
        args: "NAME",
        summary: "resume a session by name",
        example: "open friday",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "stats",
        args: "",
        summary: "player records over every session, game by game",
        example: "stats",
        completes: &[],
        block: false,
    },
    Verb {
        name: "sessions",
        args: "",
        summary: "list the sessions",
        example: "sessions",
        completes: &[],
        block: false,
    },
    Verb {
        name: "serve",
        args: "[--listen ADDR:PORT] [--allow-host NAME]... [--judge] | stop | code",
        summary: "show the open session as a live scoreboard page for phones or a TV, and print the scorekeeper's link (keep score: URL) through which a phone records into this session; a QR code of each beyond this machine; --judge: words only acceptable or not; `serve stop` stops it, `serve code` replaces the scorekeeper's code",
        example: "serve --listen 0.0.0.0:7878",
        completes: &[],
        block: false,
    },
    Verb {
        name: "quit",
        args: "",
        summary: "leave (everything is already saved; Ctrl-D does the same)",
        example: "quit",
        completes: &[],
        block: false,
    },
];

/// The games' shell commands the prompt takes too (`board FILE`), each with its verb:
/// with or without a session, unless the open session's game has a verb of that name.
pub(crate) fn prompt_shots(
    table: Option<&dyn AnySession>,
    games: Catalog,
) -> impl Iterator<Item = (&'static OneShot, &'static Verb)> {
    let taken: Vec<&'static str> = table
        .map(|t| t.verbs().into_iter().map(|v| v.name).collect())
        .unwrap_or_default();
    games
        .one_shots()
        .filter_map(|shot| shot.prompt.map(|verb| (shot, verb)))
        .filter(move |(_, verb)| !taken.contains(&verb.name))
}

/// Every verb available now: the game's, the session's, the prompt's.
pub(crate) fn all_verbs(table: Option<&dyn AnySession>) -> Vec<&'static Verb> {
    let mut v: Vec<&'static Verb> = Vec::new();
    if let Some(t) = table {
        v.extend(t.verbs());
    }
    v.extend(PROMPT_VERBS.iter());
    v
}

/// The verb called `name` (already lowercased), also when no session is open (so that
/// `left` before `new` says a session is needed, not that the verb is unknown).
pub(crate) fn find_verb(
    table: Option<&dyn AnySession>,
    games: Catalog,
    name: &str,
) -> Option<&'static Verb> {
    if let Some(v) = all_verbs(table).into_iter().find(|v| v.name == name) {
        return Some(v);
    }
    if let Some((_, v)) = prompt_shots(table, games).find(|(_, v)| v.name == name) {
        return Some(v);
    }
    if table.is_none() {
        return SHARED_VERBS
            .iter()
            .chain(games.every_verb())
            .find(|v| v.name == name);
    }
    None
}

/// A verb of another game (`hint` at a Take Two table, `points` at a Word Taking one):
/// one line saying whose verb it is and what to type here instead.
pub(super) fn elsewhere(table: &dyn AnySession, games: Catalog, verb: &str) -> Option<String> {
    let here = games.find(table.game()).ok()?;
    let other = games
        .iter()
        .find(|e| e.name != here.name && (e.verbs)().iter().any(|v| v.name == verb))?;
    let instead = match (here.name, verb) {
        ("take-two", "hint") => {
            "`check WORD` judges a word, `grid PLAYER` a player's whole grid".to_string()
        }
        ("take-two", "draw" | "make" | "take") => {
            "a round is scored at its end: `out PLAYER`, `left PLAYER TILES` or `points PLAYER N`"
                .to_string()
        }
        ("word-taking", "points" | "out" | "left") => {
            "a player scores the words they hold: `make` and `take` record them, `score` shows them"
                .to_string()
        }
        ("take-rummy", "points" | "out" | "left") => {
            "a hand scores from `laid PLAYER CARDS` and `held PLAYER CARDS`".to_string()
        }
        _ => format!("`help` lists {}'s verbs", here.title),
    };
    Some(format!(
        "{verb} is a verb of {}, not of {}: here {instead}",
        other.title, here.title
    ))
}

/// The closest known verb to a mistyped one.
pub(super) fn suggest(
    table: Option<&dyn AnySession>,
    games: Catalog,
    typed: &str,
) -> Option<&'static str> {
    let shots = prompt_shots(table, games).map(|(_, v)| v.name);
    crate::text::did_you_mean(
        typed,
        all_verbs(table).into_iter().map(|v| v.name).chain(shots),
    )
}

pub(super) fn line(v: &Verb) -> String {
    let synopsis = if v.args.is_empty() {
        v.name.to_string()
    } else {
        format!("{} {}", v.name, v.args)
    };
    if synopsis.chars().count() > 34 {
        // A long synopsis gets its own line; the summary keeps its column.
        format!("  {synopsis}\n  {:<34} {}", "", v.summary)
    } else {
        format!("  {synopsis:<34} {}", v.summary)
    }
}

/// `help` and `help VERB`.
pub(super) fn help(table: Option<&dyn AnySession>, games: Catalog, args: &str) -> String {
    let wanted = args.trim().to_ascii_lowercase();
    if !wanted.is_empty() {
        return match find_verb(table, games, &wanted) {
            Some(v) => format!(
                "{} {}\n  {}\n  example: {}",
                v.name, v.args, v.summary, v.example
            ),
            None => {
                let hint = suggest(table, games, &wanted)
                    .map(|s| format!(" (did you mean \"{s}\"?)"))
                    .unwrap_or_default();
                format!("no verb {}{hint}", crate::text::printable(&wanted))
            }
        };
    }
    let mut out = Vec::new();
    if let Some(t) = table {
        out.push(format!("{} verbs:", t.game()));
        out.extend(t.game_verbs().into_iter().map(line));
        out.push("session verbs:".into());
        // The session's own list: a game that judges no words has no ruling verbs.
        let own = t.game_verbs();
        out.extend(
            t.verbs()
                .into_iter()
                .filter(|v| !own.iter().any(|o| std::ptr::eq(*o, *v)))
                .map(line),
        );
    }
    out.push("prompt verbs:".into());
    // The games' shell commands the prompt takes come before `quit`, the last.
    for v in PROMPT_VERBS {
        if v.name == "quit" {
            out.extend(prompt_shots(table, games).map(|(_, v)| line(v)));
        }
        out.push(line(v));
    }
    out.push(
        "verbs ignore case; Tab completes verbs, players and words; `help VERB` shows an example"
            .into(),
    );
    out.join("\n")
}
