//! Several tmux servers: which sessions are on the server a command runs in ("here") and
//! which on another one ("elsewhere"), what each server is called, and the command that
//! takes a person to a session on another server.
//!
//! A session is elsewhere when its row recorded a tmux socket other than the current one.
//! A session that recorded none (a plain terminal, zellij, one found without hooks) is on no
//! tmux server: it stays here, as before ring knew of servers. Socket paths are compared as
//! the hook recorded them, which is `$TMUX`'s first field, the same text every client of one
//! server sees.

use crate::board::Counts;
use crate::view::{Entry, View};

/// The name a person gives a server: the socket's file name, which is `-L`'s argument
/// (`default` for the server plain `tmux` starts).
pub fn display_name(socket: &str) -> &str {
    let trimmed = socket.trim_end_matches('/');
    trimmed
        .rsplit('/')
        .next()
        .filter(|n| !n.is_empty())
        .unwrap_or(trimmed)
}

/// Whether a session whose row recorded `socket` is on the server `current` (`None`: no
/// current server, every session counts).
pub fn is_here(socket: Option<&str>, current: Option<&str>) -> bool {
    match (socket.filter(|s| !s.is_empty()), current) {
        (Some(socket), Some(current)) => socket == current,
        _ => true,
    }
}

/// The sessions of a view split by server.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Split {
    /// The view of the sessions here, with its counts and waiting order.
    pub here: View,
    /// Counts of the sessions elsewhere.
    pub elsewhere: Counts,
}

/// Splits `view` into the sessions on `current` and the counts of the others.
pub fn split(view: View, current: Option<&str>) -> Split {
    let mut here = Vec::with_capacity(view.entries.len());
    let mut elsewhere = Counts::default();
    for entry in view.entries {
        if is_here(entry.tmux_socket.as_deref(), current) {
            here.push(entry);
        } else {
            elsewhere.add(entry.status);
        }
    }
    let mut counts = Counts::default();
    for entry in &here {
        counts.add(entry.status);
    }
    // The view lists the waiting entries first; a filter keeps that order.
    let waiting = (0..here.len())
        .take_while(|&i| here[i].status == crate::Status::Waiting)
        .collect();
    Split {
        here: View {
            counts,
            entries: here,
            waiting,
            ..view
        },
        elsewhere,
    }
}

/// Whether a front end outside every tmux server (the zellij bar) counts `entry` apart, as
/// elsewhere: its row recorded a tmux server (every one is another program's, seen from
/// zellij) and no zellij pane, and `status_elsewhere` is on; off, every session counts
/// together, as in tmux. A zellij running inside tmux gives its panes' hooks both: such a
/// session is in zellij (CI c20: the e2e's hooked pane counted as `+1 elsewhere`).
pub fn elsewhere_outside_tmux(entry: &Entry, status_elsewhere: bool) -> bool {
    status_elsewhere
        && entry.tmux_socket.as_deref().is_some_and(|s| !s.is_empty())
        && entry.zellij_pane.as_deref().is_none_or(str::is_empty)
}

/// The words of the mark for the sessions elsewhere: `+3 elsewhere`, and how many of them
/// wait (`+3 elsewhere, 1 waiting`); ended ones are not counted. `None` when none is live.
pub fn elsewhere_mark(elsewhere: &Counts) -> Option<String> {
    let live = elsewhere.total() - elsewhere.ended;
    if live == 0 {
        return None;
    }
    let waiting = match elsewhere.waiting {
        0 => String::new(),
        n => format!(", {n} waiting"),
    };
    Some(format!("+{live} elsewhere{waiting}"))
}

/// The server a session is on, when that is not `current` (for a board's location column).
pub fn elsewhere_name<'a>(entry: &'a Entry, current: Option<&str>) -> Option<&'a str> {
    let socket = entry.tmux_socket.as_deref().filter(|s| !s.is_empty())?;
    (current != Some(socket)).then(|| display_name(socket))
}

/// Prefixes the location of every session on another server than `current` with that
/// server's name in brackets (`[work] dev:1.0`): what the boards and `list` show.
pub fn mark_locations(entries: &mut [Entry], current: Option<&str>) {
    for entry in entries {
        if let Some(name) = elsewhere_name(entry, current) {
            entry.location = format!("[{name}] {}", entry.location);
        }
    }
}

/// The shell command that attaches to tmux session `session` on the server at `socket`:
/// `-L NAME` when the socket is in `standard_dir` (tmux's own folder, `$TMUX_TMPDIR/tmux-UID`),
/// nothing for its `default` server there, `-S PATH` otherwise. Every word is quoted for a
/// POSIX shell where it needs to be.
pub fn attach_command(socket: &str, standard_dir: &str, session: &str) -> String {
    let name = display_name(socket);
    let parent = socket
        .trim_end_matches('/')
        .strip_suffix(name)
        .unwrap_or("");
    let standard = parent.trim_end_matches('/') == standard_dir.trim_end_matches('/');
    let server = match (standard, name) {
        (true, "default") => String::new(),
        (true, _) => format!(" -L {}", shell_word(name)),
        (false, _) => format!(" -S {}", shell_word(socket)),
    };
    format!("tmux{server} attach -t {}", shell_word(session))
}

/// `text` as one POSIX shell word: as is when it holds only safe characters, else in single
/// quotes (a quote inside written `'\''`).
pub fn shell_word(text: &str) -> String {
    let safe = !text.is_empty()
        && text.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'/' | b'_' | b'.' | b'-' | b'%' | b':' | b'@' | b'+' | b'='
                )
        });
    if safe {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::Status;
    use crate::board::Board;
    use crate::derive::Session;
    use crate::registry::Row;
    use rstest::rstest;
    use std::collections::BTreeMap;

    fn view(rows: &[(&str, Status, Option<&str>, f64)]) -> View {
        let sessions = rows
            .iter()
            .map(|(id, status, socket, idle)| {
                let mut row = Row::new(*id);
                row.status = *status;
                row.tmux_socket = socket.map(str::to_owned);
                row.last_active = 100.0 - idle;
                Session::from_hook(row)
            })
            .collect();
        View::of_board(
            Board::build(sessions, 0, 100.0, false),
            &BTreeMap::new(),
            "",
        )
    }

    #[rstest]
    #[case::l_name("/tmp/tmux-1000/work", "work")]
    #[case::default("/tmp/tmux-1000/default", "default")]
    #[case::s_path("/home/u/sock", "sock")]
    #[case::trailing_slash("/x/y/", "y")]
    #[case::bare("sock", "sock")]
    fn servers_are_named_by_their_socket_file(#[case] socket: &str, #[case] name: &str) {
        assert_eq!(display_name(socket), name);
    }

    #[test]
    fn split_counts_this_servers_sessions_and_the_rest_apart() {
        let v = view(&[
            ("a", Status::Waiting, Some("/t/A"), 50.0),
            ("b", Status::Waiting, Some("/t/B"), 90.0),
            ("c", Status::Working, Some("/t/A"), 1.0),
            ("d", Status::Idle, Some("/t/C"), 2.0),
            ("plain", Status::Idle, None, 3.0),
        ]);
        let s = split(v, Some("/t/A"));
        let ids: Vec<&str> = s
            .here
            .entries
            .iter()
            .map(|e| e.session_id.as_str())
            .collect();
        assert_eq!(ids, ["a", "c", "plain"]);
        assert_eq!(
            (
                s.here.counts.waiting,
                s.here.counts.working,
                s.here.counts.idle
            ),
            (1, 1, 1)
        );
        // The longest wait here is a's, though b (elsewhere) waited longer.
        assert_eq!(
            s.here.longest_waiting().map(|e| e.session_id.as_str()),
            Some("a")
        );
        assert_eq!(
            (s.elsewhere.waiting, s.elsewhere.idle, s.elsewhere.total()),
            (1, 1, 2)
        );
    }

    #[test]
    fn without_a_current_server_everything_is_here() {
        let v = view(&[("a", Status::Waiting, Some("/t/A"), 5.0)]);
        let s = split(v, None);
        assert_eq!(s.here.counts.waiting, 1);
        assert_eq!(s.elsewhere.total(), 0);
    }

    #[test]
    fn locations_name_the_other_server_only() {
        let mut v = view(&[
            ("a", Status::Idle, Some("/t/A"), 1.0),
            ("b", Status::Idle, Some("/t/work"), 2.0),
        ]);
        for e in &mut v.entries {
            e.location = "s:1.0".into();
        }
        mark_locations(&mut v.entries, Some("/t/A"));
        let places: Vec<&str> = v.entries.iter().map(|e| e.location.as_str()).collect();
        assert_eq!(places, ["s:1.0", "[work] s:1.0"]);
    }

    #[rstest]
    #[case::l("/tmp/tmux-7/work", "/tmp/tmux-7", "dev", "tmux -L work attach -t dev")]
    #[case::default("/tmp/tmux-7/default", "/tmp/tmux-7/", "dev", "tmux attach -t dev")]
    #[case::s(
        "/run/x/sock",
        "/tmp/tmux-7",
        "dev",
        "tmux -S /run/x/sock attach -t dev"
    )]
    #[case::quoted(
        "/tmp/tmux-7/my srv",
        "/tmp/tmux-7",
        "it's; rm",
        "tmux -L 'my srv' attach -t 'it'\\''s; rm'"
    )]
    fn attach_commands_name_the_server_as_tmux_would(
        #[case] socket: &str,
        #[case] dir: &str,
        #[case] session: &str,
        #[case] want: &str,
    ) {
        assert_eq!(attach_command(socket, dir, session), want);
    }

    #[test]
    fn outside_tmux_every_session_in_tmux_is_elsewhere_while_the_setting_says_so() {
        let mut e = entry_on(None);
        assert!(!elsewhere_outside_tmux(&e, true));
        e.tmux_socket = Some(String::new());
        assert!(!elsewhere_outside_tmux(&e, true));
        e.tmux_socket = Some("/tmp/tmux-0/work".into());
        assert!(elsewhere_outside_tmux(&e, true));
        assert!(!elsewhere_outside_tmux(&e, false));
        // A zellij inside tmux: its panes' sessions are in zellij.
        e.zellij_pane = Some("3".into());
        assert!(!elsewhere_outside_tmux(&e, true));
    }

    #[test]
    fn the_mark_counts_live_sessions_and_says_how_many_wait() {
        let mut c = Counts::default();
        assert_eq!(elsewhere_mark(&c), None);
        c.add(crate::Status::Ended);
        assert_eq!(elsewhere_mark(&c), None);
        c.add(crate::Status::Working);
        assert_eq!(elsewhere_mark(&c).as_deref(), Some("+1 elsewhere"));
        c.add(crate::Status::Waiting);
        assert_eq!(
            elsewhere_mark(&c).as_deref(),
            Some("+2 elsewhere, 1 waiting")
        );
    }

    fn entry_on(socket: Option<&str>) -> Entry {
        let mut row = crate::Row::new("s");
        row.tmux_socket = socket.map(str::to_owned);
        crate::view::Entry::of(
            crate::derive::Session::from_hook(row),
            0.0,
            &Default::default(),
            "",
        )
    }
}
