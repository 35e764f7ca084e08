//! The one binary encoding of every cache file ring keeps (`rows.bin`, `scan.bin`,
//! `procs.bin`, `evidence.bin`, the entries of `rows.journal`, and the frame around them,
//! `store::frame`): a [`Writer`] and a bounds-checked [`Reader`], and the [`Encode`] /
//! [`Decode`] pair that types implement once.
//!
//! ```text
//! u8 | u32, u64, i64, f64 little-endian | bool 0 or 1 | str, bytes: u32 length, then the bytes
//! Option: 0, or 1 and the value | sequence, map: u32 count, then the items in order
//! ```
//!
//! Fixed-width numbers and no field names: the status path decodes `rows.bin` (1,000 rows,
//! ~400 KiB) on every refresh, and a varint or a self-describing format costs more there than
//! the rest of the read. Decoding never panics and gives `None` for anything malformed (the
//! owner then rebuilds its cache); a length or count is refused as soon as the bytes left
//! cannot hold it, so a hostile prefix never makes the reader allocate more than the input
//! could fill.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

/// Builds encoded bytes.
#[derive(Debug, Default)]
pub struct Writer {
    buf: Vec<u8>,
}

impl Writer {
    pub fn with_capacity(bytes: usize) -> Writer {
        Writer {
            buf: Vec::with_capacity(bytes),
        }
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.buf
    }

    pub fn into_vec(self) -> Vec<u8> {
        self.buf
    }

    /// Bytes as they are, without a length (a magic, a block copied from another file).
    pub fn raw(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    pub fn u8(&mut self, v: u8) {
        self.buf.push(v);
    }

    pub fn u32(&mut self, v: u32) {
        self.raw(&v.to_le_bytes());
    }

    pub fn u64(&mut self, v: u64) {
        self.raw(&v.to_le_bytes());
    }

    pub fn i64(&mut self, v: i64) {
        self.raw(&v.to_le_bytes());
    }

    /// Bit for bit (a NaN stays the same NaN).
    pub fn f64(&mut self, v: f64) {
        self.raw(&v.to_le_bytes());
    }

    pub fn bool(&mut self, v: bool) {
        self.u8(u8::from(v));
    }

    /// A length or count. Past `u32::MAX` it is written as `u32::MAX`, which no reader accepts
    /// for what follows (no cache is that large): the file is then dropped, never misread.
    pub fn len_prefix(&mut self, n: usize) {
        self.u32(u32::try_from(n).unwrap_or(u32::MAX));
    }

    /// Length-prefixed bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.len_prefix(bytes.len());
        self.raw(bytes);
    }

    pub fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }

    /// Any [`Encode`] value.
    pub fn put<T: Encode + ?Sized>(&mut self, value: &T) {
        value.encode(self);
    }

    /// A count, then each item.
    pub fn seq<'i, T: Encode + 'i>(&mut self, items: impl ExactSizeIterator<Item = &'i T>) {
        self.len_prefix(items.len());
        for item in items {
            item.encode(self);
        }
    }

    /// Overwrites the `u32` written at `at` (a count or length known only at the end).
    pub fn patch_u32(&mut self, at: usize, v: u32) {
        self.patch(at, &v.to_le_bytes());
    }

    /// Overwrites the `u64` written at `at`.
    pub fn patch_u64(&mut self, at: usize, v: u64) {
        self.patch(at, &v.to_le_bytes());
    }

    fn patch(&mut self, at: usize, bytes: &[u8]) {
        if let Some(slot) = self.buf.get_mut(at..at + bytes.len()) {
            slot.copy_from_slice(bytes);
        }
    }
}

/// Reads what a [`Writer`] wrote; every method gives `None` (and the caller drops the file)
/// when the bytes left do not hold what is asked for.
#[derive(Debug, Clone, Copy)]
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes }
    }

    /// Bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// `value` when every byte was read: trailing bytes mean another format.
    pub fn finish<T>(self, value: T) -> Option<T> {
        self.is_empty().then_some(value)
    }

    /// The next `n` bytes, borrowed.
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.bytes.split_at_checked(n)?;
        self.bytes = rest;
        Some(head)
    }

    /// Skips `n` bytes.
    pub fn skip(&mut self, n: usize) -> Option<()> {
        self.take(n).map(drop)
    }

    /// The next bytes when they are `expected` (a magic).
    pub fn expect(&mut self, expected: &[u8]) -> Option<()> {
        (self.take(expected.len())? == expected).then_some(())
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.bytes.split_first_chunk::<N>()?;
        self.bytes = rest;
        Some(*head)
    }

    pub fn u8(&mut self) -> Option<u8> {
        Some(self.array::<1>()?[0])
    }

    pub fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.array()?))
    }

    pub fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.array()?))
    }

    pub fn i64(&mut self) -> Option<i64> {
        Some(i64::from_le_bytes(self.array()?))
    }

    pub fn f64(&mut self) -> Option<f64> {
        Some(f64::from_le_bytes(self.array()?))
    }

    /// 0 or 1; any other byte is corruption.
    pub fn bool(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    /// A count of items that take at least `min_item` bytes each: `None` at once when the
    /// bytes left cannot hold them.
    pub fn count(&mut self, min_item: usize) -> Option<usize> {
        let n = usize::try_from(self.u32()?).ok()?;
        (n.checked_mul(min_item.max(1))? <= self.remaining()).then_some(n)
    }

    /// Length-prefixed bytes, borrowed.
    pub fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = self.count(1)?;
        self.take(n)
    }

    /// A string, borrowed.
    pub fn str(&mut self) -> Option<&'a str> {
        std::str::from_utf8(self.bytes()?).ok()
    }

    pub fn string(&mut self) -> Option<String> {
        self.str().map(str::to_owned)
    }

    /// Any [`Decode`] value.
    pub fn get<T: Decode<'a>>(&mut self) -> Option<T> {
        T::decode(self)
    }

    /// A count, then each item (what [`Writer::seq`] wrote).
    pub fn seq<T: Decode<'a>>(&mut self) -> Option<Vec<T>> {
        let n = self.count(T::MIN_LEN)?;
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(T::decode(self)?);
        }
        Some(items)
    }
}

/// A type's encoding.
pub trait Encode {
    fn encode(&self, w: &mut Writer);
}

/// A type's decoding, the inverse of its [`Encode`]; `'a` is the input's lifetime, for
/// values that borrow from it.
pub trait Decode<'a>: Sized {
    /// The fewest bytes any value takes (what a count is checked against).
    const MIN_LEN: usize = 1;

    fn decode(r: &mut Reader<'a>) -> Option<Self>;
}

/// `value` encoded.
pub fn encode<T: Encode + ?Sized>(value: &T) -> Vec<u8> {
    let mut w = Writer::default();
    value.encode(&mut w);
    w.into_vec()
}

/// The value `bytes` hold, all of them.
pub fn decode<'a, T: Decode<'a>>(bytes: &'a [u8]) -> Option<T> {
    let mut r = Reader::new(bytes);
    let value = T::decode(&mut r)?;
    r.finish(value)
}

macro_rules! number {
    ($($t:ident),*) => {$(
        impl Encode for $t {
            fn encode(&self, w: &mut Writer) {
                w.$t(*self);
            }
        }

        impl Decode<'_> for $t {
            const MIN_LEN: usize = size_of::<$t>();

            fn decode(r: &mut Reader<'_>) -> Option<$t> {
                r.$t()
            }
        }
    )*};
}

number!(u8, u32, u64, i64, f64, bool);

impl Encode for str {
    fn encode(&self, w: &mut Writer) {
        w.str(self);
    }
}

impl Encode for String {
    fn encode(&self, w: &mut Writer) {
        w.str(self);
    }
}

impl Decode<'_> for String {
    const MIN_LEN: usize = 4;

    fn decode(r: &mut Reader<'_>) -> Option<String> {
        r.string()
    }
}

impl<'a> Decode<'a> for &'a str {
    const MIN_LEN: usize = 4;

    fn decode(r: &mut Reader<'a>) -> Option<&'a str> {
        r.str()
    }
}

impl<T: Encode + ?Sized> Encode for &T {
    fn encode(&self, w: &mut Writer) {
        (**self).encode(w);
    }
}

impl<T: Encode> Encode for Option<T> {
    fn encode(&self, w: &mut Writer) {
        match self {
            None => w.u8(0),
            Some(value) => {
                w.u8(1);
                value.encode(w);
            }
        }
    }
}

impl<'a, T: Decode<'a>> Decode<'a> for Option<T> {
    fn decode(r: &mut Reader<'a>) -> Option<Option<T>> {
        Some(if r.bool()? { Some(T::decode(r)?) } else { None })
    }
}

impl<T: Encode> Encode for [T] {
    fn encode(&self, w: &mut Writer) {
        w.seq(self.iter());
    }
}

impl<T: Encode> Encode for Vec<T> {
    fn encode(&self, w: &mut Writer) {
        w.seq(self.iter());
    }
}

impl<'a, T: Decode<'a>> Decode<'a> for Vec<T> {
    const MIN_LEN: usize = 4;

    fn decode(r: &mut Reader<'a>) -> Option<Vec<T>> {
        r.seq()
    }
}

impl<A: Encode, B: Encode> Encode for (A, B) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
}

impl<'a, A: Decode<'a>, B: Decode<'a>> Decode<'a> for (A, B) {
    const MIN_LEN: usize = A::MIN_LEN + B::MIN_LEN;

    fn decode(r: &mut Reader<'a>) -> Option<(A, B)> {
        Some((A::decode(r)?, B::decode(r)?))
    }
}

impl<A: Encode, B: Encode, C: Encode> Encode for (A, B, C) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
        self.2.encode(w);
    }
}

impl<'a, A: Decode<'a>, B: Decode<'a>, C: Decode<'a>> Decode<'a> for (A, B, C) {
    const MIN_LEN: usize = A::MIN_LEN + B::MIN_LEN + C::MIN_LEN;

    fn decode(r: &mut Reader<'a>) -> Option<(A, B, C)> {
        Some((A::decode(r)?, B::decode(r)?, C::decode(r)?))
    }
}

/// Maps are their pairs in iteration order.
fn encode_map<'i, K: Encode + 'i, V: Encode + 'i>(
    w: &mut Writer,
    pairs: impl ExactSizeIterator<Item = (&'i K, &'i V)>,
) {
    w.len_prefix(pairs.len());
    for (k, v) in pairs {
        k.encode(w);
        v.encode(w);
    }
}

fn decode_map<'a, K: Decode<'a>, V: Decode<'a>, M: Extend<(K, V)> + Default>(
    r: &mut Reader<'a>,
) -> Option<M> {
    let n = r.count(K::MIN_LEN + V::MIN_LEN)?;
    let mut map = M::default();
    for _ in 0..n {
        let pair = (K::decode(r)?, V::decode(r)?);
        map.extend([pair]);
    }
    Some(map)
}

impl<K: Encode, V: Encode> Encode for BTreeMap<K, V> {
    fn encode(&self, w: &mut Writer) {
        encode_map(w, self.iter());
    }
}

impl<'a, K: Decode<'a> + Ord, V: Decode<'a>> Decode<'a> for BTreeMap<K, V> {
    const MIN_LEN: usize = 4;

    fn decode(r: &mut Reader<'a>) -> Option<BTreeMap<K, V>> {
        decode_map(r)
    }
}

impl<K: Encode, V: Encode, S> Encode for HashMap<K, V, S> {
    fn encode(&self, w: &mut Writer) {
        encode_map(w, self.iter());
    }
}

impl<'a, K: Decode<'a> + Eq + Hash, V: Decode<'a>, S: std::hash::BuildHasher + Default> Decode<'a>
    for HashMap<K, V, S>
{
    const MIN_LEN: usize = 4;

    fn decode(r: &mut Reader<'a>) -> Option<HashMap<K, V, S>> {
        decode_map(r)
    }
}

/// For each cache's tests: `bytes` decode to something, and no cut of them does (every byte
/// boundary), nor the bytes with one more byte. `decode` is the cache's own entry point.
#[cfg(test)]
pub fn assert_every_cut_is_refused<T>(bytes: &[u8], decode: impl Fn(&[u8]) -> Option<T>) {
    assert!(decode(bytes).is_some(), "the whole input decodes");
    for cut in 0..bytes.len() {
        assert!(
            decode(&bytes[..cut]).is_none(),
            "cut at {cut} of {}",
            bytes.len()
        );
    }
    let mut longer = bytes.to_vec();
    longer.push(0);
    assert!(decode(&longer).is_none(), "a trailing byte");
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(decode::<Vec<u64>>(w.as_slice()), None);
        w.u8(0);
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
}
