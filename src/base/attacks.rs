//! Precomputed attack tables and the attack functions built on them.
//!
//! Sliding pieces (chariot, cannon) use occupancy-indexed tables per rank and
//! per file: the 9 bits of a rank are read straight from the rank-major
//! occupancy, the 10 bits of a file from a file-major (transposed) copy that
//! the board keeps alongside. Everything is computed at compile time.

use crate::base::{Bitboard, Color, Square};

/// Bit of `sq` in the file-major (transposed) occupancy: `file * 10 + rank`.
#[inline]
pub(crate) const fn transposed_bit(sq: Square) -> u128 {
    let i = sq as usize;
    1 << ((i % 9) * 10 + i / 9)
}

/// Chariot-like attacks along one line of `len` points, seen from point `at`,
/// with line occupancy `occ`: each ray up to and including the first blocker.
const fn line_slide(at: usize, occ: usize, len: usize) -> u16 {
    let mut out = 0u16;
    let mut i = at;
    while i + 1 < len {
        i += 1;
        out |= 1 << i;
        if occ & (1 << i) != 0 {
            break;
        }
    }
    let mut i = at;
    while i > 0 {
        i -= 1;
        out |= 1 << i;
        if occ & (1 << i) != 0 {
            break;
        }
    }
    out
}

/// Cannon captures along one line: in each direction the first piece beyond
/// exactly one screen.
const fn line_cannon(at: usize, occ: usize, len: usize) -> u16 {
    let mut out = 0u16;
    let mut dir = 0;
    while dir < 2 {
        let mut i = at as isize;
        let mut screened = false;
        loop {
            i += if dir == 0 { 1 } else { -1 };
            if i < 0 || i >= len as isize {
                break;
            }
            if occ & (1 << i) != 0 {
                if screened {
                    out |= 1 << i;
                    break;
                }
                screened = true;
            }
        }
        dir += 1;
    }
    out
}

type RankTable = [[u16; 512]; 9];
type FileTable = [[u16; 1024]; 10];

/// For each square `i` of a line of `LEN` squares and each occupancy of the
/// line (`OCC` = 2^`LEN`), the squares a slider (or, `cannon`, a cannon's
/// captures) reaches from `i`.
const fn line_table<const LEN: usize, const OCC: usize>(cannon: bool) -> [[u16; OCC]; LEN] {
    let mut t = [[0u16; OCC]; LEN];
    let mut i = 0;
    while i < LEN {
        let mut occ = 0;
        while occ < OCC {
            t[i][occ] = if cannon {
                line_cannon(i, occ, LEN)
            } else {
                line_slide(i, occ, LEN)
            };
            occ += 1;
        }
        i += 1;
    }
    t
}

static RANK_SLIDE: RankTable = line_table(false);
static RANK_CANNON: RankTable = line_table(true);
static FILE_SLIDE: FileTable = line_table(false);
static FILE_CANNON: FileTable = line_table(true);

/// Spreads a 10-bit mask of ranks onto file `a` of a rank-major bitboard.
static FILE_SPREAD: [u128; 1024] = {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m & (1 << r) != 0 {
                t[m] |= 1 << (r * 9);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

#[inline]
fn rank_lookup(table: &RankTable, sq: Square, occ: u128) -> u128 {
    let i = sq as usize;
    let (r, f) = (i / 9, i % 9);
    let line = ((occ >> (r * 9)) & 0x1ff) as usize;
    (table[f][line] as u128) << (r * 9)
}

#[inline]
fn file_lookup(table: &FileTable, sq: Square, occ_t: u128) -> u128 {
    let i = sq as usize;
    let (r, f) = (i / 9, i % 9);
    let line = ((occ_t >> (f * 10)) & 0x3ff) as usize;
    FILE_SPREAD[table[r][line] as usize] << f
}

/// Chariot attacks along the rank of `sq` (up to and including blockers).
#[inline]
pub(crate) fn chariot_rank(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(rank_lookup(&RANK_SLIDE, sq, occ.0))
}

/// Chariot attacks along the file of `sq`, from the transposed occupancy.
#[inline]
pub(crate) fn chariot_file(sq: Square, occ_t: u128) -> Bitboard {
    Bitboard(file_lookup(&FILE_SLIDE, sq, occ_t))
}

/// Chariot attacks from `sq`: every square up to and including the first
/// piece in each of the four directions.
#[inline]
pub(crate) fn chariot(sq: Square, occ: Bitboard, occ_t: u128) -> Bitboard {
    Bitboard(rank_lookup(&RANK_SLIDE, sq, occ.0) | file_lookup(&FILE_SLIDE, sq, occ_t))
}

/// The number of bits of `x`, which has at most two.
#[inline]
fn count_upto2(x: u128) -> u32 {
    u32::from(x != 0) + u32::from(x & x.wrapping_sub(1) != 0)
}

/// The squares strictly between `a` and `b` on `line`, the rank or file
/// through both (callers that know it skip finding it).
#[inline]
pub(crate) fn between_on(line: Bitboard, a: Square, b: Square) -> Bitboard {
    let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
    Bitboard((1u128 << hi) - (2u128 << lo)) & line
}

/// Bit counts of the 10-bit values: the default x86-64 target has no
/// popcount instruction, and a rank or file line fits in 10 bits.
const LINE_COUNT: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut i = 0;
    while i < 1024 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The number of squares outside `own` that a chariot on `sq` attacks
/// (`(chariot(sq, occ, occ_t) - own).count()`, cheaper: evaluation).
#[inline]
pub(crate) fn chariot_mobility(sq: Square, occ: Bitboard, occ_t: u128, own: Bitboard) -> u32 {
    let i = sq as usize;
    let (r, f) = (i / 9, i % 9);
    let rank_bits = RANK_SLIDE[f][((occ.0 >> (r * 9)) & 0x1ff) as usize];
    let own_rank = ((own.0 >> (r * 9)) & 0x1ff) as u16;
    let file_bits = FILE_SLIDE[r][((occ_t >> (f * 10)) & 0x3ff) as usize];
    // Of the file squares, only the two ray ends can hold own pieces.
    let own_file = (FILE_SPREAD[file_bits as usize] << f) & own.0;
    let rank_count = LINE_COUNT[usize::from(rank_bits & !own_rank) & 0x3ff];
    let file_count = LINE_COUNT[usize::from(file_bits) & 0x3ff];
    u32::from(rank_count) + u32::from(file_count) - count_upto2(own_file)
}

/// The number of squares in `free` that a horse on `sq` can move to
/// (`(horse(sq, occ) & free).count()`, cheaper: evaluation).
#[inline]
pub(crate) fn horse_mobility(sq: Square, occ: Bitboard, free: Bitboard) -> u32 {
    let local = &HORSE_LOCAL[sq as usize];
    // Every leg and target lies in the five ranks from `shift / 9`: work on
    // 64-bit words instead of 128-bit ones.
    let occ = (occ.0 >> local.shift) as u64;
    let free = (free.0 >> local.shift) as u64;
    let mut n = 0;
    for &(leg, squares) in &local.legs {
        if occ & leg == 0 {
            let x = squares & free;
            n += u32::from(x != 0) + u32::from(x & x.wrapping_sub(1) != 0);
        }
    }
    n
}

/// The squares two horse moves (legs ignored) from `sq`: where a horse
/// must stand to reach, in one move, a square that attacks `sq`.
#[inline]
pub(crate) fn horse_two_moves(sq: Square) -> Bitboard {
    Bitboard(HORSE_TWO_MOVES[sq as usize])
}

static HORSE_TWO_MOVES: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut i = 0;
    while i < 90 {
        let mut j = 0;
        while j < 90 {
            let mut k = 0;
            while k < 4 {
                if HORSE_MOVES[i][k].squares >> j & 1 != 0 {
                    let mut m = 0;
                    while m < 4 {
                        t[i] |= HORSE_MOVES[j][m].squares;
                        m += 1;
                    }
                }
                k += 1;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// [`HORSE_MOVES`] in a 45-bit window of five ranks around each square
/// (`legs`: leg and targets, shifted down by `shift` bits).
struct LocalHorse {
    shift: u32,
    legs: [(u64, u64); 4],
}

static HORSE_LOCAL: [LocalHorse; 90] = {
    const EMPTY: LocalHorse = LocalHorse {
        shift: 0,
        legs: [(0, 0); 4],
    };
    let mut t = [EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let rank = i / 9;
        let low = if rank < 2 {
            0
        } else if rank > 7 {
            5
        } else {
            rank - 2
        };
        let shift = (low * 9) as u32;
        t[i].shift = shift;
        let mut k = 0;
        while k < 4 {
            let leg = HORSE_MOVES[i][k];
            t[i].legs[k] = ((leg.leg >> shift) as u64, (leg.squares >> shift) as u64);
            k += 1;
        }
        i += 1;
    }
    t
};

/// Cannon capture squares from `sq`: the first piece beyond exactly one
/// screen in each direction (of either color; mask with the enemy).
#[inline]
pub(crate) fn cannon(sq: Square, occ: Bitboard, occ_t: u128) -> Bitboard {
    Bitboard(rank_lookup(&RANK_CANNON, sq, occ.0) | file_lookup(&FILE_CANNON, sq, occ_t))
}

/// A horse leg (or elephant eye) and the squares it guards.
#[derive(Copy, Clone)]
pub(crate) struct Leg {
    /// The blocking point, as a one-bit mask (0 if off the board).
    pub(crate) leg: u128,
    /// The squares reached (or, for attacker tables, attacking) through it.
    pub(crate) squares: u128,
}

const NO_LEG: Leg = Leg { leg: 0, squares: 0 };

const fn bit_at(sq: Square, df: i32, dr: i32) -> u128 {
    match sq.offset(df, dr) {
        Some(s) => 1 << s as u32,
        None => 0,
    }
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// For a horse on each square: its four legs and the targets behind each.
static HORSE_MOVES: [[Leg; 4]; 90] = {
    let mut t = [[NO_LEG; 4]; 90];
    let mut i = 0;
    while i < 90 {
        let sq = Square::ALL[i];
        let mut k = 0;
        while k < 4 {
            let (dx, dy) = ORTHO[k];
            let leg = bit_at(sq, dx, dy);
            if leg != 0 {
                // Two squares on, one to either side.
                let (px, py) = (dy, dx);
                t[i][k] = Leg {
                    leg,
                    squares: bit_at(sq, 2 * dx + px, 2 * dy + py)
                        | bit_at(sq, 2 * dx - px, 2 * dy - py),
                };
            }
            k += 1;
        }
        i += 1;
    }
    t
};

/// For each square: the four diagonal neighbours (the legs a horse needs to
/// reach it) and the horse squares that attack it through each.
static HORSE_ATTACKERS: [[Leg; 4]; 90] = {
    let mut t = [[NO_LEG; 4]; 90];
    let mut i = 0;
    while i < 90 {
        let sq = Square::ALL[i];
        let mut k = 0;
        while k < 4 {
            let (dx, dy) = DIAG[k];
            let leg = bit_at(sq, dx, dy);
            if leg != 0 {
                t[i][k] = Leg {
                    leg,
                    squares: bit_at(sq, 2 * dx, dy) | bit_at(sq, dx, 2 * dy),
                };
            }
            k += 1;
        }
        i += 1;
    }
    t
};

/// Elephant eyes and targets, per color (targets stay on the own half).
static ELEPHANT_MOVES: [[[Leg; 4]; 90]; 2] = {
    let mut t = [[[NO_LEG; 4]; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let color = Color::ALL[c];
        let mut i = 0;
        while i < 90 {
            let sq = Square::ALL[i];
            let mut k = 0;
            while k < 4 {
                let (dx, dy) = DIAG[k];
                if let Some(target) = sq.offset(2 * dx, 2 * dy) {
                    if target.on_own_half(color) {
                        t[c][i][k] = Leg {
                            leg: bit_at(sq, dx, dy),
                            squares: 1 << target as u32,
                        };
                    }
                }
                k += 1;
            }
            i += 1;
        }
        c += 1;
    }
    t
};

const fn step_table(diagonal: bool, palace: bool) -> [[u128; 90]; 2] {
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let color = Color::ALL[c];
        let mut i = 0;
        while i < 90 {
            let sq = Square::ALL[i];
            let mut k = 0;
            while k < 4 {
                let (dx, dy) = if diagonal { DIAG[k] } else { ORTHO[k] };
                if let Some(to) = sq.offset(dx, dy) {
                    if !palace || to.in_palace(color) {
                        t[c][i] |= 1 << to as u32;
                    }
                }
                k += 1;
            }
            i += 1;
        }
        c += 1;
    }
    t
}

static ADVISOR_MOVES: [[u128; 90]; 2] = step_table(true, true);
static GENERAL_MOVES: [[u128; 90]; 2] = step_table(false, true);

/// Soldier moves: one step forward, and sideways once across the river.
static SOLDIER_MOVES: [[u128; 90]; 2] = {
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let color = Color::ALL[c];
        let forward = if c == 0 { 1 } else { -1 };
        let mut i = 0;
        while i < 90 {
            let sq = Square::ALL[i];
            t[c][i] = bit_at(sq, 0, forward);
            if sq.rank().is_across_river(color) {
                t[c][i] |= bit_at(sq, 1, 0) | bit_at(sq, -1, 0);
            }
            i += 1;
        }
        c += 1;
    }
    t
};

/// For each color and square: the squares from which a soldier of that color
/// attacks it (the reverse of `SOLDIER_MOVES`).
static SOLDIER_ATTACKERS: [[u128; 90]; 2] = {
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let mut to = 0;
            while to < 90 {
                if SOLDIER_MOVES[c][from] & (1 << to) != 0 {
                    t[c][to] |= 1 << from;
                }
                to += 1;
            }
            from += 1;
        }
        c += 1;
    }
    t
};

/// Horse targets from `sq` with occupancy `occ` (legs must be empty).
#[inline]
pub(crate) fn horse(sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = 0;
    for leg in &HORSE_MOVES[sq as usize] {
        if occ.0 & leg.leg == 0 {
            out |= leg.squares;
        }
    }
    Bitboard(out)
}

/// The diagonal neighbours of `sq` with the horse squares attacking `sq`
/// through each (pass-through of the raw table for pin detection).
#[inline]
pub(crate) fn horse_attacker_legs(sq: Square) -> &'static [Leg; 4] {
    &HORSE_ATTACKERS[sq as usize]
}

/// Squares from which a horse would attack `sq`, given the occupancy.
#[inline]
pub(crate) fn horse_attackers(sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = 0;
    for leg in &HORSE_ATTACKERS[sq as usize] {
        if occ.0 & leg.leg == 0 {
            out |= leg.squares;
        }
    }
    Bitboard(out)
}

/// Elephant targets of a `color` elephant on `sq` (eyes must be empty).
#[inline]
pub(crate) fn elephant(color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = 0;
    for leg in &ELEPHANT_MOVES[color as usize][sq as usize] {
        if occ.0 & leg.leg == 0 {
            out |= leg.squares;
        }
    }
    Bitboard(out)
}

/// Advisor targets: diagonal steps inside the own palace.
#[inline]
pub(crate) fn advisor(color: Color, sq: Square) -> Bitboard {
    Bitboard(ADVISOR_MOVES[color as usize][sq as usize])
}

/// General targets: orthogonal steps inside the own palace.
#[inline]
pub(crate) fn general(color: Color, sq: Square) -> Bitboard {
    Bitboard(GENERAL_MOVES[color as usize][sq as usize])
}

/// Soldier targets of a `color` soldier on `sq`.
#[inline]
pub(crate) fn soldier(color: Color, sq: Square) -> Bitboard {
    Bitboard(SOLDIER_MOVES[color as usize][sq as usize])
}

/// Squares from which a `color` soldier attacks `sq`.
#[inline]
pub(crate) fn soldier_attackers(color: Color, sq: Square) -> Bitboard {
    Bitboard(SOLDIER_ATTACKERS[color as usize][sq as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horse_mobility_matches_the_attack_set_on_every_square() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200 {
            let bits =
                |a: u64, b: u64| Bitboard((u128::from(a) << 64 | u128::from(b)) & Bitboard::FULL.0);
            let occ = bits(next() & next(), next() & next());
            let free = bits(next(), next());
            for sq in Square::ALL {
                assert_eq!(
                    horse_mobility(sq, occ, free) as usize,
                    (horse(sq, occ) & free).count(),
                    "{sq}"
                );
            }
        }
    }

    #[test]
    fn mobility_counts_match_the_attack_sets() {
        let pos: crate::base::Position =
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/R8/2BAKAB1R w"
                .parse()
                .unwrap();
        let b = pos.board();
        let (occ, occ_t) = (b.occupied(), b.occupied_transposed());
        for sq in b.occupied() {
            let own = b.by_color(b.piece_at(sq).unwrap().color);
            assert_eq!(
                chariot_mobility(sq, occ, occ_t, own) as usize,
                (chariot(sq, occ, occ_t) - own).count()
            );
            assert_eq!(
                horse_mobility(sq, occ, !own) as usize,
                (horse(sq, occ) & !own).count()
            );
        }
    }

    #[test]
    fn slide_and_cannon_lines() {
        // Point 4 of 9, blockers at 1 and 7 and 8.
        let occ = 0b1_1000_0010 | 1 << 4;
        assert_eq!(line_slide(4, occ, 9), 0b0_1110_1110);
        assert_eq!(line_cannon(4, occ, 9), 0b1_0000_0000);
    }

    #[test]
    fn horse_from_corner() {
        let t = horse(Square::A0, Bitboard::EMPTY);
        assert_eq!(t, Bitboard::from(Square::B2) | Bitboard::from(Square::C1));
        let blocked = horse(Square::A0, Bitboard::from(Square::A1));
        assert_eq!(blocked, Bitboard::from(Square::C1));
    }

    #[test]
    fn horse_attackers_reverse_moves() {
        for (i, sq) in Square::ALL.into_iter().enumerate() {
            for leg in &HORSE_ATTACKERS[i] {
                for from in Bitboard(leg.squares) {
                    let l = Bitboard(leg.leg);
                    assert!(horse(from, Bitboard::EMPTY).contains(sq));
                    assert!(!horse(from, l).contains(sq), "{from} -> {sq}");
                }
            }
        }
    }

    #[test]
    fn transposed_bits_are_distinct() {
        let all = Square::ALL.iter().fold(0u128, |acc, &sq| {
            assert_eq!(acc & transposed_bit(sq), 0);
            acc | transposed_bit(sq)
        });
        assert_eq!(all.count_ones(), 90);
    }
}
