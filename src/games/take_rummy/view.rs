//! What the core shows of a TAKE rummy match beyond what the round-game layer shows of
//! every game of hands: the cards laid and held as each hand's own columns and details,
//! the runs on the table and the open hand's entries as a [`TableView`], the export's
//! own fields, and what the table hears on opening.

use serde_json::{Map, Value, json};

use super::game::TakeRummy;
use super::hand::{Hand, and_names, cards_text};
use super::runs::Run;
use super::state::{Match, Rummy};
use super::table::TableRow;
use super::turns::{Play, Turns};
use crate::contract::{Block, Column, Figure, Scene, TableView};
use crate::games::take_rummy::cards::{Card, Natural};

/// A seat's laid runs count once it has a `laid` entry or owns runs on the tracked
/// table; in a closed hand, always.
fn laid_counts(hand: &Hand, s: usize, closed: bool) -> bool {
    s < hand.seats() && (closed || hand.is_tracked() || hand.laid(s).is_some())
}

/// A hand's own columns: the cards laid and held, and their values.
pub(super) fn columns(hand: &Hand, players: usize, closed: bool) -> Vec<Column> {
    let seated = |s: usize| s < hand.seats();
    let column = |name: &'static str, value: &dyn Fn(usize) -> Option<Value>| Column {
        name,
        values: (0..players).map(value).collect(),
    };
    vec![
        column("laid", &|s| {
            laid_counts(hand, s, closed).then(|| runs_json(hand.counted_runs(s)))
        }),
        column("held", &|s| {
            hand.held(s)
                .filter(|_| seated(s))
                .map(|cards| json!(cards.iter().map(Card::to_string).collect::<Vec<_>>()))
        }),
        column("laid_value", &|s| {
            laid_counts(hand, s, closed).then(|| Value::from(hand.laid_value(s)))
        }),
        column("held_value", &|s| {
            seated(s)
                .then(|| hand.held_value(s))
                .flatten()
                .map(Value::from)
        }),
    ]
}

/// A seat's entry in words: "laid 5C 6C 7C (15); held 9S (5)".
pub(super) fn detail(hand: &Hand, s: usize, closed: bool) -> String {
    let mut parts = Vec::new();
    if laid_counts(hand, s, closed) {
        parts.push(format!("laid {}", laid_text(hand, s)));
    }
    if hand.held(s).is_some() {
        parts.push(format!("held {}", held_text(hand, s)));
    }
    parts.join("; ")
}

/// The locked runs each player ended a hand with, for `stats`.
pub(super) fn figures(scene: &Scene<'_, TakeRummy>) -> Vec<Figure> {
    vec![Figure {
        name: "locked runs",
        values: (0..scene.roster.len())
            .map(|s| {
                scene
                    .state
                    .closed()
                    .iter()
                    .flat_map(|h| h.counted_runs(s))
                    .filter(|r| r.is_locked())
                    .count() as i64
            })
            .collect(),
    }]
}

/// Runs as the export writes them: each as its cards, jokers with their meaning.
fn runs_json(runs: &[Run]) -> Value {
    json!(runs.iter().map(Run::to_string).collect::<Vec<_>>())
}

/// "5C 6C 7C, QH KH AH (50)", or "nothing (0)".
fn laid_text(hand: &Hand, seat: usize) -> String {
    let runs = hand.counted_runs(seat);
    let value = hand.laid_value(seat);
    if runs.is_empty() {
        return format!("nothing ({value})");
    }
    let each: Vec<String> = runs.iter().map(Run::to_string).collect();
    format!("{} ({value})", each.join(", "))
}

/// "9S JK (25)", "nothing (0)", or "" without a `held` entry.
fn held_text(hand: &Hand, seat: usize) -> String {
    match hand.held(seat) {
        Some([]) => "nothing (0)".to_string(),
        Some(cards) => format!(
            "{} ({})",
            cards_text(cards),
            hand.held_value(seat).unwrap_or(0)
        ),
        None => String::new(),
    }
}

/// The hand `table` shows: the open one, or once the match is over the last one.
fn shown_hand(game: &Match) -> Option<(u32, &Hand, bool)> {
    if game.over() {
        let number = u32::try_from(game.closed().len()).unwrap_or(u32::MAX);
        game.closed().last().map(|h| (number, h.as_ref(), true))
    } else {
        Some((game.hand_number(), game.open(), false))
    }
}

/// "2 runs (35)", "1 run (20)", "no runs".
fn owned_text(runs: &[Run]) -> String {
    let value: u32 = runs.iter().map(Run::value).sum();
    match runs.len() {
        0 => "no runs".to_string(),
        n => format!("{} ({value})", crate::text::count(n as i64, "run", "runs")),
    }
}

/// One line a run, by label: `A  alice  5C 6C 7C 8C  value 20  LOCKED`.
fn run_lines(hand: &Hand, names: &[String]) -> Vec<String> {
    let rows = hand.table().rows(names);
    let width = |f: &dyn Fn(&TableRow) -> String| {
        rows.iter().map(|r| f(r).chars().count()).max().unwrap_or(0)
    };
    let label_width = width(&|r| r.name.clone());
    let owner_width = width(&|r| r.owner.clone());
    let cards_width = width(&|r| r.run.to_string());
    rows.iter()
        .map(|r| {
            let line = format!(
                "{:<label_width$}  {:<owner_width$}  {:<cards_width$}  value {:>3}{}",
                r.name,
                r.owner,
                r.run.to_string(),
                r.value,
                if r.locked { "  LOCKED" } else { "" }
            );
            line.trim_end().to_string()
        })
        .collect()
}

/// Whose turn it is and where they are in it: "ben, to draw".
fn turn_text(turns: &Turns, names: &[String]) -> String {
    let who = names.get(turns.turn()).map_or("?", String::as_str);
    match (turns.drawn(), turns.taken_from_pile()) {
        (false, _) if turns.is_floater(turns.turn()) => {
            format!("{who}, to draw from the stock (a floater)")
        }
        (false, _) => format!("{who}, to draw"),
        (true, Some(card)) => {
            format!("{who}, took {card} from the discard pile: to meld and discard (not {card})")
        }
        (true, None) => format!("{who}, drawn: to meld and discard"),
    }
}

/// The turn as `table` shows it: the deal, the discard pile, the counts, whose turn,
/// the floaters, who went out.
fn turn_lines(turns: &Turns, hand: &Hand, names: &[String]) -> Vec<String> {
    let name = |s: usize| names.get(s).map_or("?", String::as_str);
    let mut lines = Vec::new();
    let top = turns
        .top()
        .map_or_else(|| "empty".to_string(), |c| format!("{c} on top"));
    lines.push(format!(
        "dealer {}; discard pile {top} ({}); stock {}",
        name(turns.dealer()),
        crate::text::count(turns.pile().len() as i64, "card", "cards"),
        turns.stock()
    ));
    let counts: Vec<String> = turns
        .counts()
        .iter()
        .enumerate()
        .map(|(s, n)| format!("{} {n}", name(s)))
        .collect();
    lines.push(format!("cards in hand: {}", counts.join(", ")));
    match turns.out() {
        Some(out) => {
            let wanted: Vec<&str> = (0..hand.seats())
                .filter(|s| hand.held(*s).is_none())
                .map(name)
                .collect();
            lines.push(if wanted.is_empty() {
                format!("{} went out: `end` closes the hand", name(out))
            } else {
                format!(
                    "{} went out: held cards wanted from {}, then `end`",
                    name(out),
                    and_names(&wanted)
                )
            });
        }
        None => lines.push(format!("turn: {}", turn_text(turns, names))),
    }
    let floaters: Vec<&str> = turns.floaters().into_iter().map(name).collect();
    if !floaters.is_empty() {
        lines.push(format!("floating: {}", and_names(&floaters)));
    }
    lines
}

/// One play as the export gives it.
fn play_json(play: &Play, names: &[String]) -> Value {
    let name = |s: &usize| names.get(*s).cloned().unwrap_or_default();
    match play {
        Play::Deal { seat, up } => {
            json!({"play": "deal", "player": name(seat), "up": up.to_string()})
        }
        Play::Draw { seat, card } => match card {
            Some(card) => {
                json!({"play": "draw", "player": name(seat), "from": "discard", "card": card.to_string()})
            }
            None => json!({"play": "draw", "player": name(seat), "from": "stock"}),
        },
        Play::Lay { seat, label, run } => json!({
            "play": "lay", "player": name(seat), "run": label.to_string(),
            "cards": run.to_string(), "value": run.value(),
        }),
        Play::Take {
            seat,
            cards,
            from,
            label,
            run,
        } => json!({
            "play": "take", "player": name(seat),
            "cards": cards.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "onto": from.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "run": label.to_string(), "makes": run.to_string(), "value": run.value(),
            "locked": run.is_locked(),
        }),
        Play::Discard { seat, card, out } => json!({
            "play": "discard", "player": name(seat), "card": card.to_string(), "out": out,
        }),
    }
}

/// The runs on a hand's table, as the export gives them.
fn table_json(hand: &Hand, names: &[String]) -> Vec<Value> {
    hand.table()
        .rows(names)
        .iter()
        .map(|r| {
            json!({
                "run": r.name,
                "owner": r.owner,
                "cards": r.run.to_string(),
                "value": r.value,
                "locked": r.locked,
                "jokers": r.run.jokers().iter().map(Natural::to_string).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// The runs on the table by owner (when the hand is tracked), then each player's entries
/// in the hand: what `table` prints, and the Markdown export's table.
pub(super) fn table(scene: &Scene<'_, TakeRummy>) -> TableView {
    let (state, roster) = (scene.state, scene.roster);
    let Some((number, hand, closed)) = shown_hand(state) else {
        return TableView::default();
    };
    let names = roster.names();
    let mut blocks = Vec::new();
    if !hand.table().is_empty() {
        blocks.push(Block::Text {
            title: format!("runs on the table, hand {number}"),
            lines: run_lines(hand, names),
        });
    }
    if let Some(turns) = hand.turns() {
        blocks.push(Block::Text {
            title: format!("the turn, hand {number}"),
            lines: turn_lines(turns, hand, names),
        });
    }
    let rows = (0..roster.len())
        .map(|s| {
            // Every player sits at the open hand (a late joiner's seat is added
            // by the hand's first entry); a closed hand has the seats it was
            // played with, so a later joiner is not in it.
            let seated = !closed || s < hand.seats();
            let laid = if !seated {
                "not playing".to_string()
            } else if hand.is_tracked() {
                owned_text(hand.counted_runs(s))
            } else if closed || hand.laid(s).is_some() {
                laid_text(hand, s)
            } else {
                "no entry yet".to_string()
            };
            let held = if !seated {
                String::new()
            } else if hand.held(s).is_some() {
                held_text(hand, s)
            } else {
                "no entry yet".to_string()
            };
            let points = hand
                .score(s)
                .filter(|_| seated)
                .map_or_else(String::new, |p| p.to_string());
            vec![roster.name(s).to_string(), laid, held, points]
        })
        .collect();
    let title = if closed {
        format!("hand {number}, the last (closed)")
    } else {
        format!("hand {number} (open)")
    };
    blocks.push(Block::Grid {
        title,
        headers: ["player", "laid", "held", "points"]
            .map(String::from)
            .to_vec(),
        rows,
    });
    TableView { blocks }
}

/// The export's own fields: the target, the runs on the table (the open hand's,
/// or the last hand's once the match is over, as `table` shows), and each tracked
/// hand's plays in order: the deal, draws, lays, takes and discards. Each player's
/// start (a late joiner's points from the house) is the core's `starts`, as in
/// every game.
pub(super) fn export(scene: &Scene<'_, TakeRummy>) -> Map<String, Value> {
    let (game, roster) = (scene.state, scene.roster);
    let names = roster.names();
    let mut m = Map::new();
    m.insert("target".into(), game.target().into());
    let table = if game.over() {
        game.closed()
            .last()
            .map(|h| table_json(h, names))
            .unwrap_or_default()
    } else {
        table_json(game.open(), names)
    };
    m.insert("table".into(), table.into());
    let hands = game
        .closed()
        .iter()
        .map(AsRef::as_ref)
        .chain(std::iter::once(game.open()));
    let plays: Vec<Value> = hands
        .zip(1u32..)
        .filter(|(hand, _)| !hand.plays().is_empty())
        .map(|(hand, number)| {
            json!({
                "hand": number,
                "dealer": hand.turns().and_then(|t| names.get(t.dealer())),
                "plays": hand.plays().iter().map(|p| play_json(p, names)).collect::<Vec<_>>(),
                "table": table_json(hand, names),
            })
        })
        .collect();
    m.insert("plays".into(), plays.into());
    if game.finished_early() {
        m.insert("finished_early".into(), true.into());
    }
    m
}

/// What the table needs to hear on opening: the hand, whose deal it is or was,
/// the discard pile's top, whose turn and the floaters; plainly the hand when
/// nothing of the turn is tracked.
pub(super) fn situation(scene: &Scene<'_, TakeRummy>) -> Vec<String> {
    let (game, roster) = (scene.state, scene.roster);
    let names = roster.names();
    let number = game.hand_number();
    let hand = game.open();
    let Some(turns) = hand.turns() else {
        let deal = game
            .next_dealer(names.len())
            .and_then(|(seat, _, _)| names.get(seat))
            .map_or_else(
                // The first hand's dealer is whoever the table chooses.
                || "; anyone may deal (`deal PLAYER CARD`)".to_string(),
                |d| format!("; {d}'s deal (`deal {d} CARD`)"),
            );
        let runs = if hand.table().is_empty() {
            String::new()
        } else {
            format!("; runs on the table: {}", hand.table().named(None))
        };
        return vec![if hand.is_empty() {
            format!("hand {number}: no entries yet{deal}")
        } else {
            format!("hand {number}: scored from end-of-hand entries{runs}")
        }];
    };
    let name = |s: usize| names.get(s).map_or("?", String::as_str);
    let top = turns.top().map_or_else(
        || "the discard pile is empty".to_string(),
        |c| format!("{c} on the discard pile"),
    );
    let mut line = format!("hand {number}: {} dealt; {top}; ", name(turns.dealer()));
    match turns.out() {
        Some(out) => line.push_str(&format!("{} went out", name(out))),
        None => line.push_str(&format!("turn: {}", turn_text(turns, names))),
    }
    let mut lines = vec![line];
    let floaters: Vec<&str> = turns.floaters().into_iter().map(name).collect();
    if !floaters.is_empty() {
        lines.push(format!("floating: {}", and_names(&floaters)));
    }
    lines
}
