//! The one way a person writes a duration on ring's command line (`quiet 45`,
//! `gc --older-than 7d`, `stats --since 2h`, `digest --since 90m`): a number with a unit
//! (`s`, `m`, `h`, `d`), several of them added up (`1h30m`), decimals allowed (`1.5h`); a
//! bare number is minutes everywhere.

/// Seconds per minute: what a bare number counts.
const BARE: f64 = 60.0;

/// The seconds `text` names (never negative); `None` for anything else.
pub fn parse(text: &str) -> Option<f64> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if starts_a_number(text)
        && let Ok(minutes) = text.parse::<f64>()
    {
        return (minutes.is_finite() && minutes >= 0.0).then_some(minutes * BARE);
    }
    let mut total = 0.0;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() || c == '.' {
            number.push(c);
            continue;
        }
        let unit = match c {
            's' => 1.0,
            'm' => 60.0,
            'h' => 3600.0,
            'd' => 86_400.0,
            _ => return None,
        };
        if !starts_a_number(&number) {
            return None;
        }
        let n: f64 = number.parse().ok()?;
        total += n * unit;
        number.clear();
    }
    (number.is_empty() && total.is_finite()).then_some(total)
}

/// A digit or a point first: not `inf`, `nan` or a sign.
fn starts_a_number(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || c == '.')
}

/// Relative idle time (§5.4): `42s`, `7m`, `1h05m` (seconds truncated; negative is `0s`).
pub fn relative_time(idle_seconds: f64) -> String {
    // `as` saturates and maps NaN to 0: a garbage clock shows `0s`, never panics.
    let s = idle_seconds.max(0.0) as u64;
    if s < 60 {
        format!("{s}s")
    } else if s < 3600 {
        format!("{}m", s / 60)
    } else {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    }
}

/// The idle time at which [`relative_time`] of `idle_seconds` next reads differently: the
/// next second under a minute, the next minute after that (saturating: a garbage clock gives
/// a time far ahead, never a panic).
pub fn relative_time_next(idle_seconds: f64) -> f64 {
    let s = idle_seconds.max(0.0) as u64;
    let step = if s < 60 { 1 } else { 60 };
    (s / step).saturating_add(1).saturating_mul(step) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::bare_number_is_minutes("45", Some(2700.0))]
    #[case::zero("0", Some(0.0))]
    #[case::seconds("90s", Some(90.0))]
    #[case::minutes("30m", Some(1800.0))]
    #[case::hours("2h", Some(7200.0))]
    #[case::days("7d", Some(604_800.0))]
    #[case::combined("1h30m", Some(5400.0))]
    #[case::decimal("1.5h", Some(5400.0))]
    #[case::spaces_around(" 2h ", Some(7200.0))]
    #[case::trailing_number("1h30", None)]
    #[case::unit_only("m", None)]
    #[case::negative("-1d", None)]
    #[case::weeks("7w", None)]
    #[case::words("soon", None)]
    #[case::infinity("inf", None)]
    #[case::nan("nan", None)]
    #[case::too_big("1e999", None)]
    #[case::empty("", None)]
    fn durations(#[case] text: &str, #[case] want: Option<f64>) {
        assert_eq!(parse(text), want);
    }
}
