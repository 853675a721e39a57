//! The board as the descriptive notations (WXF, Chinese) see it: files
//! numbered from the mover's right, the column of one side's pieces of a
//! role on a file, a move's direction and target, and the tests that
//! decide how two or more pieces on a file are told apart.

use arrayvec::ArrayVec;

use super::Direction;
use crate::base::{Bitboard, Color, File, Position, Rank, Role, Square};

/// The traditional file number (1..=9, from `color`'s right) of `file`.
pub(crate) fn file_number(color: Color, file: File) -> u8 {
    match color {
        Color::Red => 9 - file.index() as u8,
        Color::Black => file.index() as u8 + 1,
    }
}

/// How far a rank is from `color`'s back rank.
fn rel_rank(color: Color, rank: Rank) -> i32 {
    rank.relative_to(color).index() as i32
}

/// The direction and the last element (steps or destination file number)
/// of a move of a `color` piece, whatever its role.
pub(crate) fn dir_and_target(color: Color, from: Square, to: Square) -> (Direction, u8) {
    let (rf, rt) = (rel_rank(color, from.rank()), rel_rank(color, to.rank()));
    let dir = match rt.cmp(&rf) {
        core::cmp::Ordering::Greater => Direction::Forward,
        core::cmp::Ordering::Less => Direction::Backward,
        core::cmp::Ordering::Equal => Direction::Sideways,
    };
    let target = if from.file() == to.file() {
        (rt - rf).unsigned_abs() as u8
    } else {
        file_number(color, to.file())
    };
    (dir, target)
}

/// The pieces of `color` and `role` on one file, most advanced first.
pub(crate) type Column = ArrayVec<Square, 10>;

/// The pieces of `color` and `role` on `file`, most advanced first.
pub(crate) fn file_column(pos: &Position, color: Color, role: Role, file: File) -> Column {
    let pieces = pos.board().by_color(color) & pos.board().by_role(role) & Bitboard::file(file);
    let mut v: Column = pieces.into_iter().collect();
    v.sort_unstable_by_key(|sq| core::cmp::Reverse(rel_rank(color, sq.rank())));
    v
}

/// Fairy-Stockfish's test for telling two pieces on a file apart by
/// `+`/`-` (前/后): would the other piece on the file, moved by the same
/// vector, land on the board inside its role's region? For advisors and
/// elephants of a legal game it never does, so their file is kept
/// (`A6+5`, `仕六进五`).
pub(crate) fn other_shift_ok(
    color: Color,
    role: Role,
    other: Square,
    from: Square,
    to: Square,
) -> bool {
    let r = other.rank().index() as i32 + to.rank().index() as i32 - from.rank().index() as i32;
    let Some(rank) = (0..10).contains(&r).then(|| Rank::new(r as u32)).flatten() else {
        return false;
    };
    let sq = Square::new(to.file(), rank);
    match role {
        Role::Advisor | Role::General => sq.in_palace(color),
        Role::Elephant => sq.on_own_half(color),
        _ => true,
    }
}

/// Whether two or more files hold two or more pieces of `color` and `role`.
pub(crate) fn multi_tandem(pos: &Position, color: Color, role: Role) -> bool {
    let pieces = pos.board().by_color(color) & pos.board().by_role(role);
    File::ALL
        .iter()
        .filter(|&&f| (pieces & Bitboard::file(f)).more_than_one())
        .count()
        >= 2
}
