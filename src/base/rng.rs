//! [`Rng`]: the crate's one seeded random number generator (xorshift64*),
//! the same sequence for the same seed on every machine.

/// A seeded xorshift64* generator: what the strength levels draw their
/// pushes from, and what the tools draw openings and book choices from, so
/// that a seed reproduces a game, a chunk of self-play data or a match.
///
/// Not for cryptography. The sequence for a seed is part of the crate's
/// contract: self-play data made with an earlier version is remade
/// byte for byte.
///
/// ```
/// use xiangqi::{Position, Rng};
///
/// // A random legal move: the same one for the same seed.
/// let moves = Position::new().legal_moves();
/// let pick = |seed| moves[Rng::new(seed).below(moves.len())];
/// assert_eq!(pick(42), pick(42));
/// assert!(Position::new().is_legal(pick(7)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value, 0 included: the seed is mixed
    /// into a state that is never 0).
    ///
    /// ```
    /// use xiangqi::Rng;
    ///
    /// // The same seed gives the same sequence, another seed another one.
    /// let (mut a, mut b) = (Rng::new(5), Rng::new(5));
    /// assert!((0..10).all(|_| a.next_u64() == b.next_u64()));
    /// assert_ne!(Rng::new(5).next_u64(), Rng::new(6).next_u64());
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A generator whose state is `state` itself (0 is replaced by a fixed
    /// nonzero state): for streams that were seeded that way.
    ///
    /// ```
    /// use xiangqi::Rng;
    ///
    /// assert_eq!(Rng::from_state(0), Rng::from_state(0x9E37_79B9_7F4A_7C15));
    /// assert_ne!(Rng::from_state(1), Rng::new(1));
    /// ```
    pub fn from_state(state: u64) -> Rng {
        Rng(if state == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            state
        })
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// use xiangqi::Rng;
    ///
    /// // Pinned: the sequence is part of the data's reproducibility.
    /// let mut rng = Rng::new(0);
    /// assert_eq!(rng.next_u64(), 0x47e4_ce4b_896c_dd1d);
    /// assert_eq!(rng.next_u64(), 0xabcf_a6a8_e079_651d);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`; 0 when `n` is 0.
    ///
    /// ```
    /// use xiangqi::Rng;
    ///
    /// let mut rng = Rng::new(7);
    /// let rolls: Vec<usize> = (0..600).map(|_| rng.below(6)).collect();
    /// assert!(rolls.iter().all(|&r| r < 6));
    /// assert!((0..6).all(|face| rolls.contains(&face)));
    /// assert_eq!(rng.below(1), 0);
    /// assert_eq!(rng.below(0), 0);
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() >> 33) as usize % n
    }
}
