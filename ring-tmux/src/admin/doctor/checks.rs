//! The individual `doctor` checks. Each returns findings; none changes anything.

use super::Finding;
use super::system::{self, is_executable, probe, which};
use crate::admin::install::merge::shell_quote;
use crate::admin::install::{self, jsonfile, merge};
use crate::store;
use crate::sys::env::Env;
use ring_shared::provider::{Format, Trust};
use ring_shared::registry::{DecodeError, decode_row};
use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The tmux option `ring.tmux` sets in the server once it has run.
pub const TMUX_LOADED_OPTION: &str = "@ring_loaded";
/// Oldest tmux ring supports (format loops `#{P:…}`, `set-option -F`).
pub const TMUX_MIN: (u32, u32) = (3, 0);

/// This binary, resolved.
fn this_binary() -> Option<PathBuf> {
    std::env::current_exe().ok()
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The repository this binary was built from, when it still has `ring.tmux`.
fn repo_dir() -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_path_buf();
    repo.join("ring.tmux").exists().then_some(repo)
}

/// `ring-tmux` on PATH, and whether it is this binary.
pub fn binary(path: &OsStr) -> Vec<Finding> {
    match which("ring-tmux", path) {
        None => vec![Finding::error(
            "ring-tmux is not on your PATH",
            "scripts/install.sh (installs to ~/.local/bin), then put ~/.local/bin on PATH: export PATH=\"$HOME/.local/bin:$PATH\"",
        )],
        Some(found) => {
            let mut out = vec![Finding::ok(format!(
                "ring-tmux on PATH: {}",
                found.display()
            ))];
            if let Some(me) = this_binary()
                && !same_file(&found, &me)
            {
                out.push(Finding::info(format!(
                    "this doctor is {}, a different binary from the one on PATH",
                    me.display()
                )));
            }
            out
        }
    }
}

/// ring's hook in the settings of every agent of the provider table
/// ([`install::targets`]: Claude Code's, and Codex's when `~/.codex` exists).
pub fn hooks(home: &Path) -> Vec<Finding> {
    let mut out = Vec::new();
    for target in install::targets(home) {
        let path = target.path.display().to_string();
        // An agent installed into always (no `only_if`) may not be there at all: its
        // settings folder (`~/.claude`) says whether it is.
        let folder = target.spec.settings.split('/').next().unwrap_or_default();
        if target.spec.only_if.is_none() && !home.join(folder).is_dir() {
            out.push(Finding::absent(
                format!(
                    "{} not found (no ~/{folder}): no hooks to check",
                    target.agent
                ),
                format!("install {}, then: ring-tmux install-hooks", target.agent),
            ));
            continue;
        }
        if target.spec.format.is_plugin_file() {
            out.push(plugin(&target));
            continue;
        }
        let loaded = match jsonfile::load(&target.path) {
            Ok(loaded) => loaded,
            Err(err) => {
                out.push(Finding::error(
                    format!("{path} {err}"),
                    format!("fix {path} by hand (ring-tmux never edits a file it cannot parse)"),
                ));
                continue;
            }
        };
        let found = match target.spec.format {
            Format::CursorHooks => install::cursor::installed(&loaded.doc, target.events),
            Format::CopilotFile => install::flat::installed(&loaded.doc, target.events),
            _ => merge::installed(&loaded.doc, target.events),
        };
        if target.spec.format == Format::CursorHooks {
            let unknown = install::cursor::unknown_events(&loaded.doc);
            if !unknown.is_empty() {
                out.push(Finding::error(
                    format!(
                        "{path} names events {} does not know ({}): it rejects the whole file, so none of its hooks run, ring's included",
                        target.agent,
                        unknown.join(", ")
                    ),
                    format!("rename or remove those entries in {path} (its events: cursor.com/docs/agent/hooks)"),
                ));
            }
        }
        if found.missing.len() == target.events.len() {
            out.push(Finding::error(
                format!("ring's hook is not installed for {} ({path})", target.agent),
                "ring-tmux install-hooks",
            ));
        } else if !found.missing.is_empty() {
            out.push(Finding::error(
                format!(
                    "ring's hook is missing on {} in {path}",
                    found.missing.join(", ")
                ),
                "ring-tmux install-hooks",
            ));
        }
        let mut programs_ok = true;
        for program in &found.programs {
            if !is_executable(Path::new(program)) {
                programs_ok = false;
                out.push(Finding::error(
                    format!(
                        "{} hooks run {program}, which is not an executable file",
                        target.agent
                    ),
                    "ring-tmux install-hooks (points the hooks at the ring-tmux you run it with)",
                ));
            }
        }
        if found.missing.is_empty() && programs_ok {
            out.push(Finding::ok(format!(
                "{} hooks installed ({} events) → {}",
                target.agent,
                target.events.len(),
                found.programs.join(", ")
            )));
        }
        if let Some(Trust::CodexHashes { config }) = target.spec.trust
            && !found.programs.is_empty()
        {
            out.push(codex_trust(
                &home.join(config),
                &target.path,
                &loaded.doc,
                target.events,
            ));
        }
        if target.spec.format == ring_shared::provider::Format::CopilotFile
            && !found.programs.is_empty()
        {
            out.extend(copilot_switches(home, &loaded.doc, &path));
        }
        if let Some(Trust::GeminiFolders { folders }) = target.spec.trust
            && !found.programs.is_empty()
        {
            out.extend(gemini_gates(
                &loaded.doc,
                &home.join(folders),
                target.events,
            ));
        }
        if !found.ring_events.is_empty() {
            out.push(Finding::warn(
                format!(
                    "RiNG's hook (ring hook) is installed too in {path}: every event is recorded twice"
                ),
                "ring-tmux install-hooks --replace-ring (or RiNG's own: ring remove-hooks)",
            ));
        }
    }
    out
}

/// ring's plugin file of an agent that loads plugins (OpenCode's `plugins/ring-tmux.js`).
fn plugin(target: &install::Target) -> Finding {
    use crate::admin::install::plugin_file::{Found, inspect};
    let path = target.path.display();
    match inspect(&target.path) {
        Found::Missing => Finding::error(
            format!(
                "ring's plugin is not installed for {} ({path})",
                target.agent
            ),
            "ring-tmux install-hooks",
        ),
        Found::Foreign(why) => Finding::warn(
            format!(
                "{path} is not ring's plugin ({why}): ring's hook is not installed for {}",
                target.agent
            ),
            format!(
                "move {} away, then: ring-tmux install-hooks",
                q(&target.path)
            ),
        ),
        Found::Ours { program, .. } if !is_executable(Path::new(&program)) => Finding::error(
            format!(
                "{} plugin runs {program}, which is not an executable file",
                target.agent
            ),
            "ring-tmux install-hooks (points the hooks at the ring-tmux you run it with)",
        ),
        Found::Ours { program, .. } => Finding::ok(format!(
            "{} plugin installed ({} events) → {program}",
            target.agent,
            target.events.len()
        )),
    }
}

/// Whether Codex trusts ring's entries of `hooks.json` (`[hooks.state]` of its
/// `config.toml`): an untrusted hook never runs, and `codex exec` skips it without a word.
fn codex_trust(
    config: &Path,
    hooks_json: &Path,
    doc: &serde_json::Value,
    events: &[&str],
) -> Finding {
    let entries =
        crate::admin::install::codex_trust::our_entries(doc, &hooks_json.to_string_lossy(), events);
    let untrusted =
        crate::admin::install::state::untrusted_codex_events(config, hooks_json, doc, events);
    if untrusted.is_empty() {
        Finding::ok(format!(
            "Codex trusts ring's hooks ({} of {})",
            entries.len(),
            entries.len()
        ))
    } else {
        Finding::error(
            format!(
                "Codex has not trusted ring's hooks on {} ({} of {}): Codex runs none of them until \
                 you do, and codex exec skips them silently",
                untrusted.join(", "),
                untrusted.len(),
                entries.len()
            ),
            "start codex and choose \"Trust all and continue\" in its \"Hooks need review\" dialog \
             (or review them there one by one)",
        )
    }
}

/// Gemini CLI's own gates before a hook runs: its hooks switch (`hooksConfig.enabled`), its
/// list of disabled hooks (`hooksConfig.disabled`, by command), and its folder trust
/// (`security.folderTrust.enabled`, on by default in 0.61): in a folder not trusted it runs
/// no hook at all, the user settings' ones included.
fn gemini_gates(settings: &serde_json::Value, folders: &Path, events: &[&str]) -> Vec<Finding> {
    let mut out = Vec::new();
    let path = |keys: &[&str]| keys.iter().try_fold(settings, |v, k| v.get(*k));
    if path(&["hooksConfig", "enabled"]).and_then(serde_json::Value::as_bool) == Some(false) {
        out.push(Finding::error(
            "Gemini CLI's hooks are switched off (hooksConfig.enabled: false): it runs none of them",
            "set \"hooksConfig\": {\"enabled\": true} in ~/.gemini/settings.json (or Enable Hooks in its /settings)",
        ));
    }
    let ours: Vec<String> = events
        .iter()
        .flat_map(|e| merge::event_commands(settings, e))
        .filter(|c| merge::is_ours(c))
        .collect();
    let disabled: Vec<&str> = path(&["hooksConfig", "disabled"])
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(serde_json::Value::as_str)
        .filter(|d| ours.iter().any(|c| c == d))
        .collect();
    if !disabled.is_empty() {
        out.push(Finding::error(
            format!(
                "Gemini CLI has ring's hook in hooksConfig.disabled ({}): it never runs",
                disabled.join(", ")
            ),
            "remove it from \"hooksConfig\".\"disabled\" in ~/.gemini/settings.json",
        ));
    }
    if path(&["security", "folderTrust", "enabled"]).and_then(serde_json::Value::as_bool)
        == Some(false)
    {
        out.push(Finding::ok(
            "Gemini CLI's folder trust is off: its hooks run in every folder",
        ));
        return out;
    }
    let trusted = match jsonfile::load(folders) {
        Ok(loaded) => loaded
            .doc
            .as_object()
            .map(|map| {
                map.iter()
                    .filter(|(_, v)| matches!(v.as_str(), Some("TRUST_FOLDER" | "TRUST_PARENT")))
                    .map(|(k, _)| k.clone())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default(),
        Err(err) => {
            out.push(Finding::warn(
                format!(
                    "{} {err}: Gemini CLI stops at start until it is fixed",
                    folders.display()
                ),
                format!("fix {} by hand", q(folders)),
            ));
            return out;
        }
    };
    let fix = "start gemini in your project and choose \"Trust folder\" (or /permissions there); \
               to run hooks everywhere: \"security\": {\"folderTrust\": {\"enabled\": false}} in ~/.gemini/settings.json";
    if trusted.is_empty() {
        out.push(Finding::warn(
            "Gemini CLI runs hooks only in folders you trust, and no folder is trusted yet: \
             until you trust one it runs none of ring's hooks",
            fix,
        ));
    } else {
        let shown: Vec<&str> = trusted.iter().take(3).map(String::as_str).collect();
        let more = trusted.len().saturating_sub(shown.len());
        out.push(Finding::info(format!(
            "Gemini CLI runs ring's hooks only in trusted folders: {}{} (elsewhere it asks at start, \
             and runs none until you trust the folder)",
            shown.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() }
        )));
    }
    out
}

/// Copilot CLI's `disableAllHooks`: in ring's own hooks file it skips that file, in
/// `~/.copilot/settings.json` every hook.
fn copilot_switches(home: &Path, doc: &serde_json::Value, path: &str) -> Vec<Finding> {
    let off = |doc: &serde_json::Value| {
        doc.get("disableAllHooks")
            .and_then(serde_json::Value::as_bool)
            == Some(true)
    };
    let mut out = Vec::new();
    if off(doc) {
        out.push(Finding::error(
            format!("{path} has \"disableAllHooks\": true: Copilot CLI skips ring's hooks"),
            "ring-tmux install-hooks after removing that key (or set it to false)",
        ));
    }
    let settings = home.join(ring_shared::provider::copilot::SETTINGS);
    if let Ok(loaded) = jsonfile::load(&settings)
        && off(&loaded.doc)
    {
        out.push(Finding::error(
            format!(
                "{} has \"disableAllHooks\": true: Copilot CLI runs no hook at all",
                settings.display()
            ),
            format!("set it to false in {}", q(&settings)),
        ));
    }
    out
}

/// A path as a shell word.
fn q(path: &Path) -> String {
    shell_quote(&path.to_string_lossy())
}

fn mode_of(path: &Path) -> Option<u32> {
    std::fs::metadata(path)
        .ok()
        .map(|m| m.permissions().mode() & 0o777)
}

/// The ring folder: exists, writable, private; rows private and readable.
pub fn ring_folder(env: &Env) -> Vec<Finding> {
    let dir = &env.ring_home;
    let shown = dir.display();
    let Ok(meta) = std::fs::metadata(dir) else {
        return vec![Finding::info(format!(
            "ring folder {shown} does not exist yet (the first hook event creates it)"
        ))];
    };
    if !meta.is_dir() {
        return vec![Finding::error(
            format!("ring folder {shown} is not a folder"),
            format!("mv {0} {0}.old   (or set RING_HOME to a folder)", q(dir)),
        )];
    }
    let mut out = Vec::new();
    let sessions = env.sessions_dir();
    for folder in [dir.clone(), sessions.clone()] {
        if !folder.is_dir() {
            continue;
        }
        let owner_and_mode = std::fs::metadata(&folder).map(|m| {
            (
                std::os::unix::fs::MetadataExt::uid(&m),
                m.permissions().mode(),
            )
        });
        if let Ok((uid, mode)) = owner_and_mode
            && let Err(why) = store::safe::folder_check(uid, mode)
        {
            // The hook refuses such a folder (store::safe), so nothing is recorded at all.
            let fix = match why {
                store::safe::Unsafe::Owner { .. } => {
                    format!("sudo chown \"$(id -u)\" {0} && chmod 700 {0}", q(&folder))
                }
                store::safe::Unsafe::Writable { .. } => format!("chmod 700 {}", q(&folder)),
            };
            out.push(Finding::error(
                format!(
                    "{} is {why}: ring's hook refuses to write in it (another user could swap files under it), so no session is recorded",
                    folder.display()
                ),
                fix,
            ));
        } else if !system::writable_dir(&folder) {
            out.push(Finding::error(
                format!(
                    "{} is not writable: hooks cannot record sessions",
                    folder.display()
                ),
                format!("chown \"$(id -u)\" {0} && chmod 700 {0}", q(&folder)),
            ));
        } else if let Some(mode) = mode_of(&folder).filter(|m| m & 0o077 != 0) {
            out.push(Finding::warn(
                format!(
                    "{} is mode {mode:04o}: other users can read session rows (commands, questions)",
                    folder.display()
                ),
                format!("chmod 700 {}", q(&folder)),
            ));
        }
    }
    let mut rows = 0;
    let mut open_rows = 0;
    let mut corrupt: Vec<String> = Vec::new();
    let mut names: Vec<(String, PathBuf)> = std::fs::read_dir(&sessions)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(name, _)| name.ends_with(".json"))
        .collect();
    names.sort();
    for (name, path) in names {
        rows += 1;
        if mode_of(&path).is_some_and(|m| m & 0o077 != 0) {
            open_rows += 1;
        }
        let problem = match store::read_bounded(&path, store::ROW_READ_CAP) {
            Ok(Some(bytes)) => match decode_row(&bytes) {
                Ok(_) => None,
                Err(DecodeError::Phantom) => Some("legacy SessionStart phantom".to_owned()),
                Err(err) => Some(err.to_string()),
            },
            Ok(None) => None,
            Err(err) => Some(err.to_string()),
        };
        if let Some(problem) = problem {
            corrupt.push(format!("{name} ({problem})"));
        }
    }
    if open_rows > 0 {
        out.push(Finding::warn(
            format!("{open_rows} of {rows} rows can be read by other users"),
            format!("chmod 600 {}/*.json", q(&sessions)),
        ));
    }
    if !corrupt.is_empty() {
        out.push(Finding::warn(
            format!(
                "{} unreadable row(s), skipped by every reader: {}",
                corrupt.len(),
                corrupt.join(", ")
            ),
            "ring-tmux gc   (removes unreadable rows; --dry-run shows them first)",
        ));
    }
    if !out.iter().any(Finding::is_problem) {
        out.insert(
            0,
            Finding::ok(format!("ring folder {shown}: {rows} row(s)")),
        );
    }
    out
}

/// tmux installed, recent enough, and ring.tmux loaded in a running server.
pub fn tmux() -> Vec<Finding> {
    let Some(version) = probe("tmux", &["-V"]).filter(|p| p.success) else {
        return vec![Finding::absent(
            "tmux not found (optional: the tmux status line and badges need it)",
            "install tmux 3.0 or newer (apt-get install tmux / brew install tmux)",
        )];
    };
    let text = version.stdout.trim().to_owned();
    let mut out = Vec::new();
    match system::tmux_version(&text) {
        Some(v) if v < TMUX_MIN => {
            out.push(Finding::error(
                format!("{text} is too old: ring needs tmux 3.0 or newer"),
                "upgrade tmux to 3.0 or newer",
            ));
            return out;
        }
        Some(v) => {
            out.push(Finding::ok(text.clone()));
            if v < (3, 2) {
                out.push(Finding::info(format!(
                    "{text}: window badges show no count (tmux 3.2 counts)"
                )));
            }
        }
        None => out.push(Finding::info(format!("{text}: version not recognised"))),
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
                    format!("ring.tmux is loaded, but runs {bin}, which is not an executable file"),
                    "tmux source-file ~/.tmux.conf   (ring.tmux finds the binary again)",
                ));
            } else {
                out.push(Finding::ok(
                    "ring.tmux is loaded in the running tmux server",
                ));
            }
            out.extend(placeholders_in_use());
            out.extend(placeholders_left(&tmux_line));
            out.extend(catppuccin_module());
            out.extend(jump_key_bound());
        }
        Some(p) if p.success => out.push(Finding::warn(
            "ring.tmux is not loaded in the running tmux server",
            format!("add `{tmux_line}` to ~/.tmux.conf, then: tmux source-file ~/.tmux.conf"),
        )),
        Some(_) => out.push(Finding::info(format!(
            "tmux server: not running (to load ring, ~/.tmux.conf needs `{tmux_line}`)"
        ))),
        None => out.push(Finding::warn(
            "the tmux server did not answer within 3 s",
            "check that tmux works: tmux list-sessions",
        )),
    }
    out
}

/// The options a placeholder (or a theme's `#{E:@ring_…}`) goes in.
const PLACEHOLDER_OPTIONS: [&str; 5] = [
    "status-left",
    "status-right",
    "window-status-format",
    "window-status-current-format",
    "pane-border-format",
];

/// What ring.tmux leaves in an option where it shows something: its status job, its badge
/// formats, a placeholder not replaced yet, catppuccin's `ring` status module.
const PLACEHOLDER_MARKS: [&str; 6] = [
    " status --socket ",
    "@ring_status",
    "@ring_window_badge",
    "@ring_pane_badge",
    "#{ring_",
    "@catppuccin_status_ring",
];

/// ring.tmux loaded but shown nowhere: no option holds a placeholder or what it became.
fn placeholders_in_use() -> Vec<Finding> {
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
        format!(
            "in ~/.tmux.conf, after catppuccin loads: source -F {}, then: \
             set -agF status-right \"#{{E:@catppuccin_status_ring}}\"; then: tmux source-file ~/.tmux.conf",
            catppuccin_conf()
        )
    } else {
        "in ~/.tmux.conf, before the ring.tmux line: set -g status-right '#{ring_status} %H:%M' \
         (and #{ring_badge} in window-status-format), then: tmux source-file ~/.tmux.conf"
            .to_owned()
    };
    vec![Finding::warn(
        "ring.tmux is loaded but shows nothing: no #{ring_status}, #{ring_badge} or \
         #{ring_pane_badge} in status-left, status-right, window-status-format or \
         pane-border-format",
        fix,
    )]
}

/// A placeholder ring.tmux never replaced (an option set after it ran, by a ring.tmux from
/// before the after-set-option hook, say): tmux draws it as nothing.
fn placeholders_left(tmux_line: &str) -> Vec<Finding> {
    let left: Vec<String> = PLACEHOLDER_OPTIONS
        .iter()
        .filter_map(|option| {
            let p = probe("tmux", &["show-options", "-gqv", option]).filter(|p| p.success)?;
            let found: Vec<&str> = ["#{ring_status}", "#{ring_badge}", "#{ring_pane_badge}"]
                .into_iter()
                .filter(|placeholder| p.stdout.contains(placeholder))
                .collect();
            (!found.is_empty()).then(|| format!("{} in {option}", found.join(", ")))
        })
        .collect();
    if left.is_empty() {
        return Vec::new();
    }
    vec![Finding::warn(
        format!(
            "ring.tmux is loaded, but {} was set after it ran and shows nothing",
            left.join("; ")
        ),
        format!(
            "tmux {tmux_line}   (and in ~/.tmux.conf, put the ring.tmux line after your formats)"
        ),
    )]
}

/// Where `catppuccin/ring.conf` is, quoted for a tmux.conf line.
fn catppuccin_conf() -> String {
    match repo_dir() {
        Some(repo) => q(&repo.join("catppuccin").join("ring.conf")),
        None => "<ring repo>/catppuccin/ring.conf".to_owned(),
    }
}

/// catppuccin's `ring` status module (`catppuccin/ring.conf`): used in a status option, it
/// must be defined, which happens only when ring.conf is sourced after catppuccin loaded.
fn catppuccin_module() -> Vec<Finding> {
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
        "the status line uses catppuccin's ring module (@catppuccin_status_ring), which is not \
         defined: catppuccin v2 loads only its own modules",
        format!(
            "in ~/.tmux.conf, after catppuccin loads and before the status-right line: \
             source -F {conf}; then: tmux source-file ~/.tmux.conf"
        ),
    )]
}

/// The jump key: ring.tmux leaves a default key already bound to something else alone, which
/// leaves ring with no jump key unless the user chose one (`@ring-jump-key ""`: none wanted).
fn jump_key_bound() -> Vec<Finding> {
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
        .map(|l| format!(" (prefix a is already: {})", l.trim()))
        .unwrap_or_default();
    vec![Finding::warn(
        format!("ring's jump key is not bound{taken}"),
        "pick a free key before the ring.tmux line: set -g @ring-jump-key j, then: tmux source-file ~/.tmux.conf",
    )]
}

/// Whether `permissions.kdl` grants the plugin at `plugin` every permission it asks for.
fn permissions_granted(text: &str, plugin: &Path) -> bool {
    let name = format!("\"{}\"", plugin.display());
    let Some(at) = text.find(&name) else {
        return false;
    };
    let block = &text[at + name.len()..];
    let block = &block[..block.find('}').unwrap_or(block.len())];
    crate::zellij::PERMISSIONS
        .iter()
        .all(|p| block.split_whitespace().any(|w| w == *p))
}

/// zellij (optional): the plugin file, its layout and its pre-granted permissions.
pub fn zellij(env: &Env) -> Vec<Finding> {
    let Some(version) = probe("zellij", &["--version"]).filter(|p| p.success) else {
        return vec![Finding::info("zellij not installed (optional)")];
    };
    let mut out = vec![Finding::ok(version.stdout.trim().to_owned())];
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let paths = crate::zellij::Paths::new(
        &env.home,
        &env.ring_home,
        var("ZELLIJ_CONFIG_DIR"),
        var("XDG_CACHE_HOME"),
    );
    if !paths.plugin.is_file() {
        out.push(Finding::absent(
            format!(
                "ring's zellij plugin is not installed ({}; optional)",
                paths.plugin.display()
            ),
            "ring-tmux install-zellij",
        ));
        return out;
    }
    out.push(Finding::ok(format!(
        "zellij plugin: {}",
        paths.plugin.display()
    )));
    let granted = crate::store::read_text(
        &paths.permissions,
        crate::store::SIDE_CAP,
        crate::store::Owner::Anyone,
    )
    .is_some_and(|text| permissions_granted(&text, &paths.plugin));
    if !granted {
        out.push(Finding::warn(
            format!(
                "the plugin's permissions are not granted in {}: zellij will ask inside a 1-row pane",
                paths.permissions.display()
            ),
            "ring-tmux install-zellij",
        ));
    }
    if !paths.layout.is_file() {
        out.push(Finding::warn(
            format!("the ring layout is missing ({})", paths.layout.display()),
            "ring-tmux install-zellij",
        ));
    }
    out
}

/// RiNG itself on PATH (compatible: it reads the same rows).
pub fn ring(path: &OsStr) -> Vec<Finding> {
    match which("ring", path) {
        Some(found) => vec![Finding::info(format!(
            "RiNG is installed too ({}): it shows the same sessions (shared rows)",
            found.display()
        ))],
        None => Vec::new(),
    }
}
