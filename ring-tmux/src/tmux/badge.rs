//! Badges as pure tmux formats: drawn by tmux from pane options, with no process at draw
//! time. `ring.tmux` stores them in `@ring_window_badge` / `@ring_pane_badge`, and themes use
//! `#{E:@ring_window_badge}`.
//!
//! The window badge rolls the window's panes up with a `#{P:…}` loop per state and counts
//! them with `#{n:…}` (the length of one `x` per matching pane), so two agents waiting in one
//! window show `🔴2`. States are drawn in board order, waiting first. Icons come from the
//! `@ring-icon-…` options so a theme can restyle them without touching the format.
//!
//! `#{n:…}` and `#{e|…}` exist from tmux 3.2. Before it (3.0, 3.1: Ubuntu 20.04, Debian 11)
//! both expand to nothing, which would hide every window badge; the format asks tmux which it
//! is (`#{e|<=:0,1}` is `1` from 3.2 on) and there shows each state's icon without a count.

use super::pane::{HAS_ARITHMETIC, KIND_OPTION, STATE_OPTION};
use ring_shared::Status;
use ring_shared::format::marker;
use ring_shared::view::Kind;

/// `@ring-…` options and their defaults: state icons (RiNG's markers), waiting-kind icons
/// (`ring_shared::view::KINDS`, the badged kinds) and status colours. `ring.tmux` sets each
/// only when the user has not. (Keys are not here: `ring.tmux` must still tell a key the
/// user chose from its own default when it runs again.)
pub fn defaults() -> Vec<(String, &'static str)> {
    let states = BADGE_STATES
        .into_iter()
        .map(|s| (format!("@ring-icon-{}", s.as_str()), marker(s)));
    let kinds = Kind::badged().map(|k| (format!("@ring-icon-{}", k.name()), k.icon()));
    let colours = [("waiting", "red"), ("working", "green"), ("idle", "yellow")]
        .into_iter()
        .map(|(name, colour)| (format!("@ring-color-{name}"), colour));
    states.chain(kinds).chain(colours).collect()
}

/// The states that can have a badge, in the order they are drawn.
const BADGE_STATES: [Status; 3] = [Status::Waiting, Status::Working, Status::Idle];

fn shown(states: &[Status]) -> impl Iterator<Item = &'static str> + '_ {
    BADGE_STATES
        .into_iter()
        .filter(move |s| states.contains(s))
        .map(Status::as_str)
}

/// The window roll-up: for each state in `states` (of waiting / working / idle) with at least
/// one pane, its icon, followed by the count when more than one pane is in it (tmux 3.2+;
/// before it, the icon alone).
pub fn window_badge(states: &[Status]) -> String {
    let counted = counted_badge(states);
    if counted.is_empty() {
        return counted;
    }
    format!(
        "#{{?{HAS_ARITHMETIC},{counted},{}}}",
        uncounted_badge(states)
    )
}

/// One `x` per pane of the window in state `name`.
fn pane_loop(name: &str) -> String {
    format!("#{{P:#{{?#{{==:#{{{STATE_OPTION}}},{name}}},x,}}}}")
}

/// tmux 3.2+: icon and, past one pane, the count (`#{n:…}` is the loop's length).
fn counted_badge(states: &[Status]) -> String {
    shown(states)
        .map(|name| {
            let count = format!("#{{n:{}}}", pane_loop(name));
            format!(
                "#{{?#{{e|>:{count},0}},#{{@ring-icon-{name}}}#{{?#{{e|>:{count},1}},{count},}},}}"
            )
        })
        .collect()
}

/// tmux 3.0 / 3.1: the icon when the loop is not empty.
fn uncounted_badge(states: &[Status]) -> String {
    shown(states)
        .map(|name| format!("#{{?{},#{{@ring-icon-{name}}},}}", pane_loop(name)))
        .collect()
}

/// The pane badge for `pane-border-format`: the state's icon, and while waiting the kind's.
pub fn pane_badge(states: &[Status]) -> String {
    let kind = Kind::badged().rev().fold(String::new(), |rest, k| {
        let k = k.name();
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
            "#{?#{e|<=:0,1},\
             #{?#{e|>:#{n:#{P:#{?#{==:#{@ring_state},waiting},x,}}},0},#{@ring-icon-waiting}#{?#{e|>:#{n:#{P:#{?#{==:#{@ring_state},waiting},x,}}},1},#{n:#{P:#{?#{==:#{@ring_state},waiting},x,}}},},},\
             #{?#{P:#{?#{==:#{@ring_state},waiting},x,}},#{@ring-icon-waiting},}}"
        );
    }

    #[test]
    fn before_tmux_3_2_each_state_shows_its_icon_without_a_count() {
        let states = [Status::Waiting, Status::Idle];
        let uncounted = uncounted_badge(&states);
        assert_eq!(
            uncounted,
            "#{?#{P:#{?#{==:#{@ring_state},waiting},x,}},#{@ring-icon-waiting},}\
             #{?#{P:#{?#{==:#{@ring_state},idle},x,}},#{@ring-icon-idle},}"
        );
        assert!(!uncounted.contains("#{n:") && !uncounted.contains("#{e|"));
        assert_eq!(
            window_badge(&states),
            format!("#{{?#{{e|<=:0,1}},{},{uncounted}}}", counted_badge(&states))
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
    fn defaults_are_the_ones_ring_tmux_always_printed() {
        let printed: Vec<(String, &str)> = defaults();
        let want: Vec<(String, &str)> = [
            ("@ring-icon-waiting", "\u{1F534}"),
            ("@ring-icon-working", "\u{1F7E2}"),
            ("@ring-icon-idle", "\u{1F7E1}"),
            ("@ring-icon-permission", "\u{1F510}"),
            ("@ring-icon-question", "\u{2753}"),
            ("@ring-icon-plan", "\u{1F9ED}"),
            ("@ring-color-waiting", "red"),
            ("@ring-color-working", "green"),
            ("@ring-color-idle", "yellow"),
        ]
        .into_iter()
        .map(|(n, v)| (n.to_owned(), v))
        .collect();
        assert_eq!(printed, want);
    }

    #[test]
    fn every_icon_a_format_uses_has_a_default() {
        let f = window_badge(&BADGE_STATES) + &pane_badge(&BADGE_STATES);
        for part in f.split("#{@").skip(1) {
            let name = format!("@{}", part.split('}').next().unwrap_or_default());
            if name.starts_with("@ring-") {
                assert!(
                    defaults().iter().any(|(n, _)| *n == name),
                    "{name} has no default"
                );
            }
        }
    }
}
