//! JSON as Python's `json.loads` reads it (Appendix A), for the readers whose rules
//! depend on which lines parse at all (transcript tails, the zero-config head `cwd`).
//!
//! Python accepts, beyond strict JSON: the bare constants `NaN`, `Infinity` and `-Infinity`,
//! numbers too large for a float (they become `inf`), and `\u` escapes of unpaired surrogates.
//! A `serde_json::Value` holds none of them, so a text that strict parsing rejects is rewritten
//! once — each such number becomes `null`, each unpaired surrogate U+FFFD — and parsed again.
//! The record then counts, as it does for RiNG; only the odd value itself reads differently.

use serde_json::Value;

/// Parses `text` as Python's `json.loads` would accept it; `None` when Python rejects it too
/// (or nothing needed rewriting and strict parsing failed).
pub fn loads(text: &str) -> Option<Value> {
    if let Ok(value) = serde_json::from_str(text) {
        return Some(value);
    }
    let rewritten = rewrite(text)?;
    serde_json::from_str(&rewritten).ok()
}

/// The text with Python-only values replaced, or `None` when there was nothing to replace.
fn rewrite(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            let (len, string) = string_token(rest);
            changed |= string != rest[..len];
            out.push_str(&string);
            rest = &rest[len..];
            continue;
        }
        let word_len = rest
            .find(|ch: char| !(ch.is_ascii_alphanumeric() || matches!(ch, '-' | '+' | '.')))
            .unwrap_or(rest.len());
        if word_len == 0 {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let word = &rest[..word_len];
        let python_only = matches!(word, "NaN" | "Infinity" | "-Infinity")
            || word.parse::<f64>().is_ok_and(|f| {
                f.is_infinite()
                    && word
                        .bytes()
                        .all(|b| !b.is_ascii_alphabetic() || b == b'e' || b == b'E')
            });
        if python_only {
            out.push_str("null");
            changed = true;
        } else {
            out.push_str(word);
        }
        rest = &rest[word_len..];
    }
    changed.then_some(out)
}

/// The string token at the start of `s` (opening quote included): its length in `s` and its
/// text with unpaired surrogate escapes replaced by `\ufffd`. An unterminated string runs to
/// the end (strict parsing rejects it either way).
fn string_token(s: &str) -> (usize, String) {
    let bytes = s.as_bytes();
    let mut out = String::from('"');
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                out.push('"');
                return (i + 1, out);
            }
            b'\\' if bytes.get(i + 1) == Some(&b'u') => {
                let unit = hex4(s, i + 2);
                let next = (bytes.get(i + 6) == Some(&b'\\') && bytes.get(i + 7) == Some(&b'u'))
                    .then(|| hex4(s, i + 8))
                    .flatten();
                match unit {
                    Some(0xD800..=0xDBFF)
                        if next.is_some_and(|n| (0xDC00..=0xDFFF).contains(&n)) =>
                    {
                        out.push_str(&s[i..i + 12]);
                        i += 12;
                    }
                    Some(0xD800..=0xDFFF) => {
                        out.push_str("\\ufffd");
                        i += 6;
                    }
                    _ => {
                        out.push_str("\\u");
                        i += 2;
                    }
                }
            }
            b'\\' => {
                // The backslash and the whole character it escapes (which may be multi-byte:
                // invalid JSON, rejected by strict parsing, but never a slicing panic here).
                out.push('\\');
                i += 1;
                if let Some(ch) = s[i..].chars().next() {
                    out.push(ch);
                    i += ch.len_utf8();
                }
            }
            _ => {
                let ch = s[i..].chars().next().expect("a char starts here");
                out.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    (bytes.len(), out)
}

/// The value of four hex digits at `at`, if there are four.
fn hex4(s: &str, at: usize) -> Option<u32> {
    let digits = s.get(at..at + 4)?;
    digits
        .bytes()
        .all(|b| b.is_ascii_hexdigit())
        .then(|| u32::from_str_radix(digits, 16).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;
    use serde_json::json;

    #[rstest]
    #[case::strict(r#"{"a": [1, 2.5, "x"]}"#, Some(json!({"a": [1, 2.5, "x"]})))]
    #[case::nan(r#"{"a": NaN, "b": 1}"#, Some(json!({"a": null, "b": 1})))]
    #[case::infinities(r#"[Infinity, -Infinity, 1]"#, Some(json!([null, null, 1])))]
    #[case::overflowing_number(r#"{"x": 1e400, "y": -2E999}"#, Some(json!({"x": null, "y": null})))]
    #[case::words_in_strings_kept(r#"{"NaN": "Infinity 1e400"}"#, Some(json!({"NaN": "Infinity 1e400"})))]
    #[case::lone_surrogate(r#"{"x": "a\ud800b"}"#, Some(json!({"x": "a\u{fffd}b"})))]
    #[case::lone_low_surrogate(r#"{"x": "\udc00"}"#, Some(json!({"x": "\u{fffd}"})))]
    #[case::surrogate_pair_kept(r#"{"x": "\ud83d\ude00 \ud800"}"#, Some(json!({"x": "\u{1f600} \u{fffd}"})))]
    #[case::escaped_quote(r#"{"x": "say \"NaN\"", "y": NaN}"#, Some(json!({"x": "say \"NaN\"", "y": null})))]
    #[case::still_invalid("{NaN", None)]
    #[case::backslash_before_a_multibyte_char("{\"x\": \"\\\u{28b}\", \"y\": NaN}", None)]
    #[case::backslash_at_the_end("[NaN, \"\\", None)]
    #[case::lowercase_nan_rejected(r#"{"a": nan}"#, None)]
    #[case::bare_word_rejected(r#"{"a": Inf}"#, None)]
    #[case::not_json("not json", None)]
    fn loads_accepts_what_python_accepts(#[case] text: &str, #[case] want: Option<Value>) {
        assert_eq!(loads(text), want);
    }

    proptest::proptest! {
        /// Any text: an answer, never a panic (transcript tails and payloads are arbitrary).
        #[test]
        fn loads_never_panics(text in "(\\PC|[\\\\\"NaIfinty0-9e.\\[\\]{}:, -])*") {
            let _ = loads(&text);
        }

        /// Strict JSON reads exactly as serde_json reads it.
        #[test]
        fn strict_json_is_unchanged(n in proptest::num::f64::NORMAL, s in "\\PC*") {
            let text = serde_json::json!({"n": n, "s": s}).to_string();
            proptest::prop_assert_eq!(loads(&text), serde_json::from_str::<Value>(&text).ok());
        }
    }
}
