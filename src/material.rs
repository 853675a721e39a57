//! Insufficient material: positions in which neither side can ever give
//! check.

use crate::{Board, Role};

/// Whether neither side has a piece that can ever attack the enemy general:
/// no chariot, horse, cannon or soldier is left.
///
/// Generals, advisors and elephants never leave their own palace or half,
/// and a general may never face the other (that would be an illegal
/// position), so no check, hence no checkmate, is possible any more; no
/// capture is possible either (advisors and elephants of the two sides can
/// never meet, and a general cannot reach an enemy piece), so the position
/// stays like this forever. The only way left to lose is for a side to wall
/// its own general in with its own advisors until it has no legal move
/// (a stalemate, which loses): that needs that side's own cooperation.
/// [`Game`](crate::Game) checks for a side without legal moves first, so
/// such a self-inflicted stalemate is still scored as a loss.
///
/// Further cases are not drawn here, though some engines do: Pikafish also
/// draws some positions with a lone cannon and no advisors, after checking
/// that no mate in one exists; these depend on the exact placement and are
/// left to the move limit and to agreement.
///
/// ```
/// use xiangqi::{is_insufficient_material, Position};
/// let bare: Position = "3aka3/9/4b4/9/9/9/9/9/4A4/2B1K4 w".parse().unwrap();
/// assert!(is_insufficient_material(bare.board()));
/// let soldier: Position = "3aka3/9/4b4/9/9/9/4P4/9/4A4/2B1K4 w".parse().unwrap();
/// assert!(!is_insufficient_material(soldier.board()));
/// ```
pub fn is_insufficient_material(board: &Board) -> bool {
    (board.by_role(Role::Chariot)
        | board.by_role(Role::Horse)
        | board.by_role(Role::Cannon)
        | board.by_role(Role::Soldier))
    .is_empty()
}
