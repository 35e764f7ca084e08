//! Hash maps for the read path's short-lived indices over ids, names and cwds.
//!
//! A status bar rebuilds them over hundreds of transcripts on every refresh, and std's
//! SipHash was a fifth of a re-listing's instructions. The keys are local file names and
//! paths, not input from a network peer, so a fast hash without per-process random keys
//! (foldhash with a fixed seed, the hash behind hashbrown) is the right trade; it is also
//! deterministic, so [`hasher`] can fingerprint data that is compared across processes.

use std::hash::BuildHasher;

/// The hasher state: fixed, so equal keys hash alike in every process.
pub type State = foldhash::fast::FixedState;
/// A `HashMap` with [`State`].
pub type Map<K, V> = std::collections::HashMap<K, V, State>;
/// A `HashSet` with [`State`].
pub type Set<K> = std::collections::HashSet<K, State>;

/// A deterministic hasher for fingerprints that are stored and compared later.
pub fn hasher() -> impl std::hash::Hasher {
    State::default().build_hasher()
}

/// An empty [`Map`] with room for `n` entries.
pub fn map_with_capacity<K, V>(n: usize) -> Map<K, V> {
    Map::with_capacity_and_hasher(n, State::default())
}

/// An empty [`Set`] with room for `n` entries.
pub fn set_with_capacity<K>(n: usize) -> Set<K> {
    Set::with_capacity_and_hasher(n, State::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{Hash, Hasher};

    #[test]
    fn fingerprints_are_the_same_in_every_hasher() {
        let print = |text: &str| {
            let mut h = hasher();
            text.hash(&mut h);
            h.finish()
        };
        assert_eq!(print("/home/u/proj"), print("/home/u/proj"));
        assert_ne!(print("/home/u/proj"), print("/home/u/proj2"));
    }

    #[test]
    fn maps_and_sets_behave_as_std_ones() {
        let mut m: Map<&str, usize> = map_with_capacity(2);
        m.insert("a", 1);
        *m.entry("a").or_default() += 1;
        assert_eq!(m.get("a"), Some(&2));
        let mut s: Set<String> = set_with_capacity(0);
        assert!(s.insert("x".into()));
        assert!(!s.insert("x".into()));
    }
}
