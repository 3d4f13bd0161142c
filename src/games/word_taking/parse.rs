//! The verbs as a scorekeeper types them, read into events; and events told in words.
//!
//! Each `parse_*` function reads one verb's arguments against the table as it stands,
//! rules on them in full (the turn, the letters, and for words the dictionary and the
//! plural rule) and returns the event to record. Nothing here changes the table: a
//! refusal is one line saying what was wrong and what is accepted.

use super::letters::{Letter, Word};
use super::make::{self, MakeRuling};
use super::referee::Referee;
use super::state::{
    Ending, Event, OnEmpty, Options, Table, WinOn, WordTakingError, seat_of, word_list,
};
use super::supply::Supply;
use super::take::{self, TakeRuling};

const DRAW_USAGE: &str =
    "draw [PLAYER] LETTER, e.g. draw alice P, or draw P for the player whose turn it is";
const MAKE_USAGE: &str = "make PLAYER WORD, e.g. make alice FIN";
const TAKE_USAGE: &str = "take PLAYER NEWWORD from OWNER [OLDWORD], e.g. take carol SAMPLE from bob, or take PLAYER NEWWORD OLDWORD when one player holds OLDWORD, e.g. take carol SAMPLE AMPLE";
const NEXT_USAGE: &str = "next (no arguments): ends the turn";

/// The canonical spelling of a player's name.
fn name(players: &[String], typed: &str) -> Result<String, WordTakingError> {
    let seat = seat_of(players, typed)?;
    Ok(players.get(seat).cloned().unwrap_or_default())
}

/// `draw PLAYER LETTER`.
pub(crate) fn parse_draw(
    table: &Table,
    options: &Options,
    players: &[String],
    args: &str,
) -> Result<Event, WordTakingError> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let (player, letter) = match tokens.as_slice() {
        // `draw alice`: the letter is missing.
        [player] if seat_of(players, player).is_ok() => {
            return Err(WordTakingError::Usage(DRAW_USAGE));
        }
        // `draw P`: the player whose turn it is.
        [letter] => (
            players
                .get(table.turn() % players.len().max(1))
                .cloned()
                .ok_or(WordTakingError::NoPlayers)?,
            *letter,
        ),
        [player, letter] => (name(players, player)?, *letter),
        _ => return Err(WordTakingError::Usage(DRAW_USAGE)),
    };
    let event = Event::Drawn {
        player,
        letter: Letter::parse(letter)?,
    };
    table.check(options, players, &event)?;
    Ok(event)
}

/// `make PLAYER WORD`: the event and the ruling behind it.
pub(crate) fn parse_make(
    table: &Table,
    options: &Options,
    players: &[String],
    referee: &Referee<'_>,
    args: &str,
) -> Result<(Event, MakeRuling), WordTakingError> {
    let [player, word] = words::<2>(args).ok_or(WordTakingError::Usage(MAKE_USAGE))?;
    table.on_turn(players, player)?;
    let word = Word::parse(word)?;
    let ruling = make::rule(referee, &word, &table.supply())?;
    let event = Event::Made {
        player: name(players, player)?,
        word,
    };
    table.check(options, players, &event)?;
    Ok((event, ruling))
}

/// `take PLAYER NEWWORD from OWNER [OLDWORD]`: the event and the ruling behind it.
/// OLDWORD is needed only when several of the owner's words could become NEWWORD.
pub(crate) fn parse_take(
    table: &Table,
    options: &Options,
    players: &[String],
    referee: &Referee<'_>,
    args: &str,
) -> Result<(Event, TakeRuling), WordTakingError> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let held_by;
    let (player, new, owner, old) = match tokens.as_slice() {
        [p, n, from, o] if from.eq_ignore_ascii_case("from") => (*p, *n, *o, None),
        [p, n, from, o, w] if from.eq_ignore_ascii_case("from") => (*p, *n, *o, Some(*w)),
        // `take dev SCAT CAT`: the owner is whoever holds CAT, when one player does.
        [p, n, w] if !w.eq_ignore_ascii_case("from") => {
            held_by = holder(table, players, p, n, w)?;
            match &held_by {
                Some(owner) => (*p, *n, owner.as_str(), Some(*w)),
                // `take dev SCAT ann`, `from` left out: the owner named.
                None => (*p, *n, *w, None),
            }
        }
        _ => return Err(WordTakingError::Usage(TAKE_USAGE)),
    };
    let seat = table.on_turn(players, player)?;
    let player = name(players, player)?;
    let owner_seat = seat_of(players, owner)?;
    let owner = name(players, owner)?;
    let new = Word::parse(new)?;
    let own = seat == owner_seat;
    let supply = table.supply();
    let held = table.words(owner_seat);
    let ruling = match old {
        Some(old) => {
            let old = Word::parse(old)?;
            if !held.contains(&old) {
                return Err(WordTakingError::NotHeld {
                    owner,
                    word: old,
                    held: word_list(held),
                });
            }
            take::rule(referee, &old, &new, &supply, own)?
        }
        None => which_word(referee, held, &new, &supply, own, (&player, &owner))?,
    };
    let event = Event::Taken {
        player,
        word: ruling.new.clone(),
        owner,
        from: ruling.old.clone(),
    };
    table.check(options, players, &event)?;
    Ok((event, ruling))
}

/// The one player holding `word` (`take PLAYER NEW WORD`): `None` when nobody does and
/// `word` is a player's name (`from` left out); refused when nobody holds it, or when
/// several players do (naming them, and what to type).
fn holder(
    table: &Table,
    players: &[String],
    player: &str,
    new: &str,
    word: &str,
) -> Result<Option<String>, WordTakingError> {
    let typed = Word::parse(word);
    let owners: Vec<&String> = match &typed {
        Ok(w) => players
            .iter()
            .enumerate()
            .filter(|(seat, _)| table.words(*seat).contains(w))
            .map(|(_, name)| name)
            .collect(),
        Err(_) => Vec::new(),
    };
    match owners.as_slice() {
        [one] => Ok(Some((*one).clone())),
        [] if seat_of(players, word).is_ok() => Ok(None),
        [] => Err(WordTakingError::HeldByNobody {
            player: player.to_string(),
            new: Word::parse(new)?,
            word: typed?,
        }),
        several => Err(WordTakingError::HeldBySeveral {
            player: player.to_string(),
            new: Word::parse(new)?,
            word: typed?,
            owners: crate::text::and_list(&several.iter().map(|s| s.as_str()).collect::<Vec<_>>()),
            example: several[0].clone(),
        }),
    }
}

/// The ruling on the one word of `held` that can become `new`; when several can, the
/// scorekeeper must say which (the taker's and owner's names go in the example).
fn which_word(
    referee: &Referee<'_>,
    held: &[Word],
    new: &Word,
    supply: &Supply,
    own: bool,
    (player, owner): (&str, &str),
) -> Result<TakeRuling, WordTakingError> {
    let mut candidates: Vec<&Word> = Vec::new();
    for w in held {
        if new.letters().contains(&w.letters()) && !candidates.contains(&w) {
            candidates.push(w);
        }
    }
    let none_fits = || WordTakingError::NoneFits {
        owner: owner.to_string(),
        new: new.clone(),
        held: word_list(held),
    };
    match (held, candidates.as_slice()) {
        ([], _) => {
            return Err(WordTakingError::NoWords {
                owner: owner.to_string(),
            });
        }
        // One word that does not fit: its own refusal says why.
        ([only], []) => {
            let refusal = take::rule(referee, only, new, supply, own).err();
            return Err(refusal.map_or_else(none_fits, WordTakingError::Take));
        }
        (_, []) => return Err(none_fits()),
        _ => {}
    }
    let mut first_error = None;
    let mut valid = Vec::new();
    for old in &candidates {
        match take::rule(referee, old, new, supply, own) {
            Ok(r) => valid.push(r),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let mut valid = valid.into_iter();
    match (valid.next(), valid.next()) {
        (Some(ruling), None) => Ok(ruling),
        (None, _) => Err(first_error.map_or_else(none_fits, WordTakingError::Take)),
        (Some(a), Some(b)) => {
            let mut fits = vec![a.old.clone(), b.old];
            fits.extend(valid.map(|r| r.old));
            Err(WordTakingError::Ambiguous {
                player: player.to_string(),
                owner: owner.to_string(),
                new: new.clone(),
                example: a.old,
                fits: word_list(&fits),
            })
        }
    }
}

/// `next`: ends the turn of the player whose turn it is.
pub(crate) fn parse_next(
    table: &Table,
    options: &Options,
    players: &[String],
    args: &str,
) -> Result<Event, WordTakingError> {
    if !args.trim().is_empty() {
        return Err(WordTakingError::Usage(NEXT_USAGE));
    }
    let player = players
        .get(table.turn())
        .cloned()
        .ok_or(WordTakingError::NoPlayers)?;
    let event = Event::TurnEnded { player };
    table.check(options, players, &event)?;
    Ok(event)
}

/// `finish`: ends the game now, the most words winning (a house rule: the sheet has no
/// end but the target).
pub(crate) fn parse_finish(
    table: &Table,
    options: &Options,
    players: &[String],
    args: &str,
) -> Result<Event, WordTakingError> {
    if !args.trim().is_empty() {
        return Err(WordTakingError::Usage(
            "finish (no arguments): ends the game, the most words winning",
        ));
    }
    let event = Event::Finished {
        why: super::state::Ending::Called,
    };
    table.check(options, players, &event)?;
    Ok(event)
}

/// Exactly `N` whitespace-separated words, or `None`.
fn words<const N: usize>(args: &str) -> Option<[&str; N]> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    tokens.try_into().ok()
}

/// What an event did, told against the table it is applied to: "carol takes AMPLE
/// from bob as SAMPLE (+S from the centre)". An event that does not fit the table is
/// told plainly.
pub(crate) fn describe(
    event: &Event,
    table: &Table,
    options: &Options,
    players: &[String],
) -> String {
    let supply = table.supply();
    let mut after = table.clone();
    let fits = after.apply(options, players, event).is_ok();
    let mut text = match event {
        Event::Drawn { player, letter } => {
            let mut s = format!("{player} draws {letter}");
            if fits && after.in_box().is_empty() {
                s.push_str(&match options.on_empty {
                    OnEmpty::Finish => format!(
                        "; the box is empty now: the game ends when {player}'s turn ends, the most words winning (house rule, --on-empty finish)"
                    ),
                    OnEmpty::PlayOn => "; the box is empty now: play goes on from the centre until no move is left (house rule, --on-empty play-on)".to_string(),
                });
            }
            s
        }
        Event::Made { player, word } => match make::fit(word, &supply) {
            Ok(added) => format!("{player} makes {word} ({})", added.as_sources()),
            Err(_) => format!("{player} makes {word}"),
        },
        Event::Taken {
            player,
            word,
            owner,
            from,
        } => {
            let own = player.eq_ignore_ascii_case(owner);
            let added = take::fit(from, word, &supply, own)
                .map(|a| format!(" ({})", a.as_addition()))
                .unwrap_or_default();
            if own {
                format!("{player} protects {from} as {word}{added}")
            } else {
                format!("{player} takes {from} from {owner} as {word}{added}")
            }
        }
        Event::TurnEnded { player } => {
            let mut s = format!("{player}'s turn ends");
            if !table.has_drawn() && !table.in_box().is_empty() {
                // Rule 2 has every player draw; the table may have skipped it.
                s.push_str(" without a draw");
            }
            if let Some(d) = table.drawn() {
                s.push_str(&format!("; {d} goes to the centre"));
            }
            // Nobody is to play once the game ends with this turn: it was over, or the
            // box is empty under `--on-empty finish` (the end follows this line).
            let ends = fits
                && (after.ending().is_some()
                    || (options.on_empty == OnEmpty::Finish && after.in_box().is_empty()));
            if !ends && let Some(next) = players.get((table.turn() + 1) % players.len().max(1)) {
                s.push_str(&format!("; {next} to play"));
            }
            s
        }
        Event::Finished { why } => format!("the game ends: {}", why.describe()),
    };
    if !fits {
        return text;
    }
    let count = |seat: usize| crate::contract::Unit::WORDS.count(after.held(seat) as i64);
    let name = |seat: usize| players.get(seat).map_or("?", String::as_str);
    match (after.ending(), after.winners()) {
        (None, _) => {
            // The target reached under `hold`: the table is told the win is near.
            let mover = match event {
                Event::Made { player, .. } | Event::Taken { player, .. } => Some(player),
                _ => None,
            };
            if options.win_on == WinOn::Hold
                && let Some(player) = mover
                && let Ok(seat) = seat_of(players, player)
                && after.held(seat) >= options.target_words
                && table.held(seat) < options.target_words
            {
                text.push_str(&format!(
                    "; {player} holds {}: {player} wins at the start of {player}'s next turn unless one is taken",
                    count(seat)
                ));
            }
            // A word taken from a player who held the target: the win the table was
            // told of is off, and said so.
            if options.win_on == WinOn::Hold
                && let Event::Taken { player, owner, .. } = event
                && !player.eq_ignore_ascii_case(owner)
                && let Ok(seat) = seat_of(players, owner)
                && table.held(seat) >= options.target_words
                && after.held(seat) < options.target_words
            {
                text.push_str(&format!(
                    "; {owner} drops to {}, below the {} that win: no win for {owner} at the start of {owner}'s next turn",
                    count(seat),
                    options.target_words
                ));
            }
        }
        (Some(Ending::Target), [w, ..]) => {
            text.push_str(&format!(
                "; {} holds {} and wins (rule 8)",
                name(*w),
                count(*w)
            ));
        }
        (Some(_), [w]) => {
            text.push_str(&format!(
                "; {} holds the most words, {}, and wins",
                name(*w),
                count(*w)
            ));
        }
        (Some(_), winners) => {
            let names: Vec<&str> = winners.iter().map(|w| name(*w)).collect();
            let most = winners.first().map_or(0, |w| after.held(*w));
            text.push_str(&format!(
                "; {} hold {} each and share the win",
                crate::text::and_list(&names),
                crate::contract::Unit::WORDS.count(most as i64)
            ));
        }
    }
    text
}
