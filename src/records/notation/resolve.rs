//! Resolving a descriptive move (WXF, Chinese) against a position: the
//! one legal move it names, or why there is none.

use arrayvec::ArrayVec;

use super::board_columns::{dir_and_target, file_column, file_number};
use super::{
    Candidates, DescriptiveMove, Direction, IllegalReason, MoveError, Origin, ParseOptions, Which,
};
use crate::base::{Color, File, Move, Position, Rank, Role, Square};

/// The square a `color` piece of `role` on `from` would reach by the
/// direction and target of `d`, if it is on the board and the piece moves
/// that way at all.
fn destination(d: &DescriptiveMove, color: Color, role: Role, from: Square) -> Option<Square> {
    let forward = if color == Color::Red { 1 } else { -1 };
    let target_file = || {
        let n = i32::from(d.target);
        let index = if color == Color::Red { 9 - n } else { n - 1 };
        u32::try_from(index).ok().and_then(File::new)
    };
    let (file, rank) = (from.file().index() as i32, from.rank().index() as i32);
    let (to_file, to_rank) = match d.direction {
        Direction::Sideways => (target_file()?.index() as i32, rank),
        Direction::Forward | Direction::Backward => {
            let sign = if d.direction == Direction::Forward {
                forward
            } else {
                -forward
            };
            match role {
                Role::Horse | Role::Advisor | Role::Elephant => {
                    let to_file = target_file()?.index() as i32;
                    let ranks = match (role, (to_file - file).abs()) {
                        (Role::Advisor, 1) | (Role::Horse, 2) => 1,
                        (Role::Elephant, 2) | (Role::Horse, 1) => 2,
                        _ => return None,
                    };
                    (to_file, rank + sign * ranks)
                }
                _ => (file, rank + sign * i32::from(d.target)),
            }
        }
    };
    let to_file = u32::try_from(to_file).ok().and_then(File::new)?;
    let to_rank = u32::try_from(to_rank).ok().and_then(Rank::new)?;
    Some(Square::new(to_file, to_rank))
}

/// The strict reading's objection to `d` with `us` to move, if any.
fn strict_objection(d: &DescriptiveMove, us: Color) -> Option<MoveError> {
    if let (Some(glyph), Some(side)) = (d.glyph, d.glyph_side()) {
        if side != us {
            return Some(MoveError::WrongSideGlyph { glyph, side });
        }
    }
    match d.numerals {
        Some(n) if n.side() != Some(us) => Some(MoveError::WrongSideNumerals {
            numerals: n,
            mover: us,
        }),
        _ => None,
    }
}

/// Finds the unique legal move `d` names in `pos`.
pub(crate) fn descriptive(
    d: &DescriptiveMove,
    pos: &Position,
    options: &ParseOptions,
) -> Result<Move, MoveError> {
    let us = pos.turn();
    if options.strict {
        if let Some(e) = strict_objection(d, us) {
            return Err(e);
        }
    }
    let role = d.role.unwrap_or(Role::Soldier);
    // Each piece of the role has at most one destination that fits the
    // direction and target: test those for legality (no move list).
    let mut found: ArrayVec<(Move, usize, usize), 16> = ArrayVec::new();
    // The first move of a named piece that fits but is illegal; its
    // reason is worked out only if no move is legal.
    let mut illegal: Option<Move> = None;
    let mut named = false;
    let pieces = pos.board().by_color(us) & pos.board().by_role(role);
    for from in pieces {
        let file = file_number(us, from.file());
        let file_fits = match d.origin {
            Origin::File(f) | Origin::Tandem { file: Some(f), .. } => file == f,
            Origin::Tandem { file: None, .. } => true,
        };
        if !file_fits {
            continue;
        }
        let column = file_column(pos, us, role, from.file());
        let idx = column.iter().position(|&s| s == from).unwrap_or(0);
        let n = column.len();
        if let Origin::Tandem { which, .. } = d.origin {
            if !which.matches(idx, n) {
                continue;
            }
        }
        named = true;
        let Some(to) = destination(d, us, role, from) else {
            continue;
        };
        if dir_and_target(us, from, to) != (d.direction, d.target) {
            continue;
        }
        let m = Move::new(from, to);
        if pos.is_legal(m) {
            // At most one entry per piece: never full.
            let _ = found.try_push((m, idx, n));
        } else {
            illegal.get_or_insert(m);
        }
    }
    if found.len() > 1 {
        // A plain file number on a file of three or five soldiers is the
        // middle one (WXF `P3.4`).
        if matches!(d.origin, Origin::File(_)) && role == Role::Soldier {
            let mut mid = found
                .iter()
                .filter(|&&(_, idx, n)| Which::Middle.matches(idx, n));
            if let (Some(only), None) = (mid.next(), mid.next()) {
                return Ok(only.0);
            }
        }
        let mut moves = Candidates::new();
        for &(m, _, _) in &found {
            let _ = moves.try_push(m);
        }
        return Err(MoveError::Ambiguous(moves));
    }
    match (found.first(), illegal) {
        (Some(&(m, _, _)), _) => Ok(m),
        (None, Some(mv)) => Err(MoveError::Illegal {
            mv,
            reason: pos.illegal_reason(mv).unwrap_or(IllegalReason::NotItsMove),
        }),
        (None, None) if !named => Err(MoveError::NoPiece {
            role,
            origin: d.origin,
        }),
        (None, None) => Err(MoveError::NoSuchMove {
            role,
            origin: d.origin,
        }),
    }
}
