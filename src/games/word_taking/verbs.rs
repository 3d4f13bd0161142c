//! What a word-taking scorekeeper types: the verb table for `help` and completion,
//! each verb read into one event by the engine's parsers ([`super::parse`]), and the
//! engine's errors turned into refusals of the right [`Kind`].
//!
//! Player names are found through the session's roster before the engine parses the
//! rest, so a misspelt name gets the core's suggestion ("did you mean carol?") and
//! names compare as the roster compares them.

use super::game::WordTaking;
use super::letters::{Letter, Letters, Word};
use super::make::MakeError;
use super::moves::{Finder, MISSED_SHOWN, Moves};
use super::parse::{parse_draw, parse_finish, parse_make, parse_next, parse_take};
use super::referee::Referee;
use super::state::{Ending, Event, OnEmpty, Table, WordTakingError};
use super::take::TakeError;
use crate::contract::Extras;
use crate::contract::event::{CoreEvent, Ruling};
use crate::contract::{
    Action, Arg, Ask, Ctx, Kind, Move, Prompt, Reads, Refusal, Scene, Show, Text, Verb,
};
use crate::lexicon::{Plurals, Region, Verdict};

/// The game's verbs, in the order `help` lists them.
const MOVES: &[Move<Reads<WordTaking>>] = &[
    Move {
        verb: Verb {
            name: "draw",
            args: "[PLAYER] LETTER",
            summary: "the letter the player drew from the box this turn (one a turn); without PLAYER, the player whose turn it is",
            example: "draw alice P",
            completes: &[Arg::Player, Arg::Own("box")],
            block: false,
        },
        reads: draw,
    },
    Move {
        verb: Verb {
            name: "make",
            args: "PLAYER WORD",
            summary: "a new word from the drawn letter and the centre's letters; umpire judges the word",
            example: "make alice LAMP",
            completes: &[Arg::Player, Arg::Word],
            block: false,
        },
        reads: make,
    },
    Move {
        verb: Verb {
            name: "take",
            args: "PLAYER NEWWORD [from OWNER] [OLDWORD]",
            summary: "OWNER's word plus letters from the drawn letter and the centre becomes PLAYER's NEWWORD (OWNER may be PLAYER: an S to protect a word); OLDWORD when the owner holds several that fit; `take carol SAMPLE AMPLE` needs no OWNER when one player holds AMPLE",
            example: "take carol SAMPLE from bob",
            completes: &[
                Arg::Player,
                Arg::Word,
                Arg::Own("from"),
                Arg::Player,
                Arg::Own("held"),
            ],
            block: false,
        },
        reads: take,
    },
    Move {
        verb: Verb {
            name: "next",
            args: "",
            summary: "ends the turn: a drawn letter not used goes to the centre; says what was missed",
            example: "next",
            completes: &[],
            block: false,
        },
        reads: next_turn,
    },
    Move {
        verb: Verb {
            name: "finish",
            args: "",
            summary: "ends the game now, the most words winning (a tie names all): a house rule for an empty box or a table out of time",
            example: "finish",
            completes: &[],
            block: false,
        },
        reads: finish,
    },
    Move {
        verb: Verb {
            name: "hint",
            args: "",
            summary: "the best take or make open to the player whose turn it is, in one line (the hint `next` gives, on demand)",
            example: "hint",
            completes: &[],
            block: false,
        },
        reads: hint,
    },
    Move {
        verb: Verb {
            name: "missed",
            args: "",
            summary: "every take and make open to the player whose turn it is, the longest first",
            example: "missed",
            completes: &[],
            block: false,
        },
        reads: missed,
    },
];

/// A make or take (`verb` and its `args`, the mover's name first and spelled as the
/// roster spells it): `read` parses it with the table's referee and returns the event,
/// the word it forms and the judge's verdict, which is shown with the recorded line.
///
/// A move refused because of its word (not a word under the table's rules, or only a
/// plural) is a ruling the table may want again, as `check`'s are: it is kept in the
/// log as a ruling (`rulings`, the export, the scoreboard, the player's record), and
/// the table is left as it was. A move refused for anything else (letters not on the
/// table, a word not held, out of turn, a typing slip) records nothing.
fn judged(
    ctx: &Ctx<'_, WordTaking>,
    verb: &str,
    args: &str,
    read: impl FnOnce(&Referee<'_>) -> Result<(Event, Word, Verdict), WordTakingError>,
) -> Result<Action<Event>, Refusal> {
    let plurals = Plurals::new()?;
    let referee =
        Referee::new(ctx.lexicon, ctx.rules, &plurals).no_suffix_takes(ctx.options.no_suffix_takes);
    let (event, word, verdict) = match read(&referee) {
        Ok(read) => read,
        Err(e) => return word_refused(ctx, verb, args, &e).ok_or_else(|| e.into()),
    };
    let mut action = Action::record(event);
    action
        .show
        .push(format!("{word} is allowed: {}", verdict.reason).into());
    Ok(action)
}

/// The ruling kept for a move refused because of its word, with what the table is
/// told; `None` for any other refusal.
fn word_refused(
    ctx: &Ctx<'_, WordTaking>,
    verb: &str,
    args: &str,
    e: &WordTakingError,
) -> Option<Action<Event>> {
    let (word, reason, code) = match e {
        WordTakingError::Make(MakeError::NotAllowed { word, reason, code })
        | WordTakingError::Take(TakeError::NotAllowed {
            new: word,
            reason,
            code,
            ..
        }) => (word, reason.clone(), code.clone()),
        WordTakingError::Take(TakeError::PluralOnly { old, new, form }) => (
            new,
            format!("only makes {old} plural ({form}): rule 4 bars such a take"),
            PLURAL_ONLY.to_string(),
        ),
        WordTakingError::Take(TakeError::SuffixOnly { old, new, ending }) => (
            new,
            format!("only adds {ending} to {old}: the house rule bars such a take"),
            "suffix-only".to_string(),
        ),
        _ => return None,
    };
    let ruling = Ruling {
        asked: format!("{verb} {args}"),
        player: args.split_whitespace().next().map(str::to_string),
        round: WordTaking::progress(&ctx.scene()).number,
        rules: ctx.rules.describe(),
        words: vec![Verdict {
            word: word.as_str().to_string(),
            allowed: false,
            reason,
            code,
            at: None,
        }],
        faults: Vec::new(),
        remarks: Vec::new(),
    };
    Some(Action {
        record: vec![crate::contract::event::Event::Core(CoreEvent::Ruled {
            ruling,
        })],
        show: vec![
            format!(
                "refused: {}; nothing changed on the table",
                crate::text::printable_text(&e.to_string())
            )
            .into(),
        ],
        then: vec!["the ruling is kept (`rulings`)".to_string()],
        ask: None,
        refused: true,
    })
}

/// The verdict code of a take refused as only a plural (rule 4).
const PLURAL_ONLY: &str = "plural-only";

/// How rare `word` is, for naming a missed move (10 the commonest): in a names game
/// the level of the name's dictionary spelling; at a table of one region, its level in
/// that region; at a table of no region, the level at which every region has it
/// (DOONA: 35 in Australia, 80 in America, so 80), a word some region lacks ranking
/// after every word all have (its lowest level plus 100); the rarest rank for a word
/// SCOWL does not level.
fn commonness(ctx: &Ctx<'_, WordTaking>, word: &str) -> u8 {
    let names = ctx.rules.policy().only_names().is_some();
    ctx.lexicon
        .summary(&word.to_ascii_lowercase())
        .and_then(|s| {
            if names {
                s.name_level()
            } else if ctx.rules.region != Region::Any {
                s.word_level_in(ctx.rules.region)
            } else {
                s.every_region_level()
                    .or_else(|| s.lowest_word_level().map(|l| l.saturating_add(100)))
            }
        })
        .unwrap_or(u8::MAX)
}

/// True when every region knows `word` at `level` or commoner, or when it is no one
/// region's own (SCOWL levels it nowhere: a house word, a WordNet word), so a hint at a
/// table of no region may offer it before a word some region lacks.
fn every_region_knows(ctx: &Ctx<'_, WordTaking>, word: &str, level: u8) -> bool {
    ctx.lexicon
        .summary(&word.to_ascii_lowercase())
        .is_none_or(|s| {
            s.lowest_word_level().is_none() || s.every_region_level().is_some_and(|l| l <= level)
        })
}

/// The table's rules at the hint's level: words no rarer than `--hint-level` (SCOWL 50
/// unless the table says otherwise), among those the judge allows, so a hint never
/// names a word the judge would refuse, nor one nobody knows. In a names game the same
/// level holds the names: those SCOWL spells among its dictionary capitals at that
/// level (PARIS, ETON, NAPOLEON at 50), not the gazetteer's tail (LENOIR, ERLIN), which
/// the judge still allows when a player lays one.
fn hint_rules(ctx: &Ctx<'_, WordTaking>) -> crate::lexicon::Rules {
    let mut rules = ctx.rules.clone();
    rules.level = rules.level.min(ctx.options.hint_level);
    if rules.policy().only_names().is_some() {
        rules.name_level = Some(rules.level);
    }
    rules
}

/// Every move open on `table` to the player whose turn it is, in words as common as
/// the hint level.
///
/// With a region chosen, the judge has already kept to that region's words at its
/// levels (DOONA is SCOWL 80 in America, past the hint's level). With none, the judge
/// takes every region's lists, so an Australian word (DOONA, REDBACK: SCOWL 35 there)
/// would be offered to players who may never have met it. A hint is advice, and advice
/// in a word half the table does not know reads as a slip: so the moves in words every
/// region knows at the hint's level are offered, and a single region's own words only
/// when nothing else is open (then they are still moves, and better named than hidden).
fn moves(ctx: &Ctx<'_, WordTaking>, table: &Table) -> Result<Moves, Refusal> {
    let held = table.held_words(ctx.roster.names());
    let rules = hint_rules(ctx);
    // Only the words the table's letters can spell are judged.
    let finder = Finder::for_table(ctx.lexicon, &rules, &table.supply(), &held)?
        .no_suffix_takes(ctx.options.no_suffix_takes);
    let mut found = table.missed(ctx.roster.names(), &finder);
    if rules.region == Region::Any && rules.policy().only_names().is_none() {
        found.prefer(|word| every_region_knows(ctx, word, rules.level));
    }
    Ok(found)
}

/// True when no player has a move left on `table` at the judge's own level: no make, no
/// take of any word by a player who does not hold it, no S from the centre to protect
/// a word with. What ends a game played on once the box is empty.
fn no_move_left(ctx: &Ctx<'_, WordTaking>, table: &Table) -> Result<bool, Refusal> {
    let held = table.held_words(ctx.roster.names());
    let finder = Finder::for_table(ctx.lexicon, ctx.rules, &table.supply(), &held)?
        .no_suffix_takes(ctx.options.no_suffix_takes);
    if !finder.find(&table.supply(), &held, None).is_empty() {
        return Ok(false);
    }
    let s_in_centre = table.centre().count(super::letters::Letter::S) > 0;
    let protectable = s_in_centre
        && held
            .iter()
            .any(|h| crate::lexicon::allows(ctx.lexicon, ctx.rules, &format!("{}s", h.word.key())));
    Ok(!protectable)
}

/// `missed`: a heading, then each taken word's, each protection's and the makes' few
/// longest moves with their counts.
fn missed_lines(ctx: &Ctx<'_, WordTaking>) -> Result<Vec<String>, Refusal> {
    let table = ctx.state;
    if table.finished() {
        return Err(Refusal::of(
            Kind::MatchOver,
            "the game is over: there is nothing left to miss",
        ));
    }
    let who = ctx.roster.name(super::view::turn_seat(table, ctx.roster));
    let found = moves(ctx, table)?;
    let drawn = table
        .drawn()
        .map_or_else(|| "no letter drawn".to_string(), |d| format!("drawn {d}"));
    let centre = if table.centre().is_empty() {
        "the centre is empty".to_string()
    } else {
        format!("centre {}", table.centre().compact())
    };
    let what = if ctx.rules.policy().only_names().is_some() {
        "names"
    } else {
        "words"
    };
    let mut lines = vec![format!(
        "open to {who} now ({drawn}; {centre}; {}; {what} to SCOWL {}):",
        ctx.rules.describe(),
        hint_rules(ctx).level
    )];
    if found.is_empty() {
        lines.push(format!("  nothing{}", nothing_found(ctx, table)?));
        return Ok(lines);
    }
    lines.extend(
        found
            .summarize(MISSED_SHOWN)
            .iter()
            .map(|g| format!("  {g}")),
    );
    Ok(lines)
}

/// `hint`: the one move `next` would name, for the player whose turn it is now, asked
/// for (the table may play with `--no-missed-hint`, and a word of one letter is hinted
/// only when asked).
fn hint_line(ctx: &Ctx<'_, WordTaking>) -> Result<String, Refusal> {
    let table = ctx.state;
    if table.finished() {
        return Err(Refusal::of(
            Kind::MatchOver,
            "the game is over: there is no move left to hint",
        ));
    }
    let who = ctx.roster.name(super::view::turn_seat(table, ctx.roster));
    match moves(ctx, table)?.hint_now(who, |word| commonness(ctx, word)) {
        Some(hint) => Ok(hint),
        None => Ok(format!(
            "hint: nothing is open to {who} now{}",
            nothing_found(ctx, table)?
        )),
    }
}

/// What a search that found nothing at the hint's level says after "nothing": what it
/// searched, then whether the table's own rules open a move in a rarer word. A names
/// game's hint offers only the names a dictionary lists to its level, so LOPEZ (a
/// surname, and a town the judge allows) is no hint at SCOWL 50 but a move all the
/// same: "nothing is possible" would be untrue. The rarer moves are counted, not
/// named, as a hint names none rarer than its level: " among names to SCOWL 50, the
/// hint's level; 1 make is open in a rarer name the table's rules allow", or ": no
/// take or make is possible in any name the table's rules allow".
fn nothing_found(ctx: &Ctx<'_, WordTaking>, table: &Table) -> Result<String, Refusal> {
    let hint = hint_rules(ctx);
    let (one, many) = if ctx.rules.policy().only_names().is_some() {
        ("name", "names")
    } else {
        ("word", "words")
    };
    // The hint searched all the judge allows: nothing is possible.
    if hint.level >= ctx.rules.level && hint.name_level.is_none() {
        return Ok(": no take or make is possible".to_string());
    }
    let held = table.held_words(ctx.roster.names());
    let finder = Finder::for_table(ctx.lexicon, ctx.rules, &table.supply(), &held)?
        .no_suffix_takes(ctx.options.no_suffix_takes);
    let rarer = table.missed(ctx.roster.names(), &finder);
    if rarer.is_empty() {
        return Ok(format!(
            ": no take or make is possible in any {one} the table's rules allow"
        ));
    }
    let open = if rarer.len() == 1 {
        format!("is open in a rarer {one}")
    } else {
        format!("are open in rarer {many}")
    };
    Ok(format!(
        " among {many} to SCOWL {}, the hint's level; {} {open} the table's rules allow",
        hint.level,
        rarer.tally()
    ))
}

/// A make or take refused for one letter the table lacks, which the player's draw this
/// turn could have been: the refusal said again with the draw's entry and the line that
/// mends it (`fix #7 draw jo P`), or, with no draw typed yet this turn, the draw to
/// type first. The scorekeeper types the letter a player calls out, and a letter
/// misheard (B for P) refuses every word made with it; without the draw named the table
/// retypes the make. As TAKE rummy names a draw typed from the stock that came from the
/// pile. Said only when that one letter is nowhere on the table, is still in the box and
/// would make the line fit; the line's other refusals (out of turn, a word not held)
/// stand as they are.
fn draw_slip(
    scene: &Scene<'_, WordTaking>,
    verb: &str,
    args: &str,
    refusal: &Refusal,
    entries: &[(u64, &Event)],
) -> Option<Refusal> {
    let (table, roster) = (scene.state, scene.roster);
    let players = roster.names();
    if verb != "make" && verb != "take" {
        return None;
    }
    let spelt = roster.spell(args, &[0]).ok()?;
    let tokens: Vec<&str> = spelt.split_whitespace().collect();
    let (typed, rest) = tokens.split_first()?;
    let seat = table.on_turn(players, typed).ok()?;
    let player = players.get(seat)?;
    let (new, rest) = rest.split_first()?;
    let new = Word::parse(new).ok()?;
    // The letters the line needs from the table: a make's whole word; a take's word
    // less the held word it takes (any that fits, or the one the line names).
    let needs: Vec<Letters> = if verb == "make" {
        vec![new.letters()]
    } else {
        let named: Vec<Word> = rest
            .iter()
            .filter(|w| !w.eq_ignore_ascii_case("from") && roster.find(w).is_err())
            .filter_map(|w| Word::parse(w).ok())
            .collect();
        let owner = match rest {
            [from, owner, ..] if from.eq_ignore_ascii_case("from") => roster.find(owner).ok(),
            _ => None,
        };
        (0..players.len())
            .filter(|s| owner.is_none_or(|o| o == *s))
            .flat_map(|s| table.words(s).iter())
            .filter(|old| named.is_empty() || named.contains(old))
            .filter_map(|old| new.letters().minus(&old.letters()))
            .filter(|added| !added.is_empty())
            .collect()
    };
    let supply = table.supply();
    // The one letter short, none of it on the table, when the centre and that letter in
    // the draw's place give every letter the line needs. A letter the table already
    // shows, asked for once too often (SAMPLES for SAMPLE, an S in the centre), is most
    // often the word's slip, not the draw's.
    let short_of = |need: &Letters| -> Option<Letter> {
        let short = supply.all().shortfall(need);
        let letter = short.iter().next().filter(|_| short.len() == 1)?;
        if supply.all().count(letter) > 0 {
            return None;
        }
        let mut with = *table.centre();
        with.add(letter);
        (with.contains(need) && table.in_box().count(letter) > 0).then_some(letter)
    };
    let mut letters = needs.iter().map(short_of);
    let letter = letters.next()??;
    if letters.any(|l| l != Some(letter)) {
        return None;
    }
    let again = format!("{verb} {spelt}");
    let slip = match table.drawn() {
        Some(drawn) => {
            let (at, _) = entries.iter().rev().find(|(_, e)| {
                matches!(e, Event::Drawn { player: by, .. } if crate::contract::same_name(by, player))
            })?;
            format!(
                "{player}'s draw at #{at} was typed as {drawn}: if {player} drew {letter}, `fix #{at} draw {player} {letter}`, then `{again}` again"
            )
        }
        None if !table.has_drawn() => format!(
            "{player} has not drawn this turn: if {player} drew {letter}, `draw {player} {letter}` first, then `{again}` again"
        ),
        None => return None,
    };
    Some(Refusal::of(
        refusal.kind,
        format!("{}; {slip}", refusal.message),
    ))
}

// What reads each verb's line (MOVES), each refusing what does not parse or does not
// fit the table (nothing is recorded then, but for the ruling on a word, see [`judged`]).

/// `draw`: the letter a player drew (the player whose turn it is, unless named).
fn draw(
    ctx: &Ctx<'_, WordTaking>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let options = &ctx.options.table;
    let players = ctx.roster.names();
    // `draw P`: the letter alone, for the player whose turn it is.
    let spelt = if args.split_whitespace().count() == 1 {
        &[][..]
    } else {
        &[0][..]
    };
    let args = ctx.roster.spell(args, spelt)?;
    parse_draw(ctx.state, options, players, &args)
        .map(Action::record)
        .map_err(Refusal::from)
}

/// `make`: a word made from the centre, judged.
fn make(
    ctx: &Ctx<'_, WordTaking>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let options = &ctx.options.table;
    let players = ctx.roster.names();
    let args = ctx.roster.spell(args, &[0])?;
    judged(ctx, "make", &args, |referee| {
        let (event, ruling) = parse_make(ctx.state, options, players, referee, &args)?;
        Ok((event, ruling.word, ruling.verdict))
    })
}

/// `take`: a word taken (from the centre and a player's word, or one's own), judged.
fn take(
    ctx: &Ctx<'_, WordTaking>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let options = &ctx.options.table;
    let players = ctx.roster.names();
    let args = ctx.roster.spell(args, &[0, 3])?;
    judged(ctx, "take", &args, |referee| {
        let (event, ruling) = parse_take(ctx.state, options, players, referee, &args)?;
        Ok((event, ruling.new, ruling.verdict))
    })
}

/// `next`: the turn passes, and the game ends where the table's rules end it.
fn next_turn(
    ctx: &Ctx<'_, WordTaking>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let options = &ctx.options.table;
    let players = ctx.roster.names();
    let event = parse_next(ctx.state, options, players, args).map_err(Refusal::from)?;
    let mut after = ctx.state.clone();
    let fits = after.apply(options, players, &event).is_ok();
    let mut action = Action::record(event);
    // Once the box is empty the game ends as the table agreed (a house rule).
    if fits && !after.finished() && after.in_box().is_empty() {
        let why = match options.on_empty {
            OnEmpty::Finish => Some(Ending::BoxEmpty),
            OnEmpty::PlayOn if no_move_left(ctx, &after)? => Some(Ending::NoMoves),
            OnEmpty::PlayOn => None,
        };
        if let Some(why) = why {
            let end = Event::Finished { why };
            after.apply(options, players, &end).map_err(Refusal::from)?;
            action.record.push(crate::contract::event::Event::Game(end));
        }
    }
    // Once the game is over, what the last turn missed no longer matters.
    let mover = ctx
        .roster
        .name(super::view::turn_seat(ctx.state, ctx.roster));
    // A word of one letter (A, I, O) is missed on almost every turn: it is
    // hinted only when asked (`hint`, `missed`).
    if ctx.options.missed_hint
        && !after.finished()
        && let Some((hint, len)) =
            moves(ctx, ctx.state)?.hint_told(mover, |word| commonness(ctx, word), false)
        && len > 1
    {
        action.then.push(hint);
    }
    // Rule 2 has every player draw: a turn ended without one while the box
    // holds letters is most often `next` typed twice. Asked at a terminal;
    // a script records it, and its line says "without a draw".
    let letters = ctx.state.in_box().len();
    if !ctx.script && !ctx.state.has_drawn() && letters > 0 {
        let mover = mover.to_string();
        return Ok(Action {
            record: Vec::new(),
            show: vec![
                format!(
                    "{mover} has not drawn this turn, and the box holds {}: rule 2 has every player draw",
                    crate::text::count(letters as i64, "letter", "letters")
                )
                .into(),
            ],
            then: Vec::new(),
            ask: Some(Ask {
                question: format!("end {mover}'s turn without a draw?"),
                record: action.record,
                after: action.then,
                then: None,
            }),
            refused: false,
        });
    }
    Ok(action)
}

/// `finish`: the game ends now.
fn finish(
    ctx: &Ctx<'_, WordTaking>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let options = &ctx.options.table;
    let players = ctx.roster.names();
    parse_finish(ctx.state, options, players, args)
        .map(Action::record)
        .map_err(Refusal::from)
}

/// `missed`: what the player whose turn it is could do now.
fn missed(
    ctx: &Ctx<'_, WordTaking>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    if !args.trim().is_empty() {
        return Err(Refusal::input(
            "missed takes no arguments: it lists what the player whose turn it is could do now",
        ));
    }
    Ok(Action::show(missed_lines(ctx)?))
}

/// `hint`: the best move open to the player whose turn it is.
fn hint(
    ctx: &Ctx<'_, WordTaking>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    if !args.trim().is_empty() {
        return Err(Refusal::input(
            "hint takes no arguments: it names the best move open to the player whose turn it is",
        ));
    }
    Ok(Action::show(vec![hint_line(ctx)?]))
}

impl Prompt for WordTaking {
    const MOVES: &'static [Move<Reads<Self>>] = MOVES;

    /// Completion candidates: the letters still in the box, `from`, every word held; and
    /// for the scorekeeper's page, the letters a make is spelt from.
    fn complete(scene: &Scene<'_, Self>, kind: &str) -> Vec<String> {
        let (state, roster) = (scene.state, scene.roster);
        match kind {
            "box" => Letter::all()
                .filter(|l| state.in_box().count(*l) > 0)
                .map(|l| l.to_string())
                .collect(),
            // After the new word: `from`, or the word taken (its owner left out).
            "from" => std::iter::once("from".to_string())
                .chain((0..roster.len()).flat_map(|i| state.words(i).iter().map(|w| w.to_string())))
                .collect(),
            "held" => (0..roster.len())
                .flat_map(|i| state.words(i).iter().map(|w| w.to_string()))
                .collect(),
            // The scorekeeper's page: the centre's letters and the one drawn, to spell a
            // make; `from` and the words held, for a take.
            crate::contract::PIECES => {
                let mut pieces: Vec<String> = Letter::all()
                    .filter(|l| state.centre().count(*l) > 0 || state.drawn() == Some(*l))
                    .map(|l| l.to_string())
                    .collect();
                pieces.push("from".to_string());
                pieces.extend(
                    (0..roster.len()).flat_map(|i| state.words(i).iter().map(|w| w.to_string())),
                );
                pieces
            }
            _ => Vec::new(),
        }
    }

    /// The player whose word count an event changes (the taker; a take also costs the
    /// owner a word, which the standings line after it shows).
    fn player(event: &Event) -> Option<&str> {
        match event {
            Event::Made { player, .. } | Event::Taken { player, .. } => Some(player),
            Event::Drawn { .. } | Event::TurnEnded { .. } | Event::Finished { .. } => None,
        }
    }

    fn words(event: &Event) -> Vec<String> {
        match event {
            Event::Made { word, .. } => vec![word.to_string()],
            Event::Taken { word, from, .. } => vec![word.to_string(), from.to_string()],
            Event::Drawn { .. } | Event::TurnEnded { .. } | Event::Finished { .. } => Vec::new(),
        }
    }

    /// The player an entry names, and the owner of a word taken.
    fn texts(event: &mut Event) -> Vec<Text<'_>> {
        match event {
            Event::Taken { player, owner, .. } => vec![Text::name(player), Text::name(owner)],
            Event::Drawn { player, .. }
            | Event::Made { player, .. }
            | Event::TurnEnded { player } => vec![Text::name(player)],
            Event::Finished { .. } => Vec::new(),
        }
    }
}

/// What only Word Taking needs of the core: a fix carried into the makes that used a
/// draw, who holds a word denied, a refusal said with the draw typed wrong.
impl Extras<Event> for WordTaking {
    /// A draw typed wrong (`draw ann E` for O) broke the make or take that used its
    /// letter: that word with the letter typed right (`make ann LEG` becomes `make ann
    /// LOG`), its last E an O. The line is judged again where it stands.
    fn carry(old: &Event, new: &Event, broken: &Event) -> Option<String> {
        let (
            Event::Drawn {
                player: was_by,
                letter: was,
            },
            Event::Drawn {
                player: now_by,
                letter: now,
            },
        ) = (old, new)
        else {
            return None;
        };
        if was == now || !crate::contract::same_name(was_by, now_by) {
            return None;
        }
        let (was, now) = (was.to_string(), now.to_string());
        let swapped = |word: &Word| -> Option<String> {
            let spelt = word.to_string();
            let at = spelt.rfind(was.as_str())?;
            Some(format!("{}{now}{}", &spelt[..at], &spelt[at + was.len()..]))
        };
        match broken {
            Event::Made { player, word } => Some(format!("make {player} {}", swapped(word)?)),
            Event::Taken {
                player,
                word,
                owner,
                from,
            } => Some(format!(
                "take {player} {} from {owner} {from}",
                swapped(word)?
            )),
            Event::Drawn { .. } | Event::TurnEnded { .. } | Event::Finished { .. } => None,
        }
    }

    /// A word held is in front of one player, who made or took it.
    fn holder(scene: &Scene<'_, Self>, word: &str) -> Option<String> {
        let (state, roster) = (scene.state, scene.roster);
        (0..roster.len())
            .find(|&seat| {
                state
                    .words(seat)
                    .iter()
                    .any(|w| w.to_string().eq_ignore_ascii_case(word))
            })
            .and_then(|seat| roster.names().get(seat).cloned())
    }

    const MENDS: bool = true;

    fn mend(
        scene: &Scene<'_, Self>,
        verb: &str,
        args: &str,
        refusal: &Refusal,
        entries: &[(u64, &Event)],
    ) -> Option<Refusal> {
        draw_slip(scene, verb, args, refusal, entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A take names its taker and the owner of the word taken; a finish no one.
    #[test]
    fn the_names_an_entry_holds_are_the_player_and_the_owner_of_a_word_taken() {
        let word = |w: &str| Word::parse(w).expect("a word");
        let mut take = Event::Taken {
            player: "ann".into(),
            word: word("COAT"),
            owner: "cat".into(),
            from: word("CAT"),
        };
        let names: Vec<(&str, String, usize)> = WordTaking::texts(&mut take)
            .into_iter()
            .map(|t| (t.what, t.text.clone(), t.max))
            .collect();
        assert_eq!(
            names,
            [
                ("a name", "ann".to_string(), 24),
                ("a name", "cat".to_string(), 24)
            ]
        );
        let mut ended = Event::TurnEnded {
            player: "ben".into(),
        };
        assert_eq!(WordTaking::texts(&mut ended).len(), 1);
        let mut finished = Event::Finished {
            why: Ending::Called,
        };
        assert!(WordTaking::texts(&mut finished).is_empty());
    }
}
