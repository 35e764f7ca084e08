//! A Terminal.app tab (macOS): AppleScript finds the tab whose tty is the row's, selects it
//! and brings its window to the front.

use super::{Focus, Sys, tab_on_tty};
use ring_shared::Row;
use ring_shared::focus::Backend;

pub(crate) struct TerminalApp;

/// The script for `tty` (a checked device path: nothing in it can end the string).
pub fn script(tty: &str) -> String {
    format!(
        r#"if application "Terminal" is running then
  tell application "Terminal"
    repeat with w in windows
      repeat with t in tabs of w
        if tty of t is "{tty}" then
          set selected tab of w to t
          set frontmost of w to true
          activate
          return "ok"
        end if
      end repeat
    end repeat
  end tell
end if
return "notfound""#
    )
}

impl Focus for TerminalApp {
    fn backend(&self) -> Backend {
        Backend::TerminalApp
    }

    fn programs(&self) -> &'static [&'static str] {
        &["osascript"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        tab_on_tty(row, sys, script, &ring_shared::t!("focus-terminal-app-tab"))
    }
}
