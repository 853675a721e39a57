//! Zobrist keys for position hashing, generated at compile time.

use crate::base::{Piece, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; Square::COUNT]; Piece::COUNT],
    black_to_move: u64,
}

static KEYS: Keys = {
    let mut pieces = [[0u64; Square::COUNT]; Piece::COUNT];
    let mut state = 0x5851_f42d_4c95_7f2d;
    let mut p = 0;
    while p < Piece::COUNT {
        let mut s = 0;
        while s < Square::COUNT {
            let (next, key) = splitmix64(state);
            state = next;
            pieces[p][s] = key;
            s += 1;
        }
        p += 1;
    }
    let (_, black_to_move) = splitmix64(state);
    Keys {
        pieces,
        black_to_move,
    }
};

/// The key of `piece` standing on `sq`.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

/// The key XORed in when Black is to move.
#[inline]
pub(crate) fn side_key() -> u64 {
    KEYS.black_to_move
}
