//! tmux and zellij as doctor checks them: tmux's version and ring.tmux, the placeholders a
//! status line uses, catppuccin's module, the jump key, and zellij's plugin, layout and grants.

use super::Finding;
use super::checks::{q, repo_dir};
use super::system::{self, is_executable, probe};
use crate::sys::env::Env;
use ring_shared::t;
use std::path::Path;

/// The tmux option `ring.tmux` sets in the server once it has run.
pub const TMUX_LOADED_OPTION: &str = "@ring_loaded";

/// Oldest tmux ring supports (format loops `#{P:…}`, `set-option -F`).
pub const TMUX_MIN: (u32, u32) = (3, 0);

/// tmux installed, recent enough, and ring.tmux loaded in a running server.
pub fn tmux() -> Vec<Finding> {
    let Some(version) = probe("tmux", &["-V"]).filter(|p| p.success) else {
        return vec![Finding::absent(
            t!("doctor-tmux-absent"),
            t!("doctor-tmux-absent-fix"),
        )];
    };
    let text = version.stdout.trim().to_owned();
    let mut out = Vec::new();
    match system::tmux_version(&text) {
        Some(v) if v < TMUX_MIN => {
            out.push(Finding::error(
                t!("doctor-tmux-old", version = text.as_str()),
                t!("doctor-tmux-old-fix"),
            ));
            return out;
        }
        Some(v) => {
            out.push(Finding::ok(text.clone()));
            if v < (3, 2) {
                out.push(Finding::info(t!(
                    "doctor-tmux-no-count",
                    version = text.as_str()
                )));
            }
        }
        None => out.push(Finding::info(t!(
            "doctor-tmux-version-unknown",
            version = text.as_str()
        ))),
    }
    let tmux_line = match repo_dir() {
        Some(repo) => format!("run-shell {}", q(&repo.join("ring.tmux"))),
        None => "run-shell <ring repo>/ring.tmux".to_owned(),
    };
    match probe("tmux", &["show-options", "-gqv", TMUX_LOADED_OPTION]) {
        Some(p) if p.success && !p.stdout.trim().is_empty() => {
            // ring.tmux records the binary its status job and keys run.
            let bin = p.stdout.trim();
            if bin.starts_with('/') && !is_executable(Path::new(bin)) {
                out.push(Finding::warn(
                    t!("doctor-tmux-bad-binary", path = bin),
                    t!("doctor-tmux-bad-binary-fix"),
                ));
            } else {
                out.push(Finding::ok(t!("doctor-tmux-loaded")));
            }
            out.extend(placeholders_in_use());
            out.extend(placeholders_left(&tmux_line));
            out.extend(catppuccin_module());
            out.extend(jump_key_bound());
        }
        Some(p) if p.success => out.push(Finding::warn(
            t!("doctor-tmux-not-loaded"),
            t!("doctor-tmux-not-loaded-fix", line = tmux_line.as_str()),
        )),
        Some(_) => out.push(Finding::info(t!(
            "doctor-tmux-no-server",
            line = tmux_line.as_str()
        ))),
        None => out.push(Finding::warn(
            t!("doctor-tmux-silent"),
            t!("doctor-tmux-silent-fix"),
        )),
    }
    out
}

/// The options a placeholder (or a theme's `#{E:@ring_…}`) goes in.
pub(super) const PLACEHOLDER_OPTIONS: [&str; 5] = [
    "status-left",
    "status-right",
    "window-status-format",
    "window-status-current-format",
    "pane-border-format",
];

/// What ring.tmux leaves in an option where it shows something: its status job, its badge
/// formats, a placeholder not replaced yet, catppuccin's `ring` status module.
pub(super) const PLACEHOLDER_MARKS: [&str; 6] = [
    " status --socket ",
    "@ring_status",
    "@ring_window_badge",
    "@ring_pane_badge",
    "#{ring_",
    "@catppuccin_status_ring",
];

/// ring.tmux loaded but shown nowhere: no option holds a placeholder or what it became.
pub(super) fn placeholders_in_use() -> Vec<Finding> {
    let mut answered = false;
    for option in PLACEHOLDER_OPTIONS {
        let Some(p) = probe("tmux", &["show-options", "-gqv", option]).filter(|p| p.success) else {
            continue;
        };
        answered = true;
        if PLACEHOLDER_MARKS.iter().any(|m| p.stdout.contains(m)) {
            return Vec::new();
        }
    }
    if !answered {
        return Vec::new();
    }
    // catppuccin loaded: its module is the way in (`-agF` put nothing in when ring.conf had
    // not defined it yet).
    let catppuccin = probe("tmux", &["show-options", "-gqv", "@catppuccin_flavor"])
        .filter(|p| p.success)
        .is_some_and(|p| !p.stdout.trim().is_empty());
    let fix = if catppuccin {
        t!(
            "doctor-tmux-nowhere-catppuccin-fix",
            conf = catppuccin_conf().to_string()
        )
    } else {
        t!("doctor-tmux-nowhere-fix")
    };
    vec![Finding::warn(t!("doctor-tmux-nowhere"), fix)]
}

/// A placeholder ring.tmux never replaced (an option set after it ran, by a ring.tmux from
/// before the after-set-option hook, say): tmux draws it as nothing.
pub(super) fn placeholders_left(tmux_line: &str) -> Vec<Finding> {
    let left: Vec<String> = PLACEHOLDER_OPTIONS
        .iter()
        .filter_map(|option| {
            let p = probe("tmux", &["show-options", "-gqv", option]).filter(|p| p.success)?;
            let found: Vec<&str> = ["#{ring_status}", "#{ring_badge}", "#{ring_pane_badge}"]
                .into_iter()
                .filter(|placeholder| p.stdout.contains(placeholder))
                .collect();
            (!found.is_empty()).then(|| {
                t!(
                    "doctor-tmux-left-in",
                    placeholders = found.join(", "),
                    option = *option
                )
            })
        })
        .collect();
    if left.is_empty() {
        return Vec::new();
    }
    vec![Finding::warn(
        t!("doctor-tmux-left", left = left.join("; ")),
        t!("doctor-tmux-left-fix", line = tmux_line),
    )]
}

/// Where `catppuccin/ring.conf` is, quoted for a tmux.conf line.
pub(super) fn catppuccin_conf() -> String {
    match repo_dir() {
        Some(repo) => q(&repo.join("catppuccin").join("ring.conf")),
        None => "<ring repo>/catppuccin/ring.conf".to_owned(),
    }
}

/// catppuccin's `ring` status module (`catppuccin/ring.conf`): used in a status option, it
/// must be defined, which happens only when ring.conf is sourced after catppuccin loaded.
pub(super) fn catppuccin_module() -> Vec<Finding> {
    let used = ["status-left", "status-right"].into_iter().any(|option| {
        probe("tmux", &["show-options", "-gqv", option])
            .filter(|p| p.success)
            .is_some_and(|p| p.stdout.contains("@catppuccin_status_ring"))
    });
    let defined = probe("tmux", &["show-options", "-gqv", "@catppuccin_status_ring"])
        .filter(|p| p.success)
        // catppuccin's status_module.conf puts the module's text in as `#{E:…_ring_text}`.
        .is_some_and(|p| {
            p.stdout.contains("@catppuccin_ring_text") || p.stdout.contains("ring_status")
        });
    if !used || defined {
        return Vec::new();
    }
    let conf = catppuccin_conf();
    vec![Finding::warn(
        t!("doctor-catppuccin-undefined"),
        t!("doctor-catppuccin-undefined-fix", conf = conf),
    )]
}

/// The jump key: ring.tmux leaves a default key already bound to something else alone, which
/// leaves ring with no jump key unless the user chose one (`@ring-jump-key ""`: none wanted).
pub(super) fn jump_key_bound() -> Vec<Finding> {
    let chosen = probe("tmux", &["show-options", "-gq", "@ring-jump-key"]).filter(|p| p.success);
    if let Some(p) = &chosen {
        let value = p.stdout.trim();
        // `@ring-jump-key ""` (or '') asks for no binding.
        if value.ends_with("\"\"") || value.ends_with("''") {
            return Vec::new();
        }
    }
    let Some(keys) = probe("tmux", &["list-keys", "-T", "prefix"]).filter(|p| p.success) else {
        return Vec::new();
    };
    if keys
        .stdout
        .lines()
        .any(|l| (l.contains("ring-tmux") || l.contains("RING_TMUX_BIN")) && l.contains(" jump "))
    {
        return Vec::new();
    }
    let taken = keys
        .stdout
        .lines()
        .find(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            words
                .iter()
                .position(|w| *w == "prefix")
                .and_then(|i| words.get(i + 1))
                .is_some_and(|k| *k == "a")
        })
        .map(|l| l.trim().to_owned());
    let what = match taken {
        Some(binding) => t!("doctor-jump-key-taken", binding = binding),
        None => t!("doctor-jump-key-unbound"),
    };
    vec![Finding::warn(what, t!("doctor-jump-key-fix"))]
}

/// Whether `permissions.kdl` grants the plugin at `plugin` every permission it asks for.
pub(super) fn permissions_granted(text: &str, plugin: &Path) -> bool {
    let name = format!("\"{}\"", plugin.display());
    let Some(at) = text.find(&name) else {
        return false;
    };
    let block = &text[at + name.len()..];
    let block = &block[..block.find('}').unwrap_or(block.len())];
    crate::admin::zellij::PERMISSIONS
        .iter()
        .all(|p| block.split_whitespace().any(|w| w == *p))
}

/// zellij (optional): the plugin file, its layout and its pre-granted permissions.
pub fn zellij(env: &Env) -> Vec<Finding> {
    let Some(version) = probe("zellij", &["--version"]).filter(|p| p.success) else {
        return vec![Finding::info(t!("doctor-zellij-absent"))];
    };
    let mut out = vec![Finding::ok(version.stdout.trim().to_owned())];
    let paths = crate::admin::zellij::Paths::from_env(env);
    let shown = |path: &Path| path.display().to_string();
    let install = "ring-tmux install-zellij";
    if !paths.plugin.is_file() {
        let path = shown(&paths.plugin);
        out.push(Finding::absent(
            t!("doctor-zellij-no-plugin", path = path),
            install,
        ));
        return out;
    }
    let path = shown(&paths.plugin);
    out.push(Finding::ok(t!("doctor-zellij-plugin", path = path)));
    let granted = crate::store::read_text(
        &paths.permissions,
        crate::store::SIDE_CAP,
        crate::store::Owner::Anyone,
    )
    .is_some_and(|text| permissions_granted(&text, &paths.plugin));
    if !granted {
        let path = shown(&paths.permissions);
        out.push(Finding::warn(
            t!("doctor-zellij-permissions", path = path),
            install,
        ));
    }
    if !paths.layout.is_file() {
        let path = shown(&paths.layout);
        out.push(Finding::warn(
            t!("doctor-zellij-no-layout", path = path),
            install,
        ));
    }
    out
}
