//! [`Encode`] and [`Decode`] for the standard types the caches are made of: numbers, `bool`,
//! strings, `Option`, sequences, tuples and maps.

use super::{Decode, Encode, Reader, Writer};
use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

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
