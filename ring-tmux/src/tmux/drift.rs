//! Drift repair: make the pane options agree with the rows again after what no push can see
//! (an agent that crashed, a row removed by gc or by hand, a pane reused, a push that timed
//! out, a Codex wait promoted by time).
//!
//! Run by `ring-tmux status` per server (a stamp file under the ring folder) when what the
//! panes should show changed since the last repair ([`fingerprint`]: a crashed agent, a row
//! removed, a Codex wait promoted by time, a push that failed) or a push changed a pane since
//! (the job's `--gen`, or the push's [`mark_pushed`]), at most every
//! [`REPAIR_EVERY`], and otherwise every [`REPAIR_ANYWAY`] (a pane reused behind ring's back
//! changes nothing ring can see without asking tmux). Starting a tmux client costs more than
//! a whole `status` run, and tmux runs `status` every few seconds: most runs ask tmux nothing.
//! A repair is ONE `list-panes -a` and at most ONE chained call of guarded sets. Each set is
//! stamped with the time the rows were read, so it never overwrites a newer push.

use super::pane::{Visible, chained_sets, stamp_ms};
use crate::sys::run::{self, REPAIR_BUDGET, is_pane_id, is_tty_path};
use ring_shared::view::Entry;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

/// The least time between two repairs of one server: what no hook tells (Esc, a denial, a
/// killed agent, a Codex wait promoted by time) reaches the badges within a second or two
/// (with `ring.tmux`'s 2 s interval), and a hook storm still costs at most one tmux call a
/// second.
pub const REPAIR_EVERY: Duration = Duration::from_secs(1);
/// The most time between two repairs of one server, even when the rows say nothing changed.
pub const REPAIR_ANYWAY: Duration = Duration::from_secs(30);

/// What `list-panes -a` asks for, space-separated (ids and ttys hold no spaces).
pub const LIST_FORMAT: &str = "#{pane_id} #{pane_tty} #{@ring_state} #{@ring_kind}";

/// One pane as `list-panes` showed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pane {
    pub id: String,
    pub tty: String,
    pub shown: Option<Visible>,
}

/// Parses [`LIST_FORMAT`] lines; a pane listed twice (linked windows) is kept once.
pub fn parse_panes(listing: &str) -> Vec<Pane> {
    let mut panes: Vec<Pane> = Vec::new();
    for line in listing.lines() {
        let mut f = line.split(' ');
        let (Some(id), Some(tty)) = (f.next(), f.next()) else {
            continue;
        };
        if !is_pane_id(id) || panes.iter().any(|p| p.id == id) {
            continue;
        }
        let state = f.next().unwrap_or_default();
        let kind = f.next().unwrap_or_default();
        panes.push(Pane {
            id: id.to_owned(),
            tty: tty.to_owned(),
            shown: Visible::parse(state, kind),
        });
    }
    panes
}

/// The pane of `socket` that `entry` provably runs in: its `tmux_pane` with a matching tty
/// (when the tty is known), else the one pane with its tty. Exposed for `jump` and `menu`.
pub fn pane_of<'a>(entry: &Entry, socket: &str, panes: &'a [Pane]) -> Option<&'a Pane> {
    let tty = match entry.tty.as_deref() {
        None | Some("") => None,
        Some(t) if is_tty_path(t) => Some(t),
        Some(_) => return None,
    };
    match entry.tmux_socket.as_deref() {
        Some(s) if s == socket => {}
        // A session found without hooks (its agent's process, transcript or thread) names
        // no server, only its terminal: a tty is one device on this machine, so the one pane
        // of this server on it is the session's (real-agent suite, nohooks: the badge).
        None if entry.tmux_pane.is_none() => return sole_pane_on(tty?, panes),
        _ => return None,
    }
    let by_id = entry
        .tmux_pane
        .as_deref()
        .and_then(|id| panes.iter().find(|p| p.id == id))
        .filter(|p| tty.is_none_or(|t| p.tty == t));
    if by_id.is_some() {
        return by_id;
    }
    sole_pane_on(tty?, panes)
}

/// The one pane on `tty`, if exactly one is.
fn sole_pane_on<'a>(tty: &str, panes: &'a [Pane]) -> Option<&'a Pane> {
    let mut matching = panes.iter().filter(|p| p.tty == tty);
    let first = matching.next()?;
    matching.next().is_none().then_some(first)
}

/// What each pane should show: the most recently active session mapped to it wins.
pub fn wanted(entries: &[Entry], socket: &str, panes: &[Pane]) -> BTreeMap<String, Visible> {
    let mut best: BTreeMap<String, (f64, Visible)> = BTreeMap::new();
    for entry in entries {
        let Some(visible) = Visible::of(entry.status, &entry.kind) else {
            continue;
        };
        let Some(pane) = pane_of(entry, socket, panes) else {
            continue;
        };
        let slot = best
            .entry(pane.id.clone())
            .or_insert((f64::INFINITY, visible));
        if entry.idle_seconds < slot.0 {
            *slot = (entry.idle_seconds, visible);
        }
    }
    best.into_iter().map(|(id, (_, v))| (id, v)).collect()
}

/// The panes whose options differ from what they should show, with the new value.
pub fn changes(
    panes: &[Pane],
    wanted: &BTreeMap<String, Visible>,
) -> Vec<(String, Option<Visible>)> {
    panes
        .iter()
        .filter_map(|p| {
            let want = wanted.get(&p.id).copied();
            (p.shown != want).then(|| (p.id.clone(), want))
        })
        .collect()
}

/// The stamp file of one server: its socket path hashed into a file name.
fn stamp_name(socket: &str) -> String {
    // FNV-1a: stable across runs and builds (std's hasher is not).
    let hash = socket.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("repair-{hash:016x}")
}

/// What the panes of `socket` should show, as far as the rows tell without asking tmux: a
/// hash of (pane, tty, state) of every entry of that server with a visible state, most
/// recently active first (the order [`wanted`] breaks ties by), and of `generation`, the
/// server's `@ring_gen` as the status job's `--gen` names it. Stable across runs.
///
/// The generation is there because a push changes panes behind the repair's back: rows
/// repaired as idle, a hook pushes working, then the agent goes idle with no hook (Esc while
/// Claude thinks). The rows then say what they said at the last repair, yet the pane shows
/// working; every push bumps `@ring_gen`, so the fingerprint differs and the repair runs
/// (real-agent suite, `esc_thinking`: the badge stayed working for 30 s without it). A
/// status job run without `--gen` has the push's [`mark_pushed`] instead.
pub fn fingerprint(entries: &[Entry], socket: &str, generation: Option<&str>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut shown: Vec<(&Entry, Visible)> = entries
        .iter()
        // Rows found without hooks name no server, only a tty (see `pane_of`).
        .filter(|e| match e.tmux_socket.as_deref() {
            Some(s) => s == socket,
            None => e.tty.is_some(),
        })
        .filter_map(|e| Visible::of(e.status, &e.kind).map(|v| (e, v)))
        .collect();
    shown.sort_by(|a, b| a.0.idle_seconds.total_cmp(&b.0.idle_seconds));
    let mut hasher = ring_shared::fasthash::hasher();
    generation.hash(&mut hasher);
    for (e, visible) in shown {
        (&e.tmux_pane, &e.tty, visible.state, visible.kind).hash(&mut hasher);
    }
    hasher.finish()
}

/// Claims the next repair of `socket` for rows of [`fingerprint`] `print`: false when the
/// last one was less than [`REPAIR_EVERY`] ago, or less than [`REPAIR_ANYWAY`] ago for the
/// same fingerprint (or there is no ring folder, hence no rows).
pub fn claim(ring_home: &Path, socket: &str, print: u64) -> bool {
    let Some(dir) = run::state_dir(ring_home) else {
        return false;
    };
    let path = dir.join(stamp_name(socket));
    let age = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| SystemTime::now().duration_since(t).ok());
    let stamp = format!("{print:016x}");
    let due = match age {
        None => true,
        Some(age) if age < REPAIR_EVERY => false,
        Some(age) if age >= REPAIR_ANYWAY => true,
        Some(_) => {
            crate::store::read_owned(&path, 64)
                .ok()
                .flatten()
                .as_deref()
                != Some(stamp.as_bytes())
        }
    };
    if due {
        // Writing updates the mtime; a failure only means repairing again.
        let _ = crate::store::write_atomic(&dir, &stamp_name(socket), stamp.as_bytes());
    }
    due
}

/// Repairs the panes of `socket` against `entries` (the board read at `now`). Returns how
/// many panes it changed; silent on every error.
///
/// `None` when a tmux call failed or ran out of time (a busy machine): the caller then gives
/// the claim back ([`unclaim`]), so the next status run tries again instead of waiting for
/// the rows to change or for [`REPAIR_ANYWAY`].
pub fn repair(socket: &str, entries: &[Entry], now: f64) -> Option<usize> {
    let deadline = Instant::now() + REPAIR_BUDGET;
    let list: Vec<String> = ["list-panes", "-a", "-F", LIST_FORMAT]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let listing = run::run(socket, &list, deadline).filter(|o| o.success)?;
    let panes = parse_panes(&listing.stdout);
    let todo = changes(&panes, &wanted(entries, socket, &panes));
    if todo.is_empty() {
        return Some(0);
    }
    let argv = chained_sets(&todo, repair_stamp(now));
    run::run(socket, &argv, deadline).filter(|o| o.success)?;
    Some(todo.len())
}

/// The stamp of a repair of rows read at `now`: one millisecond under the read's own, so
/// that a push stamped in the same millisecond wins over it (the pane guard sets when the
/// pane's stamp is not newer). Such a push may come from a row written just after the read
/// (the read then showed what was there before: a live agent's folder with no row yet, shown
/// idle), and stamps are rounded to milliseconds, so the two can tie even though the push is
/// the newer (e2e_tmux, `a_push_in_the_same_millisecond_as_a_repairs_read_wins`).
pub fn repair_stamp(now: f64) -> i64 {
    stamp_ms(now).saturating_sub(1)
}

/// After a push changed a pane of `socket`: the last repair's fingerprint no longer says
/// what the panes show, so the next status run past [`REPAIR_EVERY`] repairs whatever its
/// rows say (see [`fingerprint`]). Only an existing stamp is overwritten: no stamp already
/// means a repair is due, and the hook's child creates no folder. Silent on every error.
pub fn mark_pushed(ring_home: &Path, socket: &str) {
    // Not `run::state_dir`, which creates the folder.
    let dir = ring_home.join(run::STATE_DIR);
    let name = stamp_name(socket);
    if dir.join(&name).is_file() {
        let _ = crate::store::write_atomic(&dir, &name, PUSHED);
    }
}

/// What [`mark_pushed`] leaves in a stamp: no fingerprint's 16 hex digits.
const PUSHED: &[u8] = b"pushed";

/// Gives back a [`claim`] whose repair failed: the next status run repairs at once.
pub fn unclaim(ring_home: &Path, socket: &str) {
    if let Some(dir) = run::state_dir(ring_home) {
        let _ = std::fs::remove_file(dir.join(stamp_name(socket)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::Status;
    use rstest::rstest;

    const SOCK: &str = "/tmp/tmux-0/default";

    fn entry(id: &str, status: Status, pane: Option<&str>, tty: Option<&str>) -> Entry {
        let mut row = ring_shared::Row::new(id);
        row.status = status;
        row.cwd = "/r/p".into();
        row.last_active = 99.0;
        row.tmux_pane = pane.map(str::to_owned);
        row.tmux_socket = Some(SOCK.into());
        row.tty = tty.map(str::to_owned);
        let session = ring_shared::derive::Session::from_hook(row);
        Entry::of(session, 100.0, &Default::default(), "")
    }

    fn panes() -> Vec<Pane> {
        parse_panes(
            "%1 /dev/pts/1 waiting plan\n%2 /dev/pts/2  \n%3 /dev/pts/3 idle \n%3 /dev/pts/3 idle \n",
        )
    }

    #[test]
    fn parse_reads_options_and_keeps_linked_panes_once() {
        let p = panes();
        assert_eq!(p.len(), 3);
        assert_eq!(p[0].shown, Visible::of(Status::Waiting, "plan"));
        assert_eq!(p[1].shown, None);
    }

    #[rstest]
    #[case::by_id_and_tty(Some("%2"), Some("/dev/pts/2"), Some("%2"))]
    #[case::by_id_without_tty(Some("%2"), None, Some("%2"))]
    #[case::frozen_id_found_by_tty(Some("%1"), Some("/dev/pts/3"), Some("%3"))]
    #[case::gone_id_found_by_tty(Some("%9"), Some("/dev/pts/2"), Some("%2"))]
    #[case::gone_id_no_tty(Some("%9"), None, None)]
    #[case::tty_of_no_pane(None, Some("/dev/pts/7"), None)]
    #[case::hostile_tty(Some("%2"), Some("/dev/pts/2,#(x)"), None)]
    fn entries_map_to_provable_panes(
        #[case] pane: Option<&str>,
        #[case] tty: Option<&str>,
        #[case] want: Option<&str>,
    ) {
        let e = entry("s", Status::Working, pane, tty);
        let p = panes();
        assert_eq!(pane_of(&e, SOCK, &p).map(|p| p.id.as_str()), want);
    }

    #[rstest]
    #[case::zero_config_row_by_its_tty(None, Some("/dev/pts/2"), Some("%2"))]
    #[case::zero_config_row_without_tty(None, None, None)]
    #[case::ring_row_pane_id_alone_maps_nowhere(Some("%2"), None, None)]
    fn rows_naming_no_server_map_by_tty_only(
        #[case] pane: Option<&str>,
        #[case] tty: Option<&str>,
        #[case] want: Option<&str>,
    ) {
        let mut e = entry("s", Status::Working, pane, tty);
        e.tmux_socket = None;
        assert_eq!(pane_of(&e, SOCK, &panes()).map(|p| p.id.as_str()), want);
    }

    #[test]
    fn another_servers_rows_map_nowhere() {
        let mut e = entry("s", Status::Working, Some("%2"), None);
        e.tmux_socket = Some("/tmp/other".into());
        assert_eq!(pane_of(&e, SOCK, &panes()), None);
    }

    #[test]
    fn repair_sets_missing_unsets_stale_and_leaves_correct_panes_alone() {
        let mut waiting = entry("a", Status::Waiting, Some("%1"), Some("/dev/pts/1"));
        waiting.kind = "plan".into();
        let working = entry("b", Status::Working, Some("%2"), Some("/dev/pts/2"));
        let p = panes();
        let todo = changes(&p, &wanted(&[waiting, working], SOCK, &p));
        assert_eq!(
            todo,
            vec![
                ("%2".to_owned(), Visible::of(Status::Working, "")),
                ("%3".to_owned(), None),
            ]
        );
    }

    /// Makes the last repair of `SOCK` look `age` old.
    fn age_stamp(ring_home: &Path, age: Duration) {
        let path = run::state_dir(ring_home)
            .expect("state dir")
            .join(stamp_name(SOCK));
        std::fs::File::options()
            .write(true)
            .open(path)
            .and_then(|f| f.set_modified(SystemTime::now() - age))
            .expect("stamp aged");
    }

    #[test]
    fn a_repair_is_due_when_the_rows_change_and_at_the_latest_after_repair_anyway() {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path();
        assert!(claim(home, SOCK, 1), "first repair");
        age_stamp(home, REPAIR_EVERY + Duration::from_secs(1));
        assert!(
            !claim(home, SOCK, 1),
            "same rows: nothing for tmux to learn"
        );
        assert!(claim(home, SOCK, 2), "the rows changed");
        age_stamp(home, REPAIR_EVERY + Duration::from_secs(1));
        assert!(!claim(home, SOCK, 2));
        age_stamp(home, REPAIR_ANYWAY + Duration::from_secs(1));
        assert!(
            claim(home, SOCK, 2),
            "the backstop for what rows cannot show"
        );
    }

    /// Rows repaired as idle; a hook pushes working; the agent goes idle again with no hook
    /// before any repair ran: the rows print as at the last repair, the pane does not.
    #[test]
    fn a_push_since_the_last_repair_makes_the_same_rows_due_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path();
        let idle = [entry("s", Status::Idle, Some("%1"), Some("/dev/pts/1"))];
        let before = fingerprint(&idle, SOCK, Some("1.1"));
        assert!(claim(home, SOCK, before), "first repair");
        age_stamp(home, REPAIR_EVERY + Duration::from_secs(1));
        // Through the status job's --gen: the push bumped @ring_gen.
        let after = fingerprint(&idle, SOCK, Some("2.2"));
        assert_ne!(after, before);
        assert!(claim(home, SOCK, after), "the generation moved");
        // Without --gen: the push's own mark.
        age_stamp(home, REPAIR_EVERY + Duration::from_secs(1));
        let plain = fingerprint(&idle, SOCK, None);
        assert!(claim(home, SOCK, plain));
        age_stamp(home, REPAIR_EVERY + Duration::from_secs(1));
        assert!(!claim(home, SOCK, plain), "nothing changed");
        mark_pushed(home, SOCK);
        age_stamp(home, REPAIR_EVERY + Duration::from_secs(1));
        assert!(claim(home, SOCK, plain), "a push since the last repair");
        age_stamp(home, REPAIR_EVERY + Duration::from_secs(1));
        assert!(!claim(home, SOCK, plain), "repaired since");
        // No stamp: nothing is created (a repair is due anyway).
        unclaim(home, SOCK);
        mark_pushed(home, SOCK);
        assert!(!home.join(run::STATE_DIR).join(stamp_name(SOCK)).exists());
    }

    #[test]
    fn the_fingerprint_follows_what_panes_should_show_on_this_server() {
        let a = entry("a", Status::Waiting, Some("%1"), Some("/dev/pts/1"));
        let mut b = entry("b", Status::Working, Some("%2"), None);
        b.idle_seconds = 5.0;
        let mut elsewhere = entry("c", Status::Waiting, Some("%3"), None);
        elsewhere.tmux_socket = Some("/tmp/other".into());
        let ended = entry("d", Status::Ended, Some("%4"), None);
        let base = fingerprint(&[a.clone(), b.clone()], SOCK, None);
        assert_eq!(
            fingerprint(&[b.clone(), a.clone(), elsewhere, ended], SOCK, None),
            base,
            "board order, other servers and ended rows change nothing"
        );
        let mut idle = b.clone();
        idle.status = Status::Idle;
        assert_ne!(
            fingerprint(&[a.clone(), idle], SOCK, None),
            base,
            "a state changed"
        );
        let mut kind = a.clone();
        kind.kind = "plan".into();
        assert_ne!(
            fingerprint(&[kind, b.clone()], SOCK, None),
            base,
            "a waiting kind changed"
        );
        let mut moved = b;
        moved.tmux_pane = Some("%9".into());
        assert_ne!(
            fingerprint(&[a, moved], SOCK, None),
            base,
            "a session moved pane"
        );
    }

    #[test]
    fn the_most_recent_session_on_a_pane_wins() {
        let mut old = entry("old", Status::Waiting, Some("%2"), None);
        old.idle_seconds = 500.0;
        let new = entry("new", Status::Idle, Some("%2"), None);
        let p = panes();
        let w = wanted(&[old, new], SOCK, &p);
        assert_eq!(w.get("%2").copied(), Visible::of(Status::Idle, ""));
    }

    #[test]
    fn claim_allows_one_repair_per_interval() {
        let dir = tempfile::tempdir().expect("temp dir");
        assert!(claim(dir.path(), SOCK, 1));
        assert!(!claim(dir.path(), SOCK, 1));
        assert!(!claim(dir.path(), SOCK, 2), "not twice within REPAIR_EVERY");
        assert!(claim(dir.path(), "/tmp/another-server", 1));
    }
}
