//! Duplicate keys in a JSON document: `serde_json::Value` keeps the last of them and drops
//! the rest without a word, so a settings file with `"hooks"` twice would lose one of them on
//! rewrite. This walks the document once more and names the first duplicate.

use super::LoadError;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::HashSet;

/// Any JSON value, checked for duplicate keys in every object.
struct Checked;

/// The message a duplicate carries through serde_json's error (which adds the position).
const MARK: &str = "ring: duplicate key ";

impl<'de> Deserialize<'de> for Checked {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Checked, D::Error> {
        deserializer.deserialize_any(CheckedVisitor)
    }
}

struct CheckedVisitor;

impl<'de> Visitor<'de> for CheckedVisitor {
    type Value = Checked;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_str<E>(self, _: &str) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_unit<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Checked, A::Error> {
        while seq.next_element::<Checked>()?.is_some() {}
        Ok(Checked)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Checked, A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format!("{MARK}{key}")));
            }
            map.next_value::<Checked>()?;
        }
        Ok(Checked)
    }
}

/// `Err(LoadError::Duplicate)` for the first key that appears twice in one object of `text`
/// (already known to be valid JSON).
pub fn check(text: &str) -> Result<(), LoadError> {
    let Err(err) = serde_json::from_str::<Checked>(text) else {
        return Ok(());
    };
    let message = err.to_string();
    let Some(key) = message
        .strip_prefix(MARK)
        .and_then(|rest| rest.rsplit_once(" at line "))
        .map(|(key, _)| key.to_owned())
    else {
        return Ok(());
    };
    Err(LoadError::Duplicate {
        key,
        line: err.line(),
        column: err.column(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_twice_in_one_object_is_named() {
        let text =
            "{\n  \"hooks\": {},\n  \"a\": [{\"x\": 1, \"y\": 2}],\n  \"hooks\": {\"Stop\": []}\n}";
        match check(text) {
            Err(LoadError::Duplicate { key, line, .. }) => {
                assert_eq!((key.as_str(), line), ("hooks", 4))
            }
            other => panic!("{other:?}"),
        }
        assert!(check(r#"{"a": {"k": 1}, "b": {"k": 2}, "c": [{"k": 1}, {"k": 1}]}"#).is_ok());
        assert!(matches!(
            check(r#"{"a": [{"k": 1, "k": 2}]}"#),
            Err(LoadError::Duplicate { .. })
        ));
    }
}
