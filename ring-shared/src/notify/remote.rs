//! When a remote host's session starts waiting (issue 27): no hook of this machine runs for
//! it, so `ring-tmux remote refresh` rings for it, from two snapshots of the host: the last
//! one it had and the one it just fetched. A session rings when it waits in the new one and
//! did not in the old one; then [`super::decide`] treats the ring like a hook's (debounce,
//! quiet, reminders, at most one note per wait).
//!
//! * A host's first snapshot (`remote add`, a new ring folder) rings nothing: it is the
//!   baseline, or adding a busy host would ring for every old wait at once.
//! * A fetch that failed keeps the last snapshot, so a hung host that comes back compares
//!   with what it said before it hung: its old waits are not new, only waits that began
//!   since ring.

use crate::Status;
use crate::view::Snapshot;
use crate::view::remote::{Fetched, entries};

/// One snapshot of `host` and when it arrived (this machine's clock).
#[derive(Debug, Clone, Copy)]
pub struct Taken<'a> {
    pub snapshot: &'a Snapshot,
    pub at: f64,
}

/// The sessions (`host:id`, as the board names them) waiting in `after` that were not
/// waiting in `before`; none without a `before`.
pub fn new_waits(host: &str, before: Option<Taken<'_>>, after: Taken<'_>) -> Vec<String> {
    let Some(before) = before else {
        return Vec::new();
    };
    let waiting = |taken: Taken<'_>| -> Vec<String> {
        let fetched = Fetched {
            host,
            snapshot: taken.snapshot,
            fetched_at: taken.at,
            stale_after: f64::INFINITY,
        };
        entries(fetched, taken.at, false)
            .into_iter()
            .filter(|e| e.status == Status::Waiting)
            .map(|e| e.session_id)
            .collect()
    };
    let old = waiting(before);
    waiting(after)
        .into_iter()
        .filter(|id| !old.contains(id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Row;

    fn snapshot(waiting: &[&str], working: &[&str], at: f64) -> Snapshot {
        let row = |id: &&str, status: Status| {
            let mut row = Row::new(*id);
            row.provider = "claude".into();
            row.status = status;
            row.cwd = format!("/src/{id}");
            row.last_active = at - 1.0;
            row.heartbeat_at = at - 1.0;
            if status == Status::Waiting {
                row.waiting_kind = "permission".into();
            }
            row
        };
        Snapshot {
            generated_at: at,
            rows: waiting
                .iter()
                .map(|id| row(id, Status::Waiting))
                .chain(working.iter().map(|id| row(id, Status::Working)))
                .collect(),
            ..Snapshot::default()
        }
    }

    fn taken(snapshot: &Snapshot) -> Taken<'_> {
        Taken {
            snapshot,
            at: snapshot.generated_at,
        }
    }

    #[test]
    fn a_session_that_starts_waiting_rings_once() {
        let first = snapshot(&[], &["api"], 100.0);
        let second = snapshot(&["api"], &[], 130.0);
        let third = snapshot(&["api"], &[], 160.0);
        assert_eq!(
            new_waits("dev", Some(taken(&first)), taken(&second)),
            ["dev:api"]
        );
        assert!(
            new_waits("dev", Some(taken(&second)), taken(&third)).is_empty(),
            "still the same wait"
        );
    }

    #[test]
    fn a_hosts_first_snapshot_is_the_baseline() {
        let first = snapshot(&["api", "web"], &[], 100.0);
        assert!(new_waits("dev", None, taken(&first)).is_empty());
    }

    #[test]
    fn a_host_that_comes_back_rings_only_for_waits_that_began_meanwhile() {
        // The last snapshot before it hung, kept through the failed fetches.
        let before = snapshot(&["api"], &["web"], 100.0);
        let back = snapshot(&["api", "web"], &[], 4000.0);
        assert_eq!(
            new_waits("dev", Some(taken(&before)), taken(&back)),
            ["dev:web"]
        );
    }
}
