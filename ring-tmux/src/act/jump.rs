//! `ring-tmux jump` and `ring-tmux menu`: take the user to a session's pane.
//!
//! Both run from key bindings (`run-shell`: `$TMUX` is set, `$TMUX_PANE` is not), so
//! `ring.tmux` passes `--client '#{client_name}' --pane '#{pane_id}'`. A session is reachable
//! only through a validated pane of this server (see [`drift::pane_of`]).
//!
//! jump visits waiting sessions longest-waiting first. Pressing it again while on the pane it
//! took you to goes to the next one (the last target is remembered in `tmux/jump-last` under
//! the ring folder); from anywhere else it starts over at the longest-waiting one.

use crate::act::focus::jump::row_for;
use crate::gather::{load_board, read_config};
use crate::sys::env::Env;
use crate::sys::run::{self, is_pane_id};
use crate::tmux::client_args;
use crate::tmux::drift::{self, LIST_FORMAT, Pane};
use ring_shared::format::{escape_tmux, sanitize};
use ring_shared::t;
use ring_shared::view::{Entry, View};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

mod menu;
pub use menu::{menu, menu_argv, menu_label};

/// A jump or menu may wait on tmux longer than a hook: a person pressed a key.
const BUDGET: Duration = Duration::from_secs(2);

/// How wide a menu line's detail may be (columns).
const DETAIL_WIDTH: usize = 40;

/// Arguments of `jump` and `menu` (from `crate::cmd::jump` / `menu`; empty values are `None`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    pub socket: Option<String>,
    /// `#{client_name}` of the client that pressed the key.
    pub client: Option<String>,
    /// `#{pane_id}` that client was on.
    pub pane: Option<String>,
    /// `#{client_height}` of that client: the menu must fit in it.
    pub height: Option<usize>,
    /// `#{client_width}` of that client: likewise.
    pub width: Option<usize>,
    /// `--session ID`: go to that session's pane (waiting or not) instead of the next waiting
    /// one; a notification's "go to session" action runs this.
    pub session: Option<String>,
    /// `jump SESSION`: an id, id prefix or label ([`ring_shared::pick`]), typed by a person.
    pub target: Option<String>,
}

/// Waiting sessions reachable on this server, longest-waiting first (as given), with their
/// panes; `in_neovim` says whose agent runs in a Neovim terminal (its pane is Neovim's).
pub fn targets<'a>(
    waiting: impl IntoIterator<Item = &'a Entry>,
    socket: &str,
    panes: &'a [Pane],
    in_neovim: impl Fn(&Entry) -> bool,
) -> Vec<(&'a Entry, &'a Pane)> {
    waiting
        .into_iter()
        .filter_map(|e| {
            crate::act::focus::mux::pane_of(e, in_neovim(e), socket, panes).map(|p| (e, p))
        })
        .collect()
}

/// Which target to visit: the one after `last` when the client is on `last`'s pane, else
/// the first.
pub fn next_target(
    targets: &[(&Entry, &Pane)],
    last: Option<&str>,
    here: Option<&str>,
) -> Option<usize> {
    if targets.is_empty() {
        return None;
    }
    let repeat = targets
        .iter()
        .position(|(e, p)| Some(e.session_id.as_str()) == last && Some(p.id.as_str()) == here);
    Some(repeat.map_or(0, |i| (i + 1) % targets.len()))
}

fn last_path(env: &Env) -> Option<PathBuf> {
    run::state_dir(&env.ring_home).map(|d| d.join("jump-last"))
}

/// Notes the session `jump` switched to (`tmux/jump-last`, mode 0600, never through a link),
/// so the next jump goes on to the next one. Silent on errors.
pub fn remember_last(ring_home: &Path, session_id: &str) {
    if let Some(dir) = run::state_dir(ring_home) {
        let _ = crate::store::write_atomic(&dir, "jump-last", session_id.as_bytes());
    }
}

struct Context {
    env: Env,
    config: ring_shared::config::Config,
    args: Args,
    socket: String,
    view: View,
    panes: Vec<Pane>,
    deadline: Instant,
}

fn context(args: &Args) -> Option<Context> {
    let args = args.clone();
    let socket = args.socket.clone().or_else(run::socket_from_env)?;
    let env = Env::from_process();
    let config = read_config(&env.ring_home).0;
    let loaded = load_board(&env, &config, false);
    let deadline = Instant::now() + BUDGET;
    let list: Vec<String> = ["list-panes", "-a", "-F", LIST_FORMAT]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let listing = run::run(&socket, &list, deadline).filter(|o| o.success)?;
    Some(Context {
        env,
        config,
        args,
        socket,
        view: loaded.view,
        panes: drift::parse_panes(&listing.stdout),
        deadline,
    })
}

fn say(ctx: &Context, message: &str) {
    let mut argv = vec!["display-message".to_owned()];
    argv.extend(client_args(ctx.args.client.as_deref()));
    argv.push(escape_tmux(message));
    let _ = run::run(&ctx.socket, &argv, ctx.deadline);
}

/// `ring-tmux jump`: switch the client to the waiting session that has waited longest.
pub fn jump(args: &Args) -> ExitCode {
    let Some(ctx) = context(args) else {
        return crate::sys::voice::fail(
            &ring_shared::t!("err-needs-tmux", command = "jump"),
            &ring_shared::t!("err-needs-tmux-fix"),
        );
    };
    if let Some(id) = ctx.args.session.as_deref() {
        return jump_to_session(&ctx, id);
    }
    if let Some(query) = ctx.args.target.as_deref() {
        return jump_to_named(&ctx, query);
    }
    let rows: std::collections::BTreeMap<&str, ring_shared::Row> = ctx
        .view
        .waiting()
        .map(|e| (e.session_id.as_str(), row_for(&ctx.env, e)))
        .collect();
    let in_neovim = |e: &Entry| rows.get(e.session_id.as_str()).is_some_and(in_neovim);
    let found = targets(ctx.view.waiting(), &ctx.socket, &ctx.panes, in_neovim);
    let last = last_path(&ctx.env)
        .and_then(|p| crate::store::read_text(&p, 4096, crate::store::Owner::Ring));
    let here = ctx.args.pane.as_deref().filter(|p| is_pane_id(p));
    let Some(i) = next_target(&found, last.as_deref(), here) else {
        if let Some(code) = waiting_elsewhere(&ctx) {
            return code;
        }
        say(&ctx, &t!("jump-none-here"));
        if ctx.args.client.is_none() {
            crate::gather::named::report(&t!("jump-none-here-long"));
        }
        return ExitCode::SUCCESS;
    };
    let (entry, pane) = found[i];
    // The one focus path when the row names it (a Neovim terminal's buffer, then its pane),
    // else tmux's own switch to the pane found.
    let row = &rows[entry.session_id.as_str()];
    let ok = if ring_shared::focus::plan(&ctx.config.focus_order, row).is_empty() {
        let mut argv = vec!["switch-client".to_owned()];
        argv.extend(client_args(ctx.args.client.as_deref()));
        argv.extend(["-t".to_owned(), pane.id.clone()]);
        run::run(&ctx.socket, &argv, ctx.deadline).is_some_and(|o| o.success)
    } else {
        // The person is at this client: the inner steps only (Neovim's buffer, the pane),
        // never another terminal window the row's environment names.
        let inner: Vec<_> = ctx
            .config
            .focus_order
            .iter()
            .copied()
            .filter(|b| b.inner())
            .collect();
        crate::act::focus::reach(row, &inner, &focus_sys(&ctx)).reached()
    };
    remember_last(&ctx.env.ring_home, &entry.session_id);
    if ok {
        went(&ctx, &entry.session_id, pane);
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Whether `row`'s agent runs in a Neovim terminal.
fn in_neovim(row: &ring_shared::Row) -> bool {
    row.tty.is_some() && ring_shared::focus::pane_tty(row).is_none()
}

/// The focus path's view of this machine, for this server and client.
fn focus_sys(ctx: &Context) -> crate::act::focus::Sys {
    let mut sys = crate::act::focus::jump::sys(Some(ctx.socket.clone()), ctx.args.client.clone());
    sys.deadline = ctx.deadline;
    sys
}

/// Says where the client went, on stdout, to a person at a shell (no `--client`: a tmux key
/// binding passes one, and `run-shell` would show the line over the pane).
fn went(ctx: &Context, id: &str, pane: &Pane) {
    if ctx.args.client.is_none() {
        crate::gather::named::report(&t!(
            "err-jump-switched",
            session = crate::gather::named::called(id, &ctx.view.entries),
            ways = t!("focus-tmux-pane", pane = sanitize(&pane.id))
        ));
    }
}

/// `jump SESSION`: the session an id, id prefix or label names; said on stderr (a person
/// typed it) when it names none or several.
fn jump_to_named(ctx: &Context, query: &str) -> ExitCode {
    let id = match crate::gather::named::pick_session(query, &ctx.view.entries) {
        Ok(id) => id,
        Err(code) => return code,
    };
    let code = jump_to_session(ctx, &id);
    if code != ExitCode::SUCCESS {
        crate::sys::voice::error(
            &ring_shared::t!("err-jump-no-pane", session = sanitize(&id)),
            &ring_shared::t!("err-where-sessions-live"),
        );
    }
    code
}

/// `jump --session ID` for a session whose row names no way to reach it (found without
/// hooks): switch the client to its pane, if it is on this server.
fn jump_to_session(ctx: &Context, id: &str) -> ExitCode {
    let pane = ctx
        .view
        .entries
        .iter()
        .find(|e| e.session_id == id)
        .and_then(|e| drift::pane_of(e, &ctx.socket, &ctx.panes));
    let Some(pane) = pane else {
        say(ctx, &t!("jump-gone"));
        return ExitCode::FAILURE;
    };
    let mut argv = vec!["switch-client".to_owned()];
    argv.extend(client_args(ctx.args.client.as_deref()));
    argv.extend(["-t".to_owned(), pane.id.clone()]);
    if run::run(&ctx.socket, &argv, ctx.deadline).is_some_and(|o| o.success) {
        remember_last(&ctx.env.ring_home, id);
        went(ctx, id, pane);
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Nothing waits on this server: the longest wait the focus path can reach elsewhere (a
/// Neovim terminal, a terminal window) goes there; one on another tmux server of the user
/// gets how to get there. `None` when nothing waits anywhere ring can reach.
fn waiting_elsewhere(ctx: &Context) -> Option<ExitCode> {
    let sys = focus_sys(ctx);
    let (entry, outcome) = ctx.view.waiting().find_map(|e| {
        if e.tmux_socket.as_deref() == Some(ctx.socket.as_str()) {
            return None;
        }
        crate::act::focus::jump::reach_entry(&ctx.env, &ctx.config, e, &sys).map(|o| (e, o))
    })?;
    let called = crate::gather::named::called(&entry.session_id, &ctx.view.entries);
    if outcome.reached() {
        remember_last(&ctx.env.ring_home, &entry.session_id);
        if ctx.args.client.is_none() {
            let then = format!(", {} ", t!("err-jump-then"));
            crate::gather::named::report(&t!(
                "err-jump-switched",
                session = called.as_str(),
                ways = sanitize(&outcome.done.join(&then))
            ));
        }
        return Some(ExitCode::SUCCESS);
    }
    let text = t!(
        "jump-elsewhere",
        session = called.as_str(),
        why = sanitize(&outcome.failed.join("; "))
    );
    say(ctx, &t!("jump-say", text = text.as_str()));
    if ctx.args.client.is_none() {
        crate::gather::named::report(&text);
    }
    Some(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::menu::{ELSEWHERE, KEY_COLUMNS, MENU_FRAME, MENU_SIDES};
    use super::*;
    use crate::sys::run::is_client_name;
    use ring_shared::Status;
    use rstest::rstest;

    const SOCK: &str = "/tmp/tmux-0/default";
    const BIN: &str = "/usr/bin/ring-tmux";

    fn entry(id: &str, pane: &str) -> Entry {
        let mut row = ring_shared::Row::new(id);
        row.status = Status::Waiting;
        row.cwd = format!("/r/proj-{id}");
        row.waiting_kind = "permission".into();
        row.last_active = 99.0;
        row.tmux_pane = Some(pane.into());
        row.tmux_socket = Some(SOCK.into());
        let session = ring_shared::derive::Session::from_hook(row);
        Entry::of(session, 100.0, &Default::default(), "")
    }

    /// The menu of `entries` on [`SOCK`] with [`panes`], running [`BIN`].
    fn menu(
        entries: &[Entry],
        client: Option<&str>,
        height: Option<usize>,
        width: Option<usize>,
        in_neovim: impl Fn(&Entry) -> bool,
    ) -> Vec<String> {
        menu_argv(
            entries,
            SOCK,
            &panes(),
            client,
            height,
            width,
            in_neovim,
            BIN,
        )
    }

    fn panes() -> Vec<Pane> {
        drift::parse_panes("%1 /dev/pts/1\n%2 /dev/pts/2\n%3 /dev/pts/3\n")
    }

    #[rstest]
    #[case::fresh_start(None, None, Some(0))]
    #[case::repeat_on_last_goes_next(Some("a"), Some("%1"), Some(1))]
    #[case::repeat_wraps(Some("b"), Some("%3"), Some(0))]
    #[case::moved_away_starts_over(Some("a"), Some("%2"), Some(0))]
    #[case::last_no_longer_waiting(Some("gone"), Some("%1"), Some(0))]
    fn jump_visits_longest_waiting_first_then_the_next(
        #[case] last: Option<&str>,
        #[case] here: Option<&str>,
        #[case] want: Option<usize>,
    ) {
        let waiting = vec![entry("a", "%1"), entry("x", "%9"), entry("b", "%3")];
        let p = panes();
        let t = targets(&waiting, SOCK, &p, |_| false);
        assert_eq!(t.len(), 2, "the session on a missing pane is skipped");
        assert_eq!(next_target(&t, last, here), want);
    }

    #[test]
    fn nothing_waiting_means_no_target() {
        assert_eq!(next_target(&[], Some("a"), None), None);
    }

    #[test]
    fn menu_labels_escape_and_sanitize_user_text() {
        let mut e = entry("a", "%1");
        e.project = "#(touch /tmp/x)".into();
        e.detail = "run #[fg=red]rm\u{1b}[2J #{pane_id}".into();
        let label = menu_label(&e);
        assert_eq!(
            label,
            "#{@ring-icon-waiting} ##(touch /tmp/x) #{@ring-icon-permission} \u{b7} run ###[][fg=red]rm ##{pane_id}"
        );
    }

    #[test]
    fn a_menu_line_names_a_session_by_its_label() {
        let mut e = entry("a", "%1");
        e.label = "login #2".into();
        e.detail = "Bash: ls".into();
        assert_eq!(
            menu_label(&e),
            "#{@ring-icon-waiting} login ##2 #{@ring-icon-permission} \u{b7} Bash: ls"
        );
    }

    #[test]
    fn menu_jumps_to_reachable_sessions_and_greys_out_the_rest() {
        let entries = vec![entry("a", "%1"), entry("x", "%9")];
        let argv = menu(&entries, Some("/dev/pts/5"), None, None, |_| false);
        assert_eq!(
            &argv[..5],
            &[
                "display-menu",
                "-c",
                "/dev/pts/5",
                "-T",
                "#[align=centre] ring "
            ]
        );
        assert_eq!(argv[7], "1");
        assert_eq!(argv[8], "switch-client -c '/dev/pts/5' -t %1");
        assert!(argv[9].starts_with('-') && argv[9].ends_with("(elsewhere)"));
    }

    #[test]
    fn a_session_in_neovim_is_chosen_through_the_focus_path() {
        // Its row's tty is Neovim's pty, not the pane's: the pane is known by its id.
        let mut nvim = entry("n", "%2");
        nvim.tty = Some("/dev/pts/40".into());
        let entries = vec![entry("a", "%1"), nvim];
        let argv = menu(&entries, Some("/dev/pts/5"), None, None, |e| {
            e.session_id == "n"
        });
        assert_eq!(argv[8], "switch-client -c '/dev/pts/5' -t %1");
        assert_eq!(argv[10], "2", "{argv:?}");
        assert_eq!(
            argv[11],
            "run-shell -b \"/usr/bin/ring-tmux jump --socket /tmp/tmux-0/default \
             --client /dev/pts/5 --session n\""
        );
        // A binary path tmux would read as formats or words: the plain switch instead.
        let argv = menu_argv(
            &entries,
            SOCK,
            &panes(),
            None,
            None,
            None,
            |e| e.session_id == "n",
            "/opt/my ring/#bin",
        );
        assert_eq!(argv[9], "switch-client -t %2");
    }

    /// The item labels of a menu argv (after `display-menu -T TITLE --`: label, key, command).
    fn items(argv: &[String]) -> Vec<&str> {
        argv[4..].iter().step_by(3).map(String::as_str).collect()
    }

    #[rstest]
    #[case::fits(3, Some(10), 3, None)]
    #[case::exactly(3, Some(5), 3, None)]
    #[case::one_too_many(4, Some(5), 2, Some("-… 2 more (ring-tmux list)"))]
    #[case::many(40, Some(12), 9, Some("-… 31 more (ring-tmux list)"))]
    #[case::height_unknown(40, None, 40, None)]
    #[case::tiny_client(5, Some(3), 0, Some("-… 5 more (ring-tmux list)"))]
    fn the_menu_is_cut_to_fit_the_client(
        #[case] sessions: usize,
        #[case] height: Option<usize>,
        #[case] shown: usize,
        #[case] last: Option<&str>,
    ) {
        let entries: Vec<Entry> = (0..sessions)
            .map(|i| entry(&format!("s{i}"), "%1"))
            .collect();
        let argv = menu(&entries, None, height, None, |_| false);
        let labels = items(&argv);
        let sessions_shown = labels.iter().filter(|l| l.contains("proj-")).count();
        assert_eq!(sessions_shown, shown);
        assert_eq!(labels.last().copied().filter(|l| l.contains("more")), last);
        if let Some(h) = height {
            assert!(
                labels.len() + MENU_FRAME <= h.max(MENU_FRAME + 1),
                "{labels:?}"
            );
        }
    }

    /// A waiting question with a long project name and a long detail.
    fn wordy() -> Entry {
        let mut e = entry("w", "%1");
        e.project = "a-rather-long-project-name-indeed".into();
        e.kind = "question".into();
        e.detail = "Shall I also rewrite the migration scripts and the docs? ".repeat(3);
        e
    }

    /// A label's bytes once tmux expands it, the icons as four-byte emoji.
    fn expanded_bytes(label: &str) -> usize {
        [
            "waiting",
            "working",
            "idle",
            "question",
            "permission",
            "plan",
        ]
        .iter()
        .fold(label.replace("##", "#"), |t, name| {
            t.replace(&format!("#{{@ring-icon-{name}}}"), "\u{1F534}")
        })
        .len()
    }

    #[rstest]
    // Icon, space, 24-column project (…: 26 bytes), space, icon, " · ", 40-column detail.
    #[case::unbounded(usize::MAX, 4 + 1 + 26 + 1 + 4 + 4 + 42, true)]
    #[case::eighty_bytes(80, 80, true)]
    #[case::detail_shrinks(50, 50, true)]
    #[case::detail_goes_below_its_minimum(45, 36, false)]
    #[case::then_the_project_shrinks(20, 20, false)]
    #[case::nothing_but_icons(10, 10, false)]
    fn a_menu_label_shrinks_detail_first_then_project(
        #[case] bytes: usize,
        #[case] want: usize,
        #[case] has_detail: bool,
    ) {
        let label = menu::menu_label_within(&wordy(), bytes);
        assert_eq!(expanded_bytes(&label), want, "{label:?}");
        assert_eq!(label.contains('\u{b7}'), has_detail, "{label:?}");
        assert!(label.starts_with("#{@ring-icon-waiting} "), "{label:?}");
        assert!(
            label.ends_with("#{@ring-icon-question}") || has_detail,
            "{label:?}"
        );
    }

    #[test]
    fn every_menu_line_fits_what_tmux_keeps_of_the_client_width() {
        let entries = [wordy(), entry("x", "%9")];
        let argv = menu(&entries, None, None, Some(64), |_| false);
        let labels = items(&argv);
        // tmux 3.3: at most width - 4 bytes, and 4 fewer for a line with a key.
        assert_eq!(
            expanded_bytes(labels[0]),
            64 - MENU_SIDES - KEY_COLUMNS,
            "{labels:?}"
        );
        assert!(labels[1].ends_with(ELSEWHERE));
        assert!(
            expanded_bytes(&labels[1][1..]) <= 64 - MENU_SIDES,
            "{labels:?}"
        );
    }

    #[rstest]
    #[case::tty("/dev/pts/5", true)]
    #[case::control("client-1234", true)]
    #[case::quote("/dev/pts/5' ; kill-server '", false)]
    #[case::empty("", false)]
    #[case::option("-t", false)]
    fn only_plain_client_names_reach_a_command(#[case] name: &str, #[case] ok: bool) {
        assert_eq!(is_client_name(name), ok);
        assert_eq!(client_args(Some(name)).is_empty(), !ok);
    }
}
