//! The hook's push: after a row changed, show its state on the agent's pane and in the
//! status line at once.
//!
//! Pushed only when what a person sees changed, and only into a pane that is provably the
//! agent's: the hook runs inside the row's tmux server (`$TMUX`), and the pane (`$TMUX_PANE`
//! or the row's `tmux_pane`) has the agent's tty when that is known. When the pane id is
//! missing or frozen (daemon-hosted agents, a stale `$TMUX_PANE`), the pane is found by tty on
//! that server; none or several → no badge. One tmux call normally, two on the fallback, all
//! within [`PUSH_BUDGET`].
//!
//! The status segment is a `#()` job, which tmux re-runs only every `status-interval` (and on
//! a redraw at most once a second). tmux keys a job by its command text before expansion and
//! re-runs it at once, on every client, when the expanded text changes: ring.tmux puts
//! `--gen=#{q:@ring_gen}` in the job's command, and the first call of every push also bumps
//! [`GEN_OPTION`]. Setting an option redraws every client, the redraw expands the job to a new
//! command line, and the new segment shows as soon as `ring-tmux status` prints it. The job
//! stays one entry per client (its key has no generation in it), so nothing accumulates.
//!
//! The hook never waits for tmux: it plans the push under the session's lock (taking the
//! session's next stamp, see `store::lock::next_stamp`), releases the lock, and hands the
//! plan to a detached `ring-tmux __push` child (`crate::out::detached`), which makes the calls within
//! [`PUSH_BUDGET`] and exits. Pushes may then reach tmux in any order; the pane guard is a
//! compare-and-set on that stamp inside the server (`super::pane`), so a late, older push
//! never overwrites a newer one.

use super::pane::{MISMATCH, Visible, guarded_set};
use crate::sys::run::{self, PUSH_BUDGET, is_pane_id, is_tty_path};
use ring_shared::Row;
use std::time::Instant;

/// Global option named in the status job's command (ring.tmux: `--gen=#{q:@ring_gen}`): a
/// counter every push bumps so that tmux runs the job again at once.
pub const GEN_OPTION: &str = "@ring_gen";

/// Where the hook runs, as its environment says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HookSite {
    /// Socket path from `$TMUX`.
    pub socket: Option<String>,
    /// `$TMUX_PANE`.
    pub pane: Option<String>,
}

impl HookSite {}

/// One push to make: which server, which pane (or find it by tty), what to show. With
/// neither a pane nor a tty, no pane is provably the agent's: only the status line is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub socket: String,
    /// A valid `%N`, or `None` to find the pane by tty.
    pub pane: Option<String>,
    /// A valid `/dev/…` path, when known (and only then may `pane` be used).
    pub tty: Option<String>,
    pub visible: Option<Visible>,
    pub stamp: i64,
}

fn visible(row: Option<&Row>) -> Option<Visible> {
    row.and_then(|r| Visible::of(r.status, &r.waiting_kind))
}

/// Decides whether and where to push; pure. `stamp` orders it among the session's pushes
/// (milliseconds, increasing in lock order).
///
/// Any change of what a person sees is pushed, at least to the status line; a badge needs a
/// pane we can prove is the agent's.
pub fn plan(
    site: &HookSite,
    before: Option<&Row>,
    after: Option<&Row>,
    stamp: i64,
) -> Option<Plan> {
    let socket = site.socket.clone()?;
    let row = after.or(before)?;
    // A row of another server (or of none) is never badged here.
    if row.tmux_socket.as_deref() != Some(socket.as_str()) {
        return None;
    }
    let place = |r: &Row| (r.tmux_pane.clone(), r.tty.clone(), r.tmux_socket.clone());
    let moved = match (before, after) {
        (Some(b), Some(a)) => place(b) != place(a),
        _ => false,
    };
    let shown = visible(after);
    if shown == visible(before) && !moved {
        return None;
    }
    let (pane, tty) = match row.tty.as_deref() {
        // A tty we cannot compare safely: no badge rather than a guess.
        Some(t) if !t.is_empty() && !is_tty_path(t) => (None, None),
        tty => (
            site.pane
                .as_deref()
                .or(row.tmux_pane.as_deref())
                .filter(|p| is_pane_id(p))
                .map(str::to_owned),
            tty.filter(|t| !t.is_empty()).map(str::to_owned),
        ),
    };
    Some(Plan {
        socket,
        pane,
        tty,
        visible: shown,
        stamp,
    })
}

/// Placeholder for an absent value in [`Plan::to_args`].
const NONE: &str = "-";

impl Plan {
    /// The plan as `__push` arguments: socket, pane, tty, state, kind, stamp (`-` = none).
    pub fn to_args(&self) -> Vec<String> {
        let or_none = |v: Option<&str>| v.unwrap_or(NONE).to_owned();
        vec![
            self.socket.clone(),
            or_none(self.pane.as_deref()),
            or_none(self.tty.as_deref()),
            or_none(self.visible.map(|v| v.state)),
            or_none(self.visible.and_then(|v| v.kind)),
            self.stamp.to_string(),
        ]
    }

    /// Parses [`Plan::to_args`] output, checking again everything that reaches a tmux
    /// command (a pane id, a tty path, fixed words, an integer).
    pub fn from_args(args: &[String]) -> Option<Plan> {
        let [socket, pane, tty, state, kind, stamp] = args else {
            return None;
        };
        let some = |v: &String| (v != NONE).then(|| v.clone());
        let pane = some(pane);
        let tty = some(tty);
        if socket.is_empty()
            || pane.as_deref().is_some_and(|p| !is_pane_id(p))
            || tty.as_deref().is_some_and(|t| !is_tty_path(t))
        {
            return None;
        }
        let kind = if kind == NONE { "" } else { kind.as_str() };
        let visible = match state.as_str() {
            NONE => None,
            state => Some(Visible::parse(state, kind)?),
        };
        Some(Plan {
            socket: socket.clone(),
            pane,
            tty,
            visible,
            stamp: stamp.parse().ok()?,
        })
    }
}

/// The one pane whose tty is `tty` in `list-panes -a -F '#{pane_id} #{pane_tty}'` output
/// (a linked window lists a pane twice: same id, counted once); `None` when none or several.
pub fn pane_by_tty(listing: &str, tty: &str) -> Option<String> {
    let mut found: Option<&str> = None;
    for line in listing.lines() {
        let mut fields = line.splitn(2, ' ');
        let (Some(id), Some(pane_tty)) = (fields.next(), fields.next()) else {
            continue;
        };
        if pane_tty != tty || !is_pane_id(id) {
            continue;
        }
        match found {
            Some(other) if other != id => return None,
            _ => found = Some(id),
        }
    }
    found.map(str::to_owned)
}

/// `set-option -g @ring_gen SECS.NANOS.PID ;`: a value no other push has set (two hooks at
/// once differ by pid), chained before the next command. Made here rather than counted by
/// the server (`#{e|+:…}`), which tmux before 3.2 does not know.
fn gen_bump() -> Vec<String> {
    let now = crate::sys::env::since_epoch();
    let generation = format!(
        "{}.{:09}.{}",
        now.as_secs(),
        now.subsec_nanos(),
        std::process::id()
    );
    vec![
        "set-option".to_owned(),
        "-g".to_owned(),
        GEN_OPTION.to_owned(),
        generation,
        ";".to_owned(),
    ]
}

fn list_panes() -> Vec<String> {
    vec![
        "list-panes".to_owned(),
        "-a".to_owned(),
        "-F".to_owned(),
        "#{pane_id} #{pane_tty}".to_owned(),
    ]
}

/// The first tmux call of a plan: the generation bump, then the guarded set on the pane, or
/// the pane listing of the tty fallback, or nothing more. The bump goes first because tmux
/// drops the rest of a chain after a failing command (a pane that has gone).
pub fn first_call(plan: &Plan) -> Vec<String> {
    let mut argv = gen_bump();
    match (&plan.pane, &plan.tty) {
        (Some(pane), tty) => {
            argv.extend(guarded_set(pane, tty.as_deref(), plan.visible, plan.stamp))
        }
        (None, Some(_)) => argv.extend(list_panes()),
        (None, None) => {
            argv.pop();
        }
    }
    argv
}

/// Carries out a plan; errors and timeouts are silent (the status path repairs drift).
pub fn execute(plan: &Plan) {
    let deadline = Instant::now() + PUSH_BUDGET;
    let Some(first) = run::run(&plan.socket, &first_call(plan), deadline) else {
        return;
    };
    // No tty: the status line only, or a pane that cannot be looked up otherwise.
    let Some(tty) = &plan.tty else {
        return;
    };
    let listing = if plan.pane.is_none() {
        first
    } else if first.stdout.contains(MISMATCH) {
        // The pane id is not the agent's (or has gone): find the pane by its tty.
        let Some(listing) = run::run(&plan.socket, &list_panes(), deadline) else {
            return;
        };
        listing
    } else {
        return;
    };
    if !listing.success {
        return;
    }
    if let Some(pane) = pane_by_tty(&listing.stdout, tty) {
        let argv = guarded_set(&pane, Some(tty), plan.visible, plan.stamp);
        let _ = run::run(&plan.socket, &argv, deadline);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::Status;
    use rstest::rstest;

    const SOCK: &str = "/tmp/tmux-0/default";

    fn row(status: Status, kind: &str) -> Row {
        let mut r = Row::new("s1");
        r.status = status;
        r.waiting_kind = kind.into();
        r.tmux_socket = Some(SOCK.into());
        r.tmux_pane = Some("%4".into());
        r.tty = Some("/dev/pts/9".into());
        r.last_active = 100.0;
        r
    }

    fn site() -> HookSite {
        HookSite {
            socket: Some(SOCK.into()),
            pane: Some("%4".into()),
        }
    }

    #[test]
    fn first_event_pushes_its_state_to_the_validated_pane() {
        let after = row(Status::Working, "");
        let p = plan(&site(), None, Some(&after), 100_000).expect("a push");
        assert_eq!(p.pane.as_deref(), Some("%4"));
        assert_eq!(p.tty.as_deref(), Some("/dev/pts/9"));
        assert_eq!(p.visible.map(|v| v.state), Some("working"));
        assert_eq!(p.stamp, 100_000);
    }

    #[rstest]
    #[case::same_state(Status::Working, "", Status::Working, "", false)]
    #[case::working_to_waiting(Status::Working, "", Status::Waiting, "permission", true)]
    #[case::kind_changes(Status::Waiting, "permission", Status::Waiting, "question", true)]
    #[case::kind_idle_is_no_kind(Status::Waiting, "", Status::Waiting, "idle", false)]
    #[case::idle_to_working(Status::Idle, "", Status::Working, "", true)]
    fn pushes_only_when_the_visible_state_changes(
        #[case] s0: Status,
        #[case] k0: &str,
        #[case] s1: Status,
        #[case] k1: &str,
        #[case] pushed: bool,
    ) {
        let before = row(s0, k0);
        let after = row(s1, k1);
        assert_eq!(
            plan(&site(), Some(&before), Some(&after), 1).is_some(),
            pushed
        );
    }

    #[test]
    fn a_deleted_row_unsets_the_pane_with_its_stamp() {
        let before = row(Status::Idle, "");
        let p = plan(&site(), Some(&before), None, 200_000).expect("an unset");
        assert_eq!(p.visible, None);
        assert_eq!(p.stamp, 200_000);
    }

    #[rstest]
    #[case::no_tmux(None, Some(SOCK))]
    #[case::other_server(Some("/tmp/tmux-0/other"), Some(SOCK))]
    #[case::row_without_socket(Some(SOCK), None)]
    fn rows_of_another_server_push_nothing(
        #[case] env_socket: Option<&str>,
        #[case] row_socket: Option<&str>,
    ) {
        let mut after = row(Status::Waiting, "plan");
        after.tmux_socket = row_socket.map(str::to_owned);
        let site = HookSite {
            socket: env_socket.map(str::to_owned),
            pane: Some("%4".into()),
        };
        assert_eq!(plan(&site, None, Some(&after), 1), None);
    }

    #[test]
    fn missing_pane_falls_back_to_the_tty() {
        let mut after = row(Status::Waiting, "question");
        after.tmux_pane = None;
        let site = HookSite {
            socket: Some(SOCK.into()),
            pane: None,
        };
        let p = plan(&site, None, Some(&after), 1).expect("a push by tty");
        assert_eq!(p.pane, None);
        assert_eq!(p.tty.as_deref(), Some("/dev/pts/9"));
    }

    #[rstest]
    #[case::no_pane_no_tty(None, None)]
    #[case::hostile_tty(Some("%4"), Some("/dev/pts/1}#(touch /tmp/x)"))]
    fn unprovable_panes_get_no_badge_but_the_status_line_is_told(
        #[case] pane: Option<&str>,
        #[case] tty: Option<&str>,
    ) {
        let mut after = row(Status::Waiting, "question");
        after.tmux_pane = pane.map(str::to_owned);
        after.tty = tty.map(str::to_owned);
        let site = HookSite {
            socket: Some(SOCK.into()),
            pane: pane.map(str::to_owned),
        };
        let p = plan(&site, None, Some(&after), 1).expect("a status-only push");
        assert_eq!((p.pane.as_deref(), p.tty.as_deref()), (None, None));
        assert_eq!(first_call(&p)[..3], gen_bump()[..3]);
        assert_eq!(first_call(&p).len(), 4);
    }

    #[rstest]
    #[case::pane_known(Some("%4"), Some("/dev/pts/9"), "if-shell")]
    #[case::pane_without_tty(Some("%4"), None, "if-shell")]
    #[case::tty_only(None, Some("/dev/pts/9"), "list-panes")]
    fn every_first_call_bumps_the_generation_before_anything_that_can_fail(
        #[case] pane: Option<&str>,
        #[case] tty: Option<&str>,
        #[case] then: &str,
    ) {
        let p = Plan {
            socket: SOCK.into(),
            pane: pane.map(str::to_owned),
            tty: tty.map(str::to_owned),
            visible: Visible::of(Status::Waiting, "plan"),
            stamp: 1,
        };
        let argv = first_call(&p);
        assert_eq!(&argv[..3], &["set-option", "-g", "@ring_gen"]);
        assert_eq!(&argv[4..6], &[";", then]);
        // SECS.NANOS.PID: only digits and dots, never a format or a second command.
        assert!(
            argv[3].split('.').count() == 3
                && argv[3].chars().all(|c| c.is_ascii_digit() || c == '.'),
            "{}",
            argv[3]
        );
        // One bump per call: each is one redraw and one status job per client.
        assert_eq!(argv.iter().filter(|a| *a == GEN_OPTION).count(), 1);
    }

    #[test]
    fn hostile_pane_ids_are_not_used() {
        let site = HookSite {
            socket: Some(SOCK.into()),
            pane: Some("%4 ; kill-server".into()),
        };
        let mut after = row(Status::Working, "");
        after.tmux_pane = None;
        let p = plan(&site, None, Some(&after), 1).expect("falls back to the tty");
        assert_eq!(p.pane, None);
    }

    #[rstest]
    #[case::badge(Some("%4"), Some("/dev/pts/9"), Visible::of(Status::Waiting, "plan"))]
    #[case::unset(Some("%4"), None, None)]
    #[case::status_only(None, None, Visible::of(Status::Idle, ""))]
    fn plans_survive_the_trip_to_the_detached_child(
        #[case] pane: Option<&str>,
        #[case] tty: Option<&str>,
        #[case] visible: Option<Visible>,
    ) {
        let p = Plan {
            socket: SOCK.into(),
            pane: pane.map(str::to_owned),
            tty: tty.map(str::to_owned),
            visible,
            stamp: 1_700_000_000_123,
        };
        assert_eq!(Plan::from_args(&p.to_args()), Some(p));
    }

    #[rstest]
    #[case::hostile_pane(&["/s", "%1 ; kill-server", "-", "idle", "-", "1"])]
    #[case::hostile_tty(&["/s", "%1", "/dev/x}", "idle", "-", "1"])]
    #[case::unknown_state(&["/s", "%1", "-", "#(touch x)", "-", "1"])]
    #[case::no_stamp(&["/s", "%1", "-", "idle", "-", "x"])]
    #[case::too_few(&["/s", "%1"])]
    fn the_detached_child_refuses_what_the_hook_would_never_send(#[case] args: &[&str]) {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        assert_eq!(Plan::from_args(&args), None);
    }

    #[rstest]
    #[case::one("%1 /dev/pts/1\n%2 /dev/pts/2\n", "/dev/pts/2", Some("%2"))]
    #[case::linked_window_twice("%2 /dev/pts/2\n%2 /dev/pts/2\n", "/dev/pts/2", Some("%2"))]
    #[case::ambiguous("%1 /dev/pts/2\n%2 /dev/pts/2\n", "/dev/pts/2", None)]
    #[case::none("%1 /dev/pts/1\n", "/dev/pts/2", None)]
    #[case::prefix_is_not_equal("%1 /dev/pts/22\n", "/dev/pts/2", None)]
    fn pane_by_tty_needs_exactly_one_pane(
        #[case] listing: &str,
        #[case] tty: &str,
        #[case] want: Option<&str>,
    ) {
        assert_eq!(pane_by_tty(listing, tty).as_deref(), want);
    }
}
