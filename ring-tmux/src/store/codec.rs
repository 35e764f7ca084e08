//! The one binary encoding of every cache file ring keeps (`rows.bin`, `scan.bin`,
//! `procs.bin`, `evidence.bin`, and the frame around them, `store::frame`): a [`Writer`] and a bounds-checked [`Reader`], and the [`Encode`] /
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

/// [`Encode`] and [`Decode`] for a struct encoded as its fields in the order listed, each by
/// its own impl: `record!(Key { dir: FolderState, exe_mtime: f64 });`. One list serves both
/// directions, so they cannot drift apart; the struct is destructured and built whole, so a
/// field added to it fails to compile until it is listed; and `MIN_LEN` is the sum of the
/// fields' own.
macro_rules! record {
    ($t:ident { $($field:ident: $ty:ty),+ $(,)? }) => {
        impl $crate::store::codec::Encode for $t {
            fn encode(&self, w: &mut $crate::store::codec::Writer) {
                let $t { $($field),+ } = self;
                $(w.put($field);)+
            }
        }

        impl $crate::store::codec::Decode<'_> for $t {
            const MIN_LEN: usize =
                0 $(+ <$ty as $crate::store::codec::Decode<'static>>::MIN_LEN)+;

            fn decode(r: &mut $crate::store::codec::Reader<'_>) -> Option<$t> {
                Some($t { $($field: r.get::<$ty>()?),+ })
            }
        }
    };
}
pub(crate) use record;

#[cfg(test)]
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

mod std_impls;

#[cfg(test)]
mod tests;
