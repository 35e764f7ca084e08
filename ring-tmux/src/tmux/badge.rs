//! Badges as pure tmux formats: drawn by tmux from pane options, with no process at draw
//! time. `ring.tmux` stores them in `@ring_window_badge` / `@ring_pane_badge`, and themes use
//! `#{E:@ring_window_badge}`.
//!
//! The window badge rolls the window's panes up with a `#{P:…}` loop per state and counts
//! them with `#{n:…}` (the length of one `x` per matching pane), so two agents waiting in one
//! window show `🔴2`. States are drawn in board order, waiting first. Icons come from the
//! `@ring-icon-…` options so a theme can restyle them without touching the format.

use super::pane::{KIND_OPTION, STATE_OPTION};
use ring_shared::Status;

/// `@ring-…` options and their defaults: icons and status colours. `ring.tmux` sets each
/// only when the user has not. (Keys are not here: `ring.tmux` must still tell a key the
/// user chose from its own default when it runs again.)
pub const DEFAULTS: &[(&str, &str)] = &[
    ("@ring-icon-waiting", "\u{1F534}"),
    ("@ring-icon-working", "\u{1F7E2}"),
    ("@ring-icon-idle", "\u{1F7E1}"),
    ("@ring-icon-permission", "\u{1F510}"),
    ("@ring-icon-question", "\u{2753}"),
    ("@ring-icon-plan", "\u{1F9ED}"),
    ("@ring-color-waiting", "red"),
    ("@ring-color-working", "green"),
    ("@ring-color-idle", "yellow"),
];

/// The states that can have a badge, in the order they are drawn.
const BADGE_STATES: [Status; 3] = [Status::Waiting, Status::Working, Status::Idle];

const KINDS: [&str; 3] = ["permission", "question", "plan"];

fn shown(states: &[Status]) -> impl Iterator<Item = &'static str> + '_ {
    BADGE_STATES
        .into_iter()
        .filter(move |s| states.contains(s))
        .map(Status::as_str)
}

/// The window roll-up: for each state in `states` (of waiting / working / idle) with at least
/// one pane, its icon, followed by the count when more than one pane is in it.
pub fn window_badge(states: &[Status]) -> String {
    shown(states)
        .map(|name| {
            let count = format!("#{{n:#{{P:#{{?#{{==:#{{{STATE_OPTION}}},{name}}},x,}}}}}}");
            format!(
                "#{{?#{{e|>:{count},0}},#{{@ring-icon-{name}}}#{{?#{{e|>:{count},1}},{count},}},}}"
            )
        })
        .collect()
}

/// The pane badge for `pane-border-format`: the state's icon, and while waiting the kind's.
pub fn pane_badge(states: &[Status]) -> String {
    let kind = KINDS.iter().rev().fold(String::new(), |rest, k| {
        format!("#{{?#{{==:#{{{KIND_OPTION}}},{k}}},#{{@ring-icon-{k}}},{rest}}}")
    });
    shown(states)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .fold(String::new(), |rest, name| {
            let icon = if name == "waiting" {
                format!("#{{@ring-icon-{name}}}{kind}")
            } else {
                format!("#{{@ring-icon-{name}}}")
            };
            format!("#{{?#{{==:#{{{STATE_OPTION}}},{name}}},{icon},{rest}}}")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_badge_counts_each_state_with_a_pane_loop() {
        let f = window_badge(&[Status::Waiting]);
        assert_eq!(
            f,
            "#{?#{e|>:#{n:#{P:#{?#{==:#{@ring_state},waiting},x,}}},0},#{@ring-icon-waiting}#{?#{e|>:#{n:#{P:#{?#{==:#{@ring_state},waiting},x,}}},1},#{n:#{P:#{?#{==:#{@ring_state},waiting},x,}}},},}"
        );
    }

    #[test]
    fn window_badge_draws_states_in_board_order_whatever_the_config_order() {
        let f = window_badge(&[Status::Idle, Status::Waiting]);
        let waiting = f.find("ring-icon-waiting").expect("waiting drawn");
        let idle = f.find("ring-icon-idle").expect("idle drawn");
        assert!(waiting < idle);
        assert!(!f.contains("ring-icon-working"));
    }

    #[test]
    fn ended_never_gets_a_badge() {
        assert_eq!(window_badge(&[Status::Ended]), "");
        assert_eq!(pane_badge(&[Status::Ended]), "");
    }

    #[test]
    fn pane_badge_shows_kind_icons_only_while_waiting() {
        let f = pane_badge(&[Status::Waiting, Status::Working]);
        assert_eq!(
            f,
            "#{?#{==:#{@ring_state},waiting},#{@ring-icon-waiting}#{?#{==:#{@ring_kind},permission},#{@ring-icon-permission},#{?#{==:#{@ring_kind},question},#{@ring-icon-question},#{?#{==:#{@ring_kind},plan},#{@ring-icon-plan},}}},#{?#{==:#{@ring_state},working},#{@ring-icon-working},}}"
        );
    }

    #[test]
    fn every_icon_a_format_uses_has_a_default() {
        let f = window_badge(&BADGE_STATES) + &pane_badge(&BADGE_STATES);
        for part in f.split("#{@").skip(1) {
            let name = format!("@{}", part.split('}').next().unwrap_or_default());
            if name.starts_with("@ring-") {
                assert!(
                    DEFAULTS.iter().any(|(n, _)| *n == name),
                    "{name} has no default"
                );
            }
        }
    }
}
