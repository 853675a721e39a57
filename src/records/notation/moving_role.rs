//! The first check of every move writer: is the move legal, and which
//! piece moves.

use crate::base::{Move, PlayError, Position, Role};

/// The role of the moving piece if `m` is legal in `pos`, else the error.
pub(crate) fn check_legal(pos: &Position, m: Move) -> Result<Role, PlayError> {
    match pos.board().piece_at(m.from()) {
        Some(p) if pos.is_legal(m) => Ok(p.role),
        _ => Err(PlayError::new(pos, m)),
    }
}
