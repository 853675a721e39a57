//! Chariots and cannons: attacks along ranks and files by table lookup, the
//! squares between two points on a line, and chariot mobility.

use crate::base::attacks::Occupancy;
use crate::base::{Bitboard, File, Rank, Square};

/// Chariot-like attacks along one line of `len` points, seen from point `at`,
/// with line occupancy `occ`: each ray up to and including the first blocker.
pub(super) const fn line_slide(at: usize, occ: usize, len: usize) -> u16 {
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
pub(super) const fn line_cannon(at: usize, occ: usize, len: usize) -> u16 {
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
        while r < Rank::COUNT {
            if m & (1 << r) != 0 {
                t[m] |= 1 << (r * File::COUNT);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// The file and rank index of `sq` (`sq.index() % 9`, `/ 9`).
#[inline]
pub(super) const fn file_rank(sq: Square) -> (usize, usize) {
    let i = sq.index();
    (i % File::COUNT, i / File::COUNT)
}

/// Bits of one rank in the rank-major layout.
const RANK_MASK: u128 = (1 << File::COUNT) - 1;
/// Bits of one file in the file-major layout.
const FILE_MASK: u128 = (1 << Rank::COUNT) - 1;

#[inline]
fn rank_lookup(table: &RankTable, sq: Square, occ: u128) -> u128 {
    let (f, r) = file_rank(sq);
    let line = ((occ >> (r * File::COUNT)) & RANK_MASK) as usize;
    u128::from(table[f][line]) << (r * File::COUNT)
}

#[inline]
fn file_lookup(table: &FileTable, sq: Square, occ_t: u128) -> u128 {
    let (f, r) = file_rank(sq);
    let line = ((occ_t >> (f * Rank::COUNT)) & FILE_MASK) as usize;
    FILE_SPREAD[usize::from(table[r][line])] << f
}

/// Chariot attacks along the rank of `sq`: every square up to and
/// including the first piece on either side.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Board, Square};
/// // From a0 along rank 0: only the horse on b0.
/// let rank = attacks::chariot_rank(Square::A0, Board::new().occupied());
/// assert_eq!(rank.into_iter().collect::<Vec<_>>(), [Square::B0]);
/// ```
#[inline]
pub fn chariot_rank(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rank_lookup(&RANK_SLIDE, sq, occupied.0))
}

/// Chariot attacks along the file of `sq`: every square up to and
/// including the first piece above and below.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Board, Square};
/// // From a0 up file a: a1 and a2, then the soldier on a3.
/// let file = attacks::chariot_file(Square::A0, Board::new().occupancy());
/// assert_eq!(file.count(), 3);
/// ```
#[inline]
pub fn chariot_file(sq: Square, occupancy: Occupancy) -> Bitboard {
    Bitboard(file_lookup(&FILE_SLIDE, sq, occupancy.transposed))
}

/// Chariot attacks from `sq`: every square up to and including the first
/// piece in each of the four directions.
///
/// ```
/// use xiangqi::attacks::{self, Occupancy};
/// use xiangqi::Square;
/// assert_eq!(attacks::chariot(Square::E4, Occupancy::EMPTY).count(), 17);
/// ```
#[inline]
pub fn chariot(sq: Square, occupancy: Occupancy) -> Bitboard {
    Bitboard(
        rank_lookup(&RANK_SLIDE, sq, occupancy.bits.0)
            | file_lookup(&FILE_SLIDE, sq, occupancy.transposed),
    )
}

/// Cannon captures from `sq`: in each direction the first piece beyond
/// exactly one screen, of either color (mask with the enemy's pieces). A
/// cannon's quiet moves are the chariot's to empty squares
/// (`chariot(sq, occ) - occ.bitboard()`).
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Board, Square};
/// let board = Board::new();
/// // Over the horse on b0 to nothing; over the cannon on b7 to the horse b9.
/// let captures = attacks::cannon(Square::B2, board.occupancy());
/// assert!(captures.contains(Square::B9));
/// ```
#[inline]
pub fn cannon(sq: Square, occupancy: Occupancy) -> Bitboard {
    Bitboard(
        rank_lookup(&RANK_CANNON, sq, occupancy.bits.0)
            | file_lookup(&FILE_CANNON, sq, occupancy.transposed),
    )
}

/// The number of bits of `x`, which has at most two.
#[inline]
fn count_upto2(x: u128) -> u32 {
    u32::from(x != 0) + u32::from(x & x.wrapping_sub(1) != 0)
}

/// The squares strictly between `a` and `b` if they share a rank or a
/// file, else none.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::Square;
/// assert_eq!(attacks::between(Square::E0, Square::E9).count(), 8);
/// assert!(attacks::between(Square::E0, Square::F1).is_empty());
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let line = if a.rank() == b.rank() {
        Bitboard::rank(a.rank())
    } else if a.file() == b.file() {
        Bitboard::file(a.file())
    } else {
        Bitboard::EMPTY
    };
    between_on(line, a, b)
}

/// The squares strictly between `a` and `b` on `line`, which the caller
/// knows to be the rank or the file through both ([`between`] without
/// finding the line). With any other `line` the result is the squares of
/// `line` whose index lies strictly between those of `a` and `b`.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Bitboard, Rank, Square};
/// let line = Bitboard::rank(Rank::Zero);
/// assert_eq!(attacks::between_on(line, Square::A0, Square::D0).count(), 2);
/// ```
#[inline]
pub fn between_on(line: Bitboard, a: Square, b: Square) -> Bitboard {
    let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
    Bitboard((1u128 << hi) - (2u128 << lo)) & line
}

/// Bit counts of the 10-bit values: the default x86-64 target has no
/// popcount instruction, and a rank or file line fits in 10 bits.
const LINE_COUNT: [u8; 1 << Rank::COUNT] = {
    let mut t = [0u8; 1 << Rank::COUNT];
    let mut i = 0;
    while i < t.len() {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The number of squares outside `own` that a chariot on `sq` attacks:
/// `(chariot(sq, occupancy) - own).count()`, cheaper (for evaluation).
/// `own` must be a subset of the occupied squares.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Board, Color, Square};
/// let board = Board::new();
/// let own = board.by_color(Color::Red);
/// assert_eq!(attacks::chariot_mobility(Square::A0, board.occupancy(), own), 2);
/// ```
#[inline]
pub fn chariot_mobility(sq: Square, occupancy: Occupancy, own: Bitboard) -> u32 {
    let (f, r) = file_rank(sq);
    let rank_line = ((occupancy.bits.0 >> (r * File::COUNT)) & RANK_MASK) as usize;
    let rank_bits = RANK_SLIDE[f][rank_line];
    let own_rank = ((own.0 >> (r * File::COUNT)) & RANK_MASK) as u16;
    let file_line = ((occupancy.transposed >> (f * Rank::COUNT)) & FILE_MASK) as usize;
    let file_bits = FILE_SLIDE[r][file_line];
    // Of the file squares, only the two ray ends can hold own pieces.
    let own_file = (FILE_SPREAD[usize::from(file_bits)] << f) & own.0;
    let rank_count = LINE_COUNT[usize::from(rank_bits & !own_rank) & 0x3ff];
    let file_count = LINE_COUNT[usize::from(file_bits) & 0x3ff];
    u32::from(rank_count) + u32::from(file_count) - count_upto2(own_file)
}
