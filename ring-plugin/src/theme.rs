//! Colours: parsed from the layout's `color_*` keys or taken from zellij's theme palette
//! (`ModeInfo.style.colors`), and painted as SGR sequences.

use ring_shared::contrast;
use std::fmt::Write as _;

/// Black and white from the 256 palette (every terminal zellij runs in has them).
const BLACK: Color = Color::Index(16);
const WHITE: Color = Color::Index(231);

/// `fg` when it reads on `bg` (WCAG 4.5:1), else black or white, whichever reads better.
/// Themes pair colours that do not always read together (catppuccin-latte's text on its
/// error red is 1.5:1; zellij's default bar text on its grey is 2.8:1).
pub fn readable(fg: Color, bg: Color) -> Color {
    if contrast::ratio(fg.rgb(), bg.rgb()) >= contrast::MIN_RATIO {
        return fg;
    }
    if contrast::ratio(BLACK.rgb(), bg.rgb()) >= contrast::ratio(WHITE.rgb(), bg.rgb()) {
        BLACK
    } else {
        WHITE
    }
}

/// A terminal colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Color {
    Rgb(u8, u8, u8),
    /// An index into the 256-colour palette.
    Index(u8),
}

impl Color {
    /// Parses `#rrggbb` or a palette index `0`..`255`.
    pub fn parse(text: &str) -> Option<Color> {
        let text = text.trim();
        if let Some(hex) = text.strip_prefix('#') {
            if hex.len() != 6 || !hex.is_ascii() {
                return None;
            }
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
            return Some(Color::Rgb(byte(0)?, byte(2)?, byte(4)?));
        }
        text.parse::<u8>().ok().map(Color::Index)
    }

    /// `#rrggbb` for zellij's `set_pane_color`, which takes only literal RGB.
    pub fn hex(self) -> Option<String> {
        match self {
            Color::Rgb(r, g, b) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
            Color::Index(_) => None,
        }
    }

    /// The RGB this colour shows as (an index: xterm's default palette).
    pub fn rgb(self) -> (u8, u8, u8) {
        match self {
            Color::Rgb(r, g, b) => (r, g, b),
            Color::Index(n) => contrast::xterm_rgb(n),
        }
    }

    fn sgr(self, base: u8, out: &mut String) {
        // Writing to a String cannot fail.
        let _ = match self {
            Color::Rgb(r, g, b) => write!(out, "\u{1b}[{base};2;{r};{g};{b}m"),
            Color::Index(n) => write!(out, "\u{1b}[{base};5;{n}m"),
        };
    }
}

/// Foreground, background and weight of one run of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    pub fg: Option<Color>,
    pub bg: Option<Color>,
    pub bold: bool,
}

impl Style {
    /// Appends `text` in this style, then resets, to `out`.
    pub fn paint(self, text: &str, out: &mut String) {
        out.push_str("\u{1b}[0m");
        if let Some(fg) = self.fg {
            fg.sgr(38, out);
        }
        if let Some(bg) = self.bg {
            bg.sgr(48, out);
        }
        if self.bold {
            out.push_str("\u{1b}[1m");
        }
        out.push_str(text);
        out.push_str("\u{1b}[0m");
    }
}

/// The colours the bar and the board draw with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Theme {
    /// The bar and the board's ordinary text.
    pub text: Style,
    /// A waiting badge in the bar.
    pub badge: Style,
    /// Notices (bad configuration, missing permission).
    pub notice: Style,
    /// The board's title line.
    pub title: Style,
    /// The board's selected line.
    pub selected: Style,
}

/// The palette entries ring reads from zellij's theme, already converted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub text_fg: Color,
    pub text_bg: Color,
    pub badge_fg: Color,
    pub badge_bg: Color,
    pub error: Color,
    pub title: Color,
    pub list_selected_fg: Color,
    pub list_selected_bg: Color,
}

/// Colours set in the layout, each overriding the theme's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ColorOverrides {
    pub fg: Option<Color>,
    pub bg: Option<Color>,
    pub badge_fg: Option<Color>,
    pub badge_bg: Option<Color>,
}

impl Theme {
    /// Builds the theme from zellij's palette (when a `ModeUpdate` has arrived) and the
    /// layout's overrides. Without a palette, text uses the terminal's default colours.
    /// Colours from the palette are made readable on their background ([`readable`]);
    /// colours the layout sets are used as they are.
    pub fn new(palette: Option<&Palette>, overrides: &ColorOverrides) -> Theme {
        let text_bg = overrides.bg.or(palette.map(|p| p.text_bg));
        let on = |fg: Color, bg: Option<Color>| bg.map_or(fg, |bg| readable(fg, bg));
        let text = Style {
            fg: overrides.fg.or(palette.map(|p| on(p.text_fg, text_bg))),
            bg: text_bg,
            bold: false,
        };
        let badge_bg = overrides.badge_bg.or(palette.map(|p| p.badge_bg));
        let badge = Style {
            fg: overrides
                .badge_fg
                .or(palette.map(|p| on(p.badge_fg, badge_bg))),
            bg: badge_bg,
            // Without any colour a badge still has to stand out from the counts.
            bold: true,
        };
        Theme {
            text,
            badge,
            notice: Style {
                fg: palette
                    .map(|p| on(p.error, text.bg))
                    .or(Some(Color::Index(1))),
                bg: text.bg,
                bold: true,
            },
            title: Style {
                fg: palette.map(|p| on(p.title, text.bg)).or(text.fg),
                bg: text.bg,
                bold: true,
            },
            selected: Style {
                fg: palette.map(|p| on(p.list_selected_fg, Some(p.list_selected_bg))),
                bg: palette
                    .map(|p| p.list_selected_bg)
                    .or(Some(Color::Index(8))),
                bold: true,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::hex("#ff0080", Some(Color::Rgb(255, 0, 128)))]
    #[case::hex_upper("#FF0080", Some(Color::Rgb(255, 0, 128)))]
    #[case::index("196", Some(Color::Index(196)))]
    #[case::index_too_big("256", None)]
    #[case::short_hex("#fff", None)]
    #[case::name_not_supported("red", None)]
    #[case::non_ascii_hex("#ff00é", None)]
    fn color_parse(#[case] text: &str, #[case] want: Option<Color>) {
        assert_eq!(Color::parse(text), want);
    }

    #[test]
    fn paint_wraps_text_in_sgr_and_resets() {
        let mut out = String::new();
        let style = Style {
            fg: Some(Color::Index(1)),
            bg: Some(Color::Rgb(1, 2, 3)),
            bold: true,
        };
        style.paint("x", &mut out);
        assert_eq!(
            out,
            "\u{1b}[0m\u{1b}[38;5;1m\u{1b}[48;2;1;2;3m\u{1b}[1mx\u{1b}[0m"
        );
    }

    #[test]
    fn overrides_win_over_the_palette() {
        let palette = Palette {
            text_fg: Color::Index(7),
            text_bg: Color::Index(0),
            badge_fg: Color::Index(0),
            badge_bg: Color::Index(2),
            error: Color::Index(1),
            title: Color::Index(3),
            list_selected_fg: Color::Index(0),
            list_selected_bg: Color::Index(4),
        };
        let overrides = ColorOverrides {
            badge_bg: Some(Color::Index(9)),
            ..ColorOverrides::default()
        };
        let theme = Theme::new(Some(&palette), &overrides);
        assert_eq!(theme.badge.bg, Some(Color::Index(9)));
        assert_eq!(theme.text.bg, Some(Color::Index(0)));
    }

    /// Palettes as zellij 0.45.1 builds them (`zellij-utils`: `DEFAULT_STYLES` and
    /// `assets/themes/*.kdl`): text_unselected base / background, exit_code_error base,
    /// table_title base, list_selected base / background.
    fn zellij_palette(name: &str) -> Palette {
        let rgb = |(r, g, b): (u8, u8, u8)| Color::Rgb(r, g, b);
        let p = |text: (u8, u8, u8), bg, error, title, sel: (u8, u8, u8), sel_bg| Palette {
            text_fg: rgb(text),
            text_bg: rgb(bg),
            badge_fg: rgb(text),
            badge_bg: rgb(error),
            error: rgb(error),
            title: rgb(title),
            list_selected_fg: rgb(sel),
            list_selected_bg: rgb(sel_bg),
        };
        match name {
            "default" => Palette {
                text_fg: Color::Index(245),
                text_bg: Color::Index(238),
                badge_fg: Color::Index(245),
                badge_bg: Color::Index(124),
                error: Color::Index(124),
                title: Color::Index(154),
                list_selected_fg: Color::Index(154),
                list_selected_bg: Color::Index(238),
            },
            "catppuccin-latte" => p(
                (76, 79, 105),
                (220, 224, 232),
                (210, 15, 57),
                (64, 160, 43),
                (76, 79, 105),
                (172, 176, 190),
            ),
            "catppuccin-mocha" => p(
                (205, 214, 244),
                (24, 24, 37),
                (243, 139, 168),
                (166, 227, 161),
                (205, 214, 244),
                (88, 91, 112),
            ),
            "gruvbox-light" => p(
                (60, 56, 54),
                (235, 219, 178),
                (214, 93, 14),
                (121, 116, 14),
                (60, 56, 54),
                (213, 196, 161),
            ),
            "solarized-light" => p(
                (238, 232, 213),
                (7, 54, 66),
                (220, 50, 47),
                (133, 153, 0),
                (238, 232, 213),
                (253, 246, 227),
            ),
            "dracula" => p(
                (255, 255, 255),
                (0, 0, 0),
                (255, 85, 85),
                (80, 250, 123),
                (255, 255, 255),
                (40, 42, 54),
            ),
            _ => panic!("no palette {name}"),
        }
    }

    /// Every pair ring draws (counts, badge, notice, board title, selected line) reads at
    /// WCAG 4.5:1 or better on zellij's default theme and on light and dark themes.
    #[rstest]
    #[case::default("default")]
    #[case::catppuccin_latte("catppuccin-latte")]
    #[case::catppuccin_mocha("catppuccin-mocha")]
    #[case::gruvbox_light("gruvbox-light")]
    #[case::solarized_light("solarized-light")]
    #[case::dracula("dracula")]
    fn default_colours_read_at_4_5_to_1(#[case] name: &str) {
        let theme = Theme::new(Some(&zellij_palette(name)), &ColorOverrides::default());
        for (what, style) in [
            ("counts", theme.text),
            ("badge", theme.badge),
            ("notice", theme.notice),
            ("title", theme.title),
            ("selected", theme.selected),
        ] {
            let (fg, bg) = (style.fg.expect("fg"), style.bg.expect("bg"));
            let r = contrast::ratio(fg.rgb(), bg.rgb());
            assert!(
                r >= contrast::MIN_RATIO,
                "{name}: {what} {fg:?} on {bg:?} is {r:.2}:1"
            );
        }
    }

    #[test]
    fn a_colour_the_layout_sets_is_kept_even_when_it_reads_badly() {
        let overrides = ColorOverrides {
            badge_fg: Some(Color::Rgb(210, 15, 57)),
            ..ColorOverrides::default()
        };
        let theme = Theme::new(Some(&zellij_palette("catppuccin-latte")), &overrides);
        assert_eq!(theme.badge.fg, Some(Color::Rgb(210, 15, 57)));
    }
}
