//! `remote add` / `remote remove`: rewrites the one `remote_hosts = [...]` line of
//! `config.toml`, keeping every other line (comments, order, RiNG's tables) as it was.

use ring_shared::view::remote::valid_host;
use std::path::Path;

/// The most `config.toml` ring rewrites.
const CAP: u64 = 1 << 20;

/// The text of `config.toml` (`""` when missing), or why it cannot be read.
pub(crate) fn read(ring_home: &Path) -> Result<String, String> {
    let path = ring_home.join("config.toml");
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(String::new());
    }
    crate::store::read_text(&path, CAP, crate::store::Owner::Ring).ok_or_else(|| {
        ring_shared::t!(
            "remote-config-unreadable",
            path = path.display().to_string()
        )
    })
}

/// Writes `config.toml` (0600, atomically, never through a link).
pub(crate) fn write(ring_home: &Path, text: &str) -> std::io::Result<()> {
    crate::store::safe::Dir::create(ring_home)?
        .write_atomic("config.toml", text.as_bytes())
        .map(drop)
}

/// `text` with `remote_hosts` set to `hosts`: the old assignment (one line, or a list over
/// several) replaced where it was, else a new line before the first `[table]` (top-level
/// keys must come before tables), else at the end.
pub(crate) fn with_hosts(text: &str, hosts: &[String]) -> String {
    let quoted: Vec<String> = hosts
        .iter()
        .filter(|h| valid_host(h))
        .map(|h| format!("\"{h}\""))
        .collect();
    let line = format!("remote_hosts = [{}]", quoted.join(", "));
    let mut out: Vec<String> = Vec::new();
    let mut placed = false;
    let mut in_list = false;
    let mut in_table = false;
    for l in text.lines() {
        let trimmed = l.trim_start();
        if in_list {
            in_list = !l.contains(']');
            continue;
        }
        if trimmed.starts_with('[') && !in_table {
            in_table = true;
            if !placed {
                out.push(line.clone());
                placed = true;
            }
        }
        let key = trimmed.split(['=', ' ', '\t']).next().unwrap_or("");
        if !in_table && key == "remote_hosts" {
            let value = trimmed.split_once('=').map_or("", |(_, v)| v);
            in_list = value.contains('[') && !value.contains(']');
            if !placed {
                out.push(line.clone());
                placed = true;
            }
            continue;
        }
        out.push(l.to_owned());
    }
    if !placed {
        out.push(line);
    }
    let mut joined = out.join("\n");
    joined.push('\n');
    joined
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn hosts(list: &[&str]) -> Vec<String> {
        list.iter().map(|h| (*h).to_owned()).collect()
    }

    #[rstest]
    #[case::empty("", "remote_hosts = [\"a\"]\n")]
    #[case::kept_lines(
        "# mine\nshow_all = true\n",
        "# mine\nshow_all = true\nremote_hosts = [\"a\"]\n"
    )]
    #[case::replaced_in_place(
        "x = 1\nremote_hosts = [\"old\"]\ny = 2\n",
        "x = 1\nremote_hosts = [\"a\"]\ny = 2\n"
    )]
    #[case::multi_line_list(
        "remote_hosts = [\n  \"old\",\n]\ny = 2\n",
        "remote_hosts = [\"a\"]\ny = 2\n"
    )]
    #[case::before_tables(
        "lang = 'en'\n[colors]\nwaiting = 'red'\n",
        "lang = 'en'\nremote_hosts = [\"a\"]\n[colors]\nwaiting = 'red'\n"
    )]
    fn the_hosts_line_is_replaced_and_the_rest_kept(#[case] before: &str, #[case] after: &str) {
        let got = with_hosts(before, &hosts(&["a"]));
        assert_eq!(got, after);
        let (config, warnings) = ring_shared::config::Config::parse(&got);
        assert_eq!(config.remote_hosts, hosts(&["a"]), "{warnings:?}");
    }
}
