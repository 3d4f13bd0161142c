//! The verbs every game shares: scores, the table, word rulings, corrections, the
//! players, the log's history. Written once, against [`Game`], each answering with an
//! [`Outcome`] for the front ends to say.

use crate::contract::Game;
use crate::contract::event::{CoreEvent, Event};
use crate::session::error::CoreError;
use crate::session::face::outcome::{Earlier, History, NotDone, Outcome, Said};
use crate::session::fold::ledger::Kind;
use crate::session::record::Session;
use crate::session::record::entries;

impl<G: Game> Session<G> {
    pub(in crate::session) fn score(&self) -> Outcome {
        Outcome::of(Said::Score {
            standings: self.fold.standings(),
        })
    }

    pub(in crate::session) fn table(&self) -> Outcome {
        Outcome::of(Said::Table {
            view: G::table(&self.fold.scene()),
            highlights: G::highlights(&self.fold.scene()),
        })
    }

    pub(in crate::session) fn check(&mut self, args: &str) -> Outcome {
        let round = G::progress(&self.fold.scene()).number;
        let ruling = match entries::check(&self.lexicon, &self.fold.rules, args, round) {
            Ok(r) => r,
            Err(why) => return Outcome::refused(why),
        };
        let mut said = vec![Said::Verdicts {
            verdicts: ruling.words.clone(),
        }];
        // A game that judges no words keeps no rulings: the check is a look-up.
        if G::RULE_SETS.is_empty() {
            said.push(Said::Line {
                text: format!(
                    "a look-up under {}: {} judges no words, so nothing is recorded",
                    self.fold.rules.describe(),
                    G::NAME
                ),
            });
            return Outcome {
                said,
                ..Outcome::default()
            };
        }
        said.extend(
            ruling
                .words
                .iter()
                .filter_map(|v| self.ruled_before(&v.word, v.allowed))
                .map(Said::RuledBefore),
        );
        self.record_and_say(vec![Event::Core(CoreEvent::Ruled { ruling })], said)
    }

    /// `allow WORD [WHY]` and `deny WORD [WHY]`: the table's own ruling on a word, the
    /// session's verdict on it from here on.
    pub(in crate::session) fn house(&mut self, allowed: bool, args: &str) -> Outcome {
        match entries::house(allowed, args) {
            Ok(event) => {
                let denied = match &event {
                    Event::Core(CoreEvent::HouseRuled {
                        word,
                        allowed: false,
                        ..
                    }) => Some(word.clone()),
                    _ => None,
                };
                let mut outcome = self.record_and_say(vec![event], Vec::new());
                if let Some(word) = denied
                    && !outcome.refused
                    && let Some(held) = self.held(&word)
                {
                    outcome.said.push(held);
                }
                outcome
            }
            Err(why) => Outcome::refused(why),
        }
    }

    /// Who holds `word` on the table, and the standing entry that put it there: the
    /// newest that counts whose first word it is and whose player holds it.
    fn held(&self, word: &str) -> Option<Said> {
        let player = G::holder(&self.fold.scene(), word)?;
        let standing: std::collections::HashSet<u64> = self
            .fold
            .history(None)
            .into_iter()
            .filter(|row| matches!(row.counts, crate::session::face::outcome::Counted::Itself))
            .map(|row| row.seq)
            .collect();
        let entries = &self.fold.entries;
        let mut games = entries.of_kind(entries.len(), |k| k == Kind::Game).rev();
        let seq = games.find_map(|e| match &e.event {
            Event::Game(g)
                if standing.contains(&e.seq)
                    && G::player(g).is_some_and(|p| crate::contract::same_name(p, &player))
                    && G::words(g)
                        .first()
                        .is_some_and(|w| w.eq_ignore_ascii_case(word)) =>
            {
                Some(e.seq)
            }
            _ => None,
        });
        Some(Said::Held {
            word: word.to_string(),
            player,
            seq,
        })
    }

    /// The latest ruling on `word` in this session, for when it comes up again. A
    /// ruling given on a move says why, since it may differ from the word's own verdict.
    /// `allowed_now`: the word's verdict now; a game's ruling against it that still
    /// stands is said with the line that takes it back (`pardon cat`).
    fn ruled_before(&self, word: &str, allowed_now: bool) -> Option<Earlier> {
        let rulings = self.fold.rulings();
        rulings.iter().rev().find_map(|r| {
            let v = r.ruling.words.iter().find(|v| v.word == word)?;
            let takes_back = (allowed_now && !v.allowed)
                .then(|| G::takes_back(&self.fold.scene(), &r.ruling))
                .flatten();
            Some(Earlier {
                word: word.to_string(),
                allowed: v.allowed,
                at: r.at.clone(),
                period: self.fold.period(),
                number: r.ruling.round,
                asked: r.ruling.asked.clone(),
                why: (r.ruling.asked != "check").then(|| v.reason.clone()),
                takes_back,
            })
        })
    }

    /// The latest ruling that stands on `word`, if it says the word is allowed.
    pub(in crate::session) fn ruled_allowed(&self, word: &str) -> Option<Earlier> {
        let rulings = self.fold.rulings();
        let r = rulings
            .iter()
            .rev()
            .find(|r| r.ruling.words.iter().any(|v| v.word == word))?;
        let v = r.ruling.words.iter().find(|v| v.word == word)?;
        v.allowed.then(|| Earlier {
            word: word.to_string(),
            allowed: true,
            at: r.at.clone(),
            period: self.fold.period(),
            number: r.ruling.round,
            asked: r.ruling.asked.clone(),
            why: None,
            takes_back: None,
        })
    }

    /// Every entry with when it was recorded and where the game stood; `N` keeps the
    /// entries of one round, hand or turn. `streamed`: the rows are left out, for the
    /// front end to take from [`crate::session::AnySession::each_history_row`] as it draws them.
    pub(in crate::session) fn history(&self, args: &str, streamed: bool) -> Outcome {
        let period = self.fold.period();
        let only = match args.trim() {
            "" => None,
            n => match n.parse::<u32>() {
                Ok(n) => Some(n),
                Err(_) => {
                    return Outcome::not_done(
                        NotDone::Shown,
                        CoreError::HistoryNumber {
                            period: G::PERIOD.unwrap_or("turn"),
                        },
                    );
                }
            },
        };
        // An empty log has nothing in any round.
        let only = only.filter(|_| !self.fold.entries.is_empty());
        Outcome::of(Said::History(History {
            period,
            only,
            rows: if streamed {
                Vec::new()
            } else {
                self.fold.history(only)
            },
            streamed,
        }))
    }

    pub(in crate::session) fn players(&self) -> Outcome {
        Outcome::of(Said::Players {
            standings: self.fold.standings(),
        })
    }

    pub(in crate::session) fn rulings_said(&self) -> Outcome {
        Outcome::of(Said::Rulings {
            period: self.fold.period(),
            rulings: self.fold.rulings(),
        })
    }

    pub(in crate::session) fn reveal(&self) -> Outcome {
        match self.fold.rulings().pop() {
            Some(ruling) => Outcome::of(Said::Revealed {
                period: self.fold.period(),
                ruling,
            }),
            None => Outcome::not_done(NotDone::Revealed, CoreError::NoRuling),
        }
    }

    pub(in crate::session) fn define(&self, args: &str) -> Outcome {
        let mut words = args.split_whitespace();
        match (words.next(), words.next()) {
            (Some(w), None) => {
                match crate::lexicon::define::describe(&self.lexicon, &self.fold.rules, w) {
                    Ok((text, _)) => Outcome::of(Said::Definition { text }),
                    Err(e) => Outcome::not_done(
                        NotDone::Defined,
                        CoreError::Word {
                            word: crate::text::printable(w),
                            why: e.to_string(),
                        },
                    ),
                }
            }
            _ => Outcome::not_done(NotDone::Defined, CoreError::DefineUsage),
        }
    }

    pub(in crate::session) fn note(&mut self, args: &str) -> Outcome {
        match entries::note(args) {
            Ok(event) => self.record_and_say(vec![event], Vec::new()),
            Err(why) => Outcome::refused(why),
        }
    }

    /// `add NAME [--score N|highest|average|lowest]`: a player joins, from 0 or from
    /// the score the house gives.
    pub(in crate::session) fn add(&mut self, args: &str) -> Outcome {
        match entries::add(args, &self.fold.standings().totals) {
            Ok(event) => self.record_and_say(vec![event], Vec::new()),
            Err(why) => Outcome::refused(why),
        }
    }

    pub(in crate::session) fn rename(&mut self, args: &str) -> Outcome {
        match entries::rename(args, &self.fold.roster) {
            Ok(event) => self.record_and_say(vec![event], Vec::new()),
            Err(why) => Outcome::refused(why),
        }
    }
}
