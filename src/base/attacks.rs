//! Attack tables: the squares each kind of piece reaches from a square,
//! given the occupancy, in the manner of shakmaty's `attacks`.
//!
//! Every function is a table lookup (sliders: one lookup per rank and per
//! file), computed at compile time. The functions give the squares a piece
//! *attacks*, of either color: mask out the mover's own pieces for its
//! moves. They know the movement rules (palace, river, legs, eyes, screens)
//! but not the rest of the position: whether a move exposes the own general
//! is [`Position`](crate::Position)'s business.
//!
//! Chariots and cannons read the occupancy of a rank and of a file; an
//! [`Occupancy`] holds the occupied squares in both layouts, so that both
//! are one shift away. Take it from [`Board::occupancy`](crate::Board::occupancy)
//! (kept up to date as pieces move) or build it from a [`Bitboard`].
//!
//! ```
//! use xiangqi::attacks;
//! use xiangqi::{Bitboard, Board, Color, Square};
//!
//! let board = Board::new();
//! // The red cannon on h2 captures the black horse on h9 over the cannon on h7.
//! let captures = attacks::cannon(Square::H2, board.occupancy());
//! assert!(captures.contains(Square::H9));
//! // The horse on b0 reaches a2 and c2; its leg b1 is free.
//! let horse = attacks::horse(Square::B0, board.occupied()) - board.by_color(Color::Red);
//! assert_eq!(horse, Bitboard::from(Square::A2) | Bitboard::from(Square::C2));
//! ```

use crate::base::{Bitboard, ByColor, BySquare, Color, File, Rank, Square};

/// Occupied squares in the two layouts the slider tables read: rank-major
/// (a [`Bitboard`]) and file-major (transposed). A value type: copy it and
/// change the copy to ask "what if this piece moved away".
///
/// ```
/// use xiangqi::attacks::{self, Occupancy};
/// use xiangqi::{Bitboard, Square};
///
/// let occ = Occupancy::from(Bitboard::from(Square::A5));
/// assert!(!attacks::chariot(Square::A0, occ).contains(Square::A6));
/// assert!(attacks::chariot(Square::A0, occ.without(Square::A5)).contains(Square::A6));
/// assert_eq!(occ.with(Square::B0).bitboard().count(), 2);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Occupancy {
    bits: Bitboard,
    /// The same squares in file-major order (`file * 10 + rank`).
    transposed: u128,
}

impl Occupancy {
    /// No square occupied.
    pub const EMPTY: Occupancy = Occupancy {
        bits: Bitboard::EMPTY,
        transposed: 0,
    };

    /// The occupancy of the squares of `bits`.
    ///
    /// ```
    /// use xiangqi::attacks::Occupancy;
    /// use xiangqi::Board;
    /// let board = Board::new();
    /// assert_eq!(Occupancy::new(board.occupied()), board.occupancy());
    /// ```
    pub fn new(bits: Bitboard) -> Occupancy {
        let mut transposed = 0;
        for sq in bits {
            transposed |= transposed_bit(sq);
        }
        Occupancy { bits, transposed }
    }

    /// The occupied squares.
    ///
    /// ```
    /// use xiangqi::Board;
    /// assert_eq!(Board::new().occupancy().bitboard().count(), 32);
    /// ```
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        self.bits
    }

    /// Whether `sq` is occupied.
    ///
    /// ```
    /// use xiangqi::{Board, Square};
    /// assert!(Board::new().occupancy().contains(Square::E0));
    /// ```
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.bits.contains(sq)
    }

    /// The same occupancy with `sq` occupied.
    ///
    /// ```
    /// use xiangqi::attacks::Occupancy;
    /// use xiangqi::Square;
    /// assert!(Occupancy::EMPTY.with(Square::E4).contains(Square::E4));
    /// ```
    #[inline]
    pub const fn with(self, sq: Square) -> Occupancy {
        Occupancy {
            bits: self.bits.with(sq),
            transposed: self.transposed | transposed_bit(sq),
        }
    }

    /// The same occupancy with `sq` empty.
    ///
    /// ```
    /// use xiangqi::{Board, Square};
    /// assert!(!Board::new().occupancy().without(Square::E0).contains(Square::E0));
    /// ```
    #[inline]
    pub const fn without(self, sq: Square) -> Occupancy {
        Occupancy {
            bits: self.bits.without(sq),
            transposed: self.transposed & !transposed_bit(sq),
        }
    }

    /// Flips `sq` between occupied and empty.
    ///
    /// ```
    /// use xiangqi::attacks::Occupancy;
    /// use xiangqi::Square;
    /// let mut occ = Occupancy::EMPTY;
    /// occ.toggle(Square::A0);
    /// assert!(occ.contains(Square::A0));
    /// ```
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.bits.toggle(sq);
        self.transposed ^= transposed_bit(sq);
    }
}

impl Occupancy {
    /// The occupancy of `bits`, whose transpose the caller kept.
    #[inline]
    pub(crate) const fn from_parts(bits: Bitboard, transposed: u128) -> Occupancy {
        Occupancy { bits, transposed }
    }
}

impl From<Bitboard> for Occupancy {
    #[inline]
    fn from(bits: Bitboard) -> Occupancy {
        Occupancy::new(bits)
    }
}

/// Bit of `sq` in the file-major (transposed) occupancy: `file * 10 + rank`.
#[inline]
pub(crate) const fn transposed_bit(sq: Square) -> u128 {
    let i = sq.index();
    1 << ((i % File::COUNT) * Rank::COUNT + i / File::COUNT)
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
const fn file_rank(sq: Square) -> (usize, usize) {
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

/// The number of squares of `free` that a horse on `sq` can move to:
/// `(horse(sq, occupied) & free).count()`, cheaper (for evaluation).
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Board, Color, Square};
/// let board = Board::new();
/// let free = !board.by_color(Color::Red);
/// assert_eq!(attacks::horse_mobility(Square::B0, board.occupied(), free), 2);
/// ```
#[inline]
pub fn horse_mobility(sq: Square, occupied: Bitboard, free: Bitboard) -> u32 {
    let local = &HORSE_LOCAL[sq];
    // Every leg and target lies in the five ranks from `shift / 9`: work on
    // 64-bit words instead of 128-bit ones.
    let occ = (occupied.0 >> local.shift) as u64;
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

/// The squares two horse moves from `sq`, legs ignored: where a horse must
/// stand to reach, in one move, a square from which it attacks `sq`.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::Square;
/// assert!(attacks::horse_two_moves(Square::E0).contains(Square::E4));
/// ```
#[inline]
pub fn horse_two_moves(sq: Square) -> Bitboard {
    Bitboard(HORSE_TWO_MOVES[sq])
}

static HORSE_TWO_MOVES: BySquare<u128> = {
    let mut t = [0u128; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let mut j = 0;
        while j < Square::COUNT {
            let mut k = 0;
            while k < 4 {
                if HORSE_MOVES_RAW[i][k].squares >> j & 1 != 0 {
                    let mut m = 0;
                    while m < 4 {
                        t[i] |= HORSE_MOVES_RAW[j][m].squares;
                        m += 1;
                    }
                }
                k += 1;
            }
            j += 1;
        }
        i += 1;
    }
    BySquare::new(t)
};

/// [`HORSE_MOVES`] in a 45-bit window of five ranks around each square
/// (`legs`: leg and targets, shifted down by `shift` bits).
struct LocalHorse {
    shift: u32,
    legs: [(u64, u64); 4],
}

static HORSE_LOCAL: BySquare<LocalHorse> = {
    const EMPTY: LocalHorse = LocalHorse {
        shift: 0,
        legs: [(0, 0); 4],
    };
    let mut t = [EMPTY; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let rank = i / File::COUNT;
        let low = if rank < 2 {
            0
        } else if rank > 7 {
            5
        } else {
            rank - 2
        };
        let shift = (low * File::COUNT) as u32;
        t[i].shift = shift;
        let mut k = 0;
        while k < 4 {
            let leg = HORSE_MOVES_RAW[i][k];
            t[i].legs[k] = ((leg.leg >> shift) as u64, (leg.squares >> shift) as u64);
            k += 1;
        }
        i += 1;
    }
    BySquare::new(t)
};

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
        Some(s) => 1 << s.index(),
        None => 0,
    }
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// For a horse on each square: its four legs and the targets behind each.
const HORSE_MOVES_RAW: [[Leg; 4]; Square::COUNT] = {
    let mut t = [[NO_LEG; 4]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
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

static HORSE_MOVES: BySquare<[Leg; 4]> = BySquare::new(HORSE_MOVES_RAW);

/// For each square: the four diagonal neighbours (the legs a horse needs to
/// reach it) and the horse squares that attack it through each.
static HORSE_ATTACKERS: BySquare<[Leg; 4]> = {
    let mut t = [[NO_LEG; 4]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
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
    BySquare::new(t)
};

/// A per-color table of `T` per square, from two arrays.
const fn by_color_square<T: Copy>(t: [[T; Square::COUNT]; Color::COUNT]) -> ByColor<BySquare<T>> {
    ByColor::new([BySquare::new(t[0]), BySquare::new(t[1])])
}

/// Elephant eyes and targets, per color (targets stay on the own half).
static ELEPHANT_MOVES: ByColor<BySquare<[Leg; 4]>> = {
    let mut t = [[[NO_LEG; 4]; Square::COUNT]; Color::COUNT];
    let mut c = 0;
    while c < Color::COUNT {
        let color = Color::ALL[c];
        let mut i = 0;
        while i < Square::COUNT {
            let sq = Square::ALL[i];
            let mut k = 0;
            while k < 4 {
                let (dx, dy) = DIAG[k];
                if let Some(target) = sq.offset(2 * dx, 2 * dy) {
                    if target.on_own_half(color) {
                        t[c][i][k] = Leg {
                            leg: bit_at(sq, dx, dy),
                            squares: 1 << target.index(),
                        };
                    }
                }
                k += 1;
            }
            i += 1;
        }
        c += 1;
    }
    by_color_square(t)
};

const fn step_table(diagonal: bool, palace: bool) -> ByColor<BySquare<u128>> {
    let mut t = [[0u128; Square::COUNT]; Color::COUNT];
    let mut c = 0;
    while c < Color::COUNT {
        let color = Color::ALL[c];
        let mut i = 0;
        while i < Square::COUNT {
            let sq = Square::ALL[i];
            let mut k = 0;
            while k < 4 {
                let (dx, dy) = if diagonal { DIAG[k] } else { ORTHO[k] };
                if let Some(to) = sq.offset(dx, dy) {
                    if !palace || to.in_palace(color) {
                        t[c][i] |= 1 << to.index();
                    }
                }
                k += 1;
            }
            i += 1;
        }
        c += 1;
    }
    by_color_square(t)
}

static ADVISOR_MOVES: ByColor<BySquare<u128>> = step_table(true, true);
static GENERAL_MOVES: ByColor<BySquare<u128>> = step_table(false, true);

/// Soldier moves: one step forward, and sideways once across the river.
const SOLDIER_MOVES_RAW: [[u128; Square::COUNT]; Color::COUNT] = {
    let mut t = [[0u128; Square::COUNT]; Color::COUNT];
    let mut c = 0;
    while c < Color::COUNT {
        let color = Color::ALL[c];
        let forward = if c == 0 { 1 } else { -1 };
        let mut i = 0;
        while i < Square::COUNT {
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

static SOLDIER_MOVES: ByColor<BySquare<u128>> = by_color_square(SOLDIER_MOVES_RAW);

/// For each color and square: the squares from which a soldier of that color
/// attacks it (the reverse of `SOLDIER_MOVES`).
static SOLDIER_ATTACKERS: ByColor<BySquare<u128>> = {
    let mut t = [[0u128; Square::COUNT]; Color::COUNT];
    let mut c = 0;
    while c < Color::COUNT {
        let mut from = 0;
        while from < Square::COUNT {
            let mut to = 0;
            while to < Square::COUNT {
                if SOLDIER_MOVES_RAW[c][from] & (1 << to) != 0 {
                    t[c][to] |= 1 << from;
                }
                to += 1;
            }
            from += 1;
        }
        c += 1;
    }
    by_color_square(t)
};

/// Horse attacks from `sq`: the squares two steps on and one aside whose
/// leg (the point next to `sq` on the way) is empty in `occupied`.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Bitboard, Square};
/// assert_eq!(attacks::horse(Square::E4, Bitboard::EMPTY).count(), 8);
/// // A piece on e5 blocks the two moves forward.
/// assert_eq!(attacks::horse(Square::E4, Bitboard::from(Square::E5)).count(), 6);
/// ```
#[inline]
pub fn horse(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut out = 0;
    for leg in &HORSE_MOVES[sq] {
        if occupied.0 & leg.leg == 0 {
            out |= leg.squares;
        }
    }
    Bitboard(out)
}

/// The diagonal neighbours of `sq` with the horse squares attacking `sq`
/// through each (pass-through of the raw table for pin detection).
#[inline]
pub(crate) fn horse_attacker_legs(sq: Square) -> &'static [Leg; 4] {
    &HORSE_ATTACKERS[sq]
}

/// The squares from which a horse attacks `sq` given `occupied` (the
/// reverse of [`horse`]: the leg of such a horse is one of `sq`'s diagonal
/// neighbours, and must be empty).
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Bitboard, Square};
/// let from = attacks::horse_attackers(Square::E0, Bitboard::EMPTY);
/// assert!(from.contains(Square::D2) && from.contains(Square::G1));
/// assert!(attacks::horse(Square::D2, Bitboard::EMPTY).contains(Square::E0));
/// ```
#[inline]
pub fn horse_attackers(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut out = 0;
    for leg in &HORSE_ATTACKERS[sq] {
        if occupied.0 & leg.leg == 0 {
            out |= leg.squares;
        }
    }
    Bitboard(out)
}

/// Elephant attacks of a `color` elephant on `sq`: two diagonal steps,
/// on its own half, whose eye (the point between) is empty in `occupied`.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Bitboard, Color, Square};
/// assert_eq!(attacks::elephant(Color::Red, Square::C0, Bitboard::EMPTY).count(), 2);
/// // Never across the river.
/// assert_eq!(attacks::elephant(Color::Red, Square::C4, Bitboard::EMPTY).count(), 2);
/// ```
#[inline]
pub fn elephant(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let mut out = 0;
    for leg in &ELEPHANT_MOVES[color][sq] {
        if occupied.0 & leg.leg == 0 {
            out |= leg.squares;
        }
    }
    Bitboard(out)
}

/// Advisor attacks: the diagonal steps from `sq` inside `color`'s palace.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Color, Square};
/// assert_eq!(attacks::advisor(Color::Red, Square::E1).count(), 4);
/// assert_eq!(attacks::advisor(Color::Red, Square::D0).count(), 1);
/// ```
#[inline]
pub fn advisor(color: Color, sq: Square) -> Bitboard {
    Bitboard(ADVISOR_MOVES[color][sq])
}

/// General attacks: the orthogonal steps from `sq` inside `color`'s
/// palace. (The generals' facing rule is not an attack table: see
/// [`chariot_file`].)
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Color, Square};
/// assert_eq!(attacks::general(Color::Black, Square::E9).count(), 3);
/// ```
#[inline]
pub fn general(color: Color, sq: Square) -> Bitboard {
    Bitboard(GENERAL_MOVES[color][sq])
}

/// Soldier attacks of a `color` soldier on `sq`: one step forward, and one
/// sideways once across the river.
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Color, Square};
/// assert_eq!(attacks::soldier(Color::Red, Square::E3).count(), 1);
/// assert_eq!(attacks::soldier(Color::Red, Square::E5).count(), 3);
/// ```
#[inline]
pub fn soldier(color: Color, sq: Square) -> Bitboard {
    Bitboard(SOLDIER_MOVES[color][sq])
}

/// The squares from which a `color` soldier attacks `sq` (the reverse of
/// [`soldier`]).
///
/// ```
/// use xiangqi::attacks;
/// use xiangqi::{Color, Square};
/// let from = attacks::soldier_attackers(Color::Red, Square::E6);
/// assert!(from.contains(Square::E5) && from.contains(Square::D6));
/// ```
#[inline]
pub fn soldier_attackers(color: Color, sq: Square) -> Bitboard {
    Bitboard(SOLDIER_ATTACKERS[color][sq])
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
        let (occ, occupancy) = (b.occupied(), b.occupancy());
        assert_eq!(occupancy, Occupancy::new(occ));
        for sq in b.occupied() {
            let own = b.by_color(b.piece_at(sq).unwrap().color);
            assert_eq!(
                chariot_mobility(sq, occupancy, own) as usize,
                (chariot(sq, occupancy) - own).count()
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
        for sq in Square::ALL {
            for leg in &HORSE_ATTACKERS[sq] {
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
        assert_eq!(all.count_ones() as usize, Square::COUNT);
    }
}
