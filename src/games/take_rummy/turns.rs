//! The turn, tracked from the deal: who deals, whose turn it is and where they are in it
//! (to draw, or drawn and free to meld and discard), how many cards each player holds,
//! the discard pile, the stock, the floaters and who went out.
//!
//! From the sheet: each player is dealt seven cards and the dealer turns one up to
//! start the discard pile; the rest is the stock. A turn is a draw (the stock's top,
//! unseen, or the discard pile's top, which everyone sees), melds, and a discard. The
//! card just taken from the discard pile may not be discarded again, nor may a card
//! that could be added to a run on the table. A player left with no cards after
//! melding is a floater: on their next turn they draw from the stock, then meld that
//! card (still a floater) or discard it and win. The hand ends when a player discards
//! their last card.
//!
//! umpire cannot see a hand, so it counts: 7 after the deal, +1 a draw, minus the cards
//! laid or added, -1 a discard. It knows a card in a hand only when it came from the
//! discard pile. When the stock runs out, the discard pile but its top card is turned
//! over as the new stock (the sheet says nothing; this is the usual rule).

use super::error::RummyError;
use super::table::{Label, Table};
use crate::games::take_rummy::cards::{Card, JOKERS};

/// Cards each player is dealt: the sheet's seven (the default of `--deal`).
pub(crate) const DEALT: u32 = 7;

/// The deals a table may choose (`--deal`): the sheet says seven are dealt, and speaks
/// of "the ten cards in your hand".
pub(crate) const DEALS: [u32; 2] = [7, 10];

/// The most players one deck deals `dealt` cards each to, one card turned up.
pub(crate) fn most_dealt(dealt: u32) -> usize {
    ((DECK - 1) / dealt.max(1)) as usize
}

/// The whole deck: 52 and 2 jokers.
pub(crate) const DECK: u32 = 52 + JOKERS as u32;

/// The most players one deck deals to: seven cards each and one turned up.
#[cfg(test)]
pub(crate) const MOST_DEALT: usize = ((DECK - 1) / DEALT) as usize;

/// A hand's turns, from the deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Turns {
    dealer: usize,
    /// Cards in each dealt seat's hand.
    counts: Vec<u32>,
    /// The cards known to be in each hand: taken from the discard pile, not yet played.
    known: Vec<Vec<Card>>,
    /// The discard pile, its top last.
    pile: Vec<Card>,
    stock: u32,
    turn: usize,
    drawn: bool,
    /// The card the player on turn took from the discard pile this turn.
    from_pile: Option<Card>,
    floaters: Vec<bool>,
    /// The seat that discarded its last card: the hand's play is over.
    out: Option<usize>,
}

/// What a draw did, for its description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Drawn {
    Stock,
    /// The stock was empty: the discard pile but its top became the stock.
    Turned(usize),
    Pile(Card),
}

fn name(players: &[String], seat: usize) -> String {
    players.get(seat).cloned().unwrap_or_else(|| "?".into())
}

impl Turns {
    /// The deal: `seats` players, seven cards each, `up` turned up; the player after
    /// the dealer plays first.
    #[cfg(test)]
    pub(crate) fn deal(dealer: usize, seats: usize, up: Card) -> Result<Turns, RummyError> {
        Turns::deal_of(dealer, seats, up, DEALT)
    }

    /// The deal of `dealt` cards each (`--deal 10`).
    pub(crate) fn deal_of(
        dealer: usize,
        seats: usize,
        up: Card,
        dealt: u32,
    ) -> Result<Turns, RummyError> {
        if seats > most_dealt(dealt) {
            return Err(RummyError::TooManyToDeal {
                players: seats,
                dealt,
                most: most_dealt(dealt),
            });
        }
        let seats_u32 = u32::try_from(seats).unwrap_or(u32::MAX);
        Ok(Turns {
            dealer,
            counts: vec![dealt; seats],
            known: vec![Vec::new(); seats],
            pile: vec![up],
            stock: DECK.saturating_sub(dealt.saturating_mul(seats_u32) + 1),
            turn: (dealer + 1) % seats.max(1),
            drawn: false,
            from_pile: None,
            floaters: vec![false; seats],
            out: None,
        })
    }

    pub(crate) fn dealer(&self) -> usize {
        self.dealer
    }

    /// The seat whose turn it is.
    pub(crate) fn turn(&self) -> usize {
        self.turn
    }

    /// The player on turn has drawn.
    pub(crate) fn drawn(&self) -> bool {
        self.drawn
    }

    /// The card the player on turn took from the discard pile this turn.
    pub(crate) fn taken_from_pile(&self) -> Option<Card> {
        self.from_pile
    }

    /// Cards in a seat's hand (0 for a seat not dealt in).
    pub(crate) fn count(&self, seat: usize) -> u32 {
        self.counts.get(seat).copied().unwrap_or(0)
    }

    /// Every dealt seat's count.
    pub(crate) fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// The cards known to be in a seat's hand.
    pub(crate) fn known(&self, seat: usize) -> &[Card] {
        self.known.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The discard pile, its top last.
    pub(crate) fn pile(&self) -> &[Card] {
        &self.pile
    }

    /// The discard pile's top card.
    pub(crate) fn top(&self) -> Option<Card> {
        self.pile.last().copied()
    }

    /// Cards left in the stock.
    pub(crate) fn stock(&self) -> u32 {
        self.stock
    }

    /// Whether a seat is a floater: no cards left after melding.
    pub(crate) fn is_floater(&self, seat: usize) -> bool {
        self.floaters.get(seat).copied().unwrap_or(false)
    }

    /// The floaters' seats: not one who has gone out (a floater who discards the card
    /// drawn wins the hand, and floats no more).
    pub(crate) fn floaters(&self) -> Vec<usize> {
        (0..self.floaters.len())
            .filter(|s| self.is_floater(*s) && self.out != Some(*s))
            .collect()
    }

    /// Who went out, ending the hand's play.
    pub(crate) fn out(&self) -> Option<usize> {
        self.out
    }

    /// How many seats were dealt in.
    pub(crate) fn seats(&self) -> usize {
        self.counts.len()
    }

    /// Play is still open, and it is `seat`'s turn.
    fn on_turn(&self, seat: usize, players: &[String]) -> Result<(), RummyError> {
        if let Some(out) = self.out {
            return Err(RummyError::WentOut {
                player: name(players, out),
            });
        }
        if seat >= self.seats() {
            return Err(RummyError::NotDealtIn {
                player: name(players, seat),
            });
        }
        if seat != self.turn {
            return Err(RummyError::NotYourTurn {
                player: name(players, seat),
                turn: name(players, self.turn),
                drawn: self.drawn,
            });
        }
        Ok(())
    }

    /// It is `seat`'s turn and they have drawn: they may meld or discard.
    pub(crate) fn may_meld(&self, seat: usize, players: &[String]) -> Result<(), RummyError> {
        self.on_turn(seat, players)?;
        if !self.drawn {
            return Err(RummyError::NotDrawn {
                player: name(players, seat),
            });
        }
        Ok(())
    }

    /// `draw`: from the stock (`None`) or the discard pile's top.
    pub(crate) fn draw(
        &mut self,
        seat: usize,
        card: Option<Card>,
        players: &[String],
    ) -> Result<Drawn, RummyError> {
        self.on_turn(seat, players)?;
        let player = name(players, seat);
        if self.drawn {
            return Err(RummyError::AlreadyDrawn { player });
        }
        let drawn = match card {
            Some(card) => {
                if self.is_floater(seat) {
                    return Err(RummyError::FloaterDrawsStock { player, card });
                }
                match self.top() {
                    Some(top) if top == card => {}
                    Some(top) => return Err(RummyError::NotTheTop { card, top }),
                    None => return Err(RummyError::EmptyPile { card }),
                }
                self.pile.pop();
                if let Some(known) = self.known.get_mut(seat) {
                    known.push(card);
                }
                self.from_pile = Some(card);
                Drawn::Pile(card)
            }
            None if self.stock > 0 => {
                self.stock -= 1;
                Drawn::Stock
            }
            None => {
                let under = self.pile.len().saturating_sub(1);
                if under == 0 {
                    return Err(RummyError::NothingToDraw);
                }
                self.pile.drain(..under);
                self.stock = u32::try_from(under).unwrap_or(u32::MAX) - 1;
                Drawn::Turned(under)
            }
        };
        if let Some(count) = self.counts.get_mut(seat) {
            *count += 1;
        }
        self.drawn = true;
        Ok(drawn)
    }

    /// Checks that `seat` holds `cards` to lay, add or discard: no more than umpire
    /// counts, and leaving room for the cards known to be in the hand (taken from the
    /// discard pile) that these are not.
    pub(crate) fn check_holds(
        &self,
        seat: usize,
        cards: &[Card],
        players: &[String],
    ) -> Result<(), RummyError> {
        let have = self.count(seat);
        let have_usize = usize::try_from(have).unwrap_or(usize::MAX);
        if have_usize < cards.len() {
            return Err(RummyError::TooFewCards {
                player: name(players, seat),
                have,
                need: cards.len(),
            });
        }
        let mut playing = cards.to_vec();
        let mut kept = Vec::new();
        for known in self.known(seat) {
            match playing.iter().position(|c| c == known) {
                Some(i) => {
                    playing.remove(i);
                }
                None => kept.push(*known),
            }
        }
        if let Some(card) = kept.first()
            && have_usize - cards.len() < kept.len()
        {
            return Err(RummyError::KnownLeft {
                player: name(players, seat),
                have,
                card: *card,
            });
        }
        Ok(())
    }

    /// Cards laid or added by `seat` leave their hand; with none left they are a
    /// floater and the turn passes.
    pub(crate) fn melded(&mut self, seat: usize, cards: &[Card]) {
        if let Some(count) = self.counts.get_mut(seat) {
            *count = count.saturating_sub(u32::try_from(cards.len()).unwrap_or(u32::MAX));
        }
        self.forget(seat, cards);
        if self.count(seat) == 0 {
            if let Some(f) = self.floaters.get_mut(seat) {
                *f = true;
            }
            self.pass();
        }
    }

    /// Cards that left `seat`'s hand are no longer known to be in it.
    fn forget(&mut self, seat: usize, cards: &[Card]) {
        if let Some(known) = self.known.get_mut(seat) {
            for card in cards {
                if let Some(i) = known.iter().position(|k| k == card) {
                    known.remove(i);
                }
            }
        }
        if self.from_pile.is_some_and(|c| cards.contains(&c)) {
            self.from_pile = None;
        }
    }

    /// `discard`: the card goes on the pile and the turn passes; a player's last card
    /// ends the hand. `table` is checked for a run that could take the card.
    pub(crate) fn discard(
        &mut self,
        seat: usize,
        card: Card,
        table: &Table,
        players: &[String],
    ) -> Result<bool, RummyError> {
        self.may_meld(seat, players)?;
        let player = name(players, seat);
        if self.count(seat) == 0 {
            return Err(RummyError::NoCardToDiscard { player });
        }
        if let Some(taken) = self.from_pile
            && self.count(seat) == 1
            && self.known(seat).contains(&taken)
        {
            return Err(RummyError::OnlyPileCard {
                player,
                card: taken,
            });
        }
        if self.from_pile == Some(card) {
            return Err(RummyError::SameDiscard { player, card });
        }
        if let Some((spot, label, took)) = table.takes_card(card) {
            return Err(RummyError::Playable {
                card,
                label,
                run: table.get(spot).map(ToString::to_string).unwrap_or_default(),
                makes: took.run.span(),
            });
        }
        self.check_holds(seat, &[card], players)?;
        if let Some(count) = self.counts.get_mut(seat) {
            *count -= 1;
        }
        self.forget(seat, &[card]);
        self.pile.push(card);
        if self.count(seat) == 0 {
            self.out = Some(seat);
            Ok(true)
        } else {
            self.pass();
            Ok(false)
        }
    }

    /// The turn passes left.
    fn pass(&mut self) {
        self.turn = (self.turn + 1) % self.seats().max(1);
        self.drawn = false;
        self.from_pile = None;
    }

    /// Checks a `held` entry against the count and the cards known to be in the hand.
    pub(crate) fn check_held(
        &self,
        seat: usize,
        cards: &[Card],
        players: &[String],
    ) -> Result<(), RummyError> {
        let have = self.count(seat);
        if usize::try_from(have).unwrap_or(usize::MAX) < cards.len() {
            return Err(RummyError::HeldTooMany {
                player: name(players, seat),
                have,
                given: cards.len(),
            });
        }
        let mut left: Vec<Card> = cards.to_vec();
        for known in self.known(seat) {
            match left.iter().position(|c| c == known) {
                Some(i) => {
                    left.remove(i);
                }
                None => {
                    return Err(RummyError::KnownInHand {
                        player: name(players, seat),
                        card: *known,
                    });
                }
            }
        }
        Ok(())
    }
}

/// One play of a tracked hand, for the export: the deal, draws, lays, takes and
/// discards in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Play {
    Deal {
        seat: usize,
        up: Card,
    },
    Draw {
        seat: usize,
        card: Option<Card>,
    },
    Lay {
        seat: usize,
        label: Label,
        run: super::runs::Run,
    },
    Take {
        seat: usize,
        cards: Vec<super::runs::Slot>,
        from: Vec<Label>,
        label: Label,
        run: super::runs::Run,
    },
    Discard {
        seat: usize,
        card: Card,
        out: bool,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> Vec<String> {
        ["ann", "ben", "cal"].map(String::from).to_vec()
    }

    fn c(text: &str) -> Card {
        text.parse().expect("a card")
    }

    #[test]
    fn the_deal_gives_seven_each_turns_one_up_and_the_player_after_the_dealer_starts() {
        let t = Turns::deal(2, 3, c("9C")).expect("deal");
        assert_eq!(t.counts(), &[7, 7, 7]);
        assert_eq!(t.top(), Some(c("9C")));
        assert_eq!(t.stock(), 54 - 21 - 1);
        assert_eq!(t.turn(), 0);
        assert_eq!(MOST_DEALT, 7);
        assert!(matches!(
            Turns::deal(0, 8, c("9C")),
            Err(RummyError::TooManyToDeal {
                players: 8,
                dealt: 7,
                most: 7
            })
        ));
    }

    #[test]
    fn seven_players_are_dealt_and_the_dealer_is_remembered() {
        let t = Turns::deal(4, 7, c("9C")).expect("seven are dealt");
        assert_eq!(t.dealer(), 4);
        assert_eq!(t.turn(), 5);
        assert_eq!(t.stock(), 54 - 49 - 1);
    }

    #[test]
    fn a_play_out_of_turn_or_before_the_draw_is_refused_naming_whose_turn_it_is() {
        let p = players();
        let mut t = Turns::deal(0, 3, c("9C")).expect("deal");
        assert_eq!(
            t.draw(2, None, &p),
            Err(RummyError::NotYourTurn {
                player: "cal".into(),
                turn: "ben".into(),
                drawn: false,
            })
        );
        assert_eq!(
            t.may_meld(1, &p),
            Err(RummyError::NotDrawn {
                player: "ben".into()
            })
        );
        assert_eq!(
            t.draw(1, Some(c("5C")), &p),
            Err(RummyError::NotTheTop {
                card: c("5C"),
                top: c("9C"),
            })
        );
        assert_eq!(t.stock(), 32);
        assert_eq!(t.draw(1, None, &p), Ok(Drawn::Stock));
        assert_eq!(t.stock(), 31);
        assert_eq!(t.count(1), 8);
        assert_eq!(t.may_meld(1, &p), Ok(()));
        assert_eq!(
            t.draw(1, None, &p),
            Err(RummyError::AlreadyDrawn {
                player: "ben".into()
            })
        );
    }

    #[test]
    fn a_last_discard_goes_out_and_ends_play_for_everyone() {
        let p = players();
        let mut t = Turns::deal(0, 3, c("9C")).expect("deal");
        assert_eq!(t.draw(1, None, &p), Ok(Drawn::Stock));
        t.counts = vec![7, 1, 7];
        assert_eq!(t.out(), None);
        assert_eq!(t.discard(1, c("2D"), &Table::default(), &p), Ok(true));
        assert_eq!(t.out(), Some(1));
        assert_eq!(
            t.draw(2, None, &p),
            Err(RummyError::WentOut {
                player: "ben".into()
            })
        );
    }

    #[test]
    fn a_held_entry_is_no_more_than_the_count_and_holds_the_cards_taken_from_the_pile() {
        let p = players();
        let mut t = Turns::deal(0, 3, c("9C")).expect("deal");
        assert_eq!(t.draw(1, Some(c("9C")), &p), Ok(Drawn::Pile(c("9C"))));
        let eight: Vec<Card> = ["9C", "2D", "3D", "4D", "5D", "6D", "7D", "8D"]
            .map(c)
            .to_vec();
        assert_eq!(t.check_held(1, &eight, &p), Ok(()));
        let mut nine = eight.clone();
        nine.push(c("9D"));
        assert_eq!(
            t.check_held(1, &nine, &p),
            Err(RummyError::HeldTooMany {
                player: "ben".into(),
                have: 8,
                given: 9,
            })
        );
        assert_eq!(
            t.check_held(1, &eight[1..], &p),
            Err(RummyError::KnownInHand {
                player: "ben".into(),
                card: c("9C"),
            })
        );
    }

    #[test]
    fn an_empty_stock_turns_the_discard_pile_over_but_its_top() {
        let p = players();
        let mut t = Turns::deal(0, 2, c("9C")).expect("deal");
        t.stock = 0;
        assert_eq!(t.draw(1, None, &p), Err(RummyError::NothingToDraw));
        t.pile = vec![c("2C"), c("3C"), c("4C")];
        assert_eq!(t.draw(1, None, &p), Ok(Drawn::Turned(2)));
        assert_eq!(t.pile(), &[c("4C")]);
        assert_eq!(t.stock(), 1);
        assert_eq!(t.count(1), 8);
    }
}
