//! The board as text on stdout: `oneline` (RiNG's status-bar line), `json` (RiNG's board
//! plus ring's keys), `json --snapshot` (the read's inputs) and `list` (the table for people).

use crate::sys::env::Env;
use ring_shared::config::Config;
use ring_shared::format;
use std::io::Write;
use std::process::ExitCode;

/// Loads the config; warnings go to stderr only for the interactive commands.
fn config(env: &Env, warn: bool) -> Config {
    let (config, warnings) = crate::gather::read_config(&env.ring_home);
    if warn {
        for warning in warnings {
            crate::sys::voice::warn(&crate::sys::printable::printable(&warning.to_string()));
        }
    }
    config
}

/// Writes all of `text` to stdout; a closed pipe (`| head`) is success.
fn print(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            crate::sys::voice::fail(&ring_shared::t!("err-stdout", error = e.to_string()), "")
        }
    }
}

/// `ring-tmux oneline [--all]`: RiNG's `--format oneline` line. Whatever goes wrong, it prints
/// nothing rather than an error (it runs inside status bars) and exits 0.
pub fn oneline(all: bool) -> ExitCode {
    std::panic::set_hook(Box::new(|_| {}));
    let line = std::panic::catch_unwind(|| {
        let env = Env::from_process();
        let config = config(&env, false);
        let counts = crate::gather::read_counts(
            &env,
            &config,
            crate::gather::LoadOptions {
                waiting_rows: false,
                ..crate::gather::LoadOptions::counts(all || config.show_all)
            },
        );
        let view = ring_shared::view::View {
            counts,
            ..Default::default()
        };
        let line = format!("{}\n", format::oneline(&view));
        line
    });
    if let Ok(line) = line {
        let _ = print(&line);
    }
    ExitCode::SUCCESS
}

/// `ring-tmux json [--all]`: RiNG's `--format json` board (plus ring's keys).
pub fn json(all: bool) -> ExitCode {
    // Read for a person: the caches are used as found, never written (`store::keeps_caches`).
    crate::store::read_only();
    crate::gather::zeroconf::evidence::want_fresh();
    let env = Env::from_process();
    let config = config(&env, true);
    let loaded = crate::gather::load_board_with(
        &env,
        &config,
        crate::gather::LoadOptions::full(all || config.show_all),
    );
    report_skipped(&loaded);
    print(&format!("{}\n", format::json(&loaded.view)))
}

/// `ring-tmux json --snapshot`: the read inputs ([`snapshot`]) as one JSON line.
pub fn print_snapshot() -> ExitCode {
    crate::store::read_only();
    crate::gather::zeroconf::evidence::want_fresh();
    let env = Env::from_process();
    let _ = config(&env, true);
    print(&format!("{}\n", crate::gather::snapshot(&env).to_json()))
}

/// `ring-tmux list [--all]`: a readable table of the board.
/// `hook_states`: which agents have ring's hooks installed (`crate::admin::install::state`),
/// for the line about live sessions whose hooks never fired.
pub fn list(
    all: bool,
    hook_states: &dyn Fn(&std::path::Path) -> Vec<ring_shared::health::AgentHooks>,
) -> ExitCode {
    // Read for a person: the caches are used as found, never written (`store::keeps_caches`).
    crate::store::read_only();
    crate::gather::zeroconf::evidence::want_fresh();
    let env = Env::from_process();
    let config = config(&env, true);
    let mut loaded = crate::gather::load_board_with(
        &env,
        &config,
        crate::gather::LoadOptions::full(all || config.show_all),
    );
    report_skipped(&loaded);
    let current = crate::gather::servers::current_or_default();
    ring_shared::servers::mark_locations(&mut loaded.view.entries, Some(&current));
    let width = super::list::terminal_width();
    let mut text = super::list::render(&loaded.view, width);
    for host in loaded.hosts.iter().filter(|h| h.unreachable() || h.stale) {
        let line = ring_shared::t!("remote-listed", state = host.describe());
        text.push_str(&format!("{line}\n"));
    }
    // Hook health: live sessions whose installed hooks never fired (doctor says why).
    let states = hook_states(&env.home);
    let local: Vec<_> = (loaded.view.entries.iter())
        .filter(|e| e.remote.is_none())
        .cloned()
        .collect();
    let silent: Vec<_> = ring_shared::health::silent(&local, &loaded.procs, &states)
        .into_iter()
        .filter(|s| s.state != ring_shared::health::HookState::NotInstalled)
        .collect();
    if !silent.is_empty() {
        let folders = silent.iter().map(|s| s.cwd.as_str()).collect::<Vec<_>>();
        text.push_str(&format!(
            "! {}\n",
            ring_shared::t!(
                "list-silent-hooks",
                count = silent.len(),
                folders = folders.join(", ")
            )
        ));
    }
    print(&text)
}

fn report_skipped(loaded: &crate::gather::LoadedBoard) {
    for (path, why) in &loaded.skipped {
        // `why` is a code (the row cache keeps it in no language): its text is said here.
        let why = ring_shared::registry::skip::text(why);
        crate::sys::voice::warn(&ring_shared::t!(
            "list-skipped",
            path = crate::sys::printable::path(path),
            why = crate::sys::printable::printable(&why)
        ));
    }
}
