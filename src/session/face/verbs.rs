//! The verbs every session answers, with their help.

use crate::contract::{Arg, Game, Verb};

/// The table's own rulings on words: a game that judges no words (a score pad, TAKE
/// rummy, Oh Hell) is not offered them, and its `check` is a look-up that records
/// nothing. (`rulings` and `reveal` stay: such a game may rule on moves.)
pub(crate) const RULINGS: &[&str] = &["allow", "deny"];

/// The verbs every session answers, whatever the game.
pub(crate) const SHARED_VERBS: &[Verb] = &[
    Verb {
        name: "score",
        args: "",
        summary: "the standings: every round or hand where the game has them, and the totals",
        example: "score",
        completes: &[],
        block: false,
    },
    Verb {
        name: "table",
        args: "",
        summary: "what is on the table now (the game's own view: entries, hands, a board, words)",
        example: "table",
        completes: &[],
        block: false,
    },
    Verb {
        name: "undo",
        args: "",
        summary: "take back the last recorded entry; says what it took back and where that leaves the table",
        example: "undo",
        completes: &[],
        block: false,
    },
    Verb {
        name: "redo",
        args: "",
        summary: "put back what the last undo took (before anything else is recorded)",
        example: "redo",
        completes: &[],
        block: false,
    },
    Verb {
        name: "fix",
        args: "#N LINE",
        summary: "replace entry N (`history` numbers them) by what LINE would have recorded then; later entries are applied again on top, or the fix is refused naming the first that would break. In a game of rounds or hands, `fix ROUND VERB ARGS` is the same for that round's entry the line replaces (the same player's), or adds the line to the round",
        example: "fix #7 note carol arrived at nine",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "allow",
        args: "WORD [WHY]",
        summary: "the table's own ruling: WORD is allowed at this table from now on, whatever the dictionary says",
        example: "allow swift the table agreed Swift is an author",
        completes: &[Arg::Word, Arg::Text],
        block: false,
    },
    Verb {
        name: "deny",
        args: "WORD [WHY]",
        summary: "the table's own ruling: WORD is not allowed at this table from now on",
        example: "deny qi not played here",
        completes: &[Arg::Word, Arg::Text],
        block: false,
    },
    Verb {
        name: "check",
        args: "WORD...",
        summary: "judge up to 20 words under this session's rules; the ruling is kept in the log",
        example: "check qi dont",
        completes: &[Arg::Word],
        block: false,
    },
    Verb {
        name: "define",
        args: "WORD",
        summary: "WordNet's meanings of a word (best after the round: a meaning said aloud helps everyone)",
        example: "define qi",
        completes: &[Arg::Word],
        block: false,
    },
    Verb {
        name: "players",
        args: "",
        summary: "the players and their totals",
        example: "players",
        completes: &[],
        block: false,
    },
    Verb {
        name: "add",
        args: "PLAYER [--score N|highest|average|lowest]",
        summary: "a player sits down late (in a game with rounds, between rounds), from 0 or from the score the house gives: a number, or the highest, average or lowest total",
        example: "add dave --score 40",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "rename",
        args: "OLD NEW",
        summary: "change a player's name",
        example: "rename bob robert",
        completes: &[Arg::Player, Arg::Text],
        block: false,
    },
    Verb {
        name: "note",
        args: "TEXT",
        summary: "a remark for the record",
        example: "note carol arrived late",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "history",
        args: "[N]",
        summary: "every entry in the log, undone ones marked; N: only round (hand, turn) N",
        example: "history 2",
        completes: &[Arg::Round],
        block: false,
    },
    Verb {
        name: "rulings",
        args: "",
        summary: "every word ruling given this session",
        example: "rulings",
        completes: &[],
        block: false,
    },
    Verb {
        name: "chart",
        args: "",
        summary: "the running totals, round by round (or turn by turn), as a chart",
        example: "chart",
        completes: &[],
        block: false,
    },
    Verb {
        name: "reveal",
        args: "",
        summary: "the last ruling in full (after a grid judged with --judge)",
        example: "reveal",
        completes: &[],
        block: false,
    },
    Verb {
        name: "export",
        args: "[json|csv|md|svg] [FILE]",
        summary: "the session with its totals (svg: the chart), to the screen or a file",
        example: "export csv friday.csv",
        completes: &[Arg::Format, Arg::Text],
        block: false,
    },
];

/// An example of `fix ROUND VERB ARGS` for usage lines, from the game's own verbs: the
/// one of those it corrects that takes the most arguments.
pub(crate) fn fix_example<G: Game>() -> String {
    let verbs = G::verbs();
    let best = G::FIXES
        .iter()
        .filter_map(|name| verbs.iter().find(|v| v.name == *name))
        .fold(None::<&Verb>, |best, v| match best {
            Some(b) if b.args.split_whitespace().count() >= v.args.split_whitespace().count() => {
                Some(b)
            }
            _ => Some(v),
        });
    match best {
        Some(v) => format!("fix 1 {}", v.example),
        None => "fix #7 ...".to_string(),
    }
}
