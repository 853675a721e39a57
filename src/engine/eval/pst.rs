//! Piece values and piece-square tables of the default evaluator.
//!
//! Tables are written from Red's side: index `rank * 9 + file`, rank 0 is
//! Red's back rank. Black's pieces look their square up mirrored vertically.
//! The tables are stored for files a..e only (the board is left-right
//! symmetric) and were fitted to self-play results by `examples/tune`
//! (Texel tuning), starting from hand-written formulas (centrality,
//! advancement, river crossing).

#[cfg(test)]
use crate::core::Role;

/// Material value of each role, in centipawns (indexed by [`Role::index`]),
/// as move ordering and pruning see it (the tables below also hold the
/// evaluator's own, square-dependent, material values).
pub(crate) const VALUE: [i32; 7] = [
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
/// `rank * 5 + file`; files f..i mirror a..e. Squares a piece can never
/// stand on hold 0. Fitted to self-play results by `examples/tune` (see
/// its docs), starting from hand-written formula tables.
#[rustfmt::skip]
const HALF: [[i32; 50]; 7] = [
    // general
    [
        0, 0, 0, -5, -1,
        0, 0, 0, -25, -15,
        0, 0, 0, -39, -35,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
    ],
    // advisor
    [
        0, 0, 0, 140, 200,
        0, 0, 0, 200, 154,
        0, 0, 0, 134, 200,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
    ],
    // elephant
    [
        200, 200, 148, 200, 200,
        200, 200, 200, 200, 200,
        142, 200, 200, 200, 154,
        200, 200, 200, 200, 200,
        196, 196, 142, 196, 196,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
    ],
    // horse
    [
        390, 382, 417, 419, 430,
        393, 425, 427, 425, 418,
        413, 430, 430, 444, 447,
        412, 437, 447, 445, 460,
        416, 442, 455, 462, 459,
        422, 447, 453, 468, 466,
        428, 458, 466, 471, 467,
        430, 455, 459, 463, 470,
        420, 445, 455, 455, 460,
        400, 425, 430, 435, 440,
    ],
    // chariot
    [
        902, 956, 950, 956, 956,
        944, 950, 950, 956, 962,
        943, 956, 956, 964, 966,
        958, 963, 964, 976, 973,
        960, 964, 970, 974, 975,
        962, 965, 971, 977, 980,
        965, 970, 979, 992, 986,
        971, 974, 976, 984, 983,
        970, 984, 979, 988, 984,
        959, 964, 968, 974, 974,
    ],
    // cannon
    [
        454, 457, 459, 462, 478,
        455, 461, 461, 460, 483,
        462, 463, 468, 468, 504,
        454, 457, 462, 461, 479,
        453, 457, 459, 460, 488,
        458, 461, 461, 464, 496,
        454, 462, 460, 458, 485,
        454, 459, 457, 458, 476,
        450, 455, 456, 456, 474,
        468, 474, 468, 467, 485,
    ],
    // soldier
    [
        90, 90, 90, 90, 90,
        90, 90, 90, 90, 90,
        90, 90, 90, 90, 90,
        103, 90, 72, 90, 128,
        102, 102, 123, 106, 116,
        155, 156, 175, 175, 185,
        165, 175, 192, 203, 210,
        170, 188, 207, 221, 228,
        160, 172, 185, 195, 205,
        100, 102, 104, 102, 101,
    ],
];

const fn table(role: usize) -> [i32; 90] {
    let mut t = [0; 90];
    let mut i = 0;
    while i < 90 {
        let (rank, file) = (i / 9, i % 9);
        t[i] = HALF[role][rank * 5 + if file < 5 { file } else { 8 - file }];
        i += 1;
    }
    t
}

/// Value plus square bonus for each role and square, from Red's side.
#[cfg(test)]
pub(crate) static PST: [[i32; 90]; 7] = [
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
pub(crate) static SIGNED: [[i32; 90]; 14] = signed_tables();

const fn signed_tables() -> [[i32; 90]; 14] {
    let mut t = [[0; 90]; 14];
    let mut role = 0;
    while role < 7 {
        let base = table(role);
        let mut i = 0;
        while i < 90 {
            let (rank, file) = (i / 9, i % 9);
            t[role][i] = base[i];
            t[7 + role][i] = -base[(9 - rank) * 9 + file];
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
