//! What tmux before 3.2 (3.0: Ubuntu 20.04, 3.1: Debian 11) lacks, and how ring does without.
//!
//! * `#{e|…}` and `#{n:…}` (3.2): the pane guard compares fixed-width stamps as strings and
//!   the window badge shows no count there ([`super::pane::HAS_ARITHMETIC`] tells them apart
//!   inside the server, in the format itself).
//! * `list-keys -T TABLE KEY` (3.1): `ring.tmux` lists the whole table instead.
//! * `##[` drawn as text (3.2): menu lines break a user's `#[` with an empty style (here).

/// True for a tmux `#{version}` before 3.2 (`3.0a`, `3.1c`): one that draws every `#[` of a
/// menu line as a style. Unknown versions (`master`) are taken as recent.
pub fn draws_every_bracket_as_style(version: &str) -> bool {
    let Some(start) = version.find(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let mut parts = version[start..].split(|c: char| !c.is_ascii_digit());
    let major: u32 = parts
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(u32::MAX);
    let minor: u32 = parts.next().and_then(|m| m.parse().ok()).unwrap_or(0);
    (major, minor) < (3, 2)
}

/// [`super::jump::menu_argv`] for tmux before 3.2. There `##` has become `#` by the time a
/// menu line is drawn, so an escaped `#[` of the user's (`##[`) would restyle the line (3.2
/// draws `##[` as text). Each one is written `####[][` instead: drawn as `#`, an empty style
/// that changes nothing, then `[`. Escaped text holds `#` in pairs, so the pair before `[` is
/// the match.
pub fn menu_for_tmux_before_3_2(mut argv: Vec<String>) -> Vec<String> {
    // Items follow `-T TITLE` as (label, key, command) triples.
    let start = argv
        .iter()
        .position(|a| a == "-T")
        .map_or(argv.len(), |t| t + 2);
    for label in argv.iter_mut().skip(start).step_by(3) {
        *label = label.replace("##[", "####[][");
    }
    argv
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tmux::drift;
    use crate::tmux::jump::menu_argv;
    use ring_shared::Status;
    use ring_shared::board::SummaryEntry;
    use rstest::rstest;

    const SOCK: &str = "/tmp/tmux-0/default";

    fn entry() -> SummaryEntry {
        SummaryEntry {
            session_id: "a".into(),
            status: Status::Waiting,
            project: "proj".into(),
            kind: "permission".into(),
            detail: String::new(),
            idle_seconds: 1.0,
            agent: false,
            tmux_pane: Some("%1".into()),
            tmux_socket: Some(SOCK.into()),
            tty: None,
            zellij_session: None,
            zellij_pane: None,
            tmux_target: None,
        }
    }

    #[rstest]
    #[case::ubuntu_20_04("3.0a", true)]
    #[case::debian_11("3.1c", true)]
    #[case::first_to_draw_escapes("3.2", false)]
    #[case::debian_12("3.3a", false)]
    #[case::next("next-3.4", false)]
    #[case::unknown("master", false)]
    fn only_tmux_before_3_2_draws_every_bracket_as_a_style(
        #[case] version: &str,
        #[case] old: bool,
    ) {
        assert_eq!(draws_every_bracket_as_style(version), old);
    }

    #[test]
    fn before_tmux_3_2_a_users_bracket_is_broken_by_an_empty_style_in_labels_only() {
        let mut e = entry();
        let panes = drift::parse_panes("%1 /dev/pts/1\n");
        e.detail = "#[fg=red]x ##[y".into();
        let argv = menu_argv(&[e], SOCK, &panes, Some("/dev/pts/5"), None, None);
        let old = menu_for_tmux_before_3_2(argv.clone());
        assert_eq!(old.len(), argv.len());
        assert!(argv[5].ends_with("##[fg=red]x ####[y"), "{}", argv[5]);
        assert!(old[5].ends_with("####[][fg=red]x ######[][y"), "{}", old[5]);
        // Title, key and command are left as they are.
        assert_eq!(old[..5], argv[..5]);
        assert_eq!(old[6..], argv[6..]);
    }
}
