//! Playing cards as a scorekeeper types them: `5C`, `10H` or `TH`, `QS`, `AD`, `JK` (or
//! `*`) for a joker, suits as letters or ♠♥♦♣, in any case, separated by spaces and/or
//! commas, with ranges such as `5C-9C`.
//!
//! Two kinds of line are read. [`parse_cards`] reads physical cards (a hand, a discard);
//! [`parse_typed`] reads the cards of a run, where a joker may also say what it stands
//! for: `JK=4C` is the joker standing for the four of clubs. A scorekeeper needs that
//! only when a joker at the end of a run could mean either end (`JK 5C 6C` could be 4-5-6
//! or 5-6-7); the run engine's rule for the unannotated case is documented there.
//!
//! The deck is 52 cards and 2 jokers, so across a whole hand each natural card appears
//! at most once and jokers at most twice: [`CardSet`] keeps that count.

use std::fmt;
use std::str::FromStr;

use crate::contract::{Kind, Refuse};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// The most cards one line may hold: the whole deck. It bounds the work a pasted
/// screenful can cause, and no hand or run is longer.
pub(crate) const MAX_CARDS: usize = 54;

/// How many jokers the deck has.
pub(crate) const JOKERS: usize = 2;

/// What every "not a card" message repeats, so the scorekeeper sees what is accepted.
const ACCEPTED: &str =
    "ranks are 2-10, J, Q, K, A (T for 10), suits C, D, H, S or ♣ ♦ ♥ ♠, and JK or * is a joker";

/// A card's suit. Ordered clubs, diamonds, hearts, spades (bridge order), which is only
/// used to list cards steadily.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// Every suit, in listing order.
    pub(crate) const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The letter cards are written with: C, D, H, S.
    pub(crate) fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    #[cfg(feature = "cli")]
    /// The plural name, for sentences: "4 clubs in order".
    pub(crate) fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// Reads a suit letter (either case) or symbol, black or white.
    pub(crate) fn from_char(c: char) -> Option<Suit> {
        Some(match c.to_ascii_uppercase() {
            'C' | '♣' | '♧' => Suit::Clubs,
            'D' | '♦' | '♢' => Suit::Diamonds,
            'H' | '♥' | '♡' => Suit::Hearts,
            'S' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        })
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A natural card's rank, 2 to 14 with the ace as 14. Whether an ace plays low or high
/// is a property of the run it is in, not of the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Rank(u8);

impl Rank {
    /// The ace, which a run may play low or high.
    pub(crate) const ACE: Rank = Rank(14);

    /// The rank numbered `n` (2..=10, 11 jack, 12 queen, 13 king, 14 ace).
    pub(crate) fn new(n: u8) -> Option<Rank> {
        (2..=14).contains(&n).then_some(Rank(n))
    }

    /// 2..=14, the ace as 14.
    pub(crate) fn number(self) -> u8 {
        self.0
    }

    /// Aces are the one rank whose place in a run depends on the run.
    pub(crate) fn is_ace(self) -> bool {
        self == Rank::ACE
    }

    /// Reads the rank part of a token: 2-10, T, J, Q, K, A in either case.
    fn parse(text: &str) -> Option<Rank> {
        let n = match text.to_ascii_uppercase().as_str() {
            "A" => 14,
            "K" => 13,
            "Q" => 12,
            "J" => 11,
            "T" | "10" => 10,
            d if d.len() == 1 => d.parse::<u8>().ok().filter(|n| *n >= 2)?,
            _ => return None,
        };
        Rank::new(n)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            11 => f.write_str("J"),
            12 => f.write_str("Q"),
            13 => f.write_str("K"),
            14 => f.write_str("A"),
            n => write!(f, "{n}"),
        }
    }
}

/// A card that is not a joker: a rank and a suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Natural {
    pub(crate) rank: Rank,
    pub(crate) suit: Suit,
}

impl Natural {
    /// The card of `rank` in `suit`.
    pub(crate) fn new(rank: Rank, suit: Suit) -> Natural {
        Natural { rank, suit }
    }

    /// 0..52, suit by suit: the card's place in a [`CardSet`].
    fn index(self) -> usize {
        self.suit.index() * 13 + usize::from(self.rank.0 - 2)
    }

    fn from_index(i: usize) -> Option<Natural> {
        let suit = *Suit::ALL.get(i / 13)?;
        let rank = Rank::new(u8::try_from(i % 13).ok()? + 2)?;
        Some(Natural { rank, suit })
    }

    /// All 52, suit by suit from the two up: for completion and tests.
    pub(crate) fn all() -> impl Iterator<Item = Natural> {
        (0..52).filter_map(Natural::from_index)
    }
}

impl fmt::Display for Natural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank, self.suit.letter())
    }
}

/// One physical card: a natural card or one of the two jokers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Card {
    Natural(Natural),
    Joker,
}

impl Card {
    /// The natural card, or `None` for a joker.
    pub(crate) fn natural(self) -> Option<Natural> {
        match self {
            Card::Natural(n) => Some(n),
            Card::Joker => None,
        }
    }

    /// Jokers count 20 and stand in for any card.
    pub(crate) fn is_joker(self) -> bool {
        self == Card::Joker
    }
}

impl From<Natural> for Card {
    fn from(n: Natural) -> Card {
        Card::Natural(n)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Natural(n) => n.fmt(f),
            Card::Joker => f.write_str("JK"),
        }
    }
}

/// A card as typed where a run is expected: a card, or a joker that says what it stands
/// for (`JK=4C`). The run engine fixes an annotated joker in place and places the others
/// itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Typed {
    Card(Card),
    JokerAs(Natural),
}

impl Typed {
    /// The physical card: what the deck check counts.
    pub(crate) fn card(self) -> Card {
        match self {
            Typed::Card(c) => c,
            Typed::JokerAs(_) => Card::Joker,
        }
    }

    /// The natural card this stands for, when that is known from the typing alone.
    pub(crate) fn stands_for(self) -> Option<Natural> {
        match self {
            Typed::Card(c) => c.natural(),
            Typed::JokerAs(n) => Some(n),
        }
    }
}

impl From<Card> for Typed {
    fn from(c: Card) -> Typed {
        Typed::Card(c)
    }
}

impl fmt::Display for Typed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Typed::Card(c) => c.fmt(f),
            Typed::JokerAs(n) => write!(f, "JK={n}"),
        }
    }
}

/// Why typed cards were refused: one line naming the token and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum CardError {
    #[error("{token} is not a card: {why}")]
    NotACard { token: String, why: String },
    #[error("{token} is not a range: {why}")]
    NotARange { token: String, why: String },
    #[error(
        "{token}: a joker's meaning (JK=4C) belongs in a run; for a card in hand type JK alone"
    )]
    MeaningOutsideRun { token: String },
    #[error("no cards given: type cards like 5C 10H QS AD, and JK for a joker")]
    Empty,
    #[error("more than {MAX_CARDS} cards on one line: the whole deck is {MAX_CARDS}")]
    TooMany,
    #[error("{0} appears twice: the deck has one of each card")]
    Repeated(Natural),
    #[error("a third joker: the deck has only {JOKERS}")]
    ThirdJoker,
}

/// Cards that do not read are bad input; a card placed twice, or a third joker, is the
/// deck's rule.
impl Refuse for CardError {
    fn kind(&self) -> Kind {
        match self {
            CardError::Repeated(_) | CardError::ThirdJoker => Kind::Rule,
            _ => Kind::BadInput,
        }
    }
}

fn not_a_card(token: &str, why: impl Into<String>) -> CardError {
    CardError::NotACard {
        token: shown(token),
        why: why.into(),
    }
}

/// A token as it may appear in an error line: at most 24 characters, control and other
/// invisible characters escaped, so a pasted screenful or a stray escape code cannot
/// flood or garble the terminal.
fn shown(token: &str) -> String {
    const SHOWN: usize = 24;
    let plain = token.chars().all(|c| !c.is_control() && !c.is_whitespace());
    let head: String = token.chars().take(SHOWN).collect();
    let cut = if token.chars().nth(SHOWN).is_some() {
        "..."
    } else {
        ""
    };
    if plain {
        format!("{head}{cut}")
    } else {
        format!("\"{}\"{cut}", head.escape_debug())
    }
}

/// The emoji presentation selector some keyboards add after a suit symbol (♥️).
const EMOJI_SELECTOR: char = '\u{FE0F}';

/// Reads one natural card: a rank followed by a suit.
fn parse_natural(token: &str) -> Result<Natural, CardError> {
    let trimmed = token.trim_end_matches(EMOJI_SELECTOR);
    let Some(last) = trimmed.chars().next_back() else {
        return Err(not_a_card(token, ACCEPTED));
    };
    let rank_text = &trimmed[..trimmed.len() - last.len_utf8()];
    let Some(suit) = Suit::from_char(last) else {
        if Rank::parse(trimmed).is_some() {
            return Err(not_a_card(
                token,
                "a card is a rank and a suit, e.g. 5C, 10H, QS (suits C, D, H, S or ♣ ♦ ♥ ♠)",
            ));
        }
        if Rank::parse(rank_text).is_some() {
            return Err(not_a_card(
                token,
                format!(
                    "{} is not a suit: suits are C, D, H, S or ♣ ♦ ♥ ♠",
                    shown(&last.to_string())
                ),
            ));
        }
        return Err(not_a_card(token, ACCEPTED));
    };
    let rank = Rank::parse(rank_text).ok_or_else(|| not_a_card(token, ACCEPTED))?;
    Ok(Natural { rank, suit })
}

fn is_joker(token: &str) -> bool {
    token == "*" || token.eq_ignore_ascii_case("JK")
}

/// Reads one card: a natural card, `JK` or `*`.
fn parse_card(token: &str) -> Result<Card, CardError> {
    if is_joker(token) {
        Ok(Card::Joker)
    } else {
        parse_natural(token).map(Card::Natural)
    }
}

/// Reads one token of a run: a card or `JK=4C`.
fn parse_one_typed(token: &str) -> Result<Typed, CardError> {
    let Some((joker, meaning)) = token.split_once('=') else {
        return parse_card(token).map(Typed::Card);
    };
    if !is_joker(joker) {
        return Err(not_a_card(
            token,
            "only a joker says what it stands for, as JK=4C",
        ));
    }
    let n = parse_natural(meaning).map_err(|e| match e {
        CardError::NotACard { why, .. } => not_a_card(token, why),
        other => other,
    })?;
    Ok(Typed::JokerAs(n))
}

/// The place of an ace at either end of a range: low when it starts one, high when it
/// ends one, so `AC-3C` is A-2-3 and `QC-AC` is Q-K-A.
fn range_place(n: Natural, starts: bool) -> u8 {
    match (n.rank.is_ace(), starts) {
        (true, true) => 1,
        _ => n.rank.number(),
    }
}

/// Expands `5C-9C` into 5C 6C 7C 8C 9C.
fn parse_range(token: &str, from: &str, to: &str, out: &mut Vec<Typed>) -> Result<(), CardError> {
    let bad = |why: String| CardError::NotARange {
        token: shown(token),
        why,
    };
    let end = |text: &str| -> Result<Natural, CardError> {
        if text.is_empty() {
            return Err(bad(
                "it needs a card on each side of the dash, e.g. 5H-8H".into()
            ));
        }
        if is_joker(text) {
            return Err(bad(
                "a range runs between two natural cards, not a joker".into()
            ));
        }
        parse_natural(text).map_err(|e| bad(e.to_string()))
    };
    let (a, b) = (end(from)?, end(to)?);
    if a.suit != b.suit {
        return Err(bad(format!(
            "{a} and {b} are of different suits; a range stays in one suit"
        )));
    }
    if a == b {
        return Err(bad(format!(
            "it starts and ends at {a}; type the card alone"
        )));
    }
    let (lo, hi) = (range_place(a, true), range_place(b, false));
    if lo >= hi {
        return Err(bad(format!(
            "it goes down; type it upward, e.g. {b}-{a} (a range never wraps past the ace)"
        )));
    }
    for place in lo..=hi {
        let rank = Rank::new(if place == 1 { 14 } else { place })
            .ok_or_else(|| bad("a rank past the ace".into()))?;
        if out.len() == MAX_CARDS {
            return Err(CardError::TooMany);
        }
        out.push(Typed::Card(Card::Natural(Natural { rank, suit: a.suit })));
    }
    Ok(())
}

/// The tokens of a line: split at whitespace and commas.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
}

/// Reads the cards of a run: cards, ranges, and jokers with their meaning (`JK=4C`).
pub(crate) fn parse_typed(text: &str) -> Result<Vec<Typed>, CardError> {
    let mut out = Vec::new();
    for token in tokens(text) {
        match token.split_once('-') {
            Some((from, to)) if token != "-" => parse_range(token, from, to, &mut out)?,
            _ => {
                if out.len() == MAX_CARDS {
                    return Err(CardError::TooMany);
                }
                out.push(parse_one_typed(token)?);
            }
        }
    }
    if out.is_empty() {
        return Err(CardError::Empty);
    }
    Ok(out)
}

/// Reads physical cards (a hand, a discard): cards and ranges; a joker's meaning is
/// refused, since a joker in hand stands for nothing yet.
pub(crate) fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    let typed = parse_typed(text)?;
    typed
        .into_iter()
        .map(|t| match t {
            Typed::Card(c) => Ok(c),
            Typed::JokerAs(_) => Err(CardError::MeaningOutsideRun {
                token: t.to_string(),
            }),
        })
        .collect()
}

/// Cards written the way umpire prints them: "5C 10H JK".
pub(crate) fn show<T: fmt::Display>(cards: &[T]) -> String {
    let mut out = String::new();
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&c.to_string());
    }
    out
}

/// The cards already seen in a hand, against the deck of 52 and 2 jokers: the deck check
/// that keeps a card from being in two places at once.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct CardSet {
    naturals: u64,
    jokers: u8,
}

impl CardSet {
    /// Counts `card` in, refusing a second copy of a natural card or a third joker.
    pub(crate) fn insert(&mut self, card: Card) -> Result<(), CardError> {
        match card {
            Card::Natural(n) => {
                let bit = 1u64 << n.index();
                if self.naturals & bit != 0 {
                    return Err(CardError::Repeated(n));
                }
                self.naturals |= bit;
            }
            Card::Joker => {
                if usize::from(self.jokers) >= JOKERS {
                    return Err(CardError::ThirdJoker);
                }
                self.jokers += 1;
            }
        }
        Ok(())
    }

    /// Whether the natural card has been seen.
    pub(crate) fn contains(&self, n: Natural) -> bool {
        self.naturals & (1u64 << n.index()) != 0
    }

    /// How many jokers have been seen (0 to 2).
    pub(crate) fn jokers(&self) -> usize {
        usize::from(self.jokers)
    }

    #[cfg(test)]
    /// How many cards have been seen.
    pub(crate) fn len(&self) -> usize {
        self.naturals.count_ones() as usize + self.jokers()
    }

    #[cfg(test)]
    /// No card seen yet.
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cards not yet seen: what a hand's remaining entries can still name (for
    /// completion at the prompt).
    pub(crate) fn unseen(&self) -> Vec<Card> {
        let mut out: Vec<Card> = Natural::all()
            .filter(|n| !self.contains(*n))
            .map(Card::Natural)
            .collect();
        out.extend(std::iter::repeat_n(
            Card::Joker,
            JOKERS.saturating_sub(self.jokers()),
        ));
        out
    }
}

#[cfg(feature = "cli")]
/// Checks that `cards` could all come from one deck: each natural card once, at most two
/// jokers. The error names the repeated card or the third joker.
pub(crate) fn check_deck<I: IntoIterator<Item = Card>>(cards: I) -> Result<CardSet, CardError> {
    let mut set = CardSet::default();
    for c in cards {
        set.insert(c)?;
    }
    Ok(set)
}

/// One token, exactly: no separators, ranges or meanings.
fn single<T>(text: &str, read: fn(&str) -> Result<T, CardError>) -> Result<T, CardError> {
    let mut toks = tokens(text);
    match (toks.next(), toks.next()) {
        (Some(t), None) if t == text.trim() => read(t),
        _ => Err(not_a_card(text, "expected one card, e.g. 5C, 10H, JK")),
    }
}

impl FromStr for Card {
    type Err = CardError;

    fn from_str(s: &str) -> Result<Card, CardError> {
        single(s, parse_card)
    }
}

impl FromStr for Typed {
    type Err = CardError;

    fn from_str(s: &str) -> Result<Typed, CardError> {
        single(s, parse_one_typed)
    }
}

impl FromStr for Natural {
    type Err = CardError;

    fn from_str(s: &str) -> Result<Natural, CardError> {
        single(s, parse_natural)
    }
}

/// Cards are stored in logs and exports as their text ("10H", "JK", "JK=4C"), so a log
/// reads like what was typed.
macro_rules! serde_as_text {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

serde_as_text!(Card);
serde_as_text!(Typed);
serde_as_text!(Natural);

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Card {
        text.parse().expect("a card")
    }

    /// A card placed twice or a third joker breaks the deck's rule; a card that does not
    /// read is bad input (the prompt words and counts the two apart).
    #[test]
    fn a_broken_deck_is_the_rule_and_an_unread_card_bad_input() {
        use crate::contract::{Kind, Refuse};
        let twice = check_deck([c("5C"), c("5C")]).expect_err("5C twice");
        assert_eq!(twice.kind(), Kind::Rule);
        let third = check_deck([Card::Joker, Card::Joker, Card::Joker]).expect_err("3 jokers");
        assert_eq!(third.kind(), Kind::Rule);
        let unread = parse_cards("5X").expect_err("no suit X");
        assert_eq!(unread.kind(), Kind::BadInput);
        assert_eq!(CardError::Empty.kind(), Kind::BadInput);
    }

    #[test]
    fn every_spelling_of_a_card_reads_the_same() {
        let cards = parse_cards("10h, TH th 10♥ 10♡ 10♥\u{FE0F}").expect("parses");
        assert_eq!(cards.len(), 6);
        assert!(cards.iter().all(|x| *x == c("10H")));
        assert_eq!(
            show(&parse_cards("qs ad jk * 5c").expect("ok")),
            "QS AD JK JK 5C"
        );
        assert_eq!(show(&parse_cards("2♠ 3♦ 4♣").expect("ok")), "2S 3D 4C");
    }

    #[test]
    fn eleven_is_not_a_rank_and_the_message_says_what_is() {
        let e = parse_cards("5C 11H").expect_err("11H");
        assert_eq!(
            e.to_string(),
            "11H is not a card: ranks are 2-10, J, Q, K, A (T for 10), suits C, D, H, S or ♣ ♦ ♥ ♠, and JK or * is a joker"
        );
        assert!(parse_cards("1C").is_err());
        assert!(parse_cards("0C").is_err());
    }

    #[test]
    fn an_unknown_suit_is_named() {
        let e = parse_cards("5X").expect_err("X");
        assert_eq!(
            e.to_string(),
            "5X is not a card: X is not a suit: suits are C, D, H, S or ♣ ♦ ♥ ♠"
        );
        let e = parse_cards("Q").expect_err("no suit");
        assert!(e.to_string().contains("a rank and a suit"), "{e}");
    }

    #[test]
    fn a_range_expands_within_one_suit_upward() {
        assert_eq!(show(&parse_cards("5C-9C").expect("ok")), "5C 6C 7C 8C 9C");
        assert_eq!(show(&parse_cards("AH-3H").expect("ok")), "AH 2H 3H");
        assert_eq!(show(&parse_cards("qs-as").expect("ok")), "QS KS AS");
        assert_eq!(parse_cards("AD-KD").expect("ok").len(), 13);
    }

    #[test]
    fn a_bad_range_says_what_is_wrong() {
        let e = parse_cards("5C-9H").expect_err("suits");
        assert_eq!(
            e.to_string(),
            "5C-9H is not a range: 5C and 9H are of different suits; a range stays in one suit"
        );
        let e = parse_cards("9C-5C").expect_err("down");
        assert!(e.to_string().contains("type it upward, e.g. 5C-9C"), "{e}");
        let e = parse_cards("KC-2C").expect_err("wrap");
        assert!(e.to_string().contains("never wraps past the ace"), "{e}");
        let e = parse_cards("AC-AC").expect_err("same");
        assert!(e.to_string().contains("type the card alone"), "{e}");
        let e = parse_cards("JK-5C").expect_err("joker");
        assert!(e.to_string().contains("not a joker"), "{e}");
        let e = parse_cards("5C-9").expect_err("no suit");
        assert!(
            e.to_string()
                .starts_with("5C-9 is not a range: 9 is not a card"),
            "{e}"
        );
    }

    #[test]
    fn a_range_missing_an_end_says_so() {
        for token in ["5H-", "-8H"] {
            assert_eq!(
                parse_cards(token).map_err(|e| e.to_string()),
                Err(format!(
                    "{token} is not a range: it needs a card on each side of the dash, e.g. 5H-8H"
                )),
            );
        }
    }

    #[test]
    fn a_joker_may_say_what_it_stands_for_only_in_a_run() {
        let t = parse_typed("JK=4C 5c *=6♣").expect("ok");
        assert_eq!(show(&t), "JK=4C 5C JK=6C");
        assert_eq!(t[0].card(), Card::Joker);
        assert_eq!(t[0].stands_for(), Some("4C".parse().expect("4C")));
        let e = parse_cards("JK=4C").expect_err("in hand");
        assert!(e.to_string().starts_with("JK=4C: a joker's meaning"), "{e}");
        let e = parse_typed("5C=4C").expect_err("not a joker");
        assert!(e.to_string().contains("only a joker"), "{e}");
        let e = parse_typed("JK=11C").expect_err("bad meaning");
        assert!(e.to_string().starts_with("JK=11C is not a card"), "{e}");
    }

    #[test]
    fn a_line_holds_at_most_the_whole_deck() {
        let line = vec!["5C"; MAX_CARDS + 1].join(" ");
        assert_eq!(parse_cards(&line), Err(CardError::TooMany));
        assert_eq!(
            parse_cards("AC-KC AD-KD AH-KH AS-KS JK JK").map(|v| v.len()),
            Ok(54)
        );
        assert_eq!(
            parse_cards("AC-KC AD-KD AH-KH AS-KS JK JK 2C"),
            Err(CardError::TooMany)
        );
        assert_eq!(parse_cards(" , "), Err(CardError::Empty));
    }

    #[test]
    fn the_deck_check_names_the_repeated_card_and_the_third_joker() {
        let e = check_deck(parse_cards("5C 6C 5c").expect("ok")).expect_err("twice");
        assert_eq!(
            e.to_string(),
            "5C appears twice: the deck has one of each card"
        );
        let e = check_deck(parse_cards("JK * JK").expect("ok")).expect_err("3 jokers");
        assert_eq!(e.to_string(), "a third joker: the deck has only 2");
        let full = check_deck(parse_cards("AC-KC AD-KD AH-KH AS-KS JK JK").expect("ok"))
            .expect("a whole deck fits");
        assert_eq!(full.len(), 54);
        assert!(full.unseen().is_empty());
        let some = check_deck(parse_cards("5C JK").expect("ok")).expect("ok");
        assert_eq!(some.unseen().len(), 52);
        assert!(!some.unseen().contains(&c("5C")));
        assert!(!some.is_empty());
        assert!(CardSet::default().is_empty());
        assert_eq!(CardSet::default().len(), 0);
    }

    /// A dash alone is a card that does not read (not a range missing both ends), and a
    /// card with anything beside it is not one card.
    #[test]
    fn a_lone_dash_and_a_card_with_company_are_refused_as_such() {
        let e = parse_typed("5C -").expect_err("a dash");
        assert_eq!(
            e.to_string(),
            parse_typed("-").expect_err("a dash").to_string()
        );
        assert!(
            e.to_string().starts_with("- is not a card: ranks are"),
            "{e}"
        );
        for text in ["5C,", "5C 6C", ",5C"] {
            let e = text.parse::<Card>().expect_err(text);
            assert!(e.to_string().contains("expected one card"), "{text}: {e}");
        }
        assert_eq!(" 5C ".parse::<Card>().expect("spaces around"), c("5C"));
    }

    #[test]
    fn errors_show_odd_tokens_escaped_and_short() {
        let e = parse_cards("\u{1b}[31m").expect_err("escape");
        assert!(
            e.to_string().starts_with("\"\\u{1b}[31m\" is not a card"),
            "{e}"
        );
        let e = parse_cards(&"Z".repeat(100)).expect_err("long");
        assert!(
            e.to_string()
                .starts_with(&format!("{}... is not", "Z".repeat(24))),
            "{e}"
        );
    }

    #[test]
    fn cards_serialize_as_their_text() {
        let t: Vec<Typed> = parse_typed("10H JK=4C *").expect("ok");
        let json = serde_json::to_string(&t).expect("json");
        assert_eq!(json, r#"["10H","JK=4C","JK"]"#);
        let back: Vec<Typed> = serde_json::from_str(&json).expect("back");
        assert_eq!(back, t);
        assert!(serde_json::from_str::<Card>("\"1H\"").is_err());
        assert!(serde_json::from_str::<Card>("\"5C 6C\"").is_err());
    }

    #[test]
    fn every_natural_card_prints_and_reads_back() {
        assert_eq!(Natural::all().count(), 52);
        for n in Natural::all() {
            assert_eq!(n.to_string().parse::<Natural>(), Ok(n));
        }
    }
}
