use super::*;
use std::path::{Path, PathBuf};

#[test]
fn aliases_find_their_provider() {
    assert_eq!(find("claude").map(|p| p.name), Some("claude-code"));
    assert_eq!(find("claude-code").map(|p| p.name), Some("claude-code"));
    assert_eq!(find("codex").map(|p| p.name), Some("codex"));
    assert_eq!(find("my-tool").map(|p| p.name), None);
    assert_eq!(canonical("claude"), "claude-code");
    assert_eq!(canonical("my-tool"), "my-tool");
    assert!(is("claude", &claude::PROVIDER));
    assert!(!is("codex", &claude::PROVIDER));
}

#[test]
fn unknown_names_get_the_generic_rules() {
    let r = rules("my-tool");
    assert!(!r.bare_ids && !r.permission_request_waits && !r.delayed_permission_wait);
    assert!(rules("claude").bare_ids);
    assert!(rules("codex").delayed_permission_wait);
}

#[test]
fn names_and_aliases_are_unique_and_normalized() {
    let mut seen = Vec::new();
    for p in PROVIDERS.iter().copied().chain([&generic::PROVIDER]) {
        for name in std::iter::once(p.name).chain(p.aliases.iter().copied()) {
            assert!(!seen.contains(&name), "{name} names two providers");
            // The hook normalizes names (trim, lower case, `_` → `-`) before the lookup.
            assert_eq!(name, name.trim().to_lowercase().replace('_', "-"));
            seen.push(name);
        }
    }
}

#[test]
fn event_mapping_passes_unknown_names_through() {
    static MAPPED: Provider = Provider {
        events: &[("AfterAgent", "Stop")],
        ..PROBE
    };
    assert_eq!(MAPPED.map_event("AfterAgent"), "Stop");
    assert_eq!(MAPPED.map_event("Stop"), "Stop");
    assert_eq!(claude::PROVIDER.map_event("Stop"), "Stop");
}

static PROBE: Provider = Provider {
    name: "probe",
    label: "Probe",
    aliases: &[],
    process: None,
    needles: &[],
    events: &[],
    notifications: &[],
    rules: generic::PROVIDER.rules,
    install: None,
};

#[test]
fn installable_agents_hook_their_own_provider() {
    for (p, install) in installable() {
        let named = install.hook_args.strip_prefix("--provider ");
        match named {
            Some(name) => assert!(is(name, p), "{} hooks run as {name}", p.name),
            None => {
                assert_eq!(install.hook_args, "");
                assert!(std::ptr::eq(p, default_provider()));
            }
        }
        assert!(!install.events.is_empty());
        for e in install.short_timeout_events {
            assert!(
                install.events.contains(e),
                "{e} is not hooked for {}",
                p.name
            );
        }
    }
}

/// The strings that name a provider: its name, aliases, process name and label, as string
/// literals, and its dot folder under `$HOME` (`".claude…`).
fn provider_literals() -> Vec<String> {
    let mut out = Vec::new();
    for p in PROVIDERS.iter().copied().chain([&generic::PROVIDER]) {
        let names = std::iter::once(p.name)
            .chain(p.aliases.iter().copied())
            .chain(p.process)
            .filter(|n| !n.is_empty());
        for name in names {
            out.push(format!("\"{name}\""));
            out.push(format!("\"{name}:"));
            out.push(format!("b\"{name}"));
            out.push(format!("\".{name}"));
        }
        out.push(format!("\"{}\"", p.label));
    }
    out.sort();
    out.dedup();
    out
}

#[allow(clippy::disallowed_methods)] // Test code: reads the workspace's sources (ring-shared/clippy.toml).
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `path` is test code or the table itself (the places a provider may be named).
fn exempt(path: &Path) -> bool {
    let s = path.to_string_lossy().replace('\\', "/");
    s.contains("/src/provider/")
        || s.ends_with("/tests.rs")
        || s.contains("/tests/")
        // `ring_shared::testing`: property-test and conformance helpers, test-only.
        || s.ends_with("ring-shared/src/testing.rs")
}

/// "No provider string outside the table" (issue 13.2): production code of every crate names
/// an agent only through `ring_shared::provider`. Comments and `#[cfg(test)]` code (which
/// stands at the end of a file here) are not production code.
#[test]
#[allow(clippy::disallowed_methods)] // Test code: reads the workspace's sources (ring-shared/clippy.toml).
fn no_provider_string_outside_the_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for krate in ["ring-shared", "ring-tmux", "ring-plugin"] {
        rust_files(&root.join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 50, "found only {} files", files.len());
    let literals = provider_literals();
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !exempt(f)) {
        let text = std::fs::read_to_string(file).expect("a source file is readable");
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            let code = line.trim_start();
            // `#[cfg(test)] mod tests;` declares a file of its own (scanned or exempt by its
            // path); any other `#[cfg(test)]` item is the file's tail of test code.
            let declares_a_file = |next: &&str| {
                let next = next.trim();
                next.starts_with("mod ") && next.ends_with(';')
            };
            if code.starts_with("#[cfg(test)]") && !lines.get(n + 1).is_some_and(declares_a_file) {
                break;
            }
            if code.starts_with("//") {
                continue;
            }
            for lit in literals.iter().filter(|l| code.contains(l.as_str())) {
                let rel = file.strip_prefix(&root).unwrap_or(file).display();
                found.push(format!("{rel}:{}: {lit}", n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "provider strings outside ring_shared::provider (use the table):\n{}",
        found.join("\n")
    );
}
