//! `ring-tmux status`: the styled tmux status segment (the one `#()` job of ring) and the
//! throttled drift repair of pane options.
//!
//! The segment is a tmux format: tmux expands `#()` output again, so icons and colours are
//! written as `#{@ring-icon-waiting}` / `#[fg=#{@ring-color-waiting}]` and follow the user's
//! options with no argument passing, while every byte of user data (a project name) is
//! sanitized and has its `#` doubled so it can never run (`#(…)`), restyle (`#[…]`) or expand
//! (`#{…}`). Nothing at all is printed when there are no sessions, or when anything fails.
//!
//! ```text
//! ring-tmux status [--socket PATH] [--project on|off] [--no-repair | --repair-now] [--gen=N]
//! ring-tmux status --print window-badge | pane-badge | defaults
//! ```

use crate::gather::{LoadedBoard, load_board, read_config};
use crate::sys::env::Env;
use crate::sys::run;
use crate::tmux::{badge, drift};
use ring_shared::Status;
use ring_shared::format::{escape_tmux, sanitize, truncate};
use ring_shared::view::View;
use std::io::Write;
use std::process::ExitCode;

/// The widest project name the segment shows (columns).
const PROJECT_WIDTH: usize = 24;

/// Parsed arguments.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    /// The server whose panes to repair (default: `$TMUX`'s).
    pub socket: Option<String>,
    /// Name the longest-waiting session (`None`: `status_show_project` from config.toml).
    pub project: Option<bool>,
    pub repair: Repair,
    /// `--print WHAT`: a badge format or the option defaults, for `ring.tmux`.
    pub print: Option<String>,
    /// `--gen`: the server's `@ring_gen` (ring.tmux's job names it so tmux runs the job again
    /// after every push), which also tells the repair that a push changed panes since the
    /// last one (`drift::fingerprint`).
    pub generation: Option<String>,
}

/// When to repair pane options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Repair {
    /// At most every few seconds per server.
    #[default]
    Throttled,
    Never,
    /// Now, whatever the stamp says (ring.tmux's attach hook).
    Now,
}

/// `--project`'s value: on or off, `None` (config.toml decides) for anything else.
pub fn project_value(value: &str) -> Option<bool> {
    match value {
        "on" | "1" | "true" | "yes" => Some(true),
        "off" | "0" | "false" | "no" => Some(false),
        _ => None,
    }
}

/// Parses the arguments on the fast path (`main` skips clap for `status`); unknown ones are
/// ignored (a status bar is no place for usage errors). `crate::cmd::status` declares the
/// same flags to clap, and its tests hold the two to the same result.
pub fn parse_args(args: &[String]) -> Args {
    let mut out = Args::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_owned())),
            _ => (arg.as_str(), None),
        };
        let mut value = || inline.clone().or_else(|| it.next().cloned());
        match flag {
            "--socket" => out.socket = value().filter(|s| !s.is_empty()),
            "--project" => out.project = value().as_deref().and_then(project_value),
            "--no-project" => out.project = Some(false),
            "--no-repair" => out.repair = Repair::Never,
            "--repair-now" => out.repair = Repair::Now,
            "--print" => out.print = value(),
            "--gen" => out.generation = value().filter(|g| !g.is_empty()),
            _ => {}
        }
    }
    out
}

fn state_part(status: Status, count: usize) -> String {
    let name = status.as_str();
    format!("#[fg=#{{@ring-color-{name}}}]#{{@ring-icon-{name}}}{count}")
}

/// The segment for a view: one coloured `<icon><count>` per non-empty state in board
/// order; with `show_project`, the longest-waiting session's name (its label, else its
/// project) and kind icon follow the waiting count. `""` when there is nothing to show.
pub fn render(view: &View, show_project: bool) -> String {
    render_counts(view, view.counts, show_project)
}

/// [`render`] with the remote hosts ([`crate::gather::remote`]): with `apart`, the local counts,
/// then `⇄` and the remote ones; then `⌛HOST AGE` for each stale host and `✖HOST` for each
/// unreachable one.
pub fn render_with_hosts(
    view: &View,
    show_project: bool,
    apart: bool,
    hosts: &[crate::gather::remote::HostState],
) -> String {
    let mut parts = Vec::new();
    if apart {
        let (local, remote) = ring_shared::view::remote::counts_apart(view);
        parts.push(render_counts(view, local, show_project));
        let remote = render_counts(view, remote, false);
        if !remote.is_empty() {
            parts.push(format!("⇄ {remote}"));
        }
    } else {
        parts.push(render(view, show_project));
    }
    for host in hosts {
        let name = escape_tmux(&sanitize(&host.host));
        match host.age {
            Some(age) if host.stale => parts.push(format!(
                "⌛{name} {}",
                ring_shared::format::relative_time(age)
            )),
            None if host.unreachable() => parts.push(format!("✖{name}")),
            _ => {}
        }
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" ")
}

fn render_counts(view: &View, counts: ring_shared::board::Counts, show_project: bool) -> String {
    let mut parts = Vec::new();
    for status in [Status::Waiting, Status::Working, Status::Idle] {
        let count = counts.get(status);
        if count == 0 {
            continue;
        }
        let mut part = state_part(status, count);
        if let Some(first) = view.longest_waiting()
            && status == Status::Waiting
            && show_project
        {
            let name = escape_tmux(&truncate(&sanitize(first.name()), PROJECT_WIDTH));
            part.push(' ');
            part.push_str(&name);
            if let Some(kind) = first.badge_kind() {
                part.push_str(&format!("#{{@ring-icon-{}}}", kind.name()));
            }
        }
        parts.push(part);
    }
    if parts.is_empty() {
        return String::new();
    }
    format!("{}#[fg=default]", parts.join(" "))
}

/// The mark for the sessions on the user's other tmux servers, dim: `+3 elsewhere`, and how
/// many of them wait (`+3 elsewhere, 1 waiting`). `""` when there are none.
pub fn render_elsewhere(elsewhere: &ring_shared::board::Counts) -> String {
    ring_shared::servers::elsewhere_mark(elsewhere)
        .map(|mark| format!("#[dim]{mark}#[nodim]"))
        .unwrap_or_default()
}

/// The whole segment: this server's sessions, then the mark for the others (with
/// `status_elsewhere` on and a current server known; else every session counts here).
/// `render_here` draws this server's part (remote hosts' sessions record no local server,
/// so they count here).
pub fn render_for(
    view: &View,
    current: Option<&str>,
    elsewhere: bool,
    render_here: impl Fn(&View) -> String,
) -> String {
    let current = current.filter(|_| elsewhere);
    let any_elsewhere = view
        .entries
        .iter()
        .any(|e| !ring_shared::servers::is_here(e.tmux_socket.as_deref(), current));
    if !any_elsewhere {
        return render_here(view);
    }
    let split = ring_shared::servers::split(view.clone(), current);
    let here = render_here(&split.here);
    let mark = render_elsewhere(&split.elsewhere);
    match (here.is_empty(), mark.is_empty()) {
        (_, true) => here,
        (true, false) => mark,
        (false, false) => format!("{here} {mark}"),
    }
}

fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// What `--print` asks for, from config.toml's `badge_states`.
fn printed(what: &str, env: &Env) -> Option<String> {
    let states = || read_config(&env.ring_home).0.badge_states;
    match what {
        "window-badge" => Some(badge::window_badge(&states())),
        "pane-badge" => Some(badge::pane_badge(&states())),
        "defaults" => Some(
            badge::defaults()
                .iter()
                .map(|(name, value)| format!("{name}\t{value}\n"))
                .collect(),
        ),
        _ => None,
    }
}

/// `ring-tmux status ARGS…`: prints the segment (maybe nothing), then repairs drift when due.
/// Always exits 0.
pub fn run(args: &[String]) -> ExitCode {
    run_parsed(&parse_args(args))
}

/// [`run`](fn@run) with the arguments parsed.
pub fn run_parsed(args: &Args) -> ExitCode {
    std::panic::set_hook(Box::new(|_| {}));
    let _ = std::panic::catch_unwind(|| segment(args));
    ExitCode::SUCCESS
}

fn segment(args: &Args) {
    let env = Env::from_process();
    if let Some(what) = &args.print {
        if let Some(text) = printed(what, &env) {
            print(&text);
        }
        return;
    }
    let config = read_config(&env.ring_home).0;
    let loaded = load_board(&env, &config, false);
    let show_project = args.project.unwrap_or(config.status_show_project);
    let current = args.socket.clone().or_else(run::socket_from_env);
    let line = render_for(
        &loaded.view,
        current.as_deref(),
        config.status_elsewhere,
        |here| {
            render_with_hosts(
                here,
                show_project,
                config.remote_counts == ring_shared::config::RemoteCounts::Apart,
                &loaded.hosts,
            )
        },
    );
    if !line.is_empty() {
        print(&format!("{line}\n"));
    }
    // After printing: tmux shows the line as soon as it has it; the repair only delays exit.
    repair_when_due(args, &env, &loaded);
    // No daemon: the status job flushes due notification timers and Codex waits the read
    // side promoted (no hook fires for those), in a detached child.
    if crate::out::notify::flush::wanted_after_read(&env, &config, &loaded) {
        let work = crate::out::detached::Deferred {
            notify: Some(crate::out::detached::Notify::Flush),
            ..Default::default()
        };
        let _ = work.spawn();
    }
    crate::gather::leave_to_exit(loaded);
}

/// Reconciles the pane options of this command's tmux server with the board when due.
fn repair_when_due(args: &Args, env: &Env, loaded: &LoadedBoard) {
    let Some(socket) = args.socket.clone().or_else(run::socket_from_env) else {
        return;
    };
    let due = match args.repair {
        Repair::Never => false,
        Repair::Now => true,
        Repair::Throttled => drift::claim(
            &env.ring_home,
            &socket,
            drift::fingerprint(&loaded.view.entries, &socket, args.generation.as_deref()),
        ),
    };
    let view = &loaded.view;
    if due && drift::repair(&socket, &view.entries, view.generated_at).is_none() {
        drift::unclaim(&env.ring_home, &socket);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring_shared::Row;
    use ring_shared::board::Board;
    use ring_shared::derive::Session;
    use rstest::rstest;
    use std::collections::BTreeMap;

    fn row(id: &str, status: Status, project: &str, kind: &str) -> Row {
        let mut row = Row::new(id);
        row.status = status;
        row.cwd = format!("/r/{project}");
        row.waiting_kind = kind.into();
        row
    }

    fn view_of(rows: Vec<Row>, labels: &BTreeMap<String, String>) -> View {
        let sessions = rows.into_iter().map(Session::from_hook).collect();
        View::of_board(Board::build(sessions, 0, 9.0, false), labels, "")
    }

    /// `waiting` / `working` / `idle` sessions; the longest-waiting one is `first` (project,
    /// kind), its project set as is (any text, `/` included).
    fn summary(
        waiting: usize,
        working: usize,
        idle: usize,
        first: Option<(String, String)>,
    ) -> View {
        let mut rows: Vec<Row> = Vec::new();
        if let Some((_, kind)) = &first {
            let mut r = row("first", Status::Waiting, "x", kind);
            r.last_active = -100.0;
            rows.push(r);
        }
        let counts = [
            (Status::Waiting, waiting.saturating_sub(rows.len())),
            (Status::Working, working),
            (Status::Idle, idle),
        ];
        for (status, n) in counts {
            for i in 0..n {
                rows.push(row(&format!("{status:?}{i}"), status, "x", ""));
            }
        }
        let mut view = view_of(rows, &BTreeMap::new());
        if let Some((project, _)) = first {
            view.entries[view.waiting[0]].project = project;
        }
        view
    }

    fn entry(project: &str, kind: &str) -> (String, String) {
        (project.to_owned(), kind.to_owned())
    }

    #[test]
    fn nothing_to_show_prints_nothing() {
        assert_eq!(render(&summary(0, 0, 0, None), true), "");
    }

    #[test]
    fn counts_are_coloured_per_state_in_board_order() {
        assert_eq!(
            render(&summary(2, 1, 3, None), false),
            "#[fg=#{@ring-color-waiting}]#{@ring-icon-waiting}2 \
             #[fg=#{@ring-color-working}]#{@ring-icon-working}1 \
             #[fg=#{@ring-color-idle}]#{@ring-icon-idle}3#[fg=default]"
        );
    }

    #[test]
    fn longest_waiting_project_and_kind_follow_the_waiting_count() {
        let s = summary(1, 0, 0, Some(entry("ring", "permission")));
        assert_eq!(
            render(&s, true),
            "#[fg=#{@ring-color-waiting}]#{@ring-icon-waiting}1 ring#{@ring-icon-permission}#[fg=default]"
        );
        assert!(!render(&s, false).contains("ring#"));
    }

    #[rstest]
    #[case::command("#(touch /tmp/x)", "##(touch /tmp/x)")]
    #[case::style("#[fg=red]x", "###[][fg=red]x")]
    #[case::format("#{pane_id}", "##{pane_id}")]
    #[case::escape_sequence("a\u{1b}[31mb", "ab")]
    #[case::newline("a\nb", "a b")]
    fn project_names_can_never_run_restyle_or_break_the_line(
        #[case] project: &str,
        #[case] shown: &str,
    ) {
        let line = render(&summary(1, 0, 0, Some(entry(project, "#{x}"))), true);
        assert!(line.contains(&format!(" {shown}#[fg=default]")), "{line}");
    }

    #[test]
    fn a_label_names_the_longest_waiting_session() {
        let labels = [("s".to_owned(), "login #fix".to_owned())].into();
        let line = render(
            &view_of(vec![row("s", Status::Waiting, "ring", "plan")], &labels),
            true,
        );
        assert!(
            line.contains("1 login ##fix#{@ring-icon-plan}#[fg=default]"),
            "{line}"
        );
    }

    #[test]
    fn long_projects_are_truncated() {
        let line = render(&summary(1, 0, 0, Some(entry(&"p".repeat(80), ""))), true);
        assert!(line.contains(&format!("{}…", "p".repeat(PROJECT_WIDTH - 1))));
    }

    fn on(view: View, socket: &str) -> View {
        let mut view = view;
        for e in &mut view.entries {
            e.tmux_socket = Some(socket.to_owned());
        }
        view
    }

    #[test]
    fn sessions_on_other_servers_are_marked_not_counted() {
        let mut view = on(summary(2, 1, 0, None), "/t/A");
        view.entries[0].tmux_socket = Some("/t/B".into());
        view.entries[2].tmux_socket = Some("/t/C".into());
        assert_eq!(
            render_for(&view, Some("/t/A"), true, |v| render(v, false)),
            "#[fg=#{@ring-color-waiting}]#{@ring-icon-waiting}1#[fg=default] \
             #[dim]+2 elsewhere, 1 waiting#[nodim]"
        );
        // Off, or with no current server: every session counts, as before.
        assert_eq!(
            render_for(&view, Some("/t/A"), false, |v| render(v, false)),
            render(&view, false)
        );
        assert_eq!(
            render_for(&view, None, true, |v| render(v, false)),
            render(&view, false)
        );
    }

    #[test]
    fn a_server_with_nothing_of_its_own_shows_only_the_mark() {
        let view = on(summary(0, 1, 2, None), "/t/B");
        assert_eq!(
            render_for(&view, Some("/t/A"), true, |v| render(v, true)),
            "#[dim]+3 elsewhere#[nodim]"
        );
    }

    #[rstest]
    #[case::socket(&["--socket", "/tmp/s"], Some("/tmp/s"), None, Repair::Throttled)]
    #[case::inline(&["--socket=/tmp/s", "--project=off"], Some("/tmp/s"), Some(false), Repair::Throttled)]
    #[case::empty_project_means_config(&["--project", ""], None, None, Repair::Throttled)]
    #[case::repair_now(&["--repair-now", "--project", "on"], None, Some(true), Repair::Now)]
    #[case::unknown_ignored(&["--frobnicate", "--no-repair"], None, None, Repair::Never)]
    // ring.tmux's `--gen=#{q:@ring_gen}` is empty until the first push; it takes nothing else.
    #[case::empty_gen(&["--gen=", "--socket", "/tmp/s"], Some("/tmp/s"), None, Repair::Throttled)]
    fn args_parse_leniently(
        #[case] args: &[&str],
        #[case] socket: Option<&str>,
        #[case] project: Option<bool>,
        #[case] repair: Repair,
    ) {
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        let got = parse_args(&args);
        assert_eq!(got.socket.as_deref(), socket);
        assert_eq!(got.project, project);
        assert_eq!(got.repair, repair);
    }
}
