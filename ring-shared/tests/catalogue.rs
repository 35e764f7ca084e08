//! The catalogue's guard (issue 26 item 5): a text a person reads must come from
//! `ring-shared/locales/*/ring.ftl` through `t!`, never from an English literal in a front end.
//!
//! The heuristic, documented in docs/adding-a-language.md: in the non-test part of every
//! product file of ring-shared, ring-tmux and ring-plugin (walked, not listed; a few files are
//! [`EXEMPT`], each with why), every string literal is read; one that holds English prose (two words of
//! two letters or more side by side, once `{…}` placeholders are removed) fails the test
//! unless it is an `expect("…")` / `panic!` reason (for developers, not users) or in
//! [`ALLOWED`]. And every `t!("key")` in the workspace names a key the catalogue has.
//! A new file is checked from its first commit.
#![allow(clippy::disallowed_methods)] // A test that reads the workspace's source files.

use std::path::{Path, PathBuf};

/// The crates whose product code people read: every `.rs` file under their `src/` is checked,
/// except test-only files (`tests.rs`, anything under a `tests/` folder) and [`EXEMPT`].
const CRATES: &[&str] = &["ring-shared", "ring-tmux", "ring-plugin"];

/// Files (or folders, ending in `/`) whose literals are not checked, one line each with why.
/// "not converted yet" ones are issue 26's open work: convert the file, delete its line.
const EXEMPT: &[(&str, &str)] = &[
    // Machine output, texts for developers, and code in other languages.
    ("ring-shared/src/agent.rs", "agents' names and payload keys"),
    (
        "ring-shared/src/config/docs.rs",
        "the README's config table, English (cli.rs checks it)",
    ),
    (
        "ring-shared/src/derive/mod.rs",
        "a serde error for an unknown source name in a row",
    ),
    (
        "ring-shared/src/dialog.rs",
        "the agents' own dialog words, matched on screen",
    ),
    (
        "ring-shared/src/provider/",
        "agents' event and tool names, matched against payloads",
    ),
    (
        "ring-shared/src/servers.rs",
        "a tmux command line it prints for the user to run",
    ),
    (
        "ring-shared/src/stats.rs",
        "a folder-less project's name, also in json: machine output",
    ),
    ("ring-shared/src/testing.rs", "fixtures for tests"),
    (
        "ring-plugin/src/main.rs",
        "the native stub's note to developers",
    ),
    (
        "ring-tmux/src/cmd/cli.rs",
        "clap's derive texts, replaced at run time by help-* (cli_lang.rs)",
    ),
    (
        "ring-tmux/src/cmd/man.rs",
        "man pages stay English (docs/adding-a-language.md)",
    ),
    (
        "ring-tmux/src/gather/zeroconf/codex.rs",
        "SQL sent to Codex's database",
    ),
    (
        "ring-tmux/src/hook/",
        "the hook prints nothing; its log lines are for developers",
    ),
    ("ring-tmux/src/tmux/popup.rs", "a tmux command line"),
    (
        "ring-tmux/src/out/notify/flush.rs",
        "its lines go to ring.log, for developers",
    ),
    (
        "ring-tmux/src/out/notify/spool.rs",
        "its lines go to ring.log, for developers",
    ),
];

/// Literals in those files that hold words yet are not for people to read, with why. An entry
/// ending in `…` allows the literals that start with the text before it.
const ALLOWED: &[(&str, &str)] = &[
    (
        "ring-tmux install-hooks",
        "a command doctor quotes as the fix",
    ),
    (
        "ring-tmux install-zellij",
        "a command doctor quotes as the fix",
    ),
    (
        "sudo chown \"$(id -u)\" {0} && chmod 700 {0}",
        "a command doctor quotes as the fix",
    ),
    (
        " status --socket ",
        "what doctor looks for in a tmux option",
    ),
    ("const RING = ", "the JavaScript line of ring's plugin file"),
    (
        " at line ",
        "serde_json's position suffix, cut off its errors",
    ),
    (
        "ring: duplicate key ",
        "a marker carried through serde_json's error, never shown",
    ),
    (
        "a JSON document",
        "serde's `expecting` in a row's JSON error, which is serde's own English",
    ),
    (
        "an object key",
        "serde's `expecting` in a row's JSON error, which is serde's own English",
    ),
    (
        "any JSON value",
        "serde's `expecting`, never shown: the text is valid JSON",
    ),
    (
        "// ring: zellij's tab bar, ring's bar on the row under it…",
        "the KDL layout file install-zellij writes, comments included",
    ),
    (
        "// ring: the board's key (written by ring-tmux install-zellij…",
        "the marker of ring's part of config.kdl: uninstall finds it by this text",
    ),
    (
        "// ring: end",
        "the marker ending ring's part of config.kdl",
    ),
    (
        "{BEGIN}…",
        "KDL ring writes into config.kdl, after its marker",
    ),
    (
        "if application \"iTerm2\" is running then…",
        "AppleScript sent to osascript",
    ),
    (
        "if application \"Terminal\" is running then…",
        "AppleScript sent to osascript",
    ),
    ("(function(tty)…", "Lua sent to Neovim"),
    (
        "ring-tmux notify --test",
        "the command itself, as the detail of notify --test's note",
    ),
    (
        "display notification {} with title {}",
        "AppleScript, run by osascript",
    ),
    (" sound name \"default\"", "AppleScript, run by osascript"),
    (
        "event: snapshotndata: {snapshot}nn",
        "the server-sent events protocol (as the scan reads it: escapes lose their backslash)",
    ),
    (
        "run-shell -b \"{bin} jump --socket {socket}{client} --session {id}\"",
        "a tmux command a menu item runs",
    ),
    (
        concat!(
            "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \n",
            "                       style-src 'self'; img-src 'self' data:; connect-src 'self'; \n",
            "                       manifest-src 'self'; base-uri 'none'; form-action 'none'; \n",
            "                       frame-ancestors 'none'"
        ),
        "the page's Content-Security-Policy header (its line breaks as the scan reads them)",
    ),
];

/// Whether [`ALLOWED`] allows a literal.
fn allowed(text: &str) -> bool {
    ALLOWED
        .iter()
        .any(|(allowed, _)| match allowed.strip_suffix('…') {
            Some(start) => text.starts_with(start),
            None => text == *allowed,
        })
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One string literal: its line, its text and the code just before it.
struct Literal {
    line: usize,
    text: String,
    before: String,
}

/// The string literals of `code` (normal and raw), skipping comments and char literals.
fn literals(code: &str) -> Vec<Literal> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let before = |i: usize| -> String { chars[i.saturating_sub(24)..i].iter().collect() };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\n' => line += 1,
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if next == Some('*') => {
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
                i += 2;
                continue;
            }
            '\'' => {
                // A char literal ('"', '\'', '\u{b7}'); a lifetime has no closing quote.
                let close = (i + 2..(i + 12).min(chars.len())).find(|&j| chars[j] == '\'');
                if let Some(j) = close
                    && (chars[i + 1] == '\\' || j == i + 2)
                {
                    i = j + 1;
                    continue;
                }
            }
            'r' if matches!(next, Some('"' | '#'))
                && !chars
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.is_alphanumeric() || *p == '_') =>
            {
                let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
                let open = i + 1 + hashes;
                if chars.get(open) == Some(&'"') {
                    let start_line = line;
                    let mut j = open + 1;
                    let closing: String = std::iter::once('"')
                        .chain("#".repeat(hashes).chars())
                        .collect();
                    while j < chars.len()
                        && !chars[j..].iter().collect::<String>().starts_with(&closing)
                    {
                        line += usize::from(chars[j] == '\n');
                        j += 1;
                    }
                    out.push(Literal {
                        line: start_line,
                        text: chars[open + 1..j.min(chars.len())].iter().collect(),
                        before: before(i),
                    });
                    i = j + closing.len();
                    continue;
                }
            }
            '"' => {
                let start_line = line;
                let mut j = i + 1;
                let mut text = String::new();
                while j < chars.len() && chars[j] != '"' {
                    if chars[j] == '\\' {
                        j += 1;
                    }
                    line += usize::from(chars.get(j) == Some(&'\n'));
                    if let Some(&ch) = chars.get(j) {
                        text.push(ch);
                    }
                    j += 1;
                }
                out.push(Literal {
                    line: start_line,
                    text,
                    before: before(i),
                });
                i = j + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Whether a literal reads as English prose: two words of two letters or more side by side,
/// placeholders (`{name}`, `{:?}`) removed.
fn is_prose(text: &str) -> bool {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let words: Vec<bool> = plain
        .split(' ')
        .map(|w| {
            let w = w.trim_matches(|c: char| ",.:;()?!'\"…".contains(c));
            w.chars().filter(char::is_ascii_alphabetic).count() >= 2
                && w.chars()
                    .all(|c| c.is_ascii_alphabetic() || c == '\'' || c == '-')
        })
        .collect();
    words.windows(2).any(|w| w[0] && w[1])
}

/// The part of a file outside its tests.
fn product_code(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |at| &text[..at])
}

/// The English texts in front-end files that bypass the catalogue.
fn bypasses(file: &str, code: &str) -> Vec<String> {
    literals(product_code(code))
        .into_iter()
        .filter(|l| is_prose(&l.text))
        .filter(|l| {
            let b = l.before.trim_end();
            !(b.ends_with("expect(") || b.ends_with("panic!(") || b.ends_with("unreachable!("))
        })
        .filter(|l| !allowed(&l.text))
        .map(|l| format!("{file}:{}: {:?}", l.line, l.text))
        .collect()
}

/// Every product `.rs` file of [`CRATES`], as paths from the workspace's root, sorted.
fn product_files() -> Vec<String> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = CRATES.iter().map(|c| root().join(c).join("src")).collect();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder").flatten() {
            let path = entry.path();
            let rel = path
                .strip_prefix(root())
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                if !rel.ends_with("/tests") {
                    stack.push(path);
                }
            } else if rel.ends_with(".rs") && !rel.ends_with("/tests.rs") {
                out.push(rel);
            }
        }
    }
    out.sort();
    out
}

/// The [`EXEMPT`] entry covering `file`, if any.
fn exemption(file: &str) -> Option<&'static str> {
    EXEMPT
        .iter()
        .find(|(name, _)| file == *name || (name.ends_with('/') && file.starts_with(name)))
        .map(|(name, _)| *name)
}

#[test]
fn front_ends_take_every_text_from_the_catalogue() {
    let files = product_files();
    assert!(
        files.len() > 200,
        "the walk finds the sources ({})",
        files.len()
    );
    let mut found = Vec::new();
    for file in files.iter().filter(|f| exemption(f).is_none()) {
        let code = std::fs::read_to_string(root().join(file)).expect("a source file");
        found.extend(bypasses(file, &code));
    }
    assert!(
        found.is_empty(),
        "English text outside the catalogue (add a key to ring-shared/locales/*/ring.ftl and \
         use t!(\"key\"), or allow it in ALLOWED with why):\n{}",
        found.join("\n")
    );
}

#[test]
fn every_exemption_names_a_file_that_exists() {
    let files = product_files();
    let stale: Vec<&str> = EXEMPT
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !files.iter().any(|f| exemption(f) == Some(name)))
        .collect();
    assert!(stale.is_empty(), "EXEMPT names no file: {stale:?}");
}

#[test]
fn an_allowed_entry_ending_in_an_ellipsis_allows_what_starts_with_it_and_no_more() {
    assert!(allowed("// ring: end"));
    assert!(allowed(
        "if application \"iTerm2\" is running then\n  tell it"
    ));
    assert!(!allowed("// ring: end of the story"));
    assert!(!allowed("ring-tmux install-hooks failed badly"));
}

#[test]
fn the_heuristic_catches_a_literal_and_spares_keys_comments_and_reasons() {
    let code = r#"
        // a comment with words
        let a = t!("board-empty");
        let b = "no sessions here";
        let c = x.expect("the catalogue has it");
        let d = format!("{count}{icon} {name}");
        let e = '"'; let f = "Waiting for you";
    "#;
    let found = bypasses("x.rs", code);
    assert_eq!(
        found,
        [
            "x.rs:4: \"no sessions here\"",
            "x.rs:7: \"Waiting for you\""
        ]
    );
}

/// Every `t!("key"` in the workspace's Rust files.
fn used_keys() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = ["ring-shared", "ring-tmux", "ring-plugin", "ring-web"]
        .iter()
        .map(|c| root().join(c).join("src"))
        .collect();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                if path.ends_with("ring-shared/src/i18n.rs") {
                    continue; // Its docs show the macro with a placeholder key.
                }
                let code = std::fs::read_to_string(&path).expect("a source file");
                // ring-tmux's `voice::about(KEY, …)` and `voice::file_error(KEY, …, FIX)`.
                for call in code.split("voice::").skip(1) {
                    if call.starts_with("about(") || call.starts_with("file_error(") {
                        let args = call.split(';').next().unwrap_or("");
                        for key in args.split('"').skip(1).step_by(2) {
                            if !key.is_empty()
                                && key.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                            {
                                out.push((path.display().to_string(), key.to_owned()));
                            }
                        }
                    }
                }
                let mut parts = code.split("t!(");
                let mut before = parts.next().unwrap_or("");
                for part in parts {
                    // `t!(`, not `out!(`.
                    let macro_call = !before
                        .chars()
                        .last()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_');
                    before = part;
                    if !macro_call {
                        continue;
                    }
                    let part = part.trim_start();
                    if let Some(rest) = part.strip_prefix('"')
                        && let Some(key) = rest.split('"').next()
                        && !key.is_empty()
                        && key.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                    {
                        out.push((path.display().to_string(), key.to_owned()));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn every_key_the_code_uses_is_in_the_catalogue() {
    use ring_shared::i18n::{Lang, text_in};
    let used = used_keys();
    assert!(
        used.len() > 30,
        "the scan finds the t! calls ({})",
        used.len()
    );
    let missing: Vec<String> = used
        .iter()
        .filter(|(_, key)| text_in(Lang::En, key, None) == *key)
        .map(|(file, key)| format!("{file}: {key}"))
        .collect();
    assert!(
        missing.is_empty(),
        "keys missing from the catalogue:\n{}",
        missing.join("\n")
    );
    // And the kinds' table names keys too.
    for kind in ring_shared::view::KINDS {
        assert_ne!(
            text_in(Lang::En, kind.label, None),
            kind.label,
            "{}",
            kind.name
        );
    }
}
