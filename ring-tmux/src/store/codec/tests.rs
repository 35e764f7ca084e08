use super::*;
use std::collections::{BTreeMap, HashMap};

/// Nested sequences, maps, options and tuples of every number type.
type Nested = (
    Vec<(String, Option<f64>)>,
    (BTreeMap<String, (u64, bool)>, HashMap<u32, i64>),
);

#[test]
fn values_round_trip() {
    let value: Nested = (
        vec![("a".into(), Some(f64::NAN)), ("重構".into(), None)],
        (
            [("k".to_owned(), (u64::MAX, true))].into(),
            [(7, -3), (8, i64::MIN)].into(),
        ),
    );
    let bytes = encode(&value);
    let back: Nested = decode(&bytes).expect("decodes");
    assert_eq!(back.0[0].0, "a");
    assert_eq!(back.0[0].1.map(f64::to_bits), Some(f64::NAN.to_bits()));
    assert_eq!(back.0[1], ("重構".to_owned(), None));
    assert_eq!(back.1, value.1);
    assert_every_cut_is_refused(&bytes, |b| decode::<Nested>(b));
}

#[test]
fn borrowed_strings_and_bytes_point_into_the_input() {
    let mut w = Writer::default();
    w.str("name");
    w.bytes(b"\x00\xff");
    let bytes = w.into_vec();
    let mut r = Reader::new(&bytes);
    assert_eq!(r.str(), Some("name"));
    assert_eq!(r.bytes(), Some(&b"\x00\xff"[..]));
    assert!(r.is_empty());
}

#[test]
fn a_length_or_count_past_the_bytes_left_is_refused_at_once() {
    let mut hostile = Writer::default();
    hostile.u32(u32::MAX);
    hostile.raw(&[0; 64]);
    let bytes = hostile.into_vec();
    assert_eq!(Reader::new(&bytes).bytes(), None);
    assert_eq!(Reader::new(&bytes).str(), None);
    assert_eq!(decode::<Vec<u8>>(&bytes), None);
    assert_eq!(decode::<BTreeMap<String, String>>(&bytes), None);
    // A count that the bytes could hold one byte per item, but not at the items' size.
    let mut w = Writer::default();
    w.u32(8);
    w.raw(&[0; 63]);
    assert_eq!(
        Reader::new(w.as_slice()).count(8),
        None,
        "refused before any item"
    );
    assert_eq!(decode::<Vec<u64>>(w.as_slice()), None);
    w.u8(0);
    assert_eq!(Reader::new(w.as_slice()).count(8), Some(8));
    assert_eq!(decode::<Vec<u64>>(w.as_slice()), Some(vec![0; 8]));
}

#[test]
fn flags_other_than_0_and_1_and_bad_utf8_are_refused() {
    assert_eq!(decode::<bool>(&[2]), None);
    assert_eq!(decode::<Option<u8>>(&[2, 0]), None);
    assert_eq!(decode::<String>(&[1, 0, 0, 0, 0xff]), None);
}

#[test]
fn a_patched_count_is_read_back() {
    let mut w = Writer::default();
    let at = w.len();
    w.u32(0);
    w.u8(5);
    w.u8(6);
    w.patch_u32(at, 2);
    assert_eq!(decode::<Vec<u8>>(w.as_slice()), Some(vec![5, 6]));
}
