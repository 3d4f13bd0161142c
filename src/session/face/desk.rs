//! [`Desk`]: what one front end remembers between the lines it sends a session. A
//! question is put to whoever typed the line that raised it, and is answered by their
//! next line; an `undo` right after a refused line says that line recorded nothing. The
//! terminal has one desk; every phone keeping score has its own, so a yes typed at one
//! never answers a question put to another.

use std::any::Any;

use crate::session::face::outcome::Question;

/// The answers a question takes, at the prompt and on a phone: the desk's, so that
/// every front end reads a yes the same way.
fn yes_no(word: &str) -> Option<bool> {
    match word {
        "y" | "yes" => Some(true),
        "n" | "no" => Some(false),
        _ => None,
    }
}

/// A typed line as a desk reads it, before any verb runs: the same at the prompt and on
/// a phone, so a yes, a stray yes and a dropped question mean one thing everywhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading<'a> {
    /// Longer than a line may be (`MAX_LINE`).
    TooLong,
    /// Nothing but spaces.
    Empty,
    /// A bare yes or no, and a question waits for it.
    Answer(bool),
    /// A bare yes or no (the word, lower case), and no question waits.
    Stray(String),
    /// A verb (lower case) and its arguments. `dropped`: a question was waiting, and
    /// this line, not its answer, dropped it.
    Verb {
        /// The first word of the line, lower case.
        verb: String,
        /// The rest of the line, trimmed, as typed.
        args: &'a str,
        /// A question was waiting, and this line dropped it.
        dropped: bool,
    },
}

/// The most hex digits a line's id has: 128 bits, as many as a phone's page draws.
pub(crate) const LINE_ID_DIGITS: usize = 32;

/// A line's id as a phone gives it (`id` in its form): 1 to [`LINE_ID_DIGITS`] hex
/// digits, read in lower case; `None` for anything else.
pub(crate) fn line_id(given: &str) -> Option<String> {
    (!given.is_empty()
        && given.len() <= LINE_ID_DIGITS
        && given.bytes().all(|b| b.is_ascii_hexdigit()))
    .then(|| given.to_ascii_lowercase())
}

/// One front end's side of its conversation with a session.
#[derive(Default)]
pub struct Desk {
    pub(in crate::session) pending: Option<Pending>,
    /// The last line was refused and recorded nothing.
    pub(in crate::session) after_refusal: bool,
    script: bool,
    /// The front end, as the log names it, when not the prompt.
    by: Option<&'static str>,
    /// `history` answers without its rows: the front end takes them one at a time.
    streams_history: bool,
    /// The id the phone gave the line being run, which its entries keep in the log.
    line: Option<String>,
}

/// A question waiting for its yes or no, with what a yes records (the session's own
/// events, typed by its game: see `Session::answer`), and the game's question put next
/// whatever the answer (its `Ask`, typed the same way).
pub(in crate::session) struct Pending {
    pub(in crate::session) question: Question,
    pub(in crate::session) record: Box<dyn Any + Send>,
    /// Said once a yes has recorded `record` (or one of the `choices`): what follows
    /// from it, as an action's `then` is said after its entries.
    pub(in crate::session) after: Vec<String>,
    pub(in crate::session) then: Option<Box<dyn Any + Send>>,
    /// The other answers the question takes, each a word typed alone and what it
    /// records in place of `record` (see `Prompt::answers`).
    pub(in crate::session) choices: Vec<(String, Box<dyn Any + Send>)>,
    /// The log's last entry when the question was put: an entry recorded since, from
    /// any front end, moved the table the question was asked of, so its answer is
    /// refused rather than recorded against another table (a penalty asked in one
    /// round landing in the next).
    pub(in crate::session) asked_at: u64,
}

/// What an answer records when it records what a yes does (the joker's card umpire
/// read it as, typed): it is a yes in other words, not another answer to offer.
pub(in crate::session) struct SameAsYes;

impl std::fmt::Debug for Desk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Desk")
            .field("question", &self.question())
            .field("after_refusal", &self.after_refusal)
            .field("script", &self.script)
            .finish()
    }
}

impl Desk {
    /// A desk whose lines come from a person who can answer questions, or (`script`)
    /// from a script, which cannot: a game then records what it would have asked, or
    /// refuses it.
    pub fn new(script: bool) -> Desk {
        Desk {
            script,
            ..Desk::default()
        }
    }

    /// A phone's desk: its entries say so in the log (`"by":"phone"`), and it is asked
    /// questions unless `script` (a program posting lines, which cannot answer).
    pub fn phone(script: bool) -> Desk {
        Desk {
            script,
            by: Some("phone"),
            ..Desk::default()
        }
    }

    /// Lines come from a script.
    pub(crate) fn script(&self) -> bool {
        self.script
    }

    /// The front end, as the log names it, when not the prompt.
    pub(crate) fn by(&self) -> Option<&'static str> {
        self.by
    }

    /// The line about to run was sent with the id `id` (a valid [`line_id`]; none:
    /// it came without one): every entry it records keeps the id in the log, so that
    /// the same line sent again is known ([`crate::session::AnySession::sent_before`]).
    #[cfg(feature = "cli")]
    pub(crate) fn sending(&mut self, id: Option<String>) {
        self.line = id;
    }

    /// The id of the line being run, when it came with one.
    pub(crate) fn line_id(&self) -> Option<&str> {
        self.line.as_deref()
    }

    /// From now on `history` answers with its rows left out (`History::streamed`): the
    /// front end draws them as [`crate::session::AnySession::each_history_row`] hands them out,
    /// never holding a long log's every row.
    #[cfg(feature = "cli")]
    pub(crate) fn stream_history(&mut self) {
        self.streams_history = true;
    }

    /// `history` answers with its rows left out ([`Desk::stream_history`]).
    pub(crate) fn streams_history(&self) -> bool {
        self.streams_history
    }

    /// The question the next yes or no answers.
    pub(crate) fn question(&self) -> Option<&Question> {
        self.pending.as_ref().map(|p| &p.question)
    }

    /// The answers the question waiting here takes besides yes and no (the joker's
    /// other card), each as it is typed alone, as the prompt and a phone's buttons
    /// offer them; none when no question waits. An answer that records what a yes
    /// records is a yes, and not among them, nor a longer spelling of one offered
    /// (`JK=9C` beside `9C`), which the question still takes when typed.
    #[cfg(feature = "cli")]
    pub(crate) fn answers(&self) -> Vec<&str> {
        let answers: Vec<&str> = self
            .pending
            .iter()
            .flat_map(|p| p.choices.iter())
            .filter(|(_, record)| !record.is::<SameAsYes>())
            .map(|(word, _)| word.as_str())
            .collect();
        answers
            .iter()
            .filter(|a| {
                !a.split_once('=')
                    .is_some_and(|(_, card)| answers.iter().any(|b| b.eq_ignore_ascii_case(card)))
            })
            .copied()
            .collect()
    }

    /// Forgets the question (the line typed was not its answer).
    pub fn drop_question(&mut self) {
        self.pending = None;
    }

    /// Reads a typed line: an answer to the question waiting here, or a verb, which
    /// drops that question.
    pub fn read<'a>(&mut self, line: &'a str) -> Reading<'a> {
        if line.chars().count() > crate::contract::MAX_LINE {
            return Reading::TooLong;
        }
        let line = line.trim();
        if line.is_empty() {
            return Reading::Empty;
        }
        let (verb, args) = match line.split_once(char::is_whitespace) {
            Some((v, a)) => (v.to_ascii_lowercase(), a.trim()),
            None => (line.to_ascii_lowercase(), ""),
        };
        // A word the question takes as its answer (the joker's other card): it
        // records what that word offers, as a yes records what the question offered.
        if args.is_empty()
            && let Some(pending) = self.pending.as_mut()
            && let Some(i) = pending
                .choices
                .iter()
                .position(|(word, _)| word.eq_ignore_ascii_case(&verb))
        {
            let (_, record) = pending.choices.swap_remove(i);
            if !record.is::<SameAsYes>() {
                pending.record = record;
            }
            return Reading::Answer(true);
        }
        if let (Some(yes), true) = (yes_no(&verb), args.is_empty()) {
            return if self.question().is_some() {
                Reading::Answer(yes)
            } else {
                Reading::Stray(verb)
            };
        }
        let dropped = self.question().is_some();
        self.drop_question();
        Reading::Verb {
            verb,
            args,
            dropped,
        }
    }

    /// A line was carried out without the session (an export written): the next
    /// `undo` follows no refusal.
    pub fn carried_out(&mut self) {
        self.after_refusal = false;
    }

    /// A line was refused before it reached the session (an unknown verb): an `undo`
    /// next says that line recorded nothing, as after any refusal.
    pub fn refused_elsewhere(&mut self) {
        self.after_refusal = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_desk_reads_a_yes_as_its_question_s_answer_and_anything_else_as_a_verb_that_drops_it() {
        let mut desk = Desk::new(false);
        assert_eq!(desk.read("   "), Reading::Empty);
        assert_eq!(
            desk.read(&"x".repeat(crate::contract::MAX_LINE + 1)),
            Reading::TooLong
        );
        assert_eq!(desk.read(" YES "), Reading::Stray("yes".into()));
        assert_eq!(
            desk.read("Left  bob QZ "),
            Reading::Verb {
                verb: "left".into(),
                args: "bob QZ",
                dropped: false
            }
        );
        let ask = |desk: &mut Desk| {
            desk.pending = Some(Pending {
                question: Question::Game {
                    text: "close the hand?".into(),
                },
                record: Box::new(()),
                after: Vec::new(),
                then: None,
                choices: vec![("9c".to_string(), Box::new(9u8))],
                asked_at: 0,
            });
        };
        ask(&mut desk);
        assert_eq!(desk.read("n"), Reading::Answer(false));
        assert!(
            desk.question().is_some(),
            "answered by the session, not here"
        );
        assert_eq!(
            desk.read("y please"),
            Reading::Verb {
                verb: "y".into(),
                args: "please",
                dropped: true
            }
        );
        assert!(
            desk.question().is_none(),
            "a line that is not the answer drops it"
        );
        assert_eq!(desk.read("y"), Reading::Stray("y".into()));
        // A word the question takes is a yes to what that word offers.
        ask(&mut desk);
        assert_eq!(desk.read(" 9C "), Reading::Answer(true));
        let record = desk.pending.take().map(|p| p.record);
        assert_eq!(
            record.and_then(|r| r.downcast::<u8>().ok()).map(|b| *b),
            Some(9)
        );
        ask(&mut desk);
        assert!(matches!(
            desk.read("9C onto A"),
            Reading::Verb { dropped: true, .. }
        ));
    }

    #[test]
    fn an_answer_that_records_what_yes_records_is_a_yes_and_not_offered_as_another() {
        let mut desk = Desk::new(false);
        desk.pending = Some(Pending {
            question: Question::Game {
                text: "record it as JK=JH? (AH records it as JK=AH)".into(),
            },
            record: Box::new(1u8),
            after: Vec::new(),
            then: None,
            choices: vec![
                ("JH".to_string(), Box::new(SameAsYes)),
                ("AH".to_string(), Box::new(2u8)),
                ("JK=AH".to_string(), Box::new(2u8)),
            ],
            asked_at: 0,
        });
        #[cfg(feature = "cli")]
        assert_eq!(desk.answers(), ["AH"], "JK=AH is AH spelt longer");
        assert_eq!(desk.read("jh"), Reading::Answer(true));
        let record = desk.pending.take().map(|p| p.record);
        assert_eq!(
            record.and_then(|r| r.downcast::<u8>().ok()).map(|b| *b),
            Some(1),
            "what a yes records"
        );
    }
}
