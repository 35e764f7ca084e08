//! The small side files the read path uses: `deleted_sessions.json` (hidden sessions,
//! §3.13) and `labels.json` (names, §5.2). Parsed from bytes the caller read.

use serde_json::Value;
use std::collections::BTreeMap;

/// `deleted_sessions.json`, parsed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Hidden {
    /// id → hidden_at (epoch seconds).
    pub at: BTreeMap<String, f64>,
    /// The file held RiNG's legacy list of ids (each hidden "now"): rewrite it as an object.
    pub migrated: bool,
}

/// Parses `deleted_sessions.json`. Values are ISO-8601 strings (a string without an offset is
/// local time: `utc_offset_seconds` is the local offset east of UTC) or epoch numbers; other
/// values are dropped. A legacy list of ids is read as `{id: now}`. Anything unreadable is an
/// empty list (nothing hidden: the safe side for a status display).
pub fn parse_hidden(bytes: &[u8], now: f64, utc_offset_seconds: i64) -> Hidden {
    let Ok(value) = serde_json::from_slice::<Value>(bytes) else {
        return Hidden::default();
    };
    match value {
        Value::Object(map) => Hidden {
            at: map
                .into_iter()
                .filter_map(|(id, when)| {
                    let at = match &when {
                        Value::Number(n) => n.as_f64(),
                        Value::String(s) => parse_iso(s, utc_offset_seconds),
                        _ => None,
                    }?;
                    at.is_finite().then_some((id, at))
                })
                .collect(),
            migrated: false,
        },
        Value::Array(ids) => Hidden {
            at: ids
                .into_iter()
                .filter_map(|id| match id {
                    Value::String(s) => Some((s, now)),
                    _ => None,
                })
                .collect(),
            migrated: true,
        },
        _ => Hidden::default(),
    }
}

/// Parses `labels.json`: `{id: label}`, keeping only non-empty string labels.
pub fn parse_labels(bytes: &[u8]) -> BTreeMap<String, String> {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => map
            .into_iter()
            .filter_map(|(id, label)| match label {
                Value::String(s) if !s.is_empty() => Some((id, s)),
                _ => None,
            })
            .collect(),
        _ => BTreeMap::new(),
    }
}

/// Python 3.11 `datetime.fromisoformat` for the forms RiNG and people write:
/// `YYYY-MM-DD[(T| )HH:MM[:SS[.f+]]][Z|±HH:MM[:SS]|±HHMM]`.
pub(crate) fn parse_iso(s: &str, utc_offset_seconds: i64) -> Option<f64> {
    let s = s.as_bytes();
    let num = |from: usize, len: usize| -> Option<i64> {
        let part = s.get(from..from + len)?;
        part.iter().all(u8::is_ascii_digit).then(|| {
            part.iter()
                .fold(0i64, |acc, &d| acc * 10 + i64::from(d - b'0'))
        })
    };
    let (year, month, day) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
    if s.get(4) != Some(&b'-') || s.get(7) != Some(&b'-') || !(1..=12).contains(&month) {
        return None;
    }
    if day < 1 || day > days_in_month(year, month) {
        return None;
    }
    let mut seconds = days_from_civil(year, month, day) as f64 * 86400.0;
    let mut pos = 10;
    let mut offset = Some(utc_offset_seconds);
    if pos < s.len() {
        if !matches!(s[pos], b'T' | b' ') {
            return None;
        }
        let (hour, minute) = (num(pos + 1, 2)?, num(pos + 4, 2)?);
        if s.get(pos + 3) != Some(&b':') || hour > 23 || minute > 59 {
            return None;
        }
        seconds += (hour * 3600 + minute * 60) as f64;
        pos += 6;
        if s.get(pos) == Some(&b':') {
            let second = num(pos + 1, 2)?;
            if second > 59 {
                return None;
            }
            seconds += second as f64;
            pos += 3;
            if matches!(s.get(pos), Some(b'.' | b',')) {
                let digits = s[pos + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                if digits == 0 {
                    return None;
                }
                let frac = std::str::from_utf8(&s[pos + 1..pos + 1 + digits]).ok()?;
                seconds += format!("0.{frac}").parse::<f64>().ok()?;
                pos += 1 + digits;
            }
        }
        offset = match s.get(pos) {
            None => Some(utc_offset_seconds),
            Some(b'Z') if pos + 1 == s.len() => Some(0),
            Some(&sign @ (b'+' | b'-')) => {
                let hours = num(pos + 1, 2)?;
                let (minutes, rest) = if s.get(pos + 3) == Some(&b':') {
                    (num(pos + 4, 2)?, pos + 6)
                } else {
                    (num(pos + 3, 2)?, pos + 5)
                };
                let (secs, end) = if s.get(rest) == Some(&b':') {
                    (num(rest + 1, 2)?, rest + 3)
                } else {
                    (0, rest)
                };
                if end != s.len() || hours > 23 || minutes > 59 {
                    return None;
                }
                let magnitude = hours * 3600 + minutes * 60 + secs;
                Some(if sign == b'-' { -magnitude } else { magnitude })
            }
            _ => None,
        };
    }
    Some(seconds - offset? as f64)
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::ring_utc("2023-11-14T22:13:25+00:00", 0, Some(1700000005.0))]
    #[case::zulu("2023-11-14T22:13:25Z", 0, Some(1700000005.0))]
    #[case::naive_is_local("2023-11-14T23:13:25", 3600, Some(1700000005.0))]
    #[case::offset_east("2023-11-15T06:13:25+08:00", 0, Some(1700000005.0))]
    #[case::offset_compact("2023-11-14T21:13:25-0100", 0, Some(1700000005.0))]
    #[case::space_separator("2023-11-14 22:13:25+00:00", 0, Some(1700000005.0))]
    #[case::micros("2023-11-14T22:13:25.500000+00:00", 0, Some(1700000005.5))]
    #[case::minutes_only("2023-11-14T22:13+00:00", 0, Some(1699999980.0))]
    #[case::date_only("1970-01-02", 0, Some(86400.0))]
    #[case::bad_month("2023-13-01T00:00:00", 0, None)]
    #[case::bad_day("2023-02-29T00:00:00", 0, None)]
    #[case::garbage("yesterday", 0, None)]
    #[case::trailing_junk("2023-11-14T22:13:25+00:00x", 0, None)]
    fn iso_times_parse_like_python(
        #[case] s: &str,
        #[case] offset: i64,
        #[case] expected: Option<f64>,
    ) {
        assert_eq!(parse_iso(s, offset), expected);
    }

    // RiNG writes what `hidden::epoch_to_iso` writes; the reader must get the same time back.
    #[rstest]
    #[case::whole_second(1700000005.0)]
    #[case::quarter(1700000005.25)]
    #[case::epoch(0.0)]
    #[case::leap_day(951782400.0)]
    #[case::before_epoch(-1.5)]
    fn iso_times_written_by_ring_read_back(#[case] at: f64) {
        let iso = crate::hidden::epoch_to_iso(at).expect("in Python's range");
        assert_eq!(parse_iso(&iso, 0), Some(at), "{iso}");
    }

    #[test]
    fn hidden_file_keeps_numbers_and_iso_strings_and_drops_the_rest() {
        let text =
            br#"{"a": "2023-11-14T22:13:25+00:00", "b": 1700000000, "c": true, "d": "soon"}"#;
        let hidden = parse_hidden(text, 5.0, 0);
        let expected: BTreeMap<String, f64> = [
            ("a".to_owned(), 1700000005.0),
            ("b".to_owned(), 1700000000.0),
        ]
        .into();
        assert_eq!(
            hidden,
            Hidden {
                at: expected,
                migrated: false
            }
        );
    }

    #[test]
    fn legacy_hidden_list_is_hidden_now_and_flagged_for_rewrite() {
        let hidden = parse_hidden(br#"["a", 3, "b"]"#, 42.0, 0);
        let expected: BTreeMap<String, f64> =
            [("a".to_owned(), 42.0), ("b".to_owned(), 42.0)].into();
        assert_eq!(
            hidden,
            Hidden {
                at: expected,
                migrated: true
            }
        );
    }

    #[rstest]
    #[case::invalid(b"{nope".as_slice())]
    #[case::scalar(b"3".as_slice())]
    #[case::empty(b"".as_slice())]
    fn unreadable_hidden_file_hides_nothing(#[case] bytes: &[u8]) {
        assert_eq!(parse_hidden(bytes, 1.0, 0), Hidden::default());
    }

    #[test]
    fn labels_keep_only_non_empty_strings() {
        let labels = parse_labels("{\"s1\": \"重構登入\", \"s2\": \"\", \"s3\": 4}".as_bytes());
        assert_eq!(labels, [("s1".to_owned(), "重構登入".to_owned())].into());
    }
}
