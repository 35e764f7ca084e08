//! ring in a real tmux: what a person sees after real hook events.
//!
//! Each test starts its own server on a private socket (see `e2e_tmux/world.rs`) and checks
//! what tmux draws: formats expanded by tmux itself, pane options from `list-panes`, and the
//! status line of a client attached inside an outer tmux (`capture-pane`). Pushed badges must
//! show within 1 s. The status segment is a `#()` job, which tmux re-runs at most once a
//! second (here `status-interval 1`), so it gets one such period more: 2 s.

#[path = "e2e_tmux/world.rs"]
mod world;

use std::time::Duration;
use world::{World, payload, poll, until_contains};

const BADGE_WITHIN: Duration = Duration::from_secs(1);
const STATUS_WITHIN: Duration = Duration::from_secs(2);

#[test]
fn a_waiting_hook_event_badges_its_window_and_pane_and_shows_in_the_status_line() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    w.attach();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("webapp");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::waiting("s1", &cwd, &tty));

    let badge = until_contains(BADGE_WITHIN, "\u{1F534}", || w.server.window_badge("t:0"));
    assert_eq!(badge, "\u{1F534}");
    assert_eq!(w.server.pane_options("%0"), "waiting permission");
    let border = w.server.show("%0", "#{E:pane-border-format}");
    assert_eq!(border, "P0\u{1F534}\u{1F510}");
    let line = until_contains(STATUS_WITHIN, "webapp", || w.status_line());
    assert!(
        line.contains("0:bash*\u{1F534}") || line.contains("*\u{1F534}"),
        "window badge drawn: {line}"
    );
    assert!(
        line.contains("\u{1F534}1 webapp\u{1F510}"),
        "status segment drawn: {line}"
    );
}

#[test]
fn two_agents_in_one_window_both_count() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    w.server.run(&["split-window", "-t", "t:0"]);
    let (tty0, tty1) = (w.server.pane_tty("%0"), w.server.pane_tty("%1"));
    let (a, b) = (w.project("a"), w.project("b"));
    w.alive(&[(&a, &tty0), (&b, &tty1)]);
    w.hook("%0", payload::waiting("s-a", &a, &tty0));
    w.hook("%1", payload::waiting("s-b", &b, &tty1));
    assert_eq!(
        until_contains(BADGE_WITHIN, "2", || w.server.window_badge("t:0")),
        "\u{1F534}2"
    );
    w.hook("%1", payload::event("UserPromptSubmit", "s-b", &b, &tty1));
    assert_eq!(
        until_contains(BADGE_WITHIN, "\u{1F7E2}", || w.server.window_badge("t:0")),
        "\u{1F534}\u{1F7E2}"
    );
    let out = w.ring(&["status", "--no-repair"]);
    let segment = String::from_utf8_lossy(&out.stdout);
    assert!(segment.contains("#{@ring-icon-waiting}1 a"), "{segment}");
    assert!(segment.contains("#{@ring-icon-working}1"), "{segment}");
}

#[test]
fn working_then_idle_then_session_end_updates_and_clears_the_badge() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("api");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::event("UserPromptSubmit", "s1", &cwd, &tty));
    assert_eq!(
        until_contains(BADGE_WITHIN, "\u{1F7E2}", || w.server.window_badge("t:0")),
        "\u{1F7E2}"
    );
    w.hook("%0", payload::event("Stop", "s1", &cwd, &tty));
    assert_eq!(
        until_contains(BADGE_WITHIN, "\u{1F7E1}", || w.server.window_badge("t:0")),
        "\u{1F7E1}"
    );
    assert_eq!(w.server.pane_options("%0"), "idle");
    w.hook("%0", payload::event("SessionEnd", "s1", &cwd, &tty));
    w.alive(&[]);
    let cleared = poll(BADGE_WITHIN, || {
        w.server.window_badge("t:0").is_empty().then_some(())
    });
    assert!(
        cleared.is_some(),
        "badge left: {}",
        w.server.window_badge("t:0")
    );
    assert_eq!(w.server.pane_options("%0"), "");
    let out = w.ring(&["status", "--no-repair"]);
    assert!(
        out.stdout.is_empty(),
        "nothing to show prints nothing: {out:?}"
    );
}

#[test]
fn jump_key_moves_the_client_to_the_longest_waiting_pane_and_again_to_the_next() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    w.server.run(&["new-window", "-t", "t:1"]);
    w.server.run(&["new-window", "-t", "t:2"]);
    w.server.run(&["select-window", "-t", "t:0"]);
    let client = w.attach();
    let (tty1, tty2) = (w.server.pane_tty("t:1"), w.server.pane_tty("t:2"));
    let (p1, p2) = (
        w.server.show("t:1", "#{pane_id}"),
        w.server.show("t:2", "#{pane_id}"),
    );
    let (a, b) = (w.project("older"), w.project("newer"));
    w.alive(&[(&a, &tty1), (&b, &tty2)]);
    w.hook(&p1, payload::waiting("older", &a, &tty1));
    w.hook(&p2, payload::waiting("newer", &b, &tty2));
    let here = || {
        w.server
            .run(&["display-message", "-p", "-c", &client, "#{pane_id}"])
    };
    assert_eq!(here(), "%0");

    // prefix + a, typed into the outer pane that shows the client.
    let outer = w.outer.as_ref().expect("attached");
    outer.run(&["send-keys", "-t", "t", "C-b", "a"]);
    assert_eq!(
        until_contains(BADGE_WITHIN, &p1, here),
        p1,
        "longest waiting first"
    );
    outer.run(&["send-keys", "-t", "t", "C-b", "a"]);
    assert_eq!(
        until_contains(BADGE_WITHIN, &p2, here),
        p2,
        "then the next one"
    );
    outer.run(&["send-keys", "-t", "t", "C-b", "a"]);
    assert_eq!(
        until_contains(BADGE_WITHIN, &p1, here),
        p1,
        "and round again"
    );
}

#[test]
fn hostile_directory_names_and_details_neither_run_nor_restyle() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    let client = w.attach();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("#(touch $RING_MARKER)");
    w.alive(&[(&cwd, &tty)]);
    let question = "#[fg=red]Delete #{pane_id} #(touch $RING_MARKER)?";
    w.hook("%0", payload::question("evil", &cwd, &tty, question));
    assert_eq!(w.server.pane_options("%0"), "waiting question");

    let line = until_contains(STATUS_WITHIN, "#(touch", || w.status_line());
    assert!(
        line.contains("#(touch $RING_MARKER)\u{2753}"),
        "project shown as text: {line}"
    );

    // The menu shows the detail as text.
    let socket = w.server.socket();
    let screen = w.menu_screen(&["--client", &client, "--socket", &socket], "Delete");
    assert!(
        screen.contains(
            "#(touch $RING_MARKER) \u{2753} \u{b7} AskUserQuestion: #[fg=red]Delete #{pane"
        ),
        "menu: {screen}"
    );

    // Nothing ran, in the status job, the badges or the menu.
    let _ = w.ring(&["status", "--repair-now"]);
    assert!(!w.marker().exists(), "a hostile string was executed");
}

#[test]
fn a_menu_of_more_sessions_than_the_client_has_lines_still_opens() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    let client = w.attach();
    let tty = w.server.pane_tty("%0");
    let height: usize = w
        .server
        .run(&["display-message", "-p", "-c", &client, "#{client_height}"])
        .trim()
        .parse()
        .expect("client height");
    // More sessions than lines (each its own live agent): tmux would draw no menu at all.
    let sessions = height + 5;
    let cwds: Vec<String> = (0..sessions)
        .map(|i| w.project(&format!("many-{i:02}")))
        .collect();
    let agents: Vec<(&str, &str)> = cwds.iter().map(|c| (c.as_str(), tty.as_str())).collect();
    w.alive(&agents);
    for (i, cwd) in cwds.iter().enumerate() {
        w.hook(
            "%0",
            payload::question(&format!("s{i:02}"), cwd, &tty, "Ship it?"),
        );
    }
    let (socket, height_arg) = (w.server.socket(), height.to_string());
    let args = [
        "--client",
        &client,
        "--socket",
        &socket,
        "--height",
        &height_arg,
    ];
    let screen = w.menu_screen(&args, "more (ring-tmux list)");
    // The board also holds the live agents' synthetic rows (spec §4.4): count from it.
    let board: serde_json::Value =
        serde_json::from_slice(&w.ring(&["json"]).stdout).expect("json board");
    let total = board["sessions"].as_array().expect("sessions").len();
    // Menu rows only (the status line may name the longest-waiting project too).
    let shown = screen
        .lines()
        .filter(|l| l.contains("many-") && l.contains('\u{2502}'))
        .count();
    assert!(shown > 0 && shown < total, "sessions listed: {screen}");
    assert!(
        screen.contains(&format!("{} more (ring-tmux list)", total - shown)),
        "the rest counted ({total} sessions): {screen}"
    );
}

#[test]
fn sourcing_ring_tmux_twice_keeps_the_users_formats_hooks_and_keys() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let s = &w.server;
    // The user's own things, set before ring.tmux runs again.
    s.run(&[
        "set-hook",
        "-g",
        "client-attached[0]",
        "set -g @user_hook_ran yes",
    ]);
    s.run(&["bind-key", "-T", "prefix", "a", "send-prefix"]);
    s.run(&["unbind-key", "-T", "prefix", "A"]);
    s.run(&["set-option", "-g", "@ring-icon-waiting", "W!"]);
    let first = s.run(&["show-options", "-gv", "status-right"]);
    w.source_ring_tmux();
    w.source_ring_tmux();

    assert_eq!(s.run(&["show-options", "-gv", "status-right"]), first);
    assert_eq!(first.matches("ring-tmux' status").count(), 1, "{first}");
    assert!(
        first.ends_with(" END") && !first.contains("ring_status"),
        "{first}"
    );
    assert_eq!(
        s.run(&["show-options", "-gv", "window-status-format"]),
        "#I:#W#{E:@ring_window_badge}"
    );
    assert_eq!(s.run(&["show-options", "-gv", "@ring-icon-waiting"]), "W!");
    let for_themes = s.run(&["show-options", "-gv", "@ring_status"]);
    assert!(first.contains(&for_themes), "{for_themes}");
    let hooks = s.run(&["show-hooks", "-g", "client-attached"]);
    assert!(
        hooks.contains("client-attached[0] set-option -g @user_hook_ran yes"),
        "{hooks}"
    );
    assert_eq!(hooks.matches("ring-tmux").count(), 1, "{hooks}");
    let keys = s.run(&["list-keys", "-T", "prefix"]);
    assert!(
        keys.lines().any(|l| l.ends_with(" a       send-prefix")
            || (l.contains(" a ") && l.contains("send-prefix"))),
        "{keys}"
    );
    assert!(
        keys.lines()
            .any(|l| l.contains(" A ") && l.contains("ring-tmux' menu")),
        "{keys}"
    );
}

#[test]
fn a_row_whose_pane_belongs_to_another_tmux_server_badges_nothing_here() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let other = world::Server::start(&World::env(w.dir.path()), None);
    let tty = other.pane_tty("%0");
    let cwd = w.project("elsewhere");
    w.alive(&[(&cwd, &tty)]);
    // The agent runs in the other server's %0; ours has a %0 too.
    let out = w.hook_in(
        Some(&other.tmux_env()),
        Some("%0"),
        &payload::waiting("far", &cwd, &tty),
    );
    assert!(out.status.success());
    assert_eq!(
        until_contains(BADGE_WITHIN, "waiting", || other.pane_options("%0")),
        "waiting permission"
    );
    let _ = w.ring(&["status", "--repair-now", "--socket", &w.server.socket()]);
    assert_eq!(w.server.pane_options("%0"), "");
    assert_eq!(w.server.window_badge("t:0"), "");
}

#[test]
fn a_frozen_tmux_pane_is_corrected_by_the_agents_tty() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    w.server.run(&["split-window", "-t", "t:0"]);
    let tty1 = w.server.pane_tty("%1");
    let cwd = w.project("codexish");
    w.alive(&[(&cwd, &tty1)]);
    // $TMUX_PANE says %0 (inherited from a daemon), the agent's terminal is %1's.
    w.hook("%0", payload::waiting("frozen", &cwd, &tty1));
    assert_eq!(
        until_contains(BADGE_WITHIN, "waiting", || w.server.pane_options("%1")),
        "waiting permission"
    );
    assert_eq!(w.server.pane_options("%0"), "");
}

#[test]
fn drift_repair_clears_crashed_and_removed_sessions_and_restores_lost_badges() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    w.server.run(&["split-window", "-t", "t:0"]);
    let (tty0, tty1) = (w.server.pane_tty("%0"), w.server.pane_tty("%1"));
    let (a, b) = (w.project("crashes"), w.project("stays"));
    w.alive(&[(&a, &tty0), (&b, &tty1)]);
    w.hook("%0", payload::waiting("crash", &a, &tty0));
    w.hook("%1", payload::event("UserPromptSubmit", "stay", &b, &tty1));
    // The first agent dies without a SessionEnd; someone wipes %1's options.
    w.alive(&[(&b, &tty1)]);
    w.server
        .run(&["set-option", "-p", "-u", "-t", "%1", "@ring_state"]);
    let out = w.ring(&["status", "--repair-now"]);
    assert!(out.status.success());
    assert_eq!(w.server.pane_options("%0"), "");
    assert_eq!(w.server.pane_options("%1"), "working");
    assert_eq!(w.server.window_badge("t:0"), "\u{1F7E2}");
}

#[test]
fn a_tmux_pane_that_no_longer_exists_is_corrected_by_the_agents_tty() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("closedpane");
    w.alive(&[(&cwd, &tty)]);
    // $TMUX_PANE names a pane that was closed since (a daemon's frozen value): tmux refuses
    // the target itself, which must still lead to the lookup by tty.
    w.hook("%77", payload::waiting("gone-pane", &cwd, &tty));
    assert_eq!(
        until_contains(BADGE_WITHIN, "waiting", || w.server.pane_options("%0")),
        "waiting permission"
    );
}

#[test]
fn the_attach_repair_hook_runs_a_binary_whose_path_has_quotes_dollars_and_spaces() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    // ~/.local/bin of a user called O'Brien, in a folder named like a variable.
    w.bin_in("O'Brien $HOME #1");
    w.source_ring_tmux();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("quoted");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::waiting("q1", &cwd, &tty));
    // The badge is lost (a server restarted under old rows); a client attaches: the
    // client-attached hook repairs it at once (no status line: no status job repairs it).
    w.server.run(&["set-option", "-g", "status", "off"]);
    w.server
        .run(&["set-option", "-p", "-u", "-t", "%0", "@ring_state"]);
    w.server
        .run(&["set-option", "-p", "-u", "-t", "%0", "@ring_kind"]);
    w.attach();
    assert_eq!(
        until_contains(STATUS_WITHIN, "waiting", || w.server.pane_options("%0")),
        "waiting permission"
    );
}

#[test]
fn a_binary_whose_path_has_an_unbalanced_parenthesis_still_draws_the_segment() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    // tmux ends a #() job at the first unbalanced ")".
    w.server
        .run(&["set-option", "-g", "status-right", "#{ring_status} END"]);
    w.bin_in("tools) (v2");
    w.source_ring_tmux();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("parens");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::waiting("p1", &cwd, &tty));
    w.attach();
    let line = until_contains(STATUS_WITHIN, "parens", || w.status_line());
    assert!(line.contains("parens") && line.ends_with("END"), "{line}");
}

#[test]
fn without_a_binary_the_status_line_says_so_until_one_is_found() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    // ring.tmux where no binary is (no target/), no @ring-bin, and no cargo on PATH.
    let plugin = w.dir.path().join("plugin");
    std::fs::create_dir_all(&plugin).expect("plugin dir");
    std::fs::copy(world::RING_TMUX, plugin.join("ring.tmux")).expect("copy ring.tmux");
    let s = &w.server;
    s.run(&["set-option", "-g", "status-right", "#{ring_status} END"]);
    s.run(&["set-option", "-gu", "@ring-bin"]);
    let home = w.dir.path().join("empty-home");
    std::fs::create_dir_all(&home).expect("home");
    s.run(&[
        "run-shell",
        &format!(
            "env PATH=/usr/bin:/bin HOME='{}' '{}'",
            home.display(),
            plugin.join("ring.tmux").display()
        ),
    ]);
    w.attach();
    let line = until_contains(STATUS_WITHIN, "not found", || w.status_line());
    assert!(line.contains("ring: ring-tmux not found"), "{line}");
    // Once the binary is known, loading again turns the message into the segment.
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("found");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::waiting("f1", &cwd, &tty));
    w.server.run(&["set-option", "-g", "@ring-bin", world::BIN]);
    w.source_ring_tmux();
    let line = until_contains(STATUS_WITHIN, "found", || {
        Some(w.status_line())
            .filter(|l| !l.contains("not found"))
            .unwrap_or_default()
    });
    assert!(line.contains("found") && line.ends_with("END"), "{line}");
}

#[test]
fn json_and_list_name_the_tmux_pane_where_each_session_lives() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    w.server.run(&["split-window", "-t", "t:0"]);
    let tty = w.server.pane_tty("%1");
    let cwd = w.project("webapp");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%1", payload::waiting("s1", &cwd, &tty));

    let json = w.ring(&["json"]);
    let board: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json board");
    let session = &board["sessions"][0];
    assert_eq!(session["tmux_target"], "t:0.1", "{board}");
    assert_eq!(session["location"], "t:0.1", "{board}");
    let list = String::from_utf8_lossy(&w.ring(&["list"]).stdout).into_owned();
    assert!(list.contains("t:0.1"), "{list}");
}
