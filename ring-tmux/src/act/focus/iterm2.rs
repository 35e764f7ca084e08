//! An iTerm2 session (macOS): AppleScript finds the session whose tty is the row's and
//! selects its window, tab and session.

use super::{Focus, Sys, tab_on_tty};
use ring_shared::Row;
use ring_shared::focus::Backend;

pub(crate) struct Iterm2;

/// The script for `tty` (a checked device path: nothing in it can end the string).
pub fn script(tty: &str) -> String {
    format!(
        r#"if application "iTerm2" is running then
  tell application "iTerm2"
    repeat with w in windows
      repeat with t in tabs of w
        repeat with s in sessions of t
          if tty of s is "{tty}" then
            select w
            select t
            select s
            activate
            return "ok"
          end if
        end repeat
      end repeat
    end repeat
  end tell
end if
return "notfound""#
    )
}

impl Focus for Iterm2 {
    fn backend(&self) -> Backend {
        Backend::Iterm2
    }

    fn programs(&self) -> &'static [&'static str] {
        &["osascript"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        tab_on_tty(row, sys, script, &ring_shared::t!("focus-iterm2-session"))
    }
}
