//! Python's number text rules that row coercions depend on (§4.2, Appendix A); `repr(float)`
//! is [`crate::text::py_float_repr`].

/// Python `float(str)`: surrounding whitespace allowed, `_` between digits allowed.
pub(super) fn py_float_parse(s: &str) -> Option<f64> {
    let trimmed = crate::text::strip(s);
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

#[cfg(test)]
mod tests {
    use crate::text::py_float_repr;
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
