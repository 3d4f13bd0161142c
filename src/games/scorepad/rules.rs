//! The score pad on the round-game layer: a round of points, and how an entry fills it.

use super::{MAX_POINTS, Options, PadError, ScorePad, Scored, Sheet};
use crate::contract::{
    Action, Arg, Called, Ctx, Ends, Extras, Match, Move, Plays, Refusal, Roster, Round, RoundGame,
    Scene, Text, Verb, same_name,
};

impl Round for Sheet {
    type Scoring = Options;

    fn new(seats: usize) -> Sheet {
        Sheet(vec![None; seats])
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }

    fn points(&self, seat: usize, _: &Options) -> Option<i64> {
        self.0.get(seat).copied().flatten()
    }

    fn entered(&self, seat: usize) -> bool {
        self.0.get(seat).is_some_and(Option::is_some)
    }
}

/// A whole number of points, or why not.
fn points(text: &str) -> Result<i64, PadError> {
    let n = text.parse::<i64>().ok().filter(|n| n.abs() <= MAX_POINTS);
    n.ok_or_else(|| PadError::NotPoints(crate::text::printable(text)))
}

/// `points`: one player's points, or the whole round's in seat order.
fn points_line(
    ctx: &Ctx<'_, ScorePad>,
    _: &str,
    args: &str,
    _: Option<&[String]>,
) -> Result<Action<Scored>, Refusal> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let entry = match words.as_slice() {
        [first, ..] if first.parse::<i64>().is_ok() => Scored::Scores {
            points: words.iter().map(|w| points(w)).collect::<Result<_, _>>()?,
        },
        [player, n] => Scored::Points {
            player: ctx.roster.name(ctx.roster.find(player)?).to_string(),
            points: points(n)?,
        },
        _ => return Err(PadError::Usage.into()),
    };
    Ok(Action::record(entry))
}

impl RoundGame for ScorePad {
    type Round = Sheet;
    type Entry = Scored;
    const MOVES: &'static [Move<Plays<Self>>] = &[
        Move::entry(
            Verb {
                name: "points",
                args: "PLAYER N | N N ...",
                summary: "a player's points this round (negative allowed), or the whole round in seat order",
                example: "points ann 12",
                completes: &[Arg::Player, Arg::Text],
                block: false,
            },
            points_line,
        ),
        Move::life(Called::ROUND.end),
        Move::life(Called::ROUND.finish),
        Move::life(Called::ROUND.rounds),
        Move::life(Called::ROUND.target),
    ];
    const ENTRY_HINT: &'static str = "points PLAYER N";

    fn lowest_wins(o: &Options) -> bool {
        o.lowest_wins
    }

    fn ends(o: &Options) -> Ends {
        o.ends
    }

    fn with_ends(o: &Options, ends: Ends) -> Options {
        Options { ends, ..o.clone() }
    }

    fn enter(
        play: &mut Match<Sheet>,
        entry: &Scored,
        _: &Options,
        roster: &Roster,
    ) -> Result<(), Refusal> {
        let (round, sheet) = (play.number(), play.open_mut());
        let filled: Vec<(usize, i64)> = match entry {
            Scored::Points { player, points } => vec![(roster.find(player)?, *points)],
            Scored::Scores { points } if points.len() == sheet.0.len() => {
                points.iter().copied().enumerate().collect()
            }
            Scored::Scores { points } => {
                let names = roster.names().join(", ");
                return Err(PadError::Seats(sheet.0.len(), names, points.len()).into());
            }
        };
        let had = |s: &usize| Some((roster.name(*s).to_string(), sheet.0.get(*s).copied()??));
        if let Some((player, had)) = filled.iter().find_map(|(s, _)| had(s)) {
            return Err(PadError::Entered(player, had, round).into());
        }
        for (seat, points) in filled {
            if let Some(slot) = sheet.0.get_mut(seat) {
                *slot = Some(points);
            }
        }
        Ok(())
    }

    fn round_total(o: &Options) -> Option<i64> {
        o.round_total
    }

    const FIXES: &'static [&'static str] = &["points"];

    /// A player's points take their points' place, a whole round a whole round's;
    /// one player's points in a round typed whole correct their seat of it.
    fn in_place_of(new: &Scored, old: &Scored, roster: &Roster) -> Option<Scored> {
        match (new, old) {
            (Scored::Points { player: a, .. }, Scored::Points { player: b, .. }) => {
                same_name(a, b).then(|| new.clone())
            }
            (Scored::Points { player, points }, Scored::Scores { points: whole }) => {
                let mut whole = whole.clone();
                *whole.get_mut(roster.find(player).ok()?)? = *points;
                Some(Scored::Scores { points: whole })
            }
            (Scored::Scores { .. }, Scored::Scores { .. }) => Some(new.clone()),
            _ => None,
        }
    }

    fn player(entry: &Scored) -> Option<&str> {
        let Scored::Points { player, .. } = entry else {
            return None;
        };
        Some(player)
    }

    fn texts(entry: &mut Scored) -> Vec<Text<'_>> {
        match entry {
            Scored::Points { player, .. } => vec![Text::name(player)],
            Scored::Scores { .. } => Vec::new(),
        }
    }

    fn describe(entry: &Scored, before: &Scene<'_, Self>) -> String {
        let said = |(n, p): (&String, &i64)| format!("{n} {p}");
        match entry {
            Scored::Points { player, points } => format!("{player} {points}"),
            Scored::Scores { points } => {
                let each: Vec<String> =
                    before.roster.names().iter().zip(points).map(said).collect();
                format!("the round: {}", each.join(", "))
            }
        }
    }
}

/// The score pad needs nothing only some games need.
impl Extras<Scored> for ScorePad {}
