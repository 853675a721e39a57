//! Insufficient material: positions in which neither side can ever give
//! check.

use crate::base::{Board, Role};

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
/// One further case is drawn because it is just as dead: **a lone cannon**,
/// when the only other pieces on the board are the two generals. A cannon
/// captures and checks only over exactly one screen, and the only possible
/// screen is its own general; generals never share a rank, and on a file
/// that general would face the enemy general with nothing between them,
/// which no legal position allows. So the cannon never checks nor captures.
/// Nor can either side be left without a move: the bare general always has
/// a palace neighbour off the other general's file (the cannon attacks
/// nothing, so only the facing rule restricts it), and the cannon always has
/// a move (with three pieces on the board it is never boxed in, and when it
/// stands alone between the generals it can still slide along their file).
/// The enemy general may capture the cannon, which leaves bare generals.
///
/// Other cases are not drawn here, though some engines do: Pikafish also
/// draws some positions with a lone cannon and advisors, after checking that
/// no mate in one exists; these depend on the exact placement and are left
/// to the move limit and to agreement.
///
/// ```
/// use xiangqi::{is_insufficient_material, Position};
/// let bare: Position = "3aka3/9/4b4/9/9/9/9/9/4A4/2B1K4 w".parse().unwrap();
/// assert!(is_insufficient_material(bare.board()));
/// let soldier: Position = "3aka3/9/4b4/9/9/9/4P4/9/4A4/2B1K4 w".parse().unwrap();
/// assert!(!is_insufficient_material(soldier.board()));
/// // A lone cannon and the generals: no screen can ever exist.
/// let cannon: Position = "3k5/9/9/9/4C4/9/9/9/9/4K4 w".parse().unwrap();
/// assert!(is_insufficient_material(cannon.board()));
/// // With an advisor on the board it could become a screen.
/// let screened: Position = "3k1a3/9/9/9/4C4/9/9/9/9/4K4 w".parse().unwrap();
/// assert!(!is_insufficient_material(screened.board()));
/// ```
pub fn is_insufficient_material(board: &Board) -> bool {
    let attackers =
        board.by_role(Role::Chariot) | board.by_role(Role::Horse) | board.by_role(Role::Soldier);
    if attackers.any() {
        return false;
    }
    let cannons = board.by_role(Role::Cannon);
    cannons.is_empty()
        || (!cannons.more_than_one()
            && (board.occupied() - board.by_role(Role::General) - cannons).is_empty())
}
