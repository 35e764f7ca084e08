//! Python's number text rules that row coercions depend on (§4.2, Appendix A).

/// Python `float(str)`: surrounding whitespace allowed, `_` between digits allowed.
pub(super) fn py_float_parse(s: &str) -> Option<f64> {
    let trimmed = s.trim_matches(is_py_whitespace);
    let bytes = trimmed.as_bytes();
    // Underscores only between two digits, as Python's grammar requires.
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'_' {
            let before = i.checked_sub(1).map(|j| bytes[j]);
            let after = bytes.get(i + 1).copied();
            if !before.is_some_and(|c| c.is_ascii_digit())
                || !after.is_some_and(|c| c.is_ascii_digit())
            {
                return None;
            }
        }
    }
    let cleaned: String = trimmed.chars().filter(|&c| c != '_').collect();
    // Rust accepts forms Python rejects and vice versa only around inf/nan spellings, which
    // are refused as non-finite anyway; plain digits, signs, dots and exponents agree.
    if cleaned.is_empty()
        || !cleaned
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b))
    {
        return None;
    }
    cleaned.parse::<f64>().ok()
}

/// Python's `str.isspace` set (Appendix A).
fn is_py_whitespace(c: char) -> bool {
    matches!(c, '\u{9}'..='\u{d}' | '\u{1c}'..='\u{20}' | '\u{85}' | '\u{a0}' | '\u{1680}'
        | '\u{2000}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}')
}

/// Python `repr(float)`: shortest round-trip digits, exponent form outside `1e-4 ..< 1e16`.
pub(crate) fn py_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // `{:e}` gives the shortest round-trip digits: `d.ddde±x`.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` always has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent is an integer");
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if f < 0.0 { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let point = exp + 1; // digits before the decimal point
        let body = if point <= 0 {
            format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
        } else if point as usize >= digits.len() {
            format!("{digits}{}.0", "0".repeat(point as usize - digits.len()))
        } else {
            let (int, frac) = digits.split_at(point as usize);
            format!("{int}.{frac}")
        };
        format!("{sign}{body}")
    } else {
        let (first, rest) = digits.split_at(1);
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let exp_sign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}{frac}e{exp_sign}{:02}", exp.unsigned_abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(1.5, "1.5")]
    #[case(1700000000.0, "1700000000.0")]
    #[case(1e16, "1e+16")]
    #[case(1.5e-5, "1.5e-05")]
    #[case(0.0001, "0.0001")]
    #[case(-2.0, "-2.0")]
    #[case(123456789012345.6, "123456789012345.6")]
    fn float_text_matches_python_repr(#[case] f: f64, #[case] expected: &str) {
        assert_eq!(py_float_repr(f), expected);
    }
}
