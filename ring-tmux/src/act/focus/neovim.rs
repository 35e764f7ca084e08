//! A Neovim `:terminal` buffer: the agent's `$NVIM` names the server of the Neovim it runs
//! in; the buffer is the terminal whose pty is the row's tty. `nvim --server SOCK
//! --remote-expr` makes it current (its tab, its window) and enters terminal mode.

use super::{Focus, Sys, own_socket, recorded};
use ring_shared::Row;
use ring_shared::focus::{Backend, tty_path};

pub(crate) struct Neovim;

/// Finds the terminal buffer whose pty is `_A` (the tty, passed as data, never spliced into
/// the code), shows it, and returns its number (0: none).
const SELECT: &str = r#"(function(tty)
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    local chan = vim.bo[buf].channel
    if vim.bo[buf].buftype == "terminal" and chan > 0
      and vim.api.nvim_get_chan_info(chan).pty == tty then
      for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
        for _, win in ipairs(vim.api.nvim_tabpage_list_wins(tab)) do
          if vim.api.nvim_win_get_buf(win) == buf then
            vim.api.nvim_set_current_tabpage(tab)
            vim.api.nvim_set_current_win(win)
            vim.cmd("startinsert")
            return buf
          end
        end
      end
      vim.api.nvim_set_current_buf(buf)
      vim.cmd("startinsert")
      return buf
    end
  end
  return 0
end)(_A)"#;

/// The `--remote-expr` for `tty` (a checked device path: digits and slashes only).
pub(crate) fn expression(tty: &str) -> String {
    format!("luaeval('{}', '{tty}')", SELECT.replace('\'', "''"))
}

impl Focus for Neovim {
    fn backend(&self) -> Backend {
        Backend::Neovim
    }

    fn programs(&self) -> &'static [&'static str] {
        &["nvim"]
    }

    fn focus(&self, row: &Row, sys: &Sys) -> Result<String, String> {
        let server = own_socket(recorded(row, "NVIM").unwrap_or_default(), sys.uid)?;
        let tty = row
            .tty
            .as_deref()
            .filter(|t| tty_path(t))
            .ok_or_else(|| ring_shared::t!("focus-no-tty"))?;
        let server = server
            .to_str()
            .ok_or_else(|| ring_shared::t!("focus-neovim-utf8"))?;
        let out = sys.run_merged(
            "nvim",
            &["--server", server, "--remote-expr", &expression(tty)],
        )?;
        match out.trim().parse::<u64>() {
            Ok(buf) if buf > 0 => Ok(ring_shared::t!(
                "focus-neovim-buffer",
                buffer = buf.to_string()
            )),
            _ => Err(ring_shared::t!("focus-neovim-none", tty = tty)),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_tty_is_an_argument_of_the_code_never_part_of_it() {
        let e = super::expression("/dev/pts/7");
        assert!(e.starts_with("luaeval('(function(tty)"), "{e}");
        assert!(e.ends_with("end)(_A)', '/dev/pts/7')"), "{e}");
        assert_eq!(e.matches("/dev/pts/7").count(), 1);
    }
}
