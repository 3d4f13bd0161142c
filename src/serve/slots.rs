//! Room for clients: connections and event streams. Connections are bounded (so the
//! prompt in the same process always has file descriptors to spare), and so are
//! streams, but a bound alone lets anyone fill it: a few hundred sockets opened and
//! left silent, or trickling a request head a line at a time (a slowloris), held every
//! slot until their head timed out, and one client that opened every event stream and
//! never read them kept every other phone on 503 for as long as it liked.
//!
//! So a place is given to a newcomer by taking it from whoever wastes one:
//!
//! - A connection: one client address holds at most a share of the slots, and when its
//!   share or the whole is full, the oldest connection that is not a real request
//!   yet is closed to make room: one that has sent nothing (a browser asks the moment
//!   it connects; a connection that says nothing is a stale preconnect, or an attack),
//!   or one whose request head is still arriving [`SLOW_HEAD`] after it opened (a
//!   browser sends its head in one piece). When the whole is full, the place comes
//!   from the client holding the most, never from one holding fewer than the
//!   newcomer's client, and a client holding two more than the newcomer's gives up
//!   even a head still within that time: a slowloris that keeps reopening its sockets
//!   cannot take the place of a browser whose head the server has not read yet. Only
//!   when every slot it could take holds a real request, or a head still within that
//!   time, is the newcomer turned away.
//! - An event stream: when all are open, the stream whose client has not taken the
//!   boards sent to it for [`STALLED`] is closed first; failing that, the client
//!   holding the most streams gives up its oldest, as long as it holds at least two
//!   more than the newcomer's client. A client alone may hold every stream; as others
//!   come, each gets its share.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

/// How long a request head may still be arriving before its connection counts as one
/// that wastes a slot. A browser sends its whole head in one packet the moment it
/// connects; a head still coming after a second is a slowloris or a network too poor
/// to load the page anyway. It keeps the whole head timeout while there is room, and
/// yields its slot only to a newcomer.
pub(crate) const SLOW_HEAD: Duration = Duration::from_secs(1);

/// How long a stream's client may leave a board untaken before its stream is the
/// first to close for a newcomer. A phone that reads takes each board within
/// milliseconds; one that has not for a second while its buffers are full is stuck,
/// asleep or not reading at all.
pub(crate) const STALLED: Duration = Duration::from_secs(1);

/// The connections open now, oldest first, and which of them are event streams.
pub(super) struct Slots {
    max: usize,
    per_client: usize,
    max_streams: usize,
    table: Mutex<Table>,
}

#[derive(Default)]
struct Table {
    /// Numbered in the order they came, so the first is the oldest.
    open: BTreeMap<u64, Held>,
    by_client: HashMap<IpAddr, usize>,
    streams_by_client: HashMap<IpAddr, usize>,
    streams: usize,
    next: u64,
}

/// How far a connection has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// It has sent nothing yet.
    Silent,
    /// Its request head has begun to arrive.
    Heading,
    /// Its request is being answered.
    Answering,
    /// It is an event stream; `since` its client last left a board untaken.
    Streaming { stalled: Option<Instant> },
}

struct Held {
    client: IpAddr,
    opened: Instant,
    stage: Stage,
    /// Closes the connection (and its stream, if it is one).
    close: Option<oneshot::Sender<()>>,
    /// Ends its event stream's body, for a stream that is idle and so not being
    /// written to.
    stop: Option<oneshot::Sender<()>>,
}

/// One connection's place, given back when it is dropped with the connection.
pub(super) struct Slot {
    id: u64,
    slots: Arc<Slots>,
}

/// A newcomer let in.
pub(super) struct Admitted {
    pub(crate) slot: Slot,
    /// Fires when the connection is closed to make room for another.
    pub(crate) closed: oneshot::Receiver<()>,
    /// Whether an older connection was closed for it.
    pub(crate) made_room: bool,
}

/// What a connection's requests may ask of the table: to say the request came, and to
/// become an event stream.
#[derive(Clone)]
pub(super) struct Conn {
    id: u64,
    slots: Arc<Slots>,
}

/// An event stream's place among the streams.
pub(super) struct Stream {
    conn: Conn,
}

impl Slots {
    /// At most `max` connections, `per_client` from one address, and `max_streams`
    /// event streams.
    pub(super) fn new(max: usize, per_client: usize, max_streams: usize) -> Arc<Slots> {
        Arc::new(Slots {
            max,
            per_client,
            max_streams,
            table: Mutex::new(Table::default()),
        })
    }

    /// A panic elsewhere cannot leave the table half-changed (each change is a few map
    /// operations with no call out), so a poisoned lock is still good to use.
    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot for a connection from `client` opening at `now`, if one can be had.
    pub(super) fn admit(self: &Arc<Self>, client: IpAddr, now: Instant) -> Option<Admitted> {
        let mut table = self.table();
        let mut made_room = false;
        if table.by_client.get(&client).copied().unwrap_or(0) >= self.per_client {
            if !table.close_oldest_wasted(client, now) {
                return None;
            }
            made_room = true;
        }
        if table.open.len() >= self.max {
            if !table.close_for_newcomer(client, now) {
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
                opened: now,
                stage: Stage::Silent,
                close: Some(close),
                stop: None,
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
        self.table().open.len()
    }

    /// How many event streams are open now.
    #[cfg(test)]
    fn streams(&self) -> usize {
        self.table().streams
    }
}

impl Table {
    /// Whether `held` wastes its slot at `now`: it has said nothing, or its head is
    /// slow.
    fn wasted(held: &Held, now: Instant) -> bool {
        match held.stage {
            Stage::Silent => true,
            Stage::Heading => now.saturating_duration_since(held.opened) >= SLOW_HEAD,
            Stage::Answering | Stage::Streaming { .. } => false,
        }
    }

    /// Closes the oldest connection of `client` that wastes its slot, and gives its
    /// slot back at once; false when there is none.
    fn close_oldest_wasted(&mut self, client: IpAddr, now: Instant) -> bool {
        let oldest = self
            .open
            .iter()
            .find(|(_, h)| h.client == client && Table::wasted(h, now))
            .map(|(id, _)| *id);
        match oldest.and_then(|id| self.release(id)) {
            Some(held) => {
                held.close_now();
                true
            }
            None => false,
        }
    }

    /// Closes a connection to make room in a full table for a newcomer from `client`,
    /// and gives its slot back at once; false when none may go. One that is not a
    /// request yet goes, from a client holding at least as many connections as the
    /// newcomer's: one that wastes its slot, or any of a client holding two more than
    /// the newcomer's (its share is the larger); the client holding the most gives up
    /// its oldest first.
    ///
    /// Why not simply the oldest that wastes its slot: under a slowloris that keeps
    /// reopening its sockets, every socket of the attack is a fresh head, and a
    /// browser's connection, whose head the server has not read yet on a busy machine,
    /// was the one "silent" connection on the table: the attack's next socket closed
    /// it, or, with nothing wasted, the browser was turned away (issue 52: a seventh
    /// client served 3 times of 5 beside six attacking addresses).
    fn close_for_newcomer(&mut self, client: IpAddr, now: Instant) -> bool {
        let count = |c: &IpAddr| self.by_client.get(c).copied().unwrap_or(0);
        let mine = count(&client);
        let chosen = self
            .open
            .iter()
            .filter(|(_, h)| matches!(h.stage, Stage::Silent | Stage::Heading))
            .filter(|(_, h)| {
                let theirs = count(&h.client);
                theirs >= mine && (Table::wasted(h, now) || theirs >= mine + 2)
            })
            .max_by_key(|(id, h)| (count(&h.client), std::cmp::Reverse(**id)))
            .map(|(id, _)| *id);
        match chosen.and_then(|id| self.release(id)) {
            Some(held) => {
                held.close_now();
                true
            }
            None => false,
        }
    }

    /// The stream to close for a newcomer from `client` at `now`: the one stalled
    /// longest (for at least [`STALLED`]), else the oldest of the client holding the
    /// most streams, if it holds two more than `client` does.
    fn stream_to_close(&self, client: IpAddr, now: Instant) -> Option<u64> {
        let stalled = self
            .open
            .iter()
            .filter_map(|(id, h)| match h.stage {
                Stage::Streaming { stalled: Some(at) }
                    if now.saturating_duration_since(at) >= STALLED =>
                {
                    Some((at, *id))
                }
                _ => None,
            })
            .min();
        if let Some((_, id)) = stalled {
            return Some(id);
        }
        let mine = self.streams_by_client.get(&client).copied().unwrap_or(0);
        let (most, held) = self
            .streams_by_client
            .iter()
            .max_by_key(|(c, n)| (**n, std::cmp::Reverse(self.oldest_stream(**c))))?;
        if *held < mine + 2 {
            return None;
        }
        self.oldest_stream(*most)
    }

    /// The oldest stream of `client`.
    fn oldest_stream(&self, client: IpAddr) -> Option<u64> {
        self.open
            .iter()
            .find(|(_, h)| h.client == client && matches!(h.stage, Stage::Streaming { .. }))
            .map(|(id, _)| *id)
    }

    /// Takes connection `id` off the table, and its stream off the streams.
    fn release(&mut self, id: u64) -> Option<Held> {
        let held = self.open.remove(&id)?;
        let client = held.client;
        lessen(&mut self.by_client, client);
        if matches!(held.stage, Stage::Streaming { .. }) {
            lessen(&mut self.streams_by_client, client);
            self.streams = self.streams.saturating_sub(1);
        }
        Some(held)
    }
}

/// One fewer for `client`, forgetting a client at none.
fn lessen(counts: &mut HashMap<IpAddr, usize>, client: IpAddr) {
    if let Some(n) = counts.get_mut(&client) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            counts.remove(&client);
        }
    }
}

impl Held {
    /// Ends the connection: its reads and writes fail from now on, and a stream's body
    /// ends. A receiver already gone means the connection already ended.
    fn close_now(self) {
        if let Some(close) = self.close {
            let _ = close.send(());
        }
        if let Some(stop) = self.stop {
            let _ = stop.send(());
        }
    }
}

impl Slot {
    /// The client has sent its first byte: its head has begun.
    pub(super) fn begun(&self) {
        let mut table = self.slots.table();
        if let Some(held) = table.open.get_mut(&self.id)
            && held.stage == Stage::Silent
        {
            held.stage = Stage::Heading;
        }
    }

    /// What the connection's requests may ask of the table.
    pub(super) fn conn(&self) -> Conn {
        Conn {
            id: self.id,
            slots: Arc::clone(&self.slots),
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.table().release(self.id);
    }
}

impl Conn {
    /// Its request head is whole: a real request, never closed to make room for a
    /// connection.
    pub(super) fn answering(&self) {
        let mut table = self.slots.table();
        if let Some(held) = table.open.get_mut(&self.id)
            && matches!(held.stage, Stage::Silent | Stage::Heading)
        {
            held.stage = Stage::Answering;
        }
    }

    /// Makes the connection an event stream at `now`, closing another for it when all
    /// are open (see the module's notes): its place, and the signal that ends its body
    /// when it is given up in turn; `None` when none can be had.
    pub(super) fn stream(&self, now: Instant) -> Option<(Stream, oneshot::Receiver<()>)> {
        let slots = &self.slots;
        let mut table = slots.table();
        let client = table.open.get(&self.id)?.client;
        if table.streams >= slots.max_streams {
            let id = table.stream_to_close(client, now)?;
            if let Some(held) = table.release(id) {
                held.close_now();
            }
        }
        let (stop_tx, stop) = oneshot::channel();
        let held = table.open.get_mut(&self.id)?;
        held.stage = Stage::Streaming { stalled: None };
        held.stop = Some(stop_tx);
        table.streams += 1;
        *table.streams_by_client.entry(client).or_insert(0) += 1;
        Some((Stream { conn: self.clone() }, stop))
    }

    /// Whether [`Conn::stream`] would give this connection a stream at `now`, without
    /// opening one or closing another (what `HEAD /events` answers).
    pub(super) fn could_stream(&self, now: Instant) -> bool {
        let table = self.slots.table();
        let Some(held) = table.open.get(&self.id) else {
            return false;
        };
        table.streams < self.slots.max_streams || table.stream_to_close(held.client, now).is_some()
    }
}

impl Stream {
    /// The stream's client has left a board untaken since `at` (`Some`), or has taken
    /// every board sent (`None`).
    pub(super) fn stalled(&self, at: Option<Instant>) {
        let mut table = self.conn.slots.table();
        if let Some(held) = table.open.get_mut(&self.conn.id)
            && let Stage::Streaming { stalled } = &mut held.stage
        {
            *stalled = at;
        }
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
        let slots = Slots::new(10, 3, 4);
        let now = Instant::now();
        let mut first: Vec<Admitted> = (0..3)
            .map(|_| slots.admit(ip("10.0.0.1"), now).expect("room"))
            .collect();
        let other = slots.admit(ip("10.0.0.2"), now).expect("room");
        let fourth = slots.admit(ip("10.0.0.1"), now).expect("room made");
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
        let slots = Slots::new(3, 3, 4);
        let now = Instant::now();
        let mut a = slots.admit(ip("10.0.0.1"), now).expect("room");
        a.slot.conn().answering();
        let mut b = slots.admit(ip("10.0.0.2"), now).expect("room");
        let mut c = slots.admit(ip("10.0.0.3"), now).expect("room");
        let d = slots.admit(ip("10.0.0.4"), now).expect("room made");
        assert!(d.made_room);
        assert!(a.closed.try_recv().is_err(), "a real request stays");
        assert!(b.closed.try_recv().is_ok(), "the oldest silent one goes");
        assert!(c.closed.try_recv().is_err());
        assert_eq!(slots.open(), 3);
    }

    #[test]
    fn in_a_full_table_a_lone_client_s_unread_connection_is_never_closed_for_a_heavier_client() {
        let slots = Slots::new(5, 3, 4);
        let now = Instant::now();
        // An attack of fresh heads from two addresses, and a browser's connection
        // whose head the server has not read yet.
        let mut attack: Vec<Admitted> = ["10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2"]
            .iter()
            .map(|c| {
                let a = slots.admit(ip(c), now).expect("room");
                a.slot.begun();
                a
            })
            .collect();
        let mut browser = slots.admit(ip("10.0.0.9"), now).expect("room");
        assert!(
            slots.admit(ip("10.0.0.2"), now).is_none(),
            "the attack's next socket is turned away"
        );
        assert!(browser.closed.try_recv().is_err(), "the browser's stays");
        // Once the attack's heads are slow, the oldest of the client holding the most
        // goes, not the browser's silent one.
        let later = now + SLOW_HEAD;
        assert!(slots.admit(ip("10.0.0.2"), later).expect("room").made_room);
        assert!(browser.closed.try_recv().is_err(), "the browser's stays");
        assert!(
            attack[0].closed.try_recv().is_ok(),
            "the oldest of the attack went"
        );
        assert!(attack[1].closed.try_recv().is_err());
        assert!(attack[2].closed.try_recv().is_err());
    }

    #[test]
    fn in_a_full_table_a_client_holding_two_more_gives_up_a_fresh_head_to_a_newcomer() {
        let slots = Slots::new(3, 3, 4);
        let now = Instant::now();
        let mut heads: Vec<Admitted> = (0..3)
            .map(|_| {
                let a = slots.admit(ip("10.0.0.1"), now).expect("room");
                a.slot.begun();
                a
            })
            .collect();
        let browser = slots.admit(ip("10.0.0.9"), now).expect("room made");
        assert!(browser.made_room);
        assert!(
            heads[0].closed.try_recv().is_ok(),
            "the oldest fresh head went"
        );
        assert!(heads[1].closed.try_recv().is_err());
        browser.slot.conn().answering();
        // Now 10.0.0.1 holds two and the newcomer's client one: not two more.
        assert!(
            slots.admit(ip("10.0.0.9"), now).is_none(),
            "a head within its time stays for a client not that much lighter"
        );
        assert_eq!(slots.open(), 3);
    }

    #[test]
    fn a_head_still_arriving_after_the_slow_head_time_yields_its_slot_and_one_within_it_does_not() {
        let slots = Slots::new(2, 2, 4);
        let start = Instant::now();
        let mut slow = slots.admit(ip("10.0.0.1"), start).expect("room");
        slow.slot.begun();
        let mut quick = slots
            .admit(ip("10.0.0.2"), start + SLOW_HEAD)
            .expect("room");
        quick.slot.begun();
        let soon = start + SLOW_HEAD / 2;
        assert!(
            slots.admit(ip("10.0.0.3"), soon).is_none(),
            "both heads are within their time"
        );
        let later = start + SLOW_HEAD;
        let newcomer = slots.admit(ip("10.0.0.3"), later).expect("room made");
        assert!(newcomer.made_room);
        assert!(slow.closed.try_recv().is_ok(), "the slow head went");
        assert!(
            quick.closed.try_recv().is_err(),
            "the one still in time stayed"
        );
        quick.slot.conn().answering();
        newcomer.slot.conn().answering();
        let much_later = start + SLOW_HEAD * 10;
        assert!(
            slots.admit(ip("10.0.0.4"), much_later).is_none(),
            "requests being answered never yield"
        );
    }

    #[test]
    fn a_newcomer_is_turned_away_only_when_every_slot_it_could_take_is_busy() {
        let slots = Slots::new(3, 2, 4);
        let now = Instant::now();
        let busy = |client: &str| {
            let a = slots.admit(ip(client), now).expect("room");
            a.slot.conn().answering();
            a
        };
        let held = vec![busy("10.0.0.1"), busy("10.0.0.1"), busy("10.0.0.2")];
        assert!(
            slots.admit(ip("10.0.0.1"), now).is_none(),
            "its share is busy"
        );
        assert!(
            slots.admit(ip("10.0.0.3"), now).is_none(),
            "every slot is busy"
        );
        drop(held);
        let again = slots.admit(ip("10.0.0.3"), now);
        assert!(again.is_some(), "room again");
        assert_eq!(slots.open(), 1);
    }

    /// An event stream: its connection, its place and the signal that ends its body.
    type Streaming = (Admitted, Stream, oneshot::Receiver<()>);

    /// A connection from `client` made an event stream at `now`, if one can be had.
    fn stream(slots: &Arc<Slots>, client: &str, now: Instant) -> Option<Streaming> {
        let a = slots.admit(ip(client), now).expect("room");
        let conn = a.slot.conn();
        conn.answering();
        let (s, stop) = conn.stream(now)?;
        Some((a, s, stop))
    }

    #[test]
    fn a_client_holding_every_stream_gives_one_up_to_each_newcomer_down_to_its_share() {
        let slots = Slots::new(64, 64, 6);
        let now = Instant::now();
        let mut hog: Vec<Streaming> = (0..6)
            .map(|_| stream(&slots, "10.0.0.1", now).expect("a stream"))
            .collect();
        assert!(stream(&slots, "10.0.0.1", now).is_none(), "not from itself");
        let mut others = Vec::new();
        for k in 2..=4 {
            others.push(stream(&slots, &format!("10.0.0.{k}"), now).expect("its share"));
        }
        let closed: Vec<bool> = hog
            .iter_mut()
            .map(|(a, _, stop)| a.closed.try_recv().is_ok() && stop.try_recv().is_ok())
            .collect();
        assert_eq!(
            closed,
            [true, true, true, false, false, false],
            "its oldest"
        );
        assert_eq!(slots.streams(), 6);
        // The hog gives up streams while it holds two more than the newcomer.
        let fifth = stream(&slots, "10.0.0.5", now).expect("3 against 0");
        let sixth = stream(&slots, "10.0.0.6", now).expect("2 against 0");
        assert!(
            stream(&slots, "10.0.0.7", now).is_none(),
            "one each: no one has a stream to spare"
        );
        assert_eq!(slots.streams(), 6);
        drop((fifth, sixth, others, hog));
        assert_eq!(slots.streams(), 0, "every stream given back once");
    }

    #[test]
    fn the_stream_given_up_is_the_oldest_of_the_client_holding_the_most_not_an_older_one_of_another()
     {
        let slots = Slots::new(64, 64, 4);
        let now = Instant::now();
        let (mut lone_a, _lone_s, mut lone_stop) =
            stream(&slots, "10.0.0.2", now).expect("the oldest stream of all");
        let mut hog: Vec<Streaming> = (0..3)
            .map(|_| stream(&slots, "10.0.0.1", now).expect("a stream"))
            .collect();
        let newcomer = stream(&slots, "10.0.0.3", now).expect("3 against 0");
        assert!(lone_a.closed.try_recv().is_err() && lone_stop.try_recv().is_err());
        let (first, _, first_stop) = &mut hog[0];
        assert!(first.closed.try_recv().is_ok() && first_stop.try_recv().is_ok());
        drop((newcomer, hog));
    }

    #[test]
    fn a_head_of_the_event_stream_says_yes_while_streams_are_free_and_no_when_none_can_be_had() {
        let slots = Slots::new(64, 64, 2);
        let now = Instant::now();
        let asking = slots.admit(ip("10.0.0.9"), now).expect("room");
        asking.slot.conn().answering();
        assert!(asking.slot.conn().could_stream(now), "two streams free");
        let held: Vec<Streaming> = ["10.0.0.1", "10.0.0.2"]
            .iter()
            .map(|c| stream(&slots, c, now).expect("a stream"))
            .collect();
        assert!(
            !asking.slot.conn().could_stream(now),
            "one each, none stalled: none to give up"
        );
        drop(held);
        assert!(asking.slot.conn().could_stream(now), "free again");
    }

    #[test]
    fn a_stream_whose_client_stopped_taking_boards_is_closed_first() {
        let slots = Slots::new(64, 64, 3);
        let start = Instant::now();
        let (_a, reader, _) = stream(&slots, "10.0.0.1", start).expect("a stream");
        let (mut b, stuck, mut stuck_stop) = stream(&slots, "10.0.0.2", start).expect("a stream");
        let (_c, brief, _) = stream(&slots, "10.0.0.3", start).expect("a stream");
        stuck.stalled(Some(start));
        brief.stalled(Some(start + STALLED));
        let conn = slots.admit(ip("10.0.0.4"), start).expect("room");
        assert!(
            !conn.slot.conn().could_stream(start + STALLED / 2),
            "no one has been stuck long enough, and everyone holds one"
        );
        assert!(conn.slot.conn().could_stream(start + STALLED));
        let _s = conn.slot.conn().stream(start + STALLED).expect("made room");
        assert!(b.closed.try_recv().is_ok(), "the stuck one went");
        assert!(stuck_stop.try_recv().is_ok(), "its body too");
        reader.stalled(None);
        assert_eq!(slots.streams(), 3);
    }
}
