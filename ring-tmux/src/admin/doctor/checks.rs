//! The individual `doctor` checks. Each returns findings; none changes anything.

use super::Finding;
use super::system::{self, is_executable, probe, which};
use crate::admin::install::{self, jsonfile, merge};
use crate::store;
use crate::sys::env::Env;
use crate::sys::run::shell_quote;
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
            ring_shared::t!("doctor-binary-missing"),
            ring_shared::t!("doctor-binary-missing-fix"),
        )],
        Some(found) => {
            let mut out = vec![Finding::ok(ring_shared::t!(
                "doctor-binary-ok",
                path = found.display().to_string()
            ))];
            if let Some(me) = this_binary()
                && !same_file(&found, &me)
            {
                out.push(Finding::info(ring_shared::t!(
                    "doctor-binary-other",
                    path = me.display().to_string()
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
                ring_shared::t!("doctor-agent-absent", agent = target.agent, folder = folder),
                ring_shared::t!("doctor-agent-absent-fix", agent = target.agent),
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
                    ring_shared::t!("doctor-hooks-unparsed-fix", path = path.as_str()),
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
                    ring_shared::t!(
                        "doctor-cursor-unknown",
                        path = path.as_str(),
                        agent = target.agent,
                        events = unknown.join(", ")
                    ),
                    ring_shared::t!("doctor-cursor-unknown-fix", path = path.as_str()),
                ));
            }
        }
        if found.missing.len() == target.events.len() {
            out.push(Finding::error(
                ring_shared::t!(
                    "doctor-hooks-none",
                    agent = target.agent,
                    path = path.as_str()
                ),
                "ring-tmux install-hooks",
            ));
        } else if !found.missing.is_empty() {
            out.push(Finding::error(
                ring_shared::t!(
                    "doctor-hooks-missing",
                    events = found.missing.join(", "),
                    path = path.as_str()
                ),
                "ring-tmux install-hooks",
            ));
        }
        let mut programs_ok = true;
        for program in &found.programs {
            if !is_executable(Path::new(program)) {
                programs_ok = false;
                out.push(Finding::error(
                    ring_shared::t!(
                        "doctor-hooks-bad-program",
                        agent = target.agent,
                        program = program.as_str()
                    ),
                    ring_shared::t!("doctor-hooks-repoint-fix"),
                ));
            }
        }
        if found.missing.is_empty() && programs_ok {
            out.push(Finding::ok(ring_shared::t!(
                "doctor-hooks-ok",
                agent = target.agent,
                events = target.events.len(),
                programs = found.programs.join(", ")
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
                ring_shared::t!("doctor-hooks-ring-cli", path = path.as_str()),
                ring_shared::t!("doctor-hooks-ring-cli-fix"),
            ));
        }
    }
    out
}

/// ring's plugin file of an agent that loads plugins (OpenCode's `plugins/ring-tmux.js`).
fn plugin(target: &install::Target) -> Finding {
    use crate::admin::install::plugin_file::{Found, inspect};
    let path = target.path.display().to_string();
    match inspect(&target.path) {
        Found::Missing => Finding::error(
            ring_shared::t!("doctor-plugin-none", agent = target.agent, path = path),
            "ring-tmux install-hooks",
        ),
        Found::Foreign(why) => Finding::warn(
            ring_shared::t!(
                "doctor-plugin-foreign",
                path = path,
                why = why.to_string(),
                agent = target.agent
            ),
            ring_shared::t!("doctor-plugin-foreign-fix", path = q(&target.path)),
        ),
        Found::Ours { program, .. } if !is_executable(Path::new(&program)) => Finding::error(
            ring_shared::t!(
                "doctor-plugin-bad-program",
                agent = target.agent,
                program = program
            ),
            ring_shared::t!("doctor-hooks-repoint-fix"),
        ),
        Found::Ours { program, .. } => Finding::ok(ring_shared::t!(
            "doctor-plugin-ok",
            agent = target.agent,
            events = target.events.len(),
            program = program
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
        Finding::ok(ring_shared::t!(
            "doctor-codex-trusted",
            count = entries.len()
        ))
    } else {
        Finding::error(
            ring_shared::t!(
                "doctor-codex-untrusted",
                events = untrusted.join(", "),
                untrusted = untrusted.len(),
                count = entries.len()
            ),
            ring_shared::t!("doctor-codex-untrusted-fix"),
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
            ring_shared::t!("doctor-gemini-off"),
            ring_shared::t!("doctor-gemini-off-fix"),
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
            ring_shared::t!("doctor-gemini-disabled", hooks = disabled.join(", ")),
            ring_shared::t!("doctor-gemini-disabled-fix"),
        ));
    }
    if path(&["security", "folderTrust", "enabled"]).and_then(serde_json::Value::as_bool)
        == Some(false)
    {
        out.push(Finding::ok(ring_shared::t!("doctor-gemini-trust-off")));
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
                ring_shared::t!(
                    "doctor-gemini-folders-bad",
                    path = folders.display().to_string(),
                    error = err.to_string()
                ),
                ring_shared::t!("doctor-fix-by-hand", path = q(folders)),
            ));
            return out;
        }
    };
    if trusted.is_empty() {
        out.push(Finding::warn(
            ring_shared::t!("doctor-gemini-untrusted"),
            ring_shared::t!("doctor-gemini-untrusted-fix"),
        ));
    } else {
        let shown: Vec<&str> = trusted.iter().take(3).map(String::as_str).collect();
        let more = trusted.len().saturating_sub(shown.len());
        out.push(Finding::info(if more > 0 {
            ring_shared::t!(
                "doctor-gemini-trusted-more",
                folders = shown.join(", "),
                more = more
            )
        } else {
            ring_shared::t!("doctor-gemini-trusted", folders = shown.join(", "))
        }));
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
            ring_shared::t!("doctor-copilot-file-off", path = path),
            ring_shared::t!("doctor-copilot-file-off-fix"),
        ));
    }
    let settings = home.join(ring_shared::provider::copilot::SETTINGS);
    if let Ok(loaded) = jsonfile::load(&settings)
        && off(&loaded.doc)
    {
        out.push(Finding::error(
            ring_shared::t!("doctor-copilot-off", path = settings.display().to_string()),
            ring_shared::t!("doctor-copilot-off-fix", path = q(&settings)),
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
    let shown = dir.display().to_string();
    let Ok(meta) = std::fs::metadata(dir) else {
        return vec![Finding::info(ring_shared::t!(
            "doctor-folder-absent",
            path = shown
        ))];
    };
    if !meta.is_dir() {
        return vec![Finding::error(
            ring_shared::t!("doctor-folder-not-a-folder", path = shown),
            ring_shared::t!("doctor-folder-not-a-folder-fix", path = q(dir)),
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
                ring_shared::t!(
                    "doctor-folder-unsafe",
                    path = folder.display().to_string(),
                    why = why.to_string()
                ),
                fix,
            ));
        } else if !system::writable_dir(&folder) {
            out.push(Finding::error(
                ring_shared::t!(
                    "doctor-folder-not-writable",
                    path = folder.display().to_string()
                ),
                format!("chown \"$(id -u)\" {0} && chmod 700 {0}", q(&folder)),
            ));
        } else if let Some(mode) = mode_of(&folder).filter(|m| m & 0o077 != 0) {
            out.push(Finding::warn(
                ring_shared::t!(
                    "doctor-folder-open",
                    path = folder.display().to_string(),
                    mode = format!("{mode:04o}")
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
                Err(DecodeError::Phantom) => Some(ring_shared::t!("doctor-row-phantom")),
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
            ring_shared::t!("doctor-rows-open", open = open_rows, rows = rows),
            format!("chmod 600 {}/*.json", q(&sessions)),
        ));
    }
    if !corrupt.is_empty() {
        out.push(Finding::warn(
            ring_shared::t!(
                "doctor-rows-corrupt",
                count = corrupt.len(),
                rows = corrupt.join(", ")
            ),
            ring_shared::t!("doctor-rows-corrupt-fix"),
        ));
    }
    if !out.iter().any(Finding::is_problem) {
        out.insert(
            0,
            Finding::ok(ring_shared::t!(
                "doctor-folder-ok",
                path = shown,
                rows = rows
            )),
        );
    }
    out
}

/// tmux installed, recent enough, and ring.tmux loaded in a running server.
pub fn tmux() -> Vec<Finding> {
    let Some(version) = probe("tmux", &["-V"]).filter(|p| p.success) else {
        return vec![Finding::absent(
            ring_shared::t!("doctor-tmux-absent"),
            ring_shared::t!("doctor-tmux-absent-fix"),
        )];
    };
    let text = version.stdout.trim().to_owned();
    let mut out = Vec::new();
    match system::tmux_version(&text) {
        Some(v) if v < TMUX_MIN => {
            out.push(Finding::error(
                ring_shared::t!("doctor-tmux-old", version = text.as_str()),
                ring_shared::t!("doctor-tmux-old-fix"),
            ));
            return out;
        }
        Some(v) => {
            out.push(Finding::ok(text.clone()));
            if v < (3, 2) {
                out.push(Finding::info(ring_shared::t!(
                    "doctor-tmux-no-count",
                    version = text.as_str()
                )));
            }
        }
        None => out.push(Finding::info(ring_shared::t!(
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
                    ring_shared::t!("doctor-tmux-bad-binary", path = bin),
                    ring_shared::t!("doctor-tmux-bad-binary-fix"),
                ));
            } else {
                out.push(Finding::ok(ring_shared::t!("doctor-tmux-loaded")));
            }
            out.extend(placeholders_in_use());
            out.extend(placeholders_left(&tmux_line));
            out.extend(catppuccin_module());
            out.extend(jump_key_bound());
        }
        Some(p) if p.success => out.push(Finding::warn(
            ring_shared::t!("doctor-tmux-not-loaded"),
            ring_shared::t!("doctor-tmux-not-loaded-fix", line = tmux_line.as_str()),
        )),
        Some(_) => out.push(Finding::info(ring_shared::t!(
            "doctor-tmux-no-server",
            line = tmux_line.as_str()
        ))),
        None => out.push(Finding::warn(
            ring_shared::t!("doctor-tmux-silent"),
            ring_shared::t!("doctor-tmux-silent-fix"),
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
        ring_shared::t!(
            "doctor-tmux-nowhere-catppuccin-fix",
            conf = catppuccin_conf().to_string()
        )
    } else {
        ring_shared::t!("doctor-tmux-nowhere-fix")
    };
    vec![Finding::warn(ring_shared::t!("doctor-tmux-nowhere"), fix)]
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
            (!found.is_empty()).then(|| {
                ring_shared::t!(
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
        ring_shared::t!("doctor-tmux-left", left = left.join("; ")),
        ring_shared::t!("doctor-tmux-left-fix", line = tmux_line),
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
        ring_shared::t!("doctor-catppuccin-undefined"),
        ring_shared::t!("doctor-catppuccin-undefined-fix", conf = conf),
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
        .map(|l| l.trim().to_owned());
    let what = match taken {
        Some(binding) => ring_shared::t!("doctor-jump-key-taken", binding = binding),
        None => ring_shared::t!("doctor-jump-key-unbound"),
    };
    vec![Finding::warn(what, ring_shared::t!("doctor-jump-key-fix"))]
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
        return vec![Finding::info(ring_shared::t!("doctor-zellij-absent"))];
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
            ring_shared::t!(
                "doctor-zellij-no-plugin",
                path = paths.plugin.display().to_string()
            ),
            "ring-tmux install-zellij",
        ));
        return out;
    }
    out.push(Finding::ok(ring_shared::t!(
        "doctor-zellij-plugin",
        path = paths.plugin.display().to_string()
    )));
    let granted = crate::store::read_text(
        &paths.permissions,
        crate::store::SIDE_CAP,
        crate::store::Owner::Anyone,
    )
    .is_some_and(|text| permissions_granted(&text, &paths.plugin));
    if !granted {
        out.push(Finding::warn(
            ring_shared::t!(
                "doctor-zellij-permissions",
                path = paths.permissions.display().to_string()
            ),
            "ring-tmux install-zellij",
        ));
    }
    if !paths.layout.is_file() {
        out.push(Finding::warn(
            ring_shared::t!(
                "doctor-zellij-no-layout",
                path = paths.layout.display().to_string()
            ),
            "ring-tmux install-zellij",
        ));
    }
    out
}

/// RiNG itself on PATH (compatible: it reads the same rows).
pub fn ring(path: &OsStr) -> Vec<Finding> {
    match which("ring", path) {
        Some(found) => vec![Finding::info(ring_shared::t!(
            "doctor-ring-cli",
            path = found.display().to_string()
        ))],
        None => Vec::new(),
    }
}
