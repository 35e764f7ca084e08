//! The status segment in a real client's status line, and ring.tmux loading it.

use super::world::{self, Server, World, payload, segment_of, status_line_in, until_contains};
use super::{BADGE_WITHIN, STATUS_WITHIN};

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

/// GitHub Copilot CLI and Cursor, not driven here (Copilot is, offline, in the real-agent
/// suite: `scripts/agents/copilot_scenarios.py`; Cursor needs its own download): payloads as
/// their hooks documentation gives them, through the real hook in a real pane. Copilot's permission prompt badges the pane and goes when allowed;
/// Cursor, whose hooks never say it asks, is working, then idle.
#[test]
fn documented_copilot_and_cursor_payloads_badge_their_pane() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let cwd = w.project("copproj");
    let copilot = |event: &str, extra: serde_json::Value| {
        let mut p = serde_json::json!({"session_id": "cop1", "cwd": cwd, "hook_event_name": event});
        p.as_object_mut()
            .expect("object")
            .extend(extra.as_object().expect("object").clone());
        w.hook_as("copilot", "%0", p);
    };
    copilot("SessionStart", serde_json::json!({"source": "new"}));
    copilot(
        "UserPromptSubmit",
        serde_json::json!({"prompt": "build it"}),
    );
    copilot(
        "PreToolUse",
        serde_json::json!({"tool_name": "bash", "tool_input": {"command": "make"}}),
    );
    copilot(
        "Notification",
        serde_json::json!({"notification_type": "permission_prompt", "message": "Allow bash to run make?"}),
    );
    let badged = until_contains(BADGE_WITHIN, "waiting", || w.server.pane_options("%0"));
    assert_eq!(badged, "waiting permission");
    copilot(
        "PostToolUse",
        serde_json::json!({"tool_name": "bash", "tool_response": "ok"}),
    );
    let allowed = until_contains(BADGE_WITHIN, "working", || w.server.pane_options("%0"));
    assert_eq!(allowed, "working");

    let root = w.project("curproj");
    let cursor = |event: &str, extra: serde_json::Value| {
        let mut p = serde_json::json!({
            "conversation_id": "cur1", "generation_id": "g1", "workspace_roots": [root],
            "cursor_version": "2.0.77", "hook_event_name": event,
        });
        p.as_object_mut()
            .expect("object")
            .extend(extra.as_object().expect("object").clone());
        w.hook_as("cursor", "%1", p);
    };
    w.server.run(&["new-window", "-d", "-t", "t:1"]);
    cursor(
        "beforeSubmitPrompt",
        serde_json::json!({"prompt": "fix it"}),
    );
    let working = until_contains(BADGE_WITHIN, "working", || w.server.pane_options("%1"));
    assert_eq!(working, "working");
    cursor("stop", serde_json::json!({"status": "completed"}));
    let idle = until_contains(BADGE_WITHIN, "idle", || w.server.pane_options("%1"));
    assert_eq!(idle, "idle");
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
    let screen = w.menu_screen(
        &["--client", &client, "--socket", &socket, "--style", "menu"],
        "Delete",
    );
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
fn a_style_in_a_project_name_is_shown_as_text_on_every_tmux() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    w.attach();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("#[fg=red]api");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::waiting("styled", &cwd, &tty));
    // tmux before 3.2 reads styles after turning `##` into `#`: a plain `##[` would restyle
    // there and the text would vanish from the line.
    let line = until_contains(STATUS_WITHIN, "api", || w.status_line());
    assert!(
        line.contains("#[fg=red]api"),
        "project shown as text: {line}"
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
fn where_list_keys_takes_no_key_as_in_tmux_3_0_a_default_key_the_user_bound_is_kept() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let s = &w.server;
    s.run(&["bind-key", "-T", "prefix", "a", "send-prefix"]);
    s.run(&["unbind-key", "-T", "prefix", "A"]);
    // The tmux under test, except that `list-keys … KEY` fails as in tmux 3.0 (the key
    // argument came in 3.1), and says so in a log.
    let shim = w.dir.path().join("tmux-3.0-list-keys");
    std::fs::create_dir_all(&shim).expect("shim dir");
    let refused = w.dir.path().join("refused.log");
    let script = format!(
        "#!/bin/sh\n\
         if [ \"$1\" = list-keys ] && [ \"$#\" -gt 3 ]; then\n\
         \techo \"$*\" >>'{}'; echo 'too many arguments' >&2; exit 1\n\
         fi\n\
         exec '{}' \"$@\"\n",
        refused.display(),
        world::tmux_program().display()
    );
    let tmux = shim.join("tmux");
    std::fs::write(&tmux, script).expect("shim");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&tmux, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    s.run(&[
        "run-shell",
        &format!("PATH='{}':\"$PATH\" '{}'", shim.display(), world::RING_TMUX),
    ]);

    let asked = std::fs::read_to_string(&refused).unwrap_or_default();
    assert!(asked.contains("list-keys -T prefix -- a"), "{asked:?}");
    let keys = s.run(&["list-keys", "-T", "prefix"]);
    let bound = |key: &str, what: &str| {
        keys.lines()
            .any(|l| l.split_whitespace().nth(3) == Some(key) && l.contains(what))
    };
    assert!(
        bound("a", "send-prefix"),
        "the user's key was taken: {keys}"
    );
    assert!(
        bound("A", "ring-tmux' menu"),
        "the free key was not bound: {keys}"
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
    // A server ring never loaded with a binary: else ring.tmux's after-set-option hook puts
    // the segment of that load where the placeholder goes (e2e_tmux/late_formats.rs).
    s.run(&["set-option", "-gu", "@ring_loaded"]);
    s.run(&["set-option", "-g", "status-right", "#{ring_status} END"]);
    s.run(&["set-option", "-gu", "@ring-bin"]);
    let home = w.dir.path().join("empty-home");
    std::fs::create_dir_all(&home).expect("home");
    // Only the tmux under test joins the plain PATH (it may live beside a cargo).
    let tools = w.dir.path().join("tools");
    std::fs::create_dir_all(&tools).expect("tools dir");
    std::os::unix::fs::symlink(world::tmux_program(), tools.join("tmux")).expect("tmux link");
    s.run(&[
        "run-shell",
        &format!(
            "env PATH='{}':/usr/bin:/bin HOME='{}' '{}'",
            tools.display(),
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

/// Polls the status lines shown in `outers` until ring's segment is `want` in all of them or
/// [`STATUS_WITHIN`] passes (one limit for all); the segments last seen.
fn segments_until(outers: &[&Server], want: &str) -> Vec<Option<String>> {
    let mut last = Vec::new();
    let _ = world::poll(STATUS_WITHIN, || {
        last = outers
            .iter()
            .map(|o| segment_of(&status_line_in(o)))
            .collect();
        last.iter()
            .all(|s| s.as_deref() == Some(want))
            .then_some(())
    });
    last
}

#[test]
fn every_pushed_change_reaches_the_status_line_of_every_client_within_a_second() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    // ring.tmux lowers tmux's default of 15 s to 2 s; at 5 s no status-interval tick can
    // explain a change within a second.
    assert_eq!(
        w.server.run(&["show-options", "-gv", "status-interval"]),
        "2"
    );
    w.server.run(&["set-option", "-g", "status-interval", "5"]);
    w.server.run(&["new-session", "-d", "-s", "u"]);
    w.attach();
    // A second client, on another session: its status line runs its own job.
    let (_, second) = w.attach_to("u");
    let first = w.outer.as_ref().expect("attached");
    let outers = [first, &second];
    let all = |want: &str| vec![Some(want.to_owned()); outers.len()];
    assert_eq!(segments_until(&outers, ""), all(""), "before any event");

    let tty = w.server.pane_tty("%0");
    let cwd = w.project("webapp");
    // Which agents run is unknown: the rows stay as the hook wrote them, with no synthetic
    // row for a live agent that has no transcript (§4.4) beside them.
    std::fs::write(w.procs_file(), r#"{"claude-code": null, "codex": null}"#).expect("procs");
    // In quick succession, several within one second: tmux re-runs a job at most once a
    // second on a plain redraw, so only a command line that changed brings each one.
    let steps = [
        (
            payload::waiting("s1", &cwd, &tty),
            "\u{1F534}1 webapp\u{1F510}",
        ),
        (
            payload::event("UserPromptSubmit", "s1", &cwd, &tty),
            "\u{1F7E2}1",
        ),
        (payload::event("Stop", "s1", &cwd, &tty), "\u{1F7E1}1"),
        (
            payload::question("s1", &cwd, &tty, "Ship?"),
            "\u{1F534}1 webapp\u{2753}",
        ),
    ];
    for (event, want) in steps {
        let name = event["hook_event_name"].clone();
        w.hook("%0", event);
        assert_eq!(segments_until(&outers, want), all(want), "after {name}");
    }
    // The agent exits: its SessionEnd empties the segment as fast.
    w.hook("%0", payload::event("SessionEnd", "s1", &cwd, &tty));
    assert_eq!(segments_until(&outers, ""), all(""), "after SessionEnd");
}

#[test]
fn sourcing_ring_tmux_over_an_older_segment_replaces_it_in_place() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let s = &w.server;
    let current = s.run(&["show-options", "-gv", "@ring_status"]);
    // What an earlier ring.tmux put in: the job without the generation the hook bumps.
    let older = current.replace(" --gen=#{q:@ring_gen}", "");
    assert_ne!(older, current);
    s.run(&["set-option", "-g", "status-left", &format!("L {older} |")]);
    s.run(&["set-option", "-g", "status-right", &format!("{older} END")]);
    s.run(&["set-option", "-g", "@ring_status", &older]);
    w.source_ring_tmux();
    assert_eq!(
        s.run(&["show-options", "-gv", "status-left"]),
        format!("L {current} |")
    );
    assert_eq!(
        s.run(&["show-options", "-gv", "status-right"]),
        format!("{current} END")
    );
    assert_eq!(s.run(&["show-options", "-gv", "@ring_status"]), current);
}
