//! `umpire board FILE`: a board file checked and shown before play, with the parser
//! the game uses. It draws the board with its rows and columns numbered, lists every
//! word (numbering words the board has twice, as `cover` names them), counts the tiles
//! the table needs (one a square, by letter), and warns about what is likely a mistake
//! in the file: letters that touch by accident and form a word no one meant (`CAT`
//! over `.X.` makes AX down), a word the dictionary does not know, a word twice, a
//! count of squares other than the sheet's 101. `umpire board example` shows the board
//! built into umpire. Exit 0 when there is nothing to warn about (or only the count of
//! squares, which a small board made on purpose has), 1 when there is, 2 when the file
//! is not a board.

use std::path::PathBuf;

use clap::{ArgMatches, Args, FromArgMatches};
use serde_json::json;

use super::EXAMPLE_BOARD;
use super::board::{Board, Direction, MAX_FILE_BYTES, Square, WordId};
use super::game::is_example;
use super::play::Coverage;
use super::state::TILES;
use super::table;
use crate::contract::{Answer, Arg, Given, OneShot, Refusal, Verb};
use crate::lexicon::{Lexicon, RuleSet, Rules};

/// The game's shell commands.
pub(super) const ONE_SHOTS: &[OneShot] = &[OneShot {
    name: "board",
    command,
    input,
    what: "board file",
    needs_lexicon: true,
    run,
    prompt: Some(&PROMPT_VERB),
}];

/// `board FILE` at the prompt: a board checked before the next session is started on
/// it, without leaving the one open (`table` shows the open session's own board).
const PROMPT_VERB: Verb = Verb {
    name: "board",
    args: "FILE [--json]",
    summary: "check a Board Chips board file as `umpire board FILE` does (the board drawn, its words, the tiles it takes, what looks like a mistake); records nothing",
    example: "board my-board.txt",
    completes: &[Arg::Text],
    block: false,
};

#[derive(Debug, Args)]
struct BoardArgs {
    /// The board file (`-` for standard input), or `example` for the board built into
    /// umpire.
    file: PathBuf,
    /// Print {file, rows, cols, squares, tiles, words, letters, warnings, drawing} as
    /// JSON.
    #[arg(long)]
    json: bool,
}

fn command() -> clap::Command {
    clap::Command::new("board")
        .about("Check and show a Board Chips board file before play: the board drawn, every word, the tiles it takes, and warnings (letters that touch by accident, words the dictionary does not know, a word twice, a count of squares other than the sheet's 101). Exit 0 when there is nothing to warn about or only the count of squares, 1 when there is more.")
        .after_help("A board file has one row a line: a letter is a square printed with that letter,\n. is no square. Every run of two or more letters across or down is a word.\n\nExamples:\n  umpire board example\n  umpire board my-board.txt\n  umpire board --json my-board.txt")
        .defer(BoardArgs::augment_args)
}

fn input(matches: &ArgMatches) -> Option<PathBuf> {
    matches
        .get_one::<PathBuf>("file")
        .filter(|p| !is_example(p))
        .cloned()
}

/// One thing about a board worth a second look.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub(super) struct Warning {
    /// The word it is about, as `cover` names it (`ARM2`), or empty for the board.
    word: String,
    kind: &'static str,
    text: String,
}

/// What `umpire board` finds worth saying about a board: words of two letters (letters
/// that touch, most often by accident), words the dictionary does not know (when one is
/// given), words spelled alike (named by number), and a square count that is not the
/// sheet's tiles.
pub(super) fn warnings(board: &Board, lexicon: Option<&Lexicon>) -> Vec<Warning> {
    let rules = Rules::new(RuleSet::STANDARD);
    let mut out = Vec::new();
    for (id, word) in board.word_ids() {
        let label = board.label(id);
        let place = word.place();
        if word.len() == 2 {
            out.push(Warning {
                word: label.clone(),
                kind: "touch",
                text: format!(
                    "{label} ({place}): two letters that touch, {}: a word no one meant? Every word must be covered; a . between them parts them",
                    touching(board, id)
                ),
            });
        } else if let Some(lexicon) = lexicon
            && !crate::lexicon::allows(lexicon, &rules, &word.text().to_lowercase())
        {
            out.push(Warning {
                word: label.clone(),
                kind: "not-a-word",
                text: format!(
                    "{label} ({place}): not a word the dictionary knows: letters that touch by accident, or a misprint?"
                ),
            });
        }
    }
    let mut seen: Vec<&str> = Vec::new();
    for (id, word) in board.word_ids() {
        let alike = board.words_spelled(word.text());
        if alike.len() < 2 || seen.contains(&word.text()) {
            continue;
        }
        seen.push(word.text());
        let listed: Vec<String> = alike
            .iter()
            .filter_map(|&id| Some(format!("{} ({})", board.label(id), board.word(id)?.place())))
            .collect();
        out.push(Warning {
            word: word.text().to_string(),
            kind: "twice",
            text: format!(
                "{} is on the board {} times: {}; cover names them by number ({}:{})",
                word.text(),
                alike.len(),
                crate::text::and_list(&listed),
                board.label(alike.get(1).copied().unwrap_or(id)),
                word.letter(0).unwrap_or('A')
            ),
        });
    }
    let squares = board.square_count();
    if squares != TILES as usize {
        out.push(Warning {
            word: String::new(),
            kind: "tiles",
            text: format!(
                "{squares} squares, so {squares} tiles, not the sheet's {TILES}: umpire counts the pool and the end from the squares"
            ),
        });
    }
    out
}

/// "A of CAT over X": the two letters of a two-letter word, each named by the other
/// word it belongs to, if one.
fn touching(board: &Board, id: WordId) -> String {
    let Some(word) = board.word(id) else {
        return String::new();
    };
    let named = |square: Square| -> String {
        let other = board.words_at(square).map(|(w, _)| w).find(|&w| w != id);
        match other.and_then(|w| board.name(square, Some(w))) {
            Some(name) => name.to_string(),
            None => board.letter(square).map_or_else(String::new, String::from),
        }
    };
    let joint = match word.direction() {
        Direction::Across => "beside",
        Direction::Down => "over",
    };
    match word.squares() {
        [a, b] => format!("{} {joint} {}", named(*a), named(*b)),
        _ => String::new(),
    }
}

/// "A 9, B 4, C 2, ...": the tiles a board takes, one a square, letter by letter.
fn letters_text(board: &Board) -> String {
    let counts = board.letter_counts();
    let listed: Vec<String> = ('A'..='Z')
        .zip(counts)
        .filter(|&(_, n)| n > 0)
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    listed.join(", ")
}

/// Each direction's words on a line: "across (17): TRAIL r1c9, KITE r2c6, ...".
fn word_lines(board: &Board) -> Vec<String> {
    [Direction::Across, Direction::Down]
        .into_iter()
        .map(|direction| {
            let words: Vec<String> = board
                .word_ids()
                .filter(|(_, w)| w.direction() == direction)
                .map(|(id, w)| format!("{} {}", board.label(id), w.start()))
                .collect();
            format!(
                "{} ({}): {}",
                direction.as_str(),
                words.len(),
                words.join(", ")
            )
        })
        .collect()
}

fn run(matches: &ArgMatches, given: &Given<'_>) -> Result<Answer, Refusal> {
    let args = BoardArgs::from_arg_matches(matches).map_err(|e| Refusal::input(e.to_string()))?;
    let file = args.file.display().to_string();
    let shown = crate::text::printable_text(&file);
    let text = if is_example(&args.file) {
        EXAMPLE_BOARD
    } else {
        given.input.unwrap_or_default()
    };
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(Refusal::input(format!(
            "{shown} is {} bytes: a board file is at most {} KB ({MAX_FILE_BYTES} bytes)",
            text.len(),
            MAX_FILE_BYTES / 1024
        )));
    }
    let board = Board::parse(text).map_err(|e| Refusal::input(format!("{shown}: {e}")))?;
    let warnings = warnings(&board, given.lexicon);
    let drawing = table::draw(&table::cells(&board, &Coverage::new(&board)));
    // A square count other than the sheet's 101 is said, but a small board made on
    // purpose is not a mistake: only the other warnings make the exit 1.
    let fine = warnings.iter().all(|w| w.kind == "tiles");
    if args.json {
        let words: Vec<serde_json::Value> = board
            .word_ids()
            .map(|(id, w)| {
                json!({
                    "word": w.text(),
                    "label": board.label(id),
                    "direction": w.direction(),
                    "start": w.start(),
                    "squares": w.squares(),
                })
            })
            .collect();
        let letters: serde_json::Map<String, serde_json::Value> = ('A'..='Z')
            .zip(board.letter_counts())
            .filter(|&(_, n)| n > 0)
            .map(|(l, n)| (l.to_string(), n.into()))
            .collect();
        let out = json!({
            "file": file,
            "rows": board.rows(),
            "cols": board.cols(),
            "squares": board.square_count(),
            "tiles": board.square_count(),
            "words": words,
            "letters": letters,
            "warnings": warnings,
            "drawing": drawing,
        });
        return Answer::json(&out, fine);
    }
    let squares = board.square_count();
    let mut lines = vec![format!(
        "board {shown}: {} by {}, {squares} squares, {} words: {squares} tiles, one a square",
        board.rows(),
        board.cols(),
        board.words().len()
    )];
    lines.extend(drawing);
    lines.extend(word_lines(&board));
    lines.push(format!("the tiles ({squares}): {}", letters_text(&board)));
    if warnings.is_empty() {
        lines.push("nothing to warn about: no letters touch by accident".to_string());
    } else {
        lines.push(format!(
            "{}:",
            crate::text::count(warnings.len() as i64, "warning", "warnings")
        ));
        lines.extend(warnings.iter().map(|w| format!("  {}", w.text)));
    }
    Ok(Answer::text(lines.join("\n"), fine))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::parse(text).expect("board")
    }

    #[test]
    fn letters_that_touch_by_accident_are_named_with_the_word_they_make() {
        let b = board("CAT\n.X.\n.E.");
        assert!(
            warnings(&b, None).iter().all(|w| w.kind != "touch"),
            "AXE is meant"
        );
        let b = board("CAT\n.X.\n...\nDOG");
        let found = warnings(&b, None);
        assert_eq!(
            found.first().map(|w| w.text.as_str()),
            Some(
                "AX (down from r1c2): two letters that touch, A of CAT over X: a word no one meant? Every word must be covered; a . between them parts them"
            )
        );
    }

    #[test]
    fn a_word_the_dictionary_does_not_know_is_a_warning() {
        let lexicon = Lexicon::embedded().expect("dictionary");
        let b = board("CAT\nA..\nBZQ");
        let found: Vec<(String, &str)> = warnings(&b, Some(&lexicon))
            .into_iter()
            .map(|w| (w.word, w.kind))
            .filter(|(_, k)| *k != "tiles")
            .collect();
        assert_eq!(found, vec![("BZQ".to_string(), "not-a-word")]);
    }

    #[test]
    fn a_word_twice_and_a_board_of_other_than_101_squares_are_said() {
        let b = board("ARM\nR..\nM..");
        let found = warnings(&b, None);
        let texts: Vec<&str> = found.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "ARM is on the board 2 times: ARM1 (across from r1c1) and ARM2 (down from r1c1); cover names them by number (ARM2:A)",
                "5 squares, so 5 tiles, not the sheet's 101: umpire counts the pool and the end from the squares",
            ]
        );
    }

    #[test]
    fn the_example_board_has_nothing_to_warn_about() {
        let lexicon = Lexicon::embedded().expect("dictionary");
        let b = board(EXAMPLE_BOARD);
        assert_eq!(warnings(&b, Some(&lexicon)), Vec::new());
        assert_eq!(
            letters_text(&b),
            "A 12, B 3, C 1, D 1, E 7, F 3, G 3, H 2, I 9, J 1, K 4, L 10, M 3, N 9, O 10, P 3, R 4, S 2, T 6, U 1, V 1, W 4, X 2"
        );
    }
}
