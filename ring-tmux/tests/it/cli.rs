//! The command line as a person meets it, on the real binary: every subcommand's `--help`
//! lists every flag clap knows, the completion scripts parse in their shells, the man pages
//! render and name every subcommand, and a usage error speaks ring's voice with exit code 2.

use crate::lang_support::tr;
use assert_cmd::Command;
use std::io::Write;
use std::process::Stdio;

fn ring() -> Command {
    let mut cmd = Command::cargo_bin("ring-tmux").expect("ring-tmux binary");
    // An empty ring folder and HOME: nothing here may depend on (or touch) the user's.
    let home = std::env::temp_dir().join("ring-cli-test-absent");
    cmd.env("HOME", &home).env("RING_HOME", home.join("ring"));
    cmd.env_remove("NO_COLOR");
    // English on purpose, whatever language the suite runs in: these tests hold --help,
    // completions and man pages against the README's English tables (lang_native checks
    // the Chinese help).
    cmd.env("RING_LANG", "en");
    for name in crate::OUTSIDE {
        cmd.env_remove(name);
    }
    cmd
}

fn stdout(args: &[&str]) -> String {
    let out = ring().args(args).output().expect("run ring-tmux");
    assert_eq!(
        out.status.code(),
        Some(0),
        "ring-tmux {args:?}: stderr {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The visible subcommands clap knows.
fn subcommands() -> Vec<clap::Command> {
    ring_tmux::cmd::cli::command()
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .cloned()
        .collect()
}

/// What `--help` must show for each of a subcommand's arguments: `--long`, `-s`, or the
/// positional's `<NAME>` / `[NAME]`.
fn spellings(sub: &clap::Command) -> Vec<String> {
    let mut out = Vec::new();
    for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
        if let Some(long) = arg.get_long() {
            out.push(format!("--{long}"));
        }
        if let Some(short) = arg.get_short() {
            out.push(format!("-{short}"));
        }
        if arg.is_positional() {
            let name = arg
                .get_value_names()
                .and_then(|v| v.first())
                .map_or_else(|| arg.get_id().to_string(), ToString::to_string);
            out.push(name);
        }
    }
    out
}

#[test]
fn every_subcommand_help_lists_every_flag() {
    let subs = subcommands();
    assert!(
        subs.len() >= 13,
        "{:?}",
        subs.iter().map(clap::Command::get_name).collect::<Vec<_>>()
    );
    for sub in &subs {
        let name = sub.get_name();
        let help = stdout(&[name, "--help"]);
        assert!(
            help.contains(&format!("Usage: ring-tmux {name}")),
            "{name} --help has no usage line:\n{help}"
        );
        // The trailing-args catch-all this replaced showed `[ARGS]...` and no flags.
        assert!(!help.contains("[ARGS]"), "{name} --help:\n{help}");
        for flag in spellings(sub) {
            assert!(help.contains(&flag), "{name} --help lacks {flag}:\n{help}");
        }
        assert!(help.contains("--help"), "{name} --help:\n{help}");
    }
}

#[test]
fn status_help_lists_its_flags_and_does_not_point_at_itself() {
    // `status` skips clap unless asked for help: the help must still be clap's, whole.
    let help = stdout(&["status", "--socket", "/x", "--help"]);
    for flag in [
        "--socket",
        "--project",
        "--no-project",
        "--no-repair",
        "--repair-now",
        "--print",
        "--gen",
    ] {
        assert!(help.contains(flag), "status --help lacks {flag}:\n{help}");
    }
    assert!(!help.contains("see `ring-tmux status --help`"), "{help}");
}

#[test]
fn top_level_help_names_every_subcommand() {
    let help = stdout(&["--help"]);
    for sub in subcommands() {
        assert!(
            help.contains(sub.get_name()),
            "--help lacks {}:\n{help}",
            sub.get_name()
        );
    }
    assert!(
        help.contains("2 usage error"),
        "exit codes documented:\n{help}"
    );
}

#[test]
fn usage_error_speaks_ring_s_voice_and_exits_2() {
    for (args, what, fix) in [
        (
            &["gc", "--bogus"][..],
            "unexpected argument '--bogus' found",
            "see `ring-tmux gc --help`",
        ),
        (
            &["gc", "--older-than", "soon"][..],
            "not a duration",
            "see `ring-tmux gc --help`",
        ),
        (
            &["jump", "--client"][..],
            "a value is required for '--client <NAME>'",
            "see `ring-tmux jump --help`",
        ),
        (
            &["completions", "tcsh"][..],
            "invalid value 'tcsh'",
            "see `ring-tmux completions --help`",
        ),
        (
            &["frobnicate"][..],
            "unrecognized subcommand 'frobnicate'",
            "see `ring-tmux --help`",
        ),
    ] {
        let out = ring().args(args).output().expect("run");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: stdout {:?}", out.stdout);
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
        assert!(err.starts_with("ring-tmux: "), "{args:?}: {err}");
        assert!(err.contains(what), "{args:?}: {err}");
        assert!(err.trim_end().ends_with(fix), "{args:?}: {err}");
        // stderr is a pipe here: no colour.
        assert!(!err.contains('\x1b'), "{args:?}: {err:?}");
    }
}

/// Issue 25 item 10: `--help` names `man` (the README's command table has it) and says what
/// a bare `ring-tmux` does.
#[test]
fn top_level_help_names_man_and_the_bare_command() {
    let help = stdout(&["--help"]);
    assert!(
        help.lines().any(|l| l.trim_start().starts_with("man ")),
        "{help}"
    );
    assert!(help.contains("Without a command: the board"), "{help}");
}

/// Runs `shell check-flag` on `script` through a file; `None` when the shell is missing.
fn shell_check(shell: &str, flag: &str, script: &str, name: &str) -> Option<std::process::Output> {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join(name);
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(script.as_bytes()))
        .expect("write script");
    match std::process::Command::new(shell)
        .arg(flag)
        .arg(&path)
        .stdin(Stdio::null())
        .output()
    {
        Ok(out) => Some(out),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => panic!("{shell}: {e}"),
    }
}

#[test]
fn completions_parse_in_their_shells() {
    for (shell, flag, file, required) in [
        ("bash", "-n", "ring-tmux.bash", true),
        ("zsh", "-n", "_ring-tmux", false),
        ("fish", "--no-execute", "ring-tmux.fish", false),
    ] {
        let script = stdout(&["completions", shell]);
        // The script asks ring-tmux itself at each Tab (what it completes is tested below).
        assert!(
            script.contains("RING_TMUX_COMPLETE") && script.contains("ring-tmux"),
            "{shell}: {script}"
        );
        match shell_check(shell, flag, &script, file) {
            Some(out) => assert!(
                out.status.success() && out.stderr.is_empty(),
                "{shell} {flag}: {:?} {}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ),
            None if required || std::env::var_os("RING_E2E_REQUIRED").is_some() => {
                panic!("{shell} is not installed (apt-get install -y {shell})")
            }
            None => eprintln!("skipped: {shell} is not installed"),
        }
    }
}

/// A private HOME and ring folder with the built binary first on PATH, as an installed
/// completion script finds it.
struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("home")).expect("home");
        // Every agent's liveness unknown: never the machine's own processes.
        std::fs::write(dir.path().join("procs.json"), "{}").expect("procs");
        Sandbox { dir }
    }

    fn ring_home(&self) -> std::path::PathBuf {
        self.dir.path().join("ring")
    }

    fn command(&self, program: &str) -> std::process::Command {
        let bin = assert_cmd::cargo::cargo_bin("ring-tmux");
        let path = format!(
            "{}:{}",
            bin.parent().expect("bin dir").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let mut cmd = std::process::Command::new(program);
        cmd.env("HOME", self.dir.path().join("home"))
            .env("RING_HOME", self.ring_home())
            .env("RING_NOW", "1700000000")
            .env("PATH", path)
            .env("RING_PROCS", self.dir.path().join("procs.json"))
            .stdin(Stdio::null());
        for name in crate::OUTSIDE {
            cmd.env_remove(name);
        }
        cmd
    }

    /// `ring-tmux ARGS`, which must succeed.
    fn ring(&self, args: &[&str], stdin: &str) {
        let mut cmd = self.command("ring-tmux");
        cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped());
        let mut child = cmd.spawn().expect("ring-tmux");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(stdin.as_bytes())
            .expect("stdin");
        let out = child.wait_with_output().expect("ring-tmux");
        assert!(out.status.success(), "ring-tmux {args:?}: {out:?}");
    }

    /// What bash's programmable completion offers for `line` (the word under the cursor is
    /// the last one, `""` for a fresh word), through the installed script.
    fn bash_complete(&self, words: &[&str]) -> Vec<String> {
        let script = self.dir.path().join("ring-tmux.bash");
        std::fs::write(&script, stdout(&["completions", "bash"])).expect("write");
        let quoted: Vec<String> = words
            .iter()
            .map(|w| format!("'{}'", w.replace('\'', "'\\''")))
            .collect();
        let current = quoted.last().cloned().unwrap_or_default();
        let previous = quoted[quoted.len().saturating_sub(2)].clone();
        let probe = format!(
            "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; COMP_TYPE=9; \
             _clap_complete_ring_tmux ring-tmux {current} {previous}; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            script.display(),
            quoted.join(" "),
            words.len() - 1,
        );
        let out = self
            .command("bash")
            .args(["-c", &probe])
            .output()
            .expect("bash");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

#[test]
fn bash_completion_completes_a_subcommand_s_flags_and_values() {
    let sandbox = Sandbox::new();
    let words = sandbox.bash_complete(&["ring-tmux", "gc", "--"]);
    for flag in ["--dry-run", "--older-than", "--all-ended"] {
        assert!(words.iter().any(|w| w == flag), "no {flag} in {words:?}");
    }
    let words = sandbox.bash_complete(&["ring-tmux", "un"]);
    assert_eq!(words, ["unhide", "uninstall"]);
    // Values clap knows: the shells of `completions`, the channels of `notify --test`.
    let words = sandbox.bash_complete(&["ring-tmux", "completions", ""]);
    for shell in ["bash", "zsh", "fish"] {
        assert!(words.iter().any(|w| w == shell), "no {shell} in {words:?}");
    }
}

/// Issue 25 item 13: session ids and labels complete (as RiNG completes ids), from the ring
/// folder alone; a label is data, never code the completion runs.
#[test]
fn bash_completion_completes_sessions_and_never_runs_a_label() {
    let sandbox = Sandbox::new();
    let pwned = sandbox.dir.path().join("pwned");
    for id in ["abc123", "abd456"] {
        sandbox.ring(
            &["hook"],
            &format!(
                r#"{{"session_id": "{id}", "cwd": "/w/app", "hook_event_name": "UserPromptSubmit"}}"#
            ),
        );
    }
    let hostile = format!(
        "x$(touch {})`touch {}`'\"",
        pwned.display(),
        pwned.display()
    );
    sandbox.ring(&["name", "abc123", &hostile], "");

    let words = sandbox.bash_complete(&["ring-tmux", "hide", ""]);
    assert!(words.iter().any(|w| w == "abc123"), "{words:?}");
    assert!(words.iter().any(|w| w == "abd456"), "{words:?}");
    assert!(words.contains(&hostile), "the label, verbatim: {words:?}");
    let words = sandbox.bash_complete(&["ring-tmux", "reply", "abd"]);
    assert_eq!(words, ["abd456"]);
    let words = sandbox.bash_complete(&["ring-tmux", "jump", "x$("]);
    assert_eq!(words, [hostile]);
    assert!(!pwned.exists(), "completing ran code from a label");

    // unhide completes the hidden sessions only.
    sandbox.ring(&["hide", "abd456"], "");
    let words = sandbox.bash_complete(&["ring-tmux", "unhide", ""]);
    let sessions: Vec<&String> = words.iter().filter(|w| !w.starts_with('-')).collect();
    assert_eq!(sessions, ["abd456"], "{words:?}");
    let words = sandbox.bash_complete(&["ring-tmux", "hide", "ab"]);
    assert_eq!(words, ["abc123"]);
}

/// Renders roff with groff (man's own formatter), warnings on; `None` without groff.
fn render_man(roff: &str) -> Option<String> {
    let mut child = match std::process::Command::new("groff")
        // -k: preconv, as man runs it (the pages hold UTF-8: oneline's icons).
        .args(["-k", "-man", "-Tutf8", "-ww", "-z"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("groff: {e}"),
    };
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(roff.as_bytes())
        .expect("write roff");
    let out = child.wait_with_output().expect("groff");
    assert!(out.status.success(), "groff: {:?}", out.status);
    let warnings = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(warnings.is_empty(), "groff warnings: {warnings}");
    let text = std::process::Command::new("sh")
        .args(["-c", "groff -k -man -Tutf8 -P-cbou"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().expect("stdin").write_all(roff.as_bytes())?;
            c.wait_with_output()
        })
        .expect("groff");
    Some(String::from_utf8_lossy(&text.stdout).into_owned())
}

#[test]
fn man_pages_render_and_name_every_subcommand_and_flag() {
    let main = stdout(&["man"]);
    assert!(
        main.starts_with(".ie") || main.contains(".TH"),
        "roff: {main:.200}"
    );
    let Some(text) = render_man(&main) else {
        if std::env::var_os("RING_E2E_REQUIRED").is_some() {
            panic!("groff is not installed");
        }
        eprintln!("skipped: groff is not installed");
        return;
    };
    for sub in subcommands() {
        assert!(
            text.contains(sub.get_name()),
            "ring-tmux(1) lacks {}:\n{text}",
            sub.get_name()
        );
    }
    for sub in subcommands() {
        let name = sub.get_name();
        let page = render_man(&stdout(&["man", name])).expect("groff");
        assert!(
            page.contains(&format!("ring-tmux-{name}")),
            "{name}:\n{page}"
        );
        for flag in spellings(&sub) {
            assert!(
                page.contains(&flag),
                "ring-tmux-{name}(1) lacks {flag}:\n{page}"
            );
        }
    }
}

/// Issue 25 item 13: ring-tmux(1) documents every config key (from the one table the README
/// is checked against), every tmux option, the environment and the files.
#[test]
fn main_man_page_has_config_keys_tmux_options_environment_and_files() {
    let Some(text) = render_man(&stdout(&["man"])) else {
        assert!(
            std::env::var_os("RING_E2E_REQUIRED").is_none(),
            "groff is not installed"
        );
        eprintln!("skipped: groff is not installed");
        return;
    };
    for section in ["CONFIGURATION", "TMUX OPTIONS", "ENVIRONMENT", "FILES"] {
        assert!(
            text.lines().any(|l| l == section),
            "no {section} section:\n{text}"
        );
    }
    for key in ring_shared::config::KEYS {
        assert!(text.contains(key), "ring-tmux(1) lacks config key {key}");
    }
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    for (option, _) in ring_tmux::testing::badge::defaults() {
        assert!(text.contains(&option), "ring-tmux(1) lacks {option}");
    }
    // Every option of the README's tmux table.
    for line in readme.lines().filter(|l| l.starts_with("| `@ring-")) {
        for (i, _) in line.match_indices("`@ring-") {
            let option: String = line[i + 1..].chars().take_while(|c| *c != '`').collect();
            assert!(text.contains(&option), "ring-tmux(1) lacks {option}");
        }
    }
    for name in ["RING_HOME", "RING_NOW", "RING_PROCS", "TMUX", "HOME"] {
        assert!(text.contains(name), "ENVIRONMENT lacks {name}");
    }
    for file in [
        "sessions/",
        "config.toml",
        "labels.json",
        "deleted_sessions.json",
        "events.jsonl",
        "ring.log",
        "notify.spool/",
        "serve/token",
        "~/.claude/settings.json",
        "permissions.kdl",
    ] {
        assert!(text.contains(file), "FILES lacks {file}");
    }
}

/// The README's configuration table is `KEY_DOCS`, row for row: the man page renders the same
/// table, so neither can drift.
#[test]
fn readme_config_table_is_key_docs() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let rows: Vec<String> = readme
        .split("| key | default | what it changes |\n| --- | --- | --- |\n")
        .nth(1)
        .expect("the configuration table")
        .lines()
        .take_while(|l| l.starts_with('|'))
        .map(str::to_owned)
        .collect();
    let want: Vec<String> = ring_shared::config::KEY_DOCS
        .iter()
        .map(|d| format!("| `{}` | {} | {} |", d.key, d.default, d.what))
        .collect();
    assert_eq!(rows, want);
}

/// The `--flags` of a README table cell.
fn flags_in(cell: &str) -> std::collections::BTreeSet<String> {
    let mut flags = std::collections::BTreeSet::new();
    for (i, _) in cell.match_indices("--") {
        let name: String = cell[i + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        if !name.is_empty() {
            flags.insert(format!("--{name}"));
        }
    }
    flags
}

#[test]
fn readme_command_table_is_in_step_with_clap() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let section = readme
        .split("\n## Commands\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a ## Commands section");
    let command = ring_tmux::cmd::cli::command();
    let mut names: Vec<&str> = subcommands_of(&command);
    names.push("man");
    for name in names {
        let sub = command.find_subcommand(name).expect("subcommand");
        let row = section
            .lines()
            .find(|l| {
                l.strip_prefix("| `ring-tmux ")
                    .and_then(|r| r.strip_prefix(name))
                    .is_some_and(|r| r.starts_with(' ') || r.starts_with('`'))
            })
            .unwrap_or_else(|| panic!("README's command table has no row for {name}"));
        let cell = row.split(" | ").next().expect("first cell");
        let documented = flags_in(cell);
        let known: std::collections::BTreeSet<String> = sub
            .get_arguments()
            // Hidden flags are the commands' own plumbing (`serve --print`), not for people.
            .filter(|a| !a.is_hide_set())
            .filter_map(|a| a.get_long())
            .filter(|l| *l != "help")
            .map(|l| format!("--{l}"))
            .collect();
        assert_eq!(documented, known, "README row for {name}: {cell}");
    }
}

fn subcommands_of(command: &clap::Command) -> Vec<&str> {
    command
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .map(clap::Command::get_name)
        .collect()
}

#[test]
fn prefix_is_coloured_only_on_a_terminal_without_no_color() {
    // util-linux `script` gives the command a pseudo-terminal for stdout and stderr.
    let bin = assert_cmd::cargo::cargo_bin("ring-tmux");
    let line = format!("'{}' gc --bogus", bin.display());
    for (no_color, coloured) in [(None, true), (Some("1"), false)] {
        let mut script = std::process::Command::new("script");
        script
            .args(["-qec", &line, "/dev/null"])
            .env_remove("NO_COLOR");
        if let Some(value) = no_color {
            script.env("NO_COLOR", value);
        }
        let out = match script.stdin(Stdio::null()).output() {
            Ok(out) => out,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                assert!(
                    std::env::var_os("RING_E2E_REQUIRED").is_none(),
                    "script is not installed"
                );
                eprintln!("skipped: script (util-linux) is not installed");
                return;
            }
            Err(e) => panic!("script: {e}"),
        };
        let text = String::from_utf8_lossy(&out.stdout);
        let unknown = tr("err-usage-unknown", &[("arg", "--bogus")]);
        assert!(text.contains(&unknown), "{text:?}");
        assert_eq!(
            text.contains("\x1b[1;31mring-tmux:\x1b[0m "),
            coloured,
            "NO_COLOR={no_color:?}: {text:?}"
        );
        assert_eq!(
            text.contains('\x1b'),
            coloured,
            "NO_COLOR={no_color:?}: {text:?}"
        );
    }
}
