//! Pseudo-random network weights: networks of any shape whose values do
//! not matter (speed measurements, fuzz seeds), the same on every run.

/// A generator of weights: each call `next(n)` gives the next value of a
/// 64-bit linear congruential sequence started at `seed`, folded into
/// `-n..=n` (`n` at most `i16::MAX`).
pub fn weights(seed: u64) -> impl FnMut(i64) -> i16 {
    let mut x = seed;
    move |n: i64| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) as i64 % (2 * n + 1) - n) as i16
    }
}
