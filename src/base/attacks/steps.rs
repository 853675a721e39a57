//! Horses, elephants, advisors, generals and soldiers: their move and
//! attacker tables (legs and eyes included) and the lookups over them.

use crate::base::{Bitboard, ByColor, BySquare, Color, File, Square};

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

/// For each square, its four orthogonal (`attackers`: diagonal)
/// neighbours, each a horse leg, and behind each the squares a horse on
/// the square reaches through it (`attackers`: the squares of the horses
/// that reach the square through it).
const fn horse_table(attackers: bool) -> [[Leg; 4]; Square::COUNT] {
    let mut t = [[NO_LEG; 4]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let sq = Square::ALL[i];
        let mut k = 0;
        while k < 4 {
            let (dx, dy) = if attackers { DIAG[k] } else { ORTHO[k] };
            let leg = bit_at(sq, dx, dy);
            if leg != 0 {
                let squares = if attackers {
                    // One step beyond the leg, along either of its two
                    // directions.
                    bit_at(sq, 2 * dx, dy) | bit_at(sq, dx, 2 * dy)
                } else {
                    // Two squares on, one to either side.
                    bit_at(sq, 2 * dx + dy, 2 * dy + dx) | bit_at(sq, 2 * dx - dy, 2 * dy - dx)
                };
                t[i][k] = Leg { leg, squares };
            }
            k += 1;
        }
        i += 1;
    }
    t
}

/// For a horse on each square: its four legs and the targets behind each.
const HORSE_MOVES_RAW: [[Leg; 4]; Square::COUNT] = horse_table(false);

static HORSE_MOVES: BySquare<[Leg; 4]> = BySquare::new(HORSE_MOVES_RAW);

/// For each square: the four diagonal neighbours (the legs a horse needs to
/// reach it) and the horse squares that attack it through each.
pub(super) static HORSE_ATTACKERS: BySquare<[Leg; 4]> = BySquare::new(horse_table(true));

/// Runs `body` for every color (its index `c`, `color`) and every square
/// (its index `i`, `sq`): the loops of the per-color tables, which are
/// built at compile time (no iterators in `const`).
macro_rules! each_color_square {
    (|$c:ident, $color:ident, $i:ident, $sq:ident| $body:block) => {
        let mut $c = 0;
        while $c < Color::COUNT {
            let $color = Color::ALL[$c];
            let mut $i = 0;
            while $i < Square::COUNT {
                let $sq = Square::ALL[$i];
                $body
                $i += 1;
            }
            $c += 1;
        }
    };
}

/// A per-color table of `T` per square, from two arrays.
const fn by_color_square<T: Copy>(t: [[T; Square::COUNT]; Color::COUNT]) -> ByColor<BySquare<T>> {
    ByColor::new([BySquare::new(t[0]), BySquare::new(t[1])])
}

/// Elephant eyes and targets, per color (targets stay on the own half).
static ELEPHANT_MOVES: ByColor<BySquare<[Leg; 4]>> = {
    let mut t = [[[NO_LEG; 4]; Square::COUNT]; Color::COUNT];
    each_color_square!(|c, color, i, sq| {
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
    });
    by_color_square(t)
};

const fn step_table(diagonal: bool, palace: bool) -> ByColor<BySquare<u128>> {
    let mut t = [[0u128; Square::COUNT]; Color::COUNT];
    each_color_square!(|c, color, i, sq| {
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
    });
    by_color_square(t)
}

static ADVISOR_MOVES: ByColor<BySquare<u128>> = step_table(true, true);
static GENERAL_MOVES: ByColor<BySquare<u128>> = step_table(false, true);

/// Soldier moves: one step forward, and sideways once across the river.
const SOLDIER_MOVES_RAW: [[u128; Square::COUNT]; Color::COUNT] = {
    let mut t = [[0u128; Square::COUNT]; Color::COUNT];
    each_color_square!(|c, color, i, sq| {
        let forward = if c == 0 { 1 } else { -1 };
        t[c][i] = bit_at(sq, 0, forward);
        if sq.rank().is_across_river(color) {
            t[c][i] |= bit_at(sq, 1, 0) | bit_at(sq, -1, 0);
        }
    });
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

/// The squares behind the legs (or eyes) of `legs` that are empty in
/// `occupied`: what a horse or an elephant reaches, or the horses that
/// reach a square.
#[inline(always)]
fn reach(legs: &[Leg; 4], occupied: Bitboard) -> Bitboard {
    let mut out = 0;
    for leg in legs {
        if occupied.0 & leg.leg == 0 {
            out |= leg.squares;
        }
    }
    Bitboard(out)
}

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
    reach(&HORSE_MOVES[sq], occupied)
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
    reach(&HORSE_ATTACKERS[sq], occupied)
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
    reach(&ELEPHANT_MOVES[color][sq], occupied)
}

/// The lookups of the per-color step tables: `pub fn name(color, sq)`
/// reads `TABLE[color][sq]`.
macro_rules! color_step_lookups {
    ($($(#[$doc:meta])* $name:ident => $table:ident;)+) => {
        $(
            $(#[$doc])*
            #[inline]
            pub fn $name(color: Color, sq: Square) -> Bitboard {
                Bitboard($table[color][sq])
            }
        )+
    };
}

color_step_lookups! {
    /// Advisor attacks: the diagonal steps from `sq` inside `color`'s palace.
    ///
    /// ```
    /// use xiangqi::attacks;
    /// use xiangqi::{Color, Square};
    /// assert_eq!(attacks::advisor(Color::Red, Square::E1).count(), 4);
    /// assert_eq!(attacks::advisor(Color::Red, Square::D0).count(), 1);
    /// ```
    advisor => ADVISOR_MOVES;

    /// General attacks: the orthogonal steps from `sq` inside `color`'s
    /// palace. (The generals' facing rule is not an attack table: see
    /// [`chariot_file`](super::chariot_file).)
    ///
    /// ```
    /// use xiangqi::attacks;
    /// use xiangqi::{Color, Square};
    /// assert_eq!(attacks::general(Color::Black, Square::E9).count(), 3);
    /// ```
    general => GENERAL_MOVES;

    /// Soldier attacks of a `color` soldier on `sq`: one step forward, and one
    /// sideways once across the river.
    ///
    /// ```
    /// use xiangqi::attacks;
    /// use xiangqi::{Color, Square};
    /// assert_eq!(attacks::soldier(Color::Red, Square::E3).count(), 1);
    /// assert_eq!(attacks::soldier(Color::Red, Square::E5).count(), 3);
    /// ```
    soldier => SOLDIER_MOVES;

    /// The squares from which a `color` soldier attacks `sq` (the reverse of
    /// [`soldier`]).
    ///
    /// ```
    /// use xiangqi::attacks;
    /// use xiangqi::{Color, Square};
    /// let from = attacks::soldier_attackers(Color::Red, Square::E6);
    /// assert!(from.contains(Square::E5) && from.contains(Square::D6));
    /// ```
    soldier_attackers => SOLDIER_ATTACKERS;
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
