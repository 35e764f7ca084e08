//! Python text semantics the rules depend on (Appendix A).
//!
//! RiNG is written in Python, and its rules lean on `str.split()`, `strip()`, `splitlines()`,
//! `lower()`, code-point slicing and `str(value)`. Rust's own definitions differ in small ways
//! (`char::is_whitespace` lacks U+001C–U+001F; `lines()` knows only `\n`), so every rule goes
//! through these helpers instead.

use serde_json::{Map, Value};

/// The horizontal ellipsis appended by [`truncate`].
pub const ELLIPSIS: char = '\u{2026}';

/// Python's `str.isspace()` for one character (Appendix A).
pub fn is_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{9}'..='\u{D}'
            | '\u{1C}'..='\u{20}'
            | '\u{85}'
            | '\u{A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}'
    )
}

/// Whether `c` ends a line for Python's `str.splitlines()` (`\r\n` is handled by [`splitlines`]).
pub fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r'
            | '\u{B}'
            | '\u{C}'
            | '\u{1C}'
            | '\u{1D}'
            | '\u{1E}'
            | '\u{85}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// Python `s.strip()`.
pub fn strip(s: &str) -> &str {
    s.trim_matches(is_whitespace)
}

/// Python `s.rstrip()`.
pub fn rstrip(s: &str) -> &str {
    s.trim_end_matches(is_whitespace)
}

/// Python `s.split()`: runs of whitespace separate words; no empty words.
pub fn split(s: &str) -> impl Iterator<Item = &str> {
    s.split(is_whitespace).filter(|w| !w.is_empty())
}

/// Python `" ".join(s.split())`: whitespace runs collapsed to one space, ends trimmed.
pub fn collapse(s: &str) -> String {
    split(s).collect::<Vec<_>>().join(" ")
}

/// Python `s.splitlines()` (no line ends kept; a final line break adds no empty line).
pub fn splitlines(s: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if !is_line_break(c) {
            continue;
        }
        lines.push(&s[start..i]);
        start = i + c.len_utf8();
        // `\r\n` is one line break, not two.
        if c == '\r' && chars.peek().is_some_and(|&(_, next)| next == '\n') {
            chars.next();
            start += 1;
        }
    }
    if start < s.len() {
        lines.push(&s[start..]);
    }
    lines
}

/// The first `n` code points (Python `s[:n]`).
pub fn prefix_chars(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// `s` if at most `max` code points long, else its first `max − 1` code points and `…`
/// (so exactly `max`; §2.8 step 7).
pub fn truncate(s: &str, max: usize) -> String {
    if max == 0 {
        return String::new();
    }
    match s.char_indices().nth(max) {
        None => s.to_owned(),
        Some(_) => {
            let mut out = prefix_chars(s, max - 1).to_owned();
            out.push(ELLIPSIS);
            out
        }
    }
}

/// Python `s.lower()` (full Unicode lower-casing, final sigma included).
pub fn lower(s: &str) -> String {
    s.to_lowercase()
}

/// `token(s)` of §0: stripped, then lower-cased.
pub fn token(s: &str) -> String {
    lower(strip(s))
}

/// "first string of keys" (§0): the first value that is a non-empty JSON string, else `""`.
/// A whitespace-only string counts as non-empty.
pub fn first_str<'a>(obj: &'a Map<String, Value>, keys: &[&str]) -> &'a str {
    keys.iter()
        .filter_map(|k| obj.get(*k).and_then(Value::as_str))
        .find(|s| !s.is_empty())
        .unwrap_or("")
}

/// Python truthiness of a JSON value (`null`, `false`, `0`, `""`, `[]`, `{}` are false).
pub fn is_truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// Whether `v` is a JSON number (Python `isinstance(v, (int, float))` minus `bool`, which JSON
/// keeps apart anyway), as `f64`.
pub fn as_number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        _ => None,
    }
}

/// Python `str(value)` of a parsed JSON value: strings as they are, `None`, `True`, numbers as
/// Python prints them, lists and objects in Python's `repr` syntax.
pub fn py_str(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => py_repr(other),
    }
}

/// Python `repr(value)` of a parsed JSON value.
pub fn py_repr(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (_, Some(u), _) => u.to_string(),
            (_, _, Some(f)) => py_float_repr(f),
            _ => n.to_string(),
        },
        Value::String(s) => py_str_repr(s),
        Value::Array(items) => {
            let inner: Vec<String> = items.iter().map(py_repr).collect();
            format!("[{}]", inner.join(", "))
        }
        Value::Object(map) => {
            let inner: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", py_str_repr(k), py_repr(v)))
                .collect();
            format!("{{{}}}", inner.join(", "))
        }
    }
}

/// A JSON string literal as Python's `json.dumps` writes it (`ensure_ascii`: everything
/// outside printable ASCII as `\uXXXX`, surrogate pairs beyond the BMP).
pub fn py_json_str(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
        }
    }
    out.push('"');
    out
}

/// Python `repr(float)`: shortest round-trip digits, scientific notation below 1e-4 and from
/// 1e16 on, `.0` on integral values.
pub fn py_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    // `{:e}` gives the shortest round-trip digits, e.g. `-1.2345e6`.
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` always has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent is an integer");
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    if !(-4..16).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{dot}e{esign}{:02}", exp.abs());
    }
    let point = exp + 1; // digits before the decimal point
    let body = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else {
        let point = point as usize;
        if digits.len() <= point {
            format!("{digits}{}.0", "0".repeat(point - digits.len()))
        } else {
            format!("{}.{}", &digits[..point], &digits[point..])
        }
    };
    format!("{sign}{body}")
}

/// Python `repr(str)`: single quotes unless the text holds `'` and no `"`; backslash escapes
/// for the quote, `\\`, `\t`, `\n`, `\r` and non-printable characters.
fn py_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if !is_printable(c) => {
                let n = c as u32;
                if n < 0x100 {
                    out.push_str(&format!("\\x{n:02x}"));
                } else if n < 0x10000 {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// An approximation of Python's `str.isprintable()` without Unicode tables: control
/// characters, separators other than space, common format characters and private use are not
/// printable. (Only affects `repr` of odd nested values, never a rule's decision.)
fn is_printable(c: char) -> bool {
    let n = c as u32;
    !(n < 0x20
        || (0x7F..=0xA0).contains(&n)
        || n == 0xAD
        || n == 0x1680
        || (0x2000..=0x200F).contains(&n)
        || (0x2028..=0x202F).contains(&n)
        || (0x205F..=0x206F).contains(&n)
        || n == 0x3000
        || n == 0xFEFF
        || (0xFFF9..=0xFFFB).contains(&n)
        || (0xE000..=0xF8FF).contains(&n)
        || n >= 0xF0000)
}

/// `PurePosixPath(path).name`: the last component, trailing `/` ignored; `""` for `/`, `.`
/// and `""`.
pub fn basename(path: &str) -> &str {
    // `PurePosixPath` drops empty and `.` components; a path made only of them has no name.
    path.split('/')
        .rev()
        .find(|part| !part.is_empty() && *part != ".")
        .unwrap_or("")
}

#[cfg(test)]
mod tests;
