//! `ring-tmux remote add HOST | list | remove HOST | refresh [HOST…]` (issue 27): the hosts
//! whose sessions show on this board ([`crate::gather::remote`]).

use crate::gather::remote::{HostState, cache, config_file};
use ring_shared::config::Config;
use ring_shared::format::sanitize;
use ring_shared::t;
use ring_shared::view::remote::valid_host;
use std::process::ExitCode;

/// Show the sessions of other machines (read over ssh) on this board.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(Debug, Clone, PartialEq, Eq, clap::Subcommand)]
pub enum Action {
    /// Add a host (an ssh destination or ~/.ssh/config alias) to `remote_hosts`.
    Add {
        #[arg(value_name = "HOST")]
        host: String,
    },
    /// List the hosts and how each answered.
    List,
    /// Remove a host from `remote_hosts`.
    Remove {
        #[arg(value_name = "HOST")]
        host: String,
    },
    /// Fetch the hosts' sessions now (what the status line starts in the background).
    Refresh {
        /// The hosts to fetch (default: every one of `remote_hosts`).
        #[arg(value_name = "HOST")]
        hosts: Vec<String>,
    },
}

/// Runs the action.
pub fn run(args: Args) -> ExitCode {
    let env = crate::sys::env::Env::from_process();
    let config = crate::gather::read_config(&env.ring_home).0;
    match args.action {
        Action::Add { host } => change(&env, &config, &host, true),
        Action::Remove { host } => change(&env, &config, &host, false),
        Action::List => {
            list(&env, &config);
            ExitCode::SUCCESS
        }
        Action::Refresh { hosts } => refresh(&env, &config, &hosts),
    }
}

fn change(env: &crate::sys::env::Env, config: &Config, host: &str, add: bool) -> ExitCode {
    if !valid_host(host) {
        return crate::sys::voice::usage(
            &t!(
                "err-remote-bad-host",
                host = format!("{:?}", sanitize(host))
            ),
            &t!("err-remote-bad-host-fix"),
        );
    }
    let text = match config_file::read(&env.ring_home) {
        Ok(text) => text,
        Err(why) => return crate::sys::voice::fail(&why, &t!("err-config-fix")),
    };
    let mut hosts = config.remote_hosts.clone();
    let had = hosts.iter().any(|h| h == host);
    match (add, had) {
        (true, true) => {
            crate::gather::named::report(&t!("err-remote-known", host = host.to_string()));
            return ExitCode::SUCCESS;
        }
        (false, false) => {
            return crate::sys::voice::fail(
                &t!("err-remote-unknown", host = host.to_string()),
                &t!("err-remote-unknown-fix"),
            );
        }
        (true, false) => hosts.push(host.to_owned()),
        (false, true) => hosts.retain(|h| h != host),
    }
    if let Err(e) = config_file::write(&env.ring_home, &config_file::with_hosts(&text, &hosts)) {
        crate::sys::voice::file_error(
            "err-config-write",
            &env.ring_home,
            e,
            "err-config-write-fix",
        );
        return crate::sys::voice::FAILURE;
    }
    if add {
        crate::gather::named::report(&t!("err-remote-added", host = host.to_string()));
    } else {
        cache::forget(&env.ring_home, host);
        crate::gather::named::report(&t!("err-remote-removed", host = host.to_string()));
    }
    ExitCode::SUCCESS
}

fn states(env: &crate::sys::env::Env, config: &Config) -> Vec<HostState> {
    let mut view = ring_shared::view::View {
        generated_at: env.now(),
        ..Default::default()
    };
    crate::gather::remote::add_to(env, config, &mut view, false, false)
}

fn list(env: &crate::sys::env::Env, config: &Config) {
    if config.remote_hosts.is_empty() {
        crate::gather::named::report(&t!("err-remote-none"));
        return;
    }
    for state in states(env, config) {
        crate::gather::named::report(&state.describe());
    }
}

fn refresh(env: &crate::sys::env::Env, config: &Config, hosts: &[String]) -> ExitCode {
    let hosts: Vec<&String> = if hosts.is_empty() {
        config.remote_hosts.iter().collect()
    } else {
        hosts.iter().collect()
    };
    let mut failed = false;
    for host in hosts {
        // Only configured hosts: the argument never chooses where ssh goes by itself.
        if !config.remote_hosts.contains(host) {
            crate::sys::voice::error(
                &t!("err-remote-unknown", host = sanitize(host)),
                &t!("err-remote-unknown-add"),
            );
            failed = true;
            continue;
        }
        match cache::refresh(env, config, host) {
            None => crate::gather::named::report(&t!("err-remote-busy", host = sanitize(host))),
            Some((c, rings)) => {
                // The cache is written first: the flush's board lists these sessions.
                crate::out::notify::ring_remote(env, config, &rings);
                failed |= c.error.is_some();
                let state = HostState {
                    host: host.clone(),
                    age: (c.ok_at > 0.0).then(|| (env.now() - c.ok_at).max(0.0)),
                    stale: false,
                    error: c.error,
                };
                crate::gather::named::report(&state.describe());
            }
        }
    }
    if failed {
        crate::sys::voice::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
