//! ring-tmux's integration tests, one test binary (`cargo test -p ring-tmux --test it`) with a
//! module per area; filter by module path, e.g. `cargo test -p ring-tmux --test it hook_harden::`.
//! Shared helpers: `hook_support` (a temporary ring home and the hook run on it), `read_support`
//! (board reads), `zeroconf_support` (agents' own files), `e2e_tmux::world` (a private tmux
//! server).

/// What no ring process of a test inherits from the shell the tests run in: its tmux or
/// zellij session (a hook would record it, `name`/`hide` would pipe a refresh to it) and the
/// zellij CI pins. `scripts/with-fake-agents.sh` runs the suite inside fake ones.
pub const OUTSIDE: [&str; 6] = [
    "TMUX",
    "TMUX_PANE",
    "ZELLIJ",
    "ZELLIJ_SESSION_NAME",
    "ZELLIJ_PANE_ID",
    "RING_ZELLIJ",
];

mod agreement;
mod cli;
mod cli_messages;
mod compat;
mod doctor_checks;
mod doctor_config;
mod doctor_health;
mod e2e_evidence;
mod e2e_tmux;
mod explain_cli;
mod focus_doctor;
mod focus_kitty;
mod focus_neovim;
mod focus_recorded;
mod focus_support;
mod focus_tmux_nvim;
mod focus_web;
mod focus_x11;
mod fs_links;
mod fs_modes;
mod gc_collect;
mod hook_behaviour;
mod hook_compat;
mod hook_concurrency;
mod hook_harden;
mod hook_hostile;
mod hook_plan;
mod hook_props;
mod hook_ring_cli;
mod hook_stdin;
mod hook_support;
mod hook_unsafe_folder;
mod install_agents;
mod install_copilot;
mod install_family;
mod install_gemini;
mod install_hooks;
mod install_present;
mod install_readme;
mod lang_native;
mod lang_outputs;
mod lang_support;
mod notify_flow;
mod notify_local;
mod other_user;
mod print_controls;
mod props_status;
mod read_board;
mod read_cache;
mod read_copilot;
mod read_gemini;
mod read_list;
mod read_names;
mod read_snapshot;
mod read_support;
mod remote_act;
mod remote_board;
mod remote_explain;
mod remote_notify;
mod remote_ssh;
mod remote_support;
mod serve_answer;
mod serve_http;
mod serve_limits;
mod serve_remote;
mod serve_support;
mod stats_digest;
mod uninstall_unhide;
mod zeroconf_cli;
mod zeroconf_defer;
mod zeroconf_evidence;
mod zeroconf_files;
mod zeroconf_llm;
mod zeroconf_relist;
mod zeroconf_support;
