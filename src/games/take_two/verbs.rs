//! What a Take Two scorekeeper types, and each recorded event said back in words.

use super::TakeTwoError;
use super::{Event, Options, PenaltyRule, TakeTwo, crossword};
use crate::contract::{
    Action, Arg, Ask, Called, Ctx, Move, Plays, Refusal, Roster, RoundEvent, Scene, Text, Verb,
};
use crate::games::take_two::tiles::{Tile, parse_tiles};
use crate::text::printable_text;

pub(super) const MOVES: &[Move<Plays<TakeTwo>>] = &[
    Move::entry(
        Verb {
            name: "out",
            args: "PLAYER",
            summary: "the player used all their tiles: scores 0",
            example: "out alice",
            completes: &[Arg::Player],
            block: false,
        },
        entry,
    ),
    Move::entry(
        Verb {
            name: "left",
            args: "PLAYER TILES",
            summary: "the player's unused tiles (? for a blank): scores their values",
            example: "left bob QZX",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        entry,
    ),
    Move::entry(
        Verb {
            name: "points",
            args: "PLAYER N",
            summary: "the player's points this round as the table counted them aloud (instead of out or left)",
            example: "points bob 17",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        entry,
    ),
    Move::entry(
        Verb {
            name: "penalty",
            args: "PLAYER [WHY]",
            summary: "+25 for an incorrect word (may repeat)",
            example: "penalty bob played DONT",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        entry,
    ),
    Move::entry(
        Verb {
            name: "pardon",
            args: "PLAYER",
            summary: "take back the player's last penalty this round (says which)",
            example: "pardon bob",
            completes: &[Arg::Player],
            block: false,
        },
        entry,
    ),
    Move::life(Verb {
        name: "end",
        args: "",
        summary: "close the round (every player needs out or left; with nobody out, asks first)",
        example: "end",
        completes: &[],
        block: false,
    }),
    Move::entry(
        Verb {
            name: "hand",
            args: "PLAYER TILES",
            summary: "the tiles a player holds this round (optional; checks leftovers and grids)",
            example: "hand carol AEIRSTN?QU",
            completes: &[Arg::Player, Arg::Text],
            block: false,
        },
        entry,
    ),
    Move::entry(
        Verb {
            name: "grid",
            args: "PLAYER [--file FILE] [--apply] [--judge]",
            summary: "rule on a player's whole grid: type it row by row (. empty, lowercase or ?x a blank), then a blank line",
            example: "grid alice",
            completes: &[Arg::Player, Arg::Text],
            block: true,
        },
        |ctx, _, args, block| super::grid::grid(ctx, args, block),
    ),
    Move::entry(
        Verb {
            name: "tiles",
            args: "",
            summary: "the session's tile set: counts and values",
            example: "tiles",
            completes: &[],
            block: false,
        },
        tiles,
    ),
    Move::life(Called::ROUND.finish),
    Move::life(Called::ROUND.rounds),
];

/// Splits `PLAYER REST`.
fn player_and_rest(args: &str) -> (Option<&str>, &str) {
    let args = args.trim();
    match args.split_once(char::is_whitespace) {
        Some((p, rest)) => (Some(p), rest.trim()),
        None if args.is_empty() => (None, ""),
        None => (Some(args), ""),
    }
}

/// The longest reason a typed penalty keeps: the rest of its line is cut to it.
const MAX_WHY: usize = 200;

/// The longest reason a penalty holds, typed or made by `grid` ("grid: " and the words
/// it barred, each once): the largest grid's cells, each in at most one word across
/// and one down, as letters, and a separator for each word of two letters or more.
/// What a log's penalty reason is held to.
const MAX_PENALTY_WHY: usize = {
    let cells = crossword::MAX_SIDE * crossword::MAX_SIDE;
    let grid = "grid: ".len() + 2 * cells + ", ".len() * cells;
    if grid > MAX_WHY { grid } else { MAX_WHY }
};

/// The words a penalty's reason names, so the ruling can show them: the words typed in
/// capitals (`penalty bob played DONT`), or the reason itself when it is one word.
pub(super) fn penalty_words(why: &str) -> Vec<String> {
    let is_word = |w: &&str| w.len() >= 2 && w.chars().all(|c| c.is_ascii_alphabetic());
    let words: Vec<&str> = why.split_whitespace().collect();
    let capitals: Vec<String> = words
        .iter()
        .filter(|w| is_word(w) && w.chars().all(|c| c.is_ascii_uppercase()))
        .map(|w| w.to_string())
        .collect();
    match words[..] {
        [one] if capitals.is_empty() && is_word(&one) => vec![one.to_ascii_uppercase()],
        _ => capitals,
    }
}

fn tiles_text(tiles: &[Tile]) -> String {
    tiles.iter().map(Tile::to_string).collect()
}

/// Turns `out|left|penalty|pardon|hand PLAYER ...` into an event; shared by play and
/// `fix`. `penalties` gives the penalties a pardon would choose from.
fn entry_event(
    verb: &str,
    args: &str,
    roster: &Roster,
    penalties: impl Fn(usize) -> Vec<String>,
) -> Result<Event, Refusal> {
    let (player, rest) = player_and_rest(args);
    let Some(player) = player else {
        let spec = MOVES.iter().map(|m| &m.verb).find(|v| v.name == verb);
        let usage = spec.map_or("PLAYER", |v| v.args);
        let example = spec.map_or("", |v| v.example);
        return Err(TakeTwoError::Usage {
            verb: verb.to_string(),
            usage,
            example: example.to_string(),
        }
        .into());
    };
    let i = roster.find(player)?;
    let player = roster.name(i).to_string();
    Ok(match verb {
        "out" => {
            if !rest.is_empty() {
                return Err(TakeTwoError::OutTakesOnlyThePlayer {
                    player: player.to_string(),
                    rest: printable_text(rest),
                }
                .into());
            }
            Event::Out { player }
        }
        "left" => {
            if rest.is_empty() {
                return Err(TakeTwoError::LeftNeedsTiles {
                    player: player.to_string(),
                }
                .into());
            }
            Event::Left {
                player,
                tiles: tiles_text(&parse_tiles(rest)?),
            }
        }
        "points" => match rest.parse::<u32>() {
            Ok(points) if points <= super::MAX_COUNTED => Event::Points { player, points },
            _ => {
                return Err(TakeTwoError::PointsRange {
                    player,
                    max: super::MAX_COUNTED,
                }
                .into());
            }
        },
        "penalty" => Event::Penalty {
            player,
            words: penalty_words(rest),
            why: rest.chars().take(MAX_WHY).collect(),
        },
        "pardon" => {
            if !rest.is_empty() {
                return Err(TakeTwoError::PardonTakesOnlyThePlayer.into());
            }
            let Some(why) = penalties(i).pop() else {
                return Err(TakeTwoError::NothingToPardon {
                    player: player.to_string(),
                }
                .into());
            };
            Event::Pardoned {
                player,
                why: Some(why),
                words: Vec::new(),
            }
        }
        "hand" => {
            if rest.is_empty() {
                return Err(TakeTwoError::HandNeedsTiles {
                    player: player.to_string(),
                }
                .into());
            }
            Event::Hand {
                player,
                tiles: tiles_text(&parse_tiles(rest)?),
            }
        }
        _ => {
            return Err(TakeTwoError::NotAnEntryVerb {
                verb: verb.to_string(),
            }
            .into());
        }
    })
}

/// The tile set in a few lines: each tile as `letter count×value`, nine to a line.
fn tile_table(options: &Options) -> Vec<String> {
    let set = &options.tiles;
    let mut lines = vec![format!(
        "{} ({}), from {}: tile count×value",
        printable_text(&set.name),
        set.size(),
        printable_text(&options.tiles_from)
    )];
    let cells: Vec<String> = set
        .tiles
        .iter()
        .map(|(k, spec)| format!("{k} {:>2}×{:<2}", spec.count, spec.value))
        .collect();
    for chunk in cells.chunks(9) {
        lines.push(format!("  {}", chunk.join("  ")).trim_end().to_string());
    }
    lines
}

/// The scorekeeper's page offers the set's letters and the blank one at a time, to
/// run together into `left bob QZX`.
pub(super) fn complete(scene: &Scene<'_, TakeTwo>, kind: &str) -> Vec<String> {
    if kind != crate::contract::PIECES {
        return Vec::new();
    }
    let mut tiles = scene.options.tiles.counts().tiles();
    tiles.dedup();
    tiles.iter().map(Tile::to_string).collect()
}

/// A line of one of the entries a round holds (out, left, points, penalty, pardon,
/// hand), turned into what to record.
fn entry(
    ctx: &Ctx<'_, TakeTwo>,
    verb: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let open = ctx.state.open();
    let event = entry_event(verb, args, ctx.roster, |i| {
        open.penalties.get(i).cloned().unwrap_or_default()
    })?;
    // A pardon names the words of the penalty it takes back.
    let event = match event {
        Event::Pardoned {
            player,
            why: Some(why),
            ..
        } => Event::Pardoned {
            words: super::score::pardoned_words(&ctx.scene(), &player, &why),
            player,
            why: Some(why),
        },
        other => other,
    };
    let mut action = match event {
        // Under the per-word rule each word named is its own penalty (one
        // word is one either way; a penalty naming none stays one).
        Event::Penalty { player, why, words }
            if !words.is_empty() && ctx.options.penalty == PenaltyRule::PerWord =>
        {
            let each = words.into_iter().map(|word| Event::Penalty {
                player: player.clone(),
                why: why.clone(),
                words: vec![word],
            });
            Action {
                record: each.map(crate::contract::event::Event::Game).collect(),
                ..Action::show(Vec::new())
            }
        }
        other => Action::record(other),
    };
    if let Some(note) = second_out(ctx, &action) {
        action.then.push(note);
    }
    Ok(action)
}

/// `tiles`: the session's tile set, shown.
fn tiles(
    ctx: &Ctx<'_, TakeTwo>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    if !args.trim().is_empty() {
        return Err(TakeTwoError::NoArguments {
            verb: "tiles".to_string(),
        }
        .into());
    }
    Ok(Action::show(tile_table(ctx.options)))
}

/// A player's finish (out, or the tiles left) takes the place of their finish, and
/// a hand of their hand; a penalty or a pardon adds to the round.
pub(super) fn replaces(new: &Event, old: &Event) -> bool {
    match (new, old) {
        (
            Event::Out { player: a }
            | Event::Left { player: a, .. }
            | Event::Points { player: a, .. },
            Event::Out { player: b }
            | Event::Left { player: b, .. }
            | Event::Points { player: b, .. },
        )
        | (Event::Hand { player: a, .. }, Event::Hand { player: b, .. }) => {
            crate::contract::same_name(a, b)
        }
        _ => false,
    }
}

/// A hand is not a score: its line says the tiles, not the player's standing.
pub(super) fn player(event: &Event) -> Option<&str> {
    match event {
        Event::Out { player }
        | Event::Left { player, .. }
        | Event::Points { player, .. }
        | Event::Penalty { player, .. }
        | Event::Pardoned { player, .. } => Some(player),
        Event::Hand { .. } => None,
    }
}

/// The player an entry names; a penalty's reason, and the one a pardon keeps of
/// the penalty it takes back.
pub(super) fn texts(event: &mut Event) -> Vec<Text<'_>> {
    let why = |text| Text {
        what: "a penalty's reason",
        text,
        max: MAX_PENALTY_WHY,
    };
    match event {
        Event::Penalty {
            player, why: text, ..
        }
        | Event::Pardoned {
            player,
            why: Some(text),
            ..
        } => vec![Text::name(player), why(text)],
        Event::Out { player }
        | Event::Left { player, .. }
        | Event::Points { player, .. }
        | Event::Pardoned {
            player, why: None, ..
        }
        | Event::Hand { player, .. } => vec![Text::name(player)],
    }
}

/// `end` with every player's entry in and nobody out: the sheet ends a round only on
/// FINISHED, so the table is asked first (a script is told, and closes it).
pub(super) fn closing(
    ctx: &Ctx<'_, TakeTwo>,
    close: Action<RoundEvent<TakeTwo>>,
) -> Action<RoundEvent<TakeTwo>> {
    let finishes = &ctx.state.open().finishes;
    let nobody_out = !finishes.is_empty()
        && finishes.iter().all(Option::is_some)
        // `points PLAYER 0` is how a table counting aloud says a player is out.
        && !finishes
            .iter()
            .any(|f| matches!(f, Some(super::Finish::Out | super::Finish::Counted(0))));
    if !nobody_out {
        return close;
    }
    let said = format!(
        "nobody is out in round {}: the sheet ends a round only when a player calls FINISHED",
        ctx.state.number()
    );
    if ctx.script {
        let mut close = close;
        close
            .show
            .push(format!("{said}; closed as the script says").into());
        return close;
    }
    Action {
        ask: Some(Ask::new(format!("{said}; close it anyway?"), close.record)),
        ..Action::show(Vec::new())
    }
}

/// When an `out` is the round's second: the sheet stops play at the first "FINISHED",
/// but two players can run out together; the entry stands, and the table is told once.
fn second_out(ctx: &Ctx<'_, TakeTwo>, action: &Action<Event>) -> Option<String> {
    let out = action.record.iter().find_map(|e| match e {
        crate::contract::event::Event::Game(Event::Out { player }) => Some(player),
        _ => None,
    })?;
    let open = ctx.state.open();
    let first = open.finishes.iter().enumerate().find_map(|(i, f)| {
        matches!(f, Some(super::Finish::Out)).then(|| ctx.roster.name(i).to_string())
    })?;
    (first != *out).then(|| {
        format!(
            "{out} is the second player out this round, after {first}: the sheet stops play at the first FINISHED; both score 0 (fix #N if that is not what happened)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::{MAX_PENALTY_WHY, MAX_WHY, TakeTwo, penalty_words, player_and_rest};
    use crate::contract::{Prompt, RoundEvent};
    use crate::games::take_two::Event;

    /// A log's penalty reason is held to the most a penalty can hold: a typed one's 200
    /// characters, or the words a grid of 100 by 100 could bar; a pardon keeps the
    /// reason of the penalty it takes back; nothing else holds a reason.
    #[test]
    fn a_penalty_s_reason_and_a_pardon_s_are_held_to_what_a_grid_could_make() {
        assert_eq!(MAX_WHY, 200);
        assert_eq!(MAX_PENALTY_WHY, 6 + 2 * 10_000 + 2 * 10_000);
        let mut penalty = RoundEvent::Entry(Event::Penalty {
            player: "bob".into(),
            why: "played DONT".into(),
            words: vec!["DONT".into()],
        });
        let mut pardon = RoundEvent::Entry(Event::Pardoned {
            player: "bob".into(),
            why: Some("played DONT".into()),
            words: vec!["DONT".into()],
        });
        let said = |event: &mut RoundEvent<TakeTwo>| {
            <TakeTwo as Prompt>::texts(event)
                .into_iter()
                .map(|t| (t.what, t.text.clone(), t.max))
                .collect::<Vec<_>>()
        };
        for event in [&mut penalty, &mut pardon] {
            assert_eq!(
                said(event),
                [
                    ("a name", "bob".to_string(), 24),
                    (
                        "a penalty's reason",
                        "played DONT".to_string(),
                        MAX_PENALTY_WHY
                    )
                ]
            );
        }
        let mut bare = RoundEvent::Entry(Event::Pardoned {
            player: "bob".into(),
            why: None,
            words: Vec::new(),
        });
        assert_eq!(said(&mut bare), [("a name", "bob".to_string(), 24)]);
        let mut closed = RoundEvent::Closed {
            number: 1,
            off_total: false,
        };
        assert!(said(&mut closed).is_empty());
    }

    /// A penalty's ruling shows the words its reason names: those typed in capitals, or
    /// the reason itself when it is one word; never a letter, a number or a spelling
    /// with a hyphen or apostrophe.
    #[test]
    fn a_penalty_names_the_words_typed_in_capitals_or_its_one_word() {
        for (why, words) in [
            ("played DONT", &["DONT"][..]),
            ("played DONT and XRAY", &["DONT", "XRAY"]),
            ("dont", &["DONT"]),
            ("DONT", &["DONT"]),
            ("OK then", &["OK"]),
            ("took too long", &[]),
            ("X", &[]),
            ("x", &[]),
            ("played X", &[]),
            ("don't", &[]),
            ("played X-RAY", &[]),
            ("25", &[]),
            ("", &[]),
        ] {
            assert_eq!(penalty_words(why), words, "{why:?}");
        }
    }

    /// An entry typed without its player is told that verb's own usage and example.
    #[test]
    fn an_entry_without_its_player_is_told_its_own_usage() {
        let roster = crate::contract::Roster::new(vec!["bob".into(), "carol".into()]);
        for (verb, said) in [
            ("out", "out needs PLAYER, e.g. out alice"),
            ("left", "left needs PLAYER TILES, e.g. left bob QZX"),
        ] {
            let e = super::entry_event(verb, "  ", &roster, |_| Vec::new()).expect_err("no player");
            assert_eq!(e.message, said, "{verb}");
        }
    }

    #[test]
    fn the_player_is_the_first_word_and_the_rest_is_trimmed() {
        assert_eq!(player_and_rest(""), (None, ""));
        assert_eq!(player_and_rest("   "), (None, ""));
        assert_eq!(player_and_rest("bob"), (Some("bob"), ""));
        assert_eq!(player_and_rest("  bob   12  "), (Some("bob"), "12"));
        assert_eq!(
            player_and_rest("bob played  DONT"),
            (Some("bob"), "played  DONT")
        );
    }
}
