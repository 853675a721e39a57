//! Piece values and piece-square tables of the classical evaluator.
//!
//! Tables are written from Red's side: index `rank * 9 + file`, rank 0 is
//! Red's back rank. Black's pieces look their square up mirrored vertically.
//! The tables are stored for files a..e only (the board is left-right
//! symmetric) and were fitted to self-play results by `xiangqi-tools tune`
//! (Texel tuning), starting from hand-written formulas (centrality,
//! advancement, river crossing).

use crate::base::{File, Piece, Rank, Role, Square};

/// Material value of each role, in centipawns (indexed by [`Role::index`]),
/// as move ordering and pruning see it (the tables below also hold the
/// evaluator's own, square-dependent, material values).
pub(crate) const VALUE: [i32; Role::COUNT] = [
    0,   // general: never captured
    200, // advisor
    200, // elephant
    420, // horse
    950, // chariot
    460, // cannon
    90,  // soldier (before crossing the river)
];

/// Material plus square bonus of each role (indexed by [`Role::index`]) on
/// each square of files a..e, from the piece's own side: index
/// `rank * 5 + file`; files f..i mirror a..e. Written a row per rank from
/// the back rank; the ranks after the last row written, which the piece
/// never reaches, hold 0, as do the other squares a piece can never stand
/// on. Fitted to self-play results by `xiangqi-tools tune` (see
/// its docs) in four rounds, starting from hand-written formula tables.
#[rustfmt::skip]
const HALF: [&[i32]; Role::COUNT] = [
    // general (ranks 3-9: never)
    &[
        0, 0, 0, -12, 14,
        0, 0, 0, -24, -15,
        0, 0, 0, -41, -36,
    ],
    // advisor (ranks 3-9: never)
    &[
        0, 0, 0, 106, 200,
        0, 0, 0, 200, 149,
        0, 0, 0, 112, 200,
    ],
    // elephant (ranks 5-9: never)
    &[
        200, 200, 120, 200, 200,
        200, 200, 200, 200, 200,
        137, 200, 200, 200, 150,
        200, 200, 200, 200, 200,
        196, 196, 131, 196, 196,
    ],
    // horse
    &[
        390, 371, 415, 422, 430,
        388, 425, 424, 427, 408,
        410, 428, 430, 443, 444,
        411, 437, 447, 445, 462,
        416, 443, 459, 467, 460,
        422, 448, 454, 471, 470,
        427, 459, 468, 473, 467,
        431, 455, 459, 463, 470,
        420, 444, 455, 456, 460,
        400, 425, 430, 435, 440,
    ],
    // chariot
    &[
        894, 955, 948, 959, 956,
        939, 950, 949, 954, 962,
        938, 953, 955, 965, 966,
        958, 964, 964, 977, 973,
        960, 965, 971, 976, 975,
        961, 966, 974, 975, 980,
        966, 972, 982, 990, 987,
        972, 976, 976, 987, 984,
        970, 989, 980, 990, 985,
        959, 967, 967, 976, 974,
    ],
    // cannon
    &[
        455, 456, 459, 463, 478,
        455, 458, 458, 458, 484,
        462, 461, 470, 474, 511,
        453, 455, 461, 459, 479,
        450, 456, 458, 458, 490,
        459, 459, 461, 464, 499,
        454, 459, 462, 457, 489,
        454, 461, 457, 459, 476,
        451, 457, 456, 456, 474,
        469, 477, 468, 467, 485,
    ],
    // soldier
    &[
        90, 90, 90, 90, 90,
        90, 90, 90, 90, 90,
        90, 90, 90, 90, 90,
        109, 90, 76, 90, 136,
        97, 102, 119, 106, 116,
        153, 156, 181, 178, 190,
        162, 174, 196, 207, 213,
        171, 189, 210, 222, 227,
        160, 172, 183, 195, 205,
        100, 102, 103, 100, 101,
    ],
];

const fn table(role: usize) -> [i32; Square::COUNT] {
    let mut t = [0; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let (rank, file) = (i / File::COUNT, i % File::COUNT);
        let half = HALF[role];
        // Files f..i mirror a..e.
        let fold = if file < 5 {
            file
        } else {
            File::COUNT - 1 - file
        };
        let j = rank * 5 + fold;
        t[i] = if j < half.len() { half[j] } else { 0 };
        i += 1;
    }
    t
}

/// Value plus square bonus for each role and square, from Red's side.
#[cfg(test)]
pub(crate) static PST: [[i32; Square::COUNT]; Role::COUNT] = [
    table(0),
    table(1),
    table(2),
    table(3),
    table(4),
    table(5),
    table(6),
];

/// Value plus square bonus of each piece (by [`Piece::index`](crate::Piece::index))
/// on each square, signed from Red's side: Black's entries are negated and
/// mirrored, so a position's material is one sum over its pieces.
pub(crate) static SIGNED: [[i32; Square::COUNT]; Piece::COUNT] = signed_tables();

const fn signed_tables() -> [[i32; Square::COUNT]; Piece::COUNT] {
    let mut t = [[0; Square::COUNT]; Piece::COUNT];
    let mut role = 0;
    while role < Role::COUNT {
        let base = table(role);
        let mut i = 0;
        while i < Square::COUNT {
            let (rank, file) = (i / File::COUNT, i % File::COUNT);
            t[role][i] = base[i];
            t[Role::COUNT + role][i] = -base[(Rank::COUNT - 1 - rank) * File::COUNT + file];
            i += 1;
        }
        role += 1;
    }
    t
}

/// Value plus square bonus of a piece of `role` on square index `sq` (from
/// its own side's point of view: Black callers mirror first).
#[cfg(test)]
pub(crate) fn psq(role: Role, relative_sq: usize) -> i32 {
    PST[role.index()][relative_sq]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_left_right_symmetric() {
        for t in &PST {
            for rank in 0..10 {
                for file in 0..9 {
                    assert_eq!(t[rank * 9 + file], t[rank * 9 + 8 - file]);
                }
            }
        }
    }

    #[test]
    fn crossed_soldier_is_worth_more() {
        assert!(psq(Role::Soldier, 5 * 9 + 4) > psq(Role::Soldier, 3 * 9 + 4) + 50);
    }

    #[test]
    fn documented_values_hold() {
        // The docs of `Score` and `Evaluator` say an uncrossed soldier is
        // worth about 90 centipawns.
        assert_eq!(VALUE[Role::Soldier.index()], 90);
    }
}
