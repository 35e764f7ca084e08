//! Badges as pure tmux formats: drawn by tmux from pane options, with no process at draw
//! time. `ring.tmux` stores them in `@ring_window_badge` / `@ring_pane_badge`, and themes use
//! `#{E:@ring_window_badge}`.
//!
//! The window badge rolls the window's panes up with a `#{P:…}` loop per state and counts
//! them with `#{n:…}` (the length of one `x` per matching pane), so two agents waiting in one
//! window show `🔴2`. States are drawn in board order, waiting first, a space between two, and
//! once the window holds more than one agent every state carries its count, 1 included
//! (`🔴2 🟢1`, never the ambiguous `🔴2🟢`); a window with one agent shows its icon alone.
//! Icons come from the `@ring-icon-…` options so a theme can restyle them without touching
//! the format.
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
    // The counts take the bar's own text colour: the icon already tells the state, and a
    // state colour is unreadable on some bar (green on tmux's default green bar is 1:1,
    // yellow on it 1.2:1). A user who wants them coloured sets these.
    let colours = ["waiting", "working", "idle"]
        .into_iter()
        .map(|name| (format!("@ring-color-{name}"), "default"));
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
/// one pane, its icon, followed by its count when the window holds more than one agent
/// (tmux 3.2+; before it, the icon alone), a space between two states.
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

/// Each shown state with the loops of the states drawn before it (whose text is not empty
/// when one of them is drawn: then this state's icon follows a space).
fn with_earlier(states: &[Status]) -> Vec<(&'static str, String)> {
    let mut earlier = String::new();
    shown(states)
        .map(|name| {
            let before = earlier.clone();
            earlier.push_str(&pane_loop(name));
            (name, before)
        })
        .collect()
}

/// ` ` when one of the `earlier` loops has a pane (tmux 3.0 tests a non-empty string).
fn separator(earlier: &str) -> String {
    if earlier.is_empty() {
        String::new()
    } else {
        format!("#{{?{earlier}, ,}}")
    }
}

/// tmux 3.2+: icon and, when the window holds more than one agent, the count (`#{n:…}` is
/// the loop's length).
fn counted_badge(states: &[Status]) -> String {
    let all: String = shown(states).map(pane_loop).collect();
    let several = format!("#{{e|>:#{{n:{all}}},1}}");
    with_earlier(states)
        .into_iter()
        .map(|(name, earlier)| {
            let count = format!("#{{n:{}}}", pane_loop(name));
            format!(
                "#{{?#{{e|>:{count},0}},{}#{{@ring-icon-{name}}}#{{?{several},{count},}},}}",
                separator(&earlier)
            )
        })
        .collect()
}

/// tmux 3.0 / 3.1: the icon when the loop is not empty.
fn uncounted_badge(states: &[Status]) -> String {
    with_earlier(states)
        .into_iter()
        .map(|(name, earlier)| {
            format!(
                "#{{?{},{}#{{@ring-icon-{name}}},}}",
                pane_loop(name),
                separator(&earlier)
            )
        })
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
    use ring_shared::contrast::{MIN_RATIO, Rgb, ratio, xterm_rgb};

    /// tmux's colour names 0-7 (`default`: the bar's own foreground).
    fn resolve(colour: &str, bar_fg: Rgb, palette: &[Rgb; 8]) -> Rgb {
        let names = [
            "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        ];
        match colour {
            "default" => bar_fg,
            name => {
                palette[names
                    .iter()
                    .position(|n| *n == name)
                    .expect("a colour name")]
            }
        }
    }

    /// The counts read at WCAG 4.5:1 on tmux's default bar (`status-style bg=green,fg=black`)
    /// as xterm and as GNOME's Tango palette draw it, and on a dark and a light bar.
    #[test]
    fn default_count_colours_read_on_the_default_green_bar() {
        let xterm: [Rgb; 8] = std::array::from_fn(|i| xterm_rgb(i as u8));
        let tango: [Rgb; 8] = [
            (0x2e, 0x34, 0x36),
            (0xcc, 0x00, 0x00),
            (0x4e, 0x9a, 0x06),
            (0xc4, 0xa0, 0x00),
            (0x34, 0x65, 0xa4),
            (0x75, 0x50, 0x7b),
            (0x06, 0x98, 0x9a),
            (0xd3, 0xd7, 0xcf),
        ];
        for (palette_name, palette) in [("xterm", &xterm), ("tango", &tango)] {
            for (bar, bg, fg) in [
                ("default green", palette[2], (0, 0, 0)),
                ("dark", (0x1e, 0x1e, 0x2e), (0xcd, 0xd6, 0xf4)),
                ("light", (0xee, 0xee, 0xee), (0x30, 0x30, 0x30)),
            ] {
                for (option, colour) in defaults().iter().filter(|(o, _)| o.contains("-color-")) {
                    let r = ratio(resolve(colour, fg, palette), bg);
                    assert!(
                        r >= MIN_RATIO,
                        "{option} {colour} on the {bar} bar ({palette_name}): {r:.2}:1"
                    );
                }
            }
        }
    }

    #[test]
    fn window_badge_counts_each_state_with_a_pane_loop() {
        let f = window_badge(&[Status::Waiting]);
        let waiting = "#{P:#{?#{==:#{@ring_state},waiting},x,}}";
        assert_eq!(
            f,
            format!(
                "#{{?#{{e|<=:0,1}},\
                 #{{?#{{e|>:#{{n:{waiting}}},0}},#{{@ring-icon-waiting}}#{{?#{{e|>:#{{n:{waiting}}},1}},#{{n:{waiting}}},}},}},\
                 #{{?{waiting},#{{@ring-icon-waiting}},}}}}"
            )
        );
    }

    #[test]
    fn before_tmux_3_2_each_state_shows_its_icon_without_a_count() {
        let states = [Status::Waiting, Status::Idle];
        let uncounted = uncounted_badge(&states);
        let waiting = "#{P:#{?#{==:#{@ring_state},waiting},x,}}";
        assert_eq!(
            uncounted,
            format!(
                "#{{?{waiting},#{{@ring-icon-waiting}},}}\
                 #{{?#{{P:#{{?#{{==:#{{@ring_state}},idle}},x,}}}},#{{?{waiting}, ,}}#{{@ring-icon-idle}},}}"
            )
        );
        assert!(!uncounted.contains("#{n:") && !uncounted.contains("#{e|"));
        assert_eq!(
            window_badge(&states),
            format!("#{{?#{{e|<=:0,1}},{},{uncounted}}}", counted_badge(&states))
        );
    }

    #[test]
    fn a_later_state_follows_a_space_only_when_an_earlier_one_is_drawn() {
        let f = counted_badge(&[Status::Waiting, Status::Working, Status::Idle]);
        let (waiting, working) = (pane_loop("waiting"), pane_loop("working"));
        assert!(f.contains(&format!("#{{?{waiting}, ,}}#{{@ring-icon-working}}")));
        assert!(f.contains(&format!("#{{?{waiting}{working}, ,}}#{{@ring-icon-idle}}")));
        assert!(!f.starts_with("#{?#{e|>:#{n:#{P:#{?#{==:#{@ring_state},waiting},x,}}},0}, "));
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
    fn defaults_are_the_icons_ring_tmux_always_printed_and_the_readable_colours() {
        let printed: Vec<(String, &str)> = defaults();
        let want: Vec<(String, &str)> = [
            ("@ring-icon-waiting", "\u{1F534}"),
            ("@ring-icon-working", "\u{1F7E2}"),
            ("@ring-icon-idle", "\u{1F7E1}"),
            ("@ring-icon-permission", "\u{1F510}"),
            ("@ring-icon-question", "\u{2753}"),
            ("@ring-icon-plan", "\u{1F9ED}"),
            ("@ring-color-waiting", "default"),
            ("@ring-color-working", "default"),
            ("@ring-color-idle", "default"),
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
