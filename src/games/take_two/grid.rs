//! `grid PLAYER`: the end-of-round dispute, ruled on a player's whole crossword.

use super::{Event, PENALTY, TakeTwo, fits_set};
use crate::games::{Action, Ask, Refusal, View};
use crate::tiles::{self, Tile, TileCounts};

/// `grid PLAYER [--file FILE] [--apply] [--judge]`: the ruling on a whole grid, kept in
/// the log; a penalty offered (or, with --apply, recorded) for words not allowed.
pub(super) fn grid(
    view: &View<'_, TakeTwo>,
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
                return Err(Refusal(format!(
                    "grid takes --file FILE, --apply and --judge, not {}",
                    crate::render::printable(flag)
                )));
            }
            name if player.is_none() => player = Some(name),
            extra => {
                return Err(Refusal(format!(
                    "grid takes one player; {} is extra",
                    crate::render::printable(extra)
                )));
            }
        }
    }
    let Some(player) = player else {
        return Err(Refusal(
            "grid needs PLAYER, e.g. grid alice, then the rows".into(),
        ));
    };
    let i = view.roster.find(player)?;
    let name = view.roster.name(i).to_string();
    let rows = block.unwrap_or_default();
    let parsed = crate::grid::Grid::parse(rows)?;
    let ruled = crate::grid::rule(&parsed, view.lexicon, view.rules);

    // Tiles: the grid must fit the set, and a recorded hand.
    let mut faults = Vec::new();
    let used = TileCounts::of(&ruled.tiles);
    if let Err(r) = fits_set(&used, &view.options.tiles, "the grid") {
        faults.push(r.0);
    }
    let mut show = Vec::new();
    if let Some(Some(hand)) = view.state.open.hands.get(i) {
        match TileCounts::of(hand).minus(&used) {
            Err(_) => {
                let extra = used.excess_over(&TileCounts::of(hand));
                faults.push(format!(
                    "the grid holds tiles that are not in {name}'s hand: {}",
                    tiles::show(&extra.tiles())
                ));
            }
            Ok(rest) if view.state.open.finishes.get(i).is_some_and(Option::is_none) => {
                show.push(if rest.total() == 0 {
                    format!("{name} used the whole hand: record it with `out {name}`")
                } else {
                    let left: String = rest.tiles().iter().map(Tile::to_string).collect();
                    format!(
                        "{name}'s unused tiles: {}: record them with `left {name} {left}`",
                        tiles::show(&rest.tiles())
                    )
                });
            }
            Ok(_) => {}
        }
    }
    let round = view.state.closed.len() as u32 + 1;
    let ruling = ruled.to_ruling(
        format!("grid {name}"),
        Some(name.clone()),
        round,
        view.rules,
        faults,
    );
    let acceptable = ruling.acceptable();
    let mut lines = Vec::new();
    if judge {
        lines.push(format!(
            "grid {name}: {} (`reveal` shows why)",
            if acceptable {
                "acceptable"
            } else {
                "not acceptable"
            }
        ));
    } else {
        lines.push(crate::render::ruling(&ruling));
        lines.push(format!("{} tiles used", ruled.tiles.len()));
    }
    lines.append(&mut show);

    let mut record = vec![crate::session::event::Event::Core(
        crate::session::event::CoreEvent::Ruled { ruling },
    )];
    let barred = ruled.barred();
    let mut ask = None;
    if !barred.is_empty() {
        let why = if judge {
            "grid not acceptable".to_string()
        } else {
            format!("grid: {}", barred.join(", "))
        };
        let penalty = crate::session::event::Event::Game(Event::Penalty {
            player: name.clone(),
            why,
            words: barred.clone(),
        });
        if apply {
            record.push(penalty);
        } else if view.script {
            lines.push(format!(
                "penalty not recorded: in a script, `grid {name} --apply` records the +{PENALTY}"
            ));
        } else {
            let what = if judge {
                String::new()
            } else {
                format!(" ({})", barred.join(", "))
            };
            ask = Some(Ask {
                question: format!("record +{PENALTY} for {name}{what}?"),
                record: vec![penalty],
            });
        }
    }
    Ok(Action {
        record,
        show: lines,
        ask,
    })
}
