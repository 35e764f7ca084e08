//! What `ring-tmux serve` exposes: where it listens (if it runs), whether the token guards
//! it, whether details go out, and the token file's mode.

use super::Finding;
use crate::sys::env::Env;
use ring_shared::t;
use std::os::unix::fs::PermissionsExt;

/// The findings about `serve`.
pub fn serve(env: &Env) -> Vec<Finding> {
    let config = crate::gather::read_config(&env.ring_home).0;
    let mut all = Vec::new();
    match crate::out::serve::print::running(env) {
        Some(state) => {
            use ring_shared::t;
            let guard = if state.token {
                t!("doctor-serve-token")
            } else {
                t!("doctor-serve-no-token")
            };
            let detail = if state.detail {
                t!("doctor-serve-detail")
            } else {
                t!("doctor-serve-no-detail")
            };
            let reach = if state.remote {
                t!("doctor-serve-remote")
            } else {
                t!("doctor-serve-local")
            };
            all.push(Finding::info(t!(
                "doctor-serve-running",
                pid = state.pid.to_string(),
                url = state.url.to_string(),
                reach = reach,
                guard = guard,
                detail = detail
            )));
        }
        None => all.push(Finding::absent(
            t!("doctor-serve-off"),
            t!("doctor-serve-off-fix"),
        )),
    }
    if config.serve_detail {
        all.push(Finding::info(t!("doctor-serve-detail-on")));
    }
    if !crate::out::serve::assets::has_wasm() {
        all.push(Finding::absent(
            t!("doctor-serve-no-wasm"),
            t!("doctor-serve-no-wasm-fix"),
        ));
    }
    let token = crate::out::serve::token_path(env);
    if let Ok(meta) = std::fs::symlink_metadata(&token) {
        let mode = meta.permissions().mode() & 0o777;
        let path = &token.display().to_string();
        if !meta.is_file() || mode & 0o077 != 0 {
            let mode = format!("{mode:o}");
            all.push(Finding::warn(
                t!("doctor-serve-token-open", path = path, mode = mode),
                t!("doctor-serve-token-open-fix", path = path),
            ));
        } else {
            all.push(Finding::ok(t!("doctor-serve-token-ok", path = path)));
        }
    }
    all
}
