//! One round of Take Two: each player's finish (out, or the tiles left), penalties and
//! hands, and the rules an entry must keep (tile counts of the set, a recorded hand).

use super::TakeTwoError;
use super::{Event, Options, PENALTY};
use crate::contract::{Refusal, Roster};
use crate::games::take_two::tiles::{self, Tile, TileCounts, TileSet, parse_tiles};

/// How a player ended a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Finish {
    /// Used every tile: scores 0.
    Out,
    /// These tiles were left unused.
    Left(Vec<Tile>),
    /// The points the table counted aloud (`points PLAYER N`).
    Counted(u32),
}

impl Finish {
    /// "out", "left Q Z X".
    pub(crate) fn text(&self) -> String {
        match self {
            Finish::Out => "out".into(),
            Finish::Left(t) => format!("left {}", tiles::show(t)),
            Finish::Counted(n) => format!("counted {n}"),
        }
    }
}

/// One round's record, per player by seat (players who joined later have no seat in
/// the rounds before they joined).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Round {
    pub(crate) finishes: Vec<Option<Finish>>,
    /// One reason per +25 penalty.
    pub(crate) penalties: Vec<Vec<String>>,
    /// Hands recorded with `hand`, for checking leftovers and grids.
    pub(crate) hands: Vec<Option<Vec<Tile>>>,
}

/// The layer keeps the rounds: a round is scored with the options' tile values.
impl crate::contract::Round for Round {
    type Scoring = Options;

    fn new(seats: usize) -> Round {
        Round::new(seats)
    }

    fn is_empty(&self) -> bool {
        Round::is_empty(self)
    }

    fn points(&self, seat: usize, options: &Options) -> Option<i64> {
        Round::points(self, seat, &options.tiles)
    }

    /// A player's entry is their finish: out, the tiles left, or the points counted.
    fn entered(&self, seat: usize) -> bool {
        self.finishes.get(seat).is_some_and(Option::is_some)
    }

    fn seated(&self, seat: usize) -> bool {
        Round::seated(self, seat)
    }

    /// Most closed rounds have no penalty and no hand recorded: their per-seat lists of
    /// nothing are let go (every reader takes a seat missing from them as nothing), and
    /// each leftover's tiles keep only their own room. A six-player round went from
    /// about 850 bytes to about 500.
    fn settle(&mut self) {
        if self.penalties.iter().all(Vec::is_empty) {
            self.penalties = Vec::new();
        }
        if self.hands.iter().all(Option::is_none) {
            self.hands = Vec::new();
        }
        for finish in self.finishes.iter_mut().flatten() {
            if let Finish::Left(tiles) = finish {
                tiles.shrink_to_fit();
            }
        }
    }
}

impl Round {
    pub(crate) fn new(players: usize) -> Round {
        Round {
            finishes: vec![None; players],
            penalties: vec![Vec::new(); players],
            hands: vec![None; players],
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.finishes.iter().all(Option::is_none)
            && self.penalties.iter().all(Vec::is_empty)
            && self.hands.iter().all(Option::is_none)
    }

    /// Every tile left over this round, all players together but `except`.
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
    pub(crate) fn points(&self, i: usize, set: &TileSet) -> Option<i64> {
        let finish = self.finishes.get(i)?;
        let penalties = self.penalties.get(i).map_or(0, |p| p.len() as i64);
        let base = match finish {
            Some(Finish::Out) => 0,
            Some(Finish::Left(t)) => i64::from(set.score(t)),
            Some(Finish::Counted(n)) => i64::from(*n),
            None if penalties > 0 => 0,
            None => return None,
        };
        Some(base + PENALTY * penalties)
    }

    /// The player was seated in this round.
    pub(crate) fn seated(&self, i: usize) -> bool {
        i < self.finishes.len()
    }

    /// What the player's entry was, in words: "left Q Z; +25 (DONT)".
    pub(crate) fn detail(&self, i: usize) -> String {
        let mut d = self
            .finishes
            .get(i)
            .and_then(Option::as_ref)
            .map_or_else(String::new, Finish::text);
        for why in self.penalties.get(i).into_iter().flatten() {
            if !d.is_empty() {
                d.push_str("; ");
            }
            d.push_str(&format!("+{PENALTY}"));
            if !why.is_empty() {
                d.push_str(&format!(" ({why})"));
            }
        }
        d
    }
}

/// Checks that `tiles` fit the set at all (no second Q in a one-Q set).
pub(super) fn fits_set(tiles: &TileCounts, set: &TileSet, what: &str) -> Result<(), Refusal> {
    if let Some((t, have, max)) = tiles.first_excess(&set.counts()) {
        let max = if max == 0 {
            "none".to_string()
        } else {
            format!("only {max}")
        };
        return Err(TakeTwoError::OverTheSet {
            max,
            tile: t.to_string(),
            what: what.to_string(),
            have,
        }
        .into());
    }
    Ok(())
}

/// Records `finish` for player `i` in `round`, checking the round's limits. A
/// correction (`fix ROUND ...`) replaces the entry in the log, so an entry here is
/// always a player's first.
/// Tiles one side holds more of than the other, as a refusal says both sides: ("1 Z
/// and 1 A", "0 Z and 0 A").
fn counted(short: &[(Tile, u32, u32)]) -> (String, String) {
    let side = |n: fn(&(Tile, u32, u32)) -> u32| {
        let parts: Vec<String> = short.iter().map(|t| format!("{} {}", n(t), t.0)).collect();
        crate::text::and_list(&parts)
    };
    (side(|t| t.1), side(|t| t.2))
}

fn set_finish(
    round: &mut Round,
    number: u32,
    i: usize,
    finish: Finish,
    options: &Options,
    roster: &Roster,
) -> Result<(), Refusal> {
    let name = roster.name(i);
    if !round.seated(i) {
        return Err(TakeTwoError::NotPlaying {
            player: name.to_string(),
        }
        .into());
    }
    if let Some(prev) = round.finishes.get(i).and_then(Option::as_ref) {
        let instead = match &finish {
            Finish::Out => format!("out {name}"),
            Finish::Left(t) => format!(
                "left {name} {}",
                t.iter().map(Tile::to_string).collect::<String>()
            ),
            Finish::Counted(n) => format!("points {name} {n}"),
        };
        return Err(TakeTwoError::AlreadyEntered {
            player: name.to_string(),
            round: number,
            entry: prev.text(),
            instead,
        }
        .into());
    }
    if let Finish::Left(t) = &finish {
        let mine = TileCounts::of(t);
        if let Some(Some(hand)) = round.hands.get(i) {
            let short = mine.excesses(&TileCounts::of(hand));
            if !short.is_empty() {
                let (want, has) = counted(&short);
                return Err(TakeTwoError::HandShort {
                    player: name.to_string(),
                    has,
                    want,
                }
                .into());
            }
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

/// Applies an entry event to the open round.
pub(super) fn apply_entry(
    round: &mut Round,
    number: u32,
    options: &Options,
    roster: &Roster,
    event: &Event,
) -> Result<(), Refusal> {
    match event {
        Event::Out { player } => {
            let i = roster.find(player)?;
            set_finish(round, number, i, Finish::Out, options, roster)
        }
        Event::Left { player, tiles } => {
            let i = roster.find(player)?;
            let t = parse_tiles(tiles)?;
            set_finish(round, number, i, Finish::Left(t), options, roster)
        }
        Event::Points { player, points } => {
            let i = roster.find(player)?;
            if *points > super::MAX_COUNTED {
                return Err(TakeTwoError::PointsRange {
                    player: player.clone(),
                    max: super::MAX_COUNTED,
                }
                .into());
            }
            set_finish(round, number, i, Finish::Counted(*points), options, roster)
        }
        Event::Penalty { player, why, .. } => {
            let i = roster.find(player)?;
            match round.penalties.get_mut(i) {
                Some(p) => {
                    p.push(why.clone());
                    Ok(())
                }
                None => Err(TakeTwoError::NotPlaying {
                    player: player.clone(),
                }
                .into()),
            }
        }
        Event::Pardoned { player, .. } => {
            let i = roster.find(player)?;
            match round.penalties.get_mut(i) {
                Some(p) if !p.is_empty() => {
                    p.pop();
                    Ok(())
                }
                _ => Err(TakeTwoError::NoPenaltyInRound {
                    player: player.clone(),
                }
                .into()),
            }
        }
        Event::Hand { player, tiles } => {
            let i = roster.find(player)?;
            if !round.seated(i) {
                return Err(TakeTwoError::NotPlaying {
                    player: player.clone(),
                }
                .into());
            }
            let hand = parse_tiles(tiles)?;
            let mut all = TileCounts::of(&hand);
            for (j, h) in round.hands.iter().enumerate() {
                if let (true, Some(h)) = (j != i, h) {
                    all.add(&TileCounts::of(h));
                }
            }
            fits_set(&all, &options.tiles, "this round's hands")?;
            if let Some(Some(Finish::Left(left))) = round.finishes.get(i) {
                let short = TileCounts::of(left).excesses(&TileCounts::of(&hand));
                if !short.is_empty() {
                    let (want, has) = counted(&short);
                    return Err(TakeTwoError::LeftNotInHand {
                        player: player.clone(),
                        want,
                        has,
                    }
                    .into());
                }
            }
            if let Some(slot) = round.hands.get_mut(i) {
                *slot = Some(hand);
            }
            Ok(())
        }
    }
}
