//! Take Two (`../shared/rules/take-two.txt`): a speed crossword tile game scored from
//! the tiles each player has left when someone finishes.
//!
//! Scoring, from the sheet: the player who used all their tiles scores 0; every other
//! player adds up the values of their unused tiles; a player found with an incorrect
//! word has 25 points added. The lowest running total leads. The sheet sets no match
//! length, so a session may end after a number of rounds (`--rounds`) or when someone
//! reaches a point limit (`--limit`).

mod grid;

use serde::{Deserialize, Serialize};

use super::{Action, Arg, Game, Refusal, Roster, RoundRow, Scoreboard, Setup, Verb, View};
use crate::lexicon::RuleSet;
use crate::tiles::{self, Tile, TileCounts, TileSet, parse_tiles};

/// The sheet's penalty for an incorrect word.
pub const PENALTY: i64 = 25;

/// The default tile set: the sheet's 117 letters and 3 blanks, with umpire's documented
/// counts and values (the sheet prints neither).
pub const DEFAULT_TILES: &str = include_str!("../../../dictionaries/tiles-take-two.json");

pub struct TakeTwo;

impl TakeTwo {
    /// The verbs, without naming the [`Game`] trait (for tests elsewhere in the crate).
    pub fn verbs_list() -> &'static [Verb] {
        VERBS
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Options {
    pub tiles: TileSet,
    /// Where the tile set came from: "default" or the file given.
    pub tiles_from: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

/// How a player ended a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finish {
    /// Used every tile: scores 0.
    Out,
    /// These tiles were left unused.
    Left(Vec<Tile>),
}

/// One round's record, per player by seat.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Round {
    pub finishes: Vec<Option<Finish>>,
    /// One reason per +25 penalty.
    pub penalties: Vec<Vec<String>>,
    /// Hands recorded with `hand`, for checking leftovers and grids.
    pub hands: Vec<Option<Vec<Tile>>>,
}

impl Round {
    fn new(players: usize) -> Round {
        Round {
            finishes: vec![None; players],
            penalties: vec![Vec::new(); players],
            hands: vec![None; players],
        }
    }

    fn is_empty(&self) -> bool {
        self.finishes.iter().all(Option::is_none)
            && self.penalties.iter().all(Vec::is_empty)
            && self.hands.iter().all(Option::is_none)
    }

    /// Every tile left over this round, all players together.
    fn leftovers(&self, except: Option<usize>) -> TileCounts {
        let mut c = TileCounts::default();
        for (i, f) in self.finishes.iter().enumerate() {
            if Some(i) == except {
                continue;
            }
            if let Some(Finish::Left(t)) = f {
                c.add(&TileCounts::of(t));
            }
        }
        c
    }

    /// The player's points this round; `None` while they have neither an entry nor a
    /// penalty (or were not playing).
    fn points(&self, i: usize, set: &TileSet) -> Option<i64> {
        let finish = self.finishes.get(i)?;
        let penalties = self.penalties.get(i).map_or(0, |p| p.len() as i64);
        let base = match finish {
            Some(Finish::Out) => 0,
            Some(Finish::Left(t)) => i64::from(set.score(t)),
            None if penalties > 0 => 0,
            None => return None,
        };
        Some(base + PENALTY * penalties)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub closed: Vec<Round>,
    pub open: Round,
    pub players: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// The player used all their tiles.
    Out {
        player: String,
    },
    /// The player's unused tiles, as letters and `?`.
    Left {
        player: String,
        tiles: String,
    },
    /// +25 for an incorrect word.
    Penalty {
        player: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        why: String,
        /// The words that failed, when a grid ruling found them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        words: Vec<String>,
    },
    /// A penalty taken back (a correction of a closed round).
    Pardoned {
        player: String,
    },
    /// The tiles a player holds this round.
    Hand {
        player: String,
        tiles: String,
    },
    RoundEnded {
        round: u32,
    },
}

const VERBS: &[Verb] = &[
    Verb {
        name: "out",
        args: "PLAYER",
        summary: "the player used all their tiles: scores 0",
        example: "out alice",
        completes: &[Arg::Player],
        block: false,
    },
    Verb {
        name: "left",
        args: "PLAYER TILES",
        summary: "the player's unused tiles (? for a blank): scores their values",
        example: "left bob QZX",
        completes: &[Arg::Player, Arg::Text],
        block: false,
    },
    Verb {
        name: "penalty",
        args: "PLAYER [WHY]",
        summary: "+25 for an incorrect word (may repeat)",
        example: "penalty bob played DONT",
        completes: &[Arg::Player, Arg::Text],
        block: false,
    },
    Verb {
        name: "end",
        args: "",
        summary: "close the round (every player needs out or left)",
        example: "end",
        completes: &[],
        block: false,
    },
    Verb {
        name: "hand",
        args: "PLAYER TILES",
        summary: "the tiles a player holds this round (optional; checks leftovers and grids)",
        example: "hand carol AEIRSTN?QU",
        completes: &[Arg::Player, Arg::Text],
        block: false,
    },
    Verb {
        name: "grid",
        args: "PLAYER [--file FILE] [--apply] [--judge]",
        summary: "rule on a player's whole grid: type it row by row (. empty, lowercase or ?x a blank), then a blank line",
        example: "grid alice",
        completes: &[Arg::Player, Arg::Text],
        block: true,
    },
    Verb {
        name: "tiles",
        args: "",
        summary: "the session's tile set: counts and values",
        example: "tiles",
        completes: &[],
        block: false,
    },
];

fn finished(state: &State, options: &Options, roster: &Roster) -> bool {
    if options
        .rounds
        .is_some_and(|k| state.closed.len() >= k as usize)
    {
        return true;
    }
    if let Some(limit) = options.limit {
        let totals = totals(state, options, roster.len());
        return totals.iter().any(|t| *t >= i64::from(limit));
    }
    false
}

fn totals(state: &State, options: &Options, players: usize) -> Vec<i64> {
    (0..players)
        .map(|i| {
            state
                .closed
                .iter()
                .filter_map(|r| r.points(i, &options.tiles))
                .sum()
        })
        .collect()
}

fn names(roster: &Roster, idx: &[usize]) -> String {
    let n: Vec<&str> = idx.iter().map(|i| roster.name(*i)).collect();
    match n.len() {
        0 => String::new(),
        1 => n[0].to_string(),
        _ => format!("{} and {}", n[..n.len() - 1].join(", "), n[n.len() - 1]),
    }
}

fn tiles_text(tiles: &[Tile]) -> String {
    tiles.iter().map(Tile::to_string).collect()
}

/// Checks that `tiles` fit the set at all (no second Q in a one-Q set).
fn fits_set(tiles: &TileCounts, set: &TileSet, what: &str) -> Result<(), Refusal> {
    if let Some((t, have, max)) = tiles.first_excess(&set.counts()) {
        let max_text = if max == 0 {
            "none".to_string()
        } else {
            format!("only {max}")
        };
        return Err(Refusal(format!(
            "the tile set has {max_text} {t}, and {what} would hold {have}"
        )));
    }
    Ok(())
}

/// Records `finish` for player `i` in `round`, checking the round's limits. Shared by
/// play and corrections, which must obey the same rules.
fn set_finish(
    round: &mut Round,
    i: usize,
    finish: Finish,
    options: &Options,
    roster: &Roster,
    replacing: bool,
) -> Result<(), Refusal> {
    let name = roster.name(i);
    if !replacing && let Some(prev) = round.finishes.get(i).and_then(Option::as_ref) {
        let prev = match prev {
            Finish::Out => "out".to_string(),
            Finish::Left(t) => format!("left {}", tiles::show(t)),
        };
        return Err(Refusal(format!(
            "{name} already has an entry this round ({prev}); `undo` it, or `fix` it once the round is closed"
        )));
    }
    if let Finish::Left(t) = &finish {
        let mine = TileCounts::of(t);
        if let Some(Some(hand)) = round.hands.get(i)
            && let Err((tile, want, has)) = TileCounts::of(hand).minus(&mine)
        {
            return Err(Refusal(format!(
                "{name}'s hand holds {has} {tile}, not the {want} left"
            )));
        }
        let mut all = round.leftovers(Some(i));
        all.add(&mine);
        fits_set(&all, &options.tiles, "this round's leftovers")?;
    }
    if let Some(slot) = round.finishes.get_mut(i) {
        *slot = Some(finish);
    }
    Ok(())
}

fn round_row(number: u32, round: &Round, options: &Options, players: usize) -> RoundRow {
    RoundRow {
        number,
        points: (0..players)
            .map(|i| round.points(i, &options.tiles))
            .collect(),
        penalties: (0..players)
            .map(|i| round.penalties.get(i).map_or(0, |p| p.len() as u32))
            .collect(),
        details: (0..players)
            .map(|i| {
                let mut d = match round.finishes.get(i).and_then(Option::as_ref) {
                    Some(Finish::Out) => "out".to_string(),
                    Some(Finish::Left(t)) => format!("left {}", tiles::show(t)),
                    None => String::new(),
                };
                for why in round.penalties.get(i).into_iter().flatten() {
                    if !d.is_empty() {
                        d.push_str("; ");
                    }
                    d.push_str("+25");
                    if !why.is_empty() {
                        d.push_str(&format!(" ({why})"));
                    }
                }
                d
            })
            .collect(),
    }
}

/// Splits `PLAYER REST`.
fn player_and_rest(args: &str) -> (Option<&str>, &str) {
    let args = args.trim();
    match args.split_once(char::is_whitespace) {
        Some((p, rest)) => (Some(p), rest.trim()),
        None if args.is_empty() => (None, ""),
        None => (Some(args), ""),
    }
}

/// Turns `out|left|penalty|pardon PLAYER ...` into an event; shared by play and `fix`.
fn entry_event(verb: &str, args: &str, roster: &Roster) -> Result<Event, Refusal> {
    let (player, rest) = player_and_rest(args);
    let Some(player) = player else {
        let usage = VERBS
            .iter()
            .find(|v| v.name == verb)
            .map_or("PLAYER", |v| v.args);
        return Err(Refusal(format!("{verb} needs {usage}, e.g. {verb} alice")));
    };
    let player = roster.name(roster.find(player)?).to_string();
    Ok(match verb {
        "out" => {
            if !rest.is_empty() {
                return Err(Refusal(format!(
                    "out takes only the player; for unused tiles use `left {player} {rest}`"
                )));
            }
            Event::Out { player }
        }
        "left" => {
            if rest.is_empty() {
                return Err(Refusal(format!(
                    "left needs the tiles, e.g. left {player} QZX; use `out {player}` for none"
                )));
            }
            Event::Left {
                player,
                tiles: tiles_text(&parse_tiles(rest)?),
            }
        }
        "penalty" => Event::Penalty {
            player,
            why: rest.chars().take(200).collect(),
            words: Vec::new(),
        },
        "pardon" => Event::Pardoned { player },
        "hand" => {
            if rest.is_empty() {
                return Err(Refusal(format!(
                    "hand needs the tiles, e.g. hand {player} AEIRST?"
                )));
            }
            Event::Hand {
                player,
                tiles: tiles_text(&parse_tiles(rest)?),
            }
        }
        _ => return Err(Refusal(format!("{verb} is not a Take Two entry"))),
    })
}

/// Applies an entry event to one round (open, or closed for a correction).
fn apply_entry(
    round: &mut Round,
    options: &Options,
    roster: &Roster,
    event: &Event,
    correcting: bool,
) -> Result<(), Refusal> {
    match event {
        Event::Out { player } => {
            let i = roster.find(player)?;
            set_finish(round, i, Finish::Out, options, roster, correcting)
        }
        Event::Left { player, tiles } => {
            let i = roster.find(player)?;
            let t = parse_tiles(tiles)?;
            set_finish(round, i, Finish::Left(t), options, roster, correcting)
        }
        Event::Penalty { player, why, .. } => {
            let i = roster.find(player)?;
            match round.penalties.get_mut(i) {
                Some(p) => {
                    p.push(why.clone());
                    Ok(())
                }
                None => Err(Refusal(format!("{player} was not playing that round"))),
            }
        }
        Event::Pardoned { player } => {
            let i = roster.find(player)?;
            match round.penalties.get_mut(i) {
                Some(p) if !p.is_empty() => {
                    p.pop();
                    Ok(())
                }
                _ => Err(Refusal(format!("{player} has no penalty in that round"))),
            }
        }
        Event::Hand { player, tiles } => {
            let i = roster.find(player)?;
            let hand = parse_tiles(tiles)?;
            let mut all = TileCounts::of(&hand);
            for (j, h) in round.hands.iter().enumerate() {
                if let (true, Some(h)) = (j != i, h) {
                    all.add(&TileCounts::of(h));
                }
            }
            fits_set(&all, &options.tiles, "this round's hands")?;
            if let Some(Some(Finish::Left(left))) = round.finishes.get(i)
                && let Err((tile, want, has)) = TileCounts::of(&hand).minus(&TileCounts::of(left))
            {
                return Err(Refusal(format!(
                    "{player} left {want} {tile}, but this hand holds {has}"
                )));
            }
            if let Some(slot) = round.hands.get_mut(i) {
                *slot = Some(hand);
            }
            Ok(())
        }
        Event::RoundEnded { .. } => Err(Refusal("a round's end is not an entry".into())),
    }
}

impl Game for TakeTwo {
    const NAME: &'static str = "take-two";
    const TITLE: &'static str = "Take Two";
    const RULES: RuleSet = RuleSet::TakeTwo;

    type Options = Options;
    type State = State;
    type Event = Event;

    fn setup(setup: &Setup, players: usize) -> Result<Options, Refusal> {
        if players < 2 {
            return Err(Refusal("Take Two needs at least two players".into()));
        }
        let (tiles, tiles_from) = match &setup.tiles {
            Some((name, text)) => (
                TileSet::from_json(text).map_err(|e| Refusal(format!("{name}: {e}")))?,
                name.clone(),
            ),
            None => (TileSet::from_json(DEFAULT_TILES)?, "default".to_string()),
        };
        if setup.rounds == Some(0) || setup.limit == Some(0) {
            return Err(Refusal("--rounds and --limit must be at least 1".into()));
        }
        Ok(Options {
            tiles,
            tiles_from,
            rounds: setup.rounds,
            limit: setup.limit,
        })
    }

    fn describe_options(o: &Options) -> String {
        let end = match (o.rounds, o.limit) {
            (Some(k), Some(p)) => format!("{k} rounds or to {p} points"),
            (Some(k), None) => format!("{k} rounds"),
            (None, Some(p)) => format!("to {p} points"),
            (None, None) => "open-ended".to_string(),
        };
        format!("{end}; {} tiles ({})", o.tiles_from, o.tiles.size())
    }

    fn start(_options: &Options, players: usize) -> State {
        State {
            closed: Vec::new(),
            open: Round::new(players),
            players,
        }
    }

    fn verbs() -> &'static [Verb] {
        VERBS
    }

    fn command(
        view: &View<'_, Self>,
        verb: &str,
        args: &str,
        block: Option<&[String]>,
    ) -> Result<Action<Event>, Refusal> {
        match verb {
            "out" | "left" | "penalty" | "hand" => {
                Ok(Action::record(entry_event(verb, args, view.roster)?))
            }
            "end" => {
                if !args.trim().is_empty() {
                    return Err(Refusal("end takes no arguments".into()));
                }
                Ok(Action::record(Event::RoundEnded {
                    round: view.state.closed.len() as u32 + 1,
                }))
            }
            "grid" => grid::grid(view, args, block),
            "tiles" => {
                let set = &view.options.tiles;
                let mut t = crate::render::new(&["tile", "count", "value"]);
                for (k, spec) in &set.tiles {
                    t.add_row(vec![
                        k.clone(),
                        spec.count.to_string(),
                        spec.value.to_string(),
                    ]);
                }
                Ok(Action::show(vec![
                    format!(
                        "{} ({}), from {}",
                        set.name,
                        set.size(),
                        view.options.tiles_from
                    ),
                    t.to_string(),
                ]))
            }
            _ => Err(Refusal(format!("unknown verb {verb:?}"))),
        }
    }

    fn apply(
        state: &mut State,
        options: &Options,
        roster: &Roster,
        event: &Event,
    ) -> Result<(), Refusal> {
        if finished(state, options, roster) {
            return Err(Refusal(
                "the match is over; start a new session for another (`new take-two ...`)".into(),
            ));
        }
        match event {
            Event::RoundEnded { round } => {
                let expected = state.closed.len() as u32 + 1;
                if *round != expected {
                    return Err(Refusal(format!(
                        "round {round} is not the open round ({expected})"
                    )));
                }
                let missing: Vec<usize> = (0..roster.len())
                    .filter(|i| state.open.finishes.get(*i).is_none_or(Option::is_none))
                    .collect();
                if !missing.is_empty() {
                    let verb = if missing.len() == 1 { "has" } else { "have" };
                    return Err(Refusal(format!(
                        "{} {verb} no entry yet (out, or left TILES)",
                        names(roster, &missing)
                    )));
                }
                let next = Round::new(state.players);
                state.closed.push(std::mem::replace(&mut state.open, next));
                Ok(())
            }
            Event::Pardoned { .. } => Err(Refusal(
                "pardon is for correcting a closed round: fix ROUND pardon PLAYER".into(),
            )),
            other => apply_entry(&mut state.open, options, roster, other, false),
        }
    }

    fn describe(event: &Event, _state: &State, options: &Options) -> String {
        match event {
            Event::Out { player } => format!("{player} out: 0"),
            Event::Left { player, tiles } => {
                let t = parse_tiles(tiles).unwrap_or_default();
                format!(
                    "{player} left {}: {}",
                    tiles::show(&t),
                    options.tiles.score(&t)
                )
            }
            Event::Penalty { player, why, .. } if why.is_empty() => format!("{player} +{PENALTY}"),
            Event::Penalty { player, why, .. } => format!("{player} +{PENALTY} ({why})"),
            Event::Pardoned { player } => format!("{player}'s penalty taken back"),
            Event::Hand { player, tiles } => {
                let t = parse_tiles(tiles).unwrap_or_default();
                format!("{player}'s hand: {}", tiles::show(&t))
            }
            Event::RoundEnded { round } => format!("round {round} closed"),
        }
    }

    fn scoreboard(state: &State, options: &Options, roster: &Roster) -> Scoreboard {
        let players = roster.len();
        let rounds: Vec<RoundRow> = state
            .closed
            .iter()
            .enumerate()
            .map(|(k, r)| round_row(k as u32 + 1, r, options, players))
            .collect();
        let totals = totals(state, options, players);
        let is_finished = finished(state, options, roster);
        let open = (!state.open.is_empty() && !is_finished)
            .then(|| round_row(state.closed.len() as u32 + 1, &state.open, options, players));
        let winners = if is_finished {
            let best = totals.iter().min().copied().unwrap_or(0);
            (0..players).filter(|i| totals[*i] == best).collect()
        } else {
            Vec::new()
        };
        let n = state.closed.len() + 1;
        let status = match (options.rounds, options.limit) {
            _ if is_finished => "match over".to_string(),
            (Some(k), Some(p)) => format!("round {n} of {k}, or to {p} points"),
            (Some(k), None) => format!("round {n} of {k}"),
            (None, Some(p)) => format!("round {n}, playing to {p} points"),
            (None, None) => format!("round {n}"),
        };
        Scoreboard {
            players: roster.names().to_vec(),
            rounds,
            open,
            totals,
            lower_wins: true,
            finished: is_finished,
            winners,
            status,
        }
    }

    fn progress(state: &State) -> String {
        format!("r{}", state.closed.len() + 1)
    }

    fn add_player(state: &mut State) -> Result<(), Refusal> {
        if !state.open.is_empty() {
            return Err(Refusal(
                "a player can join only between rounds (this round has entries)".into(),
            ));
        }
        state.players += 1;
        state.open = Round::new(state.players);
        Ok(())
    }

    fn correction(
        view: &View<'_, Self>,
        round: u32,
        verb: &str,
        args: &str,
    ) -> Result<Event, Refusal> {
        if !matches!(verb, "out" | "left" | "penalty" | "pardon") {
            return Err(Refusal(format!(
                "fix takes out, left, penalty or pardon, e.g. fix {round} left bob QZ"
            )));
        }
        entry_event(verb, args, view.roster)
    }

    fn apply_correction(
        state: &mut State,
        options: &Options,
        roster: &Roster,
        round: u32,
        event: &Event,
    ) -> Result<(), Refusal> {
        let closed = state.closed.len() as u32;
        if round == 0 || round > closed {
            let which = if round == closed + 1 {
                format!("round {round} is still open: record it directly, or `undo`")
            } else if closed == 0 {
                format!("there is no round {round}: no round has closed yet")
            } else {
                format!("there is no round {round}: rounds 1 to {closed} are closed")
            };
            return Err(Refusal(which));
        }
        let Some(r) = state.closed.get_mut(round as usize - 1) else {
            return Err(Refusal(format!("there is no round {round}")));
        };
        if let Event::Out { player } | Event::Left { player, .. } = event
            && r.finishes.get(roster.find(player)?).is_none()
        {
            return Err(Refusal(format!(
                "{player} was not playing in round {round}"
            )));
        }
        apply_entry(r, options, roster, event, true)
    }
}

#[cfg(test)]
mod tests;
