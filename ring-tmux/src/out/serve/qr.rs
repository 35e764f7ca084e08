//! The board's address, with its token, as a QR code in the terminal: `serve --listen`
//! beyond loopback prints it when its output is a terminal (or with `--qr`), so a phone's
//! camera opens the board without anyone typing 64 hex digits.
//!
//! Two rows of modules per line of text (`▀`, `▄`, `█`, space). The code's dark modules are
//! spaces and its light ones blocks, quiet zone included: on a terminal with a dark background
//! (the usual) it reads as a dark code on light, as a scanner expects; on a light one it is
//! the inverse, which phone cameras read too.

use qrcode::render::unicode::Dense1x2;
use qrcode::{EcLevel, QrCode};

/// The QR code of `url` as lines of text; `None` when it does not fit a QR code.
pub(crate) fn render(url: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::L).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rendered text read back into modules (`true`: dark): two per character, from
    /// the top half and the bottom half.
    fn modules(text: &str) -> Vec<Vec<bool>> {
        let mut grid = Vec::new();
        for line in text.lines() {
            let (top, bottom): (Vec<bool>, Vec<bool>) = line
                .chars()
                .map(|c| match c {
                    ' ' => (true, true),
                    '▄' => (true, false),
                    '▀' => (false, true),
                    _ => (false, false),
                })
                .unzip();
            grid.push(top);
            grid.push(bottom);
        }
        grid
    }

    #[test]
    fn the_code_holds_the_address_dark_on_a_light_quiet_zone() {
        let url = "http://192.168.1.20:7380/#token=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
        let text = render(url).expect("fits");
        let code = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::L).expect("code");
        let width = code.width();
        let grid = modules(&text);
        // A quiet zone of 4 light modules all round.
        assert_eq!(grid[0].len(), width + 8);
        for (y, row) in grid.iter().enumerate().take(width + 8) {
            for (x, dark) in row.iter().enumerate() {
                let inside = (4..width + 4).contains(&x) && (4..width + 4).contains(&y);
                let want = inside && code[(x - 4, y - 4)] == qrcode::Color::Dark;
                assert_eq!(*dark, want, "module ({x}, {y})");
            }
        }
    }
}
