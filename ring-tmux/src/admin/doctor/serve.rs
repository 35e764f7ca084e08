//! What `ring-tmux serve` exposes: where it listens (if it runs), whether the token guards
//! it, whether details go out, and the token file's mode.

use super::Finding;
use crate::sys::env::Env;
use std::os::unix::fs::PermissionsExt;

/// The findings about `serve`.
pub fn serve(env: &Env) -> Vec<Finding> {
    let config = crate::gather::read_config(&env.ring_home).0;
    let mut all = Vec::new();
    match crate::out::serve::print::running(env) {
        Some(state) => {
            let guard = if state.token {
                "every request for data needs the token"
            } else {
                "no token (an older ring-tmux serve: restart it)"
            };
            let detail = if state.detail {
                "details (commands, questions) are sent"
            } else {
                "details are left out (serve_detail = true sends them)"
            };
            let reach = if state.remote {
                "reachable from other machines over plain HTTP"
            } else {
                "this machine only"
            };
            all.push(Finding::info(format!(
                "serve: running (pid {}) at {}: {reach}; {guard}; {detail}",
                state.pid, state.url
            )));
        }
        None => all.push(Finding::absent(
            "serve: not running (the board in a browser)",
            "ring-tmux serve (this machine only), or ring-tmux serve --listen 0.0.0.0:7380 \
             for a phone on a network you trust (plain HTTP)",
        )),
    }
    if config.serve_detail {
        all.push(Finding::info(
            "serve: serve_detail = true: a non-loopback listener sends commands and questions",
        ));
    }
    if !crate::out::serve::assets::has_wasm() {
        all.push(Finding::absent(
            "serve: this build has no wasm module: the page shows the server's view, and \
             times move only when the board changes",
            "install a release archive (its ring-tmux has the page), or run scripts/install.sh \
             again in a clone (it builds the page, installing the wasm-bindgen-cli version \
             Cargo.lock pins when it is missing)",
        ));
    }
    let token = crate::out::serve::token_path(env);
    if let Ok(meta) = std::fs::symlink_metadata(&token) {
        let mode = meta.permissions().mode() & 0o777;
        if !meta.is_file() || mode & 0o077 != 0 {
            all.push(Finding::warn(
                format!(
                    "serve: the token file {} is readable by others (mode {mode:o}) or not a file",
                    token.display()
                ),
                format!("rm {} (serve makes a new one)", token.display()),
            ));
        } else {
            all.push(Finding::ok(format!(
                "serve: token stored at {} (mode 600)",
                token.display()
            )));
        }
    }
    all
}
