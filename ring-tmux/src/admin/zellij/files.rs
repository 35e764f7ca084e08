//! The KDL ring writes for zellij: the layout with ring's bar, the board's key binding, and
//! the hint a person pastes when config.kdl cannot be edited safely.

use super::{BOARD_KEY, kdl};
use ring_shared::t;
use std::path::Path;

/// The plugin's `ring_tmux` setting line, indented `indent` spaces (empty without a binary),
/// and its `lang` line when this process speaks other than English: a wasm plugin sees none of
/// the user's environment, so install-zellij hands it the language it runs with (issue 26).
fn ring_tmux_setting(ring_tmux: Option<&Path>, indent: usize) -> String {
    let binary = ring_tmux.map_or_else(String::new, |path| {
        format!(
            "{:indent$}ring_tmux {}\n",
            "",
            kdl::quote(&path.to_string_lossy())
        )
    });
    let lang = ring_shared::i18n::lang();
    if lang == ring_shared::i18n::Lang::En {
        return binary;
    }
    format!("{binary}{:indent$}lang {}\n", "", kdl::quote(lang.tag()))
}

/// The plugin block of a layout: the bar, reading `ring_home` through its `cwd`, and running
/// `ring_tmux` (when given) to keep the zero-config rows fresh.
pub fn bar_pane(plugin: &Path, ring_home: &Path, ring_tmux: Option<&Path>) -> String {
    let ring_tmux = ring_tmux_setting(ring_tmux, 8);
    format!(
        "pane size=1 borderless=true {{\n    plugin location={} {{\n        mode \"bar\"\n        cwd {}\n{ring_tmux}    }}\n}}",
        kdl::quote(&format!("file:{}", plugin.display())),
        kdl::quote(&ring_home.to_string_lossy()),
    )
}

/// `layouts/ring.kdl`: zellij's default layout with ring's bar under the tab bar.
pub fn layout(plugin: &Path, ring_home: &Path, ring_tmux: Option<&Path>) -> String {
    let indent = |text: &str, n: usize| -> String {
        text.lines()
            .map(|l| format!("{}{l}\n", " ".repeat(n)))
            .collect()
    };
    format!(
        "// ring: zellij's tab bar, ring's bar on the row under it, your panes, the status bar.\n\
         // Written by `ring-tmux install-zellij`; start with `zellij --layout ring`.\n\
         // In your own layout, copy the ring pane. Beside the tab bar (a vertical split of a\n\
         // one-row pane) works only with `pane_frame_style \"full\"`: zellij 0.45's default\n\
         // title-only frames draw a border over a split one-row pane.\n\
         layout {{\n    default_tab_template {{\n        pane size=1 borderless=true {{\n            plugin location=\"zellij:tab-bar\"\n        }}\n{}        children\n        pane size=2 borderless=true {{\n            plugin location=\"zellij:status-bar\"\n        }}\n    }}\n}}\n",
        indent(&bar_pane(plugin, ring_home, ring_tmux), 8)
    )
}

/// The keybinding that opens the board, a `shared {…}` block of `keybinds` (config.kdl;
/// layouts cannot hold keybindings). With `ring_tmux` the board's `p`, `n`, `dd` and `u` run
/// this binary (`reply`, `name`, `hide`, `unhide`).
pub fn board_binding(plugin: &Path, ring_home: &Path, ring_tmux: Option<&Path>) -> String {
    let ring_tmux = ring_tmux_setting(ring_tmux, 12);
    format!(
        "shared {{\n    bind \"{BOARD_KEY}\" {{\n        LaunchOrFocusPlugin {} {{\n            floating true\n            mode \"board\"\n            cwd {}\n{ring_tmux}        }}\n    }}\n}}",
        kdl::quote(&format!("file:{}", plugin.display())),
        kdl::quote(&ring_home.to_string_lossy()),
    )
}

/// [`board_binding`] for a person to paste, when config.kdl cannot be edited safely.
pub fn board_hint(plugin: &Path, ring_home: &Path, ring_tmux: Option<&Path>) -> String {
    let binding = board_binding(plugin, ring_home, ring_tmux);
    let binding: String = binding.lines().map(|l| format!("\n    {l}")).collect();
    format!(
        "{}{binding}",
        t!("install-zellij-board-hint", key = BOARD_KEY)
    )
}
