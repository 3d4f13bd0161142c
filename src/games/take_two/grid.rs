//! `grid PLAYER`: the end-of-round dispute, ruled on a player's whole crossword.

use super::crossword::{Grid, rule};
use super::round::fits_set;
use super::{Event, PENALTY, TakeTwo};
use super::{PenaltyRule, TakeTwoError};
use crate::contract::{Action, Ask, Ctx, Refusal, Show, Shown};
use crate::games::take_two::tiles::{self, Tile, TileCounts};
use crate::text::count;
use crate::text::printable;

/// `grid PLAYER [--file FILE] [--apply] [--judge]`: the ruling on a whole grid, kept in
/// the log; a penalty offered (or, with --apply, recorded) for words not allowed.
pub(super) fn grid(
    ctx: &Ctx<'_, TakeTwo>,
    args: &str,
    block: Option<&[String]>,
) -> Result<Action<Event>, Refusal> {
    let mut player = None;
    let (mut apply, mut judge) = (false, false);
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "--apply" => apply = true,
            "--judge" => judge = true,
            "--file" => {
                // The prompt has already read the file into the block.
                words.next();
            }
            flag if flag.starts_with("--") => {
                return Err(TakeTwoError::GridFlag {
                    flag: printable(flag),
                }
                .into());
            }
            name if player.is_none() => player = Some(name),
            extra => {
                return Err(TakeTwoError::GridExtra {
                    extra: printable(extra),
                }
                .into());
            }
        }
    }
    let Some(player) = player else {
        return Err(TakeTwoError::GridNeedsPlayer.into());
    };
    let i = ctx.roster.find(player)?;
    let name = ctx.roster.name(i).to_string();
    let rows = block.unwrap_or_default();
    let parsed = Grid::parse(rows)?;
    let ruled = rule(&parsed, ctx.lexicon, ctx.rules);

    // Tiles: the grid must fit the set, and a recorded hand.
    let mut faults = Vec::new();
    let used = TileCounts::of(&ruled.tiles);
    if let Err(r) = fits_set(&used, &ctx.options.tiles, "the grid") {
        faults.push(r.message);
    }
    let mut offer = None;
    if let Some(Some(hand)) = ctx.state.open().hands.get(i) {
        match TileCounts::of(hand).minus(&used) {
            Err(_) => {
                let extra = used.excess_over(&TileCounts::of(hand));
                faults.push(format!(
                    "the grid holds tiles that are not in {name}'s hand: {}",
                    tiles::show(&extra.tiles())
                ));
            }
            Ok(rest)
                if ctx
                    .state
                    .open()
                    .finishes
                    .get(i)
                    .is_some_and(Option::is_none) =>
            {
                let entry = if rest.total() == 0 {
                    super::Event::Out {
                        player: name.clone(),
                    }
                } else {
                    super::Event::Left {
                        player: name.clone(),
                        tiles: rest.tiles().iter().map(Tile::to_string).collect(),
                    }
                };
                offer = Some((
                    if rest.total() == 0 {
                        format!("{name} used the whole hand: record {name} out?")
                    } else {
                        format!("record {name} left {}?", tiles::show(&rest.tiles()))
                    },
                    entry,
                ));
            }
            Ok(_) => {}
        }
    }
    let round = TakeTwo::progress(&ctx.scene()).number;
    let ruling = ruled.to_ruling(
        format!("grid {name}"),
        Some(name.clone()),
        round,
        ctx.rules,
        faults,
    );
    let acceptable = ruling.acceptable();
    let mut lines = Vec::new();
    if judge {
        lines.push(Shown::Text(format!(
            "grid {name}: {} (`reveal` shows why)",
            if acceptable {
                "acceptable"
            } else {
                "not acceptable"
            }
        )));
    } else {
        lines.push(Shown::Ruling(ruling.clone()));
        lines.push(Shown::Text(format!(
            "{}, {} used",
            count(ruled.words.len() as i64, "word", "words"),
            count(ruled.tiles.len() as i64, "tile", "tiles")
        )));
    }

    let mut record = vec![crate::contract::event::Event::Core(
        crate::contract::event::CoreEvent::Ruled { ruling },
    )];
    let barred = ruled.barred();
    let mut ask = None;
    if !barred.is_empty() {
        let why = if judge {
            "grid not acceptable".to_string()
        } else {
            format!("grid: {}", barred.join(", "))
        };
        // The sheet's +25 for a player found with an incorrect word, once; or, by the
        // table's choice (`--penalty per-word`), once for each word.
        let per_word = ctx.options.penalty == PenaltyRule::PerWord && !judge;
        let penalties: Vec<_> = if per_word {
            barred
                .iter()
                .map(|w| {
                    crate::contract::event::Event::Game(Event::Penalty {
                        player: name.clone(),
                        why: why.clone(),
                        words: vec![w.clone()],
                    })
                })
                .collect()
        } else {
            vec![crate::contract::event::Event::Game(Event::Penalty {
                player: name.clone(),
                why,
                words: barred.clone(),
            })]
        };
        let points = PENALTY * penalties.len() as i64;
        if apply {
            record.extend(penalties);
        } else if ctx.script {
            lines.push(Shown::Text(format!(
                "penalty not recorded: in a script, `grid {name} --apply` records the +{points}"
            )));
        } else {
            let what = if judge {
                String::new()
            } else {
                format!(" ({})", barred.join(", "))
            };
            ask = Some(Ask::new(
                format!("record +{points} for {name}{what}?"),
                penalties,
            ));
        }
    }
    // The hand's unused tiles, offered as the player's entry: a question at a
    // terminal (after any penalty question, whatever its answer), a line in a script.
    if let Some((question, entry)) = offer {
        if ctx.script {
            let typed = match &entry {
                Event::Left { player, tiles } => format!("left {player} {tiles}"),
                _ => format!("out {name}"),
            };
            lines.push(Shown::Text(format!(
                "{name}'s entry from the hand: `{typed}`"
            )));
        } else {
            let offered = Ask::new(question, vec![crate::contract::event::Event::Game(entry)]);
            ask = Some(match ask {
                Some(mut first) => {
                    first.then = Some(Box::new(offered));
                    first
                }
                None => offered,
            });
        }
    }
    Ok(Action {
        record,
        show: lines,
        then: Vec::new(),
        ask,
        refused: false,
    })
}
