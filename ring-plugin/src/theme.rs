//! Colours: parsed from the layout's `color_*` keys or taken from zellij's theme palette
//! (`ModeInfo.style.colors`), and painted as SGR sequences.

use std::fmt::Write as _;

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
    pub fn new(palette: Option<&Palette>, overrides: &ColorOverrides) -> Theme {
        let text = Style {
            fg: overrides.fg.or(palette.map(|p| p.text_fg)),
            bg: overrides.bg.or(palette.map(|p| p.text_bg)),
            bold: false,
        };
        let badge = Style {
            fg: overrides.badge_fg.or(palette.map(|p| p.badge_fg)),
            bg: overrides.badge_bg.or(palette.map(|p| p.badge_bg)),
            // Without any colour a badge still has to stand out from the counts.
            bold: true,
        };
        Theme {
            text,
            badge,
            notice: Style {
                fg: palette.map(|p| p.error).or(Some(Color::Index(1))),
                bg: text.bg,
                bold: true,
            },
            title: Style {
                fg: palette.map(|p| p.title).or(text.fg),
                bg: text.bg,
                bold: true,
            },
            selected: Style {
                fg: palette.map(|p| p.list_selected_fg),
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
}
