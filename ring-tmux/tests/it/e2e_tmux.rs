//! ring in a real tmux: what a person sees after real hook events.
//!
//! Each test starts its own server on a private socket (see `e2e_tmux/world.rs`) and checks
//! what tmux draws: formats expanded by tmux itself, pane options from `list-panes`, and the
//! status line of a client attached inside an outer tmux (`capture-pane`). Pushed badges and
//! the status segment must both show within 1 s, under ring.tmux's default `status-interval`
//! (5 s): the segment, a `#()` job, only makes it because the hook's push bumps `@ring_gen`,
//! which the job's command names (see `src/tmux/push.rs`).
//!
//! Here: badges, drift repair and the pane a session is found in. `e2e_tmux/status_line.rs`:
//! the status segment and ring.tmux itself. `e2e_tmux/keys.rs`: the jump key and the menu.
//! `e2e_tmux/board.rs`: the menu key's live board popup.
//! `e2e_tmux/tpm.rs`: installing through TPM from a clone, to working badges.
//! `e2e_tmux/late_formats.rs`: formats set after ring.tmux ran, and the status lengths.

// Also used by `e2e_evidence`.
pub mod world;

mod board;
mod by_name;
mod demo;
mod install_ask;
mod keys;
mod late_formats;
pub(crate) mod reply;
mod reply_whole;
mod servers;
mod status_line;
mod tpm;

use std::time::Duration;
use world::{World, payload, poll, until_contains};

/// Pane options, window and pane badges.
const BADGE_WITHIN: Duration = Duration::from_secs(1);
/// A push that is a test's set-up rather than what it checks (the hook hands it to a
/// detached child, which a machine busy with the whole suite may start late).
const PUSHED_WITHIN: Duration = Duration::from_secs(5);
/// The status segment: the issue asks for the same second as the badges.
const STATUS_WITHIN: Duration = Duration::from_secs(1);

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
    if world::tmux_version(&w.server) >= (3, 2) {
        assert_eq!(
            until_contains(BADGE_WITHIN, "2", || w.server.window_badge("t:0")),
            "\u{1F534}2"
        );
    } else {
        // tmux 3.0 / 3.1 cannot count in a format (no #{n:…}, no #{e|…}): the icon alone.
        for pane in ["%0", "%1"] {
            assert_eq!(w.server.pane_options(pane), "waiting permission", "{pane}");
        }
        assert_eq!(w.server.window_badge("t:0"), "\u{1F534}");
    }
    w.hook("%1", payload::event("UserPromptSubmit", "s-b", &b, &tty1));
    // Two agents in the window: each state with its count, 1 included, a space between.
    let want = if world::tmux_version(&w.server) >= (3, 2) {
        "\u{1F534}1 \u{1F7E2}1"
    } else {
        "\u{1F534} \u{1F7E2}"
    };
    assert_eq!(
        until_contains(BADGE_WITHIN, "\u{1F7E2}", || w.server.window_badge("t:0")),
        want
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

/// The menu whose first session is on another server (its item greyed out, so its label
/// starts with `-`) still opens: tmux once read that label as a flag and drew nothing.
#[test]
fn the_menu_opens_when_its_first_session_is_on_another_server() {
    if !world::tmux_available() {
        return;
    }
    let mut w = World::new();
    let client = w.attach();
    let other = world::Server::start(&World::env(w.dir.path()), None);
    let tty = other.pane_tty("%0");
    let cwd = w.project("far-away");
    w.alive(&[(&cwd, &tty)]);
    let out = w.hook_in(
        Some(&other.tmux_env()),
        Some("%0"),
        &payload::waiting("far", &cwd, &tty),
    );
    assert!(out.status.success());
    let socket = w.server.socket();
    let screen = w.menu_screen(
        &["--client", &client, "--socket", &socket, "--style", "menu"],
        "(elsewhere)",
    );
    assert!(screen.contains("far-away"), "menu: {screen}");
    assert!(screen.contains("(elsewhere)"), "menu: {screen}");
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

/// Makes row `id` idle with no push, as RiNG's hook writes a row: a new file renamed over
/// the old one (a rewrite in place would not change the folder, which the readers watch).
fn rewrite_idle_as_ring_does(w: &World, id: &str) {
    let row = w.ring_home().join("sessions").join(format!("{id}.json"));
    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&row).expect("row")).expect("row json");
    doc["status"] = "idle".into();
    doc["waiting_kind"] = "".into();
    let new = row.with_extension("tmp");
    std::fs::write(&new, doc.to_string()).expect("row written");
    std::fs::rename(&new, &row).expect("row replaced");
}

/// The status job's repair after a push it never saw: rows repaired as idle, a hook pushes
/// working, then the session is idle again with no hook (Esc while Claude thinks: Claude's
/// own session file says idle; here RiNG's hook, which pushes nothing, rewrites the row).
/// The rows read as at the last repair, the pane shows working. `gen`: the job's `--gen`
/// as ring.tmux writes it (`@ring_gen`, which the push bumped), or none (a status-right
/// written by hand, where the push's mark on the repair stamp tells instead).
fn a_push_the_repair_never_saw_is_repaired_when_the_rows_look_unchanged(with_gen: bool) {
    let w = World::new();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("escaped");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::event("Stop", "esc", &cwd, &tty));
    let status = |w: &World| {
        let generation = w.server.show("%0", "#{@ring_gen}");
        let mut args = vec![
            "status".to_owned(),
            "--socket".to_owned(),
            w.server.socket(),
        ];
        if with_gen {
            args.push(format!("--gen={generation}"));
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert!(w.ring(&args).status.success());
    };
    status(&w);
    // The push is the set-up here, not what is tested: give a loaded machine its time.
    assert_eq!(
        until_contains(PUSHED_WITHIN, "idle", || w.server.pane_options("%0")),
        "idle"
    );
    w.hook("%0", payload::event("UserPromptSubmit", "esc", &cwd, &tty));
    // The push is the set-up here, not what is tested: give a loaded machine its time.
    assert_eq!(
        until_contains(PUSHED_WITHIN, "working", || w.server.pane_options("%0")),
        "working"
    );
    rewrite_idle_as_ring_does(&w, "esc");
    // Past the 1 s between two repairs (the stamp's mtime is the last repair's time).
    for stamp in std::fs::read_dir(w.ring_home().join("tmux")).expect("stamps") {
        let aged = std::time::SystemTime::now() - Duration::from_secs(5);
        std::fs::File::options()
            .write(true)
            .open(stamp.expect("stamp").path())
            .and_then(|f| f.set_modified(aged))
            .expect("stamp aged");
    }
    status(&w);
    assert_eq!(
        w.server.pane_options("%0"),
        "idle",
        "with --gen: {with_gen}"
    );
}

/// A repair whose read tied with a push in the same millisecond (stamps are milliseconds)
/// leaves the push: the read may have been just before the row it pushes was written. A
/// repair of a later read does overwrite it. The read's clock is fixed with `RING_NOW`;
/// the row is then made idle by hand (RiNG's hook, which pushes nothing), so the repair
/// would change the pane if allowed.
#[test]
fn a_push_in_the_same_millisecond_as_a_repairs_read_wins() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("tie");
    w.alive(&[(&cwd, &tty)]);
    w.hook("%0", payload::question("tie", &cwd, &tty, "Which?"));
    // The push is the set-up here, not what is tested: give a loaded machine its time.
    assert_eq!(
        until_contains(PUSHED_WITHIN, "waiting", || w.server.pane_options("%0")),
        "waiting question"
    );
    let pushed: i64 = w
        .server
        .show("%0", "#{@ring_at}")
        .parse()
        .expect("@ring_at");
    rewrite_idle_as_ring_does(&w, "tie");
    let repair_read_at = |ms: i64| {
        let mut c = std::process::Command::new(world::BIN);
        c.args(["status", "--repair-now", "--socket", &w.server.socket()])
            .env("TMUX", w.server.tmux_env())
            .env("RING_NOW", format!("{:.4}", ms as f64 / 1000.0));
        for (k, v) in World::env(w.dir.path()) {
            c.env(k, v);
        }
        assert!(c.output().expect("status runs").status.success());
    };
    repair_read_at(pushed);
    assert_eq!(
        w.server.pane_options("%0"),
        "waiting question",
        "a read in the push's millisecond"
    );
    repair_read_at(pushed + 1);
    assert_eq!(w.server.pane_options("%0"), "idle", "a later read");
}

#[test]
fn a_push_the_repair_never_saw_is_repaired_through_the_jobs_generation() {
    if world::tmux_available() {
        a_push_the_repair_never_saw_is_repaired_when_the_rows_look_unchanged(true);
    }
}

#[test]
fn a_push_the_repair_never_saw_is_repaired_through_the_pushs_mark() {
    if world::tmux_available() {
        a_push_the_repair_never_saw_is_repaired_when_the_rows_look_unchanged(false);
    }
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
        until_contains(BADGE_WITHIN, "waiting", || w.server.pane_options("%0")),
        "waiting permission"
    );
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

/// Hooks hand their pushes to detached children, so pushes can reach tmux in any order: the
/// first hook's push is held back here until after the second's. Both hooks read the same
/// clock (a tie); the pane must still show the second, newer state.
#[test]
fn a_push_that_arrives_late_never_overwrites_a_newer_one() {
    if !world::tmux_available() {
        return;
    }
    let w = World::new();
    let tty = w.server.pane_tty("%0");
    let cwd = w.project("late");
    w.alive(&[(&cwd, &tty)]);
    let bin = w.dir.path().join("slow-bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let wrapper = bin.join("tmux");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n[ -n \"$RING_TEST_SLOW_TMUX\" ] && sleep 0.15\nexec '{}' \"$@\"\n",
            world::tmux_program().display()
        ),
    )
    .expect("wrapper");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let tmux_env = w.server.tmux_env();
    let clock = ("RING_NOW", "1700000000.5".to_owned());
    let slow = [
        clock.clone(),
        ("PATH", path.clone()),
        ("RING_TEST_SLOW_TMUX", "1".into()),
    ];
    let first = w.hook_unsettled(
        Some(&tmux_env),
        Some("%0"),
        &payload::event("UserPromptSubmit", "s1", &cwd, &tty),
        &slow,
    );
    let second = w.hook_unsettled(
        Some(&tmux_env),
        Some("%0"),
        &payload::event("Stop", "s1", &cwd, &tty),
        &[clock, ("PATH", path)],
    );
    assert!(first.status.success() && second.status.success());
    world::pushes_settled(Duration::from_secs(3));
    assert_eq!(w.server.pane_options("%0"), "idle");
}
