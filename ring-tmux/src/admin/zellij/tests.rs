use super::*;
use crate::zellij::visible_change;
use ring_shared::Row;
use rstest::rstest;
use std::fs;

const WASM: &[u8] = b"\0asm\x01\0\0\0ring";
const RING_TMUX: &str = "/opt/ring/bin/ring-tmux";

fn setup() -> (tempfile::TempDir, Paths, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let home = dir.path().join("home");
    let paths = Paths::new(&home, &home.join(".config/ring"), None, None);
    let source = dir.path().join("ring-plugin.wasm");
    fs::write(&source, WASM).expect("write plugin");
    (dir, paths, source)
}

#[test]
fn install_writes_plugin_layout_permissions_and_ring_folder() {
    let (_dir, paths, source) = setup();
    install(&paths, &source, Some(Path::new(RING_TMUX)), false).expect("install");
    assert_eq!(fs::read(&paths.plugin).expect("plugin"), WASM);
    let layout = fs::read_to_string(&paths.layout).expect("layout");
    assert!(layout.contains(&format!(
        "plugin location=\"file:{}\"",
        paths.plugin.display()
    )));
    assert!(layout.contains(&format!("cwd \"{}\"", paths.ring_home.display())));
    assert!(
        layout.contains(&format!("ring_tmux \"{RING_TMUX}\"")),
        "{layout}"
    );
    assert!(layout.contains("zellij:tab-bar"));
    let permissions = fs::read_to_string(&paths.permissions).expect("permissions");
    assert_eq!(
        permissions,
        format!(
            "\"{}\" {{\n    ReadApplicationState\n    ChangeApplicationState\n    RunCommands\n    MessageAndLaunchOtherPlugins\n}}\n",
            paths.plugin.display()
        )
    );
    assert!(paths.ring_home.join("sessions").is_dir());
}

#[test]
fn install_keeps_other_permission_entries_and_is_idempotent() {
    let (_dir, paths, source) = setup();
    let other = "\"/x/zjstatus.wasm\" {\n    RunCommands\n}\n";
    fs::create_dir_all(paths.permissions.parent().expect("parent")).expect("mkdir");
    fs::write(&paths.permissions, other).expect("seed");
    install(&paths, &source, Some(Path::new(RING_TMUX)), false).expect("first");
    let first = fs::read_to_string(&paths.permissions).expect("read");
    assert!(first.starts_with(other), "{first}");
    install(&paths, &source, Some(Path::new(RING_TMUX)), false).expect("second");
    assert_eq!(fs::read_to_string(&paths.permissions).expect("read"), first);
}

#[test]
fn unbalanced_permissions_file_is_left_alone() {
    let (_dir, paths, source) = setup();
    fs::create_dir_all(paths.permissions.parent().expect("parent")).expect("mkdir");
    fs::write(&paths.permissions, "\"/x\" {\n").expect("seed");
    let error = install(&paths, &source, Some(Path::new(RING_TMUX)), false).expect_err("refused");
    assert!(error.contains("by hand"), "{error}");
    assert_eq!(
        fs::read_to_string(&paths.permissions).expect("read"),
        "\"/x\" {\n"
    );
}

#[test]
fn dry_run_writes_nothing() {
    let (_dir, paths, source) = setup();
    install(&paths, &source, Some(Path::new(RING_TMUX)), true).expect("dry run");
    assert!(!paths.plugin.exists());
    assert!(!paths.layout.exists());
    assert!(!paths.permissions.exists());
}

#[test]
fn a_file_that_is_not_wasm_is_refused() {
    let (dir, paths, _) = setup();
    let bogus = dir.path().join("bogus.wasm");
    fs::write(&bogus, "#!/bin/sh\n").expect("write");
    assert!(install(&paths, &bogus, None, false).is_err());
    assert!(!paths.plugin.exists());
}

#[test]
fn paths_with_quotes_are_escaped_in_kdl() {
    let layout = layout(
        Path::new("/a \"b\"/ring.wasm"),
        Path::new("/r\\ing"),
        Some(Path::new("/b \"in\"/ring-tmux")),
    );
    assert!(
        layout.contains(r#"plugin location="file:/a \"b\"/ring.wasm""#),
        "{layout}"
    );
    assert!(layout.contains(r#"cwd "/r\\ing""#), "{layout}");
    assert!(
        layout.contains(r#"ring_tmux "/b \"in\"/ring-tmux""#),
        "{layout}"
    );
}

#[rstest]
#[case::named(Some("/usr/local/bin/ring-tmux"), Some("/usr/local/bin/ring-tmux"))]
#[case::unknown_binary_is_left_out(None, None)]
fn bar_names_the_binary_it_runs(#[case] ring_tmux: Option<&str>, #[case] want: Option<&str>) {
    let pane = bar_pane(
        Path::new("/p/ring.wasm"),
        Path::new("/r"),
        ring_tmux.map(Path::new),
    );
    let line = pane
        .lines()
        .find_map(|l| l.trim().strip_prefix("ring_tmux "))
        .map(|v| v.trim_matches('"'));
    assert_eq!(line, want, "{pane}");
    // The rest of the block is the same either way.
    assert!(
        pane.contains("mode \"bar\"") && pane.contains("cwd \"/r\""),
        "{pane}"
    );
}

/// The board's `p`, `n` and `dd` run `ring-tmux`: the printed binding names it, and its braces
/// stay balanced.
#[rstest]
#[case::named(Some("/usr/local/bin/ring-tmux"), Some("/usr/local/bin/ring-tmux"))]
#[case::unknown_binary_is_left_out(None, None)]
fn board_binding_names_the_binary_its_keys_run(
    #[case] ring_tmux: Option<&str>,
    #[case] want: Option<&str>,
) {
    let hint = board_hint(
        Path::new("/p/ring.wasm"),
        Path::new("/r"),
        ring_tmux.map(Path::new),
    );
    let line = hint
        .lines()
        .find_map(|l| l.trim().strip_prefix("ring_tmux "))
        .map(|v| v.trim_matches('"'));
    assert_eq!(line, want, "{hint}");
    assert!(
        hint.contains("mode \"board\"") && hint.contains("cwd \"/r\""),
        "{hint}"
    );
    assert_eq!(
        hint.matches('{').count(),
        hint.matches('}').count(),
        "{hint}"
    );
}

#[test]
fn reinstall_adds_run_commands_to_an_older_grant() {
    let (_dir, paths, source) = setup();
    let older = format!(
        "\"{}\" {{\n    ReadApplicationState\n    ChangeApplicationState\n}}\n",
        paths.plugin.display()
    );
    fs::create_dir_all(paths.permissions.parent().expect("parent")).expect("mkdir");
    fs::write(&paths.permissions, older).expect("seed");
    install(&paths, &source, Some(Path::new(RING_TMUX)), false).expect("install");
    let permissions = fs::read_to_string(&paths.permissions).expect("read");
    assert!(permissions.contains("    RunCommands\n"), "{permissions}");
    assert_eq!(permissions.matches("ReadApplicationState").count(), 1);
}

#[rstest]
#[case::xdg_cache(Some("/xdg"), "/xdg/zellij/permissions.kdl")]
#[case::relative_xdg_ignored(Some("rel"), "/h/.cache/zellij/permissions.kdl")]
#[case::default(None, "/h/.cache/zellij/permissions.kdl")]
#[cfg_attr(
    target_os = "macos",
    ignore = "macOS keeps zellij's cache in ~/Library"
)]
fn permissions_follow_xdg_cache_home(#[case] xdg: Option<&str>, #[case] want: &str) {
    let paths = Paths::new(
        Path::new("/h"),
        Path::new("/h/.config/ring"),
        None,
        xdg.map(PathBuf::from),
    );
    assert_eq!(paths.permissions, PathBuf::from(want));
    assert_eq!(
        paths.plugin,
        PathBuf::from("/h/.config/zellij/plugins/ring.wasm")
    );
}

#[test]
fn layout_follows_zellij_config_dir() {
    let paths = Paths::new(
        Path::new("/h"),
        Path::new("/r"),
        Some(PathBuf::from("/zc")),
        None,
    );
    assert_eq!(paths.layout, PathBuf::from("/zc/layouts/ring.kdl"));
}

fn row(status: ring_shared::Status) -> Row {
    let mut row = Row::new("s");
    row.status = status;
    row
}

#[test]
fn visible_change_ignores_what_the_plugin_does_not_show() {
    use ring_shared::Status;
    let working = row(Status::Working);
    let mut next_tool = working.clone();
    next_tool.last_action = "→ Bash: ls".into();
    next_tool.last_active += 1.0;
    next_tool.heartbeat_at += 1.0;
    assert!(!visible_change(Some(&working), Some(&next_tool)));
    assert!(visible_change(Some(&working), Some(&row(Status::Waiting))));
    let mut kind = row(Status::Waiting);
    kind.waiting_kind = "question".into();
    assert!(visible_change(Some(&row(Status::Waiting)), Some(&kind)));
    assert!(visible_change(None, Some(&working)));
    assert!(visible_change(Some(&working), None));
    assert!(!visible_change(None, None));
}

#[test]
fn an_edited_layout_is_backed_up_before_it_is_rewritten() {
    let (_dir, paths, source) = setup();
    install(&paths, &source, Some(Path::new(RING_TMUX)), false).expect("install");
    let edited = "// mine\nlayout { pane; }\n";
    fs::write(&paths.layout, edited).expect("edit");
    install(&paths, &source, Some(Path::new(RING_TMUX)), false).expect("again");
    let folder = paths.layout.parent().expect("layouts");
    let backups: Vec<PathBuf> = fs::read_dir(folder)
        .expect("read")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".bak"))
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert_eq!(fs::read_to_string(&backups[0]).expect("backup"), edited);
    assert_ne!(fs::read_to_string(&paths.layout).expect("layout"), edited);
    // ring's own layout, unchanged, is not backed up again.
    install(&paths, &source, Some(Path::new(RING_TMUX)), false).expect("third");
    assert_eq!(fs::read_dir(folder).expect("read").count(), 2);
}

/// Outside the repository: no workspace build, the wasm from a release.
#[test]
fn the_plugin_is_found_in_the_data_folder_or_where_it_was_installed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let exe_dir = dir.path().join("prefix/bin");
    fs::create_dir_all(&exe_dir).expect("bin");
    let data = dir.path().join("data");
    let installed = dir.path().join("zellij/plugins/ring.wasm");
    let found = |exe: &Path| find_plugin(None, Some(exe), &data, &installed);
    let error = found(&exe_dir).expect_err("nothing anywhere");
    assert!(
        error.contains("releases/latest/download/ring.wasm"),
        "{error}"
    );
    fs::create_dir_all(installed.parent().expect("parent")).expect("mkdir");
    fs::write(&installed, WASM).expect("installed");
    assert_eq!(found(&exe_dir).expect("installed"), installed);
    fs::create_dir_all(data.join("ring")).expect("mkdir");
    fs::write(data.join("ring/ring.wasm"), WASM).expect("data");
    assert_eq!(found(&exe_dir).expect("data"), data.join("ring/ring.wasm"));
    let share = dir.path().join("prefix/share/ring/ring.wasm");
    fs::create_dir_all(share.parent().expect("parent")).expect("mkdir");
    fs::write(&share, WASM).expect("share");
    assert_eq!(
        fs::canonicalize(found(&exe_dir).expect("share")).expect("canon"),
        fs::canonicalize(&share).expect("canon")
    );
}

/// Issue 26: the plugin sees no environment, so the bar's and the board's blocks carry the
/// language install-zellij runs with; English (the plugin's default) writes nothing.
#[test]
fn the_blocks_hand_the_plugin_a_language_other_than_english() {
    use ring_shared::i18n::{Lang, with_lang};
    let (plugin, home, bin) = (
        Path::new("/p/ring.wasm"),
        Path::new("/r"),
        Path::new("/b/rt"),
    );
    let zh = with_lang(Lang::ZhHant, || {
        [
            layout(plugin, home, Some(bin)),
            board_binding(plugin, home, None),
        ]
    });
    for block in &zh {
        assert_eq!(block.matches("lang \"zh-Hant\"").count(), 1, "{block}");
    }
    let en = with_lang(Lang::En, || {
        [
            layout(plugin, home, Some(bin)),
            board_binding(plugin, home, None),
        ]
    });
    for block in &en {
        assert!(!block.contains("lang "), "{block}");
    }
}
