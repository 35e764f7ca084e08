//! WCAG 2 contrast between two colours, for choosing defaults that stay readable: the
//! relative luminance of an sRGB colour, the ratio of two (1:1 to 21:1; 4.5:1 is WCAG's AA
//! minimum for text), and the RGB of xterm's 256 palette indexes (terminals vary on 0-15: each
//! is xterm's own default here).

/// WCAG's AA minimum for ordinary text.
pub const MIN_RATIO: f64 = 4.5;

/// An sRGB colour.
pub type Rgb = (u8, u8, u8);

/// xterm's default colours 0-15.
const XTERM_16: [Rgb; 16] = [
    (0x00, 0x00, 0x00),
    (0xcd, 0x00, 0x00),
    (0x00, 0xcd, 0x00),
    (0xcd, 0xcd, 0x00),
    (0x00, 0x00, 0xee),
    (0xcd, 0x00, 0xcd),
    (0x00, 0xcd, 0xcd),
    (0xe5, 0xe5, 0xe5),
    (0x7f, 0x7f, 0x7f),
    (0xff, 0x00, 0x00),
    (0x00, 0xff, 0x00),
    (0xff, 0xff, 0x00),
    (0x5c, 0x5c, 0xff),
    (0xff, 0x00, 0xff),
    (0x00, 0xff, 0xff),
    (0xff, 0xff, 0xff),
];

/// The RGB of palette index `n` (16-231: the 6×6×6 cube, 232-255: the grey ramp).
pub fn xterm_rgb(n: u8) -> Rgb {
    match n {
        0..=15 => XTERM_16[usize::from(n)],
        16..=231 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            let i = n - 16;
            (level(i / 36), level((i / 6) % 6), level(i % 6))
        }
        _ => {
            let v = 8 + 10 * (n - 232);
            (v, v, v)
        }
    }
}

/// The relative luminance of `rgb` (0 black to 1 white).
pub fn luminance((r, g, b): Rgb) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The contrast ratio of two colours, in either order (1.0 to 21.0).
pub fn ratio(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la >= lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_on_white_is_21_and_a_colour_on_itself_is_1() {
        assert!((ratio((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((ratio((0x12, 0x34, 0x56), (0x12, 0x34, 0x56)) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_known_pair_matches_the_wcag_figure() {
        // #767676 on white is the classic 4.54:1.
        let r = ratio((0x76, 0x76, 0x76), (0xff, 0xff, 0xff));
        assert!((r - 4.54).abs() < 0.01, "{r}");
    }

    #[test]
    fn palette_indexes_follow_xterm() {
        assert_eq!(xterm_rgb(2), (0, 0xcd, 0));
        assert_eq!(xterm_rgb(16), (0, 0, 0));
        assert_eq!(xterm_rgb(124), (0xaf, 0, 0));
        assert_eq!(xterm_rgb(231), (0xff, 0xff, 0xff));
        assert_eq!(xterm_rgb(238), (0x44, 0x44, 0x44));
        assert_eq!(xterm_rgb(245), (0x8a, 0x8a, 0x8a));
    }
}
