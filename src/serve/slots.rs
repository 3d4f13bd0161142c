//! Room for new clients. Connections are bounded (so the prompt in the same process
//! always has file descriptors to spare), but a bound alone lets anyone fill it: a few
//! hundred sockets opened and left silent held every slot until their head timed out,
//! and every phone at the table was turned away meanwhile.
//!
//! So a slot is given to a newcomer by taking it from whoever wastes one: one client
//! address holds at most a share of the slots, and when its share or the whole is
//! full, the oldest connection that has sent nothing yet is closed to make room (a
//! browser asks the moment it connects; a connection that says nothing is a stale
//! preconnect, or an attack). Only when every slot is busy with a real request is the
//! newcomer itself turned away.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

/// The connections open now, oldest first.
pub(super) struct Slots {
    max: usize,
    per_client: usize,
    table: Mutex<Table>,
}

#[derive(Default)]
struct Table {
    /// Numbered in the order they came, so the first is the oldest.
    open: BTreeMap<u64, Held>,
    by_client: HashMap<IpAddr, usize>,
    next: u64,
}

struct Held {
    client: IpAddr,
    /// How to close it while it has sent nothing; `None` once it has.
    close: Option<oneshot::Sender<()>>,
}

/// One connection's place, given back when it is dropped with the connection.
pub(super) struct Slot {
    id: u64,
    slots: Arc<Slots>,
}

/// A newcomer let in.
pub(super) struct Admitted {
    pub slot: Slot,
    /// Fires when the connection is closed to make room for another.
    pub closed: oneshot::Receiver<()>,
    /// Whether an older connection was closed for it.
    pub made_room: bool,
}

impl Slots {
    /// At most `max` connections, and `per_client` from one address.
    pub(super) fn new(max: usize, per_client: usize) -> Arc<Slots> {
        Arc::new(Slots {
            max,
            per_client,
            table: Mutex::new(Table::default()),
        })
    }

    /// A slot for a connection from `client`, if one can be had. A panic elsewhere
    /// cannot leave the table half-changed (each change is a few map operations with
    /// no call out), so a poisoned lock is still good to use.
    pub(super) fn admit(self: &Arc<Self>, client: IpAddr) -> Option<Admitted> {
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        let mut made_room = false;
        if table.by_client.get(&client).copied().unwrap_or(0) >= self.per_client {
            if !table.close_oldest_silent(Some(client)) {
                return None;
            }
            made_room = true;
        }
        if table.open.len() >= self.max {
            if !table.close_oldest_silent(None) {
                return None;
            }
            made_room = true;
        }
        let (close, closed) = oneshot::channel();
        let id = table.next;
        table.next += 1;
        table.open.insert(
            id,
            Held {
                client,
                close: Some(close),
            },
        );
        *table.by_client.entry(client).or_insert(0) += 1;
        Some(Admitted {
            slot: Slot {
                id,
                slots: Arc::clone(self),
            },
            closed,
            made_room,
        })
    }

    /// How many connections hold a slot now.
    #[cfg(test)]
    fn open(&self) -> usize {
        self.table
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .open
            .len()
    }
}

impl Table {
    /// Closes the oldest connection (from `client`, if given) that has sent nothing,
    /// and gives its slot back at once; false when there is none.
    fn close_oldest_silent(&mut self, client: Option<IpAddr>) -> bool {
        let oldest = self
            .open
            .iter()
            .find(|(_, h)| h.close.is_some() && client.is_none_or(|c| c == h.client))
            .map(|(id, _)| *id);
        let Some(held) = oldest.and_then(|id| self.release(id)) else {
            return false;
        };
        if let Some(close) = held.close {
            // Its receiver is gone only if the connection already ended.
            let _ = close.send(());
        }
        true
    }

    fn release(&mut self, id: u64) -> Option<Held> {
        let held = self.open.remove(&id)?;
        if let Some(n) = self.by_client.get_mut(&held.client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.by_client.remove(&held.client);
            }
        }
        Some(held)
    }
}

impl Slot {
    /// The client has sent its first byte: from now on the connection is never closed
    /// to make room (its request head has a timeout of its own).
    pub(super) fn busy(&self) {
        let mut table = self
            .slots
            .table
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(held) = table.open.get_mut(&self.id) {
            held.close = None;
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut table = self
            .slots
            .table
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        table.release(self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("ip")
    }

    #[test]
    fn a_client_past_its_share_closes_its_own_oldest_silent_connection() {
        let slots = Slots::new(10, 3);
        let mut first: Vec<Admitted> = (0..3)
            .map(|_| slots.admit(ip("10.0.0.1")).expect("room"))
            .collect();
        let other = slots.admit(ip("10.0.0.2")).expect("room");
        let fourth = slots.admit(ip("10.0.0.1")).expect("room made");
        assert!(fourth.made_room);
        assert!(first[0].closed.try_recv().is_ok(), "the oldest was closed");
        assert!(first[1].closed.try_recv().is_err(), "the next one was not");
        let mut other = other;
        assert!(other.closed.try_recv().is_err(), "another client's was not");
        assert_eq!(slots.open(), 4);
        drop(first);
        assert_eq!(slots.open(), 2, "closed slots are not given back twice");
    }

    #[test]
    fn when_all_are_taken_the_oldest_silent_one_anywhere_makes_room() {
        let slots = Slots::new(3, 3);
        let mut a = slots.admit(ip("10.0.0.1")).expect("room");
        a.slot.busy();
        let mut b = slots.admit(ip("10.0.0.2")).expect("room");
        let mut c = slots.admit(ip("10.0.0.3")).expect("room");
        let d = slots.admit(ip("10.0.0.4")).expect("room made");
        assert!(d.made_room);
        assert!(a.closed.try_recv().is_err(), "a busy connection stays");
        assert!(b.closed.try_recv().is_ok(), "the oldest silent one goes");
        assert!(c.closed.try_recv().is_err());
        assert_eq!(slots.open(), 3);
    }

    #[test]
    fn a_newcomer_is_turned_away_only_when_every_slot_it_could_take_is_busy() {
        let slots = Slots::new(3, 2);
        let busy = |client: &str| {
            let a = slots.admit(ip(client)).expect("room");
            a.slot.busy();
            a
        };
        let held = vec![busy("10.0.0.1"), busy("10.0.0.1"), busy("10.0.0.2")];
        assert!(slots.admit(ip("10.0.0.1")).is_none(), "its share is busy");
        assert!(slots.admit(ip("10.0.0.3")).is_none(), "every slot is busy");
        drop(held);
        let again = slots.admit(ip("10.0.0.3"));
        assert!(again.is_some(), "room again");
        assert_eq!(slots.open(), 1);
    }
}
