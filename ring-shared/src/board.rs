//! The board (§4.11, §4.12): sort, filter, counts, `project`, `location`. Front ends
//! draw the [`crate::view::View`] made from it.

use crate::derive::Session;
use crate::registry::Status;

/// Sorted sessions ready to render.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Board {
    /// Sessions in board order: status rank, then idle seconds ascending (stable).
    pub sessions: Vec<Session>,
    /// Live agent CLI processes (display only).
    pub agent_processes: usize,
    /// The clock the board was built at (idle seconds are measured against it).
    pub now: f64,
}

/// Counts per state, in board order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Counts {
    /// Sessions that need their user.
    pub waiting: usize,
    /// Sessions whose agent is running.
    pub working: usize,
    /// Sessions whose turn finished.
    pub idle: usize,
    /// Ended sessions (zero unless the board shows all).
    pub ended: usize,
}

impl Counts {
    /// The count of one state.
    pub fn get(&self, status: Status) -> usize {
        match status {
            Status::Waiting => self.waiting,
            Status::Working => self.working,
            Status::Idle => self.idle,
            Status::Ended => self.ended,
        }
    }

    /// Sessions of every state.
    pub fn total(&self) -> usize {
        self.waiting + self.working + self.idle + self.ended
    }

    /// The counts of the board [`Board::build`] would build of `sessions` (ended ones only
    /// when `all`), without building it.
    pub fn of(sessions: &[Session], all: bool) -> Counts {
        let mut counts = Counts::default();
        for session in sessions {
            if all || session.row.status != Status::Ended {
                counts.add(session.row.status);
            }
        }
        counts
    }

    /// Counts one more session of `status`.
    pub fn add(&mut self, status: Status) {
        match status {
            Status::Waiting => self.waiting += 1,
            Status::Working => self.working += 1,
            Status::Idle => self.idle += 1,
            Status::Ended => self.ended += 1,
        }
    }
}

impl Board {
    /// Builds the board: drops ended sessions unless `all` (`--all` / `show_all`), then
    /// sorts stably by (status rank, idle seconds) so ties keep merge order (§4.11).
    pub fn build(sessions: Vec<Session>, agent_processes: usize, now: f64, all: bool) -> Board {
        // Sessions are large (a row of strings); sorting them moves each one O(log n) times.
        // Sort small keys instead (status rank, idle seconds, position: the position keeps
        // the sort stable) and move each session once, into its place.
        let mut keys: Vec<(u8, f64, usize)> = sessions
            .iter()
            .enumerate()
            .filter(|(_, s)| all || s.row.status != Status::Ended)
            .map(|(i, s)| (s.row.status.rank(), s.idle_seconds(now), i))
            .collect();
        keys.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| a.1.total_cmp(&b.1))
                .then_with(|| a.2.cmp(&b.2))
        });
        let mut slots: Vec<Option<Session>> = sessions.into_iter().map(Some).collect();
        let sessions = keys
            .iter()
            .filter_map(|&(_, _, i)| slots[i].take())
            .collect();
        Board {
            sessions,
            agent_processes,
            now,
        }
    }

    /// Counts over the (filtered) board.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for session in &self.sessions {
            counts.add(session.row.status);
        }
        counts
    }
}

/// `project` (§4.12): the last path component of `origin_cwd`, else of `cwd`; when that
/// component is empty (`/`, `""`, `.`) the path itself.
pub fn project(session: &Session) -> &str {
    let row = &session.row;
    let base = if row.origin_cwd.is_empty() {
        &row.cwd
    } else {
        &row.origin_cwd
    };
    match path_name(base) {
        "" => base,
        name => name,
    }
}

/// Python `pathlib.PurePosixPath(path).name`: the last component, ignoring empty and `.`
/// components (`/repo/app/` → `app`, `/repo/a/..` → `..`, `/` → `""`).
fn path_name(path: &str) -> &str {
    path.rsplit('/')
        .find(|part| !part.is_empty() && *part != ".")
        .unwrap_or("")
}

/// `location` (§4.12): the tmux target if any, else `cwd` with a leading `home` shown as `~`
/// (a plain string-prefix test, as RiNG does: `$HOMEextra/x` → `~extra/x`).
pub fn location(session: &Session, home: &str) -> String {
    if let Some(target) = &session.tmux_target {
        return target.clone();
    }
    let cwd = &session.row.cwd;
    match cwd.strip_prefix(home) {
        Some(rest) if !home.is_empty() => format!("~{rest}"),
        _ => cwd.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Row;
    use rstest::rstest;

    const NOW: f64 = 1_700_000_000.0;

    fn session(id: &str, status: Status, idle: f64) -> Session {
        let mut row = Row::new(id);
        row.status = status;
        row.last_active = NOW - idle;
        Session::from_hook(row)
    }

    fn ids(board: &Board) -> Vec<&str> {
        board
            .sessions
            .iter()
            .map(|s| s.row.session_id.as_str())
            .collect()
    }

    #[test]
    fn sort_is_rank_then_idle_and_stable_for_ties() {
        let sessions = vec![
            session("idle-old", Status::Idle, 50.0),
            session("work", Status::Working, 1.0),
            session("wait-b", Status::Waiting, 5.0),
            session("wait-a", Status::Waiting, 5.0),
            session("idle-new", Status::Idle, 2.0),
            session("wait-new", Status::Waiting, 1.0),
            session("future", Status::Idle, -30.0),
        ];
        let board = Board::build(sessions, 0, NOW, false);
        // A future `last_active` counts as 0 s idle.
        assert_eq!(
            ids(&board),
            [
                "wait-new", "wait-b", "wait-a", "work", "future", "idle-new", "idle-old"
            ]
        );
    }

    /// The rule as stated: a stable sort of the sessions themselves by (rank, idle).
    fn reference_order(sessions: Vec<Session>, all: bool) -> Vec<Session> {
        let mut sessions: Vec<Session> = sessions
            .into_iter()
            .filter(|s| all || s.row.status != Status::Ended)
            .collect();
        sessions.sort_by(|a, b| {
            a.row
                .status
                .rank()
                .cmp(&b.row.status.rank())
                .then_with(|| a.idle_seconds(NOW).total_cmp(&b.idle_seconds(NOW)))
        });
        sessions
    }

    proptest::proptest! {
        /// Sorting keys instead of sessions keeps the stable order exactly: many ties (few
        /// idle values, future times that all count as 0 s), every status, with and without
        /// ended sessions.
        #[test]
        fn board_order_is_the_stable_sort_of_rank_then_idle(
            specs in proptest::collection::vec(
                (0usize..4, proptest::sample::select(&[-5.0, 0.0, 1.0, 2.5, 2.5, 60.0][..])),
                0..40,
            ),
            all in proptest::bool::ANY,
        ) {
            let statuses = [Status::Waiting, Status::Working, Status::Idle, Status::Ended];
            let sessions: Vec<Session> = specs
                .iter()
                .enumerate()
                .map(|(i, &(status, idle))| session(&format!("s{i}"), statuses[status], idle))
                .collect();
            let board = Board::build(sessions.clone(), 0, NOW, all);
            // `oneline` counts without building the board: the same counts.
            proptest::prop_assert_eq!(Counts::of(&sessions, all), board.counts());
            proptest::prop_assert_eq!(board.sessions, reference_order(sessions, all));
        }
    }

    #[rstest]
    #[case::without_all(false, &["w"], Counts { waiting: 1, ..Counts::default() })]
    #[case::with_all(true, &["w", "e"], Counts { waiting: 1, ended: 1, ..Counts::default() })]
    fn ended_is_filtered_before_counting(
        #[case] all: bool,
        #[case] expected_ids: &[&str],
        #[case] expected: Counts,
    ) {
        let sessions = vec![
            session("e", Status::Ended, 1.0),
            session("w", Status::Waiting, 9.0),
        ];
        let board = Board::build(sessions, 0, NOW, all);
        assert_eq!(ids(&board), expected_ids);
        assert_eq!(board.counts(), expected);
    }

    #[rstest]
    #[case::last_component("", "/repo/app", "app")]
    #[case::origin_wins("/repo/origin", "/repo/app", "origin")]
    #[case::trailing_slash("", "/repo/app/", "app")]
    #[case::dotdot_kept("", "/repo/a/..", "..")]
    #[case::root_is_itself("", "/", "/")]
    #[case::empty_is_empty("", "", "")]
    #[case::dot_is_itself("", ".", ".")]
    #[case::relative("", "relative/dir", "dir")]
    #[case::inner_dot("", "/repo/app/.", "app")]
    fn project_is_python_path_name(
        #[case] origin: &str,
        #[case] cwd: &str,
        #[case] expected: &str,
    ) {
        let mut s = session("s", Status::Idle, 0.0);
        s.row.origin_cwd = origin.into();
        s.row.cwd = cwd.into();
        assert_eq!(project(&s), expected);
    }

    #[rstest]
    #[case::home_prefix("/home/u/proj/app", None, "~/proj/app")]
    #[case::home_itself("/home/u", None, "~")]
    #[case::plain_prefix_quirk("/home/uextra/x", None, "~extra/x")]
    #[case::elsewhere("/repo/app", None, "/repo/app")]
    #[case::tmux_target_wins("/home/u/proj", Some("main:1.1"), "main:1.1")]
    fn location_is_target_or_home_relative_cwd(
        #[case] cwd: &str,
        #[case] target: Option<&str>,
        #[case] expected: &str,
    ) {
        let mut s = session("s", Status::Idle, 0.0);
        s.row.cwd = cwd.into();
        s.tmux_target = target.map(Into::into);
        assert_eq!(location(&s, "/home/u"), expected);
    }

    #[test]
    fn empty_home_never_prefixes() {
        let mut s = session("s", Status::Idle, 0.0);
        s.row.cwd = "/repo".into();
        assert_eq!(location(&s, ""), "/repo");
    }
}
