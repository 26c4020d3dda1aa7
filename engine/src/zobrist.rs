//! Keys for hashing positions (Zobrist hashing), made at compile time from a
//! fixed seed so that every build and every process agrees on them.

/// `N` pseudo-random keys from `seed` (SplitMix64).
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out[i] = z ^ (z >> 31);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct_and_repeatable() {
        const A: [u64; 64] = super::keys(7);
        let b: [u64; 64] = super::keys(7);
        assert_eq!(A, b);
        let mut sorted = A.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 64);
    }
}
