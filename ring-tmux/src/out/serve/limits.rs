//! How many connections and event streams `serve` holds, and whose.
//!
//! Every open connection takes a file descriptor and a task; a LAN that opens them without end
//! (a flood, a slowloris, event streams held for life) must not take the board from its owner.
//! So connections are counted in two pools, this machine's (loopback peers: the owner, and
//! other local users, who without the token get nothing) and everyone else's, each with a
//! budget that together stays below the descriptors the process may open. Another address
//! may hold at most [`Limits::per_remote_ip`] of them. A connection that would go over a budget
//! first evicts the oldest *idle* one of its pool (or of its own address): one waiting for its
//! request head or between keep-alive requests, never one being answered or streaming. When
//! none is idle the newcomer is closed at once. Event streams are counted per address too.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;

/// The budgets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections from loopback peers.
    pub loopback: usize,
    /// Connections from every other peer together.
    pub remote: usize,
    /// Connections from one other peer.
    pub per_remote_ip: usize,
    /// Event streams open from one peer address.
    pub streams_per_ip: usize,
}

impl Limits {
    /// The budgets for a process that may open `descriptors` files: a quarter of them (and at
    /// most 512) for connections, half of that for each pool, 16 per other address; the
    /// rest stays for the read children's pipes, the ring folder and the log.
    pub fn for_descriptors(descriptors: u64) -> Limits {
        let budget = usize::try_from(descriptors / 4)
            .unwrap_or(usize::MAX)
            .clamp(8, 512);
        let remote = budget / 2;
        Limits {
            loopback: budget - remote,
            remote,
            per_remote_ip: remote.min(16),
            streams_per_ip: 8,
        }
    }
}

/// One open connection's marks, shared with its task.
#[derive(Debug, Default)]
pub struct Marks {
    /// Requests being answered (a stream counts while it is open).
    pub busy: AtomicUsize,
    /// Requests started so far (the idle watchdog sees whether one came).
    pub started: AtomicU64,
    /// Told when the connection is evicted.
    pub evicted: Notify,
}

impl Marks {
    /// Marks a request started, busy until the guard goes.
    pub fn begin(self: &Arc<Self>) -> Busy {
        self.started.fetch_add(1, Ordering::SeqCst);
        self.busy.fetch_add(1, Ordering::SeqCst);
        Busy(Arc::clone(self))
    }

    fn idle(&self) -> bool {
        self.busy.load(Ordering::SeqCst) == 0
    }
}

/// A request in progress on a connection.
#[derive(Debug)]
pub struct Busy(Arc<Marks>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

#[derive(Debug)]
struct Entry {
    ip: IpAddr,
    marks: Arc<Marks>,
}

#[derive(Debug, Default)]
struct Open {
    next: u64,
    /// By age: the first is the oldest.
    connections: BTreeMap<u64, Entry>,
    streams: HashMap<IpAddr, usize>,
}

/// The open connections and streams.
#[derive(Debug)]
pub struct Conns {
    limits: Limits,
    open: Mutex<Open>,
}

/// An admitted connection: leaves the count when dropped.
#[derive(Debug)]
pub struct Slot {
    conns: Arc<Conns>,
    id: u64,
    pub marks: Arc<Marks>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.conns.lock().connections.remove(&self.id);
    }
}

/// An open event stream: leaves the count when dropped.
#[derive(Debug)]
pub struct Stream {
    conns: Arc<Conns>,
    ip: IpAddr,
}

impl Drop for Stream {
    fn drop(&mut self) {
        let mut open = self.conns.lock();
        if let Some(n) = open.streams.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.streams.remove(&self.ip);
            }
        }
    }
}

impl Conns {
    pub fn new(limits: Limits) -> Arc<Conns> {
        Arc::new(Conns {
            limits,
            open: Mutex::new(Open::default()),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A new connection from `ip`: its slot, or `None` (close it) when its pool is full of
    /// connections that are all busy.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let mut open = self.lock();
        let local = ip.is_loopback();
        if !local {
            let mine = open.connections.values().filter(|e| e.ip == ip).count();
            if mine >= self.limits.per_remote_ip && !evict_oldest_idle(&mut open, |e| e.ip == ip) {
                return None;
            }
        }
        let pool = |e: &Entry| e.ip.is_loopback() == local;
        let budget = if local {
            self.limits.loopback
        } else {
            self.limits.remote
        };
        if open.connections.values().filter(|e| pool(e)).count() >= budget
            && !evict_oldest_idle(&mut open, pool)
        {
            return None;
        }
        let id = open.next;
        open.next += 1;
        let marks = Arc::new(Marks::default());
        open.connections.insert(
            id,
            Entry {
                ip,
                marks: Arc::clone(&marks),
            },
        );
        Some(Slot {
            conns: Arc::clone(self),
            id,
            marks,
        })
    }

    /// An event stream for `ip`, or `None` when it has [`Limits::streams_per_ip`] open.
    pub fn stream(self: &Arc<Self>, ip: IpAddr) -> Option<Stream> {
        let mut open = self.lock();
        let n = open.streams.entry(ip).or_insert(0);
        if *n >= self.limits.streams_per_ip {
            return None;
        }
        *n += 1;
        Some(Stream {
            conns: Arc::clone(self),
            ip,
        })
    }

    #[cfg(test)]
    /// How many connections are open (doctor, tests).
    pub fn count(&self) -> usize {
        self.lock().connections.len()
    }
}

/// Evicts the oldest idle connection `which` accepts; whether there was one.
fn evict_oldest_idle(open: &mut Open, which: impl Fn(&Entry) -> bool) -> bool {
    let victim = open
        .connections
        .iter()
        .find(|(_, e)| which(e) && e.marks.idle())
        .map(|(&id, _)| id);
    match victim.and_then(|id| open.connections.remove(&id)) {
        Some(entry) => {
            // A permit is kept if the task is not waiting yet: it ends when it next looks.
            entry.marks.evicted.notify_one();
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("ip")
    }

    fn small() -> Arc<Conns> {
        Conns::new(Limits {
            loopback: 4,
            remote: 4,
            per_remote_ip: 2,
            streams_per_ip: 2,
        })
    }

    #[test]
    fn one_remote_address_cannot_take_the_remote_pool() {
        let conns = small();
        let a: Vec<_> = (0..2).map(|_| conns.admit(ip("10.0.0.1"))).collect();
        let _busy: Vec<_> = a.iter().flatten().map(|s| s.marks.begin()).collect();
        assert!(
            conns.admit(ip("10.0.0.1")).is_none(),
            "over its own cap, all busy"
        );
        assert!(conns.admit(ip("10.0.0.2")).is_some());
    }

    #[test]
    fn a_full_pool_evicts_its_oldest_idle_connection_never_a_busy_one() {
        let conns = small();
        let slots: Vec<_> = (0..4).map(|_| conns.admit(ip("127.0.0.1"))).collect();
        let slots: Vec<Slot> = slots.into_iter().flatten().collect();
        let _busy = slots[0].marks.begin();
        let newcomer = conns.admit(ip("127.0.0.1")).expect("room made");
        assert_eq!(conns.count(), 4);
        // The oldest idle one was the second: the first is busy.
        assert!(!conns.lock().connections.contains_key(&slots[1].id));
        assert!(conns.lock().connections.contains_key(&slots[0].id));
        drop(newcomer);
        assert_eq!(conns.count(), 3);
    }

    #[test]
    fn remote_peers_never_take_the_loopback_pool() {
        let conns = small();
        // Other machines fill their pool with connections being answered (none to evict).
        let remote: Vec<(Slot, Busy)> = (0..8)
            .filter_map(|i| conns.admit(ip(&format!("10.0.0.{i}"))))
            .map(|slot| {
                let busy = slot.marks.begin();
                (slot, busy)
            })
            .collect();
        assert_eq!(remote.len(), 4, "the remote pool is full");
        let local: Vec<_> = (0..4).map(|_| conns.admit(ip("127.0.0.1"))).collect();
        assert!(local.iter().all(Option::is_some));
    }

    #[test]
    fn streams_are_capped_per_address_and_freed_when_closed() {
        let conns = small();
        let first = conns.stream(ip("127.0.0.1")).expect("first");
        let _second = conns.stream(ip("127.0.0.1")).expect("second");
        assert!(conns.stream(ip("127.0.0.1")).is_none());
        assert!(conns.stream(ip("10.0.0.1")).is_some());
        drop(first);
        assert!(conns.stream(ip("127.0.0.1")).is_some());
    }

    #[test]
    fn budgets_stay_below_the_descriptors() {
        let limits = Limits::for_descriptors(256);
        assert!(limits.loopback + limits.remote <= 64);
        assert_eq!(Limits::for_descriptors(1 << 20).loopback, 256);
    }
}
