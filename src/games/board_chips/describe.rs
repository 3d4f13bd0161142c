//! Recorded turns in words, for the prompt and `history`, naming squares the way the
//! table reads the board: "alice covers W of WIND, B of BOX: starts WIND, WAGON, BOX
//! and BIRD", "bob covers D of WIND: completes WIND and BIRD, 2 chips". Each event is
//! described against the state it was applied to, since what a covering completes
//! (and which word made it legal) depends on what was covered before it.

use super::record::{Play, Turn};
use super::state::{Event, Options};

/// A turn as umpire ruled on it.
pub(super) fn turn_text(turn: &Turn) -> String {
    let player = &turn.player;
    let mut text = match &turn.play {
        Play::Covered { coverings } => {
            let laid: Vec<&str> = coverings.iter().map(|c| c.name.as_str()).collect();
            let mut text = format!("{player} covers {}", laid.join(", "));
            let completed: Vec<&str> = turn.completed().map(|w| w.word.as_str()).collect();
            let started: Vec<&str> = coverings
                .iter()
                .flat_map(|c| &c.started)
                .map(String::as_str)
                .filter(|w| !completed.contains(w))
                .collect();
            let mut parts = Vec::new();
            // A tile that completes two words of a two-tile turn is named: the table
            // sees which tile took the chips.
            let named = coverings.len() > 1 && coverings.iter().any(|c| c.completed.len() > 1);
            if named {
                let each: Vec<String> = coverings
                    .iter()
                    .filter(|c| !c.completed.is_empty())
                    .map(|c| {
                        let words: Vec<&str> =
                            c.completed.iter().map(|w| w.word.as_str()).collect();
                        format!("{} completes {}", c.name, and_list(&words))
                    })
                    .collect();
                parts.push(format!(
                    "{}, {}",
                    each.join(" and "),
                    chips_taken(turn.chips, completed.len())
                ));
            } else if !completed.is_empty() {
                parts.push(format!(
                    "completes {}, {}",
                    and_list(&completed),
                    chips_taken(turn.chips, completed.len())
                ));
            }
            if !started.is_empty() {
                parts.push(format!("starts {}", and_list(&started)));
            }
            if !parts.is_empty() {
                text.push_str(": ");
                text.push_str(&parts.join("; "));
            }
            text
        }
        Play::Placed { tiles } => {
            let placed = if *tiles == 0 {
                "no tile".to_string()
            } else {
                count(*tiles, "tile")
            };
            match turn.chips {
                0 => format!("{player} places {placed}"),
                n => format!("{player} places {placed} and wins {}", count(n, "chip")),
            }
        }
        Play::Exchanged { back, count } => exchanged(player, back, *count),
        Play::Passed => format!("{player} passes (the pool is empty)"),
    };
    if let Some(why) = turn.game_over {
        text.push_str(&format!("; {why}: the game is over"));
    }
    text
}

/// "bob exchanges K V with the pool", "bob exchanges tiles with the pool", "bob
/// exchanges 1 tile with the pool (its last)".
fn exchanged(player: &str, back: &str, count: u32) -> String {
    let last = if count == 1 { " (its last)" } else { "" };
    if back.is_empty() {
        return match count {
            1 => format!("{player} exchanges 1 tile with the pool{last}"),
            _ => format!("{player} exchanges tiles with the pool"),
        };
    }
    let spaced: Vec<String> = back.chars().map(String::from).collect();
    format!(
        "{player} exchanges {} with the pool{last}",
        spaced.join(" ")
    )
}

/// "2 chips", or what the kitty could pay: "1 chip (the kitty ran out)".
fn chips_taken(chips: u32, words: usize) -> String {
    match chips {
        0 => "no chip (the kitty is empty)".to_string(),
        n if (n as usize) < words => format!("{} (the kitty ran out)", count(n, "chip")),
        n => count(n, "chip"),
    }
}

/// "1 tile", "2 tiles".
fn count(n: u32, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// "ann's rack: A C E K R S T".
pub(super) fn rack_text(player: &str, rack: &super::rack::Rack) -> String {
    format!("{player}'s rack: {rack}")
}

/// An event as typed, for one that no longer applies: its squares named by the board's
/// words where they are squares of it.
pub(super) fn typed(event: &Event, options: &Options) -> String {
    match event {
        Event::SquaresCovered { player, coverings } => {
            let laid: Vec<String> = coverings
                .iter()
                .map(|c| {
                    options
                        .board()
                        .and_then(|b| b.name(c.square, None))
                        .filter(|n| n.letter == c.letter.to_ascii_uppercase())
                        .map_or_else(|| c.to_string(), |n| n.to_string())
                })
                .collect();
            format!("{player} covers {}", laid.join(", "))
        }
        Event::RackShown { player, letters } if letters.is_empty() => {
            format!("{player}'s rack: empty")
        }
        Event::RackShown { player, letters } => {
            let spaced: Vec<String> = letters.chars().map(String::from).collect();
            format!("{player}'s rack: {}", spaced.join(" "))
        }
        Event::TilesPlaced {
            player,
            tiles,
            chips,
        } => format!(
            "{player} places {} and wins {}",
            count(*tiles, "tile"),
            count(*chips, "chip")
        ),
        Event::TilesExchanged { player, back } => {
            exchanged(player, back, back.chars().count() as u32)
        }
        Event::TurnPassed { player } => format!("{player} passes"),
    }
}

/// "A", "A and B", "A, B and C".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_words_reads_as_a_sentence() {
        assert_eq!(and_list(&["TENT"]), "TENT");
        assert_eq!(and_list(&["WIND", "BIRD"]), "WIND and BIRD");
        assert_eq!(and_list(&["A", "B", "C"]), "A, B and C");
    }

    #[test]
    fn an_entry_that_no_longer_applies_is_shown_as_typed_naming_squares_by_their_words() {
        use crate::games::board_chips::EXAMPLE_BOARD;
        use crate::games::board_chips::play::Covering;
        let o = Options::with_board("example", EXAMPLE_BOARD).expect("board");
        let covers = Event::SquaresCovered {
            player: "ann".into(),
            coverings: vec![Covering::new(1, 9, 'T'), Covering::new(2, 9, 'Q')],
        };
        assert_eq!(typed(&covers, &o), "ann covers T of TRAIL, r2c9 Q");
        assert_eq!(
            typed(&covers, &Options::tally()),
            "ann covers r1c9 T, r2c9 Q"
        );
        let rack = |letters: &str| Event::RackShown {
            player: "ben".into(),
            letters: letters.into(),
        };
        assert_eq!(typed(&rack(""), &o), "ben's rack: empty");
        assert_eq!(typed(&rack("AB?"), &o), "ben's rack: A B ?");
    }

    #[test]
    fn chips_short_of_the_words_say_the_kitty_ran_out() {
        assert_eq!(chips_taken(2, 2), "2 chips");
        assert_eq!(chips_taken(1, 2), "1 chip (the kitty ran out)");
        assert_eq!(chips_taken(0, 1), "no chip (the kitty is empty)");
    }
}
